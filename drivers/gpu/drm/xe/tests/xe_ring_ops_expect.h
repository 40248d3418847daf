/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What xe's ring ops must emit: one set of expectations, run against two
 * subjects.  tests/xe_ring_ops_test.c runs it against our port, and
 * kunit/conformance/xe_ring_ops_conformance.c against the target tree's
 * own xe_ring_ops.c, compiled from that tree at build time.
 *
 * Every expected dword below is written out by hand from the documented
 * encodings (MI opcode in bits 28:23, the length field in bits 7:0, the
 * flag bits of each command as the 6.12 xe headers define them), never
 * built with the macros or the emitters under test.
 */

#ifndef _FIXPORT_XE_RING_OPS_EXPECT_H_
#define _FIXPORT_XE_RING_OPS_EXPECT_H_

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>

#include "xe_ring_gt_desc.h"

/* Ring space for one job: 6.12's MAX_JOB_SIZE_DW, then a guard. */
#define JOB_MAX_DW	48
#define RING_GUARD_DW	8
#define RING_BUF_DW	(JOB_MAX_DW + RING_GUARD_DW)
#define RING_POISON	0x6b6b6b6bu

/*
 * Engine classes, numbered as the hardware (and xe) numbers them, and the
 * MMIO bases of the engines the cases run on.
 */
#define CLASS_RENDER		0
#define CLASS_VIDEO_DECODE	1
#define CLASS_VIDEO_ENHANCE	2
#define CLASS_COPY		3
#define CLASS_OTHER		4
#define CLASS_COMPUTE		5
#define CLASS_FIRST_INVALID	6

#define RENDER_BASE		0x002000
#define COMPUTE0_BASE		0x01a000
#define BCS0_BASE		0x022000
#define GSCCS_BASE		0x11a000
#define VCS0_BASE		0x1c0000
#define VECS0_BASE		0x1c8000

/* The job and context every case uses. */
#define TS_ADDR			0x00010000u	/* ctx job timestamp */
#define START_SEQNO_ADDR	0x00010040u
#define SEQNO_ADDR		0x00010080u
#define SEQNO			0x00001234u
#define BATCH_LO		0x56789000u	/* batch at 0x1234_56789000 */
#define BATCH_HI		0x00001234u
#define UFENCE_LO		0x00001000u	/* user fence at 0x7f00_00001000 */
#define UFENCE_HI		0x00007f00u
#define UFENCE_VAL_LO		0x89abcdefu	/* value 0x01234567_89abcdef */
#define UFENCE_VAL_HI		0x01234567u

/* Second LRC of a width-2 queue. */
#define TS_ADDR_1		0x00020000u
#define START_SEQNO_ADDR_1	0x00020040u
#define SEQNO_ADDR_1		0x00020080u
#define BATCH1_LO		0x9abc0000u	/* batch at 0x5678_9abc0000 */
#define BATCH1_HI		0x00005678u

/*
 * MI_BATCH_BUFFER_START: opcode 0x31 << 23, length 3 - 2 = 1.  Bit 8 is
 * the address space indicator: set means the PPGTT of the queue's VM.
 */
#define BB_START		0x18800001u
#define BB_START_PPGTT_BIT	0x00000100u	/* bit 8 */

/*
 * The dwords every stream is made of, spelt out.  Each is the documented
 * value; the comment says how it is composed.
 */
/* MI_STORE_REGISTER_MEM (0x24 << 23) | GGTT (bit 22) | CS offset (bit 19) | len 2 */
#define SRM_GGTT_CS_OFFSET	0x12480002u
#define RING_CTX_TIMESTAMP_0	0x000003a8u
/* MI_STORE_DATA_IMM (0x20 << 23) | GGTT (bit 22) | one dword: len 2 */
#define SDI_GGTT_DW		0x10400002u
/* MI_STORE_DATA_IMM | one qword (bit 21 | len 3) */
#define SDI_QW			0x10200003u
/* MI_ARB_CHECK (0x05 << 23) | pre-parser control (bit 8) | disable (bit 0) */
#define PREPARSER_OFF		0x02800101u
#define PREPARSER_ON		0x02800100u
/* MI_ARB_ON_OFF (0x08 << 23), enable in bit 0 */
#define ARB_OFF			0x04000000u
#define ARB_ON			0x04000001u
#define USER_INTERRUPT		0x01000000u	/* 0x02 << 23 */
#define ARB_CHECK		0x02800000u	/* 0x05 << 23 */
/* MI_FLUSH_DW (0x26 << 23) | len 2 */
#define FLUSH_DW		0x13000002u
/* ...| post-sync store dword (bit 14) */
#define FLUSH_DW_STORE		0x13004002u
/* ...| TLB invalidate (bit 18) */
#define FLUSH_DW_STORE_TLB	0x13044002u
#define USE_GTT			0x00000004u	/* MI_FLUSH_DW address bit 2 */
/* MI_LOAD_REGISTER_IMM (0x22 << 23) | MMIO remap (bit 17) | one register */
#define LRI_1_REMAP		0x11020001u
#define AUX_INV			0x00000001u
#define NOOP			0x00000000u
/* GFX_OP_PIPE_CONTROL: type 3, subtype 3, opcode 2, len 6 - 2 */
#define PIPE_CONTROL		0x7a000004u
#define PC0_HDC			0x00000200u	/* HDC pipeline flush, bit 9 */
#define PC0_HDC_UNTYPED		0x00000a00u	/* ...and untyped dataport, bit 11 */
#define PPHWSP_SCRATCH		0x000000d0u	/* dword 0x34 of the PPHWSP */

/*
 * PIPE_CONTROL invalidate before the batch: CS stall (20), command cache
 * (29), instruction cache (11), texture cache (10), VF cache (4), constant
 * cache (3), state cache (2), qword write (14), store data index (21);
 * TLB invalidate (18) on request.  Compute drops the 3D engine flags (VF
 * cache here); a platform without render also the 3D arch ones (texture).
 */
#define INVAL_RENDER		0x20304c1cu
#define INVAL_RENDER_TLB	0x20344c1cu
#define INVAL_COMPUTE		0x20304c0cu
#define INVAL_NO_RENDER_TLB	0x2034480cu

/*
 * Render cache flush after the batch: CS stall (20), tile cache (28),
 * render target (12), depth cache (0), DC (5), flush enable (7); depth
 * stall (13) with Wa_1409600907.  Compute keeps CS stall, DC and flush
 * enable; without render only the CS stall is left.
 */
#define FLUSH_RENDER		0x101010a1u
#define FLUSH_RENDER_WA		0x101030a1u
#define FLUSH_COMPUTE		0x001000a0u
#define FLUSH_NO_RENDER		0x00100000u

/* Seqno write: CS stall (20), global GTT (24), qword write (14), flush enable (7) */
#define SEQNO_PC		0x01104080u
#define SEQNO_PC_STALL_ONLY	0x01104000u
/* Wa_16020292621: LRI post-sync (bit 23) to RING_NOPID (base + 0x94) */
#define LRI_POST_SYNC		0x00800000u

/* Register offsets of aux table invalidation, and the media GT's shift. */
#define CCS_AUX_INV		0x4208u
#define MEDIA_ADJ		0x380000u
#define VD0_AUX_INV_MEDIA	0x384218u	/* 0x4218 + 0x380000 */
#define VE0_AUX_INV_MEDIA	0x384238u	/* 0x4238 + 0x380000 */

/* A TGL-like GT: AuxCCS, render present, Wa_1409600907. */
static const struct ring_gt_desc gt_aux_ccs = {
	.graphics_verx100 = 1200,
	.has_render = true,
	.has_aux_ccs = true,
	.wa_1409600907 = true,
};

/* An Xe2-like GT with the ring-end PIPE_CONTROL workaround. */
static const struct ring_gt_desc gt_xe2 = {
	.graphics_verx100 = 2004,
	.has_render = true,
	.wa_16020292621 = true,
};

/* A PVC-like GT: compute only, no 3D pipeline. */
static const struct ring_gt_desc gt_no_render = {
	.graphics_verx100 = 1260,
};

/* An MTL-like media GT with AuxCCS, whose registers sit at an offset. */
static const struct ring_gt_desc gt_media = {
	.graphics_verx100 = 1300,
	.has_aux_ccs = true,
	.mmio_adj_offset = MEDIA_ADJ,
};

/* Copy engine, Xe2, user fence: the simple path. */
static const u32 stream_copy[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	FLUSH_DW, 0, 0, 0,
	SDI_QW, UFENCE_LO, UFENCE_HI, UFENCE_VAL_LO, UFENCE_VAL_HI,
	FLUSH_DW_STORE, SEQNO_ADDR | USE_GTT, 0, SEQNO,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/* Copy engine with a TLB flush: the start seqno goes by MI_FLUSH_DW. */
static const u32 stream_copy_tlb[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	PREPARSER_OFF,
	FLUSH_DW_STORE_TLB, START_SEQNO_ADDR | USE_GTT, 0, SEQNO,
	PREPARSER_ON,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	FLUSH_DW_STORE, SEQNO_ADDR | USE_GTT, 0, SEQNO,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/* GSC engine: the simple path, no user fence. */
static const u32 stream_gsc[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	FLUSH_DW_STORE, SEQNO_ADDR | USE_GTT, 0, SEQNO,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/* Video decode on a media GT with AuxCCS, user fence. */
static const u32 stream_video_decode[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	PREPARSER_OFF,
	LRI_1_REMAP, VD0_AUX_INV_MEDIA, AUX_INV, NOOP,
	PREPARSER_ON,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	FLUSH_DW, 0, 0, 0,
	SDI_QW, UFENCE_LO, UFENCE_HI, UFENCE_VAL_LO, UFENCE_VAL_HI,
	FLUSH_DW_STORE, SEQNO_ADDR | USE_GTT, 0, SEQNO,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/* Video enhance on a media GT with AuxCCS and a TLB flush. */
static const u32 stream_video_enhance_tlb[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	PREPARSER_OFF,
	LRI_1_REMAP, VE0_AUX_INV_MEDIA, AUX_INV, NOOP,
	FLUSH_DW_STORE_TLB, START_SEQNO_ADDR | USE_GTT, 0, SEQNO,
	PREPARSER_ON,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	FLUSH_DW_STORE, SEQNO_ADDR | USE_GTT, 0, SEQNO,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/* Render on Xe2: untyped flush, user fence, ring-end PIPE_CONTROL. */
static const u32 stream_render[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	PREPARSER_OFF,
	PIPE_CONTROL, INVAL_RENDER, PPHWSP_SCRATCH, 0, 0, 0,
	PREPARSER_ON,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	PIPE_CONTROL | PC0_HDC_UNTYPED, FLUSH_RENDER, 0, 0, 0, 0,
	SDI_QW, UFENCE_LO, UFENCE_HI, UFENCE_VAL_LO, UFENCE_VAL_HI,
	PIPE_CONTROL, SEQNO_PC, SEQNO_ADDR, 0, SEQNO, 0,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
	PIPE_CONTROL, LRI_POST_SYNC, RENDER_BASE + 0x94, 0, 0, 0,
};

/* Render on a TGL-like GT: AuxCCS invalidation, TLB flush, depth stall. */
static const u32 stream_render_aux_ccs_tlb[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	PREPARSER_OFF,
	PIPE_CONTROL, INVAL_RENDER_TLB, PPHWSP_SCRATCH, 0, 0, 0,
	LRI_1_REMAP, CCS_AUX_INV, AUX_INV, NOOP,
	PREPARSER_ON,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	PIPE_CONTROL | PC0_HDC, FLUSH_RENDER_WA, 0, 0, 0, 0,
	PIPE_CONTROL, SEQNO_PC, SEQNO_ADDR, 0, SEQNO, 0,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/* Compute on Xe2: no 3D engine flags, user fence, no ring-end fixup. */
static const u32 stream_compute[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	PREPARSER_OFF,
	PIPE_CONTROL, INVAL_COMPUTE, PPHWSP_SCRATCH, 0, 0, 0,
	PREPARSER_ON,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	PIPE_CONTROL | PC0_HDC_UNTYPED, FLUSH_COMPUTE, 0, 0, 0, 0,
	SDI_QW, UFENCE_LO, UFENCE_HI, UFENCE_VAL_LO, UFENCE_VAL_HI,
	PIPE_CONTROL, SEQNO_PC, SEQNO_ADDR, 0, SEQNO, 0,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/* Compute without render: no 3D arch flags, stall-only seqno write. */
static const u32 stream_compute_no_render_tlb[] = {
	SRM_GGTT_CS_OFFSET, RING_CTX_TIMESTAMP_0, TS_ADDR, 0,
	PREPARSER_OFF,
	PIPE_CONTROL, INVAL_NO_RENDER_TLB, PPHWSP_SCRATCH, 0, 0, 0,
	PREPARSER_ON,
	SDI_GGTT_DW, START_SEQNO_ADDR, 0, SEQNO,
	BB_START | BB_START_PPGTT_BIT, BATCH_LO, BATCH_HI,
	ARB_OFF,
	PIPE_CONTROL | PC0_HDC, FLUSH_NO_RENDER, 0, 0, 0, 0,
	PIPE_CONTROL, SEQNO_PC_STALL_ONLY, SEQNO_ADDR, 0, SEQNO, 0,
	USER_INTERRUPT, ARB_ON, ARB_CHECK,
};

/**
 * struct emitter_case - one emitter variant and the stream it must write
 * @name: what KUnit calls it
 * @class: engine class of the queue
 * @mmio_base: MMIO base of the queue's engine
 * @gt: the GT the queue is on
 * @flush_tlb: the job asks for a TLB flush
 * @user_fence: the job has a user fence
 * @dw: the whole expected stream, for a PPGTT job on a queue with a VM
 * @len: its length in dwords
 * @bb: index of the MI_BATCH_BUFFER_START header in @dw
 * @ts: index of the timestamp address in @dw
 * @start_seqno: index of the start seqno address
 * @seqno: index of the completion seqno address
 */
struct emitter_case {
	const char *name;
	u32 class;
	u32 mmio_base;
	const struct ring_gt_desc *gt;
	bool flush_tlb;
	bool user_fence;
	const u32 *dw;
	u32 len;
	u32 bb;
	u32 ts;
	u32 start_seqno;
	u32 seqno;
};

static const struct emitter_case emitters[] = {
	{
		.name = "copy", .class = CLASS_COPY, .mmio_base = BCS0_BASE,
		.gt = &gt_xe2, .flush_tlb = false, .user_fence = true,
		.dw = stream_copy, .len = ARRAY_SIZE(stream_copy),
		.bb = 8, .ts = 2, .start_seqno = 5, .seqno = 22,
	},
	{
		.name = "copy+tlb", .class = CLASS_COPY, .mmio_base = BCS0_BASE,
		.gt = &gt_aux_ccs, .flush_tlb = true, .user_fence = false,
		.dw = stream_copy_tlb, .len = ARRAY_SIZE(stream_copy_tlb),
		.bb = 10, .ts = 2, .start_seqno = 6, .seqno = 15,
	},
	{
		.name = "gsc", .class = CLASS_OTHER, .mmio_base = GSCCS_BASE,
		.gt = &gt_media, .flush_tlb = false, .user_fence = false,
		.dw = stream_gsc, .len = ARRAY_SIZE(stream_gsc),
		.bb = 8, .ts = 2, .start_seqno = 5, .seqno = 13,
	},
	{
		.name = "video-decode", .class = CLASS_VIDEO_DECODE, .mmio_base = VCS0_BASE,
		.gt = &gt_media, .flush_tlb = false, .user_fence = true,
		.dw = stream_video_decode, .len = ARRAY_SIZE(stream_video_decode),
		.bb = 14, .ts = 2, .start_seqno = 11, .seqno = 28,
	},
	{
		.name = "video-enhance+tlb", .class = CLASS_VIDEO_ENHANCE, .mmio_base = VECS0_BASE,
		.gt = &gt_media, .flush_tlb = true, .user_fence = false,
		.dw = stream_video_enhance_tlb, .len = ARRAY_SIZE(stream_video_enhance_tlb),
		.bb = 14, .ts = 2, .start_seqno = 10, .seqno = 19,
	},
	{
		.name = "render", .class = CLASS_RENDER, .mmio_base = RENDER_BASE,
		.gt = &gt_xe2, .flush_tlb = false, .user_fence = true,
		.dw = stream_render, .len = ARRAY_SIZE(stream_render),
		.bb = 16, .ts = 2, .start_seqno = 13, .seqno = 33,
	},
	{
		.name = "render-auxccs+tlb", .class = CLASS_RENDER, .mmio_base = RENDER_BASE,
		.gt = &gt_aux_ccs, .flush_tlb = true, .user_fence = false,
		.dw = stream_render_aux_ccs_tlb, .len = ARRAY_SIZE(stream_render_aux_ccs_tlb),
		.bb = 20, .ts = 2, .start_seqno = 17, .seqno = 32,
	},
	{
		.name = "compute", .class = CLASS_COMPUTE, .mmio_base = COMPUTE0_BASE,
		.gt = &gt_xe2, .flush_tlb = false, .user_fence = true,
		.dw = stream_compute, .len = ARRAY_SIZE(stream_compute),
		.bb = 16, .ts = 2, .start_seqno = 13, .seqno = 33,
	},
	{
		.name = "compute-no-render+tlb", .class = CLASS_COMPUTE, .mmio_base = COMPUTE0_BASE,
		.gt = &gt_no_render, .flush_tlb = true, .user_fence = false,
		.dw = stream_compute_no_render_tlb, .len = ARRAY_SIZE(stream_compute_no_render_tlb),
		.bb = 16, .ts = 2, .start_seqno = 13, .seqno = 28,
	},
};

static void ring_emitter_desc(const struct emitter_case *e, char *desc)
{
	strscpy(desc, e->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(emitter, emitters, ring_emitter_desc);

/* Every emitter with and without a VM, running a PPGTT and a GGTT job. */
static const u8 ppgtt_matrix[4 * ARRAY_SIZE(emitters)];

struct ppgtt_case {
	const struct emitter_case *e;
	bool vm;
	bool ggtt;
};

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

/* The render flush after the batch: its two PIPE_CONTROL dwords in the Xe2 streams. */
#define FLUSH_IDX		20
#define FLUSH_FLAGS_IDX		21

/**
 * struct untyped_case - the Xe2 gate of the untyped dataport flush
 * @verx100: graphics version times 100
 * @untyped: the render flush must ask for the untyped dataport flush
 */
struct untyped_case {
	u32 verx100;
	bool untyped;
};

/* Both sides of the boundary at 20.00, and versions well inside each. */
static const struct untyped_case untyped_cases[] = {
	{ 1200, false }, { 1270, false }, { 1999, false }, { 2000, true },
	{ 2004, true },
};

static void untyped_desc(const struct untyped_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "verx100 %u", c->verx100);
}

KUNIT_ARRAY_PARAM(untyped, untyped_cases, untyped_desc);

/**
 * struct depth_stall_case - Wa_1409600907 against each kind of engine
 * @desc: what KUnit calls it
 * @emitter: index in emitters[] of the stream it runs (render or compute)
 * @has_render: the GT has a render engine
 * @flags: the flags dword of the render flush, with the workaround active
 */
struct depth_stall_case {
	const char *desc;
	unsigned int emitter;
	bool has_render;
	u32 flags;
};

/*
 * The depth stall (bit 13) belongs to the 3D pipeline: render gets it,
 * a compute engine never, with or without a render engine beside it.
 */
static const struct depth_stall_case depth_stall_cases[] = {
	{ "render", 5, true, FLUSH_RENDER_WA },
	{ "compute beside render", 7, true, FLUSH_COMPUTE },
	{ "compute without render", 7, false, FLUSH_NO_RENDER },
};

static void depth_stall_desc(const struct depth_stall_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(depth_stall, depth_stall_cases, depth_stall_desc);

#endif /* _FIXPORT_XE_RING_OPS_EXPECT_H_ */
