#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check and link trust: a suspicious trailer in the patch is
# named and followed by nothing (no ALREADY_APPLIED, FIXES_ALIAS or
# replacement line through it), an answer resting on an adapted backport
# says so, and a mistyped ID gets the line to write.  The repository is
# lib-trust.sh's, with a drm-next fix not in mainline yet and a bug whose
# only early name is a wrong trailer.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"
. "$CBP_DIR/tests/lib-trust.sh"

test_expect_success 'set up: the trust repository, and more drm-next' '
	trust_repo repo && cd repo &&
	git checkout -q drm-next &&
	test_change drivers/gpu2.c "leak" "drm/gpu: fix the fence leak" &&
	tip >../N2 &&
	test_change drivers/fence.c "fence" "drm/gpu: add the fence" &&
	tip >../BG &&
	git checkout -q master &&
	copy "$(cat ../N2)" "drm/gpu: fix the fence leak" \
		"(cherry picked from commit $(cat ../N2))" &&
	tip >../G2 &&
	test_change Documentation/misc.txt "tidy" "drm/misc: tidy the docs" \
		"(cherry picked from commit $(cat ../BG))" &&
	tip >../W && git tag v6.1-rc2 &&
	test_change drivers/fence2.c "fix" "drm/gpu: fix the fence" \
		"Fixes: $(cut -c1-12 ../BG) (\"drm/gpu: add the fence\")" &&
	tip >../FX && git tag v6.1-rc3 &&
	test_tick && git merge -q --no-ff -m "Merge drm-next" drm-next &&
	git tag v6.2-rc1
'

. ./repo.ids 2>/dev/null
N2=$(cat N2 2>/dev/null)
G2=$(cat G2 2>/dev/null)
BG=$(cat BG 2>/dev/null)
W=$(cat W 2>/dev/null)
FX=$(cat FX 2>/dev/null)
S="--stable linux-6.0.y"

test_expect_success 'TRAILER_SUSPICIOUS: names the line, the commit and why' '
	mkpatch s.patch "include: fix the header guard of foo.h" \
		"commit $M4 upstream." include/foo.h &&
	cd repo && check_terse 0 ../out $S ../s.patch &&
	grep -x "../s.patch:6: WARNING:TRAILER_SUSPICIOUS: commit $M4 upstream names $(s12 $M4) (\"man: fix a typo in the page\"), but this patch is \"include: fix the header guard of foo.h\": subjects and patch-ids differ, no file in common (include/foo.h; Documentation/man.txt); the trailer is not followed (shifted or mis-pasted?)" ../out
'

test_expect_success 'no ALREADY_APPLIED through it, though the commit named is applied' '
	mkpatch good.patch "man: fix a typo in the page" "commit $M4 upstream." \
		Documentation/man.txt &&
	cd repo && check_terse 0 ../out $S ../s.patch &&
	lacks_finding ../out ERROR:ALREADY_APPLIED &&
	lacks_finding ../out ERROR:UPSTREAM_NOT_IN_MAINLINE &&
	check_terse 1 ../out $S ../good.patch &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	lacks_finding ../out WARNING:TRAILER_SUSPICIOUS
'

test_expect_success 'TRAILER_SUSPICIOUS: a commit of the batch, checked by ID' '
	cd repo && check_terse 1 ../out $S "$B2" &&
	grep -q "^commit $(s12 $B2):3: WARNING:TRAILER_SUSPICIOUS: (cherry picked from commit $M3) names $(s12 $M3) (\"seccomp: allow the new syscall\"), but this commit is \"selftests: raise the timeout\": " ../out &&
	test_expect_code 1 cbp check --json $S "$B2" >../j &&
	test "$(json_get ../j "join \",\", map { \$_->{type} } @{\$j->{patches}[0]{findings}}")" = UPSTREAM_MISSING,TRAILER_SUSPICIOUS &&
	test "$(json_get ../j "\$j->{patches}[0]{findings}[1]{commit}")" = $M3
'

test_expect_success 'no replacement line through a suspicious upstream line' '
	mkpatch s2.patch "drm/other: fix the widget" "commit $N2 upstream." \
		drivers/widget.c &&
	mkpatch ok2.patch "drm/gpu: fix the fence leak" "commit $N2 upstream." \
		drivers/gpu2.c &&
	cd repo && git branch held v6.1-rc2 &&
	check_terse 0 ../out $S --mainline held ../s2.patch &&
	has_finding ../out WARNING:TRAILER_SUSPICIOUS &&
	lacks_finding ../out WARNING:UPSTREAM_NOT_MAINLINE &&
	! grep "replace with" ../out &&
	check_terse 0 ../out $S --mainline held ../ok2.patch &&
	grep -q "WARNING:UPSTREAM_NOT_MAINLINE: .*replace with: commit $G2 upstream\.\]" ../out
'

test_expect_success 'no FIXES_ALIAS through a suspicious trailer' '
	mkpatch fx.patch "drm/gpu: fix the fence" "commit $FX upstream.

Fixes: $(s12 $BG) (\"drm/gpu: add the fence\")" drivers/fence2.c &&
	cd repo && check_terse 0 ../out $S ../fx.patch &&
	lacks_finding ../out INFO:FIXES_ALIAS &&
	grep -q "WARNING:FIXES_PRECEDES_BUG: the fix reached v6.1-rc3 (as $(s12 $FX)) before any name of the cited bug $(s12 $BG) " ../out &&
	cbp names $W >../names &&
	grep "^1 name " ../names && grep "not followed: (cherry picked from commit $BG)" ../names
'

test_expect_success 'ALREADY_APPLIED resting on an adapted backport says so' '
	mkpatch full.patch "drm/foo: add the frobnicator and its helpers" \
		"commit $F upstream." drivers/foo/core.c &&
	cd repo && check_terse 1 ../out $S ../full.patch &&
	grep -x "../full.patch: ERROR:ALREADY_APPLIED: already in linux-6.0.y as $(s12 $P) (\"drm/foo: add the frobnicator helpers\"), as an adapted backport, released in v6.0.1" ../out
'

test_expect_success 'and one resting on consistent links does not' '
	mkpatch bar.patch "drm/bar: fix a refcount leak" "commit $R upstream." \
		drivers/bar.c &&
	cd repo && check_terse 1 ../out $S ../bar.patch &&
	grep -x "../bar.patch: ERROR:ALREADY_APPLIED: already in linux-6.0.y as $(s12 $R2) (\"drm/bar: plug a refcount leak in probe\"), released in v6.0.1" ../out
'

test_expect_success 'a patch taking part of its upstream commit is adapted, not suspicious' '
	mkpatch part.patch "drm/foo: add the frobnicator helpers" \
		"commit $F upstream." drivers/foo/helpers.c &&
	cd repo && check_terse 1 ../out --stable master ../part.patch &&
	lacks_finding ../out WARNING:TRAILER_SUSPICIOUS &&
	grep -q "ERROR:ALREADY_APPLIED: already in master as $(s12 $F) (\"drm/foo: add the frobnicator and its helpers\"), as an adapted backport" ../out
'

test_expect_success 'TRAILER_MALFORMED: 41 digits and a changed digit, with the line to write' '
	mkpatch m.patch "net: fix a race in the poller" "commit $M5 upstream.

(cherry picked from commit $(typo_doubled $M5))
(cherry picked from commit $(typo_changed $M5))
(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)" net/poll.c &&
	cd repo && check_terse 1 ../out $S ../m.patch &&
	grep -x "../m.patch:8: WARNING:TRAILER_MALFORMED: (cherry picked from commit $(typo_doubled $M5)): 41 hex digits, not a commit ID; one typo from $(s12 $M5) (\"net: fix a race in the poller\"); never joined to it without a fix \[replace with: (cherry picked from commit $M5)\]" ../out &&
	grep -x "../m.patch:9: WARNING:TRAILER_MALFORMED: (cherry picked from commit $(typo_changed $M5)): no commit $(typo_changed $M5) in this repository; one typo from $(s12 $M5) (\"net: fix a race in the poller\"); never joined to it without a fix \[replace with: (cherry picked from commit $M5)\]" ../out &&
	test $(grep -c TRAILER_MALFORMED ../out) = 2 &&
	grep -F "ERROR:ALREADY_APPLIED: already in linux-6.0.y as $(s12 $T41) (\"net: fix a race in the poller\"), a copy with the same patch-id and no trailer" ../out &&
	test_expect_code 1 cbp check --json $S ../m.patch >../j &&
	test "$(json_get ../j "\$j->{patches}[0]{findings}[0]{replace}")" = "(cherry picked from commit $(typo_doubled $M5))"
'

test_expect_success 'TRAILER_MALFORMED: a short Fixes: ID one digit off' '
	mkpatch f.patch "drm/gpu: fix the fence" "commit $FX upstream.

Fixes: $(typo_changed $(s12 $BG)) (\"drm/gpu: add the fence\")" drivers/fence2.c &&
	mkpatch f2.patch "drm/gpu: fix the fence" "commit $FX upstream.

Fixes: $(typo_changed $(s12 $BG)) (\"something else\")" drivers/fence2.c &&
	cd repo &&
	check_terse 1 ../out $S ../f.patch ../f2.patch &&
	grep -q "^../f.patch:8: WARNING:TRAILER_MALFORMED: Fixes: .* \[replace with: Fixes: $(s12 $BG) (\"drm/gpu: add the fence\")\]" ../out &&
	! grep -q "^../f2.patch:.*TRAILER_MALFORMED" ../out
'

test_expect_success 'CITED_SUSPICIOUS: the branch cites the commit checked, suspiciously' '
	cd repo && check_terse 0 ../out $S "$M2" &&
	grep -x "commit $(s12 $M2): WARNING:CITED_SUSPICIOUS: linux-6.0.y has $(s12 $B1) (\"include: fix the header guard of foo.h\"), whose trailer names $(s12 $M2) (\"selftests: raise the timeout\"), but the two have no file in common and the same changes under no other paths: the trailer is not followed, so nothing here counts it as applied; compare the two by hand" ../out &&
	lacks_finding ../out ERROR:ALREADY_APPLIED &&
	check_terse 1 ../out $S "$M4" &&
	lacks_finding ../out WARNING:CITED_SUSPICIOUS
'

test_done
