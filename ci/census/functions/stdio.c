/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stdio.c - census-probe's functions: standard I/O streams.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

/* a stream on a pipe, as a program's output would be */
int set_stream(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    c->fp = fdopen(c->pfd[1], "w");
    return err(c->fp == NULL);
}

int set_stream_text(struct ctx *c)
{
    return set_stream(c) || err(fputs("census\n", c->fp) == EOF);
}

int run_fdopen(struct ctx *c)
{
    c->fp = fdopen(c->pfd[1], "w");
    return err(c->fp == NULL);
}

int run_fprintf(struct ctx *c)
{
    return err(fprintf(c->fp, "%d\n", 42) < 0);
}

int run_fwrite(struct ctx *c)
{
    return err(fwrite("census\n", 1, 7, c->fp) != 7);
}

int run_fflush(struct ctx *c)
{
    return err(fflush(c->fp) == EOF);
}

int run_fclose(struct ctx *c)
{
    FILE *fp = c->fp;

    c->fp = NULL;
    c->pfd[1] = -1;
    return err(fclose(fp) == EOF);
}

int fin_stream(struct ctx *c)
{
    return err((c->fp != NULL && fclose(c->fp) == EOF)
               || close(c->pfd[0]) < 0);
}

/* Standard output on a pipe or on a file, not a terminal; the child's
   records go to the descriptor 1 it had. */
static int set_stdout(struct ctx *c, int fd)
{
    if (fd < 0)
        return errno;
    c->saved_out = dup(1);
    if (c->saved_out < 0 || dup2(fd, 1) != 1 || close(fd) < 0)
        return errno;
    record_fd = c->saved_out;
    return 0;
}

int set_stdout_pipe(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    return set_stdout(c, c->pfd[1]);
}

int set_stdout_file(struct ctx *c)
{
    return set_stdout(c, open("out", O_WRONLY | O_CREAT | O_TRUNC, 0644));
}

int run_printf(struct ctx *c)
{
    (void)c;
    return err(printf("%d\n", 42) < 0);
}

int fin_stdout_file(struct ctx *c)
{
    (void)c;
    return err(unlink("out") < 0);
}
