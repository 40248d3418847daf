// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of git-change.c and patch-id.c (cmocka, TAP output): the
 * one patch-id (of a commit, from libgit2's diff; of a mail, from its
 * text) must be `git patch-id --stable` of what `git show` prints, the
 * "similarity index" lines of renames left out (patch-id.c says why),
 * and the file set what `git diff-tree --no-renames` names.  The
 * expected values come from git itself, run on a repository the test
 * builds with plain git.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "git/git.h"
#include "base/trailer.h"

static char dir[64];
static struct cbp_repo *repo;

/* Output of a shell command run in the repository, trailing newline cut. */
static char *run(const char *fmt, ...)
{
	static char out[8192];
	char cmd[1024];
	size_t n = 0;
	va_list ap;
	FILE *f;

	va_start(ap, fmt);
	n = snprintf(cmd, sizeof(cmd), "cd '%s' && ", dir);
	vsnprintf(cmd + n, sizeof(cmd) - n, fmt, ap);
	va_end(ap);
	f = popen(cmd, "r");
	assert_non_null(f);
	n = fread(out, 1, sizeof(out) - 1, f);
	out[n] = '\0';
	assert_int_equal(pclose(f), 0);
	while (n && out[n - 1] == '\n')
		out[--n] = '\0';
	return out;
}

/* The test repository, one commit (or so) per step; subjects name them. */
static const char *const setup_steps[] = {
	"git init -q -b master .",
	"printf 'a\\nb\\nc\\nd\\ne\\nf\\ng\\nh\\ni\\nj\\nk\\n' >x.c",
	"printf 'line\\n' >y.c && git add . && git commit -qm root",
	"sed -i 's/^b$/B/; s/^j$/J/' x.c && git commit -qam 'two hunks'",
	"mkdir dir && printf 'new\\n' >dir/z.c",
	"git add dir && git commit -qm 'add a file'",
	"git rm -q y.c && git commit -qm 'delete a file'",
	"chmod +x x.c && git commit -qam 'mode change'",
	"printf 'tail' >>x.c && git commit -qam 'no newline at end'",
	"printf 'x\\r\\ny\\r\\n' >crlf.c && git add crlf.c && git commit -qm crlf",
	"printf 'q\\n' >>crlf.c && printf 'r\\n' >>dir/z.c",
	"git commit -qam 'two files'",
	"git mv dir/z.c dir/w.c && git commit -qm 'pure rename'",
	"git mv crlf.c crlf2.c && printf 's\\n' >>crlf2.c && git add crlf2.c",
	"git commit -qm 'rename with a change'",
	"head -c 256 /dev/zero | tr '\\0' '\\1' >bin.dat && git add bin.dat",
	"git commit -qm binary",
	"printf 'x\\0y' >nul.dat && git add nul.dat",
	"git commit -qm 'binary with NUL'",
	"printf 'x\\0z' >nul.dat && git commit -qam 'binary change'",
	"git commit -q --allow-empty -m empty",
	"git checkout -q -b side HEAD~5 && printf 'side\\n' >side.c",
	"git add side.c && git commit -qm side && git checkout -q master",
	"git merge -q --no-ff -m merge side",
};

static int setup(void **state)
{
	size_t i;

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/cbp-unit-change.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	/* No user or system config: the same repository everywhere. */
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("HOME", dir, 1);
	setenv("GIT_AUTHOR_NAME", "A", 1);
	setenv("GIT_AUTHOR_EMAIL", "a@example.com", 1);
	setenv("GIT_COMMITTER_NAME", "C", 1);
	setenv("GIT_COMMITTER_EMAIL", "c@example.com", 1);
	for (i = 0; i < ARRAY_SIZE(setup_steps); i++)
		run("%s", setup_steps[i]);
	return cbp_git_open(&repo, dir);
}

static int teardown(void **state)
{
	char cmd[256];

	(void)state;
	cbp_git_close(repo);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd);
}

/* The full ID of the commit with @subject. */
static const char *commit_of(const char *subject)
{
	static char hex[CBP_OID_HEXSZ + 1];

	snprintf(hex, sizeof(hex), "%s",
		 run("git log --all --format=%%H --grep='^%s$'", subject));
	return hex;
}

static void change_of(const char *subject, int want_pid,
		      struct cbp_git_change *ch)
{
	struct cbp_oid oid;

	assert_int_equal(cbp_oid_fromhex(&oid, commit_of(subject)), 0);
	assert_int_equal(cbp_git_change_of(repo, &oid, want_pid, ch), 0);
}

/*
 * git's patch-id of the commit with @subject, "" if it has none; without
 * the similarity of a rename, which depends on the program finding it.
 */
static char *git_pid(const char *subject)
{
	return run("git show %s | sed '/^similarity index /d' | %s",
		   commit_of(subject), "git patch-id --stable | cut -c1-40");
}

/* git's file set, one line each, sorted. */
static char *git_paths(const char *subject)
{
	return run("git diff-tree --root -r --no-commit-id --name-only --no-renames %s | sort -u",
		   commit_of(subject));
}

static char *joined(const struct cbp_git_change *ch)
{
	static char buf[4096];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < ch->nr_paths; i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? "\n" : "",
			      ch->paths[i]);
	return buf;
}

/*
 * Every shape of commit with a patch-id: text, additions, deletions,
 * modes, renames with and without changes, binary files.
 */
static const char *const same_as_git[] = {
	"root", "two hunks", "add a file", "delete a file", "mode change",
	"no newline at end", "crlf", "two files", "pure rename",
	"rename with a change", "binary", "binary with NUL", "binary change",
};

/*
 * The same as mails (not the binary files git cannot show as text:
 * format-patch writes a binary file's
 * full blob IDs, git show abbreviated ones, and git's patch-id hashes
 * them as written, so git itself gives the two different patch-ids).
 */
static const char *const mailed[] = {
	"root", "two hunks", "add a file", "delete a file", "mode change",
	"no newline at end", "crlf", "two files", "pure rename",
	"rename with a change",
};

static void patch_id_is_gits(void **state)
{
	struct cbp_git_change ch;
	char want[64];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(same_as_git); i++) {
		snprintf(want, sizeof(want), "%s", git_pid(same_as_git[i]));
		assert_int_equal(strlen(want), 40);
		change_of(same_as_git[i], 1, &ch);
		assert_true(ch.has_pid);
		assert_string_equal(ch.pid, want);
		cbp_git_change_release(&ch);
	}
}

static void paths_are_gits(void **state)
{
	static const char *const all[] = {
		"root", "two hunks", "add a file", "delete a file",
		"mode change", "two files", "pure rename",
		"rename with a change", "binary", "side",
	};
	struct cbp_git_change ch;
	char want[4096];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(all); i++) {
		snprintf(want, sizeof(want), "%s", git_paths(all[i]));
		change_of(all[i], 0, &ch);
		assert_false(ch.has_pid);
		assert_string_equal(joined(&ch), want);
		cbp_git_change_release(&ch);
	}
	/* A rename touches both its paths. */
	change_of("pure rename", 1, &ch);
	assert_string_equal(joined(&ch), "dir/w.c\ndir/z.c");
	cbp_git_change_release(&ch);
}

static void no_patch_id(void **state)
{
	struct cbp_git_change ch;

	(void)state;
	/* git patch-id prints nothing for an empty commit or a merge. */
	assert_string_equal(git_pid("empty"), "");
	change_of("empty", 1, &ch);
	assert_false(ch.has_pid);
	assert_int_equal(ch.nr_paths, 0);
	cbp_git_change_release(&ch);
	change_of("merge", 1, &ch);
	assert_false(ch.has_pid);
	/* Against the first parent: what the side branch brought. */
	assert_string_equal(joined(&ch), "side.c");
	cbp_git_change_release(&ch);
}

static void text_is_commit(void **state)
{
	struct cbp_git_change ch, text;
	char diff[8192];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(mailed); i++) {
		change_of(mailed[i], 1, &ch);
		/* The diff as a mail carries it, up to the signature. */
		snprintf(diff, sizeof(diff), "%s\n",
			 run("git format-patch --stdout -1 %s | %s",
			     commit_of(mailed[i]),
			     "sed -n '/^diff --git/,$p' | sed '/^-- $/,$d'"));
		assert_int_equal(cbp_git_text_change(diff, strlen(diff), &text), 0);
		assert_true(text.has_pid);
		assert_string_equal(text.pid, ch.pid);
		assert_string_equal(joined(&text), joined(&ch));
		cbp_git_change_release(&text);
		cbp_git_change_release(&ch);
	}
}

static void common_files(void **state)
{
	struct cbp_git_change a, b;
	const char *first;

	(void)state;
	change_of("two files", 0, &a);
	change_of("add a file", 0, &b);
	assert_int_equal(cbp_git_change_common(&a, &b, &first), 1);
	assert_string_equal(first, "dir/z.c");
	cbp_git_change_release(&b);
	change_of("delete a file", 0, &b);
	assert_int_equal(cbp_git_change_common(&a, &b, &first), 0);
	assert_null(first);
	cbp_git_change_release(&b);
	cbp_git_change_release(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(patch_id_is_gits),
		cmocka_unit_test(paths_are_gits),
		cmocka_unit_test(no_patch_id),
		cmocka_unit_test(text_is_commit),
		cmocka_unit_test(common_files),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
