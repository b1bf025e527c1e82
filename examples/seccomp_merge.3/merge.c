/* merge.c: one context per architecture, merged into one filter */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void
check(int rc, const char *what)
{
    if (rc != 0) {
        fprintf(stderr, "%s: %s\n", what, strerror(-rc));
        exit(EXIT_FAILURE);
    }
}

int
main(void)
{
    scmp_filter_ctx  x86_64, x86;

    /* x86_64: uname(2) fails with EPERM. */
    x86_64 = seccomp_init(SCMP_ACT_ALLOW);
    if (x86_64 == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    check(seccomp_arch_remove(x86_64, SCMP_ARCH_NATIVE), "arch_remove");
    check(seccomp_arch_add(x86_64, SCMP_ARCH_X86_64), "arch_add");
    check(seccomp_rule_add(x86_64, SCMP_ACT_ERRNO(EPERM),
                           SCMP_SYS(uname), 0), "rule_add");

    /* i386: uname(2) fails with ENOSYS; libseccomp translates the
       x86_64 number that SCMP_SYS() gives into the i386 one. */
    x86 = seccomp_init(SCMP_ACT_ALLOW);
    if (x86 == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    check(seccomp_arch_remove(x86, SCMP_ARCH_NATIVE), "arch_remove");
    check(seccomp_arch_add(x86, SCMP_ARCH_X86), "arch_add");
    check(seccomp_rule_add(x86, SCMP_ACT_ERRNO(ENOSYS),
                           SCMP_SYS(uname), 0), "rule_add");

    /* From here on, x86 belongs to x86_64. */
    check(seccomp_merge(x86_64, x86), "merge");
    check(seccomp_export_pfc(x86_64, STDOUT_FILENO), "export_pfc");
    seccomp_release(x86_64);
    exit(EXIT_SUCCESS);
}
