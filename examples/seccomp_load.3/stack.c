/* stack.c: a second filter adds to the first */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static void
load(int syscall_nr, int errnum)
{
    int              rc;
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(errnum), syscall_nr, 0);
    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) {
        fprintf(stderr, "libseccomp: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
}

static void
try_calls(const char *when)
{
    struct utsname  u;

    printf("%s:\n", when);
    printf("  uname: %s\n", uname(&u) == -1 ? strerror(errno) : "ok");
    printf("  chdir: %s\n", chdir("/") == -1 ? strerror(errno) : "ok");
}

int
main(void)
{
    load(SCMP_SYS(uname), EPERM);
    try_calls("first filter, for uname");
    load(SCMP_SYS(chdir), EACCES);
    try_calls("second filter, for chdir");
    exit(EXIT_SUCCESS);
}
