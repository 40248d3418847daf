#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# the front finds the repository as git does.  An
# empty or malformed .git file, or an empty commondir, is an error for
# git; the front must not read past what it read (valgrind), nor take
# the repository further up, or the worktree's own directory, instead.

. "$(dirname "$0")/lib-checkbackport.sh"

FRONT=$CBP_BIN
# The same front with glibc shared (FRONT_STATIC=1), which valgrind can
# check: it watches the heap only through a malloc bound at start.
VG_FRONT=$(dirname "$CBP_BIN")/build/valgrind/checkbackport

# Under valgrind in make validate (make check VALGRIND=1): an
# uninitialised read fails the run.  Not in make check, where its eight
# runs cost as much as a tenth of the suite; not under ASan (make check
# SANITIZE=1), which valgrind cannot run.
front () {
	if test -n "${CBP_TEST_VALGRIND:-}" && test -z "$CBP_SANITIZE"
	then
		valgrind -q --error-exitcode=99 "$VG_FRONT" "$@"
	else
		"$FRONT" "$@"
	fi
}

if test -n "${CBP_TEST_VALGRIND:-}" && test -z "$CBP_SANITIZE"
then
	test_expect_success 'the front valgrind checks is built, malloc bound' '
		test -x "$VG_FRONT" &&
		ldd "$VG_FRONT" >deps && grep "libc\.so" deps
	'
fi

test_expect_success 'set up an outer repository with an index' '
	git init -q outer && cd outer && test_commit "drm: outer" &&
	tip >../ID && cbp index >/dev/null &&
	mkdir -p inner/sub && git worktree add -q ../wt 2>/dev/null
'

ID=$(cat ID 2>/dev/null)

test_expect_success 'an empty .git file is an error, as for git' '
	cd outer/inner && : >.git &&
	! git rev-parse --git-dir >/dev/null 2>&1 &&
	test_expect_code 2 front -q names "$ID" 2>../../err &&
	grep "invalid gitfile format: .*/inner/.git" ../../err &&
	cd sub && test_expect_code 2 front -q names "$ID" 2>../../../err &&
	grep "invalid gitfile format" ../../../err
'

test_expect_success 'a .git file that is not a gitdir: line, or leads nowhere' '
	cd outer/inner && printf "\n\n" >.git &&
	test_expect_code 2 front -q names "$ID" 2>../../err &&
	grep "invalid gitfile format" ../../err &&
	echo "gitdir: nowhere" >.git &&
	! git rev-parse --git-dir >/dev/null 2>&1 &&
	test_expect_code 2 front -q names "$ID" 2>../../err &&
	grep "not a git repository: .*nowhere" ../../err &&
	rm .git
'

test_expect_success 'an empty commondir is an error, not the worktree directory' '
	cd wt && c=$(git rev-parse --git-dir)/commondir &&
	cp "$c" ../commondir.saved && : >"$c" &&
	! git rev-parse --git-dir >/dev/null 2>&1 &&
	cp ../outer/.git/checkbackport.db "$(dirname "$c")/checkbackport.db" &&
	test_expect_code 2 front -q names "$ID" 2>../err &&
	grep "failed to read .*/commondir" ../err &&
	cp ../commondir.saved "$c" && rm "$(dirname "$c")/checkbackport.db"
'

test_expect_success 'a good worktree finds the common index' '
	cd wt && front -q names "$ID" >../out && grep "^1 name" ../out
'

test_done
