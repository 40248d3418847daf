// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the commit object reader of the git layer (git-commit.c):
 * the header fields the builder takes from a raw commit object, and
 * object IDs in hex (cmocka, TAP output).  Expected values are written
 * out from git's commit object format, not computed by the code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "git/git.h"

#define TREE	"tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
#define P1	"55039832f98c7e05f1cf9e0d8c12b2490abd0f16"
#define P2	"f0ed39830e6064d62f9c5393505677a26569bb56"

static void parse(const char *obj, struct cbp_git_commit *c)
{
	memset(c, 0, sizeof(*c));
	assert_int_equal(cbp_git_parse_commit(obj, strlen(obj), c), 0);
}

static void check_parent(const struct cbp_git_commit *c, size_t i,
			 const char *hex)
{
	char buf[CBP_OID_HEXSZ + 1];

	assert_true(i < c->nr_parents);
	assert_string_equal(cbp_oid_tohex(&c->parents[i], buf), hex);
}

static void root_commit(void **state)
{
	static const char obj[] = TREE
		"author A U Thor <author@example.com> 1200003600 +0000\n"
		"committer C O Mitter <committer@example.com> 1200007200 +0000\n"
		"\n"
		"drm/xe: subject\n\nbody\n";
	struct cbp_git_commit c;

	(void)state;
	parse(obj, &c);
	assert_int_equal(c.nr_parents, 0);
	assert_int_equal(c.atime, 1200003600);
	assert_int_equal(c.msg_len, strlen("drm/xe: subject\n\nbody\n"));
	assert_memory_equal(c.msg, "drm/xe: subject\n", 16);
	free(c.parents);
}

static void merge_keeps_parent_order(void **state)
{
	static const char obj[] = TREE
		"parent " P1 "\n"
		"parent " P2 "\n"
		"author X <x@y> 1700000000 +0200\n"
		"committer X <x@y> 1700000100 +0200\n"
		"\nMerge\n";
	struct cbp_git_commit c;

	(void)state;
	parse(obj, &c);
	assert_int_equal(c.nr_parents, 2);
	check_parent(&c, 0, P1);
	check_parent(&c, 1, P2);
	assert_int_equal(c.atime, 1700000000);
	free(c.parents);
}

/* More parents than any fixed array would hold (Linux has 66). */
static void many_parents(void **state)
{
	char *obj = malloc(100 * 48 + 256), *p = obj;
	struct cbp_git_commit c;
	int i;

	(void)state;
	p += sprintf(p, TREE);
	for (i = 0; i < 100; i++)
		p += sprintf(p, "parent %040x\n", i + 1);
	sprintf(p, "author X <x@y> 1 +0000\n\nm\n");
	parse(obj, &c);
	assert_int_equal(c.nr_parents, 100);
	check_parent(&c, 99, "0000000000000000000000000000000000000064");
	free(c.parents);
	free(obj);
}

static void bad_parent_lines_are_skipped(void **state)
{
	static const char obj[] = TREE
		"parent 55039832f98c7e05f1cf9e0d8c12b2490abd0f1\n"
		"parent g5039832f98c7e05f1cf9e0d8c12b2490abd0f16\n"
		"parent " P2 "\n"
		"\nm\n";
	struct cbp_git_commit c;

	(void)state;
	parse(obj, &c);
	assert_int_equal(c.nr_parents, 1);
	check_parent(&c, 0, P2);
	assert_int_equal(c.atime, 0);
	free(c.parents);
}

static void author_time_after_the_last_bracket(void **state)
{
	static const char obj[] = TREE
		"author A <odd>name> <a@b>   1234567890 -0700\n\nm\n";
	struct cbp_git_commit c;

	(void)state;
	parse(obj, &c);
	assert_int_equal(c.atime, 1234567890);
	free(c.parents);
}

static void header_without_message(void **state)
{
	static const char obj[] = TREE "author A <a@b> 5 +0000";
	struct cbp_git_commit c;

	(void)state;
	parse(obj, &c);
	assert_int_equal(c.atime, 5);
	assert_int_equal(c.msg_len, 0);
	assert_ptr_equal(c.msg, obj + strlen(obj));
	free(c.parents);
}

static void oid_hex_round_trip(void **state)
{
	struct cbp_oid a, b;
	char buf[CBP_OID_HEXSZ + 1];

	(void)state;
	assert_int_equal(cbp_oid_fromhex(&a, "55039832F98C7E05F1CF9E0D8C12B2490ABD0F16"), 0);
	assert_int_equal(a.id[0], 0x55);
	assert_int_equal(a.id[19], 0x16);
	assert_string_equal(cbp_oid_tohex(&a, buf), P1);
	assert_int_equal(cbp_oid_fromhex(&b, P1), 0);
	assert_true(cbp_oid_equal(&a, &b));
	assert_int_equal(cbp_oid_fromhex(&b, P2), 0);
	assert_false(cbp_oid_equal(&a, &b));
	assert_int_equal(cbp_oid_fromhex(&b, "55039832f98c7e05f1cf9e0d8c12b2490abd0f1x"), -1);
	assert_int_equal(cbp_oid_fromhex(&b, "5503"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(root_commit),
		cmocka_unit_test(merge_keeps_parent_order),
		cmocka_unit_test(many_parents),
		cmocka_unit_test(bad_parent_lines_are_skipped),
		cmocka_unit_test(author_time_after_the_last_bracket),
		cmocka_unit_test(header_without_message),
		cmocka_unit_test(oid_hex_round_trip),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("commit", tests, NULL, NULL);
}
