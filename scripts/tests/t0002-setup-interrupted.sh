#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The set-up steps that write the cache, killed half-way as an interrupt
# would: nothing they leave may be taken for a finished entry later, by
# the set-up or by --cached, which asks only for what is complete and
# never sets anything up.

test_description='an interrupted set-up leaves nothing a later run trusts'
. "$(dirname "$0")/../lib/test-lib.sh"
. "$TEST_DIRECTORY/lib-setup.sh"

ver=6.12.118
src=$CACHE/src/linux-$ver
offer $ver || BUG "cannot offer $ver"

test_expect_success 'unpack killed after tar: no tree, only a temporary directory' '
	run_killed tar "$setup" source &&
	test_path_is_missing "$src" &&
	ls -d "$src".tmp.* >tmps &&
	test_line_count = 1 tmps &&
	# What tar wrote is all there, yet not in place.
	test_path_is_file "$(cat tmps)/linux-source-6.12/Makefile"
'

test_expect_success 'source --cached: no tree, exit 1, nothing fetched or unpacked' '
	: >"$FAKE/calls" &&
	test_expect_code 1 "$setup" source --cached >out 2>err &&
	test_must_be_empty out &&
	echo "fixport-setup: no linux-source-6.12 $ver in the cache" >expect &&
	test_cmp expect err &&
	test_must_be_empty "$FAKE/calls" &&
	test_path_is_missing "$src"
'

test_expect_success 'the next run unpacks again and cleans up' '
	test "$("$setup" source)" = "$src" &&
	test_path_is_file "$src/.fixport-complete" &&
	test -x "$src/scripts/kconfig/merge_config.sh" &&
	! ls -d "$src".tmp.* 2>/dev/null
'

test_expect_success 'a complete tree is reused without unpacking' '
	: >"$FAKE/calls" &&
	test "$("$setup" source)" = "$src" &&
	test_must_be_empty "$FAKE/calls"
'

test_expect_success 'UML build killed mid-way: no stamp, not reported as built' '
	: >"$FAKE/calls" &&
	run_killed make "$setup" uml &&
	uml=$(ls -d "$CACHE"/uml/linux-$ver-*) &&
	test_path_is_file "$uml/process.o" &&
	test_path_is_missing "$uml/.fixport-complete" &&
	test_path_is_missing "$uml/linux"
'

test_expect_success 'uml --cached: no kernel, exit 1, nothing built' '
	: >"$FAKE/calls" &&
	test_expect_code 1 "$setup" uml --cached >out 2>err &&
	test_must_be_empty out &&
	grep -q "^fixport-setup: no UML kernel $ver in the cache" err &&
	test_must_be_empty "$FAKE/calls" &&
	uml=$(ls -d "$CACHE"/uml/linux-$ver-*) &&
	test_path_is_missing "$uml/.fixport-complete" &&
	test_path_is_missing "$uml/linux"
'

test_expect_success 'the next run builds it from nothing and stamps it' '
	: >"$FAKE/calls" &&
	uml=$("$setup" uml) &&
	test -x "$uml/linux" &&
	test_path_is_file "$uml/Module.symvers" &&
	test_path_is_file "$uml/.fixport-complete" &&
	test "$(count_calls "make defconfig")" = 1 &&
	test "$(count_calls "make build")" = 1
'

test_expect_success 'its .config kept every line of kunit/uml.config' '
	uml=$("$setup" uml) &&
	grep -E "^(CONFIG_|# CONFIG_)" "$top/kunit/uml.config" >want &&
	{ grep -vxF -f "$uml/.config" want || :; } >lost &&
	test_must_be_empty lost
'

test_expect_success 'a built kernel is reused without make' '
	: >"$FAKE/calls" &&
	uml=$("$setup" uml) &&
	test -x "$uml/linux" &&
	test_must_be_empty "$FAKE/calls"
'

test_expect_success 'uml --cached and source --cached: the complete ones, nothing run' '
	: >"$FAKE/calls" &&
	: >"$FAKE/cache-calls" &&
	test "$("$setup" uml --cached)" = "$("$setup" uml)" &&
	test "$("$setup" uml --cached $ver)" = "$("$setup" uml)" &&
	test "$("$setup" source --cached)" = "$src" &&
	test_must_be_empty "$FAKE/calls" &&
	test_must_be_empty "$FAKE/cache-calls"
'

test_expect_success '--cached asks apt nothing: no default version, exit 1' '
	: >"$FAKE/cache-calls" &&
	touch -d "+1 minute" "$FAKE/apt-lists" &&
	test_when_finished "touch -d \"-1 minute\" \"$FAKE/apt-lists\"" &&
	test_expect_code 1 "$setup" uml --cached >out 2>err &&
	test_must_be_empty out &&
	grep -q "^fixport-setup: no default version recorded" err &&
	test_must_be_empty "$FAKE/cache-calls" &&
	test "$("$setup" uml --cached $ver)" = "$("$setup" uml $ver)"
'

test_expect_success 'a stamped build whose kernel is gone is rebuilt' '
	uml=$("$setup" uml) &&
	rm "$uml/linux" &&
	: >"$FAKE/calls" &&
	test "$("$setup" uml)" = "$uml" &&
	test -x "$uml/linux" &&
	test "$(count_calls "make build")" = 1
'

test_expect_success 'headers download killed mid-way: no entry, no .deb' '
	run_killed apt-get "$setup" kdir &&
	test_path_is_missing "$CACHE/headers/$ver" &&
	! ls "$CACHE"/debs/*.deb 2>/dev/null
'

test_expect_success 'the next run fetches and unpacks them' '
	kdir=$("$setup" kdir) &&
	test_path_is_file "$CACHE/headers/$ver/.fixport-complete" &&
	test_path_is_file "$kdir/.config" &&
	! ls -d "$CACHE"/headers/$ver.tmp.* 2>/dev/null
'

test_expect_success 'a package download killed mid-way leaves no .deb' '
	echo "6.12.107-1~deb12u1" >>"$FAKE/madison-linux-source-6.12" &&
	run_killed apt-get "$setup" source 6.12.107 &&
	! ls "$CACHE"/debs/linux-source-6.12_*.deb 2>/dev/null &&
	test_path_is_missing "$CACHE/src/linux-6.12.107"
'

test_expect_success 'a failed download says why in one line, exit status 1' '
	test_expect_code 1 "$setup" source 6.12.107 >out 2>err &&
	test_line_count = 1 err &&
	grep -q "^fixport-setup: apt-get download linux-source-6.12=6.12.107-1~deb12u1 failed: E: Failed to fetch" err &&
	! ls "$CACHE"/debs/linux-source-6.12_*.deb 2>/dev/null &&
	! ls -d "$CACHE"/debs/.tmp.* 2>/dev/null &&
	test_path_is_missing "$CACHE/src/linux-6.12.107"
'

test_expect_success 'a version apt does not offer is named in one line' '
	test_expect_code 1 "$setup" source 6.12.1 >out 2>err &&
	test_line_count = 1 err &&
	echo "fixport-setup: linux-source-6.12 6.12.1 is not offered by apt" >expect &&
	test_cmp expect err
'

test_done
