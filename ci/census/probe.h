/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probe.h - what census-probe's engine (ci/census/probe.c) and its
 * functions (ci/census/functions/) share: the context a function is set
 * up, called and cleaned up in, and the rows.
 */
#ifndef CENSUS_PROBE_H
#define CENSUS_PROBE_H

#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <mntent.h>
#include <poll.h>
#include <sched.h>
#include <semaphore.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <syslog.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#ifdef __GLIBC__
#include <error.h>              /* glibc's own (not in musl) */
#endif
#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

#include "census.h"
#include "census-self.h"    /* SELF_*, CENSUS_X32_BIT (ci/census/build) */

struct ctx {
    int fd, fd2, ep;
    int pfd[2];
    DIR *dir;
    FILE *fp;
    pid_t pid;
    pthread_t thread;
    int thread_made;
    volatile int ready;         /* the other thread: blocked in read */
    long tid;
    timer_t timer;
    int timer_made;
    int saved_out;              /* descriptor 1 before the function's */
    const char *name;
    void *mem;
    pid_t self;
    char buf[PATH_MAX];
};

extern char helper[PATH_MAX];   /* census-start, beside the probe */
extern char helper_pthread[PATH_MAX];  /* census-start-pthread, beside it */

extern char self_exe[PATH_MAX]; /* this probe */

enum {
    T_NOEND = 1,        /* the call does not return */
    T_EXEC = 2,         /* the call is an execve: record from the next one */
    T_FRESH = 4,        /* the call is made in a new program (census-start),
                           which makes the markers */
    T_FIRST = 8,        /* the call is the first in a new program (this one,
                           run with --first), which makes the markers */
    T_TSYNC = 16,       /* the filter covers the caller's other threads too
                           (SECCOMP_FILTER_FLAG_TSYNC): record them */
    T_WARM = 32         /* the call is made in a new program too (this one,
                           run with --warm), after a first call outside the
                           markers: the probe's own standard output is the
                           guest's terminal, which no set-up can undo */,
    T_ONCE = 64         /* measured once: no first call (FUNCTION@first) */
};

struct test {
    const char *name;
    int (*setup)(struct ctx *);
    int (*run)(struct ctx *);
    int (*finish)(struct ctx *);
    const char *created;        /* "thread" or "child": also record those */
    unsigned flags;
    const char *deny;           /* the newer system call it may fall back
                                   from, for the second pass */
};

extern const struct test tests[];   /* functions/rows.c, in order */
extern const size_t n_tests;

/* A row measured again under an answer it forces: its system call CALL
   fails with errno E (in the probe, the notification server answers it;
   under the second witness, a filter of SECCOMP_RET_ERRNO).  Recorded as
   FUNCTION@CALL=ERRNO: the call tried and what the C library made
   instead.  Every row with a "deny" is measured so with ENOSYS; these are
   the others (functions/rows.c). */
struct force {
    const char *name;           /* the row */
    const char *call;
    int e;
};
extern const struct force forces[];
extern const size_t n_forces;

/* functions/common.c: 0, or an errno value (-1 if the call failed without
   one); a file made empty; a file that is gone */
int err(int failed);
int make_file(const char *path);
int gone(const char *path);

/* The engine's (probe.c), for the functions */
void mark(int code);
extern int record_fd;

#endif
