/* errs.c: what seccomp() returns, and its errors, one case a line */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
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

#define BIG  4096               /* BPF_MAXINSNS */

/* A filter that kills other ABIs (and x32 numbers in an x86-64
   program) and allows the rest, padded to LEN instructions with
   loads of an argument: the kernel's cache of allowed calls
   (Linux 5.11) gives up on such a filter at once, rather than
   run all of it for every system call number. */
static struct sock_filter  insns[BIG + 1];

static struct sock_fprog
allow_filter(unsigned short len)
{
    unsigned short      n = 0;
    struct sock_fprog   prog;

    insns[n++] = (struct sock_filter)
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch));
    insns[n++] = (struct sock_filter)
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0);
    insns[n++] = (struct sock_filter)
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    insns[n++] = (struct sock_filter)
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr));
#if defined(__x86_64__) && !defined(__ILP32__)   /* the x32 bit */
    insns[n++] = (struct sock_filter)
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x40000000, 0, 1);
    insns[n++] = (struct sock_filter)
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
#endif
    while (n < len - 1)
        insns[n++] = (struct sock_filter)
            BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                     offsetof(struct seccomp_data, args[0]));
    insns[n++] = (struct sock_filter)
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    prog.len = n;
    prog.filter = insns;
    return prog;
}

static const char *
errname(int e)
{
    static char  buf[32];

    switch (e) {
    case EACCES:     return "EACCES";
    case EBUSY:      return "EBUSY";
    case EFAULT:     return "EFAULT";
    case EINVAL:     return "EINVAL";
    case EMFILE:     return "EMFILE";
    case ENOMEM:     return "ENOMEM";
    case ENOSYS:     return "ENOSYS";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case ESRCH:      return "ESRCH";
    }
    snprintf(buf, sizeof(buf), "errno %d", e);
    return buf;
}

static long
sc(unsigned int op, unsigned int flags, void *args)
{
    return syscall(SYS_seccomp, op, flags, args);
}

/* Print what a call returned: -1 and the error, or the value. */
static long
show(const char *what, long r)
{
    if (r == -1)
        printf("%-36s -1, %s\n", what, errname(errno));
    else
        printf("%-36s %ld\n", what, r);
    return r;
}

static long
filter(const char *what, unsigned int flags, struct sock_fprog prog)
{
    return show(what, sc(SECCOMP_SET_MODE_FILTER, flags, &prog));
}

/* Strict mode in a child, which reports the return value over a pipe
   with write(2) and ends with the exit system call. */
static void
strict_child(void)
{
    int    pfd[2], st;
    long   r = -2;
    pid_t  pid;

    if (pipe(pfd) == -1 || (pid = fork()) == -1) {
        perror("pipe or fork");
        exit(EXIT_FAILURE);
    }
    if (pid == 0) {
        r = sc(SECCOMP_SET_MODE_STRICT, 0, NULL);
        if (write(pfd[1], &r, sizeof(r)) != sizeof(r))
            syscall(SYS_exit, 1);
        syscall(SYS_exit, 0);
    }
    close(pfd[1]);
    if (waitpid(pid, &st, 0) == -1) {
        perror("waitpid");
        exit(EXIT_FAILURE);
    }
    if (WIFSIGNALED(st))
        printf("%-36s killed by signal %d\n",
               "SET_MODE_STRICT (a child):", WTERMSIG(st));
    else if (read(pfd[0], &r, sizeof(r)) == sizeof(r))
        printf("%-36s %ld\n", "SET_MODE_STRICT (a child):", r);
    else
        printf("%-36s no answer\n", "SET_MODE_STRICT (a child):");
    close(pfd[0]);
}

/* In a child: filters of BIG instructions until one fails. */
static void
too_many_child(void)
{
    int    n, st;
    pid_t  pid;

    pid = fork();
    if (pid == -1) {
        perror("fork");
        exit(EXIT_FAILURE);
    }
    if (pid == 0) {
        struct sock_fprog  prog = allow_filter(BIG);

        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
            perror("prctl");
            _exit(EXIT_FAILURE);
        }
        for (n = 1; n <= 64; n++)
            if (sc(SECCOMP_SET_MODE_FILTER, 0, &prog) == -1)
                break;
        printf("%-36s -1, %s at filter %d\n",
               "filters of 4096 instructions:", errname(errno), n);
        _exit(EXIT_SUCCESS);
    }
    if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st)) {
        fprintf(stderr, "the child failed\n");
        exit(EXIT_FAILURE);
    }
}

int
main(void)
{
    int                 lfd, lfd2, avail;
    struct rlimit       rl, old;
    struct sock_fprog   prog;
    struct sock_filter  bad[3];
    struct seccomp_notif_sizes  sizes;

    setvbuf(stdout, NULL, _IONBF, 0);
    strict_child();
    too_many_child();

    /* Without no_new_privs (this runs as an unprivileged user). */
    filter("FILTER, no no_new_privs:", 0, allow_filter(8));
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }

    /* Operations, arguments and flags. */
    show("operation 99:", sc(99, 0, NULL));
    show("SET_MODE_STRICT, flags 1:",
         sc(SECCOMP_SET_MODE_STRICT, 1, NULL));
    show("SET_MODE_STRICT, args not NULL:",
         sc(SECCOMP_SET_MODE_STRICT, 0, &prog));
    filter("FILTER, flags 1<<31:", 1U << 31, allow_filter(8));
    show("FILTER, args 1:", sc(SECCOMP_SET_MODE_FILTER, 0, (void *) 1));
    avail = SECCOMP_RET_LOG;
    show("GET_ACTION_AVAIL, RET_LOG:",
         sc(SECCOMP_GET_ACTION_AVAIL, 0, &avail));
    avail = 0x12340000;
    show("GET_ACTION_AVAIL, 0x12340000:",
         sc(SECCOMP_GET_ACTION_AVAIL, 0, &avail));
    show("GET_NOTIF_SIZES:", sc(SECCOMP_GET_NOTIF_SIZES, 0, &sizes));

    /* Programs that seccomp refuses. */
    prog.len = 0;
    prog.filter = insns;
    filter("FILTER, empty program:", 0, prog);
    prog = allow_filter(BIG);
    prog.len = BIG + 1;
    insns[BIG] = insns[BIG - 1];
    filter("FILTER, 4097 instructions:", 0, prog);
    bad[0] = (struct sock_filter)
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 64);
    bad[1] = (struct sock_filter) BPF_STMT(BPF_RET | BPF_K,
                                           SECCOMP_RET_ALLOW);
    prog.len = 2;
    prog.filter = bad;
    filter("FILTER, load at offset 64:", 0, prog);
    bad[0] = (struct sock_filter) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 2);
    filter("FILTER, load at offset 2:", 0, prog);
    bad[0] = (struct sock_filter) BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 0);
    filter("FILTER, byte load:", 0, prog);
    bad[0] = (struct sock_filter) BPF_JUMP(BPF_JMP | BPF_JA, 5, 0, 0);
    filter("FILTER, jump past the end:", 0, prog);
    bad[0] = (struct sock_filter) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0);
    bad[1] = bad[0];
    filter("FILTER, no return at the end:", 0, prog);

    /* Listeners. */
    if (getrlimit(RLIMIT_NOFILE, &old) == -1 || (lfd = dup(0)) == -1) {
        perror("getrlimit or dup");
        exit(EXIT_FAILURE);
    }
    close(lfd);
    rl = old;
    rl.rlim_cur = lfd;          /* the lowest free descriptor */
    if (setrlimit(RLIMIT_NOFILE, &rl) == -1) {
        perror("setrlimit");
        exit(EXIT_FAILURE);
    }
    filter("NEW_LISTENER, no free descriptor:",
           SECCOMP_FILTER_FLAG_NEW_LISTENER, allow_filter(8));
    if (setrlimit(RLIMIT_NOFILE, &old) == -1) {
        perror("setrlimit");
        exit(EXIT_FAILURE);
    }
    filter("FILTER:", 0, allow_filter(8));
    lfd = filter("NEW_LISTENER:", SECCOMP_FILTER_FLAG_NEW_LISTENER,
                 allow_filter(8));
    filter("NEW_LISTENER, the first one open:",
           SECCOMP_FILTER_FLAG_NEW_LISTENER, allow_filter(8));
    if (lfd >= 0)
        close(lfd);
    lfd2 = filter("NEW_LISTENER, the first one closed:",
                  SECCOMP_FILTER_FLAG_NEW_LISTENER, allow_filter(8));
    if (lfd2 >= 0)
        close(lfd2);

    /* Filter mode is for good. */
    show("SET_MODE_STRICT in filter mode:",
         sc(SECCOMP_SET_MODE_STRICT, 0, NULL));
    exit(EXIT_SUCCESS);
}
