#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A commit whose message is in another charset (git's "encoding" header,
# i18n.commitEncoding) is read in UTF-8: its subject in the index (names)
# and the message check reads of a commit given by ID, not "caf?".

. "$(dirname "$0")/lib-checkbackport.sh"

test_expect_success 'set up a commit in ISO-8859-1' '
	git init -q repo &&
	(
		cd repo &&
		test_commit base &&
		git tag v6.12 &&
		git branch linux-6.12.y &&
		echo x >x.c &&
		git add x.c &&
		test_tick &&
		git -c i18n.commitEncoding=ISO-8859-1 commit -q \
			-m "$(printf "drm/x: caf\351 au lait")" &&
		git cat-file commit HEAD >../raw &&
		cbp index
	) &&
	grep "^encoding ISO-8859-1$" raw
'

test_expect_success 'names shows the subject in UTF-8' '
	c=$(git -C repo rev-parse --short=12 HEAD) &&
	cat >expect <<-EOF &&
	1 name (0 only cited):
	$c ("drm/x: café au lait")  <==
	    first release: none; in: master
	first in mainline: $c ("drm/x: café au lait") in no release yet
	EOF
	(cd repo && cbp names HEAD) >actual &&
	test_cmp expect actual
'

test_expect_success 'check of the commit by ID reads it in UTF-8' '
	c=$(git -C repo rev-parse --short=12 HEAD) &&
	cat >expect <<-EOF &&
	commit $c: drm/x: café au lait
	0 errors, 0 warnings, 0 info

	total: 0 errors, 0 warnings, 0 info in 1 patch
	EOF
	(cd repo && cbp check --stable linux-6.12.y HEAD) >actual &&
	test_cmp expect actual
'

test_done
