// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the trailer scanner: cbp_parse_message(),
 * cbp_scan_message(), cbp_subject(), cbp_sanitize(), cbp_version_key()
 * and cbp_release_key() on arbitrary bytes.
 *
 * Besides memory errors (ASan/UBSan), it checks the scanner's promises:
 * every citation has 7..40 lower-case hex digits (more, marked malformed
 * and cut to CBP_CITE_HEX_MAX, only when asked for), a known kind, a line
 * number within the message and a quoted subject inside the message, and
 * sanitized text is NUL-terminated and fits its buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "base/trailer.h"

struct ctx {
	const char *msg;
	size_t len;
	unsigned int lines;
	int malformed_ok;
};

static int check_cite(const struct cbp_cite *c, void *data)
{
	const struct ctx *x = data;
	size_t i;

	int too_long = c->hexlen > CBP_HEX_MAX;

	if (c->malformed != (x->malformed_ok && too_long) ||
	    c->hexlen < CBP_HEX_MIN ||
	    (!c->malformed && c->hexlen > CBP_HEX_MAX) ||
	    strlen(c->hex) != (c->hexlen < CBP_CITE_HEX_MAX ? c->hexlen :
			       CBP_CITE_HEX_MAX))
		abort();
	for (i = 0; c->hex[i]; i++)
		if (!strchr("0123456789abcdef", c->hex[i]))
			abort();
	if (!cbp_kind_is_origin(c->kind) && c->kind != CBP_FIXES &&
	    c->kind != CBP_STABLE_DEP_OF && c->kind != CBP_REVERTS)
		abort();
	if (c->line < 1 || c->line > x->lines)
		abort();
	if (c->quoted && (c->quoted < x->msg ||
			  c->quoted + c->quoted_len > x->msg + x->len))
		abort();
	return 0;
}

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: input bytes
 * @size: number of input bytes
 *
 * Return: 0.
 */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct ctx x;
	char *msg, out[64];
	size_t n, i;
	long long key;

	/* An exact-size copy, so ASan catches any read past the end. */
	msg = malloc(size ? size : 1);
	if (!msg)
		return 0;
	memcpy(msg, data, size);
	x.msg = msg;
	x.len = size;
	x.lines = 1;
	for (i = 0; i < size; i++)
		x.lines += msg[i] == '\n';

	x.malformed_ok = 0;
	cbp_parse_message(msg, size, check_cite, &x);
	x.malformed_ok = 1;
	cbp_scan_message(msg, size, CBP_SCAN_MALFORMED, check_cite, &x);

	n = cbp_subject(msg, size, out, sizeof(out));
	if (n >= sizeof(out) || strlen(out) != n)
		abort();
	n = cbp_sanitize(msg, size, out, sizeof(out));
	if (n >= sizeof(out) || strlen(out) != n)
		abort();
	cbp_version_key(msg, size < 32 ? size : 32);
	/* A release pattern's version: a key, or why it is none. */
	key = cbp_release_key(msg, size < 32 ? size : 32);
	if (key < 0 && !cbp_version_error(key))
		abort();
	free(msg);
	return 0;
}
