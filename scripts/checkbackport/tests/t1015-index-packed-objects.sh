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

# names_all OUT: names of every commit of every branch, one run.
names_all () {
	git rev-list --branches >../ids &&
	cbp index --rebuild >/dev/null &&
	cbp names --stdin <../ids >"$1"
}

test_expect_success 'set up loose commits with bodies alike (packed, they become deltas)' '
	git init -q repo && cd repo &&
	body="$(seq -s " " 1 300)" &&
	test_commit "drm: base" "$body" && git tag v6.11 &&
	test_commit "drm/xe: fix the ring ops" "$body" &&
	git rev-parse HEAD >../FIX &&
	test_commit "drm/xe: more" "$body" &&
	test_commit "drm/xe: and more" "$body" && git tag v6.12 &&
	git checkout -q -b linux-6.11.y v6.11 &&
	test_pick "$(cat ../FIX)" && git rev-parse HEAD >../PICK &&
	test_commit "drm: only on stable" "$body" &&
	git rev-parse HEAD >../TIP &&
	git checkout -q -b linux-6.12.y v6.12 &&
	test_commit "drm: on the newer stable branch" "$body" &&
	git checkout -q master &&
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

test_done
