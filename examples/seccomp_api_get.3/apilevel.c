/* apilevel.c: the libseccomp in use, and what it found in the kernel */
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
    printf("libseccomp %u.%u.%u, compiled against %d.%d.%d\n",
           v->major, v->minor, v->micro,
           SCMP_VER_MAJOR, SCMP_VER_MINOR, SCMP_VER_MICRO);
    printf("API level %u\n", seccomp_api_get());
    exit(EXIT_SUCCESS);
}
