/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stdio: write a file with stdio, read it back, remove it; end through
   exit(3) with an atexit handler and output still buffered. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void bye(void)
{
    printf("atexit: handler ran\n");
}

int main(void)
{
    const char *path = "/tmp/corpus-stdio.txt";
    char line[64];
    FILE *f;
    int n = 0;

    if (atexit(bye) != 0) {
        fprintf(stderr, "stdio: atexit failed\n");
        return 1;
    }
    f = fopen(path, "w");
    if (f == NULL) {
        perror("stdio: fopen w");
        return 1;
    }
    if (fprintf(f, "first line\nsecond line\n") < 0 || fclose(f) != 0) {
        perror("stdio: write");
        return 1;
    }
    f = fopen(path, "r");
    if (f == NULL) {
        perror("stdio: fopen r");
        return 1;
    }
    while (fgets(line, sizeof line, f) != NULL)
        printf("read %d: %s", ++n, line);
    if (ferror(f) || fclose(f) != 0) {
        perror("stdio: read");
        return 1;
    }
    if (remove(path) != 0) {
        perror("stdio: remove");
        return 1;
    }
    printf("removed\n");
    exit(0);
}
