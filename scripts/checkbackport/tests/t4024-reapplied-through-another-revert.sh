#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='a change re-applied by reverting another revert of it

A change was reverted twice: on a topic branch the index does not track
and in mainline.  Mainline then re-applied it with "git revert" of the
topic branch'"'"'s revert, which cites that one, not the mainline revert,
and no link joins the two reverts (NetworkManager: 6ff4b9e57cbc,
reverted by ed9365b3a529 in main, re-applied by reverting 87d7ccc58070).
The change is back in mainline: no command may say it is reverted for
good, nor list the mainline revert as missing.  Made again before the
mainline revert, it is reverted for good after all.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

SET="--mainline=main --stable=stable-*"

# reverted_on_topic DIR: a repository DIR, entered, whose main has the
# change A (and stable-1 with it), reverted on the branch topic by R2;
# main checked out.
reverted_on_topic () {
	git init -q -b main "$1" && cd "$1" &&
	test_change f base "base: the start" &&
	test_change f feature "feat: add the feature" && A=$(tip) &&
	git branch stable-1 &&
	git checkout -q -b topic && revert $A && R2=$(tip) &&
	git checkout -q main
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	reverted_on_topic repo && test_change g other "other: a change" &&
	revert $A && R1=$(tip) &&
	test_change h more "more: a change" &&
	revert $R2 && X=$(tip) && git branch stable-2 &&
	printf "A=%s R1=%s R2=%s X=%s\n" $A $R1 $R2 $X >../ids
'

test_expect_success 'set up: reverted on a topic and in mainline, then re-applied' '
	test_setup_cached t4024 repo "A R1 R2 X ../ids" \
		"$setup_repo" &&
	cd repo &&
	cbp index $SET >/dev/null
'
. ./ids 2>/dev/null

test_expect_success 'followups: the mainline revert is undone by the re-application' '
	cd repo && test_expect_code 0 cbp followups $A >../out &&
	grep -A2 "revert of the change: $(s12 $R1) " ../out >../r1 &&
	grep -x "     reverted in mainline by $(s12 $X) (\"Revert \"Revert \"feat: add the feature\"\"\")" ../r1 &&
	! grep "not re-applied" ../out
'

test_expect_success 'missing: the branch lacks no revert' '
	cd repo && test_expect_code 0 cbp missing --stable stable-1 >../out &&
	grep -x "stable-1 lacks no fix or revert mainline has" ../out
'

test_expect_success 'check: not reverted upstream, nor on a branch that has it all' '
	cd repo && test_expect_code 1 cbp check --stable stable-2 $A >../out &&
	grep "ERROR:ALREADY_APPLIED: stable-2 has this very commit" ../out &&
	! grep -e "REVERTED_UPSTREAM" -e "reverted it since" ../out
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_early='
	reverted_on_topic early && revert $A && R0=$(tip) &&
	revert $R2 && X=$(tip) &&
	test_change h more "more: a change" &&
	git revert --no-edit $X >/dev/null && R1=$(tip) &&
	git commit -q --amend -m "Revert \"feat: add the feature\" again" \
		-m "This reverts commit $A." &&
	R1=$(tip)
'

test_expect_success 'made again before the mainline revert: reverted for good' '
	test_setup_cached t4024-early early "A R2 R0 X R1" \
		"$setup_early" &&
	cd early &&
	cbp index $SET >/dev/null &&
	test_expect_code 1 cbp missing --stable stable-1 >../out &&
	grep "^revert   $(s12 $R1) " ../out &&
	test_expect_code 0 cbp followups $A >../out &&
	grep "reverted in mainline by $(s12 $R1) .*, not re-applied" ../out
'

# Two reverts in mainline itself (the bench's generated histories have
# storms of them): reverting one undoes that one, the other stands.
# The repository of the next test, made with git alone (test_setup_cached).
setup_twice='
	git init -q -b main twice && cd twice &&
	test_change f base "base: the start" &&
	test_change f feature "feat: add the feature" && A=$(tip) &&
	git branch stable-1 &&
	revert $A && R1=$(tip) &&
	test_change h again "Revert \"feat: add the feature\" once more" \
		"This reverts commit $A." && R1b=$(tip) &&
	revert $R1b
'

test_expect_success 'two reverts in mainline: undoing one leaves the other' '
	test_setup_cached t4024-twice twice "A R1 R1b" \
		"$setup_twice" &&
	cd twice &&
	cbp index $SET >/dev/null &&
	test_expect_code 1 cbp missing --stable stable-1 >../out &&
	grep "^revert   $(s12 $R1) " ../out &&
	! grep "^revert   $(s12 $R1b) " ../out
'

test_done
