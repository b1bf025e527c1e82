/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * more-libc.c - census-probe's functions: locale and messages, the
 * environment and time zone, memory and searching, system facts, the
 * user database, dynamic symbols and the system log, as the corpus and
 * coreutils' ls, sort and date import them.  Several make no system call
 * by design; their rows, empty, are the proof.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"     /* first: _GNU_SOURCE */

#include <arpa/inet.h>
#include <fnmatch.h>
#include <getopt.h>
#include <libintl.h>
#include <langinfo.h>
#include <locale.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <uchar.h>

/* Locale: no LC_ALL, LC_* or LANGUAGE in the environment, LANG as given. */
static int locale_env(const char *lang)
{
    static const char *const vars[] = {
        "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_MONETARY",
        "LC_NUMERIC", "LC_TIME", "LANGUAGE", "LANG"
    };
    size_t i;

    for (i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (unsetenv(vars[i]) < 0)
            return errno;
    return lang != NULL && setenv("LANG", lang, 1) < 0 ? errno : 0;
}

int set_lang_c(struct ctx *c)
{
    (void)c;
    return locale_env("C");
}

int run_setlocale_utf8(struct ctx *c)
{
    (void)c;
    return setlocale(LC_ALL, "C.UTF-8") == NULL ? -1 : 0;
}

int run_setlocale_env(struct ctx *c)
{
    (void)c;
    return setlocale(LC_ALL, "") == NULL ? -1 : 0;
}

int run_textdomain(struct ctx *c)
{
    (void)c;
    return err(textdomain("census") == NULL);
}

int run_bindtextdomain(struct ctx *c)
{
    (void)c;
    return err(bindtextdomain("census", "/usr/share/locale") == NULL);
}

int run_dcgettext(struct ctx *c)
{
    (void)c;
    return dcgettext("census", "census", LC_MESSAGES) == NULL ? -1 : 0;
}

int run_dcngettext(struct ctx *c)
{
    (void)c;
    return dcngettext("census", "one", "more", 2, LC_MESSAGES) == NULL
           ? -1 : 0;
}

int run_strerror(struct ctx *c)
{
    (void)c;
    return strerror(EINVAL) == NULL ? -1 : 0;
}

int run_strerror_r(struct ctx *c)
{
#ifdef __GLIBC__
    /* the GNU one, under _GNU_SOURCE: a message, in buf or not */
    return strerror_r(EINVAL, c->buf, sizeof c->buf) == NULL ? -1 : 0;
#else
    return strerror_r(EINVAL, c->buf, sizeof c->buf);
#endif
}

/* Time zone: TZ unset (the system's /etc/localtime), or TZ=UTC. */
int set_tz_unset(struct ctx *c)
{
    (void)c;
    return err(unsetenv("TZ") < 0);
}

int set_tz_utc(struct ctx *c)
{
    (void)c;
    return err(setenv("TZ", "UTC", 1) < 0);
}

int run_tzset(struct ctx *c)
{
    (void)c;
    tzset();
    return 0;
}

/* 2026-12-05 00:00:00, the broken-down time mktime and timegm convert */
static void some_day(struct tm *tm)
{
    memset(tm, 0, sizeof *tm);
    tm->tm_year = 126;
    tm->tm_mday = 5;
    tm->tm_mon = 11;
}

int run_mktime(struct ctx *c)
{
    struct tm tm;

    (void)c;
    some_day(&tm);
    tm.tm_isdst = -1;
    return mktime(&tm) == (time_t)-1 ? -1 : 0;
}

/* gmtime_r(3) and timegm(3) convert in UTC, but glibc's go through
   __tz_convert(), which loads the time zone at a program's first use
   (time/gmtime.c, time/tzset.c: tzset_internal()). */
int run_gmtime_r(struct ctx *c)
{
    time_t t = 0;
    struct tm tm;

    (void)c;
    return gmtime_r(&t, &tm) == NULL ? -1 : 0;
}

int run_timegm(struct ctx *c)
{
    struct tm tm;

    (void)c;
    some_day(&tm);
    return timegm(&tm) == (time_t)-1 ? -1 : 0;
}

int run_sched_getscheduler(struct ctx *c)
{
    (void)c;
    return err(sched_getscheduler(0) < 0);
}

/* vasprintf(3), which _FORTIFY_SOURCE's __vasprintf_chk wraps */
static int call_vasprintf(char **s, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vasprintf(s, fmt, ap);
    va_end(ap);
    return n;
}

int run_vasprintf(struct ctx *c)
{
    char *s;

    (void)c;
    if (call_vasprintf(&s, "%s %d", "census", 64) < 0)
        return -1;
    free(s);
    return 0;
}

int run_setenv(struct ctx *c)
{
    (void)c;
    return err(setenv("CENSUS", "1", 1) < 0);
}

int set_setenv(struct ctx *c)
{
    return run_setenv(c);
}

int run_unsetenv(struct ctx *c)
{
    (void)c;
    return err(unsetenv("CENSUS") < 0);
}

int run_putenv(struct ctx *c)
{
    static char var[] = "CENSUS=1";

    (void)c;
    return err(putenv(var) != 0);
}

/* Memory and searching */
static int compare(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

int run_qsort(struct ctx *c)
{
    int v[8] = { 5, 3, 7, 1, 8, 2, 6, 4 };

    (void)c;
    qsort(v, 8, sizeof v[0], compare);
    return v[0] == 1 && v[7] == 8 ? 0 : -1;
}

int run_getopt_long(struct ctx *c)
{
    static const struct option opts[] = {
        { "all", no_argument, NULL, 'a' },
        { NULL, 0, NULL, 0 }
    };
    static char a0[] = "census", a1[] = "--all", a2[] = "-a";
    char *argv[] = { a0, a1, a2, NULL };

    (void)c;
    optind = 1;
    opterr = 0;
    return getopt_long(3, argv, "a", opts, NULL) == 'a'
           && getopt_long(3, argv, "a", opts, NULL) == 'a'
           && getopt_long(3, argv, "a", opts, NULL) == -1 ? 0 : -1;
}

int run_fnmatch(struct ctx *c)
{
    (void)c;
    return fnmatch("*.[ch]", "census.c", 0) == 0 ? 0 : -1;
}

int run_strdup(struct ctx *c)
{
    c->mem = strdup("census");
    return err(c->mem == NULL);
}

int set_malloc_64(struct ctx *c)
{
    c->mem = malloc(64);
    return err(c->mem == NULL);
}

int run_realloc_128(struct ctx *c)
{
    void *p = realloc(c->mem, 128);

    if (p == NULL)
        return err(1);
    c->mem = p;
    return 0;
}

#ifdef HAVE_REALLOCARRAY
/* reallocarray(3): 2 x 64 bytes for the 64 of set_malloc_64 */
int run_reallocarray(struct ctx *c)
{
    void *p = reallocarray(c->mem, 2, 64);

    if (p == NULL)
        return err(1);
    c->mem = p;
    return 0;
}
#endif

int set_malloc_1m(struct ctx *c)
{
    c->mem = malloc(1 << 20);
    return err(c->mem == NULL);
}

int run_realloc_2m(struct ctx *c)
{
    void *p = realloc(c->mem, 2 << 20);

    if (p == NULL)
        return err(1);
    c->mem = p;
    return 0;
}

/* Memory mappings: anonymous, and a file's, shared. */
int run_mmap(struct ctx *c)
{
    c->mem = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return err(c->mem == MAP_FAILED);
}

int fin_munmap(struct ctx *c)
{
    return err(munmap(c->mem, 65536) < 0);
}

int set_mmap(struct ctx *c)
{
    return run_mmap(c);
}

int run_munmap(struct ctx *c)
{
    return err(munmap(c->mem, 65536) < 0);
}

int run_mprotect(struct ctx *c)
{
    return err(mprotect(c->mem, 65536, PROT_READ) < 0);
}

int set_mmap_file(struct ctx *c)
{
    c->fd = open("mapped", O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (c->fd < 0 || ftruncate(c->fd, 65536) < 0)
        return errno;
    c->mem = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd, 0);
    if (c->mem == MAP_FAILED)
        return errno;
    memcpy(c->mem, "census", 6);
    return 0;
}

int run_msync(struct ctx *c)
{
    return err(msync(c->mem, 65536, MS_SYNC) < 0);
}

int fin_mmap_file(struct ctx *c)
{
    return err(munmap(c->mem, 65536) < 0 || close(c->fd) < 0
               || unlink("mapped") < 0);
}

/* System facts */
int run_sysinfo(struct ctx *c)
{
    struct sysinfo si;

    (void)c;
    return err(sysinfo(&si) < 0);
}

static int conf(int name)
{
    errno = 0;
    return sysconf(name) < 0 ? err(1) : 0;
}

int run_sysconf_pagesize(struct ctx *c)
{
    (void)c;
    return conf(_SC_PAGESIZE);
}

int run_sysconf_nprocessors(struct ctx *c)
{
    (void)c;
    return conf(_SC_NPROCESSORS_ONLN);
}

int run_sysconf_phys_pages(struct ctx *c)
{
    (void)c;
    return conf(_SC_PHYS_PAGES);
}

int run_sched_getaffinity(struct ctx *c)
{
    cpu_set_t set;

    (void)c;
    return err(sched_getaffinity(0, sizeof set, &set) < 0);
}

/* CPU_ALLOC, CPU_COUNT_S and CPU_FREE: glibc's __sched_cpualloc,
   __sched_cpucount and __sched_cpufree */
int run_cpu_alloc(struct ctx *c)
{
    c->mem = CPU_ALLOC(1024);
    return err(c->mem == NULL);
}

int fin_cpu_free(struct ctx *c)
{
    CPU_FREE(c->mem);
    return 0;
}

int set_cpu_alloc(struct ctx *c)
{
    if (run_cpu_alloc(c) != 0)
        return err(1);
    CPU_ZERO_S(CPU_ALLOC_SIZE(1024), (cpu_set_t *)c->mem);
    CPU_SET_S(0, CPU_ALLOC_SIZE(1024), (cpu_set_t *)c->mem);
    return 0;
}

int run_cpu_count(struct ctx *c)
{
    return CPU_COUNT_S(CPU_ALLOC_SIZE(1024), (cpu_set_t *)c->mem) == 1
           ? 0 : -1;
}

int run_cpu_free(struct ctx *c)
{
    CPU_FREE(c->mem);
    return 0;
}

/* The user database (files, as in every guest) */
int run_getpwuid(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(getpwuid(0) == NULL);
}

int run_getgrgid(struct ctx *c)
{
    (void)c;
    errno = 0;
    return err(getgrgid(0) == NULL);
}

/* Dynamic symbols */
int run_dlsym(struct ctx *c)
{
    c->mem = dlsym(RTLD_DEFAULT, "malloc");
    return c->mem == NULL ? -1 : 0;
}

/* dlopen(3) of the library the row names (dlopen(libselinux.so.1)):
   mapping it and what it needs, and their constructors, which run as they
   do when a program that needs the library starts */
int run_dlopen_lib(struct ctx *c)
{
    const char *a = strchr(c->name, '('), *b = a ? strchr(a, ')') : NULL;

    if (b == NULL || (size_t)(b - a) > sizeof c->buf)
        return EINVAL;
    memcpy(c->buf, a + 1, (size_t)(b - a - 1));
    c->buf[b - a - 1] = '\0';
    c->mem = dlopen(c->buf, RTLD_NOW);
    return c->mem == NULL ? -1 : 0;
}

int fin_dlclose(struct ctx *c)
{
    void *h = c->mem;

    c->mem = NULL;
    return h != NULL && dlclose(h) != 0 ? -1 : 0;
}

int run_dlerror(struct ctx *c)
{
    (void)c;
    (void)dlerror();
    return 0;
}

/* The system log: openlog(3) with LOG_NDELAY connects at once to
   /dev/log, where a listener is bound (set_syslog, sockets.c);
   closelog(3) after it. */
int run_openlog(struct ctx *c)
{
    (void)c;
    openlog("census", LOG_NDELAY, LOG_USER);
    return 0;
}

int set_openlog(struct ctx *c)
{
    int e = set_syslog(c);

    return e != 0 ? e : run_openlog(c);
}

int run_closelog(struct ctx *c)
{
    (void)c;
    closelog();
    return 0;
}

/* Reading and converting what is in memory */
int run_sscanf(struct ctx *c)
{
    int a = 0, b = 0;

    (void)c;
    return sscanf("12 34", "%d %d", &a, &b) == 2 && a == 12 && b == 34
           ? 0 : -1;
}

int run_mbrtoc32(struct ctx *c)
{
    char32_t wc;
    mbstate_t st;

    (void)c;
    memset(&st, 0, sizeof st);
    return mbrtoc32(&wc, "c", 1, &st) == 1 && wc == U'c' ? 0 : -1;
}

/* A locale object of its own (newlocale(3) of "C", made outside the
   measured call): made current for the thread, or asked by nl_langinfo_l */
int set_newlocale(struct ctx *c)
{
    c->mem = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    return err(c->mem == NULL);
}

int fin_freelocale(struct ctx *c)
{
    if (uselocale(LC_GLOBAL_LOCALE) == (locale_t)0)
        return errno;
    freelocale((locale_t)c->mem);
    c->mem = NULL;
    return 0;
}

int run_uselocale(struct ctx *c)
{
    return err(uselocale((locale_t)c->mem) == (locale_t)0);
}

int run_nl_langinfo_l(struct ctx *c)
{
    const char *s = nl_langinfo_l(CODESET, (locale_t)c->mem);

    return s != NULL && *s != '\0' ? 0 : -1;
}

/* Byte order: glibc's headers compile htonl(x) and the others to an
   instruction; musl's programs call them.  Called here as functions. */
int run_byteorder(struct ctx *c)
{
    /* the row's name: h or n first, l or s fifth (htonl@first too) */
    uint32_t (*l)(uint32_t) = c->name[0] == 'h' ? htonl : ntohl;
    uint16_t (*s)(uint16_t) = c->name[0] == 'h' ? htons : ntohs;
    volatile uint32_t v = 0x01020304;

    if (c->name[4] == 'l')
        return l(l(v)) == v ? 0 : -1;
    return s(s((uint16_t)v)) == (uint16_t)v ? 0 : -1;
}

/* atexit(3) of a handler that the child never runs (it ends by _exit) */
static void at_exit(void)
{
}

int run_atexit(struct ctx *c)
{
    (void)c;
    return atexit(at_exit) == 0 ? 0 : -1;
}
