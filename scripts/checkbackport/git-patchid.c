// SPDX-License-Identifier: GPL-2.0
/*
 * Patch-ids for `check --patch-id`, by way of git patch-id --stable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cbp.h"
#include "check.h"


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
static int run_patch_id(const char *cmd, struct patch_ids *out)
{
	char line[256];
	FILE *f = popen(cmd, "r");
	int rc;

	if (!f)
		return cbp_error("cannot run git patch-id: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char pid[41], commit[41];

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

static char *git_cmd(struct checker *chk)
{
	char *dir = shq(git_repository_path(chk->ctx->repo));
	char *s = cbp_strf("git --git-dir=%s", dir);

	free(dir);
	return s;
}

int cbp_load_patch_ids(struct checker *chk)
{
	char *git, *st, *ml, *cmd;
	int rc;

	if (chk->pids.loaded)
		return 0;
	chk->pids.loaded = 1;
	git = git_cmd(chk);
	st = shq(chk->stable);
	ml = shq(chk->mainline);
	cmd = cbp_strf("%s log --no-merges -p --format='commit %%H' %s %s%s | git patch-id --stable",
		   git, st, chk->have_mainline ? "--not " : "",
		   chk->have_mainline ? ml : "");
	rc = run_patch_id(cmd, &chk->pids);
	free(cmd);
	free(ml);
	free(st);
	free(git);
	return rc;
}

int cbp_patch_id_of(struct checker *chk, const struct cbp_patch *p,
		       char *out)
{
	struct patch_ids one = { 0 };
	char tmp[] = "/tmp/checkbackport-XXXXXX";
	char *git, *cmd, *hex;
	int rc, fd = -1;

	out[0] = '\0';
	git = git_cmd(chk);
	if (p->commit[0]) {
		hex = shq(p->commit);
		cmd = cbp_strf("%s show --format='commit %%H' %s | git patch-id --stable",
			   git, hex);
		free(hex);
	} else {
		if (!p->diff)
			goto none;
		fd = mkstemp(tmp);
		if (fd < 0 || write(fd, p->diff, p->diff_len) !=
		    (ssize_t)p->diff_len) {
			free(git);
			if (fd >= 0) {
				close(fd);
				unlink(tmp);
			}
			return cbp_error("cannot write a temporary file: %s",
					 strerror(errno));
		}
		close(fd);
		cmd = cbp_strf("git patch-id --stable < %s", tmp);
	}
	rc = run_patch_id(cmd, &one);
	free(cmd);
	if (fd >= 0)
		unlink(tmp);
	if (!rc && one.nr)
		memcpy(out, one.pid[0], 41);
	free(one.pid);
	free(one.commit);
	free(git);
	return rc;
none:
	free(git);
	return 0;
}
