// SPDX-License-Identifier: GPL-2.0
/*
 * Mainline order: the position of every mainline commit in one
 * topological order of mainline (table morder), the order in which
 * follow-up fixes and reverts are applied.  The edges themselves
 * (Fixes:, Stable-dep-of:, reverts) are citations in the links table,
 * written with every commit and resolved like the others; this is what
 * the queries on them (store-edges.c) need besides.
 *
 * Positions are given by a depth-first walk from the mainline tip that
 * visits a commit's parents in order before the commit itself, as
 * "git rev-list --topo-order --reverse" lists them: a release tag on the
 * first-parent line comes after exactly its ancestors.  A walk stops at
 * commits that already have a position, so an update numbers only the
 * new mainline commits, after all the old ones.  That stays a valid
 * order whatever happens to the branch: every ancestor of a numbered
 * commit is numbered, so no new commit can be an ancestor of an old one.
 * A commit that left mainline keeps its position; queries only read the
 * positions of commits mainline contains.
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

enum { POS_UNKNOWN, POS_SET, POS_OPEN, POS_NONE };

struct order {
	struct build *b;
	unsigned char *mark;		/* per row: POS_* */
	size_t alloc_mark;
	struct { unsigned int id, next; } *stack;
	size_t nr, alloc;
	long long next_pos;
	long long written;
};

static unsigned char *mark_of(struct order *o, unsigned int id)
{
	size_t old = o->alloc_mark;

	if (id >= old) {
		o->mark = cbp_grow(o->mark, 1, (size_t)id + 1, &o->alloc_mark);
		memset(o->mark + old, POS_UNKNOWN, o->alloc_mark - old);
	}
	return &o->mark[id];
}

/* Has row @id a position from an earlier run?  -1 on error. */
static int positioned(struct order *o, unsigned int id)
{
	if (o->b->cold)
		return 0;
	return cbp_store_has_order(o->b->w, id);
}

/* Put row @id on the walk unless it is done or has a position. */
static int visit(struct order *o, unsigned int id)
{
	unsigned char *m = mark_of(o, id);
	int rc;

	if (*m != POS_UNKNOWN)
		return 0;
	rc = positioned(o, id);
	if (rc < 0)
		return -1;
	if (rc) {
		*m = POS_SET;
		return 0;
	}
	*m = POS_OPEN;
	o->stack = cbp_grow(o->stack, sizeof(*o->stack), o->nr + 1, &o->alloc);
	o->stack[o->nr].id = id;
	o->stack[o->nr].next = 0;
	o->nr++;
	return 0;
}

static int number(struct order *o, unsigned int tip)
{
	struct build *b = o->b;

	if (visit(o, tip))
		return -1;
	while (o->nr) {
		unsigned int id = o->stack[o->nr - 1].id;
		struct node *n = build_get_node(b, id);

		if (!n)
			return -1;
		if (n->state != NODE_LOADED) {
			/* Not read (a shallow clone): no position. */
			o->mark[id] = POS_NONE;
			o->nr--;
			continue;
		}
		if (o->stack[o->nr - 1].next < n->npar) {
			unsigned int p = b->edge[n->par + o->stack[o->nr - 1].next++];

			if (visit(o, p))
				return -1;
			continue;
		}
		/* Every parent is numbered: this commit comes next. */
		if (cbp_store_put_order(b->w, id, o->next_pos++))
			return -1;
		o->written++;
		o->mark[id] = POS_SET;
		o->nr--;
	}
	return 0;
}

/**
 * build_update_order() - number the new mainline commits in mainline order
 * @b: the build, after build_update_branches()
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_update_order(struct build *b)
{
	struct order o = { .b = b };
	long long max = -1;
	size_t i;
	int err = 0;

	for (i = 0; i < b->nr_br; i++)
		if (b->br[i].role == CBP_ROLE_MAINLINE && b->br[i].id)
			break;
	if (i == b->nr_br)
		return 0;
	if (!b->cold && cbp_store_max_order(b->w, &max))
		return -1;
	o.next_pos = max < 0 ? 1 : max + 1;
	err = number(&o, b->br[i].id);
	free(o.mark);
	free(o.stack);
	return err;
}
