/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * threads.c - census-probe's functions: threads and synchronization.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int run_mutex(struct ctx *c)
{
    static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

    (void)c;
    return pthread_mutex_lock(&m) || pthread_mutex_unlock(&m);
}

int run_sem_open(struct ctx *c)
{
    sem_t *s = sem_open("/census", O_CREAT | O_EXCL, 0600, 0);

    c->mem = s;
    return err(s == SEM_FAILED);
}

int fin_sem_open(struct ctx *c)
{
    if (c->mem == SEM_FAILED || c->mem == NULL)
        return 0;
    return err(sem_close(c->mem) < 0 || sem_unlink("/census") < 0);
}

int set_sem_open(struct ctx *c)
{
    c->mem = NULL;
    return err(sem_unlink("/census") < 0 && errno != ENOENT);
}

/* The new thread waits on the pipe until the caller's measurement has
   ended: a thread that exits at once can meet the caller still inside
   pthread_create() (musl: its exit waits for the thread-list lock, and
   pthread_create() then wakes it with futex), which would make the
   caller's list depend on timing. */
static void *thread_main(void *arg)
{
    char b;
    int fd = *(int *)arg;

    mark(CENSUS_TASK);
    if (read(fd, &b, 1) != 1)
        return arg;
    return NULL;
}

int run_pthread_create(struct ctx *c)
{
    int e = pthread_create(&c->thread, NULL, thread_main, &c->pfd[0]);

    c->thread_made = e == 0;
    return e;
}

int fin_pthread_create(struct ctx *c)
{
    int e = 0;

    if (c->thread_made) {
        if (write(c->pfd[1], "", 1) != 1)
            e = errno;
        if (pthread_join(c->thread, NULL) != 0 && e == 0)
            e = -1;
    }
    return e ? e : fin_close_pipe(c);
}

/* A worker still busy when it is joined: it sleeps 300 ms from its start,
   long before the caller's join under any load seen here. */
static void *sleeper_main(void *arg)
{
    struct timespec ts = { 0, 300000000 };

    nanosleep(&ts, NULL);
    return arg;
}

int set_sleeper(struct ctx *c)
{
    int e = pthread_create(&c->thread, NULL, sleeper_main, NULL);

    c->thread_made = e == 0;
    return e;
}

int run_pthread_join(struct ctx *c)
{
    c->thread_made = 0;
    return pthread_join(c->thread, NULL);
}

int run_setuid(struct ctx *c)
{
    (void)c;
    return err(setuid(65534) < 0);
}

/* The other thread of setuid(65534)+thread: blocked in read(2) on the
   pipe while the function runs; the caller's filter covers it (T_TSYNC),
   and census-trace records it once the start marker comes. */
static void *blocked_main(void *arg)
{
    struct ctx *c = arg;
    char b;

    c->tid = syscall(SYS_gettid);
    __atomic_store_n(&c->ready, 1, __ATOMIC_SEQ_CST);
    if (read(c->pfd[0], &b, 1) != 1)
        return arg;
    mark(CENSUS_TASK);
    return NULL;
}

/* 1 when task TID of this process sleeps (in its read) */
int sleeping(long tid)
{
    char path[64], buf[256], *p;
    ssize_t n;
    int fd;

    snprintf(path, sizeof path, "/proc/self/task/%ld/stat", tid);
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    p = strrchr(buf, ')');
    return p != NULL && p[1] == ' ' && p[2] == 'S';
}

/* 0 once the thread of C has said it is ready and sleeps (in its read or
   nap), polled each millisecond for 5 s; else ETIMEDOUT. */
int await_asleep(struct ctx *c)
{
    struct timespec ts = { 0, 1000000 };
    int i;

    for (i = 0; i < 5000; i++) {
        if (__atomic_load_n(&c->ready, __ATOMIC_SEQ_CST) && sleeping(c->tid))
            return 0;
        nanosleep(&ts, NULL);
    }
    return ETIMEDOUT;
}

int set_other_thread(struct ctx *c)
{
    int e;

    if (pipe(c->pfd) < 0)
        return errno;
    e = pthread_create(&c->thread, NULL, blocked_main, c);
    if (e != 0)
        return e;
    c->thread_made = 1;
    return await_asleep(c);
}

int fin_other_thread(struct ctx *c)
{
    return fin_pthread_create(c);
}
