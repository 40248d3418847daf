// SPDX-License-Identifier: GPL-2.0
/*
 * bench-run - time commands for the checkbackport benchmark
 *
 *   bench-run once [-o FILE] CMD [ARG...]
 *	run CMD once; print "WALL_SECONDS MAXRSS_KIB STATUS" (its exit
 *	status, 128 + the signal that killed it); with -o, CMD's standard
 *	output goes to FILE
 *   bench-run each FILE CMD [ARG...]
 *	run CMD once per line of FILE, "{}" in the arguments replaced by
 *	the line; print "RUNS P50_MS P99_MS MAX_MS MAXRSS_KIB FAILURES
 *	CPU_P50_MS CPU_P99_MS", the last two the processor time (user and
 *	system) each run took: on a loaded machine, where the wall times
 *	mostly measure the wait for a core, the cost of the run itself
 *
 * The commands' output goes to /dev/null.  Exit statuses 0 and 1 count
 * as success (1 is checkbackport's "findings").
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Run @argv; return its wall time, add its peak RSS to @maxrss. */
static const char *out_file;

/* The processor time of the last command time_cmd() ran, in seconds. */
static double last_cpu;

/* How it ended: its exit status, or 128 + the signal that killed it. */
static int last_status;

static double tv_sec(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

static double time_cmd(char **argv, long *maxrss, int *failed)
{
	struct rusage ru;
	double start = now();
	int status, fd;
	pid_t pid;

	pid = fork();
	if (pid < 0) {
		perror("bench-run: fork");
		exit(2);
	}
	if (!pid) {
		fd = open("/dev/null", O_WRONLY);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		if (out_file) {
			fd = open(out_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd >= 0)
				dup2(fd, 1);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("bench-run: wait4");
		exit(2);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) > 1)
		(*failed)++;
	last_status = WIFEXITED(status) ? WEXITSTATUS(status) :
		      128 + WTERMSIG(status);
	if (ru.ru_maxrss > *maxrss)
		*maxrss = ru.ru_maxrss;
	last_cpu = tv_sec(&ru.ru_utime) + tv_sec(&ru.ru_stime);
	return now() - start;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int each(const char *file, char **argv)
{
	char line[256], **args;
	double *t = NULL, *cpu = NULL;
	size_t nr = 0, alloc = 0, p99;
	long maxrss = 0;
	int failed = 0, argc, i;
	FILE *f = fopen(file, "r");

	if (!f) {
		perror(file);
		return 2;
	}
	for (argc = 0; argv[argc]; argc++)
		;
	args = calloc(argc + 1, sizeof(*args));
	while (args && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			continue;
		for (i = 0; i < argc; i++)
			args[i] = strcmp(argv[i], "{}") ? argv[i] : line;
		if (nr == alloc) {
			alloc = alloc ? alloc * 2 : 1024;
			t = realloc(t, alloc * sizeof(*t));
			cpu = realloc(cpu, alloc * sizeof(*cpu));
			if (!t || !cpu)
				return 2;
		}
		t[nr] = time_cmd(args, &maxrss, &failed);
		cpu[nr++] = last_cpu;
	}
	fclose(f);
	free(args);
	if (!nr)
		return 2;
	qsort(t, nr, sizeof(*t), cmp_double);
	qsort(cpu, nr, sizeof(*cpu), cmp_double);
	p99 = (nr * 99) / 100 < nr ? (nr * 99) / 100 : nr - 1;
	printf("%zu %.2f %.2f %.2f %ld %d %.2f %.2f\n", nr, t[nr / 2] * 1e3,
	       t[p99] * 1e3, t[nr - 1] * 1e3, maxrss, failed,
	       cpu[nr / 2] * 1e3, cpu[p99] * 1e3);
	free(t);
	free(cpu);
	return failed ? 1 : 0;
}

/**
 * main() - see the comment at the top of the file
 * @argc: argument count
 * @argv: arguments
 *
 * Return: 0, 1 if a command failed, 2 on a usage error.
 */
int main(int argc, char **argv)
{
	long maxrss = 0;
	int failed = 0;
	double t;

	if (argc >= 5 && !strcmp(argv[1], "once") && !strcmp(argv[2], "-o")) {
		out_file = argv[3];
		t = time_cmd(argv + 4, &maxrss, &failed);
		printf("%.3f %ld %d\n", t, maxrss, last_status);
		return failed ? 1 : 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "once")) {
		t = time_cmd(argv + 2, &maxrss, &failed);
		printf("%.3f %ld %d\n", t, maxrss, last_status);
		return failed ? 1 : 0;
	}
	if (argc >= 4 && !strcmp(argv[1], "each"))
		return each(argv[2], argv + 3);
	fprintf(stderr, "usage: bench-run once CMD... | each FILE CMD...\n");
	return 2;
}
