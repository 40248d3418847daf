// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport names: every name of a change, as a small tree.
 */
#include <stdlib.h>
#include <string.h>

#include "cbp.h"

/* One citation in the form it was written, e.g. "commit X upstream". */
static void link_str(const struct cbp_link *l, char *buf, size_t size)
{
	switch (l->kind) {
	case CBP_CHERRY_PICK:
		snprintf(buf, size, "(cherry picked from commit %s)", l->cited);
		break;
	case CBP_UPSTREAM:
		snprintf(buf, size, "commit %s upstream", l->cited);
		break;
	case CBP_UPSTREAM_BRACKET:
		snprintf(buf, size, "[ Upstream commit %s ]", l->cited);
		break;
	case CBP_UPSTREAM_LINE:
		snprintf(buf, size, "Upstream commit %s", l->cited);
		break;
	case CBP_BACKPORTED:
		snprintf(buf, size, "(backported from commit %s)", l->cited);
		break;
	default:
		snprintf(buf, size, "%s: %s", cbp_kind_name(l->kind), l->cited);
		break;
	}
}

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

/*
 * The "|   " / "    " columns of the ancestors of a member at @depth:
 * @bar[d] is the column its ancestor at depth d draws for what is below.
 */
static void put_prefix(char *const *bar, int depth)
{
	int d;

	for (d = 1; d < depth; d++)
		fputs(bar[d], stdout);
}

static void print_tree(struct cbp_index *idx, const struct cbp_class *cls,
		       long long query)
{
	unsigned char *last = last_children(cls);
	int *depth = cbp_calloc(cls->nr, sizeof(*depth));
	char **bar = cbp_calloc(cls->nr + 1, sizeof(*bar));
	char cite[640], br[1024], via[128];
	size_t i, j;

	for (i = 0; i < cls->nr; i++) {
		const struct cbp_member *m = &cls->members[i];
		const char *branch = i == 0 ? "" : last[i] ? "`-- " : "|-- ";
		const char *cont = i == 0 ? "" : last[i] ? "    " : "|   ";
		struct cbp_link *l;
		size_t n;
		int d;

		d = m->parent >= 0 ? depth[m->parent] + 1 : 0;
		depth[i] = d;
		bar[d] = (char *)cont;
		put_prefix(bar, d);
		printf("%s%s%s\n", branch, cbp_cite_str(&m->c, cite, sizeof(cite)),
		       m->c.id == query ? "  <==" : "");
		put_prefix(bar, d);
		if (m->c.state == CBP_PRESENT)
			printf("%s    first release: %s; in: %s\n", cont,
			       m->c.release[0] ? m->c.release : "none",
			       cbp_branches_str(idx, m->c.branches, br,
						sizeof(br)));
		else if (m->c.state == CBP_MISSING)
			printf("%s    missing: cited, not in this repository\n",
			       cont);
		else
			printf("%s    ambiguous: cited by a short ID matching several commits\n",
			       cont);
		if (cbp_links(idx, m->c.id, 1, 1, &l, &n))
			continue;
		for (j = 0; j < n; j++) {
			link_str(&l[j], via, sizeof(via));
			put_prefix(bar, d);
			printf("%s    via: %s\n", cont, via);
		}
		free(l);
	}
	free(bar);
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

		if (m->state != CBP_PRESENT ||
		    ctx->git->patch_id(ctx, m->hex, mine))
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
			if (dup || cbp_commit_get(idx, ids[j], &c) ||
			    ctx->git->patch_id(ctx, c.hex, theirs) ||
			    strcmp(mine, theirs))
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
	struct cbp_commit t;

	json_object_object_add(o, "trailer",
			       json_object_new_string(cbp_kind_name(l->kind)));
	json_object_object_add(o, "cited", json_object_new_string(l->cited));
	if (!cbp_commit_get(idx, l->dst, &t))
		json_object_object_add(o, "resolves_to",
				       json_object_new_string(t.hex));
	return o;
}

/**
 * cmd_names() - the names subcommand
 * @ctx: the context
 *
 * Return: CBP_EXIT_OK, CBP_EXIT_FINDINGS when the change is in mainline
 * more than once, or CBP_EXIT_ERROR.
 */
int cmd_names(struct cbp_ctx *ctx)
{
	struct cbp_index *idx = ctx->idx;
	struct cbp_class cls;
	struct pid_match *pm = NULL;
	const struct cbp_commit *first = NULL;
	char cite[640];
	long long id;
	size_t i, nr_pm = 0, missing = 0;
	int mb, in_mainline = 0, ret;

	ret = cbp_resolve_arg(ctx, ctx->opt->argv[0], &id);
	if (ret)
		return ret;
	if (cbp_class_of(idx, id, &cls))
		return cbp_fail();
	if (ctx->opt->patch_id && find_patch_id(ctx, &cls, &pm, &nr_pm)) {
		ret = cbp_fail();
		goto out;
	}

	mb = cbp_index_mainline_bit(idx);
	for (i = 0; i < cls.nr; i++) {
		const struct cbp_commit *c = &cls.members[i].c;

		missing += c->state != CBP_PRESENT;
		if (mb < 0 || c->state != CBP_PRESENT ||
		    !(c->branches & (1ULL << mb)))
			continue;
		in_mainline++;
		if (!first || cbp_release_before(c, first))
			first = c;
	}

	if (ctx->opt->json) {
		struct json_object *o = json_object_new_object();
		struct json_object *arr = json_object_new_array();
		struct json_object *mains = json_object_new_array();

		json_object_object_add(o, "query",
				       json_object_new_string(ctx->opt->argv[0]));
		for (i = 0; i < cls.nr; i++) {
			const struct cbp_member *m = &cls.members[i];
			struct json_object *jm = cbp_commit_json(idx, &m->c);
			struct json_object *links = json_object_new_array();
			struct cbp_link *l;
			size_t n, j;

			const char *ph = m->parent < 0 ? NULL :
					 cls.members[m->parent].c.hex;

			json_object_object_add(jm, "parent",
					       ph ? json_object_new_string(ph) : NULL);
			if (!cbp_links(idx, m->c.id, 1, 1, &l, &n)) {
				for (j = 0; j < n; j++)
					json_object_array_add(links,
							      link_json(idx, &l[j]));
				free(l);
			}
			json_object_object_add(jm, "citations", links);
			json_object_array_add(arr, jm);
			if (mb >= 0 && m->c.state == CBP_PRESENT &&
			    (m->c.branches & (1ULL << mb)))
				json_object_array_add(mains,
						      json_object_new_string(m->c.hex));
		}
		json_object_object_add(o, "members", arr);
		json_object_object_add(o, "mainline_first", first ?
				       json_object_new_string(first->hex) : NULL);
		json_object_object_add(o, "in_mainline", mains);
		json_object_object_add(o, "mainline_more_than_once",
				       json_object_new_boolean(in_mainline > 1));
		if (ctx->opt->patch_id) {
			struct json_object *p = json_object_new_array();

			for (i = 0; i < nr_pm; i++) {
				struct json_object *jp =
					cbp_commit_json(idx, &pm[i].c);

				json_object_object_add(jp, "same_patch_id_as",
						       json_object_new_string(pm[i].of.hex));
				json_object_array_add(p, jp);
			}
			json_object_object_add(o, "patch_id_matches", p);
		}
		cbp_json_print(o);
	} else {
		printf("%zu name%s (%zu not in this repository):\n", cls.nr,
		       cls.nr == 1 ? "" : "s", missing);
		print_tree(idx, &cls, id);
		if (first)
			printf("first in mainline: %s in %s\n",
			       cbp_cite_str(first, cite, sizeof(cite)),
			       first->release[0] ? first->release : "no release yet");
		else
			printf("not in mainline%s\n", mb < 0 ?
			       " (mainline branch not found; see --mainline)" : "");
		if (in_mainline > 1) {
			printf("warning: in mainline %d times:", in_mainline);
			for (i = 0; i < cls.nr; i++) {
				const struct cbp_commit *c = &cls.members[i].c;

				if (c->state == CBP_PRESENT &&
				    (c->branches & (1ULL << mb)))
					printf(" %.12s (%s)", c->hex,
					       c->release[0] ? c->release : "unreleased");
			}
			printf("\n");
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
	ret = in_mainline > 1 ? CBP_EXIT_FINDINGS : CBP_EXIT_OK;
out:
	free(pm);
	cbp_class_release(&cls);
	return ret;
}
