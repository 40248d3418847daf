#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run-tests.sh RESULT [UNIT-TEST...]: run the unit test programs (by
# default every build/unit-*), the self-test of the shell test library
# and the shell tests under prove, two at a time, print their TAP, and
# write "N passed, N failed, N skipped" (counting test points) to RESULT.

result=${1:-build/test-result}
test $# -gt 0 && shift
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp "${TMPDIR:-/tmp}/cbp-prove.XXXXXX") || exit 2
trap 'rm -f "$log"' EXIT

mkdir -p "$(dirname "$result")" || exit 2
cd "$here/.." || exit 2
status=0
test $# -gt 0 || set -- build/unit-*
prove -v --timer -j"${CBP_TEST_JOBS:-2}" -e '' "$@" ../lib/tests/t[0-9]*.sh tests/t[0-9]*.sh \
	>"$log" 2>&1 || status=$?
cat "$log"

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
