#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# the first release fixes gives for a branch is a tag
# on that branch.  A fix merged into mainline from drm-next was first
# released in a mainline tag drm-next does not contain; a stable branch
# that forked from mainline before the release of a fix has it in its
# own first stable release.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "drm: base" &&
	test_commit "drm/xe: the bug" && tip >../BUG &&
	git tag v6.12 &&
	git checkout -q -b drm-next &&
	test_commit "drm/xe: fix the bug" "Fixes: $(git rev-parse --short=12 HEAD) (\"drm/xe: the bug\")" &&
	tip >../FIX &&
	git checkout -q master && test_tick &&
	git merge -q --no-ff -m "Merge drm-next" drm-next && git tag v6.13-rc1 &&
	test_commit "drm: more" && git tag v6.13-rc7 &&
	test_commit "drm/amd: fix it too" "Fixes: $(git rev-parse --short=12 "$(cat ../BUG)") (\"drm/xe: the bug\")" &&
	tip >../FIX2 &&
	git branch linux-6.13.y && test_commit "drm: last" && git tag v6.13 &&
	git checkout -q linux-6.13.y && test_commit "stable: one" &&
	git tag v6.13.1 && git checkout -q master
'

test_expect_success 'set up a bug, its fix on drm-next, and an early linux-6.13.y' '
	test_setup_cached t0021 repo "../BUG ../FIX ../FIX2" \
		"$setup_repo" &&
	cd repo &&
	cbp index --branches drm-next >/dev/null
'

# row BRANCH: the "branch  bug first in  fix first in" row of ../out.
row () {
	sed -n "s/^  \\($1\\) \\+\\([^ ]*\\) \\+\\([^ ]*\\)\$/\\2 \\3/p" ../out
}

test_expect_success 'drm-next has the fix but released no tag of its own' '
	cd repo && cbp fixes "$(cat ../FIX)" >../out && cat ../out &&
	test "$(row master)" = "v6.12 v6.13-rc1" &&
	test "$(row drm-next)" = "v6.12 unreleased" &&
	cbp fixes --json "$(cat ../FIX)" >../j &&
	test "$(json_get ../j "\$j->{fixes}[0]{branches}{q(drm-next)}{fix_first}")" = unreleased
'

test_expect_success 'a stable branch that forked before the release: its own tag' '
	cd repo && cbp fixes "$(cat ../FIX2)" >../out && cat ../out &&
	test "$(row master)" = "v6.12 v6.13" &&
	test "$(row linux-6.13.y)" = "v6.12 v6.13.1" &&
	cbp names --json "$(cat ../FIX2)" >../j &&
	test "$(json_get ../j "\$j->{members}[0]{first_release}")" = v6.13
'

test_done
