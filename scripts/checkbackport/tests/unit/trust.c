// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the rules of link trust (cmocka, TAP output): subject
 * normalisation as stable practice needs it, verdict names, and the
 * near-miss test on cited IDs.  Expected values are written out here
 * from the documented rules (Documentation/checkbackport.rst, "Link
 * trust").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/trust.h"

#define FULL "55039832f98c7e05f1cf9e0d8c12b2490abd0f16"

static const char *norm(const char *s)
{
	static char out[CBP_SUBJECT_MAX];

	cbp_subject_norm(s, out, sizeof(out), CBP_NORM_FOLD);
	return out;
}

static void prefixes_and_tags(void **state)
{
	(void)state;
	assert_string_equal(norm("[PATCH 6.1.y 2/3] drm/xe: Fix OA"),
			    "drm/xe: fix oa");
	assert_string_equal(norm("[PATCH v2] [stable-5.10] drm/xe: Fix OA"),
			    "drm/xe: fix oa");
	assert_string_equal(norm("BACKPORT: FROMGIT: drm/xe: Fix OA"),
			    "drm/xe: fix oa");
	assert_string_equal(norm("UPSTREAM: [PATCH] fromlist: drm/xe: Fix OA"),
			    "drm/xe: fix oa");
	assert_string_equal(norm("ANDROID: CHROMIUM: NOUPSTREAM: Re: x: y"),
			    "x: y");
	/* A subsystem that happens to be upper case stays. */
	assert_string_equal(norm("HID: fix a leak"), "hid: fix a leak");
	assert_string_equal(norm("ASoC: fix a leak"), "asoc: fix a leak");
	/* An unclosed bracket is text. */
	assert_string_equal(norm("[PATCH fix"), "[patch fix");
}

static void pasted_trailer(void **state)
{
	(void)state;
	assert_string_equal(norm("drm/xe: Fix OA (cherry picked from commit "
				 FULL ")"), "drm/xe: fix oa");
	assert_string_equal(norm("drm/xe: Fix OA  (Cherry-Picked From commit 1234567"),
			    "drm/xe: fix oa");
	assert_string_equal(norm("drm/xe: Fix OA (backported from commit x)"),
			    "drm/xe: fix oa");
	/* rpm's old branches: " - backported from commit X" at the end. */
	assert_string_equal(norm("Fix a leak - backported from commit " FULL),
			    "fix a leak");
	assert_string_equal(norm("Fix a leak - Cherry picked from commit 1234567"),
			    "fix a leak");
	/* A citation under the subject, no blank line between (docker/cli). */
	assert_string_equal(norm("Merged master Upstream-commit: " FULL
				 " Component: cli"), "merged master");
	assert_string_equal(norm("zfs: fix a leak Backport-of: " FULL),
			    "zfs: fix a leak");
	/* Not the subject's first word, nor without the colon and blank. */
	assert_string_equal(norm("Upstream-commit: x"), "upstream-commit: x");
	assert_string_equal(norm("Handle the upstream-commit:x line"),
			    "handle the upstream-commit:x line");
	/* Other parentheses stay, and other dashes. */
	assert_string_equal(norm("drm/xe: Fix OA (v2)"), "drm/xe: fix oa (v2)");
	assert_string_equal(norm("Fix a leak - backported from 4.19"),
			    "fix a leak - backported from 4.19");
}

static void blanks_and_case(void **state)
{
	char out[CBP_SUBJECT_MAX];

	(void)state;
	assert_string_equal(norm("  drm/xe:\tFix   OA  "), "drm/xe: fix oa");
	cbp_subject_norm("[PATCH] drm/xe:  Fix OA", out, sizeof(out), 0);
	assert_string_equal(out, "drm/xe: Fix OA");
	/* Non-ASCII bytes are kept as they are. */
	assert_string_equal(norm("drm: Fix \xc3\x84rger"), "drm: fix \xc3\x84rger");
}

/* What the search for copies without a trailer compares (CBP_NORM_COPY). */
static void copy_key(void **state)
{
	char out[CBP_SUBJECT_MAX];
	unsigned int f = CBP_NORM_FOLD | CBP_NORM_COPY;

	(void)state;
	cbp_subject_norm("fix(q): Keep the sketch [release-3.6.x] (#23771)",
			 out, sizeof(out), f);
	assert_string_equal(out, "fix(q): keep the sketch");
	cbp_subject_norm("[backport 2.x] fix: [a] x  (#12) y", out, sizeof(out), f);
	assert_string_equal(out, "fix: x y");
	/* Other parentheses, and "#" without a number, stay. */
	cbp_subject_norm("fix: x (v2) (#) (#12a)", out, sizeof(out), f);
	assert_string_equal(out, "fix: x (v2) (#) (#12a)");
	/* An unclosed bracket, and "(#" with no number closed, are text. */
	cbp_subject_norm("fix: [release x (#12", out, sizeof(out), f);
	assert_string_equal(out, "fix: [release x (#12");
	/* Nothing left of groups alone. */
	assert_int_equal(cbp_subject_norm("[release-1.0] (#3)", out,
					  sizeof(out), f), 0);
	/* Without the flag, groups after the start stay. */
	assert_string_equal(norm("fix: x [release-3.6.x] (#23771)"),
			    "fix: x [release-3.6.x] (#23771)");
}

static void truncation(void **state)
{
	char out[8];

	(void)state;
	assert_int_equal(cbp_subject_norm("[PATCH] abcdefghij", out,
					  sizeof(out), 0), 7);
	assert_string_equal(out, "abcdefg");
}

static void consistent_subjects(void **state)
{
	(void)state;
	assert_true(cbp_subjects_consistent("drm/xe: Fix OA",
					    "[PATCH 6.12] BACKPORT: drm/xe: fix  OA"));
	assert_false(cbp_subjects_consistent("drm/xe: Fix OA",
					     "drm/xe: Fix OA helpers"));
	assert_false(cbp_subjects_consistent("HID: fix a leak",
					     "USB: fix a leak"));
	/* A full stop ending one of them (OVS's 1c2a5f170fd9) is no part. */
	assert_true(cbp_subjects_consistent("ofproto: fix the ct_state flags.",
					    "ofproto: fix the ct_state flags"));
	assert_false(cbp_subjects_consistent("lib: v1.2", "lib: v1"));
	assert_false(cbp_subjects_consistent(".", "."));
	/* Nothing left is not a match. */
	assert_false(cbp_subjects_consistent("[PATCH]", "BACKPORT:"));
	/* A forge's pull request numbers ending it (ansible's backports). */
	assert_true(cbp_subjects_consistent("Set explicit meta type (#100) (#101)",
					    "Set explicit meta type (#100)"));
	assert_true(cbp_subjects_consistent("fix x. (#7)", "fix x"));
	assert_false(cbp_subjects_consistent("fix (#7) x", "fix x"));
	assert_false(cbp_subjects_consistent("fix x (#7a)", "fix x"));
	assert_false(cbp_subjects_consistent("fix x (#)", "fix x"));
	assert_false(cbp_subjects_consistent("fix x #7)", "fix x"));
	assert_false(cbp_subjects_consistent("(#3)", "(#4)"));
}

static void verdict_names(void **state)
{
	(void)state;
	assert_string_equal(cbp_trust_name(CBP_TRUST_SAME_SUBJECT), "consistent");
	assert_string_equal(cbp_trust_name(CBP_TRUST_SAME_PATCH), "consistent");
	assert_string_equal(cbp_trust_name(CBP_TRUST_ADAPTED), "adapted");
	assert_string_equal(cbp_trust_name(CBP_TRUST_SUSPICIOUS), "suspicious");
	assert_string_equal(cbp_trust_name(CBP_TRUST_UNJUDGED), "unjudged");
	assert_true(cbp_trust_followed(CBP_TRUST_ADAPTED));
	assert_true(cbp_trust_followed(CBP_TRUST_UNJUDGED));
	assert_false(cbp_trust_followed(CBP_TRUST_SUSPICIOUS));
	assert_string_equal(cbp_trust_name(CBP_TRUST_SQUASHED), "squashed");
	assert_string_equal(cbp_trust_name(CBP_TRUST_REVERT), "revert");
	assert_false(cbp_trust_followed(CBP_TRUST_SQUASHED));
	assert_false(cbp_trust_followed(CBP_TRUST_REVERT));
	/* Stored in the index: the values are fixed. */
	assert_int_equal(CBP_TRUST_SAME_PATCH, 2);
	assert_int_equal(CBP_TRUST_ADAPTED, 3);
	assert_int_equal(CBP_TRUST_SUSPICIOUS, 4);
	assert_int_equal(CBP_TRUST_SQUASHED, 5);
	assert_int_equal(CBP_TRUST_REVERT, 6);
}

static size_t near(const char *cited)
{
	return cbp_hex_near(cited, strlen(cited), FULL);
}

static void near_misses(void **state)
{
	(void)state;
	/* Exact or a plain prefix: no typo. */
	assert_int_equal(near(FULL), 0);
	assert_int_equal(near("55039832f98c"), 0);
	/* One digit doubled: 41 digits. */
	assert_int_equal(near("550398332f98c7e05f1cf9e0d8c12b2490abd0f16"), 40);
	/* One digit changed, in a full and in a short ID. */
	assert_int_equal(near("55039832f98c7e05f1cf9e0d8c12b2490abd0f17"), 40);
	assert_int_equal(near("65039832f98c7e05f1cf9e0d8c12b2490abd0f16"), 40);
	assert_int_equal(near("55039832f99c"), 12);
	assert_int_equal(near("55039832f98d"), 12);
	/* One digit missing, and one extra, in a short ID. */
	assert_int_equal(near("5503983f98c"), 12);
	assert_int_equal(near("550398322f98c"), 12);
	/* Two typos, or a different commit, are not near. */
	assert_int_equal(near("55039832f88d"), 0);
	assert_int_equal(near("5039832f98c7e05f1cf9e0d8c12b2490abd0f16aa"), 0);
	assert_int_equal(near("0123456789ab"), 0);
	/* 42 digits are two typos at least. */
	assert_int_equal(near("5550398332f98c7e05f1cf9e0d8c12b2490abd0f16"), 0);
	/* The result is never shorter than an abbreviation may be. */
	assert_int_equal(near("5503983"), 0);
	assert_int_equal(near("5513983"), 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(prefixes_and_tags),
		cmocka_unit_test(pasted_trailer),
		cmocka_unit_test(blanks_and_case),
		cmocka_unit_test(copy_key),
		cmocka_unit_test(truncation),
		cmocka_unit_test(consistent_subjects),
		cmocka_unit_test(verdict_names),
		cmocka_unit_test(near_misses),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
