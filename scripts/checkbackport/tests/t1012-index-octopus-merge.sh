#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# no limit on the parents of a commit.  Mainline has a
# merge of 66 parents; commits reachable only through parent 65 and
# later must be indexed, contained and released like any other, in a
# cold build and in an update.

. "$(dirname "$0")/lib-checkbackport.sh"

# octopus N LAST: a merge of HEAD, N-2 new side commits made with
# commit-tree and LAST, in that order; prints the merge and lists the
# sides in ../SIDES.
octopus () {
	base=$(git rev-parse HEAD) && parents="-p $base" && : >../SIDES &&
	i=2 && while test $i -lt "$1"
	do
		test_tick &&
		side=$(echo "side $i" | git commit-tree "HEAD^{tree}" -p "$base") &&
		parents="$parents -p $side" && echo "$side" >>../SIDES &&
		i=$((i + 1))
	done &&
	echo "$2" >>../SIDES &&
	test_tick &&
	echo "octopus of $1" | git commit-tree "HEAD^{tree}" $parents -p "$2"
}

test_expect_success 'set up a 66-parent merge whose last parent is a cherry-pick' '
	git init -q repo && cd repo &&
	test_commit "drm: base" && git tag v6.11 &&
	test_commit "drm: fix" && git rev-parse HEAD >../FIX &&
	git checkout -q -b side v6.11 &&
	test_tick && git cherry-pick -x master >/dev/null &&
	git rev-parse HEAD >../PICK && git checkout -q master &&
	m=$(octopus 66 "$(cat ../PICK)") && git reset -q --hard "$m" &&
	git branch -D side >/dev/null &&
	test "$(git rev-list --parents -1 HEAD | wc -w)" = 67 &&
	git tag v6.12 && git branch linux-6.12.y v6.12
'

test_expect_success 'a cold build reads every parent of the merge' '
	cd repo && cbp index >../out &&
	test "$(git rev-list --all | wc -l)" = 68 &&
	grep "read 68 new commits (1 citation)" ../out
'

test_expect_success 'parents 65 and 66 are indexed, released and on their branches' '
	cd repo && for c in $(tail -n 2 ../SIDES)
	do
		{ cbp names --json "$c" >../j || test $? = 1; } &&
		test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.12 &&
		test "$(json_get ../j "\$j->{members}[0]{branches}")" = "master
linux-6.12.y" || return 1
	done
'

test_expect_success 'the cherry-pick reached only through parent 66 names its original' '
	cd repo && test_expect_code 1 cbp names --json "$(cat ../FIX)" >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 2 &&
	test "$(json_get ../j "\$j->{members}[1]{id}")" = "$(cat ../PICK)"
'

test_expect_success 'an update reads a 70-parent merge whole' '
	cd repo && test_commit "drm: after" &&
	git checkout -q -b side2 HEAD~ && test_commit "drm: other" &&
	test_tick && git commit -q --allow-empty -m "drm: fix

(cherry picked from commit $(cat ../FIX))" &&
	last=$(git rev-parse HEAD) && git checkout -q master && git branch -D side2 >/dev/null &&
	m=$(octopus 70 "$last") && git reset -q --hard "$m" &&
	cbp index >../out && grep "read 72 new commits (1 citation)" ../out &&
	test_expect_code 1 cbp names --json "$(cat ../FIX)" >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 3
'

test_done
