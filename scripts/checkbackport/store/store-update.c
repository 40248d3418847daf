// SPDX-License-Identifier: GPL-2.0
/*
 * Updating an index in place: one transaction around the whole run,
 * durable since the file is shared, and given up whole on an error.  An
 * index that may be read but not written is copied into memory first
 * and updated there for the run (see update_in_memory() in build.c).
 */
#include <stdlib.h>

#include <sqlite3.h>

#include "store-priv.h"
#include "base/util.h"

/**
 * cbp_store_read_only() - whether an open index may only be read
 * @idx: the index
 *
 * Return: 1 if its file is read-only to us, 0 otherwise.
 */
int cbp_store_read_only(struct cbp_index *idx)
{
	return sqlite3_db_readonly(idx->db, "main") == 1;
}

/**
 * cbp_store_update_begin() - open the transaction of an update in place
 * @idx: the index
 *
 * In place, so durable: the fast settings of cbp_store_create() are for
 * private files.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_update_begin(struct cbp_index *idx)
{
	return cbp_db_exec(idx->db,
			   "PRAGMA synchronous = FULL; PRAGMA cache_size = -65536;"
			   "BEGIN IMMEDIATE;");
}

/**
 * cbp_store_update_commit() - make an update in place durable
 * @idx: the index
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_update_commit(struct cbp_index *idx)
{
	return cbp_db_exec(idx->db, "COMMIT;");
}

/**
 * cbp_store_update_abort() - give up an update in place
 * @idx: the index
 *
 * The message of the error that made the caller give up is kept.
 *
 * Return: 1 if that error says the file is damaged (rebuild it), else 0.
 */
int cbp_store_update_abort(struct cbp_index *idx)
{
	char *msg = cbp_strdup(cbp_errmsg());
	int code = sqlite3_errcode(idx->db);

	sqlite3_exec(idx->db, "ROLLBACK", NULL, NULL, NULL);
	cbp_error("%s", msg);
	free(msg);
	return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

/**
 * cbp_store_to_memory() - go on with a copy of the index in memory
 * @idx: the index, open; its connection is replaced with one to the copy
 *
 * Return: 0, or -1 with SQLite's message recorded and @idx as it was.
 */
int cbp_store_to_memory(struct cbp_index *idx)
{
	sqlite3 *mem = NULL;
	sqlite3_backup *bk;
	int rc;

	if (sqlite3_open(":memory:", &mem) != SQLITE_OK) {
		cbp_error_sqlite(mem, "memory");
		sqlite3_close(mem);
		return -1;
	}
	bk = sqlite3_backup_init(mem, "main", idx->db, "main");
	rc = bk ? sqlite3_backup_step(bk, -1) : SQLITE_ERROR;
	if (bk)
		sqlite3_backup_finish(bk);
	if (rc != SQLITE_DONE) {
		cbp_error_sqlite(bk ? mem : idx->db, idx->path);
		sqlite3_close(mem);
		return -1;
	}
	cbp_store_close_db(idx);
	idx->db = mem;
	return 0;
}
