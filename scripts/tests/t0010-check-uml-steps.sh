#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fixport-check's UML steps (kunit, compat, conformance, selftest) on a
# stand-in kernel: a tree whose Makefile answers the module builds as
# kbuild would and logs them, a UML kernel that is a marker and a few
# files, and stand-ins for fixport-setup, kunit-uml and
# fixport-conformance that log their runs.
#
# Each step keeps a passing result while what it reads stays the same,
# and runs again when a source of the module set or its tests changes,
# when the UML kernel or the tree is another, and with FIXPORT_RETEST=1;
# a failure is never kept.  The key asks the cache without setting
# anything up.  A step that runs builds the modules of the sources as
# they are, whether or not the kunit step ran.

test_description='fixport-check: the UML steps, kept and run again'
. "$(dirname "$0")/../lib/test-lib.sh"

top=$(cd "$TEST_DIRECTORY/../.." && pwd)
repo=$TRASH_DIRECTORY/repo
K=$TRASH_DIRECTORY/kernel
RUNS=$TRASH_DIRECTORY/runs
export K RUNS

# Each run asks python3 and prove their versions for the keys
# (kept_tools), which takes up to a second each behind a version
# manager's shim (pyenv's): stand-ins answer here.  t0006 tests that
# the keys follow the tools.
mkdir -p "$TRASH_DIRECTORY/bin" &&
for t in python3 prove
do
	printf "#!/bin/sh\necho \"%s (t0010's stand-in)\"\n" "$t" \
		>"$TRASH_DIRECTORY/bin/$t" || exit 1
done &&
chmod +x "$TRASH_DIRECTORY/bin/python3" "$TRASH_DIRECTORY/bin/prove" ||
	BUG "cannot make the stand-ins of python3 and prove"
PATH=$TRASH_DIRECTORY/bin:$PATH
export PATH

# check [ENV...]: the four steps in the repository, their output in
# ./out, what the stand-ins ran in $RUNS, what fixport-setup was asked
# in $K/setup-calls.
check () {
	check_only "kunit compat conformance selftest" "$@"
}

# check_only "STEP..." [ENV...]: the same for those steps.
check_only () {
	check_steps_=$1
	shift
	: >"$RUNS" &&
	: >"$K/setup-calls" &&
	env "$@" "$repo/scripts/fixport-check" $check_steps_ >out 2>&1
}

# step_ran STEP: STEP ran in the last check.
step_ran () {
	case "$1" in
	kunit) grep -qx "kunit-uml run" "$RUNS" ;;
	compat) grep -q "^ok - [A-Z0-9_]*: supplied on a tree without it" out ;;
	conformance) grep -qx conformance "$RUNS" ;;
	selftest) grep -qx "kunit-uml selftest-fail" "$RUNS" ;;
	esac
}

# ran [STEP...]: of the steps of the last check, the STEPs and no other
# ran; each other said it kept its pass.
ran () {
	printf "%s\n" "$@" | sed "/^\$/d" >expect &&
	: >actual &&
	for s in $(sed -n "s/^== //p" out)
	do
		if step_ran $s
		then
			echo $s >>actual
		else
			grep -q "^fixport-check: $s: not run again: these inputs passed on .* (FIXPORT_RETEST=1 runs it)\$" out ||
			return 1
		fi
	done &&
	test_cmp expect actual
}

test_expect_success 'set up: a checkout, a stand-in tree, kernel and tools' '
	mkdir -p "$repo/scripts/lib" "$repo/scripts/checkbackport" \
		"$repo/drivers/gpu/drm/fixport" "$repo/drivers/gpu/drm/xe" \
		"$repo/include" "$repo/kunit/selftest" "$repo/kunit/uml" \
		"$repo/Documentation" &&
	for f in fixport-check fixport-mirror lib/kept.sh
	do
		cp "$top/scripts/$f" "$repo/scripts/$f" || return 1
	done &&
	cat >"$repo/scripts/fixport-setup" <<-\EOF &&
	#!/bin/sh
	# The tree and the UML kernel of $K; a missing kernel is built,
	# but for --cached.
	echo "$*" >>"$K/setup-calls"
	case "$1" in
	uml)
		if ! test -f "$K/uml/.fixport-complete"
		then
			test "$2" != --cached || exit 1
			echo "uml built" >>"$RUNS"
			echo "6.12.0 built" >"$K/uml/.fixport-complete"
		fi
		echo "$K/uml"
		;;
	*) echo "$K/src" ;;
	esac
	EOF
	cat >"$repo/scripts/kunit-uml" <<-\EOF &&
	#!/bin/sh
	# Passes the normal run, fails each self-test module as the harness
	# must; $K/fail-kunit fails the run, $K/fail-selftest passes them.
	while test $# -gt 0
	do
		case "$1" in
		--result) result=$2; shift 2 ;;
		--modules) shift; break ;;
		*) shift 2 ;;
		esac
	done
	case "$*" in
	*fixport_selftest_fail.ko*) what=selftest-fail ;;
	*fixport_selftest_warn.ko*) what=selftest-warn ;;
	*) what=run ;;
	esac
	echo "kunit-uml $what" >>"$RUNS"
	case "$what" in
	run) if test -f "$K/fail-kunit"
		then
			echo "kunit-uml: FAIL: test fixport_cs.case: FAIL"
			echo "1 passed, 1 failed" >"$result"
			exit 1
		fi ;;
	*) test -f "$K/fail-selftest" && exit 0 ;;
	esac
	case "$what" in
	run) echo "2 passed, 0 failed" >"$result"; exit 0 ;;
	selftest-fail) echo "FAIL: test fixport_selftest_fail.case: FAIL" ;;
	selftest-warn) echo "FAIL: WARNING in the kernel log" ;;
	esac
	echo "0 passed, 1 failed" >"$result"
	exit 1
	EOF
	cat >"$repo/scripts/fixport-conformance" <<-\EOF &&
	#!/bin/sh
	echo conformance >>"$RUNS"
	if test -f "$K/fail-conformance"
	then
		echo "fixport-conformance: a case failed"
		echo "2 passed, 1 failed, 1 skipped" >"$2"
		exit 1
	fi
	echo "3 passed, 0 failed, 1 skipped" >"$2"
	EOF
	chmod +x "$repo/scripts/fixport-setup" "$repo/scripts/kunit-uml" \
		"$repo/scripts/fixport-conformance" &&
	printf "%s\n" "config DRM_FIXPORT_CORE" "	tristate" \
		"config DRM_FIXPORT_HARNESS_SELFTEST" "	tristate" \
		>"$repo/Kconfig" &&
	echo "obj-y += drivers/ kunit/" >"$repo/Kbuild" &&
	echo "all:" >"$repo/Makefile" &&
	echo "CONFIG_KUNIT=y" >"$repo/.kunitconfig" &&
	echo "int core;" >"$repo/drivers/gpu/drm/fixport/core.c" &&
	echo "int consts;" >"$repo/drivers/gpu/drm/xe/xe_fixport_consts.c" &&
	echo "int h;" >"$repo/include/fixport.h" &&
	echo "int fail;" >"$repo/kunit/selftest/fixport_selftest_fail.c" &&
	echo "fixport_cs" >"$repo/kunit/expected-suites" &&
	echo "int main(void) { return 0; }" >"$repo/kunit/uml/fixport-init.c" &&
	echo "Findings" >"$repo/Documentation/conformance.rst" &&
	echo "int tool;" >"$repo/scripts/checkbackport/tool.c" &&
	echo "/.build/" >"$repo/.gitignore" &&
	git -C "$repo" init -q &&
	git -C "$repo" add . &&
	git -C "$repo" -c user.name=t -c user.email=t@example.org \
		commit -q -m init &&

	mkdir -p "$K/src/drivers/gpu/drm/xe" "$K/src/drivers/gpu/drm/i915" \
		"$K/src/drivers/gpu/drm/amd/amdgpu" "$K/uml" &&
	printf "%s\n" "VERSION = 6" "PATCHLEVEL = 12" "SUBLEVEL = 0" \
		>"$K/src/version" &&
	cat "$K/src/version" - >"$K/src/Makefile" <<-\EOF &&
	# kbuild for M=DIR: the module set (modules), or the compat probe
	# (its object), which supplies the name a tree lacks.
	.RECIPEPREFIX = >
	c := PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH
	xe-cmd := $(M)/drivers/gpu/drm/xe/.xe_fixport_consts.o.cmd
	ko := drivers/gpu/drm/fixport/drm_fixport_core \
		kunit/selftest/fixport_selftest_fail kunit/selftest/fixport_selftest_warn
	modules:
	> @echo modules >>$(RUNS)
	> @mkdir -p $(dir $(addprefix $(M)/,$(ko))) $(dir $(xe-cmd))
	> @printf "%s.o\n" $(ko) >$(M)/modules.order
	> @touch $(addsuffix .ko,$(addprefix $(M)/,$(ko)))
	> @echo "cmd := gcc -c xe_fixport_consts.c" >$(xe-cmd)
	drivers/gpu/drm/xe/xe_fixport_consts.o:
	> @echo consts >>$(RUNS)
	> @mkdir -p $(dir $(xe-cmd))
	> @echo "cmd := gcc -D$(c)=FIXPORT_XE_$(c) -c xe_fixport_consts.c" >$(xe-cmd)
	EOF
	echo "#define PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH (1 << 3)" \
		>"$K/src/drivers/gpu/drm/xe/xe_gpu_commands.h" &&
	echo "int i915;" >"$K/src/drivers/gpu/drm/i915/i915_reg.h" &&
	echo "int amdgpu;" >"$K/src/drivers/gpu/drm/amd/amdgpu/amdgpu_acpi.c" &&
	: >"$K/src/.fixport-complete" &&
	echo "6.12.0 recipe1" >"$K/uml/.fixport-complete" &&
	printf "#!/bin/sh\n" >"$K/uml/linux" &&
	chmod +x "$K/uml/linux" &&
	echo "CONFIG_UML=y" >"$K/uml/.config" &&
	: >"$K/uml/Module.symvers"
'

test_expect_success 'the first run runs each step, once' '
	check &&
	ran kunit compat conformance selftest &&
	test "$(grep -cx modules "$RUNS")" = 1 &&
	tail -n 1 out >last &&
	echo "9 passed, 0 failed, 1 skipped" >summary &&
	test_cmp summary last
'

# The key asks the cache only: the steps set up what is missing.
test_expect_success 'nothing they read changed: each kept, said so, counted' '
	echo "int more;" >>"$repo/scripts/checkbackport/tool.c" &&
	echo "Other" >"$repo/Documentation/other.rst" &&
	check &&
	ran &&
	test_must_be_empty "$RUNS" &&
	tail -n 1 out >last &&
	test_cmp summary last &&
	{ grep -v " --cached" "$K/setup-calls" >built || :; } &&
	test_must_be_empty built
'

test_expect_success 'a driver source changed: each runs again' '
	echo "int changed;" >>"$repo/drivers/gpu/drm/fixport/core.c" &&
	check &&
	ran kunit compat conformance selftest &&
	grep -qx "fixport-check: kunit: run again, changed since the kept pass: drivers/gpu/drm/fixport/core.c" out &&
	grep -qx modules "$RUNS"
'

test_expect_success 'a KUnit test source changed: each runs again' '
	echo "int changed;" >>"$repo/kunit/selftest/fixport_selftest_fail.c" &&
	check &&
	ran kunit compat conformance selftest
'

test_expect_success 'the tree'"'"'s i915 headers, the findings'"'"' manual: compat, conformance' '
	touch -d "+2 minutes" "$K/src/drivers/gpu/drm/i915/i915_reg.h" &&
	echo "more" >>"$repo/Documentation/conformance.rst" &&
	check &&
	ran compat conformance
'

test_expect_success 'the UML kernel marker changed: each runs again' '
	echo "6.12.0 recipe2" >"$K/uml/.fixport-complete" &&
	check &&
	ran kunit compat conformance selftest &&
	grep -q "^fixport-check: selftest: run again, changed since the kept pass: .*uml: $K/uml: 6.12.0 recipe2" out
'

test_expect_success 'FIXPORT_RETEST=1 runs each, and keeps the new pass' '
	check FIXPORT_RETEST=1 &&
	ran kunit compat conformance selftest &&
	check &&
	ran
'

# Each step fails on a file outside its inputs but compat, whose tree
# loses the name it probes: the inputs that passed now fail when run
# again, and that failure outdates the kept pass.
test_expect_success 'a failure is not kept, nor the pass it outdates' '
	: >"$K/fail-kunit" &&
	: >"$K/fail-selftest" &&
	: >"$K/fail-conformance" &&
	mv "$K/src/drivers/gpu/drm/xe/xe_gpu_commands.h" xe_gpu_commands.h &&
	echo "int nothing;" >"$K/src/drivers/gpu/drm/xe/xe_gpu_commands.h" &&
	test_expect_code 1 check FIXPORT_RETEST=1 &&
	grep -q "^fixport-check: failed steps: kunit compat conformance selftest\$" out &&
	test_expect_code 1 check &&
	grep -q "^fixport-check: failed steps: kunit compat conformance selftest\$" out &&
	grep -qx "kunit-uml run" "$RUNS" &&
	grep -qx "kunit-uml selftest-fail" "$RUNS" &&
	grep -qx conformance "$RUNS" &&
	grep -q "^not ok - PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH: could not make a tree without it" out &&
	rm "$K/fail-kunit" "$K/fail-selftest" "$K/fail-conformance" &&
	mv xe_gpu_commands.h "$K/src/drivers/gpu/drm/xe/xe_gpu_commands.h" &&
	check &&
	ran kunit compat conformance selftest
'

# The inputs the four steps share, each changed alone, with one step
# (or two) to show it.
test_expect_success 'the UML kernel rebuilt: run again' '
	echo "CONFIG_UML=y" >>"$K/uml/Module.symvers" &&
	check_only kunit &&
	ran kunit
'

test_expect_success 'the tree unpacked again: run again' '
	touch -d "+1 minute" "$K/src/.fixport-complete" &&
	check_only kunit &&
	ran kunit
'

test_expect_success 'a setting kbuild reads: run again' '
	check_only kunit KCFLAGS=-g &&
	ran kunit &&
	grep -qx "fixport-check: kunit: run again, changed since the kept pass: KCFLAGS=-g" out
'

# Conformance asks for the default version's kernel, whatever the
# setting: fixport-conformance boots that one.
test_expect_success 'another FIXPORT_KVER: run again, on its kernel' '
	check_only "kunit conformance" FIXPORT_KVER=6.12.1 &&
	ran kunit conformance &&
	grep -q "^fixport-check: kunit: run again, changed since the kept pass: .*FIXPORT_KVER=6.12.1" out &&
	grep -qx "uml --cached 6.12.1" "$K/setup-calls" &&
	grep -qx "uml --cached" "$K/setup-calls"
'

# The key must not build it: the first step does, through the set-up,
# and has no key to keep its pass under until the next run.
test_expect_success 'no UML kernel in the cache: not kept, built once by a step' '
	rm "$K/uml/.fixport-complete" &&
	check_only "kunit selftest" &&
	ran kunit selftest &&
	test "$(grep -cx "uml built" "$RUNS")" = 1 &&
	grep -qx "uml --cached" "$K/setup-calls" &&
	check_only "kunit selftest" &&
	ran kunit
'

# The mirror holds what the last build left; a step alone must not
# test the modules of other sources.
test_expect_success 'selftest alone builds the modules of the sources as they are' '
	echo "int alone;" >>"$repo/drivers/gpu/drm/fixport/core.c" &&
	: >"$RUNS" &&
	"$repo/scripts/fixport-check" selftest >out 2>&1 &&
	grep -qx "kunit-uml selftest-fail" "$RUNS" &&
	grep -qx modules "$RUNS"
'

test_expect_success 'compat alone builds the modules of the sources as they are' '
	echo "int alone;" >>"$repo/drivers/gpu/drm/fixport/core.c" &&
	: >"$RUNS" &&
	"$repo/scripts/fixport-check" compat >out 2>&1 &&
	grep -q "^ok - PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH: supplied" out &&
	grep -qx modules "$RUNS"
'

test_done
