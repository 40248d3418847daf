#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Branch containment when mainline's release tags do not follow each
# other in history.  A stable branch's walk stops at mainline release
# tags, and a mainline commit released no later than the newest one it
# met counts as in the branch: true only while every release tag sits
# after the tags of earlier versions.  GLib's 2.20.0 sits on the commit
# of 2.24.0, which put about 1,500 commits of 2.21 to 2.24 into its
# glib-2-20 and glib-2-22; a stable branch that merges mainline and tags
# the merge does the same to the branches after it.  Then every other
# branch is indexed whole, with a warning, and each commit is in exactly
# the branches git says.

. "$(dirname "$0")/lib-checkbackport.sh"

# branches_of ID: the tracked branches names gives for ID, space-separated.
branches_of () {
	cbp names "$1" >"$TRASH/names.out" &&
	sed -n "s/.*; in: //p" "$TRASH/names.out" | head -n 1
}

# same_as_git: every tracked branch holds, by names, the commits git
# lists for it, and no other.  What git says from one rev-list a branch
# ("B BRANCH" and the commits it holds), what names says from one names
# --stdin (the answers of names ID, in turn, a blank line between two):
# a few processes a call instead of ten a commit.
same_as_git () {
	git rev-list --all >"$TRASH/all" &&
	git for-each-ref --format="%(refname) %(refname:short)" \
		refs/heads/master "refs/heads/stable-*" >"$TRASH/branches" &&
	: >"$TRASH/contains" &&
	while read -r ref short
	do
		echo "B $short" >>"$TRASH/contains" &&
		git rev-list "$ref" >>"$TRASH/contains" || return 1
	done <"$TRASH/branches" &&
	cbp names --stdin <"$TRASH/all" >"$TRASH/names.out" &&
	awk -v contains="$TRASH/contains" -v all="$TRASH/all" '
	# the words of S split at each space, empty ones dropped, sorted
	# and each followed by a space: tr " " "\n" | sed "/^$/d" | sort |
	# tr "\n" " "
	function sorted(s,   a, b, n, m, i, j, t, out) {
		n = split(s, a, / /)
		m = 0
		for (i = 1; i <= n; i++) {
			if (a[i] == "")
				continue
			t = a[i] ""
			for (j = m; j >= 1 && b[j] > t; j--)
				b[j + 1] = b[j]
			b[j + 1] = t
			m++
		}
		out = ""
		for (i = 1; i <= m; i++)
			out = out b[i] " "
		return out
	}
	BEGIN {
		while ((getline line <contains) > 0) {
			if (line ~ /^B /)
				branch = substr(line, 3)
			else
				want[line] = want[line] " " branch
		}
		n = 0
		while ((getline line <all) > 0)
			commit[++n] = line
		answer = 1
	}
	/^$/ { answer++; next }
	# the branches of the first "; in:" line of each answer
	!(answer in got) && /; in: / {
		sub(/.*; in: /, "")
		got[answer] = $0
	}
	END {
		if (NR == 0)
			answer = 0
		if (answer != n) {
			printf "%d commits, but %d answers of names\n", n, answer
			exit 1
		}
		for (i = 1; i <= n; i++) {
			w = sorted(want[commit[i]])
			g = sorted(got[i])
			if (w != g) {
				printf "%s: git says '\''%s'\'', names says '\''%s'\''\n", commit[i], w, g
				exit 1
			}
		}
	}' "$TRASH/names.out"
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "base" && git tag v1.0 &&
	test_commit "one" && git tag v1.1 &&
	test_commit "two" && tip >../TWO &&
	test_commit "three" && tip >../THREE &&
	git tag v1.2 &&
	git checkout -q -b stable-1.0 v1.0 && test_commit "fix on 1.0" &&
	git tag v1.0.1 &&
	git checkout -q -b stable-1.1 v1.1 && test_commit "fix on 1.1" &&
	git checkout -q master
'

test_expect_success 'set up: releases in order, two stable branches' '
	test_setup_cached t1016 repo "../TWO ../THREE" \
		"$setup_repo" &&
	cd repo &&
	"$CBP_BIN" index --stable "stable-*" --tags "v*" >/dev/null 2>../err &&
	! grep "out of order\|earlier version" ../err &&
	test "$(branches_of "$(cat ../TWO)")" = master &&
	same_as_git
'

test_expect_success 'a tag of an earlier version on a later commit: no commit joins a branch' '
	cd repo &&
	git tag v1.0.5 "$(cat ../THREE)" &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "warning: tag .v1.[12]. is on a commit that .v1.0.5., an earlier version, has" ../err &&
	grep "warning: so branches other than mainline are indexed whole" ../err &&
	test "$(branches_of "$(cat ../TWO)")" = master &&
	same_as_git
'

test_expect_success 'the same from a fresh build' '
	cd repo &&
	"$CBP_BIN" index --rebuild >/dev/null 2>../err &&
	grep "warning: tag .v1.[12]. is on a commit that .v1.0.5." ../err &&
	same_as_git
'

test_expect_success 'the tag gone: the branches lean on releases again, answers unchanged' '
	cd repo &&
	git tag -d v1.0.5 >/dev/null &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	! grep "earlier version" ../err &&
	same_as_git
'

test_expect_success 'a stable branch that merged mainline and tagged the merge' '
	cd repo &&
	git checkout -q stable-1.0 &&
	test_tick &&
	git merge -q --no-ff -m "Merge master into stable-1.0" master &&
	git tag v1.0.2 &&
	git checkout -q master &&
	test_commit "four" &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "warning: tag .v1.1. is on a commit that .v1.0.2., an earlier version, has" ../err &&
	test "$(branches_of "$(cat ../TWO)")" = "master stable-1.0" &&
	same_as_git &&
	cbp index --rebuild >/dev/null 2>&1 &&
	same_as_git
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_late='
	git init -q late && cd late &&
	test_commit "base" && git tag v2.0 &&
	test_commit "after the release" &&
	git checkout -q -b stable-2.0 && test_commit "fix on 2.0" &&
	git tag v2.0.1 &&
	git checkout -q master && test_commit "next" && git tag v2.1 &&
	git checkout -q -b stable-2.1 && test_commit "fix on 2.1" &&
	git checkout -q master
'

test_expect_success 'a stable branch made after its release is no disorder' '
	test_setup_cached t1016-late late "" \
		"$setup_late" &&
	cd late &&
	"$CBP_BIN" index --stable "stable-*" --tags "v*" >/dev/null 2>../err &&
	! grep "earlier version" ../err &&
	same_as_git
'

# moby tags v28.1.0 on the very commit of v28.1.0-rc.2: the release
# candidate's tag is as much an ancestor of every later tag.
# The repository of the next test, made with git alone (test_setup_cached).
setup_rc='
	git init -q rc && cd rc &&
	test_commit "base" && git tag v3.0 &&
	test_commit "more" && git tag v3.1-rc1 &&
	test_commit "last" && git tag v3.1-rc2 && git tag v3.1 &&
	git checkout -q -b stable-3.1 && test_commit "fix on 3.1" &&
	git checkout -q master && test_commit "next" && git tag v3.2
'

test_expect_success 'a release on the commit of its last candidate is no disorder' '
	test_setup_cached t1016-rc rc "" \
		"$setup_rc" &&
	cd rc &&
	"$CBP_BIN" index --stable "stable-*" --tags "v*" >/dev/null 2>../err &&
	! grep "earlier version" ../err &&
	same_as_git
'

test_done
