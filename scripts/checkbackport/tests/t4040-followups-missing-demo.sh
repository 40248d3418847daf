#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# followups and missing on the demonstration repository of make validate
# give the answers Documentation/checkbackport.rst shows: the xe fix's
# later correction, which cites the fix by its drm-next ID, is missing
# from 6.12.y; 6.12.y has a change mainline reverted by its -fixes ID;
# 6.11.y lacks the ATIF fix, which cites the guard by its drm-next ID.

. "$(dirname "$0")/lib-checkbackport.sh"

# The demonstration repositories are shared fixtures (demo_build and
# posted_build of lib-checkbackport.sh), built once for every run of the
# suite with this make-demo-repo.
test_expect_success 'the demo repository, with what came after the posting' '
	test_fixture demo demo demo_build && cp demo.ids ids &&
	test_fixture demo-posted posted posted_build &&
	cd demo && cbp index >/dev/null
'
. ./ids 2>/dev/null

test_expect_success 'followups: the correction of the xe fix, by its drm-next ID, missing from 6.12.y' '
	cd demo && test_expect_code 1 cbp followups --stable linux-6.12.y "$xe_fix_next" >../out &&
	grep -F "1. fix of the change: $(s12 $xe_followup) (\"drm/xe/oa: Free the LRI batch only once its job has run\"), v6.14-rc2" ../out &&
	grep -F "Fixes: $(s12 $xe_fix_next) (\"xe/oa: Fix query mode of operation for OAR/OAC\")" ../out &&
	grep "linux-6.12.y: MISSING" ../out &&
	grep "^1 follow-up, 1 missing from linux-6.12.y$" ../out &&
	test_expect_code 0 cbp followups "$xe_fix" >../a &&
	test_expect_code 0 cbp followups "$xe_fix_next" >../b &&
	sed -i 1d ../a ../b &&
	test_cmp ../a ../b
'

test_expect_success 'followups before the correction existed: none' '
	cd posted && cbp index >/dev/null &&
	test_expect_code 0 cbp followups --stable linux-6.12.y "$xe_fix_next" >../out &&
	grep "^0 follow-ups, 0 missing from linux-6.12.y$" ../out
'

test_expect_success 'missing from 6.12.y: the xe fix itself, and the revert naming the -fixes ID' '
	cd demo && test_expect_code 1 cbp missing --terse --stable linux-6.12.y >../out &&
	cat >../want <<-EOF &&
	$(s12 $xe_fix) fix v6.13-rc6: fixes $(s12 $xe_bug)
	$(s12 $amd_cache_revert) revert v6.14-rc3: reverts $(s12 $amd_cache_612) (cited as $(s12 $amd_cache))
	EOF
	test_cmp ../want ../out
'

test_expect_success 'missing from 6.11.y: the ATIF fix, found through the guard'"'"'s drm-next ID' '
	cd demo && test_expect_code 1 cbp missing --stable linux-6.11.y >../out &&
	grep -F "fix      $(s12 $amd_fix) (\"drm/amdgpu: prevent NULL pointer dereference if ATIF is not supported\")  v6.12-rc7" ../out &&
	grep -F "fixes $(s12 $amd_guard_611) (\"drm/amd: Guard against bad data for ATIF ACPI method\"), which linux-6.11.y has as its own commit (v6.11.3); cited as $(s12 $amd_guard_next), another name of it" ../out &&
	grep "^1 missing: 1 fix, 0 reverts or re-applications; 1 found only through another name of the change$" ../out
'

test_expect_success 'check: a backport of the reverted change is refused' '
	cd demo && test_expect_code 1 cbp check --terse --stable linux-6.11.y "$amd_cache" >../out &&
	grep -F "ERROR:REVERTED_UPSTREAM: mainline reverted this change: $(s12 $amd_cache_revert)" ../out
'

test_done
