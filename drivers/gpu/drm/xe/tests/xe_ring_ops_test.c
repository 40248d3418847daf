// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the ported xe ring ops.
 *
 * The expected streams are those of xe_ring_ops_expect.h, which the
 * conformance suite also runs against the target tree's xe_ring_ops.c.
 * A wrong opcode, a dropped flag, a wrong PPGTT bit or a dword missing in
 * the middle of a stream fails the case of the emitter that produced it.
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include <drm_fixport/fixport_cs.h>
#include <drm_fixport/xe_hw.h>
#include <drm_fixport/xe_ring_ops.h>

#include "xe_ring_ops_expect.h"

/**
 * struct ring_test_ctx - the fixture of one case
 * @vm: the VM of the queue, when the case gives it one; the ring ops only
 *	test the queue's VM for NULL
 * @lrc: the queue's two contexts (only width-2 cases use the second)
 * @gt_info: the GT of the queue, as the case describes it
 * @q: the exec queue
 * @job: the job, with a batch address per context
 * @buf: the ring space emitted into, then a poisoned guard
 */
struct ring_test_ctx {
	struct fixport_xe_vm vm;
	struct fixport_xe_lrc lrc[2];
	struct fixport_xe_gt_info gt_info;
	struct fixport_xe_exec_queue q;
	struct fixport_xe_sched_job *job;
	u32 buf[RING_BUF_DW];
};

static int ring_test_init(struct kunit *test)
{
	struct ring_test_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->job = kunit_kzalloc(test, struct_size(ctx->job, batch_addr, 2),
				 GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->job);

	ctx->lrc[0] = (struct fixport_xe_lrc){
		TS_ADDR, START_SEQNO_ADDR, SEQNO_ADDR
	};
	ctx->lrc[1] = (struct fixport_xe_lrc){
		TS_ADDR_1, START_SEQNO_ADDR_1, SEQNO_ADDR_1
	};
	ctx->q.width = 1;
	ctx->q.lrc = ctx->lrc;
	ctx->job->q = &ctx->q;
	ctx->job->seqno = SEQNO;
	ctx->job->batch_addr[0] = (u64)BATCH_HI << 32 | BATCH_LO;
	ctx->job->batch_addr[1] = (u64)BATCH1_HI << 32 | BATCH1_LO;
	ctx->job->user_fence.addr = (u64)UFENCE_HI << 32 | UFENCE_LO;
	ctx->job->user_fence.value = (u64)UFENCE_VAL_HI << 32 | UFENCE_VAL_LO;

	test->priv = ctx;
	return 0;
}

static void ring_setup(struct ring_test_ctx *ctx, const struct emitter_case *e,
		       bool vm, bool ggtt)
{
	ctx->q.class = e->class;
	ctx->q.mmio_base = e->mmio_base;
	ctx->gt_info = (struct fixport_xe_gt_info){
		.graphics_verx100 = e->gt->graphics_verx100,
		.has_render = e->gt->has_render,
		.has_aux_ccs = e->gt->has_aux_ccs,
		.wa_1409600907 = e->gt->wa_1409600907,
		.wa_16020292621 = e->gt->wa_16020292621,
		.mmio_adj_offset = e->gt->mmio_adj_offset,
	};
	ctx->q.gt_info = &ctx->gt_info;
	ctx->q.vm = vm ? &ctx->vm : NULL;
	ctx->job->ggtt = ggtt;
	ctx->job->ring_ops_flush_tlb = e->flush_tlb;
	ctx->job->user_fence.used = e->user_fence;
}

/*
 * Emit LRC @lrc_idx of the job into a poisoned buffer of which @size
 * dwords are offered; returns what the emitter returned and the length.
 */
static int ring_emit(struct ring_test_ctx *ctx, unsigned int lrc_idx,
		     u32 size, u32 *len)
{
	struct fixport_cs cs;
	int i, ret;

	for (i = 0; i < RING_BUF_DW; i++)
		ctx->buf[i] = RING_POISON;
	fixport_cs_init(&cs, ctx->buf, size);
	ret = fixport_xe_ring_emit_job(ctx->job, lrc_idx, &cs);
	*len = cs.len;
	return ret;
}

static void expect_untouched_from(struct kunit *test, const u32 *buf, u32 from)
{
	u32 i;

	for (i = from; i < RING_BUF_DW; i++)
		KUNIT_EXPECT_EQ_MSG(test, buf[i], RING_POISON,
				    "dword %u written past the stream", i);
}

/* The whole stream, dword by dword, with one dword allowed to differ. */
static void expect_stream(struct kunit *test, const struct emitter_case *e,
			  const u32 *buf, u32 len, u32 bb_start)
{
	u32 i, want;

	KUNIT_EXPECT_EQ_MSG(test, len, e->len, "stream length in dwords");
	for (i = 0; i < min(len, e->len); i++) {
		want = i == e->bb ? bb_start : e->dw[i];
		KUNIT_EXPECT_EQ_MSG(test, buf[i], want,
				    "dword %u: 0x%08x, want 0x%08x", i, buf[i],
				    want);
	}
	expect_untouched_from(test, buf, len);
}

/* The complete stream of each emitter, for a PPGTT job on a VM queue. */
static void ring_stream_exact(struct kunit *test)
{
	const struct emitter_case *e = test->param_value;
	struct ring_test_ctx *ctx = test->priv;
	u32 len;

	ring_setup(ctx, e, true, false);
	KUNIT_ASSERT_EQ(test, ring_emit(ctx, 0, JOB_MAX_DW, &len), 0);
	expect_stream(test, e, ctx->buf, len, BB_START | BB_START_PPGTT_BIT);
}

/*
 * The bound at its edge: a ring with exactly the stream's length takes
 * it; one dword less is refused, and nothing lands past what was offered.
 */
static void ring_stream_exact_fit(struct kunit *test)
{
	const struct emitter_case *e = test->param_value;
	struct ring_test_ctx *ctx = test->priv;
	u32 len;

	ring_setup(ctx, e, true, false);
	KUNIT_EXPECT_EQ(test, ring_emit(ctx, 0, e->len, &len), 0);
	expect_stream(test, e, ctx->buf, len, BB_START | BB_START_PPGTT_BIT);

	KUNIT_EXPECT_EQ(test, ring_emit(ctx, 0, e->len - 1, &len), -ENOSPC);
	KUNIT_EXPECT_LT(test, len, e->len);
	expect_untouched_from(test, ctx->buf, e->len - 1);
}

/*
 * Bit 8 of the batch start is set exactly for a PPGTT job on a queue with
 * a VM; a GGTT job (the OA batch) clears it even there.  Nothing else in
 * the stream depends on either.
 */
static void ring_ppgtt_flag_matrix(struct kunit *test)
{
	const struct ppgtt_case c = ppgtt_case_of(test->param_value);
	struct ring_test_ctx *ctx = test->priv;
	bool ppgtt = c.vm && !c.ggtt;
	u32 len;

	ring_setup(ctx, c.e, c.vm, c.ggtt);
	KUNIT_ASSERT_EQ(test, ring_emit(ctx, 0, JOB_MAX_DW, &len), 0);
	KUNIT_ASSERT_LT(test, c.e->bb, len);
	KUNIT_EXPECT_EQ_MSG(test, ctx->buf[c.e->bb] & BB_START_PPGTT_BIT,
			    ppgtt ? BB_START_PPGTT_BIT : 0,
			    "bit 8 of the batch start");
	expect_stream(test, c.e, ctx->buf, len,
		      BB_START | (ppgtt ? BB_START_PPGTT_BIT : 0));
}

/*
 * A width-2 queue: the second LRC's stream uses the second context's
 * addresses and batch; the third LRC does not exist.
 */
static void ring_lrc_index_bound(struct kunit *test)
{
	const struct emitter_case *e = test->param_value;
	struct ring_test_ctx *ctx = test->priv;
	u32 len;

	ring_setup(ctx, e, true, false);
	ctx->q.width = 2;

	KUNIT_ASSERT_EQ(test, ring_emit(ctx, 1, JOB_MAX_DW, &len), 0);
	KUNIT_ASSERT_EQ(test, len, e->len);
	KUNIT_EXPECT_EQ(test, ctx->buf[e->ts], TS_ADDR_1);
	KUNIT_EXPECT_EQ(test, ctx->buf[e->start_seqno] & ~USE_GTT,
			START_SEQNO_ADDR_1);
	KUNIT_EXPECT_EQ(test, ctx->buf[e->seqno] & ~USE_GTT, SEQNO_ADDR_1);
	KUNIT_EXPECT_EQ(test, ctx->buf[e->bb + 1], BATCH1_LO);
	KUNIT_EXPECT_EQ(test, ctx->buf[e->bb + 2], BATCH1_HI);

	KUNIT_EXPECT_EQ(test, ring_emit(ctx, 2, JOB_MAX_DW, &len), -EINVAL);
	KUNIT_EXPECT_EQ(test, len, 0);
	expect_untouched_from(test, ctx->buf, 0);
}

/*
 * From Xe2 (graphics version 20.00) on, the render flush after the batch
 * also flushes the untyped dataport cache; before, the HDC flush alone.
 */
static void ring_untyped_flush_gate(struct kunit *test)
{
	const struct untyped_case *c = test->param_value;
	struct ring_test_ctx *ctx = test->priv;
	const struct ring_gt_desc gt = {
		.graphics_verx100 = c->verx100, .has_render = true,
	};
	struct emitter_case e = emitters[5];
	u32 len;

	e.gt = &gt;
	ring_setup(ctx, &e, true, false);
	KUNIT_ASSERT_EQ(test, ring_emit(ctx, 0, JOB_MAX_DW, &len), 0);
	KUNIT_ASSERT_LT(test, FLUSH_IDX, len);
	KUNIT_EXPECT_EQ(test, ctx->buf[FLUSH_IDX],
			PIPE_CONTROL | (c->untyped ? PC0_HDC_UNTYPED : PC0_HDC));
}

/* Wa_1409600907's depth stall reaches render engines only. */
static void ring_depth_stall_render_only(struct kunit *test)
{
	const struct depth_stall_case *c = test->param_value;
	struct ring_test_ctx *ctx = test->priv;
	const struct ring_gt_desc gt = {
		.graphics_verx100 = 1200, .has_render = c->has_render,
		.wa_1409600907 = true,
	};
	struct emitter_case e = emitters[c->emitter];
	u32 len;

	e.gt = &gt;
	ring_setup(ctx, &e, true, false);
	KUNIT_ASSERT_EQ(test, ring_emit(ctx, 0, JOB_MAX_DW, &len), 0);
	KUNIT_ASSERT_LT(test, FLUSH_FLAGS_IDX, len);
	KUNIT_EXPECT_EQ(test, ctx->buf[FLUSH_IDX], PIPE_CONTROL | PC0_HDC);
	KUNIT_EXPECT_EQ(test, ctx->buf[FLUSH_FLAGS_IDX], c->flags);
}

/* Engine classes: the last one with ring ops, and the first without. */
static void ring_engine_class_bound(struct kunit *test)
{
	struct ring_test_ctx *ctx = test->priv;
	u32 len;

	ring_setup(ctx, &emitters[7], true, false);
	KUNIT_ASSERT_EQ(test, ctx->q.class, CLASS_COMPUTE);
	KUNIT_EXPECT_EQ(test, ring_emit(ctx, 0, JOB_MAX_DW, &len), 0);

	ctx->q.class = CLASS_FIRST_INVALID;
	KUNIT_EXPECT_EQ(test, ring_emit(ctx, 0, JOB_MAX_DW, &len), -EINVAL);
	KUNIT_EXPECT_EQ(test, len, 0);
	expect_untouched_from(test, ctx->buf, 0);
}

static struct kunit_case fixport_xe_ring_ops_cases[] = {
	KUNIT_CASE_PARAM(ring_stream_exact, emitter_gen_params),
	KUNIT_CASE_PARAM(ring_stream_exact_fit, emitter_gen_params),
	KUNIT_CASE_PARAM(ring_ppgtt_flag_matrix, ppgtt_gen_params),
	KUNIT_CASE_PARAM(ring_lrc_index_bound, emitter_gen_params),
	KUNIT_CASE(ring_engine_class_bound),
	KUNIT_CASE_PARAM(ring_untyped_flush_gate, untyped_gen_params),
	KUNIT_CASE_PARAM(ring_depth_stall_render_only, depth_stall_gen_params),
	{}
};

static struct kunit_suite fixport_xe_ring_ops_suite = {
	.name = "fixport_xe_ring_ops",
	.init = ring_test_init,
	.test_cases = fixport_xe_ring_ops_cases,
};

kunit_test_suite(fixport_xe_ring_ops_suite);
