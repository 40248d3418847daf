#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='names: a pick of a commit mainline took rebased, from a branch not tracked

ansible'"'"'s stable-2.9 picked ab276803183a with -x from temp-2.10-devel,
a branch the index does not track; devel has the change as 10fe54de5844,
rebased: the same author, author date, subject and patch, another ID.
Copies without a trailer were only looked for among the tracked branches'"'"'
commits, so nothing joined the cited commit to mainline'"'"'s: names said
"not in mainline", missing did not list mainline'"'"'s fix of it, and check
did not see the change on the branch.  A commit a branch cites as its
origin is now compared as the branch'"'"'s own.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# P on temp-devel; mainline takes it rebased as M after another commit,
# then fixes M; stable-1.0 picks P with -x as S.
# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q -b master repo &&
	cd repo &&
	seq 1 20 >a.txt && seq 1 20 >c.txt && git add a.txt c.txt &&
	test_tick && git commit -q -m "base: the start" &&
	git tag v1.0 && git branch stable-1.0 &&
	git checkout -q -b temp-devel &&
	sed -i "s/^3$/three/" a.txt && test_tick &&
	git commit -q -a -m "a: spell three" && tip >../P &&
	git checkout -q master &&
	sed -i "s/^15$/fifteen/" c.txt && test_tick &&
	git commit -q -a -m "c: unrelated" &&
	test_tick && git cherry-pick "$(cat ../P)" >/dev/null && tip >../M &&
	sed -i "s/^three$/THREE/" a.txt && test_tick &&
	git commit -q -a -m "a: shout three" \
		-m "Fixes: $(s12 "$(cat ../M)") (\"a: spell three\")" &&
	tip >../F && git tag v2.0 &&
	git checkout -q stable-1.0 && test_pick "$(cat ../P)" && tip >../S &&
	git checkout -q master &&
	test "$(git show "$(cat ../P)" | git patch-id --stable | cut -c1-40)" = \
	     "$(git show "$(cat ../M)" | git patch-id --stable | cut -c1-40)"
'

test_expect_success 'set up: a pick from a branch mainline took rebased' '
	test_setup_cached t0025 repo "../P ../M ../F ../S" \
		"$setup_repo" &&
	cd repo &&
	cbp index --mainline master --stable "stable-*" >/dev/null
'

P=$(cat P 2>/dev/null)
M=$(cat M 2>/dev/null)
F=$(cat F 2>/dev/null)
S=$(cat S 2>/dev/null)

test_expect_success 'names: the pick is a name of mainline'"'"'s commit' '
	cd repo &&
	cbp names "$S" >../out &&
	grep "^3 names " ../out &&
	grep -F "$(s12 "$P") (\"a: spell three\")" ../out &&
	grep -F "via: same patch-id as $M, no trailer" ../out &&
	grep "^first in mainline: $(s12 "$M") " ../out
'

test_expect_success 'missing and check: mainline'"'"'s fix is needed, the change is there' '
	cd repo &&
	test_expect_code 1 cbp missing --stable stable-1.0 >../out &&
	grep "^fix      $(s12 "$F") " ../out &&
	test_expect_code 1 cbp check --terse --stable stable-1.0 "$M" >../out &&
	grep "ERROR:ALREADY_APPLIED: already in stable-1.0 as $(s12 "$S")" ../out
'

test_expect_success 'an update that brings the pick finds it too' '
	cd repo &&
	git branch -f stable-1.0 v1.0 &&
	cbp index >/dev/null &&
	cbp names "$M" >../out &&
	grep "^1 name " ../out &&
	git branch -f stable-1.0 "$S" &&
	cbp index >/dev/null &&
	cbp names "$M" >../out &&
	grep "^3 names " ../out
'

test_done
