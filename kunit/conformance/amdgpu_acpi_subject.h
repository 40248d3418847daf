/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The target tree's ATIF and ATCS calls, as the conformance cases see
 * them.  amdgpu_acpi_subject.c compiles the tree's own functions; the
 * cases only see this interface and a scripted acpi_evaluate_object().
 */

#ifndef _FIXPORT_AMDGPU_ACPI_SUBJECT_H_
#define _FIXPORT_AMDGPU_ACPI_SUBJECT_H_

#include <linux/types.h>

struct kunit;

/**
 * enum acpi_script_object - what the scripted evaluation hands back
 * @SCRIPT_NO_OBJECT: no object: the return buffer stays empty
 * @SCRIPT_BUFFER: a buffer object holding the script's bytes
 * @SCRIPT_INTEGER: an integer object whose bytes, read as a buffer
 *	object, are a buffer holding the script's bytes
 * @SCRIPT_STRING: the same, as a string object
 * @SCRIPT_PACKAGE: the same, as a package object
 */
enum acpi_script_object {
	SCRIPT_NO_OBJECT,
	SCRIPT_BUFFER,
	SCRIPT_INTEGER,
	SCRIPT_STRING,
	SCRIPT_PACKAGE,
};

/**
 * struct acpi_script - one scripted answer of acpi_evaluate_object()
 * @status: the ACPI status code returned (0 is AE_OK)
 * @object: the object handed back, if any
 * @data: the buffer's bytes
 * @len: their number; the allocation holds exactly these, so reading past
 *	them is a KASAN report
 */
struct acpi_script {
	u32 status;
	enum acpi_script_object object;
	const u8 *data;
	u32 len;
};

/**
 * struct acpi_call_record - what the code under test passed to the call
 * @calls: evaluations made
 * @argc: arguments of the last one
 * @arg_type: ACPI type of its first two arguments
 * @arg_value: the integer value of its first two arguments, when integers
 * @arg_len: the length of its second argument, when a buffer
 */
struct acpi_call_record {
	unsigned int calls;
	u32 argc;
	u32 arg_type[2];
	u64 arg_value[2];
	u32 arg_len;
};

/**
 * struct acpi_call_answer - what amdgpu_atif_call() returned
 * @got: it returned an object
 * @type: the object's ACPI type
 * @len: its buffer length
 */
struct acpi_call_answer {
	bool got;
	u32 type;
	u32 len;
};

/**
 * atif_subject_call() - the tree's amdgpu_atif_call() against a script
 * @test: the running case
 * @script: the evaluation's answer
 * @function: ATIF function number
 * @params: pass a 4-byte parameter buffer
 * @min_size: the minimum output size the caller asks for
 * @rec: filled with what was passed to acpi_evaluate_object()
 * @ans: filled with what came back
 *
 * Context: process context; one call at a time.
 */
void atif_subject_call(struct kunit *test, const struct acpi_script *script,
		       int function, bool params, size_t min_size,
		       struct acpi_call_record *rec, struct acpi_call_answer *ans);

/**
 * atif_subject_checks_size() - whether the tree's ATIF call checks sizes
 *
 * Later 6.12.y pass amdgpu_atif_call() the caller's minimum size and check
 * the buffer's size field against its length and that minimum; earlier
 * ones (6.12.107) return any buffer.
 *
 * Return: true if the tree's amdgpu_atif_call() takes a minimum size.
 */
bool atif_subject_checks_size(void);

/**
 * atif_subject_verify_interface() - the tree's amdgpu_atif_verify_interface()
 * @test: the running case
 * @script: the evaluation's answer
 * @rec: filled with what was passed to acpi_evaluate_object()
 * @notifications: set to the notifications parsed, bit i for the i-th
 *	field of struct amdgpu_atif_notifications in 6.12 order
 * @functions: the same for struct amdgpu_atif_functions
 *
 * Return: what the tree's function returned.
 * Context: process context; one call at a time.
 */
int atif_subject_verify_interface(struct kunit *test, const struct acpi_script *script,
				  struct acpi_call_record *rec, u32 *notifications,
				  u32 *functions);

/**
 * atcs_subject_verify_interface() - the tree's amdgpu_atcs_verify_interface()
 * @test: the running case
 * @script: the evaluation's answer
 * @rec: filled with what was passed to acpi_evaluate_object()
 * @functions: set to the functions parsed, bit i for the i-th field of
 *	struct amdgpu_atcs_functions in 6.12 order
 *
 * Return: what the tree's function returned.
 * Context: process context; one call at a time.
 */
int atcs_subject_verify_interface(struct kunit *test, const struct acpi_script *script,
				  struct acpi_call_record *rec, u32 *functions);

#endif /* _FIXPORT_AMDGPU_ACPI_SUBJECT_H_ */
