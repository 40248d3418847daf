// SPDX-License-Identifier: GPL-2.0
/*
 * Resolving cited IDs to rows: each new citation gets the row of the one
 * present commit its ID names, else of the one missing full ID it
 * abbreviates, else a row of its own (missing or ambiguous).  Missing and
 * ambiguous rows are resolved again when new commits arrive.  The store
 * looks the IDs up (store-resolve.c); a cold build first answers from the
 * commits it read, all of them at once, sorted by ID while the store
 * creates its indexes.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

/* The nibble @i of @oid. */
static unsigned int oid_nibble(const struct cbp_oid *oid, int i)
{
	unsigned char c = oid->id[i / 2];

	return i % 2 ? c & 0xf : c >> 4;
}

/* How @oid compares with the @len hex digits of @hex: <0, 0 (a prefix), >0. */
static int cmp_prefix(const struct cbp_oid *oid, const char *hex, int len)
{
	int i, d;

	for (i = 0; i < len; i++) {
		d = (int)oid_nibble(oid, i) - cbp_hexval(hex[i]);
		if (d)
			return d;
	}
	return 0;
}

static int cmp_by_oid(const void *a, const void *b)
{
	const struct oid_row *x = a, *y = b;

	return memcmp(x->oid.id, y->oid.id, CBP_OID_RAWSZ);
}

/*
 * Buckets of the first pass, by the first @b->sort_bits bits of an ID:
 * about as many as there are rows, up to the first two bytes' worth.
 * Their counters are written whole, so a history of a few commits (the
 * test suite's, a new project's) must not pay for 65536 of them: half a
 * megabyte, 128 pages faulted in at every cold build.
 */
#define SORT_BITS_MAX	16

static size_t bucket_of(const struct build *b, const struct cbp_oid *oid)
{
	return ((size_t)oid->id[0] << 8 | oid->id[1]) >>
	       (SORT_BITS_MAX - b->sort_bits);
}

/* Sort each bucket, the rows of one prefix, on its own. */
static void *sort_main(void *data)
{
	struct build *b = data;
	size_t i = 0, j, k;

	while (i < b->nr_by_oid) {
		k = bucket_of(b, &b->by_oid[i].oid);
		for (j = i + 1; j < b->nr_by_oid &&
		     bucket_of(b, &b->by_oid[j].oid) == k; j++)
			;
		qsort(b->by_oid + i, j - i, sizeof(*b->by_oid), cmp_by_oid);
		i = j;
	}
	return NULL;
}

/**
 * build_sort_start() - start sorting the commits read by ID
 * @b: the build, its walk done
 *
 * The abbreviated IDs of a cold build's citations are looked up in the
 * commits it read, sorted by ID (b->by_oid): the IDs are copied beside
 * their rows here, already in the order of their first bits (IDs are
 * uniform: with a bucket per row, up to 65536, a million commits make
 * about fifteen a bucket and a small history about one), and each
 * bucket is sorted in a thread of its own while the caller's thread
 * goes on with SQLite (the indexes of a fresh index take longer than
 * the sort).  A sort of the whole array would also want a copy of it
 * (glibc's qsort() merges through one), at the build's peak of memory.
 * Sorted in this thread if none can be started.  build_sort_wait()
 * waits for the sort.
 */
void build_sort_start(struct build *b)
{
	pthread_t *t = cbp_calloc(1, sizeof(*t));
	size_t *pos, buckets;
	unsigned int id;
	size_t i;

	/* Rows not loaded count too: a bound is enough to size them. */
	for (b->sort_bits = 0; b->sort_bits < SORT_BITS_MAX &&
	     (size_t)1 << b->sort_bits < b->next_id; b->sort_bits++)
		;
	buckets = (size_t)1 << b->sort_bits;
	pos = cbp_calloc(buckets + 1, sizeof(*pos));
	for (id = 1; id < b->next_id; id++)
		if (b->node[id].state == NODE_LOADED)
			pos[bucket_of(b, &b->oid[id]) + 1]++;
	for (i = 0; i < buckets; i++)
		pos[i + 1] += pos[i];
	b->nr_by_oid = pos[buckets];
	b->by_oid = cbp_calloc(b->nr_by_oid ? b->nr_by_oid : 1,
			       sizeof(*b->by_oid));
	for (id = 1; id < b->next_id; id++) {
		struct oid_row *row;

		if (b->node[id].state != NODE_LOADED)
			continue;
		row = &b->by_oid[pos[bucket_of(b, &b->oid[id])]++];
		row->oid = b->oid[id];
		row->id = id;
	}
	free(pos);
	if (pthread_create(t, NULL, sort_main, b)) {
		free(t);
		sort_main(b);
		return;
	}
	b->sorter = t;
}

/**
 * build_sort_wait() - wait for the sort build_sort_start() started
 * @b: the build
 *
 * Does nothing if no sort is under way.
 */
void build_sort_wait(struct build *b)
{
	if (!b->sorter)
		return;
	pthread_join(*(pthread_t *)b->sorter, NULL);
	free(b->sorter);
	b->sorter = NULL;
}

/* The one commit read whose ID starts with @hex (@len digits), else 0. */
static unsigned int find_prefix(struct build *b, const char *hex, int len)
{
	size_t lo = 0, hi;

	if (!b->by_oid)
		build_sort_start(b);
	build_sort_wait(b);
	hi = b->nr_by_oid;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_prefix(&b->by_oid[mid].oid, hex, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == b->nr_by_oid || cmp_prefix(&b->by_oid[lo].oid, hex, len))
		return 0;
	if (lo + 1 < b->nr_by_oid &&
	    !cmp_prefix(&b->by_oid[lo + 1].oid, hex, len))
		return 0;	/* ambiguous: the index says so */
	return b->by_oid[lo].id;
}

/*
 * A cited ID that names exactly one commit this cold build read resolves
 * to it without asking the index: every present commit of a cold build
 * was read by it (in the in-memory hash, and sorted by ID for the
 * abbreviated IDs of Fixes: tags), so one match is what the index would
 * answer.  Returns 0 when the index has to decide: an ID that names no
 * commit (a missing row, or one abbreviating a missing full ID) or
 * several (an ambiguous row).  @hex is lower-case.
 */
static unsigned int lookup_in_build(struct build *b, const char *hex, int len)
{
	unsigned int id;
	struct cbp_oid oid;

	if (len != CBP_OID_HEXSZ)
		return find_prefix(b, hex, len);
	if (cbp_oid_fromhex(&oid, hex))
		return 0;
	id = b->hash[build_hash_slot(b, &oid)];
	if (!id || b->node[id].state != NODE_LOADED)
		return 0;
	return id;
}

/*
 * The store asks about each citation twice in a row, in the UPDATE's
 * WHERE and then in its SET: the second answer is the first, kept.
 */
static long long resolve_in_build(const char *hex, int len, void *data)
{
	struct build *b = data;

	if ((size_t)len >= sizeof(b->memo_hex))
		return lookup_in_build(b, hex, len);
	if (strncmp(b->memo_hex, hex, len) || b->memo_hex[len]) {
		b->memo_id = lookup_in_build(b, hex, len);
		memcpy(b->memo_hex, hex, len);
		b->memo_hex[len] = '\0';
	}
	return b->memo_id;
}

/**
 * build_resolve_links() - resolve the citations recorded by this run
 * @b: the build
 * @first_rowid: the last links row of earlier runs
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_resolve_links(struct build *b, long long first_rowid)
{
	return cbp_store_resolve_links(b->w, first_rowid,
				       b->cold ? resolve_in_build : NULL, b,
				       &b->next_id);
}

/**
 * build_resolve_unresolved() - resolve the citations that lost their row
 * @b: the build
 *
 * After build_gc() removed the commits they resolved to.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_resolve_unresolved(struct build *b)
{
	return cbp_store_resolve_unresolved(b->w, &b->next_id);
}

/**
 * build_reresolve_absent() - resolve missing and ambiguous IDs again
 * @b: the build, after new commits were read
 *
 * New commits may be what an ID cited as missing or ambiguous names.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_reresolve_absent(struct build *b)
{
	return cbp_store_reresolve_absent(b->w, &b->next_id);
}
