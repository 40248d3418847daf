// SPDX-License-Identifier: GPL-2.0
/*
 * Building, updating and opening the commit index.
 *
 * Schema (PRAGMA user_version = CBP_SCHEMA_VERSION, application_id 'CBP1'):
 *
 *   meta(key, value)            complete=1 once a build has finished
 *   commits(id, hex, state, subject, shash, atime, parents)
 *                               one row per commit (state 1), and one per
 *                               cited ID that is missing (0) or ambiguous
 *                               (2), keyed by the ID as cited; parents is
 *                               a blob of little-endian 32-bit row ids
 *   reach(id, rel, branches)    first release (tags.id, 0 if none) and a
 *                               bitmap of the branches containing it
 *   links(src, kind, cited, quoted, dst)
 *                               one row per citation; kind is enum cbp_kind
 *   tags(id, name, commit_id, vkey)
 *                               release tags, vkey = cbp_version_key()
 *   branches(bit, name, role, tip, base)
 *                               tracked branches, the tip last seen, and
 *                               the version key of the newest mainline
 *                               release the branch contains whole (-1)
 *
 * A build reads each new commit object once, straight from the object
 * database, and keeps the commit graph of the new commits in memory.  A
 * cold build reads in one thread while the caller's thread stores into
 * SQLite, and resolves full IDs of commits it read from memory.
 * First releases are computed by processing tags in version order and
 * walking only commits whose release would improve: a commit reached by
 * tag T already carrying a release <= T has ancestors that do too, so the
 * walk stops there.  Branch containment works the same way per branch bit.
 * Old parts of the graph are loaded from the index only when a walk
 * reaches them, so an update costs time proportional to what changed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include <sqlite3.h>

#include "index.h"
#include "index-priv.h"
#include "util.h"

#define CBP_APP_ID	0x43425031	/* "CBP1" */

static const char schema_sql[] =
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE commits(id INTEGER PRIMARY KEY, hex TEXT NOT NULL,\n"
	" state INTEGER NOT NULL, subject TEXT, shash INTEGER,\n"
	" atime INTEGER, parents BLOB);"
	"CREATE TABLE reach(id INTEGER PRIMARY KEY,\n"
	" rel INTEGER NOT NULL DEFAULT 0, branches INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE links(src INTEGER NOT NULL, kind INTEGER NOT NULL,\n"
	" cited TEXT NOT NULL, quoted TEXT, dst INTEGER);"
	"CREATE TABLE tags(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,\n"
	" commit_id INTEGER NOT NULL, vkey INTEGER NOT NULL);"
	"CREATE TABLE branches(bit INTEGER PRIMARY KEY, name TEXT NOT NULL,\n"
	" role INTEGER NOT NULL, tip TEXT NOT NULL, base INTEGER NOT NULL);";

/* Created after the bulk load of a fresh build. */
static const char index_sql[] =
	"CREATE INDEX commits_hex ON commits(hex);"
	"CREATE INDEX commits_shash ON commits(shash);"
	"CREATE INDEX commits_absent ON commits(state) WHERE state != 1;"
	"CREATE INDEX links_src ON links(src);"
	"CREATE INDEX links_dst ON links(dst);";

/* ---------------------------------------------------------------------- */
/* Small SQLite helpers. */

static int db_exec(sqlite3 *db, const char *sql)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return cbp_error_sqlite(db, "index");
	return 0;
}

static int db_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(db, sql, -1, st, NULL) != SQLITE_OK)
		return cbp_error_sqlite(db, "index");
	return 0;
}

/* Run a statement that returns at most one integer; -1 if no row. */
static int db_int(sqlite3 *db, const char *sql, long long *val)
{
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(db, sql, &st))
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*val = sqlite3_column_int64(st, 0);
	else
		*val = -1;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(db, "index");
	return 0;
}

static int step_done(sqlite3 *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return cbp_error_sqlite(db, "index");
	return 0;
}

/* ---------------------------------------------------------------------- */
/* The in-memory part of a build. */

enum { NODE_UNKNOWN, NODE_LOADED, NODE_ABSENT };

struct node {
	unsigned long long br;
	unsigned int rel;
	unsigned int par;
	unsigned int npar;
	unsigned char state;
	unsigned char dirty;
};

struct ref_tip {
	char *name;
	int role;		/* tags: unused */
	long long vkey;		/* tags only */
	git_oid oid;
	unsigned int id;
	long long row;		/* tags.id, or branches.bit */
	long long base;		/* branches: see mark_branch() */
};

struct build {
	struct cbp_index *idx;
	sqlite3 *db;
	git_odb *odb;
	int cold;

	struct node *node;
	size_t nr_node, alloc_node;
	git_oid *oid;
	size_t alloc_oid;
	unsigned int *edge;
	size_t nr_edge, alloc_edge;
	unsigned int *hash;
	size_t hash_size, hash_nr;
	unsigned int *stack;
	size_t nr_stack, alloc_stack;
	unsigned int next_id;

	struct ref_tip *tags;
	size_t nr_tags, alloc_tags;
	struct ref_tip *br;
	size_t nr_br, alloc_br;
	long long *tag_key;
	size_t alloc_tag_key;

	sqlite3_stmt *ins_commit, *ins_link, *find_hex, *load_node;
	sqlite3_stmt *put_reach, *put_absent;

	long long read, links, absent_warned;
};

/*
 * One commit as read from the object database, ready to be stored.  A
 * cold build reads commits in one thread and stores them in another, so
 * everything the store needs is copied out of the object.
 */
struct rec_cite {
	enum cbp_kind kind;
	unsigned int hexlen;
	int has_quoted;
	size_t quoted_len;
	char hex[CBP_HEX_MAX + 1];
	char quoted[256];
};

struct commit_rec {
	unsigned int id;
	int loaded;		/* 0: absent or not a commit, nothing to store */
	unsigned int npar;
	long long atime;
	size_t sublen;
	char hex[GIT_OID_HEXSZ + 1];
	unsigned char pblob[4 * 64];
	char subject[512];
	struct rec_cite *cites;
	size_t nr_cites, alloc_cites;
};

static void ensure_node(struct build *b, unsigned int id)
{
	size_t old = b->alloc_node;

	if (id < b->nr_node)
		return;
	b->node = cbp_grow(b->node, sizeof(*b->node), id + 1, &b->alloc_node);
	if (b->alloc_node > old)
		memset(b->node + old, 0, (b->alloc_node - old) * sizeof(*b->node));
	b->oid = cbp_grow(b->oid, sizeof(*b->oid), id + 1, &b->alloc_oid);
	b->nr_node = id + 1;
}

static size_t oid_hash(const git_oid *oid)
{
	size_t h;

	memcpy(&h, oid->id, sizeof(h));
	return h;
}

static void hash_grow(struct build *b)
{
	unsigned int *old = b->hash;
	size_t old_size = b->hash_size, i;

	b->hash_size = old_size ? old_size * 2 : 1 << 16;
	b->hash = cbp_calloc(b->hash_size, sizeof(*b->hash));
	for (i = 0; i < old_size; i++) {
		size_t h;

		if (!old[i])
			continue;
		h = oid_hash(&b->oid[old[i]]) & (b->hash_size - 1);
		while (b->hash[h])
			h = (h + 1) & (b->hash_size - 1);
		b->hash[h] = old[i];
	}
	free(old);
}

/* Slot of @oid in the hash: holding it, or the empty slot to put it in. */
static size_t hash_slot(struct build *b, const git_oid *oid)
{
	size_t h = oid_hash(oid) & (b->hash_size - 1);

	while (b->hash[h] && !git_oid_equal(&b->oid[b->hash[h]], oid))
		h = (h + 1) & (b->hash_size - 1);
	return h;
}

static void push(struct build *b, unsigned int id)
{
	b->stack = cbp_grow(b->stack, sizeof(*b->stack), b->nr_stack + 1,
			    &b->alloc_stack);
	b->stack[b->nr_stack++] = id;
}

/*
 * The row id of commit @oid, allocating one (and queueing the commit to be
 * read) if it is not yet in the index.  Returns 0 on error.
 */
static unsigned int lookup_commit(struct build *b, const git_oid *oid)
{
	char hex[GIT_OID_HEXSZ + 1];
	unsigned int id = 0;
	int fresh = 1;
	size_t h;
	int rc;

	if (b->hash_nr * 2 >= b->hash_size)
		hash_grow(b);
	h = hash_slot(b, oid);
	if (b->hash[h])
		return b->hash[h];

	if (!b->cold) {
		git_oid_tostr(hex, sizeof(hex), oid);
		sqlite3_bind_text(b->find_hex, 1, hex, GIT_OID_HEXSZ,
				  SQLITE_TRANSIENT);
		rc = sqlite3_step(b->find_hex);
		if (rc == SQLITE_ROW) {
			id = (unsigned int)sqlite3_column_int64(b->find_hex, 0);
			fresh = sqlite3_column_int(b->find_hex, 1) != CBP_PRESENT;
		}
		sqlite3_reset(b->find_hex);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
			cbp_error_sqlite(b->db, "index");
			return 0;
		}
	}
	if (!id)
		id = b->next_id++;
	ensure_node(b, id);
	b->oid[id] = *oid;
	b->hash[h] = id;
	b->hash_nr++;
	if (fresh) {
		/* Mark it as ours so that the graph walks never load it. */
		b->node[id].state = NODE_ABSENT;
		push(b, id);
	}
	return id;
}

/* The graph node @id, loading an old commit's parents from the index. */
static struct node *get_node(struct build *b, unsigned int id)
{
	struct node *n;
	const unsigned char *blob;
	int rc, len, i;

	ensure_node(b, id);
	n = &b->node[id];
	if (n->state != NODE_UNKNOWN)
		return n;
	sqlite3_bind_int64(b->load_node, 1, id);
	rc = sqlite3_step(b->load_node);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(b->load_node);
		if (rc != SQLITE_DONE) {
			cbp_error_sqlite(b->db, "index");
			return NULL;
		}
		n->state = NODE_ABSENT;
		return n;
	}
	blob = sqlite3_column_blob(b->load_node, 0);
	len = sqlite3_column_bytes(b->load_node, 0) / 4;
	n->rel = (unsigned int)sqlite3_column_int64(b->load_node, 1);
	n->br = (unsigned long long)sqlite3_column_int64(b->load_node, 2);
	b->edge = cbp_grow(b->edge, sizeof(*b->edge), b->nr_edge + len,
			   &b->alloc_edge);
	n->par = (unsigned int)b->nr_edge;
	n->npar = (unsigned int)len;
	for (i = 0; i < len; i++)
		b->edge[b->nr_edge++] = blob[4 * i] | blob[4 * i + 1] << 8 |
			blob[4 * i + 2] << 16 | (unsigned int)blob[4 * i + 3] << 24;
	n->state = NODE_LOADED;
	sqlite3_reset(b->load_node);
	return n;
}

/* ---------------------------------------------------------------------- */
/* Reading commits. */

/*
 * Keep one citation of the commit being read: not one of itself (or a
 * prefix of itself), and each kind and ID once.
 */
static int collect_cite(const struct cbp_cite *cite, void *data)
{
	struct commit_rec *r = data;
	struct rec_cite *c;
	size_t i;

	if (!strncmp(r->hex, cite->hex, cite->hexlen))
		return 0;
	for (i = 0; i < r->nr_cites; i++)
		if (r->cites[i].kind == cite->kind &&
		    !strcmp(r->cites[i].hex, cite->hex))
			return 0;

	r->cites = cbp_grow(r->cites, sizeof(*r->cites), r->nr_cites + 1,
			    &r->alloc_cites);
	c = &r->cites[r->nr_cites++];
	c->kind = cite->kind;
	c->hexlen = cite->hexlen;
	memcpy(c->hex, cite->hex, sizeof(c->hex));
	c->has_quoted = !!cite->quoted;
	c->quoted_len = c->has_quoted ?
		cbp_sanitize(cite->quoted, cite->quoted_len, c->quoted,
			     sizeof(c->quoted)) : 0;
	return 0;
}

static long long parse_author_time(const char *p, const char *eol)
{
	const char *gt = NULL, *q;
	long long t = 0;

	for (q = p; q < eol; q++)
		if (*q == '>')
			gt = q;
	if (!gt)
		return 0;
	for (q = gt + 1; q < eol && *q == ' '; q++)
		;
	for (; q < eol && *q >= '0' && *q <= '9' && t < 100000000000LL; q++)
		t = t * 10 + (*q - '0');
	return t;
}

/*
 * Read commit @id from the object database into @r and add its parents to
 * the graph (queueing the new ones).  Touches no SQLite in a cold build,
 * so that it can run beside store_commit().
 */
static int read_commit(struct build *b, unsigned int id, struct commit_rec *r)
{
	unsigned int parents[64];
	git_odb_object *obj;
	const char *p, *end, *msg;
	size_t npar = 0, i;
	struct node *n;
	int err;

	r->id = id;
	r->loaded = 0;
	r->nr_cites = 0;
	if (git_odb_read(&obj, b->odb, &b->oid[id]) < 0) {
		/* Shallow clones and broken repositories: skip, say so once. */
		if (!b->absent_warned++)
			cbp_note("warning: cannot read commit %s: %s",
				 git_oid_tostr_s(&b->oid[id]),
				 git_error_last() ? git_error_last()->message : "?");
		b->node[id].state = NODE_ABSENT;
		return 0;
	}
	if (git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
		git_odb_object_free(obj);
		b->node[id].state = NODE_ABSENT;
		return 0;
	}
	p = git_odb_object_data(obj);
	end = p + git_odb_object_size(obj);
	msg = end;
	r->atime = 0;
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);

		if (!eol)
			eol = end;
		if (eol == p) {
			msg = p + 1;
			break;
		}
		if (eol - p >= 7 + GIT_OID_HEXSZ && !memcmp(p, "parent ", 7)) {
			git_oid poid;

			if (!git_oid_fromstrn(&poid, p + 7, GIT_OID_HEXSZ) &&
			    npar < ARRAY_SIZE(parents)) {
				unsigned int pid = lookup_commit(b, &poid);

				if (!pid) {
					git_odb_object_free(obj);
					return -1;
				}
				parents[npar++] = pid;
			}
		} else if (eol - p > 7 && !memcmp(p, "author ", 7)) {
			r->atime = parse_author_time(p, eol);
		}
		p = eol + 1;
	}
	if (msg > end)
		msg = end;

	b->edge = cbp_grow(b->edge, sizeof(*b->edge), b->nr_edge + npar,
			   &b->alloc_edge);
	n = &b->node[id];
	n->par = (unsigned int)b->nr_edge;
	n->npar = (unsigned int)npar;
	n->state = NODE_LOADED;
	n->dirty = 1;
	n->rel = 0;
	n->br = 0;
	for (i = 0; i < npar; i++) {
		b->edge[b->nr_edge++] = parents[i];
		r->pblob[4 * i] = parents[i] & 0xff;
		r->pblob[4 * i + 1] = (parents[i] >> 8) & 0xff;
		r->pblob[4 * i + 2] = (parents[i] >> 16) & 0xff;
		r->pblob[4 * i + 3] = (parents[i] >> 24) & 0xff;
	}
	r->npar = (unsigned int)npar;

	r->sublen = cbp_subject(msg, end - msg, r->subject, sizeof(r->subject));
	git_oid_tostr(r->hex, sizeof(r->hex), &b->oid[id]);
	err = cbp_parse_message(msg, end - msg, collect_cite, r);
	git_odb_object_free(obj);
	r->loaded = 1;
	return err;
}

/* Write a commit read by read_commit() and its citations to the index. */
static int store_commit(struct build *b, const struct commit_rec *r)
{
	size_t i;

	if (!r->loaded)
		return 0;
	sqlite3_bind_int64(b->ins_commit, 1, r->id);
	sqlite3_bind_text(b->ins_commit, 2, r->hex, GIT_OID_HEXSZ, SQLITE_STATIC);
	sqlite3_bind_text(b->ins_commit, 3, r->subject, (int)r->sublen,
			  SQLITE_STATIC);
	sqlite3_bind_int64(b->ins_commit, 4, cbp_subject_hash(r->subject));
	sqlite3_bind_int64(b->ins_commit, 5, r->atime);
	sqlite3_bind_blob(b->ins_commit, 6, r->pblob, (int)(4 * r->npar),
			  SQLITE_STATIC);
	if (step_done(b->db, b->ins_commit))
		return -1;

	for (i = 0; i < r->nr_cites; i++) {
		const struct rec_cite *c = &r->cites[i];

		sqlite3_bind_int64(b->ins_link, 1, r->id);
		sqlite3_bind_int(b->ins_link, 2, c->kind);
		sqlite3_bind_text(b->ins_link, 3, c->hex, c->hexlen,
				  SQLITE_STATIC);
		if (c->has_quoted)
			sqlite3_bind_text(b->ins_link, 4, c->quoted,
					  (int)c->quoted_len, SQLITE_STATIC);
		else
			sqlite3_bind_null(b->ins_link, 4);
		if (step_done(b->db, b->ins_link))
			return -1;
		b->links++;
	}
	b->read++;
	return 0;
}

static void show_progress(const struct build *b, double *last)
{
	if (!isatty(2) || (b->read & 0x3fff) || cbp_now() - *last <= 0.5)
		return;
	*last = cbp_now();
	fprintf(stderr, "\rcheckbackport: reading commits: %lld", b->read);
}

/*
 * Commits read ahead of the store in a cold build, and how many change
 * hands at a time: waking the other thread for every commit costs more
 * than storing it.
 */
#define PIPE_DEPTH	1024
#define PIPE_BATCH	128

/*
 * A cold build reads and inflates every commit (the cost of a full
 * git log) and inserts it into SQLite; on two cores the two can overlap.
 * The reader owns the object database and the in-memory graph, the
 * caller's thread owns SQLite, and records pass between them through a
 * ring.  An incremental build looks commits up in the index while it
 * walks, so it stays in one thread.
 */
struct pipeline {
	struct build *b;
	struct commit_rec ring[PIPE_DEPTH];
	size_t head;		/* records filled, written by the reader */
	size_t tail;		/* records stored, written by the store */
	int reader_done;
	int reader_err;
	int stop;
	pthread_mutex_t lock;
	pthread_cond_t filled;
	pthread_cond_t emptied;
};

static void *reader_main(void *data)
{
	struct pipeline *pl = data;
	struct build *b = pl->b;
	int err = 0;

	while (b->nr_stack) {
		struct commit_rec *r;
		int stop;

		pthread_mutex_lock(&pl->lock);
		while (pl->head - pl->tail == PIPE_DEPTH && !pl->stop)
			pthread_cond_wait(&pl->emptied, &pl->lock);
		stop = pl->stop;
		pthread_mutex_unlock(&pl->lock);
		if (stop)
			break;

		/* The slot is the reader's until head moves past it. */
		r = &pl->ring[pl->head % PIPE_DEPTH];
		err = read_commit(b, b->stack[--b->nr_stack], r);
		if (err)
			break;

		pthread_mutex_lock(&pl->lock);
		if (++pl->head - pl->tail >= PIPE_BATCH)
			pthread_cond_signal(&pl->filled);
		pthread_mutex_unlock(&pl->lock);
	}

	pthread_mutex_lock(&pl->lock);
	pl->reader_done = 1;
	pl->reader_err = err;
	pthread_cond_signal(&pl->filled);
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

static int walk_pipelined(struct build *b, double *last)
{
	struct pipeline *pl = cbp_calloc(1, sizeof(*pl));
	pthread_t reader;
	int err = 0;
	size_t i;

	pl->b = b;
	pthread_mutex_init(&pl->lock, NULL);
	pthread_cond_init(&pl->filled, NULL);
	pthread_cond_init(&pl->emptied, NULL);
	if (pthread_create(&reader, NULL, reader_main, pl)) {
		cbp_error("cannot start the commit reader: %s", strerror(errno));
		err = -1;
		goto free_pipeline;
	}

	for (;;) {
		size_t avail, n;

		pthread_mutex_lock(&pl->lock);
		while (pl->head - pl->tail < PIPE_BATCH && !pl->reader_done)
			pthread_cond_wait(&pl->filled, &pl->lock);
		avail = pl->head - pl->tail;
		pthread_mutex_unlock(&pl->lock);
		if (!avail)
			break;

		/* Slots from tail to tail + avail are the store's now. */
		for (n = 0; n < avail && !err; n++)
			err = store_commit(b, &pl->ring[(pl->tail + n) % PIPE_DEPTH]);
		if (err)
			break;
		show_progress(b, last);

		pthread_mutex_lock(&pl->lock);
		pl->tail += avail;
		pthread_cond_signal(&pl->emptied);
		pthread_mutex_unlock(&pl->lock);
	}

	pthread_mutex_lock(&pl->lock);
	pl->stop = 1;
	pthread_cond_signal(&pl->emptied);
	pthread_mutex_unlock(&pl->lock);
	pthread_join(reader, NULL);
	if (!err)
		err = pl->reader_err;

free_pipeline:
	for (i = 0; i < PIPE_DEPTH; i++)
		free(pl->ring[i].cites);
	pthread_cond_destroy(&pl->emptied);
	pthread_cond_destroy(&pl->filled);
	pthread_mutex_destroy(&pl->lock);
	free(pl);
	return err;
}

static int walk_new_commits(struct build *b)
{
	struct commit_rec r = { 0 };
	double last = cbp_now();
	int err = 0;

	if (b->cold) {
		err = walk_pipelined(b, &last);
	} else {
		while (b->nr_stack && !err) {
			err = read_commit(b, b->stack[--b->nr_stack], &r);
			if (!err)
				err = store_commit(b, &r);
			show_progress(b, &last);
		}
		free(r.cites);
	}
	if (isatty(2) && b->read > 0x3fff)
		fputc('\n', stderr);
	return err;
}

/* ---------------------------------------------------------------------- */
/* Refs: release tags and tracked branches. */

static int match_globs(const char *globs, const char *name)
{
	char pat[256];
	const char *p = globs;

	while (p && *p) {
		size_t n;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		n = strcspn(p, " \t,");
		if (n && n < sizeof(pat)) {
			memcpy(pat, p, n);
			pat[n] = '\0';
			if (!fnmatch(pat, name, 0))
				return 1;
		}
		p += n;
	}
	return 0;
}

/* "linux-6.12.y" or "origin/linux-6.12.y" -> key of 6.12, else -1. */
static long long branch_version(const char *name)
{
	const char *p = name, *end;

	while (*p && (*p < '0' || *p > '9'))
		p++;
	end = p + strlen(p);
	if (end - p > 2 && !strcmp(end - 2, ".y"))
		end -= 2;
	return cbp_version_key(p, end - p);
}

static void add_tip(struct build *b, const char *name, const git_oid *oid,
		    const struct cbp_settings *set)
{
	struct ref_tip *t;
	const char *shortname;
	int role = -1;

	if (!strncmp(name, "refs/tags/", 10)) {
		long long key;

		shortname = name + 10;
		if (fnmatch(set->tags, shortname, 0))
			return;
		key = cbp_version_key(shortname, strlen(shortname));
		if (key < 0)
			return;
		b->tags = cbp_grow(b->tags, sizeof(*b->tags), b->nr_tags + 1,
				   &b->alloc_tags);
		t = &b->tags[b->nr_tags++];
		t->vkey = key;
	} else {
		if (!strncmp(name, "refs/heads/", 11))
			shortname = name + 11;
		else if (!strncmp(name, "refs/remotes/", 13))
			shortname = name + 13;
		else
			return;
		if (!strcmp(shortname, set->mainline))
			role = CBP_ROLE_MAINLINE;
		else if (match_globs(set->stable, shortname))
			role = CBP_ROLE_STABLE;
		else if (match_globs(set->branches, shortname))
			role = CBP_ROLE_OTHER;
		else
			return;
		b->br = cbp_grow(b->br, sizeof(*b->br), b->nr_br + 1,
				 &b->alloc_br);
		t = &b->br[b->nr_br++];
		t->vkey = branch_version(shortname);
	}
	t->name = cbp_strdup(shortname);
	t->role = role;
	t->oid = *oid;
	t->id = 0;
	t->row = 0;
}

static int cmp_tip(const void *a, const void *b)
{
	const struct ref_tip *x = a, *y = b;

	if (x->vkey != y->vkey)
		return x->vkey < y->vkey ? -1 : 1;
	if (x->role != y->role)
		return x->role < y->role ? -1 : 1;
	return strcmp(x->name, y->name);
}

/*
 * Branches: mainline first, then by role, newest version first, so that
 * if there are more than CBP_MAX_BRANCHES the oldest stable ones go.
 */
static int cmp_branch(const void *a, const void *b)
{
	const struct ref_tip *x = a, *y = b;

	if (x->role != y->role)
		return x->role < y->role ? -1 : 1;
	if (x->vkey != y->vkey)
		return x->vkey > y->vkey ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Queue every commit a ref points at; collect tags and branches. */
static int collect_refs(struct build *b, const struct cbp_settings *set)
{
	git_reference_iterator *it;
	git_reference *ref;
	git_object *obj;
	int err;

	if (git_reference_iterator_new(&it, b->idx->repo) < 0)
		return cbp_error_git("cannot list refs");
	while (!(err = git_reference_next(&ref, it))) {
		const char *name = git_reference_name(ref);

		/* Refs pointing at trees or blobs (v2.6.11-tree) are skipped. */
		if (!git_reference_peel(&obj, ref, GIT_OBJECT_COMMIT)) {
			const git_oid *oid = git_object_id(obj);

			if (!lookup_commit(b, oid)) {
				git_object_free(obj);
				git_reference_free(ref);
				git_reference_iterator_free(it);
				return -1;
			}
			add_tip(b, name, oid, set);
			git_object_free(obj);
		}
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	if (err != GIT_ITEROVER)
		return cbp_error_git("cannot list refs");
	git_error_clear();

	/* A detached HEAD keeps its commits reachable too. */
	if (git_repository_head_detached(b->idx->repo) == 1 &&
	    !git_repository_head(&ref, b->idx->repo)) {
		if (!git_reference_peel(&obj, ref, GIT_OBJECT_COMMIT)) {
			lookup_commit(b, git_object_id(obj));
			git_object_free(obj);
		}
		git_reference_free(ref);
	}
	git_error_clear();
	qsort(b->tags, b->nr_tags, sizeof(*b->tags), cmp_tip);
	qsort(b->br, b->nr_br, sizeof(*b->br), cmp_branch);
	return 0;
}

static void mark_release(struct build *b, unsigned int start, unsigned int tag)
{
	long long key = b->tag_key[tag];

	push(b, start);
	while (b->nr_stack) {
		struct node *n = get_node(b, b->stack[--b->nr_stack]);
		unsigned int i;

		if (!n || n->state != NODE_LOADED)
			continue;
		if (n->rel && b->tag_key[n->rel] <= key)
			continue;
		n->rel = tag;
		n->dirty = 1;
		for (i = 0; i < n->npar; i++)
			push(b, b->edge[n->par + i]);
	}
}

/* Mainline release tags by commit row, for mark_branch(). */
struct mtag {
	unsigned int id;
	long long vkey;
};

static int cmp_mtag(const void *a, const void *b)
{
	const struct mtag *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * Set @bit on every commit the branch tip @start contains.  A branch other
 * than mainline stops at the commit of a mainline release tag (in @mtags):
 * everything that tag contains is in the branch, and queries derive it
 * from the commit's first release (see cbp_commit_get()), so it is not
 * written per commit.  *@base becomes the newest such tag met.  A new
 * stable branch starting at its release tag thus costs nothing however
 * long the history is.
 */
static void mark_branch(struct build *b, unsigned int start, int bit,
			const struct mtag *mtags, size_t nr_mtags,
			long long *base)
{
	unsigned long long mask = 1ULL << bit;

	push(b, start);
	while (b->nr_stack) {
		unsigned int id = b->stack[--b->nr_stack];
		struct mtag key = { .id = id };
		const struct mtag *m;
		struct node *n;
		unsigned int i;

		m = nr_mtags ? bsearch(&key, mtags, nr_mtags, sizeof(*mtags),
				       cmp_mtag) : NULL;
		if (m) {
			if (m->vkey > *base)
				*base = m->vkey;
			continue;
		}
		n = get_node(b, id);
		if (!n || n->state != NODE_LOADED || (n->br & mask))
			continue;
		n->br |= mask;
		n->dirty = 1;
		for (i = 0; i < n->npar; i++)
			push(b, b->edge[n->par + i]);
	}
}

static int update_releases(struct build *b)
{
	sqlite3_stmt *st, *ins;
	size_t i, nr_old = 0, kept = 0;
	int full = b->cold, rc;

	for (i = 0; i < b->nr_tags; i++)
		b->tags[i].id = b->hash[hash_slot(b, &b->tags[i].oid)];

	/* Which tags are already known, and did any move or vanish? */
	if (db_prepare(b->db, "SELECT id, name, commit_id FROM tags", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 1);
		unsigned int cid = (unsigned int)sqlite3_column_int64(st, 2);
		int found = 0;

		nr_old++;
		for (i = 0; i < b->nr_tags && name; i++) {
			if (strcmp(b->tags[i].name, name))
				continue;
			if (b->tags[i].id == cid) {
				b->tags[i].row = sqlite3_column_int64(st, 0);
				found = 1;
				kept++;
			}
			break;
		}
		if (!found)
			full = 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");

	if (full && !b->cold) {
		cbp_note("release tags were moved or deleted; recomputing releases");
		if (db_exec(b->db, "DELETE FROM tags; UPDATE reach SET rel = 0;"))
			return -1;
		for (i = 0; i < b->nr_tags; i++)
			b->tags[i].row = 0;
	}

	if (db_prepare(b->db,
		       "INSERT INTO tags(name, commit_id, vkey) VALUES (?, ?, ?)",
		       &ins))
		return -1;
	for (i = 0; i < b->nr_tags; i++) {
		struct ref_tip *t = &b->tags[i];

		if (t->row)
			continue;
		sqlite3_bind_text(ins, 1, t->name, -1, SQLITE_STATIC);
		sqlite3_bind_int64(ins, 2, t->id);
		sqlite3_bind_int64(ins, 3, t->vkey);
		if (step_done(b->db, ins)) {
			sqlite3_finalize(ins);
			return -1;
		}
		t->row = sqlite3_last_insert_rowid(b->db);
		t->role = 1;	/* new: needs a walk */
	}
	sqlite3_finalize(ins);

	/* Keys of every tag row, old and new, by tags.id. */
	if (db_prepare(b->db, "SELECT id, vkey FROM tags", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		size_t id = (size_t)sqlite3_column_int64(st, 0);
		size_t old = b->alloc_tag_key;

		b->tag_key = cbp_grow(b->tag_key, sizeof(*b->tag_key), id + 1,
				      &b->alloc_tag_key);
		if (b->alloc_tag_key > old)
			memset(b->tag_key + old, 0,
			       (b->alloc_tag_key - old) * sizeof(*b->tag_key));
		b->tag_key[id] = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");

	/* Tags are sorted by version: each commit is walked about once. */
	for (i = 0; i < b->nr_tags; i++)
		if (b->tags[i].role == 1 && b->tags[i].id)
			mark_release(b, b->tags[i].id, (unsigned int)b->tags[i].row);
	(void)kept;
	return 0;
}

/* The release tags whose commits the mainline branch (@mask) contains. */
static size_t mainline_tags(struct build *b, unsigned long long mask,
			    struct mtag **out)
{
	size_t i, n = 0;

	*out = cbp_calloc(b->nr_tags + 1, sizeof(**out));
	for (i = 0; i < b->nr_tags; i++) {
		struct node *nd = b->tags[i].id ? get_node(b, b->tags[i].id) : NULL;

		if (!nd || nd->state != NODE_LOADED || !(nd->br & mask))
			continue;
		(*out)[n].id = b->tags[i].id;
		(*out)[n].vkey = b->tags[i].vkey;
		n++;
	}
	qsort(*out, n, sizeof(**out), cmp_mtag);
	return n;
}

static int update_branches(struct build *b)
{
	struct mtag *mtags = NULL;
	size_t nr_mtags = 0;
	unsigned long long used = 0, clear = 0;
	const char *first_ignored = NULL;
	int ignored = 0;
	sqlite3_stmt *st;
	size_t i;
	int rc;

	for (i = 0; i < b->nr_br; i++) {
		b->br[i].id = b->hash[hash_slot(b, &b->br[i].oid)];
		b->br[i].row = -1;
		b->br[i].base = -1;
		b->br[i].vkey = 0;	/* 1: walk needed */
	}
	if (db_prepare(b->db, "SELECT bit, name, role, tip, base FROM branches",
		       &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int bit = sqlite3_column_int(st, 0);
		const char *name = (const char *)sqlite3_column_text(st, 1);
		int role = sqlite3_column_int(st, 2);
		const char *tip = (const char *)sqlite3_column_text(st, 3);
		git_oid old;
		int keep = 0;

		for (i = 0; name && tip && i < b->nr_br; i++) {
			struct ref_tip *t = &b->br[i];

			if (strcmp(t->name, name) || t->role != role)
				continue;
			if (git_oid_fromstr(&old, tip))
				break;
			t->row = bit;
			t->base = sqlite3_column_int64(st, 4);
			keep = 1;
			if (git_oid_equal(&old, &t->oid))
				break;
			t->vkey = 1;
			/* Rewound or rewritten: recompute this bit. */
			if (git_graph_descendant_of(b->idx->repo, &t->oid,
						    &old) != 1)
				clear |= 1ULL << bit;
			break;
		}
		if (keep)
			used |= 1ULL << bit;
		else
			clear |= 1ULL << bit;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");

	/* Without its mainline, no branch can lean on mainline releases. */
	for (i = 0; i < b->nr_br; i++)
		if (b->br[i].role == CBP_ROLE_MAINLINE && b->br[i].row >= 0 &&
		    (clear & (1ULL << b->br[i].row)))
			clear |= used;
	if (clear && !b->cold) {
		char sql[160];

		snprintf(sql, sizeof(sql),
			 "UPDATE reach SET branches = branches & %lld",
			 (long long)~clear);
		if (db_exec(b->db, sql))
			return -1;
	}
	if (db_exec(b->db, "DELETE FROM branches"))
		return -1;
	if (db_prepare(b->db,
		       "INSERT INTO branches(bit, name, role, tip, base) VALUES (?, ?, ?, ?, ?)",
		       &st))
		return -1;
	for (i = 0; i < b->nr_br; i++) {
		struct ref_tip *t = &b->br[i];
		char hex[GIT_OID_HEXSZ + 1];
		int bit;

		if (t->row < 0) {
			for (bit = 0; bit < CBP_MAX_BRANCHES; bit++)
				if (!(used & (1ULL << bit)))
					break;
			if (bit == CBP_MAX_BRANCHES) {
				if (!ignored++)
					first_ignored = t->name;
				continue;
			}
			used |= 1ULL << bit;
			t->row = bit;
			t->vkey = 1;
		}
		if (clear & (1ULL << t->row)) {
			t->vkey = 1;
			t->base = -1;
		}
		if (t->vkey && t->id)
			mark_branch(b, t->id, (int)t->row,
				    t->role == CBP_ROLE_MAINLINE ? NULL : mtags,
				    t->role == CBP_ROLE_MAINLINE ? 0 : nr_mtags,
				    &t->base);
		if (t->role == CBP_ROLE_MAINLINE)
			nr_mtags = mainline_tags(b, 1ULL << t->row, &mtags);
		git_oid_tostr(hex, sizeof(hex), &t->oid);
		sqlite3_bind_int(st, 1, (int)t->row);
		sqlite3_bind_text(st, 2, t->name, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 3, t->role);
		sqlite3_bind_text(st, 4, hex, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 5, t->base);
		if (step_done(b->db, st)) {
			sqlite3_finalize(st);
			free(mtags);
			return -1;
		}
	}
	sqlite3_finalize(st);
	free(mtags);
	if (ignored)
		cbp_note("warning: more than %d tracked branches; ignoring %d, from %s on",
			 CBP_MAX_BRANCHES, ignored, first_ignored);
	return 0;
}

static int write_reach(struct build *b)
{
	size_t i;

	for (i = 1; i < b->nr_node; i++) {
		struct node *n = &b->node[i];

		if (!n->dirty || n->state != NODE_LOADED)
			continue;
		sqlite3_bind_int64(b->put_reach, 1, (long long)i);
		sqlite3_bind_int64(b->put_reach, 2, n->rel);
		sqlite3_bind_int64(b->put_reach, 3, (long long)n->br);
		if (step_done(b->db, b->put_reach))
			return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------------- */
/* Resolving cited IDs to rows. */

/*
 * Row for cited ID @hex (lower-case, @len digits): the one present commit
 * it names, else the one missing full ID it abbreviates, else a row of
 * its own (missing or ambiguous), created if needed.  @self is a row to
 * disregard.  Returns the row id, or -1 on error.
 */
static long long resolve_cited(struct build *b, const char *hex, int len,
			       long long self)
{
	sqlite3_stmt *st = b->idx->st_range;
	long long present = 0, full = 0, own = 0;
	int nr_present = 0, nr_full = 0, rc, state;
	char upper[CBP_HEX_MAX + 2];

	memcpy(upper, hex, len);
	upper[len] = 'g';
	sqlite3_bind_text(st, 1, hex, len, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, upper, len + 1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		int s = sqlite3_column_int(st, 1);
		int hlen = sqlite3_column_bytes(st, 2);

		if (id == self)
			continue;
		if (s == CBP_PRESENT) {
			present = id;
			if (++nr_present > 1)
				break;
		} else if (hlen == GIT_OID_HEXSZ) {
			full = id;
			nr_full++;
		} else if (hlen == len) {
			own = id;
		}
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return cbp_error_sqlite(b->db, "index");
	if (nr_present == 1)
		return present;
	if (!nr_present && nr_full == 1)
		return full;
	state = nr_present ? CBP_AMBIGUOUS : CBP_MISSING;
	if (self > 0)
		own = self;	/* re-resolving an absent row */
	if (!own)
		own = b->next_id++;
	sqlite3_bind_int64(b->put_absent, 1, own);
	sqlite3_bind_text(b->put_absent, 2, hex, len, SQLITE_STATIC);
	sqlite3_bind_int(b->put_absent, 3, state);
	if (step_done(b->db, b->put_absent))
		return -1;
	return own;
}

/*
 * A full ID of a commit this cold build read resolves to it without asking
 * the index: every commit of the build is in the in-memory hash, and a
 * full ID names exactly one.  Returns 0 when the index has to decide.
 */
static long long resolve_in_build(struct build *b, const char *hex, int len)
{
	unsigned int id;
	git_oid oid;

	if (!b->cold || len != GIT_OID_HEXSZ ||
	    git_oid_fromstrn(&oid, hex, GIT_OID_HEXSZ))
		return 0;
	id = b->hash[hash_slot(b, &oid)];
	if (!id || b->node[id].state != NODE_LOADED)
		return 0;
	return id;
}

static int resolve_links(struct build *b, long long first_rowid)
{
	sqlite3_stmt *sel, *upd;
	int rc = 0;

	/* Full IDs first, so that short ones can match missing full ones. */
	if (db_prepare(b->db,
		       "SELECT rowid, cited FROM links WHERE rowid > ?\n"
		       " ORDER BY length(cited) DESC, rowid", &sel))
		return -1;
	if (db_prepare(b->db, "UPDATE links SET dst = ? WHERE rowid = ?",
		       &upd)) {
		sqlite3_finalize(sel);
		return -1;
	}
	sqlite3_bind_int64(sel, 1, first_rowid);
	while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
		long long rowid = sqlite3_column_int64(sel, 0);
		const char *cited = (const char *)sqlite3_column_text(sel, 1);
		int len = sqlite3_column_bytes(sel, 1);
		long long dst;

		if (!cited || len < CBP_HEX_MIN || len > CBP_HEX_MAX)
			continue;
		dst = resolve_in_build(b, cited, len);
		if (!dst)
			dst = resolve_cited(b, cited, len, 0);
		if (dst < 0)
			break;
		sqlite3_bind_int64(upd, 1, dst);
		sqlite3_bind_int64(upd, 2, rowid);
		if (step_done(b->db, upd))
			break;
	}
	sqlite3_finalize(sel);
	sqlite3_finalize(upd);
	if (rc != SQLITE_DONE)
		return rc == SQLITE_ROW ? -1 : cbp_error_sqlite(b->db, "index");
	return 0;
}

/* New commits may resolve IDs that were missing or ambiguous before. */
static int reresolve_absent(struct build *b)
{
	struct { long long id; char hex[CBP_HEX_MAX + 1]; } *rows = NULL;
	size_t nr = 0, alloc = 0, i;
	sqlite3_stmt *st;
	int rc;

	if (db_prepare(b->db,
		       "SELECT id, hex FROM commits WHERE state != 1", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int len = sqlite3_column_bytes(st, 1);

		if (len >= GIT_OID_HEXSZ || len < CBP_HEX_MIN)
			continue;
		rows = cbp_grow(rows, sizeof(*rows), nr + 1, &alloc);
		rows[nr].id = sqlite3_column_int64(st, 0);
		memcpy(rows[nr].hex, sqlite3_column_text(st, 1), len);
		rows[nr].hex[len] = '\0';
		nr++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(rows);
		return cbp_error_sqlite(b->db, "index");
	}
	for (i = 0; i < nr; i++) {
		long long to = resolve_cited(b, rows[i].hex,
					     (int)strlen(rows[i].hex), rows[i].id);
		char sql[160];

		if (to < 0)
			break;
		if (to == rows[i].id)
			continue;
		snprintf(sql, sizeof(sql),
			 "UPDATE links SET dst = %lld WHERE dst = %lld;"
			 "DELETE FROM commits WHERE id = %lld;",
			 to, rows[i].id, rows[i].id);
		if (db_exec(b->db, sql))
			break;
	}
	free(rows);
	return i < nr ? -1 : 0;
}

/* ---------------------------------------------------------------------- */
/* Whole runs. */

static void build_free(struct build *b)
{
	size_t i;

	sqlite3_finalize(b->ins_commit);
	sqlite3_finalize(b->ins_link);
	sqlite3_finalize(b->find_hex);
	sqlite3_finalize(b->load_node);
	sqlite3_finalize(b->put_reach);
	sqlite3_finalize(b->put_absent);
	for (i = 0; i < b->nr_tags; i++)
		free(b->tags[i].name);
	for (i = 0; i < b->nr_br; i++)
		free(b->br[i].name);
	free(b->tags);
	free(b->br);
	free(b->tag_key);
	free(b->node);
	free(b->oid);
	free(b->edge);
	free(b->hash);
	free(b->stack);
	if (b->odb)
		git_odb_free(b->odb);
}

/* Read new commits and bring everything derived from them up to date. */
static int run_build(struct cbp_index *idx, const struct cbp_settings *set,
		     int cold, struct cbp_update_stats *stats)
{
	struct build b = { .idx = idx, .db = idx->db, .cold = cold };
	long long max_id = 0, first_link = 0, total = 0;
	int err = -1;

	if (git_repository_odb(&b.odb, idx->repo) < 0)
		return cbp_error_git("cannot open object database");
	if (!cold && (db_int(idx->db, "SELECT max(id) FROM commits", &max_id) ||
		      db_int(idx->db, "SELECT max(rowid) FROM links",
			     &first_link) ||
		      db_int(idx->db,
			     "SELECT value FROM meta WHERE key = 'present'",
			     &total)))
		goto out;
	if (max_id < 0)
		max_id = 0;
	if (first_link < 0)
		first_link = 0;
	if (total < 0)
		total = 0;
	b.next_id = (unsigned int)max_id + 1;
	hash_grow(&b);

	if (db_prepare(idx->db,
		       "INSERT OR REPLACE INTO commits(id, hex, state, subject,\n"
		       " shash, atime, parents) VALUES (?, ?, 1, ?, ?, ?, ?)",
		       &b.ins_commit) ||
	    db_prepare(idx->db,
		       "INSERT INTO links(src, kind, cited, quoted) VALUES (?, ?, ?, ?)",
		       &b.ins_link) ||
	    db_prepare(idx->db,
		       "INSERT OR REPLACE INTO reach(id, rel, branches) VALUES (?, ?, ?)",
		       &b.put_reach) ||
	    db_prepare(idx->db,
		       "INSERT OR REPLACE INTO commits(id, hex, state) VALUES (?, ?, ?)",
		       &b.put_absent))
		goto out;
	if (!cold &&
	    (db_prepare(idx->db, "SELECT id, state FROM commits WHERE hex = ?",
			&b.find_hex) ||
	     db_prepare(idx->db,
			"SELECT c.parents, r.rel, r.branches FROM commits c\n"
			" LEFT JOIN reach r ON r.id = c.id\n"
			" WHERE c.id = ? AND c.state = 1", &b.load_node)))
		goto out;

	if (collect_refs(&b, set) || walk_new_commits(&b))
		goto out;
	if (cold && db_exec(idx->db, index_sql))
		goto out;
	if (!b.load_node &&
	    db_prepare(idx->db,
		       "SELECT c.parents, r.rel, r.branches FROM commits c\n"
		       " LEFT JOIN reach r ON r.id = c.id\n"
		       " WHERE c.id = ? AND c.state = 1", &b.load_node))
		goto out;
	if (cbp_prepare_queries(idx))
		goto out;
	if (update_releases(&b) || update_branches(&b) || write_reach(&b))
		goto out;
	if (resolve_links(&b, first_link))
		goto out;
	if (!cold && b.read && reresolve_absent(&b))
		goto out;

	total += b.read;
	{
		char sql[128];

		snprintf(sql, sizeof(sql),
			 "INSERT OR REPLACE INTO meta VALUES ('present', %lld)",
			 total);
		if (db_exec(idx->db, sql))
			goto out;
	}
	stats->read = b.read;
	stats->links = b.links;
	stats->total = total;
	stats->tags = (long long)b.nr_tags;
	err = 0;
out:
	build_free(&b);
	return err;
}

/* ---------------------------------------------------------------------- */
/* Opening, validating and locking. */

static int open_db(const char *path, int create, sqlite3 **db)
{
	int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);

	if (sqlite3_open_v2(path, db, flags, NULL) != SQLITE_OK) {
		cbp_error_sqlite(*db, path);
		sqlite3_close(*db);
		*db = NULL;
		return -1;
	}
	sqlite3_busy_timeout(*db, 60000);
	sqlite3_extended_result_codes(*db, 0);
	return 0;
}

/*
 * Is the file at @path a complete index of our schema version?  Returns 0
 * if so, 1 if it does not exist, 2 if it is unusable (reason recorded).
 */
static int check_db(const char *path, sqlite3 **dbp)
{
	long long app, ver, complete;
	sqlite3 *db;

	*dbp = NULL;
	if (access(path, F_OK))
		return 1;
	if (open_db(path, 0, &db))
		return 2;
	if (db_int(db, "PRAGMA application_id", &app) ||
	    db_int(db, "PRAGMA user_version", &ver)) {
		sqlite3_close(db);
		return 2;
	}
	if (app != CBP_APP_ID) {
		cbp_error("%s is not a checkbackport index", path);
		sqlite3_close(db);
		return 2;
	}
	if (ver != CBP_SCHEMA_VERSION) {
		cbp_error("index schema version %lld, this program uses %d",
			  ver, CBP_SCHEMA_VERSION);
		sqlite3_close(db);
		return 2;
	}
	if (db_int(db, "SELECT value FROM meta WHERE key = 'complete'",
		   &complete) || complete != 1) {
		if (complete != 1)
			cbp_error("index is incomplete");
		sqlite3_close(db);
		return 2;
	}
	*dbp = db;
	return 0;
}

static void close_db(struct cbp_index *idx)
{
	int i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++) {
			sqlite3_finalize(idx->st_links[i][j]);
			idx->st_links[i][j] = NULL;
		}
	sqlite3_finalize(idx->st_get);
	sqlite3_finalize(idx->st_range);
	idx->st_get = NULL;
	idx->st_range = NULL;
	sqlite3_close(idx->db);
	idx->db = NULL;
}

static int cold_build(struct cbp_index *idx, const struct cbp_settings *set,
		      struct cbp_update_stats *stats)
{
	char *tmp;
	size_t n = strlen(idx->path) + 32;
	char sql[128];
	int err;

	tmp = cbp_malloc(n);
	snprintf(tmp, n, "%s.new.%ld", idx->path, (long)getpid());
	unlink(tmp);
	if (open_db(tmp, 1, &idx->db)) {
		free(tmp);
		return -1;
	}
	snprintf(sql, sizeof(sql),
		 "PRAGMA application_id = %d; PRAGMA user_version = %d;",
		 CBP_APP_ID, CBP_SCHEMA_VERSION);
	err = db_exec(idx->db,
		      "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
		      "PRAGMA locking_mode = EXCLUSIVE;"
		      "PRAGMA cache_size = -65536; BEGIN;") ||
	      db_exec(idx->db, schema_sql) ||
	      run_build(idx, set, 1, stats) ||
	      db_exec(idx->db, sql) ||
	      db_exec(idx->db,
		      "INSERT OR REPLACE INTO meta VALUES ('complete', 1);"
		      "COMMIT;");
	if (err) {
		/* Keep the message of the first failure. */
		char *msg = cbp_strdup(cbp_errmsg());

		sqlite3_exec(idx->db, "ROLLBACK", NULL, NULL, NULL);
		cbp_error("%s", msg);
		free(msg);
	}
	close_db(idx);
	if (!err) {
		char *journal = cbp_malloc(n);

		/* Any journal left there belongs to the file being replaced. */
		snprintf(journal, n, "%s-journal", idx->path);
		unlink(journal);
		free(journal);
		if (rename(tmp, idx->path))
			err = cbp_error("cannot rename %s: %s", tmp,
					strerror(errno));
	}
	if (err)
		unlink(tmp);
	free(tmp);
	stats->rebuilt = 1;
	return err;
}

static int incremental(struct cbp_index *idx, const struct cbp_settings *set,
		       struct cbp_update_stats *stats, int *damaged)
{
	int err, code;

	err = db_exec(idx->db,
		      "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536;"
		      "BEGIN IMMEDIATE;");
	if (err)
		return err;
	err = run_build(idx, set, 0, stats) || db_exec(idx->db, "COMMIT;");
	if (err) {
		char *msg = cbp_strdup(cbp_errmsg());

		code = sqlite3_errcode(idx->db);
		*damaged = code == SQLITE_CORRUPT || code == SQLITE_NOTADB;

		sqlite3_exec(idx->db, "ROLLBACK", NULL, NULL, NULL);
		cbp_error("%s", msg);
		free(msg);
	}
	return err;
}

static int take_lock(const char *path)
{
	size_t n = strlen(path) + 8;
	char *lock = cbp_malloc(n);
	int fd;

	snprintf(lock, n, "%s.lock", path);
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		cbp_error("cannot open %s: %s", lock, strerror(errno));
		free(lock);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		cbp_note("waiting for another index run to finish (%s)", lock);
		if (flock(fd, LOCK_EX)) {
			cbp_error("cannot lock %s: %s", lock, strerror(errno));
			close(fd);
			fd = -1;
		}
	}
	free(lock);
	return fd;
}

static int load_branches(struct cbp_index *idx)
{
	sqlite3_stmt *st;
	int rc;

	idx->mainline_bit = -1;
	if (db_prepare(idx->db, "SELECT bit, name, role, base FROM branches",
		       &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int bit = sqlite3_column_int(st, 0);
		const char *name = (const char *)sqlite3_column_text(st, 1);

		if (bit < 0 || bit >= CBP_MAX_BRANCHES || !name)
			continue;
		free(idx->branch[bit].name);
		idx->branch[bit].name = cbp_strdup(name);
		idx->branch[bit].role = sqlite3_column_int(st, 2);
		idx->branch[bit].base = sqlite3_column_int64(st, 3);
		if (idx->branch[bit].role == CBP_ROLE_MAINLINE)
			idx->mainline_bit = bit;
		if (bit >= idx->nr_branches)
			idx->nr_branches = bit + 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	return 0;
}

/**
 * cbp_prepare_queries() - prepare the statements the query functions use
 * @idx: the index
 *
 * Return: 0, or -1 on error.
 */
int cbp_prepare_queries(struct cbp_index *idx)
{
	static const char *const links_sql[2][2] = {
		{ "SELECT src, dst, kind, cited, quoted FROM links\n"
		  " WHERE dst = ? ORDER BY rowid",
		  "SELECT src, dst, kind, cited, quoted FROM links\n"
		  " WHERE dst = ? AND kind < 16 ORDER BY rowid" },
		{ "SELECT src, dst, kind, cited, quoted FROM links\n"
		  " WHERE src = ? ORDER BY rowid",
		  "SELECT src, dst, kind, cited, quoted FROM links\n"
		  " WHERE src = ? AND kind < 16 ORDER BY rowid" },
	};
	int i, j;

	if (idx->st_get)
		return 0;
	if (db_prepare(idx->db,
		       "SELECT c.hex, c.state, c.subject, c.atime, t.name,\n"
		       " t.vkey, r.branches FROM commits c\n"
		       " LEFT JOIN reach r ON r.id = c.id\n"
		       " LEFT JOIN tags t ON t.id = r.rel WHERE c.id = ?",
		       &idx->st_get) ||
	    db_prepare(idx->db,
		       "SELECT id, state, hex FROM commits\n"
		       " WHERE hex >= ? AND hex < ? ORDER BY state DESC, hex",
		       &idx->st_range))
		return -1;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			if (db_prepare(idx->db, links_sql[i][j],
				       &idx->st_links[i][j]))
				return -1;
	return 0;
}

/**
 * cbp_index_open() - open the index of a repository, building it if needed
 * @out: the opened index
 * @repo: the repository (borrowed; must outlive the index)
 * @set: what to index; @set->index_path may be NULL
 * @flags: CBP_OPEN_UPDATE and/or CBP_OPEN_REBUILD
 * @stats: filled in when the index is built or updated; may be NULL
 *
 * An index that is missing is built.  One of another schema version, or
 * damaged, is rebuilt with a message on stderr, never used.  Builds and
 * updates take an exclusive lock (<index>.lock) so that concurrent runs
 * wait for each other; a fresh build is written to a temporary file and
 * renamed into place, so readers never see a half-built index.
 *
 * Return: 0 on success, -1 on error (message recorded).
 */
int cbp_index_open(struct cbp_index **out, git_repository *repo,
		   const struct cbp_settings *set, unsigned int flags,
		   struct cbp_update_stats *stats)
{
	struct cbp_update_stats dummy;
	struct cbp_index *idx;
	double start = cbp_now();
	int lockfd = -1, state, err = -1;

	if (!stats)
		stats = &dummy;
	memset(stats, 0, sizeof(*stats));
	*out = NULL;
	idx = cbp_calloc(1, sizeof(*idx));
	idx->repo = repo;
	idx->mainline_bit = -1;
	if (set->index_path) {
		idx->path = cbp_strdup(set->index_path);
	} else {
		const char *gitdir = git_repository_commondir(repo);
		size_t n = strlen(gitdir) + 32;

		idx->path = cbp_malloc(n);
		snprintf(idx->path, n, "%s%scheckbackport.db", gitdir,
			 gitdir[0] && gitdir[strlen(gitdir) - 1] == '/' ? "" : "/");
	}

	state = check_db(idx->path, &idx->db);
	if (state == 0 && !(flags & (CBP_OPEN_UPDATE | CBP_OPEN_REBUILD)))
		goto opened;

	close_db(idx);
	lockfd = take_lock(idx->path);
	if (lockfd < 0)
		goto fail;
	/* Someone else may have built or fixed it while we waited. */
	state = check_db(idx->path, &idx->db);
	if (state == 1) {
		cbp_note("no index at %s; building it", idx->path);
	} else if (state == 2) {
		cbp_note("%s; rebuilding %s", cbp_errmsg(), idx->path);
	} else if (flags & CBP_OPEN_REBUILD) {
		state = 2;
	} else if (flags & CBP_OPEN_UPDATE) {
		int damaged = 0;

		if (incremental(idx, set, stats, &damaged)) {
			if (!damaged)
				goto fail;
			cbp_note("%s; rebuilding %s", cbp_errmsg(), idx->path);
			state = 2;
		}
	}
	if (state) {
		close_db(idx);
		if (cold_build(idx, set, stats))
			goto fail;
		if (check_db(idx->path, &idx->db))
			goto fail;
	}
	close(lockfd);
	lockfd = -1;

opened:
	if (cbp_prepare_queries(idx) || load_branches(idx))
		goto fail;
	stats->seconds = cbp_now() - start;
	*out = idx;
	return 0;
fail:
	if (lockfd >= 0)
		close(lockfd);
	cbp_index_close(idx);
	return err;
}

/**
 * cbp_index_open_existing() - open a valid index without touching git
 * @out: the opened index
 * @path: the index file
 *
 * The fast path of queries: no libgit2, no lock, no update.  A repository
 * can be attached later with cbp_index_set_repo_loader() for the queries
 * that need one.
 *
 * Return: 0 on success; -1 if there is no valid index at @path.
 */
int cbp_index_open_existing(struct cbp_index **out, const char *path)
{
	struct cbp_index *idx = cbp_calloc(1, sizeof(*idx));

	*out = NULL;
	idx->mainline_bit = -1;
	idx->path = cbp_strdup(path);
	if (check_db(path, &idx->db) || cbp_prepare_queries(idx) ||
	    load_branches(idx)) {
		cbp_index_close(idx);
		return -1;
	}
	*out = idx;
	return 0;
}

/**
 * cbp_index_set_repo_loader() - say how to open the repository when needed
 * @idx: the index
 * @load: returns the repository, or NULL with an error recorded
 * @data: passed to @load
 */
void cbp_index_set_repo_loader(struct cbp_index *idx,
			       git_repository *(*load)(void *data), void *data)
{
	idx->load_repo = load;
	idx->load_data = data;
}

/**
 * cbp_index_close() - release an index opened by cbp_index_open()
 * @idx: the index, or NULL
 */
void cbp_index_close(struct cbp_index *idx)
{
	int i;

	if (!idx)
		return;
	close_db(idx);
	for (i = 0; i < CBP_MAX_BRANCHES; i++)
		free(idx->branch[i].name);
	free(idx->path);
	free(idx);
}

/**
 * cbp_index_path() - where the index lives
 * @idx: the index
 *
 * Return: the path of the SQLite file.
 */
const char *cbp_index_path(const struct cbp_index *idx)
{
	return idx->path;
}

/**
 * cbp_index_nr_branches() - one more than the highest branch bit in use
 * @idx: the index
 *
 * Return: the bound to loop cbp_index_branch() up to.
 */
int cbp_index_nr_branches(const struct cbp_index *idx)
{
	return idx->nr_branches;
}

/**
 * cbp_index_branch() - the tracked branch behind a bit of cbp_commit.branches
 * @idx: the index
 * @bit: the bit number
 *
 * Return: the branch, or NULL if the bit is unused.
 */
const struct cbp_branch *cbp_index_branch(const struct cbp_index *idx,
					  int bit)
{
	if (bit < 0 || bit >= CBP_MAX_BRANCHES || !idx->branch[bit].name)
		return NULL;
	return &idx->branch[bit];
}

/**
 * cbp_index_mainline_bit() - bit of the mainline branch
 * @idx: the index
 *
 * Return: the bit, or -1 if the mainline branch was not found.
 */
int cbp_index_mainline_bit(const struct cbp_index *idx)
{
	return idx->mainline_bit;
}
