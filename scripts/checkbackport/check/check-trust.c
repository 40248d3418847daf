// SPDX-License-Identifier: GPL-2.0
/*
 * Link trust in check: the verdict on each citation of the patch being
 * checked (the patch against the commit it cites, judged as the builder
 * judges links between commits, see trust.h), and the two checks about
 * the trailers themselves:
 *
 *   TRAILER_SUSPICIOUS  an upstream line or cherry-pick trailer names a
 *                       commit that shares neither subject, patch-id nor
 *                       any file with the patch: it is not followed, so
 *                       no other finding rests on it;
 *   TRAILER_MALFORMED   a cited ID of more than 40 digits, or one that
 *                       names nothing here but is one typo from the one
 *                       commit with the expected subject: the line to
 *                       write instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-priv.h"

/* What the patch changes, read once; 0, or -1 if it cannot be read. */
static int patch_change(struct checker *chk, struct check_facts *fx, int pid)
{
	const struct cbp_patch *p = fx->p;
	struct cbp_oid oid;

	if (fx->change_state < 0 || fx->change_state >= 1 + !!pid)
		return fx->change_state < 0 ? -1 : 0;
	cbp_git_change_release(&fx->change);
	if (p->commit[0]) {
		fx->change_state = cbp_oid_fromhex(&oid, p->commit) ||
			cbp_git_change_of(chk->ctx->repo, &oid, pid, &fx->change) ?
			-1 : 1 + !!pid;
	} else {
		/* libgit2 reads a mail's diff with its patch-id at once. */
		fx->change_state = !p->diff ||
			cbp_git_text_change(p->diff, p->diff_len, &fx->change) ?
			-1 : 2;
	}
	return fx->change_state < 0 ? -1 : 0;
}

static void set_path(char *dst, size_t size, const struct cbp_git_change *ch)
{
	snprintf(dst, size, "%s", ch->nr_paths ? ch->paths[0] : "");
}

/*
 * With no file in common, @ti's verdict (@xc is what the cited commit
 * @oid changes, its files read): adapted when the two make the same
 * changes, or alike changes to files of the same names, under other
 * folders (a directory moved, cbp_git_change_moved(): as the builder
 * judges links); else suspicious.
 */
static void judge_moved(struct checker *chk, struct check_facts *fx,
			const struct cbp_oid *oid, struct cbp_git_change *xc,
			struct cbp_trust_info *ti)
{
	enum cbp_git_moved moved = CBP_GIT_MOVED_NONE;
	const char *sp = NULL, *dp = NULL;
	size_t alike = 0;

	if (cbp_git_change_may_move(&fx->change, xc)) {
		/* A diff that cannot be read: unjudged, as in check_judge(). */
		if (patch_change(chk, fx, 1))
			return;
		cbp_git_change_release(xc);
		if (cbp_git_change_of(chk->ctx->repo, oid, 1, xc))
			return;
		moved = cbp_git_change_moved(&fx->change, xc, &sp, &dp, &alike);
	}
	if (moved == CBP_GIT_MOVED_NONE) {
		ti->verdict = CBP_TRUST_SUSPICIOUS;
		set_path(ti->spath, sizeof(ti->spath), &fx->change);
		set_path(ti->dpath, sizeof(ti->dpath), xc);
		return;
	}
	ti->verdict = CBP_TRUST_ADAPTED;
	ti->common = (long long)alike;
	snprintf(ti->spath, sizeof(ti->spath), "%s", sp);
	snprintf(ti->dpath, sizeof(ti->dpath), "%s", dp);
}

/**
 * check_judge() - the verdict on a citation of the patch being checked
 * @chk: the checker
 * @fx: the facts about the patch (its change is read here when needed)
 * @x: the commit cited
 * @ti: filled in: consistent (same subject once normalised, or same
 *	patch-id), adapted (a file in common, or changed alike under
 *	another folder), suspicious (none), or
 *	unjudged when @x is not a commit or a diff cannot be read
 *
 * Return: 0.  A diff that cannot be read leaves the citation unjudged,
 * which is followed, as before there were verdicts.
 */
int check_judge(struct checker *chk, struct check_facts *fx,
		const struct cbp_commit *x, struct cbp_trust_info *ti)
{
	struct cbp_git_change xc;
	const char *common_path;
	struct cbp_oid oid;
	size_t common;

	memset(ti, 0, sizeof(*ti));
	ti->sfiles = -1;
	ti->dfiles = -1;
	ti->common = -1;
	if (x->state != CBP_PRESENT)
		return 0;
	if ((fx->self && fx->self->id == x->id) ||
	    (fx->p->subject && cbp_subjects_consistent(fx->p->subject, x->subject))) {
		ti->verdict = CBP_TRUST_SAME_SUBJECT;
		return 0;
	}
	if (patch_change(chk, fx, 0) || cbp_oid_fromhex(&oid, x->hex) ||
	    cbp_git_change_of(chk->ctx->repo, &oid, 0, &xc))
		return 0;
	common = cbp_git_change_common(&fx->change, &xc, &common_path);
	ti->sfiles = (long long)fx->change.nr_paths;
	ti->dfiles = (long long)xc.nr_paths;
	ti->common = (long long)common;
	if (!common) {
		judge_moved(chk, fx, &oid, &xc, ti);
		cbp_git_change_release(&xc);
		return 0;
	}
	snprintf(ti->spath, sizeof(ti->spath), "%s", common_path);
	cbp_git_change_release(&xc);
	if (patch_change(chk, fx, 1) ||
	    cbp_git_change_of(chk->ctx->repo, &oid, 1, &xc))
		return 0;
	ti->verdict = fx->change.has_pid && xc.has_pid &&
		      !strcmp(fx->change.pid, xc.pid) ?
		      CBP_TRUST_SAME_PATCH : CBP_TRUST_ADAPTED;
	cbp_git_change_release(&xc);
	return 0;
}

static const char suspicious_hint[] =
	"find the commit this backport was really taken from, and cite that one";

static void suspicious(struct check_run *run, unsigned int line,
		       const struct cbp_cite *ct, const struct cbp_commit *x,
		       const struct cbp_trust_info *ti)
{
	char form[160], c[640], why[768];
	struct cbp_finding *f;

	f = check_emit(run, line,
		       "%s names %s, but this %s is \"%s\": %s; the trailer is not followed (shifted or mis-pasted?)",
		       cbp_cite_form(ct->kind, ct->hex, form, sizeof(form)),
		       cbp_cite_str(x, c, sizeof(c)),
		       run->fx->p->commit[0] ? "commit" : "patch",
		       run->fx->p->subject ? run->fx->p->subject : "",
		       cbp_trust_reason(ti, why, sizeof(why)));
	snprintf(f->commit, sizeof(f->commit), "%s", x->hex);
	f->hint = cbp_strdup(suspicious_hint);
}

/**
 * check_trailer_suspicious() - TRAILER_SUSPICIOUS: citations not followed
 * @run: the check at work
 * @i: unused: the scope is the patch
 *
 * Return: 0.
 */
int check_trailer_suspicious(struct check_run *run, size_t i)
{
	const struct check_facts *fx = run->fx;

	for (i = 0; i < fx->nr_up; i++)
		if (!fx->up[i].rc &&
		    fx->up[i].trust.verdict == CBP_TRUST_SUSPICIOUS)
			suspicious(run, fx->up[i].line, &fx->up[i].ct,
				   &fx->up[i].x, &fx->up[i].trust);
	for (i = 0; i < fx->nr_picks; i++)
		if (!fx->picks[i].rc &&
		    fx->picks[i].trust.verdict == CBP_TRUST_SUSPICIOUS)
			suspicious(run, fx->picks[i].line, &fx->picks[i].ct,
				   &fx->picks[i].c, &fx->picks[i].trust);
	return 0;
}

struct all_cites {
	struct cbp_cite c[3 * CHECK_MAX_CITES];
	size_t nr;
};

static int on_cite(const struct cbp_cite *c, void *data)
{
	struct all_cites *a = data;

	if (a->nr < ARRAY_SIZE(a->c))
		a->c[a->nr++] = *c;
	return 0;
}

/* Does the cited ID name nothing here (no commit, not ambiguous)? */
static int names_nothing(struct checker *chk, const struct cbp_cite *ct)
{
	struct cbp_commit c;
	long long id;
	int rc;

	if (ct->malformed)
		return 1;
	rc = cbp_resolve_id(chk->idx, ct->hex, &id, NULL, NULL);
	if (rc == CBP_NOT_FOUND)
		return 1;
	return !rc && !cbp_commit_get(chk->idx, id, &c) &&
	       c.state == CBP_MISSING;
}

static int malformed(struct check_run *run, const struct cbp_cite *ct)
{
	const struct cbp_patch *p = run->fx->p;
	char subject[512], form[160], c[640], with[CBP_OID_HEXSZ + 1];
	struct cbp_malformed m = { .kind = ct->kind, .digits = ct->hexlen };
	struct cbp_finding *f;
	int rc;

	if (cbp_kind_is_origin(ct->kind))
		snprintf(subject, sizeof(subject), "%s", p->subject ? p->subject : "");
	else
		cbp_sanitize(ct->quoted ? ct->quoted : "", ct->quoted ? ct->quoted_len : 0,
			     subject, sizeof(subject));
	snprintf(m.cited, sizeof(m.cited), "%s", ct->hex);
	rc = cbp_near_miss(run->chk->idx, ct->hex, subject,
			   run->fx->self ? run->fx->self->id : 0, &m.suggest,
			   &m.suggest_digits);
	if (rc < 0)
		return -1;
	if (rc)
		memset(&m.suggest, 0, sizeof(m.suggest));
	/* An ID merely missing here may be another tree's: not malformed. */
	if (!ct->malformed && !m.suggest.id)
		return 0;
	f = check_emit(run, check_src_line(p, ct->line), "%s: %s%s",
		       cbp_cite_form(ct->kind, ct->hex, form, sizeof(form)),
		       cbp_malformed_problem(&m, c, sizeof(c)),
		       m.suggest.id ? "; never joined to it without a fix" : "");
	if (!m.suggest.id) {
		f->hint = cbp_strdup("check the ID against the commit this trailer should name");
		return 0;
	}
	snprintf(f->commit, sizeof(f->commit), "%s", m.suggest.hex);
	snprintf(with, sizeof(with), "%.*s", (int)m.suggest_digits, m.suggest.hex);
	f->old = check_msg_line(p, ct->line);
	if (ct->hexlen > CBP_CITE_HEX_MAX || !strstr(f->old, ct->hex)) {
		/* Not written as read (upper case, or cut): no exact line. */
		free(f->old);
		f->old = NULL;
		f->hint = cbp_strf("write %s instead", with);
		return 0;
	}
	f->new = check_replace_in(f->old, ct->hex, with);
	return 0;
}

/**
 * check_trailer_malformed() - TRAILER_MALFORMED: IDs that name no commit
 * @run: the check at work
 * @i: unused: the scope is the patch
 *
 * Return: 0, or -1 on an index error.
 */
int check_trailer_malformed(struct check_run *run, size_t i)
{
	const struct cbp_patch *p = run->fx->p;
	struct all_cites *a = cbp_calloc(1, sizeof(*a));
	int err = 0;

	cbp_scan_message(p->msg, p->msg_len, CBP_SCAN_MALFORMED, on_cite, a);
	for (i = 0; i < a->nr && !err; i++)
		if (names_nothing(run->chk, &a->c[i]))
			err = malformed(run, &a->c[i]);
	free(a);
	return err;
}
