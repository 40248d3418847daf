#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fixport-setup packages on a fresh machine: no cache directory (nor its
# parent), an empty home, nothing installed, and an apt that fails on
# demand.

. "$(dirname "$0")/lib.sh"

headers=linux-headers-6.12.118+deb12-amd64
offer() {
	printf '%s\n' linux-headers-6.12.117+deb12-amd64 linux-headers-6.12.117+deb12-common \
		linux-headers-6.12.118+deb12-cloud-amd64 "$headers" >"$FAKE/$1"
}
reset_machine() {
	: >"$FAKE/installed"
	: >"$FAKE/calls"
	rm -rf "$TRASH/no" "$FAKE_USR_SRC"/* "$FAKE/install-fail"
}

test_expect_success 'fresh machine: the cache and its log are created, one install' '
	reset_machine
	offer lists
	"$setup" packages >"$TRASH/out" 2>"$TRASH/err"
	test -d "$CACHE"
	grep -q "^Setting up linux-source-6.12" "$CACHE/apt.log"
	test "$(count_calls install)" = 1
	test "$(count_calls update)" = 0
	! test -s "$TRASH/err"
'

test_expect_success 'it asked for every listed package and the newest headers' '
	for p in $(wanted_packages) "$headers"; do
		grep "^install " "$FAKE/calls" | tr " " "\n" | grep -qxF "$p" ||
			{ echo "not asked: $p"; exit 1; }
	done
	grep -q "^set-up: installing .* $headers$" "$TRASH/out"
'

test_expect_success 'second run, everything installed: one line, no apt-get' '
	: >"$FAKE/calls"
	"$setup" packages >"$TRASH/out" 2>&1
	test "$(wc -l <"$TRASH/out")" = 1
	grep -q "^set-up: all [0-9]* Debian packages and the 6.12 headers already installed$" "$TRASH/out"
	! test -s "$FAKE/calls"
'

test_expect_success 'empty apt lists: apt-get update first, then one install' '
	reset_machine
	: >"$FAKE/lists"
	offer lists.update
	"$setup" packages >"$TRASH/out" 2>&1
	test "$(sed -n 1p "$FAKE/calls")" = update
	test "$(count_calls install)" = 1
	grep -q " $headers$" "$FAKE/calls"
'

test_expect_success 'failed install: apt-get update, then installed on the retry' '
	reset_machine
	offer lists
	echo 1 >"$FAKE/install-fail"
	"$setup" packages >"$TRASH/out" 2>"$TRASH/err"
	sed "s/ .*//" "$FAKE/calls" | paste -sd " " >"$TRASH/seq"
	test "$(cat "$TRASH/seq")" = "install update install"
	grep -q "^E: Unable to locate package" "$CACHE/apt.log"
	grep -q "^Setting up linux-source-6.12" "$CACHE/apt.log"
	! test -s "$TRASH/err"
'

test_expect_success 'install fails twice: one-line reason, exit status not 0' '
	reset_machine
	offer lists
	echo 2 >"$FAKE/install-fail"
	! "$setup" packages >"$TRASH/out" 2>"$TRASH/err"
	test "$(count_calls install)" = 2
	test "$(wc -l <"$TRASH/err")" = 1
	grep -q "^fixport-setup: apt-get install failed: E: Unable to locate package .*(log: $CACHE/apt.log)$" "$TRASH/err"
'

test_expect_success 'and leaves no cache entry behind, half-made or not' '
	(cd "$CACHE" && find . -mindepth 1 ! -name apt.log ! -name .lock) >"$TRASH/left"
	! test -s "$TRASH/left"
	test -z "$(ls "$FAKE_USR_SRC")"
'

test_expect_success 'make check stops at set-up with the one-line reason' '
	echo 2 >"$FAKE/install-fail"
	: >"$FAKE/calls"
	! FIXPORT_BUILD=$TRASH/build "$top/scripts/fixport-check" setup >"$TRASH/out" 2>&1
	grep -q "^fixport-setup: apt-get install failed: " "$TRASH/out"
	grep -q "^fixport-check: failed steps: setup$" "$TRASH/out"
'

test_expect_success 'not root with packages missing: says which, exit status not 0' '
	reset_machine
	offer lists
	echo 1000 >"$FAKE/uid"
	! "$setup" packages >"$TRASH/out" 2>"$TRASH/err"
	rm -f "$FAKE/uid"
	test "$(wc -l <"$TRASH/err")" = 1
	grep -q "^fixport-setup: missing packages (.*linux-source-6.12.*): run as root" "$TRASH/err"
	! test -s "$FAKE/calls"
'

test_expect_success 'no 6.12 headers offered even after apt-get update: one line' '
	reset_machine
	: >"$FAKE/lists"
	rm -f "$FAKE/lists.update"
	! "$setup" packages >"$TRASH/out" 2>"$TRASH/err"
	test "$(wc -l <"$TRASH/err")" = 1
	grep -q "no linux-headers-6.12.\*-amd64 package in the apt lists" "$TRASH/err"
'

test_done
