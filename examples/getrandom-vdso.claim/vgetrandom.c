/* vgetrandom.c: whether the vDSO offers getrandom, whether getrandom(3)
   then makes the system call, and what arc4random(3) does when the
   getrandom system call fails */
#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__i386__)
# define MY_ARCH  AUDIT_ARCH_I386
#elif defined(__x86_64__)
# define MY_ARCH  AUDIT_ARCH_X86_64     /* x86-64 and x32 */
#elif defined(__aarch64__)
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

#ifdef __GLIBC__
# if __GLIBC_PREREQ(2, 36)
#  define HAVE_ARC4RANDOM  1
# endif
#endif

/* Print the vDSO's symbols whose names contain "getrandom". */
static void
vdso_symbols(void)
{
    int               found = 0;
    size_t            i, j, n;
    const char        *base, *strtab, *name;
    const ElfW(Ehdr)  *eh;
    const ElfW(Shdr)  *sh;
    const ElfW(Sym)   *sym;

    eh = (const ElfW(Ehdr) *) getauxval(AT_SYSINFO_EHDR);
    if (eh == NULL) {
        printf("vDSO: none\n");
        return;
    }
    base = (const char *) eh;
    if (eh->e_shoff == 0) {
        printf("vDSO: no section headers\n");
        return;
    }
    sh = (const ElfW(Shdr) *) (base + eh->e_shoff);
    for (i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_entsize == 0)
            continue;
        sym = (const ElfW(Sym) *) (base + sh[i].sh_offset);
        strtab = base + sh[sh[i].sh_link].sh_offset;
        n = sh[i].sh_size / sh[i].sh_entsize;
        for (j = 0; j < n; j++) {
            name = strtab + sym[j].st_name;
            if (strstr(name, "getrandom") != NULL) {
                printf("vDSO: %s\n", name);
                found = 1;
            }
        }
    }
    if (!found)
        printf("vDSO: no getrandom\n");
}

/* A filter on which the getrandom system call fails with err. */
static void
deny_getrandom(int err)
{
    struct sock_filter  filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MY_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                 offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__) && !defined(__ILP32__)   /* the x32 bit */
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getrandom, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = {
        .len = sizeof(filter) / sizeof(filter[0]),
        .filter = filter,
    };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog)
           == -1)
    {
        perror("seccomp");
        _exit(EXIT_FAILURE);
    }
}

/* In a child: getrandom(3) once, then under the filter. */
static void
second_getrandom(void)
{
    char  buf[16];

    if (getrandom(buf, sizeof(buf), 0) != sizeof(buf)) {
        perror("getrandom");
        _exit(EXIT_FAILURE);
    }
    deny_getrandom(EPERM);
    if (getrandom(buf, sizeof(buf), 0) == sizeof(buf))
        printf("getrandom() again, system call EPERM: works\n");
    else
        printf("getrandom() again, system call EPERM: %s\n",
               strerror(errno));
}

#ifdef HAVE_ARC4RANDOM
static int                    arc4_err;
static volatile unsigned int  sink;

/* In a child: arc4random(3), first call, under the filter. */
static void
first_arc4random(void)
{
    deny_getrandom(arc4_err);
    sink = arc4random();
    printf("arc4random(), system call %s: works\n",
           arc4_err == ENOSYS ? "ENOSYS" : "EPERM");
}
#endif

static void
in_child(void (*fn)(void), const char *what)
{
    int    st;
    pid_t  pid;

    pid = fork();
    if (pid == -1) {
        perror("fork");
        exit(EXIT_FAILURE);
    }
    if (pid == 0) {
        fn();
        _exit(EXIT_SUCCESS);
    }
    if (waitpid(pid, &st, 0) == -1) {
        perror("waitpid");
        exit(EXIT_FAILURE);
    }
    if (WIFSIGNALED(st))
        printf("%s: killed by %s\n", what,
               WTERMSIG(st) == SIGABRT ? "SIGABRT" : "a signal");
    else if (WEXITSTATUS(st) != EXIT_SUCCESS)
        exit(EXIT_FAILURE);
}

int
main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    vdso_symbols();
    in_child(second_getrandom, "getrandom() again");
#ifdef HAVE_ARC4RANDOM
    arc4_err = ENOSYS;
    in_child(first_arc4random, "arc4random(), system call ENOSYS");
    arc4_err = EPERM;
    in_child(first_arc4random, "arc4random(), system call EPERM");
#else
    printf("arc4random(): not in this C library\n");
#endif
    exit(EXIT_SUCCESS);
}
