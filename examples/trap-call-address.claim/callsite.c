/* callsite.c: where a filter and a SIGSYS handler see the call */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if !defined(__x86_64__) || defined(__ILP32__)
# error "an x86-64 program"
#endif

/* getppid() made by a syscall instruction (two bytes) at a known
   address: after_call is the address just after it. */
long raw_getppid(void);
extern const char after_call[];
__asm__ (".text\n"
         "raw_getppid:\n\tmov $110, %eax\n\tsyscall\n"
         "after_call:\n\tret\n");

static volatile sig_atomic_t  data;
static void *volatile         addr;

static void
handler(int sig, siginfo_t *si, void *ucontext)
{
    (void) sig;
    (void) ucontext;
    data = si->si_errno;        /* SECCOMP_RET_DATA */
    addr = si->si_call_addr;
}

int
main(void)
{
    struct sigaction   sa;
    unsigned long      at64 = (unsigned long) after_call;
    unsigned int       at = (unsigned int) at64;     /* lower half */
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* the lower half of instruction_pointer: which address? */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, instruction_pointer)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, at, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP | 1),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, at - 2, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP | 2),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP | 3),
    };
    struct sock_fprog  prog = { sizeof(filter) / sizeof(filter[0]),
                                filter };
    static const char  *where[] = { "?", "after the instruction",
                                    "at the instruction", "elsewhere" };

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    if (sigaction(SIGSYS, &sa, NULL) == -1
        || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
    {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    raw_getppid();
    printf("instruction_pointer: %s\n", where[data]);
    printf("si_call_addr:        %s\n",
           (unsigned long) addr == at64 ? where[1] :
           (unsigned long) addr == at64 - 2 ? where[2] : where[3]);
    exit(EXIT_SUCCESS);
}
