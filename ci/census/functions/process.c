/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * process.c - census-probe's functions: ids, signals, system facts, user database, processes.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int fin_wait(struct ctx *c)
{
    int st;

    if (c->pid <= 0)
        return 0;
    if (waitpid(c->pid, &st, 0) < 0)
        return errno;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

int run_startup(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    (void)c;
    execve(helper, argv, environ);
    return errno;
}

/* The same program linked with -pthread (ci/census/build). */
int run_startup_pthread(struct ctx *c)
{
    char *argv[] = { "census-start-pthread", NULL };

    (void)c;
    execve(helper_pthread, argv, environ);
    return errno;
}

/* The function in a new program: census-start calls it between markers. */
int run_fresh(struct ctx *c)
{
    char *argv[] = { "census-start", NULL, NULL };

    argv[1] = (char *)c->name;
    execve(helper, argv, environ);
    return errno;
}

int run_getpid(struct ctx *c)
{
    c->pid = 0;
    return getpid() > 0 ? 0 : -1;
}

int run_getuid(struct ctx *c)
{
    (void)c;
    return getuid() == (uid_t)-1 ? -1 : 0;
}

int set_self(struct ctx *c)
{
    c->self = getpid();
    return 0;
}

int run_kill(struct ctx *c)
{
    return err(kill(c->self, 0) < 0);
}

int run_raise(struct ctx *c)
{
    (void)c;
    return raise(SIGCHLD) != 0 ? -1 : 0;       /* ignored by default */
}

static void on_usr1(int sig)
{
    (void)sig;
}

int run_sigaction(struct ctx *c)
{
    struct sigaction sa;

    (void)c;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    return err(sigaction(SIGUSR1, &sa, NULL) < 0);
}

int run_sigprocmask(struct ctx *c)
{
    sigset_t set;

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return err(sigprocmask(SIG_BLOCK, &set, NULL) < 0);
}

int run_gethostname(struct ctx *c)
{
    return err(gethostname(c->buf, sizeof c->buf) < 0);
}

int run_uname(struct ctx *c)
{
    struct utsname u;

    (void)c;
    return err(uname(&u) < 0);
}

int run_sched_yield(struct ctx *c)
{
    (void)c;
    return err(sched_yield() < 0);
}

int run_getrlimit(struct ctx *c)
{
    struct rlimit rl;

    (void)c;
    return err(getrlimit(RLIMIT_NOFILE, &rl) < 0);
}

int run_getppid(struct ctx *c)
{
    (void)c;
    return getppid() > 0 ? 0 : -1;
}

int run_getgid(struct ctx *c)
{
    (void)c;
    return getgid() == (gid_t)-1 ? -1 : 0;
}

int run_geteuid(struct ctx *c)
{
    (void)c;
    return geteuid() == (uid_t)-1 ? -1 : 0;
}

int run_getgroups(struct ctx *c)
{
    gid_t g[64];

    (void)c;
    return err(getgroups(64, g) < 0);
}

int run_setgroups(struct ctx *c)
{
    (void)c;
    return err(setgroups(0, NULL) < 0);
}

/* a child that has exited, or will, for the wait functions */
int set_child(struct ctx *c)
{
    c->pid = fork();
    if (c->pid == 0)
        _exit(EXIT_SUCCESS);
    return err(c->pid < 0);
}

int run_wait(struct ctx *c)
{
    int st;

    (void)c;
    return err(wait(&st) < 0);
}

/* wait3(3), with the child's resource use (what dash asks) */
int run_wait3(struct ctx *c)
{
    int st;
    struct rusage ru;

    return err(wait3(&st, 0, &ru) != c->pid);
}

int run_waitpid(struct ctx *c)
{
    int st;

    return err(waitpid(c->pid, &st, 0) != c->pid);
}

int run_waitid(struct ctx *c)
{
    siginfo_t si;

    memset(&si, 0, sizeof si);
    return err(waitid(P_PID, (id_t)c->pid, &si, WEXITED) < 0);
}

int set_pending(struct ctx *c)
{
    sigset_t set;

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
        return errno;
    return raise(SIGUSR1) != 0 ? -1 : 0;
}

int run_sigtimedwait(struct ctx *c)
{
    sigset_t set;
    struct timespec ts = { 0, 0 };

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return err(sigtimedwait(&set, NULL, &ts) != SIGUSR1);
}

int run_getpwnam(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(getpwnam("root") == NULL);
}

int run_getgrnam(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(getgrnam("root") == NULL);
}

int run_fork(struct ctx *c)
{
    c->pid = fork();
    if (c->pid == 0) {
        mark(CENSUS_TASK);
        _exit(EXIT_SUCCESS);
    }
    return err(c->pid < 0);
}

int run_posix_spawn(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    return posix_spawn(&c->pid, helper, NULL, NULL, argv, environ);
}

#ifdef HAVE_PIDFD_SPAWN
int run_pidfd_spawn(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    return pidfd_spawn(&c->fd, helper, NULL, NULL, argv, environ);
}

int fin_pidfd_spawn(struct ctx *c)
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

int run_system(struct ctx *c)
{
    int st;

    (void)c;
    st = system(":");
    if (st == -1)
        return errno > 0 ? errno : -1;
    return st == 0 ? 0 : -1;
}

int run_exit(struct ctx *c)
{
    (void)c;
    exit(EXIT_SUCCESS);
}

int run__exit(struct ctx *c)
{
    (void)c;
    _exit(EXIT_SUCCESS);
}
