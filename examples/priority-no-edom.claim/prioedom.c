/* prioedom.c: seccomp_syscall_priority() never fails with -EDOM */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
show(const char *what, int rc)
{
    printf("%s: %d%s%s\n", what, rc, rc < 0 ? " " : "",
           rc < 0 ? strerror(-rc) : "");
}

int
main(void)
{
    scmp_filter_ctx  ctx;

    /* x86_64 and aarch64: open(2) exists on the first only. */
    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL
        || seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE) != 0
        || seccomp_arch_add(ctx, SCMP_ARCH_X86_64) != 0
        || seccomp_arch_add(ctx, SCMP_ARCH_AARCH64) != 0)
    {
        fprintf(stderr, "cannot set up the context\n");
        exit(EXIT_FAILURE);
    }
    show("syscall_priority(open)",
         seccomp_syscall_priority(ctx, SCMP_SYS(open), 100));
    show("syscall_priority(5000)",
         seccomp_syscall_priority(ctx, 5000, 100));
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
