// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport check: is this backport ready for the stable list?
 *
 * The checks of the patch's own words, one function per finding type;
 * check-table.c lists them with the others (check_types[]), as
 * checkpatch lists its types, and runs them.  For
 * each patch (or commit) the facts are gathered once (check-facts.c):
 * the IDs its message cites, resolved against the index, and where their
 * names are.  Each check then answers one question from them:
 *
 *   - does the upstream line name a commit, and is that commit in
 *     mainline (or which other name of the change is, and since when);
 *   - do the cherry-pick trailers resolve;
 *   - do the Fixes: targets exist, match their quoted subjects, and is any
 *     name of the bug in the target stable branch at all;
 *   - is any name of the fix already in that branch;
 *   - does the Cc: stable annotation match where the bug first landed.
 *
 * Checks only make findings; printing them is check-output.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-priv.h"
#include "check-series.h"

static void set_commit(struct cbp_finding *f, const struct cbp_commit *c)
{
	snprintf(f->commit, sizeof(f->commit), "%s", c->hex);
}

static const char *rel(const struct cbp_commit *c)
{
	return c->release[0] ? c->release : "no release yet";
}

/* "released in v6.13", or "not released yet": never "in no release". */
static const char *release_phrase(const struct cbp_commit *c, char *buf,
				  size_t size, const char *how)
{
	if (!c->release[0])
		return "not released yet";
	snprintf(buf, size, "%s in %s", how, c->release);
	return buf;
}

static const char *cite(const struct cbp_commit *c, char *buf, size_t size)
{
	return cbp_cite_str(c, buf, size);
}

static const char *fetch_hint(void)
{
	return "fetch the tree it was committed to (for DRM: drm-next, drm-misc or the driver's -next/-fixes tree, e.g. 'git fetch https://gitlab.freedesktop.org/drm/kernel.git drm-next'), then run 'checkbackport index'";
}

/* For a commit the repository has that no branch or tag reaches. */
static const char ref_hint[] =
	"only a pull request's ref (or FETCH_HEAD) has it: 'git branch NAME ID' indexes it";

/* ---------------------------------------------------------------------- */
/* The mail and the patch as a whole. */

int check_malformed_patch(struct check_run *run, size_t i __always_unused)
{
	const struct cbp_patch *p = run->fx->p;

	if (p->error)
		check_emit(run, p->error_line, "%s", p->error);
	return 0;
}

int check_too_many_citations(struct check_run *run, size_t i __always_unused)
{
	if (run->fx->truncated)
		check_emit(run, 0,
			   "only the first %d citations of each kind were checked",
			   CHECK_MAX_CITES);
	return 0;
}

/*
 * How many backports of the target branch must name their origin one
 * way (or none) for that to be its rule (check_upstream_missing()).
 */
#define PICKS_AT_LEAST	10

/* Is @n at least PICKS_AT_LEAST, and nine in ten of @n + @others? */
static int branch_rule(long long n, long long others)
{
	return n >= PICKS_AT_LEAST && n > 9 * others;
}

/*
 * The mainline name of the change the index joined the patch to (by its
 * patch, Change-Id, or author, date and subject), or NULL.
 */
static const struct cbp_commit *mainline_copy(struct checker *chk,
					      const struct check_facts *fx)
{
	size_t k;

	for (k = 0; k < fx->fix.nr; k++) {
		const struct cbp_commit *c = &fx->fix.c[k];

		if (c->state == CBP_PRESENT && (!fx->self || c->id != fx->self->id) &&
		    check_in_mainline(chk, c))
			return c;
	}
	return NULL;
}

/*
 * A mainline commit of the patch's subject and patch-id, into @c: what a
 * mail copies, which the index cannot have joined (a mail is no commit).
 * Return: 1 if found, 0 if not (or git cannot tell a patch-id), -1 on
 * an error of the index.
 */
static int mainline_same_patch(struct checker *chk,
			       const struct check_facts *fx,
			       struct cbp_commit *c)
{
	char pid[CBP_OID_HEXSZ + 1], cpid[CBP_OID_HEXSZ + 1];
	long long *ids = NULL;
	size_t nr = 0, k;
	int found = 0;

	if (!fx->p->subject || !fx->p->subject[0])
		return 0;
	/* With --patch-id, the facts have it already. */
	if (fx->pid[0])
		memcpy(pid, fx->pid, sizeof(pid));
	else if (check_patch_id(chk, fx->p, pid))
		return 0;
	if (!pid[0])
		return 0;
	if (cbp_same_subject(chk->idx, fx->p->subject, &ids, &nr))
		return -1;
	for (k = 0; k < nr && !found; k++)
		found = !cbp_commit_get(chk->idx, ids[k], c) &&
			c->state == CBP_PRESENT && check_in_mainline(chk, c) &&
			!cbp_git_commit_patch_id(chk->ctx->repo, c->hex, cpid) &&
			!strcmp(pid, cpid);
	free(ids);
	return found;
}

int check_upstream_missing(struct check_run *run, size_t i __always_unused)
{
	const struct check_facts *fx = run->fx;
	const struct check_pick *pick = NULL;
	struct checker *chk = run->chk;
	const struct cbp_origin_forms *of = &chk->origin;
	const struct cbp_commit *c;
	struct cbp_commit same;
	struct cbp_finding *f;
	int bit, pick_only, bare_only, named;
	size_t k;

	/* A mainline commit checked without an upstream line is its own. */
	if (fx->nr_up || fx->self_in_mainline)
		return 0;
	for (k = 0; k < fx->nr_picks && !pick; k++) {
		const struct check_pick *pk = &fx->picks[k];

		if (!pk->rc && pk->c.state == CBP_PRESENT &&
		    check_in_mainline(chk, &pk->c))
			pick = pk;
	}
	/*
	 * Most projects but the kernel back-port with git cherry-pick -x:
	 * where the target branch's own backports name their origin with
	 * its trailer alone (PICKS_AT_LEAST of them, nine in ten), that
	 * trailer is what is asked, and one naming a mainline commit (not
	 * another change) is the patch's upstream line.  Some name none
	 * (FreeIPA's carry the mainline commit's message as it was): there
	 * a patch that is a mainline commit's, as the index joins copies,
	 * is what the branch does.  The kernel's stable branches write
	 * "commit X upstream." even above a DRM fix's cherry-pick trailer,
	 * and a branch of a few backports says little: the stable rules
	 * stand.
	 */
	bit = check_stable_bit(chk);
	if (bit >= 0 && !chk->origin_known) {
		/* Read once for a series: the index does not change. */
		if (cbp_index_origin_forms(chk->idx, bit, &chk->origin))
			return -1;
		chk->origin_known = 1;
	}
	pick_only = bit >= 0 && branch_rule(of->picks, of->upstream);
	bare_only = bit >= 0 && branch_rule(of->bare, of->picks + of->upstream);
	named = pick && pick->trust.verdict != CBP_TRUST_SUSPICIOUS;
	if ((pick_only || bare_only) && named)
		return 0;
	c = mainline_copy(chk, fx);
	if (bare_only && c)
		return 0;
	if (bare_only && !fx->p->commit[0]) {
		int rc = mainline_same_patch(chk, fx, &same);

		if (rc)
			return rc < 0 ? -1 : 0;
	}
	if (bare_only) {
		f = check_emit(run, 0,
			       "no line names its mainline commit, nor is it the same patch as one: %lld of the %lld backports on %s name no origin, each joined to its mainline commit by what it is",
			       of->bare, of->bare + of->picks + of->upstream,
			       chk->stable);
		f->hint = cbp_strf("%s: %s",
				   "a backport changed on the way is joined by what its message says",
				   "name its mainline commit ('commit <id> upstream.' or '(cherry picked from commit <id>)')");
		return 0;
	}
	if (pick_only)
		f = check_emit(run, 0,
			       "no '(cherry picked from commit <id>)' line naming this change in mainline: %lld of the %lld backports on %s name their origin so",
			       of->picks, of->picks + of->upstream, chk->stable);
	else
		f = check_emit(run, 0,
			       "no 'commit <id> upstream' or '[ Upstream commit <id> ]' line: the stable rules ask every backport to name its mainline commit");
	/* git cherry-pick -x named it: say which line to write. */
	if (pick && !pick_only) {
		f->hint = cbp_strf("'(cherry picked from commit %.12s)' names it: %s%s%s",
				   pick->c.hex, "write 'commit ", pick->c.hex,
				   " upstream.' above the message");
		return 0;
	}
	/* No trailer: the index may know its mainline name (its patch). */
	if (!c)
		return 0;
	if (pick_only)
		f->hint = cbp_strf("mainline has this change as %.12s: %s%s%s",
				   c->hex, "add '(cherry picked from commit ",
				   c->hex, ")' (git cherry-pick -x does)");
	else
		f->hint = cbp_strf("mainline has this change as %.12s: %s%s%s",
				   c->hex, "write 'commit ", c->hex,
				   " upstream.' above the message");
	return 0;
}

/* ---------------------------------------------------------------------- */
/* Each upstream line: present, in mainline, unique there, same subject. */

int check_upstream_unknown(struct check_run *run, size_t i)
{
	const struct check_upstream *u = &run->fx->up[i];
	struct cbp_finding *f;

	if (u->rc)
		f = check_emit(run, u->line, "upstream commit %s: %s",
			       u->ct.hex, u->why);
	else if (u->x.state != CBP_PRESENT && !u->nr_ml)
		f = check_emit(run, u->line,
			       "upstream commit %s is %s, and no name of it known here is in mainline (%s)",
			       u->ct.hex, cbp_absent_str(u->x.hex), run->chk->mainline);
	else
		return 0;
	f->hint = cbp_strdup(cbp_in_repository(u->ct.hex) == 1 ? ref_hint :
			     fetch_hint());
	return 0;
}

int check_upstream_not_mainline(struct check_run *run, size_t i)
{
	const struct check_upstream *u = &run->fx->up[i];
	struct cbp_finding *f;
	char buf[700], rb[160];

	if (u->rc || !u->nr_ml || u->x_in_mainline)
		return 0;
	f = check_emit(run, u->line,
		       "upstream commit %.12s is %s; the same change is in mainline as %s%s, %s",
		       u->x.hex,
		       u->x.state == CBP_PRESENT ? "not in mainline" :
		       cbp_absent_str(u->x.hex),
		       cite(&u->ml[0], buf, sizeof(buf)),
		       u->ml_adapted[0] || u->trust.verdict == CBP_TRUST_ADAPTED ?
		       ", as an adapted backport" : "",
		       release_phrase(&u->ml[0], rb, sizeof(rb), "first released"));
	set_commit(f, &u->ml[0]);
	f->old = check_msg_line(run->fx->p, u->ct.line);
	f->new = check_replace_in(f->old, u->ct.hex, u->ml[0].hex);
	return 0;
}

int check_upstream_not_in_mainline(struct check_run *run, size_t i)
{
	const struct check_upstream *u = &run->fx->up[i];
	struct cbp_finding *f;
	char buf[700];

	if (u->rc || u->nr_ml || u->x.state != CBP_PRESENT ||
	    u->trust.verdict == CBP_TRUST_SUSPICIOUS)
		return 0;
	f = check_emit(run, u->line,
		       "upstream commit %s is not in mainline (%s), and neither is any other name of the change: the stable rules want it in mainline first",
		       cite(&u->x, buf, sizeof(buf)), run->chk->mainline);
	set_commit(f, &u->x);
	return 0;
}

int check_upstream_duplicate(struct check_run *run, size_t i)
{
	const struct check_upstream *u = &run->fx->up[i];
	struct cbp_finding *f;
	char buf[700], other[400];
	size_t k, len = 0, olen = 0, same = 0;
	const struct cbp_commit *first = NULL;

	/* Copies of the same patch; adapted ones are not duplicates. */
	other[0] = '\0';
	for (k = 0; k < u->nr_ml && len < sizeof(buf) && olen < sizeof(other); k++) {
		if (u->ml_adapted[k]) {
			olen += snprintf(other + olen, sizeof(other) - olen,
					 "%s%.12s (%s)", olen ? ", " : "",
					 u->ml[k].hex, rel(&u->ml[k]));
			continue;
		}
		len += snprintf(buf + len, sizeof(buf) - len,
				"%s%.12s (%s%s)", same ? ", " : "",
				u->ml[k].hex, rel(&u->ml[k]),
				same ? "" : ", first");
		if (!same++)
			first = &u->ml[k];
	}
	if (u->rc || same < 2)
		return 0;
	f = check_emit(run, u->line, "the change is in mainline %zu times: %s%s%s",
		       same, buf, olen ? "; also as adapted backports: " : "",
		       other);
	set_commit(f, first);
	return 0;
}

int check_upstream_subject_mismatch(struct check_run *run, size_t i)
{
	const struct check_upstream *u = &run->fx->up[i];
	const struct cbp_patch *p = run->fx->p;
	struct cbp_finding *f;
	char buf[700];

	if (u->rc || u->x.state != CBP_PRESENT || !p->subject ||
	    !strcmp(p->subject, u->x.subject))
		return 0;
	f = check_emit(run, u->line,
		       "subject \"%s\" differs from upstream commit %s",
		       p->subject, cite(&u->x, buf, sizeof(buf)));
	set_commit(f, &u->x);
	return 0;
}

/* ---------------------------------------------------------------------- */
/* Each cherry-pick trailer. */

int check_cherry_pick_unknown(struct check_run *run, size_t i)
{
	const struct check_pick *pk = &run->fx->picks[i];
	struct cbp_finding *f;

	if (!pk->rc && pk->c.state == CBP_PRESENT)
		return 0;
	f = check_emit(run, pk->line, "cherry-picked commit %s is %s%s",
		       pk->ct.hex, pk->rc ? pk->why : "not in this repository",
		       pk->rc ? "" : " (other commits here cite it too)");
	f->hint = cbp_strdup(fetch_hint());
	return 0;
}

/* ---------------------------------------------------------------------- */
/* Is the fix in the target branch already? */

/*
 * How @c is a name of its change when no trailer says so: ", a copy
 * with the same patch-id ..." or ", a cherry-pick ...", else "".
 */
static const char *copy_without_trailer(struct checker *chk,
					const struct cbp_commit *c)
{
	switch (check_found_link(chk, c)) {
	case CBP_SAME_PATCH_ID:
		return ", a copy with the same patch-id and no trailer";
	case CBP_SAME_AUTHOR_DATE:
		return ", a cherry-pick without a trailer (same author, date and subject)";
	case CBP_SAME_AUTHOR_NEAR:
		return ", a back-patch without a trailer (same author and message, minutes apart)";
	case CBP_SAME_AUTHOR_LATER:
		return ", a back-patch without a trailer (same author and message, authored later)";
	case CBP_SAME_PATCH_MOVED:
		return ", a copy without a trailer (the same patch under other folders)";
	}
	return "";
}

/*
 * A name of the fix in the target branch means the branch has the fix
 * already.  When the commit checked is in the branch itself, it is not
 * its own earlier application: a mainline commit the branch inherited
 * says so (nothing to backport), and one the branch applied is reported
 * only for names of the fix the branch had before it (its ancestors),
 * which it applied again.
 */
int check_already_applied(struct check_run *run, size_t i)
{
	const struct check_facts *fx = run->fx;
	const struct check_names *fix = &fx->fix;
	struct checker *chk = run->chk;
	struct cbp_commit by;
	struct cbp_finding *f;
	char buf[700], rb[160], rv[700];
	int reverted = check_reverted_in_stable(run, &by);

	if (reverted < 0)
		return -1;
	for (i = 0; i < fix->nr; i++) {
		const struct cbp_commit *c = &fix->c[i];

		if (!check_in_stable(chk, c))
			continue;
		if (fx->self && c->id == fx->self->id) {
			if (!fx->self_in_mainline)
				continue;
			f = check_emit(run, 0,
				       "%s has this very commit, from mainline (%s)%s%s: there is nothing to backport",
				       chk->stable,
				       release_phrase(c, rb, sizeof(rb), "released"),
				       reverted ? ", and reverted it since: " : "",
				       reverted ? cite(&by, rv, sizeof(rv)) : "");
			set_commit(f, c);
			continue;
		}
		/* Reverted since: REAPPLIES_BRANCH_REVERT says it. */
		if (reverted && !fx->self_in_stable)
			continue;
		if (fx->self_in_stable && !check_contains(chk, fx->self, c))
			continue;
		f = check_emit(run, 0, "already in %s as %s%s%s%s, %s",
			       chk->stable, cite(c, buf, sizeof(buf)),
			       fix->adapted[i] ? ", as an adapted backport" : "",
			       copy_without_trailer(chk, c),
			       check_in_mainline(chk, c) ?
			       " (from mainline)" : "",
			       release_phrase(c, rb, sizeof(rb), "released"));
		set_commit(f, c);
	}
	return 0;
}

/* Is @id one of the names of the fix? */
static int is_name(const struct check_names *fix, long long id)
{
	size_t i;

	for (i = 0; i < fix->nr; i++)
		if (fix->c[i].id == id)
			return 1;
	return 0;
}

/*
 * How the commit of link @l names the fix, and what is not followed: its
 * trailer, the Change-Id of a commit (CBP_SAME_CHANGE_ID), or a trailer
 * naming a merge that brought the fix in (CBP_MERGED).
 */
static const char *cited_how(const struct cbp_link *l, int what)
{
	switch (l->kind) {
	case CBP_SAME_CHANGE_ID:
		return what ? "the Change-Id is" : "which has the Change-Id of";
	case CBP_MERGED:
		return what ? "the link through the merge is" :
			      "whose trailer names a merge that brought in";
	default:
		return what ? "the trailer is" : "whose trailer names";
	}
}

/*
 * A commit of the target branch whose origin trailer names the fix but
 * whose change has nothing in common with it: names do not follow such a
 * trailer, so ALREADY_APPLIED stays silent, yet the branch may carry the
 * fix under it (a backport squashed with other work, or a cherry-pick
 * across a move).  Saying nothing would be answering silently wrong.
 */
int check_cited_suspicious(struct check_run *run, size_t i)
{
	const struct check_names *fix = &run->fx->fix;
	struct checker *chk = run->chk;
	char buf[700], nb[700];
	struct cbp_finding *f;

	/* Applied under a name that is followed: ALREADY_APPLIED says it. */
	for (i = 0; i < fix->nr; i++)
		if (check_in_stable(chk, &fix->c[i]))
			return 0;
	for (i = 0; i < fix->nr; i++) {
		struct cbp_link *l;
		size_t n, k;

		if (cbp_links(chk->idx, fix->c[i].id, 0, 1, &l, &n))
			return -1;
		for (k = 0; k < n; k++) {
			struct cbp_commit c;

			if (l[k].trust != CBP_TRUST_SUSPICIOUS ||
			    is_name(fix, l[k].src) ||
			    cbp_commit_get(chk->idx, l[k].src, &c) ||
			    !check_in_stable(chk, &c))
				continue;
			f = check_emit(run, 0,
				       "%s has %s, %s %s, but the two have no file in common and the same changes under no other paths: %s not followed, so nothing here counts it as applied; compare the two by hand",
				       chk->stable, cite(&c, buf, sizeof(buf)),
				       cited_how(&l[k], 0),
				       cite(&fix->c[i], nb, sizeof(nb)),
				       cited_how(&l[k], 1));
			set_commit(f, &c);
		}
		free(l);
	}
	return 0;
}

/* With --patch-id: a commit of the branch with the same patch-id. */
int check_already_applied_patch_id(struct check_run *run, size_t i)
{
	const struct check_facts *fx = run->fx;
	struct checker *chk = run->chk;
	struct cbp_finding *f;
	char buf[700], rb[160];
	size_t k;

	if (!chk->ctx->opt->patch_id || !fx->pid[0])
		return 0;
	for (k = 0; k < chk->pids.nr; k++) {
		struct cbp_commit c;
		long long id;
		int dup = 0;

		if (strcmp(chk->pids.pid[k], fx->pid))
			continue;
		for (i = 0; i < fx->fix.nr; i++)
			dup |= !strcmp(fx->fix.c[i].hex, chk->pids.commit[k]);
		if (dup || !strcmp(fx->p->commit, chk->pids.commit[k]))
			continue;
		if (cbp_resolve(chk->ctx, chk->pids.commit[k], &id, NULL,
				NULL) || cbp_commit_get(chk->idx, id, &c)) {
			memset(&c, 0, sizeof(c));
			snprintf(c.hex, sizeof(c.hex), "%s",
				 chk->pids.commit[k]);
		}
		f = check_emit(run, 0,
			       "%s already has the same change (same 'git patch-id --stable', no citation links them) as %s, %s",
			       chk->stable, cite(&c, buf, sizeof(buf)),
			       release_phrase(&c, rb, sizeof(rb), "released"));
		set_commit(f, &c);
	}
	return 0;
}

/* ---------------------------------------------------------------------- */
/* Each Fixes: trailer. */

int check_fixes_unknown(struct check_run *run, size_t i)
{
	const struct check_fixes *ff = &run->fx->fixes[i];
	struct cbp_finding *f;

	if (!ff->rc)
		return 0;
	f = check_emit(run, ff->line, "Fixes: target %s: %s", ff->ct.hex,
		       ff->why);
	f->hint = cbp_strdup(fetch_hint());
	return 0;
}

/* Compare a quoted Fixes: subject with the target's. */
static int quoted_matches(const struct cbp_cite *ct, const char *subject)
{
	char q[512];

	cbp_sanitize(ct->quoted, ct->quoted_len, q, sizeof(q));
	return !strcmp(q, subject);
}

int check_fixes_subject_mismatch(struct check_run *run, size_t i)
{
	const struct check_fixes *ff = &run->fx->fixes[i];
	struct cbp_finding *f;
	char buf[700];

	if (ff->rc)
		return 0;
	if (!ff->ct.quoted) {
		char *line = check_msg_line(run->fx->p, ff->ct.line);
		const char *after = line ? strstr(line, ff->ct.hex) : NULL;

		/* SDL writes Fixes: 33834360 "subject": the form is wrong. */
		after = after ? after + strlen(ff->ct.hex) : "";
		after += strspn(after, " \t");
		f = check_emit(run, ff->line,
			       "Fixes: %s %s; it should read: Fixes: %s",
			       ff->ct.hex, *after == '"' || *after == '\'' ?
			       "quotes its subject without the parentheses" :
			       "has no (\"subject\")",
			       cite(&ff->t, buf, sizeof(buf)));
		set_commit(f, &ff->t);
		free(line);
	} else if (!quoted_matches(&ff->ct, ff->t.subject)) {
		f = check_emit(run, ff->line,
			       "the subject quoted for %.12s is not its subject \"%s\"",
			       ff->t.hex, ff->t.subject);
		set_commit(f, &ff->t);
		f->old = check_msg_line(run->fx->p, ff->ct.line);
		f->new = cbp_strf("Fixes: %s", cite(&ff->t, buf, sizeof(buf)));
	}
	return 0;
}

/*
 * Has the branch the bug of Fixes: line @ff, or does an earlier patch of
 * the series bring it?
 */
static int bug_in_stable(struct check_run *run, const struct check_fixes *ff)
{
	if (ff->rc)
		return 0;
	if (ff->in_stable)
		return 1;
	return check_series_has_names(run->chk,
				      check_series_index(run->chk, run->fx->p),
				      &ff->bug, SERIES_BEFORE) >= 0;
}

/*
 * The fix is not needed on the branch when it has none of the bugs the
 * fix names: a fix of two bugs, one of them in the branch, is needed
 * there (missing lists it), whichever of its Fixes: lines is asked.
 */
int check_fixes_not_in_stable(struct check_run *run, size_t i)
{
	const struct check_fixes *ff = &run->fx->fixes[i];
	struct cbp_finding *f;
	char buf[700];
	size_t j;

	if (ff->rc)
		return 0;
	for (j = 0; j < run->fx->nr_fixes; j++)
		if (bug_in_stable(run, &run->fx->fixes[j]))
			return 0;
	f = check_emit(run, ff->line,
		       "no name of the bug %s is in %s: the backport is not needed there",
		       cite(&ff->t, buf, sizeof(buf)), run->chk->stable);
	set_commit(f, &ff->t);
	return 0;
}

int check_fixes_alias(struct check_run *run, size_t i)
{
	const struct check_fixes *ff = &run->fx->fixes[i];
	const struct cbp_commit *fix_first = run->fx->fix_first;
	struct cbp_finding *f;
	char buf[700], rb[160];

	if (ff->rc || !ff->inverted || !ff->alias)
		return 0;
	f = check_emit(run, ff->line,
		       "the fix reached %s (as %.12s%s) before the cited bug %.12s (%s); explained by the bug's other name %s%s, %s",
		       rel(fix_first), fix_first->hex,
		       check_names_adapted(&run->fx->fix, fix_first) ?
		       ", as an adapted backport" : "", ff->t.hex, rel(&ff->t),
		       cite(ff->alias, buf, sizeof(buf)),
		       check_names_adapted(&ff->bug, ff->alias) ?
		       ", as an adapted backport" : "",
		       release_phrase(ff->alias, rb, sizeof(rb), "released"));
	set_commit(f, ff->alias);
	return 0;
}

int check_fixes_precedes_bug(struct check_run *run, size_t i)
{
	const struct check_fixes *ff = &run->fx->fixes[i];
	const struct cbp_commit *fix_first = run->fx->fix_first;
	struct cbp_finding *f;
	char buf[700];

	if (ff->rc || !ff->inverted || ff->alias)
		return 0;
	f = check_emit(run, ff->line,
		       "the fix reached %s (as %.12s) before any name of the cited bug %s (%s): check the Fixes: tag",
		       rel(fix_first), fix_first->hex,
		       cite(&ff->t, buf, sizeof(buf)), rel(&ff->t));
	set_commit(f, &ff->t);
	return 0;
}

/* ---------------------------------------------------------------------- */
/* Each Cc: stable annotation. */

int check_cc_stable_excludes_target(struct check_run *run, size_t i)
{
	const struct check_cc *cc = &run->fx->cc[i];
	const struct checker *chk = run->chk;

	if (chk->stable_major >= 0 &&
	    (cc->major > chk->stable_major ||
	     (cc->major == chk->stable_major && cc->minor > chk->stable_minor)))
		check_emit(run, cc->line,
			   "the Cc: stable annotation asks for %d.%d and later, but the target is %s",
			   cc->major, cc->minor, chk->stable);
	return 0;
}

int check_cc_stable_version(struct check_run *run, size_t i)
{
	const struct check_cc *cc = &run->fx->cc[i];
	const struct cbp_commit *bug_first = &run->fx->bug_first;
	const char *v = cc->ann + (*cc->ann == 'v');
	size_t n = strspn(v, "0123456789.");
	char want[32], had[32], buf[700];
	struct cbp_finding *f;
	int bmaj, bmin;

	if (bug_first->state < 0 ||
	    cbp_parse_series(bug_first->release, &bmaj, &bmin) ||
	    (bmaj == cc->major && bmin == cc->minor))
		return 0;
	snprintf(had, sizeof(had), "%.*s", (int)n, v);
	while (n && had[n - 1] == '.')
		had[--n] = '\0';
	snprintf(want, sizeof(want), "%d.%d", bmaj, bmin);
	f = check_emit(run, cc->line,
		       "the Cc: stable annotation says %d.%d, but the bug first landed in %s as %s: %s",
		       cc->major, cc->minor, rel(bug_first),
		       cite(bug_first, buf, sizeof(buf)),
		       (cc->major > bmaj ||
			(cc->major == bmaj && cc->minor > bmin)) ?
		       "older stable series have it too" :
		       "the series it names do not have it");
	set_commit(f, bug_first);
	f->old = cbp_strdup(cc->text);
	f->new = check_replace_in(cc->text, had, want);
	return 0;
}
