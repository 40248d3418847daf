// SPDX-License-Identifier: GPL-2.0
/*
 * Reading changes on both cores.  What a build compares of two commits
 * (the files each touches, their blobs, their patch-ids) is read through
 * libgit2 one tree and blob at a time, each inflated and most rebuilt
 * from a chain of deltas: in a vendor-heavy history that is most of the
 * build after the walk.  The commits are independent, so a step that
 * needs many of them computes them first, in this thread and one helper,
 * each with a repository of its own (libgit2's objects are not shared
 * between threads), and only then decides anything, in order, from
 * memory: the answers are the same whichever thread computed what.
 */
#include <pthread.h>
#include <unistd.h>

#include "build-priv.h"

/* Fewer items than this are not worth a thread. */
#define PARALLEL_MIN	8

struct parallel {
	struct build *b;
	size_t nr, next;
	build_parallel_fn fn;
	void *data;
	pthread_mutex_t lock;
};

/*
 * Items go out in runs of neighbours: the steps queue a link's two
 * commits, or a commit and the next, side by side, and each thread's
 * libgit2 keeps the delta bases it inflated; handing out every other
 * item made both threads rebuild the same chains (the vendor pairs of
 * bench/shapes-bench.sh judged in 1.05 s, against 0.81 s in runs).
 */
#define PARALLEL_RUNS	16

static void run_items(struct parallel *par, struct cbp_repo *repo)
{
	size_t run = par->nr / PARALLEL_RUNS ? par->nr / PARALLEL_RUNS : 1;

	for (;;) {
		size_t i, end;

		pthread_mutex_lock(&par->lock);
		i = par->next;
		par->next = i < par->nr ? i + run : i;
		pthread_mutex_unlock(&par->lock);
		if (i >= par->nr)
			break;
		end = par->nr - i > run ? i + run : par->nr;
		for (; i < end; i++)
			par->fn(repo, i, par->data);
	}
}

static void *helper_main(void *data)
{
	struct parallel *par = data;
	struct cbp_repo *repo;

	/* Not opened: this thread leaves every item to the other. */
	if (cbp_git_open(&repo, cbp_git_dir(par->b->repo)))
		return NULL;
	run_items(par, repo);
	cbp_git_close(repo);
	return NULL;
}

/**
 * build_parallel() - call a function on every item, on every core
 * @b: the build
 * @nr: how many items
 * @fn: called once for each item, with its index and @data, and the
 *	repository the calling thread reads
 * @data: for @fn
 *
 * The items go to whichever of this thread and one helper is free; the
 * cold build's walk, the other user of the second core, is done by now.
 * @fn must write only what belongs to its item (and record errors with
 * cbp_error(), which takes a lock).
 *
 * Context: @b's own repository is used by this thread only.
 */
void build_parallel(struct build *b, size_t nr, build_parallel_fn fn,
		    void *data)
{
	struct parallel par = { .b = b, .nr = nr, .fn = fn, .data = data };
	pthread_t helper;
	int threaded;

	pthread_mutex_init(&par.lock, NULL);
	threaded = nr >= PARALLEL_MIN && sysconf(_SC_NPROCESSORS_ONLN) > 1 &&
		   !pthread_create(&helper, NULL, helper_main, &par);
	run_items(&par, b->repo);
	if (threaded)
		pthread_join(helper, NULL);
	pthread_mutex_destroy(&par.lock);
}
