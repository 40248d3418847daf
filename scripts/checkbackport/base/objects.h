/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A repository's own object store read without libgit2: pack indexes
 * and loose objects (objects.c).
 */
#ifndef CHECKBACKPORT_OBJECTS_H
#define CHECKBACKPORT_OBJECTS_H

#include <stddef.h>

/**
 * struct cbp_pack_index - a pack's index (version 2), mapped
 * @map: the file
 * @len: its length
 * @nr: the objects it lists
 * @nr_large: entries of its table of 64-bit offsets
 */
struct cbp_pack_index {
	const unsigned char *map;
	size_t len;
	unsigned int nr;
	unsigned int nr_large;
};

/* Beyond this many packs, a caller leaves the store to git. */
#define CBP_MAX_PACKS	256

const unsigned char *cbp_map_file(int dirfd, const char *name, size_t *len);
int cbp_pack_index_map(struct cbp_pack_index *pi, int dirfd, const char *name);
void cbp_pack_index_unmap(struct cbp_pack_index *pi);
int cbp_pack_indexes_each(int dirfd,
			  int (*fn)(int dirfd, const char *name, void *data),
			  void *data);
unsigned long long cbp_pack_index_find(const struct cbp_pack_index *pi,
				       const unsigned char *id);
unsigned int cbp_pack_index_prefix(const struct cbp_pack_index *pi,
				   const unsigned char *id, size_t hexlen,
				   unsigned int *pos);
const unsigned char *cbp_pack_index_id(const struct cbp_pack_index *pi,
				       unsigned int pos);
int cbp_object_in_store(const char *commondir, const char *hex);

#endif /* CHECKBACKPORT_OBJECTS_H */
