// SPDX-License-Identifier: GPL-2.0
/*
 * What the index tracks: the mainline branch, the globs of stable and
 * other branches whose containment it records, and the glob of release
 * tags.  The index remembers them in its meta table (track.KEY, with the
 * git config value last seen as config.KEY); the builder decides them
 * (build-track.c) and writes them here, everything else reads them from
 * here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

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
 * @gaps: if not NULL, set to meta 'gaps' (cbp_index_gaps()), 0 if unset
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_read_tracking(sqlite3 *db, char *track[CBP_TRACK_NR],
			    char *seen[CBP_TRACK_NR], int *gaps)
{
	sqlite3_stmt *st;
	int k, rc = SQLITE_DONE;

	for (k = 0; k < CBP_TRACK_NR; k++) {
		track[k] = NULL;
		seen[k] = NULL;
	}
	if (gaps)
		*gaps = 0;
	/* Plain, to be cheap to prepare: meta has a handful of rows. */
	if (cbp_db_prepare(db, "SELECT key, value FROM meta", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *key = (const char *)sqlite3_column_text(st, 0);
		const char *val = (const char *)sqlite3_column_text(st, 1);
		int is_track = key && !strncmp(key, "track.", 6);

		/* Every query reads this row too: no statement of its own. */
		if (gaps && key && !strcmp(key, "gaps")) {
			*gaps = sqlite3_column_int(st, 1);
			continue;
		}
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

/**
 * cbp_store_tracked() - what the index of a build says it tracks
 * @idx: the index, its connection open if it is valid
 * @state: what cbp_store_check_index() said of it
 * @track: filled with new strings (NULL where the index says nothing)
 * @seen: filled with the git config values it last saw (NULL: unset)
 *
 * An index to be rebuilt (CBP_STORE_STALE) is read too, if it can be
 * opened at all.
 *
 * Return: 0 if an index was read; 1 if there was none to read, or -1 if
 * reading it failed (SQLite's message recorded); @track and @seen are
 * then all NULL.
 */
int cbp_store_tracked(struct cbp_index *idx, int state,
		      char *track[CBP_TRACK_NR], char *seen[CBP_TRACK_NR])
{
	sqlite3 *old = idx->db;
	int k, rc = 1;

	for (k = 0; k < CBP_TRACK_NR; k++) {
		track[k] = NULL;
		seen[k] = NULL;
	}
	if (!old && state == CBP_STORE_STALE &&
	    sqlite3_open_v2(idx->path, &old, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK) {
		sqlite3_close(old);
		old = NULL;
	}
	if (old)
		rc = cbp_store_read_tracking(old, track, seen, NULL);
	if (old != idx->db)
		sqlite3_close(old);
	return rc;
}

/**
 * cbp_store_write_tracking() - remember in the index what it tracks
 * @w: the build's writer
 * @eff: what it tracks, and the git config seen
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_write_tracking(struct cbp_writer *w,
			     const struct cbp_settings *eff)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_META,
					   CBP_META_PUT);
	int k, err = 0;

	if (!st)
		return -1;
	for (k = 0; k < CBP_TRACK_NR && !err; k++) {
		const struct cbp_track_info *ti = &track_info[k];
		char key[64];

		snprintf(key, sizeof(key), "track.%s", ti->meta);
		sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 2, eff->track[k], -1, SQLITE_STATIC);
		err = cbp_db_step(w->db, st);
		snprintf(key, sizeof(key), "config.%s", ti->meta);
		sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
		if (eff->config[k])
			sqlite3_bind_text(st, 2, eff->config[k], -1,
					  SQLITE_STATIC);
		else
			sqlite3_bind_null(st, 2);
		err = err || cbp_db_step(w->db, st);
	}
	return err ? -1 : 0;
}
