/* SPDX-License-Identifier: GPL-2.0-or-later */
/* system: a shell command's exit status through system(3). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

int main(void)
{
    int st;

    st = system("exit 3");
    if (st == -1) {
        perror("system: system");
        return 1;
    }
    if (WIFEXITED(st))
        printf("system: exit status %d\n", WEXITSTATUS(st));
    else
        printf("system: status %#x\n", (unsigned)st);
    return 0;
}
