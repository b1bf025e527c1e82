/* questions.c: ask the kernel how seccomp user notification behaves */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64    /* i386 addresses above 2 GiB */
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Older headers lack these; what counts is the running kernel. */
#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV      /* Linux 5.19 */
# define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV  (1UL << 5)
#endif
#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS               /* Linux 6.6 */
# define SECCOMP_IOCTL_NOTIF_SET_FLAGS       SECCOMP_IOW(4, __u64)
# define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP  (1UL << 0)
#endif

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
#elif defined(__s390x__)
# define MY_ARCH  AUDIT_ARCH_S390X
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
# define MY_ARCH  AUDIT_ARCH_PPC64LE
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif

struct target {
    pid_t  pid;
    int    sock;        /* the supervisor's end of a socket pair */
    int    listener;
};

static struct seccomp_notif       *req;
static struct seccomp_notif_resp  *resp;
static size_t                     req_size, resp_size;
static unsigned long long         first_id;
static volatile sig_atomic_t      handled;
static int                        handler_sock;

static void
die(const char *what)
{
    perror(what);
    exit(EXIT_FAILURE);
}

static void
xclose(int fd)
{
    if (close(fd) == -1)
        die("close");
}

/* errno values by name: the same with every C library */
static const char *
errname(int e)
{
    size_t  i;
    static const struct {
        int         e;
        const char  *name;
    } names[] = {
        { EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EINTR, "EINTR" },
        { EBUSY, "EBUSY" }, { EINVAL, "EINVAL" }, { ENOSYS, "ENOSYS" },
        { EINPROGRESS, "EINPROGRESS" }, { E2BIG, "E2BIG" },
        { EBADF, "EBADF" }, { EMFILE, "EMFILE" }, { EPIPE, "EPIPE" },
    };

    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (names[i].e == e)
            return names[i].name;
    }
    return strerror(e);
}

/* Install a filter that hands system call NR to a new listener;
   return the listener, or -1 with errno set. */
static int
listen_for(unsigned int nr, unsigned int flags)
{
    struct sock_filter  filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, NR_LOW, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, NR_HIGH, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = {
        .len = sizeof(filter) / sizeof(filter[0]),
        .filter = filter,
    };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
        die("prctl");
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                   SECCOMP_FILTER_FLAG_NEW_LISTENER | flags, &prog);
}

static void
show_fd(const char *what, int fd)
{
    if (fd == -1)
        printf("%s: %s\n", what, errname(errno));
    else
        printf("%s: fd %d\n", what, fd);
}

static void
put(int sock, char c)
{
    if (write(sock, &c, 1) != 1)
        die("write");
}

static char
get(int sock)
{
    char  c;

    if (read(sock, &c, 1) != 1)
        die("read");
    return c;
}

static void
send_fd(int sock, int fd)
{
    char            byte = 'L';
    struct iovec    iov = { .iov_base = &byte, .iov_len = 1 };
    struct msghdr   msg;
    struct cmsghdr  *cmsg;
    union {
        char            buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr  align;
    } u;

    memset(&msg, 0, sizeof(msg));
    memset(&u, 0, sizeof(u));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof(u.buf);
    cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
    if (sendmsg(sock, &msg, 0) == -1)
        die("sendmsg");
}

/* Return the file descriptor sent on SOCK, or -1 if none came. */
static int
recv_fd(int sock)
{
    int             fd;
    char            byte;
    struct iovec    iov = { .iov_base = &byte, .iov_len = 1 };
    struct msghdr   msg;
    struct cmsghdr  *cmsg;
    union {
        char            buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr  align;
    } u;

    memset(&msg, 0, sizeof(msg));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof(u.buf);
    if (recvmsg(sock, &msg, 0) <= 0)
        return -1;
    cmsg = CMSG_FIRSTHDR(&msg);
    if (cmsg == NULL || cmsg->cmsg_type != SCM_RIGHTS)
        return -1;
    memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
    return fd;
}

/* Fork a target that hands system call NR to a listener, sends the
   listener to us, and runs WORK. */
static struct target
start_target(unsigned int nr, unsigned int flags, void (*work)(int))
{
    int            sv[2], fd;
    struct target  t;

    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == -1)
        die("socketpair");
    if (fflush(stdout) == EOF)
        die("fflush");
    t.pid = fork();
    if (t.pid == -1)
        die("fork");
    if (t.pid == 0) {
        xclose(sv[0]);
        fd = listen_for(nr, flags);
        if (fd == -1) {
            printf("target: seccomp: %s\n", errname(errno));
            exit(EXIT_FAILURE);
        }
        send_fd(sv[1], fd);
        xclose(fd);             /* the supervisor holds the only copy */
        work(sv[1]);
        exit(EXIT_SUCCESS);
    }
    xclose(sv[1]);
    t.sock = sv[0];
    t.listener = recv_fd(t.sock);
    if (t.listener == -1) {
        if (waitpid(t.pid, NULL, 0) == -1)
            die("waitpid");
        exit(EXIT_FAILURE);
    }
    return t;
}

static void
finish(struct target *t)
{
    int  status;

    if (waitpid(t->pid, &status, 0) == -1)
        die("waitpid");
    exit(status == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}

/* Notifications are numbered from the first one received. */
static unsigned long long
seq(unsigned long long id)
{
    return id - first_id + 1;
}

static void
on_alarm(int sig)
{
    (void) sig;
}

/* SIGALRM in MS milliseconds; 0 cancels it. */
static void
set_alarm(long ms)
{
    struct itimerval  it;

    memset(&it, 0, sizeof(it));
    it.it_value.tv_sec = ms / 1000;
    it.it_value.tv_usec = ms % 1000 * 1000;
    if (setitimer(ITIMER_REAL, &it, NULL) == -1)
        die("setitimer");
}

/* SECCOMP_IOCTL_NOTIF_RECV; print what happened.  If TIMED, give up
   after a quarter of a second: for questions where waiting is an
   answer. */
static int
try_recv(int listener, int timed)
{
    int  r, saved;

    memset(req, 0, req_size);
    if (timed)
        set_alarm(250);
    r = ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, req);
    saved = errno;
    set_alarm(0);
    if (r == 0) {
        if (first_id == 0)
            first_id = req->id;
        printf("supervisor: RECV: #%llu, umask(%#llo)\n",
               seq(req->id), (unsigned long long) req->data.args[0]);
    } else if (saved == EINTR) {
        printf("supervisor: RECV: still blocked after 0.25 s\n");
    } else {
        printf("supervisor: RECV: %s\n", errname(saved));
    }
    errno = saved;
    return r;
}

static void
try_ioctl(int listener, unsigned long op, const char *name, void *arg)
{
    if (ioctl(listener, op, arg) == -1)
        printf("supervisor: %s: %s\n", name, errname(errno));
    else
        printf("supervisor: %s: ok\n", name);
}

/* Answer the last notification received.  What we print comes
   first: once answered, the target may print too. */
static void
answer(int listener, int error, long long val)
{
    memset(resp, 0, resp_size);
    resp->id = req->id;
    resp->error = error;
    resp->val = val;
    printf("supervisor: SEND #%llu: error = %d, val = %#llx\n",
           seq(req->id), error, (unsigned long long) val);
    if (fflush(stdout) == EOF)
        die("fflush");
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1)
        printf("supervisor: SEND #%llu failed: %s\n", seq(req->id),
               errname(errno));
}

static void
show_poll(int listener)
{
    struct pollfd  p = { .fd = listener, .events = POLLIN | POLLOUT };

    if (poll(&p, 1, 0) == -1)
        die("poll");
    printf("supervisor: poll:%s%s%s%s\n",
           (p.revents & POLLIN) ? " POLLIN" : "",
           (p.revents & POLLOUT) ? " POLLOUT" : "",
           (p.revents & POLLHUP) ? " POLLHUP" : "",
           (p.revents & (POLLIN | POLLOUT | POLLHUP)) ? "" : " none");
}

static void
wait_readable(int fd)
{
    struct pollfd  p = { .fd = fd, .events = POLLIN };

    if (poll(&p, 1, -1) == -1)
        die("poll");
}

/* Wait until the target has ended, but leave it a zombie. */
static void
wait_exit(pid_t pid)
{
    siginfo_t  info;

    if (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) == -1)
        die("waitid");
}

static void
reap(pid_t pid)
{
    if (waitpid(pid, NULL, 0) == -1)
        die("waitpid");
    printf("supervisor: target reaped\n");
}

static void
show_result(const char *who, long r, int e)
{
    if (r == -1)
        printf("%s: umask(022) = -1, errno = %s\n", who, errname(e));
    else
        printf("%s: umask(022) = %ld\n", who, r);
}

static void
call_umask(const char *who)
{
    long  r;

    r = syscall(SYS_umask, 022);
    show_result(who, r, errno);
}

static int  third;

static void *
answer_thread(void *arg)
{
    (void) arg;
    if (try_recv(third, 0) == -1)
        die("ioctl");
    answer(third, 0, 42);
    return NULL;
}

/* listeners: how many filters with a listener can a thread have? */
static void
q_listeners(void)
{
    int        fd, s;
    pid_t      pid;
    pthread_t  thread;

    fd = listen_for(SYS_umask, 0);
    show_fd("first listener", fd);
    show_fd("second listener", listen_for(SYS_umask, 0));
    if (fflush(stdout) == EOF)
        die("fflush");
    pid = fork();
    if (pid == -1)
        die("fork");
    if (pid == 0) {
        show_fd("listener in a child", listen_for(SYS_umask, 0));
        exit(EXIT_SUCCESS);
    }
    if (waitpid(pid, NULL, 0) == -1)
        die("waitpid");
    xclose(fd);
    printf("closed the first listener\n");
    call_umask("first filter");
    third = listen_for(SYS_umask, 0);
    show_fd("third listener", third);

    /* A thread of ours serves the third listener. */
    s = pthread_create(&thread, NULL, answer_thread, NULL);
    if (s != 0) {
        errno = s;
        die("pthread_create");
    }
    call_umask("both filters");
    if (pthread_join(thread, NULL) != 0)
        die("pthread_join");
}

/* nonblock: does O_NONBLOCK make SECCOMP_IOCTL_NOTIF_RECV return? */
static void
q_nonblock(void)
{
    int  fd, flags;

    fd = listen_for(SYS_umask, 0);
    if (fd == -1)
        die("seccomp");
    flags = fcntl(fd, F_GETFL);
    if (flags == -1 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) == -1)
        die("fcntl");
    flags = fcntl(fd, F_GETFL);
    if (flags == -1)
        die("fcntl");
    printf("supervisor: O_NONBLOCK is %s\n",
           (flags & O_NONBLOCK) ? "set" : "clear");
    show_poll(fd);
    try_recv(fd, 1);
}

static void
on_alarm_go(int sig)
{
    (void) sig;
    handled++;
    if (write(handler_sock, "g", 1) != 1)
        _exit(EXIT_FAILURE);
}

/* Return once process PID sleeps in an interruptible wait (state S in
   /proc/PID/stat), looking every millisecond for up to ten seconds. */
static void
wait_asleep(pid_t pid)
{
    int              fd, i;
    char             path[64], buf[512], *p;
    ssize_t          n;
    struct timespec  ms = { 0, 1000000 };

    if (snprintf(path, sizeof(path), "/proc/%ld/stat", (long) pid)
        >= (int) sizeof(path))
    {
        die("snprintf");
    }
    for (i = 0; i < 10000; i++) {
        fd = open(path, O_RDONLY);
        if (fd == -1)
            die("open");
        n = read(fd, buf, sizeof(buf) - 1);
        if (n == -1)
            die("read");
        xclose(fd);
        buf[n] = '\0';
        p = strrchr(buf, ')');      /* the state follows the name */
        if (p != NULL && p[1] == ' ' && p[2] == 'S')
            return;
        if (nanosleep(&ms, NULL) == -1)
            die("nanosleep");
    }
    printf("target: the supervisor never waited\n");
    exit(EXIT_FAILURE);
}

static void
w_late_call(int sock)
{
    get(sock);                  /* the supervisor is about to wait */
    wait_asleep(getppid());     /* and now it does, in RECV */
    if (kill(getppid(), SIGALRM) == -1)
        die("kill");
    get(sock);                  /* the supervisor's handler has run */
    call_umask("target");
}

/* recv-restart: a handler installed with SA_RESTART runs while the
   supervisor waits in RECV; the target calls only after it. */
static void
q_recv_restart(void)
{
    int               r, e;
    struct sigaction  sa;
    struct target     t;

    t = start_target(SYS_umask, 0, w_late_call);
    handler_sock = t.sock;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm_go;
    sa.sa_flags = SA_RESTART;
    if (sigaction(SIGALRM, &sa, NULL) == -1)
        die("sigaction");
    memset(req, 0, req_size);
    put(t.sock, 'w');           /* the target signals once we wait */
    r = ioctl(t.listener, SECCOMP_IOCTL_NOTIF_RECV, req);
    e = errno;
    printf("supervisor: the SIGALRM handler ran %d time(s)\n",
           (int) handled);
    if (r == -1) {
        printf("supervisor: RECV: %s\n", errname(e));
        if (try_recv(t.listener, 0) == -1)
            die("ioctl");
    } else {
        first_id = req->id;
        printf("supervisor: RECV: #%llu, umask(%#llo)\n", seq(req->id),
               (unsigned long long) req->data.args[0]);
    }
    answer(t.listener, 0, 42);
    finish(&t);
}

static void
w_answers(int sock)
{
    int   i;
    long  r;

    (void) sock;
    for (i = 0; i < 5; i++) {
        r = syscall(SYS_umask, 022);
        show_result("target", r, errno);
    }
}

/* answer: what does the target see of ERROR and VAL? */
static void
q_answer(void)
{
    int            i;
    struct target  t;
    static const struct {
        int        error;
        long long  val;
    } answers[] = {
        { -EPERM, 42 }, { 0, 42 }, { 0, -ENOENT }, { 7, 42 },
        { 0, 0x100000002LL },
    };

    t = start_target(SYS_umask, 0, w_answers);
    for (i = 0; i < 5; i++) {
        if (try_recv(t.listener, 0) == -1)
            die("ioctl");
        answer(t.listener, answers[i].error, answers[i].val);
    }
    finish(&t);
}

static void
on_usr1(int sig)
{
    (void) sig;
    handled++;
    if (write(handler_sock, "h", 1) != 1)
        _exit(EXIT_FAILURE);
}

static int  use_restart;

static void
w_signal(int sock)
{
    int               e;
    long              r;
    struct sigaction  sa;

    handler_sock = sock;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;
    sa.sa_flags = use_restart ? SA_RESTART : 0;
    if (sigaction(SIGUSR1, &sa, NULL) == -1)
        die("sigaction");
    r = syscall(SYS_umask, 022);
    e = errno;
    put(sock, 'd');             /* done: let the supervisor finish */
    get(sock);                  /* then report */
    printf("target: SIGUSR1 handler ran %d time(s)\n", (int) handled);
    show_result("target", r, e);
}

/* signal: a signal reaches the target while it waits for an answer. */
static void
q_signal(unsigned int flags)
{
    char           c;
    struct pollfd  p[2];
    struct target  t;

    t = start_target(SYS_umask, flags, w_signal);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    if (kill(t.pid, SIGUSR1) == -1)
        die("kill");
    printf("supervisor: sent SIGUSR1\n");
    p[0].fd = t.sock;
    p[0].events = POLLIN;
    if (poll(p, 1, 250) == -1)
        die("poll");
    if (p[0].revents & POLLIN) {
        get(t.sock);
        printf("supervisor: the target's handler has run\n");
    } else {
        printf("supervisor: no handler has run after 0.25 s\n");
    }
    try_ioctl(t.listener, SECCOMP_IOCTL_NOTIF_ID_VALID, "ID_VALID #1",
              &req->id);
    answer(t.listener, 0, 42);
    p[1].fd = t.listener;
    p[1].events = POLLIN;
    for (;;) {                  /* until the target is done */
        if (poll(p, 2, -1) == -1)
            die("poll");
        if (p[1].revents & POLLIN) {
            if (try_recv(t.listener, 0) == 0)
                answer(t.listener, 0, 42);
        }
        if (p[0].revents & POLLIN) {
            c = get(t.sock);
            if (c == 'd')
                break;
            printf("supervisor: the target's handler has run\n");
        }
    }
    put(t.sock, 'g');
    finish(&t);
}

static void
w_one_call(int sock)
{
    (void) sock;
    call_umask("target");
}

/* signal-stop: the target is stopped and continued while it waits. */
static void
q_stop(void)
{
    int            status;
    struct target  t;

    t = start_target(SYS_umask, 0, w_one_call);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    if (kill(t.pid, SIGSTOP) == -1)
        die("kill");
    if (waitpid(t.pid, &status, WUNTRACED) == -1)
        die("waitpid");
    printf("supervisor: the target has stopped\n");
    try_ioctl(t.listener, SECCOMP_IOCTL_NOTIF_ID_VALID, "ID_VALID #1",
              &req->id);
    printf("supervisor: sending SIGCONT\n");   /* before: the target may
                                                   print at once */
    if (kill(t.pid, SIGCONT) == -1)
        die("kill");
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    answer(t.listener, 0, 42);
    finish(&t);
}

static void
w_two_calls(int sock)
{
    (void) sock;
    call_umask("target: first call");
    call_umask("target: second call");
}

/* A target whose file descriptor table is full: its lowest free
   number becomes its RLIMIT_NOFILE. */
static void
w_full_table(int sock)
{
    int            fd;
    struct rlimit  rl;

    fd = dup(STDIN_FILENO);
    if (fd == -1 || close(fd) == -1)
        die("dup");
    if (getrlimit(RLIMIT_NOFILE, &rl) == -1)
        die("getrlimit");
    rl.rlim_cur = fd;
    if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
        die("setrlimit");
    w_two_calls(sock);
}

/* errors: requests that SECCOMP_IOCTL_NOTIF_ADDFD and
   SECCOMP_IOCTL_NOTIF_SEND refuse. */
static void
try_addfd(int listener, const char *what, unsigned long op, void *arg)
{
    int  r;

    r = ioctl(listener, op, arg);
    if (r == -1)
        printf("supervisor: ADDFD %s: %s\n", what, errname(errno));
    else
        printf("supervisor: ADDFD %s: fd %d\n", what, r);
}

static void
q_errors(void)
{
    unsigned long long          id;
    struct target               t;
    struct seccomp_notif_addfd  a;
    struct {
        struct seccomp_notif_addfd  a;
        unsigned long long          tail;
    } big;

    t = start_target(SYS_umask, 0, w_full_table);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    id = req->id;

    memset(&a, 0, sizeof(a));
    a.id = id;
    a.srcfd = -1;
    try_addfd(t.listener, "srcfd -1", SECCOMP_IOCTL_NOTIF_ADDFD, &a);
    a.srcfd = STDERR_FILENO;
    a.flags = 0x80;
    try_addfd(t.listener, "flags 0x80", SECCOMP_IOCTL_NOTIF_ADDFD, &a);
    a.flags = 0;
    a.newfd = 100;
    try_addfd(t.listener, "newfd 100 without SETFD",
              SECCOMP_IOCTL_NOTIF_ADDFD, &a);
    a.flags = SECCOMP_ADDFD_FLAG_SETFD;
    a.newfd = 1 << 30;
    try_addfd(t.listener, "newfd 1<<30", SECCOMP_IOCTL_NOTIF_ADDFD, &a);
    a.newfd = 0;
    a.flags = 0;
    big.a = a;
    big.tail = 1;
    try_addfd(t.listener, "of 32 bytes, the last 8 not zero",
              _IOC(_IOC_WRITE, SECCOMP_IOC_MAGIC, 3, sizeof(big)),
              &big);
    try_addfd(t.listener, "of 16 bytes",
              _IOC(_IOC_WRITE, SECCOMP_IOC_MAGIC, 3, 16), &a);
    try_addfd(t.listener, "into the full table",
              SECCOMP_IOCTL_NOTIF_ADDFD, &a);
    answer(t.listener, 0, 42);

    /* The second call is pending, but not received yet. */
    wait_readable(t.listener);
    memset(resp, 0, resp_size);
    resp->id = id + 1;
    if (ioctl(t.listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1)
        printf("supervisor: SEND before RECV: %s\n", errname(errno));
    else
        printf("supervisor: SEND before RECV: ok\n");
    a.id = id + 1;
    try_addfd(t.listener, "before RECV", SECCOMP_IOCTL_NOTIF_ADDFD, &a);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    answer(t.listener, 0, 42);
    finish(&t);
}

/* setfd: SECCOMP_ADDFD_FLAG_SETFD onto a descriptor the target has
   open: the only read end of a pipe. */
static void
show_fd7(void)
{
    struct stat  st;

    if (fstat(7, &st) == -1)
        printf("target: fd 7: %s\n", errname(errno));
    else if (S_ISFIFO(st.st_mode))
        printf("target: fd 7: a pipe\n");
    else if (S_ISREG(st.st_mode))
        printf("target: fd 7: a regular file\n");
    else
        printf("target: fd 7: mode %#o\n", (unsigned int) st.st_mode);
}

static void
w_setfd(int sock)
{
    int  p[2];

    (void) sock;
    if (pipe(p) == -1 || dup2(p[0], 7) == -1 || close(p[0]) == -1)
        die("pipe");
    if (signal(SIGPIPE, SIG_IGN) == SIG_ERR)
        die("signal");
    show_fd7();
    call_umask("target");
    show_fd7();
    if (write(p[1], "x", 1) == -1)
        printf("target: write to the pipe: %s\n", errname(errno));
    else
        printf("target: write to the pipe: ok\n");
}

static void
q_setfd(void)
{
    int                         fd;
    struct target               t;
    struct seccomp_notif_addfd  a;

    t = start_target(SYS_umask, 0, w_setfd);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd == -1)
        die("open");
    memset(&a, 0, sizeof(a));
    a.id = req->id;
    a.srcfd = fd;
    a.flags = SECCOMP_ADDFD_FLAG_SETFD;
    a.newfd = 7;
    try_addfd(t.listener, "SETFD newfd 7", SECCOMP_IOCTL_NOTIF_ADDFD,
              &a);
    xclose(fd);
    answer(t.listener, 0, 42);
    finish(&t);
}

/* close: the supervisor closes the listener without answering. */
static void
q_close(void)
{
    struct target  t;

    t = start_target(SYS_umask, 0, w_two_calls);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    printf("supervisor: closing the listener\n");
    xclose(t.listener);
    finish(&t);
}

/* poll: what poll(2) reports, from a call to the target's end. */
static void
q_poll(void)
{
    struct target  t;

    t = start_target(SYS_umask, 0, w_one_call);
    wait_readable(t.listener);
    show_poll(t.listener);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    show_poll(t.listener);
    answer(t.listener, 0, 42);
    wait_exit(t.pid);
    printf("supervisor: target ended\n");
    show_poll(t.listener);
    try_recv(t.listener, 1);
    reap(t.pid);
    show_poll(t.listener);
    try_recv(t.listener, 1);
}

static void *
umask_thread(void *arg)
{
    (void) arg;
    call_umask("target thread");
    return NULL;
}

static void
w_two_threads(int sock)
{
    int        s;
    pthread_t  thread;

    (void) sock;
    s = pthread_create(&thread, NULL, umask_thread, NULL);
    if (s != 0) {
        errno = s;
        die("pthread_create");
    }
    umask_thread(NULL);
}

/* death: the target is killed while two threads wait for answers,
   one of them received, the other not. */
static void
q_death(void)
{
    struct target  t;

    t = start_target(SYS_umask, 0, w_two_threads);
    if (try_recv(t.listener, 0) == -1)
        die("ioctl");
    wait_readable(t.listener);  /* the second thread's call */
    if (kill(t.pid, SIGKILL) == -1)
        die("kill");
    wait_exit(t.pid);
    printf("supervisor: target killed\n");
    try_ioctl(t.listener, SECCOMP_IOCTL_NOTIF_ID_VALID, "ID_VALID #1",
              &req->id);
    answer(t.listener, 0, 42);
    show_poll(t.listener);
    try_recv(t.listener, 1);
    try_recv(t.listener, 1);
    reap(t.pid);
}

static char  target_path[] = "public";

static void *
swap_thread(void *arg)
{
    int  sock = *(int *) arg;

    get(sock);                  /* the supervisor has checked */
    memcpy(target_path, "secret", sizeof(target_path));
    put(sock, 'w');
    return NULL;
}

static void
w_toctou(int sock)
{
    int        s, fd;
    char       buf[64];
    ssize_t    n;
    pthread_t  thread;

    s = pthread_create(&thread, NULL, swap_thread, &sock);
    if (s != 0) {
        errno = s;
        die("pthread_create");
    }
    fd = syscall(SYS_openat, AT_FDCWD, target_path, O_RDONLY);
    if (fd == -1)
        die("openat");
    n = read(fd, buf, sizeof(buf) - 1);
    if (n == -1)
        die("read");
    buf[n] = '\0';
    printf("target: opened \"%s\" and read: %s", target_path, buf);
}

/* Copy a string from the target's memory, a page at a time. */
static int
read_string(pid_t pid, unsigned long long addr, char *buf, size_t size)
{
    int      fd;
    char     path[64];
    size_t   len, chunk, page;
    ssize_t  n;

    page = sysconf(_SC_PAGESIZE);
    snprintf(path, sizeof(path), "/proc/%d/mem", (int) pid);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd == -1)
        return -1;
    for (len = 0; len < size; len += n) {
        chunk = page - (addr + len) % page;
        if (chunk > size - len)
            chunk = size - len;
        n = pread(fd, buf + len, chunk, addr + len);
        if (n <= 0)
            break;
        if (memchr(buf + len, '\0', n) != NULL) {
            xclose(fd);
            return 0;
        }
    }
    xclose(fd);
    errno = ENAMETOOLONG;
    return -1;
}

/* toctou: the target changes the path after the supervisor read it. */
static void
q_toctou(void)
{
    char           path[256];
    struct target  t;

    t = start_target(SYS_openat, 0, w_toctou);
    memset(req, 0, req_size);
    if (ioctl(t.listener, SECCOMP_IOCTL_NOTIF_RECV, req) == -1)
        die("ioctl");
    if (read_string(req->pid, req->data.args[1], path, sizeof(path))
        == -1)
    {
        die("read_string");
    }
    if (ioctl(t.listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &req->id) == -1)
        die("ioctl");
    printf("supervisor: target opens \"%s\"\n", path);
    if (strcmp(path, "public") == 0) {
        put(t.sock, 'c');
        get(t.sock);            /* until the target has changed it */
        printf("supervisor: that is allowed: CONTINUE\n");
        memset(resp, 0, resp_size);
        resp->id = req->id;
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        if (ioctl(t.listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1)
            die("ioctl");
    }
    finish(&t);
}

/* setflags: SECCOMP_IOCTL_NOTIF_SET_FLAGS */
static void
q_setflags(void)
{
    int  fd;

    fd = listen_for(SYS_umask, 0);
    if (fd == -1)
        die("seccomp");
    try_ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS,
              "SET_FLAGS SYNC_WAKE_UP",
              (void *) SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP);
    try_ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, "SET_FLAGS 0",
              (void *) 0);
    try_ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, "SET_FLAGS 2",
              (void *) 2);
}

static void
q_sizes(void)
{
    struct seccomp_notif_sizes  sizes;

    if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) == -1)
        die("seccomp");
    printf("seccomp_notif:      %d (this program: %zu)\n",
           sizes.seccomp_notif, sizeof(struct seccomp_notif));
    printf("seccomp_notif_resp: %d (this program: %zu)\n",
           sizes.seccomp_notif_resp, sizeof(struct seccomp_notif_resp));
    printf("seccomp_data:       %d (this program: %zu)\n",
           sizes.seccomp_data, sizeof(struct seccomp_data));
}

int
main(int argc, char *argv[])
{
    const char                  *q;
    struct sigaction            sa;
    struct seccomp_notif_sizes  sizes;

    if (argc != 2) {
        fprintf(stderr, "Usage: %s QUESTION\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    q = argv[1];

    /* Buffers of the kernel's sizes, or of ours if they are larger. */
    if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) == -1)
        die("seccomp");
    req_size = sizes.seccomp_notif > sizeof(*req)
               ? sizes.seccomp_notif : sizeof(*req);
    resp_size = sizes.seccomp_notif_resp > sizeof(*resp)
                ? sizes.seccomp_notif_resp : sizeof(*resp);
    req = malloc(req_size);
    resp = malloc(resp_size);
    if (req == NULL || resp == NULL)
        die("malloc");

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;           /* no SA_RESTART */
    if (sigaction(SIGALRM, &sa, NULL) == -1)
        die("sigaction");

    if (strcmp(q, "listeners") == 0) {
        q_listeners();
    } else if (strcmp(q, "nonblock") == 0) {
        q_nonblock();
    } else if (strcmp(q, "recv-restart") == 0) {
        q_recv_restart();
    } else if (strcmp(q, "answer") == 0) {
        q_answer();
    } else if (strcmp(q, "signal") == 0) {
        q_signal(0);
    } else if (strcmp(q, "signal-restart") == 0) {
        use_restart = 1;
        q_signal(0);
    } else if (strcmp(q, "signal-stop") == 0) {
        q_stop();
    } else if (strcmp(q, "signal-killable") == 0) {
        q_signal(SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV);
    } else if (strcmp(q, "close") == 0) {
        q_close();
    } else if (strcmp(q, "errors") == 0) {
        q_errors();
    } else if (strcmp(q, "setfd") == 0) {
        q_setfd();
    } else if (strcmp(q, "poll") == 0) {
        q_poll();
    } else if (strcmp(q, "death") == 0) {
        q_death();
    } else if (strcmp(q, "toctou") == 0) {
        q_toctou();
    } else if (strcmp(q, "setflags") == 0) {
        q_setflags();
    } else if (strcmp(q, "sizes") == 0) {
        q_sizes();
    } else {
        fprintf(stderr, "%s: unknown question\n", q);
        exit(EXIT_FAILURE);
    }
    exit(EXIT_SUCCESS);
}
