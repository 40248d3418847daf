/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The store's internals, shared by its files (store*.c) and by the
 * builder (build*.c), which writes the tables; not part of the interface
 * the commands use.
 */
#ifndef CHECKBACKPORT_STORE_PRIV_H
#define CHECKBACKPORT_STORE_PRIV_H

#include <sqlite3.h>

#include "store.h"

#define CBP_APP_ID	0x43425031	/* "CBP1" */

/* What cbp_store_check() found besides a valid index (0) and no file (1). */
#define CBP_STORE_STALE		2	/* ours, but unusable: rebuild it */
#define CBP_STORE_FOREIGN	3	/* not ours: never touch it */

struct cbp_tag_cache;

struct cbp_index {
	sqlite3 *db;
	char *path;
	struct cbp_branch branch[CBP_MAX_BRANCHES];
	int nr_branches;
	int order[CBP_MAX_BRANCHES];	/* bits in report order */
	int nr_order;
	int mainline_bit;
	char *file;			/* @path with links followed, once built */
	char *track[CBP_TRACK_NR];	/* what it tracks (store-track.c) */
	struct cbp_tag_cache *tags;	/* release tags (store-release.c) */
	sqlite3_stmt *st_get;		/* one row by id */
	sqlite3_stmt *st_range;		/* rows by hex prefix */
	sqlite3_stmt *st_links[2][2];	/* [outgoing][origin only] */
};

/* Parent @i of a commits.parents blob: little-endian 32-bit row ids. */
static inline unsigned int cbp_parent_at(const unsigned char *blob, int i)
{
	const unsigned char *p = blob + 4 * i;

	return p[0] | p[1] << 8 | p[2] << 16 | (unsigned int)p[3] << 24;
}

int cbp_error_sqlite(sqlite3 *db, const char *what);
int cbp_db_exec(sqlite3 *db, const char *sql);
int cbp_db_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st);
int cbp_db_int(sqlite3 *db, const char *sql, long long *val);
int cbp_db_step(sqlite3 *db, sqlite3_stmt *st);

int cbp_store_check(const char *path, sqlite3 **dbp);
void cbp_store_close_db(struct cbp_index *idx);
int cbp_store_load_branches(struct cbp_index *idx);
int cbp_index_lock(const char *path);
long long cbp_branch_version(const char *name);
void cbp_store_remove_stale(const char *path);
int cbp_store_create(struct cbp_index *idx, char **tmp);
int cbp_store_add_indexes(struct cbp_index *idx);
int cbp_store_add_link_index(struct cbp_index *idx);
void cbp_store_abandon(struct cbp_index *idx, const char *tmp);
int cbp_store_publish(struct cbp_index *idx, const char *tmp);
int cbp_prepare_queries(struct cbp_index *idx);
long long cbp_subject_hash(const char *s);

/* store-tree.c */
void cbp_class_layout(const struct cbp_member *m, size_t nr,
		      const struct cbp_link *links, size_t nr_links,
		      struct cbp_class *cls);

/* store-release.c */
void cbp_tag_cache_free(struct cbp_tag_cache *tc);

/* store-track.c */
int cbp_store_read_tracking(sqlite3 *db, char *track[CBP_TRACK_NR],
			    char *seen[CBP_TRACK_NR]);
void cbp_track_free(char *track[CBP_TRACK_NR]);

#endif /* CHECKBACKPORT_STORE_PRIV_H */
