/* einval.c: which combinations of filter flags are refused */
#include <errno.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SECCOMP_FILTER_FLAG_TSYNC_ESRCH          /* Linux 5.7 */
# define SECCOMP_FILTER_FLAG_TSYNC_ESRCH         (1UL << 4)
#endif
#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV   /* Linux 5.19 */
# define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV  (1UL << 5)
#endif
#define TSYNC     SECCOMP_FILTER_FLAG_TSYNC
#define ESRCH_    SECCOMP_FILTER_FLAG_TSYNC_ESRCH
#define LISTENER  SECCOMP_FILTER_FLAG_NEW_LISTENER
#define KILLABLE  SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV

/* The filter is a null pointer: valid flags fail with EFAULT. */
static void
try(const char *name, unsigned long flags)
{
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags,
                NULL) != -1)
        printf("%s: succeeded\n", name);
    else
        printf("%s: %s\n", name, errno == EINVAL ? "EINVAL"
               : errno == EFAULT ? "EFAULT" : strerror(errno));
}

int
main(void)
{
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
        perror("prctl");
        exit(EXIT_FAILURE);
    }
    try("NEW_LISTENER|TSYNC", LISTENER | TSYNC);
    try("NEW_LISTENER|TSYNC|TSYNC_ESRCH", LISTENER | TSYNC | ESRCH_);
    try("WAIT_KILLABLE_RECV", KILLABLE);
    try("NEW_LISTENER|WAIT_KILLABLE_RECV", LISTENER | KILLABLE);
    exit(EXIT_SUCCESS);
}
