// SPDX-License-Identifier: GPL-2.0
/*
 * The class of names of a change: every row joined to a given one by
 * origin citations, in either direction and to any depth, laid out as a
 * spanning tree rooted at the original for printing.  Suspicious links
 * (see trust.h) are never followed: they are kept aside, with the member
 * that carries or receives them, for the commands to show.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store-priv.h"
#include "util.h"

#define MAX_CLASS	10000

/**
 * cbp_class_contains() - position of a row in a class
 * @cls: the class
 * @id: row id
 *
 * Return: its index in @cls->members, or -1.
 */
int cbp_class_contains(const struct cbp_class *cls, long long id)
{
	size_t i;

	for (i = 0; i < cls->nr; i++)
		if (cls->members[i].c.id == id)
			return (int)i;
	return -1;
}

/**
 * cbp_class_release() - free a class filled in by cbp_class_of()
 * @cls: the class
 */
void cbp_class_release(struct cbp_class *cls)
{
	free(cls->members);
	free(cls->cut);
	memset(cls, 0, sizeof(*cls));
}

struct walk {
	struct cbp_member *m;	/* in discovery order */
	size_t nr, alloc;
	struct cbp_link *e;	/* origin links followed inside the class */
	size_t nr_e, alloc_e;
};

/* Keep a suspicious link aside, once however many ends reach it. */
static void cut_link(struct cbp_class *cls, const struct cbp_link *l)
{
	size_t i;

	for (i = 0; i < cls->nr_cut; i++)
		if (cls->cut[i].src == l->src && cls->cut[i].dst == l->dst &&
		    cls->cut[i].kind == l->kind)
			return;
	cls->cut = cbp_grow(cls->cut, sizeof(*cls->cut), cls->nr_cut + 1,
			    &cls->alloc_cut);
	cls->cut[cls->nr_cut++] = *l;
}

static int group_root(int *up, int i)
{
	while (up[i] != i) {
		up[i] = up[up[i]];
		i = up[i];
	}
	return i;
}

/*
 * Groups: members joined by links other than adapted ones, numbered in
 * the order of the members' first appearance in @cls.
 */
static void set_groups(const struct walk *w, struct cbp_class *cls)
{
	int *up = cbp_calloc(cls->nr ? cls->nr : 1, sizeof(*up));
	int *num = cbp_calloc(cls->nr ? cls->nr : 1, sizeof(*num));
	size_t i, e;
	int next = 0;

	for (i = 0; i < cls->nr; i++) {
		up[i] = (int)i;
		num[i] = -1;
	}
	for (e = 0; e < w->nr_e; e++) {
		int s = cbp_class_contains(cls, w->e[e].src);
		int d = cbp_class_contains(cls, w->e[e].dst);

		if (s < 0 || d < 0 || w->e[e].trust == CBP_TRUST_ADAPTED)
			continue;
		up[group_root(up, s)] = group_root(up, d);
	}
	for (i = 0; i < cls->nr; i++) {
		int r = group_root(up, (int)i);

		if (num[r] < 0)
			num[r] = next++;
		cls->members[i].group = num[r];
	}
	free(num);
	free(up);
}

static int find(const struct walk *w, long long id)
{
	size_t i;

	for (i = 0; i < w->nr; i++)
		if (w->m[i].c.id == id)
			return (int)i;
	return -1;
}

/* Is @a a better root / earlier sibling than @b? */
static int earlier(const struct cbp_commit *a, const struct cbp_commit *b)
{
	if (!!(a->state == CBP_PRESENT) ^ !!(b->state == CBP_PRESENT))
		return a->state == CBP_PRESENT;
	if (a->atime != b->atime)
		return a->atime < b->atime;
	return strcmp(a->hex, b->hex) < 0;
}

/* Is @a on the tree path from @b up to the root? */
static int is_ancestor(const int *parent, size_t nr, int a, int b)
{
	size_t steps;

	for (steps = 0; b >= 0 && steps <= nr; steps++, b = parent[b])
		if (b == a)
			return 1;
	return 0;
}

/*
 * Tree parent of each member: the member it cites that lies deepest on a
 * citation chain from the root (so a backport citing both the original
 * and a cherry-pick of it hangs under the cherry-pick); members citing
 * nothing in the tree hang under a member that cites them.  A member
 * never moves under one that hangs under it: a backport citing the root
 * and an ID missing here keeps the root as parent, the missing ID hangs
 * under it, and the tree has no cycle.
 */
static void place(struct walk *w, int root, int *parent, int *link, int *depth)
{
	size_t i, e, round;
	int changed = 1;

	for (i = 0; i < w->nr; i++) {
		parent[i] = -1;
		link[i] = -1;
		depth[i] = -1;
	}
	depth[root] = 0;
	for (round = 0; changed && round < 2 * w->nr + 2; round++) {
		changed = 0;
		for (e = 0; e < w->nr_e; e++) {
			int s = find(w, w->e[e].src), d = find(w, w->e[e].dst);

			if (s < 0 || d < 0 || s == root || s == d || depth[d] < 0)
				continue;
			if (depth[s] < depth[d] + 1 && depth[d] < (int)w->nr &&
			    !is_ancestor(parent, w->nr, s, d)) {
				depth[s] = depth[d] + 1;
				parent[s] = d;
				link[s] = (int)e;
				changed = 1;
			}
		}
		if (changed)
			continue;
		for (e = 0; e < w->nr_e; e++) {
			int s = find(w, w->e[e].src), d = find(w, w->e[e].dst);

			if (s < 0 || d < 0 || depth[s] < 0 || depth[d] >= 0)
				continue;
			depth[d] = depth[s] + 1;
			parent[d] = s;
			link[d] = (int)e;
			changed = 1;
		}
	}
}

/* Depth-first, children in date order, from member @at of the walk. */
static void emit(struct walk *w, int at, int parent_out, const int *parent,
		 const int *link, unsigned char *done, struct cbp_class *cls)
{
	int me = (int)cls->nr;

	done[at] = 1;
	cls->members = cbp_grow(cls->members, sizeof(*cls->members),
				cls->nr + 1, &cls->alloc);
	cls->members[me].c = w->m[at].c;
	cls->members[me].parent = parent_out;
	if (link[at] >= 0)
		cls->members[me].link = w->e[link[at]];
	else
		memset(&cls->members[me].link, 0, sizeof(struct cbp_link));
	cls->nr++;

	for (;;) {
		int best = -1;
		size_t i;

		for (i = 0; i < w->nr; i++)
			if (parent[i] == at && !done[i] &&
			    (best < 0 || earlier(&w->m[i].c, &w->m[best].c)))
				best = (int)i;
		if (best < 0)
			break;
		emit(w, best, me, parent, link, done, cls);
	}
}

/**
 * cbp_class_of() - every name of the change a row belongs to
 * @idx: the index
 * @id: any member
 * @cls: filled in; release with cbp_class_release()
 *
 * Rows joined by origin citations (cherry picked from, commit X upstream,
 * [ Upstream commit X ], Upstream commit X, backported from), in either
 * direction and to any depth, form the class; a suspicious citation is
 * not followed, but kept in @cls->cut.  The members are returned as a
 * spanning tree in depth-first order, rooted at the original: a member
 * citing no other member, preferring one present in the repository and
 * then the oldest.  Members joined only through adapted citations are
 * in different groups (struct cbp_member).
 *
 * Return: 0, or -1 on error.
 */
int cbp_class_of(struct cbp_index *idx, long long id, struct cbp_class *cls)
{
	struct walk w = { 0 };
	unsigned char *done;
	int *parent, *link, *depth;
	size_t head = 0, i;
	int root, err = -1;

	memset(cls, 0, sizeof(*cls));
	w.m = cbp_grow(w.m, sizeof(*w.m), 1, &w.alloc);
	if (cbp_commit_get(idx, id, &w.m[0].c)) {
		free(w.m);
		return cbp_errmsg()[0] ? -1 : cbp_error("no index row %lld", id);
	}
	w.nr = 1;

	while (head < w.nr && w.nr < MAX_CLASS) {
		long long at = w.m[head++].c.id;
		int dir;

		for (dir = 0; dir < 2; dir++) {
			struct cbp_link *l;
			size_t n;

			if (cbp_links(idx, at, dir, 1, &l, &n))
				goto out;
			for (i = 0; i < n; i++) {
				long long other = dir ? l[i].dst : l[i].src;

				if (!cbp_trust_followed(l[i].trust)) {
					cut_link(cls, &l[i]);
					continue;
				}
				/* Every member is visited: keep its own citations. */
				if (dir) {
					w.e = cbp_grow(w.e, sizeof(*w.e), w.nr_e + 1,
						       &w.alloc_e);
					w.e[w.nr_e++] = l[i];
				}
				if (find(&w, other) >= 0 || w.nr >= MAX_CLASS)
					continue;
				w.m = cbp_grow(w.m, sizeof(*w.m), w.nr + 1,
					       &w.alloc);
				if (cbp_commit_get(idx, other, &w.m[w.nr].c))
					continue;
				w.nr++;
			}
			free(l);
		}
	}

	/* Root: cites no member; present and oldest preferred. */
	root = -1;
	for (i = 0; i < w.nr; i++) {
		size_t j;
		int cites = 0;

		for (j = 0; j < w.nr_e && !cites; j++)
			cites = w.e[j].src == w.m[i].c.id;
		if (!cites && (root < 0 || earlier(&w.m[i].c, &w.m[root].c)))
			root = (int)i;
	}
	if (root < 0)
		root = 0;	/* a cycle of citations */

	done = cbp_calloc(w.nr, 1);
	parent = cbp_calloc(w.nr, sizeof(*parent));
	link = cbp_calloc(w.nr, sizeof(*link));
	depth = cbp_calloc(w.nr, sizeof(*depth));
	place(&w, root, parent, link, depth);
	emit(&w, root, -1, parent, link, done, cls);
	/* Members cut off by a cycle of citations become extra roots. */
	for (i = 0; i < w.nr; i++)
		if (!done[i]) {
			link[i] = -1;
			parent[i] = -1;
			emit(&w, (int)i, -1, parent, link, done, cls);
		}
	set_groups(&w, cls);
	free(parent);
	free(link);
	free(depth);
	free(done);
	err = 0;
out:
	free(w.m);
	free(w.e);
	if (err)
		cbp_class_release(cls);
	return err;
}
