// SPDX-License-Identifier: GPL-2.0
/*
 * Reading commit objects in bulk, straight from the object database: the
 * builder reads every new commit exactly once, so this skips libgit2's
 * commit parsing and object cache and hands the raw object to
 * cbp_git_parse_commit(); a commit stored whole in a pack is read from
 * the pack directly (git-pack.c).  A cold build reads from one thread
 * while another stores; only the reading thread calls these.
 */
#include <stdlib.h>

#include "git-priv.h"

/**
 * cbp_git_odb_open() - open a repository's object database
 * @repo: the repository
 * @out: the object database
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_odb_open(struct cbp_repo *repo, struct cbp_odb **out)
{
	struct cbp_odb *odb = cbp_calloc(1, sizeof(*odb));

	*out = NULL;
	if (git_repository_odb(&odb->git, repo->git) < 0) {
		free(odb);
		return cbp_error_git("cannot open object database");
	}
	odb->commondir = cbp_strdup(git_repository_commondir(repo->git));
	*out = odb;
	return 0;
}

/**
 * cbp_git_odb_close() - close an object database
 * @odb: the object database, or NULL
 */
void cbp_git_odb_close(struct cbp_odb *odb)
{
	if (!odb)
		return;
	cbp_git_packs_close(odb->packs);
	git_odb_free(odb->git);
	free(odb->commondir);
	free(odb);
}

/**
 * cbp_git_read_commit() - read and parse one commit object
 * @odb: the object database
 * @oid: the commit
 * @c: filled in (see cbp_git_parse_commit()); call cbp_git_commit_done()
 *     when done with @c->msg
 *
 * Does not record an error when the object cannot be read, as the
 * builder reads from a thread of its own and only warns: libgit2's
 * message is then cbp_git_last_error(), in the same thread.
 *
 * Return: 0; CBP_GIT_NO_COMMIT if the object is not a commit; -1 if it
 * cannot be read (missing in a shallow clone, a damaged pack, ...).
 */
int cbp_git_read_commit(struct cbp_odb *odb, const struct cbp_oid *oid,
			struct cbp_git_commit *c)
{
	git_odb_object *obj;
	size_t len;
	int found;

	c->obj = NULL;
	if (!odb->packs)
		odb->packs = cbp_git_packs_open(odb->commondir);
	found = cbp_git_packs_read(odb->packs, oid, GIT_OBJECT_COMMIT, &c->raw,
				   &c->alloc_raw, &len);
	if (found == CBP_GIT_NO_COMMIT)
		return found;
	if (found)
		return cbp_git_parse_commit(c->raw, len, c);
	if (git_odb_read(&obj, odb->git, to_git(oid)) < 0)
		return -1;
	if (git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
		git_odb_object_free(obj);
		return CBP_GIT_NO_COMMIT;
	}
	c->obj = obj;
	return cbp_git_parse_commit(git_odb_object_data(obj),
				    git_odb_object_size(obj), c);
}

/**
 * cbp_git_commit_done() - release the object behind @c->msg
 * @c: a commit read by cbp_git_read_commit()
 *
 * The parents array is kept for the next read.
 */
void cbp_git_commit_done(struct cbp_git_commit *c)
{
	git_odb_object_free(c->obj);
	c->obj = NULL;
	c->msg = NULL;
	c->msg_len = 0;
}

/**
 * cbp_git_commit_release() - free everything a struct cbp_git_commit holds
 * @c: the commit
 */
void cbp_git_commit_release(struct cbp_git_commit *c)
{
	cbp_git_commit_done(c);
	free(c->raw);
	c->raw = NULL;
	c->alloc_raw = 0;
	free(c->parents);
	c->parents = NULL;
	c->nr_parents = 0;
	c->alloc_parents = 0;
}
