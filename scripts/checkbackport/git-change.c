// SPDX-License-Identifier: GPL-2.0
/*
 * What a commit or a patch changes, as link trust compares it: the files
 * it touches and its `git patch-id --stable`, both from one libgit2 diff,
 * in-process (a build judges every link whose subjects differ, so running
 * git per commit is out of the question).
 *
 * A commit is diffed against its first parent (against nothing for a
 * root commit), with renames detected as `git show` detects them by
 * default (diff.renames); a rename touches both its paths.  Merges and
 * empty diffs have no patch-id, as with git.  libgit2's patch-id is git's
 * for text changes, additions, deletions, mode changes and pure renames;
 * for binary files and renames with changes the two can differ, which
 * only makes a consistent link look adapted: the file sets, which tell a
 * suspicious link, do not depend on it.
 */
#include <stdlib.h>
#include <string.h>

#include "git-priv.h"

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_path(struct cbp_git_change *ch, size_t *alloc,
		     const char *path)
{
	if (!path)
		return;
	ch->paths = cbp_grow(ch->paths, sizeof(*ch->paths), ch->nr_paths + 1,
			     alloc);
	ch->paths[ch->nr_paths++] = cbp_strdup(path);
}

/* Per file of a diff, the hash of its changed lines (see hash_hunks()). */
struct hunk_hash {
	unsigned long long *h;
	size_t nr, alloc;
};

#define FNV_OFFSET	0xcbf29ce484222325ULL
#define FNV_PRIME	0x100000001b3ULL

static int hunk_file(const git_diff_delta *delta, float progress, void *data)
{
	struct hunk_hash *hh = data;

	(void)delta;
	(void)progress;
	hh->h = cbp_grow(hh->h, sizeof(*hh->h), hh->nr + 1, &hh->alloc);
	hh->h[hh->nr++] = FNV_OFFSET;
	return 0;
}

static int hunk_line(const git_diff_delta *delta, const git_diff_hunk *hunk,
		     const git_diff_line *line, void *data)
{
	struct hunk_hash *hh = data;
	unsigned long long h;
	size_t i;

	(void)delta;
	(void)hunk;
	if (!hh->nr || (line->origin != GIT_DIFF_LINE_ADDITION &&
			line->origin != GIT_DIFF_LINE_DELETION))
		return 0;
	h = hh->h[hh->nr - 1];
	h = (h ^ (unsigned char)line->origin) * FNV_PRIME;
	for (i = 0; i < line->content_len; i++) {
		unsigned char ch = (unsigned char)line->content[i];

		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')
			continue;
		h = (h ^ ch) * FNV_PRIME;
	}
	hh->h[hh->nr - 1] = h;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/*
 * What @diff changes, whatever the paths: each file's added and removed
 * lines hashed without their blanks (as patch-ids ignore them), the
 * files' hashes sorted (a move may reorder them) and hashed in turn.
 */
static int hash_hunks(git_diff *diff, unsigned long long *out)
{
	struct hunk_hash hh = { 0 };
	unsigned long long h = FNV_OFFSET;
	size_t i;

	if (git_diff_foreach(diff, hunk_file, NULL, NULL, hunk_line, &hh) < 0) {
		free(hh.h);
		return cbp_error_git("cannot read a diff's lines");
	}
	qsort(hh.h, hh.nr, sizeof(*hh.h), cmp_u64);
	for (i = 0; i < hh.nr; i++)
		h = (h ^ hh.h[i]) * FNV_PRIME;
	free(hh.h);
	*out = h;
	return 0;
}

/* The paths of @diff's deltas, sorted, each once; and its patch-id. */
static int read_diff(git_diff *diff, int want_pid, struct cbp_git_change *ch)
{
	size_t n = git_diff_num_deltas(diff), alloc = 0, i, o;
	git_oid pid;

	for (i = 0; i < n; i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		add_path(ch, &alloc, d->old_file.path);
		if (!d->old_file.path || strcmp(d->old_file.path, d->new_file.path))
			add_path(ch, &alloc, d->new_file.path);
	}
	qsort(ch->paths, ch->nr_paths, sizeof(*ch->paths), cmp_path);
	for (i = 0, o = 0; i < ch->nr_paths; i++) {
		if (o && !strcmp(ch->paths[o - 1], ch->paths[i])) {
			free(ch->paths[i]);
			continue;
		}
		ch->paths[o++] = ch->paths[i];
	}
	ch->nr_paths = o;
	if (!want_pid || !n)
		return 0;
	if (git_diff_patchid(&pid, diff, NULL) < 0)
		return cbp_error_git("cannot compute a patch-id");
	if (hash_hunks(diff, &ch->hunks))
		return -1;
	cbp_oid_tohex(from_git(&pid), ch->pid);
	ch->has_pid = 1;
	return 0;
}

/**
 * cbp_git_change_of() - the files a commit touches, and its patch-id
 * @repo: the repository
 * @oid: the commit
 * @want_pid: also compute the patch-id (it reads and diffs the blobs;
 *	      the file set alone compares trees only)
 * @ch: filled in; release with cbp_git_change_release()
 *
 * Return: 0, or -1 with libgit2's message recorded.
 */
int cbp_git_change_of(struct cbp_repo *repo, const struct cbp_oid *oid,
		      int want_pid, struct cbp_git_change *ch)
{
	git_commit *c = NULL, *parent = NULL;
	git_tree *t = NULL, *pt = NULL;
	git_diff *diff = NULL;
	int err = -1, merge;

	memset(ch, 0, sizeof(*ch));
	if (git_commit_lookup(&c, repo->git, to_git(oid)) < 0 ||
	    git_commit_tree(&t, c) < 0 ||
	    (git_commit_parentcount(c) &&
	     (git_commit_parent(&parent, c, 0) < 0 ||
	      git_commit_tree(&pt, parent) < 0))) {
		cbp_error_git("cannot read a commit to compare");
		goto out;
	}
	merge = git_commit_parentcount(c) > 1;
	if (git_diff_tree_to_tree(&diff, repo->git, pt, t, NULL) < 0) {
		cbp_error_git("cannot diff a commit");
		goto out;
	}
	/* Renames matter to the patch-id only; paths are both sides anyway. */
	if (want_pid && !merge && git_diff_find_similar(diff, NULL) < 0) {
		cbp_error_git("cannot find renames");
		goto out;
	}
	err = read_diff(diff, want_pid && !merge, ch);
out:
	git_diff_free(diff);
	git_tree_free(pt);
	git_tree_free(t);
	git_commit_free(parent);
	git_commit_free(c);
	if (err)
		cbp_git_change_release(ch);
	return err;
}

/**
 * cbp_git_text_change() - the files a patch touches, and its patch-id
 * @diff: the diff of a mail, from its first "diff --git" line
 * @len: its length
 * @ch: filled in; release with cbp_git_change_release()
 *
 * Return: 0, or -1 with libgit2's message recorded when libgit2 cannot
 * read the diff.
 */
int cbp_git_text_change(const char *diff, size_t len,
			struct cbp_git_change *ch)
{
	git_diff *d = NULL;
	int err;

	memset(ch, 0, sizeof(*ch));
	if (git_diff_from_buffer(&d, diff, len) < 0)
		return cbp_error_git("cannot read the patch's diff");
	err = read_diff(d, 1, ch);
	git_diff_free(d);
	if (err)
		cbp_git_change_release(ch);
	return err;
}

/**
 * cbp_git_change_common() - files two changes both touch
 * @a: a change
 * @b: another
 * @first: the first path in common (in @a's storage), or NULL; may be NULL
 *
 * Return: the number of paths in common.
 */
size_t cbp_git_change_common(const struct cbp_git_change *a,
			     const struct cbp_git_change *b, const char **first)
{
	size_t i = 0, j = 0, n = 0;

	if (first)
		*first = NULL;
	while (i < a->nr_paths && j < b->nr_paths) {
		int c = strcmp(a->paths[i], b->paths[j]);

		if (c < 0) {
			i++;
		} else if (c > 0) {
			j++;
		} else {
			if (!n++ && first)
				*first = a->paths[i];
			i++;
			j++;
		}
	}
	return n;
}

/**
 * cbp_git_change_release() - free what a change holds
 * @ch: the change
 */
void cbp_git_change_release(struct cbp_git_change *ch)
{
	size_t i;

	for (i = 0; i < ch->nr_paths; i++)
		free(ch->paths[i]);
	free(ch->paths);
	memset(ch, 0, sizeof(*ch));
}
