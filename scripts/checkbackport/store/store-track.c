// SPDX-License-Identifier: GPL-2.0
/*
 * What the index tracks: the mainline branch, the globs of stable and
 * other branches whose containment it records, and the glob of release
 * tags.  The index remembers them in its meta table (track.KEY, with the
 * git config value last seen as config.KEY); the builder decides them
 * (build-track.c), everything else reads them from here.
 */
#include <stdlib.h>
#include <string.h>

#include "base/release.h"
#include "store.h"
#include "store-priv.h"
#include "base/util.h"

static const struct cbp_track_info track_info[CBP_TRACK_NR] = {
	[CBP_TRACK_MAINLINE] = { "--mainline", "checkbackport.mainline",
				 "mainline", "master", "the mainline branch" },
	[CBP_TRACK_STABLE] = { "--stable", "checkbackport.stable", "stable",
			       "linux-*.y", "stable branches" },
	[CBP_TRACK_BRANCHES] = { "--branches", "checkbackport.branches",
				 "branches", "", "other branches" },
	[CBP_TRACK_TAGS] = { "--tags", "checkbackport.tags", "tags", "v*",
			     "release tags" },
	[CBP_TRACK_RELEASE] = { "--release-pattern",
				"checkbackport.releasePattern", "release",
				CBP_RELEASE_PATTERN_DEFAULT, "release pattern" },
};

/**
 * cbp_track_info() - the option, git config key and default of a key
 * @key: enum cbp_track
 *
 * Return: its description.
 */
const struct cbp_track_info *cbp_track_info(enum cbp_track key)
{
	return &track_info[key];
}

/**
 * cbp_store_read_tracking() - what an index file says it tracks
 * @db: a connection to it
 * @track: filled with new strings (NULL where the index says nothing)
 * @seen: filled with the git config values it last saw (NULL: unset)
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_read_tracking(sqlite3 *db, char *track[CBP_TRACK_NR],
			    char *seen[CBP_TRACK_NR])
{
	sqlite3_stmt *st;
	int k, rc = SQLITE_DONE;

	for (k = 0; k < CBP_TRACK_NR; k++) {
		track[k] = NULL;
		seen[k] = NULL;
	}
	/* Plain, to be cheap to prepare: meta has a handful of rows. */
	if (cbp_db_prepare(db, "SELECT key, value FROM meta", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *key = (const char *)sqlite3_column_text(st, 0);
		const char *val = (const char *)sqlite3_column_text(st, 1);
		int is_track = key && !strncmp(key, "track.", 6);

		if (!key || (!is_track && strncmp(key, "config.", 7)))
			continue;
		for (k = 0; val && k < CBP_TRACK_NR; k++) {
			char **to = is_track ? &track[k] : &seen[k];

			if (strcmp(key + (is_track ? 6 : 7), track_info[k].meta))
				continue;
			free(*to);
			*to = cbp_strdup(val);
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		cbp_track_free(track);
		cbp_track_free(seen);
		return cbp_error_sqlite(db, "index");
	}
	return 0;
}

/**
 * cbp_track_free() - free what cbp_store_read_tracking() read
 * @track: the strings; set to NULL
 */
void cbp_track_free(char *track[CBP_TRACK_NR])
{
	int k;

	for (k = 0; k < CBP_TRACK_NR; k++) {
		free(track[k]);
		track[k] = NULL;
	}
}

/**
 * cbp_index_tracking() - what an open index tracks
 * @idx: the index
 * @key: enum cbp_track
 *
 * Return: the value it was built with.
 */
const char *cbp_index_tracking(const struct cbp_index *idx,
			       enum cbp_track key)
{
	return idx->track[key] ? idx->track[key] : track_info[key].def;
}
