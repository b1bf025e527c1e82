/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init-run.c - guest-init running one command of its script: the child
 * side (user, terminal, environment, exec) and the parent side (output
 * kept or cut, time limit, reaping); see ci/guests/guest-init.c.
 */
#define _GNU_SOURCE
#include "init.h"

struct linebuf {
    char *buf;
    size_t len;
    size_t cap;
    size_t kept_lines, kept_bytes;  /* sent */
    size_t cut_lines, cut_bytes;    /* beyond KEEP_LINES or KEEP_BYTES */
};

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

/* The processes below this one (a lane, their subreaper), in pids; how
   many (at most max).  Orphans have come to it, so its descendants are
   those whose chain of parents reaches it. */
static size_t descendants(pid_t *pids, size_t max)
{
    static pid_t pid[4096], ppid[4096];
    static char mine[4096];
    char path[48], buf[512], *p;
    struct dirent *e;
    size_t n = 0, i, k = 0;
    ssize_t len;
    DIR *d;
    int fd, more;

    d = opendir("/proc");
    if (d == NULL)
        return 0;
    while ((e = readdir(d)) != NULL && n < sizeof pid / sizeof pid[0]) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9'
            || strlen(e->d_name) > 20)
            continue;
        snprintf(path, sizeof path, "/proc/%.20s/stat", e->d_name);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        len = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (len <= 0)
            continue;
        buf[len] = '\0';
        p = strrchr(buf, ')');          /* after "PID (COMM)": state, ppid */
        if (p == NULL || sscanf(p + 1, " %*c %d", &ppid[n]) != 1)
            continue;
        pid[n] = (pid_t)atoi(e->d_name);
        mine[n] = ppid[n] == getpid();
        n++;
    }
    closedir(d);
    do {
        more = 0;
        for (i = 0; i < n; i++) {
            if (mine[i])
                continue;
            for (k = 0; k < n; k++) {
                if (mine[k] && pid[k] == ppid[i]) {
                    mine[i] = more = 1;
                    break;
                }
            }
        }
    } while (more);
    for (i = 0, k = 0; i < n && k < max; i++)
        if (mine[i])
            pids[k++] = pid[i];
    return k;
}

static void kill_all(void)
{
    pid_t pids[4096];
    siginfo_t si;
    size_t n, i;

    /* As PID 1, kill(-1) reaches every process but this one. */
    if (getpid() == 1) {
        if (kill(-1, SIGKILL) < 0 && errno != ESRCH)
            console_printf("guest-init: kill -1: %s\n", strerror(errno));
        return;
    }
    /* In a lane, everything below it: other lanes run beside.  Orphans
       come to the lane, so with no child left there is nothing below it
       (asked without reaping: the caller reaps), and /proc is not read. */
    memset(&si, 0, sizeof si);
    if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) < 0
        && errno == ECHILD)
        return;
    n = descendants(pids, sizeof pids / sizeof pids[0]);
    for (i = 0; i < n; i++)
        if (kill(pids[i], SIGKILL) < 0 && errno != ESRCH)
            console_printf("guest-init: kill %d: %s\n", (int)pids[i],
                           strerror(errno));
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
 * Waits (at most ms) until init (or the lane) has no child left, reaping
 * them and killing again what came meanwhile (a child forked as the rest
 * died): the next command starts alone.
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
        kill_all();
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
       along, or its end would be blamed on the command before.  (In a
       lane, init must have passed them on: out_flush_passed().) */
    out_flush_passed();
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

/* run_command(), then how long it took: SP-TIME. */
void run_timed(const struct command *c, int sigfd)
{
    long long t0 = now_ms();

    run_command(c, sigfd);
    out_printf("SP-TIME %s %lld", c->id, now_ms() - t0);
}
