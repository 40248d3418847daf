# SPDX-License-Identifier: GPL-2.0
#
# A repository for the tests of follow-ups and of missing commits (t4010,
# t4020, t4030), sourced after lib-checkbackport.sh.  edges_repo DIR
# builds it with plain git and writes the IDs as shell assignments to
# DIR.ids:
#
#   master        v6.11, v6.12-rc1, v6.12, v6.13-rc1 .. v6.13-rc4
#   drm-next      the change CN ("drm/xe: the change"), DN and XN, merged
#                 for v6.13-rc1; CF is CN cherry-picked into mainline for
#                 v6.12-rc1, DF is DN cherry-picked after v6.12
#   linux-6.11.y  from v6.11, nothing of its own
#   linux-6.12.y  from v6.12: SD (DN's backport, citing the drm-next ID
#                 as upstream), P1 (a prerequisite of F1, "Stable-dep-of:
#                 F1"), SG (G's backport), SRE (RE's backport)
#
# and in mainline after v6.12:
#   F1   Fixes: CN, the drm-next name of a change 6.12.y has as CF
#   F2   Fixes: F1 (a fix of the fix)
#   P    the prerequisite, backported as P1
#   RD   reverts DF, the -fixes name of a change 6.12.y has as SD
#   RA   reverts A, which 6.12.y has since it forked
#   Q    Fixes: A, reverted by RQ: not needed
#   G    Fixes: A, already in 6.12.y as SG
#   RE   reverts E (in 6.12.y as SRE); RRE reverts RE: a re-application
#   NB   a bug 6.12.y never had, and NF its fix
#
# DRM commits touch drivers/gpu/drm/, the others fs/ and mm/; each commit
# its own file, so that every revert applies.

# edges_change PATH SUBJECT [BODY]: append SUBJECT to PATH and commit.
edges_change () {
	p=$1
	shift
	test_change "$p" "$1" "$@"
}

# revert COMMIT: git revert, with a fresh date.
edges_revert () {
	test_tick &&
	git revert --no-edit "$1" >/dev/null
}

# backport COMMIT UPSTREAM: cherry-pick COMMIT onto the current branch,
# saying "commit UPSTREAM upstream." as stable backports do.
edges_backport () {
	test_tick &&
	git cherry-pick -x "$1" >/dev/null &&
	git log -1 --format=%B >../.body &&
	git log -1 --format=%s >../.msg &&
	echo >>../.msg &&
	echo "commit $2 upstream." >>../.msg &&
	sed 1d ../.body >>../.msg &&
	git commit -q --amend -F ../.msg
}

edges_repo () {
	test_fixture edges "$1" edges_repo_build
}

edges_repo_build () {
	git init -q "$1" && (
	cd "$1" &&
	edges_change README "init" && git tag v6.11 &&
	edges_change fs/foo.c "fs/foo: add the feature" && A=$(tip) &&
	edges_change mm/baz.c "mm/baz: add the knob" && E=$(tip) &&
	git checkout -q -b drm-next &&
	edges_change drivers/gpu/drm/xe/xe_oa.c "drm/xe: the change" &&
	CN=$(tip) &&
	edges_change drivers/gpu/drm/qux.c "drm/qux: the other change" &&
	DN=$(tip) &&
	edges_change drivers/gpu/drm/xe/xe_feature.c "drm/xe: a feature" &&
	XN=$(tip) &&
	git checkout -q master && test_pick "$CN" && CF=$(tip) &&
	git tag v6.12-rc1 &&
	edges_change Makefile "Linux 6.12" && git tag v6.12 &&

	test_pick "$DN" && DF=$(tip) &&
	edges_change drivers/gpu/drm/xe/xe_oa_fix.c "drm/xe: fix the change" \
		"Fixes: $(s12 $CN) (\"drm/xe: the change\")" && F1=$(tip) &&
	edges_change fs/bar.c "fs/bar: add a new bug" && NB=$(tip) &&
	test_tick && git merge -q --no-ff -X ours -m "Merge drm-next" drm-next &&
	git tag v6.13-rc1 &&
	edges_change drivers/gpu/drm/xe/xe_oa_prep.c "drm/xe: prepare for the fix" &&
	P=$(tip) &&
	edges_change drivers/gpu/drm/xe/xe_oa_fix2.c "drm/xe: fix the fix" \
		"Fixes: $(s12 $F1) (\"drm/xe: fix the change\")" && F2=$(tip) &&
	edges_revert "$DF" && RD=$(tip) &&
	edges_change fs/bar-fix.c "fs/bar: fix the new bug" \
		"Fixes: $(s12 $NB) (\"fs/bar: add a new bug\")" && NF=$(tip) &&
	git tag v6.13-rc2 &&
	edges_change fs/foo-q.c "fs/foo: fix the feature" \
		"Fixes: $(s12 $A) (\"fs/foo: add the feature\")" && Q=$(tip) &&
	edges_change fs/foo-g.c "fs/foo: fix the feature properly" \
		"Fixes: $(s12 $A) (\"fs/foo: add the feature\")" && G=$(tip) &&
	edges_revert "$Q" && RQ=$(tip) &&
	edges_revert "$E" && RE=$(tip) &&
	git tag v6.13-rc3 &&
	edges_revert "$A" && RA=$(tip) &&
	edges_revert "$RE" && RRE=$(tip) &&
	git tag v6.13-rc4 &&

	git checkout -q -b linux-6.12.y v6.12 &&
	edges_backport "$DF" "$DN" && SD=$(tip) &&
	git tag v6.12.1 &&
	edges_backport "$P" "$P" && P1=$(tip) &&
	printf "%s\n\nStable-dep-of: %s (\"drm/xe: fix the change\")\n" \
		"$(git log -1 --format=%B)" "$(s12 $F1)" >../.msg &&
	git commit -q --amend -F ../.msg && P1=$(tip) &&
	edges_backport "$G" "$G" && SG=$(tip) &&
	edges_backport "$RE" "$RE" && SRE=$(tip) &&
	git tag v6.12.2 &&
	git branch linux-6.11.y v6.11 &&
	git checkout -q master &&
	for v in A E CN DN XN CF DF F1 F2 P RD RA Q G RQ RE RRE NB NF SD P1 SG SRE
	do
		eval "echo $v=\$$v"
	done >"../$1.ids"
	)
}
