/* SPDX-License-Identifier: GPL-2.0-or-later */
/* forkexec: fork, exec this program again in the child, wait for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char *argv[])
{
    pid_t pid;
    int st;

    if (argc == 2 && strcmp(argv[1], "child") == 0) {
        printf("child: running\n");
        return 7;
    }
    if (fflush(stdout) != 0) {
        perror("forkexec: fflush");
        return 1;
    }
    pid = fork();
    if (pid < 0) {
        perror("forkexec: fork");
        return 1;
    }
    if (pid == 0) {
        execl(argv[0], argv[0], "child", (char *)NULL);
        fprintf(stderr, "forkexec: exec %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    if (waitpid(pid, &st, 0) != pid) {
        perror("forkexec: waitpid");
        return 1;
    }
    if (WIFEXITED(st))
        printf("parent: child exited with %d\n", WEXITSTATUS(st));
    else
        printf("parent: child ended with status %#x\n", (unsigned)st);
    return 0;
}
