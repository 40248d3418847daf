// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the patch and mailbox reader (cmocka, TAP output): the
 * "-- " of a hunk against the signature, MIME bodies (base64,
 * quoted-printable, multipart as git format-patch --attach and mail
 * clients write them), charsets, RFC 2047 subjects, and the input limit.
 *
 * Encoded mails are made here from a plain one by encoders written for
 * the test (RFC 2045 base64 and quoted-printable), and must read exactly
 * as the plain mail does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/patch.h"
#include "base/trailer.h"
#include "base/util.h"

/* "-- ": a removed "- " line in a hunk, or the signature separator. */
#define DD	"--\x20"

/* The commit message: a Fixes: line quoting a subject with UTF-8 in it. */
#define MSG \
	"The frobnicator must be reset before use; a line long enough that " \
	"a quoted-printable encoder has to break it.\n" \
	"\n" \
	"Fixes: 1234567890ab (\"drm/x: add the caf\xc3\xa9 frobnicator\")\n" \
	"Cc: stable@vger.kernel.org\n" \
	"Signed-off-by: A U Thor <author@example.com>\n"

/*
 * A diff removing the line "- " (as in a Markdown list), which a hunk
 * writes "-- ", and an '=' that quoted-printable must escape.
 */
#define DIFF \
	"diff --git a/x.md b/x.md\n" \
	"index 12a3bc3..5de89dd 100644\n" \
	"--- a/x.md\n" \
	"+++ b/x.md\n" \
	"@@ -1,3 +1,3 @@\n" \
	" a\n" \
	DD "\n" \
	"+b = 1;\n" \
	" c\n"

#define HEAD \
	"From 6baa76e12dda53e564fc0abcd4502741c45d0f17 Mon Sep 17 00:00:00 2001\n" \
	"From: A U Thor <author@example.com>\n" \
	"Date: Mon, 6 Jan 2025 10:00:00 +0000\n" \
	"Subject: [PATCH 6.12.y] drm/x: reset the frobnicator\n"

#define STAT \
	"---\n" \
	" x.md | 2 +-\n" \
	" 1 file changed, 1 insertion(+), 1 deletion(-)\n" \
	"\n"

#define SIG	DD "\n2.39.5\n\n"

/* The body after the header block, as format-patch writes it. */
static const char plain_body[] = MSG STAT DIFF SIG;

struct buf {
	char *s;
	size_t len;
};

static void add(struct buf *b, const char *s, size_t n)
{
	b->s = realloc(b->s, b->len + n + 1);
	assert_non_null(b->s);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void adds(struct buf *b, const char *s)
{
	add(b, s, strlen(s));
}

/* RFC 2045 base64, in lines of 76 characters. */
static void add_base64(struct buf *b, const char *in, size_t len)
{
	static const char abc[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = (const unsigned char *)in;
	size_t i, col = 0;
	char q[4];

	for (i = 0; i < len; i += 3) {
		unsigned int v = p[i] << 16;

		if (i + 1 < len)
			v |= p[i + 1] << 8;
		if (i + 2 < len)
			v |= p[i + 2];
		q[0] = abc[v >> 18];
		q[1] = abc[(v >> 12) & 63];
		q[2] = i + 1 < len ? abc[(v >> 6) & 63] : '=';
		q[3] = i + 2 < len ? abc[v & 63] : '=';
		add(b, q, 4);
		col += 4;
		if (col == 76) {
			adds(b, "\n");
			col = 0;
		}
	}
	if (col)
		adds(b, "\n");
}

/*
 * RFC 2045 quoted-printable: printable ASCII but '=' as is, other bytes
 * and blanks before a line end as =XX, lines broken at 76 with "=".
 */
static void add_qp(struct buf *b, const char *in, size_t len)
{
	size_t i, col = 0;
	char e[4];

	for (i = 0; i < len; i++) {
		unsigned char c = in[i];
		int at_eol = i + 1 == len || in[i + 1] == '\n';

		if (c == '\n') {
			adds(b, "\n");
			col = 0;
			continue;
		}
		if ((c >= 33 && c <= 126 && c != '=') ||
		    ((c == ' ' || c == '\t') && !at_eol))
			snprintf(e, sizeof(e), "%c", c);
		else
			snprintf(e, sizeof(e), "=%02X", c);
		if (col + strlen(e) > 75) {
			adds(b, "=\n");
			col = 0;
		}
		adds(b, e);
		col += strlen(e);
	}
}

static struct cbp_patch_list list;

static int teardown(void **state)
{
	(void)state;
	cbp_patch_list_release(&list);
	return 0;
}

static struct cbp_patch *parse_one(const struct buf *b)
{
	assert_int_equal(cbp_patch_parse(&list, "t.patch", b->s, b->len), 1);
	return &list.p[list.nr - 1];
}

/* The mail must read as the plain one: same subject, message and diff. */
static void assert_reads_as_plain(const struct cbp_patch *p)
{
	if (p->error)
		fail_msg("unexpected error at line %u: %s", p->error_line,
			 p->error);
	assert_string_equal(p->subject, "drm/x: reset the frobnicator");
	assert_string_equal(p->msg, MSG);
	assert_int_equal(p->msg_len, strlen(MSG));
	assert_non_null(p->diff);
	assert_string_equal(p->diff, DIFF);
	assert_int_equal(p->diff_len, strlen(DIFF));
}

static void plain_mail(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD "\n");
	adds(&b, plain_body);
	p = parse_one(&b);
	assert_reads_as_plain(p);
	/* From, From:, Date:, Subject:, blank, then the message */
	assert_int_equal(p->msg_line, 6);
	assert_int_equal(p->line, 1);
	free(b.s);
}

/* Point 11: "-- " inside a hunk is a removed "- " line. */
static void dash_dash_in_hunk(void **state)
{
	static const char *const diffs[] = {
		/* removed last, then the signature */
		"diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n"
		"@@ -1,2 +1 @@\n a\n" DD "\n",
		/* removed first */
		"diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n"
		"@@ -1,2 +1 @@\n" DD "\n a\n",
		/* two hunks, in two files, each removing "- " */
		"diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n"
		"@@ -1,2 +1 @@\n" DD "\n a\n@@ -10 +9,0 @@\n" DD "\n"
		"diff --git a/y.md b/y.md\n--- a/y.md\n+++ b/y.md\n"
		"@@ -3,3 +3,2 @@\n x\n" DD "\n y\n",
		/* "-- " as context, and "--" (a removed "-") */
		"diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n"
		"@@ -1,3 +1,2 @@\n " DD "\n--\n a\n",
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(diffs); i++) {
		struct buf b = { 0 };
		struct cbp_patch *p;

		adds(&b, HEAD "\n" MSG STAT);
		adds(&b, diffs[i]);
		adds(&b, SIG);
		p = parse_one(&b);
		if (p->error)
			fail_msg("diff %zu: %s (line %u)", i, p->error,
				 p->error_line);
		assert_string_equal(p->diff, diffs[i]);
		free(b.s);
	}
}

/* The signature ends the diff only between hunks; "--" too (mailers). */
static void signature_after_hunks(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD "\n" MSG STAT DIFF "--\n2.39.5\n\nList footer\n");
	p = parse_one(&b);
	assert_null(p->error);
	assert_string_equal(p->diff, DIFF);
	free(b.s);
}

/* A hunk cut short is still an error, wherever the "-- " falls. */
static void truncated_hunk(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD "\n" MSG STAT
	     "diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n"
	     "@@ -1,4 +1,3 @@\n a\n" DD "\n+b\n" SIG);
	p = parse_one(&b);
	assert_non_null(p->error);
	/* 4 header lines, a blank, 5 of message, 4 of diffstat, 3 of diff */
	assert_non_null(strstr(p->error, "the hunk at line 18 does not match"));
	/* the first line that cannot be in the hunk: "2.39.5" */
	assert_int_equal(p->error_line, 23);
	free(b.s);
}

static const char mime_head[] =
	"MIME-Version: 1.0\n"
	"Content-Type: text/plain; charset=UTF-8\n";

/* Point 12: the whole body in base64, as mail clients send it. */
static void base64_body(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD);
	adds(&b, mime_head);
	adds(&b, "Content-Transfer-Encoding: base64\n\n");
	add_base64(&b, plain_body, strlen(plain_body));
	p = parse_one(&b);
	assert_reads_as_plain(p);
	/* Decoded lines are no lines of the file. */
	assert_int_equal(p->msg_line, 0);
	free(b.s);
}

/* CRLF line ends inside the base64 are line ends too. */
static void base64_crlf(void **state)
{
	static const char text[] = "Body.\r\n\r\nSigned-off-by: A <a@b>\r\n---\r\n"
		"diff --git a/x b/x\r\n--- a/x\r\n+++ b/x\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n";
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD "Content-Transfer-Encoding: BASE64\n\n");
	add_base64(&b, text, strlen(text));
	p = parse_one(&b);
	assert_null(p->error);
	assert_string_equal(p->msg, "Body.\n\nSigned-off-by: A <a@b>\n");
	assert_string_equal(p->diff,
			    "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n");
	free(b.s);
}

static void quoted_printable_body(void **state)
{
	struct buf b = { 0 }, enc = { 0 };
	struct cbp_patch *p;

	(void)state;
	add_qp(&enc, plain_body, strlen(plain_body));
	/* The encoder did what the test is about. */
	assert_non_null(strstr(enc.s, "=\n"));
	assert_non_null(strstr(enc.s, "=3D"));
	assert_non_null(strstr(enc.s, "--=20\n"));
	assert_non_null(strstr(enc.s, "caf=C3=A9"));
	adds(&b, HEAD);
	adds(&b, mime_head);
	adds(&b, "Content-Transfer-Encoding: quoted-printable\n\n");
	add(&b, enc.s, enc.len);
	p = parse_one(&b);
	assert_reads_as_plain(p);
	free(b.s);
	free(enc.s);
}

/* What git format-patch --attach writes (a boundary of its version). */
static void multipart_attach(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD
	     "MIME-Version: 1.0\n"
	     "Content-Type: multipart/mixed; boundary=\"------------2.39.5\"\n"
	     "\n"
	     "This is a multi-part message in MIME format.\n"
	     "--------------2.39.5\n"
	     "Content-Type: text/plain; charset=UTF-8; format=fixed\n"
	     "Content-Transfer-Encoding: 8bit\n"
	     "\n"
	     MSG STAT
	     "\n"
	     "--------------2.39.5\n"
	     "Content-Type: text/x-patch; name=\"0001-drm-x-reset.patch\"\n"
	     "Content-Transfer-Encoding: 8bit\n"
	     "Content-Disposition: attachment; filename=\"0001-drm-x-reset.patch\"\n"
	     "\n"
	     DIFF
	     "\n"
	     "--------------2.39.5--\n"
	     "\n");
	p = parse_one(&b);
	assert_reads_as_plain(p);
	/* An 8bit part is the file's own lines: line 13 holds the message. */
	assert_int_equal(p->msg_line, 13);
	free(b.s);
}

/*
 * A mail client's: a note in text/plain (quoted-printable), an HTML copy
 * in multipart/alternative that is not text of the patch, the patch as a
 * base64 application/octet-stream attachment named .patch, and a
 * signature part; CRLF line ends throughout.
 */
static void multipart_client(void **state)
{
	struct buf b = { 0 }, crlf = { 0 };
	struct cbp_patch *p;
	size_t i;

	(void)state;
	adds(&b, HEAD
	     "MIME-Version: 1.0\n"
	     "Content-Type: multipart/signed; micalg=pgp-sha256;\n"
	     "\tprotocol=\"application/pgp-signature\"; boundary=outer\n"
	     "\n"
	     "--outer\n"
	     "Content-Type: multipart/mixed; boundary=\"inner=_1\"\n"
	     "\n"
	     "--inner=_1\n"
	     "Content-Type: multipart/alternative; boundary=alt\n"
	     "\n"
	     "--alt\n"
	     "Content-Type: text/plain; charset=utf-8\n"
	     "Content-Transfer-Encoding: quoted-printable\n"
	     "\n");
	add_qp(&b, MSG STAT, strlen(MSG STAT));
	adds(&b, "--alt\n"
	     "Content-Type: text/html; charset=utf-8\n"
	     "\n"
	     "<p>diff --git a/html b/html</p>\n"
	     "--alt--\n"
	     "--inner=_1\n"
	     "Content-Type: application/octet-stream;\n"
	     " name=\"0001-drm-x-reset.patch\"\n"
	     "Content-Disposition: attachment;\n"
	     " filename=\"0001-drm-x-reset.patch\"\n"
	     "Content-Transfer-Encoding: base64\n"
	     "\n");
	add_base64(&b, DIFF SIG, strlen(DIFF SIG));
	adds(&b, "--inner=_1--\n"
	     "--outer\n"
	     "Content-Type: application/pgp-signature; name=\"signature.asc\"\n"
	     "\n"
	     "-----BEGIN PGP SIGNATURE-----\n"
	     "diff --git a/sig b/sig\n"
	     "-----END PGP SIGNATURE-----\n"
	     "--outer--\n");
	/* CRLF, as on the wire. */
	for (i = 0; i < b.len; i++) {
		if (b.s[i] == '\n')
			adds(&crlf, "\r\n");
		else
			add(&crlf, b.s + i, 1);
	}
	p = parse_one(&crlf);
	assert_reads_as_plain(p);
	free(b.s);
	free(crlf.s);
}

/* A boundary that never comes: the body is read as it is. */
static void multipart_without_parts(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD "Content-Type: multipart/mixed; boundary=nowhere\n\n");
	adds(&b, plain_body);
	p = parse_one(&b);
	assert_reads_as_plain(p);
	free(b.s);
}

/*
 * ISO-8859-1: the message is converted to UTF-8 (so that a quoted
 * subject compares with the repository's), the diff keeps its bytes (so
 * that its patch-id is the commit's), the subject is decoded from RFC 2047.
 */
static void latin1(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, "From: A <a@b>\n"
	     "Subject: [PATCH] =?ISO-8859-1?Q?drm/x:_caf=E9_au_lait?=\n"
	     "Content-Type: text/plain; charset=\"iso-8859-1\"\n"
	     "Content-Transfer-Encoding: 8bit\n"
	     "\n"
	     "Fixes: 1234567890ab (\"drm/x: add the caf\xe9 frobnicator\")\n"
	     "---\n"
	     "diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n"
	     "-/* caf\xe9 */\n+/* tea */\n");
	p = parse_one(&b);
	assert_null(p->error);
	assert_string_equal(p->subject, "drm/x: caf\xc3\xa9 au lait");
	assert_string_equal(p->msg,
			    "Fixes: 1234567890ab (\"drm/x: add the caf\xc3\xa9 frobnicator\")\n");
	assert_non_null(strstr(p->diff, "-/* caf\xe9 */\n"));
	/* Converting keeps the lines: they are still the file's. */
	assert_int_equal(p->msg_line, 6);
	free(b.s);
}

/* No charset, not UTF-8: ISO-8859-1 is assumed, also in the subject. */
static void undeclared_8bit(void **state)
{
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, "From: A <a@b>\nSubject: drm/x: na\xefve fix\n\n"
	     "Body na\xefve.\n---\n"
	     "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n");
	p = parse_one(&b);
	assert_null(p->error);
	assert_string_equal(p->subject, "drm/x: na\xc3\xafve fix");
	assert_string_equal(p->msg, "Body na\xc3\xafve.\n");
	free(b.s);
}

struct subject_case {
	const char *raw;
	const char *want;
};

static void rfc2047_subjects(void **state)
{
	static const struct subject_case cases[] = {
		/* git format-patch folds long subjects into several words */
		{ "[PATCH] =?UTF-8?q?drm/x:=20fix=20the=20frobnicator=20=E2=80=93=20?=\n"
		  " =?UTF-8?q?caf=C3=A9?=",
		  "drm/x: fix the frobnicator \xe2\x80\x93 caf\xc3\xa9" },
		/* a character split between two base64 words */
		{ "=?utf-8?b?Y2Fmw6nC?= =?utf-8?b?qSBvaw==?=",
		  "caf\xc3\xa9\xc2\xa9 ok" },
		/* two charsets, blanks between words dropped, kept around */
		{ "a =?iso-8859-1?q?=E9?= =?utf-8?q?=C3=A9?= b",
		  "a \xc3\xa9\xc3\xa9 b" },
		/* RFC 2231 language, lower-case q, underscores */
		{ "=?UTF-8*en?q?drm/x:_fix?=", "drm/x: fix" },
		/* Windows-1252 (the euro sign is 0x80 there) */
		{ "=?windows-1252?q?=80_price?=", "\xe2\x82\xac price" },
		/* not encoded words: kept as written */
		{ "=?utf-8?x?abc?= =?broken", "=?utf-8?x?abc?= =?broken" },
		/* an unknown charset: bytes kept, made printable */
		{ "=?x-no-such-charset?q?ok?=", "ok" },
		/* control characters do not reach the terminal */
		{ "=?utf-8?q?a=1B]0;title=07b?=", "a ]0;title b" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct buf b = { 0 };
		struct cbp_patch *p;

		adds(&b, "From: A <a@b>\nSubject: ");
		adds(&b, cases[i].raw);
		adds(&b, "\n\nbody\n");
		p = parse_one(&b);
		if (strcmp(p->subject, cases[i].want))
			fail_msg("subject %zu: got '%s', want '%s'", i,
				 p->subject, cases[i].want);
		free(b.s);
	}
}

/* Errors in decoded text say where, in terms of the part. */
static void decoded_errors(void **state)
{
	static const char text[] = "Body.\n---\n"
		"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1 @@\n-a\n";
	struct buf b = { 0 };
	struct cbp_patch *p;

	(void)state;
	adds(&b, HEAD "Content-Transfer-Encoding: base64\n\n");
	add_base64(&b, text, strlen(text));
	p = parse_one(&b);
	assert_non_null(p->error);
	assert_non_null(strstr(p->error,
			       "the hunk at line 6 of the base64 part does not match"));
	/* the first line of the part's content in the file */
	assert_int_equal(p->error_line, 7);
	free(b.s);

	b.s = NULL;
	b.len = 0;
	adds(&b, HEAD "Content-Transfer-Encoding: base64\n\n");
	add_base64(&b, "Body.\n\0\n", 8);
	p = parse_one(&b);
	assert_non_null(p->error);
	assert_non_null(strstr(p->error, "NUL byte in the decoded body"));
	free(b.s);
}

/* Several mails, encoded or not, in one mailbox; lines still right. */
static void mbox_of_encoded(void **state)
{
	struct buf b = { 0 };
	unsigned int second = 1;
	size_t first, i;

	(void)state;
	adds(&b, HEAD "Content-Transfer-Encoding: base64\n\n");
	add_base64(&b, plain_body, strlen(plain_body));
	adds(&b, "\n");
	for (i = 0; i < b.len; i++)
		second += b.s[i] == '\n';
	adds(&b, HEAD "\n");
	adds(&b, plain_body);
	first = list.nr;
	assert_int_equal(cbp_patch_parse(&list, "t.mbox", b.s, b.len), 2);
	assert_reads_as_plain(&list.p[first]);
	assert_reads_as_plain(&list.p[first + 1]);
	assert_int_equal(list.p[first + 1].nr, 2);
	assert_int_equal(list.p[first + 1].line, second);
	assert_int_equal(list.p[first + 1].msg_line, second + 5);
	free(b.s);
}

/* Point 13: inputs past the documented limit are refused, not read. */
static void input_limit(void **state)
{
	char path[] = "/tmp/cbp-unit-patch.XXXXXX";
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	/* 128 MiB is the documented limit; one byte more is refused. */
	assert_int_equal(CBP_PATCH_MAX_INPUT, (size_t)128 << 20);
	assert_int_equal(ftruncate(fd, ((off_t)128 << 20) + 1), 0);
	assert_int_equal(cbp_patch_read_file(&list, path), -1);
	assert_non_null(strstr(cbp_errmsg(), "larger than 128 MiB"));
	close(fd);
	unlink(path);
}

/**
 * main() - run the tests, reporting in TAP
 *
 * Return: the number of failed tests.
 */
int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(plain_mail, teardown),
		cmocka_unit_test_teardown(dash_dash_in_hunk, teardown),
		cmocka_unit_test_teardown(signature_after_hunks, teardown),
		cmocka_unit_test_teardown(truncated_hunk, teardown),
		cmocka_unit_test_teardown(base64_body, teardown),
		cmocka_unit_test_teardown(base64_crlf, teardown),
		cmocka_unit_test_teardown(quoted_printable_body, teardown),
		cmocka_unit_test_teardown(multipart_attach, teardown),
		cmocka_unit_test_teardown(multipart_client, teardown),
		cmocka_unit_test_teardown(multipart_without_parts, teardown),
		cmocka_unit_test_teardown(latin1, teardown),
		cmocka_unit_test_teardown(undeclared_8bit, teardown),
		cmocka_unit_test_teardown(rfc2047_subjects, teardown),
		cmocka_unit_test_teardown(decoded_errors, teardown),
		cmocka_unit_test_teardown(mbox_of_encoded, teardown),
		cmocka_unit_test_teardown(input_limit, teardown),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("patch", tests, NULL, NULL);
}
