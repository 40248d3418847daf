#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: the upstream line and the cherry-pick trailers.
# A drm-next commit N is cherry-picked (as F) into a fixes branch that
# reaches mainline in v6.12-rc3; N itself reaches mainline only in
# v6.13-rc1.  O stays on drm-misc-next, never in mainline.  M is in
# mainline and cites an ID that is not in this repository.  The target,
# linux-6.11.y, has none of them.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

ABSENT=0123456789abcdef0123456789abcdef01234567

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.11 &&
	git checkout -q -b drm-next &&
	test_commit "drm/x: fix the thing" "Found by testing." &&
	tip >../N &&
	git checkout -q -b drm-misc-next master &&
	test_commit "drm/x: only on drm-misc-next" &&
	tip >../O &&
	git checkout -q -b drm-fixes master &&
	test_pick drm-next && tip >../F &&
	git checkout -q master && git merge -q --ff-only drm-fixes &&
	git tag v6.12-rc3 &&
	test_commit "drm/y: pick from elsewhere" \
		"(cherry picked from commit $ABSENT)" &&
	tip >../M &&
	test_commit "Linux 6.12" && git tag v6.12 &&
	git checkout -q -b linux-6.11.y v6.11 &&
	test_commit "stable: something" && git tag v6.11.1 &&
	git checkout -q master
'

test_expect_success 'set up drm-next, a fixes branch and linux-6.11.y' '
	test_setup_cached t2010 repo "../N ../O ../F ../M" \
		"$setup_repo"
'

N=$(cat N 2>/dev/null)
F=$(cat F 2>/dev/null)
O=$(cat O 2>/dev/null)
M=$(cat M 2>/dev/null)
S="--stable linux-6.11.y"

test_expect_success 'UPSTREAM_MISSING: no upstream line is an error' '
	mkpatch p.patch "drm/x: fix the thing" "No upstream line here." &&
	cd repo && check_terse 1 ../out $S ../p.patch &&
	has_finding ../out ERROR:UPSTREAM_MISSING
'

# git cherry-pick -x names the mainline commit, in a form the stable
# rules do not take: the hint gives the line they want.
test_expect_success 'UPSTREAM_MISSING: a -x trailer naming mainline gives the line' '
	mkpatch p.patch "drm/x: fix the thing" "(cherry picked from commit $F)" &&
	cd repo && test_expect_code 1 cbp check $S ../p.patch >../out &&
	grep "^ERROR:UPSTREAM_MISSING: " ../out &&
	grep -F "hint: '"'"'(cherry picked from commit $(s12 $F))'"'"' names it: write '"'"'commit $F upstream.'"'"' above the message" ../out &&
	mkpatch ../p.patch "drm/x: fix the thing" "(cherry picked from commit $O)" &&
	test_expect_code 1 cbp check $S ../p.patch >../out &&
	grep "^ERROR:UPSTREAM_MISSING: " ../out && ! grep "names it: write" ../out
'

test_expect_success 'UPSTREAM_MISSING: not reported with an upstream line' '
	mkpatch p.patch "drm/x: fix the thing" "commit $F upstream." &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out ERROR:UPSTREAM_MISSING &&
	! test -s ../out
'

test_expect_success 'the "[ Upstream commit X ]" form is read too' '
	mkpatch p.patch "drm/x: fix the thing" "[ Upstream commit $F ]" &&
	cd repo && check_terse 0 ../out $S ../p.patch && ! test -s ../out
'

test_expect_success 'UPSTREAM_UNKNOWN: an ID in no tree is an error, with a hint' '
	mkpatch p.patch "drm/x: fix the thing" "commit deadbeefdeadbeef upstream." &&
	cd repo && check_terse 1 ../out $S ../p.patch &&
	has_finding ../out ERROR:UPSTREAM_UNKNOWN &&
	grep -q "p.patch:6: ERROR:UPSTREAM_UNKNOWN" ../out &&
	test_expect_code 1 cbp check $S ../p.patch >../human &&
	grep -q "hint: fetch the tree" ../human
'

test_expect_success 'UPSTREAM_UNKNOWN: one only a pull request ref has, with a hint to index it' '
	cd repo &&
	git checkout -q -b pr master && test_commit "drm/x: proposed" &&
	P=$(tip) && git update-ref refs/pull/7/head "$P" &&
	git checkout -q master && git branch -q -D pr &&
	cd .. && mkpatch p.patch "drm/x: proposed" "commit $P upstream." && cd repo &&
	check_terse 1 ../out $S ../p.patch &&
	grep -q "ERROR:UPSTREAM_UNKNOWN: upstream commit $P: in this repository, but no branch or tag reaches it" \
		../out &&
	test_expect_code 1 cbp check $S ../p.patch >../human &&
	grep -q "hint: only a pull request.s ref (or FETCH_HEAD) has it: .git branch NAME ID. indexes it" \
		../human &&
	git update-ref -d refs/pull/7/head
'

test_expect_success 'UPSTREAM_NOT_MAINLINE: the drm-next ID names the fixes copy' '
	mkpatch p.patch "drm/x: fix the thing" "commit $N upstream

(cherry picked from commit $N)
(cherry picked from commit $F)" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:UPSTREAM_NOT_MAINLINE &&
	grep -q "same change is in mainline as $(s12 "$F")" ../out &&
	grep -q "first released in v6.12-rc3" ../out &&
	cbp check $S ../p.patch >../human &&
	grep -qx "    replace: commit $N upstream" ../human &&
	grep -qx "    with:    commit $F upstream" ../human
'

test_expect_success 'UPSTREAM_NOT_MAINLINE: not reported for the mainline ID' '
	mkpatch p.patch "drm/x: fix the thing" "commit $F upstream." &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out WARNING:UPSTREAM_NOT_MAINLINE
'

test_expect_success 'UPSTREAM_NOT_MAINLINE: an ID only cited by a mainline commit' '
	mkpatch p.patch "drm/y: pick from elsewhere" "commit $ABSENT upstream." &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:UPSTREAM_NOT_MAINLINE &&
	grep -q "is not in this repository; the same change is in mainline" ../out &&
	grep -q "replace with: commit $M upstream." ../out
'

test_expect_success 'UPSTREAM_NOT_IN_MAINLINE: no name in mainline is an error' '
	mkpatch p.patch "drm/x: only on drm-misc-next" "commit $O upstream." &&
	cd repo && check_terse 1 ../out $S ../p.patch &&
	has_finding ../out ERROR:UPSTREAM_NOT_IN_MAINLINE &&
	lacks_finding ../out WARNING:UPSTREAM_NOT_MAINLINE
'

test_expect_success 'UPSTREAM_DUPLICATE: not reported while mainline has one copy' '
	mkpatch p.patch "drm/x: fix the thing" "commit $F upstream." &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out INFO:UPSTREAM_DUPLICATE
'

test_expect_success 'UPSTREAM_DUPLICATE: after drm-next is merged, both copies' '
	cd repo && test_tick &&
	git merge -q --no-ff -m "Merge drm-next" drm-next &&
	git tag v6.13-rc1 &&
	check_terse 0 ../out $S ../p.patch &&
	has_finding ../out INFO:UPSTREAM_DUPLICATE &&
	grep -q "in mainline 2 times: $(s12 "$F") (v6.12-rc3, first), $(s12 "$N") (v6.13-rc1)" ../out &&
	lacks_finding ../out WARNING:UPSTREAM_NOT_MAINLINE
'

test_expect_success 'UPSTREAM_SUBJECT_MISMATCH: a different subject warns' '
	mkpatch p.patch "drm/x: fix another thing" "commit $F upstream." \
		"$(git -C repo show --format= --name-only $F)" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:UPSTREAM_SUBJECT_MISMATCH
'

test_expect_success 'UPSTREAM_SUBJECT_MISMATCH: not for the same subject' '
	mkpatch p.patch "drm/x: fix the thing" "commit $F upstream." &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out WARNING:UPSTREAM_SUBJECT_MISMATCH
'

test_expect_success 'CHERRY_PICK_UNKNOWN: an unresolved trailer, with the hint' '
	mkpatch p.patch "drm/x: fix the thing" "commit $F upstream.

(cherry picked from commit abcdef0123456789abcdef0123456789abcdef01)" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:CHERRY_PICK_UNKNOWN &&
	grep -q "p.patch:8: WARNING:CHERRY_PICK_UNKNOWN" ../out &&
	cbp check $S ../p.patch >../human &&
	grep -q "hint: fetch the tree it was committed to" ../human
'

test_expect_success 'CHERRY_PICK_UNKNOWN: trailers that resolve are quiet' '
	mkpatch p.patch "drm/x: fix the thing" "commit $F upstream.

(cherry picked from commit $N)
(cherry picked from commit $F)" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out WARNING:CHERRY_PICK_UNKNOWN
'

# copy_branch PICK N BRANCH [FROM]: N mainline commits "pkg: BRANCH
# update K", each copied onto BRANCH (made from v6.11 unless it exists)
# by the command PICK COMMIT, the last one's ID in LAST.
copy_branch () {
	{ git rev-parse -q --verify "refs/heads/$3" >/dev/null ||
	  git branch "$3" v6.11; } &&
	for k in $(seq "${4:-1}" "$2")
	do
		git checkout -q master &&
		test_change "pkg/$3-f$k.c" "$k" "pkg: $3 update $k" &&
		LAST=$(tip) &&
		git checkout -q "$3" &&
		"$1" "$LAST" || return 1
	done &&
	git checkout -q master
}

# pick_branch N BRANCH [FROM]: copy_branch, each copy picked with -x.
pick_branch () {
	copy_branch test_pick "$@"
}

# Most projects back-port with git cherry-pick -x alone: on a branch
# whose backports name their origin so, ten of them and nine in ten,
# that trailer is what check asks for, as the stable rules ask for
# "commit X upstream." (linux-6.11.y: no such backports).
test_expect_success 'UPSTREAM_MISSING: a branch of -x backports asks for the trailer' '
	cd repo &&
	pick_branch 10 linux-6.9.y &&
	mkpatch ../p.patch "pkg: linux-6.9.y update 10" \
		"(cherry picked from commit $LAST)" pkg/linux-6.9.y-f10.c &&
	check_terse 1 ../out --stable linux-6.9.y ../p.patch &&
	lacks_finding ../out ERROR:UPSTREAM_MISSING &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	check_terse 1 ../out $S ../p.patch &&
	has_finding ../out ERROR:UPSTREAM_MISSING &&
	mkpatch ../p.patch "pkg: linux-6.9.y update 10" "No trailer." \
		pkg/linux-6.9.y-f10.c &&
	check_terse 1 ../out --stable linux-6.9.y ../p.patch &&
	grep -F "ERROR:UPSTREAM_MISSING: no '"'"'(cherry picked from commit <id>)'"'"' line naming this change in mainline: 10 of the 10 backports on linux-6.9.y name their origin so" ../out &&
	mkpatch ../p.patch "pkg: linux-6.9.y update 10" \
		"(cherry picked from commit $O)" pkg/linux-6.9.y-f10.c &&
	check_terse 1 ../out --stable linux-6.9.y ../p.patch &&
	has_finding ../out ERROR:UPSTREAM_MISSING &&
	mkpatch ../p.patch "pkg: linux-6.9.y update 10" \
		"(cherry picked from commit $F)" pkg/linux-6.9.y-f10.c &&
	check_terse 1 ../out --stable linux-6.9.y ../p.patch &&
	has_finding ../out WARNING:TRAILER_SUSPICIOUS &&
	has_finding ../out ERROR:UPSTREAM_MISSING
'

test_expect_success 'UPSTREAM_MISSING: nine -x backports are too few, nine in ten enough' '
	cd repo &&
	pick_branch 9 linux-6.8.y &&
	mkpatch ../p.patch "drm/x: fix the thing" \
		"(cherry picked from commit $F)" &&
	check_terse 1 ../out --stable linux-6.8.y ../p.patch &&
	has_finding ../out ERROR:UPSTREAM_MISSING &&
	git checkout -q linux-6.8.y &&
	test_change pkg/g.c g "pkg: a backport" "commit $F upstream." &&
	check_terse 1 ../out --stable linux-6.8.y ../p.patch &&
	has_finding ../out ERROR:UPSTREAM_MISSING &&
	pick_branch 10 linux-6.8.y 10 &&
	check_terse 0 ../out --stable linux-6.8.y ../p.patch &&
	lacks_finding ../out ERROR:UPSTREAM_MISSING
'

# bare_pick COMMIT: git cherry-pick alone, no line naming the origin.
bare_pick () {
	git cherry-pick "$1" >/dev/null
}

# bare_branch N BRANCH [FROM]: copy_branch, each copy made by bare_pick:
# the index joins it to its mainline commit by its patch.
bare_branch () {
	copy_branch bare_pick "$@"
}

# Some projects name no origin at all (FreeIPA's branches carry the
# mainline commit's message as it was): on a branch whose backports are
# such copies, ten of them and nine in ten, a patch that is a mainline
# commit's change is what the branch does, and one that is none still
# lacks its origin, said so.
test_expect_success 'UPSTREAM_MISSING: a branch of copies naming nothing' '
	cd repo &&
	bare_branch 10 linux-6.7.y &&
	test_change pkg/bare-new.c new "pkg: a change to copy" &&
	NEW=$(tip) &&
	git format-patch -1 --stdout "$NEW" >../copy.patch &&
	check_terse 0 ../out --stable linux-6.7.y ../copy.patch &&
	lacks_finding ../out ERROR:UPSTREAM_MISSING &&
	check_terse 0 ../out --patch-id --stable linux-6.7.y ../copy.patch &&
	lacks_finding ../out ERROR:UPSTREAM_MISSING &&
	check_terse 1 ../out $S ../copy.patch &&
	has_finding ../out ERROR:UPSTREAM_MISSING &&
	mkpatch ../p.patch "pkg: no such change" "No trailer." pkg/other.c &&
	check_terse 1 ../out --stable linux-6.7.y ../p.patch &&
	grep -F "ERROR:UPSTREAM_MISSING: no line names its mainline commit, nor is it the same patch as one: 10 of the 10 backports on linux-6.7.y name no origin, each joined to its mainline commit by what it is" ../out
'

test_expect_success 'UPSTREAM_MISSING: nine copies naming nothing are too few' '
	cd repo &&
	bare_branch 9 linux-6.6.y &&
	check_terse 1 ../out --stable linux-6.6.y ../copy.patch &&
	has_finding ../out ERROR:UPSTREAM_MISSING &&
	bare_branch 10 linux-6.6.y 10 &&
	check_terse 0 ../out --stable linux-6.6.y ../copy.patch &&
	lacks_finding ../out ERROR:UPSTREAM_MISSING
'

test_done
