# SPDX-License-Identifier: GPL-2.0
#
# lib-bench.sh: what the benchmark scripts share, sourced by bench.sh,
# shapes-bench.sh and paths-bench.sh (from this directory): where the
# programs are, and the cache of the repositories they generate.

set -e
here=$(cd "$(dirname "$0")/.." && pwd)
# CBP_BIN=OTHER/checkbackport measures another build (a baseline: the
# rows of two builds side by side on the same repositories and machine).
CBP=${CBP_BIN:-$here/checkbackport}
RUN=$here/build/bench-run

# bench_need_repo DIR: false when DIR holds a repository generated to the
# end (bench_repo_done); else DIR is made an empty bare repository, for
# the caller to fill and then mark done.  A generation cut short is
# started again.
bench_need_repo () {
	test -f "$1/complete" && return 1
	rm -rf "$1"
	git init -q --bare "$1"
}

# bench_repo_done DIR: DIR is complete, bench_need_repo keeps it.
bench_repo_done () {
	touch "$1/complete"
}
