// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a repository's refs moved since the index was last brought up
 * to date, told without libgit2 and without reading a ref, as the front
 * program must tell it before every query, cheaply.
 *
 * git (and libgit2) never rewrite a ref file in place: a loose ref under
 * refs/ and packed-refs are each written whole to a lock file that is
 * then renamed over the old one.  So every ref created, moved or deleted
 * changes the modification time of the directory it is in (a file made,
 * renamed into it or removed), or packed-refs' inode number and time.
 * The stamp is a hash of those of every directory under refs/heads,
 * refs/remotes and refs/tags (what the index can track) and of
 * packed-refs: one fstat() and a readdir() a directory, nothing a ref
 * (a file each cost 3 ms a query with the 913 loose refs of the
 * bench's history).  Refs of other namespaces (pull requests, CI,
 * notes) are not looked at.  Not the change time: a chown -R of the
 * repository moves no ref.  Something that changes no ref may change
 * the stamp (git pack-refs, a copy of the repository): that costs an
 * update that finds nothing.
 *
 * A time is a tick of a coarse clock: a second change in the tick of
 * the first leaves the time as it was.  So the builder, which records
 * the stamp, reads the refs only once the clock is past the newest time
 * it saw (cbp_refs_settle()): any change after its reading has a later
 * time.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "refs-stamp.h"
#include "util.h"

struct stamp {
	unsigned long long sum;		/* of each file's hash, in any order */
	size_t base;			/* path bytes before "/refs/" */
	struct timespec newest;		/* the latest time hashed */
	int err;
};

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
	unsigned long long h = cbp_fnv(cbp_fnv(CBP_FNV_OFFSET, name, strlen(name)),
				       v, sizeof(v));

	/* A last mix: sums of plain FNV hashes cancel too easily. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	st->sum += h;
	if (sb->st_mtim.tv_sec > st->newest.tv_sec ||
	    (sb->st_mtim.tv_sec == st->newest.tv_sec &&
	     sb->st_mtim.tv_nsec > st->newest.tv_nsec))
		st->newest = sb->st_mtim;
}

/* Directory @path (@len bytes, PATH_MAX room) and those under it. */
static void walk(struct stamp *st, char *path, size_t len, int depth)
{
	struct dirent *de;
	struct stat sb;
	DIR *d = opendir(path);

	if (!d) {
		if (errno != ENOENT && errno != ENOTDIR)
			st->err = 1;
		return;
	}
	if (fstat(dirfd(d), &sb))
		st->err = 1;
	else
		add_file(st, path, &sb);
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);

		/* ".", "..", and the refs themselves, which are files */
		if (de->d_name[0] == '.' ||
		    (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN))
			continue;
		if (len + n + 2 > PATH_MAX) {
			st->err = 1;
			continue;
		}
		path[len] = '/';
		memcpy(path + len + 1, de->d_name, n + 1);
		/* A file system that does not say: ask. */
		if (de->d_type == DT_UNKNOWN && lstat(path, &sb)) {
			if (errno != ENOENT)
				st->err = 1;
		} else if ((de->d_type == DT_DIR || S_ISDIR(sb.st_mode)) &&
			   depth < 64) {
			walk(st, path, len + 1 + n, depth + 1);
		}
		path[len] = '\0';
	}
	closedir(d);
}

/**
 * cbp_refs_stamp() - a number that changes when a repository's refs do
 * @commondir: the repository's common git directory
 * @newest: set to the latest time the stamp holds; may be NULL
 *
 * Changes when a branch, remote-tracking branch or tag is created, moved
 * or deleted, loose or packed (see above); nothing is read but the
 * directories of refs/heads, refs/remotes and refs/tags.
 *
 * Return: the stamp; 0 when it cannot be told (a directory that cannot
 * be read, a ref store other than files: reftable), which no index
 * records, so that the caller updates the index.
 */
unsigned long long cbp_refs_stamp(const char *commondir,
				  struct timespec *newest)
{
	static const char *const dirs[] = { "heads", "remotes", "tags" };
	struct stamp st = { .sum = CBP_FNV_OFFSET, .base = strlen(commondir) };
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
	if (newest)
		*newest = st.newest;
	if (st.err)
		return 0;
	/* 0 means "cannot tell": a sum of 0 counts as 1. */
	return st.sum ? st.sum : 1;
}

/**
 * cbp_refs_settle() - wait until the clock is past a time of the refs
 * @newest: the latest time cbp_refs_stamp() hashed
 *
 * Once it is, a ref changed afterwards gets a later time, which changes
 * the stamp: a builder reading the refs then cannot miss a change.  The
 * wait is a tick of the clock at most (a few milliseconds), and only
 * when a ref changed in the current one.
 *
 * Return: 0, or -1 when the time is still not past after 50 ms (a
 * directory's time in the future): no stamp is to be recorded.
 */
int cbp_refs_settle(const struct timespec *newest)
{
	const struct timespec ms = { 0, 1000000 };
	struct timespec now;
	int i;

	for (i = 0; i < 50; i++) {
		if (clock_gettime(CLOCK_REALTIME_COARSE, &now))
			return -1;
		if (now.tv_sec > newest->tv_sec ||
		    (now.tv_sec == newest->tv_sec && now.tv_nsec > newest->tv_nsec))
			return 0;
		nanosleep(&ms, NULL);
	}
	return -1;
}
