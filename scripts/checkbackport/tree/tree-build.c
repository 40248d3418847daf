// SPDX-License-Identifier: GPL-2.0
/*
 * Building what a patch touches, as the target tree's x86_64 build would,
 * and reading the compiler's, sparse's and objtool's messages.
 *
 * A build directory is prepared once per configuration and kept in the
 * tree's cache entry (see tree.c): the distribution's configuration for
 * the tree's version, with the Kconfig symbols the objects to build need
 * (their kbuild guards, and what those depend on) set to m or y, then
 * `make olddefconfig` and `make prepare modules_prepare`, with W=1 and
 * C=1 as every later build.  It is keyed by the recipe, the version, the
 * configuration's text and the symbols asked for, and stamped complete
 * only when done: an interrupted preparation is started again.
 *
 * Each build removes the objects first, so that make compiles (and
 * sparse checks) them whatever their age, and runs `make -k` on the list
 * in one go, -j as many processors as there are.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tree-priv.h"

/* The value of CONFIG_@sym in a .config text: 'y', 'm', 'n' or 's'. */
static char config_value(const char *text, const char *sym)
{
	char *want = cbp_strf("CONFIG_%s=", sym);
	size_t n = strlen(want);
	const char *s;
	char v = 'n';

	for (s = text; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
		if (!strncmp(s, want, n)) {
			v = s[n] == 'y' || s[n] == 'm' ? s[n] : 's';
			break;
		}
	free(want);
	return v;
}

static int enabled(const char *text, const char *sym)
{
	char v = config_value(text, sym);

	return v == 'y' || v == 'm';
}

/* Set CONFIG_@sym to @val in *@text, replacing any line about it. */
static void config_set(char **text, const char *sym, char val)
{
	char *set = cbp_strf("CONFIG_%s=", sym);
	char *unset = cbp_strf("# CONFIG_%s is not set", sym);
	size_t ns = strlen(set), nu = strlen(unset);
	char *s, *out;

	for (s = *text; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		if (!strncmp(s, set, ns) ||
		    (!strncmp(s, unset, nu) && (s[nu] == '\n' || !s[nu]))) {
			char *eol = strchrnul(s, '\n');

			out = cbp_strf("%.*s%s%c%s", (int)(s - *text), *text,
				       set, val, eol);
			free(*text);
			*text = out;
			goto done;
		}
	}
	out = cbp_strf("%s%s%s%c\n", *text,
		       **text && (*text)[strlen(*text) - 1] != '\n' ? "\n" : "",
		       set, val);
	free(*text);
	*text = out;
done:
	free(set);
	free(unset);
}

/* make in the tree's build directory, with the flags of every build. */
static int kmake(struct cbp_tree *t, const char *const *targets, size_t n,
		 int keep_going, char **log)
{
	const char **argv = cbp_calloc(n + 12, sizeof(*argv));
	char *o = cbp_strf("O=%s", t->obj);
	char *j = cbp_strf("-j%d", t->jobs);
	size_t k = 0, i;
	int rc;

	argv[k++] = "make";
	argv[k++] = "-C";
	argv[k++] = t->src;
	argv[k++] = o;
	argv[k++] = "ARCH=x86_64";
	argv[k++] = j;
	argv[k++] = "W=1";
	if (t->sparse)
		argv[k++] = "C=1";
	if (keep_going)
		argv[k++] = "-k";
	for (i = 0; i < n; i++)
		argv[k++] = targets[i];
	argv[k] = NULL;
	rc = tree_run(NULL, argv, log);
	free(argv);
	free(o);
	free(j);
	return rc;
}

/* The last @n lines of @log, for an error message. */
static const char *tail(const char *log, int n)
{
	const char *s = log + strlen(log);

	while (s > log && s[-1] == '\n')
		s--;
	while (s > log && n)
		if (*--s == '\n')
			n--;
	return s + (*s == '\n');
}

/* Read the build directory's .config. */
static char *read_config(struct cbp_tree *t)
{
	char *p = cbp_strf("%s/.config", t->obj), *text = tree_read(p, NULL);

	free(p);
	return text;
}

static int olddefconfig(struct cbp_tree *t, const char *text)
{
	static const char * const target[] = { "olddefconfig" };
	char *p = cbp_strf("%s/.config", t->obj), *log = NULL;
	int rc = tree_write(p, text, strlen(text));

	free(p);
	if (rc)
		return -1;
	rc = kmake(t, target, 1, 0, &log);
	if (rc)
		cbp_error("make %s failed in %s: %s", target[0], t->obj,
			  rc > 0 ? tail(log, 8) : cbp_errmsg());
	free(log);
	return rc ? -1 : 0;
}

/* Write @text as the .config, run olddefconfig, read the result back. */
static char *reconfigure(struct cbp_tree *t, char *text)
{
	char *now = NULL;

	if (!olddefconfig(t, text)) {
		now = read_config(t);
		if (!now)
			cbp_error("no .config in %s after olddefconfig",
				  t->obj);
	}
	free(text);
	return now;
}

/*
 * Make the symbols @want enabled: m, else y, else with what their
 * "depends on" names (and so on, a few rounds); record what was set
 * beyond the distribution's configuration and what could not be.
 */
static int configure(struct cbp_tree *t, char **want, size_t nr_want)
{
	char *text = cbp_strdup(t->base_config), **set = NULL;
	size_t nr_set = 0, i, k, round;

	for (i = 0; i < nr_want; i++) {
		tree_strv_add(&set, &nr_set, want[i]);
		config_set(&text, want[i], 'm');
	}
	text = reconfigure(t, text);
	for (round = 1; text && round < 6; round++) {
		size_t nr = nr_set;
		int failing = 0;

		for (i = 0; i < nr; i++) {
			char **deps;
			size_t nd;

			if (enabled(text, set[i]))
				continue;
			failing = 1;
			if (round % 2) {
				config_set(&text, set[i], 'y');
				continue;
			}
			config_set(&text, set[i], 'm');
			if (tree_kconfig_depends(t, set[i], &deps, &nd))
				continue;
			for (k = 0; k < nd; k++)
				if (!enabled(text, deps[k])) {
					tree_strv_add(&set, &nr_set, deps[k]);
					config_set(&text, deps[k], 'm');
				}
			tree_strv_free(deps, nd);
		}
		if (!failing)
			break;
		text = reconfigure(t, text);
	}
	for (i = 0; text && i < nr_set; i++)
		if (enabled(text, set[i]) && !enabled(t->base_config, set[i]))
			tree_strv_add(&t->info.enabled, &t->info.nr_enabled,
				      set[i]);
	for (i = 0; text && i < nr_want; i++)
		if (!enabled(text, want[i]))
			tree_strv_add(&t->info.unmet, &t->info.nr_unmet,
				      want[i]);
	tree_strv_free(set, nr_set);
	if (!text)
		return -1;
	free(text);
	return 0;
}

/* "name=a b c" of a stamp, as a list. */
static void stamp_list(const char *stamp, const char *name, char ***v,
		       size_t *nr)
{
	char *key = cbp_strf("\n%s=", name), *s = strstr(stamp, key), *l;
	char *save = NULL, *w;

	if (s) {
		s += strlen(key);
		l = cbp_strndup(s, strcspn(s, "\n"));
		for (w = strtok_r(l, " ", &save); w;
		     w = strtok_r(NULL, " ", &save))
			tree_strv_add(v, nr, w);
		free(l);
	}
	free(key);
}

static char *strv_join(char **v, size_t nr)
{
	char *s = cbp_strdup(""), *n;
	size_t i;

	for (i = 0; i < nr; i++) {
		n = cbp_strf("%s%s%s", s, i ? " " : "", v[i]);
		free(s);
		s = n;
	}
	return s;
}

/* Prepare the build directory in place; stamp it when done. */
static int prepare_dir(struct cbp_tree *t, char **want, size_t nr_want,
		       const char *stamp)
{
	static const char * const targets[] = { "prepare", "modules_prepare" };
	const char *rm[5] = { "rm", "-rf", "--", NULL, NULL };
	double start = cbp_now();
	char *log = NULL, *path, *en, *un, *text;
	int rc;

	rm[3] = t->obj;
	if (tree_run(NULL, rm, NULL) || mkdir(t->obj, 0777))
		return cbp_error("cannot create %s", t->obj);
	cbp_note("preparing Linux %s for x86_64 in %s (once for this configuration)",
		 t->info.version, t->obj);
	if (configure(t, want, nr_want))
		return -1;
	rc = kmake(t, targets, ARRAY_SIZE(targets), 0, &log);
	path = cbp_strf("%s/prepare.log", t->obj);
	if (log)
		tree_write(path, log, strlen(log));
	if (rc) {
		cbp_error("preparing %s for x86_64 failed (log: %s): %s",
			  t->info.dir, path, rc > 0 ? tail(log, 10) : "");
		free(path);
		free(log);
		return -1;
	}
	free(path);
	free(log);
	t->info.prepare_seconds = cbp_now() - start;
	t->info.prepared_now = 1;
	en = strv_join(t->info.enabled, t->info.nr_enabled);
	un = strv_join(t->info.unmet, t->info.nr_unmet);
	text = cbp_strf("recipe=%d\nseconds=%.1f\nenabled=%s\nunmet=%s\n",
			CBP_TREE_RECIPE, t->info.prepare_seconds, en, un);
	rc = tree_write(stamp, text, strlen(text));
	free(text);
	free(en);
	free(un);
	return rc;
}

/**
 * cbp_tree_prepare() - the build directory for a series, prepared once
 * @t: the tree, before any patch
 * @d: the diffs of the series
 * @nr: their number
 *
 * The configuration is the distribution's, with the guards of every
 * object the series needs built enabled.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_tree_prepare(struct cbp_tree *t, const struct cbp_diff *d, size_t nr)
{
	char **want = NULL, *key_text, *key, *stamp, *old;
	size_t nr_want = 0, i, k, n, len;
	int rc = 0;

	if (!t->build)
		return 0;
	for (i = 0; i < nr; i++) {
		struct cbp_tree_obj *o;
		size_t no;

		cbp_tree_objects(t, &d[i], &o, &no);
		for (k = 0; k < no; k++) {
			char **syms;

			if (tree_guards(t, o[k].obj, &syms, &n))
				continue;
			while (n--) {
				if (!enabled(t->base_config, syms[n]))
					tree_strv_add(&want, &nr_want, syms[n]);
				free(syms[n]);
			}
			free(syms);
		}
		cbp_tree_objs_release(o, no);
	}
	/* The same symbols in any order are the same configuration. */
	for (i = 1; i < nr_want; i++)
		for (k = i; k > 0 && strcmp(want[k - 1], want[k]) > 0; k--) {
			char *s = want[k];

			want[k] = want[k - 1];
			want[k - 1] = s;
		}
	old = strv_join(want, nr_want);
	key_text = cbp_strf("recipe=%d\n%s\n%s\n%s\n", CBP_TREE_RECIPE,
			    t->info.version, old, t->base_config);
	len = strlen(key_text);
	key = tree_hash(key_text, len);
	free(t->obj);
	t->obj = cbp_strf("%s/obj-%s", t->entry, key);
	free(t->info.objdir);
	t->info.objdir = cbp_strdup(t->obj);
	stamp = cbp_strf("%s/.cbp-complete", t->obj);
	free(old);
	old = tree_read(stamp, NULL);
	if (old) {
		char *s = strstr(old, "\nseconds=");

		t->info.prepare_seconds = s ? strtod(s + 9, NULL) : 0;
		stamp_list(old, "enabled", &t->info.enabled,
			   &t->info.nr_enabled);
		stamp_list(old, "unmet", &t->info.unmet, &t->info.nr_unmet);
	} else {
		rc = prepare_dir(t, want, nr_want, stamp);
	}
	free(old);
	free(stamp);
	free(key);
	free(key_text);
	tree_strv_free(want, nr_want);
	return rc;
}

static const char unmet[] =
	"could not be enabled for x86_64 (olddefconfig turned it off again)";

/**
 * cbp_tree_skips() - mark the objects the configuration does not build
 * @t: the tree, prepared
 * @o: the objects; @skip is set on those not to build
 * @nr: their number
 */
void cbp_tree_skips(struct cbp_tree *t, struct cbp_tree_obj *o, size_t nr)
{
	char *config = t->build ? read_config(t) : NULL;
	size_t i, k, n;

	for (i = 0; i < nr; i++) {
		char **syms;

		if (o[i].skip)
			continue;
		if (!config) {
			o[i].skip = cbp_strdup(t->build ?
					       "the build directory has no .config" :
					       "--no-build");
			continue;
		}
		if (tree_guards(t, o[i].obj, &syms, &n))
			continue;
		for (k = 0; k < n && !o[i].skip; k++) {
			if (enabled(config, syms[k]))
				continue;
			o[i].skip = cbp_strf("CONFIG_%s %s", syms[k],
					     tree_strv_has(t->info.unmet,
							   t->info.nr_unmet,
							   syms[k]) ?
					     unmet : "is not enabled in the configuration");
		}
		tree_strv_free(syms, n);
	}
	free(config);
}

/* Replace every "@from" in @s by "" (paths made relative to the tree). */
static void strip_all(char *s, const char *from)
{
	size_t n = strlen(from);
	char *hit;

	while ((hit = strstr(s, from)))
		memmove(hit, hit + n, strlen(hit + n) + 1);
}

/* Blank out "+0x1f" offsets (objtool's) so that keys survive them. */
static void key_of(struct cbp_diag *g, const char *sev, const char *msg)
{
	char *k = cbp_strf("%s: %s: %s", g->file, sev, msg), *s;

	for (s = k; (s = strstr(s, "+0x")); ) {
		char *e = s + 3;

		while (isxdigit((unsigned char)*e))
			e++;
		memmove(s + 3, e, strlen(e) + 1);
		s += 3;
	}
	free(g->key);
	g->key = k;
}

static const char *severity(const char *l, const char **msg, size_t *at)
{
	static const char * const sevs[] = {
		": fatal error: ", ": error: ", ": warning: ",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sevs); i++) {
		const char *s = strstr(l, sevs[i]);

		if (s) {
			*at = s - l;
			*msg = s + strlen(sevs[i]);
			return i < 2 ? "error" : "warning";
		}
	}
	return NULL;
}

/**
 * tree_parse_diags() - the diagnostics of a build log
 * @log: the log, its paths made relative to the tree already
 * @b: the build; its diagnostics are added to
 */
void tree_parse_diags(const char *log, struct cbp_build *b)
{
	size_t alloc = 0;
	struct cbp_diag *last = NULL;
	const char *s, *eol;

	for (s = log; *s; s = *eol ? eol + 1 : eol) {
		const char *msg, *sev;
		char *line, *colon;
		size_t at;
		struct cbp_diag *g;

		eol = strchrnul(s, '\n');
		line = cbp_strndup(s, eol - s);
		sev = severity(line, &msg, &at);
		if (sev && strncmp(line, "cc1", 3) && strncmp(line, "make", 4)) {
			b->d = cbp_grow(b->d, sizeof(*b->d), b->nr + 1, &alloc);
			g = &b->d[b->nr++];
			memset(g, 0, sizeof(*g));
			g->error = *sev == 'e';
			g->file = cbp_strndup(line, at);
			colon = strchr(g->file, ':');
			if (colon) {
				g->line = strtoul(colon + 1, NULL, 10);
				*colon = '\0';
			}
			g->text = cbp_strdup(line);
			key_of(g, sev, msg);
			last = g;
		} else if (last && !strncmp(line, last->file,
					    strlen(last->file)) &&
			   strstr(line, ":    ")) {
			/* sparse's "expected ..."/"got ..." lines */
			char *t = cbp_strf("%s\n%s", last->text, line);
			char *k = cbp_strf("%s |%s", last->key,
					   strstr(line, ":    ") + 1);

			free(last->text);
			last->text = t;
			free(last->key);
			last->key = k;
		} else if (last && line[0] == ' ' && strstr(line, " | ")) {
			/* gcc's quote of the source and its caret line */
			char *t = cbp_strf("%s\n%s", last->text, line);

			free(last->text);
			last->text = t;
		} else if (!strncmp(line, "make", 4) &&
			   strstr(line, "No rule to make target")) {
			b->d = cbp_grow(b->d, sizeof(*b->d), b->nr + 1, &alloc);
			g = &b->d[b->nr++];
			memset(g, 0, sizeof(*g));
			g->error = 1;
			g->file = cbp_strdup("");
			g->text = cbp_strdup(line + strcspn(line, "*"));
			g->key = cbp_strdup(g->text);
			last = NULL;
		} else if (strncmp(line, "In file included", 16) &&
			   strncmp(line, "                 from", 21) &&
			   !strstr(line, ": note: ") &&
			   !strstr(line, ": In function")) {
			last = NULL;
		}
		free(line);
	}
}

/**
 * cbp_tree_build() - build objects in the scratch copy as it is now
 * @t: the tree, prepared
 * @o: the objects; those with @skip set are left out
 * @nr: their number
 * @res: the build; release with cbp_build_release()
 *
 * Return: 0 (however the build went: see @res), or -1 with the error
 * recorded when make cannot be run.
 */
int cbp_tree_build(struct cbp_tree *t, const struct cbp_tree_obj *o,
		   size_t nr, struct cbp_build *res)
{
	const char **targets = cbp_calloc(nr + 1, sizeof(*targets));
	double start = cbp_now();
	size_t i, n = 0;
	char *pre;
	int rc;

	memset(res, 0, sizeof(*res));
	res->failed = cbp_calloc(nr + 1, sizeof(*res->failed));
	res->nr_objs = nr;
	for (i = 0; i < nr; i++) {
		char *p;

		if (o[i].skip)
			continue;
		p = cbp_strf("%s/%s", t->obj, o[i].obj);
		unlink(p);
		free(p);
		targets[n++] = o[i].obj;
	}
	if (!n) {
		free(targets);
		res->log = cbp_strdup("");
		return 0;
	}
	rc = kmake(t, targets, n, 1, &res->log);
	free(targets);
	if (rc < 0)
		return -1;
	pre = cbp_strf("%s/", t->src);
	strip_all(res->log, pre);
	free(pre);
	pre = cbp_strf("%s/", t->obj);
	strip_all(res->log, pre);
	free(pre);
	tree_parse_diags(res->log, res);
	for (i = 0; i < nr; i++) {
		char *p;
		struct stat st;

		if (o[i].skip)
			continue;
		p = cbp_strf("%s/%s", t->obj, o[i].obj);
		res->failed[i] = stat(p, &st) != 0;
		free(p);
	}
	res->seconds = cbp_now() - start;
	return 0;
}

/**
 * cbp_build_release() - free what cbp_tree_build() filled in
 * @b: the build
 */
void cbp_build_release(struct cbp_build *b)
{
	size_t i;

	for (i = 0; i < b->nr; i++) {
		free(b->d[i].file);
		free(b->d[i].text);
		free(b->d[i].key);
	}
	free(b->d);
	free(b->failed);
	free(b->log);
	memset(b, 0, sizeof(*b));
}
