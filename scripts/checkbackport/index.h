/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The persistent commit index and the queries built on it.
 *
 * The index is a SQLite file (by default $GIT_DIR/checkbackport.db) that
 * records, for every commit reachable from the repository's refs, its
 * subject, author date, parents, the IDs its message cites, the first
 * release tag that contains it and which configured branches contain it.
 * The schema is described in Documentation/checkbackport.rst and in
 * index.c; it is versioned with PRAGMA user_version.
 *
 * Everything a subcommand needs goes through this header: resolving a
 * user-supplied name, reading one commit, following citations and
 * computing a class of names.  Functions return 0 (or a count) on
 * success and a negative value after recording a message with
 * cbp_error().
 */
#ifndef CHECKBACKPORT_INDEX_H
#define CHECKBACKPORT_INDEX_H

#include <git2.h>

#include "trailer.h"

/* Bumped whenever the tables change meaning; older files are rebuilt. */
#define CBP_SCHEMA_VERSION	3
#define CBP_MAX_BRANCHES	64

/**
 * struct cbp_settings - what to index, from git config and the command line
 * @index_path: SQLite file, or NULL for $GIT_DIR/checkbackport.db
 * @mainline: the mainline branch (checkbackport.mainline, default master)
 * @stable: blank-separated globs of stable branches
 *	    (checkbackport.stable, default "linux-*.y")
 * @branches: blank-separated globs of any other branches to track
 *	      (checkbackport.branches, default none)
 * @tags: glob of release tags (checkbackport.tags, default "v*")
 */
struct cbp_settings {
	const char *index_path;
	const char *mainline;
	const char *stable;
	const char *branches;
	const char *tags;
};

/* What a commits row stands for. */
enum cbp_state {
	CBP_MISSING = 0,	/* cited, not in the repository */
	CBP_PRESENT = 1,	/* a commit reachable from the refs */
	CBP_AMBIGUOUS = 2,	/* cited by a short ID matching several */
};

/* Branch roles, in the order they are reported. */
enum cbp_role {
	CBP_ROLE_MAINLINE = 0,
	CBP_ROLE_STABLE = 1,
	CBP_ROLE_OTHER = 2,
};

/**
 * struct cbp_branch - one tracked branch
 * @name: short ref name, e.g. "master" or "origin/linux-6.12.y"
 * @role: enum cbp_role
 * @base: version key of the newest mainline release the branch contains
 *	  whole (its commits are not marked one by one), or -1
 */
struct cbp_branch {
	char *name;
	int role;
	long long base;
};

/**
 * struct cbp_commit - one row of the index, joined with its release
 * @id: row id (stable for the life of the index)
 * @hex: the full ID, or the ID as cited for missing/ambiguous rows
 * @state: enum cbp_state
 * @subject: sanitized subject, "" if none or not present
 * @atime: author time (seconds since the epoch), 0 if not present
 * @release: first release tag that contains it, "" if none
 * @release_key: cbp_version_key() of @release, -1 if none
 * @branches: bit n set if branch n (see cbp_index_branch()) contains it
 */
struct cbp_commit {
	long long id;
	char hex[CBP_HEX_MAX + 1];
	int state;
	char subject[512];
	long long atime;
	char release[128];
	long long release_key;
	unsigned long long branches;
};

/**
 * struct cbp_link - one citation between two index rows
 * @src: id of the citing commit
 * @dst: id of the cited row
 * @kind: enum cbp_kind
 * @cited: the ID as written in the message
 * @quoted: the quoted subject of a Fixes:/Stable-dep-of: trailer, or ""
 */
struct cbp_link {
	long long src;
	long long dst;
	int kind;
	char cited[CBP_HEX_MAX + 1];
	char quoted[256];
};

/**
 * struct cbp_member - one name of a change
 * @c: the commit row
 * @parent: index in cbp_class.members of the member it was reached from
 *	    in the spanning tree, -1 for the root
 * @link: the citation joining it to @parent (src is the citing side)
 */
struct cbp_member {
	struct cbp_commit c;
	int parent;
	struct cbp_link link;
};

/**
 * struct cbp_class - every name of one change
 * @members: the names; members[0] is the root of the spanning tree
 * @nr: number of members
 * @alloc: allocated entries
 */
struct cbp_class {
	struct cbp_member *members;
	size_t nr;
	size_t alloc;
};

/**
 * struct cbp_update_stats - what cbp_index_update() did
 * @read: commits read from the repository in this run
 * @total: present commits in the index afterwards
 * @links: citations recorded in this run
 * @tags: release tags known afterwards
 * @rebuilt: 1 if the index was (re)built from scratch
 * @seconds: wall time
 */
struct cbp_update_stats {
	long long read;
	long long total;
	long long links;
	long long tags;
	int rebuilt;
	double seconds;
};

struct cbp_index;

/* Flags for cbp_index_open(). */
#define CBP_OPEN_UPDATE		0x1	/* bring the index up to date */
#define CBP_OPEN_REBUILD	0x2	/* discard it and build afresh */

int cbp_index_open(struct cbp_index **out, git_repository *repo,
		   const struct cbp_settings *set, unsigned int flags,
		   struct cbp_update_stats *stats);
int cbp_index_open_existing(struct cbp_index **out, const char *path);
void cbp_index_set_repo_loader(struct cbp_index *idx,
			       git_repository *(*load)(void *data), void *data);
void cbp_index_close(struct cbp_index *idx);
const char *cbp_index_path(const struct cbp_index *idx);

int cbp_index_nr_branches(const struct cbp_index *idx);
const struct cbp_branch *cbp_index_branch(const struct cbp_index *idx,
					  int bit);
int cbp_index_mainline_bit(const struct cbp_index *idx);

/* Results of cbp_resolve() other than success (0) and error (-1). */
#define CBP_NOT_FOUND		1
#define CBP_IS_AMBIGUOUS	2

int cbp_resolve(struct cbp_index *idx, const char *name, long long *id,
		struct cbp_commit **cands, size_t *nr_cands);
int cbp_commit_get(struct cbp_index *idx, long long id, struct cbp_commit *c);
int cbp_links(struct cbp_index *idx, long long id, int outgoing,
	      int origin_only, struct cbp_link **links, size_t *nr);
int cbp_class_of(struct cbp_index *idx, long long id, struct cbp_class *cls);
void cbp_class_release(struct cbp_class *cls);
int cbp_class_contains(const struct cbp_class *cls, long long id);
int cbp_same_subject(struct cbp_index *idx, const char *subject,
		     long long **ids, size_t *nr);
int cbp_release_before(const struct cbp_commit *a, const struct cbp_commit *b);
git_repository *cbp_index_repo(struct cbp_index *idx);

#endif /* CHECKBACKPORT_INDEX_H */
