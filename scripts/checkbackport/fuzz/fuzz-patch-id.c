// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the patch-id, cbp_patch_id(), on any text.
 *
 * Besides memory errors (ASan/UBSan), it checks its promises: 0 with
 * 40 lower-case hex digits, or 1 with nothing hashed; the same answer
 * twice; and the same answer with a commit message before a diff (only
 * what follows the first "diff " line counts).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/patch-id.h"

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: the diff's text
 * @size: its length
 *
 * Return: 0.
 */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char msg[] = "Subject: x\n\nA message.\n";
	char a[41], b[41], c[41];
	char *text;
	int ra, rb, i;

	ra = cbp_patch_id((const char *)data, size, a);
	if (ra != 0 && ra != 1)
		abort();
	for (i = 0; !ra && i < 40; i++)
		if (!isxdigit((unsigned char)a[i]) || isupper((unsigned char)a[i]))
			abort();
	if (!ra && a[40])
		abort();
	rb = cbp_patch_id((const char *)data, size, b);
	if (rb != ra || (!ra && strcmp(a, b)))
		abort();
	/* A message before a text that starts with its diff changes nothing. */
	if (size < 5 || memcmp(data, "diff ", 5))
		return 0;
	text = malloc(sizeof(msg) - 1 + size);
	if (!text)
		abort();
	memcpy(text, msg, sizeof(msg) - 1);
	memcpy(text + sizeof(msg) - 1, data, size);
	rb = cbp_patch_id(text, sizeof(msg) - 1 + size, c);
	free(text);
	if (rb != ra || (!ra && strcmp(a, c)))
		abort();
	return 0;
}
