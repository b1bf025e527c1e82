/* strictcpu.c: stop a thread in strict mode that never ends */
#define _GNU_SOURCE
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Enter strict mode, set *flag if given (a store, no system call), and
   loop for ever. */
static void
strict_loop(volatile int *flag)
{
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_STRICT, 0, NULL) == -1) {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    if (flag != NULL)
        *flag = 1;
    for (;;)
        continue;               /* no system call: only SIGKILL */
}

/* A CPU-time timer, made before strict mode, that sends SIGKILL. */
static void
by_timer(void)
{
    struct sigevent    sev;
    struct itimerspec  its;
    timer_t            timer;

    memset(&sev, 0, sizeof(sev));
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGKILL;
    memset(&its, 0, sizeof(its));
    its.it_value.tv_nsec = 50000000;       /* 50 ms of CPU time */
    if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &timer) == -1
        || timer_settime(timer, 0, &its, NULL) == -1)
    {
        perror("timer");
        exit(EXIT_FAILURE);
    }
    strict_loop(NULL);
}

/* A child in strict mode, whose RLIMIT_CPU limits the parent lowers to
   0 seconds. */
static void
by_rlimit(void)
{
    int              status;
    pid_t            pid, w;
    struct rlimit    rl = { 0, 0 };
    volatile int     *flag;
    struct timespec  ms = { 0, 1000000 };

    flag = mmap(NULL, sizeof(*flag), PROT_READ | PROT_WRITE,
                MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (flag == MAP_FAILED) {
        perror("mmap");
        exit(EXIT_FAILURE);
    }
    *flag = 0;
    pid = fork();
    if (pid == -1) {
        perror("fork");
        exit(EXIT_FAILURE);
    }
    if (pid == 0)
        strict_loop(flag);

    while (*flag == 0) {        /* until the child is in strict mode */
        w = waitpid(pid, &status, WNOHANG);
        if (w == -1) {
            perror("waitpid");
            exit(EXIT_FAILURE);
        }
        if (w == pid) {
            fprintf(stderr, "the child ended before strict mode\n");
            exit(EXIT_FAILURE);
        }
        if (nanosleep(&ms, NULL) == -1) {
            perror("nanosleep");
            exit(EXIT_FAILURE);
        }
    }
    if (prlimit(pid, RLIMIT_CPU, &rl, NULL) == -1) {
        perror("prlimit");
        if (kill(pid, SIGKILL) == -1)
            perror("kill");
        exit(EXIT_FAILURE);
    }
    printf("the child is in strict mode: "
           "its RLIMIT_CPU limits set to 0 seconds\n");
    if (waitpid(pid, &status, 0) == -1) {
        perror("waitpid");
        exit(EXIT_FAILURE);
    }
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        printf("the child was killed by SIGKILL\n");
    else if (WIFSIGNALED(status))
        printf("the child was killed by signal %d\n", WTERMSIG(status));
    else
        printf("the child ended, status %d\n", WEXITSTATUS(status));
}

int
main(int argc, char *argv[])
{
    if (argc != 2 || (strcmp(argv[1], "timer") != 0
                      && strcmp(argv[1], "rlimit") != 0))
    {
        fprintf(stderr, "Usage: %s timer|rlimit\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    printf("entering strict mode (%s)\n", argv[1]);
    if (fflush(stdout) == EOF) {    /* before the timer, and the fork */
        perror("fflush");
        exit(EXIT_FAILURE);
    }
    if (strcmp(argv[1], "timer") == 0)
        by_timer();
    by_rlimit();
    exit(EXIT_SUCCESS);
}
