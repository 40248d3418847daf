#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# missing -- PATHSPEC takes git's pathspecs: relative to the current
# directory, with the magic git has (":/" and ":(top)", ":!", ":^" and
# ":(exclude)", ":(icase)", ":(literal)", ":(glob)"); what git refuses
# (unknown magic, a path outside the worktree) is an error, exit 2,
# whether or not anything is missing.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-edges.sh"

test_expect_success 'set up: 6.12.y lacks fixes in drivers/, fs/ and mm/' '
	edges_repo repo &&
	(cd repo && cbp index >/dev/null) &&
	. ./repo.ids
'

# ids DIR ARGS...: the 12-digit IDs missing --terse lists, run in DIR,
# on one line; the status is missing's.  (The first 12 characters of
# each line and a space, as cut -c1-12 | tr "\n" " " gave them, read by
# the shell: the script asks seventeen times.)
ids () {
	ids_dir_=$1 &&
	shift &&
	ids_rc_=0 &&
	{
		(cd "$ids_dir_" &&
		 cbp missing --terse --stable linux-6.12.y "$@" >"$TRASH/ids.out") ||
		ids_rc_=$?
	} &&
	while IFS= read -r ids_line_ || test -n "$ids_line_"
	do
		printf "%.12s " "$ids_line_" || return 1
	done <"$TRASH/ids.out" &&
	echo &&
	return $ids_rc_
}

# refused PATHSPEC BRANCH MESSAGE: missing --stable BRANCH -- PATHSPEC is
# an error, exit 2, whose whole standard error is MESSAGE.
refused () {
	echo "checkbackport: error: $3" >expect &&
	(cd repo && test_expect_code 2 cbp missing --stable "$2" -- "$1") \
		>out 2>err &&
	test_must_be_empty out &&
	test_cmp expect err
}

test_expect_success 'without a pathspec: all four, exit 1' '
	echo "$(s12 $F1) $(s12 $RD) $(s12 $RA) $(s12 $RRE) " >expect &&
	test_expect_code 1 ids repo >actual &&
	test_cmp expect actual
'

test_expect_success 'exclude magic: what is left out, and only that' '
	echo "$(s12 $F1) $(s12 $RD) $(s12 $RA) $(s12 $RRE) " >expect &&
	test_expect_code 1 ids repo -- ":!README" >actual &&
	test_cmp expect actual &&
	echo "$(s12 $RA) $(s12 $RRE) " >expect &&
	test_expect_code 1 ids repo -- ":!drivers" >actual &&
	test_cmp expect actual &&
	test_expect_code 1 ids repo -- ":^drivers" >actual &&
	test_cmp expect actual &&
	test_expect_code 1 ids repo -- ":(exclude)drivers/gpu" >actual &&
	test_cmp expect actual &&
	echo "$(s12 $RRE) " >expect &&
	test_expect_code 1 ids repo -- . ":!drivers" ":!fs/foo.c" >actual &&
	test_cmp expect actual
'

test_expect_success 'top magic, and paths relative to the current directory' '
	echo "$(s12 $F1) $(s12 $RD) $(s12 $RA) $(s12 $RRE) " >expect &&
	test_expect_code 1 ids repo -- ":/" >actual &&
	test_cmp expect actual &&
	test_expect_code 1 ids repo/mm -- ":(top)" >actual &&
	test_cmp expect actual &&
	echo "$(s12 $RRE) " >expect &&
	test_expect_code 1 ids repo/mm -- . >actual &&
	test_cmp expect actual &&
	test_expect_code 1 ids repo/drivers -- ../mm >actual &&
	test_cmp expect actual &&
	echo "$(s12 $F1) $(s12 $RD) " >expect &&
	test_expect_code 1 ids repo/mm -- ":/drivers" >actual &&
	test_cmp expect actual &&
	test_expect_code 1 ids repo/mm -- ":(top)drivers/gpu/drm" >actual &&
	test_cmp expect actual &&
	test_expect_code 1 ids repo -- "$TRASH/repo/drivers" >actual &&
	test_cmp expect actual
'

test_expect_success 'icase, literal and glob magic' '
	echo "$(s12 $F1) $(s12 $RD) " >expect &&
	test_expect_code 1 ids repo -- ":(icase)DRIVERS/GPU" >actual &&
	test_cmp expect actual &&
	test_expect_code 1 ids repo -- ":(glob)drivers/*/drm" >actual &&
	test_cmp expect actual &&
	echo "" >expect &&
	test_expect_code 0 ids repo -- "DRIVERS" >actual &&
	test_cmp expect actual &&
	test_expect_code 0 ids repo -- ":(literal)drivers/*" >actual &&
	test_cmp expect actual
'

test_expect_success 'what git refuses is an error, exit 2' '
	known="top, icase, exclude, literal and glob are" &&
	refused ":(nonsense)drivers" linux-6.12.y \
		"pathspec '\'':(nonsense)drivers'\'': magic '\''nonsense'\'' is not known here ($known)" &&
	refused ":(attr:x)drivers" linux-6.12.y \
		"pathspec '\'':(attr:x)drivers'\'': magic '\''attr:x'\'' is not known here ($known)" &&
	refused ../outside linux-6.12.y \
		"pathspec '\''../outside'\'' is outside the repository" &&
	refused /etc/passwd linux-6.12.y \
		"pathspec '\''/etc/passwd'\'' is outside the repository at '\''$TRASH/repo/'\''" &&
	refused ":(nonsense)" linux-6.11.y \
		"pathspec '\'':(nonsense)'\'': magic '\''nonsense'\'' is not known here ($known)"
'

test_done
