// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the xe OA port on a mocked GPU.
 *
 * The port calls xe's batch, job, fence, VM lock and MMIO operations by
 * their xe names; each is a static stub (xe_fixport_model.c), and every
 * case puts the doubles below in their place.  They record every call
 * the port makes, in order.  The VM's locks are real (its rw_semaphore,
 * and a mutex standing in for the reservation lock) so that lockdep
 * checks order and balance as well.  The port takes the rw semaphore with
 * the kernel's own down_read()/up_read(), which no stub can stand in
 * for: the doubles note the semaphore's state at every call they see and
 * record each change of it as the lock or unlock that made it.
 *
 * Batches are real allocations, freed for real, so that KASAN sees any
 * use after free.  A job's fence signals only when the test says the GPU
 * has run the job: the mock GPU then reads the batch from memory and
 * applies its MI_LOAD_REGISTER_IMM writes to a register log, and only
 * then releases a batch that was given back "once this fence signals".
 *
 * Expected values are written out from the documented encodings, never
 * computed with the macros of the code under test.
 */

#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm_fixport/fixport_cs.h>
#include <drm_fixport/xe_hw.h>
#include <drm_fixport/xe_model.h>
#include <drm_fixport/xe_oa.h>

#define MOCK_MAX_EVENTS		32
#define MOCK_MAX_MMIO		4
#define MOCK_MAX_WRITES		256
#define BB_GUARD_DW		16
#define BB_POISON		0xa5a5a5a5u

/* Engine classes as the hardware numbers them. */
#define CLASS_RENDER		0
#define CLASS_VIDEO_DECODE	1
#define CLASS_VIDEO_ENHANCE	2
#define CLASS_COMPUTE		5

#define RENDER_BASE		0x02000
#define COMPUTE0_BASE		0x1a000
#define OAG_OACONTROL		0xdaf4
#define OAR_OACONTROL		0x2960

/*
 * MI_LOAD_REGISTER_IMM: opcode 0x22 in bits 28:23, then the number of
 * dwords after the header minus one: 2N - 1 for N registers.  At most 126
 * registers go under one header.
 */
#define LRI_OPCODE		0x11000000u
#define LRI_OPCODE_MASK		0xff800000u
#define LRI_LEN_MASK		0x000000ffu
#define LRI_MAX_REGS		126u

/* MI_BATCH_BUFFER_END: opcode 0x0a in bits 28:23, no length. */
#define MI_BATCH_BUFFER_END	0x05000000u

enum mock_call {
	CALL_NONE,
	CALL_BB_ALLOC,
	CALL_VM_LOCK_READ,
	CALL_RESV_LOCK,
	CALL_JOB_CREATE,
	CALL_JOB_ARM,
	CALL_JOB_FENCE,
	CALL_JOB_PUSH,
	CALL_RESV_UNLOCK,
	CALL_VM_UNLOCK_READ,
	CALL_BB_FREE_NOW,
	CALL_BB_FREE_AFTER_FENCE,
	CALL_FENCE_PUT,
	CALL_MMIO_WRITE,
};

static const char * const mock_call_names[] = {
	[CALL_NONE] = "(none)",
	[CALL_BB_ALLOC] = "xe_bb_new",
	[CALL_VM_LOCK_READ] = "down_read(vm->lock)",
	[CALL_RESV_LOCK] = "xe_vm_lock",
	[CALL_JOB_CREATE] = "xe_bb_create_job",
	[CALL_JOB_ARM] = "xe_sched_job_arm",
	[CALL_JOB_FENCE] = "fence_get(job->finished)",
	[CALL_JOB_PUSH] = "xe_sched_job_push",
	[CALL_RESV_UNLOCK] = "xe_vm_unlock",
	[CALL_VM_UNLOCK_READ] = "up_read(vm->lock)",
	[CALL_BB_FREE_NOW] = "xe_bb_free(bb, NULL)",
	[CALL_BB_FREE_AFTER_FENCE] = "xe_bb_free(bb, fence)",
	[CALL_FENCE_PUT] = "fence_put",
	[CALL_MMIO_WRITE] = "xe_mmio_write32",
};

struct mock_reg_write {
	u32 reg;
	u32 value;
};

/**
 * struct mock_hw - the mocked GPU of one test case
 * @user_vm: VM of the user exec queue
 * @kernel_vm: VM of the kernel exec queue, when a case gives it one
 * @gt: the GT handed to the port
 * @lrc: context addresses of the queues (unused by the OA port)
 * @user_q: the user's exec queue
 * @kernel_q: the kernel's exec queue
 * @stream: the OA stream under test
 * @bb_alloc_err: make bb_alloc fail with this error
 * @bb_size_delta: hand out this many dwords more (or fewer) than asked
 * @job_create_err: make job_create fail with this error
 * @gpu_fast: the GPU runs a job as soon as it is pushed
 * @ev: calls so far, in order
 * @n_ev: how many
 * @job_q: the queue the job was created on
 * @ggtt_at_arm: the job's ggtt flag when it was armed
 * @ggtt_at_push: the job's ggtt flag when it was pushed
 * @pushed: a job was pushed
 * @bb: the batch allocated, if any; not to be dereferenced once freed
 * @bb_dwords: dwords requested from bb_alloc
 * @bb_room: dwords allocated: bb->size and one for MI_BATCH_BUFFER_END
 * @bb_alive: @bb is allocated
 * @bb_pending: @bb waits for the fence before it is freed
 * @bb_frees: times @bb was really freed
 * @bad_frees: frees of a batch that was already freed or given back
 * @guard_hits: guard dwords after the batch found overwritten
 * @submitted: the batch as it was when the job was created, its end included
 * @submitted_len: the port's bb->len at job creation, before the end
 * @job_len: bb->len once the job was created, the end included
 * @end_no_room: jobs created with no room left for MI_BATCH_BUFFER_END
 * @fence: the job's finished fence; only its address is used
 * @fence_refs: references to @fence handed out: the port's from
 *	fixport_xe_fence_get() and the one a pending xe_bb_free() holds
 * @fence_signalled: the job has run
 * @fence_error: how it ended
 * @fence_misuse: fence references used or dropped after the last one
 *	went, or fences that are not the job's
 * @rw_locked: the VMs' rw semaphores were held at the last call seen
 * @writes: register writes the GPU made running the batch
 * @n_writes: how many
 * @gpu_runs: times the GPU ran the batch
 * @gpu_ran_freed: times the GPU was asked to run a freed batch
 * @mmio: MMIO writes, in order
 * @n_mmio: how many
 */
struct mock_hw {
	struct fixport_xe_vm user_vm;
	struct fixport_xe_vm kernel_vm;
	struct fixport_xe_gt gt;
	struct fixport_xe_lrc lrc;
	struct fixport_xe_exec_queue user_q;
	struct fixport_xe_exec_queue kernel_q;
	struct fixport_xe_oa_stream stream;

	int bb_alloc_err;
	int bb_size_delta;
	int job_create_err;
	bool gpu_fast;

	enum mock_call ev[MOCK_MAX_EVENTS];
	unsigned int n_ev;
	struct fixport_xe_exec_queue *job_q;
	bool ggtt_at_arm;
	bool ggtt_at_push;
	bool pushed;

	struct fixport_xe_bb *bb;
	u32 bb_dwords;
	u32 bb_room;
	bool bb_alive;
	bool bb_pending;
	int bb_frees;
	int bad_frees;
	int guard_hits;
	u32 *submitted;
	u32 submitted_len;
	u32 job_len;
	int end_no_room;

	struct fixport_xe_fence fence;
	int fence_refs;
	bool fence_signalled;
	int fence_error;
	int fence_misuse;
	bool rw_locked;

	struct mock_reg_write writes[MOCK_MAX_WRITES];
	unsigned int n_writes;
	int gpu_runs;
	int gpu_ran_freed;

	struct mock_reg_write mmio[MOCK_MAX_MMIO];
	unsigned int n_mmio;
};

static struct mock_hw *mock_hw(void)
{
	return kunit_get_current_test()->priv;
}

static void mock_push_event(struct mock_hw *hw, enum mock_call ev)
{
	if (hw->n_ev < MOCK_MAX_EVENTS)
		hw->ev[hw->n_ev] = ev;
	hw->n_ev++;
}

/*
 * The port takes and releases the VMs' rw semaphores itself, with
 * down_read() and up_read().  Whether one is held is noted at every call
 * the doubles see, and a change since the last one is recorded first, as
 * the lock or unlock that must have happened in between.
 */
static void mock_note_rw(struct mock_hw *hw)
{
	bool locked = rwsem_is_locked(&hw->user_vm.lock) ||
		rwsem_is_locked(&hw->kernel_vm.lock);

	if (locked != hw->rw_locked)
		mock_push_event(hw, locked ? CALL_VM_LOCK_READ :
				CALL_VM_UNLOCK_READ);
	hw->rw_locked = locked;
}

static void mock_record(enum mock_call ev)
{
	struct mock_hw *hw = mock_hw();

	mock_note_rw(hw);
	mock_push_event(hw, ev);
}

/* xe_vm_lock(): the port must not be interrupted half-way, as in xe. */
static int mock_vm_lock(struct fixport_xe_vm *vm, bool intr)
{
	struct kunit *test = kunit_get_current_test();

	mock_record(CALL_RESV_LOCK);
	KUNIT_EXPECT_FALSE_MSG(test, intr, "VM locked interruptibly");
	mutex_lock(&vm->resv);
	return 0;
}

static void mock_vm_unlock(struct fixport_xe_vm *vm)
{
	mock_record(CALL_RESV_UNLOCK);
	mutex_unlock(&vm->resv);
}

static struct fixport_xe_sched_job *
mock_job_create(struct fixport_xe_exec_queue *q, struct fixport_xe_bb *bb)
{
	struct mock_hw *hw = mock_hw();
	struct kunit *test = kunit_get_current_test();
	struct fixport_xe_sched_job *job;

	mock_record(CALL_JOB_CREATE);
	hw->job_q = q;

	/* xe creates jobs on a VM queue under both of its locks. */
	if (q->vm) {
		lockdep_assert_held_read(&q->vm->lock);
		lockdep_assert_held(&q->vm->resv);
	}

	/*
	 * As __xe_bb_create_job() in 6.12: the batch is ended with
	 * MI_BATCH_BUFFER_END in the dword after the port's, which xe_bb_new()
	 * allocated for it, and xe asserts it has room.  Here a batch without
	 * that room is counted, and nothing is written past the allocation.
	 */
	hw->submitted_len = min(bb->len, bb->size);
	if (bb->len < hw->bb_room)
		bb->cs[bb->len++] = MI_BATCH_BUFFER_END;
	else
		hw->end_no_room++;
	hw->job_len = min(bb->len, hw->bb_room);

	/* What the job would run, kept for the test to read later. */
	hw->submitted = kunit_kmalloc_array(test, hw->job_len + 1,
					    sizeof(u32), GFP_KERNEL);
	if (!hw->submitted)
		return ERR_PTR(-ENOMEM);
	memcpy(hw->submitted, bb->cs, hw->job_len * sizeof(u32));

	if (hw->job_create_err)
		return ERR_PTR(hw->job_create_err);

	job = kunit_kzalloc(test, struct_size(job, batch_addr, 1), GFP_KERNEL);
	if (!job)
		return ERR_PTR(-ENOMEM);
	job->q = q;
	job->finished = &hw->fence;
	return job;
}

static void mock_job_arm(struct fixport_xe_sched_job *job)
{
	mock_record(CALL_JOB_ARM);
	mock_hw()->ggtt_at_arm = job->ggtt;
}

/* fixport_xe_fence_get(), called on the job's finished fence. */
static struct fixport_xe_fence *mock_fence_get(struct fixport_xe_fence *fence)
{
	struct mock_hw *hw = mock_hw();

	mock_record(CALL_JOB_FENCE);
	if (fence != &hw->fence)
		hw->fence_misuse++;
	hw->fence_refs++;
	return fence;
}

static void mock_gpu_run(struct mock_hw *hw, int error);

static void mock_job_push(struct fixport_xe_sched_job *job)
{
	struct mock_hw *hw = mock_hw();

	mock_record(CALL_JOB_PUSH);
	hw->ggtt_at_push = job->ggtt;
	hw->pushed = true;
	if (hw->gpu_fast)
		mock_gpu_run(hw, 0);
}

static void mock_fence_put(struct fixport_xe_fence *fence)
{
	struct mock_hw *hw = mock_hw();

	mock_record(CALL_FENCE_PUT);
	if (fence != &hw->fence || hw->fence_refs <= 0) {
		hw->fence_misuse++;
		return;
	}
	hw->fence_refs--;
}

static struct fixport_xe_bb *mock_bb_alloc(struct fixport_xe_gt *gt, u32 dwords,
					   bool usm)
{
	struct mock_hw *hw = mock_hw();
	struct fixport_xe_bb *bb;
	u32 size, i;

	mock_record(CALL_BB_ALLOC);
	hw->bb_dwords = dwords;
	if (hw->bb_alloc_err)
		return ERR_PTR(hw->bb_alloc_err);

	/*
	 * What the case asks for and, as xe_bb_new() does, one dword for
	 * MI_BATCH_BUFFER_END that bb->size does not count; then a guard
	 * nobody may touch.
	 */
	size = dwords + hw->bb_size_delta;
	bb = kzalloc(sizeof(*bb), GFP_KERNEL);
	if (!bb)
		return ERR_PTR(-ENOMEM);
	bb->cs = kmalloc_array(size + 1 + BB_GUARD_DW, sizeof(u32), GFP_KERNEL);
	if (!bb->cs) {
		kfree(bb);
		return ERR_PTR(-ENOMEM);
	}
	for (i = 0; i < size + 1 + BB_GUARD_DW; i++)
		bb->cs[i] = BB_POISON;
	bb->size = size;
	hw->bb_room = size + 1;
	hw->bb = bb;
	hw->bb_alive = true;
	return bb;
}

/* Really free the batch, after a last look at its guard. */
static void mock_bb_release(struct mock_hw *hw)
{
	struct fixport_xe_bb *bb = hw->bb;
	u32 i;

	for (i = hw->bb_room; i < hw->bb_room + BB_GUARD_DW; i++)
		if (bb->cs[i] != BB_POISON)
			hw->guard_hits++;

	hw->bb_alive = false;
	hw->bb_frees++;
	kfree(bb->cs);
	kfree(bb);
}

static void mock_bb_free(struct fixport_xe_bb *bb, struct fixport_xe_fence *fence)
{
	struct mock_hw *hw = mock_hw();

	mock_record(fence ? CALL_BB_FREE_AFTER_FENCE : CALL_BB_FREE_NOW);

	/* Given back twice, or never handed out: count it, do not do it. */
	if (bb != hw->bb || !hw->bb_alive || hw->bb_pending) {
		hw->bad_frees++;
		return;
	}

	if (fence) {
		if (fence != &hw->fence || hw->fence_refs <= 0)
			hw->fence_misuse++;
		if (!hw->fence_signalled) {
			/* Like drm_suballoc_free(): hold the fence, free later. */
			hw->fence_refs++;
			hw->bb_pending = true;
			return;
		}
	}

	mock_bb_release(hw);
}

static void mock_mmio_write32(struct fixport_xe_gt *gt, u32 reg, u32 value)
{
	struct mock_hw *hw = mock_hw();

	mock_record(CALL_MMIO_WRITE);
	if (hw->n_mmio < MOCK_MAX_MMIO)
		hw->mmio[hw->n_mmio] = (struct mock_reg_write){ reg, value };
	hw->n_mmio++;
}

/* Every operation of the model, replaced for the running case. */
static void mock_activate_stubs(struct kunit *test)
{
	kunit_activate_static_stub(test, xe_bb_new, mock_bb_alloc);
	kunit_activate_static_stub(test, xe_bb_create_job, mock_job_create);
	kunit_activate_static_stub(test, xe_bb_free, mock_bb_free);
	kunit_activate_static_stub(test, xe_sched_job_arm, mock_job_arm);
	kunit_activate_static_stub(test, xe_sched_job_push, mock_job_push);
	kunit_activate_static_stub(test, xe_vm_lock, mock_vm_lock);
	kunit_activate_static_stub(test, xe_vm_unlock, mock_vm_unlock);
	kunit_activate_static_stub(test, xe_mmio_write32, mock_mmio_write32);
	kunit_activate_static_stub(test, fixport_xe_fence_get, mock_fence_get);
	kunit_activate_static_stub(test, fixport_xe_fence_put, mock_fence_put);
}

/*
 * The GPU runs the pushed job: it fetches the batch from memory, decodes
 * its MI_LOAD_REGISTER_IMM headers and applies the register writes; then
 * the job's fence signals (with @error for a job that failed), and a batch
 * given back against that fence is freed.
 */
static void mock_gpu_run(struct mock_hw *hw, int error)
{
	struct kunit *test = kunit_get_current_test();
	const u32 *cs;
	u32 pos = 0, n, i;

	KUNIT_ASSERT_TRUE_MSG(test, hw->pushed, "no job to run");
	KUNIT_ASSERT_FALSE_MSG(test, hw->fence_signalled, "the job ran already");
	hw->gpu_runs++;

	if (!hw->bb_alive) {
		/* On hardware: the GPU fetches memory that is someone else's. */
		hw->gpu_ran_freed++;
	} else {
		/* It runs until MI_BATCH_BUFFER_END, and finds nothing else. */
		cs = hw->bb->cs;
		while (pos < hw->job_len && cs[pos] != MI_BATCH_BUFFER_END) {
			KUNIT_ASSERT_EQ_MSG(test, cs[pos] & LRI_OPCODE_MASK,
					    LRI_OPCODE,
					    "dword %u is not an LRI header", pos);
			n = ((cs[pos] & LRI_LEN_MASK) + 1) / 2;
			pos++;
			for (i = 0; i < n && pos + 2 <= hw->job_len; i++) {
				if (hw->n_writes < MOCK_MAX_WRITES)
					hw->writes[hw->n_writes] =
						(struct mock_reg_write){
							cs[pos], cs[pos + 1]
						};
				hw->n_writes++;
				pos += 2;
			}
		}
		KUNIT_EXPECT_EQ_MSG(test, pos + 1, hw->job_len,
				    "the batch does not end in MI_BATCH_BUFFER_END");
	}

	hw->fence_signalled = true;
	hw->fence_error = error;
	if (hw->bb_pending) {
		hw->bb_pending = false;
		mock_bb_release(hw);
		hw->fence_refs--;
	}
}

/* counter_select 5 in bits 3:1, B/C report and 40-bit counters. */
static const struct fixport_xe_oa_format test_format = {
	.counter_select = 5,
	.bc_report = true,
	.counter_size = true,
};

static int mock_hw_init(struct kunit *test)
{
	struct mock_hw *hw;

	hw = kunit_kzalloc(test, sizeof(*hw), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hw);

	init_rwsem(&hw->user_vm.lock);
	mutex_init(&hw->user_vm.resv);
	init_rwsem(&hw->kernel_vm.lock);
	mutex_init(&hw->kernel_vm.resv);

	hw->user_q = (struct fixport_xe_exec_queue){
		.vm = &hw->user_vm,
		.gt = &hw->gt,
		.class = CLASS_RENDER,
		.mmio_base = RENDER_BASE,
		.width = 1,
		.lrc = &hw->lrc,
	};
	hw->kernel_q = hw->user_q;
	hw->kernel_q.vm = NULL;

	hw->stream = (struct fixport_xe_oa_stream){
		.gt = &hw->gt,
		.exec_q = &hw->user_q,
		.k_exec_q = &hw->kernel_q,
		.hwe_class = CLASS_RENDER,
		.hwe_mmio_base = RENDER_BASE,
		.format = &test_format,
		.oa_ctrl = OAG_OACONTROL,
	};

	test->priv = hw;
	mock_activate_stubs(test);
	return 0;
}

/* Whatever a failed case left behind is released here, never leaked. */
static void mock_hw_exit(struct kunit *test)
{
	struct mock_hw *hw = test->priv;

	if (hw->bb_alive)
		mock_bb_release(hw);
	mutex_destroy(&hw->user_vm.resv);
	mutex_destroy(&hw->kernel_vm.resv);
}

/*
 * Locks left held are a test failure, not a reason to hang or to feed
 * lockdep a task exiting with locks: report and release them here, in the
 * task that took them.
 */
static void expect_vm_unlocked(struct kunit *test, struct fixport_xe_vm *vm,
			       const char *which)
{
	int n;

	KUNIT_EXPECT_FALSE_MSG(test, rwsem_is_locked(&vm->lock),
			       "%s VM rw semaphore left held", which);
	KUNIT_EXPECT_FALSE_MSG(test, mutex_is_locked(&vm->resv),
			       "%s VM reservation lock left held", which);
	if (mutex_is_locked(&vm->resv))
		mutex_unlock(&vm->resv);
	/* The port only ever takes it for read, in this task. */
	for (n = 0; n < 8 && rwsem_is_locked(&vm->lock); n++)
		up_read(&vm->lock);
}

/*
 * Let the GPU finish whatever was pushed, then check that nothing is left
 * over: locks released, every fence reference dropped exactly once, the
 * batch freed exactly once and never run after it was freed.
 */
static void expect_settled(struct kunit *test, struct mock_hw *hw)
{
	if (hw->pushed && !hw->fence_signalled)
		mock_gpu_run(hw, 0);

	expect_vm_unlocked(test, &hw->user_vm, "user");
	expect_vm_unlocked(test, &hw->kernel_vm, "kernel");
	KUNIT_EXPECT_EQ_MSG(test, hw->fence_refs, 0, "fence references leaked");
	KUNIT_EXPECT_EQ_MSG(test, hw->fence_misuse, 0,
			    "fence used after its last reference was dropped");
	KUNIT_EXPECT_EQ_MSG(test, hw->bb_frees, hw->bb ? 1 : 0,
			    "the batch must be freed exactly once");
	KUNIT_EXPECT_EQ_MSG(test, hw->bad_frees, 0,
			    "the batch was given back more than once");
	KUNIT_EXPECT_EQ_MSG(test, hw->gpu_ran_freed, 0,
			    "the GPU ran the batch after it was freed");
	KUNIT_EXPECT_EQ_MSG(test, hw->guard_hits, 0,
			    "dwords written past the end of the batch");
	KUNIT_EXPECT_EQ_MSG(test, hw->end_no_room, 0,
			    "no room left for MI_BATCH_BUFFER_END");
}

/* @want ends with CALL_NONE. */
static void expect_calls(struct kunit *test, struct mock_hw *hw,
			 const enum mock_call *want)
{
	unsigned int n_want = 0, i;

	/* An rw semaphore released after the last call is an unlock too. */
	mock_note_rw(hw);
	while (want[n_want] != CALL_NONE)
		n_want++;

	KUNIT_EXPECT_EQ_MSG(test, hw->n_ev, n_want, "number of calls to xe");
	for (i = 0; i < min3(hw->n_ev, n_want, (unsigned int)MOCK_MAX_EVENTS); i++)
		KUNIT_EXPECT_STREQ_MSG(test, mock_call_names[hw->ev[i]],
				       mock_call_names[want[i]],
				       "call %u to xe", i);
}

/* The registers the GPU wrote, in order. */
static void expect_gpu_writes(struct kunit *test, const struct mock_hw *hw,
			      const struct fixport_xe_oa_reg *regs, u32 n)
{
	u32 i;

	KUNIT_EXPECT_EQ(test, hw->gpu_runs, 1);
	KUNIT_EXPECT_EQ_MSG(test, hw->n_writes, n, "registers written by the GPU");
	for (i = 0; i < min3(hw->n_writes, n, (u32)MOCK_MAX_WRITES); i++) {
		KUNIT_EXPECT_EQ_MSG(test, hw->writes[i].reg, regs[i].addr,
				    "register %u", i);
		KUNIT_EXPECT_EQ_MSG(test, hw->writes[i].value, regs[i].value,
				    "value of register 0x%x", regs[i].addr);
	}
}

/* ---- LRI batch sizing and contents ---- */

/* One register, and N at each edge of the 126-register header limit. */
static const u32 lri_counts[] = { 1, 3, 125, 126, 127, 252, 253 };

static void lri_count_desc(const u32 *n, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "N=%u", *n);
}

KUNIT_ARRAY_PARAM(lri_count, lri_counts, lri_count_desc);

/* Headers for N registers: one per started run of 126. */
static u32 lri_headers(u32 n)
{
	return (n + 125) / 126;
}

static struct fixport_xe_oa_reg *lri_regs(struct kunit *test, u32 n)
{
	struct fixport_xe_oa_reg *regs;
	u32 i;

	regs = kunit_kcalloc(test, n, sizeof(*regs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, regs);
	for (i = 0; i < n; i++)
		regs[i] = (struct fixport_xe_oa_reg){ 0x10000 + 4 * i, ~i };
	return regs;
}

/* Walk an LRI stream: headers of at most 126 registers, then the pairs. */
static void expect_lri_stream(struct kunit *test, const u32 *cs, u32 len,
			      const struct fixport_xe_oa_reg *regs, u32 n)
{
	u32 pos = 0, done = 0, headers = 0, k, i;

	while (done < n) {
		KUNIT_ASSERT_LT_MSG(test, pos, len, "stream ends after %u registers",
				    done);
		k = min(n - done, LRI_MAX_REGS);
		KUNIT_EXPECT_EQ_MSG(test, cs[pos], LRI_OPCODE | (2 * k - 1),
				    "header %u for %u registers", headers, k);
		pos++;
		headers++;
		for (i = 0; i < k; i++, done++) {
			KUNIT_ASSERT_LE(test, pos + 2, len);
			KUNIT_EXPECT_EQ(test, cs[pos++], regs[done].addr);
			KUNIT_EXPECT_EQ(test, cs[pos++], regs[done].value);
		}
	}
	KUNIT_EXPECT_EQ(test, pos, len);
	KUNIT_EXPECT_EQ(test, headers, lri_headers(n));
}

static void lri_size_is_exact(struct kunit *test)
{
	const u32 *n = test->param_value;

	KUNIT_EXPECT_EQ(test, num_lri_dwords(*n),
			2 * *n + lri_headers(*n));
}

static void lri_write_fills_exactly(struct kunit *test)
{
	const u32 n = *(const u32 *)test->param_value;
	const struct fixport_xe_oa_reg *regs = lri_regs(test, n);
	u32 size = 2 * n + lri_headers(n);
	struct fixport_cs cs;
	u32 *buf, i;

	buf = kunit_kmalloc_array(test, size + BB_GUARD_DW, sizeof(u32),
				  GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < size + BB_GUARD_DW; i++)
		buf[i] = BB_POISON;

	/* One dword short must fail without writing past the end... */
	fixport_cs_init(&cs, buf, size - 1);
	KUNIT_EXPECT_EQ(test, write_cs_mi_lri(&cs, regs, n), -ENOSPC);
	KUNIT_EXPECT_EQ(test, buf[size - 1], BB_POISON);

	/* ...and the exact size must be filled completely. */
	fixport_cs_init(&cs, buf, size);
	KUNIT_ASSERT_EQ(test, write_cs_mi_lri(&cs, regs, n), 0);
	KUNIT_EXPECT_EQ(test, cs.len, size);
	expect_lri_stream(test, buf, cs.len, regs, n);
	for (i = size; i < size + BB_GUARD_DW; i++)
		KUNIT_EXPECT_EQ(test, buf[i], BB_POISON);
}

static void lri_load_allocates_and_submits_exactly(struct kunit *test)
{
	const u32 n = *(const u32 *)test->param_value;
	const struct fixport_xe_oa_reg *regs = lri_regs(test, n);
	struct mock_hw *hw = test->priv;
	u32 size = 2 * n + lri_headers(n);

	KUNIT_EXPECT_EQ(test, xe_oa_load_with_lri(&hw->stream, regs, n),
			0);
	KUNIT_EXPECT_EQ(test, hw->bb_dwords, size);
	KUNIT_ASSERT_TRUE(test, hw->pushed);
	KUNIT_EXPECT_EQ(test, hw->submitted_len, size);
	expect_lri_stream(test, hw->submitted, hw->submitted_len, regs, n);

	expect_settled(test, hw);
	expect_gpu_writes(test, hw, regs, n);
}

/*
 * The registers fill the batch to its last dword; xe then ends it with
 * MI_BATCH_BUFFER_END in the dword it allocated for that, the last one
 * there is, and the GPU stops there having written every register.
 */
static void lri_load_ends_in_last_dword(struct kunit *test)
{
	const u32 n = *(const u32 *)test->param_value;
	const struct fixport_xe_oa_reg *regs = lri_regs(test, n);
	struct mock_hw *hw = test->priv;
	u32 size = 2 * n + lri_headers(n);

	KUNIT_ASSERT_EQ(test, xe_oa_load_with_lri(&hw->stream, regs, n),
			0);
	KUNIT_ASSERT_EQ(test, hw->bb_room, size + 1);
	KUNIT_ASSERT_EQ(test, hw->submitted_len, size);
	KUNIT_ASSERT_EQ(test, hw->job_len, size + 1);
	KUNIT_EXPECT_EQ(test, hw->submitted[size - 2], regs[n - 1].addr);
	KUNIT_EXPECT_EQ(test, hw->submitted[size - 1], regs[n - 1].value);
	KUNIT_EXPECT_EQ(test, hw->submitted[size], MI_BATCH_BUFFER_END);

	expect_settled(test, hw);
	expect_gpu_writes(test, hw, regs, n);
}

/*
 * An xe_bb_new() that hands back one dword less than asked: the registers do
 * not fit, and a truncated list must never run.  The batch is freed at
 * once, nothing is written past its end, and the caller learns why.
 */
static void lri_load_refuses_short_batch(struct kunit *test)
{
	static const enum mock_call want[] = {
		CALL_BB_ALLOC, CALL_BB_FREE_NOW, CALL_NONE
	};
	const u32 n = *(const u32 *)test->param_value;
	const struct fixport_xe_oa_reg *regs = lri_regs(test, n);
	struct mock_hw *hw = test->priv;

	hw->bb_size_delta = -1;
	KUNIT_EXPECT_EQ(test, xe_oa_load_with_lri(&hw->stream, regs, n),
			-ENOSPC);
	expect_calls(test, hw, want);
	KUNIT_EXPECT_FALSE(test, hw->pushed);
	expect_settled(test, hw);
}

static void lri_no_registers_no_dwords(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, num_lri_dwords(0), 0);
}

static struct kunit_case fixport_xe_oa_lri_cases[] = {
	KUNIT_CASE_PARAM(lri_size_is_exact, lri_count_gen_params),
	KUNIT_CASE_PARAM(lri_write_fills_exactly, lri_count_gen_params),
	KUNIT_CASE_PARAM(lri_load_allocates_and_submits_exactly,
			 lri_count_gen_params),
	KUNIT_CASE_PARAM(lri_load_ends_in_last_dword, lri_count_gen_params),
	KUNIT_CASE_PARAM(lri_load_refuses_short_batch, lri_count_gen_params),
	KUNIT_CASE(lri_no_registers_no_dwords),
	{}
};

static struct kunit_suite fixport_xe_oa_lri_suite = {
	.name = "fixport_xe_oa_lri",
	.init = mock_hw_init,
	.exit = mock_hw_exit,
	.test_cases = fixport_xe_oa_lri_cases,
};

/* ---- OAR/OAC register values ---- */

struct config_case {
	const char *desc;
	u32 class;
	u32 mmio_base;
	u16 instance;
	bool enable;
	int err;
	struct fixport_xe_oa_reg regs[3];
	bool ccs_select;
	u32 ccs_select_value;
};

/*
 * Written out by hand from the 6.12 register definitions, so that the
 * test does not share a helper or a mistake with the code it checks:
 * OACTXCONTROL (base + 0x360) = counter resume (bit 0) on enable;
 * OACONTROL = counter select 5 << 1 | B/C report (bit 9) | 40-bit
 * counters (bit 8), plus COUNTER_ENABLE (bit 0) on enable; the masked
 * RING_CONTEXT_CONTROL (base + 0x244) always has OAC_CONTEXT_ENABLE
 * (bit 8), and for OAC RUN_ALONE (bit 7), in its upper half.  OAC first
 * writes the CCS instance into bits 18:16 of OAG_OACONTROL; instance 7 is
 * the largest the field holds.
 */
static const struct config_case config_cases[] = {
	{ "OAR enable", CLASS_RENDER, 0x2000, 0, true, 0,
	  { { 0x2360, 0x1 }, { 0x2960, 0x30b }, { 0x2244, 0x01000100 } } },
	{ "OAR disable", CLASS_RENDER, 0x2000, 0, false, 0,
	  { { 0x2360, 0x0 }, { 0x2960, 0x30a }, { 0x2244, 0x01000000 } } },
	{ "OAC enable, CCS2", CLASS_COMPUTE, 0x1a000, 2, true, 0,
	  { { 0x1a360, 0x1 }, { 0x15114, 0x30b }, { 0x1a244, 0x01800180 } },
	  true, 0x00020000 },
	{ "OAC disable, CCS2", CLASS_COMPUTE, 0x1a000, 2, false, 0,
	  { { 0x1a360, 0x0 }, { 0x15114, 0x30a }, { 0x1a244, 0x01800000 } },
	  true, 0x00020000 },
	{ "OAC enable, CCS0", CLASS_COMPUTE, 0x1a000, 0, true, 0,
	  { { 0x1a360, 0x1 }, { 0x15114, 0x30b }, { 0x1a244, 0x01800180 } },
	  true, 0x0 },
	{ "OAC enable, CCS7, the last the select field holds", CLASS_COMPUTE,
	  0x1a000, 7, true, 0,
	  { { 0x1a360, 0x1 }, { 0x15114, 0x30b }, { 0x1a244, 0x01800180 } },
	  true, 0x00070000 },
	{ "OAC enable, CCS8, the first it does not", CLASS_COMPUTE, 0x1a000,
	  8, true, -EINVAL },
};

static void config_case_desc(const struct config_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(config, config_cases, config_case_desc);

static void oa_config_writes_lri(struct kunit *test)
{
	const struct config_case *c = test->param_value;
	struct mock_hw *hw = test->priv;
	u32 i;
	const u32 *cs;

	hw->stream.hwe_class = c->class;
	hw->stream.hwe_mmio_base = c->mmio_base;
	hw->stream.hwe_instance = c->instance;

	KUNIT_ASSERT_EQ(test,
			xe_oa_configure_oa_context(&hw->stream, c->enable),
			c->err);
	if (c->err) {
		/* Refused before touching the hardware. */
		KUNIT_EXPECT_EQ(test, hw->n_ev, 0);
		return;
	}

	KUNIT_ASSERT_TRUE(test, hw->pushed);
	KUNIT_ASSERT_EQ(test, hw->submitted_len, 7);
	cs = hw->submitted;
	KUNIT_EXPECT_EQ(test, cs[0], 0x11000005u);	/* LRI, 3 registers */
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ_MSG(test, cs[1 + 2 * i], c->regs[i].addr,
				    "register %u", i);
		KUNIT_EXPECT_EQ_MSG(test, cs[2 + 2 * i], c->regs[i].value,
				    "value of register 0x%x", c->regs[i].addr);
	}

	/* OAC selects its CCS over MMIO before the batch is even built. */
	KUNIT_EXPECT_EQ(test, hw->n_mmio, c->ccs_select ? 1 : 0);
	if (c->ccs_select) {
		KUNIT_EXPECT_STREQ(test, mock_call_names[hw->ev[0]],
				   mock_call_names[CALL_MMIO_WRITE]);
		KUNIT_EXPECT_EQ(test, hw->mmio[0].reg, OAG_OACONTROL);
		KUNIT_EXPECT_EQ(test, hw->mmio[0].value, c->ccs_select_value);
	}

	KUNIT_EXPECT_PTR_EQ(test, hw->job_q, &hw->user_q);
	expect_settled(test, hw);
	expect_gpu_writes(test, hw, c->regs, ARRAY_SIZE(c->regs));
}

/*
 * The CCS select goes to the stream's own OA control register, whatever
 * it is: the fixture's usual one is OAG_OACONTROL, so a port writing that
 * register by name would pass every other case.
 */
static void oa_config_ccs_select_stream_register(struct kunit *test)
{
	struct mock_hw *hw = test->priv;

	hw->stream.oa_ctrl = 0x13dc0;
	hw->stream.hwe_class = CLASS_COMPUTE;
	hw->stream.hwe_mmio_base = COMPUTE0_BASE;
	hw->stream.hwe_instance = 3;
	KUNIT_ASSERT_EQ(test, xe_oa_configure_oa_context(&hw->stream, true), 0);
	KUNIT_ASSERT_EQ(test, hw->n_mmio, 1);
	KUNIT_EXPECT_EQ(test, hw->mmio[0].reg, 0x13dc0);
	KUNIT_EXPECT_EQ(test, hw->mmio[0].value, 0x00030000);
}

/* Video decode and enhance have no OAR/OAC: nothing is touched. */
static void oa_config_video_is_noop(struct kunit *test)
{
	static const u32 classes[] = { CLASS_VIDEO_DECODE, CLASS_VIDEO_ENHANCE };
	struct mock_hw *hw = test->priv;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(classes); i++) {
		hw->stream.hwe_class = classes[i];
		KUNIT_EXPECT_EQ(test,
				xe_oa_configure_oa_context(&hw->stream, true), 0);
		KUNIT_EXPECT_EQ_MSG(test, hw->n_ev, 0, "class %u", classes[i]);
	}
}

/*
 * A stream without a user exec queue has no context to configure: the
 * batch must never go to the kernel queue instead, enabling or disabling.
 */
static void oa_config_needs_user_queue(struct kunit *test)
{
	static const u32 classes[] = { CLASS_RENDER, CLASS_COMPUTE };
	struct mock_hw *hw = test->priv;
	unsigned int i;
	int enable;

	hw->stream.exec_q = NULL;
	for (i = 0; i < ARRAY_SIZE(classes); i++) {
		for (enable = 0; enable < 2; enable++) {
			hw->stream.hwe_class = classes[i];
			KUNIT_EXPECT_EQ(test,
					xe_oa_configure_oa_context(&hw->stream, enable),
					0);
			KUNIT_EXPECT_EQ_MSG(test, hw->n_ev, 0,
					    "class %u, enable %d", classes[i], enable);
			KUNIT_EXPECT_FALSE(test, hw->pushed);
		}
	}
}

static struct kunit_case fixport_xe_oa_config_cases[] = {
	KUNIT_CASE_PARAM(oa_config_writes_lri, config_gen_params),
	KUNIT_CASE(oa_config_video_is_noop),
	KUNIT_CASE(oa_config_needs_user_queue),
	KUNIT_CASE(oa_config_ccs_select_stream_register),
	{}
};

static struct kunit_suite fixport_xe_oa_config_suite = {
	.name = "fixport_xe_oa_config",
	.init = mock_hw_init,
	.exit = mock_hw_exit,
	.test_cases = fixport_xe_oa_config_cases,
};

/* ---- submission: queue, GGTT flag, locking, failure paths ---- */

static const enum mock_call ev_vm_ok[] = {
	CALL_BB_ALLOC, CALL_VM_LOCK_READ, CALL_RESV_LOCK, CALL_JOB_CREATE,
	CALL_JOB_ARM, CALL_JOB_FENCE, CALL_JOB_PUSH, CALL_RESV_UNLOCK,
	CALL_VM_UNLOCK_READ, CALL_BB_FREE_AFTER_FENCE, CALL_FENCE_PUT,
	CALL_NONE
};

static const enum mock_call ev_vm_job_fails[] = {
	CALL_BB_ALLOC, CALL_VM_LOCK_READ, CALL_RESV_LOCK, CALL_JOB_CREATE,
	CALL_RESV_UNLOCK, CALL_VM_UNLOCK_READ, CALL_BB_FREE_NOW, CALL_NONE
};

static const enum mock_call ev_no_vm_ok[] = {
	CALL_BB_ALLOC, CALL_JOB_CREATE, CALL_JOB_ARM, CALL_JOB_FENCE,
	CALL_JOB_PUSH, CALL_BB_FREE_AFTER_FENCE, CALL_FENCE_PUT, CALL_NONE
};

static const enum mock_call ev_no_vm_job_fails[] = {
	CALL_BB_ALLOC, CALL_JOB_CREATE, CALL_BB_FREE_NOW, CALL_NONE
};

static const enum mock_call ev_bb_fails[] = {
	CALL_BB_ALLOC, CALL_NONE
};

static const enum mock_call ev_bb_short[] = {
	CALL_BB_ALLOC, CALL_BB_FREE_NOW, CALL_NONE
};

struct submit_case {
	const char *desc;
	bool user_q;
	bool kernel_vm;
	int bb_alloc_err;
	int bb_size_delta;
	int job_create_err;
	int err;
	const enum mock_call *ev;
};

static const struct submit_case submit_cases[] = {
	{ "user queue with VM, runs", true, false, 0, 0, 0, 0, ev_vm_ok },
	{ "user queue, job creation fails", true, false, 0, 0, -ENOMEM,
	  -ENOMEM, ev_vm_job_fails },
	{ "kernel queue without VM, runs", false, false, 0, 0, 0, 0,
	  ev_no_vm_ok },
	{ "kernel queue without VM, job creation fails", false, false, 0, 0,
	  -EBUSY, -EBUSY, ev_no_vm_job_fails },
	{ "kernel queue with VM, runs", false, true, 0, 0, 0, 0, ev_vm_ok },
	{ "batch allocation fails", true, false, -ENOMEM, 0, 0, -ENOMEM,
	  ev_bb_fails },
	{ "batch one dword smaller than asked", true, false, 0, -1, 0,
	  -ENOSPC, ev_bb_short },
	{ "batch exactly as large as asked", true, false, 0, 0, 0, 0,
	  ev_vm_ok },
	{ "batch larger than asked", true, false, 0, 8, 0, 0, ev_vm_ok },
};

static void submit_case_desc(const struct submit_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(submit, submit_cases, submit_case_desc);

static void oa_submit_sequence(struct kunit *test)
{
	static const struct fixport_xe_oa_reg reg = { OAR_OACONTROL, 0x1 };
	const struct submit_case *c = test->param_value;
	struct mock_hw *hw = test->priv;
	bool created = c->ev == ev_vm_ok || c->ev == ev_no_vm_ok;

	if (!c->user_q)
		hw->stream.exec_q = NULL;
	if (c->kernel_vm)
		hw->kernel_q.vm = &hw->kernel_vm;
	hw->bb_alloc_err = c->bb_alloc_err;
	hw->bb_size_delta = c->bb_size_delta;
	hw->job_create_err = c->job_create_err;

	KUNIT_EXPECT_EQ(test, xe_oa_load_with_lri(&hw->stream, &reg, 1),
			c->err);
	expect_calls(test, hw, c->ev);

	if (c->ev != ev_bb_fails && c->ev != ev_bb_short)
		KUNIT_EXPECT_PTR_EQ_MSG(test, hw->job_q,
					c->user_q ? &hw->user_q : &hw->kernel_q,
					"job created on the wrong exec queue");
	KUNIT_EXPECT_EQ(test, hw->pushed, created);
	if (created) {
		KUNIT_EXPECT_TRUE_MSG(test, hw->ggtt_at_arm,
				      "job not marked GGTT before arming");
		KUNIT_EXPECT_TRUE(test, hw->ggtt_at_push);
		/* LRI header for one register, then the register. */
		KUNIT_ASSERT_EQ(test, hw->submitted_len, 3);
		KUNIT_EXPECT_EQ(test, hw->submitted[0], 0x11000001u);
		KUNIT_EXPECT_EQ(test, hw->submitted[1], OAR_OACONTROL);
		KUNIT_EXPECT_EQ(test, hw->submitted[2], 0x1);
		/* The caller did not wait: the batch waits for the GPU. */
		KUNIT_EXPECT_TRUE(test, hw->bb_alive);
		KUNIT_EXPECT_EQ(test, hw->gpu_runs, 0);
	}
	expect_settled(test, hw);
}

static struct kunit_case fixport_xe_oa_submit_cases[] = {
	KUNIT_CASE_PARAM(oa_submit_sequence, submit_gen_params),
	{}
};

static struct kunit_suite fixport_xe_oa_submit_suite = {
	.name = "fixport_xe_oa_submit",
	.init = mock_hw_init,
	.exit = mock_hw_exit,
	.test_cases = fixport_xe_oa_submit_cases,
};

/* ---- batch lifetime: freed with the job's fence, never before ---- */

struct lifetime_case {
	const char *desc;
	bool gpu_fast;
	int fence_error;
};

static const struct lifetime_case lifetime_cases[] = {
	{ "fence signals after the caller returned", false, 0 },
	{ "job times out after the caller returned", false, -ETIME },
	{ "job fails after the caller returned", false, -EIO },
	{ "GPU done before the batch is given back", true, 0 },
};

static void lifetime_case_desc(const struct lifetime_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lifetime, lifetime_cases, lifetime_case_desc);

/*
 * Enabling OAR returns as soon as the job is pushed, whatever becomes of
 * the job: a slow or failing batch is not the caller's error, as in
 * 6.12.118.  Until the job's fence signals, the batch stays allocated
 * and intact, because the GPU may fetch it any time until then; once the
 * fence signals, it is freed exactly once.  KASAN watches every read of
 * the batch below.
 */
static void oa_batch_lifetime(struct kunit *test)
{
	static const struct fixport_xe_oa_reg oar_enable[] = {
		{ 0x2360, 0x1 }, { 0x2960, 0x30b }, { 0x2244, 0x01000100 },
	};
	const struct lifetime_case *c = test->param_value;
	struct mock_hw *hw = test->priv;

	hw->gpu_fast = c->gpu_fast;
	KUNIT_ASSERT_EQ(test,
			xe_oa_configure_oa_context(&hw->stream, true), 0);
	expect_calls(test, hw, ev_vm_ok);

	if (c->gpu_fast) {
		/* Its fence had signalled: the batch could go at once. */
		KUNIT_EXPECT_EQ(test, hw->bb_frees, 1);
		KUNIT_EXPECT_FALSE(test, hw->bb_alive);
		expect_settled(test, hw);
		expect_gpu_writes(test, hw, oar_enable, ARRAY_SIZE(oar_enable));
		return;
	}

	/* The caller has returned; the job has not run yet. */
	KUNIT_ASSERT_TRUE_MSG(test, hw->bb_alive,
			      "batch freed while its job may still run");
	KUNIT_EXPECT_EQ(test, hw->bb_frees, 0);
	KUNIT_EXPECT_TRUE(test, hw->bb_pending);
	KUNIT_EXPECT_EQ_MSG(test, hw->fence_refs, 1,
			    "only the pending free may hold the fence");
	KUNIT_EXPECT_EQ(test, hw->bb->cs[0], 0x11000005u);
	KUNIT_EXPECT_EQ(test, hw->bb->cs[6], 0x01000100u);

	/* The GPU gets to it late, and the fence signals. */
	mock_gpu_run(hw, c->fence_error);
	KUNIT_EXPECT_EQ(test, hw->bb_frees, 1);
	KUNIT_EXPECT_FALSE(test, hw->bb_alive);
	expect_settled(test, hw);
	expect_gpu_writes(test, hw, oar_enable, ARRAY_SIZE(oar_enable));
}

static struct kunit_case fixport_xe_oa_lifetime_cases[] = {
	KUNIT_CASE_PARAM(oa_batch_lifetime, lifetime_gen_params),
	{}
};

static struct kunit_suite fixport_xe_oa_lifetime_suite = {
	.name = "fixport_xe_oa_lifetime",
	.init = mock_hw_init,
	.exit = mock_hw_exit,
	.test_cases = fixport_xe_oa_lifetime_cases,
};

/* ---- stream open: exec queue width ---- */

struct width_case {
	u16 width;
	int err;
};

static const struct width_case width_cases[] = {
	{ 1, 0 }, { 2, -EOPNOTSUPP }, { 4, -EOPNOTSUPP }, { 8, -EOPNOTSUPP },
};

static void width_case_desc(const struct width_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "width %u", c->width);
}

KUNIT_ARRAY_PARAM(width, width_cases, width_case_desc);

static void oa_open_exec_queue_width(struct kunit *test)
{
	const struct width_case *c = test->param_value;
	struct mock_hw *hw = test->priv;

	hw->user_q.width = c->width;
	KUNIT_EXPECT_EQ(test, fixport_xe_oa_check_exec_queue(&hw->user_q),
			c->err);
}

static void oa_open_needs_exec_queue(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, fixport_xe_oa_check_exec_queue(NULL), -ENOENT);
}

static struct kunit_case fixport_xe_oa_open_cases[] = {
	KUNIT_CASE_PARAM(oa_open_exec_queue_width, width_gen_params),
	KUNIT_CASE(oa_open_needs_exec_queue),
	{}
};

static struct kunit_suite fixport_xe_oa_open_suite = {
	.name = "fixport_xe_oa_open",
	.init = mock_hw_init,
	.exit = mock_hw_exit,
	.test_cases = fixport_xe_oa_open_cases,
};

kunit_test_suites(&fixport_xe_oa_lri_suite, &fixport_xe_oa_config_suite,
		  &fixport_xe_oa_submit_suite, &fixport_xe_oa_lifetime_suite,
		  &fixport_xe_oa_open_suite);
