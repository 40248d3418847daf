// SPDX-License-Identifier: GPL-2.0
/*
 * Finding a repository's index without libgit2, as the front program
 * must: the git directory is found the way git finds it, from the
 * directory given upwards, git's ownership rule (safe.directory) is
 * applied to it, and the index is in its common directory.  What git
 * would refuse (a .git file or commondir it cannot read, a repository
 * of someone else) is refused here, never taken for something further up.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/safe-directory.h"
#include "store.h"
#include "base/util.h"

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/*
 * The first line of file @dir/@name, without its line end, into @buf.
 * Returns 0; 1 if there is no such file; -1 if it cannot be read or its
 * first line is empty (the path is recorded as the error).
 */
static int read_line(const char *dir, const char *name, char *buf,
		     size_t size)
{
	char path[PATH_MAX];
	struct stat st;
	FILE *f;
	int ok;

	buf[0] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path))
		return cbp_error("path too long: %s/%s", dir, name);
	if (stat(path, &st))
		return errno == ENOENT || errno == ENOTDIR ? 1 :
		       cbp_error("cannot read %s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return 1;
	f = fopen(path, "r");
	if (!f)
		return cbp_error("cannot read %s: %s", path, strerror(errno));
	ok = !!fgets(buf, (int)size, f);
	fclose(f);
	if (!ok)
		buf[0] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	if (!buf[0])
		return cbp_error("%s", path);
	return 0;
}

/*
 * The git directory of @dir's .git file into @gitdir (physical path),
 * and the file's path into @gitfile.  0; 1 if there is no .git file;
 * -1 with the error recorded if it is not one git would read.
 */
static int read_gitfile(const char *dir, char *gitdir, char *gitfile,
			size_t size)
{
	char line[PATH_MAX], target[2 * PATH_MAX + 2];
	int rc = read_line(dir, ".git", line, sizeof(line));

	snprintf(gitfile, size, "%s/.git", dir);
	if (rc > 0)
		return 1;
	if (rc < 0 || strncmp(line, "gitdir: ", 8) || !line[8])
		return cbp_error("invalid gitfile format: %s", gitfile);
	if (line[8] == '/')
		snprintf(target, sizeof(target), "%s", line + 8);
	else
		snprintf(target, sizeof(target), "%s/%s", dir, line + 8);
	if (!realpath(target, gitdir) || !is_dir(gitdir))
		return cbp_error("not a git repository: %s", target);
	return 0;
}

/**
 * cbp_locate_index() - where a repository's index is, found without git
 * @start: a directory in the repository, or NULL for the current one
 * @index: the index file's path (free() it), when 0 is returned
 *
 * The index of the common git directory (shared by worktrees) of the
 * first directory upwards holding .git (a directory or a "gitdir:" file)
 * or looking like a bare repository; $GIT_DIR wins.  The repository must
 * pass git's ownership rule (cbp_repo_is_safe()), unless $GIT_DIR names
 * it, as for git.  This is how the front program finds the index
 * without libgit2.
 *
 * Return: 0; 1 when unsure (the caller then asks git); -1 when git would
 * refuse the repository, with its reason recorded.
 */
int cbp_locate_index(const char *start, char **index)
{
	char dir[PATH_MAX], line[PATH_MAX], gitfile[PATH_MAX + 8];
	char gitdir[2 * PATH_MAX + 16], common[3 * PATH_MAX + 32];
	const char *env = getenv("GIT_DIR");
	char *slash;
	int rc;

	*index = NULL;
	if (env) {
		snprintf(gitdir, sizeof(gitdir), "%s", env);
	} else {
		if (!realpath(start ? start : ".", dir))
			return 1;
		for (;;) {
			snprintf(gitdir, sizeof(gitdir), "%s/.git", dir);
			if (is_dir(gitdir)) {
				rc = cbp_repo_is_safe(NULL, dir, gitdir);
				break;
			}
			rc = read_gitfile(dir, gitdir, gitfile, sizeof(gitfile));
			if (rc < 0)
				return -1;
			if (!rc) {
				rc = cbp_repo_is_safe(gitfile, dir, gitdir);
				break;
			}
			snprintf(gitdir, sizeof(gitdir), "%s/objects", dir);
			if (is_dir(gitdir) &&
			    !read_line(dir, "HEAD", line, sizeof(line))) {
				snprintf(gitdir, sizeof(gitdir), "%s", dir);
				rc = cbp_repo_is_safe(NULL, NULL, gitdir);
				break;
			}
			slash = strrchr(dir, '/');
			if (!slash || slash == dir)
				return 1;
			*slash = '\0';
		}
		if (!rc)
			return -1;
	}
	rc = read_line(gitdir, "commondir", line, sizeof(line));
	if (rc < 0)
		return cbp_error("failed to read %s/commondir", gitdir);
	if (!rc && line[0] == '/')
		snprintf(common, sizeof(common), "%s", line);
	else if (!rc)
		snprintf(common, sizeof(common), "%s/%s", gitdir, line);
	else
		snprintf(common, sizeof(common), "%s", gitdir);
	if (!realpath(common, dir))
		return 1;
	*index = cbp_index_default_path(dir);
	return 0;
}
