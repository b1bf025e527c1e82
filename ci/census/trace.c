/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace.c - census-trace: the census's second witness.  It watches the
 * same calls as ci/census/probe.c, by another mechanism: ptrace(2)
 * instead of seccomp user notification.
 *
 *     census-trace PROGRAM [ARG...]
 *
 * runs PROGRAM (the probe, with --witness: it calls every function as
 * its first pass does, between the same markers, but installs no filter)
 * under ptrace, follows every thread and process it creates
 * (PTRACE_O_TRACECLONE, _TRACEFORK, _TRACEVFORK, _TRACEEXEC) and reads
 * each system call at its entry with PTRACE_GET_SYSCALL_INFO (Linux 5.3),
 * which gives the audit architecture and the number as the kernel saw
 * them: an i386 call made by a 64-bit program has AUDIT_ARCH_I386, an
 * x32 number carries __X32_SYSCALL_BIT, and i386's socketcall(2) is
 * socketcall, as in a seccomp filter; the names come from the same
 * generated tables (census-syscalls.h) as the probe's.
 *
 * A task that a child of PROGRAM is (a "caller") records from its start
 * marker (census.h: its third argument is the row's name, its fourth the
 * suffix of the created tasks' row or 0, its fifth 1 when the first
 * execve(2) of the window is not recorded) to its end marker, or to its
 * exit.  Tasks it creates after the start marker, and threads it created
 * before the start marker once that marker comes, record until they make
 * the task marker or run another program (an execve(2) that works, itself
 * recorded; after one that fails they go on); processes it
 * created before the start marker are not followed.  Output, one record
 * per line:
 *     W NAME [SYSCALL...]          the caller's calls, in order of first
 *                                  use, each once (as the probe's F)
 *     W NAME/SUFFIX [SYSCALL...]   its tasks' calls, when the marker gave
 *                                  a suffix and a task was recorded
 *     E witness: MESSAGE           the tracing failed
 * Exit status: PROGRAM's, or 1 if the tracing failed.
 *
 * Nothing here uses seccomp: the tracer is a witness only as long as it
 * shares no code of the probe's notification pass.  Run it only inside a
 * guest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/audit.h>

#include "census.h"

struct sc_name {
    long nr;
    const char *name;
};

#include "census-syscalls.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))


/* The kernel's struct ptrace_syscall_info (<linux/ptrace.h>, which clashes
   with the C libraries' <sys/ptrace.h>), as far as it is read here: the
   same offsets on every ABI. */
#define W_GET_SYSCALL_INFO 0x420e
#define W_INFO_ENTRY 1
struct w_info {
    uint8_t op;
    uint8_t pad[3];
    uint32_t arch;
    uint64_t ip, sp;
    uint64_t nr;
    uint64_t args[6];
    uint64_t room[4];   /* the exit and seccomp members are longer */
};

#define MAX_TASKS 128
#define NAME_MAX_LEN 128

/* ---- output ------------------------------------------------------ */

static int failed;

/* One record, written with one write(2): the probe's children write to
   the same descriptor. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...)
{
    static char buf[8192];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf)
        n = snprintf(buf, sizeof buf, "E witness: a record too long\n");
    if (n > 0 && write(1, buf, (size_t)n) != n)
        exit(EXIT_FAILURE);
}

static void trouble(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void trouble(const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    say("E witness: %s\n", msg);
    failed = 1;
}

/* ---- names ------------------------------------------------------- */

static long own_nr(const char *name)
{
    size_t i;

    for (i = 0; i < ARRAY_LEN(SELF_TABLE); i++)
        if (strcmp(SELF_TABLE[i].name, name) == 0)
            return SELF_TABLE[i].nr;
    return -1;
}

static const char *lookup(const struct sc_name *t, size_t n, long nr)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (t[i].nr == nr)
            return t[i].name;
    return NULL;
}

/* As the probe writes them: NAME in the program's own ABI, ABI:NAME in
   another, nrN (ABI:nrN) for a number without a name. */
static void name_of(unsigned arch, long nr, char *buf, size_t size)
{
    const char *abi = NULL, *name = NULL;

#if defined(__x86_64__) || defined(__i386__)
    if (arch == AUDIT_ARCH_I386) {
        abi = "i386";
        name = lookup(sc_i386, ARRAY_LEN(sc_i386), nr);
    } else if (arch == AUDIT_ARCH_X86_64 && (nr & CENSUS_X32_BIT)) {
        abi = "x32";
        name = lookup(sc_x32, ARRAY_LEN(sc_x32), nr);
    } else if (arch == AUDIT_ARCH_X86_64) {
        abi = "x86_64";
        name = lookup(sc_x86_64, ARRAY_LEN(sc_x86_64), nr);
    }
#else
    if (arch == SELF_ARCH) {
        abi = SELF_ABI;
        name = lookup(SELF_TABLE, ARRAY_LEN(SELF_TABLE), nr);
    }
#endif
    if (abi == NULL)
        snprintf(buf, size, "arch%#x:nr%ld", arch, nr);
    else if (strcmp(abi, SELF_ABI) == 0)
        name != NULL ? snprintf(buf, size, "%s", name)
                     : snprintf(buf, size, "nr%ld", nr);
    else
        name != NULL ? snprintf(buf, size, "%s:%s", abi, name)
                     : snprintf(buf, size, "%s:nr%ld", abi, nr);
}

/* ---- tasks ------------------------------------------------------- */

enum kind {
    ROOT,       /* PROGRAM */
    CALLER,     /* a child of PROGRAM: makes the markers */
    MADE,       /* created by a caller's function: recorded for it */
    DORMANT,    /* a thread a caller made before its start marker */
    IGNORED     /* a process a caller made before its start marker */
};
enum state { BEFORE, RECORDING, DONE };

struct task {
    int used;
    pid_t tid;
    enum kind kind;
    enum state state;
    int known;          /* its creator's event was seen */
    int stopped;        /* it stopped before that: not resumed yet */
    int awaiting;       /* its first stop (SIGSTOP) is still to come */
    int owner;          /* MADE, DORMANT: the caller's slot */
    /* a caller's */
    int skip_exec, exited, live;
    char name[NAME_MAX_LEN], suffix[32];
    struct callset own, made;
};

static struct task tasks[MAX_TASKS];
static long nr_getppid, nr_execve, nr_execveat;

static struct task *find(pid_t tid)
{
    size_t i;

    for (i = 0; i < MAX_TASKS; i++)
        if (tasks[i].used && tasks[i].tid == tid)
            return &tasks[i];
    return NULL;
}

static struct task *add(pid_t tid)
{
    size_t i;

    for (i = 0; i < MAX_TASKS; i++)
        if (!tasks[i].used) {
            memset(&tasks[i], 0, sizeof tasks[i]);
            tasks[i].used = 1;
            tasks[i].tid = tid;
            tasks[i].owner = -1;
            return &tasks[i];
        }
    trouble("more than %d tasks", MAX_TASKS);
    return NULL;
}

static void print_set(const char *name, const char *suffix,
                      const struct callset *s)
{
    char line[8192], buf[64];
    size_t i, len;

    len = (size_t)snprintf(line, sizeof line, "W %s%s%s", name,
                           suffix[0] ? "/" : "", suffix);
    for (i = 0; i < s->n && len < sizeof line; i++) {
        name_of(s->c[i].arch, s->c[i].nr, buf, sizeof buf);
        len += (size_t)snprintf(line + len, sizeof line - len, " %s", buf);
    }
    say("%s\n", line);
}

/* A caller's records, once it has exited and no task of its own still
   records. */
static void settle(struct task *c)
{
    size_t i;

    if (!c->exited || c->live > 0)
        return;
    if (c->state == BEFORE) {
        trouble("task %d ended before its start marker", (int)c->tid);
    } else {
        print_set(c->name, "", &c->own);
        if (c->suffix[0] && c->made.n > 0)
            print_set(c->name, c->suffix, &c->made);
    }
    /* Its tasks that still run (they recorded all they had to) are let go
       at their next stop, and so are the tasks they create. */
    for (i = 0; i < MAX_TASKS; i++)
        if (tasks[i].used && tasks[i].owner == c - tasks) {
            tasks[i].kind = IGNORED;
            tasks[i].owner = -1;
        }
    c->used = 0;
}

static void stop_recording(struct task *t)
{
    if (t->kind != MADE || t->state != RECORDING)
        return;
    t->state = DONE;
    tasks[t->owner].live--;
    settle(&tasks[t->owner]);
}

/* ---- reading the tracee ------------------------------------------ */

/* The string at ADDR in task TID, page by page (a name may end just
   before an unmapped page). */
static int read_string(pid_t tid, uint64_t addr, char *buf, size_t size)
{
    size_t got = 0, page = (size_t)sysconf(_SC_PAGESIZE), n;
    struct iovec local, remote;

    while (got < size - 1) {
        n = page - (size_t)((addr + got) % page);
        if (n > size - 1 - got)
            n = size - 1 - got;
        local.iov_base = buf + got;
        local.iov_len = n;
        remote.iov_base = (void *)(uintptr_t)(addr + got);
        remote.iov_len = n;
        if (process_vm_readv(tid, &local, 1, &remote, 1, 0) != (ssize_t)n)
            return -1;
        if (memchr(buf + got, '\0', n) != NULL)
            return 0;
        got += n;
    }
    buf[size - 1] = '\0';
    return -1;
}

static int is_mark(const struct w_info *w, int code)
{
    return w->arch == SELF_ARCH && (long)w->nr == nr_getppid
           && (uint32_t)w->args[0] == (uint32_t)CENSUS_MAGIC
           && (uint32_t)w->args[1] == (uint32_t)code;
}

static void start(struct task *c, const struct w_info *w)
{
    size_t i;

    if (read_string(c->tid, w->args[2], c->name, sizeof c->name) < 0) {
        trouble("task %d: no name at its start marker", (int)c->tid);
        snprintf(c->name, sizeof c->name, "task%d", (int)c->tid);
    }
    c->suffix[0] = '\0';
    if ((uintptr_t)w->args[3] != 0
        && read_string(c->tid, w->args[3], c->suffix, sizeof c->suffix) < 0)
        trouble("%s: no suffix at its start marker", c->name);
    c->skip_exec = (uint32_t)w->args[4] == 1;
    c->state = RECORDING;
    /* Its threads that were waiting for the window start recording. */
    for (i = 0; i < MAX_TASKS; i++)
        if (tasks[i].used && tasks[i].kind == DORMANT
            && tasks[i].owner == c - tasks) {
            tasks[i].kind = MADE;
            tasks[i].state = RECORDING;
            c->live++;
        }
}

static int is_exec(const struct w_info *w)
{
    return w->arch == SELF_ARCH
           && ((long)w->nr == nr_execve || (long)w->nr == nr_execveat);
}

static void entry(struct task *t, const struct w_info *w)
{
    struct task *c;

    if (t->kind == CALLER) {
        if (t->state == BEFORE && is_mark(w, CENSUS_START))
            start(t, w);
        else if (t->state == RECORDING && is_mark(w, CENSUS_END))
            t->state = DONE;
        else if (t->state == RECORDING && t->skip_exec && is_exec(w))
            t->skip_exec = 0;
        else if (t->state == RECORDING)
            set_add(&t->own, w->arch, (long)w->nr);
        return;
    }
    if (t->kind != MADE || t->state != RECORDING)
        return;
    if (is_mark(w, CENSUS_TASK)) {
        stop_recording(t);
        return;
    }
    c = &tasks[t->owner];
    set_add(&c->made, w->arch, (long)w->nr);
    /* An execve(2) that works ends the recording at its exec event
       (stopped()); after one that fails, the C library goes on (musl's
       posix_spawn child writes the error to its parent, then exits). */
}

/* ---- resuming ---------------------------------------------------- */

static int watches_calls(const struct task *t)
{
    switch (t->kind) {
    case CALLER:
        return t->state != DONE;
    case MADE:
        return t->state == RECORDING;
    case DORMANT:
        return 1;
    default:
        return 0;
    }
}

static void resume(struct task *t, int sig)
{
    long r;

    if (t->kind == IGNORED) {
        r = ptrace(PTRACE_DETACH, t->tid, 0, (void *)(long)sig);
        t->used = 0;
    } else {
        r = ptrace(watches_calls(t) ? PTRACE_SYSCALL : PTRACE_CONT, t->tid,
                   0, (void *)(long)sig);
    }
    if (r < 0 && errno != ESRCH)
        trouble("resuming task %d: %s", (int)t->tid, strerror(errno));
}

/* ---- new tasks --------------------------------------------------- */

static int same_group(pid_t a, pid_t b)
{
    char path[64];

    snprintf(path, sizeof path, "/proc/%d/task/%d", (int)a, (int)b);
    return access(path, F_OK) == 0;
}

/* What task NEW, made by CREATOR, is to the census. */
static void classify(struct task *creator, struct task *t)
{
    struct task *c;

    t->known = 1;
    if (creator->kind == ROOT) {
        t->kind = CALLER;
        t->state = BEFORE;
        return;
    }
    if (creator->kind == IGNORED || (creator->kind != CALLER && creator->owner < 0)) {
        t->kind = IGNORED;
        return;
    }
    c = creator->kind == CALLER ? creator : &tasks[creator->owner];
    t->owner = (int)(c - tasks);
    if (c->state == BEFORE) {
        t->kind = same_group(creator->tid, t->tid) ? DORMANT : IGNORED;
        return;
    }
    t->kind = MADE;
    t->state = RECORDING;
    c->live++;
}

static void created(struct task *creator)
{
    unsigned long msg = 0;
    struct task *t;

    if (ptrace(PTRACE_GETEVENTMSG, creator->tid, 0, &msg) < 0) {
        trouble("PTRACE_GETEVENTMSG: %s", strerror(errno));
        return;
    }
    t = find((pid_t)msg);
    if (t == NULL) {
        t = add((pid_t)msg);
        if (t == NULL)
            return;
        t->awaiting = 1;
        classify(creator, t);
        return;
    }
    classify(creator, t);
    if (t->stopped) {
        t->stopped = 0;
        resume(t, 0);
    }
}

/* ---- the loop ---------------------------------------------------- */

static void syscall_stop(struct task *t)
{
    struct w_info w;

    memset(&w, 0, sizeof w);
    if (ptrace(W_GET_SYSCALL_INFO, t->tid, (void *)sizeof w, &w) < 0) {
        trouble("PTRACE_GET_SYSCALL_INFO: %s", strerror(errno));
        return;
    }
    if (w.op == W_INFO_ENTRY)
        entry(t, &w);
}

static void stopped(pid_t tid, int status)
{
    struct task *t = find(tid);
    int sig = WSTOPSIG(status), event = status >> 16;

    if (t == NULL) {
        /* A new task, before its creator's event: wait for that. */
        t = add(tid);
        if (t != NULL)
            t->stopped = 1;
        return;
    }
    if (!t->known) {
        t->stopped = 1;
        return;
    }
    if (sig == (SIGTRAP | 0x80)) {
        syscall_stop(t);
        sig = 0;
    } else if (sig == SIGTRAP && event != 0) {
        if (event == PTRACE_EVENT_FORK || event == PTRACE_EVENT_VFORK
            || event == PTRACE_EVENT_CLONE)
            created(t);
        else if (event == PTRACE_EVENT_EXEC)
            stop_recording(t);  /* its calls are another program's now */
        sig = 0;
    } else if (t->awaiting && sig == SIGSTOP) {
        t->awaiting = 0;
        sig = 0;
    }
    resume(t, sig);
}

static void ended(pid_t tid)
{
    struct task *t = find(tid);

    if (t == NULL)
        return;
    if (t->kind == CALLER) {
        t->exited = 1;
        settle(t);
        return;
    }
    if (t->kind == MADE)
        stop_recording(t);
    t->used = 0;
}

static pid_t start_program(char *argv[])
{
    int status;
    pid_t pid = fork();

    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0 || raise(SIGSTOP) != 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    if (waitpid(pid, &status, __WALL) < 0 || !WIFSTOPPED(status))
        return -1;
    if (ptrace(PTRACE_SETOPTIONS, pid, 0,
               (void *)(long)(PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEFORK
                              | PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE
                              | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL)) < 0)
        return -1;
    return pid;
}

int main(int argc, char *argv[])
{
    struct task *root;
    int status, result = EXIT_FAILURE;
    pid_t pid, tid;
    size_t i;

    if (argc < 2) {
        fprintf(stderr, "usage: census-trace PROGRAM [ARG...]\n");
        return 2;
    }
    nr_getppid = own_nr("getppid");
    nr_execve = own_nr("execve");
    nr_execveat = own_nr("execveat");
    if (nr_getppid < 0 || nr_execve < 0) {
        trouble("system call table incomplete");
        return EXIT_FAILURE;
    }
    pid = start_program(argv + 1);
    if (pid < 0) {
        trouble("cannot start %s under ptrace: %s", argv[1], strerror(errno));
        return EXIT_FAILURE;
    }
    root = add(pid);
    root->kind = ROOT;
    root->known = 1;
    resume(root, 0);
    while ((tid = waitpid(-1, &status, __WALL)) > 0 || errno == EINTR) {
        if (tid <= 0)
            continue;
        if (WIFSTOPPED(status)) {
            stopped(tid, status);
            continue;
        }
        if (tid == pid)
            result = WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_FAILURE;
        ended(tid);
    }
    if (errno != ECHILD)
        trouble("waitpid: %s", strerror(errno));
    for (i = 0; i < MAX_TASKS; i++)
        if (tasks[i].used && tasks[i].kind == CALLER)
            trouble("%s: its records never ended", tasks[i].name);
    return failed ? EXIT_FAILURE : result;
}
