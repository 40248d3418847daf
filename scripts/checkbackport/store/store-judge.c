// SPDX-License-Identifier: GPL-2.0
/*
 * Verdicts, for the builder: the citations between two commits to be
 * judged (build-trust.c judges them), the verdicts on them (the trust
 * table), and the copies without a citation (build-copies.c): their
 * candidates, the hashes kept of the commits compared (the pids table)
 * and whether the pairs diffed are one change (the compared table),
 * and each copy found, recorded as a link of kind CBP_SAME_PATCH_ID with
 * the verdict CBP_TRUST_SAME_PATCH; and the commits one Gerrit Change-Id
 * joins (build-change-id.c), linked to be judged as citations are.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "base/trailer.h"
#include "base/trust.h"
#include "store-priv.h"
#include "base/util.h"

/*
 * A link the builder found, not read in a message: from @own to mainline's
 * @ml (full ID @ml_hex), of @kind, with @quoted (may be NULL) as its text.
 */
static int add_found_link(struct cbp_writer *w, long long own, int kind,
			  const char *ml_hex, const char *quoted, long long ml)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_COPY,
					   "INSERT INTO links(src, kind, cited, quoted, dst)\n"
					   " VALUES (?, ?, ?, ?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, own);
	sqlite3_bind_int(st, 2, kind);
	sqlite3_bind_text(st, 3, ml_hex, -1, SQLITE_TRANSIENT);
	if (quoted)
		sqlite3_bind_text(st, 4, quoted, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, 4);
	sqlite3_bind_int64(st, 5, ml);
	return cbp_db_step(w->db, st);
}

#define JUDGE_SQL(where)						\
	"SELECT l.src, l.dst, s.subject, d.subject,\n"			\
	" s.hex, d.hex FROM links l\n"					\
	" JOIN commits s ON s.id = l.src AND s.state = 1\n"		\
	" JOIN commits d ON d.id = l.dst AND d.state = 1\n"		\
	" WHERE " where " AND l.kind < 16 AND l.src != l.dst"

/* Each row of @st to @fn. */
static int each_pair(struct cbp_writer *w, sqlite3_stmt *st,
		     int (*fn)(const struct cbp_store_pair *p, void *data),
		     void *data)
{
	int rc, stop = 0;

	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_store_pair p = {
			.src = sqlite3_column_int64(st, 0),
			.dst = sqlite3_column_int64(st, 1),
			.src_subject = (const char *)sqlite3_column_text(st, 2),
			.dst_subject = (const char *)sqlite3_column_text(st, 3),
			.src_hex = (const char *)sqlite3_column_text(st, 4),
			.dst_hex = (const char *)sqlite3_column_text(st, 5),
		};

		stop = fn(&p, data);
	}
	sqlite3_reset(st);
	if (stop)
		return stop;
	return rc == SQLITE_DONE ? 0 : cbp_error_sqlite(w->db, "index");
}

/**
 * cbp_store_links_to_judge() - the origin citations between two commits to judge
 * @w: the writer, after the citations were resolved
 * @after_link: the last links row of earlier runs
 * @after_id: the highest commits row of earlier runs
 * @arrived: rows of cited IDs that became commits in this run
 * @nr_arrived: how many
 * @fn: called with each citation (a citation may come twice)
 * @data: passed to @fn
 *
 * The citations recorded after @after_link, those resolved to a commit
 * above @after_id, and those of earlier runs naming an ID of @arrived.
 * A cold build (both 0) has every citation, read with a plain scan.
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_links_to_judge(struct cbp_writer *w, long long after_link,
			     long long after_id, const unsigned int *arrived,
			     size_t nr_arrived,
			     int (*fn)(const struct cbp_store_pair *p,
				       void *data),
			     void *data)
{
	sqlite3_stmt *st;
	size_t i;
	int err;

	/* A cold build judges every link: a plain scan is twice as fast. */
	if (cbp_db_prepare(w->db, after_link || after_id ?
			   JUDGE_SQL("(l.rowid > ?1 OR l.dst > ?2)") :
			   JUDGE_SQL("?1 = ?2"), &st))
		return -1;
	sqlite3_bind_int64(st, 1, after_link);
	sqlite3_bind_int64(st, 2, after_id);
	err = each_pair(w, st, fn, data);
	sqlite3_finalize(st);
	if (err || !nr_arrived)
		return err;
	if (cbp_db_prepare(w->db, JUDGE_SQL("l.dst = ?1 AND l.rowid <= ?2"), &st))
		return -1;
	for (i = 0; i < nr_arrived && !err; i++) {
		sqlite3_bind_int64(st, 1, arrived[i]);
		sqlite3_bind_int64(st, 2, after_link);
		err = each_pair(w, st, fn, data);
	}
	sqlite3_finalize(st);
	return err;
}

/**
 * cbp_store_put_trust() - record the verdict on the citations of a commit
 * @w: the writer
 * @src: the citing commit's row
 * @dst: the cited commit's row
 * @verdict: enum cbp_trust
 * @f: the files behind it, or NULL when none were compared
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_put_trust(struct cbp_writer *w, long long src, long long dst,
			int verdict, const struct cbp_store_files *f)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_TRUST,
					   "INSERT OR REPLACE INTO trust VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
	int k;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, src);
	sqlite3_bind_int64(st, 2, dst);
	sqlite3_bind_int(st, 3, verdict);
	if (!f) {
		for (k = 4; k <= 8; k++)
			sqlite3_bind_null(st, k);
	} else {
		sqlite3_bind_int64(st, 4, f->src_files);
		sqlite3_bind_int64(st, 5, f->dst_files);
		sqlite3_bind_int64(st, 6, f->common);
		if (f->path)
			sqlite3_bind_text(st, 7, f->path, -1, SQLITE_TRANSIENT);
		else
			sqlite3_bind_null(st, 7);
		if (f->other)
			sqlite3_bind_text(st, 8, f->other, -1,
					  SQLITE_TRANSIENT);
		else
			sqlite3_bind_null(st, 8);
	}
	return cbp_db_step(w->db, st);
}

/* ---------------------------------------------------------------------- */
/* Copies without a citation. */

/*
 * The pairs: the branch's commits without an origin citation of a
 * commit, not merges, against mainline commits (not merges) with the same
 * subject, "[...]" groups and pull request numbers aside (commits.ckey),
 * or author time, that no citation joins to them already.  A commit on
 * no tracked branch that a branch's commit cites as its origin counts as
 * the branch's: ansible's stable-2.9 picked ab276803183a from a branch
 * it does not track, which devel has rebased as 10fe54de5844, and only
 * a link from the one to the other makes them one change.
 * The branches are looked at first (CROSS JOIN keeps SQLite to that
 * order): only the commits outside mainline are looked up in links, not
 * every commit of the history.
 */
#define OWN_SQL								\
	"WITH own AS (SELECT c.id, c.hex, c.ckey, c.atime, c.subject\n" \
	" FROM reach r\n"						\
	" CROSS JOIN commits c ON c.id = r.id\n"			\
	" WHERE c.state = 1 AND (r.branches & ?1) = 0\n"		\
	" AND (r.branches != 0 OR EXISTS (SELECT 1 FROM links k\n"	\
	"  JOIN reach rk ON rk.id = k.src\n"				\
	"  WHERE k.dst = c.id AND k.kind < 16 AND rk.branches != 0))\n" \
	" AND length(c.parents) = 4 AND NOT EXISTS\n"			\
	" (SELECT 1 FROM links l JOIN commits d ON d.id = l.dst\n"	\
	"  AND d.state = 1 WHERE l.src = c.id AND l.kind < 16))\n"

#define PAIR_SQL(on)							\
	"SELECT o.id, o.hex, m.id, m.hex, CASE WHEN o.atime = m.atime THEN 2\n" \
	" WHEN abs(o.atime - m.atime) <= ?2 THEN 1 ELSE 0 END,\n"	\
	" o.subject = m.subject,\n"					\
	" o.atime > m.atime AND o.atime - m.atime <= ?3 FROM own o\n"	\
	" JOIN commits m ON " on " JOIN reach rm ON rm.id = m.id\n"	\
	" WHERE m.state = 1 AND (rm.branches & ?1) != 0\n"		\
	" AND length(m.parents) = 4\n"					\
	" AND NOT EXISTS (SELECT 1 FROM links l\n"			\
	"  WHERE l.src = m.id AND l.dst = o.id)\n"

static const char pairs_sql[] =
	OWN_SQL
	PAIR_SQL("m.ckey = o.ckey")
	" UNION "
	PAIR_SQL("m.atime = o.atime AND o.atime != 0")
	" ORDER BY 1, 5 DESC, 3";

/*
 * Mainline's own duplicates: a change mainline got twice without a
 * trailer (a branch merged once as it was and once rebased) has two
 * mainline IDs, and a stable branch citing one of them must count as
 * having the other.  Only the pairs that matter are looked at, since
 * mainline has many commits of one subject and author time: the
 * duplicate (no origin citation of a commit) of a mainline commit that a
 * commit outside mainline cites, with the same subject hash and the same
 * author time.  Each pair once, the duplicate first.  The cited commits
 * are found from the links and their duplicates through the commits'
 * indexes: a history's mainline is not read whole.
 */
static const char mainline_pairs_sql[] =
	"WITH cited AS (SELECT c.id, c.hex, c.shash, c.atime FROM commits c\n"
	" JOIN reach r ON r.id = c.id\n"
	" WHERE c.id IN (SELECT l.dst FROM links l JOIN reach rs ON rs.id = l.src\n"
	"  WHERE l.kind < 16 AND (rs.branches & ?1) = 0)\n"
	" AND c.state = 1 AND (r.branches & ?1) != 0\n"
	" AND length(c.parents) = 4 AND c.atime != 0)\n"
	"SELECT x.id, x.hex, o.id, o.hex, 1, 0, 0 FROM cited o\n"
	" JOIN commits x ON x.shash = o.shash AND x.atime = o.atime\n"
	" AND x.id != o.id JOIN reach rx ON rx.id = x.id\n"
	" WHERE x.state = 1 AND (rx.branches & ?1) != 0\n"
	" AND length(x.parents) = 4\n"
	" AND (x.id NOT IN (SELECT id FROM cited) OR x.id > o.id)\n"
	" AND NOT EXISTS (SELECT 1 FROM links l JOIN commits d ON d.id = l.dst\n"
	"  AND d.state = 1 WHERE l.src = x.id AND l.kind < 16)\n"
	" AND NOT EXISTS (SELECT 1 FROM links l\n"
	"  WHERE l.src = o.id AND l.dst = x.id)\n"
	" ORDER BY 1, 3";

/**
 * cbp_store_copy_candidates() - pairs of commits that may be one patch
 * @w: the writer, after branch containment is up to date
 * @kind: which pairs
 * @mainline: the bit of the mainline branch
 * @fn: called with each pair, by the first commit, the pairs of the same
 *	author time first (mainline's duplicates: never of the same subject,
 *	as no cherry-pick of one is looked for)
 * @data: passed to @fn
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_copy_candidates(struct cbp_writer *w, enum cbp_copy_kind kind,
			      unsigned long long mainline,
			      int (*fn)(const struct cbp_store_cand *c,
					void *data),
			      void *data)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (cbp_db_prepare(w->db, kind == CBP_COPY_MAINLINE ?
			   mainline_pairs_sql : pairs_sql, &st))
		return -1;
	sqlite3_bind_int64(st, 1, (long long)mainline);
	if (kind != CBP_COPY_MAINLINE) {
		sqlite3_bind_int64(st, 2, CBP_NEAR_TIME);
		sqlite3_bind_int64(st, 3, CBP_LATER_TIME);
	}
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_store_cand c = {
			.own = sqlite3_column_int64(st, 0),
			.own_hex = (const char *)sqlite3_column_text(st, 1),
			.ml = sqlite3_column_int64(st, 2),
			.ml_hex = (const char *)sqlite3_column_text(st, 3),
			.same_time = sqlite3_column_int(st, 4),
			.same_subject = sqlite3_column_int(st, 5),
			.later = sqlite3_column_int(st, 6),
		};

		stop = fn(&c, data);
	}
	return cbp_db_each_end(w->db, st, rc, stop);
}

/**
 * cbp_store_add_authored_copy() - record a cherry-pick without a citation
 * @w: the writer
 * @own: the copy's row
 * @kind: CBP_SAME_AUTHOR_DATE, or CBP_SAME_AUTHOR_NEAR for author times
 *	  up to CBP_NEAR_TIME apart, CBP_SAME_AUTHOR_LATER for a copy
 *	  authored up to CBP_LATER_TIME after, CBP_SAME_PATCH_MOVED for one
 *	  of the same subject and patch under other folders
 * @ml_hex: the full ID of the mainline commit it was picked from
 * @ml: that commit's row
 *
 * A link of @kind, resolved; no verdict is stored: the subjects are the
 * same, which makes it consistent.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_authored_copy(struct cbp_writer *w, long long own, int kind,
				const char *ml_hex, long long ml)
{
	return add_found_link(w, own, kind, ml_hex, NULL, ml);
}

/*
 * The links that make a commit of the branches @br another name of the
 * mainline commit ?2 than the copy ?1: citations and copies, but those
 * found by author, date and subject (cbp_store_drop_authored_twins()).
 * cbp_store_named_on_branch() asks whether there is one,
 * cbp_store_names_undone() which they are: the same test.
 */
#define OTHER_NAMES_SQL(br)						\
	"FROM links l JOIN reach rx ON rx.id = l.src\n"			\
	" WHERE l.dst = ?2 AND l.kind < 16\n"				\
	" AND l.kind NOT IN " CBP_AUTHORED_KINDS "\n"			\
	" AND l.src != ?1 AND (rx.branches & " br ") != 0"

/**
 * cbp_store_named_on_branch() - whether a commit's branches have a change already
 * @w: the writer
 * @own: a commit outside mainline
 * @ml: a mainline commit
 * @branches: set to the branches @own is on (a bitmap)
 *
 * Whether a branch @own is on has @ml itself, or another commit linked
 * to @ml by a citation or a copy (a name of it, or a commit claiming to
 * be one), other than by its author, date and subject (for which see
 * cbp_store_drop_authored_twins()).
 *
 * Return: 1 if so, 0 if not, -1 with SQLite's message recorded.
 */
int cbp_store_named_on_branch(struct cbp_writer *w, long long own,
			      long long ml, unsigned long long *branches)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_NAMED,
					   "SELECT ro.branches, (ro.branches & rm.branches) != 0\n"
					   " OR EXISTS (SELECT 1 "
					   OTHER_NAMES_SQL("ro.branches") ")\n"
					   " FROM reach ro, reach rm WHERE ro.id = ?1 AND rm.id = ?2");
	int rc, named = 0;

	*branches = 0;
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, own);
	sqlite3_bind_int64(st, 2, ml);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*branches = (unsigned long long)sqlite3_column_int64(st, 0);
		named = sqlite3_column_int(st, 1);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(w->db, "index");
	return named;
}

/* A commit of the branches in @data[0] that mainline (@data[1]) lacks. */
static int branch_own(const struct cbp_commit *c, void *data)
{
	const unsigned long long *mask = data;

	return (c->branches & mask[0]) && !(c->branches & mask[1]);
}

/*
 * The first column of each row the bound statement @st gives, into
 * *@ids (*@nr of them; free() them).  Return: 0, or -1 with SQLite's
 * message recorded.
 */
static int column_ids(struct cbp_writer *w, sqlite3_stmt *st, long long **ids,
		      size_t *nr)
{
	size_t alloc = 0;
	int rc;

	*ids = NULL;
	*nr = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*ids = cbp_grow(*ids, sizeof(**ids), *nr + 1, &alloc);
		(*ids)[(*nr)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return 0;
	free(*ids);
	*ids = NULL;
	return cbp_error_sqlite(w->db, "index");
}

/*
 * Did the branches @mask[0] revert @x (a name of @ml on them) before
 * @own: a revert on them of @x or of @ml, which mainline lacks, that
 * @own descends from through the branches' own commits?  Return: 1, 0,
 * or -1 with the message recorded.
 */
static int undone_before(struct cbp_writer *w, long long own, long long x,
			 long long ml, unsigned long long *mask)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_UNDONE,
					   "SELECT l.src FROM links l JOIN reach r ON r.id = l.src\n"
					   " WHERE l.kind = ?1 AND l.dst IN (?2, ?3)\n"
					   " AND (r.branches & ?4) != 0 AND (r.branches & ?5) = 0");
	long long *revs;
	size_t nr, i;
	int found = 0;

	if (!st)
		return -1;
	sqlite3_bind_int(st, 1, CBP_REVERTS);
	sqlite3_bind_int64(st, 2, x);
	sqlite3_bind_int64(st, 3, ml);
	sqlite3_bind_int64(st, 4, (long long)mask[0]);
	sqlite3_bind_int64(st, 5, (long long)mask[1]);
	if (column_ids(w, st, &revs, &nr))
		return -1;
	/* The walk's own statements: none is open here any more. */
	for (i = 0; i < nr && !found; i++)
		found = cbp_reaches(w->idx, own, revs[i], branch_own, mask);
	free(revs);
	return found;
}

/**
 * cbp_store_names_undone() - whether a branch reverted its names of a change
 * @w: the writer, after branch containment is up to date
 * @own: a copy outside mainline (found by its author, date and subject)
 * @ml: the mainline commit of the change
 * @branches: the branches @own is on
 * @mainline: the mainline branch's bit, as a mask
 *
 * A branch that has a name of @ml already makes a copy of @ml by author a
 * part or a follow-up of the change at best (cbp_store_named_on_branch()),
 * unless the branch reverted that name before the copy: then the copy
 * makes the change again (FRRouting's stable/9.0 reverted its pick of
 * bdb5ae8bce94, then took it again by hand as 66a0a6f157).  Every other
 * name of @ml on @branches must have a revert on them, of it or of @ml,
 * that @own descends from; @ml itself on them is never undone so.
 *
 * Return: 1 if so, 0 if not, -1 with the message recorded.
 */
int cbp_store_names_undone(struct cbp_writer *w, long long own, long long ml,
			   unsigned long long branches,
			   unsigned long long mainline)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_NAMES,
					   "SELECT l.src " OTHER_NAMES_SQL("?3") "\n"
					   " AND NOT EXISTS (SELECT 1 FROM reach rm\n"
					   "  WHERE rm.id = ?2 AND (rm.branches & ?3) != 0)");
	unsigned long long mask[2] = { branches, mainline };
	long long *names;
	size_t nr, i;
	int undone;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, own);
	sqlite3_bind_int64(st, 2, ml);
	sqlite3_bind_int64(st, 3, (long long)branches);
	if (column_ids(w, st, &names, &nr))
		return -1;
	undone = nr > 0;
	for (i = 0; i < nr && undone > 0; i++)
		undone = undone_before(w, own, names[i], ml, mask);
	free(names);
	return undone;
}

/**
 * cbp_store_drop_authored_twins() - unlink the other copies of a branch by author
 * @w: the writer
 * @own: a commit outside mainline
 * @ml: the mainline commit of its author, date and subject
 * @branches: the branches @own is on
 *
 * Another commit of those branches linked to @ml by its author, date and
 * subject in an earlier run makes two, which a build reading both at
 * once links neither of: that link goes, so that an update ends where a
 * fresh build does.
 *
 * Return: how many links went, or -1 with SQLite's message recorded.
 */
int cbp_store_drop_authored_twins(struct cbp_writer *w, long long own,
				  long long ml, unsigned long long branches)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_TWINS,
					   "DELETE FROM links WHERE kind IN "
					   CBP_AUTHORED_KINDS " AND dst = ?2 AND src != ?1\n"
					   " AND src IN (SELECT id FROM reach WHERE (branches & ?3) != 0)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, own);
	sqlite3_bind_int64(st, 2, ml);
	sqlite3_bind_int64(st, 3, (long long)branches);
	if (cbp_db_step(w->db, st))
		return -1;
	return sqlite3_changes(w->db);
}

/**
 * cbp_store_reapply_candidates() - later mainline commits with a reverted
 *	change's subject
 * @w: the writer, after the mainline order was written
 * @mainline: the mainline branch's bit, as a mask
 * @out: the candidates, by revert then mainline order; free() them
 * @nr: how many
 *
 * For each revert ("This reverts commit X.") mainline has of a commit
 * mainline has, the mainline commits after the revert with X's subject,
 * but those already linked to the revert as undoing it, and those X
 * names as its origin: X was made from them, so they are older than its
 * revert, whatever place a merge gave them in mainline order (a topic
 * branch merged after the pick and revert of its commit, NetworkManager's
 * 78b43f7ea170).  Whether one makes X's change again is for its patch to
 * say (build-reapply.c).  "Mainline has" is its branch bit, not a place
 * in mainline order: a commit keeps its place when it leaves mainline
 * (build-edges.c), after a rewind or an index of another mainline, and
 * a stable backport numbered so was taken for mainline's making the
 * change again after its revert.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_reapply_candidates(struct cbp_writer *w,
				 unsigned long long mainline,
				 struct cbp_store_reapply **out, size_t *nr)
{
	sqlite3_stmt *st;
	size_t alloc = 0;
	int rc;

	*out = NULL;
	*nr = 0;
	if (cbp_db_prepare(w->db,
			   "SELECT l.src, r.hex, x.id, x.hex, y.id, y.hex FROM links l\n"
			   " JOIN morder mr ON mr.id = l.src\n"
			   " JOIN reach rr ON rr.id = l.src AND (rr.branches & ?1) != 0\n"
			   " JOIN commits r ON r.id = l.src\n"
			   " JOIN commits x ON x.id = l.dst AND x.state = 1\n"
			   " JOIN reach rx ON rx.id = x.id AND (rx.branches & ?1) != 0\n"
			   " JOIN commits y ON y.shash = x.shash AND y.subject = x.subject\n"
			   "  AND y.id != x.id AND y.state = 1\n"
			   " JOIN reach ry ON ry.id = y.id AND (ry.branches & ?1) != 0\n"
			   " JOIN morder my ON my.id = y.id AND my.pos > mr.pos\n"
			   " WHERE l.kind = 18 AND NOT EXISTS (SELECT 1 FROM links z\n"
			   "  WHERE z.src = y.id AND z.kind IN (18, 19) AND z.dst = l.src)\n"
			   " AND NOT EXISTS (SELECT 1 FROM links o\n"
			   "  WHERE o.src = x.id AND o.dst = y.id AND o.kind < 16)\n"
			   " ORDER BY l.src, my.pos", &st))
		return -1;
	sqlite3_bind_int64(st, 1, (long long)mainline);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_store_reapply *c;

		*out = cbp_grow(*out, sizeof(**out), *nr + 1, &alloc);
		c = &(*out)[(*nr)++];
		c->revert = sqlite3_column_int64(st, 0);
		snprintf(c->revert_hex, sizeof(c->revert_hex), "%s",
			 (const char *)sqlite3_column_text(st, 1));
		c->change = sqlite3_column_int64(st, 2);
		snprintf(c->change_hex, sizeof(c->change_hex), "%s",
			 (const char *)sqlite3_column_text(st, 3));
		c->again = sqlite3_column_int64(st, 4);
		snprintf(c->again_hex, sizeof(c->again_hex), "%s",
			 (const char *)sqlite3_column_text(st, 5));
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(*out);
		*out = NULL;
		*nr = 0;
		return cbp_error_sqlite(w->db, "index");
	}
	return 0;
}

static_assert(CBP_REVERTS == 18 && CBP_REAPPLIES == 19, "link kinds in SQL");

/**
 * cbp_store_add_reapply() - record a change made again after its revert
 * @w: the writer
 * @again: the row of the mainline commit that makes it again
 * @revert_hex: the revert's full ID
 * @revert: the revert's row
 *
 * A link of kind CBP_REAPPLIES from @again to the revert, resolved: it
 * undoes the revert as a revert of it would.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_reapply(struct cbp_writer *w, long long again,
			  const char *revert_hex, long long revert)
{
	return add_found_link(w, again, CBP_REAPPLIES, revert_hex, NULL, revert);
}

/**
 * cbp_store_drop_found() - unlink every pair linked without a citation
 * @w: the writer
 * @max_link: set to the highest links row left, 0 if none
 *
 * The links of the kinds the builder finds (CBP_FOUND_KINDS: same
 * patch-id, same Change-Id, same author, date and subject, made again
 * after its revert) go, and the
 * verdicts on them; a verdict on a citation between the same two commits
 * stays.  What is left is what a fresh build holds before it looks for
 * them.  The rows of the links found next may reuse numbers of those
 * that went: @max_link says from where they are new.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_drop_found(struct cbp_writer *w, long long *max_link)
{
	*max_link = 0;
	if (cbp_db_exec(w->db,
			"DELETE FROM trust WHERE EXISTS (SELECT 1 FROM links l\n"
			" WHERE l.src = trust.src AND l.dst = trust.dst\n"
			" AND l.kind IN " CBP_FOUND_KINDS ")\n"
			" AND NOT EXISTS (SELECT 1 FROM links l\n"
			" WHERE l.src = trust.src AND l.dst = trust.dst\n"
			" AND l.kind < 16 AND l.kind NOT IN " CBP_FOUND_KINDS ");"
			"DELETE FROM links WHERE kind IN " CBP_FOUND_KINDS ";"))
		return -1;
	return cbp_db_int(w->db, "SELECT coalesce(max(rowid), 0) FROM links",
			  max_link);
}

/**
 * cbp_store_found_cites_new() - whether a copy found so now cites a commit
 * @w: the writer, after the citations of this run were resolved
 * @after: the highest commits row of earlier runs
 * @ids: rows of earlier runs that were cited IDs and are commits now
 * @nr: number of @ids
 *
 * A commit linked without a citation cited no commit of the repository
 * as its origin when it was linked.  Once one of its citations names a
 * commit (one read in this run, or a cited ID that arrived), a fresh
 * build would not look for its copy at all.
 *
 * Return: 1 if some such commit now cites one, 0 if none, -1 with
 * SQLite's message recorded.
 */
int cbp_store_found_cites_new(struct cbp_writer *w, long long after,
			      const unsigned int *ids, size_t nr)
{
	sqlite3_stmt *st;
	long long hit = 0;
	size_t i;
	int rc;

	/* By the cited rows (links_dst), never a scan of every link. */
	if (cbp_db_prepare(w->db,
			   "SELECT EXISTS (SELECT 1 FROM links c\n"
			   " JOIN links f ON f.src = c.src\n"
			   " AND f.kind IN " CBP_FOUND_KINDS "\n"
			   " WHERE c.dst BETWEEN ?1 AND ?2 AND c.kind < 16\n"
			   " AND c.kind NOT IN " CBP_FOUND_KINDS ")", &st))
		return -1;
	/* The rows read in this run first, then each that arrived. */
	for (i = 0; i <= nr && !hit; i++) {
		sqlite3_bind_int64(st, 1, i ? (long long)ids[i - 1] : after + 1);
		sqlite3_bind_int64(st, 2, i ? (long long)ids[i - 1] : LLONG_MAX);
		rc = sqlite3_step(st);
		if (rc != SQLITE_ROW) {
			sqlite3_finalize(st);
			return cbp_error_sqlite(w->db, "index");
		}
		hit = sqlite3_column_int64(st, 0);
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return hit ? 1 : 0;
}

/**
 * cbp_store_get_pid() - what the index keeps of a commit compared before
 * @w: the writer
 * @id: its row
 * @row: filled in when there is a row
 *
 * Return: 1 when there is a row, 0 when not, -1 with SQLite's message
 * recorded.
 */
int cbp_store_get_pid(struct cbp_writer *w, long long id,
		      struct cbp_store_pid *row)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_PID_GET,
					   "SELECT blobs, files FROM pids WHERE id = ?");
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		row->blobs = sqlite3_column_int64(st, 0);
		row->files = sqlite3_column_int64(st, 1);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(w->db, "index");
	return rc == SQLITE_ROW;
}

/**
 * cbp_store_put_pid() - keep what was computed of a commit compared
 * @w: the writer
 * @id: its row
 * @blobs: the hash of its files' blob IDs
 * @files: the hash of its paths
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_put_pid(struct cbp_writer *w, long long id, long long blobs,
		      long long files)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_PID_PUT,
					   "INSERT OR REPLACE INTO pids VALUES (?, ?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, blobs);
	sqlite3_bind_int64(st, 3, files);
	return cbp_db_step(w->db, st);
}

/**
 * cbp_store_get_compared() - whether two commits were found one change
 * @w: the writer
 * @own: the copy's row
 * @ml: the mainline commit's row
 * @same: set to 1 (one change) or 0 when the pair was compared
 *
 * The answer of cbp_git_change_same_content() holds as long as both
 * commits do: commits do not change, and the rows of removed ones go
 * with them (cbp_store_drop_gone()).
 *
 * Return: 1 when the pair was compared, 0 when not, -1 with SQLite's
 * message recorded.
 */
int cbp_store_get_compared(struct cbp_writer *w, long long own, long long ml,
			   int *same)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_CMP_GET,
					   "SELECT same FROM compared WHERE own = ? AND ml = ?");
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, own);
	sqlite3_bind_int64(st, 2, ml);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*same = sqlite3_column_int(st, 0) == 1;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(w->db, "index");
	return rc == SQLITE_ROW;
}

/**
 * cbp_store_put_compared() - keep whether two commits are one change
 * @w: the writer
 * @own: the copy's row
 * @ml: the mainline commit's row
 * @same: 1 when they are one change, else 0
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_put_compared(struct cbp_writer *w, long long own, long long ml,
			   int same)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_CMP_PUT,
					   "INSERT OR REPLACE INTO compared VALUES (?, ?, ?)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, own);
	sqlite3_bind_int64(st, 2, ml);
	sqlite3_bind_int(st, 3, !!same);
	return cbp_db_step(w->db, st);
}

/*
 * Run @st (a writer's statement selecting a cited row and a verdict for
 * citing row ?1, or NULL if it could not be prepared) for @src, calling
 * @fn on each row until it returns non-zero.
 */
static int each_cited(struct cbp_writer *w, sqlite3_stmt *st, long long src,
		      int (*fn)(long long dst, int verdict, void *data),
		      void *data)
{
	int rc = SQLITE_DONE, ret = 0;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, src);
	while (!ret && (rc = sqlite3_step(st)) == SQLITE_ROW)
		ret = fn(sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
			 data);
	sqlite3_reset(st);
	if (!ret && rc != SQLITE_DONE)
		return cbp_error_sqlite(w->db, "index");
	return ret;
}

/**
 * cbp_store_squashed_of() - the fixes a squash cites beside what they fix
 * @w: the writer
 * @src: the citing commit's row
 * @fn: called once per commit @src cites as its origin that fixes or
 *	reverts another commit @src cites so, with its row and the verdict
 *	on the citation (CBP_TRUST_SAME_SUBJECT when no trust row says
 *	otherwise); a non-zero return stops
 * @data: passed to @fn
 *
 * Return: 0, -1 with the error recorded, or what @fn returned.
 */
int cbp_store_squashed_of(struct cbp_writer *w, long long src,
			  int (*fn)(long long dst, int verdict, void *data),
			  void *data)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_SQUASHED,
					   "SELECT DISTINCT a.dst, coalesce(t.verdict, 1) FROM links a\n"
					   " JOIN links f ON f.src = a.dst AND f.kind IN (16, 18)\n"
					   " JOIN links b ON b.src = a.src AND b.dst = f.dst\n"
					   " LEFT JOIN trust t ON t.src = a.src AND t.dst = a.dst\n"
					   " WHERE a.src = ?1 AND a.kind < 16 AND a.kind != 6\n"
					   " AND b.kind < 16 AND b.kind != 6 AND a.dst != b.dst\n"
					   " AND a.dst != a.src ORDER BY a.dst");

	return each_cited(w, st, src, fn, data);
}

static_assert(CBP_FIXES == 16 && CBP_REVERTS == 18, "link kinds in SQL");

/**
 * cbp_store_reverted_of() - the origins a revert cites of what it reverts
 * @w: the writer
 * @src: the citing commit's row
 * @fn: called once per commit @src cites as its origin that @src also
 *	reverts ("This reverts commit Y"), or that cites the commit @src
 *	reverts as its origin or is cited so by it, with its row and the
 *	verdict on the citation (as for cbp_store_squashed_of()); a
 *	non-zero return stops
 * @data: passed to @fn
 *
 * Return: 0, -1 with the error recorded, or what @fn returned.
 */
int cbp_store_reverted_of(struct cbp_writer *w, long long src,
			  int (*fn)(long long dst, int verdict, void *data),
			  void *data)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_REVERTED,
					   "SELECT DISTINCT a.dst, coalesce(t.verdict, 1) FROM links a\n"
					   " LEFT JOIN trust t ON t.src = a.src AND t.dst = a.dst\n"
					   " JOIN links r ON r.src = a.src AND r.kind = 18\n"
					   " WHERE a.src = ?1 AND a.kind < 16\n"
					   " AND a.kind NOT IN " CBP_FOUND_KINDS "\n"
					   " AND a.dst != a.src AND r.dst IS NOT NULL\n"
					   " AND (r.dst = a.dst OR EXISTS (SELECT 1 FROM links o\n"
					   "  WHERE o.kind < 16 AND ((o.src = r.dst AND o.dst = a.dst)\n"
					   "  OR (o.src = a.dst AND o.dst = r.dst))))\n"
					   " ORDER BY a.dst");

	return each_cited(w, st, src, fn, data);
}

/**
 * cbp_store_add_copy() - record a copy without a citation
 * @w: the writer
 * @own: the copy's row
 * @ml_hex: the full ID of the mainline commit it copies
 * @ml: that commit's row
 *
 * A link of kind CBP_SAME_PATCH_ID, resolved, with the verdict
 * CBP_TRUST_SAME_PATCH: no files were compared, the patches are one.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_copy(struct cbp_writer *w, long long own,
		       const char *ml_hex, long long ml)
{
	if (add_found_link(w, own, CBP_SAME_PATCH_ID, ml_hex, NULL, ml))
		return -1;
	return cbp_store_put_trust(w, own, ml, CBP_TRUST_SAME_PATCH, NULL);
}

/*
 * The commits outside mainline, on a tracked branch, whose Change-Id a
 * mainline commit has too, and that no origin citation joins to a commit
 * already (a trailer's verdict stands, and a commit linked by its
 * Change-Id once is not again).  Merges aside, as for copies.  By commit,
 * the mainline commits of the same author time first.
 *
 * CROSS JOIN keeps SQLite to this order: from the Change-Ids two commits
 * share, which most histories have none of.  Left to choose, it scanned
 * every commit and asked the subquery of each: half a second for a
 * million commits without a single Change-Id.
 */
static const char chid_pairs_sql[] =
	"SELECT o.id, m.id, m.hex, o.atime = m.atime, co.chid FROM chids co\n"
	" CROSS JOIN chids cm ON cm.chid = co.chid AND cm.id != co.id\n"
	" CROSS JOIN commits o ON o.id = co.id AND o.state = 1\n"
	" CROSS JOIN reach ro ON ro.id = o.id\n"
	" CROSS JOIN commits m ON m.id = cm.id AND m.state = 1\n"
	" CROSS JOIN reach rm ON rm.id = m.id\n"
	" WHERE (ro.branches & ?1) = 0 AND ro.branches != 0\n"
	" AND (rm.branches & ?1) != 0\n"
	" AND length(o.parents) = 4 AND length(m.parents) = 4\n"
	" AND NOT EXISTS (SELECT 1 FROM links l JOIN commits d ON d.id = l.dst\n"
	"  AND d.state = 1 WHERE l.src = o.id AND l.kind < 16)\n"
	" ORDER BY 1, 4 DESC, 2";

/**
 * cbp_store_change_id_pairs() - commits a mainline commit's Change-Id may join
 * @w: the writer, after branch containment is up to date
 * @mainline: the bit of the mainline branch
 * @fn: called with each pair, by the commit outside mainline, those of
 *	the same author time first
 * @data: passed to @fn
 *
 * Return: 0, what @fn returned if not 0, or -1 with SQLite's message
 * recorded.
 */
int cbp_store_change_id_pairs(struct cbp_writer *w,
			      unsigned long long mainline,
			      int (*fn)(const struct cbp_store_chid_pair *p,
					void *data),
			      void *data)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (cbp_db_prepare(w->db, chid_pairs_sql, &st))
		return -1;
	sqlite3_bind_int64(st, 1, (long long)mainline);
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_store_chid_pair p = {
			.own = sqlite3_column_int64(st, 0),
			.ml = sqlite3_column_int64(st, 1),
			.ml_hex = (const char *)sqlite3_column_text(st, 2),
			.same_time = sqlite3_column_int(st, 3),
			.chid = (const char *)sqlite3_column_text(st, 4),
		};

		stop = fn(&p, data);
	}
	return cbp_db_each_end(w->db, st, rc, stop);
}

/**
 * cbp_store_add_change_id_link() - join a commit to mainline's of its Change-Id
 * @w: the writer
 * @own: the commit's row
 * @ml_hex: the full ID of the mainline commit
 * @ml: that commit's row
 * @chid: the Change-Id both carry, kept as the link's quoted text
 *
 * A link of kind CBP_SAME_CHANGE_ID, resolved and not judged yet: it is
 * judged as a citation is (build-trust.c), in the same run.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_add_change_id_link(struct cbp_writer *w, long long own,
				 const char *ml_hex, long long ml,
				 const char *chid)
{
	return add_found_link(w, own, CBP_SAME_CHANGE_ID, ml_hex, chid, ml);
}

/*
 * The citations of merges, as read in messages (struct cbp_store_merge_cite),
 * by commits that are no merges themselves.
 */
#define MERGE_CITES_SQL(where)						\
	"SELECT l.src, l.dst, m.hex FROM links l\n"			\
	" JOIN commits s ON s.id = l.src AND s.state = 1\n"		\
	"  AND (s.parents IS NULL OR length(s.parents) <= 4)\n"	\
	" JOIN commits m ON m.id = l.dst AND m.state = 1\n"		\
	"  AND length(m.parents) > 4\n"					\
	" WHERE " where " AND l.kind < 16\n"				\
	" AND l.kind NOT IN " CBP_FOUND_KINDS " AND l.src != l.dst"

/* Append the rows of @st to *@out. */
static int merge_cites_of(struct cbp_writer *w, sqlite3_stmt *st,
			  struct cbp_store_merge_cite **out, size_t *nr,
			  size_t *alloc)
{
	int rc;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *hex = (const char *)sqlite3_column_text(st, 2);
		struct cbp_store_merge_cite *c;

		/* A damaged row is no merge to walk. */
		if (!hex || strlen(hex) != CBP_OID_HEXSZ)
			continue;
		*out = cbp_grow(*out, sizeof(**out), *nr + 1, alloc);
		c = &(*out)[(*nr)++];
		c->src = sqlite3_column_int64(st, 0);
		c->merge = sqlite3_column_int64(st, 1);
		memcpy(c->merge_hex, hex, sizeof(c->merge_hex));
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : cbp_error_sqlite(w->db, "index");
}

/**
 * cbp_store_merge_cites() - the commits citing a merge as their origin
 * @w: the writer, after the citations were resolved
 * @all: every such citation, not only those below
 * @after_link: the last links row of earlier runs
 * @after_id: the highest commits row of earlier runs
 * @arrived: rows of cited IDs that became commits in this run
 * @nr_arrived: how many
 * @out: the citations, a pair may come twice; free() them
 * @nr: how many
 *
 * Without @all, as cbp_store_links_to_judge() selects them: those
 * recorded after @after_link, those resolved to a commit above
 * @after_id, and those naming an ID of @arrived.  Only what a message
 * says counts: a merge is never a copy found without a citation.  A
 * merge citing a merge is left out: it is that merge made again (moby's
 * history filtered into docker/cli's), and what it brought in carries
 * citations of its own.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_merge_cites(struct cbp_writer *w, int all, long long after_link,
			  long long after_id, const unsigned int *arrived,
			  size_t nr_arrived, struct cbp_store_merge_cite **out,
			  size_t *nr)
{
	size_t alloc = 0, i;
	sqlite3_stmt *st;
	int err;

	*out = NULL;
	*nr = 0;
	if (cbp_db_prepare(w->db, all ? MERGE_CITES_SQL("?1 = ?2") :
			   MERGE_CITES_SQL("(l.rowid > ?1 OR l.dst > ?2)"), &st))
		return -1;
	sqlite3_bind_int64(st, 1, all ? 0 : after_link);
	sqlite3_bind_int64(st, 2, all ? 0 : after_id);
	err = merge_cites_of(w, st, out, nr, &alloc);
	sqlite3_finalize(st);
	if (!err && !all && nr_arrived) {
		if (cbp_db_prepare(w->db, MERGE_CITES_SQL("l.dst = ?1"), &st))
			err = -1;
		for (i = 0; !err && i < nr_arrived; i++) {
			sqlite3_bind_int64(st, 1, arrived[i]);
			err = merge_cites_of(w, st, out, nr, &alloc);
		}
		if (st)
			sqlite3_finalize(st);
	}
	if (err) {
		free(*out);
		*out = NULL;
		*nr = 0;
	}
	return err;
}

static_assert(CBP_MERGED == 11, "link kinds in SQL");

/**
 * cbp_store_add_merged() - join a commit to one its cited merge brought in
 * @w: the writer
 * @src: the row of the commit citing the merge
 * @hex: the full ID of a commit the merge brought in
 * @x: its row
 * @merge_hex: the merge's full ID, kept as the link's quoted text
 *
 * A link of kind CBP_MERGED, resolved and not judged yet: it is judged
 * as a citation is (build-trust.c), in the same run.  None is made where
 * @src is joined to @x already: a citation of it beside the merge's, or
 * another merge @src cites that brought it in too.
 *
 * Return: 1 if the link was made, 0 if not, -1 with SQLite's message
 * recorded.
 */
int cbp_store_add_merged(struct cbp_writer *w, long long src, const char *hex,
			 long long x, const char *merge_hex)
{
	sqlite3_stmt *st = cbp_writer_stmt(w, CBP_W_MERGED_ADD,
					   "INSERT INTO links(src, kind, cited, quoted, dst)\n"
					   " SELECT ?1, 11, ?2, ?3, ?4 WHERE NOT EXISTS\n"
					   " (SELECT 1 FROM links WHERE src = ?1 AND dst = ?4\n"
					   "  AND kind < 16)");

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, src);
	sqlite3_bind_text(st, 2, hex, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, merge_hex, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 4, x);
	if (cbp_db_step(w->db, st))
		return -1;
	return sqlite3_changes(w->db) > 0;
}
