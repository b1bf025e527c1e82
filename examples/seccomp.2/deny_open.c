/* deny_open.c: deny some system calls, then call open() */
#include <errno.h>
#include <fcntl.h>
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

#define X32_BIT  0x40000000U

#if defined(__x86_64__) && defined(__ILP32__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define NR_LOW   X32_BIT
# define NR_HIGH  0xffffffffU
#elif defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define NR_LOW   0U
# define NR_HIGH  (X32_BIT - 1)
#elif defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
# define MY_ARCH  AUDIT_ARCH_AARCH64
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#elif defined(__riscv) && __riscv_xlen == 64
# define MY_ARCH  AUDIT_ARCH_RISCV64
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__ARMEB__)
# define MY_ARCH  AUDIT_ARCH_ARM
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif

/* The system calls that open a file by name, where they exist. */
static const struct {
    const char  *name;
    long        nr;
} calls[] = {
    { "openat", __NR_openat },
#ifdef __NR_open
    { "open", __NR_open },
#endif
#ifdef __NR_creat
    { "creat", __NR_creat },
#endif
#ifdef __NR_openat2
    { "openat2", __NR_openat2 },
#endif
};

#define NCALLS  (sizeof(calls) / sizeof(calls[0]))

static struct sock_filter  filter[8 + NCALLS + 2];
static unsigned short      len;

static void
add(unsigned short code, unsigned int k, unsigned char jt,
    unsigned char jf)
{
    filter[len].code = code;
    filter[len].jt = jt;
    filter[len].jf = jf;
    filter[len].k = k;
    len++;
}

int
main(int argc, char *argv[])
{
    int                fd;
    long               nr[NCALLS];
    char               *name;
    size_t             i, n;
    struct sock_fprog  prog;

    if (argc != 3) {
        fprintf(stderr, "Usage: %s NAME[,NAME]... FILE\n", argv[0]);
        exit(EXIT_FAILURE);
    }

    n = 0;
    for (name = strtok(argv[1], ","); name != NULL;
         name = strtok(NULL, ","))
    {
        for (i = 0; i < NCALLS; i++) {
            if (strcmp(name, calls[i].name) == 0)
                break;
        }
        if (i == NCALLS || n == NCALLS) {
            fprintf(stderr, "%s: not one of this ABI's open calls\n",
                    name);
            exit(EXIT_FAILURE);
        }
        nr[n++] = calls[i].nr;
    }

    /* Another ABI: its numbers mean other calls, so kill. */
    add(BPF_LD | BPF_W | BPF_ABS,
        offsetof(struct seccomp_data, arch), 0, 0);
    add(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0);
    add(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
    add(BPF_LD | BPF_W | BPF_ABS,
        offsetof(struct seccomp_data, nr), 0, 0);
    add(BPF_JMP | BPF_JGE | BPF_K, NR_LOW, 1, 0);
    add(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
    add(BPF_JMP | BPF_JGT | BPF_K, NR_HIGH, 0, 1);
    add(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
    /* One test per denied call, jumping to the last instruction. */
    for (i = 0; i < n; i++)
        add(BPF_JMP | BPF_JEQ | BPF_K, nr[i], n - i, 0);
    add(BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
    add(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM, 0, 0);

    prog.len = len;
    prog.filter = filter;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == -1) {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }

    fd = open(argv[2], O_RDONLY);
    if (fd == -1) {
        printf("open(\"%s\"): %s\n", argv[2], strerror(errno));
        exit(EXIT_FAILURE);
    }
    printf("open(\"%s\"): success\n", argv[2]);
    if (close(fd) == -1) {
        perror("close");
        exit(EXIT_FAILURE);
    }
    exit(EXIT_SUCCESS);
}
