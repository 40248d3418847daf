#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: a diff that removes the line "- " writes it "-- ",
# which must not be taken for the "-- " signature format-patch appends:
# the patch is read as git am reads it, with the patch-id of its commit.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

# A Markdown list whose items "- " are removed: in the middle of a hunk,
# and as the last line of the file (right before the signature).
test_expect_success 'set up: mainline commits removing "- " lines' '
	git init -q repo && cd repo &&
	printf "a\n- \nb\n- \n" >list.md && git add list.md &&
	test_commit "init" && git tag v6.12 &&
	git checkout -q -b linux-6.12.y && test_commit "stable" &&
	git tag v6.12.1 && git checkout -q master &&
	test_tick && printf "a\nb\n" >list.md &&
	git commit -q -a -m "docs: drop the empty items" &&
	tip >../F && git tag v6.13-rc1
'

F=$(cat F 2>/dev/null)
S="--stable linux-6.12.y"

test_expect_success 'set up: the backport, as format-patch writes it' '
	cd repo && git checkout -q -b backport linux-6.12.y && test_tick &&
	git cherry-pick "$F" >/dev/null &&
	git commit -q --amend -m "docs: drop the empty items" \
		-m "commit $F upstream." &&
	git format-patch -1 --stdout --subject-prefix="PATCH 6.12.y" >../bp.patch &&
	git checkout -q master &&
	# two "-- " removals in the hunks, then the signature
	test $(grep -c "^-- \$" ../bp.patch) = 3 &&
	test "$(tail -n 3 ../bp.patch | head -n 1)" = "-- "
'

test_expect_success 'git am applies it (the input is a real patch)' '
	cd repo && git checkout -q -b am-test linux-6.12.y &&
	git am -q ../bp.patch && test "$(cat list.md)" = "$(printf "a\nb")" &&
	git checkout -q master && git branch -q -D am-test
'

test_expect_success 'no MALFORMED_PATCH, no finding at all' '
	cd repo && check_terse 0 ../out $S ../bp.patch &&
	lacks_finding ../out ERROR:MALFORMED_PATCH && ! test -s ../out
'

test_expect_success 'its patch-id is the commit'"'"'s: --patch-id finds it applied' '
	cd repo && git checkout -q linux-6.12.y && test_tick &&
	git cherry-pick "$F" >/dev/null &&
	git commit -q --amend --reset-author -m "docs: drop the empty items, by hand" &&
	git checkout -q master &&
	check_terse 1 ../out --patch-id $S ../bp.patch &&
	has_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID &&
	grep -q "by hand" ../out
'

test_expect_success 'a hunk that is cut short is still malformed' '
	sed "/^+++ /,\$!b; /^ b\$/d" bp.patch >short.patch &&
	! cmp -s bp.patch short.patch &&
	cd repo && check_terse 1 ../out $S ../short.patch &&
	has_finding ../out ERROR:MALFORMED_PATCH &&
	grep -q "does not match its line counts" ../out
'

# Cut in the middle of its last hunk line, where the counts still add
# up: git apply says "corrupt patch"; so must check (it said nothing).
test_expect_success 'a patch cut in the middle of a hunk line is malformed' '
	perl -0777 -ne "print \$1 if /\\A(.*)\\n-- \\n[^\\n]*\\n*\\z/s" bp.patch >cut.patch &&
	test "$(tail -c 3 cut.patch)" = "-- " && test $(tail -c 1 cut.patch | wc -l) = 0 &&
	cd repo && test_expect_code 128 git apply --check ../cut.patch 2>../err &&
	grep -q "corrupt patch" ../err &&
	check_terse 1 ../out $S ../cut.patch &&
	has_finding ../out ERROR:MALFORMED_PATCH &&
	grep -q "ends in the middle of a line, without its newline" ../out
'

test_done
