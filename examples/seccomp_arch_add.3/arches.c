/* arches.c: one rule, and system calls from two x86 ABIs */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#if !defined(__x86_64__) || defined(__ILP32__)
#error "this example is for the x86_64 ABI"
#endif

#define X32_SYSCALL_BIT  0x40000000

static void
try_uname(const char *abi, long nr)
{
    struct utsname  u;

    if (syscall(nr, &u) == -1)
        printf("%s uname: %s\n", abi, strerror(errno));
    else
        printf("%s uname: %s\n", abi, u.sysname);
    /* The next call may kill the program: write this line now,
       even when standard output is not a terminal. */
    if (fflush(stdout) == EOF) {
        perror("fflush");
        exit(EXIT_FAILURE);
    }
}

int
main(int argc, char *argv[])
{
    int              rc;
    scmp_filter_ctx  ctx;

    if (argc != 2 || (strcmp(argv[1], "native") != 0
                      && strcmp(argv[1], "enosys") != 0
                      && strcmp(argv[1], "all") != 0))
    {
        fprintf(stderr, "Usage: %s native|enosys|all\n", argv[0]);
        exit(EXIT_FAILURE);
    }

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }

    rc = 0;
    if (strcmp(argv[1], "enosys") == 0) {
        /* A call from an ABI that the filter lacks fails with
           ENOSYS, instead of killing the thread. */
        rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
                              SCMP_ACT_ERRNO(ENOSYS));
    } else if (strcmp(argv[1], "all") == 0) {
        /* Architectures first: a rule is added only to the
           architectures that the filter has at that moment. */
        rc = seccomp_arch_add(ctx, SCMP_ARCH_X86);
        if (rc == 0)
            rc = seccomp_arch_add(ctx, SCMP_ARCH_X32);
    }
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                              SCMP_SYS(uname), 0);
    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) {
        fprintf(stderr, "libseccomp: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }

    try_uname("x86_64", SYS_uname);
    try_uname("x32", X32_SYSCALL_BIT | SYS_uname);
    exit(EXIT_SUCCESS);
}
