// SPDX-License-Identifier: GPL-2.0
/*
 * amdgpu ATIF/ATCS ACPI method calls for 6.12.y, guarded against bad BIOS
 * data.
 *
 * In 6.12.y, amdgpu_atif_call() has grown its checks one fix at a time and
 * amdgpu_atcs_call() has none of them: it still lets AE_NOT_FOUND through
 * and hands back whatever object the method returned, which its callers
 * then read as a buffer.  Here both methods share one helper that checks
 * each answer against what amd_acpi.h says the function answers with: the
 * full guard and the structure's minimum size where callers read an
 * answer, and no check at all where the function answers nothing, so that
 * a BIOS that worked with 6.12 keeps working.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/static_stub.h>

#include <amd_acpi.h>

#include <drm_fixport/amdgpu_acpi.h>

/*
 * The one place that talks to the firmware, so that KUnit can stand in for
 * it: UML has no ACPI at all, and there acpi_evaluate_object() is the
 * header's stub that always fails with AE_NOT_CONFIGURED.
 */
static acpi_status amdgpu_acpi_evaluate(acpi_handle handle,
					struct acpi_object_list *args,
					struct acpi_buffer *out)
{
	KUNIT_STATIC_STUB_REDIRECT(amdgpu_acpi_evaluate, handle, args, out);

	return acpi_evaluate_object(handle, NULL, args, out);
}

/**
 * amdgpu_acpi_free_object() - release an object returned by an ATIF/ATCS call
 * @obj: the object from amdgpu_atif_call() or amdgpu_atcs_call(), or NULL
 *
 * ACPICA allocates the returned object with kmalloc(); every object the
 * firmware hands out is given back here, whether it was accepted or not,
 * so that a test can count that each one is freed exactly once.
 *
 * Context: Any context.
 */
void amdgpu_acpi_free_object(union acpi_object *obj)
{
	KUNIT_STATIC_STUB_REDIRECT(amdgpu_acpi_free_object, obj);

	kfree(obj);
}
EXPORT_SYMBOL_GPL(amdgpu_acpi_free_object);

/*
 * Without CONFIG_ACPI there is no exception table and
 * acpi_format_exception() returns NULL: the code is all there is.
 */
static const char *amdgpu_acpi_status_text(acpi_status status)
{
	const char *text = acpi_format_exception(status);

	return text ?: "ACPI status";
}

/*
 * What a function answers with, as amd_acpi.h documents it.  A function
 * whose answer the driver reads gets every check; one defined to answer
 * nothing must not be failed for what it answers, since 6.12's callers
 * never read it and so never failed on it.
 */
enum amdgpu_acpi_output {
	/* Defined to answer nothing: anything it answers is discarded. */
	AMDGPU_ACPI_OUTPUT_NONE,
	/* A structure whose first 16-bit word is its size in bytes. */
	AMDGPU_ACPI_OUTPUT_SIZED,
	/* A 16-bit entry count, a 16-bit entry size, then the entries. */
	AMDGPU_ACPI_OUTPUT_LIST,
};

/**
 * struct amdgpu_acpi_function - the answer one function must give
 * @function: the function number
 * @output: the shape of its answer
 * @min_size: SIZED: the size it must report at least, the part callers
 *	read; LIST: the header, count and entry size
 * @min_entry: LIST: the bytes each entry must hold at least
 */
struct amdgpu_acpi_function {
	int function;
	enum amdgpu_acpi_output output;
	u16 min_size;
	u16 min_entry;
};

#define SIZED(fn, size)	{ fn, AMDGPU_ACPI_OUTPUT_SIZED, size, 0 }
#define NO_OUTPUT(fn)	{ fn, AMDGPU_ACPI_OUTPUT_NONE, 0, 0 }

/* LIST header: the entry count and the entry size, one word each. */
#define LIST_HEADER	(2 * sizeof(u16))

/*
 * Every ATIF function amd_acpi.h defines.  The minimum sizes are what the
 * 6.12 callers read: GET_SYSTEM_PARAMETERS may leave out its notify
 * command code, and the brightness query its data points.
 */
static const struct amdgpu_acpi_function atif_functions[] = {
	SIZED(ATIF_FUNCTION_VERIFY_INTERFACE,
	      sizeof(struct atif_verify_interface)),
	SIZED(ATIF_FUNCTION_GET_SYSTEM_PARAMETERS,
	      offsetof(struct atif_system_params, command_code)),
	SIZED(ATIF_FUNCTION_GET_SYSTEM_BIOS_REQUESTS,
	      sizeof(struct atif_sbios_requests)),
	NO_OUTPUT(ATIF_FUNCTION_TEMPERATURE_CHANGE_NOTIFICATION),
	SIZED(ATIF_FUNCTION_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS,
	      offsetof(struct atif_qbtc_output, data_points)),
	NO_OUTPUT(ATIF_FUNCTION_READY_TO_UNDOCK_NOTIFICATION),
	/* Its first word counts devices; each is a flags and a bus word. */
	{ ATIF_FUNCTION_GET_EXTERNAL_GPU_INFORMATION, AMDGPU_ACPI_OUTPUT_LIST,
	  LIST_HEADER, 2 * sizeof(u16) },
};

/*
 * Every ATCS function amd_acpi.h defines.  Two answers have no structure
 * in the header, only a comment: GET_EXTERNAL_STATE is a size word and
 * two dwords, SET_PCIE_BUS_WIDTH a size word and a byte.
 */
static const struct amdgpu_acpi_function atcs_functions[] = {
	SIZED(ATCS_FUNCTION_VERIFY_INTERFACE,
	      sizeof(struct atcs_verify_interface)),
	SIZED(ATCS_FUNCTION_GET_EXTERNAL_STATE,
	      sizeof(u16) + 2 * sizeof(u32)),
	SIZED(ATCS_FUNCTION_PCIE_PERFORMANCE_REQUEST,
	      sizeof(struct atcs_pref_req_output)),
	NO_OUTPUT(ATCS_FUNCTION_PCIE_DEVICE_READY_NOTIFICATION),
	SIZED(ATCS_FUNCTION_SET_PCIE_BUS_WIDTH, sizeof(u16) + sizeof(u8)),
	NO_OUTPUT(ATCS_FUNCTION_POWER_SHIFT_CONTROL),
};

/**
 * struct amdgpu_acpi_method - one of the two methods
 * @name: ATIF or ATCS, for the log
 * @functions: the functions it has
 * @n_functions: how many
 */
struct amdgpu_acpi_method {
	const char *name;
	const struct amdgpu_acpi_function *functions;
	size_t n_functions;
};

static const struct amdgpu_acpi_method atif_method = {
	"ATIF", atif_functions, ARRAY_SIZE(atif_functions)
};

static const struct amdgpu_acpi_method atcs_method = {
	"ATCS", atcs_functions, ARRAY_SIZE(atcs_functions)
};

static const struct amdgpu_acpi_function *
amdgpu_acpi_find_function(const struct amdgpu_acpi_method *method,
			  int function)
{
	size_t i;

	for (i = 0; i < method->n_functions; i++)
		if (method->functions[i].function == function)
			return &method->functions[i];

	return NULL;
}

/* A buffer led by its own size: all of it there, and all callers read. */
static bool amdgpu_acpi_sized_ok(const struct amdgpu_acpi_method *method,
				 const struct amdgpu_acpi_function *fn,
				 const union acpi_object *obj)
{
	u16 reported;

	if (obj->buffer.length < sizeof(reported)) {
		pr_debug("%s function 0x%x buffer of %u bytes cannot hold its size field\n",
			 method->name, fn->function, obj->buffer.length);
		return false;
	}

	/* ACPI data is little-endian and need not be aligned. */
	reported = get_unaligned_le16(obj->buffer.pointer);
	if (obj->buffer.length < reported) {
		pr_debug("%s function 0x%x buffer reports %u bytes but holds %u\n",
			 method->name, fn->function, reported,
			 obj->buffer.length);
		return false;
	}

	if (reported < fn->min_size) {
		pr_debug("%s function 0x%x buffer reports %u bytes, callers read %u\n",
			 method->name, fn->function, reported, fn->min_size);
		return false;
	}

	return true;
}

/* A counted list: its header, and every entry it counts, all there. */
static bool amdgpu_acpi_list_ok(const struct amdgpu_acpi_method *method,
				const struct amdgpu_acpi_function *fn,
				const union acpi_object *obj)
{
	u16 count, entry;

	if (obj->buffer.length < fn->min_size) {
		pr_debug("%s function 0x%x buffer of %u bytes cannot hold its list header\n",
			 method->name, fn->function, obj->buffer.length);
		return false;
	}

	count = get_unaligned_le16(obj->buffer.pointer);
	entry = get_unaligned_le16(obj->buffer.pointer + sizeof(u16));
	if (count && entry < fn->min_entry) {
		pr_debug("%s function 0x%x list entries of %u bytes, callers read %u\n",
			 method->name, fn->function, entry, fn->min_entry);
		return false;
	}

	/* 16 by 16 bits: no overflow in the 32-bit product. */
	if (obj->buffer.length - fn->min_size < (u32)count * entry) {
		pr_debug("%s function 0x%x list of %u entries of %u bytes in %u bytes\n",
			 method->name, fn->function, count, entry,
			 obj->buffer.length);
		return false;
	}

	return true;
}

static int amdgpu_acpi_method_call(acpi_handle handle,
				   const struct amdgpu_acpi_method *method,
				   int function, struct acpi_buffer *params,
				   union acpi_object **answer)
{
	const struct amdgpu_acpi_function *fn;
	union acpi_object args[2];
	struct acpi_object_list arg_list = {
		.count = ARRAY_SIZE(args),
		.pointer = args,
	};
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	union acpi_object *obj;
	acpi_status status;
	int ret = -EIO;

	if (answer)
		*answer = NULL;

	/* Without a contract there is nothing to check the answer against. */
	fn = amdgpu_acpi_find_function(method, function);
	if (!fn) {
		pr_warn("%s function 0x%x is not one amd_acpi.h defines\n",
			method->name, function);
		return -EINVAL;
	}

	args[0].type = ACPI_TYPE_INTEGER;
	args[0].integer.value = function;

	if (params) {
		args[1].type = ACPI_TYPE_BUFFER;
		args[1].buffer.length = params->length;
		args[1].buffer.pointer = params->pointer;
	} else {
		/* Both methods always take two arguments. */
		args[1].type = ACPI_TYPE_INTEGER;
		args[1].integer.value = 0;
	}

	status = amdgpu_acpi_evaluate(handle, &arg_list, &out);
	obj = out.pointer;

	/*
	 * Every failure, AE_NOT_FOUND included: a method that failed may still
	 * have left an object behind, and nothing in it can be trusted.
	 */
	if (ACPI_FAILURE(status)) {
		pr_debug("%s function 0x%x failed: %s (0x%04x)\n", method->name,
			 function, amdgpu_acpi_status_text(status), status);
		goto free_obj;
	}

	/* 6.12's callers fail a call that answers nothing, whatever it is. */
	if (!obj) {
		pr_debug("%s function 0x%x returned no object\n", method->name,
			 function);
		return -EIO;
	}

	if (fn->output == AMDGPU_ACPI_OUTPUT_NONE) {
		ret = 0;
		goto free_obj;
	}

	if (obj->type != ACPI_TYPE_BUFFER) {
		pr_debug("%s function 0x%x returned object type %u, not a buffer\n",
			 method->name, function, obj->type);
		goto free_obj;
	}

	if (fn->output == AMDGPU_ACPI_OUTPUT_LIST ?
	    !amdgpu_acpi_list_ok(method, fn, obj) :
	    !amdgpu_acpi_sized_ok(method, fn, obj))
		goto free_obj;

	ret = 0;
	if (!answer)
		goto free_obj;

	*answer = obj;
	return 0;

free_obj:
	amdgpu_acpi_free_object(obj);
	return ret;
}

/**
 * amdgpu_atif_call() - call a function of the ATIF method
 * @atif: the GPU's ATIF method
 * @function: the ATIF function number, one amd_acpi.h defines
 * @params: the function's parameter buffer, or NULL if it takes none
 * @answer: where the answer goes, or NULL if the caller does not read it
 *
 * The answer is checked against what amd_acpi.h says @function answers
 * with; see Documentation/amdgpu-atif.rst for each function.
 *
 * Context: Process context; the firmware may sleep.
 * Return: 0 on success, with *@answer the answer for a function that has
 * one (a buffer holding at least what its callers read, to be released
 * with amdgpu_acpi_free_object()) and NULL for a function defined to
 * answer nothing, whose answer was freed.  -EIO if the evaluation failed
 * (AE_NOT_FOUND included), gave no object, or gave one the function may
 * not answer with; *@answer is then NULL and the object freed.  -EINVAL,
 * without calling the firmware, for a function amd_acpi.h does not define.
 */
int amdgpu_atif_call(struct amdgpu_atif *atif, int function,
		     struct acpi_buffer *params, union acpi_object **answer)
{
	return amdgpu_acpi_method_call(atif->handle, &atif_method, function,
				       params, answer);
}
EXPORT_SYMBOL_GPL(amdgpu_atif_call);

/**
 * amdgpu_atcs_call() - call a function of the ATCS method
 * @atcs: the platform's ATCS method
 * @function: the ATCS function number, one amd_acpi.h defines
 * @params: the function's parameter buffer, or NULL if it takes none
 * @answer: where the answer goes, or NULL if the caller does not read it
 *
 * As amdgpu_atif_call(), for ATCS.  PCIE_DEVICE_READY_NOTIFICATION and
 * POWER_SHIFT_CONTROL answer nothing; any object they do return is
 * accepted and freed.
 *
 * Context: Process context; the firmware may sleep.
 * Return: as amdgpu_atif_call().
 */
int amdgpu_atcs_call(struct amdgpu_atcs *atcs, int function,
		     struct acpi_buffer *params, union acpi_object **answer)
{
	return amdgpu_acpi_method_call(atcs->handle, &atcs_method, function,
				       params, answer);
}
EXPORT_SYMBOL_GPL(amdgpu_atcs_call);

static void amdgpu_atif_parse_notifications(struct amdgpu_atif_notifications *n,
					    u32 mask)
{
	n->thermal_state = mask & ATIF_THERMAL_STATE_CHANGE_REQUEST_SUPPORTED;
	n->forced_power_state =
		mask & ATIF_FORCED_POWER_STATE_CHANGE_REQUEST_SUPPORTED;
	n->system_power_state =
		mask & ATIF_SYSTEM_POWER_SOURCE_CHANGE_REQUEST_SUPPORTED;
	n->brightness_change =
		mask & ATIF_PANEL_BRIGHTNESS_CHANGE_REQUEST_SUPPORTED;
	n->dgpu_display_event = mask & ATIF_DGPU_DISPLAY_EVENT_SUPPORTED;
	n->gpu_package_power_limit =
		mask & ATIF_GPU_PACKAGE_POWER_LIMIT_REQUEST_SUPPORTED;
}

static void amdgpu_atif_parse_functions(struct amdgpu_atif_functions *f,
					u32 mask)
{
	f->system_params = mask & ATIF_GET_SYSTEM_PARAMETERS_SUPPORTED;
	f->sbios_requests = mask & ATIF_GET_SYSTEM_BIOS_REQUESTS_SUPPORTED;
	f->temperature_change =
		mask & ATIF_TEMPERATURE_CHANGE_NOTIFICATION_SUPPORTED;
	f->query_backlight_transfer_characteristics =
		mask & ATIF_QUERY_BACKLIGHT_TRANSFER_CHARACTERISTICS_SUPPORTED;
	f->ready_to_undock = mask & ATIF_READY_TO_UNDOCK_NOTIFICATION_SUPPORTED;
	f->external_gpu_information =
		mask & ATIF_GET_EXTERNAL_GPU_INFORMATION_SUPPORTED;
}

/**
 * amdgpu_atif_verify_interface() - find out what the ATIF BIOS supports
 * @atif: the GPU's ATIF method
 *
 * Calls ATIF_FUNCTION_VERIFY_INTERFACE and records the notifications and
 * functions the BIOS reports.  On failure @atif is left as it was, so a
 * BIOS that answers badly is treated as one that supports nothing new.
 *
 * Context: Process context; the firmware may sleep.
 * Return: 0 on success, -EIO if the BIOS gave no usable answer.
 */
int amdgpu_atif_verify_interface(struct amdgpu_atif *atif)
{
	struct atif_verify_interface output;
	union acpi_object *info;
	int err;

	err = amdgpu_atif_call(atif, ATIF_FUNCTION_VERIFY_INTERFACE, NULL,
			       &info);
	if (err)
		return err;

	/* amdgpu_atif_call() checked that all of @output is there. */
	memcpy(&output, info->buffer.pointer, sizeof(output));
	amdgpu_acpi_free_object(info);

	pr_debug("ATIF version %u, %u bytes\n", output.version, output.size);

	amdgpu_atif_parse_notifications(&atif->notifications,
					output.notification_mask);
	amdgpu_atif_parse_functions(&atif->functions, output.function_bits);
	return 0;
}
EXPORT_SYMBOL_GPL(amdgpu_atif_verify_interface);

MODULE_DESCRIPTION("amdgpu ATIF/ATCS ACPI calls guarded against bad BIOS data");
MODULE_LICENSE("GPL");

#if IS_ENABLED(CONFIG_DRM_FIXPORT_AMDGPU_KUNIT_TEST)
#include "tests/amdgpu_acpi_test.c"
#endif
