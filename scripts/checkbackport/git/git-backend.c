// SPDX-License-Identifier: GPL-2.0
/*
 * An object database backend in front of libgit2's own, asked first for
 * every object libgit2 reads (blobs to compare two changes, trees of its
 * diffs, commits a query looks up).  It does two things.
 *
 * It reads packed objects through git-pack.c.  libgit2 keeps no object
 * of a delta chain over 1 MiB, so it rebuilds each version of a large
 * file from its chain's far end, and sets up a zlib stream for each
 * entry; git-pack.c keeps the objects chains go through (32 MiB) and
 * inflates an entry in one call.  Cold index against libgit2's reads
 * (and both with the heap settings of main()): glibc 3.0-3.6 to 2.0 s,
 * Redis 1.8-2.0 to 1.4 s, util-linux 1.2 to 1.0 s, 40 MB more memory.
 *
 * And it refuses an object whose deltas go round.  In a damaged or
 * crafted pack, deltas by ID can name each other as their bases: git
 * hangs on such an object, and libgit2 follows the chain for ever,
 * growing it by the gigabyte until the memory runs out.  git-pack.c
 * declines a chain over 4096 deltas; such an object is then walked by
 * its entries' headers (cbp_git_packs_circular()), and one that goes
 * round fails the read with a message, which the caller reports as any
 * object it cannot read.  Anything else git-pack.c declines (a loose
 * object, a damaged entry, a base in another pack, over 16 MiB) passes
 * on to libgit2's backends, which read it or say why not.
 *
 * libgit2 asks the backends under the object database's lock, so the
 * backend's packs, mapped on its first question, are read by one thread
 * at a time.  Not read here, and not walked: a pack written after that
 * (libgit2 looks for new packs whenever an object is not found, which
 * is frequent, and mapping them again each time would cost more than
 * the rare damage it guards against), one of an index of version 1, an
 * alternate store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <git2/sys/odb_backend.h>

#include "git-priv.h"

/* Above libgit2's own backends (loose 1, packed 2). */
#define BACKEND_PRIORITY	1000

/**
 * struct backend - the backend
 * @parent: what libgit2 calls
 * @packs: the packs, mapped on the first question
 * @commondir: where they are
 */
struct backend {
	git_odb_backend parent;
	struct cbp_packs *packs;
	char *commondir;
};

static struct cbp_packs *packs_of(struct backend *be)
{
	if (!be->packs)
		be->packs = cbp_git_packs_open(be->commondir);
	return be->packs;
}

/* GIT_PASSTHROUGH to let libgit2 read @id, or an error if it goes round. */
static int check_circle(struct backend *be, const git_oid *id)
{
	char msg[160];

	if (!cbp_git_packs_circular(packs_of(be), id->id))
		return GIT_PASSTHROUGH;
	snprintf(msg, sizeof(msg),
		 "object %s is a delta whose bases go round in a circle: its pack is damaged",
		 git_oid_tostr_s(id));
	git_error_set_str(GIT_ERROR_ODB, msg);
	return GIT_ERROR;
}

/* libgit2's buffer for an object @size bytes long (with its NUL). */
static void *data_alloc(size_t size, void *data)
{
	return git_odb_backend_data_alloc(data, size);
}

static int backend_read(void **data, size_t *len, git_object_t *type,
			git_odb_backend *b, const git_oid *id)
{
	struct backend *be = (struct backend *)b;
	char *buf;

	/* Read into libgit2's buffer: no copy through one of ours. */
	if (cbp_git_packs_read_any(packs_of(be), from_git(id), type, data_alloc,
				   b, &buf, len) != 1) {
		if (buf)
			git_odb_backend_data_free(b, buf);
		return check_circle(be, id);
	}
	*data = buf;
	return 0;
}

static int backend_read_header(size_t *len, git_object_t *type,
			       git_odb_backend *b, const git_oid *id)
{
	(void)len;
	(void)type;
	return check_circle((struct backend *)b, id);
}

/* An abbreviated ID: the object it names, if the packs have only one. */
static int backend_read_prefix(git_oid *out, void **data, size_t *len,
			       git_object_t *type, git_odb_backend *b,
			       const git_oid *id, size_t hexlen)
{
	struct backend *be = (struct backend *)b;
	git_oid full;

	(void)out;
	(void)data;
	(void)len;
	(void)type;
	if (hexlen >= GIT_OID_HEXSZ)
		return check_circle(be, id);
	if (!cbp_git_packs_prefix(packs_of(be), id->id, hexlen, full.id))
		return GIT_PASSTHROUGH;
	return check_circle(be, &full);
}

/* It lists nothing: libgit2 calls foreach without asking first. */
static int backend_foreach(git_odb_backend *b, git_odb_foreach_cb cb,
			   void *payload)
{
	(void)b;
	(void)cb;
	(void)payload;
	return 0;
}

static void backend_free(git_odb_backend *b)
{
	struct backend *be = (struct backend *)b;

	cbp_git_packs_close(be->packs);
	free(be->commondir);
	free(be);
}

/**
 * cbp_git_backend_add() - read packed objects for libgit2, refuse circles
 * @git: a repository just opened
 *
 * Context: before any object of @git is read.
 *
 * Return: 0, or -1 with libgit2's error (the repository is unchanged).
 */
int cbp_git_backend_add(git_repository *git)
{
	struct backend *be;
	git_odb *odb;
	int err;

	if (git_repository_odb(&odb, git) < 0)
		return -1;
	be = cbp_calloc(1, sizeof(*be));
	git_odb_init_backend(&be->parent, GIT_ODB_BACKEND_VERSION);
	be->parent.read = backend_read;
	be->parent.read_header = backend_read_header;
	be->parent.read_prefix = backend_read_prefix;
	be->parent.foreach = backend_foreach;
	be->parent.free = backend_free;
	be->commondir = cbp_strdup(git_repository_commondir(git));
	err = git_odb_add_backend(odb, &be->parent, BACKEND_PRIORITY);
	if (err < 0)
		backend_free(&be->parent);
	git_odb_free(odb);
	return err < 0 ? -1 : 0;
}
