/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init-cpio.c - guest-init unpacking the run's files (a newc cpio, as
 * ci/guests/run-guest makes the overlay) into the current directory.  A
 * guest restored from a snapshot gets its files this way instead of in its
 * initramfs (guest-init.c, sp.in=).  No C library of the guest's is used
 * beyond POSIX, so it is tested on the host (tests/init-cpio.t.sh).
 *
 * What the kernel's initramfs unpacker does with the same archive, for the
 * entries run-guest writes: directories (made if missing, owner and mode
 * set as in the archive, also for one that exists), regular files and
 * symbolic links, each with the archive's modification time (as access
 * time too; a directory's set at the end, once nothing is added to it);
 * several archives one after the other, with NUL padding between them.  Anything else (a hard link, a device, a name that leaves
 * the directory) is refused, naming the entry.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "init-cpio.h"

#define HDR 110             /* "070701" and 13 fields of 8 hex digits */
#define DIRS_MAX 4096       /* directories whose times are set at the end */

static int fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
    return -1;
}

/* Field I (0: c_ino ... 12: c_check) of the header at H, or -1. */
static long field(const char *h, int i)
{
    long v = 0;
    int k;
    char c;

    for (k = 0; k < 8; k++) {
        c = h[6 + 8 * i + k];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return -1;
    }
    return v;
}

/* A name that stays below the directory: relative, no ".." component. */
static int name_ok(const char *name)
{
    const char *p = name;

    if (*name == '/' || *name == '\0')
        return 0;
    while (*p != '\0') {
        if (p[0] == '.' && p[1] == '.' && (p[2] == '/' || p[2] == '\0'))
            return 0;
        p = strchr(p, '/');
        if (p == NULL)
            break;
        p++;
    }
    return 1;
}

/* NAME's access and modification times: MTIME (not following a link). */
static int set_time(const char *name, long mtime, char *err, size_t size)
{
    struct timespec t[2];

    t[0].tv_sec = t[1].tv_sec = (time_t)mtime;
    t[0].tv_nsec = t[1].tv_nsec = 0;
    if (utimensat(AT_FDCWD, name, t, AT_SYMLINK_NOFOLLOW) < 0)
        return fail(err, size, "cpio: %s: times: %s", name, strerror(errno));
    return 0;
}

static int write_file(const char *name, const char *data, size_t len,
                      mode_t mode, uid_t uid, gid_t gid, char *err,
                      size_t size)
{
    ssize_t n;
    int fd;

    if (unlink(name) < 0 && errno != ENOENT)
        return fail(err, size, "cpio: %s: unlink: %s", name, strerror(errno));
    fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
              0600);
    if (fd < 0)
        return fail(err, size, "cpio: %s: open: %s", name, strerror(errno));
    while (len > 0) {
        n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            close(fd);
            return fail(err, size, "cpio: %s: write: %s", name,
                        n < 0 ? strerror(errno) : "nothing written");
        }
        data += n;
        len -= (size_t)n;
    }
    if (fchown(fd, uid, gid) < 0 || fchmod(fd, mode) < 0) {
        close(fd);
        return fail(err, size, "cpio: %s: owner or mode: %s", name,
                    strerror(errno));
    }
    if (close(fd) < 0)
        return fail(err, size, "cpio: %s: close: %s", name, strerror(errno));
    return 0;
}

int unpack_cpio(const char *buf, size_t len, char *err, size_t size)
{
    size_t off = 0, namesize, filesize, dataoff, next, ndirs = 0, d;
    static struct { size_t name; long mtime; } dirs[DIRS_MAX];
    long f[13];
    int i, archives = 0, entries = 0;
    char name[4096], target[4096];
    mode_t mode;

    for (;;) {
        /* Between archives (and after the last): NUL padding. */
        while (off < len && buf[off] == '\0')
            off++;
        if (off == len)
            break;
        if (len - off < HDR || memcmp(buf + off, "070701", 6) != 0)
            return fail(err, size, "cpio: no newc header at byte %zu", off);
        for (i = 0; i < 13; i++) {
            f[i] = field(buf + off, i);
            if (f[i] < 0)
                return fail(err, size, "cpio: bad header at byte %zu", off);
        }
        namesize = (size_t)f[11];
        filesize = (size_t)f[6];
        dataoff = (off + HDR + namesize + 3) & ~(size_t)3;
        if (namesize == 0 || namesize > sizeof name || dataoff > len
            || filesize > len - dataoff)
            return fail(err, size, "cpio: entry at byte %zu runs past the "
                        "end (%zu bytes)", off, len);
        memcpy(name, buf + off + HDR, namesize);
        if (name[namesize - 1] != '\0')
            return fail(err, size, "cpio: name at byte %zu not terminated",
                        off);
        next = (dataoff + filesize + 3) & ~(size_t)3;
        if (strcmp(name, "TRAILER!!!") == 0) {
            archives++;
            off = next > len ? len : next;
            continue;
        }
        mode = (mode_t)f[1];
        if (strcmp(name, ".") != 0 && !name_ok(name))
            return fail(err, size, "cpio: %s: a name outside the directory",
                        name);
        if (S_ISDIR(mode)) {
            if (mkdir(name, 0700) < 0 && errno != EEXIST)
                return fail(err, size, "cpio: %s: mkdir: %s", name,
                            strerror(errno));
            if (lchown(name, (uid_t)f[2], (gid_t)f[3]) < 0
                || chmod(name, mode & 07777) < 0)
                return fail(err, size, "cpio: %s: owner or mode: %s", name,
                            strerror(errno));
            if (ndirs == DIRS_MAX)
                return fail(err, size, "cpio: %s: more than %d directories",
                            name, DIRS_MAX);
            /* Its name stays in BUF: the header's offset is kept. */
            dirs[ndirs].name = off + HDR;
            dirs[ndirs++].mtime = f[5];
        } else if (S_ISREG(mode)) {
            if (f[4] > 1)
                return fail(err, size, "cpio: %s: a hard link (not made "
                            "here)", name);
            if (write_file(name, buf + dataoff, filesize, mode & 07777,
                           (uid_t)f[2], (gid_t)f[3], err, size) < 0
                || set_time(name, f[5], err, size) < 0)
                return -1;
        } else if (S_ISLNK(mode)) {
            if (filesize == 0 || filesize >= sizeof target)
                return fail(err, size, "cpio: %s: bad link target", name);
            memcpy(target, buf + dataoff, filesize);
            target[filesize] = '\0';
            if ((unlink(name) < 0 && errno != ENOENT)
                || symlink(target, name) < 0
                || lchown(name, (uid_t)f[2], (gid_t)f[3]) < 0)
                return fail(err, size, "cpio: %s: symlink: %s", name,
                            strerror(errno));
            if (set_time(name, f[5], err, size) < 0)
                return -1;
        } else {
            return fail(err, size, "cpio: %s: mode %#o is not a directory, "
                        "file or link", name, (unsigned)mode);
        }
        entries++;
        off = next;
    }
    if (archives == 0)
        return fail(err, size, "cpio: no trailer (%d entries): the archive "
                    "is cut short", entries);
    for (d = 0; d < ndirs; d++)
        if (set_time(buf + dirs[d].name, dirs[d].mtime, err, size) < 0)
            return -1;
    return entries;
}
