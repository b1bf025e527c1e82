/* notifyerrs.c: the errors of the notification functions */
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *
ename(int rc)
{
    static char  buf[32];

    switch (-rc) {
    case 0:           return "0";
    case ECANCELED:   return "-ECANCELED";
    case EFAULT:      return "-EFAULT";
    case EINVAL:      return "-EINVAL";
    case ENOENT:      return "-ENOENT";
    case EOPNOTSUPP:  return "-EOPNOTSUPP";
    }
    snprintf(buf, sizeof(buf), "%d", rc);
    return buf;
}

static void
show(const char *call, int rc)
{
    printf("%-34s %s\n", call, ename(rc));
}

int
main(void)
{
    int                        rc, fd;
    scmp_filter_ctx            ctx;
    struct seccomp_notif       *req;
    struct seccomp_notif_resp  *resp;
    static struct seccomp_notif  early;

    /* fd is not a listener: each call that reaches the kernel
       fails there. */
    fd = open("/dev/null", O_RDONLY);
    if (fd == -1) {
        perror("/dev/null");
        exit(EXIT_FAILURE);
    }

    /* Nothing has probed the kernel yet in this process. */
    rc = seccomp_notify_receive(fd, &early);
    show("receive(), first call", rc);

    rc = seccomp_notify_alloc(&req, &resp);
    show("alloc()", rc);
    if (rc != 0)
        exit(EXIT_FAILURE);
    rc = seccomp_notify_receive(fd, req);
    show("receive(not a listener)", rc);
    rc = seccomp_notify_respond(fd, resp);
    show("respond(not a listener)", rc);
    rc = seccomp_notify_id_valid(fd, 0);
    show("id_valid(not a listener)", rc);

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_notify_fd(ctx);
    show("notify_fd(), nothing loaded", rc);
    rc = seccomp_notify_fd(NULL);
    show("notify_fd(NULL)", rc);

    rc = seccomp_api_set(4);
    show("api_set(4)", rc);
    rc = seccomp_notify_receive(fd, req);
    show("receive(), level 4", rc);
    rc = seccomp_api_set(1);
    show("api_set(1)", rc);
    seccomp_notify_free(req, resp);
    rc = seccomp_notify_alloc(&req, &resp);
    show("alloc(), level 1", rc);

    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
