// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the release tag parser, cbp_version_key() (cmocka, TAP
 * output): the shapes of every tag in the kernel's history, their order,
 * numbers of any size, and a clear result for tags that are not releases.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/release.h"
#include "base/trailer.h"

static long long vk(const char *s)
{
	return cbp_version_key(s, strlen(s));
}

/* Assert a < b, naming both tags when it fails. */
static void assert_before(const char *a, const char *b)
{
	long long ka = vk(a), kb = vk(b);

	if (ka < 0 || kb < 0 || ka >= kb)
		fail_msg("expected %s (key %lld) < %s (key %lld)", a, ka, b, kb);
}

/*
 * Tags as they are in Linux's history (and in linux-stable), from the
 * first git tag to today's longest stable series, with others the key
 * must not refuse: no number has a maximum of its own.
 */
static const char *const good[] = {
	"v2.6.11", "v2.6.11.12", "v2.6.12-rc2", "v2.6.12", "v2.6.16.62",
	"v2.6.32.71", "v2.6.39-rc7", "v2.6.39", "v2.6.39.4",
	"v3.0-rc1", "v3.0-rc7", "v3.0", "v3.0.101", "v3.1-rc10", "v3.19.8",
	"v4.0-rc1", "v4.4.302", "v4.19.325", "v4.20.17",
	"v5.0-rc1", "v5.4.296", "v5.10.240", "v5.15.189", "v5.19.17",
	"v6.0-rc1", "v6.1.148", "v6.6.102", "v6.12-rc1", "v6.12.118",
	"v6.17", "v6.18-rc1",
	/* Beyond the old fixed widths (255, 1023, 4095, 4095, rc 254). */
	"v256.1", "v1024.0", "v6.1024", "v6.12.4096", "v6.12.100000",
	"v2.6.39.4096", "v6.12-rc255", "v6.12-rc100000", "v4294967296.1",
	/* Large numbers in every place at once still fit. */
	"v999.999.999-rc99", "v2.6.999.999-rc99",
	/* The 'v' is optional (branch names: linux-6.12.y). */
	"6.12", "3.0",
	/* Redis's first alpha of a series, 0 */
	"2.2-alpha0", "3.0-alpha0",
	/* OpenVPN's pre-releases, after an underscore */
	"v2.7_alpha1", "v2.7_beta2", "v2.7_rc1",
	/* Numbers joined by underscores: PostgreSQL's, curl's */
	"9_4_10", "16_2", "8_4_0", "2_7_rc1",
	/* By the calendar, a month of two digits: Docker's, DPDK's */
	"v18.09.1", "v19.03.0-rc1", "v22.03", "v20.10.0-beta1",
	/* Letter releases: OpenSSL's, git's first */
	"1.1.1w", "1_1_1w", "0.9.8zh", "v1.0.0a",
	/* A pre-release after a dot: LXC's */
	"4.0.0.rc1", "1.0.0.beta2", "1.0.0.alpha1",
	/* A patch level: OpenSSH's portable releases, Ruby's */
	"9.9p1", "9_9_P2", "v3.6.1p2", "1.9.3-p551", "10_0_p1",
};

static void parses(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(good); i++) {
		long long k = vk(good[i]);

		if (k < 0)
			fail_msg("'%s' does not parse: %s", good[i],
				 cbp_version_error(k));
		assert_null(cbp_version_error(k));
	}
}

/* Not releases, with the reason each must be refused for. */
static const struct {
	const char *tag;
	long long err;
} bad[] = {
	{ "v2.6.11-tree", CBP_VERSION_INVALID },	/* a real Linux tag */
	{ "v6", CBP_VERSION_INVALID },
	{ "v6.12-rc01", CBP_VERSION_INVALID },
	{ "v6.12-rc1-dontuse", CBP_VERSION_INVALID },
	{ "v6.12-dontuse", CBP_VERSION_INVALID },
	/* Pre-releases: one separator before the word, a number after it */
	{ "v3.5.0-alpha-2", CBP_VERSION_INVALID },
	{ "v2.7__rc1", CBP_VERSION_INVALID },
	/* One separator between the numbers, not both */
	{ "9_4.10", CBP_VERSION_INVALID },
	{ "9.4_10", CBP_VERSION_INVALID },
	{ "9_4_", CBP_VERSION_INVALID },
	{ "9-4.10", CBP_VERSION_INVALID },
	{ "9.4-10", CBP_VERSION_INVALID },
	{ "9_4-10", CBP_VERSION_INVALID },
	{ "9-4-", CBP_VERSION_INVALID },
	{ "9--4", CBP_VERSION_INVALID },
	{ "v6.12-1", CBP_VERSION_INVALID },
	{ "v2.7~rc1", CBP_VERSION_INVALID },
	{ "v2.7_", CBP_VERSION_INVALID },
	{ "v3.5.0-alpha.", CBP_VERSION_INVALID },
	{ "v3.5.0-rc.", CBP_VERSION_INVALID },
	{ "v3.5.0-rc.01", CBP_VERSION_INVALID },
	{ "v3.5.0-gamma.1", CBP_VERSION_INVALID },
	{ "v3.5.0-beta.1.2", CBP_VERSION_INVALID },
	{ "v3.2.0+git", CBP_VERSION_INVALID },		/* etcd's */
	/* util-linux's start of a series: "dev" is a word, "devel" none */
	{ "v2.43-devel", CBP_VERSION_INVALID },
	{ "v3.2.0_plus_git", CBP_VERSION_INVALID },
	{ "v6.012", CBP_VERSION_INVALID },
	/* A month has two digits, never the first number, never after "_" */
	{ "v18.009", CBP_VERSION_INVALID },
	{ "v018.09", CBP_VERSION_INVALID },
	{ "v9_04_1", CBP_VERSION_INVALID },
	/* A letter release ends three numbers: one letter, or "z" and one */
	{ "1.1a", CBP_VERSION_INVALID },
	{ "1.1.1.1a", CBP_VERSION_INVALID },
	{ "1.1.1ab", CBP_VERSION_INVALID },
	{ "1.1.1A", CBP_VERSION_INVALID },
	{ "1.1.1a-rc1", CBP_VERSION_INVALID },
	/* A patch level is "p" and a number, last; "P" only after "_" */
	{ "9.9p", CBP_VERSION_INVALID },
	{ "9.9p01", CBP_VERSION_INVALID },
	{ "9.9P1", CBP_VERSION_INVALID },
	{ "9.9_p1", CBP_VERSION_INVALID },
	{ "9.9p1-rc1", CBP_VERSION_INVALID },
	{ "9.9p1p2", CBP_VERSION_INVALID },
	{ "1.2.3.4p1", CBP_VERSION_INVALID },
	{ "9.9--p1", CBP_VERSION_INVALID },
	/* A dot before a pre-release, not two separators */
	{ "4.0.0..rc1", CBP_VERSION_INVALID },
	{ "4.0.0.-rc1", CBP_VERSION_INVALID },
	{ "4.0.0.x1", CBP_VERSION_INVALID },
	{ "v6.12.1.2.3", CBP_VERSION_INVALID },
	{ "v6.12.", CBP_VERSION_INVALID },
	{ "v.6.12", CBP_VERSION_INVALID },
	{ "v6..12", CBP_VERSION_INVALID },
	{ "vv6.12", CBP_VERSION_INVALID },
	{ "v6.12 ", CBP_VERSION_INVALID },
	{ "v-6.12", CBP_VERSION_INVALID },
	{ "", CBP_VERSION_INVALID },
	{ "v", CBP_VERSION_INVALID },
	{ "linux-6.12.y", CBP_VERSION_INVALID },
	/* Syntax errors win over size. */
	{ "v99999999999999999999999.1-tree", CBP_VERSION_INVALID },
	/* Past 64 bits, or together past the key's 63. */
	{ "v18446744073709551615.1", CBP_VERSION_TOO_LARGE },
	{ "v99999999999999999999999.1", CBP_VERSION_TOO_LARGE },
	{ "v6.12-rc99999999999999999999", CBP_VERSION_TOO_LARGE },
	{ "v4294967295.4294967295", CBP_VERSION_TOO_LARGE },
	{ "v65535.65535.65535.65535-rc65535", CBP_VERSION_TOO_LARGE },
};

static void refuses(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		long long k = vk(bad[i].tag);

		if (k != bad[i].err)
			fail_msg("'%s': got %lld, expected %lld", bad[i].tag,
				 k, bad[i].err);
		assert_non_null(cbp_version_error(k));
	}
	assert_string_not_equal(cbp_version_error(CBP_VERSION_INVALID),
				cbp_version_error(CBP_VERSION_TOO_LARGE));
	/* The length is obeyed: no NUL needed, nothing read past it. */
	assert_int_equal(cbp_version_key("v6.12-rc1", 5), vk("v6.12"));
	assert_int_equal(cbp_version_key("v6.12-rc1", 7), CBP_VERSION_INVALID);
	assert_int_equal(cbp_version_key("v6.12-rc1", 8), vk("v6.12-rc"));
}

/* Pairs whose order the kernel's release process fix. */
static const char *const before[][2] = {
	{ "v6.12-rc7", "v6.12" },
	{ "v6.12", "v6.12.1" },
	{ "v6.12.1", "v6.13-rc1" },
	{ "v2.6.39.4", "v3.0-rc1" },
	{ "v2.6.39", "v2.6.39.1" },
	{ "v3.0-rc1", "v3.0-rc7" },
	{ "v3.0-rc9", "v3.0-rc10" },
	{ "v3.0.9", "v3.0.10" },
	{ "v3.0.101", "v3.1-rc1" },
	{ "v3.19.8", "v4.0-rc1" },
	{ "v4.19.325", "v4.20-rc1" },
	{ "v4.20.17", "v5.0-rc1" },
	{ "v5.10.240", "v5.11" },
	{ "v5.19.17", "v6.0-rc1" },
	{ "v6.12-rc1", "v6.12.118" },
	{ "v6.12.118", "v6.13" },
	{ "v6.12.9", "v6.12.10" },
	{ "v6.12.4095", "v6.12.4096" },
	{ "v6.12.4096", "v6.12.100000" },
	{ "v6.12.100000", "v6.13-rc1" },
	{ "v6.12-rc254", "v6.12-rc255" },
	{ "v6.12-rc100000", "v6.12" },
	{ "v255.1023.4095", "v256.0-rc1" },
	{ "v256.0-rc1", "v256.0" },
	/* Semantic versioning's pre-releases (etcd's, containerd's) */
	{ "v3.4.30", "v3.5.0-alpha.0" },
	{ "v3.5.0-alpha.0", "v3.5.0-alpha.1" },
	{ "v3.5.0-alpha.9", "v3.5.0-beta.0" },
	{ "v3.5.0-beta.4", "v3.5.0-rc.0" },
	{ "v3.5.0-rc.0", "v3.5.0-rc1" },
	{ "v3.5.0-rc.10", "v3.5.0" },
	{ "v3.5.0-beta2", "v3.5.0-beta.3" },
	/* The word alone is the first: rpm's 4.20.0-alpha, then -alpha2 */
	{ "v4.19.1", "v4.20.0-alpha" },
	{ "v4.20.0-alpha", "v4.20.0-alpha2" },
	{ "v4.20.0-alpha2", "v4.20.0-beta" },
	{ "v4.20.0-beta", "v4.20.0-beta1" },
	{ "v4.20.0-beta2", "v4.20.0-rc" },
	{ "v4.20.0-rc", "v4.20.0-rc1" },
	{ "v4.20.0-rc", "v4.20.0" },
	/* Redis's: 2.0.4 < 2.2-alpha0 < 2.2-alpha1 < 2.2.0 */
	{ "2.0.4", "2.2-alpha0" },
	{ "2.2-alpha0", "2.2-alpha1" },
	{ "2.2-alpha1", "2.2.0" },
	{ "v6.12-rc0", "v6.12-rc1" },
	/* OpenVPN's: 2.7_alpha1 < 2.7_beta1 < 2.7_rc2 < 2.7.0 */
	{ "v2.6.14", "v2.7_alpha1" },
	{ "v2.7_alpha1", "v2.7_beta1" },
	{ "v2.7_rc2", "v2.7.0" },
	{ "v256.0", "v256.1" },
	{ "v256.1", "v257.0-rc1" },
	{ "v2.6.999.999-rc99", "v3.0-rc1" },
	{ "v999.999.999-rc99", "v999.999.999" },
	{ "v999.999.999", "v1000.0-rc1" },
	{ "v4294967295.1", "v4294967296.0" },
};

static void order(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(before); i++) {
		assert_before(before[i][0], before[i][1]);
		/* and never the other way round */
		assert_true(vk(before[i][1]) > vk(before[i][0]));
	}
	assert_int_equal(vk("6.12"), vk("v6.12"));
	assert_int_equal(vk("v3.0"), vk("v3.0.0"));
	assert_int_equal(vk("v2.6.39"), vk("v2.6.39.0"));
	assert_int_equal(vk("v6.12-RC1"), vk("v6.12-rc1"));
	assert_int_equal(vk("v2.7_rc1"), vk("v2.7-rc1"));
	assert_int_equal(vk("9_4_10"), vk("9.4.10"));
	assert_true(vk("9_4_9") < vk("9_4_10"));
	assert_true(vk("9_6_24") < vk("10_1"));
	/* Docker's releases by the calendar, as the numbers they are */
	assert_int_equal(vk("v18.09.1"), vk("v18.9.1"));
	assert_before("v18.06.3", "v18.09.0-beta3");
	assert_before("v18.09.0-rc1", "v18.09.0");
	assert_before("v18.09.9", "v19.03.0");
	assert_before("v19.03.15", "v20.10.0");
	/* OpenSSL's letter releases, after z two letters */
	assert_before("1.1.1", "1.1.1a");
	assert_before("1.1.1a", "1.1.1w");
	assert_before("1.1.1w", "1.1.2");
	assert_before("1.1.1-pre9", "1.1.1");
	assert_before("0.9.8y", "0.9.8z");
	assert_before("0.9.8z", "0.9.8za");
	assert_before("0.9.8za", "0.9.8zh");
	assert_before("0.9.8zh", "1.0.0");
	assert_int_equal(vk("1_1_1w"), vk("1.1.1w"));
	/* OpenSSH's patch levels: a fourth number */
	assert_before("9.8p1", "9.9");
	assert_before("9.9", "9.9p1");
	assert_before("9.9p1", "9.9p2");
	assert_before("9.9p2", "9.9.1");
	assert_before("9.9.1", "9.10p1");
	assert_before("3.6.1p1", "3.6.1p2");
	assert_int_equal(vk("9_9_P2"), vk("9.9p2"));
	assert_int_equal(vk("1.9.3-p551"), vk("1.9.3p551"));
	/* LXC's pre-releases after a dot */
	assert_before("3.2.1", "4.0.0.alpha1");
	assert_before("4.0.0.beta2", "4.0.0.rc1");
	assert_before("4.0.0.rc5", "4.0.0");
	assert_int_equal(vk("4.0.0.rc1"), vk("4.0.0-rc1"));
}

/*
 * Release series of Linux: 2.6.11 to 2.6.39 (four numbers for a stable
 * release, v2.6.39.4), then 3.0-3.19, 4.0-4.20, 5.0-5.19 and 6.0 on.
 */
static const struct {
	unsigned int major, minor, first, last;
} series[] = {
	{ 2, 6, 11, 39 },
	{ 3, 0, 0, 19 },
	{ 4, 0, 0, 20 },
	{ 5, 0, 0, 19 },
	{ 6, 0, 0, 18 },
};

/* Up to -rc10 (v3.1-rc10) and stable .400 (v4.19.325 is the longest). */
#define MAX_RC		10
#define MAX_STABLE	400

/*
 * Every tag the history has, and more: for each series, -rc1 to -rc10,
 * the release and its stable releases .1 to .400, in release order.  Real
 * histories are a subsequence of this one, so if it is strictly
 * increasing, they are.
 */
static void whole_history(void **state)
{
	char tag[64], prev[64] = "";
	long long last = -1, k;
	unsigned int s, n, i, count = 0;

	(void)state;
	for (s = 0; s < ARRAY_SIZE(series); s++) {
		for (n = series[s].first; n <= series[s].last; n++) {
			for (i = 1; i <= MAX_RC + 1 + MAX_STABLE; i++) {
				int len;

				if (series[s].major == 2 && i <= MAX_RC)
					len = snprintf(tag, sizeof(tag), "v2.6.%u-rc%u", n, i);
				else if (series[s].major == 2 && i == MAX_RC + 1)
					len = snprintf(tag, sizeof(tag), "v2.6.%u", n);
				else if (series[s].major == 2)
					len = snprintf(tag, sizeof(tag), "v2.6.%u.%u", n,
						       i - MAX_RC - 1);
				else if (i <= MAX_RC)
					len = snprintf(tag, sizeof(tag), "v%u.%u-rc%u",
						       series[s].major, n, i);
				else if (i == MAX_RC + 1)
					len = snprintf(tag, sizeof(tag), "v%u.%u",
						       series[s].major, n);
				else
					len = snprintf(tag, sizeof(tag), "v%u.%u.%u",
						       series[s].major, n,
						       i - MAX_RC - 1);
				k = cbp_version_key(tag, (size_t)len);
				if (k <= last)
					fail_msg("%s (key %lld) does not sort after %s (key %lld)",
						 tag, k, prev, last);
				last = k;
				memcpy(prev, tag, sizeof(prev));
				count++;
			}
		}
	}
	/* 29 + 20 + 21 + 20 + 19 series of 411 tags each */
	assert_int_equal(count, 109 * 411);
}

/* The key of @tag by pattern @ere (NULL: the kernel's). */
static long long rk(const char *ere, const char *tag)
{
	struct cbp_release_pattern rp;
	long long key;

	assert_int_equal(cbp_release_pattern_init(&rp, ere), 0);
	key = cbp_release_pattern_key(&rp, tag);
	cbp_release_pattern_release(&rp);
	return key;
}

/* Tags of systemd, NetworkManager, containerd, etcd and the kernel. */
/*
 * Go's go1.21rc1 (no separator before the candidate), gopls's
 * v0.16.0-pre.1 (a pre-release spelled "pre", ordered as "rc"),
 * HAProxy's v3.5-dev0 (spelled "dev", ordered as "alpha") and Redis's
 * milestones 8.0-m01 (ordered as "beta", before 8.0-rc1).
 */
static void go_pre_releases(void **state)
{
	static const char *const go[] = {
		"go1.20", "go1.20.1", "go1.21rc1", "go1.21rc2", "go1.21.0",
		"go1.21.1", "go1.22beta1", "go1.22rc1", "go1.22.0",
	};
	static const char *const gopls[] = {
		"gopls/v0.15.3", "gopls/v0.16.0-pre.1", "gopls/v0.16.0-pre.2",
		"gopls/v0.16.0", "gopls/v0.16.1-pre1", "gopls/v0.16.1",
	};
	static const char *const haproxy[] = {
		"v3.4.0", "v3.4.1", "v3.5-dev0", "v3.5-dev1", "v3.5-dev9",
		"v3.5-dev10", "v3.5-dev12", "v3.5.0", "v3.5.1", "v3.6-dev0",
	};
	static const char *const redis[] = {
		"7.4.1", "8.0-m01", "8.0-m02", "8.0-m04", "8.0-rc1", "8.0.0",
		"8.0.1",
	};
	const char *red = "([0-9]+(\\.[0-9]+){1,2}(-(m|rc)[0-9]+)?)";
	const char *hap = "v([0-9]+(\\.[0-9]+){1,2}(-dev[0-9]+)?)";
	const char *gop = "go([0-9]+(\\.[0-9]+){1,2}((rc|beta)[0-9]+)?)";
	const char *goplsp = "gopls/v([0-9]+\\.[0-9]+\\.[0-9]+(-pre\\.?[0-9]+)?)";
	size_t i;

	(void)state;
	for (i = 1; i < ARRAY_SIZE(go); i++)
		if (rk(gop, go[i - 1]) < 0 || rk(gop, go[i - 1]) >= rk(gop, go[i]))
			fail_msg("expected %s < %s", go[i - 1], go[i]);
	for (i = 1; i < ARRAY_SIZE(gopls); i++)
		if (rk(goplsp, gopls[i - 1]) < 0 ||
		    rk(goplsp, gopls[i - 1]) >= rk(goplsp, gopls[i]))
			fail_msg("expected %s < %s", gopls[i - 1], gopls[i]);
	for (i = 1; i < ARRAY_SIZE(haproxy); i++)
		if (rk(hap, haproxy[i - 1]) < 0 ||
		    rk(hap, haproxy[i - 1]) >= rk(hap, haproxy[i]))
			fail_msg("expected %s < %s", haproxy[i - 1], haproxy[i]);
	for (i = 1; i < ARRAY_SIZE(redis); i++)
		if (rk(red, redis[i - 1]) < 0 ||
		    rk(red, redis[i - 1]) >= rk(red, redis[i]))
			fail_msg("expected %s < %s", redis[i - 1], redis[i]);
	assert_true(rk(red, "8.0-m01") >= 0);
	assert_int_equal(rk(red, "8.0-m01"), rk(red, "8.0-m1"));
	assert_int_equal(vk("v10.0.0-M1"), vk("v10.0.0-beta1"));
	assert_int_equal(vk("v10.0.0-milestone2"), vk("v10.0.0-m2"));
	assert_true(vk("v10.0.0-M2") < vk("v10.0.0-rc1"));
	/* A zero before the number only: "8.0-m" is the first, "-m0x" none. */
	assert_int_equal(vk("v8.0-m"), vk("v8.0-m0"));
	assert_int_equal(vk("v8.0-m0x"), CBP_VERSION_INVALID);
	assert_int_equal(vk("v8.0-mips"), CBP_VERSION_INVALID);
	assert_int_equal(vk("v3.5-dev1"), vk("v3.5-alpha1"));
	/* Not in the default: NetworkManager's 1.53.0-dev is no release. */
	assert_int_equal(rk(NULL, "v3.5-dev1"), CBP_VERSION_NO_MATCH);
	assert_int_equal(vk("v2.7rc1"), vk("v2.7-rc1"));
	assert_int_equal(vk("v0.16.0-pre.1"), vk("v0.16.0-rc.1"));
	assert_int_equal(vk("v2.7~rc1"), CBP_VERSION_INVALID);
	assert_int_equal(vk("v2.7prerelease"), CBP_VERSION_INVALID);
}

static void release_patterns(void **state)
{
	static const char *const systemd[] = {
		"v220", "v243", "v243.1", "v255-rc1", "v255", "v255.4",
		"v256-rc1", "v256-rc3", "v256", "v256.1",
	};
	static const char *const nm[] = {
		"1.44.0", "1.46.0", "1.46.2", "1.47.2", "1.48.0-rc1", "1.48.0",
	};
	/* containerd: semantic versions, release candidates "-rc.N" */
	static const char *const cd[] = {
		"v1.7.30", "v2.0.0-rc.1", "v2.0.0-rc.3", "v2.0.0-rc.10",
		"v2.0.0", "v2.0.1", "v2.1.0-rc.1", "v2.1.0",
	};
	/* etcd: semantic versions with alphas, betas and rcs from .0 */
	static const char *const etcd[] = {
		"v3.4.30", "v3.5.0-alpha.0", "v3.5.0-beta.0", "v3.5.0-beta.4",
		"v3.5.0-rc.0", "v3.5.0-rc.1", "v3.5.0", "v3.5.1", "v3.6.0-rc.0",
	};
	static const char *const pg[] = {
		"REL9_4_9", "REL9_4_10", "REL9_6_24", "REL_10_1", "REL_16_2",
	};
	/* FreeIPA: numbers joined by dashes */
	static const char *const ipa[] = {
		"release-3-3-5", "release-4-9-14", "release-4-10-0",
		"release-4-12-5", "release-4-13-0", "release-4-13-3",
	};
	const char *ipap = "release-([0-9]+(-[0-9]+)*)";
	const char *pgp = "REL_?([0-9]+(_[0-9]+)*)";
	const char *etcdp =
		"v([0-9]+\\.[0-9]+\\.[0-9]+(-(alpha|beta|rc)\\.[0-9]+)?)";
	const char *cdp = "v([0-9]+\\.[0-9]+\\.[0-9]+(-rc\\.?[0-9]+)?)";
	const char *sd = "v([0-9]+(\\.[0-9]+)?(-rc[0-9]+)?)";
	const char *nmp = "([0-9]+\\.[0-9]+\\.[0-9]+(-rc[0-9]+)?)";
	struct cbp_release_pattern rp;
	size_t i;

	(void)state;
	/* The default is the kernel's, as cbp_version_key() reads it. */
	assert_int_equal(rk(NULL, "v6.12-rc7"), vk("v6.12-rc7"));
	assert_int_equal(rk(NULL, "v2.6.39.4"), vk("v2.6.39.4"));
	assert_int_equal(rk(NULL, "v6"), CBP_VERSION_NO_MATCH);
	assert_int_equal(rk(NULL, "v6.12.1.2.3"), CBP_VERSION_NO_MATCH);
	assert_int_equal(rk(NULL, "v6.13-rc1-dontuse"), CBP_VERSION_NO_MATCH);
	assert_int_equal(rk(NULL, "v2.6.11-tree"), CBP_VERSION_NO_MATCH);
	/* And semantic versioning's pre-releases (Helm's v3.19.0-rc.1). */
	assert_int_equal(rk(NULL, "v3.19.0-rc.1"), vk("v3.19.0-rc.1"));
	assert_int_equal(rk(NULL, "v2.0.0-alpha.1"), vk("v2.0.0-alpha.1"));
	assert_true(rk(NULL, "v3.19.0-beta.2") < rk(NULL, "v3.19.0-rc.1"));
	assert_int_equal(rk(NULL, "v3.19.0-rc.0"), vk("v3.19.0-rc.0"));
	assert_int_equal(rk(NULL, "v3.2.0+git"), CBP_VERSION_NO_MATCH);
	assert_int_equal(rk(NULL, "v1.0.0-alpha"), vk("v1.0.0-alpha"));
	assert_true(rk(NULL, "v1.0.0-alpha") < rk(NULL, "v1.0.0-alpha.1"));
	assert_int_equal(rk(NULL, "v1.0.0-alpha-dev"), CBP_VERSION_NO_MATCH);
	for (i = 1; i < ARRAY_SIZE(systemd); i++)
		if (rk(sd, systemd[i - 1]) < 0 ||
		    rk(sd, systemd[i - 1]) >= rk(sd, systemd[i]))
			fail_msg("expected %s < %s", systemd[i - 1], systemd[i]);
	for (i = 1; i < ARRAY_SIZE(nm); i++)
		if (rk(nmp, nm[i - 1]) < 0 || rk(nmp, nm[i - 1]) >= rk(nmp, nm[i]))
			fail_msg("expected %s < %s", nm[i - 1], nm[i]);
	for (i = 1; i < ARRAY_SIZE(cd); i++)
		if (rk(cdp, cd[i - 1]) < 0 || rk(cdp, cd[i - 1]) >= rk(cdp, cd[i]))
			fail_msg("expected %s < %s", cd[i - 1], cd[i]);
	assert_int_equal(rk(cdp, "v2.0.0-rc."), CBP_VERSION_NO_MATCH);
	/* Semantic versioning counts from 0: rc.0 is the first. */
	if (rk(cdp, "v2.0.0-rc.0") < 0 ||
	    rk(cdp, "v2.0.0-rc.0") >= rk(cdp, "v2.0.0-rc.1"))
		fail_msg("expected v2.0.0-rc.0 < v2.0.0-rc.1");
	/* The same candidate, spelled both ways. */
	assert_int_equal(rk(cdp, "v2.0.0-rc.1"), rk(cdp, "v2.0.0-rc1"));
	for (i = 1; i < ARRAY_SIZE(etcd); i++)
		if (rk(etcdp, etcd[i - 1]) < 0 ||
		    rk(etcdp, etcd[i - 1]) >= rk(etcdp, etcd[i]))
			fail_msg("expected %s < %s", etcd[i - 1], etcd[i]);
	/* PostgreSQL's REL9_4_10 and REL_16_2, one group for the version */
	for (i = 1; i < ARRAY_SIZE(pg); i++)
		if (rk(pgp, pg[i - 1]) < 0 || rk(pgp, pg[i - 1]) >= rk(pgp, pg[i]))
			fail_msg("expected %s < %s", pg[i - 1], pg[i]);
	assert_int_equal(rk(pgp, "REL9_4_10"), vk("9.4.10"));
	/*
	 * A group per number would read "9" of every REL9_*: each tag is
	 * refused as cut short, never all one release.
	 */
	assert_int_equal(rk("REL_?([0-9]+)_([0-9]+)(_([0-9]+))?", "REL9_4_10"),
			 CBP_VERSION_CUT);
	assert_int_equal(rk("REL_?([0-9]+)_([0-9]+)(_([0-9]+))?", "REL_16_2"),
			 CBP_VERSION_CUT);
	/* FreeIPA's release-4-13-3, one group for the version */
	for (i = 1; i < ARRAY_SIZE(ipa); i++)
		if (rk(ipap, ipa[i - 1]) < 0 ||
		    rk(ipap, ipa[i - 1]) >= rk(ipap, ipa[i]))
			fail_msg("expected %s < %s", ipa[i - 1], ipa[i]);
	assert_int_equal(rk(ipap, "release-4-13-3"), vk("4.13.3"));
	assert_int_equal(rk(ipap, "release-3-2-0-pre1"), CBP_VERSION_NO_MATCH);
	assert_int_equal(rk("release-([0-9]+(-[0-9]+)*(-pre[0-9]+)?)",
			    "release-3-2-0-pre1"), vk("3.2.0-pre1"));
	/* One separator throughout: 4.13-3 is no version. */
	assert_int_equal(rk("r-([0-9].*)", "r-4.13-3"), CBP_VERSION_INVALID);
	assert_int_equal(rk("r-([0-9].*)", "r-4-13.3"), CBP_VERSION_INVALID);
	/* Nor are a dash and a letter more numbers (release-1-0-0-a). */
	assert_int_equal(rk(ipap, "release-1-0-0-a"), CBP_VERSION_NO_MATCH);
	assert_int_equal(rk("release-([0-9-]+-a)", "release-1-0-0-a"),
			 CBP_VERSION_INVALID);
	/* A group per number would read "4" of every release-4-*. */
	assert_int_equal(rk("release-([0-9]+)-([0-9]+)-([0-9]+)",
			    "release-4-13-3"), CBP_VERSION_CUT);
	assert_int_equal(rk("release-([0-9]+-[0-9]+)-([0-9]+)",
			    "release-4-13-3"), CBP_VERSION_CUT);
	/* Module tags (api/v3.5.0) are no releases of the project. */
	assert_int_equal(rk(etcdp, "api/v3.5.0"), CBP_VERSION_NO_MATCH);
	/* Whole names only: a pattern never matches part of a tag. */
	assert_int_equal(rk(nmp, "v1.46.0"), CBP_VERSION_NO_MATCH);
	assert_int_equal(rk(sd, "v255-stable"), CBP_VERSION_NO_MATCH);
	/* A group that is no version, and patterns that are no use. */
	assert_int_equal(rk("(v)[0-9]+", "v255"), CBP_VERSION_INVALID);
	/*
	 * A first group that stops before more of the version would make
	 * every gopls/v0.N.M release "0": none is read.
	 */
	assert_int_equal(rk("gopls/v([0-9]+)\\.([0-9]+)\\.([0-9]+)",
			    "gopls/v0.16.0"), CBP_VERSION_CUT);
	assert_int_equal(rk("v([0-9]+\\.[0-9]+)\\.x", "v1.2.x"), vk("v1.2"));
	assert_int_equal(rk("debian/([0-9.]+)-[0-9]+", "debian/1.2-3"),
			 vk("v1.2"));
	assert_int_equal(rk("debian/([0-9_]+)-[0-9]+", "debian/1_2-3"),
			 vk("v1.2"));
	assert_non_null(cbp_release_pattern_error(CBP_VERSION_CUT));
	assert_int_equal(cbp_release_pattern_init(&rp, "v([0-9]"), -1);
	assert_int_equal(cbp_release_pattern_init(&rp, "v[0-9]+"), -1);
}

/**
 * main() - run the tests, reporting in TAP
 *
 * Return: the number of failed tests.
 */
int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses),
		cmocka_unit_test(refuses),
		cmocka_unit_test(order),
		cmocka_unit_test(whole_history),
		cmocka_unit_test(release_patterns),
		cmocka_unit_test(go_pre_releases),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("version", tests, NULL, NULL);
}
