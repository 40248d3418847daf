#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check --tree against a hostile tree and hostile patches: the tool
# writes only files it created, in directories it created, never through
# a hard or symbolic link into the tree (a file named as its temporary, a
# directory the tree turned into a link, a cache reached through a link
# into the tree); a FIFO or a device where a Makefile should be is
# refused at once; a series of patches that try to escape yields one
# report per patch, and leaves every inode, mode, link count and byte of
# the tree and of what its links lead to as it was.

. "$(dirname "$0")/lib.sh"
. "$CBP_DIR/tests/check-lib.sh"
. "$CBP_DIR/tests/hostile-lib.sh"

CHECKBACKPORT_CACHE=$TRASH/cache
export CHECKBACKPORT_CACHE

test_expect_success 'set up a tree and two patches' '
	fake_tree T &&
	echo junk >T/drivers/foo/a.c.cbp-new &&
	mkdir -p T/drivers/real T/drivers/bar &&
	printf "r1\nr2\nr3\n" >T/drivers/real/r.c &&
	chmod 640 T/drivers/real/r.c &&
	cp T/drivers/real/r.c T/drivers/bar/r.c &&
	mail a.patch "drm/foo: b is B" <<-\EOF &&
	diff --git a/drivers/foo/a.c b/drivers/foo/a.c
	--- a/drivers/foo/a.c
	+++ b/drivers/foo/a.c
	@@ -1,3 +1,3 @@
	 a
	-b
	+B
	 c
	EOF
	mail r.patch "drm/bar: r2 is R2" <<-\EOF
	diff --git a/drivers/bar/r.c b/drivers/bar/r.c
	--- a/drivers/bar/r.c
	+++ b/drivers/bar/r.c
	@@ -1,3 +1,3 @@
	 r1
	-r2
	+R2
	 r3
	EOF
'

test_expect_success 'a file of the tree named as the temporary is not written' '
	echo junk >expect &&
	cbp check --no-build --tree T a.patch >out &&
	cbp check --no-build --tree T a.patch >out &&
	test_cmp expect T/drivers/foo/a.c.cbp-new &&
	printf "a\nb\nc\n" >expect &&
	test_cmp expect T/drivers/foo/a.c
'

test_expect_success 'a patched file under a directory turned into a link is left alone' '
	cbp check --no-build --tree T r.patch >out &&
	rm -r T/drivers/bar &&
	ln -s "$TRASH/T/drivers/real" T/drivers/bar &&
	snapshot T >before &&
	cbp check --no-build --tree T a.patch >out &&
	snapshot T >after &&
	test_cmp before after
'

test_expect_success 'a cache reached through a link into the tree is refused' '
	fake_tree U &&
	mkdir U/c &&
	ln -s "$TRASH/U/c" clink &&
	snapshot U >before &&
	CHECKBACKPORT_CACHE=$TRASH/clink/cbp test_expect_code 2 \
		cbp check --no-build --tree U a.patch 2>err &&
	grep "is inside the tree" err &&
	snapshot U >after &&
	test_cmp before after
'

test_expect_success 'a FIFO as the top Makefile is refused, not waited on' '
	mkdir -p V/scripts &&
	: >V/scripts/Makefile.build &&
	mkfifo V/Makefile &&
	test_expect_code 2 timeout 60 "$CBP_BIN" -q check --no-build --tree V a.patch \
		2>err &&
	grep "its Makefile is not a regular file" err &&
	grep "is not a kernel source tree" err
'

test_expect_success 'a device as a Makefile is refused, not read' '
	mkdir -p W/scripts &&
	: >W/scripts/Makefile.build &&
	ln -s /dev/zero W/Makefile &&
	test_expect_code 2 limited "$CBP_BIN" -q check --no-build --tree W \
		a.patch 2>err &&
	grep "its Makefile is not a regular file" err &&
	fake_tree X &&
	ln -s /dev/zero X/drivers/foo/Makefile &&
	limited "$CBP_BIN" -q check --no-build --tree X a.patch >out 2>err &&
	grep "^tree: applied" out
'

test_expect_success 'set up a series of hostile patches' '
	fake_tree H &&
	mkdir outside &&
	echo out >outside/o.c &&
	chmod 600 outside/o.c &&
	ln -s "$TRASH/outside" H/drivers/out &&
	ln outside/o.c H/drivers/foo/hard.c &&
	ln -s a.c H/drivers/foo/rel.c &&
	echo junk >H/drivers/foo/a.c.cbp-new &&
	mail h1.patch "foo: a file as a directory" <<-\EOF &&
	diff --git a/drivers/foo/a.c/new.c b/drivers/foo/a.c/new.c
	new file mode 100644
	--- /dev/null
	+++ b/drivers/foo/a.c/new.c
	@@ -0,0 +1 @@
	+x
	EOF
	mail h2.patch "foo: a file under the tree'"'"'s link" <<-\EOF &&
	diff --git a/drivers/out/new.c b/drivers/out/new.c
	new file mode 100644
	--- /dev/null
	+++ b/drivers/out/new.c
	@@ -0,0 +1 @@
	+x
	EOF
	mail h3.patch "foo: a link out of the tree" <<-EOF &&
	diff --git a/drivers/foo/lnk b/drivers/foo/lnk
	new file mode 120000
	--- /dev/null
	+++ b/drivers/foo/lnk
	@@ -0,0 +1 @@
	+$TRASH/outside
	\\ No newline at end of file
	EOF
	mail h4.patch "foo: a file through that link" <<-\EOF &&
	diff --git a/drivers/foo/lnk/o.c b/drivers/foo/lnk/o.c
	--- a/drivers/foo/lnk/o.c
	+++ b/drivers/foo/lnk/o.c
	@@ -1 +1 @@
	-out
	+owned
	EOF
	mail h5.patch "foo: a hard link" <<-\EOF &&
	diff --git a/drivers/foo/hard.c b/drivers/foo/hard.c
	--- a/drivers/foo/hard.c
	+++ b/drivers/foo/hard.c
	@@ -1 +1 @@
	-out
	+owned
	EOF
	mail h6.patch "foo: through the tree'"'"'s link" <<-\EOF &&
	diff --git a/drivers/out/o.c b/drivers/out/o.c
	--- a/drivers/out/o.c
	+++ b/drivers/out/o.c
	@@ -1 +1 @@
	-out
	+owned
	EOF
	mail h7.patch "foo: out of the tree" <<-\EOF &&
	diff --git a/../../o.c b/../../o.c
	new file mode 100644
	--- /dev/null
	+++ b/../../o.c
	@@ -0,0 +1 @@
	+owned
	EOF
	mail h8.patch "foo: the temporary'"'"'s name and a relative link" <<-\EOF &&
	diff --git a/drivers/foo/a.c.cbp-new b/drivers/foo/a.c.cbp-new
	--- a/drivers/foo/a.c.cbp-new
	+++ b/drivers/foo/a.c.cbp-new
	@@ -1 +1 @@
	-junk
	+owned
	diff --git a/drivers/foo/rel.c b/drivers/foo/rel.c
	--- a/drivers/foo/rel.c
	+++ b/drivers/foo/rel.c
	@@ -1,3 +1,3 @@
	 a
	-b
	+owned
	 c
	EOF
	cp a.patch h0.patch &&
	cp a.patch h9.patch
'

test_expect_success 'a hostile series: one report per patch, the good ones applied' '
	test_expect_code 1 cbp check --json --no-build --tree H h[0-9].patch \
		>j &&
	test "$(json_get j "scalar @{\$j->{patches}}")" = 10 &&
	test "$(json_get j "\$j->{patches}[0]{tree}{state}")" = applied &&
	test "$(json_get j "\$j->{patches}[9]{tree}{state}")" = in-tree &&
	for k in 1 2 4 6 7 8
	do
		test "$(json_get j "\$j->{patches}[$k]{tree}{state}")" = failed ||
		return 1
	done &&
	test_expect_code 1 cbp check --terse --no-build --tree H \
		h[0-9].patch >out &&
	grep "^h1.patch: ERROR:APPLY_FAILED: drivers/foo/a.c/new.c: drivers/foo/a.c is not a directory" out &&
	grep "^h2.patch: ERROR:APPLY_FAILED: drivers/out/new.c: drivers/out is a symbolic link" out &&
	grep "^h4.patch: ERROR:APPLY_FAILED: drivers/foo/lnk/o.c: drivers/foo/lnk is a symbolic link" out &&
	grep "^h6.patch: ERROR:APPLY_FAILED: drivers/out/o.c: drivers/out is a symbolic link" out &&
	grep "^h7.patch: ERROR:APPLY_FAILED: ../../o.c: \"..\" in the path" out &&
	grep "^h8.patch: ERROR:APPLY_FAILED: .*rel.c is not a regular file" out &&
	grep "^h9.patch: ERROR:APPLIES_IN_REVERSE" out
'

# Before: as set up.  After: two runs of the series (the second one
# refreshes what the first patched), the cache removed, so that the link
# counts of the scratch copy's hard links are gone too.
test_expect_success 'the tree and what its links lead to are as they were' '
	rm -rf cache &&
	snapshot H >before &&
	snapshot outside >>before &&
	test_expect_code 1 cbp check --terse --no-build --tree H \
		h[0-9].patch >out &&
	test_expect_code 1 cbp check --terse --no-build --tree H \
		h[0-9].patch >out &&
	rm -rf cache &&
	snapshot H >after &&
	snapshot outside >>after &&
	test_cmp before after
'

test_expect_success 'a diff patching one file twice says so, not a wrong hunk' '
	mail twice.patch "drm/foo: b, then B again" <<-\EOF &&
	diff --git a/drivers/foo/a.c b/drivers/foo/a.c
	--- a/drivers/foo/a.c
	+++ b/drivers/foo/a.c
	@@ -1,3 +1,3 @@
	 a
	-b
	+B
	 c
	diff --git a/drivers/foo/a.c b/drivers/foo/a.c
	--- a/drivers/foo/a.c
	+++ b/drivers/foo/a.c
	@@ -1,3 +1,3 @@
	 a
	-B
	+BB
	 c
	EOF
	test_expect_code 1 cbp check --terse --no-build --tree H twice.patch \
		>out &&
	grep "^twice.patch: ERROR:APPLY_FAILED: drivers/foo/a.c: the diff patches it twice (file sections 1 and 2)" out &&
	test "$(grep -c APPLY_FAILED out)" = 1
'

test_done
