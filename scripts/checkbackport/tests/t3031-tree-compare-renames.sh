#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check --compare when the upstream commit moves a file and edits it: its
# exact backport (format-patch -M, a rename with a hunk) is as upstream,
# nothing extra, nothing dropped; a backport that leaves the edit out is
# told so.

. "$(dirname "$0")/lib-checkbackport.sh"

S="--stable linux-6.12.y"

test_expect_success 'set up: upstream moves a file and edits it' '
	git init -q repo &&
	(
		cd repo &&
		mkdir -p drivers/old &&
		for i in $(seq 1 40)
		do
			echo "line $i" || return 1
		done >drivers/old/x.c &&
		git add . && test_tick && git commit -q -m base &&
		git tag v6.12 && git branch linux-6.12.y &&
		mkdir -p drivers/new &&
		git mv drivers/old/x.c drivers/new/x.c &&
		sed -i "s/^line 20$/line twenty/" drivers/new/x.c &&
		test_tick && git commit -q -a -m "drm/x: move x.c, and fix line 20" &&
		git tag v6.13-rc1 &&
		up=$(tip) &&
		echo "$up" >../up &&
		git checkout -q -b bp linux-6.12.y &&
		mkdir -p drivers/new &&
		git mv drivers/old/x.c drivers/new/x.c &&
		sed -i "s/^line 20$/line twenty/" drivers/new/x.c &&
		test_tick &&
		git commit -q -a -m "drm/x: move x.c, and fix line 20" \
			-m "commit $up upstream." &&
		git format-patch -q -M --stdout -1 >../exact.patch &&
		git reset -q --hard linux-6.12.y &&
		mkdir -p drivers/new &&
		git mv drivers/old/x.c drivers/new/x.c &&
		test_tick &&
		git commit -q -a -m "drm/x: move x.c, and fix line 20" \
			-m "commit $up upstream." &&
		git format-patch -q -M --stdout -1 >../moved-only.patch &&
		git checkout -q master &&
		cbp index
	) &&
	grep "^rename from drivers/old/x.c" exact.patch &&
	grep "^+line twenty" exact.patch
'

test_expect_success 'the exact backport of a rename with an edit is as upstream' '
	u=$(cut -c1-12 up) &&
	(cd repo && cbp check --terse $S --compare ../exact.patch) >out &&
	test_must_be_empty out &&
	cat >expect <<-EOF &&
	../exact.patch: drm/x: move x.c, and fix line 20
	compare: with $u: 1 of 1 changes as upstream, 0 extra, 0 dropped
	0 errors, 0 warnings, 0 info

	total: 0 errors, 0 warnings, 0 info in 1 patch
	EOF
	(cd repo && cbp check $S --compare ../exact.patch) >actual &&
	test_cmp expect actual
'

test_expect_success 'a backport that moves the file without the edit drops it' '
	u=$(cut -c1-12 up) &&
	cat >expect <<-EOF &&
	../moved-only.patch: WARNING:BACKPORT_DROPPED: drivers/new/x.c: upstream $u ("drm/x: move x.c, and fix line 20") changes line 20 ("line twenty"); the backport does not
	EOF
	(cd repo && cbp check --terse $S --compare ../moved-only.patch) >actual &&
	test_cmp expect actual
'

test_done
