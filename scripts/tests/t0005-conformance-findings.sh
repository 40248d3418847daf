#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A conformance run reports each finding by name, with its number of
# cases, and a tree lacking a fix passes only as a documented finding:
# a skip that names none, or a finding the documentation does not
# describe, fails the run.

test_description='fixport-conformance names its findings and skips nothing silently'
. "$(dirname "$0")/../lib/test-lib.sh"

top=$(cd "$TEST_DIRECTORY/../.." && pwd)
conf=$top/scripts/fixport-conformance

# ktap FILE LINE...: a KUnit log whose cases are LINE..., as kunit.py
# prints them (nested under a suite, after a console prefix).
ktap() {
	f=$1 &&
	shift &&
	{
		echo "KTAP version 1" &&
		echo "1..1" &&
		echo "    # Subtest: xe_ring_ops_conformance" &&
		for l in "$@"; do
			echo "        $l" || return 1
		done &&
		echo "ok 1 xe_ring_ops_conformance"
	} >"$f"
}

test_expect_success 'a run with no skip has no finding and passes' '
	ktap clean.log "ok 1 render" "ok 2 compute" &&
	"$conf" --findings clean.log >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err
'

test_expect_success 'each documented finding: one line, its cases counted' '
	ktap found.log "ok 1 render # SKIP finding xe-xe2-untyped-flush: no untyped flush" \
		"ok 2 compute # SKIP finding xe-xe2-untyped-flush: no untyped flush" \
		"ok 3 copy" \
		"ok 4 N=127 # SKIP finding xe-oa-lri-batch-size: 257 dwords in 256" &&
	"$conf" --findings found.log >out 2>err &&
	cat >expect <<-\EOF &&
	fixport-conformance: finding xe-xe2-untyped-flush (2 cases): no untyped flush
	fixport-conformance: finding xe-oa-lri-batch-size (1 cases): 257 dwords in 256
	EOF
	test_cmp expect out &&
	test_must_be_empty err
'

test_expect_success 'a skip without a finding fails, naming the case' '
	ktap silent.log "ok 1 render # SKIP not today" "ok 2 compute" &&
	test_expect_code 1 "$conf" --findings silent.log >out 2>err &&
	grep -q "^fixport-conformance: 1 cases skipped without a finding:" err &&
	grep -q "ok 1 render # SKIP not today" err
'

test_expect_success 'an undocumented finding fails, naming it' '
	ktap undoc.log "ok 1 render # SKIP finding xe-no-such-finding: made up" &&
	test_expect_code 1 "$conf" --findings undoc.log >out 2>err &&
	grep -q "^fixport-conformance: finding xe-no-such-finding (1 cases): made up" out &&
	grep -q "^fixport-conformance: finding xe-no-such-finding is not described in Documentation/conformance.rst" err
'

test_expect_success 'every finding a suite can report is documented' '
	sed -n "s/.*\"finding \([a-z0-9-]*\): .*/\1/p" \
		"$top"/kunit/conformance/*_conformance.c | sort -u >names &&
	test_line_count = 3 names &&
	while read -r n; do
		grep -qE "^\`\`$n\`\`( [(].*[)])?\$" "$top/Documentation/conformance.rst" ||
			return 1
	done <names
'

test_expect_success 'a missing log is an error' '
	test_expect_code 2 "$conf" --findings no-such.log 2>err &&
	grep -q "no-such.log: no such log" err
'

test_done
