/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ring commands that start a job's batch buffer, ported from 6.12 xe.
 */
#ifndef _DRM_FIXPORT_XE_RING_OPS_H_
#define _DRM_FIXPORT_XE_RING_OPS_H_

#include <linux/types.h>

struct fixport_cs;
struct fixport_xe_sched_job;

int fixport_xe_ring_emit_job(const struct fixport_xe_sched_job *job,
			     unsigned int lrc_idx, struct fixport_cs *cs);

#endif /* _DRM_FIXPORT_XE_RING_OPS_H_ */
