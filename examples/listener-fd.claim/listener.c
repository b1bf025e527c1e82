/* listener.c: what a successful seccomp() returns */
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int
main(void)
{
    /* Allows every call; it reads no number: no arch check. */
    struct sock_filter  allow[] = {
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = { 1, allow };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }
    printf("flags 0: %ld\n",
           syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog));
    printf("NEW_LISTENER: %ld\n",
           syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                   SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog));
    exit(EXIT_SUCCESS);
}
