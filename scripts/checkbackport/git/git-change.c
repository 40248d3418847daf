// SPDX-License-Identifier: GPL-2.0
/*
 * What a commit or a patch changes, as link trust compares it: the files
 * it touches and its `git patch-id --stable`, both from one libgit2 diff,
 * in-process (a build judges every link whose subjects differ, so running
 * git per commit is out of the question).
 *
 * A commit is diffed against its first parent (against nothing for a
 * root commit), with renames detected as `git show` detects them by
 * default (diff.renames) and git's indent heuristic; a rename touches
 * both its paths.  Merges and empty diffs have no patch-id, as with git.
 * The patch-id is patch-id.c's, of the diff's text as libgit2 prints it
 * (for a patch, of the patch's own text): the same as git's, but for the
 * "similarity index" of a rename, which it leaves out (tests/unit/change.c).
 */
#include <stdlib.h>
#include <string.h>

#include "git-priv.h"
#include "base/patch-id.h"

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_path(struct cbp_git_change *ch, size_t *alloc,
		     const char *path)
{
	if (!path)
		return;
	ch->paths = cbp_grow(ch->paths, sizeof(*ch->paths), ch->nr_paths + 1,
			     alloc);
	ch->paths[ch->nr_paths++] = cbp_strdup(path);
}

/*
 * Per file of a diff, its name, the hash of its changed lines and each
 * line's own hash (@line_alloc: the room for them of the last file, the
 * one whose lines git_diff_foreach() is giving).
 */
struct hunk_hash {
	struct cbp_git_file_hunks *f;
	size_t nr, alloc, line_alloc;
	int context;	/* the last file has a line of code around a change */
};

/*
 * The last file is read: its text hash says nothing without a line
 * changed, or without code around the lines.
 */
static void hunk_file_end(struct hunk_hash *hh)
{
	if (hh->nr && (!hh->context || !hh->f[hh->nr - 1].lines))
		hh->f[hh->nr - 1].text = 0;
}

static int hunk_file(const git_diff_delta *delta, float progress, void *data)
{
	struct hunk_hash *hh = data;
	const char *path = delta->new_file.path ? delta->new_file.path :
			   delta->old_file.path;

	(void)progress;
	hunk_file_end(hh);
	hh->context = 0;
	hh->f = cbp_grow(hh->f, sizeof(*hh->f), hh->nr + 1, &hh->alloc);
	hh->f[hh->nr].name = cbp_strdup(path ? cbp_git_file_name(path) : "");
	hh->f[hh->nr].lines = 0;
	hh->f[hh->nr].line = NULL;
	hh->f[hh->nr].text = CBP_FNV_OFFSET;
	hh->f[hh->nr++].hunks = CBP_FNV_OFFSET;
	hh->line_alloc = 0;
	return 0;
}

/* A hunk starts: its text hash says where, not at which line number. */
static int hunk_start(const git_diff_delta *delta, const git_diff_hunk *hunk,
		      void *data)
{
	struct hunk_hash *hh = data;

	(void)delta;
	(void)hunk;
	if (hh->nr)
		hh->f[hh->nr - 1].text = (hh->f[hh->nr - 1].text ^ '@') *
					 CBP_FNV_PRIME;
	return 0;
}

static int hunk_line(const git_diff_delta *delta, const git_diff_hunk *hunk,
		     const git_diff_line *line, void *data)
{
	struct hunk_hash *hh = data;
	struct cbp_git_file_hunks *f;
	unsigned long long h, lh, th;
	int changed;
	size_t i;

	(void)delta;
	(void)hunk;
	changed = line->origin == GIT_DIFF_LINE_ADDITION ||
		  line->origin == GIT_DIFF_LINE_DELETION;
	if (!hh->nr || (!changed && line->origin != GIT_DIFF_LINE_CONTEXT))
		return 0;
	f = &hh->f[hh->nr - 1];
	h = (f->hunks ^ (unsigned char)line->origin) * CBP_FNV_PRIME;
	lh = (CBP_FNV_OFFSET ^ (unsigned char)line->origin) * CBP_FNV_PRIME;
	th = (f->text ^ (unsigned char)line->origin) * CBP_FNV_PRIME;
	for (i = 0; i < line->content_len; i++) {
		unsigned char ch = (unsigned char)line->content[i];

		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')
			continue;
		h = (h ^ ch) * CBP_FNV_PRIME;
		lh = (lh ^ ch) * CBP_FNV_PRIME;
		th = (th ^ ch) * CBP_FNV_PRIME;
		hh->context |= !changed;
	}
	f->text = th;
	if (!changed)
		return 0;
	f->hunks = h;
	f->line = cbp_grow(f->line, sizeof(*f->line), f->lines + 1,
			   &hh->line_alloc);
	f->line[f->lines++] = lh;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* cbp_git_file_hunks by their hunks' hash. */
static int cmp_file_hunks(const void *a, const void *b)
{
	const struct cbp_git_file_hunks *x = a, *y = b;

	return x->hunks < y->hunks ? -1 : x->hunks > y->hunks;
}

/*
 * What @diff changes, whatever the paths, into @ch: each file's added
 * and removed lines hashed without their blanks (as patch-ids ignore
 * them) and kept with the file's name, the files sorted by that hash
 * (a move may reorder them), and the sorted hashes hashed in turn.
 */
static int hash_hunks(git_diff *diff, struct cbp_git_change *ch)
{
	struct hunk_hash hh = { 0 };
	unsigned long long h = CBP_FNV_OFFSET;
	size_t i;
	int err;

	err = git_diff_foreach(diff, hunk_file, NULL, hunk_start, hunk_line,
			       &hh);
	hunk_file_end(&hh);
	/* Released with @ch, whatever the outcome. */
	ch->files = hh.f;
	ch->nr_files = hh.nr;
	if (err < 0)
		return cbp_error_git("cannot read a diff's lines");
	cbp_sort(ch->files, ch->nr_files, sizeof(*ch->files), cmp_file_hunks);
	for (i = 0; i < ch->nr_files; i++) {
		h = (h ^ ch->files[i].hunks) * CBP_FNV_PRIME;
		cbp_sort(ch->files[i].line, ch->files[i].lines,
			 sizeof(*ch->files[i].line), cmp_u64);
	}
	ch->hunks = h;
	return 0;
}

/* Sort the paths of @ch and keep each once. */
static void sort_paths(struct cbp_git_change *ch)
{
	size_t i, o;

	cbp_sort(ch->paths, ch->nr_paths, sizeof(*ch->paths), cmp_path);
	for (i = 0, o = 0; i < ch->nr_paths; i++) {
		if (o && !strcmp(ch->paths[o - 1], ch->paths[i])) {
			free(ch->paths[i]);
			continue;
		}
		ch->paths[o++] = ch->paths[i];
	}
	ch->nr_paths = o;
}

/*
 * The patch-id of @diff into @pid: the one patch-id (patch-id.c), of the
 * diff as git show prints it.  0, 1 if it has none, or -1 with libgit2's
 * message recorded.
 */
static int diff_patch_id(git_diff *diff, char *pid)
{
	git_buf text = { 0 };
	int rc;

	if (git_diff_to_buf(&text, diff, GIT_DIFF_FORMAT_PATCH) < 0)
		return cbp_error_git("cannot print a diff");
	rc = cbp_patch_id(text.ptr, text.size, pid) ? 1 : 0;
	git_buf_dispose(&text);
	return rc;
}

/*
 * The diff of @pt to @t for the @nr @paths alone, as every patch-id here
 * is taken from: libgit2 then reads only the trees along the paths,
 * where a whole-tree diff reads every tree of a large repository, and
 * places a change in a run of lines as git does (its indent heuristic,
 * the default since 2.14).  0, or -1 with libgit2's message recorded.
 */
static int diff_paths(struct cbp_repo *repo, git_tree *pt, git_tree *t,
		      char **paths, size_t nr, git_diff **diff)
{
	git_diff_options opts;

	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.pathspec.strings = paths;
	opts.pathspec.count = nr;
	opts.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;
	opts.flags |= GIT_DIFF_INDENT_HEURISTIC;
	if (git_diff_tree_to_tree(diff, repo->git, pt, t, &opts) < 0)
		return cbp_error_git("cannot diff a commit");
	return 0;
}

/* The paths of @diff's deltas, sorted, each once; and its patch-id. */
static int read_diff(git_diff *diff, int want_pid, struct cbp_git_change *ch)
{
	size_t n = git_diff_num_deltas(diff), alloc = 0, i;
	int rc;

	for (i = 0; i < n; i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		add_path(ch, &alloc, d->old_file.path);
		if (!d->old_file.path || strcmp(d->old_file.path, d->new_file.path))
			add_path(ch, &alloc, d->new_file.path);
	}
	sort_paths(ch);
	if (!want_pid || !n)
		return 0;
	rc = diff_patch_id(diff, ch->pid);
	if (rc < 0)
		return -1;
	ch->has_pid = !rc;
	if (hash_hunks(diff, ch))
		return -1;
	return 0;
}

/* Deeper trees than this are not walked (only hostile data has them). */
#define MAX_TREE_DEPTH	256

/* A file that changed: its path, modes and blob IDs (zero: no such side). */
struct file_pair {
	char *path;
	git_oid a, b;
	unsigned int mode_a, mode_b;
	int binary_a, binary_b;
};

/* A tree object as read by read_tree(), its buffer kept for the next. */
struct raw_tree {
	git_oid id;
	char *buf;
	size_t len, alloc;
};

/*
 * One entry of a tree object: its name (not NUL-terminated), its mode as
 * written and as libgit2 gives it (git_tree_entry_filemode(): any
 * executable bit makes an executable file, anything else not a folder,
 * link or submodule a plain file), and its object's ID.
 */
struct tree_entry {
	const char *name;
	size_t name_len;
	unsigned int raw_mode, mode;
	const git_oid *id;
};

#define MODE_TYPE	0170000
#define MODE_TREE	0040000
#define MODE_FILE	0100644
#define MODE_EXEC	0100755
#define MODE_LINK	0120000
#define MODE_SUBMODULE	0160000

/* What a walk of two trees fills in. */
struct walk {
	struct cbp_repo *repo;
	struct cbp_git_change *ch;
	size_t alloc;
	struct file_pair *f;	/* NULL unless wanted */
	size_t nr_f, alloc_f;
	int want_files;
	/* Two trees a level, read into buffers kept for the whole walk. */
	struct raw_tree *level;
};

static int is_tree(const struct tree_entry *e)
{
	return (e->raw_mode & MODE_TYPE) == MODE_TREE;
}

/* A file's blob: not a folder, not a submodule's commit. */
static int is_blob(const struct tree_entry *e)
{
	return !is_tree(e) && (e->raw_mode & MODE_TYPE) != MODE_SUBMODULE;
}

static unsigned int normal_mode(unsigned int raw)
{
	if ((raw & MODE_TYPE) == MODE_TREE)
		return MODE_TREE;
	if (raw & 0111)
		return MODE_EXEC;
	if ((raw & MODE_TYPE) == MODE_SUBMODULE)
		return MODE_SUBMODULE;
	if ((raw & MODE_TYPE) == MODE_LINK)
		return MODE_LINK;
	return MODE_FILE;
}

/*
 * The entry of @t at *@pos into @e, *@pos moved past it: "MODE NAME",
 * a NUL, the 20 bytes of the ID.  A mode padded with zeros ("0100644",
 * which old tools wrote and git fsck only warns of) reads as git reads
 * it.  Return: 1, 0 at the end, or -1 if the tree is damaged (a mode not
 * in octal or over 7 digits, no name, the ID cut short).
 */
static int next_entry(const struct raw_tree *t, size_t *pos,
		      struct tree_entry *e)
{
	const char *p = t->buf + *pos, *end = t->buf + t->len, *nul;
	unsigned int mode = 0;
	int digits = 0;

	if (p == end)
		return 0;
	for (; p < end && *p != ' '; p++, digits++) {
		if (*p < '0' || *p > '7' || mode > 0777777)
			return -1;
		mode = mode << 3 | (unsigned int)(*p - '0');
	}
	if (!digits || p == end)
		return -1;
	p++;
	nul = memchr(p, '\0', (size_t)(end - p));
	if (!nul || nul == p || (size_t)(end - nul - 1) < GIT_OID_RAWSZ)
		return -1;
	e->name = p;
	e->name_len = (size_t)(nul - p);
	e->raw_mode = mode;
	e->mode = normal_mode(mode);
	e->id = (const git_oid *)(nul + 1);
	*pos = (size_t)(nul + 1 + GIT_OID_RAWSZ - t->buf);
	return 1;
}

/*
 * Git's order of the entries of a tree: by name, a folder's compared as
 * if it ended in '/' (so "a" the file and "a" the folder are not one).
 */
static int entry_cmp(const struct tree_entry *a, const struct tree_entry *b)
{
	size_t n = a->name_len < b->name_len ? a->name_len : b->name_len;
	int c = memcmp(a->name, b->name, n);
	unsigned char ca, cb;

	if (c)
		return c;
	ca = n < a->name_len ? (unsigned char)a->name[n] : is_tree(a) ? '/' : 0;
	cb = n < b->name_len ? (unsigned char)b->name[n] : is_tree(b) ? '/' : 0;
	return ca - cb;
}

/*
 * Read tree @id into @t: from the packs (git-pack.c) when they have it,
 * else through libgit2.  0, or -1 with the error recorded.
 */
static int read_tree(struct cbp_repo *repo, const git_oid *id,
		     struct raw_tree *t)
{
	git_odb_object *obj;
	git_odb *odb;
	int err;

	git_oid_cpy(&t->id, id);
	if (!repo->packs)
		repo->packs = cbp_git_packs_open(cbp_git_commondir(repo));
	if (cbp_git_packs_read(repo->packs, from_git(id), GIT_OBJECT_TREE,
			       &t->buf, &t->alloc, &t->len) == 1)
		return 0;
	if (git_repository_odb(&odb, repo->git) < 0)
		return cbp_error_git("cannot read a tree to compare");
	err = git_odb_read(&obj, odb, id);
	git_odb_free(odb);
	if (err < 0)
		return cbp_error_git("cannot read a tree to compare");
	if (git_odb_object_type(obj) != GIT_OBJECT_TREE) {
		git_odb_object_free(obj);
		return cbp_error("cannot read a tree to compare: %s is no tree",
				 git_oid_tostr_s(id));
	}
	t->len = git_odb_object_size(obj);
	t->buf = cbp_grow(t->buf, 1, t->len + 1, &t->alloc);
	memcpy(t->buf, git_odb_object_data(obj), t->len);
	git_odb_object_free(obj);
	return 0;
}

/* One side of a file that changed, into @ch (path, and the blobs hash). */
static void walk_file(struct walk *w, const char *path,
		      const struct tree_entry *a, const struct tree_entry *b)
{
	struct cbp_git_change *ch = w->ch;
	size_t *alloc = &w->alloc;
	static const git_oid zero;
	unsigned int ma = a ? a->mode : 0;
	unsigned int mb = b ? b->mode : 0;
	unsigned long long h = ch->blobs ? ch->blobs : CBP_FNV_OFFSET;

	add_path(ch, alloc, path);
	h = cbp_fnv(h, path, strlen(path) + 1);
	h = cbp_fnv(h, &ma, sizeof(ma));
	h = cbp_fnv(h, &mb, sizeof(mb));
	h = cbp_fnv(h, (a ? a->id : &zero)->id, GIT_OID_RAWSZ);
	ch->blobs = cbp_fnv(h, (b ? b->id : &zero)->id, GIT_OID_RAWSZ);
	if (w->want_files) {
		struct file_pair *f;

		w->f = cbp_grow(w->f, sizeof(*w->f), w->nr_f + 1, &w->alloc_f);
		f = &w->f[w->nr_f++];
		memset(f, 0, sizeof(*f));
		f->path = cbp_strdup(path);
		f->mode_a = ma;
		f->mode_b = mb;
		/* A submodule's commit is no blob: its ID is the change. */
		if (a && is_blob(a))
			git_oid_cpy(&f->a, a->id);
		else if (a)
			f->binary_a = 1;
		if (b && is_blob(b))
			git_oid_cpy(&f->b, b->id);
		else if (b)
			f->binary_b = 1;
	}
}

static int walk_trees(struct walk *w, const struct raw_tree *a,
		      const struct raw_tree *b, const char *prefix, int depth);

/*
 * @prefix and @name (@len bytes) joined, with a slash after them for a
 * folder: a new string.  Made for every entry that differs in every
 * commit compared, where cbp_strf()'s two vsnprintf() calls were a tenth
 * of a cold build's instructions in bench/shapes-bench.sh's vendor-heavy
 * history.
 */
static char *join_path(const char *prefix, const char *name, size_t len,
		       int folder)
{
	size_t lp = strlen(prefix);
	char *path = cbp_malloc(lp + len + 2);

	memcpy(path, prefix, lp);
	memcpy(path + lp, name, len);
	if (folder)
		path[lp + len++] = '/';
	path[lp + len] = '\0';
	return path;
}

/*
 * Entries @ea and @eb (either may be NULL) of the same name differ; the
 * folders among them are read into the buffers of level @depth + 1.
 */
static int walk_entry(struct walk *w, const struct tree_entry *ea,
		      const struct tree_entry *eb, const char *prefix,
		      int depth)
{
	int ta = ea && is_tree(ea);
	int tb = eb && is_tree(eb);
	const struct tree_entry *any = ea ? ea : eb;
	struct raw_tree *sa = &w->level[2 * (depth + 1)], *sb = sa + 1;
	char *path = join_path(prefix, any->name, any->name_len, 0);
	int err = 0;

	if (!ta && !tb) {
		walk_file(w, path, ea, eb);
		goto out;
	}
	/* A file that became a directory, or the other way: both sides. */
	if (ea && !ta)
		walk_file(w, path, ea, NULL);
	if (eb && !tb)
		walk_file(w, path, NULL, eb);
	if ((ta && read_tree(w->repo, ea->id, sa)) ||
	    (tb && read_tree(w->repo, eb->id, sb))) {
		err = -1;
		goto out;
	}
	free(path);
	path = join_path(prefix, any->name, any->name_len, 1);
	err = walk_trees(w, ta ? sa : NULL, tb ? sb : NULL, path, depth + 1);
out:
	free(path);
	return err;
}

/* The next entry of @t (NULL: none) into @e: 1, 0 at the end, or -1. */
static int walk_next(const struct raw_tree *t, size_t *pos,
		     struct tree_entry *e)
{
	int rc = t ? next_entry(t, pos, e) : 0;

	if (rc < 0)
		return cbp_error("cannot read a tree to compare: tree %s is damaged",
				 git_oid_tostr_s(&t->id));
	return rc;
}

/*
 * The files that differ between trees @a and @b (either may be NULL),
 * as `git diff-tree -r` finds them: a subtree with the same ID on both
 * sides is not read, so a commit in a large tree costs only the trees
 * along its paths.
 */
static int walk_trees(struct walk *w, const struct raw_tree *a,
		      const struct raw_tree *b, const char *prefix, int depth)
{
	struct tree_entry ea, eb;
	size_t i = 0, j = 0;
	int ha, hb, c, err = 0;

	if (depth > MAX_TREE_DEPTH)
		return cbp_error("a tree nested more than %d deep", MAX_TREE_DEPTH);
	ha = walk_next(a, &i, &ea);
	hb = walk_next(b, &j, &eb);
	while (!err && ha >= 0 && hb >= 0 && (ha || hb)) {
		c = !ha ? 1 : !hb ? -1 : entry_cmp(&ea, &eb);
		if (c < 0) {
			err = walk_entry(w, &ea, NULL, prefix, depth);
			ha = walk_next(a, &i, &ea);
		} else if (c > 0) {
			err = walk_entry(w, NULL, &eb, prefix, depth);
			hb = walk_next(b, &j, &eb);
		} else {
			if (!git_oid_equal(ea.id, eb.id) || ea.mode != eb.mode)
				err = walk_entry(w, &ea, &eb, prefix, depth);
			ha = walk_next(a, &i, &ea);
			hb = walk_next(b, &j, &eb);
		}
	}
	return err || ha < 0 || hb < 0 ? -1 : 0;
}

/*
 * Walk the trees @pt (NULL: none, a root commit) and @t into @w, from
 * their roots.
 */
static int walk_tree_ids(struct cbp_repo *repo, const git_oid *pt,
			 const git_oid *t, struct walk *w)
{
	struct raw_tree *level;
	size_t i;
	int err;

	level = cbp_calloc(2 * (MAX_TREE_DEPTH + 2), sizeof(*level));
	w->repo = repo;
	w->level = level;
	if ((pt && read_tree(repo, pt, &level[0])) ||
	    read_tree(repo, t, &level[1]))
		err = -1;
	else
		err = walk_trees(w, pt ? &level[0] : NULL, &level[1], "", 0);
	for (i = 0; i < 2 * (MAX_TREE_DEPTH + 2); i++)
		free(level[i].buf);
	free(level);
	w->level = NULL;
	return err;
}

/*
 * The commit @oid and its first parent (none for a root commit); the
 * caller frees what was looked up, also on failure.
 */
static int commit_and_parent(struct cbp_repo *repo, const struct cbp_oid *oid,
			     git_commit **c, git_commit **parent)
{
	if (git_commit_lookup(c, repo->git, to_git(oid)) < 0 ||
	    (git_commit_parentcount(*c) &&
	     git_commit_parent(parent, *c, 0) < 0))
		return cbp_error_git("cannot read a commit to compare");
	return 0;
}

/* The trees of @c and of @parent (NULL: none) as libgit2's objects. */
static int commit_trees(git_commit *c, git_commit *parent, git_tree **t,
			git_tree **pt)
{
	if (git_commit_tree(t, c) < 0 ||
	    (parent && git_commit_tree(pt, parent) < 0))
		return cbp_error_git("cannot read a commit to compare");
	return 0;
}

/* The walk of @c against @parent (NULL: none) into @w. */
static int walk_commit(struct cbp_repo *repo, git_commit *c,
		       git_commit *parent, struct walk *w)
{
	return walk_tree_ids(repo, parent ? git_commit_tree_id(parent) : NULL,
			     git_commit_tree_id(c), w);
}

/**
 * cbp_git_change_of() - the files a commit touches, and its patch-id
 * @repo: the repository
 * @oid: the commit
 * @want_pid: also compute the patch-id (it reads and diffs the blobs;
 *	      the file set alone compares trees only)
 * @ch: filled in; release with cbp_git_change_release()
 *
 * Return: 0, or -1 with libgit2's message recorded.
 */
int cbp_git_change_of(struct cbp_repo *repo, const struct cbp_oid *oid,
		      int want_pid, struct cbp_git_change *ch)
{
	git_commit *c = NULL, *parent = NULL;
	git_tree *t = NULL, *pt = NULL;
	git_diff *diff = NULL;
	struct cbp_git_change walked = { 0 };
	struct walk w = { .ch = ch };
	int err = -1, merge;

	memset(ch, 0, sizeof(*ch));
	if (commit_and_parent(repo, oid, &c, &parent) < 0)
		goto out;
	merge = git_commit_parentcount(c) > 1;
	err = walk_commit(repo, c, parent, &w);
	if (err)
		goto out;
	sort_paths(ch);
	if (!want_pid || !ch->nr_paths)
		goto out;
	/* The diff for the patch-id, limited to the files the walk found. */
	err = -1;
	if (commit_trees(c, parent, &t, &pt) ||
	    diff_paths(repo, pt, t, ch->paths, ch->nr_paths, &diff))
		goto out;
	/* Renames matter to the patch-id only; paths are both sides anyway. */
	if (!merge && git_diff_find_similar(diff, NULL) < 0) {
		cbp_error_git("cannot find renames");
		goto out;
	}
	/* The paths are read again from the diff. */
	walked = *ch;
	memset(ch, 0, sizeof(*ch));
	err = read_diff(diff, !merge, ch);
	ch->blobs = walked.blobs;
out:
	cbp_git_change_release(&walked);
	git_diff_free(diff);
	git_tree_free(pt);
	git_tree_free(t);
	git_commit_free(parent);
	git_commit_free(c);
	if (err)
		cbp_git_change_release(ch);
	return err;
}

/*
 * A file whose two sides weigh more than this together is large: its
 * change is diffed only when the sizes say it may be the same patch
 * (cbp_git_files_same()).  Beyond CONTENT_MAX_BYTES it is not diffed
 * at all, but compared by its blob IDs: memory, not time, is the bound.
 */
#define LARGE_BYTES		(256 * 1024)
#define CONTENT_MAX_BYTES	(64 * 1024 * 1024)

/*
 * The size of a blob from its header (no inflating) into *@len, 0 for
 * none.  Return: 0, or -1 when the repository lacks it (*@len is 0).
 */
static int read_size(git_repository *git, const git_oid *id, size_t *len)
{
	static const git_oid zero;
	git_object_t type;
	git_odb *odb;
	int err = 0;

	*len = 0;
	if (git_oid_equal(id, &zero))
		return 0;
	if (git_repository_odb(&odb, git) < 0)
		return -1;
	if (git_odb_read_header(len, &type, odb, id) < 0) {
		*len = 0;
		err = -1;
	}
	git_odb_free(odb);
	return err;
}

/* The size of a blob from its header, 0 if none or unreadable. */
static size_t blob_size(git_repository *git, const git_oid *id)
{
	size_t len;

	read_size(git, id, &len);
	return len;
}

/*
 * How much of a file git reads to tell binary from text: a NUL in its
 * first 8000 bytes makes it binary when no attribute says (git's
 * buffer_is_binary(), and libgit2's diff, which decides the patch-ids
 * compared beside these hashes).
 */
#define BINARY_PROBE_BYTES	8000

/*
 * Is @b binary as git diff sees it?  Not libgit2's git_blob_is_binary(),
 * which also calls binary a file of more than one control byte in 128
 * (a file git and libgit2's own diff show as text, and whose change
 * would then be compared by its blob IDs only), looking at each byte in
 * turn where memchr() takes many at a time.
 */
static int blob_is_binary(const git_blob *b)
{
	size_t n = (size_t)git_blob_rawsize(b);

	if (!n)
		return 0;
	if (n > BINARY_PROBE_BYTES)
		n = BINARY_PROBE_BYTES;
	return !!memchr(git_blob_rawcontent(b), '\0', n);
}

/* Whether @pos, in @s of the kept part starting at @start, starts a line. */
static int line_start(const char *s, size_t pos, size_t start)
{
	return pos == start || s[pos - 1] == '\n';
}

/*
 * Leave out of the texts *@a (*@la bytes) and *@b (*@lb) the whole lines
 * both start with and both end with.  xdiff leaves them out too, but only
 * after it has hashed every line of both: of a 300 KiB file a copy
 * changes in a few lines, those lines are then all it reads.  The lines
 * either keeps are diffed as they would be in the whole file, but for a
 * change whose lines could slide into those left out (lines repeated
 * around it): it then stays at the edge, on both commits of a pair alike.
 */
static void trim_common(const char **a, size_t *la, const char **b, size_t *lb)
{
	size_t n = *la < *lb ? *la : *lb, p = 0, head, s = 0, m;

	/* memcmp() finds the first block that differs, fast. */
	while (p + 64 <= n && !memcmp(*a + p, *b + p, 64))
		p += 64;
	while (p < n && (*a)[p] == (*b)[p])
		p++;
	/* Back to the end of the last line both have whole. */
	for (head = p; head > 0 && (*a)[head - 1] != '\n'; head--)
		;
	m = n - head;
	while (s + 64 <= m && !memcmp(*a + *la - s - 64, *b + *lb - s - 64, 64))
		s += 64;
	while (s < m && (*a)[*la - s - 1] == (*b)[*lb - s - 1])
		s++;
	/* Forward to where a line starts in both. */
	while (s > 0 && !(line_start(*a, *la - s, head) &&
			  line_start(*b, *lb - s, head)))
		s--;
	*a += head;
	*b += head;
	*la -= head + s;
	*lb -= head + s;
}

/*
 * The two sides of @f to compare, between the lines both start and end
 * with (trim_common()): 0 with *@ta (*@la bytes) and *@tb (*@lb) in the
 * blobs *@a and *@b, which the caller frees (NULL for a side that is
 * none); 1 for a file whose lines are not compared, its IDs deciding (a
 * submodule, a binary file, over CONTENT_MAX_BYTES: bounded work); -1
 * with libgit2's error recorded.
 */
static int file_sides(git_repository *git, const struct file_pair *f,
		      git_blob **a, git_blob **b, const char **ta, size_t *la,
		      const char **tb, size_t *lb)
{
	static const git_oid zero;

	*a = NULL;
	*b = NULL;
	*ta = "";
	*tb = "";
	*la = 0;
	*lb = 0;
	if (f->binary_a || f->binary_b ||
	    blob_size(git, &f->a) + blob_size(git, &f->b) > CONTENT_MAX_BYTES)
		return 1;
	if ((!git_oid_equal(&f->a, &zero) && git_blob_lookup(a, git, &f->a) < 0) ||
	    (!git_oid_equal(&f->b, &zero) && git_blob_lookup(b, git, &f->b) < 0)) {
		git_blob_free(*a);
		*a = NULL;
		cbp_error_git("cannot read a file to compare");
		return -1;
	}
	/*
	 * Binary files are told by their content, as git does without
	 * attributes: from blobs with a name, libgit2 would look the
	 * repository's diff attributes up (stat() calls and a path
	 * resolution per file), which could also call a text file binary.
	 */
	if ((*a && blob_is_binary(*a)) || (*b && blob_is_binary(*b))) {
		git_blob_free(*a);
		git_blob_free(*b);
		*a = NULL;
		*b = NULL;
		return 1;
	}
	if (*a) {
		*ta = git_blob_rawcontent(*a);
		*la = (size_t)git_blob_rawsize(*a);
	}
	if (*b) {
		*tb = git_blob_rawcontent(*b);
		*lb = (size_t)git_blob_rawsize(*b);
	}
	trim_common(ta, la, tb, lb);
	return 0;
}

/*
 * One line's part of a file's net (quick_file()): its text, blanks aside,
 * hashed, then mixed (splitmix64's finaliser) so that sums of many
 * lines keep apart what they sum.
 */
static unsigned long long line_net(const char *s, size_t len)
{
	unsigned long long h = CBP_FNV_OFFSET;
	size_t i;

	for (i = 0; i < len; i++)
		if (!cbp_is_space((unsigned char)s[i]))
			h = (h ^ (unsigned char)s[i]) * CBP_FNV_PRIME;
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebull;
	return h ^ (h >> 31);
}

/* The sum of line_net() over the lines of @s, @len bytes. */
static unsigned long long lines_net(const char *s, size_t len)
{
	const char *end = s + len, *nl;
	unsigned long long sum = 0;
	size_t n;

	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		n = nl ? (size_t)(nl - s) + 1 : (size_t)(end - s);
		sum += line_net(s, n);
		s += n;
	}
	return sum;
}

/* The hash of a file whose lines are not compared: its blobs' IDs. */
static unsigned long long ids_hash(const struct file_pair *f)
{
	return cbp_fnv(cbp_fnv(CBP_FNV_OFFSET, f->a.id, GIT_OID_RAWSZ),
		       f->b.id, GIT_OID_RAWSZ);
}

/*
 * What can be told of a changed file without a diff, from its two sides
 * after trim_common() (what hash_file() diffs): *@mid, a hash of those
 * bytes, and *@net, what its lines net, blanks aside (the sum of
 * line_net() of the lines after less of those before).  Two changes of
 * the same *@mid have the same diff, so the same hash_file(); any
 * diff's lines added less those dropped are the lines netted, so two of
 * another *@net have other hashes.  Only the pairs between (the same
 * lines under other context lines, or few other changes) are diffed.
 * A file whose lines are not compared has its IDs' hash as all three,
 * *@hash included, and *@done set.
 */
static int quick_file(git_repository *git, const struct file_pair *f,
		      unsigned long long *mid, unsigned long long *net,
		      unsigned long long *hash, int *done)
{
	git_blob *a, *b;
	const char *ta, *tb;
	size_t la, lb;
	int rc = file_sides(git, f, &a, &b, &ta, &la, &tb, &lb);

	*done = rc == 1;
	if (rc < 0)
		return -1;
	if (rc) {
		*mid = ids_hash(f);
		*net = *mid;
		*hash = *mid;
		return 0;
	}
	/* The lengths first: "ab" "c" is not "a" "bc". */
	*mid = cbp_fnv(CBP_FNV_OFFSET, &la, sizeof(la));
	*mid = cbp_fnv(cbp_fnv(*mid, ta, la), tb, lb);
	*net = lines_net(tb, lb) - lines_net(ta, la);
	git_blob_free(a);
	git_blob_free(b);
	return 0;
}

/*
 * The hash of one changed file: the lines it adds and drops, or the IDs
 * of a file whose lines are not compared.  Not its path: the caller adds
 * that where it counts, and a file moved to another folder changed alike
 * hashes alike (cbp_git_files_same_moved()).
 */
static int hash_file(git_repository *git, const struct file_pair *f,
		     unsigned long long *out)
{
	unsigned long long h = CBP_FNV_OFFSET;
	git_diff_options opts;
	git_blob *a, *b;
	git_patch *patch = NULL;
	const char *ta, *tb;
	size_t k, n, l, la, lb;
	int err = -1, rc;

	/*
	 * The lines between those alike, as buffers of no name: libgit2
	 * hashes buffers for their IDs, which costs only what is left.
	 * No context: only the lines added and dropped are hashed.
	 */
	rc = file_sides(git, f, &a, &b, &ta, &la, &tb, &lb);
	if (rc < 0)
		return -1;
	if (rc)
		goto ids;
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.flags = GIT_DIFF_FORCE_TEXT;
	opts.context_lines = 0;
	opts.interhunk_lines = 0;
	if (git_patch_from_buffers(&patch, ta, la, NULL, tb, lb, NULL, &opts) < 0) {
		cbp_error_git("cannot diff a file to compare");
		goto out;
	}
	for (k = 0, n = git_patch_num_hunks(patch); k < n; k++) {
		int nl = git_patch_num_lines_in_hunk(patch, k);

		for (l = 0; nl > 0 && l < (size_t)nl; l++) {
			const git_diff_line *line;
			size_t i;

			if (git_patch_get_line_in_hunk(&line, patch, k, l) < 0)
				continue;
			if (line->origin != GIT_DIFF_LINE_ADDITION &&
			    line->origin != GIT_DIFF_LINE_DELETION)
				continue;
			h = (h ^ (unsigned char)line->origin) * CBP_FNV_PRIME;
			for (i = 0; i < line->content_len; i++) {
				unsigned char ch = (unsigned char)line->content[i];

				if (!cbp_is_space(ch))
					h = (h ^ ch) * CBP_FNV_PRIME;
			}
		}
	}
	*out = h;
	err = 0;
	goto out;
ids:
	/* A binary file or a submodule: the same change has the same IDs. */
	*out = ids_hash(f);
	err = 0;
out:
	git_patch_free(patch);
	git_blob_free(a);
	git_blob_free(b);
	return err;
}

/*
 * hash_file() of @f, from @repo's memo (git-memo.c) when a commit read
 * before changed the same file alike.
 */
static int memo_hash_file(struct cbp_repo *repo, const struct file_pair *f,
			  unsigned long long *out)
{
	const struct cbp_memo_key key = {
		.path = f->path, .a = &f->a, .b = &f->b,
		.binary_a = f->binary_a, .binary_b = f->binary_b,
	};

	if (cbp_content_memo_get(repo, &key, out))
		return 0;
	if (hash_file(repo->git, f, out))
		return -1;
	cbp_content_memo_put(repo, &key, *out);
	return 0;
}

/*
 * The files commit @oid changes against its first parent, with their
 * blob IDs, into @w (which wants files); release with walk_release().
 * Return: 0, 1 if it has none to compare (a merge, an empty change), or
 * -1 with libgit2's message recorded.
 */
static int commit_files(struct cbp_repo *repo, const struct cbp_oid *oid,
			struct walk *w)
{
	git_commit *c = NULL, *parent = NULL;
	int err = -1;

	if (commit_and_parent(repo, oid, &c, &parent) < 0)
		goto out;
	err = 1;
	if (git_commit_parentcount(c) > 1)
		goto out;
	err = walk_commit(repo, c, parent, w);
	if (!err && !w->nr_f)
		err = 1;
out:
	git_commit_free(parent);
	git_commit_free(c);
	return err;
}

/* What commit_files() filled in. */
static void walk_release(struct walk *w)
{
	size_t i;

	for (i = 0; i < w->nr_f; i++)
		free(w->f[i].path);
	free(w->f);
	cbp_git_change_release(w->ch);
}

/**
 * cbp_git_change_content() - what a commit changes, as one number
 * @repo: the repository
 * @oid: the commit
 * @out: the hash of each changed file's path and the lines it adds and
 *	 drops, blanks aside (as patch-ids ignore them), files in any order
 *
 * Equal for two commits that make the same patch wherever they apply:
 * a cherry-pick onto another base.  Only the trees along the changed
 * paths and the changed files' blobs are read, so a commit in a large
 * tree costs what it changes, which a whole-tree diff does not; and of
 * each file only the lines between those its sides start and end with
 * alike are diffed (trim_common()).
 *
 * Return: 0, 1 if the commit has no such hash (a merge, an empty change),
 * or -1 with libgit2's message recorded.
 */
int cbp_git_change_content(struct cbp_repo *repo, const struct cbp_oid *oid,
			   unsigned long long *out)
{
	struct cbp_git_change ch = { 0 };
	struct walk w = { .ch = &ch, .want_files = 1 };
	unsigned long long *fh = NULL, h = CBP_FNV_OFFSET;
	size_t i;
	int err;

	err = commit_files(repo, oid, &w);
	if (err)
		goto out;
	fh = cbp_calloc(w.nr_f, sizeof(*fh));
	for (i = 0; i < w.nr_f; i++) {
		if (memo_hash_file(repo, &w.f[i], &fh[i])) {
			err = -1;
			goto out;
		}
		fh[i] = cbp_fnv(fh[i], w.f[i].path, strlen(w.f[i].path));
	}
	cbp_sort(fh, w.nr_f, sizeof(*fh), cmp_u64);
	for (i = 0; i < w.nr_f; i++)
		h = (h ^ fh[i]) * CBP_FNV_PRIME;
	*out = h;
out:
	free(fh);
	walk_release(&w);
	return err;
}

/* struct file_pair by path. */
static int cmp_file_pair(const void *a, const void *b)
{
	const struct file_pair *x = a, *y = b;

	return strcmp(x->path, y->path);
}

/* Do @x and @y turn a file from the same blob into the same blob? */
static int same_pair(const struct file_pair *x, const struct file_pair *y)
{
	return !strcmp(x->path, y->path) && x->mode_a == y->mode_a &&
	       x->mode_b == y->mode_b && git_oid_equal(&x->a, &y->a) &&
	       git_oid_equal(&x->b, &y->b) && x->binary_a == y->binary_a &&
	       x->binary_b == y->binary_b;
}

/* A text file both sides of which are blobs: changed, not added or removed. */
static int modified(const struct file_pair *f)
{
	return !f->binary_a && !f->binary_b && !git_oid_is_zero(&f->a) &&
	       !git_oid_is_zero(&f->b) && f->mode_a == f->mode_b;
}

/*
 * The git layer's view of @f: the path and IDs, no copy (the hash and
 * the memo read nothing else).
 */
static void file_pair_of(const struct cbp_git_file *f, struct file_pair *fp)
{
	memset(fp, 0, sizeof(*fp));
	fp->path = f->path;
	memcpy(fp->a.id, f->a.id, GIT_OID_RAWSZ);
	memcpy(fp->b.id, f->b.id, GIT_OID_RAWSZ);
	fp->mode_a = f->mode_a;
	fp->mode_b = f->mode_b;
	fp->binary_a = f->binary_a;
	fp->binary_b = f->binary_b;
}

/**
 * cbp_git_change_files() - the files a commit changes, to compare changes
 * @repo: the repository
 * @oid: the commit
 * @out: its files against its first parent, sorted by path, with their
 *	 blob IDs (from the trees: no blob read); release with
 *	 cbp_git_files_release()
 * @ch: unless NULL, filled in from the same walk as cbp_git_change_of()
 *	without a patch-id fills it (release with cbp_git_change_release();
 *	left empty when the function does not return 0)
 *
 * Two commits make the same change when they touch the same paths and
 * change each file alike (cbp_git_files_same()): a file both turn from
 * the same blob into the same blob without a read, a file from other
 * blobs by its lines (cbp_git_file_fill()).  Each file's size and hash
 * are computed once however many commits it is compared with.
 *
 * Return: 0, 1 if it has no such files (a merge, an empty change), or
 * -1 with libgit2's message recorded.
 */
int cbp_git_change_files(struct cbp_repo *repo, const struct cbp_oid *oid,
			 struct cbp_git_files *out, struct cbp_git_change *ch)
{
	struct cbp_git_change walked = { 0 };
	struct walk w = { .ch = &walked, .want_files = 1 };
	size_t i;
	int err;

	memset(out, 0, sizeof(*out));
	if (ch)
		memset(ch, 0, sizeof(*ch));
	err = commit_files(repo, oid, &w);
	if (err)
		goto out;
	if (ch) {
		sort_paths(&walked);
		*ch = walked;
		memset(&walked, 0, sizeof(walked));
	}
	cbp_sort(w.f, w.nr_f, sizeof(*w.f), cmp_file_pair);
	out->f = cbp_calloc(w.nr_f, sizeof(*out->f));
	out->nr = w.nr_f;
	for (i = 0; i < w.nr_f; i++) {
		struct cbp_git_file *f = &out->f[i];

		/* The walk's path moves over, and is not freed with it. */
		f->path = w.f[i].path;
		w.f[i].path = NULL;
		memcpy(f->a.id, w.f[i].a.id, GIT_OID_RAWSZ);
		memcpy(f->b.id, w.f[i].b.id, GIT_OID_RAWSZ);
		f->mode_a = w.f[i].mode_a;
		f->mode_b = w.f[i].mode_b;
		f->binary_a = w.f[i].binary_a;
		f->binary_b = w.f[i].binary_b;
	}
out:
	walk_release(&w);
	return err;
}

/**
 * cbp_git_file_fill() - what comparing a file needs next
 * @repo: the repository
 * @f: a file of cbp_git_change_files()
 *
 * First its change in size and whether it is large, from the objects'
 * headers (nothing inflated); once those are known, what its two sides
 * tell without a diff (quick_file(), unless @f->no_quick or a pair asked
 * for its hash already); then the hash of the lines it adds and drops,
 * blanks aside, whatever its path (from the repository's memo when a
 * file was changed alike before).
 *
 * Return: 0, or -1 with libgit2's message recorded (@f->hashed is then
 * -1: it cannot be compared).
 */
int cbp_git_file_fill(struct cbp_repo *repo, struct cbp_git_file *f)
{
	struct file_pair fp;
	size_t a, b;

	if (!f->sized) {
		git_oid ia, ib;
		int err = 0;

		memcpy(ia.id, f->a.id, GIT_OID_RAWSZ);
		memcpy(ib.id, f->b.id, GIT_OID_RAWSZ);
		/* A submodule's commit is not in the repository: no size. */
		if (!f->binary_a)
			err |= read_size(repo->git, &ia, &a);
		else
			a = 0;
		if (!f->binary_b)
			err |= read_size(repo->git, &ib, &b);
		else
			b = 0;
		f->size_change = (long long)b - (long long)a;
		f->large = a + b > LARGE_BYTES;
		f->sized = 1;
		/* A blob a partial clone lacks: nothing to compare it by. */
		if (err) {
			f->hashed = -1;
			cbp_error_git("cannot read a file's size to compare");
			return -1;
		}
		return 0;
	}
	if (f->hashed)
		return f->hashed < 0 ? -1 : 0;
	file_pair_of(f, &fp);
	if (!f->quick && !f->no_quick && !f->want_hash) {
		int done;

		f->quick = 1;
		if (quick_file(repo->git, &fp, &f->mid, &f->net, &f->hash,
			       &done)) {
			f->hashed = -1;
			return -1;
		}
		f->hashed = done;
		return 0;
	}
	if (memo_hash_file(repo, &fp, &f->hash)) {
		f->hashed = -1;
		return -1;
	}
	f->hashed = 1;
	return 0;
}

/*
 * Do @x and @y turn their file from the same blob into the same blob?
 * Then they add the same to any comparison, modes aside (which the
 * lines do not show).
 */
static int same_blobs(const struct cbp_git_file *x, const struct cbp_git_file *y)
{
	return !memcmp(x->a.id, y->a.id, CBP_OID_RAWSZ) &&
	       !memcmp(x->b.id, y->b.id, CBP_OID_RAWSZ) &&
	       x->binary_a == y->binary_a && x->binary_b == y->binary_b;
}

/* Ask @want for the next value of @fx unless @has_x, and of @fy so. */
static void ask(struct cbp_git_file *fx, int has_x, struct cbp_git_file *fy,
		int has_y, void (*want)(struct cbp_git_file *f, void *data),
		void *data)
{
	if (!has_x)
		want(fx, data);
	if (!has_y)
		want(fy, data);
}

/*
 * What comparing files has met: a value still to compute (@missing), a
 * file that could not be read (@bad); @want and @data ask for a value.
 */
struct same_state {
	void (*want)(struct cbp_git_file *f, void *data);
	void *data;
	int missing, bad;
};

/*
 * Whether @fx and @fy may be one change, as far as their values known
 * tell: 0 if they are not, 1 if they are or may be (the values wanted
 * asked for, in @st).
 */
static int file_same(struct cbp_git_file *fx, struct cbp_git_file *fy,
		     struct same_state *st)
{
	if (same_blobs(fx, fy))
		return 1;
	if (!fx->sized || !fy->sized) {
		ask(fx, fx->sized, fy, fy->sized, st->want, st->data);
		st->missing = 1;
		return 1;
	}
	if (fx->hashed < 0 || fy->hashed < 0) {
		st->bad = 1;
		return 1;
	}
	if ((fx->large || fy->large) && fx->size_change != fy->size_change)
		return 0;
	if (fx->hashed && fy->hashed)
		return fx->hash == fy->hash;
	/*
	 * What the sides tell without a diff, unless a side asked for no
	 * first reading; a side hashed for another pair has told all.
	 */
	if (!fx->no_quick && !fy->no_quick) {
		int qx = fx->quick || fx->hashed, qy = fy->quick || fy->hashed;

		if (!qx || !qy) {
			ask(fx, qx, fy, qy, st->want, st->data);
			st->missing = 1;
			return 1;
		}
		if (fx->quick && fy->quick) {
			if (fx->mid == fy->mid)
				return 1;
			if (fx->net != fy->net)
				return 0;
		}
	}
	fx->want_hash |= !fx->hashed;
	fy->want_hash |= !fy->hashed;
	ask(fx, fx->hashed, fy, fy->hashed, st->want, st->data);
	st->missing = 1;
	return 1;
}

/* What the files compared so say, each pair possibly one change. */
static int files_answer(const struct same_state *st)
{
	if (st->missing)
		return CBP_GIT_UNDECIDED;
	return st->bad ? -1 : 1;
}

/**
 * cbp_git_files_same() - do two commits make the same change?
 * @x: the files of one (cbp_git_change_files())
 * @y: the files of the other
 * @want: called with each file whose next value (cbp_git_file_fill()) the
 *	  answer needs, to be computed before asking again
 * @data: passed to @want
 *
 * They do when they touch the same paths and each file's added and
 * dropped lines are the same, blanks aside (as patch-ids ignore them),
 * or it goes from the same blob to the same blob (a binary file, a
 * submodule): only the files whose blobs differ between the two are
 * read, so a vendor update and its pick onto a branch where one file
 * differs cost that file, not the thousands both change.  A large file
 * that differs (both sides over 256 KiB together, in either) is another
 * change, and never diffed, when the two change its size by other
 * numbers of bytes, as the same lines do wherever they apply; a change
 * of blanks in a large file is then another change too.  The sizes are
 * asked for first, then what the files whose sizes allow one change
 * tell without a diff (the same lines between those alike, or lines
 * netted otherwise), and the hashes only of those that tell neither, so
 * a caller computes them in three rounds, on any thread, each file on
 * one.
 *
 * Return: 1 if the same change, 0 if not, CBP_GIT_UNDECIDED when @want
 * was called, or -1 when a file could not be read.
 */
int cbp_git_files_same(const struct cbp_git_files *x,
		       const struct cbp_git_files *y,
		       void (*want)(struct cbp_git_file *f, void *data),
		       void *data)
{
	struct same_state st = { .want = want, .data = data };
	size_t i;

	if (x->nr != y->nr)
		return 0;
	for (i = 0; i < x->nr; i++)
		if (strcmp(x->f[i].path, y->f[i].path))
			return 0;
	for (i = 0; i < x->nr; i++)
		if (!file_same(&x->f[i], &y->f[i], &st))
			return 0;
	return files_answer(&st);
}

/* struct cbp_git_file pointers by name, then path. */
static int cmp_by_name(const void *a, const void *b)
{
	const struct cbp_git_file *x = *(struct cbp_git_file * const *)a;
	const struct cbp_git_file *y = *(struct cbp_git_file * const *)b;
	int c = strcmp(cbp_git_file_name(x->path), cbp_git_file_name(y->path));

	return c ? c : strcmp(x->path, y->path);
}

/* @files' entries, sorted by name (then path), in a new array. */
static struct cbp_git_file **by_name(const struct cbp_git_files *files)
{
	struct cbp_git_file **v = cbp_calloc(files->nr + 1, sizeof(*v));
	size_t i;

	for (i = 0; i < files->nr; i++)
		v[i] = &files->f[i];
	cbp_sort(v, files->nr, sizeof(*v), cmp_by_name);
	return v;
}

/**
 * cbp_git_files_same_moved() - the same change, folders aside?
 * @x: the files of one commit (cbp_git_change_files())
 * @y: the files of the other, paths of its own
 * @want: as for cbp_git_files_same()
 * @data: passed to @want
 *
 * As cbp_git_files_same(), but each file of one is paired with the file
 * of the same name of the other, wherever their folders (a directory
 * moved between two branches: etcd's server/mvcc/ became
 * server/storage/mvcc/): the two must have as many files, of the same
 * names, each pair turning the same blob into the same blob or adding
 * and dropping the same lines.  Files of one name in several folders
 * are paired in the order of their paths, which a folder moved with
 * them keeps.
 *
 * Return: as cbp_git_files_same().
 */
int cbp_git_files_same_moved(const struct cbp_git_files *x,
			     const struct cbp_git_files *y,
			     void (*want)(struct cbp_git_file *f, void *data),
			     void *data)
{
	struct same_state st = { .want = want, .data = data };
	struct cbp_git_file **vx, **vy;
	size_t i;
	int ret = 0;

	if (x->nr != y->nr)
		return 0;
	vx = by_name(x);
	vy = by_name(y);
	for (i = 0; i < x->nr; i++)
		if (strcmp(cbp_git_file_name(vx[i]->path),
			   cbp_git_file_name(vy[i]->path)))
			goto out;
	for (i = 0; i < x->nr; i++)
		if (!file_same(vx[i], vy[i], &st))
			goto out;
	ret = files_answer(&st);
out:
	free(vx);
	free(vy);
	return ret;
}

/* Does @f add a file (1) or remove one (2), rather than change it (0)? */
static int added_or_removed(const struct cbp_git_file *f)
{
	static const struct cbp_oid none;

	if (f->binary_a || f->binary_b)
		return 0;
	if (!memcmp(f->a.id, none.id, CBP_OID_RAWSZ))
		return 1;
	return memcmp(f->b.id, none.id, CBP_OID_RAWSZ) ? 0 : 2;
}

/**
 * cbp_git_files_renamed() - may two commits be one change with a rename?
 * @x: the files of one (cbp_git_change_files())
 * @y: the files of the other, the same paths
 *
 * A rename is a file removed and another added, each compared whole by
 * cbp_git_files_same(): when the two commits rename a file whose
 * content differs between their bases, those sides differ although the
 * change is the same, and git, which pairs the two paths and diffs the
 * file, gives both one patch-id (FRRouting's 99440b85ab6f and
 * 40da52d8c102 rename tools/frr to tools/frr.in so).  Whether each
 * commit both adds and removes, among the files whose blobs differ
 * between the two, a file: then only their patch-ids can tell.
 *
 * Return: 1 if so, else 0.
 */
int cbp_git_files_renamed(const struct cbp_git_files *x,
			  const struct cbp_git_files *y)
{
	int seen_x = 0, seen_y = 0;
	size_t i;

	if (x->nr != y->nr)
		return 0;
	for (i = 0; i < x->nr; i++) {
		if (same_blobs(&x->f[i], &y->f[i]))
			continue;
		seen_x |= added_or_removed(&x->f[i]);
		seen_y |= added_or_removed(&y->f[i]);
	}
	return seen_x == 3 && seen_y == 3;
}

/**
 * cbp_git_files_release() - free what cbp_git_change_files() made
 * @files: the files
 */
void cbp_git_files_release(struct cbp_git_files *files)
{
	size_t i;

	for (i = 0; i < files->nr; i++)
		free(files->f[i].path);
	free(files->f);
	memset(files, 0, sizeof(*files));
}

/* The patch-id of commit @oid's diff of the @nr @paths alone, into @pid. */
static int paths_pid(struct cbp_repo *repo, const struct cbp_oid *oid,
		     char **paths, size_t nr, char *pid)
{
	git_commit *c = NULL, *parent = NULL;
	git_tree *t = NULL, *pt = NULL;
	git_diff *diff = NULL;
	int err = -1;

	if (commit_and_parent(repo, oid, &c, &parent) < 0 ||
	    commit_trees(c, parent, &t, &pt) ||
	    diff_paths(repo, pt, t, paths, nr, &diff))
		goto out;
	err = diff_patch_id(diff, pid);
out:
	git_diff_free(diff);
	git_tree_free(pt);
	git_tree_free(t);
	git_commit_free(parent);
	git_commit_free(c);
	return err;
}

/**
 * cbp_git_files_same_patch() - one patch, told by the files that differ
 * @repo: the repository
 * @a: a commit
 * @fa: its files (cbp_git_change_files())
 * @b: another, said to change the same paths
 * @fb: its files
 *
 * A file both commits turn from the same blob into the same blob, with
 * the same modes, is the same diff in both, so it adds the same to their
 * patch-ids: only the files whose blobs differ need diffing, where
 * cbp_git_change_of() diffs every file of both.  A vendor update picked
 * onto a branch whose copy of one file differs then reads that file, not
 * thousands.  It answers when every file whose blobs differ is a text
 * file changed on both sides (no file added, removed, renamed or made
 * another type there, which the whole diff would pair otherwise).
 *
 * Return: 1 if their patch-ids are equal, 0 if not, CBP_GIT_UNDECIDED
 * when it cannot tell so (cbp_git_change_of() can), or -1 with libgit2's
 * message recorded.
 */
int cbp_git_files_same_patch(struct cbp_repo *repo, const struct cbp_oid *a,
			     const struct cbp_git_files *fa,
			     const struct cbp_oid *b,
			     const struct cbp_git_files *fb)
{
	char pa[CBP_OID_HEXSZ + 1], pb[CBP_OID_HEXSZ + 1];
	struct file_pair x, y;
	char **paths = NULL;
	size_t i, nr = 0;
	int ra, rb, ret = CBP_GIT_UNDECIDED;

	if (fa->nr != fb->nr)
		return ret;
	paths = cbp_calloc(fa->nr + 1, sizeof(*paths));
	for (i = 0; i < fa->nr; i++) {
		file_pair_of(&fa->f[i], &x);
		file_pair_of(&fb->f[i], &y);
		if (same_pair(&x, &y))
			continue;
		if (strcmp(x.path, y.path) || !modified(&x) || !modified(&y))
			goto out;
		paths[nr++] = x.path;
	}
	ret = 1;
	if (!nr)
		goto out;
	ra = paths_pid(repo, a, paths, nr, pa);
	rb = ra ? 0 : paths_pid(repo, b, paths, nr, pb);
	if (ra || rb)
		ret = ra < 0 || rb < 0 ? -1 : CBP_GIT_UNDECIDED;
	else
		ret = !strcmp(pa, pb);
out:
	free(paths);
	return ret;
}

/**
 * cbp_git_text_change() - the files a patch touches, and its patch-id
 * @diff: the diff of a mail, from its first "diff --git" line
 * @len: its length
 * @ch: filled in; release with cbp_git_change_release()
 *
 * Return: 0, or -1 with the reason recorded when libgit2 cannot read
 * the diff, or it holds a NUL byte.
 */
int cbp_git_text_change(const char *diff, size_t len,
			struct cbp_git_change *ch)
{
	git_diff *d = NULL;
	int err;

	memset(ch, 0, sizeof(*ch));
	/*
	 * libgit2 1.5 reads a line with a NUL byte in it past its end when
	 * it prints the diff back for the patch-id (fuzz-moved found it);
	 * no text patch has one, and check refuses such mails before.
	 */
	if (memchr(diff, '\0', len))
		return cbp_error("cannot read the patch's diff: a NUL byte in it");
	if (git_diff_from_buffer(&d, diff, len) < 0)
		return cbp_error_git("cannot read the patch's diff");
	err = read_diff(d, 1, ch);
	git_diff_free(d);
	/* The patch's own text, as the sender's git wrote it. */
	if (!err && ch->has_pid)
		ch->has_pid = !cbp_patch_id(diff, len, ch->pid);
	if (err)
		cbp_git_change_release(ch);
	return err;
}

/**
 * cbp_git_change_common() - files two changes both touch
 * @a: a change
 * @b: another
 * @first: the first path in common (in @a's storage), or NULL; may be NULL
 *
 * Return: the number of paths in common.
 */
size_t cbp_git_change_common(const struct cbp_git_change *a,
			     const struct cbp_git_change *b, const char **first)
{
	size_t i = 0, j = 0, n = 0;

	if (first)
		*first = NULL;
	while (i < a->nr_paths && j < b->nr_paths) {
		int c = strcmp(a->paths[i], b->paths[j]);

		if (c < 0) {
			i++;
		} else if (c > 0) {
			j++;
		} else {
			if (!n++ && first)
				*first = a->paths[i];
			i++;
			j++;
		}
	}
	return n;
}

/**
 * cbp_git_change_release() - free what a change holds
 * @ch: the change
 */
void cbp_git_change_release(struct cbp_git_change *ch)
{
	size_t i;

	for (i = 0; i < ch->nr_paths; i++)
		free(ch->paths[i]);
	free(ch->paths);
	for (i = 0; i < ch->nr_files; i++) {
		free(ch->files[i].name);
		free(ch->files[i].line);
	}
	free(ch->files);
	memset(ch, 0, sizeof(*ch));
}
