// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of git-change.c and patch-id.c (cmocka, TAP output): the
 * one patch-id (of a commit, from libgit2's diff; of a mail, from its
 * text) must be `git patch-id --stable` of what `git log -p` prints, the
 * "similarity index" lines of renames left out (patch-id.c says why),
 * and the file set what `git diff-tree --no-renames` names.  The
 * expected values come from git itself, run on a repository the test
 * builds with plain git.
 */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "git/git-priv.h"
#include "base/trailer.h"

static char dir[64];
static struct cbp_repo *repo;

/*
 * What git says of each commit of the test repository, asked once for
 * all of them: a process costs milliseconds, and this test once started
 * over 300.
 */
struct gits {
	char oid[CBP_OID_HEXSZ + 1];
	char subject[64];
	char pid[CBP_OID_HEXSZ + 1];	/* "" when git patch-id gives none */
	char *paths;			/* its file set, a line each, sorted */
	char *mail;			/* its diff as a mail carries it */
};

static struct gits gits[32];
static size_t nr_gits;

/* The whole output of a shell command run in the repository. */
static char *slurp(const char *cmd)
{
	size_t n = 0, got, alloc = 8192;
	char *full, *out = malloc(alloc);
	FILE *f;

	assert_non_null(out);
	full = malloc(strlen(dir) + strlen(cmd) + 16);
	assert_non_null(full);
	sprintf(full, "cd '%s' && %s", dir, cmd);
	f = popen(full, "r");
	assert_non_null(f);
	for (;;) {
		if (alloc - n < 4096) {
			alloc *= 2;
			out = realloc(out, alloc);
			assert_non_null(out);
		}
		got = fread(out + n, 1, alloc - n - 1, f);
		if (!got)
			break;
		n += got;
	}
	out[n] = '\0';
	if (pclose(f))
		fail_msg("failed: %s", cmd);
	free(full);
	return out;
}

static struct gits *gits_of_oid(const char *oid, size_t len)
{
	size_t i;

	for (i = 0; i < nr_gits; i++)
		if (len == CBP_OID_HEXSZ && !strncmp(gits[i].oid, oid, len))
			return &gits[i];
	return NULL;
}

/* The commit with @subject: the repository has one of each. */
static struct gits *gits_of(const char *subject)
{
	size_t i;

	for (i = 0; i < nr_gits; i++)
		if (!strcmp(gits[i].subject, subject))
			return &gits[i];
	fail_msg("no commit \"%s\"", subject);
	return NULL;
}

/* The test repository, one commit (or so) per step; subjects name them. */
static const char *const setup_steps[] = {
	"git init -q -b master .",
	"printf 'a\\nb\\nc\\nd\\ne\\nf\\ng\\nh\\ni\\nj\\nk\\n' >x.c",
	"printf 'line\\n' >y.c && git add . && git commit -qm root",
	"sed -i 's/^b$/B/; s/^j$/J/' x.c && git commit -qam 'two hunks'",
	"mkdir dir && printf 'new\\n' >dir/z.c",
	"git add dir && git commit -qm 'add a file'",
	"git rm -q y.c && git commit -qm 'delete a file'",
	"chmod +x x.c && git commit -qam 'mode change'",
	"printf 'tail' >>x.c && git commit -qam 'no newline at end'",
	"printf 'x\\r\\ny\\r\\n' >crlf.c && git add crlf.c && git commit -qm crlf",
	"printf 'q\\n' >>crlf.c && printf 'r\\n' >>dir/z.c",
	"git commit -qam 'two files'",
	"git mv dir/z.c dir/w.c && git commit -qm 'pure rename'",
	"git mv crlf.c crlf2.c && printf 's\\n' >>crlf2.c && git add crlf2.c",
	"git commit -qm 'rename with a change'",
	"head -c 256 /dev/zero | tr '\\0' '\\1' >bin.dat && git add bin.dat",
	"git commit -qm binary",
	"printf 'x\\0y' >nul.dat && git add nul.dat",
	"git commit -qm 'binary with NUL'",
	"printf 'x\\0z' >nul.dat && git commit -qam 'binary change'",
	"git commit -q --allow-empty -m empty",
	"git checkout -q -b side HEAD~5 && printf 'side\\n' >side.c",
	"git add side.c && git commit -qm side && git checkout -q master",
	"git merge -q --no-ff -m merge side",
};

static const char git_pids[] =
	"git log --all -p --format='commit %H' | sed /^similarity/d | git patch-id --stable";
static const char git_file_sets[] =
	"git rev-list --all | git diff-tree --root -r --name-only --no-renames --stdin";

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The next line of the text at *@p, its newline cut; NULL at the end. */
static char *next_line(char **p)
{
	char *line = *p, *nl;

	if (!*line)
		return NULL;
	nl = strchr(line, '\n');
	assert_non_null(nl);
	*nl = '\0';
	*p = nl + 1;
	return line;
}

/* @g's file set: the @n paths of @list, sorted, each once. */
static void set_paths(struct gits *g, char **list, size_t n)
{
	size_t i, len = 1;

	qsort(list, n, sizeof(*list), by_string);
	for (i = 0; i < n; i++)
		len += strlen(list[i]) + 1;
	g->paths = calloc(1, len);
	assert_non_null(g->paths);
	for (i = 0; i < n; i++) {
		if (i && !strcmp(list[i], list[i - 1]))
			continue;
		if (*g->paths)
			strcat(g->paths, "\n");
		strcat(g->paths, list[i]);
	}
}

/*
 * The file sets, as `git diff-tree --root -r --name-only --no-renames`
 * names them: each commit's ID, then its paths (merges: nothing).
 */
static void read_paths(char *out)
{
	char *line, *list[64];
	struct gits *g = NULL, *next;
	size_t n = 0;

	while ((line = next_line(&out))) {
		next = gits_of_oid(line, strlen(line));
		if (!next) {
			if (!*line)
				continue;
			assert_true(g && n < ARRAY_SIZE(list));
			list[n++] = line;
			continue;
		}
		if (g)
			set_paths(g, list, n);
		g = next;
		n = 0;
	}
	if (g)
		set_paths(g, list, n);
}

/* The newline before a mail's signature line, "-- ". */
static const char *signature(const char *p)
{
	while ((p = strstr(p, "\n--"))) {
		if (p[3] == ' ' && p[4] == '\n')
			return p;
		p++;
	}
	return NULL;
}

/*
 * The diffs of `git format-patch --stdout`, each as a mail carries it:
 * from its first "diff --git" to the signature ("-- "), one newline at
 * the end.
 */
static void read_mails(const char *out)
{
	static const char from[] = "From ";
	const char *p = out, *end, *d, *sig;
	struct gits *g;
	size_t len;

	while ((p = strstr(p, from))) {
		if (p != out && p[-1] != '\n') {
			p++;
			continue;
		}
		g = gits_of_oid(p + strlen(from), CBP_OID_HEXSZ);
		end = strstr(p + 1, "\nFrom ");
		p += strlen(from);
		if (!g)
			continue;
		d = strstr(p, "\ndiff --git");
		sig = d ? signature(d) : NULL;
		assert_true(d && sig && (!end || sig < end));
		d++;
		len = (size_t)(sig - d);
		while (len && d[len - 1] == '\n')
			len--;
		g->mail = malloc(len + 2);
		assert_non_null(g->mail);
		memcpy(g->mail, d, len);
		g->mail[len] = '\n';
		g->mail[len + 1] = '\0';
	}
}

static int setup(void **state)
{
	char *cmd, *out, *p, *line;
	size_t i, len = 1;
	struct gits *g;

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/cbp-unit-change.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	/* No user or system config: the same repository everywhere. */
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("HOME", dir, 1);
	setenv("GIT_AUTHOR_NAME", "A", 1);
	setenv("GIT_AUTHOR_EMAIL", "a@example.com", 1);
	setenv("GIT_COMMITTER_NAME", "C", 1);
	setenv("GIT_COMMITTER_EMAIL", "c@example.com", 1);
	/*
	 * Nor a "git maintenance run --auto" after each commit, some
	 * forty processes, each a no-op with so few loose objects (as
	 * the shell tests' config has it too).
	 */
	setenv("GIT_CONFIG_COUNT", "1", 1);
	setenv("GIT_CONFIG_KEY_0", "maintenance.auto", 1);
	setenv("GIT_CONFIG_VALUE_0", "false", 1);
	for (i = 0; i < ARRAY_SIZE(setup_steps); i++)
		len += strlen(setup_steps[i]) + 5;
	cmd = calloc(1, len);
	assert_non_null(cmd);
	for (i = 0; i < ARRAY_SIZE(setup_steps); i++) {
		if (i)
			strcat(cmd, " &&\n");
		strcat(cmd, setup_steps[i]);
	}
	free(slurp(cmd));
	free(cmd);

	out = slurp("git log --all --format='%H %s'");
	for (p = out; (line = next_line(&p)); ) {
		assert_true(nr_gits < ARRAY_SIZE(gits));
		assert_true(strlen(line) > CBP_OID_HEXSZ + 1);
		g = &gits[nr_gits++];
		snprintf(g->oid, sizeof(g->oid), "%s", line);
		snprintf(g->subject, sizeof(g->subject), "%s",
			 line + CBP_OID_HEXSZ + 1);
	}
	free(out);

	/*
	 * git's patch-ids, without the similarity of a rename, which
	 * depends on the program finding it: "PID COMMIT" for each
	 * commit with a diff (none for an empty commit or a merge).
	 */
	out = slurp(git_pids);
	for (p = out; (line = next_line(&p)); ) {
		assert_int_equal(strlen(line), 2 * CBP_OID_HEXSZ + 1);
		g = gits_of_oid(line + CBP_OID_HEXSZ + 1, CBP_OID_HEXSZ);
		assert_non_null(g);
		snprintf(g->pid, sizeof(g->pid), "%.*s", CBP_OID_HEXSZ, line);
	}
	free(out);

	out = slurp(git_file_sets);
	read_paths(out);
	free(out);

	out = slurp("git format-patch --stdout --root master");
	read_mails(out);
	free(out);
	return cbp_git_open(&repo, dir);
}

static int teardown(void **state)
{
	char cmd[256];
	size_t i;

	(void)state;
	for (i = 0; i < nr_gits; i++) {
		free(gits[i].paths);
		free(gits[i].mail);
	}
	cbp_git_close(repo);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd);
}

static void change_of(const char *subject, int want_pid,
		      struct cbp_git_change *ch)
{
	struct cbp_oid oid;

	assert_int_equal(cbp_oid_fromhex(&oid, gits_of(subject)->oid), 0);
	assert_int_equal(cbp_git_change_of(repo, &oid, want_pid, ch), 0);
}

/* git's patch-id of the commit with @subject, "" if it has none. */
static const char *git_pid(const char *subject)
{
	return gits_of(subject)->pid;
}

/* git's file set, one line each, sorted. */
static const char *git_paths(const char *subject)
{
	const char *paths = gits_of(subject)->paths;

	return paths ? paths : "";
}

static char *joined(const struct cbp_git_change *ch)
{
	static char buf[4096];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < ch->nr_paths; i++) {
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? "\n" : "",
			      ch->paths[i]);
		assert_true(n < sizeof(buf));
	}
	return buf;
}

/*
 * Every shape of commit with a patch-id: text, additions, deletions,
 * modes, renames with and without changes, binary files.
 */
static const char *const same_as_git[] = {
	"root", "two hunks", "add a file", "delete a file", "mode change",
	"no newline at end", "crlf", "two files", "pure rename",
	"rename with a change", "binary", "binary with NUL", "binary change",
};

/*
 * The same as mails (not the binary files git cannot show as text:
 * format-patch writes a binary file's
 * full blob IDs, git show abbreviated ones, and git's patch-id hashes
 * them as written, so git itself gives the two different patch-ids).
 */
static const char *const mailed[] = {
	"root", "two hunks", "add a file", "delete a file", "mode change",
	"no newline at end", "crlf", "two files", "pure rename",
	"rename with a change",
};

static void patch_id_is_gits(void **state)
{
	struct cbp_git_change ch;
	char want[64];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(same_as_git); i++) {
		snprintf(want, sizeof(want), "%s", git_pid(same_as_git[i]));
		assert_int_equal(strlen(want), 40);
		change_of(same_as_git[i], 1, &ch);
		assert_true(ch.has_pid);
		assert_string_equal(ch.pid, want);
		cbp_git_change_release(&ch);
	}
}

static void paths_are_gits(void **state)
{
	static const char *const all[] = {
		"root", "two hunks", "add a file", "delete a file",
		"mode change", "two files", "pure rename",
		"rename with a change", "binary", "side",
	};
	struct cbp_git_change ch;
	char want[4096];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(all); i++) {
		snprintf(want, sizeof(want), "%s", git_paths(all[i]));
		change_of(all[i], 0, &ch);
		assert_false(ch.has_pid);
		assert_string_equal(joined(&ch), want);
		cbp_git_change_release(&ch);
	}
	/* A rename touches both its paths. */
	change_of("pure rename", 1, &ch);
	assert_string_equal(joined(&ch), "dir/w.c\ndir/z.c");
	cbp_git_change_release(&ch);
}

static void no_patch_id(void **state)
{
	struct cbp_git_change ch;

	(void)state;
	/* git patch-id prints nothing for an empty commit or a merge. */
	assert_string_equal(git_pid("empty"), "");
	change_of("empty", 1, &ch);
	assert_false(ch.has_pid);
	assert_int_equal(ch.nr_paths, 0);
	cbp_git_change_release(&ch);
	change_of("merge", 1, &ch);
	assert_false(ch.has_pid);
	/* Against the first parent: what the side branch brought. */
	assert_string_equal(joined(&ch), "side.c");
	cbp_git_change_release(&ch);
}

static void text_is_commit(void **state)
{
	struct cbp_git_change ch, text;
	const char *diff;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(mailed); i++) {
		change_of(mailed[i], 1, &ch);
		/* The diff as a mail carries it, up to the signature. */
		diff = gits_of(mailed[i])->mail;
		assert_non_null(diff);
		assert_int_equal(cbp_git_text_change(diff, strlen(diff), &text), 0);
		assert_true(text.has_pid);
		assert_string_equal(text.pid, ch.pid);
		assert_string_equal(joined(&text), joined(&ch));
		cbp_git_change_release(&text);
		cbp_git_change_release(&ch);
	}
}

static void common_files(void **state)
{
	struct cbp_git_change a, b;
	const char *first;

	(void)state;
	change_of("two files", 0, &a);
	change_of("add a file", 0, &b);
	assert_int_equal(cbp_git_change_common(&a, &b, &first), 1);
	assert_string_equal(first, "dir/z.c");
	cbp_git_change_release(&b);
	change_of("delete a file", 0, &b);
	assert_int_equal(cbp_git_change_common(&a, &b, &first), 0);
	assert_null(first);
	cbp_git_change_release(&b);
	cbp_git_change_release(&a);
}

/*
 * The commits oid_of() asked git for, by the revision: the tests name
 * their commits by tags they make once, which never move, and ask some
 * revisions ten times (a process costs milliseconds).
 */
static struct {
	char rev[32];
	struct cbp_oid oid;
} revs[64];
static size_t nr_revs;

/* The commit @rev names. */
static void oid_of(const char *rev, struct cbp_oid *oid)
{
	char cmd[128], *out;
	size_t i;

	for (i = 0; i < nr_revs; i++) {
		if (!strcmp(revs[i].rev, rev)) {
			*oid = revs[i].oid;
			return;
		}
	}
	snprintf(cmd, sizeof(cmd), "git rev-parse '%s'", rev);
	out = slurp(cmd);
	out[strcspn(out, "\n")] = '\0';
	assert_int_equal(cbp_oid_fromhex(oid, out), 0);
	free(out);
	assert_true(nr_revs < ARRAY_SIZE(revs));
	assert_true(strlen(rev) < sizeof(revs[0].rev));
	snprintf(revs[nr_revs].rev, sizeof(revs[0].rev), "%s", rev);
	revs[nr_revs++].oid = *oid;
}

/* The content hash of the commit @rev names (cbp_git_change_content()). */
static unsigned long long content_of(const char *rev)
{
	struct cbp_oid oid;
	unsigned long long h;

	oid_of(rev, &oid);
	assert_int_equal(cbp_git_change_content(repo, &oid, &h), 0);
	return h;
}

/* cbp_git_files_same() asks for what @f needs: computed there and then. */
static void fill_now(struct cbp_git_file *f, void *data)
{
	(void)data;
	assert_int_equal(cbp_git_file_fill(repo, f), 0);
}

/* How the builder compares two commits' files (cbp_git_files_same()...). */
typedef int (*files_same_fn)(const struct cbp_git_files *x,
			     const struct cbp_git_files *y,
			     void (*want)(struct cbp_git_file *f, void *data),
			     void *data);

/*
 * @x and @y compared by @same, each value it asks for computed there and
 * then: the sizes, what the sides tell, then the hashes, three rounds at
 * most.
 */
static int decided(files_same_fn same, struct cbp_git_files *x,
		   struct cbp_git_files *y)
{
	int rc, rounds = 0;

	while ((rc = same(x, y, fill_now, NULL)) == CBP_GIT_UNDECIDED)
		assert_true(++rounds <= 3);
	assert_true(rc == 0 || rc == 1);
	return rc;
}

/* @x and @y compared by their files, each value asked for computed. */
static int files_same_now(struct cbp_git_files *x, struct cbp_git_files *y)
{
	return decided(cbp_git_files_same, x, y);
}

/*
 * Do the commits @ra and @rb name make one change, by their files
 * (cbp_git_files_same())?  A commit with no files to compare (a merge,
 * an empty change) makes none.
 */
static int pairwise(const char *ra, const char *rb)
{
	struct cbp_git_files x, y;
	struct cbp_oid a, b;
	int rc, na, nb;

	oid_of(ra, &a);
	oid_of(rb, &b);
	na = cbp_git_change_files(repo, &a, &x, NULL);
	nb = cbp_git_change_files(repo, &b, &y, NULL);
	assert_true(na >= 0 && nb >= 0);
	if (na || nb) {
		rc = 0;
		goto out;
	}
	rc = files_same_now(&x, &y);
out:
	cbp_git_files_release(&x);
	cbp_git_files_release(&y);
	return rc;
}

/*
 * Do @ra and @rb make one change, folders aside
 * (cbp_git_files_same_moved())?  Both ways must say it.
 */
static int moved(const char *ra, const char *rb)
{
	struct cbp_git_files x, y;
	struct cbp_oid a, b;
	int rc;

	oid_of(ra, &a);
	oid_of(rb, &b);
	assert_int_equal(cbp_git_change_files(repo, &a, &x, NULL), 0);
	assert_int_equal(cbp_git_change_files(repo, &b, &y, NULL), 0);
	rc = decided(cbp_git_files_same_moved, &x, &y);
	assert_int_equal(decided(cbp_git_files_same_moved, &y, &x), rc);
	cbp_git_files_release(&x);
	cbp_git_files_release(&y);
	return rc;
}

/*
 * Do @ra and @rb make one change?  Asked pair by pair, reading only the
 * files whose blobs differ, and of each commit whole: both must say it.
 */
static int same_content(const char *ra, const char *rb)
{
	int same = pairwise(ra, rb);

	assert_int_equal(same, content_of(ra) == content_of(rb));
	assert_int_equal(pairwise(rb, ra), same);
	return same;
}

/*
 * The repository remembers the files it hashed (git-change.c): a file
 * changed the same way is one hash wherever it is, but the memo must
 * tell a file apart by its path and both its blobs.  memo-p changes f
 * from "a b" to "a B"; memo-q the same file from "a b" to "a C"; memo-g
 * the same blobs in g; memo-p2 makes memo-p's change to f on another
 * base, from the same blobs.
 */
static void content_memo(void **state)
{
	unsigned long long p, q, g, p2;

	(void)state;
	free(slurp("git checkout -q --orphan memo && git rm -rqf . &&\n"
		   "printf 'a\\nb\\n' >f && cp f g && git add f g &&\n"
		   "git commit -qm 'memo base' && git tag memo-base &&\n"
		   "printf 'a\\nB\\n' >f && git commit -qam 'memo p' &&\n"
		   "git tag memo-p && git checkout -q memo-base &&\n"
		   "printf 'a\\nC\\n' >f && git commit -qam 'memo q' &&\n"
		   "git tag memo-q && git checkout -q memo-base &&\n"
		   "printf 'a\\nB\\n' >g && git commit -qam 'memo g' &&\n"
		   "git tag memo-g && git checkout -q memo-base &&\n"
		   "printf 'other\\n' >h && git add h && git commit -qm 'memo h' &&\n"
		   "printf 'a\\nB\\n' >f && git commit -qam 'memo p2' &&\n"
		   "git tag memo-p2 && git checkout -q master"));
	p = content_of("memo-p");
	q = content_of("memo-q");
	g = content_of("memo-g");
	p2 = content_of("memo-p2");
	assert_true(p != q);
	assert_true(p != g);
	assert_true(q != g);
	assert_true(p == p2);
	assert_false(same_content("memo-p", "memo-q"));
	assert_false(same_content("memo-p", "memo-g"));
	assert_false(same_content("memo-q", "memo-g"));
	assert_true(same_content("memo-p", "memo-p2"));
	/* A change to another file is another change. */
	assert_false(pairwise("memo-p2^", "memo-p"));
}

/*
 * A directory moved between two branches: mv-old changes old/a/x.c and
 * old/b/x.c (two files of one name) and adds old/y.c; mv-new makes the
 * same changes under new/, whose files were copies of old/'s, with other
 * blanks in one line.  mv-swap gives each x.c the other's change (the
 * same lines in all), mv-name makes them in files of other names,
 * mv-less leaves a file out, mv-other adds another line.
 */
static void moved_folders(void **state)
{
	(void)state;
	free(slurp("git checkout -q --orphan moved && git rm -rqf . &&\n"
		   "mkdir -p old/a old/b && printf '1\\n2\\n' >old/a/x.c &&\n"
		   "printf 'p\\n2\\n' >old/b/x.c && git add old &&\n"
		   "git commit -qm 'moved base' && git tag mv-base &&\n"
		   "git mv old new && git commit -qm 'moved: new' &&\n"
		   "git tag mv-moved && git checkout -q mv-base &&\n"
		   "sed -i s/2/TWO/ old/a/x.c && echo r >>old/b/x.c &&\n"
		   "echo y >old/y.c && git add old &&\n"
		   "git commit -qm 'mv old' && git tag mv-old &&\n"
		   "git checkout -q mv-moved && sed -i 's/2/  TWO/' new/a/x.c &&\n"
		   "echo r >>new/b/x.c && echo y >new/y.c && git add new &&\n"
		   "git commit -qm 'mv new' && git tag mv-new &&\n"
		   "git checkout -q mv-moved && sed -i s/2/TWO/ new/b/x.c &&\n"
		   "echo r >>new/a/x.c && echo y >new/y.c && git add new &&\n"
		   "git commit -qm 'mv swap' && git tag mv-swap &&\n"
		   "git checkout -q mv-moved && git mv new/a/x.c new/a/w.c &&\n"
		   "git mv new/b/x.c new/b/w.c && git commit -qm 'mv renamed' &&\n"
		   "sed -i s/2/TWO/ new/a/w.c && echo r >>new/b/w.c &&\n"
		   "echo y >new/y.c && git add new && git commit -qm 'mv name' &&\n"
		   "git tag mv-name && git checkout -q mv-moved &&\n"
		   "sed -i s/2/TWO/ new/a/x.c && echo r >>new/b/x.c &&\n"
		   "git commit -qam 'mv less' && git tag mv-less &&\n"
		   "git checkout -q mv-moved && sed -i s/2/TWO/ new/a/x.c &&\n"
		   "printf 'r\\ns\\n' >>new/b/x.c && echo y >new/y.c &&\n"
		   "git add new && git commit -qm 'mv other' &&\n"
		   "git tag mv-other && git checkout -q master"));
	assert_true(moved("mv-old", "mv-new"));
	/* No path in common: no change by paths. */
	assert_false(same_content("mv-old", "mv-new"));
	assert_false(moved("mv-old", "mv-swap"));
	assert_false(moved("mv-old", "mv-name"));
	assert_false(moved("mv-old", "mv-less"));
	assert_false(moved("mv-old", "mv-other"));
	/* Paths in common are no hindrance: a commit is itself. */
	assert_true(moved("mv-new", "mv-new"));
}

/* The first line of what a shell command prints, in @buf. */
static void first_line(const char *cmd, char *buf, size_t len)
{
	char *out = slurp(cmd);

	out[strcspn(out, "\n")] = '\0';
	snprintf(buf, len, "%s", out);
	free(out);
}

/*
 * Binary or text as git tells them: ctl-p and ctl-q make one change (a
 * line added at the end) to a file of control bytes, on two bases, and
 * nul-p and nul-q the same to a file with NULs.  Whatever git diff shows
 * as text is hashed by its lines, so ctl-p and ctl-q hash alike, as git
 * gives them one patch-id; a binary file's change is told by its blob
 * IDs, which differ.  empty-p and empty-q add an empty file on two bases.
 */
static void binary_as_git(void **state)
{
	char p[128], q[128];

	(void)state;
	free(slurp("git checkout -q --orphan bin && git rm -rqf . &&\n"
		   "perl -e 'print \"\\x01\\x02\\x03x\\n\" x 50' >ctl.body &&\n"
		   "perl -e 'print \"\\x00x\\n\" x 50' >nul.body &&\n"
		   "for f in ctl nul; do\n"
		   "  { echo one; cat $f.body; } >$f && git add $f &&\n"
		   "  git commit -qm \"$f base\" && echo new >>$f &&\n"
		   "  git commit -qam \"$f p\" && git tag $f-p &&\n"
		   "  { echo two; cat $f.body; } >$f &&\n"
		   "  git commit -qam \"$f other base\" && echo new >>$f &&\n"
		   "  git commit -qam \"$f q\" && git tag $f-q || exit 1\n"
		   "done && rm ctl.body nul.body &&\n"
		   ": >empty && git add empty && git commit -qm 'empty p' &&\n"
		   "git tag empty-p && git checkout -q ctl-p &&\n"
		   ": >empty && git add empty && git commit -qm 'empty q' &&\n"
		   "git tag empty-q && git checkout -q master"));
	/* What git makes of them. */
	first_line("git diff --numstat ctl-p^ ctl-p", p, sizeof(p));
	assert_string_equal(p, "1\t0\tctl");
	first_line("git diff --numstat nul-p^ nul-p", p, sizeof(p));
	assert_string_equal(p, "-\t-\tnul");
	first_line("git show ctl-p | git patch-id --stable", p, sizeof(p));
	first_line("git show ctl-q | git patch-id --stable", q, sizeof(q));
	assert_memory_equal(p, q, CBP_OID_HEXSZ);

	assert_true(content_of("ctl-p") == content_of("ctl-q"));
	assert_true(content_of("nul-p") != content_of("nul-q"));
	assert_true(same_content("ctl-p", "ctl-q"));
	assert_false(same_content("nul-p", "nul-q"));

	/* An empty file is text, read without a byte to look at. */
	first_line("git diff --numstat empty-p^ empty-p", p, sizeof(p));
	assert_string_equal(p, "0\t0\tempty");
	assert_true(content_of("empty-p") == content_of("empty-q"));
	assert_true(content_of("empty-p") != content_of("ctl-p"));
	assert_true(same_content("empty-p", "empty-q"));
	assert_false(same_content("empty-p", "ctl-p"));
}

/*
 * More files than the memo keeps (16384): it starts over on the way,
 * and the answers stay those of the files.  memo-big adds 17000 files
 * of one line to an empty tree (in folders of 100: fast-import sorts a
 * folder's entries on each addition; into a pack, as fast-import leaves
 * a small import loose, and a loose blob costs four system calls a
 * read); memo-same adds the same files next to another file; memo-other
 * the same but one file of another line.
 */
static void content_memo_full(void **state)
{
	unsigned long long big;

	(void)state;
	free(slurp("awk 'BEGIN {\n"
		   "  print \"blob\"; print \"mark :1\"; print \"data 7\"; print \"memo x\"\n"
		   "  print \"blob\"; print \"mark :2\"; print \"data 7\"; print \"memo y\"\n"
		   "  commit(\"memo-big\", \"\", 0)\n"
		   "  print \"commit refs/tags/memo-side\"; print \"mark :3\"\n"
		   "  print \"committer C <c@example.com> 0 +0000\"; print \"data 0\"\n"
		   "  print \"M 100644 :1 side\"\n"
		   "  commit(\"memo-same\", \":3\", 0)\n"
		   "  commit(\"memo-other\", \":3\", 1)\n"
		   "}\n"
		   "function commit(tag, from, odd,   i) {\n"
		   "  print \"commit refs/tags/\" tag\n"
		   "  print \"committer C <c@example.com> 0 +0000\"; print \"data 0\"\n"
		   "  if (from != \"\") print \"from \" from\n"
		   "  for (i = 0; i < 17000; i++)\n"
		   "    printf \"M 100644 :%d d/%d/%d\\n\", odd && i == 9000 ? 2 : 1,\n"
		   "      i / 100, i % 100\n"
		   "}' | git -c fastimport.unpackLimit=0 fast-import --quiet"));
	big = content_of("memo-big");
	assert_true(content_of("memo-same") == big);
	assert_true(content_of("memo-other") != big);
	assert_true(content_of("memo-big") == big);
	assert_true(same_content("memo-same", "memo-big"));
	assert_false(same_content("memo-other", "memo-big"));
}

/* The files of the commit @rev names, read into @out. */
static void files_of(const char *rev, struct cbp_git_files *out)
{
	struct cbp_oid oid;

	oid_of(rev, &oid);
	assert_int_equal(cbp_git_change_files(repo, &oid, out, NULL), 0);
}

/*
 * One commit's files compared with several others, as the builder does:
 * hashed for a pair that wants no first reading (q-two's, no_quick),
 * then compared with another's read first (q-swap's), and with its own
 * copy's.  What one pair computed serves the next.
 */
static void kept_files(void)
{
	struct cbp_git_files one, two, swap, same;
	size_t i;

	files_of("q-one", &one);
	files_of("q-two", &two);
	files_of("q-swap", &swap);
	files_of("q-same", &same);
	for (i = 0; i < two.nr; i++)
		two.f[i].no_quick = 1;
	assert_int_equal(files_same_now(&one, &two), 1);
	assert_int_equal(one.f[0].hashed, 1);
	assert_int_equal(files_same_now(&one, &swap), 0);
	assert_int_equal(files_same_now(&swap, &two), 0);
	assert_int_equal(files_same_now(&same, &one), 1);
	cbp_git_files_release(&one);
	cbp_git_files_release(&two);
	cbp_git_files_release(&swap);
	cbp_git_files_release(&same);
}

/*
 * Two hunks made alike on two bases that differ between them: not the
 * same bytes between the lines both sides start and end with, but the
 * same lines netted, so the two are diffed, and are one change (q-one
 * on base one, q-two on base two).  q-swap makes each hunk's new line
 * the other's: the same lines netted, another diff.  q-same makes
 * q-one's change on a copy of base one: the same bytes, no diff needed.
 */
static void content_quick(void **state)
{
	(void)state;
	free(slurp("git checkout -q --orphan quick && git rm -rqf . &&\n"
		   "seq 1 20 >q.c && git add q.c && git commit -qm 'q base one' &&\n"
		   "git tag q-base1 &&\n"
		   "sed -i 's/^2$/two/; s/^18$/eighteen/' q.c &&\n"
		   "git commit -qam 'q one' && git tag q-one &&\n"
		   "git checkout -q q-base1 && sed -i 's/^10$/TEN/' q.c &&\n"
		   "git commit -qam 'q base two' && git tag q-base2 &&\n"
		   "sed -i 's/^2$/two/; s/^18$/eighteen/' q.c &&\n"
		   "git commit -qam 'q two' && git tag q-two &&\n"
		   "git checkout -q q-base2 &&\n"
		   "sed -i 's/^2$/eighteen/; s/^18$/two/' q.c &&\n"
		   "git commit -qam 'q swap' && git tag q-swap &&\n"
		   "git checkout -q q-base1 && echo other >r.c && git add r.c &&\n"
		   "git commit -qm 'q other' &&\n"
		   "sed -i 's/^2$/two/; s/^18$/eighteen/' q.c &&\n"
		   "git commit -qam 'q same' && git tag q-same &&\n"
		   "git checkout -q master"));
	assert_true(same_content("q-one", "q-two"));
	assert_false(same_content("q-one", "q-swap"));
	assert_false(same_content("q-two", "q-swap"));
	assert_true(same_content("q-one", "q-same"));
	kept_files();
}

/*
 * A large file (both sides over 256 KiB together) that two commits
 * change from other blobs is diffed only when both change its size by
 * as many bytes; a small one always is.  On two bases of a 300 KB file
 * big and a small one small: p and q add the same line to both, r adds
 * to big a line with one blank more (its size grows by one byte more,
 * so it is not diffed and another change, although blanks aside its
 * line is the same), s a line of the same size but another letter, and
 * t to small the line with the blank (diffed: the same, blanks aside).
 */
static void content_pairwise_large(void **state)
{
	(void)state;
	free(slurp("git checkout -q --orphan large && git rm -rqf . &&\n"
		   "seq 1 50000 | sed 's/^/line /' >big && echo one >small &&\n"
		   "git add big small && git commit -qm 'large base' &&\n"
		   "git tag large-base &&\n"
		   "echo 'new line' >>big && echo 'new line' >>small &&\n"
		   "git commit -qam 'large p' && git tag large-p &&\n"
		   "git checkout -q large-base && sed -i 1d big &&\n"
		   "echo two >small && git commit -qam 'large other base' &&\n"
		   "git tag large-other &&\n"
		   "echo 'new line' >>big && echo 'new line' >>small &&\n"
		   "git commit -qam 'large q' && git tag large-q &&\n"
		   "git checkout -q large-other &&\n"
		   "echo 'new  line' >>big && echo 'new line' >>small &&\n"
		   "git commit -qam 'large r' && git tag large-r &&\n"
		   "git checkout -q large-other &&\n"
		   "echo 'new lime' >>big && echo 'new line' >>small &&\n"
		   "git commit -qam 'large s' && git tag large-s &&\n"
		   "git checkout -q large-other &&\n"
		   "echo 'new line' >>big && echo 'new  line' >>small &&\n"
		   "git commit -qam 'large t' && git tag large-t &&\n"
		   "git checkout -q master"));
	assert_true(same_content("large-p", "large-q"));
	/* Blanks aside, the same lines: the hashes, but not the sizes. */
	assert_true(content_of("large-p") == content_of("large-r"));
	assert_false(pairwise("large-p", "large-r"));
	assert_false(pairwise("large-r", "large-p"));
	assert_false(same_content("large-p", "large-s"));
	assert_true(same_content("large-p", "large-t"));
}

/* What git-change.c makes of one commit, to compare across storage. */
struct seen {
	unsigned long long paths;
	size_t nr_paths;
	int has_pid;
	char pid[CBP_OID_HEXSZ + 1];
	unsigned long long hunks, blobs, content;
	int content_rc;
};

/* What each of the @nr commits @ids changes, as read now. */
static void seen_all(const struct cbp_oid *ids, size_t nr, struct seen *out)
{
	struct cbp_git_change ch;
	size_t i, k;

	for (i = 0; i < nr; i++) {
		assert_int_equal(cbp_git_change_of(repo, &ids[i], 1, &ch), 0);
		out[i].nr_paths = ch.nr_paths;
		out[i].paths = CBP_FNV_OFFSET;
		for (k = 0; k < ch.nr_paths; k++)
			out[i].paths = cbp_fnv(out[i].paths, ch.paths[k],
					       strlen(ch.paths[k]) + 1);
		out[i].has_pid = ch.has_pid;
		memcpy(out[i].pid, ch.pid, sizeof(ch.pid));
		out[i].hunks = ch.hunks;
		out[i].blobs = ch.blobs;
		cbp_git_change_release(&ch);
		out[i].content = 0;
		out[i].content_rc = cbp_git_change_content(repo, &ids[i],
							   &out[i].content);
		assert_true(out[i].content_rc >= 0);
	}
}

/* Open the repository again: its packs are mapped on the first read. */
static void reopen(void)
{
	cbp_git_close(repo);
	repo = NULL;
	assert_int_equal(cbp_git_open(&repo, dir), 0);
}

/*
 * Repack with @cmd, open the repository again and say how many trees
 * the pack stores as deltas, and the longest chain of them in *@depth.
 */
static int repack(const char *cmd, int *depth)
{
	char *out, *p, *line;
	int deltas = 0, d;

	free(slurp(cmd));
	reopen();
	/* "ID tree SIZE PACKED OFFSET DEPTH BASE" for a delta. */
	out = slurp("git verify-pack -v .git/objects/pack/pack-*.idx |\n"
		    "awk '$2 == \"tree\" && NF == 7 { print $6 }'");
	*depth = 0;
	for (p = out; (line = next_line(&p)); deltas++) {
		d = atoi(line);
		if (d > *depth)
			*depth = d;
	}
	free(out);
	return deltas;
}

static void assert_seen_equal(const struct seen *a, const struct seen *b,
			      size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		assert_int_equal(a[i].nr_paths, b[i].nr_paths);
		assert_true(a[i].paths == b[i].paths);
		assert_int_equal(a[i].has_pid, b[i].has_pid);
		assert_string_equal(a[i].pid, b[i].pid);
		assert_true(a[i].hunks == b[i].hunks);
		assert_true(a[i].blobs == b[i].blobs);
		assert_int_equal(a[i].content_rc, b[i].content_rc);
		assert_true(a[i].content == b[i].content);
	}
}

/*
 * Every commit and tree of master read from the pack by git-pack.c
 * alone, as git cat-file gives it, in the pack's order, backwards, and again: the
 * chains of deltas followed from a base kept and from one stored whole,
 * with kept objects read again.  Asked for another type, each is
 * another type.
 */
static void reader_as_git(void)
{
	struct cbp_packs *ps;
	struct obj {
		struct cbp_oid oid;
		git_object_t type;
		const char *data;
		size_t len;
	} *objs = NULL;
	char *out, *p, *buf = NULL, type[16];
	git_object_t other;
	size_t nr = 0, alloc = 0, len, i, round, trees = 0;
	int n, k;

	/* Those the pack has: the damaged trees above stay loose. */
	out = slurp("git rev-list --objects master | cut -c1-40 |\n"
		    "git cat-file --batch");
	for (p = out; *p; ) {
		char hex[CBP_OID_HEXSZ + 1];
		unsigned long size;

		k = sscanf(p, "%40s %15s %lu%n", hex, type, &size, &n);
		assert_int_equal(k, 3);
		p += n + 1;
		if (!strcmp(type, "commit") || !strcmp(type, "tree")) {
			objs = realloc(objs, (nr + 1) * sizeof(*objs));
			assert_non_null(objs);
			assert_int_equal(cbp_oid_fromhex(&objs[nr].oid, hex), 0);
			objs[nr].type = strcmp(type, "tree") ?
					GIT_OBJECT_COMMIT : GIT_OBJECT_TREE;
			trees += objs[nr].type == GIT_OBJECT_TREE;
			objs[nr].data = p;
			objs[nr++].len = size;
		}
		p += size + 1;
	}
	assert_true(trees > 20);
	ps = cbp_git_packs_open(cbp_git_commondir(repo));
	for (round = 0; round < 3; round++) {
		for (i = 0; i < nr; i++) {
			const struct obj *o = &objs[round == 1 ? nr - 1 - i : i];

			assert_int_equal(cbp_git_packs_read(ps, &o->oid, o->type,
							    &buf, &alloc, &len), 1);
			assert_int_equal(len, o->len);
			assert_memory_equal(buf, o->data, len);
			other = o->type == GIT_OBJECT_TREE ? GIT_OBJECT_COMMIT :
							      GIT_OBJECT_TREE;
			k = cbp_git_packs_read(ps, &o->oid, other, &buf,
					       &alloc, &len);
			assert_int_equal(k, CBP_GIT_NO_COMMIT);
		}
	}
	cbp_git_packs_close(ps);
	free(buf);
	free(objs);
	free(out);
}

/* Is @line a commit ID, as git diff-tree --stdin starts each with? */
static int is_hex_id(const char *line)
{
	return strlen(line) == CBP_OID_HEXSZ &&
	       strspn(line, "0123456789abcdef") == CBP_OID_HEXSZ;
}

/* The walk's file set of commit @hex (no patch-id asked) is @want. */
static void assert_walk_paths(const char *hex, const char *want)
{
	struct cbp_git_change ch;
	struct cbp_oid oid;
	size_t i, n = 0;
	char *got;

	assert_int_equal(cbp_oid_fromhex(&oid, hex), 0);
	assert_int_equal(cbp_git_change_of(repo, &oid, 0, &ch), 0);
	got = calloc(1, strlen(want) + 2);
	assert_non_null(got);
	for (i = 0; i < ch.nr_paths; i++) {
		size_t len = strlen(ch.paths[i]);

		assert_true(n + len + 1 <= strlen(want) + 1);
		memcpy(got + n, ch.paths[i], len);
		n += len;
		got[n++] = '\n';
	}
	assert_string_equal(got, want);
	free(got);
	cbp_git_change_release(&ch);
}

/*
 * The walk finds the files git diff-tree -r finds, for each of master's
 * commits but the merges (which it compares with their first parent).
 */
static void walk_paths_as_git(void)
{
	char *out, *p, *line, *want = NULL, cur[CBP_OID_HEXSZ + 1] = "";
	size_t len = 0;

	out = slurp("git rev-list --no-merges master |\n"
		    "git diff-tree --root -r --name-only --no-renames --stdin");
	for (p = out; ; ) {
		line = next_line(&p);
		if (!line || is_hex_id(line)) {
			if (*cur)
				assert_walk_paths(cur, want ? want : "");
			if (!line)
				break;
			snprintf(cur, sizeof(cur), "%s", line);
			len = 0;
			if (want)
				*want = '\0';
			continue;
		}
		want = realloc(want, len + strlen(line) + 2);
		assert_non_null(want);
		sprintf(want + len, "%s\n", line);
		len += strlen(line) + 1;
	}
	free(want);
	free(out);
}

/*
 * Trees read from the packs by git-pack.c, through chains of deltas by
 * offset and by ID, make every commit the same change as libgit2's reads
 * of every object do ($GIT_OBJECT_DIRECTORY leaves all of them to it):
 * paths, patch-id, hunks, blobs and content.  A folder of 30 files
 * changed one file at a time gives chains of deltas to follow; the files
 * added beside it sort before it ("deep-x", "deep.c" and then "deep/",
 * which compares as if it ended in '/'); a folder of 2500 files (a tree of
 * 100 KiB) has deltas that copy 64 KiB at once, a size written as 0.  Run
 * last: it adds commits and packs the repository.
 */
static void packed_trees_as_loose(void **state)
{
	static const char more[] =
		"mkdir deep && for i in $(seq 30); do echo $i >deep/f$i; done &&\n"
		"git add deep && git commit -qm deep &&\n"
		"echo >deep.c && echo >deep-x && git add deep.c deep-x &&\n"
		"git commit -qm 'beside deep' &&\n"
		"for i in $(seq 12); do echo x >>deep/f$i && echo $i >>deep.c &&\n"
		"git commit -qam deep$i || exit 1; done &&\n"
		"b=$(echo x | git hash-object -w --stdin) &&\n"
		"for i in $(seq 2500); do printf '100644 %s\\twide/f%04d\\n' $b $i;\n"
		"done | git update-index --index-info && git commit -qm wide &&\n"
		"b=$(echo y | git hash-object -w --stdin) &&\n"
		"printf '100644 %s\\twide/f0001\\n' $b | git update-index --index-info &&\n"
		"git commit -qm 'wide, one file' &&\n"
		"test \"$(git symbolic-ref HEAD)\" = refs/heads/master";
	struct seen *want, *got;
	struct cbp_oid *ids = NULL;
	char *out, *p, *line, objects[128];
	size_t nr = 0;
	int depth;

	(void)state;
	free(slurp(more));
	/*
	 * master's commits but the one that adds the 2500 files (the other
	 * tests' of thousands of files are on other branches): their
	 * patch-ids cost libgit2 an attribute lookup per file.  The walk
	 * alone is checked on that one too (walk_paths_as_git()).
	 */
	out = slurp("git rev-list master | grep -vx \"$(git rev-parse master~1)\"");
	for (p = out; (line = next_line(&p)); nr++) {
		ids = realloc(ids, (nr + 1) * sizeof(*ids));
		assert_non_null(ids);
		assert_int_equal(cbp_oid_fromhex(&ids[nr], line), 0);
	}
	free(out);
	want = calloc(nr, sizeof(*want));
	got = calloc(nr, sizeof(*got));
	assert_true(nr > 20 && want && got);
	snprintf(objects, sizeof(objects), "%s/.git/objects", dir);
	setenv("GIT_OBJECT_DIRECTORY", objects, 1);
	reopen();
	walk_paths_as_git();
	seen_all(ids, nr, want);
	unsetenv("GIT_OBJECT_DIRECTORY");
	/* git's default: a delta's base by its offset back in the pack. */
	assert_true(repack("git repack -adq", &depth) > 0);
	assert_true(depth >= 4);
	reader_as_git();
	walk_paths_as_git();
	seen_all(ids, nr, got);
	assert_seen_equal(want, got, nr);
	/* By the base's ID, as a pack without --delta-base-offset has it. */
	assert_true(repack("git -c repack.useDeltaBaseOffset=false repack -adq",
			   &depth) > 0);
	assert_true(depth >= 4);
	reader_as_git();
	memset(got, 0, nr * sizeof(*got));
	seen_all(ids, nr, got);
	assert_seen_equal(want, got, nr);
	free(want);
	free(got);
	free(ids);
}

/* The commit whose ID @cmd prints. */
static void commit_of(const char *cmd, struct cbp_oid *oid)
{
	char *out = slurp(cmd);

	out[strcspn(out, "\n")] = '\0';
	assert_int_equal(cbp_oid_fromhex(oid, out), 0);
	free(out);
}

/*
 * A mode padded with zeros ("00100644", as old tools wrote some, which
 * git fsck only warns of) reads as git reads it: the same change as the
 * tree written plainly, and the file git diff-tree names.
 */
static void zero_padded_mode(void **state)
{
	static const char base[] =
		"tree() { perl -e 'print \"$ARGV[0] f\\0\", pack(\"H*\", $ARGV[1])' \"$1\" \"$2\" |\n"
		"git hash-object -t tree --literally -w --stdin; } &&\n"
		"one=$(echo one | git hash-object -w --stdin) &&\n"
		"two=$(echo two | git hash-object -w --stdin) &&\n"
		"a=$(git commit-tree -m base $(tree 100644 $one)) &&\n";
	struct cbp_git_change plain, padded;
	char cmd[1024], hex[CBP_OID_HEXSZ + 1], *out;
	struct cbp_oid oid;

	(void)state;
	snprintf(cmd, sizeof(cmd), "%s%s", base,
		 "git commit-tree -p $a -m plain $(tree 100644 $two)");
	commit_of(cmd, &oid);
	assert_int_equal(cbp_git_change_of(repo, &oid, 0, &plain), 0);
	snprintf(cmd, sizeof(cmd), "%s%s", base,
		 "git commit-tree -p $a -m padded $(tree 00100644 $two)");
	commit_of(cmd, &oid);
	assert_int_equal(cbp_git_change_of(repo, &oid, 0, &padded), 0);
	cbp_oid_tohex(&oid, hex);
	snprintf(cmd, sizeof(cmd), "git diff-tree -r --name-only %s^ %s", hex,
		 hex);
	out = slurp(cmd);
	assert_string_equal(out, "f\n");
	free(out);
	assert_string_equal(joined(&padded), "f");
	assert_string_equal(joined(&plain), "f");
	assert_true(padded.blobs == plain.blobs);
	cbp_git_change_release(&plain);
	cbp_git_change_release(&padded);
}

/*
 * A damaged tree (written as it is, as only a hostile repository has
 * one) is an error that names it, however it is damaged: no read past
 * its end, no entry made up.
 */
static void damaged_tree(void **state)
{
	static const char *const trees[] = {
		/* no space after the mode */
		"printf '100644'",
		/* a mode not in octal */
		"printf '100694 f\\0%020d' 0",
		/* no name */
		"printf '100644 \\0%020d' 0",
		/* an ID cut short */
		"printf '100644 f\\0%010d' 0",
		/* a good entry, then a mode of 8 digits */
		"printf '100644 f\\0%020d10064444 g\\0%020d' 0 0",
	};
	struct cbp_git_change ch;
	struct cbp_oid oid;
	char cmd[512];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(trees); i++) {
		snprintf(cmd, sizeof(cmd),
			 "t=$(%s | git hash-object -t tree --literally -w --stdin) &&\n"
			 "git commit-tree -m damaged \"$t\"", trees[i]);
		commit_of(cmd, &oid);
		assert_int_equal(cbp_git_change_of(repo, &oid, 0, &ch), -1);
		assert_non_null(strstr(cbp_errmsg(), "is damaged"));
	}
}

static int count_object(const git_oid *id, void *payload)
{
	(void)id;
	++*(size_t *)payload;
	return 0;
}

/*
 * libgit2 lists a repository's objects backend by backend, calling each
 * one's foreach without asking whether it has one: the backend in front
 * of libgit2's (git-backend.c) lists none, and every object is listed
 * once, as git lists them (all loose here).
 */
static void objects_listed_past_backend(void **state)
{
	char *out = slurp("git cat-file --batch-all-objects --batch-check | wc -l");
	size_t n = 0;
	git_odb *odb;

	(void)state;
	assert_int_equal(git_repository_odb(&odb, repo->git), 0);
	assert_int_equal(git_odb_foreach(odb, count_object, &n), 0);
	git_odb_free(odb);
	assert_true(n > 0);
	assert_int_equal(n, strtoul(out, NULL, 10));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(patch_id_is_gits),
		cmocka_unit_test(paths_are_gits),
		cmocka_unit_test(no_patch_id),
		cmocka_unit_test(text_is_commit),
		cmocka_unit_test(common_files),
		cmocka_unit_test(content_memo),
		cmocka_unit_test(content_quick),
		cmocka_unit_test(moved_folders),
		cmocka_unit_test(binary_as_git),
		cmocka_unit_test(content_memo_full),
		cmocka_unit_test(content_pairwise_large),
		cmocka_unit_test(damaged_tree),
		cmocka_unit_test(zero_padded_mode),
		cmocka_unit_test(objects_listed_past_backend),
		cmocka_unit_test(packed_trees_as_loose),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
