/* killable.c: a signal before and after the notification is received */
#include <err.h>
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__x86_64__)
# define ARCH  AUDIT_ARCH_X86_64
#elif defined(__i386__)
# define ARCH  AUDIT_ARCH_I386
#elif defined(__aarch64__)
# define ARCH  AUDIT_ARCH_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64
# define ARCH  AUDIT_ARCH_RISCV64
#elif defined(__arm__)
# define ARCH  AUDIT_ARCH_ARM
#elif defined(__s390x__)
# define ARCH  AUDIT_ARCH_S390X
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
# define ARCH  AUDIT_ARCH_PPC64LE
#else
# error "no AUDIT_ARCH_* value for this architecture"
#endif
#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV   /* Linux 5.19 */
# define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV  (1UL << 5)
#endif

static void
on_usr1(int sig)
{
    (void) sig;
}

int
main(int argc, char *argv[])
{
    int                        fd, status, after;
    long                       r;
    pid_t                      pid;
    struct pollfd              pfd;
    struct sigaction           sa;
    struct seccomp_notif       req;
    struct seccomp_notif_resp  resp;
    struct sock_filter         f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__) && !defined(__ILP32__)
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1), /* x32 */
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_umask, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog          prog = { sizeof(f) / sizeof(f[0]), f };

    if (argc != 2 || (strcmp(argv[1], "before") != 0
                      && strcmp(argv[1], "after") != 0))
        errx(EXIT_FAILURE, "usage: %s before|after", argv[0]);
    after = strcmp(argv[1], "after") == 0;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
        err(EXIT_FAILURE, "prctl");
    fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                 SECCOMP_FILTER_FLAG_NEW_LISTENER
                 | SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV, &prog);
    if (fd == -1)
        err(EXIT_FAILURE, "seccomp");
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;            /* no SA_RESTART */
    if (sigaction(SIGUSR1, &sa, NULL) == -1)
        err(EXIT_FAILURE, "sigaction");
    setvbuf(stdout, NULL, _IONBF, 0);
    pid = fork();
    if (pid == -1)
        err(EXIT_FAILURE, "fork");
    if (pid == 0) {                     /* the target */
        errno = 0;
        r = syscall(SYS_umask, 022);
        printf("target: umask() = %ld, errno = %d\n", r, errno);
        exit(EXIT_SUCCESS);
    }
    pfd.fd = fd;
    pfd.events = POLLIN;
    memset(&req, 0, sizeof(req));
    if (!after && poll(&pfd, 1, -1) == -1)
        err(EXIT_FAILURE, "poll");
    if (after && ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req) == -1)
        err(EXIT_FAILURE, "SECCOMP_IOCTL_NOTIF_RECV");
    printf("supervisor: SIGUSR1 %s SECCOMP_IOCTL_NOTIF_RECV\n",
           after ? "after" : "before");
    if (kill(pid, SIGUSR1) == -1)
        err(EXIT_FAILURE, "kill");
    if (after) {
        usleep(200000);
        memset(&resp, 0, sizeof(resp));
        resp.id = req.id;
        resp.error = -EPERM;
        if (ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp) == -1)
            err(EXIT_FAILURE, "SECCOMP_IOCTL_NOTIF_SEND");
    }
    if (waitpid(pid, &status, 0) == -1)
        err(EXIT_FAILURE, "waitpid");
    exit(status == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
