#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='release tags of other shapes, by a configurable pattern

systemd tags releases v220, v255, v256-rc1 and stable ones v255.4;
NetworkManager tags 1.46.0 without a v.  The kernel pattern reads none of
the single-number ones, so every first release there was wrong; etcd
tags alphas, betas and candidates counted from .0 (v3.5.0-rc.0); a
release pattern (checkbackport.releasePattern or --release-pattern, a
POSIX extended regular expression whose first group is the version) reads
them, and their order is the one the versions have.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

first_release () {
	cbp names --json "$1" >j &&
	json_get j "(grep { \$_->{id} eq q{$1} } @{\$j->{members}})[0]{first_release}"
}

SYSTEMD='v([0-9]+(\.[0-9]+)?(-rc[0-9]+)?)'
SQ="'"

# tagged FILE SUBJECT TAG...: a commit changing FILE, tagged each TAG.
tagged () {
	test_change "$1" "${1}1" "$2" &&
	shift 2 &&
	for t in "$@"
	do
		git tag "$t" || return 1
	done
}

# tag_each DIR TAG...: a new repository DIR, entered, with a commit per
# TAG in that order, tagged with it; $tag_list lists "ID TAG" of each, a
# line each.
tag_each () {
	git init -q "$1" &&
	cd "$1" &&
	shift &&
	tag_list= &&
	for t in "$@"
	do
		tagged "f-$t" "the change of $t" "$t" &&
		tag_list="$tag_list$(tip) $t$LF" || return 1
	done
}

# tag_each_cached DIR TAG...: tag_each DIR TAG..., a set-up with git
# alone, through test_setup_cached (in the trash directory); DIR
# entered, and ../tagged listing "ID TAG" of each tag.
tag_each_cached () {
	test_setup_cached "t1021-$1" "$1" tag_list "tag_each $*" &&
	cd "$1" &&
	printf "%s" "$tag_list" >../tagged
}

# first_releases_are_tags: each commit of tag_each was first released in
# its own tag.  (One names --stdin --json for them all, a document per
# line, as first_release asks names --json for one.)
first_releases_are_tags () {
	while read -r id t
	do
		echo "$id" || return 1
	done <../tagged >../ids &&
	cbp names --stdin --json <../ids >../answers &&
	{
		while read -r id t
		do
			IFS= read -r doc <&3 &&
			printf "%s\n" "$doc" >j &&
			test "$(json_get j "(grep { \$_->{id} eq q{$id} } @{\$j->{members}})[0]{first_release}")" = "$t" ||
				return 1
		done <../tagged &&
		! read -r doc <&3
	} 3<../answers
}

# releases_read N INDEX-OPTION...: index with those options reads N
# release tags and refuses none (index --verbose), and each commit of
# tag_each was first released in its own tag.
releases_read () {
	releases_read_=$1 &&
	shift &&
	cbp index "$@" --verbose >out &&
	grep "$releases_read_ release tags" out &&
	! grep "^not a release" out &&
	first_releases_are_tags
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change a base "core: the start" &&
	A=$(tip) &&
	git tag v220 &&
	test_change b b1 "core: for v243" &&
	git tag v243 &&
	git branch v243-stable &&
	test_change c c1 "core: for v255" &&
	C=$(tip) &&
	git tag -a -m v255 v255 &&
	git branch v255-stable &&
	test_change d d1 "core: for v256-rc1" &&
	D=$(tip) &&
	git tag v256-rc1 &&
	test_change e e1 "core: for v256" &&
	E=$(tip) &&
	git tag v256 &&
	git checkout -q v243-stable &&
	test_change b b2 "core: a v243 stable fix" &&
	git tag v243.1 &&
	git checkout -q v255-stable &&
	pick -x $D &&
	SD=$(tip) &&
	git tag v255.4 &&
	git checkout -q master &&
	git config checkbackport.stable "v*-stable"
'

test_expect_success 'set up: systemd-shaped tags' '
	test_setup_cached t1021 repo "A C D E SD" \
		"$setup_repo"
'

test_expect_success 'the kernel pattern: single numbers are no releases' '
	cd repo &&
	cbp index >/dev/null &&
	test "$(first_release $A)" = v243.1 &&
	cbp index --verbose >out &&
	grep "^not a release: tag v256-rc1: not a release version by the release pattern" out
'

test_expect_success 'checkbackport.releasePattern: v220, v256-rc1, v255.4 read' '
	cd repo &&
	git config checkbackport.releasePattern "$SYSTEMD" &&
	"$CBP_BIN" index 2>err >/dev/null &&
	grep "now tracking release pattern .v(\[0-9\]" err &&
	cbp index --verify >/dev/null &&
	test "$(first_release $A)" = v220 &&
	test "$(first_release $C)" = v255 &&
	test "$(first_release $D)" = v256-rc1 &&
	test "$(first_release $E)" = v256 &&
	test "$(first_release $SD)" = v255.4
'

test_expect_success 'a release tag names its commit' '
	cd repo &&
	cbp names v256 >out &&
	grep -F "$(s12 $E)" out &&
	! grep "no release" out
'

test_expect_success 'a pattern whose version is no version reads no tag' '
	cd repo &&
	cbp index --release-pattern "(v)[0-9]+" --verbose >out &&
	grep "^not a release: tag v220: its version is not 1 to 4 numbers" out &&
	test "$(first_release $A)" = ""
'

test_expect_success 'a bad pattern is an error, the index is kept' '
	cd repo &&
	test_must_fail cbp index --release-pattern "v([0-9]" 2>err &&
	grep "release pattern .v(\[0-9\]." err &&
	test_must_fail cbp index --release-pattern "v[0-9]+" 2>err &&
	grep "no (group) to take the version from" err &&
	cbp index -v >out && grep "^track" out >before &&
	git branch other &&
	test_expect_code 2 "$CBP_BIN" index --mainline=other \
		--release-pattern "(?:x)([0-9]+)" 2>err &&
	grep "release pattern" err && ! grep "now tracking" err &&
	git branch -D -q other &&
	cbp index -v >out && grep "^track" out >after &&
	test_cmp before after &&
	cbp index --release-pattern "$SYSTEMD" >/dev/null &&
	test "$(first_release $A)" = v220
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_nm='
	git init -q nm &&
	cd nm &&
	test_change a a1 "core: the start" &&
	A=$(tip) &&
	git tag 1.46.0 &&
	test_change b b1 "core: the next" &&
	B=$(tip) &&
	git tag 1.47.2 &&
	test_change c c1 "core: later" &&
	git tag 1.48.0-rc1
'

test_expect_success 'NetworkManager-shaped tags, without a v' '
	test_setup_cached t1021-nm nm "A B" \
		"$setup_nm" &&
	cd nm &&
	cbp index --tags "[0-9]*" \
		--release-pattern "([0-9]+\.[0-9]+\.[0-9]+(-rc[0-9]+)?)" >/dev/null &&
	cbp index --verify >/dev/null &&
	test "$(first_release $A)" = 1.46.0 &&
	test "$(first_release $B)" = 1.47.2
'

# The same tags with the default glob (v*): the pattern would read them
# but the glob leaves them out, and every release label would say "no
# release yet".  Said on every run, never silently.
test_expect_success 'releases the tags glob leaves out are said' '
	cd nm &&
	rm -f .git/checkbackport.db* &&
	"$CBP_BIN" index \
		--release-pattern "([0-9]+\.[0-9]+\.[0-9]+(-rc[0-9]+)?)" >out 2>err &&
	echo "checkbackport: 3 tags such as '"'1.46.0'"' would be releases by the release pattern but are outside checkbackport.tags '"'v*'"' and not read; pass --tags to include them" >expect &&
	grep "outside checkbackport.tags" err >actual &&
	test_cmp expect actual &&
	grep "0 release tags" out &&
	"$CBP_BIN" index --json >j 2>/dev/null &&
	test "$(json_get j "\$j->{releases_outside_tags}")" = 3 &&
	"$CBP_BIN" index --tags "[0-9]*" >out 2>err &&
	! grep "outside checkbackport.tags" err &&
	grep "3 release tags" out
'

test_expect_success 'containerd-shaped tags: release candidates v2.0.0-rc.1' '
	tag_each_cached cd v1.7.30 v2.0.0-rc.1 v2.0.0 &&
	cbp index --release-pattern "v([0-9]+\.[0-9]+\.[0-9]+(-rc\.?[0-9]+)?)" >/dev/null &&
	cbp index -v >out 2>&1 &&
	! grep "v2.0.0-rc.1" out &&
	first_releases_are_tags
'

# etcd tags v3.5.0-alpha.0, -beta.N and -rc.0 before v3.5.0, and each Go
# module of the tree as api/v3.5.0, client/v3.5.0...: a change first in
# the alpha was said to be first in v3.5.0, as if the pre-releases (and
# the first candidate, rc.0) were no releases.
test_expect_success 'etcd-shaped tags: alphas, betas and candidates from .0' '
	tag_each_cached etcd v3.4.0 v3.5.0-alpha.0 v3.5.0-beta.1 v3.5.0-rc.0 v3.5.0 &&
	git tag api/v3.5.0 &&
	git tag v3.5.0+git &&
	cbp index --tags "*" \
		--release-pattern "v([0-9]+\.[0-9]+\.[0-9]+(-(alpha|beta|rc)\.[0-9]+)?)" \
		>out &&
	grep "5 release tags" out &&
	cbp index -v >out 2>&1 &&
	grep "not a release: tag v3.5.0+git: not a release version by the release pattern" out &&
	grep "not a release: tag api/v3.5.0: not a release version by the release pattern" out &&
	! grep "not a release: tag v3.5.0-" out &&
	first_releases_are_tags
'

# rpm tags rpm-4.20.0-alpha, then rpm-4.20.0-alpha2: the word alone is
# the first of its kind.  It was no release, and what it first had was
# labelled with the next tag.
test_expect_success 'rpm-shaped tags: a pre-release without a number' '
	tag_each_cached rpm rpm-4.19.0-release rpm-4.20.0-alpha rpm-4.20.0-alpha2 \
		rpm-4.20.0-beta rpm-4.20.0-rc1 rpm-4.20.0-release &&
	cbp index --tags "rpm-*" \
		--release-pattern "rpm-([0-9]+(\.[0-9]+){1,3}(-(alpha|beta|rc)[0-9]*)?)(-release)?" \
		>out &&
	grep "6 release tags" out &&
	first_releases_are_tags
'

# Redis tags 2.2-alpha0 before 2.2-alpha1 and 2.2.0, with no v: the
# first alpha of a series is 0.  It was no release, and what it first had
# was labelled 2.2-alpha1.
test_expect_success 'Redis-shaped tags: a first pre-release numbered 0' '
	tag_each_cached redis 2.0.4 2.2-alpha0 2.2-alpha1 2.2.0 &&
	releases_read 4 --tags "[0-9]*"
'

# HAProxy tags v3.5-dev0 to v3.5-dev12 on master, then v3.5.0: its
# development releases.  No pattern could read them, and what each first
# had was labelled v3.5.0.  The default leaves "-dev" out:
# NetworkManager's 1.53.0-dev is no release.
test_expect_success 'HAProxy-shaped tags: development releases -devN' '
	tag_each_cached haproxy v3.4.0 v3.5-dev0 v3.5-dev1 v3.5-dev12 v3.5.0 &&
	releases_read 5 --release-pattern "v([0-9]+(\.[0-9]+){1,2}(-dev[0-9]+)?)"
'

# Redis tags its milestones 8.0-m01 to 8.0-m04, then 8.0-rc1 and 8.0.0.
# No pattern could read them ("-m" was no pre-release, "01" no number),
# and what each milestone first had was labelled 8.0-rc1.
test_expect_success 'Redis-shaped tags: milestones -m01 before the candidates' '
	tag_each_cached redis-m 7.4.1 8.0-m01 8.0-m02 8.0-m04 8.0-rc1 8.0.0 &&
	releases_read 6 --tags "[0-9]*" --release-pattern \
		"([0-9]+(\.[0-9]+){1,2}(-(m|rc)[0-9]+)?)"
'

# Docker numbers its releases by the calendar: v18.09.0-beta3, v18.09.1,
# v19.03.0.  The month's leading 0 made every one of them no release,
# and what each first had was labelled with a later tag (v20.10.0).
test_expect_success 'Docker-shaped tags: a month of the calendar, v18.09.1' '
	tag_each_cached docker v18.06.3 v18.09.0-beta3 v18.09.0 v18.09.1 \
		v19.03.0 v20.10.0 &&
	releases_read 6
'

# moby tagged v28.0.0, then docker-v29.0.0 (its modules api/v1.52.0):
# two globs, and a pattern taking both.  --tags took one glob, and
# "v* docker-v*" read no tag at all.
test_expect_success 'moby-shaped tags: two globs, v28.0.1 then docker-v29.0.0' '
	tag_each_cached moby v28.0.0 v28.0.1 docker-v29.0.0-rc.1 \
		docker-v29.0.0 api/v1.52.0 &&
	sed "/ api\//d" ../tagged >../releases &&
	mv ../releases ../tagged &&
	cbp index --tags "v*, docker-v*" --release-pattern \
		"[a-z-]*v([0-9]+(\.[0-9]+){1,3}(-(rc|beta|alpha)(\.?[0-9]+)?)?)" \
		--verbose >out &&
	grep "4 release tags" out &&
	! grep "^not a release" out &&
	grep "^tracking release tags: .v\*, docker-v\*. " out &&
	first_releases_are_tags
'

# OpenSSL names the releases after 1.1.1 by letters, OpenSSL_1_1_1a to
# OpenSSL_1_1_1w, and after 0.9.8z by two, 0.9.8za: no pattern could
# read them, and what each first had was labelled with the next number.
test_expect_success 'OpenSSL-shaped tags: letter releases, OpenSSL_1_1_1w' '
	tag_each_cached openssl OpenSSL_0_9_8z OpenSSL_0_9_8za OpenSSL_1_1_1 \
		OpenSSL_1_1_1a OpenSSL_1_1_1w OpenSSL_1_1_2-pre1 &&
	releases_read 6 --tags "OpenSSL_*" --release-pattern \
		"OpenSSL_([0-9]+(_[0-9]+){2}([a-z]|z[a-z])?(-pre[0-9]+)?)"
'

# OpenSSH's portable releases carry a patch level, 9.9p1 then 9.9p2,
# tagged V_9_9_P1 and V_9_9_P2: no pattern could read the level, and one
# that left it out made the two one release.
test_expect_success 'OpenSSH-shaped tags: patch levels, V_9_9_P2' '
	tag_each_cached openssh V_9_8_P1 V_9_9_P1 V_9_9_P2 V_10_0_P1 \
		V_10_0_P2 &&
	releases_read 5 --tags "V_*" --release-pattern \
		"V_([0-9]+(_[0-9]+)+_P[0-9]+)"
'

# LXC writes its pre-releases after a dot, lxc-4.0.0.rc1: no pattern
# could read them, and what each first had was labelled lxc-4.0.0.
test_expect_success 'LXC-shaped tags: pre-releases after a dot, lxc-4.0.0.rc1' '
	tag_each_cached lxc lxc-3.2.1 lxc-4.0.0.alpha1 lxc-4.0.0.beta2 \
		lxc-4.0.0.rc1 lxc-4.0.0 &&
	releases_read 5 --tags "lxc-*" --release-pattern \
		"lxc-([0-9]+(\.[0-9]+){1,2}(\.(rc|beta|alpha)[0-9]+)?)"
'

# OpenVPN tags v2.7_alpha1, v2.7_beta1, v2.7_rc2 before v2.7.0: the
# pre-release after an underscore.  No pattern could read them, and
# what they first had was labelled v2.7.0.
test_expect_success 'OpenVPN-shaped tags: a pre-release after an underscore' '
	tag_each_cached openvpn v2.6.14 v2.7_alpha1 v2.7_beta1 v2.7_rc2 v2.7.0 &&
	cbp index --release-pattern \
		"v([0-9]+\.[0-9]+(\.[0-9]+)?([-_](rc|beta|alpha)[0-9]*)?)" >out &&
	grep "5 release tags" out &&
	first_releases_are_tags
'

# PostgreSQL tags REL9_4_10 and REL_16_2: numbers joined by underscores.
# No pattern could read them, and one of a group per number took "9" of
# every REL9_*: all one release, ties broken by name, so what REL9_4_9
# first had was labelled REL9_4_10, silently.
test_expect_success 'PostgreSQL-shaped tags: numbers joined by underscores' '
	tag_each_cached pg REL9_4_9 REL9_4_10 REL9_6_24 REL_10_1 REL_16_2 &&
	cbp index --tags "REL*" --release-pattern "REL_?([0-9]+(_[0-9]+)*)" >out &&
	grep "5 release tags" out &&
	first_releases_are_tags &&
	"$CBP_BIN" index --release-pattern "REL_?([0-9]+)_([0-9]+)(_([0-9]+))?" \
		>out 2>err &&
	grep "0 release tags" out &&
	grep "5 tags matching ${SQ}REL\*${SQ} are not releases" err &&
	cbp index -v >out 2>&1 &&
	grep "not a release: tag REL9_4_10: the pattern${SQ}s first group ends before" out &&
	read -r id _ <../tagged &&
	test "$(first_release "$id")" = ""
'

# A query in a repository without an index builds one with what git's
# config says, the defaults here (a first `index --tags ...` that was
# interrupted saved nothing): what `index` would have said of its tags,
# it says too, or every first release would be "none" without a word.
# The repository of the next test, made with git alone (test_setup_cached).
setup_frr_query='
	git init -q frr-query &&
	cd frr-query &&
	tagged a "bgpd: the start" base_10.4 &&
	tagged b "bgpd: in 10.4.1" frr-10.4.1
'

# FreeIPA tags release-4-13-3: numbers joined by dashes.  No pattern
# could read them, and one of a group per number took "4" of every
# release-4-*: all one release, what release-4-9-14 first had labelled
# release-4-10-0 or another, silently.
test_expect_success 'FreeIPA-shaped tags: numbers joined by dashes' '
	tag_each_cached ipa release-3-3-5 release-4-9-14 release-4-10-0 \
		release-4-13-0 release-4-13-3 &&
	releases_read 5 --tags "release-*" --release-pattern \
		"release-([0-9]+(-[0-9]+)*)" &&
	"$CBP_BIN" index --release-pattern "release-([0-9]+)-([0-9]+)-([0-9]+)" \
		>out 2>err &&
	grep "0 release tags" out &&
	grep "5 tags matching ${SQ}release-\*${SQ} are not releases" err &&
	cbp index -v >out 2>&1 &&
	grep "not a release: tag release-4-13-3: the pattern${SQ}s first group ends before" out
'

test_expect_success 'a query that builds the index says what index would' '
	test_setup_cached t1021-frr-query frr-query "" \
		"$setup_frr_query" &&
	cd frr-query &&
	"$CBP_BIN" names HEAD >out 2>err &&
	grep "no index at .*; building it" err &&
	grep -F "no release tags: none of the 2 tags outside checkbackport.tags ${SQ}v*${SQ}" err &&
	grep "first release: none" out &&
	"$CBP_BIN" names HEAD >out 2>err &&
	test_must_be_empty err
'

# FRRouting tags frr-10.4.1 (and base_10.4, docker/...): with the
# defaults not one tag is read, and every first release was "none"
# without a word.
# The repository of the next test, made with git alone (test_setup_cached).
setup_frr='
	git init -q frr &&
	cd frr &&
	tagged a "bgpd: the start" base_10.4 &&
	tagged b "bgpd: in 10.4.1" frr-10.4.1 && B=$(tip)
'

test_expect_success 'no tag of a release shape: said, and how to read them' '
	test_setup_cached t1021-frr frr "B" \
		"$setup_frr" &&
	cd frr &&
	"$CBP_BIN" index >out 2>err &&
	grep "0 release tags" out &&
	grep -F "no release tags: none of the 2 tags outside checkbackport.tags ${SQ}v*${SQ} (such as ${SQ}base_10.4${SQ}) is a release by the release pattern either" err &&
	grep -F "pass --tags and --release-pattern" err &&
	"$CBP_BIN" index --json >j 2>/dev/null &&
	test "$(json_get j "\$j->{other_tags}")" = 2 &&
	"$CBP_BIN" index --tags "frr-*" \
		--release-pattern "frr-([0-9]+(\.[0-9]+){1,2})" >out 2>err &&
	grep "1 release tags" out &&
	! grep "no release tags" err &&
	test "$(first_release $B)" = frr-10.4.1
'

test_expect_success 'tracked branches of other shapes: newest series first' '
	cd repo &&
	cbp index --verbose >out &&
	sed -n "s/^tracked branch: //p" out >got &&
	printf "%s\\n" master v255-stable v243-stable >want &&
	test_cmp want got &&
	cd ../nm &&
	git branch nm-1-46 1.46.0 &&
	git branch nm-1-9 1.46.0 &&
	git branch nm-1-52 &&
	cbp index --stable "nm-1-*" --verbose >out &&
	sed -n "s/^tracked branch: //p" out >got &&
	printf "%s\\n" master nm-1-52 nm-1-46 nm-1-9 >want &&
	test_cmp want got
'

# Helm tags v3.19.0-rc.1 and v2.0.0-alpha.1: 78 of its tags were no
# releases by the default, the kernel's pattern alone.
test_expect_success 'the default reads semantic pre-releases too' '
	tag_each_cached helm v3.18.0 v3.19.0-rc.1 v3.19.0 v4.0.0-alpha.1 &&
	releases_read 4
'

# The repository of the next test, made with git alone (test_setup_cached).
setup_k='
	git init -q k &&
	cd k &&
	test_change a a1 "drm: the start" &&
	A=$(tip) &&
	git tag v6.12 &&
	git tag v6 &&
	git tag v6.12.1.2.3
'

test_expect_success 'the kernel default still reads kernel tags alone' '
	test_setup_cached t1021-k k "A" \
		"$setup_k" &&
	cd k &&
	cbp index --verbose >out &&
	test "$(first_release $A)" = v6.12 &&
	grep "^not a release: tag v6: " out &&
	grep "^not a release: tag v6.12.1.2.3: " out
'

# ansible's v2.9.0rc1 read with a pattern leaving "rc1" out of its first
# group: one version with v2.9.0, and the commits of either labelled
# with whichever sorts first, which index said nothing of.
test_expect_success 'two tags one version by the pattern, on other commits: said' '
	tag_each_cached one v1.0.0 v1.1.0rc1 v1.1.0 &&
	"$CBP_BIN" index --release-pattern "v([0-9]+\.[0-9]+\.[0-9]+)(rc[0-9]+)?" \
		>out 2>err &&
	grep "warning: release tags .v1.1.0. and .v1.1.0rc1. are one version by the release pattern, on other commits (1 such pair)" err &&
	grep "first group must hold all that tells releases apart" err &&
	"$CBP_BIN" index --rebuild \
		--release-pattern "v([0-9]+\.[0-9]+\.[0-9]+(rc[0-9]+)?)" >out 2>err &&
	! grep "one version" err &&
	first_releases_are_tags
'

test_done
