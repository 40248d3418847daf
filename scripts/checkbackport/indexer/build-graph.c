// SPDX-License-Identifier: GPL-2.0
/*
 * The in-memory commit graph of a build: a row id per commit, found by
 * object ID through an open-addressing hash, and per row its parents,
 * first release and branch bits.  Commits read in this run are added as
 * they are met; older ones are loaded from the index only when a walk
 * reaches them, so an update costs time proportional to what changed.
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

static void ensure_node(struct build *b, unsigned int id)
{
	size_t old = b->alloc_node;

	if (id < b->nr_node)
		return;
	b->node = cbp_grow(b->node, sizeof(*b->node), id + 1, &b->alloc_node);
	if (b->alloc_node > old)
		memset(b->node + old, 0, (b->alloc_node - old) * sizeof(*b->node));
	b->oid = cbp_grow(b->oid, sizeof(*b->oid), id + 1, &b->alloc_oid);
	b->nr_node = id + 1;
}

static size_t oid_hash(const struct cbp_oid *oid)
{
	size_t h;

	memcpy(&h, oid->id, sizeof(h));
	return h;
}

/**
 * build_hash_grow() - double the hash of object IDs (or create it)
 * @b: the build
 *
 * It starts at a page: a build of a few commits faults in no more, and
 * a big one pays for a few more doublings, a copy of its IDs' rows each.
 */
void build_hash_grow(struct build *b)
{
	unsigned int *old = b->hash;
	size_t old_size = b->hash_size, i;

	b->hash_size = old_size ? old_size * 2 : 1024;
	b->hash = cbp_calloc(b->hash_size, sizeof(*b->hash));
	for (i = 0; i < old_size; i++) {
		size_t h;

		if (!old[i])
			continue;
		h = oid_hash(&b->oid[old[i]]) & (b->hash_size - 1);
		while (b->hash[h])
			h = (h + 1) & (b->hash_size - 1);
		b->hash[h] = old[i];
	}
	free(old);
}

/**
 * build_hash_slot() - where an object ID is, or goes, in the hash
 * @b: the build
 * @oid: the object ID
 *
 * Return: the slot holding @oid's row, or the empty slot to put it in.
 */
size_t build_hash_slot(struct build *b, const struct cbp_oid *oid)
{
	size_t h = oid_hash(oid) & (b->hash_size - 1);

	while (b->hash[h] && !cbp_oid_equal(&b->oid[b->hash[h]], oid))
		h = (h + 1) & (b->hash_size - 1);
	return h;
}

/**
 * build_push() - push a row on the build's work stack
 * @b: the build
 * @id: the row
 */
void build_push(struct build *b, unsigned int id)
{
	b->stack = cbp_grow(b->stack, sizeof(*b->stack), b->nr_stack + 1,
			    &b->alloc_stack);
	b->stack[b->nr_stack++] = id;
}

/**
 * build_lookup_commit() - the row of a commit, queueing it if it is new
 * @b: the build
 * @oid: the commit
 *
 * A commit the index does not have (or has only as cited) gets a row and
 * is queued to be read.
 *
 * Return: the row id, or 0 with the error recorded.
 */
unsigned int build_lookup_commit(struct build *b, const struct cbp_oid *oid)
{
	char hex[CBP_OID_HEXSZ + 1];
	unsigned int id = 0;
	int fresh = 1, present = 0;
	size_t h;
	int rc;

	if (b->hash_nr * 2 >= b->hash_size)
		build_hash_grow(b);
	h = build_hash_slot(b, oid);
	if (b->hash[h])
		return b->hash[h];

	if (!b->cold) {
		cbp_oid_tohex(oid, hex);
		rc = cbp_store_find_commit(b->w, hex, &id, &present, NULL);
		if (rc < 0)
			return 0;
		if (rc)
			fresh = !present;
	}
	if (!id)
		id = b->next_id++;
	ensure_node(b, id);
	b->oid[id] = *oid;
	b->hash[h] = id;
	b->hash_nr++;
	if (fresh) {
		/* Mark it as ours so that the graph walks never load it. */
		b->node[id].state = NODE_ABSENT;
		build_push(b, id);
	}
	return id;
}

/**
 * build_get_node() - the graph node of a row
 * @b: the build
 * @id: the row
 *
 * A commit indexed by an earlier run has its parents, release and branch
 * bits loaded from the index on first use.
 *
 * Return: the node, or NULL with the error recorded.
 */
struct node *build_get_node(struct build *b, unsigned int id)
{
	struct node *n;
	size_t first;
	int rc;

	ensure_node(b, id);
	n = &b->node[id];
	if (n->state != NODE_UNKNOWN)
		return n;
	first = b->nr_edge;
	rc = cbp_store_commit_node(b->w, id, &n->rel, &n->br, &b->edge,
				   &b->nr_edge, &b->alloc_edge);
	if (rc < 0)
		return NULL;
	if (!rc) {
		n->state = NODE_ABSENT;
		return n;
	}
	n->par = (unsigned int)first;
	n->npar = (unsigned int)(b->nr_edge - first);
	n->state = NODE_LOADED;
	return n;
}

/**
 * build_write_reach() - write the changed releases and branch bits
 * @b: the build
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_write_reach(struct build *b)
{
	size_t i;

	for (i = 1; i < b->nr_node; i++) {
		struct node *n = &b->node[i];

		if (!n->dirty || n->state != NODE_LOADED)
			continue;
		if (cbp_store_put_reach(b->w, (unsigned int)i, n->rel, n->br))
			return -1;
	}
	return 0;
}
