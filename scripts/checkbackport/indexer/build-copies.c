// SPDX-License-Identifier: GPL-2.0
/*
 * Copies without a citation: a commit that a tracked branch has and
 * mainline does not, and whose message names no commit of the repository
 * as its origin (a cherry-pick without -x, a robot's copy, a trailer
 * naming a commit the repository lacks), is still the same change as a
 * mainline commit with the same patch: the same files turned from the
 * same blobs into the same blobs, or else the same lines added to and
 * dropped from each file, blanks aside (cbp_git_change_same_content(),
 * which compares what git patch-id compares but the context lines).  Such a pair is
 * stored as a link of its own kind, CBP_SAME_PATCH_ID ("same patch-id, no
 * trailer"), with the verdict CBP_TRUST_SAME_PATCH, so every class of
 * names follows it and every command shows it for what it is.
 *
 * A commit with an origin citation between two commits is never given
 * one: the trailer's verdict stands, even a suspicious one.  Diffing
 * every commit would cost more than reading the history, so the
 * candidates are the mainline commits with the same subject as the copy,
 * case, "[...]" groups and pull request numbers "(#N)" aside (a robot's
 * "fix: x [release-3.6.x] (#23771)" of "fix: x (#23326)"), or the same
 * author time (git cherry-pick and rebase keep the author date), and
 * only their changes are compared.  Each commit's files and blob IDs
 * are read from the trees once (the pids table keeps their hashes); only
 * a pair that changes the same files from other blobs is diffed, and
 * only in the files whose blobs differ between the two, so a vendor
 * update and its pick onto a branch where one vendored file differs
 * cost that file (the compared table keeps the answer: commits do not
 * change).  A pair found another change so, but which both remove a
 * file and add another there, may rename a file their bases hold with
 * other content: git pairs the two paths, and it is the same change
 * when git gives both one patch-id (compare_renames()).  A large file
 * that differs (translations, generated code: two sides over 256 KiB)
 * is diffed only when both change its size by as many bytes, read from
 * the objects' headers, as the same patch does: many commits of a
 * subject such as "po: merge changes" are then never diffed, and the
 * others are, however large their files (up to 64 MiB, beyond which
 * the blob IDs decide).  All this is computed before the
 * pairs are looked at, on every core (each thread with a repository of
 * its own); the pairs are then decided in order from memory.
 * A copy made across a directory moved between its branch and mainline
 * has no path in common with its mainline commit; one with its subject
 * that changes files of the same names alike is linked as
 * CBP_SAME_PATCH_MOVED ("same patch under other folders, no trailer";
 * link_moved()), its files compared as above.
 * A copy no patch links, whose conflicts were resolved by hand, keeps
 * the author, author time and subject git cherry-pick keeps: it is linked
 * to the one candidate with all three (CBP_SAME_AUTHOR_DATE, "same author,
 * date and subject"), none if several have them (link_authored()).
 * Failing that, a back-patch committed anew (PostgreSQL's, made to fit
 * each branch) keeps the author and message, and is authored seconds or
 * minutes after its mainline commit: it is linked to the one candidate
 * with its author and whole message authored at most CBP_NEAR_TIME
 * apart (CBP_SAME_AUTHOR_NEAR, "same author and message, authored
 * minutes apart"), on the same conditions; failing that, one made
 * later, as etcd's maintainers fit a fix to each release branch days
 * after mainline's, to the candidate with its author and whole message
 * authored at most CBP_LATER_TIME before it (CBP_SAME_AUTHOR_LATER,
 * "same author and message, authored later"; authored_pick()).  A
 * message is the same but for its trailers too, if it has more than a
 * subject (same_message()): a branch's own reviewers, a tracker's URL.
 * Every run that reads a commit, or moves one between branches, looks
 * at every pair, since a commit read earlier may have reached mainline
 * since (a -fixes branch merged); one that does neither looks again only
 * when the last could not read a change (build_link_copies()).  Of
 * several mainline commits with the same patch (a change applied,
 * reverted and re-applied), the one with the same author time, then the
 * first read, is linked.
 *
 * A link found so (or by a Change-Id, build-change-id.c) holds only
 * while its commits stay where they were: the copy outside mainline on a
 * tracked branch, the other in mainline, and no other name of the change
 * on the copy's branches.  A run in which
 * commits of earlier runs join or leave a branch or mainline (another
 * mainline or other globs, a branch deleted, rewound, new over old
 * commits or merged) or leave the index first unlinks every pair linked
 * without a citation (build_unlink_copies()), then finds them all again
 * from the index as it is: the same steps on the same commits, branches
 * and citations as a fresh build's, so the same links.  Unlinking only
 * the pairs whose commits moved would not do: a pair's link depends on
 * the others (one link per copy, twins by author, mainline's duplicates
 * of what is linked).  A run that adds commits and moves none (most
 * updates) unlinks nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build-priv.h"
#include "base/output.h"
#include "base/util.h"

/* One candidate pair: the branch's commit and a mainline commit. */
struct cand {
	long long own, ml;
	int same_time;		/* as in struct cbp_store_cand */
	int same_subject;
	int later;
	size_t o, m;		/* their entries in struct copies.pid */
	/*
	 * for a pair that changes the same files from other blobs,
	 * cbp_git_files_same(): 0 not known yet, 1 the same change, -1
	 * not, or unreadable (@keep 0: not kept, asked again next time)
	 */
	int content;
	int keep;
};

/*
 * One commit's change, read once: the hash of its files' blob IDs
 * (cbp_git_change.blobs, from the trees) and of its paths.
 */
struct pid {
	long long id;
	struct cbp_oid oid;
	int row;		/* 0 not looked up, 1 in the pids table */
	int blobs_ok;		/* 1 @blobs is known, -1 the commit is unreadable */
	long long blobs;
	long long files;	/* a hash of the paths it touches */
	int linked;		/* this copy was linked already */
	/*
	 * its files, for pairs diffed: 0 not read, 1 @fl, 2 none (a merge,
	 * an empty change), -1 unreadable
	 */
	int fl_state;
	struct cbp_git_files fl;
	/*
	 * its patch-id, for a pair that may rename: 1 @patch, 2 it has none,
	 * -1 unreadable
	 */
	int patch_state;
	char patch[CBP_OID_HEXSZ + 1];
	int queued;		/* on the list of a parallel step */
	int pairs;		/* how many pairs compare_pairs() compares it in */
	int unread;		/* a step could not read its change */
	int dirty;		/* computed here, to be kept in the pids table */
	/*
	 * for link_authored(): 0 not wanted, 1 @full has the files, 2 the
	 * lines and patch-id too (cbp_git_change_of()), -1 unreadable
	 */
	int full_state;
	struct cbp_git_change *full;
};

/* Commits whose change could not be read, gathered over both passes. */
struct unread {
	struct cbp_oid *oid;
	size_t nr, alloc;
};

struct copies {
	struct build *b;
	int err;			/* reading or storing a patch-id failed */
	struct unread *unread;		/* where release_copies() puts them */
	struct cand *c;
	size_t nr_c, alloc_c;
	struct pid *p;
	size_t nr_p, alloc_p;
};

static void want_pid(struct copies *cp, long long id, const char *hex)
{
	struct pid *p;

	cp->p = cbp_grow(cp->p, sizeof(*cp->p), cp->nr_p + 1, &cp->alloc_p);
	p = &cp->p[cp->nr_p++];
	memset(p, 0, sizeof(*p));
	p->id = id;
	if (!hex || cbp_oid_fromhex(&p->oid, hex))
		p->blobs_ok = -1;
}

static int cmp_pid(const void *a, const void *b)
{
	const struct pid *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static size_t find_pid(const struct copies *cp, long long id)
{
	size_t lo = 0, hi = cp->nr_p;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp->p[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int want_cand(const struct cbp_store_cand *sc, void *data)
{
	struct copies *cp = data;
	struct cand *c;

	cp->c = cbp_grow(cp->c, sizeof(*cp->c), cp->nr_c + 1, &cp->alloc_c);
	c = &cp->c[cp->nr_c++];
	c->own = sc->own;
	c->ml = sc->ml;
	c->same_time = sc->same_time;
	c->same_subject = sc->same_subject;
	c->later = sc->later;
	c->content = 0;
	c->keep = 0;
	want_pid(cp, c->own, sc->own_hex);
	want_pid(cp, c->ml, sc->ml_hex);
	return 0;
}

static int collect(struct copies *cp, enum cbp_copy_kind kind,
		   unsigned long long mainline)
{
	size_t i, o;

	if (cbp_store_copy_candidates(cp->b->w, kind, mainline, want_cand, cp))
		return -1;
	cbp_sort(cp->p, cp->nr_p, sizeof(*cp->p), cmp_pid);
	for (i = 0, o = 0; i < cp->nr_p; i++)
		if (!o || cp->p[o - 1].id != cp->p[i].id)
			cp->p[o++] = cp->p[i];
	cp->nr_p = o;
	for (i = 0; i < cp->nr_c; i++) {
		cp->c[i].o = find_pid(cp, cp->c[i].own);
		cp->c[i].m = find_pid(cp, cp->c[i].ml);
	}
	return 0;
}

/* A hash of the (sorted) paths a change touches. */
static long long files_hash(const struct cbp_git_change *ch)
{
	unsigned long long h = CBP_FNV_OFFSET;
	size_t i;

	/* Each path with its NUL: "ab" "c" is not "a" "bc". */
	for (i = 0; i < ch->nr_paths; i++)
		h = cbp_fnv(h, ch->paths[i], strlen(ch->paths[i]) + 1);
	return (long long)h;
}

/* Keep what is known of @p in the pids table. */
static void put_row(struct copies *cp, const struct pid *p)
{
	cp->err |= cbp_store_put_pid(cp->b->w, p->id, p->blobs, p->files);
}

/*
 * What the pids table knows of @p.  Return: 1 when it has a row, 0 when
 * not, -1 when reading failed (recorded in @cp->err).
 */
static int lookup(struct copies *cp, struct pid *p)
{
	struct cbp_store_pid row;
	int rc;

	rc = cbp_store_get_pid(cp->b->w, p->id, &row);
	if (rc < 0) {
		cp->err = -1;
		return -1;
	}
	if (rc) {
		p->row = 1;
		p->blobs_ok = 1;
		p->blobs = row.blobs;
		p->files = row.files;
	}
	return rc;
}

/*
 * @p's blobs hash, trees compared and no blob read.  A commit the git
 * layer cannot diff (a damaged or shallow repository) links nothing and
 * is tried again next time.  Runs in any thread, on its own @p.
 */
static void compute_blobs(struct cbp_repo *repo, struct pid *p)
{
	struct cbp_git_change ch;

	p->blobs_ok = -1;
	if (cbp_git_change_of(repo, &p->oid, 0, &ch)) {
		p->unread = 1;
		return;
	}
	p->blobs = (long long)ch.blobs;
	p->files = files_hash(&ch);
	p->blobs_ok = 1;
	p->dirty = 1;
	cbp_git_change_release(&ch);
}

/* One parallel step: @fn on each commit of @todo. */
struct step {
	struct pid **todo;
	void (*fn)(struct cbp_repo *repo, struct pid *p);
};

static void step_one(struct cbp_repo *repo, size_t i, void *data)
{
	struct step *st = data;

	st->fn(repo, st->todo[i]);
}

/* Compute @fn for the @nr commits of @todo on every core. */
static void parallel_step(struct copies *cp, struct pid **todo, size_t nr,
			  void (*fn)(struct cbp_repo *repo, struct pid *p))
{
	struct step st = { .todo = todo, .fn = fn };

	build_parallel(cp->b, nr, step_one, &st);
}

/* Put @p on @todo (*@nr long) unless it is there already. */
static void queue(struct pid *p, struct pid **todo, size_t *nr)
{
	if (p->queued)
		return;
	p->queued = 1;
	todo[(*nr)++] = p;
}

/* The pair @c changes the same files from other blobs. */
static int other_blobs(const struct copies *cp, const struct cand *c)
{
	const struct pid *o = &cp->p[c->o], *m = &cp->p[c->m];

	return o->blobs_ok > 0 && m->blobs_ok > 0 &&
	       !(o->blobs && o->blobs == m->blobs) && o->files == m->files;
}

/* @p's files (cbp_git_change_files()); any thread. */
static void compute_fl(struct cbp_repo *repo, struct pid *p)
{
	int rc = cbp_git_change_files(repo, &p->oid, &p->fl, NULL);

	p->fl_state = rc < 0 ? -1 : rc ? 2 : 1;
	p->unread |= rc < 0;
}

/*
 * The next value of each of @p's files cbp_git_files_same() asked for:
 * one commit's files are all on one thread.
 */
static void compute_wanted(struct cbp_repo *repo, struct pid *p)
{
	size_t i;

	for (i = 0; i < p->fl.nr; i++)
		if (p->fl.f[i].wanted) {
			p->fl.f[i].wanted = 0;
			if (cbp_git_file_fill(repo, &p->fl.f[i]))
				p->unread = 1;
		}
}

/* @p's patch-id (cbp_git_change_of()), renames paired; any thread. */
static void compute_patch_id(struct cbp_repo *repo, struct pid *p)
{
	struct cbp_git_change ch;

	p->patch_state = -1;
	if (cbp_git_change_of(repo, &p->oid, 1, &ch)) {
		p->unread = 1;
		return;
	}
	p->patch_state = ch.has_pid ? 1 : 2;
	if (ch.has_pid)
		memcpy(p->patch, ch.pid, sizeof(p->patch));
	cbp_git_change_release(&ch);
}

/*
 * Of the pairs at @pairs (@nr) found other changes, those that may be
 * one with a rename (cbp_git_files_renamed()) are one change when git
 * gives them one patch-id; a commit's patch-id cannot be read: asked
 * again next time.
 */
static void compare_renames(struct copies *cp, const size_t *pairs,
			    size_t nr, struct pid **todo)
{
	size_t i, n = 0;

	for (i = 0; i < cp->nr_p; i++)
		cp->p[i].queued = 0;
	for (i = 0; i < nr; i++) {
		struct cand *c = &cp->c[pairs[i]];
		struct pid *o = &cp->p[c->o], *m = &cp->p[c->m];

		if (c->content > 0 || !c->keep || o->fl_state != 1 ||
		    m->fl_state != 1 || !cbp_git_files_renamed(&o->fl, &m->fl))
			continue;
		c->content = 0;
		queue(o, todo, &n);
		queue(m, todo, &n);
	}
	parallel_step(cp, todo, n, compute_patch_id);
	for (i = 0; i < nr; i++) {
		struct cand *c = &cp->c[pairs[i]];
		const struct pid *o = &cp->p[c->o], *m = &cp->p[c->m];

		if (c->content)
			continue;
		c->content = o->patch_state == 1 && m->patch_state == 1 &&
			     !strcmp(o->patch, m->patch) ? 1 : -1;
		c->keep = o->patch_state > 0 && m->patch_state > 0;
	}
}

/* What a round of compare_pairs() wants computed, of the pair @o, @m. */
struct wanted {
	struct pid **todo;
	size_t nr;
	struct pid *o, *m;
};

/* cbp_git_files_same() wants @f's next value: its commit is queued. */
static void want_file(struct cbp_git_file *f, void *data)
{
	struct wanted *w = data;
	struct pid *p = f >= w->o->fl.f && f < w->o->fl.f + w->o->fl.nr ?
			w->o : w->m;

	f->wanted = 1;
	queue(p, w->todo, &w->nr);
}

/*
 * A commit compared with one other is most often its copy, whose files
 * are then hashed anyway: they are not read a first time for what their
 * sides tell without a diff (cbp_git_file_fill()).  That first reading
 * pays for a commit compared with many (each branch's translation
 * updates, one subject): most pairs of it are then told apart unread.
 */
static void prefer_hashes(struct copies *cp, const size_t *pairs, size_t nr)
{
	size_t i, k;

	for (i = 0; i < cp->nr_p; i++)
		cp->p[i].pairs = 0;
	for (i = 0; i < nr; i++) {
		cp->p[cp->c[pairs[i]].o].pairs++;
		cp->p[cp->c[pairs[i]].m].pairs++;
	}
	for (i = 0; i < cp->nr_p; i++) {
		struct pid *p = &cp->p[i];

		if (p->pairs == 1 && p->fl_state == 1)
			for (k = 0; k < p->fl.nr; k++)
				p->fl.f[k].no_quick = 1;
	}
}

/*
 * Decide the pairs at @pairs (@nr of them) that change the same files
 * from other blobs, or with @moved files of the same names under other
 * folders (cbp_git_files_same_moved()): each commit's files read once,
 * then in three rounds the sizes, the nets and the hashes of the files
 * the pairs ask for, each round on every core, then the patch-ids of
 * the pairs of the same files that may rename.
 */
static void compare_pairs(struct copies *cp, const size_t *pairs, size_t nr,
			  int moved)
{
	struct wanted w = { .todo = cbp_calloc(cp->nr_p + 1, sizeof(*w.todo)) };
	size_t i, left = nr;
	int round;

	for (i = 0; i < cp->nr_p; i++)
		cp->p[i].queued = 0;
	/* A commit's files read for an earlier step are not read again. */
	for (i = 0; i < nr; i++) {
		struct pid *o = &cp->p[cp->c[pairs[i]].o];
		struct pid *m = &cp->p[cp->c[pairs[i]].m];

		if (!o->fl_state)
			queue(o, w.todo, &w.nr);
		if (!m->fl_state)
			queue(m, w.todo, &w.nr);
	}
	parallel_step(cp, w.todo, w.nr, compute_fl);
	prefer_hashes(cp, pairs, nr);
	/* Sizes, then nets, then hashes, then every answer is known. */
	for (round = 0; round < 4 && left; round++) {
		for (i = 0; i < cp->nr_p; i++)
			cp->p[i].queued = 0;
		w.nr = 0;
		for (i = 0, left = 0; i < nr; i++) {
			struct cand *c = &cp->c[pairs[i]];
			struct pid *o = &cp->p[c->o], *m = &cp->p[c->m];
			int rc;

			if (c->content)
				continue;
			/* Unreadable: asked again next time. */
			if (o->fl_state < 0 || m->fl_state < 0) {
				c->content = -1;
				continue;
			}
			/* No change to compare is no copy of one. */
			if (o->fl_state == 2 || m->fl_state == 2) {
				c->content = -1;
				c->keep = 1;
				continue;
			}
			w.o = o;
			w.m = m;
			rc = moved ? cbp_git_files_same_moved(&o->fl, &m->fl,
							      want_file, &w) :
				     cbp_git_files_same(&o->fl, &m->fl, want_file,
							&w);
			if (rc == CBP_GIT_UNDECIDED && round < 3) {
				left++;
				continue;
			}
			c->content = rc == 1 ? 1 : -1;
			c->keep = rc == 0 || rc == 1;
		}
		parallel_step(cp, w.todo, w.nr, compute_wanted);
	}
	if (!moved)
		compare_renames(cp, pairs, nr, w.todo);
	free(w.todo);
}

/*
 * Whether each candidate @pick takes makes the same change (with @moved,
 * under other folders), as the compared table has it or else from the
 * files whose blobs differ (compare_pairs()); what was found is kept.
 */
static void decide(struct copies *cp,
		   int (*pick)(const struct copies *cp, const struct cand *c),
		   int moved)
{
	size_t *pairs = cbp_calloc(cp->nr_c + 1, sizeof(*pairs));
	size_t i, nr = 0;

	for (i = 0; i < cp->nr_c && !cp->err; i++) {
		struct cand *c = &cp->c[i];
		int same, rc;

		if (!pick(cp, c))
			continue;
		rc = cbp_store_get_compared(cp->b->w, c->own, c->ml, &same);
		if (rc < 0)
			cp->err = -1;
		else if (rc)
			c->content = same ? 1 : -1;
		else
			pairs[nr++] = i;
	}
	if (!cp->err)
		compare_pairs(cp, pairs, nr, moved);
	for (i = 0; i < nr && !cp->err; i++) {
		const struct cand *c = &cp->c[pairs[i]];

		if (c->keep)
			cp->err |= cbp_store_put_compared(cp->b->w, c->own,
							  c->ml, c->content > 0);
	}
	free(pairs);
}

/*
 * Everything the pairs need, before any is decided: each commit's row
 * or else the blobs hash from its trees, then whether the pairs that
 * change the same files from other blobs make the same change (decide()).
 */
static int prepare(struct copies *cp)
{
	struct pid **todo = cbp_calloc(cp->nr_p + 1, sizeof(*todo));
	size_t i, nr = 0;

	for (i = 0; i < cp->nr_p && !cp->err; i++) {
		struct pid *p = &cp->p[i];

		if (!p->blobs_ok && !lookup(cp, p))
			todo[nr++] = p;
	}
	if (!cp->err)
		parallel_step(cp, todo, nr, compute_blobs);
	free(todo);
	if (!cp->err)
		decide(cp, other_blobs, 0);
	for (i = 0; i < cp->nr_p && !cp->err; i++)
		if (cp->p[i].dirty)
			put_row(cp, &cp->p[i]);
	return cp->err ? -1 : 0;
}

/*
 * Are the two commits of @c the same patch?  The same files turned from
 * the same blobs into the same blobs are, without reading a blob; other
 * files are not, whatever the lines; other blobs of the same files were
 * compared (prepare()).
 */
static int same_patch(const struct copies *cp, const struct cand *c)
{
	const struct pid *o = &cp->p[c->o], *m = &cp->p[c->m];

	if (o->blobs_ok <= 0 || m->blobs_ok <= 0)
		return 0;
	if (o->blobs && o->blobs == m->blobs)
		return 1;
	return o->files == m->files && c->content > 0;
}

/* The link and its verdict; no files were compared, the patches are one. */
static int store(struct copies *cp, const struct cand *c)
{
	const struct pid *m = &cp->p[c->m];
	char hex[CBP_OID_HEXSZ + 1];

	cbp_oid_tohex(&m->oid, hex);
	cp->b->copies++;
	return cbp_store_add_copy(cp->b->w, c->own, hex, c->ml);
}

/* Link each candidate copy to its first mainline commit of the same patch. */
static int link_all(struct copies *cp)
{
	double last = cbp_now();
	int shown = 0;
	size_t i;

	if (prepare(cp))
		return -1;
	for (i = 0; i < cp->nr_c; i++) {
		const struct cand *c = &cp->c[i];
		int same;

		/* Sorted by copy, the best candidate first: one link each. */
		if (cp->p[c->o].linked)
			continue;
		same = same_patch(cp, c);
		if (same) {
			if (store(cp, c))
				return -1;
			cp->p[c->o].linked = 1;
		}
		if (isatty(2) && cbp_now() - last > 0.5) {
			last = cbp_now();
			shown = 1;
			cbp_progress("\rcheckbackport: copies without a trailer: %zu/%zu",
				     i + 1, cp->nr_c);
		}
	}
	if (shown)
		cbp_progress("\n");
	return 0;
}

/*
 * Whether @msg has a paragraph after its subject's: a blank line (blanks
 * and a CR allowed) after some text, then more text.
 */
static int has_body(const char *msg, size_t len)
{
	size_t i = 0;
	int seen = 0, text;	/* seen: 1 the subject, 2 and a blank line */

	while (i < len) {
		for (text = 0; i < len && msg[i] != '\n'; i++)
			text |= !cbp_is_space((unsigned char)msg[i]);
		i++;
		if (text && seen == 2)
			return 1;
		if (text)
			seen = 1;
		else if (seen)
			seen = 2;
	}
	return 0;
}

/* Whether the line [@p, @end) is a trailer: "Token: value", or -x's. */
static int trailer_line(const char *p, const char *end)
{
	static const char pick[] = "(cherry picked from commit ";
	const char *q = p;

	if ((size_t)(end - p) >= sizeof(pick) - 1 &&
	    !memcmp(p, pick, sizeof(pick) - 1))
		return 1;
	while (q < end && (isalnum((unsigned char)*q) || (*q == '-' && q > p)))
		q++;
	return q > p && q + 1 < end && *q == ':' && (q[1] == ' ' || q[1] == '\t');
}

/*
 * The length of @msg without its trailers: its last paragraph when that
 * is trailer lines alone ("Signed-off-by: ...", "Fixes: <URL>", lines
 * that go on one), not its first, and the blank lines before it.  All
 * of @len when it has none.
 */
static size_t sans_trailers(const char *msg, size_t len)
{
	const char *end = msg + len, *para = NULL, *p, *eol;
	int lines = 0;

	while (end > msg && cbp_is_space((unsigned char)end[-1]))
		end--;
	/* The start of the last paragraph: after the last blank line. */
	for (p = msg; p < end; p = eol + 1) {
		const char *q;

		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		for (q = p; q < eol && cbp_is_space((unsigned char)*q); q++)
			;
		if (q == eol)
			para = eol + 1;
		if (eol == end)
			break;
	}
	if (!para || para >= end)
		return len;
	for (p = para; p < end; p = eol + 1, lines++) {
		const char *e;

		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		e = eol > p && eol[-1] == '\r' ? eol - 1 : eol;
		if (!trailer_line(p, e) && !(lines && (*p == ' ' || *p == '\t')))
			return len;
		if (eol == end)
			break;
	}
	/* The blank lines before the trailers go with them. */
	for (p = para; p > msg && cbp_is_space((unsigned char)p[-1]); p--)
		;
	return (size_t)(p - msg);
}

/*
 * Whether @a and @b have the same message: byte for byte (with @body, of
 * more than a subject), or but for their trailers (a backport's own
 * sign-offs, a bug tracker's new address), of more than a subject
 * whatever @body says: "Translation updates" and a source hash are
 * another change each time.
 */
static int same_message(const struct cbp_git_commit *a,
			const struct cbp_git_commit *b, int body)
{
	size_t la, lb;

	if (strcmp(a->encoding, b->encoding))
		return 0;
	if (a->msg_len == b->msg_len && !memcmp(a->msg, b->msg, a->msg_len))
		return !body || has_body(a->msg, a->msg_len);
	la = sans_trailers(a->msg, a->msg_len);
	lb = sans_trailers(b->msg, b->msg_len);
	return la == lb && !memcmp(a->msg, b->msg, la) && has_body(a->msg, la);
}

/*
 * Do @o and @m have the same author, "Name <address>" byte for byte, and
 * with @message the same message (and encoding) too, trailers aside
 * (same_message())?  With @message 2, one of more than a subject.
 */
static int same_author(struct cbp_odb *odb, const struct pid *o,
		       const struct pid *m, int message)
{
	struct cbp_git_commit a = { 0 }, b = { 0 };
	int same = 0;

	if (!cbp_git_read_commit(odb, &o->oid, &a) &&
	    !cbp_git_read_commit(odb, &m->oid, &b))
		same = a.author && b.author && a.author_len == b.author_len &&
		       !memcmp(a.author, b.author, a.author_len) &&
		       (!message || same_message(&a, &b, message == 2));
	cbp_git_commit_release(&a);
	cbp_git_commit_release(&b);
	return same;
}

/*
 * @p's change for related(): its files, or with @lines its lines too.
 * The files of a commit compare_pairs() read are those of the walk
 * cbp_git_change_of() would make again.
 */
static void compute_change(struct cbp_repo *repo, struct pid *p, int lines)
{
	size_t i;

	if (p->full_state < 0 || p->full_state >= 1 + lines)
		return;
	if (p->full)
		cbp_git_change_release(p->full);
	else
		p->full = cbp_calloc(1, sizeof(*p->full));
	if (!lines && p->fl_state == 1 && p->blobs_ok > 0) {
		p->full->paths = cbp_calloc(p->fl.nr + 1,
					    sizeof(*p->full->paths));
		for (i = 0; i < p->fl.nr; i++)
			p->full->paths[i] = cbp_strdup(p->fl.f[i].path);
		p->full->nr_paths = p->fl.nr;
		p->full->blobs = (unsigned long long)p->blobs;
		p->full_state = 1;
		return;
	}
	p->full_state = cbp_git_change_of(repo, &p->oid, lines, p->full) ?
			-1 : 1 + lines;
	p->unread |= p->full_state < 0;
}

/* The files @p changes; any thread. */
static void compute_files(struct cbp_repo *repo, struct pid *p)
{
	compute_change(repo, p, 0);
}

/* Its lines and patch-id too; any thread. */
static void compute_full(struct cbp_repo *repo, struct pid *p)
{
	compute_change(repo, p, 1);
}

/*
 * Is whether @o and @m are related still open once their files are
 * known: no file in common, so their lines must say?
 */
static int needs_lines(const struct pid *o, const struct pid *m)
{
	return o->full_state == 1 && m->full_state == 1 &&
	       !cbp_git_change_shares_files(o->full, m->full);
}

/*
 * Have the changes of @o and @m anything in common
 * (cbp_git_change_related())?  A file in common says so from the trees
 * alone; only a pair with none needs its lines read, most of the cost
 * of a vendor update.
 */
static int related(const struct pid *o, const struct pid *m)
{
	if (o->full_state <= 0 || m->full_state <= 0)
		return 0;
	if (cbp_git_change_shares_files(o->full, m->full))
		return 1;
	if (o->full_state < 2 || m->full_state < 2)
		return 0;
	return cbp_git_change_related(o->full, m->full);
}

/*
 * Is @c a pair link_moved() compares: a copy no patch linked with its
 * candidate's subject, byte for byte, that changes other paths?  (The
 * pairs of the same paths are link_all()'s, so the compared table keeps
 * the answers of both.)
 */
static int moved_cand(const struct copies *cp, const struct cand *c)
{
	const struct pid *o = &cp->p[c->o], *m = &cp->p[c->m];

	return c->same_subject && !o->linked && o->blobs_ok > 0 &&
	       m->blobs_ok > 0 && o->files != m->files;
}

/*
 * A copy made across a directory moved between its branch and mainline
 * (etcd's mvcc/, then server/mvcc/, then server/storage/mvcc/) changes
 * the same lines as its mainline commit, but under other paths: it has
 * no file, so no patch-id, in common with it.  Of a copy no patch
 * linked, the first candidate with its subject, byte for byte, that
 * changes as many files of the same names alike, each from the same
 * blob to the same blob or adding and dropping the same lines
 * (cbp_git_files_same_moved()), is linked as CBP_SAME_PATCH_MOVED.
 * Only the files whose blobs differ are diffed, as for link_all().
 */
static int link_moved(struct copies *cp)
{
	size_t i;

	decide(cp, moved_cand, 1);
	for (i = 0; i < cp->nr_c && !cp->err; i++) {
		const struct cand *c = &cp->c[i];
		char hex[CBP_OID_HEXSZ + 1];

		if (!moved_cand(cp, c) || c->content <= 0)
			continue;
		cbp_oid_tohex(&cp->p[c->m].oid, hex);
		cp->b->copies++;
		cp->err = cbp_store_add_authored_copy(cp->b->w, c->own,
						      CBP_SAME_PATCH_MOVED,
						      hex, c->ml);
		cp->p[c->o].linked = 1;
	}
	return cp->err ? -1 : 0;
}

/*
 * A copy to link by its author, the link's kind
 * (CBP_SAME_AUTHOR_DATE or CBP_SAME_AUTHOR_NEAR), and its branches.
 */
struct authored {
	const struct cand *c;
	int kind;
	unsigned long long branches;
};

/*
 * The one candidate of the copy at @cp->c[@i] with its author and
 * subject: of its author time if any has it, else authored at most
 * CBP_NEAR_TIME apart and with its whole message (each branch's
 * "Translation updates" of PostgreSQL names another source commit, and
 * is another change), else with its whole message, which has more than
 * a subject (a one-line "Fix a typo" twice in a month is weak evidence),
 * and a subject mainline has once (util-linux's "po: merge changes" and
 * "docs: update AUTHORS file", each release's on master and on the
 * stable branch, are other changes), authored before the copy, at most
 * CBP_LATER_TIME before.  The nearer kind decides, so a monthly
 * message's last month is never a candidate where this month's is.
 * Returns 0 with @a set, or -1 if there is none or more than one.
 */
static int authored_pick(struct copies *cp, size_t i, size_t *next,
			 struct authored *a)
{
	static const int kind[3] = {
		CBP_SAME_AUTHOR_LATER, CBP_SAME_AUTHOR_NEAR, CBP_SAME_AUTHOR_DATE,
	};
	const struct cand *pick[3] = { NULL };
	int nr[3] = { 0 }, k, subjects = 0;
	size_t j;

	/* A subject mainline has more than once is a chore ("po: merge changes"). */
	for (j = i; j < cp->nr_c && cp->c[j].own == cp->c[i].own; j++)
		subjects += cp->c[j].same_subject;
	for (j = i; j < cp->nr_c && cp->c[j].own == cp->c[i].own; j++) {
		const struct cand *c = &cp->c[j];

		/* 2 the same time, 1 minutes apart, 0 days later */
		k = c->same_time > 0 ? c->same_time :
		    c->later && subjects == 1 ? 0 : -1;
		if (cp->p[c->o].linked || k < 0 || k > 2 ||
		    !c->same_subject || cp->p[c->o].blobs_ok < 0 ||
		    !same_author(cp->b->odb, &cp->p[c->o], &cp->p[c->m],
				 k == 2 ? 0 : k ? 1 : 2))
			continue;
		pick[k] = c;
		nr[k]++;
	}
	*next = j;
	for (k = 2; k >= 0; k--) {
		if (!nr[k])
			continue;
		a->c = pick[k];
		a->kind = kind[k];
		return nr[k] == 1 ? 0 : -1;
	}
	return -1;
}

/*
 * git cherry-pick without -x keeps the author, the author time and the
 * message, also when resolving its conflicts (or a move of the file)
 * changed the patch: a copy that no patch linked is linked to the one
 * mainline candidate with its author, author time and subject, none if
 * there are several.  Only the candidates of the same author time and
 * subject are read again, for their authors.  Without one of its author
 * time, the one with the same author and message authored at most
 * CBP_NEAR_TIME apart is linked, as CBP_SAME_AUTHOR_NEAR: a back-patch
 * committed anew rather than picked.
 *
 * The same message can carry another change, though (etcd's release-3.1
 * bump of a vendored library under a test script's subject, rebased onto
 * it): the two must have a file, a file name or changed lines in common,
 * and the copy's branches no other name of the change, as two commits of
 * one branch with the same author, date and subject are one change and a
 * follow-up, or a part of the change, at best; but a name the branch
 * reverted before the copy is no more (cbp_store_names_undone()): the
 * copy makes the change again.  Two such copies of a
 * branch join neither, in one run or in two (an update unlinks the first).
 */
static int link_authored(struct copies *cp)
{
	struct authored *pick = NULL, *a = NULL, one;
	struct pid **todo;
	size_t i = 0, j, k, nr = 0, alloc = 0, nr_pick = 0, alloc_pick = 0;
	size_t nr_todo = 0;
	int err = 0;

	/*
	 * The picks first, then on every core the files each side of each
	 * pick changes, then the lines of the pairs with no file in common,
	 * as those can take a second (a licence line added to 3,000 files);
	 * what follows decides in order, as it always did.
	 */
	while (i < cp->nr_c) {
		if (authored_pick(cp, i, &i, &one))
			continue;
		pick = cbp_grow(pick, sizeof(*pick), nr_pick + 1, &alloc_pick);
		pick[nr_pick++] = one;
	}
	todo = cbp_calloc(2 * nr_pick + 1, sizeof(*todo));
	for (i = 0; i < cp->nr_p; i++)
		cp->p[i].queued = 0;
	for (k = 0; k < nr_pick; k++) {
		queue(&cp->p[pick[k].c->o], todo, &nr_todo);
		queue(&cp->p[pick[k].c->m], todo, &nr_todo);
	}
	parallel_step(cp, todo, nr_todo, compute_files);
	for (i = 0; i < cp->nr_p; i++)
		cp->p[i].queued = 0;
	for (k = 0, nr_todo = 0; k < nr_pick; k++) {
		struct pid *o = &cp->p[pick[k].c->o], *m = &cp->p[pick[k].c->m];

		if (!needs_lines(o, m))
			continue;
		queue(o, todo, &nr_todo);
		queue(m, todo, &nr_todo);
	}
	parallel_step(cp, todo, nr_todo, compute_full);
	free(todo);

	for (k = 0; !err && k < nr_pick; k++) {
		const struct cand *c = pick[k].c;
		unsigned long long br, mb = build_mainline_bit(cp->b);
		int named;

		if (!related(&cp->p[c->o], &cp->p[c->m]))
			continue;
		named = cbp_store_named_on_branch(cp->b->w, c->own, c->ml, &br);
		/* A name the branch reverted before the copy is no more. */
		if (named > 0) {
			int undone = cbp_store_names_undone(cp->b->w, c->own,
							    c->ml, br, mb);

			named = undone < 0 ? -1 : !undone;
		}
		if (!named)
			named = cbp_store_drop_authored_twins(cp->b->w, c->own,
							      c->ml, br);
		if (named < 0)
			err = -1;
		if (named)
			continue;
		a = cbp_grow(a, sizeof(*a), nr + 1, &alloc);
		a[nr] = pick[k];
		a[nr++].branches = br;
	}
	for (i = 0; !err && i < nr; i++) {
		char hex[CBP_OID_HEXSZ + 1];

		for (j = 0; j < nr; j++)
			if (j != i && a[j].c->ml == a[i].c->ml &&
			    (a[j].branches & a[i].branches))
				break;
		if (j < nr)
			continue;
		cbp_oid_tohex(&cp->p[a[i].c->m].oid, hex);
		cp->b->copies++;
		err = cbp_store_add_authored_copy(cp->b->w, a[i].c->own,
						  a[i].kind, hex, a[i].c->ml);
	}
	free(pick);
	free(a);
	return err;
}

/**
 * build_unlink_copies() - forget the links found when their premises changed
 * @b: the build, after build_gc() and before build_link_change_ids()
 * @first_rowid: the last links row of earlier runs, for build_judge_links();
 *		 lowered when the links found next may reuse rows
 *
 * Nothing is done unless @b->refind says that commits of earlier runs
 * joined or left a branch, or mainline, or left the index, or a commit
 * linked so now cites a commit as its origin (one this run read, or a
 * cited ID that arrived: cbp_store_found_cites_new()).  Then every link
 * found without a citation goes (cbp_store_drop_found()), and this run
 * finds them all again from the index as it is now, as a fresh build
 * does.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_unlink_copies(struct build *b, long long *first_rowid)
{
	long long max_link;
	int rc;

	if (!b->refind && !b->cold) {
		rc = cbp_store_found_cites_new(b->w, (long long)b->max_old,
					       b->arrived, b->nr_arrived);
		if (rc < 0)
			return -1;
		b->refind = rc;
	}
	if (!b->refind)
		return 0;
	if (cbp_store_drop_found(b->w, &max_link))
		return -1;
	if (max_link < *first_rowid)
		*first_rowid = max_link;
	return 0;
}

static int cmp_oid(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct cbp_oid));
}

/*
 * Say which commits a step could not read the change of (a tree or a
 * file damaged or missing), each once: a copy of them without a trailer
 * cannot be found, and would otherwise be missing from every answer
 * without a word.
 */
static void say_unread(struct unread *u)
{
	char hex[CBP_OID_HEXSZ + 1];
	size_t i, n = 0;

	cbp_sort(u->oid, u->nr, sizeof(*u->oid), cmp_oid);
	for (i = 0; i < u->nr; i++)
		if (!i || cmp_oid(&u->oid[i - 1], &u->oid[i]))
			u->oid[n++] = u->oid[i];
	if (!n)
		return;
	cbp_oid_tohex(&u->oid[0], hex);
	cbp_note("warning: cannot read what %zu %s (%s%s: a damaged or missing object); %s",
		 n, n == 1 ? "commit changes" : "commits change", hex,
		 n == 1 ? "" : " first",
		 n == 1 ? "copies of it without a trailer are not found" :
			  "copies of them without a trailer are not found");
}

/**
 * build_link_copies() - link the branches' copies that cite no origin
 * @b: the build, after the links were resolved and judged
 *
 * Return: 0, or -1 with the error recorded.
 */
/* What @cp holds: each commit's files and change, and the pairs. */
static void release_copies(struct copies *cp)
{
	size_t i;

	for (i = 0; i < cp->nr_p; i++) {
		if (cp->p[i].unread) {
			struct unread *u = cp->unread;

			u->oid = cbp_grow(u->oid, sizeof(*u->oid), u->nr + 1,
					  &u->alloc);
			u->oid[u->nr++] = cp->p[i].oid;
		}
		if (cp->p[i].fl_state == 1)
			cbp_git_files_release(&cp->p[i].fl);
		if (cp->p[i].full)
			cbp_git_change_release(cp->p[i].full);
		free(cp->p[i].full);
	}
	free(cp->p);
	free(cp->c);
}

int build_link_copies(struct build *b)
{
	unsigned long long mb = build_mainline_bit(b);
	struct unread unread = { 0 };
	struct copies cp = { .b = b, .unread = &unread };
	long long retry;
	int err;

	if (!mb)
		return 0;
	/*
	 * Nothing read, no commit joined or left a branch: the pairs are
	 * those of the last run, decided alike, unless that run could not
	 * read a change (a partial clone's file fetched since).  Asking
	 * costs a query over every branch's commits (0.6 s of Buildroot's).
	 */
	if (!b->cold && !b->read && !b->refind) {
		if (cbp_store_copies_unread(b->w, &retry))
			return -1;
		if (!retry)
			return 0;
	}
	err = collect(&cp, CBP_COPY_BRANCH, mb) || link_all(&cp) ||
	      link_moved(&cp) || link_authored(&cp) ? -1 : 0;
	release_copies(&cp);
	if (!err) {
		/* Then mainline's duplicates of what the branches cite (or copied). */
		memset(&cp, 0, sizeof(cp));
		cp.b = b;
		cp.unread = &unread;
		err = collect(&cp, CBP_COPY_MAINLINE, mb) || link_all(&cp) ? -1 : 0;
		release_copies(&cp);
	}
	/* A partial clone's files not fetched are said once, as such. */
	if (!err && !(b->gaps & CBP_GAP_PARTIAL))
		say_unread(&unread);
	if (!err)
		err = cbp_store_set_copies_unread(b->w, (long long)unread.nr);
	free(unread.oid);
	return err;
}
