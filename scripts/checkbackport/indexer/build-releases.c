// SPDX-License-Identifier: GPL-2.0
/*
 * First releases: the release tags are processed in version order, each
 * walking only the commits whose release it would improve.  A commit
 * reached by tag T that already carries a release no later than T has
 * ancestors that do too, so the walk stops there and each commit is
 * walked about once.  Moved or deleted tags recompute everything.
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

static void mark_release(struct build *b, unsigned int start, unsigned int tag)
{
	long long key = b->tag_key[tag];

	build_push(b, start);
	while (b->nr_stack) {
		struct node *n = build_get_node(b, b->stack[--b->nr_stack]);
		unsigned int i;

		if (!n || n->state != NODE_LOADED)
			continue;
		if (n->rel && b->tag_key[n->rel] <= key)
			continue;
		n->rel = tag;
		n->dirty = 1;
		for (i = 0; i < n->npar; i++)
			build_push(b, b->edge[n->par + i]);
	}
}

/* Which tags are already known, for build_update_releases(). */
struct old_tags {
	struct build *b;
	int full;		/* a known tag moved or vanished */
};

static int old_tag(const struct cbp_store_tag *t, void *data)
{
	struct old_tags *ot = data;
	struct build *b = ot->b;
	size_t i;

	for (i = 0; i < b->nr_tags && t->name; i++) {
		if (strcmp(b->tags[i].name, t->name))
			continue;
		/* Another release pattern may give it another key. */
		if (b->tags[i].id == t->commit && b->tags[i].vkey == t->vkey) {
			b->tags[i].row = t->id;
			return 0;
		}
		break;
	}
	ot->full = 1;
	return 0;
}

/* The version key of every tag row, old and new, by tags.id. */
static int tag_key(const struct cbp_store_tag *t, void *data)
{
	struct build *b = data;
	size_t id = (size_t)t->id;
	size_t old = b->alloc_tag_key;

	b->tag_key = cbp_grow(b->tag_key, sizeof(*b->tag_key), id + 1,
			      &b->alloc_tag_key);
	if (b->alloc_tag_key > old)
		memset(b->tag_key + old, 0,
		       (b->alloc_tag_key - old) * sizeof(*b->tag_key));
	b->tag_key[id] = t->vkey;
	return 0;
}

/*
 * Two release tags of one version on other commits: the release pattern
 * left out of its first group what tells them apart (ansible's tags read
 * with 'v([0-9]+\.[0-9]+\.[0-9]+)(rc[0-9]+)?' make v2.9.0rc1 and v2.9.0
 * one version), and the commits of either are labelled with whichever
 * sorts first.  The tags are sorted by version, so such pairs are
 * neighbours.  Said by each build that reads new tags.
 */
static void same_version_tags(const struct build *b)
{
	size_t i, n = 0, first = 0;

	for (i = 1; i < b->nr_tags; i++) {
		const struct ref_tip *x = &b->tags[i - 1], *y = &b->tags[i];

		if (x->vkey != y->vkey || !x->id || !y->id || x->id == y->id)
			continue;
		if (!n++)
			first = i;
	}
	if (!n)
		return;
	cbp_note("warning: release tags '%s' and '%s' are %s (%zu such pair%s)",
		 b->tags[first - 1].name, b->tags[first].name,
		 "one version by the release pattern, on other commits", n,
		 n == 1 ? "" : "s");
	cbp_note("warning: the first releases of their commits may be either; %s",
		 "the pattern's first group must hold all that tells releases apart (--release-pattern)");
}

/**
 * build_update_releases() - bring first releases up to date
 * @b: the build, after the new commits were read
 *
 * Records new tags and walks from each; if a known tag moved, went away
 * or has another version key now, forgets every release and walks from
 * all tags.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_update_releases(struct build *b)
{
	struct old_tags ot = { .b = b, .full = b->cold };
	int fresh = 0;
	size_t i;

	for (i = 0; i < b->nr_tags; i++)
		b->tags[i].id = b->hash[build_hash_slot(b, &b->tags[i].oid)];

	/* Which tags are already known, and did any move or vanish? */
	if (cbp_store_each_tag(b->w, old_tag, &ot))
		return -1;

	if (ot.full && !b->cold) {
		cbp_note("release tags were moved or deleted; recomputing releases");
		if (cbp_store_forget_releases(b->w))
			return -1;
		for (i = 0; i < b->nr_tags; i++)
			b->tags[i].row = 0;
	}

	for (i = 0; i < b->nr_tags; i++) {
		struct ref_tip *t = &b->tags[i];

		if (t->row)
			continue;
		if (cbp_store_add_tag(b->w, t->name, t->id, t->vkey, &t->row))
			return -1;
		t->role = 1;	/* new: needs a walk */
		fresh = 1;
	}
	if (fresh)
		same_version_tags(b);

	/* Keys of every tag row, old and new, by tags.id. */
	if (cbp_store_each_tag(b->w, tag_key, b))
		return -1;

	/* Tags are sorted by version: each commit is walked about once. */
	for (i = 0; i < b->nr_tags; i++)
		if (b->tags[i].role == 1 && b->tags[i].id)
			mark_release(b, b->tags[i].id, (unsigned int)b->tags[i].row);
	return 0;
}

