/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `check` on a series: the patches of one run (the mails of an mbox and
 * the files and commits given, in order) are a series, sent and applied
 * in that order.  What a patch needs may come later in the series (a
 * follow-up fix) or must come earlier (what it fixes, a prerequisite);
 * and the series must follow mainline's order.
 *
 * Before any patch is checked, each is summarised here (the names of the
 * change it brings, its first mainline name) by check_series_add(); the
 * checks of check-followups.c then ask where a change stands in the
 * series.  The summary keeps no pointer into the patch, so patches can
 * be read, checked and freed one at a time after the first pass.
 */
#ifndef CHECKBACKPORT_CHECK_SERIES_H
#define CHECKBACKPORT_CHECK_SERIES_H

#include "check-priv.h"
#include "base/idmap.h"
#include "store/store-edges.h"

/**
 * struct series_item - one patch of the series, in a few bytes (a
 *			mailbox may hold 100,000 mails)
 * @source: its file ("<stdin>", "commit ID"), shared with the item
 *	    before it when they come from the same file
 * @subject: its subject
 * @ids: the index rows of every name of the change it brings
 * @nr_ids: number of @ids
 * @ml: the row of the first mainline name of that change, 0 if none
 * @pos: its mainline position, 0 if none
 * @max_before: the largest @pos of the patches before it
 * @nr: its mail number in the file
 * @own_source: @source is this item's to free
 */
struct series_item {
	char *source;
	char *subject;
	long long *ids;
	size_t nr_ids;
	long long ml;
	long long pos;
	long long max_before;
	unsigned int nr;
	unsigned int own_source;
};

/**
 * struct check_series - the series of one check run
 * @it: its patches, in order
 * @nr: how many
 * @alloc: allocated entries
 * @e: the edge queries on the index
 * @ids: row ids of the names the patches bring -> index in @span
 * @span: per name, the first and the last patch bringing it
 * @nr_span: entries of @span
 * @alloc_span: allocated entries
 * @cursor: the patch check_series_index() found last
 * @fu_for: the patch whose follow-ups @fu holds, -1 if none
 * @fu: the follow-ups of the change of patch @fu_for
 * @fu_err: computing @fu failed
 * @rev_for: the patch whose change @rev says of, -1 if none
 * @rev: whether the target branch reverted that change (1), or not (0)
 * @rev_by: then, the revert there (check_reverted_in_stable())
 */
struct check_series {
	struct series_item *it;
	size_t nr;
	size_t alloc;
	struct cbp_edges *e;
	struct cbp_idmap ids;
	struct { int first, last; } *span;
	size_t nr_span;
	size_t alloc_span;
	size_t cursor;
	int fu_for;
	struct cbp_followups fu;
	int fu_err;
	int rev_for;
	int rev;
	struct cbp_commit rev_by;
};

/* Where in the series, relative to a patch. */
enum series_where {
	SERIES_BEFORE = 1,
	SERIES_AFTER = 2,
	SERIES_ANYWHERE = 3,
};

int check_series_add(struct checker *chk, struct cbp_patch *p);
void check_series_release(struct checker *chk);
int check_series_index(const struct checker *chk, const struct cbp_patch *p);
int check_series_has(const struct checker *chk, int at,
		     const struct cbp_change *ch, int where);
int check_series_has_names(const struct checker *chk, int at,
			   const struct check_names *n, int where);
const char *check_series_name(const struct checker *chk, int i, char *buf,
			      size_t size);

/* check-followups.c: entries of the table of checks (check-table.c) */
int check_followup_missing(struct check_run *run, size_t i);
int check_reverted_upstream(struct check_run *run, size_t i);
int check_reverted_in_stable(struct check_run *run, struct cbp_commit *by);
int check_reapplies_branch_revert(struct check_run *run, size_t i);
int check_prereq_missing(struct check_run *run, size_t i);
int check_series_order(struct check_run *run, size_t i);

#endif /* CHECKBACKPORT_CHECK_SERIES_H */
