/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Link trust: how far a citation that joins two commits into one change
 * can be believed, and the rules it is judged by.
 *
 * A citation ("commit X upstream", "(cherry picked from commit X)", ...)
 * between two commits of the repository is
 *
 *   consistent   when both have the same subject once normalised
 *                (cbp_subject_norm()), or the same `git patch-id --stable`;
 *   adapted      when neither, but they touch at least one file in common
 *                (a partial, reworded or conflict-resolved backport), or
 *                make the same changes under other paths (a directory
 *                moved between the branches);
 *   suspicious   when neither, they touch no file in common and change
 *                other lines: most likely a trailer naming the wrong
 *                commit;
 *   squashed     when adapted, but the cited commit fixes or reverts
 *                another that the citing commit cites too (a squash of a
 *                change and its fix): the squash carries the fix, but is
 *                no copy of it, and the fix and what it fixes are not one
 *                change;
 *   revert       whatever the files, when the citing commit reverts the
 *                cited one or a commit that cites it or that it cites
 *                (SDL's 'Revert "S"', "This reverts commit Y", "(Was
 *                cherry picked from commit X)" with Y a pick of X): the
 *                citation says what the revert undoes, and a revert is
 *                no copy of what it undoes.
 *
 * Classes of names follow consistent and adapted links and never a
 * suspicious, squashed or revert one.  This file holds the rules that need no library (the
 * subject normalisation, the verdict names, the near-miss test on cited
 * IDs), so they can be unit-tested on their own; the builder computes
 * the patch-ids and file sets (build-trust.c) and stores the verdicts.
 */
#ifndef CHECKBACKPORT_TRUST_H
#define CHECKBACKPORT_TRUST_H

#include <stddef.h>

/*
 * Verdicts.  The values are stored in the index (trust.verdict), so they
 * must never be renumbered.  A link between two commits with the same
 * normalised subject has no trust row: it is CBP_TRUST_SAME_SUBJECT.
 */
enum cbp_trust {
	CBP_TRUST_UNJUDGED = 0,		/* an end is not a commit here */
	CBP_TRUST_SAME_SUBJECT = 1,	/* consistent: same subject */
	CBP_TRUST_SAME_PATCH = 2,	/* consistent: same patch-id */
	CBP_TRUST_ADAPTED = 3,		/* a file in common */
	CBP_TRUST_SUSPICIOUS = 4,	/* no file in common */
	CBP_TRUST_SQUASHED = 5,		/* adapted, a fix of another it cites */
	CBP_TRUST_REVERT = 6,		/* the citing commit reverts it */
	CBP_TRUST_NR
};

/* Longest subject compared; longer ones are compared on this much. */
#define CBP_SUBJECT_MAX		512

/* cbp_subject_norm() flags. */
#define CBP_NORM_FOLD		0x1	/* fold ASCII letters to lower case */
#define CBP_NORM_COPY		0x2	/* also drop "[...]" and "(#N)" anywhere */
#define CBP_NORM_PR		0x4	/* also drop "(#N)" groups ending it */

size_t cbp_subject_norm(const char *in, char *out, size_t outsz,
			unsigned int flags);
int cbp_subjects_consistent(const char *a, const char *b);
const char *cbp_trust_name(int verdict);
int cbp_trust_followed(int verdict);
size_t cbp_hex_near(const char *cited, size_t len, const char *full);

#endif /* CHECKBACKPORT_TRUST_H */
