/* enosys.c: an allow-list with a choice of default action */
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
    int              rc;
    char             msg[100];
    uint32_t         def_action;
    scmp_filter_ctx  ctx;

    if (argc != 2 || (strcmp(argv[1], "EPERM") != 0
                      && strcmp(argv[1], "ENOSYS") != 0))
    {
        fprintf(stderr, "Usage: %s EPERM|ENOSYS\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    if (strcmp(argv[1], "EPERM") == 0)
        def_action = SCMP_ACT_ERRNO(EPERM);
    else
        def_action = SCMP_ACT_ERRNO(ENOSYS);

    ctx = seccomp_init(def_action);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }

    /* Everything the program does once the filter is loaded */
    rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(faccessat), 0);
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 0);
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW,
                              SCMP_SYS(exit_group), 0);
    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) {
        fprintf(stderr, "libseccomp: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }

    /* With a flags argument, glibc 2.33 and later call faccessat2
       first, and faccessat only if faccessat2 fails with ENOSYS. */
    rc = faccessat(AT_FDCWD, ".", R_OK, AT_EACCESS);

    /* No stdio from here on: its first use makes system calls
       that the list does not allow. */
    snprintf(msg, sizeof(msg), "faccessat: %s\n",
             rc == 0 ? "success" : strerror(errno));
    if (write(STDOUT_FILENO, msg, strlen(msg)) == -1)
        exit(EXIT_FAILURE);
    exit(EXIT_SUCCESS);
}
