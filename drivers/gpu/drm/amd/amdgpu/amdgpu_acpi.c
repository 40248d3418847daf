// SPDX-License-Identifier: GPL-2.0
/*
 * amdgpu ATIF/ATCS ACPI method calls for 6.12.y, guarded against bad BIOS
 * data.
 *
 * In 6.12.y, amdgpu_atif_call() has grown its checks one fix at a time and
 * amdgpu_atcs_call() has none of them: it still lets AE_NOT_FOUND through
 * and hands back whatever object the method returned, which its callers
 * then read as a buffer.  Here both methods share one helper that returns
 * either a buffer at least as long as it claims to be, or NULL.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include <amd_acpi.h>

#include <drm_fixport/amdgpu_acpi.h>

/*
 * The one place that talks to the firmware, so that KUnit can stand in for
 * it: UML has no ACPI at all, and there acpi_evaluate_object() is the
 * header's stub that always fails with AE_NOT_CONFIGURED.
 */
VISIBLE_IF_KUNIT acpi_status amdgpu_acpi_evaluate(acpi_handle handle,
						  struct acpi_object_list *args,
						  struct acpi_buffer *out)
{
	KUNIT_STATIC_STUB_REDIRECT(amdgpu_acpi_evaluate, handle, args, out);

	return acpi_evaluate_object(handle, NULL, args, out);
}
EXPORT_SYMBOL_IF_KUNIT(amdgpu_acpi_evaluate);

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

static union acpi_object *amdgpu_acpi_method_call(acpi_handle handle,
						  const char *method,
						  int function,
						  struct acpi_buffer *params,
						  size_t min_size)
{
	union acpi_object args[2];
	struct acpi_object_list arg_list = {
		.count = ARRAY_SIZE(args),
		.pointer = args,
	};
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	union acpi_object *obj;
	acpi_status status;
	u16 reported;

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
		pr_debug("%s function 0x%x failed: %s (0x%04x)\n", method,
			 function, amdgpu_acpi_status_text(status), status);
		goto free_obj;
	}

	if (!obj) {
		pr_debug("%s function 0x%x returned no object\n", method,
			 function);
		return NULL;
	}

	if (obj->type != ACPI_TYPE_BUFFER) {
		pr_debug("%s function 0x%x returned object type %u, not a buffer\n",
			 method, function, obj->type);
		goto free_obj;
	}

	if (obj->buffer.length < sizeof(reported)) {
		pr_debug("%s function 0x%x buffer of %u bytes cannot hold its size field\n",
			 method, function, obj->buffer.length);
		goto free_obj;
	}

	/* ACPI data is little-endian and need not be aligned. */
	reported = get_unaligned_le16(obj->buffer.pointer);
	if (obj->buffer.length < reported) {
		pr_debug("%s function 0x%x buffer reports %u bytes but holds %u\n",
			 method, function, reported, obj->buffer.length);
		goto free_obj;
	}

	if (reported < min_size) {
		pr_debug("%s function 0x%x buffer reports %u bytes, caller needs %zu\n",
			 method, function, reported, min_size);
		goto free_obj;
	}

	return obj;

free_obj:
	amdgpu_acpi_free_object(obj);
	return NULL;
}

/**
 * amdgpu_atif_call() - call a function of the ATIF method
 * @atif: the GPU's ATIF method
 * @function: the ATIF function number
 * @params: the function's parameter buffer, or NULL if it takes none
 * @min_size: the number of bytes the caller will read from the answer
 *
 * Context: Process context; the firmware may sleep.
 * Return: the answer, a buffer object whose leading 16-bit size field is at
 * least @min_size and no more than the buffer's length, to be released with
 * amdgpu_acpi_free_object(); or NULL if the call failed or the answer was
 * missing or malformed.
 */
union acpi_object *amdgpu_atif_call(struct amdgpu_atif *atif, int function,
				    struct acpi_buffer *params,
				    size_t min_size)
{
	return amdgpu_acpi_method_call(atif->handle, "ATIF", function, params,
				       min_size);
}
EXPORT_SYMBOL_GPL(amdgpu_atif_call);

/**
 * amdgpu_atcs_call() - call a function of the ATCS method
 * @atcs: the platform's ATCS method
 * @function: the ATCS function number
 * @params: the function's parameter buffer, or NULL if it takes none
 *
 * The ATCS callers check the reported size against what they read
 * themselves, so there is no minimum here beyond the size field.
 *
 * Context: Process context; the firmware may sleep.
 * Return: the answer, a buffer object whose leading 16-bit size field is no
 * more than the buffer's length, to be released with
 * amdgpu_acpi_free_object(); or NULL if the call failed or the answer was
 * missing or malformed.
 */
union acpi_object *amdgpu_atcs_call(struct amdgpu_atcs *atcs, int function,
				    struct acpi_buffer *params)
{
	return amdgpu_acpi_method_call(atcs->handle, "ATCS", function, params,
				       0);
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

	info = amdgpu_atif_call(atif, ATIF_FUNCTION_VERIFY_INTERFACE, NULL,
				sizeof(output));
	if (!info)
		return -EIO;

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
