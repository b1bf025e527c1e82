/* trash.c: run a child whose unlink(2) calls move files to a trash */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64    /* i386 addresses above 2 GiB */
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

#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS               /* Linux 6.6 */
# define SECCOMP_IOCTL_NOTIF_SET_FLAGS       SECCOMP_IOW(4, __u64)
# define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP  (1UL << 0)
#endif

#if defined(__x86_64__) && defined(__ILP32__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define X32      1             /* x32 numbers have the x32 bit */
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
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif

#ifndef __NR_unlink             /* architectures with only unlinkat */
# define __NR_unlink  __NR_unlinkat
#endif

static void
die(const char *what)
{
    perror(what);
    exit(EXIT_FAILURE);
}

static void
xclose(int fd)
{
    if (close(fd) == -1)
        die("close");
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
        die("prctl");
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
        die("seccomp");
    if (write(sock, &fd, sizeof(fd)) != sizeof(fd)
        || read(sock, &ack, 1) != 1)
    {
        die("target: handing the listener over");
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
    int      fd, err;
    char     path[64];
    ssize_t  n;

    snprintf(path, sizeof(path), "/proc/%d/mem", (int) pid);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd == -1)
        return -1;
    n = pread(fd, buf, size, addr);
    err = (n == -1) ? errno : ((size_t) n == size) ? ENAMETOOLONG : EIO;
    xclose(fd);
    if (n > 0 && memchr(buf, '\0', n) != NULL)
        return 0;
    errno = err;
    return -1;
}
/* Answer one notification: move the file into TRASH instead. */
/* Answer one notification: move the file into TRASH instead. */
static void
handle(int listener, int trash, const struct seccomp_notif *req,
       struct seccomp_notif_resp *resp)
{
    int                 cwd, dirfd, flags;
    char                path[4096], cwdpath[64];
    const char          *name, *what;
    struct stat         st;
    unsigned long long  addr;

    resp->id = req->id;
    resp->val = 0;
    resp->error = 0;
    resp->flags = 0;
    if (req->data.nr == __NR_unlinkat) {
        dirfd = req->data.args[0];
        addr = req->data.args[1];
        flags = req->data.args[2];
    } else {
        dirfd = AT_FDCWD;
        addr = req->data.args[0];
        flags = 0;
    }
    cwd = -1;
    if (dirfd != AT_FDCWD || flags != 0) {
        /* Relative to a directory file descriptor, or rmdir(2):
           not emulated; the kernel runs the call as the target made
           it, with the target's permissions. */
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        printf("supervisor: pid %d: unlinkat(%d, ..., %#x): continue\n",
               (int) req->pid, dirfd, flags);
        goto send;
    }
    if (read_string(req->pid, addr, path, sizeof(path)) == -1) {
        resp->error = -errno;
        what = "cannot read the path";
        path[0] = '\0';
        goto report;
    }
    snprintf(cwdpath, sizeof(cwdpath), "/proc/%d/cwd", (int) req->pid);
    cwd = open(cwdpath, O_PATH | O_DIRECTORY | O_CLOEXEC);

    /* The target may have died, and another process have taken its
       PID, since the notification was made: what we read and opened
       counts only if the notification is still pending. */
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &req->id) == -1) {
        printf("supervisor: the target has gone\n");
        if (cwd != -1)
            xclose(cwd);
        return;
    }
    if (cwd == -1) {
        resp->error = -errno;
        what = "cannot open its working directory";
        goto report;
    }
    name = strrchr(path, '/');
    name = (name == NULL) ? path : name + 1;
    if (fstatat(cwd, path, &st, AT_SYMLINK_NOFOLLOW) == -1) {
        resp->error = -errno;
        what = strerror(errno);
    } else if (S_ISDIR(st.st_mode)) {
        resp->error = -EISDIR;         /* as unlink(2) would */
        what = strerror(EISDIR);
    } else if (renameat(cwd, path, trash, name) == 0) {
        what = "moved to the trash";
    } else if (errno == EXDEV) {
        /* Another file system: let the kernel delete it. */
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        what = "cross-device: continue";
    } else {
        resp->error = -errno;
        what = strerror(errno);
    }
report:
    printf("supervisor: pid %d: unlink(\"%s\"): %s\n",
           (int) req->pid, path, what);
    if (cwd != -1)
        xclose(cwd);
send:
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1) {
        if (errno != ENOENT)
            die("ioctl SECCOMP_IOCTL_NOTIF_SEND");
        printf("supervisor: the target has gone\n");
    }
}

int
main(int argc, char *argv[])
{
    int                         sv[2], trash, fd, pidfd, listener;
    int                         status, reaped;
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
        die(argv[1]);

    /* The kernel's structures may be larger than this program's. */
    if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) == -1)
        die("seccomp SECCOMP_GET_NOTIF_SIZES");
    if (sizes.seccomp_notif < sizeof(*req))
        sizes.seccomp_notif = sizeof(*req);
    if (sizes.seccomp_notif_resp < sizeof(*resp))
        sizes.seccomp_notif_resp = sizeof(*resp);
    req = malloc(sizes.seccomp_notif);
    resp = calloc(1, sizes.seccomp_notif_resp);
    if (req == NULL || resp == NULL)
        die("malloc");

    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1)
        die("socketpair");
    if (fflush(stdout) == EOF)
        die("fflush");
    pid = fork();
    if (pid == -1)
        die("fork");
    if (pid == 0) {
        xclose(sv[0]);
        target(sv[1], argv + 2);
    }
    xclose(sv[1]);

    /* Take a copy of the target's listener (Linux 5.6). */
    if (read(sv[0], &fd, sizeof(fd)) != sizeof(fd)) {
        if (waitpid(pid, NULL, 0) == -1)
            die("waitpid");
        exit(EXIT_FAILURE);
    }
    pidfd = syscall(__NR_pidfd_open, pid, 0);
    if (pidfd == -1)
        die("pidfd_open");
    listener = syscall(__NR_pidfd_getfd, pidfd, fd, 0);
    if (listener == -1)
        die("pidfd_getfd");
    if (write(sv[0], "", 1) != 1)
        die("write");
    xclose(sv[0]);

    /* A hint for the scheduler (Linux 6.6); older kernels: EINVAL. */
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SET_FLAGS,
              SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP) == -1
        && errno != EINVAL)
    {
        die("ioctl SECCOMP_IOCTL_NOTIF_SET_FLAGS");
    }

    /* Serve notifications until POLLHUP says that no process uses the
       filter any more.  Before Linux 6.11, that is only so once the
       target has been reaped: the pidfd says when it has exited. */
    reaped = 0;
    pfd[0].fd = listener;
    pfd[0].events = POLLIN;
    pfd[1].fd = pidfd;
    pfd[1].events = POLLIN;
    for (;;) {
        if (poll(pfd, 2, -1) == -1)
            die("poll");
        if (pfd[1].revents & POLLIN) {
            if (waitpid(pid, &status, 0) == -1)
                die("waitpid");
            reaped = 1;
            pfd[1].fd = -1;             /* poll(2) skips it now */
        }
        if (pfd[0].revents & POLLIN) {
            memset(req, 0, sizes.seccomp_notif);
            if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, req) == -1) {
                if (errno == ENOENT)    /* the caller went away */
                    continue;
                die("ioctl SECCOMP_IOCTL_NOTIF_RECV");
            }
            handle(listener, trash, req, resp);
        } else if (pfd[0].revents & POLLHUP) {
            break;
        }
    }
    if (!reaped && waitpid(pid, &status, 0) == -1)
        die("waitpid");
    exit(status == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
