// SPDX-License-Identifier: GPL-2.0
/*
 * Harness self-test: a suite that fails on purpose.
 *
 * Never part of the normal run.  scripts/kunit-uml-selftest loads it to prove
 * that the runner turns a failed expectation into a failed run.
 */

#include <kunit/test.h>

#include <drm_fixport/fixport_cs.h>

static void selftest_expect_wrong_encoding(struct kunit *test)
{
	/* Deliberately wrong: clearing a masked bit keeps its mask bit. */
	KUNIT_EXPECT_EQ(test, fixport_masked_field(BIT(3), 0), 0u);
}

static struct kunit_case selftest_fail_cases[] = {
	KUNIT_CASE(selftest_expect_wrong_encoding),
	{}
};

static struct kunit_suite selftest_fail_suite = {
	.name = "fixport_selftest_fail",
	.test_cases = selftest_fail_cases,
};

kunit_test_suite(selftest_fail_suite);

MODULE_DESCRIPTION("drm-fixport harness self-test: a failing suite");
MODULE_LICENSE("GPL");
