# SPDX-License-Identifier: GPL-2.0
#
# test-lib.sh - the shell test library of drm-fixport, with the semantics
# of git's t/test-lib.sh.  A test script sets test_description (optional),
# sources this file, declares its tests and ends with test_done:
#
#	#!/bin/sh
#	test_description='what the script covers'
#	. "$(dirname "$0")/../../lib/test-lib.sh"
#
#	test_expect_success 'title' '
#		cmd1 &&
#		cmd2
#	'
#	test_done
#
# Semantics
#
#   The body of a test is evaluated with eval in the script's own shell
#   (no subshell, no set -e): its verdict is the exit status of the body,
#   so every command must be joined to the next by && (or sit in an if,
#   a loop ending in `|| return 1`, ...).  A body whose chain is broken is
#   rejected before it runs: the body is first evaluated in a subshell
#   as "(exit 117) && BODY" (a function returning 117 standing for the
#   inner subshell); with an unbroken chain nothing of it runs
#   and the status is 117, anything else means a command stands outside
#   the chain.  Such a test is reported "not ok ... # broken &&-chain"
#   and its body is not run.  Variables a body sets stay set for the
#   tests after it, as in git; unlike git, each test starts in the trash
#   directory, so a `cd` in one test does not move the next.
#
# Declaring tests
#
#   test_expect_success [PREREQ] TITLE BODY
#   test_expect_failure [PREREQ] TITLE BODY   a known breakage: TAP TODO
#   PREREQ is a comma-separated list of prerequisites; a name may be
#   negated with a leading "!".  A test whose prerequisites are missing
#   is reported "ok N # skip TITLE (missing PREREQ)".
#
# Prerequisites
#
#   test_set_prereq NAME          NAME is satisfied
#   test_lazy_prereq NAME SCRIPT  satisfied if SCRIPT (evaluated in a
#                                 subshell, in a scratch directory, the
#                                 first time it is asked) succeeds
#   test_have_prereq LIST         whether every prerequisite of LIST holds
#
# Helpers for bodies
#
#   test_cmp EXPECTED ACTUAL      the files are equal; diff -u if not
#   test_must_fail CMD...         CMD fails with a status from 1 to 125;
#                                 a success, 126/127 (not run) or a
#                                 death by a signal (129-192) fails the
#                                 test.  Not for test, grep, cmp, diff,
#                                 test_cmp or `!`: negate those with !.
#   test_expect_code N CMD...     CMD exits with status N exactly
#   test_when_finished CMD        run CMD after this test's body, whatever
#                                 its verdict; a failing CMD fails the test.
#                                 Only in the test's shell, not a subshell.
#   test_line_count OP N FILE     FILE has OP N lines (OP as for test: =,
#                                 -lt, -ge, ...)
#   test_must_be_empty FILE       FILE exists and is empty
#   test_path_is_file/_is_dir/_is_missing PATH
#   test_tick                     advance the git author/committer date by
#                                 an hour
#   test_skip TITLE REASON        report one skipped test point
#   skip_all=REASON; test_done    skip the whole script
#   BUG MESSAGE                   an error in the test script: stop, fail
#
# Options (on the script's command line)
#
#   -v, --verbose    show each body's output (on stderr) as it runs
#   -i, --immediate  stop at the first failing test, keep the trash
#   -d, --debug      keep the trash directory
#   -x               trace the bodies (set -x)
#   --no-chain-lint  do not check && chains
#
# Without --verbose, the output of a failing test's body is printed as
# TAP comments after its "not ok" line.
#
# Environment: every test script runs in a fresh trash directory under
# $TMPDIR (its path in TRASH_DIRECTORY) with HOME set to it and git
# configured for reproducible commits (fixed identities, no user or system
# config, init.defaultBranch=master).  TEST_DIRECTORY is the directory of
# the script.
#
# test_done prints the TAP plan and exits 0 if no test failed, 1 otherwise.
# A script that exits before test_done fails.

test_count=0
test_success=0
test_failure=0
test_fixed=0
test_broken=0
test_skipped=0
test_verbose=
test_immediate=
test_debug=
test_trace=
test_chain_lint=1
test_prereqs=' '
test_lazy_done=' '
test_cleanup=:
test_in_body=
test_done_called=
LF='
'

while test $# -gt 0
do
	case "$1" in
	-v | --verbose)
		test_verbose=t ;;
	-i | --immediate)
		test_immediate=t ;;
	-d | --debug)
		test_debug=t ;;
	-x)
		test_trace=t ;;
	--chain-lint)
		test_chain_lint=1 ;;
	--no-chain-lint)
		test_chain_lint= ;;
	*)
		echo "test-lib.sh: unknown option '$1'" >&2
		exit 1 ;;
	esac
	shift
done

# (Without dirname and basename: a process costs more than the rest of
# a small script's start here.)
case $0 in
*/*)	TEST_DIRECTORY=${0%/*} ;;
*)	TEST_DIRECTORY=. ;;
esac
TEST_DIRECTORY=$(cd "$TEST_DIRECTORY" && pwd) || exit 1
test_name=${0##*/}
test_name=${test_name%.sh}

# The TAP stream and the script's stderr, whatever a body redirects.
exec 6>&1 7>&2

# BUG MESSAGE: the test script itself is wrong, no verdict of it can be
# trusted: fail the test and end the script.  In a subshell of a body,
# only that subshell ends, failing the test.
BUG () {
	echo "error: bug in the test script: $*" >&7
	test_main_shell_ || exit 1
	test_done_called=t
	if test -n "$test_in_body"
	then
		echo "not ok $test_count - $test_title_ # bug in the test script: $*" >&6
	else
		test_count=$((test_count + 1))
		echo "not ok $test_count - bug in the test script: $*" >&6
	fi
	echo "1..$test_count" >&6
	exit 1
}

TRASH_DIRECTORY=$(mktemp -d "${TMPDIR:-/tmp}/trash.$test_name.XXXXXX") || exit 1
test_output=$TRASH_DIRECTORY/.test-output

test_exit_ () {
	test_exit_status_=$?
	if test -z "$test_done_called" && test -n "$test_in_body"
	then
		echo "not ok $test_count - $test_title_ # exit $test_exit_status_ in the body"
		echo "1..$test_count"
		test_exit_status_=1
	elif test -z "$test_done_called"
	then
		test_count=$((test_count + 1))
		echo "not ok $test_count - the script exited ($test_exit_status_) before test_done"
		echo "1..$test_count"
		test_exit_status_=1
	fi
	if test -z "$test_debug" && ! { test -n "$test_immediate" &&
					test "$test_failure" != 0; }
	then
		cd / && rm -rf "$TRASH_DIRECTORY"
	else
		echo "# trash directory kept: $TRASH_DIRECTORY"
	fi
	exit "$test_exit_status_"
}
trap 'test_exit_' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Reproducible git: no user or system config, fixed identities.
HOME=$TRASH_DIRECTORY
XDG_CONFIG_HOME=$TRASH_DIRECTORY/.config
GIT_CONFIG_NOSYSTEM=1
GIT_AUTHOR_NAME='A U Thor'
GIT_AUTHOR_EMAIL=author@example.com
GIT_COMMITTER_NAME='C O Mitter'
GIT_COMMITTER_EMAIL=committer@example.com
LC_ALL=C
export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_AUTHOR_NAME \
	GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL LC_ALL \
	TRASH_DIRECTORY TEST_DIRECTORY
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_AUTHOR_DATE \
	GIT_COMMITTER_DATE CDPATH
# Nor the settings of the make check that runs the script: a test of
# kept results under FIXPORT_RETEST=1 would find nothing kept.
unset FIXPORT_RETEST FIXPORT_SERIAL FIXPORT_PROBES
cd "$TRASH_DIRECTORY" || exit 1
# The global config written as git config --global would write it (a
# process costs more than the rest of a small test's set-up).  No
# automatic maintenance: each commit would start a "git maintenance run
# --auto" that finds nothing to do in repositories this small.
printf '%s\n' '[init]' '	defaultBranch = master' '[advice]' \
	'	detachedHead = false' '[maintenance]' '	auto = false' \
	>"$HOME/.gitconfig" || exit 1
test_tick_=1112911993

# test_tick: advance the commit dates by an hour, so that they order.
test_tick () {
	test_tick_=$((test_tick_ + 3600))
	GIT_AUTHOR_DATE="$test_tick_ +0000"
	GIT_COMMITTER_DATE="$test_tick_ +0000"
	export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

# Prerequisites.

test_set_prereq () {
	case "$test_prereqs" in
	*" $1 "*) ;;
	*) test_prereqs="$test_prereqs$1 " ;;
	esac
}

test_lazy_prereq () {
	eval "test_lazy_script_$1=\$2"
}

test_have_prereq () {
	test_have_list_=$1
	test_have_ok_=0
	while test -n "$test_have_list_"
	do
		test_have_one_=${test_have_list_%%,*}
		if test "$test_have_one_" = "$test_have_list_"
		then
			test_have_list_=
		else
			test_have_list_=${test_have_list_#*,}
		fi
		test_have_neg_=
		case "$test_have_one_" in
		!*)
			test_have_neg_=t
			test_have_one_=${test_have_one_#!} ;;
		esac
		case "$test_have_one_" in
		'' | *[!A-Za-z0-9_]*)
			BUG "bad prerequisite name '$test_have_one_'" ;;
		esac
		test_lazy_eval_ "$test_have_one_"
		case "$test_prereqs" in
		*" $test_have_one_ "*) test_have_yes_=t ;;
		*) test_have_yes_= ;;
		esac
		if test -n "$test_have_neg_"
		then
			test -z "$test_have_yes_" || test_have_ok_=1
		else
			test -n "$test_have_yes_" || test_have_ok_=1
		fi
	done
	return "$test_have_ok_"
}

# test_lazy_eval_ NAME: decide a lazy prerequisite, once.
test_lazy_eval_ () {
	case "$test_lazy_done" in
	*" $1 "*) return 0 ;;
	esac
	test_lazy_done="$test_lazy_done$1 "
	eval "test_lazy_script_=\${test_lazy_script_$1-}"
	test -n "$test_lazy_script_" || return 0
	mkdir -p "$TRASH_DIRECTORY/.prereq-$1" &&
	if (cd "$TRASH_DIRECTORY/.prereq-$1" && eval "$test_lazy_script_") \
		>/dev/null 2>&1 </dev/null
	then
		test_set_prereq "$1"
	fi
	rm -rf "$TRASH_DIRECTORY/.prereq-$1"
}

# Assertions.

test_cmp () {
	test $# = 2 || BUG "test_cmp needs two files"
	diff -u "$1" "$2"
}

test_must_be_empty () {
	test $# = 1 || BUG "test_must_be_empty needs one file"
	if ! test -f "$1"
	then
		echo "'$1' is missing" >&2
		return 1
	fi
	if test -s "$1"
	then
		echo "'$1' is not empty, it contains:" >&2
		cat "$1" >&2
		return 1
	fi
}

test_line_count () {
	test $# = 3 || BUG "test_line_count needs OP N FILE"
	test_line_count_=$(wc -l <"$3") || return 1
	if ! test "$test_line_count_" "$1" "$2"
	then
		echo "test_line_count: line count of $3 is $test_line_count_, not $1 $2:" >&2
		cat "$3" >&2
		return 1
	fi
}

test_path_is_file () {
	test -f "$1" || { echo "file '$1' does not exist" >&2; return 1; }
}

test_path_is_dir () {
	test -d "$1" || { echo "directory '$1' does not exist" >&2; return 1; }
}

test_path_is_missing () {
	if test -e "$1" || test -L "$1"
	then
		echo "path '$1' exists" >&2
		return 1
	fi
}

test_must_fail () {
	case "$1" in
	test | '[' | grep | cmp | diff | test_cmp | '!' | true | false)
		BUG "test_must_fail $1: assert a failure of $1 with ! instead" ;;
	esac
	"$@"
	test_must_fail_=$?
	if test "$test_must_fail_" = 0
	then
		echo "test_must_fail: command succeeded: $*" >&2
		return 1
	elif test "$test_must_fail_" -gt 128 && test "$test_must_fail_" -le 192
	then
		echo "test_must_fail: died by signal $((test_must_fail_ - 128)): $*" >&2
		return 1
	elif test "$test_must_fail_" = 127
	then
		echo "test_must_fail: command not found: $*" >&2
		return 1
	elif test "$test_must_fail_" = 126
	then
		echo "test_must_fail: cannot run: $*" >&2
		return 1
	elif test "$test_must_fail_" -gt 128
	then
		echo "test_must_fail: unexpected status $test_must_fail_: $*" >&2
		return 1
	fi
	return 0
}

test_expect_code () {
	test $# -ge 2 || BUG "test_expect_code needs a status and a command"
	test_expect_code_want_=$1
	shift
	"$@"
	test_expect_code_got_=$?
	if test "$test_expect_code_got_" != "$test_expect_code_want_"
	then
		echo "test_expect_code: exit status $test_expect_code_got_, expected $test_expect_code_want_: $*" >&2
		return 1
	fi
}

# The shell that evaluates the bodies: a subshell has another pid,
# which a program it starts sees as its parent.
test_main_shell_ () {
	test "$(exec sh -c 'echo $PPID')" = "$$"
}

test_when_finished () {
	test -n "$test_in_body" ||
		BUG "test_when_finished outside a test body"
	test_main_shell_ ||
		BUG "test_when_finished in a subshell: its cleanup would be lost"
	test_cleanup="{ $*
		} && (exit \"\$test_eval_status_\"); test_eval_status_=\$?; $test_cleanup"
}

test_skip () {
	test_count=$((test_count + 1))
	test_skipped=$((test_skipped + 1))
	echo "ok $test_count # skip $1 ($2)"
}

# Running tests.

# test_eval_ BODY: evaluate BODY in this shell; its output goes to the
# output file (or, verbose, to stderr).
test_eval_ () {
	if test -n "$test_trace"
	then
		set -x
	fi
	eval "$1"
	test_eval_ret_=$?
	{ set +x; } 2>/dev/null
	return "$test_eval_ret_"
}

# test_chain_117_: fail with status 117 (as "(exit 117)" would, without
# the subshell: a process costs milliseconds, and every test is linted).
test_chain_117_ () {
	return 117
}

# test_chain_ok_ BODY: the body's commands are all joined by &&.  What a
# broken chain runs, it runs in the subshell of the command substitution.
test_chain_ok_ () {
	test -z "$test_chain_lint" && return 0
	test_chain_=$(
		exec 3>&1 >/dev/null 2>&1 </dev/null
		test_trace=
		test_eval_ "test_chain_117_ && $1${LF}${LF}echo OK-\$? >&3"
	)
	test "$test_chain_" = OK-117
}

# test_run_ TITLE BODY: 0 if the body (and its cleanup) passed.
test_run_ () {
	test_cleanup=:
	cd "$TRASH_DIRECTORY" || BUG "cannot enter the trash directory"
	if ! test_chain_ok_ "$2"
	then
		echo "broken &&-chain: the test is not run:" >"$test_output"
		printf '%s\n' "$2" >>"$test_output"
		test_chain_broken_=t
		return 1
	fi
	test_chain_broken_=
	test_in_body=t
	if test -n "$test_verbose"
	then
		test_eval_ "$2" </dev/null >&2
		test_eval_status_=$?
		test_eval_ "$test_cleanup" </dev/null >&2
	else
		test_eval_ "$2" </dev/null >"$test_output" 2>&1
		test_eval_status_=$?
		test_eval_ "$test_cleanup" </dev/null >>"$test_output" 2>&1
	fi
	test_in_body=
	cd "$TRASH_DIRECTORY" || BUG "cannot enter the trash directory"
	return "$test_eval_status_"
}

# test_args_ NAME "$@": split [PREREQ] TITLE BODY into test_pre_,
# test_title_, test_body_.
test_args_ () {
	test_fn_=$1
	shift
	case $# in
	2) test_pre_= test_title_=$1 test_body_=$2 ;;
	3) test_pre_=$1 test_title_=$2 test_body_=$3 ;;
	*) BUG "$test_fn_ needs [PREREQ] TITLE BODY, got $# arguments" ;;
	esac
}

# test_skip_missing_: report a skip if a prerequisite is missing.
test_skip_missing_ () {
	test -n "$test_pre_" || return 1
	test_have_prereq "$test_pre_" && return 1
	test_skip "$test_title_" "missing $test_pre_"
	return 0
}

test_print_output_ () {
	test -z "$test_verbose" || test -n "$test_chain_broken_" || return 0
	sed -e 's/^/#	/' "$test_output"
}

test_expect_success () {
	test_args_ test_expect_success "$@"
	test_skip_missing_ && return 0
	test_count=$((test_count + 1))
	if test_run_ "$test_title_" "$test_body_"
	then
		test_success=$((test_success + 1))
		echo "ok $test_count - $test_title_"
	else
		test_failure=$((test_failure + 1))
		if test -n "$test_chain_broken_"
		then
			echo "not ok $test_count - $test_title_ # broken &&-chain"
		else
			echo "not ok $test_count - $test_title_"
		fi
		test_print_output_
		if test -n "$test_immediate"
		then
			echo "# --immediate: stopping at the first failure"
			test_done
		fi
	fi
}

test_expect_failure () {
	test_args_ test_expect_failure "$@"
	test_skip_missing_ && return 0
	test_count=$((test_count + 1))
	if test_run_ "$test_title_" "$test_body_"
	then
		test_fixed=$((test_fixed + 1))
		echo "ok $test_count - $test_title_ # TODO known breakage vanished"
	elif test -n "$test_chain_broken_"
	then
		test_failure=$((test_failure + 1))
		echo "not ok $test_count - $test_title_ # broken &&-chain"
		test_print_output_
	else
		test_broken=$((test_broken + 1))
		echo "not ok $test_count - $test_title_ # TODO known breakage"
	fi
}

test_done () {
	test_done_called=t
	if test -n "${skip_all:-}" && test "$test_count" = 0
	then
		echo "1..0 # SKIP $skip_all"
		exit 0
	fi
	echo "1..$test_count"
	if test "$test_failure" = 0
	then
		echo "# passed all $test_count test(s)"
		exit 0
	fi
	echo "# failed $test_failure among $test_count test(s)"
	exit 1
}

if test -n "${test_description:-}" && test -n "$test_verbose"
then
	printf '%s\n' "$test_description" | sed -e 's/^/# /'
fi
