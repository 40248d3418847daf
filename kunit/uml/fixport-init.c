// SPDX-License-Identifier: GPL-2.0
/*
 * fixport-init - PID 1 of the UML KUnit run.
 *
 * UML boots with the host's file system as its root (hostfs), so this
 * program, the modules and the list naming them are ordinary host files.
 * It loads each module in the list (KUnit runs a module's suites while it
 * loads), unloads them in reverse order so that exit paths run under
 * lockdep and KASAN too, and powers the machine off.  What it does is
 * logged through /dev/kmsg so it lands in the console log, in order with
 * the kernel's own messages.
 *
 * A line "@NAME" starts a group: the modules loaded since the last group
 * began are unloaded first, and the group's start and end are logged, so
 * that one boot can run several builds of the same modules one after the
 * other (scripts/kunit-uml --batch) and each can be judged on its own
 * part of the log.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_MODULES	64

static FILE *klog;

static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("fixport-init: ", klog);
	vfprintf(klog, fmt, ap);
	fputc('\n', klog);
	fflush(klog);
	va_end(ap);
}

static void power_off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	/* reboot() only returns on failure; the runner's timeout catches it. */
	for (;;)
		pause();
}

static int load_module(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int ret;

	if (fd < 0) {
		say("FAILED to open %s: %s", path, strerror(errno));
		return -1;
	}
	ret = syscall(SYS_finit_module, fd, "", 0);
	close(fd);
	if (ret) {
		say("FAILED to load %s: %s", path, strerror(errno));
		return -1;
	}
	say("loaded %s", path);
	return 0;
}

static void unload_module(const char *path)
{
	const char *base = strrchr(path, '/');
	char name[256];
	size_t len;

	base = base ? base + 1 : path;
	len = strcspn(base, ".");
	if (len >= sizeof(name))
		len = sizeof(name) - 1;
	memcpy(name, base, len);
	name[len] = '\0';

	if (syscall(SYS_delete_module, name, O_NONBLOCK))
		say("FAILED to unload %s: %s", name, strerror(errno));
	else
		say("unloaded %s", name);
}

/*
 * Unload the modules of the current group in reverse order of loading
 * and say that the group ended; return how many were unloaded.
 */
static int end_group(char **mods, int n, const char *group)
{
	int i;

	for (i = n - 1; i >= 0; i--) {
		unload_module(mods[i]);
		free(mods[i]);
	}
	if (group[0])
		say("end of group %s", group);
	return n;
}

int main(void)
{
	const char *list = getenv("FIXPORT_MODLIST");
	char *mods[MAX_MODULES];
	char line[4096];
	char group[sizeof(line)] = "";
	int n = 0, loaded = 0, failed = 0;
	FILE *f;

	klog = fopen("/dev/kmsg", "w");
	if (!klog)
		klog = stderr;

	if (!list) {
		say("FAILED: no FIXPORT_MODLIST= on the kernel command line");
		power_off();
	}
	f = fopen(list, "r");
	if (!f) {
		say("FAILED to open module list %s: %s", list, strerror(errno));
		power_off();
	}
	while (n < MAX_MODULES && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			continue;
		if (line[0] == '@') {
			loaded += end_group(mods, n, group);
			n = 0;
			snprintf(group, sizeof(group), "%s", line + 1);
			say("group %s", group);
			continue;
		}
		if (load_module(line)) {
			failed++;
			continue;
		}
		/* Only what loaded is unloaded. */
		mods[n] = strdup(line);
		if (mods[n])
			n++;
	}
	fclose(f);
	loaded += end_group(mods, n, group);

	say("done: %d modules loaded, %d failed to load", loaded, failed);
	power_off();
	return 0;
}
