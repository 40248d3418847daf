// SPDX-License-Identifier: GPL-2.0
/*
 * Splitting format-patch files and mailboxes into mails, and each mail into
 * subject, commit message and diff.
 *
 * A mail is malformed, and gets an error naming its file and line, when its
 * header block is broken, it has no subject, it holds a NUL byte, or its
 * diff has a bad or truncated hunk.  The other mails of the same file are
 * still read.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "patch.h"
#include "trailer.h"
#include "util.h"

/* Longest decoded subject kept; longer ones are truncated. */
#define SUBJECT_MAX	1024

/* One line of the input: [s, e) without the newline (or the CR before it). */
struct line {
	const char *s;
	const char *e;
};

struct lines {
	struct line *l;
	size_t nr;
	size_t alloc;
};

static void split_lines(const char *buf, size_t len, struct lines *ls)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		const char *next = eol ? eol + 1 : end;

		if (!eol)
			eol = end;
		if (eol > p && eol[-1] == '\r')
			eol--;
		ls->l = cbp_grow(ls->l, sizeof(*ls->l), ls->nr + 1, &ls->alloc);
		ls->l[ls->nr].s = p;
		ls->l[ls->nr].e = eol;
		ls->nr++;
		p = next;
	}
}

static size_t line_len(const struct line *l)
{
	return l->e - l->s;
}

static int starts(const struct line *l, const char *prefix)
{
	size_t n = strlen(prefix);

	return line_len(l) >= n && !memcmp(l->s, prefix, n);
}

static int is_blank_line(const struct line *l)
{
	const char *p;

	for (p = l->s; p < l->e; p++)
		if (*p != ' ' && *p != '\t')
			return 0;
	return 1;
}

/* "Name: value": a header field name is printable ASCII without ':'. */
static int is_header(const struct line *l)
{
	const char *p;

	for (p = l->s; p < l->e; p++) {
		if (*p == ':')
			return p > l->s;
		if (*p <= ' ' || *p > '~')
			return 0;
	}
	return 0;
}

static int header_is(const struct line *l, const char *name)
{
	size_t n = strlen(name);

	return line_len(l) > n && l->s[n] == ':' && !strncasecmp(l->s, name, n);
}

/*
 * The mbox separator written by git format-patch and by mail agents:
 * "From <sender or commit> <asctime date>", which ends with the year.
 */
static int is_from_line(const struct line *l)
{
	const char *e = l->e;
	int digits = 0;

	if (!starts(l, "From ") || line_len(l) < 12 || l->s[5] == ' ')
		return 0;
	while (e > l->s && e[-1] >= '0' && e[-1] <= '9' && digits < 5) {
		e--;
		digits++;
	}
	return digits == 4 && e[-1] == ' ';
}

/* Does a new mail start at line @i? */
static int mail_starts(const struct lines *ls, size_t i)
{
	if (!is_from_line(&ls->l[i]))
		return 0;
	if (i > 0 && !is_blank_line(&ls->l[i - 1]))
		return 0;
	return i + 1 < ls->nr && is_header(&ls->l[i + 1]);
}

__printf(3, 4)
static void set_error(struct cbp_patch *p, unsigned int line,
		      const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (p->error)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	p->error = cbp_strdup(buf);
	p->error_line = line;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

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

/*
 * Decode one RFC 2047 encoded word "=?charset?Q|B?text?=" at @p.  Returns
 * the position after it, or NULL (and writes nothing) if there is none.
 */
static const char *decode_word(const char *p, const char *end, char *out,
			       size_t outsz, size_t *o)
{
	const char *q, *text, *stop;
	char enc;

	if (end - p < 8 || p[0] != '=' || p[1] != '?')
		return NULL;
	q = memchr(p + 2, '?', end - p - 2);
	if (!q || end - q < 4 || q[2] != '?')
		return NULL;
	enc = q[1];
	if (enc != 'q' && enc != 'Q' && enc != 'b' && enc != 'B')
		return NULL;
	text = q + 3;
	for (stop = text; stop + 1 < end; stop++)
		if (stop[0] == '?' && stop[1] == '=')
			break;
	if (stop + 1 >= end)
		return NULL;

	if (enc == 'q' || enc == 'Q') {
		for (q = text; q < stop && *o + 1 < outsz; q++) {
			if (*q == '_') {
				out[(*o)++] = ' ';
			} else if (*q == '=' && stop - q >= 3 &&
				   hexval(q[1]) >= 0 && hexval(q[2]) >= 0) {
				out[(*o)++] = (char)(hexval(q[1]) << 4 |
						     hexval(q[2]));
				q += 2;
			} else {
				out[(*o)++] = *q;
			}
		}
	} else {
		unsigned int acc = 0, bits = 0;

		for (q = text; q < stop && *o + 1 < outsz; q++) {
			int v = b64val((unsigned char)*q);

			if (v < 0)
				continue;
			acc = (acc << 6) | (unsigned int)v;
			bits += 6;
			if (bits >= 8) {
				bits -= 8;
				out[(*o)++] = (char)((acc >> bits) & 0xff);
			}
		}
	}
	return stop + 2;
}

/* Decode the encoded words of a header value into @out (not sanitized). */
static size_t decode_header(const char *in, size_t len, char *out,
			    size_t outsz)
{
	const char *p = in, *end = in + len;
	size_t o = 0;
	int after_word = 0;

	while (p < end && o + 1 < outsz) {
		const char *next = decode_word(p, end, out, outsz, &o);
		const char *w;

		if (next) {
			p = next;
			after_word = 1;
			continue;
		}
		/* Blanks between two encoded words are dropped. */
		if (after_word && (*p == ' ' || *p == '\t')) {
			for (w = p; w < end && (*w == ' ' || *w == '\t'); w++)
				;
			next = w < end ? decode_word(w, end, out, outsz, &o) :
					 NULL;
			if (next) {
				p = next;
				continue;
			}
		}
		after_word = 0;
		out[o++] = *p++;
	}
	out[o] = '\0';
	return o;
}

/**
 * cbp_strip_subject() - a mail subject as the commit subject it stands for
 * @in: the decoded, NUL-terminated subject
 * @out: output buffer
 * @outsz: size of @out, at least 1
 *
 * Removes leading "[...]" groups (such as "[PATCH 6.12.y 1/3]") and "Re:",
 * and collapses runs of blanks, as git am does.
 *
 * Return: the length of the result.
 */
size_t cbp_strip_subject(const char *in, char *out, size_t outsz)
{
	const char *p = in;
	size_t o = 0;

	if (!outsz)
		return 0;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '[' && strchr(p, ']')) {
			p = strchr(p, ']') + 1;
			continue;
		}
		if (!strncasecmp(p, "re:", 3)) {
			p += 3;
			continue;
		}
		break;
	}
	while (*p && o + 1 < outsz) {
		if (*p == ' ' || *p == '\t') {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p)
				out[o++] = ' ';
			continue;
		}
		out[o++] = *p++;
	}
	out[o] = '\0';
	return o;
}

/* "@@ -a[,b] +c[,d] @@": the old and new line counts. */
static int parse_hunk_header(const struct line *l, long *old, long *new)
{
	const char *p = l->s + 3, *e = l->e;
	long v[4] = { 0, 1, 0, 1 };
	int i;

	for (i = 0; i < 4; i += 2) {
		if (p >= e || *p != (i ? '+' : '-'))
			return -1;
		p++;
		if (p >= e || *p < '0' || *p > '9')
			return -1;
		for (v[i] = 0; p < e && *p >= '0' && *p <= '9'; p++) {
			v[i] = v[i] * 10 + (*p - '0');
			if (v[i] > 100000000)
				return -1;
		}
		if (p < e && *p == ',') {
			p++;
			if (p >= e || *p < '0' || *p > '9')
				return -1;
			for (v[i + 1] = 0; p < e && *p >= '0' && *p <= '9'; p++) {
				v[i + 1] = v[i + 1] * 10 + (*p - '0');
				if (v[i + 1] > 100000000)
					return -1;
			}
		}
		if (p >= e || *p != ' ')
			return -1;
		p++;
	}
	if (e - p < 2 || p[0] != '@' || p[1] != '@')
		return -1;
	*old = v[1];
	*new = v[3];
	return 0;
}

/* Check the hunks of the diff in lines [first, last). */
static void check_diff(struct cbp_patch *p, const struct lines *ls,
		       size_t first, size_t last)
{
	long old = 0, new = 0;
	size_t hunk = 0, i;
	int binary = 0;

	for (i = first; i < last; i++) {
		const struct line *l = &ls->l[i];

		if (old > 0 || new > 0) {
			char c = line_len(l) ? l->s[0] : ' ';

			if (c == ' ') {
				old--;
				new--;
			} else if (c == '-') {
				old--;
			} else if (c == '+') {
				new--;
			} else if (c != '\\') {
				break;
			}
			if (old < 0 || new < 0)
				break;
			continue;
		}
		if (starts(l, "diff --git ")) {
			binary = 0;
		} else if (starts(l, "GIT binary patch")) {
			binary = 1;
		} else if (!binary && starts(l, "@@ ")) {
			if (parse_hunk_header(l, &old, &new)) {
				set_error(p, (unsigned int)i + 1,
					  "malformed hunk header '%.*s'",
					  (int)(line_len(l) > 60 ? 60 : line_len(l)),
					  l->s);
				return;
			}
			hunk = i;
		}
	}
	if (old > 0 || new > 0 || old < 0 || new < 0)
		set_error(p, (unsigned int)(i < last ? i + 1 : last),
			  "the hunk at line %zu does not match its line counts (truncated or edited patch?)",
			  hunk + 1);
}

static char *join_lines(const struct lines *ls, size_t first, size_t last,
			size_t *len)
{
	size_t n = 0, i;
	char *s, *o;

	for (i = first; i < last; i++)
		n += line_len(&ls->l[i]) + 1;
	s = cbp_malloc(n + 1);
	o = s;
	for (i = first; i < last; i++) {
		memcpy(o, ls->l[i].s, line_len(&ls->l[i]));
		o += line_len(&ls->l[i]);
		*o++ = '\n';
	}
	*o = '\0';
	*len = o - s;
	return s;
}

/* Parse the mail in lines [first, last) into @p. */
static void parse_mail(struct cbp_patch *p, const struct lines *ls,
		       size_t first, size_t last)
{
	char raw[SUBJECT_MAX], dec[SUBJECT_MAX], clean[SUBJECT_MAX];
	size_t i = first, rawlen = 0, body, msg_end, diff = 0, diff_end;
	int have_subject = 0, in_subject = 0;

	p->line = (unsigned int)first + 1;
	for (i = first; i < last; i++)
		if (memchr(ls->l[i].s, '\0', line_len(&ls->l[i]))) {
			set_error(p, (unsigned int)i + 1,
				  "NUL byte in the mail; not a text patch");
			return;
		}

	i = first;
	if (is_from_line(&ls->l[i]))
		i++;
	if (i >= last || !is_header(&ls->l[i])) {
		set_error(p, (unsigned int)(i < last ? i : first) + 1,
			  "not a patch: expected a 'From <commit>' line or mail headers such as 'Subject:'");
		return;
	}
	for (; i < last && !is_blank_line(&ls->l[i]); i++) {
		const struct line *l = &ls->l[i];

		if (l->s[0] == ' ' || l->s[0] == '\t') {
			if (in_subject && rawlen + line_len(l) < sizeof(raw)) {
				memcpy(raw + rawlen, l->s, line_len(l));
				rawlen += line_len(l);
			}
			continue;
		}
		if (!is_header(l)) {
			set_error(p, (unsigned int)i + 1,
				  "malformed mail header line (no 'Name:' and no blank line before it)");
			return;
		}
		in_subject = header_is(l, "Subject");
		if (in_subject) {
			size_t n = line_len(l) - 8;

			if (n >= sizeof(raw))
				n = sizeof(raw) - 1;
			memcpy(raw, l->s + 8, n);
			rawlen = n;
			have_subject = 1;
		}
	}
	if (!have_subject) {
		set_error(p, (unsigned int)first + 1, "no 'Subject:' header");
		return;
	}
	if (i >= last) {
		set_error(p, (unsigned int)last,
			  "the mail ends inside its headers (no blank line, no message)");
		return;
	}
	raw[rawlen] = '\0';
	decode_header(raw, rawlen, dec, sizeof(dec));
	cbp_sanitize(dec, strlen(dec), raw, sizeof(raw));
	cbp_strip_subject(raw, clean, sizeof(clean));
	p->subject = cbp_strdup(clean);

	body = i + 1;
	for (msg_end = body; msg_end < last; msg_end++) {
		const struct line *l = &ls->l[msg_end];
		size_t n = line_len(l);

		while (n > 3 && (l->s[n - 1] == ' ' || l->s[n - 1] == '\t'))
			n--;
		if ((n == 3 && !memcmp(l->s, "---", 3)) ||
		    starts(l, "diff --git ") || starts(l, "Index: "))
			break;
	}
	p->msg = join_lines(ls, body, msg_end, &p->msg_len);
	p->msg_line = (unsigned int)body + 1;

	for (diff = msg_end; diff < last; diff++)
		if (starts(&ls->l[diff], "diff --git "))
			break;
	if (diff >= last) {
		set_error(p, (unsigned int)last,
			  "no diff in the mail (expected a 'diff --git' line)");
		return;
	}
	/* The "-- " signature that format-patch appends is not diff. */
	for (diff_end = diff; diff_end < last; diff_end++)
		if (line_len(&ls->l[diff_end]) == 3 &&
		    !memcmp(ls->l[diff_end].s, "-- ", 3))
			break;
	check_diff(p, ls, diff, diff_end);
	p->diff = join_lines(ls, diff, diff_end, &p->diff_len);
}

/**
 * cbp_patch_add() - append an empty entry to a patch list
 * @list: the list
 * @source: name of the input it comes from
 *
 * Return: the new entry, zeroed except for @source.
 */
struct cbp_patch *cbp_patch_add(struct cbp_patch_list *list,
				const char *source)
{
	struct cbp_patch *p;

	list->p = cbp_grow(list->p, sizeof(*list->p), list->nr + 1,
			   &list->alloc);
	p = &list->p[list->nr++];
	memset(p, 0, sizeof(*p));
	p->source = cbp_strdup(source);
	return p;
}

/**
 * cbp_patch_parse() - split an input into mails and parse each
 * @list: where to append the mails
 * @source: the input's name, for messages
 * @buf: its contents (need not be NUL-terminated)
 * @len: length of @buf
 *
 * Malformed mails are appended too, with @error set.
 *
 * Return: the number of mails appended (at least 1: an input holding no
 * mail at all gives one malformed entry).
 */
int cbp_patch_parse(struct cbp_patch_list *list, const char *source,
		    const char *buf, size_t len)
{
	struct lines ls = { NULL, 0, 0 };
	size_t start, i;
	int n = 0;

	split_lines(buf, len, &ls);
	/* Leading blank lines belong to no mail. */
	for (start = 0; start < ls.nr && is_blank_line(&ls.l[start]); start++)
		;
	if (start >= ls.nr) {
		struct cbp_patch *p = cbp_patch_add(list, source);

		p->nr = 1;
		set_error(p, 1, "empty input: no patch in it");
		free(ls.l);
		return 1;
	}
	for (i = start + 1; i <= ls.nr; i++) {
		struct cbp_patch *p;

		if (i < ls.nr && !mail_starts(&ls, i))
			continue;
		p = cbp_patch_add(list, source);
		n++;
		p->nr = (unsigned int)n;
		parse_mail(p, &ls, start, i);
		start = i;
	}
	free(ls.l);
	return n;
}

/**
 * cbp_patch_read_file() - read a patch file, a mailbox or standard input
 * @list: where to append the mails
 * @path: a file name, or "-" for standard input
 *
 * Return: the number of mails appended, or -1 with the error recorded if
 * the file cannot be read.
 */
int cbp_patch_read_file(struct cbp_patch_list *list, const char *path)
{
	int is_stdin = !strcmp(path, "-");
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	size_t len = 0, alloc = 0, n;
	char *buf = NULL;
	int ret;

	if (!f)
		return cbp_error("cannot open '%s': %s", path, strerror(errno));
	for (;;) {
		buf = cbp_grow(buf, 1, len + 65536, &alloc);
		n = fread(buf + len, 1, alloc - len, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		if (!is_stdin)
			fclose(f);
		return cbp_error("cannot read '%s': %s", path, strerror(errno));
	}
	if (!is_stdin)
		fclose(f);
	ret = cbp_patch_parse(list, is_stdin ? "<stdin>" : path, buf, len);
	free(buf);
	return ret;
}

/**
 * cbp_patch_list_release() - free every mail of a list
 * @list: the list; it is left empty
 */
void cbp_patch_list_release(struct cbp_patch_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++) {
		free(list->p[i].source);
		free(list->p[i].subject);
		free(list->p[i].msg);
		free(list->p[i].diff);
		free(list->p[i].error);
	}
	free(list->p);
	list->p = NULL;
	list->nr = 0;
	list->alloc = 0;
}
