/* exited.c: SECCOMP_IOCTL_NOTIF_RECV after the target has exited */
#include <err.h>
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* Numbers older C-library headers lack: since Linux 5.1 a new call
   has one number on most ABIs, with the x32 bit on x32. */
#if defined(__x86_64__) && defined(__ILP32__)
# define NEW_NR(nr)  (0x40000000 + (nr))
#else
# define NEW_NR(nr)  (nr)
#endif
#ifndef SYS_pidfd_open
# define SYS_pidfd_open   NEW_NR(434)
#endif
#ifndef SYS_pidfd_getfd
# define SYS_pidfd_getfd  NEW_NR(438)
#endif

static void
on_alarm(int sig)                 /* installed without SA_RESTART */
{
    (void) sig;
}

int
main(void)
{
    int                   p[2], fd, pid, pidfd;
    struct sigaction      sa = { .sa_handler = on_alarm };
    struct seccomp_notif  req = { 0 };
    /* Allows every call; it reads no number: no arch check. */
    struct sock_filter    allow[] = {
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog     prog = { 1, allow };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1 || pipe(p) == -1
        || (pid = fork()) == -1)
        err(EXIT_FAILURE, "prctl, pipe or fork");
    if (pid == 0) {                     /* the target */
        fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                     SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
        if (write(p[1], &fd, sizeof(fd)) == sizeof(fd))
            pause();                    /* until the parent kills it */
        _exit(EXIT_FAILURE);
    }
    if (read(p[0], &fd, sizeof(fd)) != sizeof(fd) || fd == -1
        || (pidfd = syscall(SYS_pidfd_open, pid, 0)) == -1
        || (fd = syscall(SYS_pidfd_getfd, pidfd, fd, 0)) == -1
        || kill(pid, SIGKILL) == -1 || waitpid(pid, NULL, 0) == -1
        || sigaction(SIGALRM, &sa, NULL) == -1)
        err(EXIT_FAILURE, "the target's listener");
    alarm(1);
    if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req) == 0
        || (errno != ENOENT && errno != EINTR))
        err(EXIT_FAILURE, "RECV after the target exited");
    printf("RECV after the target exited: %s\n",
           errno == ENOENT ? "ENOENT" : "EINTR");
    exit(EXIT_SUCCESS);
}
