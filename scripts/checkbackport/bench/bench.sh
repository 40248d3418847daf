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
#   front-libgit2 names ID              the same, the front linked against
#                                       libgit2 (bench/locate-libgit2.c),
#                                       then ./checkbackport again
#   names-by-hand.sh ID                 20 of the same IDs, git log --grep per hop
#   checkbackport missing --stable B    each live stable branch, checked against
#                                       what gen-repo says it must find
#   missing-by-hand.sh ID               git log --grep over mainline for one
#                                       commit the branch carries: 10 of them,
#                                       extrapolated to every commit it carries
#   checkbackport followups ID          the 1000 random IDs, per process
#   followups-by-hand.sh ID             5 of them, git log --grep per hop
# and, on a history with the 6.12 source tree's paths (paths-bench.sh),
# what a pathspec costs missing: the generated histories have empty trees.
# A verdict other than the planted one, or a missing list other than
# gen-repo's, fails the bench (exit 1) after the table.
# CBP_BIN=OTHER/checkbackport runs the same rows with another build, for
# a baseline beside this one.  Progress goes to stderr only when it is a
# terminal; the table goes to stdout and to $BENCH_DIR/results.txt.

. "$(dirname "$0")/lib-bench.sh"
GEN=$here/build/gen-repo
LG2=$here/build/front-libgit2
HAND=$here/bench/names-by-hand.sh
MHAND=$here/bench/missing-by-hand.sh
FHAND=$here/bench/followups-by-hand.sh
TRUTH=$here/bench/missing-truth.pl
SEED=0x9e3779b97f4a7c15
# The cached repositories are the generator's: another generator, another cache.
gen_key=$(cksum <"$here/bench/gen-repo.c" | cut -d" " -f1)
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
mrows=$dir/mrows.$$
: >"$rows"
: >"$mrows"
for n in "$@"
do
	total=$((n + n / 100))
	base=$dir/base-$n-$gen_key.git
	work=$dir/work-$n.git
	if bench_need_repo "$base"
	then
		progress "N=$n: generating $n commits with git fast-import"
		"$GEN" "$total" 0 "$n" "$SEED" "$base/truth" |
			git -C "$base" fast-import --quiet --export-marks="$base/marks"
		bench_repo_done "$base"
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

	# The front linked against libgit2, which discovers the repository
	# and applies safe.directory itself; today's front again after it,
	# so that a drift of the machine's load shows.
	progress "N=$n: names on the same IDs, front linked against libgit2"
	set -- $("$RUN" each "$dir/ids-$n" "$LG2" -q -C "$work" names {})
	lg2="$2 $3 $6"
	set -- $("$RUN" each "$dir/ids-$n" "$CBP" -q -C "$work" names {})
	echo "$n names-front $names_p50 $names_p99 $lg2 $2 $3" >>"$mrows"
	head -n 200 "$dir/ids-$n" >"$dir/ids200-$n"
	set -- $("$RUN" each "$dir/ids200-$n" "$CBP" --version)
	start_p50=$2

	progress "N=$n: the same names by hand (git log --grep per hop), 20 IDs"
	awk 'NR % 50 == 1' "$dir/ids-$n" | head -n 20 >"$dir/ids20-$n"
	set -- $("$RUN" each "$dir/ids20-$n" sh "$HAND" "$work" {})
	hand_p50=$2 hand_p99=$3

	# The live stable branches, oldest first: the ones gen-repo knows
	# what missing must find on.
	live=$(cut -d" " -f1 "$base/truth" | sort -u -V)
	oldest=$(echo "$live" | head -n 1)
	for b in $live
	do
		progress "N=$n: missing --stable $b"
		set -- $("$RUN" once -o "$dir/missing-$n-$b.json" "$CBP" -q -C "$work" \
			missing --json --stable "$b")
		m_t=$1 m_rss=$2
		echo "$n missing $b $m_t $(mib "$m_rss") $(perl "$TRUTH" "$base/truth" "$b" "$dir/missing-$n-$b.json")" >>"$mrows"
	done
	progress "N=$n: missing --stable $oldest -- drivers/gpu/drm"
	set -- $("$RUN" once -o "$dir/paths-$n.txt" "$CBP" -q -C "$work" \
		missing --terse --stable "$oldest" -- drivers/gpu/drm)
	echo "$n paths $oldest $1 $(mib "$2") $(sed -n 's/.*"count": *\([0-9]*\).*/\1/p' "$dir/missing-$n-$oldest.json")" >>"$mrows"

	progress "N=$n: followups on the 1000 random IDs"
	set -- $("$RUN" each "$dir/ids-$n" "$CBP" -q -C "$work" followups --stable "$oldest" {})
	echo "$n followups $2 $3" >>"$mrows"

	progress "N=$n: missing by hand, git log --grep for 10 commits $oldest carries"
	git -C "$work" rev-list "$oldest" >"$dir/carried-$n"
	carried=$(wc -l <"$dir/carried-$n")
	awk -v n="$carried" 'BEGIN { srand(7); for (i = 0; i < 10; i++)
		want[int(rand() * n) + 1]++ } (NR in want) { print }' \
		"$dir/carried-$n" >"$dir/carried10-$n"
	set -- $("$RUN" each "$dir/carried10-$n" sh "$MHAND" "$work" master {})
	echo "$n missing-hand $2 $3 $carried" >>"$mrows"

	progress "N=$n: followups by hand, 5 IDs"
	head -n 5 "$dir/ids20-$n" >"$dir/ids5-$n"
	set -- $("$RUN" each "$dir/ids5-$n" sh "$FHAND" "$work" {})
	echo "$n followups-hand $2 $3" >>"$mrows"

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
	echo "build measured: $CBP"
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
	awk '
	$2 == "missing" {
		printf "N = %d: missing --stable %-14s %6.2f s   peak %d MiB  %d of %d found (%d extra), alias-only %d of %d found, %d flagged wrong\n",
			$1, $3, $4, $5, $8, $6, $9, $10, $7, $11
	}
	$2 == "paths" {
		printf "N = %d: missing --stable %s -- drivers/gpu/drm  %6.2f s   peak %d MiB  (%d commits diffed)\n",
			$1, $3, $4, $5, $6
	}
	$2 == "names-front" {
		printf "N = %d: names, 1000 random IDs, front without libgit2   p50 %7.2f ms   p99 %7.2f ms  (again after: p50 %.2f, p99 %.2f)\n", $1, $3, $4, $8, $9
		printf "N = %d: names, 1000 random IDs, front linked to libgit2 p50 %7.2f ms   p99 %7.2f ms  (%d failed; p50 +%.2f ms)\n", $1, $5, $6, $7, $5 - ($3 < $8 ? $3 : $8)
	}
	$2 == "followups" {
		printf "N = %d: followups, 1000 random IDs, per process  p50 %7.2f ms   p99 %7.2f ms\n", $1, $3, $4
	}
	$2 == "missing-hand" {
		printf "N = %d: baseline: missing by hand, git log --grep per carried commit  p50 %.0f ms x %d commits = %.1f hours\n",
			$1, $3, $5, $3 * $5 / 3600000
	}
	$2 == "followups-hand" {
		printf "N = %d: baseline: followups by hand, 5 IDs  p50 %7.0f ms   p99 %7.0f ms\n", $1, $3, $4
	}' "$mrows"
	# containerd's and NetworkManager's shape: vendor-heavy pairs, copies
	# without a trailer (the cost of link verdicts and copies).
	progress "vendor-heavy history with copies without a trailer"
	shapes_key=$(cksum <"$here/bench/shapes-bench.sh" | cut -d" " -f1)
	set -- $(sh "$here/bench/shapes-bench.sh" "$dir/shapes-$shapes_key.git")
	printf "vendor-heavy pairs and copies without trailer, %s commits:\n" "${COMMITS:-6000}"
	printf "  history read (git log --branches --tags --format=%%H%%x00%%B)  %8.2f s\n" "$1"
	printf "  cold index                                               %8.2f s   (%.2fx the read; %d vendor pairs consistent)\n" \
		"$2" "$(echo "$2 $1" | awk '{ print $1 / ($2 ? $2 : 1) }')" "$7"
	printf "  check --stable release/1.0, 100 IDs        p50 %7.2f ms   p99 %7.2f ms\n" "$3" "$4"
	printf "  names, the same 100 IDs                    p50 %7.2f ms   p99 %7.2f ms\n" "$5" "$6"
	# Trees of a kernel's shape, from the 6.12 source set-up unpacks.
	ksrc=${KSRC:-$("$here/../fixport-setup" source 2>/dev/null || true)}
	if test -d "$ksrc"
	then
		progress "missing with a pathspec on trees of the kernel's shape"
		set -- $(sh "$here/bench/paths-bench.sh" "$ksrc" "$dir/paths-$gen_key.git")
		printf "paths of %s (%s files): missing --stable, %d findings  %.3f s; -- drivers/gpu/drm  %.3f s, %d kept  (%.0f us per finding)\n" \
			"$(basename "$ksrc")" "$(wc -l <"$dir/paths-$gen_key.git/paths")" \
			"$1" "$2" "$3" "$4" "$(echo "$1 $2 $3" | awk '{ print ($3 - $2) * 1e6 / ($1 ? $1 : 1) }')"
	else
		echo "paths: no kernel source tree (KSRC= or scripts/fixport-setup source): not measured"
	fi
} | tee "$dir/results.txt"
# Figures of wrong answers are worth nothing: citations judged otherwise
# than planted, or missing finding other commits than gen-repo says,
# fail the bench after its table.
wrong=$(awk '$18 != $24 || $19 != $23 || $20 != $22 {
		printf "N = %d: the citations are not judged as planted\n", $1 }' "$rows"
	awk '$2 == "missing" && ($8 != $6 || $9 || $10 != $7 || $11) {
		printf "N = %d: missing --stable %s is not what gen-repo says\n", $1, $3 }' "$mrows")
rm -f "$rows" "$mrows"
if test -n "$wrong"
then
	echo "$wrong" | sed "s/^/bench: wrong answer: /" >&2
	exit 1
fi
