/*
 * start.c - census-start: the smallest program that can say "main was
 * reached", and a fresh process for functions whose first call in a
 * program differs from their first call after fork(2).
 *
 *     census-start            makes the end marker at once: the probe
 *                             records what the C library made between
 *                             execve(2) and main
 *     census-start FUNCTION   calls FUNCTION once between a start and an
 *                             end marker (getrandom, arc4random; the row
 *                             FUNCTION@CALL=ERRNO calls FUNCTION too)
 *     census-start return-from-main
 *                             makes a start marker and returns from main
 *
 * Exit status: 0 if the call worked, else its errno value (255: none).
 * ci/census/probe.c runs it under its filters; it is also the program
 * that posix_spawn(3) starts there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "census.h"

static int mark(int code)
{
    return syscall(SYS_getppid, CENSUS_MAGIC, (long)code) < 0 ? -1 : 0;
}

/* The start marker names the row (census.h). */
static int mark_start(const char *name)
{
    return syscall(SYS_getppid, CENSUS_MAGIC, (long)CENSUS_START, name,
                   (char *)NULL, 0L) < 0 ? -1 : 0;
}

/* Is ARG row F, or a row F@CALL=ERRNO measured with an answer forced
   (ci/census/probe.h)? */
static int is(const char *arg, const char *f)
{
    size_t n = strcspn(arg, "@");

    return n == strlen(f) && strncmp(arg, f, n) == 0;
}

static int fail(void)
{
    return errno > 0 && errno < 255 ? errno : 255;
}

int main(int argc, char *argv[])
{
    unsigned char buf[16];
    ssize_t n;

    if (argc < 2)
        return mark(CENSUS_END) < 0 ? fail() : EXIT_SUCCESS;
    /* return from main: exit(3) after it, as every program ends */
    if (is(argv[1], "return-from-main"))
        return mark_start(argv[1]) < 0 ? fail() : EXIT_SUCCESS;
    if (is(argv[1], "getrandom")) {
        if (mark_start(argv[1]) < 0)
            return fail();
        n = getrandom(buf, sizeof buf, 0);
        if (mark(CENSUS_END) < 0)
            return fail();
        return n == (ssize_t)sizeof buf ? EXIT_SUCCESS : fail();
    }
#ifdef HAVE_ARC4RANDOM
    if (is(argv[1], "arc4random")) {
        unsigned v;

        if (mark_start(argv[1]) < 0)
            return fail();
        v = arc4random();
        memcpy(buf, &v, sizeof v);
        return mark(CENSUS_END) < 0 ? fail() : EXIT_SUCCESS;
    }
#endif
    errno = EINVAL;
    return fail();
}
