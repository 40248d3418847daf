/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The target tree's OA context configuration (xe_oa.c), as the
 * conformance cases see it.  xe_oa_subject.c compiles the tree's own
 * functions; the cases only see this interface.
 */

#ifndef _FIXPORT_XE_OA_SUBJECT_H_
#define _FIXPORT_XE_OA_SUBJECT_H_

#include <linux/errno.h>
#include <linux/types.h>

struct kunit;

/* Dwords of a batch the subject keeps, and its guard past the end. */
#define OA_SUBJECT_MAX_DW	600
#define OA_SUBJECT_GUARD_DW	8

/**
 * struct oa_subject_stream - an OA stream, described
 * @class: engine class of the stream's engine (0 render, 1 video decode,
 *	2 video enhance, 5 compute)
 * @mmio_base: MMIO base of the engine
 * @instance: engine instance
 * @user_queue: the stream has a user exec queue (else only the kernel's)
 * @user_vm: that queue has a VM
 * @enable: configure for enabling (else disabling)
 */
struct oa_subject_stream {
	u32 class;
	u32 mmio_base;
	u16 instance;
	bool user_queue;
	bool user_vm;
	bool enable;
};

/**
 * struct oa_subject_result - what the tree's code did
 * @ret: what it returned
 * @n_mmio: MMIO writes
 * @mmio_reg: their register offsets
 * @mmio_val: their values
 * @mmio_seq: when each was made (an event counter)
 * @n_bb: batches allocated
 * @bb_asked: dwords the batch was allocated for
 * @bb_len: dwords in it when its job was created, MI_BATCH_BUFFER_END
 *	appended as xe_bb_create_job() does
 * @bb_overflow: more dwords were written than xe_bb_new() provides room
 *	for (the asked dwords and the end), counted in @bb_len
 * @bb: the batch as submitted
 * @n_jobs: jobs created
 * @job_seq: when the first was armed
 * @on_user_queue: it went to the stream's user exec queue
 * @on_kernel_queue: it went to the kernel exec queue
 * @ggtt_at_arm: it was marked as a GGTT job when armed
 * @vm_locked_at_arm: the queue's VM was locked (both locks) when armed
 * @pushed: it was pushed
 * @bb_freed: the batch was freed
 * @bb_free_fence_is_job: it was freed against the job's finished fence
 * @bb_free_fence_held: that fence was still referenced by the caller then
 * @fence_refs_after: references to the job's fence once the call returned
 *	(the job's own is 1)
 * @vm_unlocked: the VM locks were released as often as taken
 * @emit_config_seq: when the OA configuration batch was emitted (0: never)
 */
struct oa_subject_result {
	int ret;
	unsigned int n_mmio;
	u32 mmio_reg[4];
	u32 mmio_val[4];
	unsigned int mmio_seq[4];
	unsigned int n_bb;
	u32 bb_asked;
	u32 bb_len;
	bool bb_overflow;
	u32 bb[OA_SUBJECT_MAX_DW];
	unsigned int n_jobs;
	unsigned int job_seq;
	bool on_user_queue;
	bool on_kernel_queue;
	bool ggtt_at_arm;
	bool vm_locked_at_arm;
	bool pushed;
	bool bb_freed;
	bool bb_free_fence_is_job;
	bool bb_free_fence_held;
	unsigned int fence_refs_after;
	bool vm_unlocked;
	unsigned int emit_config_seq;
};

/**
 * oa_subject_configure() - the tree's xe_oa_configure_oa_context()
 * @test: the running case
 * @s: the stream
 * @res: filled with what it did
 *
 * Context: process context; one call at a time.
 */
void oa_subject_configure(struct kunit *test, const struct oa_subject_stream *s,
			  struct oa_subject_result *res);

/**
 * oa_subject_metric_set() - the tree's xe_oa_enable_metric_set() or
 * xe_oa_disable_metric_set()
 * @test: the running case
 * @s: the stream; @s->enable picks the function
 * @res: filled with what it did; the OA configuration batch, which
 *	xe_oa_emit_oa_config() would submit, is only recorded
 *
 * Context: process context; one call at a time.
 */
void oa_subject_metric_set(struct kunit *test, const struct oa_subject_stream *s,
			   struct oa_subject_result *res);

/**
 * oa_subject_load_lri() - the tree's xe_oa_load_with_lri() with @n registers
 * @test: the running case
 * @n: registers; register i is 0x10000 + 4 * i, its value 0xc0de0000 + i
 * @res: filled with what it did
 *
 * Context: process context; one call at a time.
 */
void oa_subject_load_lri(struct kunit *test, u32 n, struct oa_subject_result *res);

/**
 * oa_subject_lri_dwords() - the tree's num_lri_dwords()
 * @n: registers
 *
 * Return: what the tree's function returned.
 */
int oa_subject_lri_dwords(int n);

/**
 * struct oa_subject_open_result - what the tree's stream open did
 * @ret: what xe_oa_stream_open_ioctl() returned
 * @looked_up: the exec queue was looked up
 * @went_on: the open went on past the exec queue checks (to choosing
 *	the hardware engine, where the subject stops it)
 * @q_refs_after: references to the exec queue once the call returned
 *	(its owner's is 1)
 * @q_destroyed: the exec queue's last reference was dropped
 */
struct oa_subject_open_result {
	int ret;
	bool looked_up;
	bool went_on;
	unsigned int q_refs_after;
	bool q_destroyed;
};

/* What the subject's engine choice returns, to stop an open there. */
#define OA_SUBJECT_OPEN_WENT_ON	(-EALREADY)

/**
 * oa_subject_open() - the tree's xe_oa_stream_open_ioctl() for a query
 *	stream (OAR/OAC, no sampling) of an exec queue
 * @test: the running case
 * @width: the exec queue's width
 * @res: filled with what it did
 *
 * The user's extensions name exec queue 1, which has @width contexts.
 *
 * Context: process context; one call at a time.
 */
void oa_subject_open(struct kunit *test, u16 width,
		     struct oa_subject_open_result *res);

#endif /* _FIXPORT_XE_OA_SUBJECT_H_ */
