/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine.h - what the parts of census-probe's engine share: probe.c (the
 * passes and main), names.c (names of system calls and errno values) and
 * notify.c (the notification server).
 */
#ifndef CENSUS_ENGINE_H
#define CENSUS_ENGINE_H

#include "probe.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define CHANNEL_FD 1000         /* the child's end of the socket pair */
#define MAX_TASKS 64            /* tasks one function may create */
#define POLL_MS 10000           /* a function that stays silent this long
                                   has hung */

/* names.c */
extern long nr_getppid, nr_sendmsg, nr_execve, nr_execveat, nr_seccomp,
            nr_pidfd_open;
long sc_number(const char *name);
void sc_name(unsigned arch, long nr, char *buf, size_t size);
void errno_name(int e, char *buf, size_t size);

/* notify.c; the witness pass allocates the two buffers too (probe.c) */
extern struct seccomp_notif *req;
extern struct seccomp_notif_resp *resp;
int install_notify(int tsync);
int install_deny(long nr, int e);
int send_fd(int fd);
int recv_fd(int sock);
void print_set(const char *name, const char *suffix,
               const struct callset *s);
int alloc_notif(void);
int serve(const struct test *t, pid_t pid, int listener,
          struct callset *own, struct callset *made);

/* probe.c */
extern int failures;
/* the system call the notification server answers with -force_errno
   instead of letting it go on (-1: none), for a row FUNCTION@CALL=ERRNO */
extern long force_nr;
extern int force_errno;
void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int is_mark(const struct seccomp_data *d, int code);

#endif
