// SPDX-License-Identifier: GPL-2.0
/*
 * Walking the new commits: every queued commit read and stored
 * (build-commits.c), its new parents queued in turn.  An incremental
 * build does it in one thread; a cold one (cbp_store_create()'s fast
 * settings, see build.c) reads and inflates commits in one thread while
 * the caller's thread parses their messages and stores them, the two
 * passing records through a ring in batches.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build-priv.h"
#include "base/output.h"
#include "base/util.h"

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

/**
 * build_walk_pipelined() - read and store the queued commits, in two threads
 * @b: a cold build
 * @last: when progress was last shown
 *
 * Return: 0, or -1 with the error recorded.
 */
static int build_walk_pipelined(struct build *b, double *last)
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
		for (n = 0; n < avail && !err; n++) {
			struct commit_rec *r = &pl->ring[(pl->tail + n) % PIPE_DEPTH];

			err = build_read_message(r);
			if (!err)
				err = build_store_commit(b, r);
		}
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
	/*
	 * Only the slots the reader filled hold anything: writing to the
	 * others would fault in the whole ring, a third of the page faults
	 * of a small repository's build.
	 */
	for (i = 0; i < PIPE_DEPTH && i < pl->head; i++)
		build_rec_release(&pl->ring[i]);
	pthread_cond_destroy(&pl->emptied);
	pthread_cond_destroy(&pl->filled);
	pthread_mutex_destroy(&pl->lock);
	free(pl);
	return err;
}

/**
 * build_walk_new_commits() - read and store every queued commit
 * @b: the build
 *
 * Reading a commit queues its new parents, so this reads everything the
 * refs reach that the index does not have yet: in two threads in a cold
 * build (build_walk_pipelined()), in one otherwise.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_walk_new_commits(struct build *b)
{
	struct commit_rec r = { 0 };
	double last = cbp_now();
	int err = 0;

	if (b->cold) {
		err = build_walk_pipelined(b, &last);
	} else {
		while (b->nr_stack && !err) {
			err = build_read_commit(b, b->stack[--b->nr_stack], &r);
			if (!err)
				err = build_read_message(&r);
			if (!err)
				err = build_store_commit(b, &r);
			build_show_progress(b, &last);
		}
		build_rec_release(&r);
	}
	if (isatty(2) && b->read > 0x3fff)
		cbp_progress("\n");
	return err;
}
