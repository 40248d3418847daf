#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# missing: the fixes a stable branch lacks for changes it has, and the
# reverts of changes it has, by any name of either, in mainline order.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-edges.sh"

test_expect_success 'set up: 6.12.y with changes mainline fixed and reverted since' '
	edges_repo repo && cd repo && cbp index >/dev/null &&
	cbp index --verify >/dev/null &&
	mkdir ../alone && cp "$CBP_DIR/checkbackport" ../alone/ &&
	# the answer the next five points read
	test_expect_code 1 cbp missing --stable linux-6.12.y >../missing.out
'
. ./repo.ids 2>/dev/null

test_expect_success 'the fixes and reverts 6.12.y lacks, in mainline order' '
	sed -n "s/^\([a-z]*\) *\([0-9a-f]\{12\}\) .*/\1 \2/p" missing.out >got &&
	cat >want <<-EOF &&
	fix $(s12 $F1)
	revert $(s12 $RD)
	revert $(s12 $RA)
	reapply $(s12 $RRE)
	EOF
	test_cmp want got &&
	grep "^4 missing: 1 fix, 3 reverts or re-applications; 2 found only through another name of the change$" missing.out
'

test_expect_success 'a fix citing the drm-next name of what the branch has since it forked' '
	grep -F "fixes $(s12 $CF) (\"drm/xe: the change\"), which linux-6.12.y has since it forked; cited as $(s12 $CN), another name of it" missing.out
'

test_expect_success 'a revert citing the -fixes name of what the branch has as its own backport' '
	grep -F "reverts $(s12 $SD) (\"drm/qux: the other change\"), which linux-6.12.y has as its own commit (v6.12.1); cited as $(s12 $DF), another name of it" missing.out
'

test_expect_success 'the re-application of a change whose revert the branch has' '
	grep -F "re-applies, reverting $(s12 $SRE)" missing.out &&
	grep -F "cited as $(s12 $RE)" missing.out &&
	! grep -F "cited as $(s12 $RE), another name" missing.out
'

test_expect_success 'not listed: applied, reverted upstream, bug not in the branch, not a fix' '
	for c in $G $Q $RQ $NF $F2 $P $RE $A $E; do
		! grep -F "$(s12 $c) (" missing.out | grep -v -e "^ " || return 1
	done
'

test_expect_success '--terse: one line each' '
	cd repo && test_expect_code 1 cbp missing --terse --stable linux-6.12.y >../out &&
	cat >../want <<-EOF &&
	$(s12 $F1) fix v6.13-rc1: fixes $(s12 $CF) (cited as $(s12 $CN))
	$(s12 $RD) revert v6.13-rc2: reverts $(s12 $SD) (cited as $(s12 $DF))
	$(s12 $RA) revert v6.13-rc4: reverts $(s12 $A)
	$(s12 $RRE) reapply v6.13-rc4: re-applies, reverting $(s12 $SRE) (cited as $(s12 $RE))
	EOF
	test_cmp ../want ../out
'

test_expect_success '--json: the findings, their reasons and which need another name' '
	cd repo && test_expect_code 1 cbp missing --json --stable linux-6.12.y >../j &&
	test "$(json_get ../j "\$j->{count}")" = 4 &&
	test "$(json_get ../j "\$j->{fixes}")" = 1 &&
	test "$(json_get ../j "\$j->{reverts}")" = 3 &&
	test "$(json_get ../j "\$j->{alias_only}")" = 2 &&
	test "$(json_get ../j "join q{ }, map { \$_->{alias_only} ? 1 : 0 } @{\$j->{missing}}")" = "1 1 0 0" &&
	test "$(json_get ../j "\$j->{missing}[0]{reasons}[0]{carried_as}{id}")" = "$CF" &&
	test "$(json_get ../j "\$j->{missing}[0]{reasons}[0]{target}{id}")" = "$CN" &&
	test "$(json_get ../j "\$j->{missing}[1]{reasons}[0]{citation}{kind}")" = "This reverts commit" &&
	test "$(json_get ../j "\$j->{missing}[3]{kind}")" = reapply
'

test_expect_success 'a branch that lacks nothing: exit 0' '
	cd repo && test_expect_code 0 cbp missing --stable linux-6.11.y >../out &&
	grep "^linux-6.11.y lacks no fix or revert mainline has$" ../out
'

test_expect_success '--since keeps what mainline got after a release or a commit' '
	cd repo && test_expect_code 1 cbp missing --terse --stable linux-6.12.y --since v6.13-rc3 >../out &&
	test "$(cut -c1-12 ../out | tr "\n" " ")" = "$(s12 $RA) $(s12 $RRE) " &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y --since "$RD" >../out2 &&
	test_cmp ../out ../out2 &&
	test_expect_code 2 cbp missing --stable linux-6.12.y --since "$SD" 2>../err &&
	grep "not a commit of mainline (master); .*(git merge-base master $SD)$" ../err &&
	test_expect_code 2 cbp missing --stable linux-6.12.y --since nonsense 2>../err &&
	grep "error: --since nonsense: unknown commit nonsense$" ../err
'

test_expect_success 'a pathspec keeps what touches it, asked of git' '
	cd repo && test_expect_code 1 cbp missing --terse --stable linux-6.12.y -- drivers/gpu/drm >../out &&
	test "$(cut -c1-12 ../out | tr "\n" " ")" = "$(s12 $F1) $(s12 $RD) " &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y -- mm fs/foo.c >../out &&
	test "$(cut -c1-12 ../out | tr "\n" " ")" = "$(s12 $RA) $(s12 $RRE) " &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y -- "mm/*" "*.h" >../out &&
	test "$(cut -c1-12 ../out | tr "\n" " ")" = "$(s12 $RRE) " &&
	test_expect_code 0 cbp missing --stable linux-6.12.y -- Documentation >../out &&
	grep "lacks no fix or revert mainline has (for these paths)" ../out &&
	test_expect_code 2 ../alone/checkbackport -q missing --stable linux-6.12.y -- mm 2>../err &&
	grep "a pathspec is matched against the commits. trees" ../err
'

test_expect_success 'without a pathspec the front program answers alone' '
	cd repo &&
	test_expect_code 1 ../alone/checkbackport -q missing --json --stable linux-6.12.y >../front &&
	test_expect_code 1 "$CBP_DIR/checkbackport-git" -q missing --json --stable linux-6.12.y >../full &&
	test_cmp ../front ../full &&
	test_expect_code 1 ../alone/checkbackport -q missing --stable linux-6.12.y --since v6.13-rc3 >/dev/null
'

test_expect_success 'the branch: absent, untracked, a pattern, or several to choose from' '
	cd repo &&
	test_expect_code 2 cbp missing --stable linux-6.1.y 2>../err &&
	grep "no branch .linux-6.1.y. in this repository (--stable)" ../err &&
	git branch wip-6.1 v6.11 &&
	test_expect_code 2 cbp missing --stable wip-6.1 2>../err &&
	git branch -D wip-6.1 >/dev/null &&
	grep "branch .wip-6.1. is not tracked by the index (tracked: master linux-6.12.y linux-6.11.y)" ../err &&
	grep "then run .checkbackport index." ../err &&
	test_expect_code 2 cbp missing 2>../err &&
	grep "name the branch with --stable BRANCH (stable branches tracked: linux-6.12.y linux-6.11.y)" ../err
'

# FRR's stable/10.4 has mainline's 9f106a9749aa as 844f6d7f5021, applied
# by hand: the same subject, no trailer, another patch.  Nothing proves
# it the fix, so the fix stays listed, with that commit named beside it.
test_expect_success 'a branch commit of the same subject, no trailer: said beside the fix' '
	cd repo && git checkout -q linux-6.12.y &&
	edges_change drivers/gpu/drm/xe/xe_oa_hand.c "drm/xe: fix the change" &&
	H=$(tip) && git checkout -q master &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp missing --stable linux-6.12.y >../out &&
	grep "^fix  *$(s12 $F1) " ../out &&
	grep -F "note: linux-6.12.y has $(s12 $H) (\"drm/xe: fix the change\"), of the same subject but with no trailer and another patch" ../out &&
	test $(grep -c "note: " ../out) = 1 &&
	grep "^1 of them has a commit of the same subject on linux-6.12.y" ../out &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >../out &&
	grep "^$(s12 $F1) fix v6.13-rc1: fixes $(s12 $CF) (cited as $(s12 $CN)); same subject as $(s12 $H)\$" ../out &&
	test $(grep -c "same subject" ../out) = 1 &&
	test_expect_code 1 cbp missing --json --stable linux-6.12.y >../j &&
	test "$(json_get ../j "(grep { \$_->{commit}{id} eq q{$F1} } @{\$j->{missing}})[0]{same_subject_on_branch}{id}")" = "$H" &&
	test "$(json_get ../j "scalar grep { \$_->{same_subject_on_branch} } @{\$j->{missing}}")" = 1 &&
	git branch -f linux-6.12.y "$H^" && cbp index >/dev/null &&
	test_expect_code 1 cbp missing --stable linux-6.12.y >../out &&
	! grep "same subject" ../out
'

test_expect_success 'once the branch has the fix, the fix of the fix is missing' '
	cd repo && git checkout -q linux-6.12.y &&
	edges_backport "$F1" "$F1" && git checkout -q master &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >../out &&
	! grep "^$(s12 $F1)" ../out &&
	grep "^$(s12 $F2) fix v6.13-rc2: fixes $(git rev-parse --short=12 linux-6.12.y) (cited as $(s12 $F1))\$" ../out
'

test_expect_success 'cited IDs that are missing or ambiguous do not upset it' '
	cd repo &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >../before &&
	edges_change fs/x.c "fs/x: fix something gone" \
		"Fixes: 0123456789ab (\"gone\")" &&
	edges_change fs/y.c "fs/y: revert something gone" \
		"This reverts commit 0123456789abcdef0123456789abcdef01234567." &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >../after &&
	test_cmp ../before ../after
'

test_done
