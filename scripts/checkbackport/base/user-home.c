// SPDX-License-Identifier: GPL-2.0
/*
 * The home directory of a user by name, for the "~user/" of a path in
 * git's config (safe-directory.c).  Alone in its file: the front program
 * has its own cbp_user_home() (front-home.c), and linking it from its
 * own object keeps this one, and the system's user database with it,
 * out of the front's link.
 */
#include <pwd.h>
#include <stddef.h>

#include "safe-directory.h"
#include "util.h"

/**
 * cbp_user_home() - the home directory of a user
 * @user: the user's name
 *
 * Context: any; getpwnam() may consult the system's user database (NSS).
 * Return: a copy of the home directory to free(), or NULL when there is
 * no such user.
 */
char *cbp_user_home(const char *user)
{
	const struct passwd *pw = getpwnam(user);

	return pw ? cbp_strdup(pw->pw_dir) : NULL;
}
