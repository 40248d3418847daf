/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of MIME that patches travel in: transfer encodings (base64,
 * quoted-printable), RFC 2047 encoded words in headers, the fields that
 * describe a body (Content-Type with its charset and boundary,
 * Content-Transfer-Encoding, Content-Disposition) and conversion of text
 * to UTF-8 with iconv(3).  Free of libgit2 and SQLite, like patch.c, so
 * that it can be unit-tested and fuzzed on its own.  Nothing here reads
 * past the lengths it is given; inputs need not be NUL-terminated.
 */
#ifndef CHECKBACKPORT_MIME_H
#define CHECKBACKPORT_MIME_H

#include <stddef.h>

/* Content-Transfer-Encoding values that change the bytes. */
enum cbp_cte {
	CBP_CTE_IDENTITY = 0,	/* 7bit, 8bit, binary, absent or unknown */
	CBP_CTE_BASE64,
	CBP_CTE_QP,		/* quoted-printable */
};

/* Longest boundary kept; RFC 2046 allows 70 characters. */
#define CBP_MIME_BOUNDARY_MAX	200

/**
 * struct cbp_mime - what the header fields of a mail or a part say
 * @type: media type, lower-case ("text/plain"); "" if there is none
 * @charset: charset parameter, lower-case; "" if there is none
 * @boundary: multipart boundary parameter; "" if there is none
 * @filename: Content-Disposition filename or Content-Type name; "" if none
 * @cte: the transfer encoding
 */
struct cbp_mime {
	char type[80];
	char charset[48];
	char boundary[CBP_MIME_BOUNDARY_MAX + 1];
	char filename[160];
	enum cbp_cte cte;
};

int cbp_mime_field(struct cbp_mime *m, const char *field, size_t len);
int cbp_mime_is_multipart(const struct cbp_mime *m);
int cbp_mime_is_patch_text(const struct cbp_mime *m);
size_t cbp_mime_decode(enum cbp_cte cte, const char *in, size_t len,
		       char *out);
size_t cbp_mime_decode_words(const char *in, size_t len,
			     const char *fallback, char *out, size_t outsz);
int cbp_mime_is_utf8(const char *charset, const char *s, size_t len);
char *cbp_mime_to_utf8(const char *in, size_t len, const char *charset,
		       size_t *outlen);

#endif /* CHECKBACKPORT_MIME_H */
