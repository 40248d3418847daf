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

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-hostile.sh"

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
	test_expect_code 2 env CHECKBACKPORT_CACHE="$TRASH/clink/cbp" \
		"$CBP_BIN" -q check --no-build --tree U a.patch >out 2>err &&
	test_must_be_empty out &&
	grep "^checkbackport: error: the cache $TRASH/clink/cbp/trees/linux-6.12.7-[0-9a-f]* is inside the tree $TRASH/U: set CHECKBACKPORT_CACHE elsewhere$" \
		err &&
	test_line_count = 1 err &&
	snapshot U >after &&
	test_cmp before after
'

test_expect_success 'a FIFO as the top Makefile is refused, not waited on' '
	mkdir -p V/scripts &&
	: >V/scripts/Makefile.build &&
	mkfifo V/Makefile &&
	echo "checkbackport: error: --tree V is not a kernel source tree (its Makefile is not a regular file)" \
		>expect &&
	test_expect_code 2 timeout 60 "$CBP_BIN" -q check --no-build --tree V \
		a.patch >out 2>err &&
	test_must_be_empty out &&
	test_cmp expect err
'

test_expect_success 'a device as a Makefile is refused, not read' '
	mkdir -p W/scripts &&
	: >W/scripts/Makefile.build &&
	ln -s /dev/zero W/Makefile &&
	echo "checkbackport: error: --tree W is not a kernel source tree (its Makefile is not a regular file)" \
		>expect &&
	test_expect_code 2 limited "$CBP_BIN" -q check --no-build --tree W \
		a.patch >out 2>err &&
	test_must_be_empty out &&
	test_cmp expect err &&
	fake_tree X &&
	ln -s /dev/zero X/drivers/foo/Makefile &&
	limited "$CBP_BIN" -q check --no-build --tree X a.patch >out 2>err &&
	grep "^tree: applied; nothing built" out &&
	test_must_be_empty err
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

# h3 (a link out of the copy) and h5 (the hard link, broken in the copy)
# apply; h4 then meets h3's link.  h8's finding names the file GNU patch
# refused (rel.c) but files it under the diff's other path: only its
# message is asserted.
test_expect_success 'a hostile series: one report per patch, the good ones applied' '
	test_expect_code 1 cbp check --json --no-build --tree H h[0-9].patch \
		>j &&
	echo "applied failed failed applied failed applied failed failed failed in-tree" \
		>expect &&
	json_get j "join q{ }, map { \$_->{tree}{state} } @{\$j->{patches}}" \
		>actual &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	h1.patch: ERROR:APPLY_FAILED: drivers/foo/a.c/new.c: drivers/foo/a.c is not a directory in the tree
	h2.patch: ERROR:APPLY_FAILED: drivers/out/new.c: drivers/out is a symbolic link in the tree; the patch is not applied through it
	h4.patch: ERROR:APPLY_FAILED: drivers/foo/lnk/o.c: drivers/foo/lnk is a symbolic link in the tree; the patch is not applied through it
	h6.patch: ERROR:APPLY_FAILED: drivers/out/o.c: drivers/out is a symbolic link in the tree; the patch is not applied through it
	h7.patch: ERROR:APPLY_FAILED: ../../o.c: ".." in the path
	h9.patch: ERROR:APPLIES_IN_REVERSE: the change is in the tree already (Linux 6.12.7 with the patches before it): all of it (1 hunk in 1 file) applies in reverse
	EOF
	test_expect_code 1 cbp check --terse --no-build --tree H \
		h[0-9].patch >out &&
	grep -v "^h8.patch: " out >actual &&
	test_cmp expect actual &&
	grep "^h8.patch: ERROR:APPLY_FAILED: .*: File drivers/foo/rel.c is not a regular file -- refusing to patch$" out &&
	test_line_count = 7 out
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
	echo "twice.patch: ERROR:APPLY_FAILED: drivers/foo/a.c: the diff patches it twice (file sections 1 and 2); merge them into one, as git diff writes it" \
		>expect &&
	test_cmp expect out
'

test_done
