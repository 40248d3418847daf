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

#include <sqlite3.h>

#include "build-priv.h"
#include "store/store-priv.h"
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
	sqlite3_stmt *st, *ins;
	size_t i, nr_old = 0, kept = 0;
	int full = b->cold, rc;

	for (i = 0; i < b->nr_tags; i++)
		b->tags[i].id = b->hash[build_hash_slot(b, &b->tags[i].oid)];

	/* Which tags are already known, and did any move or vanish? */
	if (cbp_db_prepare(b->db, "SELECT id, name, commit_id, vkey FROM tags",
			   &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 1);
		unsigned int cid = (unsigned int)sqlite3_column_int64(st, 2);
		long long vkey = sqlite3_column_int64(st, 3);
		int found = 0;

		nr_old++;
		for (i = 0; i < b->nr_tags && name; i++) {
			if (strcmp(b->tags[i].name, name))
				continue;
			/* Another release pattern may give it another key. */
			if (b->tags[i].id == cid && b->tags[i].vkey == vkey) {
				b->tags[i].row = sqlite3_column_int64(st, 0);
				found = 1;
				kept++;
			}
			break;
		}
		if (!found)
			full = 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");

	if (full && !b->cold) {
		cbp_note("release tags were moved or deleted; recomputing releases");
		if (cbp_db_exec(b->db, "DELETE FROM tags; UPDATE reach SET rel = 0;"))
			return -1;
		for (i = 0; i < b->nr_tags; i++)
			b->tags[i].row = 0;
	}

	if (cbp_db_prepare(b->db,
			   "INSERT INTO tags(name, commit_id, vkey) VALUES (?, ?, ?)",
			   &ins))
		return -1;
	for (i = 0; i < b->nr_tags; i++) {
		struct ref_tip *t = &b->tags[i];

		if (t->row)
			continue;
		sqlite3_bind_text(ins, 1, t->name, -1, SQLITE_STATIC);
		sqlite3_bind_int64(ins, 2, t->id);
		sqlite3_bind_int64(ins, 3, t->vkey);
		if (cbp_db_step(b->db, ins)) {
			sqlite3_finalize(ins);
			return -1;
		}
		t->row = sqlite3_last_insert_rowid(b->db);
		t->role = 1;	/* new: needs a walk */
	}
	sqlite3_finalize(ins);

	/* Keys of every tag row, old and new, by tags.id. */
	if (cbp_db_prepare(b->db, "SELECT id, vkey FROM tags", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		size_t id = (size_t)sqlite3_column_int64(st, 0);
		size_t old = b->alloc_tag_key;

		b->tag_key = cbp_grow(b->tag_key, sizeof(*b->tag_key), id + 1,
				      &b->alloc_tag_key);
		if (b->alloc_tag_key > old)
			memset(b->tag_key + old, 0,
			       (b->alloc_tag_key - old) * sizeof(*b->tag_key));
		b->tag_key[id] = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");

	/* Tags are sorted by version: each commit is walked about once. */
	for (i = 0; i < b->nr_tags; i++)
		if (b->tags[i].role == 1 && b->tags[i].id)
			mark_release(b, b->tags[i].id, (unsigned int)b->tags[i].row);
	(void)kept;
	return 0;
}

