#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='a stable branch that reverted a change itself

The branch took four changes with -x and reverted three of them itself,
under subjects of its own: one revert cites the name the branch has, one
the mainline name (as "git revert" of a commit picked without -x would),
and one was re-applied after.  Mainline then reverted all four and fixed one.  What the branch
reverted for good needs neither the mainline revert nor the fix; the
change it re-applied still needs the revert.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# back_out COMMIT SUBJECT CITED: the branch reverts COMMIT under a subject
# of its own, citing CITED: no subject or author date is shared with a
# mainline revert, so nothing but the citation links them.
back_out () {
	revert "$1" &&
	git commit -q --amend -m "$2" -m "This reverts commit $3."
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	test_change drv/x.c x1 "drm/x: the change" &&
	X=$(tip) &&
	test_change drv/y.c y1 "drm/y: another change" &&
	Y=$(tip) &&
	test_change drv/z.c z1 "drm/z: a third change" &&
	Z=$(tip) &&
	test_change drv/w.c w1 "drm/w: a fourth change" &&
	W=$(tip) &&
	git tag v6.13-rc1 &&
	git checkout -q linux-6.12.y &&
	pick -x $X &&
	SX=$(tip) &&
	pick -x $Y &&
	SY=$(tip) &&
	pick -x $Z &&
	SZ=$(tip) &&
	pick -x $W &&
	SW=$(tip) &&
	back_out $SX "drm/x: back out the change on 6.12.y" $SX &&
	BRX=$(tip) &&
	back_out $SY "drm/y: back out another change on 6.12.y" $Y &&
	BRY=$(tip) &&
	back_out $SW "drm/w: back out a fourth change on 6.12.y" $SW &&
	BRW=$(tip) &&
	revert $BRW &&
	BRRW=$(tip) &&
	git tag v6.12.1 &&
	git checkout -q master &&
	test_change drv/fix-x.c x2 "drm/x: fix the change" \
		"Fixes: $(s12 $X) (\"drm/x: the change\")" &&
	FX=$(tip) &&
	revert $X &&
	RX=$(tip) &&
	revert $Y &&
	RY=$(tip) &&
	revert $Z &&
	RZ=$(tip) &&
	revert $W &&
	RW=$(tip) &&
	git tag v6.13-rc2
'

test_expect_success 'set up: four changes, three reverted on the branch' '
	test_setup_cached t4022 repo "X Y Z W SX SY SZ SW BRX BRY BRW BRRW FX RX RY RZ RW" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null
'

test_expect_success 'missing: only the reverts of what the branch still has' '
	cd repo &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >out &&
	cat >want <<-EOF &&
	$(s12 $RZ) revert v6.13-rc2: reverts $(s12 $SZ) (cited as $(s12 $Z))
	$(s12 $RW) revert v6.13-rc2: reverts $(s12 $SW) (cited as $(s12 $W))
	EOF
	test_cmp want out
'

test_expect_success 'missing: says how many it left out, and why' '
	cd repo &&
	test_expect_code 1 cbp missing --stable linux-6.12.y >out &&
	grep "^2 missing: 0 fixes, 2 reverts or re-applications;" out &&
	grep "^3 not listed: they are for changes linux-6.12.y reverted itself$" out &&
	test_expect_code 1 cbp missing --json --stable linux-6.12.y >j &&
	test "$(json_get j "\$j->{reverted_in_branch}")" = 3 &&
	json_get j "[sort map { \$_->{id} } @{\$j->{not_listed_reverted_in_branch}}]" >got &&
	printf "%s\n" $FX $RX $RY | sort >want &&
	test_cmp want got
'

test_expect_success 'missing: a branch revert citing the mainline name counts' '
	cd repo &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >out &&
	! grep "^$(s12 $RY) " out &&
	! grep "^$(s12 $RX) " out &&
	! grep "^$(s12 $FX) " out
'

test_expect_success 'followups: the mainline revert is not needed, the branch has its own' '
	cd repo &&
	test_expect_code 0 cbp followups --stable linux-6.12.y $X >out &&
	grep -F "not needed: the branch reverted the change itself: $(s12 $BRX)" out &&
	! grep MISSING out
'

test_expect_success 'followups: the same through the mainline name the revert cites' '
	cd repo &&
	test_expect_code 0 cbp followups --json --stable linux-6.12.y $Y >j &&
	test "$(json_get j "join q{ }, map { \$_->{status} } @{\$j->{followups}}")" = "not-needed present" &&
	json_get j "\$j->{followups}[0]{why}" >why &&
	grep -F "$(s12 $BRY)" why
'

test_expect_success 'followups: a change the branch re-applied still needs the revert' '
	cd repo &&
	test_expect_code 1 cbp followups --stable linux-6.12.y $W >out &&
	grep -c MISSING out >n &&
	echo 1 >one &&
	test_cmp one n
'

test_expect_success 'check: a change the branch reverted is applied again, not applied' '
	cd repo &&
	test_expect_code 1 cbp check --stable linux-6.12.y $X >out &&
	grep "^WARNING:REAPPLIES_BRANCH_REVERT: linux-6.12.y took this change as $(s12 $SX) (\"drm/x: the change\") and reverted it: $(s12 $BRX) " out &&
	! grep ALREADY_APPLIED out &&
	test_expect_code 1 cbp check --stable linux-6.12.y $Y >out &&
	grep "REAPPLIES_BRANCH_REVERT: .* reverted it: $(s12 $BRY) " out &&
	test_expect_code 1 cbp check --stable linux-6.12.y $W >out &&
	grep "^ERROR:ALREADY_APPLIED: already in linux-6.12.y as $(s12 $SW) " out &&
	! grep REAPPLIES_BRANCH_REVERT out
'

# SDL's release-3.2.x ec1d66d4f693: a revert of the branch's pick that
# notes what the pick was, "(Was cherry picked from commit X)", right
# under "This reverts commit Y."; it shares the pick's file.
# The repository of the next test, made with git alone (test_setup_cached).
setup_sdl='
	git init -q sdl &&
	cd sdl &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	test_change gpu/gpu.c v1 "gpu: add bounds validation" &&
	V=$(tip) &&
	git tag v6.13-rc1 &&
	git checkout -q linux-6.12.y &&
	pick -x $V &&
	SV=$(tip) &&
	revert $SV &&
	git commit -q --amend -m "Revert \"gpu: add bounds validation\"" \
		-m "This reverts commit $SV.
(Was cherry picked from commit $V)" &&
	BRV=$(tip) &&
	git checkout -q master &&
	revert $V &&
	RV=$(tip) &&
	git tag v6.13-rc2
'

test_expect_success 'set up: a branch revert noting the pick it undoes' '
	test_setup_cached t4022-sdl sdl "V SV BRV RV" \
		"$setup_sdl" &&
	cd sdl &&
	cbp index >/dev/null
'

test_expect_success 'the revert is no name of the change it undoes' '
	cd sdl &&
	cbp names $V >out &&
	grep "^2 names" out &&
	grep "^\`-- $(s12 $SV) " out &&
	grep "not followed: cited by $(s12 $BRV) " out &&
	grep "a revert: the citing commit reverts this one" out &&
	cbp names --json $BRV >j &&
	test "$(json_get j "scalar @{\$j->{members}}")" = 1
'

test_expect_success 'so the branch reverted the change: not needed, not missing' '
	cd sdl &&
	test_expect_code 0 cbp followups --stable linux-6.12.y $V >out &&
	grep -F "not needed: the branch reverted the change itself: $(s12 $BRV)" out &&
	test_expect_code 0 cbp missing --terse --stable linux-6.12.y >out &&
	test_must_be_empty out
'

test_expect_success 'check: so backporting it again is applying it again' '
	cd sdl &&
	test_expect_code 1 cbp check --stable linux-6.12.y $V >out &&
	grep "^WARNING:REAPPLIES_BRANCH_REVERT: linux-6.12.y took this change as $(s12 $SV) " out &&
	! grep ALREADY_APPLIED out
'

test_expect_success 'lint lists the revert citation as information' '
	cd sdl &&
	test_expect_code 0 cbp lint >out &&
	grep "^revert $(s12 $BRV) (\"Revert \"gpu: add bounds validation\"\"): (cherry picked from commit $V): cites $(s12 $V) " out &&
	grep "^total: 0 suspicious, 0 malformed, 0 adapted, 1 revert (information) in 5 commits$" out &&
	test_expect_code 0 cbp lint --json >j &&
	test "$(json_get j "\$j->{citations}{revert}")" = 1 &&
	test "$(json_get j "\$j->{reverts}[0]{commit}{id}")" = $BRV
'

# A branch that has a mainline commit (it forked after it) and reverted
# it: checking the commit says both.
test_expect_success 'check of a commit the branch has and reverted since' '
	cd sdl &&
	test_expect_code 1 cbp check --stable linux-6.12.y $SV >out &&
	! grep REAPPLIES_BRANCH_REVERT out &&
	git checkout -q -b linux-7.0.y $V && revert $V && IRV=$(tip) &&
	git checkout -q master && cbp index >/dev/null &&
	test_expect_code 1 cbp check --stable linux-7.0.y $V >out &&
	grep "^ERROR:ALREADY_APPLIED: linux-7.0.y has this very commit, from mainline (released in v6.13-rc1), and reverted it since: $(s12 $IRV) " out &&
	! grep REAPPLIES_BRANCH_REVERT out &&
	test_change gpu/new.c n1 "gpu: a change in no release" &&
	U=$(tip) && git branch linux-7.1.y && cbp index >/dev/null &&
	test_expect_code 1 cbp check --stable linux-7.1.y $U >out &&
	grep "^ERROR:ALREADY_APPLIED: linux-7.1.y has this very commit, from mainline (not released yet): there is nothing to backport$" out
'

# fix_and_pick DIR: make the repository DIR, in it, of a change T and
# its fix FT on master, T picked with -x onto linux-6.12.y as ST, which
# is checked out.
fix_and_pick () {
	git init -q "$1" &&
	cd "$1" &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	test_change drv/t.c t1 "drm/t: the change" &&
	T=$(tip) &&
	test_change drv/t.c t2 "drm/t: fix the change" \
		"Fixes: $(s12 $T) (\"drm/t: the change\")" &&
	FT=$(tip) &&
	git checkout -q linux-6.12.y &&
	pick -x $T &&
	ST=$(tip)
}

# copy_by_hand LINE...: T again without a trailer, its file made of the
# LINEs (a conflict resolved by hand): git keeps T's author, date and
# message.
copy_by_hand () {
	test_tick &&
	git cherry-pick -n $T &&
	printf "%s\n" "$@" >drv/t.c &&
	git add drv/t.c &&
	git commit -q -C $T
}

# A branch that reverted its pick and picked the change again has it
# again: its fixes are needed, whether the pick again cites the change
# (FRRouting's stable/9.0 took bdb5ae8bce94, reverted it, and took it
# again; mainline's fix 7fb4c03f5b1c was then not listed).
# The repository of the next test, made with git alone (test_setup_cached).
setup_again='
	fix_and_pick again &&
	back_out $ST "drm/t: back out the change on 6.12.y" $ST &&
	BRT=$(tip) &&
	pick -x $T &&
	ST2=$(tip) &&
	git checkout -q master
'

test_expect_success 'a change the branch reverted and picked again needs its fixes' '
	test_setup_cached t4022-again again "T FT ST BRT ST2" \
		"$setup_again" &&
	cd again &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >out &&
	grep "^$(s12 $FT) fix " out &&
	test_expect_code 1 cbp missing --json --stable linux-6.12.y >j &&
	test "$(json_get j "\$j->{reverted_in_branch}")" = 0 &&
	test_expect_code 1 cbp followups --stable linux-6.12.y $T >out &&
	grep -A2 "^1\. fix of the change: $(s12 $FT) " out >fix &&
	grep "linux-6.12.y: MISSING" fix &&
	! grep "reverted the change itself" out
'

# FRRouting's own case: stable/9.0 took bdb5ae8bce94 again as
# 66a0a6f157, without a trailer and with a conflict resolved by hand, so
# that only its author, date and subject join it to the change; the
# branch having had a name of the change (the pick it reverted) kept it
# from joining, and mainline's fix 7fb4c03f5b1c was not listed.
test_expect_success 'a change the branch reverted and copied again by hand needs its fixes' '
	test_setup_cached t4022-again2 again2 "T FT ST" \
		"fix_and_pick again2" &&
	cd again2 &&
	cbp index >/dev/null &&
	back_out $ST "drm/t: back out the change on 6.12.y" $ST &&
	copy_by_hand "t1, as 6.12.y needs it" &&
	ST2=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $T >names &&
	grep -A2 -F "$(s12 $ST2)" names >copy &&
	grep "via: same author, date and subject as $T, no trailer" copy &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >out &&
	grep "^$(s12 $FT) fix " out &&
	cbp index --rebuild >/dev/null &&
	cbp names $T >names.fresh &&
	test_cmp names names.fresh &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >out.fresh &&
	test_cmp out out.fresh
'

# Not when the branch has the change again otherwise: a copy by author
# beside a pick the branch still has is a part or a follow-up at best.
# The repository of the next test, made with git alone (test_setup_cached).
setup_kept='
	fix_and_pick kept &&
	copy_by_hand t1 "t1, a second time" &&
	C=$(tip) &&
	git checkout -q master
'

test_expect_success 'a copy by author beside a pick the branch kept joins nothing' '
	test_setup_cached t4022-kept kept "T FT ST C" \
		"$setup_kept" &&
	cd kept &&
	cbp index >/dev/null &&
	cbp names $T >out &&
	! grep -F "$(s12 $C)" out
'

test_done
