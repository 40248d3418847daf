// SPDX-License-Identifier: GPL-2.0
/*
 * gen-repo - write a git fast-import stream of a kernel-like history
 *
 * Usage: gen-repo TOTAL FROM TO [SEED [TRUTH]]
 *        gen-repo --planted TOTAL FROM TO [SEED]
 *        gen-repo --version
 *
 * The history of TOTAL commits is a pure function of TOTAL and SEED;
 * commits FROM..TO-1 of it are written, with the branch and tag updates
 * that happen among them.  Importing 0..N and later N..TOTAL into the same
 * repository therefore gives the same result as importing 0..TOTAL.
 *
 * Shape: a mainline branch (master) taking about 55% of the commits and
 * a merge of drm-next at each rc1; drm-next with 30%; drm-fixes
 * cherry-picks of drm-next commits landing in mainline directly (8%);
 * stable backports on the three newest linux-X.Y.y branches citing a
 * mainline commit as "commit X upstream." (7%), copying its cherry-pick
 * trailers when it has some.  About one mainline commit in six carries
 * a Fixes: tag, as in Linux: drm-next and plain mainline commits get one
 * with that chance, and cherry-picks and backports copy their original's;
 * the bug is a mainline commit, half of them recent, a third within a
 * few releases, the rest anywhere, and one in ten Fixes: cites the
 * drm-next original of a change mainline has as a drm-fixes cherry-pick
 * (the DRM habit the index sees through).  About 0.6% of plain mainline
 * commits revert a recent mainline commit, one in seven of them a
 * revert (a re-application).  Releases every 13000 commits with seven
 * rcs, annotated tags, stable tags every 150 stable commits.
 *
 * With TRUTH, it also writes there what "checkbackport missing" must
 * find on each live stable branch after commit TO-1, worked out from the
 * history it made rather than from any index: one line per missing
 * commit, "BRANCH KIND ALIAS-ONLY ID[,ID...]" (its mainline names), where
 * ALIAS-ONLY is 1 when every citation leading to it names neither a
 * commit of the branch nor the upstream commit of one of its backports:
 * what a tool blind to other names would miss.
 *
 * Once per 13000 commits, a group of citations that link trust must tell
 * apart is planted (see plant_step()): three stable backports whose trailers
 * are shifted by one (suspicious), a partial backport and a version bump
 * with other numbers (adapted), and a reworded backport with the same
 * diff (consistent by patch-id).  --planted prints how many of each the
 * commits before TO hold, instead of the stream.
 *
 * All other commits share the empty tree, and a planted commit's tree
 * holds only its own files, so commit IDs can be computed here (with
 * libgit2's git_odb_hash()) and cited by later messages.  Commit N has
 * mark :N+1; import the first part with --export-marks and the rest with
 * --import-marks.  --version prints the version of the history, which
 * changes whenever the same arguments give another one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#define EMPTY_TREE	"4b825dc642cb6eb9a060e54bf8d69288fbee4904"
#define CYCLE		13000
#define NR_STABLE	3
#define MAXMSG		4096
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define GEN_VERSION	3
#define PLANT_AT	(CYCLE / 2)	/* where in each cycle a group starts */
#define MAX_FILES	8	/* in a planted commit's tree */

enum kind { K_MAIN, K_DRM, K_PICK, K_STABLE, K_MERGE };

struct commit {
	git_oid oid;
	int origin;	/* index of the commit this one cites as origin */
	int subject;	/* subject number, shared by copies */
	int files;	/* a planted commit: its tree is not empty */
	int fixes;	/* index of the commit its Fixes: cites, -1 */
	int reverts;	/* index of the commit it reverts, -1 */
	int in_main;	/* the commit that brought it into master, -1 */
	short ver;	/* stable commits: the release of their branch, -1 */
	unsigned char kind;	/* enum kind */
};

/* The files of a planted commit: its whole tree. */
struct file {
	char name[64];
	char data[64];
};

/* Planted citations, by verdict, among the commits generated so far. */
struct planted {
	int suspicious;
	int adapted;
	int same_patch;
};

struct state {
	struct commit *c;
	int main_tip, drm_tip;
	int stable_tip[NR_STABLE];
	int stable_ver[NR_STABLE];	/* release number the branch is of */
	int stable_tag[NR_STABLE];	/* last vX.Y.N */
	int stable_count[NR_STABLE];
	int stable_fork[NR_STABLE];	/* master's tip when it forked */
	int nr_stable;
	int release;			/* current release number */
	int rc;				/* 0: between releases, else rc number */
	int since_tag;
	int last_drm_merged;
	int *picked;			/* mainline commits that are copies */
	int nr_picked;
	int *mainline;			/* commits in master, as they entered */
	int nr_mainline;
	int *reverts;			/* mainline reverts */
	int nr_reverts;
	int *pending;			/* drm-next commits not merged yet */
	int nr_pending;
	unsigned long long rng;
	FILE *out;
	int emit;
	int phase;			/* next step of the planted group, 0: none */
	int group;			/* planted groups started */
	int plant_k;			/* the group's stable branch */
	int plant[7];			/* the group's mainline commits */
	struct file ptree[2][MAX_FILES];	/* the group's files so far, */
	int nr_ptree[2];		/* on master [0] and the stable branch */
	struct planted planted;
};

static const char *const words[] = {
	"fix", "the", "handling", "of", "buffer", "object", "when", "engine",
	"reset", "races", "with", "eviction", "path", "so", "that", "we",
	"never", "dereference", "a", "freed", "context", "pointer", "after",
	"suspend", "and", "resume", "cycle", "on", "discrete", "parts",
};

static const char *const areas[] = {
	"drm/xe", "drm/i915", "drm/amdgpu", "drm/amd/display", "drm/nouveau",
	"drm/msm", "mm", "net", "fs/ext4", "sched",
};

static unsigned long long rnd(struct state *s)
{
	s->rng ^= s->rng << 13;
	s->rng ^= s->rng >> 7;
	s->rng ^= s->rng << 17;
	return s->rng;
}

static int pct(struct state *s, int p)
{
	return (int)(rnd(s) % 100) < p;
}

static void version(int release, char *buf, size_t size)
{
	snprintf(buf, size, "%d.%d", 3 + release / 20, release % 20);
}

/* The ID of the tree holding exactly @files. */
static void tree_of(const struct file *files, int nr, char *hex)
{
	unsigned char buf[MAX_FILES * 128];
	size_t n = 0;
	git_oid blob, tree;
	int i;

	/* Entries are sorted by name; callers list them so. */
	for (i = 0; i < nr; i++) {
		git_odb_hash(&blob, files[i].data, strlen(files[i].data),
			     GIT_OBJECT_BLOB);
		n += snprintf((char *)buf + n, sizeof(buf) - n, "100644 %s",
			      files[i].name) + 1;
		memcpy(buf + n, blob.id, GIT_OID_RAWSZ);
		n += GIT_OID_RAWSZ;
	}
	git_odb_hash(&tree, buf, n, GIT_OBJECT_TREE);
	git_oid_tostr(hex, GIT_OID_HEXSZ + 1, &tree);
}

/*
 * Build the message, hash the commit, and write it when in range.  The
 * tree is empty, or for a planted commit @tree of @nr_tree files, its
 * parent's plus @files; any other commit whose first parent's tree is not
 * empty starts from nothing.
 */
static void emit_tree_commit(struct state *s, int i, const char *branch,
			     int p1, int p2, const char *msg, size_t len,
			     const struct file *files, int nr_files,
			     const struct file *ptree, int nr_tree)
{
	static char obj[MAXMSG + 512];
	char hex1[GIT_OID_HEXSZ + 1], hex2[GIT_OID_HEXSZ + 1];
	char tree[GIT_OID_HEXSZ + 1] = EMPTY_TREE;
	long long t = 1500000000LL + (long long)i * 60;
	size_t n;
	int f;

	s->c[i].files = nr_tree;
	if (nr_tree)
		tree_of(ptree, nr_tree, tree);
	n = snprintf(obj, sizeof(obj), "tree %s\n", tree);
	if (p1 >= 0)
		n += snprintf(obj + n, sizeof(obj) - n, "parent %s\n",
			      git_oid_tostr(hex1, sizeof(hex1), &s->c[p1].oid));
	if (p2 >= 0)
		n += snprintf(obj + n, sizeof(obj) - n, "parent %s\n",
			      git_oid_tostr(hex2, sizeof(hex2), &s->c[p2].oid));
	n += snprintf(obj + n, sizeof(obj) - n,
		      "author A U Thor <author@example.com> %lld +0000\n"
		      "committer C O Mitter <committer@example.com> %lld +0000\n\n",
		      t, t);
	memcpy(obj + n, msg, len);
	git_odb_hash(&s->c[i].oid, obj, n + len, GIT_OBJECT_COMMIT);

	if (!s->emit)
		return;
	fprintf(s->out, "commit refs/heads/%s\nmark :%d\n", branch, i + 1);
	fprintf(s->out, "author A U Thor <author@example.com> %lld +0000\n", t);
	fprintf(s->out, "committer C O Mitter <committer@example.com> %lld +0000\n", t);
	fprintf(s->out, "data %zu\n", len);
	fwrite(msg, 1, len, s->out);
	fputc('\n', s->out);
	if (p1 >= 0)
		fprintf(s->out, "from :%d\n", p1 + 1);
	if (p2 >= 0)
		fprintf(s->out, "merge :%d\n", p2 + 1);
	if (p1 >= 0 && s->c[p1].files && !nr_tree)
		fprintf(s->out, "deleteall\n");
	for (f = 0; f < nr_files; f++)
		fprintf(s->out, "M 100644 inline %s\ndata %zu\n%s\n",
			files[f].name, strlen(files[f].data), files[f].data);
	fputc('\n', s->out);
}

static void emit_commit(struct state *s, int i, const char *branch, int p1,
			int p2, const char *msg, size_t len)
{
	emit_tree_commit(s, i, branch, p1, p2, msg, len, NULL, 0, NULL, 0);
}

static void emit_tag(struct state *s, const char *name, int at, int i)
{
	if (!s->emit)
		return;
	fprintf(s->out, "tag %s\nfrom :%d\n", name, at + 1);
	fprintf(s->out, "tagger C O Mitter <committer@example.com> %lld +0000\n",
		1500000000LL + (long long)i * 60);
	fprintf(s->out, "data %zu\n%s\n", strlen(name), name);
}

static void branch(struct state *s, const char *name, int at)
{
	if (s->emit)
		fprintf(s->out, "reset refs/heads/%s\nfrom :%d\n\n", name, at + 1);
}

static size_t body(struct state *s, char *m, size_t n)
{
	int lines = 2 + (int)(rnd(s) % 6), l, w;

	for (l = 0; l < lines; l++) {
		size_t start = n;

		for (w = 0; n - start < 64; w++)
			n += snprintf(m + n, MAXMSG - n, "%s%s", w ? " " : "",
				      words[rnd(s) % ARRAY_SIZE(words)]);
		m[n++] = '\n';
	}
	return n;
}

static size_t subject(int subj, char *m)
{
	return snprintf(m, MAXMSG, "%s: change %d\n\n",
			areas[subj % ARRAY_SIZE(areas)], subj);
}

/*
 * The subject of commit @j, as a revert quotes it.  A stable backport
 * says what its upstream commit says, and that may be a stable backport
 * of a revert in its turn.
 */
static size_t subject_of(struct state *s, int j, char *m, size_t size)
{
	size_t n;

	while (s->c[j].kind == K_STABLE && s->c[j].origin >= 0)
		j = s->c[j].origin;
	if (s->c[j].reverts >= 0 && size > 12) {
		n = snprintf(m, size, "Revert \"");
		n += subject_of(s, s->c[j].reverts, m + n, size - n - 1);
		return n + snprintf(m + n, size - n, "\"");
	}
	return snprintf(m, size, "%s: change %d",
			areas[s->c[j].subject % ARRAY_SIZE(areas)],
			s->c[j].subject);
}

static void enter_master(struct state *s, int j, int at)
{
	s->c[j].in_main = at;
	s->mainline[s->nr_mainline++] = j;
}

/*
 * The bug a new Fixes: names: a mainline commit, half of them among the
 * last 2000, a third within about four releases, the rest anywhere; one
 * in ten the drm-next original of a recent drm-fixes cherry-pick.
 */
static int fixes_target(struct state *s)
{
	int u = (int)(rnd(s) % 100), n = s->nr_mainline, d, t;

	if (u < 10 && s->nr_picked) {
		t = s->picked[s->nr_picked - 1 -
			      rnd(s) % (s->nr_picked < 20000 ? s->nr_picked : 20000)];
		while (s->c[t].origin >= 0)
			t = s->c[t].origin;
		return t;
	}
	if (u < 55)
		d = 1 + (int)(rnd(s) % (n - 1 < 2000 ? n - 1 : 2000));
	else if (u < 88)
		d = 1 + (int)(rnd(s) % (n - 1 < 80000 ? n - 1 : 80000));
	else
		d = 1 + (int)(rnd(s) % (n - 1));
	t = s->mainline[n - d];
	return s->c[t].kind == K_MERGE ? s->mainline[n - d - 1 > 0 ? n - d - 1 : 0] : t;
}

static size_t fixes_line(struct state *s, int t, char *m, size_t n)
{
	char hex[GIT_OID_HEXSZ + 1], subj[512];

	subject_of(s, t, subj, sizeof(subj));
	return n + snprintf(m + n, MAXMSG - n, "Fixes: %.12s (\"%s\")\n",
			    git_oid_tostr(hex, sizeof(hex), &s->c[t].oid), subj);
}

/*
 * Cherry-pick trailers for a copy of @of's origin chain, oldest first as
 * repeated cherry-pick -x leaves them: @of itself cites @of's origin...
 */
static size_t chain(struct state *s, int of, char *m, size_t n)
{
	char hex[GIT_OID_HEXSZ + 1];
	int list[8], depth = 0;

	for (of = s->c[of].origin; of >= 0 && depth < 8; of = s->c[of].origin)
		list[depth++] = of;
	while (depth--)
		n += snprintf(m + n, MAXMSG - n, "(cherry picked from commit %s)\n",
			      git_oid_tostr(hex, sizeof(hex), &s->c[list[depth]].oid));
	return n;
}

/* Write a commit on stable branch @k; a stable release every 150. */
static void stable_commit(struct state *s, int i, int k, const char *m,
			  size_t n, const struct file *files, int nr_files)
{
	char ver[32], name[64];

	version(s->stable_ver[k], ver, sizeof(ver));
	snprintf(name, sizeof(name), "linux-%s.y", ver);
	emit_tree_commit(s, i, name, s->stable_tip[k], -1, m, n, files,
			 nr_files, s->ptree[1], nr_files ? s->nr_ptree[1] : 0);
	s->stable_tip[k] = i;
	if (++s->stable_count[k] % 150 == 0) {
		snprintf(name, sizeof(name), "v%s.%d", ver, ++s->stable_tag[k]);
		emit_tag(s, name, i, i);
	}
}

static void set_file(struct file *f, int group, const char *name,
		     const char *data)
{
	snprintf(f->name, sizeof(f->name), "plant%d-%s", group, name);
	snprintf(f->data, sizeof(f->data), "%s %d\n", data, group);
}

/* Add @f to the group's tree on one branch, in name order. */
static void tree_add(struct state *s, int stable, const struct file *f)
{
	struct file *t = s->ptree[stable];
	int j = s->nr_ptree[stable]++;

	while (j > 0 && strcmp(t[j - 1].name, f->name) > 0) {
		t[j] = t[j - 1];
		j--;
	}
	t[j] = *f;
}

/*
 * One planted commit: its subject, an optional trailer and the files it
 * adds.  Its tree is the group's files so far on its branch, so that its
 * diff adds exactly @files.
 */
static void plant_commit(struct state *s, int i, int stable,
			 const char *subject, const char *trailer, int cites,
			 const struct file *files, int nr_files)
{
	char m[MAXMSG], hex[GIT_OID_HEXSZ + 1];
	size_t n = snprintf(m, MAXMSG, "%s\n\n", subject);
	int f;

	if (trailer)
		n += snprintf(m + n, MAXMSG - n, trailer,
			      git_oid_tostr(hex, sizeof(hex), &s->c[cites].oid));
	n = body(s, m, n);
	n += snprintf(m + n, MAXMSG - n, "\nSigned-off-by: Dev <dev@example.com>\n");
	for (f = 0; f < nr_files; f++)
		tree_add(s, stable, &files[f]);
	if (stable) {
		stable_commit(s, i, s->plant_k, m, n, files, nr_files);
		return;
	}
	emit_tree_commit(s, i, "master", s->main_tip, -1, m, n, files, nr_files,
			 s->ptree[0], s->nr_ptree[0]);
	s->main_tip = i;
}

/*
 * The planted group, one commit per step: seven mainline commits with
 * files of their own, then six stable commits citing them.  Three cite
 * the next commit of the batch instead of their own (a shifted batch: no
 * subject, patch-id or file in common, suspicious); one takes the
 * helpers of a feature and one bumps the version to other numbers
 * (another subject and patch-id, a file in common: adapted); one is a
 * reworded copy (another subject, the same patch-id: consistent).
 */
static void plant_step(struct state *s, int i)
{
	static const char *const fix[] = { "a", "b", "c", "d" };
	int g = s->group, ph = s->phase++;
	struct file f[MAX_FILES];
	char subject[128], name[16];

	s->since_tag++;
	if (ph <= 4) {
		snprintf(name, sizeof(name), "%s.c", fix[ph - 1]);
		set_file(&f[0], g, name, "fix");
		snprintf(subject, sizeof(subject), "drm/plant: fix %s in group %d",
			 fix[ph - 1], g);
		plant_commit(s, i, 0, subject, NULL, 0, f, 1);
	} else if (ph == 5) {
		set_file(&f[0], g, "core.c", "widget");
		set_file(&f[1], g, "helpers.c", "helpers");
		snprintf(subject, sizeof(subject),
			 "drm/plant: add the widget and its helpers %d", g);
		plant_commit(s, i, 0, subject, NULL, 0, f, 2);
	} else if (ph == 6) {
		set_file(&f[0], g, "version", "1");
		snprintf(subject, sizeof(subject), "plant: bump to %d.1", g);
		plant_commit(s, i, 0, subject, NULL, 0, f, 1);
	} else if (ph == 7) {
		set_file(&f[0], g, "ref.c", "put");
		snprintf(subject, sizeof(subject),
			 "drm/plant: fix the refcount leak %d", g);
		plant_commit(s, i, 0, subject, NULL, 0, f, 1);
	} else if (ph <= 10) {
		/* Backport of fix ph - 8, citing fix ph - 7. */
		snprintf(name, sizeof(name), "%s.c", fix[ph - 8]);
		set_file(&f[0], g, name, "fix");
		snprintf(subject, sizeof(subject), "drm/plant: fix %s in group %d",
			 fix[ph - 8], g);
		plant_commit(s, i, 1, subject, "commit %s upstream.\n\n",
			     s->plant[ph - 7], f, 1);
		s->planted.suspicious++;
	} else if (ph == 11) {
		set_file(&f[0], g, "helpers.c", "helpers");
		snprintf(subject, sizeof(subject),
			 "drm/plant: add the widget helpers %d", g);
		plant_commit(s, i, 1, subject, "commit %s upstream.\n\n",
			     s->plant[4], f, 1);
		s->planted.adapted++;
	} else if (ph == 12) {
		set_file(&f[0], g, "version", "0.1");
		snprintf(subject, sizeof(subject), "plant: bump to %d.0.1", g);
		plant_commit(s, i, 1, subject,
			     "(cherry picked from commit %s)\n\n", s->plant[5],
			     f, 1);
		s->planted.adapted++;
	} else {
		set_file(&f[0], g, "ref.c", "put");
		snprintf(subject, sizeof(subject),
			 "drm/plant: plug a refcount leak in probe %d", g);
		plant_commit(s, i, 1, subject, "commit %s upstream.\n\n",
			     s->plant[6], f, 1);
		s->planted.same_patch++;
		s->phase = 0;
	}
	if (ph <= 7)
		s->plant[ph - 1] = i;
}

/*
 * The commit a generated citation names: @i, or the commit before the
 * planted group @i is in, whose subjects are not "AREA: change N" and
 * whose citations are counted exactly.
 */
static int not_planted(const struct state *s, int i)
{
	while (i > 0 && s->c[i].files)
		i--;
	return i;
}

static void step(struct state *s, int i)
{
	char m[MAXMSG], hex[GIT_OID_HEXSZ + 1], name[64], ver[32];
	size_t n;
	int r = (int)(rnd(s) % 100), k, target;

	s->c[i].origin = -1;
	s->c[i].subject = i;
	s->c[i].fixes = -1;
	s->c[i].reverts = -1;
	s->c[i].in_main = -1;
	s->c[i].ver = -1;
	s->c[i].kind = K_MAIN;

	/* Release cycle on mainline: rc1 merges drm-next; not in a group. */
	if (s->since_tag >= CYCLE / 8 && i > 0 && !s->phase) {
		s->since_tag = 0;
		if (s->rc == 0) {
			s->release++;
			s->rc = 1;
			version(s->release, ver, sizeof(ver));
			n = snprintf(m, MAXMSG, "Merge tag 'drm-next' into master\n");
			emit_commit(s, i, "master", s->main_tip, s->drm_tip, m, n);
			s->main_tip = i;
			s->c[i].kind = K_MERGE;
			for (k = 0; k < s->nr_pending; k++)
				enter_master(s, s->pending[k], i);
			s->nr_pending = 0;
			enter_master(s, i, i);
			snprintf(name, sizeof(name), "v%s-rc1", ver);
			emit_tag(s, name, i, i);
			return;
		}
		version(s->release, ver, sizeof(ver));
		if (s->rc < 7) {
			s->rc++;
			snprintf(name, sizeof(name), "v%s-rc%d", ver, s->rc);
		} else {
			s->rc = 0;
			snprintf(name, sizeof(name), "v%s", ver);
			/* A new stable branch; the oldest one retires. */
			k = s->nr_stable < NR_STABLE ? s->nr_stable++ :
				s->release % NR_STABLE;
			s->stable_tip[k] = s->main_tip;
			s->stable_fork[k] = s->main_tip;
			s->stable_ver[k] = s->release;
			s->stable_tag[k] = 0;
			s->stable_count[k] = 0;
			snprintf(m, sizeof(m), "linux-%s.y", ver);
			branch(s, m, s->main_tip);
		}
		emit_tag(s, name, s->main_tip, i);
	}

	if (s->main_tip < 0) {
		n = snprintf(m, MAXMSG, "Initial commit\n");
		emit_commit(s, i, "master", -1, -1, m, n);
		s->main_tip = i;
		enter_master(s, i, i);
		return;
	}
	if (!s->phase && i % CYCLE == PLANT_AT && s->nr_stable) {
		s->phase = 1;
		s->plant_k = s->group % s->nr_stable;
		s->nr_ptree[0] = 0;
		s->nr_ptree[1] = 0;
	}
	if (s->phase) {
		plant_step(s, i);
		if (!s->phase)
			s->group++;
		return;
	}
	if (r < 30) {
		/* drm-next development. */
		s->c[i].kind = K_DRM;
		n = subject(i, m);
		n = body(s, m, n);
		n += snprintf(m + n, MAXMSG - n, "\n");
		if (pct(s, 17) && s->nr_mainline > 100) {
			s->c[i].fixes = fixes_target(s);
			n = fixes_line(s, s->c[i].fixes, m, n);
		}
		n += snprintf(m + n, MAXMSG - n, "Signed-off-by: Dev <dev@example.com>\n");
		emit_commit(s, i, "drm-next",
			    s->drm_tip >= 0 ? s->drm_tip : s->main_tip, -1, m, n);
		s->drm_tip = i;
		s->pending[s->nr_pending++] = i;
		return;
	}
	s->since_tag++;
	if (r < 38 && s->drm_tip >= 0) {
		/* drm-fixes: cherry-pick drm-next's tip, or a pick of it. */
		target = s->drm_tip;
		if (s->nr_picked && pct(s, 50))
			target = s->picked[s->nr_picked - 1];
		s->c[i].origin = target;
		s->c[i].subject = s->c[target].subject;
		s->c[i].kind = K_PICK;
		n = subject(s->c[i].subject, m);
		n = body(s, m, n);
		n += snprintf(m + n, MAXMSG - n, "\n");
		s->c[i].fixes = s->c[target].fixes;
		if (s->c[i].fixes >= 0)
			n = fixes_line(s, s->c[i].fixes, m, n);
		n += snprintf(m + n, MAXMSG - n, "Signed-off-by: Dev <dev@example.com>\n");
		n = chain(s, i, m, n);
		emit_commit(s, i, "master", s->main_tip, -1, m, n);
		s->main_tip = i;
		s->picked[s->nr_picked++] = i;
		enter_master(s, i, i);
		return;
	}
	if (r < 45 && s->nr_stable) {
		/* Stable backport of a mainline commit, half of them copies. */
		k = (int)(rnd(s) % s->nr_stable);
		if (s->nr_picked && pct(s, 80))
			target = s->picked[s->nr_picked - 1 -
					   rnd(s) % (s->nr_picked < 64 ? s->nr_picked : 64)];
		else
			target = s->main_tip - (int)(rnd(s) % 32);
		if (target < 0)
			target = s->main_tip;
		target = not_planted(s, target);
		s->c[i].origin = target;
		s->c[i].subject = s->c[target].subject;
		s->c[i].kind = K_STABLE;
		s->c[i].ver = (short)s->stable_ver[k];
		/* A backport of a revert keeps its "Revert "..."" subject. */
		n = subject_of(s, target, m, MAXMSG / 2);
		n += snprintf(m + n, MAXMSG - n, "\n\n");
		n += snprintf(m + n, MAXMSG - n, "commit %s upstream.\n\n",
			      git_oid_tostr(hex, sizeof(hex), &s->c[target].oid));
		n = body(s, m, n);
		s->c[i].fixes = s->c[target].fixes;
		if (s->c[i].fixes >= 0)
			n = fixes_line(s, s->c[i].fixes, m, n);
		n = chain(s, target, m, n);
		n += snprintf(m + n, MAXMSG - n, "Signed-off-by: Stable <stable@example.com>\n");
		stable_commit(s, i, k, m, n, NULL, 0);
		return;
	}
	/* Plain mainline work, some with a Fixes: tag, a few reverts. */
	if (s->nr_mainline > 100 && rnd(s) % 1000 < 6) {
		target = s->mainline[s->nr_mainline - 1 -
				     rnd(s) % (s->nr_mainline < 3000 ? s->nr_mainline - 1 : 3000)];
		if (pct(s, 15) && s->nr_reverts)
			target = s->reverts[s->nr_reverts - 1 -
					    rnd(s) % (s->nr_reverts < 50 ? s->nr_reverts : 50)];
		if (s->c[target].kind != K_MERGE && target > 0) {
			s->c[i].reverts = target;
			n = subject_of(s, i, m, MAXMSG / 2);
			n += snprintf(m + n, MAXMSG - n, "\n\nThis reverts commit %s.\n\n",
				      git_oid_tostr(hex, sizeof(hex), &s->c[target].oid));
			n = body(s, m, n);
			n += snprintf(m + n, MAXMSG - n,
				      "\nSigned-off-by: Dev <dev@example.com>\n");
			emit_commit(s, i, "master", s->main_tip, -1, m, n);
			s->main_tip = i;
			s->reverts[s->nr_reverts++] = i;
			enter_master(s, i, i);
			return;
		}
	}
	n = subject(i, m);
	n = body(s, m, n);
	n += snprintf(m + n, MAXMSG - n, "\n");
	if (pct(s, 17) && s->nr_mainline > 100) {
		s->c[i].fixes = fixes_target(s);
		n = fixes_line(s, s->c[i].fixes, m, n);
	}
	n += snprintf(m + n, MAXMSG - n, "Signed-off-by: Dev <dev@example.com>\n");
	emit_commit(s, i, "master", s->main_tip, -1, m, n);
	s->main_tip = i;
	enter_master(s, i, i);
}

/* ---------------------------------------------------------------------- */
/* What "missing" must find, from the history as made. */

struct truth {
	struct state *s;
	int n;			/* commits made */
	int *root;		/* union-find over origin citations */
	unsigned char *has;	/* per class: bit k, live branch k has a name */
	unsigned char *up;	/* per commit: bit k, a backport on branch k cites it as upstream */
	int *rev_head, *rev_next;	/* per class: the mainline reverts of it */
	signed char *reverted;	/* per class: -1 unknown, 0, 1 */
};

static int find(struct truth *t, int j)
{
	while (t->root[j] != j) {
		t->root[j] = t->root[t->root[j]];
		j = t->root[j];
	}
	return j;
}

static int in_branch(const struct truth *t, int j, int k)
{
	const struct commit *c = &t->s->c[j];

	if (c->kind == K_STABLE)
		return c->ver == t->s->stable_ver[k];
	return c->in_main >= 0 && c->in_main <= t->s->stable_fork[k];
}

/* Did mainline revert class @x for good (a revert not reverted in turn)? */
static int reverted(struct truth *t, int x, int depth)
{
	int j;

	if (t->reverted[x] >= 0)
		return t->reverted[x];
	t->reverted[x] = 0;
	for (j = t->rev_head[x]; j >= 0 && depth < 64; j = t->rev_next[j])
		if (!reverted(t, find(t, j), depth + 1)) {
			t->reverted[x] = 1;
			break;
		}
	return t->reverted[x];
}

/*
 * Did branch @bit revert class @x for good: does it carry a revert of it
 * (a mainline revert, or a backport of one) that it does not revert in
 * turn (a revert of a revert puts the change back, a third one takes it
 * out again)?  As reverted(), on the branch.  Then neither a fix of the
 * change nor another revert of it is missing there.
 */
static int branch_reverted(struct truth *t, int x, unsigned char bit,
			   int depth)
{
	int j, r;

	for (j = t->rev_head[x]; j >= 0 && depth < 64; j = t->rev_next[j]) {
		r = find(t, j);
		if ((t->has[r] & bit) && !branch_reverted(t, r, bit, depth + 1))
			return 1;
	}
	return 0;
}

/* Whether the citation of @cited from a fix on branch @k needs an alias. */
static int alias_only(const struct truth *t, int cited, int k)
{
	return !in_branch(t, cited, k) && !(t->up[cited] & (1 << k));
}

static void write_truth(struct state *s, int n, const char *path)
{
	struct truth t = { .s = s, .n = n };
	int *finding, *alias, *kind, *head, *next, j, k;
	FILE *f = fopen(path, "w");
	char hex[GIT_OID_HEXSZ + 1], ver[32];

	if (!f) {
		perror(path);
		exit(2);
	}
	t.root = calloc(n, sizeof(*t.root));
	t.has = calloc(n, 1);
	t.up = calloc(n, 1);
	t.rev_head = malloc(n * sizeof(*t.rev_head));
	t.rev_next = malloc(n * sizeof(*t.rev_next));
	t.reverted = malloc(n);
	finding = malloc(n * sizeof(*finding));
	alias = malloc(n * sizeof(*alias));
	kind = malloc(n * sizeof(*kind));
	head = malloc(n * sizeof(*head));
	next = malloc(n * sizeof(*next));
	if (!t.root || !t.has || !t.up || !t.rev_head || !t.rev_next ||
	    !t.reverted || !finding || !alias || !kind || !head || !next)
		exit(2);
	for (j = 0; j < n; j++)
		t.root[j] = j;
	for (j = 0; j < n; j++)
		if (s->c[j].origin >= 0)
			t.root[find(&t, j)] = find(&t, s->c[j].origin);
	for (j = 0; j < n; j++) {
		t.rev_head[j] = -1;
		t.reverted[j] = -1;
		head[j] = -1;
	}
	/* The mainline names of each class, newest first. */
	for (j = 0; j < n; j++)
		if (s->c[j].in_main >= 0) {
			next[j] = head[find(&t, j)];
			head[find(&t, j)] = j;
		}
	for (j = 0; j < n; j++) {
		for (k = 0; k < s->nr_stable; k++)
			if (in_branch(&t, j, k)) {
				t.has[find(&t, j)] |= 1 << k;
				if (s->c[j].kind == K_STABLE)
					t.up[s->c[j].origin] |= 1 << k;
			}
		if (s->c[j].reverts >= 0 && s->c[j].in_main >= 0) {
			int x = find(&t, s->c[j].reverts);

			t.rev_next[j] = t.rev_head[x];
			t.rev_head[x] = j;
		}
	}
	for (k = 0; k < s->nr_stable; k++) {
		unsigned char bit = 1 << k;

		for (j = 0; j < n; j++)
			finding[j] = 0;
		/* Fixes: and reverts made by mainline commits. */
		for (j = 0; j < n; j++) {
			const struct commit *c = &s->c[j];
			int cited = c->fixes >= 0 ? c->fixes : c->reverts;
			int fc = find(&t, j), tc, a;

			if (cited < 0 || c->in_main < 0)
				continue;
			tc = find(&t, cited);
			if (tc == fc || !(t.has[tc] & bit) || (t.has[fc] & bit) ||
			    reverted(&t, fc, 0) || branch_reverted(&t, tc, bit, 0))
				continue;
			a = alias_only(&t, cited, k);
			if (!finding[fc]) {
				finding[fc] = 1;
				alias[fc] = a;
				kind[fc] = c->fixes >= 0 ? 0 : 1;
			} else {
				alias[fc] &= a;
			}
		}
		/* One line per missing class: its mainline names. */
		version(s->stable_ver[k], ver, sizeof(ver));
		for (j = 0; j < n; j++) {
			int i, first = 1;

			if (find(&t, j) != j || !finding[j])
				continue;
			fprintf(f, "linux-%s.y %s %d ", ver,
				kind[j] ? "revert" : "fix", alias[j]);
			for (i = head[j]; i >= 0; i = next[i]) {
				fprintf(f, "%s%s", first ? "" : ",",
					git_oid_tostr(hex, sizeof(hex), &s->c[i].oid));
				first = 0;
			}
			fputc('\n', f);
		}
	}
	fclose(f);
	free(t.root);
	free(t.has);
	free(t.up);
	free(t.rev_head);
	free(t.rev_next);
	free(t.reverted);
	free(finding);
	free(alias);
	free(kind);
	free(head);
	free(next);
}

/**
 * main() - generate the stream
 * @argc: argument count
 * @argv: [--planted] TOTAL FROM TO [SEED [TRUTH]], or --version
 *
 * Return: 0, or 2 on a usage error.
 */
int main(int argc, char **argv)
{
	struct state s = { 0 };
	static char buf[1 << 20];
	int total, from, to, i, count = 0;

	if (argc == 2 && !strcmp(argv[1], "--version")) {
		printf("%d\n", GEN_VERSION);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--planted")) {
		count = 1;
		argc--;
		argv++;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: gen-repo [--planted] TOTAL FROM TO [SEED [TRUTH]]\n");
		return 2;
	}
	total = atoi(argv[1]);
	from = atoi(argv[2]);
	to = atoi(argv[3]);
	if (total <= 0 || from < 0 || to > total || from > to) {
		fprintf(stderr, "gen-repo: bad range\n");
		return 2;
	}
	s.rng = argc > 4 ? strtoull(argv[4], NULL, 0) : 0x9e3779b97f4a7c15ULL;
	if (!s.rng)
		s.rng = 1;
	s.c = calloc(total, sizeof(*s.c));
	s.picked = calloc(total, sizeof(*s.picked));
	s.mainline = calloc(total, sizeof(*s.mainline));
	s.pending = calloc(total, sizeof(*s.pending));
	s.reverts = calloc(total, sizeof(*s.reverts));
	if (!s.c || !s.picked || !s.mainline || !s.pending || !s.reverts)
		return 2;
	s.out = stdout;
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	s.main_tip = -1;
	s.drm_tip = -1;
	git_libgit2_init();
	for (i = 0; i < to; i++) {
		s.emit = !count && i >= from;
		step(&s, i);
	}
	if (count) {
		printf("%d %d %d\n", s.planted.suspicious, s.planted.adapted,
		       s.planted.same_patch);
	} else {
		/* Make sure the working branches exist and point at their tips. */
		s.emit = 1;
		branch(&s, "master", s.main_tip);
		if (s.drm_tip >= 0)
			branch(&s, "drm-next", s.drm_tip);
	}
	fflush(stdout);
	if (argc > 5)
		write_truth(&s, to, argv[5]);
	git_libgit2_shutdown();
	free(s.c);
	free(s.picked);
	free(s.mainline);
	free(s.pending);
	free(s.reverts);
	return 0;
}
