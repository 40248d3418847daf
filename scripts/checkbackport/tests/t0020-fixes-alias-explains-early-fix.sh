#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A fix in an earlier release carries Fixes: on a commit whose
# cherry-picked copy landed even earlier: the fix seems to precede its
# bug, and the alias explains it.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.12-rc1 &&
	git checkout -q -b drm-next &&
	test_commit "drm/amd/display: add the new path" &&
	tip >../B &&
	git checkout -q master && test_pick drm-next && tip >../B2 &&
	git tag v6.12-rc2 &&
	B=$(cat ../B) &&
	test_commit "drm/amd/display: fix the new path" \
		"Fixes: $(s12 "$B") (\"drm/amd/display: add the new path\")" &&
	tip >../X && git tag v6.12-rc7 &&
	test_commit "later" && git tag v6.12 &&
	test_tick && git merge -q --no-ff -m "Merge drm-next" drm-next &&
	git tag v6.13-rc1
'

test_expect_success 'set up: bug on drm-next, its copy in v6.12-rc2, fix in v6.12-rc7' '
	test_setup_cached t0020 repo "../B ../B2 ../X B" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null
'

B=$(cat B 2>/dev/null)
B2=$(cat B2 2>/dev/null)
X=$(cat X 2>/dev/null)
b12=$(s12 "$B")
b212=$(s12 "$B2")

test_expect_success 'the cited bug itself landed after the fix' '
	cd repo && test_expect_code 1 cbp names --json "$B" >../j &&
	test "$(json_get ../j "(grep { \$_->{id} eq \"$B\" } @{\$j->{members}})[0]{first_release}")" = v6.13-rc1
'

test_expect_success 'fixes names the alias that explains the inversion' '
	cd repo && test_expect_code 0 cbp fixes "$X" >../out &&
	grep -F "the fix reached v6.12-rc7 before the cited bug $b12 (v6.13-rc1)" ../out &&
	grep -F "explained by alias $b212 (\"drm/amd/display: add the new path\"), which landed in v6.12-rc2" ../out
'

test_expect_success 'fixes reports per branch where bug and fix first landed' '
	cd repo && cbp fixes "$X" >../out &&
	grep -E "^  master +v6.12-rc2 +v6.12-rc7\$" ../out
'

test_expect_success 'fixes --json carries the same verdict' '
	cd repo && cbp fixes --json "$X" >../j &&
	test "$(json_get ../j "\$j->{fix_first_release}")" = v6.12-rc7 &&
	test "$(json_get ../j "\$j->{fixes}[0]{cited}")" = "$b12" &&
	test "$(json_get ../j "\$j->{fixes}[0]{branches}{master}{bug_first}")" = v6.12-rc2 &&
	json_get ../j "\$j->{fixes}[0]{note}" | grep -F "alias $b212"
'

test_expect_success 'an earlier stable copy does not displace the mainline alias' '
	cd repo && git checkout -q -b linux-6.11.y v6.12-rc1 &&
	test_pick "$B" && tip >../B3 && git tag v6.11.3 &&
	git checkout -q master && cbp index >/dev/null &&
	cbp fixes "$X" >../out &&
	grep -E "^  linux-6.11.y +v6.11.3 +-\$" ../out &&
	grep -F "explained by alias $b212 (\"drm/amd/display: add the new path\"), which landed in v6.12-rc2" ../out
'

test_expect_success 'a fix released before every name of its bug is a finding' '
	cd repo && git checkout -q -b topic v6.12 &&
	test_commit "drm/foo: regress" && tip >../R &&
	git checkout -q master &&
	test_commit "drm/foo: fix regression" \
		"Fixes: $(cut -c1-12 ../R) (\"drm/foo: regress\")" &&
	git tag v6.13-rc2 && tip >../Y &&
	test_tick && git merge -q --no-edit topic && git tag v6.13-rc3 &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp fixes "$(cat ../Y)" >../out &&
	grep "finding: the fix reached v6.13-rc2 before every name of the bug" ../out
'

test_expect_success 'a Fixes: target missing from the repository is a finding' '
	cd repo &&
	test_commit "drm/bar: fix" \
		"Fixes: 0123456789abcdef0123456789abcdef01234567 (\"drm/bar: gone\")" &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp fixes HEAD >../out &&
	grep "cited commit: not in this repository" ../out &&
	grep "finding: no name of the bug 0123456789abcdef0123456789abcdef01234567" ../out
'

test_expect_success 'an ordinary fix after its bug passes quietly' '
	cd repo &&
	test_commit "drm/baz: add" && tip >../Z && git tag v6.14-rc1 &&
	test_commit "drm/baz: fix" "Fixes: $(cut -c1-12 ../Z) (\"drm/baz: add\")" &&
	git tag v6.14-rc2 && cbp index >/dev/null &&
	test_expect_code 0 cbp fixes HEAD >../out &&
	! grep -E "finding|note:" ../out &&
	grep -E "^  master +v6.14-rc1 +v6.14-rc2\$" ../out
'

test_expect_success 'a quoted subject that does not match is pointed out' '
	cd repo &&
	test_commit "drm/baz: fix more" "Fixes: $(cut -c1-12 ../Z) (\"drm/baz: wrong subject\")" &&
	cbp index >/dev/null && cbp fixes HEAD >../out &&
	grep "note: quoted subject differs" ../out
'

test_expect_success 'a commit without Fixes: says so' '
	cd repo && test_expect_code 0 cbp fixes "$B" >../out &&
	grep "no Fixes: tags" ../out
'

test_expect_success 'fixes of a stable backport uses the Fixes: of any of its names' '
	cd repo && git checkout -q -b linux-6.12.y v6.12-rc1 &&
	test_tick && git cherry-pick "$X" >/dev/null &&
	git commit -q --amend -m "drm/amd/display: fix the new path" \
		-m "commit $X upstream." &&
	git tag v6.12.1 && git checkout -q master && cbp index >/dev/null &&
	cbp fixes v6.12.1 >../out &&
	grep -E "^  linux-6.12.y +- +v6.12.1\$" ../out &&
	grep -F "Fixes: $b12" ../out
'

test_done
