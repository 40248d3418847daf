// SPDX-License-Identifier: GPL-2.0
/*
 * The command line: options before and after the subcommand and among
 * its operands, "--" ending the options, and the subcommand looked up in
 * the table.  It only fills struct cbp_options (pointers into argv) and
 * prints nothing, so that it can be fuzzed on its own (fuzz/fuzz-args.c);
 * main() in checkbackport.c acts on what it returns.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "report/cbp.h"

enum {
	OPT_INDEX = 256, OPT_MAINLINE, OPT_STABLE, OPT_BRANCHES, OPT_TAGS,
	OPT_JSON, OPT_PATCH_ID, OPT_UPDATE, OPT_REBUILD, OPT_VERSION,
	OPT_TERSE, OPT_VERIFY, OPT_TREE, OPT_CONFIG, OPT_NO_BUILD,
	OPT_COMPARE, OPT_INTERDIFF, OPT_SINCE, OPT_RELEASE,
};

static const struct option long_options[] = {
	{ "repo", required_argument, NULL, 'C' },
	{ "index", required_argument, NULL, OPT_INDEX },
	{ "mainline", required_argument, NULL, OPT_MAINLINE },
	{ "stable", required_argument, NULL, OPT_STABLE },
	{ "branches", required_argument, NULL, OPT_BRANCHES },
	{ "tags", required_argument, NULL, OPT_TAGS },
	{ "release-pattern", required_argument, NULL, OPT_RELEASE },
	{ "since", required_argument, NULL, OPT_SINCE },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "terse", no_argument, NULL, OPT_TERSE },
	{ "tree", required_argument, NULL, OPT_TREE },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "no-build", no_argument, NULL, OPT_NO_BUILD },
	{ "compare", no_argument, NULL, OPT_COMPARE },
	{ "interdiff", no_argument, NULL, OPT_INTERDIFF },
	{ "patch-id", no_argument, NULL, OPT_PATCH_ID },
	{ "update", no_argument, NULL, OPT_UPDATE },
	{ "rebuild", no_argument, NULL, OPT_REBUILD },
	{ "verify", no_argument, NULL, OPT_VERIFY },
	{ "verbose", no_argument, NULL, 'v' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

/* A tracking option: its value and its bit in cbp_settings.given. */
/* take_option(): a usage error whose message is recorded already. */
#define TAKEN_BAD	(-2)

static int set_tracking(struct cbp_options *opt, enum cbp_track key,
			const char *value, const char *name)
{
	/* The last one would win silently: which did the user mean? */
	if (opt->set.given & 1U << key) {
		cbp_error("--%s given twice (%s, then %s): give it once", name,
			  opt->set.track[key], value);
		return TAKEN_BAD;
	}
	opt->set.track[key] = value;
	opt->set.given |= 1U << key;
	return -1;
}

/*
 * Start getopt_long() afresh at argv[1]: optind = 0 makes glibc forget
 * the state of an earlier parse (a cluster such as "-qh" left half read
 * points into that parse's arguments), and the call on an empty command
 * line does that and nothing else.
 */
static void reset_getopt(void)
{
	char name[] = "checkbackport";
	char *const none[] = { name, NULL };

	opterr = 0;
	optind = 0;
	getopt_long(1, none, "+", long_options, NULL);
	optind = 1;
}

/* One option as getopt_long() returned it; -1 to go on, TAKEN_BAD, or a result. */
static int take_option(int c, struct cbp_options *opt)
{
	switch (c) {
	case 'C':
		opt->repo_path = optarg;
		break;
	case OPT_INDEX:
		opt->set.index_path = optarg;
		break;
	case OPT_MAINLINE:
		return set_tracking(opt, CBP_TRACK_MAINLINE, optarg, "mainline");
	case OPT_STABLE:
		return set_tracking(opt, CBP_TRACK_STABLE, optarg, "stable");
	case OPT_BRANCHES:
		return set_tracking(opt, CBP_TRACK_BRANCHES, optarg, "branches");
	case OPT_TAGS:
		return set_tracking(opt, CBP_TRACK_TAGS, optarg, "tags");
	case OPT_RELEASE:
		return set_tracking(opt, CBP_TRACK_RELEASE, optarg,
				    "release-pattern");
	case OPT_JSON:
		opt->json = 1;
		break;
	case OPT_TERSE:
		opt->terse = 1;
		break;
	case OPT_SINCE:
		opt->since = optarg;
		break;
	case OPT_TREE:
		opt->tree = optarg;
		break;
	case OPT_CONFIG:
		opt->config = optarg;
		break;
	case OPT_NO_BUILD:
		opt->no_build = 1;
		break;
	case OPT_INTERDIFF:
		opt->interdiff = 1;
		opt->compare = 1;
		break;
	case OPT_COMPARE:
		opt->compare = 1;
		break;
	case OPT_PATCH_ID:
		opt->patch_id = 1;
		break;
	case OPT_UPDATE:
		opt->update = 1;
		break;
	case OPT_REBUILD:
		opt->rebuild = 1;
		break;
	case OPT_VERIFY:
		opt->verify = 1;
		break;
	case 'v':
		opt->verbose = 1;
		break;
	case 'q':
		opt->quiet = 1;
		break;
	case 'h':
		return CBP_ARGS_HELP;
	case OPT_VERSION:
		return CBP_ARGS_VERSION;
	default:
		return CBP_ARGS_USAGE;
	}
	return -1;
}

/* Whether @name is one of the blank-separated words of @list. */
static int one_of(const char *name, const char *list)
{
	size_t len = strlen(name);
	const char *p = list;

	while ((p = strstr(p, name))) {
		if ((p == list || p[-1] == ' ') && (!p[len] || p[len] == ' '))
			return 1;
		p += len;
	}
	return 0;
}

/* An option only some subcommands take. */
static int only_for(const struct cbp_command *cmd, int given,
		    const char *option, const char *cmds)
{
	const char *last = strrchr(cmds, ' ');

	if (!given || one_of(cmd->name, cmds))
		return 0;
	if (last)
		cbp_error("%s is an option of %.*s and %s, not of %s", option,
			  (int)(last - cmds), cmds, last + 1, cmd->name);
	else
		cbp_error("%s is an option of %s, not of %s", option, cmds,
			  cmd->name);
	return -1;
}

/*
 * What the options given mean for the subcommand: the --stable of
 * check, followups and missing, and the --mainline of check, name the
 * branch they answer for, not what the index tracks; only index may
 * change what the index tracks (see "What the index tracks" in
 * Documentation/checkbackport.rst).
 */
static int check_for_command(struct cbp_options *opt,
			     const struct cbp_command *cmd)
{
	unsigned int given = opt->set.given;
	int is_check = !strcmp(cmd->name, "check");

	if (one_of(cmd->name, "check followups missing")) {
		opt->target_stable = opt->set.track[CBP_TRACK_STABLE];
		opt->set.track[CBP_TRACK_STABLE] = NULL;
		given &= ~(1U << CBP_TRACK_STABLE);
	}
	if (is_check) {
		opt->target_mainline = opt->set.track[CBP_TRACK_MAINLINE];
		opt->set.track[CBP_TRACK_MAINLINE] = NULL;
		given &= ~(1U << CBP_TRACK_MAINLINE);
	}
	opt->set.given = given;
	if (given && strcmp(cmd->name, "index")) {
		cbp_error("%s: give them to 'checkbackport index'%s",
			  "--mainline, --stable, --branches, --tags and --release-pattern change what the index tracks",
			  is_check ? " (check takes --stable and --mainline as its target)" :
			  given & 1U << CBP_TRACK_STABLE ?
			  " (check, followups and missing take --stable as their branch)" :
			  "");
		return CBP_ARGS_USAGE;
	}
	if (only_for(cmd, opt->verify || opt->verbose, "--verify or --verbose",
		     "index") ||
	    only_for(cmd, opt->tree || opt->config || opt->no_build,
		     "--tree, --config or --no-build", "check") ||
	    only_for(cmd, opt->compare, "--compare or --interdiff", "check") ||
	    only_for(cmd, !!opt->since, "--since", "missing") ||
	    only_for(cmd, opt->terse, "--terse", "check missing"))
		return CBP_ARGS_USAGE;
	/* Options the synopsis excludes, rather than one silently ignored. */
	if (opt->json && opt->terse) {
		cbp_error("--json and --terse exclude each other");
		return CBP_ARGS_USAGE;
	}
	if ((opt->config || opt->no_build) && !opt->tree) {
		cbp_error("%s without --tree: there is no tree to build",
			  opt->config ? "--config" : "--no-build");
		return CBP_ARGS_USAGE;
	}
	if (opt->verify && (opt->rebuild || opt->update)) {
		cbp_error("index --verify reads the index as it is: %s",
			  "it takes no --rebuild or --update");
		return CBP_ARGS_USAGE;
	}
	if (opt->argc < cmd->min_args ||
	    (cmd->max_args >= 0 && opt->argc > cmd->max_args)) {
		cbp_error("checkbackport %s", cmd->usage);
		return CBP_ARGS_USAGE;
	}
	return CBP_ARGS_RUN;
}

/**
 * cbp_parse_args() - parse the command line
 * @argc: argument count
 * @argv: arguments; @opt keeps pointers into them
 * @cmds: the subcommand table
 * @nr_cmds: its size
 * @opt: filled in; @opt->argv is allocated (free() it) when this returns
 *	 CBP_ARGS_RUN, NULL otherwise
 * @cmd: the subcommand, for CBP_ARGS_RUN
 *
 * Options may come before the subcommand, after it and between its
 * operands.  "--" ends the options: everything after it is an operand
 * (or the subcommand, if none came before), however it looks.  A lone
 * "-" is an operand.  "help" as the subcommand asks for the manual.
 *
 * Return: CBP_ARGS_RUN, CBP_ARGS_HELP, CBP_ARGS_VERSION, or
 * CBP_ARGS_USAGE with the reason recorded (cbp_errmsg()).
 */
int cbp_parse_args(int argc, char **argv, const struct cbp_command *cmds,
		   size_t nr_cmds, struct cbp_options *opt,
		   const struct cbp_command **cmd)
{
	const char *sub = NULL;
	int ended = 0, ret = CBP_ARGS_RUN;
	size_t i;

	memset(opt, 0, sizeof(*opt));
	*cmd = NULL;
	opt->argv = cbp_calloc(argc > 0 ? argc : 1, sizeof(*opt->argv));
	reset_getopt();
	while (optind < argc) {
		const char *a = argv[optind];
		int tok = optind, c;

		if (!ended && !strcmp(a, "--")) {
			ended = 1;
			optind++;
			continue;
		}
		if (ended || a[0] != '-' || !a[1]) {
			optind++;
			if (!sub)
				sub = a;
			else
				opt->argv[opt->argc++] = argv[tok];
			continue;
		}
		c = getopt_long(argc, argv, "+C:qvh", long_options, NULL);
		/* -1 is not reached: getopt_long() only sees options here. */
		ret = c == -1 ? CBP_ARGS_USAGE : take_option(c, opt);
		if (ret == CBP_ARGS_USAGE)
			cbp_error("unknown or incomplete option '%s'", argv[tok]);
		if (ret == TAKEN_BAD)
			ret = CBP_ARGS_USAGE;
		if (ret >= 0)
			break;
		ret = CBP_ARGS_RUN;
	}
	if (ret == CBP_ARGS_RUN && !sub) {
		cbp_error("no subcommand given");
		ret = CBP_ARGS_USAGE;
	}
	if (ret == CBP_ARGS_RUN && !strcmp(sub, "help"))
		ret = CBP_ARGS_HELP;
	for (i = 0; ret == CBP_ARGS_RUN && i < nr_cmds; i++)
		if (!strcmp(sub, cmds[i].name))
			*cmd = &cmds[i];
	if (ret == CBP_ARGS_RUN && !*cmd) {
		cbp_error("unknown subcommand '%s'", sub);
		ret = CBP_ARGS_USAGE;
	}
	if (ret == CBP_ARGS_RUN)
		ret = check_for_command(opt, *cmd);
	if (ret != CBP_ARGS_RUN) {
		free(opt->argv);
		opt->argv = NULL;
		opt->argc = 0;
	}
	return ret;
}
