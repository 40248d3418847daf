#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: Fixes: targets and the Cc: stable annotation.
# BUG lands in v6.12-rc1; its drm-next original G lands in v6.13-rc1 after
# its copy G2 landed in v6.12-rc2; FIX cites G and lands in v6.12-rc7, so
# it seems to precede its bug.  LATE lands after v6.12 only.  EARLY lands
# in v6.12-rc5 citing LATE, with no alias to explain it.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.11 &&
	test_commit "drm/a: add the feature" && tip >../BUG &&
	git tag v6.12-rc1 &&
	git checkout -q -b drm-next &&
	test_commit "drm/amd: guard the call" && tip >../G &&
	git checkout -q -b fixes master && test_pick drm-next &&
	tip >../G2 &&
	git checkout -q master && git merge -q --ff-only fixes &&
	git tag v6.12-rc2 &&
	test_commit "drm/z: early fix" && tip >../EARLY &&
	git tag v6.12-rc5 &&
	G=$(cat ../G) && test_commit "drm/amd: fix the guard" \
		"Fixes: $(s12 "$G") (\"drm/amd: guard the call\")" &&
	tip >../FIX && git tag v6.12-rc7 &&
	test_commit "Linux 6.12" && git tag v6.12 &&
	git checkout -q -b linux-6.12.y v6.12 && test_commit "stable" &&
	git tag v6.12.1 && git checkout -q master &&
	test_commit "drm/z: late feature" && tip >../LATE &&
	git merge -q --no-ff -m "Merge drm-next" drm-next &&
	git tag v6.13-rc1 &&
	test_commit "drm/q: fix the late feature" && tip >../QFIX &&
	git tag v6.13-rc2
'

test_expect_success 'set up the history' '
	test_setup_cached t2011 repo "../BUG ../G ../G2 ../EARLY ../FIX ../LATE ../QFIX G" \
		"$setup_repo"
'

BUG=$(cat BUG 2>/dev/null)
G=$(cat G 2>/dev/null)
G2=$(cat G2 2>/dev/null)
FIX=$(cat FIX 2>/dev/null)
EARLY=$(cat EARLY 2>/dev/null)
LATE=$(cat LATE 2>/dev/null)
QFIX=$(cat QFIX 2>/dev/null)
S="--stable linux-6.12.y"

# A 6.12.y backport of QFIX (not yet in 6.12.y) with the given trailers.
qpatch () {
	mkpatch p.patch "drm/q: fix the late feature" "commit $QFIX upstream.

Body.

$1"
}

test_expect_success 'FIXES_UNKNOWN: a target in no tree is an error' '
	qpatch "Fixes: 0badc0ffee00 (\"drm/a: something\")" &&
	cd repo && check_terse 1 ../out $S ../p.patch &&
	has_finding ../out ERROR:FIXES_UNKNOWN &&
	grep -q "p.patch:10: ERROR:FIXES_UNKNOWN" ../out
'

test_expect_success 'FIXES_UNKNOWN: not for a target that exists' '
	qpatch "Fixes: $(s12 $BUG) (\"drm/a: add the feature\")" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out ERROR:FIXES_UNKNOWN && ! test -s ../out
'

test_expect_success 'FIXES_SUBJECT_MISMATCH: a wrong quoted subject warns' '
	qpatch "Fixes: $(s12 $BUG) (\"drm/a: add a feature\")" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:FIXES_SUBJECT_MISMATCH &&
	grep -qF "replace with: Fixes: $(s12 $BUG) (\"drm/a: add the feature\")" ../out
'

test_expect_success 'FIXES_SUBJECT_MISMATCH: a missing quoted subject warns' '
	qpatch "Fixes: $(s12 $BUG)" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:FIXES_SUBJECT_MISMATCH &&
	grep -qF "Fixes: $(s12 $BUG) has no (\"subject\"); it should read: Fixes: $(s12 $BUG) (\"drm/a: add the feature\")" ../out
'

# SDL's "Fixes: 33834360 \"wayland: ...\"": the subject is there, the
# parentheses are not, and the finding says that, not that it is missing.
test_expect_success 'FIXES_SUBJECT_MISMATCH: a subject quoted bare is said so' '
	qpatch "Fixes: $(s12 $BUG) \"drm/a: add the feature\"" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	grep -qF "Fixes: $(s12 $BUG) quotes its subject without the parentheses; it should read: Fixes: $(s12 $BUG) (\"drm/a: add the feature\")" ../out
'

test_expect_success 'FIXES_NOT_IN_STABLE: a bug the branch never got' '
	qpatch "Fixes: $(s12 $LATE) (\"drm/z: late feature\")" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:FIXES_NOT_IN_STABLE &&
	grep -q "not needed there" ../out
'

test_expect_success 'FIXES_NOT_IN_STABLE: not when the bug is in the branch' '
	qpatch "Fixes: $(s12 $BUG) (\"drm/a: add the feature\")" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out WARNING:FIXES_NOT_IN_STABLE
'

# A fix of two bugs, one of them in the branch, is needed there, as
# missing says: neither Fixes: line is "not needed" (FRRouting's
# 70a858548f22, asked of stable/10.4).
test_expect_success 'FIXES_NOT_IN_STABLE: not when another bug the fix names is in the branch' '
	qpatch "Fixes: $(s12 $LATE) (\"drm/z: late feature\")
Fixes: $(s12 $BUG) (\"drm/a: add the feature\")" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out WARNING:FIXES_NOT_IN_STABLE &&
	cd .. &&
	qpatch "Fixes: $(s12 $BUG) (\"drm/a: add the feature\")
Fixes: $(s12 $LATE) (\"drm/z: late feature\")" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out WARNING:FIXES_NOT_IN_STABLE
'

test_expect_success 'FIXES_ALIAS: a fix before its bug, explained by the copy' '
	cd repo && check_terse 1 ../out $S $FIX &&
	has_finding ../out INFO:FIXES_ALIAS &&
	grep -q "reached v6.12-rc7 (as $(s12 $FIX)) before the cited bug $(s12 $G) (v6.13-rc1)" ../out &&
	grep -q "other name $(s12 $G2) (\"drm/amd: guard the call\"), released in v6.12-rc2" ../out &&
	lacks_finding ../out WARNING:FIXES_PRECEDES_BUG
'

test_expect_success 'FIXES_PRECEDES_BUG: a fix before every name of its bug' '
	mkpatch p.patch "drm/z: early fix" "commit $EARLY upstream.

Fixes: $(s12 $LATE) (\"drm/z: late feature\")" &&
	cd repo && check_terse 1 ../out --stable linux-6.12.y ../p.patch &&
	has_finding ../out WARNING:FIXES_PRECEDES_BUG &&
	lacks_finding ../out INFO:FIXES_ALIAS
'

test_expect_success 'FIXES_ALIAS, FIXES_PRECEDES_BUG: quiet in the usual order' '
	qpatch "Fixes: $(s12 $LATE) (\"drm/z: late feature\")" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out INFO:FIXES_ALIAS &&
	lacks_finding ../out WARNING:FIXES_PRECEDES_BUG
'

test_expect_success 'CC_STABLE_VERSION: an annotation older than the bug' '
	qpatch "Fixes: $(s12 $BUG) (\"drm/a: add the feature\")
Cc: stable@vger.kernel.org # 6.10+" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:CC_STABLE_VERSION &&
	grep -q "p.patch:11: WARNING:CC_STABLE_VERSION" ../out &&
	grep -q "first landed in v6.12-rc1" ../out &&
	grep -q "replace with: Cc: stable@vger.kernel.org # 6.12+" ../out
'

test_expect_success 'CC_STABLE_VERSION: the alias decides where the bug landed' '
	qpatch "Fixes: $(s12 $G) (\"drm/amd: guard the call\")
Cc: <stable@vger.kernel.org> # v6.13+" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:CC_STABLE_VERSION &&
	grep -q "first landed in v6.12-rc2 as $(s12 $G2)" ../out &&
	grep -q "replace with: Cc: <stable@vger.kernel.org> # v6.12+" ../out
'

test_expect_success 'CC_STABLE_VERSION: quiet for "# 6.12+" and "# 6.12.x"' '
	qpatch "Fixes: $(s12 $BUG) (\"drm/a: add the feature\")
Cc: stable@vger.kernel.org # 6.12+
Cc: stable@vger.kernel.org # 6.12.x" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	lacks_finding ../out WARNING:CC_STABLE_VERSION && ! test -s ../out
'

test_expect_success 'CC_STABLE_EXCLUDES_TARGET: the annotation leaves 6.12 out' '
	qpatch "Fixes: $(s12 $LATE) (\"drm/z: late feature\")
Cc: stable@vger.kernel.org # 6.13.x" &&
	cd repo && check_terse 0 ../out $S ../p.patch &&
	has_finding ../out WARNING:CC_STABLE_EXCLUDES_TARGET &&
	lacks_finding ../out WARNING:CC_STABLE_VERSION
'

test_done
