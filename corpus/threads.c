/* SPDX-License-Identifier: GPL-2.0-or-later */
/* threads: two joined threads (one returns, one calls pthread_exit) and a
   detached one whose end the main thread waits for. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;
static int detached_done;

static void fail(const char *what, int err)
{
    fprintf(stderr, "threads: %s: %s\n", what, strerror(err));
    exit(1);
}

static void *returns(void *arg)
{
    return (void *)((uintptr_t)arg * 2);
}

static void *exits(void *arg)
{
    pthread_exit((void *)((uintptr_t)arg + 1));
}

static void *detached(void *arg)
{
    int err;

    (void)arg;
    if ((err = pthread_mutex_lock(&lock)) != 0)
        fail("pthread_mutex_lock", err);
    detached_done = 1;
    if ((err = pthread_cond_signal(&done)) != 0)
        fail("pthread_cond_signal", err);
    if ((err = pthread_mutex_unlock(&lock)) != 0)
        fail("pthread_mutex_unlock", err);
    return NULL;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_attr_t attr;
    void *ra, *rb;
    int err;

    if ((err = pthread_create(&a, NULL, returns, (void *)21)) != 0)
        fail("pthread_create", err);
    if ((err = pthread_create(&b, NULL, exits, (void *)6)) != 0)
        fail("pthread_create", err);
    if ((err = pthread_join(a, &ra)) != 0)
        fail("pthread_join", err);
    if ((err = pthread_join(b, &rb)) != 0)
        fail("pthread_join", err);
    printf("joined: %lu %lu\n", (unsigned long)(uintptr_t)ra, (unsigned long)(uintptr_t)rb);
    if ((err = pthread_attr_init(&attr)) != 0)
        fail("pthread_attr_init", err);
    if ((err = pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED)) != 0)
        fail("pthread_attr_setdetachstate", err);
    if ((err = pthread_create(&c, &attr, detached, NULL)) != 0)
        fail("pthread_create", err);
    if ((err = pthread_attr_destroy(&attr)) != 0)
        fail("pthread_attr_destroy", err);
    if ((err = pthread_mutex_lock(&lock)) != 0)
        fail("pthread_mutex_lock", err);
    while (!detached_done)
        if ((err = pthread_cond_wait(&done, &lock)) != 0)
            fail("pthread_cond_wait", err);
    if ((err = pthread_mutex_unlock(&lock)) != 0)
        fail("pthread_mutex_unlock", err);
    printf("detached: done\n");
    return 0;
}
