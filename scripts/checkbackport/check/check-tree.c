// SPDX-License-Identifier: GPL-2.0
/*
 * check --tree: does the series apply to the target tree, in order, and
 * does what it touches still build, without new warnings?
 *
 * The tree is opened and its build directory prepared once for the
 * series (cbp_check_tree_begin()); then, as check reaches each patch in
 * order, check_tree_load() tries it on the scratch copy, builds the
 * objects it touches as they are, applies it, and builds them again.
 * The build after one patch is the build before the next when both need
 * the same objects, so a series of fixes to one file costs one build
 * per patch.  A patch that does not apply is left out and the rest of
 * the series goes on without it.  The checks below only read the result.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check-priv.h"
#include "base/output.h"
#include "tree/tree.h"

/**
 * struct check_series_tree - the target tree and the series on it
 * @t: the tree
 * @p: the patches of the series, in order
 * @d: the diff of each (empty when it has none or it cannot be read)
 * @text: the diff's text of each, NULL if none
 * @len: its length
 * @own: @text was made here (a commit's diff), to be freed
 * @why: why @d is empty, or NULL
 * @nr: number of patches
 * @last: the objects of the last build after a patch
 * @nr_last: their number
 * @after: that build
 * @have_last: @last and @after are set
 * @quiet: no progress on the terminal
 */
struct check_series_tree {
	struct cbp_tree *t;
	struct cbp_patch **p;
	struct cbp_diff *d;
	char **text;
	size_t *len;
	int *own;
	char **why;
	size_t nr;
	struct cbp_tree_obj *last;
	size_t nr_last;
	struct cbp_build after;
	int have_last;
	int quiet;
};

/**
 * struct check_tree - what became of one patch in the target tree
 * @st: the series
 * @k: its place in the series
 * @tried: it had a diff to apply
 * @apply: the result of applying it
 * @o: the objects it needs built
 * @nr_o: their number
 * @before: the build before it
 * @after: the build after it
 * @built: @before and @after were made
 * @reused: @before and @after are those an earlier run kept
 * @seconds: the time taken by the patch (apply and builds)
 */
struct check_tree {
	struct check_series_tree *st;
	size_t k;
	int tried;
	struct cbp_apply apply;
	struct cbp_tree_obj *o;
	size_t nr_o;
	struct cbp_build before;
	struct cbp_build after;
	int built;
	int reused;
	double seconds;
};

/**
 * cbp_check_tree_begin() - open the target tree for a series
 * @chk: the checker; chk->tree is set
 * @list: the patches, in the order they are to be applied
 *
 * Opens --tree, reads every patch's diff and prepares the build
 * directory for all of them at once.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_check_tree_begin(struct checker *chk, struct cbp_patch_list *list)
{
	const struct cbp_options *opt = chk->ctx->opt;
	struct cbp_tree_opts to = {
		.dir = opt->tree,
		.config = opt->config,
		.build = !opt->no_build,
	};
	struct check_series_tree *st;
	size_t k;

	if (!opt->tree)
		return 0;
	st = cbp_calloc(1, sizeof(*st));
	chk->tree = st;
	st->quiet = opt->quiet;
	st->nr = list->nr;
	st->p = cbp_calloc(list->nr, sizeof(*st->p));
	st->d = cbp_calloc(list->nr, sizeof(*st->d));
	st->text = cbp_calloc(list->nr, sizeof(*st->text));
	st->len = cbp_calloc(list->nr, sizeof(*st->len));
	st->own = cbp_calloc(list->nr, sizeof(*st->own));
	st->why = cbp_calloc(list->nr, sizeof(*st->why));
	for (k = 0; k < list->nr; k++) {
		struct cbp_patch *p = &list->p[k];

		st->p[k] = p;
		if (p->error)
			continue;
		if (p->diff) {
			st->text[k] = p->diff;
			st->len[k] = p->diff_len;
		} else if (p->commit[0] && chk->ctx->repo) {
			struct cbp_diff tmp;

			if (cbp_git_commit_diff(chk->ctx->repo, p->commit, &tmp,
						&st->text[k], &st->len[k]))
				return -1;
			cbp_diff_release(&tmp);
			st->own[k] = 1;
		}
		if (!st->text[k]) {
			st->why[k] = cbp_strdup("it has no diff");
			continue;
		}
		if (cbp_git_diff_parse(st->text[k], st->len[k], &st->d[k]))
			st->why[k] = cbp_strdup(cbp_errmsg());
	}
	if (cbp_tree_open(&st->t, &to))
		return -1;
	return cbp_tree_prepare(st->t, st->d, st->nr);
}

/**
 * cbp_check_tree_end() - release the target tree
 * @chk: the checker
 */
void cbp_check_tree_end(struct checker *chk)
{
	struct check_series_tree *st = chk->tree;
	size_t k;

	if (!st)
		return;
	for (k = 0; k < st->nr; k++) {
		cbp_diff_release(&st->d[k]);
		if (st->own[k])
			free(st->text[k]);
		free(st->why[k]);
	}
	free(st->p);
	free(st->d);
	free(st->text);
	free(st->len);
	free(st->own);
	free(st->why);
	if (st->have_last) {
		cbp_tree_objs_release(st->last, st->nr_last);
		cbp_build_release(&st->after);
	}
	cbp_tree_close(st->t);
	free(st);
	chk->tree = NULL;
}

/* Whether two object lists name the same objects, built or skipped alike. */
static int same_objects(const struct cbp_tree_obj *a, size_t na,
			const struct cbp_tree_obj *b, size_t nb)
{
	size_t i;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++)
		if (strcmp(a[i].obj, b[i].obj) || !a[i].skip != !b[i].skip)
			return 0;
	return 1;
}

/* Build the objects that exist before the patch (the new ones cannot). */
static int build_before(struct check_series_tree *st, struct check_tree *ct)
{
	struct cbp_tree_obj *o = cbp_calloc(ct->nr_o + 1, sizeof(*o));
	size_t i;
	int rc;

	if (st->have_last && same_objects(st->last, st->nr_last, ct->o,
					  ct->nr_o)) {
		/* The build after the last patch is the build before this. */
		ct->before = st->after;
		memset(&st->after, 0, sizeof(st->after));
		cbp_tree_objs_release(st->last, st->nr_last);
		st->have_last = 0;
		free(o);
		return 0;
	}
	for (i = 0; i < ct->nr_o; i++) {
		o[i] = ct->o[i];
		if (!o[i].before && !o[i].skip)
			o[i].skip = "new";
	}
	rc = cbp_tree_build(st->t, o, ct->nr_o, &ct->before);
	free(o);
	return rc;
}

/* Keep the build after a patch for the next one. */
static void keep_after(struct check_series_tree *st, struct check_tree *ct)
{
	size_t i;

	if (st->have_last) {
		cbp_tree_objs_release(st->last, st->nr_last);
		cbp_build_release(&st->after);
	}
	st->last = cbp_calloc(ct->nr_o + 1, sizeof(*st->last));
	for (i = 0; i < ct->nr_o; i++) {
		st->last[i].obj = cbp_strdup(ct->o[i].obj);
		st->last[i].src = cbp_strdup(ct->o[i].src);
		st->last[i].why = cbp_strdup(ct->o[i].why);
		st->last[i].skip = cbp_strdup(ct->o[i].skip);
		st->last[i].before = 1;
	}
	st->nr_last = ct->nr_o;
	st->after = ct->after;
	memset(&ct->after, 0, sizeof(ct->after));
	/* The findings read the build after this patch: keep a copy. */
	ct->after.d = cbp_calloc(st->after.nr + 1, sizeof(*ct->after.d));
	for (i = 0; i < st->after.nr; i++) {
		ct->after.d[i] = st->after.d[i];
		ct->after.d[i].file = cbp_strdup(st->after.d[i].file);
		ct->after.d[i].text = cbp_strdup(st->after.d[i].text);
		ct->after.d[i].key = cbp_strdup(st->after.d[i].key);
	}
	ct->after.nr = st->after.nr;
	ct->after.failed = cbp_calloc(st->after.nr_objs + 1,
				      sizeof(*ct->after.failed));
	memcpy(ct->after.failed, st->after.failed,
	       st->after.nr_objs * sizeof(*ct->after.failed));
	ct->after.nr_objs = st->after.nr_objs;
	ct->after.seconds = st->after.seconds;
	ct->after.log = cbp_strdup(st->after.log);
	st->have_last = 1;
}

/* Objects needed after the patch: those before, and any it created. */
static void objects_after(struct check_series_tree *st, struct check_tree *ct)
{
	struct cbp_tree_obj *o;
	size_t n, i, k;

	cbp_tree_objects(st->t, &st->d[ct->k], &o, &n);
	for (i = 0; i < n; i++) {
		for (k = 0; k < ct->nr_o; k++)
			if (!strcmp(ct->o[k].obj, o[i].obj))
				break;
		if (k < ct->nr_o)
			continue;
		ct->o = cbp_realloc(ct->o, (ct->nr_o + 1) * sizeof(*ct->o));
		ct->o[ct->nr_o] = o[i];
		ct->o[ct->nr_o].before = 0;
		memset(&o[i], 0, sizeof(o[i]));
		cbp_tree_skips(st->t, &ct->o[ct->nr_o], 1);
		ct->nr_o++;
	}
	cbp_tree_objs_release(o, n);
}

/* Mark the diagnostics of the build after the patch that were not before. */
static void mark_new(struct check_tree *ct)
{
	size_t i, k;

	for (i = 0; i < ct->before.nr; i++)
		ct->before.d[i].seen = 0;
	for (i = 0; i < ct->after.nr; i++) {
		struct cbp_diag *a = &ct->after.d[i];

		a->seen = 0;
		for (k = 0; k < ct->before.nr && !a->seen; k++)
			if (!ct->before.d[k].seen &&
			    !strcmp(ct->before.d[k].key, a->key)) {
				ct->before.d[k].seen = 1;
				a->seen = 1;
			}
	}
}

/* Show progress on a terminal: which patch is being applied and built. */
static void progress(const struct check_series_tree *st, size_t k,
		     const char *what)
{
	if (st->quiet || !isatty(2))
		return;
	cbp_progress("\rcheckbackport: patch %zu of %zu: %-40s", k + 1, st->nr,
		     what);
	if (!*what)
		cbp_progress("\r");
}

/* The patch failed for a reason of its own: say so as a failed file. */
static void tree_trouble(struct check_tree *ct, const char *why)
{
	struct cbp_apply *a = &ct->apply;

	a->h = cbp_realloc(a->h, (a->nr + 1) * sizeof(*a->h));
	memset(&a->h[a->nr], 0, sizeof(*a->h));
	a->h[a->nr].path = cbp_strdup("");
	a->h[a->nr].failed = 1;
	a->h[a->nr].why = cbp_strdup(why);
	a->nr++;
	a->state = CBP_APPLY_FAILED;
}

/**
 * check_tree_load() - apply and build one patch of the series
 * @chk: the checker
 * @fx: the facts of the patch; fx->tree is set with --tree
 *
 * Return: 0, or -1 with the error recorded when a program cannot be run.
 */
int check_tree_load(struct checker *chk, struct check_facts *fx)
{
	struct check_series_tree *st = chk->tree;
	struct check_tree *ct;
	double start = cbp_now();
	char *key = NULL;
	size_t k;
	int rc = 0;

	if (!st)
		return 0;
	for (k = 0; k < st->nr && st->p[k] != fx->p; k++)
		;
	if (k == st->nr)
		return 0;
	ct = cbp_calloc(1, sizeof(*ct));
	fx->tree = ct;
	ct->st = st;
	ct->k = k;
	if (!st->text[k])
		return 0;
	ct->tried = 1;
	progress(st, k, "applying");
	if (cbp_tree_check_paths(st->t, &st->d[k], &ct->apply))
		goto out;
	/* What goes wrong with one patch is its finding, not the series' end. */
	if (cbp_tree_try(st->t, st->text[k], st->len[k], &ct->apply))
		tree_trouble(ct, cbp_errmsg());
	if (ct->apply.state != CBP_APPLY_OK)
		goto out;
	cbp_tree_objects(st->t, &st->d[k], &ct->o, &ct->nr_o);
	cbp_tree_skips(st->t, ct->o, ct->nr_o);
	if (!chk->ctx->opt->no_build && ct->nr_o) {
		key = cbp_tree_reuse_key(st->t, &st->d[k], st->text[k],
					 st->len[k], ct->o, ct->nr_o);
		ct->reused = key && !cbp_tree_reuse_load(st->t, key,
							 &ct->before,
							 &ct->after);
		if (!ct->reused) {
			progress(st, k, "building before it");
			rc = build_before(st, ct);
		}
	}
	if (!rc && cbp_tree_apply(st->t, &ct->apply)) {
		tree_trouble(ct, cbp_errmsg());
		goto out;
	}
	if (!rc && !chk->ctx->opt->no_build) {
		objects_after(st, ct);
		if (ct->reused && ct->after.nr_objs != ct->nr_o) {
			/* not the objects it was kept for: build again */
			cbp_build_release(&ct->after);
			ct->reused = 0;
			free(key);
			key = NULL;
		}
		if (ct->nr_o && !ct->reused) {
			progress(st, k, "building after it");
			rc = cbp_tree_build(st->t, ct->o, ct->nr_o, &ct->after);
		}
		ct->built = ct->nr_o && !rc;
		if (ct->built && key && !ct->reused)
			cbp_tree_reuse_save(st->t, key, &ct->before,
					    &ct->after);
		if (ct->built) {
			mark_new(ct);
			keep_after(st, ct);
		}
	}
out:
	free(key);
	progress(st, k, "");
	ct->seconds = cbp_now() - start;
	return rc;
}

/**
 * check_tree_release() - free what check_tree_load() gathered
 * @fx: the facts
 */
void check_tree_release(struct check_facts *fx)
{
	struct check_tree *ct = fx->tree;

	if (!ct)
		return;
	cbp_apply_release(&ct->apply);
	cbp_tree_objs_release(ct->o, ct->nr_o);
	cbp_build_release(&ct->before);
	cbp_build_release(&ct->after);
	free(ct);
	fx->tree = NULL;
}

/* The file of the series' diff that @path names, or NULL. */
static const struct cbp_dfile *diff_file(const struct check_tree *ct,
					 const char *path)
{
	const struct cbp_diff *d = &ct->st->d[ct->k];
	size_t i;

	for (i = 0; i < d->nr; i++)
		if ((d->f[i].new_path && !strcmp(d->f[i].new_path, path)) ||
		    (d->f[i].old_path && !strcmp(d->f[i].old_path, path)))
			return &d->f[i];
	return NULL;
}

/* Lines of a failed hunk shown, and of the tree beside them. */
#define HUNK_SHOWN	16

/* What a failed hunk expected, and what the tree has there. */
static char *hunk_detail(const struct check_tree *ct,
			 const struct cbp_apply_hunk *h,
			 const struct cbp_dhunk *dh)
{
	const char *expect[HUNK_SHOWN];
	unsigned int want = 0;
	char *s = NULL, *tree;
	size_t i;

	cbp_strcatf(&s, "    the hunk expects, at line %u:\n", h->at);
	for (i = 0; i < dh->nr; i++) {
		if (dh->l[i].origin == '+')
			continue;
		if (want < HUNK_SHOWN) {
			expect[want] = dh->l[i].text;
			cbp_strcatf(&s, "      %c%s\n", dh->l[i].origin,
				    dh->l[i].text);
		}
		want++;
	}
	if (want > HUNK_SHOWN)
		cbp_strcatf(&s, "      ... (%u lines in all)\n", want);
	tree = cbp_tree_lines(ct->st->t, h->path, h->at,
			      want < HUNK_SHOWN ? want : HUNK_SHOWN, "      ",
			      expect);
	cbp_strcatf(&s, "    the tree has (! where it differs):\n%s",
		    tree ? tree : "      (cannot read the file)\n");
	free(tree);
	return s;
}

/* Scope CHECK_TREE has one item, present only with --tree. */
static struct check_tree *tree_of(struct check_run *run)
{
	return run->fx->tree;
}

static const char in_reverse[] =
	"; its change is in the tree already (it applies in reverse)";

/**
 * check_apply_failed() - APPLY_FAILED: a hunk or file does not apply
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_apply_failed(struct check_run *run, size_t i __always_unused)
{
	struct check_tree *ct = tree_of(run);
	const struct cbp_apply *a = &ct->apply;
	const struct cbp_tree_info *ti = cbp_tree_info(ct->st->t);
	struct cbp_finding *f;
	size_t k, n = 0;

	if (!ct->tried || a->state != CBP_APPLY_FAILED)
		return 0;
	for (k = 0; k < a->nr; k++) {
		const struct cbp_apply_hunk *h = &a->h[k];
		const struct cbp_dfile *df = diff_file(ct, h->path);

		if (!h->failed)
			continue;
		n++;
		if (!h->hunk) {
			f = check_emit(run, 0, "%s: %s", h->path[0] ? h->path :
				       "the patch", h->why);
			continue;
		}
		f = check_emit(run, 0,
			       "%s: hunk %u of %zu%s%s%s does not apply to Linux %s (expected at line %u)%s",
			       h->path, h->hunk, df ? df->nr : 0,
			       df && h->hunk <= df->nr ? " (" : "",
			       df && h->hunk <= df->nr ? df->h[h->hunk - 1].header : "",
			       df && h->hunk <= df->nr ? ")" : "",
			       ti->version, h->at,
			       h->reversed ? in_reverse : "");
		if (df && h->hunk <= df->nr)
			f->detail = hunk_detail(ct, h, &df->h[h->hunk - 1]);
	}
	if (!n) {
		const char *log = a->log ? a->log : "";

		f = check_emit(run, 0, "the patch does not apply to Linux %s",
			       ti->version);
		f->detail = cbp_strf("    GNU patch says:\n%s", log);
	}
	f->hint = cbp_strf("rebase it on %s%s", ti->dir,
			   ct->k + 1 < ct->st->nr ?
			   "; the rest of the series was applied without it" : "");
	return 0;
}

/**
 * check_applies_in_reverse() - APPLIES_IN_REVERSE: already in the tree
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_applies_in_reverse(struct check_run *run, size_t i __always_unused)
{
	struct check_tree *ct = tree_of(run);
	const struct cbp_diff *d = &ct->st->d[ct->k];
	struct cbp_finding *f;
	size_t k, hunks = 0;

	if (!ct->tried || ct->apply.state != CBP_APPLY_REVERSED)
		return 0;
	for (k = 0; k < d->nr; k++)
		hunks += d->f[k].nr;
	f = check_emit(run, 0,
		       "the change is in the tree already (Linux %s%s): all of it (%zu hunk%s in %zu file%s) applies in reverse",
		       cbp_tree_info(ct->st->t)->version,
		       ct->k ? " with the patches before it" : "", hunks,
		       hunks == 1 ? "" : "s", d->nr, d->nr == 1 ? "" : "s");
	f->hint = cbp_strf("%s %s", "drop it from the series, or find the commit",
			   "that brought the change (it may carry another ID)");
	return 0;
}

/**
 * check_apply_offset() - APPLY_OFFSET: hunks moved or fuzzed, per file
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_apply_offset(struct check_run *run, size_t i __always_unused)
{
	struct check_tree *ct = tree_of(run);
	const struct cbp_apply *a = &ct->apply;
	size_t k, j;

	if (!ct->tried || a->state != CBP_APPLY_OK)
		return 0;
	for (k = 0; k < a->nr; k++) {
		char *s = NULL;

		/* One finding per file: its first hunk with something. */
		for (j = 0; j < k; j++)
			if (!strcmp(a->h[j].path, a->h[k].path))
				break;
		if (j < k)
			continue;
		for (j = k; j < a->nr; j++) {
			const struct cbp_apply_hunk *h = &a->h[j];

			if (strcmp(h->path, a->h[k].path))
				continue;
			cbp_strcatf(&s, "%shunk %u at line %u", s ? ", " : "",
				    h->hunk, h->at);
			if (h->offset)
				cbp_strcatf(&s, " (offset %+ld line%s)",
					    h->offset,
					    labs(h->offset) == 1 ? "" : "s");
			if (h->fuzz)
				cbp_strcatf(&s, " with fuzz %d", h->fuzz);
		}
		check_emit(run, 0, "%s: applied with %s: %s", a->h[k].path,
			   strstr(s, "fuzz") ? "fuzz" : "an offset", s);
		free(s);
	}
	return 0;
}

/* @text with every line indented, for a finding's detail. */
static char *indented(const char *text)
{
	char *s = NULL;
	const char *l, *eol;

	for (l = text; *l; l = *eol ? eol + 1 : eol) {
		eol = strchrnul(l, '\n');
		cbp_strcatf(&s, "    %.*s\n", (int)(eol - l), l);
	}
	return s;
}

/* The error messages of a build about @src, or all of them if none is. */
static char *errors_of(const struct cbp_build *b, const char *src)
{
	char *s = NULL;
	size_t i;
	int pass;

	for (pass = 0; pass < 2 && !s; pass++)
		for (i = 0; i < b->nr; i++)
			if (b->d[i].error &&
			    (pass || !strcmp(b->d[i].file, src))) {
				char *t = indented(b->d[i].text);

				cbp_strcatf(&s, "%s", t);
				free(t);
			}
	return s;
}

/**
 * check_build_failed() - BUILD_FAILED: an object does not build after it
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_build_failed(struct check_run *run, size_t i __always_unused)
{
	struct check_tree *ct = tree_of(run);
	struct cbp_finding *f;
	size_t k, j;

	if (!ct->built)
		return 0;
	for (k = 0; k < ct->nr_o; k++) {
		int before = 0;

		if (ct->o[k].skip || !ct->after.failed[k])
			continue;
		for (j = 0; j < ct->before.nr_objs; j++)
			before |= ct->before.failed[j] && ct->o[j].before &&
				  !strcmp(ct->o[j].obj, ct->o[k].obj);
		f = check_emit(run, 0, "%s does not build after the patch%s",
			       ct->o[k].obj, before ?
			       " (it did not build before it either)" : "");
		f->detail = errors_of(&ct->after, ct->o[k].src);
		if (!f->detail)
			f->detail = cbp_strf("    (no compiler message; make's log follows)\n%s",
					     ct->after.log);
	}
	return 0;
}

/**
 * check_new_warning() - NEW_WARNING: a message the build did not give before
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_new_warning(struct check_run *run, size_t i __always_unused)
{
	struct check_tree *ct = tree_of(run);
	struct cbp_finding *f;
	size_t k;

	if (!ct->built)
		return 0;
	for (k = 0; k < ct->after.nr; k++) {
		const struct cbp_diag *d = &ct->after.d[k];
		const char *nl = strchr(d->text, '\n');

		if (d->seen || d->error)
			continue;
		f = check_emit(run, 0, "%.*s", nl ? (int)(nl - d->text) :
			       (int)strlen(d->text), d->text);
		if (nl)
			f->detail = indented(nl + 1);
	}
	return 0;
}

/* Why nothing is built for a touched header [0] or source [1]. */
static const char * const nothing_built[] = {
	"no .c file of its directory includes it",
	"no kbuild file lists its object, and no .c file of its directory includes it",
};

/**
 * check_build_skipped() - BUILD_SKIPPED: a touched object not built
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_build_skipped(struct check_run *run, size_t i __always_unused)
{
	struct check_tree *ct = tree_of(run);
	const struct cbp_diff *d;
	size_t k, j;

	if (!ct->tried || ct->apply.state != CBP_APPLY_OK ||
	    run->chk->ctx->opt->no_build)
		return 0;
	for (k = 0; k < ct->nr_o; k++)
		if (ct->o[k].skip)
			check_emit(run, 0, "%s not built: %s", ct->o[k].obj,
				   ct->o[k].skip);
	/* Touched sources no kbuild file lists, and none of theirs includes. */
	d = &ct->st->d[ct->k];
	for (k = 0; k < d->nr; k++) {
		const char *p = d->f[k].new_path;
		size_t n = p ? strlen(p) : 0;
		int covered = 0;

		if (n < 3 || p[n - 2] != '.' || (p[n - 1] != 'c' && p[n - 1] != 'h'))
			continue;
		for (j = 0; j < ct->nr_o; j++)
			covered |= !strcmp(ct->o[j].why, p);
		if (!covered)
			check_emit(run, 0, "%s: nothing built for it (%s)", p,
				   nothing_built[p[n - 1] == 'c']);
	}
	if (ct->st->why[ct->k])
		check_emit(run, 0, "nothing built: the diff cannot be read (%s)",
			   ct->st->why[ct->k]);
	return 0;
}

/**
 * check_tree_report() - what was done with the patch, for the report
 * @fx: the facts
 * @r: the report; r->tree and r->tree_json are added to
 */
void check_tree_report(const struct check_facts *fx, struct cbp_report *r)
{
	const struct check_tree *ct = fx->tree;
	struct json_object *o, *objs;
	static const char * const states[] = { "applied", "failed", "in-tree" };
	size_t k, built = 0, neww = 0, failed = 0;
	char *s = NULL, *list = NULL;

	if (!ct)
		return;
	o = json_object_new_object();
	objs = json_object_new_array();
	for (k = 0; k < ct->nr_o && ct->built; k++) {
		if (ct->o[k].skip)
			continue;
		built++;
		failed += !!ct->after.failed[k];
		cbp_strcatf(&list, "%s%s", list ? ", " : "", ct->o[k].obj);
		json_object_array_add(objs, json_object_new_string(ct->o[k].obj));
	}
	for (k = 0; k < ct->after.nr; k++)
		neww += !ct->after.d[k].seen && !ct->after.d[k].error;
	if (!ct->tried)
		cbp_strcatf(&s, "tree: not applied: %s", ct->st->why[ct->k] ?
		    ct->st->why[ct->k] : "no diff");
	else if (ct->apply.state != CBP_APPLY_OK)
		cbp_strcatf(&s, "tree: not applied (%s)", ct->apply.state ==
		    CBP_APPLY_REVERSED ? "it is in the tree already" :
		    "it does not apply");
	else if (!built)
		cbp_strcatf(&s, "tree: applied; nothing built");
	else
		cbp_strcatf(&s,
			    "tree: applied; built %s before and after: %zu new warning%s%s",
			    list, neww, neww == 1 ? "" : "s",
			    failed ? ", build failed" : "");
	cbp_strcatf(&s, " (%.1f s%s)\n", ct->seconds,
		    ct->reused ? ", both builds reused from an earlier run" : "");
	r->tree = s;
	json_object_object_add(o, "state", ct->tried ?
			       json_object_new_string(states[ct->apply.state]) :
			       NULL);
	json_object_object_add(o, "objects", objs);
	json_object_object_add(o, "new_warnings", json_object_new_int((int)neww));
	json_object_object_add(o, "build_failed", json_object_new_int((int)failed));
	json_object_object_add(o, "seconds",
			       json_object_new_double(ct->seconds));
	json_object_object_add(o, "reused",
			       json_object_new_boolean(ct->reused));
	if (!r->tree_json)
		r->tree_json = json_object_new_object();
	json_object_object_add(r->tree_json, "tree", o);
	free(list);
}

/**
 * cbp_check_tree_print_human() - say what tree the series went to
 * @chk: the checker
 */
void cbp_check_tree_print_human(const struct checker *chk)
{
	const struct cbp_tree_info *ti;
	size_t k;

	if (!chk->tree)
		return;
	ti = cbp_tree_info(chk->tree->t);
	printf("tree: %s (Linux %s%s)\n", ti->dir, ti->version,
	       ti->git ? ", a git worktree" : "");
	if (!ti->objdir[0]) {
		printf("      apply only (--no-build)\n\n");
		return;
	}
	printf("      x86_64, W=1 and sparse; configuration %s", ti->config);
	for (k = 0; k < ti->nr_enabled; k++)
		printf("%s CONFIG_%s", k ? "," : " plus", ti->enabled[k]);
	printf("\n      build directory %s, prepared %s in %.1f s\n",
	       ti->objdir, ti->prepared_now ? "now" : "earlier",
	       ti->prepare_seconds);
	for (k = 0; k < ti->nr_unmet; k++)
		printf("      CONFIG_%s could not be enabled\n", ti->unmet[k]);
	putchar('\n');
}

static struct json_object *strv_json(char **v, size_t nr)
{
	struct json_object *a = json_object_new_array();
	size_t k;

	for (k = 0; k < nr; k++)
		json_object_array_add(a, json_object_new_string(v[k]));
	return a;
}

/**
 * cbp_check_tree_json() - the target tree, for --json
 * @chk: the checker
 *
 * Return: the object, or NULL without --tree.
 */
struct json_object *cbp_check_tree_json(const struct checker *chk)
{
	const struct cbp_tree_info *ti;
	struct json_object *o;

	if (!chk->tree)
		return NULL;
	ti = cbp_tree_info(chk->tree->t);
	o = json_object_new_object();
	json_object_object_add(o, "dir", json_object_new_string(ti->dir));
	json_object_object_add(o, "version",
			       json_object_new_string(ti->version));
	json_object_object_add(o, "git", json_object_new_boolean(ti->git));
	json_object_object_add(o, "config", ti->config ?
			       json_object_new_string(ti->config) : NULL);
	json_object_object_add(o, "objdir", json_object_new_string(ti->objdir));
	json_object_object_add(o, "enabled",
			       strv_json(ti->enabled, ti->nr_enabled));
	json_object_object_add(o, "unmet", strv_json(ti->unmet, ti->nr_unmet));
	json_object_object_add(o, "prepared_now",
			       json_object_new_boolean(ti->prepared_now));
	json_object_object_add(o, "prepare_seconds",
			       json_object_new_double(ti->prepare_seconds));
	json_object_object_add(o, "copy_seconds",
			       json_object_new_double(ti->copy_seconds));
	return o;
}
