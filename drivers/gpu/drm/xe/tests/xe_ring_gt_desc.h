/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A GT as the ring ops expectations describe it, apart from the
 * expectations themselves: the conformance subject builds the target
 * tree's structures from it without seeing the expected dwords' names,
 * which would clash with the tree's macros.
 */

#ifndef _FIXPORT_XE_RING_GT_DESC_H_
#define _FIXPORT_XE_RING_GT_DESC_H_

#include <linux/types.h>

/**
 * struct ring_gt_desc - the properties of a GT that the ring ops read
 * @graphics_verx100: graphics IP version times 100 (1200 is Xe_LP)
 * @has_render: the GT has a render engine (a 3D pipeline)
 * @has_aux_ccs: the platform compresses through AuxCCS
 * @wa_1409600907: the workaround adding a depth stall to the render flush
 * @wa_16020292621: the workaround adding a PIPE_CONTROL at the ring end
 * @mmio_adj_offset: what the GT adds to a register offset (media GT)
 */
struct ring_gt_desc {
	u32 graphics_verx100;
	bool has_render;
	bool has_aux_ccs;
	bool wa_1409600907;
	bool wa_16020292621;
	u32 mmio_adj_offset;
};

#endif /* _FIXPORT_XE_RING_GT_DESC_H_ */
