#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='names: a backport squashing unrelated changes joins none of them

ansible'"'"'s stable-2.10 has one commit ("Docsbackportapalooza") that
cherry-picked several unrelated devel commits at once, each adapted (a
file in common, other lines besides).  The classes of names went through
it, so every one of those commits became a name of every other: stable-2.9,
which had a backport of one of them, was told it already had the others
(check: ALREADY_APPLIED), and missing listed their fixes as needed there.
The squash is a name of each change it cites, and no path between them.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# Mainline: A (a.txt) and B (b.txt), unrelated, and a fix of B.
# stable-1.0 squashes A and B into one commit citing both; stable-2.0
# picks A alone.
# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q -b master repo &&
	cd repo &&
	seq 1 20 >a.txt && seq 1 20 >b.txt && git add a.txt b.txt &&
	test_tick && git commit -q -m "base: the start" &&
	git tag v1.0 && git branch stable-1.0 && git branch stable-2.0 &&
	sed -i "s/^3$/three/" a.txt && test_tick &&
	git commit -q -a -m "a: spell three" && tip >../A &&
	sed -i "s/^7$/seven/" b.txt && test_tick &&
	git commit -q -a -m "b: spell seven" && tip >../B &&
	sed -i "s/^seven$/SEVEN/" b.txt && test_tick &&
	git commit -q -a -m "b: shout seven" \
		-m "Fixes: $(s12 "$(cat ../B)") (\"b: spell seven\")" &&
	tip >../FB && git tag v2.0 &&
	git checkout -q stable-1.0 &&
	sed -i "s/^3$/three/" a.txt && sed -i "s/^7$/seven/" b.txt &&
	test_tick && git commit -q -a -m "docs backport batch" \
		-m "(cherry picked from commit $(cat ../A))" \
		-m "(cherry picked from commit $(cat ../B))" &&
	tip >../SQ &&
	git checkout -q stable-2.0 && test_pick "$(cat ../A)" && tip >../PA &&
	git checkout -q master
'

test_expect_success 'set up: a squash of A and B on one branch, A alone on another' '
	test_setup_cached t0024 repo "../A ../B ../FB ../SQ ../PA" \
		"$setup_repo" &&
	cd repo &&
	cbp index --mainline master --stable "stable-*" >/dev/null
'

A=$(cat A 2>/dev/null)
B=$(cat B 2>/dev/null)
FB=$(cat FB 2>/dev/null)
SQ=$(cat SQ 2>/dev/null)
PA=$(cat PA 2>/dev/null)

test_expect_success 'names: the squash is a name of each, the two stay apart' '
	cd repo &&
	cbp names "$A" >../out &&
	grep "^3 names " ../out &&
	grep -F "$(s12 "$SQ") (\"docs backport batch\")  [adapted]" ../out &&
	grep -F "$(s12 "$PA") (\"" ../out &&
	! grep -F "$(s12 "$B") (\"" ../out &&
	cbp names "$B" >../out &&
	grep "^2 names " ../out &&
	grep -F "$(s12 "$SQ") (\"" ../out &&
	! grep -F "$(s12 "$A") (\"" ../out &&
	! grep -F "$(s12 "$PA") (\"" ../out
'

test_expect_success 'names of the squash itself: everything it carries' '
	cd repo &&
	cbp names "$SQ" >../out &&
	grep "^4 names " ../out &&
	grep -F "$(s12 "$A") (\"a: spell three\")" ../out &&
	grep -F "$(s12 "$B") (\"b: spell seven\")" ../out
'

test_expect_success 'check: the branch with A alone does not have B' '
	cd repo &&
	cbp check --terse --stable stable-2.0 "$B" >../out &&
	! grep ALREADY_APPLIED ../out &&
	test_expect_code 1 cbp check --terse --stable stable-1.0 "$B" >../out &&
	grep "ERROR:ALREADY_APPLIED: already in stable-1.0 as $(s12 "$SQ")" ../out
'

test_expect_success 'missing: the fix of B only where the squash brought B' '
	cd repo &&
	cbp missing --stable stable-2.0 >../out &&
	grep "lacks no fix or revert" ../out &&
	test_expect_code 1 cbp missing --stable stable-1.0 >../out &&
	grep "^fix      $(s12 "$FB") " ../out
'

test_expect_success 'followups: B is not on the branch with A alone' '
	cd repo &&
	test_expect_code 1 cbp followups --stable stable-2.0 "$B" >../out &&
	grep "stable-2.0: does not have it" ../out &&
	test_expect_code 1 cbp followups --stable stable-1.0 "$B" >../out &&
	grep "stable-1.0: has it as $(s12 "$SQ")" ../out
'

test_done
