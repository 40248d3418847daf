/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a repository's refs moved, without libgit2 (refs-stamp.c).
 */
#ifndef CHECKBACKPORT_REFS_STAMP_H
#define CHECKBACKPORT_REFS_STAMP_H

unsigned long long cbp_refs_stamp(const char *commondir);

#endif
