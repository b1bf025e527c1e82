/* release.c: a loaded filter outlives its context */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

int
main(void)
{
    int              rc;
    scmp_filter_ctx  ctx;
    struct utsname   u;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                          SCMP_SYS(uname), 0);
    if (rc == 0)
        rc = seccomp_load(ctx);
    if (rc != 0) {
        fprintf(stderr, "seccomp: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    seccomp_release(ctx);
    printf("after seccomp_release(): uname: %s\n",
           uname(&u) == -1 ? strerror(errno) : "ok");
    exit(EXIT_SUCCESS);
}
