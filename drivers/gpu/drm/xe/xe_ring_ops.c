// SPDX-License-Identifier: GPL-2.0
/*
 * Ring commands that run a job's batch buffer, ported from the 6.12 xe
 * driver's xe_ring_ops.c (gen12 simple/copy, video and render/compute).
 *
 * The OA fix made one change here: a job can be marked as running a GGTT
 * batch, and then MI_BATCH_BUFFER_START must not select the PPGTT even on
 * an exec queue that has a VM.  The emitters are ported whole so that
 * every one of them is shown to build its batch start through the same
 * flag, with the rest of each dword stream as 6.12 emits it.
 *
 * The migration emitter is not ported: it always runs its batches through
 * the PPGTT and the fix does not touch it.
 */

#include <linux/errno.h>
#include <linux/kernel.h>

#include <drm_fixport/fixport_cs.h>
#include <drm_fixport/xe_hw.h>
#include <drm_fixport/xe_regs.h>
#include <drm_fixport/xe_ring_ops.h>

/* Flags a CCS engine cannot take: they need the 3D pipeline. */
#define PIPE_CONTROL_3D_ENGINE_FLAGS (\
		FIXPORT_XE_PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH | \
		FIXPORT_XE_PIPE_CONTROL_DEPTH_CACHE_FLUSH | \
		FIXPORT_XE_PIPE_CONTROL_TILE_CACHE_FLUSH | \
		FIXPORT_XE_PIPE_CONTROL_DEPTH_STALL | \
		FIXPORT_XE_PIPE_CONTROL_STALL_AT_SCOREBOARD | \
		FIXPORT_XE_PIPE_CONTROL_PSD_SYNC | \
		FIXPORT_XE_PIPE_CONTROL_AMFS_FLUSH | \
		FIXPORT_XE_PIPE_CONTROL_VF_CACHE_INVALIDATE | \
		FIXPORT_XE_PIPE_CONTROL_GLOBAL_SNAPSHOT_RESET)

/* Flags a platform without any 3D pipeline cannot take. */
#define PIPE_CONTROL_3D_ARCH_FLAGS (\
		PIPE_CONTROL_3D_ENGINE_FLAGS | \
		FIXPORT_XE_PIPE_CONTROL_INDIRECT_STATE_DISABLE | \
		FIXPORT_XE_PIPE_CONTROL_FLUSH_ENABLE | \
		FIXPORT_XE_PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE | \
		FIXPORT_XE_PIPE_CONTROL_DC_FLUSH_ENABLE)

/**
 * get_ppgtt_flag() - address-space bit of a job's batch start
 * @job: the job
 *
 * A queue with a VM normally runs its batches through that VM's PPGTT.
 * The OA configuration batch is the exception: it lives in the GGTT but is
 * submitted to the user's queue so that it reaches the user's context, and
 * fetching it through the PPGTT would run whatever that address maps to.
 *
 * Context: Any context.
 * Return: FIXPORT_XE_MI_BATCH_PPGTT or 0.
 */
static u32 get_ppgtt_flag(const struct fixport_xe_sched_job *job)
{
	if (job->q->vm && !job->ggtt)
		return FIXPORT_XE_MI_BATCH_PPGTT;

	return 0;
}

static u32 preparser_disable(bool state)
{
	return FIXPORT_XE_MI_ARB_CHECK | FIXPORT_XE_MI_ARB_CHECK_PREPARSER | state;
}

static void emit_aux_table_inv(const struct fixport_xe_gt_info *gt, u32 reg,
			       struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_LOAD_REGISTER_IMM | FIXPORT_XE_MI_LRI_NUM_REGS(1) |
			FIXPORT_XE_MI_LRI_MMIO_REMAP_EN,
		reg + gt->mmio_adj_offset,
		FIXPORT_XE_AUX_INV,
		FIXPORT_XE_MI_NOOP,
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_user_interrupt(struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_USER_INTERRUPT,
		FIXPORT_XE_MI_ARB_ON_OFF | FIXPORT_XE_MI_ARB_ENABLE,
		FIXPORT_XE_MI_ARB_CHECK,
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_store_imm_ggtt(u32 addr, u32 value, struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_STORE_DATA_IMM | FIXPORT_XE_MI_SDI_GGTT |
			FIXPORT_XE_MI_SDI_NUM_DW(1),
		addr,
		0,
		value,
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_flush_dw(struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_FLUSH_DW | FIXPORT_XE_MI_FLUSH_IMM_DW, 0, 0, 0,
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_flush_imm_ggtt(u32 addr, u32 value, bool invalidate_tlb,
				struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_FLUSH_DW | FIXPORT_XE_MI_FLUSH_DW_OP_STOREDW |
			FIXPORT_XE_MI_FLUSH_IMM_DW |
			(invalidate_tlb ? FIXPORT_XE_MI_INVALIDATE_TLB : 0),
		addr | FIXPORT_XE_MI_FLUSH_DW_USE_GTT,
		0,
		value,
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_bb_start(u64 batch_addr, u32 ppgtt_flag, struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_BATCH_BUFFER_START | ppgtt_flag |
			FIXPORT_XE_INSTR_NUM_DW(3),
		lower_32_bits(batch_addr),
		upper_32_bits(batch_addr),
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_pipe_control(struct fixport_cs *cs, u32 bit_group_0,
			      u32 bit_group_1, u32 offset, u32 value)
{
	const u32 cmd[] = {
		FIXPORT_XE_GFX_OP_PIPE_CONTROL(6) | bit_group_0,
		bit_group_1,
		offset,
		0,
		value,
		0,
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_pipe_invalidate(u32 mask_flags, bool invalidate_tlb,
				 struct fixport_cs *cs)
{
	u32 flags = FIXPORT_XE_PIPE_CONTROL_CS_STALL |
		FIXPORT_XE_PIPE_CONTROL_COMMAND_CACHE_INVALIDATE |
		FIXPORT_XE_PIPE_CONTROL_INSTRUCTION_CACHE_INVALIDATE |
		FIXPORT_XE_PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE |
		FIXPORT_XE_PIPE_CONTROL_VF_CACHE_INVALIDATE |
		FIXPORT_XE_PIPE_CONTROL_CONST_CACHE_INVALIDATE |
		FIXPORT_XE_PIPE_CONTROL_STATE_CACHE_INVALIDATE |
		FIXPORT_XE_PIPE_CONTROL_QW_WRITE |
		FIXPORT_XE_PIPE_CONTROL_STORE_DATA_INDEX;

	if (invalidate_tlb)
		flags |= FIXPORT_XE_PIPE_CONTROL_TLB_INVALIDATE;

	flags &= ~mask_flags;

	emit_pipe_control(cs, 0, flags, FIXPORT_XE_LRC_PPHWSP_SCRATCH_ADDR, 0);
}

static void emit_store_imm_ppgtt_posted(u64 addr, u64 value,
					struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_STORE_DATA_IMM | FIXPORT_XE_MI_SDI_NUM_QW(1),
		lower_32_bits(addr),
		upper_32_bits(addr),
		lower_32_bits(value),
		upper_32_bits(value),
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_render_cache_flush(const struct fixport_xe_sched_job *job,
				    struct fixport_cs *cs)
{
	const struct fixport_xe_gt_info *gt = job->q->gt_info;
	u32 flags0 = FIXPORT_XE_PIPE_CONTROL0_HDC_PIPELINE_FLUSH;
	u32 flags;

	/*
	 * The untyped dataport flush is only reliable as a PIPE_CONTROL flag
	 * from Xe2 on; before that the HDC flush covers it.
	 */
	if (gt->graphics_verx100 >= 2000)
		flags0 |= FIXPORT_XE_PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH;

	flags = FIXPORT_XE_PIPE_CONTROL_CS_STALL |
		FIXPORT_XE_PIPE_CONTROL_TILE_CACHE_FLUSH |
		FIXPORT_XE_PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH |
		FIXPORT_XE_PIPE_CONTROL_DEPTH_CACHE_FLUSH |
		FIXPORT_XE_PIPE_CONTROL_DC_FLUSH_ENABLE |
		FIXPORT_XE_PIPE_CONTROL_FLUSH_ENABLE;

	if (gt->wa_1409600907)
		flags |= FIXPORT_XE_PIPE_CONTROL_DEPTH_STALL;

	if (!gt->has_render)
		flags &= ~PIPE_CONTROL_3D_ARCH_FLAGS;
	else if (job->q->class == FIXPORT_XE_ENGINE_CLASS_COMPUTE)
		flags &= ~PIPE_CONTROL_3D_ENGINE_FLAGS;

	emit_pipe_control(cs, flags0, flags, 0, 0);
}

static void emit_pipe_control_to_ring_end(const struct fixport_xe_exec_queue *q,
					  struct fixport_cs *cs)
{
	if (q->class != FIXPORT_XE_ENGINE_CLASS_RENDER)
		return;

	if (q->gt_info->wa_16020292621)
		emit_pipe_control(cs, 0, FIXPORT_XE_PIPE_CONTROL_LRI_POST_SYNC,
				  FIXPORT_XE_RING_NOPID(q->mmio_base), 0);
}

static void emit_pipe_imm_ggtt(u32 addr, u32 value, bool stall_only,
			       struct fixport_cs *cs)
{
	u32 flags = FIXPORT_XE_PIPE_CONTROL_CS_STALL |
		FIXPORT_XE_PIPE_CONTROL_GLOBAL_GTT_IVB |
		FIXPORT_XE_PIPE_CONTROL_QW_WRITE;

	if (!stall_only)
		flags |= FIXPORT_XE_PIPE_CONTROL_FLUSH_ENABLE;

	emit_pipe_control(cs, 0, flags, addr, value);
}

static void emit_copy_timestamp(const struct fixport_xe_lrc *lrc,
				struct fixport_cs *cs)
{
	const u32 cmd[] = {
		FIXPORT_XE_MI_STORE_REGISTER_MEM | FIXPORT_XE_MI_SRM_USE_GGTT |
			FIXPORT_XE_MI_SRM_ADD_CS_OFFSET,
		FIXPORT_XE_RING_CTX_TIMESTAMP(0),
		lrc->ctx_job_timestamp_ggtt_addr,
		0,
	};

	fixport_cs_emit_array(cs, cmd, ARRAY_SIZE(cmd));
}

static void emit_user_fence(const struct fixport_xe_sched_job *job,
			    struct fixport_cs *cs)
{
	emit_store_imm_ppgtt_posted(job->user_fence.addr,
				    job->user_fence.value, cs);
}

/*
 * The end of a job on the engines that signal with MI_FLUSH_DW (copy, GSC,
 * video): run the batch, then write the seqno and raise the interrupt
 * without being preempted in between.
 */
static void emit_bb_start_and_signal(const struct fixport_xe_sched_job *job,
				     const struct fixport_xe_lrc *lrc,
				     u64 batch_addr, struct fixport_cs *cs)
{
	emit_bb_start(batch_addr, get_ppgtt_flag(job), cs);

	/* Signalling the fence must not be preempted. */
	fixport_cs_emit(cs, FIXPORT_XE_MI_ARB_ON_OFF | FIXPORT_XE_MI_ARB_DISABLE);

	if (job->user_fence.used) {
		emit_flush_dw(cs);
		emit_user_fence(job, cs);
	}

	emit_flush_imm_ggtt(lrc->seqno_ggtt_addr, job->seqno, false, cs);
	emit_user_interrupt(cs);
}

/* Copy and GSC engines: no EUs and no aux table to invalidate. */
static void __emit_job_gen12_simple(const struct fixport_xe_sched_job *job,
				    const struct fixport_xe_lrc *lrc,
				    u64 batch_addr, struct fixport_cs *cs)
{
	emit_copy_timestamp(lrc, cs);

	if (job->ring_ops_flush_tlb) {
		fixport_cs_emit(cs, preparser_disable(true));
		emit_flush_imm_ggtt(lrc->start_seqno_ggtt_addr, job->seqno,
				    true, cs);
		fixport_cs_emit(cs, preparser_disable(false));
	} else {
		emit_store_imm_ggtt(lrc->start_seqno_ggtt_addr, job->seqno, cs);
	}

	emit_bb_start_and_signal(job, lrc, batch_addr, cs);
}

static void __emit_job_gen12_video(const struct fixport_xe_sched_job *job,
				   const struct fixport_xe_lrc *lrc,
				   u64 batch_addr, struct fixport_cs *cs)
{
	const struct fixport_xe_gt_info *gt = job->q->gt_info;
	bool decode = job->q->class == FIXPORT_XE_ENGINE_CLASS_VIDEO_DECODE;

	emit_copy_timestamp(lrc, cs);

	fixport_cs_emit(cs, preparser_disable(true));

	/* hsdes: 1809175790 */
	if (gt->has_aux_ccs)
		emit_aux_table_inv(gt, decode ? FIXPORT_XE_VD0_AUX_INV :
				   FIXPORT_XE_VE0_AUX_INV, cs);

	if (job->ring_ops_flush_tlb)
		emit_flush_imm_ggtt(lrc->start_seqno_ggtt_addr, job->seqno,
				    true, cs);

	fixport_cs_emit(cs, preparser_disable(false));

	if (!job->ring_ops_flush_tlb)
		emit_store_imm_ggtt(lrc->start_seqno_ggtt_addr, job->seqno, cs);

	emit_bb_start_and_signal(job, lrc, batch_addr, cs);
}

static void
__emit_job_gen12_render_compute(const struct fixport_xe_sched_job *job,
				const struct fixport_xe_lrc *lrc, u64 batch_addr,
				struct fixport_cs *cs)
{
	const struct fixport_xe_gt_info *gt = job->q->gt_info;
	u32 mask_flags = 0;

	emit_copy_timestamp(lrc, cs);

	fixport_cs_emit(cs, preparser_disable(true));
	if (!gt->has_render)
		mask_flags = PIPE_CONTROL_3D_ARCH_FLAGS;
	else if (job->q->class == FIXPORT_XE_ENGINE_CLASS_COMPUTE)
		mask_flags = PIPE_CONTROL_3D_ENGINE_FLAGS;

	emit_pipe_invalidate(mask_flags, job->ring_ops_flush_tlb, cs);

	/* hsdes: 1809175790 */
	if (gt->has_aux_ccs)
		emit_aux_table_inv(gt, FIXPORT_XE_CCS_AUX_INV, cs);

	fixport_cs_emit(cs, preparser_disable(false));

	emit_store_imm_ggtt(lrc->start_seqno_ggtt_addr, job->seqno, cs);

	emit_bb_start(batch_addr, get_ppgtt_flag(job), cs);

	/* Signalling the fence must not be preempted. */
	fixport_cs_emit(cs, FIXPORT_XE_MI_ARB_ON_OFF | FIXPORT_XE_MI_ARB_DISABLE);

	emit_render_cache_flush(job, cs);

	if (job->user_fence.used)
		emit_user_fence(job, cs);

	emit_pipe_imm_ggtt(lrc->seqno_ggtt_addr, job->seqno, !gt->has_render,
			   cs);

	emit_user_interrupt(cs);

	emit_pipe_control_to_ring_end(job->q, cs);
}

/**
 * fixport_xe_ring_emit_job() - emit the ring commands of one LRC of a job
 * @job: the job
 * @lrc_idx: which of the job's exec queue LRCs, below its width
 * @cs: where the commands go; at least FIXPORT_XE_MAX_JOB_SIZE_DW dwords
 *
 * Emits what 6.12 xe writes into the ring for a job on a copy, GSC, video,
 * render or compute exec queue: timestamp, start seqno, batch start, user
 * fence, completion seqno and interrupt.
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL for an engine class without ring ops or an
 * @lrc_idx beyond the queue's width, -ENOSPC if @cs is too small (nothing
 * was written past its end).
 */
int fixport_xe_ring_emit_job(const struct fixport_xe_sched_job *job,
			     unsigned int lrc_idx, struct fixport_cs *cs)
{
	const struct fixport_xe_exec_queue *q = job->q;
	const struct fixport_xe_lrc *lrc;
	u64 batch_addr;

	if (lrc_idx >= q->width)
		return -EINVAL;

	lrc = &q->lrc[lrc_idx];
	batch_addr = job->batch_addr[lrc_idx];

	switch (q->class) {
	case FIXPORT_XE_ENGINE_CLASS_OTHER:
	case FIXPORT_XE_ENGINE_CLASS_COPY:
		__emit_job_gen12_simple(job, lrc, batch_addr, cs);
		break;
	case FIXPORT_XE_ENGINE_CLASS_VIDEO_DECODE:
	case FIXPORT_XE_ENGINE_CLASS_VIDEO_ENHANCE:
		__emit_job_gen12_video(job, lrc, batch_addr, cs);
		break;
	case FIXPORT_XE_ENGINE_CLASS_RENDER:
	case FIXPORT_XE_ENGINE_CLASS_COMPUTE:
		__emit_job_gen12_render_compute(job, lrc, batch_addr, cs);
		break;
	default:
		return -EINVAL;
	}

	return cs->overflow ? -ENOSPC : 0;
}
EXPORT_SYMBOL_GPL(fixport_xe_ring_emit_job);

#if IS_ENABLED(CONFIG_DRM_FIXPORT_XE_KUNIT_TEST)
#include "tests/xe_ring_ops_test.c"
#endif
