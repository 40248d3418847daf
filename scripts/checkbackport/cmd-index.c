// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport index: build or update the commit index.
 */
#include "build.h"
#include "cbp.h"

/**
 * cmd_index() - the index subcommand
 * @ctx: the context
 *
 * Return: CBP_EXIT_OK or CBP_EXIT_ERROR.
 */
int cmd_index(struct cbp_ctx *ctx)
{
	struct cbp_update_stats st;
	struct cbp_index *idx;
	unsigned int flags = CBP_OPEN_UPDATE;

	if (ctx->opt->rebuild)
		flags |= CBP_OPEN_REBUILD;
	if (cbp_git_open_index(ctx, flags, &st))
		return cbp_fail();
	idx = ctx->idx;
	if (ctx->opt->json) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "index",
				       json_object_new_string(cbp_index_path(idx)));
		json_object_object_add(o, "rebuilt",
				       json_object_new_boolean(st.rebuilt));
		json_object_object_add(o, "read", json_object_new_int64(st.read));
		json_object_object_add(o, "commits",
				       json_object_new_int64(st.total));
		json_object_object_add(o, "citations",
				       json_object_new_int64(st.links));
		json_object_object_add(o, "release_tags",
				       json_object_new_int64(st.tags));
		json_object_object_add(o, "seconds",
				       json_object_new_double(st.seconds));
		cbp_json_print(o);
	} else {
		printf("%s %s: read %lld new commit%s (%lld citation%s); ",
		       st.rebuilt ? "built" : "updated", cbp_index_path(idx),
		       st.read, st.read == 1 ? "" : "s",
		       st.links, st.links == 1 ? "" : "s");
		printf("%lld commits, %lld release tags; %.2fs\n",
		       st.total, st.tags, st.seconds);
	}
	return CBP_EXIT_OK;
}
