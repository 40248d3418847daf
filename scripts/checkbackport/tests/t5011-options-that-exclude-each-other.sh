#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Options the synopsis excludes are usage errors (exit 2, saying why),
# never accepted with one of them silently ignored: --config or
# --no-build without --tree, --json with --terse, index --verify with
# --rebuild or --update, and an option of one value given twice.

. "$(dirname "$0")/lib.sh"
. "$CBP_DIR/tests/check-lib.sh"
. "$CBP_DIR/tests/hostile-lib.sh"

test_expect_success 'set up a repository and a patch' '
	git init -q repo &&
	(cd repo && test_commit base && git tag v6.12 &&
	 git branch linux-6.12.y && cbp index) &&
	mkpatch p.patch "drm/x: y" "commit 1234567890ab upstream."
'

# usage ERROR-TEXT ARGS...: checkbackport ARGS is a usage error saying so.
usage () {
	want=$1
	shift
	(cd repo && test_expect_code 2 cbp "$@") 2>err &&
	grep "usage error: $want" err
}

test_expect_success '--config and --no-build need --tree' '
	usage "--no-build without --tree" check --no-build ../p.patch &&
	usage "--config without --tree" check --config /dev/null ../p.patch
'

test_expect_success '--json and --terse exclude each other' '
	usage "--json and --terse exclude each other" check --json --terse \
		../p.patch &&
	usage "--json and --terse exclude each other" missing --terse --json \
		--stable linux-6.12.y
'

test_expect_success 'index --verify takes no --rebuild or --update' '
	usage "index --verify reads the index as it is" index --verify \
		--rebuild &&
	usage "index --verify reads the index as it is" index --update \
		--verify
'

test_expect_success 'an option of one value given twice' '
	usage "--stable given twice (linux-6.12.y, then linux-6.11.y)" \
		check --stable linux-6.12.y --stable linux-6.11.y ../p.patch &&
	usage "--mainline given twice" index --mainline a --mainline b
'

test_expect_success 'each alone is still taken' '
	(cd repo && test_expect_code 1 cbp check --json ../p.patch) >j &&
	(cd repo && test_expect_code 1 cbp check --terse ../p.patch) >out &&
	has_finding out ERROR:UPSTREAM_UNKNOWN &&
	(cd repo && cbp index --verify)
'

test_done
