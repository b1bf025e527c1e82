/* strictcpu.c: stop a thread in strict mode that never ends */
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
    struct sigevent    sev;
    struct itimerspec  its;
    struct rlimit      rl = { 1, 1 };   /* one second of CPU time */
    timer_t            timer;

    if (argc != 2) {
        fprintf(stderr, "Usage: %s timer|rlimit\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    printf("entering strict mode (%s)\n", argv[1]);
    if (fflush(stdout) == EOF) {
        perror("fflush");
        exit(EXIT_FAILURE);
    }
    /* Armed after the output, so that a slow start cannot use it up. */
    if (strcmp(argv[1], "timer") == 0) {
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
    } else if (setrlimit(RLIMIT_CPU, &rl) == -1) {
        perror("setrlimit");
        exit(EXIT_FAILURE);
    }
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_STRICT, 0, NULL) == -1) {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    for (;;)
        continue;               /* no system call: only SIGKILL */
}
