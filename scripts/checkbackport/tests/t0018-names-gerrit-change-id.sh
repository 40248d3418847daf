#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='Gerrit'"'"'s Change-Id joins a backport no trailer joins

Projects reviewed on Gerrit (OpenVPN) keep a change'"'"'s "Change-Id: I..."
line on every branch it is cherry-picked to.  OpenVPN'"'"'s backports of a
CVE fix, adapted by hand, cite a commit of a private repository: no
trailer and no patch-id joined them to mainline'"'"'s commit,
so names said "not in mainline" of them, and nothing of the fix on 2.6.
The Change-Id joins them, judged as a citation is; a trailer naming a
commit of the repository still decides, and a squash or a Change-Id
mainline has twice joins nothing by guess.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

CA=I1111111111111111111111111111111111111111
CB=I2222222222222222222222222222222222222222
CC=I3333333333333333333333333333333333333333
CE=I5555555555555555555555555555555555555555
CF=I6666666666666666666666666666666666666666
CG=I7777777777777777777777777777777777777777
CH=I8888888888888888888888888888888888888888
CK=I9999999999999999999999999999999999999999
CM=Iaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
CR=Ibbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
CU=Icccccccccccccccccccccccccccccccccccccccc
# A commit of a private repository, as OpenVPN's backports cite.
PRIVATE=e287547d851512345678901234567890abcdef01

# gerrit FILE LINE SUBJECT CHANGE-ID [TRAILER...]: test_change with the
# trailers and the Change-Id line Gerrit's hook adds.
gerrit () {
	gerrit_f=$1 gerrit_l=$2 gerrit_s=$3 gerrit_c=$4 &&
	shift 4 &&
	gerrit_t=$(printf "%s\n" "$@" "Change-Id: $gerrit_c" \
		"Signed-off-by: A U Thor <author@example.com>") &&
	test_change "$gerrit_f" "$gerrit_l" "$gerrit_s" "$gerrit_t"
}

# at COMMIT: make the next commit's author time COMMIT's.
at () {
	GIT_AUTHOR_DATE=$(git log -1 --format=%ad --date=raw "$1") &&
	export GIT_AUTHOR_DATE
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change src/tls.c start "openvpn: the start" &&
	git tag v1.0.0 &&
	git branch release/1.0 &&
	gerrit src/tls.c key-fix "tls-crypt: do not set the keys up twice" $CA &&
	A=$(tip) &&
	gerrit src/dco.c float "dco: support float notifications" $CB &&
	B=$(tip) &&
	gerrit src/mtu.c mtu "mtu: keep the pushed value in range" $CC &&
	C=$(tip) &&
	test_change src/mtu.c mtu2 "mtu: check the pushed value" &&
	D=$(tip) &&
	gerrit src/ntlm.c ntlm "ntlm: check the length" $CE &&
	E=$(tip) &&
	gerrit src/ntlm.c ntlm2 "ntlm: grow the buffer" $CF &&
	F=$(tip) &&
	git tag v1.1.0 &&
	git checkout -q release/1.0 &&
	gerrit src/tls.c "key-fix, adapted" "tls-crypt: do not set the keys up twice" \
		$CA "(cherry picked from commit $PRIVATE)" &&
	SA=$(tip) &&
	gerrit src/dco.c "float, by hand" "dco: backport float support" $CB &&
	SB=$(tip) &&
	gerrit src/mtu.c mtu2 "mtu: check the pushed value" $CC \
		"(cherry picked from commit $D)" &&
	SC=$(tip) &&
	gerrit src/ntlm.c "ntlm, ntlm2" "ntlm: check the length" $CE \
		"Change-Id: $CF" &&
	SE=$(tip) &&
	git checkout -q master
'

test_expect_success 'set up: mainline changes, and their backports to release/1.0' '
	test_setup_cached t0018 repo "A B C D E F SA SB SC SE" \
		"$setup_repo" &&
	cd repo &&
	cbp index --stable "release/*" >/dev/null
'

test_expect_success 'names: a backport citing a private commit is joined by its Change-Id' '
	cd repo &&
	cbp names $A >out &&
	grep "^3 names (1 only cited):" out &&
	grep -F "$(s12 $SA) (\"tls-crypt: do not set the keys up twice\")" out &&
	grep -F "via: same Change-Id as $A" out &&
	cbp names $SA >out &&
	grep "^first in mainline: $(s12 $A) " out &&
	! grep "not in mainline" out
'

test_expect_success 'names --json: the link is of its own kind, judged as a citation' '
	cd repo &&
	cbp names --json $SB >out.json &&
	test "$(json_get out.json "(grep { \$_->{id} eq q{$SB} } @{\$j->{members}})[0]{citations}[0]{trailer}")" = \
		"same Change-Id" &&
	test "$(json_get out.json "(grep { \$_->{id} eq q{$SB} } @{\$j->{members}})[0]{citations}[0]{trust}{verdict}")" = \
		adapted &&
	cbp names $B >out &&
	grep -F "via: same Change-Id as $B  (adapted: " out
'

test_expect_success 'a trailer naming a commit of the repository decides' '
	cd repo &&
	cbp names $C >out &&
	grep "^1 name " out &&
	cbp names $D >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $SC)" out
'

test_expect_success 'a squash naming two Change-Ids joins nothing by them' '
	cd repo &&
	cbp names $E >out &&
	grep "^1 name " out &&
	cbp names $F >out &&
	grep "^1 name " out &&
	cbp names $SE >out &&
	grep "^1 name " out
'

# A change reverted and applied again keeps its Change-Id: the backport
# with the second one'"'"'s author time is its backport; one with neither
# author time could be of either, and is joined to none.
test_expect_success 'a Change-Id mainline has twice: the one of the same author time' '
	cd repo &&
	gerrit src/ping.c ping "ping: fix the timer" $CG &&
	G1=$(tip) &&
	revert $G1 &&
	gerrit src/ping.c ping "ping: fix the timer" $CG &&
	G2=$(tip) &&
	gerrit src/hmac.c hmac "hmac: fix the check" $CH &&
	H1=$(tip) &&
	revert $H1 &&
	gerrit src/hmac.c hmac "hmac: fix the check" $CH &&
	H2=$(tip) &&
	git checkout -q release/1.0 &&
	test_tick && at $G2 &&
	gerrit_t=$(printf "%s\n" "Change-Id: $CG") &&
	echo "ping, by hand" >>src/ping.c && git add src/ping.c &&
	git commit -q -m "ping: fix the timer (1.0)" -m "$gerrit_t" &&
	SG=$(tip) &&
	gerrit src/hmac.c "hmac, by hand" "hmac: fix the check" $CH &&
	SH=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $G2 >out &&
	grep -F "$(s12 $SG)" out &&
	grep -F "via: same Change-Id as $G2" out &&
	cbp names $G1 >out &&
	! grep -F "$(s12 $SG)" out &&
	cbp names $SH >out &&
	grep "^1 name " out
'

test_expect_success 'a backport indexed before its mainline commit is joined later' '
	cd repo &&
	git checkout -q release/1.0 &&
	gerrit src/log.c "log, 1.0" "log: do not print the key" $CK &&
	SK=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $SK >out &&
	grep "^1 name " out &&
	gerrit src/log.c log "log: do not print the key" $CK &&
	K=$(tip) &&
	cbp index >/dev/null &&
	cbp names $SK >out &&
	grep "^2 names " out &&
	grep "^first in mainline: $(s12 $K) " out
'

test_expect_success 'missing: a fix the branch has by its Change-Id is not listed' '
	cd repo &&
	gerrit src/tls.c key-fix2 "tls-crypt: free the keys once" $CM \
		"Fixes: $(s12 $A) (\"tls-crypt: do not set the keys up twice\")" &&
	M=$(tip) &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp missing --terse --stable release/1.0 >out &&
	grep "^$(s12 $M) fix " out &&
	git checkout -q release/1.0 &&
	gerrit src/tls.c "free once, 1.0" "tls-crypt: free the keys once" $CM &&
	git checkout -q master &&
	cbp index >/dev/null &&
	test_expect_code 0 cbp missing --terse --stable release/1.0 >out &&
	test_must_be_empty out
'

# LTTng'"'"'s follow-ups quote the change they follow up, Change-Id and
# all, indented: the message'"'"'s own is the one at the start of a line.
test_expect_success 'a quoted Change-Id is not the message'"'"'s own' '
	cd repo &&
	gerrit src/log.c log2 "log: redact the key everywhere" $CR \
		"Follows up on:" "    Change-Id: $CK" &&
	R=$(tip) &&
	git checkout -q release/1.0 &&
	gerrit src/log.c "log2, 1.0" "log: redact the key everywhere (1.0)" $CR &&
	SR=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $SR >out &&
	grep "^first in mainline: $(s12 $R) " out
'

# A Change-Id on a commit that shares nothing with mainline'"'"'s is not
# followed, and no command calls it a trailer or a citation.
test_expect_success 'a Change-Id on another change: suspicious, said as it is' '
	cd repo &&
	gerrit src/udp.c udp "udp: drop short packets" $CU &&
	U=$(tip) &&
	git checkout -q release/1.0 &&
	gerrit doc/news.txt news "news: the 1.0.4 release" $CU &&
	SU=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $U >out &&
	grep "^1 name " out &&
	grep -F "not followed: the Change-Id of $(s12 $SU) (\"news: the 1.0.4 release\")" out &&
	grep -F "suspicious: \"news: the 1.0.4 release\" has the Change-Id of $(s12 $U) " out &&
	test_expect_code 1 cbp lint >out &&
	grep -F "suspicious $(s12 $SU) (\"news: the 1.0.4 release\"): same Change-Id as $(s12 $U) (\"udp: drop short packets\"): " out &&
	! grep "cites $(s12 $U)" out &&
	test_expect_code 0 cbp check --stable release/1.0 $U >out &&
	grep -F "release/1.0 has $(s12 $SU) (\"news: the 1.0.4 release\"), which has the Change-Id of $(s12 $U)" out &&
	grep -F "the Change-Id is not followed" out &&
	! grep -i trailer out
'

# LTTng'"'"'s stable-2.13 backport of a fix, checked against stable-2.12,
# which has its own backport of it: both are names of the fix by their
# Change-Id, and the fix is already there, as with a cherry-pick trailer.
test_expect_success 'check: a backport joined by its Change-Id stands for the fix' '
	cd repo &&
	git checkout -q -b release/1.1 v1.0.0 &&
	gerrit src/dco.c "float, 1.1" "dco: backport float support to 1.1" $CB &&
	TB=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	test_expect_code 1 cbp check --stable release/1.0 $TB >out &&
	grep -F "ALREADY_APPLIED: already in release/1.0 as $(s12 $SB)" out
'

test_done
