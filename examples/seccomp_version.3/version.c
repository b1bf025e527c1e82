/* version.c: the libseccomp a program was built with, and runs with */
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>

int
main(void)
{
    const struct scmp_version  *v;

    v = seccomp_version();
    if (v == NULL) {
        fprintf(stderr, "seccomp_version failed\n");
        exit(EXIT_FAILURE);
    }
    printf("headers: %d.%d.%d\n",
           SCMP_VER_MAJOR, SCMP_VER_MINOR, SCMP_VER_MICRO);
    printf("library: %u.%u.%u\n", v->major, v->minor, v->micro);
#if SCMP_VER_MAJOR > 2 || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 6)
    printf("built with the 2.6 functions\n");
#else
    printf("built without the 2.6 functions\n");
#endif
    exit(EXIT_SUCCESS);
}
