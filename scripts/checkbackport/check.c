// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport check: is this backport ready for the stable list?
 *
 * For each patch (or commit) the checks look at the commit IDs its message
 * cites and answer, from the index and the repository's branches:
 *
 *   - does the upstream line name a commit, and is that commit in
 *     mainline (or which other name of the change is, and since when);
 *   - do the cherry-pick trailers resolve;
 *   - do the Fixes: targets exist, match their quoted subjects, and is any
 *     name of the bug in the target stable branch at all;
 *   - is any name of the fix already in that branch;
 *   - does the Cc: stable annotation match where the bug first landed.
 *
 * Branch containment is asked of libgit2 directly rather than of the
 * index's branch bits, so any --stable branch can be checked against
 * without re-indexing.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cbp.h"
#include "check.h"

/* A mail or message we read cites at most this many IDs of each kind. */
#define MAX_CITES	64

struct cites {
	struct cbp_cite c[MAX_CITES];
	size_t nr;
	int truncated;
};

struct parsed {
	struct cites upstream;
	struct cites picks;
	struct cites fixes;
};

/**
 * cbp_level_name() - the word printed for a finding level
 * @level: enum cbp_level
 *
 * Return: "ERROR", "WARNING" or "INFO".
 */
const char *cbp_level_name(int level)
{
	static const char * const names[] = { "ERROR", "WARNING", "INFO" };

	return level >= 0 && level <= CBP_LEVEL_INFO ? names[level] : "?";
}


__printf(5, 6)
static struct cbp_finding *add(struct cbp_report *r, int level,
			       const char *type, unsigned int line,
			       const char *fmt, ...)
{
	struct cbp_finding *f;
	va_list ap;

	r->f = cbp_grow(r->f, sizeof(*r->f), r->nr + 1, &r->alloc);
	f = &r->f[r->nr++];
	memset(f, 0, sizeof(*f));
	f->level = level;
	f->type = type;
	f->line = line;
	va_start(ap, fmt);
	f->msg = cbp_vstrf(fmt, ap);
	va_end(ap);
	r->count[level]++;
	return f;
}

static void set_commit(struct cbp_finding *f, const struct cbp_commit *c)
{
	snprintf(f->commit, sizeof(f->commit), "%s", c->hex);
}

/* Line @line (1-based) of the message, as a new string. */
static char *msg_line(const struct cbp_patch *p, unsigned int line)
{
	const char *s = p->msg, *end = p->msg + p->msg_len;

	while (--line && s < end) {
		s = memchr(s, '\n', end - s);
		s = s ? s + 1 : end;
	}
	end = memchr(s, '\n', end - s);
	return cbp_strndup(s, end ? (size_t)(end - s) : strlen(s));
}

/* Line number in the input of line @line of the message. */
static unsigned int src_line(const struct cbp_patch *p, unsigned int line)
{
	return p->msg_line + line - 1;
}

/* The line with the first occurrence of @from replaced by @to. */
static char *replace_in(const char *line, const char *from, const char *to)
{
	const char *hit = strstr(line, from);

	if (!hit)
		return cbp_strdup(line);
	return cbp_strf("%.*s%s%s", (int)(hit - line), line, to,
		    hit + strlen(from));
}

static const char *rel(const struct cbp_commit *c)
{
	return c->release[0] ? c->release : "no release yet";
}

static const char *cite(const struct cbp_commit *c, char *buf, size_t size)
{
	return cbp_cite_str(c, buf, size);
}

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

static int in_mainline(struct checker *chk, const struct cbp_commit *c)
{
	return chk->have_mainline && reaches(chk, &chk->mainline_tip, c);
}

static int in_stable(struct checker *chk, const struct cbp_commit *c)
{
	return reaches(chk, &chk->stable_tip, c);
}

static void names_add(struct names *n, const struct cbp_commit *c)
{
	size_t i;

	for (i = 0; i < n->nr; i++)
		if (n->c[i].id == c->id)
			return;
	n->c = cbp_grow(n->c, sizeof(*n->c), n->nr + 1, &n->alloc);
	n->c[n->nr++] = *c;
}

/* Add every member of the class of row @id to @n. */
static int names_add_class(struct checker *chk, struct names *n, long long id)
{
	struct cbp_class cls;
	size_t i;

	if (cbp_class_of(chk->idx, id, &cls))
		return -1;
	for (i = 0; i < cls.nr; i++)
		names_add(n, &cls.members[i].c);
	cbp_class_release(&cls);
	return 0;
}

static int on_cite(const struct cbp_cite *c, void *data)
{
	struct parsed *ps = data;
	struct cites *to;

	switch (c->kind) {
	case CBP_UPSTREAM:
	case CBP_UPSTREAM_BRACKET:
	case CBP_UPSTREAM_LINE:
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
	if (to->nr >= MAX_CITES) {
		to->truncated = 1;
		return 0;
	}
	to->c[to->nr++] = *c;
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
		snprintf(why, whysz, "not in this repository");
	}
	free(cands);
	return rc;
}

static const char *fetch_hint(void)
{
	return "fetch the tree it was committed to (for DRM: drm-next, drm-misc or the driver's -next/-fixes tree, e.g. 'git fetch https://gitlab.freedesktop.org/drm/kernel.git drm-next'), then run 'checkbackport index'";
}

/* Mainline names of a change, in the order they reached a release. */
static size_t mainline_names(struct checker *chk, const struct names *n,
			     struct cbp_commit **out)
{
	size_t nr = 0, i, j;

	*out = cbp_calloc(n->nr ? n->nr : 1, sizeof(**out));
	for (i = 0; i < n->nr; i++) {
		if (!in_mainline(chk, &n->c[i]))
			continue;
		for (j = nr; j > 0 && cbp_release_before(&n->c[i], &(*out)[j - 1]); j--)
			(*out)[j] = (*out)[j - 1];
		(*out)[j] = n->c[i];
		nr++;
	}
	return nr;
}

/* The upstream lines: present, in mainline, unique there, same subject. */
static int check_upstream(struct checker *chk, struct cbp_report *r,
			  const struct parsed *ps, struct names *fix,
			  const struct cbp_commit *self)
{
	struct cbp_patch *p = r->p;
	char why[512], buf[700], buf2[700];
	size_t i, k, nm;

	if (!ps->upstream.nr) {
		if (self && in_mainline(chk, self))
			return names_add_class(chk, fix, self->id);
		add(r, CBP_LEVEL_ERROR, "UPSTREAM_MISSING", 0,
		    "no 'commit <id> upstream' or '[ Upstream commit <id> ]' line: the stable rules ask every backport to name its mainline commit");
		return 0;
	}

	for (i = 0; i < ps->upstream.nr; i++) {
		const struct cbp_cite *ct = &ps->upstream.c[i];
		unsigned int line = src_line(p, ct->line);
		struct names one = { NULL, 0, 0 };
		struct cbp_commit x, *ml;
		struct cbp_finding *f;
		int rc;

		rc = resolve_cited(chk, ct->hex, &x, why, sizeof(why));
		if (rc < 0)
			return -1;
		if (rc) {
			f = add(r, CBP_LEVEL_ERROR, "UPSTREAM_UNKNOWN", line,
				"upstream commit %s: %s", ct->hex, why);
			f->hint = cbp_strdup(fetch_hint());
			continue;
		}
		if (names_add_class(chk, &one, x.id))
			return -1;
		for (k = 0; k < one.nr; k++)
			names_add(fix, &one.c[k]);
		nm = mainline_names(chk, &one, &ml);

		if (x.state != CBP_PRESENT && !nm) {
			f = add(r, CBP_LEVEL_ERROR, "UPSTREAM_UNKNOWN", line,
				"upstream commit %s is not in this repository, and no name of it known here is in mainline (%s)",
				ct->hex, chk->mainline);
			f->hint = cbp_strdup(fetch_hint());
		} else if (!in_mainline(chk, &x) && nm) {
			char *old = msg_line(p, ct->line);

			f = add(r, CBP_LEVEL_WARNING, "UPSTREAM_NOT_MAINLINE",
				line,
				"upstream commit %.12s is %s; the same change is in mainline as %s, first released in %s",
				x.hex,
				x.state == CBP_PRESENT ? "not in mainline" :
				"not in this repository (only cited)",
				cite(&ml[0], buf, sizeof(buf)), rel(&ml[0]));
			set_commit(f, &ml[0]);
			f->old = old;
			f->new = replace_in(old, ct->hex, ml[0].hex);
		} else if (!nm) {
			f = add(r, CBP_LEVEL_ERROR, "UPSTREAM_NOT_IN_MAINLINE",
				line,
				"upstream commit %s is not in mainline (%s), and neither is any other name of the change: the stable rules want it in mainline first",
				cite(&x, buf, sizeof(buf)), chk->mainline);
			set_commit(f, &x);
		}

		if (nm > 1) {
			size_t len = 0;

			for (k = 0; k < nm && len < sizeof(buf2); k++)
				len += snprintf(buf2 + len, sizeof(buf2) - len,
						"%s%.12s (%s%s)", k ? ", " : "",
						ml[k].hex, rel(&ml[k]),
						k ? "" : ", first");
			f = add(r, CBP_LEVEL_INFO, "UPSTREAM_DUPLICATE", line,
				"the change is in mainline %zu times: %s",
				nm, buf2);
			set_commit(f, &ml[0]);
		}

		if (x.state == CBP_PRESENT && p->subject &&
		    strcmp(p->subject, x.subject)) {
			f = add(r, CBP_LEVEL_WARNING,
				"UPSTREAM_SUBJECT_MISMATCH", line,
				"subject \"%s\" differs from upstream commit %s",
				p->subject, cite(&x, buf, sizeof(buf)));
			set_commit(f, &x);
		}
		free(ml);
		free(one.c);
	}
	return 0;
}

static int check_picks(struct checker *chk, struct cbp_report *r,
		       const struct parsed *ps, struct names *fix)
{
	char why[512];
	size_t i;

	for (i = 0; i < ps->picks.nr; i++) {
		const struct cbp_cite *ct = &ps->picks.c[i];
		struct cbp_finding *f;
		struct cbp_commit c;
		int rc;

		rc = resolve_cited(chk, ct->hex, &c, why, sizeof(why));
		if (rc < 0)
			return -1;
		if (!rc && names_add_class(chk, fix, c.id))
			return -1;
		if (!rc && c.state == CBP_PRESENT)
			continue;
		f = add(r, CBP_LEVEL_WARNING, "CHERRY_PICK_UNKNOWN",
			src_line(r->p, ct->line),
			"cherry-picked commit %s is %s%s", ct->hex,
			rc ? why : "not in this repository",
			rc ? "" : " (other commits here cite it too)");
		f->hint = cbp_strdup(fetch_hint());
	}
	return 0;
}

/* The patch-ids of the stable branch's own commits, read once. */
static int load_patch_ids(struct checker *chk)
{
	if (chk->pids_loaded)
		return 0;
	chk->pids_loaded = 1;
	return cbp_git_patch_ids(chk->ctx->repo, chk->stable,
				 chk->have_mainline ? chk->mainline : NULL,
				 &chk->pids);
}

/* The patch-id of a patch or commit; "" if it has no diff. */
static int patch_id_of(struct checker *chk, const struct cbp_patch *p,
		       char *pid)
{
	pid[0] = '\0';
	if (p->commit[0])
		return cbp_git_commit_patch_id(chk->ctx->repo, p->commit, pid);
	if (!p->diff)
		return 0;
	return cbp_git_text_patch_id(p->diff, p->diff_len, pid);
}

/* Names of the fix in the target branch; with --patch-id, its twins. */
static int check_applied(struct checker *chk, struct cbp_report *r,
			 const struct names *fix)
{
	char buf[700], pid[CBP_OID_HEXSZ + 1];
	size_t i, k;
	int found = 0;

	for (i = 0; i < fix->nr; i++) {
		const struct cbp_commit *c = &fix->c[i];
		struct cbp_finding *f;

		if (!in_stable(chk, c))
			continue;
		found++;
		f = add(r, CBP_LEVEL_ERROR, "ALREADY_APPLIED", 0,
			"already in %s as %s%s, released in %s", chk->stable,
			cite(c, buf, sizeof(buf)),
			in_mainline(chk, c) ?
			" (in mainline before the branch forked)" : "",
			rel(c));
		set_commit(f, c);
	}
	if (!chk->ctx->opt->patch_id)
		return 0;
	if (load_patch_ids(chk))
		return -1;
	if (patch_id_of(chk, r->p, pid) || !pid[0])
		return 0;
	for (k = 0; k < chk->pids.nr; k++) {
		struct cbp_finding *f;
		struct cbp_commit c;
		long long id;
		int dup = 0;

		if (strcmp(chk->pids.pid[k], pid))
			continue;
		for (i = 0; i < fix->nr; i++)
			dup |= !strcmp(fix->c[i].hex, chk->pids.commit[k]);
		if (dup || !strcmp(r->p->commit, chk->pids.commit[k]))
			continue;
		if (cbp_resolve(chk->ctx, chk->pids.commit[k], &id, NULL,
				NULL) || cbp_commit_get(chk->idx, id, &c)) {
			memset(&c, 0, sizeof(c));
			snprintf(c.hex, sizeof(c.hex), "%s",
				 chk->pids.commit[k]);
		}
		f = add(r, CBP_LEVEL_ERROR, "ALREADY_APPLIED_PATCH_ID", 0,
			"%s already has the same change (same 'git patch-id --stable', no citation links them) as %s, released in %s",
			chk->stable, cite(&c, buf, sizeof(buf)), rel(&c));
		set_commit(f, &c);
	}
	(void)found;
	return 0;
}

/* Compare a quoted Fixes: subject with the target's. */
static int quoted_matches(const struct cbp_cite *ct, const char *subject)
{
	char q[512];

	cbp_sanitize(ct->quoted, ct->quoted_len, q, sizeof(q));
	return !strcmp(q, subject);
}

static int check_fixes(struct checker *chk, struct cbp_report *r,
		       const struct parsed *ps, const struct names *fix,
		       struct cbp_commit *bug_first)
{
	const struct cbp_commit *fix_first = NULL;
	char why[512], buf[700], buf2[700];
	size_t i, k;

	/* When the fix first reached a release, by any name (mainline first). */
	for (i = 0; i < fix->nr; i++)
		if (fix->c[i].release_key >= 0 && in_mainline(chk, &fix->c[i]) &&
		    (!fix_first || cbp_release_before(&fix->c[i], fix_first)))
			fix_first = &fix->c[i];
	for (i = 0; !fix_first && i < fix->nr; i++)
		if (fix->c[i].release_key >= 0)
			fix_first = &fix->c[i];

	bug_first->state = -1;
	for (i = 0; i < ps->fixes.nr; i++) {
		const struct cbp_cite *ct = &ps->fixes.c[i];
		unsigned int line = src_line(r->p, ct->line);
		const struct cbp_commit *first = NULL, *in_br = NULL;
		const struct cbp_commit *first_ml = NULL, *alias;
		struct names bug = { NULL, 0, 0 };
		struct cbp_finding *f;
		struct cbp_commit t;
		int rc;

		rc = resolve_cited(chk, ct->hex, &t, why, sizeof(why));
		if (rc < 0)
			return -1;
		if (!rc && t.state != CBP_PRESENT) {
			rc = CBP_NOT_FOUND;
			snprintf(why, sizeof(why), "not in this repository");
		}
		if (rc) {
			f = add(r, CBP_LEVEL_ERROR, "FIXES_UNKNOWN", line,
				"Fixes: target %s: %s", ct->hex, why);
			f->hint = cbp_strdup(fetch_hint());
			continue;
		}
		if (!ct->quoted) {
			f = add(r, CBP_LEVEL_WARNING, "FIXES_SUBJECT_MISMATCH",
				line,
				"Fixes: %s has no (\"subject\"); it should read: Fixes: %s",
				ct->hex, cite(&t, buf, sizeof(buf)));
			set_commit(f, &t);
		} else if (!quoted_matches(ct, t.subject)) {
			char *old = msg_line(r->p, ct->line);

			f = add(r, CBP_LEVEL_WARNING, "FIXES_SUBJECT_MISMATCH",
				line,
				"the subject quoted for %.12s is not its subject \"%s\"",
				t.hex, t.subject);
			set_commit(f, &t);
			f->old = old;
			f->new = cbp_strf("Fixes: %s", cite(&t, buf, sizeof(buf)));
		}

		if (names_add_class(chk, &bug, t.id))
			return -1;
		for (k = 0; k < bug.nr; k++) {
			const struct cbp_commit *b = &bug.c[k];

			if (b->state != CBP_PRESENT)
				continue;
			if (b->release_key >= 0 &&
			    (!first || cbp_release_before(b, first)))
				first = b;
			if (b->release_key >= 0 && in_mainline(chk, b) &&
			    (!first_ml || cbp_release_before(b, first_ml)))
				first_ml = b;
			if (!in_br && in_stable(chk, b))
				in_br = b;
		}
		/* Where the bug landed: mainline decides which series have it. */
		alias = first_ml ? first_ml : first;
		if (alias && (bug_first->state < 0 ||
			      cbp_release_before(alias, bug_first)))
			*bug_first = *alias;

		if (!in_br) {
			f = add(r, CBP_LEVEL_WARNING, "FIXES_NOT_IN_STABLE",
				line,
				"no name of the bug %s is in %s: the backport is not needed there",
				cite(&t, buf, sizeof(buf)), chk->stable);
			set_commit(f, &t);
		}

		/* A fix released before the commit it cites. */
		if (fix_first && (t.release_key < 0 ||
				  fix_first->release_key < t.release_key)) {
			if (!first_ml || first_ml->release_key >
			    fix_first->release_key)
				first_ml = first;
			if (first_ml &&
			    first_ml->release_key <= fix_first->release_key) {
				f = add(r, CBP_LEVEL_INFO, "FIXES_ALIAS", line,
					"the fix reached %s (as %.12s) before the cited bug %.12s (%s); explained by the bug's other name %s, released in %s",
					rel(fix_first), fix_first->hex, t.hex,
					rel(&t),
					cite(first_ml, buf2, sizeof(buf2)),
					rel(first_ml));
				set_commit(f, first_ml);
			} else {
				f = add(r, CBP_LEVEL_WARNING,
					"FIXES_PRECEDES_BUG", line,
					"the fix reached %s (as %.12s) before any name of the cited bug %s (%s): check the Fixes: tag",
					rel(fix_first), fix_first->hex,
					cite(&t, buf, sizeof(buf)), rel(&t));
				set_commit(f, &t);
			}
		}
		free(bug.c);
	}
	return 0;
}

/**
 * cbp_cbp_parse_series() - the stable series a version names
 * @s: "v6.12-rc7", "v6.12", "6.12.3", ...
 * @major: 6
 * @minor: 12
 *
 * Return: 0, or -1 if @s does not start with a version.
 */
int cbp_parse_series(const char *s, int *major, int *minor)
{
	char *end;
	long a, b;

	if (*s == 'v')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	a = strtol(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return -1;
	b = strtol(end + 1, &end, 10);
	if (a > 1000 || b > 1000)
		return -1;
	*major = (int)a;
	*minor = (int)b;
	return 0;
}

/*
 * A "Cc: stable@vger.kernel.org # 6.12+" line: where the annotation's
 * version starts, or NULL if the line is not such a Cc.
 */
static const char *stable_annotation(const char *line)
{
	const char *p = line, *hash;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncasecmp(p, "cc:", 3) || !strstr(p, "stable@vger.kernel.org"))
		return NULL;
	hash = strchr(p, '#');
	if (!hash)
		return NULL;
	p = hash + 1;
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static void check_cc_stable(struct checker *chk, struct cbp_report *r,
			    const struct cbp_commit *bug_first)
{
	const struct cbp_patch *p = r->p;
	unsigned int line = 0;
	const char *s = p->msg, *end = p->msg + p->msg_len;
	char buf[700];

	while (s < end) {
		const char *eol = memchr(s, '\n', end - s);
		char *text = cbp_strndup(s, eol ? (size_t)(eol - s) :
					 (size_t)(end - s));
		const char *ann = stable_annotation(text);
		int maj, min, bmaj, bmin;
		struct cbp_finding *f;

		line++;
		s = eol ? eol + 1 : end;
		if (!ann || cbp_parse_series(ann, &maj, &min)) {
			free(text);
			continue;
		}
		if (chk->stable_major >= 0 &&
		    (maj > chk->stable_major ||
		     (maj == chk->stable_major && min > chk->stable_minor)))
			add(r, CBP_LEVEL_WARNING, "CC_STABLE_EXCLUDES_TARGET",
			    src_line(p, line),
			    "the Cc: stable annotation asks for %d.%d and later, but the target is %s",
			    maj, min, chk->stable);
		if (bug_first->state >= 0 &&
		    !cbp_parse_series(bug_first->release, &bmaj, &bmin) &&
		    (bmaj != maj || bmin != min)) {
			char want[32], had[32];
			const char *v = ann + (*ann == 'v');
			size_t n = strspn(v, "0123456789.");

			snprintf(had, sizeof(had), "%.*s", (int)n, v);
			while (n && had[n - 1] == '.')
				had[--n] = '\0';
			snprintf(want, sizeof(want), "%d.%d", bmaj, bmin);
			f = add(r, CBP_LEVEL_WARNING, "CC_STABLE_VERSION",
				src_line(p, line),
				"the Cc: stable annotation says %d.%d, but the bug first landed in %s as %s: %s",
				maj, min, rel(bug_first),
				cite(bug_first, buf, sizeof(buf)),
				(maj > bmaj || (maj == bmaj && min > bmin)) ?
				"older stable series have it too" :
				"the series it names do not have it");
			set_commit(f, bug_first);
			f->old = cbp_strdup(text);
			f->new = replace_in(text, had, want);
		}
		free(text);
	}
}

/**
 * cbp_check_patch() - make the findings about one patch
 * @chk: the target branches and the index
 * @r: the report; r->p is the patch
 *
 * Return: 0, or -1 on an index error (message recorded).
 */
int cbp_check_patch(struct checker *chk, struct cbp_report *r)
{
	struct cbp_patch *p = r->p;
	struct parsed ps = { 0 };
	struct names fix = { NULL, 0, 0 };
	struct cbp_commit self, bug_first;
	const struct cbp_commit *selfp = NULL;
	int err = -1;

	if (p->error) {
		add(r, CBP_LEVEL_ERROR, "MALFORMED_PATCH", p->error_line,
		    "%s", p->error);
		return 0;
	}
	cbp_parse_message(p->msg, p->msg_len, on_cite, &ps);
	if (ps.upstream.truncated || ps.picks.truncated || ps.fixes.truncated)
		add(r, CBP_LEVEL_INFO, "TOO_MANY_CITATIONS", 0,
		    "only the first %d citations of each kind were checked",
		    MAX_CITES);
	if (p->commit[0]) {
		long long id;

		if (!cbp_resolve(chk->ctx, p->commit, &id, NULL, NULL) &&
		    !cbp_commit_get(chk->idx, id, &self))
			selfp = &self;
	}

	if (check_upstream(chk, r, &ps, &fix, selfp) ||
	    check_picks(chk, r, &ps, &fix) ||
	    check_applied(chk, r, &fix) ||
	    check_fixes(chk, r, &ps, &fix, &bug_first))
		goto out;
	check_cc_stable(chk, r, &bug_first);
	err = 0;
out:
	free(fix.c);
	return err;
}
