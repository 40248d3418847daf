// SPDX-License-Identifier: GPL-2.0
/*
 * What a build tracks.  The index remembers the mainline branch, the
 * globs of stable and other branches and the glob of release tags it was
 * built with, and the checkbackport.* git config it saw then.  Only two
 * things change them, whichever came last: an option given to
 * `checkbackport index`, and a change of the git config since the index
 * last saw it.  A query never does (they have no such options, and
 * check's --stable names its target, not what is tracked), and a plain
 * `index` keeps what the index tracks.  Each change is said on stderr.
 */
#include <stdio.h>
#include <string.h>

#include "build-priv.h"
#include "base/release.h"
#include "base/util.h"

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/**
 * build_track_decide() - what a build will track
 * @set: the options given to index (@set->given) and the git config
 * @have_old: the index being updated or rebuilt said what it tracked
 *	      (cbp_store_tracked())
 * @keep: what it tracked; @eff may point to these strings: free them
 *	  with cbp_track_free() once @eff is no longer used
 * @seen: the git config it last saw
 * @eff: filled in: @set with each of @eff->track decided
 *
 * For each key: the option given, else (for a new index, or when the git
 * config changed since the index last saw it) the git config or the
 * default, else what the index tracked.  A change is said on stderr,
 * once the release pattern decided is known to be one: a run that fails
 * on it changes nothing, so it announces nothing.
 *
 * Return: 0, or -1 with the error recorded (cbp_release_pattern_init()).
 */
int build_track_decide(const struct cbp_settings *set, int have_old,
		       char *keep[CBP_TRACK_NR], char *seen[CBP_TRACK_NR],
		       struct cbp_settings *eff)
{
	char because[CBP_TRACK_NR][160];
	const char *why[CBP_TRACK_NR];
	struct cbp_release_pattern rp;
	int k;

	*eff = *set;
	for (k = 0; k < CBP_TRACK_NR; k++) {
		const struct cbp_track_info *ti = cbp_track_info(k);
		const char *want = set->config[k] ? set->config[k] : ti->def;

		why[k] = NULL;
		if (set->given & (1U << k)) {
			eff->track[k] = set->track[k];
			why[k] = ti->option;
		} else if (!have_old || !keep[k]) {
			eff->track[k] = want;
		} else if (!same(set->config[k], seen[k])) {
			eff->track[k] = want;
			snprintf(because[k], sizeof(because[k]), set->config[k] ?
				 "git config %s" :
				 "the default, git config %s being unset",
				 ti->config);
			why[k] = because[k];
		} else {
			eff->track[k] = keep[k];
		}
	}
	if (cbp_release_pattern_init(&rp, eff->track[CBP_TRACK_RELEASE]))
		return -1;
	cbp_release_pattern_release(&rp);
	for (k = 0; k < CBP_TRACK_NR; k++)
		if (have_old && keep[k] && strcmp(keep[k], eff->track[k]))
			cbp_note("now tracking %s '%s' (was '%s'): from %s",
				 cbp_track_info(k)->what, eff->track[k],
				 keep[k], why[k]);
	return 0;
}

/**
 * build_track_store() - remember in the index what it tracks
 * @b: the build
 * @eff: what build_track_decide() decided
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_track_store(struct build *b, const struct cbp_settings *eff)
{
	return cbp_store_write_tracking(b->w, eff);
}
