#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Incremental updates after new commits and a new tag; tags and
# branches that move; concurrent runs; damaged and outdated index files.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	for i in 1 2 3 4 5; do test_commit "c$i"; done &&
	git tag v6.0 && git branch linux-6.0.y
'

test_expect_success 'set up and index a small history' '
	test_setup_cached t1010 repo "i" \
		"$setup_repo" &&
	cd repo &&
	cbp index >../out && grep "^built .*read 5 new commits" ../out
'

test_expect_success 'a second run reads nothing' '
	cd repo && cbp index >../out && grep "^updated .*read 0 new commits" ../out
'

# Most runs of check, missing or followups find nothing new: such an
# update must not write (each write ends in three syncs), so that the
# file stays as it was, to the byte (SQLite counts every change in its
# header), and no journal is made.
test_expect_success 'an update that finds nothing new writes nothing' '
	cd repo && cp .git/checkbackport.db ../before.db &&
	cbp index >../out && grep "^updated .*read 0 new commits" ../out &&
	cbp missing --stable linux-6.0.y >/dev/null &&
	cmp ../before.db .git/checkbackport.db &&
	! test -e .git/checkbackport.db-journal &&
	git tag v6.0-renamed v6.0 && git tag -d v6.0 >/dev/null &&
	cbp index >/dev/null &&
	test_expect_code 1 cmp -s ../before.db .git/checkbackport.db &&
	git tag v6.0 v6.0-renamed && git tag -d v6.0-renamed >/dev/null &&
	cbp index >/dev/null
'

# A query reads the index as it is while the refs stay where they were,
# and brings it up to date first when they moved: a commit made since is
# answered for (it was "not in the index"), and a branch deleted since
# is no longer answered for.
test_expect_success 'queries answer for the refs as they are, updating only when they moved' '
	cd repo && git checkout -q -b side && test_commit "s1" &&
	S=$(tip) && git checkout -q master &&
	cbp names --json $S >../j &&
	test "$(json_get ../j "\$j->{members}[0]{id}")" = $S &&
	cp .git/checkbackport.db ../before.db &&
	cbp names --json $S >/dev/null && cmp ../before.db .git/checkbackport.db &&
	git branch -D side >/dev/null &&
	test_expect_code 2 cbp names $S 2>../err &&
	grep "not in the index" ../err
'

test_expect_success 'new commits and a new tag: only the new ones are read' '
	cd repo && test_commit "d1" && test_commit "c3" \
		"(cherry picked from commit $(git rev-parse HEAD~3))" &&
	test_commit "d3" && git tag v6.1-rc1 &&
	cbp index >../out && grep "read 3 new commits (1 citation)" ../out &&
	test_expect_code 1 cbp names --json HEAD~1 >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 2 &&
	test "$(json_get ../j "\$j->{members}[1]{first_release}")" = v6.1-rc1
'

test_expect_success 'the old commits keep their release, the new get theirs' '
	cd repo && cbp names --json HEAD~4 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.0 &&
	cbp names --json HEAD >../j &&
	test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.1-rc1
'

test_expect_success 'a new lower tag on old commits reads nothing but lowers releases' '
	cd repo && git tag v6.0-rc1 HEAD~6 &&
	cbp index >../out && grep "read 0 new commits" ../out &&
	cbp names --json HEAD~7 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.0-rc1 &&
	cbp names --json HEAD~6 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.0-rc1 &&
	cbp names --json HEAD~4 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.0
'

test_expect_success 'a deleted tag is recomputed away' '
	cd repo && git tag -d v6.0-rc1 >/dev/null &&
	cbp index >/dev/null &&
	cbp names --json HEAD~7 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.0
'

test_expect_success 'a stable branch that moves forward gains commits' '
	cd repo && git checkout -q linux-6.0.y && test_commit "s1" &&
	git tag v6.0.1 && git checkout -q master && cbp index >/dev/null &&
	cbp names --json v6.0.1 >../j &&
	test "$(json_get ../j "\$j->{members}[0]{branches}")" = linux-6.0.y
'

test_expect_success 'a rewound branch loses the commits it no longer has' '
	cd repo && git branch -f linux-6.0.y v6.0 && cbp index >/dev/null &&
	cbp names --json v6.0.1 >../j &&
	test -z "$(json_get ../j "\$j->{members}[0]{branches}")" &&
	cbp names --json v6.0 >../j &&
	json_get ../j "\$j->{members}[0]{branches}" | grep -x linux-6.0.y
'

test_expect_success 'a branch not starting at a release tag is still complete' '
	cd repo && git branch linux-6.1.y HEAD~1 && cbp index >/dev/null &&
	cbp names --json HEAD~2 >../j &&
	json_get ../j "\$j->{members}[0]{branches}" | grep -x linux-6.1.y &&
	cbp names --json HEAD~4 >../j &&
	json_get ../j "\$j->{members}[0]{branches}" | grep -x linux-6.1.y &&
	cbp names --json HEAD >../j &&
	! json_get ../j "\$j->{members}[0]{branches}" | grep -x linux-6.1.y
'

test_expect_success 'a new stable branch at its release tag contains all its history' '
	cd repo && git branch linux-6.2.y v6.1-rc1 && cbp index >../out &&
	grep "read 0 new commits" ../out &&
	cbp names --json HEAD~7 >../j &&
	json_get ../j "\$j->{members}[0]{branches}" | grep -x linux-6.2.y &&
	json_get ../j "\$j->{members}[0]{branches}" | grep -x linux-6.0.y
'

test_expect_success 'two index runs at once both succeed and agree' '
	cd repo && for i in 1 2 3 4 5 6 7 8; do test_commit "e$i"; done &&
	rm -f .git/checkbackport.db &&
	{ "$CBP_BIN" -q index >../o1 & } && "$CBP_BIN" -q index >../o2 && wait &&
	grep -h "read" ../o1 ../o2 &&
	test "$(cat ../o1 ../o2 | grep -c "commits, ")" = 2 &&
	cbp index >../out && grep "read 0 new commits" ../out &&
	grep " 17 commits" ../out
'

# What a damaged index tracked may be lost with it: rebuilt on the
# defaults, an index built with other options would answer for other
# branches and releases without a word (a helper's trial on zfs).  It is
# rebuilt when asked to, or when the options and git config say all.
test_expect_success 'a damaged index file: an error saying how to rebuild it' '
	cd repo && dd if=/dev/urandom of=.git/checkbackport.db bs=4096 seek=1 count=2 \
		conv=notrunc 2>/dev/null &&
	test_expect_code 2 "$CBP_BIN" index >../out 2>../err &&
	grep "checkbackport.db is damaged, and what it tracked cannot be read" ../err &&
	grep "run .checkbackport index --rebuild. with the --mainline" ../err &&
	! test -s ../out &&
	"$CBP_BIN" index --rebuild >../out 2>../err &&
	grep "^built .*read 17 new commits" ../out
'

test_expect_success 'a query on a damaged index: the same, unless git config says it all' '
	cd repo && truncate -s 4096 .git/checkbackport.db &&
	test_expect_code 2 "$CBP_BIN" names HEAD >../out 2>../err &&
	grep "is damaged" ../err &&
	git config checkbackport.mainline master &&
	git config checkbackport.stable "linux-*.y" &&
	git config checkbackport.branches "" &&
	git config checkbackport.tags "v*" &&
	git config checkbackport.releasePattern "v?([0-9]+(\.[0-9]+){1,3}(-(rc|beta|alpha)(\.?[0-9]+)?)?)" &&
	"$CBP_BIN" names HEAD >../out 2>../err &&
	git config --remove-section checkbackport &&
	grep "rebuilding" ../err && grep "^1 name " ../out
'

if ! command -v sqlite3 >/dev/null
then
	test_skip 'an index of another schema version is rebuilt' 'no sqlite3'
	test_skip 'a half-written index is never trusted' 'no sqlite3'
else
test_expect_success 'an index of another schema version is rebuilt' '
	cd repo && sqlite3 .git/checkbackport.db "PRAGMA user_version = 99" &&
	"$CBP_BIN" index >../out 2>../err &&
	grep "schema version 99" ../err && grep "^built" ../out
'

test_expect_success 'a half-written index is never trusted' '
	cd repo && sqlite3 .git/checkbackport.db "DELETE FROM meta WHERE key = '"'complete'"'" &&
	"$CBP_BIN" index >../out 2>../err &&
	grep "incomplete" ../err && grep "^built" ../out
'
fi

test_expect_success '--rebuild starts afresh; --index puts the file elsewhere' '
	cd repo && cbp index --rebuild >../out && grep "^built .*read 17" ../out &&
	cbp index --index ../elsewhere.db >../out && test -s ../elsewhere.db &&
	grep "^built ../elsewhere.db" ../out
'

test_done
