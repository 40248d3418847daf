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

	cbp_class_layout(w.m, w.nr, w.e, w.nr_e, cls);
	set_groups(&w, cls);
	err = 0;
out:
	free(w.m);
	free(w.e);
	if (err)
		cbp_class_release(cls);
	return err;
}
