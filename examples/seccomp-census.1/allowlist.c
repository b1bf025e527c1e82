/* allowlist.c: a program under the filter seccomp-census made */
#include <errno.h>
#include <seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

/*
 * seccomp-census: the system calls of uname, printf, fflush,
 * malloc, free, exit on bullseye, bookworm, trixie, sid, musl,
 * i386, x32, oldkernel, arm64, arm64-sid, arm64-musl, riscv64,
 * armhf, armhf-musl, s390x, ppc64el, musl-1-1-24, musl-1-2-0,
 * musl-1-2-2, musl-1-2-3, musl-1-2-4, musl-1-2-5, glibc-2-25,
 * glibc-2-26, glibc-2-28, glibc-2-33, glibc-2-34, glibc-2-35,
 * glibc-2-39, per ABI.
 * census_filter(DEFAULT) returns a new libseccomp filter
 * context whose rules allow these calls, each ABI its own;
 * ABIs of the other byte order are left out (they cannot
 * share a filter with this machine's ABI, nor run on it).
 * NULL on failure.  Needs <errno.h>, <seccomp.h>,
 * <stddef.h> and <stdint.h>.
 */
static scmp_filter_ctx census_filter(uint32_t def_action)
{
    static const struct {
        uint32_t arch;
        const char *name;
    } allowed[] = {
        { SCMP_ARCH_AARCH64, "brk" },
        { SCMP_ARCH_AARCH64, "exit_group" },
        { SCMP_ARCH_AARCH64, "fstat" },
        { SCMP_ARCH_AARCH64, "getrandom" },
        { SCMP_ARCH_AARCH64, "ioctl" },
        { SCMP_ARCH_AARCH64, "mmap" },
        { SCMP_ARCH_AARCH64, "munmap" },
        { SCMP_ARCH_AARCH64, "uname" },
        { SCMP_ARCH_AARCH64, "write" },
        { SCMP_ARCH_AARCH64, "writev" },
        { SCMP_ARCH_ARM, "brk" },
        { SCMP_ARCH_ARM, "exit_group" },
        { SCMP_ARCH_ARM, "getrandom" },
        { SCMP_ARCH_ARM, "ioctl" },
        { SCMP_ARCH_ARM, "mmap2" },
        { SCMP_ARCH_ARM, "munmap" },
        { SCMP_ARCH_ARM, "statx" },
        { SCMP_ARCH_ARM, "uname" },
        { SCMP_ARCH_ARM, "write" },
        { SCMP_ARCH_ARM, "writev" },
        { SCMP_ARCH_X86, "brk" },
        { SCMP_ARCH_X86, "exit_group" },
        { SCMP_ARCH_X86, "getrandom" },
        { SCMP_ARCH_X86, "mmap2" },
        { SCMP_ARCH_X86, "munmap" },
        { SCMP_ARCH_X86, "statx" },
        { SCMP_ARCH_X86, "uname" },
        { SCMP_ARCH_X86, "write" },
        { SCMP_ARCH_PPC64LE, "brk" },
        { SCMP_ARCH_PPC64LE, "exit_group" },
        { SCMP_ARCH_PPC64LE, "fstat" },
        { SCMP_ARCH_PPC64LE, "mmap" },
        { SCMP_ARCH_PPC64LE, "munmap" },
        { SCMP_ARCH_PPC64LE, "uname" },
        { SCMP_ARCH_PPC64LE, "write" },
        { SCMP_ARCH_RISCV64, "brk" },
        { SCMP_ARCH_RISCV64, "exit_group" },
        { SCMP_ARCH_RISCV64, "fstat" },
        { SCMP_ARCH_RISCV64, "getrandom" },
        { SCMP_ARCH_RISCV64, "mmap" },
        { SCMP_ARCH_RISCV64, "munmap" },
        { SCMP_ARCH_RISCV64, "uname" },
        { SCMP_ARCH_RISCV64, "write" },
        { SCMP_ARCH_S390X, "brk" },
        { SCMP_ARCH_S390X, "exit_group" },
        { SCMP_ARCH_S390X, "fstat" },
        { SCMP_ARCH_S390X, "mmap" },
        { SCMP_ARCH_S390X, "munmap" },
        { SCMP_ARCH_S390X, "uname" },
        { SCMP_ARCH_S390X, "write" },
        { SCMP_ARCH_X32, "brk" },
        { SCMP_ARCH_X32, "exit_group" },
        { SCMP_ARCH_X32, "fstat" },
        { SCMP_ARCH_X32, "getrandom" },
        { SCMP_ARCH_X32, "mmap" },
        { SCMP_ARCH_X32, "munmap" },
        { SCMP_ARCH_X32, "uname" },
        { SCMP_ARCH_X32, "write" },
        { SCMP_ARCH_X86_64, "brk" },
        { SCMP_ARCH_X86_64, "exit_group" },
        { SCMP_ARCH_X86_64, "fstat" },
        { SCMP_ARCH_X86_64, "getrandom" },
        { SCMP_ARCH_X86_64, "ioctl" },
        { SCMP_ARCH_X86_64, "mmap" },
        { SCMP_ARCH_X86_64, "munmap" },
        { SCMP_ARCH_X86_64, "newfstatat" },
        { SCMP_ARCH_X86_64, "uname" },
        { SCMP_ARCH_X86_64, "write" },
        { SCMP_ARCH_X86_64, "writev" },
    };
    static const uint32_t arches[] = {
        SCMP_ARCH_AARCH64, SCMP_ARCH_ARM, SCMP_ARCH_X86,
        SCMP_ARCH_PPC64LE, SCMP_ARCH_RISCV64, SCMP_ARCH_S390X,
        SCMP_ARCH_X32, SCMP_ARCH_X86_64
    };
    size_t n = sizeof(allowed) / sizeof(allowed[0]);
    size_t na = sizeof(arches) / sizeof(arches[0]);
    scmp_filter_ctx filter = NULL;

    for (size_t a = 0; a < na; a++) {
        scmp_filter_ctx ctx = seccomp_init(def_action);
        int rc = 0;

        if (ctx == NULL)
            goto fail;
        /* A new context has the native ABI: make it this one. */
        if (arches[a] != seccomp_arch_native()) {
            rc = seccomp_arch_add(ctx, arches[a]);
            if (rc == -EDOM) {          /* the other byte order */
                seccomp_release(ctx);
                continue;
            }
            if (rc == 0)
                rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
        }
        for (size_t i = 0; i < n && rc == 0; i++) {
            const char *name = allowed[i].name;
            uint32_t arch = allowed[i].arch;
            int sc;

            /* A rule takes the native number of a name (or
               libseccomp's pseudo number) and translates it
               for the context's ABI.  A name this libseccomp
               does not know for the ABI (fchmodat2 before 2.6)
               is left to the default action. */
            if (arch != arches[a])
                continue;
            sc = seccomp_syscall_resolve_name_arch(arch, name);
            if (sc == __NR_SCMP_ERROR)
                continue;
            sc = seccomp_syscall_resolve_name(name);
            rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, sc, 0);
        }
        if (rc == 0 && filter != NULL)
            rc = seccomp_merge(filter, ctx);   /* releases ctx */
        else if (rc == 0)
            filter = ctx;
        if (rc != 0) {
            seccomp_release(ctx);
            goto fail;
        }
    }
    return filter;

fail:
    if (filter != NULL)
        seccomp_release(filter);
    return NULL;
}

int
main(int argc, char *argv[])
{
    int             rc;
    char            *name;
    struct utsname  u;
    scmp_filter_ctx ctx;

    ctx = census_filter(SCMP_ACT_KILL_PROCESS);
    if (ctx == NULL) {
        fprintf(stderr, "census_filter failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_load(ctx);
    if (rc != 0) {
        fprintf(stderr, "seccomp_load: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    seccomp_release(ctx);

    /* From here on, the calls the census saw, and no others. */
    if (argc > 1 && strcmp(argv[1], "getppid") == 0)
        getppid();
    if (uname(&u) == -1) {
        perror("uname");
        exit(EXIT_FAILURE);
    }
    name = malloc(strlen(u.sysname) + 1);
    if (name == NULL) {
        perror("malloc");
        exit(EXIT_FAILURE);
    }
    strcpy(name, u.sysname);
    if (printf("%s\n", name) < 0 || fflush(stdout) == EOF) {
        perror("printf");
        exit(EXIT_FAILURE);
    }
    free(name);
    exit(EXIT_SUCCESS);
}
