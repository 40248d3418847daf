// SPDX-License-Identifier: GPL-2.0
/*
 * The commits of a revision range, as git rev-list lists them, for the
 * commands that look at part of the history (lint), and those a merge
 * brought in, for the builder (build-merged.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "git-priv.h"

/* Push @rev (a commit, tag, branch ...) onto @walk, or hide it. */
static int push_rev(struct cbp_repo *repo, git_revwalk *walk,
		    const char *rev, size_t len, int hide)
{
	struct cbp_oid oid;
	char *name = cbp_strndup(rev, len);
	int rc = cbp_git_resolve(repo, name[0] ? name : "HEAD", &oid);

	free(name);
	if (rc)
		return -1;
	rc = hide ? git_revwalk_hide(walk, to_git(&oid)) :
		    git_revwalk_push(walk, to_git(&oid));
	return rc < 0 ? cbp_error_git("cannot walk the history") : 0;
}

/*
 * Take the commits @walk lists into @oids (@nr of them), and free @walk.
 * Return: 0, 1 with no @oids when there are more than @max, or -1 with
 * the error recorded.
 */
static int take_walk(git_revwalk *walk, size_t max, struct cbp_oid **oids,
		     size_t *nr)
{
	size_t alloc = 0;
	git_oid oid;
	int rc;

	*oids = NULL;
	*nr = 0;
	while (!(rc = git_revwalk_next(&oid, walk))) {
		if (*nr == max) {
			rc = 1;
			break;
		}
		*oids = cbp_grow(*oids, sizeof(**oids), *nr + 1, &alloc);
		(*oids)[(*nr)++] = *from_git(&oid);
	}
	git_revwalk_free(walk);
	if (rc == GIT_ITEROVER) {
		git_error_clear();
		return 0;
	}
	free(*oids);
	*oids = NULL;
	*nr = 0;
	return rc == 1 ? 1 : cbp_error_git("cannot walk the history");
}

/**
 * cbp_git_rev_list() - the commits of a revision range
 * @repo: the repository
 * @range: "A..B" (the commits B has and A has not; an empty side is
 *	   HEAD) or one revision (every commit it contains)
 * @oids: the commits (free() them)
 * @nr: number of @oids
 *
 * Return: 0, or -1 with the error recorded (an unknown revision, or
 * "A...B", which is not supported).
 */
int cbp_git_rev_list(struct cbp_repo *repo, const char *range,
		     struct cbp_oid **oids, size_t *nr)
{
	const char *dots = strstr(range, "..");
	git_revwalk *walk;
	int rc;

	*oids = NULL;
	*nr = 0;
	if (dots && dots[2] == '.')
		return cbp_error("'%s': symmetric ranges (A...B) are not supported; use A..B",
				 range);
	if (git_revwalk_new(&walk, repo->git) < 0)
		return cbp_error_git("cannot walk the history");
	if (dots)
		rc = push_rev(repo, walk, range, dots - range, 1) ||
		     push_rev(repo, walk, dots + 2, strlen(dots + 2), 0);
	else
		rc = push_rev(repo, walk, range, strlen(range), 0);
	if (rc) {
		git_revwalk_free(walk);
		return -1;
	}
	return take_walk(walk, SIZE_MAX, oids, nr);
}

/**
 * cbp_git_merged_by() - the commits a merge brought in
 * @repo: the repository
 * @merge: a merge
 * @max: the most commits wanted
 * @oids: the commits its other parents have and its first lacks, as
 *	  "git rev-list M^1..M" lists them without M (free() them)
 * @nr: number of @oids
 *
 * A merge of a release branch back into mainline brings in thousands:
 * the walk stops at @max + 1 and says so.
 *
 * Return: 0 (none for a commit of one parent), 1 with no @oids if the
 * merge brought in more than @max commits, or -1 with the error
 * recorded.
 */
int cbp_git_merged_by(struct cbp_repo *repo, const struct cbp_oid *merge,
		      size_t max, struct cbp_oid **oids, size_t *nr)
{
	git_revwalk *walk = NULL;
	git_commit *m = NULL;
	unsigned int i, np;
	int rc;

	*oids = NULL;
	*nr = 0;
	if (git_commit_lookup(&m, repo->git, to_git(merge)) < 0)
		return cbp_error_git("cannot read a merge");
	np = git_commit_parentcount(m);
	if (np < 2) {
		git_commit_free(m);
		return 0;
	}
	rc = git_revwalk_new(&walk, repo->git);
	for (i = 0; rc >= 0 && i < np; i++)
		rc = i ? git_revwalk_push(walk, git_commit_parent_id(m, i)) :
			 git_revwalk_hide(walk, git_commit_parent_id(m, 0));
	git_commit_free(m);
	if (rc < 0) {
		git_revwalk_free(walk);
		return cbp_error_git("cannot walk the history");
	}
	return take_walk(walk, max, oids, nr);
}
