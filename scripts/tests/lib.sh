# SPDX-License-Identifier: GPL-2.0
#
# Shared by the set-up tests: TAP output, a scratch directory, and shims
# that stand in for Debian's package tools so the real scripts/fixport-setup
# can be driven through a fresh machine's paths offline, without root's
# real apt and without touching the real cache.
#
# The shims keep their state in $FAKE:
#   lists        package names `apt-cache pkgnames` offers
#   lists.update the names offered once `apt-get update` has run (optional)
#   installed    installed packages, one per line
#   calls        every apt-get call, one line each ("install PKG...")
#   install-fail how many `apt-get install` calls fail before one succeeds
#   block-PROG   when present, the PROG shim (tar, make, apt-get download)
#                does part of its work, creates started-PROG and waits to
#                be killed
# and "install" it into $FAKE_USR_SRC, which fixport-setup reads as
# /usr/src (FIXPORT_USR_SRC).

top=$(cd "$(dirname "$0")/../.." && pwd)
setup=$top/scripts/fixport-setup
test_count=0
test_failed=0

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/fixport-setup-test.XXXXXX") || exit 1
trap 'test -n "${FIXPORT_TEST_KEEP:-}" || rm -rf "$TRASH"' EXIT

FAKE=$TRASH/fake
FAKE_USR_SRC=$TRASH/usr/src
BIN=$TRASH/bin
REAL_TAR=$(command -v tar)
REAL_MAKE=$(command -v make)
mkdir -p "$FAKE" "$FAKE_USR_SRC" "$BIN" "$TRASH/home"
: >"$FAKE/installed"
: >"$FAKE/calls"
: >"$FAKE/lists"

# A fresh machine: no cache directory nor its parent, an empty home.
HOME=$TRASH/home
XDG_CACHE_HOME=$TRASH/no/such/dir/cache
CACHE=$XDG_CACHE_HOME/drm-fixport
FIXPORT_USR_SRC=$FAKE_USR_SRC
PATH=$BIN:$PATH
export HOME XDG_CACHE_HOME FIXPORT_USR_SRC PATH FAKE FAKE_USR_SRC REAL_TAR REAL_MAKE
unset DEBIAN_FRONTEND FIXPORT_KVER FIXPORT_BUILD

# Wait for the shim named $1 to signal that it has started blocking.
wait_started() {
	local i

	for i in $(seq 100); do
		[ -e "$FAKE/started-$1" ] && return 0
		sleep 0.1
	done
	echo "the $1 shim never started" >&2
	return 1
}

# run_killed PROG ARGS...: run ARGS in a session of its own until the PROG
# shim blocks, then kill the whole session, as an interrupt would.
run_killed() {
	local prog=$1 pid

	shift
	: >"$FAKE/block-$prog"
	rm -f "$FAKE/started-$prog"
	setsid "$@" >"$TRASH/killed.out" 2>&1 &
	pid=$!
	wait_started "$prog" || { kill -KILL -- "-$pid" 2>/dev/null; return 1; }
	kill -KILL -- "-$pid"
	wait "$pid" 2>/dev/null
	rm -f "$FAKE/block-$prog" "$FAKE/started-$prog"
	return 0
}

# Every package fixport-setup is expected to want, as the lists say.
wanted_packages() {
	sed 's/#.*//; s/[[:space:]]//g; /^$/d' "$top/scripts/debian-packages" \
		"$top"/scripts/*/debian-packages
}

count_calls() {
	grep -c "^$1\\b" "$FAKE/calls" || true
}

test_expect_success() {
	test_count=$((test_count + 1))
	if (set -e; eval "$2") >"$TRASH/.out" 2>&1; then
		echo "ok $test_count - $1"
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1"
		sed 's/^/#   /' "$TRASH/.out"
	fi
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
}

# The shims.  Each records what it was asked and answers from $FAKE.
cat >"$BIN/dpkg-query" <<'EOF'
#!/bin/bash
# dpkg-query -W -f=FORMAT PACKAGE
fmt= pkg=
for a in "$@"; do
	case "$a" in
	-f=*) fmt=${a#-f=} ;;
	-*) ;;
	*) pkg=$a ;;
	esac
done
if ! grep -qxF "$pkg" "$FAKE/installed"; then
	echo "dpkg-query: no packages found matching $pkg" >&2
	exit 1
fi
case "$fmt" in
*Status*) printf 'install ok installed' ;;
*Version*) printf '%s' "$(cat "$FAKE/version-$pkg" 2>/dev/null || echo 1.0-1)" ;;
esac
EOF

cat >"$BIN/apt-cache" <<'EOF'
#!/bin/bash
case "$1" in
pkgnames) grep "^${2:-}" "$FAKE/lists" ;;
madison)
	for v in $(cat "$FAKE/madison-$2" 2>/dev/null); do
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
	[ -f "$FAKE/lists.update" ] && cp "$FAKE/lists.update" "$FAKE/lists"
	exit 0
	;;
install)
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
		linux-source-6.12)
			cp "$FAKE/linux-source-6.12.tar.xz" "$FAKE_USR_SRC/" 2>/dev/null
			;;
		linux-headers-*-amd64)
			mkdir -p "$FAKE_USR_SRC/$p"
			echo "# $p" >"$FAKE_USR_SRC/$p/Makefile"
			;;
		esac
	done
	exit 0
	;;
download)
	p=${args[1]%%=*}
	v=${args[1]#*=}
	echo "partial" >"${p}_${v}_all.deb"
	if [ -e "$FAKE/block-apt-get" ]; then
		: >"$FAKE/started-apt-get"
		sleep 300
	fi
	exit 100
	;;
esac
echo "apt-get shim: $*" >&2
exit 100
EOF

cat >"$BIN/tar" <<'EOF'
#!/bin/bash
# The real tar, then, when asked, a wait for the kill with the tree
# unpacked but not yet made visible.
echo "tar $*" >>"$FAKE/calls"
"$REAL_TAR" "$@" || exit
if [ -e "$FAKE/block-tar" ]; then
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
[ "$1" = -u ] && { cat "$FAKE/uid" 2>/dev/null || echo 0; exit 0; }
exec /usr/bin/id "$@"
EOF

chmod +x "$BIN"/*

# A linux-source-6.12 tarball with just what set-up touches: the top
# Makefile, merge_config.sh (which appends the fragment), and, for each
# file kunit/uml/patches changes, that file as the patches expect it
# (the context and removed lines of their hunks, in order).
make_fake_source() {
	local tree=$TRASH/fake-src/linux-source-6.12 p

	mkdir -p "$tree/scripts/kconfig"
	echo "VERSION = 6" >"$tree/Makefile"
	cat >"$tree/scripts/kconfig/merge_config.sh" <<-'EOF'
		#!/bin/sh
		# merge_config.sh -m -O DIR BASE FRAGMENT
		cat "$5" >>"$4"
	EOF
	chmod +x "$tree/scripts/kconfig/merge_config.sh"
	for p in "$top"/kunit/uml/patches/*.patch; do
		[ -f "$p" ] || continue
		awk -v tree="$tree" '
			/^--- a\// { file = tree "/" substr($2, 3); hunk = 0
				     system("mkdir -p \"$(dirname \"" file "\")\""); next }
			/^\+\+\+ / { next }
			/^@@ / { hunk = 1; next }
			hunk && /^[ -]/ { print substr($0, 2) >> file }
			hunk && /^[^ +-]/ { hunk = 0 }
		' "$p"
	done
	"$REAL_TAR" -C "$TRASH/fake-src" -cJf "$FAKE/linux-source-6.12.tar.xz" linux-source-6.12
	echo "6.12.118-1~deb12u1" >"$FAKE/version-linux-source-6.12"
}
make_fake_source
