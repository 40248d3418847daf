// SPDX-License-Identifier: GPL-2.0
/*
 * A guard in front of libgit2's reads of packed objects.  In a damaged
 * or crafted pack, deltas by ID can name each other as their bases, and
 * libgit2 then follows the chain for ever, growing it by the gigabyte
 * until the memory runs out (git itself hangs on such a pack).  Every
 * libgit2 read of the repository asks the object databases' backends in
 * turn, highest priority first: this one comes first, walks the
 * object's chain of deltas in the mapped packs (its entries' headers
 * alone, git-pack.c) and fails the read with a message if the chain goes
 * round, so that the caller reports an object it cannot read; otherwise
 * it passes, and libgit2's own backends read as before.
 *
 * libgit2 asks the backends under the object database's lock, so the
 * guard's packs, mapped on its first question, are used by one thread
 * at a time.  Not walked: a pack written after that (libgit2 looks for
 * one when an object is not found, which is frequent, and mapping the
 * packs again each time would cost more than the rare damage it
 * guards against), one of an index of version 1, alternate stores.
 */
#include <stdio.h>
#include <stdlib.h>

#include <git2/sys/odb_backend.h>

#include "git-priv.h"

/* Above libgit2's own backends (loose 1, packed 2). */
#define GUARD_PRIORITY	1000

/**
 * struct guard - the backend
 * @parent: what libgit2 calls
 * @packs: the packs, mapped on the first question
 * @commondir: where they are
 */
struct guard {
	git_odb_backend parent;
	struct cbp_packs *packs;
	char *commondir;
};

/* GIT_PASSTHROUGH to let libgit2 read @id, or an error if it goes round. */
static int guard_check(struct guard *g, const git_oid *id)
{
	char msg[160];

	if (!g->packs)
		g->packs = cbp_git_packs_open(g->commondir);
	if (!cbp_git_packs_circular(g->packs, id->id))
		return GIT_PASSTHROUGH;
	snprintf(msg, sizeof(msg),
		 "object %s is a delta whose bases go round in a circle: its pack is damaged",
		 git_oid_tostr_s(id));
	git_error_set_str(GIT_ERROR_ODB, msg);
	return GIT_ERROR;
}

static int guard_read(void **data, size_t *len, git_object_t *type,
		      git_odb_backend *b, const git_oid *id)
{
	(void)data;
	(void)len;
	(void)type;
	return guard_check((struct guard *)b, id);
}

static int guard_read_header(size_t *len, git_object_t *type,
			     git_odb_backend *b, const git_oid *id)
{
	(void)len;
	(void)type;
	return guard_check((struct guard *)b, id);
}

/* An abbreviated ID: the object it names, if the packs have only one. */
static int guard_read_prefix(git_oid *out, void **data, size_t *len,
			     git_object_t *type, git_odb_backend *b,
			     const git_oid *id, size_t hexlen)
{
	struct guard *g = (struct guard *)b;
	git_oid full;

	(void)out;
	(void)data;
	(void)len;
	(void)type;
	if (hexlen >= GIT_OID_HEXSZ)
		return guard_check(g, id);
	if (!g->packs)
		g->packs = cbp_git_packs_open(g->commondir);
	if (!cbp_git_packs_prefix(g->packs, id->id, hexlen, full.id))
		return GIT_PASSTHROUGH;
	return guard_check(g, &full);
}

/* It stores nothing: libgit2 calls foreach without asking first. */
static int guard_foreach(git_odb_backend *b, git_odb_foreach_cb cb,
			 void *payload)
{
	(void)b;
	(void)cb;
	(void)payload;
	return 0;
}

static void guard_free(git_odb_backend *b)
{
	struct guard *g = (struct guard *)b;

	cbp_git_packs_close(g->packs);
	free(g->commondir);
	free(g);
}

/**
 * cbp_git_guard_add() - refuse objects whose deltas go round, for libgit2
 * @git: a repository just opened
 *
 * Context: before any object of @git is read.
 *
 * Return: 0, or -1 with libgit2's error (the repository is unchanged).
 */
int cbp_git_guard_add(git_repository *git)
{
	struct guard *g;
	git_odb *odb;
	int err;

	if (git_repository_odb(&odb, git) < 0)
		return -1;
	g = cbp_calloc(1, sizeof(*g));
	git_odb_init_backend(&g->parent, GIT_ODB_BACKEND_VERSION);
	g->parent.read = guard_read;
	g->parent.read_header = guard_read_header;
	g->parent.read_prefix = guard_read_prefix;
	g->parent.foreach = guard_foreach;
	g->parent.free = guard_free;
	g->commondir = cbp_strdup(git_repository_commondir(git));
	err = git_odb_add_backend(odb, &g->parent, GUARD_PRIORITY);
	if (err < 0)
		guard_free(&g->parent);
	git_odb_free(odb);
	return err < 0 ? -1 : 0;
}
