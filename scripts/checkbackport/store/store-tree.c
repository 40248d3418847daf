// SPDX-License-Identifier: GPL-2.0
/*
 * The class of names of a change laid out as a tree for printing: every
 * member once, under a member it cites or that cites it.  The root is
 * the original: a commit that cites no other present member, the oldest
 * if several.  A commit hangs under the member it cites that lies
 * deepest on a chain of citations from the root (so a backport citing
 * both the original and a cherry-pick of it hangs under the
 * cherry-pick), else under one that cites it.  IDs cited but absent from
 * the repository are leaves, under the shallowest member that cites
 * them; only a commit joined to the rest through nothing else hangs
 * under such an ID.  No arrangement of citations, missing IDs or cycles
 * makes a member appear twice, or as a root of its own.
 */
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store-priv.h"
#include "base/util.h"

struct layout {
	const struct cbp_member *m;
	size_t nr;
	int *es, *ed;		/* edge e: member es[e] cites member ed[e] */
	int *ei;		/* the citation edge e stands for */
	size_t nr_e;
	int *parent, *link, *depth;
};

/* Is @a a better root / earlier sibling than @b? */
static int earlier(const struct cbp_commit *a, const struct cbp_commit *b)
{
	if (!!(a->state == CBP_PRESENT) ^ !!(b->state == CBP_PRESENT))
		return a->state == CBP_PRESENT;
	if (a->atime != b->atime)
		return a->atime < b->atime;
	return strcmp(a->hex, b->hex) < 0;
}

static int present(const struct layout *l, int i)
{
	return l->m[i].c.state == CBP_PRESENT;
}

/* Is @a an ancestor of @b (or @b itself) in the tree so far? */
static int is_ancestor(const struct layout *l, int a, int b)
{
	size_t hops;

	for (hops = 0; b >= 0 && hops <= l->nr; hops++, b = l->parent[b])
		if (b == a)
			return 1;
	return 0;
}

static void put(struct layout *l, int child, int parent, int e)
{
	l->parent[child] = parent;
	l->depth[child] = l->depth[parent] + 1;
	l->link[child] = e;
}

/* Present members under the present member they cite deepest. */
static int deepen(struct layout *l, int root)
{
	int changed = 0;
	size_t e;

	for (e = 0; e < l->nr_e; e++) {
		int s = l->es[e], d = l->ed[e];

		if (s == root || s == d || !present(l, s) || !present(l, d) ||
		    l->depth[d] < 0 || l->depth[d] + 1 <= l->depth[s] ||
		    l->depth[d] >= (int)l->nr || is_ancestor(l, s, d))
			continue;
		put(l, s, d, (int)e);
		changed = 1;
	}
	return changed;
}

/* Present members no chain reaches, under a present member citing them. */
static int hang_cited(struct layout *l)
{
	int changed = 0;
	size_t e;

	for (e = 0; e < l->nr_e; e++) {
		int s = l->es[e], d = l->ed[e];

		if (l->depth[s] < 0 || l->depth[d] >= 0 || !present(l, d) ||
		    !present(l, s))
			continue;
		put(l, d, s, (int)e);
		changed = 1;
	}
	return changed;
}

/* Absent IDs as leaves, under the shallowest placed member citing them. */
static int hang_absent(struct layout *l)
{
	int changed = 0;
	size_t i, e;

	for (i = 0; i < l->nr; i++) {
		int best = -1;

		if (present(l, (int)i) || l->depth[i] >= 0)
			continue;
		for (e = 0; e < l->nr_e; e++) {
			int s = l->es[e];

			if (l->ed[e] != (int)i || l->depth[s] < 0)
				continue;
			if (best < 0 || l->depth[s] < l->depth[l->es[best]] ||
			    (l->depth[s] == l->depth[l->es[best]] &&
			     earlier(&l->m[s].c, &l->m[l->es[best]].c)))
				best = (int)e;
		}
		if (best >= 0) {
			put(l, (int)i, l->es[best], best);
			changed = 1;
		}
	}
	return changed;
}

/*
 * Present members joined only through an absent ID, under that ID: the
 * one citing no present member first, so that the rest of its part of
 * the class hangs under it as usual.
 */
static int hang_on_absent(struct layout *l)
{
	int best = -1, best_orig = 0;
	size_t e, k;

	for (e = 0; e < l->nr_e; e++) {
		int s = l->es[e], d = l->ed[e], orig = 1;

		if (l->depth[s] >= 0 || l->depth[d] < 0 || present(l, d))
			continue;
		for (k = 0; k < l->nr_e && orig; k++)
			orig = l->es[k] != s || !present(l, l->ed[k]);
		if (best < 0 || orig > best_orig ||
		    (orig == best_orig && earlier(&l->m[s].c, &l->m[l->es[best]].c))) {
			best = (int)e;
			best_orig = orig;
		}
	}
	if (best < 0)
		return 0;
	put(l, l->es[best], l->ed[best], best);
	return 1;
}

static int find_set(int *set, int i)
{
	while (set[i] != i) {
		set[i] = set[set[i]];
		i = set[i];
	}
	return i;
}

/* The oldest present member citing no member (@any) or no present one. */
static int original(const struct layout *l, int any)
{
	int root = -1;
	size_t i, e;

	for (i = 0; i < l->nr; i++) {
		int cites = 0;

		if (!present(l, (int)i))
			continue;
		for (e = 0; e < l->nr_e && !cites; e++)
			cites = l->es[e] == (int)i && (any || present(l, l->ed[e]));
		if (!cites && (root < 0 || earlier(&l->m[i].c, &l->m[root].c)))
			root = (int)i;
	}
	return root;
}

/* The absent ID cited from the most of the @set's parts, or -1. */
static int shared_absent(const struct layout *l, int *set)
{
	int *seen = cbp_calloc(l->nr, sizeof(*seen));
	int root = -1, best = 0;
	size_t i, e, k;

	for (i = 0; i < l->nr; i++) {
		int n = 0;

		if (present(l, (int)i))
			continue;
		for (e = 0; e < l->nr_e; e++) {
			int part;

			if (l->ed[e] != (int)i)
				continue;
			part = find_set(set, l->es[e]);
			for (k = 0; k < (size_t)n && seen[k] != part; k++)
				;
			if (k == (size_t)n)
				seen[n++] = part;
		}
		if (n > best || (n && n == best &&
				 earlier(&l->m[i].c, &l->m[root].c))) {
			root = (int)i;
			best = n;
		}
	}
	free(seen);
	return root;
}

/*
 * The root: the original.  A present member citing nothing at all, the
 * oldest if several.  Else, when citations between present members join
 * them all, the present member citing no other present one, with absent
 * IDs as leaves.  Else (cherry-picks of a commit this repository does
 * not have, joined only through it) the absent ID joining the most of
 * them: the original they share.  A cycle of citations, or nothing
 * present: the oldest member, present first.
 */
static int pick_root(const struct layout *l)
{
	int *set = cbp_calloc(l->nr, sizeof(*set));
	int root = original(l, 1), parts = 0;
	size_t i, e;

	for (i = 0; i < l->nr; i++)
		set[i] = (int)i;
	for (e = 0; e < l->nr_e; e++)
		if (present(l, l->es[e]) && present(l, l->ed[e]))
			set[find_set(set, l->es[e])] = find_set(set, l->ed[e]);
	for (i = 0; i < l->nr; i++)
		parts += present(l, (int)i) && find_set(set, (int)i) == (int)i;
	if (root < 0 && parts <= 1)
		root = original(l, 0);
	if (root < 0)
		root = shared_absent(l, set);
	if (root < 0)
		for (root = 0, i = 1; i < l->nr; i++)
			if (earlier(&l->m[i].c, &l->m[root].c))
				root = (int)i;
	free(set);
	return root;
}

static const struct layout *sort_layout;

static int cmp_child(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	if (earlier(&sort_layout->m[x].c, &sort_layout->m[y].c))
		return -1;
	return earlier(&sort_layout->m[y].c, &sort_layout->m[x].c) ? 1 : 0;
}

/* Depth first from @root, children oldest first, into @cls. */
static void emit(struct layout *l, int root, const struct cbp_link *links,
		 struct cbp_class *cls)
{
	int *first = cbp_calloc(l->nr + 1, sizeof(*first));
	int *kids = cbp_calloc(l->nr, sizeof(*kids));
	int *out = cbp_calloc(l->nr, sizeof(*out));
	int *stack = cbp_calloc(l->nr, sizeof(*stack));
	size_t i, sp = 0;

	/* Children of member p are kids[first[p] .. first[p + 1]). */
	for (i = 0; i < l->nr; i++)
		if ((int)i != root)
			first[l->parent[i] + 1]++;
	for (i = 0; i < l->nr; i++)
		first[i + 1] += first[i];
	for (i = 0; i < l->nr; i++) {
		if ((int)i == root)
			continue;
		kids[first[l->parent[i]] + out[l->parent[i]]++] = (int)i;
	}
	sort_layout = l;
	for (i = 0; i < l->nr; i++)
		qsort(kids + first[i], first[i + 1] - first[i], sizeof(*kids),
		      cmp_child);

	stack[sp++] = root;
	while (sp) {
		int at = stack[--sp], me = (int)cls->nr, k;

		cls->members = cbp_grow(cls->members, sizeof(*cls->members),
					cls->nr + 1, &cls->alloc);
		cls->members[me].c = l->m[at].c;
		cls->members[me].parent = at == root ? -1 : out[l->parent[at]];
		if (l->link[at] >= 0)
			cls->members[me].link = links[l->ei[l->link[at]]];
		else
			memset(&cls->members[me].link, 0, sizeof(struct cbp_link));
		cls->nr++;
		out[at] = me;
		for (k = first[at + 1] - 1; k >= first[at]; k--)
			stack[sp++] = kids[k];
	}
	free(first);
	free(kids);
	free(out);
	free(stack);
}

static int cmp_id(const void *a, const void *b)
{
	const long long *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* Position of row @id among the members (@ids: id, position pairs). */
static int member_of(const long long *ids, size_t nr, long long id)
{
	const long long *hit = bsearch(&id, ids, nr, 2 * sizeof(*ids), cmp_id);

	return hit ? (int)hit[1] : -1;
}

/**
 * cbp_class_layout() - lay a class out as a tree
 * @m: the members, in any order (only @m[i].c is read)
 * @nr: how many
 * @links: the origin citations among them (src cites dst)
 * @nr_links: how many
 * @cls: receives the members in depth-first order, with their parents
 *	 and the citation joining each to its parent
 *
 * See the comment at the top of store-tree.c for the shape.
 */
void cbp_class_layout(const struct cbp_member *m, size_t nr,
		      const struct cbp_link *links, size_t nr_links,
		      struct cbp_class *cls)
{
	struct layout l = { .m = m, .nr = nr };
	long long *ids;
	size_t i;
	int root;

	if (!nr)
		return;
	ids = cbp_calloc(2 * nr, sizeof(*ids));
	for (i = 0; i < nr; i++) {
		ids[2 * i] = m[i].c.id;
		ids[2 * i + 1] = (long long)i;
	}
	cbp_sort(ids, nr, 2 * sizeof(*ids), cmp_id);
	l.es = cbp_calloc(nr_links + 1, sizeof(*l.es));
	l.ed = cbp_calloc(nr_links + 1, sizeof(*l.ed));
	l.ei = cbp_calloc(nr_links + 1, sizeof(*l.ei));
	for (i = 0; i < nr_links; i++) {
		int s = member_of(ids, nr, links[i].src);
		int d = member_of(ids, nr, links[i].dst);

		if (s < 0 || d < 0 || s == d)
			continue;
		l.es[l.nr_e] = s;
		l.ed[l.nr_e] = d;
		l.ei[l.nr_e] = (int)i;
		l.nr_e++;
	}
	free(ids);
	l.parent = cbp_calloc(nr, sizeof(*l.parent));
	l.link = cbp_calloc(nr, sizeof(*l.link));
	l.depth = cbp_calloc(nr, sizeof(*l.depth));
	for (i = 0; i < nr; i++) {
		l.parent[i] = -1;
		l.link[i] = -1;
		l.depth[i] = -1;
	}

	root = pick_root(&l);
	l.depth[root] = 0;
	while (deepen(&l, root) || hang_cited(&l) || hang_absent(&l) ||
	       hang_on_absent(&l))
		;
	/* Joined to no placed member (a class cut short): under the root. */
	for (i = 0; i < nr; i++)
		if (l.depth[i] < 0) {
			l.parent[i] = root;
			l.depth[i] = 1;
		}
	emit(&l, root, links, cls);
	free(l.es);
	free(l.ed);
	free(l.ei);
	free(l.parent);
	free(l.link);
	free(l.depth);
}
