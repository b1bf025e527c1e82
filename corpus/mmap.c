/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mmap: anonymous memory, a file mapped shared and synced, mprotect. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
    const char *path = "/tmp/corpus-mmap";
    long pg = sysconf(_SC_PAGESIZE);
    char buf[16];
    char *p, *q;
    int fd;

    if (pg <= 0) {
        perror("mmap: sysconf");
        return 1;
    }
    p = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap: anonymous");
        return 1;
    }
    strcpy(p, "anonymous");
    if (mprotect(p, (size_t)pg, PROT_READ) != 0) {
        perror("mmap: mprotect");
        return 1;
    }
    printf("anon: %s\n", p);
    if (munmap(p, (size_t)pg) != 0) {
        perror("mmap: munmap");
        return 1;
    }
    fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || ftruncate(fd, pg) != 0) {
        perror("mmap: file");
        return 1;
    }
    q = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (q == MAP_FAILED) {
        perror("mmap: shared");
        return 1;
    }
    memcpy(q, "shared", 7);
    if (msync(q, (size_t)pg, MS_SYNC) != 0 || munmap(q, (size_t)pg) != 0) {
        perror("mmap: msync");
        return 1;
    }
    if (pread(fd, buf, 7, 0) != 7) {
        perror("mmap: pread");
        return 1;
    }
    printf("file: %s\n", buf);
    if (close(fd) != 0 || unlink(path) != 0) {
        perror("mmap: close");
        return 1;
    }
    return 0;
}
