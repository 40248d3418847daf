#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# followups-by-hand.sh REPO ID: the follow-ups of a change found the way
# it is done by hand, the baseline of "checkbackport followups" in the
# benchmark.  The names of the change first (names-by-hand.sh), then one
# "git log --all --grep" for the commits whose Fixes:, revert or
# Stable-dep-of: line names any of them; each of those is a change whose
# names and follow-ups are found the same way, until nothing new turns
# up.  Prints the follow-ups found.

here=$(cd "$(dirname "$0")" && pwd)
repo=$1

# names ID: every name of the change, as full IDs.
names () {
	sh "$here/names-by-hand.sh" "$repo" "$1"
}

known=$(names "$2")
todo=$known
found=
while test -n "$todo"
do
	set --
	for f in $todo
	do
		s=$(echo "$f" | cut -c1-12)
		set -- "$@" --grep="^Fixes: $s" --grep="^This reverts commit $s" \
			--grep="^Stable-dep-of: $s"
	done
	todo=
	for c in $(git -C "$repo" log --all --format=%H "$@")
	do
		case "$known" in
		*" $c "*)
			continue
			;;
		esac
		new=$(names "$c")
		known="$known $new "
		todo="$todo $new"
		found="$found $c"
	done
done
echo "$found"
