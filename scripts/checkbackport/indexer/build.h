/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Building and updating the commit index (build*.c): the only writer of
 * the store.
 */
#ifndef CHECKBACKPORT_BUILD_H
#define CHECKBACKPORT_BUILD_H

#include "store/store.h"

struct cbp_repo;

/*
 * The most commits a merge cited as a commit's origin may bring in to be
 * taken for a pull request, whose commits the citing one copies
 * (build-merged.c).
 */
#define CBP_MERGED_MAX	100

/**
 * struct cbp_update_stats - what cbp_index_open() did
 * @read: commits read from the repository in this run
 * @total: present commits in the index afterwards
 * @links: citations recorded in this run
 * @tags: release tags known afterwards
 * @malformed: citations of IDs too long to be commits, found in this run
 * @adapted: citations between commits judged adapted in this run
 * @suspicious: citations between commits judged suspicious in this run
 * @merged: links made in this run from a commit citing a merge to the
 *	    commits the merge brought in (build-merged.c)
 * @merged_unread: citations of merges whose commits could not be listed
 *		   (a shallow clone), looked at in this run
 * @merged_too_many: citations of merges that brought in too many commits
 *		     to be a pull request, looked at in this run: nothing is
 *		     joined through them
 * @rebuilt: 1 if the index was (re)built from scratch
 * @seconds: wall time
 * @ignored: tags matching the release glob that are not releases, each
 *	     listed once, in ref order; free with cbp_update_stats_release()
 * @nr_ignored: number of @ignored
 * @outside: tags the release pattern reads as releases but the tags glob
 *	     leaves out (not read: a pattern and a glob that disagree)
 * @outside_example: the first of them; freed with the rest
 * @other: tags the tags glob leaves out that the release pattern does not
 *	   read either (FRR's frr-10.4.1 against v* and the kernel's pattern)
 * @other_example: the first of them; freed with the rest
 * @unpeeled: the warnings, one a line, of the branches the settings
 *	      would track that lead to a tree or a blob, or NULL
 */
struct cbp_update_stats {
	long long read;
	long long total;
	long long links;
	long long tags;
	long long malformed;
	long long adapted;
	long long suspicious;
	long long merged;
	long long merged_unread;
	long long merged_too_many;
	int rebuilt;
	double seconds;
	struct cbp_ignored_tag *ignored;
	size_t nr_ignored;
	long long outside;
	char *outside_example;
	long long other;
	char *other_example;
	char *unpeeled;
};

/**
 * struct cbp_ignored_tag - a tag that looks like a release and is not one
 * @name: its short name ("v2.6.11-tree")
 * @why: why it is not used as a release
 */
struct cbp_ignored_tag {
	char *name;
	const char *why;
};

/* Flags for cbp_index_open(). */
#define CBP_OPEN_UPDATE		0x1	/* bring the index up to date */
#define CBP_OPEN_REBUILD	0x2	/* discard it and build afresh */
#define CBP_OPEN_IF_MOVED	0x4	/* update it if the refs moved */

int cbp_index_open(struct cbp_index **out, struct cbp_repo *repo,
		   const struct cbp_settings *set, unsigned int flags,
		   struct cbp_update_stats *stats);
void cbp_update_stats_release(struct cbp_update_stats *stats);

#endif /* CHECKBACKPORT_BUILD_H */
