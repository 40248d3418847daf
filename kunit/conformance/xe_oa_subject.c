// SPDX-License-Identifier: GPL-2.0
/*
 * The subject of the OA conformance cases: the target tree's own OA
 * context configuration, the LRI batch it builds and the submission of
 * that batch, extracted from its xe_oa.c at build time by
 * scripts/fixport-conformance (generated/xe_oa_*): the whole file needs
 * some 130 functions of the rest of xe.  The doubles below stand for the
 * batch, job, VM lock and MMIO functions it calls and record what was
 * done, in order.
 */

#include <generated/xe_oa_includes.h>

#include <kunit/test.h>
#include <linux/overflow.h>
#include <linux/slab.h>

#include "xe_oa_subject.h"

/**
 * struct oa_subject - the objects of one call, and where records go
 * @res: the result being recorded
 * @user_q: the stream's user exec queue, if any
 * @kernel_q: the stream's kernel exec queue
 * @seq: event counter
 * @resv_locked: xe_vm_lock() calls not yet undone
 * @bb_cap: dwords the batch has room for (asked, and the end)
 * @job: the job created
 */
struct oa_subject {
	struct oa_subject_result *res;
	struct xe_exec_queue *user_q;
	struct xe_exec_queue *kernel_q;
	unsigned int seq;
	int resv_locked;
	u32 bb_cap;
	struct xe_sched_job *job;
};

static struct oa_subject *cur;

struct xe_bb *xe_bb_new(struct xe_gt *gt, u32 size, bool usm)
{
	struct xe_bb *bb;

	cur->res->n_bb++;
	cur->res->bb_asked = size;
	bb = kzalloc(sizeof(*bb), GFP_KERNEL);
	if (!bb)
		return ERR_PTR(-ENOMEM);
	/*
	 * Room for the dwords and MI_BATCH_BUFFER_END, as xe_bb_new()
	 * promises, then a guard: a write into it is recorded as an
	 * overflow rather than left to KASAN.
	 */
	bb->cs = kcalloc(size + 1 + OA_SUBJECT_GUARD_DW, sizeof(u32), GFP_KERNEL);
	if (!bb->cs) {
		kfree(bb);
		return ERR_PTR(-ENOMEM);
	}
	cur->bb_cap = size + 1;
	return bb;
}

struct xe_sched_job *xe_bb_create_job(struct xe_exec_queue *q, struct xe_bb *bb)
{
	struct oa_subject_result *res = cur->res;
	struct xe_sched_job *job;
	struct drm_sched_fence *sf;

	/* As 6.12's __xe_bb_create_job(): the batch ends the batch. */
	if (bb->len == 0 || bb->cs[bb->len - 1] != MI_BATCH_BUFFER_END)
		bb->cs[bb->len++] = MI_BATCH_BUFFER_END;
	res->bb_len = bb->len;
	res->bb_overflow = bb->len > cur->bb_cap;
	memcpy(res->bb, bb->cs, min_t(u32, bb->len, OA_SUBJECT_MAX_DW) * sizeof(u32));

	job = kzalloc(struct_size(job, ptrs, 1), GFP_KERNEL);
	sf = kzalloc(sizeof(*sf), GFP_KERNEL);
	if (!job || !sf) {
		kfree(job);
		kfree(sf);
		return ERR_PTR(-ENOMEM);
	}
	kref_init(&job->refcount);
	kref_init(&sf->finished.refcount);
	job->drm.s_fence = sf;
	job->q = q;
	res->n_jobs++;
	res->on_user_queue = q && q == cur->user_q;
	res->on_kernel_queue = q && q == cur->kernel_q;
	cur->job = job;
	return job;
}

void xe_sched_job_arm(struct xe_sched_job *job)
{
	struct xe_vm *vm = job->q->vm;

	cur->res->job_seq = ++cur->seq;
	cur->res->ggtt_at_arm = job->ggtt;
	cur->res->vm_locked_at_arm = !vm ||
		(rwsem_is_locked(&vm->lock) && cur->resv_locked > 0);
}

void xe_sched_job_push(struct xe_sched_job *job)
{
	cur->res->pushed = true;
}

void xe_sched_job_destroy(struct kref *ref)
{
}

int xe_sync_entry_add_deps(struct xe_sync_entry *sync, struct xe_sched_job *job)
{
	return 0;
}

int xe_vm_lock(struct xe_vm *vm, bool intr)
{
	cur->resv_locked++;
	return 0;
}

void xe_vm_unlock(struct xe_vm *vm)
{
	cur->resv_locked--;
}

void xe_mmio_write32(struct xe_gt *gt, struct xe_reg reg, u32 val)
{
	struct oa_subject_result *res = cur->res;

	if (res->n_mmio < ARRAY_SIZE(res->mmio_reg)) {
		res->mmio_reg[res->n_mmio] = reg.addr;
		res->mmio_val[res->n_mmio] = val;
		res->mmio_seq[res->n_mmio] = ++cur->seq;
	}
	res->n_mmio++;
}

void xe_bb_free(struct xe_bb *bb, struct dma_fence *fence)
{
	struct oa_subject_result *res = cur->res;

	res->bb_freed = true;
	res->bb_free_fence_is_job = fence && cur->job &&
		fence == &cur->job->drm.s_fence->finished;
	/* The job's reference and the caller's. */
	res->bb_free_fence_held = fence && kref_read(&fence->refcount) >= 2;
	kfree(bb->cs);
	kfree(bb);
}

/* Read-modify-writes of power and gating registers: not judged. */
u32 xe_mmio_rmw32(struct xe_gt *gt, struct xe_reg reg, u32 clr, u32 set)
{
	return 0;
}

void xe_gt_mcr_multicast_write(struct xe_gt *gt, struct xe_reg_mcr mcr_reg,
			       u32 value)
{
}

/*
 * The OA unit's configuration batch: no state of any context, and not
 * what the fix changed; only when it is emitted is recorded.
 */
static int xe_oa_emit_oa_config(struct xe_oa_stream *stream,
				struct xe_oa_config *config)
{
	cur->res->emit_config_seq = ++cur->seq;
	return 0;
}

/* The job's reference is never dropped here: nothing is released. */
void dma_fence_release(struct kref *kref)
{
}

/* UML has no DRM core: the tree's drm_dbg() lines go nowhere. */
void __drm_dev_dbg(struct _ddebug *desc, const struct device *dev,
		   enum drm_debug_category category, const char *format, ...)
{
}

/*
 * The stream open, as far as the exec queue checks: the user's
 * extensions name the queue, the lookup finds it (taking a reference, as
 * xe's does), and choosing the hardware engine, which comes after every
 * queue check, stops the open.  What comes after that is not reached.
 */

/**
 * struct oa_open_subject - the exec queue of one open, and the record
 * @res: the result being recorded
 * @q: the exec queue the extensions name
 */
struct oa_open_subject {
	struct oa_subject_open_result *res;
	struct xe_exec_queue *q;
};

static struct oa_open_subject *open_cur;

/* Defined with the tree's functions, below. */
struct xe_oa_open_param;

u32 xe_observation_paranoid = true;

/* Below, where the structure it fills is defined. */
static int xe_oa_user_extensions(struct xe_oa *oa, int from, u64 extension,
				 int ext_number, struct xe_oa_open_param *param);

struct xe_exec_queue *xe_exec_queue_lookup(struct xe_file *xef, u32 id)
{
	open_cur->res->looked_up = true;
	if (id != 1)
		return NULL;
	kref_get(&open_cur->q->refcount);
	return open_cur->q;
}

void xe_exec_queue_destroy(struct kref *ref)
{
	open_cur->res->q_destroyed = true;
}

static int xe_oa_assign_hwe(struct xe_oa *oa, struct xe_oa_open_param *param)
{
	open_cur->res->went_on = true;
	return OA_SUBJECT_OPEN_WENT_ON;
}

/* Past the engine choice: never reached. */
static bool engine_supports_oa_format(const struct xe_hw_engine *hwe, int type)
{
	return false;
}

static u64 oa_exponent_to_ns(struct xe_gt *gt, int exponent)
{
	return 1;
}

static int xe_oa_parse_syncs(struct xe_oa *oa, struct xe_oa_open_param *param)
{
	return -EINVAL;
}

static int xe_oa_stream_open_ioctl_locked(struct xe_oa *oa,
					  struct xe_oa_open_param *param)
{
	return -EINVAL;
}

void xe_sync_entry_cleanup(struct xe_sync_entry *sync)
{
}

#include <generated/xe_oa_funcs.c>

static int xe_oa_user_extensions(struct xe_oa *oa, int from, u64 extension,
				 int ext_number, struct xe_oa_open_param *param)
{
	/* A query stream of exec queue 1: OAR/OAC, no OA buffer sampling. */
	param->exec_queue_id = 1;
	param->sample = false;
	return 0;
}

/**
 * struct oa_fixture - an OA stream and what it hangs off
 * @stream: the stream
 * @unit: the OA unit
 * @format: the report format: counter select 5, B/C report, 40-bit
 */
struct oa_fixture {
	struct xe_oa_stream *stream;
	struct xe_oa_unit *unit;
	struct xe_oa_format format;
};

static struct xe_exec_queue *fixture_queue(struct kunit *test, struct xe_gt *gt,
					   bool vm)
{
	struct xe_exec_queue *q;

	q = kunit_kzalloc(test, struct_size(q, lrc, 1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, q);
	q->gt = gt;
	q->width = 1;
	if (vm) {
		q->vm = kunit_kzalloc(test, sizeof(*q->vm), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, q->vm);
		init_rwsem(&q->vm->lock);
	}
	return q;
}

static void fixture_init(struct kunit *test, struct oa_fixture *f,
			 struct oa_subject *subj, const struct oa_subject_stream *s)
{
	struct xe_device *xe;
	struct xe_gt *gt;
	struct xe_hw_engine *hwe;
	struct xe_oa *oa;

	xe = kunit_kzalloc(test, sizeof(*xe), GFP_KERNEL);
	gt = kunit_kzalloc(test, sizeof(*gt), GFP_KERNEL);
	hwe = kunit_kzalloc(test, sizeof(*hwe), GFP_KERNEL);
	oa = kunit_kzalloc(test, sizeof(*oa), GFP_KERNEL);
	f->unit = kunit_kzalloc(test, sizeof(*f->unit), GFP_KERNEL);
	f->stream = kunit_kzalloc(test, sizeof(*f->stream), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, xe && gt && hwe && oa && f->unit && f->stream);

	xe->tiles[0].xe = xe;
	gt->tile = &xe->tiles[0];
	oa->xe = xe;
	/* The OAG unit's control register, as the driver's init sets it. */
	f->unit->regs.oa_ctrl = OAG_OACONTROL;
	hwe->gt = gt;
	hwe->class = s->class;
	hwe->instance = s->instance;
	hwe->mmio_base = s->mmio_base;
	hwe->oa_unit = f->unit;

	f->format.counter_select = 5;
	f->format.bc_report = 1;
	f->format.counter_size = 1;

	f->stream->oa = oa;
	f->stream->gt = gt;
	f->stream->hwe = hwe;
	f->stream->oa_buffer.format = &f->format;
	subj->kernel_q = fixture_queue(test, gt, false);
	f->stream->k_exec_q = subj->kernel_q;
	if (s->user_queue) {
		subj->user_q = fixture_queue(test, gt, s->user_vm);
		f->stream->exec_q = subj->user_q;
	}
}

static void subject_done(struct oa_subject *subj)
{
	struct oa_subject_result *res = subj->res;
	struct xe_vm *vm = subj->user_q ? subj->user_q->vm : NULL;

	if (subj->job) {
		res->fence_refs_after =
			kref_read(&subj->job->drm.s_fence->finished.refcount);
		kfree(subj->job->drm.s_fence);
		kfree(subj->job);
	}
	res->vm_unlocked = subj->resv_locked == 0 &&
		(!vm || !rwsem_is_locked(&vm->lock));
	cur = NULL;
}

void oa_subject_configure(struct kunit *test, const struct oa_subject_stream *s,
			  struct oa_subject_result *res)
{
	struct oa_subject subj = { .res = res };
	struct oa_fixture f = {};

	memset(res, 0, sizeof(*res));
	fixture_init(test, &f, &subj, s);
	cur = &subj;
	res->ret = xe_oa_configure_oa_context(f.stream, s->enable);
	subject_done(&subj);
}

void oa_subject_metric_set(struct kunit *test, const struct oa_subject_stream *s,
			   struct oa_subject_result *res)
{
	struct oa_subject subj = { .res = res };
	struct oa_fixture f = {};

	memset(res, 0, sizeof(*res));
	fixture_init(test, &f, &subj, s);
	cur = &subj;
	if (s->enable)
		res->ret = xe_oa_enable_metric_set(f.stream);
	else
		xe_oa_disable_metric_set(f.stream);
	subject_done(&subj);
}

void oa_subject_load_lri(struct kunit *test, u32 n, struct oa_subject_result *res)
{
	const struct oa_subject_stream s = {
		.class = XE_ENGINE_CLASS_RENDER, .mmio_base = 0x2000,
		.user_queue = true, .user_vm = true,
	};
	struct oa_subject subj = { .res = res };
	struct oa_fixture f = {};
	struct xe_oa_reg *regs;
	u32 i;

	memset(res, 0, sizeof(*res));
	regs = kunit_kcalloc(test, n, sizeof(*regs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, regs);
	for (i = 0; i < n; i++) {
		regs[i].addr = XE_REG(0x10000 + 4 * i);
		regs[i].value = 0xc0de0000 + i;
	}
	fixture_init(test, &f, &subj, &s);
	cur = &subj;
	res->ret = xe_oa_load_with_lri(f.stream, regs, n);
	subject_done(&subj);
}

int oa_subject_lri_dwords(int n)
{
	return num_lri_dwords(n);
}

void oa_subject_open(struct kunit *test, u16 width,
		     struct oa_subject_open_result *res)
{
	struct oa_open_subject subj = { .res = res };
	struct xe_device *xe;
	struct xe_file *xef;
	struct drm_file *file;

	memset(res, 0, sizeof(*res));
	xe = kunit_kzalloc(test, sizeof(*xe), GFP_KERNEL);
	xef = kunit_kzalloc(test, sizeof(*xef), GFP_KERNEL);
	file = kunit_kzalloc(test, sizeof(*file), GFP_KERNEL);
	subj.q = kunit_kzalloc(test, struct_size(subj.q, lrc, width), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, xe && xef && file && subj.q);

	xe->oa.xe = xe;
	file->driver_priv = xef;
	/* The owner's reference. */
	kref_init(&subj.q->refcount);
	subj.q->width = width;

	open_cur = &subj;
	res->ret = xe_oa_stream_open_ioctl(&xe->drm, 0, file);
	res->q_refs_after = kref_read(&subj.q->refcount);
	open_cur = NULL;
}
