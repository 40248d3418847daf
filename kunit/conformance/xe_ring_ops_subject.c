// SPDX-License-Identifier: GPL-2.0
/*
 * The subject of the ring ops conformance cases: the target tree's own
 * xe_ring_ops.c, included whole, with doubles for the five functions it
 * calls outside itself.  The ring write is captured dword by dword; the
 * context addresses are those the case describes.
 *
 * Nothing here decides what the code should emit: the cases compare what
 * it did with xe_ring_ops_expect.h.
 */

#include "xe_ring_ops.c"

#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/overflow.h>

#include "xe_ring_gt_desc.h"
#include "xe_ring_ops_subject.h"

/**
 * struct ring_subject - the xe objects of one job, and where writes go
 * @lrc: the queue's contexts
 * @desc: the job they were built from
 * @res: the result being recorded
 */
struct ring_subject {
	struct xe_lrc *lrc[2];
	const struct ring_subject_job *desc;
	struct ring_subject_result *res;
};

/* The job being emitted; the doubles below answer from it. */
static struct ring_subject *cur;

static int subject_lrc_index(struct xe_lrc *lrc)
{
	if (!cur)
		return -1;
	if (lrc == cur->lrc[0])
		return 0;
	if (lrc == cur->lrc[1] && cur->desc->width > 1)
		return 1;
	return -1;
}

/* An address no context has: it shows in a stream as a wrong dword. */
#define SUBJECT_BAD_ADDR	0xdead0000u

static u32 subject_lrc_addr(struct xe_lrc *lrc, unsigned int which)
{
	int i = subject_lrc_index(lrc);

	return i < 0 ? SUBJECT_BAD_ADDR : cur->desc->lrc_addr[i][which];
}

void xe_lrc_write_ring(struct xe_lrc *lrc, const void *data, size_t size)
{
	struct ring_subject_write *w;
	unsigned int n;

	if (!cur)
		return;
	n = cur->res->n_writes++;
	if (n >= RING_SUBJECT_MAX_WRITES)
		return;
	w = &cur->res->writes[n];
	w->lrc = subject_lrc_index(lrc);
	w->len = size / sizeof(u32);
	w->bytes_odd = size % sizeof(u32);
	w->overflow = w->len > RING_SUBJECT_MAX_DW;
	memcpy(w->dw, data, min_t(size_t, w->len, RING_SUBJECT_MAX_DW) * sizeof(u32));
}

u32 xe_lrc_ctx_job_timestamp_ggtt_addr(struct xe_lrc *lrc)
{
	return subject_lrc_addr(lrc, 0);
}

u32 xe_lrc_start_seqno_ggtt_addr(struct xe_lrc *lrc)
{
	return subject_lrc_addr(lrc, 1);
}

u32 xe_lrc_seqno_ggtt_addr(struct xe_lrc *lrc)
{
	return subject_lrc_addr(lrc, 2);
}

bool xe_sched_job_is_migration(struct xe_exec_queue *q)
{
	return cur && cur->desc->migration;
}

void ring_subject_facts(u32 *max_job_dw)
{
	*max_job_dw = MAX_JOB_SIZE_DW;
}

bool ring_subject_has_untyped_flush(void)
{
	/* Asked here, where the tree's own headers are in scope. */
#ifdef PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH
	return true;
#else
	return false;
#endif
}

void ring_subject_emit(struct kunit *test, const struct ring_subject_job *d,
		       struct ring_subject_result *res)
{
	const struct xe_ring_ops *ops;
	struct ring_subject subj = { .desc = d, .res = res };
	struct xe_device *xe;
	struct xe_gt *gt;
	struct xe_hw_engine *hwe;
	struct xe_exec_queue *q;
	struct xe_sched_job *job;
	unsigned int i;

	memset(res, 0, sizeof(*res));
	xe = kunit_kzalloc(test, sizeof(*xe), GFP_KERNEL);
	gt = kunit_kzalloc(test, sizeof(*gt), GFP_KERNEL);
	hwe = kunit_kzalloc(test, sizeof(*hwe), GFP_KERNEL);
	q = kunit_kzalloc(test, struct_size(q, lrc, 2), GFP_KERNEL);
	job = kunit_kzalloc(test, struct_size(job, ptrs, 2), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, xe && gt && hwe && q && job);
	gt->wa_active.oob = kunit_kcalloc(test, BITS_TO_LONGS(_XE_WA_OOB_COUNT),
					  sizeof(long), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, gt->wa_active.oob);
	for (i = 0; i < 2; i++) {
		subj.lrc[i] = kunit_kzalloc(test, sizeof(struct xe_lrc), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, subj.lrc[i]);
	}

	/* The device and its GT, as the description has them. */
	xe->sriov.__mode = XE_SRIOV_MODE_NONE;
	xe->info.graphics_verx100 = d->gt->graphics_verx100;
	xe->info.has_flat_ccs = !d->gt->has_aux_ccs;
	xe->tiles[0].xe = xe;
	gt->tile = &xe->tiles[0];
	gt->info.engine_mask = d->gt->has_render ? XE_HW_ENGINE_RCS_MASK : 0;
	gt->mmio.adj_offset = d->gt->mmio_adj_offset;
	if (d->gt->wa_1409600907)
		__set_bit(XE_WA_OOB_1409600907, gt->wa_active.oob);
	if (d->gt->wa_16020292621)
		__set_bit(XE_WA_OOB_16020292621, gt->wa_active.oob);
	gt->wa_active.oob_initialized = true;

	hwe->gt = gt;
	hwe->class = d->class;
	hwe->mmio_base = d->mmio_base;

	q->gt = gt;
	q->hwe = hwe;
	q->class = d->class;
	q->width = d->width;
	if (d->vm) {
		q->vm = kunit_kzalloc(test, sizeof(*q->vm), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, q->vm);
	}
	for (i = 0; i < d->width && i < 2; i++)
		q->lrc[i] = subj.lrc[i];

	job->q = q;
	job->ggtt = d->ggtt;
	job->ring_ops_flush_tlb = d->flush_tlb;
	job->lrc_seqno = d->seqno;
	job->user_fence.used = d->user_fence;
	job->user_fence.addr = d->ufence_addr;
	job->user_fence.value = d->ufence_value;
	/* A migration job has two batches on one context. */
	for (i = 0; i < 2; i++)
		job->ptrs[i].batch_addr = d->batch_addr[i];

	ops = xe_ring_ops_get(gt, d->class);
	res->has_ops = ops && ops->emit_job;
	if (!res->has_ops)
		return;
	cur = &subj;
	ops->emit_job(job);
	cur = NULL;
}
