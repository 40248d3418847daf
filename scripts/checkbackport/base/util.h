/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Error reporting and allocation helpers shared by checkbackport's files.
 *
 * Library layers never print errors: they record one message with
 * cbp_error() (or cbp_error_git() and cbp_error_sqlite() of the git and
 * store layers, which append the library's own message) and return a
 * negative value.  The command layer prints the recorded message once,
 * in one place, and picks the exit status.
 */
#ifndef CHECKBACKPORT_UTIL_H
#define CHECKBACKPORT_UTIL_H

#include <stdarg.h>
#include <stddef.h>

/* The kernel's spelling of the attributes used here. */
#define CBP_ATTRIBUTE	__attribute__
#ifndef __printf
#define __printf(a, b)	CBP_ATTRIBUTE((format(printf, a, b)))
#endif
#ifndef __always_unused
#define __always_unused	CBP_ATTRIBUTE((unused))
#endif
#ifndef __noreturn
#define __noreturn	CBP_ATTRIBUTE((noreturn))
#endif

/* A full (SHA-1) commit ID in hex. */
#define CBP_OID_RAWSZ		20
#define CBP_OID_HEXSZ		40

/*
 * What a repository lacks of its history (cbp_git_gaps()), kept in the
 * index built from it: answers about the missing part can be wrong.
 */
#define CBP_GAP_SHALLOW		1	/* git clone --depth: history cut */
#define CBP_GAP_PARTIAL		2	/* git clone --filter: files missing */
#define CBP_GAP_REPLACE		4	/* git replace: git shows other objects */
#define CBP_GAP_DAMAGED		8	/* a commit git cannot read */

/* Exit statuses, as documented in --help. */
#define CBP_EXIT_OK		0
#define CBP_EXIT_FINDINGS	1
#define CBP_EXIT_ERROR		2

__printf(1, 2) int cbp_error(const char *fmt, ...);
const char *cbp_errmsg(void);
__printf(1, 2) void cbp_note(const char *fmt, ...);
void cbp_set_quiet(int quiet);

void *cbp_malloc(size_t size);
void *cbp_calloc(size_t nmemb, size_t size);
void *cbp_realloc(void *ptr, size_t size);
char *cbp_strdup(const char *s);
char *cbp_strndup(const char *s, size_t n);
__printf(1, 2) char *cbp_strf(const char *fmt, ...);
const char *cbp_gap_kind(int gaps);
char *cbp_vstrf(const char *fmt, va_list ap);
__printf(2, 3) void cbp_strcatf(char **s, const char *fmt, ...);
double cbp_now(void);
int cbp_hexval(int c);

/* FNV-1a, 64 bits: start from CBP_FNV_OFFSET, mix a byte in by CBP_FNV_PRIME. */
#define CBP_FNV_OFFSET		0xcbf29ce484222325ULL
#define CBP_FNV_PRIME		0x100000001b3ULL
unsigned long long cbp_fnv(unsigned long long h, const void *p, size_t n);

void *cbp_grow(void *array, size_t elsize, size_t need, size_t *alloc);
int cbp_match_globs(const char *globs, const char *name);

/* A blank or a line end: what a line's text leaves out, as patch-ids do. */
static inline int cbp_is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void cbp_sort(void *base, size_t nr, size_t size,
	      int (*cmp)(const void *, const void *));

#endif /* CHECKBACKPORT_UTIL_H */
