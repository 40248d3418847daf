# SPDX-License-Identifier: GPL-2.0
#
# Remember kbuild's compiler probes for the builds after the first.
#
# Every `make M=...` of a module set parses the kernel's top Makefile
# again, and with it asks the compiler, once per flag, whether it takes
# the flag (try-run: cc-option, cc-disable-warning, as-instr, ...): 39
# compiler runs one after the other, about two thirds of rebuilding one
# changed file of the set here.  A bite (scripts/fixport-bite-lib) builds
# the same set dozens of times with the same compiler and flags, and so
# asks the same questions dozens of times.
#
# Read through MAKEFILES (by every make of the build, the sub-makes too),
# with FIXPORT_PROBES naming a file of answers: a probe is keyed on its
# whole text (the compiler, its flags and the option asked about) and on
# the two answers it chooses between; the first build to ask it runs it
# as kbuild would and adds the answer to the file, the builds after it
# read it from there.  The caller removes the file whenever the compiler
# or kernel could have changed (a bite does at each start), so every
# answer read is one this compiler gave.  Without FIXPORT_PROBES, or a
# kbuild without try-run, nothing changes.
#
# override: kbuild's own definition of try-run, read after this file,
# does not replace this one.

ifneq ($(FIXPORT_PROBES),)

-include $(FIXPORT_PROBES)

# The key: the probe's text as kbuild wrote it (before the shell sees
# it), and its answers, with what a variable's name cannot hold spelled
# out ("%" first, so that no two texts give the same name).  Computed by
# make itself: a process per probe would cost a good part of the probe.
fixport-empty :=
fixport-space := $(fixport-empty) $(fixport-empty)
fixport-tab := $(fixport-empty)	$(fixport-empty)
fixport-hash := \#
fixport-probe-key = $(subst $(fixport-tab),%T,$(subst $(fixport-space),%S,$(subst \
	=,%E,$(subst $(fixport-hash),%H,$(subst :,%C,$(subst %,%P,$(1)|$(2)|$(3)))))))

# Answer $(2) was given to the probe keyed $(1): kept for the builds
# after this one (the file) and for the rest of this make, as an
# assignment read back as $(2) byte for byte ("$" doubled in the name
# and the answer, "#" escaped, leading blanks kept by an empty variable
# before them), so that the commands kbuild records, and compares to
# rebuild, come out the same.
fixport-probe-line = fixport-probe-$(subst $$,$$$$,$(1)) := \
	$$(fixport-empty)$(subst #,\#,$(subst $$,$$$$,$(2)))
fixport-probe-store = $(file >>$(FIXPORT_PROBES),$(1))$(eval $(1))
fixport-probe-keep = $(call fixport-probe-store,$(call fixport-probe-line,$(1),$(2)))$(2)

# As kbuild asks: the command in a scratch directory, which goes when
# the shell exits; its status chooses the answer.
fixport-probe-run = $(shell set -e; TMP=$(TMPOUT)/tmp; \
	trap "rm -rf $(TMPOUT)" EXIT; mkdir -p $(TMPOUT); \
	if ($(1)) >/dev/null 2>&1; then echo "$(2)"; else echo "$(3)"; fi)

fixport-probe = $(if $(filter undefined,$(origin fixport-probe-$(1))),$(call \
	fixport-probe-keep,$(1),$(call fixport-probe-run,$(2),$(3),$(4))),$(fixport-probe-$(1)))

override try-run = $(call fixport-probe,$(strip \
	$(call fixport-probe-key,$(1),$(2),$(3))),$(1),$(2),$(3))

endif
