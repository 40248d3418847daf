// SPDX-License-Identifier: GPL-2.0
/*
 * What reaches the terminal.  Subjects, file names, branch and tag names
 * and the lines of mails come from repositories and mails, and may hold
 * escape sequences (one that sets the terminal's title, or worse) or
 * bytes that are not UTF-8.  Rather than trust every printf() to have
 * sanitised its arguments, stdout and stderr are replaced at start by
 * streams that filter every byte written to them:
 *
 *  - for people, control characters other than newline and tab (C0,
 *    DEL, and C1 written as UTF-8), bidirectional overrides, and bytes
 *    that are not UTF-8 are written as '?';
 *  - for JSON (--json, stdout only), which json-c already escapes, bytes
 *    that are not UTF-8 become U+FFFD, so that the document is valid
 *    UTF-8 whatever the names in it.
 *
 * Progress on a terminal ("\r...") is ours and goes to the real stderr
 * through cbp_progress().  No library but the C library.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"

/**
 * struct filter - one filtered stream
 * @fd: where the filtered bytes go
 * @json: JSON mode: only bytes that are not UTF-8 are replaced
 * @pend: the start of a UTF-8 sequence cut by the end of a write
 * @nr_pend: how many bytes of it
 */
struct filter {
	int fd;
	int json;
	unsigned char pend[4];
	size_t nr_pend;
};

static struct filter out_filter = { .fd = 1 };
static struct filter err_filter = { .fd = 2 };
static FILE *real_stderr;

static int put(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

/*
 * Length of the UTF-8 sequence at @p (@n bytes there), 0 if it is not
 * valid UTF-8, -1 if it may be once more bytes come; its code point.
 */
static int utf8_seq(const unsigned char *p, size_t n, unsigned int *cp)
{
	int len, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2, *cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		len = 3, *cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		len = 4, *cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < len; i++) {
		if ((size_t)i >= n)
			return -1;
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	if ((len == 3 && *cp < 0x800) || (len == 4 && *cp < 0x10000) ||
	    (*cp >= 0xd800 && *cp <= 0xdfff) || *cp > 0x10ffff)
		return 0;
	return len;
}

/* Is code point @cp one a terminal acts on rather than shows? */
static int is_control(unsigned int cp)
{
	return (cp < 0x20 && cp != '\n' && cp != '\t') ||
	       (cp >= 0x7f && cp <= 0x9f) ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/*
 * Filter @len bytes at @p into @out (room for 3 bytes per input byte);
 * with @final, a cut sequence at the end is written as invalid.
 * Returns the bytes written to @out; a cut sequence is kept in @f.
 */
static size_t filter(struct filter *f, const unsigned char *p, size_t len,
		     unsigned char *out, int final)
{
	static const unsigned char fffd[3] = { 0xef, 0xbf, 0xbd };
	size_t i = 0, o = 0;

	while (i < len) {
		unsigned int cp;
		int n = utf8_seq(p + i, len - i, &cp);

		if (n < 0 && !final) {
			memcpy(f->pend, p + i, len - i);
			f->nr_pend = len - i;
			break;
		}
		if (n <= 0) {
			if (f->json) {
				memcpy(out + o, fffd, 3);
				o += 3;
			} else {
				out[o++] = '?';
			}
			i++;
			continue;
		}
		if (!f->json && is_control(cp)) {
			out[o++] = '?';
		} else {
			memcpy(out + o, p + i, n);
			o += n;
		}
		i += n;
	}
	return o;
}

static ssize_t filter_write(void *cookie, const char *buf, size_t len)
{
	struct filter *f = cookie;
	unsigned char in[4096 + 4], out[3 * (4096 + 4)];
	size_t done = 0;

	while (done < len) {
		size_t n = len - done, k = f->nr_pend, o;

		if (n > 4096)
			n = 4096;
		memcpy(in, f->pend, k);
		memcpy(in + k, buf + done, n);
		f->nr_pend = 0;
		o = filter(f, in, k + n, out, 0);
		if (o && put(f->fd, out, o))
			return -1;
		done += n;
	}
	return (ssize_t)len;
}

static int filter_close(void *cookie)
{
	struct filter *f = cookie;
	unsigned char out[12];
	size_t o;

	if (!f->nr_pend)
		return 0;
	o = filter(f, f->pend, f->nr_pend, out, 1);
	f->nr_pend = 0;
	return put(f->fd, out, o);
}

static FILE *filtered(struct filter *f, int line_buffered)
{
	static const cookie_io_functions_t io = {
		.write = filter_write,
		.close = filter_close,
	};
	FILE *fp = fopencookie(f, "w", io);

	if (fp)
		setvbuf(fp, NULL, line_buffered ? _IOLBF : _IOFBF, 0);
	return fp;
}

/* At exit: what is buffered, then a sequence cut by the end of it. */
static void output_done(void)
{
	fflush(stdout);
	fflush(stderr);
	filter_close(&out_filter);
	filter_close(&err_filter);
}

/**
 * cbp_output_init() - filter everything written to stdout and stderr
 *
 * Called first thing in main(): from then on both are streams that
 * write through the filter described at the top of output.c, for people
 * until cbp_output_json() says otherwise.  If a stream cannot be made,
 * the real one stays.
 */
void cbp_output_init(void)
{
	FILE *o, *e;

	real_stderr = stderr;
	fflush(stdout);
	fflush(stderr);
	o = filtered(&out_filter, isatty(1));
	e = filtered(&err_filter, 1);
	if (o)
		stdout = o;
	if (e)
		stderr = e;
	atexit(output_done);
}

/**
 * cbp_output_json() - say whether stdout carries JSON
 * @json: non-zero for --json: only bytes that are not UTF-8 are replaced
 */
void cbp_output_json(int json)
{
	fflush(stdout);
	out_filter.json = json;
}

/**
 * cbp_progress() - write progress to the terminal, unfiltered
 * @fmt: printf-style format of our own text (a count, "\r")
 *
 * Only for text this program writes; never for names from a repository.
 */
void cbp_progress(const char *fmt, ...)
{
	FILE *f = real_stderr ? real_stderr : stderr;
	va_list ap;

	fflush(stderr);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fflush(f);
}
