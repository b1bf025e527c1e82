/* loaderrs.c: the errors of seccomp_load() */
#include <errno.h>
#include <pthread.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static int  ready[2], done[2];

static const char *
ename(int rc)
{
    static char  buf[32];

    switch (-rc) {
    case 0:          return "0";
    case EACCES:     return "-EACCES";
    case ECANCELED:  return "-ECANCELED";
    case ESRCH:      return "-ESRCH";
    }
    snprintf(buf, sizeof(buf), "%d", rc);
    return buf;
}

static void
die(const char *what, int rc)
{
    fprintf(stderr, "%s: %s\n", what, strerror(rc < 0 ? -rc : rc));
    exit(EXIT_FAILURE);
}

static scmp_filter_ctx
new_ctx(void)
{
    int              rc;
    scmp_filter_ctx  ctx;

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL)
        die("seccomp_init", ENOMEM);
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                          SCMP_SYS(uname), 0);
    if (rc != 0)
        die("seccomp_rule_add", rc);
    return ctx;
}

/* A thread with a filter of its own, which no other filter can
   be synchronised with; it waits until "done" is closed. */
static void *
other_thread(void *arg)
{
    int              rc;
    char             c;
    scmp_filter_ctx  ctx;

    ctx = new_ctx();
    rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (write(ready[1], rc == 0 ? "y" : "n", 1) != 1)
        return NULL;
    while (read(done[0], &c, 1) == -1 && errno == EINTR)
        continue;
    return arg;
}

static void
load(const char *what, scmp_filter_ctx ctx, int sysrawrc)
{
    int  rc;

    rc = seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, sysrawrc);
    if (rc != 0)
        die("seccomp_attr_set", rc);
    printf("%-38s %s\n", what, ename(seccomp_load(ctx)));
}

int
main(void)
{
    int              rc;
    char             c;
    pthread_t        t;
    scmp_filter_ctx  ctx;

    rc = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
    printf("no_new_privs: %d\n", rc);

    ctx = new_ctx();
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
    if (rc != 0)
        die("seccomp_attr_set", rc);
    load("CTL_NNP off", ctx, 0);
    load("CTL_NNP off, API_SYSRAWRC", ctx, 1);
    seccomp_release(ctx);

    if (pipe(ready) == -1 || pipe(done) == -1)
        die("pipe", errno);
    rc = pthread_create(&t, NULL, other_thread, NULL);
    if (rc != 0)
        die("pthread_create", rc);
    if (read(ready[0], &c, 1) != 1 || c != 'y')
        die("the other thread's filter", ECANCELED);

    ctx = new_ctx();
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
    if (rc != 0)
        die("seccomp_attr_set", rc);
    load("CTL_TSYNC, a thread cannot follow", ctx, 0);
    load("CTL_TSYNC, ..., API_SYSRAWRC", ctx, 1);
    seccomp_release(ctx);

    close(done[1]);
    rc = pthread_join(t, NULL);
    if (rc != 0)
        die("pthread_join", rc);
    exit(EXIT_SUCCESS);
}
