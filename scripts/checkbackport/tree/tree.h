/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The target tree of `check --tree`: a kernel source, unpacked or a git
 * worktree, that a series is applied to and built in.
 *
 * The tree itself is never written.  Each run works in a scratch copy of
 * it made of hard links (tree.c), kept in a cache entry of the tree with
 * the build directories prepared from it, one per kernel configuration
 * (tree-build.c); GNU patch, which replaces the files it patches rather
 * than writing through their links, applies each patch there
 * (tree-apply.c).  Which objects a change needs built, and the Kconfig
 * symbols kbuild builds them under, are read from the tree's kbuild
 * files (tree-kbuild.c).
 *
 * The layer runs programs (cp, patch, make) and knows nothing of git, of
 * the index or of findings.  Functions return 0 on success and a
 * negative value after recording a message with cbp_error().
 */
#ifndef CHECKBACKPORT_TREE_H
#define CHECKBACKPORT_TREE_H

#include <stddef.h>

#include "base/diff.h"

struct cbp_tree;

/**
 * struct cbp_tree_opts - what `check --tree` was asked
 * @dir: the tree
 * @config: the kernel configuration to start from, or NULL for the
 *	    distribution's for the tree's version
 * @cache: the cache directory, or NULL for the default
 * @build: build objects (not only apply)
 */
struct cbp_tree_opts {
	const char *dir;
	const char *config;
	const char *cache;
	int build;
};

/**
 * struct cbp_tree_info - what was prepared, for the report
 * @dir: the tree, as an absolute path
 * @version: its kernel version, e.g. "6.12.118"
 * @git: the tree is a git worktree
 * @config: the configuration started from
 * @objdir: the build directory, "" before cbp_tree_prepare()
 * @enabled: symbols set beyond @config for the objects to build
 * @nr_enabled: number of @enabled
 * @unmet: symbols that could not be enabled
 * @nr_unmet: number of @unmet
 * @prepared_now: the build directory was prepared by this run
 * @prepare_seconds: how long preparing it took (when it was prepared)
 * @copy_seconds: how long making the scratch copy took in this run
 */
struct cbp_tree_info {
	char *dir;
	char *version;
	int git;
	char *config;
	char *objdir;
	char **enabled;
	size_t nr_enabled;
	char **unmet;
	size_t nr_unmet;
	int prepared_now;
	double prepare_seconds;
	double copy_seconds;
};

/* enum cbp_apply_state - what became of a patch */
enum cbp_apply_state {
	CBP_APPLY_OK = 0,	/* applied, maybe with offset or fuzz */
	CBP_APPLY_FAILED = 1,	/* not applied: a hunk or file failed */
	CBP_APPLY_REVERSED = 2,	/* not applied: it is in the tree already */
};

/**
 * struct cbp_apply_hunk - a hunk (or file) with something to report
 * @path: the file, as in the patch
 * @hunk: 1-based number of the hunk in its file; 0 for the file as a whole
 * @at: the line it applied at, or was expected at
 * @offset: lines away from where the patch said
 * @fuzz: context lines ignored to apply it
 * @failed: it did not apply
 * @reversed: it failed, and applies in reverse (its change is there)
 * @why: for a file as a whole, GNU patch's words
 */
struct cbp_apply_hunk {
	char *path;
	unsigned int hunk;
	unsigned int at;
	long offset;
	int fuzz;
	int failed;
	int reversed;
	char *why;
};

/**
 * struct cbp_apply - the result of applying one patch
 * @state: enum cbp_apply_state
 * @h: hunks applied with an offset or fuzz, failed hunks, missing files
 * @nr: number of @h
 * @log: GNU patch's output (forward)
 */
struct cbp_apply {
	int state;
	struct cbp_apply_hunk *h;
	size_t nr;
	char *log;
};

/**
 * struct cbp_tree_obj - an object a patch needs built
 * @obj: its path in the tree, e.g. "drivers/gpu/drm/tiny/bochs.o"
 * @src: its source file
 * @why: the file of the patch that makes it needed
 * @skip: why it is not built, or NULL
 * @before: it was built before the patch too (else it is new)
 */
struct cbp_tree_obj {
	char *obj;
	char *src;
	char *why;
	char *skip;
	int before;
};

/**
 * struct cbp_diag - one compiler, sparse or objtool message
 * @file: the file it is about, relative to the tree
 * @line: its line, 0 if none
 * @error: an error rather than a warning
 * @text: the message as printed (paths relative to the tree), with
 *	  sparse's continuation lines
 * @key: @text without line and column numbers, to compare builds
 * @seen: used while comparing
 */
struct cbp_diag {
	char *file;
	unsigned int line;
	int error;
	char *text;
	char *key;
	int seen;
};

/**
 * struct cbp_build - one build of a list of objects
 * @d: the diagnostics, in the order printed
 * @nr: number of @d
 * @failed: per object of the list, non-zero if it was not built
 * @nr_objs: number of @failed
 * @log: make's output
 * @seconds: how long it took
 */
struct cbp_build {
	struct cbp_diag *d;
	size_t nr;
	int *failed;
	size_t nr_objs;
	char *log;
	double seconds;
};

/* tree.c */
int cbp_tree_open(struct cbp_tree **out, const struct cbp_tree_opts *o);
void cbp_tree_close(struct cbp_tree *t);
const struct cbp_tree_info *cbp_tree_info(const struct cbp_tree *t);
char *cbp_tree_lines(struct cbp_tree *t, const char *path, unsigned int from,
		     unsigned int n, const char *prefix,
		     const char *const *expect);

/* tree-apply.c */
int cbp_tree_try(struct cbp_tree *t, const char *diff, size_t len,
		 struct cbp_apply *res);
size_t cbp_tree_check_paths(struct cbp_tree *t, const struct cbp_diff *d,
			    struct cbp_apply *res);
int cbp_tree_apply(struct cbp_tree *t, struct cbp_apply *res);
void cbp_apply_release(struct cbp_apply *a);

/* tree-kbuild.c */
int cbp_tree_objects(struct cbp_tree *t, const struct cbp_diff *d,
		     struct cbp_tree_obj **out, size_t *nr);
void cbp_tree_objs_release(struct cbp_tree_obj *o, size_t nr);

/* tree-build.c */
int cbp_tree_prepare(struct cbp_tree *t, const struct cbp_diff *d, size_t nr);
int cbp_tree_build(struct cbp_tree *t, const struct cbp_tree_obj *o,
		   size_t nr, struct cbp_build *res);
void cbp_tree_skips(struct cbp_tree *t, struct cbp_tree_obj *o, size_t nr);
void cbp_build_release(struct cbp_build *b);

/* tree-reuse.c */
char *cbp_tree_reuse_key(struct cbp_tree *t, const struct cbp_diff *d,
			 const char *text, size_t len,
			 const struct cbp_tree_obj *o, size_t nr);
int cbp_tree_reuse_load(struct cbp_tree *t, const char *key,
			struct cbp_build *before, struct cbp_build *after);
void cbp_tree_reuse_save(struct cbp_tree *t, const char *key,
			 const struct cbp_build *before,
			 const struct cbp_build *after);

#endif /* CHECKBACKPORT_TREE_H */
