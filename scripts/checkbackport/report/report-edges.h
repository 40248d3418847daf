/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What `followups` and `missing` share: the branch they answer for and
 * the way they print commits.
 */
#ifndef CHECKBACKPORT_REPORT_EDGES_H
#define CHECKBACKPORT_REPORT_EDGES_H

#include "cbp.h"
#include "store/store-edges.h"

int cbp_branch_pattern(const char *name);
int cbp_unpeeled_branch_error(struct cbp_index *idx, const char *name);
int cbp_target_branch(struct cbp_ctx *ctx, int required, int *bit);
const char *cbp_release_str(const struct cbp_commit *c, int mainline_bit);
struct json_object *cbp_link_json(struct cbp_index *idx,
				  const struct cbp_link *l);

#endif /* CHECKBACKPORT_REPORT_EDGES_H */
