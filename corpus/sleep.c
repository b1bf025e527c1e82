/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sleep: nanosleep, clock_nanosleep, a POSIX timer waited for with
   sigwaitinfo, and an interval timer ending a sigsuspend. */
/* corpus-libs: -lrt */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static volatile sig_atomic_t alarmed;

static void on_alarm(int sig)
{
    (void)sig;
    alarmed = 1;
}

static long long ms_since(const struct timespec *t0)
{
    struct timespec t;

    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0)
        return -1;
    return (t.tv_sec - t0->tv_sec) * 1000LL + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

int main(void)
{
    struct timespec t0, ten = { 0, 10000000 };
    struct sigevent ev;
    struct itimerspec its;
    struct itimerval itv;
    struct sigaction sa;
    sigset_t set, old;
    siginfo_t si;
    timer_t tid;
    int err;

    if (clock_gettime(CLOCK_MONOTONIC, &t0) != 0) {
        perror("sleep: clock_gettime");
        return 1;
    }
    if (nanosleep(&ten, NULL) != 0) {
        perror("sleep: nanosleep");
        return 1;
    }
    err = clock_nanosleep(CLOCK_MONOTONIC, 0, &ten, NULL);
    if (err != 0) {
        fprintf(stderr, "sleep: clock_nanosleep: %s\n", strerror(err));
        return 1;
    }
    printf("slept: %s\n", ms_since(&t0) >= 20 ? "at least 20 ms" : "too short");

    if (sigemptyset(&set) != 0 || sigaddset(&set, SIGUSR1) != 0 || sigaddset(&set, SIGALRM) != 0
        || sigprocmask(SIG_BLOCK, &set, &old) != 0) {
        perror("sleep: sigprocmask");
        return 1;
    }
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGUSR1;
    memset(&its, 0, sizeof its);
    its.it_value = ten;
    if (timer_create(CLOCK_MONOTONIC, &ev, &tid) != 0 || timer_settime(tid, 0, &its, NULL) != 0) {
        perror("sleep: timer");
        return 1;
    }
    if (sigemptyset(&set) != 0 || sigaddset(&set, SIGUSR1) != 0 || sigwaitinfo(&set, &si) != SIGUSR1) {
        perror("sleep: sigwaitinfo");
        return 1;
    }
    printf("timer: SIGUSR1 %s\n", si.si_code == SI_TIMER ? "from the timer" : "from elsewhere");
    if (timer_delete(tid) != 0) {
        perror("sleep: timer_delete");
        return 1;
    }

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    if (sigemptyset(&sa.sa_mask) != 0 || sigaction(SIGALRM, &sa, NULL) != 0) {
        perror("sleep: sigaction");
        return 1;
    }
    memset(&itv, 0, sizeof itv);
    itv.it_value.tv_usec = 10000;
    if (setitimer(ITIMER_REAL, &itv, NULL) != 0) {
        perror("sleep: setitimer");
        return 1;
    }
    if (sigdelset(&old, SIGALRM) != 0) {
        perror("sleep: sigdelset");
        return 1;
    }
    while (!alarmed)
        sigsuspend(&old);
    printf("itimer: SIGALRM caught\n");
    return 0;
}
