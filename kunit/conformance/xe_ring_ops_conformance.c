// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of a 6.12.y tree's own xe_ring_ops.c: the expectations of
 * xe_ring_ops_expect.h, which our port's suite also runs, applied to the
 * tree's code as built from that tree (xe_ring_ops_subject.c).
 *
 * The case that matters most for the OA fix is the PPGTT matrix: bit 8 of
 * MI_BATCH_BUFFER_START selects the PPGTT of the queue's VM, and must be
 * clear for a job whose batch is in the GGTT (the OA configuration batch)
 * even on a queue that has a VM.  Before the fix the ring ops set it for
 * every job of a VM queue.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include "xe_ring_ops_expect.h"
#include "xe_ring_ops_subject.h"

/* MI_FLUSH_DW | TLB invalidate (18) | store index (21) | post-sync store (14) | len 2 */
#define FLUSH_DW_STORE_TLB_INDEX	0x13244002u

static void conf_job(struct ring_subject_job *j, const struct emitter_case *e,
		     bool vm, bool ggtt)
{
	*j = (struct ring_subject_job){
		.gt = e->gt,
		.class = e->class,
		.mmio_base = e->mmio_base,
		.width = 1,
		.vm = vm,
		.ggtt = ggtt,
		.flush_tlb = e->flush_tlb,
		.user_fence = e->user_fence,
		.seqno = SEQNO,
		.batch_addr = {
			(u64)BATCH_HI << 32 | BATCH_LO,
			(u64)BATCH1_HI << 32 | BATCH1_LO,
		},
		.ufence_addr = (u64)UFENCE_HI << 32 | UFENCE_LO,
		.ufence_value = (u64)UFENCE_VAL_HI << 32 | UFENCE_VAL_LO,
		.lrc_addr = {
			{ TS_ADDR, START_SEQNO_ADDR, SEQNO_ADDR },
			{ TS_ADDR_1, START_SEQNO_ADDR_1, SEQNO_ADDR_1 },
		},
	};
}

/*
 * Finding "xe-xe2-untyped-flush": a tree without the Xe2 untyped dataport
 * flush (6.12.y before 6.12.112) ends render and compute batches with the
 * HDC flush alone.  On such a tree, and only there, a dword the fix made
 * "HDC and untyped" is expected to be the pre-fix "HDC" instead; every
 * other dword is checked as usual, and a case that passes that way is
 * skipped with the finding as its reason, so that the tree's state is
 * reported, never hidden and never a failure of the fix's other parts.
 */
#define FINDING_UNTYPED	"finding xe-xe2-untyped-flush: the tree lacks \"drm/xe: Flush LSC untyped L1 dataport cache after rcs/ccs batches\" (6.12.112); its Xe2 flush is the HDC flush alone"

static u32 tree_dword(u32 want, bool *pre_fix)
{
	if (want != (PIPE_CONTROL | PC0_HDC_UNTYPED) ||
	    ring_subject_has_untyped_flush())
		return want;
	*pre_fix = true;
	return PIPE_CONTROL | PC0_HDC;
}

static void report_untyped_finding(struct kunit *test, bool pre_fix)
{
	if (pre_fix && test->status == KUNIT_SUCCESS)
		kunit_mark_skipped(test, FINDING_UNTYPED);
}

/* One write of whole dwords to context @lrc, within the job bound. */
static void expect_write(struct kunit *test, const struct ring_subject_write *w,
			 int lrc)
{
	KUNIT_EXPECT_EQ_MSG(test, w->lrc, lrc, "context written to");
	KUNIT_EXPECT_FALSE_MSG(test, w->bytes_odd, "size not in whole dwords");
	KUNIT_EXPECT_LE_MSG(test, w->len, JOB_MAX_DW,
			    "stream longer than a job may be");
	KUNIT_ASSERT_FALSE(test, w->overflow);
}

/*
 * The whole stream against @want, with the batch start header @bb_start.
 * Returns whether a dword was expected as it was before the Xe2 flush.
 */
static bool expect_dwords(struct kunit *test, const struct ring_subject_write *w,
			  const u32 *want, u32 len, u32 bb, u32 bb_start)
{
	bool pre_fix = false;
	u32 i, v;

	KUNIT_EXPECT_EQ_MSG(test, w->len, len, "stream length in dwords");
	for (i = 0; i < min(w->len, len); i++) {
		v = i == bb ? bb_start : tree_dword(want[i], &pre_fix);
		KUNIT_EXPECT_EQ_MSG(test, w->dw[i], v,
				    "dword %u: 0x%08x, want 0x%08x", i,
				    w->dw[i], v);
	}
	return pre_fix;
}

/* The complete stream of each emitter, for a PPGTT job on a VM queue. */
static void conf_ring_stream_exact(struct kunit *test)
{
	const struct emitter_case *e = test->param_value;
	struct ring_subject_result *res;
	struct ring_subject_job j;

	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, res);
	conf_job(&j, e, true, false);
	ring_subject_emit(test, &j, res);
	KUNIT_ASSERT_TRUE(test, res->has_ops);
	KUNIT_ASSERT_EQ_MSG(test, res->n_writes, 1, "writes to the ring");
	expect_write(test, &res->writes[0], 0);
	report_untyped_finding(test,
			       expect_dwords(test, &res->writes[0], e->dw, e->len,
					     e->bb, BB_START | BB_START_PPGTT_BIT));
}

/*
 * Bit 8 of the batch start is set exactly for a PPGTT job on a queue with
 * a VM; a GGTT job clears it even there.  Nothing else in the stream
 * depends on either: every other dword is that of the same emitter's
 * PPGTT job on a VM queue, whatever the tree emits there (the whole
 * stream is conf_ring_stream_exact's), so that this case judges the
 * flag alone on trees whose streams differ elsewhere.
 */
static void conf_ring_ppgtt_flag(struct kunit *test)
{
	const struct ppgtt_case c = ppgtt_case_of(test->param_value);
	bool ppgtt = c.vm && !c.ggtt;
	struct ring_subject_result *res, *ref;
	const struct ring_subject_write *w, *r;
	struct ring_subject_job j;
	u32 i;

	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	ref = kunit_kzalloc(test, sizeof(*ref), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, res && ref);
	conf_job(&j, c.e, true, false);
	ring_subject_emit(test, &j, ref);
	conf_job(&j, c.e, c.vm, c.ggtt);
	ring_subject_emit(test, &j, res);
	KUNIT_ASSERT_TRUE(test, res->has_ops);
	KUNIT_ASSERT_EQ_MSG(test, res->n_writes, 1, "writes to the ring");
	KUNIT_ASSERT_EQ(test, ref->n_writes, 1);
	w = &res->writes[0];
	r = &ref->writes[0];
	expect_write(test, w, 0);
	KUNIT_ASSERT_LT(test, c.e->bb, w->len);
	KUNIT_EXPECT_EQ_MSG(test, w->dw[c.e->bb],
			    BB_START | (ppgtt ? BB_START_PPGTT_BIT : 0),
			    "the batch start, bit 8 %s", ppgtt ? "set" : "clear");
	KUNIT_EXPECT_EQ(test, w->dw[c.e->bb + 1], BATCH_LO);
	KUNIT_EXPECT_EQ(test, w->dw[c.e->bb + 2], BATCH_HI);
	KUNIT_EXPECT_EQ_MSG(test, w->len, r->len, "stream length in dwords");
	for (i = 0; i < min(w->len, r->len); i++) {
		if (i == c.e->bb)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, w->dw[i], r->dw[i],
				    "dword %u changed with the address space", i);
	}
}

/*
 * A width-2 queue: one stream per context, the second with the second
 * context's addresses and batch.  The GSC engine has no parallel
 * submission: it writes the first context only.
 */
static void conf_ring_width2(struct kunit *test)
{
	const struct emitter_case *e = test->param_value;
	struct ring_subject_result *res;
	const struct ring_subject_write *w;
	struct ring_subject_job j;
	bool pre_fix;

	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, res);
	conf_job(&j, e, true, false);
	j.width = 2;
	ring_subject_emit(test, &j, res);
	KUNIT_ASSERT_TRUE(test, res->has_ops);
	if (e->class == CLASS_OTHER) {
		KUNIT_ASSERT_EQ(test, res->n_writes, 1);
		expect_write(test, &res->writes[0], 0);
		expect_dwords(test, &res->writes[0], e->dw, e->len, e->bb,
			      BB_START | BB_START_PPGTT_BIT);
		return;
	}
	KUNIT_ASSERT_EQ_MSG(test, res->n_writes, 2, "one stream per context");
	expect_write(test, &res->writes[0], 0);
	pre_fix = expect_dwords(test, &res->writes[0], e->dw, e->len, e->bb,
				BB_START | BB_START_PPGTT_BIT);

	w = &res->writes[1];
	expect_write(test, w, 1);
	KUNIT_ASSERT_EQ(test, w->len, e->len);
	KUNIT_EXPECT_EQ(test, w->dw[e->ts], TS_ADDR_1);
	KUNIT_EXPECT_EQ(test, w->dw[e->start_seqno] & ~USE_GTT, START_SEQNO_ADDR_1);
	KUNIT_EXPECT_EQ(test, w->dw[e->seqno] & ~USE_GTT, SEQNO_ADDR_1);
	KUNIT_EXPECT_EQ(test, w->dw[e->bb], BB_START | BB_START_PPGTT_BIT);
	KUNIT_EXPECT_EQ(test, w->dw[e->bb + 1], BATCH1_LO);
	KUNIT_EXPECT_EQ(test, w->dw[e->bb + 2], BATCH1_HI);
	report_untyped_finding(test, pre_fix);
}

/* Engine classes: the last one with ring ops, and the first without. */
static void conf_ring_engine_class_bound(struct kunit *test)
{
	struct ring_subject_result *res;
	struct ring_subject_job j;

	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, res);
	conf_job(&j, &emitters[7], true, false);
	KUNIT_ASSERT_EQ(test, j.class, CLASS_COMPUTE);
	ring_subject_emit(test, &j, res);
	KUNIT_EXPECT_TRUE(test, res->has_ops);
	KUNIT_EXPECT_EQ(test, res->n_writes, 1);

	j.class = CLASS_FIRST_INVALID;
	ring_subject_emit(test, &j, res);
	KUNIT_EXPECT_FALSE(test, res->has_ops);
	KUNIT_EXPECT_EQ(test, res->n_writes, 0);
}

/*
 * The migration queue's job: two batches, both in the migration VM's
 * PPGTT whatever the job says, a TLB invalidating flush between them and
 * the seqno written by MI_FLUSH_DW.
 */
static const u32 stream_migration[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	ARB_OFF,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	PREPARSER_OFF,
	FLUSH_DW_STORE_TLB_INDEX, PPHWSP_SCRATCH | USE_GTT, 0, 0xffffffffu,
	PREPARSER_ON,
	BB_START | BB_START_PPGTT_BIT, BATCH1_LO, BATCH1_HI,
	FLUSH_DW_STORE_TLB, SEQNO_ADDR | USE_GTT, 0, SEQNO,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

static void conf_ring_migration(struct kunit *test)
{
	struct ring_subject_result *res;
	struct ring_subject_job j;
	int ggtt;

	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, res);
	for (ggtt = 0; ggtt < 2; ggtt++) {
		conf_job(&j, &emitters[0], true, ggtt);
		j.migration = true;
		ring_subject_emit(test, &j, res);
		KUNIT_ASSERT_TRUE(test, res->has_ops);
		KUNIT_ASSERT_EQ(test, res->n_writes, 1);
		expect_write(test, &res->writes[0], 0);
		expect_dwords(test, &res->writes[0], stream_migration,
			      ARRAY_SIZE(stream_migration), 9,
			      BB_START | BB_START_PPGTT_BIT);
	}
}

/*
 * From Xe2 (graphics version 20.00) on, the render flush after the batch
 * also flushes the untyped dataport cache; before, the HDC flush alone.
 */
static void conf_ring_untyped_flush_gate(struct kunit *test)
{
	const struct untyped_case *c = test->param_value;
	struct ring_gt_desc gt = { .has_render = true };
	struct ring_subject_result *res;
	struct ring_subject_job j;
	bool pre_fix = false;

	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, res);
	gt.graphics_verx100 = c->verx100;
	conf_job(&j, &emitters[5], true, false);
	j.gt = &gt;
	ring_subject_emit(test, &j, res);
	KUNIT_ASSERT_EQ(test, res->n_writes, 1);
	KUNIT_ASSERT_LT(test, FLUSH_IDX, res->writes[0].len);
	KUNIT_EXPECT_EQ(test, res->writes[0].dw[FLUSH_IDX],
			tree_dword(PIPE_CONTROL | (c->untyped ? PC0_HDC_UNTYPED : PC0_HDC),
				   &pre_fix));
	report_untyped_finding(test, pre_fix);
}

/* Wa_1409600907's depth stall reaches render engines only. */
static void conf_ring_depth_stall_render_only(struct kunit *test)
{
	const struct depth_stall_case *c = test->param_value;
	struct ring_gt_desc gt = {
		.graphics_verx100 = 1200, .has_render = c->has_render,
		.wa_1409600907 = true,
	};
	struct ring_subject_result *res;
	struct ring_subject_job j;

	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, res);
	conf_job(&j, &emitters[c->emitter], true, false);
	j.gt = &gt;
	ring_subject_emit(test, &j, res);
	KUNIT_ASSERT_EQ(test, res->n_writes, 1);
	KUNIT_ASSERT_LT(test, FLUSH_FLAGS_IDX, res->writes[0].len);
	KUNIT_EXPECT_EQ(test, res->writes[0].dw[FLUSH_IDX], PIPE_CONTROL | PC0_HDC);
	KUNIT_EXPECT_EQ(test, res->writes[0].dw[FLUSH_FLAGS_IDX], c->flags);
}

/* The tree's job bound is 6.12's, and every expected stream fits it. */
static void conf_ring_job_bound(struct kunit *test)
{
	u32 max_dw, i;

	ring_subject_facts(&max_dw);
	KUNIT_EXPECT_EQ(test, max_dw, JOB_MAX_DW);
	for (i = 0; i < ARRAY_SIZE(emitters); i++)
		KUNIT_EXPECT_LE_MSG(test, emitters[i].len, max_dw, "%s",
				    emitters[i].name);
	KUNIT_EXPECT_LE(test, ARRAY_SIZE(stream_migration), max_dw);
}

static struct kunit_case xe_ring_ops_conformance_cases[] = {
	KUNIT_CASE_PARAM(conf_ring_stream_exact, emitter_gen_params),
	KUNIT_CASE_PARAM(conf_ring_ppgtt_flag, ppgtt_gen_params),
	KUNIT_CASE_PARAM(conf_ring_width2, emitter_gen_params),
	KUNIT_CASE(conf_ring_engine_class_bound),
	KUNIT_CASE(conf_ring_migration),
	KUNIT_CASE_PARAM(conf_ring_untyped_flush_gate, untyped_gen_params),
	KUNIT_CASE_PARAM(conf_ring_depth_stall_render_only, depth_stall_gen_params),
	KUNIT_CASE(conf_ring_job_bound),
	{}
};

static struct kunit_suite xe_ring_ops_conformance_suite = {
	.name = "xe_ring_ops_conformance",
	.test_cases = xe_ring_ops_conformance_cases,
};

kunit_test_suite(xe_ring_ops_conformance_suite);

MODULE_DESCRIPTION("Conformance of a 6.12.y tree's xe_ring_ops.c");
MODULE_LICENSE("GPL");
