#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fixes on a commit whose Fixes: names no commit (41 hex digits, one
# typo from the commit meant): a finding naming the corrected ID, as
# lint and check give, never "no Fixes: tags" with status 0.

. "$(dirname "$0")/lib.sh"
. "$CBP_DIR/tests/hostile-lib.sh"

test_expect_success 'set up a fix whose Fixes: has 41 digits' '
	git init -q repo &&
	cd repo &&
	test_commit base &&
	test_change drivers/x.c a "drm/x: a fix" &&
	A=$(git rev-parse HEAD) &&
	echo "$A" >../bug &&
	test_change drivers/x.c b "drm/x: the fix of the fix" \
		"Fixes: ${A}0 (\"drm/x: a fix\")"
'

test_expect_success 'fixes reports the malformed Fixes: with the ID meant' '
	A=$(cat bug) &&
	(cd repo && test_expect_code 1 cbp fixes HEAD) >out &&
	grep "^Fixes: ${A}0 (\"drm/x: a fix\")$" out &&
	grep "finding: malformed: 41 hex digits" out &&
	grep ": write Fixes: $A$" out &&
	! grep "no Fixes: tags" out
'

test_expect_success 'and in --json' '
	A=$(cat bug) &&
	(cd repo && test_expect_code 1 cbp fixes --json HEAD) >j &&
	test "$(json_get j "\$j->{malformed}[0]{cited}")" = "${A}0" &&
	test "$(json_get j "\$j->{malformed}[0]{digits}")" = 41 &&
	test "$(json_get j "scalar @{\$j->{fixes}}")" = 0
'

test_expect_success 'a commit without Fixes: still says so, status 0' '
	(cd repo && cbp fixes HEAD~1) >out &&
	grep "^no Fixes: tags$" out
'

test_done
