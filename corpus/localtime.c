/* SPDX-License-Identifier: GPL-2.0-or-later */
/* localtime: the time zone of the environment (TZ=UTC in the guests),
   broken-down times and back; the clock read, not printed. */
#include <stdio.h>
#include <time.h>

int main(void)
{
    time_t t = 1000000000, back, now;
    struct tm tm;
    char buf[64];

    now = time(NULL);
    if (now == (time_t)-1) {
        perror("localtime: time");
        return 1;
    }
    tzset();
    if (localtime_r(&t, &tm) == NULL) {
        perror("localtime: localtime_r");
        return 1;
    }
    if (strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %Z", &tm) == 0) {
        fprintf(stderr, "localtime: strftime failed\n");
        return 1;
    }
    printf("local: %s\n", buf);
    back = mktime(&tm);
    if (back == (time_t)-1) {
        perror("localtime: mktime");
        return 1;
    }
    printf("mktime: %lld\n", (long long)back);
    if (gmtime_r(&t, &tm) == NULL || strftime(buf, sizeof buf, "%a %b %e %T %Y", &tm) == 0) {
        fprintf(stderr, "localtime: gmtime_r failed\n");
        return 1;
    }
    printf("utc: %s\n", buf);
    printf("clock: %s\n", now > t ? "after 2001" : "before 2001");
    return 0;
}
