#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The set-up steps that write the cache, killed half-way as an interrupt
# would: nothing they leave may be taken for a finished entry later.

. "$(dirname "$0")/lib.sh"

ver=6.12.118
src=$CACHE/src/linux-$ver
echo linux-source-6.12 >"$FAKE/installed"
cp "$FAKE/linux-source-6.12.tar.xz" "$FAKE_USR_SRC/"

test_expect_success 'unpack killed after tar: no tree, only a temporary directory' '
	run_killed tar "$setup" source
	! test -e "$src"
	ls -d "$src".tmp.* >"$TRASH/tmps"
	test "$(wc -l <"$TRASH/tmps")" = 1
	# What tar wrote is all there, yet not in place.
	test -f "$(cat "$TRASH/tmps")/linux-source-6.12/Makefile"
'

test_expect_success 'the next run unpacks again and cleans up' '
	test "$("$setup" source)" = "$src"
	test -f "$src/.fixport-complete"
	test -x "$src/scripts/kconfig/merge_config.sh"
	! ls -d "$src".tmp.* 2>/dev/null
'

test_expect_success 'a complete tree is reused without unpacking' '
	: >"$FAKE/calls"
	test "$("$setup" source)" = "$src"
	! test -s "$FAKE/calls"
'

test_expect_success 'UML build killed mid-way: no stamp, not reported as built' '
	: >"$FAKE/calls"
	run_killed make "$setup" uml
	uml=$(ls -d "$CACHE"/uml/linux-$ver-*)
	test -f "$uml/process.o"
	! test -e "$uml/.fixport-complete"
	! test -e "$uml/linux"
'

test_expect_success 'the next run builds it from nothing and stamps it' '
	: >"$FAKE/calls"
	uml=$("$setup" uml)
	test -x "$uml/linux"
	test -f "$uml/Module.symvers"
	test -f "$uml/.fixport-complete"
	test "$(count_calls "make defconfig")" = 1
	test "$(count_calls "make build")" = 1
'

test_expect_success 'its .config kept every line of kunit/uml.config' '
	uml=$("$setup" uml)
	grep -E "^(CONFIG_|# CONFIG_)" "$top/kunit/uml.config" >"$TRASH/want"
	grep -vxF -f "$uml/.config" "$TRASH/want" >"$TRASH/lost" || true
	! test -s "$TRASH/lost"
'

test_expect_success 'a built kernel is reused without make' '
	: >"$FAKE/calls"
	uml=$("$setup" uml)
	test -x "$uml/linux"
	! test -s "$FAKE/calls"
'

test_expect_success 'a stamped build whose kernel is gone is rebuilt' '
	uml=$("$setup" uml)
	rm "$uml/linux"
	: >"$FAKE/calls"
	test "$("$setup" uml)" = "$uml"
	test -x "$uml/linux"
	test "$(count_calls "make build")" = 1
'

test_expect_success 'a package download killed mid-way leaves no .deb' '
	echo "6.12.107-1~deb12u1" >"$FAKE/madison-linux-source-6.12"
	run_killed apt-get "$setup" source 6.12.107
	! ls "$CACHE"/debs/*.deb 2>/dev/null
	! test -e "$CACHE/src/linux-6.12.107"
'

test_expect_success 'a failed download says why in one line, exit status not 0' '
	! "$setup" source 6.12.107 >"$TRASH/out" 2>"$TRASH/err"
	test "$(wc -l <"$TRASH/err")" = 1
	grep -q "^fixport-setup: apt-get download linux-source-6.12=6.12.107-1~deb12u1 failed" "$TRASH/err"
	! ls "$CACHE"/debs/*.deb 2>/dev/null
	! ls -d "$CACHE"/debs/.tmp.* 2>/dev/null
'

test_expect_success 'a version apt does not offer is named in one line' '
	! "$setup" source 6.12.1 >"$TRASH/out" 2>"$TRASH/err"
	test "$(wc -l <"$TRASH/err")" = 1
	grep -q "^fixport-setup: linux-source-6.12 6.12.1 is not offered by apt$" "$TRASH/err"
'

test_done
