/* SPDX-License-Identifier: GPL-2.0 */
/*
 * State shared by index.c (building) and query.c (reading); not part of
 * the interface the subcommands use.
 */
#ifndef CHECKBACKPORT_INDEX_PRIV_H
#define CHECKBACKPORT_INDEX_PRIV_H

#include <sqlite3.h>

#include "index.h"

struct cbp_index {
	git_repository *repo;
	git_repository *(*load_repo)(void *data);
	void *load_data;
	sqlite3 *db;
	char *path;
	struct cbp_branch branch[CBP_MAX_BRANCHES];
	int nr_branches;
	int mainline_bit;
	sqlite3_stmt *st_get;		/* one row by id */
	sqlite3_stmt *st_range;		/* rows by hex prefix */
	sqlite3_stmt *st_links[2][2];	/* [outgoing][origin only] */
};

int cbp_prepare_queries(struct cbp_index *idx);
long long cbp_subject_hash(const char *s);

#endif /* CHECKBACKPORT_INDEX_PRIV_H */
