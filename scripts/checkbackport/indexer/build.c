// SPDX-License-Identifier: GPL-2.0
/*
 * Building and updating the commit index: the runs as a whole.
 *
 * cbp_index_open() decides, under the index's lock, between using the
 * file as it is, updating it in place (one transaction, reading only the
 * commits no row has yet) and building it afresh (build_cold()).  A run
 * collects the refs, reads the new commits, then brings first releases,
 * branch containment, cited-ID resolution and the verdicts on new links
 * up to date, in that order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build.h"
#include "build-priv.h"
#include "base/refs-stamp.h"
#include "base/util.h"

/* ---------------------------------------------------------------------- */
/* Whole runs. */

static void build_free(struct build *b)
{
	size_t i;

	build_sort_wait(b);
	cbp_store_build_end(b->w);
	for (i = 0; i < b->nr_tags; i++)
		free(b->tags[i].name);
	for (i = 0; i < b->nr_ignored; i++)
		free(b->ignored[i].name);
	free(b->ignored);
	free(b->outside_example);
	free(b->other_example);
	free(b->unpeeled);
	free(b->unpeeled_notes);
	for (i = 0; i < b->nr_br; i++)
		free(b->br[i].name);
	free(b->tags);
	free(b->br);
	free(b->tag_key);
	free(b->node);
	free(b->oid);
	free(b->edge);
	free(b->hash);
	free(b->stack);
	free(b->by_oid);
	free(b->arrived);
	free(b->row_flags);
	cbp_git_refs_free(b->refs, b->nr_refs);
	free(b->ref_id);
	cbp_git_odb_close(b->odb);
	cbp_git_commit_release(&b->obj);
}

/**
 * build_run() - one build, cold or incremental, inside a transaction
 * @idx: the index, open for writing
 * @repo: the repository
 * @set: what to index
 * @cold: the index is empty and private (see build_cold())
 * @stats: filled in
 *
 * Reads the new commits and brings everything derived from them up to
 * date: releases, branch containment, cited IDs.
 *
 * Return: 0, or -1 with the error recorded.
 */
static int build_run(struct cbp_index *idx, struct cbp_repo *repo,
		     const struct cbp_settings *set, int cold,
		     struct cbp_update_stats *stats)
{
	struct build b = {
		.idx = idx, .repo = repo, .cold = cold,
		.gaps = cbp_git_gaps(repo),
	};
	long long max_id = 0, first_link = 0, total = 0;
	/*
	 * The refs as read: taken before, the clock let past their times,
	 * and kept if still so after (base/refs-stamp.c).
	 */
	struct timespec newest;
	unsigned long long stamp = cbp_refs_stamp(cbp_git_commondir(repo), &newest);
	int err = -1;

	if (cbp_git_odb_open(repo, &b.odb))
		return -1;
	if (cbp_store_build_begin(idx, &b.w) ||
	    (!cold && cbp_store_high_water(b.w, &max_id, &first_link, &total)))
		goto out;
	if (max_id < 0)
		max_id = 0;
	if (first_link < 0)
		first_link = 0;
	if (total < 0)
		total = 0;
	b.next_id = (unsigned int)max_id + 1;
	b.max_old = (unsigned int)max_id;
	build_hash_grow(&b);

	if (stamp && cbp_refs_settle(&newest))
		stamp = 0;
	if (build_collect_refs(&b, set))
		goto out;
	if (cbp_refs_stamp(cbp_git_commondir(repo), NULL) != stamp)
		stamp = 0;
	if (build_walk_new_commits(&b) || build_gc_check(&b))
		goto out;
	/* The second core sorts while the first creates the indexes. */
	if (cold)
		build_sort_start(&b);
	if (cold && cbp_store_add_indexes(idx))
		goto out;
	if (cbp_prepare_queries(idx))
		goto out;
	if (build_update_releases(&b) || build_update_branches(&b) || build_write_reach(&b))
		goto out;
	if (build_update_order(&b))
		goto out;
	if (build_resolve_links(&b, first_link) ||
	    (cold && cbp_store_add_link_index(idx)))
		goto out;
	if (!cold && b.read && build_reresolve_absent(&b))
		goto out;
	/* Before judging: the links that named a removed commit change. */
	if (build_gc(&b) || build_unlink_copies(&b, &first_link) ||
	    build_link_change_ids(&b) ||
	    build_link_merged(&b, first_link, max_id) ||
	    build_judge_links(&b, first_link, max_id) ||
	    build_link_copies(&b) || build_link_reapplies(&b) ||
	    build_store_refs(&b) || build_track_store(&b, set))
		goto out;

	total += b.read - b.gone;
	if (cbp_store_set_present(b.w, total) ||
	    cbp_store_add_gaps(b.w, b.gaps) ||
	    cbp_store_set_refs_stamp(b.w, stamp))
		goto out;
	stats->read = b.read;
	stats->links = b.links;
	stats->total = total;
	stats->tags = (long long)b.nr_tags;
	stats->malformed = b.malformed;
	stats->adapted = b.verdicts[CBP_TRUST_ADAPTED];
	stats->suspicious = b.verdicts[CBP_TRUST_SUSPICIOUS];
	stats->merged = b.merged;
	stats->merged_unread = b.merged_skipped[0];
	stats->merged_too_many = b.merged_skipped[1];
	stats->ignored = b.ignored;
	stats->nr_ignored = b.nr_ignored;
	b.ignored = NULL;
	b.nr_ignored = 0;
	stats->outside = b.outside;
	stats->outside_example = b.outside_example;
	b.outside_example = NULL;
	stats->other = b.other;
	stats->other_example = b.other_example;
	b.other_example = NULL;
	stats->unpeeled = b.unpeeled_notes;
	b.unpeeled_notes = NULL;
	err = 0;
out:
	build_free(&b);
	return err;
}

/**
 * build_cold() - build the index afresh
 * @idx: the index, its connection closed; cbp_index_path() is where it goes
 * @repo: the repository
 * @set: what to index
 * @stats: filled in
 *
 * Return: 0 with the new index in place (and closed), or -1 with the
 * error recorded and the old file, if any, untouched.
 */
static int build_cold(struct cbp_index *idx, struct cbp_repo *repo,
		      const struct cbp_settings *set,
		      struct cbp_update_stats *stats)
{
	char *tmp;
	int err;

	stats->rebuilt = 1;
	if (cbp_store_create(idx, &tmp))
		return -1;
	err = build_run(idx, repo, set, 1, stats);
	if (err)
		cbp_store_abandon(idx, tmp);
	else
		err = cbp_store_publish(idx, tmp);
	free(tmp);
	return err;
}

static int build_incremental(struct cbp_index *idx, struct cbp_repo *repo,
			     const struct cbp_settings *set,
			     struct cbp_update_stats *stats, int *damaged)
{
	int err;

	err = cbp_store_update_begin(idx);
	if (err)
		return err;
	err = build_run(idx, repo, set, 0, stats) ||
	      cbp_store_update_commit(idx);
	if (err)
		*damaged = cbp_store_update_abort(idx);
	return err;
}

/*
 * Would a build whose index said nothing of what it tracked take one
 * of @set's keys from the built-in default (neither given as an option
 * nor set in git config)?
 */
static int takes_a_default(const struct cbp_settings *set)
{
	int k;

	for (k = 0; k < CBP_TRACK_NR; k++)
		if (!(set->given & (1U << k)) && !set->config[k])
			return 1;
	return 0;
}

/*
 * What the run will track (build-track.c): read from the index when it
 * is ours, even if it is to be rebuilt.  A damaged index whose settings
 * cannot be read is not rebuilt on the defaults unless asked to
 * (@rebuild, index --rebuild): built with other options, it would then
 * answer for other branches and releases, and a query would not say so.
 * Returns 0, or -1 with the error recorded.
 */
static int decide_tracking(struct cbp_index *idx, int state, int rebuild,
			   const struct cbp_settings *set,
			   struct cbp_settings *eff, char *keep[CBP_TRACK_NR])
{
	char *seen[CBP_TRACK_NR];
	int have_old = !cbp_store_tracked(idx, state, keep, seen);
	int err;

	if (!have_old && state == CBP_STORE_STALE && !rebuild &&
	    takes_a_default(set)) {
		cbp_track_free(seen);
		return cbp_error("%s is damaged, and what it tracked cannot be read from it: %s",
				 cbp_index_path(idx),
				 "run 'checkbackport index --rebuild' with the --mainline, --stable, --branches, --tags and --release-pattern it was built with (or set them in git config checkbackport.*)");
	}
	err = build_track_decide(set, have_old, keep, seen, eff);
	cbp_track_free(seen);
	return err;
}

/*
 * An index we may read but not write (a shared file, mode 0444, in a
 * directory of someone else's) still serves every query: it is copied
 * into memory and brought up to date there for this run, so the answers
 * are those of an index of the repository as it is now.
 */
static int update_in_memory(struct cbp_index *idx, struct cbp_repo *repo,
			    const struct cbp_settings *set,
			    struct cbp_update_stats *stats)
{
	int damaged = 0;

	if (cbp_store_to_memory(idx) ||
	    build_incremental(idx, repo, set, stats, &damaged))
		return -1;
	if (stats->read)
		cbp_note("%s is read-only: %s (%lld new commits)",
			 cbp_index_path(idx),
			 "brought up to date in memory for this run", stats->read);
	return 0;
}

/*
 * Whether the repository now has what it lacked when the index was built
 * (cbp_index_gaps()): an update would read only new commits, so the index
 * is built afresh, and that is said.
 */
static int gaps_filled(struct cbp_index *idx, struct cbp_repo *repo)
{
	int filled = cbp_index_gaps(idx) & ~cbp_git_gaps(repo) &
		     (CBP_GAP_SHALLOW | CBP_GAP_PARTIAL);

	if (filled)
		cbp_note("the index was built from a %s clone, %s; rebuilding %s",
			 cbp_gap_kind(filled),
			 "and the repository is not one any more",
			 cbp_index_path(idx));
	return filled;
}

/**
 * cbp_update_stats_release() - free what cbp_index_open() put in stats
 * @stats: the stats
 */
void cbp_update_stats_release(struct cbp_update_stats *stats)
{
	size_t i;

	for (i = 0; i < stats->nr_ignored; i++)
		free(stats->ignored[i].name);
	free(stats->ignored);
	stats->ignored = NULL;
	stats->nr_ignored = 0;
	free(stats->outside_example);
	stats->outside_example = NULL;
	stats->outside = 0;
	free(stats->other_example);
	stats->other_example = NULL;
	stats->other = 0;
	free(stats->unpeeled);
	stats->unpeeled = NULL;
}

/**
 * cbp_index_open() - open the index of a repository, building it if needed
 * @out: the opened index
 * @repo: the repository (borrowed; must outlive the index)
 * @set: what to index; @set->index_path may be NULL
 * @flags: CBP_OPEN_UPDATE and/or CBP_OPEN_REBUILD
 * @stats: filled in when the index is built or updated; may be NULL
 *
 * An index that is missing is built.  One of another schema version, or
 * damaged, is rebuilt with a message on stderr, never used.  A file that
 * is not ours is an error, and is left as it is.  Builds and updates take
 * an exclusive lock (<index>.lock) so that concurrent runs wait for each
 * other, and remove the temporary files of killed runs; a fresh build is
 * written to a temporary file and renamed into place, so readers never
 * see a half-built index.  What the index tracks changes only as
 * build_track_decide() says.
 *
 * Return: 0 on success, -1 on error (message recorded).
 */
int cbp_index_open(struct cbp_index **out, struct cbp_repo *repo,
		   const struct cbp_settings *set, unsigned int flags,
		   struct cbp_update_stats *stats)
{
	struct cbp_update_stats dummy;
	struct cbp_settings eff;
	char *keep[CBP_TRACK_NR] = { NULL };
	struct cbp_index *idx;
	const char *path;
	char *def = NULL;
	double start = cbp_now();
	int lockfd = -1, state, err = -1;

	if (!stats)
		stats = &dummy;
	memset(stats, 0, sizeof(*stats));
	*out = NULL;
	if (!set->index_path)
		def = cbp_index_default_path(cbp_git_commondir(repo));
	idx = cbp_store_index_new(set->index_path ? set->index_path : def);
	free(def);
	path = cbp_index_path(idx);

	state = cbp_store_check_index(idx);
	if (state == CBP_STORE_FOREIGN)
		goto fail;
	/* A query updates the index when the refs moved since, and only then. */
	if (state == 0 && (flags & CBP_OPEN_IF_MOVED) &&
	    cbp_index_refs_moved(idx, cbp_git_commondir(repo)))
		flags |= CBP_OPEN_UPDATE;
	if (state == 0 && !(flags & (CBP_OPEN_UPDATE | CBP_OPEN_REBUILD)))
		goto opened;
	if (state == 0 && !(flags & CBP_OPEN_REBUILD) &&
	    cbp_store_read_only(idx)) {
		if (decide_tracking(idx, state, flags & CBP_OPEN_REBUILD, set, &eff, keep) ||
		    update_in_memory(idx, repo, &eff, stats))
			goto fail;
		goto opened;
	}

	cbp_store_close_db(idx);
	lockfd = cbp_index_lock(path);
	if (lockfd < 0)
		goto fail;
	cbp_store_remove_stale(path);
	/* Someone else may have built or fixed it while we waited. */
	state = cbp_store_check_index(idx);
	if (state == CBP_STORE_FOREIGN)
		goto fail;
	if (decide_tracking(idx, state, flags & CBP_OPEN_REBUILD, set, &eff, keep))
		goto fail;
	if (state == 1) {
		cbp_note("no index at %s; building it", path);
	} else if (state == CBP_STORE_STALE) {
		cbp_note("%s; rebuilding %s", cbp_errmsg(), path);
	} else if (flags & CBP_OPEN_REBUILD) {
		state = CBP_STORE_STALE;
	} else if (flags & CBP_OPEN_UPDATE && gaps_filled(idx, repo)) {
		state = CBP_STORE_STALE;
	} else if (flags & CBP_OPEN_UPDATE) {
		int damaged = 0;

		if (build_incremental(idx, repo, &eff, stats, &damaged)) {
			if (!damaged)
				goto fail;
			cbp_note("%s; rebuilding %s", cbp_errmsg(), path);
			state = CBP_STORE_STALE;
		}
	}
	if (state) {
		cbp_store_close_db(idx);
		if (build_cold(idx, repo, &eff, stats))
			goto fail;
		if (cbp_store_check_index(idx))
			goto fail;
	}
	close(lockfd);
	lockfd = -1;

opened:
	if (cbp_prepare_queries(idx) || cbp_store_load_branches(idx))
		goto fail;
	stats->seconds = cbp_now() - start;
	if (stats == &dummy)
		cbp_update_stats_release(stats);
	cbp_track_free(keep);
	*out = idx;
	return 0;
fail:
	cbp_update_stats_release(stats);
	if (lockfd >= 0)
		close(lockfd);
	cbp_track_free(keep);
	cbp_index_close(idx);
	return err;
}
