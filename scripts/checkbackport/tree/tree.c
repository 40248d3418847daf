// SPDX-License-Identifier: GPL-2.0
/*
 * Opening a target tree: checking that it is a kernel source, finding
 * the distribution's configuration for its version, and bringing the
 * scratch copy that patches are applied to up to date, in the tree's
 * cache entry:
 *
 *   CACHE/trees/linux-VERSION-HASH/	(HASH: of the tree's path)
 *	.lock		held by the run using the entry (flock)
 *	src/		the scratch copy: hard links to the tree's files
 *			(tree-copy.c)
 *	obj-KEY/	a build directory (tree-build.c), one per config
 *	patched		files some run replaced in src/
 *
 * The scratch copy is brought in step with the tree at every run, so it
 * always is the tree as it is now.  Files a run patches are new files in
 * it (GNU patch writes a new file and renames it over the link), so the
 * tree's own files are never written.  A patched file is newer than the
 * objects built from it; once the copy links the tree's older file
 * again, make would not rebuild those objects, so every file that
 * "patched" names is put in as a fresh copy, which is newer than
 * anything built from the patched one.
 *
 * Also the one place that runs programs (tree_run()), for tree*.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tree-priv.h"

/**
 * tree_run() - run a program and collect what it prints
 * @dir: the directory to run it in, or NULL
 * @argv: the program and its arguments
 * @out: if not NULL, its standard output and error, as one string
 *
 * The program runs in the C locale, with standard input closed and
 * without the make and kbuild variables of our own environment (a make
 * that runs checkbackport must not hand its jobserver or output
 * directory to the kernel's).
 *
 * Return: its exit status (128 + N when killed by signal N), or -1 with
 * the error recorded if it could not be run.
 */
int tree_run(const char *dir, const char *const argv[], char **out)
{
	static const char * const unset[] = {
		"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES",
		"KBUILD_OUTPUT", "KBUILD_EXTMOD", "M", "O", "W", "C",
		"LANGUAGE",
	};
	size_t len = 0, alloc = 0, i;
	char *buf = NULL;
	int fd[2], status;
	pid_t pid;

	if (pipe(fd))
		return cbp_error("cannot run %s: %s", argv[0], strerror(errno));
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return cbp_error("cannot run %s: %s", argv[0], strerror(errno));
	}
	if (!pid) {
		int null = open("/dev/null", O_RDONLY);

		if (null >= 0)
			dup2(null, 0);
		dup2(fd[1], 1);
		dup2(fd[1], 2);
		close(fd[0]);
		close(fd[1]);
		for (i = 0; i < ARRAY_SIZE(unset); i++)
			unsetenv(unset[i]);
		/* kbuild unexports LC_ALL: the compiler reads these. */
		setenv("LC_ALL", "C", 1);
		setenv("LANG", "C", 1);
		setenv("LC_CTYPE", "C", 1);
		setenv("LC_MESSAGES", "C", 1);
		if (dir && chdir(dir)) {
			fprintf(stderr, "cannot enter %s: %s\n", dir,
				strerror(errno));
			_exit(127);
		}
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		ssize_t n;

		buf = cbp_grow(buf, 1, len + 65536 + 1, &alloc);
		n = read(fd[0], buf + len, 65536);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	close(fd[0]);
	buf[len] = '\0';
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			free(buf);
			return cbp_error("waiting for %s: %s", argv[0],
					 strerror(errno));
		}
	if (out)
		*out = buf;
	else
		free(buf);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/*
 * The largest file of a tree the tool reads.  The biggest source file of
 * Linux 6.12 (an AMD register header, dcn_3_2_0_sh_mask.h) is 23 MB; a
 * "file" beyond this is not source, and reading it whole would only
 * exhaust memory.
 */
#define TREE_READ_MAX	(64UL << 20)

/**
 * tree_read_at() - read a whole regular file of bounded size
 * @dfd: the directory @name is relative to (AT_FDCWD for the cwd)
 * @name: the file
 * @flags: O_NOFOLLOW to refuse a symbolic link, else 0
 * @len: if not NULL, its length
 * @mode: if not NULL, its permission bits
 *
 * The file is opened without blocking, so a FIFO cannot hang the run,
 * and refused unless it is a regular file (a device such as /dev/zero
 * would be read until memory runs out) of at most TREE_READ_MAX bytes.
 *
 * Return: its contents, NUL-terminated, or NULL with errno set (EINVAL:
 * not a regular file, EFBIG: too large).
 */
char *tree_read_at(int dfd, const char *name, int flags, size_t *len,
		   mode_t *mode)
{
	int fd = openat(dfd, name, O_RDONLY | O_NONBLOCK | O_NOCTTY |
			O_CLOEXEC | flags);
	size_t n = 0, alloc = 0;
	char *buf = NULL;
	struct stat st;
	int err = 0;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st))
		err = errno;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	else if ((unsigned long long)st.st_size > TREE_READ_MAX)
		err = EFBIG;
	while (!err) {
		ssize_t got;

		buf = cbp_grow(buf, 1, n + 65536 + 1, &alloc);
		got = read(fd, buf + n, 65536);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			err = errno;
		if (got <= 0)
			break;
		n += got;
		if (n > TREE_READ_MAX)	/* it grows as we read */
			err = EFBIG;
	}
	close(fd);
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf = cbp_grow(buf, 1, n + 1, &alloc);
	buf[n] = '\0';
	if (len)
		*len = n;
	if (mode)
		*mode = st.st_mode & 07777;
	return buf;
}

/**
 * tree_read() - read a whole regular file of bounded size
 * @path: the file
 * @len: if not NULL, its length
 *
 * As tree_read_at(), following symbolic links.
 *
 * Return: its contents, NUL-terminated, or NULL with errno set.
 */
char *tree_read(const char *path, size_t *len)
{
	return tree_read_at(AT_FDCWD, path, 0, len, NULL);
}

/**
 * tree_open_dir() - open a directory below another, following no link
 * @dfd: the directory to start from
 * @rel: the path below it, "" for @dfd itself
 *
 * Every component of @rel must be a directory itself, not a symbolic
 * link to one: what is opened is inside @dfd whatever the links say.
 *
 * Return: a descriptor of the directory, or -1 with errno set (ELOOP or
 * ENOTDIR when a component is a link or not a directory).
 */
int tree_open_dir(int dfd, const char *rel)
{
	char *p = cbp_strdup(rel), *s, *save = NULL;
	int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	for (s = strtok_r(p, "/", &save); s && fd >= 0;
	     s = strtok_r(NULL, "/", &save)) {
		int next;

		if (!strcmp(s, "..")) {
			errno = EPERM;
			next = -1;
		} else {
			next = openat(fd, s, O_RDONLY | O_DIRECTORY |
				      O_NOFOLLOW | O_CLOEXEC);
		}
		close(fd);
		fd = next;
	}
	free(p);
	return fd;
}

/**
 * tree_write_at() - write a file as a new file renamed into place
 * @dfd: the directory of the file
 * @name: its name in @dfd, no slash
 * @text: its contents
 * @len: their length
 * @mode: its permission bits, or TREE_MODE_UMASK for 0666 less the umask
 *
 * The text goes to a file this call creates (O_EXCL | O_NOFOLLOW under a
 * name no one else uses), which is then renamed over @name: a hard link
 * or a symbolic link that was @name is replaced, never written through,
 * and whatever had the temporary's name is left alone.
 *
 * Return: 0, or -1 with the error recorded.
 */
int tree_write_at(int dfd, const char *name, const char *text, size_t len,
		  mode_t mode)
{
	static unsigned int seq;
	char *tmp = NULL;
	int fd = -1, tries, rc = 0;
	size_t done = 0;

	if (strchr(name, '/'))
		return cbp_error("cannot write %s: not a file name", name);
	for (tries = 0; fd < 0 && tries < 100; tries++) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		free(tmp);
		tmp = cbp_strf(".%.200s.cbp-%ld-%u-%lx", name, (long)getpid(),
			       seq++, (unsigned long)ts.tv_nsec);
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			    O_CLOEXEC, mode == TREE_MODE_UMASK ? 0666 : 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		rc = cbp_error("cannot write %s: %s", name, strerror(errno));
		free(tmp);
		return rc;
	}
	while (done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			rc = -1;
			break;
		}
		done += n;
	}
	if (!rc && mode != TREE_MODE_UMASK && fchmod(fd, mode & 07777))
		rc = -1;
	if (close(fd))
		rc = -1;
	if (!rc && renameat(dfd, tmp, dfd, name))
		rc = -1;
	if (rc) {
		rc = cbp_error("cannot write %s: %s", name, strerror(errno));
		unlinkat(dfd, tmp, 0);
	}
	free(tmp);
	return rc;
}

/**
 * tree_write() - write a file of the cache as a new file renamed into place
 * @path: the file, in a directory the tool made (its last component is
 *	  not followed if it is a symbolic link)
 * @text: its contents
 * @len: their length
 *
 * See tree_write_at().
 *
 * Return: 0, or -1 with the error recorded.
 */
int tree_write(const char *path, const char *text, size_t len)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? cbp_strndup(path, slash - path) : cbp_strdup(".");
	int dfd, rc;

	dfd = open(*dir ? dir : "/", O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		   O_CLOEXEC);
	if (dfd < 0) {
		rc = cbp_error("cannot write %s: %s", path, strerror(errno));
	} else {
		rc = tree_write_at(dfd, slash ? slash + 1 : path, text, len,
				   TREE_MODE_UMASK);
		close(dfd);
	}
	free(dir);
	return rc;
}

/**
 * tree_hash() - a short name for a cache key
 * @s: the key's text
 * @len: its length
 *
 * 64-bit FNV-1a: cache keys need no more than telling entries apart.
 *
 * Return: 12 hex digits; free() them.
 */
char *tree_hash(const char *s, size_t len)
{
	unsigned long long h = cbp_fnv(CBP_FNV_OFFSET, s, len);

	return cbp_strf("%012llx", h & 0xffffffffffffULL);
}

/**
 * tree_strv_has() - whether a list of strings holds one
 * @v: the list
 * @nr: its length
 * @s: the string
 *
 * Return: non-zero if it does.
 */
int tree_strv_has(char *const *v, size_t nr, const char *s)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!strcmp(v[i], s))
			return 1;
	return 0;
}

/**
 * tree_strv_add() - add a string to a list unless it is there
 * @v: the list
 * @nr: its length
 * @s: the string, copied
 */
void tree_strv_add(char ***v, size_t *nr, const char *s)
{
	if (tree_strv_has(*v, *nr, s))
		return;
	*v = cbp_realloc(*v, (*nr + 1) * sizeof(**v));
	(*v)[(*nr)++] = cbp_strdup(s);
}

/**
 * tree_strv_free() - free a list of strings
 * @v: the list
 * @nr: its length
 */
void tree_strv_free(char **v, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(v[i]);
	free(v);
}

/**
 * tree_has_file() - whether the scratch copy has a regular file
 * @t: the tree
 * @rel: its path in the tree
 *
 * Return: non-zero if it does.
 */
int tree_has_file(const struct cbp_tree *t, const char *rel)
{
	char *p = cbp_strf("%s/%s", t->src, rel);
	struct stat st;
	int rc = !stat(p, &st) && S_ISREG(st.st_mode);

	free(p);
	return rc;
}

/**
 * tree_patched() - record that a run replaced a file of the scratch copy
 * @t: the tree
 * @path: the file, relative to the tree
 */
void tree_patched(struct cbp_tree *t, const char *path)
{
	if (tree_strv_has(t->patched, t->nr_patched, path))
		return;
	t->patched = cbp_grow(t->patched, sizeof(*t->patched),
			      t->nr_patched + 1, &t->alloc_patched);
	t->patched[t->nr_patched++] = cbp_strdup(path);
}

/* The value of "NAME = value" in the top Makefile's text, or -1. */
static long makefile_number(const char *mk, const char *name)
{
	size_t n = strlen(name);
	const char *s;

	for (s = mk; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		const char *v = s + n;

		if (strncmp(s, name, n) || (*v != ' ' && *v != '='))
			continue;
		v += strspn(v, " \t");
		if (*v++ != '=')
			continue;
		v += strspn(v, " \t");
		if (*v < '0' || *v > '9')
			return *v == '\n' ? 0 : -1;
		return strtol(v, NULL, 10);
	}
	return -1;
}

/*
 * The kernel version of the tree in @dir, or NULL if it is not one (then
 * @why says what is wrong with its Makefile, if anything).
 */
static char *tree_version(const char *dir, const char **why)
{
	char *p = cbp_strf("%s/Makefile", dir), *mk, *v = NULL;
	long a, b, c;
	struct stat st;

	mk = tree_read(p, NULL);
	if (!mk && (errno == EINVAL || errno == EFBIG))
		*why = errno == EINVAL ? "its Makefile is not a regular file" :
		       "its Makefile is too large to be one";
	free(p);
	if (!mk)
		return NULL;
	a = makefile_number(mk, "VERSION");
	b = makefile_number(mk, "PATCHLEVEL");
	c = makefile_number(mk, "SUBLEVEL");
	p = cbp_strf("%s/scripts/Makefile.build", dir);
	if (a > 0 && b >= 0 && c >= 0 && !stat(p, &st))
		v = cbp_strf("%ld.%ld.%ld", a, b, c);
	free(p);
	free(mk);
	return v;
}

/* 6.12.118 -> 6012118, for ordering; -1 if not a version. */
static long version_number(const char *v)
{
	int a, b, c = 0;

	if (sscanf(v, "%d.%d.%d", &a, &b, &c) < 2)
		return -1;
	return a * 1000000L + b * 1000L + c;
}

/* The version in a config's path: ".../linux-headers-6.12.118+deb12-..." */
static const char *version_in(const char *path)
{
	const char *v;

	for (v = path; (v = strpbrk(v, "0123456789")); v++)
		if (v > path && v[-1] == '-' && version_number(v) > 0)
			return v;
	return NULL;
}

/*
 * Where a Debian machine has amd64 configurations of version @ver (a
 * version, or a glob such as "6.12.*"), as glob patterns: the headers
 * packages, /boot, and drm-fixport's cache of other versions' headers.
 */
static void config_globs(const char *ver, char *pat[3])
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *cache = xdg && *xdg ? cbp_strdup(xdg) :
		      cbp_strf("%s/.cache", home ? home : "/root");

	pat[0] = cbp_strf("/usr/src/linux-headers-%s[+-]*amd64/.config", ver);
	pat[1] = cbp_strf("/boot/config-%s[+-]*amd64", ver);
	pat[2] = cbp_strf("%s/drm-fixport/headers/%s/usr/src/linux-headers-*amd64/.config",
			  cache, ver);
	free(cache);
}

static int flavour_ok(const char *path)
{
	return !strstr(path, "-rt-") && !strstr(path, "-cloud-");
}

/*
 * The distribution's configuration for @ver: its own, else the newest of
 * the same series the machine has (with a note).
 */
static char *find_config(const char *ver)
{
	long want = version_number(ver), best_n = -1;
	char *pat[3], *best = NULL, *series;
	const char *dot;
	size_t i, k;
	glob_t g;

	dot = strchr(ver, '.');
	dot = dot ? strchr(dot + 1, '.') : NULL;
	series = cbp_strf("%.*s.*", dot ? (int)(dot - ver) : (int)strlen(ver),
			  ver);
	for (int pass = 0; pass < 2 && !best; pass++) {
		config_globs(pass ? series : ver, pat);
		for (i = 0; i < 3; i++) {
			if (!glob(pat[i], 0, NULL, &g)) {
				for (k = 0; k < g.gl_pathc; k++) {
					const char *v = version_in(g.gl_pathv[k]);
					long n = v ? version_number(v) : -1;

					if (!flavour_ok(g.gl_pathv[k]) || n < 0 ||
					    n <= best_n)
						continue;
					best_n = n;
					free(best);
					best = cbp_strdup(g.gl_pathv[k]);
				}
				globfree(&g);
			}
			free(pat[i]);
		}
	}
	if (best && best_n != want)
		cbp_note("no configuration of Linux %s on this machine; using %s, %s %.*s series",
			 ver, best, "the newest of the", (int)strlen(series) - 2,
			 series);
	free(series);
	return best;
}

/* Whether @prog is a program in $PATH. */
static int in_path(const char *prog)
{
	const char *path = getenv("PATH"), *s, *e;
	int found = 0;

	for (s = path; s && *s && !found; s = *e ? e + 1 : e) {
		char *p;

		e = strchrnul(s, ':');
		p = cbp_strf("%.*s/%s", (int)(e - s), s, prog);
		found = !access(p, X_OK);
		free(p);
	}
	return found;
}

/* The cache directory: --cache, $CHECKBACKPORT_CACHE, or the default. */
static char *cache_dir(const char *opt)
{
	const char *env = getenv("CHECKBACKPORT_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (opt && *opt)
		return cbp_strdup(opt);
	if (env && *env)
		return cbp_strdup(env);
	if (xdg && *xdg)
		return cbp_strf("%s/drm-fixport/checkbackport", xdg);
	return cbp_strf("%s/.cache/drm-fixport/checkbackport",
			home && *home ? home : "/tmp");
}

static int mkdirs(const char *path)
{
	char *p = cbp_strdup(path), *s;
	int rc = 0;

	for (s = strchr(p + 1, '/'); !rc; s = strchr(s + 1, '/')) {
		if (s)
			*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			rc = cbp_error("cannot create %s: %s", p,
				       strerror(errno));
		if (!s)
			break;
		*s = '/';
	}
	free(p);
	return rc;
}

/*
 * A fresh copy of @rel, a file an earlier run patched, in the scratch
 * copy.  Reached from the copy's own directory without following any
 * link: once the tree has a link where the file's directory was, the
 * copy has the link too, and the file it leads to is the tree's (or
 * anyone's), not ours; it is left alone.
 */
static int refresh_one(int src, const char *rel)
{
	const char *slash = strrchr(rel, '/');
	char *dir = slash ? cbp_strndup(rel, slash - rel) : cbp_strdup("");
	const char *name = slash ? slash + 1 : rel;
	int dfd = tree_open_dir(src, dir), rc = 0;
	char *text = NULL;
	size_t len;
	mode_t mode;

	free(dir);
	if (dfd < 0)
		return 0;
	text = tree_read_at(dfd, name, O_NOFOLLOW, &len, &mode);
	if (text)
		rc = tree_write_at(dfd, name, text, len, mode);
	free(text);
	close(dfd);
	return rc;
}

/* Fresh copies of the files earlier runs patched (see the top). */
static int refresh_patched(struct cbp_tree *t)
{
	char *path = cbp_strf("%s/patched", t->entry), *list, *s, *eol;
	int rc = 0, src;

	list = tree_read(path, NULL);
	free(path);
	if (!list)
		return 0;
	src = open(t->src, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (src < 0) {
		free(list);
		return cbp_error("cannot open %s: %s", t->src, strerror(errno));
	}
	for (s = list; s && *s && !rc; s = eol ? eol + 1 : NULL) {
		eol = strchr(s, '\n');
		if (eol)
			*eol = '\0';
		if (!*s || strstr(s, "..") || *s == '/')
			continue;
		tree_patched(t, s);
		rc = refresh_one(src, s);
	}
	close(src);
	free(list);
	return rc;
}

/*
 * Whether @path, which need not exist yet, is at or below the directory
 * @top (by device and inode, whatever links either path goes through):
 * the longest part of @path that exists and each directory above it,
 * by "..", are compared with @top.
 */
static int is_below(const char *path, const struct stat *top)
{
	char *p = cbp_strdup(path), *slash;
	struct stat st, up;
	int fd, below = 0;

	for (;;) {
		fd = open(*p ? p : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		slash = strrchr(p, '/');
		if (fd >= 0 || !slash)
			break;
		*slash = '\0';
	}
	free(p);
	if (fd < 0)
		return 0;
	while (!below && !fstat(fd, &st)) {
		int parent;

		if (st.st_dev == top->st_dev && st.st_ino == top->st_ino)
			below = 1;
		parent = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		close(fd);
		fd = parent;
		if (fd < 0 || fstat(fd, &up) ||
		    (up.st_dev == st.st_dev && up.st_ino == st.st_ino))
			break;
	}
	if (fd >= 0)
		close(fd);
	return below;
}

static int lock_entry(struct cbp_tree *t)
{
	char *p = cbp_strf("%s/.lock", t->entry);

	t->lock_fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	free(p);
	if (t->lock_fd < 0)
		return cbp_error("cannot lock %s: %s", t->entry,
				 strerror(errno));
	if (!flock(t->lock_fd, LOCK_EX | LOCK_NB))
		return 0;
	cbp_note("waiting for another checkbackport run on %s", t->info.dir);
	if (flock(t->lock_fd, LOCK_EX))
		return cbp_error("cannot lock %s: %s", t->entry,
				 strerror(errno));
	return 0;
}

/**
 * cbp_tree_open() - open a target tree and make its scratch copy
 * @out: the tree
 * @o: the options
 *
 * Holds the tree's cache entry until cbp_tree_close(): other runs on the
 * same tree wait.
 *
 * Return: 0, or -1 with the error recorded (not a kernel tree, no
 * configuration for it, the cache not writable).
 */
int cbp_tree_open(struct cbp_tree **out, const struct cbp_tree_opts *o)
{
	struct cbp_tree *t = cbp_calloc(1, sizeof(*t));
	char real[PATH_MAX], *cache, *key, *p;
	const char *why = NULL;
	struct stat st;
	long n;

	*out = NULL;
	t->lock_fd = -1;
	t->build = o->build;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	t->jobs = n > 0 ? (int)n : 1;
	if (!realpath(o->dir, real) || stat(real, &st) || !S_ISDIR(st.st_mode)) {
		cbp_error("--tree %s: %s", o->dir,
			  errno ? strerror(errno) : "not a directory");
		goto fail;
	}
	t->info.dir = cbp_strdup(real);
	t->info.version = tree_version(real, &why);
	if (!t->info.version) {
		cbp_error("--tree %s is not a kernel source tree (%s)", o->dir,
			  why ? why :
			  "no top Makefile with VERSION, PATCHLEVEL and SUBLEVEL, or no scripts/Makefile.build");
		goto fail;
	}
	p = cbp_strf("%s/.git", real);
	t->info.git = !access(p, F_OK);
	free(p);
	if (o->config)
		t->info.config = cbp_strdup(o->config);
	else if (t->build)
		t->info.config = find_config(t->info.version);
	if (t->build && !t->info.config) {
		char *pat[3];

		/* Name every place looked at: the cache's depends on HOME. */
		config_globs(t->info.version, pat);
		cbp_error("no kernel configuration for Linux %s here (looked at %s, %s and %s): %s",
			  t->info.version, pat[0], pat[1], pat[2],
			  "install its linux-headers package or pass --config FILE");
		for (int i = 0; i < 3; i++)
			free(pat[i]);
		goto fail;
	}
	if (t->build) {
		t->base_config = tree_read(t->info.config, NULL);
		if (!t->base_config) {
			cbp_error("--config %s: %s", t->info.config,
				  strerror(errno));
			goto fail;
		}
	}
	t->sparse = in_path("sparse");

	cache = cache_dir(o->cache);
	key = tree_hash(real, strlen(real));
	t->entry = cbp_strf("%s/trees/linux-%s-%s", cache, t->info.version, key);
	free(key);
	free(cache);
	t->src = cbp_strf("%s/src", t->entry);
	/* The copy would be copied into itself. */
	if (is_below(t->entry, &st)) {
		cbp_error("the cache %s is inside the tree %s: %s", t->entry,
			  real, "set CHECKBACKPORT_CACHE elsewhere");
		goto fail;
	}
	t->obj = cbp_strdup("");
	t->info.objdir = cbp_strdup("");
	if (mkdirs(t->entry) || lock_entry(t) || tree_sync(t) ||
	    refresh_patched(t))
		goto fail;
	*out = t;
	return 0;
fail:
	cbp_tree_close(t);
	return -1;
}

/* Record the files this run patched, for the next run (see the top). */
static void save_patched(struct cbp_tree *t)
{
	size_t len = 0, i;
	char *text, *path;

	if (!t->nr_patched || !t->entry)
		return;
	for (i = 0; i < t->nr_patched; i++)
		len += strlen(t->patched[i]) + 1;
	text = cbp_malloc(len + 1);
	len = 0;
	for (i = 0; i < t->nr_patched; i++)
		len += sprintf(text + len, "%s\n", t->patched[i]);
	path = cbp_strf("%s/patched", t->entry);
	if (tree_write(path, text, len))
		cbp_note("%s", cbp_errmsg());
	free(path);
	free(text);
}

/**
 * cbp_tree_close() - release a target tree and its cache entry
 * @t: the tree, or NULL
 */
void cbp_tree_close(struct cbp_tree *t)
{
	if (!t)
		return;
	save_patched(t);
	if (t->lock_fd >= 0)
		close(t->lock_fd);
	free(t->info.dir);
	free(t->info.version);
	free(t->info.config);
	free(t->info.objdir);
	tree_strv_free(t->info.enabled, t->info.nr_enabled);
	tree_strv_free(t->info.unmet, t->info.nr_unmet);
	tree_strv_free(t->patched, t->nr_patched);
	free(t->base_config);
	free(t->src);
	free(t->entry);
	free(t->obj);
	free(t);
}

/**
 * cbp_tree_info() - what the report says of a tree
 * @t: the tree
 *
 * Return: its description, valid until cbp_tree_close().
 */
const struct cbp_tree_info *cbp_tree_info(const struct cbp_tree *t)
{
	return &t->info;
}

/**
 * cbp_tree_lines() - lines of a file of the scratch copy, for people
 * @t: the tree
 * @path: the file, relative to the tree
 * @from: the first line, 1-based
 * @n: how many
 * @prefix: put before each
 * @expect: if not NULL, the @n lines expected there: a line that is not
 *	    the one expected is marked with "!"
 *
 * Return: the lines as "PREFIX ! NNN | text\n", or a line saying the
 * file ends before @from; free() it.  NULL if the file cannot be read.
 */
char *cbp_tree_lines(struct cbp_tree *t, const char *path, unsigned int from,
		     unsigned int n, const char *prefix,
		     const char *const *expect)
{
	char *file = cbp_strf("%s/%s", t->src, path), *text, *s, *out;
	size_t len = 0, alloc = 0;
	unsigned int line = 1;

	text = tree_read(file, NULL);
	free(file);
	if (!text)
		return NULL;
	out = cbp_strdup("");
	for (s = text; *s && line < from + n; line++) {
		char *eol = strchr(s, '\n'), *l;
		size_t k;

		if (line >= from) {
			int w = eol ? (int)(eol - s) : (int)strlen(s);
			const char *want = expect ? expect[line - from] : NULL;
			int differs = want && ((int)strlen(want) != w ||
					       memcmp(want, s, w));

			l = cbp_strf("%s%c%5u | %.*s\n", prefix,
				     differs ? '!' : ' ', line, w, s);
			k = strlen(l);
			out = cbp_grow(out, 1, len + k + 1, &alloc);
			memcpy(out + len, l, k + 1);
			len += k;
			free(l);
		}
		if (!eol)
			break;
		s = eol + 1;
	}
	free(text);
	if (!len) {
		free(out);
		out = cbp_strf("%s(the file has %u lines)\n", prefix,
			       line - 1);
	}
	return out;
}
