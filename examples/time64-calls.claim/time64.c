/* time64.c: which system call a time function makes first on a 32-bit
   ABI, the old one or its _time64 form, and which one after ENOSYS */
#define _GNU_SOURCE
#ifndef _TIME_BITS             /* a 64-bit time_t, to name 2286 */
# define _FILE_OFFSET_BITS  64
# define _TIME_BITS         64
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__ARMEB__)
# define MY_ARCH  AUDIT_ARCH_ARM
#endif

#if defined(MY_ARCH) && defined(__NR_clock_gettime64)

#ifndef __NR_clock_gettime      /* musl 1.2 renamed the old calls */
# define __NR_clock_gettime      __NR_clock_gettime32
# define __NR_clock_settime      __NR_clock_settime32
# define __NR_clock_getres       __NR_clock_getres_time32
# define __NR_clock_nanosleep    __NR_clock_nanosleep_time32
# define __NR_timer_gettime      __NR_timer_gettime32
# define __NR_timer_settime      __NR_timer_settime32
# define __NR_timerfd_gettime    __NR_timerfd_gettime32
# define __NR_timerfd_settime    __NR_timerfd_settime32
#endif

#define BASE   1000             /* call i fails with errno BASE + i */
#define LATE   10000000000LL    /* 2286: more than 32 bits */

/* The old calls and their _time64 forms (time64 set). */
#define OLD(name)  { __NR_##name, #name, 0 }
#define NEW(name)  { __NR_##name, #name, 1 }
static const struct call {
    long        nr;
    const char  *name;
    int         time64;
} calls[] = {
    OLD(clock_gettime),          NEW(clock_gettime64),
    OLD(clock_settime),          NEW(clock_settime64),
    OLD(clock_getres),           NEW(clock_getres_time64),
    OLD(clock_nanosleep),        NEW(clock_nanosleep_time64),
    OLD(nanosleep),
    OLD(timer_gettime),          NEW(timer_gettime64),
    OLD(timer_settime),          NEW(timer_settime64),
    OLD(timerfd_gettime),        NEW(timerfd_gettime64),
    OLD(timerfd_settime),        NEW(timerfd_settime64),
    OLD(utimensat),              NEW(utimensat_time64),
    OLD(ppoll),                  NEW(ppoll_time64),
    OLD(pselect6),               NEW(pselect6_time64),
    OLD(_newselect),
    OLD(rt_sigtimedwait),        NEW(rt_sigtimedwait_time64),
    OLD(sched_rr_get_interval),  NEW(sched_rr_get_interval_time64),
};
#define NCALLS  (sizeof(calls) / sizeof(calls[0]))

static timer_t  timer;
static int      tfd;

/* The functions; each returns -1 with errno set, or 0. */
static int
f_gettime_cpu(void)
{
    struct timespec  ts;

    return clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
}

static int
f_gettime_real(void)
{
    struct timespec  ts;

    return clock_gettime(CLOCK_REALTIME, &ts);
}

static int
f_getres_cpu(void)
{
    struct timespec  ts;

    return clock_getres(CLOCK_PROCESS_CPUTIME_ID, &ts);
}

static int
f_settime(void)
{
    struct timespec  ts = { 1, 0 };

    return clock_settime(CLOCK_REALTIME, &ts);
}

static int
f_timer_gettime(void)
{
    struct itimerspec  its;

    return timer_gettime(timer, &its);
}

static int
f_timerfd_gettime(void)
{
    struct itimerspec  its;

    return timerfd_gettime(tfd, &its);
}

static int
f_rr_interval(void)
{
    struct timespec  ts;

    return sched_rr_get_interval(0, &ts);
}

static int
f_nanosleep(void)
{
    struct timespec  ts = { 0, 1000000 };

    return nanosleep(&ts, NULL);
}

static int
f_clock_nanosleep_late(void)
{
    struct timespec  ts = { LATE, 0 };

    errno = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL);
    return errno == 0 ? 0 : -1;
}

static int
f_utimensat(void)
{
    struct timespec  ts[2] = { { 1, 0 }, { 1, 0 } };

    return utimensat(AT_FDCWD, ".", ts, 0);
}

static int
f_utimensat_late(void)
{
    struct timespec  ts[2] = { { LATE, 0 }, { LATE, 0 } };

    return utimensat(AT_FDCWD, ".", ts, 0);
}

static int
f_ppoll(void)
{
    struct timespec  ts = { 0, 1000000 };

    return ppoll(NULL, 0, &ts, NULL);
}

static int
f_pselect(void)
{
    struct timespec  ts = { 0, 1000000 };

    return pselect(0, NULL, NULL, NULL, &ts, NULL);
}

static int
f_select(void)
{
    struct timeval  tv = { 0, 1000 };

    return select(0, NULL, NULL, NULL, &tv);
}

static int
f_sigtimedwait(void)
{
    sigset_t         set;
    struct timespec  ts = { 0, 1000000 };

    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return sigtimedwait(&set, NULL, &ts);
}

static int
f_timer_settime(void)
{
    struct itimerspec  its = { { 0, 0 }, { 100, 0 } };

    return timer_settime(timer, 0, &its, NULL);
}

static int
f_timerfd_settime(void)
{
    struct itimerspec  its = { { 0, 0 }, { 100, 0 } };

    return timerfd_settime(tfd, 0, &its, NULL);
}

static int
f_timer_settime_late(void)
{
    struct itimerspec  its = { { 0, 0 }, { LATE, 0 } };

    return timer_settime(timer, 0, &its, NULL);
}

static int
f_timerfd_settime_late(void)
{
    struct itimerspec  its = { { 0, 0 }, { LATE, 0 } };

    return timerfd_settime(tfd, 0, &its, NULL);
}

static int
f_timer_settime_old(void)
{
    struct itimerspec  its = { { 0, 0 }, { 100, 0 } }, old;

    return timer_settime(timer, 0, &its, &old);
}

static int
f_timerfd_settime_old(void)
{
    struct itimerspec  its = { { 0, 0 }, { 100, 0 } }, old;

    return timerfd_settime(tfd, 0, &its, &old);
}

static const struct func {
    const char  *name;
    int         (*fn)(void);
} funcs[] = {
    { "clock_gettime(CPU time)",     f_gettime_cpu },
    { "clock_gettime(REALTIME)",     f_gettime_real },
    { "clock_getres(CPU time)",      f_getres_cpu },
    { "timer_gettime",               f_timer_gettime },
    { "timerfd_gettime",             f_timerfd_gettime },
    { "sched_rr_get_interval",       f_rr_interval },
    { "clock_settime",               f_settime },
    { "timer_settime(100 s)",        f_timer_settime },
    { "timerfd_settime(100 s)",      f_timerfd_settime },
    { "timer_settime(2286)",         f_timer_settime_late },
    { "timerfd_settime(2286)",       f_timerfd_settime_late },
    { "timer_settime(old value)",    f_timer_settime_old },
    { "timerfd_settime(old value)",  f_timerfd_settime_old },
    { "utimensat(1970)",             f_utimensat },
    { "utimensat(2286)",             f_utimensat_late },
    { "nanosleep(1 ms)",             f_nanosleep },
    { "clock_nanosleep(until 2286)", f_clock_nanosleep_late },
    { "ppoll(1 ms)",                 f_ppoll },
    { "pselect(1 ms)",               f_pselect },
    { "select(1 ms)",                f_select },
    { "sigtimedwait(1 ms)",          f_sigtimedwait },
};
#define NFUNCS  (sizeof(funcs) / sizeof(funcs[0]))

/* Install the filter: call i fails with BASE + i, or, if enosys is
   set and it is a _time64 call, with ENOSYS. */
static void
install(int enosys)
{
    static struct sock_filter  f[4 + 2 * NCALLS + 1];
    struct sock_fprog          prog;
    unsigned int               i, n = 0, e;

    f[n++] = (struct sock_filter)
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch));
    f[n++] = (struct sock_filter)
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0);
    f[n++] = (struct sock_filter)
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    f[n++] = (struct sock_filter)
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr));
    for (i = 0; i < NCALLS; i++) {
        e = enosys && calls[i].time64 ? ENOSYS : BASE + i;
        f[n++] = (struct sock_filter)
            BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, calls[i].nr, 0, 1);
        f[n++] = (struct sock_filter)
            BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | e);
    }
    f[n++] = (struct sock_filter)
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    prog.len = n;
    prog.filter = f;
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == -1) {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
}

/* What the function met: no system call of the list (it succeeded),
   one of the list, or another error. */
static void
outcome(char *buf, size_t size, int r, int e)
{
    if (r == 0)
        snprintf(buf, size, "none");
    else if (e >= BASE && e < BASE + (int) NCALLS)
        snprintf(buf, size, "%s", calls[e - BASE].name);
    else if (e == EOVERFLOW)
        snprintf(buf, size, "EOVERFLOW");
    else if (e == ENOTSUP)
        snprintf(buf, size, "ENOTSUP");
    else if (e == ENOSYS)
        snprintf(buf, size, "ENOSYS");
    else
        snprintf(buf, size, "%s", strerror(e));
}

int
main(void)
{
    int              (*res)[2][2];
    int              pass, st, r;
    char             first[40], after[40];
    pid_t            pid;
    unsigned int     i;
    struct sigevent  sev;

    res = mmap(NULL, sizeof(int [NFUNCS][2][2]), PROT_READ | PROT_WRITE,
               MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (res == MAP_FAILED) {
        perror("mmap");
        exit(EXIT_FAILURE);
    }
    memset(&sev, 0, sizeof(sev));
    sev.sigev_notify = SIGEV_NONE;
    tfd = timerfd_create(CLOCK_MONOTONIC, 0);
    if (timer_create(CLOCK_MONOTONIC, &sev, &timer) == -1
        || tfd == -1)
    {
        perror("timer_create or timerfd_create");
        exit(EXIT_FAILURE);
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }
    alarm(20);                  /* should a call not fail at once */

    /* Pass 0: every call fails with an error of its own.
       Pass 1: the _time64 calls fail with ENOSYS. */
    for (pass = 0; pass < 2; pass++) {
        pid = fork();
        if (pid == -1) {
            perror("fork");
            exit(EXIT_FAILURE);
        }
        if (pid == 0) {
            install(pass);
            for (i = 0; i < NFUNCS; i++) {
                errno = 0;
                res[i][pass][0] = funcs[i].fn();
                res[i][pass][1] = errno;
            }
            _exit(EXIT_SUCCESS);
        }
        if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st)
            || WEXITSTATUS(st) != EXIT_SUCCESS)
        {
            fprintf(stderr, "pass %d failed\n", pass);
            exit(EXIT_FAILURE);
        }
    }

    printf("%-27s %-28s %s\n", "function", "first call",
           "on ENOSYS");
    for (i = 0; i < NFUNCS; i++) {
        outcome(first, sizeof(first), res[i][0][0], res[i][0][1]);
        outcome(after, sizeof(after), res[i][1][0], res[i][1][1]);
        r = res[i][0][1] - BASE;        /* the first call */
        if (strcmp(first, after) == 0)
            snprintf(after, sizeof(after), "the same");
        else if (r > 0 && r < (int) NCALLS && calls[r].time64
                 && res[i][1][1] - BASE == r - 1)
            snprintf(after, sizeof(after), "the old one");
        printf("%-27s %-28s %s\n", funcs[i].name, first, after);
    }
    exit(EXIT_SUCCESS);
}

#else   /* 64-bit ABIs have only one form of each call */

int
main(void)
{
    fprintf(stderr, "time64: built for an ABI without _time64 calls\n");
    exit(EXIT_FAILURE);
}

#endif
