// SPDX-License-Identifier: GPL-2.0
/*
 * What a check makes its findings with, under every check: a finding
 * of the running check's type (check_emit()), the line of the input a
 * message line came from, a line of the message with a replacement,
 * and the words for levels.  It calls nothing of the checks, so that no
 * check calls back up into the table that runs it (check-table.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "check-priv.h"

/**
 * cbp_level_name() - the word printed for a finding level
 * @level: enum cbp_level
 *
 * Return: "ERROR", "WARNING" or "INFO".
 */
const char *cbp_level_name(int level)
{
	static const char * const names[] = { "ERROR", "WARNING", "INFO" };

	return level >= 0 && level <= CBP_LEVEL_INFO ? names[level] : "?";
}

/**
 * check_emit() - make a finding of the type of the running check
 * @run: the check at work
 * @line: the line of the input it is about, 0 for the patch as a whole
 * @fmt: printf-style format of the message
 *
 * Return: the finding, to add a commit, a replacement or a hint to.
 */
struct cbp_finding *check_emit(struct check_run *run, unsigned int line,
			       const char *fmt, ...)
{
	struct cbp_report *r = run->r;
	struct cbp_finding *f;
	va_list ap;

	/* Most patches have a finding or two: do not start at 16. */
	if (r->nr == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 2;
		r->f = cbp_realloc(r->f, r->alloc * sizeof(*r->f));
	}
	f = &r->f[r->nr++];
	memset(f, 0, sizeof(*f));
	f->level = run->type->level;
	f->type = run->type->name;
	f->line = line;
	va_start(ap, fmt);
	f->msg = cbp_vstrf(fmt, ap);
	va_end(ap);
	r->count[f->level]++;
	return f;
}

/**
 * check_msg_line() - one line of a patch's message
 * @p: the patch
 * @line: its number, 1-based, in the message
 *
 * Return: a new string.
 */
char *check_msg_line(const struct cbp_patch *p, unsigned int line)
{
	const char *s = p->msg, *end = p->msg + p->msg_len;

	while (--line && s < end) {
		s = memchr(s, '\n', end - s);
		s = s ? s + 1 : end;
	}
	end = memchr(s, '\n', end - s);
	return cbp_strndup(s, end ? (size_t)(end - s) : strlen(s));
}

/**
 * check_replace_in() - a line with one text replaced
 * @line: the line
 * @from: the text to replace (its first occurrence)
 * @to: what to put instead
 *
 * Return: a new string; a copy of @line if @from is not in it.
 */
char *check_replace_in(const char *line, const char *from, const char *to)
{
	const char *hit = strstr(line, from);

	if (!hit)
		return cbp_strdup(line);
	return cbp_strf("%.*s%s%s", (int)(hit - line), line, to,
			hit + strlen(from));
}

/**
 * check_src_line() - where a line of a patch's message is in its input
 * @p: the patch
 * @line: the line's number in the message, 1-based
 *
 * Return: its line in the input file, or 0 if the message was decoded
 * and its lines are not the file's.
 */
unsigned int check_src_line(const struct cbp_patch *p, unsigned int line)
{
	/* 0: the message was decoded, its lines are not the file's. */
	return p->msg_line ? p->msg_line + line - 1 : 0;
}
