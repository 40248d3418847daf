/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A map from index row ids (non-zero) to ints, for the queries that meet
 * thousands of rows and must find each again by id: open addressing,
 * doubled at half full.
 */
#ifndef CHECKBACKPORT_IDMAP_H
#define CHECKBACKPORT_IDMAP_H

#include <stddef.h>

/**
 * struct cbp_idmap - row id -> int
 * @key: the ids, 0 for a free slot
 * @val: the value of each
 * @size: slots, a power of two (0 before the first cbp_idmap_put())
 * @nr: slots in use
 */
struct cbp_idmap {
	long long *key;
	int *val;
	size_t size;
	size_t nr;
};

int *cbp_idmap_get(const struct cbp_idmap *m, long long key);
int *cbp_idmap_put(struct cbp_idmap *m, long long key, int *fresh);
void cbp_idmap_release(struct cbp_idmap *m);

#endif /* CHECKBACKPORT_IDMAP_H */
