/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A diff as files, hunks and lines, and its change blocks.
 *
 * The git layer fills struct cbp_diff from a patch's text or from a
 * commit (git-diff.c, through libgit2's parser and diff); this file,
 * free of any library, splits hunks into change blocks (the runs of
 * removed and added lines between context lines) and compares them.
 * `check --tree` uses it to say which hunk did not apply, `--compare`
 * to match a backport's changes with upstream's whatever their context
 * and line numbers.
 */
#ifndef CHECKBACKPORT_DIFF_H
#define CHECKBACKPORT_DIFF_H

#include <stddef.h>

/**
 * struct cbp_dline - one line of a hunk
 * @origin: ' ' (context), '-' (removed) or '+' (added)
 * @no_eol: the line has no newline at the end of its file
 * @len: length of @text
 * @text: the line, without its newline, NUL-terminated
 */
struct cbp_dline {
	char origin;
	char no_eol;
	size_t len;
	char *text;
};

/**
 * struct cbp_dhunk - one hunk
 * @old_start: first line in the old file (as in the @@ header)
 * @old_lines: number of old lines
 * @new_start: first line in the new file
 * @new_lines: number of new lines
 * @header: the "@@ -a,b +c,d @@ ..." line, without its newline
 * @l: the lines
 * @nr: number of @l
 */
struct cbp_dhunk {
	unsigned int old_start;
	unsigned int old_lines;
	unsigned int new_start;
	unsigned int new_lines;
	char *header;
	struct cbp_dline *l;
	size_t nr;
};

/**
 * struct cbp_dfile - the changes to one file
 * @old_path: path before, NULL for a new file
 * @new_path: path after, NULL for a deleted file
 * @binary: a binary change (no hunks)
 * @h: the hunks
 * @nr: number of @h
 */
struct cbp_dfile {
	char *old_path;
	char *new_path;
	int binary;
	struct cbp_dhunk *h;
	size_t nr;
};

/**
 * struct cbp_diff - a parsed diff
 * @f: the files, in the order of the diff
 * @nr: number of @f
 */
struct cbp_diff {
	struct cbp_dfile *f;
	size_t nr;
};

/**
 * struct cbp_dblock - a change block: removed and added lines that no
 * context line separates
 * @file: index of its file in the diff
 * @hunk: index of its hunk in the file
 * @first: index of its first line in the hunk
 * @end: index after its last line
 * @old_line: line of the old file where it starts (after the lines
 *	      before it in the hunk)
 * @used: set by a caller matching blocks
 */
struct cbp_dblock {
	size_t file;
	size_t hunk;
	size_t first;
	size_t end;
	unsigned int old_line;
	int used;
};

void cbp_diff_release(struct cbp_diff *d);
const char *cbp_dfile_path(const struct cbp_dfile *f);
size_t cbp_diff_blocks(const struct cbp_diff *d, struct cbp_dblock **out);
int cbp_dblock_equal(const struct cbp_diff *da, const struct cbp_dblock *a,
		     const struct cbp_diff *db, const struct cbp_dblock *b);
int cbp_dblock_within(const struct cbp_diff *ds, const struct cbp_dblock *s,
		      const struct cbp_diff *db, const struct cbp_dblock *b,
		      const char *used_b, char *mark);
char *cbp_dhunk_text(const struct cbp_dfile *f, const struct cbp_dhunk *h,
		     const char *prefix);

#endif /* CHECKBACKPORT_DIFF_H */
