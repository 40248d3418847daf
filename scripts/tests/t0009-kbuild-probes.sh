#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# scripts/lib/kbuild-probes.mk, read through MAKEFILES, answers a
# compiler probe (kbuild's try-run) from FIXPORT_PROBES once a build has
# asked it: the probe itself runs once, every answer comes back byte for
# byte (leading blanks, "$", "#"), failing probes too, in sub-makes too;
# asked twice in one make, it runs once; another probe, or no
# FIXPORT_PROBES, runs as before; two probes whose texts differ where
# the key spells out a blank ("1 2" and "1%S2") are two probes.  The
# stand-in kbuild here has a try-run of its own: the probe counts its
# runs in a file, and its status chooses the answer; the answers are
# printed by make ($(info)), not by a shell that would expand "$x".

test_description='kbuild probes remembered across builds'
. "$(dirname "$0")/../lib/test-lib.sh"

top=$(cd "$TEST_DIRECTORY/../.." && pwd)
MEMO=$top/scripts/lib/kbuild-probes.mk

# run_make [VAR=VALUE...]: the stand-in build, its answers in ../out.
run_make () {
	make -s -C kb "$@" >out
}

test_expect_success 'set up a stand-in kbuild with its probes and a sub-make' '
	mkdir kb &&
	printf "%s\n" \
		"TMPOUT := .tmp_probe" \
		"try-run = \$(shell set -e; TMP=\$(TMPOUT)/tmp; mkdir -p \$(TMPOUT); \\" \
		"	if (\$(1)) >/dev/null 2>&1; then echo \"\$(2)\"; else echo \"\$(3)\"; fi; \\" \
		"	rm -rf \$(TMPOUT))" \
		"yes := \$(call try-run,echo y >>runs; test -n \"\$\$TMP\", -fyes \\\$\$x,-fno)" \
		"no := \$(call try-run,echo n >>runs; false,-fyes, -fno #1)" \
		"again := \$(call try-run,echo y >>runs; test -n \"\$\$TMP\", -fyes \\\$\$x,-fno)" \
		"p1 := \$(call try-run,echo s >>runs; test \"1 2\" = \"1 2\",-fs,-fns)" \
		"p2 := \$(call try-run,echo s >>runs; test \"1%S2\" = \"1 2\",-fs,-fns)" \
		"all:" \
		"	@: \$(info [\$(yes)][\$(no)][\$(p1)][\$(p2)])" \
		"	@\$(MAKE) -s -f sub.mk" \
		>kb/Makefile &&
	printf "%s\n" \
		"include Makefile" \
		".DEFAULT_GOAL := sub" \
		"sub:" \
		"	@: \$(info sub [\$(yes)][\$(no)][\$(p1)][\$(p2)])" \
		>kb/sub.mk &&
	run_make &&
	printf "%s\n" "[ -fyes \$x][ -fno #1][-fs][-fns]" \
		"sub [ -fyes \$x][ -fno #1][-fs][-fns]" >expect &&
	test_cmp expect out &&
	test_line_count = 10 kb/runs
'

test_expect_success 'without FIXPORT_PROBES every build runs every probe' '
	rm kb/runs &&
	MAKEFILES=$MEMO run_make && test_cmp expect out &&
	MAKEFILES=$MEMO run_make && test_cmp expect out &&
	test_line_count = 20 kb/runs
'

test_expect_success 'the first build runs each probe once, even asked twice' '
	rm kb/runs &&
	MAKEFILES=$MEMO FIXPORT_PROBES=$TRASH_DIRECTORY/probes run_make &&
	test_cmp expect out &&
	printf "%s\n" y n s s >expect.runs && test_cmp expect.runs kb/runs &&
	test_line_count = 4 probes
'

test_expect_success 'the builds after it run none, the answers the same' '
	MAKEFILES=$MEMO FIXPORT_PROBES=$TRASH_DIRECTORY/probes run_make &&
	test_cmp expect out &&
	MAKEFILES=$MEMO FIXPORT_PROBES=$TRASH_DIRECTORY/probes run_make &&
	test_cmp expect out &&
	test_cmp expect.runs kb/runs
'

test_expect_success 'another probe runs, and is kept beside the others' '
	sed "s/-fno #1/-fno #2/" kb/Makefile >Makefile.new &&
	mv Makefile.new kb/Makefile &&
	MAKEFILES=$MEMO FIXPORT_PROBES=$TRASH_DIRECTORY/probes run_make &&
	printf "%s\n" "[ -fyes \$x][ -fno #2][-fs][-fns]" \
		"sub [ -fyes \$x][ -fno #2][-fs][-fns]" >expect &&
	test_cmp expect out &&
	printf "%s\n" y n s s n >expect.runs && test_cmp expect.runs kb/runs &&
	test_line_count = 5 probes
'

test_expect_success 'an emptied file asks again' '
	: >probes &&
	MAKEFILES=$MEMO FIXPORT_PROBES=$TRASH_DIRECTORY/probes run_make &&
	test_cmp expect out &&
	printf "%s\n" y n s s n y n s s >expect.runs &&
	test_cmp expect.runs kb/runs
'

test_done
