// SPDX-License-Identifier: GPL-2.0
/*
 * The series a check run reads (see check-series.h): one summary per
 * patch, made before any is checked, and where a change stands in it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-series.h"

static struct check_series *series_of(struct checker *chk)
{
	struct check_series *s = chk->series;

	if (s)
		return s;
	s = cbp_calloc(1, sizeof(*s));
	s->fu_for = -1;
	s->rev_for = -1;
	if (cbp_edges_open(chk->idx, &s->e)) {
		free(s);
		return NULL;
	}
	chk->series = s;
	return s;
}

/* Record that patch @at brings row @id. */
static void remember(struct check_series *s, long long id, int at)
{
	int fresh, *span = cbp_idmap_put(&s->ids, id, &fresh);

	if (fresh) {
		s->span = cbp_grow(s->span, sizeof(*s->span), s->nr_span + 1,
				   &s->alloc_span);
		s->span[s->nr_span].first = at;
		*span = (int)s->nr_span++;
	}
	s->span[*span].last = at;
}

/* Which patch other than @at, @where of it, brings row @id; -1 if none. */
static int brings(const struct check_series *s, long long id, int at, int where)
{
	const int *span = cbp_idmap_get(&s->ids, id);

	if (!span)
		return -1;
	if ((where & SERIES_BEFORE) && s->span[*span].first < at)
		return s->span[*span].first;
	if ((where & SERIES_AFTER) && s->span[*span].last > at)
		return s->span[*span].last;
	return -1;
}

/* The names the patch brings, and the first of them mainline has. */
static int summarise(struct checker *chk, struct check_series *s,
		     struct series_item *it, struct cbp_patch *p)
{
	struct check_facts fx;
	size_t i;
	int err;

	err = check_facts_load(chk, p, &fx);
	if (!err && fx.fix.nr)
		it->ids = cbp_calloc(fx.fix.nr, sizeof(*it->ids));
	for (i = 0; !err && i < fx.fix.nr; i++) {
		const struct cbp_commit *c = &fx.fix.c[i];
		long long pos;

		it->ids[it->nr_ids++] = c->id;
		remember(s, c->id, (int)(it - s->it));
		if (c->state != CBP_PRESENT)
			continue;
		pos = cbp_mainline_pos(s->e, c->id);
		if (pos < 0) {
			err = -1;
		} else if (pos && (!it->pos || pos < it->pos)) {
			it->pos = pos;
			it->ml = c->id;
		}
	}
	check_facts_release(&fx);
	return err;
}

/**
 * check_series_add() - summarise the next patch of the series
 * @chk: the checker, with the index open and the branches chosen
 * @p: the patch
 *
 * Call once per patch, in order, before checking any.
 *
 * Return: 0, or -1 on an index or git error (message recorded).
 */
int check_series_add(struct checker *chk, struct cbp_patch *p)
{
	struct check_series *s = series_of(chk);
	struct series_item *it;

	if (!s)
		return -1;
	s->it = cbp_grow(s->it, sizeof(*s->it), s->nr + 1, &s->alloc);
	it = &s->it[s->nr++];
	memset(it, 0, sizeof(*it));
	if (s->nr > 1 && !strcmp(s->it[s->nr - 2].source, p->source)) {
		it->source = s->it[s->nr - 2].source;
	} else {
		it->source = cbp_strdup(p->source);
		it->own_source = 1;
	}
	it->nr = p->nr;
	if (s->nr > 1) {
		const struct series_item *prev = &s->it[s->nr - 2];

		it->max_before = prev->pos > prev->max_before ? prev->pos :
				 prev->max_before;
	}
	it->subject = cbp_strdup(p->subject ? p->subject : "(no subject)");
	if (p->error)
		return 0;
	return summarise(chk, s, it, p);
}

/**
 * check_series_release() - forget the series
 * @chk: the checker
 */
void check_series_release(struct checker *chk)
{
	struct check_series *s = chk->series;
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nr; i++) {
		if (s->it[i].own_source)
			free(s->it[i].source);
		free(s->it[i].subject);
		free(s->it[i].ids);
	}
	free(s->it);
	cbp_idmap_release(&s->ids);
	free(s->span);
	if (s->fu_for >= 0)
		cbp_followups_release(&s->fu);
	cbp_edges_close(s->e);
	free(s);
	chk->series = NULL;
}

/**
 * check_series_index() - where a patch is in the series
 * @chk: the checker
 * @p: the patch
 *
 * Return: its index, or -1 if it was not added.
 */
int check_series_index(const struct checker *chk, const struct cbp_patch *p)
{
	struct check_series *s = chk->series;
	size_t i, k;

	/* Patches are checked in order: start where the last one was. */
	for (k = 0; s && k < s->nr; k++) {
		i = (s->cursor + k) % s->nr;
		if (s->it[i].nr == p->nr && !strcmp(s->it[i].source, p->source)) {
			s->cursor = i;
			return (int)i;
		}
	}
	return -1;
}

/**
 * check_series_has() - which other patch of the series brings a change
 * @chk: the checker
 * @at: the patch asking (check_series_index())
 * @ch: the change
 * @where: SERIES_BEFORE, SERIES_AFTER or SERIES_ANYWHERE, relative to @at
 *
 * Return: the index of such a patch (the first before @at, else the last
 * after it), or -1.
 */
int check_series_has(const struct checker *chk, int at,
		     const struct cbp_change *ch, int where)
{
	size_t k;
	int j;

	for (k = 0; chk->series && at >= 0 && k < ch->cls.nr; k++) {
		j = brings(chk->series, ch->cls.members[k].c.id, at, where);
		if (j >= 0)
			return j;
	}
	return -1;
}

/**
 * check_series_has_names() - which other patch of the series brings a name
 * @chk: the checker
 * @at: the patch asking (check_series_index())
 * @n: the names
 * @where: SERIES_BEFORE, SERIES_AFTER or SERIES_ANYWHERE, relative to @at
 *
 * Return: the index of such a patch, as check_series_has(), or -1.
 */
int check_series_has_names(const struct checker *chk, int at,
			   const struct check_names *n, int where)
{
	size_t k;
	int j;

	for (k = 0; chk->series && at >= 0 && k < n->nr; k++) {
		j = brings(chk->series, n->c[k].id, at, where);
		if (j >= 0)
			return j;
	}
	return -1;
}

/**
 * check_series_name() - a patch of the series, for messages
 * @chk: the checker
 * @i: its index
 * @buf: output
 * @size: its size
 *
 * Return: @buf: the file (and the mail, in a mailbox) and the subject.
 */
const char *check_series_name(const struct checker *chk, int i, char *buf,
			      size_t size)
{
	const struct check_series *s = chk->series;
	const struct series_item *it = &s->it[i];
	size_t k, same = 0;

	for (k = 0; k < s->nr; k++)
		same += !strcmp(s->it[k].source, it->source);
	if (same > 1)
		snprintf(buf, size, "%s, mail %u (\"%s\")", it->source, it->nr,
			 it->subject);
	else
		snprintf(buf, size, "%s (\"%s\")", it->source, it->subject);
	return buf;
}
