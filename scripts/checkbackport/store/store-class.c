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
#include "base/util.h"

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

/*
 * How a member was found: as the commit citing row @from (-1: the start,
 * or found as a commit cited), that citation partial() or not.
 */
struct found {
	long long from;
	int adapted;
};

struct walk {
	struct cbp_member *m;	/* in discovery order */
	size_t nr, alloc;
	struct found *f;	/* how each of @m was found */
	size_t alloc_f;
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

/* A citation that says only that the citer changes a file in common. */
static int adapted(int trust)
{
	return trust == CBP_TRUST_ADAPTED;
}

/*
 * Does citation @l say only that the citer carries a part of the cited
 * change, or the cited change in a part of it?  An adapted citation, and
 * a commit a cited merge brought in: a pick of a pull request's merge
 * carries its commits, each a change of its own, beside the merge.
 */
static int partial(const struct cbp_link *l)
{
	return adapted(l->trust) || l->kind == CBP_MERGED;
}

/* Is the merge link @l came through (its quoted ID) a member of @cls? */
static int merge_in_class(const struct cbp_class *cls, const struct cbp_link *l)
{
	size_t i;

	for (i = 0; i < cls->nr; i++)
		if (!strcmp(cls->members[i].c.hex, l->quoted))
			return 1;
	return 0;
}

/*
 * Groups: members joined by links other than adapted ones, numbered in
 * the order of the members' first appearance in @cls.  The pick of a
 * one-commit pull request's merge has the commit's patch: one group with
 * it, but not with the merge as well, which would make the merge and the
 * commit one change "in mainline 2 times".
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

		if (s < 0 || d < 0 || adapted(w->e[e].trust) ||
		    (w->e[e].kind == CBP_MERGED && merge_in_class(cls, &w->e[e])))
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

/* Record how member @i was found. */
static void found_from(struct walk *w, size_t i, long long from,
		       int was_adapted)
{
	w->f = cbp_grow(w->f, sizeof(*w->f), i + 1, &w->alloc_f);
	w->f[i].from = from;
	w->f[i].adapted = was_adapted;
}

/*
 * Would following citation @l of a member found as the citer of row
 * @came (the citation adapted if @came_adapted) join two changes?  A
 * commit citing several origins, one of them only adapted, carries
 * several changes, as a backport squashing unrelated commits does
 * (ansible's "Docsbackportapalooza" on stable-2.10): it is a name of
 * each, but no path between them.  Its own names still reach them all.
 * So is a pick of a pull request's merge, linked to the merge and to the
 * commits it brought in: a one-commit pull request's merge joined to its
 * commit would be the change "in mainline 2 times".
 */
static int joins_squashed(long long came, int came_adapted,
			  const struct cbp_link *l)
{
	return came >= 0 && l->dst != came && (came_adapted || partial(l));
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
 * not followed, but kept in @cls->cut.  A commit citing several origins
 * and only adapted from one of them joins each, but is no path between
 * them (joins_squashed()); nor is one linked to what a merge it cites
 * brought in (CBP_MERGED).  The members are returned as a
 * tree in depth-first order, rooted at the original, each once
 * (cbp_class_layout(), store-tree.c).  Members joined only through
 * adapted citations are in different groups (struct cbp_member).
 *
 * Return: 0, or -1 on error.
 */
int cbp_class_of(struct cbp_index *idx, long long id, struct cbp_class *cls)
{
	struct walk w = { 0 };
	size_t head = 0, i;
	int err = -1;

	memset(cls, 0, sizeof(*cls));
	w.m = cbp_grow(w.m, sizeof(*w.m), 1, &w.alloc);
	if (cbp_commit_get(idx, id, &w.m[0].c)) {
		free(w.m);
		return cbp_errmsg()[0] ? -1 : cbp_error("no index row %lld", id);
	}
	w.nr = 1;
	found_from(&w, 0, -1, 0);

	while (head < w.nr && w.nr < MAX_CLASS) {
		long long at = w.m[head].c.id, came = w.f[head].from;
		int came_adapted = w.f[head].adapted, dir;

		head++;

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
				if (dir && joins_squashed(came, came_adapted, &l[i]))
					continue;
				w.m = cbp_grow(w.m, sizeof(*w.m), w.nr + 1,
					       &w.alloc);
				if (cbp_commit_get(idx, other, &w.m[w.nr].c))
					continue;
				found_from(&w, w.nr, dir ? -1 : at,
					   !dir && partial(&l[i]));
				w.nr++;
			}
			free(l);
		}
	}

	cbp_class_layout(w.m, w.nr, w.e, w.nr_e, cls);
	set_groups(&w, cls);
	err = 0;
out:
	free(w.m);
	free(w.e);
	free(w.f);
	if (err)
		cbp_class_release(cls);
	return err;
}
