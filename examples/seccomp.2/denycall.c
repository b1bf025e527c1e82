/* denycall.c: run a program with some system calls denied */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The ABI as a filter sees it; X32 says whether its numbers have the
   x32 bit (x86-64 and x32 share AUDIT_ARCH_X86_64). */
#if defined(__x86_64__) && defined(__ILP32__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define X32      1
#elif defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define X32      0
#elif defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
# define MY_ARCH  AUDIT_ARCH_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64
# define MY_ARCH  AUDIT_ARCH_RISCV64
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__ARMEB__)
# define MY_ARCH  AUDIT_ARCH_ARM
#elif defined(__s390x__)
# define MY_ARCH  AUDIT_ARCH_S390X
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
# define MY_ARCH  AUDIT_ARCH_PPC64LE
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif
#ifndef X32
# define X32      (-1)          /* no x32 bit on this architecture */
#endif
#define X32_BIT  0x40000000U
/* Numbers older C-library headers lack: since Linux 5.1 a new call
   has one number on every ABI here, with the x32 bit on x32. */
#ifndef __NR_clone3
# define __NR_clone3   ((X32 == 1 ? X32_BIT : 0) + 435)
#endif
#ifndef __NR_openat2
# define __NR_openat2  ((X32 == 1 ? X32_BIT : 0) + 437)
#endif

/* Names with this ABI's numbers; a name the ABI lacks is not here. */
#define E(name)  { #name, __NR_##name }
static const struct {
    const char  *name;
    long        nr;
} calls[] = {
    E(read), E(write), E(openat), E(openat2), E(execve), E(uname),
    E(getpid), E(kill), E(ptrace), E(mount), E(socket), E(connect),
    E(clone), E(clone3), E(faccessat), E(fchmodat), E(unlinkat),
#ifdef __NR_open        /* older calls, on the ABIs that have them */
    E(open), E(creat), E(access), E(chmod), E(unlink), E(fork),
#endif
};

#define MAX_CALLS  32
#define ADD(insn)  (filter[len++] = (struct sock_filter) insn)
static struct sock_filter  filter[6 + MAX_CALLS + 2];
static unsigned short      len;

static long
lookup(const char *name)        /* a name, or a number; -1 if neither */
{
    char  *end;
    long  nr;

    for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
        if (strcmp(calls[i].name, name) == 0)
            return calls[i].nr;
    }
    errno = 0;
    nr = strtol(name, &end, 10);
    return (errno != 0 || end == name || *end != '\0') ? -1 : nr;
}

static void
usage(void)
{
    fputs("Usage: denycall [-u] NAME[,NAME]... CMD [ARG]...\n", stderr);
    exit(EXIT_FAILURE);
}

int
main(int argc, char *argv[])
{
    int                opt, check_x32 = 1;
    long               nr[MAX_CALLS];
    char               *name;
    size_t             n = 0;
    struct sock_fprog  prog;

    while ((opt = getopt(argc, argv, "+u")) != -1) {
        if (opt != 'u')
            usage();
        check_x32 = 0;          /* -u: only to show the bypass */
    }
    if (argc - optind < 2)
        usage();
    for (name = strtok(argv[optind], ","); name != NULL;
         name = strtok(NULL, ","))
    {
        if (n == MAX_CALLS) {
            fprintf(stderr, "denycall: too many system calls\n");
            exit(EXIT_FAILURE);
        }
        nr[n] = lookup(name);
        if (nr[n++] < 0) {
            fprintf(stderr, "denycall: %s: unknown on this "
                    "architecture; give its number\n", name);
            exit(EXIT_FAILURE);
        }
    }

    /* Another ABI: its numbers mean other calls, so kill. */
    ADD(BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)));
    ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0));
    ADD(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    ADD(BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)));
    if (check_x32 && X32 != -1) {       /* x32 in x86-64, or back */
        ADD(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, X32_BIT,
                     X32 == 1, X32 == 0));
        ADD(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    }
    /* One test per denied call, jumping to the last instruction. */
    for (size_t i = 0; i < n; i++)
        ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr[i], n - i, 0));
    ADD(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    ADD(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
    prog.len = len;
    prog.filter = filter;

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
    {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    execvp(argv[optind + 1], &argv[optind + 1]);
    fprintf(stderr, "denycall: %s: %s\n", argv[optind + 1],
            strerror(errno));
    exit(EXIT_FAILURE);
}
