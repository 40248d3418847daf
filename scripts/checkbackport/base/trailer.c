// SPDX-License-Identifier: GPL-2.0
/*
 * A small hand-written scanner for the commit citations used
 * by the kernel's stable process and by the DRM cherry-pick workflow.
 *
 * Recognised forms (case-insensitive keywords, leading blanks allowed):
 *
 *   (cherry picked from commit X)      anywhere on a line, any number
 *   (backported from commit X)         anywhere on a line
 *     also "cherry-picked", "from: X", "from master commit X" (or main,
 *     head, upstream, git master), lists ("from commits X, Y and Z", which may go on at
 *     the start of the next line), and "from X" without "commit" where
 *     it is said of this commit (from_is_origin())
 *   backport of commit X               where it says where this commit
 *   cherry-pick of/from commit X       comes from: where it opens the
 *                                      line, a qualifier aside ("Partial
 *                                      backport of X"), or after "is a"
 *                                      ("This is a partial backport of
 *                                      commit X"); also from master and
 *                                      with lists (noun_is_origin())
 *   commit X upstream.                 at the start of a line
 *   [ Upstream commit X ]              at the start of a line
 *   Upstream commit X                  at the start of a line
 *   master commit: X                   at the start of a line (Xen)
 *   Upstream-commit: X, Backport-of: X at the start of a line (OpenZFS;
 *     "Backport-of: commit X" too), Cherry-picked: X (cri-o)
 *   Backport X from #N                 the whole line (a backport robot's)
 *   Fixes: X ("subject")               trailer; also "Fixes: commit X",
 *                                      and glibc's "Fixes commit X"
 *   Stable-dep-of: X ("subject")       trailer; also "... commit X"
 *   This reverts commit X.             at the start of a line; with a
 *                                      'Revert "S"' subject, S is its quote
 *   Revert [commit] X                  the whole line (FreeIPA's)
 *   From [master ]commit X.            the whole line (Open vSwitch's)
 *
 * X is 7 to 40 hex digits followed by a non-alphanumeric character or the
 * end of the line; anything else is ignored rather than guessed at, except
 * that cbp_scan_message() with CBP_SCAN_MALFORMED also reports an X of
 * more than 40 digits (one doubled, or two IDs run together), marked
 * malformed, so that a mistyped trailer is not lost silently.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <string.h>

#include "trailer.h"

static int is_blank(unsigned char c)
{
	return c == ' ' || c == '\t';
}

static int is_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}

static int is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_';
}

static unsigned char lower(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

/*
 * Does [p, end) start with the lower-case keyword @kw, ignoring case?
 * It is asked of every word of every message read (is it "from" or
 * "of"?), so it stops at the first byte that differs, most often the
 * first, rather than measuring @kw first.
 */
static const char *match_kw(const char *p, const char *end, const char *kw)
{
	size_t i;

	for (i = 0; kw[i]; i++)
		if (p + i == end ||
		    lower((unsigned char)p[i]) != (unsigned char)kw[i])
			return NULL;
	return p + i;
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && is_blank((unsigned char)*p))
		p++;
	return p;
}

/*
 * Parse an object ID at @p into @cite.  Returns the position after it, or
 * NULL if there is no well-formed ID there; with CBP_SCAN_MALFORMED in
 * @flags, an ID of more than CBP_HEX_MAX digits is returned marked
 * malformed.
 */
static const char *parse_hex(const char *p, const char *end,
			     struct cbp_cite *cite, unsigned int flags)
{
	static const char name_chars[] = "/-_=+@#\\";
	const char *s = p;
	size_t n, keep;

	while (p < end && is_hex((unsigned char)*p))
		p++;
	n = p - s;
	if (n < CBP_HEX_MIN || (n > CBP_HEX_MAX && !(flags & CBP_SCAN_MALFORMED)))
		return NULL;
	if (p < end && is_alnum((unsigned char)*p))
		return NULL;
	/*
	 * Nor the start of a longer name: a path or test case
	 * (FFmpeg's "Fixes: 68959485/clusterfuzz-testcase-..."), a UUID,
	 * a file or version name; a full stop or colon ending the
	 * sentence is no part of one.
	 */
	if (p < end && (memchr(name_chars, *p, sizeof(name_chars) - 1) ||
			((*p == '.' || *p == ':') && p + 1 < end &&
			 is_alnum((unsigned char)p[1]))))
		return NULL;
	keep = n < CBP_CITE_HEX_MAX ? n : CBP_CITE_HEX_MAX;
	for (size_t i = 0; i < keep; i++)
		cite->hex[i] = (char)lower((unsigned char)s[i]);
	cite->hex[keep] = '\0';
	cite->hexlen = n < UINT_MAX ? (unsigned int)n : UINT_MAX;
	cite->malformed = n > CBP_HEX_MAX;
	return p;
}

/*
 * The ("subject") after a Fixes:-style ID, without the quotes; ('subject')
 * is read the same way, as people write it too.
 */
static void parse_quoted(const char *p, const char *end, struct cbp_cite *cite)
{
	const char *q;
	char qc;

	cite->quoted = NULL;
	cite->quoted_len = 0;
	p = skip_blank(p, end);
	if (end - p < 2 || p[0] != '(' || (p[1] != '"' && p[1] != '\''))
		return;
	qc = p[1];
	p += 2;
	/* The subject may itself contain quotes; the last '")' closes it. */
	for (q = end - 2; q >= p; q--)
		if (q[0] == qc && q[1] == ')')
			break;
	cite->quoted = p;
	cite->quoted_len = q >= p ? (size_t)(q - p) : (size_t)(end - p);
}

static const char *skip_from_where(const char *p, const char *end);
static const char *skip_commit_word(const char *p, const char *end);

/*
 * The rest of a line "From [master ]commit X." after X: a full stop at
 * most.  "From commit X on, ..." says something else.
 */
static int id_ends_line(const char *p, const char *end)
{
	if (p < end && *p == '.')
		p++;
	return skip_blank(p, end) == end;
}

/*
 * The rest of a backport robot's line "Backport X from #N" after X: the
 * pull request it came from, and nothing else.  Any other line opening
 * with "Backport" and an ID ("Backport 1a2b3c4 to the 2.x branch") is
 * not read: it may name anything.
 */
static int robot_backport_end(const char *p, const char *end)
{
	p = match_kw(skip_blank(p, end), end, "from");
	if (!p || p == end || !is_blank((unsigned char)*p))
		return 0;
	p = skip_blank(p, end);
	if (p == end || *p != '#')
		return 0;
	if (++p == end || *p < '0' || *p > '9')
		return 0;
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return skip_blank(p, end) == end;
}

/*
 * Forms anchored at the start of a line, by their leading keyword; a
 * form with @rest is read only where @rest accepts what follows the ID.
 */
static const struct {
	const char *kw;
	enum cbp_kind kind;
	int (*rest)(const char *p, const char *end);
} line_forms[] = {
	{ .kw = "fixes:", .kind = CBP_FIXES },
	{ .kw = "fixes commit ", .kind = CBP_FIXES },
	{ .kw = "stable-dep-of:", .kind = CBP_STABLE_DEP_OF },
	{ .kw = "commit ", .kind = CBP_UPSTREAM },
	{ .kw = "[", .kind = CBP_UPSTREAM_BRACKET },
	{ .kw = "upstream commit", .kind = CBP_UPSTREAM_LINE },
	{ .kw = "master commit:", .kind = CBP_MASTER_COMMIT },
	{ .kw = "upstream-commit:", .kind = CBP_UPSTREAM_LINE },
	{ .kw = "backport-of:", .kind = CBP_BACKPORTED },
	{ .kw = "cherry-picked:", .kind = CBP_CHERRY_PICK },
	{ .kw = "backport ", .kind = CBP_BACKPORTED,
	  .rest = robot_backport_end },
	{ .kw = "from ", .kind = CBP_BACKPORTED, .rest = id_ends_line },
	{ .kw = "revert ", .kind = CBP_REVERTS, .rest = id_ends_line },
	{ .kw = "this reverts", .kind = CBP_REVERTS },
};

/*
 * What may stand between "This reverts" and the ID: "commit", Gerrit's
 * "CL N" (Go: "This reverts CL 501495 (commit X).", "This reverts CL N,
 * commit X", "This reverts CL N/commit X", "This reverts X (CL N)"), and
 * the punctuation joining them.  Returns where the ID should start, or
 * NULL when something else does: a word, a link, "CL N." alone.
 */
static const char *revert_id_start(const char *p, const char *end)
{
	const char *q;
	int i;

	for (i = 0; i < 4; i++) {
		p = skip_blank(p, end);
		q = match_kw(p, end, "commit");
		if (q && q < end && is_blank((unsigned char)*q)) {
			p = q;
			continue;
		}
		q = match_kw(p, end, "cl");
		if (q && q < end && is_blank((unsigned char)*q)) {
			q = skip_blank(q, end);
			if (q == end || *q < '0' || *q > '9')
				return NULL;
			while (q < end && *q >= '0' && *q <= '9')
				q++;
			p = q;
			continue;
		}
		if (p < end && (*p == '(' || *p == ',' || *p == '/')) {
			p++;
			continue;
		}
		return p;
	}
	return p;
}

static int scan_line_start(const char *p, const char *end,
			   struct cbp_cite *cite, unsigned int flags)
{
	const char *q = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(line_forms); i++) {
		q = match_kw(p, end, line_forms[i].kw);
		if (q)
			break;
	}
	if (!q)
		return 0;
	cite->kind = line_forms[i].kind;
	cite->quoted = NULL;
	cite->quoted_len = 0;
	/*
	 * A line of an ID alone: Open vSwitch's "From master commit X.",
	 * glibc's "From commit X.", FreeIPA's "Revert [commit] X".
	 */
	if (line_forms[i].rest == id_ends_line) {
		const char *c;

		q = skip_blank(q, end);
		c = skip_commit_word(cite->kind == CBP_REVERTS ? q :
				     skip_from_where(q, end), end);
		if (c)
			q = c;
		else if (cite->kind != CBP_REVERTS)
			return 0;
		goto id;
	}

	switch (cite->kind) {
	case CBP_UPSTREAM:
		/* "commit X upstream." */
		q = parse_hex(skip_blank(q, end), end, cite, flags);
		return q && match_kw(skip_blank(q, end), end, "upstream");
	case CBP_UPSTREAM_BRACKET:
		/* "[ Upstream commit X ]" */
		q = match_kw(skip_blank(q, end), end, "upstream commit");
		if (!q || q == end || !is_blank((unsigned char)*q))
			return 0;
		break;
	case CBP_UPSTREAM_LINE:
		/* "Upstream commit X" or "Upstream commit: X" */
		if (q < end && *q == ':')
			q++;
		if (q == end || !is_blank((unsigned char)*q))
			return 0;
		break;
	case CBP_REVERTS:
		/* "This reverts commit X", and Go's forms with its CL */
		if (q == end || !is_blank((unsigned char)*q))
			return 0;
		q = revert_id_start(q, end);
		if (!q)
			return 0;
		break;
	case CBP_MASTER_COMMIT:
		/* "master commit: X" */
		if (q == end || !is_blank((unsigned char)*q))
			return 0;
		break;
	case CBP_FIXES:
	case CBP_STABLE_DEP_OF:
	case CBP_BACKPORTED:
	case CBP_CHERRY_PICK: {
		/*
		 * Also "Fixes: commit X" (Redis's, among others), and the
		 * trailers "Backport-of: commit X", "Cherry-picked: commit
		 * X"; not the robot's line "Backport X from #N".
		 */
		const char *c = match_kw(skip_blank(q, end), end, "commit");

		if (!line_forms[i].rest && c && c < end &&
		    is_blank((unsigned char)*c))
			q = c;
		break;
	}
	default:
		break;
	}

id:
	q = parse_hex(skip_blank(q, end), end, cite, flags);
	if (!q)
		return 0;
	if (line_forms[i].rest && !line_forms[i].rest(q, end))
		return 0;
	if (cite->kind == CBP_FIXES || cite->kind == CBP_STABLE_DEP_OF)
		parse_quoted(q, end, cite);
	return 1;
}

/*
 * The S of a subject line 'Revert "S"' (git revert's subject; S may hold
 * quotes itself, as in 'Revert "Revert "S""'), which a "This reverts
 * commit X" line below quotes as X's subject.  @line to @end is the
 * first non-blank line of the message.
 */
static void revert_subject(const char *line, const char *end,
			   const char **quoted, size_t *len)
{
	const char *p = match_kw(skip_blank(line, end), end, "revert \"");
	const char *q = end;

	*quoted = NULL;
	*len = 0;
	if (!p)
		return;
	while (q > p && (is_blank((unsigned char)q[-1]) || q[-1] == '\r'))
		q--;
	if (q > p && q[-1] == '"') {
		*quoted = p;
		*len = (size_t)(q - 1 - p);
	}
}

/*
 * What may stand between "from" and the ID of "cherry picked from master
 * commit X": the repository's own main branch, or upstream, or "parts
 * of" (Samba's "(cherry picked from parts of commit X)").  Another
 * project's name ("from ovn commit X", "from freebsd commit X") is not
 * read: such an ID is no commit of this repository.
 */
static const char *skip_from_where(const char *p, const char *end)
{
	static const char *const where[] = {
		"git master ", "master ", "main ", "head ", "upstream ",
		"parts of ", "part of ",
	};
	const char *q;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(where); i++) {
		q = match_kw(p, end, where[i]);
		if (q)
			return skip_blank(q, end);
	}
	return p;
}

/* "commit ", "commits " or "commit: " at @p: what follows, else NULL. */
static const char *skip_commit_word(const char *p, const char *end)
{
	const char *q = match_kw(p, end, "commit");

	if (!q)
		return NULL;
	if (q < end && lower((unsigned char)*q) == 's')
		q++;
	if (q < end && *q == ':')
		q++;
	if (q == end || !is_blank((unsigned char)*q))
		return NULL;
	return skip_blank(q, end);
}

/* The word "and" at @p, then blanks: what follows, else NULL. */
static const char *match_and(const char *p, const char *end)
{
	const char *q = match_kw(p, end, "and");

	if (!q || (q < end && !is_blank((unsigned char)*q)))
		return NULL;
	return skip_blank(q, end);
}

/*
 * After an ID of a list ("commits X, Y and Z"): where the next ID would
 * be, past ",", "and" or ", and" (and a "commit" word after it), which
 * is @end when the list goes on below; NULL if no list goes on.
 */
static const char *list_next(const char *p, const char *end)
{
	const char *q = skip_blank(p, end);
	const char *w;
	int comma = q < end && *q == ',';

	if (comma)
		q = skip_blank(q + 1, end);
	w = match_and(q, end);
	if (w)
		q = w;
	else if (!comma)
		return NULL;
	w = skip_commit_word(q, end);
	return w ? w : q;
}

/* The end of the line starting at @p, a '\r' before its '\n' left out. */
static const char *line_end(const char *p, const char *end)
{
	const char *eol = memchr(p, '\n', end - p);

	if (!eol)
		eol = end;
	if (eol > p && eol[-1] == '\r')
		eol--;
	return eol;
}

/* The start of the line after the one ending at @eol, NULL if none. */
static const char *next_line(const char *eol, const char *end)
{
	const char *nl = memchr(eol, '\n', end - eol);

	return nl ? nl + 1 : NULL;
}

/*
 * The IDs of a citation starting at @p on the line ending at @eol: one,
 * or a list ("commits X and Y"), which may go on at the start of the
 * next lines (Xen's "(cherry picked from commits X\n and Y)", or
 * "commits X and\nY").  @fn is called for each, with the line it is on.
 *
 * Return: 0, or the first non-zero value @fn returned.
 */
static int scan_id_list(const char *p, const char *eol, const char *msg_end,
			struct cbp_cite *cite, unsigned int flags,
			cbp_cite_fn fn, void *data)
{
	enum cbp_kind kind = cite->kind;
	unsigned int line = cite->line;
	const char *q;
	int ret = 0;

	while (!ret && (q = parse_hex(p, eol, cite, flags))) {
		const char *sep;

		cite->kind = kind;
		cite->line = line;
		cite->quoted = NULL;
		cite->quoted_len = 0;
		ret = fn(cite, data);
		sep = list_next(q, eol);
		if (sep && sep < eol) {
			p = sep;
			continue;
		}
		/*
		 * The line ends after the ID, or after a "," or "and": the
		 * list may go on at the start of the next line, after a
		 * "," or "and" there if there was none here.
		 */
		if (!sep && skip_blank(q, eol) != eol)
			break;
		q = next_line(eol, msg_end);
		if (!q)
			break;
		eol = line_end(q, msg_end);
		line++;
		p = sep ? skip_blank(q, eol) : list_next(q, eol);
		if (!p)
			break;
	}
	cite->line = line;
	return ret;
}

/*
 * Does the text from @line to @w, before a citation's keyword, open the
 * citation: nothing but blanks, "(", "[", a list's "-" or "*", and whole
 * "[...]" groups (systemd's "[#18109,7/7] cherry-picked from X")?
 */
static int opens_citation(const char *line, const char *w)
{
	const char *p = skip_blank(line, w), *q;

	while (p < w) {
		q = *p == '[' ? memchr(p, ']', w - p) : NULL;
		if (q)
			p = q + 1;
		else if (*p == '(' || *p == '[' || *p == '-' || *p == '*')
			p++;
		else
			return 0;
		p = skip_blank(p, w);
	}
	return 1;
}

/*
 * The word before @e on the line starting at @line: returns its end and
 * sets *@s to its start, or returns NULL at the start of the line.
 */
static const char *word_before(const char *line, const char *e,
			       const char **s)
{
	while (e > line && is_blank((unsigned char)e[-1]))
		e--;
	if (e == line)
		return NULL;
	*s = e;
	while (*s > line && !is_blank((unsigned char)(*s)[-1]))
		(*s)--;
	/* "(partial backport of ...": the parenthesis is no part of it. */
	while (*s < e - 1 && (**s == '(' || **s == '['))
		(*s)++;
	return e;
}

/* Is [@s, @e) the word @word, ignoring case? */
static int word_is(const char *s, const char *e, const char *word)
{
	return e && (size_t)(e - s) == strlen(word) && match_kw(s, e, word);
}

/*
 * Does "cherry-picked from X" or "backported from X" without the word
 * "commit", its keyword at @kw on the line starting at @line, say where
 * this commit comes from?  Where it opens the line, an adverb aside
 * ("partially cherry-picked from X"), after the end of a sentence or a
 * label ("them.  Cherry-picked from X", "[DL: cherry-picked from X]"),
 * or of this commit ("This patch was cherry-picked from X", "This
 * commit is backported from X").  "They were backported from X but
 * are not needed here" is about other commits.
 */
static int from_is_origin(const char *line, const char *kw)
{
	const char *s = NULL, *e = word_before(line, kw, &s);

	if (e && e - s > 2 && match_kw(e - 2, e, "ly"))
		kw = s;
	if (opens_citation(line, kw))
		return 1;
	for (e = kw; e > line && is_blank((unsigned char)e[-1]); e--)
		;
	if (e > line && (e[-1] == '.' || e[-1] == ':'))
		return 1;
	e = word_before(line, kw, &s);
	if (!word_is(s, e, "is") && !word_is(s, e, "was"))
		return 0;
	e = word_before(line, s, &s);
	if (word_is(s, e, "patch") || word_is(s, e, "commit") ||
	    word_is(s, e, "change"))
		e = word_before(line, s, &s);
	return word_is(s, e, "this");
}

/* Is [@s, @e) a word that may qualify a backport ("partial", "partly")? */
static int is_qualifier(const char *s, const char *e)
{
	static const char *const words[] = {
		"partial", "manual", "minimal", "straight", "clean", "trivial",
	};
	size_t i;

	if (!e)
		return 0;
	if (e - s > 2 && match_kw(e - 2, e, "ly"))
		return 1;
	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (word_is(s, e, words[i]))
			return 1;
	return 0;
}

/*
 * Does a noun's citation ("backport of commit X", "cherry-pick of commit
 * X", "cherry-pick from commit X"), the noun at @kw on the line starting
 * at @line, say where this commit comes from?  Where it opens the line,
 * a qualifier aside ("Partial backport of commit X", "(partial
 * cherry-pick from commit X)"); with the word "commit" (@commit), also
 * after "is a" and at most one word ("This is a partial backport of
 * commit X").  "The backport of commit X had a bug", "This is not a
 * backport of commit X" and "following a backport of commit X" are about
 * another commit, and without "commit", Xen's "fix backport of X" too.
 */
static int noun_is_origin(const char *line, const char *kw, int commit)
{
	const char *s = NULL, *e;

	if (opens_citation(line, kw))
		return 1;
	e = word_before(line, kw, &s);
	if (is_qualifier(s, e) && opens_citation(line, s))
		return 1;
	if (!commit)
		return 0;
	if (!word_is(s, e, "a"))
		e = word_before(line, s, &s);
	if (!word_is(s, e, "a"))
		return 0;
	e = word_before(line, s, &s);
	return word_is(s, e, "is");
}

/*
 * The keyword of a citation in the middle of a line that ends at @w,
 * followed by "from" (@from) or "of": its start, with its kind in
 * *@kind and whether it is a noun ("a backport of", "a cherry-pick
 * from") in *@noun; NULL if there is none.
 */
static const char *citation_keyword(const char *line, const char *w,
				    int from, enum cbp_kind *kind, int *noun)
{
	static const struct {
		const char *kw;
		int from, noun;
		enum cbp_kind kind;
	} kws[] = {
		{ "cherry picked", 1, 0, CBP_CHERRY_PICK },
		{ "cherry-picked", 1, 0, CBP_CHERRY_PICK },
		{ "backported", 1, 0, CBP_BACKPORTED },
		{ "back-ported", 1, 0, CBP_BACKPORTED },
		{ "cherry-pick", 1, 1, CBP_CHERRY_PICK },
		{ "cherry-pick", 0, 1, CBP_CHERRY_PICK },
		{ "backport", 0, 1, CBP_BACKPORTED },
	};
	const char *kw;
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(kws); i++) {
		n = strlen(kws[i].kw);
		if (kws[i].from != from || (size_t)(w - line) < n)
			continue;
		kw = w - n;
		if (!match_kw(kw, w, kws[i].kw))
			continue;
		/* A word of its own: not "unbackport". */
		if (kw > line && is_alnum((unsigned char)kw[-1]))
			continue;
		*kind = kws[i].kind;
		*noun = kws[i].noun;
		return kw;
	}
	return NULL;
}

/*
 * Back over "with fixes" or "with changes" ending at @w, as SSSD writes
 * "(cherry picked with fixes from commit X)": where the words before
 * them end, else @w.
 */
static const char *skip_with_back(const char *line, const char *w)
{
	static const char *const what[] = { "fixes", "changes" };
	const char *s = NULL, *e = word_before(line, w, &s), *ws = NULL, *we;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(what); i++)
		if (word_is(s, e, what[i]))
			break;
	if (i == ARRAY_SIZE(what))
		return w;
	we = word_before(line, s, &ws);
	if (!word_is(ws, we, "with"))
		return w;
	while (ws > line && is_blank((unsigned char)ws[-1]))
		ws--;
	return ws;
}

/*
 * The citations in the middle of a line, possibly several on one line:
 * "... cherry picked from [master ]commit X", "... cherry-picked from X",
 * "... backported from [master ]commit X" (any of these with a list of
 * IDs), and the nouns "backport of [master ]commit X", "cherry-pick of
 * commit X" and "cherry-pick from commit X" where they name this
 * commit's origin (noun_is_origin()).  @fn is called for each.
 */
static int scan_from_commit(const char *line, const char *eol,
			    const char *msg_end, struct cbp_cite *cite,
			    unsigned int flags, cbp_cite_fn fn, void *data)
{
	const char *p = line;
	int ret;

	while (p < eol) {
		const char *sp = memchr(p, ' ', eol - p), *w, *q, *kw, *after;
		int noun;

		if (!sp)
			break;
		p = sp + 1;
		after = match_kw(p, eol, "from");
		if (!after)
			after = match_kw(p, eol, "of");
		if (!after || after == eol ||
		    (!is_blank((unsigned char)*after) && *after != ':'))
			continue;
		/* Walk back over the blank(s) before "from" or "of". */
		for (w = sp; w > line && is_blank((unsigned char)w[-1]); w--)
			;
		w = skip_with_back(line, w);
		kw = citation_keyword(line, w, lower((unsigned char)*p) == 'f',
				      &cite->kind, &noun);
		if (!kw)
			continue;
		if (*after == ':')	/* "Cherry-picked from: X" */
			after++;
		q = skip_from_where(skip_blank(after, eol), eol);
		w = skip_commit_word(q, eol);
		/*
		 * Where a verb cites with the word "commit", it cites
		 * anywhere, as git's "(cherry picked from commit X)" does;
		 * otherwise it must be said of this commit.
		 */
		if (noun ? !noun_is_origin(line, kw, !!w) :
		    !w && !from_is_origin(line, kw))
			continue;
		ret = scan_id_list(w ? w : q, eol, msg_end, cite, flags, fn,
				   data);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * cbp_parse_message() - report every citation in a commit message
 * @msg: the message (need not be NUL-terminated; may contain NULs)
 * @len: its length in bytes
 * @fn: callback invoked once per citation, in message order
 * @data: passed through to @fn
 *
 * Return: 0 after a complete scan, or the first non-zero value returned by
 * @fn.
 */
int cbp_parse_message(const char *msg, size_t len, cbp_cite_fn fn, void *data)
{
	return cbp_scan_message(msg, len, 0, fn, data);
}

/**
 * cbp_scan_message() - report every citation, malformed ones too if asked
 * @msg: the message (need not be NUL-terminated; may contain NULs)
 * @len: its length in bytes
 * @flags: CBP_SCAN_MALFORMED to report IDs of more than 40 digits too,
 *	   with cite->malformed set
 * @fn: callback invoked once per citation, in message order
 * @data: passed through to @fn
 *
 * Return: 0 after a complete scan, or the first non-zero value returned by
 * @fn.
 */
int cbp_scan_message(const char *msg, size_t len, unsigned int flags,
		     cbp_cite_fn fn, void *data)
{
	const char *p = msg;
	const char *end = msg + len;
	const char *rq = NULL;
	size_t rq_len = 0;
	struct cbp_cite cite;
	unsigned int lineno = 0;
	int ret, subject_seen = 0;

	if (!msg)
		return 0;
	while (p < end) {
		const char *eol = line_end(p, end);
		const char *next = next_line(eol, end);
		const char *s;

		if (!next)
			next = end;
		lineno++;
		cite.line = lineno;
		s = skip_blank(p, eol);
		if (s < eol && !subject_seen) {
			subject_seen = 1;
			revert_subject(s, eol, &rq, &rq_len);
		}
		if (s < eol && scan_line_start(s, eol, &cite, flags)) {
			if (cite.kind == CBP_REVERTS) {
				cite.quoted = rq;
				cite.quoted_len = rq_len;
			}
			ret = fn(&cite, data);
			if (ret)
				return ret;
		} else if (s < eol) {
			ret = scan_from_commit(s, eol, end, &cite, flags, fn,
					       data);
			if (ret)
				return ret;
		}
		p = next;
	}
	return 0;
}

/*
 * Length of the valid UTF-8 sequence at @p (at most @n bytes), or 0 if
 * the bytes there are not valid UTF-8 (overlong forms and surrogates are
 * rejected).
 */
static size_t utf8_len(const unsigned char *p, size_t n)
{
	size_t len, i;
	unsigned int cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		cp = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		cp = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		cp = p[0] & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

/**
 * cbp_utf8_char() - length of the UTF-8 character at the start of a string
 * @s: the bytes
 * @n: how many there are, at least 1
 *
 * Return: 1 to 4, or 0 if @s does not start with a valid UTF-8 sequence.
 */
size_t cbp_utf8_char(const char *s, size_t n)
{
	return utf8_len((const unsigned char *)s, n);
}

/**
 * cbp_utf8_valid() - is a byte string valid UTF-8?
 * @s: the bytes
 * @len: how many
 *
 * Return: 1 if @s is valid UTF-8 (no overlong forms, no surrogates), else 0.
 */
int cbp_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;

	while (i < len) {
		n = utf8_len(p + i, len - i);
		if (!n)
			return 0;
		i += n;
	}
	return 1;
}

/**
 * cbp_sanitize() - copy text into a printable, valid UTF-8 buffer
 * @in: input bytes
 * @len: number of input bytes
 * @out: output buffer
 * @outsz: size of @out, at least 1
 *
 * Control characters become spaces, bytes that are not valid UTF-8 become
 * '?', and the copy is truncated on a character boundary to fit.  The
 * result is always NUL-terminated.
 *
 * Return: the length of the result, excluding the NUL.
 */
size_t cbp_sanitize(const char *in, size_t len, char *out, size_t outsz)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t i = 0, o = 0;

	if (!outsz)
		return 0;
	while (i < len) {
		size_t n = utf8_len(p + i, len - i);

		if (n == 0) {
			if (o + 1 >= outsz)
				break;
			out[o++] = '?';
			i++;
			continue;
		}
		if (o + n >= outsz)
			break;
		if (n == 1) {
			out[o++] = (p[i] < 0x20 || p[i] == 0x7f) ? ' ' : p[i];
		} else {
			memcpy(out + o, p + i, n);
			o += n;
		}
		i += n;
	}
	out[o] = '\0';
	return o;
}

/**
 * cbp_subject() - the subject of a commit message, as git log's %s
 * @msg: the message
 * @len: its length
 * @out: output buffer
 * @outsz: size of @out, at least 1
 *
 * The subject is the first paragraph with its lines joined by single
 * spaces, sanitized with cbp_sanitize().  An empty message gives "".
 *
 * Return: the length of the subject.
 */
size_t cbp_subject(const char *msg, size_t len, char *out, size_t outsz)
{
	const char *p = msg, *end = msg + len;
	size_t o = 0;

	if (!outsz)
		return 0;
	out[0] = '\0';
	if (!msg)
		return 0;
	/* Skip leading blank lines. */
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		const char *s = p;

		if (!eol)
			eol = end;
		while (s < eol && (is_blank((unsigned char)*s) || *s == '\r'))
			s++;
		if (s != eol) {
			p = s;	/* leading blanks are not part of it */
			break;
		}
		p = eol < end ? eol + 1 : end;
	}
	while (p < end && o + 1 < outsz) {
		const char *eol = memchr(p, '\n', end - p);
		const char *e;

		if (!eol)
			eol = end;
		e = eol;
		while (e > p && (is_blank((unsigned char)e[-1]) || e[-1] == '\r'))
			e--;
		if (e == p)
			break;	/* blank line ends the paragraph */
		if (o) {
			out[o++] = ' ';
			out[o] = '\0';
		}
		o += cbp_sanitize(p, e - p, out + o, outsz - o);
		p = eol < end ? eol + 1 : end;
	}
	return o;
}

/**
 * cbp_kind_name() - short human-readable name of a citation kind
 * @kind: an enum cbp_kind value
 *
 * Return: a static string such as "cherry-pick"; "unknown" for others.
 */
const char *cbp_kind_name(int kind)
{
	switch (kind) {
	case CBP_CHERRY_PICK:
		return "cherry picked from";
	case CBP_UPSTREAM:
		return "commit X upstream";
	case CBP_UPSTREAM_BRACKET:
		return "[ Upstream commit X ]";
	case CBP_UPSTREAM_LINE:
		return "Upstream commit";
	case CBP_BACKPORTED:
		return "backported from";
	case CBP_SAME_PATCH_ID:
		return "same patch-id, no trailer";
	case CBP_MASTER_COMMIT:
		return "master commit";
	case CBP_SAME_CHANGE_ID:
		return "same Change-Id";
	case CBP_SAME_AUTHOR_DATE:
		return "same author, date and subject";
	case CBP_SAME_AUTHOR_NEAR:
		return "same author and message, authored minutes apart";
	case CBP_SAME_AUTHOR_LATER:
		return "same author and message, authored later";
	case CBP_SAME_PATCH_MOVED:
		return "same patch under other folders, no trailer";
	case CBP_MERGED:
		return "brought in by the merge it cites";
	case CBP_FIXES:
		return "Fixes";
	case CBP_STABLE_DEP_OF:
		return "Stable-dep-of";
	case CBP_REVERTS:
		return "This reverts commit";
	case CBP_REAPPLIES:
		return "re-applies what it undid (same subject and patch, no trailer)";
	}
	return "unknown";
}

/**
 * cbp_kind_is_origin() - does this citation say "I am a copy of X"?
 * @kind: an enum cbp_kind value
 *
 * Return: 1 for the cherry-pick/upstream/backport forms, 0 otherwise.
 */
int cbp_kind_is_origin(int kind)
{
	return (kind >= CBP_CHERRY_PICK && kind <= CBP_BACKPORTED) ||
	       kind == CBP_MASTER_COMMIT;
}

/**
 * cbp_kind_is_found() - is this a link the builder found, not a citation?
 * @kind: an enum cbp_kind value
 *
 * Return: 1 for the same patch-id (or patch under other folders), the
 * same Change-Id, the same author, date and subject (or author and
 * message, minutes apart or days later), a change made again after its
 * revert, and a commit brought in by the merge a citation names; 0 for
 * what a message says.
 */
int cbp_kind_is_found(int kind)
{
	return kind == CBP_SAME_PATCH_ID || kind == CBP_SAME_CHANGE_ID ||
	       kind == CBP_SAME_AUTHOR_DATE || kind == CBP_SAME_AUTHOR_NEAR ||
	       kind == CBP_SAME_AUTHOR_LATER || kind == CBP_MERGED ||
	       kind == CBP_SAME_PATCH_MOVED ||
	       kind == CBP_REAPPLIES;
}

/**
 * cbp_kind_is_revert() - does this link undo the commit it names?
 * @kind: an enum cbp_kind value
 *
 * Return: 1 for "This reverts commit X" and for a change made again
 * after its revert X (CBP_REAPPLIES), 0 otherwise.
 */
int cbp_kind_is_revert(int kind)
{
	return kind == CBP_REVERTS || kind == CBP_REAPPLIES;
}

/**
 * cbp_kind_is_upstream() - does this citation name the upstream commit?
 * @kind: an enum cbp_kind value
 *
 * A stable branch's own forms ("commit X upstream.", Xen's "master
 * commit: X"), not a cherry-pick's, which may name any branch's commit.
 *
 * Return: 1 for the upstream forms, 0 otherwise.
 */
int cbp_kind_is_upstream(int kind)
{
	return (kind >= CBP_UPSTREAM && kind <= CBP_UPSTREAM_LINE) ||
	       kind == CBP_MASTER_COMMIT;
}

/* A Change-Id value at @p: "I" and 40 hex digits, then only blanks. */
static int parse_change_id(const char *p, const char *end, char *out)
{
	size_t i;

	if (end - p < CBP_CHANGE_ID_SIZE - 1 || *p != 'I')
		return 0;
	out[0] = 'I';
	for (i = 1; i < CBP_CHANGE_ID_SIZE - 1; i++) {
		if (!is_hex((unsigned char)p[i]))
			return 0;
		out[i] = (char)lower((unsigned char)p[i]);
	}
	out[i] = '\0';
	p = skip_blank(p + i, end);
	while (p < end && *p == '\r')
		p++;
	return p == end;
}

/**
 * cbp_change_id() - the Gerrit Change-Id a commit message carries
 * @msg: the message; need not be NUL-terminated
 * @len: its length
 * @out: CBP_CHANGE_ID_SIZE bytes: the Change-Id, hex digits lower-cased
 *
 * Gerrit gives a change one Change-Id for its whole life, kept by the
 * cherry-picks of it to other branches: a line "Change-Id: I" and 40 hex
 * digits (the key at the start of the line, in any case, blanks around
 * the value) names it.  An indented one is a quote of another change's
 * (LTTng's messages quote the change they follow up).  A message with
 * two different ones (a squash of two changes) names no one change; the
 * same one twice is one.
 *
 * Return: 1 with @out set when the message names exactly one Change-Id,
 * else 0.
 */
int cbp_change_id(const char *msg, size_t len, char *out)
{
	const char *p = msg, *end = msg + len;
	char id[CBP_CHANGE_ID_SIZE];
	int found = 0;

	out[0] = '\0';
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		const char *v;

		if (!eol)
			eol = end;
		v = match_kw(p, eol, "change-id:");
		if (v && parse_change_id(skip_blank(v, eol), eol, id)) {
			if (found && strcmp(id, out)) {
				out[0] = '\0';
				return 0;
			}
			memcpy(out, id, sizeof(id));
			found = 1;
		}
		p = eol < end ? eol + 1 : end;
	}
	return found;
}

/*
 * Version keys.  A release tag is two to four numbers and an optional
 * pre-release, "-rcN" or "-rc.N", "-betaN" or "-beta.N", "-alphaN" or
 * "-alpha.N", or the word alone, after a '-', an '_' or a '.': v2.6.11,
 * v2.6.12-rc2, v2.6.39.4, v3.0-rc7, v6.12.118, v3.5.0-beta.2, rpm's
 * 4.20.0-alpha (before its 4.20.0-alpha2), OpenVPN's 2.7_rc1.  No
 * number starts with a 0 but one of two digits after the first, a month
 * of a version by the calendar (Docker's v18.09.1, DPDK's v22.03): it is
 * the number, 18.09 is 18.9.  Three numbers may end in one letter or "z"
 * and one (OpenSSL's 1.1.1w, 0.9.8zh), which counts as a fourth number
 * (a is 1, za 27).  Missing numbers count as 0 and a release
 * sorts after
 * its release candidates, which sort after its betas, which sort after
 * its alphas.
 *
 * No number has a fixed width.  The key is a bit string that compares like
 * the version, left-aligned in the 63 bits of a non-negative long long:
 * each number n is written as the bit length L of n + 1 (as L - 1 in a
 * unary-prefixed code: l - 1 ones, a zero and the l - 1 low bits of L,
 * where l is the bit length of L), then the L - 1 low bits of n + 1.  The
 * codes are prefix-free and a larger number has a larger code, so keys
 * compare as the tags do.  The numbers are followed by two bits, "00"
 * for an -alpha, "01" for a -beta and "10" for an -rc, each with code(N)
 * after them, and "11" for the release itself.  The kernel's -rcN count
 * from 1, Redis's -alphaN from 0 (2.2-alpha0, then 2.2-alpha1); semantic
 * versioning's -rc.N, -beta.N and -alpha.N (etcd's v3.5.0-alpha.0,
 * containerd's v2.0.0-rc.1) from 0, and -rc1 and -rc.1 are the same
 * release candidate; the word alone is the first, 0.  A number of k bits costs about
 * k + 2 log2(k) bits: v6.12.118 takes 26, so a tag is refused for size
 * only when it is far beyond any real release.
 */
#define VKEY_BITS	63

struct vkey {
	unsigned long long v;
	unsigned int used;
	int overflow;
};

static void vkey_put(struct vkey *k, unsigned long long bits,
		     unsigned int nbits)
{
	if (!nbits)
		return;
	if (k->overflow || nbits > VKEY_BITS - k->used) {
		k->overflow = 1;
		return;
	}
	k->v = (k->v << nbits) | (bits & ((1ULL << nbits) - 1));
	k->used += nbits;
}

static unsigned int bit_length(unsigned long long x)
{
	return x ? 64 - (unsigned int)__builtin_clzll(x) : 0;
}

/* Write n (0 <= n < 2^64 - 1) as described above. */
static void vkey_put_num(struct vkey *k, unsigned long long n)
{
	unsigned long long m = n + 1;
	unsigned int len = bit_length(m), l = bit_length(len);

	vkey_put(k, (1ULL << (l - 1)) - 1, l - 1);	/* l - 1 ones */
	vkey_put(k, 0, 1);
	vkey_put(k, len, l - 1);
	vkey_put(k, m, len - 1);
}

/*
 * The pre-releases and their order (two bits), then the release.  "pre"
 * (gopls's v0.16.0-pre.1) sorts as "rc", "dev" (HAProxy's v3.5-dev0 to
 * -dev12, then v3.5.0) as "alpha", and a milestone "m" (Redis's 8.0-m01
 * to -m04, then 8.0-rc1; Tomcat's 10.0.0-M1) as "beta", as milestones
 * come after betas and before candidates: a history that has both of
 * one order would interleave them by number.
 */
static const struct {
	const char *kw;
	int order;
} pre_kw[] = {
	{ "alpha", 0 }, { "beta", 1 }, { "rc", 2 }, { "pre", 2 }, { "dev", 0 },
	{ "milestone", 1 }, { "m", 1 },
};

#define VKEY_RELEASE	3

static int is_digit(const char *p, const char *end)
{
	return p < end && *p >= '0' && *p <= '9';
}

/*
 * A decimal number without leading zeros ("v6.012" is not a release),
 * but with @month, two digits may start with one (a calendar's "09").
 */
static int parse_num(const char **pp, const char *end, unsigned long long *val,
		     int month)
{
	const char *p = *pp;
	unsigned long long v = 0;
	int too_big = 0;

	if (!is_digit(p, end))
		return CBP_VERSION_INVALID;
	if (*p == '0' && is_digit(p + 1, end) &&
	    (!month || is_digit(p + 2, end)))
		return CBP_VERSION_INVALID;
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		unsigned int d = (unsigned int)(*p - '0');

		/* n + 1 must fit 64 bits too. */
		if (v > (~0ULL - 1 - d) / 10)
			too_big = 1;
		else
			v = v * 10 + d;
	}
	*pp = p;
	*val = v;
	return too_big ? CBP_VERSION_TOO_LARGE : 0;
}

/*
 * A release after x.y.z named by letters ending its version: OpenSSL's
 * 1.1.1a to 1.1.1w (git's first, v1.0.0a and v1.0.0b, too), and after
 * "z" its 0.9.8za to 0.9.8zh.  Its number in *@n, 1 for "a", 27 for
 * "za".  Return: whether @s (@len bytes) is such a suffix.
 */
static int letter_release(const char *s, size_t len, unsigned long long *n)
{
	if (len == 1 && *s >= 'a' && *s <= 'z') {
		*n = (unsigned long long)(*s - 'a' + 1);
		return 1;
	}
	if (len == 2 && s[0] == 'z' && s[1] >= 'a' && s[1] <= 'z') {
		*n = (unsigned long long)(26 + s[1] - 'a' + 1);
		return 1;
	}
	return 0;
}

/*
 * A patch level after the numbers: OpenSSH's portable releases, 9.9p1
 * and 9.9p2 (tags V_9_9_P2), Ruby's 1.9.3-p551; "p", or "P" after "_",
 * and a number, maybe after "-" or the numbers' "_", to the end of @p.
 * Its number in *@n.  Return: whether @p starts such a suffix.
 */
static int patch_level(const char *p, const char *end, char sep,
		       unsigned long long *n)
{
	if (p < end && (*p == '-' || (*p == '_' && sep == '_')))
		p++;
	if (p >= end || (*p != 'p' && !(*p == 'P' && p[-1] == '_')))
		return 0;
	p++;
	return !parse_num(&p, end, n, 0) && p == end;
}

/* The key of a version of at least @min numbers (see above). */
static long long version_key(const char *tag, size_t len, int min)
{
	const char *p = tag, *end = tag + len;
	unsigned long long num[4] = { 0, 0, 0, 0 }, rc = 0;
	struct vkey k = { 0, 0, 0 };
	int n = 0, err, too_big = 0, pre = VKEY_RELEASE;
	char sep = 0;

	if (p < end && *p == 'v')
		p++;
	for (;;) {
		if (n == (int)ARRAY_SIZE(num))
			return CBP_VERSION_INVALID;
		/* A month after a year: "." only, not "_" (REL9_04_1). */
		err = parse_num(&p, end, &num[n], n > 0 && sep == '.');
		if (err == CBP_VERSION_INVALID)
			return err;
		too_big |= err;
		n++;
		/*
		 * Numbers joined by dots, or all by underscores (PostgreSQL's
		 * REL9_4_10, curl's 8_4_0) or all by dashes (FreeIPA's
		 * release-4-13-3); "_rc1" and "-rc1" stay pre-releases.
		 */
		if (p < end && (*p == '.' || *p == '_' || *p == '-') &&
		    (!sep || *p == sep) && is_digit(p + 1, end)) {
			sep = *p++;
			continue;
		}
		break;
	}
	if (n < min)
		return CBP_VERSION_INVALID;
	/* OpenSSL's letter releases, 1.1.1a to 1.1.1w: a fourth number. */
	if (n == 3 && p < end && letter_release(p, end - p, &num[3])) {
		p = end;
		n++;
	}
	/* So is a patch level: 9.9p2 after 9.9p1, before 9.9.1. */
	if (n < 4 && patch_level(p, end, sep, &num[3])) {
		p = end;
		n = 4;
	}
	if (p < end) {
		const char *q = NULL;
		size_t i;
		int dotted, milestone = 0;

		/*
		 * "-rc1", as OpenVPN writes it "_rc1", as LXC does ".rc1"
		 * (lxc-4.0.0.rc1), as Go does "rc1"
		 */
		if (*p == '-' || *p == '_' || *p == '.')
			p++;
		for (i = 0; i < ARRAY_SIZE(pre_kw) && !q; i++) {
			q = match_kw(p, end, pre_kw[i].kw);
			pre = pre_kw[i].order;
			milestone = *pre_kw[i].kw == 'm';
		}
		if (!q)
			return CBP_VERSION_INVALID;
		p = q;
		/* The word alone (rpm's 4.19.0-alpha, then -alpha2): rc stays 0. */
		if (p < end) {
			dotted = *p == '.';
			p += dotted;
			/*
			 * Milestones numbered as Redis does (8.0-m01); a
			 * candidate's "rc01" stays refused, as "v6.012" is.
			 */
			while (milestone && is_digit(p + 1, end) && *p == '0')
				p++;
			err = parse_num(&p, end, &rc, 0);
			if (err == CBP_VERSION_INVALID || p != end)
				return CBP_VERSION_INVALID;
			too_big |= err;
		}
	}
	if (too_big)
		return CBP_VERSION_TOO_LARGE;

	for (n = 0; n < (int)ARRAY_SIZE(num); n++)
		vkey_put_num(&k, num[n]);
	vkey_put(&k, (unsigned long long)pre, 2);
	if (pre != VKEY_RELEASE)
		vkey_put_num(&k, rc);
	if (k.overflow)
		return CBP_VERSION_TOO_LARGE;
	return (long long)(k.v << (VKEY_BITS - k.used));
}

/**
 * cbp_version_key() - sort key of a kernel release tag
 * @tag: tag name such as "v6.12-rc7", "v6.12", "v6.12.1" or "v2.6.39.4"
 * @len: length of @tag
 *
 * Keys order releases the way the kernel does: v6.12-rc7 < v6.12 <
 * v6.12.1 < v6.13-rc1, v2.6.39.4 < v3.0-rc1; and semantic versioning's
 * pre-releases, v3.5.0-alpha.0 < v3.5.0-beta.1 < v3.5.0-rc.0 < v3.5.0.
 * The leading 'v' is optional;
 * "v3.0" and "v3.0.0" have the same key.  No number has a maximum of its
 * own; only a tag whose numbers together need more than the key's 63 bits
 * is refused, as %CBP_VERSION_TOO_LARGE.
 *
 * Return: a non-negative key, or a negative enum cbp_version_error saying
 * why @tag is not a release (see cbp_version_error()).
 */
long long cbp_version_key(const char *tag, size_t len)
{
	return version_key(tag, len, 2);
}

/**
 * cbp_release_key() - sort key of a version a release pattern matched
 * @ver: the version, such as "255", "256-rc1", "255.4" or "1.46.0"
 * @len: length of @ver
 *
 * As cbp_version_key(), with one number to four: the key of "255" is
 * that of "255.0", below "255.1" and above "255-rc3".
 *
 * Return: a non-negative key, or a negative enum cbp_version_error.
 */
long long cbp_release_key(const char *ver, size_t len)
{
	return version_key(ver, len, 1);
}

static const char version_syntax[] =
	"not a release version (vX.Y[.Z[.W]], maybe -rc/-beta/-alpha/-pre/-dev/-m[[.]N] or pN)";

/**
 * cbp_version_error() - why a tag has no version key
 * @key: a negative value returned by cbp_version_key()
 *
 * Return: a static phrase for messages such as "tag 'v2.6.11-tree' is not
 * used as a release: %s", or NULL if @key is a valid key.
 */
const char *cbp_version_error(long long key)
{
	switch (key) {
	case CBP_VERSION_INVALID:
		return version_syntax;
	case CBP_VERSION_TOO_LARGE:
		return "version numbers too large for a version key";
	}
	return key < 0 ? "not a release version" : NULL;
}
