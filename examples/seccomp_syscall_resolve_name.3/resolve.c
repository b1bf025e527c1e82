/* resolve.c: system call numbers, as this libseccomp knows them */
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>

static const struct {
    const char  *name;
    uint32_t    token;
} arch[] = {
    { "x86_64",  SCMP_ARCH_X86_64 },
    { "x86",     SCMP_ARCH_X86 },
    { "x32",     SCMP_ARCH_X32 },
    { "aarch64", SCMP_ARCH_AARCH64 },
};

#define NARCH  (sizeof(arch) / sizeof(arch[0]))

int
main(int argc, char *argv[])
{
    int     i, nr;
    size_t  a;

    if (argc < 2) {
        fprintf(stderr, "Usage: %s SYSCALL...\n", argv[0]);
        exit(EXIT_FAILURE);
    }

    printf("%-12s", "");
    for (a = 0; a < NARCH; a++)
        printf("%11s", arch[a].name);
    printf("\n");

    for (i = 1; i < argc; i++) {
        printf("%-12s", argv[i]);
        for (a = 0; a < NARCH; a++) {
            nr = seccomp_syscall_resolve_name_arch(arch[a].token,
                                                   argv[i]);
            if (nr == __NR_SCMP_ERROR)
                printf("%11s", "unknown");
            else
                printf("%11d", nr);
        }
        printf("\n");
    }
    exit(EXIT_SUCCESS);
}
