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

/* The ABI the program is built for: its name (SELF_ABI), its AUDIT_ARCH_*
   value (SELF_ARCH) and its table of system call names (SELF_TABLE) are
   defined in census-self.h, which ci/census/build generates from
   ci/arch/ and the guest's headers: include it before using them. */

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
