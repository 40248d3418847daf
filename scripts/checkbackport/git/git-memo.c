// SPDX-License-Identifier: GPL-2.0
/*
 * The files git-change.c hashed for the content of a change
 * (cbp_git_change_content(), cbp_git_change_same_content()), by path
 * and blob IDs: a file changed alike by several commits (a revert and
 * its re-application, the mainline commit several copies are compared
 * with) is diffed once.  Each repository has its own,
 * so each thread; past CONTENT_MEMO_MAX files it starts over, which
 * bounds its memory to a few MiB.
 */
#include <stdlib.h>
#include <string.h>

#include "git-priv.h"
#include "base/util.h"

#define CONTENT_MEMO_MAX	16384

struct memo_entry {
	char *path;		/* NULL: a free slot */
	git_oid a, b;
	int binary_a, binary_b;
	unsigned long long key, hash;
};

struct cbp_content_memo {
	struct memo_entry *slot;
	size_t nr, size;	/* size: a power of two, twice @nr or more */
};

/* The hash table's key of @k: everything the file's hash depends on. */
static unsigned long long memo_hash(const struct cbp_memo_key *k)
{
	unsigned long long h = cbp_fnv(CBP_FNV_OFFSET, k->path, strlen(k->path));

	h = cbp_fnv(h, k->a->id, GIT_OID_RAWSZ);
	h = cbp_fnv(h, k->b->id, GIT_OID_RAWSZ);
	return (h ^ (unsigned long long)(k->binary_a * 2 + k->binary_b)) *
	       CBP_FNV_PRIME;
}

/* The slot of @k in @m: its entry, or the free slot it would take. */
static struct memo_entry *memo_slot(const struct cbp_content_memo *m,
				    const struct cbp_memo_key *k,
				    unsigned long long hash)
{
	size_t i = hash & (m->size - 1);

	for (;; i = (i + 1) & (m->size - 1)) {
		struct memo_entry *e = &m->slot[i];

		if (!e->path)
			return e;
		if (e->key == hash && !strcmp(e->path, k->path) &&
		    git_oid_equal(&e->a, k->a) && git_oid_equal(&e->b, k->b) &&
		    e->binary_a == k->binary_a && e->binary_b == k->binary_b)
			return e;
	}
}

/* Empty @m, keeping @size slots (a power of two). */
static void memo_reset(struct cbp_content_memo *m, size_t size)
{
	size_t i;

	for (i = 0; i < m->size; i++)
		free(m->slot[i].path);
	free(m->slot);
	m->slot = cbp_calloc(size, sizeof(*m->slot));
	m->size = size;
	m->nr = 0;
}

/* Twice the slots, every entry kept. */
static void memo_grow(struct cbp_content_memo *m)
{
	struct memo_entry *old = m->slot;
	size_t i, n = m->size;

	m->slot = cbp_calloc(2 * n, sizeof(*m->slot));
	m->size = 2 * n;
	for (i = 0; i < n; i++) {
		size_t j = old[i].key & (m->size - 1);

		if (!old[i].path)
			continue;
		while (m->slot[j].path)
			j = (j + 1) & (m->size - 1);
		m->slot[j] = old[i];
	}
	free(old);
}

/**
 * cbp_content_memo_get() - the hash of a file's change, if kept
 * @repo: the repository whose memo to ask
 * @k: the file: its path, blob IDs (zero: no such side) and which sides
 *     are no blob
 * @hash: set when kept
 *
 * Context: the thread that owns @repo.
 * Return: 1 if kept, 0 if not.
 */
int cbp_content_memo_get(struct cbp_repo *repo, const struct cbp_memo_key *k,
			 unsigned long long *hash)
{
	const struct memo_entry *e;

	if (!repo->memo)
		return 0;
	e = memo_slot(repo->memo, k, memo_hash(k));
	if (!e->path)
		return 0;
	*hash = e->hash;
	return 1;
}

/**
 * cbp_content_memo_put() - keep the hash of a file's change
 * @repo: the repository whose memo keeps it
 * @k: the file, as for cbp_content_memo_get(); not kept there yet
 * @hash: the hash of its change
 *
 * Context: the thread that owns @repo.
 */
void cbp_content_memo_put(struct cbp_repo *repo, const struct cbp_memo_key *k,
			  unsigned long long hash)
{
	struct cbp_content_memo *m = repo->memo;
	unsigned long long key = memo_hash(k);
	struct memo_entry *e;

	if (!m) {
		m = cbp_calloc(1, sizeof(*m));
		memo_reset(m, 1024);
		repo->memo = m;
	}
	if (m->nr >= CONTENT_MEMO_MAX)
		memo_reset(m, m->size);
	else if (2 * (m->nr + 1) > m->size)
		memo_grow(m);
	e = memo_slot(m, k, key);
	e->path = cbp_strdup(k->path);
	e->a = *k->a;
	e->b = *k->b;
	e->binary_a = k->binary_a;
	e->binary_b = k->binary_b;
	e->key = key;
	e->hash = hash;
	m->nr++;
}

/**
 * cbp_content_memo_free() - free a repository's memo of hashed files
 * @memo: the memo, or NULL
 */
void cbp_content_memo_free(struct cbp_content_memo *memo)
{
	size_t i;

	if (!memo)
		return;
	for (i = 0; i < memo->size; i++)
		free(memo->slot[i].path);
	free(memo->slot);
	free(memo);
}
