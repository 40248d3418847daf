// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport fixes: where the bugs a fix names landed, by any name.
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "report/cbp.h"

/* The member of @cls with the lowest first release on branch @bit (-1: any). */
static const struct cbp_commit *first_in(const struct cbp_class *cls, int bit)
{
	const struct cbp_commit *best = NULL;
	size_t i;

	for (i = 0; i < cls->nr; i++) {
		const struct cbp_commit *c = &cls->members[i].c;

		if (c->state != CBP_PRESENT)
			continue;
		if (bit >= 0 && !(c->branches & (1ULL << bit)))
			continue;
		if (!best)
			best = c;
		else if (c->release_key >= 0 &&
			 (best->release_key < 0 || c->release_key < best->release_key))
			best = c;
	}
	return best;
}

static const char *rel_str(const struct cbp_commit *c)
{
	if (!c)
		return "-";
	return c->release[0] ? c->release : "unreleased";
}

/*
 * The first release on branch @bit of any member of @cls, from the tags
 * on that branch only (cbp_branch_release()), into @rel: "-" if no
 * member is on the branch, "unreleased" if the branch has released none.
 */
static const char *first_on(struct cbp_index *idx, const struct cbp_class *cls,
			    int bit, char *rel, size_t size)
{
	long long best = -1;
	int on = 0;
	size_t i;

	snprintf(rel, size, "-");
	for (i = 0; i < cls->nr; i++) {
		const struct cbp_commit *c = &cls->members[i].c;
		char r[128];
		long long key;

		if (c->state != CBP_PRESENT || !(c->branches & (1ULL << bit)))
			continue;
		key = cbp_branch_release(idx, c, bit, r, sizeof(r));
		if (!on++ || (key >= 0 && (best < 0 || key < best))) {
			if (key >= 0 || best < 0)
				snprintf(rel, size, "%s", key >= 0 ? r : "unreleased");
			if (key >= 0)
				best = key;
		}
	}
	return rel;
}

struct target {
	struct cbp_link link;		/* the Fixes: line */
	struct cbp_commit cited;	/* the row it resolved to */
	struct cbp_class cls;
};

static int collect_targets(struct cbp_index *idx, const struct cbp_class *fix,
			   struct target **out, size_t *nr)
{
	size_t alloc = 0, i, j, k;

	*out = NULL;
	*nr = 0;
	for (i = 0; i < fix->nr; i++) {
		struct cbp_link *l;
		size_t n;

		if (cbp_links(idx, fix->members[i].c.id, 1, 0, &l, &n))
			return -1;
		for (j = 0; j < n; j++) {
			struct target *t;
			int dup = 0;

			if (l[j].kind != CBP_FIXES)
				continue;
			/* Backports repeat the Fixes: of their original. */
			for (k = 0; k < *nr && !dup; k++)
				dup = cbp_class_contains(&(*out)[k].cls, l[j].dst) >= 0;
			if (dup)
				continue;
			*out = cbp_grow(*out, sizeof(**out), *nr + 1, &alloc);
			t = &(*out)[*nr];
			memset(t, 0, sizeof(*t));
			t->link = l[j];
			if (cbp_commit_get(idx, l[j].dst, &t->cited) ||
			    cbp_class_of(idx, l[j].dst, &t->cls)) {
				free(l);
				return -1;
			}
			(*nr)++;
		}
		free(l);
	}
	return 0;
}

/*
 * Verdict for one target: 0 fine, 1 finding.  @note receives a sentence
 * when there is something to say.
 */
static int judge(const struct target *t, const struct cbp_commit *fix_first,
		 int mainline_bit, char *note, size_t size)
{
	const struct cbp_commit *bug_first = first_in(&t->cls, -1);
	const struct cbp_commit *alias;
	char a[640];

	note[0] = '\0';
	if (!bug_first) {
		snprintf(note, size,
			 "no name of the bug %s is in this repository",
			 t->link.cited);
		return 1;
	}
	if (!fix_first || fix_first->release_key < 0)
		return 0;
	if (t->cited.state == CBP_PRESENT && t->cited.release_key >= 0 &&
	    t->cited.release_key <= fix_first->release_key)
		return 0;
	if (t->cited.state == CBP_PRESENT && t->cited.release_key < 0 &&
	    bug_first->id == t->cited.id)
		goto unexplained;
	/*
	 * A fix that landed in mainline is explained best by the bug's
	 * earliest mainline copy; a stable copy released earlier still
	 * explains it, but says less about mainline's history.
	 */
	alias = NULL;
	if (mainline_bit >= 0 && (fix_first->branches & (1ULL << mainline_bit)))
		alias = first_in(&t->cls, mainline_bit);
	if (!alias || alias->release_key < 0 ||
	    alias->release_key > fix_first->release_key)
		alias = bug_first;
	if (alias->release_key >= 0 &&
	    alias->release_key <= fix_first->release_key &&
	    alias->id != t->cited.id) {
		snprintf(note, size,
			 "the fix reached %s before the cited bug %.12s (%s); explained by alias %s, which landed in %s",
			 fix_first->release, t->cited.hex,
			 t->cited.state == CBP_PRESENT ? rel_str(&t->cited) :
			 cbp_absent_str(t->cited.hex),
			 cbp_cite_str(alias, a, sizeof(a)),
			 alias->release);
		return 0;
	}
unexplained:
	snprintf(note, size,
		 "the fix reached %s before every name of the bug (first: %.12s, %s)",
		 fix_first->release, bug_first->hex, rel_str(bug_first));
	return 1;
}

/* The trailer as written: its quoted subject only when it quoted one. */
static void print_trailer(const char *cited, const char *quoted)
{
	if (quoted[0])
		printf("\nFixes: %s (\"%s\")\n", cited, quoted);
	else
		printf("\nFixes: %s (no subject quoted)\n", cited);
}

static void print_target(struct cbp_index *idx, const struct target *t,
			 const struct cbp_class *fix, const char *note,
			 int finding)
{
	char a[640], br[1024], bug[128], fx[128];
	size_t i;
	int bit;

	print_trailer(t->link.cited, t->link.quoted);
	printf("  cited commit: %s\n", t->cited.state == CBP_PRESENT ?
	       cbp_cite_str(&t->cited, a, sizeof(a)) :
	       t->cited.state == CBP_MISSING ? cbp_absent_str(t->cited.hex) :
	       "ambiguous short ID");
	if (t->cited.state == CBP_PRESENT && t->link.quoted[0] &&
	    strcmp(t->link.quoted, t->cited.subject))
		printf("  note: quoted subject differs from the commit's\n");
	printf("  names of the bug:\n");
	for (i = 0; i < t->cls.nr; i++) {
		const struct cbp_commit *c = &t->cls.members[i].c;

		if (c->state == CBP_PRESENT)
			printf("    %s  %s  [%s]\n", cbp_cite_str(c, a, sizeof(a)),
			       rel_str(c),
			       cbp_branches_str(idx, c->branches, br, sizeof(br)));
		else
			printf("    %s  %s\n", c->hex, cbp_state_str(c->state));
	}
	printf("  %-24s %-16s %s\n", "branch", "bug first in", "fix first in");
	for (i = 0; (bit = cbp_index_branch_at(idx, i)) >= 0; i++)
		printf("  %-24s %-16s %s\n", cbp_index_branch(idx, bit)->name,
		       first_on(idx, &t->cls, bit, bug, sizeof(bug)),
		       first_on(idx, fix, bit, fx, sizeof(fx)));
	if (note[0])
		printf("  %s: %s\n", finding ? "finding" : "note", note);
}

static struct json_object *target_json(struct cbp_index *idx,
				       const struct target *t,
				       const struct cbp_class *fix,
				       const char *note, int finding)
{
	struct json_object *o = json_object_new_object();
	struct json_object *names = json_object_new_array();
	struct json_object *per = json_object_new_object();
	size_t i;
	int bit;

	json_object_object_add(o, "cited", json_object_new_string(t->link.cited));
	json_object_object_add(o, "quoted_subject",
			       json_object_new_string(t->link.quoted));
	json_object_object_add(o, "cited_commit", cbp_commit_json(idx, &t->cited));
	for (i = 0; i < t->cls.nr; i++)
		json_object_array_add(names,
				      cbp_commit_json(idx, &t->cls.members[i].c));
	json_object_object_add(o, "bug_names", names);
	for (i = 0; (bit = cbp_index_branch_at(idx, i)) >= 0; i++) {
		const struct cbp_branch *b = cbp_index_branch(idx, bit);
		char bf[128], ff[128];
		struct json_object *e;

		first_on(idx, &t->cls, bit, bf, sizeof(bf));
		first_on(idx, fix, bit, ff, sizeof(ff));
		e = json_object_new_object();
		json_object_object_add(e, "bug_first", strcmp(bf, "-") ?
				       json_object_new_string(bf) : NULL);
		json_object_object_add(e, "fix_first", strcmp(ff, "-") ?
				       json_object_new_string(ff) : NULL);
		json_object_object_add(per, b->name, e);
	}
	json_object_object_add(o, "branches", per);
	json_object_object_add(o, finding ? "finding" : "note", note[0] ?
			       json_object_new_string(note) : NULL);
	return o;
}

/*
 * The Fixes: lines of the fix (any of its names) that name no commit: an
 * ID of more than 40 digits, or one a typo away from the commit meant.
 * Each cited form once, as backports repeat their original's.
 */
static int collect_malformed(struct cbp_index *idx, const struct cbp_class *fix,
			     struct cbp_malformed **out, size_t *nr)
{
	size_t alloc = 0, i, j, k;

	*out = NULL;
	*nr = 0;
	for (i = 0; i < fix->nr; i++) {
		struct cbp_malformed *m;
		size_t n;

		if (fix->members[i].c.state != CBP_PRESENT)
			continue;
		if (cbp_malformed_of(idx, fix->members[i].c.id, &m, &n))
			return -1;
		for (j = 0; j < n; j++) {
			int dup = 0;

			if (m[j].kind != CBP_FIXES)
				continue;
			for (k = 0; k < *nr && !dup; k++)
				dup = !strcmp((*out)[k].cited, m[j].cited);
			if (dup)
				continue;
			*out = cbp_grow(*out, sizeof(**out), *nr + 1, &alloc);
			(*out)[(*nr)++] = m[j];
		}
		free(m);
	}
	return 0;
}

static void print_malformed(const struct cbp_malformed *m)
{
	char why[768], fix[160];

	print_trailer(m->cited, m->quoted);
	printf("  finding: malformed: %s",
	       cbp_malformed_problem(m, why, sizeof(why)));
	if (m->suggest.id)
		printf(": write %s", cbp_malformed_fix(m, fix, sizeof(fix)));
	printf("\n");
}

/**
 * cmd_fixes() - the fixes subcommand
 * @ctx: the context
 *
 * Return: CBP_EXIT_OK, CBP_EXIT_FINDINGS (a bug with no name here, a fix
 * released before every name of its bug, or a Fixes: that names no
 * commit), or CBP_EXIT_ERROR.
 */
int cmd_fixes(struct cbp_ctx *ctx)
{
	struct json_object *arr = NULL;
	const struct cbp_commit *fix_first, *me;
	struct cbp_class fix = { 0 };
	struct target *t = NULL;
	struct cbp_malformed *bad = NULL;
	struct cbp_index *idx = ctx->idx;
	size_t nr = 0, nr_bad = 0, i;
	char note[1400], a[640];
	long long id;
	int ret, findings = 0;

	ret = cbp_resolve_arg(ctx, ctx->opt->argv[0], &id);
	if (ret)
		goto out;
	if (cbp_class_of(idx, id, &fix) || collect_targets(idx, &fix, &t, &nr) ||
	    collect_malformed(idx, &fix, &bad, &nr_bad)) {
		ret = cbp_fail();
		goto out;
	}
	fix_first = first_in(&fix, -1);

	me = &fix.members[cbp_class_contains(&fix, id)].c;
	if (ctx->opt->json)
		arr = json_object_new_array();
	else
		printf("fix: %s, %zu name%s, %s%s\n",
		       cbp_cite_str(me, a, sizeof(a)),
		       fix.nr, fix.nr == 1 ? "" : "s",
		       fix_first && fix_first->release[0] ?
		       "first released in " : "",
		       fix_first && fix_first->release[0] ?
		       fix_first->release : "not released yet");
	for (i = 0; i < nr; i++) {
		int f = judge(&t[i], fix_first, cbp_index_mainline_bit(idx),
			      note, sizeof(note));

		findings += f;
		if (arr)
			json_object_array_add(arr, target_json(idx, &t[i], &fix,
							       note, f));
		else
			print_target(idx, &t[i], &fix, note, f);
	}
	findings += nr_bad;
	for (i = 0; !arr && i < nr_bad; i++)
		print_malformed(&bad[i]);
	if (arr) {
		struct json_object *o = json_object_new_object();
		struct json_object *mal = json_object_new_array();

		for (i = 0; i < nr_bad; i++)
			json_object_array_add(mal, cbp_malformed_json(idx, &bad[i]));

		json_object_object_add(o, "query",
				       json_object_new_string(ctx->opt->argv[0]));
		json_object_object_add(o, "fix", cbp_commit_json(idx, me));
		json_object_object_add(o, "fix_first_release", fix_first &&
				       fix_first->release[0] ?
				       json_object_new_string(fix_first->release) :
				       NULL);
		json_object_object_add(o, "fixes", arr);
		json_object_object_add(o, "malformed", mal);
		cbp_json_print(o);
	} else if (!nr && !nr_bad) {
		printf("no Fixes: tags\n");
	}
	ret = findings ? CBP_EXIT_FINDINGS : CBP_EXIT_OK;
out:
	for (i = 0; i < nr; i++)
		cbp_class_release(&t[i].cls);
	free(t);
	free(bad);
	cbp_class_release(&fix);
	return ret;
}
