// SPDX-License-Identifier: GPL-2.0
/*
 * gen-repo - write a git fast-import stream of a kernel-like history
 *
 * Usage: gen-repo TOTAL FROM TO [SEED]
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
 * trailers when it has some; Fixes: tags on about 6% of mainline commits.
 * About a fifth of the commits carry trailers and about half of those
 * are chained (citing a commit that cites another).  Releases every
 * 13000 commits with seven rcs, annotated tags, stable tags every 150
 * stable commits.
 *
 * All commits share the empty tree, so commit IDs can be computed here
 * (with libgit2's git_odb_hash()) and cited by later messages.  Commit N
 * has mark :N+1; import the first part with --export-marks and the rest
 * with --import-marks.
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

enum kind { K_MAIN, K_DRM, K_PICK, K_STABLE, K_MERGE };

struct commit {
	git_oid oid;
	int origin;	/* index of the commit this one cites as origin */
	int subject;	/* subject number, shared by copies */
};

struct state {
	struct commit *c;
	int main_tip, drm_tip;
	int stable_tip[NR_STABLE];
	int stable_ver[NR_STABLE];	/* release number the branch is of */
	int stable_tag[NR_STABLE];	/* last vX.Y.N */
	int stable_count[NR_STABLE];
	int nr_stable;
	int release;			/* current release number */
	int rc;				/* 0: between releases, else rc number */
	int since_tag;
	int last_drm_merged;
	int *picked;			/* mainline commits that are copies */
	int nr_picked;
	unsigned long long rng;
	FILE *out;
	int emit;
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

/* Build the message, hash the commit, and write it when in range. */
static void emit_commit(struct state *s, int i, const char *branch, int p1,
			int p2, const char *msg, size_t len)
{
	static char obj[MAXMSG + 512];
	char hex1[GIT_OID_HEXSZ + 1], hex2[GIT_OID_HEXSZ + 1];
	long long t = 1500000000LL + (long long)i * 60;
	size_t n;

	n = snprintf(obj, sizeof(obj), "tree %s\n", EMPTY_TREE);
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
	fputc('\n', s->out);
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

static void step(struct state *s, int i)
{
	char m[MAXMSG], hex[GIT_OID_HEXSZ + 1], name[64], ver[32];
	size_t n;
	int r = (int)(rnd(s) % 100), k, target;

	s->c[i].origin = -1;
	s->c[i].subject = i;

	/* Release cycle on mainline: rc1 merges drm-next. */
	if (s->since_tag >= CYCLE / 8 && i > 0) {
		s->since_tag = 0;
		if (s->rc == 0) {
			s->release++;
			s->rc = 1;
			version(s->release, ver, sizeof(ver));
			n = snprintf(m, MAXMSG, "Merge tag 'drm-next' into master\n");
			emit_commit(s, i, "master", s->main_tip, s->drm_tip, m, n);
			s->main_tip = i;
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
		return;
	}
	if (r < 30) {
		/* drm-next development. */
		n = subject(i, m);
		n = body(s, m, n);
		n += snprintf(m + n, MAXMSG - n, "\nSigned-off-by: Dev <dev@example.com>\n");
		emit_commit(s, i, "drm-next",
			    s->drm_tip >= 0 ? s->drm_tip : s->main_tip, -1, m, n);
		s->drm_tip = i;
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
		n = subject(s->c[i].subject, m);
		n = body(s, m, n);
		n += snprintf(m + n, MAXMSG - n, "\nSigned-off-by: Dev <dev@example.com>\n");
		n = chain(s, i, m, n);
		emit_commit(s, i, "master", s->main_tip, -1, m, n);
		s->main_tip = i;
		s->picked[s->nr_picked++] = i;
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
		s->c[i].origin = target;
		s->c[i].subject = s->c[target].subject;
		n = subject(s->c[i].subject, m);
		n += snprintf(m + n, MAXMSG - n, "commit %s upstream.\n\n",
			      git_oid_tostr(hex, sizeof(hex), &s->c[target].oid));
		n = body(s, m, n);
		n = chain(s, target, m, n);
		n += snprintf(m + n, MAXMSG - n, "Signed-off-by: Stable <stable@example.com>\n");
		version(s->stable_ver[k], ver, sizeof(ver));
		snprintf(name, sizeof(name), "linux-%s.y", ver);
		emit_commit(s, i, name, s->stable_tip[k], -1, m, n);
		s->stable_tip[k] = i;
		if (++s->stable_count[k] % 150 == 0) {
			snprintf(name, sizeof(name), "v%s.%d", ver,
				 ++s->stable_tag[k]);
			emit_tag(s, name, i, i);
		}
		return;
	}
	/* Plain mainline work, some with a Fixes: tag. */
	n = subject(i, m);
	n = body(s, m, n);
	n += snprintf(m + n, MAXMSG - n, "\n");
	if (pct(s, 11) && s->main_tip > 100) {
		target = s->main_tip - 1 - (int)(rnd(s) % 100);
		n += snprintf(m + n, MAXMSG - n, "Fixes: %.12s (\"%s: change %d\")\n",
			      git_oid_tostr(hex, sizeof(hex), &s->c[target].oid),
			      areas[s->c[target].subject %
				    ARRAY_SIZE(areas)],
			      s->c[target].subject);
	}
	n += snprintf(m + n, MAXMSG - n, "Signed-off-by: Dev <dev@example.com>\n");
	emit_commit(s, i, "master", s->main_tip, -1, m, n);
	s->main_tip = i;
}

/**
 * main() - generate the stream
 * @argc: argument count
 * @argv: TOTAL FROM TO [SEED]
 *
 * Return: 0, or 2 on a usage error.
 */
int main(int argc, char **argv)
{
	struct state s = { 0 };
	static char buf[1 << 20];
	int total, from, to, i;

	if (argc < 4) {
		fprintf(stderr, "usage: gen-repo TOTAL FROM TO [SEED]\n");
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
	if (!s.c || !s.picked)
		return 2;
	s.out = stdout;
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	s.main_tip = -1;
	s.drm_tip = -1;
	git_libgit2_init();
	for (i = 0; i < to; i++) {
		s.emit = i >= from;
		step(&s, i);
	}
	/* Make sure the working branches exist and point at their tips. */
	s.emit = 1;
	branch(&s, "master", s.main_tip);
	if (s.drm_tip >= 0)
		branch(&s, "drm-next", s.drm_tip);
	fflush(stdout);
	git_libgit2_shutdown();
	free(s.c);
	free(s.picked);
	return 0;
}
