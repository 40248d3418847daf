// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the ported xe ring ops: the batch start of every
 * emitter selects the PPGTT exactly for a non-GGTT job on a queue with a
 * VM, and nothing else in the stream depends on it.
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include <drm_fixport/fixport_cs.h>
#include <drm_fixport/xe_hw.h>
#include <drm_fixport/xe_regs.h>
#include <drm_fixport/xe_ring_ops.h>

/* The ring ops only test a queue's VM for NULL. */
struct fixport_xe_vm {
	int unused;
};

#define RING_GUARD_DW	8
#define RING_BUF_DW	(FIXPORT_XE_MAX_JOB_SIZE_DW + RING_GUARD_DW)
#define RING_POISON	0x6b6b6b6bu
#define BATCH_ADDR	0x0000123456789000ull
#define BB_START_HDR	(FIXPORT_XE_MI_BATCH_BUFFER_START | \
			 FIXPORT_XE_INSTR_NUM_DW(3))

/* A TGL-like GT: AuxCCS, render present. */
static const struct fixport_xe_gt_info gt_aux_ccs = {
	.graphics_verx100 = 1200,
	.has_render = true,
	.has_aux_ccs = true,
	.wa_1409600907 = true,
};

/* An Xe2-like GT with the ring-end PIPE_CONTROL workaround. */
static const struct fixport_xe_gt_info gt_xe2 = {
	.graphics_verx100 = 2004,
	.has_render = true,
	.wa_16020292621 = true,
};

/* A PVC-like GT: compute only, no 3D pipeline. */
static const struct fixport_xe_gt_info gt_no_render = {
	.graphics_verx100 = 1260,
};

/* A media GT, whose registers sit at an offset. */
static const struct fixport_xe_gt_info gt_media = {
	.graphics_verx100 = 1300,
	.has_aux_ccs = true,
	.mmio_adj_offset = 0x380000,
};

struct emitter_case {
	const char *name;
	enum fixport_xe_engine_class class;
	u32 mmio_base;
	const struct fixport_xe_gt_info *gt;
	bool flush_tlb;
	bool user_fence;
};

static const struct emitter_case emitters[] = {
	{ "copy", FIXPORT_XE_ENGINE_CLASS_COPY, FIXPORT_XE_BLT_RING_BASE,
	  &gt_xe2, false, true },
	{ "copy+tlb", FIXPORT_XE_ENGINE_CLASS_COPY, FIXPORT_XE_BLT_RING_BASE,
	  &gt_aux_ccs, true, false },
	{ "gsc", FIXPORT_XE_ENGINE_CLASS_OTHER, 0x11a000, &gt_media, false,
	  false },
	{ "video-decode", FIXPORT_XE_ENGINE_CLASS_VIDEO_DECODE,
	  FIXPORT_XE_BSD_RING_BASE, &gt_media, false, true },
	{ "video-enhance+tlb", FIXPORT_XE_ENGINE_CLASS_VIDEO_ENHANCE,
	  FIXPORT_XE_VEBOX_RING_BASE, &gt_media, true, false },
	{ "render", FIXPORT_XE_ENGINE_CLASS_RENDER,
	  FIXPORT_XE_RENDER_RING_BASE, &gt_xe2, false, true },
	{ "render-auxccs+tlb", FIXPORT_XE_ENGINE_CLASS_RENDER,
	  FIXPORT_XE_RENDER_RING_BASE, &gt_aux_ccs, true, false },
	{ "compute", FIXPORT_XE_ENGINE_CLASS_COMPUTE,
	  FIXPORT_XE_COMPUTE0_RING_BASE, &gt_xe2, false, true },
	{ "compute-no-render", FIXPORT_XE_ENGINE_CLASS_COMPUTE,
	  FIXPORT_XE_COMPUTE0_RING_BASE, &gt_no_render, true, false },
};

struct ppgtt_case {
	const struct emitter_case *e;
	bool vm;
	bool ggtt;
};

/*
 * The matrix is every emitter with and without a VM, running a PPGTT and a
 * GGTT job.  A case is its index in this table: emitter, then VM, then GGTT.
 */
static const u8 ppgtt_matrix[4 * ARRAY_SIZE(emitters)];

static struct ppgtt_case ppgtt_case_of(const void *param)
{
	unsigned int i = (const u8 *)param - ppgtt_matrix;

	return (struct ppgtt_case){
		.e = &emitters[i / 4],
		.vm = i & 2,
		.ggtt = i & 1,
	};
}

static const void *ppgtt_gen_params(const void *prev, char *desc)
{
	const u8 *next = prev ? (const u8 *)prev + 1 : ppgtt_matrix;
	struct ppgtt_case c;

	if (next >= ppgtt_matrix + ARRAY_SIZE(ppgtt_matrix))
		return NULL;

	c = ppgtt_case_of(next);
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s, %s, %s job", c.e->name,
		 c.vm ? "VM" : "no VM", c.ggtt ? "GGTT" : "PPGTT");
	return next;
}

struct ring_test_ctx {
	struct fixport_xe_vm vm;
	struct fixport_xe_lrc lrc;
	struct fixport_xe_exec_queue q;
	struct fixport_xe_sched_job *job;
	u32 buf[RING_BUF_DW];
	u32 ref[RING_BUF_DW];
};

static int ring_test_init(struct kunit *test)
{
	struct ring_test_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->job = kunit_kzalloc(test, struct_size(ctx->job, batch_addr, 1),
				 GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->job);

	ctx->lrc.ctx_job_timestamp_ggtt_addr = 0x10000;
	ctx->lrc.start_seqno_ggtt_addr = 0x10040;
	ctx->lrc.seqno_ggtt_addr = 0x10080;
	ctx->q.width = 1;
	ctx->q.lrc = &ctx->lrc;
	ctx->job->q = &ctx->q;
	ctx->job->seqno = 7;
	ctx->job->batch_addr[0] = BATCH_ADDR;

	test->priv = ctx;
	return 0;
}

static void ring_setup(struct ring_test_ctx *ctx, const struct emitter_case *e,
		       bool vm, bool ggtt)
{
	ctx->q.class = e->class;
	ctx->q.mmio_base = e->mmio_base;
	ctx->q.gt_info = e->gt;
	ctx->q.vm = vm ? &ctx->vm : NULL;
	ctx->job->ggtt = ggtt;
	ctx->job->ring_ops_flush_tlb = e->flush_tlb;
	ctx->job->user_fence.used = e->user_fence;
	ctx->job->user_fence.addr = 0x00007f0000001000ull;
	ctx->job->user_fence.value = 0x0123456789abcdefull;
}

/* Emit into @buf after poisoning it; returns the dwords written. */
static u32 ring_emit(struct kunit *test, struct ring_test_ctx *ctx, u32 *buf)
{
	struct fixport_cs cs;
	int i;

	for (i = 0; i < RING_BUF_DW; i++)
		buf[i] = RING_POISON;
	fixport_cs_init(&cs, buf, FIXPORT_XE_MAX_JOB_SIZE_DW);
	KUNIT_ASSERT_EQ(test, fixport_xe_ring_emit_job(ctx->job, 0, &cs), 0);

	for (i = FIXPORT_XE_MAX_JOB_SIZE_DW; i < RING_BUF_DW; i++)
		KUNIT_EXPECT_EQ_MSG(test, buf[i], RING_POISON,
				    "guard dword %d overwritten", i);
	return cs.len;
}

/* Index of the only MI_BATCH_BUFFER_START in @buf. */
static int find_bb_start(struct kunit *test, const u32 *buf, u32 len)
{
	int found = -1;
	u32 i;

	for (i = 0; i < len; i++) {
		if ((buf[i] & FIXPORT_XE_MI_OPCODE_MASK) !=
		    FIXPORT_XE_MI_BATCH_BUFFER_START)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, found, -1,
				    "second batch start at dword %u", i);
		found = i;
	}
	KUNIT_ASSERT_GE_MSG(test, found, 0, "no MI_BATCH_BUFFER_START");
	KUNIT_ASSERT_LE(test, found + 3, len);
	return found;
}

static void ring_ppgtt_flag_matrix(struct kunit *test)
{
	const struct ppgtt_case c = ppgtt_case_of(test->param_value);
	struct ring_test_ctx *ctx = test->priv;
	u32 want = c.vm && !c.ggtt ? FIXPORT_XE_MI_BATCH_PPGTT : 0;
	u32 len, ref_len, i;
	int bb;

	ring_setup(ctx, c.e, c.vm, c.ggtt);
	len = ring_emit(test, ctx, ctx->buf);
	bb = find_bb_start(test, ctx->buf, len);

	KUNIT_EXPECT_EQ_MSG(test, ctx->buf[bb] & FIXPORT_XE_MI_BATCH_PPGTT, want,
			    "bit 8 of the batch start");
	KUNIT_EXPECT_EQ(test, ctx->buf[bb] & ~FIXPORT_XE_MI_BATCH_PPGTT,
			BB_START_HDR);
	KUNIT_EXPECT_EQ(test, ctx->buf[bb + 1], lower_32_bits(BATCH_ADDR));
	KUNIT_EXPECT_EQ(test, ctx->buf[bb + 2], upper_32_bits(BATCH_ADDR));

	/* A queue without a VM never selects the PPGTT: the reference. */
	ring_setup(ctx, c.e, false, false);
	ref_len = ring_emit(test, ctx, ctx->ref);
	KUNIT_ASSERT_EQ(test, len, ref_len);
	for (i = 0; i < len; i++)
		KUNIT_EXPECT_EQ_MSG(test, ctx->buf[i] ^ ctx->ref[i],
				    i == bb ? want : 0,
				    "dword %u differs from the no-VM stream", i);
}

static void ring_emitter_desc(const struct emitter_case *e, char *desc)
{
	strscpy(desc, e->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(emitter, emitters, ring_emitter_desc);

/* Each stream starts like 6.12's and ends with the interrupt sequence. */
static void ring_stream_frame(struct kunit *test)
{
	const struct emitter_case *e = test->param_value;
	struct ring_test_ctx *ctx = test->priv;
	bool ring_end_pc = e->class == FIXPORT_XE_ENGINE_CLASS_RENDER &&
			   e->gt->wa_16020292621;
	u32 len, end;

	ring_setup(ctx, e, true, false);
	len = ring_emit(test, ctx, ctx->buf);
	KUNIT_ASSERT_GE(test, len, 10);

	KUNIT_EXPECT_EQ(test, ctx->buf[0], FIXPORT_XE_MI_STORE_REGISTER_MEM |
			FIXPORT_XE_MI_SRM_USE_GGTT |
			FIXPORT_XE_MI_SRM_ADD_CS_OFFSET);
	KUNIT_EXPECT_EQ(test, ctx->buf[1], FIXPORT_XE_RING_CTX_TIMESTAMP(0));
	KUNIT_EXPECT_EQ(test, ctx->buf[2], ctx->lrc.ctx_job_timestamp_ggtt_addr);

	end = len - (ring_end_pc ? 6 : 0);
	KUNIT_EXPECT_EQ(test, ctx->buf[end - 3], FIXPORT_XE_MI_USER_INTERRUPT);
	KUNIT_EXPECT_EQ(test, ctx->buf[end - 2],
			FIXPORT_XE_MI_ARB_ON_OFF | FIXPORT_XE_MI_ARB_ENABLE);
	KUNIT_EXPECT_EQ(test, ctx->buf[end - 1], FIXPORT_XE_MI_ARB_CHECK);
	if (ring_end_pc)
		KUNIT_EXPECT_EQ(test, ctx->buf[end + 2],
				FIXPORT_XE_RING_NOPID(e->mmio_base));
}

static void ring_emit_refuses_short_buffer(struct kunit *test)
{
	struct ring_test_ctx *ctx = test->priv;
	struct fixport_cs cs;
	int i;

	for (i = 0; i < RING_BUF_DW; i++)
		ctx->buf[i] = RING_POISON;
	ring_setup(ctx, &emitters[5], true, false);
	fixport_cs_init(&cs, ctx->buf, 8);

	KUNIT_EXPECT_EQ(test, fixport_xe_ring_emit_job(ctx->job, 0, &cs),
			-ENOSPC);
	KUNIT_EXPECT_LE(test, cs.len, 8);
	for (i = 8; i < RING_BUF_DW; i++)
		KUNIT_EXPECT_EQ(test, ctx->buf[i], RING_POISON);
}

static void ring_emit_rejects_bad_lrc_or_class(struct kunit *test)
{
	struct ring_test_ctx *ctx = test->priv;
	struct fixport_cs cs;

	fixport_cs_init(&cs, ctx->buf, FIXPORT_XE_MAX_JOB_SIZE_DW);
	ring_setup(ctx, &emitters[0], true, false);
	KUNIT_EXPECT_EQ(test, fixport_xe_ring_emit_job(ctx->job, 1, &cs),
			-EINVAL);

	ctx->q.class = 6;
	KUNIT_EXPECT_EQ(test, fixport_xe_ring_emit_job(ctx->job, 0, &cs),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cs.len, 0);
}

static struct kunit_case fixport_xe_ring_ops_cases[] = {
	KUNIT_CASE_PARAM(ring_ppgtt_flag_matrix, ppgtt_gen_params),
	KUNIT_CASE_PARAM(ring_stream_frame, emitter_gen_params),
	KUNIT_CASE(ring_emit_refuses_short_buffer),
	KUNIT_CASE(ring_emit_rejects_bad_lrc_or_class),
	{}
};

static struct kunit_suite fixport_xe_ring_ops_suite = {
	.name = "fixport_xe_ring_ops",
	.init = ring_test_init,
	.test_cases = fixport_xe_ring_ops_cases,
};

kunit_test_suite(fixport_xe_ring_ops_suite);

MODULE_DESCRIPTION("KUnit tests for the xe ring ops port");
MODULE_LICENSE("GPL");
