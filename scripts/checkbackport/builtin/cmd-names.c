// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport names: every name of a change, as a small tree, with the
 * verdict on each citation that is not plainly consistent, the
 * suspicious ones shown but not followed, and the malformed ones as
 * notes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "report/cbp.h"

/*
 * Whether each member is the last child of its parent, for drawing:
 * members come depth first, so it is the last one naming that parent.
 */
static unsigned char *last_children(const struct cbp_class *cls)
{
	unsigned char *last = cbp_calloc(cls->nr, 1);
	int *seen = cbp_calloc(cls->nr, sizeof(*seen));
	size_t i;

	for (i = 0; i < cls->nr; i++)
		seen[i] = -1;
	for (i = 1; i < cls->nr; i++) {
		int p = cls->members[i].parent;

		if (p < 0 || p >= (int)cls->nr)
			continue;
		if (seen[p] >= 0)
			last[seen[p]] = 0;
		seen[p] = (int)i;
		last[i] = 1;
	}
	free(seen);
	return last;
}

/* Does member @i carry or receive a link that was not followed? */
static void print_cut(struct cbp_index *idx, const struct cbp_class *cls,
		      size_t i, const char *pre)
{
	const struct cbp_member *m = &cls->members[i];
	char form[128], why[768], cite[640];
	size_t k;

	for (k = 0; k < cls->nr_cut; k++) {
		const struct cbp_link *l = &cls->cut[k];
		struct cbp_commit s, d;
		struct cbp_trust_info ti;

		/* Under the citing member, or the cited one if it is alone. */
		if (l->src != m->c.id &&
		    (l->dst != m->c.id || cbp_class_contains(cls, l->src) >= 0))
			continue;
		if (cbp_commit_get(idx, l->src, &s) ||
		    cbp_commit_get(idx, l->dst, &d) || cbp_trust_get(idx, l, &ti))
			continue;
		cbp_cite_form(l->kind, l->cited, form, sizeof(form));
		if (l->src == m->c.id)
			printf("%s    not followed: %s\n", pre, form);
		else if (l->kind == CBP_SAME_CHANGE_ID)
			printf("%s    not followed: the Change-Id of %s\n", pre,
			       cbp_cite_str(&s, cite, sizeof(cite)));
		else
			printf("%s    not followed: cited by %s as %s\n", pre,
			       cbp_cite_str(&s, cite, sizeof(cite)), form);
		printf("%s        %s: \"%s\" %s %.12s (\"%s\"): %s\n", pre,
		       cbp_trust_name(l->trust), s.subject,
		       l->kind == CBP_SAME_CHANGE_ID ? "has the Change-Id of" :
		       "cites", d.hex, d.subject,
		       cbp_trust_reason(&ti, why, sizeof(why)));
	}
}

/*
 * The citations of member @m that name no commit, as notes.  The commit
 * meant may be a name of the change all the same, by its patch-id.
 */
static void print_malformed(struct cbp_index *idx, const struct cbp_class *cls,
			    const struct cbp_member *m, const char *pre)
{
	char form[160], why[768], fix[160];
	struct cbp_malformed *bad;
	size_t n, k;

	if (m->c.state != CBP_PRESENT || cbp_malformed_of(idx, m->c.id, &bad, &n))
		return;
	for (k = 0; k < n; k++) {
		printf("%s    note: malformed: %s: %s", pre,
		       cbp_cite_form(bad[k].kind, bad[k].cited, form, sizeof(form)),
		       cbp_malformed_problem(&bad[k], why, sizeof(why)));
		if (bad[k].suggest.id)
			printf(": did you mean %s? (%s)",
			       cbp_malformed_fix(&bad[k], fix, sizeof(fix)),
			       cbp_class_contains(cls, bad[k].suggest.id) >= 0 ?
			       "not followed; a name of this change all the same" :
			       "not joined");
		printf("\n");
	}
	free(bad);
}

static void print_links(struct cbp_index *idx, const struct cbp_member *m,
			const char *pre)
{
	char form[128], why[768];
	struct cbp_trust_info ti;
	struct cbp_link *l;
	size_t n, j;

	if (cbp_links(idx, m->c.id, 1, 1, &l, &n))
		return;
	for (j = 0; j < n; j++) {
		if (!cbp_trust_followed(l[j].trust))
			continue;	/* see print_cut() */
		/* Through which merge: the copy may cite several. */
		if (l[j].kind == CBP_MERGED && l[j].quoted[0])
			printf("%s    via: %.12s, brought in by merge %.12s, which it cites",
			       pre, l[j].cited, l[j].quoted);
		else
			printf("%s    via: %s", pre,
			       cbp_cite_form(l[j].kind, l[j].cited, form,
					     sizeof(form)));
		/* The form of a copy without a trailer says it already. */
		if (l[j].kind != CBP_SAME_PATCH_ID &&
		    (l[j].trust == CBP_TRUST_SAME_PATCH ||
		     l[j].trust == CBP_TRUST_ADAPTED) &&
		    !cbp_trust_get(idx, &l[j], &ti))
			printf("  (%s: %s)", cbp_trust_name(l[j].trust),
			       cbp_trust_reason(&ti, why, sizeof(why)));
		printf("\n");
	}
	free(l);
}

/*
 * Chains of cherry-picks have no depth limit: the columns drawn left of
 * a member are kept in @cols, four characters per level, where level d
 * holds "|   " or "    " as the member at depth d has later siblings
 * or not.
 */
static void print_tree(struct cbp_index *idx, const struct cbp_class *cls,
		       long long query)
{
	unsigned char *last = last_children(cls);
	int *depth = cbp_calloc(cls->nr, sizeof(*depth));
	size_t width = 4 * cls->nr + 1;
	char *cols = cbp_calloc(width, 1), *pre = cbp_calloc(width, 1);
	char cite[640], br[1024];
	size_t i;

	for (i = 0; i < cls->nr; i++) {
		const struct cbp_member *m = &cls->members[i];
		const char *branch = i == 0 ? "" : last[i] ? "`-- " : "|-- ";
		int d = m->parent >= 0 ? depth[m->parent] + 1 : 0;

		depth[i] = d;
		if (d)
			memcpy(cols + 4 * (d - 1), last[i] ? "    " : "|   ", 4);
		printf("%.*s%s%s%s%s\n", d ? 4 * (d - 1) : 0, cols, branch,
		       cbp_cite_str(&m->c, cite, sizeof(cite)),
		       m->group != cls->members[0].group ? "  [adapted]" : "",
		       m->c.id == query ? "  <==" : "");
		/* The prefix of this member's own lines. */
		memcpy(pre, cols, 4 * d);
		pre[4 * d] = '\0';
		if (m->c.state == CBP_PRESENT)
			printf("%s    first release: %s; in: %s\n", pre,
			       m->c.release[0] ? m->c.release : "none",
			       cbp_branches_str(idx, m->c.branches, br,
						sizeof(br)));
		else if (m->c.state == CBP_MISSING)
			printf("%s    missing: cited, %s\n", pre,
			       cbp_absent_str(m->c.hex));
		else
			printf("%s    ambiguous: cited by a short ID matching several commits\n",
			       pre);
		print_links(idx, m, pre);
		print_cut(idx, cls, i, pre);
		print_malformed(idx, cls, m, pre);
	}
	free(pre);
	free(cols);
	free(depth);
	free(last);
}

struct pid_match {
	struct cbp_commit c;
	struct cbp_commit of;
};

/*
 * Commits with the subject of a member and the same patch-id; patch-ids
 * are git's, so this runs in checkbackport-git only.
 */
static int find_patch_id(struct cbp_ctx *ctx, const struct cbp_class *cls,
			 struct pid_match **out, size_t *nr)
{
	struct cbp_index *idx = ctx->idx;
	size_t alloc = 0, i, j, n;
	long long *ids;

	*out = NULL;
	*nr = 0;
	if (!ctx->git)
		return cbp_error("--patch-id needs checkbackport-git");
	for (i = 0; i < cls->nr; i++) {
		const struct cbp_commit *m = &cls->members[i].c;
		char mine[CBP_OID_HEXSZ + 1], theirs[CBP_OID_HEXSZ + 1];
		int rc;

		if (m->state != CBP_PRESENT)
			continue;
		/* An unreadable commit is no "none": the question has no answer. */
		rc = ctx->git->patch_id(ctx, m->hex, mine);
		if (rc < 0)
			return -1;
		if (rc)
			continue;
		if (cbp_same_subject(idx, m->subject, &ids, &n))
			return -1;
		for (j = 0; j < n; j++) {
			struct cbp_commit c;
			size_t k;
			int dup = 0;

			if (cbp_class_contains(cls, ids[j]) >= 0)
				continue;
			for (k = 0; k < *nr; k++)
				dup |= (*out)[k].c.id == ids[j];
			if (dup)
				continue;
			rc = cbp_commit_get(idx, ids[j], &c);
			if (!rc)
				rc = ctx->git->patch_id(ctx, c.hex, theirs);
			if (rc < 0) {
				free(ids);
				return -1;
			}
			if (rc || strcmp(mine, theirs))
				continue;
			*out = cbp_grow(*out, sizeof(**out), *nr + 1, &alloc);
			(*out)[*nr].c = c;
			(*out)[*nr].of = *m;
			(*nr)++;
		}
		free(ids);
	}
	return 0;
}

static struct json_object *link_json(struct cbp_index *idx,
				     const struct cbp_link *l)
{
	struct json_object *o = json_object_new_object();
	struct cbp_trust_info ti;
	struct cbp_commit t;

	json_object_object_add(o, "trailer",
			       json_object_new_string(cbp_kind_name(l->kind)));
	json_object_object_add(o, "cited", json_object_new_string(l->cited));
	/* The merge cited, through which the link was made. */
	if (l->kind == CBP_MERGED && l->quoted[0])
		json_object_object_add(o, "merge",
				       json_object_new_string(l->quoted));
	if (!cbp_commit_get(idx, l->dst, &t))
		json_object_object_add(o, "resolves_to",
				       json_object_new_string(t.hex));
	json_object_object_add(o, "followed",
			       json_object_new_boolean(cbp_trust_followed(l->trust)));
	if (!cbp_trust_get(idx, l, &ti))
		json_object_object_add(o, "trust", cbp_trust_json(&ti));
	return o;
}

/* A member as JSON, with its citations, their verdicts and its notes. */
static struct json_object *member_json(struct cbp_index *idx,
				       const struct cbp_class *cls, size_t i)
{
	const struct cbp_member *m = &cls->members[i];
	struct json_object *jm = cbp_commit_json(idx, &m->c);
	struct json_object *links = json_object_new_array();
	struct json_object *by = json_object_new_array();
	struct json_object *bad = json_object_new_array();
	struct cbp_malformed *mal;
	struct cbp_link *l;
	size_t n, j;

	json_object_object_add(jm, "parent", m->parent < 0 ? NULL :
			       json_object_new_string(cls->members[m->parent].c.hex));
	json_object_object_add(jm, "adapted",
			       json_object_new_boolean(m->group != cls->members[0].group));
	if (!cbp_links(idx, m->c.id, 1, 1, &l, &n)) {
		for (j = 0; j < n; j++)
			json_object_array_add(links, link_json(idx, &l[j]));
		free(l);
	}
	json_object_object_add(jm, "citations", links);
	/* Suspicious citations of this member from outside the class. */
	for (j = 0; j < cls->nr_cut; j++)
		if (cls->cut[j].dst == m->c.id &&
		    cbp_class_contains(cls, cls->cut[j].src) < 0) {
			struct json_object *o = link_json(idx, &cls->cut[j]);
			struct cbp_commit s;

			if (!cbp_commit_get(idx, cls->cut[j].src, &s))
				json_object_object_add(o, "cited_by",
						       cbp_commit_json(idx, &s));
			json_object_array_add(by, o);
		}
	json_object_object_add(jm, "cited_by_not_followed", by);
	if (m->c.state == CBP_PRESENT && !cbp_malformed_of(idx, m->c.id, &mal, &n)) {
		for (j = 0; j < n; j++)
			json_object_array_add(bad, cbp_malformed_json(idx, &mal[j]));
		free(mal);
	}
	json_object_object_add(jm, "malformed", bad);
	return jm;
}

/*
 * The names in mainline: the first released, the copies of the same
 * change (its group, joined by consistent links: merged more than once),
 * and the adapted copies (other groups).
 */
struct in_mainline {
	const struct cbp_member *first;
	int same;
	int adapted;
	int merged;
};

static int member_in_mainline(const struct cbp_member *m, int mb)
{
	return mb >= 0 && m->c.state == CBP_PRESENT &&
	       (m->c.branches & (1ULL << mb));
}

/*
 * Did @m reach mainline through a merge of a stable branch?  It is a
 * copy (it cites another name of the change: not a commit the branch
 * forked with), it is on a stable branch, and the branch lacks another
 * mainline copy of the same change: the branch's own backport, merged
 * back (as containerd and systemd merge release branches), not the
 * change merged twice.
 */
static int merged_back(struct cbp_index *idx, const struct cbp_class *cls,
		       const struct cbp_member *m, int mb)
{
	struct cbp_link *l;
	int i, bit, copy = 0;
	size_t k, n;

	/* A copy: it cites another name; not a commit the branch forked with. */
	if (cbp_links(idx, m->c.id, 1, 1, &l, &n))
		return 0;
	for (k = 0; k < n; k++)
		copy |= l[k].dst != m->c.id && cbp_class_contains(cls, l[k].dst) >= 0;
	free(l);
	if (!copy)
		return 0;
	for (i = 0; (bit = cbp_index_branch_at(idx, i)) >= 0; i++) {
		const struct cbp_branch *br = cbp_index_branch(idx, bit);
		unsigned long long b = 1ULL << bit;

		if (bit == mb || br->role != CBP_ROLE_STABLE ||
		    !(m->c.branches & b))
			continue;
		for (k = 0; k < cls->nr; k++)
			if (cls->members[k].group == m->group &&
			    member_in_mainline(&cls->members[k], mb) &&
			    !(cls->members[k].c.branches & b))
				return 1;
	}
	return 0;
}

static void count_mainline(struct cbp_index *idx, const struct cbp_class *cls,
			   int mb, struct in_mainline *ml)
{
	size_t i;

	memset(ml, 0, sizeof(*ml));
	/* The first released, of those mainline has not by a merge back. */
	for (i = 0; i < cls->nr; i++)
		if (member_in_mainline(&cls->members[i], mb) &&
		    !merged_back(idx, cls, &cls->members[i], mb) &&
		    (!ml->first ||
		     cbp_release_before(&cls->members[i].c, &ml->first->c)))
			ml->first = &cls->members[i];
	for (i = 0; !ml->first && i < cls->nr; i++)
		if (member_in_mainline(&cls->members[i], mb) &&
		    (!ml->first ||
		     cbp_release_before(&cls->members[i].c, &ml->first->c)))
			ml->first = &cls->members[i];
	for (i = 0; ml->first && i < cls->nr; i++)
		if (member_in_mainline(&cls->members[i], mb)) {
			if (cls->members[i].group != ml->first->group)
				ml->adapted++;
			else if (&cls->members[i] != ml->first &&
				 merged_back(idx, cls, &cls->members[i], mb))
				ml->merged++;
			else
				ml->same++;
		}
}

/*
 * The mainline names of @first's group but those merged back from a
 * stable branch (@which 1), those (2), or of the other groups (0).
 */
static void print_mainline(struct cbp_index *idx, const struct cbp_class *cls,
			   int mb, const struct cbp_member *first, int which)
{
	size_t i;

	for (i = 0; i < cls->nr; i++) {
		const struct cbp_member *m = &cls->members[i];
		int same = m->group == first->group, back;

		if (!member_in_mainline(m, mb) || same != !!which)
			continue;
		back = m != first && merged_back(idx, cls, m, mb);
		if ((which == 1 && back) || (which == 2 && !back))
			continue;
		printf(" %.12s (%s)", m->c.hex,
		       m->c.release[0] ? m->c.release : "unreleased");
	}
	printf("\n");
}

static void names_json(struct cbp_ctx *ctx, const char *query,
		       const struct cbp_class *cls, int mb,
		       const struct in_mainline *ml,
		       const struct pid_match *pm, size_t nr_pm)
{
	struct cbp_index *idx = ctx->idx;
	struct json_object *o = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	struct json_object *mains = json_object_new_array();
	struct json_object *adapted = json_object_new_array();
	size_t i;

	json_object_object_add(o, "query", json_object_new_string(query));
	for (i = 0; i < cls->nr; i++) {
		const struct cbp_member *m = &cls->members[i];

		json_object_array_add(arr, member_json(idx, cls, i));
		if (member_in_mainline(m, mb))
			json_object_array_add(m->group == ml->first->group ?
					      mains : adapted,
					      json_object_new_string(m->c.hex));
	}
	json_object_object_add(o, "members", arr);
	json_object_object_add(o, "mainline_first", ml->first ?
			       json_object_new_string(ml->first->c.hex) : NULL);
	json_object_object_add(o, "in_mainline", mains);
	json_object_object_add(o, "adapted_in_mainline", adapted);
	json_object_object_add(o, "mainline_more_than_once",
			       json_object_new_boolean(ml->same > 1));
	json_object_object_add(o, "merged_back_from_stable",
			       json_object_new_int(ml->merged));
	if (ctx->opt->patch_id) {
		struct json_object *p = json_object_new_array();

		for (i = 0; i < nr_pm; i++) {
			struct json_object *jp = cbp_commit_json(idx, &pm[i].c);

			json_object_object_add(jp, "same_patch_id_as",
					       json_object_new_string(pm[i].of.hex));
			json_object_array_add(p, jp);
		}
		json_object_object_add(o, "patch_id_matches", p);
	}
	if (ctx->opt->stdin_ids)
		cbp_json_print_line(o);
	else
		cbp_json_print(o);
}

/*
 * The answer for one ID, as names prints it; a CBP_EXIT_* status.
 * @answered counts the answers printed before (NULL for the only one):
 * text answers after the first start with a blank line.
 */
static int names_one(struct cbp_ctx *ctx, const char *query, int *answered)
{
	struct cbp_index *idx = ctx->idx;
	struct cbp_class cls;
	struct pid_match *pm = NULL;
	struct in_mainline ml;
	char cite[640];
	long long id;
	size_t i, nr_pm = 0, missing = 0;
	int mb, ret;

	ret = cbp_resolve_arg(ctx, query, &id);
	if (ret)
		return ret;
	if (cbp_class_of(idx, id, &cls))
		return cbp_fail();
	if (ctx->opt->patch_id && find_patch_id(ctx, &cls, &pm, &nr_pm)) {
		ret = cbp_fail();
		goto out;
	}

	mb = cbp_index_mainline_bit(idx);
	for (i = 0; i < cls.nr; i++)
		missing += cls.members[i].c.state != CBP_PRESENT;
	count_mainline(idx, &cls, mb, &ml);

	if (answered && (*answered)++ && !ctx->opt->json)
		putchar('\n');
	if (ctx->opt->json) {
		names_json(ctx, query, &cls, mb, &ml, pm, nr_pm);
	} else {
		printf("%zu name%s (%zu only cited):\n", cls.nr,
		       cls.nr == 1 ? "" : "s", missing);
		print_tree(idx, &cls, id);
		if (ml.first)
			printf("first in mainline: %s in %s\n",
			       cbp_cite_str(&ml.first->c, cite, sizeof(cite)),
			       ml.first->c.release[0] ? ml.first->c.release :
			       "no release yet");
		else
			printf("not in mainline%s\n", mb < 0 ?
			       " (mainline branch not found; see --mainline)" : "");
		if (ml.same > 1) {
			printf("warning: in mainline %d times:", ml.same);
			print_mainline(idx, &cls, mb, ml.first, 1);
		}
		if (ml.merged) {
			printf("note: also in mainline through a merge of a stable branch:");
			print_mainline(idx, &cls, mb, ml.first, 2);
		}
		if (ml.adapted) {
			printf("note: also in mainline as %s (not the same patch):",
			       ml.adapted == 1 ? "an adapted copy" : "adapted copies");
			print_mainline(idx, &cls, mb, ml.first, 0);
		}
		if (ctx->opt->patch_id) {
			printf("same patch-id, no citation (weaker evidence): %s\n",
			       nr_pm ? "" : "none");
			for (i = 0; i < nr_pm; i++)
				printf("    %s  same patch-id as %.12s\n",
				       cbp_cite_str(&pm[i].c, cite, sizeof(cite)),
				       pm[i].of.hex);
		}
	}
	ret = ml.same > 1 ? CBP_EXIT_FINDINGS : CBP_EXIT_OK;
out:
	free(pm);
	cbp_class_release(&cls);
	return ret;
}

/* Longest line of --stdin taken as an ID: far beyond any revision. */
#define STDIN_ID_MAX	1024

/*
 * One line of standard input into @buf (STDIN_ID_MAX bytes), without
 * its end of line ("\n" or "\r\n") and the blanks around the ID (a
 * column copied from a table).  Return: 1 for a line, 0 at the end of
 * the input, -1 for a line too long or holding a NUL byte (read to its
 * end, the reason recorded).
 */
static int read_id(char *buf)
{
	size_t len = 0, skip = 0;
	int c, nul = 0, more = 0;

	while ((c = getchar()) != EOF && c != '\n') {
		nul |= !c;
		if (len < STDIN_ID_MAX - 1)
			buf[len++] = (char)c;
		else
			more = 1;
	}
	if (c == EOF && !len && !nul && !more)
		return 0;
	if (len && buf[len - 1] == '\r')
		len--;
	while (len && (buf[len - 1] == ' ' || buf[len - 1] == '\t'))
		len--;
	while (skip < len && (buf[skip] == ' ' || buf[skip] == '\t'))
		skip++;
	memmove(buf, buf + skip, len - skip);
	len -= skip;
	buf[len] = '\0';
	if (nul)
		return cbp_error("a line of standard input holds a NUL byte");
	if (more)
		return cbp_error("a line of standard input is longer than %d bytes: no ID",
				 STDIN_ID_MAX - 1);
	if (!len)
		return cbp_error("an empty line of standard input: no ID");
	return 1;
}

/*
 * names --stdin: the answer for each line, in order, as names ID prints
 * it; with --json, one line each, and {"query", "error"} for an ID that
 * gets none.  The worst status of all.
 */
static int names_stdin(struct cbp_ctx *ctx)
{
	char line[STDIN_ID_MAX];
	int worst = CBP_EXIT_OK, answered = 0, got, rc;

	while ((got = read_id(line))) {
		rc = got < 0 ? cbp_fail() : names_one(ctx, line, &answered);
		if (rc == CBP_EXIT_ERROR && ctx->opt->json) {
			struct json_object *o = json_object_new_object();

			json_object_object_add(o, "query",
					       json_object_new_string(line));
			json_object_object_add(o, "error",
					       json_object_new_string(cbp_errmsg()));
			cbp_json_print_line(o);
		}
		/* Each answer whole before the next one's errors. */
		fflush(stdout);
		if (rc > worst)
			worst = rc;
	}
	if (ferror(stdin)) {
		cbp_error("cannot read standard input: %s", strerror(errno));
		return cbp_fail();
	}
	return worst;
}

/**
 * cmd_names() - the names subcommand
 * @ctx: the context
 *
 * With --stdin, the answer for each ID read from standard input.
 *
 * Return: CBP_EXIT_OK, CBP_EXIT_FINDINGS when the change is in mainline
 * more than once (copies joined by consistent links, not adapted ones),
 * or CBP_EXIT_ERROR; with --stdin, the highest of its answers'.
 */
int cmd_names(struct cbp_ctx *ctx)
{
	if (ctx->opt->stdin_ids)
		return names_stdin(ctx);
	return names_one(ctx, ctx->opt->argv[0], NULL);
}
