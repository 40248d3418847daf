#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check --compare: a backport against the upstream commits it names, in
# a repository built here from a Debian 6.12 driver file: a two-commit
# upstream history squashed into one backport with an extra and a
# dropped hunk (BACKPORT_EXTRA, BACKPORT_DROPPED, each hunk traced to its
# commit by BACKPORT_SQUASH), each firing and staying quiet; a follow-up
# that rewrites what the first commit added, matched by the net change;
# commits a squash lists by subject; --interdiff; all of it with --tree.

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-check.sh"
. "$CBP_DIR/tests/lib-tree.sh"

F=drivers/gpu/drm/tiny/bochs.c

require_ktree

S="--stable linux-6.12.y"

test_expect_success 'set up mainline with two commits, and the backports' '
	base_repo repo $F && cd repo && B=$(tip) &&
	commit_edit "drm/bochs: default width 800" $F \
		"s/^static int defx = 1024;/static int defx = 800;/m" &&
	tip >../A &&
	commit_edit "drm/bochs: endianness magic" $F \
		"s/writel\(0xbebebebe,/writel(0xbebebebf,/; s/writel\(0x1e1e1e1e,/writel(0x1e1e1e1f,/" &&
	tip >../B && git tag v6.13-rc1 &&
	A=$(cat ../A) && Bc=$(cat ../B) &&
	msg="This is a squash of two commits.

1) drm/bochs: default width 800
2) drm/bochs: endianness magic

commit $A upstream.
commit $Bc upstream." &&
	# the squash with an extra change and without the second writel
	patch_from $B ../squash.patch "drm/bochs: width and endianness" $F \
		"s/^static int defx = 1024;/static int defx = 800;/m; s/^static int defy = 768;/static int defy = 600;/m; s/writel\(0xbebebebe,/writel(0xbebebebf,/" \
		"$msg" &&
	patch_from $B ../exact.patch "drm/bochs: width and endianness" $F \
		"s/^static int defx = 1024;/static int defx = 800;/m; s/writel\(0xbebebebe,/writel(0xbebebebf,/; s/writel\(0x1e1e1e1e,/writel(0x1e1e1e1f,/" \
		"$msg" &&
	patch_from $B ../single.patch "drm/bochs: default width 800" $F \
		"s/^static int defx = 1024;/static int defx = 800;/m" \
		"commit $A upstream." &&
	# named by ID: only the first; the second by its subject in the list
	patch_from $B ../listed.patch "drm/bochs: width and endianness" $F \
		"s/^static int defx = 1024;/static int defx = 800;/m; s/writel\(0xbebebebe,/writel(0xbebebebf,/; s/writel\(0x1e1e1e1e,/writel(0x1e1e1e1f,/" \
		"This is a squash of two commits.

1) drm/bochs: default width 800
2) drm/bochs: endianness magic

commit $A upstream."
'

A=$(cat A 2>/dev/null)
Bc=$(cat B 2>/dev/null)

test_expect_success 'the squash: one extra, one dropped, each hunk traced' '
	cd repo && cbp check $S --compare ../squash.patch >../human &&
	cd .. && cat human &&
	grep -q "^WARNING:BACKPORT_EXTRA: drivers/gpu/drm/tiny/bochs.c: the change at line 5[0-9] (\"static int defy = 600;\") is in no upstream commit the patch names ($(s12 $A), $(s12 $Bc))" human &&
	test "$(grep -c BACKPORT_EXTRA human)" = 1 &&
	grep -q "^WARNING:BACKPORT_DROPPED: drivers/gpu/drm/tiny/bochs.c: upstream.* changes line 16[0-9] (\"	writel(0x1e1e1e1f, bochs->mmio + 0x604);\"); the backport does not" human &&
	test "$(grep -c BACKPORT_DROPPED human)" = 1 &&
	grep -q "^INFO:BACKPORT_SQUASH: a squash of 2 upstream commits: $(s12 $A) (\"drm/bochs: default width 800\"), $(s12 $Bc) (\"drm/bochs: endianness magic\")" human &&
	grep -q "bochs.c @@ -5[0-9],[0-9] +5[0-9],[0-9] @@: from $(s12 $A), and none (extra lines)" human &&
	grep -q "bochs.c @@ -15[0-9],7 +15[0-9],7 @@ .*: from $(s12 $Bc)$" human &&
	grep -q "^compare: with $(s12 $A), $(s12 $Bc): 1 of 2 changes as upstream, 1 extra, 1 dropped" human
'

test_expect_success 'without --interdiff no hunks; with it, the differing ones' '
	! grep -q "^    +static int defy = 600;" human &&
	(cd repo && cbp check $S --interdiff ../squash.patch) >human2 &&
	sed -n "/BACKPORT_EXTRA/,/BACKPORT_DROPPED/p" human2 >o &&
	grep -q "^    +static int defy = 600;" o &&
	grep -q "^    @@ -5[0-9],[0-9] +5[0-9],[0-9] @@" o &&
	sed -n "/BACKPORT_DROPPED/,/BACKPORT_SQUASH/p" human2 >o &&
	grep -q "^    +	writel(0x1e1e1e1f, bochs->mmio + 0x604);" o
'

test_expect_success 'the exact squash: no BACKPORT_EXTRA or _DROPPED' '
	(cd repo && cbp check --terse $S --compare ../exact.patch) >out &&
	lacks_finding out WARNING:BACKPORT_EXTRA &&
	lacks_finding out WARNING:BACKPORT_DROPPED &&
	has_finding out INFO:BACKPORT_SQUASH
'

test_expect_success 'a backport of one commit, as it was: quiet, no squash' '
	(cd repo && cbp check --terse $S --compare ../single.patch) >out &&
	lacks_finding out WARNING:BACKPORT_EXTRA &&
	lacks_finding out WARNING:BACKPORT_DROPPED &&
	lacks_finding out INFO:BACKPORT_SQUASH
'

test_expect_success 'a commit the squash lists by subject is compared too' '
	(cd repo && cbp check --terse $S --compare ../listed.patch) >out &&
	lacks_finding out WARNING:BACKPORT_EXTRA &&
	lacks_finding out WARNING:BACKPORT_DROPPED &&
	has_finding out INFO:BACKPORT_SQUASH &&
	(cd repo && cbp check $S --compare ../listed.patch) >o &&
	grep -q "with $(s12 $A), $(s12 $Bc):" o
'

test_expect_success 'a follow-up rewriting what the first added: the net change' '
	cd repo && git checkout -q master &&
	commit_edit "drm/bochs: document the mode switch" $F \
		"s/(static int bochs_modeset = -1;\n)/\$1static int cbp_knob = 1;\n/" &&
	C=$(tip) &&
	commit_edit "drm/bochs: the knob is off" $F \
		"s/static int cbp_knob = 1;/static int cbp_knob;/" &&
	D=$(tip) &&
	patch_from v6.12 ../net.patch "drm/bochs: the knob" $F \
		"s/(static int bochs_modeset = -1;\n)/\$1static int cbp_knob;\n/" \
		"commit $C upstream.
commit $D upstream." &&
	cbp check $S --compare ../net.patch >../o && cd .. && cat o &&
	! grep -q "BACKPORT_EXTRA\|BACKPORT_DROPPED" o &&
	grep -q "from $(s12 $C)..$(s12 $D) together (their net change)" o
'

test_expect_success 'with --tree: applied, built and compared in one run' '
	(cd repo && cbp check $S --tree "$KTREE" ../squash.patch) >o &&
	cat o &&
	grep -q "^tree: applied; built drivers/gpu/drm/tiny/bochs.o before and after: 0 new warnings" o &&
	grep -q "^compare: with .*1 extra, 1 dropped" o &&
	grep -q "^WARNING:BACKPORT_EXTRA" o
'

test_done
