/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What reaches the terminal: stdout and stderr filtered of control
 * characters and bytes that are not UTF-8; see output.c.
 */
#ifndef CHECKBACKPORT_OUTPUT_H
#define CHECKBACKPORT_OUTPUT_H

#include "util.h"

void cbp_output_init(void);
void cbp_output_json(int json);
__printf(1, 2) void cbp_progress(const char *fmt, ...);

#endif /* CHECKBACKPORT_OUTPUT_H */
