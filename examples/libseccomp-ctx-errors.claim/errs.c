/* errs.c: the errors of the libseccomp functions on filter contexts */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>

#define UNAME     SCMP_SYS(uname)
#define HAVE_2_6  (SCMP_VER_MAJOR > 2 \
                   || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 6))

static const char *
ename(int rc)
{
    static char  buf[32];

    switch (-rc) {
    case 0:           return "0";
    case EACCES:      return "-EACCES";
    case EDOM:        return "-EDOM";
    case EEXIST:      return "-EEXIST";
    case EFAULT:      return "-EFAULT";
    case EINVAL:      return "-EINVAL";
    case ENOMEM:      return "-ENOMEM";
    case EOPNOTSUPP:  return "-EOPNOTSUPP";
    case ECANCELED:   return "-ECANCELED";
    }
    snprintf(buf, sizeof(buf), "%d", rc);
    return buf;
}

static void
show(const char *call, int rc)
{
    printf("%-40s %s\n", call, ename(rc));
}

static scmp_filter_ctx
new_ctx(uint32_t def_action)
{
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(def_action);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    return ctx;
}

/* A context for one architecture other than the native one. */
static scmp_filter_ctx
foreign_ctx(uint32_t def_action, uint32_t arch)
{
    scmp_filter_ctx  ctx;

    ctx = new_ctx(def_action);
    if (seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE) != 0
        || seccomp_arch_add(ctx, arch) != 0)
    {
        fprintf(stderr, "cannot make a context for 0x%x\n", arch);
        exit(EXIT_FAILURE);
    }
    return ctx;
}

static void
show_init(const char *call, uint32_t def_action)
{
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(def_action);
    printf("%-40s %s\n", call, ctx == NULL ? "NULL" : "a context");
    seccomp_release(ctx);
}

int
main(void)
{
    int                   rc;
    uint32_t              val;
    scmp_filter_ctx       ctx, two, other;
    struct scmp_arg_cmp   cmp[7];

    ctx = new_ctx(SCMP_ACT_ALLOW);
    for (int i = 0; i < 7; i++)
        cmp[i] = SCMP_CMP(i % 6, SCMP_CMP_EQ, 0);

    show_init("init(ERRNO(4094))", SCMP_ACT_ERRNO(4094));
    show_init("init(ERRNO(4095))", SCMP_ACT_ERRNO(4095));
    show_init("init(NOTIFY)", SCMP_ACT_NOTIFY);
    show_init("init(0x12345678)", 0x12345678);
    rc = seccomp_reset(ctx, 0x12345678);
    show("reset(ctx, 0x12345678)", rc);
    rc = seccomp_api_set(0);
    show("api_set(0)", rc);
    rc = seccomp_api_set(8);
    show("api_set(8)", rc);

    rc = seccomp_arch_add(ctx, SCMP_ARCH_NATIVE);
    show("arch_add(native)", rc);
    rc = seccomp_arch_add(ctx, 0x1234);
    show("arch_add(0x1234)", rc);
    rc = seccomp_arch_add(ctx, SCMP_ARCH_PPC64);
    show("arch_add(PPC64), big-endian", rc);
    rc = seccomp_arch_remove(ctx, SCMP_ARCH_X86);
    show("arch_remove(absent)", rc);
    rc = seccomp_arch_exist(ctx, SCMP_ARCH_X86);
    show("arch_exist(absent)", rc);
    rc = seccomp_arch_exist(ctx, SCMP_ARCH_NATIVE);
    show("arch_exist(native)", rc);
    printf("%-40s %u\n", "arch_resolve_name(\"nosuch\")",
           seccomp_arch_resolve_name("nosuch"));

    rc = seccomp_attr_set(NULL, SCMP_FLTATR_CTL_NNP, 0);
    show("attr_set(NULL, CTL_NNP)", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_DEFAULT, SCMP_ACT_KILL);
    show("attr_set(ACT_DEFAULT)", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, 0x12345678);
    show("attr_set(ACT_BADARCH, 0x12345678)", rc);
    rc = seccomp_attr_set(ctx, 99, 1);
    show("attr_set(99)", rc);
    rc = seccomp_attr_set(ctx, 10, 0);
    show("attr_set(10)", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 3);
    show("attr_set(CTL_OPTIMIZE, 3)", rc);
    rc = seccomp_attr_get(NULL, SCMP_FLTATR_CTL_NNP, &val);
    show("attr_get(NULL, CTL_NNP)", rc);

    rc = seccomp_rule_add(NULL, SCMP_ACT_KILL, UNAME, 0);
    show("rule_add(NULL)", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, UNAME, 0);
    show("rule_add(default action)", rc);
    rc = seccomp_rule_add(ctx, 0x12345678, UNAME, 0);
    show("rule_add(0x12345678)", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_KILL, -50, 0);
    show("rule_add(syscall -50)", rc);
    rc = seccomp_rule_add_array(ctx, SCMP_ACT_KILL, UNAME, 7, cmp);
    show("rule_add_array(7 comparisons)", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_KILL, UNAME, 1,
                          SCMP_CMP(6, SCMP_CMP_EQ, 0));
    show("rule_add(argument 6)", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_KILL, UNAME, 2,
                          SCMP_A0(SCMP_CMP_EQ, 1),
                          SCMP_A0(SCMP_CMP_EQ, 2));
    show("rule_add(argument 0 twice)", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_KILL, UNAME, 1,
                          SCMP_CMP(0, 99, 0));
    show("rule_add(operator 99)", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(1), UNAME, 1,
                          SCMP_A0(SCMP_CMP_EQ, 1));
    show("rule_add(A0 == 1, ERRNO(1))", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(2), UNAME, 1,
                          SCMP_A0(SCMP_CMP_EQ, 1));
    show("rule_add(A0 == 1, ERRNO(2))", rc);
    rc = seccomp_rule_add_exact(ctx, SCMP_ACT_KILL,
                                SCMP_SYS(getuid32), 0);
    show("rule_add_exact(getuid32)", rc);

    two = new_ctx(SCMP_ACT_ALLOW);
    if (seccomp_arch_add(two, SCMP_ARCH_X86) != 0) {
        fprintf(stderr, "seccomp_arch_add failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_rule_add_exact(two, SCMP_ACT_KILL, UNAME, 0);
    show("rule_add_exact(two architectures)", rc);
    other = foreign_ctx(SCMP_ACT_ALLOW, SCMP_ARCH_X86);
    rc = seccomp_rule_add_exact(other, SCMP_ACT_KILL, SCMP_SYS(bind), 1,
                                SCMP_A0(SCMP_CMP_EQ, 3));
    show("rule_add_exact(x86, bind, A0 == 3)", rc);
    seccomp_release(other);

    rc = seccomp_syscall_priority(NULL, UNAME, 1);
    show("syscall_priority(NULL)", rc);
    rc = seccomp_syscall_priority(ctx, -50, 1);
    show("syscall_priority(syscall -50)", rc);
    rc = seccomp_syscall_priority(ctx, 5000, 1);
    show("syscall_priority(5000)", rc);
    rc = seccomp_syscall_priority(two, 5000, 1);
    show("syscall_priority(5000), two arches", rc);
    seccomp_release(two);
    other = foreign_ctx(SCMP_ACT_ALLOW, SCMP_ARCH_AARCH64);
    if (seccomp_arch_add(other, SCMP_ARCH_X86_64) != 0) {
        fprintf(stderr, "seccomp_arch_add failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_syscall_priority(other, SCMP_SYS(open), 1);
    show("syscall_priority(open), aarch64 too", rc);
    seccomp_release(other);

    rc = seccomp_merge(NULL, ctx);
    show("merge(NULL, ctx)", rc);
    other = new_ctx(SCMP_ACT_ALLOW);
    rc = seccomp_merge(ctx, other);
    show("merge(same architecture)", rc);
    seccomp_release(other);
    other = foreign_ctx(SCMP_ACT_KILL, SCMP_ARCH_X86);
    rc = seccomp_merge(ctx, other);
    show("merge(other default action)", rc);
    seccomp_release(other);
    other = foreign_ctx(SCMP_ACT_ALLOW, SCMP_ARCH_PPC64);
    rc = seccomp_merge(ctx, other);
    show("merge(big-endian)", rc);
    seccomp_release(other);
    other = foreign_ctx(SCMP_ACT_ALLOW, SCMP_ARCH_X86);
    if (seccomp_attr_set(other, SCMP_FLTATR_CTL_NNP, 0) != 0) {
        fprintf(stderr, "seccomp_attr_set failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_merge(ctx, other);
    show("merge(other CTL_NNP)", rc);
    seccomp_release(other);

    rc = seccomp_load(NULL);
    show("load(NULL)", rc);
#if HAVE_2_6
    rc = seccomp_precompute(NULL);
    show("precompute(NULL)", rc);
    rc = seccomp_transaction_start(NULL);
    show("transaction_start(NULL)", rc);
    rc = seccomp_transaction_commit(NULL);
    show("transaction_commit(NULL)", rc);
    rc = seccomp_transaction_commit(ctx);
    show("transaction_commit(), none open", rc);
    rc = seccomp_transaction_start(ctx);
    show("transaction_start()", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_API_TSKIP, 1);
    show("attr_set(API_TSKIP, 1)", rc);
    seccomp_transaction_reject(ctx);
    rc = seccomp_attr_get(ctx, SCMP_FLTATR_API_TSKIP, &val);
    printf("%-40s %s, %u\n", "after reject: attr_get(API_TSKIP)",
           ename(rc), val);
#endif


    /* What a lower API level refuses. */
    other = new_ctx(SCMP_ACT_ALLOW);
    rc = seccomp_rule_add(other, SCMP_ACT_NOTIFY, UNAME, 0);
    show("rule_add(NOTIFY)", rc);
    rc = seccomp_api_set(5);
    show("api_set(5)", rc);
    rc = seccomp_attr_set(other, SCMP_FLTATR_CTL_TSYNC, 1);
    show("attr_set(CTL_TSYNC, 1), NOTIFY used", rc);
    rc = seccomp_api_set(4);
    show("api_set(4)", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(getpid), 0);
    show("rule_add(NOTIFY), level 4", rc);
    rc = seccomp_api_set(3);
    show("api_set(3)", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1);
    show("attr_set(CTL_SSB, 1), level 3", rc);
    rc = seccomp_api_set(2);
    show("api_set(2)", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_LOG, 1);
    show("attr_set(CTL_LOG, 1), level 2", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_LOG, SCMP_SYS(getpid), 0);
    show("rule_add(LOG), level 2", rc);
    rc = seccomp_api_set(1);
    show("api_set(1)", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
    show("attr_set(CTL_TSYNC, 1), level 1", rc);
    rc = seccomp_api_set(7);
    show("api_set(7)", rc);
    seccomp_release(other);
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
