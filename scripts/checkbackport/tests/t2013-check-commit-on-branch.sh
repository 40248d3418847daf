#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check of a commit the target branch already has.
# A commit is not its own earlier application.  A mainline commit the
# branch inherited when it forked is reported as such: the branch has
# this very commit, there is nothing to backport.  A commit the branch
# applied itself is checked as the backport it is: ALREADY_APPLIED only
# names another name of the fix that the branch had before it.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "drm: base" &&
	test_commit "drm/amd: old fix" && tip >../OLD &&
	git tag v6.12 &&
	test_commit "drm/xe: fix" && tip >../FIX &&
	git tag v6.13-rc1 &&
	git checkout -q -b linux-6.12.y v6.12 && test_commit "stable: other" &&
	test_tick && git cherry-pick "$(cat ../FIX)" >/dev/null &&
	git commit -q --amend -m "drm/xe: fix" -m "commit $(cat ../FIX) upstream." &&
	tip >../BP && git tag v6.12.1 &&
	test_commit "stable: more" &&
	test_tick && git commit -q --allow-empty -m "drm/xe: fix" \
		-m "commit $(cat ../FIX) upstream." &&
	tip >../AGAIN &&
	git checkout -q master &&
	git checkout -q -b linux-6.11.y v6.12~1 &&
	test_tick && git cherry-pick "$(cat ../FIX)" >/dev/null &&
	git commit -q --amend -m "drm/xe: fix" -m "commit $(cat ../FIX) upstream." &&
	tip >../BP611 && git checkout -q master
'

test_expect_success 'set up mainline, linux-6.12.y with a backport applied twice' '
	test_setup_cached t2013 repo "../OLD ../FIX ../BP ../AGAIN ../BP611" \
		"$setup_repo"
'

for f in OLD FIX BP AGAIN BP611
do
	eval "$f=\$(cat $f 2>/dev/null)"
done

test_expect_success 'a backport checked on its own branch is not its own earlier application' '
	cd repo && check_terse 0 ../out --stable linux-6.12.y "$BP" &&
	lacks_finding ../out ERROR:ALREADY_APPLIED &&
	check_terse 0 ../out --stable linux-6.12.y linux-6.12.y~2
'

test_expect_success 'a second application names the first, released before it' '
	cd repo && check_terse 1 ../out --stable linux-6.12.y "$AGAIN" &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	test "$(grep -c ALREADY_APPLIED ../out)" = 1 &&
	grep "already in linux-6.12.y as $(s12 "$BP") .*released in v6.12.1" ../out
'

test_expect_success 'a mainline commit the branch inherited: nothing to backport' '
	cd repo && check_terse 1 ../out --stable linux-6.12.y "$OLD" &&
	has_finding ../out ERROR:ALREADY_APPLIED &&
	grep "linux-6.12.y has this very commit, from mainline (released in v6.12): there is nothing to backport" ../out
'

test_expect_success 'a fix or a backport from elsewhere still finds the branch has it' '
	cd repo && check_terse 1 ../out --stable linux-6.12.y "$FIX" &&
	grep "already in linux-6.12.y as $(s12 "$BP")" ../out &&
	check_terse 1 ../out --stable linux-6.12.y "$BP611" &&
	grep "already in linux-6.12.y as $(s12 "$BP")" ../out &&
	git format-patch -q -1 --stdout "$BP" >../bp.patch &&
	check_terse 1 ../out --stable linux-6.12.y ../bp.patch &&
	grep "already in linux-6.12.y as $(s12 "$BP")" ../out
'

test_expect_success 'checked against another branch, it names that branch own' '
	cd repo && check_terse 1 ../out --stable linux-6.11.y "$BP" &&
	grep "already in linux-6.11.y as $(s12 "$BP611")" ../out &&
	test "$(grep -c ALREADY_APPLIED ../out)" = 1
'

test_done
