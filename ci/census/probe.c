/*
 * probe.c - census-probe: which system calls one call of a C library
 * function makes, measured inside a guest.
 *
 * For each function the probe forks a child.  The child prepares what the
 * function needs (files, descriptors, a directory stream), then installs a
 * seccomp filter that answers every system call with SECCOMP_RET_USER_NOTIF,
 * except one: the sendmsg(2) on descriptor CHANNEL_FD by which it hands the
 * filter's listener to the parent.  It then makes a start marker, calls the
 * function once, and makes an end marker (markers: census.h).  The parent
 * receives every notification, lets the call go on unchanged
 * (SECCOMP_USER_NOTIF_FLAG_CONTINUE, Linux 5.5) and records the system calls
 * the child made between the markers.  Threads and processes the function
 * creates inherit the filter; the parent records theirs separately, until
 * they reach the probe's code (a marker) or run another program (an execve
 * that works; after one that fails, the C library goes on in the child).
 *
 * Two functions are measured in a new program instead: getrandom(2) and
 * arc4random(3) set up per-process state on their first call, which a
 * forked child inherits, so census-start (start.c) calls them between the
 * markers.  The record "startup" is what census-start itself makes
 * between execve(2) and main.  The record "startup+libpthread" is what
 * census-start-pthread, the same program linked with -pthread (before
 * glibc 2.34 it needs libpthread.so.0), makes.
 *
 * A second pass runs each function whose C library may fall back on ENOSYS
 * under a plain filter that answers the newer system call with ENOSYS, then
 * with EPERM, and reports what the caller got.
 *
 * Last, the second witness: census-trace (trace.c), beside the probe, runs
 * the probe again with --witness under ptrace(2).  That run makes every
 * measurement of the first pass again, with the same set-up and markers
 * but under no filter; the tracer writes what it saw as W records, the
 * children write WO where the first pass writes O, and the run's header is
 * WH.  ci/census/table fails when a W record differs from its F record.
 *
 * Output, one record per line:
 *     H census=1 abi=ABI libc=LIBC libc_version=V kernel=RELEASE
 *       clocksource=NAME vdso=yes|no
 *     F FUNCTION [SYSCALL...]        made by the caller, in order of first
 *                                    use, each once
 *     F FUNCTION/thread [SYSCALL...] made by the thread it created
 *     F FUNCTION/child [SYSCALL...]  made by the process it created, up to
 *                                    and including an execve that works
 *     F FUNCTION/other-thread [SYSCALL...] made meanwhile by the caller's
 *                                    other thread (FUNCTION+thread)
 *     F FUNCTION@CALL=ERRNO [SYSCALL...] made by the same call, measured
 *                                    again with CALL answered by ERRNO
 *                                    (each_forced(): a row's "deny" with
 *                                    ENOSYS, forces[] of rows.c); its
 *                                    created tasks' rows follow it
 *     F FUNCTION@first [SYSCALL...] made by the same call as the first of
 *                                    its kind in a program: this probe,
 *                                    executed again with --first FUNCTION,
 *                                    calls it from main
 *                                    (printf: the base row too, after a
 *                                    first call, with --warm FUNCTION)
 *     R FUNCTION deny=SYSCALL filter=enosys|eperm
 *       result=works|fails|errno NAME|abort|signal N
 *     O FUNCTION errno NAME|fails    the call itself failed (an outcome,
 *                                    not an error of the probe)
 *     W ..., WO ..., WH ...          the same, seen by census-trace
 *     E FUNCTION message             the measurement failed
 *     T ms=N                         time the probe took
 * System call names are those of the caller's ABI (x86_64, i386, x32); a
 * call of another ABI is written ABI:NAME, an unknown number nrN.
 * Exit status: 0 if every measurement worked.
 *
 * The code: this file, the passes and main; notify.c, the notification
 * server; names.c, the names of system calls and errno values (engine.h
 * between them); functions/, the functions measured, one file per family,
 * and functions/rows.c, the one ordered list of rows (probe.h between the
 * engine and them).
 *
 * Run it only inside a guest: it installs seccomp filters on its children.
 */
#include "engine.h"

/* ---- output ----------------------------------------------------- */

int failures;
long force_nr = -1;
int force_errno;
static int witness;             /* run by census-trace: --witness */
int record_fd = 1;       /* where a child writes its records (a
                                   function may need descriptor 1) */

void out(const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vprintf(fmt, ap);
    va_end(ap);
    if (n < 0)
        exit(EXIT_FAILURE);
}

static void flush_out(void)
{
    if (fflush(stdout) == EOF)
        exit(EXIT_FAILURE);
}

/* For a child: one E record, written straight to descriptor 1 (the
 * parent flushed its buffer before forking). */
static void child_error(const char *name, const char *what, int e)
{
    char buf[512];
    int len;

    len = snprintf(buf, sizeof buf, "E %s %s: %s\n", name, what,
                   e > 0 ? strerror(e) : "failed");
    if (len > 0 && (size_t)len < sizeof buf
        && write(record_fd, buf, (size_t)len) < 0)
        _exit(EXIT_FAILURE);
}

/* ---- markers ---------------------------------------------------- */

/* A start marker also names its row, the suffix of the created tasks'
   row (or NULL), and whether the window begins with an execve that is
   not recorded: census-trace (trace.c) reads them; the notification pass
   knows them from its table. */
static void mark_start(const char *name, const char *suffix, int skip_exec)
{
    if (syscall(nr_getppid, CENSUS_MAGIC, (long)CENSUS_START, name, suffix,
                (long)skip_exec) < 0)
        _exit(EXIT_FAILURE);
}

void mark(int code)
{
    if (syscall(nr_getppid, CENSUS_MAGIC, (long)code) < 0)
        _exit(EXIT_FAILURE);
}

int is_mark(const struct seccomp_data *d, int code)
{
    return (long)d->nr == nr_getppid && d->arch == SELF_ARCH
           && (unsigned)d->args[0] == (unsigned)CENSUS_MAGIC
           && (unsigned)d->args[1] == (unsigned)code;
}

char helper[PATH_MAX];         /* census-start, beside the probe */
char helper_pthread[PATH_MAX]; /* census-start linked with -pthread */
char self_exe[PATH_MAX];       /* this probe */

/* A row's context, before its set-up: c->name is the row's name from
   then on (libs.c's set-up finds the function it names). */
static void ctx_init(struct ctx *c, const struct test *t)
{
    memset(c, 0, sizeof *c);
    c->name = t->name;
    c->fd = c->fd2 = c->ep = -1;
    c->pfd[0] = c->pfd[1] = -1;
    c->pid = -1;
}

/* For a traced child: an O record (WO under census-trace), when the call
   itself failed. */
static void child_outcome(const char *name, int e)
{
    char buf[256], en[32];
    int len;

    if (e > 0)
        errno_name(e, en, sizeof en);
    len = snprintf(buf, sizeof buf, "%s %s %s%s\n", witness ? "WO" : "O",
                   name, e > 0 ? "errno " : "fails", e > 0 ? en : "");
    if (len > 0 && (size_t)len < sizeof buf
        && write(record_fd, buf, (size_t)len) < 0)
        _exit(EXIT_FAILURE);
}

/* In a child: the call, between markers when traced, and the clean-up.
 * Traced, it reports a failed call in an O record and exits with 0 unless
 * the clean-up failed; otherwise it exits with 0 if all worked, else with
 * the errno value (255 if none). */
static void call_function(const struct test *t, struct ctx *c, int traced)
    __attribute__((noreturn));

static void call_function(const struct test *t, struct ctx *c, int traced)
{
    int e, f;

    c->name = t->name;
    if (traced && !(t->flags & T_FRESH))
        mark_start(t->name, t->created, (t->flags & T_EXEC) != 0);
    e = t->run(c);
    if (traced && !(t->flags & T_FRESH))
        mark(CENSUS_END);
    f = t->finish != NULL ? t->finish(c) : 0;
    if (traced) {
        if (e != 0)
            child_outcome(t->name, e);
        else if (f != 0)
            child_error(t->name, "afterwards", f);
        _exit(e == 0 && f != 0 ? EXIT_FAILURE : EXIT_SUCCESS);
    }
    if (e == 0)
        e = f;
    _exit(e == 0 ? 0 : e > 0 && e < 255 ? e : 255);
}

static void exec_again(const struct test *t) __attribute__((noreturn));

/* The child of census(): set up, install the filter, hand its listener to
   the parent over sv[1], then call the function (or execute the probe
   again for T_FIRST and T_WARM). */
static void census_child(const struct test *t, int sv[2])
    __attribute__((noreturn));

static void census_child(const struct test *t, int sv[2])
{
    struct ctx c;
    int listener, e;

    ctx_init(&c, t);
    if (dup2(sv[1], CHANNEL_FD) != CHANNEL_FD) {
        child_error(t->name, "dup2", errno);
        _exit(EXIT_FAILURE);
    }
    if (close(sv[0]) < 0 || close(sv[1]) < 0) {
        child_error(t->name, "close", errno);
        _exit(EXIT_FAILURE);
    }
    if (!(t->flags & (T_FIRST | T_WARM)) && t->setup != NULL
        && (e = t->setup(&c)) != 0) {
        child_error(t->name, "set-up", e);
        _exit(EXIT_FAILURE);
    }
    listener = install_notify((t->flags & T_TSYNC) != 0);
    if (listener < 0) {
        child_error(t->name, "seccomp", errno);
        _exit(EXIT_FAILURE);
    }
    if (send_fd(listener) < 0)
        _exit(EXIT_FAILURE);
    if (close(listener) < 0 || close(CHANNEL_FD) < 0)
        _exit(EXIT_FAILURE);
    if (t->flags & (T_FIRST | T_WARM))
        exec_again(t);
    call_function(t, &c, 1);
}

/* In the parent: the child's listener from sv[0], or -1 (the child then
   reaped); closes both ends. */
static int receive_listener(const struct test *t, pid_t pid, int sv[2])
{
    int listener, status;

    if (close(sv[1]) < 0) {
        out("E %s close: %s\n", t->name, strerror(errno));
        failures++;
    }
    listener = recv_fd(sv[0]);
    if (close(sv[0]) < 0) {
        out("E %s close: %s\n", t->name, strerror(errno));
        failures++;
    }
    if (listener < 0) {
        if (waitpid(pid, &status, 0) < 0)
            out("E %s waitpid: %s\n", t->name, strerror(errno));
        out("E %s no listener from the child\n", t->name);
        failures++;
    }
    return listener;
}

/* A forced row measured in a new program (census-start, T_FRESH): its
   exit status is the call's errno value (start.c), an outcome as O (or,
   under the witness, WO) records it.  1 when it was one. */
static int fresh_outcome(const struct test *t, int status)
{
    char en[32];

    if (force_nr < 0 || !(t->flags & T_FRESH) || status == -1
        || !WIFEXITED(status) || WEXITSTATUS(status) == 0)
        return 0;
    if (WEXITSTATUS(status) == 255) {
        out("%s %s fails\n", witness ? "WO" : "O", t->name);
    } else {
        errno_name(WEXITSTATUS(status), en, sizeof en);
        out("%s %s errno %s\n", witness ? "WO" : "O", t->name, en);
    }
    return 1;
}

/* A forced row whose function killed its own process: an outcome, as O
   (under the witness, WO) records it, not a failure of the census.
   glibc 2.39's arc4random aborts when getrandom answers ENOSYS
   (stdlib/arc4random.c, __arc4random_buf, compares the -1 of
   __getrandom_nocancel with -ENOSYS).  1 when it was one. */
static int killed_outcome(const struct test *t, int status)
{
    if (force_nr < 0 || status == -1 || !WIFSIGNALED(status))
        return 0;
    out("%s %s killed by signal %d\n", witness ? "WO" : "O", t->name,
        WTERMSIG(status));
    return 1;
}

/* A failure unless the child exited with 0. */
static void check_exit(const struct test *t, int status)
{
    if (fresh_outcome(t, status) || killed_outcome(t, status))
        return;
    if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return;
    if (status != -1 && WIFSIGNALED(status))
        out("E %s killed by signal %d\n", t->name, WTERMSIG(status));
    else if (status != -1)
        out("E %s exit status %d\n", t->name, WEXITSTATUS(status));
    failures++;
}

/* First pass: record one function. */
static void census(const struct test *t)
{
    static struct callset own, made;
    int sv[2], listener, status;
    pid_t pid;

    own.n = made.n = 0;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
        out("E %s socketpair: %s\n", t->name, strerror(errno));
        failures++;
        return;
    }
    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E %s fork: %s\n", t->name, strerror(errno));
        failures++;
        (void)close(sv[0]);     /* the run has failed already */
        (void)close(sv[1]);
        return;
    }
    if (pid == 0)
        census_child(t, sv);
    listener = receive_listener(t, pid, sv);
    if (listener < 0)
        return;
    status = serve(t, pid, listener, &own, &made);
    if (close(listener) < 0) {
        out("E %s close: %s\n", t->name, strerror(errno));
        failures++;
    }
    check_exit(t, status);
    print_set(t->name, NULL, &own);
    if (t->created != NULL)
        print_set(t->name, t->created, &made);
}

/* The rows row T is measured again as, each with one system call answered
   by an error: its "deny" with ENOSYS, then those forces[] (rows.c) names
   for it; FUNCTION@CALL=ERRNO, measured once.  EACH is called for each
   with force_nr and force_errno set; a call this ABI lacks is left out. */
static void each_forced(const struct test *t,
                        void (*each)(const struct test *))
{
    static char name[160];
    char en[32];
    const char *call;
    struct test ft;
    size_t i;
    long nr;
    int e;

    for (i = 0; i <= n_forces; i++) {
        if (i == 0) {
            if (t->deny == NULL)
                continue;
            call = t->deny;
            e = ENOSYS;
        } else {
            if (strcmp(forces[i - 1].name, t->name) != 0)
                continue;
            call = forces[i - 1].call;
            e = forces[i - 1].e;
        }
        nr = sc_number(call);
        if (nr < 0)
            continue;
        errno_name(e, en, sizeof en);
        if (snprintf(name, sizeof name, "%s@%s=%s", t->name, call, en)
            >= (int)sizeof name) {
            out("E %s name too long\n", t->name);
            failures++;
            continue;
        }
        ft = *t;
        ft.name = name;
        ft.flags |= T_ONCE;
        force_nr = nr;
        force_errno = e;
        each(&ft);
        force_nr = -1;
    }
}

/* The first call of a function in a program: the child that would call
   it executes this probe again (--first), which sets up and calls the
   function from main, with nothing of the C library used before but its
   start-up.  Recorded as FUNCTION@first. */
static void census_first(const struct test *t)
{
    static char name[128];
    struct test ft = *t;

    if (snprintf(name, sizeof name, "%s@first", t->name)
        >= (int)sizeof name) {
        out("E %s name too long\n", t->name);
        failures++;
        return;
    }
    ft.name = name;
    ft.created = NULL;
    ft.flags = (ft.flags & ~(unsigned)T_WARM) | T_FIRST;
    census(&ft);
}

/* The child of a T_FIRST or T_WARM measurement: this probe again. */
static void exec_again(const struct test *t)
{
    const char *mode = t->flags & T_FIRST ? "--first" : "--warm";
    char base[128];
    size_t len = strlen(t->name) - (t->flags & T_FIRST ? 6 : 0);

    snprintf(base, sizeof base, "%.*s", (int)len, t->name);
    if (witness)
        execl(self_exe, "census-probe", mode, base, "--witness", (char *)NULL);
    else
        execl(self_exe, "census-probe", mode, base, (char *)NULL);
    child_error(t->name, "execve", errno);
    _exit(EXIT_FAILURE);
}

/* In the new program: set up and call FUNCTION between the markers; WARM:
   call it once before, and record it under its own name. */
static int first_call(const char *name, int warm)
{
    static char fname[128];
    struct test ft;
    struct ctx c;
    size_t i;
    int e;

    for (i = 0; i < n_tests; i++)
        if (strcmp(tests[i].name, name) == 0)
            break;
    if (i == n_tests)
        return EXIT_FAILURE;
    ft = tests[i];
    if (!warm) {
        snprintf(fname, sizeof fname, "%s@first", name);
        ft.name = fname;
        ft.created = NULL;      /* as census_first() */
    }
    ctx_init(&c, &ft);
    if (ft.setup != NULL && (e = ft.setup(&c)) != 0) {
        child_error(ft.name, "set-up", e);
        return EXIT_FAILURE;
    }
    if (warm && (e = ft.run(&c)) != 0) {
        child_error(ft.name, "the call before", e);
        return EXIT_FAILURE;
    }
    call_function(&ft, &c, 1);
}

/* Second pass: the function under a filter that answers its newer system
 * call with E. */
static void fallback(const struct test *t, long nr, int e)
{
    struct ctx c;
    char buf[32];
    int status, f;
    pid_t pid;

    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E %s fork: %s\n", t->name, strerror(errno));
        failures++;
        return;
    }
    if (pid == 0) {
        ctx_init(&c, t);
        /* What the C library says when it gives up is not a record. */
        if (setenv("LIBC_FATAL_STDERR_", "1", 1) < 0)
            _exit(254);
        f = open("/dev/null", O_WRONLY);
        if (f < 0 || dup2(f, 2) != 2 || close(f) < 0)
            _exit(254);
        if (t->setup != NULL && (f = t->setup(&c)) != 0) {
            child_error(t->name, "set-up", f);
            _exit(254);
        }
        if (install_deny(nr, e) < 0) {
            child_error(t->name, "seccomp", errno);
            _exit(254);
        }
        call_function(t, &c, 0);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            out("E %s waitpid: %s\n", t->name, strerror(errno));
            failures++;
            return;
        }
    }
    out("R %s deny=%s filter=%s result=", t->name, t->deny,
        e == ENOSYS ? "enosys" : "eperm");
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) {
        out("abort\n");
    } else if (WIFSIGNALED(status)) {
        out("signal %d\n", WTERMSIG(status));
    } else if (WEXITSTATUS(status) == 0) {
        out("works\n");
    } else if (WEXITSTATUS(status) == 255) {
        out("fails\n");
    } else if (WEXITSTATUS(status) == 254) {
        out("error\n");
        failures++;
    } else {
        errno_name(WEXITSTATUS(status), buf, sizeof buf);
        out("errno %s\n", buf);
    }
}


/* ---- the second witness ------------------------------------------ */

static int prepare(void);
static void clean_up(void);
static void header(void);

/* Under census-trace (--witness): each function called as the first pass
 * calls it, in a child forked for it (or, for its first call, the probe
 * executed again with --first NAME --witness), between the same markers,
 * but under no filter: the tracer records what the markers enclose.
 * The children write WO records where the first pass writes O. */
static void witness_one(const struct test *t)
{
    struct ctx c;
    int e, status;
    pid_t pid;

    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E %s witness fork: %s\n", t->name, strerror(errno));
        failures++;
        return;
    }
    if (pid == 0) {
        ctx_init(&c, t);
        if (t->flags & (T_FIRST | T_WARM))
            exec_again(t);
        if (t->setup != NULL && (e = t->setup(&c)) != 0) {
            child_error(t->name, "set-up", e);
            _exit(EXIT_FAILURE);
        }
        if (force_nr >= 0 && install_deny(force_nr, force_errno) < 0) {
            child_error(t->name, "seccomp", errno);
            _exit(EXIT_FAILURE);
        }
        call_function(t, &c, 1);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            out("E %s witness waitpid: %s\n", t->name, strerror(errno));
            failures++;
            return;
        }
    }
    if (fresh_outcome(t, status) || killed_outcome(t, status))
        return;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        out("E %s witness: the child ended with status %#x\n", t->name,
            status);
        failures++;
    }
}

static int witness_pass(void)
{
    static char name[128];
    struct test ft;
    size_t i;

    /* The state of the first pass's parent when it forks: its two
       notification buffers (musl's malloc(64) made mmap or not depending
       on them) and a stream on standard output. */
    req = malloc(sizeof *req);
    resp = malloc(sizeof *resp);
    if (req == NULL || resp == NULL)
        return EXIT_FAILURE;
    if (prepare() < 0) {
        perror("census-probe --witness: set-up");
        return EXIT_FAILURE;
    }
    header();
    for (i = 0; i < n_tests; i++) {
        witness_one(&tests[i]);
        each_forced(&tests[i], witness_one);
        if (tests[i].flags & (T_NOEND | T_EXEC | T_FRESH | T_ONCE))
            continue;
        ft = tests[i];
        snprintf(name, sizeof name, "%s@first", tests[i].name);
        ft.name = name;
        ft.created = NULL;
        ft.flags = (ft.flags & ~(unsigned)T_WARM) | T_FIRST;
        witness_one(&ft);
    }
    clean_up();
    flush_out();
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* The first pass done, census-trace (beside the probe) runs the probe
   again with --witness; its records go where the probe's go. */
static void run_witness(void)
{
    char tracer[PATH_MAX], *slash;
    int status;
    pid_t pid;

    memcpy(tracer, self_exe, sizeof tracer);
    slash = strrchr(tracer, '/');
    if (slash == NULL || (size_t)(slash - tracer) + 14 >= sizeof tracer) {
        out("E witness: no directory in %s\n", self_exe);
        failures++;
        return;
    }
    strcpy(slash + 1, "census-trace");
    flush_out();
    pid = fork();
    if (pid < 0) {
        out("E witness: fork: %s\n", strerror(errno));
        failures++;
        return;
    }
    if (pid == 0) {
        execl(tracer, "census-trace", self_exe, "--witness", (char *)NULL);
        child_error("witness", "execve census-trace", errno);
        _exit(EXIT_FAILURE);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            out("E witness: waitpid: %s\n", strerror(errno));
            failures++;
            return;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        out("E witness: census-trace ended with status %#x\n", status);
        failures++;
    }
}
/* ---- set-up of the whole run ------------------------------------ */

static char workdir[] = "/tmp/census.XXXXXX";

static int find_helper(void)
{
    char self[PATH_MAX], *slash;
    ssize_t n;

    n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n < 0)
        return -1;
    self[n] = '\0';
    memcpy(self_exe, self, (size_t)n + 1);
    slash = strrchr(self, '/');
    if (slash == NULL)
        return -1;
    *slash = '\0';
    if (snprintf(helper, sizeof helper, "%s/census-start", self)
        >= (int)sizeof helper)
        return -1;
    if (snprintf(helper_pthread, sizeof helper_pthread,
                 "%s/census-start-pthread", self) >= (int)sizeof helper_pthread)
        return -1;
    if (access(helper, X_OK) < 0)
        return -1;
    if (access(helper_pthread, X_OK) < 0)
        return -1;
    return 0;
}

static int prepare(void)
{
    int fd;

    if (find_helper() < 0)
        return -1;
    if (mkdtemp(workdir) == NULL || chdir(workdir) < 0)
        return -1;
    fd = open("file", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return -1;
    if (write(fd, "census\n", 7) != 7 || close(fd) < 0)
        return -1;
    if (symlink("file", "link") < 0 || mkdir("dir", 0755) < 0
        || make_file("dir/entry") != 0)
        return -1;
    return 0;
}

static void clean_up(void)
{
    static const char *const files[] = {
        "file", "link", "dir/entry", "new", "victim", "from", "to", "sock",
        "out", "exitout", "future",
    };
    size_t i;

    for (i = 0; i < ARRAY_LEN(files); i++)
        if (unlink(files[i]) < 0 && errno != ENOENT)
            out("E clean-up unlink %s: %s\n", files[i], strerror(errno));
    if (rmdir("dir") < 0 || (rmdir("newdir") < 0 && errno != ENOENT)
        || chdir("/") < 0 || rmdir(workdir) < 0)
        out("E clean-up %s: %s\n", workdir, strerror(errno));
}

static void header(void)
{
    struct utsname u;
    char cs[64];
    const char *libc = "unknown", *version = "unknown";
    FILE *f;
    size_t len;

    if (uname(&u) < 0) {
        perror("uname");
        exit(EXIT_FAILURE);
    }
#ifdef __GLIBC__
    libc = "glibc";
    version = gnu_get_libc_version();
#else
    libc = "musl";      /* musl has no version call: see the guest's info */
#endif
    strcpy(cs, "unknown");
    f = fopen("/sys/devices/system/clocksource/clocksource0/"
              "current_clocksource", "r");
    if (f != NULL) {
        if (fgets(cs, sizeof cs, f) == NULL)
            strcpy(cs, "unknown");
        if (fclose(f) == EOF)
            strcpy(cs, "unknown");
    }
    len = strcspn(cs, "\n ");
    cs[len] = '\0';
    out("%s census=1 abi=%s libc=%s libc_version=%s kernel=%s clocksource=%s"
        " vdso=%s\n", witness ? "WH" : "H", SELF_ABI, libc, version,
        u.release, cs, getauxval(AT_SYSINFO_EHDR) != 0 ? "yes" : "no");
}

static long long now_ms(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
        return 0;
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int main(int argc, char *argv[])
{
    size_t i;
    long long t0 = now_ms();
    long nr;

    /* census-probe --first|--warm NAME [--witness] */
    if ((argc == 3 || (argc == 4 && strcmp(argv[3], "--witness") == 0))
        && (strcmp(argv[1], "--first") == 0
            || strcmp(argv[1], "--warm") == 0)) {
        witness = argc == 4;
        nr_getppid = sc_number("getppid");
        if (nr_getppid < 0 || find_helper() < 0)
            return EXIT_FAILURE;
        return first_call(argv[2], strcmp(argv[1], "--warm") == 0);
    }
    if (argc == 2 && strcmp(argv[1], "--witness") == 0) {
        witness = 1;
        nr_getppid = sc_number("getppid");
        nr_seccomp = sc_number("seccomp");
        if (nr_getppid < 0 || find_helper() < 0)
            return EXIT_FAILURE;
        return witness_pass();
    }
    nr_getppid = sc_number("getppid");
    nr_sendmsg = sc_number("sendmsg");
    nr_execve = sc_number("execve");
    nr_execveat = sc_number("execveat");
    nr_seccomp = sc_number("seccomp");
    nr_pidfd_open = sc_number("pidfd_open");
    if (nr_getppid < 0 || nr_sendmsg < 0 || nr_execve < 0 || nr_seccomp < 0
        || nr_pidfd_open < 0) {
        fprintf(stderr, "census-probe: system call table incomplete\n");
        return EXIT_FAILURE;
    }
    if (alloc_notif() < 0) {
        perror("census-probe: SECCOMP_GET_NOTIF_SIZES");
        return EXIT_FAILURE;
    }
    if (prepare() < 0) {
        perror("census-probe: set-up");
        return EXIT_FAILURE;
    }
    header();
    for (i = 0; i < n_tests; i++) {
        census(&tests[i]);
        if (!(tests[i].flags & (T_NOEND | T_EXEC | T_FRESH | T_ONCE)))
            census_first(&tests[i]);
        each_forced(&tests[i], census);
    }
    for (i = 0; i < n_tests; i++) {
        if (tests[i].deny == NULL)
            continue;
        nr = sc_number(tests[i].deny);
        if (nr < 0)
            continue;   /* not a system call of this ABI */
        fallback(&tests[i], nr, ENOSYS);
        fallback(&tests[i], nr, EPERM);
    }
    clean_up();
    run_witness();
    out("T ms=%lld\n", now_ms() - t0);
    flush_out();
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
