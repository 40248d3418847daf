// SPDX-License-Identifier: GPL-2.0
/*
 * Bounded command-stream writer and register-encoding helpers.
 */

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>

#include <drm_fixport/fixport_cs.h>

/**
 * fixport_cs_init() - start filling a dword buffer
 * @cs: the command stream to initialise
 * @buf: the buffer, @size dwords long
 * @size: capacity of @buf in dwords
 *
 * Context: Any context.
 */
void fixport_cs_init(struct fixport_cs *cs, u32 *buf, u32 size)
{
	cs->dw = buf;
	cs->len = 0;
	cs->size = size;
	cs->overflow = false;
}
EXPORT_SYMBOL_GPL(fixport_cs_init);

/**
 * fixport_cs_emit() - append one dword
 * @cs: the command stream
 * @dw: the dword to append
 *
 * A full buffer is left untouched and marked as overflowed, so a caller that
 * emits a whole command before checking still cannot corrupt memory.
 *
 * Context: Any context.
 * Return: 0 on success, -ENOSPC if the buffer is full.
 */
int fixport_cs_emit(struct fixport_cs *cs, u32 dw)
{
	if (cs->len >= cs->size) {
		cs->overflow = true;
		return -ENOSPC;
	}

	cs->dw[cs->len++] = dw;
	return 0;
}
EXPORT_SYMBOL_GPL(fixport_cs_emit);

/**
 * fixport_cs_emit_array() - append several dwords, all or nothing
 * @cs: the command stream
 * @dws: the dwords to append
 * @count: how many
 *
 * A command split across the end of a buffer would be worse than no command:
 * either all @count dwords fit, or none is written.
 *
 * Context: Any context.
 * Return: 0 on success, -ENOSPC if they do not all fit.
 */
int fixport_cs_emit_array(struct fixport_cs *cs, const u32 *dws, u32 count)
{
	u32 i;

	if (count > fixport_cs_space(cs)) {
		cs->overflow = true;
		return -ENOSPC;
	}

	for (i = 0; i < count; i++)
		cs->dw[cs->len++] = dws[i];

	return 0;
}
EXPORT_SYMBOL_GPL(fixport_cs_emit_array);

/**
 * fixport_masked_field() - encode a masked register write
 * @mask: the bits to change, within the low 16 bits
 * @value: their new value, within @mask
 *
 * Masked registers take the write-enable mask in the upper half of the value
 * and the new bits in the lower half; bits outside the mask keep their value.
 * Writing 0 under the mask is how a bit is cleared, which is what the OA
 * disable path must do with OAC_CONTEXT_ENABLE.
 *
 * Context: Any context.
 * Return: the 32-bit value to write.  A @mask wider than 16 bits or a
 * @value outside @mask is a programming error: it warns and the stray bits
 * are dropped.
 */
u32 fixport_masked_field(u32 mask, u32 value)
{
	if (WARN_ON(mask & ~0xffffu))
		mask &= 0xffff;
	if (WARN_ON(value & ~mask))
		value &= mask;

	return mask << 16 | value;
}
EXPORT_SYMBOL_GPL(fixport_masked_field);

MODULE_DESCRIPTION("drm-fixport shared command-stream helpers");
MODULE_LICENSE("GPL");
