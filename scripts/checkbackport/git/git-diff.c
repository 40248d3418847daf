// SPDX-License-Identifier: GPL-2.0
/*
 * Diffs through libgit2, as struct cbp_diff (diff.h): a patch's text read
 * by libgit2's patch parser (the one `git apply` shares its format with),
 * a commit against its first parent, and the net change of a run of
 * commits.  `check --tree` and `check --compare` read them; nothing here
 * writes to the repository.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diff.h"
#include "git-priv.h"

/* One line of a hunk, or the "no newline" mark of the previous one. */
static void add_line(struct cbp_dhunk *h, size_t *alloc,
		     const git_diff_line *gl)
{
	struct cbp_dline *l;
	size_t n = gl->content_len;

	switch (gl->origin) {
	case GIT_DIFF_LINE_CONTEXT_EOFNL:
	case GIT_DIFF_LINE_ADD_EOFNL:
	case GIT_DIFF_LINE_DEL_EOFNL:
		if (h->nr)
			h->l[h->nr - 1].no_eol = 1;
		return;
	case GIT_DIFF_LINE_CONTEXT:
	case GIT_DIFF_LINE_ADDITION:
	case GIT_DIFF_LINE_DELETION:
		break;
	default:
		return;
	}
	h->l = cbp_grow(h->l, sizeof(*h->l), h->nr + 1, alloc);
	l = &h->l[h->nr++];
	if (n && gl->content[n - 1] == '\n')
		n--;
	l->origin = (char)gl->origin;
	l->no_eol = 0;
	l->len = n;
	l->text = cbp_strndup(gl->content, n);
	/* A NUL inside the line would end it early: keep what C sees. */
	l->len = strlen(l->text);
}

/* One file of a libgit2 diff. */
static int add_file(git_diff *gd, size_t i, struct cbp_dfile *f)
{
	const git_diff_delta *delta;
	git_patch *patch = NULL;
	size_t nh, j, k, nl, alloc;

	if (git_patch_from_diff(&patch, gd, i) < 0)
		return cbp_error_git("cannot read a file of the diff");
	delta = git_patch_get_delta(patch);
	memset(f, 0, sizeof(*f));
	if (delta->status != GIT_DELTA_ADDED)
		f->old_path = cbp_strdup(delta->old_file.path);
	if (delta->status != GIT_DELTA_DELETED)
		f->new_path = cbp_strdup(delta->new_file.path);
	f->binary = !!(delta->flags & GIT_DIFF_FLAG_BINARY);
	nh = git_patch_num_hunks(patch);
	f->h = cbp_calloc(nh, sizeof(*f->h));
	for (j = 0; j < nh; j++) {
		const git_diff_hunk *gh;
		struct cbp_dhunk *h = &f->h[f->nr++];
		size_t hl;

		if (git_patch_get_hunk(&gh, &nl, patch, j) < 0) {
			git_patch_free(patch);
			return cbp_error_git("cannot read a hunk of the diff");
		}
		h->old_start = gh->old_start;
		h->old_lines = gh->old_lines;
		h->new_start = gh->new_start;
		h->new_lines = gh->new_lines;
		hl = gh->header_len;
		while (hl && (gh->header[hl - 1] == '\n' ||
			      gh->header[hl - 1] == '\r'))
			hl--;
		h->header = cbp_strndup(gh->header, hl);
		alloc = 0;
		for (k = 0; k < nl; k++) {
			const git_diff_line *gl;

			if (git_patch_get_line_in_hunk(&gl, patch, j, k) < 0) {
				git_patch_free(patch);
				return cbp_error_git("cannot read a line of the diff");
			}
			add_line(h, &alloc, gl);
		}
	}
	git_patch_free(patch);
	return 0;
}

static int diff_from_git(git_diff *gd, struct cbp_diff *out)
{
	size_t n = git_diff_num_deltas(gd), i;

	memset(out, 0, sizeof(*out));
	out->f = cbp_calloc(n, sizeof(*out->f));
	for (i = 0; i < n; i++) {
		if (add_file(gd, i, &out->f[i])) {
			out->nr = i + 1;
			cbp_diff_release(out);
			return -1;
		}
		out->nr = i + 1;
	}
	return 0;
}

/**
 * cbp_git_diff_parse() - read a patch's diff
 * @text: the diff, from its first "diff --git" line
 * @len: its length
 * @out: the files, hunks and lines; release with cbp_diff_release()
 *
 * Works without a repository.  A diff with a NUL byte is no text patch,
 * and libgit2 misreads its lines (cbp_git_text_change()): refused.
 *
 * Return: 0, or -1 with libgit2's reason recorded.
 */
int cbp_git_diff_parse(const char *text, size_t len, struct cbp_diff *out)
{
	git_diff *gd = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	if (memchr(text, '\0', len))
		return cbp_error("cannot read the diff: a NUL byte in it");
	git_libgit2_init();
	if (git_diff_from_buffer(&gd, text, len) < 0)
		rc = cbp_error_git("cannot read the diff");
	else
		rc = diff_from_git(gd, out);
	git_diff_free(gd);
	git_libgit2_shutdown();
	return rc;
}

static int lookup_tree(git_repository *r, const git_oid *oid,
		       git_commit **c, git_tree **t)
{
	if (git_commit_lookup(c, r, oid) < 0 || git_commit_tree(t, *c) < 0)
		return cbp_error_git("cannot read a commit");
	return 0;
}

/* The diff between the trees of two commits (@from may be NULL). */
static int tree_diff(struct cbp_repo *repo, const git_oid *from,
		     const git_oid *to, git_diff **gd)
{
	git_commit *ca = NULL, *cb = NULL;
	git_tree *ta = NULL, *tb = NULL;
	git_diff_find_options find;
	int rc = -1;

	if ((from && lookup_tree(repo->git, from, &ca, &ta)) ||
	    lookup_tree(repo->git, to, &cb, &tb))
		goto out;
	if (git_diff_tree_to_tree(gd, repo->git, ta, tb, NULL) < 0) {
		cbp_error_git("cannot diff two commits");
		goto out;
	}
	/*
	 * As git diff -M and format-patch: a file moved (and edited) is one
	 * change, as the backport of it shows it, not a deletion and an
	 * addition that match nothing of the backport.
	 */
	git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION);
	find.flags = GIT_DIFF_FIND_RENAMES;
	if (git_diff_find_similar(*gd, &find) < 0) {
		cbp_error_git("cannot find renames");
		git_diff_free(*gd);
		*gd = NULL;
		goto out;
	}
	rc = 0;
out:
	git_tree_free(ta);
	git_tree_free(tb);
	git_commit_free(ca);
	git_commit_free(cb);
	return rc;
}

/**
 * cbp_git_first_parent() - the first parent of a commit
 * @repo: the repository
 * @hex: the commit's full ID
 * @parent: CBP_OID_HEXSZ + 1 bytes for the parent's ID
 *
 * Return: 0; 1 for a root commit (@parent is ""); 2 for a merge (@parent
 * is its first parent); -1 with the error recorded.
 */
int cbp_git_first_parent(struct cbp_repo *repo, const char *hex, char *parent)
{
	git_commit *c = NULL;
	git_oid oid;
	int rc;

	parent[0] = '\0';
	if (git_oid_fromstr(&oid, hex) < 0 ||
	    git_commit_lookup(&c, repo->git, &oid) < 0)
		return cbp_error_git(hex);
	rc = git_commit_parentcount(c) > 1 ? 2 : 0;
	if (!git_commit_parentcount(c))
		rc = 1;
	else
		cbp_oid_tohex(from_git(git_commit_parent_id(c, 0)), parent);
	git_commit_free(c);
	return rc;
}

/**
 * cbp_git_commit_diff() - what a commit changed
 * @repo: the repository
 * @hex: the commit's full ID
 * @out: its diff against its first parent (or the empty tree)
 * @text: if not NULL, the diff as `git diff` prints it; free() it
 * @len: if @text, its length
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_commit_diff(struct cbp_repo *repo, const char *hex,
			struct cbp_diff *out, char **text, size_t *len)
{
	char phex[CBP_OID_HEXSZ + 1];
	git_oid oid, poid;
	git_diff *gd = NULL;
	git_buf buf = { 0 };
	int rc;

	memset(out, 0, sizeof(*out));
	rc = cbp_git_first_parent(repo, hex, phex);
	if (rc < 0)
		return -1;
	git_oid_fromstr(&oid, hex);
	if (phex[0])
		git_oid_fromstr(&poid, phex);
	if (tree_diff(repo, phex[0] ? &poid : NULL, &oid, &gd))
		return -1;
	rc = diff_from_git(gd, out);
	if (!rc && text) {
		if (git_diff_to_buf(&buf, gd, GIT_DIFF_FORMAT_PATCH) < 0) {
			rc = cbp_error_git("cannot print a diff");
			cbp_diff_release(out);
		} else {
			*text = cbp_strndup(buf.ptr, buf.size);
			*len = buf.size;
		}
		git_buf_dispose(&buf);
	}
	git_diff_free(gd);
	return rc;
}

/**
 * cbp_git_range_diff() - the net change between two commits
 * @repo: the repository
 * @from: full ID of the older commit
 * @to: full ID of the newer one
 * @out: the diff between their trees
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_range_diff(struct cbp_repo *repo, const char *from,
		       const char *to, struct cbp_diff *out)
{
	git_oid a, b;
	git_diff *gd = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	if (git_oid_fromstr(&a, from) < 0 || git_oid_fromstr(&b, to) < 0)
		return cbp_error("not a full commit ID: %s..%s", from, to);
	if (tree_diff(repo, &a, &b, &gd))
		return -1;
	rc = diff_from_git(gd, out);
	git_diff_free(gd);
	return rc;
}
