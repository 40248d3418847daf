#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Options the synopsis excludes are usage errors (exit 2, saying why),
# never accepted with one of them silently ignored: --config or
# --no-build without --tree, --json with --terse, index --verify with
# --rebuild or --update, and an option of one value given twice.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

test_expect_success 'set up a repository and a patch' '
	git init -q repo &&
	(cd repo && test_commit base && git tag v6.12 &&
	 git branch linux-6.12.y && cbp index) &&
	mkpatch p.patch "drm/x: y" "commit 1234567890ab upstream."
'

# usage MESSAGE ARGS...: checkbackport ARGS is a usage error, exit 2,
# whose whole standard error is MESSAGE and the pointer to --help.
usage () {
	printf "checkbackport: usage error: %s\nTry 'checkbackport --help'.\n" \
		"$1" >expect &&
	shift &&
	(cd repo && test_expect_code 2 cbp "$@") >out 2>err &&
	test_must_be_empty out &&
	test_cmp expect err
}

test_expect_success '--config and --no-build need --tree' '
	usage "--no-build without --tree: there is no tree to build" \
		check --no-build ../p.patch &&
	usage "--config without --tree: there is no tree to build" \
		check --config /dev/null ../p.patch
'

test_expect_success '--json and --terse exclude each other' '
	usage "--json and --terse exclude each other" check --json --terse \
		../p.patch &&
	usage "--json and --terse exclude each other" missing --terse --json \
		--stable linux-6.12.y
'

test_expect_success 'index --verify takes no --rebuild or --update' '
	usage "index --verify reads the index as it is: it takes no --rebuild or --update" \
		index --verify --rebuild &&
	usage "index --verify reads the index as it is: it takes no --rebuild or --update" \
		index --update --verify
'

test_expect_success 'an option of one value given twice' '
	usage "--stable given twice (linux-6.12.y, then linux-6.11.y): give it once" \
		check --stable linux-6.12.y --stable linux-6.11.y ../p.patch &&
	usage "--mainline given twice (a, then b): give it once" \
		index --mainline a --mainline b
'

test_expect_success 'each alone is still taken' '
	(cd repo && test_expect_code 1 cbp check --json ../p.patch) >j &&
	test "$(json_get j "\$j->{patches}[0]{findings}[0]{type}")" = \
		UPSTREAM_UNKNOWN &&
	echo "../p.patch:6: ERROR:UPSTREAM_UNKNOWN: upstream commit 1234567890ab: not in this repository" \
		>expect &&
	(cd repo && test_expect_code 1 cbp check --terse ../p.patch) >actual &&
	test_cmp expect actual &&
	(cd repo && cbp index --verify) >out &&
	grep "no damage found" out
'

test_done
