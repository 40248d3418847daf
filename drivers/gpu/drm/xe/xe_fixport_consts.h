/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _XE_FIXPORT_CONSTS_H_
#define _XE_FIXPORT_CONSTS_H_

void xe_fixport_consts_check(void);
void xe_i915_fixport_consts_check(void);

#endif /* _XE_FIXPORT_CONSTS_H_ */
