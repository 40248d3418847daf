// SPDX-License-Identifier: GPL-2.0
/*
 * Resolving cited IDs to rows: each new citation gets the row of the one
 * present commit its ID names, else of the one missing full ID it
 * abbreviates, else a row of its own (missing or ambiguous).  Missing and
 * ambiguous rows are resolved again when new commits arrive.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "build-priv.h"
#include "store/store-priv.h"
#include "base/util.h"

/* ---------------------------------------------------------------------- */
/* Resolving cited IDs to rows. */

/*
 * Row for cited ID @hex (lower-case, @len digits): the one present commit
 * it names, else the one missing full ID it abbreviates, else a row of
 * its own (missing or ambiguous), created if needed.  @self is a row to
 * disregard.  Returns the row id, or -1 on error.
 */
static long long resolve_cited(struct build *b, const char *hex, int len,
			       long long self)
{
	sqlite3_stmt *st = b->idx->st_range;
	long long present = 0, full = 0, own = 0;
	int nr_present = 0, nr_full = 0, rc, state;
	char upper[CBP_HEX_MAX + 2];

	memcpy(upper, hex, len);
	upper[len] = 'g';
	sqlite3_bind_text(st, 1, hex, len, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, upper, len + 1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		int s = sqlite3_column_int(st, 1);
		int hlen = sqlite3_column_bytes(st, 2);

		if (id == self)
			continue;
		if (s == CBP_PRESENT) {
			present = id;
			if (++nr_present > 1)
				break;
		} else if (hlen == CBP_OID_HEXSZ) {
			full = id;
			nr_full++;
		} else if (hlen == len) {
			own = id;
		}
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");
	if (nr_present == 1)
		return present;
	if (!nr_present && nr_full == 1)
		return full;
	state = nr_present ? CBP_AMBIGUOUS : CBP_MISSING;
	if (self > 0)
		own = self;	/* re-resolving an absent row */
	if (!own)
		own = b->next_id++;
	sqlite3_bind_int64(b->put_absent, 1, own);
	sqlite3_bind_text(b->put_absent, 2, hex, len, SQLITE_STATIC);
	sqlite3_bind_int(b->put_absent, 3, state);
	if (cbp_db_step(b->db, b->put_absent))
		return -1;
	return own;
}

/*
 * A full ID of a commit this cold build read resolves to it without asking
 * the index: every commit of the build is in the in-memory hash, and a
 * full ID names exactly one.  Returns 0 when the index has to decide.
 */
static long long resolve_in_build(struct build *b, const char *hex, int len)
{
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

/* Resolve the citations @sql selects (rowid, cited; ?1 bound to @arg). */
static int resolve_selected(struct build *b, const char *sql, long long arg)
{
	sqlite3_stmt *sel, *upd;
	int rc = 0;

	if (cbp_db_prepare(b->db, sql, &sel))
		return -1;
	if (cbp_db_prepare(b->db, "UPDATE links SET dst = ? WHERE rowid = ?",
			   &upd)) {
		sqlite3_finalize(sel);
		return -1;
	}
	sqlite3_bind_int64(sel, 1, arg);
	while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
		long long rowid = sqlite3_column_int64(sel, 0);
		const char *cited = (const char *)sqlite3_column_text(sel, 1);
		int len = sqlite3_column_bytes(sel, 1);
		long long dst;

		if (!cited || len < CBP_HEX_MIN || len > CBP_HEX_MAX)
			continue;
		dst = resolve_in_build(b, cited, len);
		if (!dst)
			dst = resolve_cited(b, cited, len, 0);
		if (dst < 0)
			break;
		sqlite3_bind_int64(upd, 1, dst);
		sqlite3_bind_int64(upd, 2, rowid);
		if (cbp_db_step(b->db, upd))
			break;
	}
	sqlite3_finalize(sel);
	sqlite3_finalize(upd);
	if (rc != SQLITE_DONE)
		return rc == SQLITE_ROW ? -1 : cbp_error_sqlite(b->db, "index");
	return 0;
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
	/* Full IDs first, so that short ones can match missing full ones. */
	return resolve_selected(b, "SELECT rowid, cited FROM links WHERE rowid > ?\n"
				" ORDER BY length(cited) DESC, rowid", first_rowid);
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
	return resolve_selected(b, "SELECT rowid, cited FROM links\n"
				" WHERE dst IS NULL AND ?1 = ?1\n"
				" ORDER BY length(cited) DESC, rowid", 0);
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
	struct { long long id; char hex[CBP_HEX_MAX + 1]; } *rows = NULL;
	size_t nr = 0, alloc = 0, i;
	sqlite3_stmt *st;
	int rc;

	if (cbp_db_prepare(b->db,
			   "SELECT id, hex FROM commits WHERE state != 1", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int len = sqlite3_column_bytes(st, 1);

		if (len >= CBP_OID_HEXSZ || len < CBP_HEX_MIN)
			continue;
		rows = cbp_grow(rows, sizeof(*rows), nr + 1, &alloc);
		rows[nr].id = sqlite3_column_int64(st, 0);
		memcpy(rows[nr].hex, sqlite3_column_text(st, 1), len);
		rows[nr].hex[len] = '\0';
		nr++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(rows);
		return cbp_error_sqlite(b->db, "index");
	}
	for (i = 0; i < nr; i++) {
		long long to = resolve_cited(b, rows[i].hex,
					     (int)strlen(rows[i].hex), rows[i].id);
		char sql[160];

		if (to < 0)
			break;
		if (to == rows[i].id)
			continue;
		snprintf(sql, sizeof(sql),
			 "UPDATE links SET dst = %lld WHERE dst = %lld;"
			 "DELETE FROM commits WHERE id = %lld;",
			 to, rows[i].id, rows[i].id);
		if (cbp_db_exec(b->db, sql))
			break;
	}
	free(rows);
	return i < nr ? -1 : 0;
}
