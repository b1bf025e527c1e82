/*
 * guest-init.c - PID 1 of a seccomp-pages test guest.
 *
 * Built static for the architecture of the guest's kernel (x86_64 for the
 * x86 guests, whatever their ABIs; aarch64 for the arm64 ones).  It mounts
 * the usual pseudo file systems, reads the script /sp/script, runs each
 * command of it on a fresh pseudo-terminal with a fixed environment and a
 * time limit, reports what happened on a results channel, and powers the
 * machine off.
 *
 * Script (line oriented; lines beginning with '#' and blank lines are
 * ignored):
 *     cmd ID UID TIMEOUT CWD
 *     command text, run with /bin/sh -c (or, when it is a simple command
 *     with no shell syntax, executed directly: see simple_words())
 * ID has no white space, UID is 0 or 1000, TIMEOUT is whole seconds (0: no
 * limit of its own), CWD is an absolute directory (created, owned by UID, if
 * missing).
 *
 * Results, one record per line:
 *     SP-READY <kernel release>
 *     SP-BEGIN <ID>
 *     | <output line>          (CR removed)
 *     SP-NOEOL                 (after a last output line without newline)
 *     SP-CUT <ID> <lines> <bytes>  (output not sent: see KEEP_LINES)
 *     SP-END <ID> exit <N> | signal <N> | timeout | error <text>
 *     SP-TIME <ID> <ms>        (how long the command took, reaping included)
 *     SP-DONE
 *     SP-FATAL <text>          (setup failure; the guest then powers off)
 *
 * The results channel is chosen by the kernel argument sp.out=:
 *     sp.out=debugcon   QEMU's isa-debugcon at I/O port 0xe9 (what
 *                       ci/guests/guest-boot uses): written with outsb, no
 *                       driver, no interrupt, nothing to drain, and the
 *                       kernel never writes there.  Commands do not inherit the port.
 *                       x86 only.
 *     sp.out=ttyS1      a tty (here a second 16550 UART), put in raw mode
 *                       (or hvc0: a virtio console, on arm64 guests)
 *     (none), console   /dev/console, mixed with kernel messages: a fallback
 * Records are buffered and sent whenever init is about to wait.
 *
 * Each command runs in its own session on a new pseudo-terminal (stdout and
 * stderr; stdin is /dev/null; no echo), with a fixed environment, as uid 0
 * or 1000:1000.  On its timeout its process group and then every process
 * but init get SIGKILL.  After the command exits, anything still holding the
 * terminal gets 1 s, then SIGKILL; no process outlives its command.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <sys/io.h>
#define HAVE_DEBUGCON 1
#endif
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "init-script.h"

#define SCRIPT_PATH "/sp/script"
#define SCRIPT_MAX (16 * 1024 * 1024)
#define DEBUGCON_PORT 0xe9
#define LINE_MAX_OUT (1024 * 1024)   /* longer output lines are split */
#define KEEP_LINES 10000             /* a command's output sent: at most this */
#define KEEP_BYTES (1024 * 1024)     /* many lines and bytes; the rest is only
                                        counted (SP-CUT), and a command that
                                        writes without end runs on to its
                                        timeout without flooding the channel */
#define GRACE_MS 1000                /* after the shell exits, wait this long
                                        for others holding the terminal */
#define DRAIN_MS 5000                /* after SIGKILL, wait this long for the
                                        processes to go and the pty to close */

struct linebuf {
    char *buf;
    size_t len;
    size_t cap;
    size_t kept_lines, kept_bytes;  /* sent */
    size_t cut_lines, cut_bytes;    /* beyond KEEP_LINES or KEEP_BYTES */
};

enum out_kind { OUT_NONE, OUT_CONSOLE, OUT_TTY, OUT_DEBUGCON };

static enum out_kind out_kind = OUT_NONE;   /* results channel */
static int out_fd = -1;                     /* for OUT_CONSOLE, OUT_TTY */
static char out_buf[64 * 1024];
static size_t out_len;

static void power_off(void) __attribute__((noreturn));

static void write_all(int fd, const char *buf, size_t len)
{
    ssize_t n;

    while (len > 0) {
        n = write(fd, buf, len);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return;     /* nowhere left to complain to */
        }
        buf += n;
        len -= (size_t)n;
    }
}

/* Format into buf; the length written, cut to fit (0 on an error). */
static size_t vformat(char *buf, size_t size, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

static size_t vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
    int n;

    n = vsnprintf(buf, size, fmt, ap);
    if (n < 0) {
        buf[0] = '\0';
        return 0;
    }
    return (size_t)n >= size ? size - 1 : (size_t)n;
}

static void console_printf(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

static void console_printf(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    size_t n;

    va_start(ap, fmt);
    n = vformat(buf, sizeof buf, fmt, ap);
    va_end(ap);
    write_all(2, buf, n);
}

static void out_send(const char *buf, size_t len)
{
    switch (out_kind) {
    case OUT_CONSOLE:
    case OUT_TTY:
        write_all(out_fd, buf, len);
        break;
    case OUT_DEBUGCON:
        /* QEMU's isa-debugcon: each byte written to the port is output. */
#ifdef HAVE_DEBUGCON
        outsb(DEBUGCON_PORT, buf, (unsigned long)len);
#endif
        break;
    case OUT_NONE:
        break;
    }
}

/* Sends the buffered records; called before init waits for anything. */
static void out_flush(void)
{
    out_send(out_buf, out_len);
    out_len = 0;
}

static void out_put(const char *data, size_t len)
{
    if (out_len + len > sizeof out_buf) {
        out_flush();
        if (len > sizeof out_buf) {
            out_send(data, len);
            return;
        }
    }
    memcpy(out_buf + out_len, data, len);
    out_len += len;
}

/* One record: prefix, data, newline. */
static void out_record(const char *prefix, const char *data, size_t len)
{
    out_put(prefix, strlen(prefix));
    out_put(data, len);
    out_put("\n", 1);
}

static void out_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void out_printf(const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    size_t n;

    va_start(ap, fmt);
    n = vformat(buf, sizeof buf, fmt, ap);
    va_end(ap);
    out_record("", buf, n);
}

static void power_off(void)
{
    out_flush();
    if (out_kind == OUT_TTY && tcdrain(out_fd) < 0)
        console_printf("guest-init: tcdrain: %s\n", strerror(errno));
    sync();
    if (reboot(RB_POWER_OFF) < 0)
        console_printf("guest-init: power off: %s\n", strerror(errno));
    /* Not reached normally; with qemu -no-reboot a reboot ends it too. */
    if (reboot(RB_AUTOBOOT) < 0)
        console_printf("guest-init: reboot: %s\n", strerror(errno));
    for (;;)
        pause();
}

void fatal(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    size_t n;

    va_start(ap, fmt);
    n = vformat(buf, sizeof buf, fmt, ap);
    va_end(ap);
    out_flush();
    console_printf("SP-FATAL %.*s\n", (int)n, buf);
    if (out_kind != OUT_CONSOLE && out_kind != OUT_NONE)
        out_record("SP-FATAL ", buf, n);
    power_off();
}

static long long now_ms(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
        fatal("clock_gettime: %s", strerror(errno));
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* mkdir that accepts an existing directory */
static int ensure_dir(const char *path, mode_t mode)
{
    struct stat st;

    if (mkdir(path, mode) == 0)
        return 0;
    if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return 0;
    return -1;
}

static void do_mount(const char *src, const char *dir, const char *type,
                     unsigned long flags, const char *data, mode_t mode)
{
    if (ensure_dir(dir, mode) < 0)
        fatal("mkdir %s: %s", dir, strerror(errno));
    if (mount(src, dir, type, flags, data) < 0 && errno != EBUSY)
        fatal("mount %s on %s: %s", type, dir, strerror(errno));
}

static void make_symlink(const char *target, const char *path)
{
    if (symlink(target, path) < 0 && errno != EEXIST)
        fatal("symlink %s: %s", path, strerror(errno));
}

/* A directory, if it exists, gets owner uid:uid and mode. */
static void fix_owner(const char *dir, uid_t uid, mode_t mode)
{
    struct stat st;

    if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
        return;
    if ((st.st_uid != uid || st.st_gid != uid) && chown(dir, uid, uid) < 0)
        fatal("chown %s: %s", dir, strerror(errno));
    if ((st.st_mode & 07777) != mode && chmod(dir, mode) < 0)
        fatal("chmod %s: %s", dir, strerror(errno));
}

/* Without a console the kernel gave us no fds 0-2. */
static void ensure_std_fds(void)
{
    int fd;

    if (fcntl(2, F_GETFD) >= 0)
        return;
    fd = open("/dev/console", O_RDWR | O_NOCTTY);
    if (fd < 0) {
        fd = open("/dev/null", O_RDWR);
        if (fd < 0)
            power_off();
    }
    while (fd < 2) {
        fd = dup(fd);
        if (fd < 0)
            power_off();
    }
}

static void make_dev_links(void)
{
    make_symlink("/proc/self/fd", "/dev/fd");
    make_symlink("/proc/self/fd/0", "/dev/stdin");
    make_symlink("/proc/self/fd/1", "/dev/stdout");
    make_symlink("/proc/self/fd/2", "/dev/stderr");
}

/*
 * A cpio made with "find ." has an entry for "." and the kernel applies
 * its owner and mode to the existing directory: an overlay archived as
 * uid 1000 would hand / and /home to the user.  Put them back.
 */
static void fix_owners(void)
{
    struct stat st;

    fix_owner("/", 0, 0755);
    fix_owner("/home", 0, 0755);
    /* The home of uid 1000 is its own, whatever the cpio said. */
    if (lstat("/home/user", &st) == 0 && S_ISDIR(st.st_mode)
        && (st.st_uid != 1000 || st.st_gid != 1000)
        && chown("/home/user", 1000, 1000) < 0)
        fatal("chown /home/user: %s", strerror(errno));
}

static void setup_system(void)
{
    umask(022);
    do_mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
             NULL, 0555);
    do_mount("sysfs", "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
             NULL, 0555);
    do_mount("devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755", 0755);
    ensure_std_fds();
    do_mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC,
             "ptmxmode=0666,mode=0620", 0755);
    do_mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV,
             "mode=1777", 01777);
    do_mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777",
             01777);
    make_dev_links();
    if (sethostname("guest", 5) < 0)
        fatal("sethostname: %s", strerror(errno));
    fix_owners();
}

/* A failed close is worth a line on the console, no more. */
static void close_or_warn(int fd)
{
    if (close(fd) < 0)
        console_printf("guest-init: close: %s\n", strerror(errno));
}

/* free() that leaves errno to the caller's report; returns NULL. */
static char *free_keep_errno(char *buf)
{
    int saved = errno;

    free(buf);
    errno = saved;
    return NULL;
}

/* Makes room in *bufp for more than len bytes and a NUL; -1 with errno. */
static int grow_buffer(char **bufp, size_t *capp, size_t len)
{
    size_t cap;
    char *nb;

    if (len + 1 < *capp)
        return 0;
    if (*capp >= SCRIPT_MAX) {
        errno = EFBIG;
        return -1;
    }
    cap = *capp ? *capp * 2 : 8192;
    nb = realloc(*bufp, cap);
    if (nb == NULL) {
        errno = ENOMEM;
        return -1;
    }
    *bufp = nb;
    *capp = cap;
    return 0;
}

/* Reads fd to its end into a NUL-terminated buffer; NULL with errno set. */
static char *read_all(int fd, size_t *lenp)
{
    char *buf = NULL;
    size_t len = 0, cap = 0;
    ssize_t n;

    for (;;) {
        if (grow_buffer(&buf, &cap, len) < 0)
            return free_keep_errno(buf);
        n = read(fd, buf + len, cap - len - 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return free_keep_errno(buf);
        if (n == 0)
            break;
        len += (size_t)n;
    }
    buf[len] = '\0';
    *lenp = len;
    return buf;
}

/* Reads a whole (small) file; returns NULL with errno set on failure. */
static char *read_file(const char *path, size_t *lenp)
{
    char *buf;
    size_t len;
    int fd, saved;

    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    buf = read_all(fd, &len);
    if (buf == NULL) {
        saved = errno;
        close_or_warn(fd);
        errno = saved;
        return NULL;
    }
    if (close(fd) < 0)
        console_printf("guest-init: close %s: %s\n", path, strerror(errno));
    if (lenp)
        *lenp = len;
    return buf;
}

/*
 * The guest is useless without its local APIC timer.  Under TCG on a busy
 * host the kernel's boot-time calibration of that timer can fail ("APIC
 * frequency too slow", "APIC timer disabled due to verification failure");
 * a single-CPU kernel then ticks from the PIT alone.  Guests in that state
 * were seen to stop getting timer interrupts a few seconds later and hang
 * until the whole-guest limit, with every per-command timeout dead too.
 * Stop before running anything, saying why.  (lapic, or lapic-deadline
 * under KVM; no file at all means there is nothing to check.)
 */
static void check_timer(void)
{
#if defined(__x86_64__) || defined(__i386__)
    static const char path[] =
        "/sys/devices/system/clockevents/clockevent0/current_device";
    char *dev = read_file(path, NULL);
    size_t n;

    if (dev == NULL)
        return;
    n = strcspn(dev, "\n");
    if (strncmp(dev, "lapic", 5) != 0)
        fatal("the local APIC timer is not in use (clock event device: "
              "%.*s): its calibration at boot failed, probably on a busy "
              "host, and guests in this state hang",
              n > 0 ? (int)n : 4, n > 0 ? dev : "none");
    free(dev);
#endif
    /* Elsewhere (arm64: the architected timer) there is no calibration. */
}

/* The value of kernel argument NAME=VALUE (copied into val), or 0. */
static int cmdline_arg(const char *name, char *val, size_t size)
{
    char *cmd, *p, *end;
    size_t nlen = strlen(name), vlen;

    cmd = read_file("/proc/cmdline", NULL);
    if (cmd == NULL)
        fatal("read /proc/cmdline: %s", strerror(errno));
    p = cmd;
    for (;;) {
        while (*p == ' ' || *p == '\n' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        end = p;
        while (*end != '\0' && *end != ' ' && *end != '\n' && *end != '\t')
            end++;
        if ((size_t)(end - p) > nlen && strncmp(p, name, nlen) == 0
            && p[nlen] == '=') {
            vlen = (size_t)(end - p) - nlen - 1;
            if (vlen >= size)
                vlen = size - 1;
            memcpy(val, p + nlen + 1, vlen);
            val[vlen] = '\0';
            free(cmd);
            return 1;
        }
        p = end;
    }
    free(cmd);
    return 0;
}

/* The results channel on tty /dev/NAME, raw, 115200 baud, blocking. */
static int open_tty(const char *name)
{
    char path[80];
    struct termios t;
    int fd, flags;

    if (strchr(name, '/') != NULL)
        fatal("sp.out=%s: not a device name", name);
    snprintf(path, sizeof path, "/dev/%s", name);
    fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        fatal("open %s: %s", path, strerror(errno));
    if (tcgetattr(fd, &t) < 0)
        fatal("tcgetattr %s: %s", path, strerror(errno));
    cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~(tcflag_t)(CRTSCTS | HUPCL);
    if (cfsetspeed(&t, B115200) < 0)
        fatal("cfsetspeed %s: %s", path, strerror(errno));
    if (tcsetattr(fd, TCSANOW, &t) < 0)
        fatal("tcsetattr %s: %s", path, strerror(errno));
    flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
        fatal("fcntl %s: %s", path, strerror(errno));
    return fd;
}

static void open_results(void)
{
    char name[64];

    if (!cmdline_arg("sp.out", name, sizeof name) || strcmp(name, "console") == 0) {
        out_fd = 2;
        out_kind = OUT_CONSOLE;
        return;
    }
    if (strcmp(name, "debugcon") == 0) {
#ifdef HAVE_DEBUGCON
        /* QEMU -device isa-debugcon,iobase=0xe9: reads back 0xe9 */
        if (ioperm(DEBUGCON_PORT, 1, 1) < 0)
            fatal("ioperm %#x: %s", DEBUGCON_PORT, strerror(errno));
        if (inb(DEBUGCON_PORT) != DEBUGCON_PORT)
            fatal("sp.out=debugcon: no debug console at port %#x", DEBUGCON_PORT);
        out_kind = OUT_DEBUGCON;
        return;
#else
        fatal("sp.out=debugcon: no I/O ports on this architecture");
#endif
    }
    out_fd = open_tty(name);
    out_kind = OUT_TTY;
}

/* ---- the child side of a command ---------------------------------- */

static void child_fail(int errfd, const char *what, const char *arg)
    __attribute__((noreturn));

static void child_fail(int errfd, const char *what, const char *arg)
{
    char buf[512];
    int n;

    n = snprintf(buf, sizeof buf, "%s%s%s: %s", what, arg ? " " : "",
                 arg ? arg : "", strerror(errno));
    if (n > 0) {
        if ((size_t)n >= sizeof buf)
            n = sizeof buf - 1;
        write_all(errfd, buf, (size_t)n);
    }
    _exit(127);
}

/* mkdir -p, new directories owned by uid:gid */
static int make_dirs(const char *path, uid_t uid, gid_t gid)
{
    char buf[PATH_MAX];
    size_t i, len = strlen(path);

    if (len >= sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, path, len + 1);
    for (i = 1; i <= len; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        if (buf[i - 1] == '/')
            continue;
        buf[i] = '\0';
        if (mkdir(buf, 0755) == 0) {
            if (chown(buf, uid, gid) < 0)
                return -1;
        } else if (errno != EEXIST) {
            return -1;
        }
        buf[i] = path[i];
    }
    return 0;
}

/* Undoes what init set up for itself: handlers, blocked signals, the port. */
static void reset_inherited(int errfd)
{
    sigset_t all;
    struct sigaction sa;
    int sig;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    for (sig = 1; sig < NSIG; sig++)
        sigaction(sig, &sa, NULL);      /* fails harmlessly for KILL/STOP */
    if (sigemptyset(&all) < 0 || sigprocmask(SIG_SETMASK, &all, NULL) < 0)
        child_fail(errfd, "sigprocmask", NULL);
    /* The results port is init's alone. */
#ifdef HAVE_DEBUGCON
    if (out_kind == OUT_DEBUGCON && ioperm(DEBUGCON_PORT, 1, 0) < 0)
        child_fail(errfd, "ioperm", NULL);
#endif
}

/* A new session whose controlling terminal, stdout and stderr are slave,
   owned by uid; stdin is /dev/null. */
static void take_terminal(int slave, uid_t uid, int errfd)
{
    int fd;

    if (setsid() < 0)
        child_fail(errfd, "setsid", NULL);
    if (ioctl(slave, TIOCSCTTY, 0) < 0)
        child_fail(errfd, "TIOCSCTTY", NULL);
    fd = open("/dev/null", O_RDONLY);
    if (fd < 0)
        child_fail(errfd, "open", "/dev/null");
    if (dup2(fd, 0) < 0 || dup2(slave, 1) < 0 || dup2(slave, 2) < 0)
        child_fail(errfd, "dup2", NULL);
    if (fd > 2 && close(fd) < 0)
        child_fail(errfd, "close", NULL);
    if (fchown(1, uid, (gid_t)uid) < 0 || fchmod(1, 0620) < 0)
        child_fail(errfd, "chown terminal", NULL);
    if (slave > 2 && close(slave) < 0)
        child_fail(errfd, "close", NULL);
}

/* The command's user (group: the same number) in its directory. */
static void become_user(const struct command *c, int errfd)
{
    uid_t uid = c->uid;
    gid_t gid = c->uid;

    if (make_dirs(c->cwd, uid, gid) < 0)
        child_fail(errfd, "mkdir", c->cwd);
    if (setgroups(1, &gid) < 0)
        child_fail(errfd, "setgroups", NULL);
    if (setgid(gid) < 0)
        child_fail(errfd, "setgid", NULL);
    if (setuid(uid) < 0)
        child_fail(errfd, "setuid", NULL);
    if (chdir(c->cwd) < 0)
        child_fail(errfd, "chdir", c->cwd);
    umask(022);
}

/* The fixed environment of every command (env: 11 entries at least). */
static void fill_env(const struct command *c, char **env)
{
    static char pwd[PATH_MAX + 8];

    snprintf(pwd, sizeof pwd, "PWD=%s", c->cwd);
    env[0] = "PATH=/usr/local/bin:/usr/bin:/bin";
    env[1] = c->uid == 0 ? "HOME=/root" : "HOME=/home/user";
    env[2] = c->uid == 0 ? "USER=root" : "USER=user";
    env[3] = c->uid == 0 ? "LOGNAME=root" : "LOGNAME=user";
    env[4] = "SHELL=/bin/sh";
    env[5] = "TERM=dumb";
    env[6] = "TZ=UTC";
    env[7] = "LANG=C";
    env[8] = "LC_ALL=C";
    env[9] = pwd;
    env[10] = NULL;
}

static void exec_command(const struct command *c, int errfd)
    __attribute__((noreturn));

static void exec_command(const struct command *c, int errfd)
{
    char *env[11];              /* fill_env(): ten and the NULL */
    char *argv[4];
    char *words[256];

    fill_env(c, env);
    if (simple_words(c->text, words, sizeof words / sizeof words[0]) > 0) {
        environ = env;          /* execvp() searches this PATH */
        execvp(words[0], words);
        child_fail(errfd, "exec", words[0]);
    }
    argv[0] = "sh";
    argv[1] = "-c";
    argv[2] = c->text;
    argv[3] = NULL;
    execve("/bin/sh", argv, env);
    child_fail(errfd, "exec", "/bin/sh");
}

static void child_run(const struct command *c, int slave, int errfd)
    __attribute__((noreturn));

static void child_run(const struct command *c, int slave, int errfd)
{
    reset_inherited(errfd);
    take_terminal(slave, c->uid, errfd);
    become_user(c, errfd);
    exec_command(c, errfd);
}

/* ---- the parent side ---------------------------------------------- */

/* Sends one output line, or counts it once the command has sent enough. */
static int keep_line(struct linebuf *lb, const char *p, size_t len)
{
    if (lb->cut_lines == 0 && lb->kept_lines < KEEP_LINES
        && lb->kept_bytes + len + 1 <= KEEP_BYTES) {
        out_record("| ", p, len);
        lb->kept_lines++;
        lb->kept_bytes += len + 1;
        return 1;
    }
    lb->cut_lines++;
    lb->cut_bytes += len + 1;
    return 0;
}

static void flush_lines(struct linebuf *lb, int final)
{
    char *p = lb->buf, *end = lb->buf + lb->len, *nl;
    size_t rest;

    while (p < end) {
        nl = memchr(p, '\n', (size_t)(end - p));
        if (nl == NULL)
            break;
        keep_line(lb, p, (size_t)(nl - p));
        p = nl + 1;
    }
    rest = (size_t)(end - p);
    if (rest > 0 && (final || rest >= LINE_MAX_OUT)) {
        if (keep_line(lb, p, rest) && final)
            out_record("SP-NOEOL", "", 0);
        p = end;
        rest = 0;
    }
    if (p != lb->buf && rest > 0)
        memmove(lb->buf, p, rest);
    lb->len = rest;
}

/* Appends output, dropping CRs. */
static void add_output(struct linebuf *lb, const char *data, size_t n)
{
    size_t i;

    if (lb->len + n > lb->cap) {
        size_t cap = lb->cap ? lb->cap : 8192;
        char *nb;

        while (cap < lb->len + n)
            cap *= 2;
        nb = realloc(lb->buf, cap);
        if (nb == NULL)
            fatal("out of memory");
        lb->buf = nb;
        lb->cap = cap;
    }
    for (i = 0; i < n; i++)
        if (data[i] != '\r')
            lb->buf[lb->len++] = data[i];
    flush_lines(lb, 0);
}

static void kill_all(void)
{
    /* As PID 1, kill(-1) reaches every process but this one. */
    if (kill(-1, SIGKILL) < 0 && errno != ESRCH)
        console_printf("guest-init: kill -1: %s\n", strerror(errno));
}

/* Takes one SIGCHLD off the signalfd, so that the next poll() waits. */
static void consume_signal(int sigfd)
{
    struct signalfd_siginfo si;
    ssize_t n;

    n = read(sigfd, &si, sizeof si);
    if (n < 0 && errno != EAGAIN && errno != EINTR)
        fatal("read signalfd: %s", strerror(errno));
}

/*
 * Waits (at most ms) until init has no child left, reaping them: the next
 * command starts alone.
 */
static void reap_all(int sigfd, long long ms)
{
    struct pollfd pfd;
    long long deadline = now_ms() + ms, left;
    pid_t w;
    int st;

    for (;;) {
        w = waitpid(-1, &st, WNOHANG);
        if (w > 0)
            continue;
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return;     /* ECHILD: none left */
        left = deadline - now_ms();
        if (left <= 0) {
            console_printf("guest-init: processes did not go away\n");
            return;
        }
        pfd.fd = sigfd;
        pfd.events = POLLIN;
        if (poll(&pfd, 1, (int)left) < 0 && errno != EINTR)
            fatal("poll: %s", strerror(errno));
        consume_signal(sigfd);
    }
}

/* A command while it runs: what init watches, and what it has seen. */
struct running {
    const struct command *c;
    struct linebuf *lb;
    pid_t pid;
    int master, sigfd;
    int child_done, master_done, timed_out, killed;
    int status;                         /* wait status, once child_done */
    long long deadline, grace, drain;   /* now_ms() times; -1: none */
};

/* No echo, and the size of a common terminal. */
static void set_terminal_modes(int slave)
{
    struct termios t;
    struct winsize ws;

    if (tcgetattr(slave, &t) == 0) {
        t.c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK | ECHONL);
        if (tcsetattr(slave, TCSANOW, &t) < 0)
            console_printf("guest-init: tcsetattr: %s\n", strerror(errno));
    } else {
        console_printf("guest-init: tcgetattr: %s\n", strerror(errno));
    }
    memset(&ws, 0, sizeof ws);
    ws.ws_row = 24;
    ws.ws_col = 80;
    if (ioctl(slave, TIOCSWINSZ, &ws) < 0)
        console_printf("guest-init: TIOCSWINSZ: %s\n", strerror(errno));
}

/* A new pseudo-terminal for the command; -1 once its SP-END is written. */
static int open_pty(const struct command *c, int *masterp, int *slavep)
{
    char name[128];
    int master, slave;

    master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) {
        out_printf("SP-END %s error posix_openpt: %s", c->id, strerror(errno));
        return -1;
    }
    /* ptsname_r() returns its error (musl does not set errno). */
    if (grantpt(master) < 0 || unlockpt(master) < 0
        || (errno = ptsname_r(master, name, sizeof name)) != 0) {
        out_printf("SP-END %s error pty: %s", c->id, strerror(errno));
        close_or_warn(master);
        return -1;
    }
    slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (slave < 0) {
        out_printf("SP-END %s error open %s: %s", c->id, name, strerror(errno));
        close_or_warn(master);
        return -1;
    }
    set_terminal_modes(slave);
    *masterp = master;
    *slavep = slave;
    return 0;
}

/*
 * Forks the command onto the slave side of the terminal (closed here);
 * returns its pid, or -1 once its SP-END is written.  The child reports a
 * failure before its exec on errpipe[1]; errpipe[0] is left open for that.
 */
static pid_t start_command(const struct command *c, int master, int slave,
                           int errpipe[2])
{
    pid_t pid;

    if (pipe2(errpipe, O_CLOEXEC) < 0) {
        out_printf("SP-END %s error pipe: %s", c->id, strerror(errno));
        close_or_warn(slave);
        close_or_warn(master);
        return -1;
    }
    /* The records so far leave before the command runs: a command that
       takes the machine down (a panic, a power-off) must not take them
       along, or its end would be blamed on the command before. */
    out_flush();
    pid = fork();
    if (pid < 0) {
        out_printf("SP-END %s error fork: %s", c->id, strerror(errno));
        close_or_warn(slave);
        close_or_warn(master);
        close_or_warn(errpipe[0]);
        close_or_warn(errpipe[1]);
        return -1;
    }
    if (pid == 0)
        child_run(c, slave, errpipe[1]);
    close_or_warn(slave);
    close_or_warn(errpipe[1]);
    return pid;
}

/*
 * What the child wrote on fd: something only if it failed before its exec
 * (fd is closed on exec).  Into buf, NUL-terminated; closes fd; the length.
 */
static size_t read_exec_error(int fd, char *buf, size_t size)
{
    size_t len = 0;
    ssize_t n;

    for (;;) {
        n = read(fd, buf + len, size - 1 - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        len += (size_t)n;
        if (len >= size - 1)
            break;
    }
    buf[len] = '\0';
    close_or_warn(fd);
    return len;
}

/* SIGKILL to all at the command's timeout, or when the grace after its
   exit is over: the shell is gone but something still holds the terminal. */
static void kill_when_due(struct running *r, long long now)
{
    int timeout = r->deadline >= 0 && now >= r->deadline;
    int grace_over = r->grace >= 0 && now >= r->grace;

    if (r->killed || !(timeout || grace_over))
        return;
    if (timeout) {
        r->timed_out = 1;
        if (kill(-r->pid, SIGKILL) < 0 && errno != ESRCH)
            console_printf("guest-init: kill: %s\n", strerror(errno));
    }
    r->killed = 1;
    kill_all();
    r->drain = now + DRAIN_MS;
}

/* The next time at which kill_when_due() or the drain has work; -1: none. */
static long long next_limit(const struct running *r)
{
    long long limit = -1;

    if (!r->killed && r->deadline >= 0)
        limit = r->deadline;
    if (!r->killed && r->grace >= 0 && (limit < 0 || r->grace < limit))
        limit = r->grace;
    if (r->drain >= 0)
        limit = r->drain;
    return limit;
}

/*
 * Sends the records so far, then waits for a signal, output or the next
 * limit.  Returns how many of pfd it polled (1: the signalfd; 2: and the
 * terminal), or 0 when interrupted.
 */
static int wait_for_events(const struct running *r, long long now,
                           struct pollfd *pfd)
{
    long long limit = next_limit(r), wait_ms;
    int npfd = 0;

    pfd[npfd].fd = r->sigfd;
    pfd[npfd].events = POLLIN;
    npfd++;
    if (!r->master_done) {
        pfd[npfd].fd = r->master;
        pfd[npfd].events = POLLIN;
        npfd++;
    }
    out_flush();
    wait_ms = limit < 0 ? -1 : limit - now + 1;
    if (wait_ms < 0 || wait_ms > 60000)
        wait_ms = 60000;
    if (poll(pfd, (nfds_t)npfd, (int)wait_ms) < 0) {
        if (errno == EINTR)
            return 0;
        fatal("poll: %s", strerror(errno));
    }
    return npfd;
}

static void read_terminal(struct running *r)
{
    char buf[8192];
    ssize_t n;

    n = read(r->master, buf, sizeof buf);
    if (n > 0) {
        add_output(r->lb, buf, (size_t)n);
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        /* EIO: every holder of the slave side has closed it */
        r->master_done = 1;
    }
}

/* Reaps everything (orphans are ours too); the command's own exit starts
   the grace for whatever still holds its terminal. */
static void reap_children(struct running *r)
{
    pid_t w;
    int wst;

    for (;;) {
        w = waitpid(-1, &wst, WNOHANG);
        if (w <= 0)
            break;
        if (w == r->pid) {
            r->child_done = 1;
            r->status = wst;
            if (!r->master_done && !r->killed)
                r->grace = now_ms() + GRACE_MS;
        }
    }
}

/* Until the command has exited and its terminal is closed, or the drain
   after a kill is over. */
static void watch_command(struct running *r)
{
    struct pollfd pfd[2];
    long long now;
    int npfd;

    while (!(r->child_done && r->master_done)) {
        now = now_ms();
        kill_when_due(r, now);
        if (r->drain >= 0 && now >= r->drain) {
            console_printf("guest-init: %s: processes did not go away\n",
                           r->c->id);
            break;
        }
        npfd = wait_for_events(r, now, pfd);
        if (npfd == 0)
            continue;
        if (npfd > 1 && pfd[1].revents != 0)
            read_terminal(r);
        if (pfd[0].revents & POLLIN)
            consume_signal(r->sigfd);
        reap_children(r);
    }
}

/* Sends the output still buffered, the last line too, and SP-CUT. */
static void finish_output(struct running *r)
{
    char buf[8192];
    ssize_t n;
    int fl;

    if (!r->master_done) {
        /* drain what is buffered without blocking */
        fl = fcntl(r->master, F_GETFL);
        if (fl >= 0 && fcntl(r->master, F_SETFL, fl | O_NONBLOCK) == 0) {
            while ((n = read(r->master, buf, sizeof buf)) > 0)
                add_output(r->lb, buf, (size_t)n);
        }
    }
    close_or_warn(r->master);
    flush_lines(r->lb, 1);
    if (r->lb->cut_lines > 0)
        out_printf("SP-CUT %s %zu %zu", r->c->id, r->lb->cut_lines,
                   r->lb->cut_bytes);
}

static void report_end(const struct running *r, const char *err, size_t errlen)
{
    const char *id = r->c->id;

    if (errlen > 0)
        out_printf("SP-END %s error %s", id, err);
    else if (r->timed_out)
        out_printf("SP-END %s timeout", id);
    else if (!r->child_done)
        out_printf("SP-END %s error lost track of the command", id);
    else if (WIFEXITED(r->status))
        out_printf("SP-END %s exit %d", id, WEXITSTATUS(r->status));
    else if (WIFSIGNALED(r->status))
        out_printf("SP-END %s signal %d", id, WTERMSIG(r->status));
    else
        out_printf("SP-END %s error wait status %#x", id, r->status);
}

static void run_command(const struct command *c, int sigfd)
{
    static struct linebuf lb;
    struct running r;
    char errbuf[512];
    size_t errlen;
    int slave, errpipe[2];

    lb.len = 0;
    lb.kept_lines = lb.kept_bytes = lb.cut_lines = lb.cut_bytes = 0;
    out_printf("SP-BEGIN %s", c->id);
    memset(&r, 0, sizeof r);
    r.c = c;
    r.lb = &lb;
    r.sigfd = sigfd;
    r.grace = r.drain = -1;
    if (open_pty(c, &r.master, &slave) < 0)
        return;
    r.pid = start_command(c, r.master, slave, errpipe);
    if (r.pid < 0)
        return;
    errlen = read_exec_error(errpipe[0], errbuf, sizeof errbuf);
    r.deadline = c->timeout > 0 ? now_ms() + (long long)c->timeout * 1000 : -1;
    watch_command(&r);
    finish_output(&r);
    kill_all();
    reap_all(sigfd, DRAIN_MS);
    report_end(&r, errbuf, errlen);
}

int main(void)
{
    struct utsname u;
    struct command *cmds;
    sigset_t set;
    size_t ncmds, i;
    long long t0;
    char *script;
    int sigfd;

    if (getpid() != 1) {
        /* Never power off or remount anything on a host. */
        console_printf("guest-init: not PID 1: this is a guest's init\n");
        return 1;
    }
    setup_system();
    open_results();
    check_timer();
    if (uname(&u) < 0)
        fatal("uname: %s", strerror(errno));
    out_printf("SP-READY %s", u.release);
    out_flush();

    if (sigemptyset(&set) < 0 || sigaddset(&set, SIGCHLD) < 0
        || sigprocmask(SIG_BLOCK, &set, NULL) < 0)
        fatal("sigprocmask: %s", strerror(errno));
    sigfd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (sigfd < 0)
        fatal("signalfd: %s", strerror(errno));

    script = read_file(SCRIPT_PATH, NULL);
    if (script == NULL)
        fatal("read %s: %s", SCRIPT_PATH, strerror(errno));
    ncmds = parse_script(script, &cmds);
    for (i = 0; i < ncmds; i++) {
        t0 = now_ms();
        run_command(&cmds[i], sigfd);
        out_printf("SP-TIME %s %lld", cmds[i].id, now_ms() - t0);
    }
    out_printf("SP-DONE");
    power_off();
}
