// SPDX-License-Identifier: GPL-2.0
/*
 * dlopen() for the wholly static front (FRONT_STATIC=all): it fails,
 * always.
 *
 * SQLite's archive has the code that loads extensions, which the front
 * never enables, and that code names dlopen().  Statically linked,
 * glibc's dlopen() works only with the shared glibc it was built with
 * at run time, and ld warns of it on every link.  The front is linked
 * with --wrap=dlopen, so that SQLite's call comes here instead: the
 * front loads no code at run time, whatever SQLite is asked.  (glibc's
 * own loading of character set converters does not go through
 * dlopen().)
 */
#include <stddef.h>

void *__wrap_dlopen(const char *file, int mode);

/**
 * __wrap_dlopen() - load no shared object
 * @file: the object SQLite was asked to load
 * @mode: how
 *
 * Return: NULL; dlerror() then has no message, and SQLite says it could
 * not load the extension.
 */
void *__wrap_dlopen(const char *file, int mode)
{
	(void)file;
	(void)mode;
	return NULL;
}
