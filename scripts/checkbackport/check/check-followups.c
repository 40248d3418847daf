// SPDX-License-Identifier: GPL-2.0
/*
 * The checks of `check` about what happened to a change after it landed
 * and about the series it is sent in (entries of the table in check-table.c):
 *
 *   FOLLOWUP_MISSING   mainline fixed the change later (by any of its
 *                      names, to any depth) and neither the branch nor
 *                      the series brings the fix;
 *   REVERTED_UPSTREAM  mainline reverted the change and did not re-apply
 *                      it;
 *   PREREQ_MISSING     a commit the change depends on (one declaring it
 *                      its Stable-dep-of, or named in the patch as a
 *                      prerequisite) is neither in the branch nor earlier
 *                      in the series;
 *   SERIES_ORDER       the patch comes after one that mainline applied
 *                      on top of it.
 *
 * The follow-ups of a patch's change are found once (cbp_followups())
 * and kept for the checks of the same patch.  Whether the branch has a
 * commit is asked of git, as every check does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check-series.h"

/*
 * The follow-ups of the change patch *@at brings, found once per patch:
 * *@fu is NULL when the patch brings no change.  0, or -1 on error.
 */
static int followups_of(struct check_run *run, const struct cbp_followups **fu,
			int *at)
{
	struct check_series *s = run->chk->series;

	*fu = NULL;
	*at = check_series_index(run->chk, run->fx->p);
	if (!s || *at < 0 || !s->it[*at].nr_ids)
		return 0;
	if (s->fu_for != *at) {
		if (s->fu_for >= 0)
			cbp_followups_release(&s->fu);
		s->fu_for = -1;
		if (cbp_followups(s->e, s->it[*at].ids, s->it[*at].nr_ids,
				  &s->fu))
			return -1;
		s->fu_for = *at;
	}
	*fu = &s->fu;
	return 0;
}

/* The name under which the target branch has a change (git), or NULL. */
static const struct cbp_commit *in_stable(struct checker *chk,
					  const struct cbp_change *ch)
{
	size_t i;

	for (i = 0; i < ch->cls.nr; i++)
		if (ch->cls.members[i].c.state == CBP_PRESENT &&
		    check_in_stable(chk, &ch->cls.members[i].c))
			return &ch->cls.members[i].c;
	return NULL;
}

/*
 * Does the tracked target branch carry the change squashed into a commit
 * with what it fixes (a citation judged squashed)?
 */
static int squashed_in_stable(struct checker *chk, const struct cbp_change *ch)
{
	long long squash = 0;

	if (chk->stable_bit <= 0 ||
	    cbp_squash_in_branch(chk->idx, &ch->cls, chk->stable_bit - 1,
				 &squash))
		return 0;
	return squash != 0;
}

static const struct cbp_commit *shown(const struct cbp_change *ch,
				      long long fallback)
{
	int i = ch->ml;

	if (i < 0)
		i = cbp_class_contains(&ch->cls, fallback);
	return &ch->cls.members[i < 0 ? 0 : i].c;
}

static const char *rel(const struct cbp_commit *c)
{
	return c->release[0] ? c->release : "no release yet";
}

/* "first released in v6.13", or "not released yet". */
static const char *first_rel(const struct cbp_commit *c, char *buf,
			     size_t size)
{
	if (!c->release[0])
		return "not released yet";
	snprintf(buf, size, "first released in %s", c->release);
	return buf;
}

/*
 * Does a backport of the change need follow-up @k?  A fix or prerequisite
 * of the change, of a fix or prerequisite it needs, or of a re-application
 * of the change; not what a revert brought.
 */
static int needed(const struct cbp_followups *fu, int k, int depth)
{
	const struct cbp_followup *f = &fu->f[k];

	if (depth > 64 || f->reverted || f->ch.ml < 0 ||
	    (f->kind != CBP_FU_FIX && f->kind != CBP_FU_PREREQ))
		return 0;
	if (f->of < 0 || fu->f[f->of].kind == CBP_FU_REAPPLY)
		return 1;
	return needed(fu, f->of, depth + 1);
}

/*
 * The hint of FOLLOWUP_MISSING on fix @c (cited as @cited) into *@hint:
 * send it; or, when the branch has a commit of its very subject with no
 * trailer (a fix applied by hand?), or one citing it by a citation not
 * followed (a squash?), compare the two first.
 */
static int twin_hint(struct checker *chk, const struct cbp_commit *c,
		     const char *cited, char **hint)
{
	/* The bit of a tracked --stable whose tip the index has (1-based). */
	int sb = chk->stable_bit - 1, mb = cbp_index_mainline_bit(chk->idx);
	struct cbp_commit t;
	long long twin = 0, citer = 0;
	char a[640];

	if (sb >= 0 && mb >= 0 &&
	    (cbp_same_subject_in_branch(chk->idx, c, sb, mb, &twin) ||
	     cbp_cited_in_branch(chk->idx, c, sb, mb, &citer)))
		return -1;
	if (twin && !cbp_commit_get(chk->idx, twin, &t))
		*hint = cbp_strf("%s has %s, %s (it says 'Fixes: %.12s')",
				 chk->stable, cbp_cite_str(&t, a, sizeof(a)),
				 "of the same subject but with no trailer and another patch: compare the two; if it is not this fix applied by hand, send the fix with this backport, after it",
				 cited);
	else if (citer && !cbp_commit_get(chk->idx, citer, &t))
		*hint = cbp_strf("%s has %s, %s (it says 'Fixes: %.12s')",
				 chk->stable, cbp_cite_str(&t, a, sizeof(a)),
				 "which cites it as its origin, a citation not followed: compare the two; if it does not carry this fix, send the fix with this backport, after it",
				 cited);
	else
		*hint = cbp_strf("%s (it says 'Fixes: %.12s'; see 'checkbackport followups')",
				 "send it with this backport, after it", cited);
	return 0;
}

/**
 * check_followup_missing() - FOLLOWUP_MISSING: a later fix is not coming
 * @run: the check at work
 * @i: unused (the patch as a whole)
 *
 * Return: 0, or -1 on an index error.
 */
int check_followup_missing(struct check_run *run, size_t i __always_unused)
{
	struct checker *chk = run->chk;
	const struct cbp_followups *fu;
	struct cbp_finding *f;
	char a[640], b[640], r[160];
	size_t k;
	int at;

	if (followups_of(run, &fu, &at))
		return -1;
	if (!fu)
		return 0;
	for (k = 0; k < fu->nr; k++) {
		const struct cbp_followup *fx = &fu->f[k];
		const struct cbp_commit *c = shown(&fx->ch, fx->link.src);

		if (fx->kind != CBP_FU_FIX || !needed(fu, (int)k, 0) ||
		    in_stable(chk, &fx->ch) || squashed_in_stable(chk, &fx->ch) ||
		    check_series_has(chk, at, &fx->ch, SERIES_ANYWHERE) >= 0)
			continue;
		if (fx->of < 0)
			f = check_emit(run, 0,
				       "mainline fixed this change later: %s, %s, is not in %s and not in this series",
				       cbp_cite_str(c, a, sizeof(a)),
				       first_rel(c, r, sizeof(r)), chk->stable);
		else
			f = check_emit(run, 0,
				       "mainline fixed a fix of this change later: %s, %s, fixes %s and is not in %s and not in this series",
				       cbp_cite_str(c, a, sizeof(a)),
				       first_rel(c, r, sizeof(r)),
				       cbp_cite_str(shown(&fu->f[fx->of].ch,
							  fu->f[fx->of].link.src),
						    b, sizeof(b)),
				       chk->stable);
		snprintf(f->commit, sizeof(f->commit), "%s", c->hex);
		if (twin_hint(chk, c, fx->link.cited, &f->hint))
			return -1;
	}
	return 0;
}

/**
 * check_reverted_upstream() - REVERTED_UPSTREAM: mainline took it back
 * @run: the check at work
 * @i: unused (the patch as a whole)
 *
 * Return: 0, or -1 on an index error.
 */
int check_reverted_upstream(struct check_run *run, size_t i __always_unused)
{
	const struct cbp_followups *fu;
	struct cbp_finding *f;
	char a[640], r[160];
	size_t k;
	int at;

	if (followups_of(run, &fu, &at))
		return -1;
	if (!fu)
		return 0;
	if (!fu->root_reverted)
		return 0;
	/* A series that brings the revert too leaves nothing behind. */
	for (k = 0; k < fu->nr; k++)
		if (fu->f[k].of < 0 && fu->f[k].kind == CBP_FU_REVERT &&
		    cbp_class_contains(&fu->f[k].ch.cls,
				       fu->root_reverted_by.id) >= 0 &&
		    check_series_has(run->chk, at, &fu->f[k].ch,
				     SERIES_AFTER) >= 0)
			return 0;
	f = check_emit(run, 0,
		       "mainline reverted this change: %s, %s, and has not re-applied it",
		       cbp_cite_str(&fu->root_reverted_by, a, sizeof(a)),
		       first_rel(&fu->root_reverted_by, r, sizeof(r)));
	snprintf(f->commit, sizeof(f->commit), "%s", fu->root_reverted_by.hex);
	f->hint = cbp_strf("%s; %s", "do not backport it",
			   "see 'checkbackport followups' for why it was reverted");
	return 0;
}

/**
 * check_reverted_in_stable() - whether the target branch reverted the change
 * @run: the check at work
 * @by: if so, the revert, by the name the branch has it under
 *
 * A branch that took the change and reverted it for good (not applied
 * again since) does not have it: a backport applies it again, and a
 * commit of the branch is reverted there.  Known for a branch the index
 * tracks only.  Two checks of a patch ask: the answer is kept beside its
 * follow-ups.
 *
 * Return: 1 if so, 0 if not or not known, -1 on an index error.
 */
int check_reverted_in_stable(struct check_run *run, struct cbp_commit *by)
{
	const struct cbp_followups *fu;
	struct check_series *s;
	int at, bit = check_stable_bit(run->chk);

	if (bit < 0)
		return 0;
	if (followups_of(run, &fu, &at))
		return -1;
	if (!fu)
		return 0;
	s = run->chk->series;
	if (s->rev_for != at) {
		s->rev = cbp_change_reverted_in(s->e, &fu->root, bit, &s->rev_by);
		if (s->rev < 0)
			return -1;
		s->rev_for = at;
	}
	if (s->rev && by)
		*by = s->rev_by;
	return s->rev;
}

/**
 * check_reapplies_branch_revert() - REAPPLIES_BRANCH_REVERT: taken and
 * reverted by the target branch, applied again by this backport
 * @run: the check at work
 * @i: unused (the patch as a whole)
 *
 * Said instead of ALREADY_APPLIED, which would call the branch's state
 * wrong: it has the change no more.
 *
 * Return: 0, or -1 on an index error.
 */
int check_reapplies_branch_revert(struct check_run *run,
				  size_t i __always_unused)
{
	const struct cbp_followups *fu;
	const struct cbp_commit *had;
	struct cbp_commit by;
	struct cbp_finding *f;
	char a[640], b[640], r[160];
	int at, rc;

	/* A commit the branch has is not applied again by checking it. */
	if (run->fx->self_in_stable)
		return 0;
	rc = check_reverted_in_stable(run, &by);
	if (rc <= 0)
		return rc;
	/* Asked by check_reverted_in_stable() already: no new query. */
	if (followups_of(run, &fu, &at))
		return -1;
	had = in_stable(run->chk, &fu->root);
	f = check_emit(run, 0,
		       "%s took this change%s%s and reverted it: %s, %s; this applies it again, so say why in the message",
		       run->chk->stable, had ? " as " : "",
		       had ? cbp_cite_str(had, b, sizeof(b)) : "",
		       cbp_cite_str(&by, a, sizeof(a)),
		       first_rel(&by, r, sizeof(r)));
	snprintf(f->commit, sizeof(f->commit), "%s", by.hex);
	return 0;
}

/* A prerequisite: not in the branch and not earlier in the series? */
static void prereq(struct check_run *run, int at, const struct cbp_change *ch,
		   long long citer, unsigned int line, const char *how)
{
	struct checker *chk = run->chk;
	const struct cbp_commit *c = shown(ch, citer);
	struct cbp_finding *f;
	char a[640], b[700];
	int later;

	if (in_stable(chk, ch) ||
	    check_series_has(chk, at, ch, SERIES_BEFORE) >= 0)
		return;
	later = check_series_has(chk, at, ch, SERIES_AFTER);
	if (later >= 0)
		f = check_emit(run, line,
			       "%s %s comes later in the series, as %s: it must come before this patch",
			       how, cbp_cite_str(c, a, sizeof(a)),
			       check_series_name(chk, later, b, sizeof(b)));
	else
		f = check_emit(run, line,
			       "%s %s (%s) is not in %s and not earlier in this series",
			       how, cbp_cite_str(c, a, sizeof(a)), rel(c), chk->stable);
	snprintf(f->commit, sizeof(f->commit), "%s", c->hex);
}

/*
 * "Cc: <stable@vger.kernel.org> # 6.12.x: 1234567: subject": the stable
 * rules' way to name a prerequisite.  The ID in @hex, or 0.
 */
static int declared_prereq(const char *line, size_t len, char *hex)
{
	char buf[512];
	const char *p, *q;
	size_t n = 0;

	snprintf(buf, sizeof(buf), "%.*s", (int)(len < 511 ? len : 511), line);
	p = buf + strspn(buf, " \t");
	if (strncasecmp(p, "cc:", 3) || !strstr(p, "stable@vger.kernel.org"))
		return 0;
	p = strchr(p, '#');
	if (!p)
		return 0;
	p += 1 + strspn(p + 1, " \t");
	p += strspn(p, "0123456789.x+");
	if (*p != ':')
		return 0;
	p += 1 + strspn(p + 1, " \t");
	for (q = p; *q && strchr("0123456789abcdefABCDEF", *q) && n <= CBP_HEX_MAX; q++)
		hex[n++] = (char)(*q | 0x20);
	if (n < CBP_HEX_MIN || n > CBP_HEX_MAX)
		return 0;
	if (*q && *q != ':' && *q != ' ' && *q != '\t')
		return 0;
	hex[n] = '\0';
	return 1;
}

/*
 * The prerequisites the patch declares in "Cc: stable" lines, each as a
 * change (@ch[i], from row @id[i], on line @line[i] of the input); a
 * declared ID this repository does not have gets an empty change.
 */
struct declared {
	struct cbp_change *ch;
	long long *id;
	unsigned int *line;
	char (*hex)[CBP_HEX_MAX + 1];
	size_t nr;
};

static void declared_release(struct declared *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++)
		cbp_change_release(&d->ch[i]);
	free(d->ch);
	free(d->id);
	free(d->line);
	free(d->hex);
	memset(d, 0, sizeof(*d));
}

static int declared_load(struct check_run *run, struct declared *d)
{
	const struct cbp_patch *p = run->fx->p;
	struct check_series *s = run->chk->series;
	const char *l = p->msg, *end = p->msg + p->msg_len;
	char hex[CBP_HEX_MAX + 1];
	unsigned int line = 0;

	memset(d, 0, sizeof(*d));
	while (s && l && l < end) {
		const char *start = l, *eol = memchr(l, '\n', end - l);
		size_t n = d->nr;

		line++;
		l = eol ? eol + 1 : end;
		if (!declared_prereq(start, (size_t)((eol ? eol : end) - start),
				     hex))
			continue;
		d->ch = cbp_realloc(d->ch, (n + 1) * sizeof(*d->ch));
		d->id = cbp_realloc(d->id, (n + 1) * sizeof(*d->id));
		d->line = cbp_realloc(d->line, (n + 1) * sizeof(*d->line));
		d->hex = cbp_realloc(d->hex, (n + 1) * sizeof(*d->hex));
		memset(&d->ch[n], 0, sizeof(d->ch[n]));
		d->ch[n].ml = -1;
		d->id[n] = 0;
		d->line[n] = p->msg_line ? p->msg_line + line - 1 : 0;
		memcpy(d->hex[n], hex, sizeof(hex));
		d->nr++;
		if (cbp_resolve(run->chk->ctx, hex, &d->id[n], NULL, NULL)) {
			d->id[n] = 0;
			continue;
		}
		if (cbp_change_of(s->e, d->id[n], &d->ch[n])) {
			declared_release(d);
			return -1;
		}
	}
	return 0;
}

/**
 * check_prereq_missing() - PREREQ_MISSING: a prerequisite is not there
 * @run: the check at work
 * @i: unused (the patch as a whole)
 *
 * Commits that declare this change their Stable-dep-of, and the
 * prerequisites the patch names in a Cc: stable line.
 *
 * Return: 0, or -1 on an index error.
 */
int check_prereq_missing(struct check_run *run, size_t i __always_unused)
{
	const struct cbp_followups *fu;
	struct declared d;
	size_t k;
	int at;

	if (followups_of(run, &fu, &at) || declared_load(run, &d))
		return -1;
	for (k = 0; fu && k < fu->nr; k++)
		if (fu->f[k].kind == CBP_FU_PREREQ && fu->f[k].of < 0)
			prereq(run, at, &fu->f[k].ch, fu->f[k].link.src, 0,
			       "prerequisite (it says 'Stable-dep-of' this change)");
	for (k = 0; k < d.nr; k++) {
		if (d.id[k])
			prereq(run, at, &d.ch[k], d.id[k], d.line[k],
			       "declared prerequisite");
		else
			check_emit(run, d.line[k],
				   "declared prerequisite %s is %s",
				   d.hex[k], cbp_absent_str(d.hex[k]));
	}
	declared_release(&d);
	return 0;
}

/* Is patch @k of the series a prerequisite the patch at work declares? */
static int is_prereq(const struct check_series *s, int k,
		     const struct cbp_followups *fu, const struct declared *d)
{
	const struct series_item *it = &s->it[k];
	size_t i, j;

	for (i = 0; i < it->nr_ids; i++) {
		for (j = 0; fu && j < fu->nr; j++)
			if (fu->f[j].kind == CBP_FU_PREREQ && fu->f[j].of < 0 &&
			    cbp_class_contains(&fu->f[j].ch.cls, it->ids[i]) >= 0)
				return 1;
		for (j = 0; j < d->nr; j++)
			if (d->id[j] &&
			    cbp_class_contains(&d->ch[j].cls, it->ids[i]) >= 0)
				return 1;
	}
	return 0;
}

/**
 * check_series_order() - SERIES_ORDER: mainline applied it before an
 * earlier patch of the series
 * @run: the check at work
 * @i: unused (the patch as a whole)
 *
 * Only a real dependency counts: the earlier patch's mainline commit
 * descends from this one's.  Commits of unrelated branches merged in
 * either order do not.
 *
 * Return: 0, or -1 on an index error.
 */
int check_series_order(struct check_run *run, size_t i __always_unused)
{
	struct checker *chk = run->chk;
	const struct check_series *s = chk->series;
	const struct cbp_followups *fu;
	struct cbp_commit me, it;
	struct cbp_oid mine, other;
	struct declared d = { 0 };
	char a[640], b[700];
	int at = check_series_index(chk, run->fx->p), k, err = 0;

	/* No earlier patch comes later in mainline: nothing to compare. */
	if (!s || at < 0 || !s->it[at].ml ||
	    s->it[at].max_before <= s->it[at].pos)
		return 0;
	if (cbp_commit_get(chk->idx, s->it[at].ml, &me) ||
	    cbp_oid_fromhex(&mine, me.hex))
		return cbp_errmsg()[0] ? -1 : 0;
	if (followups_of(run, &fu, &at) || declared_load(run, &d))
		return -1;
	for (k = 0; k < at && !err; k++) {
		struct cbp_finding *f;

		if (!s->it[k].ml || s->it[k].pos <= s->it[at].pos ||
		    is_prereq(s, k, fu, &d))
			continue;
		if (cbp_commit_get(chk->idx, s->it[k].ml, &it)) {
			err = -1;
			break;
		}
		if (cbp_oid_fromhex(&other, it.hex) ||
		    cbp_git_descendant_of(chk->ctx->repo, &other, &mine) != 1)
			continue;
		f = check_emit(run, 0,
			       "this patch must come before %s: mainline has this change (%s, %s) before that one (%.12s, %s), which builds on it",
			       check_series_name(chk, k, b, sizeof(b)),
			       cbp_cite_str(&me, a, sizeof(a)), rel(&me),
			       it.hex, rel(&it));
		snprintf(f->commit, sizeof(f->commit), "%s", it.hex);
	}
	declared_release(&d);
	return err;
}
