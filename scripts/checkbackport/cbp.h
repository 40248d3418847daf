/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command layer: options, the subcommand table and report helpers.
 *
 * A subcommand is one function taking a struct cbp_ctx and returning an
 * exit status (CBP_EXIT_*).  It talks to the index only through store.h (and build.h);
 * adding one is a new cmd-*.c file plus a line in the table in
 * checkbackport.c.
 */
#ifndef CHECKBACKPORT_CBP_H
#define CHECKBACKPORT_CBP_H

#include <stdio.h>

#include <git2.h>
#include <json-c/json.h>

#include "build.h"
#include "store.h"
#include "util.h"

/**
 * struct cbp_options - the parsed command line
 * @repo_path: --repo, or NULL to discover from the current directory
 * @set: what to index; command line first, then git config, then defaults
 * @json: --json: machine-readable output on stdout
 * @patch_id: --patch-id: also report commits with the same patch-id
 * @rebuild: --rebuild: discard the index and build it again
 * @update: --update: bring the index up to date before querying
 * @quiet: --quiet: no progress or notes on stderr
 * @terse: --terse: check: one line per finding
 * @argc: number of operands after the subcommand
 * @argv: the operands
 */
struct cbp_options {
	const char *repo_path;
	struct cbp_settings set;
	int json;
	int patch_id;
	int rebuild;
	int update;
	int quiet;
	int terse;
	int argc;
	char **argv;
};

/**
 * struct cbp_ctx - what a subcommand runs with
 * @opt: the options
 * @repo: the repository, once cbp_ctx_repo() has opened it
 * @git_started: libgit2 was initialised and must be shut down
 * @owned: settings strings read from git config
 */
struct cbp_ctx {
	struct cbp_options *opt;
	git_repository *repo;
	int git_started;
	char *owned[8];
};

/**
 * struct cbp_command - one entry of the subcommand table
 * @name: what the user types
 * @fn: the implementation; returns a CBP_EXIT_* status
 * @min_args: least number of operands
 * @max_args: most number of operands, -1 for no limit
 * @usage: the synopsis after "checkbackport NAME"
 */
struct cbp_command {
	const char *name;
	int (*fn)(struct cbp_ctx *ctx);
	int min_args;
	int max_args;
	const char *usage;
};

int cmd_index(struct cbp_ctx *ctx);
int cmd_names(struct cbp_ctx *ctx);
int cmd_fixes(struct cbp_ctx *ctx);
int cmd_check(struct cbp_ctx *ctx);

extern char **cbp_saved_argv;

int cbp_fail(void);
void cbp_exec_full(void);
git_repository *cbp_ctx_repo(struct cbp_ctx *ctx);
void cbp_ctx_release(struct cbp_ctx *ctx);
int cbp_open_index(struct cbp_ctx *ctx, struct cbp_index **idx);
int cbp_resolve_arg(struct cbp_index *idx, const char *name, long long *id);
const char *cbp_cite_str(const struct cbp_commit *c, char *buf, size_t size);
const char *cbp_branches_str(const struct cbp_index *idx,
			     unsigned long long mask, char *buf, size_t size);
const char *cbp_state_str(int state);
struct json_object *cbp_commit_json(const struct cbp_index *idx,
				    const struct cbp_commit *c);
void cbp_json_print(struct json_object *obj);

#endif /* CHECKBACKPORT_CBP_H */
