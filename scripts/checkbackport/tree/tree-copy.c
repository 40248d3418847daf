// SPDX-License-Identifier: GPL-2.0
/*
 * The scratch copy of a target tree, kept in step with it: every regular
 * file a hard link to the tree's, every directory and symbolic link made
 * again.  A run walks both trees once, directory by directory, and joins
 * their entries by name: an entry whose inode (from the directory entry
 * itself, no stat needed) is the tree's is left alone; anything else is
 * replaced, and what the tree no longer has is removed.  So a file a
 * patch replaced in the copy, a file the tree's owner changed, and a new
 * or deleted file are all put right, and a kernel tree of 90,000 files
 * costs a few thousand getdents() calls when nothing changed, rather than
 * 90,000 links made and removed.
 *
 * When the cache is on another file system than the tree, files are
 * copied instead (with their times) and compared by size and time.
 *
 * Left out of the copy: the tree's .git, and the output of an in-tree
 * build that would make kbuild refuse to build the copy elsewhere
 * (.config, include/config, include/generated, arch/ * /include/generated).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tree-priv.h"

/**
 * struct ent - one directory entry
 * @name: its name
 * @ino: its inode
 * @type: its d_type
 */
struct ent {
	char *name;
	ino_t ino;
	unsigned char type;
};

/**
 * struct sync - a walk of the tree and its copy
 * @copy: the copy is on another file system: copy files, not link them
 * @in_tree_build: the tree has the output of an in-tree build
 * @changed: entries made or replaced
 * @removed: entries removed
 */
struct sync {
	int copy;
	int in_tree_build;
	unsigned long changed;
	unsigned long removed;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct ent *)a)->name,
		      ((const struct ent *)b)->name);
}

/* The entries of directory @fd (which is consumed), sorted by name. */
static struct ent *read_dir(int fd, size_t *nr)
{
	DIR *d = fdopendir(fd);
	struct ent *e = NULL;
	size_t alloc = 0;
	struct dirent *de;

	*nr = 0;
	if (!d) {
		close(fd);
		return NULL;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		e = cbp_grow(e, sizeof(*e), *nr + 1, &alloc);
		e[*nr].name = cbp_strdup(de->d_name);
		e[*nr].ino = de->d_ino;
		e[*nr].type = de->d_type;
		(*nr)++;
	}
	closedir(d);
	if (*nr)
		qsort(e, *nr, sizeof(*e), by_name);
	return e;
}

static void free_ents(struct ent *e, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(e[i].name);
	free(e);
}

/* The d_type of @e, asking the file system when the entry does not say. */
static unsigned char type_of(int dfd, const struct ent *e)
{
	struct stat st;

	if (e->type != DT_UNKNOWN)
		return e->type;
	if (fstatat(dfd, e->name, &st, AT_SYMLINK_NOFOLLOW))
		return DT_UNKNOWN;
	if (S_ISDIR(st.st_mode))
		return DT_DIR;
	if (S_ISREG(st.st_mode))
		return DT_REG;
	if (S_ISLNK(st.st_mode))
		return DT_LNK;
	return DT_UNKNOWN;
}

/* Remove entry @name of directory @dfd, a directory with all it holds. */
static int remove_entry(int dfd, const char *name)
{
	struct ent *e;
	size_t nr, i;
	int fd, rc = 0;

	if (!unlinkat(dfd, name, 0) || errno == ENOENT)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return cbp_error("cannot remove %s: %s", name, strerror(errno));
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return cbp_error("cannot remove %s: %s", name, strerror(errno));
	e = read_dir(dup(fd), &nr);
	for (i = 0; i < nr && !rc; i++)
		rc = remove_entry(fd, e[i].name);
	free_ents(e, nr);
	close(fd);
	if (!rc && unlinkat(dfd, name, AT_REMOVEDIR))
		rc = cbp_error("cannot remove %s: %s", name, strerror(errno));
	return rc;
}

/* Copy a file with its times (the copy is on another file system). */
static int copy_file(int from, int to, const char *name)
{
	int in = openat(from, name, O_RDONLY | O_CLOEXEC), out;
	struct timespec times[2];
	struct stat st;
	char buf[65536];
	ssize_t n = 0;

	if (in < 0 || fstat(in, &st)) {
		if (in >= 0)
			close(in);
		return cbp_error("cannot read %s: %s", name, strerror(errno));
	}
	out = openat(to, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		     st.st_mode & 07777);
	while (out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			n = -1;
			break;
		}
	close(in);
	if (out < 0 || n < 0) {
		if (out >= 0)
			close(out);
		return cbp_error("cannot copy %s: %s", name, strerror(errno));
	}
	times[0] = st.st_atim;
	times[1] = st.st_mtim;
	futimens(out, times);
	close(out);
	return 0;
}

/* Is the copy's regular file @name the tree's? */
static int same_file(struct sync *s, int from, int to, const struct ent *a,
		     const struct ent *b)
{
	struct stat sa, sb;

	if (!s->copy)
		return a->ino == b->ino;
	return !fstatat(from, a->name, &sa, AT_SYMLINK_NOFOLLOW) &&
	       !fstatat(to, b->name, &sb, AT_SYMLINK_NOFOLLOW) &&
	       sa.st_size == sb.st_size &&
	       sa.st_mtim.tv_sec == sb.st_mtim.tv_sec &&
	       sa.st_mtim.tv_nsec == sb.st_mtim.tv_nsec;
}

static int same_link(int from, int to, const char *name)
{
	char a[4096], b[4096];
	ssize_t na = readlinkat(from, name, a, sizeof(a));
	ssize_t nb = readlinkat(to, name, b, sizeof(b));

	return na >= 0 && na == nb && !memcmp(a, b, na);
}

/* Make entry @e of the tree in the copy (nothing of that name is there). */
static int make_entry(struct sync *s, int from, int to, const struct ent *e,
		      unsigned char type)
{
	char target[4096];
	ssize_t n;

	s->changed++;
	switch (type) {
	case DT_DIR:
		if (mkdirat(to, e->name, 0777) && errno != EEXIST)
			return cbp_error("cannot create %s: %s", e->name,
					 strerror(errno));
		return 0;
	case DT_REG:
		if (!s->copy && !linkat(from, e->name, to, e->name, 0))
			return 0;
		if (!s->copy && errno != EXDEV)
			return cbp_error("cannot link %s: %s", e->name,
					 strerror(errno));
		s->copy = 1;
		return copy_file(from, to, e->name);
	case DT_LNK:
		n = readlinkat(from, e->name, target, sizeof(target) - 1);
		if (n < 0)
			return cbp_error("cannot read link %s: %s", e->name,
					 strerror(errno));
		target[n] = '\0';
		if (symlinkat(target, to, e->name))
			return cbp_error("cannot create link %s: %s", e->name,
					 strerror(errno));
		return 0;
	}
	return 0;	/* devices, pipes: not source */
}

/* Whether @rel, a path in the tree, is left out of the copy (see top). */
static int left_out(struct sync *s, const char *rel)
{
	static const char * const top[] = {
		".git", ".config", "include/config", "include/generated",
	};
	size_t i, n = strlen(rel);

	for (i = 0; i < ARRAY_SIZE(top); i++)
		if (!strcmp(rel, top[i])) {
			s->in_tree_build |= i > 0;
			return 1;
		}
	if (!strncmp(rel, "arch/", 5) && n > 18 &&
	    !strcmp(rel + n - 18, "/include/generated") &&
	    !memchr(rel + 5, '/', n - 23)) {
		s->in_tree_build = 1;
		return 1;
	}
	return 0;
}

/* Bring directory @rel of the copy (@to) in step with the tree's (@from). */
static int sync_dir(struct sync *s, int from, int to, const char *rel)
{
	struct ent *a, *b;
	size_t na, nb, i = 0, j = 0;
	int rc = 0;

	a = read_dir(dup(from), &na);
	b = read_dir(dup(to), &nb);
	while (!rc && (i < na || j < nb)) {
		int c = i == na ? 1 : j == nb ? -1 : strcmp(a[i].name,
							     b[j].name);
		char *path = NULL;
		unsigned char ta, tb;

		if (c > 0) {		/* only in the copy */
			s->removed++;
			rc = remove_entry(to, b[j++].name);
			continue;
		}
		path = *rel ? cbp_strf("%s/%s", rel, a[i].name) :
		       cbp_strdup(a[i].name);
		if (left_out(s, path)) {
			if (!c)
				rc = remove_entry(to, b[j++].name);
			i++;
			free(path);
			continue;
		}
		ta = type_of(from, &a[i]);
		tb = c ? DT_UNKNOWN : type_of(to, &b[j]);
		if (!c && ta == tb &&
		    ((ta == DT_REG && same_file(s, from, to, &a[i], &b[j])) ||
		     (ta == DT_LNK && same_link(from, to, a[i].name)) ||
		     ta == DT_DIR)) {
			/* in step (a directory: below) */
		} else {
			if (!c) {
				s->removed++;
				rc = remove_entry(to, b[j].name);
			}
			if (!rc)
				rc = make_entry(s, from, to, &a[i], ta);
		}
		if (!rc && ta == DT_DIR) {
			int fa = openat(from, a[i].name,
					O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			int fb = openat(to, a[i].name, O_RDONLY | O_DIRECTORY |
					O_NOFOLLOW | O_CLOEXEC);

			if (fa < 0 || fb < 0)
				rc = cbp_error("cannot open %s: %s", path,
					       strerror(errno));
			else
				rc = sync_dir(s, fa, fb, path);
			if (fa >= 0)
				close(fa);
			if (fb >= 0)
				close(fb);
		}
		i++;
		j += !c;
		free(path);
	}
	free_ents(a, na);
	free_ents(b, nb);
	return rc;
}

/**
 * tree_sync() - bring the scratch copy in step with the tree
 * @t: the tree; @t->src is made if missing
 *
 * Return: 0, or -1 with the error recorded.
 */
int tree_sync(struct cbp_tree *t)
{
	struct sync s = { 0 };
	double start = cbp_now();
	int from, to, rc;

	if (mkdir(t->src, 0777) && errno != EEXIST)
		return cbp_error("cannot create %s: %s", t->src,
				 strerror(errno));
	from = open(t->info.dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	to = open(t->src, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (from < 0 || to < 0)
		rc = cbp_error("cannot open %s: %s", from < 0 ? t->info.dir :
			       t->src, strerror(errno));
	else
		rc = sync_dir(&s, from, to, "");
	if (from >= 0)
		close(from);
	if (to >= 0)
		close(to);
	if (s.copy)
		cbp_note("%s is on another file system than the cache (%s): %s",
			 t->info.dir, t->src,
			 "its files are copied, not linked");
	if (s.in_tree_build)
		cbp_note("%s has the output of an in-tree build; %s", t->info.dir,
			 "the scratch copy leaves its .config and generated headers out");
	t->info.copy_seconds = cbp_now() - start;
	return rc;
}
