/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a repository's refs moved, without libgit2 (refs-stamp.c).
 */
#ifndef CHECKBACKPORT_REFS_STAMP_H
#define CHECKBACKPORT_REFS_STAMP_H

#include <time.h>

unsigned long long cbp_refs_stamp(const char *commondir,
				  struct timespec *newest);
int cbp_refs_settle(const struct timespec *newest);

#endif
