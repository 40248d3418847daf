#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Bad input gets one clear line and exit status 2, never a crash.

. "$(dirname "$0")/lib-checkbackport.sh"

# one_error FILE: exactly one line, an error.  (Read by the shell, not
# by a wc and a grep: the script asks some twenty times.)
one_error () {
	{
		IFS= read -r one_error_ &&
		! IFS= read -r one_error_more_ && test -z "$one_error_more_"
	} <"$1" &&
	case $one_error_ in
	"checkbackport: error: "*) printf "%s\n" "$one_error_" ;;
	*) false ;;
	esac
}

test_expect_success 'outside a git repository: exit 2, one line' '
	mkdir plain && cd plain &&
	test_expect_code 2 "$CBP_BIN" index 2>../err && one_error ../err &&
	grep -i "repository" ../err
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_sha256='
	git init -q --object-format=sha256 sha256 && cd sha256 &&
	test_commit one
'

test_expect_success 'a repository of SHA-256 IDs: exit 2, one line, why' '
	test_setup_cached t5020-sha256 sha256 "" \
		"$setup_sha256" &&
	cd sha256 &&
	test_expect_code 2 "$CBP_BIN" index 2>../err && one_error ../err &&
	grep "cannot open the repository: .*SHA-256" ../err &&
	! grep "not a git repository" ../err &&
	test_expect_code 2 "$CBP_BIN" names HEAD 2>../err && one_error ../err &&
	grep "SHA-256" ../err
'

test_expect_success 'usage errors exit 2 and point at --help' '
	test_expect_code 2 "$CBP_BIN" 2>err && grep "no subcommand" err &&
	test_expect_code 2 "$CBP_BIN" frobnicate 2>err && grep "unknown subcommand" err &&
	test_expect_code 2 "$CBP_BIN" index --bogus 2>err && grep "unknown or incomplete option" err &&
	test_expect_code 2 "$CBP_BIN" names 2>err && grep "checkbackport names" err &&
	test_expect_code 2 "$CBP_BIN" names a b 2>err && grep "Try .checkbackport --help." err
'

test_expect_success '--help is a manual page on stdout' '
	"$CBP_BIN" --help >out && "$CBP_BIN" names --help >out2 && "$CBP_BIN" help >out3 &&
	for s in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS CONFIGURATION "EXIT STATUS"
	do
		grep -x "$s" out || exit 1
	done &&
	test_cmp out out2 && test_cmp out out3
'

test_expect_success 'an empty repository indexes to nothing' '
	git init -q empty && cd empty && cbp index >../out &&
	grep "read 0 new commits" ../out
'

# The set-up's repository, made with git (and perl) alone
# (test_setup_cached).
setup_repo='
	git init -q repo && cd repo && test_commit "init" && git tag v1.0 &&
	test_tick && git commit -q --allow-empty --allow-empty-message -m "" &&
	tip >../EMPTY &&
	test_tick &&
	perl -e "print qq(huge\n\n), qq(x) x 80, qq(\n) for 1..30000;
		print qq(Fixes: \$ARGV[0] (\"init\")\n)" $(git rev-parse v1.0) >../huge &&
	git commit -q --allow-empty -F ../huge && tip >../HUGE &&
	test_tick && printf "caf\351 latin-1 \377\n\nbody\n" >../latin &&
	git -c i18n.commitEncoding=ISO-8859-1 commit -q --allow-empty -F ../latin &&
	tip >../LATIN
'

test_expect_success 'set up odd commits: empty, huge and non-UTF-8 messages' '
	test_setup_cached t5020 repo "../EMPTY ../HUGE ../LATIN" \
		"$setup_repo" &&
	cd repo &&
	cbp index >../out && grep "read 4 new commits" ../out
'

test_expect_success 'a commit with no message is listed with an empty subject' '
	cd repo && cbp names "$(cat ../EMPTY)" >../out &&
	grep -F "$(cut -c1-12 ../EMPTY) (\"\")" ../out
'

test_expect_success 'a huge message is read to its end' '
	cd repo && cbp fixes "$(cat ../HUGE)" >../out &&
	grep -F "Fixes: $(git rev-parse v1.0) (\"init\")" ../out
'

test_expect_success 'a non-UTF-8 message gives valid JSON' '
	cd repo && cbp names --json "$(cat ../LATIN)" >../j &&
	json_pp <../j >/dev/null &&
	test "$(json_get ../j "\$j->{members}[0]{subject}")" = "café latin-1 ÿ"
'

test_expect_success 'malformed trailers link nothing' '
	cd repo && test_commit "bad trailers" "Fixes: zzzzzzzzzzzz (\"x\")
Fixes: 12345
(cherry picked from commit )
commit 0123456789ab is not upstream
[ Upstream commit ]" &&
	cbp index >../out && grep "(0 citations)" ../out
'

test_expect_success 'an unknown ID: exit 2, one line' '
	cd repo && test_expect_code 2 cbp names deadbeefdeadbeef 2>../err &&
	one_error ../err && grep "unknown commit deadbeefdeadbeef" ../err &&
	test_expect_code 2 cbp fixes no-such-branch 2>../err && one_error ../err
'

test_expect_success 'an ID naming a tree is not a commit' '
	cd repo && test_expect_code 2 cbp names "$(git rev-parse HEAD^{tree})" 2>../err &&
	one_error ../err && grep "does not name a commit" ../err
'

test_expect_success 'a commit not reachable from any ref is explained' '
	cd repo && test_tick && git commit -q --allow-empty -m dangling &&
	D=$(tip) && git reset -q --hard HEAD^ &&
	test_expect_code 2 cbp names "$D" 2>../err && one_error ../err &&
	grep "not in the index" ../err
'

# Refs other than branches and tags (pull requests, CI, GitLab's
# keep-around) are not history: a commit only they reach is not indexed,
# and the error says which refs count.
test_expect_success 'a commit only a pull request ref reaches is explained' '
	cd repo && test_tick && git commit -q --allow-empty -m proposed &&
	P=$(tip) && git reset -q --hard HEAD^ &&
	git update-ref refs/pull/1/head $P && cbp index >/dev/null &&
	test_expect_code 2 cbp names refs/pull/1/head 2>../err && one_error ../err &&
	grep "commit $(printf %.12s $P) is not in the index (run .checkbackport index.; or no branch or tag reaches it)$" ../err &&
	git update-ref -d refs/pull/1/head
'

# The repository of the next test, made with git (and perl) alone
# (test_setup_cached); $p, the first 4 digits of two of its commits.
setup_many='
	git init -q many && cd many &&
	perl -e "for (1..700) { print qq(commit refs/heads/master\ncommitter C <c\@x> \$_ +0000\ndata <<E\nc\$_\nE\n\n) }" |
		git fast-import --quiet &&
	p=$(git rev-list master | cut -c1-4 | sort | uniq -d | head -1)
'

test_expect_success 'an ambiguous short ID lists the candidates' '
	test_setup_cached t5020-many many "p" \
		"$setup_many" &&
	cd many &&
	test -n "$p" && cbp index >/dev/null &&
	test_expect_code 2 cbp names "$p" 2>../err &&
	grep "error: short ID $p is ambiguous" ../err &&
	test "$(grep -c "hint:   $p" ../err)" -ge 2 &&
	test_expect_code 2 cbp check "$p" 2>../err && one_error ../err &&
	grep "error: short ID $p is ambiguous" ../err
'

# git reads hex under 4 digits as no abbreviated ID (libgit2 calls it
# ambiguous): an unknown revision, unless a ref has that name.
test_expect_success 'fewer than 4 hex digits are no ID, a ref of that name is' '
	cd many &&
	for id in 1 ab abc
	do
		test_expect_code 2 cbp names $id 2>../err && one_error ../err &&
		grep "error: unknown commit $id$" ../err || return 1
	done &&
	git branch abc master~1 &&
	cbp names abc >../out &&
	grep "^$(git rev-parse --short=12 master~1) " ../out &&
	git branch -D -q abc
'

test_expect_success 'tags on trees and non-release tags are ignored' '
	cd repo && git tag tree-tag "$(git rev-parse HEAD^{tree})" &&
	git tag v2.0-dontuse HEAD && git tag -a -m annotated v1.1 HEAD &&
	cbp index >../out && grep ", 2 release tags" ../out
'

test_expect_success 'a shallow clone is indexed without crashing' '
	git clone -q --depth 1 "file://$TRASH/repo" shallow && cd shallow &&
	"$CBP_BIN" index >../out 2>../err && grep "read 1 new commit" ../out &&
	cbp index --verify >/dev/null
'

# On the command line a mainline naming no branch is a typo to refuse
# before anything is tracked; from the git config, a branch the
# repository may get later: warned about.
test_expect_success 'a mainline or stable glob naming no branch: refused, or warned once' '
	cd repo &&
	test_expect_code 2 "$CBP_BIN" index --mainline=nosuch >../out 2>../err &&
	grep -x "checkbackport: error: --mainline=nosuch: no branch .nosuch. (local or remote-tracking); the index is left as it was" ../err &&
	! grep "now tracking" ../err && test_must_be_empty ../out &&
	cbp index --json >../j &&
	test "$(json_get ../j "\$j->{tracking}{mainline}")" = master &&
	git config checkbackport.mainline nosuch &&
	"$CBP_BIN" index >/dev/null 2>../err &&
	grep "warning: no branch .nosuch. to track as mainline" ../err &&
	git config --unset checkbackport.mainline &&
	"$CBP_BIN" index --mainline=master --stable="nosuch-*" >/dev/null 2>../err &&
	! grep "to track as mainline" ../err &&
	grep "warning: no branch matches the stable globs .nosuch-\*." ../err &&
	"$CBP_BIN" index --stable= >/dev/null 2>../err &&
	! grep "warning" ../err
'

# An unset shell variable gives --index= : the index would be made as
# ".lock" and ".new.N" files in the current directory.
test_expect_success 'an empty --index, --tree or --config is a usage error' '
	cd repo &&
	test_expect_code 2 "$CBP_BIN" names --index= HEAD 2>../err &&
	grep "usage error: --index needs a file name" ../err &&
	test_expect_code 2 "$CBP_BIN" index --index "" 2>../err &&
	grep "usage error: --index needs a file name" ../err &&
	test_expect_code 2 "$CBP_BIN" check --tree= HEAD 2>../err &&
	grep "usage error: --tree needs a file name" ../err &&
	test_expect_code 2 "$CBP_BIN" check --tree=. --config= HEAD 2>../err &&
	grep "usage error: --config needs a file name" ../err &&
	test_path_is_missing .lock && ! ls .new.* 2>/dev/null
'

test_expect_success 'an index path that cannot be written: exit 2, one line' '
	cd repo && test_expect_code 2 cbp index --index /nonexistent/dir/x.db 2>../err &&
	one_error ../err
'

test_done
