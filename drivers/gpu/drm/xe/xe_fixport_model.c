// SPDX-License-Identifier: GPL-2.0
/*
 * A software model of the xe operations the OA port calls.
 *
 * The port calls xe's batch, job, VM lock and MMIO functions by their
 * 6.12.118 names, but xe exports none of them and this module set is not
 * part of xe.  What is here is the smallest honest stand-in, no more:
 *
 * - xe_bb_new() allocates the batch in kernel memory, with room for the
 *   MI_BATCH_BUFFER_END that xe_bb_create_job() appends, as xe does; it
 *   is not mapped in any GGTT;
 * - there is no GPU: a pushed job has finished at once, its fence
 *   signals and the batches waiting on it are freed;
 * - xe_bb_free() frees a batch at once, or once its fence signals;
 * - the VM's reservation lock is a mutex;
 * - xe_mmio_write32() writes the GT's register mapping.
 *
 * Each operation starts with KUNIT_STATIC_STUB_REDIRECT, so that the
 * port's KUnit suites put a double in its place that records every call
 * and runs a mocked GPU; without CONFIG_KUNIT the redirect is empty.
 */

#include <linux/bug.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include <kunit/static_stub.h>

#include <drm_fixport/xe_hw.h>
#include <drm_fixport/xe_model.h>
#include <drm_fixport/xe_regs.h>

/**
 * struct model_bb - a batch as the model allocates it
 * @bb: what the port sees
 * @room: dwords allocated: @bb.size and one for the batch end
 * @link: in the waiters of the fence it is freed with
 */
struct model_bb {
	struct fixport_xe_bb bb;
	u32 room;
	struct list_head link;
};

static void model_bb_release(struct fixport_xe_bb *bb)
{
	struct model_bb *mbb = container_of(bb, struct model_bb, bb);

	kfree(bb->cs);
	kfree(mbb);
}

struct fixport_xe_bb *xe_bb_new(struct fixport_xe_gt *gt, u32 dwords,
				bool usm)
{
	struct model_bb *mbb;

	KUNIT_STATIC_STUB_REDIRECT(xe_bb_new, gt, dwords, usm);

	mbb = kzalloc(sizeof(*mbb), GFP_KERNEL);
	if (!mbb)
		return ERR_PTR(-ENOMEM);

	mbb->room = dwords + 1;
	mbb->bb.cs = kcalloc(mbb->room, sizeof(u32), GFP_KERNEL);
	if (!mbb->bb.cs) {
		kfree(mbb);
		return ERR_PTR(-ENOMEM);
	}
	mbb->bb.size = dwords;
	INIT_LIST_HEAD(&mbb->link);

	return &mbb->bb;
}

static void model_fence_free(struct kref *ref)
{
	struct fixport_xe_fence *fence =
		container_of(ref, struct fixport_xe_fence, refcount);

	/* A waiting batch holds a reference: none can be left here. */
	WARN_ON(!list_empty(&fence->waiters));
	kfree(fence);
}

struct fixport_xe_fence *fixport_xe_fence_get(struct fixport_xe_fence *fence)
{
	KUNIT_STATIC_STUB_REDIRECT(fixport_xe_fence_get, fence);

	kref_get(&fence->refcount);
	return fence;
}

void fixport_xe_fence_put(struct fixport_xe_fence *fence)
{
	KUNIT_STATIC_STUB_REDIRECT(fixport_xe_fence_put, fence);

	kref_put(&fence->refcount, model_fence_free);
}

/* The job has finished: free what waited for it, drop their references. */
static void model_fence_signal(struct fixport_xe_fence *fence, int error)
{
	struct model_bb *mbb, *next;
	LIST_HEAD(done);

	spin_lock(&fence->lock);
	fence->signalled = true;
	fence->error = error;
	list_splice_init(&fence->waiters, &done);
	spin_unlock(&fence->lock);

	list_for_each_entry_safe(mbb, next, &done, link) {
		list_del(&mbb->link);
		model_bb_release(&mbb->bb);
		fixport_xe_fence_put(fence);
	}
}

void xe_bb_free(struct fixport_xe_bb *bb, struct fixport_xe_fence *fence)
{
	struct model_bb *mbb;

	KUNIT_STATIC_STUB_REDIRECT(xe_bb_free, bb, fence);

	if (!bb)
		return;

	mbb = container_of(bb, struct model_bb, bb);
	if (fence) {
		spin_lock(&fence->lock);
		if (!fence->signalled) {
			/* Freed once the job that may read it has finished. */
			kref_get(&fence->refcount);
			list_add_tail(&mbb->link, &fence->waiters);
			spin_unlock(&fence->lock);
			return;
		}
		spin_unlock(&fence->lock);
	}

	model_bb_release(bb);
}

struct fixport_xe_sched_job *xe_bb_create_job(struct fixport_xe_exec_queue *q,
					      struct fixport_xe_bb *bb)
{
	struct model_bb *mbb = container_of(bb, struct model_bb, bb);
	struct fixport_xe_sched_job *job;
	struct fixport_xe_fence *fence;

	KUNIT_STATIC_STUB_REDIRECT(xe_bb_create_job, q, bb);

	/* xe asserts the room that xe_bb_new() allocated for the end. */
	if (WARN_ON(bb->len >= mbb->room))
		return ERR_PTR(-ENOSPC);

	job = kzalloc(struct_size(job, batch_addr, 1), GFP_KERNEL);
	fence = kzalloc(sizeof(*fence), GFP_KERNEL);
	if (!job || !fence) {
		kfree(job);
		kfree(fence);
		return ERR_PTR(-ENOMEM);
	}

	kref_init(&fence->refcount);
	spin_lock_init(&fence->lock);
	INIT_LIST_HEAD(&fence->waiters);

	bb->cs[bb->len++] = FIXPORT_XE_MI_BATCH_BUFFER_END;
	job->q = q;
	job->finished = fence;

	return job;
}

void xe_sched_job_arm(struct fixport_xe_sched_job *job)
{
	KUNIT_STATIC_STUB_REDIRECT(xe_sched_job_arm, job);

	/* Seqnos and timelines are not modelled: nothing to assign. */
}

void xe_sched_job_push(struct fixport_xe_sched_job *job)
{
	KUNIT_STATIC_STUB_REDIRECT(xe_sched_job_push, job);

	/*
	 * No GPU runs it: the job has finished, and the scheduler, which
	 * owns it from here on, drops it with its fence reference.
	 */
	model_fence_signal(job->finished, 0);
	fixport_xe_fence_put(job->finished);
	kfree(job);
}

int xe_vm_lock(struct fixport_xe_vm *vm, bool intr)
{
	KUNIT_STATIC_STUB_REDIRECT(xe_vm_lock, vm, intr);

	if (intr)
		return mutex_lock_interruptible(&vm->resv);

	mutex_lock(&vm->resv);
	return 0;
}

void xe_vm_unlock(struct fixport_xe_vm *vm)
{
	KUNIT_STATIC_STUB_REDIRECT(xe_vm_unlock, vm);

	mutex_unlock(&vm->resv);
}

void xe_mmio_write32(struct fixport_xe_gt *gt, u32 reg, u32 val)
{
	KUNIT_STATIC_STUB_REDIRECT(xe_mmio_write32, gt, reg, val);

	writel(val, gt->regs + reg);
}
