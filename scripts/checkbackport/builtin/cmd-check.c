// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport check: reading the operands, choosing the target branch,
 * making the findings about each patch and printing them.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "builtin.h"
#include "indexer/build.h"
#include "report/cbp.h"
#include "report/report-edges.h"
#include "check/check.h"
#include "check/check-series.h"
#include "git/git.h"

/* The commit a branch (or any revision) points at; 0 if there is one. */
static int branch_tip(struct cbp_repo *repo, const char *name,
		      struct cbp_oid *oid)
{
	return cbp_git_resolve(repo, name, oid);
}

/*
 * The target branch: --stable or checkbackport.stable when it names one
 * branch, else the only stable branch the index tracks.  A pattern given
 * as --stable is refused, as missing and followups refuse it: the one
 * tracked branch may be one it does not match.
 */
static int pick_stable(struct checker *chk)
{
	const char *s = chk->ctx->opt->target_stable;
	const char *found = NULL;
	int bit, n = 0;

	if (s && cbp_branch_pattern(s))
		return cbp_error("--stable '%s': name one branch, not a pattern",
				 s);
	if (!s)
		s = chk->ctx->opt->set.config[CBP_TRACK_STABLE];
	if (s && s[0] && !cbp_branch_pattern(s)) {
		chk->stable = s;
	} else {
		for (bit = 0; bit < cbp_index_nr_branches(chk->idx); bit++) {
			const struct cbp_branch *b;

			b = cbp_index_branch(chk->idx, bit);
			if (b && b->role == CBP_ROLE_STABLE) {
				found = b->name;
				n++;
			}
		}
		/* Without --stable, the globs the index tracks are meant. */
		if (!s || !*s)
			s = chk->ctx->opt->set.track[CBP_TRACK_STABLE];
		if (n != 1)
			return cbp_error("the stable globs '%s' match %d tracked branches; %s",
					 s ? s : "", n,
					 "name the target with --stable BRANCH or 'git config checkbackport.stable BRANCH'");
		chk->stable = found;
	}
	if (branch_tip(chk->ctx->repo, chk->stable, &chk->stable_tip)) {
		if (cbp_unpeeled_branch_error(chk->idx, chk->stable))
			return -1;
		return cbp_error("no branch '%s' in this repository (--stable)",
				 chk->stable);
	}
	chk->stable_major = -1;
	chk->stable_minor = -1;
	{
		const char *v = chk->stable + strcspn(chk->stable,
						      "0123456789");

		if (*v && cbp_parse_series(v, &chk->stable_major,
					   &chk->stable_minor)) {
			chk->stable_major = -1;
			chk->stable_minor = -1;
		}
	}
	return 0;
}

/* Read one operand: a file, "-", or a commit of the repository. */
static int read_operand(struct checker *chk, struct cbp_patch_list *list,
			const char *arg, int *used_stdin)
{
	char hex[CBP_OID_HEXSZ + 1], subj[1024];
	struct cbp_patch *p;
	struct cbp_oid oid;
	char *msg, *summary;
	struct stat st;

	if (!strcmp(arg, "-")) {
		if ((*used_stdin)++)
			return cbp_error("'-' given twice");
		return cbp_patch_read_file(list, arg) < 0 ? -1 : 0;
	}
	if (!stat(arg, &st) && !S_ISDIR(st.st_mode))
		return cbp_patch_read_file(list, arg) < 0 ? -1 : 0;
	switch (cbp_git_resolve(chk->ctx->repo, arg, &oid)) {
	case 0:
		break;
	case CBP_GIT_AMBIGUOUS:
	case -1:
		/* The reason recorded: more digits needed, or unreadable. */
		return -1;
	default:
		return cbp_error("'%s' is neither a readable file nor a commit of this repository",
				 arg);
	}
	if (cbp_git_message(chk->ctx->repo, &oid, &msg, &summary))
		return -1;
	cbp_oid_tohex(&oid, hex);
	p = cbp_patch_add(list, "");
	free(p->source);
	p->source = cbp_strf("commit %.12s", hex);
	p->nr = 1;
	p->line = 1;
	memcpy(p->commit, hex, sizeof(p->commit));
	p->msg = msg;
	p->msg_len = strlen(p->msg);
	p->msg_line = 1;
	cbp_sanitize(summary, strlen(summary), subj, sizeof(subj));
	p->subject = cbp_strdup(subj);
	free(summary);
	return 0;
}

/* Print the reports as asked; the exit status they call for. */
static int print_reports(struct checker *chk, struct cbp_report *rep,
			 size_t n)
{
	int ret = CBP_EXIT_OK;
	size_t k;

	if (chk->ctx->opt->json) {
		cbp_check_print_json(chk, rep, n);
	} else if (chk->ctx->opt->terse) {
		cbp_check_print_terse(rep, n);
	} else {
		cbp_check_tree_print_human(chk);
		cbp_check_print_human(rep, n);
	}
	for (k = 0; k < n; k++)
		if (rep[k].count[CBP_LEVEL_ERROR])
			ret = CBP_EXIT_FINDINGS;
	return ret;
}

static void release_reports(struct cbp_report *rep, size_t n)
{
	size_t k, j;

	for (k = 0; rep && k < n; k++) {
		for (j = 0; j < rep[k].nr; j++) {
			free(rep[k].f[j].msg);
			free(rep[k].f[j].old);
			free(rep[k].f[j].new);
			free(rep[k].f[j].hint);
			free(rep[k].f[j].detail);
		}
		free(rep[k].f);
		free(rep[k].tree);
		json_object_put(rep[k].tree_json);
	}
	free(rep);
}

/* Open --tree, check every patch in order, print the reports. */
static int check_list(struct checker *chk, struct cbp_patch_list *list)
{
	struct cbp_report *rep = NULL;
	size_t k;
	int ret;

	if (cbp_check_tree_begin(chk, list))
		goto fail;
	rep = cbp_calloc(list->nr, sizeof(*rep));
	for (k = 0; k < list->nr; k++) {
		rep[k].p = &list->p[k];
		if (cbp_check_patch(chk, &rep[k]))
			goto fail;
	}
	ret = print_reports(chk, rep, list->nr);
	goto out;
fail:
	ret = cbp_fail();
out:
	release_reports(rep, list->nr);
	cbp_check_tree_end(chk);
	return ret;
}

/*
 * check --tree outside any repository: the patches (files, not commits)
 * applied and built in the tree; references cannot be checked.
 */
static int cmd_check_tree_only(struct cbp_ctx *ctx)
{
	struct cbp_patch_list list = { NULL, 0, 0 };
	struct checker chk = { .ctx = ctx };
	int used_stdin = 0, ret = CBP_EXIT_ERROR, i;

	cbp_note("not in a git repository: checking only how the patches apply to and build in %s",
		 ctx->opt->tree);
	for (i = 0; i < ctx->opt->argc; i++) {
		const char *arg = ctx->opt->argv[i];
		struct stat st;

		if (!strcmp(arg, "-") ? used_stdin++ :
		    stat(arg, &st) || S_ISDIR(st.st_mode)) {
			cbp_error("'%s' is not a readable patch file %s", arg,
				  "(without a repository, operands are files)");
			ret = cbp_fail();
			goto out;
		}
		if (cbp_patch_read_file(&list, arg) < 0) {
			ret = cbp_fail();
			goto out;
		}
	}
	ret = check_list(&chk, &list);
out:
	cbp_patch_list_release(&list);
	return ret;
}

/**
 * cmd_check() - the check subcommand
 * @ctx: options and repository
 *
 * Return: CBP_EXIT_OK when no error finding was made (warnings and info
 * allowed), CBP_EXIT_FINDINGS on any error finding, CBP_EXIT_ERROR when
 * the inputs, the repository or the index cannot be read.
 */
int cmd_check(struct cbp_ctx *ctx)
{
	struct cbp_patch_list list = { NULL, 0, 0 };
	struct checker chk = { .ctx = ctx };
	int used_stdin = 0, ret = CBP_EXIT_ERROR, i;
	size_t k;

	if (!ctx->repo)
		return cmd_check_tree_only(ctx);
	for (i = 0; i < ctx->opt->argc; i++)
		if (read_operand(&chk, &list, ctx->opt->argv[i], &used_stdin))
			goto fail;
	/* Updated as it tracks: check's --stable is its target only. */
	if (cbp_git_open_index(ctx, CBP_OPEN_UPDATE | (ctx->opt->rebuild ?
						      CBP_OPEN_REBUILD : 0),
			       NULL))
		goto fail;
	chk.mainline = ctx->opt->target_mainline ? ctx->opt->target_mainline :
		       ctx->opt->set.mainline;
	chk.have_mainline = chk.mainline &&
		!branch_tip(ctx->repo, chk.mainline, &chk.mainline_tip);
	if (!chk.have_mainline) {
		cbp_error("no mainline branch '%s' in this repository %s",
			  chk.mainline ? chk.mainline : "",
			  "(--mainline or checkbackport.mainline)");
		goto fail;
	}
	chk.idx = ctx->idx;
	if (pick_stable(&chk))
		goto fail;

	/* The patches of one run are a series: summarise them all first. */
	for (k = 0; k < list.nr; k++)
		if (check_series_add(&chk, &list.p[k]))
			goto fail;
	ret = check_list(&chk, &list);
	goto out;
fail:
	ret = cbp_fail();
out:
	cbp_patch_ids_release(&chk.pids);
	check_series_release(&chk);
	cbp_patch_list_release(&list);
	return ret;
}
