// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport index: build or update the commit index.
 */
#include <stdlib.h>

#include "builtin.h"
#include "indexer/build.h"
#include "report/cbp.h"
#include "git/git.h"

/* A number of the JSON output, under its member's name. */
struct count {
	const char *key;
	long long n;
};

/* Add one member to @o per entry of @c, in order. */
static void add_counts(struct json_object *o, const struct count *c, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		json_object_object_add(o, c[i].key, json_object_new_int64(c[i].n));
}

/* index --verify: check the index file, change nothing. */
static int verify(struct cbp_ctx *ctx)
{
	const char *given = ctx->opt->set.index_path;
	char *path = given ? cbp_strdup(given) :
		     cbp_index_default_path(cbp_git_commondir(ctx->repo));
	struct cbp_verify_report rep;
	size_t i;
	int ret;

	if (cbp_store_verify(path, &rep)) {
		free(path);
		return cbp_fail();
	}
	if (ctx->opt->json) {
		struct json_object *o = json_object_new_object();
		struct json_object *arr = json_object_new_array();
		const struct count counts[] = {
			{ "commits", rep.commits },
			{ "citations", rep.links },
			{ "links_without_citation", rep.found },
		};

		json_object_object_add(o, "index", json_object_new_string(path));
		json_object_object_add(o, "sound",
				       json_object_new_boolean(!rep.problems));
		json_object_object_add(o, "problems",
				       json_object_new_int64(rep.problems));
		for (i = 0; i < rep.nr; i++)
			json_object_array_add(arr, json_object_new_string(rep.msg[i]));
		json_object_object_add(o, "listed", arr);
		add_counts(o, counts, ARRAY_SIZE(counts));
		cbp_json_print(o);
	} else if (!rep.problems) {
		printf("verified %s: %lld commits, %lld citations, ", path,
		       rep.commits, rep.links);
		printf("%lld links without one; no damage found\n", rep.found);
	} else {
		for (i = 0; i < rep.nr; i++)
			printf("damage: %s\n", rep.msg[i]);
		if ((long long)rep.nr < rep.problems)
			printf("damage: and %lld more\n", rep.problems - (long long)rep.nr);
		printf("%s is damaged (%lld problem%s): %s\n", path, rep.problems,
		       rep.problems == 1 ? "" : "s",
		       "rebuild it with 'checkbackport index --rebuild'");
	}
	ret = rep.problems ? CBP_EXIT_FINDINGS : CBP_EXIT_OK;
	cbp_verify_report_release(&rep);
	free(path);
	return ret;
}

/* What the index tracks, and the tags it does not take as releases. */
static void print_verbose(struct cbp_ctx *ctx, const struct cbp_update_stats *st)
{
	struct cbp_index *idx = ctx->idx;
	int k, i, bit;

	for (k = 0; k < CBP_TRACK_NR; k++)
		printf("tracking %s: '%s' (%s, git config %s)\n",
		       cbp_track_info(k)->what, cbp_index_tracking(idx, k),
		       cbp_track_info(k)->option, cbp_track_info(k)->config);
	for (i = 0; (bit = cbp_index_branch_at(idx, i)) >= 0; i++)
		printf("tracked branch: %s\n", cbp_index_branch(idx, bit)->name);
	for (i = 0; i < (int)st->nr_ignored; i++)
		printf("not a release: tag %s: %s\n", st->ignored[i].name,
		       st->ignored[i].why);
	/* What this run joined through cited merges, and what it could not. */
	if (st->merged)
		printf("joined through cited merges: %lld links to the commits they brought in\n",
		       st->merged);
	if (st->merged_too_many)
		printf("not joined: %lld citations of merges %s %d commits %s\n",
		       st->merged_too_many, "that brought in more than",
		       CBP_MERGED_MAX, "(a branch merged back, not a pull request)");
	if (st->merged_unread)
		printf("not joined: %lld citations of merges whose commits could not be listed\n",
		       st->merged_unread);
}

static struct json_object *tracking_json(struct cbp_ctx *ctx)
{
	struct json_object *o = json_object_new_object();
	struct json_object *br = json_object_new_array();
	int k, i, bit;

	for (k = 0; k < CBP_TRACK_NR; k++) {
		const char *v = cbp_index_tracking(ctx->idx, k);

		json_object_object_add(o, cbp_track_info(k)->option + 2,
				       json_object_new_string(v));
	}
	for (i = 0; (bit = cbp_index_branch_at(ctx->idx, i)) >= 0; i++) {
		const char *name = cbp_index_branch(ctx->idx, bit)->name;

		json_object_array_add(br, json_object_new_string(name));
	}
	json_object_object_add(o, "tracked_branches", br);
	return o;
}

static struct json_object *ignored_json(const struct cbp_update_stats *st)
{
	struct json_object *arr = json_object_new_array();
	size_t i;

	for (i = 0; i < st->nr_ignored; i++) {
		struct json_object *t = json_object_new_object();

		json_object_object_add(t, "tag",
				       json_object_new_string(st->ignored[i].name));
		json_object_object_add(t, "why",
				       json_object_new_string(st->ignored[i].why));
		json_object_array_add(arr, t);
	}
	return arr;
}

/**
 * cmd_index() - the index subcommand
 * @ctx: the context
 *
 * With --verify, checks the index file instead (cbp_store_verify()).
 *
 * Return: CBP_EXIT_OK, CBP_EXIT_FINDINGS (--verify found damage) or
 * CBP_EXIT_ERROR.
 */
int cmd_index(struct cbp_ctx *ctx)
{
	struct cbp_update_stats st;
	struct cbp_index *idx;
	unsigned int flags = CBP_OPEN_UPDATE;
	int gaps;

	if (ctx->opt->verify)
		return verify(ctx);
	/*
	 * A mainline named on the command line that is no branch (a typo)
	 * would put no commit in mainline and stay tracked for every later
	 * query: refused, the index untouched.  One from the git config or
	 * the default is only warned about after the build (no_branch_notes()):
	 * a repository may not have it yet.
	 */
	if ((ctx->opt->set.given & (1U << CBP_TRACK_MAINLINE)) &&
	    !cbp_git_has_branch(ctx->repo, ctx->opt->set.mainline)) {
		const char *ml = ctx->opt->set.mainline;

		cbp_error("--mainline=%s: no branch '%s' %s; %s", ml, ml,
			  "(local or remote-tracking)",
			  "the index is left as it was");
		return cbp_fail();
	}
	if (ctx->opt->rebuild)
		flags |= CBP_OPEN_REBUILD;
	if (cbp_git_open_index(ctx, flags, &st))
		return cbp_fail();
	idx = ctx->idx;
	gaps = cbp_index_gaps(idx);
	if (ctx->opt->json) {
		struct json_object *o = json_object_new_object();
		const struct count counts[] = {
			{ "read", st.read },
			{ "commits", st.total },
			{ "citations", st.links },
			{ "release_tags", st.tags },
			{ "new_suspicious", st.suspicious },
			{ "new_adapted", st.adapted },
			{ "new_malformed", st.malformed },
			{ "new_merged", st.merged },
			{ "new_merged_too_many", st.merged_too_many },
			{ "new_merged_unread", st.merged_unread },
		};

		json_object_object_add(o, "index",
				       json_object_new_string(cbp_index_path(idx)));
		json_object_object_add(o, "rebuilt",
				       json_object_new_boolean(st.rebuilt));
		json_object_object_add(o, "shallow",
				       json_object_new_boolean(gaps & CBP_GAP_SHALLOW));
		json_object_object_add(o, "partial_clone",
				       json_object_new_boolean(gaps & CBP_GAP_PARTIAL));
		json_object_object_add(o, "replace_refs",
				       json_object_new_boolean(gaps & CBP_GAP_REPLACE));
		json_object_object_add(o, "unreadable_commits",
				       json_object_new_boolean(gaps & CBP_GAP_DAMAGED));
		add_counts(o, counts, ARRAY_SIZE(counts));
		json_object_object_add(o, "seconds",
				       json_object_new_double(st.seconds));
		json_object_object_add(o, "tracking", tracking_json(ctx));
		json_object_object_add(o, "not_releases", ignored_json(&st));
		json_object_object_add(o, "releases_outside_tags",
				       json_object_new_int64(st.outside));
		json_object_object_add(o, "other_tags",
				       json_object_new_int64(st.other));
		cbp_json_print(o);
	} else {
		printf("%s %s: read %lld new commit%s (%lld citation%s); ",
		       st.rebuilt ? "built" : "updated", cbp_index_path(idx),
		       st.read, st.read == 1 ? "" : "s",
		       st.links, st.links == 1 ? "" : "s");
		printf("%lld commits, %lld release tags; %.2fs\n",
		       st.total, st.tags, st.seconds);
		if (ctx->opt->verbose)
			print_verbose(ctx, &st);
	}
	cbp_index_notes(ctx, &st);
	cbp_update_stats_release(&st);
	return CBP_EXIT_OK;
}

/*
 * A mainline that names no branch leaves every commit out of mainline,
 * and stable globs that match none leave check, followups and missing no
 * branch to answer for: said after a build, as nothing else says it.
 * With @unpeeled, a branch of that name that leads to no commit has just
 * been said: "no branch of commits".
 */
static void no_branch_notes(struct cbp_ctx *ctx, int unpeeled)
{
	const struct cbp_settings *set = &ctx->opt->set;
	int i, stable = 0;

	for (i = 0; i < cbp_index_nr_branches(ctx->idx); i++) {
		const struct cbp_branch *br = cbp_index_branch(ctx->idx, i);

		stable += br && br->name && br->role == CBP_ROLE_STABLE;
	}
	if (cbp_index_mainline_bit(ctx->idx) < 0)
		cbp_note("warning: no branch %s'%s' to track as mainline (%s): %s",
			 unpeeled ? "of commits " : "",
			 set->track[CBP_TRACK_MAINLINE],
			 "--mainline, git config checkbackport.mainline",
			 "no commit is in mainline");
	if (!stable && set->track[CBP_TRACK_STABLE] &&
	    *set->track[CBP_TRACK_STABLE])
		cbp_note("warning: no branch %smatches the stable globs '%s' (%s)",
			 unpeeled ? "of commits " : "",
			 set->track[CBP_TRACK_STABLE],
			 "--stable, git config checkbackport.stable");
}

/**
 * cbp_index_notes() - what a build found that makes answers wrong
 * @ctx: the context, its settings those the index tracks
 * @st: what the build or update found
 *
 * Said on stderr (cbp_note()) after `index`, and after a query that had
 * to build the index first: a first build with the defaults (a query in
 * a repository never indexed, or whose first `index` was interrupted)
 * must not leave every release label quietly wrong.
 */
void cbp_index_notes(struct cbp_ctx *ctx, const struct cbp_update_stats *st)
{
	if (st->nr_ignored && !ctx->opt->verbose)
		cbp_note("%zu tag%s matching '%s' %s; %s",
			 st->nr_ignored, st->nr_ignored == 1 ? "" : "s",
			 ctx->opt->set.tags, st->nr_ignored == 1 ?
			 "is not a release" : "are not releases",
			 "'checkbackport index -v' lists them");
	/*
	 * Releases the glob hides leave every release label wrong ("in no
	 * release yet"): never quietly.
	 */
	if (st->outside == 1)
		cbp_note("1 tag, '%s', would be a release by the release pattern %s '%s' %s",
			 st->outside_example, "but is outside checkbackport.tags",
			 ctx->opt->set.tags, "and not read; pass --tags to include it");
	else if (st->outside)
		cbp_note("%lld tags such as '%s' would be releases by %s %s '%s' %s",
			 st->outside, st->outside_example, "the release pattern",
			 "but are outside checkbackport.tags", ctx->opt->set.tags,
			 "and not read; pass --tags to include them");
	/* Nor a history whose tags are all of another shape. */
	if (!st->tags && !st->outside && st->other)
		cbp_note("no release tags: none of the %lld tags %s '%s' (such as '%s') %s; %s",
			 st->other, "outside checkbackport.tags",
			 ctx->opt->set.tags, st->other_example,
			 "is a release by the release pattern either, so no commit has a first release",
			 "pass --tags and --release-pattern");
	/* Nor a mainline or stable glob naming no branch (a typo). */
	if (st->unpeeled)
		cbp_note("%s", st->unpeeled);
	no_branch_notes(ctx, !!st->unpeeled);
	if (st->suspicious || st->malformed)
		cbp_note("%lld suspicious citation%s and %lld ID%s of more than 40 digits %s",
			 st->suspicious, st->suspicious == 1 ? "" : "s",
			 st->malformed, st->malformed == 1 ? "" : "s",
			 "among those read; see 'checkbackport lint'");
}
