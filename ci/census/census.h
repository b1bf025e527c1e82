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

#define CENSUS_MAGIC 0x5ecc0de5L

enum census_mark {
    CENSUS_START = 1,   /* the caller is about to call the function */
    CENSUS_END = 2,     /* the function has returned (or: main was reached) */
    CENSUS_TASK = 3     /* a thread or process the function created runs
                           the probe's code */
};

#endif
