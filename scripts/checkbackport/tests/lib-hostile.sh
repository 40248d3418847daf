# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the hostile-input tests (t3011, t2025 and the like),
# sourced after lib-checkbackport.sh: a small fake kernel tree, mails
# written from a diff on standard input, and a record of a tree's every
# inode to compare before and after a run.

# fake_tree DIR: the smallest tree check --tree takes for Linux 6.12.7.
fake_tree () {
	mkdir -p "$1/scripts" "$1/drivers/foo" &&
	printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 7\nEXTRAVERSION =\n' \
		>"$1/Makefile" &&
	: >"$1/scripts/Makefile.build" &&
	printf 'a\nb\nc\n' >"$1/drivers/foo/a.c"
}

# mail OUT SUBJECT: a format-patch style mail whose diff is standard input.
mail () {
	{
		echo "From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001"
		echo "From: A U Thor <author@example.com>"
		echo "Date: Mon, 6 Jan 2025 10:00:00 +0000"
		echo "Subject: [PATCH] $2"
		echo
		echo "commit 1234567890ab1234567890ab1234567890ab1234 upstream."
		echo "---"
		cat
		echo "-- "
		echo "2.39.5"
	} >"$1"
}

# snapshot DIR: every entry below DIR (DIR included) with its inode,
# type and mode, link count, size, modification time, link target and,
# for a regular file, its SHA-256; sorted by path.
snapshot () {
	find "$1" -printf '%p %i %y %m %n %s %T@ %l\n' | sort >snapshot.tmp &&
	find "$1" -type f -exec sha256sum {} + | sort -k2 >>snapshot.tmp &&
	cat snapshot.tmp &&
	rm -f snapshot.tmp
}

# limited CMD...: run CMD with at most about 1 GB of memory, so that a
# run reading a device without end fails instead of taking the machine's.
# Under AddressSanitizer (make check SANITIZE=1), whose shadow memory
# needs more address space than any such limit, its own RSS limit.
limited () {
	if test -n "$CBP_SANITIZE"
	then
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=1000" \
			"$@"
	else
		(ulimit -v 1000000 && exec "$@")
	fi
}
