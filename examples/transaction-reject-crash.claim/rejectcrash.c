/* rejectcrash.c: a reject with no transaction open */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HAVE_2_6  (SCMP_VER_MAJOR > 2 \
                   || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 6))

int
main(void)
{
    int              rc;
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                          SCMP_SYS(uname), 0);
    if (rc != 0) {
        fprintf(stderr, "seccomp_rule_add: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    printf("rule added; rejecting with no transaction open\n");
    fflush(stdout);
#if HAVE_2_6
    seccomp_transaction_reject(ctx);
#else
    fprintf(stderr, "transactions need libseccomp 2.6\n");
    exit(EXIT_FAILURE);
#endif
    printf("seccomp_transaction_reject() returned\n");
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
