// SPDX-License-Identifier: GPL-2.0
/*
 * Splitting format-patch files and mailboxes into mails, and each mail into
 * subject, commit message and diff, as git am reads them.
 *
 * A mail's body may be encoded (base64, quoted-printable) or be multipart,
 * as mail clients and archives send patches: it is decoded first (see
 * mime.c).  The message then ends at the "---" line or at the diff; the
 * diff runs from the first "diff --git" line to the end of the body, or to
 * a "-- " signature line between hunks.  Inside a hunk the line counts of
 * its header decide, so a hunk removing the line "- " (written "-- ") is
 * read as git apply reads it.
 *
 * A mail is malformed, and gets an error naming its file and line, when its
 * header block is broken, it has no subject, it holds a NUL byte, or its
 * diff has a bad or truncated hunk.  The other mails of the same file are
 * still read.
 *
 * Memory is proportional to the input: the input itself, the message and
 * diff of each mail, and for an encoded mail one decoded copy of its body
 * while it is parsed.  Inputs larger than CBP_PATCH_MAX_INPUT are refused.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mime.h"
#include "patch.h"
#include "trailer.h"
#include "util.h"

/* Longest decoded subject kept; longer ones are truncated. */
#define SUBJECT_MAX	1024
/* Longest header field kept, continuation lines included. */
#define FIELD_MAX	2048
/* Deepest nesting of multipart bodies followed. */
#define MIME_DEPTH_MAX	8

/*
 * One line of the input: [s, e) without the newline (and the CR before
 * it); next is where the following line starts.
 */
struct line {
	const char *s;
	const char *e;
	const char *next;
};

/* The line starting at @p, if @p < @end. */
static int get_line(const char *p, const char *end, struct line *l)
{
	const char *eol;

	if (p >= end)
		return 0;
	eol = memchr(p, '\n', end - p);
	l->s = p;
	l->e = eol ? eol : end;
	l->next = eol ? eol + 1 : end;
	/* A CR is part of the line end only before a LF. */
	if (eol && l->e > p && l->e[-1] == '\r')
		l->e--;
	return 1;
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

static int header_is(const char *s, size_t len, const char *name)
{
	size_t n = strlen(name);

	return len > n && s[n] == ':' && !strncasecmp(s, name, n);
}

/* Number of line starts in [s, e): the lines s opens, counted from 1. */
static unsigned int count_newlines(const char *s, const char *e)
{
	unsigned int n = 0;

	while (s < e && (s = memchr(s, '\n', e - s))) {
		n++;
		s++;
	}
	return n;
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
static size_t cbp_strip_subject(const char *in, char *out, size_t outsz)
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

/* --- header blocks ------------------------------------------------------ */

/* One header field being read, continuation lines joined. */
struct field {
	char s[FIELD_MAX];
	size_t len;
};

static void field_add(struct field *f, const struct line *l)
{
	size_t n = line_len(l);

	if (n > sizeof(f->s) - f->len)
		n = sizeof(f->s) - f->len;
	memcpy(f->s + f->len, l->s, n);
	f->len += n;
}

/*
 * Read the header block of a MIME part at [p, end) into @m, leniently:
 * it ends at a blank line, or at the first line that is neither a field
 * nor a continuation (then that line is already content).  Returns where
 * the content starts; *@line is advanced over the block.
 */
static const char *part_headers(const char *p, const char *end,
				unsigned int *line, struct cbp_mime *m)
{
	struct field *f = cbp_malloc(sizeof(*f));
	struct line l;

	f->len = 0;
	while (get_line(p, end, &l)) {
		int cont = line_len(&l) && (l.s[0] == ' ' || l.s[0] == '\t');

		if (f->len && !cont) {
			cbp_mime_field(m, f->s, f->len);
			f->len = 0;
		}
		if (is_blank_line(&l)) {
			p = l.next;
			(*line)++;
			break;
		}
		if (!cont && !is_header(&l))
			break;
		field_add(f, &l);
		p = l.next;
		(*line)++;
	}
	if (f->len)
		cbp_mime_field(m, f->s, f->len);
	free(f);
	return p;
}

/* --- the text of a body, decoded ---------------------------------------- */

/*
 * Where a stretch of the decoded text comes from: the line of the input
 * holding its start, and whether the text is that input's own lines (so
 * that later lines can be counted) or was decoded.
 */
struct seg {
	size_t off;
	unsigned int line;
	int exact;
	enum cbp_cte cte;
};

/**
 * struct text - the body of a mail as git am reads it
 * @s: the text: into the input, or @buf
 * @len: its length
 * @buf: decoded text, owned; NULL when @s is the input's body itself
 * @alloc: size of @buf
 * @seg: where each stretch of @s comes from, in order
 * @nr_seg: number of @seg
 * @alloc_seg: allocated @seg
 * @charset: the charset of the first text part, where the message is
 * @have_charset: @charset is set
 */
struct text {
	const char *s;
	size_t len;
	char *buf;
	size_t alloc;
	struct seg *seg;
	size_t nr_seg;
	size_t alloc_seg;
	char charset[48];
	int have_charset;
};

static void add_seg(struct text *t, unsigned int line, int exact,
		    enum cbp_cte cte)
{
	t->seg = cbp_grow(t->seg, sizeof(*t->seg), t->nr_seg + 1,
			  &t->alloc_seg);
	t->seg[t->nr_seg].off = t->len;
	t->seg[t->nr_seg].line = line;
	t->seg[t->nr_seg].exact = exact;
	t->seg[t->nr_seg].cte = cte;
	t->nr_seg++;
}

/* Append the content [s, e) of a part, decoded, to the text. */
static void add_part(struct text *t, const char *s, const char *e,
		     unsigned int line, const struct cbp_mime *m)
{
	size_t need = t->len + (e - s) + 1;

	if (need > t->alloc) {
		t->alloc = need > 2 * t->alloc ? need : 2 * t->alloc;
		t->buf = cbp_realloc(t->buf, t->alloc);
	}
	/* Each part starts on a line of its own. */
	if (t->len && t->buf[t->len - 1] != '\n')
		t->buf[t->len++] = '\n';
	add_seg(t, line, m->cte == CBP_CTE_IDENTITY, m->cte);
	t->len += cbp_mime_decode(m->cte, s, e - s, t->buf + t->len);
	if (!t->have_charset) {
		memcpy(t->charset, m->charset, sizeof(t->charset));
		t->have_charset = 1;
	}
}

/* Is @l the delimiter "--boundary" (1) or the closing "--boundary--" (2)? */
static int delimiter(const struct line *l, const char *b, size_t blen)
{
	const char *p = l->s + 2 + blen;
	int close = 0;

	if (line_len(l) < 2 + blen || l->s[0] != '-' || l->s[1] != '-' ||
	    memcmp(l->s + 2, b, blen))
		return 0;
	if (l->e - p >= 2 && p[0] == '-' && p[1] == '-') {
		close = 1;
		p += 2;
	}
	/* Only transport padding may follow. */
	while (p < l->e && (*p == ' ' || *p == '\t'))
		p++;
	if (p != l->e)
		return 0;
	return close ? 2 : 1;
}

static void add_body(struct text *t, const char *s, const char *e,
		     unsigned int line, const struct cbp_mime *m, int depth);

/* One part [s, e) of a multipart body: its header fields, then content. */
static void add_one_part(struct text *t, const char *s, const char *e,
			 unsigned int line, int depth)
{
	struct cbp_mime m = { .cte = CBP_CTE_IDENTITY };
	const char *c = part_headers(s, e, &line, &m);

	add_body(t, c, e, line, &m, depth);
}

/*
 * The parts of a multipart body [s, e) whose first line is @line.  The
 * preamble before the first delimiter and the epilogue after the closing
 * one are not text of the mail; without a closing delimiter, the last
 * part runs to the end.  Returns the number of delimiters found.
 */
static int add_multipart(struct text *t, const char *s, const char *e,
			 unsigned int line, const char *boundary, int depth)
{
	size_t blen = strlen(boundary);
	const char *part = NULL, *p = s, *pe;
	unsigned int part_line = 0;
	struct line l;
	int found = 0, d;

	for (; get_line(p, e, &l); p = l.next, line++) {
		d = delimiter(&l, boundary, blen);
		if (!d)
			continue;
		found++;
		if (part) {
			/* The line break before a delimiter is part of it. */
			pe = l.s;
			if (pe > part && pe[-1] == '\n' && --pe > part &&
			    pe[-1] == '\r')
				pe--;
			add_one_part(t, part, pe, part_line, depth + 1);
		}
		if (d == 2)
			return found;
		part = l.next;
		part_line = line + 1;
	}
	if (part)
		add_one_part(t, part, e, part_line, depth + 1);
	return found;
}

/* The content [s, e) of a part described by @m. */
static void add_body(struct text *t, const char *s, const char *e,
		     unsigned int line, const struct cbp_mime *m, int depth)
{
	if (cbp_mime_is_multipart(m)) {
		if (depth < MIME_DEPTH_MAX)
			add_multipart(t, s, e, line, m->boundary, depth);
		return;
	}
	if (cbp_mime_is_patch_text(m))
		add_part(t, s, e, line, m);
}

/*
 * The text of the body [s, e) of a mail whose header fields said @m:
 * the body itself, decoded, or its text parts decoded and joined.
 */
static void body_text(struct text *t, const char *s, const char *e,
		      unsigned int line, const struct cbp_mime *m)
{
	memset(t, 0, sizeof(*t));
	memcpy(t->charset, m->charset, sizeof(t->charset));
	if (cbp_mime_is_multipart(m)) {
		if (add_multipart(t, s, e, line, m->boundary, 1) > 0) {
			t->s = t->buf ? t->buf : "";
			/* The message's charset is its part's, else the mail's. */
			if (!t->charset[0])
				memcpy(t->charset, m->charset, sizeof(t->charset));
			return;
		}
		/* A boundary that never comes: read the body as it is. */
		free(t->buf);
		free(t->seg);
		memset(t, 0, sizeof(*t));
		memcpy(t->charset, m->charset, sizeof(t->charset));
	}
	if (m->cte != CBP_CTE_IDENTITY) {
		add_part(t, s, e, line, m);
		t->s = t->buf;
		return;
	}
	add_seg(t, line, 1, CBP_CTE_IDENTITY);
	t->s = s;
	t->len = e - s;
}

static void text_release(struct text *t)
{
	free(t->buf);
	free(t->seg);
}

/*
 * Where a position of the text is in the input: @line is its line if the
 * text there is the input's own, else the line its decoded part starts
 * at; @what names it for messages, e.g. "line 12" or "line 3 of the
 * base64 part".
 */
struct where {
	unsigned int line;
	int exact;
	char what[64];
};

static void locate(const struct text *t, const char *pos, struct where *w)
{
	static const char *const cte_name[] = {
		[CBP_CTE_IDENTITY] = "MIME", [CBP_CTE_BASE64] = "base64",
		[CBP_CTE_QP] = "quoted-printable",
	};
	size_t off = pos - t->s, i = 0;
	const struct seg *sg;
	unsigned int n;

	w->exact = 0;
	if (!t->nr_seg) {
		w->line = 0;
		snprintf(w->what, sizeof(w->what), "line 1 of the MIME body");
		return;
	}
	while (i + 1 < t->nr_seg && t->seg[i + 1].off <= off)
		i++;
	sg = &t->seg[i];
	n = count_newlines(t->s + sg->off, pos);
	if (sg->exact) {
		w->exact = 1;
		w->line = sg->line + n;
		snprintf(w->what, sizeof(w->what), "line %u", w->line);
	} else {
		w->line = sg->line;
		snprintf(w->what, sizeof(w->what), "line %u of the %s part",
			 n + 1, cte_name[sg->cte]);
	}
}

/* The start of the text's last line (for errors at its end). */
static const char *last_line_of(const struct text *t)
{
	const char *e = t->s + t->len;

	if (e > t->s && e[-1] == '\n')
		e--;
	while (e > t->s && e[-1] != '\n')
		e--;
	return e;
}

/* --- message and diff --------------------------------------------------- */

/* [s, e) as lines joined by "\n", without CRs before line ends. */
static char *copy_lines(const char *s, const char *e, size_t *len)
{
	char *out = cbp_malloc((e - s) + 2), *o = out;
	struct line l;

	while (get_line(s, e, &l)) {
		memcpy(o, l.s, line_len(&l));
		o += line_len(&l);
		*o++ = '\n';
		s = l.next;
	}
	*o = '\0';
	*len = o - out;
	return out;
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

/*
 * The signature format-patch appends, "-- " (or "--" once a mailer has
 * eaten the blank), between hunks.
 */
static int is_signature(const struct line *l)
{
	return (line_len(l) == 3 && !memcmp(l->s, "-- ", 3)) ||
	       (line_len(l) == 2 && !memcmp(l->s, "--", 2));
}

/*
 * Walk the diff starting at @d in the text and check its hunks against
 * their line counts.  Returns where the diff ends: after its last hunk
 * line or header line, before the signature and any blank lines.
 */
static const char *walk_diff(struct cbp_patch *p, const struct text *t,
			     const char *d)
{
	const char *pos = d, *end = t->s + t->len, *hunk = NULL, *keep = d;
	struct where w, at;
	long old = 0, new = 0;
	int binary = 0, cut = 0;
	struct line l, at_l;

	for (; get_line(pos, end, &l); pos = l.next) {
		if (old > 0 || new > 0) {
			char c = line_len(&l) ? l.s[0] : ' ';

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
			/*
			 * A hunk line the text ends in without its newline:
			 * the counts may still add up, but the line was cut
			 * (git apply: "corrupt patch").
			 */
			if (l.e == end && c != '\\') {
				cut = 1;
				break;
			}
			keep = l.next;
			continue;
		}
		/* Between hunks, "-- " is the signature format-patch adds. */
		if (is_signature(&l))
			break;
		if (!is_blank_line(&l))
			keep = l.next;
		/*
		 * GNU patch would apply a context diff (diff -c) here too,
		 * git am would not, and nothing else here reads one: a diff
		 * applied but never analysed.
		 */
		if (starts(&l, "***************") ||
		    (starts(&l, "*** ") && get_line(l.next, end, &at_l) &&
		     starts(&at_l, "--- "))) {
			locate(t, l.s, &w);
			set_error(p, w.line,
				  "a context diff (diff -c) at %s: git am applies only unified diffs (diff -u, git diff); remake the patch with one",
				  w.what);
			return keep;
		}
		if (starts(&l, "diff --git ")) {
			binary = 0;
		} else if (starts(&l, "GIT binary patch")) {
			binary = 1;
		} else if (!binary && starts(&l, "@@ ")) {
			if (parse_hunk_header(&l, &old, &new)) {
				locate(t, l.s, &w);
				set_error(p, w.line, "malformed hunk header '%.*s'%s%s%s",
					  (int)(line_len(&l) > 60 ? 60 : line_len(&l)),
					  l.s, w.exact ? "" : " (", w.exact ? "" : w.what,
					  w.exact ? "" : ")");
				return keep;
			}
			hunk = l.s;
		}
	}
	if (cut) {
		locate(t, hunk, &w);
		locate(t, l.s, &at);
		set_error(p, at.line,
			  "the hunk at %s ends in the middle of a line, without its newline (truncated patch?)",
			  w.what);
	} else if (old || new) {
		locate(t, hunk, &w);
		locate(t, pos < end ? pos : last_line_of(t), &at);
		set_error(p, at.line,
			  "the hunk at %s does not match its line counts (truncated or edited patch?)",
			  w.what);
	}
	return keep;
}

/*
 * Whether @l starts a file of a plain unified diff, as diff -u and quilt
 * write them (no "diff --git" line): "--- ", then "+++ ", then "@@ ".
 */
static int plain_file_at(const struct line *l, const char *end)
{
	struct line b, c;

	return starts(l, "--- ") && get_line(l->next, end, &b) &&
	       starts(&b, "+++ ") && get_line(b.next, end, &c) &&
	       starts(&c, "@@ ");
}

/*
 * The path of a "--- PATH" or "+++ PATH" line, as patch -p1 takes it:
 * up to a tab (diff -u puts the file's time there), its first component
 * dropped (a/, b/, linux.orig/...).  NULL for /dev/null.
 */
static char *plain_path(const struct line *l)
{
	const char *p = l->s + 4, *e = l->e, *tab, *slash;

	if (e < p)
		return cbp_strdup("");
	while (e > p && (e[-1] == '\n' || e[-1] == '\r'))
		e--;
	tab = memchr(p, '\t', (size_t)(e - p));
	if (tab)
		e = tab;
	while (e > p && e[-1] == ' ')
		e--;
	if ((size_t)(e - p) == 9 && !memcmp(p, "/dev/null", 9))
		return NULL;
	slash = memchr(p, '/', (size_t)(e - p));
	if (slash && slash + 1 < e)
		p = slash + 1;
	return cbp_strndup(p, e - p);
}

static void append(char **out, size_t *n, size_t *alloc, const char *s,
		   size_t len)
{
	*out = cbp_grow(*out, 1, *n + len + 1, alloc);
	memcpy(*out + *n, s, len);
	*n += len;
	(*out)[*n] = '\0';
}

/*
 * A plain unified diff [s, e) written as git writes one, for the readers
 * of git diffs: a "diff --git" header before each file (with the mode
 * line of a new or deleted file), the hunks as they are.  Lines between
 * files (quilt's "Index:" and "===" lines, diff's command line) go.
 */
static char *plain_to_git(const char *s, const char *e, size_t *len)
{
	size_t n = 0, alloc = 0;
	long old = 0, new = 0;
	char *out = NULL;
	struct line l, b;

	append(&out, &n, &alloc, "", 0);
	for (; get_line(s, e, &l); s = l.next) {
		char *a, *z, *h;

		if (old > 0 || new > 0) {
			char c = line_len(&l) ? l.s[0] : ' ';

			old -= c == ' ' || c == '-';
			new -= c == ' ' || c == '+';
			append(&out, &n, &alloc, l.s, line_len(&l));
			append(&out, &n, &alloc, "\n", 1);
			continue;
		}
		if (starts(&l, "@@ ") || starts(&l, "\\")) {
			if (l.s[0] == '@' && parse_hunk_header(&l, &old, &new)) {
				old = 0;
				new = 0;
			}
			append(&out, &n, &alloc, l.s, line_len(&l));
			append(&out, &n, &alloc, "\n", 1);
			continue;
		}
		if (!plain_file_at(&l, e))
			continue;
		get_line(l.next, e, &b);
		a = plain_path(&l);
		z = plain_path(&b);
		h = cbp_strf("diff --git a/%s b/%s\n%s--- %s%s\n+++ %s%s\n",
			     a ? a : z ? z : "", z ? z : a ? a : "",
			     !a ? "new file mode 100644\n" :
			     !z ? "deleted file mode 100644\n" : "",
			     a ? "a/" : "/dev/null", a ? a : "",
			     z ? "b/" : "/dev/null", z ? z : "");
		append(&out, &n, &alloc, h, strlen(h));
		free(h);
		free(a);
		free(z);
		l.next = b.next;
	}
	*len = n;
	return out;
}

/* The message and the diff of the text; their errors. */
static void split_text(struct cbp_patch *p, const struct text *t,
		       unsigned int last_line)
{
	const char *end = t->s + t->len, *pos = t->s, *msg_end, *diff, *diff_end;
	int exact = 1;
	struct line l;

	while (get_line(pos, end, &l)) {
		size_t n = line_len(&l);

		while (n > 3 && (l.s[n - 1] == ' ' || l.s[n - 1] == '\t'))
			n--;
		if ((n == 3 && !memcmp(l.s, "---", 3)) ||
		    starts(&l, "diff --git ") || starts(&l, "Index: ") ||
		    plain_file_at(&l, end))
			break;
		pos = l.next;
	}
	msg_end = pos;
	p->msg = copy_lines(t->s, msg_end, &p->msg_len);
	if (!cbp_mime_is_utf8(t->charset, p->msg, p->msg_len)) {
		unsigned int lines = count_newlines(p->msg, p->msg + p->msg_len);
		char *u = cbp_mime_to_utf8(p->msg, p->msg_len, t->charset,
					   &p->msg_len);

		free(p->msg);
		p->msg = u;
		/* UTF-16 and the like do not keep lines as they were. */
		if (count_newlines(u, u + p->msg_len) != lines)
			exact = 0;
	}
	/*
	 * Message lines map to input lines only if the message is all in one
	 * stretch of the input that was not decoded (and is not empty).
	 */
	if (exact && msg_end > t->s && t->nr_seg && t->seg[0].exact &&
	    (t->nr_seg == 1 || (size_t)(msg_end - t->s) <= t->seg[1].off))
		p->msg_line = t->seg[0].line;

	for (diff = msg_end; get_line(diff, end, &l); diff = l.next)
		if (starts(&l, "diff --git ") || plain_file_at(&l, end))
			break;
	if (diff >= end) {
		set_error(p, last_line,
			  "no diff in the mail (expected a 'diff --git' line, or '--- ', '+++ ' and '@@ ' lines)");
		return;
	}
	diff_end = walk_diff(p, t, diff);
	p->plain = !starts(&l, "diff --git ");
	if (p->plain)
		p->diff = plain_to_git(diff, diff_end, &p->diff_len);
	else
		p->diff = copy_lines(diff, diff_end, &p->diff_len);
}

/* --- mails -------------------------------------------------------------- */

/*
 * A complete header field of the mail: the subject is kept in @subj (which
 * holds FIELD_MAX bytes), the MIME fields in @m.
 */
static void mail_field(const struct field *f, struct cbp_mime *m, char *subj,
		       size_t *subj_len, int *have_subject)
{
	if (header_is(f->s, f->len, "Subject")) {
		*subj_len = f->len - 8;
		memcpy(subj, f->s + 8, *subj_len);
		*have_subject = 1;
	} else if (f->len) {
		cbp_mime_field(m, f->s, f->len);
	}
}

/* Parse the mail [s, e), whose first line is line @first of its input. */
static void parse_mail(struct cbp_patch *p, const char *s, const char *e,
		       unsigned int first)
{
	char raw[FIELD_MAX], dec[SUBJECT_MAX], clean[SUBJECT_MAX];
	struct cbp_mime m = { .cte = CBP_CTE_IDENTITY };
	unsigned int line = first, last;
	const char *nul, *pos = s, *body = NULL;
	struct field *f = NULL;
	size_t rawlen = 0;
	int have_subject = 0;
	struct text t;
	struct line l;

	p->line = first;
	if (e <= s) {
		set_error(p, first, "empty mail");
		return;
	}
	last = first + count_newlines(s, e) - (e[-1] == '\n');
	nul = memchr(s, '\0', e - s);
	if (nul) {
		set_error(p, first + count_newlines(s, nul),
			  "NUL byte in the mail; not a text patch");
		return;
	}

	if (get_line(pos, e, &l) && is_from_line(&l)) {
		pos = l.next;
		line++;
	}
	if (!get_line(pos, e, &l) || !is_header(&l)) {
		set_error(p, pos < e ? line : first,
			  "not a patch: expected a 'From <commit>' line or mail headers such as 'Subject:'");
		return;
	}
	f = cbp_malloc(sizeof(*f));
	f->len = 0;
	for (; get_line(pos, e, &l); pos = l.next, line++) {
		if (is_blank_line(&l)) {
			body = l.next;
			line++;
			break;
		}
		if (l.s[0] == ' ' || l.s[0] == '\t') {
			field_add(f, &l);
			continue;
		}
		if (!is_header(&l)) {
			set_error(p, line,
				  "malformed mail header line (no 'Name:' and no blank line before it)");
			goto out;
		}
		/* The previous field is complete. */
		mail_field(f, &m, raw, &rawlen, &have_subject);
		f->len = 0;
		field_add(f, &l);
	}
	mail_field(f, &m, raw, &rawlen, &have_subject);
	if (!have_subject) {
		set_error(p, first, "no 'Subject:' header");
		goto out;
	}
	if (!body) {
		set_error(p, last,
			  "the mail ends inside its headers (no blank line, no message)");
		goto out;
	}

	body_text(&t, body, e, line, &m);
	nul = t.len ? memchr(t.s, '\0', t.len) : NULL;
	if (nul) {
		struct where w;

		locate(&t, nul, &w);
		set_error(p, w.line,
			  "NUL byte in the decoded body (%s); not a text patch",
			  w.what);
	} else {
		split_text(p, &t, last);
	}

	/* Bytes outside encoded words that are not UTF-8 are in the body's charset. */
	cbp_mime_decode_words(raw, rawlen, t.charset, dec, sizeof(dec));
	cbp_sanitize(dec, strlen(dec), raw, sizeof(raw));
	cbp_strip_subject(raw, clean, sizeof(clean));
	p->subject = cbp_strdup(clean);
	text_release(&t);
out:
	free(f);
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

static int add_mail(struct cbp_patch_list *list, const char *source, int *n,
		    const char *s, const char *e, unsigned int line)
{
	struct cbp_patch *p;

	if (list->nr >= CBP_PATCH_MAX_MAILS)
		return cbp_error("'%s': more than %d mails, the most one run reads",
				 source, CBP_PATCH_MAX_MAILS);
	p = cbp_patch_add(list, source);
	p->nr = (unsigned int)++*n;
	parse_mail(p, s, e, line);
	return 0;
}

/**
 * cbp_patch_parse() - split an input into mails and parse each
 * @list: where to append the mails
 * @source: the input's name, for messages
 * @buf: its contents (need not be NUL-terminated)
 * @len: length of @buf
 *
 * A new mail starts at a "From ... <year>" line that follows a blank
 * line and is followed by a header field.  Malformed mails are appended
 * too, with @error set.  Memory used is the mails' messages and diffs,
 * at most about @len, plus one decoded body at a time.
 *
 * Return: the number of mails appended (at least 1: an input holding no
 * mail at all gives one malformed entry), or -1 with the error recorded
 * if @list would hold more than CBP_PATCH_MAX_MAILS mails.
 */
int cbp_patch_parse(struct cbp_patch_list *list, const char *source,
		    const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *start;
	unsigned int line = 1, start_line;
	int n = 0, prev_blank = 0;
	struct line l, next;

	/* Leading blank lines belong to no mail. */
	while (get_line(p, end, &l) && is_blank_line(&l)) {
		p = l.next;
		line++;
	}
	if (p >= end) {
		struct cbp_patch *e = cbp_patch_add(list, source);

		e->nr = 1;
		e->line = 1;
		set_error(e, 1, "empty input: no patch in it");
		return 1;
	}
	start = p;
	start_line = line;
	while (get_line(p, end, &l)) {
		if (prev_blank && p != start && is_from_line(&l) &&
		    get_line(l.next, end, &next) && is_header(&next)) {
			if (add_mail(list, source, &n, start, p, start_line))
				return -1;
			start = p;
			start_line = line;
		}
		prev_blank = is_blank_line(&l);
		p = l.next;
		line++;
	}
	if (add_mail(list, source, &n, start, end, start_line))
		return -1;
	return n;
}

static int too_large(const char *name)
{
	return cbp_error("'%s' is larger than %d MiB, the most checkbackport reads as patches",
			 name, CBP_PATCH_MAX_INPUT_MIB);
}

/*
 * Read all of @f into *@buf, refusing more than CBP_PATCH_MAX_INPUT
 * bytes.  @size is the file's size if known (a regular file), else 0.
 */
static int read_all(FILE *f, const char *name, size_t size, char **buf,
		    size_t *len)
{
	size_t alloc = size ? size + 1 : 65536, n;

	*len = 0;
	*buf = cbp_malloc(alloc);
	for (;;) {
		if (*len == alloc) {
			if (alloc > CBP_PATCH_MAX_INPUT)
				break;
			alloc = alloc * 2 > CBP_PATCH_MAX_INPUT + 1 ?
				CBP_PATCH_MAX_INPUT + 1 : alloc * 2;
			*buf = cbp_realloc(*buf, alloc);
		}
		n = fread(*buf + *len, 1, alloc - *len, f);
		*len += n;
		if (!n)
			break;
	}
	if (ferror(f)) {
		free(*buf);
		return cbp_error("cannot read '%s': %s", name, strerror(errno));
	}
	if (*len > CBP_PATCH_MAX_INPUT) {
		free(*buf);
		return too_large(name);
	}
	return 0;
}

/**
 * cbp_patch_read_file() - read a patch file, a mailbox or standard input
 * @list: where to append the mails
 * @path: a file name, or "-" for standard input
 *
 * Inputs of more than CBP_PATCH_MAX_INPUT bytes are refused without
 * being read whole.
 *
 * Return: the number of mails appended, or -1 with the error recorded if
 * the file cannot be read or is too large.
 */
int cbp_patch_read_file(struct cbp_patch_list *list, const char *path)
{
	int is_stdin = !strcmp(path, "-");
	const char *name = is_stdin ? "<stdin>" : path;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	size_t size = 0, len;
	struct stat st;
	char *buf;
	int ret;

	if (!f)
		return cbp_error("cannot open '%s': %s", path, strerror(errno));
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode)) {
		if ((unsigned long long)st.st_size > CBP_PATCH_MAX_INPUT) {
			if (!is_stdin)
				fclose(f);
			return too_large(name);
		}
		size = (size_t)st.st_size;
	}
	ret = read_all(f, name, size, &buf, &len);
	if (!is_stdin)
		fclose(f);
	if (ret)
		return ret;
	ret = cbp_patch_parse(list, name, buf, len);
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
