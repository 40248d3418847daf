#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Link trust: citations whose two commits share neither subject, patch-id
# nor any file are suspicious and never join names; partial, reworded and
# renumbered backports are followed, labelled as what they are; mistyped
# IDs are reported with the ID meant, never joined.  names, lint, index.
# The repository is described in lib-trust.sh.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-trust.sh"

test_expect_success 'set up: every kind of citation, and index it' '
	trust_repo repo && cd repo && cbp index >/dev/null &&
	cbp index --verify >/dev/null
'

. ./repo.ids 2>/dev/null

test_expect_success 'a shifted batch: each backport is its own change' '
	cd repo &&
	for c in $B1 $B2 $B3 $M2 $M3
	do
		cbp names --json $c >../j &&
		test "$(json_get ../j "scalar @{\$j->{members}}")" = 1 || exit 1
	done &&
	cbp names --json $M4 >../j &&
	test "$(json_get ../j "join \",\", sort map { \$_->{id} } @{\$j->{members}}")" = \
		"$(printf "%s\n" $M4 $S4 | sort | paste -sd,)"
'

test_expect_success 'a shifted trailer is shown under its commit, not followed' '
	cd repo && cbp names $B1 >../out &&
	grep "^1 name (0 only cited)" ../out &&
	grep -x "    not followed: (cherry picked from commit $M2)" ../out &&
	grep -x "        suspicious: \"include: fix the header guard of foo.h\" cites $(s12 $M2) (\"selftests: raise the timeout\"): subjects and patch-ids differ, no file in common (include/foo.h; tools/testing/run.sh)" ../out &&
	! grep "via:" ../out
'

test_expect_success 'and under the commit it names, as cited by the other' '
	cd repo && cbp names $M2 >../out &&
	grep -x "    not followed: cited by $(s12 $B1) (\"include: fix the header guard of foo.h\") as (cherry picked from commit $M2)" ../out &&
	grep "^first in mainline: $(s12 $M2) " ../out
'

test_expect_success 'JSON gives the verdict of every citation and why' '
	cd repo && cbp names --json $B2 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{citations}[0]{followed}")" = 0 &&
	test "$(json_get ../j "\$j->{members}[0]{citations}[0]{trust}{verdict}")" = suspicious &&
	test "$(json_get ../j "\$j->{members}[0]{citations}[0]{trust}{files}{common}")" = 0 &&
	test "$(json_get ../j "\$j->{members}[0]{citations}[0]{resolves_to}")" = $M3 &&
	cbp names --json $M3 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{cited_by_not_followed}[0]{cited_by}{id}")" = $B2
'

test_expect_success 'a wrong trailer in mainline is not "in mainline twice"' '
	cd repo && test_expect_code 0 cbp names $X >../out &&
	grep "^1 name " ../out && ! grep "in mainline 2 times" ../out
'

test_expect_success 'a partial backport is followed and labelled adapted' '
	cd repo && test_expect_code 0 cbp names $P >../out &&
	grep "^3 names (0 only cited)" ../out &&
	grep -x "\`-- $(s12 $P) (\"drm/foo: add the frobnicator helpers\")  \[adapted\]  <==" ../out &&
	grep -x "        via: commit $F upstream  (adapted: subjects and patch-ids differ, 1 file in common (drivers/foo/helpers.c))" ../out &&
	grep -x "$(s12 $F) (\"drm/foo: add the frobnicator and its helpers\")" ../out
'

test_expect_success 'an adapted copy in mainline is a note, not a duplicate' '
	cd repo && test_expect_code 0 cbp names $F >../out &&
	grep "^first in mainline: $(s12 $F) " ../out &&
	grep -x "note: also in mainline as an adapted copy (not the same patch): $(s12 $H) (v6.1-rc1)" ../out &&
	! grep "in mainline 2 times" ../out &&
	cbp names --json $F >../j &&
	test "$(json_get ../j "\$j->{in_mainline}")" = $F &&
	test "$(json_get ../j "\$j->{adapted_in_mainline}")" = $H &&
	test "$(json_get ../j "\$j->{mainline_more_than_once}")" = 0 &&
	test "$(json_get ../j "join \",\", map { \$_->{adapted} ? 1 : 0 } @{\$j->{members}}")" = 0,1,1
'

test_expect_success 'a change merged twice is still in mainline twice' '
	cd repo && test_expect_code 1 cbp names $G >../out &&
	grep "^warning: in mainline 2 times: " ../out &&
	test_expect_code 1 cbp names --json $G >../j &&
	test "$(json_get ../j "\$j->{mainline_more_than_once}")" = 1
'

test_expect_success 'a reworded backport with the same patch-id is consistent' '
	cd repo && cbp names $R2 >../out &&
	grep "^2 names " ../out && ! grep "\[adapted\]" ../out &&
	grep -x "        via: commit $R upstream  (consistent: subjects differ, same patch-id)" ../out &&
	cbp names --json $R2 >../j &&
	test "$(json_get ../j "\$j->{members}[1]{citations}[0]{trust}{basis}")" = patch-id
'

test_expect_success 'a version bump with other numbers is adapted' '
	cd repo && cbp names $V2 >../out &&
	grep "^2 names " ../out &&
	grep -x "\`-- $(s12 $V2) (\"version: bump to 6.0.4\")  \[adapted\]  <==" ../out &&
	grep "(adapted: subjects and patch-ids differ, 1 file in common (VERSION))" ../out
'

test_expect_success '41 digits: a note with the ID meant; joined by its patch-id only' '
	cd repo && cbp names $T41 >../out &&
	grep "^2 names " ../out &&
	grep -x "        via: same patch-id as $M5, no trailer" ../out &&
	grep -x "        note: malformed: (cherry picked from commit $(typo_doubled $M5)): 41 hex digits, not a commit ID; one typo from $(s12 $M5) (\"net: fix a race in the poller\"): did you mean (cherry picked from commit $M5)? (not followed; a name of this change all the same)" ../out &&
	cbp names --json $M5 >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 2
'

# The missing ID is a leaf under the commit citing it.
test_expect_success 'a digit changed: a missing member, a note; joined by its patch-id only' '
	cd repo && cbp names $T1 >../out &&
	grep "^3 names (1 only cited)" ../out &&
	grep -x "        via: same patch-id as $M6, no trailer" ../out &&
	grep -x "        note: malformed: commit $(typo_changed $M6) upstream: no commit $(typo_changed $M6) in this repository; one typo from $(s12 $M6) (\"mm: fix a leak in the shrinker\"): did you mean commit $M6 upstream? (not followed; a name of this change all the same)" ../out &&
	cbp names --json $M6 >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 3 &&
	cbp names --json $T1 >../j &&
	test "$(json_get ../j "\$j->{members}[1]{id}")" = $T1 &&
	test "$(json_get ../j "\$j->{members}[1]{malformed}[0]{suggestion}{id}")" = $M6
'

test_expect_success 'same subject, no trailer: still never joined' '
	cd repo && cbp names --json $U1 >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 1 &&
	cbp names --json $U2 >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 1
'

# The lines lint should print for the whole history, in author-date order.
lint_lines () {
	cat <<-EOF
	suspicious $(s12 $X) ("drm/qux: fix the clock"): (cherry picked from commit $Y): cites $(s12 $Y) ("drm/quux: fix the reset"): subjects and patch-ids differ, no file in common (drivers/qux.c; drivers/quux.c)
	suspicious $(s12 $B1) ("include: fix the header guard of foo.h"): (cherry picked from commit $M2): cites $(s12 $M2) ("selftests: raise the timeout"): subjects and patch-ids differ, no file in common (include/foo.h; tools/testing/run.sh)
	suspicious $(s12 $B2) ("selftests: raise the timeout"): (cherry picked from commit $M3): cites $(s12 $M3) ("seccomp: allow the new syscall"): subjects and patch-ids differ, no file in common (tools/testing/run.sh; kernel/seccomp.c)
	suspicious $(s12 $B3) ("seccomp: allow the new syscall"): (cherry picked from commit $M4): cites $(s12 $M4) ("man: fix a typo in the page"): subjects and patch-ids differ, no file in common (kernel/seccomp.c; Documentation/man.txt)
	malformed $(s12 $T41) ("net: fix a race in the poller"): (cherry picked from commit $(typo_doubled $M5)): 41 hex digits, not a commit ID; one typo from $(s12 $M5) ("net: fix a race in the poller"): write (cherry picked from commit $M5)
	malformed $(s12 $T1) ("mm: fix a leak in the shrinker"): commit $(typo_changed $M6) upstream: no commit $(typo_changed $M6) in this repository; one typo from $(s12 $M6) ("mm: fix a leak in the shrinker"): write commit $M6 upstream
	adapted $(s12 $H) ("drm/foo: add the frobnicator helpers"): (cherry picked from commit $F): cites $(s12 $F) ("drm/foo: add the frobnicator and its helpers"): subjects and patch-ids differ, 1 file in common (drivers/foo/helpers.c)
	adapted $(s12 $P) ("drm/foo: add the frobnicator helpers"): commit $F upstream: cites $(s12 $F) ("drm/foo: add the frobnicator and its helpers"): subjects and patch-ids differ, 1 file in common (drivers/foo/helpers.c)
	adapted $(s12 $V2) ("version: bump to 6.0.4"): (cherry picked from commit $V): cites $(s12 $V) ("version: bump to 6.1.1"): subjects and patch-ids differ, 1 file in common (VERSION)
	total: 4 suspicious, 2 malformed, 3 adapted (information) in 28 commits
	EOF
}

test_expect_success 'lint: every suspicious, malformed and adapted citation' '
	lint_lines >expect &&
	cd repo && test_expect_code 1 cbp lint >../out &&
	test_cmp ../expect ../out
'

test_expect_success 'lint REV-RANGE: only the commits of the range' '
	cd repo && test_expect_code 1 cbp lint v6.0..linux-6.0.y >../out &&
	lint_lines | grep -e "$(s12 $B1)" -e "$(s12 $B2)" -e "$(s12 $B3)" \
		-e "$(s12 $T41)" -e "$(s12 $T1)" -e "$(s12 $P)" -e "$(s12 $V2)" >../expect &&
	echo "total: 3 suspicious, 2 malformed, 2 adapted (information) in 9 commits" >>../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 cbp lint $R..$V >../out &&
	echo "total: 0 suspicious, 0 malformed, 0 adapted (information) in 1 commit" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 cbp lint $M1 >../out
'

test_expect_success 'lint --json: the same, with the count of each verdict' '
	cd repo && test_expect_code 1 cbp lint --json >../j &&
	test "$(json_get ../j "scalar @{\$j->{suspicious}}")" = 4 &&
	test "$(json_get ../j "scalar @{\$j->{malformed}}")" = 2 &&
	test "$(json_get ../j "scalar @{\$j->{adapted}}")" = 3 &&
	test "$(json_get ../j "\$j->{problems}")" = 6 &&
	test "$(json_get ../j "\$j->{suspicious}[1]{commit}{id}")" = $B1 &&
	test "$(json_get ../j "\$j->{suspicious}[1]{cites}{id}")" = $M2 &&
	test "$(json_get ../j "\$j->{malformed}[0]{line}")" = 3 &&
	test "$(json_get ../j "\$j->{malformed}[0]{with}")" = "(cherry picked from commit $M5)" &&
	test "$(json_get ../j "\$j->{malformed}[1]{suggestion}{id}")" = $M6 &&
	test "$(json_get ../j "\$j->{citations}{suspicious}")" = 4 &&
	test "$(json_get ../j "\$j->{citations}{adapted}")" = 3 &&
	test "$(json_get ../j "\$j->{citations}{consistent}")" = 3 &&
	test "$(json_get ../j "\$j->{citations}{consistent_by_patch_id}")" = 1 &&
	test "$(json_get ../j "\$j->{citations}{unjudged}")" = 1
'

test_expect_success 'lint: bad ranges are errors' '
	cd repo && test_expect_code 2 cbp lint nosuchbranch..master 2>../err &&
	grep "checkbackport: error: unknown commit nosuchbranch" ../err &&
	test_expect_code 2 cbp lint v6.0...master 2>../err &&
	grep "symmetric ranges" ../err &&
	test_expect_code 2 cbp lint a b 2>../err
'

test_expect_success 'index says when it read suspicious or malformed citations' '
	cd repo && "$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "4 suspicious citations and 1 ID of more than 40 digits among those read; see .checkbackport lint." ../err &&
	cbp index --json >../j &&
	test "$(json_get ../j "\$j->{new_suspicious}")" = 0
'

test_expect_success 'an update judges new links, and links whose ID arrives' '
	git init -q other && (cd other && test_change lib/list.c "node" \
		"lib: fix the list walk" && tip >../K) &&
	K=$(cat K) && cd repo && git checkout -q linux-6.0.y &&
	test_change drivers/clk.c "rate" "clk: fix the rate" \
		"(cherry picked from commit $K)" &&
	test_change drivers/other.c "x" "drm/other: fix x" "(cherry picked from commit $M4)" &&
	git checkout -q master && cbp index >/dev/null &&
	test_expect_code 1 cbp lint linux-6.0.y~2..linux-6.0.y >../out &&
	grep -c "^suspicious " ../out | grep -x 1 &&
	git fetch -q ../other master:refs/heads/other &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp lint linux-6.0.y~2..linux-6.0.y >../out &&
	grep -c "^suspicious " ../out | grep -x 2 &&
	grep "^suspicious .*(\"clk: fix the rate\"): (cherry picked from commit $K): cites $(s12 $K) (\"lib: fix the list walk\")" ../out &&
	cbp index --rebuild >/dev/null &&
	test_expect_code 1 cbp lint linux-6.0.y~2..linux-6.0.y >../again &&
	test_cmp ../out ../again
'

test_expect_success 'a copy citing the original and an ID missing here hangs under the original' '
	cd repo && absent=0123456789abcdef0123456789abcdef01234567 &&
	test_change lib/q.c "q" "lib: fix q" && Z=$(tip) &&
	git checkout -q linux-6.0.y &&
	test_change lib/q.c "q" "lib: fix q" "(cherry picked from commit $Z)
(cherry picked from commit $absent)" &&
	test_change lib/q2.c "q" "lib: fix q" "(cherry picked from commit $Z)
(cherry picked from commit $absent)" &&
	git checkout -q master && cbp index >/dev/null &&
	cbp names --json $Z >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 4 &&
	test "$(json_get ../j "scalar grep { !defined \$_->{parent} } @{\$j->{members}}")" = 1
'

# A vendor update picked under another subject onto a branch whose copy
# of one of its files differs elsewhere: its other files turn the same
# blobs into the same blobs, and the one that differs is diffed alone
# (cbp_git_files_same_patch()): the same lines there, consistent; other
# lines, adapted.
# The repository of the next test, made with git alone (test_setup_cached).
setup_vendor='
	git init -q -b main vendor && cd vendor && mkdir vendor &&
	for f in a b c d
	do
		seq 1 20 >vendor/$f.go || return 1
	done &&
	git add vendor && test_tick && git commit -q -m "vendor: import" &&
	git tag v1.0 && git checkout -q -b release-1 &&
	sed "s/^2$/2, branch only/" vendor/a.go >t && mv t vendor/a.go &&
	test_tick && git commit -q -am "vendor: a branch-only line" &&
	git checkout -q main &&
	for f in a b c d
	do
		echo "new in $f" >>vendor/$f.go || return 1
	done &&
	test_tick && git commit -q -am "vendor: update the modules" &&
	U=$(tip) &&
	sed "s/^10$/10, fixed/" vendor/b.go >t && mv t vendor/b.go &&
	echo "more in a" >>vendor/a.go &&
	test_tick && git commit -q -am "vendor: update again" &&
	U2=$(tip) &&
	git checkout -q release-1 &&
	git cherry-pick -n "$U" && test_tick &&
	git commit -q -m "[release-1] vendor: bump" -m "(cherry picked from commit $U)" &&
	P=$(tip) &&
	git cherry-pick -n "$U2" &&
	echo "and by hand" >>vendor/a.go && git add vendor/a.go && test_tick &&
	git commit -q -m "[release-1] vendor: bump again" \
		-m "(cherry picked from commit $U2)" &&
	P2=$(tip)
'

test_expect_success 'a pick of many files, one differing elsewhere: by its diff' '
	test_setup_cached t0030-vendor vendor "U U2 P P2" \
		"$setup_vendor" &&
	cd vendor &&
	"$CBP_BIN" -q index --mainline=main --stable="release-*" >/dev/null &&
	"$CBP_BIN" -q names "$P" >../out &&
	grep -x "        via: (cherry picked from commit $U)  (consistent: subjects differ, same patch-id)" ../out &&
	"$CBP_BIN" -q names "$P2" >../out &&
	grep -F "(adapted: subjects and patch-ids differ, 2 files in common (vendor/a.go, ...))" ../out
'

# ansible: a forge merges a backport pull request as "fix x (#100) (#101)",
# picked with -x from mainline's "fix x (#100)"; one had to change
# another file (setup.py, not setup.cfg).  The pull request numbers
# ending a subject are no part of it, or the citation, with no file in
# common, was suspicious and not followed.
# The repository of the next test, made with git alone (test_setup_cached).
setup_forge='
	git init -q -b main forge && cd forge &&
	printf "[metadata]\nname = x\n" >setup.cfg &&
	printf "setup(\n  name=\"x\",\n)\n" >setup.py &&
	git add setup.cfg setup.py && test_tick && git commit -q -m "base" &&
	git tag v1.0 && git branch stable-1.0 &&
	echo "type = md" >>setup.cfg && test_tick &&
	git commit -q -am "Set the description type (#100)" &&
	M=$(tip) &&
	git checkout -q stable-1.0 &&
	echo "# type = md" >>setup.py && test_tick &&
	git commit -q -am "Set the description type (#100) (#101)" \
		-m "(cherry picked from commit $M)" &&
	S=$(tip)
'

test_expect_success 'subjects that differ in the pull request numbers ending them' '
	test_setup_cached t0030-forge forge "M S" \
		"$setup_forge" &&
	cd forge &&
	"$CBP_BIN" -q index --mainline=main --stable="stable-*" >/dev/null &&
	"$CBP_BIN" -q names "$S" >../out &&
	grep "^2 names " ../out &&
	grep -x "        via: (cherry picked from commit $M)" ../out &&
	"$CBP_BIN" -q lint >../out &&
	grep "^total: 0 suspicious" ../out
'

test_done
