#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The index reads a commit stored whole in a pack by itself, from the
# pack's index and data mapped once (git/git-pack.c), and leaves every
# other commit to libgit2: loose ones, deltas, those of an index of
# version 1, a damaged entry.  However the objects are stored, every
# answer is the same; an entry read at a wrong place would answer with
# another commit.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-hostile.sh"

# names_all OUT: names of every commit of every branch, one run.
names_all () {
	git rev-list --branches >../ids &&
	cbp index --rebuild >/dev/null &&
	cbp names --stdin <../ids >"$1"
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	body="$(seq -s " " 1 300)" &&
	test_commit "drm: base" "$body" && git tag v6.11 &&
	test_commit "drm/xe: fix the ring ops" "$body" &&
	tip >../FIX &&
	test_commit "drm/xe: more" "$body" &&
	test_commit "drm/xe: and more" "$body" && git tag v6.12 &&
	git checkout -q -b linux-6.11.y v6.11 &&
	test_pick "$(cat ../FIX)" && tip >../PICK &&
	test_commit "drm: only on stable" "$body" &&
	tip >../TIP &&
	git checkout -q -b linux-6.12.y v6.12 &&
	test_commit "drm: on the newer stable branch" "$body" &&
	git checkout -q master
'

test_expect_success 'set up loose commits with bodies alike (packed, they become deltas)' '
	test_setup_cached t1015 repo "../FIX ../PICK ../TIP body" \
		"$setup_repo" &&
	cd repo &&
	find .git/objects/pack -type f >../packs &&
	test_must_be_empty ../packs &&
	names_all ../expect &&
	test_line_count = 7 ../ids &&
	grep -F -- "-- $(s12 "$(cat ../PICK)") (\"drm/xe: fix the ring ops\")" \
		../expect &&
	grep -A1 "^$(s12 "$(cat ../FIX)") (\"drm/xe: fix the ring ops\")$" \
		../expect >../fix-names &&
	grep "first release: v6.12; in: master linux-6.12.y" ../fix-names
'

test_expect_success 'commits in a pack, some whole and some as deltas, answer as loose ones' '
	cd repo &&
	git repack -adfq --window=50 --depth=10 &&
	git verify-pack -v .git/objects/pack/pack-*.idx >../verify &&
	grep " commit [0-9]* [0-9]* [0-9]* [0-9]* [0-9a-f]*$" ../verify >../deltas &&
	grep " commit [0-9]* [0-9]* [0-9]*$" ../verify >../whole &&
	test_line_count -gt 0 ../deltas &&
	test_line_count -gt 0 ../whole &&
	names_all ../actual &&
	test_cmp ../expect ../actual
'

test_expect_success 'an index of 64-bit offsets, and one of version 1, answer the same' '
	cd repo &&
	git repack -adfq --window=0 &&
	pack=$(ls .git/objects/pack/pack-*.pack) &&
	git verify-pack -v "${pack%.pack}.idx" >../verify &&
	grep " commit [0-9]* [0-9]* [0-9]*$" ../verify >../whole &&
	test_line_count = 7 ../whole &&
	for v in 2,13 1
	do
		rm -f "${pack%.pack}.idx" &&
		git index-pack --index-version=$v -o "${pack%.pack}.idx" "$pack" >/dev/null &&
		names_all ../actual &&
		test_cmp ../expect ../actual || return 1
	done
'

test_expect_success 'commits in two packs and loose answer the same' '
	cd repo &&
	pack=$(ls .git/objects/pack/pack-*.pack) &&
	mv "$pack" ../all.pack && rm -f .git/objects/pack/* &&
	git unpack-objects -q <../all.pack &&
	git rev-list --objects linux-6.11.y >../one &&
	git pack-objects -q .git/objects/pack/pack <../one >/dev/null &&
	git rev-list --objects master --not linux-6.11.y >../two &&
	git pack-objects -q .git/objects/pack/pack <../two >/dev/null &&
	git prune-packed &&
	ls .git/objects/pack/pack-*.pack >../packs &&
	test_line_count = 2 ../packs &&
	git cat-file -e "$(git rev-parse linux-6.12.y)" &&
	test_path_is_file .git/objects/$(git rev-parse linux-6.12.y |
		sed "s|^..|&/|") &&
	names_all ../actual &&
	test_cmp ../expect ../actual
'

test_expect_success 'a damaged commit at a branch tip is said, and the gap kept for queries' '
	cd repo &&
	git repack -adfq --window=0 &&
	tip=$(cat ../TIP) &&
	git verify-pack -v .git/objects/pack/pack-*.idx >../verify &&
	set -- $(grep "^$tip commit " ../verify) &&
	test $# = 5 &&
	pack=$(ls .git/objects/pack/pack-*.pack) &&
	chmod u+w "$pack" &&
	printf "\377\377\377\377" |
		dd of="$pack" bs=1 seek=$(($5 + $4 / 2)) conv=notrunc 2>/dev/null &&
	test_must_fail git cat-file commit "$tip" >/dev/null 2>&1 &&
	"$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "warning: cannot read the commit of refs/heads/linux-6.11.y (" ../err &&
	test_expect_code 2 "$CBP_BIN" names "$(cat ../PICK)" >/dev/null 2>../err &&
	grep "commits git cannot read" ../err &&
	"$CBP_BIN" names "$(cat ../FIX)" >../out 2>../err &&
	grep "commits git cannot read" ../err &&
	grep "^$(s12 "$(cat ../FIX)") " ../out &&
	cbp index --json >../j &&
	test "$(json_get ../j "\$j->{unreadable_commits} ? 1 : 0")" = 1
'

test_expect_success 'a damaged commit below the tips is said, and the gap kept' '
	cd repo &&
	tip=$(cat ../TIP) &&
	tree=$(git rev-parse "$(cat ../FIX)^{tree}") &&
	printf "tree %s\nparent %s\nauthor %s 1300000000 +0000\ncommitter %s 1300000000 +0000\n\n%s\n" \
		"$tree" "$tip" "A U Thor <author@example.com>" \
		"A U Thor <author@example.com>" "drm: on top of the damage" >../commit &&
	top=$(git hash-object -t commit -w ../commit) &&
	git update-ref refs/heads/linux-6.11.y "$top" &&
	"$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "warning: cannot read commit $tip: " ../err &&
	"$CBP_BIN" names "$top" >../out 2>../err &&
	grep "commits git cannot read" ../err &&
	grep "^$(s12 "$top") (\"drm: on top of the damage\")" ../out
'

# copy_repo DIR: a repository whose linux-6.12.y has a cherry-pick
# without -x (../C) of master's commit ../M, found by its patch-id.
copy_repo () {
	git init -q "$1" && cd "$1" &&
	test_commit "drm: base" && git tag v6.12 &&
	test_commit "drm/x: fix it" && tip >../M &&
	git checkout -q -b linux-6.12.y v6.12 &&
	test_commit "drm: only on stable" &&
	test_tick && git cherry-pick "$(cat ../M)" >/dev/null && tip >../C &&
	git checkout -q master &&
	cbp index --rebuild >/dev/null 2>../err &&
	test_must_be_empty ../err &&
	cbp names "$(cat ../C)" >../out &&
	grep "via: same patch-id as $(cat ../M), no trailer" ../out
}

test_expect_success 'a copy whose tree cannot be read is said, not left out silently' '
	copy_repo nocopy &&
	tree=$(git rev-parse "$(cat ../C)^{tree}") &&
	rm -f .git/objects/$(echo "$tree" | sed "s|^..|&/|") &&
	test_must_fail git cat-file -e "$tree" &&
	rm .git/checkbackport.db &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "warning: cannot read what 1 commit changes ($(cat ../C): a damaged or missing object); copies of it without a trailer are not found" ../err
'

# The tree damaged is the base of the other one's delta: both commits.
test_expect_success 'a copy whose packed tree is damaged is said too, and nothing crashes' '
	copy_repo nocopy2 &&
	git repack -adfq &&
	tree=$(git rev-parse "$(cat ../C)^{tree}") &&
	git verify-pack -v .git/objects/pack/pack-*.idx >../verify &&
	set -- $(grep "^$tree tree " ../verify) &&
	pack=$(ls .git/objects/pack/pack-*.pack) &&
	chmod u+w "$pack" &&
	printf "\377\377\377\377" |
		dd of="$pack" bs=1 seek=$(($5 + $4 - 6)) conv=notrunc 2>/dev/null &&
	test_must_fail git cat-file -p "$tree" >/dev/null 2>&1 &&
	rm .git/checkbackport.db &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "warning: cannot read what [0-9]* commits\{0,1\} changes\{0,1\} ([0-9a-f]*\( first\)\{0,1\}: a damaged or missing object)" ../err &&
	cbp names "$(cat ../C)" >../out &&
	! grep "via:" ../out
'

# file_copy_repo DIR: a repository whose linux-6.12.y has a
# cherry-pick without -x (../C) of master's change to x.c (../M),
# applied to a version of x.c the branch changed first: the same patch
# between other blobs.
file_copy_repo () {
	git init -q "$1" && cd "$1" &&
	seq 1 20 >x.c && git add x.c &&
	test_tick && git commit -q -m "drm: base" && git tag v6.12 &&
	sed -i "s/^10\$/ten/" x.c &&
	test_tick && git commit -q -a -m "drm/x: fix it" && tip >../M &&
	git checkout -q -b linux-6.12.y v6.12 &&
	sed -i "s/^1\$/one/" x.c &&
	test_tick && git commit -q -a -m "drm: only on stable" &&
	test_tick && git cherry-pick "$(cat ../M)" >/dev/null && tip >../C &&
	git checkout -q master
}

# Its trees are whole, but the file the copy makes cannot be read.
test_expect_success 'a copy whose file cannot be read is said too' '
	file_copy_repo noblob &&
	cbp index --rebuild >/dev/null 2>../err &&
	test_must_be_empty ../err &&
	cbp names "$(cat ../C)" >../out &&
	grep "via: .* $(cat ../M), no trailer" ../out &&
	blob=$(git rev-parse "$(cat ../C):x.c") &&
	rm -f .git/objects/$(echo "$blob" | sed "s|^..|&/|") &&
	test_must_fail git cat-file -e "$blob" &&
	git cat-file -e "$(cat ../C)^{tree}" &&
	rm .git/checkbackport.db &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "warning: cannot read what 1 commit changes ($(cat ../C): a damaged or missing object); copies of it without a trailer are not found" ../err
'

# The file arrives later (a partial clone's fetch), and no ref moves: an
# update that reads nothing new asks again for the pairs it could not
# read, and finds the copy; then it has nothing left to ask.
test_expect_success 'a file that arrives later: the next update finds the copy' '
	file_copy_repo lateblob &&
	git checkout -q linux-6.12.y &&
	test_tick &&
	git commit -q --amend --no-edit --reset-author &&
	tip >../C &&
	git checkout -q master &&
	blob=$(git rev-parse "$(cat ../C):x.c") &&
	git cat-file blob "$blob" >../blob &&
	rm -f .git/objects/$(echo "$blob" | sed "s|^..|&/|") &&
	"$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "warning: cannot read what 1 commit changes" ../err &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "warning: cannot read what 1 commit changes" ../err &&
	cbp names "$(cat ../C)" >../out &&
	! grep "via:" ../out &&
	test "$(git hash-object -w ../blob)" = "$blob" &&
	"$CBP_BIN" index >../out 2>../err &&
	grep "read 0 new commits" ../out &&
	! grep "cannot read" ../err &&
	cbp names "$(cat ../C)" >../out &&
	grep "via: same patch-id as $(cat ../M), no trailer" ../out &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	! grep "cannot read" ../err &&
	cbp names "$(cat ../C)" >../out &&
	grep "via: same patch-id as $(cat ../M), no trailer" ../out
'

test_expect_success 'a symbolic ref to a branch deleted loses nothing and says nothing' '
	git init -q dangling && cd dangling &&
	test_commit "base" &&
	git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/gone &&
	test_must_fail git rev-parse -q --verify refs/remotes/origin/HEAD &&
	"$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "no branch matches the stable globs" ../err &&
	! grep "cannot read" ../err &&
	cbp index --json >../j &&
	test "$(json_get ../j "\$j->{unreadable_commits} ? 1 : 0")" = 0
'

# Packs git would not make, written by tests/make-pack.pl.

# make_pack NAME <SPEC: the pack of SPEC as objects/pack/pack-NAME.
make_pack () {
	perl "$CBP_DIR/tests/make-pack.pl" ".git/objects/pack/pack-$1"
}

# unloose OBJECT: OBJECT's loose file removed, its size in ../size.
unloose () {
	git cat-file -s "$1" >../size &&
	rm .git/objects/$(echo "$1" | sed "s|^..|&/|")
}

# circle OBJECT: OBJECT, loose, stored instead as a delta by ID on an
# object no commit names, itself a delta by ID on OBJECT.
circle () {
	unloose "$1" &&
	printf "ref %s %s %s\nref %s %s %s\n" \
		"$1" 7777777777777777777777777777777777777777 "$(cat ../size)" \
		7777777777777777777777777777777777777777 "$1" "$(cat ../size)" |
		make_pack circle
}

# libgit2 follows such a chain for ever, growing it until the memory
# runs out (and git hangs on it): the build, bounded here in time and
# memory, must refuse it.
test_expect_success 'a commit whose deltas go round in a circle is refused, not followed' '
	git init -q circle && cd circle &&
	test_commit "drm: base" && git tag v6.12 &&
	test_commit "drm/x: fix it" && tip >../M &&
	git checkout -q -b linux-6.12.y v6.12 &&
	test_commit "drm: only on stable" && tip >../S &&
	git checkout -q master &&
	m=$(cat ../M) &&
	circle "$m" &&
	limited timeout 60 "$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "warning: cannot read the commit of refs/heads/master (object $m is a delta whose bases go round in a circle: its pack is damaged)" ../err &&
	cbp names "$(cat ../S)" >../out &&
	grep "^$(s12 "$(cat ../S)") (\"drm: only on stable\")" ../out &&
	for id in "$m" "$(s12 "$m")" master
	do
		test_expect_code 2 limited timeout 60 "$CBP_BIN" check \
			--stable linux-6.12.y "$id" >/dev/null 2>../err &&
		grep "^checkbackport: error: cannot read $id: object $m is a delta whose bases go round in a circle" \
			../err || return 1
	done
'

# The same for a file a copy without a trailer changes; its peak memory
# (not judged under ASan, whose limit ends the run instead) tells the
# refusal from libgit2 running out of memory.
test_expect_success 'a file whose deltas go round is refused too, and its commit said' '
	file_copy_repo circleblob &&
	circle "$(git rev-parse "$(cat ../C):x.c")" &&
	limited timeout 60 "$CBP_DIR/build/bench-run" once "$CBP_BIN" index \
		>../rss &&
	read -r _ rss status <../rss && test "$status" = 0 &&
	{ test -n "$CBP_SANITIZE" || test "$rss" -lt 100000; } &&
	limited timeout 60 "$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "warning: cannot read what 1 commit changes ($(cat ../C): a damaged or missing object); copies of it without a trailer are not found" ../err
'

# git makes chains of 50 at most by default and 4095 at most when told
# (pack.depth); libgit2 reads any, and so must the index.
test_expect_success 'a commit at the end of 5000 deltas answers as a loose one' '
	git init -q chain && cd chain &&
	test_commit "drm: base" && git tag v6.12 &&
	test_commit "drm/x: fix it" && tip >../M &&
	git checkout -q -b linux-6.12.y v6.12 &&
	test_pick "$(cat ../M)" &&
	git checkout -q master &&
	names_all ../expect &&
	m=$(cat ../M) &&
	git cat-file commit "$m" >../commit &&
	unloose "$m" &&
	awk -v m="$m" -v n="$(cat ../size)" "BEGIN {
		printf \"whole commit ../commit %040d\\n\", 1
		for (i = 2; i < 5000; i++)
			printf \"ofs %040d %d\\n\", i, n
		printf \"ofs %s %d\\n\", m, n
	}" | make_pack chain &&
	git cat-file commit "$m" >../read &&
	test_cmp ../commit ../read &&
	names_all ../actual &&
	test_cmp ../expect ../actual
'

# git and libgit2 both look for a delta's base by ID in its own pack.
test_expect_success 'a delta whose base is in another pack is said, as git refuses it' '
	git init -q thin && cd thin &&
	test_commit "drm: base" && git tag v6.12 &&
	test_commit "drm/x: fix it" && tip >../M &&
	m=$(cat ../M) &&
	git cat-file commit "$m" >../commit &&
	unloose "$m" &&
	echo "whole commit ../commit 7777777777777777777777777777777777777777" |
		make_pack base &&
	echo "ref $m 7777777777777777777777777777777777777777 $(cat ../size)" |
		make_pack thin &&
	test_must_fail git cat-file commit "$m" >/dev/null 2>&1 &&
	"$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "warning: cannot read the commit of refs/heads/master (" ../err
'

test_done
