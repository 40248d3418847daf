// SPDX-License-Identifier: GPL-2.0
/*
 * The one patch-id of checkbackport: `git patch-id --stable` computed
 * from a diff's text, whoever wrote it (libgit2 for a commit,
 * git-change.c; git format-patch for a mail).  As git-patch-id(1) says,
 * the lines of each file's diff are hashed with SHA-1, blanks and line
 * numbers left out, and the files' hashes are added up, so that the
 * order of the files does not matter.  One difference: a rename's
 * "similarity index" line is left out, because its figure depends on
 * the program that found the rename (libgit2's differ from git's), and
 * two diffs of one commit must give one patch-id.  tests/unit/change.c
 * compares the result with git's own command.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "patch-id.h"
#include "util.h"

/* SHA-1 (FIPS 180-4), only as much as a patch-id needs; int is 32 bits. */
struct sha1 {
	unsigned int h[5];
	unsigned long long len;
	unsigned char block[64];
	size_t used;
};

static unsigned int rol(unsigned int x, int n)
{
	return x << n | x >> (32 - n);
}

static void sha1_init(struct sha1 *s)
{
	static const unsigned int start[5] = {
		0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
	};

	memcpy(s->h, start, sizeof(start));
	s->len = 0;
	s->used = 0;
}

static void sha1_block(struct sha1 *s, const unsigned char *p)
{
	unsigned int w[80], a, b, c, d, e, f, k, t;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (unsigned int)p[4 * i] << 24 | (unsigned int)p[4 * i + 1] << 16 |
		       (unsigned int)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = s->h[0];
	b = s->h[1];
	c = s->h[2];
	d = s->h[3];
	e = s->h[4];
	for (i = 0; i < 80; i++) {
		if (i < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = c;
		c = rol(b, 30);
		b = a;
		a = t;
	}
	s->h[0] += a;
	s->h[1] += b;
	s->h[2] += c;
	s->h[3] += d;
	s->h[4] += e;
}

static void sha1_update(struct sha1 *s, const void *data, size_t n)
{
	const unsigned char *p = data;

	s->len += n;
	while (n) {
		size_t take = 64 - s->used < n ? 64 - s->used : n;

		memcpy(s->block + s->used, p, take);
		s->used += take;
		p += take;
		n -= take;
		if (s->used == 64) {
			sha1_block(s, s->block);
			s->used = 0;
		}
	}
}

static void sha1_final(struct sha1 *s, unsigned char out[20])
{
	unsigned long long bits = s->len * 8;
	unsigned char pad = 0x80, len[8];
	int i;

	sha1_update(s, &pad, 1);
	pad = 0;
	while (s->used != 56)
		sha1_update(s, &pad, 1);
	for (i = 0; i < 8; i++)
		len[i] = bits >> (56 - 8 * i);
	sha1_update(s, len, 8);
	for (i = 0; i < 20; i++)
		out[i] = s->h[i / 4] >> (24 - 8 * (i % 4));
}

/* What is being read. */
struct pid_state {
	struct sha1 file;	/* the current file's lines */
	unsigned char sum[20];	/* the files' hashes added up */
	size_t hashed;		/* bytes hashed in all */
	char pre[CBP_OID_HEXSZ + 1], post[CBP_OID_HEXSZ + 1];
};

/* Add the current file's hash to the sum, byte by byte with carry. */
static void end_file(struct pid_state *st)
{
	unsigned char h[20];
	unsigned int carry = 0;
	int i;

	sha1_final(&st->file, h);
	sha1_init(&st->file);
	for (i = 0; i < 20; i++) {
		carry += st->sum[i] + h[i];
		st->sum[i] = carry;
		carry >>= 8;
	}
}

/* Hash the line @s (@n bytes) without its blanks. */
static void hash_line(struct pid_state *st, const char *s, size_t n)
{
	size_t i, start = 0;

	for (i = 0; i <= n; i++) {
		if (i < n && !isspace((unsigned char)s[i]))
			continue;
		sha1_update(&st->file, s + start, i - start);
		st->hashed += i - start;
		start = i + 1;
	}
}

static int starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

/* A count of a hunk header's range ("-12,3" or "-12"), at @s. */
static int hunk_count(const char *s, const char *end)
{
	int n = 0;

	while (s < end && isdigit((unsigned char)*s))
		s++;
	if (s == end || *s != ',')
		return 1;
	/* No real hunk is this long; a larger count only never ends. */
	for (s++; s < end && isdigit((unsigned char)*s); s++)
		if (n < 100000000)
			n = n * 10 + (*s - '0');
	return n;
}

/* The blob IDs of an "index A..B mode" line, as they are written. */
static void index_ids(struct pid_state *st, const char *s, size_t n)
{
	const char *end = s + n, *dots, *stop;

	s += strlen("index ");
	for (dots = s; dots + 1 < end && (dots[0] != '.' || dots[1] != '.');
	     dots++)
		;
	if (dots + 1 >= end)
		return;
	for (stop = dots + 2; stop < end && !isspace((unsigned char)*stop);
	     stop++)
		;
	snprintf(st->pre, sizeof(st->pre), "%.*s", (int)(dots - s), s);
	snprintf(st->post, sizeof(st->post), "%.*s",
		 (int)(stop - dots - 2), dots + 2);
}

/**
 * cbp_patch_id() - the stable patch-id of a diff
 * @diff: the diff's text; what comes before its first "diff " line (a
 *	  commit message) and after its last hunk (a mail's signature) is
 *	  not part of it
 * @len: its length
 * @hex: CBP_OID_HEXSZ + 1 bytes for the patch-id in hex
 *
 * git's rule: a file's header lines ("diff --git", modes, "rename
 * from", "---", "+++") and its hunks' lines count, blanks removed; the
 * "index" line and the hunk headers do not, nor "\ No newline at end
 * of file"; a binary file counts its blob IDs as the "index" line
 * writes them, and the first "diff " line after it does not count.
 * "similarity index" and "dissimilarity index" lines do not count
 * either (see the top of this file).
 *
 * Context: any; pure function of its input.
 * Return: 0, or 1 if the diff has nothing to hash (no patch-id: an
 * empty diff, or text that is none).
 */
int cbp_patch_id(const char *diff, size_t len, char *hex)
{
	struct pid_state st = { 0 };
	const char *s = diff, *end = diff + len;
	int before = -1, after = -1, binary = 0, i;

	sha1_init(&st.file);
	while (s < end) {
		const char *eol = memchr(s, '\n', end - s);
		const char *line = s;
		size_t n = eol ? (size_t)(eol - s + 1) : (size_t)(end - s);

		s += n;
		if (n > 12 && starts(line, n, "\\ "))
			continue;
		if (!st.hashed && !starts(line, n, "diff "))
			continue;
		if (binary) {
			if (starts(line, n, "diff ")) {
				binary = 0;
				before = -1;
			}
			continue;
		}
		if (before == -1) {
			if (starts(line, n, "GIT binary patch") ||
			    starts(line, n, "Binary files")) {
				binary = 1;
				before = 0;
				sha1_update(&st.file, st.pre, strlen(st.pre));
				sha1_update(&st.file, st.post, strlen(st.post));
				end_file(&st);
				continue;
			}
			if (starts(line, n, "index ")) {
				index_ids(&st, line, n);
				continue;
			}
			if (starts(line, n, "similarity index ") ||
			    starts(line, n, "dissimilarity index "))
				continue;
			if (starts(line, n, "--- ")) {
				/* "---" and "+++" count as a hunk of one */
				before = 1;
				after = 1;
			} else if (!isalpha((unsigned char)line[0])) {
				break;
			}
		}
		if (!before && !after) {
			if (starts(line, n, "@@ -")) {
				const char *plus = memchr(line, '+', n);

				before = hunk_count(line + 4, line + n);
				after = plus ? hunk_count(plus + 1, line + n) : 1;
				continue;
			}
			if (!starts(line, n, "diff "))
				break;
			end_file(&st);
			before = -1;
			after = -1;
		}
		if (line[0] == '-' || line[0] == ' ')
			before--;
		if (line[0] == '+' || line[0] == ' ')
			after--;
		hash_line(&st, line, n);
	}
	end_file(&st);
	if (!st.hashed)
		return 1;
	for (i = 0; i < 20; i++)
		snprintf(hex + 2 * i, 3, "%02x", st.sum[i]);
	return 0;
}
