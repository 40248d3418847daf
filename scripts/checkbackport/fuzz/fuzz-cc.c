// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the Cc: stable annotation parser: cbp_cc_stable()
 * on every line of the input, and cbp_parse_series() on what follows.
 *
 * Besides memory errors (ASan/UBSan), it checks the parser's promises:
 * a line it takes starts, after blanks, with "Cc:" in any case and
 * holds the stable address and a '#'; the annotation lies inside the
 * line, after that '#'; the series are the numbers the annotation starts
 * with, at most 1000 each, and printing them and parsing them again
 * gives them back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/cc-stable.h"

static void check_line(const char *line)
{
	const char *ann = NULL, *p = line, *hash;
	int major = -1, minor = -1, m2, n2;
	char buf[32];

	if (!cbp_cc_stable(line, &ann, &major, &minor))
		return;
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncasecmp(p, "cc:", 3) || !strstr(line, "stable@vger.kernel.org"))
		abort();
	hash = strchr(line, '#');
	if (!hash || ann <= hash || ann > line + strlen(line))
		abort();
	if (major < 0 || major > 1000 || minor < 0 || minor > 1000)
		abort();
	/* The annotation starts with those numbers. */
	if (*ann == 'v')
		ann++;
	snprintf(buf, sizeof(buf), "%d.%d", major, minor);
	if (cbp_parse_series(buf, &m2, &n2) || m2 != major || n2 != minor)
		abort();
	if (strtol(ann, NULL, 10) != major)
		abort();
}

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: input bytes: lines of a commit message
 * @size: number of input bytes
 *
 * Return: 0.
 */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	size_t i = 0;

	while (i <= size) {
		const unsigned char *nl = memchr(data + i, '\n', size - i);
		size_t len = nl ? (size_t)(nl - (data + i)) : size - i;
		/* An exact-size copy, so ASan catches a read past the line. */
		char *line = malloc(len + 1);

		if (!line)
			return 0;
		memcpy(line, data + i, len);
		line[len] = '\0';
		check_line(line);
		free(line);
		i += len + 1;
	}
	return 0;
}
