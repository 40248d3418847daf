// SPDX-License-Identifier: GPL-2.0
/*
 * Changes made under other folders.  A directory that moved between two
 * branches (etcd's server/mvcc/ became server/storage/mvcc/, containerd's
 * mount/ core/mount/) leaves a backport and the commit it cites with no
 * path in common, though they change the same files.  Link trust (the
 * builder's and check's alike) asks here whether two such changes are
 * still one:
 *
 *   the same    the same lines changed, file by file, under other paths
 *               of the same file names; or one change a part of the
 *               other (a backport leaving out a vendored library); a
 *               binary file, whose lines are not compared, is no part;
 *   alike       some file of one has a namesake in the other whose
 *               changed lines are at least half the same (a backport
 *               squashing several commits, or adapting one).
 *
 *   renamed     the same hunks, the lines around the changes too, file
 *               by file, in files of other names: the same code changed
 *               the same way where a file was renamed or split (SSSD's
 *               child_sig_handler() went from child_common.c to
 *               child_handlers.c, and a backport of a fix to it cites
 *               the one made there).
 *
 * Otherwise a move keeps the files' names: the same lines changed in
 * files of other names, amid other code, are more often two files fixed
 * alike (one line added to a.c and to b.c), and a citation shifted by
 * one in such a series must stay suspicious.  Both changes must have
 * been read with their patch-ids, which gives the lines
 * (cbp_git_change.files).
 */
#include <string.h>

#include "git-priv.h"

/* The first path of @c whose file name is @name. */
static const char *path_named(const struct cbp_git_change *c,
			      const char *name)
{
	size_t i;

	for (i = 0; i < c->nr_paths; i++)
		if (!strcmp(cbp_git_file_name(c->paths[i]), name))
			return c->paths[i];
	return NULL;
}

/* Whether each file name of @a is among @b's, and @a has one. */
static int names_within(const struct cbp_git_change *a,
			const struct cbp_git_change *b)
{
	size_t i;

	for (i = 0; i < a->nr_paths; i++)
		if (!path_named(b, cbp_git_file_name(a->paths[i])))
			return 0;
	return a->nr_paths > 0;
}

/* Whether some file name of @a is among @b's. */
static int a_name_shared(const struct cbp_git_change *a,
			 const struct cbp_git_change *b)
{
	size_t i;

	for (i = 0; i < a->nr_paths; i++)
		if (path_named(b, cbp_git_file_name(a->paths[i])))
			return 1;
	return 0;
}

/*
 * Whether the two may be the same changes made under other paths: each
 * file is a diff of its own, a rename one diff of two paths, so the
 * numbers of diffs must be able to meet.
 */
static int sizes_meet(const struct cbp_git_change *a,
		      const struct cbp_git_change *b)
{
	return a->nr_paths && b->nr_paths &&
	       b->nr_paths >= (a->nr_paths + 1) / 2 &&
	       a->nr_paths >= (b->nr_paths + 1) / 2;
}

/*
 * Whether each file of @a has lines changed, and @a has a file: a binary
 * file or a mode change has no lines, so the hunks say nothing of it
 * (two binary files of one name changed under two folders hash alike
 * whatever their contents).
 */
static int all_lines(const struct cbp_git_change *a)
{
	size_t i;

	for (i = 0; i < a->nr_files; i++)
		if (!a->files[i].lines)
			return 0;
	return a->nr_files > 0;
}

/*
 * Whether @a is @b, or a part of it, made under other folders: each file
 * @a changes has lines changed, and changed alike in a file of @b of the
 * same name.  Gives in @ap and @bp the paths of one such file.
 */
static int part_moved(const struct cbp_git_change *a,
		      const struct cbp_git_change *b,
		      const char **ap, const char **bp)
{
	size_t i, k;

	if (!all_lines(a))
		return 0;
	for (i = 0; i < a->nr_files; i++) {
		for (k = 0; k < b->nr_files; k++)
			if (b->files[k].hunks == a->files[i].hunks &&
			    b->files[k].lines == a->files[i].lines &&
			    !strcmp(b->files[k].name, a->files[i].name))
				break;
		if (k == b->nr_files)
			return 0;
	}
	*ap = path_named(a, a->files[0].name);
	*bp = path_named(b, a->files[0].name);
	return *ap && *bp;
}

/*
 * Whether @a and @b change the same code the same way file by file, each
 * file of one paired with one of the other by its hunks whole, whatever
 * the files' names; @ap and @bp the paths of the first pair.  A binary
 * file has no hunks to pair it by, nor has a file added whole code
 * around its lines (two files added alike are as often two of a series
 * as one renamed).  Renames and splits touch a few files: changes of
 * more than RENAMED_MAX are not paired.
 */
#define RENAMED_MAX	64

static int renamed(const struct cbp_git_change *a,
		   const struct cbp_git_change *b,
		   const char **ap, const char **bp)
{
	unsigned char used[RENAMED_MAX] = { 0 };
	size_t i, k, first = 0;

	if (a->nr_files != b->nr_files || a->nr_files > RENAMED_MAX ||
	    a->hunks != b->hunks || !all_lines(a) || !all_lines(b))
		return 0;
	for (i = 0; i < a->nr_files; i++) {
		for (k = 0; k < b->nr_files; k++)
			if (!used[k] && a->files[i].text &&
			    b->files[k].text == a->files[i].text &&
			    b->files[k].hunks == a->files[i].hunks)
				break;
		if (k == b->nr_files)
			return 0;
		used[k] = 1;
		if (!i)
			first = k;
	}
	*ap = path_named(a, a->files[0].name);
	*bp = path_named(b, b->files[first].name);
	return *ap && *bp;
}

/* How many lines two files' changes share (their sorted line hashes). */
static size_t lines_shared(const struct cbp_git_file_hunks *x,
			   const struct cbp_git_file_hunks *y)
{
	size_t i = 0, k = 0, n = 0;

	while (i < x->lines && k < y->lines) {
		if (x->line[i] < y->line[k]) {
			i++;
		} else if (x->line[i] > y->line[k]) {
			k++;
		} else {
			n++;
			i++;
			k++;
		}
	}
	return n;
}

/*
 * Whether two files' changes are alike: at least two lines, and at least
 * half of the smaller change's, in common.  One line ("}", "return 0;")
 * says nothing.
 */
static int files_alike(const struct cbp_git_file_hunks *x,
		       const struct cbp_git_file_hunks *y)
{
	size_t n = lines_shared(x, y);
	size_t min = x->lines < y->lines ? x->lines : y->lines;

	return n >= 2 && 2 * n >= min;
}

/*
 * How many files of @a have a namesake in @b changed alike; @ap and @bp
 * the paths of the first pair.
 */
static size_t count_alike(const struct cbp_git_change *a,
			  const struct cbp_git_change *b,
			  const char **ap, const char **bp)
{
	size_t i, k, n = 0;

	for (i = 0; i < a->nr_files; i++) {
		for (k = 0; k < b->nr_files; k++)
			if (!strcmp(a->files[i].name, b->files[k].name) &&
			    files_alike(&a->files[i], &b->files[k]))
				break;
		if (k == b->nr_files)
			continue;
		if (!n++) {
			*ap = path_named(a, a->files[i].name);
			*bp = path_named(b, b->files[k].name);
		}
	}
	return *ap && *bp ? n : 0;
}

/**
 * cbp_git_change_may_move() - whether two changes are worth comparing
 * @a: a change, its files known (with or without its patch-id)
 * @b: another
 *
 * Telling a move needs both changes' lines, a diff of every file of both
 * commits; these are the pairs for which it may say anything.
 *
 * Return: 1 if cbp_git_change_moved() may find a move, else 0.
 */
int cbp_git_change_may_move(const struct cbp_git_change *a,
			    const struct cbp_git_change *b)
{
	return sizes_meet(a, b) || a_name_shared(a, b);
}

/*
 * How many changed lines @a and @b share, each file of one compared with
 * each of the other whatever their names; @smaller gets the number of
 * lines of the smaller change.
 */
static size_t lines_shared_all(const struct cbp_git_change *a,
			       const struct cbp_git_change *b, size_t *smaller)
{
	size_t i, k, n = 0, na = 0, nb = 0;

	for (i = 0; i < a->nr_files; i++)
		na += a->files[i].lines;
	for (k = 0; k < b->nr_files; k++)
		nb += b->files[k].lines;
	*smaller = na < nb ? na : nb;
	for (i = 0; i < a->nr_files; i++)
		for (k = 0; k < b->nr_files; k++)
			n += lines_shared(&a->files[i], &b->files[k]);
	return n;
}

/**
 * cbp_git_change_shares_files() - whether two changes touch a file alike
 * @a: a change, its files known (with or without its patch-id)
 * @b: another
 *
 * Return: 1 if a path, or a file name under any folders, is both
 * changes', else 0.  Where it is 1, so is cbp_git_change_related(),
 * without the lines that needs.
 */
int cbp_git_change_shares_files(const struct cbp_git_change *a,
				const struct cbp_git_change *b)
{
	return cbp_git_change_common(a, b, NULL) || a_name_shared(a, b);
}

/**
 * cbp_git_change_related() - whether two changes have anything in common
 * @a: a change read with its patch-id (cbp_git_change_of(), want_pid)
 * @b: another, likewise
 *
 * A path or a file name both touch (cbp_git_change_shares_files()), or
 * changed lines both make, blanks aside, whatever the files: a quarter
 * of the smaller change's lines, and two when it has more than two.  A
 * message reused for another change (a rebase gone wrong) has none of
 * these; a backport adapted across a move, a rename or another name of
 * a function has one.
 *
 * Return: 1 if so, 0 if not.
 */
int cbp_git_change_related(const struct cbp_git_change *a,
			   const struct cbp_git_change *b)
{
	size_t n, smaller;

	if (cbp_git_change_shares_files(a, b))
		return 1;
	n = lines_shared_all(a, b, &smaller);
	return n && (n >= 2 || smaller <= 2) && 4 * n >= smaller;
}

/**
 * cbp_git_change_moved() - whether two changes are one under other folders
 * @a: a change read with its patch-id (cbp_git_change_of(), want_pid)
 * @b: another, likewise, with no path in common with @a
 * @ap: set to a path of @a's that @b changes under another folder
 * @bp: set to that path in @b
 * @alike: set to the number of @a's files changed alike in @b (for
 *	   %CBP_GIT_MOVED_ALIKE; 0 otherwise)
 *
 * Return: %CBP_GIT_MOVED_SAME when the two make the same changes under
 * other paths of the same file names, or one makes a part of the other's
 * so, or they change the same code the same way in files of other names
 * (a file renamed or split); %CBP_GIT_MOVED_ALIKE when some of their files of the same names
 * are changed alike; else %CBP_GIT_MOVED_NONE.
 */
enum cbp_git_moved cbp_git_change_moved(const struct cbp_git_change *a,
					const struct cbp_git_change *b,
					const char **ap, const char **bp,
					size_t *alike)
{
	*ap = NULL;
	*bp = NULL;
	*alike = 0;
	if (!a->has_pid || !b->has_pid)
		return CBP_GIT_MOVED_NONE;
	if (sizes_meet(a, b) && a->hunks == b->hunks && all_lines(a) &&
	    all_lines(b) && names_within(a, b) && names_within(b, a)) {
		*ap = a->paths[0];
		*bp = b->paths[0];
		return CBP_GIT_MOVED_SAME;
	}
	if (part_moved(a, b, ap, bp) || part_moved(b, a, bp, ap) ||
	    renamed(a, b, ap, bp))
		return CBP_GIT_MOVED_SAME;
	*ap = NULL;
	*bp = NULL;
	*alike = count_alike(a, b, ap, bp);
	return *alike ? CBP_GIT_MOVED_ALIKE : CBP_GIT_MOVED_NONE;
}
