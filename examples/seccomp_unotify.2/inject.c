/* inject.c: serve one file name to a child from the supervisor */
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
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SECCOMP_ADDFD_FLAG_SEND                     /* Linux 5.14 */
# define SECCOMP_ADDFD_FLAG_SEND  (1UL << 1)
#endif

#define X32_BIT  0x40000000U
#if defined(__x86_64__) && defined(__ILP32__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define NR_LOW   X32_BIT
# define NR_HIGH  0xffffffffU
#elif defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define NR_LOW   0U
# define NR_HIGH  (X32_BIT - 1)
#elif defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
# define NR_LOW   0U
# define NR_HIGH  0xffffffffU
#else
# error "add the AUDIT_ARCH_* value of this architecture"
#endif

static const char  *served_name, *served_text;
static int         set_fd = -1;       /* -n: SECCOMP_ADDFD_FLAG_SETFD */

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

static void
usage(const char *self)
{
    fprintf(stderr, "Usage: %s [-n FD] NAME TEXT FILE...\n", self);
    exit(EXIT_FAILURE);
}

/* The target's filter: open(2) and openat(2) go to the supervisor;
   openat2(2), whose flags are in memory, fails with ENOSYS, as on a
   kernel that predates it; system calls of another ABI kill the
   process. */
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
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, NR_LOW, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, NR_HIGH, 0, 1),
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
        die("prctl");
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                   SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
}

static void
send_fd(int sock, int fd)
{
    char            byte = 'L';
    struct iovec    iov = { .iov_base = &byte, .iov_len = 1 };
    struct msghdr   msg;
    struct cmsghdr  *cmsg;
    union {
        char            buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr  align;
    } u;

    memset(&msg, 0, sizeof(msg));
    memset(&u, 0, sizeof(u));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof(u.buf);
    cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
    if (sendmsg(sock, &msg, 0) == -1)
        die("sendmsg");
}

static int
recv_fd(int sock)
{
    int             fd;
    char            byte;
    struct iovec    iov = { .iov_base = &byte, .iov_len = 1 };
    struct msghdr   msg;
    struct cmsghdr  *cmsg;
    union {
        char            buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr  align;
    } u;

    memset(&msg, 0, sizeof(msg));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof(u.buf);
    if (recvmsg(sock, &msg, 0) <= 0)
        return -1;
    cmsg = CMSG_FIRSTHDR(&msg);
    if (cmsg == NULL || cmsg->cmsg_type != SCM_RIGHTS)
        return -1;
    memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
    return fd;
}

/* The target: install the filter, hand the listener over, and show
   the first line of each file. */
static void
target(int sock, char *files[])
{
    int      fd;
    char     buf[128];
    ssize_t  n;

    fd = install_filter();
    if (fd == -1)
        die("seccomp");
    send_fd(sock, fd);
    xclose(fd);
    /* SOCK stays open: the supervisor sees it close when we end. */
    for (; *files != NULL; files++) {
        fd = open(*files, O_RDONLY);
        if (fd == -1) {
            printf("target: %s: %s\n", *files, strerror(errno));
            continue;
        }
        n = read(fd, buf, sizeof(buf) - 1);
        if (n == -1)
            die("read");
        buf[n] = '\0';
        buf[strcspn(buf, "\n")] = '\0';
        printf("target: %s: fd %d: %s\n", *files, fd, buf);
        xclose(fd);
    }
    exit(EXIT_SUCCESS);
}

/* Copy a string from the target's memory, a page at a time, so
   that an unmapped page after the string does not fail the read. */
static int
read_string(pid_t pid, unsigned long long addr, char *buf, size_t size)
{
    int      fd;
    char     path[64];
    size_t   len, chunk, page;
    ssize_t  n;

    page = sysconf(_SC_PAGESIZE);
    snprintf(path, sizeof(path), "/proc/%d/mem", (int) pid);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd == -1)
        return -1;
    for (len = 0; len < size; len += chunk) {
        chunk = page - (addr + len) % page;
        if (chunk > size - len)
            chunk = size - len;
        n = pread(fd, buf + len, chunk, addr + len);
        if (n == -1 || n == 0) {
            if (n == 0)
                errno = EIO;
            break;
        }
        if (memchr(buf + len, '\0', n) != NULL) {
            xclose(fd);
            return 0;
        }
        chunk = n;
        if (len + chunk == size)
            errno = ENAMETOOLONG;
    }
    xclose(fd);
    return -1;
}

/* Give the target a new file that holds served_text. */
static void
serve(int listener, const struct seccomp_notif *req,
      struct seccomp_notif_resp *resp, int flags)
{
    int                         fd, tfd;
    size_t                      len;
    struct seccomp_notif_addfd  addfd;

    fd = memfd_create("served", MFD_CLOEXEC);
    if (fd == -1)
        die("memfd_create");
    len = strlen(served_text);
    if (write(fd, served_text, len) != (ssize_t) len
        || write(fd, "\n", 1) != 1 || lseek(fd, 0, SEEK_SET) == -1)
    {
        die("memfd");
    }

    /* Install it in the target and answer with its number, as one
       operation: the target cannot be interrupted in between and
       leak the descriptor. */
    memset(&addfd, 0, sizeof(addfd));
    addfd.id = req->id;
    addfd.srcfd = fd;
    addfd.newfd_flags = flags & O_CLOEXEC;
    addfd.flags = SECCOMP_ADDFD_FLAG_SEND;
    if (set_fd != -1) {
        addfd.flags |= SECCOMP_ADDFD_FLAG_SETFD;
        addfd.newfd = set_fd;
    }
    printf("supervisor: ADDFD with SECCOMP_ADDFD_FLAG_SEND\n");
    if (fflush(stdout) == EOF)
        die("fflush");
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd) == -1) {
        if (errno != EINVAL)
            die("ioctl SECCOMP_IOCTL_NOTIF_ADDFD");

        /* Before Linux 5.14 (no SECCOMP_ADDFD_FLAG_SEND): install the
           descriptor, then answer with its number. */
        printf("supervisor: EINVAL; ADDFD, then SEND\n");
        addfd.flags &= ~SECCOMP_ADDFD_FLAG_SEND;
        tfd = ioctl(listener, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
        if (tfd == -1)
            die("ioctl SECCOMP_IOCTL_NOTIF_ADDFD");
        printf("supervisor: fd %d in the target\n", tfd);
        if (fflush(stdout) == EOF)
            die("fflush");
        resp->id = req->id;
        resp->val = tfd;
        resp->error = 0;
        resp->flags = 0;
        if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1)
            die("ioctl SECCOMP_IOCTL_NOTIF_SEND");
    }
    xclose(fd);
}

/* Answer one notification. */
static void
handle(int listener, const struct seccomp_notif *req,
       struct seccomp_notif_resp *resp)
{
    int                 flags;
    char                path[4096];
    unsigned long long  addr;

    if (req->data.nr == __NR_openat) {
        addr = req->data.args[1];
        flags = req->data.args[2];
    } else {
        addr = req->data.args[0];
        flags = req->data.args[1];
    }
    resp->id = req->id;
    resp->val = 0;
    resp->error = 0;
    resp->flags = 0;
    if (read_string(req->pid, addr, path, sizeof(path)) == -1) {
        resp->error = -errno;
        printf("supervisor: cannot read the path: %s\n",
               strerror(errno));
    } else if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &req->id)
               == -1)
    {
        return;                 /* the target has gone */
    } else if (strcmp(path, served_name) != 0) {
        /* Not ours: the kernel opens it, as the target asked. */
        printf("supervisor: pid %d: open(\"%s\"): continue\n",
               (int) req->pid, path);
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    } else if ((flags & O_ACCMODE) != O_RDONLY) {
        printf("supervisor: pid %d: open(\"%s\") for writing\n",
               (int) req->pid, path);
        resp->error = -EROFS;
    } else {
        printf("supervisor: pid %d: open(\"%s\"): served\n",
               (int) req->pid, path);
        serve(listener, req, resp, flags);
        return;
    }
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) == -1
        && errno != ENOENT)
    {
        die("ioctl SECCOMP_IOCTL_NOTIF_SEND");
    }
}

int
main(int argc, char *argv[])
{
    int                         sv[2], opt, listener, status;
    pid_t                       pid;
    struct pollfd               pfd[2];
    struct seccomp_notif        *req;
    struct seccomp_notif_resp   *resp;
    struct seccomp_notif_sizes  sizes;

    while ((opt = getopt(argc, argv, "+n:")) != -1) {
        if (opt != 'n')
            usage(argv[0]);
        set_fd = atoi(optarg);
    }
    if (argc - optind < 3)
        usage(argv[0]);
    served_name = argv[optind];
    served_text = argv[optind + 1];

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
        target(sv[1], argv + optind + 2);
    }
    xclose(sv[1]);
    listener = recv_fd(sv[0]);
    if (listener == -1) {
        if (waitpid(pid, NULL, 0) == -1)
            die("waitpid");
        exit(EXIT_FAILURE);
    }

    /* Serve until the target ends, which closes its end of the
       socket pair. */
    pfd[0].fd = listener;
    pfd[0].events = POLLIN;
    pfd[1].fd = sv[0];
    pfd[1].events = POLLIN;
    for (;;) {
        if (poll(pfd, 2, -1) == -1)
            die("poll");
        if (pfd[0].revents & POLLIN) {
            memset(req, 0, sizes.seccomp_notif);
            if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, req) == 0)
                handle(listener, req, resp);
            else if (errno != ENOENT)   /* ENOENT: the caller left */
                die("ioctl SECCOMP_IOCTL_NOTIF_RECV");
        } else if (pfd[1].revents & (POLLIN | POLLHUP)) {
            break;
        }
    }
    if (waitpid(pid, &status, 0) == -1)
        die("waitpid");
    exit(status == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
