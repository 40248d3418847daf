/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command layer: options, the subcommand table and report helpers.
 *
 * A subcommand is one function taking a struct cbp_ctx and returning an
 * exit status (CBP_EXIT_*); adding one is a new cmd-*.c file, its
 * function declared in builtin/builtin.h, a line in the table in
 * checkbackport.c, which also says whether it needs git, and the list of
 * the options it takes in options.c (declared in program.h).  This
 * header declares only what report/ defines: the types the commands and
 * the programs share, and the helpers of report*.c.
 *
 * Queries (names, fixes) read the index through store.h only and are
 * linked into both programs: ./checkbackport, the front, has no libgit2,
 * and whatever a query needs from git it asks through ctx->git, which the
 * front does not have (see needs_git() in checkbackport.c).  Commands
 * that always need git (index, check) use git.h and build.h directly and
 * exist in ./checkbackport-git only.  This header includes neither.
 */
#ifndef CHECKBACKPORT_CBP_H
#define CHECKBACKPORT_CBP_H

#include <stdio.h>

#include <json-c/json.h>

#include "store/store.h"
#include "base/util.h"

struct cbp_ctx;
struct cbp_command;
struct cbp_repo;

/**
 * struct cbp_options - the parsed command line
 * @repo_path: --repo, or NULL to discover from the current directory
 * @set: what to index: the options of `index` that change what the index
 *	 tracks, the git config; once the index is open, what it tracks
 * @target_stable: check, followups, missing: --stable, the one branch
 *		   to answer for, or NULL
 * @target_mainline: check: --mainline, or NULL for the index's mainline
 * @json: --json: machine-readable output on stdout
 * @patch_id: --patch-id: also report commits with the same patch-id
 * @stdin_ids: --stdin: names: the IDs are read from standard input
 * @rebuild: --rebuild: discard the index and build it again
 * @update: --update: bring the index up to date before querying
 * @quiet: --quiet: no progress or notes on stderr
 * @terse: --terse: check: one line per finding
 * @tree: --tree: check: the target tree to apply and build in, or NULL
 * @config: --config: check --tree: the kernel configuration, or NULL
 * @no_build: --no-build: check --tree: apply only
 * @compare: --compare: check: compare with the upstream commits named
 * @interdiff: --interdiff: check: --compare, showing the differing hunks
 * @since: --since: missing: only commits mainline got after this one
 * @verify: --verify: index: check the index file instead of updating it
 * @verbose: -v, --verbose: index: list what is left out and why
 * @argc: number of operands after the subcommand
 * @argv: the operands
 */
struct cbp_options {
	const char *repo_path;
	struct cbp_settings set;
	const char *target_stable;
	const char *target_mainline;
	int json;
	int patch_id;
	int stdin_ids;
	int rebuild;
	int update;
	int quiet;
	int terse;
	const char *tree;
	const char *config;
	int no_build;
	int compare;
	int interdiff;
	const char *since;
	int verify;
	int verbose;
	int argc;
	char **argv;
};

/**
 * struct cbp_git_ops - what the command layer asks of git
 * @setup: open the repository and read git config into the settings;
 *	   for a query, also open the index if the dispatcher could not,
 *	   building or updating it as the options say
 * @release: close what @setup opened
 * @resolve: the full ID (CBP_OID_HEXSZ + 1 bytes) of the commit a
 *	     revision names; 0, or CBP_NOT_FOUND or CBP_IS_AMBIGUOUS (a short
 *	     ID of several objects) with a message recorded
 * @patch_id: the patch-id (CBP_OID_HEXSZ + 1 bytes) of the commit with
 *	      full ID @hex; 0, or -1 if it has none
 * @touches: whether the commit with full ID @hex changes a path matching
 *	     one of @paths (against its first parent); 1, 0, or -1
 *
 * checkbackport-git has them (cbp_git_ops, cmd-git.c); the front program
 * has none and hands any run that needs them to checkbackport-git.
 */
struct cbp_git_ops {
	int (*setup)(struct cbp_ctx *ctx, const struct cbp_command *cmd);
	void (*release)(struct cbp_ctx *ctx);
	int (*resolve)(struct cbp_ctx *ctx, const char *rev, char *hex);
	int (*patch_id)(struct cbp_ctx *ctx, const char *hex, char *pid);
	int (*touches)(struct cbp_ctx *ctx, const char *hex,
		       char *const *paths, size_t nr);
};

/**
 * struct cbp_ctx - what a subcommand runs with
 * @opt: the options
 * @idx: the index; for queries, opened before the command runs
 * @repo: the repository, once @git->setup opened it
 * @git: what may be asked of git; NULL in the front program
 * @owned: settings strings read from git config (CBP_TRACK_NR of them)
 */
struct cbp_ctx {
	struct cbp_options *opt;
	struct cbp_index *idx;
	struct cbp_repo *repo;
	const struct cbp_git_ops *git;
	char *owned[8];
};

/* When a command needs git. */
enum cbp_git_need {
	CBP_GIT_ALWAYS,		/* it reads the repository itself */
	CBP_GIT_QUERY,		/* only for what the index cannot answer */
	CBP_GIT_QUERY_PATHS,	/* the same, with pathspecs for operands */
};

/* The options, in the order of the manual's OPTIONS (options.c). */
enum cbp_opt {
	CBP_OPT_REPO, CBP_OPT_INDEX, CBP_OPT_MAINLINE, CBP_OPT_STABLE,
	CBP_OPT_BRANCHES, CBP_OPT_TAGS, CBP_OPT_RELEASE, CBP_OPT_SINCE,
	CBP_OPT_JSON, CBP_OPT_TERSE, CBP_OPT_PATCH_ID, CBP_OPT_STDIN,
	CBP_OPT_TREE, CBP_OPT_CONFIG, CBP_OPT_NO_BUILD, CBP_OPT_COMPARE,
	CBP_OPT_INTERDIFF,
	CBP_OPT_UPDATE, CBP_OPT_REBUILD, CBP_OPT_VERIFY, CBP_OPT_VERBOSE,
	CBP_OPT_QUIET, CBP_OPT_HELP, CBP_OPT_VERSION,
	CBP_OPT_NR
};

/**
 * struct cbp_option - one option of the command line
 * @name: its long name, without "--"
 * @short_name: its one-letter name, or 0
 * @arg: the name of its argument in the synopsis, NULL if it takes none
 * @common: every command takes it (the synopsis' [OPTIONS])
 */
struct cbp_option {
	const char *name;
	char short_name;
	const char *arg;
	int common;
};

/* How an option of a command is shown in its synopsis. */
enum cbp_opt_show {
	CBP_SHOW_ALONE,		/* [--opt] */
	CBP_SHOW_OR,		/* in the group before: [--before | --opt] */
	CBP_SHOW_WITH,		/* inside it: [--before ARG [--opt]] */
	CBP_SHOW_OPERAND,	/* not as an option: the operands name it */
};

/**
 * struct cbp_cmd_option - an option a command declares
 * @opt: enum cbp_opt; CBP_OPT_NR ends a command's list
 * @show: enum cbp_opt_show
 * @arg: its argument's name for this command, NULL for the option's own
 */
struct cbp_cmd_option {
	unsigned char opt;
	unsigned char show;
	const char *arg;
};

/**
 * struct cbp_command - one entry of the subcommand table
 * @name: what the user types
 * @fn: the implementation; returns a CBP_EXIT_* status.  NULL in the
 *	front program for CBP_GIT_ALWAYS commands.
 * @git: enum cbp_git_need
 * @min_args: least number of operands
 * @max_args: most number of operands, -1 for no limit
 * @options: the options it takes besides the common ones, in synopsis
 *	     order, ended by CBP_OPT_NR; the parser refuses the others
 * @operands: the operands in the synopsis
 */
struct cbp_command {
	const char *name;
	int (*fn)(struct cbp_ctx *ctx);
	enum cbp_git_need git;
	int min_args;
	int max_args;
	const struct cbp_cmd_option *options;
	const char *operands;
};

/* cbp_open_index(): git would refuse the repository; do not hand over. */
#define CBP_REFUSED	(-2)
/* cbp_open_index(): the refs moved since the index was last updated. */
#define CBP_REFS_MOVED	1

/*
 * The front program answers an abbreviated ID of this many digits or
 * more from the index alone; a shorter one goes to checkbackport-git,
 * which also asks the repository whether other objects start with it
 * (cbp_resolve()).  Twelve is what kernel citations and our own output
 * use: in a history of ten million objects, another object shares a
 * given 12-digit prefix about once in thirty million tries.
 */
#define CBP_HEX_FRONT	12

/* report.c */
int cbp_fail(void);
int cbp_open_index(struct cbp_ctx *ctx);
void cbp_sync_tracking(struct cbp_ctx *ctx);
void cbp_gap_notes(struct cbp_ctx *ctx);
void cbp_set_repository(const char *commondir);
int cbp_in_repository(const char *hex);
const char *cbp_absent_str(const char *hex);
int cbp_resolve(struct cbp_ctx *ctx, const char *name, long long *id,
		struct cbp_commit **cands, size_t *nr_cands);
int cbp_resolve_arg(struct cbp_ctx *ctx, const char *name, long long *id);
const char *cbp_cite_str(const struct cbp_commit *c, char *buf, size_t size);
const char *cbp_branches_str(const struct cbp_index *idx,
			     unsigned long long mask, char *buf, size_t size);
const char *cbp_state_str(int state);
struct json_object *cbp_commit_json(const struct cbp_index *idx,
				    const struct cbp_commit *c);
void cbp_print_twin_note(struct cbp_index *idx, const char *branch,
			 long long twin, int indent);
void cbp_print_citer_note(struct cbp_index *idx, const char *branch,
			  long long citer, int indent);
void cbp_json_print(struct json_object *obj);
void cbp_json_print_line(struct json_object *obj);

/* report-trust.c */
const char *cbp_cite_form(int kind, const char *cited, char *buf, size_t size);
const char *cbp_trust_reason(const struct cbp_trust_info *ti, char *buf,
			     size_t size);
struct json_object *cbp_trust_json(const struct cbp_trust_info *ti);
const char *cbp_malformed_problem(const struct cbp_malformed *m, char *buf,
				  size_t size);
const char *cbp_malformed_fix(const struct cbp_malformed *m, char *buf,
			      size_t size);
struct json_object *cbp_malformed_json(struct cbp_index *idx,
				       const struct cbp_malformed *m);

#endif /* CHECKBACKPORT_CBP_H */
