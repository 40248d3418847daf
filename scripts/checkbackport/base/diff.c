// SPDX-License-Identifier: GPL-2.0
/*
 * Change blocks of a parsed diff and their comparison (see diff.h).  Two
 * blocks are the same change when they are in the same file and remove
 * the same lines and add the same lines, in order, whatever the context
 * around them and wherever they are in the file; trailing blanks are not
 * part of a line's content here, as backports often lose or gain them
 * through mail.
 */
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "util.h"

/**
 * cbp_diff_release() - free a parsed diff
 * @d: the diff; emptied
 */
void cbp_diff_release(struct cbp_diff *d)
{
	size_t i, j, k;

	for (i = 0; i < d->nr; i++) {
		struct cbp_dfile *f = &d->f[i];

		for (j = 0; j < f->nr; j++) {
			for (k = 0; k < f->h[j].nr; k++)
				free(f->h[j].l[k].text);
			free(f->h[j].l);
			free(f->h[j].header);
		}
		free(f->h);
		free(f->old_path);
		free(f->new_path);
	}
	free(d->f);
	memset(d, 0, sizeof(*d));
}

/**
 * cbp_dfile_path() - the path a file change is about
 * @f: the file change
 *
 * Return: the new path, or the old one for a deleted file.
 */
const char *cbp_dfile_path(const struct cbp_dfile *f)
{
	return f->new_path ? f->new_path : f->old_path ? f->old_path : "";
}

/**
 * cbp_diff_blocks() - split every hunk of a diff into change blocks
 * @d: the diff
 * @out: the blocks, in diff order; free() them
 *
 * Return: the number of blocks.
 */
size_t cbp_diff_blocks(const struct cbp_diff *d, struct cbp_dblock **out)
{
	size_t nr = 0, alloc = 0, i, j, k;

	*out = NULL;
	for (i = 0; i < d->nr; i++)
		for (j = 0; j < d->f[i].nr; j++) {
			const struct cbp_dhunk *h = &d->f[i].h[j];
			unsigned int old = h->old_start;

			for (k = 0; k < h->nr; ) {
				struct cbp_dblock *b;

				if (h->l[k].origin == ' ') {
					old++;
					k++;
					continue;
				}
				*out = cbp_grow(*out, sizeof(**out), nr + 1,
						&alloc);
				b = &(*out)[nr++];
				memset(b, 0, sizeof(*b));
				b->file = i;
				b->hunk = j;
				b->first = k;
				b->old_line = old;
				for (; k < h->nr && h->l[k].origin != ' '; k++)
					old += h->l[k].origin == '-';
				b->end = k;
			}
		}
	return nr;
}

/* Length of @s without trailing blanks. */
static size_t trimmed(const struct cbp_dline *l)
{
	size_t n = l->len;

	while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t' ||
		     l->text[n - 1] == '\r'))
		n--;
	return n;
}

/* The next line of @origin in a block from index *@k, or NULL. */
static const struct cbp_dline *next_of(const struct cbp_dhunk *h,
				       const struct cbp_dblock *b, size_t *k,
				       char origin)
{
	while (*k < b->end && h->l[*k].origin != origin)
		(*k)++;
	return *k < b->end ? &h->l[(*k)++] : NULL;
}

static int line_equal(const struct cbp_dline *x, const struct cbp_dline *y)
{
	size_t n = trimmed(x);

	return n == trimmed(y) && !memcmp(x->text, y->text, n);
}

static int same_lines(const struct cbp_dhunk *ha, const struct cbp_dblock *a,
		      const struct cbp_dhunk *hb, const struct cbp_dblock *b,
		      char origin)
{
	size_t i = a->first, j = b->first;

	for (;;) {
		const struct cbp_dline *x = next_of(ha, a, &i, origin);
		const struct cbp_dline *y = next_of(hb, b, &j, origin);

		if (!x || !y)
			return !x && !y;
		if (!line_equal(x, y))
			return 0;
	}
}

/**
 * cbp_dblock_equal() - whether two blocks are the same change
 * @da: the diff of @a
 * @a: a block
 * @db: the diff of @b
 * @b: another block
 *
 * Return: non-zero when both are in the same file and remove and add
 * the same lines in the same order.
 */
int cbp_dblock_equal(const struct cbp_diff *da, const struct cbp_dblock *a,
		     const struct cbp_diff *db, const struct cbp_dblock *b)
{
	const struct cbp_dfile *fa = &da->f[a->file], *fb = &db->f[b->file];
	const struct cbp_dhunk *ha = &fa->h[a->hunk], *hb = &fb->h[b->hunk];

	return !strcmp(cbp_dfile_path(fa), cbp_dfile_path(fb)) &&
	       same_lines(ha, a, hb, b, '-') && same_lines(ha, a, hb, b, '+');
}

/* Find @s's lines of @origin, in order, among @b's free lines; mark them. */
static int within_lines(const struct cbp_dhunk *hs, const struct cbp_dblock *s,
			const struct cbp_dhunk *hb, const struct cbp_dblock *b,
			const char *used_b, char *mark, char origin)
{
	size_t i = s->first, j = b->first;
	const struct cbp_dline *x;

	while ((x = next_of(hs, s, &i, origin))) {
		for (; j < b->end; j++)
			if (hb->l[j].origin == origin && !used_b[j - b->first] &&
			    line_equal(x, &hb->l[j]))
				break;
		if (j == b->end)
			return 0;
		mark[j++ - b->first] = 1;
	}
	return 1;
}

/**
 * cbp_dblock_within() - whether a block's change is part of another's
 * @ds: the diff of @s
 * @s: the smaller block
 * @db: the diff of @b
 * @b: the larger block
 * @used_b: per line of @b (from b->first), non-zero if already matched
 *	    to something else
 * @mark: per line of @b, set to 1 for the lines @s matches (when it does)
 *
 * A backport often joins an upstream change with a line of its own, or
 * leaves a line of one out, in one block: this finds the part they share.
 *
 * Return: non-zero when both are in the same file and @s's removed and
 * added lines are, in order, among @b's lines not yet used.
 */
int cbp_dblock_within(const struct cbp_diff *ds, const struct cbp_dblock *s,
		      const struct cbp_diff *db, const struct cbp_dblock *b,
		      const char *used_b, char *mark)
{
	const struct cbp_dfile *fs = &ds->f[s->file], *fb = &db->f[b->file];
	const struct cbp_dhunk *hs = &fs->h[s->hunk], *hb = &fb->h[b->hunk];

	memset(mark, 0, b->end - b->first);
	return !strcmp(cbp_dfile_path(fs), cbp_dfile_path(fb)) &&
	       within_lines(hs, s, hb, b, used_b, mark, '-') &&
	       within_lines(hs, s, hb, b, used_b, mark, '+');
}

/**
 * cbp_dhunk_text() - a hunk as a diff of its own, for people
 * @f: its file
 * @h: the hunk
 * @prefix: put before every line
 *
 * Return: "---"/"+++" lines, the @@ line and the hunk's lines, each
 * after @prefix and ending in a newline; free() it.
 */
char *cbp_dhunk_text(const struct cbp_dfile *f, const struct cbp_dhunk *h,
		     const char *prefix)
{
	char *s = NULL;
	size_t k;

	cbp_strcatf(&s, "%s--- %s%s\n", prefix,
		    f->old_path ? "a/" : "", f->old_path ? f->old_path : "/dev/null");
	cbp_strcatf(&s, "%s+++ %s%s\n", prefix,
		    f->new_path ? "b/" : "", f->new_path ? f->new_path : "/dev/null");
	cbp_strcatf(&s, "%s%s\n", prefix, h->header);
	for (k = 0; k < h->nr; k++) {
		cbp_strcatf(&s, "%s%c%s\n", prefix, h->l[k].origin,
			    h->l[k].text);
		if (h->l[k].no_eol)
			cbp_strcatf(&s, "%s\\ No newline at end of file\n",
				    prefix);
	}
	return s;
}
