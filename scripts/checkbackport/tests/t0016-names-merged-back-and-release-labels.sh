#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='smaller points found on public stable histories

A stable branch merged back into mainline brings its backport there: a
note, not "in mainline 2 times" and exit 1, which a change merged twice
still gets; of its two names in one release, the first mainline took is
its first.  A fix no release has is "not released yet".  A Fixes: line
quoting its subject in single quotes has a subject.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change base a "base: the start" &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	test_change drv/m.c m1 "drm/m: the change" &&
	M=$(tip) &&
	test_change drv/d.c d1 "drm/d: merged twice" &&
	D=$(tip) &&
	git checkout -q -b drm-fixes v6.12 &&
	pick -x $D &&
	DP=$(tip) &&
	git checkout -q master &&
	test_tick &&
	git merge -q --no-ff -m "Merge branch drm-fixes" drm-fixes &&
	git tag v6.13-rc1 &&
	git checkout -q linux-6.12.y &&
	pick -x $M &&
	S=$(tip) &&
	git tag v6.12.1 &&
	git checkout -q master &&
	test_tick &&
	git merge -q --no-ff -m "Merge branch linux-6.12.y" linux-6.12.y &&
	test_change drv/m.c m2 "drm/m: fix the change" \
		"Fixes: $(s12 $M) (\"drm/m: the change\")" &&
	F=$(tip)
'

test_expect_success 'set up: a release branch merged back, a change merged twice' '
	test_setup_cached t0016 repo "M D DP S F" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null
'

test_expect_success 'names: a backport merged back is a note, exit 0' '
	cd repo &&
	test_expect_code 0 cbp names $M >out &&
	grep -F "note: also in mainline through a merge of a stable branch: $(s12 $S) (v6.12.1)" out &&
	! grep "in mainline 2 times" out &&
	cbp names --json $M >j &&
	test "$(json_get j "\$j->{merged_back_from_stable}")" = 1 &&
	test "$(json_get j "\$j->{mainline_more_than_once}")" = 0
'

test_expect_success 'names: a change merged twice is still a finding' '
	cd repo &&
	test_expect_code 1 cbp names $D >out &&
	grep "^warning: in mainline 2 times:" out &&
	! grep "through a merge" out
'

# first_in_mainline FIRST SUBJECT RELEASE ID...: names and followups of
# each ID say FIRST is the change's first name in mainline.
first_in_mainline () {
	want=$1 subject=$2 release=$3 &&
	shift 3 &&
	for c in "$@"
	do
		test_expect_code 1 cbp names $c >out &&
		grep -Fx "first in mainline: $(s12 $want) (\"$subject\") in $release" out &&
		test_expect_code 1 cbp names --json $c >j &&
		test "$(json_get j "\$j->{mainline_first}")" = $want &&
		test_expect_code 0 cbp followups $c >out &&
		grep -Fx "  first in mainline: $(s12 $want) in $release" out || return 1
	done
}

# Two names of one change in one release have the same author date (a
# pick keeps it): the first is the one mainline took first.  D, on
# mainline's own line, came before its pick DP, merged with drm-fixes;
# T, made on a topic branch first, came after its pick TP, which
# mainline took before the topic was merged.
test_expect_success 'of two names in one release, the first mainline took is first' '
	(cd repo && first_in_mainline $D "drm/d: merged twice" v6.13-rc1 $D $DP) &&
	git init -q tie && cd tie &&
	test_change base a "base: the start" &&
	git checkout -q -b topic &&
	test_change drv/t.c t1 "drm/t: picked before its topic is merged" &&
	T=$(tip) &&
	git checkout -q master &&
	test_change drv/o.c o1 "drm/o: another change" &&
	pick -x $T &&
	TP=$(tip) &&
	test_tick &&
	git merge -q --no-ff -m "Merge branch topic" topic &&
	git tag v6.13-rc1 &&
	first_in_mainline $TP "drm/t: picked before its topic is merged" v6.13-rc1 $T $TP
'

test_expect_success 'fixes: a fix no release has is not released yet' '
	cd repo &&
	test_expect_code 0 cbp fixes $F >out &&
	grep -F "fix: $(s12 $F) (\"drm/m: fix the change\"), 1 name, not released yet" out &&
	! grep "released in unreleased" out
'

test_expect_success 'check: a single-quoted Fixes: subject is a subject' '
	cd repo &&
	git checkout -q -b topic &&
	test_change drv/m.c m3 "drm/m: fix it again" \
		"Fixes: $(s12 $M) ('"'"'drm/m: the change'"'"')" &&
	git format-patch -q --stdout -1 >../good.patch &&
	test_change drv/m.c m4 "drm/m: fix it once more" \
		"Fixes: $(s12 $M) ('"'"'drm/m: another subject'"'"')" &&
	git format-patch -q --stdout -1 >../bad.patch &&
	git checkout -q master &&
	test_expect_code 1 cbp check --terse --stable linux-6.12.y ../good.patch >out &&
	grep "ERROR:UPSTREAM_MISSING" out &&
	! grep FIXES_SUBJECT_MISMATCH out &&
	test_expect_code 1 cbp check --terse --stable linux-6.12.y ../bad.patch >out &&
	grep -F "FIXES_SUBJECT_MISMATCH: the subject quoted for $(s12 $M) is not its subject" out
'

test_done
