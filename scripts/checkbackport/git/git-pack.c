// SPDX-License-Identifier: GPL-2.0
/*
 * Reading objects straight from the repository's packs: a cold build
 * reads every commit once, and through libgit2 a third of that read is
 * not inflating but finding the object (a search of every pack's index
 * under a lock), allocating a zlib stream and an object for it, and
 * freeing both.  Here each pack's index and data are mapped once, an ID
 * is found by the fan-out table and a search that guesses its place
 * (cbp_pack_index_find()), and the object is inflated into a buffer the
 * caller keeps, in one call of libdeflate's, whose decompressor is kept
 * for the whole run.  Its header gives the size the entry inflates to, so
 * the stream is inflated whole, not a piece at a time as zlib's inflate()
 * allows, and with it a cold build of gen-repo's 10,000 commits runs 19 %
 * fewer instructions than with zlib (callgrind: 899 to 731 million), the
 * most of them saved in building each small stream's decoding tables.
 *
 * Trees are read here too, for the walks that find what a commit
 * changes: a pack stores most of them as deltas against another version
 * of the same folder, so a delta is applied to its base, read the same
 * way, and the objects a chain of deltas goes through are kept (up to
 * BASE_BUDGET bytes), as the next tree read usually shares its chain.
 * Through libgit2 each of those reads set up a zlib stream of its own
 * (a 7 KiB state and a 32 KiB window), and the allocations of the
 * vendor-heavy history of bench/shapes-bench.sh were a fifth of its
 * cold build's processor time.
 *
 * Only packs with an index of version 2 in the repository's own objects
 * folder are read.  Anything else (a loose object, an alternate object
 * store, a delta whose base is in another pack, an entry that does not
 * inflate to the size its header gives, a delta that does not fit its
 * base) is left to libgit2, which also reports the errors: this path
 * never fails, it only answers or declines.  The packs are those present
 * when the first object is read; one written since is libgit2's too.
 * Every reader of a store (each thread's repository, the commit reader,
 * libgit2's reads through git-backend.c) shares one mapping of
 * its packs, and has its own decompressor and kept objects.
 *
 * The pack indexes are read by base/objects.c.  A pack (the format is
 * Documentation/gitformat-pack.txt in git) is "PACK", version 2 or 3,
 * its number of objects, then the entries: a type in bits 4-6 of the
 * first byte and the size in 4 + 7n bits, then for a delta where its
 * base is (an offset back in the pack, or an ID), then the zlib stream.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libdeflate.h>

#include "git-priv.h"
#include "base/objects.h"

#define PACK_HEADER	12

/* Object types of a pack entry (libgit2's git_object_t are the same). */
#define PACK_COMMIT	1
#define PACK_TREE	2
#define PACK_BLOB	3
#define PACK_TAG	4
#define PACK_OFS_DELTA	6
#define PACK_REF_DELTA	7

/*
 * Beyond this, libgit2 reads: an object this large is not worth a
 * buffer of its size held for the run.  (So it does beyond CBP_MAX_PACKS
 * packs: a repository of thousands of packs wants a repack more than
 * this.)
 */
#define MAX_OBJECT	(16u << 20)

/*
 * Deltas on deltas: git makes chains of 50 at most unless told otherwise
 * (pack.depth); a longer one is libgit2's.  Bases found by ID could even
 * go round in a circle, in a damaged pack.
 */
#define MAX_CHAIN	4096

/*
 * The objects of delta chains kept for the next read: slots of a table
 * an entry's pack and offset hash into (a newer entry takes the slot),
 * and no more than BASE_BUDGET bytes of them in all.  A kernel folder's
 * tree is a few KiB; the largest, of thousands of files, some 100 KiB.
 */
#define BASE_SLOTS	1024
#define BASE_BUDGET	(32u << 20)

/**
 * struct cbp_pack - one mapped pack and its index
 * @idx: the index
 * @data: the pack file, mapped
 * @data_len: its length
 */
struct cbp_pack {
	struct cbp_pack_index idx;
	const unsigned char *data;
	size_t data_len;
};

/**
 * struct base_slot - an object read through a delta chain, kept
 * @p: its pack (NULL: the slot is free)
 * @off: its entry's offset there
 * @type: its type (PACK_COMMIT to PACK_TAG)
 * @data: its content
 * @len: its length
 */
struct base_slot {
	const struct cbp_pack *p;
	unsigned long long off;
	int type;
	unsigned char *data;
	size_t len;
};

/**
 * struct chain_link - one delta of a chain, as read off its entry
 * @off: the entry's offset
 * @start: where its zlib stream starts
 * @size: what the stream inflates to (the delta's length)
 */
struct chain_link {
	unsigned long long off;
	size_t start;
	size_t size;
};

/**
 * struct pack_map - the packs of an object store, mapped once a process
 * @commondir: the git directory they are in (the key)
 * @pack: the packs
 * @nr: how many
 * @alloc: allocated entries of @pack
 * @users: the struct cbp_packs reading them
 * @next: the next store's
 */
struct pack_map {
	char *commondir;
	struct cbp_pack *pack;
	size_t nr, alloc;
	unsigned int users;
	struct pack_map *next;
};

/**
 * struct cbp_packs - the packs of an object database, for object reads
 * @map: the mapping, shared by every reader of the store
 * @pack: @map's packs
 * @nr: how many
 * @d: the decompressor every read uses, made by the first
 * @base: BASE_SLOTS objects of delta chains, allocated by the first delta
 * @base_bytes: the bytes of @base's objects
 * @delta: a buffer the deltas are inflated into, kept between reads
 * @delta_alloc: its size
 * @chain: the entries of the chain being read, kept between reads
 * @chain_alloc: room in @chain
 * @ends: ENDS_SLOTS entries known to end their chains, allocated by the
 *	  first cbp_git_packs_circular()
 */
struct cbp_packs {
	struct pack_map *map;
	const struct cbp_pack *pack;
	size_t nr;
	struct libdeflate_decompressor *d;
	struct base_slot *base;
	size_t base_bytes;
	unsigned char *delta;
	size_t delta_alloc;
	struct chain_link *chain;
	size_t chain_alloc;
	unsigned long long *ends;
};

static unsigned int be32(const unsigned char *p)
{
	return (unsigned int)p[0] << 24 | (unsigned int)p[1] << 16 |
	       (unsigned int)p[2] << 8 | p[3];
}

/* Does @p's pack start as a pack of as many objects as its index? */
static int data_valid(const struct cbp_pack *p)
{
	unsigned int version;

	if (p->data_len < PACK_HEADER + CBP_OID_RAWSZ ||
	    memcmp(p->data, "PACK", 4))
		return 0;
	version = be32(p->data + 4);
	return (version == 2 || version == 3) && be32(p->data + 8) == p->idx.nr;
}

static void unmap_pack(struct cbp_pack *p)
{
	cbp_pack_index_unmap(&p->idx);
	if (p->data)
		munmap((void *)p->data, p->data_len);
}

/*
 * Map objects/pack/NAME.idx and NAME.pack, if both are sound (@data: the
 * pack_map); one that is not is libgit2's.  Return: 0, to go on.
 */
static int add_pack(int dirfd, const char *idx_name, void *data)
{
	struct pack_map *m = data;
	struct cbp_pack p = { 0 };
	char *pack_name;

	if (cbp_pack_index_map(&p.idx, dirfd, idx_name))
		return 0;
	pack_name = cbp_strf("%.*s.pack", (int)(strlen(idx_name) - 4),
			     idx_name);
	p.data = cbp_map_file(dirfd, pack_name, &p.data_len);
	free(pack_name);
	if (!p.data || !data_valid(&p)) {
		unmap_pack(&p);
		return 0;
	}
	m->pack = cbp_grow(m->pack, sizeof(*m->pack), m->nr + 1, &m->alloc);
	m->pack[m->nr++] = p;
	return 0;
}

/*
 * The mappings of the stores in use, one each however many readers (the
 * threads' repositories, the commit reader, the backend of libgit2's
 * reads): mapped once, a pack's pages are counted and faulted in once.
 */
static struct pack_map *maps;
static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;

/* Map the packs of @commondir's objects folder (see cbp_git_packs_open()). */
static struct pack_map *map_packs(const char *commondir)
{
	struct pack_map *m = cbp_calloc(1, sizeof(*m));
	char *path;
	size_t i;
	int fd;

	m->commondir = cbp_strdup(commondir);
	if (getenv("GIT_OBJECT_DIRECTORY"))
		return m;
	path = cbp_strf("%s/objects/pack", commondir);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(path);
	if (fd < 0 || cbp_pack_indexes_each(fd, add_pack, m) >= 0)
		return m;
	/* Too many packs, or a folder that cannot be read: all libgit2's. */
	for (i = 0; i < m->nr; i++)
		unmap_pack(&m->pack[i]);
	m->nr = 0;
	return m;
}

/**
 * cbp_git_packs_open() - map the packs of a repository's objects folder
 * @commondir: the git directory shared by its worktrees
 *
 * The packs present at the first open of @commondir are mapped, and
 * shared by every open of it until the last is closed: a pack written
 * in between is libgit2's.
 *
 * Context: no error is recorded: a pack that cannot be used is left to
 * libgit2, and so is everything when the objects are elsewhere
 * ($GIT_OBJECT_DIRECTORY) or there are more than CBP_MAX_PACKS packs.
 * Any thread.
 *
 * Return: the packs, possibly none; never NULL.
 */
struct cbp_packs *cbp_git_packs_open(const char *commondir)
{
	struct cbp_packs *ps = cbp_calloc(1, sizeof(*ps));
	struct pack_map *m;

	pthread_mutex_lock(&maps_lock);
	for (m = maps; m && strcmp(m->commondir, commondir); m = m->next)
		;
	if (!m) {
		m = map_packs(commondir);
		m->next = maps;
		maps = m;
	}
	m->users++;
	pthread_mutex_unlock(&maps_lock);
	ps->map = m;
	ps->pack = m->pack;
	ps->nr = m->nr;
	return ps;
}

/* One reader less of @m: unmapped after the last. */
static void unmap_packs(struct pack_map *m)
{
	struct pack_map **pm;
	size_t i;

	pthread_mutex_lock(&maps_lock);
	if (--m->users) {
		pthread_mutex_unlock(&maps_lock);
		return;
	}
	for (pm = &maps; *pm != m; pm = &(*pm)->next)
		;
	*pm = m->next;
	pthread_mutex_unlock(&maps_lock);
	for (i = 0; i < m->nr; i++)
		unmap_pack(&m->pack[i]);
	free(m->pack);
	free(m->commondir);
	free(m);
}

/**
 * cbp_git_packs_close() - free what reading the packs kept
 * @ps: the packs, or NULL
 *
 * Context: any thread.
 */
void cbp_git_packs_close(struct cbp_packs *ps)
{
	size_t i;

	if (!ps)
		return;
	unmap_packs(ps->map);
	if (ps->d)
		libdeflate_free_decompressor(ps->d);
	for (i = 0; ps->base && i < BASE_SLOTS; i++)
		free(ps->base[i].data);
	free(ps->base);
	free(ps->delta);
	free(ps->chain);
	free(ps->ends);
	free(ps);
}

/*
 * Read the entry header at @off: its type, the size of what it
 * inflates to and where its stream starts.  0 on success.
 */
static int entry_header(const struct cbp_pack *p, unsigned long long off, int *type,
			unsigned long long *size, size_t *start)
{
	size_t end = p->data_len - CBP_OID_RAWSZ, i;
	unsigned int shift = 4;
	unsigned char c;

	if (off < PACK_HEADER || off >= end)
		return -1;
	i = (size_t)off;
	c = p->data[i++];
	*type = (c >> 4) & 7;
	*size = c & 15;
	while (c & 0x80) {
		if (i >= end || shift > 57)
			return -1;
		c = p->data[i++];
		*size |= (unsigned long long)(c & 0x7f) << shift;
		shift += 7;
	}
	*start = i;
	return 0;
}

/*
 * Inflate exactly @size bytes from @p's pack at @start into @buf: a
 * stream that inflates to more (no space left) or to less is refused.
 */
static int inflate_entry(struct cbp_packs *ps, const struct cbp_pack *p,
			 size_t start, char *buf, size_t size)
{
	size_t avail = p->data_len - CBP_OID_RAWSZ - start, out;

	if (!ps->d) {
		ps->d = libdeflate_alloc_decompressor();
		if (!ps->d)
			return -1;
	}
	if (libdeflate_zlib_decompress_ex(ps->d, p->data + start, avail, buf,
					  size, NULL, &out) != LIBDEFLATE_SUCCESS)
		return -1;
	return out == size ? 0 : -1;
}

/* The slot of @p's entry at @off in the kept objects. */
static struct base_slot *base_slot(struct cbp_packs *ps,
				   const struct cbp_pack *p,
				   unsigned long long off)
{
	unsigned long long h = (off ^ (unsigned long long)(p - ps->pack) << 48) *
			       0x9e3779b97f4a7c15ull;

	return &ps->base[h >> 54];
}

/* The object of @p's entry at @off, if kept; NULL if not. */
static const struct base_slot *base_find(struct cbp_packs *ps,
					 const struct cbp_pack *p,
					 unsigned long long off)
{
	const struct base_slot *s;

	if (!ps->base)
		return NULL;
	s = base_slot(ps, p, off);
	return s->p == p && s->off == off ? s : NULL;
}

/*
 * Keep @data (@len bytes, malloc()ed, of type @type), the object of @p's
 * entry at @off, in its slot; what the slot held goes.  Return: whether
 * it was kept (if not, the caller still owns @data).
 */
static int base_keep(struct cbp_packs *ps, const struct cbp_pack *p,
		     unsigned long long off, int type, unsigned char *data,
		     size_t len)
{
	struct base_slot *s;

	if (!ps->base)
		ps->base = cbp_calloc(BASE_SLOTS, sizeof(*ps->base));
	s = base_slot(ps, p, off);
	if (ps->base_bytes - s->len + len > BASE_BUDGET)
		return 0;
	ps->base_bytes -= s->len;
	free(s->data);
	*s = (struct base_slot){ .p = p, .off = off, .type = type,
				 .data = data, .len = len };
	ps->base_bytes += len;
	return 1;
}

/*
 * The size at *@pos of a delta's header (7 bits a byte, lowest first),
 * *@pos moved past it.  0 on success.
 */
static int delta_size(const unsigned char *d, size_t len, size_t *pos,
		      size_t *size)
{
	unsigned int shift = 0;
	unsigned char c;

	*size = 0;
	do {
		if (*pos >= len || shift > 56)
			return -1;
		c = d[(*pos)++];
		*size |= (size_t)(c & 0x7f) << shift;
		shift += 7;
	} while (c & 0x80);
	return 0;
}

/*
 * Apply delta @d (@len bytes) to @base (@base_len): the result in a new
 * buffer, *@out_len bytes long.  A delta made for a base of another size,
 * or whose copies or output go out of bounds, is refused: NULL.
 *
 * The delta is the size of its base and of its result, then commands: a
 * first byte with bit 7 set copies part of the base, its bits 0-3 saying
 * which of four bytes of offset follow, bits 4-6 which of three bytes of
 * size (a size of 0 is 0x10000); a first byte of 1 to 127 inserts that
 * many bytes, which follow; 0 is reserved.
 */
static unsigned char *apply_delta(const unsigned char *base, size_t base_len,
				  const unsigned char *d, size_t len,
				  size_t *out_len)
{
	size_t pos = 0, src, dst, o = 0, off, n;
	unsigned char *out, c;
	int k;

	if (delta_size(d, len, &pos, &src) || src != base_len ||
	    delta_size(d, len, &pos, &dst) || dst >= MAX_OBJECT)
		return NULL;
	out = cbp_malloc(dst + 1);
	while (pos < len) {
		c = d[pos++];
		if (c & 0x80) {
			off = 0;
			n = 0;
			for (k = 0; k < 7; k++) {
				if (!(c & (1u << k)))
					continue;
				if (pos >= len)
					goto bad;
				if (k < 4)
					off |= (size_t)d[pos++] << (8 * k);
				else
					n |= (size_t)d[pos++] << (8 * (k - 4));
			}
			if (!n)
				n = 0x10000;
			if (off > base_len || n > base_len - off || n > dst - o)
				goto bad;
			memcpy(out + o, base + off, n);
		} else if (c) {
			n = c;
			if (n > len - pos || n > dst - o)
				goto bad;
			memcpy(out + o, d + pos, n);
			pos += n;
		} else {
			goto bad;
		}
		o += n;
	}
	if (o != dst)
		goto bad;
	*out_len = dst;
	return out;
bad:
	free(out);
	return NULL;
}

/*
 * Where the base of the delta at @p's @off is, from the bytes after its
 * header at *@start (moved past them): an offset back in the same pack,
 * or (a delta by ID) the offset of that ID in the same pack.  0 if none.
 */
static unsigned long long delta_base(const struct cbp_pack *p,
				     unsigned long long off, int type,
				     size_t *start)
{
	size_t end = p->data_len - CBP_OID_RAWSZ, i = *start;
	unsigned long long back;
	unsigned char c;

	if (type == PACK_REF_DELTA) {
		if (end - i < CBP_OID_RAWSZ)
			return 0;
		*start = i + CBP_OID_RAWSZ;
		return cbp_pack_index_find(&p->idx, p->data + i);
	}
	/* Each byte after the first adds one before it shifts: no padding. */
	if (i >= end)
		return 0;
	c = p->data[i++];
	back = c & 0x7f;
	while (c & 0x80) {
		if (i >= end || back >= (1ull << 50))
			return 0;
		c = p->data[i++];
		back = ((back + 1) << 7) | (c & 0x7f);
	}
	*start = i;
	return back && back < off ? off - back : 0;
}

/*
 * The object of @p's entry at @off, through its delta chain: its type in
 * *@type, its content in *@data (*@len bytes), which is kept in the
 * table of bases when *@owned is 0 (valid until the next read) and is
 * the caller's to free when 1.  0 on success, -1 to leave the read to
 * libgit2.
 */
static int read_entry(struct cbp_packs *ps, const struct cbp_pack *p,
		      unsigned long long off, int *type,
		      const unsigned char **data, size_t *len, int *owned)
{
	const struct base_slot *kept;
	unsigned char *whole, *next;
	const unsigned char *cur;
	unsigned long long size;
	size_t nr = 0, start, cur_len, next_len;
	int t = 0, cur_owned;

	/* Back along the chain to an object kept, or one stored whole. */
	for (;;) {
		kept = base_find(ps, p, off);
		if (kept)
			break;
		if (entry_header(p, off, &t, &size, &start) ||
		    size >= MAX_OBJECT)
			return -1;
		if (t >= PACK_COMMIT && t <= PACK_TAG)
			break;
		if ((t != PACK_OFS_DELTA && t != PACK_REF_DELTA) ||
		    nr >= MAX_CHAIN)
			return -1;
		ps->chain = cbp_grow(ps->chain, sizeof(*ps->chain), nr + 1,
				     &ps->chain_alloc);
		ps->chain[nr].off = off;
		off = delta_base(p, off, t, &start);
		ps->chain[nr].start = start;
		ps->chain[nr++].size = (size_t)size;
		if (!off)
			return -1;
	}
	if (kept) {
		t = kept->type;
		cur = kept->data;
		cur_len = kept->len;
		cur_owned = 0;
	} else {
		whole = cbp_malloc((size_t)size + 1);
		cur_len = (size_t)size;
		if (inflate_entry(ps, p, start, (char *)whole, cur_len)) {
			free(whole);
			return -1;
		}
		cur = whole;
		cur_owned = !base_keep(ps, p, off, t, whole, cur_len);
	}
	/*
	 * Forward again, applying each delta to what the last one made.
	 * Keeping an object may free the slot's last one: that is never
	 * the one still to be read, which was applied just before.
	 */
	while (nr--) {
		const struct chain_link *l = &ps->chain[nr];

		ps->delta = cbp_grow(ps->delta, 1, l->size + 1, &ps->delta_alloc);
		next = NULL;
		if (!inflate_entry(ps, p, l->start, (char *)ps->delta, l->size))
			next = apply_delta(cur, cur_len, ps->delta, l->size,
					   &next_len);
		if (cur_owned)
			free((void *)cur);
		if (!next)
			return -1;
		cur = next;
		cur_len = next_len;
		cur_owned = !base_keep(ps, p, l->off, t, next, next_len);
	}
	*type = t;
	*data = cur;
	*len = cur_len;
	*owned = cur_owned;
	return 0;
}

/*
 * Where packs_read() puts an object: @get gives a buffer of @size bytes
 * and one more, for a NUL, or NULL.  A buffer given to keep (own_get())
 * is left in @buf, for its caller to free when the read fails; one the
 * sink keeps itself (kept_get()) is not.
 */
struct sink {
	char *(*get)(struct sink *s, size_t size);
	char *buf;
};

/*
 * The object @oid of the packs into the buffer of @s (*@len bytes,
 * NUL-terminated), its type in *@type; @want its type, or
 * GIT_OBJECT_ANY.  As cbp_git_packs_read() returns.
 */
static int packs_read(struct cbp_packs *ps, const struct cbp_oid *oid,
		      git_object_t want, git_object_t *type, struct sink *s,
		      size_t *len)
{
	const struct cbp_pack *p = NULL;
	const unsigned char *data;
	unsigned long long off = 0, size;
	size_t i, start;
	char *buf;
	int t, owned;

	for (i = 0; i < ps->nr && !off; i++) {
		p = &ps->pack[i];
		off = cbp_pack_index_find(&p->idx, oid->id);
	}
	if (!off || entry_header(p, off, &t, &size, &start))
		return 0;
	/* Stored whole (most commits): inflated into the buffer, no copy. */
	if (t >= PACK_COMMIT && t <= PACK_TAG) {
		if (want != GIT_OBJECT_ANY && t != (int)want)
			return CBP_GIT_NO_COMMIT;
		if (size >= MAX_OBJECT)
			return 0;
		buf = s->get(s, (size_t)size);
		if (!buf || inflate_entry(ps, p, start, buf, (size_t)size))
			return 0;
		*len = (size_t)size;
		buf[*len] = '\0';
		*type = (git_object_t)t;
		return 1;
	}
	if (read_entry(ps, p, off, &t, &data, len, &owned))
		return 0;
	if (want != GIT_OBJECT_ANY && t != (int)want) {
		if (owned)
			free((void *)data);
		return CBP_GIT_NO_COMMIT;
	}
	buf = s->get(s, *len);
	if (buf) {
		memcpy(buf, data, *len);
		buf[*len] = '\0';
	}
	if (owned)
		free((void *)data);
	if (!buf)
		return 0;
	*type = (git_object_t)t;
	return 1;
}

/* A buffer kept between reads, grown as needed. */
struct kept_sink {
	struct sink s;
	char **buf;
	size_t *alloc;
};

static char *kept_get(struct sink *s, size_t size)
{
	struct kept_sink *k = (struct kept_sink *)s;

	*k->buf = cbp_grow(*k->buf, 1, size + 1, k->alloc);
	return *k->buf;
}

/**
 * cbp_git_packs_read() - read an object from the packs
 * @ps: the packs
 * @oid: the object
 * @want: its type, GIT_OBJECT_COMMIT or GIT_OBJECT_TREE
 * @buf: a buffer kept between reads, grown as needed
 * @alloc: its size
 * @len: the object's length
 *
 * Context: one thread at a time per @ps (the decompressor and the kept
 * objects are shared).
 *
 * Return: 1 with the object in *@buf; CBP_GIT_NO_COMMIT if a pack has
 * @oid as another type of object; 0 if libgit2 must read it (not found,
 * too large, a delta it cannot resolve, not inflating as its header says).
 */
int cbp_git_packs_read(struct cbp_packs *ps, const struct cbp_oid *oid,
		       git_object_t want, char **buf, size_t *alloc,
		       size_t *len)
{
	struct kept_sink k = { .s.get = kept_get, .buf = buf, .alloc = alloc };
	git_object_t type;

	return packs_read(ps, oid, want, &type, &k.s, len);
}

/* A buffer of its own for each object, from the caller's allocator. */
struct own_sink {
	struct sink s;
	void *(*alloc)(size_t size, void *data);
	void *data;
};

static char *own_get(struct sink *s, size_t size)
{
	struct own_sink *o = (struct own_sink *)s;

	s->buf = o->alloc(size + 1, o->data);
	return s->buf;
}

/**
 * cbp_git_packs_read_any() - read an object of any type from the packs
 * @ps: the packs
 * @oid: the object
 * @type: set to its type
 * @alloc: gives the buffer for the object, @size bytes (its length and a
 *	   NUL), or NULL
 * @data: passed to @alloc
 * @out: set to that buffer
 * @len: the object's length
 *
 * The object goes straight into the caller's buffer (libgit2's, for a
 * backend), not through one of ours.
 *
 * Context: as cbp_git_packs_read().
 *
 * Return: 1 with the object in *@out; 0 if libgit2 must read it, with
 * *@out the buffer @alloc gave (the caller's to free), or NULL.
 */
int cbp_git_packs_read_any(struct cbp_packs *ps, const struct cbp_oid *oid,
			   git_object_t *type,
			   void *(*alloc)(size_t size, void *data),
			   void *data, char **out, size_t *len)
{
	struct own_sink o = { .s.get = own_get, .alloc = alloc, .data = data };
	int rc = packs_read(ps, oid, GIT_OBJECT_ANY, type, &o.s, len);

	*out = o.s.buf;
	return rc;
}

/*
 * Entries known to end their chains, for cbp_git_packs_circular(): a
 * table their pack and offset hash into, a newer entry taking the
 * slot.  The versions of a file are deltas on each other, so the walk
 * of one mostly stops at the first entry an earlier walk went through,
 * not at the chain's end.
 */
#define ENDS_SLOTS	16384

static size_t ends_slot(size_t pack, unsigned long long off)
{
	return (size_t)(((off * 0x9e3779b97f4a7c15ull) >> 40) ^ pack) &
	       (ENDS_SLOTS - 1);
}

/* The key of an entry in @ps->ends: never 0, which is a free slot. */
static unsigned long long ends_key(size_t pack, unsigned long long off)
{
	return off << 16 | (pack + 1);
}

/*
 * Does the chain of deltas from the entry at @off of @ps's pack @i go
 * round?  A base by offset lies before its delta, so a run of them
 * ends; a base by ID is an entry of the index, in the same pack (git
 * and libgit2 look for it nowhere else).  A chain that has taken more
 * bases by ID than the index lists has come back to one of them, and
 * from there goes round again.  Only the entries' headers are read; a
 * header or base that cannot be read ends the walk (the reader reports
 * that damage).
 */
static int chain_circular(struct cbp_packs *ps, size_t i,
			  unsigned long long off)
{
	const struct cbp_pack *p = &ps->pack[i];
	unsigned long long size;
	unsigned int by_id = 0;
	size_t nr = 0, start;
	int t;

	for (;;) {
		if (ps->ends[ends_slot(i, off)] == ends_key(i, off))
			break;
		if (entry_header(p, off, &t, &size, &start) ||
		    (t != PACK_OFS_DELTA && t != PACK_REF_DELTA))
			break;
		if (t == PACK_REF_DELTA && ++by_id > p->idx.nr)
			return 1;
		ps->chain = cbp_grow(ps->chain, sizeof(*ps->chain), nr + 1,
				     &ps->chain_alloc);
		ps->chain[nr++].off = off;
		off = delta_base(p, off, t, &start);
		if (!off)
			break;
	}
	while (nr--) {
		off = ps->chain[nr].off;
		ps->ends[ends_slot(i, off)] = ends_key(i, off);
	}
	return 0;
}

/**
 * cbp_git_packs_circular() - whether an object's deltas go round
 * @ps: the packs
 * @id: the object's ID, CBP_OID_RAWSZ bytes
 *
 * In a damaged pack, deltas by ID can name each other as bases: git and
 * libgit2 then follow the chain for ever (libgit2 growing it until the
 * memory runs out), so such an object must be refused before they read
 * it.
 *
 * Context: as cbp_git_packs_read(), whose buffer of chains the walks
 * use between reads.
 *
 * Return: 1 if a pack has @id at the head of a chain that goes round,
 * else 0 (whole, a chain that ends, damaged in another way, or in no
 * pack mapped).
 */
int cbp_git_packs_circular(struct cbp_packs *ps, const unsigned char *id)
{
	unsigned long long off;
	size_t i;

	if (!ps->ends && ps->nr)
		ps->ends = cbp_calloc(ENDS_SLOTS, sizeof(*ps->ends));
	for (i = 0; i < ps->nr; i++) {
		off = cbp_pack_index_find(&ps->pack[i].idx, id);
		if (off && chain_circular(ps, i, off))
			return 1;
	}
	return 0;
}

/**
 * cbp_git_packs_prefix() - the one object of the packs an ID starts with
 * @ps: the packs
 * @id: the ID's first @hexlen digits, the rest of its bytes zero
 * @hexlen: how many digits
 * @out: set to the object's ID, CBP_OID_RAWSZ bytes
 *
 * Context: as cbp_git_packs_circular().
 *
 * Return: 1 if the packs have one object starting so (in one pack or
 * more), 0 if none or several.
 */
int cbp_git_packs_prefix(const struct cbp_packs *ps, const unsigned char *id,
			 size_t hexlen, unsigned char *out)
{
	const unsigned char *found = NULL, *e;
	unsigned int pos, n;
	size_t i;

	for (i = 0; i < ps->nr; i++) {
		n = cbp_pack_index_prefix(&ps->pack[i].idx, id, hexlen, &pos);
		if (!n)
			continue;
		e = cbp_pack_index_id(&ps->pack[i].idx, pos);
		if (n > 1 || (found && memcmp(found, e, CBP_OID_RAWSZ)))
			return 0;
		found = e;
	}
	if (!found)
		return 0;
	memcpy(out, found, CBP_OID_RAWSZ);
	return 1;
}
