// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the diff reader and the change blocks --compare
 * matches: the input is the diff of a mail (a git diff, or a plain
 * unified one that the mail reader turns into one), read by
 * cbp_patch_parse() and then by cbp_git_diff_parse(), cut into blocks by
 * cbp_diff_blocks() and compared with cbp_dblock_equal() and
 * cbp_dblock_within().  Up to a NUL byte it is one side, after it the
 * other (the same side when there is none).
 *
 * Besides memory errors (ASan/UBSan), it checks: every block lies inside
 * its hunk and holds no context line, and every changed line of the diff
 * is in exactly one block; a block equals itself and lies within itself,
 * every line of it marked; equality is symmetric.
 */
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "base/diff.h"
#include "git/git.h"
#include "base/patch.h"
#include "base/util.h"

/* Blocks compared pairwise, at most. */
#define PAIRS_MAX	64

static const char head[] =
	"From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"
	"From: A U Thor <author@example.com>\n"
	"Subject: [PATCH] x: y\n\n"
	"commit 1234567890ab upstream.\n---\n";

/* The diff of a mail whose body ends with @s: into @d; 0 if there is one. */
static int read_side(const unsigned char *s, size_t len, struct cbp_diff *d)
{
	struct cbp_patch_list list = { 0 };
	size_t n = sizeof(head) - 1;
	char *mail = malloc(n + len + 1);
	int rc = -1;

	memset(d, 0, sizeof(*d));
	if (!mail)
		return -1;
	memcpy(mail, head, n);
	memcpy(mail + n, s, len);
	mail[n + len] = '\0';
	cbp_patch_parse(&list, "fuzz", mail, n + len);
	if (list.nr && list.p[0].diff && !list.p[0].error) {
		if (strncmp(list.p[0].diff, "diff --git ", 11))
			abort();	/* both forms come out as git's */
		rc = cbp_git_diff_parse(list.p[0].diff, list.p[0].diff_len, d);
	}
	cbp_patch_list_release(&list);
	free(mail);
	return rc;
}

/* The blocks of @d, checked against its hunks. */
static size_t blocks_of(const struct cbp_diff *d, struct cbp_dblock **b)
{
	size_t nb = cbp_diff_blocks(d, b), changed = 0, inblocks = 0, i, j, k;

	for (i = 0; i < d->nr; i++)
		for (j = 0; j < d->f[i].nr; j++)
			for (k = 0; k < d->f[i].h[j].nr; k++)
				changed += d->f[i].h[j].l[k].origin != ' ';
	for (i = 0; i < nb; i++) {
		const struct cbp_dblock *x = &(*b)[i];
		const struct cbp_dhunk *h;

		if (x->file >= d->nr || x->hunk >= d->f[x->file].nr)
			abort();
		h = &d->f[x->file].h[x->hunk];
		if (x->first >= x->end || x->end > h->nr)
			abort();
		for (k = x->first; k < x->end; k++)
			if (h->l[k].origin == ' ')
				abort();
		inblocks += x->end - x->first;
	}
	if (inblocks != changed)
		abort();
	return nb;
}

static void compare(const struct cbp_diff *da, const struct cbp_dblock *a,
		    size_t na, const struct cbp_diff *db,
		    const struct cbp_dblock *b, size_t nb)
{
	size_t i, k, n;

	for (i = 0; i < na && i < PAIRS_MAX; i++) {
		size_t len = a[i].end - a[i].first;
		char *used = calloc(len + 1, 1), *mark = calloc(len + 1, 1);

		if (!used || !mark)
			abort();
		if (!cbp_dblock_equal(da, &a[i], da, &a[i]) ||
		    !cbp_dblock_within(da, &a[i], da, &a[i], used, mark))
			abort();
		for (n = 0; n < len; n++)
			if (!mark[n])
				abort();
		free(used);
		free(mark);
		for (k = 0; k < nb && k < PAIRS_MAX; k++)
			if (cbp_dblock_equal(da, &a[i], db, &b[k]) !=
			    cbp_dblock_equal(db, &b[k], da, &a[i]))
				abort();
	}
}

/**
 * LLVMFuzzerInitialize() - libFuzzer's set-up
 * @argc: unused
 * @argv: unused
 *
 * cbp_git_diff_parse() starts and stops libgit2 each time; holding it
 * started here makes that a count, not the set-up of its TLS and all.
 *
 * Return: 0.
 */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	git_libgit2_init();
	return 0;
}

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: the input
 * @size: its length
 *
 * Return: 0.
 */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const unsigned char *nul = memchr(data, 0, size);
	size_t la = nul ? (size_t)(nul - data) : size;
	struct cbp_diff da, db;
	struct cbp_dblock *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	int ra, rb;

	ra = read_side(data, la, &da);
	rb = nul ? read_side(nul + 1, size - la - 1, &db) :
	     read_side(data, la, &db);
	if (!ra)
		na = blocks_of(&da, &a);
	if (!rb)
		nb = blocks_of(&db, &b);
	if (!ra && !rb)
		compare(&da, a, na, &db, b, nb);
	free(a);
	free(b);
	if (!ra)
		cbp_diff_release(&da);
	if (!rb)
		cbp_diff_release(&db);
	return 0;
}
