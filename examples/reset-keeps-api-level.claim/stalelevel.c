/* stalelevel.c: seccomp_reset(NULL, 0) keeps the API level */
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main(void)
{
    int                        rc, fd;
    struct seccomp_notif       *req;
    struct seccomp_notif_resp  *resp;

    fd = open("/dev/null", O_RDONLY);
    if (fd == -1) {
        perror("/dev/null");
        exit(EXIT_FAILURE);
    }
    rc = seccomp_notify_alloc(&req, &resp);
    if (rc != 0) {
        fprintf(stderr, "seccomp_notify_alloc: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }
    printf("API level: %u\n", seccomp_api_get());
    printf("id_valid: %s\n", strerror(-seccomp_notify_id_valid(fd, 0)));

    rc = seccomp_reset(NULL, 0);
    printf("seccomp_reset(NULL, 0): %d\n", rc);
    printf("API level: %u\n", seccomp_api_get());
    printf("id_valid: %s\n", strerror(-seccomp_notify_id_valid(fd, 0)));

    rc = seccomp_api_set(3);
    printf("seccomp_api_set(3): %d\n", rc);
    rc = seccomp_reset(NULL, 0);
    printf("seccomp_reset(NULL, 0): %d\n", rc);
    printf("API level: %u\n", seccomp_api_get());

    seccomp_notify_free(req, resp);
    exit(EXIT_SUCCESS);
}
