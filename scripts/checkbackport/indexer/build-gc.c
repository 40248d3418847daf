// SPDX-License-Identifier: GPL-2.0
/*
 * Commits no ref reaches any more.  The index holds the history of the
 * refs it indexes (build-refs.c), and remembers their tips (the refs
 * table).  When a ref is deleted or rewound, the commits only it reached
 * leave the index, as an index built afresh would not have them: their
 * rows and citations go, and what cited them is resolved again (a
 * missing ID, or another commit of that abbreviation).
 *
 * Finding out costs nothing in the usual update, where every old tip is
 * still a tip, or the parent of a commit read in this run.  Otherwise
 * the whole graph is loaded from the index and marked from the refs.
 */
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "build-priv.h"
#include "store/store-priv.h"
#include "base/util.h"

/**
 * build_gc_check() - whether a ref may have lost commits since the last run
 * @b: an update, after build_walk_new_commits()
 *
 * Every commit in the build's hash is reachable from a ref: the refs'
 * own commits, those read in this run and their parents.  An old tip
 * not among them may no longer be reachable; then build_gc() looks.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_gc_check(struct build *b)
{
	sqlite3_stmt *st;
	int rc;

	if (b->cold)
		return 0;
	if (cbp_db_prepare(b->db, "SELECT tip FROM refs", &st))
		return -1;
	while (!b->gc && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *hex = (const char *)sqlite3_column_text(st, 0);
		struct cbp_oid oid;

		if (!hex || strlen(hex) != CBP_OID_HEXSZ ||
		    cbp_oid_fromhex(&oid, hex) ||
		    !b->hash[build_hash_slot(b, &oid)])
			b->gc = 1;
	}
	if (b->gc)
		rc = SQLITE_DONE;
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");
	return 0;
}

/* The graph of every present commit, by row: parents of row i. */
struct graph {
	unsigned int *start;	/* of row i's parents in par */
	unsigned int *len;
	unsigned int *par;
	size_t nr_par, alloc_par;
	unsigned char *state;	/* 0 absent, 1 present, 2 reachable */
	long long max;
};

static int load_graph(struct build *b, struct graph *g)
{
	sqlite3_stmt *st;
	int rc;

	if (cbp_db_int(b->db, "SELECT max(id) FROM commits", &g->max))
		return -1;
	if (g->max < 0)
		g->max = 0;
	g->start = cbp_calloc(g->max + 1, sizeof(*g->start));
	g->len = cbp_calloc(g->max + 1, sizeof(*g->len));
	g->state = cbp_calloc(g->max + 1, 1);
	if (cbp_db_prepare(b->db, "SELECT id, parents FROM commits WHERE state = 1",
			   &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		const unsigned char *blob = sqlite3_column_blob(st, 1);
		int n = sqlite3_column_bytes(st, 1) / 4, i;

		if (id < 1 || id > g->max)
			continue;
		g->state[id] = 1;
		g->start[id] = (unsigned int)g->nr_par;
		g->len[id] = (unsigned int)n;
		g->par = cbp_grow(g->par, sizeof(*g->par), g->nr_par + n,
				  &g->alloc_par);
		for (i = 0; i < n; i++)
			g->par[g->nr_par++] = cbp_parent_at(blob, i);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");
	return 0;
}

static void mark(struct build *b, struct graph *g)
{
	size_t i;

	b->nr_stack = 0;
	for (i = 0; i < b->nr_refs; i++)
		build_push(b, b->ref_id[i]);
	while (b->nr_stack) {
		unsigned int id = b->stack[--b->nr_stack], k;

		if (id > g->max || g->state[id] != 1)
			continue;
		g->state[id] = 2;
		for (k = 0; k < g->len[id]; k++)
			build_push(b, g->par[g->start[id] + k]);
	}
}

/*
 * A citation of a removed commit may now name another one (a shorter
 * abbreviation that became unique): build_judge_links() judges it as it
 * judges the citations of a commit that arrived.
 */
static int rejudge_renamed(struct build *b)
{
	sqlite3_stmt *st;
	int rc;

	if (cbp_db_prepare(b->db,
			   "SELECT DISTINCT l.dst FROM renamed r\n"
			   " JOIN links l ON l.rowid = r.lrow\n"
			   " JOIN commits c ON c.id = l.dst AND c.state = 1", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		b->arrived = cbp_grow(b->arrived, sizeof(*b->arrived),
				      b->nr_arrived + 1, &b->alloc_arrived);
		b->arrived[b->nr_arrived++] =
			(unsigned int)sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");
	return cbp_db_exec(b->db, "DELETE FROM renamed;");
}

/* Remove the rows @g left unmarked, and what only they cited. */
static int sweep(struct build *b, struct graph *g)
{
	sqlite3_stmt *ins;
	long long id;

	if (cbp_db_exec(b->db, "CREATE TEMP TABLE IF NOT EXISTS gone(id INTEGER PRIMARY KEY);"
			"DELETE FROM gone;") ||
	    cbp_db_prepare(b->db, "INSERT INTO gone VALUES (?)", &ins))
		return -1;
	for (id = 1; id <= g->max; id++) {
		if (g->state[id] != 1)
			continue;
		sqlite3_bind_int64(ins, 1, id);
		if (cbp_db_step(b->db, ins)) {
			sqlite3_finalize(ins);
			return -1;
		}
		b->gone++;
	}
	sqlite3_finalize(ins);
	if (!b->gone)
		return 0;
	cbp_note("%lld commit%s no ref reaches any more left the index", b->gone,
		 b->gone == 1 ? "" : "s");
	if (cbp_db_exec(b->db,
			"CREATE TEMP TABLE IF NOT EXISTS renamed(lrow INTEGER PRIMARY KEY);"
			"DELETE FROM renamed;"
			"DELETE FROM links WHERE src IN gone;"
			/* A copy of a removed commit by patch-id is no copy. */
			"DELETE FROM links WHERE kind = 6 AND dst IN gone;"
			"INSERT INTO renamed SELECT rowid FROM links WHERE dst IN gone;"
			"UPDATE links SET dst = NULL WHERE dst IN gone;"
			"DELETE FROM trust WHERE src IN gone OR dst IN gone;"
			"DELETE FROM malformed WHERE src IN gone;"
			"DELETE FROM pids WHERE id IN gone;"
			"DELETE FROM morder WHERE id IN gone;"
			"DELETE FROM reach WHERE id IN gone;"
			"DELETE FROM commits WHERE id IN gone;"))
		return -1;
	/* What cited them is missing now, or names another commit. */
	if (build_resolve_unresolved(b) || build_reresolve_absent(b) ||
	    rejudge_renamed(b))
		return -1;
	/* IDs that only the removed commits cited. */
	return cbp_db_exec(b->db,
			   "DELETE FROM commits WHERE state != 1 AND NOT EXISTS\n"
			   " (SELECT 1 FROM links WHERE dst = commits.id);"
			   "DELETE FROM gone;");
}

/**
 * build_gc() - remove the commits no ref reaches any more
 * @b: the build, at its end; nothing is done unless build_gc_check()
 *     found an old tip that may be lost
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_gc(struct build *b)
{
	struct graph g = { 0 };
	int err;

	if (!b->gc)
		return 0;
	err = load_graph(b, &g);
	if (!err) {
		mark(b, &g);
		err = sweep(b, &g);
	}
	free(g.start);
	free(g.len);
	free(g.par);
	free(g.state);
	return err;
}

/**
 * build_store_refs() - remember the refs whose history the index holds
 * @b: the build
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_store_refs(struct build *b)
{
	sqlite3_stmt *st;
	size_t i;
	int err = 0;

	if (cbp_db_exec(b->db, "DELETE FROM refs") ||
	    cbp_db_prepare(b->db, "INSERT OR REPLACE INTO refs(name, tip) VALUES (?, ?)",
			   &st))
		return -1;
	for (i = 0; i < b->nr_refs && !err; i++) {
		char hex[CBP_OID_HEXSZ + 1];

		sqlite3_bind_text(st, 1, b->refs[i].name, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, cbp_oid_tohex(&b->refs[i].commit, hex),
				  CBP_OID_HEXSZ, SQLITE_TRANSIENT);
		err = cbp_db_step(b->db, st);
	}
	sqlite3_finalize(st);
	return err;
}
