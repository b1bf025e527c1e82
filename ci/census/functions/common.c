/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * common.c - census-probe's functions: helpers of the set-up and clean-up functions.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

/* 0, or an errno value; -1 if the call failed without one */
int err(int failed)
{
    if (!failed)
        return 0;
    return errno > 0 ? errno : -1;
}

int make_file(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

    if (fd < 0)
        return errno;
    if (close(fd) < 0)
        return errno;
    return 0;
}

int gone(const char *path)
{
    if (unlink(path) < 0 && errno != ENOENT)
        return errno;
    return 0;
}
