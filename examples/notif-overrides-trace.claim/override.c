/* override.c: a USER_NOTIF filter outranks a TRACE filter */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__ILP32__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define X32      1             /* x32 numbers have the x32 bit set */
#elif defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define X32      0
#elif defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
# define X32      0
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
# define MY_ARCH  AUDIT_ARCH_AARCH64
# define X32      0
#elif defined(__riscv) && __riscv_xlen == 64
# define MY_ARCH  AUDIT_ARCH_RISCV64
# define X32      0
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__ARMEB__)
# define MY_ARCH  AUDIT_ARCH_ARM
# define X32      0
#elif defined(__s390x__)
# define MY_ARCH  AUDIT_ARCH_S390X
# define X32      0
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
# define MY_ARCH  AUDIT_ARCH_PPC64LE
# define X32      0
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif

static int  fds[2];             /* hands the listener to the thread */

static int
add_filter(unsigned int action, unsigned int flags)
{
    struct sock_filter  f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x40000000, !X32, X32),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_uname, 2, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, action),
    };
    struct sock_fprog   prog = { sizeof(f) / sizeof(f[0]), f };

    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
}

static void *
supervisor(void *arg)           /* started before any filter */
{
    int                         fd;
    struct seccomp_notif        req;
    struct seccomp_notif_resp   resp;

    (void) arg;
    memset(&req, 0, sizeof(req));
    memset(&resp, 0, sizeof(resp));
    if (read(fds[0], &fd, sizeof(fd)) != sizeof(fd)
        || ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req) == -1)
    {
        perror("supervisor");
        exit(EXIT_FAILURE);
    }
    resp.id = req.id;           /* let the call go on */
    resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    if (ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp) == -1) {
        perror("SECCOMP_IOCTL_NOTIF_SEND");
        exit(EXIT_FAILURE);
    }
    return NULL;
}

static void
try(const char *filters)
{
    struct utsname  u;

    printf("%-24s uname: %s\n", filters,
           uname(&u) == -1 ? strerror(errno) : "ok");
}

int
main(void)
{
    int        fd;
    pthread_t  thread;

    if (pipe(fds) == -1 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || (errno = pthread_create(&thread, NULL, supervisor,
                                   NULL)) != 0
        || add_filter(SECCOMP_RET_TRACE, 0) != 0)
    {
        perror("setting up");
        exit(EXIT_FAILURE);
    }
    try("TRACE (no tracer):");
    fd = add_filter(SECCOMP_RET_USER_NOTIF,
                    SECCOMP_FILTER_FLAG_NEW_LISTENER);
    if (fd == -1 || write(fds[1], &fd, sizeof(fd)) != sizeof(fd)) {
        perror("adding a listener");
        exit(EXIT_FAILURE);
    }
    try("TRACE, then USER_NOTIF:");
    if ((errno = pthread_join(thread, NULL)) != 0) {
        perror("pthread_join");
        exit(EXIT_FAILURE);
    }
    exit(EXIT_SUCCESS);
}
