/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _AMDGPU_FIXPORT_CONSTS_H_
#define _AMDGPU_FIXPORT_CONSTS_H_

void amdgpu_fixport_consts_check(void);

#endif /* _AMDGPU_FIXPORT_CONSTS_H_ */
