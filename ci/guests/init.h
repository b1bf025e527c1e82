/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init.h - what the parts of guest-init share: guest-init.c (set-up, the
 * results channel, main), init-run.c (running one command), init-lanes.c
 * (running a section's units side by side), init-fwcfg.c and init-cpio.c
 * (receiving the run's files after a restore).
 */
#ifndef GUEST_INIT_H
#define GUEST_INIT_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <sys/io.h>
#define HAVE_DEBUGCON 1
#endif
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/reboot.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "init-cpio.h"
#include "init-script.h"

#define SCRIPT_PATH "/sp/script"
#define SCRIPT_MAX (16 * 1024 * 1024)
#define DEBUGCON_PORT 0xe9
#define LINE_MAX_OUT (1024 * 1024)   /* longer output lines are split */
#define KEEP_LINES 10000             /* a command's output sent: at most this */
#define KEEP_BYTES (1024 * 1024)     /* many lines and bytes; the rest is only
                                        counted (SP-CUT), and a command that
                                        writes without end runs on to its
                                        timeout without flooding the channel */
#define GRACE_MS 1000                /* after the shell exits, wait this long
                                        for others holding the terminal */
#define DRAIN_MS 5000                /* after SIGKILL, wait this long for the
                                        processes to go and the pty to close */

/* guest-init.c: the results channel, the console, the clock */
enum out_kind { OUT_NONE, OUT_CONSOLE, OUT_TTY, OUT_DEBUGCON };
extern enum out_kind out_kind;
void console_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void write_all(int fd, const char *buf, size_t len);
void out_flush(void);
void out_put(const char *data, size_t len);
void out_to_fd(int fd, int ack);
void out_flush_passed(void);
void out_record(const char *prefix, const char *data, size_t len);
void out_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
long long now_ms(void);
void close_or_warn(int fd);

/* init-run.c: runs command C and reports it (SP-BEGIN ... SP-END), then
   SP-TIME */
void run_timed(const struct command *c, int sigfd);

/* init-fwcfg.c: QEMU's fw_cfg files (x86: I/O ports; elsewhere
   fwcfg_open() fails with ENOSYS).  fwcfg_file: the file NAME (allocated,
   NUL added; its length in *LENP), or NULL when there is none. */
int fwcfg_open(void);
void fwcfg_close(void);
char *fwcfg_file(const char *name, size_t *lenp);

/* init-lanes.c: the N commands of a section of LANES lanes */
void run_section(const struct command *cmds, size_t n, unsigned lanes,
                 int sigfd);

#endif
