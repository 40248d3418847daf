// SPDX-License-Identifier: GPL-2.0
/*
 * Handing a run over to checkbackport-git.
 *
 * libgit2 and the libraries it needs (TLS, SSH, Kerberos...) are bound
 * when a process starts, which takes longer than answering a names query
 * from the index.  So ./checkbackport, the front program, is the store
 * layer and the queries linked without libgit2 (checkbackport.c built
 * with CBP_FRONT).  When the dispatcher finds that a run needs git, the
 * front replaces itself with the complete program, ./checkbackport-git
 * from the same directory, given the same arguments.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "program.h"

/* main()'s arguments, for a hand-over decided deep in a run. */
static char **front_argv;

/**
 * cbp_exec_full() - continue in checkbackport-git with the same arguments
 * @argv: main()'s arguments
 * @why: what the run needs git for, for the error message
 *
 * Does not return; exits with status 2 if the program cannot be run.
 */
void cbp_exec_full(char **argv, const char *why)
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
	execv(path, argv);
	fprintf(stderr, "checkbackport: error: cannot run %s (%s): %s\n", path,
		why, strerror(errno));
	exit(CBP_EXIT_ERROR);
}

/**
 * cbp_front_args() - keep main()'s arguments for cbp_hand_over()
 * @argv: main()'s arguments, which outlive the run
 */
void cbp_front_args(char **argv)
{
	front_argv = argv;
}

/**
 * cbp_hand_over() - continue in checkbackport-git, from anywhere in a run
 * @why: what the run needs checkbackport-git for, for the error message
 *
 * For a need found below the dispatcher (front-home.c): nothing the run
 * did is lost, as the front writes nothing before it knows it can answer.
 *
 * Context: after cbp_front_args().  Does not return; exits with status 2
 * if the program cannot be run.
 */
void cbp_hand_over(const char *why)
{
	if (!front_argv) {
		fprintf(stderr, "checkbackport: error: cannot hand over: %s\n",
			why);
		exit(CBP_EXIT_ERROR);
	}
	cbp_exec_full(front_argv, why);
}
