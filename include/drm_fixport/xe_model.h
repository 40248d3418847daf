/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The xe operations the OA port calls, under xe's own names.
 *
 * xe exports none of them, so the module set carries a minimal software
 * model of them (drivers/gpu/drm/xe/xe_fixport_model.c): batches in
 * kernel memory, jobs that finish as soon as they are pushed, since
 * there is no GPU behind it, and the VM locks.  The signatures are
 * 6.12.118's, on the port's descriptions of xe's objects (xe_hw.h).
 * Each operation is a KUnit static stub: the port's tests replace every
 * one of them with a double that records the call.
 */
#ifndef _DRM_FIXPORT_XE_MODEL_H_
#define _DRM_FIXPORT_XE_MODEL_H_

#include <linux/types.h>

#include <drm_fixport/xe_hw.h>

struct fixport_xe_bb *xe_bb_new(struct fixport_xe_gt *gt, u32 dwords,
				bool usm);
struct fixport_xe_sched_job *xe_bb_create_job(struct fixport_xe_exec_queue *q,
					      struct fixport_xe_bb *bb);
void xe_bb_free(struct fixport_xe_bb *bb, struct fixport_xe_fence *fence);

void xe_sched_job_arm(struct fixport_xe_sched_job *job);
void xe_sched_job_push(struct fixport_xe_sched_job *job);

int xe_vm_lock(struct fixport_xe_vm *vm, bool intr);
void xe_vm_unlock(struct fixport_xe_vm *vm);

void xe_mmio_write32(struct fixport_xe_gt *gt, u32 reg, u32 val);

/*
 * The port's fence is not a dma_fence (xe_hw.h): these stand for
 * dma_fence_get() and dma_fence_put() on a job's finished fence.
 */
struct fixport_xe_fence *fixport_xe_fence_get(struct fixport_xe_fence *fence);
void fixport_xe_fence_put(struct fixport_xe_fence *fence);

#endif /* _DRM_FIXPORT_XE_MODEL_H_ */
