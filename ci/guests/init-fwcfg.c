/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init-fwcfg.c - guest-init reading a file of QEMU's firmware configuration
 * device (fw_cfg): how a guest restored from a snapshot gets this run's
 * files (guest-init.c, sp.in=fw_cfg; ci/guests/guest-boot gives them with
 * -fw_cfg name=opt/sp/overlay,file=...).
 *
 * QEMU builds fw_cfg's files from its command line when it starts, and
 * they are not part of a snapshot: a guest restored by another QEMU sees
 * that QEMU's files.  On x86 the device is two I/O ports (selector 0x510,
 * data 0x511: QEMU's docs/specs/fw_cfg.rst), read here from user space
 * with ioperm(), so no kernel driver is needed (Debian builds its fw_cfg
 * driver as a module; no module is loaded here).  A byte a port read:
 * 1 MB in about 50 ms under TCG.  Elsewhere fw_cfg is memory-mapped; not
 * used there (yet).
 */
#define _GNU_SOURCE
#include "init.h"

#ifdef HAVE_DEBUGCON

#define FW_CFG_PORT_SEL 0x510
#define FW_CFG_PORT_DATA 0x511
#define FW_CFG_SIGNATURE 0x0000
#define FW_CFG_FILE_DIR 0x0019

static void fw_select(unsigned short sel)
{
    outw(sel, FW_CFG_PORT_SEL);
}

/* rep insb, telling the compiler that it writes BUF (the C library's
   insb() does not: it assumed a zeroed buffer stayed zero). */
static void fw_read(void *buf, size_t len)
{
    __asm__ __volatile__("cld; rep insb"
                         : "+D"(buf), "+c"(len)
                         : "d"((unsigned short)FW_CFG_PORT_DATA)
                         : "memory");
}

static unsigned long be32(const unsigned char *p)
{
    return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16
        | (unsigned long)p[2] << 8 | p[3];
}

int fwcfg_open(void)
{
    char sig[4];

    if (ioperm(FW_CFG_PORT_SEL, 2, 1) < 0)
        return -1;
    fw_select(FW_CFG_SIGNATURE);
    fw_read(sig, sizeof sig);
    if (memcmp(sig, "QEMU", 4) != 0) {
        ioperm(FW_CFG_PORT_SEL, 2, 0);
        errno = ENODEV;
        return -1;
    }
    return 0;
}

void fwcfg_close(void)
{
    if (ioperm(FW_CFG_PORT_SEL, 2, 0) < 0)
        fatal("ioperm %#x: %s", FW_CFG_PORT_SEL, strerror(errno));
}

char *fwcfg_file(const char *name, size_t *lenp)
{
    unsigned char count[4], entry[64];
    unsigned long n, i, size = 0;
    unsigned short sel = 0;
    char *buf;

    fw_select(FW_CFG_FILE_DIR);
    fw_read(count, sizeof count);
    n = be32(count);
    for (i = 0; i < n; i++) {
        /* be32 size, be16 select, be16 reserved, char name[56] */
        fw_read(entry, sizeof entry);
        if (strncmp((char *)entry + 8, name, 56) == 0) {
            size = be32(entry);
            sel = (unsigned short)(entry[4] << 8 | entry[5]);
            break;
        }
    }
    if (i == n)
        return NULL;
    buf = malloc(size + 1);
    if (buf == NULL)
        fatal("fw_cfg %s: %lu bytes: out of memory", name, size);
    fw_select(sel);
    fw_read(buf, size);
    buf[size] = '\0';
    *lenp = size;
    return buf;
}

#else

int fwcfg_open(void)
{
    errno = ENOSYS;
    return -1;
}

void fwcfg_close(void)
{
}

char *fwcfg_file(const char *name, size_t *lenp)
{
    (void)name;
    (void)lenp;
    return NULL;
}

#endif
