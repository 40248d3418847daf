#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='a change mainline made again after its revert, no trailer

PostgreSQL reverted 27162a64b386 and committed the same change again two
days later as dbca3469eb, with the same subject and no citation; git
revert of the revert would have said "This reverts commit" of the
revert.  The revert stood for good: followups said "not re-applied",
missing listed the revert for each branch with the change, and check
refused the change as reverted upstream.  A later commit of the same
subject but another patch makes nothing again, nor does the commit a
pick was made from, merged after the revert of the pick
(NetworkManager'"'"'s 78b43f7ea170, labelled a re-application of its
own revert), nor a commit that has left mainline.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	test_change drv/x.c x1 "drm/x: fix the hang" &&
	X=$(tip) && echo "$X" >../X &&
	test_change drv/z.c z1 "drm/z: fix the leak" &&
	Z=$(tip) && echo "$Z" >../Z &&
	git checkout -q linux-6.12.y &&
	pick -x "$X" && pick -x "$Z" &&
	git checkout -q master &&
	revert "$X" && tip >../RX &&
	revert "$Z" && tip >../RZ &&
	test_change drv/y.c y1 "drm/y: something else" &&
	test_change drv/x.c x1 "drm/x: fix the hang" &&
	tip >../X2 &&
	test_change drv/z.c z2 "drm/z: fix the leak" &&
	tip >../Z2 &&
	git tag v6.13-rc1 &&
	git show "$X" | git patch-id --stable >../pid-x &&
	git show "$(cat ../X2)" | git patch-id --stable >../pid-x2 &&
	test "$(cut -d " " -f 1 ../pid-x)" = "$(cut -d " " -f 1 ../pid-x2)" &&
	git show "$Z" | git patch-id --stable >../pid-z &&
	git show "$(cat ../Z2)" | git patch-id --stable >../pid-z2 &&
	test "$(cut -d " " -f 1 ../pid-z)" != "$(cut -d " " -f 1 ../pid-z2)"
'

test_expect_success 'set up: two changes reverted; one made again, one not' '
	test_setup_cached t4023 repo "../X ../Z ../RX ../RZ ../X2 ../Z2 ../pid-x ../pid-x2 ../pid-z ../pid-z2 X Z" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null
'

X=$(cat X 2>/dev/null)
Z=$(cat Z 2>/dev/null)
RX=$(cat RX 2>/dev/null)
RZ=$(cat RZ 2>/dev/null)
X2=$(cat X2 2>/dev/null)
Z2=$(cat Z2 2>/dev/null)

test_expect_success 'followups: the change made again undoes its revert' '
	cd repo &&
	cbp followups "$X" >../out &&
	grep "reapply of 1: $(s12 "$X2") (\"drm/x: fix the hang\")" ../out &&
	grep "re-applies what it undid (same subject and patch, no trailer): $(s12 "$RX")" \
		../out &&
	! grep "not re-applied" ../out &&
	cbp followups "$Z" >../out &&
	grep "reverted in mainline by $(s12 "$RZ") .*, not re-applied" ../out &&
	! grep "$(s12 "$Z2")" ../out
'

test_expect_success 'missing: only the revert of the change not made again' '
	cd repo &&
	test_expect_code 1 cbp missing --stable linux-6.12.y >../out &&
	grep "$(s12 "$RZ")" ../out &&
	! grep "$(s12 "$RX")" ../out &&
	! grep "$(s12 "$X2")" ../out
'

test_expect_success 'check: the change made again is not refused as reverted' '
	cd repo &&
	test_expect_code 1 cbp check --terse --stable linux-6.12.y "$X" >../out 2>&1 &&
	grep "ERROR:ALREADY_APPLIED" ../out &&
	! grep REVERTED_UPSTREAM ../out &&
	test_expect_code 1 cbp check --terse --stable linux-6.12.y "$Z" >../out 2>&1 &&
	grep "ERROR:REVERTED_UPSTREAM" ../out
'

test_expect_success 'an update finds it too, and a rebuilt index the same' '
	cd repo &&
	cbp index --rebuild >/dev/null &&
	cbp followups "$X" >../cold &&
	git reset -q --hard "$X2~1" &&
	cbp index >/dev/null &&
	cbp followups "$X" >../before &&
	grep "not re-applied" ../before &&
	git reset -q --hard "$Z2" &&
	cbp followups "$X" >../after &&
	test_cmp ../cold ../after
'

# NetworkManager: 78b43f7ea170 on a topic branch, picked with -x onto
# the first-parent line (8f4caab60196) and reverted there (98b4b4754e0d,
# a pick of the topic's revert d626298b4877, which names the pick); the
# topic merged afterwards puts the original after the revert in
# mainline order, with its subject and patch.
# The repository of the next test, made with git alone (test_setup_cached).
setup_topic='
	git init -q -b master topic-repo &&
	cd topic-repo &&
	test_change f base "base: the start" &&
	git branch topic &&
	test_change g x "other: work" &&
	git checkout -q topic &&
	test_change f two "device: sync stage3" &&
	O=$(tip) &&
	git checkout -q master &&
	test_pick "$O" &&
	P=$(tip) &&
	git checkout -q topic &&
	test_tick &&
	git revert --no-edit "$O" >/dev/null &&
	git commit -q --amend -m "Revert \"device: sync stage3\"" \
		-m "This reverts commit $P." &&
	git checkout -q master &&
	test_pick topic &&
	R=$(tip) &&
	test_tick &&
	git merge -q --no-ff -m "merge topic" topic
'

test_expect_success 'the commit a pick was made from, merged after the revert, re-applies nothing' '
	test_setup_cached t4023-topic topic-repo "O P R" \
		"$setup_topic" &&
	cd topic-repo &&
	cbp index --mainline master >/dev/null &&
	cbp followups "$P" >../out &&
	grep "^1\. revert of the change: $(s12 "$R") " ../out &&
	! grep "reapply" ../out &&
	grep "reverted in mainline by $(s12 "$R") .*, not re-applied" ../out &&
	cbp followups "$O" >../out-o &&
	sed 1d ../out >../expect &&
	sed 1d ../out-o >../actual &&
	test_cmp ../expect ../actual
'

# A commit keeps its place in mainline order when it leaves mainline:
# a backport numbered while its branch was indexed as mainline, or a
# re-application dropped from mainline by a rewind and kept by another
# branch, came after the revert there and was taken for mainline's
# making the change again (FRRouting: revert 5c29f559e366 of
# 1eed79229e7c after `index --mainline stable/10.0` and back).
# The repository of the next test, made with git alone (test_setup_cached).
setup_left='
	git init -q -b master left-repo &&
	cd left-repo &&
	test_change f base "base: the start" &&
	git branch linux-1.0.y &&
	git branch linux-0.9.y &&
	test_change g x "feat: add x" &&
	A=$(tip) &&
	git checkout -q linux-1.0.y &&
	test_pick "$A" &&
	git checkout -q linux-0.9.y &&
	test_pick "$A" &&
	git checkout -q master &&
	revert "$A" &&
	R=$(s12 "$(tip)")
'

test_expect_success 'a commit that left mainline re-applies nothing' '
	test_setup_cached t4023-left left-repo "A R" \
		"$setup_left" &&
	cd left-repo &&
	echo "$R revert -:" >../expect &&
	cbp index --stable "linux-*" >/dev/null &&
	test_expect_code 1 cbp missing --terse --stable linux-1.0.y >../out &&
	cut -d" " -f1,2,3 ../out >../actual &&
	test_cmp ../expect ../actual &&
	cbp index --mainline linux-0.9.y >/dev/null &&
	cbp index --mainline master >/dev/null &&
	test_expect_code 1 cbp missing --terse --stable linux-1.0.y >../out &&
	cut -d" " -f1,2,3 ../out >../actual &&
	test_cmp ../expect ../actual &&
	test_expect_code 1 cbp followups --stable linux-1.0.y "$A" >../out &&
	grep "^1\. revert of the change: $R " ../out &&
	! grep reapply ../out &&
	test_pick "$A" &&
	test_expect_code 0 cbp missing --terse --stable linux-1.0.y &&
	git branch keep &&
	git reset -q --hard HEAD~1 &&
	test_expect_code 1 cbp missing --terse --stable linux-1.0.y >../out &&
	cut -d" " -f1,2,3 ../out >../actual &&
	test_cmp ../expect ../actual
'

test_done
