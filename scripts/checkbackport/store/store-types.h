/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The types of the commit index's rows, as the store returns them and the
 * builder and the commands use them.  See store.h for the functions.
 */
#ifndef CHECKBACKPORT_STORE_TYPES_H
#define CHECKBACKPORT_STORE_TYPES_H

#include "base/trailer.h"
#include "base/trust.h"

/*
 * Bumped whenever the tables change meaning; older files are rebuilt.
 * 8: release keys with -alpha and -beta, -rc counted from 0.
 * 9: commits.ckey, the subject copies without a trailer are found by.
 * 10: links of Xen's "master commit: X" (CBP_MASTER_COMMIT).
 * 11: pids.sizes; large files diffed (copies by their text, not IDs).
 * 12: trust verdict 5, squashed (CBP_TRUST_SQUASHED).
 * 13: chids, Gerrit's Change-Ids (CBP_SAME_CHANGE_ID links).
 * 14: links of "cherry-picked from X", "from master commit X", lists of
 *     IDs and "backport of commit X" (base/trailer.c).
 * 15: links of "Backport X from #N", "Backport-of: X", "Upstream-commit: X".
 * 16: trust verdict 6, revert (CBP_TRUST_REVERT).
 * 17: commits.hkey, the index lookups by ID go through.
 * 18: pids.pid of the lines between those alike (git-change.c).
 * 19: links of mainline commits that re-apply a change its revert undid
 *     (CBP_REAPPLIES, build-reapply.c).
 * 20: links of back-patches by their author and message, authored
 *     minutes after their mainline commit (CBP_SAME_AUTHOR_NEAR).
 * 21: no CBP_REAPPLIES link from a commit the reverted one was made
 *     from (cbp_store_reapply_candidates()).
 * 22: copies without a trailer of commits on no tracked branch that a
 *     branch's commit cites (cbp_store_copy_candidates()).
 * 23: subjects ending in other pull request numbers "(#N)" are the same
 *     subject (cbp_subjects_consistent()).
 * 25: links of a commit citing a merge to the commits the merge brought
 *     in (CBP_MERGED, build-merged.c).
 * 26: no CBP_MERGED links from merges; links of back-patches by their
 *     author and message, authored days after (CBP_SAME_AUTHOR_LATER);
 *     a citation line a subject took in is no part of it; versions by
 *     the calendar (v18.09.1), milestones (8.0-m01), letter releases
 *     (1.1.1w) and pre-releases after a dot (4.0.0.rc1) are releases;
 *     branches leading to no commit are kept (meta 'unpeeled').
 * 27: links of copies with their mainline commit's subject and lines,
 *     changed under other folders (CBP_SAME_PATCH_MOVED).
 * 28: versions whose numbers dashes join (release-4-13-3) are releases;
 *     a citation between the same code changed the same way in files of
 *     other names (a file renamed or split) is adapted, not suspicious;
 *     back-patches by their author and message, trailers aside.
 */
#define CBP_SCHEMA_VERSION	28
#define CBP_MAX_BRANCHES	64

/*
 * What the index tracks, the keys of struct cbp_settings.track: each is
 * an option of `checkbackport index` and a git config key (see
 * cbp_track_info()).  The index remembers its values; see "What the
 * index tracks" in Documentation/checkbackport.rst.
 */
enum cbp_track {
	CBP_TRACK_MAINLINE,	/* the mainline branch */
	CBP_TRACK_STABLE,	/* globs of stable branches */
	CBP_TRACK_BRANCHES,	/* globs of other branches to track */
	CBP_TRACK_TAGS,		/* glob of release tags */
	CBP_TRACK_RELEASE,	/* which tags are releases, and their versions */
	CBP_TRACK_NR,
};

/**
 * struct cbp_settings - what to index, from the command line and git config
 * @index_path: SQLite file, or NULL for $GIT_COMMON_DIR/checkbackport.db
 * @mainline: the mainline branch (checkbackport.mainline, default master)
 * @stable: blank-separated globs of stable branches
 *	    (checkbackport.stable, default "linux-*.y")
 * @branches: blank-separated globs of any other branches to track
 *	      (checkbackport.branches, default none)
 * @tags: glob of release tags (checkbackport.tags, default "v*")
 * @release: release pattern (checkbackport.releasePattern, default the
 *	     kernel's: see release.h)
 * @track: the five above by enum cbp_track
 * @given: bit 1 << enum cbp_track set for each of @track given as an
 *	   option of `checkbackport index`; the others are NULL until the
 *	   index is open, then what it tracks
 * @config: the checkbackport.* git config values, NULL where unset (or
 *	    not read: the front program reads no git config)
 */
struct cbp_settings {
	const char *index_path;
	union {
		struct {
			const char *mainline;
			const char *stable;
			const char *branches;
			const char *tags;
			const char *release;
		};
		const char *track[CBP_TRACK_NR];
	};
	unsigned int given;
	const char *config[CBP_TRACK_NR];
};

/**
 * struct cbp_track_info - one key of what the index tracks
 * @option: the option of `checkbackport index`, e.g. "--stable"
 * @config: the git config key, e.g. "checkbackport.stable"
 * @meta: the name it is remembered under in the index's meta table
 * @def: its value when neither says otherwise
 * @what: what it is, for messages
 */
struct cbp_track_info {
	const char *option;
	const char *config;
	const char *meta;
	const char *def;
	const char *what;
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
 * @mlpos: its place in mainline order (morder.pos), 0 if none
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
	long long mlpos;
};

/**
 * struct cbp_link - one citation between two index rows
 * @src: id of the citing commit
 * @dst: id of the cited row
 * @kind: enum cbp_kind
 * @cited: the ID as written in the message
 * @quoted: the quoted subject of a Fixes:/Stable-dep-of: trailer, or ""
 * @trust: enum cbp_trust: CBP_TRUST_UNJUDGED unless it is an origin
 *	   citation between two commits of the repository
 */
struct cbp_link {
	long long src;
	long long dst;
	int kind;
	char cited[CBP_HEX_MAX + 1];
	char quoted[256];
	int trust;
};

/**
 * struct cbp_member - one name of a change
 * @c: the commit row
 * @parent: index in cbp_class.members of the member it was reached from
 *	    in the spanning tree, -1 for the root
 * @link: the citation joining it to @parent (src is the citing side)
 * @group: members joined by consistent links (or links to cited-only
 *	   rows) share a group; only an adapted link joins two groups.  A
 *	   member of another group than a given one is the same change
 *	   only as an adapted backport.
 */
struct cbp_member {
	struct cbp_commit c;
	int parent;
	struct cbp_link link;
	int group;
};

/**
 * struct cbp_class - every name of one change
 * @members: the names; members[0] is the root of the spanning tree
 * @nr: number of members
 * @alloc: allocated entries
 * @cut: the suspicious links of the members, to or from them, which
 *	 were not followed
 * @nr_cut: number of @cut
 * @alloc_cut: allocated entries of @cut
 */
struct cbp_class {
	struct cbp_member *members;
	size_t nr;
	size_t alloc;
	struct cbp_link *cut;
	size_t nr_cut;
	size_t alloc_cut;
};

/**
 * struct cbp_trust_info - why a link got its verdict
 * @verdict: enum cbp_trust
 * @sfiles: files the citing commit touches, -1 if not compared
 * @dfiles: files the cited commit touches, -1 if not compared
 * @common: files both touch, -1 if not compared; adapted with @dpath set
 *	    (a directory moved), the files changed alike under other folders
 * @spath: a file both touch (adapted), or one the citing commit touches
 *	   (suspicious, or adapted across a move); "" if none
 * @dpath: one the cited commit touches (suspicious), or @spath's
 *	   namesake there (adapted across a move); "" if none
 * @no_trailer: no citation: the builder linked a copy by its patch-id
 *		(CBP_SAME_PATCH_ID)
 */
struct cbp_trust_info {
	int verdict;
	int no_trailer;
	long long sfiles;
	long long dfiles;
	long long common;
	char spath[256];
	char dpath[256];
};

/**
 * struct cbp_malformed - a citation that names no commit, and why
 * @src: row of the citing commit
 * @kind: enum cbp_kind
 * @line: its line in the message, 0 if not recorded
 * @cited: the ID as written (its first CBP_CITE_HEX_MAX digits)
 * @digits: how many digits it has: more than 40 is never a commit ID
 * @quoted: the quoted subject of a Fixes:/Stable-dep-of: trailer, or ""
 * @suggest: the one commit with a consistent subject that @cited is one
 *	     typo away from; @suggest.id is 0 if there is none
 * @suggest_digits: how many digits of @suggest.hex to write instead
 */
struct cbp_malformed {
	long long src;
	int kind;
	unsigned int line;
	char cited[CBP_CITE_HEX_MAX + 1];
	unsigned int digits;
	char quoted[256];
	struct cbp_commit suggest;
	unsigned int suggest_digits;
};

#endif /* CHECKBACKPORT_STORE_TYPES_H */
