#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check --tree finds the tree's kernel configuration where a Debian
# machine keeps one: the headers package in /usr/src, /boot, or the
# headers drm-fixport's set-up unpacks into its cache (which is all a
# machine set up by drm-fixport has), under $XDG_CACHE_HOME, else
# $HOME/.cache.  Without one it stops at once with one line naming every
# place it looked.  The fake tree is of a version no machine has.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-hostile.sh"

CHECKBACKPORT_CACHE=$TRASH/cbp-cache
export CHECKBACKPORT_CACHE

hdr=drm-fixport/headers/9.99.1/usr/src/linux-headers-9.99.1+deb12-amd64

test_expect_success 'set up a tree of Linux 9.99.1 and a patch' '
	fake_tree T &&
	printf "VERSION = 9\nPATCHLEVEL = 99\nSUBLEVEL = 1\nEXTRAVERSION =\n" \
		>T/Makefile &&
	mail a.patch "drm/foo: b is B" <<-\EOF
	diff --git a/drivers/foo/a.c b/drivers/foo/a.c
	--- a/drivers/foo/a.c
	+++ b/drivers/foo/a.c
	@@ -1,3 +1,3 @@
	 a
	-b
	+B
	 c
	EOF
'

test_expect_success 'no configuration: one line naming every place, exit 2' '
	test_expect_code 2 env XDG_CACHE_HOME="$TRASH/xdg" \
		"$CBP_BIN" -q check --tree T a.patch >out 2>err &&
	test_must_be_empty out &&
	test_line_count = 1 err &&
	grep "^checkbackport: error: no kernel configuration for Linux 9.99.1 " err &&
	grep "/usr/src/linux-headers-9.99.1" err &&
	grep "/boot/config-9.99.1" err &&
	grep "$TRASH/xdg/drm-fixport/headers/9.99.1/" err &&
	grep "pass --config FILE$" err
'

test_expect_success 'without XDG_CACHE_HOME the cache is under HOME' '
	test_expect_code 2 env -u XDG_CACHE_HOME HOME="$TRASH/home" \
		"$CBP_BIN" -q check --tree T a.patch >out 2>err &&
	grep "$TRASH/home/.cache/drm-fixport/headers/9.99.1/" err
'

test_expect_success 'the headers drm-fixport unpacked are used' '
	mkdir -p "xdg/$hdr" &&
	echo CONFIG_DRM=y >"xdg/$hdr/.config" &&
	test_expect_code 2 env XDG_CACHE_HOME="$TRASH/xdg" \
		"$CBP_BIN" -q check --tree T a.patch >out 2>err &&
	! grep "no kernel configuration" err &&
	grep "^checkbackport: error: make olddefconfig failed in " err
'

test_expect_success 'and so is --config, before any of them' '
	echo CONFIG_DRM=y >my.config &&
	test_expect_code 2 env XDG_CACHE_HOME="$TRASH/empty" \
		"$CBP_BIN" -q check --tree T --config my.config a.patch >out 2>err &&
	! grep "no kernel configuration" err &&
	grep "^checkbackport: error: make olddefconfig failed in " err
'

test_done
