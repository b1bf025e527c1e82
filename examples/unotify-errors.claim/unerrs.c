/* unerrs.c: what the listener's ioctl(2) requests return, and their
   errors, one case a line */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
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

/* No such request: */
#define NOTIF_UNKNOWN  _IO(SECCOMP_IOC_MAGIC, 99)

static int  go[2], done[2];     /* the target thread's pipes */

static const char *
errname(int e)
{
    static char  buf[32];

    switch (e) {
    case EFAULT:      return "EFAULT";
    case EINPROGRESS: return "EINPROGRESS";
    case EINTR:       return "EINTR";
    case EINVAL:      return "EINVAL";
    case ENOENT:      return "ENOENT";
    }
    snprintf(buf, sizeof(buf), "errno %d", e);
    return buf;
}

static long
show(const char *what, long r)
{
    if (r == -1)
        printf("%-36s -1, %s\n", what, errname(errno));
    else
        printf("%-36s %ld\n", what, r);
    return r;
}

static void
die(const char *what)
{
    perror(what);
    exit(EXIT_FAILURE);
}

static void
on_alarm(int sig)
{
    (void) sig;
}

/* The target: at each byte on go, getppid(2), which the filter hands
   to the listener; then a byte on done. */
static void *
target(void *arg)
{
    char  c;

    (void) arg;
    while (read(go[0], &c, 1) == 1) {
        syscall(SYS_getppid);
        if (write(done[1], &c, 1) != 1)
            break;
    }
    return NULL;
}

static void
make_call(void)
{
    if (write(go[1], "x", 1) != 1)
        die("write");
}

static void
call_done(void)
{
    char  c;

    if (read(done[0], &c, 1) != 1)
        die("read");
}

int
main(void)
{
    int                        fd, lowest;
    long                       r;
    uint64_t                   id1, id2;
    pthread_t                  t;
    struct pollfd              pfd;
    struct sigaction           sa;
    struct itimerval           it;
    struct seccomp_notif       req;
    struct seccomp_notif_resp  resp;
    struct seccomp_notif_addfd addfd;
    struct seccomp_notif_sizes sizes;
    struct sock_filter         filter[] = {
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
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog          prog = {
        .len = sizeof(filter) / sizeof(filter[0]),
        .filter = filter,
    };

    setvbuf(stdout, NULL, _IONBF, 0);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
        die("prctl");
    show("GET_NOTIF_SIZES:",
         syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes));
    fd = show("NEW_LISTENER:",
              syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                      SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog));
    if (fd == -1)
        exit(EXIT_FAILURE);

    /* Requests refused before any notification is looked at. */
    show("unknown request:", ioctl(fd, NOTIF_UNKNOWN, NULL));
    memset(&req, 0xff, sizeof(req));
    show("RECV, buffer not zero-filled:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req));
    show("RECV, buffer at address 1:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, (void *) 1));
    memset(&resp, 0, sizeof(resp));
    resp.flags = 2;
    show("SEND, flags 2:", ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp));
    resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    resp.error = -EPERM;
    show("SEND, CONTINUE with an error:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp));
    show("SEND, answer at address 1:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, (void *) 1));
    show("ID_VALID, id at address 1:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_ID_VALID, (void *) 1));

    /* A wait interrupted by a handler without SA_RESTART. */
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    memset(&it, 0, sizeof(it));
    /* Every 0.2 s: the first one may come before the wait. */
    it.it_value.tv_usec = 200000;
    it.it_interval.tv_usec = 200000;
    if (sigaction(SIGALRM, &sa, NULL) == -1
        || setitimer(ITIMER_REAL, &it, NULL) == -1)
    {
        die("sigaction or setitimer");
    }
    memset(&req, 0, sizeof(req));
    show("RECV, nothing pending, SIGALRM:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req));
    memset(&it, 0, sizeof(it));
    if (setitimer(ITIMER_REAL, &it, NULL) == -1)
        die("setitimer");

    /* A notification, received and answered. */
    if (pipe(go) == -1 || pipe(done) == -1)
        die("pipe");
    errno = pthread_create(&t, NULL, target, NULL);
    if (errno != 0)
        die("pthread_create");
    make_call();
    memset(&req, 0, sizeof(req));
    if (show("RECV:", ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req)) == -1)
        exit(EXIT_FAILURE);
    id1 = req.id;
    show("ID_VALID:", ioctl(fd, SECCOMP_IOCTL_NOTIF_ID_VALID, &id1));
    lowest = dup(0);
    if (lowest == -1)
        die("dup");
    close(lowest);
    memset(&addfd, 0, sizeof(addfd));
    addfd.id = id1;
    addfd.srcfd = 0;
    r = ioctl(fd, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
    if (r == lowest)
        printf("%-36s the lowest free descriptor\n", "ADDFD:");
    else
        show("ADDFD:", r);
    if (r >= 0)
        close(r);
    memset(&resp, 0, sizeof(resp));
    resp.id = id1;
    show("SEND:", ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp));
    call_done();

    /* A second one, pending but not received yet. */
    make_call();
    pfd.fd = fd;
    pfd.events = POLLIN;
    if (poll(&pfd, 1, 5000) != 1)
        die("poll");
    id2 = id1 + 1;              /* ids count up */
    show("ID_VALID, pending, not received:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_ID_VALID, &id2));
    show("ID_VALID, answered:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_ID_VALID, &id1));
    show("SEND, answered:", ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp));
    show("ADDFD, answered:",
         ioctl(fd, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd));
    memset(&req, 0, sizeof(req));
    if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req) == -1)
        die("ioctl");
    resp.id = req.id;
    printf("%-36s %s\n", "RECV, the next id:",
           req.id == id2 ? "yes" : "no");
    if (ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp) == -1)
        die("ioctl");
    call_done();
    exit(EXIT_SUCCESS);
}
