/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the xe OA port needs from the hardware and the rest of the driver.
 *
 * The port re-implements the pieces of xe that the OA fix changed; the
 * objects they work on (exec queues, VMs, jobs, batch buffers, fences) and
 * the operations on them come from a backend through struct
 * fixport_xe_hw_ops.  KUnit supplies a backend that records every call.
 */
#ifndef _DRM_FIXPORT_XE_HW_H_
#define _DRM_FIXPORT_XE_HW_H_

#include <linux/types.h>

struct fixport_xe_bb;
struct fixport_xe_fence;
struct fixport_xe_gt;
struct fixport_xe_vm;

/* Same numbering as the hardware engine class IDs xe uses. */
enum fixport_xe_engine_class {
	FIXPORT_XE_ENGINE_CLASS_RENDER = 0,
	FIXPORT_XE_ENGINE_CLASS_VIDEO_DECODE = 1,
	FIXPORT_XE_ENGINE_CLASS_VIDEO_ENHANCE = 2,
	FIXPORT_XE_ENGINE_CLASS_COPY = 3,
	FIXPORT_XE_ENGINE_CLASS_OTHER = 4,
	FIXPORT_XE_ENGINE_CLASS_COMPUTE = 5,
};

/**
 * struct fixport_xe_gt_info - GT properties the ring ops depend on
 * @graphics_verx100: graphics IP version times 100 (e.g. 1270, 2004)
 * @has_render: the GT has a render engine
 * @has_aux_ccs: the platform uses AuxCCS and needs aux table invalidation
 * @wa_1409600907: workaround 1409600907 applies (depth stall on flush)
 * @wa_16020292621: workaround 16020292621 applies (PIPE_CONTROL at ring end)
 * @mmio_adj_offset: offset added to register addresses on a media GT
 */
struct fixport_xe_gt_info {
	u32 graphics_verx100;
	bool has_render;
	bool has_aux_ccs;
	bool wa_1409600907;
	bool wa_16020292621;
	u32 mmio_adj_offset;
};

/**
 * struct fixport_xe_lrc - GGTT addresses of one logical ring context
 * @ctx_job_timestamp_ggtt_addr: where the job's start timestamp is stored
 * @start_seqno_ggtt_addr: where the job's seqno is written when it starts
 * @seqno_ggtt_addr: where the job's seqno is written when it completes
 */
struct fixport_xe_lrc {
	u32 ctx_job_timestamp_ggtt_addr;
	u32 start_seqno_ggtt_addr;
	u32 seqno_ggtt_addr;
};

/**
 * struct fixport_xe_exec_queue - a submission queue
 * @vm: the address space user batches run in, NULL for a GGTT-only queue
 * @gt: the GT the queue submits to, passed back to the backend
 * @gt_info: properties of that GT
 * @class: the engine class of the queue
 * @mmio_base: MMIO base of the queue's hardware engine
 * @width: number of LRCs (parallel submission when > 1)
 * @lrc: @width logical ring contexts
 */
struct fixport_xe_exec_queue {
	struct fixport_xe_vm *vm;
	struct fixport_xe_gt *gt;
	const struct fixport_xe_gt_info *gt_info;
	enum fixport_xe_engine_class class;
	u32 mmio_base;
	u16 width;
	const struct fixport_xe_lrc *lrc;
};

/**
 * struct fixport_xe_sched_job - a job as the ring ops see it
 * @q: the exec queue the job was created on
 * @ggtt: the batch is mapped in the GGTT, not in @q's VM
 * @ring_ops_flush_tlb: invalidate the TLBs before the batch runs
 * @user_fence: optional user fence written after the batch
 * @user_fence.used: write it
 * @user_fence.addr: its PPGTT address
 * @user_fence.value: the value to write
 * @seqno: the seqno this job signals in each LRC
 * @batch_addr: one batch address per LRC of @q
 */
struct fixport_xe_sched_job {
	struct fixport_xe_exec_queue *q;
	bool ggtt;
	bool ring_ops_flush_tlb;
	struct {
		bool used;
		u64 addr;
		u64 value;
	} user_fence;
	u32 seqno;
	u64 batch_addr[];
};

/**
 * struct fixport_xe_bb - a batch buffer being filled by the CPU
 * @cs: the dwords, @size of them
 * @size: capacity of @cs in dwords, as the backend reports it; the
 *	backend adds room for its own batch end and prefetch padding
 * @len: dwords written, set before the batch is submitted
 */
struct fixport_xe_bb {
	u32 *cs;
	u32 size;
	u32 len;
};

/**
 * struct fixport_xe_hw_ops - operations the port calls into the driver for
 * @vm_lock_read: take the VM's rw semaphore (xe_vm.lock) for read
 * @vm_unlock_read: release it
 * @vm_resv_lock: take the VM's reservation lock, uninterruptibly
 * @vm_resv_unlock: release it
 * @job_create: create a job running @bb on @q; returns an ERR_PTR on failure
 * @job_arm: arm the job; from here on it must be pushed
 * @job_fence: a new reference to the job's finished fence
 * @job_push: hand the job to the scheduler, which now owns it
 * @fence_put: drop a fence reference
 * @bb_alloc: a batch buffer for @dwords command dwords; ERR_PTR on failure.
 *	The backend says in bb->size how many it really gives; a caller
 *	must not trust it to be @dwords.
 * @bb_free: give @bb back once @fence has signalled, as xe_bb_free() does:
 *	at once when @fence is NULL or has already signalled, otherwise when
 *	it signals.  The backend takes its own reference on @fence; the
 *	caller may drop its own right after, and must not touch @bb again.
 *	A batch that a pushed job runs is freed with that job's fence, since
 *	the GPU may read it for as long as the job has not finished.
 * @mmio_write32: write an MMIO register of @gt
 */
struct fixport_xe_hw_ops {
	void (*vm_lock_read)(struct fixport_xe_vm *vm);
	void (*vm_unlock_read)(struct fixport_xe_vm *vm);
	void (*vm_resv_lock)(struct fixport_xe_vm *vm);
	void (*vm_resv_unlock)(struct fixport_xe_vm *vm);
	struct fixport_xe_sched_job *(*job_create)(struct fixport_xe_exec_queue *q,
						   struct fixport_xe_bb *bb);
	void (*job_arm)(struct fixport_xe_sched_job *job);
	struct fixport_xe_fence *(*job_fence)(struct fixport_xe_sched_job *job);
	void (*job_push)(struct fixport_xe_sched_job *job);
	void (*fence_put)(struct fixport_xe_fence *fence);
	struct fixport_xe_bb *(*bb_alloc)(struct fixport_xe_gt *gt, u32 dwords);
	void (*bb_free)(struct fixport_xe_bb *bb, struct fixport_xe_fence *fence);
	void (*mmio_write32)(struct fixport_xe_gt *gt, u32 reg, u32 value);
};

#endif /* _DRM_FIXPORT_XE_HW_H_ */
