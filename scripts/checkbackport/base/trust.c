// SPDX-License-Identifier: GPL-2.0
/*
 * The rules of link trust that need no library: normalising subjects the
 * way stable practice needs before comparing them, naming verdicts, and
 * telling whether a cited ID that names nothing is one typo away from a
 * commit that exists.  See trust.h for the verdicts.
 */
#include <string.h>

#include "trailer.h"
#include "trust.h"

static int is_blank(unsigned char c)
{
	return c == ' ' || c == '\t';
}

static unsigned char fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Does @p start with @kw (lower case), ignoring case? */
static size_t starts_with_kw(const char *p, const char *kw)
{
	size_t i;

	for (i = 0; kw[i]; i++)
		if (fold((unsigned char)p[i]) != (unsigned char)kw[i])
			return 0;
	return i;
}

/*
 * Tags that backport tooling puts before a subject it copied (Android's
 * and ChromeOS's BACKPORT:, UPSTREAM:, FROMGIT:, FROMLIST:, ...).  Only
 * these: an upper-case word before a colon is often a subsystem ("HID:",
 * "ASoC:", "KVM:"), and stripping that would make different changes look
 * the same.
 */
static const char *const subject_tags[] = {
	"backport:", "upstream:", "fromgit:", "fromlist:", "android:",
	"chromium:", "noupstream:", "re:",
};

/*
 * A "(cherry picked from ..." pasted into a subject starts here, or, as
 * rpm's old branches have it, " - backported from commit ..." at the end.
 */
static const char *const pasted_trailers[] = {
	"(cherry picked from", "(cherry-picked from", "(backported from",
	"- backported from commit ", "- cherry picked from commit ",
	"- cherry-picked from commit ",
};

/* Past the leading "[...]" groups and tags of @p. */
static const char *skip_prefixes(const char *p)
{
	size_t i, n;

	for (;;) {
		while (is_blank((unsigned char)*p))
			p++;
		if (*p == '[' && strchr(p, ']')) {
			p = strchr(p, ']') + 1;
			continue;
		}
		for (i = 0, n = 0; i < ARRAY_SIZE(subject_tags) && !n; i++)
			n = starts_with_kw(p, subject_tags[i]);
		if (!n)
			return p;
		p += n;
	}
}

/*
 * Citations that start a line (trailer.c), and so end a subject when
 * written under it without a blank line between: its first paragraph,
 * joined into one line.  moby's history filtered into docker/cli has
 * "Merged master" over "Upstream-commit: X" and "Component: cli".
 */
static const char *const joined_trailers[] = {
	"upstream-commit: ", "backport-of: ",
};

/* Where a pasted cherry-pick trailer starts in @s, or NULL. */
static const char *find_pasted(const char *s)
{
	const char *p;
	size_t i;

	for (p = s; *p; p++) {
		if (*p == '(' || *p == '-') {
			for (i = 0; i < ARRAY_SIZE(pasted_trailers); i++)
				if (starts_with_kw(p, pasted_trailers[i]))
					return p;
		}
		/* Past a blank: a line of the paragraph the subject joined. */
		if (p > s && is_blank((unsigned char)p[-1])) {
			for (i = 0; i < ARRAY_SIZE(joined_trailers); i++)
				if (starts_with_kw(p, joined_trailers[i]))
					return p;
		}
	}
	return NULL;
}

/*
 * With CBP_NORM_COPY, the length of a group at @p that a robot's copy
 * adds or changes anywhere in a subject: "[release-3.6.x]", and a pull
 * request's number, "(#23771)".  0 if none starts there.
 */
static size_t copy_group(const char *p, const char *end)
{
	const char *q;

	if (*p == '[') {
		q = memchr(p, ']', (size_t)(end - p));
		return q ? (size_t)(q - p) + 1 : 0;
	}
	if (end - p < 4 || p[0] != '(' || p[1] != '#')
		return 0;
	for (q = p + 2; q < end && *q >= '0' && *q <= '9'; q++)
		;
	return q > p + 2 && q < end && *q == ')' ? (size_t)(q - p) + 1 : 0;
}

/*
 * The length of @out (@o bytes, no blank at its end) without the pull
 * request numbers "(#N)" ending it, and the blanks before them.
 */
static size_t drop_pr_numbers(const char *out, size_t o)
{
	for (;;) {
		size_t k = o;

		if (!k || out[k - 1] != ')')
			return o;
		for (k--; k && out[k - 1] >= '0' && out[k - 1] <= '9'; k--)
			;
		if (k == o - 1 || k < 2 || out[k - 1] != '#' || out[k - 2] != '(')
			return o;
		o = k - 2;
		while (o && out[o - 1] == ' ')
			o--;
	}
}

/**
 * cbp_subject_norm() - a subject as compared for link trust
 * @in: the subject, NUL-terminated
 * @out: output buffer
 * @outsz: its size, at least 1
 * @flags: CBP_NORM_FOLD to fold ASCII letters to lower case, CBP_NORM_COPY
 *	   to drop more (below)
 *
 * Removes, as stable practice needs before comparing a backport's subject
 * with its origin's: leading "[...]" groups ("[PATCH 6.1.y 2/3]",
 * "[backport]") and the tags BACKPORT:, UPSTREAM:, FROMGIT:, FROMLIST:,
 * ANDROID:, CHROMIUM:, NOUPSTREAM: and Re:, in any order and case; a
 * "(cherry picked from ...", "(cherry-picked from ..." or "(backported
 * from ..." pasted into the subject, or a "- backported from commit ..."
 * (or "- cherry picked from commit ..."), or an "Upstream-commit: ..." or
 * "Backport-of: ..." line the subject's paragraph took in, and all that
 * follows it; blanks at
 * either end, and a full stop ending it; and runs of blanks become one
 * space.  With CBP_NORM_COPY,
 * also every "[...]" group and every pull request number "(#N)" (Loki's
 * backports are "fix: x [release-3.6.x] (#23771)" of "fix: x (#23326)"),
 * which only the search for copies without a trailer wants: a link is
 * never judged on it.  With CBP_NORM_PR, the "(#N)" groups ending it,
 * which a forge's merge appends: ansible's backport pull requests read
 * "fix x (#100) (#101)", picked with -x from "fix x (#100)".
 *
 * Return: the length of the result.
 */
size_t cbp_subject_norm(const char *in, char *out, size_t outsz,
			unsigned int flags)
{
	const char *p = skip_prefixes(in), *end = find_pasted(p);
	size_t o = 0;

	if (!outsz)
		return 0;
	if (!end)
		end = p + strlen(p);
	while (p < end && o + 1 < outsz) {
		size_t skip = flags & CBP_NORM_COPY ? copy_group(p, end) : 0;

		if (skip) {
			p += skip;
			continue;
		}
		if (is_blank((unsigned char)*p)) {
			while (p < end && is_blank((unsigned char)*p))
				p++;
			/* One space, also where a dropped group was. */
			if (p < end && o && out[o - 1] != ' ')
				out[o++] = ' ';
			continue;
		}
		out[o++] = flags & CBP_NORM_FOLD ? (char)fold((unsigned char)*p) : *p;
		p++;
	}
	while (o && out[o - 1] == ' ')
		o--;
	if (flags & CBP_NORM_PR)
		o = drop_pr_numbers(out, o);
	/* OVS's "... ct_state flags." backported as "... ct_state flags". */
	if (o && out[o - 1] == '.') {
		o--;
		while (o && out[o - 1] == ' ')
			o--;
	}
	out[o] = '\0';
	return o;
}

/**
 * cbp_subjects_consistent() - whether two subjects are the same change's
 * @a: a subject
 * @b: another
 *
 * Compares them normalised with cbp_subject_norm(), case folded and
 * without the pull request numbers ending them.  Two subjects that
 * normalise to nothing are not taken as the same.
 *
 * Return: 1 if they are the same, else 0.
 */
int cbp_subjects_consistent(const char *a, const char *b)
{
	char na[CBP_SUBJECT_MAX], nb[CBP_SUBJECT_MAX];

	if (!cbp_subject_norm(a, na, sizeof(na), CBP_NORM_FOLD | CBP_NORM_PR))
		return 0;
	cbp_subject_norm(b, nb, sizeof(nb), CBP_NORM_FOLD | CBP_NORM_PR);
	return !strcmp(na, nb);
}

/**
 * cbp_trust_name() - a verdict as a word, for people and JSON
 * @verdict: enum cbp_trust
 *
 * Return: "consistent" (for either reason), "adapted", "suspicious",
 * "squashed", "revert" or "unjudged".
 */
const char *cbp_trust_name(int verdict)
{
	switch (verdict) {
	case CBP_TRUST_SAME_SUBJECT:
	case CBP_TRUST_SAME_PATCH:
		return "consistent";
	case CBP_TRUST_ADAPTED:
		return "adapted";
	case CBP_TRUST_SUSPICIOUS:
		return "suspicious";
	case CBP_TRUST_SQUASHED:
		return "squashed";
	case CBP_TRUST_REVERT:
		return "revert";
	}
	return "unjudged";
}

/**
 * cbp_trust_followed() - whether classes of names follow a link
 * @verdict: enum cbp_trust
 *
 * Return: 0 for a suspicious, squashed or revert link, 1 for any other.
 */
int cbp_trust_followed(int verdict)
{
	return verdict != CBP_TRUST_SUSPICIOUS &&
	       verdict != CBP_TRUST_SQUASHED && verdict != CBP_TRUST_REVERT;
}

/* Do @a and @b agree on @n characters? */
static int same(const char *a, const char *b, size_t n)
{
	return !memcmp(a, b, n);
}

/* First position below @n where @a and @b differ, or @n. */
static size_t first_diff(const char *a, const char *b, size_t n)
{
	size_t i = 0;

	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/**
 * cbp_hex_near() - whether a cited ID is one typo away from a commit's
 * @cited: the ID as cited, lower-case hex digits
 * @len: how many
 * @full: the commit's full ID, CBP_OID_HEXSZ (40) lower-case hex digits
 *
 * One typo is one hex digit changed, one extra or one missing: @cited
 * with that edit undone is the first k digits of @full, for some k from
 * 7 to 40.  An ID that already is a prefix of @full is no typo.  A
 * changed digit is preferred to an extra one when both explain it (a
 * short ID whose last digit is wrong), so the suggestion keeps the
 * length cited.
 *
 * Return: k, the number of digits of @full to suggest, or 0 if @cited is
 * not one typo away from @full.
 */
size_t cbp_hex_near(const char *cited, size_t len, const char *full)
{
	const size_t max = 40, min = 7;
	size_t d;

	if (len <= max && same(cited, full, len))
		return 0;
	/* One digit changed. */
	if (len >= min && len <= max) {
		d = first_diff(cited, full, len);
		if (same(cited + d + 1, full + d + 1, len - d - 1))
			return len;
	}
	/* One digit too many: skip it in @cited. */
	if (len - 1 >= min && len - 1 <= max) {
		d = first_diff(cited, full, len - 1);
		if (same(cited + d + 1, full + d, len - 1 - d))
			return len - 1;
	}
	/* One digit missing: skip it in @full. */
	if (len + 1 >= min && len + 1 <= max) {
		d = first_diff(cited, full, len);
		if (d < len && same(cited + d, full + d + 1, len - d))
			return len + 1;
	}
	return 0;
}
