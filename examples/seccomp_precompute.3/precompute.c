/* precompute.c: build the filter before fork(), load it after */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#define HAVE_2_6  (SCMP_VER_MAJOR > 2 \
                   || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 6))

#if HAVE_2_6
static void
say(const char *s)
{
    /* Only async-signal-safe functions in the child. */
    if (write(STDOUT_FILENO, s, strlen(s)) == -1)
        _exit(EXIT_FAILURE);
}

int
main(void)
{
    int              rc, status;
    pid_t            pid;
    struct utsname   u;
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                          SCMP_SYS(uname), 0);
    if (rc == 0)
        rc = seccomp_precompute(ctx);
    if (rc != 0) {
        fprintf(stderr, "libseccomp: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    fflush(stdout);

    pid = fork();
    if (pid == -1) {
        perror("fork");
        exit(EXIT_FAILURE);
    }
    if (pid == 0) {
        if (seccomp_load(ctx) != 0) {
            say("child: seccomp_load failed\n");
            _exit(EXIT_FAILURE);
        }
        if (uname(&u) == -1 && errno == EPERM)
            say("child: uname: Operation not permitted\n");
        else
            say("child: uname: allowed\n");
        _exit(EXIT_SUCCESS);
    }
    if (waitpid(pid, &status, 0) == -1) {
        perror("waitpid");
        exit(EXIT_FAILURE);
    }
    printf("parent: uname: %s\n",
           uname(&u) == -1 ? strerror(errno) : "allowed");
    seccomp_release(ctx);
    exit(WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_FAILURE);
}
#else
int
main(void)
{
    fprintf(stderr, "seccomp_precompute() needs libseccomp 2.6\n");
    exit(EXIT_FAILURE);
}
#endif
