// SPDX-License-Identifier: GPL-2.0
/*
 * Judging links: the verdict on every origin citation between two
 * commits of the repository (see trust.h), stored in the trust table.
 *
 * Most citations join commits with the same subject once normalised
 * (cbp_subjects_consistent()): they are consistent, and nothing is
 * stored for them, so a cold build pays only for reading the subjects
 * back.  For the few whose subjects differ, the git layer gives the
 * files each commit touches (trees compared, no blob read).  With no file
 * in common the link is suspicious unless the two make the same changes,
 * or one a part of the other's, or alike changes to files of the same
 * names, under other paths (git-moved.c: a directory moved between the
 * branches), which makes it adapted; links
 * with a file in common need the patch-ids, which tell a consistent link
 * (same patch-id) from an adapted one: of the files both turn from the
 * same blobs into the same blobs nothing is diffed, so a vendor update
 * picked onto a branch where one file differs costs that file
 * (cbp_git_files_same_patch(), from the files of the walk that found
 * the paths).  Each commit is diffed whole at most
 * once per run, however many links name it.
 *
 * A commit citing as its origins a change and a fix of it (a squash:
 * "master commit:" twice, two -x trailers), adapted both, would make the
 * fix and what it fixes one change: its citations of the fixes are
 * squashed, not followed (judge_squash()).
 *
 * A run judges the links it added and those whose cited ID became a
 * commit in this run: a missing row resolved to a newly read commit (whose
 * row is above every earlier one), or a missing full ID whose commit was
 * read (its row is kept, build-commits.c lists it).  Every other link
 * between two commits was judged when it became one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build-priv.h"
#include "base/output.h"
#include "base/util.h"

/* A link to judge from the files and patch-ids of its ends. */
struct pair {
	long long src, dst;
	size_t s, d;		/* their entries in struct judge.ch */
};

/* One commit's change, computed once. */
struct change {
	long long id;
	struct cbp_oid oid;
	int state;		/* 0 not read, 1 paths, 2 paths and patch-id, -1 failed */
	struct cbp_git_change ch;
	/* its files with their blob IDs: 1 @fl read, 0 not (or released) */
	int fl_state;
	struct cbp_git_files fl;
};

struct judge {
	struct build *b;
	struct pair *p;
	size_t nr_p, alloc_p;
	struct change *ch;
	size_t nr_ch, alloc_ch;
	long long *c;		/* the citing commits: each may be a squash */
	size_t nr_c, alloc_c;
};

static int cmp_change(const void *a, const void *b)
{
	const struct change *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static int cmp_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	if (x->src != y->src)
		return x->src < y->src ? -1 : 1;
	return x->dst < y->dst ? -1 : x->dst > y->dst;
}

static size_t find_change(const struct judge *j, long long id)
{
	size_t lo = 0, hi = j->nr_ch;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (j->ch[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void want_change(struct judge *j, long long id, const char *hex)
{
	struct change *c;

	j->ch = cbp_grow(j->ch, sizeof(*j->ch), j->nr_ch + 1, &j->alloc_ch);
	c = &j->ch[j->nr_ch++];
	memset(c, 0, sizeof(*c));
	c->id = id;
	if (!hex || cbp_oid_fromhex(&c->oid, hex))
		c->state = -1;
}

/*
 * May commit @id cite Fixes: or reverts?  A row of an earlier run may,
 * one read in this run only if its message does.
 */
static int may_fix(const struct build *b, long long id)
{
	unsigned int f = build_row_flags(b, id);

	return !(f & BUILD_ROW_READ) || (f & BUILD_ROW_FIXES);
}

/*
 * A link to judge: settled here when its ends have consistent subjects,
 * else kept with the commits whose changes it needs.
 */
static int collect_pair(const struct cbp_store_pair *sp, void *data)
{
	struct judge *j = data;
	struct pair *p;

	/* A squash cites a fix beside what it fixes (judge_squash()). */
	if (may_fix(j->b, sp->dst))
		build_row_mark(j->b, sp->src, BUILD_ROW_CITES_FIX);
	if (!j->nr_c || j->c[j->nr_c - 1] != sp->src) {
		j->c = cbp_grow(j->c, sizeof(*j->c), j->nr_c + 1, &j->alloc_c);
		j->c[j->nr_c++] = sp->src;
	}
	if (cbp_subjects_consistent(sp->src_subject ? sp->src_subject : "",
				    sp->dst_subject ? sp->dst_subject : "")) {
		j->b->verdicts[CBP_TRUST_SAME_SUBJECT]++;
		return 0;
	}
	j->p = cbp_grow(j->p, sizeof(*j->p), j->nr_p + 1, &j->alloc_p);
	p = &j->p[j->nr_p++];
	p->src = sp->src;
	p->dst = sp->dst;
	want_change(j, p->src, sp->src_hex);
	want_change(j, p->dst, sp->dst_hex);
	return 0;
}

/*
 * The links this run made, those resolved to a commit it read (a row
 * above every earlier one), and those naming a cited ID that arrived.
 */
static int collect(struct judge *j, long long first_rowid, long long max_id)
{
	struct build *b = j->b;
	size_t i, o;

	if (cbp_store_links_to_judge(b->w, first_rowid, max_id, b->arrived,
				     b->nr_arrived, collect_pair, j))
		return -1;

	/* Each link once (a commit may cite another in two forms). */
	cbp_sort(j->p, j->nr_p, sizeof(*j->p), cmp_pair);
	for (i = 0, o = 0; i < j->nr_p; i++)
		if (!o || cmp_pair(&j->p[o - 1], &j->p[i]))
			j->p[o++] = j->p[i];
	j->nr_p = o;
	/* Each commit once, sorted by row for lookups. */
	cbp_sort(j->ch, j->nr_ch, sizeof(*j->ch), cmp_change);
	for (i = 0, o = 0; i < j->nr_ch; i++)
		if (!o || j->ch[o - 1].id != j->ch[i].id)
			j->ch[o++] = j->ch[i];
	j->nr_ch = o;
	for (i = 0; i < j->nr_p; i++) {
		j->p[i].s = find_change(j, j->p[i].src);
		j->p[i].d = find_change(j, j->p[i].dst);
	}
	return 0;
}

/*
 * Make @c's change known, with its patch-id if @pid.  A commit the git
 * layer cannot diff (a damaged or shallow repository) is left unjudged,
 * never suspicious.
 */
static void load(struct judge *j, struct change *c, int pid)
{
	int rc;

	if (c->state < 0 || c->state >= 1 + !!pid)
		return;
	cbp_git_change_release(&c->ch);
	/*
	 * The paths and the files with their blob IDs from one walk: a
	 * pair with other blobs compares those (judge_one()).  A merge or
	 * an empty change has none: its paths as cbp_git_change_of() reads
	 * them.
	 */
	if (!pid && !c->fl_state) {
		rc = cbp_git_change_files(j->b->repo, &c->oid, &c->fl, &c->ch);
		if (!rc) {
			c->fl_state = 1;
			c->state = 1;
			return;
		}
		if (rc < 0) {
			c->state = -1;
			return;
		}
	}
	c->state = cbp_git_change_of(j->b->repo, &c->oid, pid, &c->ch) ? -1 :
		   1 + !!pid;
}

/*
 * Do @s and @d make one patch, told by the files whose blobs differ
 * (cbp_git_files_same_patch())?  Their files are read again if a pair
 * before released them.
 */
static int same_patch(struct judge *j, struct change *s, struct change *d)
{
	struct change *c[2] = { s, d };
	int i;

	for (i = 0; i < 2; i++) {
		if (c[i]->fl_state)
			continue;
		switch (cbp_git_change_files(j->b->repo, &c[i]->oid,
					     &c[i]->fl, NULL)) {
		case 0:
			c[i]->fl_state = 1;
			break;
		case 1:
			return CBP_GIT_UNDECIDED;
		default:
			return -1;
		}
	}
	return cbp_git_files_same_patch(j->b->repo, &s->oid, &s->fl, &d->oid,
					&d->fl);
}

/*
 * Let the files of @c go once its pair is judged: kept, they would hold
 * every file of every commit judged, and most are judged once (a later
 * pair reads them again if it needs them).
 */
static void release_files(struct change *c)
{
	if (c->fl_state)
		cbp_git_files_release(&c->fl);
	c->fl_state = 0;
}

/*
 * Record the verdict on @p.  @path names a file in common (@common of
 * them), else a file of @s's, with @other one of @d's (by default each
 * side's first).  With both @path and @other, @common counts files in
 * common under other folders (cbp_git_change_moved()).
 */
static int store_pair(struct judge *j, const struct pair *p, int verdict,
		      const struct change *s, const struct change *d,
		      size_t common, const char *path, const char *other)
{
	struct cbp_store_files f;

	j->b->verdicts[verdict]++;
	if (verdict == CBP_TRUST_UNJUDGED)
		return cbp_store_put_trust(j->b->w, p->src, p->dst, verdict,
					   NULL);
	f.src_files = (long long)s->ch.nr_paths;
	f.dst_files = (long long)d->ch.nr_paths;
	f.common = (long long)common;
	/* A file to name: one in common, or one of each side. */
	if (common || path)
		f.path = path;
	else if (s->ch.nr_paths)
		f.path = s->ch.paths[0];
	else
		f.path = NULL;
	if (other)
		f.other = other;
	else if (common)
		f.other = NULL;
	else
		f.other = d->ch.nr_paths ? d->ch.paths[0] : NULL;
	return cbp_store_put_trust(j->b->w, p->src, p->dst, verdict, &f);
}

static int store(struct judge *j, const struct pair *p, int verdict,
		 const struct change *s, const struct change *d,
		 size_t common, const char *path)
{
	return store_pair(j, p, verdict, s, d, common, path, NULL);
}

/*
 * With no file in common, the verdict on @p: adapted when the two make
 * the same changes under other paths of the same file names, or one
 * makes a part of the other's so, or files of the same names are changed
 * alike (cbp_git_change_moved()); else suspicious.  Only changes whose
 * sizes or file names allow it are diffed.
 */
static int judge_moved(struct judge *j, const struct pair *p,
		       struct change *s, struct change *d)
{
	const char *sp, *dp;
	size_t alike;

	if (!cbp_git_change_may_move(&s->ch, &d->ch))
		return store(j, p, CBP_TRUST_SUSPICIOUS, s, d, 0, NULL);
	load(j, s, 1);
	load(j, d, 1);
	if (s->state != 2 || d->state != 2)
		return store(j, p, CBP_TRUST_SUSPICIOUS, s, d, 0, NULL);
	switch (cbp_git_change_moved(&s->ch, &d->ch, &sp, &dp, &alike)) {
	case CBP_GIT_MOVED_SAME:
		return store_pair(j, p, CBP_TRUST_ADAPTED, s, d, 0, sp, dp);
	case CBP_GIT_MOVED_ALIKE:
		return store_pair(j, p, CBP_TRUST_ADAPTED, s, d, alike, sp, dp);
	default:
		return store(j, p, CBP_TRUST_SUSPICIOUS, s, d, 0, NULL);
	}
}

static int judge_one(struct judge *j, const struct pair *p)
{
	struct change *s = &j->ch[p->s], *d = &j->ch[p->d];
	const char *path;
	size_t common;

	load(j, s, 0);
	load(j, d, 0);
	if (s->state < 0 || d->state < 0)
		return store(j, p, CBP_TRUST_UNJUDGED, s, d, 0, NULL);
	common = cbp_git_change_common(&s->ch, &d->ch, &path);
	/* The same changes under other paths: a directory moved. */
	if (!common)
		return judge_moved(j, p, s, d);
	/*
	 * A patch-id hashes each file's path with its diff: other files,
	 * another patch-id, and no diff to read.  The same files changed
	 * from and to the same blobs are the same diff.
	 */
	if (common != s->ch.nr_paths || common != d->ch.nr_paths)
		return store(j, p, CBP_TRUST_ADAPTED, s, d, common, path);
	if (s->ch.blobs == d->ch.blobs)
		return store(j, p, CBP_TRUST_SAME_PATCH, s, d, common, path);
	/* Mostly the same blobs (a vendor update): diff those that differ. */
	switch (same_patch(j, s, d)) {
	case 1:
		return store(j, p, CBP_TRUST_SAME_PATCH, s, d, common, path);
	case 0:
		return store(j, p, CBP_TRUST_ADAPTED, s, d, common, path);
	default:
		break;
	}
	load(j, s, 1);
	load(j, d, 1);
	if (s->state < 0 || d->state < 0)
		return store(j, p, CBP_TRUST_UNJUDGED, s, d, 0, NULL);
	/* Reloading for the patch-id freed the first path found. */
	common = cbp_git_change_common(&s->ch, &d->ch, &path);
	if (s->ch.has_pid && d->ch.has_pid && !strcmp(s->ch.pid, d->ch.pid))
		return store(j, p, CBP_TRUST_SAME_PATCH, s, d, common, path);
	return store(j, p, CBP_TRUST_ADAPTED, s, d, common, path);
}

/*
 * One citation of a squash or a revert to mark, from
 * cbp_store_squashed_of() or cbp_store_reverted_of().
 */
struct squash {
	struct judge *j;
	long long src;
};

static int squash_one(long long dst, int verdict, void *data)
{
	struct squash *sq = data;

	/* A suspicious one is not followed already. */
	if (verdict != CBP_TRUST_ADAPTED)
		return 0;
	sq->j->b->verdicts[CBP_TRUST_SQUASHED]++;
	return cbp_store_put_trust(sq->j->b->w, sq->src, dst,
				   CBP_TRUST_SQUASHED, NULL);
}

/*
 * Commit @src cites as its origins a change and a fix (or revert) of it:
 * a squash, whose citations of the fixes are squashed, so that the fix
 * and what it fixes stay two changes.  A squash of unrelated changes
 * (etcd's of three fixes) still joins them: the branch has each.
 */
static int judge_squash(struct judge *j, long long src)
{
	struct squash sq = { .j = j, .src = src };
	unsigned int f = build_row_flags(j->b, src);

	/*
	 * A squash has two origin links, one to a commit that cites the
	 * other by Fixes: or a revert.  A commit read in this run has only
	 * this run's links, and collect_pair() saw each one to a commit:
	 * one with fewer origins, or none to a commit that may cite a fix,
	 * is no squash, and the query (a three-way join per citing commit,
	 * 5 % of a cold build) is not asked.
	 */
	if ((f & BUILD_ROW_READ) &&
	    (!(f & BUILD_ROW_MANY) || !(f & BUILD_ROW_CITES_FIX)))
		return 0;
	return cbp_store_squashed_of(j->b->w, src, squash_one, &sq);
}

static int revert_one(long long dst, int verdict __always_unused, void *data)
{
	struct squash *sq = data;

	sq->j->b->verdicts[CBP_TRUST_REVERT]++;
	return cbp_store_put_trust(sq->j->b->w, sq->src, dst, CBP_TRUST_REVERT,
				   NULL);
}

/*
 * Commit @src reverts what it cites as its origin, or a pick of it: its
 * citation says what it undoes ("This reverts commit Y.", "(Was cherry
 * picked from commit X)"), and a revert is no name of that change,
 * whatever files the two share.  Only a commit whose message reverts
 * (or fixes) anything can be one.
 */
static int judge_revert(struct judge *j, long long src)
{
	struct squash sq = { .j = j, .src = src };
	unsigned int f = build_row_flags(j->b, src);

	if ((f & BUILD_ROW_READ) && !(f & BUILD_ROW_FIXES))
		return 0;
	return cbp_store_reverted_of(j->b->w, src, revert_one, &sq);
}

/**
 * build_judge_links() - the verdicts on the links this run made or resolved
 * @b: the build, after cited IDs were resolved
 * @first_rowid: the last links row of earlier runs
 * @max_id: the highest commits row of earlier runs
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_judge_links(struct build *b, long long first_rowid,
		      long long max_id)
{
	struct judge j = { .b = b };
	double last = cbp_now();
	int err = -1, shown = 0;
	size_t i;

	if (collect(&j, first_rowid, max_id))
		goto out;
	for (i = 0; i < j.nr_p; i++) {
		if (judge_one(&j, &j.p[i]))
			goto out;
		release_files(&j.ch[j.p[i].s]);
		release_files(&j.ch[j.p[i].d]);
		if (isatty(2) && cbp_now() - last > 0.5) {
			last = cbp_now();
			shown = 1;
			cbp_progress("\rcheckbackport: judging links: %zu/%zu",
				     i + 1, j.nr_p);
		}
	}
	if (shown)
		cbp_progress("\n");
	for (i = 0; i < j.nr_c; i++)
		if (judge_squash(&j, j.c[i]) || judge_revert(&j, j.c[i]))
			goto out;
	err = 0;
out:
	for (i = 0; i < j.nr_ch; i++) {
		cbp_git_change_release(&j.ch[i].ch);
		release_files(&j.ch[i]);
	}
	free(j.c);
	free(j.ch);
	free(j.p);
	return err;
}
