#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# shapes-bench.sh DIR: what the histories of containerd and NetworkManager
# cost the index, on a generated repository of their shape (make bench).
#
# DIR gets (once) a repository of COMMITS mainline commits on "main", one
# file changed each, and every VENDOR_EVERY-th a vendor update changing
# VENDOR_FILES files under vendor/; "release/1.0" forks half-way and
# carries picks of the later mainline commits: with a trailer and the
# same subject, without a trailer (a cherry-pick without -x: same subject
# and author date), the vendor updates with a trailer but another
# subject (the vendor-heavy pairs whose links need the changes compared),
# and every third vendor update as containerd's branches carry many:
# picked without -x, a conflict in one file resolved by hand, so only
# the author, date and subject join it to mainline's.
# It prints one line,
#   "READ_S COLD_S CHECK_P50_MS CHECK_P99_MS NAMES_P50_MS NAMES_P99_MS PAIRS"
# the history read (git log --branches --tags --format=%H%x00%B), the
# cold index, check --stable release/1.0 of 100 mainline commits, names
# of the same 100, and how many vendor pairs were found consistent by
# their changes.

. "$(dirname "$0")/lib-bench.sh"
dir=$1
commits=${COMMITS:-6000}
vendor_every=${VENDOR_EVERY:-50}
vendor_files=${VENDOR_FILES:-300}

if bench_need_repo "$dir"
then
	awk -v n="$commits" -v ve="$vendor_every" -v vf="$vendor_files" '
	function blob(path, text) {
		printf "M 100644 inline %s\ndata %d\n%s\n", path, length(text), text
	}
	function commit(ref, mark, from, ts, msg) {
		printf "commit refs/heads/%s\nmark :%d\n", ref, mark
		printf "author Dev <dev@example.org> %d +0000\n", ts
		printf "committer Dev <dev@example.org> %d +0000\n", ts + 60
		printf "data %d\n%s\n", length(msg), msg
		if (from)
			printf "from :%d\n", from
	}
	# One change: a line added to one file, or to vf vendor files
	# (and with "resolved", one more line at the top of the first, far
	# from what later updates change).
	function change(br, i, resolved,    k, p) {
		if (i % ve == 0) {
			for (k = 0; k < vf; k++) {
				p = sprintf("vendor/mod%02d/file%03d.go", k % 40, k)
				text[br, p] = text[br, p] "// vendored at " i "\n"
				if (resolved && !k)
					text[br, p] = "// resolved by hand\n" text[br, p]
				blob(p, text[br, p])
			}
		} else {
			p = sprintf("pkg/dir%02d/file%03d.go", i % 37, i % 500)
			text[br, p] = text[br, p] "func f" i "() {}\n"
			blob(p, text[br, p])
		}
	}
	# A mark in the place of its 40-digit ID, as long (see below).
	function ref(i) {
		return sprintf("%%%039d", i)
	}
	function subject(i) {
		return i % ve == 0 ? "vendor: update modules to round " i : \
			"pkg: change number " i
	}
	BEGIN {
		fork = int(n / 2)
		for (i = 1; i <= n; i++) {
			commit("main", i, i > 1 ? i - 1 : 0, 1600000000 + i * 600,
			       subject(i) "\n\nSigned-off-by: Dev <dev@example.org>\n")
			change("m", i, 0)
			if (i == fork) {
				# the branch starts with the trees of the fork
				nk = 0
				for (key in text)
					keys[++nk] = key
				for (k = 1; k <= nk; k++) {
					split(keys[k], kp, SUBSEP)
					text["s", kp[2]] = text[keys[k]]
				}
			}
		}
		mark = n
		from = fork
		for (i = fork + 1; i <= n; i++) {
			if (i % ve != 0 && i % 7 != 0)
				continue
			mark++
			resolved = i % (3 * ve) == 0
			if (resolved)
				msg = subject(i) "\n\nSigned-off-by: Dev <dev@example.org>\n"
			else if (i % ve == 0)
				msg = "[release/1.0] " subject(i) " (backport)\n\n" \
				      "(cherry picked from commit " ref(i) ")\n"
			else if (i % 21 == 0)
				msg = subject(i) "\n\nSigned-off-by: Dev <dev@example.org>\n"
			else
				msg = subject(i) "\n\n(cherry picked from commit " ref(i) ")\n"
			commit("release/1.0", mark, from, 1600000000 + i * 600, msg)
			change("s", i, resolved)
			from = mark
		}
	}' >"$dir/stream"
	# The trailers name mainline commits by mark ("%00..N"): first the
	# mainline commits, then the branch with the marks turned into IDs.
	awk '/^commit refs\/heads\/release/ { exit } { print }' "$dir/stream" |
		git -C "$dir" fast-import --quiet --export-marks="$dir/marks"
	awk 'NR == FNR { id[substr($1, 2)] = $2; next }
	/^commit refs\/heads\/release/ { on = 1 }
	on && /^\(cherry picked from commit %[0-9]+\)$/ {
		m = $0; sub(/.*%0*/, "", m); sub(/\).*/, "", m)
		print "(cherry picked from commit " id[m] ")"; next
	}
	on { print }' "$dir/marks" "$dir/stream" |
		git -C "$dir" fast-import --quiet --import-marks="$dir/marks"
	rm -f "$dir/stream"
	git -C "$dir" log --format=%H -n 100 --skip 10 main >"$dir/ids"
	bench_repo_done "$dir"
fi

git -C "$dir" log --branches --tags --format=%H%x00%B >/dev/null
set -- $("$RUN" once git -C "$dir" log --branches --tags --format=%H%x00%B)
read_s=$1
rm -f "$dir/checkbackport.db"
set -- $("$RUN" once "$CBP" -q -C "$dir" --mainline=main \
	--stable='release/*' --tags='v*' index --rebuild)
cold_s=$1
set -- $("$RUN" each "$dir/ids" "$CBP" -q -C "$dir" check --terse \
	--stable release/1.0 {})
check_p50=$2 check_p99=$3
set -- $("$RUN" each "$dir/ids" "$CBP" -q -C "$dir" names {})
names_p50=$2 names_p99=$3
pairs=$("$CBP" -q -C "$dir" lint --json |
	sed -n 's/.*"consistent_by_patch_id": *\([0-9]*\).*/\1/p')
echo "$read_s $cold_s $check_p50 $check_p99 $names_p50 $names_p99 $pairs"
