// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of git-moved.c (cmocka, TAP output): when two changes with
 * no path in common are one change made under other folders.  Each case
 * is a pair of patches written out here, read as check reads a mail's
 * diff (cbp_git_text_change()); the verdicts expected are the rules of
 * Documentation/checkbackport.rst ("adapted"), not the code's output.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <git2.h>

#include "git/git.h"

/* Upstream's hunk: two limits renamed. */
#define UPSTREAM_HUNK				\
	"@@ -1,4 +1,4 @@\n"			\
	" package mvcc\n"			\
	" // limits\n"				\
	"-var limit = 1\n"			\
	"-var wait = 2\n"			\
	"+var batchLimit = 1\n"			\
	"+var sleepFor = 2\n"

/* Upstream, after the move. */
static const char upstream[] =
	"diff --git a/server/storage/mvcc/limits.go b/server/storage/mvcc/limits.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/server/storage/mvcc/limits.go\n"
	"+++ b/server/storage/mvcc/limits.go\n"
	UPSTREAM_HUNK;

/* The hunk of a backport squashing the rename with another fix. */
#define SQUASH_HUNK				\
	"@@ -1,4 +1,6 @@\n"			\
	" package mvcc\n"			\
	" // limits\n"				\
	"-var limit = 1\n"			\
	"-var wait = 2\n"			\
	"+var batchLimit = 1\n"			\
	"+var sleepFor = 3\n"			\
	"+var ticker = newTicker()\n"		\
	"+var stop = ticker.Stop\n"

/* The backport before the move: 3 of upstream's 4 lines. */
static const char squash[] =
	"diff --git a/server/mvcc/limits.go b/server/mvcc/limits.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/server/mvcc/limits.go\n"
	"+++ b/server/mvcc/limits.go\n"
	SQUASH_HUNK;

/* The same lines under the old folder. */
static const char same[] =
	"diff --git a/server/mvcc/limits.go b/server/mvcc/limits.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/server/mvcc/limits.go\n"
	"+++ b/server/mvcc/limits.go\n"
	UPSTREAM_HUNK;

/* The squash's lines in a file of another name. */
static const char other_name[] =
	"diff --git a/server/mvcc/timers.go b/server/mvcc/timers.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/server/mvcc/timers.go\n"
	"+++ b/server/mvcc/timers.go\n"
	SQUASH_HUNK;

/* Upstream's hunk whole, around the same code, in a file renamed. */
static const char renamed_file[] =
	"diff --git a/server/mvcc/timers.go b/server/mvcc/timers.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/server/mvcc/timers.go\n"
	"+++ b/server/mvcc/timers.go\n"
	UPSTREAM_HUNK;

/* Upstream's lines changed amid other code, in a file of another name. */
static const char other_code[] =
	"diff --git a/server/mvcc/timers.go b/server/mvcc/timers.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/server/mvcc/timers.go\n"
	"+++ b/server/mvcc/timers.go\n"
	"@@ -1,4 +1,4 @@\n"
	" package mvcc\n"
	" // timers\n"
	"-var limit = 1\n"
	"-var wait = 2\n"
	"+var batchLimit = 1\n"
	"+var sleepFor = 2\n";

/* The same file under the old folder, one line in common. */
static const char one_line[] =
	"diff --git a/server/mvcc/limits.go b/server/mvcc/limits.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/server/mvcc/limits.go\n"
	"+++ b/server/mvcc/limits.go\n"
	"@@ -1,3 +1,3 @@\n"
	" package mvcc\n"
	" // limits\n"
	"-var limit = 1\n"
	"+var maxKeys = 1\n";

/*
 * Under a third folder (as etcd's release-3.4 has it): with the squash,
 * two lines of six in common, a third, too few.
 */
static const char third[] =
	"diff --git a/mvcc/limits.go b/mvcc/limits.go\n"
	"index 1111111..2222222 100644\n"
	"--- a/mvcc/limits.go\n"
	"+++ b/mvcc/limits.go\n"
	"@@ -1,5 +1,5 @@\n"
	" package mvcc\n"
	" // limits\n"
	"-var limit = 1\n"
	"-var wait = 2\n"
	"-var a = 1\n"
	"+var b = 1\n"
	"+var c = 1\n"
	"+var d = 1\n";

static void read_change(const char *diff, struct cbp_git_change *ch)
{
	assert_int_equal(cbp_git_text_change(diff, strlen(diff), ch), 0);
	assert_true(ch->has_pid);
}

/* cbp_git_change_moved(@a, @b): @want, and for a move, @ap and @bp. */
static void expect(const char *a, const char *b, enum cbp_git_moved want,
		   size_t want_alike, const char *want_ap, const char *want_bp)
{
	struct cbp_git_change ca, cb;
	const char *ap, *bp;
	size_t alike;

	read_change(a, &ca);
	read_change(b, &cb);
	assert_int_equal(cbp_git_change_common(&ca, &cb, NULL), 0);
	assert_int_equal(cbp_git_change_moved(&ca, &cb, &ap, &bp, &alike), want);
	assert_int_equal(alike, want_alike);
	if (want == CBP_GIT_MOVED_NONE) {
		assert_null(ap);
		assert_null(bp);
	} else {
		assert_string_equal(ap, want_ap);
		assert_string_equal(bp, want_bp);
	}
	cbp_git_change_release(&ca);
	cbp_git_change_release(&cb);
}

static void same_lines_are_the_same_change(void **state)
{
	(void)state;
	expect(same, upstream, CBP_GIT_MOVED_SAME, 0,
	       "server/mvcc/limits.go", "server/storage/mvcc/limits.go");
}

static void squash_is_alike_either_way(void **state)
{
	(void)state;
	expect(squash, upstream, CBP_GIT_MOVED_ALIKE, 1,
	       "server/mvcc/limits.go", "server/storage/mvcc/limits.go");
	expect(upstream, squash, CBP_GIT_MOVED_ALIKE, 1,
	       "server/storage/mvcc/limits.go", "server/mvcc/limits.go");
}

static void other_file_name_is_no_move(void **state)
{
	(void)state;
	expect(other_name, upstream, CBP_GIT_MOVED_NONE, 0, NULL, NULL);
}

/*
 * The same code changed the same way in a file of another name: a file
 * renamed (or split) between the branches, the same change.
 */
static void renamed_file_is_the_same_change(void **state)
{
	(void)state;
	expect(renamed_file, upstream, CBP_GIT_MOVED_SAME, 0,
	       "server/mvcc/timers.go", "server/storage/mvcc/limits.go");
	expect(upstream, renamed_file, CBP_GIT_MOVED_SAME, 0,
	       "server/storage/mvcc/limits.go", "server/mvcc/timers.go");
}

/*
 * The same lines changed in another file amid other code: two files
 * fixed alike, as a series does, where a citation shifted by one must
 * stay suspicious.
 */
static void same_lines_amid_other_code_is_no_move(void **state)
{
	(void)state;
	expect(other_code, upstream, CBP_GIT_MOVED_NONE, 0, NULL, NULL);
	expect(upstream, other_code, CBP_GIT_MOVED_NONE, 0, NULL, NULL);
}

static void one_line_in_common_is_not_alike(void **state)
{
	(void)state;
	expect(one_line, upstream, CBP_GIT_MOVED_NONE, 0, NULL, NULL);
}

static void less_than_half_is_not_alike(void **state)
{
	(void)state;
	expect(third, squash, CBP_GIT_MOVED_NONE, 0, NULL, NULL);
	/* With upstream, the same two lines are half of its four. */
	expect(third, upstream, CBP_GIT_MOVED_ALIKE, 1,
	       "mvcc/limits.go", "server/storage/mvcc/limits.go");
}

/* A binary file changed under the old folder, and under the new one. */
static const char binary_old[] =
	"diff --git a/mount/logo.png b/mount/logo.png\n"
	"index 1111111..2222222 100644\n"
	"Binary files a/mount/logo.png and b/mount/logo.png differ\n";
static const char binary_new[] =
	"diff --git a/core/mount/logo.png b/core/mount/logo.png\n"
	"index 3333333..4444444 100644\n"
	"Binary files a/core/mount/logo.png and b/core/mount/logo.png differ\n";

/* One line added to y/3.c. */
static const char moved_3c[] =
	"diff --git a/y/3.c b/y/3.c\n"
	"index 1111111..2222222 100644\n"
	"--- a/y/3.c\n"
	"+++ b/y/3.c\n"
	"@@ -1 +1,2 @@\n"
	" int x;\n"
	"+int y;\n";

/* Binary files have no lines to compare: whatever they became, no move. */
static void binary_files_are_no_move(void **state)
{
	(void)state;
	expect(binary_old, binary_new, CBP_GIT_MOVED_NONE, 0, NULL, NULL);
}

/* A patch adding one line to each of @nr files, "x/1.c" to "x/@nr.c". */
static void files_patch(struct cbp_git_change *ch, int nr)
{
	char diff[1024];
	size_t n = 0;
	int i;

	for (i = 1; i <= nr; i++)
		n += snprintf(diff + n, sizeof(diff) - n,
			      "diff --git a/x/%d.c b/x/%d.c\n"
			      "index 1111111..2222222 100644\n"
			      "--- a/x/%d.c\n+++ b/x/%d.c\n"
			      "@@ -1 +1,2 @@\n int x;\n+int y;\n",
			      i, i, i, i);
	assert_true(n < sizeof(diff));
	read_change(diff, ch);
}

/* Worth diffing: a file name in common, or sizes that may meet. */
static void may_move(void **state)
{
	struct cbp_git_change a, one, three;

	(void)state;
	read_change(one_line, &a);
	files_patch(&one, 1);
	files_patch(&three, 3);
	assert_true(cbp_git_change_may_move(&a, &one));
	assert_false(cbp_git_change_may_move(&a, &three));
	/* Sizes that do not meet, but a name in common (x/3.c, y/3.c). */
	cbp_git_change_release(&a);
	read_change(moved_3c, &a);
	assert_true(cbp_git_change_may_move(&a, &three));
	assert_true(cbp_git_change_may_move(&three, &a));
	cbp_git_change_release(&three);
	read_change(upstream, &three);
	assert_true(cbp_git_change_may_move(&a, &three));
	cbp_git_change_release(&a);
	cbp_git_change_release(&one);
	cbp_git_change_release(&three);
}

/*
 * A diff with a NUL byte in a line is no text patch, and libgit2 reads
 * past the line's end printing it back: refused, not read.
 */
static void nul_byte_is_refused(void **state)
{
	static const char nul[] =
		"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -0,0 +1 @@\n+\0\n";
	struct cbp_git_change ch;

	(void)state;
	assert_int_equal(cbp_git_text_change(nul, sizeof(nul) - 1, &ch), -1);
	assert_int_equal(ch.nr_paths, 0);
	assert_null(ch.files);
}

static int setup(void **state)
{
	(void)state;
	return git_libgit2_init() < 0;
}

static int teardown(void **state)
{
	(void)state;
	git_libgit2_shutdown();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_lines_are_the_same_change),
		cmocka_unit_test(squash_is_alike_either_way),
		cmocka_unit_test(renamed_file_is_the_same_change),
		cmocka_unit_test(same_lines_amid_other_code_is_no_move),
		cmocka_unit_test(other_file_name_is_no_move),
		cmocka_unit_test(one_line_in_common_is_not_alike),
		cmocka_unit_test(less_than_half_is_not_alike),
		cmocka_unit_test(binary_files_are_no_move),
		cmocka_unit_test(may_move),
		cmocka_unit_test(nul_byte_is_refused),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
