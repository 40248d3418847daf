// SPDX-License-Identifier: GPL-2.0
/*
 * The cold build: a fresh index written to a private temporary file with
 * the fast settings (no journal, no sync), renamed into place once
 * complete so that readers never see half an index.  Commits are read
 * and inflated in one thread while the caller's thread stores them, the
 * two passing records through a ring in batches.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "build-priv.h"
#include "store-priv.h"
#include "util.h"

/*
 * Commits read ahead of the store in a cold build, and how many change
 * hands at a time: waking the other thread for every commit costs more
 * than storing it.
 */
#define PIPE_DEPTH	1024
#define PIPE_BATCH	128

/*
 * A cold build reads and inflates every commit (the cost of a full
 * git log) and inserts it into SQLite; on two cores the two can overlap.
 * The reader owns the object database and the in-memory graph, the
 * caller's thread owns SQLite, and records pass between them through a
 * ring.  An incremental build looks commits up in the index while it
 * walks, so it stays in one thread.
 */
struct pipeline {
	struct build *b;
	struct commit_rec ring[PIPE_DEPTH];
	size_t head;		/* records filled, written by the reader */
	size_t tail;		/* records stored, written by the store */
	int reader_done;
	int reader_err;
	int stop;
	pthread_mutex_t lock;
	pthread_cond_t filled;
	pthread_cond_t emptied;
};

static void *reader_main(void *data)
{
	struct pipeline *pl = data;
	struct build *b = pl->b;
	int err = 0;

	while (b->nr_stack) {
		struct commit_rec *r;
		int stop;

		pthread_mutex_lock(&pl->lock);
		while (pl->head - pl->tail == PIPE_DEPTH && !pl->stop)
			pthread_cond_wait(&pl->emptied, &pl->lock);
		stop = pl->stop;
		pthread_mutex_unlock(&pl->lock);
		if (stop)
			break;

		/* The slot is the reader's until head moves past it. */
		r = &pl->ring[pl->head % PIPE_DEPTH];
		err = build_read_commit(b, b->stack[--b->nr_stack], r);
		if (err)
			break;

		pthread_mutex_lock(&pl->lock);
		if (++pl->head - pl->tail >= PIPE_BATCH)
			pthread_cond_signal(&pl->filled);
		pthread_mutex_unlock(&pl->lock);
	}

	pthread_mutex_lock(&pl->lock);
	pl->reader_done = 1;
	pl->reader_err = err;
	pthread_cond_signal(&pl->filled);
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

int build_walk_pipelined(struct build *b, double *last)
{
	struct pipeline *pl = cbp_calloc(1, sizeof(*pl));
	pthread_t reader;
	int err = 0;
	size_t i;

	pl->b = b;
	pthread_mutex_init(&pl->lock, NULL);
	pthread_cond_init(&pl->filled, NULL);
	pthread_cond_init(&pl->emptied, NULL);
	if (pthread_create(&reader, NULL, reader_main, pl)) {
		cbp_error("cannot start the commit reader: %s", strerror(errno));
		err = -1;
		goto free_pipeline;
	}

	for (;;) {
		size_t avail, n;

		pthread_mutex_lock(&pl->lock);
		while (pl->head - pl->tail < PIPE_BATCH && !pl->reader_done)
			pthread_cond_wait(&pl->filled, &pl->lock);
		avail = pl->head - pl->tail;
		pthread_mutex_unlock(&pl->lock);
		if (!avail)
			break;

		/* Slots from tail to tail + avail are the store's now. */
		for (n = 0; n < avail && !err; n++)
			err = build_store_commit(b, &pl->ring[(pl->tail + n) % PIPE_DEPTH]);
		if (err)
			break;
		build_show_progress(b, last);

		pthread_mutex_lock(&pl->lock);
		pl->tail += avail;
		pthread_cond_signal(&pl->emptied);
		pthread_mutex_unlock(&pl->lock);
	}

	pthread_mutex_lock(&pl->lock);
	pl->stop = 1;
	pthread_cond_signal(&pl->emptied);
	pthread_mutex_unlock(&pl->lock);
	pthread_join(reader, NULL);
	if (!err)
		err = pl->reader_err;

free_pipeline:
	for (i = 0; i < PIPE_DEPTH; i++)
		free(pl->ring[i].cites);
	pthread_cond_destroy(&pl->emptied);
	pthread_cond_destroy(&pl->filled);
	pthread_mutex_destroy(&pl->lock);
	free(pl);
	return err;
}

int build_cold(struct cbp_index *idx, struct cbp_repo *repo,
	       const struct cbp_settings *set, struct cbp_update_stats *stats)
{
	char *tmp;
	size_t n = strlen(idx->path) + 32;
	char sql[128];
	int err;

	tmp = cbp_malloc(n);
	snprintf(tmp, n, "%s.new.%ld", idx->path, (long)getpid());
	unlink(tmp);
	if (cbp_store_open_db(tmp, 1, &idx->db)) {
		free(tmp);
		return -1;
	}
	snprintf(sql, sizeof(sql),
		 "PRAGMA application_id = %d; PRAGMA user_version = %d;",
		 CBP_APP_ID, CBP_SCHEMA_VERSION);
	err = cbp_db_exec(idx->db,
			  "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
			  "PRAGMA locking_mode = EXCLUSIVE;"
			  "PRAGMA cache_size = -65536; BEGIN;") ||
	      cbp_db_exec(idx->db, cbp_schema_sql) ||
	      build_run(idx, repo, set, 1, stats) ||
	      cbp_db_exec(idx->db, sql) ||
	      cbp_db_exec(idx->db,
			  "INSERT OR REPLACE INTO meta VALUES ('complete', 1);"
			  "COMMIT;");
	if (err) {
		/* Keep the message of the first failure. */
		char *msg = cbp_strdup(cbp_errmsg());

		sqlite3_exec(idx->db, "ROLLBACK", NULL, NULL, NULL);
		cbp_error("%s", msg);
		free(msg);
	}
	cbp_store_close_db(idx);
	if (!err) {
		char *journal = cbp_malloc(n);

		/* Any journal left there belongs to the file being replaced. */
		snprintf(journal, n, "%s-journal", idx->path);
		unlink(journal);
		free(journal);
		if (rename(tmp, idx->path))
			err = cbp_error("cannot rename %s: %s", tmp,
					strerror(errno));
	}
	if (err)
		unlink(tmp);
	free(tmp);
	stats->rebuilt = 1;
	return err;
}

