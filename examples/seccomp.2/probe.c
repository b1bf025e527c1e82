/* probe.c: open a file, or say which ABI this is and call uname() */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__ILP32__)
# define ABI  "x32"
#elif defined(__x86_64__)
# define ABI  "x86_64"
#elif defined(__i386__)
# define ABI  "i386"
#else
# define ABI  "this"
#endif

int
main(int argc, char *argv[])
{
    int             fd;
    struct utsname  u;

    if (argc > 1) {                     /* open(2) the file named */
        fd = open(argv[1], O_RDONLY);
        if (fd == -1) {
            printf("open(\"%s\"): %s\n", argv[1], strerror(errno));
            exit(EXIT_FAILURE);
        }
        printf("open(\"%s\"): success\n", argv[1]);
        if (close(fd) == -1) {
            perror("close");
            exit(EXIT_FAILURE);
        }
        exit(EXIT_SUCCESS);
    }

    if (uname(&u) == -1) {
        printf("%s program: uname: %s\n", ABI, strerror(errno));
        exit(EXIT_FAILURE);
    }
    printf("%s program: uname: %s\n", ABI, u.sysname);
    exit(EXIT_SUCCESS);
}
