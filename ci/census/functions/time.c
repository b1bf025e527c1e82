/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * time.c - census-probe's functions: time, sleeping and timers.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int run_nanosleep(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    ts.tv_sec = 0;
    ts.tv_nsec = 1000000;
    return err(nanosleep(&ts, NULL) < 0);
}

int run_sleep(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(sleep(1) != 0);
}

int run_usleep(struct ctx *c)
{
    (void)c;
    return err(usleep(1000) < 0);
}

int run_clock_gettime(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    return err(clock_gettime(CLOCK_REALTIME, &ts) < 0);
}

int run_time(struct ctx *c)
{
    (void)c;
    return err(time(NULL) == (time_t)-1);
}

int run_gettimeofday(struct ctx *c)
{
    struct timeval tv;

    (void)c;
    return err(gettimeofday(&tv, NULL) < 0);
}

int run_alarm(struct ctx *c)
{
    (void)c;
    alarm(0);
    return 0;
}

int run_setitimer(struct ctx *c)
{
    struct itimerval it;

    (void)c;
    memset(&it, 0, sizeof it);
    return err(setitimer(ITIMER_REAL, &it, NULL) < 0);
}

int run_clock_nanosleep(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };

    (void)c;
    return clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
}

int run_localtime(struct ctx *c)
{
    time_t t = 0;

    (void)c;
    return err(localtime(&t) == NULL);
}

int run_strftime(struct ctx *c)
{
    time_t t = 0;
    struct tm tm;

    if (gmtime_r(&t, &tm) == NULL)
        return -1;
    return strftime(c->buf, sizeof c->buf, "%Y-%m-%d %H:%M:%S", &tm) == 0
           ? -1 : 0;
}

/* Issue 18, census v2: timers, openat2, threads, identity, libraries and
   the first printf. */
int run_timer_create(struct ctx *c)
{
    struct sigevent sev;

    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGALRM;
    c->timer_made = timer_create(CLOCK_MONOTONIC, &sev, &c->timer) == 0;
    return err(!c->timer_made);
}

int fin_timer(struct ctx *c)
{
    return c->timer_made ? err(timer_delete(c->timer) < 0) : 0;
}

/* clock_settime(2) with the time it reads: the clock stays as it was. */
int run_clock_settime(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
        return errno;
    return err(clock_settime(CLOCK_REALTIME, &ts) < 0);
}
