/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The internals of `check`: what the checks look at (struct check_facts,
 * gathered once per patch by check-facts.c), what the checks make their
 * findings with (check-emit.c), and the checks themselves, which the
 * table in check-table.c lists and runs.
 *
 * Adding a check is adding one entry to the table in check-table.c, next to
 * the entries of the same scope, with the function that inspects one
 * item of that scope and emits findings of its type through
 * check_emit(), and a test in tests/t2*.sh or t3*.sh that shows it firing and
 * staying quiet.  A check that needs a fact no other check uses may
 * compute it itself from run->chk (the index, the branches); one that
 * several checks share belongs in struct check_facts.
 */
#ifndef CHECKBACKPORT_CHECK_PRIV_H
#define CHECKBACKPORT_CHECK_PRIV_H

#include "check.h"

/* A mail or message we read cites at most this many IDs of each kind. */
#define CHECK_MAX_CITES	64

/**
 * struct check_names - a set of index rows, in the order they were added
 * @c: the rows
 * @nr: how many
 * @alloc: allocated entries
 * @adapted: for each row, whether it is a name of the change only as an
 *	     adapted backport (through an adapted link: see trust.h)
 */
struct check_names {
	struct cbp_commit *c;
	size_t nr;
	size_t alloc;
	unsigned char *adapted;
};

/**
 * struct check_upstream - one upstream line ("commit X upstream", ...)
 * @ct: the citation
 * @line: its line in the input
 * @rc: 0 if X resolved to an index row, else CBP_NOT_FOUND or
 *	CBP_IS_AMBIGUOUS (then only @why is set)
 * @why: why X did not resolve
 * @x: the row X resolved to (possibly only cited: see @x.state)
 * @x_in_mainline: whether mainline contains @x
 * @ml: the names of @x's change in mainline, first released first
 * @nr_ml: number of @ml
 * @ml_adapted: for each of @ml, whether it is adapted (see check_names)
 * @trust: the verdict on this line's link from the patch to @x; a
 *	   suspicious one brings no names (no @ml, nothing in facts->fix)
 */
struct check_upstream {
	struct cbp_cite ct;
	unsigned int line;
	int rc;
	char why[512];
	struct cbp_commit x;
	int x_in_mainline;
	struct cbp_commit *ml;
	size_t nr_ml;
	unsigned char *ml_adapted;
	struct cbp_trust_info trust;
};

/**
 * struct check_pick - one "(cherry picked from commit X)" or "(backported
 * from commit X)" trailer
 * @ct: the citation
 * @line: its line in the input
 * @rc: as in struct check_upstream
 * @why: why X did not resolve
 * @c: the row X resolved to
 * @trust: the verdict on the link from the patch to @c, as for upstream
 */
struct check_pick {
	struct cbp_cite ct;
	unsigned int line;
	int rc;
	char why[512];
	struct cbp_commit c;
	struct cbp_trust_info trust;
};

/**
 * struct check_fixes - one Fixes: trailer
 * @ct: the citation
 * @line: its line in the input
 * @rc: 0 if X is a commit of the repository, else CBP_NOT_FOUND or
 *	CBP_IS_AMBIGUOUS (then only @why is set)
 * @why: why not
 * @t: the commit X
 * @bug: every name of the bug (the class of @t)
 * @first: the name of the bug first released, or NULL
 * @first_ml: the name of the bug first released in mainline, or NULL
 * @in_stable: a name of the bug in the target branch, or NULL
 * @inverted: the fix was released before @t
 * @alias: when @inverted, the name of the bug that explains it if one
 *	   was released no later than the fix, else NULL
 */
struct check_fixes {
	struct cbp_cite ct;
	unsigned int line;
	int rc;
	char why[512];
	struct cbp_commit t;
	struct check_names bug;
	const struct cbp_commit *first;
	const struct cbp_commit *first_ml;
	const struct cbp_commit *in_stable;
	int inverted;
	const struct cbp_commit *alias;
};

/**
 * struct check_cc - one "Cc: stable@vger.kernel.org # 6.12+" line
 * @line: its line in the input
 * @text: the line
 * @ann: the annotation, pointing into @text
 * @major: the series it names, e.g. 6
 * @minor: e.g. 12
 */
struct check_cc {
	unsigned int line;
	char *text;
	const char *ann;
	int major;
	int minor;
};

/**
 * struct check_facts - what the checks know about one patch
 * @p: the patch
 * @truncated: more than CHECK_MAX_CITES citations of one kind
 * @self: for a commit of the repository, its index row; else NULL
 * @self_in_mainline: @self is in mainline (it then stands for itself
 *		      when it has no upstream line)
 * @self_in_stable: @self is in the target branch already: a mainline
 *		    commit it inherited, or one of its own applications
 * @up: the upstream lines
 * @nr_up: number of @up
 * @picks: the cherry-pick and backport trailers
 * @nr_picks: number of @picks
 * @fixes: the Fixes: trailers
 * @nr_fixes: number of @fixes
 * @cc: the Cc: stable lines with a version annotation
 * @nr_cc: number of @cc
 * @fix: every name of the fix: the classes of @self (when it stands for
 *	 itself), of the upstream commits and of the cherry-picked ones
 * @fix_first: the name of the fix first released (in mainline if any)
 * @bug_first: where the bugs first landed, by their first mainline name;
 *	       state -1 if no Fixes: target resolved
 * @pid: with --patch-id, the patch's patch-id, "" if none
 * @self_buf: storage for @self
 * @change: what the patch changes, for judging its citations; read when
 *	    first needed (@change_state 1, or -1 if it cannot be read)
 * @change_state: 0 not read yet, 1 paths, 2 paths and patch-id, -1 failed
 * @tree: with --tree, what became of the patch in the target tree
 *	  (check-tree.c); else NULL
 * @cmp: with --compare, the patch against the upstream commits it
 *	 names (check-compare.c); else NULL
 */
struct check_facts {
	struct cbp_patch *p;
	int truncated;
	const struct cbp_commit *self;
	int self_in_mainline;
	int self_in_stable;
	struct check_upstream *up;
	size_t nr_up;
	struct check_pick *picks;
	size_t nr_picks;
	struct check_fixes *fixes;
	size_t nr_fixes;
	struct check_cc *cc;
	size_t nr_cc;
	struct check_names fix;
	const struct cbp_commit *fix_first;
	struct cbp_commit bug_first;
	char pid[CBP_OID_HEXSZ + 1];
	struct cbp_commit self_buf;
	struct cbp_git_change change;
	int change_state;
	struct check_tree *tree;
	struct check_compare *cmp;
};

/* What a check inspects, one at a time. */
enum check_scope {
	CHECK_MAIL,		/* the mail as read; the only scope of a malformed one */
	CHECK_PATCH,		/* the patch as a whole */
	CHECK_UPSTREAM,		/* each of facts->up */
	CHECK_PICK,		/* each of facts->picks */
	CHECK_FIXES,		/* each of facts->fixes */
	CHECK_CC_STABLE,	/* each of facts->cc */
	CHECK_TREE,		/* facts->tree, with --tree; needs no index */
	CHECK_COMPARE,		/* facts->cmp, with --compare */
};

struct check_run;

/**
 * struct check_type - one finding type, and the check that makes it
 * @name: the type as printed; never renamed, as scripts match on it
 * @level: enum cbp_level
 * @scope: what @fn inspects one at a time
 * @fn: inspect item @i of @scope of the patch of @run, emit findings of
 *	this type with check_emit(); 0, or -1 on an error (recorded)
 */
struct check_type {
	const char *name;
	int level;
	enum check_scope scope;
	int (*fn)(struct check_run *run, size_t i);
};

/**
 * struct check_run - a check at work on one patch
 * @chk: the target branches and the index
 * @fx: the facts about the patch
 * @r: the report the findings go to
 * @type: the check running
 */
struct check_run {
	struct checker *chk;
	const struct check_facts *fx;
	struct cbp_report *r;
	const struct check_type *type;
};

__printf(3, 4)
struct cbp_finding *check_emit(struct check_run *run, unsigned int line,
			       const char *fmt, ...);

/* check-emit.c */
char *check_msg_line(const struct cbp_patch *p, unsigned int line);
char *check_replace_in(const char *line, const char *from, const char *to);

/* check.c: the patch's own words (its upstream line, trailers, Fixes:, Cc:) */
int check_malformed_patch(struct check_run *run, size_t i);
int check_too_many_citations(struct check_run *run, size_t i);
int check_upstream_missing(struct check_run *run, size_t i);
int check_upstream_unknown(struct check_run *run, size_t i);
int check_upstream_not_mainline(struct check_run *run, size_t i);
int check_upstream_not_in_mainline(struct check_run *run, size_t i);
int check_upstream_duplicate(struct check_run *run, size_t i);
int check_upstream_subject_mismatch(struct check_run *run, size_t i);
int check_cherry_pick_unknown(struct check_run *run, size_t i);
int check_already_applied(struct check_run *run, size_t i);
int check_cited_suspicious(struct check_run *run, size_t i);
int check_already_applied_patch_id(struct check_run *run, size_t i);
int check_fixes_unknown(struct check_run *run, size_t i);
int check_fixes_subject_mismatch(struct check_run *run, size_t i);
int check_fixes_not_in_stable(struct check_run *run, size_t i);
int check_fixes_alias(struct check_run *run, size_t i);
int check_fixes_precedes_bug(struct check_run *run, size_t i);
int check_cc_stable_excludes_target(struct check_run *run, size_t i);
int check_cc_stable_version(struct check_run *run, size_t i);

/* check-facts.c */
int check_found_link(struct checker *chk, const struct cbp_commit *c);
int check_patch_id(struct checker *chk, const struct cbp_patch *p, char *pid);
int check_stable_bit(struct checker *chk);
int check_facts_load(struct checker *chk, struct cbp_patch *p,
		     struct check_facts *fx);
void check_facts_release(struct check_facts *fx);
int check_in_mainline(struct checker *chk, const struct cbp_commit *c);
int check_in_stable(struct checker *chk, const struct cbp_commit *c);
unsigned int check_src_line(const struct cbp_patch *p, unsigned int line);
int check_names_adapted(const struct check_names *n,
			const struct cbp_commit *c);

/* check-trust.c */
int check_judge(struct checker *chk, struct check_facts *fx,
		const struct cbp_commit *x, struct cbp_trust_info *ti);
int check_trailer_suspicious(struct check_run *run, size_t i);
int check_trailer_malformed(struct check_run *run, size_t i);

/* check-tree.c: --tree, the patch applied and built in the target tree */
int check_tree_load(struct checker *chk, struct check_facts *fx);
void check_tree_release(struct check_facts *fx);
void check_tree_report(const struct check_facts *fx, struct cbp_report *r);
int check_apply_failed(struct check_run *run, size_t i);
int check_applies_in_reverse(struct check_run *run, size_t i);
int check_apply_offset(struct check_run *run, size_t i);
int check_build_failed(struct check_run *run, size_t i);
int check_new_warning(struct check_run *run, size_t i);
int check_build_skipped(struct check_run *run, size_t i);

/* check-compare.c: --compare, the patch against upstream's commits */
int check_compare_load(struct checker *chk, struct check_facts *fx);
void check_compare_release(struct check_facts *fx);
void check_compare_report(const struct check_facts *fx,
			  struct cbp_report *r);
int check_backport_extra(struct check_run *run, size_t i);
int check_backport_dropped(struct check_run *run, size_t i);
int check_backport_squash(struct check_run *run, size_t i);
int check_contains(struct checker *chk, const struct cbp_commit *outer,
		   const struct cbp_commit *inner);

#endif /* CHECKBACKPORT_CHECK_PRIV_H */
