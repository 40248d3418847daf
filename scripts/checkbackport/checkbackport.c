// SPDX-License-Identifier: GPL-2.0
/*
 * checkbackport - every name of a commit across the trees of a repository
 *
 * Entry point of both programs: option parsing, the subcommand table, the
 * one decision of whether a run needs git, and the manual page.  See
 * Documentation/checkbackport.rst.
 *
 * This file is compiled twice.  Built with CBP_FRONT it is the main() of
 * ./checkbackport, linked with the store layer and the queries only: it
 * has no implementation of the commands that always need git and no
 * cbp_git_ops, so whatever needs git is handed to ./checkbackport-git by
 * run() below, never reached by accident.
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "program.h"
#include "store/store-edges.h"
#include "base/output.h"

#define CBP_VERSION	"1.0"

/*
 * The front program has no implementation of what needs git: with
 * CBP_HAVE_GIT 0 the entries and cbp_git_ops below fold to NULL at
 * compile time, so they are never linked, and run() hands over instead.
 */
#ifdef CBP_FRONT
#define CBP_HAVE_GIT	0
#else
#define CBP_HAVE_GIT	1
#endif

/* The options each command takes are declared in options.c. */
static const struct cbp_command commands[] = {
	{ "index", CBP_HAVE_GIT ? cmd_index : NULL, CBP_GIT_ALWAYS, 0, 0,
	  cbp_index_options, "" },
	{ "names", cmd_names, CBP_GIT_QUERY, 1, 1, cbp_names_options,
	  "(ID | --stdin)" },
	{ "fixes", cmd_fixes, CBP_GIT_QUERY, 1, 1, cbp_fixes_options, "ID" },
	{ "check", CBP_HAVE_GIT ? cmd_check : NULL, CBP_GIT_ALWAYS, 1, -1,
	  cbp_check_options, "PATCH|ID|-..." },
	{ "lint", CBP_HAVE_GIT ? cmd_lint : NULL, CBP_GIT_ALWAYS, 0, 1,
	  cbp_lint_options, "[REV-RANGE]" },
	{ "followups", cmd_followups, CBP_GIT_QUERY, 1, 1,
	  cbp_followups_options, "ID" },
	{ "missing", cmd_missing, CBP_GIT_QUERY_PATHS, 0, -1,
	  cbp_missing_options, "[-- PATHSPEC...]" },
};

/* The manual, around its SYNOPSIS, which print_manual() makes. */
static const char manual_name[] =
"NAME\n"
"       checkbackport - every name of a commit across the trees of a repository\n"
"\n"
"SYNOPSIS\n";

/* After the SYNOPSIS. */
static const char manual[] =
"\n"
"DESCRIPTION\n"
"       A change that is cherry-picked between trees gets a new commit ID\n"
"       each time.  checkbackport keeps an index of every commit reachable\n"
"       from the repository's branches and tags (not from pull request or\n"
"       CI refs) and of the IDs each message cites, and answers which IDs\n"
"       are the same change, where each landed, and why they are linked.\n"
"\n"
"       Citations that make two commits names of one change:\n"
"           (cherry picked from commit X)    anywhere, any number\n"
"           commit X upstream.\n"
"           [ Upstream commit X ]\n"
"           Upstream commit X\n"
"           (backported from commit X)\n"
"           master commit: X                 (Xen's stable branches)\n"
"           Upstream-commit: X, Backport-of: X\n"
"           Backport X from #N               (a backport robot's line)\n"
"       Citations recorded but not joining names:\n"
"           Fixes: X (\"subject\")\n"
"           Stable-dep-of: X (\"subject\")\n"
"           This reverts commit X.          (with Revert \"subject\")\n"
"       X may be abbreviated (7 to 40 hex digits); it is expanded when it\n"
"       names exactly one commit and kept as written otherwise.\n"
"\n"
"       A citation between two commits is consistent (same subject once\n"
"       [PATCH ...], BACKPORT:-style tags, a pasted \"(cherry picked from\n"
"       ...)\", blanks and case are set aside, or same git patch-id\n"
"       --stable), adapted (neither, but a file in common) or suspicious\n"
"       (no file in common).  Names follow consistent and adapted ones,\n"
"       never a suspicious one.\n"
"\n"
"COMMANDS\n"
"       index\n"
"           Build the index, or update it with the commits and tags added\n"
"           since the last run (reading only those).  Reports how many\n"
"           commits were read.  An index of another schema version or a\n"
"           damaged one is rebuilt with a message; a file at the index\n"
"           path that is not an index is an error, and left as it is.\n"
"           Commits no ref reaches any more leave the index.  -v also\n"
"           lists what the index tracks and the tags that look like\n"
"           releases but are not; --verify checks the index file for\n"
"           damage instead (exit 1 if damaged) and changes nothing.\n"
"\n"
"       names ID\n"
"           Print every name of the change ID belongs to as a tree rooted\n"
"           at the original, each once, under a name it cites or that\n"
"           cites it, each as 12-char-id (\"subject\") with its\n"
"           first release, the tracked branches containing it and the\n"
"           citations linking it.  IDs cited but absent from the repository\n"
"           are listed as missing.  Says which name reached mainline first\n"
"           and warns when the change is in mainline more than once.\n"
"           Commits sharing only a subject are never joined; --patch-id\n"
"           lists commits with the same `git patch-id --stable` separately,\n"
"           as weaker evidence.  --stdin answers for each ID read from\n"
"           standard input, one per line, in one run (--json: a document\n"
"           per line); an ID that names nothing gets its error and the\n"
"           rest are answered.\n"
"\n"
"       fixes ID\n"
"           Resolve each Fixes: target of ID (or of any other name of ID)\n"
"           to its class and report, per tracked branch, the first release\n"
"           of that branch containing a name of the bug and of the fix.\n"
"           When the fix was\n"
"           released before the commit it cites, names the alias of the\n"
"           bug that explains it.\n"
"\n"
"       check PATCH|ID|-...\n"
"           Check backports before they go to stable: format-patch files,\n"
"           mailboxes holding several, - for standard input, or commits of\n"
"           the repository.  Reports findings (error, warning, info) about\n"
"           the upstream line, cherry-pick trailers, Fixes: targets, whether\n"
"           the fix is already in the --stable branch, and the Cc: stable\n"
"           annotation; --terse gives one line per finding.  Exit 1 on any\n"
"           error finding.  A commit the branch already has is checked as\n"
"           the backport it is, not as its own earlier application.  See\n"
"           Documentation/checkbackport-check.rst.\n"
"\n"
"           --tree DIR applies the patches, in order, to a scratch copy of\n"
"           the kernel tree DIR (unpacked or a git worktree; never written)\n"
"           and builds the objects they touch for x86_64 before and after\n"
"           each, with W=1 and sparse, in the distribution's configuration\n"
"           for DIR's version (or --config FILE) plus what their kbuild\n"
"           guards need; --no-build only applies.  Without a repository,\n"
"           --tree checks only that.  --compare compares each patch's\n"
"           hunks with those of the upstream commits it names (and for a\n"
"           squash says which commit each hunk came from); --interdiff\n"
"           also prints the hunks that differ.  --tree implies --compare.\n"
"\n"
"       lint [REV-RANGE]\n"
"           List, one per line, every suspicious citation, every malformed\n"
"           one (an ID of more than 40 digits, or an ID naming nothing but\n"
"           one typo from a commit with the expected subject, with the\n"
"           ID to write) and, as information, every adapted one, of the\n"
"           commits of REV-RANGE (A..B, or a revision; by default every\n"
"           commit indexed).  Exit 1 on any suspicious or malformed one.\n"
"\n"
"       followups ID\n"
"           Every commit that refers to any name of the change after it:\n"
"           its fixes (and theirs, to any depth), its reverts and\n"
"           re-applications, and the commits declaring it a Stable-dep-of,\n"
"           in mainline order, each with its first mainline release.  With\n"
"           --stable BRANCH, whether a name of each is in that branch; exit\n"
"           1 if one the branch needs is missing.\n"
"\n"
"       missing [-- PATHSPEC...]\n"
"           For the --stable branch: every mainline commit whose Fixes:\n"
"           names (by any name) a change the branch has while no name of\n"
"           the fix is in it, and every change the branch has that\n"
"           mainline reverted, in the order to apply them, each with the\n"
"           change it is for and the name the branch has it under.\n"
"           --since REV keeps what mainline got after REV; a pathspec\n"
"           keeps what touches those paths.  Exit 1 if anything is missing.\n"
"\n"
"       ID is a full or abbreviated commit ID (also one only cited by\n"
"       other commits), or any revision git understands.  An abbreviated\n"
"       ID that other objects of the repository start with too is\n"
"       ambiguous, as for git.\n"
"\n"
"OPTIONS\n"
"       -C, --repo=DIR       repository to use (default: discovered from .)\n"
"       --index=FILE         index file (default: $GIT_DIR/checkbackport.db)\n"
"       --mainline=BRANCH    index: mainline branch (default: master);\n"
"                            check: the mainline to check against\n"
"       --stable=GLOBS       index: stable branches (default: \"linux-*.y\");\n"
"                            check, followups, missing: the one branch to\n"
"                            answer for\n"
"       --branches=GLOBS     index: other branches to track (default: none)\n"
"       --tags=GLOBS         index: release tags (default: \"v*\")\n"
"       --release-pattern=ERE\n"
"                            index: which of them are releases, and where\n"
"                            the version is: its first (group), 1 to 4\n"
"                            numbers and an optional -rcN, -rc.N, -beta.N\n"
"                            or -alpha.N (default: the kernel's, v6.12-rc7,\n"
"                            v6.12, v6.12.1, and v3.19.0-rc.1 shapes)\n"
"       --since=REV          missing: only what mainline got after REV\n"
"       --json               machine-readable output\n"
"       --terse              check, missing: one line per finding\n"
"       --patch-id           names: add patch-id matches; check: look\n"
"                            for the patch by its patch-id too\n"
"       --stdin              names: answer for each ID read from standard\n"
"                            input, one per line (--json: one line each)\n"
"       --tree=DIR           check: apply and build in the kernel tree DIR\n"
"       --config=FILE        check --tree: kernel configuration to start from\n"
"       --no-build           check --tree: apply only\n"
"       --compare            check: compare with the upstream commits named\n"
"       --interdiff          check: --compare, printing the hunks that differ\n"
"       --update             update the index before answering, even when\n"
"                            no ref moved since the last update\n"
"       --rebuild            discard the index and build it again\n"
"       --verify             index: check the index file for damage\n"
"       -v, --verbose        index: list what it tracks and leaves out\n"
"       -q, --quiet          no progress or notes on stderr\n"
"       -h, --help           this page\n"
"       --version            print the version\n"
"       --                   end of options: what follows are operands\n"
"\n"
"       Branch names are short ref names of local or remote-tracking\n"
"       branches (\"master\", \"origin/linux-6.12.y\"); GLOBS are blank- or\n"
"       comma-separated fnmatch(3) patterns.  Release tags must also match\n"
"       the release pattern; versions are ordered v6.12-rc7 < v6.12 <\n"
"       v6.12.1 < v6.13-rc1, and \"v255\" is v255.0 under a pattern that\n"
"       takes one number (e.g. 'v([0-9]+(\\.[0-9]+)*(-rc[0-9]+)?)').\n"
"\n"
"WHAT THE INDEX TRACKS\n"
"       The history of branches, remote-tracking branches and tags (not\n"
"       pull-request, CI, notes or stash refs), and containment in the\n"
"       mainline, stable and other branches the settings name.  The index\n"
"       remembers its settings; only an option given to index, or a change\n"
"       of git config since the index last saw it, changes them, whichever\n"
"       came last, with a note.  Queries never do.\n"
"\n"
"CONFIGURATION\n"
"       checkbackport.mainline, checkbackport.stable, checkbackport.branches,\n"
"       checkbackport.tags and checkbackport.releasePattern set what the\n"
"       index tracks, as the options of index of the same names do.  A repository owned by another user\n"
"       is used only as git would (safe.directory).\n"
"\n"
"EXIT STATUS\n"
"       0   success, nothing to report\n"
"       1   findings: names: the change is in mainline more than once;\n"
"           fixes: a Fixes: target has no name in this repository, or the\n"
"           fix was released before every name of its bug; check: an\n"
"           error finding; lint: a suspicious or malformed citation;\n"
"           followups, missing: the branch lacks something it needs;\n"
"           index --verify: the index is damaged\n"
"       2   usage error, repository or index error, unknown or ambiguous ID\n"
"\n"
"FILES\n"
"       $GIT_DIR/checkbackport.db       the index (SQLite)\n"
"       $GIT_DIR/checkbackport.db.lock  serialises index updates\n"
"       ~/.cache/drm-fixport/checkbackport  check --tree: scratch copies of\n"
"                                       trees and their build directories\n"
"                                       ($CHECKBACKPORT_CACHE overrides)\n"
"\n"
"EXAMPLES\n"
"       checkbackport index\n"
"       checkbackport names 55039832f98c\n"
"       checkbackport fixes --json a6dd15981c03\n"
"       checkbackport lint v6.12..linux-6.12.y\n"
"       checkbackport followups --stable linux-6.12.y 55039832f98c\n"
"       checkbackport missing --stable linux-6.12.y -- drivers/gpu/drm\n";

/* The manual page, the synopsis made from the command table. */
static void print_manual(void)
{
	char syn[1024];
	size_t i;

	fputs(manual_name, stdout);
	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		cbp_synopsis(&commands[i], 79, "       ", syn, sizeof(syn));
		fputs(syn, stdout);
	}
	fputs("       checkbackport --help | --version\n", stdout);
	fputs(manual, stdout);
}

static void usage_error(const char *msg)
{
	fprintf(stderr, "checkbackport: usage error: %s\n", msg);
	fputs("Try 'checkbackport --help'.\n", stderr);
}

/* Why a short ID goes to checkbackport-git (see CBP_HEX_FRONT). */
static const char short_id[] = "a short ID may start other objects of the repository";

/* Is @name an abbreviated ID too short for the front to answer alone? */
static int too_short(const char *name)
{
	size_t n = cbp_is_abbrev(name);

	return n && n < CBP_HEX_FRONT;
}

/*
 * Why this run needs git, or NULL when the index alone answers it: the
 * one place that decides.  A query needs git to build, update or repair
 * the index, to compare diffs, and for an operand that is not an ID the
 * index knows (a revision such as HEAD~2 or v6.12, or a commit that is
 * not indexed).  For a query, the index is left open in ctx->idx.  A
 * repository git would refuse (safe.directory) sets *@refused instead.
 */
static const char *needs_git(const struct cbp_command *cmd,
			     struct cbp_ctx *ctx, int *refused)
{
	const struct cbp_options *opt = ctx->opt;
	long long id;
	int i, rc;

	if (cmd->git == CBP_GIT_ALWAYS)
		return "the command reads the repository";
	if (opt->update || opt->rebuild)
		return "--update and --rebuild read the repository";
	if (opt->patch_id)
		return "--patch-id compares diffs";
	if (opt->stdin_ids)
		return "--stdin may name revisions, and is read once";
	rc = cbp_open_index(ctx);
	*refused = rc == CBP_REFUSED;
	if (rc == CBP_REFS_MOVED)
		return "the repository's refs moved since the index was updated";
	if (rc)
		return "there is no valid index to answer from";
	if (cmd->git == CBP_GIT_QUERY_PATHS && opt->argc)
		return "a pathspec is matched against the commits' trees";
	for (i = 0; cmd->git == CBP_GIT_QUERY && i < opt->argc; i++) {
		if (too_short(opt->argv[i]))
			return short_id;
		if (cbp_resolve_id(ctx->idx, opt->argv[i], &id, NULL,
				   NULL) == CBP_NOT_FOUND)
			return "an operand is not an ID the index knows";
	}
	if (opt->since && cbp_find_tag(ctx->idx, opt->since, &id)) {
		if (too_short(opt->since))
			return short_id;
		if (cbp_resolve_id(ctx->idx, opt->since, &id, NULL,
				   NULL) == CBP_NOT_FOUND)
			return "--since names a revision the index does not know";
	}
	return NULL;
}

/* Run one subcommand, in checkbackport-git if it needs git. */
static int run(const struct cbp_command *cmd, struct cbp_ctx *ctx,
	       char **argv)
{
	int refused = 0;
	const char *why = needs_git(cmd, ctx, &refused);

	if (refused)
		return cbp_fail();
	if (why) {
		if (!ctx->git)
			cbp_exec_full(argv, why);
		if (ctx->git->setup(ctx, cmd))
			return cbp_fail();
	}
	/* The index the dispatcher or setup opened, if any. */
	cbp_gap_notes(ctx);
	return cmd->fn(ctx);
}

/**
 * main() - parse options and run one subcommand
 * @argc: argument count
 * @argv: arguments
 *
 * Return: CBP_EXIT_OK, CBP_EXIT_FINDINGS or CBP_EXIT_ERROR.
 */
int main(int argc, char **argv)
{
	struct cbp_options opt;
	struct cbp_ctx ctx = {
		.opt = &opt,
		.git = CBP_HAVE_GIT ? &cbp_git_ops : NULL,
	};
	const struct cbp_command *cmd;
	size_t k;
	int ret;

	/*
	 * Buffers of a few hundred KiB to a few MiB come and go by the
	 * thousand (the versions of a file read to compare two changes,
	 * each step of a delta chain).  glibc maps each one over 128 KiB
	 * afresh and hands freed memory back from the threads' arenas, so
	 * every use faults its pages in again: over 300,000 faults in a
	 * cold build of glibc's own history, half its time.  Kept in the
	 * heap below 32 MiB, and given back only beyond 256 MiB free:
	 * 30,000 faults, twice as fast, 7 % more memory at the peak.
	 * Both are set, as setting one stops glibc adjusting the other.
	 */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
	/* Names from repositories and mails reach the terminal: filter. */
	cbp_output_init();
	cbp_front_args(argv);
	switch (cbp_parse_args(argc, argv, commands, ARRAY_SIZE(commands),
			       &opt, &cmd)) {
	case CBP_ARGS_HELP:
		print_manual();
		return CBP_EXIT_OK;
	case CBP_ARGS_VERSION:
		printf("checkbackport %s (libgit2 %s, SQLite %s)\n", CBP_VERSION,
		       CBP_LIBGIT2_VERSION, cbp_store_sqlite_version());
		return CBP_EXIT_OK;
	case CBP_ARGS_USAGE:
		usage_error(cbp_errmsg());
		return CBP_EXIT_ERROR;
	default:
		break;
	}
	cbp_set_quiet(opt.quiet);
	cbp_output_json(opt.json);
	ret = run(cmd, &ctx, argv);
	cbp_index_close(ctx.idx);
	if (ctx.git)
		ctx.git->release(&ctx);
	for (k = 0; k < ARRAY_SIZE(ctx.owned); k++)
		free(ctx.owned[k]);
	cbp_set_repository(NULL);
	free(opt.argv);
	return ret;
}
