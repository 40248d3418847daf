#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check keeps the result of its steps but set-up (here the
# checkbackport suite; t0010 has the UML steps) while their inputs are
# those of a run that passed, and runs them again as soon as anything
# they read changes: a file, a new file, a setting.  A failure is never
# kept, nor a pass during which a file it read changed, and
# FIXPORT_RETEST=1 runs everything.  Driven on a repository of its own
# whose checkbackport "suite" is a Makefile that counts its runs.

test_description='fixport-check keeps a passing result while its inputs stay'
. "$(dirname "$0")/../lib/test-lib.sh"

top=$(cd "$TEST_DIRECTORY/../.." && pwd)
repo=$TRASH_DIRECTORY/repo
runs=$TRASH_DIRECTORY/runs

# check [ENV...]: fixport-check's tools step in the repository, its
# output in ./out.
check () {
	env "$@" "$repo/scripts/fixport-check" tools >out 2>&1
}

# check_after_setup: the same, after the set-up step (a stand-in that
# names no tree).
check_after_setup () {
	"$repo/scripts/fixport-check" setup tools >out 2>&1
}

# ran N: the suite has run N times in all.
ran () {
	echo "$1" >expect &&
	wc -l <"$runs" | tr -d " " >actual &&
	test_cmp expect actual
}

test_expect_success 'set up: a repository whose suite counts its runs' '
	mkdir -p "$repo/scripts/checkbackport" "$repo/scripts/lib" \
		"$repo/drivers" "$repo/Documentation" &&
	echo "The manual" >"$repo/Documentation/checkbackport.rst" &&
	echo "Another" >"$repo/Documentation/xe-oa.rst" &&
	echo "Read me" >"$repo/README.md" &&
	cp "$top/scripts/fixport-check" "$repo/scripts/" &&
	cp "$top/scripts/lib/kept.sh" "$repo/scripts/lib/" &&
	printf "%s\n" "check:" \
		"	@echo run >>$runs" \
		"	@test ! -f $TRASH_DIRECTORY/fail" \
		"	@test ! -f $TRASH_DIRECTORY/edit || echo \"int edited;\" >>tool.c" \
		"	@echo \"3 passed, 0 failed\" >\$(RESULT)" \
		>"$repo/scripts/checkbackport/Makefile" &&
	printf "%s\n" "#!/bin/sh" "echo /nonexistent" \
		>"$repo/scripts/fixport-setup" &&
	chmod +x "$repo/scripts/fixport-setup" &&
	echo "int x;" >"$repo/scripts/checkbackport/tool.c" &&
	echo "int y;" >"$repo/drivers/fix.c" &&
	printf "%s\n" "/.build/" >"$repo/.gitignore" &&
	git -C "$repo" init -q &&
	git -C "$repo" add . &&
	git -C "$repo" -c user.name=t -c user.email=t@example.org \
		commit -q -m init &&
	: >"$runs"
'

test_expect_success 'the first run runs the suite' '
	check &&
	ran 1 &&
	tail -n 1 out >last &&
	echo "3 passed, 0 failed" >summary &&
	test_cmp summary last
'

test_expect_success 'the same inputs: kept, said so, counted as before' '
	check &&
	ran 1 &&
	grep -q "^fixport-check: tools: not run again: these inputs passed on .*: 3 passed, 0 failed (FIXPORT_RETEST=1 runs it)\$" out &&
	tail -n 1 out >last &&
	test_cmp summary last
'

# make check runs the set-up step first, in fixport-check's own shell.
test_expect_success 'the set-up step run before it keeps it' '
	check_after_setup &&
	ran 1 &&
	grep -q "^fixport-check: tools: not run again" out
'

# make validate asks whether make check's pass stands for its own run.
test_expect_success '--kept: the kept pass, without a run, a lock or a write' '
	ls -l --time-style=+%s.%N "$repo/.build/pass" >before &&
	"$repo/scripts/fixport-check" --kept tools >out &&
	ran 1 &&
	grep -qx "3 passed, 0 failed (make check.s pass of [0-9-]* [0-9:]*)" out &&
	ls -l --time-style=+%s.%N "$repo/.build/pass" >after &&
	test_cmp before after &&
	exec 9>"$repo/.build/.lock" && flock 9 &&
	timeout 60 "$repo/scripts/fixport-check" --kept tools >out &&
	exec 9>&- &&
	test_line_count = 1 out
'

test_expect_success '--kept: exit 1 for changed inputs, a setting, FIXPORT_RETEST' '
	echo "int u;" >>"$repo/scripts/checkbackport/tool.c" &&
	test_expect_code 1 "$repo/scripts/fixport-check" --kept tools >out &&
	test_must_be_empty out &&
	git -C "$repo" checkout -q scripts/checkbackport/tool.c &&
	"$repo/scripts/fixport-check" --kept tools >out &&
	test_expect_code 1 env CBP_TEST_JOBS=1 \
		"$repo/scripts/fixport-check" --kept tools >out &&
	test_expect_code 1 env FIXPORT_RETEST=1 \
		"$repo/scripts/fixport-check" --kept tools >out &&
	test_expect_code 1 "$repo/scripts/fixport-check" --kept setup >out &&
	test_expect_code 1 "$repo/scripts/fixport-check" --kept 2>err &&
	grep -q "needs a step" err &&
	ran 1
'

test_expect_success 'a change outside its inputs keeps it' '
	echo "int z;" >>"$repo/drivers/fix.c" &&
	echo "more" >>"$repo/Documentation/xe-oa.rst" &&
	echo "more" >>"$repo/README.md" &&
	check &&
	ran 1
'

test_expect_success 'a changed file runs it again, once' '
	echo "int w;" >>"$repo/scripts/checkbackport/tool.c" &&
	check &&
	ran 2 &&
	grep -qx "fixport-check: tools: run again, changed since the kept pass: scripts/checkbackport/tool.c" out &&
	check &&
	ran 2
'

test_expect_success 'a new file not yet added runs it again' '
	echo "int v;" >"$repo/scripts/checkbackport/new.c" &&
	check &&
	ran 3
'

test_expect_success 'a removed file runs it again' '
	rm "$repo/scripts/checkbackport/new.c" &&
	check &&
	ran 4
'

test_expect_success 'a setting it reads runs it again' '
	check CBP_TEST_JOBS=1 &&
	ran 5 &&
	grep -qx "fixport-check: tools: run again, changed since the kept pass: CBP_TEST_JOBS=1" out
'

test_expect_success 'the setting gone, FIXPORT_RETEST=1 runs it' '
	check &&
	ran 6 &&
	check &&
	ran 6 &&
	check FIXPORT_RETEST=1 &&
	ran 7
'

# The suite fails on a file outside its inputs: the inputs that passed
# now fail when run again, and that failure outdates the kept pass.
test_expect_success 'a failure is not kept, nor the pass it outdates' '
	: >fail &&
	test_expect_code 1 check FIXPORT_RETEST=1 &&
	ran 8 &&
	grep -q "^fixport-check: failed steps: tools\$" out &&
	test_expect_code 1 check &&
	ran 9 &&
	rm fail &&
	check &&
	ran 10 &&
	check &&
	ran 10
'

# The suite changes a file it reads as it runs, and the file is put
# back: the pass was not surely of the files it started with.
test_expect_success 'a pass is not kept when a file it read changed as it ran' '
	cp "$repo/scripts/checkbackport/tool.c" tool.c.before &&
	: >edit &&
	check FIXPORT_RETEST=1 &&
	rm edit &&
	ran 11 &&
	grep -qx "fixport-check: tools: not kept: a file it read changed while it ran" out &&
	cp tool.c.before "$repo/scripts/checkbackport/tool.c" &&
	check &&
	ran 12 &&
	check &&
	ran 12
'

test_expect_success 'its manual changed runs it again' '
	echo "more" >>"$repo/Documentation/checkbackport.rst" &&
	check &&
	ran 13 &&
	grep -qx "fixport-check: tools: run again, changed since the kept pass: Documentation/checkbackport.rst" out
'

test_expect_success 'outside a git work tree of its own, every run runs it' '
	rm -rf "$repo/.git" &&
	check &&
	ran 14 &&
	check &&
	ran 15
'

test_done
