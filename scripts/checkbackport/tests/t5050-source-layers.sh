#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The sources keep to their layers (tests/check-layers.sh over the
# Makefile's table of layers): no file includes a header of a layer
# above or beside its own, another folder's private header or a library
# its layer does not link, every file of a layer is built, each layer's
# archive links whole against the layers below it alone, and no two
# files of a layer call each other; every function or variable a header
# declares is defined in the header's own folder; and no file outside
# store/ includes sqlite3.h or calls SQLite.  Each kind of violation, made in a copy, is
# caught and named.

. "$(dirname "$0")/lib-checkbackport.sh"

LAYERS="base store git tree indexer report check"

# The archives that passed are remembered by content: a check links
# only those not seen to pass before, in this script or, where the
# suite keeps its fixtures, in an earlier run (after a change to one
# file, the archives it is in and those linked with them).
check_layers () {
	CBP_LAYERS_MEMO=${CBP_FIXTURES:-$TRASH}/layers-memo \
		sh "$CBP_DIR/tests/check-layers.sh" "$@"
}

test_expect_success 'the sources keep to their layers' '
	check_layers "$CBP_DIR" "$CBP_DIR/build" >out &&
	test_must_be_empty out
'

# drawn FOLDER FILE: the picture of the layers in "Internals" (./picture)
# names FILE in a box whose rows are labelled FOLDER/.
drawn () {
	awk -v l="$1/" -v f="$2" '
		/^ *\+/ { box++; next }
		/^    [a-z]/ {
			n = split($1, w, ",")
			for (i = 1; i <= n; i++)
				if (w[i] == l)
					label[box] = 1
		}
		{
			n = split($0, w, /[ |]+/)
			for (i = 1; i <= n; i++)
				if (w[i] == f)
					has[box] = 1
		}
		END {
			for (b in has)
				if (b in label)
					exit 0
			exit 1
		}
	' picture
}

# drawn_all <PAIRS: drawn FOLDER FILE for each line "FOLDER FILE" of
# the input, in one awk (not one a file: 85 of them); the first not
# drawn is said, and fails it.
drawn_all () {
	awk '
		BEGIN { box = 0 }
		FNR == NR && /^ *\+/ { box++; next }
		FNR == NR && /^    [a-z]/ {
			n = split($1, w, ",")
			for (i = 1; i <= n; i++)
				label[box, w[i]] = 1
		}
		FNR == NR {
			n = split($0, w, /[ |]+/)
			for (i = 1; i <= n; i++)
				has[box, w[i]] = 1
			next
		}
		{
			for (b = 0; b <= box; b++)
				if (((b, $1 "/") in label) && ((b, $2) in has))
					next
			print $1 "/" $2 " not drawn in " $1 "/"
			exit 1
		}
	' picture -
}

test_expect_success 'the manual draws every file in its layer' '
	sed -n "/^Internals\$/,/^\`\`report\/\`\` is/p" \
		"$CBP_DIR/../../Documentation/checkbackport.rst" >picture &&
	test_line_count -gt 30 picture &&
	for f in "$CBP_DIR"/*/*.c
	do
		l=${f%/*} && l=${l##*/} &&
		case $l in tests|fuzz|bench|build) continue ;; esac &&
		echo "$l ${f##*/}" || return 1
	done >pairs &&
	drawn_all <pairs &&
	! drawn base cmd-git.c && ! drawn check report.c
'

test_expect_success 'set up a copy of the sources' '
	mkdir src && cp "$CBP_DIR/Makefile" src/ &&
	for l in $LAYERS
	do
		cp -R "$CBP_DIR/$l" src/ || return 1
	done
'

# One violation of each rule is made in the copy, and the copy checked
# once: a check costs most of this script, and each rule's line must
# still be found, and nothing else (so the copy as it came, the sources
# the first point checked, need no check of its own).  refused LINE: check-layers named
# LINE (the output of that check is ../broken); each point adds its line
# to ../expect-all for the last one.
refused () {
	echo "$1" >>expect-all &&
	if ! grep -Fx -e "$1" broken >/dev/null
	then
		echo "not reported: $1" && cat broken && return 1
	fi
}

# break FILE LINE: add LINE at the end of FILE in the copy.
break_layers () {
	echo "$2" >>"src/$1"
}

test_expect_success 'set up: one violation of each rule in the copy' '
	wc -l <src/indexer/build-gc.c >gc-lines &&
	break_layers base/diff.c "#include \"store/store.h\"" &&
	break_layers git/git-odb.c "#include \"store/store.h\"" &&
	break_layers check/check.c "#include \"git/git-priv.h\"" &&
	break_layers report/report.c "#include \"store-priv.h\"" &&
	break_layers store/store.c "#include <git2.h>" &&
	echo "int cbp_unbuilt;" >src/tree/tree-unbuilt.c &&
	break_layers report/cbp.h "int cmd_index(struct cbp_ctx *ctx);" &&
	break_layers store/store.h \
		"extern const struct cbp_git_ops cbp_git_ops;" &&
	break_layers indexer/build-gc.c \
		"	sqlite3_exec(db, \"DELETE FROM refs\", NULL, NULL, NULL);" &&
	sed -e "s/^check_LIBS.*/check_LIBS	:= json-c sqlite3/" \
	    -e "s/^store_USES.*/store_USES	:= base git/" \
		src/Makefile >Makefile.new &&
	mv Makefile.new src/Makefile &&
	break_layers check/check.c "#include <sqlite3.h>" &&
	cp "$CBP_DIR/checkbackport.c" src/ &&
	break_layers checkbackport.c "	puts(sqlite3_libversion ());" &&
	: >expect-all &&
	test_expect_code 1 check_layers src "$CBP_DIR/build" >broken
'

test_expect_success 'a header of a layer above is refused' '
	refused "base/diff.c: includes \"store/store.h\": base/ does not use store/"
'

test_expect_success 'a header of a layer beside is refused' '
	refused "git/git-odb.c: includes \"store/store.h\": git/ does not use store/"
'

test_expect_success 'another folder'"'"'s private header is refused' '
	refused "check/check.c: includes \"git/git-priv.h\": private to git/"
'

test_expect_success 'a header of another folder included bare is refused' '
	refused "report/report.c: includes \"store-priv.h\": not in report/"
'

test_expect_success 'a library the layer does not link is refused' '
	refused "store/store.c: includes <git2.h>: store/ does not link libgit2"
'

test_expect_success 'a file of a layer that is not built is refused' '
	refused "tree/tree-unbuilt.c: not built: not in tree_SRCS"
'

# A command's function declared in the command layer's header, as
# report/cbp.h once declared them all.
test_expect_success 'a header declaring what a layer above defines is refused' '
	refused "report/cbp.h: declares cmd_index, not defined in report/"
'

test_expect_success 'a header declaring a variable defined above is refused' '
	refused "store/store.h: declares cbp_git_ops, not defined in store/"
'

# SQL is the store's alone, whatever a layer links and wherever the file.
test_expect_success 'a call of SQLite outside the store is refused' '
	n=$(($(cat gc-lines) + 1)) &&
	refused "indexer/build-gc.c:$n: calls sqlite3_exec(): only store/ may"
'

test_expect_success 'sqlite3.h outside the store is refused, even linked' '
	refused "check/check.c: includes <sqlite3.h>: only store/ may"
'

test_expect_success 'a program file calling SQLite is refused' '
	n=$(($(wc -l <"$CBP_DIR/checkbackport.c") + 1)) &&
	refused "checkbackport.c:$n: calls sqlite3_libversion(): only store/ may"
'

test_expect_success 'a layer using one above it is refused' '
	refused "store: uses git, which is not below it"
'

test_expect_success 'each violation is reported once, and nothing else' '
	test_line_count = 12 expect-all &&
	sort expect-all >expect && sort broken >actual &&
	test_cmp expect actual
'

# Calls that do not link or go round, in a copy of the archives: base/up.c
# calling a function of store-query.c added to libbase.a and to libgit.a
# (a call up, and one sideways), and two files of the tree layer calling
# each other.  The sources are the real ones: one check for the three.
test_expect_success 'set up: calls up, beside and round in the archives' '
	mkdir build && cp "$CBP_DIR"/build/lib*.a "$CBP_DIR/build/cflags" build/ &&
	printf "%s\n" "void cbp_resolve_id(void);" "void cbp_up(void);" \
		"void cbp_up(void)" "{" "	cbp_resolve_id();" "}" >up.c &&
	$(cat build/cflags) -c -o up.o up.c &&
	ar rs build/libbase.a up.o 2>/dev/null &&
	ar rs build/libgit.a up.o 2>/dev/null &&
	printf "%s\n" "void cbp_cyc_b(void);" "void cbp_cyc_a(void);" \
		"void cbp_cyc_a(void)" "{" "	cbp_cyc_b();" "}" >cyc-a.c &&
	printf "%s\n" "void cbp_cyc_a(void);" "void cbp_cyc_b(void);" \
		"void cbp_cyc_b(void)" "{" "	cbp_cyc_a();" "}" >cyc-b.c &&
	$(cat build/cflags) -c -o cyc-a.o cyc-a.c &&
	$(cat build/cflags) -c -o cyc-b.o cyc-b.c &&
	ar rs build/libtree.a cyc-a.o cyc-b.o 2>/dev/null &&
	test_expect_code 1 check_layers "$CBP_DIR" build >links
'

# linked LIB USES: the report that LIB does not link, naming the
# missing function.
linked () {
	sed -n "/^$1: does not link against $2:\$/,/^lib[a-z]*\\.a:/p" links |
		grep "undefined reference to .cbp_resolve_id"
}

test_expect_success 'a call into a layer above does not link' '
	grep "^libbase.a: does not link against no layer and no library:" links &&
	linked libbase.a "no layer and no library"
'

test_expect_success 'a call into a layer beside does not link' '
	grep "^libgit.a: does not link against base and libgit2 libdeflate:" links &&
	linked libgit.a "base and libgit2 libdeflate"
'

test_expect_success 'two files of a layer calling each other are refused' '
	grep -Fx "libtree.a: cyc-a.o and cyc-b.o call each other" links
'

# (grep -v selects no line: status 1.)
test_expect_success 'nothing else in the archives is reported' '
	test_expect_code 1 grep -v -e "^libbase.a: does not link" \
		-e "^libgit.a: does not link" \
		-e "^libtree.a: cyc-a.o and cyc-b.o call each other$" \
		-e "^undefined reference to .cbp_resolve_id.$" links
'

test_done
