// SPDX-License-Identifier: GPL-2.0
/*
 * MIME for patches: the transfer encodings mail clients and archives use
 * (base64, quoted-printable), RFC 2047 encoded words, the Content-* fields
 * and conversion to UTF-8.
 *
 * What git am does is the model: encoded bodies are decoded, the commit
 * message is converted to UTF-8 from the charset its part declares, and
 * the diff is left as the bytes it decoded to (so that its patch-id is the
 * commit's).  In text that declares no charset, or US-ASCII, but is not
 * UTF-8, the bytes that are not UTF-8 are read as ISO-8859-1, the usual
 * charset of such mails.
 */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mime.h"
#include "trailer.h"
#include "util.h"

static int b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

static int is_wsp(char c)
{
	return c == ' ' || c == '\t';
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Copy [s, e) into @out (size @outsz), lower-cased, NUL-terminated. */
static void copy_lower(char *out, size_t outsz, const char *s, const char *e)
{
	size_t n = 0;

	while (s < e && n + 1 < outsz)
		out[n++] = lower(*s++);
	out[n] = '\0';
}

/* RFC 2045 token characters. */
static int is_token(char c)
{
	return c > ' ' && c < 0x7f && !strchr("()<>@,;:\\\"/[]?=", c);
}

/*
 * Read one "; name=value" parameter at @p.  The name is lower-cased into
 * @name; the value, unquoted, into @val.  Returns the position after it,
 * or NULL at the end of the field.
 */
static const char *next_param(const char *p, const char *end, char *name,
			      size_t namesz, char *val, size_t valsz)
{
	const char *s;
	size_t n = 0;

	while (p < end && *p != ';')
		p++;
	if (p >= end)
		return NULL;
	p++;
	while (p < end && is_wsp(*p))
		p++;
	for (s = p; p < end && is_token(*p) && *p != '='; p++)
		;
	copy_lower(name, namesz, s, p);
	while (p < end && is_wsp(*p))
		p++;
	val[0] = '\0';
	if (p >= end || *p != '=')
		return p;
	p++;
	while (p < end && is_wsp(*p))
		p++;
	if (p < end && *p == '"') {
		for (p++; p < end && *p != '"'; p++) {
			if (*p == '\\' && p + 1 < end)
				p++;
			if (n + 1 < valsz)
				val[n++] = *p;
		}
		if (p < end)
			p++;
	} else {
		for (; p < end && *p != ';' && !is_wsp(*p); p++)
			if (n + 1 < valsz)
				val[n++] = *p;
	}
	val[n] = '\0';
	return p;
}

/*
 * An RFC 2231 value "charset'language'percent-encoded" (for name*= and
 * filename*=): keep the decoded text; the charset only matters for the
 * extension we look at, which is ASCII.
 */
static void rfc2231_value(char *val)
{
	char *p = strchr(val, '\''), *o;

	if (p)
		p = strchr(p + 1, '\'');
	if (!p)
		return;
	for (o = val, p++; *p; p++) {
		if (*p == '%' && cbp_hexval(p[1]) >= 0 && cbp_hexval(p[2]) >= 0) {
			*o++ = (char)(cbp_hexval(p[1]) << 4 | cbp_hexval(p[2]));
			p += 2;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
}

/* The parameters of Content-Type or Content-Disposition. */
static void read_params(struct cbp_mime *m, const char *p, const char *end)
{
	char name[32], val[CBP_MIME_BOUNDARY_MAX + 1];

	while ((p = next_param(p, end, name, sizeof(name), val, sizeof(val)))) {
		if (!strcmp(name, "boundary")) {
			memcpy(m->boundary, val, sizeof(m->boundary));
		} else if (!strcmp(name, "charset")) {
			copy_lower(m->charset, sizeof(m->charset), val,
				   val + strlen(val));
		} else if (!strcmp(name, "name") || !strcmp(name, "filename") ||
			   !strcmp(name, "name*") || !strcmp(name, "filename*")) {
			if (strchr(name, '*'))
				rfc2231_value(val);
			/* Content-Disposition's filename wins over name. */
			if (!m->filename[0] || name[0] == 'f')
				snprintf(m->filename, sizeof(m->filename), "%s",
					 val);
		}
	}
}

/* Does the field [p, end) have the name @name (lower-case)? */
static const char *field_value(const char *p, const char *end,
			       const char *name)
{
	size_t n = strlen(name);

	if ((size_t)(end - p) <= n || p[n] != ':' || strncasecmp(p, name, n))
		return NULL;
	for (p += n + 1; p < end && is_wsp(*p); p++)
		;
	return p;
}

/**
 * cbp_mime_field() - take in one header field of a mail or a MIME part
 * @m: what is known so far; updated
 * @field: the whole field, "Name: value", continuation lines joined
 * @len: its length
 *
 * Content-Type, Content-Transfer-Encoding and Content-Disposition are
 * read; other fields are ignored.
 *
 * Return: 1 if the field was one of those, else 0.
 */
int cbp_mime_field(struct cbp_mime *m, const char *field, size_t len)
{
	const char *end = field + len, *v, *e;

	v = field_value(field, end, "content-type");
	if (v) {
		for (e = v; e < end && *e != ';' && !is_wsp(*e); e++)
			;
		copy_lower(m->type, sizeof(m->type), v, e);
		read_params(m, e, end);
		return 1;
	}
	v = field_value(field, end, "content-transfer-encoding");
	if (v) {
		char cte[24];

		for (e = v; e < end && !is_wsp(*e) && *e != ';'; e++)
			;
		copy_lower(cte, sizeof(cte), v, e);
		if (!strcmp(cte, "base64"))
			m->cte = CBP_CTE_BASE64;
		else if (!strcmp(cte, "quoted-printable"))
			m->cte = CBP_CTE_QP;
		else
			m->cte = CBP_CTE_IDENTITY;
		return 1;
	}
	v = field_value(field, end, "content-disposition");
	if (v) {
		read_params(m, v, end);
		return 1;
	}
	return 0;
}

/**
 * cbp_mime_is_multipart() - is this a multipart body we can split?
 * @m: the header fields read
 *
 * Return: 1 for a multipart/ type with a boundary, else 0.
 */
int cbp_mime_is_multipart(const struct cbp_mime *m)
{
	return !strncmp(m->type, "multipart/", 10) && m->boundary[0];
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcasecmp(s + n - k, suffix);
}

/**
 * cbp_mime_is_patch_text() - does a part of a multipart mail hold text
 *	that belongs to the patch?
 * @m: the part's header fields
 *
 * Text parts do (a part without Content-Type is text/plain), except HTML
 * copies of the text; so do attachments that are patches by type
 * (application/x-patch, x-diff) or by file name (.patch, .diff), as mail
 * clients send them with application/octet-stream.  Signatures, images
 * and the like do not.
 *
 * Return: 1 or 0.
 */
int cbp_mime_is_patch_text(const struct cbp_mime *m)
{
	const char *sub = strchr(m->type, '/');

	if (!m->type[0])
		return 1;
	if (!strncmp(m->type, "text/", 5))
		return strcmp(m->type, "text/html") != 0;
	if (ends_with(m->filename, ".patch") || ends_with(m->filename, ".diff"))
		return 1;
	return sub && !strncmp(m->type, "application/", 12) &&
	       (strstr(sub, "patch") || strstr(sub, "diff"));
}

static size_t decode_base64(const char *in, size_t len, char *out)
{
	unsigned int acc = 0, bits = 0;
	size_t i, o = 0;

	for (i = 0; i < len; i++) {
		int v = b64val((unsigned char)in[i]);

		if (in[i] == '=') {
			/* Padding: a new run may follow (concatenated parts). */
			acc = 0;
			bits = 0;
			continue;
		}
		if (v < 0)
			continue;
		acc = (acc << 6) | (unsigned int)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (char)((acc >> bits) & 0xff);
			acc &= (1U << bits) - 1;
		}
	}
	return o;
}

static int only_blanks(const char *p, const char *e)
{
	while (p < e && is_wsp(*p))
		p++;
	return p == e;
}

static size_t decode_qp(const char *in, size_t len, char *out)
{
	const char *p = in, *end = in + len;
	size_t o = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		const char *e = eol ? eol : end, *q;
		int soft = 0;

		if (e > p && e[-1] == '\r')
			e--;
		for (q = p; q < e; q++) {
			if (*q != '=') {
				out[o++] = *q;
				continue;
			}
			if (e - q >= 3 && cbp_hexval(q[1]) >= 0 && cbp_hexval(q[2]) >= 0) {
				out[o++] = (char)(cbp_hexval(q[1]) << 4 | cbp_hexval(q[2]));
				q += 2;
				continue;
			}
			/* "=" then only blanks: a soft line break. */
			if (only_blanks(q + 1, e)) {
				soft = 1;
				break;
			}
			/* Not an escape: keep it, as decoders do. */
			out[o++] = '=';
		}
		if (!soft && eol)
			out[o++] = '\n';
		p = eol ? eol + 1 : end;
	}
	return o;
}

/**
 * cbp_mime_decode() - undo a Content-Transfer-Encoding
 * @cte: the encoding
 * @in: encoded bytes
 * @len: their number
 * @out: room for at least @len bytes (decoding never makes text longer)
 *
 * base64 skips characters outside its alphabet and restarts after
 * padding; quoted-printable joins soft line breaks, decodes "=XX" and
 * keeps any other '=' as it is; line ends become "\n".  The identity
 * encodings copy.
 *
 * Return: the number of bytes written to @out.
 */
size_t cbp_mime_decode(enum cbp_cte cte, const char *in, size_t len,
		       char *out)
{
	switch (cte) {
	case CBP_CTE_BASE64:
		return decode_base64(in, len, out);
	case CBP_CTE_QP:
		return decode_qp(in, len, out);
	default:
		if (len)
			memcpy(out, in, len);
		return len;
	}
}

static int is_utf8_name(const char *cs)
{
	return !strcasecmp(cs, "utf-8") || !strcasecmp(cs, "utf8");
}

static int is_ascii_name(const char *cs)
{
	return !*cs || !strcasecmp(cs, "us-ascii") || !strcasecmp(cs, "ascii") ||
	       !strcasecmp(cs, "ansi_x3.4-1968");
}

/* U+FFFD, for bytes that are not text in their charset. */
static const char replacement[] = "\xef\xbf\xbd";

/* Output room kept free for U+FFFD and the NUL. */
#define ICONV_RESERVE	8

static char *iconv_grow(char *out, size_t *alloc)
{
	*alloc *= 2;
	return cbp_realloc(out, *alloc);
}

static char *iconv_to_utf8(iconv_t cd, const char *in, size_t len,
			   size_t *outlen)
{
	size_t alloc = len + len / 2 + 64, o = 0, ileft = len, oleft;
	char *out = cbp_malloc(alloc), *ip = (char *)in, *op;

	while (ileft) {
		if (alloc - o < 4 * ICONV_RESERVE)
			out = iconv_grow(out, &alloc);
		op = out + o;
		oleft = alloc - o - ICONV_RESERVE;
		if (iconv(cd, &ip, &ileft, &op, &oleft) != (size_t)-1) {
			o = op - out;
			break;
		}
		o = op - out;
		if (errno == E2BIG) {
			out = iconv_grow(out, &alloc);
			continue;
		}
		/* EILSEQ, or EINVAL for a sequence cut at the end. */
		memcpy(out + o, replacement, 3);
		o += 3;
		ip++;
		ileft--;
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	/* Back to the initial shift state (ISO-2022-JP and the like). */
	for (;;) {
		if (alloc - o < 4 * ICONV_RESERVE)
			out = iconv_grow(out, &alloc);
		op = out + o;
		oleft = alloc - o - ICONV_RESERVE;
		if (iconv(cd, NULL, NULL, &op, &oleft) != (size_t)-1 ||
		    errno != E2BIG) {
			o = op - out;
			break;
		}
		o = op - out;
		out = iconv_grow(out, &alloc);
	}
	out[o] = '\0';
	*outlen = o;
	return out;
}

/*
 * Some charsets (UTF-7, UTF-16 and others) can encode U+0000 without a
 * NUL byte; text must not hold one once converted: it becomes U+FFFD.
 */
static char *no_nul(char *s, size_t *len)
{
	size_t i, o, nuls = 0;
	char *out;

	for (i = 0; i < *len; i++)
		nuls += !s[i];
	if (!nuls)
		return s;
	out = cbp_malloc(*len + 2 * nuls + 1);
	for (i = 0, o = 0; i < *len; i++) {
		if (s[i]) {
			out[o++] = s[i];
			continue;
		}
		memcpy(out + o, replacement, 3);
		o += 3;
	}
	out[o] = '\0';
	*len = o;
	free(s);
	return out;
}

/*
 * Undeclared text that is not all UTF-8: its valid UTF-8 stays, each
 * other byte is read as ISO-8859-1 (a stray byte in a UTF-8 mail does
 * not turn every other character into two).
 */
static char *mixed_to_utf8(const char *in, size_t len, size_t *outlen)
{
	char *out = cbp_malloc(2 * len + 1);
	size_t i = 0, o = 0, n;

	while (i < len) {
		unsigned char c = in[i];

		n = cbp_utf8_char(in + i, len - i);
		if (n) {
			memcpy(out + o, in + i, n);
			o += n;
			i += n;
			continue;
		}
		out[o++] = (char)(0xc0 | c >> 6);
		out[o++] = (char)(0x80 | (c & 0x3f));
		i++;
	}
	out[o] = '\0';
	*outlen = o;
	return out;
}

/**
 * cbp_mime_is_utf8() - can text in a charset be used as UTF-8 unchanged?
 * @charset: the charset it declares ("" if none)
 * @s: the text
 * @len: its length
 *
 * Return: 1 if cbp_mime_to_utf8() would return a copy of @s, else 0.
 */
int cbp_mime_is_utf8(const char *charset, const char *s, size_t len)
{
	if (is_utf8_name(charset))
		return 1;
	return is_ascii_name(charset) && cbp_utf8_valid(s, len);
}

/**
 * cbp_mime_to_utf8() - text in some charset, as UTF-8
 * @in: the text
 * @len: its length
 * @charset: the charset it declares (any case; "" if none)
 * @outlen: set to the length of the result
 *
 * UTF-8 is copied as it is.  In text without a charset, or declared
 * US-ASCII, valid UTF-8 is kept and other bytes are read as ISO-8859-1.
 * Other charsets are converted with iconv(3); bytes that are
 * not valid in them, and U+0000, become U+FFFD.  A charset iconv does not
 * know leaves the bytes as they are (later output sanitizes them).
 *
 * Return: the result, NUL-terminated, allocated; the caller frees it.
 */
char *cbp_mime_to_utf8(const char *in, size_t len, const char *charset,
		       size_t *outlen)
{
	char name[48];
	const char *cs = charset;
	char *out;
	iconv_t cd;

	/* RFC 2231 "charset*language" */
	if (strchr(cs, '*')) {
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(cs, "*"), cs);
		cs = name;
	}
	if (is_ascii_name(cs) && !cbp_utf8_valid(in, len))
		return mixed_to_utf8(in, len, outlen);
	if (!is_utf8_name(cs) && !is_ascii_name(cs)) {
		cd = iconv_open("UTF-8", cs);
		if (cd != (iconv_t)-1) {
			out = iconv_to_utf8(cd, in, len, outlen);
			iconv_close(cd);
			return no_nul(out, outlen);
		}
	}
	out = cbp_malloc(len + 1);
	if (len)
		memcpy(out, in, len);
	out[len] = '\0';
	*outlen = len;
	return out;
}

/*
 * One RFC 2047 encoded word "=?charset?Q|B?text?=" at @p: its charset
 * into @cs, its decoded bytes appended to @buf at *@n.  Returns the
 * position after it, or NULL if there is none at @p.
 */
static const char *encoded_word(const char *p, const char *end, char *cs,
				size_t cssz, char *buf, size_t *n)
{
	const char *q, *text, *stop;
	char enc;

	if (end - p < 8 || p[0] != '=' || p[1] != '?')
		return NULL;
	q = memchr(p + 2, '?', end - p - 2);
	if (!q || q == p + 2 || end - q < 5 || q[2] != '?')
		return NULL;
	enc = lower(q[1]);
	if (enc != 'q' && enc != 'b')
		return NULL;
	text = q + 3;
	for (stop = text; stop + 1 < end; stop++)
		if (stop[0] == '?' && stop[1] == '=')
			break;
	if (stop + 1 >= end)
		return NULL;
	copy_lower(cs, cssz, p + 2, q);
	if (enc == 'b') {
		*n += decode_base64(text, stop - text, buf + *n);
	} else {
		for (q = text; q < stop; q++) {
			if (*q == '_') {
				buf[(*n)++] = ' ';
			} else if (*q == '=' && stop - q >= 3 &&
				   cbp_hexval(q[1]) >= 0 && cbp_hexval(q[2]) >= 0) {
				buf[(*n)++] = (char)(cbp_hexval(q[1]) << 4 |
						     cbp_hexval(q[2]));
				q += 2;
			} else {
				buf[(*n)++] = *q;
			}
		}
	}
	return stop + 2;
}

struct words_out {
	char *s;
	size_t n;
	size_t size;
};

/* Append @len bytes in @charset, converted to UTF-8, as far as they fit. */
static void put_text(struct words_out *w, const char *s, size_t len,
		     const char *charset)
{
	size_t n, i;
	char *u;

	if (!len)
		return;
	u = cbp_mime_to_utf8(s, len, charset, &n);
	if (n > w->size - 1 - w->n)
		n = w->size - 1 - w->n;
	/* An encoded "=00" must not cut the string short. */
	for (i = 0; i < n; i++)
		w->s[w->n++] = u[i] ? u[i] : ' ';
	free(u);
}

/**
 * cbp_mime_decode_words() - decode a header value with RFC 2047 words
 * @in: the value (continuation lines already joined)
 * @len: its length
 * @fallback: charset of bytes outside encoded words that are not UTF-8
 *	      ("": those bytes are read as ISO-8859-1)
 * @out: output buffer
 * @outsz: its size, at least 1
 *
 * Encoded words are decoded and converted to UTF-8 from their charset;
 * blanks between two of them are dropped, and adjacent words in one
 * charset are converted together, so that a character split between
 * words survives.  The result is UTF-8 (but not sanitized: it may hold
 * control characters, though NUL bytes become blanks), truncated to fit.
 *
 * Return: the length of the result in @out, which is NUL-terminated.
 */
size_t cbp_mime_decode_words(const char *in, size_t len,
			     const char *fallback, char *out, size_t outsz)
{
	const char *p = in, *end = in + len, *plain = in;
	char cs[48], run_cs[48] = "";
	struct words_out w = { out, 0, outsz };
	size_t run = 0;
	char *buf;

	if (!outsz)
		return 0;
	buf = cbp_malloc(len + 1);	/* decoded words never grow */
	while (p < end) {
		const char *gap = p, *next;
		size_t before = run;

		/* Blanks between encoded words belong to neither. */
		if (run)
			while (gap < end && is_wsp(*gap))
				gap++;
		next = encoded_word(gap, end, cs, sizeof(cs), buf, &run);
		if (!next) {
			if (run) {
				put_text(&w, buf, run, run_cs);
				run = 0;
				plain = p;
			}
			p++;
			continue;
		}
		if (plain < p && !before)
			put_text(&w, plain, p - plain, fallback);
		/* A word in another charset ends the run before it. */
		if (before && strcmp(cs, run_cs)) {
			put_text(&w, buf, before, run_cs);
			memmove(buf, buf + before, run - before);
			run -= before;
		}
		memcpy(run_cs, cs, sizeof(run_cs));
		p = next;
		plain = next;
	}
	if (run)
		put_text(&w, buf, run, run_cs);
	else if (plain < end)
		put_text(&w, plain, end - plain, fallback);
	free(buf);
	out[w.n] = '\0';
	return w.n;
}
