/* inject.c: serve one file name to a child from the supervisor */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64    /* i386 addresses above 2 GiB */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SECCOMP_ADDFD_FLAG_SEND                     /* Linux 5.14 */
# define SECCOMP_ADDFD_FLAG_SEND  (1UL << 1)
#endif

#if defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64
#elif defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
# define MY_ARCH  AUDIT_ARCH_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64
# define MY_ARCH  AUDIT_ARCH_RISCV64
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__ARMEB__)
# define MY_ARCH  AUDIT_ARCH_ARM
#elif defined(__s390x__)
# define MY_ARCH  AUDIT_ARCH_S390X
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
# define MY_ARCH  AUDIT_ARCH_PPC64LE
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif
/* x32: x86-64 with 32-bit longs, whose numbers have the x32 bit */
#define X32  (MY_ARCH == AUDIT_ARCH_X86_64 && sizeof(long) == 4)
/* Numbers older C-library headers lack: since Linux 5.1 a new call
   has one number on every ABI here, with the x32 bit on x32. */
#ifndef __NR_pidfd_open
# define __NR_pidfd_open   ((X32 ? 0x40000000 : 0) + 434)
#endif
#ifndef __NR_pidfd_getfd
# define __NR_pidfd_getfd  ((X32 ? 0x40000000 : 0) + 438)
#endif

static const char  *served_name, *served_text;

static void
xclose(int fd)
{
    if (close(fd) == -1)
        err(EXIT_FAILURE, "close");
}

/* The target's filter: open(2) and openat(2) go to the supervisor,
   openat2(2) (its flags are in memory) fails with ENOSYS, and system
   calls of another ABI kill the process. */
static int
install_filter(void)
{
    struct sock_filter  filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x40000000, X32, !X32),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#ifdef __NR_openat2
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat2, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
#endif
#ifdef __NR_open
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 1, 0),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = {
        .len = sizeof(filter) / sizeof(filter[0]),
        .filter = filter,
    };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
        err(EXIT_FAILURE, "prctl");
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                   SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
}

/* The target: install the filter, tell the supervisor the number of
   the listener, close it once the supervisor has taken a copy, and
   show the first line of each file. */
static void
target(int sock, char *files[])
{
    int      fd;
    char     buf[128];
    ssize_t  n;

    fd = install_filter();
    if (fd == -1)
        err(EXIT_FAILURE, "seccomp");
    if (write(sock, &fd, sizeof(fd)) != sizeof(fd)
        || read(sock, buf, 1) != 1)
    {
        err(EXIT_FAILURE, "target: handing the listener over");
    }
    xclose(fd);
    xclose(sock);
    for (; *files != NULL; files++) {
        fd = open(*files, O_RDONLY);
        if (fd == -1) {
            printf("target: %s: %s\n", *files, strerror(errno));
            continue;
        }
        n = read(fd, buf, sizeof(buf) - 1);
        if (n == -1)
            err(EXIT_FAILURE, "read");
        buf[n] = '\0';
        buf[strcspn(buf, "\n")] = '\0';
        printf("target: %s: fd %d: %s\n", *files, fd, buf);
        xclose(fd);
    }
    exit(EXIT_SUCCESS);
}

/* Read a string from the target's memory.  The read stops short at
   a page that is not mapped, which is harmless if the string ends
   before it. */
static int
read_string(pid_t pid, unsigned long long addr, char *buf, size_t size)
{
    int      fd, e;
    char     path[64];
    ssize_t  n;

    snprintf(path, sizeof(path), "/proc/%d/mem", (int) pid);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd == -1)
        return -1;
    n = pread(fd, buf, size, addr);
    e = (n == -1) ? errno : ((size_t) n == size) ? ENAMETOOLONG : EIO;
    xclose(fd);
    if (n > 0 && memchr(buf, '\0', n) != NULL)
        return 0;
    errno = e;
    return -1;
}

/* Put a new file that holds served_text into the target.  Return 0
   if that answered the call; else 1, with the answer to send set:
   its number (before Linux 5.14), or the error that kept it out. */
static int
serve(int listener, struct seccomp_notif_resp *resp, int flags)
{
    int                         fd, r;
    struct seccomp_notif_addfd  addfd;

    fd = memfd_create("served", MFD_CLOEXEC);
    if (fd == -1 || dprintf(fd, "%s\n", served_text) < 0
        || lseek(fd, 0, SEEK_SET) == -1)
    {
        err(EXIT_FAILURE, "memfd");
    }

    /* Install it and answer with its number, as one operation: the
       target cannot be interrupted in between and leak the
       descriptor. */
    memset(&addfd, 0, sizeof(addfd));
    addfd.id = resp->id;
    addfd.srcfd = fd;
    addfd.newfd_flags = flags & O_CLOEXEC;
    addfd.flags = SECCOMP_ADDFD_FLAG_SEND;
    printf("supervisor: ADDFD with SECCOMP_ADDFD_FLAG_SEND\n");
    r = ioctl(listener, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
    if (r == -1 && errno == EINVAL) {
        /* Linux 5.9 to 5.13: install it, and answer afterwards. */
        printf("supervisor: EINVAL; ADDFD, then SEND\n");
        addfd.flags = 0;
        r = ioctl(listener, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
    }
    if (r == -1)
        resp->error = -errno;   /* EMFILE, say, or ENOENT: gone */
    else
        resp->val = r;
    xclose(fd);
    return r == -1 || addfd.flags == 0;
}

/* Answer one notification. */
static void
handle(int listener, const struct seccomp_notif *req,
       struct seccomp_notif_resp *resp)
{
    int          at, flags;
    char         path[4096];
    const __u64  *args = req->data.args;

    /* open(path, flags), or openat(dirfd, path, flags) */
    at = (req->data.nr == __NR_openat);
    flags = args[at + 1];
    memset(resp, 0, sizeof(*resp));
    resp->id = req->id;
    if (read_string(req->pid, args[at], path, sizeof(path)) == -1) {
        resp->error = -errno;
    } else if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &req->id)
               == -1)
    {
        return;                 /* the target has gone */
    } else if (strcmp(path, served_name) != 0
               || (flags & O_ACCMODE) != O_RDONLY)
    {
        /* Not ours to serve: the kernel opens it as asked. */
        printf("supervisor: pid %d: open(\"%s\"): continue\n",
               (int) req->pid, path);
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    } else {
        printf("supervisor: pid %d: open(\"%s\"): served\n",
               (int) req->pid, path);
        if (serve(listener, resp, flags) == 0)
            return;
    }
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1
        && errno != ENOENT)
    {
        err(EXIT_FAILURE, "ioctl SECCOMP_IOCTL_NOTIF_SEND");
    }
}

int
main(int argc, char *argv[])
{
    int                         sv[2], fd, pidfd, listener, status;
    pid_t                       pid;
    struct pollfd               pfd[2];
    struct seccomp_notif        *req;
    struct seccomp_notif_resp   *resp;
    struct seccomp_notif_sizes  sizes;

    if (argc < 4) {
        fprintf(stderr, "Usage: %s NAME TEXT FILE...\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    served_name = argv[1];
    served_text = argv[2];

    /* The kernel's structures may be larger than this program's. */
    if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) == -1)
        err(EXIT_FAILURE, "seccomp SECCOMP_GET_NOTIF_SIZES");
    if (sizes.seccomp_notif < sizeof(*req))
        sizes.seccomp_notif = sizeof(*req);
    if (sizes.seccomp_notif_resp < sizeof(*resp))
        sizes.seccomp_notif_resp = sizeof(*resp);
    req = malloc(sizes.seccomp_notif);
    resp = calloc(1, sizes.seccomp_notif_resp);
    if (req == NULL || resp == NULL)
        err(EXIT_FAILURE, "malloc");

    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1)
        err(EXIT_FAILURE, "socketpair");
    pid = fork();
    if (pid == -1)
        err(EXIT_FAILURE, "fork");
    if (pid == 0) {
        xclose(sv[0]);
        target(sv[1], argv + 3);
    }
    xclose(sv[1]);

    /* Take a copy of the target's listener (Linux 5.6). */
    if (read(sv[0], &fd, sizeof(fd)) != sizeof(fd))
        errx(EXIT_FAILURE, "the target has failed");
    pidfd = syscall(__NR_pidfd_open, pid, 0);
    if (pidfd == -1)
        err(EXIT_FAILURE, "pidfd_open");
    listener = syscall(__NR_pidfd_getfd, pidfd, fd, 0);
    if (listener == -1)
        err(EXIT_FAILURE, "pidfd_getfd");
    if (write(sv[0], "", 1) != 1)
        err(EXIT_FAILURE, "write");
    xclose(sv[0]);

    /* Serve until the target has exited: its pidfd becomes readable. */
    pfd[0] = (struct pollfd) { .fd = listener, .events = POLLIN };
    pfd[1] = (struct pollfd) { .fd = pidfd, .events = POLLIN };
    for (;;) {
        if (poll(pfd, 2, -1) == -1)
            err(EXIT_FAILURE, "poll");
        if (pfd[1].revents & POLLIN)
            break;
        memset(req, 0, sizes.seccomp_notif);
        if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, req) == 0)
            handle(listener, req, resp);
        else if (errno != ENOENT)   /* ENOENT: the caller left */
            err(EXIT_FAILURE, "ioctl SECCOMP_IOCTL_NOTIF_RECV");
    }
    if (waitpid(pid, &status, 0) == -1)
        err(EXIT_FAILURE, "waitpid");
    exit(status == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
