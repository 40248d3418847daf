#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='a release branch picking a pull request through its merge

A GitHub-flow project merges each pull request as a merge commit, and a
release branch takes one with "git cherry-pick -x -m 1 M": the copy
cites the merge only, and its diff is what the merge brought in.  Linked
to the merge alone, the copy was no name of the pull request'"'"'s commits:
missing did not list mainline'"'"'s revert or fix of one (moby'"'"'s 17.03.x
1235b56fbcbf cites merge 48184351c938; mainline reverted the pull
request'"'"'s 7e3a596a63fd in dcf2632945b8).  A merge that brought in more
than 100 commits joins nothing, nor does a merge cited by Fixes:.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# merge_pr BRANCH NUMBER: merge BRANCH into HEAD as GitHub does.
merge_pr () {
	test_tick &&
	git merge -q --no-ff -m "Merge pull request #$2 from dev/$1" "$1"
}

# The set-up's repository, made with git alone (test_setup_cached):
# pull request 1 is one commit, 2 two, 3 a hundred and one; the release
# branch picks the three merges; mainline then reverts 1's commit, fixes
# 2's first, and fixes merge 2 itself.
setup_repo='
	git init -q -b master repo &&
	cd repo &&
	test_change base/a base "base: the start" >/dev/null &&
	git tag v1.0 &&
	git branch release-1.0 &&
	git checkout -q -b pr1 &&
	test_change daemon/a.go a1 "daemon: fix the leak" &&
	A=$(tip) &&
	git checkout -q master &&
	test_change docs/x.md x1 "docs: other work" &&
	merge_pr pr1 1 &&
	M1=$(tip) &&
	git checkout -q -b pr2 &&
	test_change api/b.go b1 "api: add the field" &&
	B1=$(tip) &&
	test_change client/c.go c1 "client: use the field" &&
	B2=$(tip) &&
	git checkout -q master &&
	merge_pr pr2 2 &&
	M2=$(tip) &&
	git checkout -q -b pr3 &&
	i=0 &&
	while test $i -le 100
	do
		echo "$i" >>vendor.txt &&
		git add vendor.txt &&
		git commit -q -m "vendor: bump $i" &&
		i=$((i + 1)) || exit 1
	done &&
	V0=$(git rev-list --reverse master..pr3 | head -n 1) &&
	git checkout -q master &&
	merge_pr pr3 3 &&
	M3=$(tip) &&
	git checkout -q release-1.0 &&
	pick -x -m 1 $M1 &&
	C1=$(tip) &&
	pick -x -m 1 $M2 &&
	C2=$(tip) &&
	pick -x -m 1 $M3 &&
	C3=$(tip) &&
	git checkout -q master &&
	revert $A &&
	RA=$(tip) &&
	test_change api/b.go b2 "api: fix the field" \
		"Fixes: $(s12 $B1) (\"api: add the field\")" &&
	FB=$(tip) &&
	test_change client/d.go d2 "client: fix the pull request" \
		"Fixes: $(s12 $M2) (\"Merge pull request #2 from dev/pr2\")" &&
	FM=$(tip) &&
	git tag v1.1
'

test_expect_success 'index: the picks of merges are joined to what they brought in' '
	test_setup_cached t4025 repo "A M1 B1 B2 M2 V0 M3 C1 C2 C3 RA FB FM" \
		"$setup_repo" &&
	cd repo &&
	cbp index --mainline master --stable release-1.0 >/dev/null &&
	cbp index --rebuild --json >j &&
	test "$(json_get j "\$j->{new_merged}")" = 3
'

test_expect_success 'names: each commit of a pull request lists the release copy' '
	cd repo &&
	cbp names $A >out &&
	grep "^\`-- $(s12 $C1) " out &&
	grep "via: $(s12 $A), brought in by merge $(s12 $M1), which it cites  (consistent: " out &&
	! grep "in mainline 2 times" out &&
	cbp names $B1 >out &&
	grep "^\`-- $(s12 $C2) " out &&
	grep "via: $(s12 $B1), brought in by merge $(s12 $M2), which it cites  (adapted: " out &&
	cbp names $B2 >out &&
	grep "^\`-- $(s12 $C2) " out &&
	! grep "^ *[|\`]-- $(s12 $B1)" out &&
	! grep "^ *[|\`]-- $(s12 $M2)" out &&
	cbp names $M2 >out &&
	grep "^\`-- $(s12 $C2) " out &&
	! grep "^ *[|\`]-- $(s12 $B1)" out &&
	cbp names --json $C2 >j &&
	json_get j "join q{ }, map { \$_->{trailer} } @{(grep { \$_->{id} eq q{$C2} } @{\$j->{members}})[0]{citations}}" >got &&
	echo "cherry picked from brought in by the merge it cites brought in by the merge it cites" >want &&
	test_cmp want got &&
	json_get j "join q{ }, map { \$_->{merge} // q{-} } @{(grep { \$_->{id} eq q{$C2} } @{\$j->{members}})[0]{citations}}" >got &&
	echo "- $M2 $M2" >want &&
	test_cmp want got
'

test_expect_success 'missing: the revert and the fix of commits picked through merges' '
	cd repo &&
	test_expect_code 1 cbp missing --terse --stable release-1.0 >out &&
	grep "^$(s12 $RA) revert v1.1: reverts $(s12 $C1) (cited as $(s12 $A))$" out &&
	grep "^$(s12 $FB) fix v1.1: fixes $(s12 $C2) (cited as $(s12 $B1))$" out
'

test_expect_success 'a merge of more than 100 commits joins none of them, and says so' '
	cd repo &&
	cbp names $V0 >out &&
	! grep "$(s12 $C3)" out &&
	cbp index --rebuild --verbose >out &&
	grep "^not joined: 1 citations of merges that brought in more than 100 commits " out &&
	grep "^joined through cited merges: 3 links " out
'

test_expect_success 'a merge cited by Fixes: joins nothing to what it brought in' '
	cd repo &&
	cbp names $B1 >out &&
	! grep "$(s12 $FM)" out &&
	cbp names $B2 >out &&
	grep "^\`-- $(s12 $C2) " out &&
	! grep "$(s12 $FM)" out &&
	cbp index --rebuild --json >j &&
	test "$(json_get j "\$j->{new_merged}")" = 3 &&
	cbp followups $B2 >out &&
	! grep "$(s12 $FM)" out &&
	cbp followups $M2 >out &&
	grep "$(s12 $FM)" out
'

# A merge citing a merge is that merge made again: moby's merges in the
# history filtered into docker/cli ("Upstream-commit:"), or a release
# branch merging its own pull request of picks.  What it brought in
# cites what the other brought in; joined to those, it was a copy of
# commits it did not carry (1,716 suspicious links in docker/cli).
test_expect_success 'a merge citing a merge joins nothing to what it brought in' '
	git init -q -b master remerged &&
	cd remerged &&
	test_change base/a base "base: the start" &&
	git branch release-1.0 &&
	git checkout -q -b pr1 &&
	test_change daemon/a.go a1 "daemon: fix the leak" &&
	P=$(tip) &&
	git checkout -q master &&
	merge_pr pr1 1 &&
	M=$(tip) &&
	git checkout -q -b bp1 release-1.0 &&
	test_change docs/b.md b1 "docs: a note of the branch" &&
	pick -x $P &&
	Q=$(tip) &&
	git checkout -q release-1.0 &&
	test_tick &&
	git merge -q --no-ff -m "Merge pull request #1 from dev/pr1" \
		-m "Upstream-commit: $M" bp1 &&
	R=$(tip) &&
	cbp index --mainline master --stable release-1.0 --json >j &&
	test "$(json_get j "\$j->{new_merged}")" = 0 &&
	test "$(json_get j "\$j->{new_suspicious}")" = 0 &&
	cbp names $P >out &&
	grep "^\`-- $(s12 $Q) " out &&
	! grep "$(s12 $R)" out &&
	cbp names $M >out &&
	grep "$(s12 $R)" out &&
	cbp lint >out &&
	! grep "^suspicious" out
'

# A pull request whose first commit its second undoes: the pick of its
# merge carries the third alone, and shares no file with the first.
test_expect_success 'check: a commit the pick of its merge does not carry is said so' '
	git init -q -b master undone-repo &&
	cd undone-repo &&
	test_change base/a base "base: the start" &&
	git branch release-1.0 &&
	git checkout -q -b pr4 &&
	test_change tmp/t.go t1 "tmp: try a workaround" &&
	P1=$(tip) &&
	git rm -q tmp/t.go &&
	test_tick &&
	git commit -q -m "tmp: drop the workaround" &&
	test_change net/n.go n1 "net: the real fix" &&
	git checkout -q master &&
	merge_pr pr4 4 &&
	M4=$(tip) &&
	git checkout -q release-1.0 &&
	pick -x -m 1 $M4 &&
	C4=$(tip) &&
	cbp index --mainline master --stable release-1.0 >/dev/null &&
	cbp names $P1 >out &&
	grep "not followed: cited by $(s12 $C4) " out &&
	test_expect_code 0 cbp check --stable release-1.0 $P1 >out &&
	grep "^WARNING:CITED_SUSPICIOUS: " out &&
	grep "has $(s12 $C4) (\"Merge pull request #4 from dev/pr4\"), whose trailer names a merge that brought in $(s12 $P1) " out &&
	grep "the link through the merge is not followed" out
'

# dump: the links and verdicts, by commit ID (rows differ between runs).
dump () {
	sqlite3 .git/checkbackport.db "SELECT s.hex, l.kind, l.cited,
		coalesce(l.quoted, ''), coalesce(d.hex, '') FROM links l
		JOIN commits s ON s.id = l.src LEFT JOIN commits d ON d.id = l.dst
		ORDER BY 1, 2, 3, 5" &&
	sqlite3 .git/checkbackport.db "SELECT s.hex, d.hex, t.verdict
		FROM trust t JOIN commits s ON s.id = t.src
		JOIN commits d ON d.id = t.dst ORDER BY 1, 2"
}

if ! command -v sqlite3 >/dev/null
then
	test_skip 'updates in steps end where a rebuild does' 'no sqlite3'
else
test_expect_success 'updates in steps end where a rebuild does' '
	cd repo &&
	cbp index --rebuild >/dev/null &&
	dump >../cold &&
	grep -c "|11|" ../cold >n &&
	echo 3 >three &&
	test_cmp three n &&
	git update-ref refs/heads/release-1.0 v1.0 &&
	git update-ref refs/heads/master $A &&
	cbp index --rebuild >/dev/null &&
	git update-ref refs/heads/release-1.0 $C3 &&
	cbp index >/dev/null &&
	git update-ref refs/heads/master $M2 &&
	cbp index >/dev/null &&
	git update-ref refs/heads/master v1.1 &&
	cbp index >/dev/null &&
	dump >../warm &&
	test_cmp ../cold ../warm
'
fi

test_done
