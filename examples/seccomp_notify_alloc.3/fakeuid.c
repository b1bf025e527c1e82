/* fakeuid.c: a supervisor thread answers getuid() for another thread */
#include <pthread.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static scmp_filter_ctx    ctx;
static pthread_barrier_t  loaded;

static void *
worker(void *arg)
{
    int rc;

    (void) arg;
    /* Without SCMP_FLTATR_CTL_TSYNC, the filter applies to this
       thread only; the main thread stays free to supervise. */
    rc = seccomp_load(ctx);
    pthread_barrier_wait(&loaded);
    if (rc != 0) {
        fprintf(stderr, "seccomp_load: %s\n", strerror(-rc));
        return NULL;
    }
    printf("worker: getuid() = %d\n", (int) getuid());
    return NULL;
}

int
main(void)
{
    int                        fd, rc;
    char                       *name;
    pthread_t                  thread;
    struct seccomp_notif       *req;
    struct seccomp_notif_resp  *resp;

    printf("main: getuid() = %d\n", (int) getuid());

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }
    /* On 32-bit x86, glibc calls getuid32; on x86_64, which has
       no getuid32, that rule is accepted and left out. */
    rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(getuid), 0);
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY,
                              SCMP_SYS(getuid32), 0);
    if (rc == 0)
        rc = seccomp_notify_alloc(&req, &resp);
    if (rc != 0) {
        fprintf(stderr, "libseccomp: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }

    rc = pthread_barrier_init(&loaded, NULL, 2);
    if (rc == 0)
        rc = pthread_create(&thread, NULL, worker, NULL);
    if (rc != 0) {
        fprintf(stderr, "pthread: %s\n", strerror(rc));
        exit(EXIT_FAILURE);
    }
    pthread_barrier_wait(&loaded);

    fd = seccomp_notify_fd(ctx);
    if (fd < 0) {
        fprintf(stderr, "seccomp_notify_fd: %s\n", strerror(-fd));
        exit(EXIT_FAILURE);
    }

    rc = seccomp_notify_receive(fd, req);
    if (rc != 0) {
        fprintf(stderr, "seccomp_notify_receive: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    name = seccomp_syscall_resolve_num_arch(req->data.arch,
                                            req->data.nr);
    printf("main: the worker called %s; answering 0\n",
           name ? name : "an unknown system call");
    free(name);

    memset(resp, 0, sizeof(*resp));
    resp->id = req->id;
    resp->val = 0;              /* what getuid() returns */
    resp->error = 0;
    rc = seccomp_notify_id_valid(fd, req->id);
    if (rc == 0)
        rc = seccomp_notify_respond(fd, resp);
    if (rc != 0) {
        fprintf(stderr, "seccomp_notify_respond: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }

    rc = pthread_join(thread, NULL);
    if (rc != 0) {
        fprintf(stderr, "pthread_join: %s\n", strerror(rc));
        exit(EXIT_FAILURE);
    }
    seccomp_notify_free(req, resp);
    seccomp_release(ctx);
    exit(EXIT_SUCCESS);
}
