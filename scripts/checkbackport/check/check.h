/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `checkbackport check`: the findings about one backport and how they are
 * printed.  The table of checks is check-table.c's; the finding types are
 * listed in Documentation/checkbackport-check.rst and must keep their
 * names, as scripts match on them.
 */
#ifndef CHECKBACKPORT_CHECK_H
#define CHECKBACKPORT_CHECK_H

#include "report/cbp.h"
#include "base/cc-stable.h"
#include "git/git.h"
#include "base/patch.h"

enum cbp_level {
	CBP_LEVEL_ERROR = 0,
	CBP_LEVEL_WARNING = 1,
	CBP_LEVEL_INFO = 2,
};

/**
 * struct cbp_finding - one thing `check` has to say about a patch
 * @level: enum cbp_level
 * @type: stable upper-case name, e.g. "UPSTREAM_NOT_MAINLINE"
 * @line: line of the input it is about, 0 for the patch as a whole
 * @msg: what is wrong, one line
 * @old: for a suggested edit, the line as it is; else NULL
 * @new: for a suggested edit, the line it should be; else NULL
 * @hint: what to do about it, or NULL
 * @commit: full ID of the commit it is about, or ""
 * @detail: lines that show it (a hunk, the compiler's words), each
 *	    ending in a newline, or NULL
 */
struct cbp_finding {
	int level;
	const char *type;
	unsigned int line;
	char *msg;
	char *old;
	char *new;
	char *hint;
	char commit[41];
	char *detail;
};

/**
 * struct cbp_report - the findings about one patch
 * @p: the patch
 * @f: the findings, in the order they were made
 * @nr: number of @f
 * @alloc: allocated entries
 * @count: number of findings per enum cbp_level
 * @tree: with --tree or --compare, what was done with the patch, as
 *	  lines for people (each ending in a newline); else NULL
 * @tree_json: the same for --json; else NULL
 */
struct cbp_report {
	struct cbp_patch *p;
	struct cbp_finding *f;
	size_t nr;
	size_t alloc;
	int count[3];
	char *tree;
	struct json_object *tree_json;
};

/**
 * struct checker - what every patch is checked against
 * @ctx: the command's context (options, repository)
 * @idx: the index, brought up to date
 * @mainline: the mainline branch
 * @stable: the target stable branch
 * @mainline_tip: the commit @mainline points at
 * @stable_tip: the commit @stable points at
 * @have_mainline: @mainline_tip is set
 * @mainline_bit: the index's bit of @mainline at @mainline_tip, plus one;
 *		  0 not looked up yet, -1 none (git is asked)
 * @stable_bit: the same for @stable
 * @stable_major: the series of @stable, e.g. 6, or -1
 * @stable_minor: e.g. 12, or -1
 * @pids: with --patch-id, the patch-ids of @stable's own commits
 * @pids_loaded: @pids has been read
 * @tree: with --tree, the target tree and the series applied to it so
 *	  far (check-tree.c); else NULL.  Without a repository (--tree
 *	  alone) @idx is NULL and only the checks of the tree run.
 * @series: the patches of this run, summarised (check-series.h)
 */
struct check_series;

struct checker {
	struct cbp_ctx *ctx;
	struct cbp_index *idx;
	const char *mainline;
	const char *stable;
	struct cbp_oid mainline_tip;
	struct cbp_oid stable_tip;
	int have_mainline;
	int mainline_bit;
	int stable_bit;
	int stable_major;
	int stable_minor;
	struct cbp_patch_ids pids;
	int pids_loaded;
	int origin_known;
	struct cbp_origin_forms origin;
	struct check_series_tree *tree;
	struct check_series *series;
};

const char *cbp_level_name(int level);
int cbp_check_patch(struct checker *chk, struct cbp_report *r);

/* check-tree.c */
int cbp_check_tree_begin(struct checker *chk, struct cbp_patch_list *list);
void cbp_check_tree_end(struct checker *chk);
void cbp_check_tree_print_human(const struct checker *chk);
struct json_object *cbp_check_tree_json(const struct checker *chk);

/* check-output.c */
void cbp_check_print_human(struct cbp_report *rep, size_t n);
void cbp_check_print_terse(struct cbp_report *rep, size_t n);
void cbp_check_print_json(struct checker *chk, struct cbp_report *rep,
			  size_t n);

#endif /* CHECKBACKPORT_CHECK_H */
