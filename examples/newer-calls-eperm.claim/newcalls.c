/* newcalls.c: what a filter's default action does to a C library */
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#if !defined(__x86_64__) || defined(__ILP32__)
# error "the filter below is written for the x86-64 ABI"
#endif

#define X32_BIT  0x40000000U
#define NEWEST   434     /* pidfd_open, the last call before clone3 */

/* A filter written just before clone3 appeared (Linux 5.3): it
   allows every system call it knows (a real filter would allow
   only some) and answers the newer ones with the errno given. */
static void
install_filter(int err)
{
    struct sock_filter  filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, X32_BIT, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, NEWEST, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = {
        .len = sizeof(filter) / sizeof(filter[0]),
        .filter = filter,
    };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == -1) {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
}

static void *
thread_start(void *arg)
{
    return arg;
}

static void
report(const char *what, int err)
{
    printf("%-16s%s\n", what, err == 0 ? "ok" : strerror(err));
}

int
main(int argc, char *argv[])
{
    int        fd, s;
    char       name[] = "newcalls.XXXXXX";
    pthread_t  thread;

    if (argc > 2 || (argc == 2 && strcmp(argv[1], "EPERM") != 0
                     && strcmp(argv[1], "ENOSYS") != 0))
    {
        fprintf(stderr, "Usage: %s [EPERM|ENOSYS]\n", argv[0]);
        exit(EXIT_FAILURE);
    }

    fd = mkstemp(name);                 /* a file to change */
    if (fd == -1) {
        perror("mkstemp");
        exit(EXIT_FAILURE);
    }
    if (close(fd) == -1) {
        perror("close");
        exit(EXIT_FAILURE);
    }

    if (argc == 2)
        install_filter(strcmp(argv[1], "EPERM") == 0 ? EPERM : ENOSYS);

    /* glibc 2.34 and later: clone3 first (musl: clone). */
    s = pthread_create(&thread, NULL, thread_start, NULL);
    if (s == 0)
        s = pthread_join(thread, NULL);
    report("pthread_create:", s);

    /* glibc 2.33 and later, musl 1.2.2 and later: faccessat2 first. */
    s = faccessat(AT_FDCWD, name, R_OK, AT_EACCESS);
    report("faccessat:", s == 0 ? 0 : errno);

    /* glibc 2.39 and later, musl 1.2.5 and later: fchmodat2 first. */
    s = fchmodat(AT_FDCWD, name, 0600, AT_SYMLINK_NOFOLLOW);
    report("fchmodat:", s == 0 ? 0 : errno);

    if (unlink(name) == -1) {
        perror("unlink");
        exit(EXIT_FAILURE);
    }
    exit(EXIT_SUCCESS);
}
