/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * more-process.c - census-probe's functions: executing a program by the
 * exec functions other than execve(2).  The row runs from the call to
 * main of the new program, census-start (which makes the end marker): the
 * execve(2) calls and the new program's start, under the same filter.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int run_execl(struct ctx *c)
{
    (void)c;
    execl(helper, "census-start", (char *)NULL);
    return errno;
}

int run_execv(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    (void)c;
    execv(helper, argv);
    return errno;
}

/* execlp(3) searching a PATH whose first directory does not exist and
   whose second holds census-start */
int set_path(struct ctx *c)
{
    char *slash;

    if (strlen(helper) + sizeof "/nonexistent:" > sizeof c->buf)
        return ENAMETOOLONG;
    strcpy(c->buf, "/nonexistent:");
    strcat(c->buf, helper);
    slash = strrchr(c->buf, '/');
    if (slash == NULL || slash < c->buf + sizeof "/nonexistent:" - 1)
        return EINVAL;
    *slash = '\0';
    return err(setenv("PATH", c->buf, 1) < 0);
}

int run_execlp(struct ctx *c)
{
    (void)c;
    execlp("census-start", "census-start", (char *)NULL);
    return errno;
}
