// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the bounded command-stream writer.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include <drm_fixport/fixport_cs.h>

#define CS_TEST_SIZE	8
#define CS_TEST_GUARD	4
#define CS_POISON	0x5a5a5a5au

struct cs_test_ctx {
	u32 buf[CS_TEST_SIZE + CS_TEST_GUARD];
	struct fixport_cs cs;
};

static int cs_test_init(struct kunit *test)
{
	struct cs_test_ctx *ctx;
	int i;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);

	for (i = 0; i < ARRAY_SIZE(ctx->buf); i++)
		ctx->buf[i] = CS_POISON;
	fixport_cs_init(&ctx->cs, ctx->buf, CS_TEST_SIZE);
	test->priv = ctx;
	return 0;
}

static void expect_guard_intact(struct kunit *test, struct cs_test_ctx *ctx)
{
	int i;

	for (i = CS_TEST_SIZE; i < ARRAY_SIZE(ctx->buf); i++)
		KUNIT_EXPECT_EQ_MSG(test, ctx->buf[i], CS_POISON,
				    "guard dword %d overwritten", i);
}

static void cs_emit_fills_in_order(struct kunit *test)
{
	struct cs_test_ctx *ctx = test->priv;
	u32 i;

	for (i = 0; i < CS_TEST_SIZE; i++)
		KUNIT_ASSERT_EQ(test, fixport_cs_emit(&ctx->cs, 0x100 + i), 0);

	KUNIT_EXPECT_EQ(test, ctx->cs.len, CS_TEST_SIZE);
	KUNIT_EXPECT_EQ(test, fixport_cs_space(&ctx->cs), 0);
	KUNIT_EXPECT_FALSE(test, ctx->cs.overflow);
	for (i = 0; i < CS_TEST_SIZE; i++)
		KUNIT_EXPECT_EQ(test, ctx->buf[i], 0x100 + i);
	expect_guard_intact(test, ctx);
}

static void cs_emit_refuses_past_end(struct kunit *test)
{
	struct cs_test_ctx *ctx = test->priv;
	u32 i;

	for (i = 0; i < CS_TEST_SIZE; i++)
		fixport_cs_emit(&ctx->cs, i);

	KUNIT_EXPECT_EQ(test, fixport_cs_emit(&ctx->cs, 0xdead), -ENOSPC);
	KUNIT_EXPECT_TRUE(test, ctx->cs.overflow);
	KUNIT_EXPECT_EQ(test, ctx->cs.len, CS_TEST_SIZE);
	expect_guard_intact(test, ctx);
}

static void cs_emit_array_all_or_nothing(struct kunit *test)
{
	struct cs_test_ctx *ctx = test->priv;
	static const u32 cmd[] = { 1, 2, 3, 4, 5 };

	KUNIT_ASSERT_EQ(test, fixport_cs_emit_array(&ctx->cs, cmd, 5), 0);
	KUNIT_EXPECT_EQ(test, ctx->cs.len, 5);

	/* Three dwords left: a five-dword command must not be split. */
	KUNIT_EXPECT_EQ(test, fixport_cs_emit_array(&ctx->cs, cmd, 5), -ENOSPC);
	KUNIT_EXPECT_EQ(test, ctx->cs.len, 5);
	KUNIT_EXPECT_TRUE(test, ctx->cs.overflow);
	KUNIT_EXPECT_EQ(test, ctx->buf[5], CS_POISON);

	KUNIT_EXPECT_EQ(test, fixport_cs_emit_array(&ctx->cs, cmd, 3), 0);
	KUNIT_EXPECT_EQ(test, ctx->cs.len, CS_TEST_SIZE);
	KUNIT_EXPECT_EQ(test, ctx->buf[7], 3);
	expect_guard_intact(test, ctx);
}

struct masked_case {
	const char *desc;
	u32 mask;
	u32 value;
	u32 expected;
};

static const struct masked_case masked_cases[] = {
	{ "set bit 3 under its mask", BIT(3), BIT(3), 0x00080008 },
	{ "clear bit 3 under its mask", BIT(3), 0, 0x00080000 },
	{ "set one of two masked bits", BIT(3) | BIT(2), BIT(2), 0x000c0004 },
	{ "full low half", 0xffff, 0x1234, 0xffff1234 },
};

static void masked_case_desc(const struct masked_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(masked, masked_cases, masked_case_desc);

static void cs_masked_field_encoding(struct kunit *test)
{
	const struct masked_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, fixport_masked_field(c->mask, c->value),
			c->expected);
}

static struct kunit_case fixport_cs_cases[] = {
	KUNIT_CASE(cs_emit_fills_in_order),
	KUNIT_CASE(cs_emit_refuses_past_end),
	KUNIT_CASE(cs_emit_array_all_or_nothing),
	KUNIT_CASE_PARAM(cs_masked_field_encoding, masked_gen_params),
	{}
};

static struct kunit_suite fixport_cs_suite = {
	.name = "fixport_cs",
	.init = cs_test_init,
	.test_cases = fixport_cs_cases,
};

kunit_test_suite(fixport_cs_suite);

MODULE_DESCRIPTION("KUnit tests for the drm-fixport command-stream helpers");
MODULE_LICENSE("GPL");
