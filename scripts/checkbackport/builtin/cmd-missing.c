// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport missing: what a stable branch lacks that mainline has,
 * by any name.  Every mainline commit whose Fixes: names a change the
 * branch has, while the branch has no name of the fix; and every change
 * the branch has that mainline reverted (or re-applied after a revert
 * the branch has), while the branch lacks the revert.  Nothing is listed
 * for a change the branch reverted itself, under whichever name its
 * revert cites: the revert is there, and fixes of it are not needed.  In
 * the order to apply them, each with the change it is for and the name the branch
 * has that change under.
 *
 * The candidates are the Fixes: and revert citations made by mainline
 * commits the branch does not contain (one indexed query); each is then
 * decided on the classes of both ends, computed once per change.  Paths
 * are not in the index: with a pathspec, the git layer diffs only the
 * commits that are found missing.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "base/idmap.h"
#include "base/output.h"
#include "report/report-edges.h"

/* A change met while deciding candidates, found again by any of its names. */
struct rec {
	long long carried;	/* a name the branch has, 0 if none */
	long long ml;		/* the first name mainline has, 0 if none */
	long long pos;		/* its mainline position */
	long long first;	/* a name to compute the class again from */
	int undone;		/* 0 unknown, 1 kept, 2 reverted by the branch */
	int skipped;		/* not listed for a change of that kind */
};

/* The changes met, and each of their names -> its struct rec. */
struct rec_map {
	struct cbp_idmap ids;
	struct rec *rec;
	size_t nr_rec, alloc_rec;
};

/* One reason a commit is missing: the citation and the change it is for. */
struct reason {
	struct cbp_link link;
	long long carried;	/* the name the branch has the change under */
	int target_revert;	/* the change cited is itself a revert */
	int alias;		/* only another name of the change leads to it */
};

struct finding {
	long long pos;		/* mainline position: the order to apply in */
	long long ml;		/* the missing commit (its first mainline name) */
	int rec;		/* the missing commit's change */
	int kind;		/* enum cbp_followup_kind */
	struct reason *r;
	size_t nr, alloc;
	int alias;		/* every reason needs another name of a change */
	long long twin;		/* a branch commit of its subject, or 0 */
	long long citer;	/* a branch commit citing it, not followed, or 0 */
};

struct run {
	struct cbp_ctx *ctx;
	struct cbp_index *idx;
	struct cbp_edges *e;
	int bit, mb;
	long long since_pos;
	struct rec_map map;
	struct finding *f;
	size_t nr, alloc;
	long long candidates, diffed;
	long long undone;	/* commits not listed: for what it reverted */
	long long *undone_ml;	/* their mainline rows, in the order met */
	size_t alloc_undone;
};

/* The change row @id is a name of, computed once for all its names. */
static int rec_of(struct run *r, long long id, struct rec **out)
{
	struct rec_map *m = &r->map;
	int *known = cbp_idmap_get(&m->ids, id);
	struct cbp_change ch;
	struct rec *rec;
	size_t i;
	int in;

	if (known) {
		*out = &m->rec[*known];
		return 0;
	}
	if (cbp_change_of(r->e, id, &ch))
		return -1;
	m->rec = cbp_grow(m->rec, sizeof(*m->rec), m->nr_rec + 1, &m->alloc_rec);
	rec = &m->rec[m->nr_rec];
	memset(rec, 0, sizeof(*rec));
	rec->first = id;
	in = cbp_change_in_branch(r->e, &ch, r->bit);
	if (in >= 0)
		rec->carried = ch.cls.members[in].c.id;
	/* Or squashed into a commit of the branch with what it fixes. */
	if (in < 0 && cbp_squash_in_branch(r->idx, &ch.cls, r->bit,
					   &rec->carried)) {
		cbp_change_release(&ch);
		return -1;
	}
	if (ch.ml >= 0) {
		rec->ml = ch.cls.members[ch.ml].c.id;
		rec->pos = ch.pos;
	}
	for (i = 0; i < ch.cls.nr; i++)
		*cbp_idmap_put(&m->ids, ch.cls.members[i].c.id, NULL) = (int)m->nr_rec;
	*cbp_idmap_put(&m->ids, id, NULL) = (int)m->nr_rec;
	m->nr_rec++;
	cbp_change_release(&ch);
	*out = rec;
	return 0;
}

static struct finding *finding_for(struct run *r, int rec, int kind)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		if (r->f[i].rec == rec)
			return &r->f[i];
	r->f = cbp_grow(r->f, sizeof(*r->f), r->nr + 1, &r->alloc);
	memset(&r->f[r->nr], 0, sizeof(*r->f));
	r->f[r->nr].rec = rec;
	r->f[r->nr].kind = kind;
	return &r->f[r->nr++];
}

/*
 * Decide one candidate: mainline commit @l->src (not in the branch)
 * fixes or reverts @l->dst.
 */
static int candidate(struct run *r, const struct cbp_link *l)
{
	struct rec *fr, *tr;
	struct cbp_change ch;
	struct finding *f;
	int fi, rv, is_rev = 0, kind;

	r->candidates++;
	if (rec_of(r, l->src, &fr))
		return -1;
	if (fr->carried || !fr->ml || fr->pos <= r->since_pos)
		return 0;
	fi = (int)(fr - r->map.rec);
	if (rec_of(r, l->dst, &tr))
		return -1;
	fr = &r->map.rec[fi];	/* the array may have moved */
	if (tr == fr || !tr->carried)
		return 0;
	/*
	 * Nor is anything for a change the branch reverted itself, under
	 * whichever name: its revert, a fix of it, a re-application.
	 */
	if (!tr->undone) {
		if (cbp_change_of(r->e, tr->first, &ch))
			return -1;
		rv = cbp_change_reverted_in(r->e, &ch, r->bit, NULL);
		cbp_change_release(&ch);
		if (rv < 0)
			return -1;
		tr->undone = rv ? 2 : 1;
	}
	if (tr->undone == 2) {
		if (!fr->skipped) {
			r->undone_ml = cbp_grow(r->undone_ml, sizeof(*r->undone_ml),
						(size_t)r->undone + 1,
						&r->alloc_undone);
			r->undone_ml[r->undone++] = fr->ml;
		}
		fr->skipped = 1;
		return 0;
	}
	/* What mainline reverted for good is not missing. */
	if (cbp_change_of(r->e, fr->first, &ch))
		return -1;
	rv = cbp_change_reverted(r->e, &ch, NULL);
	cbp_change_release(&ch);
	if (rv)
		return rv < 0 ? -1 : 0;
	if (cbp_kind_is_revert(l->kind)) {
		if (cbp_change_of(r->e, tr->first, &ch))
			return -1;
		is_rev = cbp_change_is_revert(r->e, &ch);
		cbp_change_release(&ch);
		if (is_rev < 0)
			return -1;
	}
	kind = cbp_followup_kind_of(l->kind, is_rev);
	f = finding_for(r, fi, kind);
	if (kind != CBP_FU_FIX)
		f->kind = kind;
	f->r = cbp_grow(f->r, sizeof(*f->r), f->nr + 1, &f->alloc);
	f->r[f->nr].link = *l;
	f->r[f->nr].carried = tr->carried;
	f->r[f->nr].target_revert = is_rev;
	f->nr++;
	return 0;
}

static void progress(struct run *r, double *last, long long done,
		     long long total, const char *what)
{
	if (r->ctx->opt->quiet || !isatty(2) || cbp_now() - *last < 0.5)
		return;
	*last = cbp_now();
	cbp_progress("\rcheckbackport: %s: %lld/%lld", what, done, total);
}

/* Decide every candidate, with progress on a terminal. */
static int scan(struct run *r)
{
	struct cbp_link *all;
	double last = cbp_now();
	size_t nr, i;
	int err = 0;

	if (cbp_edges_candidates(r->e, r->bit, &all, &nr))
		return -1;
	for (i = 0; i < nr && !err; i++) {
		err = candidate(r, &all[i]);
		progress(r, &last, (long long)i, (long long)nr, "checking citations");
	}
	free(all);
	return err;
}

/* Keep the findings whose commit touches the pathspec (git, one diff each). */
static int filter_paths(struct run *r)
{
	struct cbp_ctx *ctx = r->ctx;
	double last = cbp_now();
	size_t i, kept = 0;

	if (!ctx->opt->argc)
		return 0;
	if (!ctx->git || !ctx->git->touches)
		return cbp_error("a pathspec needs the repository");
	/* A pathspec git would refuse is an error, found or not. */
	if (ctx->git->touches(ctx, NULL, ctx->opt->argv,
			      (size_t)ctx->opt->argc) < 0)
		return -1;
	for (i = 0; i < r->nr; i++) {
		struct cbp_commit c;
		int t;

		if (cbp_commit_get(r->idx, r->map.rec[r->f[i].rec].ml, &c))
			return cbp_errmsg()[0] ? -1 : cbp_error("index row vanished");
		t = ctx->git->touches(ctx, c.hex, ctx->opt->argv,
				      (size_t)ctx->opt->argc);
		r->diffed++;
		progress(r, &last, (long long)i, (long long)r->nr, "diffing");
		if (t < 0)
			return -1;
		if (t)
			r->f[kept++] = r->f[i];
		else
			free(r->f[i].r);
	}
	r->nr = kept;
	return 0;
}

/*
 * Would a tool that knows only the IDs the branch's commits are and cite
 * as upstream have found it?  Not if the citation names neither a commit
 * of the branch nor the upstream commit of one: only another name of the
 * change leads to it.
 */
static int needs_alias(struct run *r, const struct reason *rs)
{
	struct cbp_commit t;
	struct cbp_change ch;
	size_t i, k;
	int found = 0;

	if (cbp_commit_get(r->idx, rs->link.dst, &t))
		return -1;
	if (t.state == CBP_PRESENT && (t.branches & (1ULL << r->bit)))
		return 0;
	if (cbp_change_of(r->e, rs->link.dst, &ch))
		return -1;
	for (i = 0; i < ch.cls.nr && !found; i++) {
		const struct cbp_commit *m = &ch.cls.members[i].c;
		struct cbp_link *l;
		size_t n;

		if (m->state != CBP_PRESENT || !(m->branches & (1ULL << r->bit)))
			continue;
		if (cbp_links(r->idx, m->id, 1, 1, &l, &n)) {
			cbp_change_release(&ch);
			return -1;
		}
		for (k = 0; k < n; k++)
			found |= l[k].dst == rs->link.dst &&
				 cbp_kind_is_upstream(l[k].kind);
		free(l);
	}
	cbp_change_release(&ch);
	return !found;
}

/*
 * One reason per change a commit is for, however many of its names cite
 * how many names of that change: the first citation is shown, and only
 * another name leads to it if every citation needs one.
 */
static void merge_reasons(struct finding *f)
{
	size_t i, k, kept = 0;

	for (i = 0; i < f->nr; i++) {
		for (k = 0; k < kept; k++)
			if (f->r[k].carried == f->r[i].carried)
				break;
		if (k < kept) {
			f->r[k].alias &= f->r[i].alias;
			continue;
		}
		f->r[kept++] = f->r[i];
	}
	f->nr = kept;
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return x->ml < y->ml ? -1 : x->ml > y->ml;
}

static const char *verb(int kind)
{
	switch (kind) {
	case CBP_FU_REVERT:
		return "reverts";
	case CBP_FU_REAPPLY:
		return "re-applies, reverting";
	}
	return "fixes";
}

/* Say what was left out because the branch reverted it already. */
static void print_undone(const struct run *r, const char *br)
{
	if (r->undone)
		printf("%lld not listed: %s for %s %s reverted itself\n",
		       r->undone, r->undone == 1 ? "it is" : "they are",
		       r->undone == 1 ? "a change" : "changes", br);
}

static const char twins_summary[] =
	"%zu of them %s a commit of the same subject on %s, without a trailer (see the notes)\n";
static const char citers_summary[] =
	"%zu of them %s cited by a commit of %s, a citation not followed (see the notes)\n";

static void print_text(struct run *r, const struct cbp_commit *cs,
		       size_t fixes, size_t reverts, size_t alias,
		       size_t twins, size_t citers)
{
	const char *br = cbp_index_branch(r->idx, r->bit)->name;
	char a[640], b[640];
	size_t i, k;

	if (!r->nr) {
		printf("%s lacks no fix or revert mainline has%s\n", br,
		       r->ctx->opt->argc ? " (for these paths)" : "");
		print_undone(r, br);
		return;
	}
	printf("%s lacks %zu commit%s mainline has, in the order to apply them:\n",
	       br, r->nr, r->nr == 1 ? "" : "s");
	for (i = 0; i < r->nr; i++) {
		const struct finding *f = &r->f[i];

		printf("\n%-8s %s  %s\n", cbp_followup_kind_name(f->kind),
		       cbp_cite_str(&cs[i], a, sizeof(a)),
		       cbp_release_str(&cs[i], r->mb));
		for (k = 0; k < f->nr; k++) {
			const struct reason *rs = &f->r[k];
			struct cbp_commit c;

			if (cbp_commit_get(r->idx, rs->carried, &c))
				continue;
			printf("         %s %s, which %s has %s", verb(f->kind),
			       cbp_cite_str(&c, b, sizeof(b)), br,
			       c.branches & (1ULL << r->mb) ?
			       "since it forked" : "as its own commit");
			if (!(c.branches & (1ULL << r->mb)) && c.release[0])
				printf(" (%s)", c.release);
			if (strncmp(c.hex, rs->link.cited, strlen(rs->link.cited)))
				printf("; cited as %.12s%s", rs->link.cited,
				       rs->alias ? ", another name of it" : "");
			putchar('\n');
		}
		cbp_print_twin_note(r->idx, br, f->twin, 9);
		cbp_print_citer_note(r->idx, br, f->citer, 9);
	}
	printf("\n%zu missing: %zu fix%s, %zu revert%s or re-application%s; "
	       "%zu found only through another name of the change\n",
	       r->nr, fixes, fixes == 1 ? "" : "es", reverts,
	       reverts == 1 ? "" : "s", reverts == 1 ? "" : "s", alias);
	if (twins)
		printf(twins_summary, twins, twins == 1 ? "has" : "have", br);
	if (citers)
		printf(citers_summary, citers, citers == 1 ? "is" : "are", br);
	print_undone(r, br);
}

static void print_terse(struct run *r, const struct cbp_commit *cs)
{
	struct cbp_commit c;
	size_t i, k;

	for (i = 0; i < r->nr; i++) {
		const struct finding *f = &r->f[i];

		printf("%.12s %s %s:", cs[i].hex, cbp_followup_kind_name(f->kind),
		       cs[i].release[0] ? cs[i].release : "-");
		for (k = 0; k < f->nr; k++) {
			if (cbp_commit_get(r->idx, f->r[k].carried, &c))
				continue;
			printf("%s %s %.12s", k ? "," : "", verb(f->kind), c.hex);
			if (strncmp(c.hex, f->r[k].link.cited,
				    strlen(f->r[k].link.cited)))
				printf(" (cited as %.12s)", f->r[k].link.cited);
		}
		if (f->twin && !cbp_commit_get(r->idx, f->twin, &c))
			printf("; same subject as %.12s", c.hex);
		if (f->citer && !cbp_commit_get(r->idx, f->citer, &c))
			printf("; cited by %.12s", c.hex);
		putchar('\n');
	}
}

static void print_json(struct run *r, const struct cbp_commit *cs,
		       size_t fixes, size_t reverts, size_t alias)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	struct json_object *paths = json_object_new_array();
	struct json_object *undone = json_object_new_array();
	const char *stable = cbp_index_branch(r->idx, r->bit)->name;
	const char *mainline = cbp_index_branch(r->idx, r->mb)->name;
	struct cbp_commit c;
	size_t i, k;
	int a;

	json_object_object_add(doc, "stable", json_object_new_string(stable));
	json_object_object_add(doc, "mainline", json_object_new_string(mainline));
	json_object_object_add(doc, "since", r->ctx->opt->since ?
			       json_object_new_string(r->ctx->opt->since) : NULL);
	for (a = 0; a < r->ctx->opt->argc; a++)
		json_object_array_add(paths,
				      json_object_new_string(r->ctx->opt->argv[a]));
	json_object_object_add(doc, "pathspec", paths);
	for (i = 0; i < r->nr; i++) {
		const struct finding *f = &r->f[i];
		struct json_object *o = json_object_new_object();
		struct json_object *rsa = json_object_new_array();
		const char *kind = cbp_followup_kind_name(f->kind);

		json_object_object_add(o, "kind", json_object_new_string(kind));
		json_object_object_add(o, "commit", cbp_commit_json(r->idx, &cs[i]));
		json_object_object_add(o, "alias_only",
				       json_object_new_boolean(f->alias));
		for (k = 0; k < f->nr; k++) {
			struct json_object *ro = json_object_new_object();
			struct cbp_commit t;

			json_object_object_add(ro, "citation",
					       cbp_link_json(r->idx, &f->r[k].link));
			json_object_object_add(ro, "target",
					       cbp_commit_get(r->idx, f->r[k].link.dst, &t) ?
					       NULL : cbp_commit_json(r->idx, &t));
			json_object_object_add(ro, "carried_as",
					       cbp_commit_get(r->idx, f->r[k].carried, &c) ?
					       NULL : cbp_commit_json(r->idx, &c));
			json_object_object_add(ro, "alias",
					       json_object_new_boolean(f->r[k].alias));
			json_object_array_add(rsa, ro);
		}
		json_object_object_add(o, "reasons", rsa);
		json_object_object_add(o, "same_subject_on_branch",
				       f->twin && !cbp_commit_get(r->idx, f->twin, &c) ?
				       cbp_commit_json(r->idx, &c) : NULL);
		json_object_object_add(o, "cited_on_branch",
				       f->citer && !cbp_commit_get(r->idx, f->citer, &c) ?
				       cbp_commit_json(r->idx, &c) : NULL);
		json_object_array_add(arr, o);
	}
	json_object_object_add(doc, "missing", arr);
	json_object_object_add(doc, "count", json_object_new_int64((long long)r->nr));
	json_object_object_add(doc, "fixes", json_object_new_int64((long long)fixes));
	json_object_object_add(doc, "reverts", json_object_new_int64((long long)reverts));
	json_object_object_add(doc, "alias_only", json_object_new_int64((long long)alias));
	json_object_object_add(doc, "candidates", json_object_new_int64(r->candidates));
	json_object_object_add(doc, "reverted_in_branch",
			       json_object_new_int64(r->undone));
	for (i = 0; i < (size_t)r->undone; i++)
		if (!cbp_commit_get(r->idx, r->undone_ml[i], &c))
			json_object_array_add(undone, cbp_commit_json(r->idx, &c));
	json_object_object_add(doc, "not_listed_reverted_in_branch", undone);
	cbp_json_print(doc);
}

/* --since: mainline position of the revision, a release tag or an ID. */
static int since_pos(struct run *r)
{
	const char *rev = r->ctx->opt->since;
	long long id;

	if (!rev)
		return 0;
	if (cbp_find_tag(r->idx, rev, &id)) {
		int rc = cbp_resolve(r->ctx, rev, &id, NULL, NULL);

		if (rc) {
			char *why = cbp_strdup(cbp_errmsg());

			if (rc > 0)
				cbp_error("--since %s: %s", rev, why);
			free(why);
			return -1;
		}
	}
	r->since_pos = cbp_mainline_pos(r->e, id);
	if (r->since_pos < 0)
		return -1;
	if (!r->since_pos) {
		const char *ml = cbp_index_branch(r->idx, r->mb)->name;

		/* A release of a stable branch: the branch point is meant. */
		return cbp_error("--since %s: %s (%s); %s (git merge-base %s %s)",
				 rev, "not a commit of mainline", ml,
				 "for a release of a stable branch, give where it left mainline",
				 ml, rev);
	}
	return 0;
}

/**
 * cmd_missing() - the missing subcommand
 * @ctx: the context
 *
 * Return: CBP_EXIT_OK when the branch lacks nothing, CBP_EXIT_FINDINGS
 * when it does, CBP_EXIT_ERROR.
 */
int cmd_missing(struct cbp_ctx *ctx)
{
	struct run r = { .ctx = ctx, .idx = ctx->idx };
	struct cbp_commit *cs = NULL;
	size_t i, k, fixes = 0, reverts = 0, alias = 0, twins = 0, citers = 0;
	int ret = CBP_EXIT_ERROR;

	r.mb = cbp_index_mainline_bit(ctx->idx);
	if (cbp_target_branch(ctx, 1, &r.bit) ||
	    cbp_edges_open(ctx->idx, &r.e) || since_pos(&r) || scan(&r) ||
	    filter_paths(&r))
		goto fail;
	if (isatty(2) && !ctx->opt->quiet)
		cbp_progress("\r\033[K");
	for (i = 0; i < r.nr; i++) {
		r.f[i].pos = r.map.rec[r.f[i].rec].pos;
		r.f[i].ml = r.map.rec[r.f[i].rec].ml;
	}
	cbp_sort(r.f, r.nr, sizeof(*r.f), cmp_finding);
	cs = cbp_calloc(r.nr ? r.nr : 1, sizeof(*cs));
	for (i = 0; i < r.nr; i++) {
		struct finding *f = &r.f[i];

		if (cbp_commit_get(r.idx, r.map.rec[f->rec].ml, &cs[i]) ||
		    cbp_same_subject_in_branch(r.idx, &cs[i], r.bit, r.mb,
					       &f->twin) ||
		    cbp_cited_in_branch(r.idx, &cs[i], r.bit, r.mb, &f->citer))
			goto fail;
		twins += !!f->twin;
		citers += !!f->citer;
		f->alias = 1;
		for (k = 0; k < f->nr; k++) {
			int na = needs_alias(&r, &f->r[k]);

			if (na < 0)
				goto fail;
			f->r[k].alias = na;
		}
		merge_reasons(f);
		for (k = 0; k < f->nr; k++)
			f->alias &= f->r[k].alias;
		alias += f->alias;
		if (f->kind == CBP_FU_FIX)
			fixes++;
		else
			reverts++;
	}
	if (ctx->opt->json)
		print_json(&r, cs, fixes, reverts, alias);
	else if (ctx->opt->terse)
		print_terse(&r, cs);
	else
		print_text(&r, cs, fixes, reverts, alias, twins, citers);
	ret = r.nr ? CBP_EXIT_FINDINGS : CBP_EXIT_OK;
	goto out;
fail:
	ret = cbp_fail();
out:
	for (i = 0; i < r.nr; i++)
		free(r.f[i].r);
	free(r.f);
	free(r.undone_ml);
	free(cs);
	cbp_idmap_release(&r.map.ids);
	free(r.map.rec);
	cbp_edges_close(r.e);
	return ret;
}
