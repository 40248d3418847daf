// SPDX-License-Identifier: GPL-2.0
/*
 * Build-time check of the xe ring-op constants that 6.12 xe writes as bare
 * literals, against the header of the same tree that names them.
 *
 * xe_ring_ops.c selects the PPGTT for a batch with a bare BIT(8) in the
 * MI_BATCH_BUFFER_START header; no xe header defines it.  The bit means the
 * same on every engine xe drives as on the gen8+ engines i915 drives, and
 * i915's intel_gpu_commands.h names it.  That header redefines the MI
 * opcode macros of xe's own headers, so it gets a unit of its own.  It is
 * compiled, never linked.
 */

#include <linux/build_bug.h>
#include <linux/types.h>

#include "gt/intel_gpu_commands.h"

#include <drm_fixport/xe_regs.h>

#include "xe_fixport_consts.h"

#define SAME(ours, theirs) \
	BUILD_BUG_ON_MSG((u64)(ours) != (u64)(theirs), \
			 #ours " differs from the 6.12 tree's " #theirs)

/**
 * xe_i915_fixport_consts_check() - compare our bare-literal constants with
 * the 6.12 tree's i915 names for them
 *
 * Never called: compiling it is the check.
 *
 * Context: None.
 */
void xe_i915_fixport_consts_check(void)
{
	/* The address-space bit of MI_BATCH_BUFFER_START: bit 8, PPGTT. */
	SAME(FIXPORT_XE_MI_BATCH_PPGTT, MI_BATCH_PPGTT_HSW);
	SAME(FIXPORT_XE_MI_BATCH_PPGTT, BIT(8));
	/* ...of the command whose opcode both drivers agree on. */
	SAME(FIXPORT_XE_MI_BATCH_BUFFER_START, MI_BATCH_BUFFER_START);
	SAME(FIXPORT_XE_MI_BATCH_BUFFER_START & FIXPORT_XE_MI_BATCH_PPGTT, 0);
	/* The pre-parser control rides on MI_ARB_CHECK, the same opcode. */
	SAME(FIXPORT_XE_MI_ARB_CHECK, MI_ARB_CHECK);
	SAME(FIXPORT_XE_MI_ARB_CHECK & FIXPORT_XE_MI_ARB_CHECK_PREPARSER, 0);
}
