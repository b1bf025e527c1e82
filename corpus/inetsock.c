/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inetsock: TCP and UDP over the loopback interface (brought up before,
   outside the filter). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void)
{
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    char buf[64];
    int l, c, s, u, v;
    ssize_t n;

    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    l = socket(AF_INET, SOCK_STREAM, 0);
    if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) != 0 || listen(l, 1) != 0
        || getsockname(l, (struct sockaddr *)&a, &len) != 0) {
        perror("inetsock: listen");
        return 1;
    }
    c = socket(AF_INET, SOCK_STREAM, 0);
    if (c < 0 || connect(c, (struct sockaddr *)&a, sizeof a) != 0) {
        perror("inetsock: connect");
        return 1;
    }
    s = accept(l, NULL, NULL);
    if (s < 0) {
        perror("inetsock: accept");
        return 1;
    }
    if (send(c, "hello tcp", 9, 0) != 9) {
        perror("inetsock: send");
        return 1;
    }
    n = recv(s, buf, sizeof buf - 1, 0);
    if (n < 0) {
        perror("inetsock: recv");
        return 1;
    }
    buf[n] = '\0';
    printf("tcp: %s\n", buf);
    if (close(s) != 0 || close(c) != 0 || close(l) != 0) {
        perror("inetsock: close");
        return 1;
    }

    a.sin_port = 0;
    len = sizeof a;
    u = socket(AF_INET, SOCK_DGRAM, 0);
    v = socket(AF_INET, SOCK_DGRAM, 0);
    if (u < 0 || v < 0 || bind(u, (struct sockaddr *)&a, sizeof a) != 0
        || getsockname(u, (struct sockaddr *)&a, &len) != 0) {
        perror("inetsock: udp");
        return 1;
    }
    if (sendto(v, "hello udp", 9, 0, (struct sockaddr *)&a, sizeof a) != 9) {
        perror("inetsock: sendto");
        return 1;
    }
    n = recvfrom(u, buf, sizeof buf - 1, 0, NULL, NULL);
    if (n < 0) {
        perror("inetsock: recvfrom");
        return 1;
    }
    buf[n] = '\0';
    printf("udp: %s\n", buf);
    if (close(u) != 0 || close(v) != 0) {
        perror("inetsock: close");
        return 1;
    }
    return 0;
}
