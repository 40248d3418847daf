// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the pack reader of the git layer (git-pack.c):
 * entry headers, offsets and IDs of delta bases, inflating, applying
 * deltas, the objects of chains kept between reads, and the walk that
 * finds chains going round, on a pack of arbitrary bytes.
 *
 * The input is one byte N (taken modulo 16, at least 1), N offsets of
 * 4 bytes (big-endian, the top bit cleared), then the pack's entries.
 * The target writes objects/pack/pack-fuzz.pack (a pack header of N
 * objects, the entries, 20 bytes of trailer) and its index of version 2:
 * object k (from 0) has the ID whose first byte is k + 1 and the rest
 * zero, its entry at the k-th offset.  A delta by ID names its base by
 * such an ID.
 *
 * Besides memory errors (ASan/UBSan), it checks the reader's promises:
 * an object read is NUL-terminated and under 16 MiB; one of the wanted
 * type is read again the same (the kept objects of chains change
 * nothing), and the same when any type is asked for; an object whose
 * chain goes round is never read; and each ID is found by its first
 * two digits.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git/git-priv.h"

#define MAX_OBJECTS	16

static char *dir;
static char *packdir;

static void remove_dir(void)
{
	char *path;

	if (!dir)
		return;
	path = cbp_strf("%s/pack-fuzz.pack", packdir);
	unlink(path);
	free(path);
	path = cbp_strf("%s/pack-fuzz.idx", packdir);
	unlink(path);
	free(path);
	rmdir(packdir);
	path = cbp_strf("%s/objects", dir);
	rmdir(path);
	free(path);
	rmdir(dir);
}

/* A repository's objects/pack of our own, made once. */
static int make_dir(void)
{
	char *objects;

	dir = cbp_strf("%s/fuzz-pack.XXXXXX", getenv("TMPDIR") ?
		       getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir))
		return -1;
	objects = cbp_strf("%s/objects", dir);
	packdir = cbp_strf("%s/pack", objects);
	if (mkdir(objects, 0700) || mkdir(packdir, 0700)) {
		free(objects);
		return -1;
	}
	free(objects);
	atexit(remove_dir);
	return 0;
}

/* Write @len bytes of @buf as NAME in packdir, a file made anew. */
static void write_file(const char *name, const unsigned char *buf, size_t len)
{
	char *path = cbp_strf("%s/%s", packdir, name);
	int fd;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
		abort();
	close(fd);
	free(path);
}

static void put32(unsigned char *p, unsigned int v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* The pack and its index, from the input. */
static int write_pack(const unsigned char *data, size_t size,
		      unsigned int *nr)
{
	unsigned char *pack, *idx, *p;
	size_t body, idx_len;
	unsigned int n, k, i;

	if (size < 1)
		return -1;
	n = data[0] % MAX_OBJECTS;
	n = n ? n : 1;
	if (size < 1 + 4 * (size_t)n)
		return -1;
	body = size - 1 - 4 * (size_t)n;
	pack = calloc(1, 12 + body + CBP_OID_RAWSZ);
	idx_len = 8 + 256 * 4 + (size_t)n * (CBP_OID_RAWSZ + 8) +
		  2 * CBP_OID_RAWSZ;
	idx = calloc(1, idx_len);
	if (!pack || !idx)
		abort();
	memcpy(pack, "PACK", 4);
	put32(pack + 4, 2);
	put32(pack + 8, n);
	memcpy(pack + 12, data + 1 + 4 * n, body);

	memcpy(idx, "\377tOc", 4);
	put32(idx + 4, 2);
	/* Object k has first byte k + 1: fan-out entry b counts those <= b. */
	for (i = 0; i < 256; i++)
		put32(idx + 8 + 4 * i, i < n ? i : n);
	p = idx + 8 + 256 * 4;
	for (k = 0; k < n; k++)
		p[(size_t)k * CBP_OID_RAWSZ] = (unsigned char)(k + 1);
	p += (size_t)n * (CBP_OID_RAWSZ + 4);
	for (k = 0; k < n; k++) {
		const unsigned char *o = data + 1 + 4 * k;

		put32(p + 4 * k, ((unsigned int)o[0] << 24 | o[1] << 16 |
				  o[2] << 8 | o[3]) & 0x7fffffffu);
	}
	write_file("pack-fuzz.pack", pack, 12 + body + CBP_OID_RAWSZ);
	write_file("pack-fuzz.idx", idx, idx_len);
	free(pack);
	free(idx);
	*nr = n;
	return 0;
}

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: input bytes: the objects' count, their offsets, the entries
 * @size: number of input bytes
 *
 * Return: 0.
 */
/* cbp_git_packs_read_any()'s buffer, of malloc() as libgit2's is. */
static void *own_alloc(size_t size, void *data)
{
	(void)data;
	return malloc(size);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const git_object_t types[] = { GIT_OBJECT_COMMIT, GIT_OBJECT_TREE };
	struct cbp_packs *ps;
	char *buf = NULL, *again = NULL;
	size_t alloc = 0, alloc2 = 0, len, len2;
	unsigned int n, k, t;

	if (!dir && make_dir())
		abort();
	if (write_pack(data, size, &n))
		return 0;
	ps = cbp_git_packs_open(dir);
	for (k = 0; k < n; k++) {
		struct cbp_oid oid = { { 0 } };
		unsigned char found[CBP_OID_RAWSZ];
		int circular;

		oid.id[0] = (unsigned char)(k + 1);
		circular = cbp_git_packs_circular(ps, oid.id);
		if (!cbp_git_packs_prefix(ps, oid.id, 2, found) ||
		    memcmp(found, oid.id, CBP_OID_RAWSZ))
			abort();
		for (t = 0; t < 2; t++) {
			git_object_t any;
			char *own;
			int rc = cbp_git_packs_read(ps, &oid, types[t], &buf,
						    &alloc, &len);

			if (rc != 1)
				continue;
			/* Read as any type, it is the same object. */
			if (cbp_git_packs_read_any(ps, &oid, &any, own_alloc,
						   NULL, &own, &len2) != 1 ||
			    any != types[t] || len2 != len ||
			    memcmp(buf, own, len) || own[len])
				abort();
			free(own);
			if (circular || buf[len] || len >= 16u << 20)
				abort();
			if (cbp_git_packs_read(ps, &oid, types[t], &again,
					       &alloc2, &len2) != 1 ||
			    len2 != len || memcmp(buf, again, len))
				abort();
		}
	}
	cbp_git_packs_close(ps);
	free(buf);
	free(again);
	return 0;
}
