// SPDX-License-Identifier: GPL-2.0
/*
 * Build-time check of the ATIF/ATCS tests' literals against the 6.12 tree.
 *
 * The KUnit tests write every function number and answer size they expect
 * as a literal (tests/amdgpu_acpi_test_functions.h), so that they
 * share nothing with the code under test.  This unit compares each literal
 * with the tree's amd_acpi.h, and checks that the tests' tables name every
 * ATIF_FUNCTION_* and ATCS_FUNCTION_* the tree defines and nothing else:
 * a 6.12.y that adds or renumbers a function fails the build until the
 * tests, and so the port's contract, say what it answers with.
 *
 * The tree's functions come from its amd_acpi.h, which the Kbuild file
 * lists as FIXPORT_TREE_{ATIF,ATCS}_FUNCTIONS_MASK, one bit per function
 * it defines.  The unit is compiled, never linked.
 */

#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/types.h>

#include <amd_acpi.h>

#include "amdgpu_acpi_test_functions.h"
#include "amdgpu_fixport_consts.h"

#if !defined(FIXPORT_TREE_ATIF_FUNCTIONS_MASK) || \
	!defined(FIXPORT_TREE_ATCS_FUNCTIONS_MASK)
#error "build through amdgpu/tests/Kbuild: it lists the tree's ATIF/ATCS functions"
#endif

#define SAME(ours, theirs) \
	BUILD_BUG_ON_MSG((u64)(ours) != (u64)(theirs), \
			 #ours " differs from the 6.12 tree's " #theirs)

/**
 * amdgpu_fixport_consts_check() - compare the tests' ATIF/ATCS literals
 * with the 6.12 tree's amd_acpi.h
 *
 * Never called: compiling it is the check.
 *
 * Context: None.
 */
void amdgpu_fixport_consts_check(void)
{
	/* Every function of the tree is in the tests, and only those. */
	SAME(TEST_ATIF_FUNCTIONS_MASK, FIXPORT_TREE_ATIF_FUNCTIONS_MASK);
	SAME(TEST_ATCS_FUNCTIONS_MASK, FIXPORT_TREE_ATCS_FUNCTIONS_MASK);

	/* ATIF, and the part of each answer the 6.12 callers read. */
	SAME(TEST_ATIF_VERIFY_INTERFACE, ATIF_FUNCTION_VERIFY_INTERFACE);
	SAME(TEST_ATIF_VERIFY_INTERFACE_SIZE,
	     sizeof(struct atif_verify_interface));
	SAME(TEST_ATIF_GET_SYSTEM_PARAMETERS,
	     ATIF_FUNCTION_GET_SYSTEM_PARAMETERS);
	SAME(TEST_ATIF_GET_SYSTEM_PARAMETERS_SIZE,
	     offsetof(struct atif_system_params, command_code));
	SAME(TEST_ATIF_GET_SYSTEM_BIOS_REQUESTS,
	     ATIF_FUNCTION_GET_SYSTEM_BIOS_REQUESTS);
	SAME(TEST_ATIF_GET_SYSTEM_BIOS_REQUESTS_SIZE,
	     sizeof(struct atif_sbios_requests));
	SAME(TEST_ATIF_TEMPERATURE_CHANGE_NOTIFICATION,
	     ATIF_FUNCTION_TEMPERATURE_CHANGE_NOTIFICATION);
	SAME(TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS,
	     ATIF_FUNCTION_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS);
	SAME(TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS_SIZE,
	     offsetof(struct atif_qbtc_output, data_points));
	SAME(TEST_ATIF_READY_TO_UNDOCK_NOTIFICATION,
	     ATIF_FUNCTION_READY_TO_UNDOCK_NOTIFICATION);
	SAME(TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION,
	     ATIF_FUNCTION_GET_EXTERNAL_GPU_INFORMATION);

	/* ATCS */
	SAME(TEST_ATCS_VERIFY_INTERFACE, ATCS_FUNCTION_VERIFY_INTERFACE);
	SAME(TEST_ATCS_VERIFY_INTERFACE_SIZE,
	     sizeof(struct atcs_verify_interface));
	SAME(TEST_ATCS_GET_EXTERNAL_STATE, ATCS_FUNCTION_GET_EXTERNAL_STATE);
	SAME(TEST_ATCS_PCIE_PERFORMANCE_REQUEST,
	     ATCS_FUNCTION_PCIE_PERFORMANCE_REQUEST);
	SAME(TEST_ATCS_PCIE_PERFORMANCE_REQUEST_SIZE,
	     sizeof(struct atcs_pref_req_output));
	SAME(TEST_ATCS_PCIE_DEVICE_READY_NOTIFICATION,
	     ATCS_FUNCTION_PCIE_DEVICE_READY_NOTIFICATION);
	SAME(TEST_ATCS_SET_PCIE_BUS_WIDTH, ATCS_FUNCTION_SET_PCIE_BUS_WIDTH);
	SAME(TEST_ATCS_POWER_SHIFT_CONTROL, ATCS_FUNCTION_POWER_SHIFT_CONTROL);

	/*
	 * GET_EXTERNAL_STATE, SET_PCIE_BUS_WIDTH and GET_EXTERNAL_GPU_INFORMATION
	 * have no structure in amd_acpi.h, only a comment: their sizes are
	 * the sums of the fields it lists, stated in the tests' header.
	 */
}
