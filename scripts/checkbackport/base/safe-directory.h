/* SPDX-License-Identifier: GPL-2.0 */
/*
 * git's safe.directory rule for repositories owned by someone else, for
 * both programs; see safe-directory.c.  No library.
 */
#ifndef CHECKBACKPORT_SAFE_DIRECTORY_H
#define CHECKBACKPORT_SAFE_DIRECTORY_H

int cbp_repo_is_safe(const char *gitfile, const char *worktree,
		     const char *gitdir);

/* user-home.c, or the front's own (front-home.c) */
char *cbp_user_home(const char *user);

#endif /* CHECKBACKPORT_SAFE_DIRECTORY_H */
