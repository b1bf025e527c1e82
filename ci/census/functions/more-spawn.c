/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * more-spawn.c - census-probe's functions: what a program that starts
 * others with posix_spawn(3) calls around it (coreutils' sort does, for
 * its --compress-program): the file actions and attributes, each made on
 * memory of its own, and posix_spawnp(3), which looks the program up in
 * PATH.  A row of ci/census/functions/rows.c names them (set-up, call,
 * clean-up); ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

static posix_spawn_file_actions_t actions;
static posix_spawnattr_t attr;

int run_actions_init(struct ctx *c)
{
    (void)c;
    return posix_spawn_file_actions_init(&actions);
}

int set_actions_init(struct ctx *c)
{
    return run_actions_init(c);
}

int run_actions_addclose(struct ctx *c)
{
    (void)c;
    return posix_spawn_file_actions_addclose(&actions, 0);
}

int run_actions_adddup2(struct ctx *c)
{
    (void)c;
    return posix_spawn_file_actions_adddup2(&actions, 1, 2);
}

int run_actions_destroy(struct ctx *c)
{
    (void)c;
    return posix_spawn_file_actions_destroy(&actions);
}

int run_spawnattr_init(struct ctx *c)
{
    (void)c;
    return posix_spawnattr_init(&attr);
}

int set_spawnattr_init(struct ctx *c)
{
    return run_spawnattr_init(c);
}

int run_spawnattr_setflags(struct ctx *c)
{
    (void)c;
    return posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
}

int run_spawnattr_destroy(struct ctx *c)
{
    (void)c;
    return posix_spawnattr_destroy(&attr);
}

/* census-start by its name, with PATH as set_path leaves it (a directory
   that does not exist, then the probe's: the row posix_spawnp(PATH), as
   execlp(PATH=nonexistent:dir), whose name would not fit the tables) */
int run_posix_spawnp(struct ctx *c)
{
    char *argv[] = { "census-start", NULL };

    return posix_spawnp(&c->pid, "census-start", NULL, NULL, argv, environ);
}
