// SPDX-License-Identifier: GPL-2.0
/*
 * check --compare: is the backport the change upstream made, and what
 * differs?
 *
 * The upstream commits are those the patch names and the repository has:
 * its upstream lines and cherry-pick trailers (one commit per change:
 * the names of one change have the same diff), and, for a patch that
 * says it squashes several commits and lists them as "1) subject", each
 * listed subject that exactly one mainline commit has.  Both sides are
 * cut into change blocks (removed and added lines between context lines,
 * see diff.c) and matched block for block, whatever their context and
 * line numbers.  When the upstream commits follow each other in history
 * (each the first parent of the next), their net change is compared too,
 * so that a squash of a commit and its follow-up, which rewrites lines
 * the first one added, matches.
 *
 * Blocks are matched whole first, then by their lines: an upstream block
 * whose lines are among a backport block's (the backport joined it with
 * a line of its own), or a backport block whose lines are among an
 * upstream one's (it left a line out).  Backport lines no upstream block
 * accounts for are extra; upstream lines (of the net change when there
 * is one) no backport block accounts for are dropped.  For a squash,
 * each backport hunk is traced to the commits its lines came from.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-priv.h"
#include "base/diff.h"

/* At most this many upstream commits are traced (bits of an int). */
#define CHECK_MAX_UPSTREAM	32

/**
 * struct side - a diff cut into change blocks, and which lines matched
 * @d: the diff
 * @b: its blocks
 * @nb: their number
 * @cov: per block, per line from its first: matched to the other side
 */
struct side {
	struct cbp_diff d;
	struct cbp_dblock *b;
	size_t nb;
	char **cov;
};

/**
 * struct check_compare - a patch against the upstream commits it names
 * @why: why nothing was compared, or NULL
 * @bp: the backport; its coverage is by the upstream commits
 * @net_cov: the backport's coverage by the net change
 * @from: per block of @bp, a bit per upstream commit it took lines from
 * @whole: per block of @bp, it is a block of an upstream commit, whole
 * @up: the upstream commits, at most CHECK_MAX_UPSTREAM
 * @nr_up: their number
 * @cls: the class of names of each
 * @ud: the diff of each
 * @have_net: the upstream commits are a run of history, @net is set
 * @net: their net change
 */
struct check_compare {
	char *why;
	struct side bp;
	char **net_cov;
	unsigned int *from;
	char *whole;
	struct cbp_commit *up;
	size_t nr_up;
	struct cbp_class *cls;
	struct side *ud;
	int have_net;
	struct side net;
};

static char **cov_new(const struct side *s)
{
	char **cov = cbp_calloc(s->nb + 1, sizeof(*cov));
	size_t k;

	for (k = 0; k < s->nb; k++)
		cov[k] = cbp_calloc(s->b[k].end - s->b[k].first + 1, 1);
	return cov;
}

static void cov_free(char **cov, size_t nb)
{
	size_t k;

	for (k = 0; cov && k < nb; k++)
		free(cov[k]);
	free(cov);
}

/* Cut @s->d into blocks, none of their lines matched yet. */
static void side_init(struct side *s)
{
	s->nb = cbp_diff_blocks(&s->d, &s->b);
	s->cov = cov_new(s);
}

static void side_release(struct side *s)
{
	cov_free(s->cov, s->nb);
	free(s->b);
	cbp_diff_release(&s->d);
	memset(s, 0, sizeof(*s));
}

/* How many lines of block @k have coverage @v in @cov. */
static size_t count(const struct side *s, char **cov, size_t k, char v)
{
	size_t n = 0, j;

	for (j = 0; j < s->b[k].end - s->b[k].first; j++)
		n += cov[k][j] == v;
	return n;
}

static int none_matched(const struct side *s, char **cov, size_t k)
{
	return count(s, cov, k, 0) == s->b[k].end - s->b[k].first;
}

static void cover_all(const struct side *s, char **cov, size_t k)
{
	memset(cov[k], 1, s->b[k].end - s->b[k].first);
}

/*
 * Finding the blocks worth comparing.  Comparing every block of one side
 * with every block of the other is quadratic: 20,000 blocks took 14 s.
 * Two blocks are equal only if they have the same key (a hash of their
 * file and lines, trailing blanks left out as cbp_dblock_equal() does),
 * and a block is within another only if the other has a line equal to
 * the block's first one.  So each side's keys are sorted once, and each
 * block looks up its candidates by binary search; the candidates are
 * then taken in the order the full loops took them, with the same tests,
 * so the result is the same.
 */

/**
 * struct bkey - a key and the block it is of
 * @key: the hash
 * @k: the block
 */
struct bkey {
	unsigned long long key;
	size_t k;
};

/* The hash of @l of @path, trailing blanks left out. */
static unsigned long long line_key(const char *path, const struct cbp_dline *l)
{
	size_t n = l->len;

	while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t' ||
		     l->text[n - 1] == '\r'))
		n--;
	return cbp_fnv(cbp_fnv(cbp_fnv(CBP_FNV_OFFSET, path, strlen(path) + 1),
		       &l->origin, 1), l->text, n);
}

static const struct cbp_dline *block_line(const struct side *s, size_t k,
					  size_t j)
{
	const struct cbp_dblock *b = &s->b[k];

	return &s->d.f[b->file].h[b->hunk].l[b->first + j];
}

static const char *block_path(const struct side *s, size_t k)
{
	return cbp_dfile_path(&s->d.f[s->b[k].file]);
}

/* The key of block @k as a whole: its removed lines, then its added ones. */
static unsigned long long block_key(const struct side *s, size_t k)
{
	size_t j, n = s->b[k].end - s->b[k].first;
	unsigned long long h = cbp_fnv(CBP_FNV_OFFSET, block_path(s, k),
				   strlen(block_path(s, k)) + 1);
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (j = 0; j < n; j++) {
			const struct cbp_dline *l = block_line(s, k, j);
			unsigned long long lk;

			if (l->origin != (pass ? '+' : '-'))
				continue;
			lk = line_key("", l);
			h = cbp_fnv(h, &lk, sizeof(lk));
		}
	return h;
}

static int by_key(const void *x, const void *y)
{
	const struct bkey *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

/* The first entry of @v (sorted) with @key, or @nr if none. */
static size_t key_find(const struct bkey *v, size_t nr, unsigned long long key)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nr && v[lo].key == key ? lo : nr;
}

static int by_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	return a < b ? -1 : a > b;
}

/*
 * The blocks of @v whose key is one of @keys, in increasing order, each
 * once, into *@out (grown as needed); their number.
 */
static size_t candidates(const struct bkey *v, size_t nr,
			 const unsigned long long *keys, size_t nr_keys,
			 size_t **out, size_t *alloc)
{
	size_t n = 0, i, j, o;

	for (i = 0; i < nr_keys; i++)
		for (j = key_find(v, nr, keys[i]); j < nr && v[j].key == keys[i];
		     j++) {
			*out = cbp_grow(*out, sizeof(**out), n + 1, alloc);
			(*out)[n++] = v[j].k;
		}
	cbp_sort(*out, n, sizeof(**out), by_size);
	for (i = 0, o = 0; i < n; i++)
		if (!o || (*out)[o - 1] != (*out)[i])
			(*out)[o++] = (*out)[i];
	return o;
}

/*
 * Match the blocks of the backport (@a, with coverage @acov) with those
 * of @b: whole blocks first, then an upstream block within a backport
 * block, then a backport block within an upstream one.  Blocks of the
 * backport that take lines from @b get @bit in @from, and those equal to
 * one of its blocks are marked in @whole (when not NULL).
 */
static void match_sides(struct side *a, char **acov, struct side *b,
			unsigned int *from, char *whole, unsigned int bit)
{
	struct bkey *whole_b, *first_b, *lines_b = NULL;
	size_t i, k, c, n = 0, nl = 0, alloc_l = 0, nc, alloc_c = 0;
	size_t *cand = NULL, alloc_keys = 0;
	unsigned long long *keys = NULL;
	char *mark;

	for (i = 0; i < a->nb; i++)
		n = a->b[i].end - a->b[i].first > n ?
		    a->b[i].end - a->b[i].first : n;
	for (k = 0; k < b->nb; k++)
		n = b->b[k].end - b->b[k].first > n ?
		    b->b[k].end - b->b[k].first : n;
	mark = cbp_calloc(n + 1, 1);
	whole_b = cbp_calloc(b->nb + 1, sizeof(*whole_b));
	first_b = cbp_calloc(b->nb + 1, sizeof(*first_b));
	for (k = 0; k < b->nb; k++) {
		size_t j, len = b->b[k].end - b->b[k].first;

		whole_b[k].key = block_key(b, k);
		whole_b[k].k = k;
		first_b[k].key = line_key(block_path(b, k), block_line(b, k, 0));
		first_b[k].k = k;
		for (j = 0; j < len; j++) {
			lines_b = cbp_grow(lines_b, sizeof(*lines_b), nl + 1,
					   &alloc_l);
			lines_b[nl].key = line_key(block_path(b, k),
						   block_line(b, k, j));
			lines_b[nl++].k = k;
		}
	}
	cbp_sort(whole_b, b->nb, sizeof(*whole_b), by_key);
	cbp_sort(first_b, b->nb, sizeof(*first_b), by_key);
	cbp_sort(lines_b, nl, sizeof(*lines_b), by_key);

	for (i = 0; i < a->nb; i++) {
		unsigned long long key = block_key(a, i);

		nc = candidates(whole_b, b->nb, &key, 1, &cand, &alloc_c);
		for (c = 0; c < nc && none_matched(a, acov, i); c++) {
			k = cand[c];
			if (none_matched(b, b->cov, k) &&
			    cbp_dblock_equal(&a->d, &a->b[i], &b->d, &b->b[k])) {
				cover_all(a, acov, i);
				cover_all(b, b->cov, k);
				if (from) {
					from[i] |= bit;
					whole[i] = 1;
				}
			}
		}
	}
	for (i = 0; i < a->nb; i++) {
		size_t j, len = a->b[i].end - a->b[i].first;

		if (!count(a, acov, i, 0))
			continue;
		keys = cbp_grow(keys, sizeof(*keys), len, &alloc_keys);
		for (j = 0; j < len; j++)
			keys[j] = line_key(block_path(a, i), block_line(a, i, j));
		nc = candidates(first_b, b->nb, keys, len, &cand, &alloc_c);
		for (c = 0; c < nc && count(a, acov, i, 0); c++) {
			k = cand[c];
			if (none_matched(b, b->cov, k) &&
			    cbp_dblock_within(&b->d, &b->b[k], &a->d, &a->b[i],
					      acov[i], mark)) {
				for (n = 0; n < a->b[i].end - a->b[i].first; n++)
					acov[i][n] |= mark[n];
				cover_all(b, b->cov, k);
				if (from)
					from[i] |= bit;
			}
		}
	}
	for (i = 0; i < a->nb; i++) {
		unsigned long long key;

		if (!none_matched(a, acov, i))
			continue;
		key = line_key(block_path(a, i), block_line(a, i, 0));
		nc = candidates(lines_b, nl, &key, 1, &cand, &alloc_c);
		for (c = 0; c < nc && none_matched(a, acov, i); c++) {
			k = cand[c];
			if (count(b, b->cov, k, 0) &&
			    cbp_dblock_within(&a->d, &a->b[i], &b->d, &b->b[k],
					      b->cov[k], mark)) {
				for (n = 0; n < b->b[k].end - b->b[k].first; n++)
					b->cov[k][n] |= mark[n];
				cover_all(a, acov, i);
				if (from)
					from[i] |= bit;
			}
		}
	}
	free(keys);
	free(cand);
	free(lines_b);
	free(first_b);
	free(whole_b);
	free(mark);
}

/*
 * The first line of block @k that @cov (and @cov2, if not NULL) says is
 * unmatched, an added one if there is one; NULL if none.  @line is set
 * to its line in the old file (for an added line, the block's).
 */
static const char *first_left(const struct side *s, char **cov, char **cov2,
			      size_t k, unsigned int *line)
{
	const struct cbp_dblock *b = &s->b[k];
	const struct cbp_dhunk *h = &s->d.f[b->file].h[b->hunk];
	unsigned int old = b->old_line, removed_line = 0;
	const char *removed = NULL;
	size_t j;

	for (j = 0; j < b->end - b->first; j++) {
		const struct cbp_dline *l = &h->l[b->first + j];

		if (!cov[k][j] && (!cov2 || !cov2[k][j])) {
			if (l->origin == '+') {
				*line = b->old_line;	/* where the block is */
				return l->text;
			}
			if (!removed) {
				removed = l->text;
				removed_line = old;
			}
		}
		old += l->origin == '-';
	}
	*line = removed_line;
	return removed;
}

/* Add a named commit unless a name of its change is there already. */
static int add_upstream(struct checker *chk, struct check_compare *c,
			const struct cbp_commit *x)
{
	char parent[CBP_OID_HEXSZ + 1], pid[CBP_OID_HEXSZ + 1];
	char other[CBP_OID_HEXSZ + 1];
	size_t i;
	int rc;

	if (x->state != CBP_PRESENT || c->nr_up == CHECK_MAX_UPSTREAM)
		return 0;
	rc = cbp_git_first_parent(chk->ctx->repo, x->hex, parent);
	if (rc < 0)
		return -1;
	if (rc == 2)
		return 0;	/* a merge is no change of its own */
	/*
	 * Two names of one change with one diff count once.  Names of one
	 * class with different diffs (an adapted cherry-pick; or two
	 * commits a squash backport joined into one class) are both kept.
	 */
	if (cbp_git_diff_patch_id(chk->ctx->repo, x->hex, pid))
		pid[0] = '\0';
	for (i = 0; i < c->nr_up; i++) {
		if (!strcmp(c->up[i].hex, x->hex))
			return 0;
		if (pid[0] && cbp_class_contains(&c->cls[i], x->id) >= 0 &&
		    !cbp_git_diff_patch_id(chk->ctx->repo, c->up[i].hex, other) &&
		    !strcmp(pid, other))
			return 0;
	}
	c->up = cbp_realloc(c->up, (c->nr_up + 1) * sizeof(*c->up));
	c->cls = cbp_realloc(c->cls, (c->nr_up + 1) * sizeof(*c->cls));
	c->up[c->nr_up] = *x;
	if (cbp_class_of(chk->idx, x->id, &c->cls[c->nr_up]))
		return -1;
	c->nr_up++;
	return 0;
}

/*
 * "1) subject" lines of a message that says it squashes commits: the
 * mainline commit with that subject, if exactly one has it.
 */
static int add_squashed(struct checker *chk, struct check_compare *c,
			const struct cbp_patch *p)
{
	const char *s, *eol, *end = p->msg + p->msg_len;

	if (!p->msg || !strcasestr(p->msg, "squash"))
		return 0;
	for (s = p->msg; s < end; s = eol + 1) {
		const char *q = s;
		long long *ids = NULL;
		struct cbp_commit one, found;
		size_t nr = 0, i, n = 0;
		char *subject;

		eol = memchr(s, '\n', end - s);
		if (!eol)
			eol = end;
		q += strspn(q, " \t");
		if (q >= eol || *q < '0' || *q > '9')
			continue;
		q += strspn(q, "0123456789");
		if (q >= eol || (*q != ')' && *q != '.') || q[1] != ' ')
			continue;
		q += 2;
		subject = cbp_strndup(q, eol - q);
		if (strlen(subject) >= 8 &&
		    !cbp_same_subject(chk->idx, subject, &ids, &nr)) {
			for (i = 0; i < nr; i++)
				if (!cbp_commit_get(chk->idx, ids[i], &one) &&
				    one.state == CBP_PRESENT &&
				    check_in_mainline(chk, &one) && !n++)
					found = one;
		}
		free(ids);
		free(subject);
		if (n == 1 && add_upstream(chk, c, &found))
			return -1;
		if (eol == end)
			break;
	}
	return 0;
}

/* If the upstream commits are a run of first parents, their net change. */
static int load_net(struct checker *chk, struct check_compare *c)
{
	char (*parent)[CBP_OID_HEXSZ + 1];
	size_t i, k, first = c->nr_up, last, steps = 1;
	int rc = 0;

	parent = cbp_calloc(c->nr_up, sizeof(*parent));
	for (i = 0; i < c->nr_up && rc >= 0; i++)
		rc = cbp_git_first_parent(chk->ctx->repo, c->up[i].hex,
					  parent[i]);
	if (rc < 0)
		goto out;
	/* The first: no other one is its parent; there must be one. */
	for (i = 0; i < c->nr_up; i++) {
		for (k = 0; k < c->nr_up; k++)
			if (!strcmp(parent[i], c->up[k].hex))
				break;
		if (k < c->nr_up)
			continue;
		if (first < c->nr_up)
			goto out;
		first = i;
	}
	if (first == c->nr_up || !parent[first][0])
		goto out;
	for (last = first; steps < c->nr_up; steps++) {
		for (k = 0; k < c->nr_up; k++)
			if (!strcmp(parent[k], c->up[last].hex))
				break;
		if (k == c->nr_up)
			goto out;
		last = k;
	}
	rc = cbp_git_range_diff(chk->ctx->repo, parent[first], c->up[last].hex,
				&c->net.d);
	if (!rc) {
		c->have_net = 1;
		side_init(&c->net);
	}
out:
	free(parent);
	return rc < 0 ? -1 : 0;
}

/**
 * check_compare_load() - compare a patch with the upstream commits it names
 * @chk: the checker
 * @fx: the facts of the patch; fx->cmp is set with --compare or --tree
 *
 * Return: 0, or -1 with the error recorded.
 */
int check_compare_load(struct checker *chk, struct check_facts *fx)
{
	const struct cbp_options *opt = chk->ctx->opt;
	const struct cbp_patch *p = fx->p;
	struct check_compare *c;
	size_t i;

	if ((!opt->compare && !opt->tree) || !chk->idx || !chk->ctx->repo)
		return 0;
	c = cbp_calloc(1, sizeof(*c));
	fx->cmp = c;
	if (p->commit[0] && fx->self_in_mainline && !fx->nr_up) {
		c->why = cbp_strdup("it is a mainline commit itself");
		return 0;
	}
	for (i = 0; i < fx->nr_up; i++)
		if (!fx->up[i].rc && add_upstream(chk, c, &fx->up[i].x))
			return -1;
	for (i = 0; i < fx->nr_picks; i++)
		if (!fx->picks[i].rc && add_upstream(chk, c, &fx->picks[i].c))
			return -1;
	if (add_squashed(chk, c, p))
		return -1;
	if (!c->nr_up) {
		c->why = cbp_strdup("no upstream commit it names is in this repository");
		return 0;
	}
	if (p->diff) {
		if (cbp_git_diff_parse(p->diff, p->diff_len, &c->bp.d)) {
			c->why = cbp_strf("its diff cannot be read: %s",
					  cbp_errmsg());
			return 0;
		}
	} else if (!p->commit[0]) {
		c->why = cbp_strdup("it has no diff");
		return 0;
	} else if (cbp_git_commit_diff(chk->ctx->repo, p->commit, &c->bp.d,
				       NULL, NULL)) {
		return -1;
	}
	side_init(&c->bp);
	c->from = cbp_calloc(c->bp.nb + 1, sizeof(*c->from));
	c->whole = cbp_calloc(c->bp.nb + 1, 1);
	c->ud = cbp_calloc(c->nr_up, sizeof(*c->ud));
	for (i = 0; i < c->nr_up; i++) {
		if (cbp_git_commit_diff(chk->ctx->repo, c->up[i].hex,
					&c->ud[i].d, NULL, NULL))
			return -1;
		side_init(&c->ud[i]);
		match_sides(&c->bp, c->bp.cov, &c->ud[i], c->from, c->whole,
			    1u << i);
	}
	if (c->nr_up > 1 && load_net(chk, c))
		return -1;
	if (c->have_net) {
		c->net_cov = cov_new(&c->bp);
		match_sides(&c->bp, c->net_cov, &c->net, NULL, NULL, 0);
	}
	return 0;
}

/**
 * check_compare_release() - free what check_compare_load() gathered
 * @fx: the facts
 */
void check_compare_release(struct check_facts *fx)
{
	struct check_compare *c = fx->cmp;
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nr_up; i++) {
		cbp_class_release(&c->cls[i]);
		if (c->ud)
			side_release(&c->ud[i]);
	}
	cov_free(c->net_cov, c->bp.nb);
	side_release(&c->bp);
	side_release(&c->net);
	free(c->why);
	free(c->from);
	free(c->whole);
	free(c->up);
	free(c->cls);
	free(c->ud);
	free(c);
	fx->cmp = NULL;
}

static struct check_compare *compared(struct check_run *run)
{
	struct check_compare *c = run->fx->cmp;

	return c && !c->why ? c : NULL;
}

/* "12ab34cd56ef, 9876543210ab": the upstream commits, for messages. */
static char *up_list(const struct check_compare *c)
{
	char *s = NULL;
	size_t i;

	for (i = 0; i < c->nr_up; i++)
		cbp_strcatf(&s, "%s%.12s", i ? ", " : "", c->up[i].hex);
	return s;
}

/* The first line of backport block @k that nothing upstream accounts for. */
static const char *extra_line(const struct check_compare *c, size_t k,
			      unsigned int *line)
{
	return first_left(&c->bp, c->bp.cov, c->have_net ? c->net_cov : NULL,
			  k, line);
}

/**
 * check_backport_extra() - BACKPORT_EXTRA: a change upstream did not make
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_backport_extra(struct check_run *run, size_t i __always_unused)
{
	struct check_compare *c = compared(run);
	struct cbp_finding *f;
	char *ups;
	size_t k;

	if (!c)
		return 0;
	ups = up_list(c);
	for (k = 0; k < c->bp.nb; k++) {
		const struct cbp_dblock *b = &c->bp.b[k];
		const struct cbp_dfile *df = &c->bp.d.f[b->file];
		unsigned int at;
		const char *line = extra_line(c, k, &at);

		if (!line)
			continue;
		f = check_emit(run, 0,
			       "%s: the change at line %u (\"%s\") is in no upstream commit the patch names (%s)",
			       cbp_dfile_path(df), at, line, ups);
		if (run->chk->ctx->opt->interdiff)
			f->detail = cbp_dhunk_text(df, &df->h[b->hunk], "    ");
	}
	free(ups);
	return 0;
}

/*
 * Whether upstream block @k of commit @r is accounted for by another
 * name of the same change among the upstream commits (whose equal block
 * the backport matched).
 */
static int matched_elsewhere(const struct check_compare *c, size_t r,
			     size_t k)
{
	size_t o, j;

	for (o = 0; o < c->nr_up; o++) {
		if (o == r || cbp_class_contains(&c->cls[o], c->up[r].id) < 0)
			continue;
		for (j = 0; j < c->ud[o].nb; j++)
			if (!count(&c->ud[o], c->ud[o].cov, j, 0) &&
			    cbp_dblock_equal(&c->ud[r].d, &c->ud[r].b[k],
					     &c->ud[o].d, &c->ud[o].b[j]))
				return 1;
	}
	return 0;
}

/* One BACKPORT_DROPPED finding for upstream block @k of @s. */
static void dropped(struct check_run *run, const struct side *s, size_t k,
		    const char *by)
{
	const struct cbp_dblock *b = &s->b[k];
	const struct cbp_dfile *df = &s->d.f[b->file];
	struct cbp_finding *f;
	unsigned int at;
	const char *line = first_left(s, s->cov, NULL, k, &at);

	f = check_emit(run, 0,
		       "%s: %s changes line %u (\"%s\"); the backport does not",
		       cbp_dfile_path(df), by, at, line ? line : "");
	if (run->chk->ctx->opt->interdiff)
		f->detail = cbp_dhunk_text(df, &df->h[b->hunk], "    ");
}

/**
 * check_backport_dropped() - BACKPORT_DROPPED: an upstream change left out
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_backport_dropped(struct check_run *run, size_t i __always_unused)
{
	struct check_compare *c = compared(run);
	char buf[700], *by;
	size_t r, k;

	if (!c)
		return 0;
	if (c->have_net) {
		by = cbp_strf("upstream's net change %.12s^..%.12s",
			      c->up[0].hex, c->up[c->nr_up - 1].hex);
		for (k = 0; k < c->net.nb; k++)
			if (count(&c->net, c->net.cov, k, 0))
				dropped(run, &c->net, k, by);
		free(by);
		return 0;
	}
	for (r = 0; r < c->nr_up; r++) {
		by = cbp_strf("upstream %s",
			      cbp_cite_str(&c->up[r], buf, sizeof(buf)));
		for (k = 0; k < c->ud[r].nb; k++)
			if (count(&c->ud[r], c->ud[r].cov, k, 0) &&
			    !matched_elsewhere(c, r, k)) {
				dropped(run, &c->ud[r], k, by);
				snprintf(run->r->f[run->r->nr - 1].commit,
					 sizeof(run->r->f[0].commit), "%s",
					 c->up[r].hex);
			}
		free(by);
	}
	return 0;
}

/* Where the lines of backport hunk (@file, @hunk) came from. */
static char *origin_of(const struct check_compare *c, size_t file,
		       size_t hunk)
{
	unsigned int from = 0, at;
	int net = 0, extra = 0;
	char *s = NULL;
	size_t k, r;

	for (k = 0; k < c->bp.nb; k++) {
		int by_net = c->have_net && count(&c->bp, c->net_cov, k, 1);

		if (c->bp.b[k].file != file || c->bp.b[k].hunk != hunk)
			continue;
		/*
		 * A block that is part of one commit's but all of the net
		 * change comes from the commits together.
		 */
		if (by_net && !c->whole[k] &&
		    !count(&c->bp, c->net_cov, k, 0))
			net = 1;
		else if (c->from[k])
			from |= c->from[k];
		else
			net |= by_net;
		extra |= !!extra_line(c, k, &at);
	}
	for (r = 0; r < c->nr_up; r++)
		if (from & (1u << r))
			cbp_strcatf(&s, "%s%.12s", s ? " and " : "",
				    c->up[r].hex);
	if (net)
		cbp_strcatf(&s, "%s%.12s..%.12s together (their net change)",
			    s ? " and " : "", c->up[0].hex,
			    c->up[c->nr_up - 1].hex);
	if (extra)
		cbp_strcatf(&s, "%snone (extra lines)", s ? ", and " : "");
	return s ? s : cbp_strdup("nothing");
}

/**
 * check_backport_squash() - BACKPORT_SQUASH: which commit each hunk is from
 * @run: the check at work
 * @i: unused
 *
 * Return: 0.
 */
int check_backport_squash(struct check_run *run, size_t i __always_unused)
{
	struct check_compare *c = compared(run);
	struct cbp_finding *f;
	char *s = NULL, buf[700];
	size_t k, h;

	if (!c || c->nr_up < 2)
		return 0;
	for (k = 0; k < c->nr_up; k++)
		cbp_strcatf(&s, "%s%s", k ? ", " : "",
			    cbp_cite_str(&c->up[k], buf, sizeof(buf)));
	f = check_emit(run, 0, "a squash of %zu upstream commits: %s",
		       c->nr_up, s);
	free(s);
	s = NULL;
	for (k = 0; k < c->bp.d.nr; k++)
		for (h = 0; h < c->bp.d.f[k].nr; h++) {
			char *o = origin_of(c, k, h);

			cbp_strcatf(&s, "    %s %s: from %s\n",
				    cbp_dfile_path(&c->bp.d.f[k]),
				    c->bp.d.f[k].h[h].header, o);
			free(o);
		}
	f->detail = s;
	return 0;
}

/* How many upstream blocks the backport leaves out (see dropped()). */
static size_t nr_dropped(const struct check_compare *c)
{
	size_t n = 0, r, k;

	if (c->have_net) {
		for (k = 0; k < c->net.nb; k++)
			n += !!count(&c->net, c->net.cov, k, 0);
		return n;
	}
	for (r = 0; r < c->nr_up; r++)
		for (k = 0; k < c->ud[r].nb; k++)
			n += count(&c->ud[r], c->ud[r].cov, k, 0) &&
			     !matched_elsewhere(c, r, k);
	return n;
}

/**
 * check_compare_report() - the comparison, for the report
 * @fx: the facts
 * @r: the report; r->tree and r->tree_json are added to
 */
void check_compare_report(const struct check_facts *fx, struct cbp_report *r)
{
	const struct check_compare *c = fx->cmp;
	struct json_object *o, *ups;
	size_t k, extra = 0, drop;
	unsigned int at;
	char *list;

	if (!c)
		return;
	o = json_object_new_object();
	ups = json_object_new_array();
	for (k = 0; k < c->nr_up; k++)
		json_object_array_add(ups, json_object_new_string(c->up[k].hex));
	json_object_object_add(o, "upstream", ups);
	if (c->why) {
		cbp_strcatf(&r->tree, "compare: nothing compared: %s\n", c->why);
		json_object_object_add(o, "why", json_object_new_string(c->why));
	} else {
		for (k = 0; k < c->bp.nb; k++)
			extra += !!extra_line(c, k, &at);
		drop = nr_dropped(c);
		list = up_list(c);
		cbp_strcatf(&r->tree,
			    "compare: with %s: %zu of %zu changes as upstream, %zu extra, %zu dropped\n",
			    list, c->bp.nb - extra, c->bp.nb, extra, drop);
		free(list);
		json_object_object_add(o, "changes",
				       json_object_new_int((int)c->bp.nb));
		json_object_object_add(o, "extra", json_object_new_int((int)extra));
		json_object_object_add(o, "dropped", json_object_new_int((int)drop));
	}
	if (!r->tree_json)
		r->tree_json = json_object_new_object();
	json_object_object_add(r->tree_json, "compare", o);
}
