/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * io.c - census-probe's functions: descriptors, polling and I/O.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int fin_close_pipe(struct ctx *c)
{
    return err(close(c->pfd[0]) < 0 || close(c->pfd[1]) < 0);
}

int set_pipe(struct ctx *c)
{
    return err(pipe(c->pfd) < 0);
}

int run_pipe(struct ctx *c)
{
    return err(pipe(c->pfd) < 0);
}

int run_dup2(struct ctx *c)
{
    return err(dup2(c->fd, 10) != 10);
}

int fin_dup2(struct ctx *c)
{
    return err(close(10) < 0 || close(c->fd) < 0);
}

int run_poll(struct ctx *c)
{
    struct pollfd p;

    p.fd = c->pfd[1];
    p.events = POLLOUT;
    p.revents = 0;
    return err(poll(&p, 1, 0) != 1);
}

int run_select(struct ctx *c)
{
    fd_set w;
    struct timeval tv;

    FD_ZERO(&w);
    FD_SET(c->pfd[1], &w);
    tv.tv_sec = 0;
    tv.tv_usec = 0;
    return err(select(c->pfd[1] + 1, NULL, &w, NULL, &tv) != 1);
}

int set_epoll(struct ctx *c)
{
    struct epoll_event ev;

    if (pipe(c->pfd) < 0)
        return errno;
    c->ep = epoll_create1(EPOLL_CLOEXEC);
    if (c->ep < 0)
        return errno;
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLOUT;
    ev.data.fd = c->pfd[1];
    return err(epoll_ctl(c->ep, EPOLL_CTL_ADD, c->pfd[1], &ev) < 0);
}

int run_epoll_wait(struct ctx *c)
{
    struct epoll_event ev;

    return err(epoll_wait(c->ep, &ev, 1, 0) != 1);
}

int fin_epoll(struct ctx *c)
{
    return err(close(c->ep) < 0 || fin_close_pipe(c) != 0);
}

int run_fsync(struct ctx *c)
{
    return err(fsync(c->fd) < 0);
}

int run_pread(struct ctx *c)
{
    return err(pread(c->fd, c->buf, 1, 0) < 0);
}

int run_pwrite(struct ctx *c)
{
    return err(pwrite(c->fd, "x", 1, 0) < 0);
}

int run_readv(struct ctx *c)
{
    struct iovec iov = { c->buf, 1 };

    return err(readv(c->fd, &iov, 1) < 0);
}

int run_writev(struct ctx *c)
{
    struct iovec iov = { "x", 1 };

    return err(writev(c->fd, &iov, 1) < 0);
}

int set_open_pipe(struct ctx *c)
{
    return set_open_rw(c) || set_pipe(c) || err(write(c->fd, "x", 1) < 0);
}

int run_sendfile(struct ctx *c)
{
    off_t off = 0;

    return err(sendfile(c->pfd[1], c->fd, &off, 1) < 0);
}

int fin_close_both(struct ctx *c)
{
    return fin_close_fd(c) || fin_close_pipe(c);
}

int run_dup(struct ctx *c)
{
    c->fd2 = dup(c->fd);
    return err(c->fd2 < 0);
}

int fin_close_fds(struct ctx *c)
{
    return err((c->fd2 >= 0 && close(c->fd2) < 0) || fin_close_fd(c) != 0);
}

int run_dup3(struct ctx *c)
{
    return err(dup3(c->fd, 10, O_CLOEXEC) != 10);
}

int run_fcntl_getfl(struct ctx *c)
{
    return err(fcntl(c->fd, F_GETFL) < 0);
}

int run_ioctl_fionread(struct ctx *c)
{
    int n;

    return err(ioctl(c->pfd[1], FIONREAD, &n) < 0);
}

int run_lseek(struct ctx *c)
{
    return err(lseek(c->fd, 0, SEEK_END) < 0);
}

int run_ftruncate(struct ctx *c)
{
    return err(ftruncate(c->fd, 7) < 0);
}

int run_fdatasync(struct ctx *c)
{
    return err(fdatasync(c->fd) < 0);
}

#ifdef HAVE_CLOSEFROM
int run_closefrom(struct ctx *c)
{
    (void)c;
    closefrom(3);
    return 0;
}

/* closefrom(3) must have closed what set_open opened */
int fin_closefrom(struct ctx *c)
{
    return fcntl(c->fd, F_GETFD) < 0 && errno == EBADF ? 0 : -1;
}
#endif
