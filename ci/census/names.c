/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * names.c - census-probe's names of system calls and errno values
 * (the engine: ci/census/probe.c, engine.h).
 */
#include "engine.h"

struct sc_name {
    long nr;
    const char *name;
};

#include "census-syscalls.h"    /* SELF_*, the name tables (ci/census/build) */

/* ---- system call names ------------------------------------------ */

long nr_getppid, nr_sendmsg, nr_execve, nr_execveat, nr_seccomp,
            nr_pidfd_open;

long sc_number(const char *name)
{
    size_t i;

    for (i = 0; i < ARRAY_LEN(SELF_TABLE); i++)
        if (strcmp(SELF_TABLE[i].name, name) == 0)
            return SELF_TABLE[i].nr;
    return -1;
}

/* The name of system call NR of ARCH, as the guest's headers spell it. */
void sc_name(unsigned arch, long nr, char *buf, size_t size)
{
    const struct sc_name *t;
    const char *abi;
    size_t i, n;
    int len;

#if defined(__x86_64__) || defined(__i386__)
    if (arch == AUDIT_ARCH_I386) {
        t = sc_i386;
        n = ARRAY_LEN(sc_i386);
        abi = "i386";
    } else if (arch == AUDIT_ARCH_X86_64 && (nr & CENSUS_X32_BIT)) {
        t = sc_x32;
        n = ARRAY_LEN(sc_x32);
        abi = "x32";
    } else if (arch == AUDIT_ARCH_X86_64) {
        t = sc_x86_64;
        n = ARRAY_LEN(sc_x86_64);
        abi = "x86_64";
    } else {
#else
    /* One ABI here: the tables of the others (arm64's compat ABI) are not
       generated. */
    if (arch == SELF_ARCH) {
        t = SELF_TABLE;
        n = ARRAY_LEN(SELF_TABLE);
        abi = SELF_ABI;
    } else {
#endif
        len = snprintf(buf, size, "arch%#x:nr%ld", arch, nr);
        if (len < 0 || (size_t)len >= size)
            buf[0] = '\0';
        return;
    }
    for (i = 0; i < n; i++)
        if (t[i].nr == nr)
            break;
    if (strcmp(abi, SELF_ABI) == 0)
        len = i < n ? snprintf(buf, size, "%s", t[i].name)
                    : snprintf(buf, size, "nr%ld", nr);
    else
        len = i < n ? snprintf(buf, size, "%s:%s", abi, t[i].name)
                    : snprintf(buf, size, "%s:nr%ld", abi, nr);
    if (len < 0 || (size_t)len >= size)
        buf[0] = '\0';
}

static const struct {
    int value;
    const char *name;
} errno_names[] = {
    { EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { ESRCH, "ESRCH" },
    { EINTR, "EINTR" }, { EIO, "EIO" }, { E2BIG, "E2BIG" },
    { ENOEXEC, "ENOEXEC" }, { EBADF, "EBADF" }, { ECHILD, "ECHILD" },
    { EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
    { EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EEXIST, "EEXIST" },
    { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" }, { EINVAL, "EINVAL" },
    { EMFILE, "EMFILE" }, { ENOSPC, "ENOSPC" }, { EROFS, "EROFS" },
    { ENAMETOOLONG, "ENAMETOOLONG" }, { ENOSYS, "ENOSYS" },
    { ELOOP, "ELOOP" }, { EOPNOTSUPP, "EOPNOTSUPP" },
    { EAFNOSUPPORT, "EAFNOSUPPORT" }, { ECONNREFUSED, "ECONNREFUSED" },
    { EOVERFLOW, "EOVERFLOW" }, { ENODATA, "ENODATA" },
};

void errno_name(int e, char *buf, size_t size)
{
    size_t i;
    int len;

    for (i = 0; i < ARRAY_LEN(errno_names); i++)
        if (errno_names[i].value == e)
            break;
    if (i < ARRAY_LEN(errno_names))
        len = snprintf(buf, size, "%s", errno_names[i].name);
    else
        len = snprintf(buf, size, "%d", e);
    if (len < 0 || (size_t)len >= size)
        buf[0] = '\0';
}
