// SPDX-License-Identifier: GPL-2.0
/*
 * OAR/OAC context configuration for xe OA streams, ported from 6.12 xe.
 *
 * Enabling OAR (render) or OAC (compute) for a context sets a bit in that
 * context's RING_CONTEXT_CONTROL, which changes the size of the context
 * image.  Before the fix xe poked the bit into the saved image from a
 * kernel queue, behind the back of the running context, which could hang
 * the GPU; and it never cleared the bit again on disable.  The fix writes
 * all per-context OA registers with one MI_LOAD_REGISTER_IMM batch run in
 * the user's own context: a GGTT batch on the user's exec queue.
 *
 * The batch is released with the job's fence, as 6.12.118 does, not after
 * a bounded wait as the first 6.12.y backport did: a batch freed while
 * its job is still queued or running is a use-after-free by the GPU.
 */

#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math.h>
#include <linux/module.h>
#include <linux/rwsem.h>

#include <drm_fixport/fixport_cs.h>
#include <drm_fixport/xe_hw.h>
#include <drm_fixport/xe_model.h>
#include <drm_fixport/xe_oa.h>
#include <drm_fixport/xe_regs.h>

/**
 * num_lri_dwords() - batch size for a set of register writes
 * @num_regs: number of registers
 *
 * Each register takes an offset and a value; each run of up to
 * FIXPORT_XE_MI_LRI_MAX_REGS registers takes one MI_LOAD_REGISTER_IMM
 * header.  (2N + 1 is right only while everything fits one header.)
 *
 * Context: Any context.
 * Return: the number of dwords, 0 for no registers.
 */
static u32 num_lri_dwords(u32 num_regs)
{
	return 2 * num_regs + DIV_ROUND_UP(num_regs, FIXPORT_XE_MI_LRI_MAX_REGS);
}

/**
 * write_cs_mi_lri() - emit register writes as MI_LOAD_REGISTER_IMM
 * @cs: where to emit, num_lri_dwords(@n_regs) dwords free
 * @reg_data: the registers and their values
 * @n_regs: how many
 *
 * Context: Any context.
 * Return: 0 on success, -ENOSPC if @cs is too small; nothing is written
 * past its end, but what fitted has been written.
 */
static int write_cs_mi_lri(struct fixport_cs *cs,
			   const struct fixport_xe_oa_reg *reg_data, u32 n_regs)
{
	u32 i, n;

	for (i = 0; i < n_regs; i++) {
		if (i % FIXPORT_XE_MI_LRI_MAX_REGS == 0) {
			n = min(n_regs - i, FIXPORT_XE_MI_LRI_MAX_REGS);
			fixport_cs_emit(cs, FIXPORT_XE_MI_LOAD_REGISTER_IMM |
					FIXPORT_XE_MI_LRI_NUM_REGS(n));
		}
		fixport_cs_emit(cs, reg_data[i].addr);
		fixport_cs_emit(cs, reg_data[i].value);
	}

	return cs->overflow ? -ENOSPC : 0;
}

/*
 * Submitting to a queue with a VM follows xe's exec path: the VM's rw
 * semaphore for read, then its reservation lock, uninterruptibly, held
 * until the job is pushed.  A kernel queue has no VM and needs neither.
 */
static void xe_oa_lock_vma(struct fixport_xe_exec_queue *q)
{
	if (!q->vm)
		return;

	down_read(&q->vm->lock);
	xe_vm_lock(q->vm, false);
}

static void xe_oa_unlock_vma(struct fixport_xe_exec_queue *q)
{
	if (!q->vm)
		return;

	xe_vm_unlock(q->vm);
	up_read(&q->vm->lock);
}

/*
 * Run a configuration batch.  The registers it writes are per-context, so
 * it has to run in the user's context: on the stream's user exec queue
 * when it has one, on the kernel queue otherwise.  The batch lives in the
 * GGTT, not in the user queue's VM, and the job is marked so.
 *
 * Returns the job's finished fence (a reference the caller drops), or an
 * ERR_PTR if no job was pushed.  Nothing waits for the fence: the batch
 * runs ahead of whatever the user submits next on the same queue, which
 * is the ordering the configuration needs.
 */
static struct fixport_xe_fence *xe_oa_submit_bb(struct fixport_xe_oa_stream *stream,
						struct fixport_xe_bb *bb)
{
	struct fixport_xe_exec_queue *q = stream->exec_q ?: stream->k_exec_q;
	struct fixport_xe_sched_job *job;
	struct fixport_xe_fence *fence;

	xe_oa_lock_vma(q);

	job = xe_bb_create_job(q, bb);
	if (IS_ERR(job)) {
		xe_oa_unlock_vma(q);
		return ERR_CAST(job);
	}
	job->ggtt = true;

	xe_sched_job_arm(job);
	fence = fixport_xe_fence_get(job->finished);
	xe_sched_job_push(job);

	xe_oa_unlock_vma(q);

	return fence;
}

/**
 * xe_oa_load_with_lri() - write registers from the stream's context
 * @stream: the OA stream
 * @reg_lri: the registers and their values
 * @count: how many
 *
 * Submits one MI_LOAD_REGISTER_IMM batch and returns without waiting for
 * it, as 6.12.118 does: a slow batch is not an error.  The batch stays
 * allocated until the job's fence signals, however late that is, because
 * until then the GPU may still fetch it; a batch that never reached a job
 * is freed at once.
 *
 * Context: Process context; takes the queue's VM locks.
 * Return: 0 once the job is pushed, -ENOSPC if xe_bb_new()'s batch is too
 * small for the registers (nothing is submitted), or the error from
 * allocating the batch or creating the job.
 */
static int xe_oa_load_with_lri(struct fixport_xe_oa_stream *stream,
			       const struct fixport_xe_oa_reg *reg_lri, u32 count)
{
	struct fixport_xe_fence *fence;
	struct fixport_xe_bb *bb;
	struct fixport_cs cs;
	int err;

	bb = xe_bb_new(stream->gt, num_lri_dwords(count), false);
	if (IS_ERR(bb))
		return PTR_ERR(bb);

	fixport_cs_init(&cs, bb->cs, bb->size);
	/* A truncated register list must not reach the GPU. */
	err = write_cs_mi_lri(&cs, reg_lri, count);
	if (err)
		goto free_bb;
	bb->len = cs.len;

	fence = xe_oa_submit_bb(stream, bb);
	if (IS_ERR(fence)) {
		err = PTR_ERR(fence);
		goto free_bb;
	}

	xe_bb_free(bb, fence);
	fixport_xe_fence_put(fence);
	return 0;

free_bb:
	xe_bb_free(bb, NULL);
	return err;
}

static u32 oa_format_to_oactrl(const struct fixport_xe_oa_format *format)
{
	return FIELD_PREP(FIXPORT_XE_OAR_OACONTROL_COUNTER_SEL_MASK,
			  format->counter_select) |
		FIELD_PREP(FIXPORT_XE_OA_OACONTROL_REPORT_BC_MASK,
			   format->bc_report) |
		FIELD_PREP(FIXPORT_XE_OA_OACONTROL_COUNTER_SIZE_MASK,
			   format->counter_size);
}

static u32 oa_control(const struct fixport_xe_oa_stream *stream, bool enable)
{
	return oa_format_to_oactrl(stream->format) |
		(enable ? FIXPORT_XE_OAR_OACONTROL_COUNTER_ENABLE : 0);
}

/*
 * OAR and OAC are configured alike: resume the context's counters, program
 * the unit's control register, and set @ctx_bits in RING_CONTEXT_CONTROL.
 * The masked write clears on disable exactly what enable set; leaving
 * OAC_CONTEXT_ENABLE set after the stream closed was the bug.
 */
static int oa_load_context_regs(struct fixport_xe_oa_stream *stream,
				u32 oactrl, u32 ctx_bits, bool enable)
{
	u32 base = stream->hwe_mmio_base;
	const struct fixport_xe_oa_reg regs[] = {
		{
			FIXPORT_XE_OACTXCONTROL(base),
			enable ? FIXPORT_XE_OA_COUNTER_RESUME : 0,
		},
		{
			oactrl,
			oa_control(stream, enable),
		},
		{
			FIXPORT_XE_RING_CONTEXT_CONTROL(base),
			fixport_masked_field(ctx_bits, enable ? ctx_bits : 0),
		},
	};

	return xe_oa_load_with_lri(stream, regs, ARRAY_SIZE(regs));
}

static int xe_oa_configure_oar_context(struct fixport_xe_oa_stream *stream,
				       bool enable)
{
	return oa_load_context_regs(stream, FIXPORT_XE_OAR_OACONTROL,
				    FIXPORT_XE_CTX_CTRL_OAC_CONTEXT_ENABLE,
				    enable);
}

static int xe_oa_configure_oac_context(struct fixport_xe_oa_stream *stream,
				       bool enable)
{
	/*
	 * The instance must fit the CCS select field, or another CCS would
	 * be measured.  No GT has that many compute engines; refuse rather
	 * than warn, so that the bound can be tested at its edge.
	 */
	if (stream->hwe_instance >
	    FIELD_MAX(FIXPORT_XE_OAG_OACONTROL_OA_CCS_SELECT_MASK))
		return -EINVAL;

	/* OAC_OACONTROL is only writable once the OA unit selects this CCS. */
	xe_mmio_write32(stream->gt, stream->oa_ctrl,
			FIELD_PREP(FIXPORT_XE_OAG_OACONTROL_OA_CCS_SELECT_MASK,
				   stream->hwe_instance));

	/* A compute context also runs alone while OAC measures it. */
	return oa_load_context_regs(stream, FIXPORT_XE_OAC_OACONTROL,
				    FIXPORT_XE_CTX_CTRL_OAC_CONTEXT_ENABLE |
				    FIXPORT_XE_CTX_CTRL_RUN_ALONE, enable);
}

/**
 * xe_oa_configure_oa_context() - start or stop OA in a context
 * @stream: the OA stream
 * @enable: start (true) or stop (false) the context's counters
 *
 * Writes OACTXCONTROL, the OA unit's control register and the context's
 * RING_CONTEXT_CONTROL with one MI_LOAD_REGISTER_IMM batch run in the
 * stream's context; for OAC, first selects the stream's CCS over MMIO.
 *
 * Context: Process context; takes the queue's VM locks and sleeps.
 * Return: 0 on success (and for engines without OAR/OAC, and streams
 * without a user exec queue, which have nothing to configure), or a
 * negative error.
 */
int xe_oa_configure_oa_context(struct fixport_xe_oa_stream *stream, bool enable)
{
	/*
	 * OAR/OAC are state of the user's context.  Without a user exec
	 * queue there is none to configure, and the batch must not fall
	 * back to the kernel queue: OAC_CONTEXT_ENABLE in the kernel's
	 * context is the bug the fix removed.  6.12.118's caller,
	 * xe_oa_enable_metric_set(), makes the same test.
	 */
	if (!stream->exec_q)
		return 0;

	switch (stream->hwe_class) {
	case FIXPORT_XE_ENGINE_CLASS_RENDER:
		return xe_oa_configure_oar_context(stream, enable);
	case FIXPORT_XE_ENGINE_CLASS_COMPUTE:
		return xe_oa_configure_oac_context(stream, enable);
	default:
		/* Video engines do not support MI_REPORT_PERF_COUNT. */
		return 0;
	}
}
EXPORT_SYMBOL_GPL(xe_oa_configure_oa_context);

/**
 * fixport_xe_oa_check_exec_queue() - may an OA stream measure this queue
 * @q: the exec queue named by the stream open request, or NULL
 *
 * The configuration batch runs as one job, which only reaches the first
 * LRC of a parallel queue; rather than measure one context of several,
 * such queues are refused.
 *
 * Context: Any context.
 * Return: 0 if it may, -ENOENT for no queue, -EOPNOTSUPP for a queue of
 * width greater than one.
 */
int fixport_xe_oa_check_exec_queue(const struct fixport_xe_exec_queue *q)
{
	if (!q)
		return -ENOENT;

	if (q->width > 1)
		return -EOPNOTSUPP;

	return 0;
}
EXPORT_SYMBOL_GPL(fixport_xe_oa_check_exec_queue);

MODULE_DESCRIPTION("drm-fixport: xe OA context configuration and ring ops, 6.12.y backport");
MODULE_LICENSE("GPL");

#if IS_ENABLED(CONFIG_DRM_FIXPORT_XE_KUNIT_TEST)
#include "tests/xe_oa_test.c"
#endif
