// SPDX-License-Identifier: GPL-2.0
/*
 * Queries on the edges between changes (see store-edges.h): mainline
 * positions, the citations pointing at a commit, changes with their
 * first mainline name, whether mainline reverted a change, and the
 * follow-ups of a change to any depth.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-edges.h"
#include "store-priv.h"
#include "base/util.h"

/* A chain of reverts of reverts deeper than this is not followed. */
#define MAX_REVERT_DEPTH	32

struct cbp_edges {
	struct cbp_index *idx;
	int began;			/* opened the read transaction */
	sqlite3_stmt *pos;		/* morder.pos of a row */
	sqlite3_stmt *into;		/* edge citations naming a row */
};

/**
 * cbp_edges_open() - prepare the edge queries on an index
 * @idx: the index (must outlive the result)
 * @out: the queries; release with cbp_edges_close()
 *
 * The queries run in one read transaction, until cbp_edges_close(): they
 * see one state of the index, and SQLite takes its file lock once rather
 * than for every statement, which costs more than the statement itself
 * on a branch-wide query.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_edges_open(struct cbp_index *idx, struct cbp_edges **out)
{
	struct cbp_edges *e = cbp_calloc(1, sizeof(*e));

	e->idx = idx;
	*out = NULL;
	if (sqlite3_get_autocommit(idx->db)) {
		if (cbp_db_exec(idx->db, "PRAGMA mmap_size = 4294967296; BEGIN")) {
			free(e);
			return -1;
		}
		e->began = 1;
	}
	/* A commit that left mainline keeps its number: no place now. */
	if (cbp_db_prepare(idx->db,
			   "SELECT m.pos FROM morder m JOIN reach r ON r.id = m.id\n"
			   " WHERE m.id = ?1 AND (r.branches & ?2) != 0",
			   &e->pos) ||
	    cbp_db_prepare(idx->db,
			   "SELECT src, dst, kind, cited, quoted FROM links\n"
			   " WHERE dst = ? AND kind IN (16, 17, 18, 19) ORDER BY rowid",
			   &e->into)) {
		cbp_edges_close(e);
		return -1;
	}
	*out = e;
	return 0;
}

/**
 * cbp_edges_close() - release what cbp_edges_open() prepared
 * @e: the queries, or NULL
 */
void cbp_edges_close(struct cbp_edges *e)
{
	if (!e)
		return;
	sqlite3_finalize(e->pos);
	sqlite3_finalize(e->into);
	if (e->began)
		sqlite3_exec(e->idx->db, "COMMIT", NULL, NULL, NULL);
	free(e);
}

/*
 * The rows of a statement selecting (src, dst, kind, cited, quoted), as
 * citations, appended to *@links; 0, or -1 on error (recorded).
 */
static int read_links(sqlite3 *db, sqlite3_stmt *st, struct cbp_link **links,
		      size_t *nr, size_t *alloc)
{
	int rc;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct cbp_link *l;
		const char *cited = (const char *)sqlite3_column_text(st, 3);
		const char *quoted = (const char *)sqlite3_column_text(st, 4);

		*links = cbp_grow(*links, sizeof(**links), *nr + 1, alloc);
		l = &(*links)[(*nr)++];
		l->src = sqlite3_column_int64(st, 0);
		l->dst = sqlite3_column_int64(st, 1);
		l->kind = sqlite3_column_int(st, 2);
		snprintf(l->cited, sizeof(l->cited), "%s", cited ? cited : "");
		snprintf(l->quoted, sizeof(l->quoted), "%s", quoted ? quoted : "");
	}
	if (rc == SQLITE_DONE)
		return 0;
	free(*links);
	*links = NULL;
	*nr = 0;
	return cbp_error_sqlite(db, "index");
}

/**
 * cbp_mainline_pos() - where a commit is in mainline order
 * @e: the queries
 * @id: a row
 *
 * Return: its position (a positive number; later commits have larger
 * ones), 0 if it has none (or is no longer in mainline: it keeps its
 * number then, see build-edges.c), or -1 on error (message recorded).
 */
long long cbp_mainline_pos(struct cbp_edges *e, long long id)
{
	long long pos = 0;
	int rc;

	if (e->idx->mainline_bit < 0)
		return 0;
	sqlite3_bind_int64(e->pos, 1, id);
	sqlite3_bind_int64(e->pos, 2, (long long)(1ULL << e->idx->mainline_bit));
	rc = sqlite3_step(e->pos);
	if (rc == SQLITE_ROW)
		pos = sqlite3_column_int64(e->pos, 0);
	sqlite3_reset(e->pos);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(e->idx->db, "index");
	return pos;
}

/**
 * cbp_edges_into() - the Fixes:, Stable-dep-of: and revert citations of a row
 * @e: the queries
 * @id: the row cited
 * @links: the citations, oldest first (free() them)
 * @nr: how many
 *
 * Return: 0, or -1 on error (message recorded).
 */
static int cbp_edges_into(struct cbp_edges *e, long long id,
			  struct cbp_link **links, size_t *nr)
{
	size_t alloc = 0;
	int err;

	*links = NULL;
	*nr = 0;
	sqlite3_bind_int64(e->into, 1, id);
	err = read_links(e->idx->db, e->into, links, nr, &alloc);
	sqlite3_reset(e->into);
	return err;
}

/**
 * cbp_edges_candidates() - the Fixes: and reverts a branch may lack
 * @e: the queries
 * @bit: the branch
 * @links: the Fixes: and "This reverts commit" citations made by mainline
 *	   commits the branch does not contain (free() them)
 * @nr: how many
 *
 * A mainline commit no later than the newest mainline release the branch
 * contains whole is in the branch, so the candidates are those mainline
 * got since the branch forked, found by one indexed query.
 *
 * Return: 0, or -1 on error (message recorded).
 */
int cbp_edges_candidates(struct cbp_edges *e, int bit, struct cbp_link **links,
			 size_t *nr)
{
	const struct cbp_index *idx = e->idx;
	size_t alloc = 0;
	sqlite3_stmt *st;
	int err;

	*links = NULL;
	*nr = 0;
	if (idx->mainline_bit < 0 || bit < 0 || !idx->branch[bit].name)
		return cbp_error("no such tracked branch");
	if (cbp_db_prepare(idx->db,
			   "SELECT l.src, l.dst, l.kind, l.cited, l.quoted FROM links l\n"
			   " JOIN reach r ON r.id = l.src LEFT JOIN tags t ON t.id = r.rel\n"
			   " WHERE l.kind IN (16, 18, 19) AND l.dst IS NOT NULL\n"
			   " AND (r.branches & ?1) != 0 AND (r.branches & ?2) = 0\n"
			   " AND (?3 < 0 OR t.vkey IS NULL OR t.vkey > ?3)",
			   &st))
		return -1;
	sqlite3_bind_int64(st, 1, (long long)(1ULL << idx->mainline_bit));
	sqlite3_bind_int64(st, 2, (long long)(1ULL << bit));
	sqlite3_bind_int64(st, 3, bit == idx->mainline_bit ? -1 :
			   idx->branch[bit].base);
	err = read_links(idx->db, st, links, nr, &alloc);
	sqlite3_finalize(st);
	return err;
}

/**
 * cbp_find_tag() - the commit a release tag of the index points at
 * @idx: the index
 * @name: the tag, e.g. "v6.13" (or "refs/tags/v6.13")
 * @commit_id: its commit's row
 *
 * Return: 0, CBP_NOT_FOUND, or -1 on error (message recorded).
 */
int cbp_find_tag(struct cbp_index *idx, const char *name, long long *commit_id)
{
	sqlite3_stmt *st;
	int rc;

	if (!strncmp(name, "refs/tags/", 10))
		name += 10;
	if (cbp_db_prepare(idx->db, "SELECT commit_id FROM tags WHERE name = ?",
			   &st))
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*commit_id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 0;
	if (rc == SQLITE_DONE)
		return CBP_NOT_FOUND;
	return cbp_error_sqlite(idx->db, "index");
}

/**
 * cbp_find_branch() - the bit of a tracked branch, by name
 * @idx: the index
 * @name: "linux-6.12.y", or the same as a remote-tracking branch
 *	  ("origin/linux-6.12.y") when exactly one such is tracked
 *
 * Return: the bit, or -1 if the index does not track such a branch.
 */
int cbp_find_branch(struct cbp_index *idx, const char *name)
{
	size_t len = strlen(name);
	int bit, found = -1, nr = 0;

	for (bit = 0; bit < idx->nr_branches; bit++) {
		const char *b = idx->branch[bit].name;
		size_t blen;

		if (!b)
			continue;
		if (!strcmp(b, name))
			return bit;
		blen = strlen(b);
		if (blen > len && b[blen - len - 1] == '/' &&
		    !strcmp(b + blen - len, name)) {
			found = bit;
			nr++;
		}
	}
	return nr == 1 ? found : -1;
}

/* ---------------------------------------------------------------------- */
/* Changes. */

/* Find the first mainline name of @ch. */
static int locate_mainline(struct cbp_edges *e, struct cbp_change *ch)
{
	int mb = e->idx->mainline_bit;
	size_t i;

	ch->ml = -1;
	ch->pos = 0;
	if (mb < 0)
		return 0;
	for (i = 0; i < ch->cls.nr; i++) {
		const struct cbp_commit *c = &ch->cls.members[i].c;
		long long pos;

		if (c->state != CBP_PRESENT || !(c->branches & (1ULL << mb)))
			continue;
		pos = cbp_mainline_pos(e, c->id);
		if (pos < 0)
			return -1;
		/* An index built without positions still orders by release. */
		if (ch->ml < 0 || (pos && (!ch->pos || pos < ch->pos)) ||
		    (!pos && !ch->pos &&
		     cbp_release_before(c, &ch->cls.members[ch->ml].c))) {
			ch->ml = (int)i;
			ch->pos = pos;
		}
	}
	return 0;
}

/**
 * cbp_change_of() - the change a row is a name of
 * @e: the queries
 * @id: the row
 * @ch: filled in; release with cbp_change_release()
 *
 * Return: 0, or -1 on error (message recorded).
 */
int cbp_change_of(struct cbp_edges *e, long long id, struct cbp_change *ch)
{
	memset(ch, 0, sizeof(*ch));
	ch->ml = -1;
	if (cbp_class_of(e->idx, id, &ch->cls))
		return -1;
	if (locate_mainline(e, ch)) {
		cbp_change_release(ch);
		return -1;
	}
	return 0;
}

/**
 * cbp_change_add() - add the names of another row's class to a change
 * @e: the queries
 * @ch: the change
 * @id: the row; nothing is added if it is a name of @ch already
 *
 * For a backport whose upstream line and cherry-pick trailers name
 * changes that no citation joins: all of them are what it brings.
 *
 * Return: 0, or -1 on error (message recorded).
 */
static int cbp_change_add(struct cbp_edges *e, struct cbp_change *ch,
			  long long id)
{
	struct cbp_class more;
	size_t i;

	if (cbp_class_contains(&ch->cls, id) >= 0)
		return 0;
	if (cbp_class_of(e->idx, id, &more))
		return -1;
	for (i = 0; i < more.nr; i++) {
		if (cbp_class_contains(&ch->cls, more.members[i].c.id) >= 0)
			continue;
		ch->cls.members = cbp_grow(ch->cls.members,
					   sizeof(*ch->cls.members),
					   ch->cls.nr + 1, &ch->cls.alloc);
		ch->cls.members[ch->cls.nr] = more.members[i];
		ch->cls.members[ch->cls.nr].parent = -1;
		ch->cls.nr++;
	}
	cbp_class_release(&more);
	return locate_mainline(e, ch);
}

/**
 * cbp_change_release() - free a change
 * @ch: the change
 */
void cbp_change_release(struct cbp_change *ch)
{
	cbp_class_release(&ch->cls);
	ch->ml = -1;
	ch->pos = 0;
}

/**
 * cbp_change_in_branch() - the name under which a branch carries a change
 * @e: the queries
 * @ch: the change
 * @bit: the branch's bit
 *
 * A name of the branch's own (a backport, which mainline does not have)
 * is preferred to a mainline commit the branch contains since it forked.
 * Mainline's is its first there (@ch->ml), as followups shows it.
 *
 * Return: the member's index in @ch->cls.members, or -1 if the branch has
 * no name of the change.
 */
int cbp_change_in_branch(struct cbp_edges *e, const struct cbp_change *ch,
			 int bit)
{
	int mb = e->idx->mainline_bit, found = -1;
	size_t i;

	if (bit < 0)
		return -1;
	if (bit == mb && ch->ml >= 0)
		return ch->ml;
	for (i = 0; i < ch->cls.nr; i++) {
		const struct cbp_commit *c = &ch->cls.members[i].c;

		if (c->state != CBP_PRESENT || !(c->branches & (1ULL << bit)))
			continue;
		if (mb < 0 || bit == mb || !(c->branches & (1ULL << mb)))
			return (int)i;
		if (found < 0)
			found = (int)i;
	}
	return found;
}

/*
 * The change @ch reverts, into @t (release it): the commit that its
 * first name with a revert citation of a commit outside @ch cites.
 * 1 if found, 0 if @ch reverts nothing, -1 on error (recorded).
 */
static int reverted_change(struct cbp_edges *e, const struct cbp_change *ch,
			   struct cbp_change *t)
{
	long long target = 0;
	size_t i, k;

	for (i = 0; i < ch->cls.nr && !target; i++) {
		struct cbp_link *l;
		size_t n;

		if (ch->cls.members[i].c.state != CBP_PRESENT)
			continue;
		if (cbp_links(e->idx, ch->cls.members[i].c.id, 1, 0, &l, &n))
			return -1;
		for (k = 0; k < n && !target; k++)
			if (cbp_kind_is_revert(l[k].kind) &&
			    cbp_class_contains(&ch->cls, l[k].dst) < 0)
				target = l[k].dst;
		free(l);
	}
	if (!target)
		return 0;
	return cbp_change_of(e, target, t) ? -1 : 1;
}

static int is_revert(struct cbp_edges *e, const struct cbp_change *ch,
		     int depth)
{
	struct cbp_change t;
	int r;

	if (depth > MAX_REVERT_DEPTH)
		return 0;
	r = reverted_change(e, ch, &t);
	if (r <= 0)
		return r;
	r = is_revert(e, &t, depth + 1);
	cbp_change_release(&t);
	return r < 0 ? -1 : !r;
}

/**
 * cbp_change_is_revert() - whether a change undoes another
 * @e: the queries
 * @ch: the change
 *
 * A revert undoes what it reverts; a revert of a revert re-applies it
 * (and is not one), a revert of that undoes it again, and so on.
 *
 * Return: 1 if it is a revert, 0 if not, -1 on error (message recorded).
 */
int cbp_change_is_revert(struct cbp_edges *e, const struct cbp_change *ch)
{
	return is_revert(e, ch, 0);
}

/*
 * What one cbp_change_reverted() has decided, by a canonical name of each
 * change (its lowest row id): 0 or 1, or 2 while it is being decided, so
 * that hostile citations going round in a circle end, and every change is
 * decided once however many paths lead to it.
 */
struct rev_memo {
	long long *id;
	signed char *state;
	size_t nr, alloc, alloc_state;
};

static long long canonical(const struct cbp_change *ch)
{
	long long id = 0;
	size_t i;

	for (i = 0; i < ch->cls.nr; i++)
		if (!id || ch->cls.members[i].c.id < id)
			id = ch->cls.members[i].c.id;
	return id;
}

static signed char *memo_of(struct rev_memo *m, long long id)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		if (m->id[i] == id)
			return &m->state[i];
	m->id = cbp_grow(m->id, sizeof(*m->id), m->nr + 1, &m->alloc);
	m->state = cbp_grow(m->state, 1, m->nr + 1, &m->alloc_state);
	m->id[m->nr] = id;
	m->state[m->nr] = -1;
	return &m->state[m->nr++];
}

/*
 * The commits that cite a name of @ch as what they revert, outside @ch,
 * in the order of its names and their citations: *@out, *@nr of them
 * (free() it).  0, or -1 on error (recorded).
 */
static int reverts_of(struct cbp_edges *e, const struct cbp_change *ch,
		      long long **out, size_t *nr)
{
	size_t i, k, alloc = 0;

	*out = NULL;
	*nr = 0;
	for (i = 0; i < ch->cls.nr; i++) {
		struct cbp_link *l;
		size_t n;

		if (cbp_edges_into(e, ch->cls.members[i].c.id, &l, &n)) {
			free(*out);
			*out = NULL;
			*nr = 0;
			return -1;
		}
		for (k = 0; k < n; k++) {
			if (!cbp_kind_is_revert(l[k].kind) ||
			    cbp_class_contains(&ch->cls, l[k].src) >= 0)
				continue;
			*out = cbp_grow(*out, sizeof(**out), *nr + 1, &alloc);
			(*out)[(*nr)++] = l[k].src;
		}
		free(l);
	}
	return 0;
}

static int reverted(struct cbp_edges *e, const struct cbp_change *ch, int bit,
		    struct cbp_commit *by, struct rev_memo *m, int depth);

/*
 * The commits a branch has of its own (@data: its bit and mainline's,
 * as masks).
 */
static int own_commit(const struct cbp_commit *c, void *data)
{
	const unsigned long long *own = data;

	return (c->branches & own[0]) && !(c->branches & own[1]);
}

/*
 * Is row @from a descendant of row @rev on branch @bit, where @rev is a
 * commit of the branch's own, which mainline does not have?  A path
 * between them runs through commits that contain @rev, so on the branch
 * and not in mainline: the walk goes through those only, the commits the
 * branch has of its own, not through the history they share.
 *
 * Return: 1 if so, 0 if not, -1 on error (message recorded).
 */
static int descends_on_branch(struct cbp_edges *e, long long from,
			      long long rev, int bit)
{
	unsigned long long own[2] = {
		1ULL << bit, 1ULL << e->idx->mainline_bit,
	};

	return cbp_reaches(e->idx, from, rev, own_commit, own);
}

/*
 * Did branch @bit make @ch again after reverting it itself by @rev (its
 * commit of a revert of @ch, which mainline does not have)?  It did if
 * it has a name of @ch after @rev: a second cherry-pick of the change,
 * or any copy of it the branch made after the revert.
 *
 * Return: 1 if so, 0 if not, -1 on error (message recorded).
 */
static int picked_again(struct cbp_edges *e, const struct cbp_change *ch,
			const struct cbp_commit *rev, int bit)
{
	unsigned long long want = 1ULL << bit;
	unsigned long long ml = 1ULL << e->idx->mainline_bit;
	size_t i;
	int ret;

	if (e->idx->mainline_bit < 0 || bit == e->idx->mainline_bit ||
	    (rev->branches & ml))
		return 0;
	for (i = 0; i < ch->cls.nr; i++) {
		const struct cbp_commit *c = &ch->cls.members[i].c;

		if (c->state != CBP_PRESENT || !(c->branches & want) ||
		    (c->branches & ml) || c->id == rev->id)
			continue;
		ret = descends_on_branch(e, c->id, rev->id, bit);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Did branch @bit make @ch again after @r, the revert of it the branch
 * has (its name there: member @in), by reverting another revert of @ch
 * that the branch does not have?  git revert of a revert cites that
 * revert: one made twice (on a topic branch the index does not track,
 * and again in mainline) leaves the re-application citing the copy,
 * which no link joins to the revert the branch has.  (Of two reverts
 * the branch has, undoing one leaves the other.)  It counts when the
 * branch has it after @r in mainline order (both must have a place
 * there: elsewhere the order is not known) and did not revert it in
 * turn; @by, if not NULL, is set to it.
 *
 * Return: 1 if so, 0 if not, -1 on error (message recorded).
 */
static int reapplied_after(struct cbp_edges *e, const struct cbp_change *ch,
			   const struct cbp_change *r, int in, int bit,
			   struct cbp_commit *by, struct rev_memo *m, int depth)
{
	long long rpos = cbp_mainline_pos(e, r->cls.members[in].c.id);
	long long *rev = NULL, *again = NULL;
	size_t nr_rev = 0, nr_again = 0, k, x;
	int ret = 0;

	if (rpos <= 0)
		return rpos < 0 ? -1 : 0;
	if (reverts_of(e, ch, &rev, &nr_rev))
		return -1;
	/* The other reverts of @ch; those of @r are looked at already. */
	for (k = 0; k < nr_rev && !ret; k++) {
		struct cbp_change s;

		if (cbp_class_contains(&r->cls, rev[k]) >= 0)
			continue;
		if (cbp_change_of(e, rev[k], &s)) {
			ret = -1;
			break;
		}
		/* One the branch has is undone on its own: the others stand. */
		nr_again = 0;
		ret = cbp_change_in_branch(e, &s, bit) >= 0 ? 0 :
		      reverts_of(e, &s, &again, &nr_again);
		cbp_change_release(&s);
		for (x = 0; x < nr_again && !ret; x++) {
			struct cbp_change xc;
			long long xpos;
			int xin;

			if (cbp_class_contains(&r->cls, again[x]) >= 0)
				continue;
			if (cbp_change_of(e, again[x], &xc)) {
				ret = -1;
				break;
			}
			xin = cbp_change_in_branch(e, &xc, bit);
			xpos = xin < 0 ? 0 :
			       cbp_mainline_pos(e, xc.cls.members[xin].c.id);
			if (xpos < 0)
				ret = -1;
			else if (xpos > rpos)
				ret = reverted(e, &xc, bit, NULL, m, depth + 1);
			/* Made again unless it was reverted in turn. */
			if (xpos > rpos && ret >= 0)
				ret = !ret;
			if (ret > 0 && by)
				*by = xc.cls.members[xin].c;
			cbp_change_release(&xc);
		}
		free(again);
		again = NULL;
	}
	free(rev);
	return ret;
}

/*
 * Is @ch, a revert, undone on branch @bit by a revert of another revert
 * of what it reverts (reapplied_after(); @by as there)?
 */
static int undone_elsewhere(struct cbp_edges *e, const struct cbp_change *ch,
			    int bit, struct cbp_commit *by,
			    struct rev_memo *m, int depth)
{
	int in = cbp_change_in_branch(e, ch, bit), ret;
	struct cbp_change t;

	if (in < 0)
		return 0;
	ret = reverted_change(e, ch, &t);
	if (ret <= 0)
		return ret;
	ret = reapplied_after(e, &t, ch, in, bit, by, m, depth + 1);
	cbp_change_release(&t);
	return ret;
}

static int reverted(struct cbp_edges *e, const struct cbp_change *ch, int bit,
		    struct cbp_commit *by, struct rev_memo *m, int depth)
{
	long long self = canonical(ch), *rev;
	size_t nr_rev, k;
	int ret = 0;

	if (depth > MAX_REVERT_DEPTH)
		return 0;
	if (*memo_of(m, self) >= 0 && !by)
		return *memo_of(m, self) == 1;
	*memo_of(m, self) = 2;
	if (reverts_of(e, ch, &rev, &nr_rev))
		return -1;
	for (k = 0; k < nr_rev && !ret; k++) {
		struct cbp_change r;
		signed char *seen;
		int in;

		if (cbp_change_of(e, rev[k], &r)) {
			ret = -1;
			break;
		}
		seen = memo_of(m, canonical(&r));
		in = cbp_change_in_branch(e, &r, bit);
		/*
		 * A revert the branch has, unless it was reverted too, or
		 * the branch took the change again after its own revert.
		 */
		if (in >= 0 && *seen != 2) {
			ret = reverted(e, &r, bit, NULL, m, depth + 1);
			if (!ret)
				ret = picked_again(e, ch, &r.cls.members[in].c,
						   bit);
			if (!ret) {
				if (by)
					*by = r.cls.members[in].c;
				ret = 1;
			} else if (ret > 0) {
				ret = 0;
			}
		}
		cbp_change_release(&r);
	}
	free(rev);
	if (!ret)
		ret = undone_elsewhere(e, ch, bit, by, m, depth);
	if (ret >= 0)
		*memo_of(m, self) = (signed char)ret;
	return ret;
}

/**
 * cbp_change_reverted() - whether mainline reverted a change for good
 * @e: the queries
 * @ch: the change
 * @by: if so, the revert (its first mainline name); may be NULL
 *
 * A revert counts if mainline has it and has not reverted it in turn
 * (re-applying the change), to any depth.  A circle of revert citations
 * (only hostile data has one) is cut where it closes.
 *
 * Return: 1 if reverted, 0 if not, -1 on error (message recorded).
 */
int cbp_change_reverted(struct cbp_edges *e, const struct cbp_change *ch,
			struct cbp_commit *by)
{
	return cbp_change_reverted_in(e, ch, e->idx->mainline_bit, by);
}

/**
 * cbp_change_reverted_in() - whether a branch reverted a change for good
 * @e: the queries
 * @ch: the change
 * @bit: the branch
 * @by: if so, the revert, by the name the branch has it under; may be NULL
 *
 * As cbp_change_reverted(), on the commits @bit has: a revert citing any
 * name of the change counts, whichever name it cites and whether the
 * branch took it from mainline or reverted the change itself, unless the
 * branch re-applied the change after it.
 *
 * Return: 1 if reverted, 0 if not, -1 on error (message recorded).
 */
int cbp_change_reverted_in(struct cbp_edges *e, const struct cbp_change *ch,
			   int bit, struct cbp_commit *by)
{
	struct rev_memo m = { 0 };
	int ret;

	if (bit < 0)
		return 0;
	ret = reverted(e, ch, bit, by, &m, 0);
	free(m.id);
	free(m.state);
	return ret;
}

/* ---------------------------------------------------------------------- */
/* Follow-ups. */

/**
 * cbp_followup_kind_name() - a follow-up kind as a word
 * @kind: enum cbp_followup_kind
 *
 * Return: "fix", "revert", "reapply" or "prereq".
 */
const char *cbp_followup_kind_name(int kind)
{
	switch (kind) {
	case CBP_FU_FIX:
		return "fix";
	case CBP_FU_REVERT:
		return "revert";
	case CBP_FU_REAPPLY:
		return "reapply";
	case CBP_FU_PREREQ:
		return "prereq";
	}
	return "?";
}

/**
 * cbp_followup_kind_of() - what a citation makes of the commit that has it
 * @cite_kind: CBP_FIXES, CBP_STABLE_DEP_OF, CBP_REVERTS or CBP_REAPPLIES
 * @target_is_revert: the change cited reverts another
 *
 * Return: an enum cbp_followup_kind, or -1 for another citation kind.
 */
int cbp_followup_kind_of(int cite_kind, int target_is_revert)
{
	switch (cite_kind) {
	case CBP_FIXES:
		return CBP_FU_FIX;
	case CBP_STABLE_DEP_OF:
		return CBP_FU_PREREQ;
	case CBP_REVERTS:
	case CBP_REAPPLIES:
		return target_is_revert ? CBP_FU_REAPPLY : CBP_FU_REVERT;
	}
	return -1;
}

/* Is row @id a name of the change or of one of its follow-ups already? */
static int known(const struct cbp_followups *fu, long long id)
{
	size_t i;

	if (cbp_class_contains(&fu->root.cls, id) >= 0)
		return 1;
	for (i = 0; i < fu->nr; i++)
		if (cbp_class_contains(&fu->f[i].ch.cls, id) >= 0)
			return 1;
	return 0;
}

/* Add the follow-ups of @at (-1: the change) that are not known yet. */
static int expand(struct cbp_edges *e, struct cbp_followups *fu, int at)
{
	const struct cbp_change *of = at < 0 ? &fu->root : &fu->f[at].ch;
	int depth = at < 0 ? 1 : fu->f[at].depth + 1;
	int of_revert, nr_members = (int)of->cls.nr, i;
	size_t k;

	if (at >= 0 && fu->f[at].kind == CBP_FU_REVERT)
		of_revert = 1;
	else if (at >= 0 && fu->f[at].kind == CBP_FU_REAPPLY)
		of_revert = 0;
	else
		of_revert = cbp_change_is_revert(e, of);
	if (of_revert < 0)
		return -1;
	for (i = 0; i < nr_members; i++) {
		long long id = (at < 0 ? &fu->root : &fu->f[at].ch)->cls.members[i].c.id;
		struct cbp_link *l;
		size_t n;

		if (cbp_edges_into(e, id, &l, &n))
			return -1;
		for (k = 0; k < n; k++) {
			struct cbp_followup *f;

			if (known(fu, l[k].src))
				continue;
			if (fu->nr >= CBP_MAX_FOLLOWUPS) {
				fu->truncated = 1;
				break;
			}
			fu->f = cbp_grow(fu->f, sizeof(*fu->f), fu->nr + 1,
					 &fu->alloc);
			f = &fu->f[fu->nr];
			memset(f, 0, sizeof(*f));
			f->kind = cbp_followup_kind_of(l[k].kind, of_revert);
			f->of = at;
			f->depth = depth;
			f->link = l[k];
			if (cbp_change_of(e, l[k].src, &f->ch)) {
				free(l);
				return -1;
			}
			fu->nr++;
		}
		free(l);
	}
	return 0;
}

/* Mainline order first; then the date of the citing commit. */
static int before(const struct cbp_followup *a, const struct cbp_followup *b)
{
	const struct cbp_commit *ca, *cb;

	if (!!a->ch.pos != !!b->ch.pos)
		return !!a->ch.pos;
	if (a->ch.pos != b->ch.pos)
		return a->ch.pos < b->ch.pos;
	ca = &a->ch.cls.members[a->ch.ml >= 0 ? a->ch.ml : 0].c;
	cb = &b->ch.cls.members[b->ch.ml >= 0 ? b->ch.ml : 0].c;
	if (ca->atime != cb->atime)
		return ca->atime < cb->atime;
	return ca->id < cb->id;
}

/* Sort the follow-ups into mainline order, keeping @of pointing right. */
static void sort_followups(struct cbp_followups *fu)
{
	struct cbp_followup *sorted = cbp_calloc(fu->nr ? fu->nr : 1,
						 sizeof(*sorted));
	int *to = cbp_calloc(fu->nr ? fu->nr : 1, sizeof(*to));
	unsigned char *done = cbp_calloc(fu->nr ? fu->nr : 1, 1);
	size_t i, k;

	for (i = 0; i < fu->nr; i++) {
		int best = -1;

		for (k = 0; k < fu->nr; k++)
			if (!done[k] && (best < 0 || before(&fu->f[k], &fu->f[best])))
				best = (int)k;
		done[best] = 1;
		to[best] = (int)i;
		sorted[i] = fu->f[best];
	}
	for (i = 0; i < fu->nr; i++)
		if (sorted[i].of >= 0)
			sorted[i].of = to[sorted[i].of];
	free(fu->f);
	fu->f = sorted;
	fu->alloc = fu->nr;
	free(to);
	free(done);
}

/**
 * cbp_followups() - every commit that refers to a change after it
 * @e: the queries
 * @ids: rows naming the change; the names of all their classes are the
 *	 change (one row for a commit, several for a backport whose
 *	 trailers name more than one)
 * @n: number of @ids, at least 1
 * @fu: filled in; release with cbp_followups_release()
 *
 * Its fixes, reverts and re-applications, and the commits declaring it a
 * Stable-dep-of, then theirs in turn, to any depth: each commit citing
 * any name of the change or of a follow-up, taken as a change with all
 * its names.  Each says whether mainline reverted it for good.
 *
 * Return: 0, or -1 on error (message recorded).
 */
int cbp_followups(struct cbp_edges *e, const long long *ids, size_t n,
		  struct cbp_followups *fu)
{
	size_t i;
	int err;

	memset(fu, 0, sizeof(*fu));
	fu->root.ml = -1;
	if (cbp_change_of(e, ids[0], &fu->root))
		return -1;
	for (i = 1; i < n; i++)
		if (cbp_change_add(e, &fu->root, ids[i]))
			goto fail;
	/* Breadth first: each follow-up is reached by its shortest path. */
	if (expand(e, fu, -1))
		goto fail;
	for (i = 0; i < fu->nr && !fu->truncated; i++)
		if (expand(e, fu, (int)i))
			goto fail;
	err = cbp_change_reverted(e, &fu->root, &fu->root_reverted_by);
	if (err < 0)
		goto fail;
	fu->root_reverted = err;
	for (i = 0; i < fu->nr; i++) {
		err = cbp_change_reverted(e, &fu->f[i].ch, &fu->f[i].reverted_by);
		if (err < 0)
			goto fail;
		fu->f[i].reverted = err;
	}
	sort_followups(fu);
	return 0;
fail:
	cbp_followups_release(fu);
	return -1;
}

/**
 * cbp_followups_release() - free what cbp_followups() found
 * @fu: the follow-ups
 */
void cbp_followups_release(struct cbp_followups *fu)
{
	size_t i;

	for (i = 0; i < fu->nr; i++)
		cbp_change_release(&fu->f[i].ch);
	free(fu->f);
	cbp_change_release(&fu->root);
	memset(fu, 0, sizeof(*fu));
}
