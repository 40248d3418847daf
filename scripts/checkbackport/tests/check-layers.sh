#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-layers.sh SRCDIR BUILDDIR: prove that the sources keep to their
# layers, as the Makefile declares them (make print-layers: one line per
# layer, "NAME|USES|LIBS|PRIVATE|SRCS").  Prints one line per violation
# and exits 1 if there is any:
#
#  - a file of a layer's folder includes a header of a folder that is
#    not its own nor one of the layers it uses, a header of its own
#    folder by a path, or another folder's private header (NAME-priv.h)
#    that the layer's PRIVATE does not list;
#  - it includes a library's header (git2.h, sqlite3.h, json-c/) that
#    its layer's LIBS do not name;
#  - a C file or header anywhere outside store/ (the programs' own files,
#    builtin/, tests/, fuzz/ and bench/ too) includes sqlite3.h or names
#    a sqlite3_* function followed by "(", in code or comment: every line
#    of SQL is the store's, whatever a layer links;
#  - a header of a folder (a layer's, builtin/'s or the top folder's)
#    declares a function or variable that the folder's own objects do
#    not define: a declaration belongs in the header of the folder that
#    defines it, so that including a header says which layer is reached
#    (a folder whose objects BUILDDIR lacks is not checked);
#  - a C file of a layer's folder is not among its SRCS (it would not be
#    built);
#  - a layer's archive, linked whole (every file of it) with a main()
#    that does nothing, against only the archives of the layers it uses
#    and the LIBS of all these, leaves a symbol undefined: one of its
#    files calls up or sideways;
#  - a layer uses one that is not listed before it (the layers would
#    not be a stack), or two files of a layer call each other, directly
#    or through others of the layer (nm of the archive's members).
#
# The archives are linked with the compiler and flags of the build
# (BUILDDIR/cflags), so that a build with sanitizers links too.
#
# CBP_LAYERS_MEMO=DIR: remember there which archives passed the checks
# of calls and links, by their content, the flags, the libraries'
# versions and this script's own text, and do not check them again
# (t5050 checks copies of the sources against the same archives, run
# after run, and a link costs more than the rest of this script) for a
# week.  Only passes are remembered: a failure is always found afresh.

src=${1:?usage: check-layers.sh SRCDIR BUILDDIR}
build=${2:?usage: check-layers.sh SRCDIR BUILDDIR}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cbp-layers.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

make -s --no-print-directory -C "$src" print-layers >"$tmp/table" ||
	exit 2
test -s "$tmp/table" || { echo "check-layers: no layers" >&2; exit 2; }
cc=$(cat "$build/cflags") || exit 2
# The symbols of every archive and object, read once ("FILE[MEMBER]: NAME
# TYPE ..." or "FILE: NAME TYPE ..."): each nm costs its start-up, most
# of what it does here.  (The programs' objects may not all be built.)
nm -A -P "$build"/lib*.a "$build"/builtin/*.o "$build"/*.o >"$tmp/nm" 2>/dev/null
memo=${CBP_LAYERS_MEMO:-}
if test -n "$memo"
then
	# Another check-layers.sh, or another libgit2, sqlite3 or json-c,
	# may judge the same archives otherwise: a folder for each.
	# shellcheck disable=SC2086 # one package per word
	memo_libs=$(cut -d"|" -f3 "$tmp/table" | tr " " "\n" | sort -u) &&
	vers=$($PKG_CONFIG --modversion $memo_libs) &&
	key=$( (cat "$0" && echo "$memo_libs" "$vers") | sha1sum) &&
	memo=$memo/${key%% *} &&
	mkdir -p "$memo" &&
	# Each change of the sources adds passes: a week's are kept, those
	# still true are made again by a link.
	find "$memo" -type f -mtime +7 -exec rm -f {} + &&
	sums=$(cd "$build" && sha1sum lib*.a) || exit 2
	# sum_NAME: the content's hash of BUILDDIR/libNAME.a, in a variable
	# (a command substitution per use was most of this script's forks).
	# shellcheck disable=SC2034 # read by the eval
	while read -r sum file
	do
		file=${file#lib}
		eval "sum_${file%.a}=\$sum"
	done <<-EOF
	$sums
	EOF
fi

# memo_has KEY / memo_add KEY: whether a pass of KEY is remembered;
# remember one.  Without CBP_LAYERS_MEMO, nothing is.
memo_has () {
	test -n "$memo" && test -f "$memo/$1"
}

memo_add () {
	test -z "$memo" || : >"$memo/$1"
}

# The empty main() the archives are linked with, made once.
main_o () {
	test -f "$tmp/main.o" && return 0
	printf 'int main(void)\n{\n\treturn 0;\n}\n' >"$tmp/main.c" &&
	$cc -c -o "$tmp/main.o" "$tmp/main.c"
}

# own_decls DIR LABEL OBJECT...: every header of SRCDIR/DIR declares only
# what the OBJECTs (DIR's own, in BUILDDIR) define.  A declaration is a
# function or variable at file scope (static inline functions, typedefs
# and macros are no declarations of anything defined elsewhere).  One
# nm and one awk a folder: a process per header cost most of the script.
own_decls () {
	dir=$1
	label=$2
	shift 2
	test $# -gt 0 || return 0
	for o in "$@"
	do
		test -f "$o" || return 0
	done
	objs=$(printf '%s\n' "$@")
	set -- "$dir"/*.h
	test -f "$1" || return 0
	awk -v skip=$((${#src} + 1)) -v label="$label" -v nm="$tmp/nm" \
	    -v objs="$objs" '
		BEGIN {
			n = split(objs, o, "\n")
			for (i = 1; i <= n; i++)
				ours[o[i]] = 1
			while ((getline l <nm) > 0) {
				file = substr(l, 1, index(l, ": ") - 1)
				sub(/\[[^]]*\]$/, "", file)
				split(substr(l, length(file) + 1), f, " ")
				if ((file in ours) && f[3] ~ /^[A-TV-Z]$/)
					def[f[2]] = 1
			}
		}
		/^[ \t]/ || /^$/ || /^#/ || /^\// || /^\*/ || /^}/ { next }
		/^(static|typedef|union|(struct|enum) [a-z_0-9]+ \{)/ { next }
		{
			line = $0
			if (line ~ /^extern /) {
				sub(/[[;].*/, "", line)
			} else {
				p = index(line, "(")
				if (!p)
					next
				line = substr(line, 1, p - 1)
			}
			n = split(line, w, /[ *]+/)
			if (n && w[n] != "" && w[n] !~ /^_/ && !(w[n] in def))
				print substr(FILENAME, skip + 1) ": declares " \
				      w[n] ", not defined in " label
		}
	' "$@" | sort -u >>"$tmp/decls"
}

bad=0
below=
: >"$tmp/decls"
while IFS='|' read -r name uses libs private srcs
do
	for u in $uses
	do
		case " $below " in
		*" $u "*) ;;
		*)	echo "$name: uses $u, which is not below it"
			bad=1 ;;
		esac
	done
	below="$below $name"

	# Calls between the archive's members: a cycle is a pair of files
	# each reaching the other.
	key=
	test -z "$memo" || eval "key=calls-\$sum_$name"
	if memo_has "$key"
	then
		:
	elif awk -v lib="lib$name.a" -v path="$build/lib$name.a[" '
		substr($0, 1, length(path)) == path {
			m = substr($1, length(path) + 1)
			sub(/\]:$/, "", m)
			if (!(m in seen)) {
				seen[m] = 1
				mem[++n] = m
			}
			if ($3 == "U")
				use[m, $2] = 1
			else if ($3 ~ /^[TDBRC]$/)
				def[$2] = m
		}
		END {
			for (k in use) {
				split(k, q, SUBSEP)
				if ((q[2] in def) && def[q[2]] != q[1])
					r[q[1], def[q[2]]] = 1
			}
			for (k = 1; k <= n; k++)
				for (i = 1; i <= n; i++)
					for (j = 1; j <= n; j++)
						if (r[mem[i], mem[k]] && r[mem[k], mem[j]])
							r[mem[i], mem[j]] = 1
			for (i = 1; i <= n; i++)
				for (j = i + 1; j <= n; j++)
					if (r[mem[i], mem[j]] && r[mem[j], mem[i]]) {
						print lib ": " mem[i] " and " mem[j] \
						      " call each other"
						bad = 1
					}
			exit bad
		}
	' "$tmp/nm"
	then
		memo_add "$key"
	else
		bad=1
	fi

	# Includes, one "FILE HEADER" per line, with <> or "" kept: one
	# awk for the folder (a process per file or per header is most of
	# the cost of this script, which t5050 runs a dozen times).
	awk -v skip=$((${#src} + 1)) '
		match($0, /^#[ \t]*include[ \t]*[<"][^>"]*[>"]/) {
			h = substr($0, 1, RLENGTH)
			sub(/^#[ \t]*include[ \t]*/, "", h)
			print substr(FILENAME, skip + 1) " " h
		}
	' "$src/$name"/*.[ch] >"$tmp/includes" || exit 2
	# The folder's files, which a bare "header.h" must be one of.
	for f in "$src/$name"/*
	do
		test -f "$f" && printf '%s\n' "${f##*/}"
	done >"$tmp/files"
	awk -v name="$name" -v uses="$uses" -v libs="$libs" \
	    -v private="$private" -v files="$tmp/files" '
		BEGIN {
			n = split(uses, u, " ")
			for (i = 1; i <= n; i++)
				ok[u[i]] = 1
			n = split(libs, l, " ")
			for (i = 1; i <= n; i++)
				lib[l[i]] = 1
			n = split(private, p, " ")
			for (i = 1; i <= n; i++)
				priv[p[i]] = 1
			while ((getline f <files) > 0)
				here[f] = 1
		}
		function fail(msg) {
			print $1 ": " msg
			bad = 1
		}
		$2 ~ /^</ {
			h = substr($2, 2, length($2) - 2)
			need = ""
			if (h == "git2.h" || h ~ /^git2\//)
				need = "libgit2"
			else if (h == "sqlite3.h" && name == "store")
				need = "sqlite3"
			else if (h ~ /^json-c\//)
				need = "json-c"
			if (need != "" && !(need in lib))
				fail("includes <" h ">: " name "/ does not link " need)
			next
		}
		{
			h = substr($2, 2, length($2) - 2)
			if (h !~ /\//) {
				if (!(h in here))
					fail("includes \"" h "\": not in " name "/")
				next
			}
			d = h
			sub(/\/.*/, "", d)
			if (d == name)
				fail("includes \"" h "\" by a path, in its own folder")
			else if (!(d in ok))
				fail("includes \"" h "\": " name "/ does not use " d "/")
			else if (h ~ /-priv\.h$/ && !(h in priv))
				fail("includes \"" h "\": private to " d "/")
		}
		END { exit bad }
	' "$tmp/includes" || bad=1

	own_decls "$src/$name" "$name/" "$build/lib$name.a"

	# Every C file of the folder is built.
	for f in "$src/$name"/*.c
	do
		case " $srcs " in
		*" ${f##*/} "*) ;;
		*)	echo "${f#"$src"/}: not built: not in ${name}_SRCS"
			bad=1 ;;
		esac
	done

	# The archive whole, against what the layer may use.  The table
	# lists the lower layers first, so their libraries are known.
	eval "libs_$name=\$libs"
	set --
	all=
	key=
	test -z "$memo" || eval "key=\$sum_$name"
	# (none known of a layer wrongly used from below)
	for p in $libs $(for u in $uses; do eval "echo \${libs_$u-}"; done)
	do
		case " $all " in
		*" $p "*) ;;
		*) all="$all $p" ;;
		esac
	done
	for u in $uses
	do
		set -- "$@" "$build/lib$u.a"
		test -z "$memo" || eval "key=\"\$key \$sum_$u\""
	done
	flags=
	# shellcheck disable=SC2086 # one package per word
	test -z "$all" || flags=$($PKG_CONFIG --libs $all) || exit 2
	if test -n "$memo"
	then
		key=$(printf '%s\n' "$cc" "$key" "$flags" | sha1sum) &&
		key=link-${key%% *}
	fi
	memo_has "$key" && continue
	main_o || exit 2
	# shellcheck disable=SC2086 # cc and flags are lists
	if $cc -o "$tmp/$name" "$tmp/main.o" \
		-Wl,--whole-archive "$build/lib$name.a" -Wl,--no-whole-archive \
		"$@" $flags -pthread >"$tmp/ld" 2>&1
	then
		memo_add "$key"
	else
		echo "lib$name.a: does not link against ${uses:-no layer}" \
		     "and ${libs:-no library}:"
		grep -e 'undefined reference' -e 'cannot find' "$tmp/ld" |
			sed 's/^[^ ]*: //' | sort -u
		bad=1
	fi
done <"$tmp/table"

# The commands and the programs' own files declare theirs too.
# shellcheck disable=SC2046 # one object per word
own_decls "$src/builtin" "builtin/" $(ls "$build"/builtin/*.o 2>/dev/null)
# shellcheck disable=SC2046
own_decls "$src" "the programs' own files" \
	$(for f in "$src"/*.c
	  do
		f=${f##*/}
		echo "$build/${f%.c}.o"
	  done)
if test -s "$tmp/decls"
then
	cat "$tmp/decls"
	bad=1
fi

# SQL is the store's.  (Other layers' sqlite3.h includes are this rule's.)
# One grep over every file: one per file cost more than the rest of the
# script together.
find "$src" \( -path "$src/build" -o -path "$src/store" \) -prune -o \
	-type f \( -name '*.c' -o -name '*.h' \) -print0 | sort -z |
	xargs -0 -r grep -H -n -o \
		-e '^[ \t]*#[ \t]*include[ \t]*<sqlite3\.h>' \
		-e 'sqlite3_[A-Za-z0-9_]*[ \t]*(' |
	awk -v skip=$((${#src} + 1)) '
		{
			# FILE:LINE:MATCH; no source path has a colon.
			i = index($0, ":")
			name = substr($0, skip + 1, i - skip - 1)
			rest = substr($0, i + 1)
			j = index(rest, ":")
			line = substr(rest, 1, j - 1)
			what = substr(rest, j + 1)
			if (what ~ /include/) {
				print name ": includes <sqlite3.h>: only store/ may"
				next
			}
			sub(/[ \t]*\($/, "", what)
			print name ":" line ": calls " what "(): only store/ may"
		}
	' >"$tmp/sql"
if test -s "$tmp/sql"
then
	cat "$tmp/sql"
	bad=1
fi
exit "$bad"
