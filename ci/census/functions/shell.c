/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * shell.c - census-probe's functions: what /bin/sh (dash) imports and no
 * other row measured.  system(3) and popen(3) run the shell under the
 * caller's filter, so seccomp-census --for adds the shell's imports to a
 * program that calls them; these rows make that allowlist whole: ids,
 * process groups, limits, times, vfork(2), a long jump.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include <setjmp.h>
#include <sys/times.h>

#include "functions.h"

static struct rlimit limit;     /* set_rlimit: the limit as it is */
static gid_t gid;               /* set_gid: the caller's group */
static pid_t group;             /* set_pipe_group: the caller's group */

int run_getegid(struct ctx *c)
{
    (void)c;
    return getegid() == (gid_t)-1 ? -1 : 0;
}

int run_getpgrp(struct ctx *c)
{
    (void)c;
    return getpgrp() < 0 ? -1 : 0;
}

/* setpgid(0, 0): the caller (a child of the probe, not a session
   leader) makes its own process group, as a shell does for a job. */
int run_setpgid(struct ctx *c)
{
    (void)c;
    return err(setpgid(0, 0) < 0);
}

int set_gid(struct ctx *c)
{
    (void)c;
    gid = getgid();
    return 0;
}

/* setgid(2) to the group it has: allowed, and nothing changes. */
int run_setgid(struct ctx *c)
{
    (void)c;
    return err(setgid(gid) < 0);
}

int set_rlimit(struct ctx *c)
{
    (void)c;
    return err(getrlimit(RLIMIT_NOFILE, &limit) < 0);
}

/* setrlimit(3) to the limit it has. */
int run_setrlimit(struct ctx *c)
{
    (void)c;
    return err(setrlimit(RLIMIT_NOFILE, &limit) < 0);
}

int run_times(struct ctx *c)
{
    struct tms t;

    (void)c;
    return times(&t) == (clock_t)-1 ? err(1) : 0;
}

/* The text of a signal in the C locale. */
int run_strsignal(struct ctx *c)
{
    (void)c;
    return strsignal(SIGTERM) == NULL ? -1 : 0;
}

int set_pipe_group(struct ctx *c)
{
    group = getpgrp();
    return set_pipe(c);
}

/* tcsetpgrp(3) on a pipe, which is no terminal: the call is made and
   fails with ENOTTY (a shell without a terminal gets the same). */
int run_tcsetpgrp(struct ctx *c)
{
    if (tcsetpgrp(c->pfd[1], group) == 0)
        return -1;
    return errno == ENOTTY ? 0 : errno;
}

/* A long jump back into the function that set it: with _FORTIFY_SOURCE
   (the probe's flags, and Debian's), longjmp(3) is __longjmp_chk. */
int run_longjmp(struct ctx *c)
{
    static jmp_buf env;
    static volatile int jumped;

    (void)c;
    jumped = 0;
    if (setjmp(env) == 0)
        longjmp(env, 1);
    jumped = 1;
    return jumped ? 0 : -1;
}

/* vfork(2): the child makes its marker and ends, as a shell's child
   would exec; the parent goes on when it has. */
int run_vfork(struct ctx *c)
{
    c->pid = vfork();
    if (c->pid == 0) {
        mark(CENSUS_TASK);
        _exit(EXIT_SUCCESS);
    }
    return err(c->pid < 0);
}
