// SPDX-License-Identifier: GPL-2.0
/*
 * Error recording and allocation helpers.
 */
#include <fnmatch.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util.h"

/* Helper threads of a build record their failures too: one at a time. */
static pthread_mutex_t errlock = PTHREAD_MUTEX_INITIALIZER;
static char errbuf[1024];
static int quiet;

/**
 * cbp_error() - record the message of the error being returned
 * @fmt: printf-style format
 *
 * Context: any thread; the last message recorded wins.
 * Return: -1, so that callers can write "return cbp_error(...);".
 */
int cbp_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pthread_mutex_lock(&errlock);
	vsnprintf(errbuf, sizeof(errbuf), fmt, ap);
	pthread_mutex_unlock(&errlock);
	va_end(ap);
	return -1;
}

/**
 * cbp_errmsg() - the last recorded error message
 *
 * Return: the message; "" if none was recorded.
 */
const char *cbp_errmsg(void)
{
	return errbuf;
}

/**
 * cbp_set_quiet() - silence cbp_note()
 * @q: non-zero to silence
 */
void cbp_set_quiet(int q)
{
	quiet = q;
}

/**
 * cbp_note() - print an informational line on stderr
 * @fmt: printf-style format; a newline is appended
 *
 * Used for progress and for messages such as "rebuilding the index";
 * silenced by --quiet.
 */
void cbp_note(const char *fmt, ...)
{
	va_list ap;

	if (quiet)
		return;
	fputs("checkbackport: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void *oom(void)
{
	fputs("checkbackport: error: out of memory\n", stderr);
	exit(CBP_EXIT_ERROR);
}

/**
 * cbp_malloc() - malloc() that exits with status 2 on failure
 * @size: bytes to allocate
 *
 * Return: the new memory.
 */
void *cbp_malloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	return p ? p : oom();
}

/**
 * cbp_calloc() - calloc() that exits with status 2 on failure
 * @nmemb: number of elements
 * @size: size of one element
 *
 * Return: the new, zeroed memory.
 */
void *cbp_calloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	return p ? p : oom();
}

/**
 * cbp_realloc() - realloc() that exits with status 2 on failure
 * @ptr: memory to resize, or NULL
 * @size: new size in bytes
 *
 * Return: the resized memory.
 */
void *cbp_realloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	return p ? p : oom();
}

/**
 * cbp_strndup() - copy at most @n bytes of a string
 * @s: the string
 * @n: maximum bytes to copy
 *
 * Return: a new NUL-terminated string.
 */
char *cbp_strndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = cbp_malloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

/**
 * cbp_strdup() - copy a string
 * @s: the string, or NULL
 *
 * Return: a new string, or NULL if @s is NULL.
 */
char *cbp_strdup(const char *s)
{
	return s ? cbp_strndup(s, strlen(s)) : NULL;
}

/**
 * cbp_now() - monotonic time in seconds
 *
 * Return: seconds since an arbitrary point.
 */
double cbp_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/**
 * cbp_sort() - qsort() that takes an empty array
 * @base: the array; may be NULL when @nr is 0
 * @nr: number of elements
 * @size: size of one
 * @cmp: the order
 *
 * qsort()'s array must not be NULL even with no element (C11 7.22.5), and
 * an array nothing was added to is NULL here.
 */
void cbp_sort(void *base, size_t nr, size_t size,
	      int (*cmp)(const void *, const void *))
{
	if (nr > 1)
		qsort(base, nr, size, cmp);
}

/**
 * cbp_grow() - make room for at least @need elements in a growable array
 * @array: the array, or NULL
 * @elsize: size of one element
 * @need: number of elements required
 * @alloc: in/out: number of elements allocated
 *
 * Return: the (possibly moved) array.
 */
void *cbp_grow(void *array, size_t elsize, size_t need, size_t *alloc)
{
	size_t n = *alloc ? *alloc : 16;

	if (need <= *alloc)
		return array;
	while (n < need)
		n *= 2;
	*alloc = n;
	return cbp_realloc(array, n * elsize);
}

/**
 * cbp_vstrf() - vsnprintf() into a new string
 * @fmt: printf-style format
 * @ap: its arguments
 *
 * Return: the new string; exits with status 2 when out of memory.
 */
char *cbp_vstrf(const char *fmt, va_list ap)
{
	va_list aq;
	char *s;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	s = cbp_malloc(n > 0 ? n + 1 : 1);
	vsnprintf(s, n > 0 ? n + 1 : 1, fmt, ap);
	return s;
}

/**
 * cbp_strf() - snprintf() into a new string
 * @fmt: printf-style format
 *
 * Return: the new string; exits with status 2 when out of memory.
 */
char *cbp_strf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = cbp_vstrf(fmt, ap);
	va_end(ap);
	return s;
}

/**
 * cbp_gap_kind() - the kind of clone CBP_GAP_* bits describe
 * @gaps: CBP_GAP_SHALLOW and/or CBP_GAP_PARTIAL
 *
 * Return: "shallow", "partial" or "shallow and partial", for "a %s
 * clone"; "" for 0.
 */
const char *cbp_gap_kind(int gaps)
{
	switch (gaps & (CBP_GAP_SHALLOW | CBP_GAP_PARTIAL)) {
	case CBP_GAP_SHALLOW:
		return "shallow";
	case CBP_GAP_PARTIAL:
		return "partial";
	case CBP_GAP_SHALLOW | CBP_GAP_PARTIAL:
		return "shallow and partial";
	}
	return "";
}

/**
 * cbp_strcatf() - append a formatted piece to a string
 * @s: the string, or NULL for an empty one; replaced by the longer one
 * @fmt: printf-style format
 */
void cbp_strcatf(char **s, const char *fmt, ...)
{
	va_list ap;
	char *piece, *n;

	va_start(ap, fmt);
	piece = cbp_vstrf(fmt, ap);
	va_end(ap);
	n = cbp_strf("%s%s", *s ? *s : "", piece);
	free(*s);
	free(piece);
	*s = n;
}

/**
 * cbp_fnv() - go on with an FNV-1a hash over some bytes
 * @h: the hash so far, CBP_FNV_OFFSET to start one
 * @p: the bytes
 * @n: how many
 *
 * The index keeps such hashes (patch hashes, tree cache keys): the
 * function must never change.
 *
 * Return: the hash with @p mixed in.
 */
unsigned long long cbp_fnv(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--)
		h = (h ^ *s++) * CBP_FNV_PRIME;
	return h;
}

/**
 * cbp_hexval() - the value of a hex digit
 * @c: the character
 *
 * Return: 0 to 15, or -1 if @c is not a hex digit.
 */
int cbp_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/**
 * cbp_match_globs() - whether a name matches one of a list of globs
 * @globs: fnmatch(3) patterns, blank- or comma-separated, or NULL
 * @name: a branch's or a tag's short name
 *
 * A glob longer than 255 bytes matches nothing.
 *
 * Return: 1 if one matches, else 0.
 */
int cbp_match_globs(const char *globs, const char *name)
{
	char pat[256];
	const char *p = globs;

	while (p && *p) {
		size_t n;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		n = strcspn(p, " \t,");
		if (n && n < sizeof(pat)) {
			memcpy(pat, p, n);
			pat[n] = '\0';
			if (!fnmatch(pat, name, 0))
				return 1;
		}
		p += n;
	}
	return 0;
}
