// SPDX-License-Identifier: GPL-2.0
/*
 * A pull request picked through its merge.  A project merging pull
 * requests as merge commits (GitHub's flow) backports one with
 * "git cherry-pick -x -m 1 M": the copy's diff is M^1..M, the changes of
 * the commits the merge brought in, and its trailer names the merge M
 * only.  Linked to M alone, the copy was no name of those commits: names
 * of one of them did not list the release branch, and missing did not
 * list a revert or a fix of one (moby's 17.03.x 1235b56fbcbf cites
 * merge 48184351c938; mainline reverted the pull request's 7e3a596a63fd
 * in dcf2632945b8).
 *
 * So a commit citing a merge as its origin is linked to each commit
 * the merge brought in that is no merge itself (M^2..M^n, less what M^1
 * has), as a link of its own kind (CBP_MERGED), judged as a citation
 * is: the pick of a one-commit pull request has its patch, that of a
 * longer one is adapted from each, a name of each that joins none of
 * them to another (store-class.c), as any commit citing several origins.
 * A merge citing a merge is not: it is that merge made again, as
 * moby's are in the history filtered into docker/cli ("Upstream-commit:"
 * naming each), where the commits each brought in cite moby's
 * themselves; linked to those of moby's merges, such merges had 1,716
 * links to commits they did not carry, every one judged suspicious.
 * A merge that brought in more than CBP_MERGED_MAX commits (a release branch
 * merged back) is no pull request: nothing is linked through it, and the
 * run counts it (index --verbose).
 *
 * The links depend on the citation and on the merge's history alone, so
 * a run looks at the citations it made or resolved, as build-trust.c
 * judges them; when the found links were dropped (build_unlink_copies()),
 * at all of them.
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

static int cmp_cite(const void *a, const void *b)
{
	const struct cbp_store_merge_cite *x = a, *y = b;

	if (x->merge != y->merge)
		return x->merge < y->merge ? -1 : 1;
	return x->src < y->src ? -1 : x->src > y->src;
}

/* The commits of one merge, listed once for all the commits citing it. */
struct merged {
	long long merge;	/* its row, -1 before the first */
	int state;		/* 0 @id listed, 1 too many, -1 unreadable */
	long long *id;		/* the rows of those that are no merge */
	char (*hex)[CBP_OID_HEXSZ + 1];
	size_t nr, alloc, alloc_hex;
};

/* List what merge @c->merge brought in, into @m. */
static int list_merged(struct build *b, const struct cbp_store_merge_cite *c,
		       struct merged *m)
{
	struct cbp_oid merge, *oids;
	size_t nr, i;
	int rc = 0;

	m->merge = c->merge;
	m->nr = 0;
	if (cbp_oid_fromhex(&merge, c->merge_hex)) {
		m->state = -1;
		return 0;
	}
	m->state = cbp_git_merged_by(b->repo, &merge, CBP_MERGED_MAX, &oids, &nr);
	if (m->state)
		return 0;
	for (i = 0; i < nr && rc >= 0; i++) {
		char hex[CBP_OID_HEXSZ + 1];
		unsigned int id;
		int present, is_merge;

		cbp_oid_tohex(&oids[i], hex);
		/* A commit of the index, and no merge. */
		rc = cbp_store_find_commit(b->w, hex, &id, &present, &is_merge);
		if (rc <= 0 || !present || is_merge)
			continue;
		m->id = cbp_grow(m->id, sizeof(*m->id), m->nr + 1, &m->alloc);
		m->hex = cbp_grow(m->hex, sizeof(*m->hex), m->nr + 1,
				  &m->alloc_hex);
		m->id[m->nr] = id;
		memcpy(m->hex[m->nr], hex, sizeof(*m->hex));
		m->nr++;
	}
	free(oids);
	return rc < 0 ? -1 : 0;
}

/**
 * build_link_merged() - link the commits citing a merge to what it brought in
 * @b: the build, after the citations were resolved and before they are
 *     judged
 * @first_link: the last links row of earlier runs (after
 *		build_unlink_copies())
 * @max_id: the highest commits row of earlier runs
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_link_merged(struct build *b, long long first_link, long long max_id)
{
	struct merged m = { .merge = -1 };
	struct cbp_store_merge_cite *c;
	size_t nr, i, k;
	int err = 0;

	if (cbp_store_merge_cites(b->w, b->cold || b->refind, first_link,
				  max_id, b->arrived, b->nr_arrived, &c, &nr))
		return -1;
	cbp_sort(c, nr, sizeof(*c), cmp_cite);
	for (i = 0; i < nr && !err; i++) {
		/* A commit may cite one merge in two forms: once. */
		if (i && !cmp_cite(&c[i - 1], &c[i]))
			continue;
		if (c[i].merge != m.merge && list_merged(b, &c[i], &m)) {
			err = -1;
			break;
		}
		if (m.state) {
			b->merged_skipped[m.state > 0]++;
			continue;
		}
		for (k = 0; k < m.nr && !err; k++) {
			int rc;

			/* A copy of a merge bringing itself in is none of it. */
			if (m.id[k] == c[i].src)
				continue;
			rc = cbp_store_add_merged(b->w, c[i].src, m.hex[k],
						  m.id[k], c[i].merge_hex);
			if (rc < 0)
				err = -1;
			else if (rc)
				b->merged++;
		}
		/* An origin link, as far as a squash is concerned. */
		if (m.nr)
			build_row_add_origin(b, c[i].src);
	}
	free(m.id);
	free(m.hex);
	free(c);
	return err;
}
