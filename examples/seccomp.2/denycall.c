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

#define X32_BIT    0x40000000U
#define MAX_CALLS  32

/* The ABI this program is compiled for, as a filter sees it.
   x86-64 and x32 share AUDIT_ARCH_X86_64; the x32 bit in the
   system call number tells them apart (NR_LOW .. NR_HIGH). */
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
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
# define MY_ARCH  AUDIT_ARCH_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64
# define MY_ARCH  AUDIT_ARCH_RISCV64
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__ARMEB__)
# define MY_ARCH  AUDIT_ARCH_ARM
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif
#ifndef NR_LOW
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#endif

/* System call names this program knows.  Each number comes from
   the headers of the ABI the program is compiled for; a name the
   ABI lacks is simply not in the table. */
#define E(name)  { #name, __NR_##name }

static const struct {
    const char  *name;
    long        nr;
} calls[] = {
    E(read), E(write), E(close), E(openat), E(execve), E(execveat),
    E(uname), E(getpid), E(kill), E(ptrace), E(mount), E(umount2),
    E(unshare), E(setns), E(socket), E(connect), E(bind), E(clone),
    E(faccessat), E(fchmodat), E(fchmod), E(mkdirat), E(unlinkat),
    E(symlinkat), E(linkat), E(renameat2), E(chdir), E(personality),
    E(bpf), E(keyctl), E(memfd_create), E(io_uring_setup),
#ifdef __NR_open        /* the older calls, on ABIs that have them */
    E(open), E(creat), E(access), E(chmod), E(mkdir), E(unlink),
    E(rename), E(link), E(symlink), E(fork), E(vfork),
#endif
#ifdef __NR_clone3      /* newer calls, if the headers know them */
    E(clone3),
#endif
#ifdef __NR_openat2
    E(openat2),
#endif
#ifdef __NR_faccessat2
    E(faccessat2),
#endif
#ifdef __NR_fchmodat2
    E(fchmodat2),
#endif
};

static struct sock_filter  filter[8 + MAX_CALLS + 2];
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

static long
lookup(const char *name)
{
    char    *end;
    long    nr;
    size_t  i;

    for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
        if (strcmp(calls[i].name, name) == 0)
            return calls[i].nr;
    }
    errno = 0;
    nr = strtol(name, &end, 10);        /* or a number */
    if (errno != 0 || end == name || *end != '\0' || nr < 0)
        return -1;
    return nr;
}

static void
usage(const char *self)
{
    fprintf(stderr, "Usage: %s [-u] NAME[,NAME]... PROGRAM [ARG]...\n",
            self);
    exit(EXIT_FAILURE);
}

int
main(int argc, char *argv[])
{
    int                opt, check_x32;
    long               nr[MAX_CALLS];
    char               *name;
    size_t             i, n;
    struct sock_fprog  prog;

    check_x32 = 1;
    while ((opt = getopt(argc, argv, "+u")) != -1) {
        if (opt != 'u')
            usage(argv[0]);
        check_x32 = 0;          /* -u: only to show the bypass */
    }
    if (argc - optind < 2)
        usage(argv[0]);

    n = 0;
    for (name = strtok(argv[optind], ","); name != NULL;
         name = strtok(NULL, ","))
    {
        if (n == MAX_CALLS) {
            fprintf(stderr, "denycall: too many system calls\n");
            exit(EXIT_FAILURE);
        }
        nr[n] = lookup(name);
        if (nr[n] == -1) {
            fprintf(stderr, "denycall: %s: unknown on this "
                    "architecture; give its number\n", name);
            exit(EXIT_FAILURE);
        }
        n++;
    }
    if (n == 0)
        usage(argv[0]);

    /* Another ABI: its numbers mean other calls, so kill. */
    add(BPF_LD | BPF_W | BPF_ABS,
        offsetof(struct seccomp_data, arch), 0, 0);
    add(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0);
    add(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
    add(BPF_LD | BPF_W | BPF_ABS,
        offsetof(struct seccomp_data, nr), 0, 0);
    if (check_x32) {
        add(BPF_JMP | BPF_JGE | BPF_K, NR_LOW, 1, 0);
        add(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
        add(BPF_JMP | BPF_JGT | BPF_K, NR_HIGH, 0, 1);
        add(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
    }
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

    execvp(argv[optind + 1], &argv[optind + 1]);
    fprintf(stderr, "denycall: %s: %s\n", argv[optind + 1],
            strerror(errno));
    exit(EXIT_FAILURE);
}
