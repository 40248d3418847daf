// SPDX-License-Identifier: GPL-2.0
/*
 * Resolving cited IDs to rows, for the builder: each new citation gets
 * the row of the one present commit its ID names, else of the one
 * missing full ID it abbreviates, else a row of its own (missing or
 * ambiguous).  Missing and ambiguous rows are resolved again when new
 * commits arrive (build-resolve.c says when).  And removing the commits
 * no ref reaches any more, with what only they cited (build-gc.c says
 * which).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "base/trailer.h"
#include "store-priv.h"
#include "base/util.h"

/*
 * Row for cited ID @hex (lower-case, @len digits): the one present commit
 * it names, else the one missing full ID it abbreviates, else a row of
 * its own (missing or ambiguous), created if needed from *@next_id.
 * @self is a row to disregard.  Returns the row id, or -1 on error.
 */
static long long resolve_cited(struct cbp_writer *w, const char *hex, int len,
			       long long self, unsigned int *next_id)
{
	sqlite3_stmt *st = w->idx->st_range, *put;
	long long present = 0, full = 0, own = 0;
	int nr_present = 0, nr_full = 0, rc, state;
	char upper[CBP_HEX_MAX + 2];

	cbp_bind_prefix(st, hex, len, upper);
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
		return cbp_error_sqlite(w->db, "index");
	if (nr_present == 1)
		return present;
	if (!nr_present && nr_full == 1)
		return full;
	state = nr_present ? CBP_AMBIGUOUS : CBP_MISSING;
	if (self > 0)
		own = self;	/* re-resolving an absent row */
	if (!own)
		own = (*next_id)++;
	put = cbp_writer_stmt(w, CBP_W_ABSENT,
			      "INSERT OR REPLACE INTO commits(id, hex, state, hkey)\n"
			      " VALUES (?, ?, ?, ?)");
	if (!put)
		return -1;
	sqlite3_bind_int64(put, 1, own);
	sqlite3_bind_text(put, 2, hex, len, SQLITE_STATIC);
	sqlite3_bind_int(put, 3, state);
	sqlite3_bind_int64(put, 4, cbp_hex_key(hex, (size_t)len));
	if (cbp_db_step(w->db, put))
		return -1;
	return own;
}

/* Resolve the citations @sql selects (rowid, cited; ?1 bound to @arg). */
static int resolve_selected(struct cbp_writer *w, const char *sql,
			    long long arg, unsigned int *next_id)
{
	sqlite3_stmt *sel, *upd;
	int rc = 0;

	upd = cbp_writer_stmt(w, CBP_W_DST,
			      "UPDATE links SET dst = ? WHERE rowid = ?");
	if (!upd || cbp_db_prepare(w->db, sql, &sel))
		return -1;
	sqlite3_bind_int64(sel, 1, arg);
	while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
		long long rowid = sqlite3_column_int64(sel, 0);
		const char *cited = (const char *)sqlite3_column_text(sel, 1);
		int len = sqlite3_column_bytes(sel, 1);
		long long dst;

		if (!cited || len < CBP_HEX_MIN || len > CBP_HEX_MAX)
			continue;
		dst = resolve_cited(w, cited, len, 0, next_id);
		if (dst < 0)
			break;
		sqlite3_bind_int64(upd, 1, dst);
		sqlite3_bind_int64(upd, 2, rowid);
		if (cbp_db_step(w->db, upd))
			break;
	}
	sqlite3_finalize(sel);
	if (rc != SQLITE_DONE)
		return rc == SQLITE_ROW ? -1 : cbp_error_sqlite(w->db, "index");
	return 0;
}

/* What the SQL function cbp_known() asks. */
struct known_fn {
	cbp_store_known_fn *fn;
	void *data;
};

/* cbp_known(cited): the caller's row for the cited ID, or NULL. */
static void known_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const struct known_fn *k = sqlite3_user_data(ctx);
	const char *hex = (const char *)sqlite3_value_text(argv[0]);
	int len = sqlite3_value_bytes(argv[0]);
	long long id = 0;

	(void)argc;
	if (hex && len >= CBP_HEX_MIN && len <= CBP_HEX_MAX)
		id = k->fn(hex, len, k->data);
	if (id > 0)
		sqlite3_result_int64(ctx, id);
	else
		sqlite3_result_null(ctx);
}

/*
 * The citations after row @after whose row @known gives, in one
 * statement: a cold build answers most of them from memory, and an
 * UPDATE by rowid for each cost seconds in a history of a million
 * commits.  What @known leaves to the index stays NULL, for
 * resolve_selected().  (@known never creates a row, so the rows it
 * answers first take no missing row's number.)
 */
static int resolve_known(struct cbp_writer *w, long long after,
			 cbp_store_known_fn *known, void *data)
{
	struct known_fn k = { known, data };
	sqlite3_stmt *st;
	int err;

	if (sqlite3_create_function(w->db, "cbp_known", 1,
				    SQLITE_UTF8 | SQLITE_DIRECTONLY, &k,
				    known_sql, NULL, NULL) != SQLITE_OK)
		return cbp_error_sqlite(w->db, "index");
	err = cbp_db_prepare(w->db, "UPDATE links SET dst = cbp_known(cited)\n"
			     " WHERE rowid > ? AND dst IS NULL\n"
			     " AND cbp_known(cited) IS NOT NULL", &st);
	if (!err) {
		sqlite3_bind_int64(st, 1, after);
		err = cbp_db_step(w->db, st);
		sqlite3_finalize(st);
	}
	sqlite3_create_function(w->db, "cbp_known", 1, SQLITE_UTF8, NULL,
				NULL, NULL, NULL);
	return err;
}

/**
 * cbp_store_resolve_links() - resolve the citations recorded after a row
 * @w: the writer, after cbp_prepare_queries() on its index
 * @after: the last links row not to resolve
 * @known: asked first for each cited ID; returns its row, or 0 to let
 *	   the index decide; may be NULL
 * @data: passed to @known
 * @next_id: the row a new missing or ambiguous ID gets; updated
 *
 * Full IDs first, so that short ones can match missing full ones.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_store_resolve_links(struct cbp_writer *w, long long after,
			    cbp_store_known_fn *known, void *data,
			    unsigned int *next_id)
{
	if (known && resolve_known(w, after, known, data))
		return -1;
	return resolve_selected(w, "SELECT rowid, cited FROM links\n"
				" WHERE rowid > ? AND dst IS NULL\n"
				" ORDER BY length(cited) DESC, rowid", after,
				next_id);
}

/**
 * cbp_store_resolve_unresolved() - resolve the citations that lost their row
 * @w: the writer, after cbp_store_drop_gone()
 * @next_id: the row a new missing or ambiguous ID gets; updated
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_store_resolve_unresolved(struct cbp_writer *w, unsigned int *next_id)
{
	return resolve_selected(w, "SELECT rowid, cited FROM links\n"
				" WHERE dst IS NULL AND ?1 = ?1\n"
				" ORDER BY length(cited) DESC, rowid", 0,
				next_id);
}

/**
 * cbp_store_reresolve_absent() - resolve missing and ambiguous IDs again
 * @w: the writer
 * @next_id: the row a new missing or ambiguous ID gets; updated
 *
 * New commits may be what an ID cited as missing or ambiguous names.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_store_reresolve_absent(struct cbp_writer *w, unsigned int *next_id)
{
	struct { long long id; char hex[CBP_HEX_MAX + 1]; } *rows = NULL;
	size_t nr = 0, alloc = 0, i;
	sqlite3_stmt *st;
	int rc;

	if (cbp_db_prepare(w->db,
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
		return cbp_error_sqlite(w->db, "index");
	}
	for (i = 0; i < nr; i++) {
		long long to = resolve_cited(w, rows[i].hex,
					     (int)strlen(rows[i].hex),
					     rows[i].id, next_id);
		char sql[160];

		if (to < 0)
			break;
		if (to == rows[i].id)
			continue;
		snprintf(sql, sizeof(sql),
			 "UPDATE links SET dst = %lld WHERE dst = %lld;"
			 "DELETE FROM commits WHERE id = %lld;",
			 to, rows[i].id, rows[i].id);
		if (cbp_db_exec(w->db, sql))
			break;
	}
	free(rows);
	return i < nr ? -1 : 0;
}

/* ---------------------------------------------------------------------- */
/* Commits no ref reaches any more. */

/**
 * cbp_store_gone_begin() - start a list of commits to remove
 * @w: the writer
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_gone_begin(struct cbp_writer *w)
{
	return cbp_db_exec(w->db,
			   "CREATE TEMP TABLE IF NOT EXISTS gone(id INTEGER PRIMARY KEY);"
			   "DELETE FROM gone;");
}

/**
 * cbp_store_add_gone() - put a commit on the list of those to remove
 * @w: the writer, after cbp_store_gone_begin()
 * @id: its row
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_gone(struct cbp_writer *w, long long id)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_GONE,
					   "INSERT INTO gone VALUES (?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_drop_gone() - remove the listed commits and their rows
 * @w: the writer
 *
 * Their citations go; the citations of them lose their row (resolve
 * them again with cbp_store_resolve_unresolved()) and are listed for
 * cbp_store_take_renamed(); a copy of one by patch-id or by author, or
 * a commit linked to one by its Change-Id, is linked to nothing.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_drop_gone(struct cbp_writer *w)
{
	return cbp_db_exec(w->db,
			   "CREATE TEMP TABLE IF NOT EXISTS renamed(lrow INTEGER PRIMARY KEY);"
			   "DELETE FROM renamed;"
			   "DELETE FROM links WHERE src IN gone;"
			   "DELETE FROM links WHERE kind IN " CBP_FOUND_KINDS " AND dst IN gone;"
			   "INSERT INTO renamed SELECT rowid FROM links WHERE dst IN gone;"
			   "UPDATE links SET dst = NULL WHERE dst IN gone;"
			   "DELETE FROM trust WHERE src IN gone OR dst IN gone;"
			   "DELETE FROM malformed WHERE src IN gone;"
			   "DELETE FROM pids WHERE id IN gone;"
			   "DELETE FROM compared WHERE own IN gone OR ml IN gone;"
			   "DELETE FROM chids WHERE id IN gone;"
			   "DELETE FROM morder WHERE id IN gone;"
			   "DELETE FROM reach WHERE id IN gone;"
			   "DELETE FROM commits WHERE id IN gone;");
}

/**
 * cbp_store_take_renamed() - the commits that citations of removed ones name now
 * @w: the writer, after the citations were resolved again
 * @fn: called with the row of each present commit such a citation names
 * @data: passed to @fn
 *
 * The list is emptied.
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_take_renamed(struct cbp_writer *w,
			   int (*fn)(long long dst, void *data), void *data)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (cbp_db_prepare(w->db,
			   "SELECT DISTINCT l.dst FROM renamed r\n"
			   " JOIN links l ON l.rowid = r.lrow\n"
			   " JOIN commits c ON c.id = l.dst AND c.state = 1", &st))
		return -1;
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
		stop = fn(sqlite3_column_int64(st, 0), data);
	rc = cbp_db_each_end(w->db, st, rc, stop);
	if (rc)
		return rc;
	return cbp_db_exec(w->db, "DELETE FROM renamed;");
}

/**
 * cbp_store_drop_uncited() - remove the cited IDs nothing cites any more
 * @w: the writer, at the end of a removal
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_drop_uncited(struct cbp_writer *w)
{
	return cbp_db_exec(w->db,
			   "DELETE FROM commits WHERE state != 1 AND NOT EXISTS\n"
			   " (SELECT 1 FROM links WHERE dst = commits.id);"
			   "DELETE FROM gone;");
}
