// SPDX-License-Identifier: GPL-2.0
/*
 * Applying a patch to the scratch copy with GNU patch, and reading what
 * it says about each hunk.
 *
 * GNU patch is the tool here rather than libgit2's apply because it says
 * where each hunk went: the offset from the line the patch gives, and
 * the fuzz (context lines it had to ignore), which is what quilt-based
 * stable trees accept and what a maintainer wants to hear about; it works
 * the same on an unpacked tree and on a worktree; and it replaces the
 * files it patches instead of writing through their hard links.
 *
 * A patch is applied only if all of it applies (as `git am` does): a
 * dry run first, in the C locale so that its messages can be read.  When
 * it does not apply, a dry run in reverse tells whether the change is in
 * the tree already.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tree-priv.h"

/* The path in "checking file 'x y' (renamed from z)". */
static char *file_of(const char *s)
{
	size_t n;

	if (*s == '\'') {
		const char *e = strchr(s + 1, '\'');

		return cbp_strndup(s + 1, e ? (size_t)(e - s - 1) :
				   strlen(s + 1));
	}
	n = strcspn(s, "\n");
	if (n > 2 && memmem(s, n, " (", 2))
		n = (const char *)memmem(s, n, " (", 2) - s;
	return cbp_strndup(s, n);
}

static struct cbp_apply_hunk *add_hunk(struct cbp_apply *a, size_t *alloc,
				       const char *path)
{
	struct cbp_apply_hunk *h;

	a->h = cbp_grow(a->h, sizeof(*a->h), a->nr + 1, alloc);
	h = &a->h[a->nr++];
	memset(h, 0, sizeof(*h));
	h->path = cbp_strdup(path ? path : "");
	return h;
}

/* "|+++ b/path" of the header GNU patch quotes before a missing file. */
static char *quoted_path(const char *log, const char *before)
{
	const char *s, *best = NULL;

	for (s = log; s && s < before; s = strchr(s, '\n'), s = s ? s + 1 : s)
		if (!strncmp(s, "|+++ ", 5) || (!best && !strncmp(s, "|--- ", 5)))
			best = s;
	if (!best)
		return NULL;
	best += 5;
	if (!strncmp(best, "b/", 2) || !strncmp(best, "a/", 2))
		best += 2;
	return cbp_strndup(best, strcspn(best, "\t\n"));
}

/* Whether a line of GNU patch's output says a file cannot be patched. */
static int file_trouble(const char *l)
{
	static const char * const words[] = {
		"can't find file to patch", "patch: **** ",
		"refusing to patch", "Ignoring potentially dangerous file name",
		"not deleting file", "Only garbage was found",
		"File to patch:",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (strstr(l, words[i]))
			return 1;
	return 0;
}

/*
 * Read GNU patch's report into @a: hunks moved or fuzzed, failed hunks,
 * files it could not patch.  With @patched, record the files it wrote.
 */
static void parse_log(struct cbp_tree *t, const char *log,
		      struct cbp_apply *a, int patched)
{
	size_t alloc = a->nr;
	char *file = NULL;
	const char *s, *eol;

	for (s = log; *s; s = *eol ? eol + 1 : eol) {
		unsigned int n, at;
		char word[16];
		int used;

		eol = strchrnul(s, '\n');
		if (!strncmp(s, "checking file ", 14) ||
		    !strncmp(s, "patching file ", 14)) {
			free(file);
			file = file_of(s + 14);
			if (patched)
				tree_patched(t, file);
			continue;
		}
		if (sscanf(s, "Hunk #%u %15s at %u%n", &n, word, &at, &used) == 3) {
			const char *rest = s + used;
			struct cbp_apply_hunk *h;
			const char *o = strstr(rest, "offset ");
			const char *z = strstr(rest, "with fuzz ");

			if (o > eol)
				o = NULL;
			if (z > eol)
				z = NULL;
			if (strcmp(word, "FAILED") && !o && !z)
				continue;
			h = add_hunk(a, &alloc, file);
			h->hunk = n;
			h->at = at;
			h->failed = !strcmp(word, "FAILED");
			if (o)
				h->offset = strtol(o + 7, NULL, 10);
			if (z)
				h->fuzz = (int)strtol(z + 10, NULL, 10);
			continue;
		}
		if (file_trouble(s)) {
			struct cbp_apply_hunk *h;
			char *p = quoted_path(log, s);

			h = add_hunk(a, &alloc, p ? p : file);
			h->failed = 1;
			h->why = cbp_strndup(s, eol - s);
			free(p);
		}
	}
	free(file);
}

/*
 * Run GNU patch on the scratch copy: forward or @reverse, dry or not,
 * with its default fuzz or, with @any_context, ignoring up to three
 * lines of context at each end (all of it in a diff of three).
 */
static int run_patch(struct cbp_tree *t, const char *file, int reverse,
		     int dry, int any_context, char **log)
{
	const char *argv[16];
	int n = 0;

	argv[n++] = "patch";
	argv[n++] = "-p1";
	argv[n++] = "-f";	/* never ask, never guess it is reversed */
	argv[n++] = "--no-backup-if-mismatch";
	argv[n++] = "-r";
	argv[n++] = "-";	/* no .rej files */
	if (reverse)
		argv[n++] = "-R";
	if (dry)
		argv[n++] = "--dry-run";
	if (any_context)
		argv[n++] = "-F3";
	argv[n++] = "-d";
	argv[n++] = t->src;
	argv[n++] = "-i";
	argv[n++] = file;
	argv[n] = NULL;
	return tree_run(NULL, argv, log);
}

/* Forget the hunks read so far (before reading the real run's). */
static void clear_hunks(struct cbp_apply *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++) {
		free(a->h[i].path);
		free(a->h[i].why);
	}
	a->nr = 0;
}

/*
 * Why a patch must not touch @path of the scratch copy (@src), or NULL.
 * Each directory on the way must be a directory of the copy itself: a
 * symbolic link there (the tree's own, or one an earlier patch of the
 * series made) leads out of the copy, and a file there cannot hold the
 * file.  The file itself may be missing (a new file) or anything GNU
 * patch takes.
 */
static char *path_trouble(int src, const char *path)
{
	char *p = cbp_strdup(path), *s = p, *slash, *why = NULL;
	int fd = dup(src);

	if (*p == '/')
		why = cbp_strdup("an absolute path");
	for (s = p; !why && fd >= 0 && (slash = strchr(s, '/')); s = slash + 1) {
		struct stat st;
		int next;

		*slash = '\0';
		if (!strcmp(s, "..") || !strcmp(s, ".")) {
			why = cbp_strf("\"%s\" in the path", s);
			break;
		}
		if (fstatat(fd, s, &st, AT_SYMLINK_NOFOLLOW)) {
			if (errno != ENOENT)
				why = cbp_strf("%s: %s", p, strerror(errno));
			break;		/* patch makes the directories */
		}
		if (S_ISLNK(st.st_mode))
			why = cbp_strf("%s is a symbolic link in the tree; %s",
				       p, "the patch is not applied through it");
		else if (!S_ISDIR(st.st_mode))
			why = cbp_strf("%s is not a directory in the tree", p);
		if (why)
			break;
		next = openat(fd, s, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			      O_CLOEXEC);
		close(fd);
		fd = next;
		*slash = '/';
	}
	if (!why && !strcmp(s, ".."))
		why = cbp_strdup("\"..\" in the path");
	if (fd >= 0)
		close(fd);
	free(p);
	return why;
}

/**
 * cbp_tree_check_paths() - refuse a patch that would reach out of the copy
 * @t: the tree
 * @d: the patch's diff
 * @res: its result; a failed file for each path refused
 *
 * GNU patch's dry run does not see that a file would be created under a
 * symbolic link or a file of the copy, and the real run then fails
 * half-way; nor can it try a file the diff patches twice.  Such a patch
 * is failed here, before any run.
 *
 * Return: the number of paths refused.
 */
size_t cbp_tree_check_paths(struct cbp_tree *t, const struct cbp_diff *d,
			    struct cbp_apply *res)
{
	size_t i, k, alloc = res->nr, bad = 0;
	int src;

	src = open(t->src, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	for (i = 0; i < d->nr; i++) {
		const char *path[2] = { d->f[i].old_path, d->f[i].new_path };
		const char *me = cbp_dfile_path(&d->f[i]);
		size_t j;

		/*
		 * git apply takes two sections of one file in turn; GNU
		 * patch's dry run would try the second on the file as it
		 * was, and blame a hunk of the first.
		 */
		for (j = 0; j < i; j++)
			if (!strcmp(cbp_dfile_path(&d->f[j]), me))
				break;
		if (j < i) {
			struct cbp_apply_hunk *h = add_hunk(res, &alloc, me);

			h->failed = 1;
			h->why = cbp_strf("%s (file sections %zu and %zu); %s",
					  "the diff patches it twice", j + 1, i + 1,
					  "merge them into one, as git diff writes it");
			bad++;
			continue;
		}

		for (k = 0; k < 2; k++) {
			struct cbp_apply_hunk *h;
			char *why;

			if (!path[k] || (k && path[0] &&
					 !strcmp(path[0], path[1])))
				continue;
			why = src < 0 ? cbp_strf("cannot open the copy %s: %s",
						 t->src, strerror(errno)) :
			      path_trouble(src, path[k]);
			if (!why)
				continue;
			h = add_hunk(res, &alloc, path[k]);
			h->failed = 1;
			h->why = why;
			bad++;
		}
	}
	if (src >= 0)
		close(src);
	if (bad)
		res->state = CBP_APPLY_FAILED;
	return bad;
}

/**
 * cbp_tree_try() - would a patch apply to the scratch copy as it is now
 * @t: the tree
 * @diff: the patch's diff
 * @len: its length
 * @res: what would become of it; release with cbp_apply_release()
 *
 * Dry runs only: forward, and if that fails, in reverse (ignoring the
 * context if need be).
 *
 * Return: 0 (whether or not it applies: see @res), or -1 with the error
 * recorded when GNU patch cannot be run.
 */
int cbp_tree_try(struct cbp_tree *t, const char *diff, size_t len,
		 struct cbp_apply *res)
{
	char *file = cbp_strf("%s/patch.diff", t->entry), *log = NULL;
	struct cbp_apply rev = { 0 };
	size_t i, k;
	int rc;

	memset(res, 0, sizeof(*res));
	if (tree_write(file, diff, len)) {
		free(file);
		return -1;
	}
	rc = run_patch(t, file, 0, 1, 0, &res->log);
	if (rc < 0 || rc > 2)
		goto trouble;
	parse_log(t, res->log, res, 0);
	if (!rc) {
		res->state = CBP_APPLY_OK;
		goto out;
	}
	res->state = CBP_APPLY_FAILED;
	/*
	 * Is the change there already?  In reverse as it is, then ignoring
	 * its context: a later patch may have changed the lines around it.
	 */
	rc = run_patch(t, file, 1, 1, 0, &log);
	if (rc > 0) {
		free(log);
		log = NULL;
		rc = run_patch(t, file, 1, 1, 1, &log);
	}
	if (rc < 0)
		goto trouble;
	if (!rc) {
		res->state = CBP_APPLY_REVERSED;
		goto out;
	}
	parse_log(t, log, &rev, 0);
	/* A hunk that failed forward but not in reverse is there already. */
	for (i = 0; i < res->nr; i++) {
		struct cbp_apply_hunk *h = &res->h[i];
		int back = h->failed && h->hunk;

		for (k = 0; k < rev.nr && back; k++)
			if (rev.h[k].failed && rev.h[k].hunk == h->hunk &&
			    !strcmp(rev.h[k].path, h->path))
				back = 0;
		h->reversed = back;
	}
	rc = 0;
	goto out;
trouble:
	if (rc >= 0)
		rc = cbp_error("patch failed (status %d): %.300s", rc,
			       res->log ? res->log : "");
out:
	free(log);
	cbp_apply_release(&rev);
	free(file);
	return rc < 0 ? -1 : 0;
}

/**
 * cbp_tree_apply() - apply the patch cbp_tree_try() found applicable
 * @t: the tree, as cbp_tree_try() saw it
 * @res: its result; the hunks become those of the real run
 *
 * Return: 0, or -1 with the error recorded (GNU patch failed: @res is
 * then CBP_APPLY_FAILED, and what it wrote is recorded as patched).
 */
int cbp_tree_apply(struct cbp_tree *t, struct cbp_apply *res)
{
	char *file = cbp_strf("%s/patch.diff", t->entry);
	int rc;

	if (res->state != CBP_APPLY_OK) {
		free(file);
		return cbp_error("applying a patch that does not apply");
	}
	clear_hunks(res);
	free(res->log);
	res->log = NULL;
	rc = run_patch(t, file, 0, 0, 0, &res->log);
	free(file);
	/* What it did write is in the copy: the next run refreshes it. */
	if (res->log)
		parse_log(t, res->log, res, 1);
	if (rc) {
		res->state = CBP_APPLY_FAILED;
		return cbp_error("GNU patch failed after its dry run (status %d): %.300s",
				 rc, res->log ? res->log : "");
	}
	return 0;
}

/**
 * cbp_apply_release() - free what cbp_tree_try() filled in
 * @a: the result
 */
void cbp_apply_release(struct cbp_apply *a)
{
	clear_hunks(a);
	free(a->h);
	free(a->log);
	memset(a, 0, sizeof(*a));
}
