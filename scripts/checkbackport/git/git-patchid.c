// SPDX-License-Identifier: GPL-2.0
/*
 * Patch-ids: `git patch-id --stable` of commits and of patches, for
 * `names --patch-id` (through libgit2's diff, git-change.c) and `check --patch-id`
 * (through git's own command, as a pipeline, so that the answer is the
 * one a maintainer gets from git).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "git-priv.h"

/**
 * cbp_git_diff_patch_id() - the patch-id of a commit, by libgit2
 * @repo: the repository
 * @hex: the commit's full ID
 * @pid: CBP_OID_HEXSZ + 1 bytes for the patch-id in hex
 *
 * The patch-id link trust compares (cbp_git_change_of()).  Merges and
 * empty commits have none.  A commit without a patch-id is simply not
 * compared, so the caller need not report why.
 *
 * Return: 0, or -1 if there is no patch-id.
 */
int cbp_git_diff_patch_id(struct cbp_repo *repo, const char *hex, char *pid)
{
	struct cbp_git_change ch;
	struct cbp_oid oid;
	int err = -1;

	if (!cbp_oid_fromhex(&oid, hex) &&
	    !cbp_git_change_of(repo, &oid, 1, &ch)) {
		if (ch.has_pid) {
			memcpy(pid, ch.pid, sizeof(ch.pid));
			err = 0;
		}
		cbp_git_change_release(&ch);
	}
	git_error_clear();
	return err;
}

/* @s single-quoted for the shell. */
static char *shq(const char *s)
{
	size_t n = 3, i;
	char *q, *o;

	for (i = 0; s[i]; i++)
		n += s[i] == '\'' ? 4 : 1;
	q = cbp_malloc(n);
	o = q;
	*o++ = '\'';
	for (i = 0; s[i]; i++) {
		if (s[i] == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else {
			*o++ = s[i];
		}
	}
	*o++ = '\'';
	*o = '\0';
	return q;
}

/* Run a shell pipeline ending in git patch-id; collect its lines. */
static int run_patch_id(const char *cmd, struct cbp_patch_ids *out)
{
	char line[256];
	FILE *f = popen(cmd, "r");
	int rc;

	if (!f)
		return cbp_error("cannot run git patch-id: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char pid[CBP_OID_HEXSZ + 1], commit[CBP_OID_HEXSZ + 1];

		if (sscanf(line, "%40s %40s", pid, commit) != 2)
			continue;
		out->pid = cbp_grow(out->pid, sizeof(*out->pid), out->nr + 1,
				    &out->alloc);
		out->commit = cbp_realloc(out->commit,
					  out->alloc * sizeof(*out->commit));
		memcpy(out->pid[out->nr], pid, sizeof(pid));
		memcpy(out->commit[out->nr], commit, sizeof(commit));
		out->nr++;
	}
	rc = pclose(f);
	if (rc)
		return cbp_error("'%s' failed (status %d)", cmd, rc);
	return 0;
}

static char *git_cmd(struct cbp_repo *repo)
{
	char *dir = shq(cbp_git_dir(repo));
	char *s = cbp_strf("git --git-dir=%s", dir);

	free(dir);
	return s;
}

/**
 * cbp_git_patch_ids() - the patch-ids of the commits of a branch
 * @repo: the repository
 * @branch: the branch
 * @exclude: a branch whose commits to leave out, or NULL
 * @out: the patch-ids, appended to
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_patch_ids(struct cbp_repo *repo, const char *branch,
		      const char *exclude, struct cbp_patch_ids *out)
{
	char *git, *st, *ml, *cmd;
	int rc;

	git = git_cmd(repo);
	st = shq(branch);
	ml = shq(exclude ? exclude : "");
	cmd = cbp_strf("%s log --no-merges -p --format='commit %%H' %s %s%s %s",
		       git, st, exclude ? "--not " : "", exclude ? ml : "",
		       "| git patch-id --stable");
	rc = run_patch_id(cmd, out);
	free(cmd);
	free(ml);
	free(st);
	free(git);
	return rc;
}

/* The first patch-id a pipeline prints, or "" if none. */
static int first_patch_id(const char *cmd, char *pid)
{
	struct cbp_patch_ids one = { 0 };
	int rc = run_patch_id(cmd, &one);

	pid[0] = '\0';
	if (!rc && one.nr)
		memcpy(pid, one.pid[0], CBP_OID_HEXSZ + 1);
	cbp_patch_ids_release(&one);
	return rc;
}

/**
 * cbp_git_commit_patch_id() - the patch-id of a commit, by git
 * @repo: the repository
 * @hex: the commit's full ID
 * @pid: CBP_OID_HEXSZ + 1 bytes for the patch-id, "" if it has none
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_commit_patch_id(struct cbp_repo *repo, const char *hex, char *pid)
{
	char *git = git_cmd(repo), *q = shq(hex), *cmd;
	int rc;

	cmd = cbp_strf("%s show --format='commit %%H' %s | git patch-id --stable",
		       git, q);
	rc = first_patch_id(cmd, pid);
	free(cmd);
	free(q);
	free(git);
	return rc;
}

/**
 * cbp_git_text_patch_id() - the patch-id of a diff, by git
 * @diff: the diff, as in a mail
 * @len: its length
 * @pid: CBP_OID_HEXSZ + 1 bytes for the patch-id, "" if it has none
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_text_patch_id(const char *diff, size_t len, char *pid)
{
	char tmp[] = "/tmp/checkbackport-XXXXXX";
	char *cmd;
	int rc, fd;

	pid[0] = '\0';
	fd = mkstemp(tmp);
	if (fd < 0 || write(fd, diff, len) != (ssize_t)len) {
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return cbp_error("cannot write a temporary file: %s",
				 strerror(errno));
	}
	close(fd);
	cmd = cbp_strf("git patch-id --stable < %s", tmp);
	rc = first_patch_id(cmd, pid);
	free(cmd);
	unlink(tmp);
	return rc;
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
