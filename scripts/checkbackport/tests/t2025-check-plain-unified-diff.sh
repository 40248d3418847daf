#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check reads a plain unified diff (diff -u, quilt: "--- " and "+++ "
# lines without "diff --git", paths with any first component, times after
# a tab, /dev/null for a new file) as git apply does, applies it to the
# tree, and says which form the patch had.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-hostile.sh"

CHECKBACKPORT_CACHE=$TRASH/cache
export CHECKBACKPORT_CACHE

test_expect_success 'set up a tree and a quilt patch' '
	fake_tree T &&
	mail q.patch "drm/foo: b is B, and a new file" <<-\EOF &&
	Index: linux/drivers/foo/a.c
	===================================================================
	--- linux.orig/drivers/foo/a.c	2025-01-06 10:00:00.000000000 +0000
	+++ linux/drivers/foo/a.c	2025-01-06 10:00:01.000000000 +0000
	@@ -1,3 +1,3 @@
	 a
	-b
	+B
	 c
	--- /dev/null	1970-01-01 00:00:00.000000000 +0000
	+++ linux/drivers/foo/n.c	2025-01-06 10:00:01.000000000 +0000
	@@ -0,0 +1 @@
	+new
	EOF
	mail g.patch "drm/foo: c is C" <<-\EOF
	diff --git a/drivers/foo/a.c b/drivers/foo/a.c
	--- a/drivers/foo/a.c
	+++ b/drivers/foo/a.c
	@@ -1,3 +1,3 @@
	 a
	 b
	-c
	+C
	EOF
'

test_expect_success 'a plain unified diff is read, not MALFORMED_PATCH' '
	git init -q repo &&
	(cd repo && test_commit base && git tag v6.12 &&
	 git branch linux-6.12.y && cbp index) &&
	echo "../q.patch:6: ERROR:UPSTREAM_UNKNOWN: upstream commit 1234567890ab1234567890ab1234567890ab1234: not in this repository" \
		>expect &&
	(cd repo && test_expect_code 1 cbp check --terse ../q.patch) >actual &&
	test_cmp expect actual
'

test_expect_success 'it applies to the tree, every file of it' '
	cbp check --no-build --tree T q.patch g.patch >out &&
	grep "^tree: applied; nothing built" out &&
	printf "a\nB\nC\n" >expect &&
	test_cmp expect cache/trees/linux-6.12.7-*/src/drivers/foo/a.c &&
	echo new >expect &&
	test_cmp expect cache/trees/linux-6.12.7-*/src/drivers/foo/n.c
'

test_expect_success 'the report says which form each diff had' '
	sed -n "/^q.patch/,/^[0-9]* error/p" out >q.out &&
	grep "^diff: a plain unified diff (no '\''diff --git'\'' lines), read as git apply reads it$" \
		q.out &&
	sed -n "/^g.patch/,/^[0-9]* error/p" out >g.out &&
	! grep "^diff:" g.out &&
	cbp check --json --no-build --tree T q.patch g.patch >j &&
	test "$(json_get j "\$j->{patches}[0]{diff_form}")" = unified &&
	test "$(json_get j "\$j->{patches}[1]{diff_form}")" = git
'

test_expect_success 'a context diff after a git diff is refused, not half read' '
	printf "b1\nb2\nb3\n" >T/drivers/foo/b.c &&
	mail mixed.patch "drm/foo: a.c, then b.c in another form" <<-\EOF &&
	diff --git a/drivers/foo/a.c b/drivers/foo/a.c
	--- a/drivers/foo/a.c
	+++ b/drivers/foo/a.c
	@@ -1,3 +1,3 @@
	 a
	-b
	+B
	 c
	And now the other file:
	*** drivers/foo/b.c.orig
	--- drivers/foo/b.c
	***************
	*** 1,3 ****
	  b1
	! b2
	  b3
	--- 1,3 ----
	  b1
	! B2
	  b3
	EOF
	rm -rf cache &&
	echo "mixed.patch:17: ERROR:MALFORMED_PATCH: a context diff (diff -c) at line 17: git am applies only unified diffs (diff -u, git diff); remake the patch with one" \
		>expect &&
	test_expect_code 1 cbp check --terse --no-build --tree T mixed.patch \
		>actual &&
	test_cmp expect actual &&
	printf "b1\nb2\nb3\n" >expect &&
	test_cmp expect cache/trees/linux-6.12.7-*/src/drivers/foo/b.c &&
	printf "a\nb\nc\n" >expect &&
	test_cmp expect cache/trees/linux-6.12.7-*/src/drivers/foo/a.c
'

test_done
