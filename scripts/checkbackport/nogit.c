// SPDX-License-Identifier: GPL-2.0
/*
 * The libgit2-free front of checkbackport.
 *
 * libgit2 and the libraries it needs (TLS, SSH, Kerberos...) are bound
 * when a process starts, which takes longer than answering a names query
 * from the index.  So ./checkbackport is linked without libgit2: the
 * query path (find the git directory, open a valid index, answer) never
 * calls into it, and the first libgit2 call of any other path, which is
 * always git_libgit2_init(), replaces the process with the complete
 * program, ./checkbackport-git, given the same arguments.
 *
 * Every other libgit2 function the objects reference is a generated stub
 * (build/nogit-stubs.c) that does the same, should one ever be reached
 * first.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cbp.h"

/**
 * cbp_exec_full() - continue in checkbackport-git with the same arguments
 *
 * Does not return; exits with status 2 if the program cannot be run.
 */
void cbp_exec_full(void)
{
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 32);
	char *slash;

	if (n <= 0) {
		fprintf(stderr, "checkbackport: error: cannot find myself: %s\n",
			strerror(errno));
		exit(CBP_EXIT_ERROR);
	}
	path[n] = '\0';
	slash = strrchr(path, '/');
	snprintf(slash ? slash + 1 : path,
		 sizeof(path) - (slash ? (size_t)(slash + 1 - path) : 0),
		 "checkbackport-git");
	fflush(stdout);
	fflush(stderr);
	execv(path, cbp_saved_argv);
	fprintf(stderr, "checkbackport: error: cannot run %s: %s\n", path,
		strerror(errno));
	exit(CBP_EXIT_ERROR);
}

/**
 * git_libgit2_init() - stands in for libgit2's in the front program
 *
 * Return: does not return.
 */
int git_libgit2_init(void)
{
	cbp_exec_full();
	return -1;
}
