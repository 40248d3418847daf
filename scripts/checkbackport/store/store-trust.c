// SPDX-License-Identifier: GPL-2.0
/*
 * Link trust as the commands read it: why a link got its verdict, the
 * links that are not consistent, how many links have each verdict, and
 * the citations that name no commit (IDs too long to be one, and IDs one
 * typo away from a commit with the citing commit's subject).  The
 * verdicts themselves are the builder's (build-trust.c); near misses are
 * looked for here, when asked, so they follow the commits indexed since.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store-priv.h"
#include "base/util.h"

/* The verdict of a link row joined as cbp_links() joins it. */
#define TRUST_CASE							\
	"CASE WHEN l.kind < 16 AND a.state = 1 AND b.state = 1\n"	\
	" THEN coalesce(t.verdict, 1) ELSE 0 END"
#define TRUST_JOIN							\
	" LEFT JOIN commits a ON a.id = l.src\n"			\
	" LEFT JOIN commits b ON b.id = l.dst\n"			\
	" LEFT JOIN trust t ON t.src = l.src AND t.dst = l.dst\n"

static void copy_text(char *dst, size_t size, sqlite3_stmt *st, int col)
{
	const char *s = (const char *)sqlite3_column_text(st, col);

	snprintf(dst, size, "%s", s ? s : "");
}

static long long column_or(sqlite3_stmt *st, int col, long long def)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL ? def :
	       sqlite3_column_int64(st, col);
}

/**
 * cbp_trust_get() - why a link got its verdict
 * @idx: the index
 * @l: the link, as cbp_links() returns it
 * @ti: filled in; the counts are -1 where nothing was compared (a
 *	consistent subject, or an end that is not a commit)
 *
 * Return: 0, or -1 on error.
 */
int cbp_trust_get(struct cbp_index *idx, const struct cbp_link *l,
		  struct cbp_trust_info *ti)
{
	sqlite3_stmt *st;
	int rc;

	memset(ti, 0, sizeof(*ti));
	ti->verdict = l->trust;
	ti->no_trailer = l->kind == CBP_SAME_PATCH_ID;
	ti->sfiles = -1;
	ti->dfiles = -1;
	ti->common = -1;
	if (l->trust <= CBP_TRUST_SAME_SUBJECT)
		return 0;
	if (cbp_db_prepare(idx->db,
			   "SELECT sfiles, dfiles, common, spath, dpath FROM trust\n"
			   " WHERE src = ? AND dst = ?", &st))
		return -1;
	sqlite3_bind_int64(st, 1, l->src);
	sqlite3_bind_int64(st, 2, l->dst);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		ti->sfiles = column_or(st, 0, -1);
		ti->dfiles = column_or(st, 1, -1);
		ti->common = column_or(st, 2, -1);
		copy_text(ti->spath, sizeof(ti->spath), st, 3);
		copy_text(ti->dpath, sizeof(ti->dpath), st, 4);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return 0;
}

/**
 * cbp_origin_links() - every origin citation with a verdict at least so bad
 * @idx: the index
 * @min_trust: CBP_TRUST_ADAPTED for the adapted and suspicious ones,
 *	       CBP_TRUST_SUSPICIOUS for the suspicious ones
 * @links: the result, by citing commit (free() it)
 * @nr: number of @links
 *
 * Return: 0, or -1 on error.
 */
int cbp_origin_links(struct cbp_index *idx, int min_trust,
		     struct cbp_link **links, size_t *nr)
{
	sqlite3_stmt *st;
	size_t alloc = 0;
	int rc;

	*links = NULL;
	*nr = 0;
	if (cbp_db_prepare(idx->db,
			   "SELECT l.src, l.dst, l.kind, l.cited, t.verdict\n"
			   " FROM trust t JOIN links l ON l.src = t.src\n"
			   " AND l.dst = t.dst AND l.kind < 16\n"
			   " WHERE t.verdict >= ? ORDER BY l.src, l.rowid", &st))
		return -1;
	sqlite3_bind_int(st, 1, min_trust);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_link *l;

		*links = cbp_grow(*links, sizeof(**links), *nr + 1, &alloc);
		l = &(*links)[(*nr)++];
		memset(l, 0, sizeof(*l));
		l->src = sqlite3_column_int64(st, 0);
		l->dst = sqlite3_column_int64(st, 1);
		l->kind = sqlite3_column_int(st, 2);
		copy_text(l->cited, sizeof(l->cited), st, 3);
		l->trust = sqlite3_column_int(st, 4);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return 0;
}

/**
 * cbp_trust_count() - how many origin citations have each verdict
 * @idx: the index
 * @count: filled in, indexed by enum cbp_trust
 *
 * Copies linked by patch-id (CBP_SAME_PATCH_ID) are no citation and are
 * not counted.
 *
 * Return: 0, or -1 on error.
 */
int cbp_trust_count(struct cbp_index *idx, long long count[CBP_TRUST_NR])
{
	sqlite3_stmt *st;
	int rc;

	memset(count, 0, CBP_TRUST_NR * sizeof(*count));
	if (cbp_db_prepare(idx->db,
			   "SELECT " TRUST_CASE ", count(*) FROM links l\n"
			   TRUST_JOIN " WHERE l.kind < 16 AND l.kind != 6 GROUP BY 1",
			   &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int v = sqlite3_column_int(st, 0);

		if (v >= 0 && v < CBP_TRUST_NR)
			count[v] = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return 0;
}

/* Add @id to @ids unless it is there; returns 1 if it was new. */
static int add_id(long long **ids, size_t *nr, size_t *alloc, long long id)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if ((*ids)[i] == id)
			return 0;
	*ids = cbp_grow(*ids, sizeof(**ids), *nr + 1, alloc);
	(*ids)[(*nr)++] = id;
	return 1;
}

/**
 * cbp_near_miss() - the commit a cited ID that names nothing was meant as
 * @idx: the index
 * @cited: the ID as cited, lower-case hex digits
 * @subject: the subject the cited commit should have (the citing commit's
 *	     for an origin citation, the quoted one for Fixes:)
 * @self: the row of the citing commit, never the one meant; 0 if none
 * @c: the commit found
 * @digits: how many digits of its ID to write instead of @cited
 *
 * Looks among the commits whose subject is @subject as written or
 * without its prefixes and tags (cbp_subject_norm(), case kept) for one
 * whose ID @cited is one typo away from (cbp_hex_near()).  Never a
 * reason to join the two: the caller only reports it.
 *
 * Return: 0 if exactly one commit is; CBP_NOT_FOUND or CBP_IS_AMBIGUOUS
 * (no message recorded); -1 on error.
 */
int cbp_near_miss(struct cbp_index *idx, const char *cited,
		  const char *subject, long long self, struct cbp_commit *c,
		  unsigned int *digits)
{
	char stripped[CBP_SUBJECT_MAX];
	const char *forms[2] = { subject, stripped };
	long long *ids = NULL, *seen = NULL;
	size_t nr, nr_seen = 0, alloc_seen = 0, i, k, len = strlen(cited);
	struct cbp_commit cand;
	int found = 0, f;

	if (!subject[0])
		return CBP_NOT_FOUND;
	cbp_subject_norm(subject, stripped, sizeof(stripped), 0);
	for (f = 0; f < 2; f++) {
		if (f && !strcmp(stripped, subject))
			break;
		if (cbp_same_subject(idx, forms[f], &ids, &nr)) {
			free(seen);
			return -1;
		}
		for (i = 0; i < nr; i++) {
			if (ids[i] == self ||
			    !add_id(&seen, &nr_seen, &alloc_seen, ids[i]) ||
			    cbp_commit_get(idx, ids[i], &cand) ||
			    !cbp_subjects_consistent(subject, cand.subject))
				continue;
			k = cbp_hex_near(cited, len, cand.hex);
			if (!k)
				continue;
			if (!found++) {
				*c = cand;
				*digits = (unsigned int)k;
			}
		}
		free(ids);
	}
	free(seen);
	if (!found)
		return CBP_NOT_FOUND;
	return found == 1 ? 0 : CBP_IS_AMBIGUOUS;
}

/* The subject a near miss of @m should have, or "". */
static const char *wanted_subject(const struct cbp_malformed *m,
				  const char *src_subject)
{
	return cbp_kind_is_origin(m->kind) ? src_subject : m->quoted;
}

static int suggest(struct cbp_index *idx, struct cbp_malformed *m,
		   const char *src_subject)
{
	int rc = cbp_near_miss(idx, m->cited, wanted_subject(m, src_subject),
			       m->src, &m->suggest, &m->suggest_digits);

	if (rc) {
		memset(&m->suggest, 0, sizeof(m->suggest));
		m->suggest_digits = 0;
	}
	return rc < 0 ? -1 : rc;
}

static struct cbp_malformed *add_malformed(struct cbp_malformed **out,
					   size_t *nr, size_t *alloc,
					   sqlite3_stmt *st)
{
	struct cbp_malformed *m;

	*out = cbp_grow(*out, sizeof(**out), *nr + 1, alloc);
	m = &(*out)[(*nr)++];
	memset(m, 0, sizeof(*m));
	m->src = sqlite3_column_int64(st, 0);
	m->kind = sqlite3_column_int(st, 1);
	m->line = (unsigned int)sqlite3_column_int(st, 2);
	copy_text(m->cited, sizeof(m->cited), st, 3);
	m->digits = (unsigned int)sqlite3_column_int(st, 4);
	copy_text(m->quoted, sizeof(m->quoted), st, 5);
	return m;
}

/**
 * cbp_malformed_of() - the citations of a commit that name no commit
 * @idx: the index
 * @src: the citing commit's row, or -1 for every commit's
 * @out: the result, by citing commit (free() it)
 * @nr: number of @out
 *
 * These are the citations whose ID has more than 40 digits (with the
 * commit they were likely meant as, if one is one typo away), and the
 * citations of an ID missing from the repository that one commit with
 * the expected subject is one typo away from (cbp_near_miss()).  A
 * missing ID without such a commit is not malformed: it may be a commit
 * of a tree that is not fetched.
 *
 * Return: 0, or -1 on error.
 */
int cbp_malformed_of(struct cbp_index *idx, long long src,
		     struct cbp_malformed **out, size_t *nr)
{
#define MALFORMED_SQL(where)						\
	"SELECT m.src, m.kind, m.line, m.cited, m.digits, m.quoted,\n"	\
	" s.subject FROM malformed m JOIN commits s ON s.id = m.src\n"	\
	where " ORDER BY m.src, m.rowid"
	/* Links to missing rows: the cited ID is the row's. */
#define MISSING_SQL(where)						\
	"SELECT l.src, l.kind, 0, l.cited, length(l.cited), l.quoted,\n"	\
	" s.subject FROM links l JOIN commits s ON s.id = l.src\n"	\
	" JOIN commits d ON d.id = l.dst AND d.state = 0\n"		\
	where " ORDER BY l.src, l.rowid"
	/* [query][one commit]: separate, so that each uses its index. */
	static const char *const sql[2][2] = {
		{ MALFORMED_SQL(""), MALFORMED_SQL(" WHERE m.src = ?") },
		{ MISSING_SQL(""), MISSING_SQL(" WHERE l.src = ?") },
	};
#undef MALFORMED_SQL
#undef MISSING_SQL
	size_t alloc = 0;
	int q, rc = SQLITE_DONE;

	*out = NULL;
	*nr = 0;
	for (q = 0; q < 2 && rc == SQLITE_DONE; q++) {
		/*
		 * Kept for the index's life: names asks once per member of
		 * a change, and parsing costs more than the lookup.
		 */
		sqlite3_stmt **slot = &idx->st_malformed[q][src >= 0], *st;

		if (!*slot && cbp_db_prepare(idx->db, sql[q][src >= 0], slot))
			goto fail;
		st = *slot;
		if (src >= 0)
			sqlite3_bind_int64(st, 1, src);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			const char *subj = (const char *)sqlite3_column_text(st, 6);
			struct cbp_malformed *m = add_malformed(out, nr, &alloc, st);
			int found = suggest(idx, m, subj ? subj : "");

			if (found < 0) {
				sqlite3_reset(st);
				goto fail;
			}
			/* A missing ID is malformed only as a near miss. */
			if (q == 1 && found)
				(*nr)--;
		}
		sqlite3_reset(st);
	}
	if (rc == SQLITE_DONE)
		return 0;
	cbp_error_sqlite(idx->db, "index");
fail:
	free(*out);
	*out = NULL;
	*nr = 0;
	return -1;
}
