#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# what the index tracks.  It indexes the history of
# branches, remote-tracking branches and tags (not pull-request, CI,
# notes or stash refs), and records branch containment for the branches
# its mainline, stable and other globs name.  Those change only through
# an option of `index` or a change of git config, with a note; a query
# never changes them.  After any sequence of commands, every answer is
# the one an index built afresh with the same settings gives.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "drm: base" && git tag v6.11 &&
	test_commit "drm/xe: fix one" && tip >../FIX1 &&
	test_commit "drm: more" && git tag v6.12 &&
	test_commit "drm/amd: fix two" && tip >../FIX2 &&
	git tag v6.13-rc1 &&
	git checkout -q -b linux-6.11.y v6.11 && test_pick "$(cat ../FIX1)" &&
	tip >../BP1 && git tag v6.11.1 &&
	git checkout -q -b linux-6.12.y v6.12 && test_pick "$(cat ../FIX2)" &&
	tip >../BP2 && git tag v6.12.1 &&
	git checkout -q -b drm-next master && test_commit "drm: next work" &&
	tip >../NEXT &&
	git checkout -q --detach v6.11 && test_pick "$(cat ../FIX1)" &&
	git update-ref refs/pull/7/head HEAD && tip >../PULL &&
	test_commit "ci: pipeline" && git update-ref refs/pipelines/1 HEAD &&
	git update-ref refs/merge-requests/3/head HEAD &&
	git checkout -q master && git notes add -m "a note" HEAD &&
	echo wip >>f.wip && git add f.wip && git stash -q
'

test_expect_success 'set up mainline, two stable branches, drm-next and odd refs' '
	test_setup_cached t1020 repo "../FIX1 ../FIX2 ../BP1 ../BP2 ../NEXT ../PULL" \
		"$setup_repo" &&
	cd repo &&
	test "$(git rev-parse -q --verify refs/stash)" != ""
'

for f in FIX1 FIX2 BP1 BP2 NEXT PULL
do
	eval "$f=\$(cat $f 2>/dev/null)"
done

test_expect_success 'pull-request, CI, notes and stash refs are not indexed' '
	cd repo && cbp index >../out &&
	test_expect_code 2 "$CBP_BIN" -q names "$PULL" 2>../err &&
	grep "not in the index" ../err &&
	cbp names "$FIX1" >../out && grep "^2 names" ../out &&
	test_expect_code 2 "$CBP_BIN" -q names "$(git rev-parse refs/pipelines/1)" 2>/dev/null &&
	test_expect_code 2 "$CBP_BIN" -q names "$(git rev-parse refs/notes/commits)" 2>/dev/null &&
	test_expect_code 2 "$CBP_BIN" -q names "$(git rev-parse refs/stash)" 2>/dev/null
'

# git refuses to point a branch at a tree or a blob (update-ref), but a
# ref file can say anything, and such a branch has no history at all.
SQ="'"
test_expect_success 'a branch leading to a tree or a blob is said, not "no branch"' '
	git init -q unpeeled && cd unpeeled &&
	test_commit "drm: base" && git branch linux-6.1.y &&
	git rev-parse HEAD^{tree} >.git/refs/heads/linux-6.2.y &&
	mkdir -p .git/refs/remotes/origin &&
	echo blob | git hash-object -w --stdin >.git/refs/remotes/origin/linux-6.3.y &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep -x "checkbackport: warning: branch ${SQ}linux-6.2.y${SQ} (refs/heads/linux-6.2.y) leads to a tree, not a commit: it is not tracked; ${SQ}git update-ref${SQ} can point it at a commit" ../err &&
	! grep "origin/linux-6.3.y" ../err &&
	test_expect_code 2 cbp missing --stable linux-6.2.y 2>../err &&
	grep -x "checkbackport: error: branch ${SQ}linux-6.2.y${SQ} leads to a tree, not a commit: it has no history to compare (--stable)" ../err &&
	test_expect_code 2 "$CBP_BIN" check --stable linux-6.2.y HEAD 2>../err &&
	grep -x "checkbackport: error: branch ${SQ}linux-6.2.y${SQ} leads to a tree, not a commit: it has no history to compare (--stable)" ../err &&
	! grep warning ../err &&
	test_expect_code 2 cbp followups --stable origin/linux-6.3.y HEAD 2>../err &&
	grep -x "checkbackport: error: branch ${SQ}origin/linux-6.3.y${SQ} leads to a blob, not a commit: it has no history to compare (--stable)" ../err &&
	test_expect_code 2 cbp missing --stable linux-6.4.y 2>../err &&
	grep -x "checkbackport: error: no branch ${SQ}linux-6.4.y${SQ} in this repository (--stable)" ../err &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep -c "leads to a tree" ../err >../n && test "$(cat ../n)" = 1 &&
	git update-ref refs/heads/linux-6.2.y HEAD &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	! grep "leads to" ../err &&
	test_expect_code 0 cbp missing --stable linux-6.2.y >/dev/null
'

# The index has a bit for 64 branches: the newest stable ones are kept
# (Prometheus has 90 release branches).  A query naming one left out is
# told so, not to make the globs match what they match already.
test_expect_success 'more branches than the index tracks: which are kept, and why not' '
	git init -q many && cd many &&
	test_commit "base: the start" &&
	i=1 &&
	while test $i -le 66
	do
		echo "create refs/heads/linux-6.$i.y HEAD" &&
		i=$((i + 1)) || exit 1
	done | git update-ref --stdin &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "more than 64 tracked branches; ignoring 3, from linux-6.3.y on" ../err &&
	test_expect_code 0 cbp missing --stable linux-6.66.y >/dev/null &&
	test_expect_code 2 cbp missing --stable linux-6.1.y 2>../err &&
	grep -x "checkbackport: error: branch ${SQ}linux-6.1.y${SQ} matches the globs the index tracks, but it tracks 64 branches at most and kept the newest; narrow ${SQ}git config checkbackport.stable${SQ} (or checkbackport.branches) to those you ask about, then run ${SQ}checkbackport index${SQ}" ../err &&
	git config checkbackport.stable "linux-6.1.y" &&
	"$CBP_BIN" index >/dev/null 2>&1 &&
	test_expect_code 0 cbp missing --stable linux-6.1.y >/dev/null &&
	test_expect_code 2 cbp missing --stable linux-6.66.y 2>../err &&
	grep "is not tracked by the index (tracked: master linux-6.1.y)" ../err
'

# branches_of ID: the tracked branches names gives for ID, comma-separated.
branches_of () {
	cbp names --json "$1" >"$TRASH/j" &&
	json_get "$TRASH/j" "join q(,), @{(grep { \$_->{id} eq q($1) } @{\$j->{members}})[0]{branches}}"
}

test_expect_success 'check --stable does not change what the index tracks' '
	cd repo && git format-patch -q -1 --stdout "$BP2" >../bp2.patch &&
	test_expect_code 1 cbp check --stable linux-6.12.y ../bp2.patch >/dev/null &&
	test "$(branches_of "$BP1")" = linux-6.11.y &&
	test "$(branches_of "$FIX1")" = master,linux-6.12.y
'

test_expect_success 'index options are remembered; a plain index keeps them' '
	cd repo && cbp index --stable linux-6.12.y >/dev/null &&
	test "$(branches_of "$BP1")" = "" &&
	"$CBP_BIN" index >/dev/null 2>../err && ! grep "now tracking" ../err &&
	test "$(branches_of "$BP1")" = "" &&
	test "$(branches_of "$BP2")" = linux-6.12.y &&
	"$CBP_BIN" index --stable "linux-*.y" >/dev/null 2>../err &&
	grep "now tracking stable branches .linux-\*.y. (was .linux-6.12.y.): from --stable" ../err
'

test_expect_success 'a change of git config takes effect, with a note, once' '
	cd repo && git config checkbackport.stable linux-6.11.y &&
	"$CBP_BIN" names --update "$FIX1" >/dev/null 2>../err &&
	grep "now tracking stable branches .linux-6.11.y. .*git config checkbackport.stable" ../err &&
	cbp index --stable "linux-*.y" >/dev/null &&
	"$CBP_BIN" index >/dev/null 2>../err && ! grep "now tracking" ../err &&
	test "$(branches_of "$BP1")" = linux-6.11.y &&
	git config --unset checkbackport.stable &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	! grep "now tracking" ../err &&
	"$CBP_BIN" index -v >../settings 2>&1 &&
	grep "^tracking stable branches: .linux-\*.y. " ../settings
'

# tracking MAINLINE STABLE BRANCHES TAGS: what the test expects the
# index to track from now on (tests run in subshells: kept in a file).
tracking () {
	printf "M='%s' S='%s' B='%s' T='%s'\n" "$@" >"$TRASH/tracking"
}
tracking master "linux-*.y" "" "v*"

# same_answer ARGS...: checkbackport ARGS --json, reading $TRASH/in,
# gives the same output and exit status with the index as with the fresh
# one.
same_answer () {
	"$CBP_BIN" -q "$@" --json <"$TRASH/in" >"$TRASH/a" 2>&1
	a=$?
	"$CBP_BIN" -q "$@" --json --index "$TRASH/fresh.db" <"$TRASH/in" \
		>"$TRASH/b" 2>&1
	b=$?
	test $a = $b && cmp -s "$TRASH/a" "$TRASH/b" && return 0
	echo "$* differs from a fresh index ($a, $b):"
	diff "$TRASH/b" "$TRASH/a"
	return 1
}

# same_as_fresh: every answer of the index equals that of an index
# built afresh with the settings the test expects it to track.
same_as_fresh () {
	. "$TRASH/tracking" &&
	rm -f "$TRASH/fresh.db" &&
	cbp index --index "$TRASH/fresh.db" --mainline "$M" --stable "$S" \
		--branches "$B" --tags "$T" >/dev/null &&
	cbp index --verify >/dev/null &&
	cbp index --verify --index "$TRASH/fresh.db" >/dev/null &&
	: >"$TRASH/in" &&
	same_answer lint && same_answer missing --stable linux-6.12.y &&
	git rev-list --all --reflog >>"$TRASH/ALL" &&
	sort -u -o "$TRASH/ALL" "$TRASH/ALL" &&
	test "$(echo $FIX1 $FIX2 $BP1 $BP2 | wc -w)" = 4 &&
	for c in $FIX1 $FIX2 $BP1 $BP2
	do
		same_answer fixes "$c" || return 1
	done &&
	cp "$TRASH/ALL" "$TRASH/in" &&
	test_line_count -gt 10 "$TRASH/in" &&
	same_answer names --stdin
}

test_expect_success EXPENSIVE 'settled: the same answers as a fresh index' '
	cd repo && cbp index >/dev/null && same_as_fresh
'

test_expect_success EXPENSIVE 'after check, new commits, a new tag and names --update' '
	cd repo && { cbp check --stable linux-6.11.y ../bp2.patch >/dev/null || :; } &&
	same_as_fresh &&
	test_commit "drm: after" && git tag v6.13 &&
	git checkout -q linux-6.12.y && test_commit "drm: stable only" &&
	git tag v6.12.2 && git checkout -q master &&
	cbp names --update "$FIX2" >/dev/null && same_as_fresh
'

test_expect_success EXPENSIVE 'after tracking drm-next, and through git config' '
	cd repo && cbp index --branches drm-next >/dev/null &&
	tracking master "linux-*.y" drm-next "v*" && same_as_fresh &&
	git config checkbackport.stable linux-6.12.y && cbp index >/dev/null &&
	tracking master linux-6.12.y drm-next "v*" && same_as_fresh &&
	cbp index >/dev/null && same_as_fresh &&
	git config --unset checkbackport.stable &&
	test_expect_code 0 cbp fixes --update "$FIX2" >/dev/null &&
	tracking master "linux-*.y" drm-next "v*" && same_as_fresh
'

test_expect_success EXPENSIVE 'after a moved tag, a new stable branch and another mainline' '
	cd repo && git tag -f v6.13 "$FIX2" >/dev/null && cbp index >/dev/null &&
	same_as_fresh &&
	git branch linux-6.13.y v6.13 && git checkout -q linux-6.13.y &&
	test_commit "drm: 6.13 stable" && git checkout -q master &&
	cbp names --update "$FIX1" >/dev/null && same_as_fresh &&
	cbp index --mainline drm-next >/dev/null &&
	tracking drm-next "linux-*.y" drm-next "v*" && same_as_fresh &&
	cbp index --mainline master --tags "v6.1*" >/dev/null &&
	tracking master "linux-*.y" drm-next "v6.1*" && same_as_fresh
'

test_expect_success EXPENSIVE 'after --rebuild, options are still remembered' '
	cd repo && cbp index --rebuild >/dev/null && same_as_fresh
'

test_expect_success EXPENSIVE 'after a deleted branch, a rewound one and a detached HEAD' '
	cd repo && git checkout -q --detach v6.11 && test_pick "$FIX2" &&
	cbp index >/dev/null && same_as_fresh &&
	git checkout -q master && cbp index >/dev/null && same_as_fresh &&
	git branch -D drm-next >/dev/null && cbp index >/dev/null && same_as_fresh &&
	git checkout -q linux-6.12.y && git reset -q --hard HEAD~2 &&
	git tag -d v6.12.2 >/dev/null && git checkout -q master &&
	cbp names --update "$FIX2" >/dev/null && same_as_fresh &&
	git update-ref -d refs/pull/7/head && cbp index >/dev/null && same_as_fresh
'

test_expect_success EXPENSIVE 'a deleted branch takes its suspicious citations with it' '
	cd repo && git checkout -q -b oops master &&
	test_commit "selftests: raise a timeout" "(cherry picked from commit $FIX1)" &&
	git checkout -q master && cbp index >/dev/null &&
	test_expect_code 1 cbp lint >../lint && grep "^suspicious" ../lint &&
	same_as_fresh &&
	git branch -D oops >/dev/null && cbp index >/dev/null &&
	cbp lint >../lint && ! grep "^suspicious" ../lint && same_as_fresh
'


# The links found without a citation (same patch-id, same Change-Id,
# same author, date and subject) depend on which commits mainline and the
# stable branches hold: whatever changes that, the index keeps the links
# a fresh build finds, and no others.

# names_as_fresh SETTINGS...: the index is sound, and names of every
# commit the branches and tags reach gives the same output and exit
# status with it as with an index built afresh with SETTINGS.
names_as_fresh () {
	rm -f "$TRASH/fresh.db" &&
	cbp index --index "$TRASH/fresh.db" "$@" >/dev/null &&
	cbp index --verify >/dev/null &&
	git rev-list --branches --tags >"$TRASH/in" &&
	test_line_count -gt 3 "$TRASH/in" &&
	same_answer names --stdin
}

# The repository of the next test, made with git alone (test_setup_cached).
setup_copies='
	git init -q copies && cd copies &&
	test_commit "base" && git tag v1.0 &&
	test_commit "net: fix a leak" && tip >../ML &&
	test_change g.c one "net: fix a race" && tip >../ML2 &&
	chid=Change-Id:\ I0123456789abcdef0123456789abcdef01234567 &&
	test_change h.c one "net: fix a hang" "$chid" &&
	tip >../ML3 &&
	test_commit "net: more" && git tag v1.1 &&
	git checkout -q -b linux-1.0.y v1.0 &&
	test_tick && git cherry-pick "$(cat ../ML)" >/dev/null &&
	tip >../CP &&
	git cherry-pick -n "$(cat ../ML2)" && echo adapted >>g.c &&
	git add g.c && git commit -q -C "$(cat ../ML2)" &&
	tip >../CP2 &&
	test_change h.c other "net: fix a hang, backported" "$chid" &&
	tip >../CP3 &&
	test_commit "net: stable only" && git tag v1.0.1 &&
	git checkout -q master
'

test_expect_success 'set up copies made without -x on a stable branch' '
	test_setup_cached t1020-copies copies \
		"../ML ../ML2 ../ML3 ../CP ../CP2 ../CP3" "$setup_copies" &&
	cd copies &&
	cbp index >/dev/null && cbp names "$(cat ../CP)" >../out &&
	grep "same patch-id as $(cat ../ML), no trailer" ../out &&
	cbp names "$(cat ../CP2)" >../out &&
	grep "same author, date and subject as $(cat ../ML2), no trailer" ../out &&
	cbp names "$(cat ../CP3)" >../out &&
	grep "same Change-Id as $(cat ../ML3)" ../out &&
	names_as_fresh
'

test_expect_success 'copies without -x: mainline and stable swapped, and back' '
	cp -R copies swapped && cd swapped &&
	cbp index --mainline linux-1.0.y --stable master >/dev/null &&
	names_as_fresh --mainline linux-1.0.y --stable master &&
	cbp index --mainline master --stable "linux-*.y" >/dev/null &&
	names_as_fresh &&
	cbp names "$(cat ../CP)" >../out &&
	grep "same patch-id as $(cat ../ML), no trailer" ../out
'

test_expect_success 'copies without -x: their branch deleted, a tag keeping them' '
	cp -R copies deleted && cd deleted &&
	git branch -D linux-1.0.y >/dev/null && cbp index >/dev/null &&
	names_as_fresh &&
	cbp names "$(cat ../CP)" >../out && ! grep "no trailer" ../out &&
	git branch linux-1.0.y v1.0.1 && cbp index >/dev/null &&
	names_as_fresh
'

test_expect_success 'copies without -x: their branch merged into mainline' '
	cp -R copies merged && cd merged &&
	test_tick && git merge -q -s ours --no-edit linux-1.0.y &&
	cbp index >/dev/null && names_as_fresh &&
	test_expect_code 0 cbp names "$(cat ../CP)" >../out &&
	! grep "no trailer" ../out
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_dups='
	git init -q dups && cd dups &&
	test_commit "base" && git tag v1.0 &&
	git checkout -q -b side && test_commit "net: fix a leak" &&
	O=$(tip) &&
	git checkout -q master && test_commit "net: more" &&
	test_tick && git cherry-pick "$O" >/dev/null && X=$(tip) &&
	test_tick && git merge -q --no-edit side && git branch -q -D side &&
	git checkout -q --detach v1.0 && test_pick "$O" && git tag keep &&
	git checkout -q master
'

test_expect_success 'a duplicate in mainline: the commit citing it gone' '
	test_setup_cached t1020-dups dups "O X" \
		"$setup_dups" &&
	cd dups &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp names "$X" >../out &&
	grep "same patch-id as $O, no trailer" ../out &&
	git tag -d keep >/dev/null && cbp index >/dev/null && names_as_fresh &&
	test_expect_code 0 cbp names "$X" >../out && ! grep "no trailer" ../out
'

# The copy S cites X (with -x), which the repository lacks, so it was
# linked to M by its patch: once X arrives, S cites a commit of the
# repository as its origin, and a fresh build would not look for a copy
# of S; X, on no tracked branch and cited by S, is the copy then (t0025).
# The repository of the next test, made with git alone (test_setup_cached).
setup_late='
	git init -q late && cd late &&
	test_commit "base" && git tag v1.0 &&
	git checkout -q -b next && test_commit "net: fix a leak" &&
	X=$(tip) &&
	git checkout -q master && test_tick &&
	git cherry-pick "$X" >/dev/null && M=$(tip) &&
	git checkout -q -b linux-1.0.y v1.0 && test_pick "$X" &&
	S=$(tip) && git checkout -q master &&
	git update-ref refs/hidden/next next && git branch -q -D next
'

test_expect_success 'a copy linked by its patch whose cited origin arrives' '
	test_setup_cached t1020-late late "X M S" \
		"$setup_late" &&
	cd late &&
	cbp index >/dev/null && cbp names "$S" >../out &&
	grep "same patch-id as $M, no trailer" ../out &&
	git branch next refs/hidden/next && cbp index >/dev/null &&
	names_as_fresh &&
	cbp names "$S" >../out &&
	grep -A2 "^\`-- $(s12 "$X") " ../out >../x &&
	grep "same patch-id as $M, no trailer" ../x &&
	grep "via: (cherry picked from commit $X)" ../out
'

test_done
