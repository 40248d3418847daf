#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# followups: the fixes (and fixes of fixes), reverts, re-applications and
# declared prerequisites of a change, found by any of its names, in
# mainline order, and whether a stable branch has them.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-edges.sh"

test_expect_success 'set up: a change picked from drm-next, fixed, reverted' '
	edges_repo repo && cd repo && cbp index >/dev/null &&
	cbp index --verify >/dev/null &&
	mkdir ../alone && cp "$CBP_DIR/checkbackport" ../alone/
'
. ./repo.ids 2>/dev/null

# The numbered lines of followups: "N. KIND of WHAT: ID".
entries () {
	sed -n "s/^\([0-9]*\)\. \([a-z]*\) of \([a-z0-9 ]*\): \([0-9a-f]*\) .*/\1 \2 \3 \4/p" "$1"
}

test_expect_success 'a fix citing the drm-next name, its prerequisite and the fix of the fix' '
	cd repo && test_expect_code 0 cbp followups "$CF" >../out &&
	entries ../out >../got &&
	cat >../want <<-EOF &&
	1 fix the change $(s12 $F1)
	2 prereq 1 $(s12 $P)
	3 fix 1 $(s12 $F2)
	EOF
	test_cmp ../want ../got &&
	grep -F "Fixes: $(s12 $CN) (\"drm/xe: the change\")" ../out &&
	grep -F "Stable-dep-of: $(s12 $F1) (\"drm/xe: fix the change\")  [in $(s12 $P1)]" ../out &&
	grep "^3 follow-ups$" ../out
'

test_expect_success 'every name of the change gives the same follow-ups' '
	cd repo && test_expect_code 0 cbp followups "$CF" >../by-cf &&
	test_expect_code 0 cbp followups "$CN" >../by-cn &&
	test_expect_code 0 cbp followups "$(s12 $CN)" >../by-short &&
	sed -i 1d ../by-cf ../by-cn ../by-short &&
	test_cmp ../by-cf ../by-cn && test_cmp ../by-cf ../by-short
'

test_expect_success '--stable: which the branch has, which it lacks; exit 1' '
	cd repo &&
	test_expect_code 1 cbp followups --stable linux-6.12.y "$CN" >../out &&
	grep -F "linux-6.12.y: has it as $(s12 $CF)" ../out &&
	test $(grep -c "linux-6.12.y: MISSING" ../out) = 2 &&
	grep -F "linux-6.12.y: has it as $(s12 $P1) (\"drm/xe: prepare for the fix\")" ../out &&
	grep "^3 follow-ups, 2 missing from linux-6.12.y$" ../out
'

test_expect_success '--json carries kinds, order, citations and statuses' '
	cd repo && test_expect_code 1 cbp followups --json --stable linux-6.12.y "$CF" >../j &&
	test "$(json_get ../j "\$j->{stable}")" = linux-6.12.y &&
	test "$(json_get ../j "\$j->{missing}")" = 2 &&
	test "$(json_get ../j "join q{ }, map { \$_->{kind} } @{\$j->{followups}}")" = "fix prereq fix" &&
	test "$(json_get ../j "join q{ }, map { \$_->{status} } @{\$j->{followups}}")" = "missing present missing" &&
	test "$(json_get ../j "\$j->{followups}[0]{citation}{cited}")" = "$(s12 $CN)" &&
	test "$(json_get ../j "\$j->{followups}[2]{of}")" = 1 &&
	test "$(json_get ../j "\$j->{followups}[2]{commit}{id}")" = "$F2" &&
	test "$(json_get ../j "\$j->{followups}[1]{in_branch}{id}")" = "$P1" &&
	test "$(json_get ../j "\$j->{change}{in_branch}{id}")" = "$CF"
'

# The fix applied to the branch by hand: its subject, no trailer, another
# patch.  Still MISSING (nothing proves it the fix), that commit named.
test_expect_success '--stable: a branch commit of a missing fix'"'"'s subject is named' '
	cd repo && git checkout -q linux-6.12.y &&
	edges_change drivers/gpu/drm/xe/xe_oa_hand.c "drm/xe: fix the change" &&
	H=$(tip) && git checkout -q master &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp followups --stable linux-6.12.y "$CN" >../out &&
	test $(grep -c "linux-6.12.y: MISSING" ../out) = 2 &&
	grep -A1 "linux-6.12.y: MISSING" ../out >../notes &&
	grep -F "note: linux-6.12.y has $(s12 $H) (\"drm/xe: fix the change\"), of the same subject but with no trailer and another patch" ../notes &&
	test $(grep -c "note: " ../out) = 1 &&
	test_expect_code 1 cbp followups --json --stable linux-6.12.y "$CF" >../j &&
	test "$(json_get ../j "\$j->{followups}[0]{same_subject_on_branch}{id}")" = "$H" &&
	test "$(json_get ../j "scalar grep { \$_->{same_subject_on_branch} } @{\$j->{followups}}")" = 1 &&
	git branch -f linux-6.12.y "$H^" && cbp index >/dev/null &&
	test_expect_code 1 cbp followups --stable linux-6.12.y "$CN" >../out &&
	! grep "note: " ../out
'

test_expect_success 'a fix mainline reverted is not needed; its revert neither' '
	cd repo && test_expect_code 1 cbp followups --stable linux-6.12.y "$A" >../out &&
	grep -F "not needed: mainline reverted it: $(s12 $RQ)" ../out &&
	grep -F "has it as $(s12 $SG)" ../out &&
	grep -F "not needed: what it reverts (1) is not in the branch" ../out &&
	grep -F "reverted in mainline by $(s12 $RA)" ../out &&
	grep "^4 follow-ups, 1 missing from linux-6.12.y$" ../out &&
	entries ../out | grep "^4 revert the change $(s12 $RA)\$"
'

test_expect_success 'a revert of a revert is a re-application' '
	cd repo && test_expect_code 1 cbp followups --stable linux-6.12.y "$E" >../out &&
	entries ../out >../got &&
	printf "1 revert the change %s\n2 reapply 1 %s\n" "$(s12 $RE)" "$(s12 $RRE)" >../want &&
	test_cmp ../want ../got &&
	grep -F "has it as $(s12 $SRE)" ../out &&
	! grep "reverted in mainline by" ../out | grep -v "$(s12 $RRE)"
'

test_expect_success 'a revert citing the -fixes name reverts every name' '
	cd repo && test_expect_code 1 cbp followups --stable linux-6.12.y "$DN" >../out &&
	grep -F "This reverts commit $(s12 $DF)" ../out &&
	grep -F "linux-6.12.y: has it as $(s12 $SD)" ../out &&
	grep "MISSING" ../out &&
	grep -F "reverted in mainline by $(s12 $RD)" ../out
'

test_expect_success 'without --stable, no statuses and exit 0' '
	cd repo && test_expect_code 0 cbp followups "$E" >../out &&
	! grep -e "MISSING" -e "linux-" ../out
'

test_expect_success 'a change nothing refers to has no follow-ups' '
	cd repo && test_expect_code 0 cbp followups --stable linux-6.12.y "$NF" >../out &&
	grep "^0 follow-ups, 0 missing from linux-6.12.y$" ../out
'

test_expect_success 'a branch the index does not track is an error saying how to track it' '
	cd repo && git branch stable-6.10 v6.11 &&
	test_expect_code 2 cbp followups --stable stable-6.10 "$CF" 2>../err &&
	grep "branch .stable-6.10. is not tracked by the index" ../err &&
	grep "git config checkbackport.stable" ../err &&
	test_expect_code 2 cbp followups --stable "linux-*.y" "$CF" 2>../err &&
	grep "name one branch, not a pattern" ../err
'

test_expect_success 'queries leave the index as it was' '
	cd repo && cp .git/checkbackport.db ../before.db &&
	test_expect_code 1 cbp followups --stable linux-6.12.y "$CF" >/dev/null &&
	test_expect_code 1 cbp missing --stable linux-6.12.y >/dev/null &&
	test_expect_code 2 cbp followups --stable stable-6.10 "$CF" 2>/dev/null &&
	cmp .git/checkbackport.db ../before.db
'

# A query answers for the refs as they are: when they moved since the
# index was last brought up to date, it is brought up to date first (the
# front hands over to do so), and otherwise read as it is.  It answered
# for the branches as they were, silently (a helper found missing and
# followups listing a fix a branch had picked since, exit 1).
test_expect_success 'a query after the refs moved answers for them as they are' '
	cd repo && git branch linux-6.13.y linux-6.12.y &&
	test_expect_code 2 ../alone/checkbackport -q followups --stable linux-6.13.y \
		"$(s12 $CN)" 2>../err &&
	grep "cannot run .*/alone/checkbackport-git (the repository.s refs moved since the index was updated)" ../err &&
	test_expect_code 1 cbp followups --stable linux-6.13.y "$CN" >../out &&
	grep "^3 follow-ups, 2 missing from linux-6.13.y$" ../out &&
	git checkout -q linux-6.13.y && test_tick &&
	git cherry-pick -x "$F1" >/dev/null && git checkout -q master &&
	test_expect_code 1 cbp followups --stable linux-6.13.y "$CN" >../out &&
	grep "^3 follow-ups, 1 missing from linux-6.13.y$" ../out &&
	cp .git/checkbackport.db ../before.db &&
	test_expect_code 1 ../alone/checkbackport -q followups --stable linux-6.13.y \
		"$(s12 $CN)" >../front &&
	test_cmp ../out ../front &&
	cmp .git/checkbackport.db ../before.db &&
	git branch -D linux-6.13.y >/dev/null &&
	test_expect_code 2 cbp followups --stable linux-6.13.y "$CN" 2>../err &&
	grep "no branch .linux-6.13.y. in this repository (--stable)" ../err
'

test_expect_success 'the front program answers without checkbackport-git' '
	cd repo &&
	test_expect_code 1 ../alone/checkbackport -q followups --stable linux-6.12.y "$(s12 $CF)" >../front &&
	test_expect_code 1 "$CBP_DIR/checkbackport-git" -q followups --stable linux-6.12.y "$(s12 $CF)" >../full &&
	test_cmp ../front ../full
'

test_expect_success 'follow-ups arrive incrementally, also through an ID cited before it was fetched' '
	cd repo &&
	git checkout -q -b topic v6.13-rc4 &&
	edges_change drivers/gpu/drm/xe/xe_oa_late.c "drm/xe: a late change" &&
	tip >../LATE && git checkout -q master &&
	edges_change drivers/gpu/drm/xe/xe_oa_fix3.c "drm/xe: fix the fix again" \
		"Fixes: $(s12 $F2) (\"drm/xe: fix the fix\")" &&
	edges_change drivers/gpu/drm/xe/xe_oa_late_fix.c "drm/xe: fix the late change" \
		"Fixes: $(cut -c1-12 ../LATE) (\"drm/xe: a late change\")" &&
	git branch -q -D topic &&
	cbp index >/dev/null &&
	cbp followups "$CF" >../out &&
	entries ../out | grep "^4 fix 3 $(git rev-parse --short=12 HEAD~1)\$" &&
	cbp followups "$(cut -c1-12 ../LATE)" >../out &&
	grep "^change: $(cut -c1-12 ../LATE), 1 name" ../out &&
	grep "not in mainline" ../out &&
	entries ../out | grep "^1 fix the change $(git rev-parse --short=12 HEAD)\$" &&
	git branch late "$(cat ../LATE)" &&
	cbp index >/dev/null &&
	cbp followups "$(cat ../LATE)" >../out &&
	grep -F "change: $(cut -c1-12 ../LATE) (\"drm/xe: a late change\")" ../out &&
	entries ../out | grep "^1 fix the change $(git rev-parse --short=12 HEAD)\$"
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_circle='
	git init -q circle && cd circle &&
	edges_change a "x: one" && XB=$(tip) &&
	edges_change b "r: two" && RA=$(tip) &&
	edges_change c "Revert \"x: one\"" "This reverts commit $XB.

(cherry picked from commit $RA)" &&
	edges_change d "Revert \"r: two\"" "This reverts commit $RA.

(cherry picked from commit $XB)" &&
	git tag v6.12 && git branch linux-6.12.y HEAD~2
'

test_expect_success 'hostile: two changes reverting each other through their copies' '
	test_setup_cached t4010-circle circle "p XB RA" \
		"$setup_circle" &&
	cd circle &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp followups --stable linux-6.12.y "$XB" >../out &&
	grep "^1 follow-up" ../out &&
	test_expect_code 0 cbp followups "$RA" >../out &&
	grep "^1 follow-up" ../out &&
	test_expect_code 1 cbp missing --stable linux-6.12.y >../out
'

test_done
