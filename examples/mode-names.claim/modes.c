/* modes.c: the Seccomp field of /proc/self/status and PR_GET_SECCOMP */
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static char  buf[8192];

/* The value of the Seccomp field, read with read(2) only. */
static int
field(int fd)
{
    char     *p;
    ssize_t  n, len = 0;

    while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
        len += n;
    buf[len] = '\0';
    p = strstr(buf, "\nSeccomp:");
    return p == NULL ? -1 : atoi(p + strlen("\nSeccomp:"));
}

static int
status(void)
{
    int  fd, v;

    fd = open("/proc/self/status", O_RDONLY);
    if (fd == -1) {
        perror("open");
        exit(EXIT_FAILURE);
    }
    v = field(fd);
    close(fd);
    return v;
}

int
main(void)
{
    int                 fd, len, st;
    char                line[80];
    struct sock_filter  allow[] = {
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog   prog = { 1, allow };

    printf("SECCOMP_MODE_DISABLED = %d: "
           "Seccomp field %d, PR_GET_SECCOMP %d\n",
           SECCOMP_MODE_DISABLED, status(), prctl(PR_GET_SECCOMP));
    fflush(stdout);

    /* Strict mode, in a child that may only read and write. */
    if (fork() == 0) {
        fd = open("/proc/self/status", O_RDONLY);
        if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT) == -1)
            _exit(EXIT_FAILURE);
        len = snprintf(line, sizeof(line),
                       "SECCOMP_MODE_STRICT = %d: Seccomp field %d\n",
                       SECCOMP_MODE_STRICT, field(fd));
        if (write(STDOUT_FILENO, line, len) != len)
            syscall(SYS_exit, EXIT_FAILURE);
        syscall(SYS_exit, EXIT_SUCCESS);
    }
    if (wait(&st) != -1 && WIFSIGNALED(st))
        printf("SECCOMP_MODE_STRICT: child killed by signal %d\n",
               WTERMSIG(st));

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1
        || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog)
           == -1)
    {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }
    printf("SECCOMP_MODE_FILTER = %d: "
           "Seccomp field %d, PR_GET_SECCOMP %d\n",
           SECCOMP_MODE_FILTER, status(), prctl(PR_GET_SECCOMP));
    exit(EXIT_SUCCESS);
}
