/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Cc: stable annotation and the stable series a version names; see
 * cc-stable.c.  No library.
 */
#ifndef CHECKBACKPORT_CC_STABLE_H
#define CHECKBACKPORT_CC_STABLE_H

int cbp_parse_series(const char *s, int *major, int *minor);
int cbp_cc_stable(const char *line, const char **ann, int *major, int *minor);

#endif /* CHECKBACKPORT_CC_STABLE_H */
