#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# How kunit-uml judges the way UML ended, with a stand-in for UML that
# prints a console log and then exits as told: a SIGABRT or SIGSEGV after
# the kernel's last line "reboot: Power down" is noted and passes; any
# other non-zero end fails the run, either signal after a panic or before
# the power-off included.  The log is parsed by the 6.12 tree's kunit.py,
# from the source make check's set-up has unpacked into the cache.

test_description='kunit-uml: how UML ended'
# The test library moves HOME into its trash directory: the source is
# the one in the real cache.
real_cache=${XDG_CACHE_HOME:-$HOME/.cache}
. "$(dirname "$0")/../lib/test-lib.sh"

top=$(cd "$TEST_DIRECTORY/../.." && pwd)
src=$(XDG_CACHE_HOME=$real_cache "$top/scripts/fixport-setup" source 2>/dev/null) &&
	test -f "$src/tools/testing/kunit/kunit.py" &&
	test_set_prereq KSRC

mod=$TRASH_DIRECTORY/fake_test.ko
init=$TRASH_DIRECTORY/init

# uml TAIL SIGNAL: a stand-in for UML (./uml/linux) that prints one passing
# suite loaded from $mod, then the lines of the file TAIL, then kills
# itself with SIGNAL (or exits 0 for "none").
uml () {
	mkdir -p uml &&
	cp "$1" uml/tail &&
	{
		echo "#!/bin/sh" &&
		echo "cat <<'EOF'" &&
		echo "KTAP version 1" &&
		echo "1..1" &&
		echo "    KTAP version 1" &&
		echo "    # Subtest: fake" &&
		echo "    1..1" &&
		echo "    ok 1 fake_case" &&
		echo "ok 1 fake" &&
		echo "fixport-init: loaded $mod" &&
		echo "fixport-init: unloaded fake_test" &&
		echo "fixport-init: done: 1 modules loaded, 0 failed to load" &&
		echo "EOF" &&
		echo "cat \"$TRASH_DIRECTORY/uml/tail\"" &&
		if test "$2" = none
		then
			echo "exit 0"
		else
			echo "kill -$2 \$\$"
		fi
	} >uml/linux &&
	chmod +x uml/linux
}

run () {
	"$top/scripts/kunit-uml" --uml uml --src "$src" --init "$init" \
		--log log --result result --modules "$mod" >out 2>err
}

test_expect_success KSRC 'set up' '
	: >"$mod" &&
	: >"$init"
'

test_expect_success KSRC 'a clean power-off passes' '
	printf "%s\n" "reboot: Power down" "" >tail &&
	uml tail none &&
	run &&
	echo "1 passed, 0 failed, 0 skipped" >expect &&
	test_cmp expect result &&
	test_must_be_empty err
'

test_expect_success KSRC 'SIGABRT after the power-off: noted, passes' '
	uml tail ABRT &&
	run &&
	test_cmp expect result &&
	grep -qx "kunit-uml: note: UML aborted in its own exit after the kernel powered off (status -6)" err &&
	! grep -q FAIL err
'

test_expect_success KSRC 'SIGABRT before the power-off fails' '
	printf "%s\n" "reboot: Restarting system" "" >tail &&
	uml tail ABRT &&
	test_expect_code 1 run &&
	grep -qx "kunit-uml: FAIL: UML exited with status -6" err &&
	echo "1 passed, 1 failed, 0 skipped" >expect &&
	test_cmp expect result
'

test_expect_success KSRC 'SIGABRT after a panic fails' '
	printf "%s\n" "Kernel panic - not syncing: test" "" >tail &&
	uml tail ABRT &&
	test_expect_code 1 run &&
	grep -qx "kunit-uml: FAIL: UML exited with status -6" err &&
	grep -q "^kunit-uml: FAIL: panic in the kernel log" err
'

test_expect_success KSRC 'SIGSEGV after the power-off: noted, passes' '
	printf "%s\n" "reboot: Power down" "" >tail &&
	uml tail SEGV &&
	run &&
	echo "1 passed, 0 failed, 0 skipped" >expect &&
	test_cmp expect result &&
	grep -qx "kunit-uml: note: UML died of SIGSEGV in its own exit after the kernel powered off (status -11)" err &&
	! grep -q FAIL err
'

test_expect_success KSRC 'SIGSEGV before the power-off fails' '
	printf "%s\n" "reboot: Restarting system" "" >tail &&
	uml tail SEGV &&
	test_expect_code 1 run &&
	grep -qx "kunit-uml: FAIL: UML exited with status -11" err
'

test_expect_success KSRC 'SIGSEGV after a panic fails' '
	printf "%s\n" "Kernel panic - not syncing: test" "" >tail &&
	uml tail SEGV &&
	test_expect_code 1 run &&
	grep -qx "kunit-uml: FAIL: UML exited with status -11" err &&
	grep -q "^kunit-uml: FAIL: panic in the kernel log" err
'

test_expect_success KSRC 'another signal after the power-off fails' '
	printf "%s\n" "reboot: Power down" "" >tail &&
	uml tail BUS &&
	test_expect_code 1 run &&
	grep -qx "kunit-uml: FAIL: UML exited with status -7" err
'

test_done
