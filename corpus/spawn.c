/* SPDX-License-Identifier: GPL-2.0-or-later */
/* spawn: posix_spawn this program again and wait for it; then a
   posix_spawn whose exec fails. */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>

extern char **environ;

int main(int argc, char *argv[])
{
    char *args[] = { argv[0], (char *)"child", NULL };
    char *none[] = { (char *)"/nonexistent/program", NULL };
    pid_t pid;
    int st, err;

    if (argc == 2 && strcmp(argv[1], "child") == 0) {
        printf("child: running\n");
        return 5;
    }
    if (fflush(stdout) != 0) {
        perror("spawn: fflush");
        return 1;
    }
    err = posix_spawn(&pid, argv[0], NULL, NULL, args, environ);
    if (err != 0) {
        fprintf(stderr, "spawn: posix_spawn: %s\n", strerror(err));
        return 1;
    }
    if (waitpid(pid, &st, 0) != pid) {
        perror("spawn: waitpid");
        return 1;
    }
    printf("parent: child exited with %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    err = posix_spawn(&pid, none[0], NULL, NULL, none, environ);
    if (err == 0) {
        /* musl and older glibc report the failed exec as exit 127 */
        if (waitpid(pid, &st, 0) != pid) {
            perror("spawn: waitpid");
            return 1;
        }
        printf("missing program: %s\n", WIFEXITED(st) && WEXITSTATUS(st) == 127 ? "not run" : "?");
    } else {
        printf("missing program: %s\n", err == ENOENT ? "not run" : strerror(err));
    }
    return 0;
}
