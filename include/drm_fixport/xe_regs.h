/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register offsets, bits and command encodings used by the xe OA port.
 *
 * The values are those of the 6.12 xe driver.  They are written out here
 * because the driver's headers are private to drivers/gpu/drm/xe and not
 * shipped with the kernel headers; drivers/gpu/drm/xe/xe_fixport_consts.c
 * compares every one of them with the 6.12 tree at build time.
 */
#ifndef _DRM_FIXPORT_XE_REGS_H_
#define _DRM_FIXPORT_XE_REGS_H_

#include <linux/bits.h>

/* Instruction header: the length field holds the dword count minus two. */
#define FIXPORT_XE_INSTR_LEN_MASK		GENMASK(7, 0)
#define FIXPORT_XE_INSTR_NUM_DW(x)		(((x) - 2) & FIXPORT_XE_INSTR_LEN_MASK)

/* MI commands: command type 0 in bits 31:29, opcode in bits 28:23. */
#define FIXPORT_XE_MI_OPCODE_MASK		GENMASK(31, 23)
#define __FIXPORT_XE_MI_INSTR(op)		((u32)(op) << 23)
#define FIXPORT_XE_MI_NOOP			__FIXPORT_XE_MI_INSTR(0x0)
#define FIXPORT_XE_MI_USER_INTERRUPT		__FIXPORT_XE_MI_INSTR(0x2)
#define FIXPORT_XE_MI_ARB_CHECK			__FIXPORT_XE_MI_INSTR(0x5)
/*
 * Bit 8 selects the pre-parser control; bit 0 then disables (1) or
 * re-enables (0) it.  6.12 xe writes a bare BIT(8) in xe_ring_ops.c, and
 * no 6.12 header names it: the ring-op tests assert it as a literal.
 */
#define   FIXPORT_XE_MI_ARB_CHECK_PREPARSER	BIT(8)
#define FIXPORT_XE_MI_ARB_ON_OFF		__FIXPORT_XE_MI_INSTR(0x8)
#define   FIXPORT_XE_MI_ARB_ENABLE		BIT(0)
#define   FIXPORT_XE_MI_ARB_DISABLE		0x0
#define FIXPORT_XE_MI_STORE_DATA_IMM		__FIXPORT_XE_MI_INSTR(0x20)
#define   FIXPORT_XE_MI_SDI_GGTT		BIT(22)
#define   FIXPORT_XE_MI_SDI_NUM_DW(x)		((x) + 3 - 2)
#define   FIXPORT_XE_MI_SDI_NUM_QW(x)		((2 * (x) + 3 - 2) | BIT(21))
#define FIXPORT_XE_MI_LOAD_REGISTER_IMM		__FIXPORT_XE_MI_INSTR(0x22)
#define   FIXPORT_XE_MI_LRI_MMIO_REMAP_EN	BIT(17)
/* The header counts the dwords that follow it: two per register. */
#define   FIXPORT_XE_MI_LRI_NUM_REGS(x)		FIXPORT_XE_INSTR_NUM_DW(2 * (x) + 1)
#define FIXPORT_XE_MI_STORE_REGISTER_MEM	(__FIXPORT_XE_MI_INSTR(0x24) | \
						 FIXPORT_XE_INSTR_NUM_DW(4))
#define   FIXPORT_XE_MI_SRM_USE_GGTT		BIT(22)
#define   FIXPORT_XE_MI_SRM_ADD_CS_OFFSET	BIT(19)
#define FIXPORT_XE_MI_FLUSH_DW			__FIXPORT_XE_MI_INSTR(0x26)
#define   FIXPORT_XE_MI_INVALIDATE_TLB		BIT(18)
#define   FIXPORT_XE_MI_FLUSH_DW_OP_STOREDW	BIT(14)
#define   FIXPORT_XE_MI_FLUSH_IMM_DW		(4 - 2)
#define   FIXPORT_XE_MI_FLUSH_DW_USE_GTT	BIT(2)
#define FIXPORT_XE_MI_BATCH_BUFFER_START	__FIXPORT_XE_MI_INSTR(0x31)
#define FIXPORT_XE_MI_BATCH_BUFFER_END		__FIXPORT_XE_MI_INSTR(0x0a)
/*
 * Address space of the batch: set for the exec queue's PPGTT, clear for
 * the GGTT.  xe writes it as a bare BIT(8); the same tree's i915 header
 * names it MI_BATCH_PPGTT_HSW, which xe_i915_fixport_consts.c checks.
 */
#define   FIXPORT_XE_MI_BATCH_PPGTT		BIT(8)

/*
 * One MI_LOAD_REGISTER_IMM carries at most this many registers: the xe OA
 * code's own limit (a local define in xe_oa.c), well inside the 8-bit
 * length field.
 */
#define FIXPORT_XE_MI_LRI_MAX_REGS		126

#define FIXPORT_XE_GFX_OP_PIPE_CONTROL(len)	((0x3 << 29) | (0x3 << 27) | \
						 (0x2 << 24) | ((len) - 2))
#define   FIXPORT_XE_PIPE_CONTROL0_UNTYPED_DATAPORT_CACHE_FLUSH	BIT(11)
#define   FIXPORT_XE_PIPE_CONTROL0_HDC_PIPELINE_FLUSH		BIT(9)
#define   FIXPORT_XE_PIPE_CONTROL_COMMAND_CACHE_INVALIDATE	BIT(29)
#define   FIXPORT_XE_PIPE_CONTROL_TILE_CACHE_FLUSH		BIT(28)
#define   FIXPORT_XE_PIPE_CONTROL_AMFS_FLUSH			BIT(25)
#define   FIXPORT_XE_PIPE_CONTROL_GLOBAL_GTT_IVB		BIT(24)
#define   FIXPORT_XE_PIPE_CONTROL_LRI_POST_SYNC			BIT(23)
#define   FIXPORT_XE_PIPE_CONTROL_STORE_DATA_INDEX		BIT(21)
#define   FIXPORT_XE_PIPE_CONTROL_CS_STALL			BIT(20)
#define   FIXPORT_XE_PIPE_CONTROL_GLOBAL_SNAPSHOT_RESET		BIT(19)
#define   FIXPORT_XE_PIPE_CONTROL_TLB_INVALIDATE		BIT(18)
#define   FIXPORT_XE_PIPE_CONTROL_PSD_SYNC			BIT(17)
#define   FIXPORT_XE_PIPE_CONTROL_QW_WRITE			BIT(14)
#define   FIXPORT_XE_PIPE_CONTROL_DEPTH_STALL			BIT(13)
#define   FIXPORT_XE_PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH	BIT(12)
#define   FIXPORT_XE_PIPE_CONTROL_INSTRUCTION_CACHE_INVALIDATE	BIT(11)
#define   FIXPORT_XE_PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE	BIT(10)
#define   FIXPORT_XE_PIPE_CONTROL_INDIRECT_STATE_DISABLE	BIT(9)
#define   FIXPORT_XE_PIPE_CONTROL_FLUSH_ENABLE			BIT(7)
#define   FIXPORT_XE_PIPE_CONTROL_DC_FLUSH_ENABLE		BIT(5)
#define   FIXPORT_XE_PIPE_CONTROL_VF_CACHE_INVALIDATE		BIT(4)
#define   FIXPORT_XE_PIPE_CONTROL_CONST_CACHE_INVALIDATE	BIT(3)
#define   FIXPORT_XE_PIPE_CONTROL_STATE_CACHE_INVALIDATE	BIT(2)
#define   FIXPORT_XE_PIPE_CONTROL_STALL_AT_SCOREBOARD		BIT(1)
#define   FIXPORT_XE_PIPE_CONTROL_DEPTH_CACHE_FLUSH		BIT(0)

/* Engine MMIO bases and per-engine registers (offsets from the base). */
#define FIXPORT_XE_RENDER_RING_BASE		0x02000
#define FIXPORT_XE_COMPUTE0_RING_BASE		0x1a000
#define FIXPORT_XE_BLT_RING_BASE		0x22000
#define FIXPORT_XE_BSD_RING_BASE		0x1c0000
#define FIXPORT_XE_VEBOX_RING_BASE		0x1c8000

#define FIXPORT_XE_RING_NOPID(base)		((base) + 0x94)
/* A masked register: upper half selects the bits the lower half writes. */
#define FIXPORT_XE_RING_CONTEXT_CONTROL(base)	((base) + 0x244)
#define   FIXPORT_XE_CTX_CTRL_OAC_CONTEXT_ENABLE	BIT(8)
#define   FIXPORT_XE_CTX_CTRL_RUN_ALONE		BIT(7)
#define FIXPORT_XE_RING_CTX_TIMESTAMP(base)	((base) + 0x3a8)

#define FIXPORT_XE_CCS_AUX_INV			0x4208
#define FIXPORT_XE_VD0_AUX_INV			0x4218
#define FIXPORT_XE_VE0_AUX_INV			0x4238
#define   FIXPORT_XE_AUX_INV			BIT(0)

/* Scratch dword in the per-process HW status page. */
#define FIXPORT_XE_LRC_PPHWSP_SCRATCH_ADDR	(0x34 * 4)
/* Largest ring command sequence one job emits per LRC. */
#define FIXPORT_XE_MAX_JOB_SIZE_DW		48

/* OA units */
#define FIXPORT_XE_OAR_OACONTROL		0x2960
#define   FIXPORT_XE_OAR_OACONTROL_COUNTER_SEL_MASK	GENMASK(3, 1)
#define   FIXPORT_XE_OAR_OACONTROL_COUNTER_ENABLE	BIT(0)
#define FIXPORT_XE_OACTXCONTROL(base)		((base) + 0x360)
#define   FIXPORT_XE_OA_COUNTER_RESUME		BIT(0)
#define FIXPORT_XE_OAG_OACONTROL		0xdaf4
#define   FIXPORT_XE_OAG_OACONTROL_OA_CCS_SELECT_MASK	GENMASK(18, 16)
#define   FIXPORT_XE_OA_OACONTROL_REPORT_BC_MASK	GENMASK(9, 9)
#define   FIXPORT_XE_OA_OACONTROL_COUNTER_SIZE_MASK	GENMASK(8, 8)
#define FIXPORT_XE_OAC_OACONTROL		0x15114

#endif /* _DRM_FIXPORT_XE_REGS_H_ */
