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
    int             fd, ret;
    struct utsname  u;

    if (argc > 1) {                     /* open(2) the file named */
        fd = open(argv[1], O_RDONLY);
        printf("open(\"%s\"): %s\n", argv[1],
               fd == -1 ? strerror(errno) : "success");
        if (fd == -1 || close(fd) == -1)
            exit(EXIT_FAILURE);
        exit(EXIT_SUCCESS);
    }
    ret = uname(&u);
    printf("%s program: uname: %s\n", ABI,
           ret == -1 ? strerror(errno) : u.sysname);
    exit(ret == -1 ? EXIT_FAILURE : EXIT_SUCCESS);
}
