#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The demonstration repository of make validate: both DRM cases come out
# as Documentation/checkbackport-check.rst says, with stable IDs.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"

# The repositories the checks below read are the shared fixtures t4040
# reads too (demo_build, posted_build), built once for every run of the
# suite with this make-demo-repo and git, not with this checkbackport.
# The builder built the first twice (demo/.git/again.ids): both builds
# must have given the same IDs.
test_expect_success 'the demo repository builds, with the same IDs each time' '
	test_fixture demo demo demo_build &&
	test_cmp demo.ids demo/.git/again.ids &&
	test_fixture demo-posted posted posted_build &&
	test -f demo/patches/xe-oa-6.12.y.patch &&
	test -f demo/patches/amdgpu-atif-6.11.y.patch
'

. ./demo.ids 2>/dev/null

test_expect_success 'xe as posted: the drm-next ID is replaced by the fixes copy' '
	cd posted && check_terse 0 ../out --stable linux-6.12.y patches/xe-oa-6.12.y.patch &&
	has_finding ../out WARNING:UPSTREAM_NOT_MAINLINE &&
	grep -q "replace with: commit $xe_fix upstream\]" ../out &&
	test $(wc -l <../out) = 1
'

test_expect_success 'xe after the merge: in mainline twice, the fixes copy first; corrected since' '
	cd demo && check_terse 0 ../out --stable linux-6.12.y patches/xe-oa-6.12.y.patch &&
	has_finding ../out INFO:UPSTREAM_DUPLICATE &&
	grep -q "$(s12 $xe_fix) (v6.13-rc6, first), $(s12 $xe_fix_next) (v6.14-rc1)" ../out &&
	grep -q "WARNING:FOLLOWUP_MISSING: mainline fixed this change later: $(s12 $xe_followup) " ../out &&
	test $(wc -l <../out) = 2
'

test_expect_success 'amdgpu for 6.11.y: needed, the Fixes: explained by the alias' '
	cd demo && check_terse 0 ../out --stable linux-6.11.y patches/amdgpu-atif-6.11.y.patch &&
	has_finding ../out INFO:FIXES_ALIAS &&
	grep -q "other name $(s12 $amd_guard) " ../out &&
	lacks_finding ../out WARNING:FIXES_NOT_IN_STABLE &&
	lacks_finding ../out ERROR:ALREADY_APPLIED
'

test_expect_success 'amdgpu for 6.12.y: inherited from mainline since v6.12-rc7' '
	cd demo && check_terse 1 ../out --stable linux-6.12.y "$amd_fix" &&
	grep -q "ERROR:ALREADY_APPLIED: linux-6.12.y has this very commit, from mainline (released in v6.12-rc7): there is nothing to backport" ../out
'

test_done
