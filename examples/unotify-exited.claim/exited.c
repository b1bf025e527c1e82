/* exited.c: SECCOMP_IOCTL_NOTIF_RECV after the target has exited */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_getfd                  /* glibc < 2.32 */
# define SYS_pidfd_getfd  __NR_pidfd_getfd
#endif

static void
on_alarm(int sig)
{
    (void) sig;
}

int
main(void)
{
    int                   p[2], fd, pidfd;
    pid_t                 pid;
    struct sigaction      sa;
    struct seccomp_notif  req;
    /* Allows every call; it reads no number: no arch check. */
    struct sock_filter    allow[] = {
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog     prog = { 1, allow };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1 || pipe(p) == -1)
        exit(EXIT_FAILURE);
    pid = fork();
    if (pid == 0) {                     /* the target */
        fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                     SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
        if (write(p[1], &fd, sizeof(fd)) != sizeof(fd))
            _exit(EXIT_FAILURE);
        pause();                        /* until the parent kills it */
        _exit(EXIT_SUCCESS);
    }
    if (read(p[0], &fd, sizeof(fd)) != sizeof(fd) || fd == -1)
        exit(EXIT_FAILURE);
    pidfd = syscall(SYS_pidfd_open, pid, 0);
    fd = syscall(SYS_pidfd_getfd, pidfd, fd, 0);
    if (fd == -1) {
        perror("pidfd_getfd");
        exit(EXIT_FAILURE);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;           /* no SA_RESTART */
    sigaction(SIGALRM, &sa, NULL);
    memset(&req, 0, sizeof(req));
    alarm(1);
    if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req) == -1)
        printf("RECV after the target exited: %s\n",
               errno == ENOENT ? "ENOENT" : errno == EINTR ? "EINTR"
               : strerror(errno));
    exit(EXIT_SUCCESS);
}
