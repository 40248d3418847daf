#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='copies without a trailer, linked by patch-id

A stable branch carries mainline changes under IDs no citation links:
cherry-picks without -x (one keeping the subject, one reworded) and one
whose trailer names a commit the repository lacks.  Each is the same
change as its mainline commit by patch-id, shown as "same patch-id, no
trailer".  A copy whose trailer names a present commit keeps that
verdict, even a suspicious one, and a commit with the subject of a
mainline commit but another patch is no copy.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	test_change drv/x.c x1 "drm/x: the change" &&
	X=$(tip) &&
	test_change drv/y.c y1 "drm/y: another change" &&
	Y=$(tip) &&
	test_change drv/z.c z1 "drm/z: a third change" &&
	Z=$(tip) &&
	test_change drv/v.c v1 "drm/v: a fourth change" &&
	V=$(tip) &&
	test_change drv/q.c q1 "drm/q: a fifth change" &&
	Q=$(tip) &&
	git tag v6.13-rc1 &&
	test_change drv/x.c x2 "drm/x: fix the change" \
		"Fixes: $(s12 $X) (\"drm/x: the change\")" &&
	F=$(tip) &&
	git tag v6.13-rc2 &&
	git checkout -q linux-6.12.y &&
	pick $X &&
	CX=$(tip) &&
	git cherry-pick -n $Y &&
	git commit -q -C $Y &&
	git commit -q --amend -m "drm/y: the same change, reworded" &&
	CY=$(tip) &&
	git cherry-pick -n $Z &&
	git commit -q -C $Z &&
	git commit -q --amend -m "drm/z: a third change" \
		-m "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)" &&
	CZ=$(tip) &&
	git cherry-pick -n $V &&
	git commit -q -C $V &&
	git commit -q --amend -m "drm/v: a fourth change" \
		-m "(cherry picked from commit $Y)" &&
	CV=$(tip) &&
	test_change drv/q.c other "drm/q: a fifth change" &&
	CQ=$(tip) &&
	git tag v6.12.1 &&
	git checkout -q master
'

test_expect_success 'set up: copies with and without the same subject' '
	test_setup_cached t0015 repo "X Y Z V Q F CX CY CZ CV CQ" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null &&
	cbp index --verify >/dev/null
'

# Three citations (the Fixes: tag, and two origins, one of a commit not
# here) and three copies linked by their patch: a rebuild counts the
# citations it read, and --verify counts the same, the links found
# without a citation apart.
test_expect_success 'index --verify counts citations as a build does, links found apart' '
	cd repo &&
	cbp index --rebuild --json >../built.json &&
	cbp index --verify --json >../verified.json &&
	test "$(json_get ../built.json "\$j->{citations}")" = 3 &&
	test "$(json_get ../verified.json "\$j->{citations}")" = 3 &&
	test "$(json_get ../verified.json "\$j->{links_without_citation}")" = 3 &&
	cbp index --verify >../out &&
	grep "^verified .*: [0-9]* commits, 3 citations, 3 links without one; no damage found$" ../out
'

test_expect_success 'names: a -x-less cherry-pick is a name of the change' '
	cd repo &&
	cbp names $X >out &&
	grep -F "$(s12 $CX)" out
'

test_expect_success 'names: so is a reworded one, with the same patch-id' '
	cd repo &&
	cbp names $Y >out &&
	grep -F "$(s12 $CY)" out
'

test_expect_success 'names: and one whose trailer names a commit not here' '
	cd repo &&
	cbp names $Z >out &&
	grep -F "$(s12 $CZ)" out
'

test_expect_success 'names --json: the link is of its own kind' '
	cd repo &&
	cbp names --json $CY >j &&
	json_get j "[map { map { \$_->{trailer} . q{/} . \$_->{trust}{basis} } @{\$_->{citations}} } @{\$j->{members}}]" >kinds &&
	echo "same patch-id, no trailer/patch-id, no trailer" >want &&
	test_cmp want kinds &&
	cbp names $CX >out &&
	grep -F "via: same patch-id as $X, no trailer" out
'

test_expect_success 'a trailer naming a present commit keeps its verdict' '
	cd repo &&
	cbp names $V >out &&
	! grep -F "$(s12 $CV)" out
'

test_expect_success 'the same subject with another patch is no copy' '
	cd repo &&
	cbp names $Q >out &&
	! grep -F "$(s12 $CQ)" out
'

# compared_of COPY MAINLINE: what the index keeps of the pair diffed.
compared_of () {
	sqlite3 .git/checkbackport.db "SELECT p.same FROM compared p
		JOIN commits o ON o.id = p.own JOIN commits m ON m.id = p.ml
		WHERE o.hex = '$1' AND m.hex = '$2'"
}

if ! command -v sqlite3 >/dev/null
then
	test_skip 'a pair diffed is kept as another change, and verified' 'no sqlite3'
else
test_expect_success 'a pair diffed is kept as another change, and verified' '
	cd repo &&
	test "$(compared_of $CQ $Q)" = 0 &&
	test "$(sqlite3 .git/checkbackport.db "SELECT count(*) FROM compared")" = 1 &&
	cbp index >/dev/null && test "$(compared_of $CQ $Q)" = 0 &&
	cp .git/checkbackport.db ../sound.db &&
	sqlite3 .git/checkbackport.db "UPDATE compared SET ml = 999999" &&
	test_expect_code 1 cbp index --verify >../out &&
	grep "^damage: comparison of no commit" ../out &&
	cp ../sound.db .git/checkbackport.db &&
	cbp index --verify >/dev/null
'
fi

test_expect_success 'missing: the fix of a change the branch copied without -x' '
	cd repo &&
	test_expect_code 1 cbp missing --terse --stable linux-6.12.y >out &&
	echo "$(s12 $F) fix v6.13-rc2: fixes $(s12 $CX) (cited as $(s12 $X))" >want &&
	test_cmp want out
'

test_expect_success 'check: the bug is in the branch, the fix is needed there' '
	cd repo &&
	test_expect_code 0 cbp check --terse --stable linux-6.12.y $F >out &&
	! grep FIXES_NOT_IN_STABLE out
'

test_expect_success 'check: the copy without trailer is the fix, said to be one' '
	cd repo &&
	test_expect_code 1 cbp check --terse --stable linux-6.12.y $X >out &&
	grep -F "ERROR:ALREADY_APPLIED: already in linux-6.12.y as $(s12 $CX) (\"drm/x: the change\"), a copy with the same patch-id and no trailer, released in v6.12.1" out
'

test_expect_success 'check of the copy: UPSTREAM_MISSING gives the mainline name' '
	cd repo &&
	test_expect_code 1 cbp check --stable linux-6.12.y $CX >out &&
	grep "^ERROR:UPSTREAM_MISSING: " out &&
	grep -F "hint: mainline has this change as $(s12 $X): write '"'"'commit $X upstream.'"'"' above the message" out
'

test_expect_success 'an update links the copies it reads, whichever side comes first' '
	cd repo &&
	git checkout -q -b fixes v6.13-rc2 &&
	test_change drv/u.c u1 "drm/u: a late change" &&
	U=$(tip) &&
	git checkout -q linux-6.12.y &&
	pick $U &&
	CU=$(tip) &&
	test_change drv/t.c t1 "drm/t: a branch change first" &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $CU >out &&
	grep "^1 name " out &&
	git merge -q --ff-only fixes &&
	cbp index >/dev/null &&
	cbp index --verify >/dev/null &&
	cbp names $CU >out &&
	grep "^2 names " out &&
	grep -F "via: same patch-id as $U, no trailer" out
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_dup='
	git init -q dup &&
	cd dup &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	git checkout -q -b topic &&
	test_change drv/w.c w1 "drm/w: the change" &&
	W=$(tip) &&
	git checkout -q -b rebased master &&
	test_change base/b b1 "base: another start" >/dev/null &&
	pick $W &&
	W2=$(tip) &&
	git checkout -q master &&
	test_tick && git merge -q --no-ff -m "Merge the rebased branch" rebased &&
	test_tick && git merge -q --no-ff -m "Merge the topic" topic &&
	test_change drv/w.c w2 "drm/w: fix the change" \
		"Fixes: $(s12 $W) (\"drm/w: the change\")" &&
	F=$(tip) &&
	git tag v6.13-rc1 &&
	git checkout -q linux-6.12.y &&
	pick -x $W2 &&
	SW=$(tip) &&
	git checkout -q master
'

test_expect_success 'mainline twice without a trailer: a stable pick of either is the change' '
	test_setup_cached t0015-dup dup "W W2 F SW" \
		"$setup_dup" &&
	cd dup &&
	cbp index >/dev/null &&
	cbp index --verify >/dev/null &&
	test_expect_code 1 cbp names $W >out &&
	grep -F "$(s12 $SW)" out &&
	grep -F "via: same patch-id as" out &&
	test_expect_code 0 cbp check --terse --stable linux-6.12.y $F >out &&
	! grep FIXES_NOT_IN_STABLE out
'

# robot_pick COMMIT SUBJECT: on release-1.0.x, COMMIT's patch committed
# anew as SUBJECT, with its own author time and no trailer, as a robot's
# squash merge makes it.
robot_pick () {
	git checkout -q release-1.0.x &&
	test_tick &&
	git cherry-pick --no-commit "$1" >/dev/null &&
	git commit -q -m "$2"
}

# A robot's squash-merged backport (Loki's "fix(queryrange): Preserve
# sketch in MergeLabels [release-3.6.x] (#23771)" of mainline's "...
# (#23326)"): its own subject suffix and pull request number, its own
# author time, and mainline's very patch.  It was found by neither.
# The repository of the next test, made with git alone (test_setup_cached).
setup_robot='
	git init -q robot &&
	cd robot &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v1.0.0 &&
	git branch release-1.0.x &&
	test_change pkg/q.go q1 "fix(query): keep the sketch (#23326)" &&
	Q=$(tip) &&
	test_change pkg/r.go r1 "fix(query): keep the sketch, too (#23400)" &&
	R=$(tip) &&
	robot_pick $Q "fix(query): keep the sketch [release-1.0.x] (#23771)" &&
	B=$(tip) &&
	git checkout -q release-1.0.x &&
	test_change pkg/r.go other "[release-1.0.x] fix(query): keep the sketch, too (#23772)" &&
	C=$(tip) &&
	git checkout -q master
'

test_expect_success 'a robot'"'"'s backport: another pull request number, a branch tag' '
	test_setup_cached t0015-robot robot "Q R B C" \
		"$setup_robot" &&
	cd robot &&
	cbp index --stable "release-*" >/dev/null &&
	cbp index --verify >/dev/null &&
	cbp names $Q >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $B) (\"fix(query): keep the sketch [release-1.0.x] (#23771)\")" out &&
	grep -F "via: same patch-id as $Q, no trailer" out &&
	cbp names $R >out &&
	grep "^1 name " out &&
	cbp names $C >out &&
	grep "^1 name " out &&
	test "$(git log -1 --format=%at $B)" != "$(git log -1 --format=%at $Q)"
'

# A subject of groups alone says nothing ("[skip ci] (#5)"): it has no
# key, so two such commits are never candidates by subject, even of one
# patch (as every such commit of a history would be of every other).
test_expect_success 'subjects of groups alone are no candidates' '
	cd robot &&
	test_change pkg/s.go s1 "[skip ci] (#5)" &&
	S=$(tip) &&
	robot_pick $S "[release-1.0.x] [skip ci] (#6)" &&
	T=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	test "$(git show $S | git patch-id --stable | cut -d" " -f1)" = \
		"$(git show $T | git patch-id --stable | cut -d" " -f1)" &&
	cbp names $S >out &&
	grep "^1 name " out
'

# The copy is compared by its text whatever the repository's diff
# attributes say ("* -diff" would make every file binary, compared by
# blob IDs, which a pick onto another base does not keep).
# The repository of the next test, made with git alone (test_setup_cached).
setup_attrs='
	git init -q attrs &&
	cd attrs &&
	echo "* -diff" >.git/info/attributes &&
	mkdir drv &&
	seq 1 10 >drv/a.c &&
	git add drv/a.c &&
	test_tick &&
	git commit -q -m "drm/a: the start" &&
	git tag v6.12 &&
	git branch linux-6.12.y &&
	test_change drv/a.c 11 "drm/a: one more line" &&
	{ echo 0 && seq 1 11; } >drv/a.c &&
	test_tick &&
	git commit -q -a -m "drm/a: a line before the others" &&
	A=$(tip) &&
	git checkout -q linux-6.12.y &&
	pick $A &&
	B=$(tip) &&
	git checkout -q master
'

test_expect_success 'diff attributes do not change what a copy is' '
	test_setup_cached t0015-attrs attrs "A B" \
		"$setup_attrs" &&
	cd attrs &&
	test "$(git rev-parse $A:drv/a.c)" != "$(git rev-parse $B:drv/a.c)" &&
	cbp index >/dev/null &&
	cbp names $A >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $B)" out &&
	grep -F "via: same patch-id as $A, no trailer" out
'

# A large file (two sides over 256 KiB, as OpenZFS'"'"'s arc.c is) picked
# onto another base is compared by its lines too: it was compared by
# blob IDs only, which the pick does not keep, and no such copy was found.
# Its sizes tell first which pairs to diff; a pair changing it by as many
# bytes but other lines is diffed, and no copy.
# The repository of the next test, made with git alone (test_setup_cached).
setup_large='
	git init -q large &&
	cd large &&
	mkdir module &&
	seq 1 40000 >module/arc.c &&
	git add module/arc.c &&
	test_tick &&
	git commit -q -m "zfs: the start" &&
	git tag v2.3.0 &&
	git branch zfs-2.3-release &&
	test_change module/arc.c 40001 "arc: one more line" &&
	{ echo 0 && seq 1 40001; } >module/arc.c &&
	test_tick &&
	git commit -q -a -m "arc: a line before the others" &&
	A=$(tip) &&
	sed -i "s/^20000$/20000 twenty thousand/" module/arc.c &&
	test_tick &&
	git commit -q -a -m "arc: name a line" &&
	N=$(tip) &&
	git checkout -q zfs-2.3-release &&
	pick $A &&
	B=$(tip) &&
	sed -i "s/^20000$/20000 twenty-thousand/" module/arc.c &&
	git commit -q -a -C $N &&
	O=$(tip) &&
	git checkout -q master
'

test_expect_success 'a copy changing a large file onto another base' '
	test_setup_cached t0015-large large "A N B O" \
		"$setup_large" &&
	cd large &&
	test "$(git rev-parse $A:module/arc.c)" != "$(git rev-parse $B:module/arc.c)" &&
	test $(git cat-file -s $A:module/arc.c) -gt 131072 &&
	cbp index --stable "zfs-*-release" >/dev/null &&
	cbp names $A >out &&
	grep "^2 names " out &&
	grep -F "via: same patch-id as $A, no trailer" out &&
	test "$(git log -1 --format=%at $N)" = "$(git log -1 --format=%at $O)" &&
	cbp names $N >out &&
	! grep -F "same patch-id as $N" out &&
	grep -F "via: same author, date and subject as $N, no trailer" out
'

# Pacemaker'"'"'s 1.1 branch has 477 of mainline'"'"'s changes picked without
# -x and adapted by hand (a file moved, a function renamed): another
# patch, but the author, author time and subject git cherry-pick keeps,
# and changed lines in common.  (34605b42d32e of 59933b085277,
# "pacemakerd: check client for NULL".)  Another author is another
# change; so is another change under the same message (etcd'"'"'s
# release-3.1 4b53ab09094d, a vendored library'"'"'s bump under a test
# script'"'"'s subject: no line in common), and a second commit of a branch
# that has the change already (release-3.2'"'"'s 4b9bfa17eefc).
# FRRouting's 99440b85ab6f and 40da52d8c102: one patch-id, a file
# renamed whose content differs on the two bases (by a line of the same
# length, so that git's similarity index, which its patch-id hashes,
# is the same too).
# The repository of the next test, made with git alone (test_setup_cached).
setup_ren='
	git init -q ren && cd ren &&
	test_tick && seq 1 20 >frr && git add frr &&
	git commit -qm "tools: the start" && git tag v1.0 &&
	git branch stable-1.0 &&
	test_tick && git mv frr frr.in && sed -i "s/^3\$/three/" frr.in &&
	git commit -qam "tools: rename frr to frr.in, and name line 3" &&
	R=$(git rev-parse HEAD) &&
	git checkout -q stable-1.0 &&
	test_tick && sed -i "s/^18\$/81/" frr &&
	git commit -qam "tools: turn line 18 on the branch" &&
	git cherry-pick -n $R && git commit -q -C $R &&
	git commit -q --amend -m "tools: rename frr (backport)" &&
	C=$(git rev-parse HEAD) &&
	git checkout -q master
'

test_expect_success 'a copy renaming a file its base holds with other content' '
	test_setup_cached t0015-ren ren "R C" \
		"$setup_ren" &&
	cd ren &&
	git show $R | git patch-id --stable >../pid.r &&
	git show $C | git patch-id --stable >../pid.c &&
	read -r pr _ <../pid.r && read -r pc _ <../pid.c && test "$pr" = "$pc" &&
	cbp index --stable "stable-*" --tags "v*" >/dev/null &&
	cbp names $R >../out &&
	grep -F "$(s12 $C)" ../out &&
	grep "via: same patch-id as $R, no trailer" ../out &&
	cbp names $C >../out &&
	grep "^first in mainline: $(s12 $R) " ../out
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_picked='
	git init -q picked &&
	cd picked &&
	test_change mcp/pacemaker.c start "pacemaker: the start" &&
	git tag Pacemaker-2.0.0 &&
	git branch 1.1 &&
	git mv mcp/pacemaker.c pacemakerd.c &&
	test_tick &&
	git commit -q -m "pacemakerd: move the daemon" &&
	test_tick &&
	printf "%s\n" "c = pcmk__find_client(qbc);" "CRM_CHECK(c != NULL, return 0);" \
		"msg = pcmk__client_data2xml(c);" "if (msg == NULL) {" >>pacemakerd.c &&
	git commit -q -a -m "pacemakerd: check client for NULL" &&
	M=$(tip) &&
	test_change pacemakerd.c "check d" "pacemakerd: check the data" &&
	D=$(tip) &&
	test_change bbolt/freelist.go "test dirs" "test: clean the directories first" &&
	T=$(tip) &&
	test_change flags.c "check f" "pacemakerd: check the flags" &&
	F=$(tip) &&
	git tag Pacemaker-2.0.1 &&
	git checkout -q 1.1 &&
	printf "%s\n" "c = crm_client_get(qbc);" "CRM_CHECK(c != NULL, return 0);" \
		"msg = crm_ipcs_recv(c);" "if (msg == NULL) {" >>mcp/pacemaker.c &&
	git commit -q -a -C $M &&
	P=$(tip) &&
	echo "check d" >>mcp/pacemaker.c &&
	GIT_AUTHOR_NAME=Other GIT_AUTHOR_EMAIL=other@example.com \
		git commit -q -a -C $D --reset-author &&
	git commit -q --amend --no-edit \
		--date="$(git log -1 --format=%ad --date=raw $D)" &&
	Q=$(tip) &&
	echo "bbolt 1.3.5" >>glide.lock && git add glide.lock &&
	git commit -q -C $T &&
	R=$(tip) &&
	git cherry-pick -x $F >/dev/null &&
	echo "check f" >>mcp/pacemaker.c &&
	git commit -q -a -C $F &&
	G=$(tip) &&
	git checkout -q master
'

test_expect_success 'a cherry-pick without -x whose conflicts changed the patch' '
	test_setup_cached t0015-picked picked "M D T F P Q R G" \
		"$setup_picked" &&
	cd picked &&
	test "$(git log -1 --format=%s%at $Q)" = "$(git log -1 --format=%s%at $D)" &&
	test "$(git log -1 --format=%an $Q)" = Other &&
	cbp index --stable 1.1 --tags "Pacemaker-*" \
		--release-pattern "^Pacemaker-([0-9.]+)$" >/dev/null &&
	cbp names $P >out &&
	grep "^2 names " out &&
	grep -F "via: same author, date and subject as $M, no trailer" out &&
	grep "^first in mainline: $(s12 $M) " out &&
	cbp names --json $P >out.json &&
	test "$(json_get out.json "(grep { \$_->{id} eq q{$P} } @{\$j->{members}})[0]{citations}[0]{trailer}")" = \
		"same author, date and subject" &&
	cbp names $Q >out &&
	grep "^1 name " out &&
	cbp names $R >out &&
	grep "^1 name " out &&
	cbp names $G >out &&
	grep "^1 name " out &&
	cbp names $F >out &&
	grep "^2 names " out &&
	test_expect_code 1 cbp check --stable 1.1 $M >out &&
	grep -F "already in 1.1 as $(s12 $P)" out &&
	grep -F "a cherry-pick without a trailer (same author, date and subject)" out
'

# Two commits of one branch with one author, date and subject (a
# backport split in two, or a follow-up with the message reused) join
# neither, whether they come in one update or in two: an update ends
# where a fresh build does.
test_expect_success 'a second copy of a branch by author unlinks the first' '
	cd picked &&
	git checkout -q 1.1 &&
	printf "%s\n" "CRM_CHECK(c != NULL, return 0);" "if (msg == NULL) {" \
		>>mcp/pacemaker.c &&
	git commit -q -a -C $M &&
	P2=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $M >out &&
	grep "^1 name " out &&
	cbp index --rebuild >/dev/null &&
	cbp names $M >out &&
	grep "^1 name " out &&
	cbp names $P2 >out &&
	grep "^1 name " out
'

# A change mainline got twice (applied once, then again with a branch
# merged) has two commits of its author, date and subject: a copy of
# either is joined to neither by them, as picking would be a guess.
test_expect_success 'two mainline commits of the author, date and subject: none' '
	cd picked &&
	test_change pacemakerd.c "check e" "pacemakerd: check the event" &&
	E=$(tip) &&
	git checkout -q -b side Pacemaker-2.0.1 &&
	echo "check e, again" >>event.c &&
	git add event.c &&
	git commit -q -C $E &&
	git checkout -q master &&
	test_tick &&
	git merge -q --no-edit side &&
	test $(git log --format=%H --grep="check the event" | wc -l) = 2 &&
	git checkout -q 1.1 &&
	echo "check e, by hand" >>mcp/pacemaker.c &&
	git commit -q -a -C $E &&
	S=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $S >out &&
	grep "^1 name " out
'

# backpatch COMMIT LINE SECONDS: COMMIT made anew on the branch checked
# out, with its author and message, LINE added to mcp/pacemaker.c, and
# authored SECONDS after it (before, if negative).
backpatch () {
	at=$(git log -1 --format=%at "$1") &&
	echo "$2" >>mcp/pacemaker.c &&
	git commit -q -a -C "$1" --cleanup=verbatim --date="$((at + $3)) +0000"
}

# A back-patch committed anew rather than picked (PostgreSQL's: the
# patch made to fit the branch, committed with the same message minutes
# after mainline's) is linked to the one mainline commit of its author
# and whole message authored at most ten minutes apart, as a kind of its
# own; and one made hours or days after (etcd's release-3.5 security
# fixes), at most thirty, as another, if the message has more than a
# subject.  Not another message under the subject (each branch's
# "Translation updates" names another source), nor the same message 31
# days later, nor one authored before, nor a subject alone hours later;
# a message written with CRLF line ends has its body all the same.
test_expect_success 'a back-patch committed anew minutes or days later: same author and message' '
	cd picked &&
	test_change pacemakerd.c "check g" "pacemakerd: check the group" \
		"Backpatch-through: 1.1" &&
	B=$(tip) &&
	test_change po/de.po "msgstr master" "Translation updates" \
		"Source-Git-Hash: 1111" &&
	U=$(tip) &&
	test_change pacemakerd.c "check h" "pacemakerd: check the host" \
		"Signed-off-by: A U Thor <author@example.com>" &&
	H=$(tip) &&
	git checkout -q 1.1 &&
	backpatch $B "check g" 90 &&
	BP=$(tip) &&
	at=$(git log -1 --format=%at $U) &&
	mkdir -p po && echo "msgstr 1.1" >>po/de.po && git add po/de.po &&
	git commit -q -m "Translation updates" -m "Source-Git-Hash: 2222" \
		--date="$((at + 60)) +0000" &&
	UP=$(tip) &&
	backpatch $H "check h" 7200 &&
	HP=$(tip) &&
	git checkout -q master &&
	test_change pacemakerd.c "check i" "pacemakerd: check the id" \
		"Signed-off-by: A U Thor <author@example.com>" &&
	I=$(tip) &&
	test_change pacemakerd.c "check j" "pacemakerd: check the job" \
		"Signed-off-by: A U Thor <author@example.com>" &&
	J=$(tip) &&
	test_change pacemakerd.c "check k" "pacemakerd: check the key" &&
	K=$(tip) &&
	printf "pacemakerd: check the lock\r\n\r\nSigned-off-by: A U Thor <author@example.com>\r\n" >../crlf.msg &&
	echo "check l" >>pacemakerd.c &&
	test_tick &&
	git commit -q -a --cleanup=verbatim -F ../crlf.msg &&
	L=$(tip) &&
	git checkout -q 1.1 &&
	backpatch $I "check i" $((31 * 86400)) &&
	IP=$(tip) &&
	backpatch $J "check j" -86400 &&
	JP=$(tip) &&
	backpatch $K "check k" 7200 &&
	KP=$(tip) &&
	backpatch $L "check l" 7200 &&
	LP=$(tip) &&
	git cat-file commit $LP | tr "\r" "@" | grep -x "@" &&
	git checkout -q master &&
	test "$(git log -1 --format=%an%B $BP)" = "$(git log -1 --format=%an%B $B)" &&
	test "$(git log -1 --format=%at $BP)" != "$(git log -1 --format=%at $B)" &&
	test "$(git log -1 --format=%an%s $UP)" = "$(git log -1 --format=%an%s $U)" &&
	cbp index >/dev/null &&
	cbp names $BP >out &&
	grep "^2 names " out &&
	grep -F "via: same author and message as $B, authored minutes apart, no trailer" out &&
	cbp names --json $BP >out.json &&
	test "$(json_get out.json "(grep { \$_->{id} eq q{$BP} } @{\$j->{members}})[0]{citations}[0]{trailer}")" = \
		"same author and message, authored minutes apart" &&
	cbp names $UP >out &&
	grep "^1 name " out &&
	cbp names $HP >out &&
	grep "^2 names " out &&
	grep -F "via: same author and message as $H, authored after it (30 days at most), no trailer" out &&
	cbp names --json $HP >out.json &&
	test "$(json_get out.json "(grep { \$_->{id} eq q{$HP} } @{\$j->{members}})[0]{citations}[0]{trailer}")" = \
		"same author and message, authored later" &&
	test_expect_code 1 cbp check --stable 1.1 $H >out &&
	grep -F "a back-patch without a trailer (same author and message, authored later)" out &&
	cbp names $IP >out &&
	grep "^1 name " out &&
	cbp names $JP >out &&
	grep "^1 name " out &&
	cbp names $KP >out &&
	grep "^1 name " out &&
	cbp names $LP >out &&
	grep -F "via: same author and message as $L, authored after it (30 days at most), no trailer" out &&
	test_expect_code 1 cbp check --stable 1.1 $B >out &&
	grep -F "already in 1.1 as $(s12 $BP)" out &&
	grep -F "a back-patch without a trailer (same author and message, minutes apart)" out &&
	cbp index --rebuild >/dev/null &&
	cbp names $BP >out &&
	grep "^2 names " out
'

# commit_msg FILE LINE SECONDS BASE: LINE added to FILE, committed with
# the message of ../msg, authored SECONDS after BASE.
commit_msg () {
	at=$(git log -1 --format=%at "$4") &&
	echo "$2" >>"$1" &&
	git commit -q -a -F ../msg --date="$((at + $3)) +0000"
}

# A back-patch keeps its author and message but for the trailers a
# branch adds or a project rewrites (FreeIPA's branches list their
# reviewers anew, and its bug tracker moved: "Fixes: <URL>" changed):
# the same message with other trailers, if it has more than a subject,
# is the same message.  A subject and other trailers alone ("Translation
# updates" and its source hash) is not, nor another body.
test_expect_success 'a back-patch with other trailers: its message but for them' '
	cd picked &&
	git checkout -q master &&
	printf "%s\n" "pacemakerd: check the mode" "" "Check the mode first." "" \
		"Fixes: https://pagure.io/p/issue/1" \
		"Reviewed-By: R One <one@example.com>" >../msg &&
	test_tick &&
	commit_msg pacemakerd.c "check m" 0 HEAD &&
	M=$(tip) &&
	printf "%s\n" "pacemakerd: check the name" "" \
		"Reviewed-By: R One <one@example.com>" >../msg &&
	commit_msg pacemakerd.c "check n" 60 HEAD &&
	N=$(tip) &&
	printf "%s\n" "pacemakerd: check the owner" "" "Check the owner first." "" \
		"Reviewed-By: R One <one@example.com>" >../msg &&
	commit_msg pacemakerd.c "check o" 60 HEAD &&
	O=$(tip) &&
	git checkout -q 1.1 &&
	printf "%s\n" "pacemakerd: check the mode" "" "Check the mode first." "" \
		"Fixes: https://codeberg.org/p/issues/1" \
		"Reviewed-By: R Two <two@example.com>" \
		"Reviewed-By: R One <one@example.com>" >../msg &&
	commit_msg mcp/pacemaker.c "check m" 86400 $M &&
	MP=$(tip) &&
	printf "%s\n" "pacemakerd: check the name" "" \
		"Reviewed-By: R Two <two@example.com>" >../msg &&
	commit_msg mcp/pacemaker.c "check n" 86400 $N &&
	NP=$(tip) &&
	printf "%s\n" "pacemakerd: check the owner" "" "Check the owner last." "" \
		"Reviewed-By: R One <one@example.com>" >../msg &&
	commit_msg mcp/pacemaker.c "check o" 86400 $O &&
	OP=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $MP >out &&
	grep "^2 names " out &&
	grep -F "via: same author and message as $M, authored after it (30 days at most), no trailer" out &&
	cbp names $NP >out &&
	grep "^1 name " out &&
	cbp names $OP >out &&
	grep "^1 name " out
'

test_done
