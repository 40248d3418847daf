#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# An index the user may read but not write (a shared file, mode 0444,
# owned by someone else) serves every query, check and lint included,
# with the answers of a writable one; one the repository has moved past
# is brought up to date in memory for the run, and the file is left as
# it was.

. "$(dirname "$0")/lib-checkbackport.sh"

# As root, the file modes do not stop us: run as nobody, in a
# repository nobody owns, beside an index root owns.  That needs setpriv
# to drop root (READER).
test_lazy_prereq ROOT '
	test "$(id -u)" = 0
'
test_lazy_prereq READER '
	test "$(id -u)" != 0 ||
	command -v setpriv >/dev/null
'

as_reader () {
	if test_have_prereq ROOT
	then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	else
		"$@"
	fi
}

test_expect_success 'set up a repository, an index, a patch' '
	git init -q repo &&
	(
		cd repo &&
		test_commit base &&
		git tag v6.12 &&
		git branch linux-6.12.y &&
		test_change drivers/x.c a "drm/x: a fix" &&
		test_change drivers/x.c b "drm/x: the fix of the fix" \
			"Fixes: $(tip)0 (\"drm/x: a fix\")" &&
		git format-patch -q -1 --stdout >../p.patch &&
		cbp index
	) &&
	(cd repo && test_expect_code 1 cbp check --terse ../p.patch) \
		>expect.check &&
	(cd repo && test_expect_code 1 cbp lint) >expect.lint &&
	grep "malformed" expect.lint &&
	(cd repo && cbp names HEAD) >expect.names &&
	grep "the fix of the fix" expect.names
'

test_expect_success ROOT,READER 'as root: nobody owns the repository, root the index' '
	chmod 755 "$TRASH" &&
	chmod -R a+rX "$TRASH" &&
	chown -R 65534:65534 repo &&
	chown 0:0 repo/.git/checkbackport.db*
'

test_expect_success READER 'make the index read-only' '
	chmod 444 repo/.git/checkbackport.db* &&
	sha256sum repo/.git/checkbackport.db >db.sum
'

test_expect_success READER 'check and lint answer from a read-only index' '
	(cd repo && test_expect_code 1 as_reader "$CBP_BIN" -q check --terse \
		../p.patch) >actual.check &&
	test_cmp expect.check actual.check &&
	(cd repo && test_expect_code 1 as_reader "$CBP_BIN" -q lint) \
		>actual.lint &&
	test_cmp expect.lint actual.lint &&
	(cd repo && as_reader "$CBP_BIN" -q names HEAD) >actual.names &&
	test_cmp expect.names actual.names &&
	sha256sum -c db.sum
'

test_expect_success READER 'a read-only index behind the repository is updated in memory' '
	(
		cd repo &&
		as_reader git -c user.name=A -c user.email=a@example.com \
			commit -q --allow-empty -m "drm/x: another" \
			-m "Fixes: 12345678901234567890123456789012345678901 (\"drm/x: a fix\")"
	) &&
	c=$(cd repo && as_reader git rev-parse --short=12 HEAD) &&
	{
		grep "^malformed" expect.lint &&
		echo "malformed $c (\"drm/x: another\"): Fixes: 12345678901234567890123456789012345678901: 41 hex digits, not a commit ID" &&
		echo "total: 0 suspicious, 2 malformed, 0 adapted (information) in 4 commits"
	} >expect &&
	echo "checkbackport: $TRASH/repo/.git/checkbackport.db is read-only: brought up to date in memory for this run (1 new commits)" \
		>expect.err &&
	(cd repo && test_expect_code 1 as_reader "$CBP_BIN" lint) \
		>actual 2>err &&
	test_cmp expect actual &&
	test_cmp expect.err err &&
	sha256sum -c db.sum
'

test_done
