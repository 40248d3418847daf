#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run-tests.sh RESULT [UNIT-TEST...]: run the unit test programs (by
# default every build/unit-*), the self-test of the shell test library
# and the shell tests under prove, print their TAP, and write "N passed,
# N failed, N skipped" (counting test points) to RESULT.
#
# Two lanes run side by side: the scripts that check --tree (t3*), one
# after the other, and everything else, CBP_TEST_JOBS (2) at a time.
# check --tree holds the tree's cache entry for its whole run, so two
# tree scripts never overlap anyway; in one lane they cost the sum of
# their times while the other lane runs the rest, and the suite takes
# the longer lane, not the sum of both.  The tree lane mostly waits for
# make, which runs -j as many processors: the other lane keeps its jobs.

result=${1:-build/test-result}
test $# -gt 0 && shift
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp "${TMPDIR:-/tmp}/cbp-prove.XXXXXX") || exit 2
tlog=$(mktemp "${TMPDIR:-/tmp}/cbp-prove.XXXXXX") || exit 2
trap 'rm -rf "$log" "$log.state" "$tlog"' EXIT
# Read-only repositories several scripts build alike (test_fixture in
# lib-checkbackport.sh): built by the first script of a run to need one
# and kept in the cache, under the hash of what builds them (the test
# libraries, the demonstration repository's script and git's version),
# for the runs after it.  Entries of other hashes unused for a day go.
fixtures=${XDG_CACHE_HOME:-$HOME/.cache}/drm-fixport/checkbackport/fixtures
key=$( (cat "$here"/lib-*.sh "$here/../../lib/test-lib.sh" \
	"$here/../demo/make-demo-repo" && git --version) | sha1sum) || exit 2
CBP_FIXTURES=$fixtures/${key%% *}
mkdir -p "$CBP_FIXTURES" && touch "$CBP_FIXTURES" || exit 2
find "$fixtures" -mindepth 1 -maxdepth 1 -mtime +0 -exec rm -rf {} + ||
	exit 2
export CBP_FIXTURES

mkdir -p "$(dirname "$result")" || exit 2
cd "$here/.." || exit 2
status=0
tstatus=0
jobs=${CBP_TEST_JOBS:-2}
test $# -gt 0 || set -- build/unit-*
prove -v --timer -j1 -e '' tests/t3[0-9]*.sh >"$tlog" 2>&1 &
tree_lane=$!
# Slowest first, by the times of the last run (build/prove-main.state):
# the lane does not end on a long script started last.  prove works on a
# copy, put back whole: a run beside this one never reads half of it.
state=build/prove-main.state
mkdir -p build && cp "$state" "$log.state" 2>/dev/null || : >"$log.state"
prove -v --timer --state=slow,save --statefile="$log.state" \
	-j"$jobs" -e '' "$@" ../lib/tests/t[0-9]*.sh \
	tests/t[0-24-9][0-9]*.sh >"$log" 2>&1 || status=$?
mv "$log.state" "$state.$$" && mv "$state.$$" "$state" ||
	rm -f "$log.state" "$state.$$"
wait "$tree_lane" || tstatus=$?
test "$status" = 0 && status=$tstatus
cat "$tlog" >>"$log" && cat "$log" || status=2

# "ok N - ..." lines of prove -v; skips carry "# skip", TODOs "# TODO".
summary=$(awk '
	/^(not )?ok [0-9]+/ {
		if ($0 ~ /# *[Ss][Kk][Ii][Pp]/ || $0 ~ /# *TODO/)
			skip++
		else if ($1 == "not")
			fail++
		else
			pass++
	}
	END { printf "%d %d %d\n", pass, fail, skip }
' "$log")
set -- $summary
pass=$1
fail=$2
skip=$3
# A script that died without reporting still failed.
if test "$status" != 0 && test "$fail" = 0
then
	fail=1
fi
echo "$pass passed, $fail failed, $skip skipped" >"$result"
echo "checkbackport: $pass passed, $fail failed, $skip skipped"
test "$fail" = 0 && test "$pass" -gt 0
