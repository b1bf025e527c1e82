/* txn.c: add a group of rules as a whole or not at all */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if SCMP_VER_MAJOR > 2 || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 6)

int
main(int argc, char *argv[])
{
    int              i, nr, rc;
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS),
                          SCMP_SYS(openat2), 0);
    if (rc == 0)
        rc = seccomp_transaction_start(ctx);
    if (rc != 0)
        goto fail;

    /* Deny every system call named on the command line, or none. */
    for (i = 1; i < argc; i++) {
        nr = seccomp_syscall_resolve_name(argv[i]);
        if (nr == __NR_SCMP_ERROR) {
            printf("%s: unknown system call; rejected\n", argv[i]);
            break;
        }
        rc = seccomp_rule_add_exact(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
        if (rc != 0) {
            printf("%s: %s; rejected\n", argv[i], strerror(-rc));
            break;
        }
    }
    if (i < argc) {
        seccomp_transaction_reject(ctx);
    } else {
        rc = seccomp_transaction_commit(ctx);
        if (rc != 0)
            goto fail;
    }

    /* Generate the BPF now; seccomp_load() would only pass it on. */
    rc = seccomp_precompute(ctx);
    if (rc != 0)
        goto fail;
    fflush(stdout);
    rc = seccomp_export_pfc(ctx, STDOUT_FILENO);
    if (rc != 0)
        goto fail;
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);

fail:
    fprintf(stderr, "libseccomp: %s\n", strerror(-rc));
    seccomp_release(ctx);
    exit(EXIT_FAILURE);
}

#else

int
main(void)
{
    fprintf(stderr, "txn: libseccomp %d.%d has no transactions\n",
            SCMP_VER_MAJOR, SCMP_VER_MINOR);
    exit(EXIT_FAILURE);
}

#endif
