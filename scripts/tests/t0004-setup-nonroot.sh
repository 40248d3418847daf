#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fixport-setup as a user who is not root: with the build tools there it
# fetches and unpacks the kernel packages itself; with one missing it says
# which and the command that installs them, in one line, and leaves the
# cache as it was.

test_description='set-up without root'
. "$(dirname "$0")/../lib/test-lib.sh"
. "$TEST_DIRECTORY/lib-setup.sh"

ver=6.12.118
offer $ver || BUG "cannot offer $ver"

# A user, not root, on a machine with every build tool but $@.
user_without () {
	reset_machine &&
	install_tools &&
	for p in "$@"
	do
		sed -i "/^$p\$/d" "$FAKE/installed" || return 1
	done &&
	echo 1000 >"$FAKE/uid"
}

test_expect_success 'tools there: packages, kdir, source and uml, no root needed' '
	user_without &&
	"$setup" packages >out 2>err &&
	test_must_be_empty err &&
	kdir=$("$setup" kdir) &&
	test_path_is_file "$kdir/Makefile" &&
	src=$("$setup" source) &&
	test_path_is_file "$src/.fixport-complete" &&
	uml=$("$setup" uml) &&
	test -x "$uml/linux"
'

test_expect_success 'apt was only asked for downloads' '
	grep -E "^(install|update|download)( |\$)" "$FAKE/calls" |
		cut -d" " -f1 | sort | uniq -c | sed "s/^ *//" >kinds &&
	echo "4 download" >expect &&
	test_cmp expect kinds
'

test_expect_success 'make check'"'"'s set-up step passes too' '
	env FIXPORT_BUILD="$TRASH_DIRECTORY/build" \
		"$top/scripts/fixport-check" setup >out 2>&1 &&
	grep -qx "0 passed, 0 failed" out
'

test_expect_success 'a tool missing: one line with the sudo command, exit status 1' '
	user_without sparse libcmocka-dev &&
	test_expect_code 1 "$setup" packages >out 2>err &&
	test_must_be_empty out &&
	echo "fixport-setup: missing Debian packages: libcmocka-dev sparse; install them with: sudo apt-get install libcmocka-dev sparse" >expect &&
	test_cmp expect err
'

test_expect_success 'and nothing was asked of apt, nothing made in the cache' '
	test_must_be_empty "$FAKE/calls" &&
	test_path_is_missing "$TRASH_DIRECTORY/no"
'

test_expect_success 'make check stops at set-up with that line' '
	test_expect_code 1 env FIXPORT_BUILD="$TRASH_DIRECTORY/build" \
		"$top/scripts/fixport-check" setup >out 2>&1 &&
	grep -qx "fixport-setup: missing Debian packages: libcmocka-dev sparse; install them with: sudo apt-get install libcmocka-dev sparse" out &&
	grep -qx "fixport-check: failed steps: setup" out &&
	test_path_is_missing "$TRASH_DIRECTORY/no"
'

test_expect_success 'a warm cache is left exactly as it was' '
	user_without &&
	"$setup" packages >/dev/null &&
	"$setup" kdir >/dev/null &&
	"$setup" source >/dev/null &&
	(cd "$CACHE" && find . -printf "%p %s %T@\n" | sort) >before &&
	sed -i "/^python3\$/d" "$FAKE/installed" &&
	test_expect_code 1 "$setup" packages >out 2>err &&
	test_line_count = 1 err &&
	grep -q "sudo apt-get install python3$" err &&
	(cd "$CACHE" && find . -printf "%p %s %T@\n" | sort) >after &&
	test_cmp before after
'

test_expect_success 'empty apt lists: one line asking for sudo apt-get update' '
	user_without &&
	cp "$FAKE/lists" lists.saved &&
	test_when_finished "cp lists.saved \"$FAKE/lists\"" &&
	: >"$FAKE/lists" &&
	test_expect_code 1 "$setup" packages >out 2>err &&
	echo "fixport-setup: apt'"'"'s lists offer no linux-source-6.12 with its linux-headers-6.12.*-amd64: run '"'"'sudo apt-get update'"'"'" >expect &&
	test_cmp expect err &&
	test_must_be_empty "$FAKE/calls" &&
	test_path_is_missing "$TRASH_DIRECTORY/no"
'

test_done
