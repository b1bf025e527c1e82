/* allow.c: install an allowlist filter, then try a few calls */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__ILP32__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define X32      1             /* x32 numbers have the x32 bit */
#elif defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64
# define X32      0             /* x86-64 numbers have it clear */
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
/* Numbers older C-library headers lack: since Linux 5.1 a new call
   has one number on every ABI here, with the x32 bit on x32. */
#ifndef __NR_process_madvise
# if defined(__x86_64__) && defined(__ILP32__)
#  define __NR_process_madvise  (0x40000000 + 440)
# else
#  define __NR_process_madvise  440
# endif
#endif
#define NEWEST  __NR_process_madvise    /* the newest call this filter
                                           knows: Linux 5.10 */
#define ADD(code, k, jt, jf) \
    (f[n++] = (struct sock_filter) { (code), (jt), (jf), (k) })
#define LOAD(field) ADD(BPF_LD | BPF_W | BPF_ABS, \
                        offsetof(struct seccomp_data, field), 0, 0)
#define RET(k)      ADD(BPF_RET | BPF_K, (k), 0, 0)

static const long  calls[] = {          /* what this program needs */
    SYS_write, SYS_writev, SYS_exit_group, SYS_exit, SYS_rt_sigreturn,
};
static const long  clocks[] = {         /* calls the vDSO may make */
#ifdef SYS_clock_gettime
    SYS_clock_gettime, SYS_clock_getres, SYS_clock_nanosleep,
#else                                   /* musl, 32-bit ABIs: the old */
    SYS_clock_gettime32, SYS_clock_getres_time32,   /* calls' names */
    SYS_clock_nanosleep_time32, SYS_gettimeofday_time32,
#endif
#if defined(__x86_64__) && defined(__ILP32__)  /* x32: its vDSO makes */
    SYS_clock_gettime & ~0x40000000,     /* x86-64 calls */
    SYS_clock_getres & ~0x40000000, SYS_gettimeofday & ~0x40000000,
#endif
#ifdef SYS_clock_gettime64              /* 32-bit ABIs: 64-bit time */
    SYS_clock_gettime64, SYS_clock_nanosleep_time64,
#endif
#ifdef SYS_gettimeofday
    SYS_gettimeofday,
#endif
};
static struct sock_filter  f[40];
static unsigned short      n;

static void
allow(const long *nr, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        ADD(BPF_JMP | BPF_JEQ | BPF_K, nr[i], 0, 1);
        RET(SECCOMP_RET_ALLOW);
    }
}

static void
report(const char *what, long ret)
{
    printf("%-14s%s\n", what, ret == -1 ? strerror(errno) : "ok");
}

int
main(int argc, char *argv[])
{
    const char         *omit = argc > 1 ? argv[1] : "";  /* -e -t -k */
    struct utsname     u;
    struct timespec    ts;
    struct sock_fprog  prog;

    LOAD(arch);
    ADD(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0);
    RET(SECCOMP_RET_KILL_PROCESS);          /* another ABI */
    LOAD(nr);
#ifdef X32
    if (!X32 || strchr(omit, 'k')) {    /* x32: -k shows why not */
        ADD(BPF_JMP | BPF_JSET | BPF_K, 0x40000000, X32, !X32);
        RET(SECCOMP_RET_KILL_PROCESS);      /* the x32 bit */
    }
#endif
    ADD(BPF_JMP | BPF_JGT | BPF_K, NEWEST, 0, 1);
    RET(SECCOMP_RET_ERRNO | (strchr(omit, 'e') ? EPERM : ENOSYS));
    allow(calls, sizeof(calls) / sizeof(calls[0]));
    if (strchr(omit, 't') == NULL)
        allow(clocks, sizeof(clocks) / sizeof(clocks[0]));
    RET(SECCOMP_RET_ERRNO | EPERM);         /* known, not allowed */
    prog.len = n;
    prog.filter = f;

    printf("%-14s%s\n", "call", "result");  /* sets up stdio */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
    {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    report("uname", uname(&u));
    report("CPU time", clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts));
    report("a newer call", syscall(NEWEST + 1, 0, 0, 0, 0, 0, 0));
    exit(EXIT_SUCCESS);
}
