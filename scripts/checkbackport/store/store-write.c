// SPDX-License-Identifier: GPL-2.0
/*
 * The builder's writer: one build's statements on the index, and the
 * rows it records as it reads the repository: commits and their
 * citations, the commit graph (parents, first release, branch bits),
 * release tags, tracked branches, mainline order and the refs indexed.
 * The statements are prepared on first use and kept until the build
 * ends, so a cold build parses each once however many rows it writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store-priv.h"
#include "base/util.h"

/**
 * cbp_store_build_begin() - open a writer for one build
 * @idx: the index, open for writing (a transaction open)
 * @out: the writer
 *
 * Return: 0.
 */
int cbp_store_build_begin(struct cbp_index *idx, struct cbp_writer **out)
{
	struct cbp_writer *w = cbp_calloc(1, sizeof(*w));

	w->idx = idx;
	w->db = idx->db;
	*out = w;
	return 0;
}

/**
 * cbp_store_build_end() - release a writer and its statements
 * @w: the writer, or NULL
 *
 * The transaction is the caller's to commit or give up.
 */
void cbp_store_build_end(struct cbp_writer *w)
{
	int i;

	if (!w)
		return;
	for (i = 0; i < CBP_W_NR; i++)
		sqlite3_finalize(w->st[i]);
	free(w);
}

/**
 * cbp_store_high_water() - how far earlier builds went
 * @w: the writer
 * @max_id: the highest commits row (-1 if none)
 * @max_link: the highest links row (-1 if none)
 * @present: the present commits recorded (-1 if not recorded)
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_high_water(struct cbp_writer *w, long long *max_id,
			 long long *max_link, long long *present)
{
	return cbp_db_int(w->db, "SELECT max(id) FROM commits", max_id) ||
	       cbp_db_int(w->db, "SELECT max(rowid) FROM links", max_link) ||
	       cbp_db_int(w->db, "SELECT value FROM meta WHERE key = 'present'",
			  present) ? -1 : 0;
}

/**
 * cbp_store_max_commit() - the highest commits row
 * @w: the writer
 * @max_id: set, -1 if there is none
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_max_commit(struct cbp_writer *w, long long *max_id)
{
	return cbp_db_int(w->db, "SELECT max(id) FROM commits", max_id);
}

/* Set the meta row @key to the number @nr. */
static int put_meta_int(struct cbp_writer *w, const char *key, long long nr)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_META, CBP_META_PUT);
	char val[24];

	if (!st)
		return -1;
	snprintf(val, sizeof(val), "%lld", nr);
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, val, -1, SQLITE_STATIC);
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_set_present() - record how many present commits there are
 * @w: the writer
 * @nr: the number
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_set_present(struct cbp_writer *w, long long nr)
{
	return put_meta_int(w, "present", nr);
}

static_assert((CBP_GAP_SHALLOW | CBP_GAP_PARTIAL | CBP_GAP_DAMAGED) == 11 &&
	      CBP_GAP_REPLACE == 4, "the gaps kept, in SQL");

/**
 * cbp_store_add_gaps() - record what the repository lacks of its history
 * @w: the writer
 * @gaps: CBP_GAP_* bits (cbp_git_gaps()) of the repository now
 *
 * An update adds to what the builds before it lacked: the commits and
 * files a shallow or partial clone did not have, and those that could
 * not be read, stay unread until the index is built afresh.  Replace
 * refs are the repository's as it is now: CBP_GAP_REPLACE is set or
 * cleared.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_gaps(struct cbp_writer *w, int gaps)
{
	char *sql;
	int err;

	/* Like CBP_META_PUT, no write when the bits are there already. */
	sql = cbp_strf("INSERT INTO meta VALUES ('gaps', %d) ON CONFLICT(key) %s %s",
		       gaps, "DO UPDATE SET value = ((value + 0) & 11) | excluded.value",
		       "WHERE ((value + 0) & 11) | excluded.value != value + 0");
	err = cbp_db_exec(w->db, sql);
	free(sql);
	return err;
}

/**
 * cbp_store_set_refs_stamp() - record what the refs were when read
 * @w: the writer
 * @stamp: cbp_refs_stamp() of the repository as the build read it, 0
 *	   when it could not be told (the next query then updates)
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_set_refs_stamp(struct cbp_writer *w, unsigned long long stamp)
{
	/* Like cbp_store_add_gaps(), no write when it is there already. */
	char *sql = cbp_strf("INSERT INTO meta VALUES ('refs', '%016llx') ON CONFLICT(key) %s %s",
			     stamp, "DO UPDATE SET value = excluded.value",
			     "WHERE value != excluded.value");
	int err = cbp_db_exec(w->db, sql);

	free(sql);
	return err;
}

/**
 * cbp_store_set_unpeeled() - record the branches that lead to no commit
 * @w: the writer
 * @lines: "REF TYPE\n" for each ("refs/heads/x tree"), or ""
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_set_unpeeled(struct cbp_writer *w, const char *lines)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_META, CBP_META_PUT);

	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, "unpeeled", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, lines, -1, SQLITE_STATIC);
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_set_copies_unread() - record how many commits copies could not read
 * @w: the writer
 * @nr: how many commits build_link_copies() could not read the change of
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_set_copies_unread(struct cbp_writer *w, long long nr)
{
	return put_meta_int(w, "copies_unread", nr);
}

/**
 * cbp_store_copies_unread() - what cbp_store_set_copies_unread() recorded last
 * @w: the writer
 * @nr: set to it; -1 for an index no build recorded it in
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_copies_unread(struct cbp_writer *w, long long *nr)
{
	return cbp_db_int(w->db,
			  "SELECT value FROM meta WHERE key = 'copies_unread'",
			  nr);
}

/* ---------------------------------------------------------------------- */
/* Commits and citations. */

/**
 * cbp_store_add_commit() - record a commit read from the repository
 * @w: the writer
 * @id: its row
 * @hex: its full ID, CBP_OID_HEXSZ digits
 * @subject: its subject, @sublen bytes
 * @sublen: the length of @subject
 * @atime: its author time
 * @parents: its parents' rows (cbp_store_put_parent()); never NULL
 * @npar: how many
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_commit(struct cbp_writer *w, unsigned int id,
			 const char *hex, const char *subject, size_t sublen,
			 long long atime, const unsigned char *parents,
			 unsigned int npar)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_COMMIT,
					   "INSERT OR REPLACE INTO commits(id, hex, state, subject,\n"
					   " shash, atime, parents, ckey, hkey)\n"
					   " VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)");
	long long key;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, hex, CBP_OID_HEXSZ, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, subject, (int)sublen, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, cbp_subject_hash(subject));
	sqlite3_bind_int64(st, 5, atime);
	sqlite3_bind_blob(st, 6, parents, (int)(CBP_STORE_PARENT_SIZE * npar),
			  SQLITE_STATIC);
	if (cbp_subject_copy_key(subject, &key))
		sqlite3_bind_int64(st, 7, key);
	else
		sqlite3_bind_null(st, 7);
	sqlite3_bind_int64(st, 8, cbp_hex_key(hex, CBP_OID_HEXSZ));
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_add_link() - record a citation, to be resolved later
 * @w: the writer
 * @src: the citing commit's row
 * @kind: enum cbp_kind
 * @hex: the cited ID, @hexlen lower-case digits
 * @hexlen: how many
 * @quoted: the subject quoted with it, or NULL
 * @quoted_len: its length
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_link(struct cbp_writer *w, unsigned int src, int kind,
		       const char *hex, size_t hexlen, const char *quoted,
		       size_t quoted_len)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_LINK,
					   "INSERT INTO links(src, kind, cited, quoted) VALUES (?, ?, ?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, src);
	sqlite3_bind_int(st, 2, kind);
	sqlite3_bind_text(st, 3, hex, (int)hexlen, SQLITE_STATIC);
	if (quoted)
		sqlite3_bind_text(st, 4, quoted, (int)quoted_len,
				  SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 4);
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_add_malformed() - record a citation whose ID cannot be a commit's
 * @w: the writer
 * @src: the citing commit's row
 * @kind: enum cbp_kind
 * @line: its line in the message
 * @hex: the first digits of the ID, a string
 * @digits: how many digits the ID has
 * @quoted: the subject quoted with it, or NULL
 * @quoted_len: its length
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_malformed(struct cbp_writer *w, unsigned int src, int kind,
			    unsigned int line, const char *hex, size_t digits,
			    const char *quoted, size_t quoted_len)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_MALFORMED,
					   "INSERT INTO malformed VALUES (?, ?, ?, ?, ?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, src);
	sqlite3_bind_int(st, 2, kind);
	sqlite3_bind_int(st, 3, (int)line);
	sqlite3_bind_text(st, 4, hex, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, (long long)digits);
	if (quoted)
		sqlite3_bind_text(st, 6, quoted, (int)quoted_len,
				  SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 6);
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_add_change_id() - record the Gerrit Change-Id of a commit
 * @w: the writer
 * @id: the commit's row
 * @chid: its Change-Id (cbp_change_id())
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_change_id(struct cbp_writer *w, unsigned int id,
			    const char *chid)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_CHID,
					   "INSERT OR REPLACE INTO chids(id, chid) VALUES (?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, chid, -1, SQLITE_STATIC);
	return cbp_db_step(w->db, st);
}

/* ---------------------------------------------------------------------- */
/* The commit graph. */

/**
 * cbp_store_find_commit() - the row of a full ID
 * @w: the writer
 * @hex: the full ID
 * @id: its row, if it has one
 * @present: set to 1 if the row is a commit, 0 if only cited
 * @merge: if not NULL, set to 1 if the row is a commit of more than one
 *	   parent (a merge), 0 if not
 *
 * Return: 1 if there is a row, 0 if not, -1 with SQLite's message
 * recorded.
 */
int cbp_store_find_commit(struct cbp_writer *w, const char *hex,
			  unsigned int *id, int *present, int *merge)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_FIND,
					   "SELECT id, state, length(parents) > 4\n"
					   " FROM commits WHERE hkey = ? AND hex = ?");
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, cbp_hex_key(hex, CBP_OID_HEXSZ));
	sqlite3_bind_text(st, 2, hex, CBP_OID_HEXSZ, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*id = (unsigned int)sqlite3_column_int64(st, 0);
		*present = sqlite3_column_int(st, 1) == CBP_PRESENT;
		if (merge)
			*merge = sqlite3_column_int(st, 2);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(w->db, "index");
	return rc == SQLITE_ROW;
}

/**
 * cbp_store_commit_node() - a present commit's parents, release and branches
 * @w: the writer
 * @id: its row
 * @rel: its first release (tags.id, 0 if none)
 * @branches: the bits of the branches containing it
 * @par: its parents' rows are appended to this array (cbp_grow())
 * @nr_par: entries of @par, updated
 * @alloc_par: allocated entries of @par, updated
 *
 * Return: 1 if @id is a present commit, 0 if not, -1 with SQLite's
 * message recorded.
 */
int cbp_store_commit_node(struct cbp_writer *w, unsigned int id,
			  unsigned int *rel, unsigned long long *branches,
			  unsigned int **par, size_t *nr_par,
			  size_t *alloc_par)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_NODE,
					   "SELECT c.parents, r.rel, r.branches FROM commits c\n"
					   " LEFT JOIN reach r ON r.id = c.id\n"
					   " WHERE c.id = ? AND c.state = 1");
	const unsigned char *blob;
	int rc, len, i;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(st);
		if (rc != SQLITE_DONE)
			return cbp_error_sqlite(w->db, "index");
		return 0;
	}
	blob = sqlite3_column_blob(st, 0);
	len = sqlite3_column_bytes(st, 0) / CBP_STORE_PARENT_SIZE;
	*rel = (unsigned int)sqlite3_column_int64(st, 1);
	*branches = (unsigned long long)sqlite3_column_int64(st, 2);
	*par = cbp_grow(*par, sizeof(**par), *nr_par + len, alloc_par);
	for (i = 0; i < len; i++)
		(*par)[(*nr_par)++] = cbp_parent_at(blob, i);
	sqlite3_reset(st);
	return 1;
}

/**
 * cbp_store_put_reach() - record a commit's first release and branch bits
 * @w: the writer
 * @id: its row
 * @rel: its first release (tags.id, 0 if none)
 * @branches: the bits of the branches containing it
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_put_reach(struct cbp_writer *w, unsigned int id,
			unsigned int rel, unsigned long long branches)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_REACH,
					   "INSERT OR REPLACE INTO reach(id, rel, branches) VALUES (?, ?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, rel);
	sqlite3_bind_int64(st, 3, (long long)branches);
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_each_present_commit() - every present commit with its parents
 * @w: the writer
 * @fn: called with each commit's row and its parents' rows
 * @data: passed to @fn
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_each_present_commit(struct cbp_writer *w,
				  int (*fn)(long long id,
					    const unsigned int *par,
					    unsigned int npar, void *data),
				  void *data)
{
	unsigned int *par = NULL;
	size_t alloc = 0;
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (cbp_db_prepare(w->db, "SELECT id, parents FROM commits WHERE state = 1",
			   &st))
		return -1;
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const unsigned char *blob = sqlite3_column_blob(st, 1);
		int n = sqlite3_column_bytes(st, 1) / CBP_STORE_PARENT_SIZE, i;

		par = cbp_grow(par, sizeof(*par), (size_t)n + 1, &alloc);
		for (i = 0; i < n; i++)
			par[i] = cbp_parent_at(blob, i);
		stop = fn(sqlite3_column_int64(st, 0), par, (unsigned int)n,
			  data);
	}
	free(par);
	return cbp_db_each_end(w->db, st, rc, stop);
}

/* ---------------------------------------------------------------------- */
/* Release tags and tracked branches. */

/**
 * cbp_store_each_tag() - every release tag recorded
 * @w: the writer
 * @fn: called with each
 * @data: passed to @fn
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_each_tag(struct cbp_writer *w,
		       int (*fn)(const struct cbp_store_tag *t, void *data),
		       void *data)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (cbp_db_prepare(w->db, "SELECT id, name, commit_id, vkey FROM tags",
			   &st))
		return -1;
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_store_tag t = {
			.id = sqlite3_column_int64(st, 0),
			.name = (const char *)sqlite3_column_text(st, 1),
			.commit = (unsigned int)sqlite3_column_int64(st, 2),
			.vkey = sqlite3_column_int64(st, 3),
		};

		stop = fn(&t, data);
	}
	return cbp_db_each_end(w->db, st, rc, stop);
}

/**
 * cbp_store_forget_releases() - forget every tag and every first release
 * @w: the writer
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_forget_releases(struct cbp_writer *w)
{
	return cbp_db_exec(w->db, "DELETE FROM tags; UPDATE reach SET rel = 0;");
}

/**
 * cbp_store_add_tag() - record a release tag
 * @w: the writer
 * @name: its short name
 * @commit: its commit's row
 * @vkey: its version key
 * @row: its row (tags.id)
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_tag(struct cbp_writer *w, const char *name,
		      unsigned int commit, long long vkey, long long *row)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_TAG,
					   "INSERT INTO tags(name, commit_id, vkey) VALUES (?, ?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, commit);
	sqlite3_bind_int64(st, 3, vkey);
	if (cbp_db_step(w->db, st))
		return -1;
	*row = sqlite3_last_insert_rowid(w->db);
	return 0;
}

/**
 * cbp_store_each_branch() - every tracked branch recorded
 * @w: the writer
 * @fn: called with each
 * @data: passed to @fn
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_each_branch(struct cbp_writer *w,
			  int (*fn)(const struct cbp_store_branch *br,
				    void *data),
			  void *data)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (cbp_db_prepare(w->db, "SELECT bit, name, role, tip, base FROM branches",
			   &st))
		return -1;
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_store_branch br = {
			.bit = sqlite3_column_int(st, 0),
			.name = (const char *)sqlite3_column_text(st, 1),
			.role = sqlite3_column_int(st, 2),
			.tip = (const char *)sqlite3_column_text(st, 3),
			.base = sqlite3_column_int64(st, 4),
		};

		stop = fn(&br, data);
	}
	return cbp_db_each_end(w->db, st, rc, stop);
}

/**
 * cbp_store_clear_branch_bits() - clear branch bits on every commit
 * @w: the writer
 * @bits: the bits to clear
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_clear_branch_bits(struct cbp_writer *w, unsigned long long bits)
{
	char sql[160];

	snprintf(sql, sizeof(sql), "UPDATE reach SET branches = branches & %lld",
		 (long long)~bits);
	return cbp_db_exec(w->db, sql);
}

/**
 * cbp_store_count_branches() - how many tracked branches are recorded
 * @w: the writer
 * @nr: set to their number
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_count_branches(struct cbp_writer *w, long long *nr)
{
	return cbp_db_int(w->db, "SELECT count(*) FROM branches", nr);
}

/* A branch's row, as parameters 1 to 5: bit, name, role, tip, base. */
static void bind_branch(sqlite3_stmt *st, const struct cbp_store_branch *br)
{
	sqlite3_bind_int(st, 1, br->bit);
	sqlite3_bind_text(st, 2, br->name, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, br->role);
	sqlite3_bind_text(st, 4, br->tip, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, br->base);
}

/**
 * cbp_store_has_branch() - whether a tracked branch is recorded as it is
 * @w: the writer
 * @br: the branch, every field compared
 *
 * Return: 1 if it is, 0 if not, -1 with SQLite's message recorded.
 */
int cbp_store_has_branch(struct cbp_writer *w,
			 const struct cbp_store_branch *br)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_HAS_BRANCH,
					   "SELECT 1 FROM branches WHERE bit = ? AND name = ? AND role = ? AND tip = ? AND base = ?");

	if (!st)
		return -1;
	bind_branch(st, br);
	return cbp_db_exists(w->db, st);
}

/**
 * cbp_store_clear_branches() - forget the tracked branches recorded
 * @w: the writer
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_clear_branches(struct cbp_writer *w)
{
	return cbp_db_exec(w->db, "DELETE FROM branches");
}

/**
 * cbp_store_add_branch() - record a tracked branch
 * @w: the writer
 * @br: the branch
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_branch(struct cbp_writer *w,
			 const struct cbp_store_branch *br)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_BRANCH,
					   "INSERT INTO branches(bit, name, role, tip, base) VALUES (?, ?, ?, ?, ?)");

	if (!st)
		return -1;
	bind_branch(st, br);
	return cbp_db_step(w->db, st);
}

/* ---------------------------------------------------------------------- */
/* Mainline order. */

/**
 * cbp_store_max_order() - the last position in mainline order
 * @w: the writer
 * @max: set, -1 if no commit has one
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_max_order(struct cbp_writer *w, long long *max)
{
	return cbp_db_int(w->db, "SELECT max(pos) FROM morder", max);
}

/**
 * cbp_store_has_order() - whether a commit has a position in mainline order
 * @w: the writer
 * @id: its row
 *
 * Return: 1 if it has, 0 if not, -1 with SQLite's message recorded.
 */
int cbp_store_has_order(struct cbp_writer *w, unsigned int id)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_HAS_ORDER,
					   "SELECT 1 FROM morder WHERE id = ?");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	return cbp_db_exists(w->db, st);
}

/**
 * cbp_store_put_order() - record a commit's position in mainline order
 * @w: the writer
 * @id: its row
 * @pos: its position
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_put_order(struct cbp_writer *w, unsigned int id, long long pos)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_ORDER,
					   "INSERT OR REPLACE INTO morder(id, pos) VALUES (?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, pos);
	return cbp_db_step(w->db, st);
}

/* ---------------------------------------------------------------------- */
/* Refs. */

/**
 * cbp_store_each_ref_tip() - the commit of every ref the last build indexed
 * @w: the writer
 * @fn: called with each full ID (NULL in a damaged index)
 * @data: passed to @fn
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_each_ref_tip(struct cbp_writer *w,
			   int (*fn)(const char *hex, void *data), void *data)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (cbp_db_prepare(w->db, "SELECT tip FROM refs", &st))
		return -1;
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
		stop = fn((const char *)sqlite3_column_text(st, 0), data);
	return cbp_db_each_end(w->db, st, rc, stop);
}

/**
 * cbp_store_count_refs() - how many refs are recorded
 * @w: the writer
 * @nr: set to their number
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_count_refs(struct cbp_writer *w, long long *nr)
{
	return cbp_db_int(w->db, "SELECT count(*) FROM refs", nr);
}

/**
 * cbp_store_has_ref() - whether a ref is recorded at a commit
 * @w: the writer
 * @name: its full name
 * @hex: the commit's full ID
 *
 * Return: 1 if it is, 0 if not, -1 with SQLite's message recorded.
 */
int cbp_store_has_ref(struct cbp_writer *w, const char *name, const char *hex)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_HAS_REF,
					   "SELECT 1 FROM refs WHERE name = ? AND tip = ?");

	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, hex, CBP_OID_HEXSZ, SQLITE_STATIC);
	return cbp_db_exists(w->db, st);
}

/**
 * cbp_store_clear_refs() - forget the refs recorded
 * @w: the writer
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_clear_refs(struct cbp_writer *w)
{
	return cbp_db_exec(w->db, "DELETE FROM refs");
}

/**
 * cbp_store_add_ref() - record a ref whose history is indexed
 * @w: the writer
 * @name: its full name
 * @hex: its commit's full ID
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_ref(struct cbp_writer *w, const char *name, const char *hex)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_REF,
					   "INSERT OR REPLACE INTO refs(name, tip) VALUES (?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, hex, CBP_OID_HEXSZ, SQLITE_TRANSIENT);
	return cbp_db_step(w->db, st);
}
