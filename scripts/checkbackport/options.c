// SPDX-License-Identifier: GPL-2.0
/*
 * The options of the command line, declared once.  Each option is a row
 * of cbp_options_table[]; each command lists the options it takes
 * besides the common ones ([OPTIONS] in the synopsis), in the order and
 * grouping of its synopsis.  The parser (args.c) builds getopt's table
 * from these rows and refuses an option the command does not declare,
 * naming the commands that do; --help's SYNOPSIS and the usage line of
 * an error are made from the same lists by cbp_synopsis(), and
 * tests/t5012-options-synopsis.sh fails when Documentation's synopsis
 * is not what --help prints.
 */
#include <string.h>

#include "program.h"

const struct cbp_option cbp_options_table[CBP_OPT_NR] = {
	[CBP_OPT_REPO]		= { "repo", 'C', "DIR", 1 },
	[CBP_OPT_INDEX]		= { "index", 0, "FILE", 1 },
	[CBP_OPT_MAINLINE]	= { "mainline", 0, "BRANCH", 0 },
	[CBP_OPT_STABLE]	= { "stable", 0, "GLOBS", 0 },
	[CBP_OPT_BRANCHES]	= { "branches", 0, "GLOBS", 0 },
	[CBP_OPT_TAGS]		= { "tags", 0, "GLOBS", 0 },
	[CBP_OPT_RELEASE]	= { "release-pattern", 0, "ERE", 0 },
	[CBP_OPT_SINCE]		= { "since", 0, "REV", 0 },
	[CBP_OPT_JSON]		= { "json", 0, NULL, 0 },
	[CBP_OPT_TERSE]		= { "terse", 0, NULL, 0 },
	[CBP_OPT_PATCH_ID]	= { "patch-id", 0, NULL, 0 },
	[CBP_OPT_STDIN]		= { "stdin", 0, NULL, 0 },
	[CBP_OPT_TREE]		= { "tree", 0, "DIR", 0 },
	[CBP_OPT_CONFIG]	= { "config", 0, "FILE", 0 },
	[CBP_OPT_NO_BUILD]	= { "no-build", 0, NULL, 0 },
	[CBP_OPT_COMPARE]	= { "compare", 0, NULL, 0 },
	[CBP_OPT_INTERDIFF]	= { "interdiff", 0, NULL, 0 },
	[CBP_OPT_UPDATE]	= { "update", 0, NULL, 1 },
	[CBP_OPT_REBUILD]	= { "rebuild", 0, NULL, 1 },
	[CBP_OPT_VERIFY]	= { "verify", 0, NULL, 0 },
	[CBP_OPT_VERBOSE]	= { "verbose", 'v', NULL, 0 },
	[CBP_OPT_QUIET]		= { "quiet", 'q', NULL, 1 },
	[CBP_OPT_HELP]		= { "help", 'h', NULL, 1 },
	[CBP_OPT_VERSION]	= { "version", 0, NULL, 1 },
};

#define ALONE(o)	{ CBP_OPT_##o, CBP_SHOW_ALONE, NULL }
#define OR(o)		{ CBP_OPT_##o, CBP_SHOW_OR, NULL }
#define WITH(o)		{ CBP_OPT_##o, CBP_SHOW_WITH, NULL }
#define END		{ CBP_OPT_NR, 0, NULL }

/* The tracking options are index's; --rebuild is common, shown here too. */
const struct cbp_cmd_option cbp_index_options[] = {
	ALONE(REBUILD), OR(VERIFY), ALONE(VERBOSE), ALONE(JSON),
	ALONE(MAINLINE), ALONE(STABLE), ALONE(BRANCHES), ALONE(TAGS),
	ALONE(RELEASE), END,
};

/* --stdin in the place of the ID: "(ID | --stdin)". */
const struct cbp_cmd_option cbp_names_options[] = {
	ALONE(JSON), ALONE(PATCH_ID),
	{ CBP_OPT_STDIN, CBP_SHOW_OPERAND, NULL }, END,
};

const struct cbp_cmd_option cbp_fixes_options[] = {
	ALONE(JSON), END,
};

/* --stable and --mainline: the branches check answers for. */
const struct cbp_cmd_option cbp_check_options[] = {
	ALONE(JSON), OR(TERSE), ALONE(PATCH_ID),
	{ CBP_OPT_STABLE, CBP_SHOW_ALONE, "BRANCH" },
	{ CBP_OPT_MAINLINE, CBP_SHOW_ALONE, "BRANCH" },
	ALONE(TREE), WITH(CONFIG), WITH(NO_BUILD),
	ALONE(COMPARE), OR(INTERDIFF), END,
};

const struct cbp_cmd_option cbp_lint_options[] = {
	ALONE(JSON), END,
};

const struct cbp_cmd_option cbp_followups_options[] = {
	ALONE(JSON), { CBP_OPT_STABLE, CBP_SHOW_ALONE, "BRANCH" }, END,
};

const struct cbp_cmd_option cbp_missing_options[] = {
	ALONE(JSON), OR(TERSE), { CBP_OPT_STABLE, CBP_SHOW_ALONE, "BRANCH" },
	ALONE(SINCE), END,
};

/**
 * cbp_command_takes() - whether a command takes an option
 * @cmd: the command
 * @opt: the option
 *
 * Context: any; reads constant tables only.
 * Return: 1 if @opt is common or @cmd declares it, 0 otherwise.
 */
int cbp_command_takes(const struct cbp_command *cmd, enum cbp_opt opt)
{
	const struct cbp_cmd_option *o;

	if (cbp_options_table[opt].common)
		return 1;
	for (o = cmd->options; o->opt != CBP_OPT_NR; o++)
		if (o->opt == opt)
			return 1;
	return 0;
}

/* Append @s to @buf (size @size, @len used); the length it would have. */
static size_t put(char *buf, size_t size, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (len < size)
		snprintf(buf + len, size - len, "%s", s);
	return len + n;
}

/* The option @o as its synopsis shows it: "-v", "--tree DIR". */
static void option_word(const struct cbp_cmd_option *o, char *buf,
			size_t size)
{
	const struct cbp_option *d = &cbp_options_table[o->opt];
	const char *arg = o->arg ? o->arg : d->arg;

	if (d->short_name && !arg)
		snprintf(buf, size, "-%c", d->short_name);
	else
		snprintf(buf, size, "--%s%s%s", d->name, arg ? " " : "",
			 arg ? arg : "");
}

/*
 * The next group of @cmd's synopsis from option @i on, "[--a | --b]",
 * into @buf; the option after it.
 */
static size_t next_group(const struct cbp_command *cmd, size_t i, char *buf,
			 size_t size)
{
	const struct cbp_cmd_option *o = cmd->options;
	char word[64];
	size_t len = put(buf, size, 0, "[");

	option_word(&o[i], word, sizeof(word));
	len = put(buf, size, len, word);
	for (i++; o[i].opt != CBP_OPT_NR && o[i].show != CBP_SHOW_ALONE &&
	     o[i].show != CBP_SHOW_OPERAND; i++) {
		option_word(&o[i], word, sizeof(word));
		len = put(buf, size, len,
			  o[i].show == CBP_SHOW_OR ? " | " : " [");
		len = put(buf, size, len, word);
		if (o[i].show == CBP_SHOW_WITH)
			len = put(buf, size, len, "]");
	}
	put(buf, size, len, "]");
	return i;
}

/* A synopsis being written: its buffer and where its line stands. */
struct syn {
	char *buf;
	size_t size, len, col, hang;
	unsigned int width;
	const char *indent;
};

/* Add @w after a blank, or on a new line under the first group. */
static void syn_word(struct syn *s, const char *w)
{
	if (s->width && s->col + 1 + strlen(w) > s->width) {
		s->len = put(s->buf, s->size, s->len, "\n");
		s->len = put(s->buf, s->size, s->len, s->indent);
		for (s->col = strlen(s->indent); s->col < s->hang; s->col++)
			s->len = put(s->buf, s->size, s->len, " ");
	} else {
		s->len = put(s->buf, s->size, s->len, " ");
		s->col++;
	}
	s->len = put(s->buf, s->size, s->len, w);
	s->col += strlen(w);
}

/**
 * cbp_synopsis() - a command's synopsis, from its table entry
 * @cmd: the command
 * @width: lines are broken between groups to stay within this many
 *	   columns (the indent included); 0 for one line
 * @indent: what each line starts with
 * @buf: filled in, NUL-terminated; with a @width, each line ends in a
 *	 newline
 * @size: its size
 *
 * "checkbackport NAME", the groups of the options it declares, [OPTIONS]
 * for the common ones, and its operands; a broken line goes on under the
 * first group.
 *
 * Context: any; reads constant tables only.
 * Return: the length of the whole synopsis (@buf is cut if it is not
 * smaller than @size).
 */
size_t cbp_synopsis(const struct cbp_command *cmd, unsigned int width,
		    const char *indent, char *buf, size_t size)
{
	struct syn s = {
		.buf = buf, .size = size, .width = width, .indent = indent,
	};
	char group[256];
	size_t i = 0;

	if (size)
		buf[0] = '\0';
	s.len = put(buf, size, 0, indent);
	s.len = put(buf, size, s.len, "checkbackport ");
	s.len = put(buf, size, s.len, cmd->name);
	s.col = strlen(indent) + strlen("checkbackport ") + strlen(cmd->name);
	s.hang = s.col + 1;
	while (cmd->options[i].opt != CBP_OPT_NR) {
		if (cmd->options[i].show == CBP_SHOW_OPERAND) {
			i++;
			continue;
		}
		i = next_group(cmd, i, group, sizeof(group));
		syn_word(&s, group);
	}
	syn_word(&s, "[OPTIONS]");
	if (cmd->operands[0])
		syn_word(&s, cmd->operands);
	if (width)
		s.len = put(buf, size, s.len, "\n");
	return s.len;
}
