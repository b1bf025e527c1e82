/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init-cpio.h - guest-init unpacking a newc cpio (init-cpio.c).
 */
#ifndef INIT_CPIO_H
#define INIT_CPIO_H

#include <stddef.h>

/* Unpacks the archives in BUF (LEN bytes) below the current directory;
   returns the number of entries made, or -1 with a message in ERR (SIZE
   bytes) naming the entry.  What was made before the fault stays. */
int unpack_cpio(const char *buf, size_t len, char *err, size_t size);

#endif
