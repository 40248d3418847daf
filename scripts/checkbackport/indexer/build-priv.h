/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The builder's internals, shared by build*.c: the state of one run, the
 * in-memory commit graph and the records passed from reading to storing.
 */
#ifndef CHECKBACKPORT_BUILD_PRIV_H
#define CHECKBACKPORT_BUILD_PRIV_H

#include "build.h"
#include "git/git.h"
#include "store/store-write.h"

enum { NODE_UNKNOWN, NODE_LOADED, NODE_ABSENT };

struct node {
	unsigned long long br;
	unsigned int rel;
	unsigned int par;
	unsigned int npar;
	unsigned char state;
	unsigned char dirty;
};

struct ref_tip {
	char *name;
	int role;		/* tags: unused */
	long long vkey;		/* tags only */
	struct cbp_oid oid;
	unsigned int id;
	long long row;		/* tags.id, or branches.bit */
	long long base;		/* branches: see mark_branch() */
};

/* A commit read, for looking abbreviated IDs up (build-resolve.c). */
struct oid_row {
	struct cbp_oid oid;
	unsigned int id;
};

struct build {
	struct cbp_index *idx;
	struct cbp_writer *w;		/* what the build writes through */
	struct cbp_repo *repo;
	struct cbp_odb *odb;
	struct cbp_git_commit obj;	/* the commit being read */
	int cold;
	int gaps;			/* CBP_GAP_*: cbp_git_gaps() */

	struct node *node;
	size_t nr_node, alloc_node;
	struct cbp_oid *oid;
	size_t alloc_oid;
	unsigned int *edge;
	size_t nr_edge, alloc_edge;
	unsigned int *hash;
	size_t hash_size, hash_nr;
	unsigned int *stack;
	size_t nr_stack, alloc_stack;
	unsigned int next_id;
	struct oid_row *by_oid;		/* rows read, by ID (build-resolve.c) */
	size_t nr_by_oid;
	unsigned int sort_bits;		/* the ID bits bucketing them */
	void *sorter;			/* the thread sorting them, if any */
	char memo_hex[CBP_OID_HEXSZ + 1];	/* the ID last resolved... */
	unsigned int memo_id;			/* ...and its row */

	struct cbp_git_ref *refs;	/* the refs whose history is indexed */
	unsigned int *ref_id;		/* the row of each */
	size_t nr_refs;
	int gc;				/* a ref may have lost commits */
	long long gone;			/* commits no ref reaches any more */
	/*
	 * Commits of earlier runs changed branches, or left the index: the
	 * links found without a citation are found again (build-copies.c).
	 */
	int refind;

	struct ref_tip *tags;
	size_t nr_tags, alloc_tags;
	struct cbp_ignored_tag *ignored;	/* tags that are not releases */
	size_t nr_ignored, alloc_ignored;
	long long outside;		/* releases outside the tags glob */
	char *outside_example;		/* the first of them */
	long long other;		/* other tags outside it, no releases */
	char *other_example;		/* the first of them */
	struct ref_tip *br;
	size_t nr_br, alloc_br;
	char *unpeeled;			/* "REF TYPE\n" of branches of no commit */
	char *unpeeled_notes;		/* the warnings of those tracked */
	long long *tag_key;
	size_t alloc_tag_key;

	long long read, links, absent_warned;
	long long malformed;		/* malformed citations stored */
	long long verdicts[CBP_TRUST_NR];	/* links judged, per enum cbp_trust */
	long long copies;		/* copies linked by patch-id or author */
	long long merged;		/* links to what a cited merge brought in */
	/* citations of merges: [0] unreadable, [1] too many commits */
	long long merged_skipped[2];
	/*
	 * What this run knows of each row it read (BUILD_ROW_*, 0 for the
	 * rows of earlier runs): a commit read in this run has only the
	 * links this run writes, which tells judge_squash() (build-trust.c)
	 * where no squash can be, without asking the index.
	 */
	unsigned char *row_flags;
	size_t nr_row_flags, alloc_row_flags;
	/* Cited-only rows of earlier runs that became commits in this one. */
	unsigned int max_old;		/* highest row of earlier runs */
	unsigned int *arrived;
	size_t nr_arrived, alloc_arrived;
};

/*
 * One commit as read from the object database, ready to be stored.  A
 * cold build reads commits in one thread and stores them in another, so
 * everything the store needs is copied out of the object.
 */
struct rec_cite {
	enum cbp_kind kind;
	unsigned int hexlen;
	int malformed;		/* more than 40 digits: see trailer.h */
	unsigned int line;
	int has_quoted;
	size_t quoted_len;
	char hex[CBP_CITE_HEX_MAX + 1];
	char quoted[256];
};

struct commit_rec {
	unsigned int id;
	int loaded;		/* 0: absent or not a commit, nothing to store */
	unsigned int npar;
	long long atime;
	/*
	 * The message as read, for build_read_message(): parsing it is a
	 * third of reading a commit, and a cold build does it in the
	 * storing thread, which has time to spare.
	 */
	char *msg;
	size_t msg_len, alloc_msg;
	char encoding[32];
	size_t sublen;
	char hex[CBP_OID_HEXSZ + 1];
	unsigned char *pblob;	/* see cbp_store_put_parent() */
	size_t alloc_pblob;
	char subject[512];
	char chid[CBP_CHANGE_ID_SIZE];	/* Gerrit's Change-Id, "" if none */
	struct rec_cite *cites;
	size_t nr_cites, alloc_cites;
};

/* build-graph.c */
void build_hash_grow(struct build *b);
size_t build_hash_slot(struct build *b, const struct cbp_oid *oid);
void build_push(struct build *b, unsigned int id);
unsigned int build_lookup_commit(struct build *b, const struct cbp_oid *oid);
struct node *build_get_node(struct build *b, unsigned int id);
int build_write_reach(struct build *b);

/* build-commits.c */
/* b->row_flags: read in this run, so every link of it is this run's */
#define BUILD_ROW_READ		0x01
/* its origin links (kinds below CBP_FIXES), up to BUILD_ROW_MANY */
#define BUILD_ROW_ORIGINS	0x06
#define BUILD_ROW_ONE		0x02
#define BUILD_ROW_MANY		0x04
/* it cites Fixes: or reverts: a squash may cite it beside its fix */
#define BUILD_ROW_FIXES		0x08
/* an origin link of it leads to a commit that may be BUILD_ROW_FIXES */
#define BUILD_ROW_CITES_FIX	0x10
unsigned int build_row_flags(const struct build *b, long long id);
void build_row_mark(struct build *b, long long id, unsigned int flags);
void build_row_add_origin(struct build *b, long long id);
int build_read_commit(struct build *b, unsigned int id, struct commit_rec *r);
int build_read_message(struct commit_rec *r);
int build_store_commit(struct build *b, const struct commit_rec *r);
void build_show_progress(const struct build *b, double *last);
void build_rec_release(struct commit_rec *r);

/* build-walk.c */
int build_walk_new_commits(struct build *b);

/* build-refs.c */
int build_collect_refs(struct build *b, const struct cbp_settings *set);

/* build-releases.c */
int build_update_releases(struct build *b);

/* build-branches.c */
int build_update_branches(struct build *b);
unsigned long long build_mainline_bit(const struct build *b);

/* build-change-id.c */
int build_link_change_ids(struct build *b);

/* build-resolve.c */
void build_sort_start(struct build *b);
void build_sort_wait(struct build *b);
int build_resolve_links(struct build *b, long long first_rowid);
int build_resolve_unresolved(struct build *b);
int build_reresolve_absent(struct build *b);

/* build-parallel.c */
typedef void (*build_parallel_fn)(struct cbp_repo *repo, size_t i, void *data);
void build_parallel(struct build *b, size_t nr, build_parallel_fn fn,
		    void *data);

/* build-trust.c */
int build_judge_links(struct build *b, long long first_rowid,
		      long long max_id);

/* build-copies.c */
int build_unlink_copies(struct build *b, long long *first_rowid);
int build_link_copies(struct build *b);

/* build-merged.c */
int build_link_merged(struct build *b, long long first_link, long long max_id);

/* build-reapply.c */
int build_link_reapplies(struct build *b);

/* build-edges.c */
int build_update_order(struct build *b);
/* build-gc.c */
int build_gc_check(struct build *b);
int build_gc(struct build *b);
int build_store_refs(struct build *b);

/* build-track.c */
int build_track_decide(const struct cbp_settings *set, int have_old,
		       char *keep[CBP_TRACK_NR], char *seen[CBP_TRACK_NR],
		       struct cbp_settings *eff);
int build_track_store(struct build *b, const struct cbp_settings *eff);

#endif /* CHECKBACKPORT_BUILD_PRIV_H */
