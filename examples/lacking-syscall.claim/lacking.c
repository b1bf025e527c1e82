/* lacking.c: a rule for a system call the architecture lacks */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The BPF program of a filter that allows all but system call NR
   (all, if NR is -1), added with ADD; its length in *LEN.  Exits
   if libseccomp fails otherwise than in ADD, whose result goes
   to *RC. */
static char *
program(int nr, int (*add)(scmp_filter_ctx, uint32_t, int,
                           unsigned int, ...),
        int *rc, long *len)
{
    scmp_filter_ctx  ctx;
    FILE             *f;
    char             *buf;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    f = tmpfile();
    if (ctx == NULL || f == NULL) {
        fprintf(stderr, "lacking: cannot set up\n");
        exit(EXIT_FAILURE);
    }
    *rc = 0;
    if (nr != -1)
        *rc = add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
    if (seccomp_export_bpf(ctx, fileno(f)) != 0
        || fseek(f, 0, SEEK_END) != 0 || (*len = ftell(f)) <= 0
        || (buf = malloc(*len)) == NULL
        || fseek(f, 0, SEEK_SET) != 0
        || fread(buf, 1, *len, f) != (size_t) *len)
    {
        fprintf(stderr, "lacking: cannot export the filter\n");
        exit(EXIT_FAILURE);
    }
    fclose(f);
    seccomp_release(ctx);
    return buf;
}

static const char *
errname(int rc)
{
    switch (-rc) {
    case EDOM:        return "EDOM";
    case EINVAL:      return "EINVAL";
    case EOPNOTSUPP:  return "EOPNOTSUPP";
    case EFAULT:      return "EFAULT";
    default:          return "?";
    }
}

int
main(int argc, char *argv[])
{
    int   nr, rc;
    long  len0, len;
    char  *prog0, *prog;

    if (argc != 2) {
        fprintf(stderr, "Usage: %s SYSCALL\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    nr = seccomp_syscall_resolve_name(argv[1]);
    if (nr == __NR_SCMP_ERROR) {
        fprintf(stderr, "lacking: %s: unknown\n", argv[1]);
        exit(EXIT_FAILURE);
    }
    printf("%s: %s\n", argv[1], nr < 0
           ? "not a system call of this architecture"
           : "a system call of this architecture");

    prog0 = program(-1, seccomp_rule_add, &rc, &len0);
    prog = program(nr, seccomp_rule_add, &rc, &len);
    if (rc != 0)
        printf("seccomp_rule_add: -%s (%s)\n", errname(rc),
               strerror(-rc));
    else if (len == len0 && memcmp(prog, prog0, len) == 0)
        printf("seccomp_rule_add: 0; the filter is the same as "
               "without the rule\n");
    else
        printf("seccomp_rule_add: 0; the filter has the rule\n");
    free(prog);

    prog = program(nr, seccomp_rule_add_exact, &rc, &len);
    if (rc != 0)
        printf("seccomp_rule_add_exact: -%s (%s)\n", errname(rc),
               strerror(-rc));
    else
        printf("seccomp_rule_add_exact: 0\n");
    free(prog);
    free(prog0);
    exit(EXIT_SUCCESS);
}
