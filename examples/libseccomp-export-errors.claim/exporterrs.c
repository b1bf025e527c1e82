/* exporterrs.c: the errors of the export functions, and byte order */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HAVE_2_6  (SCMP_VER_MAJOR > 2 \
                   || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 6))

static const char *
ename(int rc)
{
    static char  buf[32];

    switch (-rc) {
    case 0:          return "0";
    case EBADF:      return "-EBADF";
    case ECANCELED:  return "-ECANCELED";
    case EINVAL:     return "-EINVAL";
    case ERANGE:     return "-ERANGE";
    }
    snprintf(buf, sizeof(buf), "%d", rc);
    return buf;
}

static void
show(const char *call, int rc)
{
    printf("%-36s %s\n", call, ename(rc));
}

static void
die(const char *what, int rc)
{
    fprintf(stderr, "%s: %s\n", what, strerror(rc < 0 ? -rc : rc));
    exit(EXIT_FAILURE);
}

/* A filter for arch (0: the native one) that fails uname(2). */
static scmp_filter_ctx
new_ctx(uint32_t arch)
{
    int              rc;
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL)
        die("seccomp_init", ENOMEM);
    rc = 0;
    if (arch != 0) {
        rc = seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
        if (rc == 0)
            rc = seccomp_arch_add(ctx, arch);
    }
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                              SCMP_SYS(uname), 0);
    if (rc != 0)
        die("new_ctx", rc);
    return ctx;
}

/* The first instruction of the exported program, byte by byte. */
static void
first_insn(const char *what, uint32_t arch)
{
    int              rc, p[2];
    unsigned char    b[8];
    scmp_filter_ctx  ctx;

    ctx = new_ctx(arch);
    if (pipe(p) == -1)
        die("pipe", errno);
    rc = seccomp_export_bpf(ctx, p[1]);
    if (rc != 0)
        die("seccomp_export_bpf", rc);
    if (read(p[0], b, sizeof(b)) != sizeof(b))
        die("read", EIO);
    printf("%-36s %02x %02x %02x %02x %02x %02x %02x %02x\n", what,
           b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]);
    close(p[0]);
    close(p[1]);
    seccomp_release(ctx);
}

int
main(void)
{
    int              rc;
    scmp_filter_ctx  ctx;
#if HAVE_2_6
    size_t           len;
    unsigned char    small[8];
#endif

    ctx = new_ctx(0);
    rc = seccomp_export_bpf(ctx, -1);
    show("export_bpf(fd -1)", rc);
    rc = seccomp_export_pfc(ctx, -1);
    show("export_pfc(fd -1)", rc);
    rc = seccomp_export_bpf(NULL, STDOUT_FILENO);
    show("export_bpf(NULL)", rc);
    rc = seccomp_export_pfc(NULL, STDOUT_FILENO);
    show("export_pfc(NULL)", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 1);
    if (rc != 0)
        die("seccomp_attr_set", rc);
    rc = seccomp_export_bpf(ctx, -1);
    show("export_bpf(fd -1), API_SYSRAWRC", rc);
    rc = seccomp_export_pfc(ctx, -1);
    show("export_pfc(fd -1), API_SYSRAWRC", rc);
#if HAVE_2_6
    rc = seccomp_export_bpf_mem(ctx, NULL, NULL);
    show("export_bpf_mem(len NULL)", rc);
    len = 0;
    rc = seccomp_export_bpf_mem(NULL, NULL, &len);
    show("export_bpf_mem(NULL)", rc);
    len = sizeof(small);
    rc = seccomp_export_bpf_mem(ctx, small, &len);
    show("export_bpf_mem(8-byte buffer)", rc);
    printf("%-36s %zu\n", "  length stored", len);
#endif
    seccomp_release(ctx);

    first_insn("x86_64, first instruction", 0);
    first_insn("ppc64, first instruction",
               SCMP_ARCH_PPC64);
    exit(EXIT_SUCCESS);
}
