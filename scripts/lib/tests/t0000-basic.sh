#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The test library tests itself, as git's t0000-basic.sh does: each case
# is a small script run on the library, whose TAP output and exit status
# must be the verdicts the library documents.

test_description='test-lib.sh gives each kind of body its documented verdict'
. "$(dirname "$0")/../test-lib.sh"

LIB=$(cd "$TEST_DIRECTORY/.." && pwd)/test-lib.sh

# sub_test NAME: write NAME.sh from stdin, a script that sources the
# library, declares the tests of stdin and ends with test_done.
sub_test () {
	{
		echo '#!/bin/sh'
		echo ". '$LIB'"
		cat
		echo 'test_done'
	} >"$1.sh"
}

# run_sub_test NAME [OPTION...]: run NAME.sh under sh, its TAP without
# the comment lines in NAME.out, its exit status in NAME.rc.
run_sub_test () {
	sub_test_name_=$1
	shift
	sub_test_rc_=0
	TMPDIR=$TRASH_DIRECTORY sh "./$sub_test_name_.sh" "$@" \
		>"$sub_test_name_.raw" 2>"$sub_test_name_.err" || sub_test_rc_=$?
	echo "$sub_test_rc_" >"$sub_test_name_.rc" &&
	grep -v '^#' "$sub_test_name_.raw" >"$sub_test_name_.out"
	return 0
}

test_expect_success 'a passing body passes; the script exits 0' '
	sub_test pass <<-\EOF &&
	test_expect_success "one" "true"
	test_expect_success "two" "true && true"
	EOF
	run_sub_test pass &&
	cat >expect <<-\EOF &&
	ok 1 - one
	ok 2 - two
	1..2
	EOF
	test_cmp expect pass.out &&
	echo 0 >expect.rc &&
	test_cmp expect.rc pass.rc
'

test_expect_success 'a failing command before the last one in an && chain fails the test' '
	sub_test chain-fail <<-\EOF &&
	test_expect_success "fails early" "
		false &&
		true
	"
	test_expect_success "next runs" "true"
	EOF
	run_sub_test chain-fail &&
	cat >expect <<-\EOF &&
	not ok 1 - fails early
	ok 2 - next runs
	1..2
	EOF
	test_cmp expect chain-fail.out &&
	echo 1 >expect.rc &&
	test_cmp expect.rc chain-fail.rc
'

test_expect_success 'false then true on the next line is a broken chain: the body does not run' '
	sub_test broken <<-\EOF &&
	test_expect_success "unchained" "
		false
		>ran
	"
	test_expect_success "discarded by ;" "false; >ran2"
	EOF
	run_sub_test broken &&
	cat >expect <<-\EOF &&
	not ok 1 - unchained # broken &&-chain
	not ok 2 - discarded by ; # broken &&-chain
	1..2
	EOF
	test_cmp expect broken.out &&
	echo 1 >expect.rc &&
	test_cmp expect.rc broken.rc &&
	grep "^#	broken &&-chain" broken.raw &&
	test_path_is_missing ran &&
	test_path_is_missing ran2
'

test_expect_success 'without the chain-lint an unchained false is lost, which is why the lint runs' '
	sub_test nolint <<-\EOF &&
	test_expect_success "unchained" "
		false
		true
	"
	EOF
	run_sub_test nolint --no-chain-lint &&
	cat >expect <<-\EOF &&
	ok 1 - unchained
	1..1
	EOF
	test_cmp expect nolint.out
'

test_expect_success 'chains through if, loops with || return 1, subshells and here-documents pass the lint' '
	sub_test compound <<-\EOF &&
	test_expect_success "compound" "
		if true
		then
			x=1
		else
			x=2
		fi &&
		for i in 1 2
		do
			test \$i -gt 0 || return 1
		done &&
		(cd . && true) &&
		cat >doc <<-EOT &&
		text
		EOT
		test \$x = 1
	"
	test_expect_success "a loop that fails" "
		for i in 1 2
		do
			test \$i = 1 || return 1
		done
	"
	EOF
	run_sub_test compound &&
	cat >expect <<-\EOF &&
	ok 1 - compound
	not ok 2 - a loop that fails
	1..2
	EOF
	test_cmp expect compound.out
'

test_expect_success 'test_must_fail passes on a failure and fails on a success, a signal, a missing command' '
	sub_test must-fail <<-\EOF &&
	test_expect_success "fails with 1" "test_must_fail sh -c \"exit 1\""
	test_expect_success "succeeds" "test_must_fail sh -c \"exit 0\""
	test_expect_success "segfaults" "test_must_fail sh -c \"kill -SEGV \\\$\\\$\""
	test_expect_success "aborts" "test_must_fail sh -c \"kill -ABRT \\\$\\\$\""
	test_expect_success "not found" "test_must_fail no-such-command-here"
	EOF
	run_sub_test must-fail &&
	cat >expect <<-\EOF &&
	ok 1 - fails with 1
	not ok 2 - succeeds
	not ok 3 - segfaults
	not ok 4 - aborts
	not ok 5 - not found
	1..5
	EOF
	test_cmp expect must-fail.out &&
	grep "died by signal 11" must-fail.raw &&
	grep "died by signal 6" must-fail.raw
'

test_expect_success 'test_must_fail refuses to wrap grep: the script is a bug' '
	sub_test must-fail-grep <<-\EOF &&
	test_expect_success "misuse" "test_must_fail grep x /dev/null"
	EOF
	run_sub_test must-fail-grep &&
	grep "bug in the test script: test_must_fail grep" must-fail-grep.err &&
	grep "^not ok 1 - misuse" must-fail-grep.out
'

test_expect_success 'test_expect_code wants the exact status' '
	sub_test code <<-\EOF &&
	test_expect_success "right" "test_expect_code 2 sh -c \"exit 2\""
	test_expect_success "wrong" "test_expect_code 2 sh -c \"exit 1\""
	test_expect_success "success is a status too" "test_expect_code 0 true"
	EOF
	run_sub_test code &&
	cat >expect <<-\EOF &&
	ok 1 - right
	not ok 2 - wrong
	ok 3 - success is a status too
	1..3
	EOF
	test_cmp expect code.out &&
	grep "exit status 1, expected 2" code.raw
'

test_expect_success 'test_when_finished runs after a passing and a failing body; a failing cleanup fails the test' '
	sub_test finished <<-\EOF &&
	test_expect_success "cleanup after success" "
		test_when_finished \"rm a\" &&
		>a
	"
	test_expect_success "a is gone" "test_path_is_missing a"
	test_expect_success "cleanup after failure" "
		test_when_finished \"rm b\" &&
		>b &&
		false
	"
	test_expect_success "b is gone" "test_path_is_missing b"
	test_expect_success "failing cleanup" "
		test_when_finished false &&
		true
	"
	test_expect_success "in a subshell" "(test_when_finished true)"
	EOF
	run_sub_test finished &&
	cat >expect <<-\EOF &&
	ok 1 - cleanup after success
	ok 2 - a is gone
	not ok 3 - cleanup after failure
	ok 4 - b is gone
	not ok 5 - failing cleanup
	not ok 6 - in a subshell
	1..6
	EOF
	test_cmp expect finished.out
'

test_expect_success 'a missing prerequisite skips the test; a set one runs it' '
	sub_test prereq <<-\EOF &&
	test_expect_success HAVE "have" "true"
	test_set_prereq HAVE
	test_expect_success HAVE "have now" "true"
	test_expect_success HAVE,!NOT "have and not" "true"
	test_expect_success HAVE,MISSING "one missing" "false"
	test_expect_success !HAVE "negated" "false"
	test_lazy_prereq LAZY_NO "false"
	test_lazy_prereq LAZY_YES "true"
	test_expect_success LAZY_NO "lazy missing" "false"
	test_expect_success LAZY_YES "lazy present" "true"
	test_expect_success "test_have_prereq" "
		test_have_prereq LAZY_YES,HAVE &&
		! test_have_prereq LAZY_NO
	"
	EOF
	run_sub_test prereq &&
	cat >expect <<-\EOF &&
	ok 1 # skip have (missing HAVE)
	ok 2 - have now
	ok 3 - have and not
	ok 4 # skip one missing (missing HAVE,MISSING)
	ok 5 # skip negated (missing !HAVE)
	ok 6 # skip lazy missing (missing LAZY_NO)
	ok 7 - lazy present
	ok 8 - test_have_prereq
	1..8
	EOF
	test_cmp expect prereq.out &&
	echo 0 >expect.rc &&
	test_cmp expect.rc prereq.rc
'

test_expect_success 'test_expect_failure is a TODO; one that passes says so' '
	sub_test todo <<-\EOF &&
	test_expect_failure "known" "false"
	test_expect_failure "fixed" "true"
	EOF
	run_sub_test todo &&
	cat >expect <<-\EOF &&
	not ok 1 - known # TODO known breakage
	ok 2 - fixed # TODO known breakage vanished
	1..2
	EOF
	test_cmp expect todo.out &&
	echo 0 >expect.rc &&
	test_cmp expect.rc todo.rc
'

test_expect_success 'test_cmp, test_line_count and test_must_be_empty fail on a difference' '
	sub_test asserts <<-\EOF &&
	test_expect_success "cmp" "echo a >x && echo b >y && test_cmp x y"
	test_expect_success "count" "printf \"a\nb\n\" >z && test_line_count = 3 z"
	test_expect_success "empty" "echo a >e && test_must_be_empty e"
	test_expect_success "all right" "
		echo a >x && echo a >y && test_cmp x y &&
		test_line_count = 1 x && >e && test_must_be_empty e
	"
	EOF
	run_sub_test asserts &&
	cat >expect <<-\EOF &&
	not ok 1 - cmp
	not ok 2 - count
	not ok 3 - empty
	ok 4 - all right
	1..4
	EOF
	test_cmp expect asserts.out &&
	grep "^#	-a" asserts.raw &&
	grep "^#	+b" asserts.raw
'

test_expect_success 'a cd does not leak into the next test; a variable does' '
	sub_test cd <<-\EOF &&
	test_expect_success "move" "mkdir sub && cd sub && v=set"
	test_expect_success "back" "test -d sub && test \"\$v\" = set"
	EOF
	run_sub_test cd &&
	cat >expect <<-\EOF &&
	ok 1 - move
	ok 2 - back
	1..2
	EOF
	test_cmp expect cd.out
'

test_expect_success 'an exit in a body fails the test and the script' '
	sub_test exit <<-\EOF &&
	test_expect_success "exits" "exit 0"
	test_expect_success "never" "true"
	EOF
	run_sub_test exit &&
	cat >expect <<-\EOF &&
	not ok 1 - exits # exit 0 in the body
	1..1
	EOF
	test_cmp expect exit.out &&
	echo 1 >expect.rc &&
	test_cmp expect.rc exit.rc
'

test_expect_success '--immediate stops at the first failure' '
	sub_test immediate <<-\EOF &&
	test_expect_success "one" "false"
	test_expect_success "two" "true"
	EOF
	run_sub_test immediate --immediate &&
	cat >expect <<-\EOF &&
	not ok 1 - one
	1..1
	EOF
	test_cmp expect immediate.out &&
	echo 1 >expect.rc &&
	test_cmp expect.rc immediate.rc
'

test_expect_success '--verbose shows the output of a passing body' '
	sub_test verbose <<-\EOF &&
	test_expect_success "talks" "echo said-it"
	EOF
	run_sub_test verbose &&
	! grep said-it verbose.raw verbose.err &&
	run_sub_test verbose --verbose &&
	grep said-it verbose.err
'

test_expect_success 'skip_all skips the whole script' '
	{
		echo "#!/bin/sh" &&
		echo "skip_all=\"nothing to test\"" &&
		echo ". \"$LIB\"" &&
		echo "test_done"
	} >skip.sh &&
	run_sub_test skip &&
	echo "1..0 # SKIP nothing to test" >expect &&
	test_cmp expect skip.out &&
	echo 0 >expect.rc &&
	test_cmp expect.rc skip.rc
'

test_expect_success 'the trash directory is removed, with --debug kept' '
	sub_test trash <<-\EOF &&
	test_expect_success "where" "pwd >\"$TRASH_DIRECTORY/../where\""
	EOF
	mkdir run && cp trash.sh run/ &&
	(cd run && TMPDIR=$TRASH_DIRECTORY/run sh trash.sh >/dev/null) &&
	test_path_is_missing "$(cat run/where)" &&
	(cd run && TMPDIR=$TRASH_DIRECTORY/run sh trash.sh --debug >/dev/null) &&
	test_path_is_dir "$(cat run/where)"
'

test_done
