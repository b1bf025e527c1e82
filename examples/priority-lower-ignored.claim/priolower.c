/* priolower.c: a lower priority given later is ignored */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/filter.h>

/* Print the system call numbers that the BPF program of ctx
   compares with, in the order it does. */
static void
print_order(const char *what, scmp_filter_ctx ctx)
{
    int                  rc, p[2];
    ssize_t              n;
    struct sock_filter   insn[512];

    if (pipe(p) == -1) {
        perror("pipe");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_export_bpf(ctx, p[1]);
    if (rc != 0) {
        fprintf(stderr, "seccomp_export_bpf: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    close(p[1]);
    n = read(p[0], insn, sizeof(insn));
    close(p[0]);
    if (n <= 0 || n % sizeof(insn[0]) != 0) {
        fprintf(stderr, "read: a BPF program was expected\n");
        exit(EXIT_FAILURE);
    }
    printf("%s:", what);
    for (size_t i = 0; i < n / sizeof(insn[0]); i++) {
        if (insn[i].code == (BPF_JMP | BPF_JEQ | BPF_K)
            && insn[i].k < 1024)
            printf(" %u", insn[i].k);
    }
    printf("\n");
}

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
                          SCMP_SYS(getpid), 0);
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                              SCMP_SYS(getppid), 0);
    if (rc != 0) {
        fprintf(stderr, "seccomp_rule_add: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    print_order("no priorities", ctx);
    rc = seccomp_syscall_priority(ctx, SCMP_SYS(getppid), 200);
    printf("getppid priority 200: %d\n", rc);
    print_order("order", ctx);
    rc = seccomp_syscall_priority(ctx, SCMP_SYS(getppid), 0);
    printf("getppid priority 0: %d\n", rc);
    print_order("order", ctx);
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
