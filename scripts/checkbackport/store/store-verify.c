// SPDX-License-Identifier: GPL-2.0
/*
 * Checking an index file for damage: SQLite's own integrity check (the
 * b-trees, and every SQL index against its table), then what the index
 * promises beyond that, which a damaged record can break without SQLite
 * noticing: present commits have full IDs, a row of first release and
 * branches, a subject that is sanitized text and hashes to its shash;
 * citations lead from a present commit to a row; releases, tags and
 * branches refer to rows that exist and keys that match their names.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/release.h"
#include "store.h"
#include "store-priv.h"
#include "base/trailer.h"
#include "base/util.h"

/* At most this many problems are listed; the rest are counted. */
#define MAX_LISTED	50

struct verify {
	sqlite3 *db;
	struct cbp_verify_report *rep;
};

static void problem(struct verify *v, const char *fmt, ...) __printf(2, 3);

static void problem(struct verify *v, const char *fmt, ...)
{
	struct cbp_verify_report *r = v->rep;
	va_list ap;

	if (r->nr < MAX_LISTED) {
		r->msg = cbp_grow(r->msg, sizeof(*r->msg), r->nr + 1,
				  &r->alloc);
		va_start(ap, fmt);
		r->msg[r->nr++] = cbp_vstrf(fmt, ap);
		va_end(ap);
	}
	r->problems++;
}

/* Each row @sql returns (one text column) is a problem. */
static int each_row(struct verify *v, const char *sql, const char *what)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(v->db, sql, -1, &st, NULL) != SQLITE_OK) {
		problem(v, "%s: %s", what, sqlite3_errmsg(v->db));
		return 0;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(st, 0);

		problem(v, "%s: %s", what, t ? t : "(null)");
	}
	if (rc != SQLITE_DONE)
		problem(v, "%s: %s", what, sqlite3_errmsg(v->db));
	sqlite3_finalize(st);
	return 0;
}

static int is_hex(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* Is @s text cbp_sanitize() could have written: valid UTF-8, no controls? */
static int is_clean(const char *s, size_t len)
{
	size_t i;

	if (!cbp_utf8_valid(s, len))
		return 0;
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return 0;
	return 1;
}

/* The per-row promises of the commits table. */
static void check_commits(struct verify *v)
{
	sqlite3_stmt *st;
	long long present = 0, meta;
	int rc;

	if (sqlite3_prepare_v2(v->db,
			       "SELECT id, hex, state, subject, shash, parents, hkey\n"
			       " FROM commits", -1, &st, NULL) != SQLITE_OK) {
		problem(v, "commits: %s", sqlite3_errmsg(v->db));
		return;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		const char *hex = (const char *)sqlite3_column_text(st, 1);
		size_t hlen = sqlite3_column_bytes(st, 1);
		int state = sqlite3_column_int(st, 2);
		const char *subj = (const char *)sqlite3_column_text(st, 3);
		size_t slen = sqlite3_column_bytes(st, 3);
		int plen = sqlite3_column_bytes(st, 5);

		if (!hex || !is_hex(hex, hlen) || hlen > CBP_HEX_MAX ||
		    hlen < CBP_HEX_MIN ||
		    (state == CBP_PRESENT && hlen != CBP_OID_HEXSZ)) {
			problem(v, "commit row %lld: not a commit ID: %.40s", id,
				hex ? hex : "(null)");
			continue;
		}
		/* A wrong key hides the row from every lookup by its ID. */
		if (sqlite3_column_type(st, 6) != SQLITE_INTEGER ||
		    sqlite3_column_int64(st, 6) != cbp_hex_key(hex, hlen))
			problem(v, "commit %.12s: the ID does not match its key", hex);
		if (state != CBP_PRESENT && state != CBP_MISSING &&
		    state != CBP_AMBIGUOUS) {
			problem(v, "commit %.12s: unknown state %d", hex, state);
			continue;
		}
		if (state != CBP_PRESENT)
			continue;
		present++;
		if (!subj || strlen(subj) != slen || !is_clean(subj, slen))
			problem(v, "commit %.12s: the subject is not clean text", hex);
		else if (sqlite3_column_int64(st, 4) != cbp_subject_hash(subj))
			problem(v, "commit %.12s: the subject does not match its hash", hex);
		if (plen % 4)
			problem(v, "commit %.12s: a parent list of %d bytes", hex,
				plen);
	}
	if (rc != SQLITE_DONE)
		problem(v, "commits: %s", sqlite3_errmsg(v->db));
	sqlite3_finalize(st);
	if (cbp_db_int(v->db, "SELECT value FROM meta WHERE key = 'present'",
		       &meta))
		problem(v, "meta: %s", sqlite3_errmsg(v->db));
	else if (meta != present)
		problem(v, "meta: %lld present commits recorded, %lld found",
			meta, present);
	v->rep->commits = present;
}

/* The release pattern the index was built with (meta track.release). */
static int read_pattern(struct verify *v, struct cbp_release_pattern *rp)
{
	sqlite3_stmt *st;
	char *ere = NULL;
	int rc, err;

	if (sqlite3_prepare_v2(v->db,
			       "SELECT value FROM meta WHERE key = 'track.release'",
			       -1, &st, NULL) != SQLITE_OK) {
		problem(v, "meta: %s", sqlite3_errmsg(v->db));
		return -1;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
		ere = cbp_strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	err = cbp_release_pattern_init(rp, ere);
	if (err)
		problem(v, "meta: %s", cbp_errmsg());
	free(ere);
	return err;
}

/* Tags: keys that match the names by the release pattern. */
static void check_tags(struct verify *v)
{
	struct cbp_release_pattern rp;
	sqlite3_stmt *st;
	int rc;

	if (read_pattern(v, &rp))
		return;
	if (sqlite3_prepare_v2(v->db, "SELECT name, vkey FROM tags", -1, &st,
			       NULL) != SQLITE_OK) {
		problem(v, "tags: %s", sqlite3_errmsg(v->db));
		cbp_release_pattern_release(&rp);
		return;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		long long key = sqlite3_column_int64(st, 1);

		if (!name || key < 0 || cbp_release_pattern_key(&rp, name) != key)
			problem(v, "tag %s: its version key does not match its name",
				name ? name : "(null)");
	}
	if (rc != SQLITE_DONE)
		problem(v, "tags: %s", sqlite3_errmsg(v->db));
	sqlite3_finalize(st);
	cbp_release_pattern_release(&rp);
}

/* Citations: each of a kind the trailer scanner knows (trailer.h). */
static void check_kinds(struct verify *v)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(v->db, "SELECT DISTINCT kind FROM links", -1,
			       &st, NULL) != SQLITE_OK) {
		problem(v, "links: %s", sqlite3_errmsg(v->db));
		return;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int kind = sqlite3_column_int(st, 0);

		if (!strcmp(cbp_kind_name(kind), "unknown"))
			problem(v, "citations of an unknown kind %d", kind);
	}
	if (rc != SQLITE_DONE)
		problem(v, "links: %s", sqlite3_errmsg(v->db));
	sqlite3_finalize(st);
}

static const struct {
	const char *what;
	const char *sql;
} rules[] = {
	{ "commit IDs", "SELECT hex FROM commits GROUP BY hex HAVING count(*) > 1" },
	{ "no row of first release and branches",
	  "SELECT hex FROM commits c WHERE state = 1 AND\n"
	  " NOT EXISTS (SELECT 1 FROM reach r WHERE r.id = c.id)" },
	{ "first release and branches of no commit",
	  "SELECT id FROM reach r WHERE NOT EXISTS\n"
	  " (SELECT 1 FROM commits c WHERE c.id = r.id AND c.state = 1)" },
	{ "first release that is no tag",
	  "SELECT c.hex FROM reach r JOIN commits c ON c.id = r.id\n"
	  " WHERE r.rel != 0 AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.id = r.rel)" },
	{ "on a branch that is not tracked",
	  "SELECT c.hex FROM reach r JOIN commits c ON c.id = r.id\n"
	  " WHERE r.branches & ~(SELECT coalesce(sum(1 << bit), 0) FROM branches) != 0" },
	{ "citation by no commit",
	  "SELECT cited FROM links l WHERE NOT EXISTS\n"
	  " (SELECT 1 FROM commits c WHERE c.id = l.src AND c.state = 1)" },
	{ "citation of no row",
	  "SELECT cited FROM links l WHERE l.dst IS NULL OR NOT EXISTS\n"
	  " (SELECT 1 FROM commits c WHERE c.id = l.dst)" },
	/* The kinds are checked by check_kinds(), against enum cbp_kind. */
	{ "citation of an unknown form",
	  "SELECT cited FROM links WHERE\n"
	  " length(cited) NOT BETWEEN 7 AND 40 OR cited GLOB '*[^0-9a-f]*'" },
	/* In a shallow clone a tag's commit may be one that was not read. */
	{ "tag of a cited ID",
	  "SELECT name FROM tags t WHERE EXISTS\n"
	  " (SELECT 1 FROM commits c WHERE c.id = t.commit_id AND c.state != 1)" },
	{ "tracked branch",
	  "SELECT name FROM branches WHERE bit NOT BETWEEN 0 AND 63 OR\n"
	  " role NOT IN (0, 1, 2) OR length(tip) != 40 OR tip GLOB '*[^0-9a-f]*'\n"
	  " UNION ALL SELECT 'more than one mainline' FROM branches\n"
	  " WHERE role = 0 GROUP BY role HAVING count(*) > 1" },
	{ "ref", "SELECT name FROM refs WHERE length(tip) != 40 OR tip GLOB '*[^0-9a-f]*'" },
	{ "verdict on no citation between two commits",
	  "SELECT t.src FROM trust t WHERE NOT EXISTS\n"
	  " (SELECT 1 FROM links l WHERE l.src = t.src AND l.dst = t.dst) OR\n"
	  " NOT EXISTS (SELECT 1 FROM commits c WHERE c.id = t.dst AND c.state = 1)" },
	{ "malformed citation by no commit",
	  "SELECT cited FROM malformed m WHERE NOT EXISTS\n"
	  " (SELECT 1 FROM commits c WHERE c.id = m.src AND c.state = 1)" },
	{ "blobs hash of no commit",
	  "SELECT id FROM pids p WHERE NOT EXISTS\n"
	  " (SELECT 1 FROM commits c WHERE c.id = p.id AND c.state = 1)" },
	{ "comparison of no commit",
	  "SELECT own FROM compared p WHERE p.same NOT IN (0, 1) OR\n"
	  " NOT EXISTS (SELECT 1 FROM commits c WHERE c.id = p.own AND c.state = 1) OR\n"
	  " NOT EXISTS (SELECT 1 FROM commits c WHERE c.id = p.ml AND c.state = 1)" },
	{ "mainline position of no commit",
	  "SELECT id FROM morder o WHERE NOT EXISTS\n"
	  " (SELECT 1 FROM commits c WHERE c.id = o.id AND c.state = 1)" },
	{ "what it tracks is not recorded",
	  "SELECT k FROM (SELECT 'track.mainline' AS k UNION SELECT 'track.stable'\n"
	  " UNION SELECT 'track.branches' UNION SELECT 'track.tags'\n"
	  " UNION SELECT 'track.release')\n"
	  " WHERE k NOT IN (SELECT key FROM meta)" },
};

/**
 * cbp_store_verify() - check an index file for damage
 * @path: the index file
 * @rep: filled in; release with cbp_verify_report_release()
 *
 * Runs SQLite's integrity check, then checks every promise of the index
 * (see the comment at the top of store-verify.c).  The file is only
 * read.
 *
 * Return: 0 if it was checked (@rep->problems says whether it is
 * sound); -1 if there is no index of ours to check (error recorded).
 */
int cbp_store_verify(const char *path, struct cbp_verify_report *rep)
{
	struct verify v = { .rep = rep };
	size_t i;
	int rc;

	memset(rep, 0, sizeof(*rep));
	rc = cbp_store_check(path, &v.db);
	if (rc == 1)
		return cbp_error("there is no index at %s", path);
	if (rc == CBP_STORE_FOREIGN)
		return -1;
	if (rc) {
		problem(&v, "%s", cbp_errmsg());
		return 0;
	}
	each_row(&v, "SELECT * FROM pragma_integrity_check WHERE integrity_check != 'ok'",
		 "SQLite integrity check");
	if (!rep->problems) {
		check_commits(&v);
		check_tags(&v);
		check_kinds(&v);
		for (i = 0; i < ARRAY_SIZE(rules); i++)
			each_row(&v, rules[i].sql, rules[i].what);
		if (cbp_db_int(v.db, "SELECT count(*) FROM links WHERE kind NOT IN "
			       CBP_FOUND_KINDS, &rep->links) ||
		    cbp_db_int(v.db, "SELECT count(*) FROM links WHERE kind IN "
			       CBP_FOUND_KINDS, &rep->found))
			problem(&v, "links: %s", sqlite3_errmsg(v.db));
	}
	sqlite3_close(v.db);
	return 0;
}

/**
 * cbp_verify_report_release() - free what cbp_store_verify() filled in
 * @rep: the report
 */
void cbp_verify_report_release(struct cbp_verify_report *rep)
{
	size_t i;

	for (i = 0; i < rep->nr; i++)
		free(rep->msg[i]);
	free(rep->msg);
	memset(rep, 0, sizeof(*rep));
}
