// SPDX-License-Identifier: GPL-2.0
/*
 * "Cc: stable@vger.kernel.org # 6.12+" lines: the stable series a
 * backport's annotation names.  No library, so that it can be tested
 * and fuzzed on its own (fuzz/fuzz-cc.c); check-facts.c reads every
 * line of a message through it.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cc-stable.h"

/**
 * cbp_parse_series() - the stable series a version names
 * @s: "v6.12-rc7", "v6.12", "6.12.3", ... (read up to its NUL)
 * @major: 6
 * @minor: 12
 *
 * Return: 0, or -1 if @s does not start with a version whose two first
 * numbers are at most 1000.
 */
int cbp_parse_series(const char *s, int *major, int *minor)
{
	char *end;
	long a, b;

	if (*s == 'v')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	a = strtol(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return -1;
	b = strtol(end + 1, &end, 10);
	if (a > 1000 || b > 1000)
		return -1;
	*major = (int)a;
	*minor = (int)b;
	return 0;
}

/**
 * cbp_cc_stable() - read a "Cc: stable@vger.kernel.org # 6.12+" line
 * @line: one line, NUL-terminated, without its line end
 * @ann: where its annotation (after '#' and blanks) starts in @line
 * @major: the series it names, e.g. 6
 * @minor: e.g. 12
 *
 * The Cc: may be indented and in any case; the address may be written
 * with a name or in angle brackets.
 *
 * Return: 1 if @line is such a Cc: with a version annotation, else 0.
 */
int cbp_cc_stable(const char *line, const char **ann, int *major, int *minor)
{
	const char *p = line, *hash;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncasecmp(p, "cc:", 3) || !strstr(p, "stable@vger.kernel.org"))
		return 0;
	hash = strchr(p, '#');
	if (!hash)
		return 0;
	p = hash + 1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (cbp_parse_series(p, major, minor))
		return 0;
	*ann = p;
	return 1;
}
