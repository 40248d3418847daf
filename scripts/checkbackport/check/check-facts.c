// SPDX-License-Identifier: GPL-2.0
/*
 * What the checks of `check` look at, gathered once per patch: the IDs
 * its message cites, each resolved against the index, the classes of
 * names behind them, which of those names mainline and the target branch
 * contain, when the fix and its bugs were first released, the Cc: stable
 * annotations and, with --patch-id, the patch's patch-id.
 *
 * Branch containment is asked of git directly rather than of the index's
 * branch bits, so any --stable branch can be checked against without
 * re-indexing.  Errors here (a damaged index, git failing) stop the
 * command; the checks themselves (listed in check-table.c) only read
 * these facts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-priv.h"

/* Is the present commit @c reachable from @tip? */
static int reaches(struct checker *chk, const struct cbp_oid *tip,
		   const struct cbp_commit *c)
{
	struct cbp_oid oid;
	int rc;

	if (c->state != CBP_PRESENT || cbp_oid_fromhex(&oid, c->hex))
		return 0;
	if (cbp_oid_equal(&oid, tip))
		return 1;
	rc = cbp_git_descendant_of(chk->ctx->repo, tip, &oid);
	return rc < 0 ? 0 : rc;
}

/*
 * Is @c in branch @name at @tip?  When the index tracks the branch and
 * is up to date with it, the commit's branch bits say so without a walk
 * of the history (a walk from a tip costs seconds in a large one); any
 * other branch, or one that moved since, is asked of git.  @bit caches
 * the lookup: 0 not done, the bit + 1, or -1.
 */
static int in_branch(struct checker *chk, const char *name,
		     const struct cbp_oid *tip, int *bit,
		     const struct cbp_commit *c)
{
	if (!*bit) {
		char hex[CBP_OID_HEXSZ + 1];
		int b;

		cbp_oid_tohex(tip, hex);
		b = name ? cbp_index_branch_tip_bit(chk->idx, name, hex) : -1;
		*bit = b < 0 ? -1 : b + 1;
	}
	/* A row of the index carries its bits; any other commit walks. */
	if (*bit > 0 && c->id > 0 && c->state == CBP_PRESENT)
		return !!(c->branches & (1ULL << (*bit - 1)));
	return reaches(chk, tip, c);
}

/**
 * check_in_mainline() - whether mainline contains a commit
 * @chk: the checker
 * @c: the commit
 *
 * Return: non-zero if it does.
 */
int check_in_mainline(struct checker *chk, const struct cbp_commit *c)
{
	return chk->have_mainline &&
	       in_branch(chk, chk->mainline, &chk->mainline_tip,
			 &chk->mainline_bit, c);
}

/**
 * check_contains() - whether one commit contains another
 * @chk: the checker
 * @outer: the later commit
 * @inner: the one to look for; a commit contains itself
 *
 * Return: non-zero if it does.
 */
int check_contains(struct checker *chk, const struct cbp_commit *outer,
		   const struct cbp_commit *inner)
{
	struct cbp_oid oid;

	if (outer->state != CBP_PRESENT || cbp_oid_fromhex(&oid, outer->hex))
		return 0;
	return reaches(chk, &oid, inner);
}

/**
 * check_in_stable() - whether the target branch contains a commit
 * @chk: the checker
 * @c: the commit
 *
 * Return: non-zero if it does.
 */
int check_in_stable(struct checker *chk, const struct cbp_commit *c)
{
	return in_branch(chk, chk->stable, &chk->stable_tip, &chk->stable_bit,
			 c);
}

/**
 * check_stable_bit() - the index's bit of the target branch
 * @chk: the checker
 *
 * Return: the bit, or -1 when the index does not track the branch as it
 * is now (containment is then asked of git).
 */
int check_stable_bit(struct checker *chk)
{
	const struct cbp_commit none = { .state = CBP_MISSING };

	/* Settles the cached bit; a commit not present walks nothing. */
	in_branch(chk, chk->stable, &chk->stable_tip, &chk->stable_bit, &none);
	return chk->stable_bit > 0 ? chk->stable_bit - 1 : -1;
}

/* Add @c to @n; a name reached both ways is not adapted. */
static void names_add(struct check_names *n, const struct cbp_commit *c,
		      int adapted)
{
	size_t i, alloc = n->alloc;

	for (i = 0; i < n->nr; i++)
		if (n->c[i].id == c->id) {
			n->adapted[i] &= !!adapted;
			return;
		}
	n->c = cbp_grow(n->c, sizeof(*n->c), n->nr + 1, &n->alloc);
	if (n->alloc != alloc || !n->adapted)
		n->adapted = cbp_realloc(n->adapted, n->alloc);
	n->adapted[n->nr] = !!adapted;
	n->c[n->nr++] = *c;
}

/*
 * Add every member of the class of row @id to @n: adapted if @adapted
 * (the way to @id is), or if only an adapted link joins it to @id.
 */
static int names_add_class(struct checker *chk, struct check_names *n,
			   long long id, int adapted)
{
	struct cbp_class cls;
	size_t i;
	int at;

	if (cbp_class_of(chk->idx, id, &cls))
		return -1;
	at = cbp_class_contains(&cls, id);
	for (i = 0; i < cls.nr; i++)
		names_add(n, &cls.members[i].c, adapted ||
			  (at >= 0 && cls.members[i].group != cls.members[at].group));
	cbp_class_release(&cls);
	return 0;
}

/**
 * check_names_adapted() - whether a name is one only as an adapted backport
 * @n: the names
 * @c: one of them
 *
 * Return: non-zero if it is, 0 if not or if @c is not in @n.
 */
int check_names_adapted(const struct check_names *n, const struct cbp_commit *c)
{
	size_t i;

	for (i = 0; i < n->nr; i++)
		if (n->c[i].id == c->id)
			return n->adapted[i];
	return 0;
}

/*
 * Resolve a cited ID to an index row.  Returns 0 with @c filled in (the
 * row may be a cited-only one: check c->state), CBP_NOT_FOUND or
 * CBP_IS_AMBIGUOUS with @why set, or -1 on an index error.
 */
static int resolve_cited(struct checker *chk, const char *hex,
			 struct cbp_commit *c, char *why, size_t whysz)
{
	struct cbp_commit *cands = NULL;
	size_t nr = 0, i, len = 0;
	long long id;
	int rc;

	rc = cbp_resolve(chk->ctx, hex, &id, &cands, &nr);
	if (rc == 0) {
		free(cands);
		rc = cbp_commit_get(chk->idx, id, c);
		return rc == CBP_NOT_FOUND ? -1 : rc;
	}
	if (rc == CBP_IS_AMBIGUOUS) {
		len = snprintf(why, whysz, "the short ID is ambiguous:");
		for (i = 0; i < nr && len < whysz; i++)
			len += snprintf(why + len, whysz - len, " %.12s",
					cands[i].hex);
	} else if (rc == CBP_NOT_FOUND) {
		snprintf(why, whysz, "%s", cbp_absent_str(hex));
	}
	free(cands);
	return rc;
}

/* Mainline names of a change, in the order they reached a release. */
static size_t mainline_names(struct checker *chk, const struct check_names *n,
			     struct cbp_commit **out, unsigned char **adapted)
{
	size_t nr = 0, i, j;

	*out = cbp_calloc(n->nr ? n->nr : 1, sizeof(**out));
	*adapted = cbp_calloc(n->nr ? n->nr : 1, 1);
	for (i = 0; i < n->nr; i++) {
		if (!check_in_mainline(chk, &n->c[i]))
			continue;
		for (j = nr; j > 0 && cbp_release_before(&n->c[i], &(*out)[j - 1]); j--) {
			(*out)[j] = (*out)[j - 1];
			(*adapted)[j] = (*adapted)[j - 1];
		}
		(*out)[j] = n->c[i];
		(*adapted)[j] = n->adapted[i];
		nr++;
	}
	return nr;
}

/* The citations of the message, sorted by what they claim. */
struct cites {
	struct cbp_cite c[CHECK_MAX_CITES];
	size_t nr;
	int truncated;
};

struct parsed {
	struct cites upstream;
	struct cites picks;
	struct cites fixes;
};

static int on_cite(const struct cbp_cite *c, void *data)
{
	struct parsed *ps = data;
	struct cites *to;

	switch (c->kind) {
	case CBP_UPSTREAM:
	case CBP_UPSTREAM_BRACKET:
	case CBP_UPSTREAM_LINE:
	case CBP_MASTER_COMMIT:
		to = &ps->upstream;
		break;
	case CBP_CHERRY_PICK:
	case CBP_BACKPORTED:
		to = &ps->picks;
		break;
	case CBP_FIXES:
		to = &ps->fixes;
		break;
	default:
		return 0;
	}
	if (to->nr >= CHECK_MAX_CITES) {
		to->truncated = 1;
		return 0;
	}
	to->c[to->nr++] = *c;
	return 0;
}

/* The upstream lines, and the names of the fix they bring. */
static int load_upstream(struct checker *chk, struct check_facts *fx,
			 const struct cites *cites)
{
	size_t i, k;

	fx->up = cbp_calloc(cites->nr, sizeof(*fx->up));
	for (i = 0; i < cites->nr; i++) {
		struct check_upstream *u = &fx->up[fx->nr_up++];
		struct check_names one = { NULL, 0, 0, NULL };

		u->ct = cites->c[i];
		u->line = check_src_line(fx->p, u->ct.line);
		u->rc = resolve_cited(chk, u->ct.hex, &u->x, u->why,
				      sizeof(u->why));
		if (u->rc < 0)
			return -1;
		if (u->rc)
			continue;
		/* A suspicious line names another change: nothing of it. */
		if (check_judge(chk, fx, &u->x, &u->trust))
			return -1;
		if (u->trust.verdict == CBP_TRUST_SUSPICIOUS)
			continue;
		if (names_add_class(chk, &one, u->x.id, 0))
			return -1;
		for (k = 0; k < one.nr; k++)
			names_add(&fx->fix, &one.c[k], one.adapted[k] ||
				  u->trust.verdict == CBP_TRUST_ADAPTED);
		u->x_in_mainline = check_in_mainline(chk, &u->x);
		u->nr_ml = mainline_names(chk, &one, &u->ml, &u->ml_adapted);
		free(one.c);
		free(one.adapted);
	}
	return 0;
}

/* The cherry-pick trailers, and the names of the fix they bring. */
static int load_picks(struct checker *chk, struct check_facts *fx,
		      const struct cites *cites)
{
	size_t i;

	fx->picks = cbp_calloc(cites->nr, sizeof(*fx->picks));
	for (i = 0; i < cites->nr; i++) {
		struct check_pick *pk = &fx->picks[fx->nr_picks++];

		pk->ct = cites->c[i];
		pk->line = check_src_line(fx->p, pk->ct.line);
		pk->rc = resolve_cited(chk, pk->ct.hex, &pk->c, pk->why,
				       sizeof(pk->why));
		if (pk->rc < 0)
			return -1;
		if (pk->rc)
			continue;
		if (check_judge(chk, fx, &pk->c, &pk->trust))
			return -1;
		if (pk->trust.verdict != CBP_TRUST_SUSPICIOUS &&
		    names_add_class(chk, &fx->fix, pk->c.id,
				    pk->trust.verdict == CBP_TRUST_ADAPTED))
			return -1;
	}
	return 0;
}

/* When the fix first reached a release, by any name (mainline first). */
static const struct cbp_commit *first_release(struct checker *chk,
					      const struct check_names *fix)
{
	const struct cbp_commit *first = NULL;
	size_t i;

	for (i = 0; i < fix->nr; i++)
		if (fix->c[i].release_key >= 0 &&
		    check_in_mainline(chk, &fix->c[i]) &&
		    (!first || cbp_release_before(&fix->c[i], first)))
			first = &fix->c[i];
	for (i = 0; !first && i < fix->nr; i++)
		if (fix->c[i].release_key >= 0)
			first = &fix->c[i];
	return first;
}

/* One Fixes: target: the names of the bug and where they are. */
static int load_bug(struct checker *chk, struct check_facts *fx,
		    struct check_fixes *ff)
{
	const struct cbp_commit *ff_first = fx->fix_first, *ml, *alias;
	size_t k;

	if (names_add_class(chk, &ff->bug, ff->t.id, 0))
		return -1;
	for (k = 0; k < ff->bug.nr; k++) {
		const struct cbp_commit *b = &ff->bug.c[k];

		if (b->state != CBP_PRESENT)
			continue;
		if (b->release_key >= 0 &&
		    (!ff->first || cbp_release_before(b, ff->first)))
			ff->first = b;
		if (b->release_key >= 0 && check_in_mainline(chk, b) &&
		    (!ff->first_ml || cbp_release_before(b, ff->first_ml)))
			ff->first_ml = b;
		if (!ff->in_stable && check_in_stable(chk, b))
			ff->in_stable = b;
	}
	/* Where the bug landed: mainline decides which series have it. */
	alias = ff->first_ml ? ff->first_ml : ff->first;
	if (alias && (fx->bug_first.state < 0 ||
		      cbp_release_before(alias, &fx->bug_first)))
		fx->bug_first = *alias;

	/* A fix released before the commit it cites: which name explains it? */
	ff->inverted = ff_first && (ff->t.release_key < 0 ||
				    ff_first->release_key < ff->t.release_key);
	if (!ff->inverted)
		return 0;
	ml = ff->first_ml;
	if (!ml || ml->release_key > ff_first->release_key)
		ml = ff->first;
	if (ml && ml->release_key <= ff_first->release_key)
		ff->alias = ml;
	return 0;
}

/* The Fixes: trailers. */
static int load_fixes(struct checker *chk, struct check_facts *fx,
		      const struct cites *cites)
{
	size_t i;

	fx->bug_first.state = -1;
	fx->fixes = cbp_calloc(cites->nr, sizeof(*fx->fixes));
	for (i = 0; i < cites->nr; i++) {
		struct check_fixes *ff = &fx->fixes[fx->nr_fixes++];

		ff->ct = cites->c[i];
		ff->line = check_src_line(fx->p, ff->ct.line);
		ff->rc = resolve_cited(chk, ff->ct.hex, &ff->t, ff->why,
				       sizeof(ff->why));
		if (ff->rc < 0)
			return -1;
		if (!ff->rc && ff->t.state != CBP_PRESENT) {
			ff->rc = CBP_NOT_FOUND;
			snprintf(ff->why, sizeof(ff->why), "%s",
				 cbp_absent_str(ff->t.hex));
		}
		if (!ff->rc && load_bug(chk, fx, ff))
			return -1;
	}
	return 0;
}

/* The Cc: stable lines that name a series. */
static void load_cc(struct check_facts *fx)
{
	const struct cbp_patch *p = fx->p;
	const char *s = p->msg, *end = p->msg + p->msg_len;
	unsigned int line = 0;
	size_t alloc = 0;

	while (s < end) {
		const char *eol = memchr(s, '\n', end - s);
		char *text = cbp_strndup(s, eol ? (size_t)(eol - s) :
					 (size_t)(end - s));
		const char *ann;
		struct check_cc *cc;
		int maj, min;

		line++;
		s = eol ? eol + 1 : end;
		if (!cbp_cc_stable(text, &ann, &maj, &min)) {
			free(text);
			continue;
		}
		fx->cc = cbp_grow(fx->cc, sizeof(*fx->cc), fx->nr_cc + 1,
				  &alloc);
		cc = &fx->cc[fx->nr_cc++];
		cc->line = check_src_line(p, line);
		cc->text = text;
		cc->ann = ann;
		cc->major = maj;
		cc->minor = min;
	}
}

/**
 * check_patch_id() - the patch-id of a patch or commit
 * @chk: the checker
 * @p: the patch, a mail or a commit given by ID
 * @pid: set to its 'git patch-id --stable', "" when it has no diff
 *
 * Return: 0, or -1 when git cannot tell it.
 */
int check_patch_id(struct checker *chk, const struct cbp_patch *p, char *pid)
{
	pid[0] = '\0';
	if (p->commit[0])
		return cbp_git_commit_patch_id(chk->ctx->repo, p->commit, pid);
	if (!p->diff)
		return 0;
	return cbp_git_text_patch_id(p->diff, p->diff_len, pid);
}

/* The patch-ids of the target branch's own commits, read once. */
static int load_patch_ids(struct checker *chk)
{
	if (chk->pids_loaded)
		return 0;
	chk->pids_loaded = 1;
	return cbp_git_patch_ids(chk->ctx->repo, chk->stable,
				 chk->have_mainline ? chk->mainline : NULL,
				 &chk->pids);
}

/**
 * check_found_link() - how the index joined a commit without a citation
 * @chk: the index
 * @c: a commit of the repository
 *
 * Return: the kind of @c's followed link the builder found rather than
 * read in its message (cbp_kind_is_found()), 0 if it has none.
 */
int check_found_link(struct checker *chk, const struct cbp_commit *c)
{
	struct cbp_link *l;
	size_t n, k;
	int kind = 0;

	if (cbp_links(chk->idx, c->id, 1, 1, &l, &n))
		return 0;
	for (k = 0; k < n && !kind; k++)
		if (cbp_kind_is_found(l[k].kind) &&
		    cbp_trust_followed(l[k].trust))
			kind = l[k].kind;
	free(l);
	return kind;
}

/**
 * check_facts_load() - gather what the checks look at for one patch
 * @chk: the target branches and the index
 * @p: the patch; must not be malformed
 * @fx: filled in; release with check_facts_release()
 *
 * Return: 0, or -1 on an index or git error (message recorded).
 */
int check_facts_load(struct checker *chk, struct cbp_patch *p,
		     struct check_facts *fx)
{
	struct parsed ps = { 0 };

	memset(fx, 0, sizeof(*fx));
	fx->p = p;
	fx->bug_first.state = -1;
	cbp_parse_message(p->msg, p->msg_len, on_cite, &ps);
	fx->truncated = ps.upstream.truncated || ps.picks.truncated ||
			ps.fixes.truncated;
	if (p->commit[0]) {
		long long id;

		if (!cbp_resolve(chk->ctx, p->commit, &id, NULL, NULL) &&
		    !cbp_commit_get(chk->idx, id, &fx->self_buf)) {
			fx->self = &fx->self_buf;
			fx->self_in_mainline = check_in_mainline(chk, fx->self);
			fx->self_in_stable = check_in_stable(chk, fx->self);
		}
	}
	/*
	 * Without an upstream line, a mainline commit stands for itself;
	 * and without a citation, so does a commit the index joined to
	 * mainline's by what it found, not read (a Gerrit backport checked
	 * against another branch).
	 */
	if (!ps.upstream.nr && fx->self &&
	    (fx->self_in_mainline ||
	     (!ps.picks.nr && check_found_link(chk, fx->self))) &&
	    names_add_class(chk, &fx->fix, fx->self->id, 0))
		return -1;
	if (load_upstream(chk, fx, &ps.upstream) ||
	    load_picks(chk, fx, &ps.picks))
		return -1;
	/* Last: pointers into fx->fix must stay valid. */
	fx->fix_first = first_release(chk, &fx->fix);
	if (chk->ctx->opt->patch_id) {
		if (load_patch_ids(chk))
			return -1;
		/* A patch whose patch-id git cannot tell is not compared. */
		if (check_patch_id(chk, p, fx->pid))
			fx->pid[0] = '\0';
	}
	if (load_fixes(chk, fx, &ps.fixes))
		return -1;
	load_cc(fx);
	return 0;
}

/**
 * check_facts_release() - free what check_facts_load() gathered
 * @fx: the facts
 */
void check_facts_release(struct check_facts *fx)
{
	size_t i;

	for (i = 0; i < fx->nr_up; i++) {
		free(fx->up[i].ml);
		free(fx->up[i].ml_adapted);
	}
	for (i = 0; i < fx->nr_fixes; i++) {
		free(fx->fixes[i].bug.c);
		free(fx->fixes[i].bug.adapted);
	}
	for (i = 0; i < fx->nr_cc; i++)
		free(fx->cc[i].text);
	free(fx->up);
	free(fx->picks);
	free(fx->fixes);
	free(fx->cc);
	free(fx->fix.c);
	free(fx->fix.adapted);
	cbp_git_change_release(&fx->change);
	memset(fx, 0, sizeof(*fx));
}
