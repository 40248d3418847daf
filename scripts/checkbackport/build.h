/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Building and updating the commit index (build*.c): the only writer of
 * the store.
 */
#ifndef CHECKBACKPORT_BUILD_H
#define CHECKBACKPORT_BUILD_H

#include "store.h"

struct cbp_repo;

/**
 * struct cbp_update_stats - what cbp_index_open() did
 * @read: commits read from the repository in this run
 * @total: present commits in the index afterwards
 * @links: citations recorded in this run
 * @tags: release tags known afterwards
 * @malformed: citations of IDs too long to be commits, found in this run
 * @adapted: citations between commits judged adapted in this run
 * @suspicious: citations between commits judged suspicious in this run
 * @rebuilt: 1 if the index was (re)built from scratch
 * @seconds: wall time
 */
struct cbp_update_stats {
	long long read;
	long long total;
	long long links;
	long long tags;
	long long malformed;
	long long adapted;
	long long suspicious;
	int rebuilt;
	double seconds;
};

/* Flags for cbp_index_open(). */
#define CBP_OPEN_UPDATE		0x1	/* bring the index up to date */
#define CBP_OPEN_REBUILD	0x2	/* discard it and build afresh */

int cbp_index_open(struct cbp_index **out, struct cbp_repo *repo,
		   const struct cbp_settings *set, unsigned int flags,
		   struct cbp_update_stats *stats);

#endif /* CHECKBACKPORT_BUILD_H */
