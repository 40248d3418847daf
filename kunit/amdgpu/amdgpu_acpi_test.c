// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the guarded amdgpu ATIF/ATCS method calls.
 *
 * The firmware is played by a mock: amdgpu_acpi_evaluate() is redirected to
 * a function that records the arguments it was given and hands out one
 * scripted answer, allocated the way ACPICA allocates it (the object with
 * its data right behind it, so that KASAN sees a read past the end), and
 * amdgpu_acpi_free_object() to one that counts what is given back.
 */

#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/acpi.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <amd_acpi.h>

#include <drm_fixport/amdgpu_acpi.h>

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* Any function number will do; this one is not 0, the placeholder value. */
#define TEST_FUNCTION	0x12

enum answer_kind {
	ANSWER_NONE,
	ANSWER_BUFFER,
	ANSWER_INTEGER,
	ANSWER_STRING,
	ANSWER_PACKAGE,
};

/**
 * struct acpi_answer - what the mocked method does
 * @desc: the case name KUnit prints
 * @status: what acpi_evaluate_object() returns
 * @kind: the object it leaves in the output buffer, if any
 * @data: the bytes of an ANSWER_BUFFER
 * @len: how many bytes @data has
 * @accepted: whether the call must return the object
 */
struct acpi_answer {
	const char *desc;
	acpi_status status;
	enum answer_kind kind;
	const u8 *data;
	u32 len;
	bool accepted;
};

/**
 * struct acpi_mock - the mocked firmware and allocator of one test
 * @answer: what the next evaluation does
 * @calls: evaluations so far
 * @handle: the handle the last evaluation was given
 * @arg_count: its number of arguments
 * @args: a copy of its first two arguments
 * @out_preset: whether the output buffer asked ACPICA to allocate
 * @handed_out: the object the mock allocated, or NULL
 * @frees: how many times @handed_out was given back
 * @stray_frees: objects given back that the mock never handed out
 * @atif: an ATIF method whose handle is this structure
 * @atcs: an ATCS method whose handle is this structure
 */
struct acpi_mock {
	const struct acpi_answer *answer;
	unsigned int calls;
	acpi_handle handle;
	u32 arg_count;
	union acpi_object args[2];
	bool out_preset;
	union acpi_object *handed_out;
	unsigned int frees;
	unsigned int stray_frees;
	struct amdgpu_atif atif;
	struct amdgpu_atcs atcs;
};

static const char answer_string[] = "ATIF";

/*
 * Lay an answer out as ACPICA does for ACPI_ALLOCATE_BUFFER: one kmalloc()
 * holding the object and, right after it, what it points to.  The data is
 * at the very end of the allocation, so reading past it is a KASAN report.
 */
static union acpi_object *mock_alloc_answer(const struct acpi_answer *a,
					    size_t *size)
{
	union acpi_object *obj;
	size_t extra;

	switch (a->kind) {
	case ANSWER_NONE:
		return NULL;
	case ANSWER_BUFFER:
		extra = a->len;
		break;
	case ANSWER_STRING:
		extra = sizeof(answer_string);
		break;
	case ANSWER_PACKAGE:
		extra = 2 * sizeof(*obj);
		break;
	default:
		extra = 0;
		break;
	}

	*size = sizeof(*obj) + extra;
	obj = kzalloc(*size, GFP_KERNEL);
	if (!obj)
		return NULL;

	switch (a->kind) {
	case ANSWER_BUFFER:
		obj->buffer.type = ACPI_TYPE_BUFFER;
		obj->buffer.length = a->len;
		obj->buffer.pointer = (u8 *)(obj + 1);
		memcpy(obj->buffer.pointer, a->data, a->len);
		break;
	case ANSWER_INTEGER:
		obj->integer.type = ACPI_TYPE_INTEGER;
		obj->integer.value = 0x0c;
		break;
	case ANSWER_STRING:
		obj->string.type = ACPI_TYPE_STRING;
		obj->string.length = strlen(answer_string);
		obj->string.pointer = (char *)(obj + 1);
		memcpy(obj->string.pointer, answer_string,
		       sizeof(answer_string));
		break;
	case ANSWER_PACKAGE:
		/*
		 * Read as a buffer, two integers look like a two-byte
		 * buffer that reports one byte: only the type check can
		 * tell.
		 */
		obj->package.type = ACPI_TYPE_PACKAGE;
		obj->package.count = 2;
		obj->package.elements = obj + 1;
		obj->package.elements[0].integer.type = ACPI_TYPE_INTEGER;
		obj->package.elements[1].integer.type = ACPI_TYPE_INTEGER;
		break;
	default:
		break;
	}

	return obj;
}

static acpi_status mock_evaluate(acpi_handle handle,
				 struct acpi_object_list *args,
				 struct acpi_buffer *out)
{
	struct kunit *test = kunit_get_current_test();
	struct acpi_mock *mock = test->priv;
	union acpi_object *obj;
	size_t size = 0;

	mock->calls++;
	mock->handle = handle;
	mock->arg_count = args->count;
	memcpy(mock->args, args->pointer,
	       min_t(u32, args->count, ARRAY_SIZE(mock->args)) *
	       sizeof(mock->args[0]));
	mock->out_preset = out->length == ACPI_ALLOCATE_BUFFER && !out->pointer;

	/* One answer per test keeps the accounting exact. */
	KUNIT_ASSERT_NULL(test, mock->handed_out);

	obj = mock_alloc_answer(mock->answer, &size);
	KUNIT_ASSERT_TRUE(test, obj || mock->answer->kind == ANSWER_NONE);
	mock->handed_out = obj;
	out->pointer = obj;
	out->length = size;

	return mock->answer->status;
}

static void mock_free_object(union acpi_object *obj)
{
	struct acpi_mock *mock = kunit_get_current_test()->priv;

	/* Like kfree(NULL). */
	if (!obj)
		return;

	if (obj != mock->handed_out) {
		mock->stray_frees++;
		return;
	}

	/* Count a double free, but do not do it: the test reports it. */
	if (mock->frees++ == 0)
		kfree(obj);
}

static int acpi_mock_init(struct kunit *test)
{
	struct acpi_mock *mock;

	mock = kunit_kzalloc(test, sizeof(*mock), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, mock);

	mock->atif.handle = &mock->atif;
	mock->atcs.handle = &mock->atcs;
	test->priv = mock;

	kunit_activate_static_stub(test, amdgpu_acpi_evaluate, mock_evaluate);
	kunit_activate_static_stub(test, amdgpu_acpi_free_object,
				   mock_free_object);
	return 0;
}

/* An object the code under test neither returned nor freed: a leak. */
static void acpi_mock_exit(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;

	if (mock->handed_out && !mock->frees)
		kfree(mock->handed_out);
}

/*
 * The call's verdict on one answer: it returns the very object it was
 * handed, untouched, or NULL; and every object is freed exactly once,
 * by the call if it rejected it, by the test otherwise.
 */
static void expect_verdict(struct kunit *test, union acpi_object *ret)
{
	struct acpi_mock *mock = test->priv;
	const struct acpi_answer *a = mock->answer;

	KUNIT_EXPECT_EQ(test, mock->calls, 1);
	KUNIT_EXPECT_TRUE_MSG(test, mock->out_preset,
			      "output buffer not set up for ACPICA to allocate");

	if (a->accepted) {
		KUNIT_ASSERT_PTR_EQ(test, ret, mock->handed_out);
		/* Freed and still returned: do not touch it. */
		KUNIT_ASSERT_EQ(test, mock->frees, 0);
		KUNIT_EXPECT_EQ(test, ret->type, ACPI_TYPE_BUFFER);
		KUNIT_EXPECT_EQ(test, ret->buffer.length, a->len);
		KUNIT_EXPECT_MEMEQ(test, ret->buffer.pointer, a->data, a->len);
		amdgpu_acpi_free_object(ret);
	} else {
		KUNIT_EXPECT_NULL(test, ret);
		/* Returned after all: it is the test's to free. */
		if (ret && ret == mock->handed_out)
			amdgpu_acpi_free_object(ret);
	}

	KUNIT_EXPECT_EQ_MSG(test, mock->frees, mock->handed_out ? 1 : 0,
			    "the answer was freed %u times", mock->frees);
	KUNIT_EXPECT_EQ(test, mock->stray_frees, 0);
}

/* Size field 6, six bytes. */
static const u8 good_reply[] = { 0x06, 0x00, 0xa1, 0xa2, 0xa3, 0xa4 };
/* Size field 4, six bytes: trailing bytes are allowed. */
static const u8 long_reply[] = { 0x04, 0x00, 0xb1, 0xb2, 0xb3, 0xb4 };
/* Size field 8, four bytes. */
static const u8 short_reply[] = { 0x08, 0x00, 0xc1, 0xc2 };
/* Half a size field. */
static const u8 one_byte_reply[] = { 0x01 };

static const struct acpi_answer call_answers[] = {
	{ .desc = "success, good buffer", .status = AE_OK, .accepted = true,
	  .kind = ANSWER_BUFFER, .data = good_reply, .len = sizeof(good_reply) },
	{ .desc = "success, buffer longer than it reports", .status = AE_OK,
	  .accepted = true,
	  .kind = ANSWER_BUFFER, .data = long_reply, .len = sizeof(long_reply) },
	{ .desc = "AE_NOT_FOUND, no object", .status = AE_NOT_FOUND,
	  .kind = ANSWER_NONE },
	{ .desc = "AE_NOT_FOUND with a good buffer", .status = AE_NOT_FOUND,
	  .kind = ANSWER_BUFFER, .data = good_reply, .len = sizeof(good_reply) },
	{ .desc = "AE_AML_OPERAND_TYPE with a good buffer",
	  .status = AE_AML_OPERAND_TYPE,
	  .kind = ANSWER_BUFFER, .data = good_reply, .len = sizeof(good_reply) },
	{ .desc = "success, integer", .status = AE_OK, .kind = ANSWER_INTEGER },
	{ .desc = "success, string", .status = AE_OK, .kind = ANSWER_STRING },
	{ .desc = "success, package", .status = AE_OK, .kind = ANSWER_PACKAGE },
	{ .desc = "success, no object", .status = AE_OK, .kind = ANSWER_NONE },
	{ .desc = "success, one-byte buffer", .status = AE_OK,
	  .kind = ANSWER_BUFFER, .data = one_byte_reply,
	  .len = sizeof(one_byte_reply) },
	{ .desc = "success, buffer shorter than it reports", .status = AE_OK,
	  .kind = ANSWER_BUFFER, .data = short_reply, .len = sizeof(short_reply) },
};

KUNIT_ARRAY_PARAM_DESC(call_answers, call_answers, desc);

static void atif_call_answer(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;

	mock->answer = test->param_value;
	expect_verdict(test, amdgpu_atif_call(&mock->atif, TEST_FUNCTION,
					      NULL, 0));
}

static void atcs_call_answer(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;

	mock->answer = test->param_value;
	expect_verdict(test, amdgpu_atcs_call(&mock->atcs, TEST_FUNCTION,
					      NULL));
}

static void atif_call_rejects_reply_smaller_than_needed(struct kunit *test)
{
	static const struct acpi_answer a = {
		.desc = "success, buffer reports less than the caller reads",
		.status = AE_OK,
		.kind = ANSWER_BUFFER,
		.data = good_reply,
		.len = sizeof(good_reply),
	};
	struct acpi_mock *mock = test->priv;

	mock->answer = &a;
	expect_verdict(test, amdgpu_atif_call(&mock->atif, TEST_FUNCTION, NULL,
					      sizeof(good_reply) + 1));
}

static void atif_call_accepts_reply_of_exactly_needed_size(struct kunit *test)
{
	static const struct acpi_answer a = {
		.desc = "success, buffer reports what the caller reads",
		.status = AE_OK,
		.accepted = true,
		.kind = ANSWER_BUFFER,
		.data = good_reply,
		.len = sizeof(good_reply),
	};
	struct acpi_mock *mock = test->priv;

	mock->answer = &a;
	expect_verdict(test, amdgpu_atif_call(&mock->atif, TEST_FUNCTION, NULL,
					      sizeof(good_reply)));
}

/*
 * The arguments: the function number as an integer, then the parameter
 * buffer, or an integer 0 in its place.
 */
static void expect_args(struct kunit *test, acpi_handle handle,
			const struct acpi_buffer *params)
{
	struct acpi_mock *mock = test->priv;
	const union acpi_object *args = mock->args;

	KUNIT_EXPECT_PTR_EQ(test, mock->handle, handle);
	KUNIT_ASSERT_EQ(test, mock->arg_count, 2);
	KUNIT_EXPECT_EQ(test, args[0].type, ACPI_TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, args[0].integer.value, TEST_FUNCTION);
	if (params) {
		KUNIT_EXPECT_EQ(test, args[1].type, ACPI_TYPE_BUFFER);
		KUNIT_EXPECT_EQ(test, args[1].buffer.length, params->length);
		KUNIT_EXPECT_PTR_EQ(test, args[1].buffer.pointer,
				    (u8 *)params->pointer);
	} else {
		KUNIT_EXPECT_EQ(test, args[1].type, ACPI_TYPE_INTEGER);
		KUNIT_EXPECT_EQ(test, args[1].integer.value, 0);
	}
}

static const struct acpi_answer args_answer = {
	.desc = "success, good buffer",
	.status = AE_OK,
	.accepted = true,
	.kind = ANSWER_BUFFER,
	.data = good_reply,
	.len = sizeof(good_reply),
};

static void atif_call_args_without_params(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;

	mock->answer = &args_answer;
	expect_verdict(test, amdgpu_atif_call(&mock->atif, TEST_FUNCTION,
					      NULL, 0));
	expect_args(test, mock->atif.handle, NULL);
}

static void atif_call_args_with_params(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;
	u8 input[5] = { 0x05, 0x00, 0x01, 0x02, 0x03 };
	struct acpi_buffer params = { sizeof(input), input };

	mock->answer = &args_answer;
	expect_verdict(test, amdgpu_atif_call(&mock->atif, TEST_FUNCTION,
					      &params, 0));
	expect_args(test, mock->atif.handle, &params);
}

static void atcs_call_args_without_params(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;

	mock->answer = &args_answer;
	expect_verdict(test, amdgpu_atcs_call(&mock->atcs, TEST_FUNCTION,
					      NULL));
	expect_args(test, mock->atcs.handle, NULL);
}

static void atcs_call_args_with_params(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;
	u8 input[4] = { 0x04, 0x00, 0x0a, 0x0b };
	struct acpi_buffer params = { sizeof(input), input };

	mock->answer = &args_answer;
	expect_verdict(test, amdgpu_atcs_call(&mock->atcs, TEST_FUNCTION,
					      &params));
	expect_args(test, mock->atcs.handle, &params);
}

static struct kunit_case amdgpu_acpi_call_cases[] = {
	KUNIT_CASE_PARAM(atif_call_answer, call_answers_gen_params),
	KUNIT_CASE_PARAM(atcs_call_answer, call_answers_gen_params),
	KUNIT_CASE(atif_call_rejects_reply_smaller_than_needed),
	KUNIT_CASE(atif_call_accepts_reply_of_exactly_needed_size),
	KUNIT_CASE(atif_call_args_without_params),
	KUNIT_CASE(atif_call_args_with_params),
	KUNIT_CASE(atcs_call_args_without_params),
	KUNIT_CASE(atcs_call_args_with_params),
	{}
};

static struct kunit_suite amdgpu_acpi_call_suite = {
	.name = "amdgpu_acpi_call",
	.init = acpi_mock_init,
	.exit = acpi_mock_exit,
	.test_cases = amdgpu_acpi_call_cases,
};

/*
 * ATIF_FUNCTION_VERIFY_INTERFACE answers, little-endian: 16-bit size,
 * 16-bit version, 32-bit notification mask, 32-bit function bits.  The
 * masks are spelt out rather than built from amd_acpi.h, so that a wrong
 * bit there or in the parser shows: notifications 2, 7 and 12 (thermal
 * state, panel brightness, GPU package power limit); functions 0, 15 and
 * 20 (system parameters, backlight transfer characteristics, external GPU
 * information).
 */
static const u8 verify_reply[] = {
	0x0c, 0x00, 0x01, 0x00,
	0x84, 0x10, 0x00, 0x00,
	0x01, 0x80, 0x10, 0x00,
};

/* A newer BIOS may answer with more than this driver knows about. */
static const u8 verify_reply_long[] = {
	0x10, 0x00, 0x02, 0x00,
	0x84, 0x10, 0x00, 0x00,
	0x01, 0x80, 0x10, 0x00,
	0xff, 0xff, 0xff, 0xff,
};

/* Too short to hold the function bits, and honest about it. */
static const u8 verify_reply_no_functions[] = {
	0x08, 0x00, 0x01, 0x00,
	0x84, 0x10, 0x00, 0x00,
};

/* Claims the whole structure, delivers half of it. */
static const u8 verify_reply_truncated[] = {
	0x0c, 0x00, 0x01, 0x00,
	0x84, 0x10,
};

static const struct acpi_answer verify_answers[] = {
	{ .desc = "success, 12-byte reply", .status = AE_OK, .accepted = true,
	  .kind = ANSWER_BUFFER, .data = verify_reply,
	  .len = sizeof(verify_reply) },
	{ .desc = "success, 16-byte reply from a newer BIOS", .status = AE_OK,
	  .accepted = true,
	  .kind = ANSWER_BUFFER, .data = verify_reply_long,
	  .len = sizeof(verify_reply_long) },
	{ .desc = "AE_NOT_FOUND, no object", .status = AE_NOT_FOUND,
	  .kind = ANSWER_NONE },
	{ .desc = "AE_NOT_FOUND with a good reply", .status = AE_NOT_FOUND,
	  .kind = ANSWER_BUFFER, .data = verify_reply,
	  .len = sizeof(verify_reply) },
	{ .desc = "success, integer", .status = AE_OK, .kind = ANSWER_INTEGER },
	{ .desc = "success, no object", .status = AE_OK, .kind = ANSWER_NONE },
	{ .desc = "success, reply without the function bits", .status = AE_OK,
	  .kind = ANSWER_BUFFER, .data = verify_reply_no_functions,
	  .len = sizeof(verify_reply_no_functions) },
	{ .desc = "success, reply shorter than it reports", .status = AE_OK,
	  .kind = ANSWER_BUFFER, .data = verify_reply_truncated,
	  .len = sizeof(verify_reply_truncated) },
};

KUNIT_ARRAY_PARAM_DESC(verify_answers, verify_answers, desc);

static void atif_verify_interface_answer(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;
	const struct acpi_answer *a = test->param_value;
	struct amdgpu_atif_notifications *n = &mock->atif.notifications;
	struct amdgpu_atif_functions *f = &mock->atif.functions;
	struct amdgpu_atif_notifications all_notified;
	struct amdgpu_atif_functions all_supported;
	int ret;

	/*
	 * Start from "everything supported": a failure must leave it so,
	 * and a success must clear what the BIOS does not report.
	 */
	memset(&all_notified, true, sizeof(all_notified));
	memset(&all_supported, true, sizeof(all_supported));
	*n = all_notified;
	*f = all_supported;

	mock->answer = a;
	ret = amdgpu_atif_verify_interface(&mock->atif);

	KUNIT_EXPECT_EQ(test, mock->calls, 1);
	KUNIT_EXPECT_EQ(test, mock->args[0].type, ACPI_TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, mock->args[0].integer.value,
			ATIF_FUNCTION_VERIFY_INTERFACE);
	KUNIT_EXPECT_EQ(test, mock->args[1].type, ACPI_TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, mock->args[1].integer.value, 0);
	KUNIT_EXPECT_EQ_MSG(test, mock->frees, mock->handed_out ? 1 : 0,
			    "the answer was freed %u times", mock->frees);
	KUNIT_EXPECT_EQ(test, mock->stray_frees, 0);

	if (!a->accepted) {
		KUNIT_EXPECT_EQ(test, ret, -EIO);
		KUNIT_EXPECT_MEMEQ(test, n, &all_notified, sizeof(*n));
		KUNIT_EXPECT_MEMEQ(test, f, &all_supported, sizeof(*f));
		return;
	}

	KUNIT_EXPECT_EQ(test, ret, 0);

	KUNIT_EXPECT_TRUE(test, n->thermal_state);
	KUNIT_EXPECT_FALSE(test, n->forced_power_state);
	KUNIT_EXPECT_FALSE(test, n->system_power_state);
	KUNIT_EXPECT_TRUE(test, n->brightness_change);
	KUNIT_EXPECT_FALSE(test, n->dgpu_display_event);
	KUNIT_EXPECT_TRUE(test, n->gpu_package_power_limit);

	KUNIT_EXPECT_TRUE(test, f->system_params);
	KUNIT_EXPECT_FALSE(test, f->sbios_requests);
	KUNIT_EXPECT_FALSE(test, f->temperature_change);
	KUNIT_EXPECT_TRUE(test, f->query_backlight_transfer_characteristics);
	KUNIT_EXPECT_FALSE(test, f->ready_to_undock);
	KUNIT_EXPECT_TRUE(test, f->external_gpu_information);
}

static struct kunit_case amdgpu_atif_verify_interface_cases[] = {
	KUNIT_CASE_PARAM(atif_verify_interface_answer,
			 verify_answers_gen_params),
	{}
};

static struct kunit_suite amdgpu_atif_verify_interface_suite = {
	.name = "amdgpu_atif_verify_interface",
	.init = acpi_mock_init,
	.exit = acpi_mock_exit,
	.test_cases = amdgpu_atif_verify_interface_cases,
};

kunit_test_suites(&amdgpu_acpi_call_suite,
		  &amdgpu_atif_verify_interface_suite);

MODULE_DESCRIPTION("KUnit tests for the amdgpu ATIF/ATCS ACPI calls");
MODULE_LICENSE("GPL");
