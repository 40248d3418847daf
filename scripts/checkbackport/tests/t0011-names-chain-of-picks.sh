#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A chain of three hops: A is cherry-picked to B, B to C, and C is
# backported to stable as D citing only C.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "init" && git tag v6.10 &&
	git branch linux-6.10.y &&
	git checkout -q -b drm-next && test_commit "drm/i915: fix hang" &&
	tip >../A &&
	git checkout -q -b drm-intel-fixes master && test_pick drm-next &&
	tip >../B &&
	git checkout -q -b drm-fixes master && test_pick drm-intel-fixes &&
	tip >../C &&
	git checkout -q master && git merge -q --ff-only drm-fixes &&
	git tag v6.11-rc3 &&
	git checkout -q linux-6.10.y && test_tick &&
	git cherry-pick drm-fixes >/dev/null &&
	git commit -q --amend -m "drm/i915: fix hang" \
		-m "[ Upstream commit $(cat ../C) ]" &&
	tip >../D && git tag v6.10.4
'

test_expect_success 'set up a chain of three cherry-picks' '
	test_setup_cached t0011 repo "../A ../B ../C ../D" \
		"$setup_repo" &&
	cd repo &&
	git checkout -q master && cbp index >/dev/null
'

A=$(cat A 2>/dev/null)
B=$(cat B 2>/dev/null)
C=$(cat C 2>/dev/null)
D=$(cat D 2>/dev/null)

test_expect_success 'git cherry-pick -x keeps every earlier trailer' '
	cd repo && git log -1 --format=%B "$C" >../msg &&
	grep -F "(cherry picked from commit $A)" ../msg &&
	grep -F "(cherry picked from commit $B)" ../msg
'

test_expect_success 'the first and the last hop find the same four names' '
	cd repo && cbp names --json "$A" >../a.json && cbp names --json "$D" >../d.json &&
	json_get ../a.json "join \" \", sort map { \$_->{id} } @{\$j->{members}}" >../a &&
	json_get ../d.json "join \" \", sort map { \$_->{id} } @{\$j->{members}}" >../d &&
	test "$(wc -w <../a)" = 4 && test_cmp ../a ../d
'

test_expect_success 'the tree is rooted at the original and follows the hops' '
	cd repo && cbp names --json "$D" >../j &&
	test "$(json_get ../j "\$j->{members}[0]{id}")" = "$A" &&
	test "$(json_get ../j "(grep { \$_->{id} eq \"$B\" } @{\$j->{members}})[0]{parent}")" = "$A" &&
	test "$(json_get ../j "(grep { \$_->{id} eq \"$C\" } @{\$j->{members}})[0]{parent}")" = "$B" &&
	test "$(json_get ../j "(grep { \$_->{id} eq \"$D\" } @{\$j->{members}})[0]{parent}")" = "$C"
'

test_expect_success 'the stable hop is linked by its [ Upstream commit ] line' '
	cd repo && cbp names "$A" >../out &&
	grep -F "via: [ Upstream commit $C ]" ../out &&
	test "$(grep -c "via:" ../out)" = 4
'

test_expect_success 'the mainline copy is named, with its release' '
	cd repo && cbp names "$D" >../out &&
	grep -F "first in mainline: $(s12 "$C") (\"drm/i915: fix hang\") in v6.11-rc3" ../out
'

test_done
