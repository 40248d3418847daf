// SPDX-License-Identifier: GPL-2.0
/*
 * The row id map of idmap.h.
 */
#include <stdlib.h>
#include <string.h>

#include "idmap.h"
#include "util.h"

static size_t slot(const struct cbp_idmap *m, long long key)
{
	size_t h = (size_t)((unsigned long long)key * 0x9e3779b97f4a7c15ULL) &
		   (m->size - 1);

	while (m->key[h] && m->key[h] != key)
		h = (h + 1) & (m->size - 1);
	return h;
}

/**
 * cbp_idmap_get() - the value of a row id
 * @m: the map
 * @key: the row id, not 0
 *
 * Return: a pointer to its value, or NULL if @key is not in the map.
 */
int *cbp_idmap_get(const struct cbp_idmap *m, long long key)
{
	size_t h;

	if (!m->size)
		return NULL;
	h = slot(m, key);
	return m->key[h] ? &m->val[h] : NULL;
}

/**
 * cbp_idmap_put() - the value of a row id, added if it is not there
 * @m: the map
 * @key: the row id, not 0
 * @fresh: set to 1 if @key was added (its value is then 0), else 0;
 *	   may be NULL
 *
 * The pointer is valid until the next cbp_idmap_put().
 *
 * Return: a pointer to its value.
 */
int *cbp_idmap_put(struct cbp_idmap *m, long long key, int *fresh)
{
	size_t h;

	if (2 * (m->nr + 1) > m->size) {
		struct cbp_idmap old = *m;
		size_t i;

		m->size = old.size ? 2 * old.size : 256;
		m->key = cbp_calloc(m->size, sizeof(*m->key));
		m->val = cbp_calloc(m->size, sizeof(*m->val));
		for (i = 0; i < old.size; i++) {
			if (!old.key[i])
				continue;
			h = slot(m, old.key[i]);
			m->key[h] = old.key[i];
			m->val[h] = old.val[i];
		}
		free(old.key);
		free(old.val);
	}
	h = slot(m, key);
	if (fresh)
		*fresh = !m->key[h];
	if (!m->key[h]) {
		m->key[h] = key;
		m->val[h] = 0;
		m->nr++;
	}
	return &m->val[h];
}

/**
 * cbp_idmap_release() - free a map
 * @m: the map, empty afterwards
 */
void cbp_idmap_release(struct cbp_idmap *m)
{
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof(*m));
}
