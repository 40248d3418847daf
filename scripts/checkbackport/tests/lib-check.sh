# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the `checkbackport check` tests (t2*, t3*), sourced after
# lib-checkbackport.sh.

# mkpatch FILE SUBJECT BODY [PATH]: write a format-patch style mail whose
# commit message is BODY (trailers included) and whose diff is a small
# valid one, of PATH (x.c by default).
mkpatch () {
	path=${4:-x.c}
	{
		echo "From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001"
		echo "From: A U Thor <author@example.com>"
		echo "Date: Mon, 6 Jan 2025 10:00:00 +0000"
		echo "Subject: [PATCH 6.12.y] $2"
		echo
		printf '%s\n' "$3"
		echo "---"
		echo " $path | 1 +"
		echo
		echo "diff --git a/$path b/$path"
		echo "index 1111111..2222222 100644"
		echo "--- a/$path"
		echo "+++ b/$path"
		echo "@@ -1 +1,2 @@"
		echo " a"
		echo "+b"
		echo "-- "
		echo "2.39.5"
		echo
	} >"$1"
}

# has_finding OUT TYPE: the terse output OUT reports a finding of TYPE.
has_finding () {
	grep -q " $2: " "$1" || {
		echo "no $2 finding in:" >&2
		cat "$1" >&2
		return 1
	}
}

# lacks_finding OUT TYPE
lacks_finding () {
	! grep " $2: " "$1" || {
		echo "unexpected $2 finding in:" >&2
		cat "$1" >&2
		return 1
	}
}

# check_terse STATUS OUT ARGS...: run check --terse, expect STATUS, keep OUT.
check_terse () {
	want=$1 out=$2
	shift 2
	test_expect_code "$want" cbp check --terse "$@" >"$out"
}
