/*
 * probe.c - census-probe: which system calls one call of a C library
 * function makes, measured inside a guest.
 *
 * For each function the probe forks a child.  The child prepares what the
 * function needs (files, descriptors, a directory stream), then installs a
 * seccomp filter that answers every system call with SECCOMP_RET_USER_NOTIF,
 * except one: the sendmsg(2) on descriptor CHANNEL_FD by which it hands the
 * filter's listener to the parent.  It then makes a start marker, calls the
 * function once, and makes an end marker (markers: census.h).  The parent
 * receives every notification, lets the call go on unchanged
 * (SECCOMP_USER_NOTIF_FLAG_CONTINUE, Linux 5.5) and records the system calls
 * the child made between the markers.  Threads and processes the function
 * creates inherit the filter; the parent records theirs separately, until
 * they reach the probe's code (a marker) or run another program (execve).
 *
 * Two functions are measured in a new program instead: getrandom(2) and
 * arc4random(3) set up per-process state on their first call, which a
 * forked child inherits, so census-start (start.c) calls them between the
 * markers.  The record "startup" is what census-start itself makes
 * between execve(2) and main.
 *
 * A second pass runs each function whose C library may fall back on ENOSYS
 * under a plain filter that answers the newer system call with ENOSYS, then
 * with EPERM, and reports what the caller got.
 *
 * Last, the second witness: census-trace (trace.c), beside the probe, runs
 * the probe again with --witness under ptrace(2).  That run makes every
 * measurement of the first pass again, with the same set-up and markers
 * but under no filter; the tracer writes what it saw as W records, the
 * children write WO where the first pass writes O, and the run's header is
 * WH.  ci/census/table fails when a W record differs from its F record.
 *
 * Output, one record per line:
 *     H census=1 abi=ABI libc=LIBC libc_version=V kernel=RELEASE
 *       clocksource=NAME vdso=yes|no
 *     F FUNCTION [SYSCALL...]        made by the caller, in order of first
 *                                    use, each once
 *     F FUNCTION/thread [SYSCALL...] made by the thread it created
 *     F FUNCTION/child [SYSCALL...]  made by the process it created, up to
 *                                    and including execve
 *     F FUNCTION/other-thread [SYSCALL...] made meanwhile by the caller's
 *                                    other thread (FUNCTION+thread)
 *     F FUNCTION@first [SYSCALL...] made by the same call as the first of
 *                                    its kind in a program: this probe,
 *                                    executed again with --first FUNCTION,
 *                                    calls it from main
 *                                    (printf: the base row too, after a
 *                                    first call, with --warm FUNCTION)
 *     R FUNCTION deny=SYSCALL filter=enosys|eperm
 *       result=works|fails|errno NAME|abort|signal N
 *     O FUNCTION errno NAME|fails    the call itself failed (an outcome,
 *                                    not an error of the probe)
 *     W ..., WO ..., WH ...          the same, seen by census-trace
 *     E FUNCTION message             the measurement failed
 *     T ms=N                         time the probe took
 * System call names are those of the caller's ABI (x86_64, i386, x32); a
 * call of another ABI is written ABI:NAME, an unknown number nrN.
 * Exit status: 0 if every measurement worked.
 *
 * Run it only inside a guest: it installs seccomp filters on its children.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <semaphore.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <syslog.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

#include "census.h"

struct sc_name {
    long nr;
    const char *name;
};

#include "census-syscalls.h"    /* SELF_*, the name tables (ci/census/build) */

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))


#define CHANNEL_FD 1000         /* the child's end of the socket pair */
#define MAX_TASKS 64            /* tasks one function may create */
#define POLL_MS 10000           /* a function that stays silent this long
                                   has hung */

/* ---- system call names ------------------------------------------ */

static long nr_getppid, nr_sendmsg, nr_execve, nr_execveat, nr_seccomp,
            nr_pidfd_open;

static long sc_number(const char *name)
{
    size_t i;

    for (i = 0; i < ARRAY_LEN(SELF_TABLE); i++)
        if (strcmp(SELF_TABLE[i].name, name) == 0)
            return SELF_TABLE[i].nr;
    return -1;
}

/* The name of system call NR of ARCH, as the guest's headers spell it. */
static void sc_name(unsigned arch, long nr, char *buf, size_t size)
{
    const struct sc_name *t;
    const char *abi;
    size_t i, n;
    int len;

#if defined(__x86_64__) || defined(__i386__)
    if (arch == AUDIT_ARCH_I386) {
        t = sc_i386;
        n = ARRAY_LEN(sc_i386);
        abi = "i386";
    } else if (arch == AUDIT_ARCH_X86_64 && (nr & CENSUS_X32_BIT)) {
        t = sc_x32;
        n = ARRAY_LEN(sc_x32);
        abi = "x32";
    } else if (arch == AUDIT_ARCH_X86_64) {
        t = sc_x86_64;
        n = ARRAY_LEN(sc_x86_64);
        abi = "x86_64";
    } else {
#else
    /* One ABI here: the tables of the others (arm64's compat ABI) are not
       generated. */
    if (arch == SELF_ARCH) {
        t = SELF_TABLE;
        n = ARRAY_LEN(SELF_TABLE);
        abi = SELF_ABI;
    } else {
#endif
        len = snprintf(buf, size, "arch%#x:nr%ld", arch, nr);
        if (len < 0 || (size_t)len >= size)
            buf[0] = '\0';
        return;
    }
    for (i = 0; i < n; i++)
        if (t[i].nr == nr)
            break;
    if (strcmp(abi, SELF_ABI) == 0)
        len = i < n ? snprintf(buf, size, "%s", t[i].name)
                    : snprintf(buf, size, "nr%ld", nr);
    else
        len = i < n ? snprintf(buf, size, "%s:%s", abi, t[i].name)
                    : snprintf(buf, size, "%s:nr%ld", abi, nr);
    if (len < 0 || (size_t)len >= size)
        buf[0] = '\0';
}

static const struct {
    int value;
    const char *name;
} errno_names[] = {
    { EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { ESRCH, "ESRCH" },
    { EINTR, "EINTR" }, { EIO, "EIO" }, { E2BIG, "E2BIG" },
    { ENOEXEC, "ENOEXEC" }, { EBADF, "EBADF" }, { ECHILD, "ECHILD" },
    { EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
    { EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EEXIST, "EEXIST" },
    { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" }, { EINVAL, "EINVAL" },
    { EMFILE, "EMFILE" }, { ENOSPC, "ENOSPC" }, { EROFS, "EROFS" },
    { ENAMETOOLONG, "ENAMETOOLONG" }, { ENOSYS, "ENOSYS" },
    { ELOOP, "ELOOP" }, { EOPNOTSUPP, "EOPNOTSUPP" },
    { EAFNOSUPPORT, "EAFNOSUPPORT" }, { ECONNREFUSED, "ECONNREFUSED" },
};

static void errno_name(int e, char *buf, size_t size)
{
    size_t i;
    int len;

    for (i = 0; i < ARRAY_LEN(errno_names); i++)
        if (errno_names[i].value == e)
            break;
    if (i < ARRAY_LEN(errno_names))
        len = snprintf(buf, size, "%s", errno_names[i].name);
    else
        len = snprintf(buf, size, "%d", e);
    if (len < 0 || (size_t)len >= size)
        buf[0] = '\0';
}

/* ---- output ----------------------------------------------------- */

static int failures;
static int witness;             /* run by census-trace: --witness */
static int record_fd = 1;       /* where a child writes its records (a
                                   function may need descriptor 1) */

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void out(const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vprintf(fmt, ap);
    va_end(ap);
    if (n < 0)
        exit(EXIT_FAILURE);
}

static void flush_out(void)
{
    if (fflush(stdout) == EOF)
        exit(EXIT_FAILURE);
}

/* For a child: one E record, written straight to descriptor 1 (the
 * parent flushed its buffer before forking). */
static void child_error(const char *name, const char *what, int e)
{
    char buf[512];
    int len;

    len = snprintf(buf, sizeof buf, "E %s %s: %s\n", name, what,
                   e > 0 ? strerror(e) : "failed");
    if (len > 0 && (size_t)len < sizeof buf
        && write(record_fd, buf, (size_t)len) < 0)
        _exit(EXIT_FAILURE);
}

/* ---- markers ---------------------------------------------------- */

/* A start marker also names its row, the suffix of the created tasks'
   row (or NULL), and whether the window begins with an execve that is
   not recorded: census-trace (trace.c) reads them; the notification pass
   knows them from its table. */
static void mark_start(const char *name, const char *suffix, int skip_exec)
{
    if (syscall(nr_getppid, CENSUS_MAGIC, (long)CENSUS_START, name, suffix,
                (long)skip_exec) < 0)
        _exit(EXIT_FAILURE);
}

static void mark(int code)
{
    if (syscall(nr_getppid, CENSUS_MAGIC, (long)code) < 0)
        _exit(EXIT_FAILURE);
}

static int is_mark(const struct seccomp_data *d, int code)
{
    return (long)d->nr == nr_getppid && d->arch == SELF_ARCH
           && (unsigned)d->args[0] == (unsigned)CENSUS_MAGIC
           && (unsigned)d->args[1] == (unsigned)code;
}

/* ---- the functions ---------------------------------------------- */

struct ctx {
    int fd, fd2, ep;
    int pfd[2];
    DIR *dir;
    FILE *fp;
    pid_t pid;
    pthread_t thread;
    int thread_made;
    volatile int ready;         /* the other thread: blocked in read */
    long tid;
    timer_t timer;
    int timer_made;
    int saved_out;              /* descriptor 1 before the function's */
    const char *name;
    void *mem;
    pid_t self;
    char buf[PATH_MAX];
};

static char helper[PATH_MAX];   /* census-start, beside the probe */
static char self_exe[PATH_MAX]; /* this probe */

/* 0, or an errno value; -1 if the call failed without one */
static int err(int failed)
{
    if (!failed)
        return 0;
    return errno > 0 ? errno : -1;
}

static int make_file(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

    if (fd < 0)
        return errno;
    if (close(fd) < 0)
        return errno;
    return 0;
}

static int gone(const char *path)
{
    if (unlink(path) < 0 && errno != ENOENT)
        return errno;
    return 0;
}

static int fin_close_fd(struct ctx *c)
{
    return err(c->fd >= 0 && close(c->fd) < 0);
}

static int fin_close_pipe(struct ctx *c)
{
    return err(close(c->pfd[0]) < 0 || close(c->pfd[1]) < 0);
}

static int fin_wait(struct ctx *c)
{
    int st;

    if (c->pid <= 0)
        return 0;
    if (waitpid(c->pid, &st, 0) < 0)
        return errno;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static int set_open(struct ctx *c)
{
    c->fd = open("file", O_RDONLY);
    return err(c->fd < 0);
}

static int set_pipe(struct ctx *c)
{
    return err(pipe(c->pfd) < 0);
}

static int run_startup(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    (void)c;
    execve(helper, argv, environ);
    return errno;
}

/* The function in a new program: census-start calls it between markers. */
static int run_fresh(struct ctx *c)
{
    char *argv[] = { "census-start", NULL, NULL };

    argv[1] = (char *)c->name;
    execve(helper, argv, environ);
    return errno;
}

static int run_open(struct ctx *c)
{
    c->fd = open("file", O_RDONLY);
    return err(c->fd < 0);
}

static int run_fopen(struct ctx *c)
{
    c->fp = fopen("file", "r");
    return err(c->fp == NULL);
}

static int fin_fopen(struct ctx *c)
{
    return err(c->fp != NULL && fclose(c->fp) == EOF);
}

static int set_creat(struct ctx *c)
{
    (void)c;
    return gone("new");
}

static int run_creat(struct ctx *c)
{
    c->fd = creat("new", 0644);
    return err(c->fd < 0);
}

static int run_opendir(struct ctx *c)
{
    c->dir = opendir("dir");
    return err(c->dir == NULL);
}

static int fin_closedir(struct ctx *c)
{
    return err(c->dir != NULL && closedir(c->dir) < 0);
}

static int set_readdir(struct ctx *c)
{
    c->dir = opendir("dir");
    return err(c->dir == NULL);
}

static int run_readdir(struct ctx *c)
{
    errno = 0;
    return err(readdir(c->dir) == NULL);
}

static int run_stat(struct ctx *c)
{
    struct stat st;

    (void)c;
    return err(stat("file", &st) < 0);
}

static int run_fstat(struct ctx *c)
{
    struct stat st;

    return err(fstat(c->fd, &st) < 0);
}

static int run_lstat(struct ctx *c)
{
    struct stat st;

    (void)c;
    return err(lstat("link", &st) < 0);
}

static int run_access(struct ctx *c)
{
    (void)c;
    return err(access("file", R_OK) < 0);
}

static int run_faccessat(struct ctx *c)
{
    (void)c;
    return err(faccessat(AT_FDCWD, "file", R_OK, 0) < 0);
}

static int run_faccessat_eaccess(struct ctx *c)
{
    (void)c;
    return err(faccessat(AT_FDCWD, "file", R_OK, AT_EACCESS) < 0);
}

static int run_fchmod(struct ctx *c)
{
    return err(fchmod(c->fd, 0644) < 0);
}

static int run_fchmodat(struct ctx *c)
{
    (void)c;
    return err(fchmodat(AT_FDCWD, "file", 0644, 0) < 0);
}

static int run_fchmodat_nofollow(struct ctx *c)
{
    (void)c;
    return err(fchmodat(AT_FDCWD, "file", 0644, AT_SYMLINK_NOFOLLOW) < 0);
}

static int run_chmod(struct ctx *c)
{
    (void)c;
    return err(chmod("file", 0644) < 0);
}

static int set_mkdir(struct ctx *c)
{
    (void)c;
    return err(rmdir("newdir") < 0 && errno != ENOENT);
}

static int run_mkdir(struct ctx *c)
{
    (void)c;
    return err(mkdir("newdir", 0755) < 0);
}

static int set_unlink(struct ctx *c)
{
    (void)c;
    return make_file("victim");
}

static int run_unlink(struct ctx *c)
{
    (void)c;
    return err(unlink("victim") < 0);
}

static int set_rename(struct ctx *c)
{
    int e = make_file("from");

    (void)c;
    return e != 0 ? e : gone("to");
}

static int run_rename(struct ctx *c)
{
    (void)c;
    return err(rename("from", "to") < 0);
}

static int run_pipe(struct ctx *c)
{
    return err(pipe(c->pfd) < 0);
}

static int run_dup2(struct ctx *c)
{
    return err(dup2(c->fd, 10) != 10);
}

static int fin_dup2(struct ctx *c)
{
    return err(close(10) < 0 || close(c->fd) < 0);
}

static int run_poll(struct ctx *c)
{
    struct pollfd p;

    p.fd = c->pfd[1];
    p.events = POLLOUT;
    p.revents = 0;
    return err(poll(&p, 1, 0) != 1);
}

static int run_select(struct ctx *c)
{
    fd_set w;
    struct timeval tv;

    FD_ZERO(&w);
    FD_SET(c->pfd[1], &w);
    tv.tv_sec = 0;
    tv.tv_usec = 0;
    return err(select(c->pfd[1] + 1, NULL, &w, NULL, &tv) != 1);
}

static int set_epoll(struct ctx *c)
{
    struct epoll_event ev;

    if (pipe(c->pfd) < 0)
        return errno;
    c->ep = epoll_create1(EPOLL_CLOEXEC);
    if (c->ep < 0)
        return errno;
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLOUT;
    ev.data.fd = c->pfd[1];
    return err(epoll_ctl(c->ep, EPOLL_CTL_ADD, c->pfd[1], &ev) < 0);
}

static int run_epoll_wait(struct ctx *c)
{
    struct epoll_event ev;

    return err(epoll_wait(c->ep, &ev, 1, 0) != 1);
}

static int fin_epoll(struct ctx *c)
{
    return err(close(c->ep) < 0 || fin_close_pipe(c) != 0);
}

static int run_nanosleep(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    ts.tv_sec = 0;
    ts.tv_nsec = 1000000;
    return err(nanosleep(&ts, NULL) < 0);
}

static int run_sleep(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(sleep(1) != 0);
}

static int run_usleep(struct ctx *c)
{
    (void)c;
    return err(usleep(1000) < 0);
}

static int run_clock_gettime(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    return err(clock_gettime(CLOCK_REALTIME, &ts) < 0);
}

static int run_time(struct ctx *c)
{
    (void)c;
    return err(time(NULL) == (time_t)-1);
}

static int run_gettimeofday(struct ctx *c)
{
    struct timeval tv;

    (void)c;
    return err(gettimeofday(&tv, NULL) < 0);
}

/* Memory, files, sockets, signals and identity: what sandboxed programs
   call all the time. */
static int run_malloc_small(struct ctx *c)
{
    c->mem = malloc(64);
    return c->mem == NULL ? ENOMEM : 0;
}

static int run_malloc_large(struct ctx *c)
{
    c->mem = malloc(1 << 20);
    return c->mem == NULL ? ENOMEM : 0;
}

static int fin_free(struct ctx *c)
{
    free(c->mem);
    return 0;
}

static int set_malloc_large(struct ctx *c)
{
    return run_malloc_large(c);
}

static int run_free_large(struct ctx *c)
{
    free(c->mem);
    return 0;
}

static int run_posix_memalign(struct ctx *c)
{
    return posix_memalign(&c->mem, 4096, 1 << 20);
}

static int run_getcwd(struct ctx *c)
{
    return err(getcwd(c->buf, sizeof c->buf) == NULL);
}

static int run_realpath(struct ctx *c)
{
    return err(realpath("file", c->buf) == NULL);
}

static int run_tmpfile(struct ctx *c)
{
    c->fp = tmpfile();
    return err(c->fp == NULL);
}

/* A template of its own for each measurement: glibc 2.36 derives its first
   name from the clock and makes getrandom after a name was taken, so two
   measurements close in time made the row depend on timing.  It also makes
   getrandom when it rejects the clock's value (about one call in 22):
   ci/census/timing. */
static int set_mkstemp(struct ctx *c)
{
    snprintf(c->buf, sizeof c->buf, "census.%ld.XXXXXX", (long)getpid());
    return 0;
}

static int run_mkstemp(struct ctx *c)
{
    c->fd = mkstemp(c->buf);
    return err(c->fd < 0);
}

static int fin_mkstemp(struct ctx *c)
{
    return c->fd < 0 ? 0 : err(close(c->fd) < 0 || unlink(c->buf) < 0);
}

static int run_truncate(struct ctx *c)
{
    (void)c;
    return err(truncate("file", 0) < 0);
}

static int set_open_rw(struct ctx *c)
{
    c->fd = open("file", O_RDWR);
    return err(c->fd < 0);
}

static int run_fsync(struct ctx *c)
{
    return err(fsync(c->fd) < 0);
}

static int run_pread(struct ctx *c)
{
    return err(pread(c->fd, c->buf, 1, 0) < 0);
}

static int run_pwrite(struct ctx *c)
{
    return err(pwrite(c->fd, "x", 1, 0) < 0);
}

static int run_readv(struct ctx *c)
{
    struct iovec iov = { c->buf, 1 };

    return err(readv(c->fd, &iov, 1) < 0);
}

static int run_writev(struct ctx *c)
{
    struct iovec iov = { "x", 1 };

    return err(writev(c->fd, &iov, 1) < 0);
}

static int set_open_pipe(struct ctx *c)
{
    return set_open_rw(c) || set_pipe(c) || err(write(c->fd, "x", 1) < 0);
}

static int run_sendfile(struct ctx *c)
{
    off_t off = 0;

    return err(sendfile(c->pfd[1], c->fd, &off, 1) < 0);
}

static int fin_close_both(struct ctx *c)
{
    return fin_close_fd(c) || fin_close_pipe(c);
}

static int run_socketpair(struct ctx *c)
{
    return err(socketpair(AF_UNIX, SOCK_STREAM, 0, c->pfd) < 0);
}

static int set_socketpair(struct ctx *c)
{
    return run_socketpair(c);
}

static int set_socketpair_byte(struct ctx *c)
{
    return run_socketpair(c) || err(write(c->pfd[0], "x", 1) < 0);
}

static int run_send(struct ctx *c)
{
    return err(send(c->pfd[0], "x", 1, 0) < 0);
}

static int run_recv(struct ctx *c)
{
    return err(recv(c->pfd[1], c->buf, 1, 0) < 0);
}

static int run_getpid(struct ctx *c)
{
    c->pid = 0;
    return getpid() > 0 ? 0 : -1;
}

static int run_getuid(struct ctx *c)
{
    (void)c;
    return getuid() == (uid_t)-1 ? -1 : 0;
}

static int set_self(struct ctx *c)
{
    c->self = getpid();
    return 0;
}

static int run_kill(struct ctx *c)
{
    return err(kill(c->self, 0) < 0);
}

static int run_raise(struct ctx *c)
{
    (void)c;
    return raise(SIGCHLD) != 0 ? -1 : 0;       /* ignored by default */
}

static void on_usr1(int sig)
{
    (void)sig;
}

static int run_sigaction(struct ctx *c)
{
    struct sigaction sa;

    (void)c;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    return err(sigaction(SIGUSR1, &sa, NULL) < 0);
}

static int run_sigprocmask(struct ctx *c)
{
    sigset_t set;

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return err(sigprocmask(SIG_BLOCK, &set, NULL) < 0);
}

static int run_alarm(struct ctx *c)
{
    (void)c;
    alarm(0);
    return 0;
}

static int run_gethostname(struct ctx *c)
{
    return err(gethostname(c->buf, sizeof c->buf) < 0);
}

static int run_uname(struct ctx *c)
{
    struct utsname u;

    (void)c;
    return err(uname(&u) < 0);
}

static int run_sched_yield(struct ctx *c)
{
    (void)c;
    return err(sched_yield() < 0);
}

static int run_getrlimit(struct ctx *c)
{
    struct rlimit rl;

    (void)c;
    return err(getrlimit(RLIMIT_NOFILE, &rl) < 0);
}

/* Issue 18: more of what sandboxed programs call.  Each set_* prepares
   outside the measured window; each fin_* undoes it, leaving no file. */
static void unix_address(struct sockaddr_un *a);
static int set_connect(struct ctx *c);
static int run_connect(struct ctx *c);
static int fin_connect(struct ctx *c);

static int run_dup(struct ctx *c)
{
    c->fd2 = dup(c->fd);
    return err(c->fd2 < 0);
}

static int fin_close_fds(struct ctx *c)
{
    return err((c->fd2 >= 0 && close(c->fd2) < 0) || fin_close_fd(c) != 0);
}

static int run_dup3(struct ctx *c)
{
    return err(dup3(c->fd, 10, O_CLOEXEC) != 10);
}

static int run_fcntl_getfl(struct ctx *c)
{
    return err(fcntl(c->fd, F_GETFL) < 0);
}

static int run_ioctl_fionread(struct ctx *c)
{
    int n;

    return err(ioctl(c->pfd[1], FIONREAD, &n) < 0);
}

static int run_lseek(struct ctx *c)
{
    return err(lseek(c->fd, 0, SEEK_END) < 0);
}

static int run_ftruncate(struct ctx *c)
{
    return err(ftruncate(c->fd, 7) < 0);
}

static int run_fdatasync(struct ctx *c)
{
    return err(fdatasync(c->fd) < 0);
}

static int run_umask(struct ctx *c)
{
    (void)c;
    umask(022);
    return 0;
}

static int run_chdir(struct ctx *c)
{
    (void)c;
    return err(chdir("dir") < 0);
}

static int set_open_dir(struct ctx *c)
{
    c->fd = open("dir", O_RDONLY | O_DIRECTORY);
    return err(c->fd < 0);
}

static int run_fchdir(struct ctx *c)
{
    return err(fchdir(c->fd) < 0);
}

static int set_gone_new(struct ctx *c)
{
    (void)c;
    return gone("new");
}

static int fin_gone_new(struct ctx *c)
{
    (void)c;
    return err(unlink("new") < 0);
}

static int run_link(struct ctx *c)
{
    (void)c;
    return err(link("file", "new") < 0);
}

static int run_symlink(struct ctx *c)
{
    (void)c;
    return err(symlink("file", "new") < 0);
}

static int run_readlink(struct ctx *c)
{
    return err(readlink("link", c->buf, sizeof c->buf) < 0);
}

static int run_remove(struct ctx *c)
{
    (void)c;
    return err(remove("victim") < 0);
}

#ifdef HAVE_STATX
static int run_statx(struct ctx *c)
{
    struct statx stx;

    (void)c;
    return err(statx(AT_FDCWD, "file", 0, STATX_BASIC_STATS, &stx) < 0);
}
#endif

static int set_copy(struct ctx *c)
{
    int e = set_open(c);

    if (e != 0)
        return e;
    c->fd2 = open("new", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    return err(c->fd2 < 0);
}

static int run_copy_file_range(struct ctx *c)
{
    return err(copy_file_range(c->fd, NULL, c->fd2, NULL, 1, 0) != 1);
}

static int fin_copy(struct ctx *c)
{
    return err(fin_close_fds(c) != 0 || unlink("new") < 0);
}

static int run_getppid(struct ctx *c)
{
    (void)c;
    return getppid() > 0 ? 0 : -1;
}

static int run_getgid(struct ctx *c)
{
    (void)c;
    return getgid() == (gid_t)-1 ? -1 : 0;
}

static int run_geteuid(struct ctx *c)
{
    (void)c;
    return geteuid() == (uid_t)-1 ? -1 : 0;
}

static int run_getgroups(struct ctx *c)
{
    gid_t g[64];

    (void)c;
    return err(getgroups(64, g) < 0);
}

static int run_setgroups(struct ctx *c)
{
    (void)c;
    return err(setgroups(0, NULL) < 0);
}

/* a child that has exited, or will, for the wait functions */
static int set_child(struct ctx *c)
{
    c->pid = fork();
    if (c->pid == 0)
        _exit(EXIT_SUCCESS);
    return err(c->pid < 0);
}

static int run_wait(struct ctx *c)
{
    int st;

    (void)c;
    return err(wait(&st) < 0);
}

static int run_waitpid(struct ctx *c)
{
    int st;

    return err(waitpid(c->pid, &st, 0) != c->pid);
}

static int run_waitid(struct ctx *c)
{
    siginfo_t si;

    memset(&si, 0, sizeof si);
    return err(waitid(P_PID, (id_t)c->pid, &si, WEXITED) < 0);
}

static int set_pending(struct ctx *c)
{
    sigset_t set;

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
        return errno;
    return raise(SIGUSR1) != 0 ? -1 : 0;
}

static int run_sigtimedwait(struct ctx *c)
{
    sigset_t set;
    struct timespec ts = { 0, 0 };

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return err(sigtimedwait(&set, NULL, &ts) != SIGUSR1);
}

static int run_setitimer(struct ctx *c)
{
    struct itimerval it;

    (void)c;
    memset(&it, 0, sizeof it);
    return err(setitimer(ITIMER_REAL, &it, NULL) < 0);
}

static int run_clock_nanosleep(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };

    (void)c;
    return clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
}

static int run_getsockopt(struct ctx *c)
{
    int v;
    socklen_t len = sizeof v;

    return err(getsockopt(c->pfd[0], SOL_SOCKET, SO_TYPE, &v, &len) < 0);
}

static int run_setsockopt(struct ctx *c)
{
    int v = 65536;

    return err(setsockopt(c->pfd[0], SOL_SOCKET, SO_RCVBUF, &v, sizeof v)
               < 0);
}

static int run_shutdown(struct ctx *c)
{
    return err(shutdown(c->pfd[0], SHUT_WR) < 0);
}

static int run_sendmsg(struct ctx *c)
{
    struct iovec iov = { "x", 1 };
    struct msghdr m;

    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    return err(sendmsg(c->pfd[0], &m, 0) != 1);
}

static int run_recvmsg(struct ctx *c)
{
    struct iovec iov = { c->buf, 1 };
    struct msghdr m;

    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    return err(recvmsg(c->pfd[1], &m, 0) != 1);
}

static int set_bind(struct ctx *c)
{
    int e = gone("sock");

    if (e != 0)
        return e;
    c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    return err(c->fd < 0);
}

static int run_bind(struct ctx *c)
{
    struct sockaddr_un a;

    unix_address(&a);
    return err(bind(c->fd, (struct sockaddr *)&a, sizeof a) < 0);
}

static int fin_bind(struct ctx *c)
{
    return err(fin_close_fd(c) != 0 || unlink("sock") < 0);
}

static int set_listen(struct ctx *c)
{
    return set_bind(c) || run_bind(c);
}

static int run_listen(struct ctx *c)
{
    return err(listen(c->fd, 1) < 0);
}

/* a listening socket (fd2) with a connection waiting (fd) */
static int set_accept(struct ctx *c)
{
    int e = set_connect(c);

    return e != 0 ? e : run_connect(c);
}

static int run_accept(struct ctx *c)
{
    c->ep = accept(c->fd2, NULL, NULL);
    return err(c->ep < 0);
}

static int run_accept4(struct ctx *c)
{
    c->ep = accept4(c->fd2, NULL, NULL, SOCK_CLOEXEC);
    return err(c->ep < 0);
}

static int fin_accept(struct ctx *c)
{
    return err((c->ep >= 0 && close(c->ep) < 0) || fin_connect(c) != 0
               || unlink("sock") < 0);
}

/* a stream on a pipe, as a program's output would be */
static int set_stream(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    c->fp = fdopen(c->pfd[1], "w");
    return err(c->fp == NULL);
}

static int set_stream_text(struct ctx *c)
{
    return set_stream(c) || err(fputs("census\n", c->fp) == EOF);
}

static int run_fdopen(struct ctx *c)
{
    c->fp = fdopen(c->pfd[1], "w");
    return err(c->fp == NULL);
}

static int run_fprintf(struct ctx *c)
{
    return err(fprintf(c->fp, "%d\n", 42) < 0);
}

static int run_fwrite(struct ctx *c)
{
    return err(fwrite("census\n", 1, 7, c->fp) != 7);
}

static int run_fflush(struct ctx *c)
{
    return err(fflush(c->fp) == EOF);
}

static int run_fclose(struct ctx *c)
{
    FILE *fp = c->fp;

    c->fp = NULL;
    c->pfd[1] = -1;
    return err(fclose(fp) == EOF);
}

static int fin_stream(struct ctx *c)
{
    return err((c->fp != NULL && fclose(c->fp) == EOF)
               || close(c->pfd[0]) < 0);
}

static int run_localtime(struct ctx *c)
{
    time_t t = 0;

    (void)c;
    return err(localtime(&t) == NULL);
}

static int run_strftime(struct ctx *c)
{
    time_t t = 0;
    struct tm tm;

    if (gmtime_r(&t, &tm) == NULL)
        return -1;
    return strftime(c->buf, sizeof c->buf, "%Y-%m-%d %H:%M:%S", &tm) == 0
           ? -1 : 0;
}

static int run_syslog(struct ctx *c)
{
    (void)c;
    syslog(LOG_INFO, "census");
    return 0;
}

static int run_getpwnam(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(getpwnam("root") == NULL);
}

static int run_getgrnam(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(getgrnam("root") == NULL);
}

static int run_mutex(struct ctx *c)
{
    static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

    (void)c;
    return pthread_mutex_lock(&m) || pthread_mutex_unlock(&m);
}

static int run_sem_open(struct ctx *c)
{
    sem_t *s = sem_open("/census", O_CREAT | O_EXCL, 0600, 0);

    c->mem = s;
    return err(s == SEM_FAILED);
}

static int fin_sem_open(struct ctx *c)
{
    if (c->mem == SEM_FAILED || c->mem == NULL)
        return 0;
    return err(sem_close(c->mem) < 0 || sem_unlink("/census") < 0);
}

static int set_sem_open(struct ctx *c)
{
    c->mem = NULL;
    return err(sem_unlink("/census") < 0 && errno != ENOENT);
}

static int run_fork(struct ctx *c)
{
    c->pid = fork();
    if (c->pid == 0) {
        mark(CENSUS_TASK);
        _exit(EXIT_SUCCESS);
    }
    return err(c->pid < 0);
}

static int run_posix_spawn(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    return posix_spawn(&c->pid, helper, NULL, NULL, argv, environ);
}

#ifdef HAVE_PIDFD_SPAWN
static int run_pidfd_spawn(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    return pidfd_spawn(&c->fd, helper, NULL, NULL, argv, environ);
}

static int fin_pidfd_spawn(struct ctx *c)
{
    siginfo_t si;

    if (c->fd < 0)
        return 0;
    memset(&si, 0, sizeof si);
    if (waitid(P_ALL, 0, &si, WEXITED) < 0)
        return errno;
    return fin_close_fd(c);
}
#endif

/* The new thread waits on the pipe until the caller's measurement has
   ended: a thread that exits at once can meet the caller still inside
   pthread_create() (musl: its exit waits for the thread-list lock, and
   pthread_create() then wakes it with futex), which would make the
   caller's list depend on timing. */
static void *thread_main(void *arg)
{
    char b;
    int fd = *(int *)arg;

    mark(CENSUS_TASK);
    if (read(fd, &b, 1) != 1)
        return arg;
    return NULL;
}

static int run_pthread_create(struct ctx *c)
{
    int e = pthread_create(&c->thread, NULL, thread_main, &c->pfd[0]);

    c->thread_made = e == 0;
    return e;
}

static int fin_pthread_create(struct ctx *c)
{
    int e = 0;

    if (c->thread_made) {
        if (write(c->pfd[1], "", 1) != 1)
            e = errno;
        if (pthread_join(c->thread, NULL) != 0 && e == 0)
            e = -1;
    }
    return e ? e : fin_close_pipe(c);
}

static int run_system(struct ctx *c)
{
    int st;

    (void)c;
    st = system(":");
    if (st == -1)
        return errno > 0 ? errno : -1;
    return st == 0 ? 0 : -1;
}

static int run_exit(struct ctx *c)
{
    (void)c;
    exit(EXIT_SUCCESS);
}

static int run__exit(struct ctx *c)
{
    (void)c;
    _exit(EXIT_SUCCESS);
}

#ifdef HAVE_CLOSEFROM
static int run_closefrom(struct ctx *c)
{
    (void)c;
    closefrom(3);
    return 0;
}

/* closefrom(3) must have closed what set_open opened */
static int fin_closefrom(struct ctx *c)
{
    return fcntl(c->fd, F_GETFD) < 0 && errno == EBADF ? 0 : -1;
}
#endif

static int run_socket(struct ctx *c)
{
    c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    return err(c->fd < 0);
}

static void unix_address(struct sockaddr_un *a)
{
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    memcpy(a->sun_path, "sock", 5);
}

static int set_connect(struct ctx *c)
{
    struct sockaddr_un a;
    int e = gone("sock");

    if (e != 0)
        return e;
    unix_address(&a);
    c->fd2 = socket(AF_UNIX, SOCK_STREAM, 0);
    if (c->fd2 < 0)
        return errno;
    if (bind(c->fd2, (struct sockaddr *)&a, sizeof a) < 0
        || listen(c->fd2, 1) < 0)
        return errno;
    c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    return err(c->fd < 0);
}

static int run_connect(struct ctx *c)
{
    struct sockaddr_un a;

    unix_address(&a);
    return err(connect(c->fd, (struct sockaddr *)&a, sizeof a) < 0);
}

static int fin_connect(struct ctx *c)
{
    return err(close(c->fd) < 0 || close(c->fd2) < 0);
}

static int run_utimensat(struct ctx *c)
{
    (void)c;
    return err(utimensat(AT_FDCWD, "file", NULL, 0) < 0);
}

/* Issue 18, census v2: timers, openat2, threads, identity, libraries and
   the first printf. */
static int run_timer_create(struct ctx *c)
{
    struct sigevent sev;

    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGALRM;
    c->timer_made = timer_create(CLOCK_MONOTONIC, &sev, &c->timer) == 0;
    return err(!c->timer_made);
}

static int fin_timer(struct ctx *c)
{
    return c->timer_made ? err(timer_delete(c->timer) < 0) : 0;
}

#ifdef HAVE_OPENAT2
static int run_openat2(struct ctx *c)
{
    struct open_how how;

    memset(&how, 0, sizeof how);
    how.flags = O_RDONLY | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH;
    c->fd = openat2(AT_FDCWD, "file", &how, sizeof how);
    return err(c->fd < 0);
}
#endif

/* A worker still busy when it is joined: it sleeps 300 ms from its start,
   long before the caller's join under any load seen here. */
static void *sleeper_main(void *arg)
{
    struct timespec ts = { 0, 300000000 };

    nanosleep(&ts, NULL);
    return arg;
}

static int set_sleeper(struct ctx *c)
{
    int e = pthread_create(&c->thread, NULL, sleeper_main, NULL);

    c->thread_made = e == 0;
    return e;
}

static int run_pthread_join(struct ctx *c)
{
    c->thread_made = 0;
    return pthread_join(c->thread, NULL);
}

static int run_setuid(struct ctx *c)
{
    (void)c;
    return err(setuid(65534) < 0);
}

/* The other thread of setuid(65534)+thread: blocked in read(2) on the
   pipe while the function runs; the caller's filter covers it (T_TSYNC),
   and census-trace records it once the start marker comes. */
static void *blocked_main(void *arg)
{
    struct ctx *c = arg;
    char b;

    c->tid = syscall(SYS_gettid);
    __atomic_store_n(&c->ready, 1, __ATOMIC_SEQ_CST);
    if (read(c->pfd[0], &b, 1) != 1)
        return arg;
    mark(CENSUS_TASK);
    return NULL;
}

/* 1 when task TID of this process sleeps (in its read) */
static int sleeping(long tid)
{
    char path[64], buf[256], *p;
    ssize_t n;
    int fd;

    snprintf(path, sizeof path, "/proc/self/task/%ld/stat", tid);
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    p = strrchr(buf, ')');
    return p != NULL && p[1] == ' ' && p[2] == 'S';
}

static int set_other_thread(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };
    int e, i;

    if (pipe(c->pfd) < 0)
        return errno;
    e = pthread_create(&c->thread, NULL, blocked_main, c);
    if (e != 0)
        return e;
    c->thread_made = 1;
    for (i = 0; i < 5000; i++) {
        if (__atomic_load_n(&c->ready, __ATOMIC_SEQ_CST) && sleeping(c->tid))
            return 0;
        nanosleep(&ts, NULL);
    }
    return ETIMEDOUT;
}

static int fin_other_thread(struct ctx *c)
{
    return fin_pthread_create(c);
}

static int run_dlopen(struct ctx *c)
{
    c->mem = dlopen("libm.so.6", RTLD_NOW);
    return c->mem == NULL ? -1 : 0;
}

static int fin_dlopen(struct ctx *c)
{
    return c->mem != NULL && dlclose(c->mem) != 0 ? -1 : 0;
}

/* Standard output on a pipe or on a file, not a terminal; the child's
   records go to the descriptor 1 it had. */
static int set_stdout(struct ctx *c, int fd)
{
    if (fd < 0)
        return errno;
    c->saved_out = dup(1);
    if (c->saved_out < 0 || dup2(fd, 1) != 1 || close(fd) < 0)
        return errno;
    record_fd = c->saved_out;
    return 0;
}

static int set_stdout_pipe(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    return set_stdout(c, c->pfd[1]);
}

static int set_stdout_file(struct ctx *c)
{
    return set_stdout(c, open("out", O_WRONLY | O_CREAT | O_TRUNC, 0644));
}

static int run_printf(struct ctx *c)
{
    (void)c;
    return err(printf("%d\n", 42) < 0);
}

static int fin_stdout_file(struct ctx *c)
{
    (void)c;
    return err(unlink("out") < 0);
}

enum {
    T_NOEND = 1,        /* the call does not return */
    T_EXEC = 2,         /* the call is an execve: record from the next one */
    T_FRESH = 4,        /* the call is made in a new program (census-start),
                           which makes the markers */
    T_FIRST = 8,        /* the call is the first in a new program (this one,
                           run with --first), which makes the markers */
    T_TSYNC = 16,       /* the filter covers the caller's other threads too
                           (SECCOMP_FILTER_FLAG_TSYNC): record them */
    T_WARM = 32         /* the call is made in a new program too (this one,
                           run with --warm), after a first call outside the
                           markers: the probe's own standard output is the
                           guest's terminal, which no set-up can undo */
};

struct test {
    const char *name;
    int (*setup)(struct ctx *);
    int (*run)(struct ctx *);
    int (*finish)(struct ctx *);
    const char *created;        /* "thread" or "child": also record those */
    unsigned flags;
    const char *deny;           /* the newer system call it may fall back
                                   from, for the second pass */
};

static const struct test tests[] = {
    { "startup", NULL, run_startup, NULL, NULL, T_EXEC | T_NOEND, "rseq" },
    { "open", NULL, run_open, fin_close_fd, NULL, 0, NULL },
    { "fopen", NULL, run_fopen, fin_fopen, NULL, 0, NULL },
    { "creat", set_creat, run_creat, fin_close_fd, NULL, 0, NULL },
    { "opendir", NULL, run_opendir, fin_closedir, NULL, 0, NULL },
    { "readdir", set_readdir, run_readdir, fin_closedir, NULL, 0, NULL },
    { "stat", NULL, run_stat, NULL, NULL, 0, "statx" },
    { "fstat", set_open, run_fstat, fin_close_fd, NULL, 0, "statx" },
    { "lstat", NULL, run_lstat, NULL, NULL, 0, "statx" },
    { "access", NULL, run_access, NULL, NULL, 0, NULL },
    /* A name with flags in parentheses (without AT_ and SYMLINK_): the
       call is made with them; otherwise its flags are 0. */
    { "faccessat", NULL, run_faccessat, NULL, NULL, 0, "faccessat2" },
    { "faccessat(EACCESS)", NULL, run_faccessat_eaccess, NULL, NULL, 0,
      "faccessat2" },
    { "fchmod", set_open, run_fchmod, fin_close_fd, NULL, 0, NULL },
    { "fchmodat", NULL, run_fchmodat, NULL, NULL, 0, "fchmodat2" },
    { "fchmodat(NOFOLLOW)", NULL, run_fchmodat_nofollow, NULL,
      NULL, 0, "fchmodat2" },
    { "chmod", NULL, run_chmod, NULL, NULL, 0, NULL },
    { "mkdir", set_mkdir, run_mkdir, NULL, NULL, 0, NULL },
    { "unlink", set_unlink, run_unlink, NULL, NULL, 0, NULL },
    { "rename", set_rename, run_rename, NULL, NULL, 0, NULL },
    { "utimensat", NULL, run_utimensat, NULL, NULL, 0, "utimensat_time64" },
    { "pipe", NULL, run_pipe, fin_close_pipe, NULL, 0, NULL },
    { "dup2", set_open, run_dup2, fin_dup2, NULL, 0, NULL },
    { "poll", set_pipe, run_poll, fin_close_pipe, NULL, 0, NULL },
    { "select", set_pipe, run_select, fin_close_pipe, NULL, 0, NULL },
    { "epoll_wait", set_epoll, run_epoll_wait, fin_epoll, NULL, 0, NULL },
    { "socket", NULL, run_socket, fin_close_fd, NULL, 0, NULL },
    { "connect", set_connect, run_connect, fin_connect, NULL, 0, NULL },
    { "nanosleep", NULL, run_nanosleep, NULL, NULL, 0, NULL },
    { "sleep", NULL, run_sleep, NULL, NULL, 0, NULL },
    { "usleep", NULL, run_usleep, NULL, NULL, 0, NULL },
    { "clock_gettime", NULL, run_clock_gettime, NULL, NULL, 0,
      "clock_gettime64" },
    { "time", NULL, run_time, NULL, NULL, 0, NULL },
    { "gettimeofday", NULL, run_gettimeofday, NULL, NULL, 0, NULL },
    /* Arguments that matter follow the name, in parentheses. */
    { "malloc(64)", NULL, run_malloc_small, fin_free, NULL, 0, NULL },
    { "malloc(1M)", NULL, run_malloc_large, fin_free, NULL, 0, NULL },
    { "free(1M)", set_malloc_large, run_free_large, NULL, NULL, 0, NULL },
    { "posix_memalign(1M)", NULL, run_posix_memalign, fin_free, NULL, 0,
      NULL },
    { "getcwd", NULL, run_getcwd, NULL, NULL, 0, NULL },
    { "realpath", NULL, run_realpath, NULL, NULL, 0, NULL },
    { "tmpfile", NULL, run_tmpfile, fin_fopen, NULL, 0, NULL },
    { "mkstemp", set_mkstemp, run_mkstemp, fin_mkstemp, NULL, 0, NULL },
    { "truncate", NULL, run_truncate, NULL, NULL, 0, NULL },
    { "fsync", set_open_rw, run_fsync, fin_close_fd, NULL, 0, NULL },
    { "pread", set_open, run_pread, fin_close_fd, NULL, 0, NULL },
    { "pwrite", set_open_rw, run_pwrite, fin_close_fd, NULL, 0, NULL },
    { "readv", set_open, run_readv, fin_close_fd, NULL, 0, NULL },
    { "writev", set_open_rw, run_writev, fin_close_fd, NULL, 0, NULL },
    { "sendfile", set_open_pipe, run_sendfile, fin_close_both, NULL, 0,
      NULL },
    { "socketpair", NULL, run_socketpair, fin_close_pipe, NULL, 0, NULL },
    { "send", set_socketpair, run_send, fin_close_pipe, NULL, 0, NULL },
    { "recv", set_socketpair_byte, run_recv, fin_close_pipe, NULL, 0, NULL },
    { "getpid", NULL, run_getpid, NULL, NULL, 0, NULL },
    { "getuid", NULL, run_getuid, NULL, NULL, 0, NULL },
    { "kill(pid,0)", set_self, run_kill, NULL, NULL, 0, NULL },
    { "raise", NULL, run_raise, NULL, NULL, 0, NULL },
    { "sigaction", NULL, run_sigaction, NULL, NULL, 0, NULL },
    { "sigprocmask", NULL, run_sigprocmask, NULL, NULL, 0, NULL },
    { "alarm", NULL, run_alarm, NULL, NULL, 0, NULL },
    { "gethostname", NULL, run_gethostname, NULL, NULL, 0, NULL },
    { "uname", NULL, run_uname, NULL, NULL, 0, NULL },
    { "sched_yield", NULL, run_sched_yield, NULL, NULL, 0, NULL },
    { "getrlimit", NULL, run_getrlimit, NULL, NULL, 0, NULL },
    /* Issue 18: what sandboxed programs call besides. */
    { "dup", set_open, run_dup, fin_close_fds, NULL, 0, NULL },
    { "dup3", set_open, run_dup3, fin_dup2, NULL, 0, NULL },
    { "fcntl(F_GETFL)", set_open, run_fcntl_getfl, fin_close_fd, NULL, 0,
      NULL },
    { "ioctl(FIONREAD)", set_socketpair_byte, run_ioctl_fionread,
      fin_close_pipe, NULL, 0, NULL },
    { "lseek", set_open, run_lseek, fin_close_fd, NULL, 0, NULL },
    { "ftruncate", set_open_rw, run_ftruncate, fin_close_fd, NULL, 0, NULL },
    { "fdatasync", set_open_rw, run_fdatasync, fin_close_fd, NULL, 0, NULL },
    { "umask", NULL, run_umask, NULL, NULL, 0, NULL },
    { "chdir", NULL, run_chdir, NULL, NULL, 0, NULL },
    { "fchdir", set_open_dir, run_fchdir, fin_close_fd, NULL, 0, NULL },
    { "link", set_gone_new, run_link, fin_gone_new, NULL, 0, NULL },
    { "symlink", set_gone_new, run_symlink, fin_gone_new, NULL, 0, NULL },
    { "readlink", NULL, run_readlink, NULL, NULL, 0, NULL },
    { "remove", set_unlink, run_remove, NULL, NULL, 0, NULL },
#ifdef HAVE_STATX
    { "statx", NULL, run_statx, NULL, NULL, 0, NULL },
#endif
    { "copy_file_range", set_copy, run_copy_file_range, fin_copy, NULL, 0,
      NULL },
    { "fdopen", set_pipe, run_fdopen, fin_stream, NULL, 0, NULL },
    { "fprintf", set_stream, run_fprintf, fin_stream, NULL, 0, NULL },
    { "fwrite", set_stream, run_fwrite, fin_stream, NULL, 0, NULL },
    { "fflush", set_stream_text, run_fflush, fin_stream, NULL, 0, NULL },
    { "fclose", set_stream_text, run_fclose, fin_stream, NULL, 0, NULL },
    { "getppid", NULL, run_getppid, NULL, NULL, 0, NULL },
    { "getgid", NULL, run_getgid, NULL, NULL, 0, NULL },
    { "geteuid", NULL, run_geteuid, NULL, NULL, 0, NULL },
    { "getgroups", NULL, run_getgroups, NULL, NULL, 0, NULL },
    { "setgroups(0)", NULL, run_setgroups, NULL, NULL, 0, NULL },
    { "getpwnam(root)", NULL, run_getpwnam, NULL, NULL, 0, NULL },
    { "getgrnam(root)", NULL, run_getgrnam, NULL, NULL, 0, NULL },
    { "wait", set_child, run_wait, NULL, NULL, 0, NULL },
    { "waitpid", set_child, run_waitpid, NULL, NULL, 0, NULL },
    { "waitid", set_child, run_waitid, NULL, NULL, 0, NULL },
    { "sigtimedwait", set_pending, run_sigtimedwait, NULL, NULL, 0, NULL },
    { "setitimer", NULL, run_setitimer, NULL, NULL, 0, NULL },
    { "clock_nanosleep", NULL, run_clock_nanosleep, NULL, NULL, 0, NULL },
    { "bind", set_bind, run_bind, fin_bind, NULL, 0, NULL },
    { "listen", set_listen, run_listen, fin_bind, NULL, 0, NULL },
    { "accept", set_accept, run_accept, fin_accept, NULL, 0, NULL },
    { "accept4", set_accept, run_accept4, fin_accept, NULL, 0, NULL },
    { "getsockopt", set_socketpair, run_getsockopt, fin_close_pipe, NULL, 0,
      NULL },
    { "setsockopt", set_socketpair, run_setsockopt, fin_close_pipe, NULL, 0,
      NULL },
    { "shutdown", set_socketpair, run_shutdown, fin_close_pipe, NULL, 0,
      NULL },
    { "sendmsg", set_socketpair, run_sendmsg, fin_close_pipe, NULL, 0, NULL },
    { "recvmsg", set_socketpair_byte, run_recvmsg, fin_close_pipe, NULL, 0,
      NULL },
    { "localtime", NULL, run_localtime, NULL, NULL, 0, NULL },
    { "strftime", NULL, run_strftime, NULL, NULL, 0, NULL },
    { "syslog", NULL, run_syslog, NULL, NULL, 0, NULL },
    { "pthread_mutex_lock", NULL, run_mutex, NULL, NULL, 0, NULL },
    { "sem_open", set_sem_open, run_sem_open, fin_sem_open, NULL, 0, NULL },
    { "getrandom", NULL, run_fresh, NULL, NULL, T_FRESH, "getrandom" },
#ifdef HAVE_ARC4RANDOM
    { "arc4random", NULL, run_fresh, NULL, NULL, T_FRESH, "getrandom" },
#endif
    { "fork", NULL, run_fork, fin_wait, "child", 0, "clone3" },
    { "posix_spawn", NULL, run_posix_spawn, fin_wait, "child", 0, "clone3" },
#ifdef HAVE_PIDFD_SPAWN
    { "pidfd_spawn", NULL, run_pidfd_spawn, fin_pidfd_spawn, "child", 0,
      "clone3" },
#endif
    { "system", NULL, run_system, NULL, "child", 0, "clone3" },
    { "pthread_create", set_pipe, run_pthread_create, fin_pthread_create,
      "thread", 0, "clone3" },
#ifdef HAVE_CLOSEFROM
    { "closefrom", set_open, run_closefrom, fin_closefrom, NULL, 0,
      "close_range" },
#endif
    { "timer_create(SIGNAL)", NULL, run_timer_create, fin_timer, NULL,
      0, NULL },
#ifdef HAVE_OPENAT2
    { "openat2(BENEATH)", NULL, run_openat2, fin_close_fd, NULL, 0,
      NULL },
#endif
    { "pthread_join", set_sleeper, run_pthread_join, NULL, NULL, 0, NULL },
    { "setuid(65534)", NULL, run_setuid, NULL, NULL, 0, NULL },
    { "setuid(65534)+thread", set_other_thread, run_setuid, fin_other_thread,
      "other-thread", T_TSYNC, NULL },
    { "dlopen(libm.so.6)", NULL, run_dlopen, fin_dlopen, NULL, 0, NULL },
    { "printf(stdout=pipe)", set_stdout_pipe, run_printf, NULL, NULL, T_WARM,
      NULL },
    { "printf(stdout=file)", set_stdout_file, run_printf, fin_stdout_file,
      NULL, T_WARM, NULL },
    { "exit", NULL, run_exit, NULL, NULL, T_NOEND, NULL },
    { "_exit", NULL, run__exit, NULL, NULL, T_NOEND, NULL },
};

static void ctx_init(struct ctx *c)
{
    memset(c, 0, sizeof *c);
    c->fd = c->fd2 = c->ep = -1;
    c->pfd[0] = c->pfd[1] = -1;
    c->pid = -1;
}

/* For a traced child: an O record (WO under census-trace), when the call
   itself failed. */
static void child_outcome(const char *name, int e)
{
    char buf[256], en[32];
    int len;

    if (e > 0)
        errno_name(e, en, sizeof en);
    len = snprintf(buf, sizeof buf, "%s %s %s%s\n", witness ? "WO" : "O",
                   name, e > 0 ? "errno " : "fails", e > 0 ? en : "");
    if (len > 0 && (size_t)len < sizeof buf
        && write(record_fd, buf, (size_t)len) < 0)
        _exit(EXIT_FAILURE);
}

/* In a child: the call, between markers when traced, and the clean-up.
 * Traced, it reports a failed call in an O record and exits with 0 unless
 * the clean-up failed; otherwise it exits with 0 if all worked, else with
 * the errno value (255 if none). */
static void call_function(const struct test *t, struct ctx *c, int traced)
    __attribute__((noreturn));

static void call_function(const struct test *t, struct ctx *c, int traced)
{
    int e, f;

    c->name = t->name;
    if (traced && !(t->flags & T_FRESH))
        mark_start(t->name, t->created, (t->flags & T_EXEC) != 0);
    e = t->run(c);
    if (traced && !(t->flags & T_FRESH))
        mark(CENSUS_END);
    f = t->finish != NULL ? t->finish(c) : 0;
    if (traced) {
        if (e != 0)
            child_outcome(t->name, e);
        else if (f != 0)
            child_error(t->name, "afterwards", f);
        _exit(e == 0 && f != 0 ? EXIT_FAILURE : EXIT_SUCCESS);
    }
    if (e == 0)
        e = f;
    _exit(e == 0 ? 0 : e > 0 && e < 255 ? e : 255);
}

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
static int install_notify(int tsync)
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
static int install_deny(long nr, int e)
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

static int send_fd(int fd)
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
static int recv_fd(int sock)
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

static void print_set(const char *name, const char *suffix,
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

enum { BEFORE, RECORDING, DONE };

struct task {
    pid_t tid;
    int state;
};

static struct seccomp_notif *req;
static struct seccomp_notif_resp *resp;
static size_t req_size, resp_size;

static int alloc_notif(void)
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
    if (k->state != RECORDING)
        return;
    if (is_mark(d, CENSUS_TASK)) {
        k->state = DONE;
        return;
    }
    set_add(made, d->arch, d->nr);
    if (d->arch == SELF_ARCH
        && ((long)d->nr == nr_execve || (long)d->nr == nr_execveat))
        k->state = DONE;
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
static int serve(const struct test *t, pid_t pid, int listener,
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
    if (s.state == BEFORE)
        out("E %s the start marker never came\n", t->name);
    else if (s.state == RECORDING && !(t->flags & T_NOEND))
        out("E %s the end marker never came\n", t->name);
    return s.status;
}

static void exec_again(const struct test *t) __attribute__((noreturn));

/* The child of census(): set up, install the filter, hand its listener to
   the parent over sv[1], then call the function (or execute the probe
   again for T_FIRST and T_WARM). */
static void census_child(const struct test *t, int sv[2])
    __attribute__((noreturn));

static void census_child(const struct test *t, int sv[2])
{
    struct ctx c;
    int listener, e;

    ctx_init(&c);
    if (dup2(sv[1], CHANNEL_FD) != CHANNEL_FD) {
        child_error(t->name, "dup2", errno);
        _exit(EXIT_FAILURE);
    }
    if (close(sv[0]) < 0 || close(sv[1]) < 0) {
        child_error(t->name, "close", errno);
        _exit(EXIT_FAILURE);
    }
    if (!(t->flags & (T_FIRST | T_WARM)) && t->setup != NULL
        && (e = t->setup(&c)) != 0) {
        child_error(t->name, "set-up", e);
        _exit(EXIT_FAILURE);
    }
    listener = install_notify((t->flags & T_TSYNC) != 0);
    if (listener < 0) {
        child_error(t->name, "seccomp", errno);
        _exit(EXIT_FAILURE);
    }
    if (send_fd(listener) < 0)
        _exit(EXIT_FAILURE);
    if (close(listener) < 0 || close(CHANNEL_FD) < 0)
        _exit(EXIT_FAILURE);
    if (t->flags & (T_FIRST | T_WARM))
        exec_again(t);
    call_function(t, &c, 1);
}

/* In the parent: the child's listener from sv[0], or -1 (the child then
   reaped); closes both ends. */
static int receive_listener(const struct test *t, pid_t pid, int sv[2])
{
    int listener, status;

    if (close(sv[1]) < 0) {
        out("E %s close: %s\n", t->name, strerror(errno));
        failures++;
    }
    listener = recv_fd(sv[0]);
    if (close(sv[0]) < 0) {
        out("E %s close: %s\n", t->name, strerror(errno));
        failures++;
    }
    if (listener < 0) {
        if (waitpid(pid, &status, 0) < 0)
            out("E %s waitpid: %s\n", t->name, strerror(errno));
        out("E %s no listener from the child\n", t->name);
        failures++;
    }
    return listener;
}

/* A failure unless the child exited with 0. */
static void check_exit(const struct test *t, int status)
{
    if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return;
    if (status != -1 && WIFSIGNALED(status))
        out("E %s killed by signal %d\n", t->name, WTERMSIG(status));
    else if (status != -1)
        out("E %s exit status %d\n", t->name, WEXITSTATUS(status));
    failures++;
}

/* First pass: record one function. */
static void census(const struct test *t)
{
    static struct callset own, made;
    int sv[2], listener, status;
    pid_t pid;

    own.n = made.n = 0;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
        out("E %s socketpair: %s\n", t->name, strerror(errno));
        failures++;
        return;
    }
    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E %s fork: %s\n", t->name, strerror(errno));
        failures++;
        (void)close(sv[0]);     /* the run has failed already */
        (void)close(sv[1]);
        return;
    }
    if (pid == 0)
        census_child(t, sv);
    listener = receive_listener(t, pid, sv);
    if (listener < 0)
        return;
    status = serve(t, pid, listener, &own, &made);
    if (close(listener) < 0) {
        out("E %s close: %s\n", t->name, strerror(errno));
        failures++;
    }
    check_exit(t, status);
    print_set(t->name, NULL, &own);
    if (t->created != NULL)
        print_set(t->name, t->created, &made);
}

/* The first call of a function in a program: the child that would call
   it executes this probe again (--first), which sets up and calls the
   function from main, with nothing of the C library used before but its
   start-up.  Recorded as FUNCTION@first. */
static void census_first(const struct test *t)
{
    static char name[128];
    struct test ft = *t;

    if (snprintf(name, sizeof name, "%s@first", t->name)
        >= (int)sizeof name) {
        out("E %s name too long\n", t->name);
        failures++;
        return;
    }
    ft.name = name;
    ft.created = NULL;
    ft.flags = (ft.flags & ~(unsigned)T_WARM) | T_FIRST;
    census(&ft);
}

/* The child of a T_FIRST or T_WARM measurement: this probe again. */
static void exec_again(const struct test *t)
{
    const char *mode = t->flags & T_FIRST ? "--first" : "--warm";
    char base[128];
    size_t len = strlen(t->name) - (t->flags & T_FIRST ? 6 : 0);

    snprintf(base, sizeof base, "%.*s", (int)len, t->name);
    if (witness)
        execl(self_exe, "census-probe", mode, base, "--witness", (char *)NULL);
    else
        execl(self_exe, "census-probe", mode, base, (char *)NULL);
    child_error(t->name, "execve", errno);
    _exit(EXIT_FAILURE);
}

/* In the new program: set up and call FUNCTION between the markers; WARM:
   call it once before, and record it under its own name. */
static int first_call(const char *name, int warm)
{
    static char fname[128];
    struct test ft;
    struct ctx c;
    size_t i;
    int e;

    for (i = 0; i < ARRAY_LEN(tests); i++)
        if (strcmp(tests[i].name, name) == 0)
            break;
    if (i == ARRAY_LEN(tests))
        return EXIT_FAILURE;
    ft = tests[i];
    if (!warm) {
        snprintf(fname, sizeof fname, "%s@first", name);
        ft.name = fname;
        ft.created = NULL;      /* as census_first() */
    }
    ctx_init(&c);
    if (ft.setup != NULL && (e = ft.setup(&c)) != 0) {
        child_error(ft.name, "set-up", e);
        return EXIT_FAILURE;
    }
    if (warm && (e = ft.run(&c)) != 0) {
        child_error(ft.name, "the call before", e);
        return EXIT_FAILURE;
    }
    call_function(&ft, &c, 1);
}

/* Second pass: the function under a filter that answers its newer system
 * call with E. */
static void fallback(const struct test *t, long nr, int e)
{
    struct ctx c;
    char buf[32];
    int status, f;
    pid_t pid;

    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E %s fork: %s\n", t->name, strerror(errno));
        failures++;
        return;
    }
    if (pid == 0) {
        ctx_init(&c);
        /* What the C library says when it gives up is not a record. */
        if (setenv("LIBC_FATAL_STDERR_", "1", 1) < 0)
            _exit(254);
        f = open("/dev/null", O_WRONLY);
        if (f < 0 || dup2(f, 2) != 2 || close(f) < 0)
            _exit(254);
        if (t->setup != NULL && (f = t->setup(&c)) != 0) {
            child_error(t->name, "set-up", f);
            _exit(254);
        }
        if (install_deny(nr, e) < 0) {
            child_error(t->name, "seccomp", errno);
            _exit(254);
        }
        call_function(t, &c, 0);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            out("E %s waitpid: %s\n", t->name, strerror(errno));
            failures++;
            return;
        }
    }
    out("R %s deny=%s filter=%s result=", t->name, t->deny,
        e == ENOSYS ? "enosys" : "eperm");
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) {
        out("abort\n");
    } else if (WIFSIGNALED(status)) {
        out("signal %d\n", WTERMSIG(status));
    } else if (WEXITSTATUS(status) == 0) {
        out("works\n");
    } else if (WEXITSTATUS(status) == 255) {
        out("fails\n");
    } else if (WEXITSTATUS(status) == 254) {
        out("error\n");
        failures++;
    } else {
        errno_name(WEXITSTATUS(status), buf, sizeof buf);
        out("errno %s\n", buf);
    }
}


/* ---- the second witness ------------------------------------------ */

static int prepare(void);
static void clean_up(void);
static void header(void);

/* Under census-trace (--witness): each function called as the first pass
 * calls it, in a child forked for it (or, for its first call, the probe
 * executed again with --first NAME --witness), between the same markers,
 * but under no filter: the tracer records what the markers enclose.
 * The children write WO records where the first pass writes O. */
static void witness_one(const struct test *t)
{
    struct ctx c;
    int e, status;
    pid_t pid;

    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E %s witness fork: %s\n", t->name, strerror(errno));
        failures++;
        return;
    }
    if (pid == 0) {
        ctx_init(&c);
        if (t->flags & (T_FIRST | T_WARM))
            exec_again(t);
        if (t->setup != NULL && (e = t->setup(&c)) != 0) {
            child_error(t->name, "set-up", e);
            _exit(EXIT_FAILURE);
        }
        call_function(t, &c, 1);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            out("E %s witness waitpid: %s\n", t->name, strerror(errno));
            failures++;
            return;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        out("E %s witness: the child ended with status %#x\n", t->name,
            status);
        failures++;
    }
}

static int witness_pass(void)
{
    static char name[128];
    struct test ft;
    size_t i;

    /* The state of the first pass's parent when it forks: its two
       notification buffers (musl's malloc(64) made mmap or not depending
       on them) and a stream on standard output. */
    req = malloc(sizeof *req);
    resp = malloc(sizeof *resp);
    if (req == NULL || resp == NULL)
        return EXIT_FAILURE;
    if (prepare() < 0) {
        perror("census-probe --witness: set-up");
        return EXIT_FAILURE;
    }
    header();
    for (i = 0; i < ARRAY_LEN(tests); i++) {
        witness_one(&tests[i]);
        if (tests[i].flags & (T_NOEND | T_EXEC | T_FRESH))
            continue;
        ft = tests[i];
        snprintf(name, sizeof name, "%s@first", tests[i].name);
        ft.name = name;
        ft.created = NULL;
        ft.flags = (ft.flags & ~(unsigned)T_WARM) | T_FIRST;
        witness_one(&ft);
    }
    clean_up();
    flush_out();
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* The first pass done, census-trace (beside the probe) runs the probe
   again with --witness; its records go where the probe's go. */
static void run_witness(void)
{
    char tracer[PATH_MAX], *slash;
    int status;
    pid_t pid;

    memcpy(tracer, self_exe, sizeof tracer);
    slash = strrchr(tracer, '/');
    if (slash == NULL || (size_t)(slash - tracer) + 14 >= sizeof tracer) {
        out("E witness: no directory in %s\n", self_exe);
        failures++;
        return;
    }
    strcpy(slash + 1, "census-trace");
    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E witness: fork: %s\n", strerror(errno));
        failures++;
        return;
    }
    if (pid == 0) {
        execl(tracer, "census-trace", self_exe, "--witness", (char *)NULL);
        child_error("witness", "execve census-trace", errno);
        _exit(EXIT_FAILURE);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            out("E witness: waitpid: %s\n", strerror(errno));
            failures++;
            return;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        out("E witness: census-trace ended with status %#x\n", status);
        failures++;
    }
}
/* ---- set-up of the whole run ------------------------------------ */

static char workdir[] = "/tmp/census.XXXXXX";

static int find_helper(void)
{
    char self[PATH_MAX], *slash;
    ssize_t n;

    n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n < 0)
        return -1;
    self[n] = '\0';
    memcpy(self_exe, self, (size_t)n + 1);
    slash = strrchr(self, '/');
    if (slash == NULL)
        return -1;
    *slash = '\0';
    if (snprintf(helper, sizeof helper, "%s/census-start", self)
        >= (int)sizeof helper)
        return -1;
    if (access(helper, X_OK) < 0)
        return -1;
    return 0;
}

static int prepare(void)
{
    int fd;

    if (find_helper() < 0)
        return -1;
    if (mkdtemp(workdir) == NULL || chdir(workdir) < 0)
        return -1;
    fd = open("file", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return -1;
    if (write(fd, "census\n", 7) != 7 || close(fd) < 0)
        return -1;
    if (symlink("file", "link") < 0 || mkdir("dir", 0755) < 0
        || make_file("dir/entry") != 0)
        return -1;
    return 0;
}

static void clean_up(void)
{
    static const char *const files[] = {
        "file", "link", "dir/entry", "new", "victim", "from", "to", "sock",
        "out",
    };
    size_t i;

    for (i = 0; i < ARRAY_LEN(files); i++)
        if (unlink(files[i]) < 0 && errno != ENOENT)
            out("E clean-up unlink %s: %s\n", files[i], strerror(errno));
    if (rmdir("dir") < 0 || (rmdir("newdir") < 0 && errno != ENOENT)
        || chdir("/") < 0 || rmdir(workdir) < 0)
        out("E clean-up %s: %s\n", workdir, strerror(errno));
}

static void header(void)
{
    struct utsname u;
    char cs[64];
    const char *libc = "unknown", *version = "unknown";
    FILE *f;
    size_t len;

    if (uname(&u) < 0) {
        perror("uname");
        exit(EXIT_FAILURE);
    }
#ifdef __GLIBC__
    libc = "glibc";
    version = gnu_get_libc_version();
#else
    libc = "musl";      /* musl has no version call: see the guest's info */
#endif
    strcpy(cs, "unknown");
    f = fopen("/sys/devices/system/clocksource/clocksource0/"
              "current_clocksource", "r");
    if (f != NULL) {
        if (fgets(cs, sizeof cs, f) == NULL)
            strcpy(cs, "unknown");
        if (fclose(f) == EOF)
            strcpy(cs, "unknown");
    }
    len = strcspn(cs, "\n ");
    cs[len] = '\0';
    out("%s census=1 abi=%s libc=%s libc_version=%s kernel=%s clocksource=%s"
        " vdso=%s\n", witness ? "WH" : "H", SELF_ABI, libc, version,
        u.release, cs, getauxval(AT_SYSINFO_EHDR) != 0 ? "yes" : "no");
}

static long long now_ms(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
        return 0;
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int main(int argc, char *argv[])
{
    size_t i;
    long long t0 = now_ms();
    long nr;

    /* census-probe --first|--warm NAME [--witness] */
    if ((argc == 3 || (argc == 4 && strcmp(argv[3], "--witness") == 0))
        && (strcmp(argv[1], "--first") == 0
            || strcmp(argv[1], "--warm") == 0)) {
        witness = argc == 4;
        nr_getppid = sc_number("getppid");
        if (nr_getppid < 0 || find_helper() < 0)
            return EXIT_FAILURE;
        return first_call(argv[2], strcmp(argv[1], "--warm") == 0);
    }
    if (argc == 2 && strcmp(argv[1], "--witness") == 0) {
        witness = 1;
        nr_getppid = sc_number("getppid");
        if (nr_getppid < 0 || find_helper() < 0)
            return EXIT_FAILURE;
        return witness_pass();
    }
    nr_getppid = sc_number("getppid");
    nr_sendmsg = sc_number("sendmsg");
    nr_execve = sc_number("execve");
    nr_execveat = sc_number("execveat");
    nr_seccomp = sc_number("seccomp");
    nr_pidfd_open = sc_number("pidfd_open");
    if (nr_getppid < 0 || nr_sendmsg < 0 || nr_execve < 0 || nr_seccomp < 0
        || nr_pidfd_open < 0) {
        fprintf(stderr, "census-probe: system call table incomplete\n");
        return EXIT_FAILURE;
    }
    if (alloc_notif() < 0) {
        perror("census-probe: SECCOMP_GET_NOTIF_SIZES");
        return EXIT_FAILURE;
    }
    if (prepare() < 0) {
        perror("census-probe: set-up");
        return EXIT_FAILURE;
    }
    header();
    for (i = 0; i < ARRAY_LEN(tests); i++) {
        census(&tests[i]);
        if (!(tests[i].flags & (T_NOEND | T_EXEC | T_FRESH)))
            census_first(&tests[i]);
    }
    for (i = 0; i < ARRAY_LEN(tests); i++) {
        if (tests[i].deny == NULL)
            continue;
        nr = sc_number(tests[i].deny);
        if (nr < 0)
            continue;   /* not a system call of this ABI */
        fallback(&tests[i], nr, ENOSYS);
        fallback(&tests[i], nr, EPERM);
    }
    clean_up();
    run_witness();
    out("T ms=%lld\n", now_ms() - t0);
    flush_out();
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
