/* nonblock.c: SECCOMP_IOCTL_NOTIF_RECV on a nonblocking listener */
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static void
on_alarm(int sig)
{
    (void) sig;
}

int
main(void)
{
    int                   fd;
    struct sigaction      sa;
    struct seccomp_notif  req;
    /* Allows every call; it reads no number: no arch check. */
    struct sock_filter    allow[] = {
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog     prog = { 1, allow };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
        exit(EXIT_FAILURE);
    fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                 SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
    if (fd == -1 || fcntl(fd, F_SETFL, O_NONBLOCK) == -1) {
        perror("listener");
        exit(EXIT_FAILURE);
    }
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;           /* no SA_RESTART */
    sigaction(SIGALRM, &sa, NULL);
    memset(&req, 0, sizeof(req));
    alarm(1);
    if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req) == -1)
        printf("RECV, O_NONBLOCK, nothing pending: %s\n",
               errno == EINTR ? "EINTR" : errno == EAGAIN ? "EAGAIN"
               : strerror(errno));
    else
        printf("RECV, O_NONBLOCK, nothing pending: a notification\n");
    exit(EXIT_SUCCESS);
}
