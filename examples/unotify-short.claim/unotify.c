/* unotify.c: short answers about the notification file descriptor */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
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

#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS            /* Linux 6.6 */
# define SECCOMP_IOCTL_NOTIF_SET_FLAGS  SECCOMP_IOW(4, __u64)
#endif
/* Numbers older C-library headers lack: since Linux 5.1 a new call
   has one number on every ABI here, with the x32 bit on x32. */
#if defined(__x86_64__) && defined(__ILP32__)
# define NEW_NR(nr)  (0x40000000 + (nr))
#else
# define NEW_NR(nr)  (nr)
#endif
#ifndef SYS_pidfd_open
# define SYS_pidfd_open   NEW_NR(434)
#endif
#ifndef SYS_pidfd_getfd
# define SYS_pidfd_getfd  NEW_NR(438)
#endif
#ifndef SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
# define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP  (1UL << 0)
#endif

static const char *
result(long r)
{
    static char  buf[32];

    if (r >= 0) {
        snprintf(buf, sizeof(buf), "%ld", r);
        return buf;
    }
    return errno == EBUSY ? "EBUSY" : errno == EINVAL ? "EINVAL"
           : errno == EINTR ? "EINTR" : errno == ENOENT ? "ENOENT"
           : errno == EPERM ? "EPERM" : strerror(errno);
}

/* A filter that hands umask() to a new listener. */
static long
listener(void)
{
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
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_umask, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = { sizeof(f) / sizeof(f[0]), f };

    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                   SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
}

static void
on_alarm(int sig)
{
    (void) sig;
}

/* RECV, given up after USEC microseconds (SIGALRM without
   SA_RESTART). */
static long
recv_timed(int fd, struct seccomp_notif *req, long usec)
{
    long              r;
    int               saved;
    struct sigaction  sa;
    struct itimerval  it;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;
    memset(&it, 0, sizeof(it));
    it.it_value.tv_sec = usec / 1000000;
    it.it_value.tv_usec = usec % 1000000;
    if (sigaction(SIGALRM, &sa, NULL) == -1
        || setitimer(ITIMER_REAL, &it, NULL) == -1)
    {
        perror("SIGALRM");
        exit(EXIT_FAILURE);
    }
    memset(req, 0, sizeof(*req));
    r = ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, req);
    saved = errno;
    memset(&it, 0, sizeof(it));
    if (setitimer(ITIMER_REAL, &it, NULL) == -1) {
        perror("setitimer");
        exit(EXIT_FAILURE);
    }
    errno = saved;
    return r;
}

/* A child whose filter hands umask() over; its listener, copied here
   with pidfd_getfd(2).  The child calls umask() N times, then exits. */
static int
target(int n, pid_t *pid)
{
    int   p[2], q[2], fd, i, pidfd;
    long  r;
    char  c = 0;

    if (pipe(p) == -1 || pipe(q) == -1)
        exit(EXIT_FAILURE);
    *pid = fork();
    if (*pid == 0) {
        fd = listener();
        if (write(p[1], &fd, sizeof(fd)) != sizeof(fd)
            || read(q[0], &c, 1) != 1)
            _exit(EXIT_FAILURE);
        close(fd);
        for (i = 0; i < n; i++) {
            r = syscall(SYS_umask, 022);
            printf("target: umask(022) = %s\n", r == -1
                   ? result(-1) : result(r));
        }
        _exit(EXIT_SUCCESS);
    }
    if (read(p[0], &fd, sizeof(fd)) != sizeof(fd))
        exit(EXIT_FAILURE);
    pidfd = syscall(SYS_pidfd_open, *pid, 0);
    fd = syscall(SYS_pidfd_getfd, pidfd, fd, 0);
    if (fd == -1 || write(q[1], &c, 1) != 1) {
        perror("pidfd_getfd");
        exit(EXIT_FAILURE);
    }
    return fd;
}

static void
answer(int fd, long error, long val)
{
    struct seccomp_notif       req;
    struct seccomp_notif_resp  resp;

    if (recv_timed(fd, &req, 10000000) == -1) {    /* the call is due */
        printf("supervisor: RECV: %s\n", result(-1));
        return;
    }
    memset(&resp, 0, sizeof(resp));
    resp.id = req.id;
    resp.error = error;
    resp.val = val;
    printf("supervisor: error = %ld, val = %ld\n", error, val);
    if (ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp) == -1)
        printf("supervisor: SEND: %s\n", result(-1));
}

int
main(int argc, char *argv[])
{
    int                   fd;
    pid_t                 pid;
    struct seccomp_notif  req;

    setvbuf(stdout, NULL, _IONBF, 0);
    if (argc != 2 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        fprintf(stderr, "Usage: %s busy|nonblock|answer|exited|flags\n",
                argv[0]);
        exit(EXIT_FAILURE);
    }
    if (strcmp(argv[1], "busy") == 0) {
        fd = listener();
        printf("first listener: %s\n", result(fd));
        printf("second listener: %s\n", result(listener()));
        if (fork() == 0) {
            printf("listener in a child: %s\n", result(listener()));
            _exit(EXIT_SUCCESS);
        }
        wait(NULL);
        close(fd);
        printf("after close: %s\n", result(listener()));
    } else if (strcmp(argv[1], "nonblock") == 0) {
        fd = listener();
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        printf("RECV, O_NONBLOCK, nothing pending: %s\n",
               result(recv_timed(fd, &req, 250000)));
    } else if (strcmp(argv[1], "answer") == 0) {
        fd = target(2, &pid);
        answer(fd, -EPERM, 42);
        answer(fd, 7, 0);
        waitpid(pid, NULL, 0);
    } else if (strcmp(argv[1], "exited") == 0) {
        fd = target(0, &pid);
        waitpid(pid, NULL, 0);
        printf("RECV after the target exited: %s\n",
               result(recv_timed(fd, &req, 250000)));
    } else if (strcmp(argv[1], "flags") == 0) {
        fd = listener();
        printf("SYNC_WAKE_UP: %s\n", result(ioctl(fd,
               SECCOMP_IOCTL_NOTIF_SET_FLAGS,
               SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP)));
        printf("0: %s\n",
               result(ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, 0)));
        printf("2: %s\n",
               result(ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, 2)));
    }
    exit(EXIT_SUCCESS);
}
