#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tags matching the release glob that are
# not releases are never dropped silently.  index says how many there
# are; index -v lists each once, with the reason, and says what the
# index tracks.

. "$(dirname "$0")/lib-checkbackport.sh"

# The set-up's repository, made with git alone (test_setup_cached).
setup_repo='
	git init -q repo && cd repo &&
	test_commit "drm: one" && git tag v2.6.12-rc2 && git tag v256.1 &&
	test_commit "drm: two" && git tag -a -m "annotated" v6.12 &&
	git tag vfoo && git tag v6.12.0.1.2 && git tag v99999999999999999999.1 &&
	git tag v2.6.11-tree "HEAD^{tree}" && git tag -a -m "a tree" v2.6.11 "HEAD~^{tree}" &&
	git tag release-1 && git tag v6.13-rc1 && git tag v6.13-rc1-dontuse
'

test_expect_success 'set up releases, and tags that only look like them' '
	test_setup_cached t1013 repo "" \
		"$setup_repo"
'

test_expect_success 'index says how many are left out, on stderr, not under -q' '
	cd repo && "$CBP_BIN" index >../out 2>../err &&
	grep ", 4 release tags" ../out &&
	grep "6 tags matching .v\*. are not releases; .checkbackport index -v. lists them" ../err &&
	cbp index >../out 2>../err && ! test -s ../err
'

test_expect_success 'index -v lists each once, with why' '
	cd repo && cbp index -v >../out && cat ../out &&
	test "$(grep -c "^not a release: " ../out)" = 6 &&
	for t in vfoo v6.12.0.1.2 v6.13-rc1-dontuse
	do
		test "$(grep -c "^not a release: tag $t: not a release version" ../out)" = 1 || return 1
	done &&
	grep "^not a release: tag v99999999999999999999.1: version numbers too large" ../out &&
	grep "^not a release: tag v2.6.11: it is not a commit" ../out &&
	grep "^not a release: tag v2.6.11-tree: it is not a commit" ../out &&
	! grep "release-1\|tag v256.1\|tag v6.12:\|v2.6.12-rc2" ../out &&
	grep "^tracking release tags: .v\*." ../out &&
	grep "^tracked branch: master" ../out
'

test_expect_success 'index --json lists them too' '
	cd repo && cbp index --json >../out &&
	test "$(json_get ../out "scalar @{\$j->{not_releases}}")" = 6 &&
	test "$(json_get ../out "\$j->{tracking}{tags}")" = "v*"
'

test_expect_success 'every run says it, and a narrower glob lists fewer' '
	cd repo && cbp index -v >../out && test "$(grep -c "^not a release" ../out)" = 6 &&
	cbp index -v --tags "v6*" >../out && test "$(grep -c "^not a release" ../out)" = 2
'

test_done
