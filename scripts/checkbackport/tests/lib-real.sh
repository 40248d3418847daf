# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the tests of histories shaped like public stable branches,
# sourced after lib-checkbackport.sh (whose test_change, cbp, s12,
# json_get and tip they use).

# The helpers below run in the test's shell, not in $(...), so that the
# clock they advance stays advanced; HEAD is the commit they made.

# pick [-x] COMMIT: cherry-pick COMMIT (git keeps its author date).
pick () {
	test_tick &&
	git cherry-pick "$@" >/dev/null
}

# revert COMMIT: git revert COMMIT.
revert () {
	test_tick &&
	git revert --no-edit "$1" >/dev/null
}

