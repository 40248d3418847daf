// SPDX-License-Identifier: GPL-2.0
/*
 * Harness self-test: a suite that passes but warns.
 *
 * Every expectation holds, yet the kernel log carries a WARNING: the runner
 * must still call the run failed, because a warning in a driver path is a
 * bug even when the test's own checks pass.
 */

#include <kunit/test.h>

#include <drm_fixport/fixport_cs.h>

static void selftest_masked_field_warns(struct kunit *test)
{
	/* A value outside its mask is dropped, with a WARN. */
	KUNIT_EXPECT_EQ(test, fixport_masked_field(BIT(3), BIT(4)), 0x00080000u);
}

static struct kunit_case selftest_warn_cases[] = {
	KUNIT_CASE(selftest_masked_field_warns),
	{}
};

static struct kunit_suite selftest_warn_suite = {
	.name = "fixport_selftest_warn",
	.test_cases = selftest_warn_cases,
};

kunit_test_suite(selftest_warn_suite);

MODULE_DESCRIPTION("drm-fixport harness self-test: a suite that warns");
MODULE_LICENSE("GPL");
