/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Finding the commit IDs that a commit message cites.
 *
 * The scanner is deliberately free of libgit2 and SQLite so that it can be
 * unit-tested and fuzzed on its own.  It never allocates and never reads
 * past the length it is given; the message need not be NUL-terminated.
 */
#ifndef CHECKBACKPORT_TRAILER_H
#define CHECKBACKPORT_TRAILER_H

#include <stddef.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* Shortest abbreviated ID accepted in a citation (git's default). */
#define CBP_HEX_MIN	7
#define CBP_HEX_MAX	40
/* Digits of a malformed (too long) ID kept in struct cbp_cite.hex. */
#define CBP_CITE_HEX_MAX	64

/*
 * Citation kinds.  The values are stored in the index (links.kind), so
 * they must never be renumbered.  Kinds below CBP_FIXES say "this commit
 * is a copy of X"; they join commits into one class of names.  The
 * scanner never reports CBP_SAME_PATCH_ID: it is no citation, but a copy
 * the builder found by its patch-id where the message cites no origin.
 * Nor CBP_SAME_CHANGE_ID: the builder links a commit whose message cites
 * no origin it has to the mainline commit with the same Gerrit Change-Id
 * (cbp_change_id()); nor CBP_SAME_AUTHOR_DATE, a cherry-pick without -x
 * whose conflicts changed the patch, found by the author, the author time
 * and the subject git kept; nor CBP_SAME_AUTHOR_NEAR, a back-patch
 * committed anew minutes after the mainline commit, by its author and
 * message (PostgreSQL's), or CBP_SAME_AUTHOR_LATER, days after it
 * (etcd's); nor CBP_SAME_PATCH_MOVED, a copy with X's lines changed
 * in files of the same names under other folders (a directory moved
 * between the branches); nor CBP_REAPPLIES, a mainline commit that
 * makes again, with the same subject and patch, the change a revert X
 * undid (PostgreSQL commits it anew): it undoes X as a revert of X would;
 * nor CBP_MERGED, a commit the merge a commit cites as its origin brought
 * in (git cherry-pick -x -m 1 of a pull request's merge copies the
 * commits of the pull request, and names only the merge).
 */
enum cbp_kind {
	CBP_CHERRY_PICK = 1,	/* (cherry picked from commit X) */
	CBP_UPSTREAM = 2,	/* commit X upstream. */
	CBP_UPSTREAM_BRACKET = 3,	/* [ Upstream commit X ] */
	CBP_UPSTREAM_LINE = 4,	/* Upstream commit X */
	CBP_BACKPORTED = 5,	/* (backported from commit X) */
	CBP_SAME_PATCH_ID = 6,	/* no citation: the same patch-id as X */
	CBP_MASTER_COMMIT = 7,	/* master commit: X (Xen's stable branches) */
	CBP_SAME_CHANGE_ID = 8,	/* no citation: Gerrit's Change-Id of X */
	CBP_SAME_AUTHOR_DATE = 9,	/* no citation: X's author, date, subject */
	/* no citation: X's author and message, authored minutes apart */
	CBP_SAME_AUTHOR_NEAR = 10,
	/* no citation: X is one of the commits the merge it cites brought in */
	CBP_MERGED = 11,
	/* no citation: X's author and message, authored up to 30 days before */
	CBP_SAME_AUTHOR_LATER = 12,
	/* no citation: X's subject and lines, changed under other folders */
	CBP_SAME_PATCH_MOVED = 13,
	CBP_FIXES = 16,		/* Fixes: X ("subject") */
	CBP_STABLE_DEP_OF = 17,	/* Stable-dep-of: X ("subject") */
	CBP_REVERTS = 18,	/* This reverts commit X. */
	CBP_REAPPLIES = 19,	/* no citation: the change revert X undid, again */
};

/**
 * struct cbp_cite - one citation found in a commit message
 * @kind: which trailer form was matched
 * @line: 1-based line number of the citation within the message
 * @hex: the cited ID as written, lower-cased, NUL-terminated; of a
 *	 malformed ID, its first CBP_CITE_HEX_MAX digits
 * @hexlen: number of hex digits cited
 * @malformed: the ID has more than CBP_HEX_MAX digits, so it is no
 *	       commit ID (reported with CBP_SCAN_MALFORMED only)
 * @quoted: start of the quoted subject of a Fixes:/Stable-dep-of: trailer,
 *	    or for "This reverts commit X" the S of a 'Revert "S"' subject
 *	    line (points into the message); else NULL
 * @quoted_len: length of @quoted in bytes
 */
struct cbp_cite {
	enum cbp_kind kind;
	unsigned int line;
	char hex[CBP_CITE_HEX_MAX + 1];
	unsigned int hexlen;
	int malformed;
	const char *quoted;
	size_t quoted_len;
};

/*
 * Called once per citation, in message order.  A non-zero return stops the
 * scan and is passed back by cbp_parse_message().
 */
typedef int (*cbp_cite_fn)(const struct cbp_cite *cite, void *data);

/* cbp_scan_message() flags. */
#define CBP_SCAN_MALFORMED	0x1	/* also IDs of more than 40 digits */

/* "I" and 40 hex digits, and the NUL. */
#define CBP_CHANGE_ID_SIZE	42

int cbp_parse_message(const char *msg, size_t len, cbp_cite_fn fn, void *data);
int cbp_change_id(const char *msg, size_t len, char *out);
int cbp_kind_is_found(int kind);
int cbp_kind_is_revert(int kind);
int cbp_scan_message(const char *msg, size_t len, unsigned int flags,
		     cbp_cite_fn fn, void *data);
size_t cbp_sanitize(const char *in, size_t len, char *out, size_t outsz);
size_t cbp_utf8_char(const char *s, size_t n);
int cbp_utf8_valid(const char *s, size_t len);
size_t cbp_subject(const char *msg, size_t len, char *out, size_t outsz);
const char *cbp_kind_name(int kind);
int cbp_kind_is_origin(int kind);
int cbp_kind_is_upstream(int kind);
/* Why cbp_version_key() gave no key: its negative results. */
enum cbp_version_error {
	CBP_VERSION_INVALID = -1,	/* not vX.Y[.Z[.W]][-rcN|-rc.N|-beta.N|-alpha.N|-pre.N] */
	CBP_VERSION_TOO_LARGE = -2,	/* the numbers do not fit the key */
};

long long cbp_version_key(const char *tag, size_t len);
long long cbp_release_key(const char *ver, size_t len);
const char *cbp_version_error(long long key);

#endif /* CHECKBACKPORT_TRAILER_H */
