// SPDX-License-Identifier: GPL-2.0
/*
 * Resolving cited IDs to rows: each new citation gets the row of the one
 * present commit its ID names, else of the one missing full ID it
 * abbreviates, else a row of its own (missing or ambiguous).  Missing and
 * ambiguous rows are resolved again when new commits arrive.  The store
 * looks the IDs up (store-resolve.c); a cold build first answers from the
 * commits it read.
 */
#include "build-priv.h"
#include "base/util.h"

/*
 * A full ID of a commit this cold build read resolves to it without asking
 * the index: every commit of the build is in the in-memory hash, and a
 * full ID names exactly one.  Returns 0 when the index has to decide.
 */
static long long resolve_in_build(const char *hex, int len, void *data)
{
	struct build *b = data;
	unsigned int id;
	struct cbp_oid oid;

	if (!b->cold || len != CBP_OID_HEXSZ ||
	    cbp_oid_fromhex(&oid, hex))
		return 0;
	id = b->hash[build_hash_slot(b, &oid)];
	if (!id || b->node[id].state != NODE_LOADED)
		return 0;
	return id;
}

/**
 * build_resolve_links() - resolve the citations recorded by this run
 * @b: the build
 * @first_rowid: the last links row of earlier runs
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_resolve_links(struct build *b, long long first_rowid)
{
	return cbp_store_resolve_links(b->w, first_rowid, resolve_in_build, b,
				       &b->next_id);
}

/**
 * build_resolve_unresolved() - resolve the citations that lost their row
 * @b: the build
 *
 * After build_gc() removed the commits they resolved to.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_resolve_unresolved(struct build *b)
{
	return cbp_store_resolve_unresolved(b->w, &b->next_id);
}

/**
 * build_reresolve_absent() - resolve missing and ambiguous IDs again
 * @b: the build, after new commits were read
 *
 * New commits may be what an ID cited as missing or ambiguous names.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_reresolve_absent(struct build *b)
{
	return cbp_store_reresolve_absent(b->w, &b->next_id);
}
