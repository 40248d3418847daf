# SPDX-License-Identifier: GPL-2.0
#
# The repository of the link trust tests (t0030, t2014), sourced after
# lib-checkbackport.sh: every kind of citation stable histories really
# have, built with plain git.  trust_repo DIR builds it and writes the IDs, as shell
# assignments, to DIR.ids.
#
#   master            v6.0, then (v6.1-rc1):
#     M1..M4          four unrelated fixes, one file each
#     M5, M6          two more, cited below with a typo
#     F               drm/foo: a feature with its helpers (two files)
#     H               a copy of F's helpers only, cited from F: adapted
#     R               drm/bar: a fix
#     V               version: bump to 6.1.1 (VERSION)
#     X               a -fixes pick whose trailer names the wrong
#                     mainline commit (Y): suspicious
#     U1, U2          two unrelated commits with one subject, no trailers
#     G               N picked into mainline (same subject)
#     N               drm-next's original of G, merged after G
#   linux-6.0.y       v6.0, then (v6.0.1):
#     B1..B3          backports of M1..M3 whose trailers are shifted by
#                     one (B1 names M2, ...): suspicious
#     P               F's helpers only, "commit F upstream": adapted
#     R2              R with its subject reworded, same diff: consistent
#     V2              version: bump to 6.0.4, citing V: adapted
#     T41             M5 cited with a digit doubled (41 digits)
#     T1              M6 cited with a digit changed
#     S4              a correct backport of M4

# copy COMMIT SUBJECT BODY: apply COMMIT's diff, commit with this message.
copy () {
	test_tick &&
	git cherry-pick -n "$1" >/dev/null &&
	git commit -q -m "$2" -m "$3"
}

# typo ID: ID with its fifth digit doubled (41 digits).
typo_doubled () {
	echo "$1" | sed 's/^\(....\)\(.\)/\1\2\2/'
}

# typo ID: ID with its last digit changed.
typo_changed () {
	echo "$(echo "$1" | sed 's/.$//')$(echo "$1" | sed 's/.*\(.\)$/\1/' |
		tr 0123456789abcdef 123456789abcdef0)"
}

trust_repo () {
	test_fixture trust "$1" trust_repo_build
}

trust_repo_build () {
	(
	ids=$(pwd)/$1.ids &&
	git init -q "$1" && cd "$1" &&
	test_change README "init" "init" &&
	echo "6.0" >VERSION && git add VERSION && git commit -q -m "version: 6.0" &&
	git tag v6.0 &&

	test_change include/foo.h "guard" "include: fix the header guard of foo.h" &&
	M1=$(tip) &&
	test_change tools/testing/run.sh "timeout 90" "selftests: raise the timeout" &&
	M2=$(tip) &&
	test_change kernel/seccomp.c "allow" "seccomp: allow the new syscall" &&
	M3=$(tip) &&
	test_change Documentation/man.txt "typo" "man: fix a typo in the page" &&
	M4=$(tip) &&
	test_change net/poll.c "lock" "net: fix a race in the poller" &&
	M5=$(tip) &&
	test_change mm/shrink.c "free" "mm: fix a leak in the shrinker" &&
	M6=$(tip) &&
	test_tick &&
	mkdir -p drivers/foo &&
	echo "helper one" >drivers/foo/helpers.c &&
	echo "core" >drivers/foo/core.c &&
	git add drivers/foo &&
	git commit -q -m "drm/foo: add the frobnicator and its helpers" &&
	F=$(tip) &&
	test_change drivers/foo/helpers.c "helper two" \
		"drm/foo: add the frobnicator helpers" \
		"(cherry picked from commit $F)" &&
	H=$(tip) &&
	test_change drivers/bar.c "put" "drm/bar: fix a refcount leak" &&
	R=$(tip) &&
	test_tick &&
	echo "6.1.1" >VERSION && git commit -q -a -m "version: bump to 6.1.1" &&
	V=$(tip) &&
	test_change drivers/quux.c "reset" "drm/quux: fix the reset" &&
	Y=$(tip) &&
	test_change drivers/qux.c "clock" "drm/qux: fix the clock" \
		"(cherry picked from commit $Y)" &&
	X=$(tip) &&
	test_change drivers/baz1.c "a" "drm/baz: fix a leak" &&
	U1=$(tip) &&
	test_change drivers/baz2.c "b" "drm/baz: fix a leak" &&
	U2=$(tip) &&
	git checkout -q -b drm-next &&
	test_change drivers/gpu.c "gpu" "drm/gpu: fix the fence timeout" &&
	N=$(tip) &&
	git checkout -q master &&
	copy "$N" "drm/gpu: fix the fence timeout" "(cherry picked from commit $N)" &&
	G=$(tip) &&
	test_tick &&
	git merge -q --no-ff -m "Merge drm-next" drm-next &&
	git tag v6.1-rc1 &&

	git checkout -q -b linux-6.0.y v6.0 &&
	copy "$M1" "include: fix the header guard of foo.h" \
		"(cherry picked from commit $M2)" &&
	B1=$(tip) &&
	copy "$M2" "selftests: raise the timeout" "(cherry picked from commit $M3)" &&
	B2=$(tip) &&
	copy "$M3" "seccomp: allow the new syscall" "(cherry picked from commit $M4)" &&
	B3=$(tip) &&
	test_tick &&
	mkdir -p drivers/foo &&
	echo "helper one" >drivers/foo/helpers.c &&
	git add drivers/foo &&
	git commit -q -m "drm/foo: add the frobnicator helpers" \
		-m "commit $F upstream." &&
	P=$(tip) &&
	copy "$R" "drm/bar: plug a refcount leak in probe" "commit $R upstream." &&
	R2=$(tip) &&
	test_tick &&
	echo "6.0.4" >VERSION && git commit -q -a -m "version: bump to 6.0.4" \
		-m "(cherry picked from commit $V)" &&
	V2=$(tip) &&
	copy "$M5" "net: fix a race in the poller" \
		"(cherry picked from commit $(typo_doubled "$M5"))" &&
	T41=$(tip) &&
	copy "$M6" "mm: fix a leak in the shrinker" \
		"commit $(typo_changed "$M6") upstream." &&
	T1=$(tip) &&
	copy "$M4" "man: fix a typo in the page" "commit $M4 upstream." &&
	S4=$(tip) &&
	git tag v6.0.1 &&
	git checkout -q master &&
	for v in M1 M2 M3 M4 M5 M6 F H R V Y X U1 U2 N G B1 B2 B3 P R2 V2 T41 \
		T1 S4
	do
		eval "echo $v=\$$v"
	done >"$ids"
	)
}
