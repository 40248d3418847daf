#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='cherry-picks across a directory move

As in containerd (mount/ became core/mount/, oci/ became pkg/oci/), a
fix made after the move is backported to a release branch from before
it: the same lines change under the old paths, and the subject was
reworded, so the two commits have no file and no subject in common.
What changed is the same, so the citation is followed, as an adapted
backport whose reason names both paths, also when the backport takes only
a part of the change (the rest, a vendored library, not needed there), or
squashes several fixes into one commit whose file of the same name changes
mostly the same lines, or changes the same code the same way in a file
renamed; check judges so too.  A citation of a commit that changed other
lines, or the same lines in a file of another name amid other code, stays
suspicious.  A copy without a trailer, the same lines under the old
paths with the same subject, is a name of the fix too.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	printf "package mount\n\nfunc Mount() {\n\tleak()\n}\n" >m.go &&
	mkdir mount oci &&
	mv m.go mount/m.go &&
	echo "package oci" >oci/spec.go &&
	git add mount oci &&
	test_tick &&
	git commit -q -m "mount: the start" &&
	git tag v1.7.0 &&
	git branch release/1.7 &&
	mkdir core &&
	git mv mount core/mount &&
	test_tick &&
	git commit -q -m "Move mount to core/mount" &&
	test_change pkg/unrelated.go "package pkg" "pkg: something else" &&
	W=$(tip) &&
	sed -i "s/\tleak()/\tclose()/" core/mount/m.go &&
	git add core &&
	test_tick &&
	git commit -q -m "mount: do not leak the mount" &&
	FIX=$(tip) &&
	git tag v2.0.0 &&
	git checkout -q release/1.7 &&
	sed -i "s/\tleak()/\tclose()/" mount/m.go &&
	git add mount &&
	test_tick &&
	git commit -q -m "Fix a mount leak (backport to 1.7)" \
		-m "(cherry picked from commit $FIX)" &&
	BP=$(tip) &&
	test_change oci/other.go "package oci" "Add the other spec" \
		"(cherry picked from commit $W)" &&
	WRONG=$(tip) &&
	git tag v1.7.1 &&
	git checkout -q master &&
	git config checkbackport.stable "release/*"
'

test_expect_success 'set up: a fix after the move, backported before it' '
	test_setup_cached t0031 repo "W FIX BP WRONG" \
		"$setup_repo" &&
	cd repo &&
	cbp index >/dev/null &&
	cbp index --verify >/dev/null
'

test_expect_success 'names: the backport is a name of the fix, the move said' '
	cd repo &&
	cbp names $FIX >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $BP) (\"Fix a mount leak (backport to 1.7)\")  [adapted]" out &&
	grep -F "(adapted: subjects differ, the same changes under other paths (mount/m.go; core/mount/m.go))" out
'

test_expect_success 'names --json: adapted, no file in common' '
	cd repo &&
	cbp names --json $BP >j &&
	test "$(json_get j "(grep { \$_->{id} eq q{$BP} } @{\$j->{members}})[0]{citations}[0]{trust}{verdict}")" = adapted &&
	test "$(json_get j "(grep { \$_->{id} eq q{$BP} } @{\$j->{members}})[0]{citations}[0]{trust}{files}{common}")" = 0
'

test_expect_success 'a citation of other changes stays suspicious' '
	cd repo &&
	cbp names $WRONG >out &&
	grep "^1 name " out &&
	grep "suspicious: .* no file in common" out
'

# A move keeps the files' own names.  Two one-line fixes made alike to
# two files (a.c, b.c) have the same lines under other paths too: a
# backport of one citing the other (a trailer shifted by one in a
# series) must not be taken for a move.
test_expect_success 'the same lines in a file of another name stay suspicious' '
	cd repo &&
	test_change drm/b.c "fix 1" "drm: fix b" &&
	B=$(tip) &&
	git checkout -q release/1.7 &&
	test_change drm/a.c "fix 1" "drm: fix a" "(cherry picked from commit $B)" &&
	A=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $A >out &&
	grep "^1 name " out &&
	grep "suspicious: .* no file in common" out &&
	cbp names --json $A >j &&
	test "$(json_get j "\$j->{members}[0]{citations}[0]{trust}{verdict}")" = suspicious
'

# handler FILE: FILE with a signal handler, committed on the branch
# checked out.
handler () {
	mkdir -p src &&
	printf "int a;\nvoid handler(void)\n{\n\tlog_crit();\n}\nint z;\n" >"$1" &&
	git add "$1" &&
	test_tick &&
	git commit -q -m "add $1"
}

# quieter FILE SUBJECT [BODY]: the fix, log_crit() made log_trace() in
# FILE, committed as SUBJECT.
quieter () {
	sed -i "s/log_crit/log_trace/" "$1" &&
	git add "$1" &&
	test_tick &&
	git commit -q -m "$2" ${3:+-m "$3"}
}

# As in SSSD (child_sig_handler() split out of child_common.c into
# child_handlers.c on master), a fix to code that moved to a file of
# another name, backported to the file it came from: the same lines
# changed amid the same code, the same change.
test_expect_success 'the same code changed alike in a file renamed: adapted' '
	cd repo &&
	handler src/handlers.c &&
	quieter src/handlers.c "handlers: a quieter log" &&
	QUIET=$(tip) &&
	git checkout -q release/1.7 &&
	handler src/common.c &&
	quieter src/common.c "handlers: a quieter log for other children" \
		"commit $QUIET upstream." &&
	QBP=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $QUIET >out &&
	grep "^2 names " out &&
	grep -F "(adapted: subjects differ, the same changes under other paths (src/common.c; src/handlers.c))" out &&
	cbp check --terse --stable release/1.7 $QBP >out &&
	grep "UPSTREAM_SUBJECT_MISMATCH: .* upstream commit $(s12 $QUIET)" out &&
	! grep SUSPICIOUS out
'

# bump FROM TO: on master, a commit "go.mod: bump sys to TO" that adds a
# line to go.mod and replaces the call FROM() by TO() in core/mount/m.go;
# BUMP is its ID.
bump () {
	echo "sys $2" >>go.mod &&
	sed -i "s/\t$1()/\t$2()/" core/mount/m.go &&
	git add go.mod core &&
	test_tick &&
	git commit -q -m "go.mod: bump sys to $2" &&
	BUMP=$(tip)
}

# pick_use FROM TO: on release/1.7, the same call replaced under mount/
# alone, citing $BUMP; PICK is its ID.
pick_use () {
	git checkout -q release/1.7 &&
	sed -i "s/\t$1()/\t$2()/" mount/m.go &&
	git add mount &&
	test_tick &&
	git commit -q -m "Use $2" -m "(cherry picked from commit $BUMP)" &&
	PICK=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null
}

# Upstream bumps a vendored library and changes its one use under
# core/mount/ in one commit; the 1.7 backport takes only the use, under
# mount/ (containerd's 7bd3be948705, citing c2dfae8d0599).
test_expect_success 'a part of the change under the old folder: adapted' '
	cd repo &&
	mkdir -p vendor/sys &&
	echo "package sys" >vendor/sys/ioctl.go &&
	echo "func Ioctl() {}" >>vendor/sys/ioctl.go &&
	git add vendor &&
	bump close sys.Ioctl &&
	pick_use close sys.Ioctl &&
	cbp names $BUMP >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $PICK) (\"Use sys.Ioctl\")  [adapted]" out &&
	grep -F "(adapted: subjects differ, the same changes under other paths (mount/m.go; core/mount/m.go))" out &&
	test_expect_code 1 cbp check --terse --stable release/1.7 $BUMP >out &&
	grep -F "ERROR:ALREADY_APPLIED: already in release/1.7 as $(s12 $PICK)" out
'

# The same file names, other lines: a part of nothing upstream made.
test_expect_success 'other lines in a file of the same name stay suspicious' '
	cd repo &&
	bump sys.Ioctl sys.Ioctl2 &&
	pick_use sys.Ioctl sys.Ioctl3 &&
	cbp names $PICK >out &&
	grep "^1 name " out &&
	grep "suspicious: .* no file in common" out
'

# check judges a citation as the index does: the backport across the
# move is followed (its trailer once made TRAILER_SUSPICIOUS there).
test_expect_success 'check follows the backport across the move' '
	cd repo &&
	test_expect_code 1 cbp check --terse --stable release/1.7 $BP >out &&
	grep -F "commit $(s12 $BP): ERROR:UPSTREAM_MISSING" out &&
	! grep TRAILER_SUSPICIOUS out &&
	test_expect_code 1 cbp check --terse --stable release/1.7 $WRONG >out &&
	grep "^commit $(s12 $WRONG):3: WARNING:TRAILER_SUSPICIOUS" out
'

# A backport squashing two fixes made after the move (etcd's 0263597ba84f
# took three commits into one under server/mvcc/, their files being under
# server/storage/mvcc/ upstream): neither fix's lines are the squash's,
# but most of each is there, in a file of the same name.  The squash is a
# name of each fix, which stay two changes (t0024).
test_expect_success 'a squash of two fixes across the move: changed alike' '
	cd repo &&
	printf "package mount\n\nvar limit = 1\nvar wait = 2\n" \
		>core/mount/limits.go &&
	git add core && test_tick && git commit -q -m "mount: limits" &&
	sed -i -e "s/^var limit = 1/var batchLimit = 1/" \
		-e "s/^var wait = 2/var sleepFor = 2/" core/mount/limits.go &&
	git add core && test_tick &&
	git commit -q -m "mount: say what the limits are for" &&
	M1=$(tip) &&
	printf "var ticker = newTicker()\nvar stop = ticker.Stop\n" \
		>>core/mount/limits.go &&
	git add core && test_tick && git commit -q -m "mount: a ticker" &&
	M2=$(tip) &&
	git checkout -q release/1.7 &&
	printf "package mount\n\n// 1.7\nvar limit = 1\nvar wait = 2\n" \
		>mount/limits.go &&
	git add mount && test_tick && git commit -q -m "Limits for 1.7" &&
	sed -i -e "s/^var limit = 1/var batchLimit = 1/" \
		-e "s/^var wait = 2/var sleepFor = 3/" mount/limits.go &&
	printf "var ticker = newTicker()\nvar stop = ticker.Stop\n" \
		>>mount/limits.go &&
	git add mount && test_tick &&
	git commit -q -m "Limits and a ticker (backport to 1.7)" \
		-m "(cherry picked from commit $M1)" \
		-m "(cherry picked from commit $M2)" &&
	SQ=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	cbp names $M1 >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $SQ) (\"Limits and a ticker (backport to 1.7)\")  [adapted]" out &&
	grep -F "via: (cherry picked from commit $M1)  (adapted: subjects and patch-ids differ, 1 file changed alike under other folders (mount/limits.go; core/mount/limits.go))" out &&
	cbp names $M2 >out &&
	grep "^2 names " out &&
	grep -F "via: (cherry picked from commit $M2)  (adapted: subjects and patch-ids differ, 1 file changed alike under other folders (mount/limits.go; core/mount/limits.go))" out &&
	cbp names $SQ >out &&
	grep "^3 names " out &&
	cbp names --json $SQ >j &&
	sq="(grep { \$_->{id} eq q{$SQ} } @{\$j->{members}})[0]" &&
	test "$(json_get j "$sq{citations}[0]{trust}{files}{other_folders}")" = 1 &&
	test "$(json_get j "$sq{citations}[0]{trust}{files}{common}")" = 1 &&
	test "$(json_get j "$sq{citations}[0]{trust}{files}{cited_example}")" = core/mount/limits.go &&
	test_expect_code 1 cbp check --terse --stable release/1.7 $SQ >out &&
	grep -F "commit $(s12 $SQ): ERROR:UPSTREAM_MISSING" out &&
	! grep TRAILER_SUSPICIOUS out
'

# move_pick FILE LINE [OTHER]: on master, "mount: LINE" adding LINE to
# core/mount/m.go, with a body; on release/1.7, an hour later, a commit of
# the same subject and another body, no trailer, adding LINE (or OTHER)
# to FILE.  ML and COPY are their IDs.
move_pick () {
	echo "$2" >>core/mount/m.go &&
	git add core &&
	test_tick &&
	git commit -q -m "mount: $2" -m "Upstream's reasons." &&
	ML=$(tip) &&
	git checkout -q release/1.7 &&
	echo "${3:-$2}" >>"$1" &&
	git add "$1" &&
	test_tick &&
	git commit -q -m "mount: $2" -m "Fitted to 1.7 by hand." &&
	COPY=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null
}

# A fix applied to the branch anew, by hand, under the folder the branch
# has (etcd's release-3.4 under mvcc/, main under server/storage/mvcc/):
# the same lines, no trailer, another author time, another message.  No
# patch-id, path or message joins the two; the same subject and the same
# lines in a file of the same name do (CBP_SAME_PATCH_MOVED).
test_expect_success 'a copy without a trailer across the move: the same patch' '
	cd repo &&
	move_pick mount/m.go "func Unlock() { unlock() }" &&
	cbp names $ML >out &&
	grep "^2 names " out &&
	grep -F "via: same subject and patch as $ML under other folders, no trailer" out &&
	cbp names --json $COPY >j &&
	mb="(grep { \$_->{id} eq q{$COPY} } @{\$j->{members}})[0]" &&
	test "$(json_get j "$mb{citations}[0]{trailer}")" = "same patch under other folders, no trailer" &&
	test "$(json_get j "$mb{citations}[0]{trust}{verdict}")" = consistent &&
	test_expect_code 1 cbp check --terse --stable release/1.7 $ML >out &&
	grep -F "ERROR:ALREADY_APPLIED: already in release/1.7 as $(s12 $COPY) (\"mount: func Unlock() { unlock() }\"), a copy without a trailer (the same patch under other folders)" out &&
	cbp index --rebuild >/dev/null &&
	cbp names $COPY >out &&
	grep "^2 names " out
'

test_expect_success 'the same subject and lines in a file of another name: no copy' '
	cd repo &&
	move_pick mount/other.go "func Lock() { lock() }" &&
	cbp names $COPY >out &&
	grep "^1 name " out &&
	cbp names $ML >out &&
	grep "^1 name " out
'

test_expect_success 'the same subject, other lines under the old folder: no copy' '
	cd repo &&
	move_pick mount/m.go "func Start() { start() }" "func Start() { begin() }" &&
	cbp names $COPY >out &&
	grep "^1 name " out
'

test_expect_success 'check: the fix is in release/1.7 already' '
	cd repo &&
	test_expect_code 1 cbp check --terse --stable release/1.7 $FIX >out &&
	grep -F "ERROR:ALREADY_APPLIED: already in release/1.7 as $(s12 $BP)" out
'

test_done
