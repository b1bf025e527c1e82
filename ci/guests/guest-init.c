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
 *     lanes N                  (optional, anywhere: see below)
 *     cmd ID UID TIMEOUT CWD
 *     command text, run with /bin/sh -c (or, when it is a simple command
 *     with no shell syntax, executed directly: see simple_words())
 * ID has no white space, UID is 0 or 1000, TIMEOUT is whole seconds (0: no
 * limit of its own), CWD is an absolute directory (created, owned by UID, if
 * missing).  The commands run in the script's order, one at a time, except
 * in a section that "lanes N" (N from 2 to 16) begins and the next "lanes"
 * line ends: there each unit, the consecutive commands with one CWD (one
 * page's sessions), runs in order in a process of its own (a lane), up to
 * N units at once; a command's records are sent whole when it ends, in the
 * order the commands end, and its SP-BEGIN alone as soon as it begins
 * (init-lanes.c).
 *
 * Results, one record per line:
 *     SP-READY <kernel release>
 *     SP-WAIT                  (sp.in=: waiting for the run's files)
 *     SP-BEGIN <ID>
 *     | <output line>          (CR removed)
 *     SP-NOEOL                 (after a last output line without newline)
 *     SP-CUT <ID> <lines> <bytes>  (output not sent: see KEEP_LINES)
 *     SP-END <ID> exit <N> | signal <N> | timeout | error <text>
 *     SP-TIME <ID> <ms>        (how long the command took, reaping included)
 *     SP-DONE
 *     SP-FATAL <text>          (setup failure; the guest then powers off;
 *                              in a lane, the lane ends and its unit's
 *                              commands not ended get SP-END ... error)
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
 * The kernel argument sp.in=fw_cfg (x86) or sp.in=TTY (a virtio
 * console), when the initramfs has no /sp/script: after SP-READY, the
 * record SP-WAIT, and the run's files come later (receive_files(): how a
 * guest restored from a snapshot gets them; ci/guests/guest-boot).
 *
 * Each command runs in its own session on a new pseudo-terminal (stdout and
 * stderr; stdin is /dev/null; no echo), with a fixed environment, as uid 0
 * or 1000:1000.  On its timeout its process group and then every process
 * but init get SIGKILL (in a lane: every process descended from the lane,
 * which is their subreaper).  After the command exits, anything still
 * holding the terminal gets 1 s, then SIGKILL; no process outlives its
 * command.
 *
 * The code: this file, the set-up, the results channel and main;
 * init-run.c, running one command; init-lanes.c, running units side by
 * side; init-script.c, reading the script, and init-cpio.c, unpacking the
 * files of a restored guest (both tested on the host); init-fwcfg.c,
 * reading them from QEMU; init.h, init-script.h and init-cpio.h between
 * them.
 */
#define _GNU_SOURCE
#include "init.h"

enum out_kind out_kind = OUT_NONE;          /* results channel */
static int out_fd = -1;                     /* for OUT_CONSOLE, OUT_TTY */
static int out_ack = -1;                    /* in a lane: init's acknowledgements */
static char out_buf[64 * 1024];
static size_t out_len;

static void power_off(void) __attribute__((noreturn));

void write_all(int fd, const char *buf, size_t len)
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


void console_printf(const char *fmt, ...)
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
void out_flush(void)
{
    out_send(out_buf, out_len);
    out_len = 0;
}

void out_put(const char *data, size_t len)
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

/* From now on the records go to fd (a lane's pipe to init), and init
   acknowledges an SP-SYNC on ack (init-lanes.c). */
void out_to_fd(int fd, int ack)
{
    out_len = 0;
    out_fd = fd;
    out_ack = ack;
    out_kind = OUT_TTY;
}

/* out_flush(), and in a lane, waits until init has passed the records on:
   what a command that takes the machine down must not take along. */
void out_flush_passed(void)
{
    char b;
    ssize_t n;

    if (out_ack < 0) {
        out_flush();
        return;
    }
    out_put("SP-SYNC\n", 8);
    out_flush();
    do
        n = read(out_ack, &b, 1);
    while (n < 0 && errno == EINTR);
}

/* One record: prefix, data, newline. */
void out_record(const char *prefix, const char *data, size_t len)
{
    out_put(prefix, strlen(prefix));
    out_put(data, len);
    out_put("\n", 1);
}

void out_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void out_printf(const char *fmt, ...)
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
    if (getpid() != 1)
        _exit(1);       /* a lane (init-lanes.c): init says what it left */
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

long long now_ms(void)
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
void close_or_warn(int fd)
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

/* A channel on tty /dev/NAME, raw, 115200 baud, blocking. */
static int open_tty(const char *name)
{
    char path[80];
    struct termios t;
    int fd, flags;

    if (strchr(name, '/') != NULL)
        fatal("%s: not a device name", name);
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

/*
 * sp.in=: with no script in the initramfs, the run's files (a newc cpio:
 * the script, the programs) come later.  ci/guests/guest-boot saves the
 * guest while its init waits for them (a snapshot), and a QEMU started
 * from that snapshot brings them; then init unpacks them in /, as the
 * kernel would have, and goes on.  How they come (ci/arch/: snapshot):
 *   sp.in=fw_cfg  QEMU's fw_cfg file opt/sp/overlay (x86), looked for
 *                 every 10 ms: the QEMU that boots the guest has none.
 *   sp.in=TTY     a virtio console, /dev/TTY: a line "SP-FILES N", then
 *                 N bytes; the QEMU that boots the guest sends nothing.
 */
static char *files_from_fwcfg(size_t *lenp)
{
    struct timespec ts = { 0, 10 * 1000 * 1000 };
    char *buf;

    if (fwcfg_open() < 0)
        fatal("sp.in=fw_cfg: no QEMU fw_cfg device: %s", strerror(errno));
    out_printf("SP-WAIT");
    out_flush();
    while ((buf = fwcfg_file("opt/sp/overlay", lenp)) == NULL)
        nanosleep(&ts, NULL);
    fwcfg_close();
    return buf;
}

static int open_tty(const char *name);

/* Reads LEN bytes from FD into BUF, or dies naming WHAT. */
static void read_exactly(int fd, char *buf, size_t len, const char *what)
{
    ssize_t n;

    while (len > 0) {
        n = read(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fatal("sp.in=%s: %s", what, n < 0 ? strerror(errno) : "end of file");
        buf += n;
        len -= (size_t)n;
    }
}

static char *files_from_tty(const char *name, size_t *lenp)
{
    char line[64], *buf, *end;
    unsigned long long n;
    size_t i = 0;
    int fd;

    fd = open_tty(name);
    out_printf("SP-WAIT");
    out_flush();
    for (;;) {
        read_exactly(fd, &line[i], 1, name);
        if (line[i] == '\n')
            break;
        if (++i == sizeof line - 1)
            fatal("sp.in=%s: no \"SP-FILES N\" line", name);
    }
    line[i] = '\0';
    errno = 0;
    n = strncmp(line, "SP-FILES ", 9) == 0 ? strtoull(line + 9, &end, 10) : 0;
    if (strncmp(line, "SP-FILES ", 9) != 0 || errno != 0 || *end != '\0'
        || n == 0 || n > SCRIPT_MAX * 16ULL)
        fatal("sp.in=%s: expected \"SP-FILES N\", not \"%s\"", name, line);
    buf = malloc((size_t)n);
    if (buf == NULL)
        fatal("sp.in=%s: %llu bytes: out of memory", name, n);
    read_exactly(fd, buf, (size_t)n, name);
    close_or_warn(fd);
    *lenp = (size_t)n;
    return buf;
}

static void receive_files(const char *how)
{
    char err[512];
    size_t len = 0;
    char *buf;

    if (strcmp(how, "fw_cfg") == 0)
        buf = files_from_fwcfg(&len);
    else
        buf = files_from_tty(how, &len);
    if (chdir("/") < 0)
        fatal("chdir /: %s", strerror(errno));
    if (unpack_cpio(buf, len, err, sizeof err) < 0)
        fatal("sp.in=%s: %s", how, err);
    free(buf);
    fix_owners();
}

int main(void)
{
    char how[64];
    struct utsname u;
    struct command *cmds;
    sigset_t set;
    size_t ncmds, i, n;
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

    if (access(SCRIPT_PATH, F_OK) < 0 && cmdline_arg("sp.in", how, sizeof how))
        receive_files(how);
    script = read_file(SCRIPT_PATH, NULL);
    if (script == NULL)
        fatal("read %s: %s", SCRIPT_PATH, strerror(errno));
    ncmds = parse_script(script, &cmds);
    for (i = 0; i < ncmds; i += n) {
        n = 1;
        if (cmds[i].lanes > 1) {
            while (i + n < ncmds && cmds[i + n].lanes == cmds[i].lanes)
                n++;
            run_section(&cmds[i], n, cmds[i].lanes, sigfd);
        } else {
            run_timed(&cmds[i], sigfd);
        }
    }
    out_printf("SP-DONE");
    power_off();
}
