#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
test_description='citations in the wordings stable branches use besides git'"'"'s

systemd-stable writes "(cherry-picked from X)", FRR "[cherry-picked from
master X]", OpenVPN and Open vSwitch "(Backported from master commit X)",
podman "Backport of commit X.", Xen and NetworkManager "(cherry picked
from commits X\n and Y)".  Each backport below is adapted (no patch-id
joins it) and dated anew (no author date joins it), so only its
citation makes it a name of the fix: "names" shows both, "missing"
knows the branch has the fix.  "The backport of commit X had a bug"
names an earlier backport, and "They were backported from X but are
not needed here" is prose: neither joins anything.  A backport robot'"'"'s
"Backport X from #N" joins too.'

. "$(dirname "$0")/lib-checkbackport.sh"
. "$CBP_DIR/tests/lib-real.sh"

# patch_id COMMIT: git's stable patch-id of COMMIT.
patch_id () {
	git show "$1" | git patch-id --stable | cut -d" " -f1
}

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo &&
	cd repo &&
	test_change src/a.c start "core: the start" >/dev/null &&
	S=$(tip) &&
	git tag v1.0 &&
	git branch stable-1.0 &&
	for n in 1 2 3 4 5 6
	do
		test_change src/f$n.c "fix $n" "f$n: fix a leak" \
			"Fixes: $(s12 $S) (\"core: the start\")" || return 1
	done &&
	F1=$(git rev-parse HEAD~5) && F2=$(git rev-parse HEAD~4) &&
	F3=$(git rev-parse HEAD~3) && F4=$(git rev-parse HEAD~2) &&
	F5=$(git rev-parse HEAD~1) && F6=$(tip) &&
	git tag v1.1 &&
	git checkout -q stable-1.0 &&
	test_change src/f1.c "fix 1, adapted" "f1: fix a leak" \
		"(cherry-picked from $F1)" &&
	P1=$(tip) &&
	test_change src/f2.c "fix 2, adapted" "f2: fix a leak" \
		"(Backported from master commit $(s12 $F2))" &&
	P2=$(tip) &&
	test_change src/f3.c "fix 3, adapted" "f3, f4: fix two leaks" &&
	test_change src/f4.c "fix 4, adapted" "f3, f4: fix two leaks" &&
	git reset -q --soft HEAD~2 &&
	test_tick &&
	git commit -q -m "f3, f4: fix two leaks" -m "(cherry picked from commits $F3
 and $F4)" &&
	P34=$(tip) &&
	test_change src/f5.c "fix 5, adapted" "f5: fix a leak" \
		"Backport of commit $(s12 $F5)." &&
	P5=$(tip) &&
	test_change src/f1.c "fix 1, corrected" "f1: correct the backport" \
		"The backport of commit $(s12 $F1) had a bug." &&
	N1=$(tip) &&
	test_change src/f2.c "fix 2, dropped" "f2: drop the helpers" \
		"They were backported from $(s12 $F2) but are not needed here." &&
	N2=$(tip) &&
	git checkout -q master
'

test_expect_success 'set up: five fixes, backported adapted under other wordings' '
	test_setup_cached t0019 repo "S F1 F2 F3 F4 F5 F6 P1 P2 P34 P5 N1 N2" \
		"$setup_repo" &&
	cd repo &&
	cbp index --stable "stable-*" >/dev/null &&
	test "$(patch_id $P1)" != "$(patch_id $F1)" &&
	test "$(patch_id $P2)" != "$(patch_id $F2)" &&
	test "$(patch_id $P5)" != "$(patch_id $F5)"
'

# joined FIX COPY FORM: names FIX shows two names, COPY among them,
# reached through a citation of FORM (the trailer names of lint).
joined () {
	cbp names "$1" >out &&
	grep "^2 names " out &&
	grep -F "$(s12 $2) (" out &&
	cbp names --json "$2" >out.json &&
	test "$(json_get out.json "join q{ }, map { \$_->{trailer} } map { @{\$_->{citations} || []} } @{\$j->{members}}")" = "$3"
}

test_expect_success 'names: "(cherry-picked from X)", without "commit"' '
	cd repo &&
	joined $F1 $P1 "cherry picked from"
'

test_expect_success 'names: "(Backported from master commit X)"' '
	cd repo &&
	joined $F2 $P2 "backported from"
'

test_expect_success 'names: "(cherry picked from commits X\n and Y)" cites both' '
	cd repo &&
	cbp names $F3 >out &&
	grep -F "$(s12 $P34) (" out &&
	cbp names $F4 >out &&
	grep -F "$(s12 $P34) (" out &&
	cbp names --json $P34 >out.json &&
	test "$(json_get out.json "join q{ }, sort map { substr(\$_->{cited}, 0, 12) } map { @{\$_->{citations} || []} } @{\$j->{members}}")" = \
		"$(printf "%s\n%s\n" $(s12 $F3) $(s12 $F4) | sort | tr "\n" " " | sed "s/ \$//")"
'

test_expect_success 'names: "Backport of commit X."' '
	cd repo &&
	joined $F5 $P5 "backported from"
'

# apart FIX OTHER: OTHER, whose message names FIX, is no name of it and
# has no other name.
apart () {
	cbp names "$1" >out &&
	! grep -F "$(s12 $2)" out &&
	cbp names "$2" >out &&
	grep "^1 name " out
}

test_expect_success '"The backport of commit X had a bug" joins nothing' '
	cd repo &&
	apart $F1 $N1
'

test_expect_success '"They were backported from X but..." joins nothing' '
	cd repo &&
	apart $F2 $N2
'

test_expect_success 'missing: the branch has every fix it backported, not the sixth' '
	cd repo &&
	test_expect_code 1 cbp missing --stable stable-1.0 --terse >out &&
	test_line_count = 1 out &&
	grep "^$(s12 $F6) " out
'

# Grafana's backport robot writes "Backport X from #N" below a subject
# "[BRANCH] S (#M)" (Loki: 185 such lines, 34 on copies nothing else
# joins); the robot's line with anything after the number joins nothing.
test_expect_success 'names: a robot'"'"'s "Backport X from #N"; then nothing missing' '
	cd repo &&
	git checkout -q stable-1.0 &&
	test_change src/f6.c "fix 6, adapted" "[stable-1.0] f6: fix a leak (#12)" \
		"Backport $F6 from #11" &&
	P6=$(tip) &&
	test_change src/f5.c "fix 5, again" "f5: one more change" \
		"Backport $F5 from #10 would not apply." &&
	N5=$(tip) &&
	git checkout -q master &&
	cbp index >/dev/null &&
	test "$(patch_id $P6)" != "$(patch_id $F6)" &&
	joined $F6 $P6 "backported from" &&
	cbp names $N5 >out && grep "^1 name " out &&
	cbp missing --stable stable-1.0 --terse >out &&
	test_must_be_empty out
'

test_done
