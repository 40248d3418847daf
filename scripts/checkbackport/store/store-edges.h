/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Edges between changes: what happened to a change after it landed.
 *
 * Three citations relate one change to another rather than naming it
 * again: "Fixes: X", "Stable-dep-of: X" and "This reverts commit X" (a
 * revert of a revert re-applies).  They are rows of the links table like
 * every citation, written with each commit and resolved as IDs arrive;
 * between changes they are edges from the class of the citing commit to
 * the class of X, whichever name either side was cited or committed by.
 * Classes come from cbp_class_of(), so whatever decides which citations
 * join names decides here too.
 *
 * Mainline order is the position of a mainline commit in one topological
 * order of mainline (build-edges.c): sorting by it gives the order to
 * apply commits in.  Everything here reads the index only, so the front
 * program answers from it without libgit2.
 */
#ifndef CHECKBACKPORT_STORE_EDGES_H
#define CHECKBACKPORT_STORE_EDGES_H

#include "store.h"

/* The queries' prepared statements, for one index. */
struct cbp_edges;

/**
 * struct cbp_change - one change: every name of it, and where mainline has it
 * @cls: the names (cbp_class_of())
 * @ml: index in @cls.members of the first name mainline has, by mainline
 *	order; -1 if mainline has none
 * @pos: the mainline position of that name, 0 if none
 */
struct cbp_change {
	struct cbp_class cls;
	int ml;
	long long pos;
};

/* How a follow-up relates to what it follows up. */
enum cbp_followup_kind {
	CBP_FU_FIX,		/* Fixes: it */
	CBP_FU_REVERT,		/* reverts it */
	CBP_FU_REAPPLY,		/* reverts its revert */
	CBP_FU_PREREQ,		/* Stable-dep-of: it (a commit it needs) */
};

/**
 * struct cbp_followup - one commit that refers to a change after it
 * @kind: enum cbp_followup_kind
 * @of: index of the follow-up it follows up, -1 for the change itself
 * @depth: 1 for the change's own follow-ups, 2 for theirs, ...
 * @link: the citation that makes it one (@link.src cites @link.dst)
 * @ch: the follow-up as a change: all its names
 * @reverted: mainline reverted it and has not re-applied it
 * @reverted_by: then, the revert mainline has (its first mainline name)
 */
struct cbp_followup {
	int kind;
	int of;
	int depth;
	struct cbp_link link;
	struct cbp_change ch;
	int reverted;
	struct cbp_commit reverted_by;
};

/**
 * struct cbp_followups - every follow-up of a change, in mainline order
 * @root: the change
 * @root_reverted: mainline reverted it and has not re-applied it
 * @root_reverted_by: then, the revert (its first mainline name)
 * @f: the follow-ups, those mainline has first, in mainline order, then
 *     the others by author date
 * @nr: number of @f
 * @alloc: allocated entries
 * @truncated: more than CBP_MAX_FOLLOWUPS were found; the rest are left out
 */
struct cbp_followups {
	struct cbp_change root;
	int root_reverted;
	struct cbp_commit root_reverted_by;
	struct cbp_followup *f;
	size_t nr;
	size_t alloc;
	int truncated;
};

#define CBP_MAX_FOLLOWUPS	1000

int cbp_edges_open(struct cbp_index *idx, struct cbp_edges **out);
void cbp_edges_close(struct cbp_edges *e);

long long cbp_mainline_pos(struct cbp_edges *e, long long id);
int cbp_edges_candidates(struct cbp_edges *e, int bit, struct cbp_link **links,
			 size_t *nr);
int cbp_find_tag(struct cbp_index *idx, const char *name, long long *commit_id);
int cbp_find_branch(struct cbp_index *idx, const char *name);

int cbp_change_of(struct cbp_edges *e, long long id, struct cbp_change *ch);
void cbp_change_release(struct cbp_change *ch);
int cbp_change_in_branch(struct cbp_edges *e, const struct cbp_change *ch,
			 int bit);
int cbp_change_is_revert(struct cbp_edges *e, const struct cbp_change *ch);
int cbp_change_reverted(struct cbp_edges *e, const struct cbp_change *ch,
			struct cbp_commit *by);
int cbp_change_reverted_in(struct cbp_edges *e, const struct cbp_change *ch,
			   int bit, struct cbp_commit *by);

int cbp_followups(struct cbp_edges *e, const long long *ids, size_t n,
		  struct cbp_followups *fu);
void cbp_followups_release(struct cbp_followups *fu);
const char *cbp_followup_kind_name(int kind);
int cbp_followup_kind_of(int cite_kind, int target_is_revert);

#endif /* CHECKBACKPORT_STORE_EDGES_H */
