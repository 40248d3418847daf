// SPDX-License-Identifier: GPL-2.0
/*
 * The command line: options before and after the subcommand and among
 * its operands, "--" ending the options, and the subcommand looked up in
 * the table.  It only fills struct cbp_options (pointers into argv) and
 * prints nothing, so that it can be fuzzed on its own (the fuzz target of
 * the command line, in fuzz/);
 * main() in checkbackport.c acts on what it returns.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "program.h"

/*
 * getopt_long()'s table, made from cbp_options_table[] (options.c): a
 * long option returns CBP_LONG + its enum cbp_opt, a short one its letter.
 */
#define CBP_LONG	256

static struct option long_options[CBP_OPT_NR + 1];
static char short_options[2 * CBP_OPT_NR + 2];

static void make_getopt_tables(void)
{
	size_t n = 0;
	int k;

	short_options[n++] = '+';
	for (k = 0; k < CBP_OPT_NR; k++) {
		const struct cbp_option *d = &cbp_options_table[k];

		long_options[k].name = d->name;
		long_options[k].has_arg = d->arg ? required_argument :
				       no_argument;
		long_options[k].val = CBP_LONG + k;
		if (!d->short_name)
			continue;
		short_options[n++] = d->short_name;
		if (d->arg)
			short_options[n++] = ':';
	}
	short_options[n] = '\0';
}

/* The option getopt_long() returned as @c, or CBP_OPT_NR if none. */
static int option_of(int c)
{
	int k;

	if (c >= CBP_LONG && c < CBP_LONG + CBP_OPT_NR)
		return c - CBP_LONG;
	for (k = 0; k < CBP_OPT_NR; k++)
		if (c > 0 && cbp_options_table[k].short_name == c)
			return k;
	return CBP_OPT_NR;
}

/* take_option(): a usage error whose message is recorded already. */
#define TAKEN_BAD	(-2)

/* The tracking options, by the setting each gives. */
static const unsigned char tracking[CBP_TRACK_NR] = {
	[CBP_TRACK_MAINLINE]	= CBP_OPT_MAINLINE,
	[CBP_TRACK_STABLE]	= CBP_OPT_STABLE,
	[CBP_TRACK_BRANCHES]	= CBP_OPT_BRANCHES,
	[CBP_TRACK_TAGS]	= CBP_OPT_TAGS,
	[CBP_TRACK_RELEASE]	= CBP_OPT_RELEASE,
};

/* The setting option @k gives, or -1 if it is no tracking option. */
static int track_key(int k)
{
	int key;

	for (key = 0; key < CBP_TRACK_NR; key++)
		if (tracking[key] == k)
			return key;
	return -1;
}

/* A tracking option: its value and its bit in cbp_settings.given. */
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

	if (!long_options[0].name)
		make_getopt_tables();
	opterr = 0;
	optind = 0;
	getopt_long(1, none, "+", long_options, NULL);
	optind = 1;
}

/*
 * An empty file name (--index=, as a shell variable left unset gives
 * it) names nothing: the index would be made beside ".new" files in
 * the current directory.  Returns @value, or NULL with the error set.
 */
static const char *file_name(const char *value, const char *name)
{
	if (!*value)
		cbp_error("--%s needs a file name, not an empty one", name);
	return *value ? value : NULL;
}

/* One option; -1 to go on, TAKEN_BAD, or a result. */
static int take_option(int k, struct cbp_options *opt)
{
	int key = track_key(k);

	if (key >= 0)
		return set_tracking(opt, key, optarg,
				    cbp_options_table[k].name);
	switch (k) {
	case CBP_OPT_REPO:
		opt->repo_path = optarg;
		break;
	case CBP_OPT_INDEX:
		opt->set.index_path = file_name(optarg, "index");
		if (!opt->set.index_path)
			return TAKEN_BAD;
		break;
	case CBP_OPT_JSON:
		opt->json = 1;
		break;
	case CBP_OPT_TERSE:
		opt->terse = 1;
		break;
	case CBP_OPT_SINCE:
		opt->since = optarg;
		break;
	case CBP_OPT_TREE:
		opt->tree = file_name(optarg, "tree");
		if (!opt->tree)
			return TAKEN_BAD;
		break;
	case CBP_OPT_CONFIG:
		opt->config = file_name(optarg, "config");
		if (!opt->config)
			return TAKEN_BAD;
		break;
	case CBP_OPT_NO_BUILD:
		opt->no_build = 1;
		break;
	case CBP_OPT_INTERDIFF:
		opt->interdiff = 1;
		opt->compare = 1;
		break;
	case CBP_OPT_COMPARE:
		opt->compare = 1;
		break;
	case CBP_OPT_PATCH_ID:
		opt->patch_id = 1;
		break;
	case CBP_OPT_STDIN:
		opt->stdin_ids = 1;
		break;
	case CBP_OPT_UPDATE:
		opt->update = 1;
		break;
	case CBP_OPT_REBUILD:
		opt->rebuild = 1;
		break;
	case CBP_OPT_VERIFY:
		opt->verify = 1;
		break;
	case CBP_OPT_VERBOSE:
		opt->verbose = 1;
		break;
	case CBP_OPT_QUIET:
		opt->quiet = 1;
		break;
	case CBP_OPT_HELP:
		return CBP_ARGS_HELP;
	case CBP_OPT_VERSION:
		return CBP_ARGS_VERSION;
	default:
		return CBP_ARGS_USAGE;
	}
	return -1;
}

/*
 * An option @cmd does not take: a usage error naming the commands of
 * @cmds that do ("--terse is an option of check and missing, not of lint").
 */
static int not_taken(const struct cbp_command *cmd, int k,
		     const struct cbp_command *cmds, size_t nr_cmds)
{
	char list[256];
	size_t i, n = 0, len = 0, seen = 0;

	for (i = 0; i < nr_cmds; i++)
		n += cbp_command_takes(&cmds[i], k);
	list[0] = '\0';
	for (i = 0; i < nr_cmds && len < sizeof(list); i++) {
		if (!cbp_command_takes(&cmds[i], k))
			continue;
		seen++;
		len += snprintf(list + len, sizeof(list) - len, "%s%s",
				seen == 1 ? "" : seen == n ? " and " : ", ",
				cmds[i].name);
	}
	cbp_error("--%s is an option of %s, not of %s",
		  cbp_options_table[k].name, list, cmd->name);
	return CBP_ARGS_USAGE;
}

/*
 * What the options given (@given, a bit per enum cbp_opt) mean for the
 * subcommand: a command other than index that declares --stable (check,
 * followups, missing) or --mainline (check) takes it as the branch it
 * answers for, not as what the index tracks; only index may change what
 * the index tracks (see "What the index tracks" in
 * Documentation/checkbackport.rst).  Any other option the command does
 * not declare is refused.
 */
static int check_for_command(struct cbp_options *opt,
			     const struct cbp_command *cmd,
			     unsigned long long given_opts,
			     const struct cbp_command *cmds, size_t nr_cmds)
{
	unsigned int given = opt->set.given;
	int is_index = !strcmp(cmd->name, "index");
	int k;

	if (!is_index && cbp_command_takes(cmd, CBP_OPT_STABLE)) {
		opt->target_stable = opt->set.track[CBP_TRACK_STABLE];
		opt->set.track[CBP_TRACK_STABLE] = NULL;
		given &= ~(1U << CBP_TRACK_STABLE);
	}
	if (!is_index && cbp_command_takes(cmd, CBP_OPT_MAINLINE)) {
		opt->target_mainline = opt->set.track[CBP_TRACK_MAINLINE];
		opt->set.track[CBP_TRACK_MAINLINE] = NULL;
		given &= ~(1U << CBP_TRACK_MAINLINE);
	}
	opt->set.given = given;
	if (given && !is_index) {
		cbp_error("%s: give them to 'checkbackport index'%s",
			  "--mainline, --stable, --branches, --tags and --release-pattern change what the index tracks",
			  cbp_command_takes(cmd, CBP_OPT_MAINLINE) ?
			  " (check takes --stable and --mainline as its target)" :
			  given & 1U << CBP_TRACK_STABLE ?
			  " (check, followups and missing take --stable as their branch)" :
			  "");
		return CBP_ARGS_USAGE;
	}
	for (k = 0; k < CBP_OPT_NR; k++)
		if (given_opts & 1ULL << k && track_key(k) < 0 &&
		    !cbp_command_takes(cmd, k))
			return not_taken(cmd, k, cmds, nr_cmds);
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
	/* --stdin stands for the operands: the one or the other. */
	if (opt->stdin_ids ? opt->argc > 0 :
	    (opt->argc < cmd->min_args ||
	     (cmd->max_args >= 0 && opt->argc > cmd->max_args))) {
		char syn[512];

		cbp_synopsis(cmd, 0, "", syn, sizeof(syn));
		cbp_error("%s", syn);
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
	unsigned long long given_opts = 0;
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
		c = option_of(getopt_long(argc, argv, short_options,
					  long_options, NULL));
		/* -1 is not reached: getopt_long() only sees options here. */
		ret = c == CBP_OPT_NR ? CBP_ARGS_USAGE : take_option(c, opt);
		if (c != CBP_OPT_NR)
			given_opts |= 1ULL << c;
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
		ret = check_for_command(opt, *cmd, given_opts, cmds,
					nr_cmds);
	if (ret != CBP_ARGS_RUN) {
		free(opt->argv);
		opt->argv = NULL;
		opt->argc = 0;
	}
	return ret;
}
