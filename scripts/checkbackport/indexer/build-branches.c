// SPDX-License-Identifier: GPL-2.0
/*
 * Branch containment: one bit per tracked branch, set on every commit
 * the branch contains, propagated like first releases.  A branch other
 * than mainline stops at the commit of a mainline release tag and records
 * it as its base (branches.base), so a new stable branch starting at its
 * release costs nothing however long the history.  A rewound or rewritten
 * branch, or a change of mainline, recomputes its bits.  Either, like a
 * walk that reaches commits of earlier runs (a merge, a new branch over
 * old commits), moves commits between branches: the links found without
 * a citation are then found again (build_unlink_copies()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

/* Mainline release tags by commit row, for mark_branch(). */
struct mtag {
	unsigned int id;
	long long vkey;
};

static int cmp_mtag(const void *a, const void *b)
{
	const struct mtag *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * Set @bit on every commit the branch tip @start contains.  A branch other
 * than mainline stops at the commit of a mainline release tag (in @mtags):
 * everything that tag contains is in the branch, and queries derive it
 * from the commit's first release (see cbp_commit_get()), so it is not
 * written per commit.  *@base becomes the newest such tag met.  A new
 * stable branch starting at its release tag thus costs nothing however
 * long the history is.
 */
static void mark_branch(struct build *b, unsigned int start, int bit,
			const struct mtag *mtags, size_t nr_mtags,
			long long *base)
{
	unsigned long long mask = 1ULL << bit;

	build_push(b, start);
	while (b->nr_stack) {
		unsigned int id = b->stack[--b->nr_stack];
		struct mtag key = { .id = id };
		const struct mtag *m;
		struct node *n;
		unsigned int i;

		m = nr_mtags ? bsearch(&key, mtags, nr_mtags, sizeof(*mtags),
				       cmp_mtag) : NULL;
		if (m) {
			if (m->vkey > *base)
				*base = m->vkey;
			continue;
		}
		n = build_get_node(b, id);
		if (!n || n->state != NODE_LOADED || (n->br & mask))
			continue;
		n->br |= mask;
		n->dirty = 1;
		/* A commit of an earlier run joins a branch (a merge, a new one). */
		if (id <= b->max_old)
			b->refind = 1;
		for (i = 0; i < n->npar; i++)
			build_push(b, b->edge[n->par + i]);
	}
}

/* The release tags whose commits the mainline branch (@mask) contains. */
static size_t mainline_tags(struct build *b, unsigned long long mask,
			    struct mtag **out)
{
	size_t i, n = 0;

	*out = cbp_calloc(b->nr_tags + 1, sizeof(**out));
	for (i = 0; i < b->nr_tags; i++) {
		struct node *nd = b->tags[i].id ? build_get_node(b, b->tags[i].id) : NULL;

		if (!nd || nd->state != NODE_LOADED || !(nd->br & mask))
			continue;
		(*out)[n].id = b->tags[i].id;
		(*out)[n].vkey = b->tags[i].vkey;
		n++;
	}
	cbp_sort(*out, n, sizeof(**out), cmp_mtag);
	return n;
}

/* The release tag of row @row, NULL if none. */
static const struct ref_tip *tag_of_row(const struct build *b,
					unsigned int row)
{
	size_t i;

	for (i = 0; i < b->nr_tags; i++)
		if (b->tags[i].row == (long long)row)
			return &b->tags[i];
	return NULL;
}

/*
 * mark_branch() stops at mainline release tags, and queries count a
 * mainline commit released no later than the newest one met as in the
 * branch: that holds only while mainline's release tags follow each
 * other in history, so that a commit's first release names a tag that
 * is an ancestor of every later one.  A tag whose own commit was
 * released earlier, by a tag of a lower version, breaks it: GLib's
 * 2.20.0 sits on the commit of 2.24.0, which put about 1,500 commits of
 * 2.21 to 2.24 into glib-2-20 and glib-2-22; a stable branch that merged
 * mainline and tagged the merge does the same to the branches after it.
 * Then no branch stops at mainline tags (each is marked whole), and the
 * build says why.  A release tagged on the very commit of its last
 * release candidate (moby's v28.1.0 and v28.1.0-rc.2) breaks nothing:
 * the earlier tag is as much an ancestor of the later ones.  Returns 1
 * if so.
 */
static int tags_out_of_order(struct build *b, unsigned long long mainline)
{
	size_t i;

	for (i = 0; i < b->nr_tags; i++) {
		struct ref_tip *t = &b->tags[i];
		struct node *n = t->id ? build_get_node(b, t->id) : NULL;
		const struct ref_tip *first;

		if (!n || n->state != NODE_LOADED || !(n->br & mainline) ||
		    !n->rel || b->tag_key[n->rel] >= t->vkey)
			continue;
		first = tag_of_row(b, n->rel);
		if (first && first->id == t->id)
			continue;
		cbp_note("warning: tag '%s' is on a commit that '%s', an earlier version, has",
			 t->name, first ? first->name : "?");
		cbp_note("warning: so branches other than mainline are indexed whole");
		return 1;
	}
	return 0;
}

/*
 * Clear branch @bits on the commits of earlier runs, to be marked again:
 * commits may leave branches, or mainline (see build-copies.c).
 */
static int clear_bits(struct build *b, unsigned long long bits)
{
	size_t i;

	if (b->cold)
		return 0;
	b->refind = 1;
	if (cbp_store_clear_branch_bits(b->w, bits))
		return -1;
	/* Rows this run already loaded would write the bits back. */
	for (i = 1; i < b->nr_node; i++)
		if (b->node[i].state == NODE_LOADED)
			b->node[i].br &= ~bits;
	return 0;
}

/*
 * A branch whose bit an earlier run set leaning on mainline's releases
 * (its base) is marked again whole, when the tags no longer allow it.
 */
static int unbase_branch(struct build *b, struct ref_tip *t)
{
	t->vkey = 1;
	t->base = -1;
	return clear_bits(b, 1ULL << t->row);
}

/* What the branches recorded say, for build_update_branches(). */
struct old_branches {
	struct build *b;
	unsigned long long used, clear;
};

/* Match a recorded branch with a tip of this run; mark its bit used or not. */
static int old_branch(const struct cbp_store_branch *br, void *data)
{
	struct old_branches *ob = data;
	struct build *b = ob->b;
	struct cbp_oid old;
	int keep = 0;
	size_t i;

	for (i = 0; br->name && br->tip && i < b->nr_br; i++) {
		struct ref_tip *t = &b->br[i];

		if (strcmp(t->name, br->name) || t->role != br->role)
			continue;
		if (strlen(br->tip) < CBP_OID_HEXSZ ||
		    cbp_oid_fromhex(&old, br->tip))
			break;
		t->row = br->bit;
		t->base = br->base;
		keep = 1;
		if (cbp_oid_equal(&old, &t->oid))
			break;
		t->vkey = 1;
		/* Rewound or rewritten: recompute this bit. */
		if (cbp_git_descendant_of(b->repo, &t->oid, &old) != 1)
			ob->clear |= 1ULL << br->bit;
		break;
	}
	if (keep)
		ob->used |= 1ULL << br->bit;
	else
		ob->clear |= 1ULL << br->bit;
	return 0;
}

/* The row of table branches for a tracked branch that has a bit. */
static void branch_row(const struct ref_tip *t, struct cbp_store_branch *row,
		       char hex[CBP_OID_HEXSZ + 1])
{
	row->bit = (int)t->row;
	row->name = t->name;
	row->role = t->role;
	row->tip = cbp_oid_tohex(&t->oid, hex);
	row->base = t->base;
}

/*
 * Whether table branches holds exactly the rows of this run: then it is
 * left alone, and an update that found nothing new writes nothing.
 */
static int branches_unchanged(struct build *b)
{
	char hex[CBP_OID_HEXSZ + 1];
	struct cbp_store_branch row;
	long long nr, rows = 0;
	size_t i;
	int rc;

	if (b->cold)
		return 0;
	if (cbp_store_count_branches(b->w, &nr))
		return -1;
	for (i = 0; i < b->nr_br; i++) {
		if (b->br[i].row < 0)
			continue;
		rows++;
		branch_row(&b->br[i], &row, hex);
		rc = cbp_store_has_branch(b->w, &row);
		if (rc != 1)
			return rc;
	}
	return rows == nr;
}

/* Record the tracked branches given a bit (those left out have none). */
static int store_branches(struct build *b)
{
	char hex[CBP_OID_HEXSZ + 1];
	struct cbp_store_branch row;
	size_t i;
	int same = branches_unchanged(b);

	if (same)
		return same < 0 ? -1 : 0;
	if (cbp_store_clear_branches(b->w))
		return -1;
	for (i = 0; i < b->nr_br; i++) {
		if (b->br[i].row < 0)
			continue;
		branch_row(&b->br[i], &row, hex);
		if (cbp_store_add_branch(b->w, &row))
			return -1;
	}
	return 0;
}

/**
 * build_update_branches() - bring branch containment up to date
 * @b: the build, after build_update_releases()
 *
 * Keeps the bit of every tracked branch that is still there and moved
 * forward, clears the bits of branches that went away or were rewound
 * (and of every branch when mainline did), gives new branches free bits,
 * and walks each moved or new branch from its tip.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_update_branches(struct build *b)
{
	struct old_branches ob = { .b = b };
	struct mtag *mtags = NULL;
	size_t nr_mtags = 0;
	unsigned long long used, clear;
	const char *first_ignored = NULL;
	int ignored = 0, pass;
	size_t i;

	for (i = 0; i < b->nr_br; i++) {
		b->br[i].id = b->hash[build_hash_slot(b, &b->br[i].oid)];
		b->br[i].row = -1;
		b->br[i].base = -1;
		b->br[i].vkey = 0;	/* 1: walk needed */
	}
	if (cbp_store_each_branch(b->w, old_branch, &ob))
		return -1;
	used = ob.used;
	clear = ob.clear;

	/* Without its mainline, no branch can lean on mainline releases. */
	for (i = 0; i < b->nr_br; i++)
		if (b->br[i].role == CBP_ROLE_MAINLINE && b->br[i].row >= 0 &&
		    (clear & (1ULL << b->br[i].row)))
			clear |= used;
	if (clear && clear_bits(b, clear))
		return -1;
	/* Mainline first: the other branches stop at its release tags. */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < b->nr_br; i++) {
			struct ref_tip *t = &b->br[i];
			int bit, ml = t->role == CBP_ROLE_MAINLINE;

			if (ml == pass)
				continue;
			if (t->row < 0) {
				for (bit = 0; bit < CBP_MAX_BRANCHES; bit++)
					if (!(used & (1ULL << bit)))
						break;
				if (bit == CBP_MAX_BRANCHES) {
					if (!ignored++)
						first_ignored = t->name;
					continue;
				}
				used |= 1ULL << bit;
				t->row = bit;
				t->vkey = 1;
			}
			if (clear & (1ULL << t->row)) {
				t->vkey = 1;
				t->base = -1;
			}
			if (pass && !nr_mtags && t->base >= 0 &&
			    unbase_branch(b, t))
				return -1;
			if (t->vkey && t->id)
				mark_branch(b, t->id, (int)t->row, mtags,
					    pass ? nr_mtags : 0, &t->base);
			if (ml)
				nr_mtags = mainline_tags(b, 1ULL << t->row, &mtags);
		}
		if (!pass && nr_mtags && tags_out_of_order(b, build_mainline_bit(b)))
			nr_mtags = 0;
	}
	free(mtags);
	if (ignored)
		cbp_note("warning: more than %d tracked branches; ignoring %d, from %s on",
			 CBP_MAX_BRANCHES, ignored, first_ignored);
	return store_branches(b);
}

/**
 * build_mainline_bit() - the bit of the mainline branch in reach.branches
 * @b: the build, after its branches were given rows
 *
 * Return: that bit, or 0 when mainline has no row (no mainline tracked).
 */
unsigned long long build_mainline_bit(const struct build *b)
{
	size_t i;

	for (i = 0; i < b->nr_br; i++)
		if (b->br[i].role == CBP_ROLE_MAINLINE && b->br[i].row >= 0 &&
		    b->br[i].row < CBP_MAX_BRANCHES)
			return 1ULL << b->br[i].row;
	return 0;
}
