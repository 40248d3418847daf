// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport followups: what happened to a change after it landed,
 * by any of its names: its fixes (and theirs), its reverts and
 * re-applications, and the commits declaring it a Stable-dep-of, in the
 * order mainline has them; with --stable, which of them the branch has
 * and which it still needs.
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "report/report-edges.h"

/* Where a follow-up stands with respect to the --stable branch. */
enum fu_status {
	FU_PRESENT,		/* a name of it is in the branch */
	FU_MISSING,		/* the branch needs it and has no name of it */
	FU_NOT_NEEDED,		/* see why */
	FU_NOT_MAINLINE,	/* mainline does not have it (yet) */
};

static const char *const status_name[] = {
	"present", "missing", "not-needed", "not-in-mainline",
};

struct fu_state {
	int status;
	int in;			/* member in the branch, -1 */
	char why[256];
	long long twin;		/* missing: a branch commit of its subject, 0 */
	long long citer;	/* missing: a branch commit citing it, 0 */
	long long squash;	/* present: squashed into this commit, 0 */
};

struct run {
	struct cbp_ctx *ctx;
	struct cbp_edges *e;
	struct cbp_followups fu;
	int bit;		/* the branch, -1 */
	int mb;			/* mainline */
	int root_in;		/* member of the change in the branch, -1 */
	struct fu_state *st;
	unsigned char *done;
	/* The branch reverted the change ([0]) or follow-up k ([k + 1]) itself. */
	unsigned char *undone;
	struct cbp_commit *undone_by;
};

/* The name a follow-up is shown by: its first in mainline, else the citer. */
static const struct cbp_commit *shown(const struct cbp_followup *f)
{
	int i = f->ch.ml;

	if (i < 0)
		i = cbp_class_contains(&f->ch.cls, f->link.src);
	return &f->ch.cls.members[i < 0 ? 0 : i].c;
}

static void judge(struct run *r, size_t k);

/* Is what follow-up @of (-1: the change) stands for in, or coming to, the branch? */
static int wanted(struct run *r, int of, int present_only)
{
	if (of < 0)
		return present_only ? r->root_in >= 0 : 1;
	judge(r, (size_t)of);
	return r->st[of].status == FU_PRESENT ||
	       (!present_only && r->st[of].status == FU_MISSING);
}

/*
 * A fix or prerequisite is needed with what it is for; a revert or a
 * re-application only where what it reverts is in the branch.  Neither
 * if mainline reverted it for good.
 */
/*
 * Has the branch @f squashed into a commit with what it fixes (a
 * citation judged squashed)?  An index error leaves it unsaid.
 */
static void squashed_in(struct run *r, const struct cbp_followup *f,
			struct fu_state *s)
{
	s->squash = 0;
	if (s->in < 0 &&
	    cbp_squash_in_branch(r->ctx->idx, &f->ch.cls, r->bit, &s->squash))
		s->squash = 0;
}

static void judge(struct run *r, size_t k)
{
	const struct cbp_followup *f = &r->fu.f[k];
	struct fu_state *s = &r->st[k];
	int revert = f->kind == CBP_FU_REVERT || f->kind == CBP_FU_REAPPLY;
	char a[640];

	if (r->done[k])
		return;
	r->done[k] = 1;	/* a cycle of citations ends here */
	s->status = FU_NOT_NEEDED;
	s->in = cbp_change_in_branch(r->e, &f->ch, r->bit);
	squashed_in(r, f, s);
	if (s->in >= 0 || s->squash) {
		s->status = FU_PRESENT;
	} else if (f->ch.ml < 0) {
		s->status = FU_NOT_MAINLINE;
	} else if (f->reverted) {
		snprintf(s->why, sizeof(s->why), "mainline reverted it: %s",
			 cbp_cite_str(&f->reverted_by, a, sizeof(a)));
	} else if (r->undone[f->of + 1]) {
		snprintf(s->why, sizeof(s->why),
			 "the branch reverted %s itself: %s",
			 f->of < 0 ? "the change" : "what it is for",
			 cbp_cite_str(&r->undone_by[f->of + 1], a, sizeof(a)));
	} else if (!wanted(r, f->of, revert)) {
		if (f->of < 0)
			snprintf(s->why, sizeof(s->why),
				 "the change is not in the branch");
		else
			snprintf(s->why, sizeof(s->why), "%s (%zu) is not %s",
				 revert ? "what it reverts" : "what it is for",
				 (size_t)f->of + 1,
				 revert ? "in the branch" : "needed there");
	} else {
		s->status = FU_MISSING;
	}
}

static void print_change(struct run *r)
{
	struct cbp_index *idx = r->ctx->idx;
	const struct cbp_change *ch = &r->fu.root;
	char a[640];
	long long id;
	int me;

	cbp_resolve(r->ctx, r->ctx->opt->argv[0], &id, NULL, NULL);
	me = cbp_class_contains(&ch->cls, id);
	printf("change: %s, %zu name%s\n",
	       cbp_cite_str(&ch->cls.members[me < 0 ? 0 : me].c, a, sizeof(a)),
	       ch->cls.nr, ch->cls.nr == 1 ? "" : "s");
	if (ch->ml >= 0)
		printf("  first in mainline: %.12s in %s\n",
		       ch->cls.members[ch->ml].c.hex,
		       cbp_release_str(&ch->cls.members[ch->ml].c, r->mb));
	else
		printf("  not in mainline\n");
	if (r->fu.root_reverted)
		printf("  reverted in mainline by %s in %s, not re-applied\n",
		       cbp_cite_str(&r->fu.root_reverted_by, a, sizeof(a)),
		       cbp_release_str(&r->fu.root_reverted_by, r->mb));
	if (r->bit >= 0) {
		const char *br = cbp_index_branch(idx, r->bit)->name;

		if (r->root_in >= 0)
			printf("  %s: has it as %s\n", br,
			       cbp_cite_str(&ch->cls.members[r->root_in].c, a,
					    sizeof(a)));
		else
			printf("  %s: does not have it\n", br);
	}
}

static void print_followup(struct run *r, size_t k)
{
	const struct cbp_followup *f = &r->fu.f[k];
	const struct cbp_commit *c = shown(f);
	const struct fu_state *s = &r->st[k];
	char a[640], of[32];

	if (f->of < 0)
		snprintf(of, sizeof(of), "the change");
	else
		snprintf(of, sizeof(of), "%d", f->of + 1);
	printf("\n%zu. %s of %s: %s, %s\n", k + 1,
	       cbp_followup_kind_name(f->kind), of, cbp_cite_str(c, a, sizeof(a)),
	       cbp_release_str(c, r->mb));
	if (f->link.kind == CBP_REVERTS)
		printf("     This reverts commit %.12s", f->link.cited);
	else
		printf("     %s: %.12s", cbp_kind_name(f->link.kind), f->link.cited);
	if (f->link.quoted[0])
		printf(" (\"%s\")", f->link.quoted);
	if (f->link.src != c->id) {
		struct cbp_commit by;

		if (!cbp_commit_get(r->ctx->idx, f->link.src, &by))
			printf("  [in %.12s]", by.hex);
	}
	putchar('\n');
	if (f->reverted && s->status != FU_NOT_NEEDED)
		printf("     reverted in mainline by %s\n",
		       cbp_cite_str(&f->reverted_by, a, sizeof(a)));
	if (r->bit < 0)
		return;
	printf("     %s: ", cbp_index_branch(r->ctx->idx, r->bit)->name);
	switch (s->status) {
	case FU_PRESENT:
		if (s->in >= 0) {
			printf("has it as %s\n",
			       cbp_cite_str(&f->ch.cls.members[s->in].c, a,
					    sizeof(a)));
		} else {
			struct cbp_commit sq;

			if (!cbp_commit_get(r->ctx->idx, s->squash, &sq))
				printf("has it squashed into %s\n",
				       cbp_cite_str(&sq, a, sizeof(a)));
		}
		break;
	case FU_MISSING:
		printf("MISSING\n");
		cbp_print_twin_note(r->ctx->idx,
				    cbp_index_branch(r->ctx->idx, r->bit)->name,
				    s->twin, 5);
		cbp_print_citer_note(r->ctx->idx,
				     cbp_index_branch(r->ctx->idx, r->bit)->name,
				     s->citer, 5);
		break;
	case FU_NOT_NEEDED:
		printf("not needed: %s\n", s->why);
		break;
	default:
		printf("not in mainline yet\n");
		break;
	}
}

static struct json_object *names_json(struct cbp_index *idx,
				      const struct cbp_change *ch)
{
	struct json_object *arr = json_object_new_array();
	size_t i;

	for (i = 0; i < ch->cls.nr; i++)
		json_object_array_add(arr, cbp_commit_json(idx,
							   &ch->cls.members[i].c));
	return arr;
}

static struct json_object *member_json(struct cbp_index *idx,
				       const struct cbp_change *ch, int i)
{
	return i < 0 ? NULL : cbp_commit_json(idx, &ch->cls.members[i].c);
}

static void print_json(struct run *r, size_t missing)
{
	struct cbp_index *idx = r->ctx->idx;
	struct cbp_commit t;
	struct json_object *doc = json_object_new_object();
	struct json_object *ch = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	size_t k;

	json_object_object_add(doc, "query",
			       json_object_new_string(r->ctx->opt->argv[0]));
	json_object_object_add(ch, "names", names_json(idx, &r->fu.root));
	json_object_object_add(ch, "first_mainline",
			       member_json(idx, &r->fu.root, r->fu.root.ml));
	json_object_object_add(ch, "reverted_by", r->fu.root_reverted ?
			       cbp_commit_json(idx, &r->fu.root_reverted_by) :
			       NULL);
	json_object_object_add(ch, "in_branch",
			       member_json(idx, &r->fu.root, r->root_in));
	json_object_object_add(doc, "change", ch);
	json_object_object_add(doc, "stable", r->bit < 0 ? NULL :
			       json_object_new_string(cbp_index_branch(idx, r->bit)->name));
	for (k = 0; k < r->fu.nr; k++) {
		const struct cbp_followup *f = &r->fu.f[k];
		struct json_object *o = json_object_new_object();
		const char *status = status_name[r->bit >= 0 ? r->st[k].status : 0];
		const char *kind = cbp_followup_kind_name(f->kind);

		json_object_object_add(o, "n", json_object_new_int((int)k + 1));
		json_object_object_add(o, "kind", json_object_new_string(kind));
		json_object_object_add(o, "of", f->of < 0 ? NULL :
				       json_object_new_int(f->of + 1));
		json_object_object_add(o, "depth", json_object_new_int(f->depth));
		json_object_object_add(o, "commit", cbp_commit_json(idx, shown(f)));
		json_object_object_add(o, "first_mainline",
				       member_json(idx, &f->ch, f->ch.ml));
		json_object_object_add(o, "citation", cbp_link_json(idx, &f->link));
		json_object_object_add(o, "names", names_json(idx, &f->ch));
		json_object_object_add(o, "reverted_by", f->reverted ?
				       cbp_commit_json(idx, &f->reverted_by) : NULL);
		if (r->bit >= 0) {
			json_object_object_add(o, "in_branch",
					       member_json(idx, &f->ch, r->st[k].in));
			json_object_object_add(o, "squashed_into",
					       r->st[k].squash &&
					       !cbp_commit_get(idx, r->st[k].squash, &t) ?
					       cbp_commit_json(idx, &t) : NULL);
			json_object_object_add(o, "status",
					       json_object_new_string(status));
			json_object_object_add(o, "why", r->st[k].why[0] ?
					       json_object_new_string(r->st[k].why) :
					       NULL);
			json_object_object_add(o, "same_subject_on_branch",
					       r->st[k].twin &&
					       !cbp_commit_get(idx, r->st[k].twin, &t) ?
					       cbp_commit_json(idx, &t) : NULL);
			json_object_object_add(o, "cited_on_branch",
					       r->st[k].citer &&
					       !cbp_commit_get(idx, r->st[k].citer, &t) ?
					       cbp_commit_json(idx, &t) : NULL);
		}
		json_object_array_add(arr, o);
	}
	json_object_object_add(doc, "followups", arr);
	json_object_object_add(doc, "missing", r->bit < 0 ? NULL :
			       json_object_new_int((int)missing));
	json_object_object_add(doc, "truncated",
			       json_object_new_boolean(r->fu.truncated));
	cbp_json_print(doc);
}

/*
 * Which of the change and its follow-ups the branch has and reverted
 * itself, by whatever name its revert cites: what follows up on them is
 * not needed there.
 */
static int undone_in_branch(struct run *r)
{
	size_t k;
	int rv;

	if (r->bit < 0 || r->bit == r->mb)
		return 0;
	for (k = 0; k <= r->fu.nr; k++) {
		const struct cbp_change *ch = k ? &r->fu.f[k - 1].ch : &r->fu.root;

		if (cbp_change_in_branch(r->e, ch, r->bit) < 0)
			continue;
		rv = cbp_change_reverted_in(r->e, ch, r->bit, &r->undone_by[k]);
		if (rv < 0)
			return -1;
		r->undone[k] = (unsigned char)rv;
	}
	return 0;
}

/**
 * cmd_followups() - the followups subcommand
 * @ctx: the context
 *
 * Return: CBP_EXIT_OK, CBP_EXIT_FINDINGS when the --stable branch lacks
 * a follow-up it needs, or CBP_EXIT_ERROR.
 */
int cmd_followups(struct cbp_ctx *ctx)
{
	struct run r = { .ctx = ctx, .bit = -1, .root_in = -1 };
	size_t k, missing = 0;
	long long id;
	int ret;

	ret = cbp_resolve_arg(ctx, ctx->opt->argv[0], &id);
	if (ret)
		return ret;
	r.mb = cbp_index_mainline_bit(ctx->idx);
	if (cbp_target_branch(ctx, 0, &r.bit) ||
	    cbp_edges_open(ctx->idx, &r.e) ||
	    cbp_followups(r.e, &id, 1, &r.fu)) {
		ret = cbp_fail();
		goto out;
	}
	r.root_in = cbp_change_in_branch(r.e, &r.fu.root, r.bit);
	r.st = cbp_calloc(r.fu.nr ? r.fu.nr : 1, sizeof(*r.st));
	r.done = cbp_calloc(r.fu.nr ? r.fu.nr : 1, 1);
	r.undone = cbp_calloc(r.fu.nr + 1, 1);
	r.undone_by = cbp_calloc(r.fu.nr + 1, sizeof(*r.undone_by));
	if (undone_in_branch(&r)) {
		ret = cbp_fail();
		goto out;
	}
	for (k = 0; r.bit >= 0 && k < r.fu.nr; k++) {
		judge(&r, k);
		if (r.st[k].status != FU_MISSING)
			continue;
		missing++;
		/*
		 * Applied by hand, without a trailer, or squashed into a
		 * commit whose citation of it was not followed?  Said, not
		 * assumed.
		 */
		if (cbp_same_subject_in_branch(ctx->idx, shown(&r.fu.f[k]), r.bit,
					       r.mb, &r.st[k].twin) ||
		    cbp_cited_in_branch(ctx->idx, shown(&r.fu.f[k]), r.bit,
					r.mb, &r.st[k].citer)) {
			ret = cbp_fail();
			goto out;
		}
	}
	if (ctx->opt->json) {
		print_json(&r, missing);
	} else {
		print_change(&r);
		for (k = 0; k < r.fu.nr; k++)
			print_followup(&r, k);
		if (r.fu.truncated)
			printf("\n(more than %d follow-ups: the rest are left out)\n",
			       CBP_MAX_FOLLOWUPS);
		printf("\n%zu follow-up%s", r.fu.nr, r.fu.nr == 1 ? "" : "s");
		if (r.bit >= 0)
			printf(", %zu missing from %s", missing,
			       cbp_index_branch(ctx->idx, r.bit)->name);
		putchar('\n');
	}
	ret = missing ? CBP_EXIT_FINDINGS : CBP_EXIT_OK;
out:
	free(r.st);
	free(r.done);
	free(r.undone);
	free(r.undone_by);
	cbp_followups_release(&r.fu);
	cbp_edges_close(r.e);
	return ret;
}
