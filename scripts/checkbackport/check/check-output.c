// SPDX-License-Identifier: GPL-2.0
/*
 * The reports of `checkbackport check`: for people, one line per finding
 * (--terse), and JSON.
 */
#include <stdio.h>

#include "report/cbp.h"
#include "check.h"

static const char *where(const struct cbp_patch *p, unsigned int line,
			 char *buf, size_t size)
{
	if (line)
		snprintf(buf, size, "%s:%u", p->source, line);
	else
		snprintf(buf, size, "%s", p->source);
	return buf;
}

/**
 * cbp_check_print_human() - print the findings for people
 * @rep: the reports, one per patch
 * @n: how many
 */
void cbp_check_print_human(struct cbp_report *rep, size_t n)
{
	int total[3] = { 0, 0, 0 };
	char at[1100];
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct cbp_report *r = &rep[i];
		struct cbp_patch *p = r->p;

		printf("%s", p->source);
		if (p->nr > 1 || (i + 1 < n && rep[i + 1].p->nr > 1))
			printf(" (mail %u, line %u)", p->nr, p->line);
		printf(": %s\n", p->subject ? p->subject : "(no subject)");
		if (p->plain)
			printf("diff: %s, read as git apply reads it\n",
			       "a plain unified diff (no 'diff --git' lines)");
		for (j = 0; j < r->nr; j++) {
			struct cbp_finding *f = &r->f[j];

			printf("%s:%s: %s\n", cbp_level_name(f->level), f->type,
			       f->msg);
			if (f->line)
				printf("    at %s\n",
				       where(p, f->line, at, sizeof(at)));
			if (f->old)
				printf("    replace: %s\n", f->old);
			if (f->new)
				printf("    with:    %s\n", f->new);
			if (f->hint)
				printf("    hint: %s\n", f->hint);
			if (f->detail)
				fputs(f->detail, stdout);
		}
		if (r->tree)
			fputs(r->tree, stdout);
		printf("%d error%s, %d warning%s, %d info\n\n",
		       r->count[0], r->count[0] == 1 ? "" : "s",
		       r->count[1], r->count[1] == 1 ? "" : "s", r->count[2]);
		for (j = 0; j < 3; j++)
			total[j] += r->count[j];
	}
	printf("total: %d error%s, %d warning%s, %d info in %zu patch%s\n",
	       total[0], total[0] == 1 ? "" : "s",
	       total[1], total[1] == 1 ? "" : "s", total[2],
	       n, n == 1 ? "" : "es");
}

/**
 * cbp_check_print_terse() - print one line per finding
 * @rep: the reports, one per patch
 * @n: how many
 */
void cbp_check_print_terse(struct cbp_report *rep, size_t n)
{
	char at[1100];
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < rep[i].nr; j++) {
			struct cbp_finding *f = &rep[i].f[j];

			printf("%s: %s:%s: %s", where(rep[i].p, f->line, at,
						      sizeof(at)),
			       cbp_level_name(f->level), f->type, f->msg);
			if (f->new)
				printf(" [replace with: %s]", f->new);
			putchar('\n');
		}
}

static struct json_object *jstr(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

/**
 * cbp_check_print_json() - print the findings as one JSON document
 * @chk: the checker (for the branch names)
 * @rep: the reports, one per patch
 * @n: how many
 */
void cbp_check_print_json(struct checker *chk, struct cbp_report *rep, size_t n)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	int total[3] = { 0, 0, 0 };
	size_t i, j;

	json_object_object_add(doc, "mainline", jstr(chk->mainline));
	json_object_object_add(doc, "stable", jstr(chk->stable));
	if (chk->tree)
		json_object_object_add(doc, "tree", cbp_check_tree_json(chk));
	for (i = 0; i < n; i++) {
		struct cbp_report *r = &rep[i];
		struct json_object *o = json_object_new_object();
		struct json_object *fa = json_object_new_array();

		json_object_object_add(o, "source", jstr(r->p->source));
		json_object_object_add(o, "mail", json_object_new_int(r->p->nr));
		json_object_object_add(o, "line", json_object_new_int(r->p->line));
		json_object_object_add(o, "subject", jstr(r->p->subject));
		json_object_object_add(o, "commit", r->p->commit[0] ?
				       jstr(r->p->commit) : NULL);
		json_object_object_add(o, "diff_form", r->p->diff ?
				       jstr(r->p->plain ? "unified" : "git") :
				       NULL);
		for (j = 0; j < r->nr; j++) {
			struct cbp_finding *f = &r->f[j];
			struct json_object *fo = json_object_new_object();
			char lvl[16];
			size_t k;

			snprintf(lvl, sizeof(lvl), "%s",
				 cbp_level_name(f->level));
			for (k = 0; lvl[k]; k++)
				lvl[k] = (char)(lvl[k] | 0x20);
			json_object_object_add(fo, "level", jstr(lvl));
			json_object_object_add(fo, "type", jstr(f->type));
			json_object_object_add(fo, "line", f->line ?
					       json_object_new_int(f->line) :
					       NULL);
			json_object_object_add(fo, "message", jstr(f->msg));
			json_object_object_add(fo, "commit", f->commit[0] ?
					       jstr(f->commit) : NULL);
			json_object_object_add(fo, "replace", jstr(f->old));
			json_object_object_add(fo, "with", jstr(f->new));
			json_object_object_add(fo, "hint", jstr(f->hint));
			json_object_object_add(fo, "detail", jstr(f->detail));
			json_object_array_add(fa, fo);
		}
		json_object_object_add(o, "findings", fa);
		if (r->tree_json) {
			json_object_object_foreach(r->tree_json, key, val)
				json_object_object_add(o, key,
						       json_object_get(val));
		}
		json_object_object_add(o, "errors",
				       json_object_new_int(r->count[0]));
		json_object_object_add(o, "warnings",
				       json_object_new_int(r->count[1]));
		json_object_object_add(o, "info",
				       json_object_new_int(r->count[2]));
		json_object_array_add(arr, o);
		for (j = 0; j < 3; j++)
			total[j] += r->count[j];
	}
	json_object_object_add(doc, "patches", arr);
	json_object_object_add(doc, "errors", json_object_new_int(total[0]));
	json_object_object_add(doc, "warnings", json_object_new_int(total[1]));
	json_object_object_add(doc, "info", json_object_new_int(total[2]));
	cbp_json_print(doc);
}
