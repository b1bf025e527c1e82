/* fallback.c: pthread_create(3) when clone3(2) fails */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
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

/* A number older C-library headers lack: since Linux 5.1 a new call
   has one number on every ABI here, with the x32 bit on x32. */
#ifndef SYS_clone3
# if defined(__x86_64__) && defined(__ILP32__)
#  define SYS_clone3  (0x40000000 + 435)
# else
#  define SYS_clone3  435
# endif
#endif

static void *
nothing(void *arg)
{
    return arg;
}

/* In a child: clone3 fails with ERR; create a thread. */
static void
try(int err, const char *name)
{
    int                 r;
    pthread_t           t;
    struct sock_filter  filter[] = {
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
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = {
        .len = sizeof(filter) / sizeof(filter[0]),
        .filter = filter,
    };

    if (fork() != 0) {
        wait(NULL);
        return;
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog)
           == -1)
    {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    r = pthread_create(&t, NULL, nothing, NULL);
    printf("clone3 fails with %s: pthread_create: %s\n", name,
           r == 0 ? "thread created" : strerror(r));
    exit(EXIT_SUCCESS);
}

int
main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    try(ENOSYS, "ENOSYS");
    try(EPERM, "EPERM");
    exit(EXIT_SUCCESS);
}
