// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport lint: the citations a maintainer should look at, so that
 * the bad trailers of a tree can be found and fixed.
 *
 * For the commits of a revision range (by default every commit indexed)
 * it lists, one per line, every suspicious citation, every malformed one
 * (an ID of more than 40 digits, or one typo from a commit with the
 * expected subject) and, as information, every adapted one:
 *
 *   VERDICT COMMIT ("subject"): TRAILER: MESSAGE
 *
 * suspicious and malformed lines first, then adapted ones, each group in
 * author-date order; then a line starting with "total:".  --json gives the
 * same as one document.  Exit status 1 when there is a suspicious or a
 * malformed citation.
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "indexer/build.h"
#include "report/cbp.h"
#include "git/git.h"

/* One line of the report. */
struct entry {
	int what;		/* CBP_TRUST_SUSPICIOUS, _ADAPTED, _SQUASHED, _REVERT, MALFORMED */
	struct cbp_commit src;
	struct cbp_link link;	/* suspicious and adapted */
	struct cbp_malformed bad;	/* malformed */
	size_t order;
};

#define MALFORMED	(-1)

struct lint {
	struct cbp_ctx *ctx;
	struct cbp_index *idx;
	long long *range;	/* sorted rows of the range, or NULL for all */
	size_t nr_range;
	struct entry *e;
	size_t nr, alloc;
	long long count[CBP_TRUST_NR];	/* citations per enum cbp_trust */
	size_t commits;
};

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static int in_range(const struct lint *lt, long long id)
{
	return !lt->range || bsearch(&id, lt->range, lt->nr_range,
				     sizeof(*lt->range), cmp_ll);
}

/* The rows of the commits of @range, sorted. */
static int load_range(struct lint *lt, const char *range)
{
	struct cbp_oid *oids;
	char hex[CBP_OID_HEXSZ + 1];
	size_t nr, i;
	long long id;
	int rc = 0;

	if (cbp_git_rev_list(lt->ctx->repo, range, &oids, &nr))
		return -1;
	lt->range = cbp_calloc(nr ? nr : 1, sizeof(*lt->range));
	for (i = 0; i < nr && rc >= 0; i++) {
		rc = cbp_index_lookup_full(lt->idx, cbp_oid_tohex(&oids[i], hex),
					   &id);
		if (!rc)
			lt->range[lt->nr_range++] = id;
	}
	free(oids);
	if (rc < 0)
		return -1;
	cbp_sort(lt->range, lt->nr_range, sizeof(*lt->range), cmp_ll);
	lt->commits = lt->nr_range;
	return 0;
}

static struct entry *add(struct lint *lt, int what, long long src)
{
	struct entry *e;

	lt->e = cbp_grow(lt->e, sizeof(*lt->e), lt->nr + 1, &lt->alloc);
	e = &lt->e[lt->nr];
	memset(e, 0, sizeof(*e));
	if (cbp_commit_get(lt->idx, src, &e->src))
		return NULL;
	e->what = what;
	e->order = lt->nr++;
	return e;
}

/* The suspicious and adapted citations, and the verdicts of all. */
static int load_links(struct lint *lt)
{
	struct cbp_link *l;
	size_t n, i, k;

	if (cbp_origin_links(lt->idx, CBP_TRUST_ADAPTED, &l, &n))
		return -1;
	for (i = 0; i < n; i++) {
		struct entry *e;

		if (!in_range(lt, l[i].src))
			continue;
		e = add(lt, l[i].trust, l[i].src);
		if (e)
			e->link = l[i];
	}
	free(l);
	if (!lt->range)
		return cbp_trust_count(lt->idx, lt->count);
	for (k = 0; k < lt->nr_range; k++) {
		if (cbp_links(lt->idx, lt->range[k], 1, 1, &l, &n))
			return -1;
		for (i = 0; i < n; i++)
			if (l[i].trust >= 0 && l[i].trust < CBP_TRUST_NR)
				lt->count[l[i].trust]++;
		free(l);
	}
	return 0;
}

static int load_malformed(struct lint *lt)
{
	struct cbp_malformed *m;
	size_t n, i;

	if (cbp_malformed_of(lt->idx, -1, &m, &n))
		return -1;
	for (i = 0; i < n; i++) {
		struct entry *e;

		if (!in_range(lt, m[i].src))
			continue;
		e = add(lt, MALFORMED, m[i].src);
		if (e)
			e->bad = m[i];
	}
	free(m);
	return 0;
}

/* The groups of the report: problems, then information from group 2. */
#define GROUPS		5
#define INFORMATION	2

static int group(int what)
{
	switch (what) {
	case CBP_TRUST_SUSPICIOUS:
		return 0;
	case MALFORMED:
		return 1;
	case CBP_TRUST_SQUASHED:
		return 3;
	case CBP_TRUST_REVERT:
		return 4;
	}
	return 2;
}

/* Problems first, then information; each in author-date order. */
static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int gx = group(x->what) >= INFORMATION;
	int gy = group(y->what) >= INFORMATION;

	if (gx != gy)
		return gx - gy;
	if (x->src.atime != y->src.atime)
		return x->src.atime < y->src.atime ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static const char *what_name(int what)
{
	return what == MALFORMED ? "malformed" : cbp_trust_name(what);
}

static void print_entry(struct lint *lt, const struct entry *e)
{
	char cite[640], form[160], why[768], fix[160];

	printf("%s %s: ", what_name(e->what),
	       cbp_cite_str(&e->src, cite, sizeof(cite)));
	if (e->what == MALFORMED) {
		printf("%s: %s",
		       cbp_cite_form(e->bad.kind, e->bad.cited, form, sizeof(form)),
		       cbp_malformed_problem(&e->bad, why, sizeof(why)));
		if (e->bad.suggest.id)
			printf(": write %s",
			       cbp_malformed_fix(&e->bad, fix, sizeof(fix)));
	} else {
		struct cbp_trust_info ti;
		struct cbp_commit d;

		if (cbp_commit_get(lt->idx, e->link.dst, &d))
			memset(&d, 0, sizeof(d));
		if (cbp_trust_get(lt->idx, &e->link, &ti))
			memset(&ti, 0, sizeof(ti));
		/* A Change-Id cites nothing: it is the other commit's. */
		if (e->link.kind == CBP_SAME_CHANGE_ID)
			printf("same Change-Id as %s: %s",
			       cbp_cite_str(&d, cite, sizeof(cite)),
			       cbp_trust_reason(&ti, why, sizeof(why)));
		else
			printf("%s: cites %s: %s",
			       cbp_cite_form(e->link.kind, e->link.cited, form,
					     sizeof(form)),
			       cbp_cite_str(&d, cite, sizeof(cite)),
			       cbp_trust_reason(&ti, why, sizeof(why)));
	}
	printf("\n");
}

static struct json_object *entry_json(struct lint *lt, const struct entry *e)
{
	struct json_object *o;
	struct cbp_trust_info ti;
	struct cbp_commit d;
	char form[160];

	if (e->what == MALFORMED)
		return cbp_malformed_json(lt->idx, &e->bad);
	o = json_object_new_object();
	json_object_object_add(o, "commit", cbp_commit_json(lt->idx, &e->src));
	cbp_cite_form(e->link.kind, e->link.cited, form, sizeof(form));
	json_object_object_add(o, "trailer", json_object_new_string(form));
	json_object_object_add(o, "cited", json_object_new_string(e->link.cited));
	if (!cbp_commit_get(lt->idx, e->link.dst, &d))
		json_object_object_add(o, "cites", cbp_commit_json(lt->idx, &d));
	if (!cbp_trust_get(lt->idx, &e->link, &ti))
		json_object_object_add(o, "trust", cbp_trust_json(&ti));
	return o;
}

static void print_json(struct lint *lt, const char *range, const int *n)
{
	static const char *const key[GROUPS] = {
		"suspicious", "malformed", "adapted", "squashed", "reverts"
	};
	struct json_object *doc = json_object_new_object();
	struct json_object *arr[GROUPS], *links = json_object_new_object();
	size_t i;
	int k;

	json_object_object_add(doc, "range", range ?
			       json_object_new_string(range) : NULL);
	json_object_object_add(doc, "commits",
			       json_object_new_int64((long long)lt->commits));
	for (k = 0; k < GROUPS; k++)
		arr[k] = json_object_new_array();
	for (i = 0; i < lt->nr; i++)
		json_object_array_add(arr[group(lt->e[i].what)],
				      entry_json(lt, &lt->e[i]));
	for (k = 0; k < GROUPS; k++)
		json_object_object_add(doc, key[k], arr[k]);
	json_object_object_add(links, "consistent",
			       json_object_new_int64(lt->count[CBP_TRUST_SAME_SUBJECT] +
						     lt->count[CBP_TRUST_SAME_PATCH]));
	json_object_object_add(links, "consistent_by_patch_id",
			       json_object_new_int64(lt->count[CBP_TRUST_SAME_PATCH]));
	json_object_object_add(links, "adapted",
			       json_object_new_int64(lt->count[CBP_TRUST_ADAPTED]));
	json_object_object_add(links, "suspicious",
			       json_object_new_int64(lt->count[CBP_TRUST_SUSPICIOUS]));
	json_object_object_add(links, "squashed",
			       json_object_new_int64(lt->count[CBP_TRUST_SQUASHED]));
	json_object_object_add(links, "revert",
			       json_object_new_int64(lt->count[CBP_TRUST_REVERT]));
	json_object_object_add(links, "unjudged",
			       json_object_new_int64(lt->count[CBP_TRUST_UNJUDGED]));
	json_object_object_add(doc, "citations", links);
	json_object_object_add(doc, "problems", json_object_new_int(n[0] + n[1]));
	cbp_json_print(doc);
}

/**
 * cmd_lint() - the lint subcommand
 * @ctx: options and repository
 *
 * Return: CBP_EXIT_OK when no citation in the range is suspicious or
 * malformed, CBP_EXIT_FINDINGS when one is, CBP_EXIT_ERROR when the
 * range, the repository or the index cannot be read.
 */
int cmd_lint(struct cbp_ctx *ctx)
{
	const char *range = ctx->opt->argc ? ctx->opt->argv[0] : NULL;
	struct lint lt = { .ctx = ctx };
	int n[GROUPS] = { 0 }, ret = CBP_EXIT_ERROR;
	long long total;
	size_t i;

	if (cbp_index_open(&ctx->idx, ctx->repo, &ctx->opt->set,
			   CBP_OPEN_UPDATE | (ctx->opt->rebuild ?
					      CBP_OPEN_REBUILD : 0), NULL))
		return cbp_fail();
	cbp_gap_notes(ctx);
	lt.idx = ctx->idx;
	if ((range && load_range(&lt, range)) || load_links(&lt) ||
	    load_malformed(&lt))
		goto out;
	if (!range && !cbp_index_count_present(lt.idx, &total))
		lt.commits = (size_t)total;
	cbp_sort(lt.e, lt.nr, sizeof(*lt.e), cmp_entry);
	for (i = 0; i < lt.nr; i++)
		n[group(lt.e[i].what)]++;
	if (ctx->opt->json) {
		print_json(&lt, range, n);
	} else {
		for (i = 0; i < lt.nr; i++)
			print_entry(&lt, &lt.e[i]);
		printf("total: %d suspicious, %d malformed, %d adapted", n[0],
		       n[1], n[2]);
		if (n[3])
			printf(", %d squashed", n[3]);
		if (n[4])
			printf(", %d revert%s", n[4], n[4] == 1 ? "" : "s");
		printf(" (information)");
		printf(" in %zu commit%s\n", lt.commits, lt.commits == 1 ? "" : "s");
	}
	ret = n[0] || n[1] ? CBP_EXIT_FINDINGS : CBP_EXIT_OK;
out:
	if (ret == CBP_EXIT_ERROR)
		cbp_fail();
	free(lt.range);
	free(lt.e);
	return ret;
}
