/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing the index: what the builder (indexer/) asks of the store.
 *
 * The builder decides what to record; the store knows how.  A build opens
 * a writer on the index (cbp_store_build_begin()) and records through
 * functions named after what they record: a commit, a citation, a
 * release tag, a branch, a verdict.  The SQL, the statements (prepared
 * once per writer and reused, so a row costs one step) and the
 * transactions are the store's; the builder includes no SQLite header.
 * Rows read back in bulk come through a callback per row: the callback
 * returns 0 to go on, anything else to stop the walk, which then
 * returns that value.  Functions return 0 (or what they say) on success
 * and -1 after recording a message with cbp_error().
 */
#ifndef CHECKBACKPORT_STORE_WRITE_H
#define CHECKBACKPORT_STORE_WRITE_H

#include <stddef.h>

#include "base/util.h"

#include "store.h"

/* What cbp_store_check_index() found besides a valid index (0) and no file (1). */
#define CBP_STORE_STALE		2	/* ours, but unusable: rebuild it */
#define CBP_STORE_FOREIGN	3	/* not ours: never touch it */

/* The file: opening, checking, locking, creating and publishing (store.c). */
struct cbp_index *cbp_store_index_new(const char *path);
int cbp_store_check_index(struct cbp_index *idx);
void cbp_store_close_db(struct cbp_index *idx);
int cbp_store_load_branches(struct cbp_index *idx);
int cbp_prepare_queries(struct cbp_index *idx);
int cbp_index_lock(const char *path);
long long cbp_branch_version(const char *name);
void cbp_store_remove_stale(const char *path);
int cbp_store_create(struct cbp_index *idx, char **tmp);
int cbp_store_add_indexes(struct cbp_index *idx);
int cbp_store_add_link_index(struct cbp_index *idx);
void cbp_store_abandon(struct cbp_index *idx, const char *tmp);
int cbp_store_publish(struct cbp_index *idx, const char *tmp);

/* Updating in place, and in memory when the file is read-only (store-update.c). */
int cbp_store_read_only(struct cbp_index *idx);
int cbp_store_update_begin(struct cbp_index *idx);
int cbp_store_update_commit(struct cbp_index *idx);
int cbp_store_update_abort(struct cbp_index *idx);
int cbp_store_to_memory(struct cbp_index *idx);

/* What the index tracks (store-track.c). */
int cbp_store_tracked(struct cbp_index *idx, int state,
		      char *track[CBP_TRACK_NR], char *seen[CBP_TRACK_NR]);
void cbp_track_free(char *track[CBP_TRACK_NR]);

/* One build's writer (store-write.c). */
struct cbp_writer;

int cbp_store_build_begin(struct cbp_index *idx, struct cbp_writer **out);
void cbp_store_build_end(struct cbp_writer *w);
int cbp_store_high_water(struct cbp_writer *w, long long *max_id,
			 long long *max_link, long long *present);
int cbp_store_max_commit(struct cbp_writer *w, long long *max_id);
int cbp_store_set_present(struct cbp_writer *w, long long nr);
int cbp_store_add_gaps(struct cbp_writer *w, int gaps);
int cbp_store_set_refs_stamp(struct cbp_writer *w, unsigned long long stamp);
int cbp_store_set_copies_unread(struct cbp_writer *w, long long nr);
int cbp_store_copies_unread(struct cbp_writer *w, long long *nr);
int cbp_store_set_unpeeled(struct cbp_writer *w, const char *lines);
/* (store-track.c) */
int cbp_store_write_tracking(struct cbp_writer *w,
			     const struct cbp_settings *eff);

/* Bytes per parent in what cbp_store_add_commit() takes. */
#define CBP_STORE_PARENT_SIZE	4

/**
 * cbp_store_put_parent() - put parent @i of a commit in its parents blob
 * @blob: CBP_STORE_PARENT_SIZE bytes per parent
 * @i: which parent
 * @id: its row
 *
 * The blob is filled by whoever reads the commit (the reading thread of a
 * cold build), so that cbp_store_add_commit() only binds it.
 */
static inline void cbp_store_put_parent(unsigned char *blob, size_t i,
					unsigned int id)
{
	unsigned char *p = blob + CBP_STORE_PARENT_SIZE * i;

	p[0] = id & 0xff;
	p[1] = (id >> 8) & 0xff;
	p[2] = (id >> 16) & 0xff;
	p[3] = (id >> 24) & 0xff;
}

/* Commits and their citations, as read. */
int cbp_store_add_commit(struct cbp_writer *w, unsigned int id,
			 const char *hex, const char *subject, size_t sublen,
			 long long atime, const unsigned char *parents,
			 unsigned int npar);
int cbp_store_add_link(struct cbp_writer *w, unsigned int src, int kind,
		       const char *hex, size_t hexlen, const char *quoted,
		       size_t quoted_len);
int cbp_store_add_change_id(struct cbp_writer *w, unsigned int id,
			    const char *chid);
int cbp_store_add_malformed(struct cbp_writer *w, unsigned int src, int kind,
			    unsigned int line, const char *hex, size_t digits,
			    const char *quoted, size_t quoted_len);

/* The commit graph: rows by ID, parents, first release and branch bits. */
int cbp_store_find_commit(struct cbp_writer *w, const char *hex,
			  unsigned int *id, int *present, int *merge);
int cbp_store_commit_node(struct cbp_writer *w, unsigned int id,
			  unsigned int *rel, unsigned long long *branches,
			  unsigned int **par, size_t *nr_par,
			  size_t *alloc_par);
int cbp_store_put_reach(struct cbp_writer *w, unsigned int id,
			unsigned int rel, unsigned long long branches);
int cbp_store_each_present_commit(struct cbp_writer *w,
				  int (*fn)(long long id,
					    const unsigned int *par,
					    unsigned int npar, void *data),
				  void *data);

/**
 * struct cbp_store_tag - a row of the release tags
 * @id: its row (tags.id)
 * @name: its short name; may be NULL in a damaged index
 * @commit: the row of its commit
 * @vkey: its version key
 */
struct cbp_store_tag {
	long long id;
	const char *name;
	unsigned int commit;
	long long vkey;
};

int cbp_store_each_tag(struct cbp_writer *w,
		       int (*fn)(const struct cbp_store_tag *t, void *data),
		       void *data);
int cbp_store_forget_releases(struct cbp_writer *w);
int cbp_store_add_tag(struct cbp_writer *w, const char *name,
		      unsigned int commit, long long vkey, long long *row);

/**
 * struct cbp_store_branch - a row of the tracked branches
 * @bit: its bit in reach.branches
 * @name: its short name; may be NULL in a damaged index
 * @role: enum cbp_role
 * @tip: the full ID of its tip; may be NULL in a damaged index
 * @base: see mark_branch() in build-branches.c
 */
struct cbp_store_branch {
	int bit;
	const char *name;
	int role;
	const char *tip;
	long long base;
};

int cbp_store_each_branch(struct cbp_writer *w,
			  int (*fn)(const struct cbp_store_branch *br,
				    void *data),
			  void *data);
int cbp_store_clear_branch_bits(struct cbp_writer *w, unsigned long long bits);
int cbp_store_count_branches(struct cbp_writer *w, long long *nr);
int cbp_store_has_branch(struct cbp_writer *w,
			 const struct cbp_store_branch *br);
int cbp_store_clear_branches(struct cbp_writer *w);
int cbp_store_add_branch(struct cbp_writer *w,
			 const struct cbp_store_branch *br);

/* Mainline order (table morder). */
int cbp_store_max_order(struct cbp_writer *w, long long *max);
int cbp_store_has_order(struct cbp_writer *w, unsigned int id);
int cbp_store_put_order(struct cbp_writer *w, unsigned int id, long long pos);

/* The refs whose history is indexed. */
int cbp_store_each_ref_tip(struct cbp_writer *w,
			   int (*fn)(const char *hex, void *data), void *data);
int cbp_store_count_refs(struct cbp_writer *w, long long *nr);
int cbp_store_has_ref(struct cbp_writer *w, const char *name, const char *hex);
int cbp_store_clear_refs(struct cbp_writer *w);
int cbp_store_add_ref(struct cbp_writer *w, const char *name, const char *hex);

/* Resolving cited IDs to rows (store-resolve.c). */
typedef long long cbp_store_known_fn(const char *hex, int len, void *data);

int cbp_store_resolve_links(struct cbp_writer *w, long long after,
			    cbp_store_known_fn *known, void *data,
			    unsigned int *next_id);
int cbp_store_resolve_unresolved(struct cbp_writer *w, unsigned int *next_id);
int cbp_store_reresolve_absent(struct cbp_writer *w, unsigned int *next_id);

/* Removing what no ref reaches any more (store-resolve.c). */
int cbp_store_gone_begin(struct cbp_writer *w);
int cbp_store_add_gone(struct cbp_writer *w, long long id);
int cbp_store_drop_gone(struct cbp_writer *w);
int cbp_store_take_renamed(struct cbp_writer *w,
			   int (*fn)(long long dst, void *data), void *data);
int cbp_store_drop_uncited(struct cbp_writer *w);

/**
 * struct cbp_store_pair - a citation between two commits, to be judged
 * @src: the citing commit's row
 * @dst: the cited commit's row
 * @src_subject: the subject of @src (may be NULL)
 * @dst_subject: the subject of @dst (may be NULL)
 * @src_hex: the full ID of @src (may be NULL in a damaged index)
 * @dst_hex: the full ID of @dst (likewise)
 */
struct cbp_store_pair {
	long long src, dst;
	const char *src_subject, *dst_subject;
	const char *src_hex, *dst_hex;
};

/**
 * struct cbp_store_files - the files behind a verdict
 * @src_files: how many files the citing commit touches
 * @dst_files: how many the cited commit touches
 * @common: how many both touch; with @other, how many of the same names
 *	    both change alike under other folders (a directory moved)
 * @path: a file to name (one in common, else one of the citing commit's)
 * @other: with no file in common, one of the cited commit's (with a
 *	   move, @path's namesake)
 */
struct cbp_store_files {
	long long src_files, dst_files, common;
	const char *path, *other;
};

/* Verdicts on citations and copies without one (store-judge.c). */
int cbp_store_links_to_judge(struct cbp_writer *w, long long after_link,
			     long long after_id, const unsigned int *arrived,
			     size_t nr_arrived,
			     int (*fn)(const struct cbp_store_pair *p,
				       void *data),
			     void *data);
int cbp_store_put_trust(struct cbp_writer *w, long long src, long long dst,
			int verdict, const struct cbp_store_files *f);

/**
 * struct cbp_store_cand - a commit and a mainline commit that may be copies
 * @own: the branch's commit (or mainline's duplicate)
 * @own_hex: its full ID (may be NULL in a damaged index)
 * @ml: the mainline commit
 * @ml_hex: its full ID (likewise)
 * @same_time: 2 if both have the same author time, 1 if they are at most
 *	       CBP_NEAR_TIME seconds apart, else 0
 * @same_subject: both have the same subject, byte for byte
 * @later: @own was authored after @ml, at most CBP_LATER_TIME after
 */
struct cbp_store_cand {
	long long own;
	const char *own_hex;
	long long ml;
	const char *ml_hex;
	int same_time;
	int same_subject;
	int later;
};

/*
 * How far apart, in seconds, the author times of a mainline commit and a
 * back-patch committed anew may be for their author and message to join
 * them (CBP_SAME_AUTHOR_NEAR): ten minutes.
 */
#define CBP_NEAR_TIME		600

/*
 * And for a back-patch made later by the author of the mainline commit,
 * with its message (CBP_SAME_AUTHOR_LATER): etcd's release-3.5 has 42
 * such, hours to weeks after, security fixes among them.  Thirty days.
 */
#define CBP_LATER_TIME		(30 * 24 * 3600)

/* Which candidates cbp_store_copy_candidates() lists. */
enum cbp_copy_kind {
	CBP_COPY_BRANCH,	/* a branch's commits citing nothing of mainline */
	CBP_COPY_MAINLINE,	/* mainline's duplicates of what branches cite */
};

/**
 * struct cbp_store_pid - what the index keeps of a commit build-copies.c compared
 * @blobs: a hash of its files' blob IDs
 * @files: a hash of its paths
 */
struct cbp_store_pid {
	long long blobs;
	long long files;
};

int cbp_store_copy_candidates(struct cbp_writer *w, enum cbp_copy_kind kind,
			      unsigned long long mainline,
			      int (*fn)(const struct cbp_store_cand *c,
					void *data),
			      void *data);
int cbp_store_get_pid(struct cbp_writer *w, long long id,
		      struct cbp_store_pid *row);
int cbp_store_put_pid(struct cbp_writer *w, long long id, long long blobs,
		      long long files);
int cbp_store_get_compared(struct cbp_writer *w, long long own, long long ml,
			   int *same);
int cbp_store_put_compared(struct cbp_writer *w, long long own, long long ml,
			   int same);
int cbp_store_found_cites_new(struct cbp_writer *w, long long after,
			      const unsigned int *ids, size_t nr);
int cbp_store_reverted_of(struct cbp_writer *w, long long src,
			  int (*fn)(long long dst, int verdict, void *data),
			  void *data);
int cbp_store_squashed_of(struct cbp_writer *w, long long src,
			  int (*fn)(long long dst, int verdict, void *data),
			  void *data);
int cbp_store_add_copy(struct cbp_writer *w, long long own,
		       const char *ml_hex, long long ml);
int cbp_store_add_authored_copy(struct cbp_writer *w, long long own, int kind,
				const char *ml_hex, long long ml);

/**
 * struct cbp_store_reapply - a mainline commit that may make a change again
 * @revert: the revert's row, in mainline
 * @revert_hex: its ID
 * @change: the row of the commit it reverts, in mainline
 * @change_hex: its ID
 * @again: a later mainline commit with @change's subject
 * @again_hex: its ID
 */
struct cbp_store_reapply {
	long long revert;
	char revert_hex[CBP_OID_HEXSZ + 1];
	long long change;
	char change_hex[CBP_OID_HEXSZ + 1];
	long long again;
	char again_hex[CBP_OID_HEXSZ + 1];
};

int cbp_store_reapply_candidates(struct cbp_writer *w,
				 unsigned long long mainline,
				 struct cbp_store_reapply **out, size_t *nr);
int cbp_store_add_reapply(struct cbp_writer *w, long long again,
			  const char *revert_hex, long long revert);

/**
 * struct cbp_store_merge_cite - a commit citing a merge as its origin
 * @src: the citing commit's row
 * @merge: the merge's row
 * @merge_hex: its full ID
 */
struct cbp_store_merge_cite {
	long long src;
	long long merge;
	char merge_hex[CBP_OID_HEXSZ + 1];
};

int cbp_store_merge_cites(struct cbp_writer *w, int all, long long after_link,
			  long long after_id, const unsigned int *arrived,
			  size_t nr_arrived, struct cbp_store_merge_cite **out,
			  size_t *nr);
int cbp_store_add_merged(struct cbp_writer *w, long long src, const char *hex,
			 long long x, const char *merge_hex);
int cbp_store_named_on_branch(struct cbp_writer *w, long long own,
			      long long ml, unsigned long long *branches);
int cbp_store_names_undone(struct cbp_writer *w, long long own, long long ml,
			   unsigned long long branches,
			   unsigned long long mainline);
int cbp_store_drop_authored_twins(struct cbp_writer *w, long long own,
				  long long ml, unsigned long long branches);
int cbp_store_drop_found(struct cbp_writer *w, long long *max_link);

/**
 * struct cbp_store_chid_pair - a commit and a mainline commit of its Change-Id
 * @own: the commit outside mainline
 * @ml: the mainline commit
 * @ml_hex: its full ID (may be NULL in a damaged index)
 * @same_time: both have the same author time
 * @chid: the Change-Id
 */
struct cbp_store_chid_pair {
	long long own;
	long long ml;
	const char *ml_hex;
	int same_time;
	const char *chid;
};

int cbp_store_change_id_pairs(struct cbp_writer *w,
			      unsigned long long mainline,
			      int (*fn)(const struct cbp_store_chid_pair *p,
					void *data),
			      void *data);
int cbp_store_add_change_id_link(struct cbp_writer *w, long long own,
				 const char *ml_hex, long long ml,
				 const char *chid);

#endif /* CHECKBACKPORT_STORE_WRITE_H */
