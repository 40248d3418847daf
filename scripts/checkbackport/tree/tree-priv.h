/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The target tree's internals, shared by tree*.c.
 */
#ifndef CHECKBACKPORT_TREE_PRIV_H
#define CHECKBACKPORT_TREE_PRIV_H

#include <sys/types.h>

#include "tree.h"
#include "base/util.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* Bump when the way build directories are prepared changes. */
#define CBP_TREE_RECIPE	1

/**
 * struct cbp_tree - an open target tree
 * @info: what the report says of it
 * @src: the scratch copy (hard links to @info.dir, patched files
 *	 replaced), in the cache entry
 * @entry: the cache entry of the tree
 * @obj: the build directory, "" before cbp_tree_prepare()
 * @base_config: the text of @info.config
 * @lock_fd: the entry's lock, held while the tree is open
 * @build: objects are built
 * @jobs: make -j
 * @sparse: sparse is installed (C=1)
 * @patched: paths this run replaced in @src, recorded in the entry
 * @nr_patched: number of @patched
 * @alloc_patched: allocated entries
 */
struct cbp_tree {
	struct cbp_tree_info info;
	char *src;
	char *entry;
	char *obj;
	char *base_config;
	int lock_fd;
	int build;
	int jobs;
	int sparse;
	char **patched;
	size_t nr_patched;
	size_t alloc_patched;
};

/* tree.c */
int tree_run(const char *dir, const char *const argv[], char **out);
char *tree_read_at(int dfd, const char *name, int flags, size_t *len,
		   mode_t *mode);
char *tree_read(const char *path, size_t *len);
int tree_open_dir(int dfd, const char *rel);
#define TREE_MODE_UMASK	((mode_t)-1)
int tree_write_at(int dfd, const char *name, const char *text, size_t len,
		  mode_t mode);
int tree_write(const char *path, const char *text, size_t len);
char *tree_hash(const char *s, size_t len);
void tree_patched(struct cbp_tree *t, const char *path);
int tree_has_file(const struct cbp_tree *t, const char *rel);
int tree_strv_has(char *const *v, size_t nr, const char *s);
void tree_strv_add(char ***v, size_t *nr, const char *s);
void tree_strv_free(char **v, size_t nr);

/* tree-build.c */
void tree_parse_diags(const char *log, struct cbp_build *b);

/* tree-copy.c */
int tree_sync(struct cbp_tree *t);

/* tree-kbuild.c */
int tree_guards(struct cbp_tree *t, const char *obj, char ***syms,
		size_t *nr);
int tree_kconfig_depends(struct cbp_tree *t, const char *sym, char ***deps,
			 size_t *nr);

#endif /* CHECKBACKPORT_TREE_PRIV_H */
