#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check --tree: a series applied in order to a scratch copy of the
# Debian 6.12 tree: APPLY_FAILED (naming the hunk, with the lines it
# expected and the tree's), APPLIES_IN_REVERSE, APPLY_OFFSET, each firing
# and staying quiet; the tree itself untouched; a git worktree as the
# tree; bad trees refused.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"
. "$CBP_DIR/tests/lib-tree.sh"

F=drivers/gpu/drm/tiny/bochs.c

test_expect_success 'trees that cannot be used are refused' '
	mkdir notkernel && echo "all:" >notkernel/Makefile &&
	mkpatch p.patch "drm/x: y" "commit 1234567890ab upstream." &&
	test_expect_code 2 cbp check --tree notkernel --no-build p.patch 2>err &&
	cat err &&
	grep -q "is not a kernel source tree" err &&
	test_expect_code 2 cbp check --tree no/such/dir --no-build p.patch 2>err &&
	grep -q "no/such/dir" err &&
	mkdir -p fake/scripts &&
	printf "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 7\n" >fake/Makefile &&
	: >fake/scripts/Makefile.build &&
	CHECKBACKPORT_CACHE=$TRASH/fake/cache test_expect_code 2 \
		cbp check --tree fake --no-build p.patch 2>err &&
	grep -q "is inside the tree" err && ! test -e fake/cache/trees/*/src
'

test_expect_success 'a git worktree is a tree too, its .git left out' '
	git init -q wt && mkdir -p wt/scripts wt/drivers &&
	printf "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 7\nEXTRAVERSION =\n" \
		>wt/Makefile &&
	: >wt/scripts/Makefile.build &&
	printf "a\nb\nc\n" >wt/drivers/x.c &&
	(cd wt && git add . && git commit -q -m base &&
	 sed -i s/b/B/ drivers/x.c && git commit -q -a -m "drm/x: fix" &&
	 git format-patch -q --stdout -1 >../wt.patch &&
	 git reset -q --hard HEAD~1) &&
	CHECKBACKPORT_CACHE=$TRASH/cache cbp check --tree wt --no-build \
		wt.patch >out &&
	grep -q "^tree: .*/wt (Linux 6.12.7, a git worktree)" out &&
	grep -q "^tree: applied; nothing built" out &&
	grep -q "^b$" wt/drivers/x.c &&
	grep -q "^B$" cache/trees/linux-6.12.7-*/src/drivers/x.c &&
	! ls -d cache/trees/linux-6.12.7-*/src/.git 2>/dev/null
'

require_ktree

test_expect_success 'set up the patches from the Debian tree' '
	base_repo repo $F && cd repo && B=$(tip) &&
	patch_from $B ../fix.patch "drm/bochs: a smaller default height" $F \
		"s/^static int defy = 768;/static int defy = 600;/m" &&
	cp ../fix.patch ../fix-again.patch &&
	# the context of the second hunk is gone from the tree: the line
	# right above the change differs (fuzz cannot skip it)
	git checkout -q -b gone $B &&
	commit_edit "elsewhere" $F \
		"s/(\treturn;\n)\n(\twritel\(0x1e1e1e1e,)/\$1\t\/\* little endian \*\/\n\$2/" &&
	G=$(tip) && git checkout -q master &&
	patch_from $G ../gone.patch "drm/bochs: two hunks, one on gone context" $F \
		"s/\"default x resolution\"/\"default x resolution, pixels\"/; s/writel\(0x1e1e1e1e,/writel(0x1e1e1e1f,/" &&
	# lines added near the top move the change by 4 lines
	git checkout -q -b moved $B &&
	commit_edit "four lines" $F "s/\A(.*?\n)/\$1\/\*\n \* a\n \* b\n \*\/\n/" &&
	M=$(tip) && git checkout -q master &&
	patch_from $M ../moved.patch "drm/bochs: big endian" $F \
		"s/writel\(0xbebebebe,/writel(0xbebebebf,/" &&
	sha1sum "$KTREE/$F" >../tree.sum
'

# Outside any repository: only the tree is checked, apply only.
test_expect_success 'the series in order, apply only, without a repository' '
	test_expect_code 1 cbp check --terse --tree "$KTREE" --no-build \
		fix.patch fix-again.patch gone.patch moved.patch >out &&
	cat out &&
	test_expect_code 1 cbp check --tree "$KTREE" --no-build \
		fix.patch fix-again.patch gone.patch moved.patch >out.human
'

test_expect_success 'a clean fix: no APPLY_* finding' '
	test -z "$(for_patch out fix.patch)" &&
	test -n "$(for_patch out fix-again.patch)"
'

test_expect_success 'APPLIES_IN_REVERSE: the same fix again' '
	for_patch out fix-again.patch >o &&
	has_finding o ERROR:APPLIES_IN_REVERSE &&
	grep -q "all of it (1 hunk in 1 file) applies in reverse" o &&
	lacks_finding o ERROR:APPLY_FAILED
'

test_expect_success 'APPLY_FAILED names the hunk whose context is gone' '
	for_patch out gone.patch >o &&
	has_finding o ERROR:APPLY_FAILED &&
	test "$(grep -c APPLY_FAILED o)" = 1 &&
	grep -q "bochs.c: hunk 2 of 2 (@@ -16[0-9],7 +16[0-9],7 @@ .*) does not apply to Linux 6.12" o &&
	lacks_finding o ERROR:APPLIES_IN_REVERSE
'

test_expect_success 'APPLY_FAILED shows the lines expected and the tree'"'"'s' '
	test_expect_code 1 cbp check --tree "$KTREE" --no-build gone.patch >human &&
	sed -n "/APPLY_FAILED/,/^tree:/p" human >o &&
	grep -q "the hunk expects, at line 1[0-9][0-9]:" o &&
	grep -q "^       	/\* little endian \*/" o &&
	grep -q "the tree has (! where it differs):" o &&
	grep -q "^ *1[0-9][0-9] | 	writel(0x1e1e1e1e, bochs->mmio + 0x604);" o &&
	grep -q "^ *! *1[0-9][0-9] | $" o &&
	grep -q "hint: rebase it on $KTREE$" o &&
	sed -n "/APPLY_FAILED/,/^tree:/p" out.human >o &&
	grep -q "hint: rebase it on $KTREE; the rest of the series was applied without it" o
'

test_expect_success 'APPLY_OFFSET: hunk moved, and by how much; quiet otherwise' '
	for_patch out moved.patch >o &&
	has_finding o INFO:APPLY_OFFSET &&
	grep -q "bochs.c: applied with an offset: hunk 1 at line [0-9]* (offset -4 lines)" o &&
	! for_patch out gone.patch | grep -q APPLY_OFFSET
'

test_expect_success 'a failed patch is left out; the series goes on' '
	test_expect_code 1 cbp check --tree "$KTREE" --no-build --json gone.patch moved.patch >j &&
	test "$(json_get j "\$j->{patches}[0]{tree}{state}")" = failed &&
	test "$(json_get j "\$j->{patches}[1]{tree}{state}")" = applied &&
	test "$(json_get j "\$j->{tree}{version}")" = \
		"$(basename "$KTREE" | sed s/^linux-//)"
'

test_expect_success 'a patch that reaches out of the tree is refused' '
	{
		echo "From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001"
		echo "From: A U Thor <author@example.com>"
		echo "Subject: [PATCH] drm: out of the tree"
		echo
		echo "commit 1234567890ab upstream."
		echo "---"
		echo "diff --git a/../../cbp-outside b/../../cbp-outside"
		echo "new file mode 100644"
		echo "--- /dev/null"
		echo "+++ b/../../cbp-outside"
		echo "@@ -0,0 +1 @@"
		echo "+owned"
	} >out.patch &&
	test_expect_code 1 cbp check --terse --tree "$KTREE" --no-build out.patch >o &&
	cat o &&
	has_finding o ERROR:APPLY_FAILED &&
	! ls "$CHECKBACKPORT_CACHE"/cbp-outside "$CHECKBACKPORT_CACHE"/trees/cbp-outside \
		"$(dirname "$KTREE")"/cbp-outside 2>/dev/null
'

test_expect_success 'the tree itself is never written' '
	sha1sum -c tree.sum >/dev/null &&
	grep -q "^static int defy = 768;" "$KTREE/$F"
'

test_done
