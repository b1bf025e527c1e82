/* deny_open.c: refuse to open files for writing */
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Deny opening for writing through system call NR, whose
   open flags are its argument number ARG. */
static int
deny_writing(scmp_filter_ctx ctx, int nr, unsigned int arg)
{
    int rc;

    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 1,
                          SCMP_CMP32(arg, SCMP_CMP_MASKED_EQ,
                                     O_ACCMODE, O_WRONLY));
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 1,
                              SCMP_CMP32(arg, SCMP_CMP_MASKED_EQ,
                                         O_ACCMODE, O_RDWR));
    return rc;
}

static void
report(const char *what, long fd)
{
    if (fd == -1) {
        printf("%s: %s\n", what, strerror(errno));
    } else {
        printf("%s: opened\n", what);
        close(fd);
    }
}

int
main(int argc, char *argv[])
{
    int             rc;
    scmp_filter_ctx ctx;

    if (argc != 3 || (strcmp(argv[1], "open") != 0
                      && strcmp(argv[1], "every") != 0))
    {
        fprintf(stderr, "Usage: %s open|every FILE\n", argv[0]);
        exit(EXIT_FAILURE);
    }

    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        fprintf(stderr, "seccomp_init failed\n");
        exit(EXIT_FAILURE);
    }

    /* open(path, flags, mode) */
    rc = deny_writing(ctx, SCMP_SYS(open), 1);

    if (rc == 0 && strcmp(argv[1], "every") == 0) {
        /* openat(dirfd, path, flags, mode) */
        rc = deny_writing(ctx, SCMP_SYS(openat), 2);
        /* creat(path, mode) always opens for writing */
        if (rc == 0)
            rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
                                  SCMP_SYS(creat), 0);
        /* openat2() passes its flags in a structure that a filter
           cannot read: answer as a kernel without openat2() would */
        if (rc == 0)
            rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS),
                                  SCMP_SYS(openat2), 0);
    }

    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) {
        fprintf(stderr, "libseccomp: %s\n", strerror(-rc));
        exit(EXIT_FAILURE);
    }

    report("open(O_RDONLY)", open(argv[2], O_RDONLY));
    report("open(O_WRONLY)", open(argv[2], O_WRONLY));
#ifdef SYS_open
    report("SYS_open(O_WRONLY)", syscall(SYS_open, argv[2], O_WRONLY));
#endif
    exit(EXIT_SUCCESS);
}
