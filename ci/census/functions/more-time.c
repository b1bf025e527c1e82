/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * more-time.c - census-probe's functions: clocks, timers and waiting for
 * signals, besides those of time.c and process.c.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int run_clock_getres(struct ctx *c)
{
    struct timespec ts;

    (void)c;
    return err(clock_getres(CLOCK_MONOTONIC, &ts) < 0);
}

/* settimeofday(2) with the time it reads: the clock stays as it was. */
int run_settimeofday(struct ctx *c)
{
    struct timeval tv;

    (void)c;
    if (gettimeofday(&tv, NULL) < 0)
        return errno;
    return err(settimeofday(&tv, NULL) < 0);
}

/* A timer of the monotonic clock that would send SIGALRM (blocked) */
int set_timer(struct ctx *c)
{
    struct sigevent sev;
    sigset_t set;

    sigemptyset(&set);
    sigaddset(&set, SIGALRM);
    if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
        return errno;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGALRM;
    c->timer_made = timer_create(CLOCK_MONOTONIC, &sev, &c->timer) == 0;
    return err(!c->timer_made);
}

int run_timer_settime(struct ctx *c)
{
    struct itimerspec its;

    memset(&its, 0, sizeof its);
    its.it_value.tv_sec = 60;
    return err(timer_settime(c->timer, 0, &its, NULL) < 0);
}

int run_timer_delete(struct ctx *c)
{
    c->timer_made = 0;
    return err(timer_delete(c->timer) < 0);
}

/* pause(3) and sigsuspend(2) until a SIGALRM from setitimer(2), whose
   handler does nothing.  sigsuspend(2) lets in the signal blocked since
   the set-up (pending by then or coming later: the calls are the same).
   pause(3) cannot: its timer fires one second after the set-up and every
   second after that, so that one that came before the call does not leave
   it waiting. */
static void on_alarm(int sig)
{
    (void)sig;
}

static int alarm_in(long usec, long every, int how)
{
    struct sigaction sa;
    struct itimerval it;
    sigset_t set;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGALRM, &sa, NULL) < 0)
        return errno;
    sigemptyset(&set);
    sigaddset(&set, SIGALRM);
    if (sigprocmask(how, &set, NULL) < 0)
        return errno;
    memset(&it, 0, sizeof it);
    it.it_value.tv_sec = usec / 1000000;
    it.it_value.tv_usec = usec % 1000000;
    it.it_interval.tv_sec = every / 1000000;
    it.it_interval.tv_usec = every % 1000000;
    return err(setitimer(ITIMER_REAL, &it, NULL) < 0);
}

int set_alarm_second(struct ctx *c)
{
    (void)c;
    return alarm_in(1000000, 1000000, SIG_UNBLOCK);
}

int set_alarm_blocked(struct ctx *c)
{
    (void)c;
    return alarm_in(1000, 0, SIG_BLOCK);
}

int fin_alarm(struct ctx *c)
{
    struct itimerval it;

    (void)c;
    memset(&it, 0, sizeof it);
    return err(setitimer(ITIMER_REAL, &it, NULL) < 0);
}

int run_pause(struct ctx *c)
{
    (void)c;
    return pause() < 0 && errno == EINTR ? 0 : err(1);
}

int run_sigsuspend(struct ctx *c)
{
    sigset_t set;

    (void)c;
    sigemptyset(&set);
    return sigsuspend(&set) < 0 && errno == EINTR ? 0 : err(1);
}

/* sigwaitinfo(2) of a SIGUSR1 already pending (set_pending, process.c) */
int run_sigwaitinfo(struct ctx *c)
{
    sigset_t set;
    siginfo_t si;

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    return err(sigwaitinfo(&set, &si) != SIGUSR1);
}

int run_pthread_sigmask(struct ctx *c)
{
    sigset_t set;

    (void)c;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR2);
    return pthread_sigmask(SIG_BLOCK, &set, NULL);
}
