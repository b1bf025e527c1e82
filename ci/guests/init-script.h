/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init-script.h - reading guest-init's script (init-script.c; the format is
 * in ci/guests/guest-init.c and doc/formats.md).
 */
#ifndef INIT_SCRIPT_H
#define INIT_SCRIPT_H

#include <stddef.h>

struct command {
    char *id;
    unsigned uid;
    unsigned timeout;
    char *cwd;
    char *text;
    unsigned lanes;     /* of its section: units run at once (1: alone) */
};

#define LANES_MAX 16    /* "lanes N": at most this many units at once */

/* Parses the script TEXT in place into *CMDSP (allocated); returns the
   count.  A bad line is fatal(). */
size_t parse_script(char *text, struct command **cmdsp);

/* Splits a copy of TEXT into ARGV (at most MAX - 1 words) when it is a
   simple command; returns the number of words, or 0 when it needs
   /bin/sh. */
size_t simple_words(const char *text, char **argv, size_t max);

/* The program's own (guest-init: SP-FATAL, then power off) */
void fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#endif
