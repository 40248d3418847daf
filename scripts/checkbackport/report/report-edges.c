// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of `followups` and `missing`: the target branch, which the
 * index must track (a query never changes what it tracks), and commits
 * and citations in the forms both print.
 */
#include <stdlib.h>
#include <string.h>

#include "report-edges.h"

/* The tracked branches of @role, blank-separated, for messages. */
static void tracked_list(struct cbp_index *idx, int role, char *buf,
			 size_t size, int *nr)
{
	size_t len = 0;
	int bit;

	buf[0] = '\0';
	*nr = 0;
	for (bit = 0; bit < cbp_index_nr_branches(idx); bit++) {
		const struct cbp_branch *b = cbp_index_branch(idx, bit);

		if (!b || (role >= 0 && b->role != role))
			continue;
		(*nr)++;
		if (len < size)
			len += snprintf(buf + len, size - len, "%s%s",
					len ? " " : "", b->name);
	}
	if (!buf[0])
		snprintf(buf, size, "none");
}

/**
 * cbp_branch_pattern() - whether a --stable value is a pattern
 * @name: the value
 *
 * Globs and lists (blanks or commas between globs) are what
 * checkbackport.stable holds; --stable of a query names one branch.
 *
 * Return: nonzero if @name is a pattern, not one branch's name.
 */
int cbp_branch_pattern(const char *name)
{
	return !!strpbrk(name, "*?[ ,\t");
}

/**
 * cbp_unpeeled_branch_error() - refuse a target branch that leads to no commit
 * @idx: the index, up to date with the refs
 * @name: the branch --stable names
 *
 * Such a branch is in no answer of the index, and "no branch" would be
 * wrong: the error says what it leads to.
 *
 * Return: -1 with the error recorded if @name leads to a tree or a blob,
 * else 0.
 */
int cbp_unpeeled_branch_error(struct cbp_index *idx, const char *name)
{
	const char *what = cbp_index_unpeeled_branch(idx, name);

	if (!what)
		return 0;
	return cbp_error("branch '%s' leads to %s, not a commit: %s (--stable)",
			 name, what, "it has no history to compare");
}

/**
 * cbp_target_branch() - the branch --stable names, as the index tracks it
 * @ctx: the context, with the index open
 * @required: without --stable, fall back on the one stable branch the
 *	      index tracks (and fail if it tracks several); else no branch
 * @bit: the branch's bit, or -1 when none was asked for
 *
 * The branch must be one the index tracks: answering for another would
 * mean walking it, and a query never changes what the index tracks.
 *
 * Return: 0, or -1 with a message saying how to track the branch.
 */
int cbp_target_branch(struct cbp_ctx *ctx, int required, int *bit)
{
	const char *name = ctx->opt->target_stable;
	char list[1024];
	int nr, b;

	*bit = -1;
	if (!name && !required)
		return 0;
	if (cbp_index_mainline_bit(ctx->idx) < 0)
		return cbp_error("%s",
				 "the index tracks no mainline branch (--mainline or checkbackport.mainline, then 'checkbackport index')");
	if (!name) {
		tracked_list(ctx->idx, CBP_ROLE_STABLE, list, sizeof(list), &nr);
		for (b = 0; nr == 1 && b < cbp_index_nr_branches(ctx->idx); b++)
			if (cbp_index_branch(ctx->idx, b) &&
			    cbp_index_branch(ctx->idx, b)->role == CBP_ROLE_STABLE)
				*bit = b;
		if (*bit >= 0)
			return 0;
		return cbp_error("%s (stable branches tracked: %s)",
				 "name the branch with --stable BRANCH", list);
	}
	if (cbp_branch_pattern(name))
		return cbp_error("--stable '%s': name one branch, not a pattern",
				 name);
	*bit = cbp_find_branch(ctx->idx, name);
	if (*bit >= 0)
		return 0;
	if (cbp_unpeeled_branch_error(ctx->idx, name))
		return -1;
	if (!cbp_index_has_branch(ctx->idx, name))
		return cbp_error("no branch '%s' in this repository (--stable)",
				 name);
	/* Matched, but past the bits the index has (Prometheus: 90). */
	if (cbp_match_globs(ctx->opt->set.track[CBP_TRACK_STABLE], name) ||
	    cbp_match_globs(ctx->opt->set.track[CBP_TRACK_BRANCHES], name))
		return cbp_error("branch '%s' %s %d %s; %s", name,
				 "matches the globs the index tracks, but it tracks",
				 CBP_MAX_BRANCHES, "branches at most and kept the newest",
				 "narrow 'git config checkbackport.stable' (or checkbackport.branches) to those you ask about, then run 'checkbackport index'");
	tracked_list(ctx->idx, -1, list, sizeof(list), &nr);
	return cbp_error("branch '%s' is not tracked by the index (tracked: %s); %s",
			 name, list,
			 "a query does not change what is tracked: make 'git config checkbackport.stable' (or checkbackport.branches) match it, then run 'checkbackport index'");
}

/**
 * cbp_release_str() - where a commit stands, in a word or two
 * @c: the commit
 * @mainline_bit: the mainline branch's bit
 *
 * Return: its first release, "no release yet" for a mainline commit
 * without one, "not in mainline" otherwise; "only cited" for a commit
 * the index knows only from citations.
 */
const char *cbp_release_str(const struct cbp_commit *c, int mainline_bit)
{
	if (c->state != CBP_PRESENT)
		return "only cited";
	if (c->release[0])
		return c->release;
	if (mainline_bit >= 0 && (c->branches & (1ULL << mainline_bit)))
		return "no release yet";
	return "not in mainline";
}

/**
 * cbp_link_json() - a citation as a JSON object
 * @idx: the index
 * @l: the citation
 *
 * Return: a new object with kind, cited, quoted and by (the citing commit).
 */
struct json_object *cbp_link_json(struct cbp_index *idx,
				  const struct cbp_link *l)
{
	struct json_object *o = json_object_new_object();
	struct cbp_commit by;

	json_object_object_add(o, "kind",
			       json_object_new_string(cbp_kind_name(l->kind)));
	json_object_object_add(o, "cited", json_object_new_string(l->cited));
	json_object_object_add(o, "quoted", l->quoted[0] ?
			       json_object_new_string(l->quoted) : NULL);
	json_object_object_add(o, "by", cbp_commit_get(idx, l->src, &by) ? NULL :
			       cbp_commit_json(idx, &by));
	return o;
}
