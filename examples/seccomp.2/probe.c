/* probe.c: say which ABI this is, and what uname() does */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

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
main(void)
{
    struct utsname  u;

    if (uname(&u) == -1) {
        printf("%s program: uname: %s\n", ABI, strerror(errno));
        exit(EXIT_FAILURE);
    }
    printf("%s program: uname: %s\n", ABI, u.sysname);
    exit(EXIT_SUCCESS);
}
