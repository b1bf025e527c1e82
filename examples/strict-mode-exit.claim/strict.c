/* strict.c: enter strict mode, then leave in one of two ways */
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
    int         use_exit;
    const char  *msg;

    if (argc != 2 || (strcmp(argv[1], "exit") != 0
                      && strcmp(argv[1], "SYS_exit") != 0))
    {
        fprintf(stderr, "Usage: %s exit|SYS_exit\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    use_exit = strcmp(argv[1], "exit") == 0;
    msg = use_exit ? "strict mode; calling exit(0)\n"
                   : "strict mode; calling syscall(SYS_exit, 0)\n";

    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_STRICT, 0, NULL) == -1) {
        perror("seccomp");
        exit(EXIT_FAILURE);
    }

    /* From here on: read(2), write(2), _exit(2), sigreturn(2). */
    if (write(STDOUT_FILENO, msg, strlen(msg)) == -1)
        syscall(SYS_exit, EXIT_FAILURE);

    if (use_exit)
        exit(EXIT_SUCCESS);     /* the C library makes exit_group(2) */
    syscall(SYS_exit, EXIT_SUCCESS);
    exit(EXIT_FAILURE);         /* not reached */
}
