# SPDX-License-Identifier: GPL-2.0
#
# drm-fixport: 6.12.y stable backports of DRM fixes, their KUnit tests,
# and the checkbackport tool.  kbuild reads ./Kbuild; this file is the
# entry point for people.
#
#   make             build the module set for x86_64 against 6.12.y headers
#   make check       set up, run KUnit under UML and every test suite
#   make validate    everything a stable backport must pass, as a table
#   make conformance the fixes' KUnit expectations run against a 6.12 tree's
#                    own code (TREE=DIR, default the unpacked 6.12 source)
#   make matrix      build and check against every 6.12.y Debian offers
#                    (KUNIT=1: also KUnit on the oldest and newest)
#   make kunit-intree  the KUnit set built into a 6.12 tree, run by kunit.py
#   make tools       build scripts/checkbackport
#   make bench       checkbackport benchmarks
#   make setup       install missing build tools (root), unpack the 6.12
#                    headers and source into the cache, build the UML kernel
#   make checkpatch  checkpatch --strict on our C sources
#   make clean       remove build outputs (the kernel cache is kept)

# The default 6.12.y's headers: /lib/modules/VER+deb12-amd64/build where
# this machine has that kernel's, else the packages set-up unpacks into
# ~/.cache/drm-fixport/headers (nothing is installed for them).  Asked
# once per make, and only by the targets that use it.
ifeq ($(origin KDIR),undefined)
KDIR = $(eval KDIR := $(shell scripts/fixport-setup kdir 2>/dev/null))$(KDIR)
endif
# The unpacked 6.12 source: its driver-private headers (not shipped in
# linux-headers) are what our constants are checked against.
ifeq ($(origin FIXPORT_KSRC),undefined)
FIXPORT_KSRC = $(eval FIXPORT_KSRC := $(shell scripts/fixport-setup source 2>/dev/null))$(FIXPORT_KSRC)
endif

# Every option of the module set; the KUnit ones only where the target
# kernel has KUnit (Debian's amd64 kernels do not).
fixport-configs := $(shell sed -n 's/^config \(DRM_FIXPORT_[A-Z0-9_]*\)$$/\1/p' Kconfig)
kdir-has-kunit = $(if $(KDIR),$(shell grep -qsE '^CONFIG_KUNIT=(y|m)' $(KDIR)/.config && echo y))
build-configs = $(if $(kdir-has-kunit),\
	$(filter-out DRM_FIXPORT_HARNESS_SELFTEST,$(fixport-configs)),\
	$(filter-out %_KUNIT_TEST DRM_FIXPORT_HARNESS_SELFTEST,$(fixport-configs)))
kbuild-opts = $(foreach c,$(build-configs),CONFIG_$(c)=m) FIXPORT_KSRC=$(FIXPORT_KSRC)

.PHONY: all modules check conformance validate matrix kunit-intree tools bench setup checkpatch clean help

all: modules

modules:
	@test -n "$(KDIR)" || { echo "no linux-headers-6.12.*-amd64: run 'make setup' (it unpacks them into ~/.cache/drm-fixport) or pass KDIR=" >&2; exit 1; }
	@test -n "$(FIXPORT_KSRC)" || { echo "no unpacked linux-source-6.12: run 'make setup' or pass FIXPORT_KSRC=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) $(kbuild-opts) modules

check:
	@scripts/fixport-check

conformance:
	@scripts/fixport-conformance $(if $(TREE),--tree "$(TREE)")

validate:
	@scripts/fixport-validate

matrix:
	@scripts/fixport-matrix $(if $(filter 1 y yes,$(KUNIT)),--kunit)

kunit-intree:
	@scripts/kunit-intree

tools:
	$(MAKE) -C scripts/checkbackport

bench: tools
	$(MAKE) -C scripts/checkbackport bench

setup:
	@scripts/fixport-setup packages
	@scripts/fixport-setup kdir >/dev/null
	@scripts/fixport-setup uml >/dev/null

checkpatch:
	@scripts/fixport-checkpatch

clean:
	@if [ -n "$(KDIR)" ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi
	rm -rf .build
	@if [ -f scripts/checkbackport/Makefile ]; then $(MAKE) -C scripts/checkbackport clean; fi

help:
	@sed -n '3,/^$$/s/^# \{0,1\}//p' Makefile
