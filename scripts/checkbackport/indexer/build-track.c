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

#include <sqlite3.h>

#include "build-priv.h"
#include "store/store-priv.h"
#include "base/util.h"

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/**
 * build_track_decide() - what a build will track
 * @set: the options given to index (@set->given) and the git config
 * @old: a connection to the index being updated or rebuilt, or NULL
 * @eff: filled in: @set with each of @eff->track decided
 * @keep: holds the strings read from @old that @eff points to; free them
 *	  with cbp_track_free() once @eff is no longer used
 *
 * For each key: the option given, else (for a new index, or when the git
 * config changed since the index last saw it) the git config or the
 * default, else what the index tracked.  A change is said on stderr.
 */
void build_track_decide(const struct cbp_settings *set, sqlite3 *old,
			struct cbp_settings *eff, char *keep[CBP_TRACK_NR])
{
	char *seen[CBP_TRACK_NR];
	int have_old = 0, k;

	*eff = *set;
	for (k = 0; k < CBP_TRACK_NR; k++) {
		keep[k] = NULL;
		seen[k] = NULL;
	}
	if (old && !cbp_store_read_tracking(old, keep, seen))
		have_old = 1;
	for (k = 0; k < CBP_TRACK_NR; k++) {
		const struct cbp_track_info *ti = cbp_track_info(k);
		const char *want = set->config[k] ? set->config[k] : ti->def;
		const char *why = NULL;
		char because[160];

		if (set->given & (1U << k)) {
			eff->track[k] = set->track[k];
			why = ti->option;
		} else if (!have_old || !keep[k]) {
			eff->track[k] = want;
		} else if (!same(set->config[k], seen[k])) {
			eff->track[k] = want;
			snprintf(because, sizeof(because), set->config[k] ?
				 "git config %s" :
				 "the default, git config %s being unset",
				 ti->config);
			why = because;
		} else {
			eff->track[k] = keep[k];
		}
		if (have_old && keep[k] && strcmp(keep[k], eff->track[k]))
			cbp_note("now tracking %s '%s' (was '%s'): from %s",
				 ti->what, eff->track[k], keep[k], why);
	}
	cbp_track_free(seen);
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
	sqlite3_stmt *st;
	int k, err = 0;

	if (cbp_db_prepare(b->db, "INSERT OR REPLACE INTO meta VALUES (?, ?)",
			   &st))
		return -1;
	for (k = 0; k < CBP_TRACK_NR && !err; k++) {
		const struct cbp_track_info *ti = cbp_track_info(k);
		char key[64];

		snprintf(key, sizeof(key), "track.%s", ti->meta);
		sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 2, eff->track[k], -1, SQLITE_STATIC);
		err = cbp_db_step(b->db, st);
		snprintf(key, sizeof(key), "config.%s", ti->meta);
		sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
		if (eff->config[k])
			sqlite3_bind_text(st, 2, eff->config[k], -1,
					  SQLITE_STATIC);
		else
			sqlite3_bind_null(st, 2);
		err = err || cbp_db_step(b->db, st);
	}
	sqlite3_finalize(st);
	return err ? -1 : 0;
}
