// SPDX-License-Identifier: GPL-2.0
/*
 * Patch-ids of commits, of a branch's commits and of patches, for
 * `names --patch-id`, link trust and `check --patch-id`: all of them
 * patch-id.c's (`git patch-id --stable`, see there), of the diff libgit2
 * prints for a commit (git-change.c) or of a mail's own diff, in-process:
 * no shell, no git command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git-priv.h"
#include "base/patch-id.h"

/**
 * cbp_git_diff_patch_id() - the patch-id of a commit, by libgit2
 * @repo: the repository
 * @hex: the commit's full ID
 * @pid: CBP_OID_HEXSZ + 1 bytes for the patch-id in hex
 *
 * The patch-id link trust compares (cbp_git_change_of()).  Merges and
 * empty commits have none.  A commit that cannot be read (a blob missing
 * from a damaged or partial clone) is an error: "no patch-id" would be
 * taken for an answer.
 *
 * Return: 0, 1 if the commit has no patch-id, or -1 with the error
 * recorded when it cannot be read.
 */
int cbp_git_diff_patch_id(struct cbp_repo *repo, const char *hex, char *pid)
{
	struct cbp_git_change ch;
	struct cbp_oid oid;
	int err = 1;

	if (cbp_oid_fromhex(&oid, hex))
		return cbp_error("not a commit ID: %s", hex);
	if (cbp_git_change_of(repo, &oid, 1, &ch)) {
		char why[512];

		snprintf(why, sizeof(why), "%s", cbp_errmsg());
		git_error_clear();
		return cbp_error("cannot compute the patch-id of %.12s: %s", hex,
				 why);
	}
	if (ch.has_pid) {
		memcpy(pid, ch.pid, sizeof(ch.pid));
		err = 0;
	}
	cbp_git_change_release(&ch);
	git_error_clear();
	return err;
}

/* Add @pid of commit @oid to @out. */
static void add_patch_id(struct cbp_patch_ids *out, const git_oid *oid,
			 const char *pid)
{
	out->pid = cbp_grow(out->pid, sizeof(*out->pid), out->nr + 1,
			    &out->alloc);
	out->commit = cbp_realloc(out->commit,
				  out->alloc * sizeof(*out->commit));
	memcpy(out->pid[out->nr], pid, CBP_OID_HEXSZ + 1);
	cbp_oid_tohex(from_git(oid), out->commit[out->nr]);
	out->nr++;
}

/* Push the commit @rev names onto @walk, or hide it. */
static int walk_rev(struct cbp_repo *repo, git_revwalk *walk,
		    const char *rev, int hide)
{
	struct cbp_oid oid;

	if (cbp_git_resolve(repo, rev, &oid))
		return -1;
	if ((hide ? git_revwalk_hide(walk, to_git(&oid)) :
		    git_revwalk_push(walk, to_git(&oid))) < 0)
		return cbp_error_git("cannot walk the history");
	return 0;
}

/* A set of commit IDs, open addressing. */
struct oid_set {
	git_oid *slot;
	unsigned char *used;
	size_t size, nr;
};

static size_t oid_slot(const struct oid_set *s, const git_oid *oid)
{
	size_t h, i;

	memcpy(&h, oid->id, sizeof(h));
	for (i = h & (s->size - 1); s->used[i]; i = (i + 1) & (s->size - 1))
		if (git_oid_equal(&s->slot[i], oid))
			break;
	return i;
}

static int oid_set_has(const struct oid_set *s, const git_oid *oid)
{
	return s->size && s->used[oid_slot(s, oid)];
}

static void oid_set_add(struct oid_set *s, const git_oid *oid)
{
	size_t i;

	if (2 * (s->nr + 1) > s->size) {
		struct oid_set big = { .size = s->size ? 2 * s->size : 1024 };

		big.slot = cbp_calloc(big.size, sizeof(*big.slot));
		big.used = cbp_calloc(big.size, 1);
		for (i = 0; i < s->size; i++)
			if (s->used[i])
				oid_set_add(&big, &s->slot[i]);
		free(s->slot);
		free(s->used);
		*s = big;
	}
	i = oid_slot(s, oid);
	if (s->used[i])
		return;
	s->used[i] = 1;
	git_oid_cpy(&s->slot[i], oid);
	s->nr++;
}

static void oid_set_release(struct oid_set *s)
{
	free(s->slot);
	free(s->used);
	memset(s, 0, sizeof(*s));
}

/* Step *@c to its first parent (NULL at a root); 0, or -1 on error. */
static int first_parent(git_commit **c)
{
	git_commit *p = NULL;

	if (git_commit_parentcount(*c) && git_commit_parent(&p, *c, 0) < 0) {
		git_commit_free(*c);
		*c = NULL;
		return cbp_error_git("cannot read a commit's parent");
	}
	git_commit_free(*c);
	*c = p;
	return 0;
}

/*
 * Where @branch forked from @mainline: the newest commit both their
 * first-parent chains pass, found walking both a step at a time, so the
 * cost is the commits since the fork, not the history.
 *
 * Return: 1 with it in *@out, 0 if the chains never meet, -1 on error.
 */
static int fork_point(struct cbp_repo *repo, const char *branch,
		      const char *mainline, git_oid *out)
{
	struct oid_set seen[2] = { { 0 } };
	git_commit *c[2] = { NULL, NULL };
	struct cbp_oid tip[2];
	int found = 0, k;

	if (cbp_git_resolve(repo, branch, &tip[0]) ||
	    cbp_git_resolve(repo, mainline, &tip[1]))
		return -1;
	for (k = 0; k < 2; k++)
		if (git_commit_lookup(&c[k], repo->git, to_git(&tip[k])) < 0) {
			found = cbp_error_git("cannot read a commit");
			goto out;
		}
	while (!found && (c[0] || c[1])) {
		for (k = 0; k < 2 && !found; k++) {
			const git_oid *id;

			if (!c[k])
				continue;
			id = git_commit_id(c[k]);
			if (oid_set_has(&seen[!k], id)) {
				git_oid_cpy(out, id);
				found = 1;
				break;
			}
			oid_set_add(&seen[k], id);
			if (first_parent(&c[k]))
				found = -1;
		}
	}
out:
	for (k = 0; k < 2; k++) {
		git_commit_free(c[k]);
		oid_set_release(&seen[k]);
	}
	return found;
}

/**
 * cbp_git_patch_ids() - the patch-ids of the commits of a branch
 * @repo: the repository
 * @branch: the branch
 * @exclude: a branch whose commits to leave out, or NULL
 * @out: the patch-ids, appended to
 *
 * What `git log --no-merges -p BRANCH --not FORK | git patch-id --stable`
 * lists, computed in-process (cbp_git_change_of()), where FORK is where
 * the branch's first-parent chain leaves @exclude's: the branch's own
 * commits, even those @exclude has since merged (NetworkManager merges
 * its nm-1-* branches into main).  Where the chains never meet, all of
 * @exclude is left out.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_patch_ids(struct cbp_repo *repo, const char *branch,
		      const char *exclude, struct cbp_patch_ids *out)
{
	struct cbp_git_change ch;
	git_revwalk *walk;
	git_commit *c;
	git_oid oid, fork;
	int rc, merge, forked = 0;

	if (exclude) {
		forked = fork_point(repo, branch, exclude, &fork);
		if (forked < 0)
			return -1;
	}
	if (git_revwalk_new(&walk, repo->git) < 0)
		return cbp_error_git("cannot walk the history");
	if (walk_rev(repo, walk, branch, 0) ||
	    (forked && git_revwalk_hide(walk, &fork) < 0 &&
	     cbp_error_git("cannot walk the history")) ||
	    (exclude && !forked && walk_rev(repo, walk, exclude, 1))) {
		git_revwalk_free(walk);
		return -1;
	}
	while (!(rc = git_revwalk_next(&oid, walk))) {
		if (git_commit_lookup(&c, repo->git, &oid) < 0)
			break;
		merge = git_commit_parentcount(c) > 1;
		git_commit_free(c);
		if (merge)
			continue;
		if (cbp_git_change_of(repo, from_git(&oid), 1, &ch)) {
			git_revwalk_free(walk);
			return -1;
		}
		if (ch.has_pid)
			add_patch_id(out, &oid, ch.pid);
		cbp_git_change_release(&ch);
	}
	git_revwalk_free(walk);
	if (rc == GIT_ITEROVER) {
		git_error_clear();
		return 0;
	}
	return cbp_error_git("cannot walk the history");
}

/**
 * cbp_git_commit_patch_id() - the patch-id of a commit
 * @repo: the repository
 * @hex: the commit's full ID
 * @pid: CBP_OID_HEXSZ + 1 bytes for the patch-id, "" if it has none
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_commit_patch_id(struct cbp_repo *repo, const char *hex, char *pid)
{
	struct cbp_git_change ch;
	struct cbp_oid oid;

	pid[0] = '\0';
	if (cbp_oid_fromhex(&oid, hex))
		return cbp_error("not a commit ID: %s", hex);
	if (cbp_git_change_of(repo, &oid, 1, &ch))
		return -1;
	if (ch.has_pid)
		memcpy(pid, ch.pid, sizeof(ch.pid));
	cbp_git_change_release(&ch);
	return 0;
}

/**
 * cbp_git_text_patch_id() - the patch-id of a diff
 * @diff: the diff, as in a mail
 * @len: its length
 * @pid: CBP_OID_HEXSZ + 1 bytes for the patch-id, "" if it has none
 *
 * Return: 0.
 */
int cbp_git_text_patch_id(const char *diff, size_t len, char *pid)
{
	if (cbp_patch_id(diff, len, pid))
		pid[0] = '\0';
	return 0;
}

/**
 * cbp_patch_ids_release() - free what cbp_git_patch_ids() filled in
 * @ids: the patch-ids
 */
void cbp_patch_ids_release(struct cbp_patch_ids *ids)
{
	free(ids->pid);
	free(ids->commit);
	memset(ids, 0, sizeof(*ids));
}
