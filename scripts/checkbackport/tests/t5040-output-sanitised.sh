#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# names from repositories and mails reach people
# without control characters (escape sequences, C1 controls written as
# UTF-8, bidirectional overrides) and as valid UTF-8, in every output:
# names, fixes, index -v, check (all three forms) and error messages.
# JSON is valid UTF-8 whatever the bytes of subjects, file, branch and
# tag names.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

ESC=$(printf '\033')
# A subject that sets the terminal's title, with a C1 CSI, a bidi
# override and a byte that is not UTF-8 (the commit says latin-1).
EVIL=$(printf 'drm: \033]0;pwned\007 \302\233 31m \342\200\256 \377 end')

# clean FILE: valid UTF-8, and no control character but newline and tab.
clean () {
	perl -e '
		local $/; my $s = <STDIN>;
		utf8::decode($s) or die "not valid UTF-8\n";
		die sprintf("control character U+%04X\n", ord $1)
			if $s =~ /([\x00-\x08\x0b-\x1f\x7f-\x9f\x{202a}-\x{202e}\x{2066}-\x{2069}])/;
	' <"$1" || { od -c "$1" | head -20 >&2; return 1; }
}

# valid_json FILE: a JSON document that is valid UTF-8.
valid_json () {
	perl -MJSON::PP -e 'local $/; JSON::PP->new->utf8->decode(<STDIN>)' <"$1"
}

test_expect_success 'set up commits, branches and tags with hostile names' '
	git init -q repo && cd repo && test_commit "drm: base" && git tag v6.11 &&
	test_tick && printf "%s\n\nbody\n" "$EVIL" >../msg &&
	git commit -q --allow-empty -F ../msg && tip >../BUG &&
	test_tick && printf "drm: fix\n\nFixes: %s (\"%s\")\n" \
		"$(git rev-parse --short=12 HEAD)" "$EVIL" >../msg &&
	git commit -q --allow-empty -F ../msg && tip >../FIX &&
	git tag v6.12 &&
	git branch "$(printf "linux-6.12\377.y")" v6.12 &&
	git tag "$(printf "v6\377.1")" v6.11 &&
	cbp index >/dev/null
'

BUG=$(cat BUG 2>/dev/null)
FIX=$(cat FIX 2>/dev/null)

test_expect_success 'names and fixes print clean text, and valid JSON' '
	cd repo && cbp names "$BUG" >../out && clean ../out &&
	grep "drm: .*pwned" ../out &&
	test_expect_code 0 cbp fixes "$FIX" >../out && clean ../out &&
	cbp names --json "$BUG" >../out && valid_json ../out &&
	test_expect_code 0 cbp fixes --json "$FIX" >../out && valid_json ../out
'

test_expect_success 'branch and tag names that are not UTF-8' '
	cd repo && cbp index -v >../out && clean ../out &&
	cbp index --json >../out && valid_json ../out &&
	cbp names --json v6.12 >../out && valid_json ../out
'

test_expect_success 'check: subjects, quoted lines and suggested edits' '
	cd repo && git branch -f linux-6.12.y v6.11 &&
	mkpatch ../p.patch "$EVIL" "commit $FIX upstream.

Fixes: $(git rev-parse --short=12 "$BUG") (\"${ESC}]0;other$(printf "\007")\")
Cc: stable@vger.kernel.org # 6.1${ESC}[2J+" &&
	test_expect_code 0 cbp check --stable linux-6.12.y ../p.patch >../out &&
	clean ../out && grep "replace:" ../out &&
	test_expect_code 0 cbp check --terse --stable linux-6.12.y ../p.patch >../out &&
	clean ../out &&
	test_expect_code 0 cbp check --json --stable linux-6.12.y ../p.patch >../out &&
	valid_json ../out
'

test_expect_success 'check: a file name with an escape and bytes not UTF-8' '
	cd repo && name=$(printf "../x\033]0;t\007\376.patch") &&
	cp ../p.patch "$name" &&
	test_expect_code 0 cbp check --stable linux-6.12.y "$name" >../out &&
	clean ../out &&
	test_expect_code 0 cbp check --json --stable linux-6.12.y "$name" >../out &&
	valid_json ../out &&
	perl -MJSON::PP -e "local \$/; my \$j = JSON::PP->new->utf8->decode(<STDIN>);
		exit(\$j->{patches}[0]{source} =~ /x.*\\.patch\$/ ? 0 : 1)" <../out
'

test_expect_success 'errors and hints on stderr are clean too' '
	cd repo && test_expect_code 2 "$CBP_BIN" names "$(printf "v\033[31m\377")" 2>../err &&
	clean ../err && grep "unknown commit" ../err &&
	test_expect_code 2 "$CBP_BIN" "$(printf "\033]0;x\007")" 2>../err &&
	clean ../err &&
	test_expect_code 2 "$CBP_BIN" check --stable linux-6.12.y "$(printf "no\033such")" 2>../err &&
	clean ../err
'

test_done
