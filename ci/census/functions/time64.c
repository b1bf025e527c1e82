/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * time64.c - census-probe's functions: 32-bit time, as a program built
 * with -D_TIME_BITS=64 -D_FILE_OFFSET_BITS=64 calls it (glibc 2.34 and
 * later; musl's time_t is 64 bits wide on every ABI since 1.2.0), and
 * files and clocks with times after 2038.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).  Every other file
 * of the probe is built as a program is by default.
 */
#define _TIME_BITS 64
#define _FILE_OFFSET_BITS 64
#include "functions.h"

/* 2040-01-01 00:00:00 UTC: after the end of a 32-bit time_t (2038). */
#define T2040 2208988800LL

/* The file "future", with a modification time in 2040: made here, where
   time_t is 64 bits wide, for the rows of every build. */
int set_future(struct ctx *c)
{
    struct timespec ts[2];
    int e = make_file("future");

    (void)c;
    if (sizeof(time_t) < 8)
        return EOVERFLOW;       /* a C library without 64-bit time */
    if (e != 0)
        return e;
    ts[0].tv_sec = ts[1].tv_sec = (time_t)T2040;
    ts[0].tv_nsec = ts[1].tv_nsec = 0;
    return err(utimensat(AT_FDCWD, "future", ts, 0) < 0);
}

int fin_future(struct ctx *c)
{
    (void)c;
    return gone("future");
}

#ifdef CENSUS_TIME64
/* The rows of this file are built where a 32-bit ABI has both sizes of
   time_t (functions.h). */
typedef char time_t_is_64_bits[sizeof(time_t) == 8 ? 1 : -1];

int run_clock_gettime64(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    return err(clock_gettime(CLOCK_REALTIME, &ts) < 0);
}

int run_clock_settime64(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
        return errno;
    return err(clock_settime(CLOCK_REALTIME, &ts) < 0);
}

int run_gettimeofday64(struct ctx *c)
{
    struct timeval tv;

    (void)c;
    return err(gettimeofday(&tv, NULL) < 0);
}

int run_time64(struct ctx *c)
{
    (void)c;
    return err(time(NULL) == (time_t)-1);
}

int run_nanosleep64(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };

    (void)c;
    return err(nanosleep(&ts, NULL) < 0);
}

int run_clock_nanosleep64(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };

    (void)c;
    return clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
}

int run_utimensat64(struct ctx *c)
{
    struct timespec ts[2];

    (void)c;
    ts[0].tv_sec = ts[1].tv_sec = (time_t)T2040;
    ts[0].tv_nsec = ts[1].tv_nsec = 0;
    return err(utimensat(AT_FDCWD, "future", ts, 0) < 0);
}

/* What stat(2) or lstat(2) of "future" gave (R, ST): 0 when it read the
   2040 time, else the error (-1: another time) */
static int future_read(int r, const struct stat *st)
{
    if (r < 0)
        return errno;
    return (long long)st->st_mtime == T2040 ? 0 : -1;
}

int run_stat64_future(struct ctx *c)
{
    struct stat st;

    (void)c;
    return future_read(stat("future", &st), &st);
}

int run_lstat64_future(struct ctx *c)
{
    struct stat st;

    (void)c;
    return future_read(lstat("future", &st), &st);
}

int run_fstat64(struct ctx *c)
{
    struct stat st;

    return err(fstat(c->fd, &st) < 0);
}

/* wait3(3) of set_child's child, with its resource use (a struct
   rusage holds two struct timeval) */
int run_wait3_64(struct ctx *c)
{
    int st;
    struct rusage ru;

    return err(wait3(&st, 0, &ru) != c->pid);
}

/* settimeofday(2) with the time it reads: the clock stays as it was */
int run_settimeofday64(struct ctx *c)
{
    struct timeval tv;

    (void)c;
    if (gettimeofday(&tv, NULL) < 0)
        return errno;
    return err(settimeofday(&tv, NULL) < 0);
}

int run_select64(struct ctx *c)
{
    fd_set r;
    struct timeval tv = { 0, 0 };

    FD_ZERO(&r);
    FD_SET(c->pfd[0], &r);
    return err(select(c->pfd[0] + 1, &r, NULL, NULL, &tv) < 0);
}

/* The timer of set_timer (more-time.c: a timer_t is the same in both
   builds), armed with a 64-bit itimerspec. */
int run_timer_settime64(struct ctx *c)
{
    struct itimerspec its;

    memset(&its, 0, sizeof its);
    its.it_value.tv_sec = 60;
    return err(timer_settime(c->timer, 0, &its, NULL) < 0);
}

int run_setitimer64(struct ctx *c)
{
    struct itimerval it;

    (void)c;
    memset(&it, 0, sizeof it);
    return err(setitimer(ITIMER_REAL, &it, NULL) < 0);
}

int run_sigtimedwait64(struct ctx *c)
{
    sigset_t set;
    struct timespec ts = { 0, 0 };

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return err(sigtimedwait(&set, NULL, &ts) != SIGUSR1);
}
#endif

#ifdef CENSUS_TIME64
/* Time-outs longer than a 32-bit time_t holds (2^32 s, some 136 years),
   on calls that return at once: a byte waits in the pipe (set_pipe_byte),
   a signal is pending (set_pending). */
int set_pipe_byte(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    return write(c->pfd[1], "", 1) == 1 ? 0 : err(1);
}

int run_select64_long(struct ctx *c)
{
    fd_set r;
    struct timeval tv = { (time_t)1 << 32, 0 };

    FD_ZERO(&r);
    FD_SET(c->pfd[0], &r);
    return err(select(c->pfd[0] + 1, &r, NULL, NULL, &tv) != 1);
}

int run_sigtimedwait64_long(struct ctx *c)
{
    sigset_t set;
    struct timespec ts = { (time_t)1 << 32, 0 };

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return err(sigtimedwait(&set, NULL, &ts) != SIGUSR1);
}
#endif
