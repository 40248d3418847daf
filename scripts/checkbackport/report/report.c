// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by the subcommands: the single error path, opening the
 * index for a query, and formatting commits for people and for JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "cbp.h"
#include "base/objects.h"

/**
 * cbp_fail() - print the recorded error and give the error exit status
 *
 * This is the one place errors reach the user: "checkbackport: error: "
 * followed by the message recorded by the failing layer, which carries
 * libgit2's or SQLite's own text where one of them failed.
 *
 * Return: CBP_EXIT_ERROR.
 */
int cbp_fail(void)
{
	const char *msg = cbp_errmsg();

	fprintf(stderr, "checkbackport: error: %s\n",
		msg[0] ? msg : "unknown error");
	return CBP_EXIT_ERROR;
}

/* The repository's common git directory, for cbp_absent_str(). */
static char *repo_commondir;

/**
 * cbp_set_repository() - name the repository the answers are about
 * @commondir: its common git directory, or NULL if unknown
 *
 * The front program (cbp_open_index()) and checkbackport-git each set it
 * once they know it.
 */
void cbp_set_repository(const char *commondir)
{
	free(repo_commondir);
	repo_commondir = commondir ? cbp_strdup(commondir) : NULL;
}

/**
 * cbp_in_repository() - whether the repository has an object the index lacks
 * @hex: its ID as cited
 *
 * The index has the commits the branches, remote-tracking branches and
 * tags reach.  One it lacks may still be in the repository: on a pull
 * request's ref, in FETCH_HEAD, left by a rewound branch.  The object
 * store is asked (base/objects.c).  Below 12 digits, an object starting
 * so may well be another one (a blob, in a history of millions of
 * objects): only its absence is told.
 *
 * Return: 1 if the repository has it (or, for an ID of 12 digits or
 * more, an object starting so), 0 if not, -1 if that cannot be told (a
 * shorter ID some object starts with, an alternate object store, no
 * repository known).
 */
int cbp_in_repository(const char *hex)
{
	int in = repo_commondir ? cbp_object_in_store(repo_commondir, hex) : -1;

	return in == 1 && strlen(hex) < 12 ? -1 : in;
}

/**
 * cbp_absent_str() - what to say of a cited commit the index does not have
 * @hex: the ID as cited
 *
 * Saying "not in this repository" of a commit a pull request's ref has
 * would send the user fetching what they have (cbp_in_repository()).
 *
 * Return: "not in this repository", "in this repository, but no branch
 * or tag reaches it", or "on no branch or tag" when which cannot be told.
 */
const char *cbp_absent_str(const char *hex)
{
	switch (cbp_in_repository(hex)) {
	case 0:
		return "not in this repository";
	case 1:
		return "in this repository, but no branch or tag reaches it";
	default:
		return "on no branch or tag";
	}
}

/**
 * cbp_open_index() - open the index for a query, without git
 * @ctx: the context; ctx->idx is set on success
 *
 * Uses --index, or finds the repository's index the way git finds the
 * repository.  Building, updating or repairing the index needs git: that
 * is the builder's, in checkbackport-git.  So is an index the repository's
 * refs moved away from since it was last brought up to date: answered
 * from, it would answer for branches as they were, silently.
 *
 * Return: 0 with ctx->idx open; -1 if there is no valid index there,
 * CBP_REFUSED if git would refuse the repository (message recorded
 * either way); CBP_REFS_MOVED if the refs moved, the index left closed.
 */
int cbp_open_index(struct cbp_ctx *ctx)
{
	const struct cbp_options *opt = ctx->opt;
	char *path = NULL, *found = NULL, *slash;
	int err;

	/* The repository's, whose refs the index must be up to date with. */
	err = cbp_locate_index(opt->repo_path, &found);
	if (err < 0 && !opt->set.index_path)
		return CBP_REFUSED;
	if (err && !opt->set.index_path)
		return cbp_error("no repository found for the index");
	path = cbp_strdup(opt->set.index_path ? opt->set.index_path : found);
	err = cbp_index_open_existing(&ctx->idx, path);
	free(path);
	/* The index is in the common git directory, whose refs count. */
	slash = found ? strrchr(found, '/') : NULL;
	if (!err && slash) {
		*slash = '\0';
		cbp_set_repository(found);
		if (cbp_index_refs_moved(ctx->idx, found)) {
			cbp_index_close(ctx->idx);
			ctx->idx = NULL;
			err = CBP_REFS_MOVED;
		}
	}
	free(found);
	if (!err)
		cbp_sync_tracking(ctx);
	return err;
}

/**
 * cbp_sync_tracking() - take what the open index tracks as the settings
 * @ctx: the context, with ctx->idx open
 *
 * Settings given as options of index keep their values (the builder
 * used them); the others become what the index tracks.
 */
void cbp_sync_tracking(struct cbp_ctx *ctx)
{
	struct cbp_settings *set = &ctx->opt->set;
	int k;

	for (k = 0; k < CBP_TRACK_NR; k++)
		if (!(set->given & (1U << k)))
			set->track[k] = cbp_index_tracking(ctx->idx, k);
}

/**
 * cbp_gap_notes() - say, once a run, that the index lacks what its clone did
 * @ctx: the context, with ctx->idx open
 *
 * An index built from a shallow clone has no commit below the cut, and
 * one built from a partial clone never compared the files the clone did
 * not have: answers about them can be wrong, so every run that uses such
 * an index says so (cbp_note(): --quiet silences it).  So does one of a
 * repository with replace refs, which git follows and libgit2 does not,
 * and one of a repository with commits that could not be read.
 */
void cbp_gap_notes(struct cbp_ctx *ctx)
{
	static int said;
	int gaps;

	if (said || !ctx->idx)
		return;
	said = 1;
	gaps = cbp_index_gaps(ctx->idx);
	if (gaps & CBP_GAP_SHALLOW)
		cbp_note("warning: the index was built from a shallow clone: %s %s; %s",
			 "it has no commit below the cut, and answers about them",
			 "(first releases, mainline, the fixes a branch lacks) can be wrong",
			 "'git fetch --unshallow' fetches them, and the next 'checkbackport index' rebuilds it");
	if (gaps & CBP_GAP_PARTIAL)
		cbp_note("warning: the index was built from a partial clone: %s %s; %s",
			 "the files git had not fetched were not compared, so",
			 "a copy without a trailer can go unfound",
			 "a clone without --filter has them all");
	if (gaps & CBP_GAP_REPLACE)
		cbp_note("warning: the repository has replace refs (git replace): %s; %s",
			 "git shows other commits in the place of some, checkbackport the commits as written",
			 "where they differ, so do the answers and git log");
	if (gaps & CBP_GAP_DAMAGED)
		cbp_note("warning: the index was built from a repository with %s: %s; %s",
			 "commits git cannot read",
			 "what only they reach is not in it, and answers about it can be wrong",
			 "'git fsck' names them, and 'checkbackport index --rebuild' after repairing");
}

/*
 * The repository's answer for @name, an abbreviated ID the index gave
 * the commit at row @id for: 0 when it is that commit there too (or the
 * commit is only cited, which the repository lacks, or git cannot say),
 * else CBP_IS_AMBIGUOUS with a message recorded.
 */
static int unique_in_repository(struct cbp_ctx *ctx, const char *name,
				long long id)
{
	char hex[CBP_OID_HEXSZ + 1];
	struct cbp_commit c;
	int rc;

	rc = cbp_commit_get(ctx->idx, id, &c);
	if (rc == CBP_NOT_FOUND)
		return cbp_error("the index has no row %lld for %s", id, name);
	if (rc)
		return rc;
	if (c.state != CBP_PRESENT)
		return 0;
	rc = ctx->git->resolve(ctx, name, hex);
	if (rc == CBP_IS_AMBIGUOUS || (!rc && strcmp(hex, c.hex))) {
		cbp_error("short ID %s is ambiguous in the repository, not only %.12s",
			  name, c.hex);
		return CBP_IS_AMBIGUOUS;
	}
	return 0;
}

/**
 * cbp_resolve() - find the index row a user-supplied name stands for
 * @ctx: the context, with ctx->idx open
 * @name: an ID (full or abbreviated, possibly one only cited by other
 *	  commits) or any revision git understands (HEAD~2, v6.12, ...)
 * @id: the row id found
 * @cands: for an ambiguous ID, the candidate rows (free() them); may be NULL
 * @nr_cands: number of @cands
 *
 * IDs are looked up in the index (cbp_resolve_id()); anything else is
 * asked of git, when there is git to ask.  So is an abbreviated ID the
 * index has one commit for, when there is a repository to ask: it may
 * start other objects too (commits no tracked ref reaches, trees,
 * blobs), and is then ambiguous, as git says, not the commit the index
 * happens to know.  The front program hands shorter IDs than
 * CBP_HEX_FRONT to checkbackport-git for this (checkbackport.c).
 *
 * Return: 0 if found; CBP_NOT_FOUND or CBP_IS_AMBIGUOUS with a message
 * recorded; -1 on error.
 */
int cbp_resolve(struct cbp_ctx *ctx, const char *name, long long *id,
		struct cbp_commit **cands, size_t *nr_cands)
{
	char hex[CBP_OID_HEXSZ + 1];
	int rc;

	rc = cbp_resolve_id(ctx->idx, name, id, cands, nr_cands);
	if (!rc && ctx->git && ctx->repo && cbp_is_abbrev(name))
		return unique_in_repository(ctx, name, *id);
	if (rc != CBP_NOT_FOUND || !ctx->git)
		return rc;
	rc = ctx->git->resolve(ctx, name, hex);
	if (rc)
		return rc;
	rc = cbp_index_lookup_full(ctx->idx, hex, id);
	if (rc == CBP_NOT_FOUND)
		cbp_error("commit %.12s is not in the index (%s)", hex,
			  "run 'checkbackport index'; or no branch or tag reaches it");
	return rc;
}

/**
 * cbp_cite_str() - a commit in kernel citation form
 * @c: the commit
 * @buf: output buffer
 * @size: its size
 *
 * Present commits become 12-char-id ("subject"); cited-only IDs are
 * given as cited, without a subject.
 *
 * Return: @buf.
 */
const char *cbp_cite_str(const struct cbp_commit *c, char *buf, size_t size)
{
	if (c->state == CBP_PRESENT)
		snprintf(buf, size, "%.12s (\"%s\")", c->hex, c->subject);
	else
		snprintf(buf, size, "%.12s", c->hex);
	return buf;
}

/**
 * cbp_branches_str() - names of the branches in a containment bitmap
 * @idx: the index
 * @mask: bitmap from cbp_commit.branches
 * @buf: output buffer
 * @size: its size
 *
 * In cbp_index_branch_at() order: mainline, stable branches, others.
 *
 * Return: @buf, "-" if no tracked branch contains the commit.
 */
const char *cbp_branches_str(const struct cbp_index *idx,
			     unsigned long long mask, char *buf, size_t size)
{
	size_t len = 0;
	int i, bit;

	buf[0] = '\0';
	for (i = 0; (bit = cbp_index_branch_at(idx, i)) >= 0; i++) {
		if (!(mask & (1ULL << bit)))
			continue;
		len += snprintf(buf + len, len < size ? size - len : 0, "%s%s",
				len ? " " : "", cbp_index_branch(idx, bit)->name);
	}
	if (!buf[0])
		snprintf(buf, size, "-");
	return buf;
}

/**
 * cbp_state_str() - the state of an index row as a word
 * @state: enum cbp_state
 *
 * Return: "present", "missing" or "ambiguous".
 */
const char *cbp_state_str(int state)
{
	if (state == CBP_PRESENT)
		return "present";
	return state == CBP_AMBIGUOUS ? "ambiguous" : "missing";
}

/**
 * cbp_resolve_arg() - resolve a user-supplied commit name or explain why not
 * @ctx: the context, with ctx->idx open
 * @name: the name
 * @id: the row found
 *
 * An ambiguous short ID lists its candidates on stderr.
 *
 * Return: 0 if found, else CBP_EXIT_ERROR after printing one error.
 */
int cbp_resolve_arg(struct cbp_ctx *ctx, const char *name, long long *id)
{
	struct cbp_commit *cands;
	size_t nr, i;
	char buf[640];
	int rc;

	rc = cbp_resolve(ctx, name, id, &cands, &nr);
	if (!rc)
		return 0;
	cbp_fail();
	if (rc == CBP_IS_AMBIGUOUS && nr) {
		fprintf(stderr, "checkbackport: hint: the candidates are:\n");
		/* Cited IDs in full: their first 12 digits may be alike. */
		for (i = 0; i < nr; i++)
			fprintf(stderr, "checkbackport: hint:   %s\n",
				cands[i].state == CBP_PRESENT ?
				cbp_cite_str(&cands[i], buf, sizeof(buf)) :
				cands[i].hex);
	}
	free(cands);
	return CBP_EXIT_ERROR;
}

/**
 * cbp_commit_json() - a commit as a JSON object
 * @idx: the index (for branch names)
 * @c: the commit
 *
 * Return: a new object with id, abbrev, subject, state, first_release and
 * branches; in_repository too for a commit only cited (cbp_in_repository()).
 */
struct json_object *cbp_commit_json(const struct cbp_index *idx,
				    const struct cbp_commit *c)
{
	struct json_object *o = json_object_new_object();
	struct json_object *br = json_object_new_array();
	char abbrev[13];
	int i, bit;

	snprintf(abbrev, sizeof(abbrev), "%.12s", c->hex);
	json_object_object_add(o, "id", json_object_new_string(c->hex));
	json_object_object_add(o, "abbrev", json_object_new_string(abbrev));
	json_object_object_add(o, "state",
			       json_object_new_string(cbp_state_str(c->state)));
	json_object_object_add(o, "subject", c->state == CBP_PRESENT ?
			       json_object_new_string(c->subject) : NULL);
	if (c->state == CBP_MISSING) {
		int in = cbp_in_repository(c->hex);

		json_object_object_add(o, "in_repository", in < 0 ? NULL :
				       json_object_new_boolean(in));
	}
	json_object_object_add(o, "first_release", c->release[0] ?
			       json_object_new_string(c->release) : NULL);
	for (i = 0; (bit = cbp_index_branch_at(idx, i)) >= 0; i++) {
		const char *name = cbp_index_branch(idx, bit)->name;

		if (c->branches & (1ULL << bit))
			json_object_array_add(br, json_object_new_string(name));
	}
	json_object_object_add(o, "branches", br);
	return o;
}

/* "note: BRANCH has ID ("subject"), WHY", if row @id is a commit. */
static void print_branch_note(struct cbp_index *idx, const char *branch,
			      long long id, int indent, const char *why)
{
	struct cbp_commit c;
	char b[640];

	if (!id || cbp_commit_get(idx, id, &c))
		return;
	printf("%*snote: %s has %s, %s\n", indent, "", branch,
	       cbp_cite_str(&c, b, sizeof(b)), why);
}

/**
 * cbp_print_twin_note() - name a branch's commit of a missing commit's subject
 * @idx: the index
 * @branch: the branch's name
 * @twin: the commit's row (cbp_same_subject_in_branch()); 0 prints nothing
 * @indent: how many columns the note is indented by
 *
 * A fix applied by hand, with no trailer, may be that commit: it is named
 * for a reader to compare, never taken for the fix.
 */
void cbp_print_twin_note(struct cbp_index *idx, const char *branch,
			 long long twin, int indent)
{
	print_branch_note(idx, branch, twin, indent,
			  "of the same subject but with no trailer and another patch: it may be this one applied by hand; compare the two");
}

/**
 * cbp_print_citer_note() - name a branch's commit citing a missing commit
 * @idx: the index
 * @branch: the branch's name
 * @citer: the commit's row (cbp_cited_in_branch()); 0 prints nothing
 * @indent: how many columns the note is indented by
 *
 * Its citation was not followed (lint says why): it may carry the fix,
 * squashed with another or adapted; named for a reader to compare.
 */
void cbp_print_citer_note(struct cbp_index *idx, const char *branch,
			  long long citer, int indent)
{
	print_branch_note(idx, branch, citer, indent,
			  "which cites it as its origin, a citation not followed (see 'checkbackport lint'): it may carry this one, squashed or adapted; compare the two");
}

/**
 * cbp_json_print() - print a JSON document on stdout and free it
 * @obj: the document
 */
void cbp_json_print(struct json_object *obj)
{
	puts(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PRETTY |
					    JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(obj);
}

/**
 * cbp_json_print_line() - print a JSON document as one line and free it
 * @obj: the document
 *
 * For answers to several queries in one run, one line each (JSON Lines).
 */
void cbp_json_print_line(struct json_object *obj)
{
	puts(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN |
					    JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(obj);
}
