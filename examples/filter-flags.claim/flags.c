/* flags.c: what seccomp() returns for combinations of flags */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SECCOMP_FILTER_FLAG_TSYNC_ESRCH                /* Linux 5.7 */
# define SECCOMP_FILTER_FLAG_TSYNC_ESRCH          (1UL << 4)
#endif
#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV         /* Linux 5.19 */
# define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV   (1UL << 5)
#endif
#define TSYNC         SECCOMP_FILTER_FLAG_TSYNC
#define TSYNC_ESRCH   SECCOMP_FILTER_FLAG_TSYNC_ESRCH
#define LISTENER      SECCOMP_FILTER_FLAG_NEW_LISTENER
#define KILLABLE      SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV

static struct sock_filter  allow[] = {
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};
static struct sock_fprog   prog = { 1, allow };
static int                 pipefd[2];
static long                other_tid;

static long
add_filter(unsigned long flags)
{
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
}

static void
show(const char *what, unsigned long flags)
{
    long  r;

    r = add_filter(flags);
    if (r == -1)
        printf("%s: -1, %s\n", what, errno == EINVAL ? "EINVAL"
               : errno == ESRCH ? "ESRCH" : errno == EBUSY ? "EBUSY"
               : strerror(errno));
    else if (r > 0 && r == other_tid)
        printf("%s: the other thread's ID\n", what);
    else
        printf("%s: %ld\n", what, r);
}

/* A thread that adds a filter of its own, then waits. */
static void *
diverge(void *arg)
{
    (void) arg;
    other_tid = syscall(SYS_gettid);
    if (add_filter(0) == -1)
        perror("seccomp");
    if (write(pipefd[1], "x", 1) != 1)
        perror("write");
    for (;;)
        pause();
    return NULL;
}

int
main(int argc, char *argv[])
{
    char       c;
    pthread_t  t;

    if (argc != 2) {
        fprintf(stderr, "Usage: %s tsync|einval|listener|killable\n",
                argv[0]);
        exit(EXIT_FAILURE);
    }
    setvbuf(stdout, NULL, _IONBF, 0);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }
    if (strcmp(argv[1], "tsync") == 0) {
        if (pipe(pipefd) == -1
            || pthread_create(&t, NULL, diverge, NULL) != 0
            || read(pipefd[0], &c, 1) != 1)
        {
            fprintf(stderr, "cannot start the other thread\n");
            exit(EXIT_FAILURE);
        }
        show("TSYNC", TSYNC);
        show("TSYNC|TSYNC_ESRCH", TSYNC | TSYNC_ESRCH);
    } else if (strcmp(argv[1], "einval") == 0) {
        show("NEW_LISTENER|TSYNC", LISTENER | TSYNC);
        show("WAIT_KILLABLE_RECV", KILLABLE);
    } else if (strcmp(argv[1], "listener") == 0) {
        show("0", 0);
        show("NEW_LISTENER|TSYNC|TSYNC_ESRCH",
             LISTENER | TSYNC | TSYNC_ESRCH);
    } else if (strcmp(argv[1], "killable") == 0) {
        show("NEW_LISTENER|WAIT_KILLABLE_RECV", LISTENER | KILLABLE);
    }
    exit(EXIT_SUCCESS);
}
