/* pfcfull.c: seccomp_export_pfc() on a device that is always full */
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main(void)
{
    int              rc, fd;
    scmp_filter_ctx  ctx;

    fd = open("/dev/full", O_WRONLY);
    if (fd == -1) {
        perror("/dev/full");
        exit(EXIT_FAILURE);
    }
    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 1);
    if (rc != 0) {
        fprintf(stderr, "seccomp_attr_set: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    rc = seccomp_export_bpf(ctx, fd);
    printf("seccomp_export_bpf: %d (%s)\n", rc, strerror(-rc));
    rc = seccomp_export_pfc(ctx, fd);
    printf("seccomp_export_pfc: %d (%s)\n", rc, strerror(-rc));
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
