// SPDX-License-Identifier: GPL-2.0
/*
 * Commit objects as text: the header fields the builder needs (parents,
 * author time, where the message starts) and object IDs in hex.  Nothing
 * here calls libgit2, so the parser can be tested and fuzzed on its own;
 * it never reads past the length it is given.
 */
#include <string.h>

#include "git.h"

/**
 * cbp_oid_fromhex() - parse a full object ID
 * @oid: the result
 * @hex: at least CBP_OID_HEXSZ characters; only those are read
 *
 * Return: 0, or -1 if one of them is not a hex digit.
 */
int cbp_oid_fromhex(struct cbp_oid *oid, const char *hex)
{
	int i;

	for (i = 0; i < CBP_OID_RAWSZ; i++) {
		int hi = cbp_hexval(hex[2 * i]), lo;

		if (hi < 0)
			return -1;
		lo = cbp_hexval(hex[2 * i + 1]);
		if (lo < 0)
			return -1;
		oid->id[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

/**
 * cbp_oid_tohex() - an object ID in lower-case hex
 * @oid: the ID
 * @hex: CBP_OID_HEXSZ + 1 bytes for the digits and a NUL
 *
 * Return: @hex.
 */
char *cbp_oid_tohex(const struct cbp_oid *oid, char *hex)
{
	static const char digits[] = "0123456789abcdef";
	int i;

	for (i = 0; i < CBP_OID_RAWSZ; i++) {
		hex[2 * i] = digits[oid->id[i] >> 4];
		hex[2 * i + 1] = digits[oid->id[i] & 0xf];
	}
	hex[CBP_OID_HEXSZ] = '\0';
	return hex;
}

/**
 * cbp_oid_equal() - whether two object IDs are the same
 * @a: an ID
 * @b: another
 *
 * Return: non-zero if they are.
 */
int cbp_oid_equal(const struct cbp_oid *a, const struct cbp_oid *b)
{
	return !memcmp(a->id, b->id, CBP_OID_RAWSZ);
}

/* The seconds after the last '>' of an "author" line. */
static long long parse_author_time(const char *p, const char *eol)
{
	const char *gt = NULL, *q;
	long long t = 0;

	for (q = p; q < eol; q++)
		if (*q == '>')
			gt = q;
	if (!gt)
		return 0;
	for (q = gt + 1; q < eol && *q == ' '; q++)
		;
	for (; q < eol && *q >= '0' && *q <= '9' && t < 100000000000LL; q++)
		t = t * 10 + (*q - '0');
	return t;
}

/* The "Name <address>" of an author line @p (after "author "), or NULL. */
static const char *parse_author(const char *p, const char *eol, size_t *len)
{
	const char *gt = NULL, *q;

	for (q = p; q < eol; q++)
		if (*q == '>')
			gt = q;
	*len = gt ? (size_t)(gt + 1 - p) : 0;
	return gt ? p : NULL;
}

/**
 * cbp_git_parse_commit() - read the header of a commit object
 * @buf: the object's contents (not NUL-terminated)
 * @len: their length
 * @c: receives the parents (lines "parent <40 hex digits>", others
 *     ignored), the author and the author time, the "encoding" of the
 *     message ("" when none or longer than a charset's name) and where
 *     the message starts; @c->obj is left alone
 *
 * Return: 0.
 */
int cbp_git_parse_commit(const char *buf, size_t len, struct cbp_git_commit *c)
{
	const char *p = buf, *end = buf + len, *msg = end;

	c->nr_parents = 0;
	c->atime = 0;
	c->author = NULL;
	c->author_len = 0;
	c->encoding[0] = '\0';
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);

		if (!eol)
			eol = end;
		if (eol == p) {
			msg = p + 1;
			break;
		}
		if (eol - p >= 7 + CBP_OID_HEXSZ && !memcmp(p, "parent ", 7)) {
			struct cbp_oid oid;

			if (!cbp_oid_fromhex(&oid, p + 7)) {
				c->parents = cbp_grow(c->parents,
						      sizeof(*c->parents),
						      c->nr_parents + 1,
						      &c->alloc_parents);
				c->parents[c->nr_parents++] = oid;
			}
		} else if (eol - p > 7 && !memcmp(p, "author ", 7)) {
			c->atime = parse_author_time(p, eol);
			c->author = parse_author(p + 7, eol, &c->author_len);
		} else if (eol - p > 9 && !memcmp(p, "encoding ", 9) &&
			   (size_t)(eol - p - 9) < sizeof(c->encoding)) {
			memcpy(c->encoding, p + 9, eol - p - 9);
			c->encoding[eol - p - 9] = '\0';
		}
		p = eol + 1;
	}
	if (msg > end)
		msg = end;
	c->msg = msg;
	c->msg_len = end - msg;
	return 0;
}
