// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for what link trust compares of two changes with no
 * path in common: the input is two diffs, split at its first NUL byte
 * (without one, the same diff twice), each read as check reads a mail's
 * diff (cbp_git_text_change()), then compared by cbp_git_change_moved()
 * and cbp_git_change_related().
 *
 * Besides memory errors (ASan/UBSan), it checks: each file's changed
 * lines are sorted and it has a hash of its hunks whole only with lines
 * changed; the verdicts are the same either way round (a move, a part,
 * a renamed file and files changed alike are said of the pair, not of
 * one side); a verdict other than none names a path of each side, and
 * none names nothing.
 */
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "git/git.h"

/**
 * LLVMFuzzerInitialize() - libFuzzer's set-up, once
 * @argc: unused
 * @argv: unused
 *
 * Return: 0.
 */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (git_libgit2_init() < 0)
		abort();
	return 0;
}

/* Abort unless @ch's files keep the promises of struct cbp_git_file_hunks. */
static void check_files(const struct cbp_git_change *ch)
{
	size_t i, k;

	for (i = 0; i < ch->nr_files; i++) {
		const struct cbp_git_file_hunks *f = &ch->files[i];

		if (!f->name || (!f->lines && f->text))
			abort();
		for (k = 1; k < f->lines; k++)
			if (f->line[k - 1] > f->line[k])
				abort();
	}
}

/* Whether @path is one of @ch's paths. */
static int has_path(const struct cbp_git_change *ch, const char *path)
{
	size_t i;

	for (i = 0; path && i < ch->nr_paths; i++)
		if (ch->paths[i] == path)
			return 1;
	return 0;
}

/* Abort unless the verdict @m on (@a, @b) names a path of each. */
static void check_paths(const struct cbp_git_change *a,
			const struct cbp_git_change *b, enum cbp_git_moved m,
			const char *ap, const char *bp, size_t alike)
{
	if (m == CBP_GIT_MOVED_NONE) {
		if (ap || bp || alike)
			abort();
		return;
	}
	if (!has_path(a, ap) || !has_path(b, bp))
		abort();
	if (m == CBP_GIT_MOVED_ALIKE ? !alike : alike)
		abort();
}

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: two diffs, a NUL byte between them
 * @size: the input's length
 *
 * Return: 0.
 */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const char *text = (const char *)data, *nul = memchr(text, 0, size);
	struct cbp_git_change a, b;
	const char *ap, *bp, *bap, *bbp;
	enum cbp_git_moved ab, ba;
	size_t alen = nul ? (size_t)(nul - text) : size, ab_alike, ba_alike;
	int ra, rb;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ra = cbp_git_text_change(text, alen, &a);
	rb = nul ? cbp_git_text_change(nul + 1, size - alen - 1, &b) :
		   cbp_git_text_change(text, alen, &b);
	if ((ra && ra != -1) || (rb && rb != -1))
		abort();
	if (ra || rb)
		goto out;
	check_files(&a);
	check_files(&b);
	ab = cbp_git_change_moved(&a, &b, &ap, &bp, &ab_alike);
	ba = cbp_git_change_moved(&b, &a, &bap, &bbp, &ba_alike);
	if (ab != ba)
		abort();
	check_paths(&a, &b, ab, ap, bp, ab_alike);
	check_paths(&b, &a, ba, bap, bbp, ba_alike);
	if (cbp_git_change_related(&a, &b) != cbp_git_change_related(&b, &a))
		abort();
	if (cbp_git_change_may_move(&a, &b) != cbp_git_change_may_move(&b, &a))
		abort();
out:
	cbp_git_change_release(&a);
	cbp_git_change_release(&b);
	return 0;
}
