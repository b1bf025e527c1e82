/* attrs.c: the attributes of a new filter context, then changed */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    enum scmp_filter_attr  attr;
    const char             *name;
} attrs[] = {
    { SCMP_FLTATR_ACT_DEFAULT,   "ACT_DEFAULT" },
    { SCMP_FLTATR_ACT_BADARCH,   "ACT_BADARCH" },
    { SCMP_FLTATR_CTL_NNP,       "CTL_NNP" },
    { SCMP_FLTATR_CTL_TSYNC,     "CTL_TSYNC" },
    { SCMP_FLTATR_API_TSKIP,     "API_TSKIP" },
    { SCMP_FLTATR_CTL_LOG,       "CTL_LOG" },
    { SCMP_FLTATR_CTL_SSB,       "CTL_SSB" },
    { SCMP_FLTATR_CTL_OPTIMIZE,  "CTL_OPTIMIZE" },
    { SCMP_FLTATR_API_SYSRAWRC,  "API_SYSRAWRC" },
};

static void
print_attrs(scmp_filter_ctx ctx)
{
    int       rc;
    uint32_t  val;

    for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
        rc = seccomp_attr_get(ctx, attrs[i].attr, &val);
        if (rc != 0) {
            fprintf(stderr, "%s: %s\n", attrs[i].name, strerror(-rc));
            exit(EXIT_FAILURE);
        }
        printf("%-13s %#x\n", attrs[i].name, val);
    }
}

int
main(void)
{
    int              rc;
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    print_attrs(ctx);

    rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
                          SCMP_ACT_ERRNO(ENOSYS));
    if (rc == 0)
        rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
    if (rc == 0)
        rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);
    if (rc != 0) {
        fprintf(stderr, "seccomp_attr_set: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    printf("after seccomp_attr_set():\n");
    print_attrs(ctx);
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
