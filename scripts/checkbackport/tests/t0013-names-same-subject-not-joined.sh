#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Two unrelated commits with the same subject are never joined without
# trailer evidence; a branch's copy without a trailer is joined by its
# patch-id, as a link of its own kind.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo && test_commit "init" && git tag v6.1 &&
	test_tick && echo one >leak.c && git add leak.c &&
	git commit -q -m "drm/i915: fix leak" && tip >../P &&
	test_tick && echo two >other.c && git add other.c &&
	git commit -q -m "drm/i915: fix leak" && tip >../Q
'

test_expect_success 'set up two unrelated commits sharing a subject' '
	test_setup_cached t0013 repo "../P ../Q" \
		"$setup_repo" &&
	cd repo &&
	git tag v6.2-rc1 && cbp index >/dev/null
'

P=$(cat P 2>/dev/null)
Q=$(cat Q 2>/dev/null)

test_expect_success 'each is the only name of its change' '
	cd repo &&
	cbp names --json "$P" >../p && cbp names --json "$Q" >../q &&
	test "$(json_get ../p "scalar @{\$j->{members}}")" = 1 &&
	test "$(json_get ../q "scalar @{\$j->{members}}")" = 1
'

test_expect_success 'the same subject is not reported as the same patch' '
	cd repo && cbp names --patch-id "$P" >../out &&
	grep "same patch-id, no citation (weaker evidence): none" ../out
'

test_expect_success 'a branch copy without trailer is a name, by its patch-id' '
	cd repo && git checkout -q -b linux-6.1.y v6.1 && test_tick &&
	echo one >leak.c && git add leak.c &&
	git commit -q -m "drm/i915: fix leak" && tip >../R &&
	git checkout -q master && cbp index >/dev/null &&
	cbp names --patch-id "$P" >../out &&
	grep "^2 names " ../out &&
	grep -F "via: same patch-id as $P, no trailer" ../out &&
	grep "same patch-id, no citation (weaker evidence): none" ../out &&
	cbp names "$Q" >../out &&
	grep "^1 name " ../out
'

test_expect_success 'the patch-id link is labelled apart in JSON' '
	cd repo && cbp names --json --patch-id "$P" >../j &&
	test "$(json_get ../j "scalar @{\$j->{members}}")" = 2 &&
	test "$(json_get ../j "\$j->{members}[1]{id}")" = "$(cat ../R)" &&
	test "$(json_get ../j "\$j->{members}[1]{citations}[0]{trailer}")" = "same patch-id, no trailer" &&
	test "$(json_get ../j "scalar @{\$j->{patch_id_matches}}")" = 0
'

# A blob the repository lacks (a damaged or partial clone): the patch-id
# cannot be computed, and "none" would be an answer; it is an error.
test_expect_success 'names --patch-id: a commit it cannot read is an error, not "none"' '
	cd repo &&
	blob=$(git rev-parse "$Q:other.c") &&
	obj=.git/objects/$(echo $blob | cut -c1-2)/$(echo $blob | cut -c3-) &&
	test -f $obj &&
	mv $obj ../saved-blob &&
	test_when_finished "mv ../saved-blob $obj" &&
	test_expect_code 2 cbp names --patch-id "$P" >../out 2>../err &&
	grep "cannot compute the patch-id of $(s12 $Q)" ../err &&
	! grep "weaker evidence" ../out
'

test_done
