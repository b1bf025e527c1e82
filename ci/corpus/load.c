/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * ci/corpus/load.c - corpus-load: run a program under an allowlist, in a
 * guest (never on the host).
 *
 * usage: corpus-load LIST PROG [ARG...]
 *        corpus-load -u       bring the loopback interface up (set-up, as root)
 *
 * LIST holds one system call a line, "NUMBER NAME" (the number as a filter
 * of this program's ABI sees it: x32 numbers carry __X32_SYSCALL_BIT;
 * NAME is only for people), '#' lines and blank lines ignored.  The
 * filter checks the architecture (and, on x86-64, the x32 bit), allows
 * the listed calls and execve (which the exec of PROG itself needs), and
 * kills the process for anything else, another architecture's calls
 * too: SECCOMP_RET_KILL_PROCESS, no ENOSYS safety net.
 *
 * The verdict run: PROG runs in a child under that filter; its exit status
 * becomes ours (a signal N: 128 + N).  When SIGSYS killed it, the kernel
 * does not say which call did it, so PROG runs a second time, the
 * diagnosis run: the same filter with SECCOMP_RET_TRAP as its default,
 * under ptrace(2) (every thread and child followed); at the first SIGSYS
 * of the filter (si_code SYS_SECCOMP) its signal-delivery stop gives
 * si_syscall and si_arch through PTRACE_GETSIGINFO.  Printed on stderr:
 *     corpus-load: diagnosis run (SECCOMP_RET_TRAP under ptrace)
 *     corpus-load: SIGSYS: system call NUMBER (arch 0xARCH) in PROG
 * ("arch 0xARCH, not the filter's" for a call of another architecture,
 * "arch 0xARCH, an x86-64 call, not the filter's" for one of the other
 * ABI of the same architecture: x32 and x86-64 differ in the x32 bit)
 * (or why the diagnosis run did not trap), and the exit status stays the
 * verdict's, 128 + SIGSYS.  What PROG prints in the diagnosis run follows
 * the first line; a reader of the verdict takes what came before it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <net/if.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#ifndef CORPUS_ARCH
#error "CORPUS_ARCH (the AUDIT_ARCH_* of the ABI) must be defined"
#endif
#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1
#endif
#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS 0x80000000U
#endif
#if defined(__x86_64__)
#define X32_BIT 0x40000000U
#endif

#define MAX_CALLS 1000

static const char *me = "corpus-load";
static unsigned int calls[MAX_CALLS];
static size_t ncalls;

/* Read LIST; on bad input, name file and line and exit 2. */
static void read_list(const char *path)
{
    FILE *f;
    char line[256];
    unsigned long lineno = 0;

    f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "%s: %s: %s\n", me, path, strerror(errno));
        exit(2);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *p = line, *end;
        unsigned long v;

        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            fprintf(stderr, "%s: %s:%lu: line too long\n", me, path, lineno);
            exit(2);
        }
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\0')
            continue;
        errno = 0;
        v = strtoul(p, &end, 10);
        if (end == p || errno != 0 || v > UINT_MAX
            || (*end != ' ' && *end != '\t' && *end != '\n' && *end != '\0')) {
            fprintf(stderr, "%s: %s:%lu: not a system call number: %s", me, path, lineno, line);
            exit(2);
        }
        if (ncalls == MAX_CALLS) {
            fprintf(stderr, "%s: %s:%lu: more than %d calls\n", me, path, lineno, MAX_CALLS);
            exit(2);
        }
        calls[ncalls++] = (unsigned int)v;
    }
    if (ferror(f)) {
        fprintf(stderr, "%s: %s: read error\n", me, path);
        exit(2);
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: %s: %s\n", me, path, strerror(errno));
        exit(2);
    }
}

/* Install the filter (in the child, just before exec). */
static int install(unsigned int dflt)
{
    static struct sock_filter f[8 + 2 * (MAX_CALLS + 1)];
    struct sock_fprog prog;
    size_t n = 0, i;

    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CORPUS_ARCH, 1, 0);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, dflt);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#if defined(__x86_64__) && defined(__ILP32__)
    /* x32: every call carries the x32 bit; an x86-64 call is refused. */
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, X32_BIT, 1, 0);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, dflt);
#elif defined(__x86_64__)
    /* x86-64: an x32 call (the same number space with the bit) is refused. */
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, X32_BIT, 0, 1);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, dflt);
#endif
    for (i = 0; i <= ncalls; i++) {
        unsigned int nr = i < ncalls ? calls[i] : (unsigned int)SYS_execve;

        f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1);
        f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    }
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, dflt);
    prog.len = (unsigned short)n;
    prog.filter = f;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        fprintf(stderr, "%s: PR_SET_NO_NEW_PRIVS: %s\n", me, strerror(errno));
        return -1;
    }
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) {
        fprintf(stderr, "%s: PR_SET_SECCOMP: %s\n", me, strerror(errno));
        return -1;
    }
    return 0;
}

static int status_of(int st)
{
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st);
    return 255;
}

/* The verdict run: the wait status of PROG under the killing filter. */
static int verdict(char **argv)
{
    pid_t pid;
    int st;

    if (fflush(NULL) != 0)
        return -1;
    pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", me, strerror(errno));
        exit(2);
    }
    if (pid == 0) {
        if (install(SECCOMP_RET_KILL_PROCESS) != 0)
            _exit(127);
        execv(argv[0], argv);
        _exit(127);     /* not allowed to say more: write is not listed */
    }
    if (waitpid(pid, &st, 0) != pid) {
        fprintf(stderr, "%s: waitpid: %s\n", me, strerror(errno));
        exit(2);
    }
    return st;
}

/* The diagnosis run: PROG again, under ptrace, the filter trapping.
   Prints the call of the first SIGSYS of the filter. */
static void diagnose(char **argv)
{
    pid_t pid, w;
    int st;
    long opts = PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE
        | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL;

    fprintf(stderr, "%s: diagnosis run (SECCOMP_RET_TRAP under ptrace)\n", me);
    if (fflush(NULL) != 0)
        return;
    pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", me, strerror(errno));
        return;
    }
    if (pid == 0) {
        if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0)
            _exit(127);
        if (raise(SIGSTOP) != 0)
            _exit(127);
        if (install(SECCOMP_RET_TRAP) != 0)
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st)) {
        fprintf(stderr, "%s: the diagnosis run did not stop at its start\n", me);
        return;
    }
    if (ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)opts) != 0
        || ptrace(PTRACE_CONT, pid, NULL, NULL) != 0) {
        fprintf(stderr, "%s: ptrace: %s\n", me, strerror(errno));
        return;
    }
    for (;;) {
        int sig;
        siginfo_t si;

        w = waitpid(-1, &st, __WALL);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            fprintf(stderr, "%s: the diagnosis run ended untrapped\n", me);
            return;
        }
        if (WIFEXITED(st) || WIFSIGNALED(st)) {
            if (w == pid) {
                fprintf(stderr, "%s: the diagnosis run ended untrapped (status %d)\n", me, status_of(st));
                return;
            }
            continue;
        }
        if (!WIFSTOPPED(st))
            continue;
        sig = WSTOPSIG(st);
        if (st >> 16 != 0 || sig == SIGSTOP || sig == SIGTRAP)
            sig = 0;    /* a ptrace event, a new tracee's first stop */
        else if (sig == SIGSYS && ptrace(PTRACE_GETSIGINFO, w, NULL, &si) == 0
                 && si.si_code == SYS_SECCOMP) {
            const char *other = si.si_arch != CORPUS_ARCH ? ", not the filter's" : "";

#if defined(__x86_64__) && defined(__ILP32__)
            if (*other == '\0' && (unsigned int)si.si_syscall < X32_BIT)
                other = ", an x86-64 call, not the filter's";
#elif defined(__x86_64__)
            if (*other == '\0' && (unsigned int)si.si_syscall >= X32_BIT)
                other = ", an x32 call, not the filter's";
#endif
            fprintf(stderr, "%s: SIGSYS: system call %d (arch 0x%x%s) in %s\n",
                    me, si.si_syscall, si.si_arch, other, argv[0]);
            return;     /* PTRACE_O_EXITKILL ends the tracees with us */
        }
        if (ptrace(PTRACE_CONT, w, NULL, (void *)(long)sig) != 0 && errno != ESRCH)
            fprintf(stderr, "%s: PTRACE_CONT %d: %s\n", me, (int)w, strerror(errno));
    }
}

/* Set-up outside any filter: the loopback interface up. */
static int lo_up(void)
{
    struct ifreq ifr;
    int fd;

    fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        fprintf(stderr, "%s: socket: %s\n", me, strerror(errno));
        return 1;
    }
    memset(&ifr, 0, sizeof ifr);
    strcpy(ifr.ifr_name, "lo");
    if (ioctl(fd, SIOCGIFFLAGS, &ifr) != 0) {
        fprintf(stderr, "%s: SIOCGIFFLAGS lo: %s\n", me, strerror(errno));
        return 1;
    }
    ifr.ifr_flags |= IFF_UP;
    if (ioctl(fd, SIOCSIFFLAGS, &ifr) != 0) {
        fprintf(stderr, "%s: SIOCSIFFLAGS lo: %s\n", me, strerror(errno));
        return 1;
    }
    if (close(fd) != 0) {
        fprintf(stderr, "%s: close: %s\n", me, strerror(errno));
        return 1;
    }
    printf("lo up\n");
    return 0;
}

int main(int argc, char *argv[])
{
    int st;

    if (argc == 2 && strcmp(argv[1], "-u") == 0)
        return lo_up();
    if (argc < 3) {
        fprintf(stderr, "usage: %s LIST PROG [ARG...] | %s -u\n", me, me);
        return 2;
    }
    read_list(argv[1]);
    st = verdict(argv + 2);
    if (WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS)
        diagnose(argv + 2);
    return status_of(st);
}
