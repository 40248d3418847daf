// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the trailer scanner, subject extraction and sanitizing
 * (cmocka, TAP output).  Version keys are tested in unit/version.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/trailer.h"

#define ID40 "55039832f98c7e05f1cf9e0d8c12b2490abd0f16"
#define ID40B "f0ed39830e6064d62f9c5393505677a26569bb56"

struct found {
	struct cbp_cite c[16];
	char quoted[16][128];
	int nr;
};

static int collect(const struct cbp_cite *cite, void *data)
{
	struct found *f = data;

	if (f->nr >= 16)
		return 1;
	f->c[f->nr] = *cite;
	f->quoted[f->nr][0] = '\0';
	if (cite->quoted) {
		size_t n = cite->quoted_len < 127 ? cite->quoted_len : 127;

		memcpy(f->quoted[f->nr], cite->quoted, n);
		f->quoted[f->nr][n] = '\0';
	}
	f->nr++;
	return 0;
}

static struct found parse(const char *msg)
{
	struct found f = { .nr = 0 };

	assert_int_equal(cbp_parse_message(msg, strlen(msg), collect, &f), 0);
	return f;
}

/* One citation expected: its kind, line and ID as cited. */
struct want {
	enum cbp_kind kind;
	unsigned int line;
	const char *hex;
};

/* @f has exactly the @nr citations of @want, in order. */
static void expect(const struct found *f, const struct want *want, int nr)
{
	int i;

	assert_int_equal(f->nr, nr);
	for (i = 0; i < nr; i++) {
		assert_int_equal(f->c[i].kind, want[i].kind);
		assert_int_equal(f->c[i].line, want[i].line);
		assert_string_equal(f->c[i].hex, want[i].hex);
	}
}

static void cherry_pick_anywhere(void **state)
{
	struct found f = parse("drm/xe: fix\n\nbody (cherry picked from commit "
			       ID40 ")\n\n(cherry picked from commit " ID40B ")\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_int_equal(f.c[0].kind, CBP_CHERRY_PICK);
	assert_string_equal(f.c[0].hex, ID40);
	assert_int_equal(f.c[0].line, 3);
	assert_string_equal(f.c[1].hex, ID40B);
	assert_int_equal(f.c[1].line, 5);
}

static void two_on_one_line(void **state)
{
	static const char msg[] =
		"(cherry picked from commit 1234567) (cherry-picked from commit abcdef0123)\n";
	struct found f = parse(msg);

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_string_equal(f.c[0].hex, "1234567");
	assert_string_equal(f.c[1].hex, "abcdef0123");
}

static void upstream_forms(void **state)
{
	struct found f = parse("s\n\ncommit " ID40 " upstream.\n"
			       "[ Upstream commit " ID40B " ]\n"
			       "Upstream commit 0123456789ab\n"
			       "(backported from commit abcdef012345 linux-next)\n");

	(void)state;
	assert_int_equal(f.nr, 4);
	assert_int_equal(f.c[0].kind, CBP_UPSTREAM);
	assert_string_equal(f.c[0].hex, ID40);
	assert_int_equal(f.c[1].kind, CBP_UPSTREAM_BRACKET);
	assert_string_equal(f.c[1].hex, ID40B);
	assert_int_equal(f.c[2].kind, CBP_UPSTREAM_LINE);
	assert_string_equal(f.c[2].hex, "0123456789ab");
	assert_int_equal(f.c[3].kind, CBP_BACKPORTED);
	assert_string_equal(f.c[3].hex, "abcdef012345");
}

/*
 * The wordings stable branches use besides git's: without "commit"
 * (systemd's "(cherry-picked from X)", FRR's "[cherry-picked from master
 * X]"), from the main branch (OpenVPN's and Open vSwitch's "Backported
 * from master commit X"), and lists (Xen's and NetworkManager's
 * "(cherry picked from commits X\n and Y)").
 */
static void from_forms(void **state)
{
	static const struct want want[] = {
		{ CBP_CHERRY_PICK, 3, ID40 },
		{ CBP_CHERRY_PICK, 4, "0123456789ab" },
		{ CBP_BACKPORTED, 5, "abcdef012345" },
		/* "and" at the end of a line: the list goes on below it. */
		{ CBP_CHERRY_PICK, 6, "1234567" },
		{ CBP_CHERRY_PICK, 7, "abcdef0" },
		{ CBP_CHERRY_PICK, 8, ID40 },
		{ CBP_CHERRY_PICK, 9, ID40B },
		{ CBP_CHERRY_PICK, 10, "7654321" },
		{ CBP_CHERRY_PICK, 10, "89abcde" },
		{ CBP_CHERRY_PICK, 10, "fedcba9" },
		{ CBP_CHERRY_PICK, 11, "0a1b2c3d" },
		{ CBP_CHERRY_PICK, 12, "3c2b1a0f" },
	};
	struct found f = parse("s\n\n(cherry-picked from " ID40 ")\n"
			       "[cherry-picked from master 0123456789ab]\n"
			       "(Backported from master commit abcdef012345)\n"
			       "(cherry picked from commits 1234567 and\n"
			       "abcdef0)\n"
			       "(cherry picked from commits " ID40 "\n"
			       " and " ID40B ")\n"
			       "Cherry-picked from upstream commit: 7654321, 89abcde, and commit fedcba9\n"
			       "[#18109,7/7] cherry-picked from 0a1b2c3d\n"
			       "Cherry-picked from master 3c2b1a0f and resolved conflicts.\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
}

/*
 * "cherry-picked from X" and "backported from X" without "commit", said
 * of this commit, as OpenVPN's, rpm's, podman's and FRR's messages say
 * it.
 */
static void from_forms_of_this_commit(void **state)
{
	static const struct want want[] = {
		{ CBP_CHERRY_PICK, 3, "a87e1431" },
		{ CBP_CHERRY_PICK, 4, "ab3f32b9" },
		{ CBP_BACKPORTED, 5, "9b2693f" },
		{ CBP_CHERRY_PICK, 6, "b7e51b13" },
		{ CBP_CHERRY_PICK, 7, "dafa05e65fe4" },
		{ CBP_BACKPORTED, 8, "d28c8fdfb82e" },
		{ CBP_CHERRY_PICK, 9, "4d5199537737" },
	};
	struct found f = parse("s\n\nThis patch was cherry-picked from a87e1431 (master).\n"
			       "This commit is partly cherry-picked from ab3f32b9.\n"
			       "This commit is backported from 9b2693f in release/2.6\n"
			       "not include them.  Cherry-picked from b7e51b13 (master).\n"
			       "[DL: cherry-picked from dafa05e65fe4]\n"
			       "- backported from d28c8fdfb82e\n"
			       "partially cherry-picked from 4d5199537737\n"
			       "Commit 1a2b3c4 was cherry picked from 4c3b2a1 first.\n"
			       "which were backported from 5e6f7a8b to 2.5\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
}

/*
 * The nouns: podman's "(partial cherry-pick from commit X)" and
 * "Partial cherry-pick of commit X", OpenVPN's "Cherry-pick of X to
 * release/2.5" and "This is a cherry-pick of commit X", rpm's "Backport
 * of X" and tor's "Partial backport of X" opening a line; systemd's
 * "Cherry-picked from: X" and rpm's "Backported from HEAD X".  Not
 * Xen's "fix backport of X", nor "Fix backport of commit X", nor "the
 * cherry-pick of commit X broke".
 */
static void noun_forms(void **state)
{
	static const struct want want[] = {
		{ CBP_CHERRY_PICK, 3, "0a1b2c3" },
		{ CBP_CHERRY_PICK, 4, "1b2c3d4" },
		{ CBP_CHERRY_PICK, 5, "08081aa0a153" },
		{ CBP_CHERRY_PICK, 6, "009521ac" },
		{ CBP_BACKPORTED, 7, "078436c0db24" },
		{ CBP_BACKPORTED, 8, "69deb22f" },
		{ CBP_CHERRY_PICK, 9, "2c3d4e5f" },
		{ CBP_BACKPORTED, 10, "3d4e5f6a" },
	};
	struct found f = parse("s\n\n(partial cherry-pick from commit 0a1b2c3)\n"
			       "Partial cherry-pick of commit 1b2c3d4\n"
			       "Cherry-pick of 08081aa0a153 to release/2.5\n"
			       "This is a cherry-pick of commit 009521ac (master)\n"
			       "Backport of 078436c0db24\n"
			       "Partial backport of 69deb22f. Fixes 0.2.1 on windows\n"
			       "Cherry-picked from: 2c3d4e5f\n"
			       "Backported from HEAD 3d4e5f6a\n"
			       "xen/vpci: fix backport of 53859596c0d3\n"
			       "Fix backport of commit 4e5f6a7b\n"
			       "As the cherry-pick of commit 5f6a7b8c broke it\n"
			       "Original backport of 6a7b8c9d from #1\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
}

/*
 * Prose that looks like those forms and is not: another project's
 * commit, an ID-less mention, a list that stops, "Following on from
 * commits", a line below an ID that goes on with something else, and
 * "cherry-picked from X" or "backported from X" without "commit" in the
 * middle of a sentence (NetworkManager's "They were backported from X
 * but they are not needed in this branch").
 */
static void from_forms_not(void **state)
{
	struct found f = parse("s\n\n(cherry picked from ovn commit " ID40 ")\n"
			       "(cherry picked from master commit)\n"
			       "backported from master to 2.8, and 1234567 is another\n"
			       "Following on from commits 1234567 and 89abcde\n"
			       "picked from " ID40B "\n"
			       "(cherry picked from commit abcdef0)\n"
			       "and 7654321 stands alone\n"
			       "cherry picked from commit 0123456 and\n"
			       "then more\n"
			       "They were backported from 229bebfae95f but are not needed\n"
			       "Commit 1a2b3c4 was cherry picked from 4c3b2a1 first.\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_string_equal(f.c[0].hex, "abcdef0");
	assert_string_equal(f.c[1].hex, "0123456");
}

/*
 * "backport of commit X" where it says where this commit comes from: at
 * the start of a line, in parentheses, or after "is a" ("This is a
 * partial backport of commit X").  "The backport of commit X had a bug",
 * "fix backport of X" or "following a backport of commit X" name an
 * earlier backport, not this one's origin.
 */
static void backport_of_forms(void **state)
{
	static const struct want want[] = {
		{ CBP_BACKPORTED, 3, ID40 },
		{ CBP_BACKPORTED, 4, "0123456789ab" },
		{ CBP_BACKPORTED, 5, "abcdef012345" },
		{ CBP_BACKPORTED, 6, "1234567" },
		{ CBP_BACKPORTED, 13, "a6f8586" },
		{ CBP_BACKPORTED, 13, "238abf6" },
		{ CBP_BACKPORTED, 17, "0e1f2a3" },
	};
	struct found f = parse("s\n\nBackport of commit " ID40 ".\n"
			       "(backport of git master commit 0123456789ab)\n"
			       "This is a partial backport of upstream commit abcdef012345 (\"x\").\n"
			       "[ This is a minimal backport of commit 1234567 ]\n"
			       "The backport of upstream commit 7654321 had a bug.\n"
			       "It missed what the backport of commit 89abcde did.\n"
			       "The branch-2.3 backport of master commit fedcba9 missed some\n"
			       "xen/vpci: fix backport of 53859596c0d3\n"
			       "Original backport of commit 0a1b2c3 from #1\n"
			       "unbackport of commit 3c2b1a0\n"
			       "Backport of commit a6f8586 and commit 238abf6.  Squashed\n"
			       "This is not a backport of commit 0b1c2d3.\n"
			       "It broke following a backport of commit 0c1d2e3.\n"
			       "Fix for a backport of commit 0d1e2f3.\n"
			       "This patch is a backport of commit 0e1f2a3 to 2.3.\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
}

/*
 * Xen's stable backports: "master commit: X" and "master date: D" at the
 * end, as its backport script writes them, mostly without -x.
 */
static void master_commit_form(void **state)
{
	struct found f = parse("x86/pod: a fix\n\nSigned-off-by: A <a@b>\n"
			       "master commit: " ID40 "\n"
			       "master date: 2026-03-24 12:05:42 +0100\n"
			       "Master Commit:\t0123456789ab\n"
			       "the master commit: abcdef012345\n"
			       "master commit 1234567890ab\n"
			       "master commit:1234567890ab\n"
			       "master commit: 12345\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_int_equal(f.c[0].kind, CBP_MASTER_COMMIT);
	assert_string_equal(f.c[0].hex, ID40);
	assert_int_equal(f.c[0].line, 4);
	assert_int_equal(f.c[1].kind, CBP_MASTER_COMMIT);
	assert_string_equal(f.c[1].hex, "0123456789ab");
	assert_true(cbp_kind_is_origin(CBP_MASTER_COMMIT));
	assert_true(cbp_kind_is_upstream(CBP_MASTER_COMMIT));
	assert_string_equal(cbp_kind_name(CBP_MASTER_COMMIT), "master commit");
}

/*
 * A backport robot's "Backport X from #N" (Grafana's projects: Loki has
 * 185 such lines, 34 of them on copies nothing else joins), and the
 * trailers "Backport-of: X" and "Upstream-commit: X" (OpenZFS), also
 * "Backport-of: commit X", and cri-o's "Cherry-picked: X".  Not a line
 * opening with "Backport" and an ID that says anything else, nor
 * "Backport X from #N" with more after it, nor one without a number,
 * nor the robot's line with "commit" before its ID.
 */
static void robot_and_trailer_forms(void **state)
{
	static const struct want want[] = {
		{ CBP_BACKPORTED, 3, "5c8fd520d3a51333b1bdc3600af4b5d3b527a433" },
		{ CBP_BACKPORTED, 4, "b1c6ac2" },
		{ CBP_BACKPORTED, 5, "3399a30ee02d" },
		{ CBP_UPSTREAM_LINE, 6, "b8d9679f3644" },
		{ CBP_BACKPORTED, 7, "8307c42" },
		{ CBP_BACKPORTED, 15, "ae4a05b5456a" },
		{ CBP_CHERRY_PICK, 16, "801be03645dd" },
		{ CBP_CHERRY_PICK, 17, "44d9073dd113" },
	};
	struct found f = parse("[release-2.8.x] fix(cache): once (#11779)\n\n"
			       "Backport 5c8fd520d3a51333b1bdc3600af4b5d3b527a433 from #11776\n"
			       "  backport b1c6ac2 from  #21343\n"
			       "Backport-of: 3399a30ee02d\n"
			       "Upstream-commit: b8d9679f3644\n"
			       "BACKPORT 8307c42 FROM #14110\n"
			       "Backport 1a2b3c4 to the 2.x branch\n"
			       "Backport 1a2b3c4 from #12 and more\n"
			       "Backport 1a2b3c4 from #\n"
			       "Backport 1a2b3c4 from 12\n"
			       "Backport 1a2b3c4d: it is broken\n"
			       "Upstream-commit:1a2b3c4d\n"
			       "Backport commit 1a2b3c4 from #12\n"
			       "Backport-of: commit ae4a05b5456a\n"
			       "Cherry-picked: 801be03645dd\n"
			       "cherry-picked: commit 44d9073dd113\n"
			       "Cherry-picked: from the 1.2 branch\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
}

/*
 * More wordings met on release branches: Samba's "(back-ported from
 * commit X)" and "(cherry picked from parts of commit X)", SSSD's
 * "(cherry picked with fixes from commit X)", and a line that is "From
 * [master ]commit X." alone (Open vSwitch's, glibc's), and one that is
 * "Revert [commit] X" alone (FreeIPA's).  Not "From commit X on, ...",
 * nor another project's commit, nor "Revert X because ...".
 */
static void more_wordings(void **state)
{
	static const struct want want[] = {
		{ CBP_BACKPORTED, 3, "0515dded4ddb" },
		{ CBP_CHERRY_PICK, 4, "35c8ebdca261" },
		{ CBP_CHERRY_PICK, 5, "580d61884b6c" },
		{ CBP_CHERRY_PICK, 6, "17e339d58c57" },
		{ CBP_BACKPORTED, 7, "b7ab73163cc8" },
		{ CBP_BACKPORTED, 8, "d846c2838942" },
		{ CBP_REVERTS, 14, "d705320ec136" },
		{ CBP_REVERTS, 15, "5b95be802c6a" },
	};
	struct found f = parse("s\n\n"
			       "(back-ported from commit 0515dded4ddb)\n"
			       "(cherry picked from parts of commit 35c8ebdca261)\n"
			       "(cherry picked with fixes from commit 580d61884b6c)\n"
			       "(Cherry picked with changes from commit 17e339d58c57)\n"
			       "From master commit b7ab73163cc8.\n"
			       "  from commit d846c2838942\n"
			       "From commit 2e274cd8c1eb on, it breaks.\n"
			       "From master commit 2e274cd8c1eb and 6bbf72983230.\n"
			       "From 2e274cd8c1eb Mon Sep 17 00:00:00 2001\n"
			       "(cherry picked from heimdal commit 4c6976a6bdf8)\n"
			       "fixed with changes from commit 2e274cd8c1eb\n"
			       "Revert commit d705320ec136\n"
			       "Revert 5b95be802c6a.\n"
			       "Revert 5b95be802c6a because it broke\n"
			       "Revert commits 5b95be802c6a and 2e274cd8c1eb\n"
			       "Reverted 5b95be802c6a.\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
}

/*
 * Gerrit's Change-Id: one line "Change-Id: I" and 40 hex digits names the
 * change; none, a malformed one, or two different ones name none.
 */
#define CHID	"I3b5e4e84762aa253d46e69103f7b1e84ebefca1d"

/* cbp_change_id() of a string constant, without its NUL. */
#define CHANGE_ID(str, out)	cbp_change_id(str, sizeof(str) - 1, out)

static void change_id_line(void **state)
{
	char out[CBP_CHANGE_ID_SIZE];

	(void)state;
	assert_int_equal(CHANGE_ID("s\n\nSigned-off-by: A <a@b>\n"
				   "CHANGE-ID:  I3B5E4E84762AA253D46E69103F7B1E84EBEFCA1D\r\n"
				   "Acked-by: B <b@c>\n", out), 1);
	assert_string_equal(out, CHID);
	/* A quote of another change's, indented, is not the message's own. */
	assert_int_equal(CHANGE_ID("s\n\nFollows up on:\n"
				   "    Change-Id: I0123456789012345678901234567890123456789\n"
				   "\tChange-Id: I0123456789012345678901234567890123456780\n\n"
				   "Change-Id: " CHID "\n", out), 1);
	assert_string_equal(out, CHID);
	assert_int_equal(CHANGE_ID("s\n\n  Change-Id: " CHID "\n", out), 0);
	assert_int_equal(CHANGE_ID("s\n\nChange-Id: " CHID "\n"
				   "change-id:\t" CHID "  \r\n", out), 1);
	assert_string_equal(out, CHID);
	assert_int_equal(CHANGE_ID("s\n\nChange-Id: " CHID "\n"
				   "Change-Id: I0123456789012345678901234567890123456789\n",
				   out), 0);
	assert_string_equal(out, "");
	/* Not a Change-Id: no "I", 39 or 41 digits, text after, not at the start. */
	assert_int_equal(CHANGE_ID("Change-Id: 3b5e4e84762aa253d46e69103f7b1e84ebefca1d\n",
				   out), 0);
	assert_int_equal(CHANGE_ID("Change-Id: I3b5e4e84762aa253d46e69103f7b1e84ebefca1\n",
				   out), 0);
	assert_int_equal(CHANGE_ID("Change-Id: I3b5e4e84762aa253d46e69103f7b1e84ebefca1d0\n",
				   out), 0);
	assert_int_equal(CHANGE_ID("Change-Id: " CHID " (2.6)\n", out), 0);
	assert_int_equal(CHANGE_ID("the Change-Id: " CHID "\n", out), 0);
	/* Not NUL-terminated: the last digit is past the length. */
	assert_int_equal(cbp_change_id("Change-Id: " CHID, 51, out), 0);
	assert_int_equal(cbp_change_id("Change-Id: " CHID, 52, out), 1);
	assert_string_equal(cbp_kind_name(CBP_SAME_CHANGE_ID), "same Change-Id");
	assert_false(cbp_kind_is_origin(CBP_SAME_CHANGE_ID));
	assert_true(cbp_kind_is_found(CBP_SAME_CHANGE_ID));
	assert_true(cbp_kind_is_found(CBP_SAME_PATCH_ID));
	assert_true(cbp_kind_is_found(CBP_SAME_AUTHOR_DATE));
	assert_false(cbp_kind_is_found(CBP_CHERRY_PICK));
	assert_false(cbp_kind_is_found(CBP_MASTER_COMMIT));
}

static void fixes_with_subject(void **state)
{
	struct found f = parse("s\n\nFixes: c9b7c809b89f (\"drm/amd: a \"quoted\" word\")\n"
			       "Stable-dep-of: 0123456789ab (\"dep\")\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_int_equal(f.c[0].kind, CBP_FIXES);
	assert_string_equal(f.c[0].hex, "c9b7c809b89f");
	assert_string_equal(f.quoted[0], "drm/amd: a \"quoted\" word");
	assert_int_equal(f.c[1].kind, CBP_STABLE_DEP_OF);
	assert_string_equal(f.quoted[1], "dep");
}

/*
 * "Fixes: commit X" (Redis's 3a5905fa8 names two so) cites X as the plain
 * form does; "commit" must be a word of its own, and a word after it is
 * no ID.  So does glibc's "Fixes commit X" opening a line (220 on its
 * release branches), not in the middle of one.
 */
static void fixes_commit_word(void **state)
{
	struct found f = parse("s\n\nFixes: commit " ID40 "\n"
			       "fixes:  COMMIT\t0123456789ab (\"quoted\")\n"
			       "Stable-dep-of: commit abcdef0\n"
			       "Fixes: commit message typo\n"
			       "Fixes: commit0123456789ab\n"
			       "Fixes: commits 0123456789ab\n"
			       "Fixes commit 3014dec3ad47 (\"x86: remove it\")\n"
			       "  fixes commit 0344c41aca0d (SSS_CLIENT: check it)\n"
			       "Fixes commit message typo\n"
			       "This fixes commit 0123456789ab\n"
			       "Fixes commits 0123456789ab\n");

	(void)state;
	assert_int_equal(f.nr, 5);
	assert_int_equal(f.c[0].kind, CBP_FIXES);
	assert_string_equal(f.c[0].hex, ID40);
	assert_int_equal(f.c[1].kind, CBP_FIXES);
	assert_string_equal(f.c[1].hex, "0123456789ab");
	assert_string_equal(f.quoted[1], "quoted");
	assert_int_equal(f.c[2].kind, CBP_STABLE_DEP_OF);
	assert_string_equal(f.c[2].hex, "abcdef0");
	assert_int_equal(f.c[3].kind, CBP_FIXES);
	assert_string_equal(f.c[3].hex, "3014dec3ad47");
	assert_string_equal(f.quoted[3], "x86: remove it");
	assert_int_equal(f.c[4].kind, CBP_FIXES);
	assert_string_equal(f.c[4].hex, "0344c41aca0d");
}

/* ('subject') is read as ("subject"); a quote of the other kind is text. */
static void fixes_with_single_quotes(void **state)
{
	struct found f = parse("s\n\nFixes: c9b7c809b89f ('drm/amd: don't \"leak\"')\n"
			       "Fixes: 0123456789ab (drm/amd: bare)\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_string_equal(f.quoted[0], "drm/amd: don't \"leak\"");
	assert_string_equal(f.quoted[1], "");
}

static void revert_forms(void **state)
{
	struct found f = parse("Revert \"drm/xe: a \"quoted\" change\"\n\n"
			       "This reverts commit " ID40 ".\n"
			       "  this REVERTS commit 0123456789ab, which broke it\n"
			       "This reverts commit\n"
			       "This reverts commits 0123456789ab and " ID40B "\n"
			       "Thisreverts commit 0123456789ab\n");
	struct found g = parse("\n\nRevert \"Revert \"drm/xe: x\"\"\r\n\r\n"
			       "This reverts commit abcdef0.\r\n");
	struct found h = parse("drm/xe: undo the change\n\n"
			       "This reverts commit " ID40B ".\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_int_equal(f.c[0].kind, CBP_REVERTS);
	assert_string_equal(f.c[0].hex, ID40);
	assert_int_equal(f.c[0].line, 3);
	assert_string_equal(f.quoted[0], "drm/xe: a \"quoted\" change");
	assert_int_equal(f.c[1].kind, CBP_REVERTS);
	assert_string_equal(f.c[1].hex, "0123456789ab");
	assert_string_equal(f.quoted[1], "drm/xe: a \"quoted\" change");
	/* A revert of a revert quotes the reverted revert's subject. */
	assert_int_equal(g.nr, 1);
	assert_string_equal(g.c[0].hex, "abcdef0");
	assert_string_equal(g.quoted[0], "Revert \"drm/xe: x\"");
	/* Without a 'Revert "S"' subject there is nothing quoted. */
	assert_int_equal(h.nr, 1);
	assert_int_equal(h.c[0].kind, CBP_REVERTS);
	assert_null(h.c[0].quoted);
	assert_false(cbp_kind_is_origin(CBP_REVERTS));
}

/* Go's reverts name the CL beside the commit, in several orders. */
static void revert_forms_with_a_cl(void **state)
{
	static const struct want want[] = {
		{ CBP_REVERTS, 3, "0123456789ab" },
		{ CBP_REVERTS, 4, "0123456789ab" },
		{ CBP_REVERTS, 5, "0123456789ab" },
		{ CBP_REVERTS, 6, "0123456789ab" },
		{ CBP_REVERTS, 7, "0123456789ab" },
		{ CBP_REVERTS, 8, "0123456789ab" },
		{ CBP_REVERTS, 9, "0123456789ab" },
	};
	struct found f = parse("Revert \"go/analysis: add Sizes\"\n\n"
			       "This reverts CL 501495 (commit 0123456789ab).\n"
			       "This reverts CL 501495 (0123456789ab)\n"
			       "This reverts CL 501495, commit 0123456789ab.\n"
			       "This reverts CL 501495/commit 0123456789ab.\n"
			       "This reverts commit CL 501495 0123456789ab.\n"
			       "This reverts 0123456789ab (CL 501495).\n"
			       "This reverts commit 0123456789ab, golang.org/cl/501495.\n"
			       "This reverts CL 1234567.\n"
			       "This reverts https://golang.org/cl/501495.\n"
			       "This reverts a previous change.\n"
			       "This reverts CL abcdef0123 for now.\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
	assert_string_equal(f.quoted[0], "go/analysis: add Sizes");
}

static void case_and_crlf(void **state)
{
	struct found f = parse("s\r\n\r\nfixes: ABCDEF1234567 (\"x\")\r\n"
			       "  COMMIT 0123456789AB UPSTREAM\r\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_string_equal(f.c[0].hex, "abcdef1234567");
	assert_string_equal(f.quoted[0], "x");
	assert_int_equal(f.c[1].kind, CBP_UPSTREAM);
	assert_string_equal(f.c[1].hex, "0123456789ab");
}

static void malformed_rejected(void **state)
{
	struct found f = parse("s\n\nFixes: 123456 (\"too short\")\n"
			       "Fixes: 0123456789abcdefg (\"not hex\")\n"
			       "Fixes: " ID40 "0 (\"41 digits\")\n"
			       "Fixes:\n"
			       "commit 0123456789ab is upstream\n"
			       "[ Upstream commitment 0123456789ab ]\n"
			       "(cherry picked from commit )\n"
			       "(picked from commit 0123456789ab)\n"
			       "Reported-by: commit 0123456789ab upstream\n");

	(void)state;
	assert_int_equal(f.nr, 0);
}

/*
 * A hex run that a longer name goes on from is no ID: FFmpeg cites the
 * fuzzer's test cases, and UUIDs, files and versions start with digits
 * too.  A full stop, colon or comma after the ID ends the sentence.
 */
static void names_starting_with_hex(void **state)
{
	static const struct want want[] = {
		{ CBP_FIXES, 9, "0123456789ab" },
		{ CBP_FIXES, 10, "0123456789ab" },
		{ CBP_REVERTS, 11, "0123456789ab" },
		{ CBP_CHERRY_PICK, 12, "0123456789ab" },
	};
	struct found f = parse("s\n\n"
			       "Fixes: 68959485/clusterfuzz-testcase-minimized-ffmpeg\n"
			       "Fixes: 3f2a1b4c-9d8e-4f00-a1b2-0123456789ab\n"
			       "Fixes: 0123456789ab.patch\n"
			       "Fixes: 0123456_dead (\"a name\")\n"
			       "Fixes: 0123456789ab:drivers/gpu\n"
			       "Fixes: 0123456789ab=\n"
			       "Fixes: 0123456789ab: a colon ending it\n"
			       "Fixes: 0123456789ab, and more\n"
			       "This reverts commit 0123456789ab.\n"
			       "(cherry picked from commit 0123456789ab)\n");

	(void)state;
	expect(&f, want, ARRAY_SIZE(want));
}

static int collect_all(const char *msg, struct found *f)
{
	f->nr = 0;
	return cbp_scan_message(msg, strlen(msg), CBP_SCAN_MALFORMED, collect, f);
}

static void malformed_reported_when_asked(void **state)
{
	static const char msg[] =
		"s\n\n(cherry picked from commit " ID40 "0)\n"
		"commit 5" ID40 " upstream\n"
		"Fixes: " ID40 ID40 " (\"two run together\")\n"
		"Fixes: 123456 (\"too short: still ignored\")\n"
		"Fixes: " ID40 "0g (\"not hex: still ignored\")\n"
		"(cherry-picked from commit " ID40B ")\n";
	struct found f;

	(void)state;
	assert_int_equal(collect_all(msg, &f), 0);
	assert_int_equal(f.nr, 4);
	assert_int_equal(f.c[0].kind, CBP_CHERRY_PICK);
	assert_true(f.c[0].malformed);
	assert_int_equal(f.c[0].hexlen, 41);
	assert_string_equal(f.c[0].hex, ID40 "0");
	assert_int_equal(f.c[0].line, 3);
	assert_int_equal(f.c[1].kind, CBP_UPSTREAM);
	assert_true(f.c[1].malformed);
	assert_string_equal(f.c[1].hex, "5" ID40);
	/* 80 digits: the first 64 are kept, the count is the real one. */
	assert_int_equal(f.c[2].kind, CBP_FIXES);
	assert_int_equal(f.c[2].hexlen, 80);
	assert_int_equal(strlen(f.c[2].hex), CBP_CITE_HEX_MAX);
	assert_string_equal(f.quoted[2], "two run together");
	assert_false(f.c[3].malformed);
	assert_string_equal(f.c[3].hex, ID40B);

	/* Without the flag, the same message has only the good one. */
	f = parse(msg);
	assert_int_equal(f.nr, 1);
	assert_false(f.c[0].malformed);
}

static void fixes_without_quote(void **state)
{
	struct found f = parse("Fixes: 0123456789ab\nFixes: 0123456789ac (\"unterminated\n");

	(void)state;
	assert_int_equal(f.nr, 2);
	assert_null(f.c[0].quoted);
	assert_string_equal(f.quoted[1], "unterminated");
}

static void not_nul_terminated(void **state)
{
	char buf[64];
	struct found f = { .nr = 0 };
	static const char msg[] = "Fixes: 0123456789ab";

	(void)state;
	memcpy(buf, msg, sizeof(msg) - 1);
	memset(buf + sizeof(msg) - 1, 'f', sizeof(buf) - sizeof(msg) + 1);
	/* Only the first 13 bytes are the message: the ID is cut short. */
	assert_int_equal(cbp_parse_message(buf, 13, collect, &f), 0);
	assert_int_equal(f.nr, 0);
	assert_int_equal(cbp_parse_message(buf, sizeof(msg) - 1, collect, &f), 0);
	assert_int_equal(f.nr, 1);
	assert_string_equal(f.c[0].hex, "0123456789ab");
}

/*
 * A message cut anywhere, even inside a keyword, is read up to its end
 * and no further: each prefix of a message citing in every form parses
 * the same with the rest of the message after it as with other bytes.
 */
static void cut_anywhere(void **state)
{
	static const char msg[] =
		"drm/x: fix\n\nCherry-picked from commit 0123456789ab.\n"
		"(cherry picked from commit 123456789abc)\n"
		"Backport of commit 23456789abcd\n"
		"[ Upstream commit 3456789abcde ]\n"
		"commit 456789abcdef upstream.\n"
		"This reverts commit 56789abcdef0.\n"
		"master commit: 6789abcdef01\n"
		"Fixes: 789abcdef012 (\"drm/x: add it\")\n";
	char other[sizeof(msg)];
	size_t n, i;

	(void)state;
	for (n = 0; n < sizeof(msg); n++) {
		struct found whole = { .nr = 0 }, cut = { .nr = 0 };

		memcpy(other, msg, n);
		memset(other + n, 'x', sizeof(other) - n);
		assert_int_equal(cbp_parse_message(msg, n, collect, &whole), 0);
		assert_int_equal(cbp_parse_message(other, n, collect, &cut), 0);
		assert_int_equal(whole.nr, cut.nr);
		for (i = 0; i < (size_t)whole.nr; i++) {
			assert_int_equal(whole.c[i].kind, cut.c[i].kind);
			assert_string_equal(whole.c[i].hex, cut.c[i].hex);
		}
	}
	/* The whole message cites in every form, or the cuts prove little. */
	assert_int_equal(parse(msg).nr, 8);
}

static void callback_stops_scan(void **state)
{
	struct found f = { .nr = 16 };	/* full: collect() returns 1 */

	(void)state;
	assert_int_equal(cbp_parse_message("Fixes: 0123456789ab\n", 20, collect,
					   &f), 1);
	assert_int_equal(cbp_parse_message(NULL, 0, collect, &f), 0);
}

static void subject_first_paragraph(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(cbp_subject("\n\n  drm/xe: one\ntwo\040\040\n\nbody\n", 26,
				     out, sizeof(out)), 15);
	assert_string_equal(out, "drm/xe: one two");
	cbp_subject("", 0, out, sizeof(out));
	assert_string_equal(out, "");
	cbp_subject("\n\n\n", 3, out, sizeof(out));
	assert_string_equal(out, "");
}

static void subject_truncated(void **state)
{
	char out[8];

	(void)state;
	assert_int_equal(cbp_subject("abcdefghijk", 11, out, sizeof(out)), 7);
	assert_string_equal(out, "abcdefg");
	/* A 2-byte character that does not fit is dropped whole. */
	assert_int_equal(cbp_subject("abcdef\xc3\xa9", 8, out, sizeof(out)), 6);
	assert_string_equal(out, "abcdef");
}

static void sanitize_bad_utf8(void **state)
{
	char out[32];

	(void)state;
	cbp_sanitize("a\377b\300\257z\342\202\254\t\001", 11, out, sizeof(out));
	assert_string_equal(out, "a?b??z\xe2\x82\xac  ");
	/* Surrogates and truncated sequences are not valid UTF-8. */
	cbp_sanitize("\355\240\200x\342\202", 6, out, sizeof(out));
	assert_string_equal(out, "???x??");
}

static void kind_names(void **state)
{
	(void)state;
	assert_true(cbp_kind_is_origin(CBP_CHERRY_PICK));
	assert_true(cbp_kind_is_origin(CBP_BACKPORTED));
	assert_false(cbp_kind_is_origin(CBP_FIXES));
	assert_false(cbp_kind_is_origin(CBP_STABLE_DEP_OF));
	assert_false(cbp_kind_is_origin(CBP_REVERTS));
	assert_true(cbp_kind_is_upstream(CBP_UPSTREAM));
	assert_true(cbp_kind_is_upstream(CBP_UPSTREAM_LINE));
	assert_false(cbp_kind_is_upstream(CBP_CHERRY_PICK));
	assert_false(cbp_kind_is_upstream(CBP_BACKPORTED));
	assert_false(cbp_kind_is_upstream(CBP_SAME_PATCH_ID));
	assert_false(cbp_kind_is_upstream(CBP_FIXES));
	assert_string_equal(cbp_kind_name(CBP_FIXES), "Fixes");
	assert_string_equal(cbp_kind_name(99), "unknown");
	/* A copy found by its patch-id is no trailer a message has. */
	assert_false(cbp_kind_is_origin(CBP_SAME_PATCH_ID));
	assert_string_equal(cbp_kind_name(CBP_SAME_PATCH_ID),
			    "same patch-id, no trailer");
	/* Nor is a commit a cited merge brought in: the builder finds it. */
	assert_false(cbp_kind_is_origin(CBP_MERGED));
	assert_false(cbp_kind_is_upstream(CBP_MERGED));
	assert_true(cbp_kind_is_found(CBP_MERGED));
	assert_false(cbp_kind_is_revert(CBP_MERGED));
	assert_string_equal(cbp_kind_name(CBP_MERGED),
			    "brought in by the merge it cites");
}

/**
 * main() - run the tests, reporting in TAP
 *
 * Return: the number of failed tests.
 */
int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(cherry_pick_anywhere),
		cmocka_unit_test(two_on_one_line),
		cmocka_unit_test(upstream_forms),
		cmocka_unit_test(from_forms),
		cmocka_unit_test(from_forms_not),
		cmocka_unit_test(from_forms_of_this_commit),
		cmocka_unit_test(noun_forms),
		cmocka_unit_test(backport_of_forms),
		cmocka_unit_test(master_commit_form),
		cmocka_unit_test(robot_and_trailer_forms),
		cmocka_unit_test(more_wordings),
		cmocka_unit_test(change_id_line),
		cmocka_unit_test(fixes_with_subject),
		cmocka_unit_test(case_and_crlf),
		cmocka_unit_test(malformed_rejected),
		cmocka_unit_test(names_starting_with_hex),
		cmocka_unit_test(malformed_reported_when_asked),
		cmocka_unit_test(fixes_without_quote),
		cmocka_unit_test(not_nul_terminated),
		cmocka_unit_test(cut_anywhere),
		cmocka_unit_test(callback_stops_scan),
		cmocka_unit_test(subject_first_paragraph),
		cmocka_unit_test(subject_truncated),
		cmocka_unit_test(sanitize_bad_utf8),
		cmocka_unit_test(fixes_with_single_quotes),
		cmocka_unit_test(fixes_commit_word),
		cmocka_unit_test(kind_names),
		cmocka_unit_test(revert_forms),
		cmocka_unit_test(revert_forms_with_a_cl),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("trailer", tests, NULL, NULL);
}
