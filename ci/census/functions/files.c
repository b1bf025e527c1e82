/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files.c - census-probe's functions: files and directories.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int fin_close_fd(struct ctx *c)
{
    return err(c->fd >= 0 && close(c->fd) < 0);
}

int set_open(struct ctx *c)
{
    c->fd = open("file", O_RDONLY);
    return err(c->fd < 0);
}

int run_open(struct ctx *c)
{
    c->fd = open("file", O_RDONLY);
    return err(c->fd < 0);
}

int run_fopen(struct ctx *c)
{
    c->fp = fopen("file", "r");
    return err(c->fp == NULL);
}

int fin_fopen(struct ctx *c)
{
    return err(c->fp != NULL && fclose(c->fp) == EOF);
}

int set_creat(struct ctx *c)
{
    (void)c;
    return gone("new");
}

int run_creat(struct ctx *c)
{
    c->fd = creat("new", 0644);
    return err(c->fd < 0);
}

int run_opendir(struct ctx *c)
{
    c->dir = opendir("dir");
    return err(c->dir == NULL);
}

int fin_closedir(struct ctx *c)
{
    return err(c->dir != NULL && closedir(c->dir) < 0);
}

int set_readdir(struct ctx *c)
{
    c->dir = opendir("dir");
    return err(c->dir == NULL);
}

int run_readdir(struct ctx *c)
{
    errno = 0;
    return err(readdir(c->dir) == NULL);
}

int run_stat(struct ctx *c)
{
    struct stat st;

    (void)c;
    return err(stat("file", &st) < 0);
}

int run_fstat(struct ctx *c)
{
    struct stat st;

    return err(fstat(c->fd, &st) < 0);
}

int run_lstat(struct ctx *c)
{
    struct stat st;

    (void)c;
    return err(lstat("link", &st) < 0);
}

/* fstatat(2) of a name in the working directory, and of the link without
   following it (glibc before 2.33 compiles either to __fxstatat) */
int run_fstatat(struct ctx *c)
{
    struct stat st;

    (void)c;
    return err(fstatat(AT_FDCWD, "link", &st, 0) < 0);
}

int run_fstatat_nofollow(struct ctx *c)
{
    struct stat st;

    (void)c;
    return err(fstatat(AT_FDCWD, "link", &st, AT_SYMLINK_NOFOLLOW) < 0);
}

int run_access(struct ctx *c)
{
    (void)c;
    return err(access("file", R_OK) < 0);
}

int run_faccessat(struct ctx *c)
{
    (void)c;
    return err(faccessat(AT_FDCWD, "file", R_OK, 0) < 0);
}

int run_faccessat_eaccess(struct ctx *c)
{
    (void)c;
    return err(faccessat(AT_FDCWD, "file", R_OK, AT_EACCESS) < 0);
}

int run_fchmod(struct ctx *c)
{
    return err(fchmod(c->fd, 0644) < 0);
}

int run_fchmodat(struct ctx *c)
{
    (void)c;
    return err(fchmodat(AT_FDCWD, "file", 0644, 0) < 0);
}

int run_fchmodat_nofollow(struct ctx *c)
{
    (void)c;
    return err(fchmodat(AT_FDCWD, "file", 0644, AT_SYMLINK_NOFOLLOW) < 0);
}

int run_chmod(struct ctx *c)
{
    (void)c;
    return err(chmod("file", 0644) < 0);
}

int set_mkdir(struct ctx *c)
{
    (void)c;
    return err(rmdir("newdir") < 0 && errno != ENOENT);
}

int run_mkdir(struct ctx *c)
{
    (void)c;
    return err(mkdir("newdir", 0755) < 0);
}

int set_unlink(struct ctx *c)
{
    (void)c;
    return make_file("victim");
}

int run_unlink(struct ctx *c)
{
    (void)c;
    return err(unlink("victim") < 0);
}

int set_rename(struct ctx *c)
{
    int e = make_file("from");

    (void)c;
    return e != 0 ? e : gone("to");
}

int run_rename(struct ctx *c)
{
    (void)c;
    return err(rename("from", "to") < 0);
}

int run_getcwd(struct ctx *c)
{
    return err(getcwd(c->buf, sizeof c->buf) == NULL);
}

int run_realpath(struct ctx *c)
{
    return err(realpath("file", c->buf) == NULL);
}

int run_tmpfile(struct ctx *c)
{
    c->fp = tmpfile();
    return err(c->fp == NULL);
}

/* A template of its own for each measurement: glibc 2.36 derives its first
   name from the clock and makes getrandom after a name was taken, so two
   measurements close in time made the row depend on timing.  It also makes
   getrandom when it rejects the clock's value (about one call in 22):
   ci/census/timing. */
int set_mkstemp(struct ctx *c)
{
    snprintf(c->buf, sizeof c->buf, "census.%ld.XXXXXX", (long)getpid());
    return 0;
}

int run_mkstemp(struct ctx *c)
{
    c->fd = mkstemp(c->buf);
    return err(c->fd < 0);
}

int fin_mkstemp(struct ctx *c)
{
    return c->fd < 0 ? 0 : err(close(c->fd) < 0 || unlink(c->buf) < 0);
}

int run_truncate(struct ctx *c)
{
    (void)c;
    return err(truncate("file", 0) < 0);
}

int set_open_rw(struct ctx *c)
{
    c->fd = open("file", O_RDWR);
    return err(c->fd < 0);
}

int run_umask(struct ctx *c)
{
    (void)c;
    umask(022);
    return 0;
}

int run_chdir(struct ctx *c)
{
    (void)c;
    return err(chdir("dir") < 0);
}

int set_open_dir(struct ctx *c)
{
    c->fd = open("dir", O_RDONLY | O_DIRECTORY);
    return err(c->fd < 0);
}

int run_fchdir(struct ctx *c)
{
    return err(fchdir(c->fd) < 0);
}

int set_gone_new(struct ctx *c)
{
    (void)c;
    return gone("new");
}

int fin_gone_new(struct ctx *c)
{
    (void)c;
    return err(unlink("new") < 0);
}

int run_link(struct ctx *c)
{
    (void)c;
    return err(link("file", "new") < 0);
}

int run_symlink(struct ctx *c)
{
    (void)c;
    return err(symlink("file", "new") < 0);
}

int run_readlink(struct ctx *c)
{
    return err(readlink("link", c->buf, sizeof c->buf) < 0);
}

int run_remove(struct ctx *c)
{
    (void)c;
    return err(remove("victim") < 0);
}

#ifdef HAVE_STATX
int run_statx(struct ctx *c)
{
    struct statx stx;

    (void)c;
    return err(statx(AT_FDCWD, "file", 0, STATX_BASIC_STATS, &stx) < 0);
}
#endif

int set_copy(struct ctx *c)
{
    int e = set_open(c);

    if (e != 0)
        return e;
    c->fd2 = open("new", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    return err(c->fd2 < 0);
}

#ifdef HAVE_COPY_FILE_RANGE
int run_copy_file_range(struct ctx *c)
{
    return err(copy_file_range(c->fd, NULL, c->fd2, NULL, 1, 0) != 1);
}
#endif

int fin_copy(struct ctx *c)
{
    return err(fin_close_fds(c) != 0 || unlink("new") < 0);
}

int run_utimensat(struct ctx *c)
{
    (void)c;
    return err(utimensat(AT_FDCWD, "file", NULL, 0) < 0);
}

#ifdef HAVE_OPENAT2
int run_openat2(struct ctx *c)
{
    struct open_how how;

    memset(&how, 0, sizeof how);
    how.flags = O_RDONLY | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH;
    c->fd = openat2(AT_FDCWD, "file", &how, sizeof how);
    return err(c->fd < 0);
}
#endif

/* stat(2) of a file modified in 2040 (set_future, time64.c): a build
   with a 32-bit time_t cannot hold its time. */
int run_stat_future(struct ctx *c)
{
    struct stat st;

    (void)c;
    return err(stat("future", &st) < 0);
}
