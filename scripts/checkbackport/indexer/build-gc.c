// SPDX-License-Identifier: GPL-2.0
/*
 * Commits no ref reaches any more.  The index holds the history of the
 * refs it indexes (build-refs.c), and remembers their tips (the refs
 * table).  When a ref is deleted or rewound, the commits only it reached
 * leave the index, as an index built afresh would not have them: their
 * rows and citations go, and what cited them is resolved again (a
 * missing ID, or another commit of that abbreviation).
 *
 * Finding out costs nothing in the usual update, where every old tip is
 * still a tip, or the parent of a commit read in this run.  Otherwise
 * the whole graph is loaded from the index and marked from the refs.
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

/* A ref tip of the last build that this run's refs no longer reach. */
static int old_tip(const char *hex, void *data)
{
	struct build *b = data;
	struct cbp_oid oid;

	if (!hex || strlen(hex) != CBP_OID_HEXSZ ||
	    cbp_oid_fromhex(&oid, hex) ||
	    !b->hash[build_hash_slot(b, &oid)])
		b->gc = 1;
	return b->gc;
}

/**
 * build_gc_check() - whether a ref may have lost commits since the last run
 * @b: an update, after build_walk_new_commits()
 *
 * Every commit in the build's hash is reachable from a ref: the refs'
 * own commits, those read in this run and their parents.  An old tip
 * not among them may no longer be reachable; then build_gc() looks.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_gc_check(struct build *b)
{
	if (b->cold)
		return 0;
	return cbp_store_each_ref_tip(b->w, old_tip, b) < 0 ? -1 : 0;
}

/* The graph of every present commit, by row: parents of row i. */
struct graph {
	unsigned int *start;	/* of row i's parents in par */
	unsigned int *len;
	unsigned int *par;
	size_t nr_par, alloc_par;
	unsigned char *state;	/* 0 absent, 1 present, 2 reachable */
	long long max;
};

static int add_commit(long long id, const unsigned int *par,
		      unsigned int npar, void *data)
{
	struct graph *g = data;

	if (id < 1 || id > g->max)
		return 0;
	g->state[id] = 1;
	g->start[id] = (unsigned int)g->nr_par;
	g->len[id] = npar;
	g->par = cbp_grow(g->par, sizeof(*g->par), g->nr_par + npar,
			  &g->alloc_par);
	memcpy(g->par + g->nr_par, par, npar * sizeof(*par));
	g->nr_par += npar;
	return 0;
}

static int load_graph(struct build *b, struct graph *g)
{
	if (cbp_store_max_commit(b->w, &g->max))
		return -1;
	if (g->max < 0)
		g->max = 0;
	g->start = cbp_calloc(g->max + 1, sizeof(*g->start));
	g->len = cbp_calloc(g->max + 1, sizeof(*g->len));
	g->state = cbp_calloc(g->max + 1, 1);
	return cbp_store_each_present_commit(b->w, add_commit, g);
}

static void mark(struct build *b, struct graph *g)
{
	size_t i;

	b->nr_stack = 0;
	for (i = 0; i < b->nr_refs; i++)
		build_push(b, b->ref_id[i]);
	while (b->nr_stack) {
		unsigned int id = b->stack[--b->nr_stack], k;

		if (id > g->max || g->state[id] != 1)
			continue;
		g->state[id] = 2;
		for (k = 0; k < g->len[id]; k++)
			build_push(b, g->par[g->start[id] + k]);
	}
}

/*
 * A citation of a removed commit may now name another one (a shorter
 * abbreviation that became unique): build_judge_links() judges it as it
 * judges the citations of a commit that arrived.
 */
static int rejudge(long long dst, void *data)
{
	struct build *b = data;

	b->arrived = cbp_grow(b->arrived, sizeof(*b->arrived),
			      b->nr_arrived + 1, &b->alloc_arrived);
	b->arrived[b->nr_arrived++] = (unsigned int)dst;
	return 0;
}

static int rejudge_renamed(struct build *b)
{
	return cbp_store_take_renamed(b->w, rejudge, b);
}

/* Remove the rows @g left unmarked, and what only they cited. */
static int sweep(struct build *b, struct graph *g)
{
	long long id;

	if (cbp_store_gone_begin(b->w))
		return -1;
	for (id = 1; id <= g->max; id++) {
		if (g->state[id] != 1)
			continue;
		if (cbp_store_add_gone(b->w, id))
			return -1;
		b->gone++;
	}
	if (!b->gone)
		return 0;
	/* What they cited made mainline's duplicates: see build-copies.c. */
	b->refind = 1;
	cbp_note("%lld commit%s no ref reaches any more left the index", b->gone,
		 b->gone == 1 ? "" : "s");
	if (cbp_store_drop_gone(b->w))
		return -1;
	/* What cited them is missing now, or names another commit. */
	if (build_resolve_unresolved(b) || build_reresolve_absent(b) ||
	    rejudge_renamed(b))
		return -1;
	/* IDs that only the removed commits cited. */
	return cbp_store_drop_uncited(b->w);
}

/**
 * build_gc() - remove the commits no ref reaches any more
 * @b: the build, at its end; nothing is done unless build_gc_check()
 *     found an old tip that may be lost
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_gc(struct build *b)
{
	struct graph g = { 0 };
	int err;

	if (!b->gc)
		return 0;
	err = load_graph(b, &g);
	if (!err) {
		mark(b, &g);
		err = sweep(b, &g);
	}
	free(g.start);
	free(g.len);
	free(g.par);
	free(g.state);
	return err;
}

/*
 * Whether the index records exactly the refs of this run, at the same
 * commits: most updates find nothing new, and rewriting the table would
 * make each of them write and sync the index.  Names are unique in the
 * table, so the same number of rows, each found, is the same set (a name
 * twice in this run only makes it look changed).
 */
static int refs_unchanged(struct build *b)
{
	char hex[CBP_OID_HEXSZ + 1];
	long long nr;
	size_t i;
	int rc;

	if (b->cold)
		return 0;
	if (cbp_store_count_refs(b->w, &nr))
		return -1;
	if (nr != (long long)b->nr_refs)
		return 0;
	for (i = 0; i < b->nr_refs; i++) {
		rc = cbp_store_has_ref(b->w, b->refs[i].name,
				       cbp_oid_tohex(&b->refs[i].commit, hex));
		if (rc != 1)
			return rc;
	}
	return 1;
}

/**
 * build_store_refs() - remember the refs whose history the index holds
 * @b: the build
 *
 * And the branches that lead to no commit (cbp_index_unpeeled_branch()).
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_store_refs(struct build *b)
{
	char hex[CBP_OID_HEXSZ + 1];
	size_t i;
	int same;

	if (cbp_store_set_unpeeled(b->w, b->unpeeled ? b->unpeeled : "") < 0)
		return -1;
	same = refs_unchanged(b);
	if (same)
		return same < 0 ? -1 : 0;
	if (cbp_store_clear_refs(b->w))
		return -1;
	for (i = 0; i < b->nr_refs; i++)
		if (cbp_store_add_ref(b->w, b->refs[i].name,
				      cbp_oid_tohex(&b->refs[i].commit, hex)))
			return -1;
	return 0;
}
