#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# the command line.  "--" ends the options, in either
# program and for every subcommand: what follows is an operand however it
# looks, and a run never reads past its arguments.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

FULL=$(dirname "$CBP_BIN")/checkbackport-git

test_expect_success 'set up a repository with an index' '
	git init -q repo && cd repo &&
	test_commit "drm: base" && git tag v6.12 &&
	test_commit "drm: fix" && tip >../FIX &&
	git branch linux-6.12.y v6.12 &&
	cbp index >/dev/null
'

FIX=$(cat FIX 2>/dev/null)

test_expect_success 'names -- HEAD answers as names HEAD, in both programs' '
	cd repo && cbp names HEAD >../want &&
	cbp names -- HEAD >../out && test_cmp ../want ../out &&
	"$FULL" -q names -- HEAD >../out && test_cmp ../want ../out &&
	cbp names -- "$FIX" >../out && test_cmp ../want ../out
'

test_expect_success 'options before "--" still count, those after it are operands' '
	cd repo && cbp names --json -- "$FIX" >../out && json_pp <../out >/dev/null &&
	test_expect_code 2 "$CBP_BIN" names -- --json 2>../err &&
	grep "unknown commit --json" ../err &&
	test_expect_code 2 "$CBP_BIN" names "$FIX" -- --json 2>../err &&
	grep "checkbackport names" ../err
'

test_expect_success 'a second "--" is an operand' '
	cd repo && test_expect_code 2 "$CBP_BIN" names -- -- 2>../err &&
	grep "unknown commit --" ../err &&
	test_expect_code 2 "$CBP_BIN" names -- -- HEAD 2>../err &&
	grep "checkbackport names" ../err
'

test_expect_success 'check -- FILE reads a file named like an option' '
	cd repo && mkpatch ../-p.patch "drm: fix" "commit $FIX upstream." &&
	test_expect_code 0 cbp check --json --stable linux-6.12.y -- ../-p.patch >../out &&
	test "$(json_get ../out "\$j->{patches}[0]{source}")" = ../-p.patch &&
	test_expect_code 2 "$CBP_BIN" check --stable linux-6.12.y -p.patch 2>../err &&
	grep "unknown or incomplete option" ../err
'

test_expect_success 'check -- - reads standard input' '
	cd repo && mkpatch ../p "drm: fix" "commit $FIX upstream." &&
	test_expect_code 0 cbp check --terse --stable linux-6.12.y -- - <../p >../out &&
	test_must_be_empty ../out
'

test_expect_success '"--" before the subcommand, and options mixed with operands' '
	cd repo && cbp -- names HEAD >../out && grep "^1 name" ../out &&
	cbp -q names HEAD --json >../out && json_pp <../out >/dev/null &&
	cbp names -q --json HEAD >../out && json_pp <../out >/dev/null
'

test_expect_success 'clusters, missing arguments and unknown options are usage errors' '
	cd repo && test_expect_code 2 "$CBP_BIN" names --index 2>../err &&
	grep "usage error: unknown or incomplete option .--index." ../err &&
	test_expect_code 2 "$CBP_BIN" names -C 2>../err &&
	test_expect_code 2 "$CBP_BIN" names -qx HEAD 2>../err &&
	grep "unknown or incomplete option" ../err &&
	"$CBP_BIN" -qh >../out && grep "^SYNOPSIS" ../out &&
	test_expect_code 2 "$CBP_BIN" -- 2>../err && grep "no subcommand" ../err
'

test_expect_success 'many operands after "--" are counted, not written past' '
	cd repo && set -- $(seq 1 2000) &&
	test_expect_code 2 "$CBP_BIN" names -- "$@" 2>../err &&
	grep "checkbackport names" ../err &&
	test_expect_code 2 "$FULL" check -- "$@" 2>../err
'

test_expect_success 'an option of another subcommand is a usage error, said so' '
	cd repo &&
	test_expect_code 2 "$CBP_BIN" names --since v6.12 HEAD 2>../err &&
	grep "usage error: --since is an option of missing, not of names" ../err &&
	test_expect_code 2 "$CBP_BIN" lint --terse 2>../err &&
	grep "usage error: --terse is an option of check and missing, not of lint" ../err &&
	test_expect_code 2 "$CBP_BIN" missing --tree /nonexistent 2>../err &&
	grep "usage error: --tree is an option of check, not of missing" ../err &&
	test_expect_code 2 "$CBP_BIN" names --verify HEAD 2>../err &&
	grep "usage error: --verify is an option of index, not of names" ../err
'

test_expect_success '--stable names the branch of check, followups and missing only' '
	cd repo &&
	test_expect_code 2 "$CBP_BIN" names --stable linux-6.12.y HEAD 2>../err &&
	grep "give them to .checkbackport index." ../err &&
	grep "check, followups and missing take --stable" ../err &&
	test_expect_code 2 "$CBP_BIN" followups --mainline master HEAD 2>../err &&
	grep "give them to .checkbackport index." ../err &&
	cbp followups --stable linux-6.12.y "$FIX" >../out &&
	cbp missing --stable linux-6.12.y >../out
'

test_done
