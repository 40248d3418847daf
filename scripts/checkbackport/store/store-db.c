// SPDX-License-Identifier: GPL-2.0
/*
 * Small SQLite helpers of the store: a failed call recorded with
 * SQLite's message, and a statement run, prepared or read as one
 * number, and the statements of a writer prepared once.  Every other
 * file of the store calls them; they call nothing of the store.
 */
#include <sqlite3.h>

#include "store-priv.h"
#include "base/util.h"

/**
 * cbp_error_sqlite() - record a failed SQLite call with SQLite's message
 * @db: the connection the call failed on (may be NULL)
 * @what: what was being done
 *
 * Return: -1.
 */
int cbp_error_sqlite(sqlite3 *db, const char *what)
{
	int code = db ? sqlite3_errcode(db) : SQLITE_NOMEM;

	return cbp_error("%s: %s%s", what,
			 db ? sqlite3_errmsg(db) : "out of memory",
			 code == SQLITE_CORRUPT || code == SQLITE_NOTADB ?
			 " (run 'checkbackport index --rebuild')" : "");
}

/**
 * cbp_db_exec() - run SQL statements that return nothing
 * @db: the connection
 * @sql: the statements
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_db_exec(sqlite3 *db, const char *sql)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return cbp_error_sqlite(db, "index");
	return 0;
}

/**
 * cbp_db_prepare() - prepare one statement
 * @db: the connection
 * @sql: the statement
 * @st: the prepared statement
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_db_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(db, sql, -1, st, NULL) != SQLITE_OK)
		return cbp_error_sqlite(db, "index");
	return 0;
}

/**
 * cbp_db_int() - run a statement that returns at most one integer
 * @db: the connection
 * @sql: the statement
 * @val: the integer, -1 if there is no row
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_db_int(sqlite3 *db, const char *sql, long long *val)
{
	sqlite3_stmt *st;
	int rc;

	if (cbp_db_prepare(db, sql, &st))
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*val = sqlite3_column_int64(st, 0);
	else
		*val = -1;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(db, "index");
	return 0;
}

/**
 * cbp_db_each_end() - finish a loop over a statement's rows
 * @db: the connection
 * @st: the statement, finalized here
 * @rc: what the loop's last sqlite3_step() returned
 * @stop: what the loop's callback last returned (0 to go on)
 *
 * The loops that hand each row to a callback end alike: the callback may
 * have stopped them, or SQLite may have failed before the last row.
 *
 * Return: @stop if not 0, else -1 with SQLite's message recorded if the
 * rows did not all come, else 0.
 */
int cbp_db_each_end(sqlite3 *db, sqlite3_stmt *st, int rc, int stop)
{
	sqlite3_finalize(st);
	if (stop)
		return stop;
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(db, "index");
	return 0;
}

/**
 * cbp_db_step() - run a bound statement once and reset it
 * @db: the connection
 * @st: the statement
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_db_step(sqlite3 *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return cbp_error_sqlite(db, "index");
	return 0;
}

/**
 * cbp_db_exists() - run a bound query once, say whether it had a row, reset it
 * @db: the connection
 * @st: the statement
 *
 * Return: 1 if it had a row, 0 if not, -1 with SQLite's message recorded.
 */
int cbp_db_exists(sqlite3 *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return cbp_error_sqlite(db, "index");
	return rc == SQLITE_ROW;
}

/**
 * cbp_writer_stmt() - one of a writer's statements, prepared on first use
 * @w: the writer
 * @which: which statement
 * @sql: its text, the same at every call for @which
 *
 * The statement stays prepared until cbp_store_build_end(), so a row
 * written costs one step, not a parse.
 *
 * Return: the statement, or NULL with SQLite's message recorded.
 */
sqlite3_stmt *cbp_writer_stmt(struct cbp_writer *w, enum cbp_write_stmt which,
			      const char *sql)
{
	if (!w->st[which] && cbp_db_prepare(w->db, sql, &w->st[which]))
		return NULL;
	return w->st[which];
}
