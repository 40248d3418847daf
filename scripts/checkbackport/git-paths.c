// SPDX-License-Identifier: GPL-2.0
/*
 * The paths a commit touches, asked of libgit2 for one commit at a time:
 * `missing -- PATHSPEC` keeps the commits that touch the paths given.
 * The index does not store paths: diffing every commit would cost a
 * cold build more than reading every message, and a query needs only
 * the commits it found (see "Benchmark" in Documentation/checkbackport.rst).
 *
 * A pathspec that is a path (a file or a directory, the usual
 * "drivers/gpu/drm") is answered by looking it up in the commit's tree
 * and its parent's: it is touched if what is there differs, which reads
 * a few tree objects.  Only a pathspec with wildcards takes a diff.
 */
#include <stdlib.h>
#include <string.h>

#include "git-priv.h"

/* Does the entry at @path differ between @a and @b (either may be NULL)? */
static int path_differs(git_tree *a, git_tree *b, const char *path)
{
	git_tree_entry *ea = NULL, *eb = NULL;
	int ret;

	if (!*path || !strcmp(path, "."))
		return !a || !b || !git_oid_equal(git_tree_id(a), git_tree_id(b));
	if (a && git_tree_entry_bypath(&ea, a, path))
		ea = NULL;
	if (b && git_tree_entry_bypath(&eb, b, path))
		eb = NULL;
	ret = !ea != !eb || (ea && (!git_oid_equal(git_tree_entry_id(ea),
						    git_tree_entry_id(eb)) ||
				    git_tree_entry_filemode(ea) !=
				    git_tree_entry_filemode(eb)));
	git_tree_entry_free(ea);
	git_tree_entry_free(eb);
	git_error_clear();
	return ret;
}

/* Do @t and @pt differ under one of the wildcard pathspecs? */
static int glob_differs(struct cbp_repo *repo, git_tree *pt, git_tree *t,
			char **globs, size_t nr)
{
	git_diff_options opts;
	git_diff *diff = NULL;
	int ret;

	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.pathspec.strings = globs;
	opts.pathspec.count = nr;
	if (git_diff_tree_to_tree(&diff, repo->git, pt, t, &opts))
		return cbp_error_git("diff");
	ret = git_diff_num_deltas(diff) > 0;
	git_diff_free(diff);
	return ret;
}

/**
 * cbp_git_touches() - whether a commit changes a path matching a pathspec
 * @repo: the repository
 * @hex: the commit's full ID
 * @paths: git pathspecs ("drivers/gpu/drm", "include/", "*.h", ...)
 * @nr: number of @paths
 *
 * The commit is compared with its first parent (a root commit with the
 * empty tree), as `git log -- PATHSPEC` does for a commit that is not a
 * merge.
 *
 * Return: 1 if it does, 0 if not, -1 with libgit2's message recorded.
 */
int cbp_git_touches(struct cbp_repo *repo, const char *hex,
		    char *const *paths, size_t nr)
{
	git_commit *c = NULL, *parent = NULL;
	git_tree *t = NULL, *pt = NULL;
	char **globs = cbp_calloc(nr ? nr : 1, sizeof(*globs));
	size_t i, nr_globs = 0;
	git_oid oid;
	int ret = -1;

	if (git_oid_fromstr(&oid, hex) || git_commit_lookup(&c, repo->git, &oid) ||
	    git_commit_tree(&t, c) ||
	    (git_commit_parentcount(c) &&
	     (git_commit_parent(&parent, c, 0) || git_commit_tree(&pt, parent)))) {
		cbp_error_git(hex);
		goto out;
	}
	ret = 0;
	for (i = 0; i < nr && !ret; i++) {
		char *p = cbp_strdup(paths[i]);
		size_t len = strlen(p);

		if (strpbrk(p, "*?[\\\\")) {
			globs[nr_globs++] = p;
			continue;
		}
		while (len && p[len - 1] == '/')
			p[--len] = '\0';
		ret = path_differs(t, pt, p);
		free(p);
	}
	if (!ret && nr_globs)
		ret = glob_differs(repo, pt, t, globs, nr_globs);
out:
	for (i = 0; i < nr_globs; i++)
		free(globs[i]);
	free(globs);
	git_tree_free(pt);
	git_tree_free(t);
	git_commit_free(parent);
	git_commit_free(c);
	return ret;
}
