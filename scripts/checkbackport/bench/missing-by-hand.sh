#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# missing-by-hand.sh REPO MAINLINE ID: the fixes and reverts of one commit
# a stable branch carries, found the way it is done by hand today (and by
# tools that know no other name of a change): the commit's own ID and the
# ID its upstream line names, each looked for with one
# "git log --grep" over mainline.  Run once per commit the branch
# carries, this is the baseline of "checkbackport missing" in the
# benchmark.

repo=$1
mainline=$2
id=$(git -C "$repo" rev-parse --verify -q "$3^{commit}") || exit 2
up=$(git -C "$repo" log -1 --format=%B "$id" | sed -n \
	-e 's/^commit \([0-9a-f]\{7,40\}\) upstream.*/\1/p' \
	-e 's/^\[ Upstream commit \([0-9a-f]\{7,40\}\) \]/\1/p' | head -n 1)
set -- --grep="$(echo "$id" | cut -c1-12)"
test -z "$up" || set -- "$@" --grep="$(echo "$up" | cut -c1-12)"
git -C "$repo" log --format=%H "$@" "$mainline"
