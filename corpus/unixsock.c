/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unixsock: a stream socketpair between two processes, and a datagram
   socket bound to a path. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
    struct sockaddr_un addr;
    char buf[64];
    int sv[2], d, c, st;
    ssize_t n;
    pid_t pid;

    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        perror("unixsock: socketpair");
        return 1;
    }
    pid = fork();
    if (pid < 0) {
        perror("unixsock: fork");
        return 1;
    }
    if (pid == 0) {
        if (close(sv[0]) != 0 || write(sv[1], "ping", 4) != 4)
            _exit(1);
        n = read(sv[1], buf, sizeof buf);
        _exit(n == 4 && memcmp(buf, "pong", 4) == 0 ? 0 : 1);
    }
    if (close(sv[1]) != 0) {
        perror("unixsock: close");
        return 1;
    }
    n = read(sv[0], buf, sizeof buf - 1);
    if (n < 0) {
        perror("unixsock: read");
        return 1;
    }
    buf[n] = '\0';
    printf("stream: got %s\n", buf);
    if (write(sv[0], "pong", 4) != 4) {
        perror("unixsock: write");
        return 1;
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "unixsock: the child failed\n");
        return 1;
    }
    printf("stream: child got pong\n");
    if (close(sv[0]) != 0) {
        perror("unixsock: close");
        return 1;
    }

    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    strcpy(addr.sun_path, "/tmp/corpus-unixsock");
    d = socket(AF_UNIX, SOCK_DGRAM, 0);
    c = socket(AF_UNIX, SOCK_DGRAM, 0);
    if (d < 0 || c < 0) {
        perror("unixsock: socket");
        return 1;
    }
    if (bind(d, (struct sockaddr *)&addr, sizeof addr) != 0) {
        perror("unixsock: bind");
        return 1;
    }
    if (sendto(c, "datagram", 8, 0, (struct sockaddr *)&addr, sizeof addr) != 8) {
        perror("unixsock: sendto");
        return 1;
    }
    n = recv(d, buf, sizeof buf - 1, 0);
    if (n < 0) {
        perror("unixsock: recv");
        return 1;
    }
    buf[n] = '\0';
    printf("datagram: got %s\n", buf);
    if (close(c) != 0 || close(d) != 0 || unlink(addr.sun_path) != 0) {
        perror("unixsock: close");
        return 1;
    }
    return 0;
}
