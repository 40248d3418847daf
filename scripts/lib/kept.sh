# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# kept.sh - keep a step's passing result while everything it reads stays
# the same, as go test keeps a package's result.  Sourced (bash) by
# fixport-check and fixport-validate, which decide what a step reads and
# what of its result to keep.
#
# A step NAME has, in a directory DIR of the checkout's .build:
#   NAME.now     what it reads now (kept_inputs), written before it runs
#                (kept_start)
#   NAME.inputs  what it read when it last passed
#   NAME.key     the hash of NAME.inputs; only there while that pass holds
# The callers keep the rest of the result (counts, log) beside them.
# A fresh clone has no .build: it runs everything.

# kept_inputs TOP PATHSPEC...: print what a step reading PATHSPEC (git's
# pathspecs, relative to TOP) depends on: the contents of those files,
# tracked and new alike as git lists them (build outputs are ignored
# files), and kept_context.  Fails outside a git work tree whose top is
# TOP (a tarball): there nothing is kept.
kept_inputs() {
	kept_files "$@" && kept_context
}

# kept_files TOP PATHSPEC...: the first part of kept_inputs, the files
# by content.
kept_files() {
	local top=$1

	shift
	[ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$top" ] ||
		return 1
	git -C "$top" ls-files -z -co --exclude-standard -- "$@" |
		(cd "$top" && xargs -0 -r sha256sum 2>&1)
	return 0
}

# kept_context: the rest of kept_inputs, the same for every step of a
# run: the tools and libraries the project's steps run (kept_tools), the
# default kernel version of the cache and the settings read from the
# environment.  A script that keys several steps in one run asks once,
# before it starts them, and leaves the answer in kept_context_seen:
# that is a dozen processes a step, and behind a version manager's shim
# `python3 --version` alone can take half a second.
kept_context() {
	if [ -n "${kept_context_seen:-}" ]; then
		printf '%s\n' "$kept_context_seen"
		return 0
	fi
	kept_tools
	cat "${XDG_CACHE_HOME:-$HOME/.cache}/drm-fixport/default-version" 2>&1
	env | grep -E '^(CBP_|FIXPORT_|EXPENSIVE=|SANITIZE=|KDIR=|TREE=|PATCHES=|LINUX_GIT=|STABLE=|HOME=|XDG_|PATH=|TMPDIR=)' |
		grep -v '^FIXPORT_RETEST=' | sort
	return 0
}

# kept_tools: the versions of the tools and libraries the project's
# steps run, as kept_context lists them.
kept_tools() {
	local t

	for t in gcc make git bash python3 perl prove; do
		"$t" --version 2>&1 | head -n 1
	done
	dpkg-query -W libgit2-dev libsqlite3-dev libjson-c-dev \
		libdeflate-dev libcmocka-dev libjson-xs-perl sparse 2>&1
	return 0
}

# kept_hash: the key of the inputs read on stdin (as kept_inputs prints
# them), the one form of it kept_start and a query of a kept pass share.
kept_hash() {
	sha256sum | cut -c1-32
}

# kept_start DIR NAME CMD...: write what CMD says NAME reads to
# DIR/NAME.now and print its hash, the key NAME's pass is kept under;
# print nothing when CMD fails (NAME is not kept).
kept_start() {
	local dir=$1 name=$2

	shift 2
	mkdir -p "$dir" || return 0
	if "$@" >"$dir/$name.now" 2>/dev/null; then
		kept_hash <"$dir/$name.now"
	else
		rm -f "$dir/$name.now"
	fi
	return 0
}

# kept_holds DIR NAME KEY: whether NAME's last pass was with the inputs
# of KEY, and may stand for a run (not with FIXPORT_RETEST set).
kept_holds() {
	[ -n "$3" ] && [ -z "${FIXPORT_RETEST:-}" ] && [ -f "$1/$2.key" ] &&
		[ "$(<"$1/$2.key")" = "$3" ]
}

# kept_rerun DIR NAME WHO: NAME runs: say (prefixed by WHO) what changed
# since its kept pass, if there is one, and drop the pass, whatever the
# run gives.
kept_rerun() {
	local changed

	changed=$(kept_changed "$1" "$2")
	[ -z "$changed" ] ||
		echo "$3: run again, changed since the kept pass: $changed"
	rm -f "$1/$2.key"
}

# kept_changed DIR NAME: what differs between the inputs of NAME's kept
# pass and NAME.now, in a few words (the files by name, the other lines);
# nothing when there is no kept pass to compare with.
kept_changed() {
	[ -z "${FIXPORT_RETEST:-}" ] && [ -f "$1/$2.key" ] &&
		[ -f "$1/$2.inputs" ] && [ -f "$1/$2.now" ] || return 0
	diff "$1/$2.inputs" "$1/$2.now" | sed -n 's/^[<>] //p' |
		awk 'substr($0, 65, 2) == "  " && substr($0, 1, 64) ~ /^[0-9a-f]+$/ {
			$0 = substr($0, 67) } !seen[$0]++' |
		awk 'NR <= 3 { printf "%s%s", (NR > 1 ? ", " : ""), $0 }
		     END { if (NR > 3) printf " and %d more", NR - 3
			   if (NR) print "" }'
	return 0
}

# kept_unchanged DIR NAME TOP: whether every file NAME.now lists (by its
# hash, relative to TOP) still has that hash: nothing NAME read when it
# started was changed while it ran.
kept_unchanged() {
	grep -E '^[0-9a-f]{64}  ' "$1/$2.now" 2>/dev/null |
		(cd "$3" && sha256sum --check --status)
}

# kept_save DIR NAME KEY: NAME passed with the inputs of NAME.now.
kept_save() {
	mv "$1/$2.now" "$1/$2.inputs" && echo "$3" >"$1/$2.key"
}

# kept_date DIR NAME: when NAME's kept pass was made.
kept_date() {
	date -r "$1/$2.key" '+%F %T'
}
