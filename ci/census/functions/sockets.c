/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sockets.c - census-probe's functions: sockets (and syslog, which writes to one).
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

int run_socketpair(struct ctx *c)
{
    return err(socketpair(AF_UNIX, SOCK_STREAM, 0, c->pfd) < 0);
}

int set_socketpair(struct ctx *c)
{
    return run_socketpair(c);
}

int set_socketpair_byte(struct ctx *c)
{
    return run_socketpair(c) || err(write(c->pfd[0], "x", 1) < 0);
}

int run_send(struct ctx *c)
{
    return err(send(c->pfd[0], "x", 1, 0) < 0);
}

int run_recv(struct ctx *c)
{
    return err(recv(c->pfd[1], c->buf, 1, 0) < 0);
}

static void unix_address(struct sockaddr_un *a);

int run_getsockopt(struct ctx *c)
{
    int v;
    socklen_t len = sizeof v;

    return err(getsockopt(c->pfd[0], SOL_SOCKET, SO_TYPE, &v, &len) < 0);
}

int run_setsockopt(struct ctx *c)
{
    int v = 65536;

    return err(setsockopt(c->pfd[0], SOL_SOCKET, SO_RCVBUF, &v, sizeof v)
               < 0);
}

int run_shutdown(struct ctx *c)
{
    return err(shutdown(c->pfd[0], SHUT_WR) < 0);
}

int run_sendmsg(struct ctx *c)
{
    struct iovec iov = { "x", 1 };
    struct msghdr m;

    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    return err(sendmsg(c->pfd[0], &m, 0) != 1);
}

int run_recvmsg(struct ctx *c)
{
    struct iovec iov = { c->buf, 1 };
    struct msghdr m;

    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    return err(recvmsg(c->pfd[1], &m, 0) != 1);
}

int set_bind(struct ctx *c)
{
    int e = gone("sock");

    if (e != 0)
        return e;
    c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    return err(c->fd < 0);
}

int run_bind(struct ctx *c)
{
    struct sockaddr_un a;

    unix_address(&a);
    return err(bind(c->fd, (struct sockaddr *)&a, sizeof a) < 0);
}

int fin_bind(struct ctx *c)
{
    return err(fin_close_fd(c) != 0 || unlink("sock") < 0);
}

int set_listen(struct ctx *c)
{
    return set_bind(c) || run_bind(c);
}

int run_listen(struct ctx *c)
{
    return err(listen(c->fd, 1) < 0);
}

/* a listening socket (fd2) with a connection waiting (fd) */
int set_accept(struct ctx *c)
{
    int e = set_connect(c);

    return e != 0 ? e : run_connect(c);
}

int run_accept(struct ctx *c)
{
    c->ep = accept(c->fd2, NULL, NULL);
    return err(c->ep < 0);
}

int run_accept4(struct ctx *c)
{
    c->ep = accept4(c->fd2, NULL, NULL, SOCK_CLOEXEC);
    return err(c->ep < 0);
}

int fin_accept(struct ctx *c)
{
    return err((c->ep >= 0 && close(c->ep) < 0) || fin_connect(c) != 0
               || unlink("sock") < 0);
}

/* The system log as a program on a system with a syslog daemon sees it: a
   datagram socket bound at /dev/log (as the daemon binds it; the probe
   runs as root in the guest), which nobody reads during the call.
   Without it syslog(3) finds no listener, its connect(2) fails and it
   sends nothing.  A stale /dev/log of an earlier row is replaced. */
int set_syslog(struct ctx *c)
{
    struct sockaddr_un a;

    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    memcpy(a.sun_path, "/dev/log", sizeof "/dev/log");
    if (unlink(a.sun_path) < 0 && errno != ENOENT)
        return errno;
    c->fd2 = socket(AF_UNIX, SOCK_DGRAM, 0);
    if (c->fd2 < 0)
        return errno;
    if (bind(c->fd2, (struct sockaddr *)&a, sizeof a) < 0) {
        int e = errno;

        close(c->fd2);
        c->fd2 = -1;
        return e;
    }
    return 0;
}

int fin_syslog(struct ctx *c)
{
    closelog();
    return err((c->fd2 >= 0 && close(c->fd2) < 0)
               || unlink("/dev/log") < 0);
}

int run_syslog(struct ctx *c)
{
    (void)c;
    syslog(LOG_INFO, "census");
    return 0;
}

int run_socket(struct ctx *c)
{
    c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    return err(c->fd < 0);
}

static void unix_address(struct sockaddr_un *a)
{
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    memcpy(a->sun_path, "sock", 5);
}

int set_connect(struct ctx *c)
{
    struct sockaddr_un a;
    int e = gone("sock");

    if (e != 0)
        return e;
    unix_address(&a);
    c->fd2 = socket(AF_UNIX, SOCK_STREAM, 0);
    if (c->fd2 < 0)
        return errno;
    if (bind(c->fd2, (struct sockaddr *)&a, sizeof a) < 0
        || listen(c->fd2, 1) < 0)
        return errno;
    c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    return err(c->fd < 0);
}

int run_connect(struct ctx *c)
{
    struct sockaddr_un a;

    unix_address(&a);
    return err(connect(c->fd, (struct sockaddr *)&a, sizeof a) < 0);
}

int fin_connect(struct ctx *c)
{
    return err(close(c->fd) < 0 || close(c->fd2) < 0);
}
