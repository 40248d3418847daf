#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fixes on a commit whose Fixes: names no commit (41 hex digits, one
# typo from the commit meant): a finding naming the corrected ID, as
# lint and check give, never "no Fixes: tags" with status 0.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_commit base &&
	test_change drivers/x.c a "drm/x: a fix" &&
	A=$(tip) &&
	test_change drivers/x.c b "drm/x: the fix of the fix" \
		"Fixes: ${A}0 (\"drm/x: a fix\")" &&
	B=$(tip)
'

test_expect_success 'set up a fix whose Fixes: has 41 digits' '
	test_setup_cached t0022 repo "A B" \
		"$setup_repo"
'

test_expect_success 'fixes reports the malformed Fixes: with the ID meant' '
	a=$(s12 "$A") &&
	b=$(s12 "$B") &&
	cat >expect <<-EOF &&
	fix: $b ("drm/x: the fix of the fix"), 1 name, not released yet

	Fixes: ${A}0 ("drm/x: a fix")
	  finding: malformed: 41 hex digits, not a commit ID; one typo from $a ("drm/x: a fix"): write Fixes: $A
	EOF
	(cd repo && test_expect_code 1 cbp fixes HEAD) >actual &&
	test_cmp expect actual
'

test_expect_success 'and in --json' '
	(cd repo && test_expect_code 1 cbp fixes --json HEAD) >j &&
	test "$(json_get j "\$j->{malformed}[0]{cited}")" = "${A}0" &&
	test "$(json_get j "\$j->{malformed}[0]{digits}")" = 41 &&
	test "$(json_get j "\$j->{malformed}[0]{suggestion}{id}")" = "$A" &&
	test "$(json_get j "\$j->{malformed}[0]{with}")" = "Fixes: $A" &&
	test "$(json_get j "scalar @{\$j->{fixes}}")" = 0
'

test_expect_success 'a commit without Fixes: still says so, status 0' '
	a=$(s12 "$A") &&
	cat >expect <<-EOF &&
	fix: $a ("drm/x: a fix"), 1 name, not released yet
	no Fixes: tags
	EOF
	(cd repo && cbp fixes HEAD~1) >actual &&
	test_cmp expect actual
'

test_expect_success 'a Fixes: quoting no subject says so, not ("")' '
	cd repo &&
	test_change drivers/x.c c "drm/x: a fix citing bare" \
		"Fixes: $(s12 $A)" &&
	cbp index >/dev/null &&
	test_expect_code 0 cbp fixes HEAD >out &&
	grep "^Fixes: $(s12 $A) (no subject quoted)$" out &&
	! grep -F "(\"\")" out
'

test_done
