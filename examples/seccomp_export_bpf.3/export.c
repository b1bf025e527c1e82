/* export.c: show the filter that libseccomp generates */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HAVE_BPF_MEM  (SCMP_VER_MAJOR > 2 \
                       || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 6))

int
main(int argc, char *argv[])
{
    int              rc;
    scmp_filter_ctx  ctx;
#if HAVE_BPF_MEM
    size_t           len;
    unsigned char    *buf;
#endif

    if (argc != 2) {
        fprintf(stderr, "Usage: %s pfc|bpf|size\n", argv[0]);
        exit(EXIT_FAILURE);
    }

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS),
                          SCMP_SYS(openat2), 0);
    if (rc != 0)
        goto fail;

    if (strcmp(argv[1], "pfc") == 0) {
        rc = seccomp_export_pfc(ctx, STDOUT_FILENO);
    } else if (strcmp(argv[1], "bpf") == 0) {
        rc = seccomp_export_bpf(ctx, STDOUT_FILENO);
    } else {
#if HAVE_BPF_MEM
        /* The length first, then a buffer of exactly that size:
           libseccomp 2.6.0 as released copies *len bytes, and
           reads beyond the program into a larger buffer. */
        len = 0;
        rc = seccomp_export_bpf_mem(ctx, NULL, &len);
        if (rc == 0) {
            buf = malloc(len);
            if (buf == NULL) {
                rc = -ENOMEM;
                goto fail;
            }
            rc = seccomp_export_bpf_mem(ctx, buf, &len);
            free(buf);
        }
        if (rc == 0)
            printf("%zu bytes, %zu instructions\n", len, len / 8);
#else
        fprintf(stderr, "%s: needs libseccomp 2.6 or later\n", argv[1]);
        seccomp_release(ctx);
        exit(EXIT_FAILURE);
#endif
    }
    if (rc != 0)
        goto fail;

    seccomp_release(ctx);
    exit(EXIT_SUCCESS);

fail:
    fprintf(stderr, "%s: %s\n", argv[1], strerror(-rc));
    seccomp_release(ctx);
    exit(EXIT_FAILURE);
}
