#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: memory stays a small multiple of the input whatever
# its shape (a 50 MB file of newlines once took 839 MB), and inputs past
# the documented limits (128 MiB, 100000 mails) are refused with an error
# and exit status 2, without being read whole.
#
# Peak memory (maximum RSS, of the front program and the full program it
# runs) is measured by build/bench-run, which make check builds.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

RUN=$CBP_DIR/build/bench-run
MB=1000000

S="--stable linux-6.12.y"

# rss FILE: check --terse on FILE under bench-run: its peak RSS in KiB
# in $got, its exit status in $exit_status, what it printed in ../out.
rss () {
	"$RUN" once -o ../out "$CBP_BIN" -q check --terse $S "$1" >../rss &&
	read -r _ got exit_status <../rss
}

test_expect_success 'set up: a repository, a clean patch, bench-run' '
	test -x "$RUN" &&
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.12 &&
	git checkout -q -b linux-6.12.y && test_commit "stable" &&
	git checkout -q master && test_commit "drm/x: fix it" &&
	tip >../F && git tag v6.13-rc1 &&
	mkpatch ../good.patch "drm/x: fix it" "commit $(cat ../F) upstream." &&
	cbp check --stable linux-6.12.y ../good.patch >/dev/null &&
	rss ../good.patch && test "$exit_status" = 0 && echo "$got" >../base
'

# within FILE FACTOR [PER-MAIL-BYTES]: check on FILE peaks at most at
# the clean patch's RSS plus FACTOR times FILE's size (and per mail),
# and exits 0 or 1, its status in $exit_status and its findings in ../out.
# Under ASan (make check SANITIZE=1) the figures are mostly its redzones
# and quarantine: shown, not judged.
within () {
	read -r base <../base &&
	size=$(wc -c <"$1") &&
	mails=$(awk "/^From /{ n++ } END { print n + 0 }" "$1") &&
	rss "$1" &&
	limit=$((base + (size * $2 + mails * ${3:-0}) / 1024)) &&
	echo "$1: $size bytes, $mails mails: $got KiB, exit $exit_status (baseline $base KiB, limit $limit KiB)" &&
	{ test -n "$CBP_SANITIZE" || test "$got" -le "$limit"; }
}

test_expect_success 'memory: 10 MB of newlines' '
	head -c $((10 * MB)) /dev/zero | tr "\\0" "\\n" >nl.txt &&
	cd repo && within ../nl.txt 3
'

test_expect_success 'memory: a 10 MB line' '
	head -c $((10 * MB)) /dev/zero | tr "\\0" x >line.txt &&
	cd repo && within ../line.txt 3
'

test_expect_success 'memory: one patch with a 10 MB diff of one-byte lines' '
	{
		head -n 13 good.patch &&
		echo "@@ -0,0 +1,5000000 @@" &&
		head -c $((5 * MB)) /dev/zero | tr "\\0" "\\n" | sed "s/^/+/" &&
		printf -- "-- \\n2.39.5\\n"
	} >big.patch &&
	cd repo && within ../big.patch 3 &&
	test "$exit_status" = 0 && ! test -s ../out
'

test_expect_success 'memory: the same diff in base64' '
	perl -MMIME::Base64 -0777 -pe "
		s/\\n\\n(.*)\\z/\\n\\n/s and \$_ .= encode_base64(\$1);
		s/^Subject:/Content-Transfer-Encoding: base64\\nSubject:/m
	" big.patch >big64.patch &&
	cd repo && within ../big64.patch 3 &&
	test "$exit_status" = 0 && ! test -s ../out
'

test_expect_success 'memory: a mailbox of 40000 small patches' '
	perl -0777 -ne "print \$_ x 40000" good.patch >small.mbox &&
	test $(grep -c "^From 1111" small.mbox) = 40000 &&
	cd repo && within ../small.mbox 3 1024
'

test_expect_success 'memory: 90000 tiny mails' '
	perl -e "print qq{From a b 2024\\na: b\\n\\n} x 90000" >tiny.mbox &&
	cd repo && within ../tiny.mbox 3 1024
'

test_expect_success 'limit: a file over 128 MiB is refused unread, exit 2' '
	truncate -s $((128 * 1024 * 1024 + 1)) huge.patch &&
	cd repo && test_expect_code 2 cbp check $S ../huge.patch 2>../err &&
	grep -q "huge.patch. is larger than 128 MiB" ../err &&
	truncate -s $((128 * 1024 * 1024)) ../huge.patch &&
	test_expect_code 1 cbp check --terse $S ../huge.patch >../out &&
	grep -q "NUL byte" ../out && rm ../huge.patch
'

test_expect_success 'limit: standard input over 128 MiB is refused, exit 2' '
	cd repo &&
	head -c $((128 * 1024 * 1024 + 1)) /dev/zero |
	test_expect_code 2 "$CBP_BIN" -q check $S - 2>../err &&
	grep -q "<stdin>. is larger than 128 MiB" ../err
'

test_expect_success 'limit: more than 100000 mails are refused, exit 2' '
	perl -e "print qq{From a b 2024\\na: b\\n\\n} x 100001" >many.mbox &&
	cd repo && test_expect_code 2 cbp check $S ../many.mbox 2>../err &&
	grep -q "more than 100000 mails" ../err &&
	perl -e "print qq{From a b 2024\\na: b\\n\\n} x 100000" >../many.mbox &&
	test_expect_code 1 cbp check --terse $S ../many.mbox >../out &&
	test $(wc -l <../out) = 100000
'

test_done
