#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: is the fix already in the target stable branch,
# under any of its names, or (with --patch-id) as the same diff?  The
# copy by hand has a subject and an author date of its own, so the index
# does not link it by patch-id (t0015 covers the copies it links).

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_change a.c "a" "init" && test_change b.c "b" "init b" &&
	git tag v6.12 &&
	git checkout -q -b drm-next &&
	test_change a.c "fix one" "drm/a: fix one" && tip >../N1 &&
	test_change b.c "fix two" "drm/b: fix two" && tip >../N2 &&
	git checkout -q -b fixes master &&
	test_pick "$(cat ../N1)" && tip >../F1 &&
	test_pick "$(cat ../N2)" && tip >../F2 &&
	git checkout -q master && git merge -q --ff-only fixes &&
	git tag v6.13-rc2 &&
	git checkout -q -b linux-6.12.y v6.12 &&
	test_change c.c "c" "stable: unrelated" && git tag v6.12.1 &&
	test_tick && git cherry-pick "$(cat ../F1)" >/dev/null &&
	git commit -q --amend -m "drm/a: fix one" \
		-m "commit $(cat ../F1) upstream." &&
	tip >../S1 && git tag v6.12.2 &&
	test_tick && git cherry-pick "$(cat ../F2)" >/dev/null &&
	git commit -q --amend --reset-author -m "drm/b: fix two, backported by hand" &&
	tip >../S2 && git tag v6.12.3 &&
	git checkout -q master
'

test_expect_success 'set up mainline, drm-next and linux-6.12.y' '
	test_setup_cached t2012 repo "../N1 ../N2 ../F1 ../F2 ../S1 ../S2" \
		"$setup_repo" &&
	cd repo &&
	git format-patch -q --stdout -1 "$(cat ../F2)" |
	awk -v l="commit $(cat ../F2) upstream." \
		"!done && /^\$/ { print; print l; print \"\"; done = 1; next } 1" \
		>../f2.patch
'

N1=$(cat N1 2>/dev/null)
F1=$(cat F1 2>/dev/null)
F2=$(cat F2 2>/dev/null)
S1=$(cat S1 2>/dev/null)
S2=$(cat S2 2>/dev/null)
S="--stable linux-6.12.y"

test_expect_success 'ALREADY_APPLIED: the drm-next name finds the stable copy' '
	mkpatch p.patch "drm/a: fix one" "commit $N1 upstream

(cherry picked from commit $N1)
(cherry picked from commit $F1)" &&
	cd repo && check_terse 1 ../out $S ../p.patch &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	grep -q "already in linux-6.12.y as $(s12 $S1) (\"drm/a: fix one\"), released in v6.12.2" ../out
'

test_expect_success 'ALREADY_APPLIED: also for a commit given by ID' '
	cd repo && check_terse 1 ../out $S "$F1" &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	grep -q "^commit $(s12 $F1): ERROR:ALREADY_APPLIED" ../out
'

test_expect_success 'ALREADY_APPLIED: not for a fix the branch lacks' '
	cd repo && check_terse 0 ../out --stable linux-6.12.y "$F2" &&
	lacks_finding ../out ERROR:ALREADY_APPLIED
'

test_expect_success 'ALREADY_APPLIED_PATCH_ID: only with --patch-id' '
	cd repo &&
	check_terse 0 ../out $S ../f2.patch &&
	lacks_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID &&
	check_terse 1 ../out --patch-id $S ../f2.patch &&
	has_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID &&
	grep -q "as $(s12 $S2) (\"drm/b: fix two, backported by hand\"), released in v6.12.3" ../out
'

test_expect_success 'ALREADY_APPLIED_PATCH_ID: for a commit given by ID' '
	cd repo && check_terse 1 ../out --patch-id $S "$F2" &&
	has_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID
'

test_expect_success 'ALREADY_APPLIED_PATCH_ID: a different diff is not matched' '
	mkpatch p.patch "drm/b: fix two" "commit $F2 upstream." &&
	cd repo && check_terse 0 ../out --patch-id $S ../p.patch &&
	lacks_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID
'

test_expect_success 'containment by the index only where it saw the branch' '
	cd repo && cbp index >/dev/null &&
	check_terse 1 ../out $S "$F1" &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	git branch -f linux-6.12.y v6.12.1 &&
	check_terse 0 ../out $S "$F1" &&
	lacks_finding ../out ERROR:ALREADY_APPLIED &&
	git branch -f linux-6.12.y v6.12.3 &&
	check_terse 1 ../out $S "$F1" &&
	has_finding ../out ERROR:ALREADY_APPLIED
'

test_expect_success 'the stable branch can come from git config' '
	cd repo && git config checkbackport.stable linux-6.12.y &&
	check_terse 1 ../out "$F1" &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	git config --unset checkbackport.stable
'

# NetworkManager merges its stable branches into main: the branch's own
# commits are then in mainline too, and leaving out all of mainline left
# out the copy (--patch-id compares the commits since the branch forked).
test_expect_success 'ALREADY_APPLIED_PATCH_ID: still once mainline merged the branch' '
	cd repo && git checkout -q master &&
	test_tick && git merge -q --no-edit linux-6.12.y &&
	cbp index >/dev/null &&
	check_terse 1 ../out --patch-id $S ../f2.patch &&
	has_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID &&
	grep -q "as $(s12 $S2) (\"drm/b: fix two, backported by hand\")" ../out &&
	git format-patch -q --stdout -1 v6.12 >../init.patch &&
	check_terse 1 ../out --patch-id $S ../init.patch &&
	lacks_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID &&
	git reset -q --hard HEAD^ && cbp index >/dev/null
'

test_done
