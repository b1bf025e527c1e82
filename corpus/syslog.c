/* SPDX-License-Identifier: GPL-2.0-or-later */
/* syslog: messages to /dev/log, a datagram socket this program binds
   itself (as root), read back without their time stamp. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <syslog.h>
#include <unistd.h>

static int show(int s)
{
    char buf[256], *msg;
    ssize_t n;

    n = recv(s, buf, sizeof buf - 1, 0);
    if (n < 0) {
        perror("syslog: recv");
        return -1;
    }
    buf[n] = '\0';
    /* musl's syslog(3) ends the message with a newline; glibc's does not */
    if (n > 0 && buf[n - 1] == '\n')
        buf[n - 1] = '\0';
    /* "<PRI>Mmm dd hh:mm:ss corpus: text": the time stamp left out */
    msg = strstr(buf, "corpus");
    printf("%.*s %s\n", (int)strcspn(buf, ">") + 1, buf, msg != NULL ? msg : "(no tag)");
    return 0;
}

int main(void)
{
    struct sockaddr_un addr;
    int s;

    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    strcpy(addr.sun_path, "/dev/log");
    if (unlink(addr.sun_path) != 0 && access(addr.sun_path, F_OK) == 0) {
        perror("syslog: unlink /dev/log");
        return 1;
    }
    s = socket(AF_UNIX, SOCK_DGRAM, 0);
    if (s < 0 || bind(s, (struct sockaddr *)&addr, sizeof addr) != 0) {
        perror("syslog: bind /dev/log");
        return 1;
    }
    openlog("corpus", 0, LOG_USER);
    syslog(LOG_INFO, "hello %d", 42);
    if (show(s) != 0)
        return 1;
    syslog(LOG_DAEMON | LOG_WARNING, "second");
    if (show(s) != 0)
        return 1;
    closelog();
    if (close(s) != 0 || unlink(addr.sun_path) != 0) {
        perror("syslog: close");
        return 1;
    }
    return 0;
}
