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
