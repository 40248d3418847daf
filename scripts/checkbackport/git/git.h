/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The git layer: everything checkbackport asks of a repository.
 *
 * git.c (repository, config, revisions, refs, history), git-odb.c (reading
 * commit objects), git-patchid.c (patch-ids) and git-change.c (the files
 * and patch-id of one change, for link trust) are the only code that
 * calls libgit2; they share git-priv.h, the only header that includes
 * it.  This interface uses no libgit2 type, so the layers above never
 * see one.  git-commit.c, the parser of commit headers and object IDs,
 * needs no libgit2 at all and can be tested and fuzzed on its own.
 *
 * Functions return 0 (or a count) on success and a negative value after
 * recording a message with cbp_error(), carrying libgit2's own text where
 * libgit2 failed.
 */
#ifndef CHECKBACKPORT_GIT_H
#define CHECKBACKPORT_GIT_H

#include <stddef.h>

#include "base/util.h"

/* Results of cbp_git_resolve() and cbp_git_read_commit() besides 0 and -1. */
#define CBP_GIT_NO_REVISION	1	/* git does not know the name */
#define CBP_GIT_NO_COMMIT	2	/* it names something else */
#define CBP_GIT_AMBIGUOUS	3	/* a short ID of several objects */
/* cbp_git_files_same_patch() cannot tell, cbp_git_files_same() not yet */
#define CBP_GIT_UNDECIDED	4

/**
 * struct cbp_oid - a SHA-1 object ID
 * @id: its bytes
 */
struct cbp_oid {
	unsigned char id[CBP_OID_RAWSZ];
};

/* An open repository. */
struct cbp_repo;

/* A repository's object database, opened for reading commits in bulk. */
struct cbp_odb;

/**
 * struct cbp_git_commit - a commit object, as the builder reads it
 * @parents: the parent IDs, in order
 * @nr_parents: number of @parents
 * @alloc_parents: allocated entries of @parents (kept between reads)
 * @atime: author time in seconds since the epoch, 0 if unreadable
 * @author: the author's name and address, "Name <address>" (points into
 *	    the object, not NUL-terminated), NULL if unreadable
 * @author_len: its length
 * @encoding: the charset of the message (its "encoding" header), "" if
 *	      none is given
 * @msg: the message: everything after the header, not NUL-terminated
 * @msg_len: its length
 * @obj: the object @msg points into, until cbp_git_commit_done(); NULL
 *	 when it is @raw
 * @raw: the object when read from a pack by the git layer itself (kept
 *	 between reads, as @parents)
 * @alloc_raw: allocated bytes of @raw
 */
struct cbp_git_commit {
	struct cbp_oid *parents;
	size_t nr_parents;
	size_t alloc_parents;
	long long atime;
	const char *author;
	size_t author_len;
	char encoding[32];
	const char *msg;
	size_t msg_len;
	void *obj;
	char *raw;
	size_t alloc_raw;
};

/**
 * struct cbp_git_ref - a ref
 * @name: its full name ("refs/tags/v6.12"), or "HEAD" for a detached HEAD
 * @commit: the commit it leads to (tags are peeled); zero if none
 * @is_commit: 1 if it leads to a commit, 0 to a tree or a blob, -1 to an
 *	       object that cannot be read (missing, damaged)
 * @why: with is_commit -1, libgit2's message; with is_commit 0, "a tree"
 *	 or "a blob", or NULL if the ref leads to no object (a symbolic ref
 *	 left behind)
 */
struct cbp_git_ref {
	char *name;
	struct cbp_oid commit;
	int is_commit;
	char *why;
};

/**
 * struct cbp_patch_ids - commits and their `git patch-id --stable`
 * @pid: the patch-ids, 40 hex digits each
 * @commit: the commit of each, 40 hex digits each
 * @nr: number of entries
 * @alloc: allocated entries
 */
struct cbp_patch_ids {
	char (*pid)[CBP_OID_HEXSZ + 1];
	char (*commit)[CBP_OID_HEXSZ + 1];
	size_t nr;
	size_t alloc;
};

/**
 * struct cbp_git_file_hunks - one file's changed lines, whatever its folder
 * @name: the file's name, the last component of its path (the new one;
 *	  the old one for a deletion)
 * @hunks: the hash of its added and removed lines, as in
 *	   &cbp_git_change.hunks
 * @lines: how many lines it adds and removes (0: a binary file or a
 *	   mode change, whose @hunks say nothing)
 * @line: the hash of each of those lines (its sign and its text, blanks
 *	  ignored), sorted: what two changes to a file have in common
 * @text: the hash of its hunks whole, the lines around the changes too
 *	  (their line numbers aside, blanks ignored): the same code changed
 *	  the same way, whatever the file is called; 0 when it changes no
 *	  line, or no line of code is around them (a file added or deleted
 *	  whole)
 */
struct cbp_git_file_hunks {
	char *name;
	unsigned long long hunks;
	size_t lines;
	unsigned long long *line;
	unsigned long long text;
};

/**
 * struct cbp_git_file - a file a commit changes, to compare two changes
 * @path: its path
 * @a: its blob before (zero: none; a submodule's commit with @binary_a)
 * @b: its blob after, likewise
 * @mode_a: its mode before (0: none)
 * @mode_b: its mode after
 * @binary_a: @a is no blob (a submodule)
 * @binary_b: @b is no blob
 * @sized: @size_change and @large are known (cbp_git_file_fill())
 * @large: its sides weigh over 256 KiB together
 * @size_change: the change in bytes of its size
 * @no_quick: the caller's: compare the file by @hash alone, no @mid or
 *	      @net first (a change compared with one other, likely its copy)
 * @want_hash: @hash is what cbp_git_files_same() asks for next
 * @quick: @mid and @net are known (cbp_git_file_fill())
 * @mid: a hash of the bytes of its sides between the lines both start
 *	 and end with: equal for the same diff
 * @net: what its lines net, blanks aside: the sum of a hash of each line
 *	 after less of each before; equal for the same lines added and
 *	 dropped
 * @hashed: 1 @hash is known, -1 the file could not be read, 0 not yet
 * @hash: the lines it adds and drops, blanks aside, not its path
 * @wanted: the caller's, for the files cbp_git_files_same() asked for
 */
struct cbp_git_file {
	char *path;
	struct cbp_oid a, b;
	unsigned int mode_a, mode_b;
	int binary_a, binary_b;
	int sized, large;
	long long size_change;
	int no_quick, want_hash;
	int quick;
	unsigned long long mid, net;
	int hashed;
	unsigned long long hash;
	int wanted;
};

/**
 * struct cbp_git_files - the files a commit changes (cbp_git_change_files())
 * @f: sorted by path
 * @nr: number of @f
 */
struct cbp_git_files {
	struct cbp_git_file *f;
	size_t nr;
};

/**
 * struct cbp_git_change - what a commit or patch changes, for link trust
 * @paths: the paths it touches (both of a rename), sorted, each once
 * @nr_paths: number of @paths
 * @has_pid: @pid is set (not for merges, empty diffs, or when not asked)
 * @pid: its `git patch-id --stable`, 40 hex digits
 * @hunks: with @pid, a hash of the lines it adds and removes, file by
 *	   file in any order, blanks ignored, with no path in it: equal for
 *	   the same change made under other paths (a directory moved)
 * @files: with @pid, each file's part of @hunks, with its name
 * @nr_files: number of @files
 * @blobs: a hash of each file's path, mode and blob IDs before and after,
 *	   from the trees alone: equal for two commits that turn the same
 *	   files from the same contents into the same contents (a patch the
 *	   same in every byte), 0 for a change with no file
 */
struct cbp_git_change {
	char **paths;
	size_t nr_paths;
	int has_pid;
	char pid[CBP_OID_HEXSZ + 1];
	unsigned long long hunks;
	struct cbp_git_file_hunks *files;
	size_t nr_files;
	unsigned long long blobs;
};

/* git.c */
int cbp_git_open(struct cbp_repo **out, const char *path);
void cbp_git_close(struct cbp_repo *repo);
const char *cbp_git_dir(const struct cbp_repo *repo);
const char *cbp_git_commondir(const struct cbp_repo *repo);
int cbp_git_has_branch(struct cbp_repo *repo, const char *name);
int cbp_git_gaps(struct cbp_repo *repo);
int cbp_git_config_string(struct cbp_repo *repo, const char *key,
			  char **value);
int cbp_git_resolve(struct cbp_repo *repo, const char *rev,
		    struct cbp_oid *oid);
int cbp_git_message(struct cbp_repo *repo, const struct cbp_oid *oid,
		    char **msg, char **summary);
int cbp_git_descendant_of(struct cbp_repo *repo, const struct cbp_oid *commit,
			  const struct cbp_oid *ancestor);
int cbp_git_refs(struct cbp_repo *repo, struct cbp_git_ref **refs,
		 size_t *nr);
void cbp_git_refs_free(struct cbp_git_ref *refs, size_t nr);
int cbp_error_git(const char *what);
const char *cbp_git_last_error(void);

/* git-odb.c */
int cbp_git_odb_open(struct cbp_repo *repo, struct cbp_odb **out);
void cbp_git_odb_close(struct cbp_odb *odb);
int cbp_git_read_commit(struct cbp_odb *odb, const struct cbp_oid *oid,
			struct cbp_git_commit *c);
void cbp_git_commit_done(struct cbp_git_commit *c);
void cbp_git_commit_release(struct cbp_git_commit *c);

/* git-commit.c: no libgit2 */
int cbp_git_parse_commit(const char *buf, size_t len,
			 struct cbp_git_commit *c);
int cbp_oid_fromhex(struct cbp_oid *oid, const char *hex);
char *cbp_oid_tohex(const struct cbp_oid *oid, char *hex);
int cbp_oid_equal(const struct cbp_oid *a, const struct cbp_oid *b);

/* git-paths.c */
int cbp_git_touches(struct cbp_repo *repo, const char *hex,
		    char *const *paths, size_t nr);

/* git-patchid.c */
int cbp_git_diff_patch_id(struct cbp_repo *repo, const char *hex,
			  char *pid);
int cbp_git_patch_ids(struct cbp_repo *repo, const char *branch,
		      const char *exclude, struct cbp_patch_ids *out);
int cbp_git_commit_patch_id(struct cbp_repo *repo, const char *hex,
			    char *pid);
int cbp_git_text_patch_id(const char *diff, size_t len, char *pid);
void cbp_patch_ids_release(struct cbp_patch_ids *ids);

/* git-change.c */
int cbp_git_change_of(struct cbp_repo *repo, const struct cbp_oid *oid,
		      int want_pid, struct cbp_git_change *ch);
int cbp_git_text_change(const char *diff, size_t len,
			struct cbp_git_change *ch);
int cbp_git_files_same_patch(struct cbp_repo *repo, const struct cbp_oid *a,
			     const struct cbp_git_files *fa,
			     const struct cbp_oid *b,
			     const struct cbp_git_files *fb);
int cbp_git_change_files(struct cbp_repo *repo, const struct cbp_oid *oid,
			 struct cbp_git_files *out, struct cbp_git_change *ch);
int cbp_git_file_fill(struct cbp_repo *repo, struct cbp_git_file *f);
int cbp_git_files_same(const struct cbp_git_files *x,
		       const struct cbp_git_files *y,
		       void (*want)(struct cbp_git_file *f, void *data),
		       void *data);
int cbp_git_files_same_moved(const struct cbp_git_files *x,
			     const struct cbp_git_files *y,
			     void (*want)(struct cbp_git_file *f, void *data),
			     void *data);
int cbp_git_files_renamed(const struct cbp_git_files *x,
			  const struct cbp_git_files *y);
void cbp_git_files_release(struct cbp_git_files *files);
int cbp_git_change_content(struct cbp_repo *repo, const struct cbp_oid *oid,
			   unsigned long long *out);
size_t cbp_git_change_common(const struct cbp_git_change *a,
			     const struct cbp_git_change *b, const char **first);
void cbp_git_change_release(struct cbp_git_change *ch);

/* git-moved.c: changes made under other folders (a directory moved) */
enum cbp_git_moved {
	CBP_GIT_MOVED_NONE,	/* nothing says a folder moved */
	CBP_GIT_MOVED_SAME,	/* the same changes, or a part of them */
	CBP_GIT_MOVED_ALIKE,	/* files of the same names changed alike */
};

int cbp_git_change_shares_files(const struct cbp_git_change *a,
				const struct cbp_git_change *b);
int cbp_git_change_related(const struct cbp_git_change *a,
			   const struct cbp_git_change *b);
int cbp_git_change_may_move(const struct cbp_git_change *a,
			    const struct cbp_git_change *b);
enum cbp_git_moved cbp_git_change_moved(const struct cbp_git_change *a,
					const struct cbp_git_change *b,
					const char **ap, const char **bp,
					size_t *alike);

/* git-range.c */
int cbp_git_rev_list(struct cbp_repo *repo, const char *range,
		     struct cbp_oid **oids, size_t *nr);
int cbp_git_merged_by(struct cbp_repo *repo, const struct cbp_oid *merge,
		      size_t max, struct cbp_oid **oids, size_t *nr);

/* git-diff.c: diffs as struct cbp_diff (diff.h) */
struct cbp_diff;
int cbp_git_diff_parse(const char *text, size_t len, struct cbp_diff *out);
int cbp_git_first_parent(struct cbp_repo *repo, const char *hex,
			 char *parent);
int cbp_git_commit_diff(struct cbp_repo *repo, const char *hex,
			struct cbp_diff *out, char **text, size_t *len);
int cbp_git_range_diff(struct cbp_repo *repo, const char *from,
		       const char *to, struct cbp_diff *out);

#endif /* CHECKBACKPORT_GIT_H */
