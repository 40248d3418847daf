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

# Limit the memory so that a run reading /dev/zero fails rather than
# taking the machine's.
test_expect_success 'a device as a Makefile is refused, not read' '
	mkdir -p W/scripts &&
	: >W/scripts/Makefile.build &&
	ln -s /dev/zero W/Makefile &&
	test_expect_code 2 sh -c "ulimit -v 1000000 &&
		exec \"\$0\" -q check --no-build --tree W a.patch" "$CBP_BIN" \
		2>err &&
	grep "its Makefile is not a regular file" err &&
	fake_tree X &&
	ln -s /dev/zero X/drivers/foo/Makefile &&
	sh -c "ulimit -v 1000000 &&
		exec \"\$0\" -q check --no-build --tree X a.patch" "$CBP_BIN" \
		>out 2>err &&
	grep "^tree: applied" out
'

test_done
