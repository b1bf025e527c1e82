/* strictx.c: a child in strict mode */
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int
main(void)
{
    int                status;
    pid_t              pid;
    static const char  msg[] = "child: wrote in strict mode\n";

    pid = fork();
    if (pid == -1) {
        perror("fork");
        exit(EXIT_FAILURE);
    }
    if (pid == 0) {
        if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT) == -1)
            _exit(EXIT_FAILURE);
        syscall(SYS_write, STDOUT_FILENO, msg, sizeof(msg) - 1);
        syscall(SYS_exit, 0);           /* exit_group is not allowed */
    }
    if (waitpid(pid, &status, 0) == -1) {
        perror("waitpid");
        exit(EXIT_FAILURE);
    }
    if (WIFSIGNALED(status))
        printf("parent: the child was killed by signal %d\n",
               WTERMSIG(status));
    else
        printf("parent: the child exited with status %d\n",
               WEXITSTATUS(status));
    exit(EXIT_SUCCESS);
}
