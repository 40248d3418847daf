#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check --tree: what a patch touches built for x86_64 before and after it
# (W=1, sparse) in the Debian configuration: NEW_WARNING, BUILD_FAILED and
# BUILD_SKIPPED firing and staying quiet; a driver the configuration
# leaves out built with its Kconfig guard enabled; the build directory
# prepared once and reused; the builds of a patch tried again on the
# same files reused, and not once anything they depend on changed.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"
. "$CBP_DIR/tests/lib-tree.sh"

F=drivers/gpu/drm/tiny/bochs.c
G=drivers/gpu/drm/tiny/gm12u320.c

require_ktree

test_expect_success 'set up the patches from the Debian tree' '
	base_repo repo $F $G && cd repo && B=$(tip) &&
	patch_from $B ../fix.patch "drm/bochs: a smaller default height" $F \
		"s/^static int defy = 768;/static int defy = 600;/m" &&
	# set but not used: a warning only W=1 enables
	patch_from $B ../warn.patch "drm/bochs: a variable set, never used" $F \
		"s/(bochs_hw_set_big_endian\(struct bochs_device \*bochs\)\n\{\n)/\$1\tint cbp_scratch;\n\n\tcbp_scratch = 1;\n/" &&
	patch_from $B ../broken.patch "drm/bochs: call what does not exist" $F \
		"s/writel\(0x1e1e1e1e, bochs->mmio \+ 0x604\);/cbp_no_such_function(bochs);/" &&
	git checkout -q --detach $B &&
	printf "// SPDX-License-Identifier: GPL-2.0\nint cbp_unlisted;\n" \
		>drivers/gpu/drm/tiny/cbp_unlisted.c &&
	git add drivers/gpu/drm/tiny/cbp_unlisted.c && test_tick &&
	git commit -q -m "drm/tiny: a file no Makefile builds" &&
	git format-patch -q --stdout -1 >../unlisted.patch && git checkout -q master &&
	patch_from $B ../gm.patch "drm/gm12u320: eco mode on by default" $G \
		"s/^static bool eco_mode;/static bool eco_mode = true;/m"
'

# The findings of a human report HUMAN as terse lines, in OUT.
terse_of () {
	awk '
		/^[^ ].*\.patch: / { p = $0; sub(/: .*/, "", p); next }
		/^(ERROR|WARNING|INFO):[A-Z_]+: / { print p ": " $0 }
	' "$1" >"$2"
}

test_expect_success 'fix, warning, breakage: built before and after each' '
	test_expect_code 1 cbp check --tree "$KTREE" fix.patch warn.patch \
		broken.patch unlisted.patch >human &&
	cat human &&
	terse_of human out
'

test_expect_success 'a clean one-line fix: applies and builds, no finding' '
	test -z "$(for_patch out fix.patch)" &&
	sed -n "/^fix.patch:/,/^tree:/p" human >o &&
	grep -q "^tree: applied; built drivers/gpu/drm/tiny/bochs.o before and after: 0 new warnings" o
'

test_expect_success 'NEW_WARNING: the W=1 warning the patch brings, only that' '
	for_patch out warn.patch >o &&
	has_finding o WARNING:NEW_WARNING &&
	test "$(grep -c NEW_WARNING o)" = 1 &&
	grep -q "NEW_WARNING: drivers/gpu/drm/tiny/bochs.c:[0-9]*:[0-9]*: warning: variable .cbp_scratch. set but not used \[-Wunused-but-set-variable\]" o &&
	lacks_finding o ERROR:BUILD_FAILED
'

test_expect_success 'BUILD_FAILED: with the compiler'"'"'s lines' '
	for_patch out broken.patch >o &&
	has_finding o ERROR:BUILD_FAILED &&
	grep -q "bochs.o does not build after the patch" o &&
	sed -n "/BUILD_FAILED/,/^tree:/p" human >o &&
	grep -q "error: implicit declaration of function .cbp_no_such_function." o &&
	grep -q "| *cbp_no_such_function(bochs);" o
'

test_expect_success 'NEW_WARNING: quiet for a warning that was there before' '
	! for_patch out broken.patch | grep -q NEW_WARNING
'

test_expect_success 'BUILD_SKIPPED: a file no kbuild file builds, and quiet' '
	for_patch out unlisted.patch >o &&
	has_finding o INFO:BUILD_SKIPPED &&
	grep -q "cbp_unlisted.c: nothing built for it (no kbuild file lists its object" o &&
	! for_patch out warn.patch | grep -q BUILD_SKIPPED
'

test_expect_success 'the build directory is prepared once, then reused' '
	grep -q "prepared \(now\|earlier\) in [0-9.]* s" human &&
	grep -q "configuration /.*config$" human
'

test_expect_success 'a driver the configuration leaves out: its guard enabled' '
	cbp check --tree "$KTREE" gm.patch >o &&
	cat o &&
	grep -q "plus CONFIG_DRM_GM12U320" o &&
	grep -q "^tree: applied; built drivers/gpu/drm/tiny/gm12u320.o before and after: 0 new warnings" o
'

test_expect_success 'times and objects are in --json; prepared once' '
	cbp check --json --tree "$KTREE" fix.patch >j &&
	test "$(json_get j "\$j->{patches}[0]{tree}{objects}[0]")" = \
		drivers/gpu/drm/tiny/bochs.o &&
	test "$(json_get j "\$j->{tree}{prepared_now} ? 1 : 0")" = 0 &&
	json_get j "\$j->{tree}{prepare_seconds}" | grep -q "^[0-9.]*$" &&
	json_get j "\$j->{patches}[0]{tree}{seconds}" | grep -q "^[0-9.]*$"
'

# A patch no earlier run can have kept: a nonce of this run in it.
test_expect_success EXPENSIVE 'a patch tried again: both builds reused, same findings' '
	nonce=$(date +%s%N) &&
	(cd repo && patch_from $B ../again.patch "drm/bochs: tried twice" $F \
		"s/(bochs_hw_set_big_endian\(struct bochs_device \*bochs\)\n\{\n)/\$1\tint cbp_scratch; \/\* $nonce \*\/\n\n\tcbp_scratch = 1;\n/") &&
	cbp check --tree "$KTREE" again.patch >h1 &&
	cat h1 &&
	! grep -q reused h1 &&
	terse_of h1 first &&
	has_finding first WARNING:NEW_WARNING &&
	cbp check --tree "$KTREE" again.patch >h2 &&
	grep -q "^tree: applied; built drivers/gpu/drm/tiny/bochs.o before and after: 1 new warning (.*, both builds reused from an earlier run)$" h2 &&
	terse_of h2 second &&
	test_cmp first second
'

test_expect_success EXPENSIVE 'the tree or the patch changed: not reused' '
	sed "s/$nonce/$nonce+1/" again.patch >other.patch &&
	! cmp -s again.patch other.patch &&
	cbp check --json --tree "$KTREE" other.patch >j &&
	test "$(json_get j "\$j->{patches}[0]{tree}{reused} ? 1 : 0")" = 0 &&
	test "$(json_get j "\$j->{patches}[0]{tree}{new_warnings}")" = 1
'

test_done
