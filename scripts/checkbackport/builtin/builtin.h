/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The commands (builtin/cmd-*.c), one function each, for the table of
 * subcommands in checkbackport.c, and what checkbackport-git adds for
 * them (cmd-git.c): the git operations of struct cbp_git_ops and opening
 * the index through the builder.  The types they use are the command
 * layer's (report/cbp.h).
 */
#ifndef CHECKBACKPORT_BUILTIN_H
#define CHECKBACKPORT_BUILTIN_H

#include "report/cbp.h"

int cmd_index(struct cbp_ctx *ctx);
int cmd_names(struct cbp_ctx *ctx);
int cmd_fixes(struct cbp_ctx *ctx);
int cmd_check(struct cbp_ctx *ctx);
int cmd_lint(struct cbp_ctx *ctx);
int cmd_followups(struct cbp_ctx *ctx);
int cmd_missing(struct cbp_ctx *ctx);

/* cmd-git.c: checkbackport-git only */
struct cbp_update_stats;
extern const struct cbp_git_ops cbp_git_ops;
int cbp_git_open_index(struct cbp_ctx *ctx, unsigned int flags,
		       struct cbp_update_stats *stats);
void cbp_index_notes(struct cbp_ctx *ctx, const struct cbp_update_stats *st);

#endif /* CHECKBACKPORT_BUILTIN_H */
