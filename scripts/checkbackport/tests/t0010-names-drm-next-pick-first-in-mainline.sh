#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A drm-next commit is cherry-picked into a fixes branch that reaches
# mainline a release earlier; the original arrives in mainline later; a
# stable backport cites the drm-next ID as upstream and carries both
# cherry-pick trailers.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.12 &&
	git branch linux-6.12.y &&
	test_commit "merge window work" && git tag v6.13-rc1 &&
	git checkout -q -b drm-next &&
	test_commit "drm/xe/oa: Fix query config" "Originally on drm-next." &&
	tip >../D &&
	git checkout -q -b drm-fixes master &&
	test_pick drm-next && tip >../F &&
	git checkout -q master && git merge -q --ff-only drm-fixes &&
	git tag v6.13-rc6 && test_commit "unrelated" && git tag v6.13 &&
	git checkout -q linux-6.12.y &&
	test_tick &&
	git cherry-pick -x drm-fixes >/dev/null &&
	D=$(cat ../D) && F=$(cat ../F) &&
	git commit -q --amend -m "drm/xe/oa: Fix query config" \
		-m "commit $D upstream." -m "Originally on drm-next." \
		-m "(cherry picked from commit $D)
(cherry picked from commit $F)" &&
	tip >../S && git tag v6.12.1 &&
	git checkout -q master
'

test_expect_success 'set up the drm-next / fixes / stable topology' '
	test_setup_cached t0010 repo "../D ../F ../S D F" \
		"$setup_repo"
'

D=$(cat D 2>/dev/null)
F=$(cat F 2>/dev/null)
S=$(cat S 2>/dev/null)
d12=$(s12 "$D")
f12=$(s12 "$F")
s12=$(s12 "$S")

test_expect_success 'index builds and counts every commit' '
	cd repo && cbp index >../out &&
	grep "read 6 new commits" ../out
'

test_expect_success 'before the merge, the drm-next ID has 3 names' '
	cd repo && cbp index --branches drm-next >/dev/null &&
	cbp names "$D" >../out &&
	grep "^3 names" ../out &&
	grep -F "$d12 (\"drm/xe/oa: Fix query config\")" ../out &&
	grep -F "$f12 (\"drm/xe/oa: Fix query config\")" ../out &&
	grep -F "$s12 (\"drm/xe/oa: Fix query config\")" ../out
'

test_expect_success 'before the merge, the fixes copy is first and only in mainline' '
	cd repo && test_expect_code 0 cbp names "$D" >../out &&
	grep -F "first in mainline: $f12 (\"drm/xe/oa: Fix query config\") in v6.13-rc6" ../out &&
	! grep "in mainline 2 times" ../out
'

test_expect_success 'the drm-next original has no release yet, only its branch' '
	cd repo && cbp names --json "$D" >../out.json &&
	test "$(json_get ../out.json "(grep { \$_->{id} eq \"$D\" } @{\$j->{members}})[0]{first_release} // \"none\"")" = none &&
	test "$(json_get ../out.json "(grep { \$_->{id} eq \"$D\" } @{\$j->{members}})[0]{branches}")" = drm-next
'

test_expect_success 'the original drm-next commit lands in mainline a release later' '
	cd repo && test_tick &&
	git merge -q --no-ff -m "Merge drm-next" drm-next && git tag v6.14-rc1 &&
	cbp index >../out && grep "read 1 new commit " ../out
'

test_expect_success 'a change in mainline twice is flagged with exit status 1' '
	cd repo && test_expect_code 1 cbp names "$S" >../out &&
	grep "warning: in mainline 2 times" ../out &&
	grep -F "$d12 (v6.14-rc1)" ../out && grep -F "$f12 (v6.13-rc6)" ../out
'

test_expect_success 'the fixes copy still reached mainline first' '
	cd repo && test_expect_code 1 cbp names --json "$D" >../out.json &&
	test "$(json_get ../out.json "\$j->{mainline_first}")" = "$F" &&
	test "$(json_get ../out.json "\$j->{mainline_more_than_once} ? 1 : 0")" = 1
'

test_expect_success 'every name gives the same class' '
	cd repo &&
	for id in "$D" "$F" "$S"
	do
		test_expect_code 1 cbp names --json "$id" >../j &&
		json_get ../j "join \" \", sort map { \$_->{id} } @{\$j->{members}}" >>../sets ||
		return 1
	done &&
	test "$(sort -u ../sets | wc -l)" = 1 &&
	test "$(head -1 ../sets | wc -w)" = 3
'

test_expect_success 'the tree hangs the stable backport under the cherry-pick' '
	cd repo && test_expect_code 1 cbp names "$S" >../out &&
	grep -F "$d12 (" ../out | grep -v -- "--" &&
	grep -F -- "\`-- $f12" ../out &&
	grep -F -- "    \`-- $s12" ../out
'

test_expect_success 'the backport shows the trailers that link it' '
	cd repo && test_expect_code 1 cbp names "$S" >../out &&
	grep -F "via: commit $D upstream" ../out &&
	grep -F "via: (cherry picked from commit $F)" ../out
'

test_expect_success 'first releases and branches of each name' '
	cd repo && test_expect_code 1 cbp names --json "$S" >../out.json &&
	json_get ../out.json "join \" \", map { \$_->{abbrev}.\"=\".(\$_->{first_release}//\"-\").\"=\".join(\",\", @{\$_->{branches}}) } sort { \$a->{id} cmp \$b->{id} } @{\$j->{members}}" >../got &&
	for x in "$d12=v6.14-rc1=master" "$f12=v6.13-rc6=master" "$s12=v6.12.1=linux-6.12.y"
	do
		grep -F -- "$x" ../got || return 1
	done
'

test_expect_success 'an abbreviated ID and a revision name work as queries' '
	cd repo &&
	test_expect_code 1 cbp names --json "$(echo $D | cut -c1-8)" >../a.json &&
	test_expect_code 1 cbp names --json v6.12.1 >../b.json &&
	test "$(json_get ../a.json "scalar @{\$j->{members}}")" = 3 &&
	test "$(json_get ../b.json "scalar @{\$j->{members}}")" = 3
'

test_expect_success 'checkbackport.mainline from git config, overridden by index --mainline' '
	cd repo && git branch -q upstream master &&
	git config checkbackport.mainline linux-6.12.y &&
	cbp names --update "$F" >../out &&
	grep -F "first in mainline: $s12" ../out &&
	! grep "in mainline 2 times" ../out &&
	cbp index --mainline upstream >/dev/null &&
	test_expect_code 1 cbp names "$F" >../out &&
	grep "in mainline 2 times" ../out &&
	git config --unset checkbackport.mainline
'

test_expect_success 'queries take no option that changes what the index tracks' '
	cd repo &&
	for o in --mainline=master --stable=x --branches=y --tags=z
	do
		test_expect_code 2 "$CBP_BIN" names --update $o "$F" 2>../err &&
		grep "give them to .checkbackport index." ../err || return 1
	done &&
	test_expect_code 2 "$CBP_BIN" check --tags=z "$F" 2>../err &&
	grep "check takes --stable and --mainline as its target" ../err
'

test_done
