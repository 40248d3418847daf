/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OA (observation architecture) context configuration, ported from the
 * 6.12 xe driver with the fix "xe/oa: Fix query mode of operation for
 * OAR/OAC" (upstream 55039832f98c, mainline f0ed39830e60).
 */
#ifndef _DRM_FIXPORT_XE_OA_H_
#define _DRM_FIXPORT_XE_OA_H_

#include <linux/types.h>

#include <drm_fixport/xe_hw.h>

/**
 * struct fixport_xe_oa_format - the parts of an OA report format that
 * select the counters
 * @counter_select: counter set, written into the OA control register
 * @bc_report: report format uses B and C counters
 * @counter_size: counters are 40 bits wide rather than 32
 */
struct fixport_xe_oa_format {
	u32 counter_select;
	bool bc_report;
	bool counter_size;
};

/**
 * struct fixport_xe_oa_reg - one register write of an LRI batch
 * @addr: register offset
 * @value: value to write
 */
struct fixport_xe_oa_reg {
	u32 addr;
	u32 value;
};

/**
 * struct fixport_xe_oa_stream - an open OA stream, as far as context
 * configuration needs it
 * @gt: the GT the stream's OA unit belongs to
 * @exec_q: the user's exec queue whose context is measured, or NULL
 * @k_exec_q: the kernel's exec queue on the stream's engine
 * @hwe_class: class of the stream's hardware engine
 * @hwe_instance: instance of that engine within its class
 * @hwe_mmio_base: MMIO base of that engine
 * @format: the OA report format
 * @oa_ctrl: offset of the OA unit's control register
 */
struct fixport_xe_oa_stream {
	struct fixport_xe_gt *gt;
	struct fixport_xe_exec_queue *exec_q;
	struct fixport_xe_exec_queue *k_exec_q;
	enum fixport_xe_engine_class hwe_class;
	u16 hwe_instance;
	u32 hwe_mmio_base;
	const struct fixport_xe_oa_format *format;
	u32 oa_ctrl;
};

int fixport_xe_oa_check_exec_queue(const struct fixport_xe_exec_queue *q);
int xe_oa_configure_oa_context(struct fixport_xe_oa_stream *stream, bool enable);

#endif /* _DRM_FIXPORT_XE_OA_H_ */
