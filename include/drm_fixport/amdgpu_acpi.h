/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The amdgpu ATIF and ATCS ACPI methods, called through one guarded helper.
 *
 * Both methods take a function number and an optional parameter buffer.
 * Most functions answer with a buffer whose first 16-bit word is the size
 * the BIOS claims for it; some answer nothing.  The answer comes from
 * firmware: it may be missing, of another type, or shorter than it says,
 * and none of that may crash the kernel, nor fail a function whose answer
 * nobody reads.
 */
#ifndef _DRM_FIXPORT_AMDGPU_ACPI_H_
#define _DRM_FIXPORT_AMDGPU_ACPI_H_

#include <linux/acpi.h>
#include <linux/types.h>

/**
 * struct amdgpu_atif_notifications - notifications the ATIF BIOS supports
 * @thermal_state: thermal state change requests
 * @forced_power_state: forced power state change requests
 * @system_power_state: system power source change requests
 * @brightness_change: panel brightness change requests
 * @dgpu_display_event: dGPU display events
 * @gpu_package_power_limit: GPU package power limit requests
 */
struct amdgpu_atif_notifications {
	bool thermal_state;
	bool forced_power_state;
	bool system_power_state;
	bool brightness_change;
	bool dgpu_display_event;
	bool gpu_package_power_limit;
};

/**
 * struct amdgpu_atif_functions - ATIF functions the BIOS implements
 * @system_params: GET_SYSTEM_PARAMETERS
 * @sbios_requests: GET_SYSTEM_BIOS_REQUESTS
 * @temperature_change: TEMPERATURE_CHANGE_NOTIFICATION
 * @query_backlight_transfer_characteristics: QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS
 * @ready_to_undock: READY_TO_UNDOCK_NOTIFICATION
 * @external_gpu_information: GET_EXTERNAL_GPU_INFORMATION
 */
struct amdgpu_atif_functions {
	bool system_params;
	bool sbios_requests;
	bool temperature_change;
	bool query_backlight_transfer_characteristics;
	bool ready_to_undock;
	bool external_gpu_information;
};

/**
 * struct amdgpu_atif - the ATIF method of one GPU
 * @handle: the ATIF method itself, as found under the GPU's ACPI node
 * @notifications: filled in by amdgpu_atif_verify_interface()
 * @functions: filled in by amdgpu_atif_verify_interface()
 */
struct amdgpu_atif {
	acpi_handle handle;
	struct amdgpu_atif_notifications notifications;
	struct amdgpu_atif_functions functions;
};

/**
 * struct amdgpu_atcs - the ATCS method of the platform
 * @handle: the ATCS method itself
 */
struct amdgpu_atcs {
	acpi_handle handle;
};

int amdgpu_atif_call(struct amdgpu_atif *atif, int function,
		     struct acpi_buffer *params, union acpi_object **answer);
int amdgpu_atcs_call(struct amdgpu_atcs *atcs, int function,
		     struct acpi_buffer *params, union acpi_object **answer);
void amdgpu_acpi_free_object(union acpi_object *obj);
int amdgpu_atif_verify_interface(struct amdgpu_atif *atif);

#endif /* _DRM_FIXPORT_AMDGPU_ACPI_H_ */
