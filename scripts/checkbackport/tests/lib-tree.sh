# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the tests of `check --tree` and `--compare` (t3*), sourced
# after lib-checkbackport.sh and lib-check.sh.  Their patches are made at
# test time from the Linux 6.12 source that drm-fixport's set-up unpacks
# (scripts/fixport-setup source); no kernel file or patch is committed.
# Without that source the tests skip, saying why.
#
# The build directories check --tree prepares are kept in the shared
# cache (as for any run), so only the first run pays for preparing one.

# The test library moved HOME into the trash directory: find the real cache.
real_home=$(getent passwd "$(id -u)" | cut -d: -f6)
FIXPORT_CACHE=${FIXPORT_CACHE:-${XDG_CACHE_HOME:-${real_home:-/root}/.cache}/drm-fixport}
CHECKBACKPORT_CACHE=${CHECKBACKPORT_CACHE:-$FIXPORT_CACHE/checkbackport}
export CHECKBACKPORT_CACHE

# check --tree looks for the tree's kernel configuration in /usr/src, in
# /boot and in drm-fixport's unpacked headers under $XDG_CACHE_HOME (else
# $HOME/.cache).  A machine set up by drm-fixport has only the last, and
# HOME is the trash directory here: point the tool at the real cache, as
# the user's own shell would.
case $FIXPORT_CACHE in
*/drm-fixport)
	XDG_CACHE_HOME=${FIXPORT_CACHE%/drm-fixport}
	export XDG_CACHE_HOME
	;;
esac

# kbuild records `$(RUSTC) --version` in the build directory's
# auto.conf.cmd and re-runs syncconfig (tens of seconds) when the answer
# changes.  A rustup proxy finds its toolchains through HOME, so with
# HOME in the trash directory it fails where the user's shell answers:
# each switch between a test run and a run from the shell re-made the
# shared build directory's config.  Show kbuild the user's toolchains.
if test -z "$RUSTUP_HOME" && test -d "$real_home/.rustup"
then
	RUSTUP_HOME=$real_home/.rustup
	export RUSTUP_HOME
fi
if test -z "$CARGO_HOME" && test -d "$real_home/.cargo"
then
	CARGO_HOME=$real_home/.cargo
	export CARGO_HOME
fi

# The unpacked Debian tree: $CBP_KTREE, or the tree of the set-up's
# default version (recorded in the cache), complete.  Empty if there is
# none.
find_ktree () {
	if test -n "$CBP_KTREE"
	then
		echo "$CBP_KTREE"
		return
	fi
	read -r v <"$FIXPORT_CACHE/default-version" 2>/dev/null || return 0
	d=$FIXPORT_CACHE/src/linux-$v
	if test -f "$d/.fixport-complete"
	then
		echo "$d"
	fi
}

KTREE=$(find_ktree)

# require_ktree: skip the whole script when there is no tree.
require_ktree () {
	if test -z "$KTREE"
	then
		test_skip "check --tree on the Debian 6.12 tree" \
			"no unpacked linux-source-6.12 in $FIXPORT_CACHE/src: 'make setup' (or make check's set-up) unpacks it"
		test_done
		exit 0
	fi
}

# base_repo DIR FILE...: a repository whose first commit, tagged v6.12
# and branched as linux-6.12.y, holds FILEs as the Debian tree has them.
base_repo () {
	dir=$1
	shift
	git init -q "$dir" &&
	for f in "$@"
	do
		mkdir -p "$dir/$(dirname "$f")" &&
		cp "$KTREE/$f" "$dir/$f" || return 1
	done &&
	(cd "$dir" && git add . && test_tick && git commit -q -m "base" &&
	 git tag v6.12 && git branch linux-6.12.y)
}

# edit FILE PERL: apply a perl -0 substitution to FILE; fail if it
# changed nothing (the tree is not what the test expects).
edit () {
	cp "$1" "$1.before" &&
	perl -0pi -e "$2" "$1" &&
	if cmp -s "$1" "$1.before"
	then
		echo "'$2' changed nothing in $1: is this the 6.12 tree?" >&2
		rm -f "$1.before"
		return 1
	fi &&
	rm -f "$1.before"
}

# patch_from BASE OUT SUBJECT FILE PERL [BODY]: PERL's edit of FILE on top
# of commit BASE, committed on a detached HEAD and written as a mail to
# OUT; the commit stays in no branch, so no index knows it.
patch_from () {
	git checkout -q --detach "$1" &&
	edit "$4" "$5" &&
	test_tick &&
	if test $# -gt 5
	then
		git commit -q -a -m "$3" -m "$6"
	else
		git commit -q -a -m "$3"
	fi &&
	git format-patch -q --stdout -1 >"$2" &&
	git checkout -q master
}

# commit_edit SUBJECT FILE PERL: commit PERL's edit of FILE on this branch.
commit_edit () {
	edit "$2" "$3" &&
	test_tick &&
	git commit -q -a -m "$1"
}

# for_patch OUT NAME: the lines of terse output OUT about patch file NAME.
for_patch () {
	awk -v p="$2:" 'index($0, p) == 1' "$1"
}
