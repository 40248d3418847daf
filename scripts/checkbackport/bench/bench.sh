#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh N...: the checkbackport benchmark (run by "make bench").
#
# For each N, a kernel-like repository of N commits is generated with git
# fast-import (cached in $BENCH_DIR), copied, and measured:
#   git log --all --format=%H%x00%B     reading every message once (baseline)
#   checkbackport index --rebuild       cold index, link verdicts included
#   checkbackport lint --json           the verdicts of every citation, which
#                                       must find exactly the planted ones
#   checkbackport index                 after N/100 new commits and tags
#   checkbackport names ID              1000 random IDs, per process, p50/p99
#   names-by-hand.sh ID                 20 of the same IDs, git log --grep per hop
# Progress goes to stderr only when it is a terminal; the table goes to
# stdout and to $BENCH_DIR/results.txt.

set -e
here=$(cd "$(dirname "$0")/.." && pwd)
CBP=$here/checkbackport
GEN=$here/build/gen-repo
RUN=$here/build/bench-run
HAND=$here/bench/names-by-hand.sh
dir=${BENCH_DIR:-/tmp/checkbackport-bench}
mkdir -p "$dir"

progress () {
	if test -t 2
	then
		echo "bench: $*" >&2
	fi
}

mib () {
	echo "$1" | awk '{ printf "%.0f", $1 / 1024 }'
}

rows=$dir/rows.$$
: >"$rows"
# A generator of another version makes another history: cache it apart.
gver=$("$GEN" --version)
for n in "$@"
do
	total=$((n + n / 100))
	base=$dir/base-$n-g$gver.git
	work=$dir/work-$n.git
	if ! test -f "$base/complete"
	then
		progress "N=$n: generating $n commits with git fast-import"
		rm -rf "$base"
		git init -q --bare "$base"
		"$GEN" "$total" 0 "$n" |
			git -C "$base" fast-import --quiet --export-marks="$base/marks"
		touch "$base/complete"
	fi
	rm -rf "$work"
	cp -a "$base" "$work"

	progress "N=$n: git log --all --format=%H%x00%B (warm-up, then timed)"
	git -C "$work" log --all --format=%H%x00%B >/dev/null
	set -- $("$RUN" once git -C "$work" log --all --format=%H%x00%B)
	log_t=$1 log_rss=$2

	progress "N=$n: cold index"
	set -- $("$RUN" once "$CBP" -q -C "$work" index --rebuild)
	cold_t=$1 cold_rss=$2
	db_kib=$(du -k "$work/checkbackport.db" | cut -f1)

	progress "N=$n: lint, the verdicts of every citation"
	set -- $("$RUN" once -o "$dir/lint-$n.json" "$CBP" -q -C "$work" lint --json)
	lint_t=$1
	set -- $("$GEN" --planted "$total" 0 "$n")
	planted="$1 $2 $3"
	verdicts=$(for k in consistent consistent_by_patch_id adapted suspicious unjudged
		do
			sed -n "s/.*\"$k\": *\([0-9]*\).*/\1/p" "$dir/lint-$n.json" | tail -n 1
		done | tr '\n' ' ')

	progress "N=$n: names on 1000 random IDs"
	git -C "$work" rev-list --all >"$dir/all-$n"
	count=$(wc -l <"$dir/all-$n")
	awk -v n="$count" 'BEGIN { srand(5); for (i = 0; i < 1000; i++)
		want[int(rand() * n) + 1]++ } (NR in want) { print }' \
		"$dir/all-$n" >"$dir/ids-$n"
	while test "$(wc -l <"$dir/ids-$n")" -lt 1000
	do
		head -n $((1000 - $(wc -l <"$dir/ids-$n"))) "$dir/all-$n" >>"$dir/ids-$n"
	done
	set -- $("$RUN" each "$dir/ids-$n" "$CBP" -q -C "$work" names {})
	names_p50=$2 names_p99=$3
	head -n 200 "$dir/ids-$n" >"$dir/ids200-$n"
	set -- $("$RUN" each "$dir/ids200-$n" "$CBP" --version)
	start_p50=$2

	progress "N=$n: the same names by hand (git log --grep per hop), 20 IDs"
	awk 'NR % 50 == 1' "$dir/ids-$n" | head -n 20 >"$dir/ids20-$n"
	set -- $("$RUN" each "$dir/ids20-$n" sh "$HAND" "$work" {})
	hand_p50=$2 hand_p99=$3

	progress "N=$n: importing $((total - n)) more commits, incremental index"
	"$GEN" "$total" "$n" "$total" |
		git -C "$work" fast-import --quiet --import-marks="$base/marks"
	set -- $("$RUN" once -o "$dir/inc-$n.json" "$CBP" -q -C "$work" index --json)
	inc_t=$1 inc_rss=$2
	inc_read=$(sed -n 's/.*"read": *\([0-9]*\).*/\1/p' "$dir/inc-$n.json")
	set -- $("$RUN" once "$CBP" -q -C "$work" index)
	noop_t=$1

	echo "$n $log_t $cold_t $inc_read $inc_t $noop_t $names_p50 $names_p99 $start_p50 $hand_p50 $hand_p99 $(mib "$log_rss") $(mib "$cold_rss") $(mib "$inc_rss") $(mib "$db_kib") $lint_t $verdicts $planted" >>"$rows"
	rm -rf "$work"
done

{
	echo "checkbackport benchmark, $(date -u +%Y-%m-%d), $(nproc) CPUs, $(git --version)"
	echo
	awk '{
		printf "N = %d commits\n", $1
		printf "  full message read (git log --all --format=%%H%%x00%%B)  %8.2f s   peak %d MiB\n", $2, $12
		printf "  cold index (checkbackport index --rebuild)             %8.2f s   peak %d MiB  (%.2fx the read; index file %d MiB)\n", $3, $13, $3 / $2, $15
		printf "  incremental index after %d new commits               %8.2f s   peak %d MiB  (%.1f us/commit vs %.1f cold)\n", $4, $5, $14, $5 * 1e6 / ($4 ? $4 : 1), $3 * 1e6 / $1
		printf "  index with nothing new                                 %8.2f s\n", $6
		printf "  names, 1000 random IDs, per process        p50 %7.2f ms   p99 %7.2f ms  (process start alone: %.2f ms)\n", $7, $8, $9
		printf "  names by hand, git log --grep per hop, 20  p50 %7.0f ms   p99 %7.0f ms\n", $10, $11
		printf "  lint --json, every citation of the history             %8.2f s\n", $16
		printf "  citations: %d consistent (%d by patch-id; planted %d), %d adapted (planted %d),\n", $17, $18, $24, $19, $23
		printf "             %d suspicious (planted %d), %d not judged%s\n", $20, $22, $21,
			($18 == $24 && $19 == $23 && $20 == $22) ? "; the planted ones exactly" : "; NOT the planted ones"
		printf "\n"
	}' "$rows"
} | tee "$dir/results.txt"
rm -f "$rows"
