// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the xe OA port on a mocked GPU.
 *
 * The mock backend records every call the port makes, in order, and takes
 * real locks for the VM (an rw_semaphore and a mutex standing in for the
 * reservation lock) so that lockdep checks order and balance as well.
 */

#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm_fixport/fixport_cs.h>
#include <drm_fixport/xe_hw.h>
#include <drm_fixport/xe_oa.h>
#include <drm_fixport/xe_regs.h>

#define MOCK_MAX_EVENTS		32
#define MOCK_MAX_MMIO		4
#define BB_GUARD_DW		16
#define BB_POISON		0xa5a5a5a5u

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
	CALL_FENCE_WAIT,
	CALL_FENCE_PUT,
	CALL_BB_FREE,
	CALL_MMIO_WRITE,
};

static const char * const mock_call_names[] = {
	[CALL_NONE] = "(none)",
	[CALL_BB_ALLOC] = "bb_alloc",
	[CALL_VM_LOCK_READ] = "vm_lock_read",
	[CALL_RESV_LOCK] = "vm_resv_lock",
	[CALL_JOB_CREATE] = "job_create",
	[CALL_JOB_ARM] = "job_arm",
	[CALL_JOB_FENCE] = "job_fence",
	[CALL_JOB_PUSH] = "job_push",
	[CALL_RESV_UNLOCK] = "vm_resv_unlock",
	[CALL_VM_UNLOCK_READ] = "vm_unlock_read",
	[CALL_FENCE_WAIT] = "fence_wait",
	[CALL_FENCE_PUT] = "fence_put",
	[CALL_BB_FREE] = "bb_free",
	[CALL_MMIO_WRITE] = "mmio_write32",
};

/* Real locks, so that lockdep sees what the port does with them. */
struct fixport_xe_vm {
	struct rw_semaphore lock;	/* xe_vm.lock */
	struct mutex resv;		/* the VM's dma-resv lock */
	int read_held;
	bool resv_held;
};

struct fixport_xe_gt {
	int unused;
};

struct fixport_xe_fence {
	int refs;
};

struct mock_mmio {
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
 * @job_create_err: make job_create fail with this error
 * @wait_ret: what fence_wait returns
 * @ev: calls so far, in order
 * @n_ev: how many
 * @job_q: the queue the job was created on
 * @ggtt_at_arm: the job's ggtt flag when it was armed
 * @ggtt_at_push: the job's ggtt flag when it was pushed
 * @wait_timeout: the timeout passed to fence_wait
 * @bb: the batch allocated, if any
 * @bb_dwords: dwords requested from bb_alloc
 * @bb_len_at_create: bb->len when the job was created
 * @bb_frees: times the batch was freed
 * @fence: the job's finished fence
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
	int job_create_err;
	long wait_ret;

	enum mock_call ev[MOCK_MAX_EVENTS];
	unsigned int n_ev;
	struct fixport_xe_exec_queue *job_q;
	bool ggtt_at_arm;
	bool ggtt_at_push;
	long wait_timeout;
	struct fixport_xe_bb *bb;
	u32 bb_dwords;
	u32 bb_len_at_create;
	int bb_frees;
	struct fixport_xe_fence fence;
	struct mock_mmio mmio[MOCK_MAX_MMIO];
	unsigned int n_mmio;
};

static struct mock_hw *mock_hw(void)
{
	return kunit_get_current_test()->priv;
}

static void mock_record(enum mock_call ev)
{
	struct mock_hw *hw = mock_hw();

	if (hw->n_ev < MOCK_MAX_EVENTS)
		hw->ev[hw->n_ev] = ev;
	hw->n_ev++;
}

static void mock_vm_lock_read(struct fixport_xe_vm *vm)
{
	mock_record(CALL_VM_LOCK_READ);
	down_read(&vm->lock);
	vm->read_held++;
}

static void mock_vm_unlock_read(struct fixport_xe_vm *vm)
{
	mock_record(CALL_VM_UNLOCK_READ);
	vm->read_held--;
	up_read(&vm->lock);
}

static void mock_vm_resv_lock(struct fixport_xe_vm *vm)
{
	mock_record(CALL_RESV_LOCK);
	mutex_lock(&vm->resv);
	vm->resv_held = true;
}

static void mock_vm_resv_unlock(struct fixport_xe_vm *vm)
{
	mock_record(CALL_RESV_UNLOCK);
	vm->resv_held = false;
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
	hw->bb_len_at_create = bb->len;

	/* xe creates jobs on a VM queue under both of its locks. */
	if (q->vm) {
		lockdep_assert_held_read(&q->vm->lock);
		lockdep_assert_held(&q->vm->resv);
	}

	if (hw->job_create_err)
		return ERR_PTR(hw->job_create_err);

	job = kunit_kzalloc(test, struct_size(job, batch_addr, 1), GFP_KERNEL);
	if (!job)
		return ERR_PTR(-ENOMEM);
	job->q = q;
	return job;
}

static void mock_job_arm(struct fixport_xe_sched_job *job)
{
	mock_record(CALL_JOB_ARM);
	mock_hw()->ggtt_at_arm = job->ggtt;
}

static struct fixport_xe_fence *mock_job_fence(struct fixport_xe_sched_job *job)
{
	struct mock_hw *hw = mock_hw();

	mock_record(CALL_JOB_FENCE);
	hw->fence.refs++;
	return &hw->fence;
}

static void mock_job_push(struct fixport_xe_sched_job *job)
{
	mock_record(CALL_JOB_PUSH);
	mock_hw()->ggtt_at_push = job->ggtt;
}

static long mock_fence_wait(struct fixport_xe_fence *fence, long timeout)
{
	struct mock_hw *hw = mock_hw();

	mock_record(CALL_FENCE_WAIT);
	hw->wait_timeout = timeout;
	return hw->wait_ret;
}

static void mock_fence_put(struct fixport_xe_fence *fence)
{
	mock_record(CALL_FENCE_PUT);
	fence->refs--;
}

static struct fixport_xe_bb *mock_bb_alloc(struct fixport_xe_gt *gt, u32 dwords)
{
	struct mock_hw *hw = mock_hw();
	struct kunit *test = kunit_get_current_test();
	struct fixport_xe_bb *bb;
	u32 i;

	mock_record(CALL_BB_ALLOC);
	hw->bb_dwords = dwords;
	if (hw->bb_alloc_err)
		return ERR_PTR(hw->bb_alloc_err);

	/* Exactly what was asked for, then a guard the port must not touch. */
	bb = kunit_kzalloc(test, sizeof(*bb), GFP_KERNEL);
	if (!bb)
		return ERR_PTR(-ENOMEM);
	bb->cs = kunit_kmalloc_array(test, dwords + BB_GUARD_DW, sizeof(u32),
				     GFP_KERNEL);
	if (!bb->cs)
		return ERR_PTR(-ENOMEM);
	for (i = 0; i < dwords + BB_GUARD_DW; i++)
		bb->cs[i] = BB_POISON;
	bb->size = dwords;
	hw->bb = bb;
	return bb;
}

/* Kept for inspection; KUnit frees it when the case ends. */
static void mock_bb_free(struct fixport_xe_bb *bb)
{
	mock_record(CALL_BB_FREE);
	mock_hw()->bb_frees++;
}

static void mock_mmio_write32(struct fixport_xe_gt *gt, u32 reg, u32 value)
{
	struct mock_hw *hw = mock_hw();

	mock_record(CALL_MMIO_WRITE);
	if (hw->n_mmio < MOCK_MAX_MMIO)
		hw->mmio[hw->n_mmio] = (struct mock_mmio){ reg, value };
	hw->n_mmio++;
}

static const struct fixport_xe_hw_ops mock_ops = {
	.vm_lock_read = mock_vm_lock_read,
	.vm_unlock_read = mock_vm_unlock_read,
	.vm_resv_lock = mock_vm_resv_lock,
	.vm_resv_unlock = mock_vm_resv_unlock,
	.job_create = mock_job_create,
	.job_arm = mock_job_arm,
	.job_fence = mock_job_fence,
	.job_push = mock_job_push,
	.fence_wait = mock_fence_wait,
	.fence_put = mock_fence_put,
	.bb_alloc = mock_bb_alloc,
	.bb_free = mock_bb_free,
	.mmio_write32 = mock_mmio_write32,
};

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
		.class = FIXPORT_XE_ENGINE_CLASS_RENDER,
		.mmio_base = FIXPORT_XE_RENDER_RING_BASE,
		.width = 1,
		.lrc = &hw->lrc,
	};
	hw->kernel_q = hw->user_q;
	hw->kernel_q.vm = NULL;

	hw->stream = (struct fixport_xe_oa_stream){
		.ops = &mock_ops,
		.gt = &hw->gt,
		.exec_q = &hw->user_q,
		.k_exec_q = &hw->kernel_q,
		.hwe_class = FIXPORT_XE_ENGINE_CLASS_RENDER,
		.hwe_mmio_base = FIXPORT_XE_RENDER_RING_BASE,
		.format = &test_format,
		.oa_ctrl = FIXPORT_XE_OAG_OACONTROL,
	};
	hw->wait_ret = HZ / 2;

	test->priv = hw;
	return 0;
}

static void mock_hw_exit(struct kunit *test)
{
	struct mock_hw *hw = test->priv;

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
	KUNIT_EXPECT_EQ_MSG(test, vm->read_held, 0,
			    "%s VM rw semaphore left held", which);
	KUNIT_EXPECT_FALSE_MSG(test, vm->resv_held,
			       "%s VM reservation lock left held", which);
	if (vm->resv_held) {
		vm->resv_held = false;
		mutex_unlock(&vm->resv);
	}
	for (; vm->read_held > 0; vm->read_held--)
		up_read(&vm->lock);
}

static void expect_balanced(struct kunit *test, struct mock_hw *hw)
{
	expect_vm_unlocked(test, &hw->user_vm, "user");
	expect_vm_unlocked(test, &hw->kernel_vm, "kernel");
	KUNIT_EXPECT_EQ_MSG(test, hw->fence.refs, 0, "fence references leaked");
	if (hw->bb)
		KUNIT_EXPECT_EQ_MSG(test, hw->bb_frees, 1,
				    "the batch must be freed exactly once");
	else
		KUNIT_EXPECT_EQ(test, hw->bb_frees, 0);
}

/* @want ends with CALL_NONE. */
static void expect_calls(struct kunit *test, struct mock_hw *hw,
			 const enum mock_call *want)
{
	unsigned int n_want = 0, i;

	while (want[n_want] != CALL_NONE)
		n_want++;

	KUNIT_EXPECT_EQ_MSG(test, hw->n_ev, n_want, "number of backend calls");
	for (i = 0; i < min3(hw->n_ev, n_want, (unsigned int)MOCK_MAX_EVENTS); i++)
		KUNIT_EXPECT_STREQ_MSG(test, mock_call_names[hw->ev[i]],
				       mock_call_names[want[i]],
				       "backend call %u", i);
}

static void expect_guard_intact(struct kunit *test, const struct mock_hw *hw)
{
	u32 i;

	for (i = hw->bb->size; i < hw->bb->size + BB_GUARD_DW; i++)
		KUNIT_EXPECT_EQ_MSG(test, hw->bb->cs[i], BB_POISON,
				    "guard dword %u after the batch overwritten",
				    i - hw->bb->size);
}

/* ---- LRI batch sizing and contents ---- */

static const u32 lri_counts[] = { 1, 3, 126, 127, 252, 253 };

static void lri_count_desc(const u32 *n, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "N=%u", *n);
}

KUNIT_ARRAY_PARAM(lri_count, lri_counts, lri_count_desc);

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
		k = min(n - done, 126u);
		KUNIT_EXPECT_EQ_MSG(test, cs[pos], 0x11000000u | (2 * k - 1),
				    "header %u for %u registers", headers, k);
		KUNIT_EXPECT_EQ(test, cs[pos] & FIXPORT_XE_MI_OPCODE_MASK,
				FIXPORT_XE_MI_LOAD_REGISTER_IMM);
		/* MI_LRI_LEN(): dwords after the header, two per register. */
		KUNIT_EXPECT_EQ(test, (cs[pos] & 0xff) + 1, 2 * k);
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

	KUNIT_EXPECT_EQ(test, fixport_xe_oa_lri_dwords(*n),
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
	KUNIT_EXPECT_EQ(test, fixport_xe_oa_write_lri(&cs, regs, n), -ENOSPC);
	KUNIT_EXPECT_EQ(test, buf[size - 1], BB_POISON);

	/* ...and the exact size must be filled completely. */
	fixport_cs_init(&cs, buf, size);
	KUNIT_ASSERT_EQ(test, fixport_xe_oa_write_lri(&cs, regs, n), 0);
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

	KUNIT_EXPECT_EQ(test, fixport_xe_oa_load_with_lri(&hw->stream, regs, n),
			0);
	KUNIT_EXPECT_EQ(test, hw->bb_dwords, size);
	KUNIT_ASSERT_NOT_NULL(test, hw->bb);
	KUNIT_EXPECT_EQ(test, hw->bb_len_at_create, size);
	expect_lri_stream(test, hw->bb->cs, hw->bb_len_at_create, regs, n);
	expect_guard_intact(test, hw);
	expect_balanced(test, hw);
}

static void lri_no_registers_no_dwords(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, fixport_xe_oa_lri_dwords(0), 0);
}

static struct kunit_case fixport_xe_oa_lri_cases[] = {
	KUNIT_CASE_PARAM(lri_size_is_exact, lri_count_gen_params),
	KUNIT_CASE_PARAM(lri_write_fills_exactly, lri_count_gen_params),
	KUNIT_CASE_PARAM(lri_load_allocates_and_submits_exactly,
			 lri_count_gen_params),
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
	enum fixport_xe_engine_class class;
	u32 mmio_base;
	u16 instance;
	bool enable;
	struct fixport_xe_oa_reg regs[3];
	bool ccs_select;
	u32 ccs_select_value;
};

/*
 * Written out by hand from the 6.12 register definitions, so that the
 * test does not share a helper or a mistake with the code it checks:
 * OACONTROL = counter select 5 << 1 | B/C report (bit 9) | 40-bit
 * counters (bit 8), plus COUNTER_ENABLE (bit 0) on enable; the masked
 * RING_CONTEXT_CONTROL always has OAC_CONTEXT_ENABLE (bit 8), and for OAC
 * RUN_ALONE (bit 7), in its upper half.
 */
static const struct config_case config_cases[] = {
	{ "OAR enable", FIXPORT_XE_ENGINE_CLASS_RENDER, 0x2000, 0, true,
	  { { 0x2360, 0x1 }, { 0x2960, 0x30b }, { 0x2244, 0x01000100 } } },
	{ "OAR disable", FIXPORT_XE_ENGINE_CLASS_RENDER, 0x2000, 0, false,
	  { { 0x2360, 0x0 }, { 0x2960, 0x30a }, { 0x2244, 0x01000000 } } },
	{ "OAC enable, CCS2", FIXPORT_XE_ENGINE_CLASS_COMPUTE, 0x1a000, 2, true,
	  { { 0x1a360, 0x1 }, { 0x15114, 0x30b }, { 0x1a244, 0x01800180 } },
	  true, 0x00020000 },
	{ "OAC disable, CCS2", FIXPORT_XE_ENGINE_CLASS_COMPUTE, 0x1a000, 2, false,
	  { { 0x1a360, 0x0 }, { 0x15114, 0x30a }, { 0x1a244, 0x01800000 } },
	  true, 0x00020000 },
	{ "OAC enable, CCS0", FIXPORT_XE_ENGINE_CLASS_COMPUTE, 0x1a000, 0, true,
	  { { 0x1a360, 0x1 }, { 0x15114, 0x30b }, { 0x1a244, 0x01800180 } },
	  true, 0x0 },
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
	u32 ctx_ctrl, i;
	const u32 *cs;

	hw->stream.hwe_class = c->class;
	hw->stream.hwe_mmio_base = c->mmio_base;
	hw->stream.hwe_instance = c->instance;

	KUNIT_ASSERT_EQ(test,
			fixport_xe_oa_configure_oa_context(&hw->stream, c->enable),
			0);

	KUNIT_ASSERT_NOT_NULL(test, hw->bb);
	KUNIT_ASSERT_EQ(test, hw->bb_len_at_create, 7);
	cs = hw->bb->cs;
	KUNIT_EXPECT_EQ(test, cs[0], 0x11000005u);	/* LRI, 3 registers */
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ_MSG(test, cs[1 + 2 * i], c->regs[i].addr,
				    "register %u", i);
		KUNIT_EXPECT_EQ_MSG(test, cs[2 + 2 * i], c->regs[i].value,
				    "value of register 0x%x", c->regs[i].addr);
	}

	/* The masked write always selects OAC_CONTEXT_ENABLE... */
	ctx_ctrl = cs[6];
	KUNIT_EXPECT_TRUE(test, (ctx_ctrl >> 16) & BIT(8));
	/* ...and sets it exactly on enable, so disable clears it. */
	KUNIT_EXPECT_EQ(test, !!(ctx_ctrl & BIT(8)), c->enable);
	if (c->class == FIXPORT_XE_ENGINE_CLASS_COMPUTE) {
		KUNIT_EXPECT_TRUE(test, (ctx_ctrl >> 16) & BIT(7));
		KUNIT_EXPECT_EQ(test, !!(ctx_ctrl & BIT(7)), c->enable);
	}
	expect_guard_intact(test, hw);

	/* OAC selects its CCS over MMIO before the batch is even built. */
	KUNIT_EXPECT_EQ(test, hw->n_mmio, c->ccs_select ? 1 : 0);
	if (c->ccs_select) {
		KUNIT_EXPECT_STREQ(test, mock_call_names[hw->ev[0]],
				   mock_call_names[CALL_MMIO_WRITE]);
		KUNIT_EXPECT_EQ(test, hw->mmio[0].reg, 0xdaf4);
		KUNIT_EXPECT_EQ(test, hw->mmio[0].value, c->ccs_select_value);
	}

	KUNIT_EXPECT_PTR_EQ(test, hw->job_q, &hw->user_q);
	expect_balanced(test, hw);
}

static void oa_config_video_is_noop(struct kunit *test)
{
	struct mock_hw *hw = test->priv;

	hw->stream.hwe_class = FIXPORT_XE_ENGINE_CLASS_VIDEO_DECODE;
	KUNIT_EXPECT_EQ(test,
			fixport_xe_oa_configure_oa_context(&hw->stream, true), 0);
	KUNIT_EXPECT_EQ(test, hw->n_ev, 0);
}

static struct kunit_case fixport_xe_oa_config_cases[] = {
	KUNIT_CASE_PARAM(oa_config_writes_lri, config_gen_params),
	KUNIT_CASE(oa_config_video_is_noop),
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
	CALL_BB_ALLOC, CALL_VM_LOCK_READ, CALL_RESV_LOCK, CALL_JOB_CREATE, CALL_JOB_ARM,
	CALL_JOB_FENCE, CALL_JOB_PUSH, CALL_RESV_UNLOCK, CALL_VM_UNLOCK_READ,
	CALL_FENCE_WAIT, CALL_FENCE_PUT, CALL_BB_FREE, CALL_NONE
};

static const enum mock_call ev_vm_job_fails[] = {
	CALL_BB_ALLOC, CALL_VM_LOCK_READ, CALL_RESV_LOCK, CALL_JOB_CREATE,
	CALL_RESV_UNLOCK, CALL_VM_UNLOCK_READ, CALL_BB_FREE, CALL_NONE
};

static const enum mock_call ev_no_vm_ok[] = {
	CALL_BB_ALLOC, CALL_JOB_CREATE, CALL_JOB_ARM, CALL_JOB_FENCE, CALL_JOB_PUSH,
	CALL_FENCE_WAIT, CALL_FENCE_PUT, CALL_BB_FREE, CALL_NONE
};

static const enum mock_call ev_no_vm_job_fails[] = {
	CALL_BB_ALLOC, CALL_JOB_CREATE, CALL_BB_FREE, CALL_NONE
};

static const enum mock_call ev_bb_fails[] = {
	CALL_BB_ALLOC, CALL_NONE
};

struct submit_case {
	const char *desc;
	bool user_q;
	bool kernel_vm;
	int bb_alloc_err;
	int job_create_err;
	long wait_ret;
	int err;
	const enum mock_call *ev;
};

static const struct submit_case submit_cases[] = {
	{ "user queue with VM, runs", true, false, 0, 0, HZ / 2, 0,
	  ev_vm_ok },
	{ "user queue, job creation fails", true, false, 0, -ENOMEM, 0, -ENOMEM,
	  ev_vm_job_fails },
	{ "user queue, fence times out", true, false, 0, 0, 0, -ETIME,
	  ev_vm_ok },
	{ "user queue, wait fails", true, false, 0, 0, -ERESTARTSYS,
	  -ERESTARTSYS, ev_vm_ok },
	{ "kernel queue without VM, runs", false, false, 0, 0, 1, 0,
	  ev_no_vm_ok },
	{ "kernel queue without VM, job creation fails", false, false, 0,
	  -EBUSY, 0, -EBUSY, ev_no_vm_job_fails },
	{ "kernel queue with VM, runs", false, true, 0, 0, 1, 0,
	  ev_vm_ok },
	{ "kernel queue with VM, fence times out", false, true, 0, 0, 0,
	  -ETIME, ev_vm_ok },
	{ "batch allocation fails", true, false, -ENOMEM, 0, 0, -ENOMEM,
	  ev_bb_fails },
};

static void submit_case_desc(const struct submit_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(submit, submit_cases, submit_case_desc);

static void oa_submit_sequence(struct kunit *test)
{
	const struct submit_case *c = test->param_value;
	struct mock_hw *hw = test->priv;
	static const struct fixport_xe_oa_reg reg = {
		FIXPORT_XE_OAR_OACONTROL, 0x1
	};
	bool created = c->ev != ev_bb_fails && !c->job_create_err;

	if (!c->user_q)
		hw->stream.exec_q = NULL;
	if (c->kernel_vm)
		hw->kernel_q.vm = &hw->kernel_vm;
	hw->bb_alloc_err = c->bb_alloc_err;
	hw->job_create_err = c->job_create_err;
	hw->wait_ret = c->wait_ret;

	KUNIT_EXPECT_EQ(test, fixport_xe_oa_load_with_lri(&hw->stream, &reg, 1),
			c->err);
	expect_calls(test, hw, c->ev);

	if (c->ev != ev_bb_fails)
		KUNIT_EXPECT_PTR_EQ_MSG(test, hw->job_q,
					c->user_q ? &hw->user_q : &hw->kernel_q,
					"job created on the wrong exec queue");
	if (created) {
		KUNIT_EXPECT_TRUE_MSG(test, hw->ggtt_at_arm,
				      "job not marked GGTT before arming");
		KUNIT_EXPECT_TRUE(test, hw->ggtt_at_push);
		KUNIT_EXPECT_EQ_MSG(test, hw->wait_timeout, (long)HZ,
				    "the wait is one second");
	}
	expect_balanced(test, hw);
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
		  &fixport_xe_oa_submit_suite, &fixport_xe_oa_open_suite);

MODULE_DESCRIPTION("KUnit tests for the xe OA port on a mocked GPU");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
