// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of a 6.12.y tree's own ATIF/ATCS calls (amdgpu_acpi.c) to
 * the two ATIF fixes: the ATIF call fails cleanly on every evaluation
 * failure, AE_NOT_FOUND included (a6dd15981c03), and never trusts what
 * the BIOS handed back: a non-buffer object, a buffer too short for its
 * size field, a size field larger than the buffer or smaller than the
 * caller needs (c9b7c809b89f and its follow-ups).  acpi_evaluate_object()
 * is scripted (amdgpu_acpi_subject.c); the run has KASAN, so a read past
 * what the script handed back fails it even when the answer looks right.
 *
 * Status codes and object types are ACPICA's, written out here: exception
 * class in bits 15:12 (0 environment, 1 programmer, 3 AML), the code below.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include "amdgpu_acpi_subject.h"

#define ST_OK			0x0000u
#define ST_ERROR		0x0001u
#define ST_NO_MEMORY		0x0004u
#define ST_NOT_FOUND		0x0005u
#define ST_NOT_EXIST		0x0006u
#define ST_TYPE			0x0008u
#define ST_TIME			0x0011u
#define ST_BAD_PARAMETER	0x1001u
#define ST_AML_NO_RETURN_VALUE	0x3012u

#define TYPE_INTEGER		1
#define TYPE_BUFFER		3

/* ATIF function 0 is VERIFY_INTERFACE; 12 bytes answer it in full. */
#define ATIF_VERIFY		0
#define ATIF_VERIFY_SIZE	12

/*
 * A full VERIFY_INTERFACE answer: size 12, version 1, notifications
 * thermal (bit 2), brightness (bit 7), power limit (bit 12); functions
 * system parameters (bit 0), QBTC (bit 15), external GPU (bit 20).
 */
static const u8 verify_answer[ATIF_VERIFY_SIZE] = {
	12, 0, 1, 0,
	0x84, 0x10, 0x00, 0x00,
	0x01, 0x80, 0x10, 0x00,
};

/* As the subject reports them: field i of the 6.12 structures, bit i. */
#define NOTIFY_PARSED		(BIT(0) | BIT(3) | BIT(5))
#define FUNCS_PARSED		(BIT(0) | BIT(3) | BIT(5))

/* An ATCS VERIFY_INTERFACE answer: size 8, version 1, PCIe perf request (bit 1). */
static const u8 atcs_answer[8] = { 8, 0, 1, 0, 0x02, 0, 0, 0 };

/**
 * struct status_case - an evaluation that failed
 * @name: the status's name
 * @status: its code
 * @object: what came back with it
 */
struct status_case {
	const char *name;
	u32 status;
	enum acpi_script_object object;
};

/*
 * Each failure both without an object and with a well-formed answer: a
 * failed evaluation must be refused whatever came back with it.
 */
static const struct status_case status_cases[] = {
	{ "AE_NOT_FOUND, no object", ST_NOT_FOUND, SCRIPT_NO_OBJECT },
	{ "AE_NOT_FOUND, with an answer", ST_NOT_FOUND, SCRIPT_BUFFER },
	{ "AE_ERROR, no object", ST_ERROR, SCRIPT_NO_OBJECT },
	{ "AE_NO_MEMORY, with an answer", ST_NO_MEMORY, SCRIPT_BUFFER },
	{ "AE_NOT_EXIST, no object", ST_NOT_EXIST, SCRIPT_NO_OBJECT },
	{ "AE_TYPE, with an answer", ST_TYPE, SCRIPT_BUFFER },
	{ "AE_TIME, no object", ST_TIME, SCRIPT_NO_OBJECT },
	{ "AE_BAD_PARAMETER, with an answer", ST_BAD_PARAMETER, SCRIPT_BUFFER },
	{ "AE_AML_NO_RETURN_VALUE, no object", ST_AML_NO_RETURN_VALUE, SCRIPT_NO_OBJECT },
};

static void status_desc(const struct status_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(status, status_cases, status_desc);

static void conf_atif_call_failure(struct kunit *test)
{
	const struct status_case *c = test->param_value;
	const struct acpi_script s = {
		.status = c->status, .object = c->object,
		.data = verify_answer, .len = sizeof(verify_answer),
	};
	struct acpi_call_record rec;
	struct acpi_call_answer ans;
	u32 notify, funcs;

	atif_subject_call(test, &s, ATIF_VERIFY, false, ATIF_VERIFY_SIZE, &rec, &ans);
	KUNIT_EXPECT_EQ(test, rec.calls, 1);
	KUNIT_EXPECT_FALSE_MSG(test, ans.got, "a failed evaluation's object was returned");

	KUNIT_EXPECT_EQ(test, atif_subject_verify_interface(test, &s, &rec, &notify, &funcs),
			-EIO);
	KUNIT_EXPECT_EQ(test, notify, 0);
	KUNIT_EXPECT_EQ(test, funcs, 0);
}

/**
 * struct object_case - a successful evaluation's answer
 * @name: what it is
 * @object: the object
 * @data: its bytes
 * @len: their number
 * @got: the ATIF call must return it (a 12-byte minimum asked for)
 */
struct object_case {
	const char *name;
	enum acpi_script_object object;
	const u8 *data;
	u32 len;
	bool got;
};

static const u8 size_only_2[2] = { 2, 0 };
static const u8 size_13_in_12[12] = { 13, 0, 1, 0 };
static const u8 size_11_in_12[12] = { 11, 0, 1, 0 };
static const u8 size_12_in_16[16] = { 12, 0, 1, 0 };
static const u8 size_0_in_12[12] = { 0, 0, 1, 0 };

/*
 * Non-buffer objects whose bytes, read as a buffer object, would pass
 * every size check: only the type check can refuse them.  Then buffers
 * around each size bound.
 */
static const struct object_case object_cases[] = {
	{ "integer posing as a full answer", SCRIPT_INTEGER, verify_answer, 12, false },
	{ "string posing as a full answer", SCRIPT_STRING, verify_answer, 12, false },
	{ "package posing as a full answer", SCRIPT_PACKAGE, verify_answer, 12, false },
	{ "empty buffer", SCRIPT_BUFFER, NULL, 0, false },
	{ "one-byte buffer", SCRIPT_BUFFER, verify_answer, 1, false },
	{ "size field alone, 2", SCRIPT_BUFFER, size_only_2, 2, false },
	{ "size 13 in 12 bytes", SCRIPT_BUFFER, size_13_in_12, 12, false },
	{ "size 11 in 12 bytes, 12 needed", SCRIPT_BUFFER, size_11_in_12, 12, false },
	{ "size 0 in 12 bytes", SCRIPT_BUFFER, size_0_in_12, 12, false },
	{ "size 12 in 12 bytes", SCRIPT_BUFFER, verify_answer, 12, true },
	{ "size 12 in 16 bytes", SCRIPT_BUFFER, size_12_in_16, 16, true },
};

static void object_desc(const struct object_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(object, object_cases, object_desc);

/*
 * Finding "atif-call-no-size-checks": a tree whose amdgpu_atif_call()
 * takes no minimum size (6.12.107) returns any buffer, whatever its size
 * field says.  There, and only there, a buffer the size checks refuse is
 * expected back whole, as before those checks; a case that passes that
 * way is skipped with the finding as its reason.  The type check and
 * the failed evaluations are judged as on any tree.
 */
#define FINDING_NO_SIZE	"finding atif-call-no-size-checks: the tree's amdgpu_atif_call() takes no minimum size and returns the buffer unchecked"

static void conf_atif_call_answer(struct kunit *test)
{
	const struct object_case *c = test->param_value;
	const struct acpi_script s = {
		.status = ST_OK, .object = c->object, .data = c->data, .len = c->len,
	};
	bool pre_fix = !c->got && c->object == SCRIPT_BUFFER &&
		!atif_subject_checks_size();
	struct acpi_call_record rec;
	struct acpi_call_answer ans;

	atif_subject_call(test, &s, ATIF_VERIFY, false, ATIF_VERIFY_SIZE, &rec, &ans);
	KUNIT_EXPECT_EQ(test, rec.calls, 1);
	KUNIT_EXPECT_EQ(test, ans.got, c->got || pre_fix);
	if (ans.got && (c->got || pre_fix)) {
		KUNIT_EXPECT_EQ(test, ans.type, TYPE_BUFFER);
		KUNIT_EXPECT_EQ(test, ans.len, c->len);
	}
	if (pre_fix && test->status == KUNIT_SUCCESS)
		kunit_mark_skipped(test, FINDING_NO_SIZE);
}

/*
 * The call passes two arguments: the function number as an integer, then
 * the parameter buffer, or an integer 0 where there is none.
 */
static void conf_atif_call_arguments(struct kunit *test)
{
	const struct acpi_script s = {
		.status = ST_OK, .object = SCRIPT_BUFFER,
		.data = verify_answer, .len = sizeof(verify_answer),
	};
	struct acpi_call_record rec;
	struct acpi_call_answer ans;

	atif_subject_call(test, &s, 0x13, false, 2, &rec, &ans);
	KUNIT_EXPECT_TRUE(test, ans.got);
	KUNIT_EXPECT_EQ(test, rec.argc, 2);
	KUNIT_EXPECT_EQ(test, rec.arg_type[0], TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, rec.arg_value[0], 0x13);
	KUNIT_EXPECT_EQ(test, rec.arg_type[1], TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, rec.arg_value[1], 0);

	atif_subject_call(test, &s, 0x13, true, 2, &rec, &ans);
	KUNIT_EXPECT_TRUE(test, ans.got);
	KUNIT_EXPECT_EQ(test, rec.arg_type[1], TYPE_BUFFER);
	KUNIT_EXPECT_EQ(test, rec.arg_len, 4);
}

/* A full answer: the masks parsed into their flags, nothing else set. */
static void conf_atif_verify_interface(struct kunit *test)
{
	const struct acpi_script s = {
		.status = ST_OK, .object = SCRIPT_BUFFER,
		.data = verify_answer, .len = sizeof(verify_answer),
	};
	struct acpi_call_record rec;
	u32 notify, funcs;

	KUNIT_EXPECT_EQ(test, atif_subject_verify_interface(test, &s, &rec, &notify, &funcs), 0);
	KUNIT_EXPECT_EQ(test, rec.arg_value[0], ATIF_VERIFY);
	KUNIT_EXPECT_EQ(test, notify, NOTIFY_PARSED);
	KUNIT_EXPECT_EQ(test, funcs, FUNCS_PARSED);
}

/*
 * ATCS: a full answer parses; a missing method (AE_NOT_FOUND) and a
 * failed one are errors, never an object read.
 */
static void conf_atcs_verify_interface(struct kunit *test)
{
	struct acpi_script s = {
		.status = ST_OK, .object = SCRIPT_BUFFER,
		.data = atcs_answer, .len = sizeof(atcs_answer),
	};
	struct acpi_call_record rec;
	u32 funcs;

	KUNIT_EXPECT_EQ(test, atcs_subject_verify_interface(test, &s, &rec, &funcs), 0);
	KUNIT_EXPECT_EQ(test, funcs, BIT(1));

	s.status = ST_NOT_FOUND;
	s.object = SCRIPT_NO_OBJECT;
	KUNIT_EXPECT_EQ(test, atcs_subject_verify_interface(test, &s, &rec, &funcs), -EIO);
	KUNIT_EXPECT_EQ(test, funcs, 0);

	s.status = ST_ERROR;
	KUNIT_EXPECT_EQ(test, atcs_subject_verify_interface(test, &s, &rec, &funcs), -EIO);
	KUNIT_EXPECT_EQ(test, funcs, 0);
}

static struct kunit_case amdgpu_acpi_conformance_cases[] = {
	KUNIT_CASE_PARAM(conf_atif_call_failure, status_gen_params),
	KUNIT_CASE_PARAM(conf_atif_call_answer, object_gen_params),
	KUNIT_CASE(conf_atif_call_arguments),
	KUNIT_CASE(conf_atif_verify_interface),
	KUNIT_CASE(conf_atcs_verify_interface),
	{}
};

static struct kunit_suite amdgpu_acpi_conformance_suite = {
	.name = "amdgpu_acpi_conformance",
	.test_cases = amdgpu_acpi_conformance_cases,
};

kunit_test_suite(amdgpu_acpi_conformance_suite);

MODULE_DESCRIPTION("Conformance of a 6.12.y tree's ATIF and ATCS calls");
MODULE_LICENSE("GPL");
