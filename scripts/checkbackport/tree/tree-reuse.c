// SPDX-License-Identifier: GPL-2.0
/*
 * The builds before and after a patch, kept for the next run that tries
 * the same patch on the same files.
 *
 * Every make in the build directory re-reads the kernel's Makefiles,
 * probes the compiler and descends into the host tools before it builds
 * one object: a two-object check of one patch costs two of those, even
 * when nothing changed since the last run.  What the two builds print
 * only depends on the configuration, the tools, the files the objects
 * are built from and the patch, so both are kept under a key naming all
 * of them, and a run that finds its key reuses them instead of building:
 *
 *   OBJ/.cbp-reuse/HASH	HASH: of the key's text.  The key's length
 *				and text, then the build before and the
 *				build after: "OBJECTS LOG-LENGTH SECONDS",
 *				the failed flag of each object, the log.
 *
 * The key holds the recipe, the build directory (named after the
 * configuration), the environment kbuild reads, `gcc --version` and
 * `sparse --version`, the sha1sum of the .config, auto.conf and objtool,
 * of the Kconfig files and Makefiles kbuild reads, of each object's .cmd
 * file and of every file the .cmd file says the object was built from,
 * of every file the patch touches, and the patch itself.  The .cmd files are those
 * of the last build: an object whose sources changed since is still
 * keyed by what changed.  A patch that creates, deletes or renames a file
 * is never reused, nor an object that has no .cmd file yet: what they
 * would be built from is not known before building them.  The whole key
 * text is compared, not only its hash.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tree-priv.h"

/* The .cmd file of @obj: "dir/.name.o.cmd" in the build directory. */
static char *cmd_file(const struct cbp_tree *t, const char *obj)
{
	const char *slash = strrchr(obj, '/');

	if (!slash)
		return cbp_strf("%s/.%s.cmd", t->obj, obj);
	return cbp_strf("%s/%.*s/.%s.cmd", t->obj, (int)(slash - obj), obj,
			slash + 1);
}

/* Add a path of a .cmd file (absolute, or relative to the build dir). */
static void add_path(const struct cbp_tree *t, const char *p, size_t n,
		     char ***files, size_t *nr)
{
	char *path = *p == '/' ? cbp_strndup(p, n) :
		     cbp_strf("%s/%.*s", t->obj, (int)n, p);

	tree_strv_add(files, nr, path);
	free(path);
}

/*
 * The files of the "source_OBJ :=" and "deps_OBJ :=" lines of a .cmd
 * text; $(wildcard include/config/...) entries are left out (the
 * configuration is in the key as a whole).
 */
static void cmd_sources(const struct cbp_tree *t, const char *cmd,
			char ***files, size_t *nr)
{
	const char *s, *eol;

	for (s = cmd; *s; s = *eol ? eol + 1 : eol) {
		const char *p;

		eol = strchrnul(s, '\n');
		if (strncmp(s, "deps_", 5) && strncmp(s, "source_", 7))
			continue;
		/* a line ending with a backslash continues on the next */
		while (*eol && eol > s && eol[-1] == '\\')
			eol = strchrnul(eol + 1, '\n');
		p = strstr(s, " := ");
		if (!p || p >= eol)
			continue;
		for (p += 4; p < eol;) {
			size_t n;

			while (p < eol && strchr(" \t\n\\", *p))
				p++;
			if (p >= eol)
				break;
			n = strcspn(p, " \t\n");
			if (!strncmp(p, "$(wildcard", 10)) {
				/* skip the word and its argument */
				p += n;
				while (p < eol && strchr(" \t", *p))
					p++;
				n = strcspn(p, " \t\n");
			} else {
				add_path(t, p, n, files, nr);
			}
			p += n;
		}
	}
}

/*
 * What kbuild reads besides an object's sources: the Kconfig files
 * auto.conf was made from (so that a changed Kconfig is seen even though
 * no syncconfig runs), the top and x86 Makefiles, scripts/Makefile.* and
 * Kbuild.include, and the Makefile and Kbuild of each directory from the
 * object's up.
 */
static void kbuild_files(const struct cbp_tree *t,
			 const struct cbp_tree_obj *o, size_t nr,
			 char ***files, size_t *nr_files)
{
	static const char * const top[] = {
		"Makefile", "arch/x86/Makefile", "scripts/Kbuild.include",
	};
	char *path = cbp_strf("%s/include/config/auto.conf.cmd", t->obj);
	char *text = tree_read(path, NULL), *s;
	size_t i;
	glob_t g;

	free(path);
	s = text ? strstr(text, "deps_config := \\\n") : NULL;
	while (s && (s = strchr(s, '\n')) && s[1] == '\t') {
		size_t n;

		s += 2;
		n = strcspn(s, "\t\n \\");
		path = *s == '/' ? cbp_strndup(s, n) :
		       cbp_strf("%s/%.*s", t->src, (int)n, s);
		tree_strv_add(files, nr_files, path);
		free(path);
	}
	free(text);
	for (i = 0; i < ARRAY_SIZE(top); i++) {
		path = cbp_strf("%s/%s", t->src, top[i]);
		tree_strv_add(files, nr_files, path);
		free(path);
	}
	path = cbp_strf("%s/scripts/Makefile.*", t->src);
	if (!glob(path, 0, NULL, &g))
		for (i = 0; i < g.gl_pathc; i++)
			tree_strv_add(files, nr_files, g.gl_pathv[i]);
	globfree(&g);
	free(path);
	for (i = 0; i < nr; i++) {
		char *dir = cbp_strdup(o[i].obj), *slash;

		while ((slash = strrchr(dir, '/'))) {
			*slash = '\0';
			path = cbp_strf("%s/%s/Makefile", t->src, dir);
			tree_strv_add(files, nr_files, path);
			free(path);
			path = cbp_strf("%s/%s/Kbuild", t->src, dir);
			tree_strv_add(files, nr_files, path);
			free(path);
		}
		free(dir);
	}
}

/* Append what a program prints to @key; return its status. */
static int add_output(char **key, const char *const argv[])
{
	char *out = NULL;
	int rc = tree_run(NULL, argv, &out);

	cbp_strcatf(key, "%s:\n%s\n", argv[0], out ? out : "");
	free(out);
	return rc;
}

/*
 * Whether sha1sum read every file there is: a file that is not there is
 * part of the key, one it could not read (or sha1sum not run) is not.
 */
static int all_read(const char *key, int rc)
{
	const char *s;

	if (rc != 0 && rc != 1)
		return 0;
	for (s = strstr(key, "\nsha1sum: "); s; s = strstr(s + 1, "\nsha1sum: ")) {
		const char *eol = strchrnul(s + 1, '\n');
		const char *why = memmem(s, eol - s, ": No such file or directory",
					 27);

		if (!why || why + 27 != eol)
			return 0;
	}
	return 1;
}

/**
 * cbp_tree_reuse_key() - the key of a patch's builds
 * @t: the tree, prepared, before the patch is applied
 * @d: the patch's diff
 * @text: the patch's text
 * @len: its length
 * @o: the objects to build before it
 * @nr: their number
 *
 * Return: the key's text (free() it), or NULL when the patch's builds
 * cannot be reused (see the top).
 */
char *cbp_tree_reuse_key(struct cbp_tree *t, const struct cbp_diff *d,
			 const char *text, size_t len,
			 const struct cbp_tree_obj *o, size_t nr)
{
	static const char * const gcc[] = { "gcc", "--version", NULL };
	static const char * const sparse[] = { "sparse", "--version", NULL };
	/* what kbuild or the tools it runs take from the environment */
	static const char * const env[] = {
		"PATH", "CROSS_COMPILE", "LLVM", "KCFLAGS", "KCPPFLAGS",
		"KAFLAGS", "KRUSTFLAGS", "CHECKFLAGS", "KBUILD_EXTRA_WARN",
		"GCC_EXEC_PREFIX", "COMPILER_PATH", "CPATH", "C_INCLUDE_PATH",
	};
	char **files = NULL, *key = NULL, *path;
	const char **argv;
	size_t nr_files = 0, i, at;
	int rc;

	if (!t->build || !*t->obj)
		return NULL;
	for (i = 0; i < d->nr; i++)
		if (!d->f[i].old_path || !d->f[i].new_path ||
		    strcmp(d->f[i].old_path, d->f[i].new_path))
			return NULL;
	for (i = 0; i < 3; i++) {
		static const char * const own[] = {
			".config", "include/config/auto.conf",
			"tools/objtool/objtool",
		};

		path = cbp_strf("%s/%s", t->obj, own[i]);
		tree_strv_add(&files, &nr_files, path);
		free(path);
	}
	cbp_strcatf(&key, "recipe=%d\nobj=%s\nsparse=%d\nobjects:\n",
		    CBP_TREE_RECIPE, t->obj, t->sparse);
	for (i = 0; i < nr; i++) {
		char *cmd;

		cbp_strcatf(&key, "%s %s\n", o[i].obj,
			    o[i].skip ? o[i].skip : "-");
		if (o[i].skip)
			continue;
		path = cmd_file(t, o[i].obj);
		cmd = tree_read(path, NULL);
		if (cmd) {
			tree_strv_add(&files, &nr_files, path);
			cmd_sources(t, cmd, &files, &nr_files);
		}
		free(path);
		free(cmd);
		if (!cmd) {
			tree_strv_free(files, nr_files);
			free(key);
			return NULL;
		}
	}
	for (i = 0; i < d->nr; i++) {
		path = cbp_strf("%s/%s", t->src, d->f[i].new_path);
		tree_strv_add(&files, &nr_files, path);
		free(path);
	}
	kbuild_files(t, o, nr, &files, &nr_files);
	for (i = 0; i < ARRAY_SIZE(env); i++)
		cbp_strcatf(&key, "%s%s%s\n", env[i], getenv(env[i]) ? "=" : "",
			    getenv(env[i]) ? getenv(env[i]) : " unset");
	add_output(&key, gcc);
	if (t->sparse)
		add_output(&key, sparse);
	argv = cbp_calloc(nr_files + 3, sizeof(*argv));
	argv[0] = "sha1sum";
	argv[1] = "--";
	for (i = 0; i < nr_files; i++)
		argv[i + 2] = files[i];
	at = strlen(key);
	rc = add_output(&key, argv);
	free(argv);
	tree_strv_free(files, nr_files);
	if (!all_read(key + at, rc)) {
		free(key);
		return NULL;
	}
	cbp_strcatf(&key, "patch:\n%.*s", (int)len, text);
	return key;
}

static char *entry_of(const struct cbp_tree *t, const char *key)
{
	char *h = tree_hash(key, strlen(key)), *p;

	p = cbp_strf("%s/.cbp-reuse/%s", t->obj, h);
	free(h);
	return p;
}

/* Read one build of an entry at @s; return where it ends, or NULL. */
static const char *load_build(const char *s, const char *end,
			      struct cbp_build *b)
{
	size_t nr, len, i;
	double seconds;
	int n;

	if (sscanf(s, "%zu %zu %lf%n", &nr, &len, &seconds, &n) != 3 ||
	    nr > 100000)
		return NULL;
	s += n;
	b->failed = cbp_calloc(nr + 1, sizeof(*b->failed));
	b->nr_objs = nr;
	b->seconds = seconds;
	for (i = 0; i < nr; i++) {
		if (sscanf(s, " %d%n", &b->failed[i], &n) != 1)
			return NULL;
		s += n;
	}
	if (*s++ != '\n' || len > (size_t)(end - s))
		return NULL;
	b->log = cbp_strndup(s, len);
	tree_parse_diags(b->log, b);
	return s + len;
}

/**
 * cbp_tree_reuse_load() - the builds an earlier run kept for a key
 * @t: the tree
 * @key: the key, from cbp_tree_reuse_key()
 * @before: the build before the patch
 * @after: the build after it
 *
 * Return: 0 if they were found (release both), -1 if not (both empty).
 */
int cbp_tree_reuse_load(struct cbp_tree *t, const char *key,
			struct cbp_build *before, struct cbp_build *after)
{
	char *path = entry_of(t, key), *text;
	size_t len, klen = strlen(key), n;
	const char *s, *end;
	int at;

	memset(before, 0, sizeof(*before));
	memset(after, 0, sizeof(*after));
	text = tree_read(path, &len);
	free(path);
	if (!text)
		return -1;
	end = text + len;
	if (sscanf(text, "%zu\n%n", &n, &at) != 1 || n != klen ||
	    klen > len - at || memcmp(text + at, key, klen))
		goto miss;
	s = load_build(text + at + klen, end, before);
	if (s)
		s = load_build(s, end, after);
	if (!s)
		goto miss;
	free(text);
	return 0;
miss:
	free(text);
	cbp_build_release(before);
	cbp_build_release(after);
	return -1;
}

static void save_build(char **text, const struct cbp_build *b)
{
	size_t i;

	cbp_strcatf(text, "%zu %zu %.1f", b->nr_objs, strlen(b->log),
		    b->seconds);
	for (i = 0; i < b->nr_objs; i++)
		cbp_strcatf(text, " %d", b->failed[i]);
	cbp_strcatf(text, "\n%s", b->log);
}

/**
 * cbp_tree_reuse_save() - keep a patch's builds for later runs
 * @t: the tree
 * @key: the key, from cbp_tree_reuse_key() before the builds
 * @before: the build before the patch
 * @after: the build after it
 *
 * A failure to write is only noted: the next run builds again.
 */
void cbp_tree_reuse_save(struct cbp_tree *t, const char *key,
			 const struct cbp_build *before,
			 const struct cbp_build *after)
{
	char *dir = cbp_strf("%s/.cbp-reuse", t->obj), *path, *text = NULL;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		cbp_note("cannot create %s: %s", dir, strerror(errno));
		free(dir);
		return;
	}
	free(dir);
	cbp_strcatf(&text, "%zu\n%s", strlen(key), key);
	save_build(&text, before);
	save_build(&text, after);
	path = entry_of(t, key);
	if (tree_write(path, text, strlen(text)))
		cbp_note("%s", cbp_errmsg());
	free(path);
	free(text);
}
