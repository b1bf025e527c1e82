/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * more-io.c - census-probe's functions: the descriptor, stream, socket and
 * extended-attribute functions that the corpus and coreutils' ls, sort and
 * date import besides those of io.c, files.c, stdio.c and sockets.c.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"     /* first: _GNU_SOURCE */

#include <stdio_ext.h>
#include <sys/xattr.h>

/* a pipe with one byte in it */
int set_pipe_x(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    return err(write(c->pfd[1], "x", 1) != 1);
}

int run_write(struct ctx *c)
{
    return err(write(c->pfd[1], "x", 1) != 1);
}

int run_read(struct ctx *c)
{
    return err(read(c->pfd[0], c->buf, 1) != 1);
}

int run_close(struct ctx *c)
{
    int fd = c->pfd[0];

    c->pfd[0] = -1;
    return err(close(fd) < 0);
}

int fin_close_write(struct ctx *c)
{
    return err(close(c->pfd[1]) < 0);
}

int run_pipe2(struct ctx *c)
{
    return err(pipe2(c->pfd, O_CLOEXEC) < 0);
}

/* isatty(3) and tcgetpgrp(3) of a pipe: what a program whose standard
   output is not a terminal gets, ENOTTY */
int run_isatty(struct ctx *c)
{
    errno = 0;
    if (isatty(c->pfd[1]))
        return -1;
    return errno == ENOTTY ? 0 : err(1);
}

int run_tcgetpgrp(struct ctx *c)
{
    if (tcgetpgrp(c->pfd[1]) >= 0)
        return -1;
    return errno == ENOTTY ? 0 : errno;
}

int set_dir(struct ctx *c)
{
    (void)c;
    return err(mkdir("gone.d", 0700) < 0);
}

int run_rmdir(struct ctx *c)
{
    (void)c;
    return err(rmdir("gone.d") < 0);
}

int set_opendir(struct ctx *c)
{
    c->dir = opendir(".");
    return err(c->dir == NULL);
}

int run_closedir(struct ctx *c)
{
    DIR *d = c->dir;

    c->dir = NULL;
    return err(closedir(d) < 0);
}

int run_posix_fadvise(struct ctx *c)
{
    return posix_fadvise(c->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
}

int run_mkostemp(struct ctx *c)
{
    strcpy(c->buf, "tmp.XXXXXX");
    c->fd = mkostemp(c->buf, O_CLOEXEC);
    return err(c->fd < 0);
}

int fin_mkostemp(struct ctx *c)
{
    return err(close(c->fd) < 0 || unlink(c->buf) < 0);
}

int run_euidaccess(struct ctx *c)
{
    (void)c;
    return err(euidaccess("file", R_OK) < 0);
}

/* An attribute the file does not have, as ls -l asks for
   security.selinux and ACLs: ENODATA, or ENOTSUP where the file system
   keeps none.  Both are the function's normal answer. */
static int absent(ssize_t n)
{
    if (n >= 0)
        return -1;
    return errno == ENODATA || errno == ENOTSUP ? 0 : errno;
}

int run_getxattr(struct ctx *c)
{
    return absent(getxattr("file", "user.census", c->buf, sizeof c->buf));
}

int run_lgetxattr(struct ctx *c)
{
    return absent(lgetxattr("file", "user.census", c->buf, sizeof c->buf));
}

int run_fgetxattr(struct ctx *c)
{
    return absent(fgetxattr(c->fd, "user.census", c->buf, sizeof c->buf));
}

int run_listxattr(struct ctx *c)
{
    return err(listxattr("file", c->buf, sizeof c->buf) < 0);
}

int run_llistxattr(struct ctx *c)
{
    return err(llistxattr("file", c->buf, sizeof c->buf) < 0);
}

int run_flistxattr(struct ctx *c)
{
    return err(flistxattr(c->fd, c->buf, sizeof c->buf) < 0);
}

int run_sendto(struct ctx *c)
{
    return err(sendto(c->pfd[0], "x", 1, 0, NULL, 0) != 1);
}

int run_recvfrom(struct ctx *c)
{
    return err(recvfrom(c->pfd[1], c->buf, 1, 0, NULL, NULL) != 1);
}

int run_getsockname(struct ctx *c)
{
    struct sockaddr_un a;
    socklen_t len = sizeof a;

    return err(getsockname(c->pfd[0], (struct sockaddr *)&a, &len) < 0);
}

/* Streams: on a pipe to write, on a pipe with a line to read, on a file
   to seek in. */
int set_stream_read(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    if (write(c->pfd[1], "census\n", 7) != 7)
        return err(1);
    c->fp = fdopen(c->pfd[0], "r");
    return err(c->fp == NULL);
}

int fin_stream_read(struct ctx *c)
{
    return err(fclose(c->fp) == EOF || close(c->pfd[1]) < 0);
}

int set_stream_file(struct ctx *c)
{
    c->fp = fopen("stream", "w+");
    return err(c->fp == NULL || fputs("census\n", c->fp) == EOF);
}

int fin_stream_file(struct ctx *c)
{
    return err(fclose(c->fp) == EOF || unlink("stream") < 0);
}

int run_fputs(struct ctx *c)
{
    return err(fputs("census\n", c->fp) == EOF);
}

int run_fputc(struct ctx *c)
{
    return err(fputc('x', c->fp) == EOF);
}

static int vf(FILE *fp, const char *format, ...)
{
    va_list ap;
    int n;

    va_start(ap, format);
    n = vfprintf(fp, format, ap);
    va_end(ap);
    return n;
}

int run_vfprintf(struct ctx *c)
{
    return err(vf(c->fp, "%d\n", 42) < 0);
}

int run_setvbuf(struct ctx *c)
{
    return err(setvbuf(c->fp, NULL, _IOLBF, 0) != 0);
}

int run_ferror(struct ctx *c)
{
    return ferror(c->fp) ? -1 : 0;
}

int run_clearerr(struct ctx *c)
{
    clearerr(c->fp);
    return 0;
}

int run_fseeko(struct ctx *c)
{
    return err(fseeko(c->fp, 0, SEEK_SET) < 0);
}

int run_fread(struct ctx *c)
{
    return err(fread(c->buf, 1, 7, c->fp) != 7);
}

int run_fgets(struct ctx *c)
{
    return err(fgets(c->buf, sizeof c->buf, c->fp) == NULL);
}

int run_fgetc(struct ctx *c)
{
    return err(fgetc(c->fp) == EOF);
}

int run_getdelim(struct ctx *c)
{
    char *line = NULL;
    size_t n = 0;
    ssize_t len = getdelim(&line, &n, '\n', c->fp);

    free(line);
    return err(len != 7);
}

int run_puts(struct ctx *c)
{
    (void)c;
    return err(puts("census") == EOF);
}

/* standard error on a pipe: perror(3) writes its message there */
int set_stderr_pipe(struct ctx *c)
{
    if (pipe(c->pfd) < 0)
        return errno;
    return err(dup2(c->pfd[1], 2) != 2);
}

int run_perror(struct ctx *c)
{
    (void)c;
    errno = ENOENT;
    perror("census");
    return 0;
}

/* error(3) with standard error on a pipe: the program's name and the
   message (glibc flushes standard output first) */
#ifdef __GLIBC__
int run_error(struct ctx *c)
{
    (void)c;
    error(0, ENOENT, "census");
    return 0;
}
#endif

/* eaccess(3): access(2) by the effective IDs */
int run_eaccess(struct ctx *c)
{
    (void)c;
    return err(eaccess("file", R_OK) < 0);
}

/* The mount table, as df(1) and sort(1) read it: /proc/mounts */
int run_setmntent(struct ctx *c)
{
    c->fp = setmntent("/proc/mounts", "r");
    return err(c->fp == NULL);
}

int set_setmntent(struct ctx *c)
{
    return run_setmntent(c);
}

int run_getmntent(struct ctx *c)
{
    return getmntent(c->fp) == NULL ? -1 : 0;
}

int run_endmntent(struct ctx *c)
{
    FILE *fp = c->fp;

    c->fp = NULL;
    return endmntent(fp) == 1 ? 0 : -1;
}

int fin_endmntent(struct ctx *c)
{
    return c->fp != NULL ? run_endmntent(c) : 0;
}

int run_feof(struct ctx *c)
{
    return feof(c->fp) ? -1 : 0;
}

/* __fpurge(3) (stdio_ext.h, glibc and musl): the text set_stream_text
   left in the buffer is thrown away, not written */
int run_fpurge(struct ctx *c)
{
    __fpurge(c->fp);
    return 0;
}
