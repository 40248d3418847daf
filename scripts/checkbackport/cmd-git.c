// SPDX-License-Identifier: GPL-2.0
/*
 * What the commands get from git, in checkbackport-git only: the
 * repository with its config, the index opened through the builder (so
 * built or updated as the options say), and the services a query may call
 * (struct cbp_git_ops).  The front program is linked without this file;
 * the dispatcher in checkbackport.c decides when a run needs it.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "cbp.h"
#include "git.h"

/* Fill unset settings from git config, then from the defaults. */
static int read_config(struct cbp_repo *repo, struct cbp_settings *set,
		       char **owned)
{
	static const struct {
		const char *key;
		size_t offset;
		const char *def;
	} keys[] = {
		{ "checkbackport.mainline",
		  offsetof(struct cbp_settings, mainline), "master" },
		{ "checkbackport.stable",
		  offsetof(struct cbp_settings, stable), "linux-*.y" },
		{ "checkbackport.branches",
		  offsetof(struct cbp_settings, branches), "" },
		{ "checkbackport.tags",
		  offsetof(struct cbp_settings, tags), "v*" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		const char **field = (const char **)((char *)set +
						     keys[i].offset);
		int rc;

		if (*field)
			continue;
		rc = cbp_git_config_string(repo, keys[i].key, &owned[i]);
		if (rc < 0)
			return -1;
		*field = rc ? keys[i].def : owned[i];
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
	}
	if (cmd->git == CBP_GIT_ALWAYS || ctx->idx)
		return 0;
	if (opt->update)
		flags |= CBP_OPEN_UPDATE;
	if (opt->rebuild)
		flags |= CBP_OPEN_REBUILD;
	return cbp_index_open(&ctx->idx, ctx->repo, &opt->set, flags, NULL);
}

static void release(struct cbp_ctx *ctx)
{
	cbp_git_close(ctx->repo);
	ctx->repo = NULL;
}

static int resolve(struct cbp_ctx *ctx, const char *rev, char *hex)
{
	struct cbp_oid oid;

	if (!ctx->repo)
		return cbp_error("no repository");
	if (cbp_git_resolve(ctx->repo, rev, &oid))
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
