#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkbackport check: mails as clients and archives send them.  A real
# backport is written by git format-patch, then re-encoded as mail clients
# do: body in base64 or quoted-printable, in ISO-8859-1, attached
# (format-patch --attach, --inline) or as a client's base64 attachment.
# Every form must read like the original: same subject, no finding, and
# the same patch-id.  git am is run on each form to show it is a mail git
# itself reads.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

BUG_SUBJECT="drm/x: add the café frobnicator"
FIX_SUBJECT="drm/x: reset the café frobnicator before use"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" &&
	test_tick && printf "int frob;\n" >frob.c && git add frob.c &&
	git commit -q -m "$BUG_SUBJECT" && tip >../B &&
	git tag v6.12 &&
	git checkout -q -b linux-6.12.y && test_commit "stable" &&
	git tag v6.12.1 && git checkout -q master &&
	test_tick && printf "int frob; /* café = 1 */\nvoid reset(void);\n" >frob.c &&
	git commit -q -a -m "$FIX_SUBJECT" -m "Reset it, or the café burns.

Fixes: $(git rev-parse --short=12 HEAD) (\"$BUG_SUBJECT\")
Signed-off-by: A U Thor <author@example.com>" &&
	tip >../F && git tag v6.13-rc1
'

test_expect_success 'set up: a bug, its fix with a non-ASCII Fixes: line' '
	test_setup_cached t2022 repo "../B ../F" \
		"$setup_repo"
'

F=$(cat F 2>/dev/null)
S="--stable linux-6.12.y"

test_expect_success 'set up: the backport, by format-patch, plain and attached' '
	cd repo && git checkout -q -b backport linux-6.12.y && test_tick &&
	git cherry-pick -x "$F" >/dev/null &&
	git log -1 --format=%B | sed "1a\\
\\
commit $F upstream." >../msg && git commit -q --amend -F ../msg &&
	fp () {
		git format-patch -1 --stdout --subject-prefix="PATCH 6.12.y" "$@"
	} &&
	fp >../plain.mbox && fp --attach >../attach.mbox &&
	fp --inline >../inline.mbox &&
	git checkout -q master &&
	grep -q "^Content-Transfer-Encoding: 8bit" ../plain.mbox &&
	grep -q "^Content-Type: multipart/mixed" ../attach.mbox
'

# reencode IN OUT CTE [CHARSET]: IN with its body re-encoded in the
# transfer encoding CTE (base64, quoted-printable), and with its text and
# subject in CHARSET if one is given, as a mail client would send it.
reencode () {
	perl -MMIME::Base64 -MMIME::QuotedPrint -MEncode -e '
		my ($cte, $cs) = @ARGV;
		local $/;
		my ($h, $b) = split /\n\n/, <STDIN>, 2;
		if ($cs) {
			$b = encode($cs, decode("UTF-8", $b));
			$h =~ s/charset=UTF-8/charset=$cs/;
			$h =~ s/\n[ \t]+/ /g;
			$h =~ s{^Subject: \[(.*?)\] (.*)$}{
				my ($prefix, $t) = ($1, $2);
				$t = encode($cs, decode("MIME-Header", $t));
				$t =~ s/([^A-Za-z0-9\/:. ])/sprintf("=%02X", ord $1)/ge;
				$t =~ tr/ /_/;
				"Subject: [$prefix] =?$cs?Q?$t?="
			}me;
		}
		$b = $cte eq "base64" ? encode_base64($b) : encode_qp($b);
		$h =~ s/^Content-Transfer-Encoding: .*$/Content-Transfer-Encoding: $cte/m;
		print "$h\n\n$b";
	' "$3" "$4" <"$1" >"$2"
}

# client IN OUT: IN as a mail client attaches a patch file: the message in
# a quoted-printable text part, the diff as a base64 octet-stream part.
client () {
	perl -MMIME::Base64 -MMIME::QuotedPrint -e '
		local $/;
		my ($h, $b) = split /\n\n/, <STDIN>, 2;
		my ($msg, $diff) = $b =~ /^(.*?\n)(diff --git .*?)^-- \n/ms;
		$h =~ s/^(MIME-Version|Content-[\w-]+): .*(\n|\z)//mg;
		$h =~ s/\n+\z//;
		my $bd = "=-=-=client=-=-=";
		print "$h\nMIME-Version: 1.0\n",
		      "Content-Type: multipart/mixed; boundary=\"$bd\"\n\n",
		      "--$bd\nContent-Type: text/plain; charset=utf-8\n",
		      "Content-Transfer-Encoding: quoted-printable\n\n",
		      encode_qp($msg),
		      "\n--$bd\nContent-Type: application/octet-stream;\n",
		      " name=\"0001-fix.patch\"\n",
		      "Content-Disposition: attachment; filename=\"0001-fix.patch\"\n",
		      "Content-Transfer-Encoding: base64\n\n",
		      encode_base64($diff), "--$bd--\n";
	' <"$1" >"$2"
}

FORMS="plain attach inline base64 qp latin1 client"

test_expect_success 'set up: the encoded forms' '
	reencode plain.mbox base64.mbox base64 &&
	reencode plain.mbox qp.mbox quoted-printable &&
	reencode plain.mbox latin1.mbox quoted-printable ISO-8859-1 &&
	client plain.mbox client.mbox &&
	grep -q "^Content-Transfer-Encoding: base64" base64.mbox &&
	grep -q "caf=C3=A9" qp.mbox && grep -q "caf=E9" latin1.mbox &&
	grep -a -q "^Subject: \[PATCH 6.12.y\] =?ISO-8859-1?Q?.*caf=E9" latin1.mbox &&
	grep -q "^Content-Type: application/octet-stream" client.mbox &&
	! grep -q "^diff --git" base64.mbox client.mbox
'

test_expect_success 'git am reads every form' '
	cd repo &&
	for form in $FORMS
	do
		git checkout -q -b am-$form linux-6.12.y &&
		git am -q ../$form.mbox &&
		git log -1 --format=%s >../am-subject &&
		echo "$FIX_SUBJECT" | test_cmp - ../am-subject &&
		git checkout -q master && git branch -q -D am-$form ||
		return 1
	done
'

for form in $FORMS
do
	test_expect_success "$form: read as the original, no finding" '
		cd repo && check_terse 0 ../out $S ../'$form'.mbox &&
		lacks_finding ../out ERROR:MALFORMED_PATCH &&
		lacks_finding ../out WARNING:FIXES_SUBJECT_MISMATCH &&
		! test -s ../out &&
		cbp check --json $S ../'$form'.mbox >../j.json &&
		test "$(json_get ../j.json "\$j->{patches}[0]{subject}")" = "$FIX_SUBJECT"
	'
done

test_expect_success 'set up: the fix applied to 6.12.y by hand (no citation)' '
	cd repo && git checkout -q linux-6.12.y && test_tick &&
	git cherry-pick "$F" >/dev/null &&
	git commit -q --amend --reset-author -m "drm/x: reset it, by hand" &&
	git checkout -q master
'

# The latin1 form changed the diff's own bytes (as that mailer would), so
# its patch-id is another; every other form decodes to the commit's diff.
for form in plain attach inline base64 qp client
do
	test_expect_success "$form: decoded diff has the commit's patch-id" '
		cd repo && check_terse 1 ../out --patch-id $S ../'$form'.mbox &&
		has_finding ../out ERROR:ALREADY_APPLIED_PATCH_ID &&
		grep -q "by hand" ../out
	'
done

# finding_line FORM: the line of the first finding about FORM-unknown.mbox
finding_line () {
	test_expect_code 1 cbp check --json $S "../$1-unknown.mbox" >../j.json &&
	test "$(json_get ../j.json "\$j->{patches}[0]{findings}[0]{type}")" = UPSTREAM_UNKNOWN &&
	json_get ../j.json "\$j->{patches}[0]{findings}[0]{line} // q{none}"
}

test_expect_success 'findings in a decoded body name no line of the file' '
	sed "s/^commit $F upstream\.\$/commit 0123456789abcdef0123456789abcdef01234567 upstream./" \
		plain.mbox >plain-unknown.mbox &&
	! cmp -s plain.mbox plain-unknown.mbox &&
	reencode plain-unknown.mbox base64-unknown.mbox base64 &&
	cd repo &&
	line=$(finding_line plain) &&
	test "$(sed -n "${line}p" ../plain-unknown.mbox)" = \
		"commit 0123456789abcdef0123456789abcdef01234567 upstream." &&
	test "$(finding_line base64)" = none
'

test_done
