// SPDX-License-Identifier: GPL-2.0
/*
 * What the commands get from git, in checkbackport-git only: the
 * repository with its config, the index opened through the builder (so
 * built or updated as the options say), and the services a query may call
 * (struct cbp_git_ops).  The front program is linked without this file;
 * the dispatcher in checkbackport.c decides when a run needs it.
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "indexer/build.h"
#include "report/cbp.h"
#include "git/git.h"

/* The checkbackport.* git config, for the builder to compare and use. */
static int read_config(struct cbp_repo *repo, struct cbp_settings *set,
		       char **owned)
{
	int k;

	for (k = 0; k < CBP_TRACK_NR; k++) {
		int rc = cbp_git_config_string(repo, cbp_track_info(k)->config,
					       &owned[k]);

		if (rc < 0)
			return -1;
		set->config[k] = rc ? NULL : owned[k];
	}
	return 0;
}

/**
 * cbp_git_open_index() - open the index through the builder
 * @ctx: the context, with the repository open; ctx->idx is set
 * @flags: CBP_OPEN_UPDATE and/or CBP_OPEN_REBUILD
 * @stats: what the builder did; may be NULL (a query's open), and then
 *	   a build's notes are said here, as `index` says them
 *
 * Afterwards ctx->opt->set says what the index tracks.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_open_index(struct cbp_ctx *ctx, unsigned int flags,
		       struct cbp_update_stats *stats)
{
	struct cbp_update_stats own;

	if (cbp_index_open(&ctx->idx, ctx->repo, &ctx->opt->set, flags,
			   stats ? stats : &own))
		return -1;
	cbp_sync_tracking(ctx);
	cbp_gap_notes(ctx);
	/* A query that built the index says what `index` would have. */
	if (!stats) {
		if (own.rebuilt)
			cbp_index_notes(ctx, &own);
		cbp_update_stats_release(&own);
	}
	return 0;
}

/*
 * Open the repository (--repo, or found from the current directory) and
 * fill the settings from its config; for a query, also open the index if
 * the dispatcher could not open it as it was, or --update or --rebuild
 * asks for more.
 */
static int setup(struct cbp_ctx *ctx, const struct cbp_command *cmd)
{
	struct cbp_options *opt = ctx->opt;
	unsigned int flags = 0;

	if (!ctx->repo) {
		if (cbp_git_open(&ctx->repo, opt->repo_path)) {
			/* check --tree alone needs no repository */
			if (opt->tree && !opt->repo_path &&
			    !strcmp(cmd->name, "check"))
				return 0;
			return -1;
		}
		if (read_config(ctx->repo, &opt->set, ctx->owned))
			return -1;
		cbp_set_repository(cbp_git_commondir(ctx->repo));
	}
	if (cmd->git == CBP_GIT_ALWAYS || ctx->idx)
		return 0;
	flags |= CBP_OPEN_IF_MOVED;
	if (opt->update)
		flags |= CBP_OPEN_UPDATE;
	if (opt->rebuild)
		flags |= CBP_OPEN_REBUILD;
	return cbp_git_open_index(ctx, flags, NULL);
}

static void release(struct cbp_ctx *ctx)
{
	cbp_git_close(ctx->repo);
	ctx->repo = NULL;
}

static int resolve(struct cbp_ctx *ctx, const char *rev, char *hex)
{
	struct cbp_oid oid;
	int rc;

	if (!ctx->repo)
		return cbp_error("no repository");
	rc = cbp_git_resolve(ctx->repo, rev, &oid);
	if (rc == CBP_GIT_AMBIGUOUS)
		return CBP_IS_AMBIGUOUS;
	if (rc)
		return CBP_NOT_FOUND;
	cbp_oid_tohex(&oid, hex);
	return 0;
}

static int patch_id(struct cbp_ctx *ctx, const char *hex, char *pid)
{
	if (!ctx->repo)
		return cbp_error("no repository");
	return cbp_git_diff_patch_id(ctx->repo, hex, pid);
}

static int touches(struct cbp_ctx *ctx, const char *hex, char *const *paths,
		   size_t nr)
{
	if (!ctx->repo)
		return cbp_error("no repository");
	return cbp_git_touches(ctx->repo, hex, paths, nr);
}

const struct cbp_git_ops cbp_git_ops = {
	.setup = setup,
	.release = release,
	.resolve = resolve,
	.patch_id = patch_id,
	.touches = touches,
};
