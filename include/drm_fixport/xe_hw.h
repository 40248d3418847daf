/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The xe objects the port works on, described as far as the port and its
 * tests need them.
 *
 * The port is an out-of-tree module: xe's exec queues, jobs, batch
 * buffers and VMs are private to xe and none of the functions that work
 * on them is exported.  The port calls those functions by xe's own names
 * (xe_model.h), on these descriptions of the objects.
 */
#ifndef _DRM_FIXPORT_XE_HW_H_
#define _DRM_FIXPORT_XE_HW_H_

#include <linux/compiler_types.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/types.h>

/**
 * struct fixport_xe_gt - a GT, as far as its registers go
 * @regs: the mapping of its MMIO registers
 */
struct fixport_xe_gt {
	void __iomem *regs;
};

/**
 * struct fixport_xe_vm - an address space
 * @lock: xe_vm.lock, the VM's rw semaphore, taken for read to submit
 * @resv: stands for the VM's reservation (dma-resv) lock, taken by
 *	xe_vm_lock()
 */
struct fixport_xe_vm {
	struct rw_semaphore lock;
	struct mutex resv;	/* the reservation lock */
};

/**
 * struct fixport_xe_fence - a job's finished fence
 * @refcount: references; the last one frees the fence
 * @lock: protects @signalled, @error and @waiters
 * @signalled: the job has finished
 * @error: how it finished, 0 or a negative error
 * @waiters: batches to free once the fence signals
 *
 * Stands for the scheduler fence's &dma_fence, job->drm.s_fence->finished
 * in xe.
 */
struct fixport_xe_fence {
	struct kref refcount;
	spinlock_t lock;	/* protects what follows */
	bool signalled;
	int error;
	struct list_head waiters;
};

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
 * @gt: the GT the queue submits to
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
 * @finished: the fence that signals when the job has finished
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
	struct fixport_xe_fence *finished;
	u64 batch_addr[];
};

/**
 * struct fixport_xe_bb - a batch buffer being filled by the CPU
 * @cs: the dwords, @size of them
 * @size: capacity of @cs in dwords, as xe_bb_new() reports it; it
 *	allocates room for the batch end (and xe for prefetch) on top
 * @len: dwords written, set before the batch is submitted
 */
struct fixport_xe_bb {
	u32 *cs;
	u32 size;
	u32 len;
};

#endif /* _DRM_FIXPORT_XE_HW_H_ */
