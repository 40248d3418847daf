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

# The first check links every archive; the next ones link only those a
# test changed (the archives that passed are remembered by content).
check_layers () {
	CBP_LAYERS_MEMO=$TRASH/layers-memo \
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

test_expect_success 'the manual draws every file in its layer' '
	sed -n "/^Internals\$/,/^\`\`report\/\`\` is/p" \
		"$CBP_DIR/../../Documentation/checkbackport.rst" >picture &&
	test_line_count -gt 30 picture &&
	for f in "$CBP_DIR"/*/*.c
	do
		l=${f%/*} && l=${l##*/} &&
		case $l in tests|fuzz|bench|build) continue ;; esac &&
		drawn "$l" "${f##*/}" ||
		{ echo "$l/${f##*/} not drawn in $l/" && return 1; }
	done &&
	! drawn base cmd-git.c && ! drawn check report.c
'

test_expect_success 'set up a copy of the sources' '
	mkdir src && cp "$CBP_DIR/Makefile" src/ &&
	for l in $LAYERS
	do
		cp -R "$CBP_DIR/$l" src/ || return 1
	done &&
	check_layers src "$CBP_DIR/build" >out &&
	test_must_be_empty out
'

# break FILE LINE: check the copy with LINE added at the end of FILE
# (restored afterwards); it must fail, its report in ../out.
break_layers () {
	cp "src/$1" saved &&
	echo "$2" >>"src/$1" &&
	test_expect_code 1 check_layers src "$CBP_DIR/build" >out
	status=$?
	mv saved "src/$1" &&
	return $status
}

test_expect_success 'a header of a layer above is refused' '
	break_layers base/diff.c "#include \"store/store.h\"" &&
	echo "base/diff.c: includes \"store/store.h\": base/ does not use store/" >expect &&
	test_cmp expect out
'

test_expect_success 'a header of a layer beside is refused' '
	break_layers git/git-odb.c "#include \"store/store.h\"" &&
	echo "git/git-odb.c: includes \"store/store.h\": git/ does not use store/" >expect &&
	test_cmp expect out
'

test_expect_success 'another folder'"'"'s private header is refused' '
	break_layers check/check.c "#include \"git/git-priv.h\"" &&
	echo "check/check.c: includes \"git/git-priv.h\": private to git/" >expect &&
	test_cmp expect out
'

test_expect_success 'a header of another folder included bare is refused' '
	break_layers report/report.c "#include \"store-priv.h\"" &&
	echo "report/report.c: includes \"store-priv.h\": not in report/" >expect &&
	test_cmp expect out
'

test_expect_success 'a library the layer does not link is refused' '
	break_layers store/store.c "#include <git2.h>" &&
	echo "store/store.c: includes <git2.h>: store/ does not link libgit2" >expect &&
	test_cmp expect out
'

test_expect_success 'a file of a layer that is not built is refused' '
	echo "int cbp_unbuilt;" >src/tree/tree-unbuilt.c &&
	test_expect_code 1 check_layers src "$CBP_DIR/build" >out &&
	rm src/tree/tree-unbuilt.c &&
	echo "tree/tree-unbuilt.c: not built: not in tree_SRCS" >expect &&
	test_cmp expect out
'

# A command's function declared in the command layer's header, as
# report/cbp.h once declared them all.
test_expect_success 'a header declaring what a layer above defines is refused' '
	break_layers report/cbp.h "int cmd_index(struct cbp_ctx *ctx);" &&
	echo "report/cbp.h: declares cmd_index, not defined in report/" >expect &&
	test_cmp expect out
'

test_expect_success 'a header declaring a variable defined above is refused' '
	break_layers store/store.h \
		"extern const struct cbp_git_ops cbp_git_ops;" &&
	echo "store/store.h: declares cbp_git_ops, not defined in store/" >expect &&
	test_cmp expect out
'

# SQL is the store's alone, whatever a layer links and wherever the file.
test_expect_success 'a call of SQLite outside the store is refused' '
	n=$(($(wc -l <src/indexer/build-gc.c) + 1)) &&
	break_layers indexer/build-gc.c \
		"	sqlite3_exec(db, \"DELETE FROM refs\", NULL, NULL, NULL);" &&
	echo "indexer/build-gc.c:$n: calls sqlite3_exec(): only store/ may" >expect &&
	test_cmp expect out
'

test_expect_success 'sqlite3.h outside the store is refused, even linked' '
	cp src/Makefile Makefile.saved &&
	sed "s/^check_LIBS.*/check_LIBS	:= json-c sqlite3/" Makefile.saved >src/Makefile &&
	break_layers check/check.c "#include <sqlite3.h>" &&
	mv Makefile.saved src/Makefile &&
	echo "check/check.c: includes <sqlite3.h>: only store/ may" >expect &&
	test_cmp expect out
'

test_expect_success 'a program file calling SQLite is refused' '
	cp "$CBP_DIR/checkbackport.c" src/ &&
	break_layers checkbackport.c "	puts(sqlite3_libversion ());" &&
	rm src/checkbackport.c &&
	n=$(($(wc -l <"$CBP_DIR/checkbackport.c") + 1)) &&
	echo "checkbackport.c:$n: calls sqlite3_libversion(): only store/ may" >expect &&
	test_cmp expect out
'

# A call from base into the store: base/up.c added to a copy of the
# archives, calling a function of store-query.c.
test_expect_success 'a call into a layer above does not link' '
	mkdir build && cp "$CBP_DIR"/build/lib*.a "$CBP_DIR/build/cflags" build/ &&
	printf "%s\n" "void cbp_resolve_id(void);" "void cbp_up(void);" \
		"void cbp_up(void)" "{" "	cbp_resolve_id();" "}" >up.c &&
	$(cat build/cflags) -c -o up.o up.c &&
	ar rs build/libbase.a up.o 2>/dev/null &&
	test_expect_code 1 check_layers "$CBP_DIR" build >out &&
	grep "^libbase.a: does not link against no layer and no library:" out &&
	grep "undefined reference to .cbp_resolve_id" out
'

test_expect_success 'a call into a layer beside does not link' '
	cp "$CBP_DIR/build/libbase.a" build/ &&
	ar rs build/libgit.a up.o 2>/dev/null &&
	test_expect_code 1 check_layers "$CBP_DIR" build >out &&
	grep "^libgit.a: does not link against base and libgit2:" out &&
	grep "undefined reference to .cbp_resolve_id" out
'

# Two files of the tree layer, each calling the other.
test_expect_success 'two files of a layer calling each other are refused' '
	cp "$CBP_DIR/build/libgit.a" build/ &&
	printf "%s\n" "void cbp_cyc_b(void);" "void cbp_cyc_a(void);" \
		"void cbp_cyc_a(void)" "{" "	cbp_cyc_b();" "}" >cyc-a.c &&
	printf "%s\n" "void cbp_cyc_a(void);" "void cbp_cyc_b(void);" \
		"void cbp_cyc_b(void)" "{" "	cbp_cyc_a();" "}" >cyc-b.c &&
	$(cat build/cflags) -c -o cyc-a.o cyc-a.c &&
	$(cat build/cflags) -c -o cyc-b.o cyc-b.c &&
	ar rs build/libtree.a cyc-a.o cyc-b.o 2>/dev/null &&
	test_expect_code 1 check_layers "$CBP_DIR" build >out &&
	echo "libtree.a: cyc-a.o and cyc-b.o call each other" >expect &&
	test_cmp expect out
'

test_expect_success 'a layer using one above it is refused' '
	sed "s/^store_USES.*/store_USES	:= base git/" src/Makefile >Makefile.new &&
	mv Makefile.new src/Makefile &&
	test_expect_code 1 check_layers src "$CBP_DIR/build" >out &&
	grep "^store: uses git, which is not below it$" out
'

test_done
