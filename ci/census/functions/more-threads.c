/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * more-threads.c - census-probe's functions: mutexes, condition variables
 * and thread attributes without contention.  None asks the kernel for
 * anything by design (a futex only when another thread holds or waits);
 * their rows, empty, are the proof.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

static pthread_mutex_t mutex;
static pthread_cond_t cond;
static pthread_attr_t attr;

int run_mutex_init(struct ctx *c)
{
    (void)c;
    return pthread_mutex_init(&mutex, NULL);
}

int set_mutex_init(struct ctx *c)
{
    return run_mutex_init(c);
}

int set_mutex_locked(struct ctx *c)
{
    (void)c;
    return pthread_mutex_init(&mutex, NULL) || pthread_mutex_lock(&mutex);
}

int run_mutex_unlock(struct ctx *c)
{
    (void)c;
    return pthread_mutex_unlock(&mutex);
}

int run_mutex_destroy(struct ctx *c)
{
    (void)c;
    return pthread_mutex_destroy(&mutex);
}

int run_cond_init(struct ctx *c)
{
    (void)c;
    return pthread_cond_init(&cond, NULL);
}

int set_cond_init(struct ctx *c)
{
    return run_cond_init(c);
}

int run_cond_signal(struct ctx *c)
{
    (void)c;
    return pthread_cond_signal(&cond);
}

int run_cond_destroy(struct ctx *c)
{
    (void)c;
    return pthread_cond_destroy(&cond);
}

int run_attr_init(struct ctx *c)
{
    (void)c;
    return pthread_attr_init(&attr);
}

int set_attr_init(struct ctx *c)
{
    return run_attr_init(c);
}

int run_attr_setdetachstate(struct ctx *c)
{
    (void)c;
    return pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
}

int run_attr_destroy(struct ctx *c)
{
    (void)c;
    return pthread_attr_destroy(&attr);
}

/* pthread_cond_wait(3) woken by another thread.  The caller holds the
   mutex from the set-up on; the other thread, made there, sleeps in
   pthread_mutex_lock(3) until the wait releases it, then signals.  Every
   call of the caller's is a futex (the release wakes the other thread;
   the wait sleeps, or not when the signal came first; taking the mutex
   back may wait); which ones, the scheduler decides (ci/census/timing). */
static pthread_mutex_t cv_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int signalled;

static void *signaller_main(void *arg)
{
    struct ctx *c = arg;

    c->tid = syscall(SYS_gettid);
    __atomic_store_n(&c->ready, 1, __ATOMIC_SEQ_CST);
    if (pthread_mutex_lock(&cv_mutex) != 0)
        return arg;
    signalled = 1;
    if (pthread_cond_signal(&cv) != 0 || pthread_mutex_unlock(&cv_mutex) != 0)
        return arg;
    return NULL;
}

int set_cond_waiter(struct ctx *c)
{
    int e;

    if ((e = pthread_mutex_lock(&cv_mutex)) != 0)
        return e;
    if ((e = pthread_create(&c->thread, NULL, signaller_main, c)) != 0)
        return e;
    c->thread_made = 1;
    return await_asleep(c);
}

int run_cond_wait(struct ctx *c)
{
    int e = 0;

    (void)c;
    while (!signalled && e == 0)
        e = pthread_cond_wait(&cv, &cv_mutex);
    return e != 0 ? e : pthread_mutex_unlock(&cv_mutex);
}

int fin_cond_waiter(struct ctx *c)
{
    void *r;
    int e;

    if (!c->thread_made)
        return 0;
    c->thread_made = 0;
    e = pthread_join(c->thread, &r);
    return e != 0 ? e : r != NULL ? -1 : 0;
}
