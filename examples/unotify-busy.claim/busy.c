/* busy.c: a second listening filter */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* Install a filter that allows every call (it looks at no number,
   so it checks no arch), with a listener; describe the result. */
static const char *
listener(long *fd)
{
    static char         buf[32];
    struct sock_filter  allow[] = {
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = { 1, allow };

    *fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                  SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
    if (*fd == -1)
        return errno == EBUSY ? "EBUSY" : strerror(errno);
    snprintf(buf, sizeof(buf), "%ld", *fd);
    return buf;
}

int
main(void)
{
    long  fd, fd2;

    setvbuf(stdout, NULL, _IONBF, 0);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }
    printf("first listener: %s\n", listener(&fd));
    printf("second listener: %s\n", listener(&fd2));
    if (fork() == 0) {
        printf("listener in a child: %s\n", listener(&fd2));
        exit(EXIT_SUCCESS);
    }
    wait(NULL);
    close(fd);
    printf("after close: %s\n", listener(&fd2));
    exit(EXIT_SUCCESS);
}
