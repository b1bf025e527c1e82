/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init-lanes.c - guest-init running a section of its script side by side
 * ("lanes N"; see ci/guests/guest-init.c).  A unit, the consecutive
 * commands with one directory (one page's sessions, in their order), runs
 * in a lane: a process of its own, the subreaper of what its commands
 * leave, which writes its records to a pipe.  Init keeps up to N lanes
 * going.  It passes on a command's records whole once the command has
 * ended (at its SP-TIME), so that the records of one command are never
 * mixed with another's; when a command begins, it sends its SP-BEGIN line
 * alone at once, so that a guest that dies during the command still names
 * it (the SP-BEGIN that begins its records later repeats it).  Before a
 * command runs, its lane sends the line SP-SYNC and waits for a byte on a
 * second pipe: init sends it once it has passed on every record before
 * the SP-SYNC (which goes no further).  Otherwise a command that takes the
 * machine down at once (a panic) could do so before init has read its
 * SP-BEGIN, and the end would be blamed on the command before (seen once
 * in 2026-12).  A session that waits (a timer, a second of CPU time) no
 * longer holds up the others.
 */
#define _GNU_SOURCE
#include "init.h"

struct lane {
    pid_t pid;                  /* 0: free */
    int fd;                     /* its records; -1 once at their end */
    int ack;                    /* init's answers to its SP-SYNCs */
    int ended, status;          /* the lane has been reaped; wait status */
    const struct command *cmds; /* its unit */
    size_t n;
    char *buf;                  /* its records not passed on yet */
    size_t len, cap;
    size_t seen;                /* of buf, the complete lines looked at */
    size_t done;                /* commands whose records are passed on */
};

static void lane_main(const struct command *cmds, size_t n, int fd,
                      int ack, int sigfd) __attribute__((noreturn));

static void lane_main(const struct command *cmds, size_t n, int fd,
                      int ack, int sigfd)
{
    size_t i;

    out_to_fd(fd, ack);
    /* What a command leaves behind comes to the lane, which kills it. */
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0)
        fatal("PR_SET_CHILD_SUBREAPER: %s", strerror(errno));
    for (i = 0; i < n; i++)
        run_timed(&cmds[i], sigfd);
    out_flush();
    _exit(0);
}

/* The end of the unit that begins at cmds[i]: the next directory. */
static size_t unit_end(const struct command *cmds, size_t n, size_t i)
{
    size_t j = i + 1;

    while (j < n && strcmp(cmds[j].cwd, cmds[i].cwd) == 0)
        j++;
    return j;
}

static void start_lane(struct lane *l, const struct command *cmds, size_t n,
                       int sigfd)
{
    int p[2], a[2];
    pid_t pid;

    if (pipe2(p, O_CLOEXEC) < 0 || pipe2(a, O_CLOEXEC) < 0)
        fatal("pipe: %s", strerror(errno));
    /* Init never waits on a lane: a full pipe drops the answer. */
    if (fcntl(a[1], F_SETFL, O_NONBLOCK) < 0)
        fatal("fcntl: %s", strerror(errno));
    out_flush();        /* the lane must not send init's records again */
    pid = fork();
    if (pid < 0)
        fatal("fork: %s", strerror(errno));
    if (pid == 0) {
        close_or_warn(p[0]);
        close_or_warn(a[1]);
        lane_main(cmds, n, p[1], a[0], sigfd);
    }
    close_or_warn(p[1]);
    close_or_warn(a[0]);
    memset(l, 0, sizeof *l);
    l->pid = pid;
    l->fd = p[0];
    l->ack = a[1];
    l->cmds = cmds;
    l->n = n;
}

/* Looks at the lines that are complete: an SP-BEGIN is sent alone at
   once; with an SP-TIME, the records up to it are sent. */
static void pass_on(struct lane *l)
{
    char *p, *nl;
    size_t end;

    while (l->seen < l->len
           && (nl = memchr(l->buf + l->seen, '\n', l->len - l->seen)) != NULL) {
        p = l->buf + l->seen;
        end = (size_t)(nl - l->buf) + 1;
        if (end - l->seen == 8 && memcmp(p, "SP-SYNC\n", 8) == 0) {
            /* Everything before it is passed on: answer, and drop it. */
            memmove(p, l->buf + end, l->len - end);
            l->len -= 8;
            if (write(l->ack, "", 1) < 0) {
                /* the lane is gone: nobody waits */
            }
            continue;
        }
        if (strncmp(p, "SP-BEGIN ", 9) == 0) {
            out_put(p, end - l->seen);
            out_flush();
        }
        l->seen = end;
        if (strncmp(p, "SP-TIME ", 8) == 0) {
            out_put(l->buf, end);
            out_flush();
            memmove(l->buf, l->buf + end, l->len - end);
            l->len -= end;
            l->seen = 0;
            l->done++;
        }
    }
}

static void read_lane(struct lane *l)
{
    ssize_t r;

    if (l->cap - l->len < 8192) {
        size_t cap = l->cap ? l->cap * 2 : 65536;
        char *nb = realloc(l->buf, cap);

        if (nb == NULL)
            fatal("out of memory");
        l->buf = nb;
        l->cap = cap;
    }
    r = read(l->fd, l->buf + l->len, l->cap - l->len);
    if (r > 0) {
        l->len += (size_t)r;
        pass_on(l);
    } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
        close_or_warn(l->fd);
        l->fd = -1;
    }
}

/* Whether the lane's records hold a line "PREFIX ID" or "PREFIX ID ...". */
static int has_record(const struct lane *l, const char *prefix, const char *id)
{
    size_t pl = strlen(prefix), il = strlen(id);
    const char *p = l->buf, *end = l->buf + l->len, *nl;

    while (p < end) {
        nl = memchr(p, '\n', (size_t)(end - p));
        if (nl == NULL)
            nl = end;
        if ((size_t)(nl - p) >= pl + il && memcmp(p, prefix, pl) == 0
            && memcmp(p + pl, id, il) == 0
            && (p + pl + il == nl || p[pl + il] == ' '))
            return 1;
        p = nl + 1;
    }
    return 0;
}

/* Sends what is left of the unit's records; a lane that did not end well
   leaves commands without an end, and each gets one saying so. */
static void finish_lane(struct lane *l)
{
    char why[64];
    size_t i;

    if (l->len > 0) {
        out_put(l->buf, l->len);
        if (l->buf[l->len - 1] != '\n')
            out_put("\n", 1);
    }
    if (!WIFEXITED(l->status) || WEXITSTATUS(l->status) != 0) {
        if (WIFSIGNALED(l->status))
            snprintf(why, sizeof why, "signal %d", WTERMSIG(l->status));
        else
            snprintf(why, sizeof why, "status %d", WEXITSTATUS(l->status));
        for (i = l->done; i < l->n; i++) {
            if (has_record(l, "SP-END ", l->cmds[i].id))
                continue;
            if (!has_record(l, "SP-BEGIN ", l->cmds[i].id))
                out_printf("SP-BEGIN %s", l->cmds[i].id);
            out_printf("SP-END %s error the lane running it ended (%s)",
                       l->cmds[i].id, why);
        }
    }
    out_flush();
    close_or_warn(l->ack);
    free(l->buf);
    memset(l, 0, sizeof *l);
}

/* Takes init's SIGCHLDs off the signalfd and reaps its lanes. */
static void reap_lanes(struct lane *lanes, unsigned nl, int sigfd)
{
    struct signalfd_siginfo si;
    unsigned k;
    pid_t w;
    int st;

    while (read(sigfd, &si, sizeof si) > 0)
        continue;
    while ((w = waitpid(-1, &st, WNOHANG)) > 0) {
        for (k = 0; k < nl; k++) {
            if (lanes[k].pid == w) {
                lanes[k].ended = 1;
                lanes[k].status = st;
            }
        }
    }
}

void run_section(const struct command *cmds, size_t n, unsigned nlanes,
                 int sigfd)
{
    struct lane lanes[LANES_MAX];
    struct pollfd pfd[LANES_MAX + 1];
    unsigned k, np, active = 0, at[LANES_MAX + 1];
    size_t next = 0, end;

    if (nlanes > LANES_MAX)
        nlanes = LANES_MAX;
    memset(lanes, 0, sizeof lanes);
    while (next < n || active > 0) {
        for (k = 0; k < nlanes && next < n; k++) {
            if (lanes[k].pid != 0)
                continue;
            end = unit_end(cmds, n, next);
            start_lane(&lanes[k], &cmds[next], end - next, sigfd);
            next = end;
            active++;
        }
        pfd[0].fd = sigfd;
        pfd[0].events = POLLIN;
        np = 1;
        for (k = 0; k < nlanes; k++) {
            if (lanes[k].pid != 0 && lanes[k].fd >= 0) {
                pfd[np].fd = lanes[k].fd;
                pfd[np].events = POLLIN;
                at[np++] = k;
            }
        }
        if (poll(pfd, np, -1) < 0) {
            if (errno == EINTR)
                continue;
            fatal("poll: %s", strerror(errno));
        }
        for (k = 1; k < np; k++)
            if (pfd[k].revents != 0)
                read_lane(&lanes[at[k]]);
        if (pfd[0].revents != 0)
            reap_lanes(lanes, nlanes, sigfd);
        for (k = 0; k < nlanes; k++) {
            if (lanes[k].pid != 0 && lanes[k].ended && lanes[k].fd < 0) {
                finish_lane(&lanes[k]);
                active--;
            }
        }
    }
}
