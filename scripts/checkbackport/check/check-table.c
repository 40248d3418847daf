// SPDX-License-Identifier: GPL-2.0
/*
 * The table of checks (check_types[]): every finding type check makes,
 * its level, what it inspects one at a time (its scope) and the function
 * that makes it, and cbp_check_patch(), which gathers a patch's facts
 * and runs the table on them.  The checks live in their own files
 * (check.c, check-trust.c, check-followups.c, check-tree.c,
 * check-compare.c) and make their findings through check-emit.c; none
 * calls back into this file.
 */
#include <stddef.h>

#include "check-priv.h"
#include "check-series.h"

/*
 * The finding types, in the order findings are made: entries of one scope
 * are kept together, and run item by item (all checks on the first
 * upstream line, then all on the second, ...).  The types and levels are
 * documented in Documentation/checkbackport-check.rst.
 */
static const struct check_type check_types[] = {
	{ "MALFORMED_PATCH", CBP_LEVEL_ERROR, CHECK_MAIL, check_malformed_patch },

	{ "TOO_MANY_CITATIONS", CBP_LEVEL_INFO, CHECK_PATCH,
	  check_too_many_citations },
	{ "UPSTREAM_MISSING", CBP_LEVEL_ERROR, CHECK_PATCH, check_upstream_missing },
	{ "TRAILER_SUSPICIOUS", CBP_LEVEL_WARNING, CHECK_PATCH,
	  check_trailer_suspicious },
	{ "TRAILER_MALFORMED", CBP_LEVEL_WARNING, CHECK_PATCH,
	  check_trailer_malformed },

	{ "UPSTREAM_UNKNOWN", CBP_LEVEL_ERROR, CHECK_UPSTREAM,
	  check_upstream_unknown },
	{ "UPSTREAM_NOT_MAINLINE", CBP_LEVEL_WARNING, CHECK_UPSTREAM,
	  check_upstream_not_mainline },
	{ "UPSTREAM_NOT_IN_MAINLINE", CBP_LEVEL_ERROR, CHECK_UPSTREAM,
	  check_upstream_not_in_mainline },
	{ "UPSTREAM_DUPLICATE", CBP_LEVEL_INFO, CHECK_UPSTREAM,
	  check_upstream_duplicate },
	{ "UPSTREAM_SUBJECT_MISMATCH", CBP_LEVEL_WARNING, CHECK_UPSTREAM,
	  check_upstream_subject_mismatch },

	{ "CHERRY_PICK_UNKNOWN", CBP_LEVEL_WARNING, CHECK_PICK,
	  check_cherry_pick_unknown },

	{ "ALREADY_APPLIED", CBP_LEVEL_ERROR, CHECK_PATCH, check_already_applied },
	{ "REAPPLIES_BRANCH_REVERT", CBP_LEVEL_WARNING, CHECK_PATCH,
	  check_reapplies_branch_revert },
	{ "ALREADY_APPLIED_PATCH_ID", CBP_LEVEL_ERROR, CHECK_PATCH,
	  check_already_applied_patch_id },
	{ "CITED_SUSPICIOUS", CBP_LEVEL_WARNING, CHECK_PATCH,
	  check_cited_suspicious },

	{ "FIXES_UNKNOWN", CBP_LEVEL_ERROR, CHECK_FIXES, check_fixes_unknown },
	{ "FIXES_SUBJECT_MISMATCH", CBP_LEVEL_WARNING, CHECK_FIXES,
	  check_fixes_subject_mismatch },
	{ "FIXES_NOT_IN_STABLE", CBP_LEVEL_WARNING, CHECK_FIXES,
	  check_fixes_not_in_stable },
	{ "FIXES_ALIAS", CBP_LEVEL_INFO, CHECK_FIXES, check_fixes_alias },
	{ "FIXES_PRECEDES_BUG", CBP_LEVEL_WARNING, CHECK_FIXES,
	  check_fixes_precedes_bug },

	/* What came after the change, and the series (check-followups.c). */
	{ "REVERTED_UPSTREAM", CBP_LEVEL_ERROR, CHECK_PATCH,
	  check_reverted_upstream },
	{ "FOLLOWUP_MISSING", CBP_LEVEL_WARNING, CHECK_PATCH,
	  check_followup_missing },
	{ "PREREQ_MISSING", CBP_LEVEL_WARNING, CHECK_PATCH,
	  check_prereq_missing },
	{ "SERIES_ORDER", CBP_LEVEL_WARNING, CHECK_PATCH, check_series_order },

	{ "CC_STABLE_EXCLUDES_TARGET", CBP_LEVEL_WARNING, CHECK_CC_STABLE,
	  check_cc_stable_excludes_target },
	{ "CC_STABLE_VERSION", CBP_LEVEL_WARNING, CHECK_CC_STABLE,
	  check_cc_stable_version },

	/* check-tree.c: --tree */
	{ "APPLY_FAILED", CBP_LEVEL_ERROR, CHECK_TREE, check_apply_failed },
	{ "APPLIES_IN_REVERSE", CBP_LEVEL_ERROR, CHECK_TREE,
	  check_applies_in_reverse },
	{ "APPLY_OFFSET", CBP_LEVEL_INFO, CHECK_TREE, check_apply_offset },
	{ "BUILD_FAILED", CBP_LEVEL_ERROR, CHECK_TREE, check_build_failed },
	{ "NEW_WARNING", CBP_LEVEL_WARNING, CHECK_TREE, check_new_warning },
	{ "BUILD_SKIPPED", CBP_LEVEL_INFO, CHECK_TREE, check_build_skipped },

	/* check-compare.c: --compare */
	{ "BACKPORT_EXTRA", CBP_LEVEL_WARNING, CHECK_COMPARE,
	  check_backport_extra },
	{ "BACKPORT_DROPPED", CBP_LEVEL_WARNING, CHECK_COMPARE,
	  check_backport_dropped },
	{ "BACKPORT_SQUASH", CBP_LEVEL_INFO, CHECK_COMPARE,
	  check_backport_squash },
};

/* How many items a scope has in this patch. */
static size_t scope_items(const struct check_facts *fx, enum check_scope s)
{
	switch (s) {
	case CHECK_MAIL:
	case CHECK_PATCH:
		return 1;
	case CHECK_UPSTREAM:
		return fx->nr_up;
	case CHECK_PICK:
		return fx->nr_picks;
	case CHECK_FIXES:
		return fx->nr_fixes;
	case CHECK_CC_STABLE:
		return fx->nr_cc;
	case CHECK_TREE:
		return !!fx->tree;
	case CHECK_COMPARE:
		return !!fx->cmp;
	}
	return 0;
}

/* Run checks @first to @end (one scope) on each item of their scope. */
static int run_scope(struct check_run *run, size_t first, size_t end)
{
	size_t i, k, n = scope_items(run->fx, check_types[first].scope);
	int err = 0;

	for (i = 0; i < n && !err; i++)
		for (k = first; k < end && !err; k++) {
			run->type = &check_types[k];
			err = run->type->fn(run, i);
		}
	return err;
}

/**
 * cbp_check_patch() - make the findings about one patch
 * @chk: the target branches and the index
 * @r: the report; r->p is the patch
 *
 * Runs every check of check_types[] on the patch; a malformed patch gets
 * only the checks of the mail as read, and without an index (--tree
 * outside a repository) only those and the checks of the tree run.
 *
 * Return: 0, or -1 on an index or git error (message recorded).
 */
int cbp_check_patch(struct checker *chk, struct cbp_report *r)
{
	struct check_facts fx = { .p = r->p };
	struct check_run run = { .chk = chk, .fx = &fx, .r = r };
	size_t first, end;
	int loaded = 0, err = 0;

	for (first = 0; first < ARRAY_SIZE(check_types) && !err; first = end) {
		enum check_scope scope = check_types[first].scope;

		if (scope != CHECK_MAIL && !loaded) {
			if (r->p->error)
				break;
			err = chk->idx ? check_facts_load(chk, r->p, &fx) : 0;
			loaded = 1;
			if (!err && (check_tree_load(chk, &fx) ||
				     check_compare_load(chk, &fx)))
				err = -1;
			if (err)
				break;
		}
		for (end = first; end < ARRAY_SIZE(check_types) &&
		     check_types[end].scope == scope; end++)
			;
		if (!chk->idx && scope != CHECK_MAIL && scope != CHECK_TREE)
			continue;
		err = run_scope(&run, first, end);
	}
	check_tree_report(&fx, r);
	check_compare_report(&fx, r);
	check_tree_release(&fx);
	check_compare_release(&fx);
	check_facts_release(&fx);
	return err;
}
