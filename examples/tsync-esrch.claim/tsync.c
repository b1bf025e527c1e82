/* tsync.c: a thread that cannot synchronize */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Allows every call; it reads no number: no arch check. */
static struct sock_filter  allow[] = {
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};
static struct sock_fprog   prog = { 1, allow };
static int                 pipefd[2];
static long                tid;

static void *
diverge(void *arg)              /* a thread with a filter of its own */
{
    tid = syscall(SYS_gettid);
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == -1
        || write(pipefd[1], "x", 1) != 1)
        exit(EXIT_FAILURE);
    for (;;)
        pause();
    return arg;
}

int
main(void)
{
    char       c;
    long       r;
    pthread_t  t;

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || pipe(pipefd) == -1
        || pthread_create(&t, NULL, diverge, NULL) != 0
        || read(pipefd[0], &c, 1) != 1)
    {
        fprintf(stderr, "cannot set up the other thread\n");
        exit(EXIT_FAILURE);
    }
    r = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                SECCOMP_FILTER_FLAG_TSYNC, &prog);
    if (r == tid)
        printf("TSYNC: the other thread's ID\n");
    else
        printf("TSYNC: %ld\n", r);
    r = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                SECCOMP_FILTER_FLAG_TSYNC
                | SECCOMP_FILTER_FLAG_TSYNC_ESRCH, &prog);
    printf("TSYNC|TSYNC_ESRCH: %ld, %s\n", r,
           r == -1 && errno == ESRCH ? "ESRCH" : "?");
    exit(EXIT_SUCCESS);
}
