#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# compare-bench.sh [BLOCKS...]: the time of check --compare on a backport
# of an upstream commit of BLOCKS change blocks (one file, every fourth
# line changed), the backport made from the same change (with
# CBP_COMPARE_DIFFER=1, from a change of its own to each of those lines,
# so that no block matches); by default 10000, 20000 and 40000.  CBP_BIN
# picks the program (default: this checkout's).  Prints "BLOCKS blocks:
# SECONDS s (N lines of findings)" per size: the findings themselves, one
# per block that differs, would bury the table.

here=$(cd "$(dirname "$0")/.." && pwd)
bin=${CBP_BIN:-$here/checkbackport}
dir=$(mktemp -d "${TMPDIR:-/tmp}/cbp-compare.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
test $# -gt 0 || set -- 10000 20000 40000
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.com
export GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@example.com
export GIT_CONFIG_NOSYSTEM=1 HOME=$dir

for n in "$@"
do
	r=$dir/repo-$n
	git init -q "$r" &&
	awk -v n="$n" 'BEGIN { for (i = 0; i < 4 * n; i++) print "line " i }' \
		>"$r/x.c" &&
	(
		cd "$r" &&
		git add x.c && git commit -q -m base &&
		git tag v6.12 && git branch linux-6.12.y &&
		awk '{ print NR % 4 == 2 ? $0 " changed" : $0 }' x.c >x.new &&
		mv x.new x.c && git commit -q -a -m "drm/x: change every block" &&
		git tag v6.13-rc1 &&
		up=$(git rev-parse HEAD) &&
		git checkout -q --detach v6.12 &&
		if test -n "$CBP_COMPARE_DIFFER"
		then
			awk '{ print NR % 4 == 2 ? $0 " other" : $0 }' x.c \
				>x.new && mv x.new x.c
		else
			git checkout -q "$up" -- x.c
		fi &&
		git commit -q -a -m "drm/x: change every block" \
			-m "commit $up upstream." &&
		git format-patch -q --stdout -1 >../bp-$n.patch &&
		git checkout -q master &&
		"$bin" -q index
	) >/dev/null || exit 2
	start=$(date +%s.%N)
	(cd "$r" && "$bin" -q check --terse --stable linux-6.12.y --compare \
		"../bp-$n.patch") >"$dir/out-$n"
	end=$(date +%s.%N)
	echo "$n blocks: $(echo "$end - $start" | bc) s" \
		"($(grep -c . "$dir/out-$n") lines of findings)"
done
