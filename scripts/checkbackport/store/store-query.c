// SPDX-License-Identifier: GPL-2.0
/*
 * Read-only queries on the commit index: resolving names, reading rows,
 * following citations, subjects and release order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "base/refs-stamp.h"
#include "store-priv.h"
#include "base/util.h"

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
	c->mlpos = sqlite3_column_int64(st, 7);
	return 0;
}

/**
 * cbp_index_branch_tip_bit() - the bit of a branch the index has at a tip
 * @idx: the index
 * @name: the branch's short name, as tracked ("master", "origin/x")
 * @tip: the full ID the branch points at now
 *
 * The commits' branch bits (cbp_commit.branches) answer whether a
 * branch contains a commit exactly when the index was brought up to date
 * with the branch at the tip it has now.
 *
 * Return: the bit, or -1 if the index tracks no such branch at @tip (or
 * reading failed).
 */
int cbp_index_branch_tip_bit(struct cbp_index *idx, const char *name,
			     const char *tip)
{
	sqlite3_stmt *st;
	int bit = -1;

	if (cbp_db_prepare(idx->db,
			   "SELECT bit FROM branches WHERE name = ? AND tip = ?",
			   &st))
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, tip, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		bit = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return bit >= 0 && bit < CBP_MAX_BRANCHES ? bit : -1;
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
		/* One that left mainline keeps its number (build-edges.c). */
		if (idx->mainline_bit < 0 ||
		    !(c->branches & (1ULL << idx->mainline_bit)))
			c->mlpos = 0;
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

	cbp_bind_prefix(st, hex, len, upper);
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

/**
 * cbp_index_lookup_full() - the row of a full commit ID
 * @idx: the index
 * @hex: CBP_OID_HEXSZ lower-case hex digits
 * @id: the row found
 *
 * Return: 0, CBP_NOT_FOUND, or -1 on error.
 */
int cbp_index_lookup_full(struct cbp_index *idx, const char *hex, long long *id)
{
	long long ids[2];
	int states[2];
	int n = prefix_rows(idx, hex, CBP_OID_HEXSZ, ids, states, 2);

	if (n < 0)
		return -1;
	if (n == 0)
		return CBP_NOT_FOUND;
	*id = ids[0];
	return 0;
}

/* Is row @id the ID @hex exactly (a cited ID, kept as cited)? */
static int exact_row(struct cbp_index *idx, long long id, const char *hex)
{
	struct cbp_commit c;

	return !cbp_commit_get(idx, id, &c) && !strcmp(c.hex, hex);
}

/**
 * cbp_is_abbrev() - whether a name is an abbreviated commit ID
 * @name: a name from the command line or a message
 *
 * Return: its number of digits when cbp_resolve_id() reads it as an ID
 * (hex, 4 digits or more) and it is shorter than a full one, else 0.
 */
size_t cbp_is_abbrev(const char *name)
{
	size_t len = strlen(name);

	return len < CBP_OID_HEXSZ && is_hex_name(name, len) ? len : 0;
}

/**
 * cbp_resolve_id() - find the index row a commit ID stands for
 * @idx: the index
 * @name: a full or abbreviated ID, possibly one only cited by other
 *	  commits
 * @id: the row id found
 * @cands: for an ambiguous ID, the candidate rows (free() them); may be NULL
 * @nr_cands: number of @cands
 *
 * Abbreviated IDs are matched against commits in the index first; only if
 * none matches are IDs that are merely cited considered.  A name that is
 * not hex, or that no row matches, may still be a revision git knows
 * (v6.12, HEAD~2, a commit no ref reaches): that is for the caller to ask.
 *
 * Return: 0 if found; CBP_NOT_FOUND or CBP_IS_AMBIGUOUS with a message
 * recorded; -1 on error.
 */
int cbp_resolve_id(struct cbp_index *idx, const char *name, long long *id,
		   struct cbp_commit **cands, size_t *nr_cands)
{
	size_t len = strlen(name), i;
	char hex[CBP_OID_HEXSZ + 1];
	long long ids[MAX_CANDS];
	int states[MAX_CANDS];
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
		/*
		 * Cited only, as written in one trailer and longer in
		 * another (OVS cites Linux's 029f7f3b8701 both ways): the
		 * ID as asked is the one cited so.
		 */
		for (i = 0; !present && i < (size_t)n; i++)
			if (exact_row(idx, ids[i], hex)) {
				*id = ids[i];
				return 0;
			}
		if (present > 1 || n > 1) {
			fill_cands(idx, ids, present ? present : n, cands,
				   nr_cands);
			cbp_error("short ID %s is ambiguous", name);
			return CBP_IS_AMBIGUOUS;
		}
		/*
		 * Cited under a shorter ID than the one asked about?  Only
		 * as those first digits: a row cited as 0123456789abcdef0123
		 * is no name of 0123456789abcdef9999.
		 */
		for (i = len - 1; i >= CBP_HEX_MIN; i--) {
			char next = hex[i];
			int cited;

			n = prefix_rows(idx, hex, i, ids, states, 2);
			if (n < 0)
				return -1;
			hex[i] = '\0';
			cited = n == 1 && states[0] != CBP_PRESENT &&
				exact_row(idx, ids[0], hex);
			hex[i] = next;
			if (cited) {
				*id = ids[0];
				return 0;
			}
		}
	}
	cbp_error("unknown commit %s", name);
	return CBP_NOT_FOUND;
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
	l->trust = sqlite3_column_int(st, 5);
}

/*
 * With each link, its verdict: the trust row's if there is one, a
 * consistent subject if both ends are commits (see build-trust.c), none
 * otherwise.  [outgoing][origin only], as struct cbp_index.st_links.
 */
#define LINKS_SQL(where)						\
	"SELECT l.src, l.dst, l.kind, l.cited, l.quoted,\n"		\
	" CASE WHEN l.kind < 16 AND a.state = 1 AND b.state = 1\n"	\
	" THEN coalesce(t.verdict, 1) ELSE 0 END FROM links l\n"		\
	" LEFT JOIN commits a ON a.id = l.src\n"			\
	" LEFT JOIN commits b ON b.id = l.dst\n"			\
	" LEFT JOIN trust t ON t.src = l.src AND t.dst = l.dst\n"	\
	" WHERE " where " ORDER BY l.rowid"
static const char *const links_sql[2][2] = {
	{ LINKS_SQL("l.dst = ?"), LINKS_SQL("l.dst = ? AND l.kind < 16") },
	{ LINKS_SQL("l.src = ?"), LINKS_SQL("l.src = ? AND l.kind < 16") },
};

#undef LINKS_SQL

/*
 * The statement of cbp_links(), prepared when first asked for: a query
 * asks for one or two of the four, and parsing the others would cost
 * every run of the front.  NULL with the error recorded if it fails.
 */
static sqlite3_stmt *links_stmt(struct cbp_index *idx, int outgoing,
				int origin_only)
{
	sqlite3_stmt **st = &idx->st_links[!!outgoing][!!origin_only];

	if (!*st &&
	    cbp_db_prepare(idx->db, links_sql[!!outgoing][!!origin_only], st))
		return NULL;
	return *st;
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
	sqlite3_stmt *st = links_stmt(idx, outgoing, origin_only);
	size_t alloc = 0;
	int rc;

	*links = NULL;
	*nr = 0;
	if (!st)
		return -1;
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
 * cbp_hex_key() - the number stored in commits.hkey
 * @hex: lower-case hex digits of an ID, as full or as short as cited
 * @len: how many
 *
 * The first CBP_HKEY_DIGITS digits as one number, a shorter ID's as if
 * zeros followed: IDs sharing a prefix of up to that many digits have
 * keys in one range (cbp_bind_prefix()).  The lookups by ID go through
 * this number's index, not the text's: a fresh build of a million
 * commits creates it in 0.7 s, where the 40-digit text's took 1.7 s.
 *
 * Return: the key, never negative.
 */
long long cbp_hex_key(const char *hex, size_t len)
{
	unsigned long long key = 0;
	size_t i;

	for (i = 0; i < CBP_HKEY_DIGITS; i++)
		key = key << 4 | (unsigned int)(i < len ? cbp_hexval(hex[i]) & 15 : 0);
	return (long long)key;
}

/**
 * cbp_bind_prefix() - bind the rows of IDs starting with a prefix
 * @st: a statement whose first four parameters bound the rows as
 *	"hkey >= ?1 AND hkey < ?2 AND hex >= ?3 AND hex < ?4"
 * @hex: the prefix, lower-case hex digits; not copied
 * @len: how many (at most CBP_HEX_MAX)
 * @upper: storage the statement uses while it runs, CBP_HEX_MAX + 2 bytes
 *
 * The keys give the range the index reads, the text keeps exactly the
 * IDs starting with @hex (a prefix longer than the key shares its key
 * with other IDs).
 */
void cbp_bind_prefix(sqlite3_stmt *st, const char *hex, size_t len,
		     char *upper)
{
	long long lo = cbp_hex_key(hex, len);

	memcpy(upper, hex, len);
	upper[len] = 'g';
	sqlite3_bind_int64(st, 1, lo);
	sqlite3_bind_int64(st, 2, len < CBP_HKEY_DIGITS ?
			   lo + (1LL << 4 * (CBP_HKEY_DIGITS - len)) : lo + 1);
	sqlite3_bind_text(st, 3, hex, (int)len, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, upper, (int)len + 1, SQLITE_STATIC);
}

/**
 * cbp_subject_copy_key() - the hash stored in commits.ckey
 * @s: a sanitized subject
 * @key: set to the hash of @s as the search for copies without a
 *	 trailer compares subjects (cbp_subject_norm(), CBP_NORM_FOLD |
 *	 CBP_NORM_COPY): equal for "fix: x (#1)" and "fix: x [release-1.0] (#2)"
 *
 * Return: 1 with @key set, or 0 when nothing is left of @s to compare
 * (a subject of groups alone: no key, so it matches nothing).
 */
int cbp_subject_copy_key(const char *s, long long *key)
{
	char norm[CBP_SUBJECT_MAX];

	if (!cbp_subject_norm(s, norm, sizeof(norm),
			      CBP_NORM_FOLD | CBP_NORM_COPY))
		return 0;
	*key = cbp_subject_hash(norm);
	return 1;
}

/**
 * cbp_reaches() - whether a commit has another among its ancestors
 * @idx: the index
 * @from: the row the walk starts from
 * @want: the row looked for
 * @through: whether to walk on to the parents of a present commit (the
 *	     rows read on the way, @want aside); a row it refuses cannot
 *	     lead to @want (released before it, say)
 * @data: for @through
 *
 * A walk down the parents the index keeps (commits.parents), each row
 * once.
 *
 * Context: reads rows as cbp_commit_get() does, so after
 * cbp_prepare_queries(); @through is called with each row read.
 *
 * Return: 1 if @from is @want or one of its ancestors is, 0 if not, -1
 * on error (message recorded).
 */
int cbp_reaches(struct cbp_index *idx, long long from, long long want,
		int (*through)(const struct cbp_commit *c, void *data),
		void *data)
{
	unsigned char *seen;
	long long *stack = NULL, max;
	size_t nr = 0, alloc = 0;
	sqlite3_stmt *st = NULL;
	int found = 0, err = 0;

	if (cbp_db_int(idx->db, "SELECT max(id) FROM commits", &max) ||
	    cbp_db_prepare(idx->db, "SELECT parents FROM commits WHERE id = ?",
			   &st))
		return -1;
	seen = cbp_calloc((size_t)(max > 0 ? max : 0) / 8 + 1, 1);
	stack = cbp_grow(stack, sizeof(*stack), 1, &alloc);
	stack[nr++] = from;
	while (nr && !found && !err) {
		long long id = stack[--nr];
		const unsigned char *blob;
		struct cbp_commit c;
		int n, k, rc;

		if (id == want) {
			found = 1;
			break;
		}
		if (id < 1 || id > max || (seen[id / 8] & (1 << (id % 8))))
			continue;
		seen[id / 8] |= 1 << (id % 8);
		rc = cbp_commit_get(idx, id, &c);
		if (rc < 0)
			err = -1;
		if (rc || c.state != CBP_PRESENT || !through(&c, data))
			continue;
		sqlite3_bind_int64(st, 1, id);
		rc = sqlite3_step(st);
		if (rc == SQLITE_ROW) {
			blob = sqlite3_column_blob(st, 0);
			n = sqlite3_column_bytes(st, 0) / 4;
			stack = cbp_grow(stack, sizeof(*stack), nr + n, &alloc);
			for (k = 0; k < n; k++)
				stack[nr++] = cbp_parent_at(blob, k);
		} else if (rc != SQLITE_DONE) {
			err = cbp_error_sqlite(idx->db, "index");
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	free(stack);
	free(seen);
	return err ? -1 : found;
}

/**
 * cbp_release_before() - whether one commit was released before another
 * @a: a commit
 * @b: another commit
 *
 * Orders by first release; a commit in no release yet sorts after every
 * released one.  Of one release (or none yet), the one mainline took
 * first comes first, as followups orders a change's names: a cherry-pick
 * keeps the author date, so a pick and its original, both in mainline,
 * have the same, and then the one the query met first won.  The author
 * date still orders two that mainline does not both have.
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
	if (a->mlpos && b->mlpos && a->mlpos != b->mlpos)
		return a->mlpos < b->mlpos;
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

/* The row the first result of @st names into *@id (left 0 if none); @st freed. */
static int first_row(struct cbp_index *idx, sqlite3_stmt *st, long long *id)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return 0;
}

/**
 * cbp_same_subject_in_branch() - a branch's own commit of a commit's subject
 * @idx: the index
 * @m: a commit (of mainline, in practice)
 * @bit: the branch
 * @mb: mainline's bit: its commits are not the branch's own
 * @twin: set to the oldest such commit's row, 0 if none
 *
 * A fix applied to a branch by hand, conflicts resolved and no trailer
 * written, shares nothing with mainline's but its subject: the commands
 * name it beside a fix they find missing, never take it for the fix.
 *
 * Return: 0, or -1 on error.
 */
int cbp_same_subject_in_branch(struct cbp_index *idx,
			       const struct cbp_commit *m, int bit, int mb,
			       long long *twin)
{
	sqlite3_stmt *st;

	*twin = 0;
	if (!m->subject[0] || bit < 0 || bit >= CBP_MAX_BRANCHES || mb < 0 ||
	    mb >= CBP_MAX_BRANCHES)
		return 0;
	/*
	 * One query, the branch bits tested by SQLite: a common subject
	 * ("fix typo") has many commits, and each is not looked up.  A
	 * commit outside mainline carries its own bits in reach (only
	 * mainline's get more from branches.base), so they are complete.
	 */
	if (sqlite3_prepare_v2(idx->db,
			       "SELECT c.id FROM commits c JOIN reach r ON r.id = c.id\n"
			       " WHERE c.shash = ?1 AND c.subject = ?2 AND c.state = 1\n"
			       " AND c.id != ?3 AND (r.branches & ?4) != 0\n"
			       " AND (r.branches & ?5) = 0 ORDER BY c.atime LIMIT 1",
			       -1, &st, NULL) != SQLITE_OK)
		return cbp_error_sqlite(idx->db, "index");
	sqlite3_bind_int64(st, 1, cbp_subject_hash(m->subject));
	sqlite3_bind_text(st, 2, m->subject, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, m->id);
	sqlite3_bind_int64(st, 4, (long long)(1ULL << bit));
	sqlite3_bind_int64(st, 5, (long long)(1ULL << mb));
	return first_row(idx, st, twin);
}

/**
 * cbp_cited_in_branch() - a branch's own commit naming a commit its origin
 * @idx: the index
 * @m: a commit (of mainline, in practice)
 * @bit: the branch
 * @mb: mainline's bit: its commits are not the branch's own
 * @citer: set to the oldest such commit's row, 0 if none
 *
 * A commit of the branch that cites @m as its origin ("cherry picked
 * from", "master commit:") and still leaves @m missing there: its
 * citation was not followed, its files being others (a squash of several
 * fixes names each, but changes the files of one; a fix adapted to files
 * the branch has under other names).  The commands name it beside a fix
 * they find missing, as a branch commit of its subject: it may carry the
 * fix, but no rule of theirs says so.
 *
 * Return: 0, or -1 on error.
 */
int cbp_cited_in_branch(struct cbp_index *idx, const struct cbp_commit *m,
			int bit, int mb, long long *citer)
{
	sqlite3_stmt *st;

	*citer = 0;
	if (bit < 0 || bit >= CBP_MAX_BRANCHES || mb < 0 ||
	    mb >= CBP_MAX_BRANCHES)
		return 0;
	if (sqlite3_prepare_v2(idx->db,
			       "SELECT c.id FROM links l JOIN commits c ON c.id = l.src\n"
			       " JOIN reach r ON r.id = c.id\n"
			       " WHERE l.dst = ?1 AND l.kind < 16 AND l.kind != ?2\n"
			       " AND c.state = 1 AND c.id != ?1 AND (r.branches & ?3) != 0\n"
			       " AND (r.branches & ?4) = 0 ORDER BY c.atime LIMIT 1",
			       -1, &st, NULL) != SQLITE_OK)
		return cbp_error_sqlite(idx->db, "index");
	sqlite3_bind_int64(st, 1, m->id);
	sqlite3_bind_int(st, 2, CBP_SAME_PATCH_ID);
	sqlite3_bind_int64(st, 3, (long long)(1ULL << bit));
	sqlite3_bind_int64(st, 4, (long long)(1ULL << mb));
	return first_row(idx, st, citer);
}

/**
 * cbp_squash_in_branch() - a commit of a branch carrying a change squashed
 * @idx: the index
 * @cls: the change's names (a fix, in practice)
 * @bit: the branch
 * @squash: set to the oldest such commit's row, 0 if none
 *
 * A squash of a change and its fix cites both, but only the change is
 * one of its names (CBP_TRUST_SQUASHED): the branch has the fix all the
 * same, in that commit.  One lookup by link destination per name.
 *
 * Return: 0, or -1 on error.
 */
int cbp_squash_in_branch(struct cbp_index *idx, const struct cbp_class *cls,
			 int bit, long long *squash)
{
	size_t i;

	*squash = 0;
	if (bit < 0 || bit >= CBP_MAX_BRANCHES)
		return 0;
	for (i = 0; i < cls->nr && !*squash; i++) {
		sqlite3_stmt *st;

		if (sqlite3_prepare_v2(idx->db,
				       "SELECT c.id FROM links l\n"
				       " JOIN trust t ON t.src = l.src AND t.dst = l.dst\n"
				       " JOIN commits c ON c.id = l.src JOIN reach r ON r.id = c.id\n"
				       " WHERE l.dst = ?1 AND t.verdict = ?2 AND c.state = 1\n"
				       " AND (r.branches & ?3) != 0 ORDER BY c.atime LIMIT 1",
				       -1, &st, NULL) != SQLITE_OK)
			return cbp_error_sqlite(idx->db, "index");
		sqlite3_bind_int64(st, 1, cls->members[i].c.id);
		sqlite3_bind_int(st, 2, CBP_TRUST_SQUASHED);
		sqlite3_bind_int64(st, 3, (long long)(1ULL << bit));
		if (first_row(idx, st, squash))
			return -1;
	}
	return 0;
}

/**
 * cbp_index_gaps() - what the repository lacked when the index was built
 * @idx: the index
 *
 * Kept from every build and update since the last cold build (see
 * cbp_store_add_gaps()).  An index opened for queries read it with what
 * it tracks (cbp_store_load_branches()); one not loaded yet (the builder
 * deciding whether to rebuild) is asked.
 *
 * Return: CBP_GAP_SHALLOW, CBP_GAP_PARTIAL, CBP_GAP_REPLACE and/or
 * CBP_GAP_DAMAGED, 0 if none or if the index cannot say.
 */
int cbp_index_gaps(struct cbp_index *idx)
{
	long long gaps = idx->gaps;

	if (gaps < 0 &&
	    cbp_db_int(idx->db, "SELECT value FROM meta WHERE key = 'gaps'",
		       &gaps))
		return 0;
	return gaps < 0 ? 0 :
	       (int)(gaps & (CBP_GAP_SHALLOW | CBP_GAP_PARTIAL | CBP_GAP_REPLACE |
			     CBP_GAP_DAMAGED));
}

/**
 * cbp_index_has_branch() - whether the repository has a branch of a name
 * @idx: the index, up to date with the refs (cbp_index_refs_moved())
 * @name: "NAME" of refs/heads/NAME or refs/remotes/NAME
 *
 * The refs an index was built from are kept (build_store_refs()), every
 * branch's whether tracked or not.
 *
 * Return: 1 if it has, 0 if not or if the index cannot say.
 */
int cbp_index_has_branch(struct cbp_index *idx, const char *name)
{
	sqlite3_stmt *st;
	int found;

	if (cbp_db_prepare(idx->db, "SELECT 1 FROM refs WHERE name IN\n"
			   " ('refs/heads/' || ?1, 'refs/remotes/' || ?1)", &st))
		return 0;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return found;
}

/**
 * cbp_index_unpeeled_branch() - whether a branch leads to no commit
 * @idx: the index, up to date with the refs (cbp_index_refs_moved())
 * @name: "NAME" of refs/heads/NAME or refs/remotes/NAME
 *
 * Such a branch is no tracked branch, and no branch to
 * cbp_index_has_branch(): the build kept it apart (meta 'unpeeled').
 *
 * Return: "a tree" or "a blob" if refs/heads/@name or refs/remotes/@name
 * leads to one, else NULL (also if the index cannot say).
 */
const char *cbp_index_unpeeled_branch(struct cbp_index *idx, const char *name)
{
	static const char *const prefix[] = { "refs/heads/", "refs/remotes/" };
	const char *what = NULL;
	sqlite3_stmt *st;
	size_t i;

	if (cbp_db_prepare(idx->db, "SELECT value FROM meta WHERE key = 'unpeeled'",
			   &st))
		return NULL;
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *v = (const char *)sqlite3_column_text(st, 0);

		for (i = 0; v && !what && i < 2; i++) {
			char *line = cbp_strf("%s%s ", prefix[i], name);
			const char *at = strstr(v, line);
			size_t n = strlen(line);

			/* Whole lines only: "x tree" is not "prefix/x tree". */
			while (at && at != v && at[-1] != '\n')
				at = strstr(at + 1, line);
			if (at && !strncmp(at + n, "tree\n", 5))
				what = "a tree";
			else if (at && !strncmp(at + n, "blob\n", 5))
				what = "a blob";
			free(line);
		}
	}
	sqlite3_finalize(st);
	return what;
}

/**
 * cbp_index_refs_moved() - whether the repository's refs moved since the
 *	index was last brought up to date
 * @idx: the index
 * @commondir: the repository's common git directory
 *
 * Compares cbp_refs_stamp() now with the one the last build or update
 * recorded (meta 'refs'), reading the refs' files only.
 *
 * Return: 1 if they moved, or if that cannot be told (no stamp
 * recorded, a ref that cannot be read): the index is to be updated;
 * 0 if not.
 */
int cbp_index_refs_moved(struct cbp_index *idx, const char *commondir)
{
	unsigned long long now = cbp_refs_stamp(commondir, NULL);
	sqlite3_stmt *st;
	const char *text;
	char *end;
	int moved = 1;

	if (!now || sqlite3_prepare_v2(idx->db,
				       "SELECT value FROM meta WHERE key = 'refs'",
				       -1, &st, NULL) != SQLITE_OK)
		return 1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		text = (const char *)sqlite3_column_text(st, 0);
		/* As cbp_store_set_refs_stamp() wrote it: 16 hex digits. */
		if (text && strlen(text) == 16)
			moved = strtoull(text, &end, 16) != now || *end;
	}
	sqlite3_finalize(st);
	return moved;
}

/*
 * The commits of a branch (bit ?1) outside mainline (?2) that are copies
 * of another commit, each once: named with an upstream line (commit X
 * upstream, [ Upstream commit X ], Upstream commit X, master commit: X),
 * with cherry-pick trailers alone ((cherry picked from commit X),
 * (backported from commit X)), or with none, joined by what they are
 * (the same patch-id, Change-Id, author, date and subject, or patch
 * under other folders).
 */
static const char origin_forms_sql[] =
	"SELECT coalesce(sum(named AND NOT up), 0), coalesce(sum(up), 0),\n"
	" coalesce(sum(NOT named), 0) FROM\n"
	" (SELECT max(l.kind IN (1, 2, 3, 4, 5, 7)) AS named,\n"
	"  max(l.kind IN (2, 3, 4, 7)) AS up FROM links l\n"
	"  JOIN reach r ON r.id = l.src\n"
	"  WHERE l.kind IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13)\n"
	"  AND (r.branches & ?1) != 0 AND (r.branches & ?2) = 0\n"
	"  GROUP BY l.src)";
static_assert(CBP_CHERRY_PICK == 1 && CBP_UPSTREAM == 2 &&
	      CBP_UPSTREAM_BRACKET == 3 && CBP_UPSTREAM_LINE == 4 &&
	      CBP_BACKPORTED == 5 && CBP_SAME_PATCH_ID == 6 &&
	      CBP_MASTER_COMMIT == 7 && CBP_SAME_CHANGE_ID == 8 &&
	      CBP_SAME_AUTHOR_DATE == 9 && CBP_SAME_AUTHOR_NEAR == 10 &&
	      CBP_SAME_AUTHOR_LATER == 12 && CBP_SAME_PATCH_MOVED == 13,
	      "origin_forms_sql");

/**
 * cbp_index_origin_forms() - how a branch's backports name their origin
 * @idx: the index
 * @bit: the branch's bit
 * @forms: set to how many of its commits outside mainline name their
 *	   origin each way, or none
 *
 * The kernel's stable branches use upstream lines, many projects'
 * git cherry-pick -x, some none at all (FreeIPA's branches carry the
 * mainline commit's message as it was): the branch's own history says
 * which it asks of a backport.
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_index_origin_forms(struct cbp_index *idx, int bit,
			   struct cbp_origin_forms *forms)
{
	sqlite3_stmt *st;
	int rc;

	memset(forms, 0, sizeof(*forms));
	if (bit < 0 || bit >= CBP_MAX_BRANCHES)
		return 0;
	if (cbp_db_prepare(idx->db, origin_forms_sql, &st))
		return -1;
	sqlite3_bind_int64(st, 1, (long long)(1ULL << bit));
	sqlite3_bind_int64(st, 2, idx->mainline_bit < 0 ? 0 :
			   (long long)(1ULL << idx->mainline_bit));
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		forms->picks = sqlite3_column_int64(st, 0);
		forms->upstream = sqlite3_column_int64(st, 1);
		forms->bare = sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return cbp_error("index: %s", sqlite3_errmsg(idx->db));
	return 0;
}

/**
 * cbp_index_count_present() - how many commits the index has
 * @idx: the index
 * @nr: the number of commits (rows of state present)
 *
 * Return: 0, or -1 on error.
 */
int cbp_index_count_present(struct cbp_index *idx, long long *nr)
{
	if (cbp_db_int(idx->db, "SELECT value FROM meta WHERE key = 'present'",
		       nr))
		return -1;
	if (*nr < 0)
		return cbp_db_int(idx->db,
				  "SELECT count(*) FROM commits WHERE state = 1", nr);
	return 0;
}
