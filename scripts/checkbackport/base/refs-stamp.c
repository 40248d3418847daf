// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a repository's refs moved since the index was last brought up
 * to date, told without libgit2 and without reading a ref, as the front
 * program must tell it before every query, cheaply.
 *
 * git (and libgit2) never rewrite a ref file in place: a loose ref under
 * refs/ and packed-refs are each written whole to a lock file that is
 * then renamed over the old one, so every ref created, moved or deleted
 * leaves a file of another inode number and times where it was, or none.
 * The stamp is a hash of the name, inode number, size and modification
 * time of every loose ref the index can track (under
 * refs/heads, refs/remotes and refs/tags) and of packed-refs: lstat()
 * calls and one readdir() a directory, no read.  Refs of other
 * namespaces (pull requests, CI, notes) are not looked at.  A change
 * the stamp misses would need a ref rewritten twice, the second file
 * reusing the first's inode number, within one tick of the file
 * system's clock.  Not the change time: a chown -R of the repository,
 * or a backup restoring the times, moves no ref.  Something that changes
 * no ref may change the stamp (git pack-refs, a copy of the repository):
 * that costs an update that finds nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "refs-stamp.h"

#define FNV_OFFSET	0xcbf29ce484222325ULL
#define FNV_PRIME	0x100000001b3ULL

struct stamp {
	unsigned long long sum;		/* of each file's hash, in any order */
	size_t base;			/* path bytes before "/refs/" */
	int err;
};

static unsigned long long hash(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--)
		h = (h ^ *s++) * FNV_PRIME;
	return h;
}

/*
 * Add the file at @path as @sb says, by its name in the git directory:
 * the builder and the front may spell the directory otherwise.
 */
static void add_file(struct stamp *st, const char *path, const struct stat *sb)
{
	const char *name = path + st->base;
	long long v[4] = {
		(long long)sb->st_ino, (long long)sb->st_size,
		(long long)sb->st_mtim.tv_sec, sb->st_mtim.tv_nsec,
	};
	unsigned long long h = hash(hash(FNV_OFFSET, name, strlen(name)), v,
				    sizeof(v));

	/* A last mix: sums of plain FNV hashes cancel too easily. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	st->sum += h;
}

/* Every loose ref under directory @path (@len bytes, PATH_MAX room). */
static void walk(struct stamp *st, char *path, size_t len, int depth)
{
	struct dirent *de;
	DIR *d = opendir(path);

	if (!d) {
		if (errno != ENOENT && errno != ENOTDIR)
			st->err = 1;
		return;
	}
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		struct stat sb;

		/* ".", "..", and git's lock files, which are no refs yet */
		if (de->d_name[0] == '.' ||
		    (n > 5 && !strcmp(de->d_name + n - 5, ".lock")))
			continue;
		if (len + n + 2 > PATH_MAX) {
			st->err = 1;
			continue;
		}
		path[len] = '/';
		memcpy(path + len + 1, de->d_name, n + 1);
		if (de->d_type == DT_DIR) {
			if (depth < 64)
				walk(st, path, len + 1 + n, depth + 1);
		} else if (lstat(path, &sb)) {
			/* Deleted meanwhile: git would not have it either. */
			if (errno != ENOENT)
				st->err = 1;
		} else if (S_ISDIR(sb.st_mode)) {
			if (depth < 64)
				walk(st, path, len + 1 + n, depth + 1);
		} else if (S_ISREG(sb.st_mode)) {
			add_file(st, path, &sb);
		}
		path[len] = '\0';
	}
	closedir(d);
}

/**
 * cbp_refs_stamp() - a number that changes when a repository's refs do
 * @commondir: the repository's common git directory
 *
 * Changes when a branch, remote-tracking branch or tag is created, moved
 * or deleted, loose or packed (see above); nothing is read but the
 * directories of refs/heads, refs/remotes and refs/tags.
 *
 * Return: the stamp; 0 when it cannot be told (a directory that cannot
 * be read, a ref store other than files: reftable), which no index
 * records, so that the caller updates the index.
 */
unsigned long long cbp_refs_stamp(const char *commondir)
{
	static const char *const dirs[] = { "heads", "remotes", "tags" };
	struct stamp st = { .sum = FNV_OFFSET, .base = strlen(commondir) };
	char path[PATH_MAX];
	struct stat sb;
	size_t i;
	int rc;

	rc = snprintf(path, sizeof(path), "%s/reftable", commondir);
	if (rc < 0 || (size_t)rc >= sizeof(path) || !access(path, F_OK))
		return 0;
	for (i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		rc = snprintf(path, sizeof(path), "%s/refs/%s", commondir,
			      dirs[i]);
		if (rc < 0 || (size_t)rc >= sizeof(path))
			return 0;
		walk(&st, path, (size_t)rc, 0);
	}
	rc = snprintf(path, sizeof(path), "%s/packed-refs", commondir);
	if (rc < 0 || (size_t)rc >= sizeof(path))
		return 0;
	if (!stat(path, &sb))
		add_file(&st, path, &sb);
	else if (errno != ENOENT)
		st.err = 1;
	if (st.err)
		return 0;
	/* 0 means "cannot tell": a sum of 0 counts as 1. */
	return st.sum ? st.sum : 1;
}
