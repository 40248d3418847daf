// SPDX-License-Identifier: GPL-2.0
/*
 * The front program's cbp_user_home(), linked into ./checkbackport only.
 *
 * A "~user/" in git's config names a home directory that only the
 * system's user database knows: getpwnam(), which may load NSS modules
 * (LDAP, sssd) of the very glibc the program was built with.  The front
 * is linked without it, so that it may be linked wholly static (see
 * FRONT_STATIC in the Makefile), and hands such a run to
 * checkbackport-git, which has the database: the same answer, at the
 * cost of a second start, for a config few have.
 */
#include "program.h"
#include "base/safe-directory.h"

/**
 * cbp_user_home() - the home directory of a user, in the front program
 * @user: the user's name
 *
 * Context: the front program, in a run started by main() (cbp_front_args()).
 * Return: does not return: the run continues in checkbackport-git.
 */
char *cbp_user_home(const char *user)
{
	(void)user;
	cbp_hand_over("a \"~user/\" in git's config needs the user database");
}
