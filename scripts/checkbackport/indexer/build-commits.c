// SPDX-License-Identifier: GPL-2.0
/*
 * Reading new commits and storing them: each commit object is read once,
 * straight from the object database, parsed for its parents, author
 * time, subject and citations into a struct commit_rec, and written to
 * the commits and links tables.  An incremental build does both in one
 * thread; a cold one overlaps them (build-walk.c), the message parsed in
 * the storing thread (build_read_message()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build-priv.h"
#include "base/mime.h"
#include "base/output.h"
#include "base/util.h"

/* ---------------------------------------------------------------------- */
/* Reading commits. */

/*
 * Keep one citation of the commit being read: not one of itself (or a
 * prefix of itself), and each kind and ID once; malformed ones (IDs of
 * more than 40 digits) too, stored apart.
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
	c->malformed = cite->malformed;
	c->line = cite->line;
	memcpy(c->hex, cite->hex, sizeof(c->hex));
	c->has_quoted = !!cite->quoted;
	c->quoted_len = c->has_quoted ?
		cbp_sanitize(cite->quoted, cite->quoted_len, c->quoted,
			     sizeof(c->quoted)) : 0;
	return 0;
}

/**
 * build_read_commit() - read one queued commit
 * @b: the build
 * @id: its row
 * @r: filled in with what build_store_commit() writes
 *
 * Adds the commit's parents to the graph, queueing the new ones, however
 * many there are (mainline has a merge of 66), and copies the message
 * out of the object for build_read_message().  Touches no SQLite in a
 * cold build, so that it can run beside build_store_commit().  A commit
 * that cannot be read (a shallow clone) is skipped with one warning per
 * run.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_read_commit(struct build *b, unsigned int id, struct commit_rec *r)
{
	struct cbp_git_commit *c = &b->obj;
	char hex[CBP_OID_HEXSZ + 1];
	size_t npar = c->nr_parents, first, i;
	struct node *n;
	int err;

	r->id = id;
	r->loaded = 0;
	r->nr_cites = 0;
	err = cbp_git_read_commit(b->odb, &b->oid[id], c);
	if (err < 0) {
		/*
		 * Broken repositories: skip, say so once.  Below the cut
		 * of a shallow clone, cbp_index_gaps() says it.
		 */
		if (!(b->gaps & CBP_GAP_SHALLOW) && !b->absent_warned++) {
			b->gaps |= CBP_GAP_DAMAGED;
			cbp_note("warning: cannot read commit %s: %s",
				 cbp_oid_tohex(&b->oid[id], hex),
				 cbp_git_last_error());
		}
		b->node[id].state = NODE_ABSENT;
		return 0;
	}
	if (err) {
		/* Not a commit. */
		b->node[id].state = NODE_ABSENT;
		return 0;
	}
	/* The parents' rows go straight to the end of the edge array. */
	npar = c->nr_parents;
	first = b->nr_edge;
	b->edge = cbp_grow(b->edge, sizeof(*b->edge), first + npar,
			   &b->alloc_edge);
	/* Never NULL: a root commit has an empty blob, not a NULL one. */
	r->pblob = cbp_grow(r->pblob, CBP_STORE_PARENT_SIZE, npar + 1,
			    &r->alloc_pblob);
	for (i = 0; i < npar; i++) {
		unsigned int pid = build_lookup_commit(b, &c->parents[i]);

		if (!pid) {
			cbp_git_commit_done(c);
			return -1;
		}
		b->edge[first + i] = pid;
		cbp_store_put_parent(r->pblob, i, pid);
	}
	b->nr_edge = first + npar;
	r->npar = (unsigned int)npar;
	r->atime = c->atime;

	n = &b->node[id];
	n->par = (unsigned int)first;
	n->npar = (unsigned int)npar;
	n->state = NODE_LOADED;
	n->dirty = 1;
	n->rel = 0;
	n->br = 0;

	cbp_oid_tohex(&b->oid[id], r->hex);
	/* Never NULL either: an empty message is an empty buffer. */
	r->msg = cbp_grow(r->msg, 1, c->msg_len + 1, &r->alloc_msg);
	memcpy(r->msg, c->msg, c->msg_len);
	r->msg_len = c->msg_len;
	memcpy(r->encoding, c->encoding, sizeof(r->encoding));
	cbp_git_commit_done(c);
	r->loaded = 1;
	return 0;
}

/**
 * build_read_message() - read the subject and citations of a read commit
 * @r: a record filled by build_read_commit()
 *
 * Uses nothing but @r, so that a cold build runs it in the thread that
 * stores the record while the reader inflates the next commits.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_read_message(struct commit_rec *r)
{
	const char *msg = r->msg;
	size_t len = r->msg_len;
	char *utf8 = NULL;
	int err;

	if (!r->loaded)
		return 0;
	/* A message in another charset ("encoding" header) is read in UTF-8. */
	if (r->encoding[0] && !cbp_mime_is_utf8(r->encoding, msg, len))
		utf8 = cbp_mime_to_utf8(msg, len, r->encoding, &len);
	if (utf8)
		msg = utf8;
	else
		len = r->msg_len;
	r->sublen = cbp_subject(msg, len, r->subject, sizeof(r->subject));
	err = cbp_scan_message(msg, len, CBP_SCAN_MALFORMED, collect_cite, r);
	cbp_change_id(msg, len, r->chid);
	free(utf8);
	return err;
}

/* A citation whose ID cannot be a commit's, for lint to name. */
static int store_malformed(struct build *b, unsigned int id,
			   const struct rec_cite *c)
{
	if (cbp_store_add_malformed(b->w, id, c->kind, c->line, c->hex,
				    c->hexlen, c->has_quoted ? c->quoted : NULL,
				    c->quoted_len))
		return -1;
	b->malformed++;
	return 0;
}

/* ---------------------------------------------------------------------- */
/* What the run knows of the commits it read. */

/**
 * build_row_flags() - what this run knows of a row
 * @b: the build
 * @id: the row
 *
 * Return: its BUILD_ROW_* flags, 0 for a row this run did not read.
 */
unsigned int build_row_flags(const struct build *b, long long id)
{
	if (id < 0 || (unsigned long long)id >= b->nr_row_flags)
		return 0;
	return b->row_flags[id];
}

/**
 * build_row_mark() - add to what this run knows of a row it read
 * @b: the build
 * @id: the row
 * @flags: BUILD_ROW_* flags to add; with BUILD_ROW_READ, the row is
 *	   being stored, else it is marked only if this run read it
 */
void build_row_mark(struct build *b, long long id, unsigned int flags)
{
	size_t need = (size_t)id + 1;

	if (id < 0)
		return;
	if (need > b->nr_row_flags) {
		if (!(flags & BUILD_ROW_READ))
			return;
		b->row_flags = cbp_grow(b->row_flags, 1, need,
					&b->alloc_row_flags);
		memset(b->row_flags + b->nr_row_flags, 0,
		       need - b->nr_row_flags);
		b->nr_row_flags = need;
	}
	if ((flags & BUILD_ROW_READ) || b->row_flags[id])
		b->row_flags[id] |= flags;
}

/**
 * build_row_add_origin() - count one more origin link of a row read in this run
 * @b: the build
 * @id: the row (nothing is counted for a row of an earlier run)
 */
void build_row_add_origin(struct build *b, long long id)
{
	unsigned int f = build_row_flags(b, id);

	if (!(f & BUILD_ROW_READ))
		return;
	f = f & BUILD_ROW_ORIGINS ? BUILD_ROW_MANY : BUILD_ROW_ONE;
	b->row_flags[id] = (b->row_flags[id] & ~BUILD_ROW_ORIGINS) | f;
}

/*
 * BUILD_ROW_* of @r: how many IDs it cites as its origin, each text once
 * (one text names one row), and whether it cites Fixes: or reverts.
 */
static unsigned int cite_flags(const struct commit_rec *r)
{
	unsigned int f = BUILD_ROW_READ, n = 0;
	size_t i, k;

	for (i = 0; i < r->nr_cites; i++) {
		const struct rec_cite *c = &r->cites[i];

		if (c->malformed)
			continue;
		if (c->kind == CBP_FIXES || c->kind == CBP_REVERTS)
			f |= BUILD_ROW_FIXES;
		if (c->kind >= CBP_FIXES || n >= 2)
			continue;
		for (k = 0; k < i; k++)
			if (!r->cites[k].malformed &&
			    r->cites[k].kind < CBP_FIXES &&
			    !strcmp(r->cites[k].hex, c->hex))
				break;
		if (k == i)
			n++;
	}
	if (n)
		f |= n > 1 ? BUILD_ROW_MANY : BUILD_ROW_ONE;
	return f;
}

/**
 * build_store_commit() - write a commit and its citations to the index
 * @b: the build
 * @r: what build_read_commit() read
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_store_commit(struct build *b, const struct commit_rec *r)
{
	size_t i;

	if (!r->loaded)
		return 0;
	if (cbp_store_add_commit(b->w, r->id, r->hex, r->subject, r->sublen,
				 r->atime, r->pblob, r->npar))
		return -1;
	/* A cited ID that arrived: its citations are to be judged. */
	if (r->id <= b->max_old) {
		b->arrived = cbp_grow(b->arrived, sizeof(*b->arrived),
				      b->nr_arrived + 1, &b->alloc_arrived);
		b->arrived[b->nr_arrived++] = r->id;
	}
	if (r->chid[0] && cbp_store_add_change_id(b->w, r->id, r->chid))
		return -1;
	build_row_mark(b, r->id, cite_flags(r));

	for (i = 0; i < r->nr_cites; i++) {
		const struct rec_cite *c = &r->cites[i];

		if (c->malformed) {
			if (store_malformed(b, r->id, c))
				return -1;
			continue;
		}
		if (cbp_store_add_link(b->w, r->id, c->kind, c->hex, c->hexlen,
				       c->has_quoted ? c->quoted : NULL,
				       c->quoted_len))
			return -1;
		b->links++;
	}
	b->read++;
	return 0;
}

/**
 * build_rec_release() - free what a record holds
 * @r: the record
 */
void build_rec_release(struct commit_rec *r)
{
	free(r->cites);
	free(r->pblob);
	free(r->msg);
	r->cites = NULL;
	r->pblob = NULL;
	r->msg = NULL;
	r->alloc_cites = 0;
	r->alloc_pblob = 0;
	r->alloc_msg = 0;
}

/**
 * build_show_progress() - say how many commits were read, on a terminal
 * @b: the build
 * @last: when progress was last shown; updated
 */
void build_show_progress(const struct build *b, double *last)
{
	if (!isatty(2) || (b->read & 0x3fff) || cbp_now() - *last <= 0.5)
		return;
	*last = cbp_now();
	cbp_progress("\rcheckbackport: reading commits: %lld", b->read);
}
