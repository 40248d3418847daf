#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# paths-bench.sh SRC DIR: what a pathspec costs "checkbackport missing"
# on trees of a kernel's shape (the generated 1M-commit histories have
# empty trees, where a diff costs nothing).
#
# DIR gets a repository whose first commit has every path of the kernel
# source tree SRC (each file holding its own name), tagged v6.12 and
# forked as linux-6.12.y, then COMMITS mainline commits changing one to
# three files each, one in three with a Fixes: naming that first commit:
# all of those are missing from linux-6.12.y.  It prints one line,
#   "FINDINGS SECONDS-WITHOUT SECONDS-WITH KEPT"
# for "missing --stable linux-6.12.y" without and with
# "-- drivers/gpu/drm": the second diffs every finding with its parent.

. "$(dirname "$0")/lib-bench.sh"
src=$1
dir=$2
commits=${COMMITS:-3000}

if bench_need_repo "$dir"
then
	(cd "$src" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$dir/paths"
	awk '
	BEGIN { t = 1700000000 }
	{ path[NR] = $0 }
	END {
		printf "commit refs/heads/master\nmark :1\n"
		printf "author A <a@example.com> %d +0000\ncommitter A <a@example.com> %d +0000\n", t, t
		printf "data 7\nImport\n"
		for (i = 1; i <= NR; i++)
			printf "M 100644 inline %s\ndata %d\n%s\n", path[i], length(path[i]) + 1, path[i]
		printf "\nreset refs/heads/linux-6.12.y\nfrom :1\n\n"
		printf "tag v6.12\nfrom :1\ntagger A <a@example.com> %d +0000\ndata 5\nv6.12\n", t
	}' "$dir/paths" | git -C "$dir" fast-import --quiet
	base=$(git -C "$dir" rev-parse --short=12 master)
	nr=$(wc -l <"$dir/paths")
	awk -v n="$commits" -v nr="$nr" -v base="$base" '
	BEGIN { srand(11); t = 1700000000 }
	{ path[NR] = $0 }
	END {
		for (i = 1; i <= n; i++) {
			t += 60
			msg = sprintf("change %d\n", i)
			if (i % 3 == 0)
				msg = msg sprintf("\nFixes: %s (\"Import\")\n", base)
			printf "commit refs/heads/master\n"
			printf "author A <a@example.com> %d +0000\ncommitter A <a@example.com> %d +0000\n", t, t
			printf "data %d\n%s\n", length(msg), msg
			if (i == 1)
				printf "from refs/heads/master^0\n"
			k = 1 + int(rand() * 3)
			for (j = 0; j < k; j++) {
				p = path[1 + int(rand() * nr)]
				printf "M 100644 inline %s\ndata %d\n%d\n", p, length(i "") + 1, i
			}
			printf "\n"
		}
		printf "tag v6.13-rc1\nfrom refs/heads/master\ntagger A <a@example.com> %d +0000\ndata 9\nv6.13-rc1\n", t
	}' "$dir/paths" | git -C "$dir" fast-import --quiet
	"$CBP" -q -C "$dir" index >/dev/null
	bench_repo_done "$dir"
fi

"$CBP" -q -C "$dir" missing --terse --stable linux-6.12.y >"$dir/all" || true
set -- $("$RUN" once "$CBP" -q -C "$dir" missing --terse --stable linux-6.12.y)
without=$1
set -- $("$RUN" once -o "$dir/kept" "$CBP" -q -C "$dir" missing --terse \
	--stable linux-6.12.y -- drivers/gpu/drm)
with=$1
echo "$(wc -l <"$dir/all") $without $with $(wc -l <"$dir/kept")"
