/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The programs' own files, above every layer: the options and what each
 * command takes (options.c), the command line read against them
 * (args.c), and the hand-over to checkbackport-git (front.c), for the
 * main() of both programs (checkbackport.c).  The types they use are the
 * command layer's (report/cbp.h).
 */
#ifndef CHECKBACKPORT_PROGRAM_H
#define CHECKBACKPORT_PROGRAM_H

#include "report/cbp.h"

/* options.c */
extern const struct cbp_option cbp_options_table[CBP_OPT_NR];

/* The options of each command, for the table. */
extern const struct cbp_cmd_option cbp_index_options[];
extern const struct cbp_cmd_option cbp_names_options[];
extern const struct cbp_cmd_option cbp_fixes_options[];
extern const struct cbp_cmd_option cbp_check_options[];
extern const struct cbp_cmd_option cbp_lint_options[];
extern const struct cbp_cmd_option cbp_followups_options[];
extern const struct cbp_cmd_option cbp_missing_options[];

int cbp_command_takes(const struct cbp_command *cmd, enum cbp_opt opt);
size_t cbp_synopsis(const struct cbp_command *cmd, unsigned int width,
		    const char *indent, char *buf, size_t size);

/* What cbp_parse_args() found the command line asks for. */
enum cbp_args_result {
	CBP_ARGS_RUN,		/* run the subcommand */
	CBP_ARGS_HELP,		/* print the manual */
	CBP_ARGS_VERSION,	/* print the version */
	CBP_ARGS_USAGE,		/* a usage error, recorded */
};

/* args.c */
int cbp_parse_args(int argc, char **argv, const struct cbp_command *cmds,
		   size_t nr_cmds, struct cbp_options *opt,
		   const struct cbp_command **cmd);

/* front.c */
__noreturn void cbp_exec_full(char **argv, const char *why);
void cbp_front_args(char **argv);
__noreturn void cbp_hand_over(const char *why);

#endif /* CHECKBACKPORT_PROGRAM_H */
