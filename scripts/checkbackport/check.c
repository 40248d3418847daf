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
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cbp.h"
#include "check.h"

/* A mail or message we read cites at most this many IDs of each kind. */
#define MAX_CITES	64

struct names {
	struct cbp_commit *c;
	size_t nr;
	size_t alloc;
};

struct patch_ids {
	char (*pid)[41];
	char (*commit)[41];
	size_t nr;
	size_t alloc;
	int loaded;
};

struct checker {
	struct cbp_ctx *ctx;
	struct cbp_index *idx;
	const char *mainline;
	const char *stable;
	git_oid mainline_tip;
	git_oid stable_tip;
	int have_mainline;
	int stable_major;
	int stable_minor;
	struct patch_ids pids;
};

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

static char *vstrf(const char *fmt, va_list ap)
{
	va_list aq;
	char *s;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	s = cbp_malloc(n > 0 ? n + 1 : 1);
	vsnprintf(s, n > 0 ? n + 1 : 1, fmt, ap);
	return s;
}

__printf(1, 2)
static char *strf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vstrf(fmt, ap);
	va_end(ap);
	return s;
}

__printf(5, 6)
static struct cbp_finding *add(struct cbp_report *r, int level,
			       const char *type, unsigned int line,
			       const char *fmt, ...)
{
	struct cbp_finding *f;
	va_list ap;

	/* Most patches have a finding or two: do not start at 16. */
	if (r->nr == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 2;
		r->f = cbp_realloc(r->f, r->alloc * sizeof(*r->f));
	}
	f = &r->f[r->nr++];
	memset(f, 0, sizeof(*f));
	f->level = level;
	f->type = type;
	f->line = line;
	va_start(ap, fmt);
	f->msg = vstrf(fmt, ap);
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
	/* 0: the message was decoded, its lines are not the file's. */
	return p->msg_line ? p->msg_line + line - 1 : 0;
}

/* The line with the first occurrence of @from replaced by @to. */
static char *replace_in(const char *line, const char *from, const char *to)
{
	const char *hit = strstr(line, from);

	if (!hit)
		return cbp_strdup(line);
	return strf("%.*s%s%s", (int)(hit - line), line, to,
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
static int reaches(struct checker *chk, const git_oid *tip,
		   const struct cbp_commit *c)
{
	git_oid oid;
	int rc;

	if (c->state != CBP_PRESENT || git_oid_fromstr(&oid, c->hex))
		return 0;
	if (git_oid_equal(&oid, tip))
		return 1;
	rc = git_graph_descendant_of(chk->ctx->repo, tip, &oid);
	if (rc < 0) {
		git_error_clear();
		return 0;
	}
	return rc;
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

	rc = cbp_resolve(chk->idx, hex, &id, &cands, &nr);
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

/* Names of the fix in the target branch; with --patch-id, its twins. */
static int load_patch_ids(struct checker *chk);
static int patch_id_of(struct checker *chk, const struct cbp_patch *p,
		       char *out);

static int check_applied(struct checker *chk, struct cbp_report *r,
			 const struct names *fix)
{
	char buf[700], pid[41];
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
		if (cbp_resolve(chk->idx, chk->pids.commit[k], &id, NULL,
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
			f->new = strf("Fixes: %s", cite(&t, buf, sizeof(buf)));
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

/* "v6.12-rc7", "v6.12", "v6.12.3" → 6, 12. */
static int parse_series(const char *s, int *major, int *minor)
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
		if (!ann || parse_series(ann, &maj, &min)) {
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
		    !parse_series(bug_first->release, &bmaj, &bmin) &&
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

static int check_one(struct checker *chk, struct cbp_report *r)
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

		if (!cbp_resolve(chk->idx, p->commit, &id, NULL, NULL) &&
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

/* --- patch-ids, by way of git patch-id --stable ---------------------- */

/* @s single-quoted for the shell. */
static char *shq(const char *s)
{
	size_t n = 3, i;
	char *q, *o;

	for (i = 0; s[i]; i++)
		n += s[i] == '\'' ? 4 : 1;
	q = cbp_malloc(n);
	o = q;
	*o++ = '\'';
	for (i = 0; s[i]; i++) {
		if (s[i] == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else {
			*o++ = s[i];
		}
	}
	*o++ = '\'';
	*o = '\0';
	return q;
}

/* Run a shell pipeline ending in git patch-id; collect its lines. */
static int run_patch_id(const char *cmd, struct patch_ids *out)
{
	char line[256];
	FILE *f = popen(cmd, "r");
	int rc;

	if (!f)
		return cbp_error("cannot run git patch-id: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char pid[41], commit[41];

		if (sscanf(line, "%40s %40s", pid, commit) != 2)
			continue;
		out->pid = cbp_grow(out->pid, sizeof(*out->pid), out->nr + 1,
				    &out->alloc);
		out->commit = cbp_realloc(out->commit,
					  out->alloc * sizeof(*out->commit));
		memcpy(out->pid[out->nr], pid, sizeof(pid));
		memcpy(out->commit[out->nr], commit, sizeof(commit));
		out->nr++;
	}
	rc = pclose(f);
	if (rc)
		return cbp_error("'%s' failed (status %d)", cmd, rc);
	return 0;
}

static char *git_cmd(struct checker *chk)
{
	char *dir = shq(git_repository_path(chk->ctx->repo));
	char *s = strf("git --git-dir=%s", dir);

	free(dir);
	return s;
}

static int load_patch_ids(struct checker *chk)
{
	char *git, *st, *ml, *cmd;
	int rc;

	if (chk->pids.loaded)
		return 0;
	chk->pids.loaded = 1;
	git = git_cmd(chk);
	st = shq(chk->stable);
	ml = shq(chk->mainline);
	cmd = strf("%s log --no-merges -p --format='commit %%H' %s %s%s | git patch-id --stable",
		   git, st, chk->have_mainline ? "--not " : "",
		   chk->have_mainline ? ml : "");
	rc = run_patch_id(cmd, &chk->pids);
	free(cmd);
	free(ml);
	free(st);
	free(git);
	return rc;
}

static int patch_id_of(struct checker *chk, const struct cbp_patch *p,
		       char *out)
{
	struct patch_ids one = { 0 };
	char tmp[] = "/tmp/checkbackport-XXXXXX";
	char *git, *cmd, *hex;
	int rc, fd = -1;

	out[0] = '\0';
	git = git_cmd(chk);
	if (p->commit[0]) {
		hex = shq(p->commit);
		cmd = strf("%s show --format='commit %%H' %s | git patch-id --stable",
			   git, hex);
		free(hex);
	} else {
		if (!p->diff)
			goto none;
		fd = mkstemp(tmp);
		if (fd < 0 || write(fd, p->diff, p->diff_len) !=
		    (ssize_t)p->diff_len) {
			free(git);
			if (fd >= 0) {
				close(fd);
				unlink(tmp);
			}
			return cbp_error("cannot write a temporary file: %s",
					 strerror(errno));
		}
		close(fd);
		cmd = strf("git patch-id --stable < %s", tmp);
	}
	rc = run_patch_id(cmd, &one);
	free(cmd);
	if (fd >= 0)
		unlink(tmp);
	if (!rc && one.nr)
		memcpy(out, one.pid[0], 41);
	free(one.pid);
	free(one.commit);
	free(git);
	return rc;
none:
	free(git);
	return 0;
}

/* --- output ---------------------------------------------------------- */

static const char *where(const struct cbp_patch *p, unsigned int line,
			 char *buf, size_t size)
{
	if (line)
		snprintf(buf, size, "%s:%u", p->source, line);
	else
		snprintf(buf, size, "%s", p->source);
	return buf;
}

static void print_human(struct cbp_report *rep, size_t n)
{
	int total[3] = { 0, 0, 0 };
	char at[1100];
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct cbp_report *r = &rep[i];
		struct cbp_patch *p = r->p;

		printf("%s", p->source);
		if (p->nr > 1 || (i + 1 < n && rep[i + 1].p->nr > 1))
			printf(" (mail %u, line %u)", p->nr, p->line);
		printf(": %s\n", p->subject ? p->subject : "(no subject)");
		for (j = 0; j < r->nr; j++) {
			struct cbp_finding *f = &r->f[j];

			printf("%s:%s: %s\n", cbp_level_name(f->level), f->type,
			       f->msg);
			if (f->line)
				printf("    at %s\n",
				       where(p, f->line, at, sizeof(at)));
			if (f->old)
				printf("    replace: %s\n", f->old);
			if (f->new)
				printf("    with:    %s\n", f->new);
			if (f->hint)
				printf("    hint: %s\n", f->hint);
		}
		printf("%d error%s, %d warning%s, %d info\n\n",
		       r->count[0], r->count[0] == 1 ? "" : "s",
		       r->count[1], r->count[1] == 1 ? "" : "s", r->count[2]);
		for (j = 0; j < 3; j++)
			total[j] += r->count[j];
	}
	printf("total: %d error%s, %d warning%s, %d info in %zu patch%s\n",
	       total[0], total[0] == 1 ? "" : "s",
	       total[1], total[1] == 1 ? "" : "s", total[2],
	       n, n == 1 ? "" : "es");
}

static void print_terse(struct cbp_report *rep, size_t n)
{
	char at[1100];
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < rep[i].nr; j++) {
			struct cbp_finding *f = &rep[i].f[j];

			printf("%s: %s:%s: %s", where(rep[i].p, f->line, at,
						      sizeof(at)),
			       cbp_level_name(f->level), f->type, f->msg);
			if (f->new)
				printf(" [replace with: %s]", f->new);
			putchar('\n');
		}
}

static struct json_object *jstr(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static void print_json(struct checker *chk, struct cbp_report *rep, size_t n)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	int total[3] = { 0, 0, 0 };
	size_t i, j;

	json_object_object_add(doc, "mainline", jstr(chk->mainline));
	json_object_object_add(doc, "stable", jstr(chk->stable));
	for (i = 0; i < n; i++) {
		struct cbp_report *r = &rep[i];
		struct json_object *o = json_object_new_object();
		struct json_object *fa = json_object_new_array();

		json_object_object_add(o, "source", jstr(r->p->source));
		json_object_object_add(o, "mail", json_object_new_int(r->p->nr));
		json_object_object_add(o, "line", json_object_new_int(r->p->line));
		json_object_object_add(o, "subject", jstr(r->p->subject));
		json_object_object_add(o, "commit", r->p->commit[0] ?
				       jstr(r->p->commit) : NULL);
		for (j = 0; j < r->nr; j++) {
			struct cbp_finding *f = &r->f[j];
			struct json_object *fo = json_object_new_object();
			char lvl[16];
			size_t k;

			snprintf(lvl, sizeof(lvl), "%s",
				 cbp_level_name(f->level));
			for (k = 0; lvl[k]; k++)
				lvl[k] = (char)(lvl[k] | 0x20);
			json_object_object_add(fo, "level", jstr(lvl));
			json_object_object_add(fo, "type", jstr(f->type));
			json_object_object_add(fo, "line", f->line ?
					       json_object_new_int(f->line) :
					       NULL);
			json_object_object_add(fo, "message", jstr(f->msg));
			json_object_object_add(fo, "commit", f->commit[0] ?
					       jstr(f->commit) : NULL);
			json_object_object_add(fo, "replace", jstr(f->old));
			json_object_object_add(fo, "with", jstr(f->new));
			json_object_object_add(fo, "hint", jstr(f->hint));
			json_object_array_add(fa, fo);
		}
		json_object_object_add(o, "findings", fa);
		json_object_object_add(o, "errors",
				       json_object_new_int(r->count[0]));
		json_object_object_add(o, "warnings",
				       json_object_new_int(r->count[1]));
		json_object_object_add(o, "info",
				       json_object_new_int(r->count[2]));
		json_object_array_add(arr, o);
		for (j = 0; j < 3; j++)
			total[j] += r->count[j];
	}
	json_object_object_add(doc, "patches", arr);
	json_object_object_add(doc, "errors", json_object_new_int(total[0]));
	json_object_object_add(doc, "warnings", json_object_new_int(total[1]));
	json_object_object_add(doc, "info", json_object_new_int(total[2]));
	cbp_json_print(doc);
}

/* --- setting up ------------------------------------------------------ */

static int branch_tip(git_repository *repo, const char *name, git_oid *oid)
{
	git_object *obj = NULL, *peeled = NULL;
	int rc;

	rc = git_revparse_single(&obj, repo, name);
	if (!rc)
		rc = git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);
	if (!rc)
		git_oid_cpy(oid, git_object_id(peeled));
	git_object_free(peeled);
	git_object_free(obj);
	if (rc)
		git_error_clear();
	return rc;
}

/*
 * The target branch: --stable or checkbackport.stable when it names one
 * branch, else the only stable branch the index tracks.
 */
static int pick_stable(struct checker *chk)
{
	const char *s = chk->ctx->opt->set.stable;
	const char *found = NULL;
	int bit, n = 0;

	if (s && s[0] && !strpbrk(s, "*?[ ,\t")) {
		chk->stable = s;
	} else {
		for (bit = 0; bit < cbp_index_nr_branches(chk->idx); bit++) {
			const struct cbp_branch *b;

			b = cbp_index_branch(chk->idx, bit);
			if (b && b->role == CBP_ROLE_STABLE) {
				found = b->name;
				n++;
			}
		}
		if (n != 1)
			return cbp_error("--stable '%s' matches %d stable branches; %s",
					 s ? s : "", n,
					 "name the target with --stable BRANCH or 'git config checkbackport.stable BRANCH'");
		chk->stable = found;
	}
	if (branch_tip(chk->ctx->repo, chk->stable, &chk->stable_tip))
		return cbp_error("no branch '%s' in this repository (--stable)",
				 chk->stable);
	chk->stable_major = -1;
	chk->stable_minor = -1;
	{
		const char *v = chk->stable + strcspn(chk->stable,
						      "0123456789");

		if (*v && parse_series(v, &chk->stable_major,
				       &chk->stable_minor)) {
			chk->stable_major = -1;
			chk->stable_minor = -1;
		}
	}
	return 0;
}

/* Read one operand: a file, "-", or a commit of the repository. */
static int read_operand(struct checker *chk, struct cbp_patch_list *list,
			const char *arg, int *used_stdin)
{
	git_object *obj = NULL, *peeled = NULL;
	struct cbp_patch *p;
	const git_commit *commit;
	struct stat st;
	char hex[GIT_OID_HEXSZ + 1];
	const char *msg;

	if (!strcmp(arg, "-")) {
		if ((*used_stdin)++)
			return cbp_error("'-' given twice");
		return cbp_patch_read_file(list, arg) < 0 ? -1 : 0;
	}
	if (!stat(arg, &st) && !S_ISDIR(st.st_mode))
		return cbp_patch_read_file(list, arg) < 0 ? -1 : 0;
	if (git_revparse_single(&obj, chk->ctx->repo, arg) ||
	    git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT)) {
		git_object_free(obj);
		git_error_clear();
		return cbp_error("'%s' is neither a readable file nor a commit of this repository",
				 arg);
	}
	commit = (const git_commit *)peeled;
	git_oid_tostr(hex, sizeof(hex), git_object_id(peeled));
	p = cbp_patch_add(list, "");
	free(p->source);
	p->source = strf("commit %.12s", hex);
	p->nr = 1;
	p->line = 1;
	memcpy(p->commit, hex, sizeof(p->commit));
	msg = git_commit_message(commit);
	p->msg = cbp_strdup(msg ? msg : "");
	p->msg_len = strlen(p->msg);
	p->msg_line = 1;
	{
		char subj[1024];
		const char *s = git_commit_summary((git_commit *)commit);

		cbp_sanitize(s ? s : "", s ? strlen(s) : 0, subj,
			     sizeof(subj));
		p->subject = cbp_strdup(subj);
	}
	git_object_free(peeled);
	git_object_free(obj);
	return 0;
}

/**
 * cmd_check() - the check subcommand
 * @ctx: options and repository
 *
 * Return: CBP_EXIT_OK when no error finding was made (warnings and info
 * allowed), CBP_EXIT_FINDINGS on any error finding, CBP_EXIT_ERROR when
 * the inputs, the repository or the index cannot be read.
 */
int cmd_check(struct cbp_ctx *ctx)
{
	struct cbp_patch_list list = { NULL, 0, 0 };
	struct checker chk = { .ctx = ctx };
	struct cbp_report *rep = NULL;
	int used_stdin = 0, ret = CBP_EXIT_ERROR, i;
	size_t k, j;

	chk.mainline = ctx->opt->set.mainline;
	chk.have_mainline = chk.mainline &&
		!branch_tip(ctx->repo, chk.mainline, &chk.mainline_tip);
	if (!chk.have_mainline) {
		cbp_error("no mainline branch '%s' in this repository %s",
			  chk.mainline ? chk.mainline : "",
			  "(--mainline or checkbackport.mainline)");
		return cbp_fail();
	}
	for (i = 0; i < ctx->opt->argc; i++)
		if (read_operand(&chk, &list, ctx->opt->argv[i], &used_stdin))
			goto fail;
	if (cbp_index_open(&chk.idx, ctx->repo, &ctx->opt->set,
			   CBP_OPEN_UPDATE | (ctx->opt->rebuild ?
					      CBP_OPEN_REBUILD : 0), NULL))
		goto fail;
	if (pick_stable(&chk))
		goto fail;

	rep = cbp_calloc(list.nr, sizeof(*rep));
	for (k = 0; k < list.nr; k++) {
		rep[k].p = &list.p[k];
		if (check_one(&chk, &rep[k]))
			goto fail;
	}
	if (ctx->opt->json)
		print_json(&chk, rep, list.nr);
	else if (ctx->opt->terse)
		print_terse(rep, list.nr);
	else
		print_human(rep, list.nr);

	ret = CBP_EXIT_OK;
	for (k = 0; k < list.nr; k++)
		if (rep[k].count[CBP_LEVEL_ERROR])
			ret = CBP_EXIT_FINDINGS;
	goto out;
fail:
	ret = cbp_fail();
out:
	for (k = 0; rep && k < list.nr; k++) {
		for (j = 0; j < rep[k].nr; j++) {
			free(rep[k].f[j].msg);
			free(rep[k].f[j].old);
			free(rep[k].f[j].new);
			free(rep[k].f[j].hint);
		}
		free(rep[k].f);
	}
	free(rep);
	free(chk.pids.pid);
	free(chk.pids.commit);
	cbp_index_close(chk.idx);
	cbp_patch_list_release(&list);
	return ret;
}
