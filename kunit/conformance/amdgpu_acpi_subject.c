// SPDX-License-Identifier: GPL-2.0
/*
 * The subject of the ATIF/ATCS conformance cases: the target tree's own
 * ATIF and ATCS functions, extracted from its amdgpu_acpi.c at build time
 * by scripts/fixport-conformance into generated/amdgpu_acpi_*.  The whole
 * file cannot be built here: it needs the whole amdgpu driver, and UML
 * has no ACPI.  The ACPICA types come from <linux/acpi.h> (UML includes
 * them without CONFIG_ACPI); acpi_evaluate_object() and
 * acpi_format_exception(), static stubs there, are renamed to the
 * scripted doubles below before the tree's functions are compiled.
 */

#include <kunit/test.h>
#include <linux/acpi.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <drm/drm_print.h>

#include "amd_acpi.h"
#include "amdgpu_acpi_subject.h"

static const struct acpi_script *script;
static struct acpi_call_record *record;

static acpi_status subject_evaluate_object(acpi_handle handle, acpi_string path,
					   struct acpi_object_list *args,
					   struct acpi_buffer *ret)
{
	union acpi_object *obj;
	u32 i;

	record->calls++;
	record->argc = args ? args->count : 0;
	for (i = 0; i < min_t(u32, record->argc, 2); i++) {
		record->arg_type[i] = args->pointer[i].type;
		if (args->pointer[i].type == ACPI_TYPE_INTEGER)
			record->arg_value[i] = args->pointer[i].integer.value;
		else if (i == 1 && args->pointer[i].type == ACPI_TYPE_BUFFER)
			record->arg_len = args->pointer[i].buffer.length;
	}
	if (script->object == SCRIPT_NO_OBJECT)
		return script->status;

	/* As ACPICA allocates: the object, its data right behind it. */
	obj = kzalloc(sizeof(*obj) + script->len, GFP_KERNEL);
	if (!obj)
		return AE_NO_MEMORY;
	obj->buffer.length = script->len;
	obj->buffer.pointer = (u8 *)(obj + 1);
	memcpy(obj->buffer.pointer, script->data, script->len);
	switch (script->object) {
	case SCRIPT_INTEGER:
		obj->type = ACPI_TYPE_INTEGER;
		break;
	case SCRIPT_STRING:
		obj->type = ACPI_TYPE_STRING;
		break;
	case SCRIPT_PACKAGE:
		obj->type = ACPI_TYPE_PACKAGE;
		break;
	default:
		obj->type = ACPI_TYPE_BUFFER;
		break;
	}
	ret->pointer = obj;
	ret->length = sizeof(*obj) + script->len;
	return script->status;
}

/*
 * UML has no DRM core: the tree's DRM_DEBUG_DRIVER() lines go to the
 * kernel log at debug level through this double.
 */
void __drm_dev_dbg(struct _ddebug *desc, const struct device *dev,
		   enum drm_debug_category category, const char *format, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, format);
	vaf.fmt = format;
	vaf.va = &args;
	pr_debug("amdgpu conformance: %pV", &vaf);
	va_end(args);
}

static const char *subject_format_exception(acpi_status status)
{
	return "(scripted status)";
}

#define acpi_evaluate_object subject_evaluate_object
#define acpi_format_exception subject_format_exception

#include <generated/amdgpu_acpi_types.h>

/* The members of 6.12's struct amdgpu_atif that the ATIF calls use. */
struct amdgpu_atif {
	acpi_handle handle;
	struct amdgpu_atif_notifications notifications;
	struct amdgpu_atif_functions functions;
	struct amdgpu_atif_notification_cfg notification_cfg;
};

#include <generated/amdgpu_acpi_funcs.c>

static void subject_begin(const struct acpi_script *s, struct acpi_call_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	script = s;
	record = rec;
}

static void subject_end(void)
{
	script = NULL;
	record = NULL;
}

void atif_subject_call(struct kunit *test, const struct acpi_script *s,
		       int function, bool params, size_t min_size,
		       struct acpi_call_record *rec, struct acpi_call_answer *ans)
{
	struct amdgpu_atif atif = {};
	u8 arg[4] = { 4, 0, 0, 0 };
	struct acpi_buffer buf = { sizeof(arg), arg };
	union acpi_object *obj;

	subject_begin(s, rec);
#ifdef FIXPORT_ATIF_CALL_MIN_SIZE
	obj = amdgpu_atif_call(&atif, function, params ? &buf : NULL, min_size);
#else
	/* Before the size checks: the tree takes no minimum. */
	obj = amdgpu_atif_call(&atif, function, params ? &buf : NULL);
#endif
	subject_end();
	memset(ans, 0, sizeof(*ans));
	if (!obj)
		return;
	ans->got = true;
	ans->type = obj->type;
	ans->len = obj->buffer.length;
	kfree(obj);
}

bool atif_subject_checks_size(void)
{
#ifdef FIXPORT_ATIF_CALL_MIN_SIZE
	return true;
#else
	return false;
#endif
}

int atif_subject_verify_interface(struct kunit *test, const struct acpi_script *s,
				  struct acpi_call_record *rec, u32 *notifications,
				  u32 *functions)
{
	struct amdgpu_atif atif = {};
	const struct amdgpu_atif_notifications *n = &atif.notifications;
	const struct amdgpu_atif_functions *f = &atif.functions;
	int ret;

	subject_begin(s, rec);
	ret = amdgpu_atif_verify_interface(&atif);
	subject_end();
	*notifications = n->thermal_state << 0 | n->forced_power_state << 1 |
		n->system_power_state << 2 | n->brightness_change << 3 |
		n->dgpu_display_event << 4 | n->gpu_package_power_limit << 5;
	*functions = f->system_params << 0 | f->sbios_requests << 1 |
		f->temperature_change << 2 |
		f->query_backlight_transfer_characteristics << 3 |
		f->ready_to_undock << 4 | f->external_gpu_information << 5;
	return ret;
}

int atcs_subject_verify_interface(struct kunit *test, const struct acpi_script *s,
				  struct acpi_call_record *rec, u32 *functions)
{
	struct amdgpu_atcs atcs = {};
	const struct amdgpu_atcs_functions *f = &atcs.functions;
	int ret;

	subject_begin(s, rec);
	ret = amdgpu_atcs_verify_interface(&atcs);
	subject_end();
	*functions = f->get_ext_state << 0 | f->pcie_perf_req << 1 |
		f->pcie_dev_rdy << 2 | f->pcie_bus_width << 3 |
		f->power_shift_control << 4;
	return ret;
}
