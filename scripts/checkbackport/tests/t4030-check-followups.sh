#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: what happened to a change after it landed
# (FOLLOWUP_MISSING, REVERTED_UPSTREAM, PREREQ_MISSING) and the series a
# patch is sent in (SERIES_ORDER, and follow-ups, prerequisites and bugs
# brought by other patches of it).  Backports to linux-6.11.y, which has
# none of these changes, of the history described in lib-edges.sh.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"
. "$CBP_DIR/tests/lib-edges.sh"

test_expect_success 'set up the history' '
	edges_repo repo && cd repo && cbp index >/dev/null
'
. ./repo.ids 2>/dev/null
S="--stable linux-6.11.y"

# bp FILE SUBJECT UPSTREAM [TRAILERS]: a backport citing UPSTREAM.
bp () {
	mkpatch "$1" "$2" "commit $3 upstream.

Body.

${4:-Signed-off-by: A U Thor <author@example.com>}"
}

test_expect_success 'the backports' '
	bp cf.patch "drm/xe: the change" "$CF" &&
	bp p.patch "drm/xe: prepare for the fix" "$P" &&
	bp f1.patch "drm/xe: fix the change" "$F1" \
		"Fixes: $(s12 $CN) (\"drm/xe: the change\")" &&
	bp f2.patch "drm/xe: fix the fix" "$F2" \
		"Fixes: $(s12 $F1) (\"drm/xe: fix the change\")" &&
	bp dn.patch "drm/qux: the other change" "$DN" &&
	bp rd.patch "Revert \"drm/qux: the other change\"" "$RD" &&
	bp a.patch "fs/foo: add the feature" "$A" &&
	bp e.patch "mm/baz: add the knob" "$E" &&
	bp nb.patch "fs/bar: add a new bug" "$NB" &&
	bp xn.patch "drm/xe: a feature" "$XN" &&
	bp g.patch "fs/foo: fix the feature properly" "$G" \
		"Cc: stable@vger.kernel.org # 6.11.x: $(s12 $A): fs/foo: add the feature"
'

test_expect_success 'FOLLOWUP_MISSING: a fix citing the drm-next name, and the fix of that fix' '
	cd repo && check_terse 0 ../out $S ../cf.patch &&
	test $(grep -c "WARNING:FOLLOWUP_MISSING" ../out) = 2 &&
	grep -F "WARNING:FOLLOWUP_MISSING: mainline fixed this change later: $(s12 $F1) (\"drm/xe: fix the change\"), first released in v6.13-rc1, is not in linux-6.11.y" ../out &&
	grep -F "WARNING:FOLLOWUP_MISSING: mainline fixed a fix of this change later: $(s12 $F2) (\"drm/xe: fix the fix\"), first released in v6.13-rc2, fixes $(s12 $F1)" ../out &&
	cbp check --json $S ../cf.patch >../j &&
	test "$(json_get ../j "join q{ }, map { \$_->{commit} } grep { \$_->{type} eq q{FOLLOWUP_MISSING} } @{\$j->{patches}[0]{findings}}")" = "$F1 $F2" &&
	json_get ../j "(grep { \$_->{type} eq q{FOLLOWUP_MISSING} } @{\$j->{patches}[0]{findings}})[0]{hint}" |
		grep -F "Fixes: $(s12 $CN)"
'

test_expect_success 'FOLLOWUP_MISSING also for a mainline commit checked as itself' '
	cd repo && check_terse 0 ../out $S "$CF" &&
	test $(grep -c "WARNING:FOLLOWUP_MISSING" ../out) = 2
'

# As missing and followups: a branch commit of the fix's subject with no
# trailer (applied by hand?) keeps the finding, named in its hint.
test_expect_success 'FOLLOWUP_MISSING: a branch commit of the same subject is named' '
	cd repo && git checkout -q linux-6.11.y &&
	edges_change drivers/gpu/drm/xe/xe_oa_hand.c "drm/xe: fix the change" &&
	H=$(tip) && git checkout -q master &&
	cbp index >/dev/null &&
	cbp check --json $S ../cf.patch >../j &&
	test "$(json_get ../j "join q{ }, map { \$_->{commit} } grep { \$_->{type} eq q{FOLLOWUP_MISSING} } @{\$j->{patches}[0]{findings}}")" = "$F1 $F2" &&
	json_get ../j "(grep { \$_->{type} eq q{FOLLOWUP_MISSING} } @{\$j->{patches}[0]{findings}})[0]{hint}" >../hint &&
	grep -F "linux-6.11.y has $(s12 $H) (\"drm/xe: fix the change\"), of the same subject but with no trailer and another patch: compare the two" ../hint &&
	json_get ../j "(grep { \$_->{type} eq q{FOLLOWUP_MISSING} } @{\$j->{patches}[0]{findings}})[1]{hint}" >../hint &&
	! grep "same subject" ../hint &&
	git branch -f linux-6.11.y "$H^" && cbp index >/dev/null
'

test_expect_success 'FOLLOWUP_MISSING: quiet when the series brings the fixes later, or the branch has them' '
	cat cf.patch p.patch f1.patch f2.patch >good.mbox &&
	cd repo && check_terse 0 ../out $S ../good.mbox &&
	lacks_finding ../out WARNING:FOLLOWUP_MISSING &&
	check_terse 0 ../out $S ../cf.patch ../p.patch ../f1.patch ../f2.patch &&
	lacks_finding ../out WARNING:FOLLOWUP_MISSING &&
	check_terse 0 ../out $S ../p.patch && lacks_finding ../out WARNING:FOLLOWUP_MISSING &&
	check_terse 1 ../out --stable linux-6.12.y ../a.patch &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	lacks_finding ../out WARNING:FOLLOWUP_MISSING
'

test_expect_success 'FOLLOWUP_MISSING: a fix mainline reverted is not asked for' '
	cd repo && check_terse 1 ../out $S ../a.patch &&
	! grep -F "$(s12 $Q)" ../out &&
	grep -F "WARNING:FOLLOWUP_MISSING: mainline fixed this change later: $(s12 $G)" ../out
'

test_expect_success 'REVERTED_UPSTREAM: the revert cites the -fixes name, the patch the drm-next one' '
	cd repo && check_terse 1 ../out $S ../dn.patch &&
	grep -F "ERROR:REVERTED_UPSTREAM: mainline reverted this change: $(s12 $RD) (\"Revert \"drm/qux: the other change\"\"), first released in v6.13-rc2, and has not re-applied it" ../out &&
	check_terse 1 ../out $S ../a.patch &&
	has_finding ../out ERROR:REVERTED_UPSTREAM
'

test_expect_success 'REVERTED_UPSTREAM: quiet once re-applied, or with the revert later in the series' '
	cd repo && check_terse 0 ../out $S ../e.patch &&
	lacks_finding ../out ERROR:REVERTED_UPSTREAM &&
	check_terse 0 ../out $S ../dn.patch ../rd.patch &&
	lacks_finding ../out ERROR:REVERTED_UPSTREAM &&
	check_terse 0 ../out $S ../cf.patch && lacks_finding ../out ERROR:REVERTED_UPSTREAM
'

test_expect_success 'PREREQ_MISSING: a commit declaring itself Stable-dep-of the change' '
	cd repo && check_terse 0 ../out $S ../f1.patch &&
	grep -F "WARNING:PREREQ_MISSING: prerequisite (it says '"'"'Stable-dep-of'"'"' this change) $(s12 $P) (\"drm/xe: prepare for the fix\") (v6.13-rc2) is not in linux-6.11.y and not earlier in this series" ../out
'

test_expect_success 'PREREQ_MISSING: a prerequisite the patch declares in its Cc: stable line' '
	cd repo && check_terse 0 ../out $S ../g.patch &&
	grep -F "../g.patch:10: WARNING:PREREQ_MISSING: declared prerequisite $(s12 $A) (\"fs/foo: add the feature\") (v6.12-rc1) is not in linux-6.11.y" ../out
'

test_expect_success 'PREREQ_MISSING: quiet when earlier in the series or in the branch' '
	cd repo && check_terse 0 ../out $S ../p.patch ../f1.patch &&
	lacks_finding ../out WARNING:PREREQ_MISSING &&
	check_terse 1 ../out $S ../a.patch ../g.patch &&
	lacks_finding ../out WARNING:PREREQ_MISSING &&
	check_terse 0 ../out --stable linux-6.12.y ../f1.patch &&
	lacks_finding ../out WARNING:PREREQ_MISSING
'

test_expect_success 'PREREQ_MISSING: later in the series is too late, naming the patch' '
	cd repo && check_terse 0 ../out $S ../f1.patch ../p.patch &&
	grep -F "WARNING:PREREQ_MISSING: prerequisite (it says '"'"'Stable-dep-of'"'"' this change) $(s12 $P) (\"drm/xe: prepare for the fix\") comes later in the series, as ../p.patch (\"drm/xe: prepare for the fix\"): it must come before this patch" ../out
'

test_expect_success 'SERIES_ORDER: a series against mainline order names the two patches' '
	cat cf.patch p.patch f2.patch f1.patch >bad.mbox &&
	cd repo && check_terse 0 ../out $S ../bad.mbox &&
	test $(grep -c "WARNING:SERIES_ORDER" ../out) = 1 &&
	grep -F "../bad.mbox: WARNING:SERIES_ORDER: this patch must come before ../bad.mbox, mail 3 (\"drm/xe: fix the fix\"): mainline has this change ($(s12 $F1) (\"drm/xe: fix the change\"), v6.13-rc1) before that one ($(s12 $F2), v6.13-rc2)" ../out
'

test_expect_success 'SERIES_ORDER: quiet in mainline order, for a declared prerequisite, and for unrelated patches' '
	cd repo && check_terse 0 ../out $S ../good.mbox &&
	lacks_finding ../out WARNING:SERIES_ORDER &&
	check_terse 0 ../out $S ../p.patch ../f1.patch &&
	lacks_finding ../out WARNING:SERIES_ORDER &&
	check_terse 0 ../out $S ../xn.patch ../cf.patch &&
	lacks_finding ../out WARNING:SERIES_ORDER
'

test_expect_success 'SERIES_ORDER: a change of an older release after one of a newer' '
	cd repo && check_terse 0 ../out $S ../nb.patch ../e.patch &&
	grep -F "../e.patch: WARNING:SERIES_ORDER: this patch must come before ../nb.patch (\"fs/bar: add a new bug\")" ../out
'

test_expect_success 'FIXES_NOT_IN_STABLE: quiet when an earlier patch brings the bug' '
	cd repo && check_terse 0 ../out $S ../f1.patch &&
	has_finding ../out WARNING:FIXES_NOT_IN_STABLE &&
	check_terse 0 ../out $S ../cf.patch ../f1.patch &&
	lacks_finding ../out WARNING:FIXES_NOT_IN_STABLE
'

test_done
