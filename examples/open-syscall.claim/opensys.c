/* opensys.c: which system call open(2) makes */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
#elif defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64     /* x86-64 and x32 */
#elif defined(__aarch64__)
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

int
main(void)
{
    /* open fails with E2BIG, openat with ENOTBLK: distinct errors. */
    struct sock_filter  f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__) && !defined(__ILP32__)   /* the x32 bit */
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#endif
#ifdef SYS_open
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_open, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | E2BIG),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOTBLK),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = { sizeof(f) / sizeof(f[0]), f };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog)
           == -1)
        err(EXIT_FAILURE, "seccomp");
    if (open("/", O_RDONLY) != -1
        || (errno != E2BIG && errno != ENOTBLK))
        err(EXIT_FAILURE, "open() made neither system call");
    printf("open() made the %s system call\n",
           errno == E2BIG ? "open" : "openat");
    exit(EXIT_SUCCESS);
}
