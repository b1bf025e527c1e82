/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dirwalk: make a small tree, walk it with opendir/readdir and stat
   (names sorted), then remove it. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk(const char *dir, int depth)
{
    char *names[16];
    size_t n = 0, i;
    struct dirent *e;
    DIR *d;
    int rc = 0;

    d = opendir(dir);
    if (d == NULL) {
        perror(dir);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (n == 16 || (names[n] = strdup(e->d_name)) == NULL) {
            fprintf(stderr, "dirwalk: too many entries or no memory\n");
            closedir(d);
            return -1;
        }
        n++;
    }
    if (closedir(d) != 0) {
        perror("dirwalk: closedir");
        return -1;
    }
    qsort(names, n, sizeof names[0], cmp);
    for (i = 0; i < n; i++) {
        char path[512];
        struct stat st;

        if (snprintf(path, sizeof path, "%s/%s", dir, names[i]) >= (int)sizeof path
            || lstat(path, &st) != 0) {
            perror(path);
            rc = -1;
        } else {
            printf("%*s%s%s %lld\n", 2 * depth, "", names[i], S_ISDIR(st.st_mode) ? "/" : "",
                   S_ISDIR(st.st_mode) ? 0LL : (long long)st.st_size);
            if (S_ISDIR(st.st_mode) && walk(path, depth + 1) != 0)
                rc = -1;
            if ((S_ISDIR(st.st_mode) ? rmdir(path) : unlink(path)) != 0) {
                perror(path);
                rc = -1;
            }
        }
        free(names[i]);
    }
    return rc;
}

static int mkfile(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    if (f == NULL || fputs(text, f) == EOF || fclose(f) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

int main(void)
{
    const char *top = "/tmp/corpus-dirwalk";

    if (mkdir(top, 0755) != 0 || mkdir("/tmp/corpus-dirwalk/sub", 0755) != 0
        || mkdir("/tmp/corpus-dirwalk/sub/deeper", 0755) != 0) {
        perror("dirwalk: mkdir");
        return 1;
    }
    if (mkfile("/tmp/corpus-dirwalk/b.txt", "bb\n") != 0
        || mkfile("/tmp/corpus-dirwalk/a.txt", "a\n") != 0
        || mkfile("/tmp/corpus-dirwalk/sub/c.txt", "ccc\n") != 0
        || mkfile("/tmp/corpus-dirwalk/sub/deeper/d.txt", "dddd\n") != 0)
        return 1;
    if (walk(top, 0) != 0)
        return 1;
    if (rmdir(top) != 0) {
        perror("dirwalk: rmdir");
        return 1;
    }
    printf("removed\n");
    return 0;
}
