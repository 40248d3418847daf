// SPDX-License-Identifier: GPL-2.0
/*
 * Link trust in words, for names, lint and check: a citation in its
 * kind's form, why a link got its verdict, a malformed citation and the
 * commit it was likely meant as, and the same as JSON.
 */
#include <stdio.h>
#include <string.h>

#include "cbp.h"

/**
 * cbp_cite_form() - a citation in its kind's form (git's for a cherry-pick,
 *	whatever the wording read), with the ID as written
 * @kind: enum cbp_kind
 * @cited: the ID as written
 * @buf: output buffer
 * @size: its size
 *
 * Return: @buf, e.g. "(cherry picked from commit X)" or "commit X upstream".
 */
const char *cbp_cite_form(int kind, const char *cited, char *buf, size_t size)
{
	switch (kind) {
	case CBP_CHERRY_PICK:
		snprintf(buf, size, "(cherry picked from commit %s)", cited);
		break;
	case CBP_UPSTREAM:
		snprintf(buf, size, "commit %s upstream", cited);
		break;
	case CBP_UPSTREAM_BRACKET:
		snprintf(buf, size, "[ Upstream commit %s ]", cited);
		break;
	case CBP_UPSTREAM_LINE:
		snprintf(buf, size, "Upstream commit %s", cited);
		break;
	case CBP_BACKPORTED:
		snprintf(buf, size, "(backported from commit %s)", cited);
		break;
	case CBP_MASTER_COMMIT:
		snprintf(buf, size, "master commit: %s", cited);
		break;
	case CBP_SAME_PATCH_ID:
		snprintf(buf, size, "same patch-id as %s, no trailer", cited);
		break;
	case CBP_SAME_CHANGE_ID:
		snprintf(buf, size, "same Change-Id as %s", cited);
		break;
	case CBP_SAME_AUTHOR_DATE:
		snprintf(buf, size, "same author, date and subject as %s, no trailer",
			 cited);
		break;
	case CBP_SAME_AUTHOR_NEAR:
		snprintf(buf, size,
			 "same author and message as %s, authored minutes apart, no trailer",
			 cited);
		break;
	case CBP_SAME_AUTHOR_LATER:
		snprintf(buf, size,
			 "same author and message as %s, authored after it (30 days at most), no trailer",
			 cited);
		break;
	case CBP_SAME_PATCH_MOVED:
		snprintf(buf, size,
			 "same subject and patch as %s under other folders, no trailer",
			 cited);
		break;
	case CBP_MERGED:
		snprintf(buf, size,
			 "%s brought in by the merge it cites, no trailer naming it",
			 cited);
		break;
	default:
		snprintf(buf, size, "%s: %s", cbp_kind_name(kind), cited);
		break;
	}
	return buf;
}

static const char *plural(long long n)
{
	return n == 1 ? "" : "s";
}

/**
 * cbp_trust_reason() - why a link got its verdict, in a few words
 * @ti: the verdict and what was compared
 * @buf: output buffer
 * @size: its size
 *
 * Return: @buf, e.g. "subjects and patch-ids differ, no file in common
 * (a.c; b.c)".
 */
const char *cbp_trust_reason(const struct cbp_trust_info *ti, char *buf,
			     size_t size)
{
	switch (ti->verdict) {
	case CBP_TRUST_SAME_SUBJECT:
		snprintf(buf, size, "same subject");
		break;
	case CBP_TRUST_SAME_PATCH:
		snprintf(buf, size, ti->no_trailer ? "same patch-id, no trailer" :
			 "subjects differ, same patch-id");
		break;
	case CBP_TRUST_ADAPTED:
		if (!ti->common) {
			snprintf(buf, size,
				 "subjects differ, the same changes under other paths (%s; %s)",
				 ti->spath, ti->dpath);
			break;
		}
		if (ti->dpath[0]) {
			snprintf(buf, size,
				 "subjects and patch-ids differ, %lld file%s changed alike under other folders (%s; %s%s)",
				 ti->common, plural(ti->common), ti->spath,
				 ti->dpath, ti->common > 1 ? ", ..." : "");
			break;
		}
		snprintf(buf, size,
			 "subjects and patch-ids differ, %lld file%s in common (%s%s)",
			 ti->common, plural(ti->common), ti->spath,
			 ti->common > 1 ? ", ..." : "");
		break;
	case CBP_TRUST_SQUASHED:
		snprintf(buf, size,
			 "a squash: the citing commit cites the change this one fixes or reverts too; it carries this one but is no copy of it");
		break;
	case CBP_TRUST_REVERT:
		snprintf(buf, size,
			 "a revert: the citing commit reverts this one, or a commit citing it or cited by it; the citation says what it undoes, it is no copy of it");
		break;
	case CBP_TRUST_SUSPICIOUS:
		snprintf(buf, size,
			 "subjects and patch-ids differ, no file in common (%s; %s)",
			 ti->spath[0] ? ti->spath : "the citing side touches none",
			 ti->dpath[0] ? ti->dpath : "the cited side touches none");
		break;
	default:
		snprintf(buf, size, "not judged%s", ti->sfiles < 0 && ti->dfiles < 0 ?
			 ": an end is not a commit of this repository, or could not be read" :
			 "");
		break;
	}
	return buf;
}

/**
 * cbp_trust_json() - a verdict and its reasons as JSON
 * @ti: the verdict and what was compared
 *
 * Return: a new object with verdict, basis (of a consistent link) and,
 * when files were compared, files {citing, cited, common, example}.
 */
struct json_object *cbp_trust_json(const struct cbp_trust_info *ti)
{
	struct json_object *o = json_object_new_object();
	char why[768];

	json_object_object_add(o, "verdict",
			       json_object_new_string(cbp_trust_name(ti->verdict)));
	if (ti->verdict == CBP_TRUST_SAME_SUBJECT ||
	    ti->verdict == CBP_TRUST_SAME_PATCH)
		json_object_object_add(o, "basis",
				       json_object_new_string(ti->no_trailer ?
							      "patch-id, no trailer" :
							      ti->verdict == CBP_TRUST_SAME_PATCH ?
							      "patch-id" : "subject"));
	cbp_trust_reason(ti, why, sizeof(why));
	json_object_object_add(o, "reason", json_object_new_string(why));
	if (ti->common >= 0) {
		struct json_object *f = json_object_new_object();

		json_object_object_add(f, "citing", json_object_new_int64(ti->sfiles));
		json_object_object_add(f, "cited", json_object_new_int64(ti->dfiles));
		json_object_object_add(f, "common", json_object_new_int64(ti->common));
		json_object_object_add(f, "citing_example", ti->spath[0] ?
				       json_object_new_string(ti->spath) : NULL);
		json_object_object_add(f, "cited_example", ti->dpath[0] ?
				       json_object_new_string(ti->dpath) : NULL);
		/* Adapted across a directory move: no path in common. */
		json_object_object_add(f, "other_folders",
				       json_object_new_boolean(ti->verdict == CBP_TRUST_ADAPTED &&
							       ti->dpath[0]));
		json_object_object_add(o, "files", f);
	}
	return o;
}

/**
 * cbp_malformed_problem() - what is wrong with a malformed citation
 * @m: the citation
 * @buf: output buffer
 * @size: its size
 *
 * Return: @buf, e.g. "41 hex digits, not a commit ID; one typo from
 * 0123456789ab ("subject")".
 */
const char *cbp_malformed_problem(const struct cbp_malformed *m, char *buf,
				  size_t size)
{
	char cite[640];
	size_t n;

	if (m->digits > CBP_HEX_MAX)
		n = snprintf(buf, size, "%u hex digits, not a commit ID",
			     m->digits);
	else
		n = snprintf(buf, size, "no commit %s in this repository",
			     m->cited);
	if (m->suggest.id && n < size)
		snprintf(buf + n, size - n, "; one typo from %s",
			 cbp_cite_str(&m->suggest, cite, sizeof(cite)));
	return buf;
}

/**
 * cbp_malformed_fix() - a malformed citation as it should read
 * @m: the citation, with a suggestion
 * @buf: output buffer
 * @size: its size
 *
 * Return: @buf, the citation with the suggested ID, or "" if there is no
 * suggestion.
 */
const char *cbp_malformed_fix(const struct cbp_malformed *m, char *buf,
			      size_t size)
{
	char id[CBP_OID_HEXSZ + 1];

	buf[0] = '\0';
	if (!m->suggest.id)
		return buf;
	snprintf(id, sizeof(id), "%.*s", (int)m->suggest_digits, m->suggest.hex);
	return cbp_cite_form(m->kind, id, buf, size);
}

/**
 * cbp_malformed_json() - a malformed citation as JSON
 * @idx: the index
 * @m: the citation
 *
 * Return: a new object with commit, trailer, cited, digits, line, problem
 * and, when one commit was likely meant, suggestion and with.
 */
struct json_object *cbp_malformed_json(struct cbp_index *idx,
				       const struct cbp_malformed *m)
{
	struct json_object *o = json_object_new_object();
	char buf[768];
	struct cbp_commit c;

	if (!cbp_commit_get(idx, m->src, &c))
		json_object_object_add(o, "commit", cbp_commit_json(idx, &c));
	cbp_cite_form(m->kind, m->cited, buf, sizeof(buf));
	json_object_object_add(o, "trailer", json_object_new_string(buf));
	json_object_object_add(o, "cited", json_object_new_string(m->cited));
	json_object_object_add(o, "digits", json_object_new_int(m->digits));
	json_object_object_add(o, "line", m->line ?
			       json_object_new_int(m->line) : NULL);
	cbp_malformed_problem(m, buf, sizeof(buf));
	json_object_object_add(o, "problem", json_object_new_string(buf));
	json_object_object_add(o, "suggestion", m->suggest.id ?
			       cbp_commit_json(idx, &m->suggest) : NULL);
	json_object_object_add(o, "with", m->suggest.id ?
			       json_object_new_string(cbp_malformed_fix(m, buf,
									sizeof(buf))) :
			       NULL);
	return o;
}
