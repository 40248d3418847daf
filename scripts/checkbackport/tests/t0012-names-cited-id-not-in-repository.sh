#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A cited ID missing from the repository (a linux-next or drm-only
# commit) is a member of the class, marked missing, until it is fetched.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repositories, made with git alone (test_setup_cached).
setup_drm='
	git init -q drm && (cd drm && test_commit "base" &&
		test_commit "drm/xe: fix oa" && tip >../N)
'
setup_repo='
	git init -q repo && cd repo && test_commit "init" && git tag v6.13-rc1 &&
	N=$(cat ../N) &&
	test_commit "drm/xe: fix oa" "(cherry picked from commit $N)" &&
	tip >../M && git tag v6.13-rc6 &&
	git checkout -q -b drm-fixes v6.13-rc1 &&
	test_commit "drm/xe: fix oa" \
		"(cherry picked from commit $(s12 "$N"))" &&
	tip >../M2 && git checkout -q master
'

test_expect_success 'set up: a drm tree and a mainline tree citing it' '
	test_setup_cached t0012-drm drm "../N" \
		"$setup_drm" &&
	test_setup_cached t0012 repo "../M ../M2 N" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null
'

N=$(cat N 2>/dev/null)
M=$(cat M 2>/dev/null)
n12=$(s12 "$N")

test_expect_success 'the missing ID is a member, marked missing' '
	cd repo && cbp names "$M" >../out &&
	grep "^3 names (1 only cited)" ../out &&
	grep -A1 -x "$n12" ../out | grep "missing: cited, not in this repository"
'

test_expect_success 'full and abbreviated citations of it join one member' '
	cd repo && cbp names --json "$M" >../j &&
	test "$(json_get ../j "scalar grep { \$_->{state} eq \"missing\" } @{\$j->{members}}")" = 1 &&
	json_get ../j "\$j->{members}[0]{id}" | grep -x "$N"
'

test_expect_success 'the missing ID can be asked about, in full or abbreviated' '
	cd repo && cbp names --json "$N" >../a && cbp names --json "$n12" >../b &&
	test "$(json_get ../a "scalar @{\$j->{members}}")" = 3 &&
	test "$(json_get ../b "scalar @{\$j->{members}}")" = 3
'

# in_repository JSON: in_repository of the members only cited, 1, 0 or
# null each, comma-separated.
in_repository () {
	json_get "$1" 'join ",", map {
		defined $_->{in_repository} ? ($_->{in_repository} ? 1 : 0) : "null"
	} grep { $_->{state} eq "missing" } @{$j->{members}}'
}

# The repository of the next test, made with git alone (test_setup_cached).
setup_pr='
	git init -q pr && cd pr && test_commit "base" &&
	git checkout -q -b side && test_commit "drm/xe: on a pull request" &&
	P=$(tip) && git update-ref refs/pull/1/head "$P" &&
	git checkout -q master && git branch -q -D side &&
	test_commit "drm/xe: picked from elsewhere" \
		"(cherry picked from commit $N)" &&
	test_commit "drm/xe: picked" "(cherry picked from commit $P)" &&
	git checkout -q -b drm-next HEAD~2 &&
	test_commit "drm/xe: picked, cited in 11 digits" \
		"(cherry picked from commit $(printf %.11s "$P"))" &&
	git checkout -q -b side2 master~2 && test_commit "drm/xe: two on a pull request" &&
	Q=$(tip) && git update-ref refs/pull/2/head "$Q" &&
	git checkout -q -b drm-short master~2 && git branch -q -D side2 &&
	test_commit "drm/xe: Q cited in 11 digits alone" \
		"(cherry picked from commit $(printf %.11s "$Q"))" &&
	git checkout -q -b drm-12 master~2 &&
	test_commit "drm/xe: Q cited in 12 digits alone" \
		"(cherry picked from commit $(printf %.12s "$Q"))" &&
	git checkout -q master
'

test_expect_success 'one only a pull request ref has is in the repository, on no branch' '
	test_setup_cached t0012-pr pr "P Q" \
		"$setup_pr" &&
	cd pr &&
	for where in loose packed
	do
		cbp names master >../out &&
		grep -B1 "^    missing: cited, in this repository, but no branch or tag reaches it$" \
			../out >../member &&
		grep -x "$(s12 "$P")" ../member &&
		cbp names drm-next >../out &&
		grep -x "    missing: cited, in this repository, but no branch or tag reaches it" \
			../out &&
		cbp names master~1 >../out &&
		grep -x "        missing: cited, not in this repository" ../out &&
		cbp names drm-short >../out &&
		grep -x "        missing: cited, on no branch or tag" ../out &&
		cbp names drm-12 >../out &&
		grep -x "        missing: cited, in this repository, but no branch or tag reaches it" \
			../out &&
		cbp names --json master >../j &&
		test "$(in_repository ../j)" = 1 &&
		cbp names --json master~1 >../j &&
		test "$(in_repository ../j)" = 0 &&
		git repack -adq && test_path_is_missing .git/objects/${P%"${P#??}"} ||
		return 1
	done
'

test_expect_success 'behind an alternate object store, it cannot be told' '
	git clone -q --shared pr shared && cd shared &&
	test_path_is_file .git/objects/info/alternates &&
	cbp names HEAD >../out &&
	grep "^    missing: cited, on no branch or tag$" ../out &&
	cbp names --json HEAD >../j &&
	test "$(in_repository ../j)" = null
'

test_expect_success 'fetching the tree that has it turns it present' '
	cd repo && git fetch -q ../drm master:refs/heads/drm-next &&
	cbp index >../out && grep "read 2 new commits" ../out &&
	cbp names --json "$M" >../j &&
	test "$(json_get ../j "scalar grep { \$_->{state} eq \"present\" } @{\$j->{members}}")" = 3 &&
	json_get ../j "\$j->{members}[0]{subject}" | grep -x "drm/xe: fix oa"
'

test_expect_success 'a missing short citation resolves once the commit arrives' '
	cd repo && cbp names --json "$(cat ../M2)" >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 3
'

# Two short citations of one missing commit, of 12 and 16 digits (OVS
# cites Linux's 029f7f3b8701 both ways): two rows.  The ID as cited is
# the one asked, and a shorter prefix of both lists them in full, not as
# two alike 12-digit IDs.
test_expect_success 'a cited ID written two ways: the one asked, or both in full' '
	cd repo &&
	test_commit "drm/y: one" "(cherry picked from commit 0123456789abcdef)" &&
	test_commit "drm/y: two" "(cherry picked from commit 0123456789ab)" &&
	cbp index >/dev/null &&
	cbp names --json 0123456789ab >../j &&
	test "$(json_get ../j "\$j->{query}")" = 0123456789ab &&
	cbp names --json 0123456789abcdef >../j &&
	test "$(json_get ../j "\$j->{query}")" = 0123456789abcdef &&
	test_expect_code 2 cbp names 01234567 2>../err &&
	grep "short ID 01234567 is ambiguous" ../err &&
	grep -x "checkbackport: hint:   0123456789ab" ../err &&
	grep -x "checkbackport: hint:   0123456789abcdef" ../err
'

# The index looks IDs up by the number their first 15 digits make, the
# text deciding past them: prefixes of every length around that name the
# commit, present or cited; an ID past a cited one's digits names it as
# cited shorter, and one that only starts like a cited one is unknown.
# The repository of the next test, made with git alone (test_setup_cached).
setup_keyed='
	git init -q keyed && cd keyed && test_commit "base" &&
	test_commit "x: a fix" "(cherry picked from commit 0123456789abcdef0123)" &&
	H=$(tip)
'

test_expect_success 'IDs of every length around the lookup key of 15 digits' '
	test_setup_cached t0012-keyed keyed "H" \
		"$setup_keyed" &&
	cd keyed && cbp index >/dev/null &&
	for n in 7 14 15 16 39 40
	do
		cbp names --json "$(printf "%.${n}s" $H)" >../j &&
		test "$(json_get ../j "\$j->{members}[0]{id}")" = $H || return 1
	done &&
	for q in 0123456789ab 0123456789abcde 0123456789abcdef 0123456789abcdef0123 \
		0123456789abcdef01239
	do
		cbp names --json $q >../j &&
		test "$(json_get ../j "scalar @{\$j->{members}}")" = 2 &&
		test "$(json_get ../j "\$j->{members}[1]{id}")" = 0123456789abcdef0123 ||
		return 1
	done &&
	test_expect_code 2 cbp names 0123456789abcdef9999 2>../err &&
	grep -x "checkbackport: error: unknown commit 0123456789abcdef9999" ../err
'

# Two commits whose IDs share their first 7 digits, on branches of their
# own: perl tries messages until two IDs collide (some 20000 SHA-1s, a
# tenth of a second).  Prints the two IDs.
colliding_pair () {
	tree=$(git rev-parse "HEAD^{tree}") &&
	parent=$(tip) &&
	perl -MDigest::SHA=sha1_hex -e '
		my ($tree, $parent) = @ARGV;
		my $head = "tree $tree\nparent $parent\n" .
			"author A U Thor <author\@example.com> 1300000000 +0000\n" .
			"committer A U Thor <author\@example.com> 1300000000 +0000\n\n";
		my %seen;
		for my $k (0 .. 1000000) {
			my $body = "$head" . "side: try $k\n";
			my $id = sha1_hex("commit " . length($body) . "\0" . $body);
			my $p = substr($id, 0, 7);
			if (exists $seen{$p}) {
				print "$seen{$p}$body";
				exit 0;
			}
			$seen{$p} = $body;
		}
		exit 1;
	' "$tree" "$parent" >pair &&
	sed -n "1,/^side: /p" pair | git hash-object -t commit -w --stdin &&
	sed "1,/^side: /d" pair | git hash-object -t commit -w --stdin
}

# A cold build answers abbreviated IDs from the commits it read: one
# that names one commit is it, one that names two is ambiguous, as the
# index answers them in an update.
test_expect_success 'short citations of one commit and of two, updated and cold' '
	git init -q short && cd short && test_commit "base" &&
	cbp index >/dev/null &&
	colliding_pair >../ids &&
	A=$(sed -n 1p ../ids) && B=$(sed -n 2p ../ids) &&
	test "$(printf %.7s $A)" = "$(printf %.7s $B)" && test $A != $B &&
	git branch side-a $A && git branch side-b $B &&
	test_commit "x: fix one" "Fixes: $(printf %.10s $A) (\"side: try\")" &&
	ONE=$(tip) &&
	test_commit "x: fix either" "Fixes: $(printf %.7s $A) (\"side: try\")" &&
	TWO=$(tip) &&
	for how in "" --rebuild
	do
		cbp index $how >out &&
		grep "read [45] new commits" out &&
		cbp fixes $ONE >out &&
		grep -F "cited commit: $(s12 $A) (\"side: try" out &&
		test_expect_code 1 cbp fixes $TWO >out &&
		grep -F "cited commit: ambiguous short ID" out || return 1
	done
'

# A short ID the index has one commit for may start another object the
# index does not have (here a commit only an untracked ref reaches, as
# GitLab's refs/keep-around): git calls it ambiguous, and so do both
# programs, the front by handing such a short ID over.  Twelve digits
# and more are the front's to answer.
# The repository of the next test, made with git and perl alone
# (test_setup_cached).
setup_keep='
	git init -q keep && cd keep && test_commit "base" &&
	colliding_pair >../ids &&
	A=$(sed -n 1p ../ids) && B=$(sed -n 2p ../ids) &&
	git branch -q side $A && git update-ref refs/keep-around/$B $B
'

test_expect_success 'a short ID of an indexed commit and of another object is ambiguous' '
	test_setup_cached t0012-keep keep "A B" \
		"$setup_keep" &&
	cd keep &&
	cbp index >/dev/null &&
	test_expect_code 1 git rev-parse --verify -q "$(printf %.7s $A)" &&
	test_expect_code 2 cbp names "$(printf %.7s $A)" 2>../err &&
	grep "^checkbackport: error: short ID $(printf %.7s $A) is ambiguous in the repository, not only $(printf %.12s $A)$" ../err &&
	test_expect_code 2 "$CBP_DIR/checkbackport-git" -q names "$(printf %.7s $A)" 2>../err &&
	grep "short ID $(printf %.7s $A) is ambiguous" ../err &&
	mkdir ../alone && cp "$CBP_BIN" ../alone/ &&
	test_expect_code 2 ../alone/checkbackport -q names "$(printf %.7s $A)" 2>../err &&
	grep "cannot run .*/alone/checkbackport-git (a short ID may start other objects of the repository)" ../err &&
	../alone/checkbackport -q names --json "$(printf %.12s $A)" >../j &&
	test "$(json_get ../j "\$j->{members}[0]{id}")" = "$A"
'

test_done
