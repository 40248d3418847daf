// SPDX-License-Identifier: GPL-2.0
/*
 * Finding a repository's index without libgit2, as the front program
 * must: the git directory is found the way git finds it, from the
 * directory given upwards, and the index is in its common directory.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "store.h"
#include "util.h"

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Read the one-line file @dir/@name into @buf; 0 on success. */
static int read_line(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	FILE *f;
	int ok;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	ok = !!fgets(buf, (int)size, f);
	fclose(f);
	buf[strcspn(buf, "\r\n")] = '\0';
	return ok && buf[0] ? 0 : -1;
}

/**
 * cbp_locate_index() - where a repository's index is, found without git
 * @start: a directory in the repository, or NULL for the current one
 *
 * The index of the common git directory (shared by worktrees) of the
 * first directory upwards holding .git (a directory or a "gitdir:" file)
 * or looking like a bare repository; $GIT_DIR wins.  This is how the
 * front program finds the index without libgit2.
 *
 * Return: a new string, or NULL when unsure (the caller then asks git).
 */
char *cbp_locate_index(const char *start)
{
	char dir[PATH_MAX], line[PATH_MAX];
	char gitdir[2 * PATH_MAX + 16], common[3 * PATH_MAX + 32];
	const char *env = getenv("GIT_DIR");
	char *slash;

	if (env) {
		snprintf(gitdir, sizeof(gitdir), "%s", env);
	} else {
		if (!realpath(start ? start : ".", dir))
			return NULL;
		for (;;) {
			snprintf(gitdir, sizeof(gitdir), "%s/.git", dir);
			if (is_dir(gitdir))
				break;
			if (!read_line(dir, ".git", line, sizeof(line))) {
				if (strncmp(line, "gitdir: ", 8))
					return NULL;
				if (line[8] == '/')
					snprintf(gitdir, sizeof(gitdir), "%s", line + 8);
				else
					snprintf(gitdir, sizeof(gitdir), "%s/%s", dir,
						 line + 8);
				break;
			}
			snprintf(gitdir, sizeof(gitdir), "%s/objects", dir);
			if (is_dir(gitdir) && !read_line(dir, "HEAD", line, sizeof(line))) {
				snprintf(gitdir, sizeof(gitdir), "%s", dir);
				break;
			}
			slash = strrchr(dir, '/');
			if (!slash || slash == dir)
				return NULL;
			*slash = '\0';
		}
	}
	if (!read_line(gitdir, "commondir", line, sizeof(line))) {
		if (line[0] == '/')
			snprintf(common, sizeof(common), "%s", line);
		else
			snprintf(common, sizeof(common), "%s/%s", gitdir, line);
	} else {
		snprintf(common, sizeof(common), "%s", gitdir);
	}
	if (!realpath(common, dir))
		return NULL;
	return cbp_index_default_path(dir);
}
