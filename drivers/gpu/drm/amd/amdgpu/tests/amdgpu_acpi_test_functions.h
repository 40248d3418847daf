/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ATIF and ATCS functions the tests call, and what each must answer
 * with, written as literals from the comments of amd_acpi.h rather than
 * taken from it or from the code under test.
 *
 * tests/amdgpu_fixport_consts.c checks every number
 * here against the 6.12 tree's amd_acpi.h at build time, and that the
 * masks below name every ATIF_FUNCTION_* and ATCS_FUNCTION_* the tree
 * defines, no more and no fewer.
 */
#ifndef _AMDGPU_ACPI_TEST_FUNCTIONS_H_
#define _AMDGPU_ACPI_TEST_FUNCTIONS_H_

#include <linux/bits.h>

/* What a function answers with. */
#define TEST_OUT_NONE	0	/* "OUTPUT: none" */
#define TEST_OUT_SIZED	1	/* a structure led by its size word */
#define TEST_OUT_LIST	2	/* a count word, an entry size word, entries */

/* ATIF: function numbers, and the bytes of the answer callers read. */
#define TEST_ATIF_VERIFY_INTERFACE		0x00
/* size, version, notification mask, function bits: 2 + 2 + 4 + 4 */
#define TEST_ATIF_VERIFY_INTERFACE_SIZE		12
#define TEST_ATIF_GET_SYSTEM_PARAMETERS		0x01
/* size, valid flags mask, flags: 2 + 4 + 4; the command code is optional */
#define TEST_ATIF_GET_SYSTEM_PARAMETERS_SIZE	10
#define TEST_ATIF_GET_SYSTEM_BIOS_REQUESTS	0x02
/* size, pending, then seven bytes up to the backlight level: 2 + 4 + 7 */
#define TEST_ATIF_GET_SYSTEM_BIOS_REQUESTS_SIZE	13
#define TEST_ATIF_TEMPERATURE_CHANGE_NOTIFICATION	0x0d
#define TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS	0x10
/* size, flags, then six bytes up to the number of points: 2 + 2 + 6 */
#define TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS_SIZE	10
#define TEST_ATIF_READY_TO_UNDOCK_NOTIFICATION	0x11
#define TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION	0x15
/* device count, device size; each device a flags word and a bus word */
#define TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION_HEADER	4
#define TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION_ENTRY	4

/* ATCS */
#define TEST_ATCS_VERIFY_INTERFACE		0x00
/* size, version, function bits: 2 + 2 + 4 */
#define TEST_ATCS_VERIFY_INTERFACE_SIZE		8
#define TEST_ATCS_GET_EXTERNAL_STATE		0x01
/* size, valid flags mask, flags: 2 + 4 + 4 */
#define TEST_ATCS_GET_EXTERNAL_STATE_SIZE	10
#define TEST_ATCS_PCIE_PERFORMANCE_REQUEST	0x02
/* size, return value: 2 + 1 */
#define TEST_ATCS_PCIE_PERFORMANCE_REQUEST_SIZE	3
#define TEST_ATCS_PCIE_DEVICE_READY_NOTIFICATION	0x03
#define TEST_ATCS_SET_PCIE_BUS_WIDTH		0x04
/* size, number of active lanes: 2 + 1 */
#define TEST_ATCS_SET_PCIE_BUS_WIDTH_SIZE	3
#define TEST_ATCS_POWER_SHIFT_CONTROL		0x08

/*
 * The functions the tests cover, one bit per function number: the tree's
 * amd_acpi.h must define exactly these, and the tests' tables must hold
 * exactly these (a KUnit case checks the tables against the masks).
 */
#define TEST_ATIF_FUNCTIONS_MASK ( \
	BIT_ULL(TEST_ATIF_VERIFY_INTERFACE) | \
	BIT_ULL(TEST_ATIF_GET_SYSTEM_PARAMETERS) | \
	BIT_ULL(TEST_ATIF_GET_SYSTEM_BIOS_REQUESTS) | \
	BIT_ULL(TEST_ATIF_TEMPERATURE_CHANGE_NOTIFICATION) | \
	BIT_ULL(TEST_ATIF_QUERY_BRIGHTNESS_TRANSFER_CHARACTERISTICS) | \
	BIT_ULL(TEST_ATIF_READY_TO_UNDOCK_NOTIFICATION) | \
	BIT_ULL(TEST_ATIF_GET_EXTERNAL_GPU_INFORMATION))

#define TEST_ATCS_FUNCTIONS_MASK ( \
	BIT_ULL(TEST_ATCS_VERIFY_INTERFACE) | \
	BIT_ULL(TEST_ATCS_GET_EXTERNAL_STATE) | \
	BIT_ULL(TEST_ATCS_PCIE_PERFORMANCE_REQUEST) | \
	BIT_ULL(TEST_ATCS_PCIE_DEVICE_READY_NOTIFICATION) | \
	BIT_ULL(TEST_ATCS_SET_PCIE_BUS_WIDTH) | \
	BIT_ULL(TEST_ATCS_POWER_SHIFT_CONTROL))

#endif /* _AMDGPU_ACPI_TEST_FUNCTIONS_H_ */
