/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bounded command-stream writer shared by the drm-fixport drivers.
 *
 * Ring and batch buffers are fixed-size allocations; the bugs this project
 * backports fixes for include a batch sized too small for what was written
 * into it.  Every dword goes through fixport_cs_emit(), which refuses to
 * write past the end and remembers that it had to.
 */
#ifndef _DRM_FIXPORT_CS_H_
#define _DRM_FIXPORT_CS_H_

#include <linux/types.h>

/**
 * struct fixport_cs - a dword buffer being filled with commands
 * @dw: the buffer
 * @len: dwords written so far
 * @size: capacity of @dw in dwords
 * @overflow: set once an emit did not fit; nothing was written past @size
 */
struct fixport_cs {
	u32 *dw;
	u32 len;
	u32 size;
	bool overflow;
};

void fixport_cs_init(struct fixport_cs *cs, u32 *buf, u32 size);
int fixport_cs_emit(struct fixport_cs *cs, u32 dw);
int fixport_cs_emit_array(struct fixport_cs *cs, const u32 *dws, u32 count);
u32 fixport_masked_field(u32 mask, u32 value);

/**
 * fixport_cs_space() - dwords still free in a command stream
 * @cs: the command stream
 *
 * Return: the number of dwords that can still be emitted.
 */
static inline u32 fixport_cs_space(const struct fixport_cs *cs)
{
	return cs->size - cs->len;
}

#endif /* _DRM_FIXPORT_CS_H_ */
