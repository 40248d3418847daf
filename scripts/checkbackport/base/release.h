/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Release patterns: which tags are releases, and which part of a tag's
 * name is its version.  A pattern is a POSIX extended regular expression
 * that must match the whole tag name; its first parenthesised group is
 * the version, one to four dot-separated numbers and an optional -rcN
 * (cbp_release_key()).  The default is the kernel's; a project with tags
 * of another shape sets checkbackport.releasePattern (see "Options and
 * configuration" in Documentation/checkbackport.rst).
 */
#ifndef CHECKBACKPORT_RELEASE_H
#define CHECKBACKPORT_RELEASE_H

#include <regex.h>

/*
 * The kernel's tags: v6.12-rc7, v6.12, v6.12.1, v2.6.39.4 (and no v); and
 * the pre-releases of semantic versioning, v3.19.0-rc.1, v2.0.0-beta.2,
 * v1.0.0-alpha (Helm, etcd, containerd), which no kernel tag has.
 */
#define CBP_RELEASE_PATTERN_DEFAULT \
	"v?([0-9]+(\\.[0-9]+){1,3}(-(rc|beta|alpha)(\\.?[0-9]+)?)?)"

/* A tag the pattern does not match, as a negative key. */
#define CBP_VERSION_NO_MATCH	(-3)
/* The pattern's first group stops before a "." and another number. */
#define CBP_VERSION_CUT		(-4)

/**
 * struct cbp_release_pattern - a compiled release pattern
 * @re: the expression, anchored at both ends
 * @compiled: @re is to be freed
 */
struct cbp_release_pattern {
	regex_t re;
	int compiled;
};

int cbp_release_pattern_init(struct cbp_release_pattern *rp, const char *ere);
long long cbp_release_pattern_key(const struct cbp_release_pattern *rp,
				  const char *tag);
const char *cbp_release_pattern_error(long long key);
void cbp_release_pattern_release(struct cbp_release_pattern *rp);

#endif /* CHECKBACKPORT_RELEASE_H */
