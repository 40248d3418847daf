// SPDX-License-Identifier: GPL-2.0
/*
 * First releases on one branch.  A commit's first release is the first
 * tag, in version order, that contains it; on a given branch, it is the
 * first of the tags that branch contains.  The two are the same tag
 * nearly always, and then it is known without looking: the first
 * release's own commit is on the branch.  Otherwise (a commit that
 * reached a mainline release after a branch forked from it, or one of a
 * branch that has no tags of its own) the branch's later tags are tried
 * in version order, each by a walk down the index's graph that leaves
 * out every commit released before the one looked for, which cannot
 * contain it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store-priv.h"
#include "base/util.h"

/* One release tag, and the branches its commit is on. */
struct rel_tag {
	char *name;
	long long vkey;
	long long commit;
	unsigned long long branches;
	int loaded;		/* @branches is known */
};

struct cbp_tag_cache {
	struct rel_tag *t;	/* in version order */
	size_t nr;
};

static void load_tags(struct cbp_index *idx)
{
	struct cbp_tag_cache *tc = cbp_calloc(1, sizeof(*tc));
	size_t alloc = 0;
	sqlite3_stmt *st;
	int rc;

	idx->tags = tc;
	if (cbp_db_prepare(idx->db, "SELECT commit_id, name, vkey FROM tags ORDER BY vkey",
			   &st))
		return;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct rel_tag *t;

		tc->t = cbp_grow(tc->t, sizeof(*tc->t), tc->nr + 1, &alloc);
		t = &tc->t[tc->nr++];
		t->commit = sqlite3_column_int64(st, 0);
		t->name = cbp_strdup((const char *)sqlite3_column_text(st, 1));
		t->vkey = sqlite3_column_int64(st, 2);
		t->branches = 0;
		t->loaded = 0;
	}
	sqlite3_finalize(st);
}

/* The branches a tag's commit is on, as queries see them. */
static unsigned long long tag_branches(struct cbp_index *idx, struct rel_tag *t)
{
	struct cbp_commit c;

	if (!t->loaded && !cbp_commit_get(idx, t->commit, &c))
		t->branches = c.branches;
	t->loaded = 1;
	return t->branches;
}

/**
 * cbp_tag_cache_free() - free the release tags an index loaded
 * @tc: what load_tags() made, or NULL
 */
void cbp_tag_cache_free(struct cbp_tag_cache *tc)
{
	size_t i;

	if (!tc)
		return;
	for (i = 0; i < tc->nr; i++)
		free(tc->t[i].name);
	free(tc->t);
	free(tc);
}

/* A commit released before the one looked for cannot contain it. */
static int not_released_before(const struct cbp_commit *c, void *data)
{
	const long long *key = data;

	return c->release_key < 0 || c->release_key >= *key;
}

/* Does the commit of row @from contain row @want, released in @key? */
static int contains(struct cbp_index *idx, long long from, long long want,
		    long long key)
{
	return cbp_reaches(idx, from, want, not_released_before, &key) > 0;
}

/**
 * cbp_branch_release() - the first release of a commit on one branch
 * @idx: the index
 * @c: the commit; @c->branches has @bit
 * @bit: the branch
 * @rel: filled in with the tag's name, "" if the branch has released no
 *	 tag containing @c
 * @size: size of @rel
 *
 * Only tags whose commit the branch contains count: a stable branch
 * that forked from mainline before the mainline release of @c has @c
 * released in its own stable tag, and a branch with no tags of its own
 * has released nothing.
 *
 * Return: the version key of that tag, or -1 if there is none.
 */
long long cbp_branch_release(struct cbp_index *idx, const struct cbp_commit *c,
			     int bit, char *rel, size_t size)
{
	unsigned long long mask = 1ULL << bit;
	size_t i;

	rel[0] = '\0';
	if (c->state != CBP_PRESENT || c->release_key < 0 || bit < 0 ||
	    bit >= CBP_MAX_BRANCHES || !(c->branches & mask))
		return -1;
	if (!idx->tags)
		load_tags(idx);
	for (i = 0; i < idx->tags->nr; i++) {
		struct rel_tag *t = &idx->tags->t[i];

		if (t->vkey < c->release_key || !(tag_branches(idx, t) & mask))
			continue;
		if ((t->vkey == c->release_key && !strcmp(t->name, c->release)) ||
		    contains(idx, t->commit, c->id, c->release_key)) {
			snprintf(rel, size, "%s", t->name);
			return t->vkey;
		}
	}
	return -1;
}
