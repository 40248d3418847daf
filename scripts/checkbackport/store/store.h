/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The commit index as the commands read it.
 *
 * The index is a SQLite file (by default $GIT_DIR/checkbackport.db) that
 * records, for every commit reachable from the repository's refs, its
 * subject, author date, parents, the IDs its message cites, the first
 * release tag that contains it and which configured branches contain it.
 * The schema is described in Documentation/checkbackport.rst and in
 * store.c; it is versioned with PRAGMA user_version.  Only the builder
 * (build.h) writes it.  This layer knows nothing of git: it is linked
 * into the front program, which runs without libgit2.
 *
 * Everything a subcommand needs goes through this header: resolving a
 * user-supplied name, reading one commit, following citations and
 * computing a class of names.  Functions return 0 (or a count) on
 * success and a negative value after recording a message with
 * cbp_error().
 */
#ifndef CHECKBACKPORT_STORE_H
#define CHECKBACKPORT_STORE_H

#include "store-types.h"

struct cbp_index;

int cbp_index_open_existing(struct cbp_index **out, const char *path);
char *cbp_index_default_path(const char *commondir);
int cbp_locate_index(const char *start, char **index);
void cbp_index_close(struct cbp_index *idx);
const char *cbp_index_path(const struct cbp_index *idx);
const char *cbp_store_sqlite_version(void);

int cbp_index_nr_branches(const struct cbp_index *idx);
const struct cbp_branch *cbp_index_branch(const struct cbp_index *idx,
					  int bit);
int cbp_index_mainline_bit(const struct cbp_index *idx);
int cbp_index_branch_at(const struct cbp_index *idx, int i);
const struct cbp_track_info *cbp_track_info(enum cbp_track key);
const char *cbp_index_tracking(const struct cbp_index *idx,
			       enum cbp_track key);

/* Results of lookups other than success (0) and error (-1). */
#define CBP_NOT_FOUND		1
#define CBP_IS_AMBIGUOUS	2

size_t cbp_is_abbrev(const char *name);
int cbp_resolve_id(struct cbp_index *idx, const char *name, long long *id,
		   struct cbp_commit **cands, size_t *nr_cands);
int cbp_index_lookup_full(struct cbp_index *idx, const char *hex,
			  long long *id);
int cbp_commit_get(struct cbp_index *idx, long long id, struct cbp_commit *c);
int cbp_index_branch_tip_bit(struct cbp_index *idx, const char *name,
			     const char *tip);
int cbp_links(struct cbp_index *idx, long long id, int outgoing,
	      int origin_only, struct cbp_link **links, size_t *nr);
int cbp_class_of(struct cbp_index *idx, long long id, struct cbp_class *cls);
void cbp_class_release(struct cbp_class *cls);
int cbp_class_contains(const struct cbp_class *cls, long long id);
int cbp_same_subject(struct cbp_index *idx, const char *subject,
		     long long **ids, size_t *nr);
int cbp_same_subject_in_branch(struct cbp_index *idx,
			       const struct cbp_commit *m, int bit, int mb,
			       long long *twin);
int cbp_cited_in_branch(struct cbp_index *idx, const struct cbp_commit *m,
			int bit, int mb, long long *citer);
int cbp_squash_in_branch(struct cbp_index *idx, const struct cbp_class *cls,
			 int bit, long long *squash);
int cbp_release_before(const struct cbp_commit *a, const struct cbp_commit *b);
int cbp_index_count_present(struct cbp_index *idx, long long *nr);
/**
 * struct cbp_origin_forms - how a branch's backports name their origin
 * @picks: its commits outside mainline that name it with cherry-pick
 *	   trailers alone ("(cherry picked from commit X)")
 * @upstream: those that name it with an upstream line ("commit X
 *	      upstream.", "[ Upstream commit X ]", Xen's "master commit: X")
 * @bare: those that name none, joined to their origin by what they are
 *	  (the same patch, Change-Id, or author, date and subject)
 */
struct cbp_origin_forms {
	long long picks;
	long long upstream;
	long long bare;
};

int cbp_index_origin_forms(struct cbp_index *idx, int bit,
			   struct cbp_origin_forms *forms);
int cbp_index_gaps(struct cbp_index *idx);
int cbp_index_has_branch(struct cbp_index *idx, const char *name);
const char *cbp_index_unpeeled_branch(struct cbp_index *idx, const char *name);
int cbp_index_refs_moved(struct cbp_index *idx, const char *commondir);

/* store-trust.c */
int cbp_trust_get(struct cbp_index *idx, const struct cbp_link *l,
		  struct cbp_trust_info *ti);
int cbp_near_miss(struct cbp_index *idx, const char *cited,
		  const char *subject, long long self, struct cbp_commit *c,
		  unsigned int *digits);
int cbp_malformed_of(struct cbp_index *idx, long long src,
		     struct cbp_malformed **out, size_t *nr);
int cbp_origin_links(struct cbp_index *idx, int min_trust,
		     struct cbp_link **links, size_t *nr);
int cbp_trust_count(struct cbp_index *idx, long long count[CBP_TRUST_NR]);
long long cbp_branch_release(struct cbp_index *idx, const struct cbp_commit *c,
			     int bit, char *rel, size_t size);

/**
 * struct cbp_verify_report - what cbp_store_verify() found
 * @problems: how many problems; 0 if the index is sound
 * @msg: the first of them, one line each
 * @nr: number of @msg
 * @alloc: allocated entries
 * @commits: present commits counted
 * @links: citations counted (the links of messages, as a build counts them)
 * @found: links found without a citation (same patch-id, Change-Id, or
 *	   author, date and subject)
 */
struct cbp_verify_report {
	long long problems;
	char **msg;
	size_t nr;
	size_t alloc;
	long long commits;
	long long links;
	long long found;
};

int cbp_store_verify(const char *path, struct cbp_verify_report *rep);
void cbp_verify_report_release(struct cbp_verify_report *rep);

#endif /* CHECKBACKPORT_STORE_H */
