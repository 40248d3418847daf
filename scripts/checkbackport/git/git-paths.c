// SPDX-License-Identifier: GPL-2.0
/*
 * The paths a commit touches, asked of libgit2 for one commit at a time:
 * `missing -- PATHSPEC` keeps the commits that touch the paths given.
 * The index does not store paths: diffing every commit would cost a
 * cold build more than reading every message, and a query needs only
 * the commits it found (see "Benchmark" in Documentation/checkbackport.rst).
 *
 * The pathspecs are git's: relative to the current directory, with the
 * magic git has for them (":/" and ":(top)", ":!" and ":(exclude)",
 * ":(icase)", ":(literal)", ":(glob)"); one git would refuse (unknown
 * magic, a path outside the worktree) is an error.  A pathspec that is a
 * path (a file or a directory, the usual "drivers/gpu/drm") is answered
 * by looking it up in the commit's tree and its parent's: it is touched
 * if what is there differs, which reads a few tree objects.  Only magic
 * or wildcards take a diff.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/**
 * struct spec - one pathspec, as git reads it
 * @path: relative to the top of the worktree, "" for all of it
 * @exclude: ":!" / ":^" / ":(exclude)": what it matches is left out
 * @icase: ":(icase)": case does not matter
 * @glob: it has wildcards (and is not ":(literal)")
 */
struct spec {
	char *path;
	int exclude;
	int icase;
	int glob;
};

/*
 * @rel (a path relative to the worktree's top, maybe with "." and "..")
 * made plain; NULL if it leaves the worktree.
 */
static char *normalize(const char *rel)
{
	char *in = cbp_strdup(rel), *out = cbp_calloc(strlen(rel) + 1, 1);
	char *w, *save = NULL;
	size_t n = 0;

	for (w = strtok_r(in, "/", &save); w; w = strtok_r(NULL, "/", &save)) {
		if (!strcmp(w, "."))
			continue;
		if (!strcmp(w, "..")) {
			char *slash;

			if (!n) {
				free(in);
				free(out);
				return NULL;
			}
			slash = strrchr(out, '/');
			n = slash ? (size_t)(slash - out) : 0;
			out[n] = '\0';
			continue;
		}
		n += sprintf(out + n, "%s%s", n ? "/" : "", w);
	}
	free(in);
	return out;
}

/* Where the current directory is in the worktree: "" at its top, or NULL. */
static char *cwd_prefix(struct cbp_repo *repo)
{
	const char *wd = git_repository_workdir(repo->git);
	char *top, *cwd, *prefix = NULL;
	size_t n;

	if (!wd)
		return NULL;
	top = realpath(wd, NULL);
	cwd = realpath(".", NULL);
	if (top && cwd) {
		n = strlen(top);
		while (n > 1 && top[n - 1] == '/')
			top[--n] = '\0';
		if (!strcmp(cwd, top))
			prefix = cbp_strdup("");
		else if (!strncmp(cwd, top, n) && cwd[n] == '/')
			prefix = cbp_strdup(cwd + n + 1);
	}
	free(top);
	free(cwd);
	return prefix;
}

/*
 * Read @arg as git reads a pathspec: magic (":(top,icase,exclude,
 * literal,glob)", or the short ":/", ":!", ":^"), then a path relative
 * to the current directory (@prefix in the worktree) unless ":(top)".
 */
static int parse_spec(struct cbp_repo *repo, const char *arg,
		      const char *prefix, struct spec *sp)
{
	const char *p = arg, *wd = git_repository_workdir(repo->git);
	int top = 0, literal = 0;
	char *joined;

	memset(sp, 0, sizeof(*sp));
	if (*p == ':' && p[1] == '(') {
		const char *end = strchr(p, ')');

		if (!end)
			return cbp_error("pathspec '%s': no ')' after its magic",
					 arg);
		for (p += 2; p < end; ) {
			size_t n = strcspn(p, ",)");

			if (n == 3 && !strncmp(p, "top", 3))
				top = 1;
			else if (n == 5 && !strncmp(p, "icase", 5))
				sp->icase = 1;
			else if (n == 7 && !strncmp(p, "exclude", 7))
				sp->exclude = 1;
			else if (n == 7 && !strncmp(p, "literal", 7))
				literal = 1;
			else if (!(n == 4 && !strncmp(p, "glob", 4)))
				return cbp_error("pathspec '%s': magic '%.*s' %s",
						 arg, (int)n, p,
						 "is not known here (top, icase, exclude, literal and glob are)");
			p += n + (p[n] == ',');
		}
		p = end + 1;
	} else if (*p == ':') {
		/* Magic signs up to ':' or the first character of a path. */
		for (p++; *p && *p != ':' && !isalnum((unsigned char)*p) &&
		     !strchr("._-*?[", *p); p++) {
			if (*p == '/')
				top = 1;
			else if (*p == '!' || *p == '^')
				sp->exclude = 1;
			else
				return cbp_error("pathspec '%s': magic '%c' is not known here",
						 arg, *p);
		}
		if (*p == ':')
			p++;
	}
	if (*p == '/' && !top) {
		size_t n = wd ? strlen(wd) : 0;

		while (n > 1 && wd[n - 1] == '/')
			n--;
		if (!wd || strncmp(p, wd, n) || (p[n] && p[n] != '/'))
			return cbp_error("pathspec '%s' is outside the repository at '%s'",
					 arg, wd ? wd : "(bare)");
		p += n;
		top = 1;
	}
	joined = top || !prefix || !*prefix ? cbp_strdup(p) :
		 cbp_strf("%s/%s", prefix, p);
	sp->path = normalize(joined);
	free(joined);
	if (!sp->path)
		return cbp_error("pathspec '%s' is outside the repository", arg);
	sp->glob = !literal && strpbrk(sp->path, "*?[\\");
	return 0;
}

static int spec_matches(const struct spec *sp, const char *path)
{
	size_t n = strlen(sp->path);

	if (!n)
		return 1;
	if (sp->glob)
		return !fnmatch(sp->path, path, sp->icase ? FNM_CASEFOLD : 0) ||
		       (!fnmatch(sp->path, path, FNM_LEADING_DIR |
				 (sp->icase ? FNM_CASEFOLD : 0)));
	if (sp->icase ? strncasecmp(path, sp->path, n) : strncmp(path, sp->path, n))
		return 0;
	return !path[n] || path[n] == '/';
}

/* Whether @path is one the pathspecs select. */
static int selected(const struct spec *sp, size_t nr, const char *path)
{
	size_t i;
	int pos = 0, any_pos = 0;

	for (i = 0; i < nr; i++) {
		if (sp[i].exclude) {
			if (spec_matches(&sp[i], path))
				return 0;
			continue;
		}
		any_pos = 1;
		pos |= spec_matches(&sp[i], path);
	}
	return pos || !any_pos;
}

/* Does a path the pathspecs select differ between @pt and @t? */
static int spec_differs(struct cbp_repo *repo, git_tree *pt, git_tree *t,
			const struct spec *sp, size_t nr)
{
	git_diff_options opts;
	git_diff *diff = NULL;
	size_t i, nd;
	int ret = 0;

	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	if (git_diff_tree_to_tree(&diff, repo->git, pt, t, &opts))
		return cbp_error_git("diff");
	nd = git_diff_num_deltas(diff);
	for (i = 0; i < nd && !ret; i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		ret = (d->old_file.path && selected(sp, nr, d->old_file.path)) ||
		      (d->new_file.path && selected(sp, nr, d->new_file.path));
	}
	git_diff_free(diff);
	return ret;
}

static void specs_free(struct spec *sp, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(sp[i].path);
	free(sp);
}

/**
 * cbp_git_touches() - whether a commit changes a path matching a pathspec
 * @repo: the repository
 * @hex: the commit's full ID, or NULL only to check the pathspecs
 * @paths: git pathspecs ("drivers/gpu/drm", "*.h", ":!Documentation",
 *	   ":(top,icase)include", ...), relative to the current directory
 *	   when it is in the worktree, as git takes them
 * @nr: number of @paths
 *
 * The commit is compared with its first parent (a root commit with the
 * empty tree), as `git log -- PATHSPEC` does for a commit that is not a
 * merge.  Pathspecs that are plain paths are answered by looking them up
 * in both trees; any magic or wildcard takes a diff of the two.
 *
 * Return: 1 if it does, 0 if not (with @hex NULL: the pathspecs are
 * good), -1 with the message recorded (a pathspec git would refuse:
 * unknown magic, a path outside the worktree; or libgit2's error).
 */
int cbp_git_touches(struct cbp_repo *repo, const char *hex,
		    char *const *paths, size_t nr)
{
	git_commit *c = NULL, *parent = NULL;
	git_tree *t = NULL, *pt = NULL;
	struct spec *sp = cbp_calloc(nr ? nr : 1, sizeof(*sp));
	char *prefix = cwd_prefix(repo);
	size_t i, plain = 0;
	git_oid oid;
	int ret = -1;

	for (i = 0; i < nr; i++) {
		if (parse_spec(repo, paths[i], prefix, &sp[i])) {
			specs_free(sp, i);
			free(prefix);
			return -1;
		}
		plain += !sp[i].exclude && !sp[i].icase && !sp[i].glob;
	}
	free(prefix);
	if (!hex) {
		specs_free(sp, nr);
		return 0;
	}
	if (git_oid_fromstr(&oid, hex) || git_commit_lookup(&c, repo->git, &oid) ||
	    git_commit_tree(&t, c) ||
	    (git_commit_parentcount(c) &&
	     (git_commit_parent(&parent, c, 0) || git_commit_tree(&pt, parent)))) {
		cbp_error_git(hex);
		goto out;
	}
	ret = 0;
	if (plain == nr) {
		for (i = 0; i < nr && !ret; i++)
			ret = path_differs(t, pt, sp[i].path);
	} else {
		ret = spec_differs(repo, pt, t, sp, nr);
	}
out:
	specs_free(sp, nr);
	git_tree_free(pt);
	git_tree_free(t);
	git_commit_free(parent);
	git_commit_free(c);
	return ret;
}
