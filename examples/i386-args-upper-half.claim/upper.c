/* upper.c: the upper half of an i386 argument, as a filter sees it */
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

#if !defined(__x86_64__) || defined(__ILP32__)
# error "an x86-64 program: it makes i386 calls with int $0x80"
#endif
#define I386_DUP  41            /* dup() in the i386 table */
#define ARG0_LO   offsetof(struct seccomp_data, args[0])
#define ARG0_HI   (ARG0_LO + 4) /* little-endian */

static long
int80(long nr, unsigned long arg)      /* an i386 system call */
{
    long  ret;

    __asm__ volatile ("int $0x80" : "=a" (ret) : "a" (nr), "b" (arg)
                      : "r8", "r9", "r10", "r11", "memory");
    return ret;
}

int
main(int argc, char *argv[])
{
    int                all64 = argc > 1 && strcmp(argv[1], "-64") == 0;
    unsigned long      arg[] = { 0, 0x100000000 };
    long               ret;
    struct sock_filter  filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_I386, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 0, 9),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x40000000, 7, 6),
        /* i386: deny dup(0) */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, I386_DUP, 0, 4),
        /* with -64, the upper half must be 0 too, as if the
           argument were a 64-bit value */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, all64 ? ARG0_HI : ARG0_LO),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG0_LO),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
    };
    struct sock_fprog  prog = { sizeof(filter) / sizeof(filter[0]),
                                filter };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
    {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    for (size_t i = 0; i < 2; i++) {
        ret = int80(I386_DUP, arg[i]);
        if (ret < 0)
            printf("dup(%#lx): %s\n", arg[i], strerror(-ret));
        else
            printf("dup(%#lx): new descriptor %ld\n", arg[i], ret);
    }
    exit(EXIT_SUCCESS);
}
