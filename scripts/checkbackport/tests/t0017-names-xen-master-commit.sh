#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='Xen'"'"'s stable backports: "master commit: X"

Xen'"'"'s stable branches (stable-4.19) take mainline'"'"'s fixes by a script
that ends each message in "master commit: X" and "master date: D", most
without a cherry-pick trailer, and often adapted, so that no patch-id
links them either.  Such a backport is a name of the change, the branch
has the fix, and check reads the line as the backport'"'"'s upstream.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# xen_backport COMMIT LINE: commit LINE to xen/pod.c on the current
# branch under COMMIT's subject, as Xen's script words a backport.
xen_backport () {
	test_change xen/pod.c "$2" "$(git log -1 --format=%s "$1")" \
		"Signed-off-by: A U Thor <author@example.com>
master commit: $1
master date: 2026-03-24 12:05:42 +0100"
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change xen/pod.c start "xen: the start" >/dev/null &&
	test_change xen/pod.c bug "x86/pod: reclaim pages" &&
	B=$(tip) &&
	git tag RELEASE-4.19.0 &&
	git branch stable-4.19 &&
	test_change xen/pod.c later "x86/pod: a later change" &&
	test_change xen/pod.c fix "x86/pod: do not reclaim special pages" \
		"Fixes: $(s12 $B) (\"x86/pod: reclaim pages\")" &&
	F=$(tip) &&
	test_change xen/p2m.c fix2 "x86/p2m: do not leak reclaimed pages" \
		"Fixes: $(s12 $B) (\"x86/pod: reclaim pages\")" &&
	G=$(tip) &&
	git tag RELEASE-4.20.0 &&
	git checkout -q stable-4.19 &&
	xen_backport $F "fix, adapted" &&
	SF=$(tip) &&
	git checkout -q master
'

test_expect_success 'set up: two fixes of a bug, one backported adapted' '
	test_setup_cached t0017 repo "B F G SF" \
		"$setup_repo" &&
	cd repo &&
	cbp index --mainline master --stable "stable-*" --tags "RELEASE-*" \
		--release-pattern "^RELEASE-([0-9]+\.[0-9]+\.[0-9]+)$" >/dev/null &&
	test "$(git show $F | git patch-id --stable | cut -d" " -f1)" != \
		"$(git show $SF | git patch-id --stable | cut -d" " -f1)"
'

test_expect_success 'names: the adapted backport is a name of the fix' '
	cd repo &&
	cbp names $F >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $SF) (\"x86/pod: do not reclaim special pages\")" out &&
	grep -F "via: master commit: $F" out &&
	cbp names --json $SF >out.json &&
	test "$(json_get out.json "\$j->{members}[1]{citations}[0]{trailer}")" = \
		"master commit" &&
	test "$(json_get out.json "\$j->{members}[1]{citations}[0]{trust}{verdict}")" = \
		consistent
'

test_expect_success 'missing: the branch has the fix it backported' '
	cd repo &&
	test_expect_code 1 cbp missing --stable stable-4.19 --terse >out &&
	test_line_count = 1 out &&
	grep "^$(s12 $G) fix " out
'

test_expect_success 'check: "master commit:" is the upstream line' '
	cd repo &&
	test_expect_code 0 cbp check --terse --stable stable-4.19 $SF >out &&
	test_must_be_empty out
'

test_expect_success 'a "master commit:" naming another change is suspicious' '
	cd repo &&
	git checkout -q stable-4.19 &&
	test_change xen/mm.c mm "x86/mm: an unrelated change" \
		"master commit: $F" &&
	U=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp lint >out &&
	grep -F "$(s12 $U)" out &&
	grep "^total: 1 suspicious" out
'

# A squash: one backport of a fix and of its follow-up, each named on a
# "master commit:" line, changing the files of the first alone (the
# follow-up'"'"'s header is another file on the branch).  The follow-up'"'"'s
# citation is not followed, so it is missing, but said to be cited.
test_expect_success 'a squash: the fix whose files it lacks is cited, not followed' '
	cd repo &&
	test_change xen/irq.c irq "x86/irq: fix the vector" \
		"Fixes: $(s12 $B) (\"x86/pod: reclaim pages\")" &&
	H=$(tip) &&
	test_change xen/include/irq.h commas "irq: add missing commas" \
		"Fixes: $(s12 $H) (\"x86/irq: fix the vector\")" &&
	K=$(tip) &&
	git checkout -q stable-4.19 &&
	test_change xen/irq.c "irq, commas" "x86/irq: fix the vector" \
		"master commit: $H
master date: 2026-03-24 12:05:42 +0100
master commit: $K
master date: 2026-03-25 12:05:42 +0100" &&
	S=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp missing --stable stable-4.19 --terse >out &&
	grep "^$(s12 $K) fix .*; cited by $(s12 $S)$" out &&
	! grep "^$(s12 $H) " out &&
	test_expect_code 1 cbp missing --stable stable-4.19 >out &&
	grep -F "note: stable-4.19 has $(s12 $S) (\"x86/irq: fix the vector\"), which cites it as its origin" out &&
	grep "^1 of them is cited by a commit of stable-4.19" out &&
	test_expect_code 1 cbp missing --json --stable stable-4.19 >out.json &&
	test "$(json_get out.json "join q{ }, map { \$_->{cited_on_branch} ? \$_->{cited_on_branch}{id} : q{-} } @{\$j->{missing}}")" = \
		"- $S" &&
	test_expect_code 1 cbp followups --stable stable-4.19 $H >out &&
	grep "stable-4.19: MISSING" out &&
	grep -F "note: stable-4.19 has $(s12 $S)" out
'

test_expect_success 'check: FOLLOWUP_MISSING names the squash in its hint' '
	cd repo &&
	test_expect_code 1 cbp check --stable stable-4.19 $H >out &&
	grep "^WARNING:FOLLOWUP_MISSING: mainline fixed this change later: $(s12 $K) " out &&
	grep -F "hint: stable-4.19 has $(s12 $S) (\"x86/irq: fix the vector\"), which cites it as its origin, a citation not followed: compare the two" out
'

# Xen'"'"'s 15107a80b209 backports a change and both its fixes in one commit,
# citing all three; each shares a file with it, so each citation was
# adapted and followed, and the three were one change: a fix was "already
# applied" as the change it fixes, and it had no follow-ups.  The squash
# carries the others, it is no copy of them.
test_expect_success 'a squash of a change and its fix does not make them one' '
	cd repo &&
	test_change tools/libxl.c rc "libxl: check the return value" &&
	C=$(tip) &&
	test_change tools/libxl.c rc2 "libxl: fix the check of the return value" \
		"Fixes: $(s12 $C) (\"libxl: check the return value\")" &&
	D=$(tip) &&
	git checkout -q stable-4.19 &&
	test_change tools/libxl.c "rc, rc2" "libxl: check the return value" \
		"master commit: $C
master date: 2026-03-24 12:05:42 +0100
master commit: $D
master date: 2026-03-25 12:05:42 +0100" &&
	Q=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $C >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $Q)" out &&
	cbp names $D >out &&
	grep "^1 name " out &&
	test_expect_code 1 cbp lint >out &&
	grep -F "squashed $(s12 $Q) (\"libxl: check the return value\"): master commit: $D: cites $(s12 $D)" out &&
	grep "^total: 2 suspicious, 0 malformed, 0 adapted, 1 squashed (information)" out &&
	test_expect_code 0 cbp followups --stable stable-4.19 $C >out &&
	grep -F "1. fix of the change: $(s12 $D)" out &&
	grep -F "stable-4.19: has it squashed into $(s12 $Q) (\"libxl: check the return value\")" out &&
	cbp followups --json --stable stable-4.19 $C >j &&
	test "$(json_get j "\$j->{followups}[0]{squashed_into}{id}")" = $Q &&
	test_expect_code 1 cbp missing --terse --stable stable-4.19 >out &&
	! grep "^$(s12 $D) " out &&
	test_expect_code 0 cbp check --terse --stable stable-4.19 $D >out &&
	test_must_be_empty out &&
	test_expect_code 1 cbp check --terse --stable stable-4.19 $C >out &&
	grep "ERROR:ALREADY_APPLIED" out &&
	! grep FOLLOWUP_MISSING out
'

test_done
