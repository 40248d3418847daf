#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A shallow clone has no commit below its cut, and a partial clone no
# file it has not fetched (libgit2 cannot fetch one on demand, as git
# does).  An index built from either can be wrong about what it never
# read, silently: a copy made without -x is found by comparing files, and
# in a partial clone they are not there.  So every run that uses such an
# index says so, and the first update after the clone is made whole
# builds the index afresh.

. "$(dirname "$0")/lib-checkbackport.sh"

SET="--mainline=main --stable=stable-*"
SHALLOW="index was built from a shallow clone"
PARTIAL="index was built from a partial clone"

# lines N: thirty numbered lines, line N reworded.
lines () {
	i=1 && while test $i -le 30
	do
		if test $i = "$1"
		then
			echo "line $i, reworded"
		else
			echo "line $i"
		fi || return 1
		i=$((i + 1))
	done
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_up='
	git init -q -b main up && cd up &&
	git config uploadpack.allowFilter true &&
	lines 0 >f && git add f && test_tick && git commit -q -m init &&
	git tag v1.0 && git checkout -q -b stable-1 &&
	lines 1 >f && test_tick && git commit -q -am "stable: line one" &&
	git checkout -q main &&
	sed "s/^line 20$/line 20, fixed/" f >f.new && mv f.new f &&
	test_tick && git commit -q -am "fix: line twenty" &&
	tip >../F && git checkout -q stable-1 &&
	test_tick && git cherry-pick "$(cat ../F)" >/dev/null &&
	tip >../C && git checkout -q main &&
	test_commit "after the fix" && test_commit "and one more"
'

test_expect_success 'set up: a fix on main, copied to stable-1 without -x' '
	test_setup_cached t1032 up "../F ../C" \
		"$setup_up"
'

test_expect_success 'a whole clone: the copy is a name of the fix, no warning' '
	git clone -q --no-local up whole && cd whole &&
	git branch -q stable-1 origin/stable-1 &&
	"$CBP_BIN" index $SET >../out 2>../err &&
	! grep "warning" ../err &&
	"$CBP_BIN" names "$(cat ../F)" >../out 2>../err &&
	grep "^2 names" ../out && grep "^\`-- $(s12 "$(cat ../C)")" ../out &&
	test_must_be_empty ../err
'

test_expect_success 'a partial clone: each run says what it cannot have compared' '
	git clone -q --filter=blob:none --no-local up partial && cd partial &&
	git branch -q stable-1 origin/stable-1 &&
	"$CBP_BIN" index $SET >../out 2>../err &&
	grep "warning: the $PARTIAL: .* a copy without a trailer can go unfound" ../err &&
	test "$(grep -c warning ../err)" = 1 &&
	"$CBP_BIN" names "$(cat ../F)" >../out 2>../err &&
	grep "warning: the $PARTIAL" ../err &&
	"$CBP_BIN" -q names "$(cat ../F)" >../out 2>../err &&
	test_must_be_empty ../err &&
	"$CBP_BIN" index --json $SET >../out 2>../err &&
	grep "\"partial_clone\":true" ../out && grep "\"shallow\":false" ../out
'

test_expect_success 'a shallow clone: every run says so, each command alike' '
	git clone -q --depth 2 --no-single-branch "file://$TRASH/up" shallow &&
	cd shallow && git branch -q stable-1 origin/stable-1 &&
	"$CBP_BIN" index $SET >../out 2>../err &&
	grep "warning: the $SHALLOW: it has no commit below the cut" ../err &&
	grep "git fetch --unshallow" ../err && ! grep "cannot read commit" ../err &&
	for run in "0 names HEAD" "0 fixes HEAD" "0 missing --stable stable-1" \
		"0 followups HEAD" "0 lint" "0 check --stable stable-1 HEAD"
	do
		set -- $run &&
		code=$1 && shift &&
		test_expect_code "$code" "$CBP_BIN" "$@" >../out 2>../err &&
		test "$(grep -c "warning: the $SHALLOW" ../err)" = 1 || return 1
	done
'

test_expect_success 'fetched whole, the clone is indexed afresh, no warning after' '
	cd shallow && git fetch -q --unshallow &&
	"$CBP_BIN" index >../out 2>../err &&
	grep "^built " ../out &&
	grep "built from a shallow clone, and the repository is not one any more; rebuilding" ../err &&
	! grep warning ../err &&
	"$CBP_BIN" names "$(cat ../F)" >../out 2>../err &&
	grep "^2 names" ../out && test_must_be_empty ../err
'

# git follows replace refs (git replace), libgit2 does not: where one
# gives a commit another message, names and git log differ.  Said while
# the repository has one, and no rebuild once it is gone.
test_expect_success 'replace refs: said while there is one, no rebuild after' '
	cd whole &&
	other=$(git commit-tree -p HEAD^ -m "another message" "HEAD^{tree}") &&
	git replace HEAD "$other" &&
	"$CBP_BIN" index >../out 2>../err &&
	grep "warning: the repository has replace refs (git replace)" ../err &&
	"$CBP_BIN" index --json >../out 2>/dev/null &&
	grep "\"replace_refs\":true" ../out &&
	"$CBP_BIN" names "$(cat ../F)" >../out 2>../err &&
	grep "warning: the repository has replace refs" ../err &&
	GIT_NO_REPLACE_OBJECTS=1 "$CBP_BIN" index >../out 2>../err &&
	! grep "warning" ../err &&
	git replace -d HEAD >/dev/null &&
	"$CBP_BIN" index >../out 2>../err &&
	grep "^updated " ../out && test_must_be_empty ../err
'

# remote.<name>.promisor alone makes a partial clone, whatever the case
# of its key and name; and reading a config of thousands of entries
# (branch.* of a developer's repository) loses no memory on each:
# libgit2's glob iterator lost some 4 KiB on each entry that did not
# match, 100 MB here (peak RSS of index by build/bench-run; not judged
# under ASan).
test_expect_success 'remote.<name>.promisor alone, among 20000 other entries' '
	git init -q -b main cfg && cd cfg &&
	test_commit "one" &&
	i=0 && while test $i -lt 10000
	do
		printf "[branch \"b%d\"]\n\tremote = o\n\tmerge = refs/heads/b%d\n" \
			$i $i || return 1
		i=$((i + 1))
	done >>.git/config &&
	printf "[remote \"Other\"]\n\tPromisor = false\n" >>.git/config &&
	"$CBP_DIR/build/bench-run" once -o ../out "$CBP_BIN" index >../rss 2>../err &&
	read -r _ rss status <../rss && test "$status" = 0 &&
	! grep "warning" ../err &&
	echo "index with 20001 config entries: $rss KiB" &&
	{ test -n "$CBP_SANITIZE" || test "$rss" -lt 40000; } &&
	git config remote.Other.promisor true &&
	"$CBP_BIN" index >../out 2>../err &&
	grep "warning: the $PARTIAL" ../err
'

# A pick without -x whose conflict was resolved by hand keeps only the
# author, date and subject, and is joined when the two changes have a
# file in common, which the trees say: a partial clone, without the
# blobs to diff, joins it too (it once needed every line of both).
test_expect_success 'a partial clone joins a hand-resolved pick by its files' '
	git clone -q up up2 && cd up2 &&
	git config uploadpack.allowFilter true &&
	git checkout -q main &&
	sed "s/^line 25$/line 25, fixed/" f >f.new && mv f.new f &&
	test_tick && git commit -q -am "fix: line twenty-five" &&
	tip >../F25 && git checkout -q -b stable-1 origin/stable-1 &&
	git cherry-pick --no-commit "$(cat ../F25)" &&
	sed "s/^line 26$/line 26, by hand/" f >f.new && mv f.new f &&
	git commit -q -a -C "$(cat ../F25)" &&
	tip >../C25 && git checkout -q main &&
	cd .. && git clone -q --filter=blob:none --no-local up2 partial2 &&
	cd partial2 && git branch -q stable-1 origin/stable-1 &&
	"$CBP_BIN" -q index $SET >../out &&
	"$CBP_BIN" -q names "$(cat ../F25)" >../out &&
	grep "^2 names" ../out &&
	grep "^\`-- $(s12 "$(cat ../C25)")" ../out
'

# A copy that changes a large file (both sides over 256 KiB together)
# onto another base is compared by the file's change in size first.  In
# a clone filtered by blob size the main side's blobs are not there: a
# size the clone lacks is no size, and the pair is asked again in the
# next run, not kept as two changes, so once git has fetched the blobs
# (on demand, as it does) the copy is found.  The copy's subject is its
# own: only its patch can join it.
# The repository of the next test, made with git alone (test_setup_cached).
setup_upl='
	git init -q -b main upl && cd upl &&
	git config uploadpack.allowFilter true &&
	git config uploadpack.allowAnySHA1InWant true &&
	seq -f "a line numbered %g" 1 7000 >big && git add big &&
	test_tick && git commit -q -m init &&
	git branch stable-1 &&
	seq -f "a line numbered %g" 7001 10000 >>big &&
	test_tick && git commit -q -am "main: grow the file" &&
	echo "fixed at the end" >>big &&
	test_tick && git commit -q -am "fix: the end" &&
	F=$(tip) && git checkout -q stable-1 &&
	echo "fixed at the end" >>big &&
	git commit -q -a -C $F &&
	git commit -q --amend -m "stable: fix the end" &&
	C=$(tip) && git checkout -q main
'

test_expect_success 'a partial clone keeps no answer on a file it lacks' '
	test_setup_cached t1032-upl upl "F C" \
		"$setup_upl" &&
	cd upl &&
	test "$(git cat-file -s $F^:big)" -gt 153600 &&
	test "$(git cat-file -s $C^:big)" -lt 153600 &&
	test "$(git cat-file -s $C:big)" -lt 153600 &&
	test $(($(git cat-file -s $C^:big) + $(git cat-file -s $C:big))) -gt 262144 &&
	cd .. && git clone -q --filter=blob:limit=150k --no-local upl partial3 &&
	cd partial3 && git branch -q stable-1 origin/stable-1 &&
	git rev-list --objects --missing=print main >../missing &&
	grep -q "^?" ../missing &&
	"$CBP_BIN" -q index $SET >../out &&
	"$CBP_BIN" -q names $F >../out &&
	grep "^1 name" ../out &&
	git cat-file -p $F^:big >/dev/null && git cat-file -p $F:big >/dev/null &&
	"$CBP_BIN" -q index $SET >../out &&
	"$CBP_BIN" -q names $F >../out &&
	grep "^2 names" ../out &&
	grep "same patch-id as $F, no trailer" ../out
'

test_done
