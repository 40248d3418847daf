#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# missing -- PATHSPEC takes git's pathspecs: relative to the current
# directory, with the magic git has (":/" and ":(top)", ":!", ":^" and
# ":(exclude)", ":(icase)", ":(literal)", ":(glob)"); what git refuses
# (unknown magic, a path outside the worktree) is an error, exit 2,
# whether or not anything is missing.

. "$(dirname "$0")/lib.sh"
. "$CBP_DIR/tests/edges-lib.sh"
. "$CBP_DIR/tests/hostile-lib.sh"

test_expect_success 'set up: 6.12.y lacks fixes in drivers/, fs/ and mm/' '
	edges_repo repo &&
	(cd repo && cbp index >/dev/null)
'
. ./repo.ids 2>/dev/null

# ids DIR ARGS...: the 12-digit IDs missing --terse lists, run in DIR.
ids () {
	dir=$1
	shift
	(cd "$dir" && cbp missing --terse --stable linux-6.12.y "$@" >"$TRASH/ids.out")
	rc=$?
	cut -c1-12 "$TRASH/ids.out" | tr "\n" " " && echo
	return $rc
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
	(cd repo && test_expect_code 2 cbp missing --stable linux-6.12.y \
		-- ":(nonsense)drivers") 2>err &&
	grep "magic .nonsense. is not known" err &&
	(cd repo && test_expect_code 2 cbp missing --stable linux-6.12.y \
		-- ":(attr:x)drivers") 2>err &&
	grep "magic .attr:x. is not known" err &&
	(cd repo && test_expect_code 2 cbp missing --stable linux-6.12.y \
		-- ../outside) 2>err &&
	grep "outside the repository" err &&
	(cd repo && test_expect_code 2 cbp missing --stable linux-6.12.y \
		-- /etc/passwd) 2>err &&
	grep "outside the repository" err &&
	(cd repo && test_expect_code 2 cbp missing --stable linux-6.11.y \
		-- ":(nonsense)") 2>err &&
	grep "magic .nonsense. is not known" err
'

test_done
