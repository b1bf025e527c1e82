/*
 * census.h - what ci/census/probe.c, start.c and trace.c agree on.
 *
 * A marker is the system call getppid(2) made with two arguments it does
 * not use: CENSUS_MAGIC and one of the codes below.  The probe's parent
 * sees the arguments in the seccomp notification and tells markers from
 * the calls it records; census-trace (trace.c) sees them in
 * PTRACE_GET_SYSCALL_INFO.  The magic is below 2^31, so that 32-bit ABIs
 * pass it unchanged.
 *
 * A start marker has three more arguments, for census-trace, which knows
 * nothing of the probe's table of functions: the address of the row's
 * name, the address of the suffix of the row of the tasks the function
 * creates (or 0: that row is not written), and 1 when the first
 * execve(2) in the window only starts the program to be measured.
 */
#ifndef CENSUS_H
#define CENSUS_H

#include <stddef.h>

#define CENSUS_MAGIC 0x5ecc0de5L

enum census_mark {
    CENSUS_START = 1,   /* the caller is about to call the function */
    CENSUS_END = 2,     /* the function has returned (or: main was reached) */
    CENSUS_TASK = 3     /* a thread or process the function created runs
                           the probe's code */
};

/* The ABI the program is built for: its name, its AUDIT_ARCH_* value and
   its table of system call names (census-syscalls.h, generated from the
   guest's headers; include it before using SELF_TABLE). */
#if defined(__x86_64__) && defined(__ILP32__)
#define SELF_ABI "x32"
#define SELF_ARCH AUDIT_ARCH_X86_64
#define SELF_TABLE sc_x32
#elif defined(__x86_64__)
#define SELF_ABI "x86_64"
#define SELF_ARCH AUDIT_ARCH_X86_64
#define SELF_TABLE sc_x86_64
#elif defined(__i386__)
#define SELF_ABI "i386"
#define SELF_ARCH AUDIT_ARCH_I386
#define SELF_TABLE sc_i386
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
#define SELF_ABI "aarch64"
#define SELF_ARCH AUDIT_ARCH_AARCH64
#define SELF_TABLE sc_aarch64
#elif defined(__riscv) && __riscv_xlen == 64
#define SELF_ABI "riscv64"
#define SELF_ARCH AUDIT_ARCH_RISCV64
#define SELF_TABLE sc_riscv64
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__ARMEB__)
#define SELF_ABI "armhf"
#define SELF_ARCH AUDIT_ARCH_ARM
#define SELF_TABLE sc_armhf
#elif defined(__s390x__)
#define SELF_ABI "s390x"
#define SELF_ARCH AUDIT_ARCH_S390X
#define SELF_TABLE sc_s390x
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#define SELF_ABI "ppc64le"
#define SELF_ARCH AUDIT_ARCH_PPC64LE
#define SELF_TABLE sc_ppc64le
#else
#error "the census knows the x86_64, i386, x32, aarch64, riscv64, armhf, s390x and ppc64le ABIs only"
#endif

/* A set of system calls, each by ABI (AUDIT_ARCH_*) and number: what one
 * record names.  Both witnesses (probe.c, trace.c) collect into it. */
#define MAX_CALLS 256           /* distinct system calls per record */

struct callset {
    struct {
        unsigned arch;
        long nr;
    } c[MAX_CALLS];
    size_t n;
};

/* Adds a call once; a set that is full takes no more. */
static inline void set_add(struct callset *s, unsigned arch, long nr)
{
    size_t i;

    for (i = 0; i < s->n; i++)
        if (s->c[i].arch == arch && s->c[i].nr == nr)
            return;
    if (s->n < MAX_CALLS) {
        s->c[s->n].arch = arch;
        s->c[s->n].nr = nr;
        s->n++;
    }
}

#endif
