// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the commit header reader of the git layer,
 * cbp_git_parse_commit() (read_commit's parser: parents, author time,
 * where the message starts), on arbitrary bytes as a commit object.
 *
 * Besides memory errors (ASan/UBSan), it checks the reader's promises
 * against a plain reading of the header written here: the parents are
 * exactly the "parent <40 hex digits>" lines of the header, in order,
 * however many; the author time is the number after the last '>' of the
 * last author line; the message is what follows the first empty line.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "git/git.h"

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Does the header line [p, eol) name parent @oid? -1: not a parent line. */
static int parent_line(const char *p, const char *eol, struct cbp_oid *oid)
{
	int i;

	if (eol - p < 47 || memcmp(p, "parent ", 7))
		return -1;
	for (i = 0; i < 40; i++)
		if (hexval((unsigned char)p[7 + i]) < 0)
			return -1;
	for (i = 0; i < 20; i++)
		oid->id[i] = (unsigned char)(hexval((unsigned char)p[7 + 2 * i]) << 4 |
					     hexval((unsigned char)p[8 + 2 * i]));
	return 0;
}

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: input bytes: a commit object's contents
 * @size: number of input bytes
 *
 * Return: 0.
 */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct cbp_git_commit c = { 0 };
	char *buf = malloc(size ? size : 1);
	const char *p, *end, *msg;
	size_t nr = 0;

	if (!buf)
		return 0;
	/* An exact-size copy, so ASan catches any read past the end. */
	memcpy(buf, data, size);
	if (cbp_git_parse_commit(buf, size, &c))
		abort();
	/* Twice: the parents array is reused, as the builder reuses it. */
	if (cbp_git_parse_commit(buf, size, &c))
		abort();

	p = buf;
	end = buf + size;
	msg = end;
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		struct cbp_oid oid;

		if (!eol)
			eol = end;
		if (eol == p) {
			msg = p + 1;
			break;
		}
		if (!parent_line(p, eol, &oid)) {
			if (nr >= c.nr_parents || !cbp_oid_equal(&oid, &c.parents[nr]))
				abort();
			nr++;
		}
		p = eol + 1;
	}
	if (msg > end)
		msg = end;
	if (nr != c.nr_parents || c.msg != msg ||
	    c.msg_len != (size_t)(end - msg) || c.atime < 0 ||
	    (c.atime && !memmem(buf, size, "author ", 7)))
		abort();
	free(c.parents);
	free(buf);
	return 0;
}
