/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lifecycle.c - census-probe's functions: what happens around calls, at
 * the end of a thread or a process and when a new program cannot start.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 *
 * A thread's end is recorded in the row FUNCTION/thread: the thread is
 * made in the set-up, outside the window, and sleeps until the caller has
 * made its start marker; the caller's filter covers it (T_TSYNC), and
 * both witnesses record it from that marker to its end, which may come
 * after the caller's end marker (the clean-up waits for it).
 */
#include "functions.h"

/* The nap of a thread whose end is measured: the set-up sees it asleep,
   then the caller makes its start marker, all within the nap.  300 ms
   (the sleeper of pthread_join) was too short on i386 at a load of 30
   (2026-12-05: the set-up saw the thread only after its end). */
#define THREAD_NAP_NS 999999999L

static void nap(void)
{
    struct timespec ts = { 0, THREAD_NAP_NS };

    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

static void note_tid(struct ctx *c)
{
    c->tid = syscall(SYS_gettid);
    __atomic_store_n(&c->ready, 1, __ATOMIC_SEQ_CST);
}

static void *returning_main(void *arg)
{
    note_tid(arg);
    nap();
    return NULL;
}

static void *exiting_main(void *arg)
{
    note_tid(arg);
    nap();
    pthread_exit(NULL);
}

static void *quick_main(void *arg)
{
    note_tid(arg);
    return NULL;
}

/* The thread made, and (WAIT) asleep in its nap: what it makes before,
   it makes outside the window under both witnesses. */
static int make_thread(struct ctx *c, void *(*fn)(void *), int wait)
{
    int e = pthread_create(&c->thread, NULL, fn, c);

    c->thread_made = e == 0;
    return e != 0 || !wait ? e : await_asleep(c);
}

/* 0 once task TID of this process has gone (its /proc entry), else
   ETIMEDOUT after some 10 s. */
static int task_gone(long tid)
{
    struct timespec ts = { 0, 2000000 };
    char path[64];
    int i;

    snprintf(path, sizeof path, "/proc/self/task/%ld", tid);
    for (i = 0; i < 5000; i++) {
        if (access(path, F_OK) < 0 && errno == ENOENT)
            return 0;
        nanosleep(&ts, NULL);
    }
    return ETIMEDOUT;
}

int set_returning(struct ctx *c)
{
    return make_thread(c, returning_main, 1);
}

int set_exiting(struct ctx *c)
{
    return make_thread(c, exiting_main, 1);
}

/* A thread that has returned and whose task has gone before the call. */
int set_ended(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };
    int e = make_thread(c, quick_main, 0), i;

    for (i = 0; e == 0 && i < 5000; i++) {
        if (__atomic_load_n(&c->ready, __ATOMIC_SEQ_CST))
            return task_gone(c->tid);
        nanosleep(&ts, NULL);
    }
    return e != 0 ? e : ETIMEDOUT;
}

int run_join(struct ctx *c)
{
    c->thread_made = 0;
    return pthread_join(c->thread, NULL);
}

int run_detach(struct ctx *c)
{
    c->thread_made = 0;
    return pthread_detach(c->thread);
}

/* The detached thread's end: after the window, until its task is gone. */
int fin_detached(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };
    int i;

    for (i = 0; i < 5000; i++) {
        if (__atomic_load_n(&c->ready, __ATOMIC_SEQ_CST))
            return task_gone(c->tid);
        nanosleep(&ts, NULL);
    }
    return ETIMEDOUT;
}

static void on_exit_nothing(void)
{
}

/* exit(3) with an atexit(3) handler and a stream on a file that holds
   unwritten data. */
int set_exit_stdio(struct ctx *c)
{
    if (atexit(on_exit_nothing) != 0)
        return -1;
    c->fp = fopen("exitout", "w");
    if (c->fp == NULL)
        return errno;
    if (fputs("census\n", c->fp) == EOF)
        return -1;
    return 0;
}

int run_exit_stdio(struct ctx *c)
{
    (void)c;
    exit(EXIT_SUCCESS);
}

/* posix_spawn(3) of a program that does not exist: the new process's
   execve(2) fails with ENOENT. */
int run_posix_spawn_enoent(struct ctx *c)
{
    char *argv[] = { "census-none", NULL };

    return posix_spawn(&c->pid, "/nonexistent/census-none", NULL, NULL,
                       argv, environ);
}

/* popen(3) and pclose(3): the command's status counts (127: the shell
   could not be started). */
int run_popen(struct ctx *c)
{
    FILE *p = popen(":", "r");
    int st;

    (void)c;
    if (p == NULL)
        return errno > 0 ? errno : -1;
    st = pclose(p);
    if (st == -1)
        return errno > 0 ? errno : -1;
    return st == 0 ? 0 : -1;
}
