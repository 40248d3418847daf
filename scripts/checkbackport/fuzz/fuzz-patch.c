// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the patch and mailbox reader: cbp_patch_parse()
 * (mbox splitting, header blocks, RFC 2047 subjects, MIME bodies in
 * base64, quoted-printable and multipart, charsets, hunks) and the MIME
 * helpers it uses, on arbitrary bytes.
 *
 * Besides memory errors (ASan/UBSan), it checks the reader's promises:
 * every mail has a line within the input, a malformed one an error and a
 * line, a good one a subject; subjects are printable UTF-8; messages and
 * diffs hold no NUL before their length; a diff starts with "diff --git"
 * and ends with a newline; a message that maps to lines of the input is
 * those lines (where no charset converts them).
 */
#include <stdlib.h>
#include <string.h>

#include "base/mime.h"
#include "base/patch.h"
#include "base/trailer.h"

struct input {
	const char *s;
	size_t len;
	unsigned int lines;
	int charset;
};

/* Line @n (1-based) of the input, without its line end. */
static const char *input_line(const struct input *in, unsigned int n,
			      size_t *len)
{
	const char *p = in->s, *end = in->s + in->len, *eol;

	while (--n && p < end) {
		eol = memchr(p, '\n', end - p);
		p = eol ? eol + 1 : end;
	}
	eol = memchr(p, '\n', end - p);
	*len = (eol ? eol : end) - p;
	if (eol && *len && p[*len - 1] == '\r')
		(*len)--;
	return p;
}

/* Does the input name a charset (in any case)?  Then text may convert. */
static int names_charset(const char *s, size_t len)
{
	static const char word[] = "charset";
	size_t i, k;

	for (i = 0; i + sizeof(word) - 1 <= len; i++) {
		for (k = 0; word[k] && (s[i + k] | 0x20) == word[k]; k++)
			;
		if (!word[k])
			return 1;
	}
	return 0;
}

static void check_msg_lines(const struct input *in, const struct cbp_patch *p)
{
	const char *m = p->msg, *end = p->msg + p->msg_len;
	unsigned int n = p->msg_line;

	while (m < end) {
		const char *eol = memchr(m, '\n', end - m);
		size_t len = (eol ? eol : end) - m, ilen;
		const char *il;

		if (n > in->lines)
			abort();
		il = input_line(in, n, &ilen);
		/*
		 * Without a charset, only lines that are not UTF-8 are
		 * converted (from ISO-8859-1); the others are the input's.
		 */
		if (cbp_utf8_valid(il, ilen) &&
		    (len != ilen || memcmp(m, il, len)))
			abort();
		m = eol ? eol + 1 : end;
		n++;
	}
}

static void check_patch(const struct input *in, const struct cbp_patch *p)
{
	size_t i, n;

	if (strcmp(p->source, "fuzz") || !p->nr)
		abort();
	if (p->line < 1 || p->line > in->lines)
		abort();
	if (p->error) {
		if (!p->error[0] || p->error_line > in->lines)
			abort();
	} else if (!p->subject) {
		abort();
	}
	if (p->subject) {
		n = strlen(p->subject);
		if (!cbp_utf8_valid(p->subject, n))
			abort();
		for (i = 0; i < n; i++)
			if ((unsigned char)p->subject[i] < 0x20 ||
			    p->subject[i] == 0x7f)
				abort();
	}
	if (p->msg) {
		if (strlen(p->msg) != p->msg_len)
			abort();
		if (p->msg_line > in->lines)
			abort();
		if (p->msg_line && !in->charset)
			check_msg_lines(in, p);
	}
	if (p->diff) {
		if (strlen(p->diff) != p->diff_len ||
		    strncmp(p->diff, "diff --git ", 11) ||
		    p->diff[p->diff_len - 1] != '\n')
			abort();
	}
}

/* The MIME helpers on their own, for what the reader may not reach. */
static void check_mime(const char *s, size_t len)
{
	struct cbp_mime m = { .cte = CBP_CTE_IDENTITY };
	char out[256], *dec, *u;
	const char *eol;
	size_t n;

	n = cbp_mime_decode_words(s, len, "", out, sizeof(out));
	if (n >= sizeof(out) || strlen(out) != n)
		abort();
	cbp_mime_field(&m, s, len);
	if (strlen(m.type) >= sizeof(m.type) ||
	    strlen(m.boundary) >= sizeof(m.boundary) ||
	    strlen(m.charset) >= sizeof(m.charset))
		abort();
	cbp_mime_is_multipart(&m);
	cbp_mime_is_patch_text(&m);
	dec = malloc(len ? len : 1);
	if (!dec)
		return;
	if (cbp_mime_decode(CBP_CTE_BASE64, s, len, dec) > len ||
	    cbp_mime_decode(CBP_CTE_QP, s, len, dec) > len)
		abort();
	free(dec);
	/* The first line names a charset; the rest is text in it. */
	eol = memchr(s, '\n', len);
	n = eol ? (size_t)(eol - s) : len;
	if (n < len && n < 40) {
		char cs[48];
		size_t ulen;

		memcpy(cs, s, n);
		cs[n] = '\0';
		u = cbp_mime_to_utf8(s + n + 1, len - n - 1, cs, &ulen);
		/* No NUL comes out that did not go in. */
		if (strlen(u) != ulen && !memchr(s + n + 1, '\0', len - n - 1))
			abort();
		free(u);
	}
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
	struct cbp_patch_list list = { NULL, 0, 0 };
	struct input in;
	char *buf;
	size_t i;
	int n;

	/* An exact-size copy, so ASan catches any read past the end. */
	buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	in.s = buf;
	in.len = size;
	in.lines = 1;
	for (i = 0; i < size; i++)
		in.lines += buf[i] == '\n';
	in.charset = names_charset(buf, size);

	n = cbp_patch_parse(&list, "fuzz", buf, size);
	if (n < 1 || (size_t)n != list.nr)
		abort();
	for (i = 0; i < list.nr; i++)
		check_patch(&in, &list.p[i]);
	cbp_patch_list_release(&list);

	check_mime(buf, size);
	free(buf);
	return 0;
}
