/* nowrap.c: does the C library define seccomp()? */
#include <stdio.h>
#include <stdlib.h>

/* Null after linking unless the C library defines it. */
extern int seccomp(unsigned int op, unsigned int flags, void *args)
    __attribute__((weak));

int
main(void)
{
    if (seccomp == NULL)
        printf("the C library has no seccomp() function\n");
    else
        printf("the C library defines seccomp()\n");
    exit(EXIT_SUCCESS);
}
