#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fixport-setup as root on a fresh machine: no cache directory (nor its
# parent), nothing installed, an apt that fails on demand.  Only the
# build tools are installed; the kernel packages are fetched and unpacked
# into the cache.

test_description='set-up installs the build tools only and unpacks the kernel'
. "$(dirname "$0")/../lib/test-lib.sh"
. "$TEST_DIRECTORY/lib-setup.sh"

ver=6.12.118
headers=linux-headers-$ver+deb12
offer 6.12.117 || BUG "cannot offer 6.12.117"
offer $ver || BUG "cannot offer $ver"

test_expect_success 'fresh machine: the cache and its log are created, one install' '
	reset_machine &&
	"$setup" packages >out 2>err &&
	test_path_is_dir "$CACHE" &&
	grep -q "^Setting up build-essential" "$CACHE/apt.log" &&
	test "$(count_calls install)" = 1 &&
	test "$(count_calls update)" = 0 &&
	test "$(count_calls download)" = 0 &&
	test_must_be_empty err
'

test_expect_success 'it asked for exactly the listed build tools' '
	grep "^install " "$FAKE/calls" | tr " " "\n" | sed 1d | sort >asked &&
	wanted_packages >want &&
	test_cmp want asked &&
	grep -q "^set-up: installing .*build-essential" out
'

test_expect_success 'no kernel image, headers, source or initramfs asked for or installed' '
	kernel_installs "$FAKE/calls" >kernel &&
	test_must_be_empty kernel
'

test_expect_success 'that check sees a headers install and what it brings' '
	cp "$FAKE/installed" installed.saved &&
	test_when_finished "cp installed.saved \"$FAKE/installed\"" &&
	echo "install $headers-amd64" >calls &&
	apt-get install -y "$headers-amd64" >/dev/null &&
	kernel_installs calls >kernel &&
	grep -qx "linux-image-$ver+deb12-amd64" kernel &&
	grep -qx initramfs-tools kernel &&
	grep -qx "$headers-amd64" kernel
'

test_expect_success 'the default version: the newest with source and headers offered' '
	test "$("$setup" version)" = $ver &&
	test "$(cat "$CACHE/default-version")" = $ver
'

test_expect_success 'kdir: the headers fetched and unpacked into the cache' '
	: >"$FAKE/calls" &&
	kdir=$("$setup" kdir) &&
	root=$CACHE/headers/$ver &&
	test "$kdir" = "$root/usr/src/$headers-amd64" &&
	test_path_is_file "$root/.fixport-complete" &&
	test_path_is_file "$root/usr/lib/linux-kbuild-6.12/scripts/modpost" &&
	echo "include $root/usr/src/$headers-common/Makefile" >expect &&
	test_cmp expect "$kdir/Makefile" &&
	for p in $headers-amd64 $headers-common linux-kbuild-$ver+deb12
	do
		echo "download $p=$ver-1~deb12u1" || return 1
	done >expect &&
	grep -v "^tar " "$FAKE/calls" >calls &&
	test_cmp expect calls
'

test_expect_success 'source: linux-source-6.12 fetched and unpacked, its package not kept' '
	: >"$FAKE/calls" &&
	src=$("$setup" source) &&
	test "$src" = "$CACHE/src/linux-$ver" &&
	test_path_is_file "$src/.fixport-complete" &&
	test_path_is_file "$src/scripts/kconfig/merge_config.sh" &&
	grep -qx "download linux-source-6.12=$ver-1~deb12u1" "$FAKE/calls" &&
	test "$(count_calls install)" = 0 &&
	! ls "$CACHE"/debs/linux-source-6.12_* 2>/dev/null
'

test_expect_success 'make builds against the unpacked headers by default' '
	make -s -C "$top" modules >out 2>&1 &&
	echo "kbuild $headers-amd64 M=$top" >expect &&
	test_cmp expect out
'

test_expect_success 'second run, everything there: one line, no apt at all' '
	: >"$FAKE/calls" &&
	: >"$FAKE/cache-calls" &&
	"$setup" packages >out 2>&1 &&
	"$setup" kdir >/dev/null &&
	"$setup" source >/dev/null &&
	test_line_count = 1 out &&
	grep -q "^set-up: all [0-9]* Debian packages installed; default kernel $ver$" out &&
	test_must_be_empty "$FAKE/calls" &&
	test_must_be_empty "$FAKE/cache-calls"
'

test_expect_success 'the headers of the default version in /lib/modules are used' '
	build=$FIXPORT_MODULES_DIR/$ver+deb12-amd64/build &&
	mkdir -p "$build" &&
	echo "# installed" >"$build/Makefile" &&
	test "$("$setup" kdir)" = "$build"
'

test_expect_success 'those of another version are not' '
	rm -r "$FIXPORT_MODULES_DIR/$ver+deb12-amd64" &&
	build=$FIXPORT_MODULES_DIR/6.12.117+deb12-amd64/build &&
	mkdir -p "$build" &&
	echo "# installed" >"$build/Makefile" &&
	test "$("$setup" kdir)" = "$CACHE/headers/$ver/usr/src/$headers-amd64"
'

test_expect_success 'empty apt lists: apt-get update first, then one install' '
	reset_machine &&
	cp "$FAKE/lists" lists.saved &&
	test_when_finished "cp lists.saved \"$FAKE/lists\"" &&
	cp "$FAKE/lists" "$FAKE/lists.update" &&
	: >"$FAKE/lists" &&
	"$setup" packages >out 2>&1 &&
	sed "s/ .*//" "$FAKE/calls" >seq &&
	printf "install\nupdate\n" >expect &&
	test_cmp expect seq &&
	test "$(cat "$CACHE/default-version")" = $ver
'

test_expect_success 'failed install: apt-get update, then installed on the retry' '
	reset_machine &&
	echo 1 >"$FAKE/install-fail" &&
	"$setup" packages >out 2>err &&
	sed "s/ .*//" "$FAKE/calls" | paste -sd " " >seq &&
	echo "install update install" >expect &&
	test_cmp expect seq &&
	grep -q "^E: Unable to locate package" "$CACHE/apt.log" &&
	grep -q "^Setting up build-essential" "$CACHE/apt.log" &&
	test_must_be_empty err
'

test_expect_success 'install fails twice: one-line reason, exit status 1' '
	reset_machine &&
	echo 2 >"$FAKE/install-fail" &&
	test_expect_code 1 "$setup" packages >out 2>err &&
	test "$(count_calls install)" = 2 &&
	test_line_count = 1 err &&
	grep -q "^fixport-setup: apt-get install failed: E: Unable to locate package .*(log: $CACHE/apt.log)$" err
'

test_expect_success 'and leaves no cache entry behind, half-made or not' '
	(cd "$CACHE" && find . -mindepth 1 ! -name apt.log ! -name .lock) >left &&
	test_must_be_empty left
'

test_expect_success 'make check stops at set-up with the one-line reason' '
	echo 2 >"$FAKE/install-fail" &&
	: >"$FAKE/calls" &&
	test_expect_code 1 env FIXPORT_BUILD="$TRASH_DIRECTORY/build" \
		"$top/scripts/fixport-check" setup >out 2>&1 &&
	grep -q "^fixport-setup: apt-get install failed: " out &&
	grep -q "^fixport-check: failed steps: setup$" out
'

test_expect_success 'no 6.12 offered even after apt-get update: one line' '
	reset_machine &&
	install_tools &&
	cp "$FAKE/lists" lists.saved &&
	test_when_finished "cp lists.saved \"$FAKE/lists\"" &&
	: >"$FAKE/lists" &&
	test_expect_code 1 "$setup" packages >out 2>err &&
	test_line_count = 1 err &&
	grep -q "^fixport-setup: apt.s lists offer no linux-source-6.12 with its linux-headers-6.12.\*-amd64, even after apt-get update$" err &&
	test_path_is_missing "$CACHE"
'

test_expect_success 'headers offered but no linux-source-6.12: one line' '
	reset_machine &&
	install_tools &&
	mv "$FAKE/madison-linux-source-6.12" madison.saved &&
	test_when_finished "mv madison.saved \"$FAKE/madison-linux-source-6.12\"" &&
	test_expect_code 1 "$setup" packages >out 2>err &&
	test_line_count = 1 err &&
	grep -q "^fixport-setup: apt.s lists offer no linux-source-6.12 with its linux-headers-6.12.\*-amd64, even after apt-get update$" err
'

test_expect_success 'new apt lists: the default follows the newest version' '
	reset_machine &&
	install_tools &&
	"$setup" packages >/dev/null &&
	test "$("$setup" version)" = $ver &&
	offer 6.12.119 &&
	touch -d "@$(($(date +%s) + 2))" "$FIXPORT_APT_LISTS" &&
	test "$("$setup" version)" = 6.12.119
'

test_done
