#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# names-by-hand.sh REPO ID: the names of a change found the way it is done
# by hand today, the baseline of the benchmark.  Each hop runs one
# "git log --all --grep" for the commits citing the current frontier as
# their origin (cherry-pick, backport and upstream lines: a Fixes: line
# names another change) and reads the frontier's own messages for the
# IDs they cite so.

repo=$1
frontier=$(git -C "$repo" rev-parse --verify -q "$2^{commit}" || echo "$2")
seen=" $frontier "

while test -n "$frontier"
do
	set --
	for f in $frontier
	do
		s=$(echo "$f" | cut -c1-12)
		set -- "$@" --grep="picked from commit $s" --grep="^commit $s" \
			--grep="pstream commit $s" --grep="backported from commit $s"
	done
	citing=$(git -C "$repo" log --all --format=%H "$@")
	cited=$(for f in $frontier
		do
			git -C "$repo" log -1 --format=%B "$f" 2>/dev/null
		done | sed -n \
			-e 's/.*cherry picked from commit \([0-9a-f]\{7,40\}\).*/\1/p' \
			-e 's/^commit \([0-9a-f]\{7,40\}\) upstream.*/\1/p' \
			-e 's/^\[ Upstream commit \([0-9a-f]\{7,40\}\) \]/\1/p')
	next=
	for c in $citing $cited
	do
		full=$(git -C "$repo" rev-parse --verify -q "$c^{commit}" || echo "$c")
		case "$seen" in
		*" $full "*)
			;;
		*)
			seen="$seen$full "
			next="$next $full"
			;;
		esac
	done
	frontier=$next
done
echo "$seen"
