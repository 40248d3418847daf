// SPDX-License-Identifier: GPL-2.0
/*
 * cbp_locate_index() by libgit2, for the benchmark only: the front
 * program linked with this file instead of store-locate.c and
 * safe-directory.c (build/front-libgit2) lets libgit2 discover the
 * repository and apply its own ownership check (safe.directory), as
 * the front would if it linked libgit2.  make bench times names with it
 * beside ./checkbackport, to show what avoiding libgit2 saves.
 */
#include <limits.h>
#include <stdlib.h>

#include <git2.h>

#include "store/store.h"
#include "base/util.h"

/**
 * cbp_locate_index() - where a repository's index is, found by libgit2
 * @start: a directory in the repository, or NULL for the current one
 * @index: the index file's path (free() it), when 0 is returned
 *
 * Context: the benchmark's front program only.
 * Return: 0; 1 when no repository is found; -1 when libgit2 refuses the
 * repository (not owned by the user and not in safe.directory).
 */
int cbp_locate_index(const char *start, char **index)
{
	char common[PATH_MAX];
	git_repository *repo;
	int rc;

	*index = NULL;
	git_libgit2_init();
	rc = git_repository_open_ext(&repo, start ? start : ".", 0, NULL);
	if (rc == GIT_EOWNER)
		return cbp_error("%s", git_error_last()->message);
	if (rc < 0)
		return 1;
	if (realpath(git_repository_commondir(repo), common))
		*index = cbp_index_default_path(common);
	git_repository_free(repo);
	git_libgit2_shutdown();
	return *index ? 0 : 1;
}
