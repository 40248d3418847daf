/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The target tree's xe ring ops, as the conformance cases see them.
 *
 * xe_ring_ops_subject.c includes the tree's own xe_ring_ops.c and builds
 * xe's structures from a description; the cases in
 * xe_ring_ops_conformance.c only see this interface, so that the
 * expectations (xe_ring_ops_expect.h) never meet the tree's macros.
 */

#ifndef _FIXPORT_XE_RING_OPS_SUBJECT_H_
#define _FIXPORT_XE_RING_OPS_SUBJECT_H_

#include <linux/types.h>

struct kunit;
struct ring_gt_desc;

/* Dwords one write to the ring may hold: MAX_JOB_SIZE_DW, then a guard. */
#define RING_SUBJECT_MAX_DW	64
/* Writes one job may make: one per context of a width-2 queue, and one more. */
#define RING_SUBJECT_MAX_WRITES	3

/**
 * struct ring_subject_job - one job on one exec queue, described
 * @gt: the GT the queue is on
 * @class: engine class, as the hardware numbers it (0 render .. 5 compute)
 * @mmio_base: MMIO base of the queue's engine
 * @width: contexts of the queue (1 or 2)
 * @vm: the queue has a VM
 * @ggtt: the job's batch is mapped in the GGTT
 * @migration: the queue is the GT's migration queue
 * @flush_tlb: the job asks for a TLB flush before its batch
 * @user_fence: the job has a user fence
 * @seqno: the job's seqno
 * @batch_addr: the job's batch address in each context
 * @ufence_addr: where the user fence is written
 * @ufence_value: what is written there
 * @lrc_addr: per context: job timestamp, start seqno and seqno addresses
 */
struct ring_subject_job {
	const struct ring_gt_desc *gt;
	u32 class;
	u32 mmio_base;
	u16 width;
	bool vm;
	bool ggtt;
	bool migration;
	bool flush_tlb;
	bool user_fence;
	u32 seqno;
	u64 batch_addr[2];
	u64 ufence_addr;
	u64 ufence_value;
	u32 lrc_addr[2][3];
};

/**
 * struct ring_subject_write - what one xe_lrc_write_ring() call wrote
 * @lrc: index of the context it wrote to, or -1 for one the job lacks
 * @len: dwords written
 * @bytes_odd: the size in bytes was not a whole number of dwords
 * @overflow: more than RING_SUBJECT_MAX_DW dwords were written
 * @dw: the dwords, as many as fit
 */
struct ring_subject_write {
	int lrc;
	u32 len;
	bool bytes_odd;
	bool overflow;
	u32 dw[RING_SUBJECT_MAX_DW];
};

/**
 * struct ring_subject_result - everything the ring ops did for one job
 * @has_ops: xe_ring_ops_get() returned ring ops for the class
 * @n_writes: calls to xe_lrc_write_ring(), including any past @writes
 * @writes: the first RING_SUBJECT_MAX_WRITES of them
 */
struct ring_subject_result {
	bool has_ops;
	unsigned int n_writes;
	struct ring_subject_write writes[RING_SUBJECT_MAX_WRITES];
};

/**
 * ring_subject_emit() - have the tree's ring ops emit one job
 * @test: the running case; the fixture is allocated under it
 * @job: the job and the queue it runs on
 * @res: filled with what the ring ops wrote
 *
 * Context: process context, one call at a time (the ring doubles record
 * into @res through a file-scope pointer).
 */
void ring_subject_emit(struct kunit *test, const struct ring_subject_job *job,
		       struct ring_subject_result *res);

/**
 * ring_subject_facts() - facts of the tree the fixture relies on
 * @max_job_dw: set to the tree's MAX_JOB_SIZE_DW
 */
void ring_subject_facts(u32 *max_job_dw);

/**
 * ring_subject_has_untyped_flush() - whether the tree names the Xe2 flush
 *
 * 6.12.y named PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH with the
 * backport of "drm/xe: Flush LSC untyped L1 dataport cache after rcs/ccs
 * batches" (6.12.112), the only change that emits it: a tree without the
 * name lacks the fix.
 *
 * Return: true if the tree's xe headers define the name.
 */
bool ring_subject_has_untyped_flush(void);

#endif /* _FIXPORT_XE_RING_OPS_SUBJECT_H_ */
