/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stable patch-id of a diff's text (patch-id.c): base layer, no
 * library.
 */
#ifndef CHECKBACKPORT_PATCH_ID_H
#define CHECKBACKPORT_PATCH_ID_H

#include <stddef.h>

int cbp_patch_id(const char *diff, size_t len, char *hex);

#endif /* CHECKBACKPORT_PATCH_ID_H */
