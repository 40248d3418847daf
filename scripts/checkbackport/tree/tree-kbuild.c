// SPDX-License-Identifier: GPL-2.0
/*
 * What a patch needs built, read from the tree's kbuild files.
 *
 * A touched .c (or .S) file is built as its object when a kbuild file
 * lists it: "obj-$(CONFIG_X) += f.o", or "m-y += f.o" with "obj-$(CONFIG_Y)
 * += m.o" for a composite module, in its directory's Kbuild or Makefile
 * or, as "dir/f.o", in an ancestor's.  Its guards are the symbols of
 * those lines, of the "ifdef CONFIG_Z"/"ifeq ($(CONFIG_Z),y)" blocks
 * around them, and of the lines that bring each directory in
 * ("obj-$(CONFIG_DRM_XE) += xe/").  A touched header (or a .c file that
 * no kbuild file lists, as the KUnit files some drivers #include) is
 * built through the .c files of its own directory that include it,
 * directly or through other headers of that directory.
 *
 * This is a reading of the common forms, not make: a kbuild file that
 * computes its object lists some other way is not understood, and its
 * objects are not built (the report says which).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree-priv.h"

/* How many composite modules deep "m-y += f.o" chains are followed. */
#define KBUILD_MAX_DEPTH	4

/**
 * struct kline - one assignment of a kbuild file
 * @lhs: the variable, e.g. "obj-$(CONFIG_DRM_XE)" or "xe-y"
 * @rhs: the words assigned, blank-separated
 * @conds: symbols of the enclosing ifdef/ifeq blocks
 * @nr_conds: number of @conds
 */
struct kline {
	char *lhs;
	char *rhs;
	char **conds;
	size_t nr_conds;
};

struct kfile {
	struct kline *l;
	size_t nr;
};

static void kfile_release(struct kfile *kf)
{
	size_t i;

	for (i = 0; i < kf->nr; i++) {
		free(kf->l[i].lhs);
		free(kf->l[i].rhs);
		tree_strv_free(kf->l[i].conds, kf->l[i].nr_conds);
	}
	free(kf->l);
	memset(kf, 0, sizeof(*kf));
}

/* The first CONFIG_ symbol in @s (without "CONFIG_"), or NULL. */
static char *config_symbol(const char *s, size_t n)
{
	const char *c = memmem(s, n, "CONFIG_", 7);
	size_t k;

	if (!c)
		return NULL;
	c += 7;
	for (k = 0; c + k < s + n && (isalnum((unsigned char)c[k]) ||
				      c[k] == '_'); k++)
		;
	return k ? cbp_strndup(c, k) : NULL;
}

/*
 * A conditional's symbol when it holds only if CONFIG_X is enabled:
 * "ifdef CONFIG_X", "ifeq ($(CONFIG_X),y)", "ifneq ($(CONFIG_X),)";
 * NULL for any other condition.
 */
static char *positive_condition(const char *l)
{
	char *sym;

	if (!strncmp(l, "ifdef", 5))
		return config_symbol(l, strlen(l));
	if (strncmp(l, "ifeq", 4) && strncmp(l, "ifneq", 5))
		return NULL;
	sym = config_symbol(l, strlen(l));
	if (!sym)
		return NULL;
	if ((!strncmp(l, "ifeq", 4) && (strstr(l, ",y)") || strstr(l, ", y)"))) ||
	    (!strncmp(l, "ifneq", 5) && (strstr(l, ",)") || strstr(l, ", )"))))
		return sym;
	free(sym);
	return NULL;
}

/* Whether line @l starts with the word @w. */
static int starts_word(const char *l, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(l, w, n) && (!l[n] || isspace((unsigned char)l[n]) ||
				     l[n] == '(');
}

/* Read a kbuild file into its assignments. */
static int kfile_read(const char *path, struct kfile *kf)
{
	char *text = tree_read(path, NULL), *s, *eol;
	char *stack[32];	/* symbol or NULL per open conditional */
	size_t depth = 0, alloc = 0, i;

	memset(kf, 0, sizeof(*kf));
	if (!text)
		return -1;
	/* Join continuation lines; drop comments. */
	for (s = text; *s; s++) {
		if (*s == '\\' && s[1] == '\n') {
			s[0] = ' ';
			s[1] = ' ';
		}
	}
	for (s = text; *s; s = *eol ? eol + 1 : eol) {
		char *l, *op, *hash;

		eol = strchrnul(s, '\n');
		l = cbp_strndup(s, eol - s);
		hash = strchr(l, '#');
		if (hash)
			*hash = '\0';
		op = l + strspn(l, " \t");
		memmove(l, op, strlen(op) + 1);
		if (starts_word(l, "ifdef") || starts_word(l, "ifndef") ||
		    starts_word(l, "ifeq") || starts_word(l, "ifneq")) {
			if (depth < ARRAY_SIZE(stack))
				stack[depth] = positive_condition(l);
			depth++;
		} else if (starts_word(l, "else") && depth &&
			   depth <= ARRAY_SIZE(stack)) {
			free(stack[depth - 1]);
			stack[depth - 1] = NULL;
		} else if (starts_word(l, "endif") && depth) {
			if (depth <= ARRAY_SIZE(stack))
				free(stack[depth - 1]);
			depth--;
		} else if (strchr(l, '=')) {
			struct kline *k;
			char *end = strchr(l, '=');

			op = end;
			while (end > l && strchr(":+?", end[-1]))
				end--;
			while (end > l && isspace((unsigned char)end[-1]))
				end--;
			kf->l = cbp_grow(kf->l, sizeof(*kf->l), kf->nr + 1,
					 &alloc);
			k = &kf->l[kf->nr++];
			memset(k, 0, sizeof(*k));
			k->lhs = cbp_strndup(l, end - l);
			k->rhs = cbp_strdup(op + 1);
			for (i = 0; i < depth && i < ARRAY_SIZE(stack); i++)
				if (stack[i])
					tree_strv_add(&k->conds, &k->nr_conds,
						      stack[i]);
		}
		free(l);
	}
	for (i = 0; i < depth && i < ARRAY_SIZE(stack); i++)
		free(stack[i]);
	free(text);
	return 0;
}

/* The kbuild file of a directory of the scratch copy, or NULL. */
static char *kbuild_path(const struct cbp_tree *t, const char *dir)
{
	static const char * const names[] = { "Kbuild", "Makefile" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		char *rel = *dir ? cbp_strf("%s/%s", dir, names[i]) :
			    cbp_strdup(names[i]);

		if (tree_has_file(t, rel)) {
			char *p = cbp_strf("%s/%s", t->src, rel);

			free(rel);
			return p;
		}
		free(rel);
	}
	return NULL;
}

/* Whether @word is one of the blank-separated words of @list. */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *s;

	for (s = list; (s = strstr(s, word)); s += n)
		if ((s == list || isspace((unsigned char)s[-1])) &&
		    (!s[n] || isspace((unsigned char)s[n])))
			return 1;
	return 0;
}

/* "obj", "xe" of "obj-$(CONFIG_X)", "xe-y", "xe-objs"; NULL if no "-". */
static char *lhs_name(const char *lhs)
{
	const char *dash = strrchr(lhs, '-');

	/* obj-$(subst m,y,$(CONFIG_X)): the dash before the "$(". */
	if (strstr(lhs, "-$("))
		dash = strstr(lhs, "-$(");
	return dash ? cbp_strndup(lhs, dash - lhs) : NULL;
}

/* The guard of an assignment: its symbol and those of its blocks. */
static void line_guards(const struct kline *k, char ***syms, size_t *nr)
{
	char *sym = config_symbol(k->lhs, strlen(k->lhs));
	size_t i;

	if (sym)
		tree_strv_add(syms, nr, sym);
	free(sym);
	for (i = 0; i < k->nr_conds; i++)
		tree_strv_add(syms, nr, k->conds[i]);
}

/*
 * Find the object @word ("f.o" or "dir/f.o") in @kf; add its guards.
 * Return: 1 if found, 0 if not.
 */
static int find_in(const struct kfile *kf, const char *word, char ***syms,
		   size_t *nr, int depth)
{
	static const char * const not_objects[] = {
		"hostprogs", "always", "targets", "extra", "subdir", "clean",
		"ccflags", "asflags", "ldflags", "cppflags", "CFLAGS",
		"AFLAGS", "OBJECT_FILES_NON_STANDARD", "KASAN_SANITIZE",
		"UBSAN_SANITIZE", "KCOV_INSTRUMENT", "GCOV_PROFILE",
		"KCSAN_SANITIZE", "userprogs", "userccflags", "userldflags",
		"HOSTCFLAGS", "HOSTLDLIBS",
	};
	size_t i, j;

	if (depth > KBUILD_MAX_DEPTH)
		return 0;
	for (i = 0; i < kf->nr; i++) {
		const struct kline *k = &kf->l[i];
		char *name, *mod;
		int skip = 0, found;

		if (!has_word(k->rhs, word))
			continue;
		name = lhs_name(k->lhs);
		if (!name)
			continue;
		for (j = 0; j < ARRAY_SIZE(not_objects); j++)
			skip |= !strncmp(name, not_objects[j],
					 strlen(not_objects[j]));
		if (skip) {
			free(name);
			continue;
		}
		if (!strcmp(name, "obj") || !strcmp(name, "lib")) {
			line_guards(k, syms, nr);
			free(name);
			return 1;
		}
		/* A part of the composite object NAME.o. */
		mod = cbp_strf("%s.o", name);
		found = find_in(kf, mod, syms, nr, depth + 1);
		free(mod);
		free(name);
		if (found) {
			line_guards(k, syms, nr);
			return 1;
		}
	}
	return 0;
}

/* Add the guards of the lines that bring directory @dir into the build. */
static void dir_guards(const struct cbp_tree *t, const char *dir,
		       char ***syms, size_t *nr)
{
	char *d = cbp_strdup(dir);

	while (strchr(d, '/')) {
		char *slash = strrchr(d, '/'), *path, *word;
		struct kfile kf;
		size_t i;
		int found = 0;

		*slash = '\0';
		word = cbp_strf("%s/", slash + 1);
		path = kbuild_path(t, d);
		if (path && !kfile_read(path, &kf)) {
			for (i = 0; i < kf.nr && !found; i++) {
				char *name = lhs_name(kf.l[i].lhs);

				if (name && (!strcmp(name, "obj") ||
					     !strcmp(name, "subdir")) &&
				    has_word(kf.l[i].rhs, word)) {
					line_guards(&kf.l[i], syms, nr);
					found = 1;
				}
				free(name);
			}
			kfile_release(&kf);
		}
		free(path);
		free(word);
		if (!found)
			break;
	}
	free(d);
}

/**
 * tree_guards() - the symbols kbuild builds an object under
 * @t: the tree
 * @obj: the object, relative to the tree ("drivers/gpu/drm/xe/xe_oa.o")
 * @syms: the symbols (without "CONFIG_"); free with tree_strv_free()
 * @nr: their number
 *
 * Return: 0 when a kbuild file lists the object; 1 when none does.
 */
int tree_guards(struct cbp_tree *t, const char *obj, char ***syms,
		size_t *nr)
{
	char *dir = cbp_strdup(obj), *word, *slash;
	int found = 0;

	*syms = NULL;
	*nr = 0;
	slash = strrchr(dir, '/');
	word = cbp_strdup(slash ? slash + 1 : obj);
	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
	for (;;) {
		char *path = kbuild_path(t, dir), *up;
		struct kfile kf;

		if (path && !kfile_read(path, &kf)) {
			found = find_in(&kf, word, syms, nr, 0);
			kfile_release(&kf);
		}
		free(path);
		if (found) {
			dir_guards(t, dir, syms, nr);
			break;
		}
		slash = strrchr(dir, '/');
		if (!*dir)
			break;
		up = cbp_strf("%s/%s", slash ? slash + 1 : dir, word);
		free(word);
		word = up;
		if (slash)
			*slash = '\0';
		else
			dir[0] = '\0';
	}
	free(word);
	free(dir);
	return found ? 0 : 1;
}

/* The names a file of @dir includes with #include "name" (same dir). */
static void local_includes(const char *path, char ***names, size_t *nr)
{
	char *text = tree_read(path, NULL), *s;

	for (s = text; s && (s = strstr(s, "include")); s++) {
		char *l = s, *q, *e;

		while (l > text && (l[-1] == ' ' || l[-1] == '\t'))
			l--;
		if (l == text || l[-1] != '#')
			continue;
		q = s + 7;
		q += strspn(q, " \t");
		if (*q != '"')
			continue;
		e = strchr(q + 1, '"');
		if (!e || memchr(q, '\n', e - q))
			continue;
		*e = '\0';
		if (!strncmp(q + 1, "./", 2))
			q += 2;
		if (!strchr(q + 1, '/'))
			tree_strv_add(names, nr, q + 1);
		*e = '"';
	}
	free(text);
}

/*
 * The .c files of @file's directory that include it, directly or through
 * headers of that directory.
 */
static void includers(const struct cbp_tree *t, const char *file,
		      char ***out, size_t *nr_out)
{
	char *dir = cbp_strdup(file), *slash = strrchr(dir, '/'), *abs;
	char **names = NULL, ***incs = NULL, **reach = NULL;
	size_t nr = 0, *nr_incs = NULL, nr_reach = 0, i, j, grew = 1;
	struct dirent *de;
	DIR *dp;

	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
	abs = cbp_strf("%s/%s", t->src, dir);
	dp = opendir(abs);
	while (dp && (de = readdir(dp))) {
		size_t n = strlen(de->d_name);

		if (n < 3 || de->d_name[n - 2] != '.' ||
		    (de->d_name[n - 1] != 'c' && de->d_name[n - 1] != 'h'))
			continue;
		names = cbp_realloc(names, (nr + 1) * sizeof(*names));
		incs = cbp_realloc(incs, (nr + 1) * sizeof(*incs));
		nr_incs = cbp_realloc(nr_incs, (nr + 1) * sizeof(*nr_incs));
		names[nr] = cbp_strdup(de->d_name);
		incs[nr] = NULL;
		nr_incs[nr] = 0;
		{
			char *p = cbp_strf("%s/%s", abs, de->d_name);

			local_includes(p, &incs[nr], &nr_incs[nr]);
			free(p);
		}
		nr++;
	}
	if (dp)
		closedir(dp);
	tree_strv_add(&reach, &nr_reach, slash ? slash + 1 : file);
	while (grew) {
		grew = 0;
		for (i = 0; i < nr; i++) {
			if (tree_strv_has(reach, nr_reach, names[i]))
				continue;
			for (j = 0; j < nr_incs[i]; j++)
				if (tree_strv_has(reach, nr_reach, incs[i][j])) {
					tree_strv_add(&reach, &nr_reach,
						      names[i]);
					grew = 1;
					break;
				}
		}
	}
	for (i = 1; i < nr_reach; i++) {
		size_t n = strlen(reach[i]);

		if (reach[i][n - 1] == 'c') {
			char *p = *dir ? cbp_strf("%s/%s", dir, reach[i]) :
				  cbp_strdup(reach[i]);

			tree_strv_add(out, nr_out, p);
			free(p);
		}
	}
	for (i = 0; i < nr; i++) {
		free(names[i]);
		tree_strv_free(incs[i], nr_incs[i]);
	}
	free(names);
	free(incs);
	free(nr_incs);
	tree_strv_free(reach, nr_reach);
	free(abs);
	free(dir);
}

static int is_source(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && path[n - 2] == '.' &&
	       (path[n - 1] == 'c' || path[n - 1] == 'S');
}

static const char plain_path[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+,./";

/* Add the object of source @src, if kbuild builds it, to @out. */
static int add_object(struct cbp_tree *t, const char *src, const char *why,
		      struct cbp_tree_obj **out, size_t *nr)
{
	struct cbp_tree_obj *o;
	char *obj = cbp_strf("%.*so", (int)strlen(src) - 1, src);
	char **syms;
	size_t n, i;

	/* It becomes an argument of make: a plain path, no option. */
	if (obj[0] == '-' || obj[strspn(obj, plain_path)]) {
		free(obj);
		return 0;
	}
	for (i = 0; i < *nr; i++)
		if (!strcmp((*out)[i].obj, obj)) {
			free(obj);
			return 1;
		}
	if (tree_guards(t, obj, &syms, &n)) {
		free(obj);
		return 0;
	}
	*out = cbp_realloc(*out, (*nr + 1) * sizeof(**out));
	o = &(*out)[(*nr)++];
	memset(o, 0, sizeof(*o));
	o->obj = obj;
	o->src = cbp_strdup(src);
	o->why = cbp_strdup(why);
	o->before = tree_has_file(t, src);
	tree_strv_free(syms, n);
	return 1;
}

/**
 * cbp_tree_objects() - the objects a patch needs built
 * @t: the tree, in the state the objects are to be built in
 * @d: the patch's diff
 * @out: the objects; free with cbp_tree_objs_release()
 * @nr: their number
 *
 * Return: 0.
 */
int cbp_tree_objects(struct cbp_tree *t, const struct cbp_diff *d,
		     struct cbp_tree_obj **out, size_t *nr)
{
	size_t i, k;

	*out = NULL;
	*nr = 0;
	for (i = 0; i < d->nr; i++) {
		const char *path = d->f[i].new_path;
		char **srcs = NULL;
		size_t n = 0;

		if (!path || strstr(path, ".."))
			continue;
		if (is_source(path) && add_object(t, path, path, out, nr))
			continue;
		if (!is_source(path) &&
		    (strlen(path) < 2 || strcmp(path + strlen(path) - 2, ".h")))
			continue;
		includers(t, path, &srcs, &n);
		for (k = 0; k < n; k++)
			add_object(t, srcs[k], path, out, nr);
		tree_strv_free(srcs, n);
	}
	return 0;
}

/**
 * cbp_tree_objs_release() - free a list of objects
 * @o: the list
 * @nr: its length
 */
void cbp_tree_objs_release(struct cbp_tree_obj *o, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		free(o[i].obj);
		free(o[i].src);
		free(o[i].why);
		free(o[i].skip);
	}
	free(o);
}

/* The Kconfig entry "config SYM": its file and line, found with grep. */
static char *kconfig_entry(struct cbp_tree *t, const char *sym,
			   unsigned long *line)
{
	char *re = cbp_strf("^[[:space:]]*(menu)?config[[:space:]]+%s[[:space:]]*$",
			    sym);
	const char *argv[6] = { "grep", "-rnE", "--include=Kconfig*", NULL,
				".", NULL };
	char *out = NULL, *file = NULL, *colon = NULL;
	int rc;

	argv[3] = re;
	rc = tree_run(t->src, argv, &out);
	free(re);
	if (!rc && out)
		colon = strchr(out, ':');
	if (colon) {
		file = cbp_strndup(out, colon - out);
		*line = strtoul(colon + 1, NULL, 10);
	}
	free(out);
	return file;
}

/* Whether a Kconfig line starts a new entry or block. */
static int kconfig_boundary(const char *l)
{
	static const char * const words[] = {
		"config", "menuconfig", "choice", "endchoice", "menu",
		"endmenu", "if", "endif", "source", "comment", "mainmenu",
	};
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		n = strlen(words[i]);
		if (!strncmp(l, words[i], n) &&
		    (!l[n] || isspace((unsigned char)l[n])))
			return 1;
	}
	return 0;
}

/* The symbol to enable for one "&&" term of a depends on line. */
static char *dep_term(const char *s, size_t n)
{
	char *term = cbp_strndup(s, n), *alt, *pick = NULL, *save = NULL;

	for (alt = strtok_r(term, "|", &save); alt;
	     alt = strtok_r(NULL, "|", &save)) {
		char *w = alt + strspn(alt, " \t(");
		size_t k = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

		if (!k || w[k] == '=' || w[k] == '!' || w[k] == '<' ||
		    w[k] == '>' || *alt == '!' || strchr(alt, '!'))
			continue;
		w[k] = '\0';
		/* "X || COMPILE_TEST": the way in on any architecture. */
		if (!pick || !strcmp(w, "COMPILE_TEST")) {
			free(pick);
			pick = cbp_strdup(w);
		}
	}
	free(term);
	return pick;
}

/**
 * tree_kconfig_depends() - the symbols a symbol's "depends on" names
 * @t: the tree
 * @sym: the symbol, without "CONFIG_"
 * @deps: the symbols to enable for it: each "&&" term's symbol (of an
 *	  "||", COMPILE_TEST or else the first); negations and comparisons
 *	  are left out; free with tree_strv_free()
 * @nr: their number
 *
 * Return: 0, or 1 if the tree has no "config SYM".
 */
int tree_kconfig_depends(struct cbp_tree *t, const char *sym, char ***deps,
			 size_t *nr)
{
	unsigned long want = 0, line = 0;
	char *file = kconfig_entry(t, sym, &want), *path, *text, *s, *eol;

	*deps = NULL;
	*nr = 0;
	if (!file)
		return 1;
	path = cbp_strf("%s/%s", t->src, file);
	text = tree_read(path, NULL);
	for (s = text; s && *s; s = *eol ? eol + 1 : eol) {
		const char *l;

		eol = strchrnul(s, '\n');
		if (++line <= want)
			continue;
		l = s + strspn(s, " \t");
		if (kconfig_boundary(l))
			break;
		if (strncmp(l, "depends on", 10))
			continue;
		l += 10;
		while (l < eol) {
			const char *amp = memmem(l, eol - l, "&&", 2);
			size_t n = amp ? (size_t)(amp - l) : (size_t)(eol - l);
			char *d = dep_term(l, n);

			if (d)
				tree_strv_add(deps, nr, d);
			free(d);
			l += n + (amp ? 2 : 0);
		}
	}
	free(text);
	free(path);
	free(file);
	return 0;
}
