// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the guarded amdgpu ATIF/ATCS method calls.
 *
 * The firmware is played by a mock: amdgpu_acpi_evaluate() is redirected to
 * a function that records the arguments it was given and hands out one
 * scripted answer, allocated the way ACPICA allocates it (the object with
 * its data right behind it, so that KASAN sees a read past the end), and
 * amdgpu_acpi_free_object() to one that counts what is given back.
 *
 * What each function must answer with comes from the literals of
 * amdgpu_acpi_test_functions.h, checked against the tree's amd_acpi.h at
 * build time, never from the code under test.
 */

#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/acpi.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm_fixport/amdgpu_acpi.h>

#include "amdgpu_acpi_test_functions.h"

/* The largest answer a case builds: 260 bytes and a few to spare. */
#define ANSWER_MAX	272

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
 * @data: the answer's bytes, laid out as a buffer whatever @kind says
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
 * @built: room for an answer a case builds
 * @built_answer: the answer a case built
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
	u8 built[ANSWER_MAX];
	struct acpi_answer built_answer;
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
	case ANSWER_STRING:
		extra = a->len + 1;
		break;
	default:
		extra = a->len;
		break;
	}

	*size = sizeof(*obj) + extra;
	obj = kzalloc(*size, GFP_KERNEL);
	if (!obj)
		return NULL;

	/*
	 * Every kind holds the answer's bytes laid out as a buffer object
	 * would: the length where a buffer keeps it, the pointer where a
	 * buffer keeps it.  Read as a buffer, an integer (its value), a
	 * string or a package (its count and elements) would then pass
	 * every size check: only the type check can refuse it.
	 */
	obj->buffer.length = a->len;
	obj->buffer.pointer = (u8 *)(obj + 1);
	memcpy(obj->buffer.pointer, a->data, a->len);
	switch (a->kind) {
	case ANSWER_INTEGER:
		obj->type = ACPI_TYPE_INTEGER;
		break;
	case ANSWER_STRING:
		obj->type = ACPI_TYPE_STRING;
		break;
	case ANSWER_PACKAGE:
		obj->type = ACPI_TYPE_PACKAGE;
		break;
	default:
		obj->type = ACPI_TYPE_BUFFER;
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
 * What a caller passes for the answer: a pointer the call must overwrite,
 * with NULL on failure.  It is never dereferenced.
 */
static union acpi_object answer_poison_obj;
#define ANSWER_POISON	(&answer_poison_obj)

/*
 * The caller-visible result of one call: its return value; the very
 * object handed out, untouched, when @want_object, NULL otherwise; and
 * every object freed exactly once, by the call when it kept nothing, by
 * the test when it returned one.
 */
static void expect_result(struct kunit *test, int ret, union acpi_object *got,
			  int want_ret, bool want_object)
{
	struct acpi_mock *mock = test->priv;
	const struct acpi_answer *a = mock->answer;

	KUNIT_EXPECT_EQ(test, mock->calls, 1);
	KUNIT_EXPECT_TRUE_MSG(test, mock->out_preset,
			      "output buffer not set up for ACPICA to allocate");
	KUNIT_EXPECT_EQ(test, ret, want_ret);

	if (want_object) {
		KUNIT_ASSERT_NOT_NULL(test, got);
		KUNIT_ASSERT_PTR_EQ(test, got, mock->handed_out);
		/* Freed and still returned: do not touch it. */
		KUNIT_ASSERT_EQ(test, mock->frees, 0);
		KUNIT_EXPECT_EQ(test, got->type, ACPI_TYPE_BUFFER);
		KUNIT_EXPECT_EQ(test, got->buffer.length, a->len);
		KUNIT_EXPECT_MEMEQ(test, got->buffer.pointer, a->data, a->len);
		amdgpu_acpi_free_object(got);
	} else {
		KUNIT_EXPECT_NULL(test, got);
		/* Returned after all: it is the test's to free. */
		if (got && got == mock->handed_out)
			amdgpu_acpi_free_object(got);
	}

	KUNIT_EXPECT_EQ_MSG(test, mock->frees, mock->handed_out ? 1 : 0,
			    "the answer was freed %u times", mock->frees);
	KUNIT_EXPECT_EQ(test, mock->stray_frees, 0);
}

/* ---- every function the header defines x every kind of answer ---- */

/**
 * struct test_function - one function and what it must answer with
 * @atcs: an ATCS function (ATIF otherwise)
 * @function: its number
 * @output: TEST_OUT_NONE, TEST_OUT_SIZED or TEST_OUT_LIST
 * @min_size: SIZED: the size callers read; LIST: its header
 * @min_entry: LIST: the size of one entry callers read
 * @name: its name in amd_acpi.h, without the prefix
 */
struct test_function {
	bool atcs;
	int function;
	int output;
	u16 min_size;
	u16 min_entry;
	const char *name;
};

static const struct test_function test_functions[] = {
	{ false, TEST_ATIF_VERIFY_INTERFACE,
	  TEST_OUT_SIZED,
	  TEST_ATIF_VERIFY_INTERFACE_SIZE, 0, "VERIFY_INTERFACE" },
	{ false, TEST_ATIF_GET_SYSTEM_PARAMETERS,
	  TEST_OUT_SIZED,
	  TEST_ATIF_GET_SYSTEM_PARAMETERS_SIZE, 0, "GET_SYSTEM_PARAMETERS" },
	{ false, TEST_ATIF_GET_SYSTEM_BIOS_REQUESTS,
	  TEST_OUT_SIZED,
	  TEST_ATIF_GET_SYSTEM_BIOS_REQUESTS_SIZE, 0,
	  "GET_SYSTEM_BIOS_REQUESTS" },
	{ false, TEST_ATIF_TEMPERATURE_CHANGE_NOTIFICATION, TEST_OUT_NONE, 0, 0,
	  "TEMPERATURE_CHANGE_NOTIFICATION" },
	{ false, TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS,
	  TEST_OUT_SIZED,
	  TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS_SIZE, 0,
	  "QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS" },
	{ false, TEST_ATIF_READY_TO_UNDOCK_NOTIFICATION, TEST_OUT_NONE, 0, 0,
	  "READY_TO_UNDOCK_NOTIFICATION" },
	{ false, TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION, TEST_OUT_LIST,
	  TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION_HEADER,
	  TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION_ENTRY,
	  "GET_EXTERNAL_GPU_INFORMATION" },
	{ true, TEST_ATCS_VERIFY_INTERFACE,
	  TEST_OUT_SIZED,
	  TEST_ATCS_VERIFY_INTERFACE_SIZE, 0, "VERIFY_INTERFACE" },
	{ true, TEST_ATCS_GET_EXTERNAL_STATE,
	  TEST_OUT_SIZED,
	  TEST_ATCS_GET_EXTERNAL_STATE_SIZE, 0, "GET_EXTERNAL_STATE" },
	{ true, TEST_ATCS_PCIE_PERFORMANCE_REQUEST,
	  TEST_OUT_SIZED,
	  TEST_ATCS_PCIE_PERFORMANCE_REQUEST_SIZE, 0,
	  "PCIE_PERFORMANCE_REQUEST" },
	{ true, TEST_ATCS_PCIE_DEVICE_READY_NOTIFICATION, TEST_OUT_NONE, 0, 0,
	  "PCIE_DEVICE_READY_NOTIFICATION" },
	{ true, TEST_ATCS_SET_PCIE_BUS_WIDTH,
	  TEST_OUT_SIZED,
	  TEST_ATCS_SET_PCIE_BUS_WIDTH_SIZE, 0, "SET_PCIE_BUS_WIDTH" },
	{ true, TEST_ATCS_POWER_SHIFT_CONTROL, TEST_OUT_NONE, 0, 0,
	  "POWER_SHIFT_CONTROL" },
};

/* The shapes of buffer answer, each built for the function at hand. */
enum answer_shape {
	SHAPE_EXACT,		/* exactly what callers read */
	SHAPE_LONGER,		/* three more bytes than it reports */
	SHAPE_LARGE,		/* 260 bytes: the size word's high byte counts */
	SHAPE_BELOW_MIN,	/* honest, one byte less than callers read */
	SHAPE_SHORT,		/* one byte shorter than it reports */
	SHAPE_HEADER_ONLY,	/* a size word only; a LIST of no entries */
	SHAPE_ONE_BYTE,		/* half a size word */
	SHAPE_EMPTY,		/* no bytes at all */
	/* Long enough, reports less than callers read; a LIST of no entries, each too small. */
	SHAPE_REPORTS_BELOW_MIN,
	/* Reports 0xffff; a LIST whose count x entry size reaches 65536. */
	SHAPE_LIST_HUGE,
};

/**
 * struct test_outcome - one kind of firmware answer and its verdicts
 * @desc: what KUnit prints
 * @status: the evaluation's status
 * @kind: the object it leaves
 * @shape: how the bytes are built (every kind but ANSWER_NONE holds them)
 * @sized_ok: a function with a sized answer must accept it
 * @list_ok: a function with a list answer must accept it
 * @none_ok: a function that answers nothing must succeed on it
 */
struct test_outcome {
	const char *desc;
	acpi_status status;
	enum answer_kind kind;
	enum answer_shape shape;
	bool sized_ok;
	bool list_ok;
	bool none_ok;
};

static const struct test_outcome test_outcomes[] = {
	{ "exactly what callers read", AE_OK, ANSWER_BUFFER, SHAPE_EXACT,
	  true, true, true },
	{ "longer than it reports", AE_OK, ANSWER_BUFFER, SHAPE_LONGER,
	  true, true, true },
	{ "260 bytes", AE_OK, ANSWER_BUFFER, SHAPE_LARGE, true, true, true },
	{ "one byte less than callers read", AE_OK, ANSWER_BUFFER,
	  SHAPE_BELOW_MIN, false, false, true },
	{ "one byte shorter than it reports", AE_OK, ANSWER_BUFFER,
	  SHAPE_SHORT, false, false, true },
	{ "only its header", AE_OK, ANSWER_BUFFER, SHAPE_HEADER_ONLY,
	  false, true, true },
	{ "one-byte buffer", AE_OK, ANSWER_BUFFER, SHAPE_ONE_BYTE,
	  false, false, true },
	{ "empty buffer", AE_OK, ANSWER_BUFFER, SHAPE_EMPTY,
	  false, false, true },
	/* An empty list reads no entry: its entry size does not matter. */
	{ "long enough, reports too little", AE_OK, ANSWER_BUFFER,
	  SHAPE_REPORTS_BELOW_MIN, false, true, true },
	{ "reports 64 KiB", AE_OK, ANSWER_BUFFER, SHAPE_LIST_HUGE,
	  false, false, true },
	{ "integer", AE_OK, ANSWER_INTEGER, SHAPE_EXACT,
	  false, false, true },
	{ "string holding a good answer", AE_OK, ANSWER_STRING, SHAPE_EXACT,
	  false, false, true },
	{ "package", AE_OK, ANSWER_PACKAGE, SHAPE_EXACT,
	  false, false, true },
	/* 6.12's callers fail on no object: so does the port, every function. */
	{ "no object", AE_OK, ANSWER_NONE, 0, false, false, false },
	{ "AE_NOT_FOUND, no object", AE_NOT_FOUND, ANSWER_NONE, 0,
	  false, false, false },
	{ "AE_NOT_FOUND with a good answer", AE_NOT_FOUND, ANSWER_BUFFER,
	  SHAPE_EXACT, false, false, false },
	{ "AE_AML_OPERAND_TYPE with a good answer", AE_AML_OPERAND_TYPE,
	  ANSWER_BUFFER, SHAPE_EXACT, false, false, false },
};

#define N_OUTCOMES	ARRAY_SIZE(test_outcomes)
/* A good answer for any function. */
#define OUTCOME_GOOD	(&test_outcomes[0])

static void put_le16(u8 *p, u16 v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8;
}

/*
 * Build the bytes of @shape for @fn into @buf; returns the length.  A
 * SIZED answer leads with its size word; a LIST with its entry count and
 * entry size; a function without output gets a small sized answer.
 */
static u32 build_answer(const struct test_function *fn,
			enum answer_shape shape, u8 *buf)
{
	u16 min = fn->output == TEST_OUT_NONE ? 3 : fn->min_size;
	u16 entry = fn->min_entry;
	u16 count = 1, reported, len;
	u32 i;

	for (i = 0; i < ANSWER_MAX; i++)
		buf[i] = 0xa0 + i;

	if (fn->output == TEST_OUT_LIST) {
		switch (shape) {
		case SHAPE_EXACT:
			len = min + entry;
			break;
		case SHAPE_LONGER:
			len = min + entry + 3;
			break;
		case SHAPE_LARGE:
			count = (260 - min) / entry;
			len = 260;
			break;
		case SHAPE_BELOW_MIN:
			entry--;
			len = min + entry;
			break;
		case SHAPE_SHORT:
			count = 2;
			len = min + 2 * entry - 1;
			break;
		case SHAPE_HEADER_ONLY:
			count = 0;
			len = min;
			break;
		case SHAPE_REPORTS_BELOW_MIN:
			count = 0;
			entry--;
			len = min;
			break;
		case SHAPE_LIST_HUGE:
			/* Callers would read count x entry bytes. */
			count = DIV_ROUND_UP(65536, entry);
			len = min + entry;
			break;
		case SHAPE_ONE_BYTE:
			return 1;
		default:
			return 0;
		}
		put_le16(buf, count);
		put_le16(buf + 2, entry);
		return len;
	}

	switch (shape) {
	case SHAPE_EXACT:
		len = min;
		break;
	case SHAPE_LONGER:
		len = min + 3;
		break;
	case SHAPE_LARGE:
		len = 260;
		break;
	case SHAPE_BELOW_MIN:
		len = min - 1;
		break;
	case SHAPE_SHORT:
		len = min - 1;
		break;
	case SHAPE_HEADER_ONLY:
		len = 2;
		break;
	case SHAPE_REPORTS_BELOW_MIN:
	case SHAPE_LIST_HUGE:
		len = min + 3;
		break;
	case SHAPE_ONE_BYTE:
		return 1;
	default:
		return 0;
	}
	switch (shape) {
	case SHAPE_LONGER:
	case SHAPE_SHORT:
		reported = min;
		break;
	case SHAPE_REPORTS_BELOW_MIN:
		reported = min - 1;
		break;
	case SHAPE_LIST_HUGE:
		reported = 0xffff;
		break;
	default:
		reported = len;
		break;
	}
	put_le16(buf, reported);
	return len;
}

/* The parameters are indices into function x outcome. */
static const u8 contract_matrix[ARRAY_SIZE(test_functions) * N_OUTCOMES];

static void contract_case_of(const void *param, const struct test_function **fn,
			     const struct test_outcome **o)
{
	unsigned int i = (const u8 *)param - contract_matrix;

	*fn = &test_functions[i / N_OUTCOMES];
	*o = &test_outcomes[i % N_OUTCOMES];
}

static const void *contract_gen_params(const void *prev, char *desc)
{
	const u8 *next = prev ? (const u8 *)prev + 1 : contract_matrix;
	const struct test_function *fn;
	const struct test_outcome *o;

	if (next >= contract_matrix + ARRAY_SIZE(contract_matrix))
		return NULL;

	contract_case_of(next, &fn, &o);
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s 0x%02x %s: %s",
		 fn->atcs ? "ATCS" : "ATIF", fn->function, fn->name, o->desc);
	return next;
}

/* Script the mock to answer @fn with @o. */
static void mock_answer(struct acpi_mock *mock, const struct test_function *fn,
			const struct test_outcome *o)
{
	mock->built_answer = (struct acpi_answer){
		.desc = o->desc,
		.status = o->status,
		.kind = o->kind,
		.data = mock->built,
	};
	if (o->kind != ANSWER_NONE)
		mock->built_answer.len = build_answer(fn, o->shape, mock->built);
	mock->answer = &mock->built_answer;
}

static int call_function(struct acpi_mock *mock, const struct test_function *fn,
			 struct acpi_buffer *params, union acpi_object **got)
{
	if (fn->atcs)
		return amdgpu_atcs_call(&mock->atcs, fn->function, params, got);
	return amdgpu_atif_call(&mock->atif, fn->function, params, got);
}

/* Whether @fn must accept the answer @o, by the shape of what it answers. */
static bool contract_verdict(const struct test_function *fn,
			     const struct test_outcome *o)
{
	switch (fn->output) {
	case TEST_OUT_SIZED:
		return o->sized_ok;
	case TEST_OUT_LIST:
		return o->list_ok;
	default:
		return o->none_ok;
	}
}

/*
 * The verdict on one answer to one function: a function whose answer is
 * read gets it back only when it holds all that callers read; a function
 * defined to answer nothing succeeds on any successful evaluation that
 * left an object, and that object is freed by the call.
 */
static void acpi_contract_answer(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;
	const struct test_function *fn;
	const struct test_outcome *o;
	union acpi_object *got = ANSWER_POISON;
	bool ok;
	int ret;

	contract_case_of(test->param_value, &fn, &o);
	ok = contract_verdict(fn, o);

	mock_answer(mock, fn, o);
	ret = call_function(mock, fn, NULL, &got);

	expect_result(test, ret, got, ok ? 0 : -EIO,
		      ok && fn->output != TEST_OUT_NONE);
	KUNIT_EXPECT_PTR_EQ(test, mock->handle,
			    fn->atcs ? mock->atcs.handle : mock->atif.handle);
	KUNIT_ASSERT_EQ(test, mock->arg_count, 2);
	KUNIT_EXPECT_EQ(test, mock->args[0].type, ACPI_TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, mock->args[0].integer.value, fn->function);
	KUNIT_EXPECT_EQ(test, mock->args[1].type, ACPI_TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, mock->args[1].integer.value, 0);
}

static struct kunit_case amdgpu_acpi_contract_cases[] = {
	KUNIT_CASE_PARAM(acpi_contract_answer, contract_gen_params),
	{}
};

static struct kunit_suite amdgpu_acpi_contract_suite = {
	.name = "amdgpu_acpi_contract",
	.init = acpi_mock_init,
	.exit = acpi_mock_exit,
	.test_cases = amdgpu_acpi_contract_cases,
};

/* ---- the call itself: arguments, functions it refuses, no reader ---- */

static void function_desc(const struct test_function *fn, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s 0x%02x %s",
		 fn->atcs ? "ATCS" : "ATIF", fn->function, fn->name);
}

/*
 * A caller that does not read the answer passes no pointer for it.  The
 * call still gives the verdict it gives a caller that reads it, and frees
 * whatever the firmware handed out itself, before it returns: nothing is
 * left for the caller to free, and nothing is written through the NULL.
 */
static void acpi_call_answer_not_wanted(struct kunit *test)
{
	struct acpi_mock *mock = test->priv;
	const struct test_function *fn;
	const struct test_outcome *o;
	int ret;

	contract_case_of(test->param_value, &fn, &o);
	mock_answer(mock, fn, o);
	ret = call_function(mock, fn, NULL, NULL);

	KUNIT_EXPECT_EQ(test, mock->calls, 1);
	KUNIT_EXPECT_EQ(test, ret, contract_verdict(fn, o) ? 0 : -EIO);
	KUNIT_EXPECT_EQ(test, mock->frees, o->kind == ANSWER_NONE ? 0 : 1);
	KUNIT_EXPECT_EQ(test, mock->stray_frees, 0);
}

/* Numbers amd_acpi.h does not define, around and between those it does. */
static const struct test_function undefined_functions[] = {
	{ false, 0x03, 0, 0, 0, "after GET_SYSTEM_BIOS_REQUESTS" },
	{ false, 0x0c, 0, 0, 0, "before TEMPERATURE_CHANGE_NOTIFICATION" },
	{ false, 0x16, 0, 0, 0, "after GET_EXTERNAL_GPU_INFORMATION" },
	{ false, -1, 0, 0, 0, "negative" },
	{ true, 0x05, 0, 0, 0, "after SET_PCIE_BUS_WIDTH" },
	{ true, 0x07, 0, 0, 0, "before POWER_SHIFT_CONTROL" },
	{ true, 0x09, 0, 0, 0, "after POWER_SHIFT_CONTROL" },
};

KUNIT_ARRAY_PARAM(undefined, undefined_functions, function_desc);

/*
 * A function without a contract is refused before the firmware is asked:
 * there would be nothing to check its answer against.
 */
static void acpi_call_refuses_undefined_function(struct kunit *test)
{
	const struct test_function *fn = test->param_value;
	struct acpi_mock *mock = test->priv;
	union acpi_object *got = ANSWER_POISON;

	mock_answer(mock, &test_functions[0], OUTCOME_GOOD);
	KUNIT_EXPECT_EQ(test, call_function(mock, fn, NULL, &got), -EINVAL);
	KUNIT_EXPECT_NULL(test, got);
	KUNIT_EXPECT_EQ(test, mock->calls, 0);
}

/* A parameter buffer is passed on as the second argument, as it is. */
static void expect_params_passed(struct kunit *test,
				 const struct test_function *fn,
				 const struct acpi_buffer *params)
{
	struct acpi_mock *mock = test->priv;
	union acpi_object *got = ANSWER_POISON;
	int ret;

	mock_answer(mock, fn, OUTCOME_GOOD);
	ret = call_function(mock, fn, (struct acpi_buffer *)params, &got);
	expect_result(test, ret, got, 0, true);
	KUNIT_ASSERT_EQ(test, mock->arg_count, 2);
	KUNIT_EXPECT_EQ(test, mock->args[0].type, ACPI_TYPE_INTEGER);
	KUNIT_EXPECT_EQ(test, mock->args[0].integer.value, fn->function);
	KUNIT_EXPECT_EQ(test, mock->args[1].type, ACPI_TYPE_BUFFER);
	KUNIT_EXPECT_EQ(test, mock->args[1].buffer.length, params->length);
	KUNIT_EXPECT_PTR_EQ(test, mock->args[1].buffer.pointer,
			    (u8 *)params->pointer);
}

static void atif_call_passes_params(struct kunit *test)
{
	/* QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS for LCD1: size 3, 0. */
	static const struct test_function qbtc = {
		false, TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS,
		TEST_OUT_SIZED,
		TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS_SIZE, 0,
		"QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS"
	};
	u8 input[3] = { 0x03, 0x00, 0x00 };
	struct acpi_buffer params = { sizeof(input), input };

	expect_params_passed(test, &qbtc, &params);
}

static void atcs_call_passes_params(struct kunit *test)
{
	/* PCIE_PERFORMANCE_REQUEST: size 10, client, mask, flags, type, level */
	static const struct test_function perf = {
		true, TEST_ATCS_PCIE_PERFORMANCE_REQUEST, TEST_OUT_SIZED,
		TEST_ATCS_PCIE_PERFORMANCE_REQUEST_SIZE, 0,
		"PCIE_PERFORMANCE_REQUEST"
	};
	u8 input[10] = { 0x0a, 0x00, 0x08, 0x01, 0x03, 0x00, 0x02, 0x00,
			 0x01, 0x04 };
	struct acpi_buffer params = { sizeof(input), input };

	expect_params_passed(test, &perf, &params);
}

/*
 * The function numbers each method has, one bit per number, spelt out
 * from amd_acpi.h's comments: ATIF 0x00, 0x01, 0x02, 0x0d, 0x10, 0x11 and
 * 0x15; ATCS 0x00 to 0x04 and 0x08.
 */
#define ATIF_DEFINED_FUNCTIONS	0x232007ULL
#define ATCS_DEFINED_FUNCTIONS	0x11fULL

static const bool call_methods[] = { false, true };

static void method_desc(const bool *atcs, char *desc)
{
	strscpy(desc, *atcs ? "ATCS" : "ATIF", KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(method, call_methods, method_desc);

/*
 * Every function number from -1 to 64: the call asks the firmware for
 * exactly the functions the method defines, and refuses every other
 * number with -EINVAL before asking.  The contract cases run over the
 * defined functions, so each must be in their table.
 */
static void acpi_call_function_numbers(struct kunit *test)
{
	const bool atcs = *(const bool *)test->param_value;
	const u64 defined = atcs ? ATCS_DEFINED_FUNCTIONS :
				   ATIF_DEFINED_FUNCTIONS;
	const struct test_function probe = { .atcs = atcs };
	/* The firmware fails and leaves nothing: no object to account for. */
	const struct acpi_answer fails = {
		.status = AE_NOT_FOUND,
		.kind = ANSWER_NONE,
	};
	struct acpi_mock *mock = test->priv;
	union acpi_object *got;
	struct test_function fn;
	unsigned int calls;
	bool in_table;
	size_t i;
	int n, ret;

	BUILD_BUG_ON(TEST_ATIF_FUNCTIONS_MASK != ATIF_DEFINED_FUNCTIONS);
	BUILD_BUG_ON(TEST_ATCS_FUNCTIONS_MASK != ATCS_DEFINED_FUNCTIONS);

	mock->answer = &fails;
	for (n = -1; n <= 64; n++) {
		bool want = n >= 0 && n < 64 && (defined & BIT_ULL(n));

		fn = probe;
		fn.function = n;
		calls = mock->calls;
		got = ANSWER_POISON;
		ret = call_function(mock, &fn, NULL, &got);

		KUNIT_EXPECT_EQ_MSG(test, ret, want ? -EIO : -EINVAL,
				    "function 0x%02x", n);
		KUNIT_EXPECT_EQ_MSG(test, mock->calls - calls, want ? 1 : 0,
				    "function 0x%02x: firmware calls", n);
		KUNIT_EXPECT_NULL_MSG(test, got, "function 0x%02x", n);

		in_table = false;
		for (i = 0; i < ARRAY_SIZE(test_functions); i++)
			if (test_functions[i].atcs == atcs &&
			    test_functions[i].function == n)
				in_table = true;
		KUNIT_EXPECT_EQ_MSG(test, in_table, want,
				    "function 0x%02x in the contract table", n);
	}
}

static struct kunit_case amdgpu_acpi_call_cases[] = {
	KUNIT_CASE_PARAM(acpi_call_function_numbers, method_gen_params),
	KUNIT_CASE_PARAM(acpi_call_answer_not_wanted, contract_gen_params),
	KUNIT_CASE_PARAM(acpi_call_refuses_undefined_function,
			 undefined_gen_params),
	KUNIT_CASE(atif_call_passes_params),
	KUNIT_CASE(atcs_call_passes_params),
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
			TEST_ATIF_VERIFY_INTERFACE);
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

kunit_test_suites(&amdgpu_acpi_contract_suite, &amdgpu_acpi_call_suite,
		  &amdgpu_atif_verify_interface_suite);
