// SPDX-License-Identifier: GPL-2.0
/*
 * Release patterns (see release.h).  The expression is wrapped in ^(...)$
 * so that it matches whole tag names whatever the user wrote, and its
 * own first group, the version, becomes the second of the wrapped one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "release.h"
#include "trailer.h"
#include "util.h"

/**
 * cbp_release_pattern_init() - compile a release pattern
 * @rp: filled in; release with cbp_release_pattern_release()
 * @ere: the pattern, or NULL for CBP_RELEASE_PATTERN_DEFAULT
 *
 * Return: 0, or -1 with the error recorded: the pattern is no extended
 * regular expression, or it has no group to take the version from.
 */
int cbp_release_pattern_init(struct cbp_release_pattern *rp, const char *ere)
{
	char *wrapped, msg[160];
	int rc;

	memset(rp, 0, sizeof(*rp));
	if (!ere)
		ere = CBP_RELEASE_PATTERN_DEFAULT;
	wrapped = cbp_strf("^(%s)$", ere);
	rc = regcomp(&rp->re, wrapped, REG_EXTENDED);
	free(wrapped);
	if (rc) {
		regerror(rc, &rp->re, msg, sizeof(msg));
		return cbp_error("release pattern '%s': %s", ere, msg);
	}
	rp->compiled = 1;
	if (rp->re.re_nsub < 2) {
		cbp_release_pattern_release(rp);
		return cbp_error("release pattern '%s': no (group) to take the version from",
				 ere);
	}
	return 0;
}

/*
 * Does the version go on after [@ver, @end), the group a pattern matched:
 * a separator of its numbers, and a number?
 */
static int version_goes_on(const char *ver, const char *end)
{
	size_t len = (size_t)(end - ver);

	if (*end != '.' && *end != '_' && *end != '-')
		return 0;
	if (end[1] < '0' || end[1] > '9')
		return 0;
	return *end != '-' || (!memchr(ver, '.', len) && !memchr(ver, '_', len));
}

/**
 * cbp_release_pattern_key() - the version key of a tag, by a pattern
 * @rp: the pattern
 * @tag: the tag's short name, e.g. "v256-rc1"
 *
 * Return: the key of the version the pattern's first group matched, or
 * a negative value: %CBP_VERSION_NO_MATCH, %CBP_VERSION_CUT when a "."
 * and a number follow the group, or an enum cbp_version_error for a
 * version that is not one to four numbers and an optional -rcN (or rcN,
 * -rc.N, -beta.N, -alpha.N, -pre.N, -devN, -mN).
 */
long long cbp_release_pattern_key(const struct cbp_release_pattern *rp,
				  const char *tag)
{
	regmatch_t m[3];

	if (!rp->compiled || regexec(&rp->re, tag, 3, m, 0) || m[2].rm_so < 0)
		return CBP_VERSION_NO_MATCH;
	/*
	 * 'gopls/v([0-9]+)\.([0-9]+)\.([0-9]+)' takes "0" of every
	 * gopls/v0.N.M, which would all be one release: a group that stops
	 * before more of the version (".N", or "_N" as in REL9_4_10, or
	 * "-N" after numbers that no dot or underscore joins, as in
	 * release-4-13-3) reads none.  "-N" after "1.2" is no more of it: a
	 * packaging revision (debian/1.2-3).
	 */
	if (version_goes_on(tag + m[2].rm_so, tag + m[2].rm_eo))
		return CBP_VERSION_CUT;
	return cbp_release_key(tag + m[2].rm_so,
			       (size_t)(m[2].rm_eo - m[2].rm_so));
}

static const char version_syntax[] =
	"its version is not 1 to 4 numbers, then [-rc/-beta/-alpha/-pre/-dev/-m[.]N] or pN";

/**
 * cbp_release_pattern_error() - why a tag is no release
 * @key: a negative value returned by cbp_release_pattern_key()
 *
 * Return: a static phrase, or NULL if @key is a valid key.
 */
const char *cbp_release_pattern_error(long long key)
{
	if (key == CBP_VERSION_NO_MATCH)
		return "not a release version by the release pattern";
	if (key == CBP_VERSION_INVALID)
		return version_syntax;
	if (key == CBP_VERSION_CUT)
		return "the pattern's first group ends before more numbers: too short";
	return cbp_version_error(key);
}

/**
 * cbp_release_pattern_release() - free a compiled pattern
 * @rp: the pattern; may never have been compiled
 */
void cbp_release_pattern_release(struct cbp_release_pattern *rp)
{
	if (rp->compiled)
		regfree(&rp->re);
	rp->compiled = 0;
}
