#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: inputs (files, mailboxes, stdin, commits), bad
# input, the three output forms and the exit status.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.12 &&
	git checkout -q -b linux-6.12.y && test_commit "stable" &&
	git tag v6.12.1 && git checkout -q master &&
	test_commit "drm/x: fix it" && tip >../F &&
	git tag v6.13-rc1
'

test_expect_success 'set up a mainline and linux-6.12.y' '
	test_setup_cached t2020 repo "../F" \
		"$setup_repo"
'

F=$(cat F 2>/dev/null)
S="--stable linux-6.12.y"

test_expect_success 'a clean patch: no output in --terse, exit 0' '
	mkpatch good.patch "drm/x: fix it" "commit $F upstream." &&
	cd repo && check_terse 0 ../out $S ../good.patch && ! test -s ../out &&
	cbp check $S ../good.patch >../human &&
	grep -q "^total: 0 errors, 0 warnings, 0 info in 1 patch" ../human
'

test_expect_success 'warnings alone exit 0, an error exits 1' '
	mkpatch warn.patch "drm/x: fix it differently" "commit $F upstream." \
		"$(git -C repo show --format= --name-only $F)" &&
	mkpatch err.patch "drm/x: fix it" "no upstream line" &&
	cd repo && check_terse 0 ../out $S ../warn.patch &&
	has_finding ../out WARNING:UPSTREAM_SUBJECT_MISMATCH &&
	check_terse 1 ../out $S ../warn.patch ../err.patch
'

test_expect_success 'an mbox with several patches: each is checked' '
	cat good.patch err.patch warn.patch >all.mbox &&
	cd repo && check_terse 1 ../out $S ../all.mbox &&
	test $(wc -l <../out) = 2 &&
	test_expect_code 1 cbp check $S ../all.mbox >../human &&
	grep -q "all.mbox (mail 2, line [0-9]*): drm/x: fix it" ../human &&
	grep -q "^total: 1 error, 1 warning, 0 info in 3 patches" ../human
'

test_expect_success 'a body line starting with "From " does not split a mail' '
	mkpatch from.patch "drm/x: fix it" "commit $F upstream.

From the spec:
Registers: are many." &&
	cd repo && check_terse 0 ../out $S ../from.patch && ! test -s ../out
'

test_expect_success '"-" reads standard input' '
	cd repo && test_expect_code 1 cbp check --terse $S - <../err.patch >../out &&
	grep -q "^<stdin>: ERROR:UPSTREAM_MISSING" ../out
'

test_expect_success 'an RFC 2047 subject is decoded before comparing' '
	mkpatch enc.patch "=?UTF-8?q?drm/x:=20fix=20it?=" "commit $F upstream." &&
	cd repo && check_terse 0 ../out $S ../enc.patch && ! test -s ../out
'

test_expect_success 'a folded subject is joined' '
	mkpatch fold.patch "drm/x:
 fix it" "commit $F upstream." &&
	cd repo && check_terse 0 ../out $S ../fold.patch && ! test -s ../out
'

test_expect_success 'a commit ID is checked from its message' '
	cd repo && test_tick &&
	git checkout -q -b backport linux-6.12.y &&
	git commit -q --allow-empty -m "drm/x: fix it" -m "commit $F upstream." &&
	check_terse 0 ../out $S backport && ! test -s ../out &&
	git checkout -q master
'

# malformed NAME LINE MESSAGE: the file fails with that line and message.
malformed () {
	cd repo && check_terse 1 ../out $S "../$1" &&
	grep -q "^\.\./$1:$2: ERROR:MALFORMED_PATCH: $3" ../out
}

test_expect_success 'MALFORMED_PATCH: an empty file' '
	: >empty.patch && malformed empty.patch 1 "empty input"
'

test_expect_success 'MALFORMED_PATCH: not a mail at all' '
	printf "hello\nworld\n" >text.patch && malformed text.patch 1 "not a patch"
'

test_expect_success 'MALFORMED_PATCH: a broken header line' '
	printf "From: a@b\nSubject: x\nthis is not a header\n\nbody\n" >hdr.patch &&
	malformed hdr.patch 3 "malformed mail header"
'

test_expect_success 'MALFORMED_PATCH: no Subject' '
	printf "From: a@b\n\ncommit %s upstream.\n" "$F" >nosubj.patch &&
	malformed nosubj.patch 1 "no .Subject:. header"
'

test_expect_success 'MALFORMED_PATCH: no diff' '
	printf "From: a@b\nSubject: x\n\ncommit %s upstream.\n" "$F" >nodiff.patch &&
	malformed nodiff.patch 4 "no diff"
'

test_expect_success 'MALFORMED_PATCH: a truncated hunk' '
	head -n 15 good.patch >trunc.patch &&
	malformed trunc.patch 15 "the hunk at line 14 does not match"
'

test_expect_success 'MALFORMED_PATCH: a bad hunk header' '
	sed "s/^@@ -1 +1,2 @@/@@ -x +1 @@/" good.patch >badhunk.patch &&
	malformed badhunk.patch 14 "malformed hunk header"
'

test_expect_success 'MALFORMED_PATCH: a NUL byte' '
	{ head -n 5 good.patch; printf "a\000b\n"; tail -n +6 good.patch; } >nul.patch &&
	malformed nul.patch 6 "NUL byte"
'

test_expect_success 'MALFORMED_PATCH: the other mails of an mbox are still read' '
	cat text.patch >mixed.mbox && echo >>mixed.mbox && cat good.patch >>mixed.mbox &&
	cd repo && check_terse 1 ../out $S ../mixed.mbox &&
	grep -q "MALFORMED_PATCH" ../out && test $(wc -l <../out) = 1
'

test_expect_success 'random bytes never crash it' '
	i=0 &&
	while test $i -lt 20
	do
		head -c 3000 /dev/urandom >rnd.patch &&
		(cd repo && test_expect_code 1 cbp check --terse $S ../rnd.patch >/dev/null) &&
		i=$((i + 1))
	done
'

test_expect_success 'exit 2: neither a file nor a commit' '
	cd repo && test_expect_code 2 cbp check $S ../no-such.patch 2>../err &&
	grep -q "neither a readable file nor a commit" ../err
'

test_expect_success 'exit 2: an unknown stable branch' '
	cd repo && test_expect_code 2 cbp check --stable linux-5.4.y ../good.patch 2>../err &&
	grep -q "no branch .linux-5.4.y." ../err
'

# With one stable branch tracked, a pattern used to stand for it,
# whatever it matched: "other-*", or one matching nothing.
test_expect_success 'exit 2: a pattern as --stable, as missing refuses it' '
	cd repo && git branch other-6.12 v6.12 &&
	test_expect_code 2 cbp check --stable "other-*" ../good.patch \
		>../out 2>../err &&
	grep -q "name one branch, not a pattern" ../err &&
	! test -s ../out &&
	test_expect_code 2 cbp check --stable "nomatch*" ../good.patch 2>../err &&
	grep -q "name one branch, not a pattern" ../err &&
	git branch -D other-6.12 >/dev/null
'

test_expect_success 'exit 2: several stable branches and no --stable' '
	cd repo && git branch linux-6.11.y v6.12 &&
	test_expect_code 2 cbp check ../good.patch 2>../err &&
	grep -q "the stable globs .linux-\*\.y. match 2 tracked branches" ../err &&
	git branch -D linux-6.11.y >/dev/null
'

test_expect_success 'exit 2: not a repository' '
	mkdir -p norepo && cd norepo &&
	test_expect_code 2 cbp check --repo . ../good.patch 2>../err
'

test_expect_success 'exit 2: no operand is a usage error' '
	cd repo && test_expect_code 2 cbp check $S 2>../err
'

test_expect_success '--json: findings with level, type, line and edit' '
	mkpatch j.patch "drm/x: fix it" "commit $F upstream.

Cc: stable@vger.kernel.org # 6.12+" &&
	cat err.patch >>j.patch &&
	cd repo && test_expect_code 1 cbp check --json $S ../j.patch >../j.json &&
	test "$(json_get ../j.json "\$j->{stable}")" = linux-6.12.y &&
	test "$(json_get ../j.json "scalar @{\$j->{patches}}")" = 2 &&
	test "$(json_get ../j.json "\$j->{errors}")" = 1 &&
	test "$(json_get ../j.json "\$j->{patches}[1]{findings}[0]{type}")" = UPSTREAM_MISSING &&
	test "$(json_get ../j.json "\$j->{patches}[1]{findings}[0]{level}")" = error &&
	test "$(json_get ../j.json "\$j->{patches}[0]{subject}")" = "drm/x: fix it"
'

test_done
