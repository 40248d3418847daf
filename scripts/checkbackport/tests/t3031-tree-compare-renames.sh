#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check --compare when the upstream commit moves a file and edits it: its
# exact backport (format-patch -M, a rename with a hunk) is as upstream,
# nothing extra, nothing dropped; a backport that leaves the edit out is
# told so.

. "$(dirname "$0")/lib.sh"
. "$CBP_DIR/tests/check-lib.sh"
. "$CBP_DIR/tests/hostile-lib.sh"

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
		up=$(git rev-parse HEAD) &&
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
	(cd repo && cbp check --terse $S --compare ../exact.patch) >out &&
	lacks_finding out WARNING:BACKPORT_EXTRA &&
	lacks_finding out WARNING:BACKPORT_DROPPED &&
	(cd repo && cbp check $S --compare ../exact.patch) >human &&
	grep "1 of 1 changes as upstream" human
'

test_expect_success 'a backport that moves the file without the edit drops it' '
	(cd repo && cbp check --terse $S --compare ../moved-only.patch) >out &&
	has_finding out WARNING:BACKPORT_DROPPED &&
	grep "BACKPORT_DROPPED: drivers/new/x.c: .* changes line 20 (\"line twenty\")" out &&
	lacks_finding out WARNING:BACKPORT_EXTRA
'

test_done
