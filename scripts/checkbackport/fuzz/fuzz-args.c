// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the command-line parser, cbp_parse_args(): the
 * input is split at NUL bytes into arguments after the program name.
 *
 * Besides memory errors (ASan/UBSan), it checks the parser's promises:
 * a result it documents; for a run, a subcommand of the table, operands
 * that are arguments in their order and within the subcommand's limits,
 * option values that point into the arguments, tracking options only
 * for index and every other option only for the subcommands that take
 * it; nothing allocated otherwise; and the same answer when parsed
 * twice (no state left from one parse to the next).
 */
#include <stdlib.h>
#include <string.h>

#include "program.h"

#define MAX_ARGS	64

/* The table's shape: names, operand limits and options as in checkbackport.c. */
static const struct cbp_command cmds[] = {
	{ "index", NULL, CBP_GIT_ALWAYS, 0, 0, cbp_index_options, "" },
	{ "names", NULL, CBP_GIT_QUERY, 1, 1, cbp_names_options, "ID" },
	{ "fixes", NULL, CBP_GIT_QUERY, 1, 1, cbp_fixes_options, "ID" },
	{ "check", NULL, CBP_GIT_ALWAYS, 1, -1, cbp_check_options, "PATCH..." },
	{ "lint", NULL, CBP_GIT_ALWAYS, 0, 1, cbp_lint_options, "[REV-RANGE]" },
	{ "followups", NULL, CBP_GIT_QUERY, 1, 1, cbp_followups_options, "ID" },
	{ "missing", NULL, CBP_GIT_QUERY_PATHS, 0, -1, cbp_missing_options,
	  "[PATHSPEC...]" },
};

/* Does @cmd take option @k (besides the tracking use of index)? */
static int is(const struct cbp_command *cmd, int k)
{
	return cbp_command_takes(cmd, k);
}

/* Does @p point into one of the arguments? */
static int in_args(const char *p, char **argv, int argc)
{
	int i;

	if (!p)
		return 1;
	for (i = 1; i < argc; i++)
		if (p >= argv[i] && p <= argv[i] + strlen(argv[i]))
			return 1;
	return 0;
}

static void check_result(int rc, const struct cbp_options *opt,
			 const struct cbp_command *cmd, char **argv, int argc)
{
	int i, k, last = 0;

	if (rc < CBP_ARGS_RUN || rc > CBP_ARGS_USAGE)
		abort();
	if (rc != CBP_ARGS_RUN) {
		if (opt->argv || opt->argc)
			abort();
		if (rc == CBP_ARGS_USAGE && !cbp_errmsg()[0])
			abort();
		return;
	}
	if (!cmd || cmd < cmds || cmd >= cmds + ARRAY_SIZE(cmds))
		abort();
	/* --stdin stands for the operands (names): none may be given. */
	if (opt->stdin_ids ? opt->argc != 0 :
	    opt->argc < cmd->min_args ||
	    (cmd->max_args >= 0 && opt->argc > cmd->max_args))
		abort();
	if (opt->argc >= argc)
		abort();
	for (i = 0; i < opt->argc; i++) {
		int found = 0;

		for (k = last + 1; k < argc && !found; k++)
			if (opt->argv[i] == argv[k]) {
				found = 1;
				last = k;
			}
		if (!found)
			abort();
	}
	if (!in_args(opt->repo_path, argv, argc) ||
	    !in_args(opt->set.index_path, argv, argc) ||
	    !in_args(opt->target_stable, argv, argc) ||
	    !in_args(opt->target_mainline, argv, argc) ||
	    !in_args(opt->since, argv, argc) || !in_args(opt->tree, argv, argc) ||
	    !in_args(opt->config, argv, argc))
		abort();
	/* Each option reaches only the subcommands that take it. */
	if ((opt->target_stable && !is(cmd, CBP_OPT_STABLE)) ||
	    (opt->target_mainline && !is(cmd, CBP_OPT_MAINLINE)) ||
	    (opt->since && !is(cmd, CBP_OPT_SINCE)) ||
	    (opt->tree && !is(cmd, CBP_OPT_TREE)) ||
	    (opt->config && !is(cmd, CBP_OPT_CONFIG)) ||
	    (opt->no_build && !is(cmd, CBP_OPT_NO_BUILD)) ||
	    (opt->compare && !is(cmd, CBP_OPT_COMPARE)) ||
	    (opt->interdiff && !opt->compare) ||
	    (opt->verify && !is(cmd, CBP_OPT_VERIFY)) ||
	    (opt->verbose && !is(cmd, CBP_OPT_VERBOSE)) ||
	    (opt->patch_id && !is(cmd, CBP_OPT_PATCH_ID)) ||
	    (opt->stdin_ids && !is(cmd, CBP_OPT_STDIN)) ||
	    (opt->terse && !is(cmd, CBP_OPT_TERSE)))
		abort();
	for (k = 0; k < CBP_TRACK_NR; k++)
		if (!in_args(opt->set.track[k], argv, argc) ||
		    (!!opt->set.track[k] != !!(opt->set.given & (1U << k))))
			abort();
	if (opt->set.given && strcmp(cmd->name, "index"))
		abort();
}

/**
 * LLVMFuzzerTestOneInput() - libFuzzer entry point
 * @data: input bytes: NUL-separated arguments
 * @size: number of input bytes
 *
 * Return: 0.
 */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char prog[] = "checkbackport";
	char *argv[MAX_ARGS + 2], *copy[MAX_ARGS + 2];
	const struct cbp_command *cmd, *cmd2;
	struct cbp_options opt, opt2;
	size_t i = 0;
	int argc = 1, rc, rc2, k;

	argv[0] = prog;
	while (i < size && argc <= MAX_ARGS) {
		const unsigned char *nul = memchr(data + i, 0, size - i);
		size_t len = nul ? (size_t)(nul - (data + i)) : size - i;

		/* Exact-size copies, so ASan catches a read past one. */
		argv[argc] = malloc(len + 1);
		if (!argv[argc])
			break;
		memcpy(argv[argc], data + i, len);
		argv[argc][len] = '\0';
		argc++;
		i += len + 1;
	}
	argv[argc] = NULL;
	memcpy(copy, argv, sizeof(argv));

	rc = cbp_parse_args(argc, argv, cmds, ARRAY_SIZE(cmds), &opt, &cmd);
	check_result(rc, &opt, cmd, argv, argc);
	/* getopt may permute nothing: "+" keeps the arguments in place. */
	for (k = 0; k < argc; k++)
		if (argv[k] != copy[k])
			abort();
	rc2 = cbp_parse_args(argc, argv, cmds, ARRAY_SIZE(cmds), &opt2, &cmd2);
	if (rc2 != rc || opt2.argc != opt.argc ||
	    (rc == CBP_ARGS_RUN && cmd2 != cmd))
		abort();
	for (k = 0; k < opt.argc; k++)
		if (opt.argv[k] != opt2.argv[k])
			abort();
	free(opt.argv);
	free(opt2.argv);
	for (k = 1; k < argc; k++)
		free(argv[k]);
	return 0;
}
