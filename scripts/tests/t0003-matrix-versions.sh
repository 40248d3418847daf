#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make matrix takes its versions from apt, and a version whose packages
# cannot be had says so in its row without failing the run.

. "$(dirname "$0")/lib.sh"

# Everything installed, the newest headers included; apt offers two more
# versions: one it has no packages for, one whose download fails.
wanted_packages >"$FAKE/installed"
mkdir -p "$FAKE_USR_SRC/linux-headers-6.12.118+deb12-amd64"
echo "# headers" >"$FAKE_USR_SRC/linux-headers-6.12.118+deb12-amd64/Makefile"
printf '%s\n' linux-headers-6.12.98+deb12-amd64 linux-headers-6.12.98+deb12-common \
	linux-headers-6.12.99+deb12-amd64 linux-headers-6.12.99+deb12-cloud-amd64 >"$FAKE/lists"
echo "6.12.99-1~deb12u1" >"$FAKE/madison-linux-headers-6.12.99+deb12-amd64"
export FIXPORT_BUILD=$TRASH/build

test_expect_success 'versions are the amd64 headers apt offers, oldest first' '
	"$setup" versions >"$TRASH/out"
	printf "6.12.98\n6.12.99\n" | diff - "$TRASH/out"
'

test_expect_success 'unavailable versions: a row each, and the run passes' '
	"$top/scripts/fixport-matrix" >"$TRASH/out" 2>&1
	sed -n "/^VERSION /,\$p" "$TRASH/out" >"$TRASH/table"
	grep -q "^6.12.98 *unavailable: linux-headers-6.12.98+deb12-amd64 6.12.98 is not offered by apt" "$TRASH/table"
	grep -q "^6.12.99 *unavailable: apt-get download linux-headers-6.12.99+deb12-amd64=6.12.99-1~deb12u1 failed" "$TRASH/table"
	grep -q "^matrix: 2 versions, 0 failed, 2 unavailable" "$TRASH/out"
'

test_expect_success 'and asked apt, not a list of its own' '
	grep -q "^download linux-headers-6.12.99+deb12-amd64=6.12.99-1~deb12u1$" "$FAKE/calls"
	test "$(grep -c "^6\.12\." "$TRASH/table")" = 2
'

test_done
