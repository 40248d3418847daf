/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The store's internals, shared by its files (store*.c) only: the
 * commands read through store.h, the builder writes through
 * store-write.h.
 */
#ifndef CHECKBACKPORT_STORE_PRIV_H
#define CHECKBACKPORT_STORE_PRIV_H

#include <assert.h>

#include <sqlite3.h>

#include "store.h"
#include "store-write.h"

#define CBP_APP_ID	0x43425031	/* "CBP1" */

/*
 * The kinds of the links the builder finds without a citation, in SQL:
 * CBP_SAME_PATCH_ID, CBP_SAME_CHANGE_ID, CBP_SAME_AUTHOR_DATE,
 * CBP_SAME_AUTHOR_NEAR, CBP_MERGED, CBP_SAME_AUTHOR_LATER,
 * CBP_SAME_PATCH_MOVED, CBP_REAPPLIES;
 * and of those the copies found by their author.
 */
#define CBP_FOUND_KINDS	"(6, 8, 9, 10, 11, 12, 13, 19)"
#define CBP_AUTHORED_KINDS	"(9, 10, 12)"
static_assert(CBP_SAME_PATCH_ID == 6 && CBP_SAME_CHANGE_ID == 8 &&
	      CBP_SAME_AUTHOR_DATE == 9 && CBP_SAME_AUTHOR_NEAR == 10 &&
	      CBP_MERGED == 11 && CBP_SAME_AUTHOR_LATER == 12 &&
	      CBP_SAME_PATCH_MOVED == 13 && CBP_REAPPLIES == 19,
	      "CBP_FOUND_KINDS");

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
	sqlite3_stmt *st_malformed[2][2]; /* [query][one commit] */
	int gaps;			/* meta 'gaps', -1 until read */
};

/*
 * Set a key of table meta (statement CBP_W_META), leaving the row alone
 * when it holds that value already: an update that changes nothing then
 * writes no page, and its transaction ends without a journal or a sync.
 */
#define CBP_META_PUT \
	"INSERT INTO meta VALUES (?, ?) " \
	"ON CONFLICT(key) DO UPDATE SET value = excluded.value " \
	"WHERE value IS NOT excluded.value"

/* The statements of a writer, each prepared on first use. */
enum cbp_write_stmt {
	CBP_W_COMMIT, CBP_W_LINK, CBP_W_MALFORMED, CBP_W_FIND, CBP_W_NODE,
	CBP_W_REACH, CBP_W_ABSENT, CBP_W_TAG, CBP_W_BRANCH, CBP_W_HAS_ORDER,
	CBP_W_ORDER, CBP_W_DST, CBP_W_TRUST, CBP_W_PID_GET, CBP_W_PID_PUT,
	CBP_W_CMP_GET, CBP_W_CMP_PUT, CBP_W_COPY, CBP_W_GONE, CBP_W_REF,
	CBP_W_META, CBP_W_SQUASHED, CBP_W_REVERTED, CBP_W_CHID, CBP_W_NAMED,
	CBP_W_NAMES, CBP_W_UNDONE, CBP_W_TWINS, CBP_W_HAS_REF,
	CBP_W_HAS_BRANCH, CBP_W_MERGED_ADD,
	CBP_W_NR,
};

/* One build's writer (store-write.h): the index and its statements. */
struct cbp_writer {
	struct cbp_index *idx;
	sqlite3 *db;
	sqlite3_stmt *st[CBP_W_NR];
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
int cbp_db_exists(sqlite3 *db, sqlite3_stmt *st);
int cbp_reaches(struct cbp_index *idx, long long from, long long want,
		int (*through)(const struct cbp_commit *c, void *data),
		void *data);
int cbp_db_each_end(sqlite3 *db, sqlite3_stmt *st, int rc, int stop);

sqlite3_stmt *cbp_writer_stmt(struct cbp_writer *w, enum cbp_write_stmt which,
			      const char *sql);

int cbp_store_check(const char *path, sqlite3 **dbp);
long long cbp_subject_hash(const char *s);
/* Digits of an ID in commits.hkey: 60 bits, a key never negative. */
#define CBP_HKEY_DIGITS		15
long long cbp_hex_key(const char *hex, size_t len);
void cbp_bind_prefix(sqlite3_stmt *st, const char *hex, size_t len,
		     char *upper);
int cbp_subject_copy_key(const char *s, long long *key);

/* store-tree.c */
void cbp_class_layout(const struct cbp_member *m, size_t nr,
		      const struct cbp_link *links, size_t nr_links,
		      struct cbp_class *cls);

/* store-release.c */
void cbp_tag_cache_free(struct cbp_tag_cache *tc);

/* store-track.c */
int cbp_store_read_tracking(sqlite3 *db, char *track[CBP_TRACK_NR],
			    char *seen[CBP_TRACK_NR], int *gaps);

#endif /* CHECKBACKPORT_STORE_PRIV_H */
