// SPDX-License-Identifier: GPL-2.0
/*
 * Read-only queries on the commit index: resolving names, reading rows,
 * following citations and computing the class of names of a change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"
#include "index-priv.h"
#include "util.h"

#define MAX_CLASS	10000
#define MAX_CANDS	32

/*
 * Branches other than mainline are not marked on the commits of the
 * newest mainline release they contain whole (branches.base): a commit
 * in mainline whose first release is no later than that is in them.
 */
static void add_based_branches(const struct cbp_index *idx,
			       struct cbp_commit *c)
{
	int bit;

	if (idx->mainline_bit < 0 || c->release_key < 0 ||
	    !(c->branches & (1ULL << idx->mainline_bit)))
		return;
	for (bit = 0; bit < idx->nr_branches; bit++)
		if (idx->branch[bit].name && idx->branch[bit].base >= 0 &&
		    c->release_key <= idx->branch[bit].base)
			c->branches |= 1ULL << bit;
}

static int row_to_commit(sqlite3_stmt *st, long long id, struct cbp_commit *c)
{
	const char *hex = (const char *)sqlite3_column_text(st, 0);
	const char *subject = (const char *)sqlite3_column_text(st, 2);
	const char *rel = (const char *)sqlite3_column_text(st, 4);

	memset(c, 0, sizeof(*c));
	c->id = id;
	snprintf(c->hex, sizeof(c->hex), "%s", hex ? hex : "");
	c->state = sqlite3_column_int(st, 1);
	snprintf(c->subject, sizeof(c->subject), "%s", subject ? subject : "");
	c->atime = sqlite3_column_int64(st, 3);
	snprintf(c->release, sizeof(c->release), "%s", rel ? rel : "");
	c->release_key = rel ? sqlite3_column_int64(st, 5) : -1;
	c->branches = (unsigned long long)sqlite3_column_int64(st, 6);
	return 0;
}

/**
 * cbp_commit_get() - read one row of the index
 * @idx: the index
 * @id: row id
 * @c: filled in
 *
 * Return: 0, CBP_NOT_FOUND if there is no such row, or -1 on error.
 */
int cbp_commit_get(struct cbp_index *idx, long long id, struct cbp_commit *c)
{
	sqlite3_stmt *st = idx->st_get;
	int rc;

	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		row_to_commit(st, id, c);
		add_based_branches(idx, c);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return 0;
	if (rc == SQLITE_DONE)
		return CBP_NOT_FOUND;
	return cbp_error_sqlite(idx->db, "index");
}

static int is_hex_name(const char *s, size_t len)
{
	size_t i;

	if (len < 4 || len > CBP_HEX_MAX)
		return 0;
	for (i = 0; i < len; i++)
		if (!strchr("0123456789abcdefABCDEF", s[i]) || !s[i])
			return 0;
	return 1;
}

/* Rows whose hex starts with @hex; present ones first. */
static int prefix_rows(struct cbp_index *idx, const char *hex, size_t len,
		       long long *ids, int *states, int max)
{
	sqlite3_stmt *st = idx->st_range;
	char upper[CBP_HEX_MAX + 2];
	int n = 0, rc;

	memcpy(upper, hex, len);
	upper[len] = 'g';
	sqlite3_bind_text(st, 1, hex, (int)len, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, upper, (int)len + 1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
		ids[n] = sqlite3_column_int64(st, 0);
		states[n] = sqlite3_column_int(st, 1);
		n++;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return n;
}

static int fill_cands(struct cbp_index *idx, const long long *ids, int n,
		      struct cbp_commit **cands, size_t *nr)
{
	int i;

	if (!cands)
		return 0;
	*cands = cbp_calloc(n, sizeof(**cands));
	*nr = 0;
	for (i = 0; i < n; i++)
		if (!cbp_commit_get(idx, ids[i], &(*cands)[*nr]))
			(*nr)++;
	return 0;
}

static int lookup_full(struct cbp_index *idx, const char *hex, long long *id)
{
	long long ids[2];
	int states[2];
	int n = prefix_rows(idx, hex, GIT_OID_HEXSZ, ids, states, 2);

	if (n < 0)
		return -1;
	if (n == 0)
		return CBP_NOT_FOUND;
	*id = ids[0];
	return 0;
}

/**
 * cbp_resolve() - find the index row a user-supplied name stands for
 * @idx: the index
 * @name: an ID (full or abbreviated, possibly one only cited by other
 *	  commits) or any revision git understands (HEAD~2, v6.12, ...)
 * @id: the row id found
 * @cands: for an ambiguous ID, the candidate rows (free() them); may be NULL
 * @nr_cands: number of @cands
 *
 * Abbreviated IDs are matched against commits in the index first; only if
 * none matches are IDs that are merely cited considered.
 *
 * Return: 0 if found; CBP_NOT_FOUND or CBP_IS_AMBIGUOUS with a message
 * recorded; -1 on error.
 */
int cbp_resolve(struct cbp_index *idx, const char *name, long long *id,
		struct cbp_commit **cands, size_t *nr_cands)
{
	size_t len = strlen(name), i;
	char hex[GIT_OID_HEXSZ + 1];
	long long ids[MAX_CANDS];
	int states[MAX_CANDS];
	git_object *obj;
	int n, present = 0;

	if (cands) {
		*cands = NULL;
		*nr_cands = 0;
	}
	if (is_hex_name(name, len)) {
		for (i = 0; i < len; i++)
			hex[i] = (char)(name[i] | 0x20);
		hex[len] = '\0';
		n = prefix_rows(idx, hex, len, ids, states, MAX_CANDS);
		if (n < 0)
			return -1;
		while (present < n && states[present] == CBP_PRESENT)
			present++;
		if (present == 1 || (!present && n == 1)) {
			*id = ids[0];
			return 0;
		}
		if (present > 1 || n > 1) {
			fill_cands(idx, ids, present ? present : n, cands,
				   nr_cands);
			cbp_error("short ID %s is ambiguous", name);
			return CBP_IS_AMBIGUOUS;
		}
		/* Cited under a shorter ID than the one asked about? */
		for (i = len - 1; i >= CBP_HEX_MIN; i--) {
			n = prefix_rows(idx, hex, i, ids, states, 2);
			if (n < 0)
				return -1;
			if (n == 1 && states[0] != CBP_PRESENT) {
				*id = ids[0];
				return 0;
			}
		}
	}

	if (!cbp_index_repo(idx))
		return -1;
	if (git_revparse_single(&obj, idx->repo, name) < 0) {
		git_error_clear();
		cbp_error("unknown commit %s", name);
		return CBP_NOT_FOUND;
	}
	{
		git_object *peeled;

		if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0) {
			git_object_free(obj);
			git_error_clear();
			cbp_error("%s does not name a commit", name);
			return CBP_NOT_FOUND;
		}
		git_oid_tostr(hex, sizeof(hex), git_object_id(peeled));
		git_object_free(peeled);
		git_object_free(obj);
	}
	n = lookup_full(idx, hex, id);
	if (n == CBP_NOT_FOUND)
		cbp_error("commit %.12s is not in the index (%s)", hex,
			  "run 'checkbackport index'; or no ref reaches it");
	return n;
}

static void copy_link(sqlite3_stmt *st, struct cbp_link *l)
{
	const char *cited = (const char *)sqlite3_column_text(st, 3);
	const char *quoted = (const char *)sqlite3_column_text(st, 4);

	l->src = sqlite3_column_int64(st, 0);
	l->dst = sqlite3_column_int64(st, 1);
	l->kind = sqlite3_column_int(st, 2);
	snprintf(l->cited, sizeof(l->cited), "%s", cited ? cited : "");
	snprintf(l->quoted, sizeof(l->quoted), "%s", quoted ? quoted : "");
}

/**
 * cbp_links() - citations made by, or pointing at, one row
 * @idx: the index
 * @id: the row
 * @outgoing: 1 for the citations in @id's message, 0 for those naming @id
 * @origin_only: 1 to return only cherry-pick/upstream/backport citations
 * @links: the result, in message order (free() it)
 * @nr: number of @links
 *
 * Return: 0, or -1 on error.
 */
int cbp_links(struct cbp_index *idx, long long id, int outgoing,
	      int origin_only, struct cbp_link **links, size_t *nr)
{
	sqlite3_stmt *st = idx->st_links[!!outgoing][!!origin_only];
	size_t alloc = 0;
	int rc;

	*links = NULL;
	*nr = 0;
	sqlite3_bind_int64(st, 1, id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*links = cbp_grow(*links, sizeof(**links), *nr + 1, &alloc);
		copy_link(st, &(*links)[(*nr)++]);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return 0;
}

/**
 * cbp_class_contains() - position of a row in a class
 * @cls: the class
 * @id: row id
 *
 * Return: its index in @cls->members, or -1.
 */
int cbp_class_contains(const struct cbp_class *cls, long long id)
{
	size_t i;

	for (i = 0; i < cls->nr; i++)
		if (cls->members[i].c.id == id)
			return (int)i;
	return -1;
}

/**
 * cbp_class_release() - free a class filled in by cbp_class_of()
 * @cls: the class
 */
void cbp_class_release(struct cbp_class *cls)
{
	free(cls->members);
	memset(cls, 0, sizeof(*cls));
}

struct walk {
	struct cbp_member *m;	/* in discovery order */
	size_t nr, alloc;
	struct cbp_link *e;	/* origin links inside the class */
	size_t nr_e, alloc_e;
};

static int find(const struct walk *w, long long id)
{
	size_t i;

	for (i = 0; i < w->nr; i++)
		if (w->m[i].c.id == id)
			return (int)i;
	return -1;
}

/* Is @a a better root / earlier sibling than @b? */
static int earlier(const struct cbp_commit *a, const struct cbp_commit *b)
{
	if (!!(a->state == CBP_PRESENT) ^ !!(b->state == CBP_PRESENT))
		return a->state == CBP_PRESENT;
	if (a->atime != b->atime)
		return a->atime < b->atime;
	return strcmp(a->hex, b->hex) < 0;
}

/*
 * Tree parent of each member: the member it cites that lies deepest on a
 * citation chain from the root (so a backport citing both the original
 * and a cherry-pick of it hangs under the cherry-pick); members citing
 * nothing in the tree hang under a member that cites them.
 */
static void place(struct walk *w, int root, int *parent, int *link, int *depth)
{
	size_t i, e, round;
	int changed = 1;

	for (i = 0; i < w->nr; i++) {
		parent[i] = -1;
		link[i] = -1;
		depth[i] = -1;
	}
	depth[root] = 0;
	for (round = 0; changed && round < 2 * w->nr + 2; round++) {
		changed = 0;
		for (e = 0; e < w->nr_e; e++) {
			int s = find(w, w->e[e].src), d = find(w, w->e[e].dst);

			if (s < 0 || d < 0 || s == root || s == d || depth[d] < 0)
				continue;
			if (depth[s] < depth[d] + 1 && depth[d] < (int)w->nr) {
				depth[s] = depth[d] + 1;
				parent[s] = d;
				link[s] = (int)e;
				changed = 1;
			}
		}
		if (changed)
			continue;
		for (e = 0; e < w->nr_e; e++) {
			int s = find(w, w->e[e].src), d = find(w, w->e[e].dst);

			if (s < 0 || d < 0 || depth[s] < 0 || depth[d] >= 0)
				continue;
			depth[d] = depth[s] + 1;
			parent[d] = s;
			link[d] = (int)e;
			changed = 1;
		}
	}
}

/* Depth-first, children in date order, from member @at of the walk. */
static void emit(struct walk *w, int at, int parent_out, const int *parent,
		 const int *link, unsigned char *done, struct cbp_class *cls)
{
	int me = (int)cls->nr;

	done[at] = 1;
	cls->members = cbp_grow(cls->members, sizeof(*cls->members),
				cls->nr + 1, &cls->alloc);
	cls->members[me].c = w->m[at].c;
	cls->members[me].parent = parent_out;
	if (link[at] >= 0)
		cls->members[me].link = w->e[link[at]];
	else
		memset(&cls->members[me].link, 0, sizeof(struct cbp_link));
	cls->nr++;

	for (;;) {
		int best = -1;
		size_t i;

		for (i = 0; i < w->nr; i++)
			if (parent[i] == at && !done[i] &&
			    (best < 0 || earlier(&w->m[i].c, &w->m[best].c)))
				best = (int)i;
		if (best < 0)
			break;
		emit(w, best, me, parent, link, done, cls);
	}
}

/**
 * cbp_class_of() - every name of the change a row belongs to
 * @idx: the index
 * @id: any member
 * @cls: filled in; release with cbp_class_release()
 *
 * Rows joined by origin citations (cherry picked from, commit X upstream,
 * [ Upstream commit X ], Upstream commit X, backported from), in either
 * direction and to any depth, form the class.  The members are returned
 * as a spanning tree in depth-first order, rooted at the original: a
 * member citing no other member, preferring one present in the repository
 * and then the oldest.
 *
 * Return: 0, or -1 on error.
 */
int cbp_class_of(struct cbp_index *idx, long long id, struct cbp_class *cls)
{
	struct walk w = { 0 };
	unsigned char *done;
	int *parent, *link, *depth;
	size_t head = 0, i;
	int root, err = -1;

	memset(cls, 0, sizeof(*cls));
	w.m = cbp_grow(w.m, sizeof(*w.m), 1, &w.alloc);
	if (cbp_commit_get(idx, id, &w.m[0].c)) {
		free(w.m);
		return cbp_errmsg()[0] ? -1 : cbp_error("no index row %lld", id);
	}
	w.nr = 1;

	while (head < w.nr && w.nr < MAX_CLASS) {
		long long at = w.m[head++].c.id;
		int dir;

		for (dir = 0; dir < 2; dir++) {
			struct cbp_link *l;
			size_t n;

			if (cbp_links(idx, at, dir, 1, &l, &n))
				goto out;
			for (i = 0; i < n; i++) {
				long long other = dir ? l[i].dst : l[i].src;

				/* Every member is visited: keep its own citations. */
				if (dir) {
					w.e = cbp_grow(w.e, sizeof(*w.e), w.nr_e + 1,
						       &w.alloc_e);
					w.e[w.nr_e++] = l[i];
				}
				if (find(&w, other) >= 0 || w.nr >= MAX_CLASS)
					continue;
				w.m = cbp_grow(w.m, sizeof(*w.m), w.nr + 1,
					       &w.alloc);
				if (cbp_commit_get(idx, other, &w.m[w.nr].c))
					continue;
				w.nr++;
			}
			free(l);
		}
	}

	/* Root: cites no member; present and oldest preferred. */
	root = -1;
	for (i = 0; i < w.nr; i++) {
		size_t j;
		int cites = 0;

		for (j = 0; j < w.nr_e && !cites; j++)
			cites = w.e[j].src == w.m[i].c.id;
		if (!cites && (root < 0 || earlier(&w.m[i].c, &w.m[root].c)))
			root = (int)i;
	}
	if (root < 0)
		root = 0;	/* a cycle of citations */

	done = cbp_calloc(w.nr, 1);
	parent = cbp_calloc(w.nr, sizeof(*parent));
	link = cbp_calloc(w.nr, sizeof(*link));
	depth = cbp_calloc(w.nr, sizeof(*depth));
	place(&w, root, parent, link, depth);
	emit(&w, root, -1, parent, link, done, cls);
	/* Members cut off by a cycle of citations become extra roots. */
	for (i = 0; i < w.nr; i++)
		if (!done[i]) {
			link[i] = -1;
			parent[i] = -1;
			emit(&w, (int)i, -1, parent, link, done, cls);
		}
	free(parent);
	free(link);
	free(depth);
	free(done);
	err = 0;
out:
	free(w.m);
	free(w.e);
	if (err)
		cbp_class_release(cls);
	return err;
}

/**
 * cbp_subject_hash() - the hash stored in commits.shash
 * @s: a sanitized subject
 *
 * Return: 64-bit FNV-1a of @s, shifted to stay a positive SQLite integer.
 */
long long cbp_subject_hash(const char *s)
{
	unsigned long long h = 1469598103934665603ULL;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 1099511628211ULL;
	}
	return (long long)(h >> 1);
}

/**
 * cbp_release_before() - whether one commit was released before another
 * @a: a commit
 * @b: another commit
 *
 * Orders by first release; a commit in no release yet sorts after every
 * released one, and the author date breaks ties.
 *
 * Return: nonzero if @a comes first.
 */
int cbp_release_before(const struct cbp_commit *a, const struct cbp_commit *b)
{
	if (a->release_key != b->release_key) {
		if (a->release_key < 0 || b->release_key < 0)
			return b->release_key < 0;
		return a->release_key < b->release_key;
	}
	return a->atime < b->atime;
}

/**
 * cbp_same_subject() - present commits with exactly this subject
 * @idx: the index
 * @subject: the subject
 * @ids: the rows found (free() them)
 * @nr: number of @ids
 *
 * Return: 0, or -1 on error.
 */
int cbp_same_subject(struct cbp_index *idx, const char *subject,
		     long long **ids, size_t *nr)
{
	sqlite3_stmt *st;
	size_t alloc = 0;
	int rc;

	*ids = NULL;
	*nr = 0;
	if (sqlite3_prepare_v2(idx->db,
			       "SELECT id FROM commits WHERE shash = ? AND\n"
			       " subject = ? AND state = 1 ORDER BY atime",
			       -1, &st, NULL) != SQLITE_OK)
		return cbp_error_sqlite(idx->db, "index");
	sqlite3_bind_int64(st, 1, cbp_subject_hash(subject));
	sqlite3_bind_text(st, 2, subject, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*ids = cbp_grow(*ids, sizeof(**ids), *nr + 1, &alloc);
		(*ids)[(*nr)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return 0;
}

/**
 * cbp_index_repo() - the repository an index belongs to
 * @idx: the index
 *
 * Opens it through the loader of cbp_index_set_repo_loader() if the index
 * was opened with cbp_index_open_existing().
 *
 * Return: the repository, or NULL with an error recorded.
 */
git_repository *cbp_index_repo(struct cbp_index *idx)
{
	if (!idx->repo && idx->load_repo)
		idx->repo = idx->load_repo(idx->load_data);
	else if (!idx->repo)
		cbp_error("no repository");
	return idx->repo;
}
