/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * notify.c - census-probe's notification server: the filters, the listener passed from the
 * child, the recording of what the child's tasks make between the markers
 * (the engine: ci/census/probe.c, engine.h).
 */
#include "engine.h"

/* ---- filters ---------------------------------------------------- */

static int install(struct sock_filter *code, unsigned short len,
                   unsigned flags)
{
    struct sock_fprog prog;

    prog.len = len;
    prog.filter = code;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
        return -1;
    return (int)syscall(nr_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
}

/* The low 32 bits of the first argument: the second word of the 64-bit
   field on a big-endian ABI (s390x). */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ARG0_LO (offsetof(struct seccomp_data, args[0]) + 4)
#else
#define ARG0_LO offsetof(struct seccomp_data, args[0])
#endif

/* Every system call to the listener, but the sendmsg on CHANNEL_FD; with
   TSYNC, in every thread of the process (SECCOMP_FILTER_FLAG_TSYNC_ESRCH,
   Linux 5.7, lets it go with NEW_LISTENER). */
#ifndef SECCOMP_FILTER_FLAG_TSYNC_ESRCH
#define SECCOMP_FILTER_FLAG_TSYNC_ESRCH (1UL << 4)
#endif
int install_notify(int tsync)
{
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SELF_ARCH, 0, 5),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr_sendmsg, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG0_LO),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CHANNEL_FD, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
    };

    return install(code, ARRAY_LEN(code), SECCOMP_FILTER_FLAG_NEW_LISTENER
                   | (tsync ? SECCOMP_FILTER_FLAG_TSYNC
                              | SECCOMP_FILTER_FLAG_TSYNC_ESRCH : 0));
}

/* System call NR answered with ERR, all others allowed. */
int install_deny(long nr, int e)
{
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SELF_ARCH, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((unsigned)e & 0xffff)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };

    return install(code, ARRAY_LEN(code), 0);
}

/* ---- passing the listener ---------------------------------------- */

int send_fd(int fd)
{
    char data = 'L';
    struct iovec iov;
    struct msghdr msg;
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(int))];
    } u;
    struct cmsghdr *cm;

    memset(&msg, 0, sizeof msg);
    memset(&u, 0, sizeof u);
    iov.iov_base = &data;
    iov.iov_len = 1;
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof u.buf;
    cm = CMSG_FIRSTHDR(&msg);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cm), &fd, sizeof fd);
    /* The direct system call, not the library's wrapper (on i386 it may
     * be socketcall): the filter lets exactly this one through. */
    return syscall(nr_sendmsg, CHANNEL_FD, &msg, 0) == 1 ? 0 : -1;
}

/* The listener, or -1 if the child ended first. */
int recv_fd(int sock)
{
    char data;
    struct iovec iov;
    struct msghdr msg;
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(int))];
    } u;
    struct cmsghdr *cm;
    int fd;
    ssize_t n;

    memset(&msg, 0, sizeof msg);
    iov.iov_base = &data;
    iov.iov_len = 1;
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof u.buf;
    do
        n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    while (n < 0 && errno == EINTR);
    if (n != 1)
        return -1;
    cm = CMSG_FIRSTHDR(&msg);
    if (cm == NULL || cm->cmsg_level != SOL_SOCKET
        || cm->cmsg_type != SCM_RIGHTS)
        return -1;
    memcpy(&fd, CMSG_DATA(cm), sizeof fd);
    return fd;
}

/* ---- recording -------------------------------------------------- */

void print_set(const char *name, const char *suffix,
               const struct callset *s)
{
    char buf[64];
    size_t i;

    out("F %s%s%s", name, suffix != NULL ? "/" : "",
        suffix != NULL ? suffix : "");
    for (i = 0; i < s->n; i++) {
        sc_name(s->c[i].arch, s->c[i].nr, buf, sizeof buf);
        out(" %s", buf);
    }
    out("\n");
}

/* EXECING: a task the function made asked for execve(2); what it makes
   next is still the C library's if the call failed (musl's posix_spawn
   child writes the error to its parent, then exits), another program's
   if it did not. */
enum { BEFORE, RECORDING, EXECING, DONE };

struct task {
    pid_t tid;
    int state;
    dev_t dev;          /* EXECING: the program the task ran */
    ino_t ino;
};

/* The program task TID runs, by its file: 0, or -1 */
static int program_of(pid_t tid, dev_t *dev, ino_t *ino)
{
    char path[64];
    struct stat st;

    snprintf(path, sizeof path, "/proc/%d/exe", (int)tid);
    if (stat(path, &st) < 0)
        return -1;
    *dev = st.st_dev;
    *ino = st.st_ino;
    return 0;
}

struct seccomp_notif *req;
struct seccomp_notif_resp *resp;
static size_t req_size, resp_size;

int alloc_notif(void)
{
    struct seccomp_notif_sizes sz;

    if (syscall(nr_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sz) < 0)
        return -1;
    req_size = sz.seccomp_notif > sizeof *req ? sz.seccomp_notif
                                              : sizeof *req;
    resp_size = sz.seccomp_notif_resp > sizeof *resp ? sz.seccomp_notif_resp
                                                     : sizeof *resp;
    req = malloc(req_size);
    resp = malloc(resp_size);
    return req != NULL && resp != NULL ? 0 : -1;
}

static void record(const struct test *t, const struct seccomp_data *d,
                   pid_t tid, pid_t caller, int *state, int *skip_exec,
                   struct task *tasks, size_t *ntasks,
                   struct callset *own, struct callset *made)
{
    struct task *k = NULL;
    size_t i;

    if (tid == caller) {
        if (is_mark(d, CENSUS_START)) {
            *state = RECORDING;
            *skip_exec = (t->flags & T_EXEC) != 0;
        } else if (is_mark(d, CENSUS_END)) {
            *state = DONE;
        } else if (*state == RECORDING) {
            if (*skip_exec && (long)d->nr == nr_execve)
                *skip_exec = 0;
            else
                set_add(own, d->arch, d->nr);
        }
        return;
    }
    /* Another task: made by the function (nothing else runs under the
     * filter).  Recorded up to the probe's code or another program. */
    if (*state == BEFORE)
        return;
    for (i = 0; i < *ntasks; i++)
        if (tasks[i].tid == tid)
            k = &tasks[i];
    if (k == NULL) {
        if (*ntasks == MAX_TASKS)
            return;
        k = &tasks[(*ntasks)++];
        k->tid = tid;
        k->state = RECORDING;
    }
    if (k->state == EXECING) {
        /* the task's next call: the same program if its execve failed */
        dev_t dev;
        ino_t ino;

        k->state = program_of(tid, &dev, &ino) == 0 && dev == k->dev
                   && ino == k->ino ? RECORDING : DONE;
    }
    if (k->state != RECORDING)
        return;
    if (is_mark(d, CENSUS_TASK)) {
        k->state = DONE;
        return;
    }
    set_add(made, d->arch, d->nr);
    if (d->arch == SELF_ARCH
        && ((long)d->nr == nr_execve || (long)d->nr == nr_execveat))
        k->state = program_of(tid, &k->dev, &k->ino) == 0 ? EXECING : DONE;
}

/* One measured child, while serve() answers its notifications. */
struct served {
    const struct test *t;
    pid_t pid;
    int listener, pidfd;
    int state, skip_exec;       /* the caller's, for record() */
    struct task *tasks;
    size_t ntasks;
    struct callset *own, *made;
    int status, reaped, hup;    /* hup: no task uses the filter any more */
};

/* Waits for a notification or the child's end; poll()'s result. */
static int wait_child(const struct served *s, struct pollfd *pfd)
{
    pfd[0].fd = s->listener;
    pfd[0].events = POLLIN;
    pfd[0].revents = 0;
    pfd[1].fd = s->pidfd;
    pfd[1].events = POLLIN;
    pfd[1].revents = 0;
    return poll(pfd, s->reaped ? 1 : 2, POLL_MS);
}

/* The child made no system call for POLL_MS: it has hung. */
static void kill_hung(struct served *s)
{
    const char *name = s->t->name;

    out("E %s no system call for %d ms: killed\n", name, POLL_MS);
    if (kill(s->pid, SIGKILL) < 0 && errno != ESRCH)
        out("E %s kill: %s\n", name, strerror(errno));
    if (!s->reaped && waitpid(s->pid, &s->status, 0) < 0)
        out("E %s waitpid: %s\n", name, strerror(errno));
    s->status = -1;
    s->reaped = 1;
}

/* Records one system call and lets it go on; -1 when serving must stop. */
static int answer(struct served *s)
{
    memset(req, 0, req_size);
    if (ioctl(s->listener, SECCOMP_IOCTL_NOTIF_RECV, req) < 0) {
        if (errno == EINTR || errno == ENOENT)
            return 0;
        out("E %s SECCOMP_IOCTL_NOTIF_RECV: %s\n", s->t->name,
            strerror(errno));
        return -1;
    }
    record(s->t, &req->data, (pid_t)req->pid, s->pid, &s->state,
           &s->skip_exec, s->tasks, &s->ntasks, s->own, s->made);
    memset(resp, 0, resp_size);
    resp->id = req->id;
    resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    /* A row that forces an answer: the call fails, as under the plain
       filter of the second witness (probe.c, witness_one). */
    if (force_nr >= 0 && req->data.arch == SELF_ARCH
        && (long)req->data.nr == force_nr) {
        resp->flags = 0;
        resp->error = -force_errno;
    }
    if (ioctl(s->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0
        && errno != ENOENT) {
        out("E %s SECCOMP_IOCTL_NOTIF_SEND: %s\n", s->t->name,
            strerror(errno));
        return -1;
    }
    return 0;
}

/* Until no task uses the filter, the child hangs or serving fails. */
static void serve_events(struct served *s)
{
    struct pollfd pfd[2];
    int r;

    for (;;) {
        r = wait_child(s, pfd);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            out("E %s poll: %s\n", s->t->name, strerror(errno));
            return;
        }
        if (r == 0) {
            kill_hung(s);
            return;
        }
        if (pfd[0].revents & POLLIN) {
            if (answer(s) < 0)
                return;
            continue;
        }
        if (!s->reaped && (pfd[1].revents & POLLIN)) {
            if (waitpid(s->pid, &s->status, 0) < 0) {
                out("E %s waitpid: %s\n", s->t->name, strerror(errno));
                return;
            }
            s->reaped = 1;
            continue;
        }
        if (pfd[0].revents & (POLLHUP | POLLERR)) {
            s->hup = 1;
            return;
        }
    }
}

/* Reaps a child that serving left behind; its status counts only if it
   ended on its own (hup), else it is killed first and the status is -1. */
static void reap_child(struct served *s)
{
    const char *name = s->t->name;

    if (!s->hup && kill(s->pid, SIGKILL) < 0 && errno != ESRCH)
        out("E %s kill: %s\n", name, strerror(errno));
    if (waitpid(s->pid, &s->status, 0) < 0) {
        out("E %s waitpid: %s\n", name, strerror(errno));
        s->status = -1;
    } else if (!s->hup) {
        s->status = -1;
    }
}

/* Answers the notifications of child PID until no task uses its filter.
 * Returns the child's wait status, or -1. */
int serve(const struct test *t, pid_t pid, int listener,
          struct callset *own, struct callset *made)
{
    static struct task tasks[MAX_TASKS];
    struct served s;

    memset(&s, 0, sizeof s);
    s.t = t;
    s.pid = pid;
    s.listener = listener;
    s.state = BEFORE;
    s.tasks = tasks;
    s.own = own;
    s.made = made;
    s.status = -1;
    s.pidfd = (int)syscall(nr_pidfd_open, pid, 0);
    if (s.pidfd < 0) {
        out("E %s pidfd_open: %s\n", t->name, strerror(errno));
        return -1;
    }
    serve_events(&s);
    if (!s.reaped)
        reap_child(&s);
    if (close(s.pidfd) < 0)
        out("E %s close: %s\n", t->name, strerror(errno));
    /* A forced row that killed its process never ends: an outcome that
       probe.c records, not a failure. */
    if (s.state == BEFORE)
        out("E %s the start marker never came\n", t->name);
    else if (s.state == RECORDING && !(t->flags & T_NOEND)
             && !(force_nr >= 0 && s.status != -1 && WIFSIGNALED(s.status)))
        out("E %s the end marker never came\n", t->name);
    return s.status;
}
