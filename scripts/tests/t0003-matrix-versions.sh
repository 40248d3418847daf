#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make matrix takes its versions from apt, and a version whose packages
# cannot be had says so in its row without failing the run.

test_description='make matrix asks apt for its versions'
. "$(dirname "$0")/../lib/test-lib.sh"
. "$TEST_DIRECTORY/lib-setup.sh"

# The build tools installed; apt offers two versions: one it has no
# packages for, one whose downloads fail.
install_tools || BUG "cannot install the tools"
printf '%s\n' linux-headers-6.12.98+deb12-amd64 linux-headers-6.12.98+deb12-common \
	linux-headers-6.12.99+deb12-amd64 linux-headers-6.12.99+deb12-cloud-amd64 >"$FAKE/lists"
echo "6.12.99-1~deb12u1" >"$FAKE/madison-linux-headers-6.12.99+deb12-amd64"
echo "6.12.99-1~deb12u1" >"$FAKE/madison-linux-source-6.12"
FIXPORT_BUILD=$TRASH_DIRECTORY/build
export FIXPORT_BUILD

test_expect_success 'versions are the amd64 headers apt offers, oldest first' '
	"$setup" versions >out &&
	printf "6.12.98\n6.12.99\n" >expect &&
	test_cmp expect out
'

test_expect_success 'unavailable versions: a row each, and the run passes' '
	"$top/scripts/fixport-matrix" >out 2>&1 &&
	sed -n "/^VERSION /,\$p" out >table &&
	grep -q "^6.12.98 *unavailable: linux-headers-6.12.98+deb12-amd64 6.12.98 is not offered by apt" table &&
	grep -q "^6.12.99 *unavailable: apt-get download linux-headers-6.12.99+deb12-amd64=6.12.99-1~deb12u1 failed" table &&
	grep -q "^matrix: 2 versions, 0 failed, 2 unavailable" out
'

test_expect_success 'and asked apt, not a list of its own' '
	grep -q "^download linux-headers-6.12.99+deb12-amd64=6.12.99-1~deb12u1$" "$FAKE/calls" &&
	test "$(grep -c "^6\.12\." table)" = 2
'

test_expect_success 'nothing was installed' '
	test "$(count_calls install)" = 0 &&
	kernel_installs "$FAKE/calls" >kernel &&
	test_must_be_empty kernel
'

test_done
