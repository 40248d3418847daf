// SPDX-License-Identifier: GPL-2.0
/*
 * The refs a build starts from: the commit of every branch, remote-
 * tracking branch and tag (and of a detached HEAD) is queued to be read;
 * other refs (pull requests, CI, notes, the stash) are not history and
 * are left out.  Tags matching the release glob that parse as kernel
 * versions become release tags, branches matching the mainline, stable
 * and other globs become tracked branches, in the order their bits are
 * given out.
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/release.h"
#include "base/util.h"

/* ---------------------------------------------------------------------- */
/* Refs: release tags and tracked branches. */

/*
 * The refs whose history is indexed: refs/heads, refs/remotes and
 * refs/tags, and "HEAD" when detached.  Not refs/pull/, refs/notes/,
 * refs/stash, and not CI refs such as refs/merge-requests/,
 * refs/pipelines/, refs/changes/ or refs/keep-around/.
 */
static int is_history_ref(const char *name)
{
	return !strcmp(name, "HEAD") || !strncmp(name, "refs/heads/", 11) ||
	       !strncmp(name, "refs/remotes/", 13) ||
	       !strncmp(name, "refs/tags/", 10);
}

/* A tag matching the release glob that is not a release, said once. */
static void ignore_tag(struct build *b, const char *name, const char *why)
{
	b->ignored = cbp_grow(b->ignored, sizeof(*b->ignored),
			      b->nr_ignored + 1, &b->alloc_ignored);
	b->ignored[b->nr_ignored].name = cbp_strdup(name);
	b->ignored[b->nr_ignored].why = why;
	b->nr_ignored++;
}

/*
 * A ref whose commit cannot be read: what it reaches is not indexed, so
 * answers about it would be wrong without a word; the build says which
 * ref, and the index keeps the gap for every query to say.
 */
static void unreadable_ref(struct build *b, const struct cbp_git_ref *ref)
{
	b->gaps |= CBP_GAP_DAMAGED;
	cbp_note("warning: cannot read the commit of %s (%s): %s",
		 ref->name, ref->why, "what only it reaches is not indexed; 'git fsck' tells more");
}

/* "NAME" of refs/heads/NAME or refs/remotes/NAME, else NULL. */
static const char *branch_name(const char *ref)
{
	if (!strncmp(ref, "refs/heads/", 11))
		return ref + 11;
	if (!strncmp(ref, "refs/remotes/", 13))
		return ref + 13;
	return NULL;
}

/* The role the settings give the branch @name, or -1: not tracked. */
static int branch_role(const struct cbp_settings *set, const char *name)
{
	if (!strcmp(name, set->mainline))
		return CBP_ROLE_MAINLINE;
	if (cbp_match_globs(set->stable, name))
		return CBP_ROLE_STABLE;
	if (cbp_match_globs(set->branches, name))
		return CBP_ROLE_OTHER;
	return -1;
}

/*
 * A branch that leads to a tree or a blob (git refuses to make one, but
 * a ref file can say anything) has no history: it is not tracked, and
 * a query naming it must not say there is no such branch.  Kept for the
 * index (meta 'unpeeled', build_store_refs()); one the settings would
 * track is said as a build's notes are (cbp_index_notes()), as its
 * answers would all be missing.
 */
static void unpeeled_branch(struct build *b, const struct cbp_git_ref *ref,
			    const struct cbp_settings *set)
{
	const char *name = branch_name(ref->name);
	char *line;

	if (!name || !ref->why)
		return;
	if (branch_role(set, name) >= 0) {
		line = cbp_strf("%s%swarning: branch '%s' (%s) leads to %s, not a commit: %s",
				b->unpeeled_notes ? b->unpeeled_notes : "",
				b->unpeeled_notes ? "\n" : "", name, ref->name,
				ref->why,
				"it is not tracked; 'git update-ref' can point it at a commit");
		free(b->unpeeled_notes);
		b->unpeeled_notes = line;
	}
	/* As cbp_index_unpeeled_branch() reads them: "REF tree" or "REF blob". */
	line = cbp_strf("%s%s %s\n", b->unpeeled ? b->unpeeled : "", ref->name,
			strcmp(ref->why, "a tree") ? "blob" : "tree");
	free(b->unpeeled);
	b->unpeeled = line;
}

static void add_tip(struct build *b, const char *name, const struct cbp_oid *oid,
		    const struct cbp_settings *set,
		    const struct cbp_release_pattern *rp)
{
	struct ref_tip *t;
	const char *shortname;
	int role = -1;

	if (!strncmp(name, "refs/tags/", 10)) {
		long long key;

		shortname = name + 10;
		if (!cbp_match_globs(set->tags, shortname)) {
			/*
			 * A release the glob hides: said, not read.  Other
			 * tags are counted too: a history whose every tag is
			 * outside both has no release, which is said.
			 */
			if (cbp_release_pattern_key(rp, shortname) >= 0) {
				if (!b->outside++)
					b->outside_example = cbp_strdup(shortname);
			} else if (!b->other++) {
				b->other_example = cbp_strdup(shortname);
			}
			return;
		}
		key = cbp_release_pattern_key(rp, shortname);
		if (key < 0) {
			ignore_tag(b, shortname, cbp_release_pattern_error(key));
			return;
		}
		b->tags = cbp_grow(b->tags, sizeof(*b->tags), b->nr_tags + 1,
				   &b->alloc_tags);
		t = &b->tags[b->nr_tags++];
		t->vkey = key;
	} else {
		shortname = branch_name(name);
		role = shortname ? branch_role(set, shortname) : -1;
		if (role < 0)
			return;
		b->br = cbp_grow(b->br, sizeof(*b->br), b->nr_br + 1,
				 &b->alloc_br);
		t = &b->br[b->nr_br++];
		t->vkey = cbp_branch_version(shortname);
	}
	t->name = cbp_strdup(shortname);
	t->role = role;
	t->oid = *oid;
	t->id = 0;
	t->row = 0;
}

static int cmp_tip(const void *a, const void *b)
{
	const struct ref_tip *x = a, *y = b;

	if (x->vkey != y->vkey)
		return x->vkey < y->vkey ? -1 : 1;
	if (x->role != y->role)
		return x->role < y->role ? -1 : 1;
	return strcmp(x->name, y->name);
}

/*
 * Branches: mainline first, then by role, newest version first, so that
 * if there are more than CBP_MAX_BRANCHES the oldest stable ones go.
 */
static int cmp_branch(const void *a, const void *b)
{
	const struct ref_tip *x = a, *y = b;

	if (x->role != y->role)
		return x->role < y->role ? -1 : 1;
	if (x->vkey != y->vkey)
		return x->vkey > y->vkey ? -1 : 1;
	return strcmp(x->name, y->name);
}

/**
 * build_collect_refs() - start a build from the refs
 * @b: the build
 * @set: which tags are releases and which branches are tracked
 *
 * Queues every commit a branch, remote-tracking branch or tag (or a
 * detached HEAD) points at, keeps those refs and their rows (@b->refs,
 * @b->ref_id), and collects the release tags in version order and the
 * tracked branches in the order their bits are given out.
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_collect_refs(struct build *b, const struct cbp_settings *set)
{
	struct cbp_release_pattern rp;
	struct cbp_git_ref *refs;
	size_t nr, i;
	int err = 0;

	if (cbp_release_pattern_init(&rp, set->release))
		return -1;
	if (cbp_git_refs(b->repo, &refs, &nr)) {
		cbp_release_pattern_release(&rp);
		return -1;
	}
	b->ref_id = cbp_calloc(nr, sizeof(*b->ref_id));
	/* A detached HEAD ("HEAD") keeps its commits reachable too. */
	for (i = 0; i < nr && !err; i++) {
		unsigned int id;

		if (!is_history_ref(refs[i].name) || refs[i].is_commit != 1) {
			if (!refs[i].is_commit &&
			    !strncmp(refs[i].name, "refs/tags/", 10) &&
			    cbp_match_globs(set->tags, refs[i].name + 10))
				ignore_tag(b, refs[i].name + 10,
					   "it is not a commit (a tag of a tree or a blob)");
			if (refs[i].is_commit < 0)
				unreadable_ref(b, &refs[i]);
			else if (!refs[i].is_commit)
				unpeeled_branch(b, &refs[i], set);
			free(refs[i].name);
			free(refs[i].why);
			continue;
		}
		id = build_lookup_commit(b, &refs[i].commit);
		if (!id)
			err = -1;
		else
			add_tip(b, refs[i].name, &refs[i].commit, set, &rp);
		refs[b->nr_refs] = refs[i];
		b->ref_id[b->nr_refs++] = id;
	}
	for (; i < nr; i++) {
		free(refs[i].name);
		free(refs[i].why);
	}
	b->refs = refs;
	cbp_release_pattern_release(&rp);
	if (err)
		return -1;
	cbp_sort(b->tags, b->nr_tags, sizeof(*b->tags), cmp_tip);
	cbp_sort(b->br, b->nr_br, sizeof(*b->br), cmp_branch);
	return 0;
}
