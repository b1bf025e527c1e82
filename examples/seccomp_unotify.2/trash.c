/* trash.c: run a child whose unlink(2) calls move files to a trash */
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
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

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

#ifndef __NR_unlink             /* architectures with only unlinkat */
# define __NR_unlink  __NR_unlinkat
#endif

static void
xclose(int fd)
{
    if (close(fd) == -1)
        err(EXIT_FAILURE, "close");
}

/* The target's filter: unlink(2) and unlinkat(2) go to the
   supervisor; system calls of another ABI kill the process. */
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
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_unlink, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_unlinkat, 0, 1),
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
   unlink the files. */
static void
target(int sock, char *files[])
{
    int   fd;
    char  ack;

    fd = install_filter();
    if (fd == -1)
        err(EXIT_FAILURE, "seccomp");
    if (write(sock, &fd, sizeof(fd)) != sizeof(fd)
        || read(sock, &ack, 1) != 1)
    {
        err(EXIT_FAILURE, "target: handing the listener over");
    }
    xclose(fd);
    xclose(sock);
    for (; *files != NULL; files++) {
        if (unlink(*files) == -1)
            printf("target: unlink(\"%s\"): %s\n", *files,
                   strerror(errno));
        else
            printf("target: unlink(\"%s\"): ok\n", *files);
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

/* Move PATH, relative to the directory CWD, into TRASH, and set the
   answer to what unlink(2) would return.  Return what was done. */
static const char *
move(int cwd, const char *path, int trash,
     struct seccomp_notif_resp *resp)
{
    const char   *name;
    struct stat  st;

    name = strrchr(path, '/');
    name = (name == NULL) ? path : name + 1;
    if (fstatat(cwd, path, &st, AT_SYMLINK_NOFOLLOW) == -1) {
        resp->error = -errno;
    } else if (S_ISDIR(st.st_mode)) {
        resp->error = -EISDIR;
    } else if (renameat(cwd, path, trash, name) == 0) {
        return "moved to the trash";
    } else if (errno == EXDEV) {
        /* Another file system: let the kernel remove it. */
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        return "cross-device: continue";
    } else {
        resp->error = -errno;
    }
    return strerror(-resp->error);
}

/* Answer one notification. */
static void
handle(int listener, int trash, const struct seccomp_notif *req,
       struct seccomp_notif_resp *resp)
{
    int                 cwd;
    char                path[4096], cwdpath[64];
    const char          *what;
    const __u64         *args = req->data.args;
    unsigned long long  addr;

    memset(resp, 0, sizeof(*resp));
    resp->id = req->id;
    if (req->data.nr == __NR_unlinkat
        && ((int) args[0] != AT_FDCWD || args[2] != 0))
    {
        /* Relative to a directory file descriptor, or rmdir(2):
           not emulated; the kernel runs the call as the target made
           it, with the target's permissions. */
        printf("supervisor: pid %d: unlinkat(%d, ..., %#x): continue\n",
               (int) req->pid, (int) args[0], (unsigned int) args[2]);
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        goto send;
    }
    addr = (req->data.nr == __NR_unlinkat) ? args[1] : args[0];

    /* The target may die, and another process take its PID, at any
       moment: what is read and opened counts only if the
       notification is still pending afterwards. */
    snprintf(cwdpath, sizeof(cwdpath), "/proc/%d/cwd", (int) req->pid);
    cwd = open(cwdpath, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (cwd == -1
        || read_string(req->pid, addr, path, sizeof(path)) == -1)
    {
        resp->error = -errno;
        printf("supervisor: pid %d: cannot read the path: %s\n",
               (int) req->pid, strerror(errno));
    } else if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID,
                     &req->id) == 0)
    {
        what = move(cwd, path, trash, resp);
        printf("supervisor: pid %d: unlink(\"%s\"): %s\n",
               (int) req->pid, path, what);
    }   /* else the target has gone, and SEND fails with ENOENT */
    if (cwd != -1)
        xclose(cwd);
send:
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1) {
        if (errno != ENOENT)
            err(EXIT_FAILURE, "ioctl SECCOMP_IOCTL_NOTIF_SEND");
        printf("supervisor: the target has gone\n");
    }
}

int
main(int argc, char *argv[])
{
    int                         sv[2], trash, fd, pidfd, listener;
    int                         status;
    pid_t                       pid;
    struct pollfd               pfd[2];
    struct seccomp_notif        *req;
    struct seccomp_notif_resp   *resp;
    struct seccomp_notif_sizes  sizes;

    if (argc < 3) {
        fprintf(stderr, "Usage: %s TRASH-DIR FILE...\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    trash = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (trash == -1)
        err(EXIT_FAILURE, "%s", argv[1]);

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
        target(sv[1], argv + 2);
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
            handle(listener, trash, req, resp);
        else if (errno != ENOENT)   /* ENOENT: the caller left */
            err(EXIT_FAILURE, "ioctl SECCOMP_IOCTL_NOTIF_RECV");
    }
    if (waitpid(pid, &status, 0) == -1)
        err(EXIT_FAILURE, "waitpid");
    exit(status == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
