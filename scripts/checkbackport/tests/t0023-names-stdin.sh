#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='names --stdin: many IDs, one run

names --stdin answers for each line of standard input in turn, as names
ID does for one: the text answers separated by a blank line, or with
--json one document per line.  A line naming no commit gets an error
and the others still get their answers; the exit status is the highest
of the answers.'

. "$(dirname "$0")/lib-checkbackport.sh"

# A fix picked to 6.12.y with -x (two names), a commit of mainline alone,
# and a change mainline has twice (picked from drm-next with -x, then
# drm-next merged: names exits 1).
# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.12 && git branch linux-6.12.y &&
	git checkout -q -b drm-next &&
	test_commit "drm/z: the change" && tip >../TWICE &&
	git checkout -q master &&
	test_commit "drm/x: fix the hang" && tip >../FIX &&
	test_commit "drm/y: a lone change" && tip >../LONE &&
	test_pick drm-next && git merge -q --no-edit drm-next &&
	git tag v6.13-rc1 &&
	git checkout -q linux-6.12.y && test_pick "$(cat ../FIX)" &&
	tip >../PICK && git checkout -q master
'

test_expect_success 'set up a pick, a lone commit and a change twice in mainline' '
	test_setup_cached t0023 repo "../TWICE ../FIX ../LONE ../PICK" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null
'

FIX=$(cat FIX 2>/dev/null)
PICK=$(cat PICK 2>/dev/null)
LONE=$(cat LONE 2>/dev/null)
TWICE=$(cat TWICE 2>/dev/null)

test_expect_success 'each line gets the answer names gives it, in order' '
	cd repo &&
	printf "%s\n" "$PICK" "$(s12 "$LONE")" linux-6.12.y >../in &&
	cbp names --stdin <../in >../out &&
	cbp names "$PICK" >../one && echo >>../one &&
	cbp names "$(s12 "$LONE")" >>../one && echo >>../one &&
	cbp names linux-6.12.y >>../one &&
	test_cmp ../one ../out &&
	test "$(grep -c "^2 names (0 only cited):" ../out)" = 2 &&
	test "$(grep -c "^1 name (0 only cited):" ../out)" = 1 &&
	test "$(grep -c "^\$" ../out)" = 2 &&
	grep -q "^first in mainline: $(s12 "$FIX") (\"drm/x: fix the hang\") in v6.13-rc1\$" ../out
'

test_expect_success 'blanks around an ID are not part of it' '
	cd repo &&
	printf "  %s\t\r\n\t%s \n" "$PICK" "$(s12 "$LONE")" >../in &&
	cbp names --stdin <../in >../out &&
	cbp names "$PICK" >../one && echo >>../one &&
	cbp names "$(s12 "$LONE")" >>../one &&
	test_cmp ../one ../out &&
	printf "  \n" >../in &&
	test_expect_code 2 cbp names --stdin <../in 2>../err &&
	grep "an empty line of standard input: no ID" ../err
'

test_expect_success '--json: one document per line, each naming its query' '
	cd repo &&
	printf "%s\r\n" "$FIX" "$LONE" >../in &&
	cbp names --stdin --json <../in >../out &&
	test_line_count = 2 ../out &&
	head -n 1 ../out >../first && tail -n 1 ../out >../second &&
	test "$(json_get ../first "\$j->{query}")" = "$FIX" &&
	test "$(json_get ../first "scalar @{\$j->{members}}")" = 2 &&
	test "$(json_get ../first "\$j->{mainline_first}")" = "$FIX" &&
	test "$(json_get ../second "\$j->{query}")" = "$LONE" &&
	test "$(json_get ../second "scalar @{\$j->{members}}")" = 1
'

test_expect_success 'the exit status is the highest: 1 for a change twice in mainline' '
	cd repo &&
	printf "%s\n" "$LONE" "$TWICE" "$FIX" >../in &&
	test_expect_code 1 cbp names --stdin <../in >../out &&
	grep -q "^warning: in mainline 2 times:" ../out &&
	test "$(grep -c " names\{0,1\} (0 only cited):" ../out)" = 3 &&
	printf "%s\n" "$LONE" "$FIX" | test_expect_code 0 cbp names --stdin >../out
'

test_expect_success 'a line naming no commit: its error, the others answered, exit 2' '
	cd repo &&
	{
		echo "$FIX" && echo 0123456789abcdef && echo &&
		printf "a\000b\n" && printf "%01100d\n" 7 && echo "$LONE"
	} >../in &&
	test_expect_code 2 cbp names --stdin <../in >../out 2>../err &&
	test "$(grep -c " names\{0,1\} (0 only cited):" ../out)" = 2 &&
	grep -q "^checkbackport: error: unknown commit 0123456789abcdef\$" ../err &&
	grep -q "^checkbackport: error: an empty line of standard input: no ID\$" ../err &&
	grep -q "^checkbackport: error: a line of standard input holds a NUL byte\$" ../err &&
	grep -q "^checkbackport: error: a line of standard input is longer than 1023 bytes: no ID\$" ../err &&
	test_line_count = 4 ../err
'

test_expect_success '--json: a line naming no commit gets an error document' '
	cd repo &&
	printf "%s\n" nothing-here "$LONE" >../in &&
	test_expect_code 2 cbp names --stdin --json <../in >../out 2>../err &&
	test_line_count = 2 ../out &&
	head -n 1 ../out >../first && tail -n 1 ../out >../second &&
	test "$(json_get ../first "\$j->{query}")" = nothing-here &&
	test "$(json_get ../first "\$j->{error}")" = "unknown commit nothing-here" &&
	test "$(json_get ../second "\$j->{query}")" = "$LONE" &&
	grep -q "unknown commit nothing-here" ../err
'

test_expect_success 'standard input that cannot be read: its error, exit 2' '
	cd repo &&
	test_expect_code 2 cbp names --stdin <. >../out 2>../err &&
	test_must_be_empty ../out &&
	grep -qx "checkbackport: error: cannot read standard input: Is a directory" ../err
'

test_expect_success 'empty input: no answer, exit 0' '
	cd repo &&
	test_expect_code 0 cbp names --stdin </dev/null >../out &&
	test_must_be_empty ../out
'

test_expect_success '--stdin and an ID exclude each other; one of them is needed' '
	cd repo &&
	test_expect_code 2 cbp names --stdin "$FIX" </dev/null 2>../err &&
	grep -q "usage error: checkbackport names .*(ID | --stdin)" ../err &&
	test_expect_code 2 cbp names 2>../err &&
	grep -q "usage error: checkbackport names .*(ID | --stdin)" ../err &&
	test_expect_code 2 cbp fixes --stdin "$FIX" </dev/null 2>../err &&
	grep -q "stdin is an option of names, not of fixes" ../err
'

test_done
