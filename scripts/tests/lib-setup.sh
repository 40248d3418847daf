# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the set-up tests after scripts/lib/test-lib.sh: shims that
# stand in for Debian's package tools, so that the real
# scripts/fixport-setup is driven through a fresh machine's paths offline,
# without root's real apt and without touching the real cache.  dpkg-deb
# is the real one, on packages made here.
#
# The shims keep their state in $FAKE:
#   lists        package names `apt-cache pkgnames` offers
#   lists.update the names offered once `apt-get update` has run (optional)
#   madison-PKG  the Debian versions of PKG `apt-cache madison` offers
#   debs/P_V.deb what `apt-get download P=V` gives (else it fails)
#   installed    installed packages, one per line
#   calls        every apt-get call, one line each ("install PKG...")
#   cache-calls  every apt-cache call
#   install-fail how many `apt-get install` calls fail before one succeeds
#   uid          what `id -u` says (default 0, root)
#   block-PROG   when present, the PROG shim (tar -C, make, apt-get download)
#                does part of its work, creates started-PROG and waits to
#                be killed
# An install by the apt-get shim follows Debian's dependencies where they
# matter here: a linux-headers-*-amd64 brings its linux-image and
# initramfs-tools, which the tests check never happens.

top=$(cd "$TEST_DIRECTORY/../.." && pwd)
setup=$top/scripts/fixport-setup

FAKE=$TRASH_DIRECTORY/fake
BIN=$TRASH_DIRECTORY/bin
REAL_TAR=$(command -v tar)
REAL_MAKE=$(command -v make)
mkdir -p "$FAKE/debs" "$FAKE/apt-lists" "$FAKE/modules" "$BIN" || exit 1
: >"$FAKE/installed"
: >"$FAKE/calls"
: >"$FAKE/cache-calls"
: >"$FAKE/lists"

# A fresh machine: no cache directory nor its parent.
XDG_CACHE_HOME=$TRASH_DIRECTORY/no/such/dir/cache
CACHE=$XDG_CACHE_HOME/drm-fixport
FIXPORT_APT_LISTS=$FAKE/apt-lists
FIXPORT_MODULES_DIR=$FAKE/modules
PATH=$BIN:$PATH
export XDG_CACHE_HOME FIXPORT_APT_LISTS FIXPORT_MODULES_DIR PATH FAKE \
	REAL_TAR REAL_MAKE
unset DEBIAN_FRONTEND FIXPORT_KVER FIXPORT_BUILD KDIR FIXPORT_KSRC

# Wait for the shim named $1 to signal that it has started blocking.
wait_started () {
	for i in $(seq 100)
	do
		test -e "$FAKE/started-$1" && return 0
		sleep 0.1
	done
	echo "the $1 shim never started" >&2
	return 1
}

# run_killed PROG ARGS...: run ARGS in a session of its own until the PROG
# shim blocks, then kill the whole session, as an interrupt would (with
# procps' kill: dash's cannot signal a process group).
run_killed () {
	killed_prog_=$1
	shift
	: >"$FAKE/block-$killed_prog_" || return 1
	rm -f "$FAKE/started-$killed_prog_"
	setsid "$@" >"$TRASH_DIRECTORY/killed.out" 2>&1 &
	killed_pid_=$!
	wait_started "$killed_prog_" || {
		/bin/kill -KILL -- "-$killed_pid_" 2>/dev/null
		return 1
	}
	/bin/kill -KILL -- "-$killed_pid_" &&
	{ wait "$killed_pid_" 2>/dev/null || :; } &&
	rm -f "$FAKE/block-$killed_prog_" "$FAKE/started-$killed_prog_"
}

# Every package the lists name, as fixport-setup should want them.
wanted_packages () {
	sed 's/#.*//; s/[[:space:]]//g; /^$/d' "$top/scripts/debian-packages" \
		"$top"/scripts/*/debian-packages | sort -u
}

# The number of apt-get calls of kind $1 (install, update, download).
count_calls () {
	grep -c "^$1\\b" "$FAKE/calls" || :
}

# The kernel packages no set-up may ever install, in $FAKE/calls or
# $FAKE/installed ($1), one per line.
kernel_installs () {
	{ sed -n 's/^install //p' "$1" | tr ' ' '\n' && cat "$FAKE/installed"; } |
		grep -E '^(linux-image-|linux-headers-|linux-source-|linux-kbuild-|initramfs-tools$)' || :
}

# A fresh machine again: nothing installed, no cache, root, no
# failures on demand.  Keeps what apt offers.
reset_machine () {
	: >"$FAKE/installed" &&
	: >"$FAKE/calls" &&
	: >"$FAKE/cache-calls" &&
	rm -rf "$TRASH_DIRECTORY/no" "$FAKE/modules"/* "$FAKE/install-fail" \
		"$FAKE/uid" "$FAKE/lists.update"
}

# With every build tool installed.
install_tools () {
	wanted_packages >"$FAKE/installed"
}

# make_deb PACKAGE DEBVERSION TREE: a .deb of TREE that `apt-get download
# PACKAGE=DEBVERSION` gives.
make_deb () {
	mkdir -p "$3/DEBIAN" &&
	printf '%s\n' "Package: $1" "Version: $2" "Architecture: amd64" \
		"Maintainer: nobody <nobody@example.com>" "Description: test" \
		>"$3/DEBIAN/control" &&
	dpkg-deb --root-owner-group -Znone --build "$3" \
		"$FAKE/debs/$1_$2.deb" >/dev/null
}

# offer VERSION [DEBREVISION]: apt's lists offer linux-source-6.12 and the
# headers of VERSION, and their packages can be downloaded.  The headers'
# Makefile includes the common one by its installed path, as Debian's
# does; the common one answers `make modules` with one line.
offer () {
	offer_ver_=$1
	offer_deb_=$1-${2:-1~deb12u1}
	offer_dir_=$TRASH_DIRECTORY/debtree-$offer_ver_
	offer_h_=linux-headers-$offer_ver_+deb12
	printf '%s\n' "$offer_h_-amd64" "$offer_h_-common" "$offer_h_-cloud-amd64" \
		>>"$FAKE/lists" &&
	for p in linux-source-6.12 "$offer_h_-amd64" "$offer_h_-common" \
		"linux-kbuild-$offer_ver_+deb12"
	do
		echo "$offer_deb_" >>"$FAKE/madison-$p" || return 1
	done &&
	rm -rf "$offer_dir_" &&
	mkdir -p "$offer_dir_/src/usr/src" "$offer_dir_/amd64/usr/src/$offer_h_-amd64" \
		"$offer_dir_/common/usr/src/$offer_h_-common" \
		"$offer_dir_/kbuild/usr/lib/linux-kbuild-6.12/scripts" &&
	cp "$FAKE/linux-source-6.12.tar.xz" "$offer_dir_/src/usr/src/" &&
	make_deb linux-source-6.12 "$offer_deb_" "$offer_dir_/src" &&
	echo "include /usr/src/$offer_h_-common/Makefile" \
		>"$offer_dir_/amd64/usr/src/$offer_h_-amd64/Makefile" &&
	echo "CONFIG_X86_64=y" >"$offer_dir_/amd64/usr/src/$offer_h_-amd64/.config" &&
	make_deb "$offer_h_-amd64" "$offer_deb_" "$offer_dir_/amd64" &&
	printf 'modules:\n\t@echo "kbuild $(notdir $(CURDIR)) M=$(M)"\n' \
		>"$offer_dir_/common/usr/src/$offer_h_-common/Makefile" &&
	make_deb "$offer_h_-common" "$offer_deb_" "$offer_dir_/common" &&
	: >"$offer_dir_/kbuild/usr/lib/linux-kbuild-6.12/scripts/modpost" &&
	make_deb "linux-kbuild-$offer_ver_+deb12" "$offer_deb_" "$offer_dir_/kbuild"
}

# The shims.  Each records what it was asked and answers from $FAKE.
cat >"$BIN/dpkg-query" <<'EOF'
#!/bin/sh
# dpkg-query -W -f='${Package} ${Status}\n' PACKAGE...
rc=0
for a in "$@"
do
	case "$a" in
	-*) continue ;;
	esac
	if grep -qxF "$a" "$FAKE/installed"
	then
		echo "$a install ok installed"
	else
		echo "dpkg-query: no packages found matching $a" >&2
		rc=1
	fi
done
exit $rc
EOF

cat >"$BIN/apt-cache" <<'EOF'
#!/bin/sh
echo "$*" >>"$FAKE/cache-calls"
case "$1" in
pkgnames) grep "^${2:-}" "$FAKE/lists" ;;
madison)
	for v in $(cat "$FAKE/madison-$2" 2>/dev/null)
	do
		echo " $2 | $v | http://deb.debian.org/debian bookworm/main amd64 Packages"
	done
	;;
*) echo "apt-cache shim: $*" >&2; exit 100 ;;
esac
exit 0
EOF

cat >"$BIN/apt-get" <<'EOF'
#!/bin/bash
args=()
for a in "$@"; do
	case "$a" in
	-*) ;;
	*) args+=("$a") ;;
	esac
done
echo "${args[*]}" >>"$FAKE/calls"
case "${args[0]}" in
update)
	[ "$(id -u)" -eq 0 ] || { echo "E: permission denied"; exit 100; }
	if [ -f "$FAKE/lists.update" ]; then
		cp "$FAKE/lists.update" "$FAKE/lists"
		touch "$FAKE/apt-lists/updated"
	fi
	exit 0
	;;
install)
	[ "$(id -u)" -eq 0 ] || { echo "E: Could not open lock file - are you root?"; exit 100; }
	n=$(cat "$FAKE/install-fail" 2>/dev/null || echo 0)
	if [ "$n" -gt 0 ]; then
		echo $((n - 1)) >"$FAKE/install-fail"
		echo "Reading package lists..."
		echo "E: Unable to locate package ${args[1]}"
		exit 100
	fi
	for p in "${args[@]:1}"; do
		echo "Setting up $p ..."
		echo "$p" >>"$FAKE/installed"
		case "$p" in
		linux-headers-*-amd64)
			v=${p#linux-headers-}
			echo "Setting up linux-image-$v ..."
			printf '%s\n' "linux-image-$v" initramfs-tools >>"$FAKE/installed"
			;;
		esac
	done
	exit 0
	;;
download)
	p=${args[1]%%=*}
	v=${args[1]#*=}
	echo "partial" >"${p}_${v}_amd64.deb"
	if [ -e "$FAKE/block-apt-get" ]; then
		: >"$FAKE/started-apt-get"
		sleep 300
	fi
	if [ -f "$FAKE/debs/${p}_$v.deb" ]; then
		cp "$FAKE/debs/${p}_$v.deb" "${p}_${v}_amd64.deb"
		exit 0
	fi
	rm -f "${p}_${v}_amd64.deb"
	echo "E: Failed to fetch ${p}_${v}_amd64.deb  404  Not Found"
	exit 100
	;;
esac
echo "apt-get shim: $*" >&2
exit 100
EOF

cat >"$BIN/tar" <<'EOF'
#!/bin/bash
# The real tar, then, when asked, a wait for the kill with the tree
# unpacked (tar -C DIR) but not yet made visible.
echo "tar $*" >>"$FAKE/calls"
"$REAL_TAR" "$@" || exit
if [ -e "$FAKE/block-tar" ] && [ "$1" = -C ]; then
	: >"$FAKE/started-tar"
	sleep 300
fi
EOF

# make for the UML kernel build: configuration targets write a .config,
# the build writes objects, then (unless blocked) the kernel and its
# Module.symvers.  Other uses go to the real make.
cat >"$BIN/make" <<'EOF'
#!/bin/bash
out= target=
for a in "$@"; do
	case "$a" in
	O=*) out=${a#O=} ;;
	ARCH=um) ;;
	defconfig | olddefconfig) target=$a ;;
	esac
done
case " $* " in
*" ARCH=um "*) ;;
*) exec "$REAL_MAKE" "$@" ;;
esac
echo "make ${target:-build}" >>"$FAKE/calls"
case "$target" in
defconfig) echo "CONFIG_UML=y" >"$out/.config"; exit 0 ;;
olddefconfig) exit 0 ;;
esac
echo "  CC      arch/um/kernel/process.o"
: >"$out/process.o"
if [ -e "$FAKE/block-make" ]; then
	: >"$FAKE/started-make"
	sleep 300
fi
printf '#!/bin/sh\n' >"$out/linux"
chmod +x "$out/linux"
: >"$out/Module.symvers"
EOF

cat >"$BIN/id" <<'EOF'
#!/bin/sh
# Root, unless the test says otherwise.
if [ "$1" = -u ]; then
	cat "$FAKE/uid" 2>/dev/null || echo 0
	exit 0
fi
exec /usr/bin/id "$@"
EOF

chmod +x "$BIN"/* || exit 1

# A linux-source-6.12 tarball with just what set-up touches: the top
# Makefile, merge_config.sh (which appends the fragment), and, for each
# file kunit/uml/patches changes, that file as the patches expect it
# (the context and removed lines of their hunks, in order).
make_fake_source () {
	tree=$TRASH_DIRECTORY/fake-src/linux-source-6.12
	mkdir -p "$tree/scripts/kconfig" &&
	echo "VERSION = 6" >"$tree/Makefile" &&
	cat >"$tree/scripts/kconfig/merge_config.sh" <<-'EOF' &&
		#!/bin/sh
		# merge_config.sh -m -O DIR BASE FRAGMENT
		cat "$5" >>"$4"
	EOF
	chmod +x "$tree/scripts/kconfig/merge_config.sh" &&
	for p in "$top"/kunit/uml/patches/*.patch
	do
		test -f "$p" || continue
		awk -v tree="$tree" '
			/^--- a\// { file = tree "/" substr($2, 3); hunk = 0
				     system("mkdir -p \"$(dirname \"" file "\")\""); next }
			/^\+\+\+ / { next }
			/^@@ / { hunk = 1; next }
			hunk && /^[ -]/ { print substr($0, 2) >> file }
			hunk && /^[^ +-]/ { hunk = 0 }
		' "$p" || return 1
	done &&
	"$REAL_TAR" -C "$TRASH_DIRECTORY/fake-src" -cJf "$FAKE/linux-source-6.12.tar.xz" \
		linux-source-6.12
}
make_fake_source || BUG "cannot make the fake linux-source-6.12"
