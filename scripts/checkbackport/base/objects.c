// SPDX-License-Identifier: GPL-2.0
/*
 * A repository's own object store, read without libgit2: whether it has
 * an object, for the front program (which has no libgit2) to tell a
 * cited commit the repository lacks from one it has that no indexed
 * branch or tag reaches (a pull request's, an untracked remote's), and
 * the pack index lookup the git layer's commit reader shares.
 *
 * The formats (Documentation/gitformat-pack.txt in git): a pack index of
 * version 2 is "\377tOc", 2, 256 cumulative counts by the first byte of
 * the ID, the sorted IDs, their CRCs, their 31-bit offsets (the top bit
 * set: an index into a table of 64-bit offsets that follows), then two
 * checksums.  A loose object is objects/XX/YYYY..., its ID's first two
 * hex digits and the other 38.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "objects.h"
#include "util.h"

#define IDX_HEADER	(8 + 256 * 4)
#define IDX_TRAILER	(2 * CBP_OID_RAWSZ)

static unsigned int be32(const unsigned char *p)
{
	return (unsigned int)p[0] << 24 | (unsigned int)p[1] << 16 |
	       (unsigned int)p[2] << 8 | p[3];
}

static unsigned long long be64(const unsigned char *p)
{
	return (unsigned long long)be32(p) << 32 | be32(p + 4);
}

/**
 * cbp_map_file() - map a regular file read-only
 * @dirfd: the directory it is in
 * @name: its name there; a symbolic link is not followed
 * @len: its length, when mapped
 *
 * Return: the mapping, or NULL (no such file, not a regular file, empty).
 */
const unsigned char *cbp_map_file(int dirfd, const char *name, size_t *len)
{
	struct stat st;
	void *map = MAP_FAILED;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size <= SIZE_MAX) {
		*len = (size_t)st.st_size;
		map = mmap(NULL, *len, PROT_READ, MAP_PRIVATE, fd, 0);
	}
	close(fd);
	return map == MAP_FAILED ? NULL : map;
}

/**
 * cbp_pack_index_map() - map a pack index of version 2
 * @pi: filled in
 * @dirfd: the directory it is in (objects/pack)
 * @name: its name there
 *
 * Return: 0; -1 if there is none, or it is of another version, or its
 * counts and its length disagree (@pi is then empty).
 */
int cbp_pack_index_map(struct cbp_pack_index *pi, int dirfd, const char *name)
{
	const unsigned char *fan;
	size_t base;
	unsigned int prev = 0;
	int i;

	memset(pi, 0, sizeof(*pi));
	pi->map = cbp_map_file(dirfd, name, &pi->len);
	if (!pi->map)
		return -1;
	if (pi->len < IDX_HEADER + IDX_TRAILER ||
	    memcmp(pi->map, "\377tOc", 4) || be32(pi->map + 4) != 2)
		goto unusable;
	fan = pi->map + 8;
	for (i = 0; i < 256; i++) {
		unsigned int n = be32(fan + 4 * i);

		if (n < prev)
			goto unusable;
		prev = n;
	}
	pi->nr = prev;
	base = IDX_HEADER + (size_t)pi->nr * (CBP_OID_RAWSZ + 4 + 4) +
	       IDX_TRAILER;
	if (pi->len < base || (pi->len - base) % 8 ||
	    (pi->len - base) / 8 > UINT_MAX)
		goto unusable;
	pi->nr_large = (unsigned int)((pi->len - base) / 8);
	return 0;
unusable:
	cbp_pack_index_unmap(pi);
	return -1;
}

/**
 * cbp_pack_index_unmap() - unmap a pack index
 * @pi: the index, or an empty one
 */
void cbp_pack_index_unmap(struct cbp_pack_index *pi)
{
	if (pi->map)
		munmap((void *)pi->map, pi->len);
	memset(pi, 0, sizeof(*pi));
}

/**
 * cbp_pack_index_find() - where an object's entry starts in its pack
 * @pi: the pack's index
 * @id: the object's ID, CBP_OID_RAWSZ bytes
 *
 * IDs are uniform: the search guesses where @id falls between the keys
 * known to bound it, which finds it in two or three reads of the index
 * where halving takes twelve at a million objects.  An index that is not
 * sorted is only searched in vain.
 *
 * Return: the offset, or 0 if the pack does not have @id (no entry
 * starts at 0: a pack starts with its header).
 */
unsigned long long cbp_pack_index_find(const struct cbp_pack_index *pi,
				       const unsigned char *id)
{
	const unsigned char *fan = pi->map + 8, *ids = pi->map + IDX_HEADER;
	const unsigned char *off;
	unsigned int lo = id[0] ? be32(fan + 4 * (id[0] - 1)) : 0;
	unsigned int hi = be32(fan + 4 * id[0]), o;
	unsigned long long want = be64(id), lo_key = want & ~(~0ULL >> 8);
	unsigned long long hi_key = want | ~0ULL >> 8;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		int cmp;

		if (hi - lo > 8 && lo_key <= want && want <= hi_key &&
		    lo_key < hi_key) {
			unsigned __int128 span = (unsigned __int128)(hi - lo) *
						 (want - lo_key);

			mid = lo + (unsigned int)(span / (hi_key - lo_key + 1));
		}
		cmp = memcmp(ids + (size_t)mid * CBP_OID_RAWSZ, id,
			     CBP_OID_RAWSZ);
		if (!cmp) {
			lo = mid;
			break;
		}
		if (cmp < 0) {
			lo = mid + 1;
			lo_key = be64(ids + (size_t)mid * CBP_OID_RAWSZ);
		} else {
			hi = mid;
			hi_key = be64(ids + (size_t)mid * CBP_OID_RAWSZ);
		}
	}
	if (lo >= hi)
		return 0;
	off = ids + (size_t)pi->nr * (CBP_OID_RAWSZ + 4);
	o = be32(off + (size_t)lo * 4);
	if (!(o & 0x80000000u))
		return o;
	o &= 0x7fffffffu;
	if (o >= pi->nr_large)
		return 0;
	return be64(off + (size_t)pi->nr * 4 + (size_t)o * 8);
}

/* Does the ID @e start with the @hexlen digits of @id? */
static int has_prefix(const unsigned char *e, const unsigned char *id,
		      size_t hexlen)
{
	if (memcmp(e, id, hexlen / 2))
		return 0;
	return !(hexlen % 2) || (e[hexlen / 2] & 0xf0) == id[hexlen / 2];
}

/**
 * cbp_pack_index_prefix() - the objects of an index an ID starts with
 * @pi: the index
 * @id: the ID's first @hexlen digits, the rest of its bytes zero
 * @hexlen: how many digits
 * @pos: set to the place of the first of them in the index
 *
 * The first such ID is the first one not below @id, and the others
 * follow it.
 *
 * Return: how many, counted to 2 (more than one).
 */
unsigned int cbp_pack_index_prefix(const struct cbp_pack_index *pi,
				   const unsigned char *id, size_t hexlen,
				   unsigned int *pos)
{
	const unsigned char *fan = pi->map + 8, *ids = pi->map + IDX_HEADER;
	unsigned int lo = id[0] ? be32(fan + 4 * (id[0] - 1)) : 0;
	unsigned int hi = be32(fan + 4 * id[0]), n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (memcmp(ids + (size_t)mid * CBP_OID_RAWSZ, id,
			   CBP_OID_RAWSZ) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*pos = lo;
	for (n = 0; n < 2 && lo + n < pi->nr; n++)
		if (!has_prefix(ids + (size_t)(lo + n) * CBP_OID_RAWSZ, id,
				hexlen))
			break;
	return n;
}

/**
 * cbp_pack_index_id() - the ID at a place of an index
 * @pi: the index
 * @pos: the place, below @pi->nr
 *
 * Return: its CBP_OID_RAWSZ bytes, in the mapped index.
 */
const unsigned char *cbp_pack_index_id(const struct cbp_pack_index *pi,
				       unsigned int pos)
{
	return pi->map + IDX_HEADER + (size_t)pos * CBP_OID_RAWSZ;
}

/**
 * cbp_pack_indexes_each() - call a function for each pack index
 * @dirfd: objects/pack, open; closed on return
 * @fn: called with @dirfd and the name of each NAME.idx, and @data; a
 *	non-zero return stops the walk
 * @data: passed to @fn
 *
 * Return: what @fn returned to stop, 0 when every index was seen, or -1
 * if the folder cannot be read or holds more than CBP_MAX_PACKS indexes
 * (the callers leave such a store to git).
 */
int cbp_pack_indexes_each(int dirfd,
			  int (*fn)(int dirfd, const char *name, void *data),
			  void *data)
{
	struct dirent *de;
	int ret = 0, seen = 0;
	DIR *dir = fdopendir(dirfd);

	if (!dir) {
		close(dirfd);
		return -1;
	}
	while (!ret && (de = readdir(dir))) {
		size_t n = strlen(de->d_name);

		if (n <= 4 || strcmp(de->d_name + n - 4, ".idx"))
			continue;
		ret = ++seen > CBP_MAX_PACKS ? -1 : fn(dirfd, de->d_name, data);
	}
	closedir(dir);
	return ret;
}

/* The ID sought by in_packs(), by its first digits. */
struct prefix {
	const unsigned char *id;
	size_t hexlen;
};

/* 1 if the pack index @name has the ID of @data, -1 if unusable. */
static int in_pack(int dirfd, const char *name, void *data)
{
	const struct prefix *want = data;
	struct cbp_pack_index pi;
	unsigned int pos;
	int found;

	if (cbp_pack_index_map(&pi, dirfd, name))
		return -1;
	found = want->hexlen == CBP_OID_HEXSZ ?
		cbp_pack_index_find(&pi, want->id) != 0 :
		cbp_pack_index_prefix(&pi, want->id, want->hexlen, &pos) > 0;
	cbp_pack_index_unmap(&pi);
	return found;
}

/* Is an object starting with @id in a pack of objects/pack (@dirfd)? */
static int in_packs(int dirfd, const unsigned char *id, size_t hexlen)
{
	struct prefix want = { id, hexlen };

	return cbp_pack_indexes_each(dirfd, in_pack, &want);
}

/* Is a loose object starting with @hex in objects/XX (@dirfd)? */
static int in_loose(int dirfd, const char *hex, size_t hexlen)
{
	char name[CBP_OID_HEXSZ + 2];
	struct dirent *de;
	struct stat st;
	int found = 0, fd;
	DIR *dir;

	snprintf(name, sizeof(name), "%.2s/%s", hex, hex + 2);
	if (hexlen == CBP_OID_HEXSZ)
		return !fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW);
	name[2] = '\0';
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return -1;
	}
	while (!found && (de = readdir(dir)))
		found = strlen(de->d_name) == CBP_OID_HEXSZ - 2 &&
			!strncmp(de->d_name, hex + 2, hexlen - 2);
	closedir(dir);
	return found;
}

/**
 * cbp_object_in_store() - whether the repository has an object
 * @commondir: its common git directory
 * @hex: the object's ID, or its first digits (at least 4)
 *
 * Looks in the repository's own objects folder: loose objects and packs
 * with an index of version 2.  Whether the object reads, and of which
 * type it is, are not asked.
 *
 * Return: 1 if an object with that ID (or starting with those digits)
 * is there; 0 if not, and the repository has no other store (alternates,
 * $GIT_OBJECT_DIRECTORY); -1 if that cannot be told.
 */
int cbp_object_in_store(const char *commondir, const char *hex)
{
	unsigned char id[CBP_OID_RAWSZ] = { 0 };
	char lower[CBP_OID_HEXSZ + 1];
	size_t len = strlen(hex), i;
	struct stat st;
	int fd, found;
	char *path;

	if (len < 4 || len > CBP_OID_HEXSZ || getenv("GIT_OBJECT_DIRECTORY"))
		return -1;
	for (i = 0; i < len; i++) {
		int v = cbp_hexval(hex[i]);

		if (v < 0)
			return -1;
		id[i / 2] |= (unsigned char)(i % 2 ? v : v << 4);
		lower[i] = "0123456789abcdef"[v];
	}
	lower[len] = '\0';
	path = cbp_strf("%s/objects", commondir);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return -1;
	found = in_loose(fd, lower, len);
	if (!found) {
		int packs = openat(fd, "pack", O_RDONLY | O_DIRECTORY |
				   O_CLOEXEC);

		found = packs < 0 ? 0 : in_packs(packs, id, len);
	}
	/* Not here: an alternate store may have it. */
	if (!found && !fstatat(fd, "info/alternates", &st, 0) && st.st_size)
		found = -1;
	close(fd);
	return found;
}
