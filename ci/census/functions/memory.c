/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memory.c - census-probe's functions: memory and dynamic loading.
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

/* Memory, files, sockets, signals and identity: what sandboxed programs
   call all the time. */
int run_malloc_small(struct ctx *c)
{
    c->mem = malloc(64);
    return c->mem == NULL ? ENOMEM : 0;
}

int run_malloc_large(struct ctx *c)
{
    c->mem = malloc(1 << 20);
    return c->mem == NULL ? ENOMEM : 0;
}

int fin_free(struct ctx *c)
{
    free(c->mem);
    return 0;
}

int set_malloc_large(struct ctx *c)
{
    return run_malloc_large(c);
}

int run_free_large(struct ctx *c)
{
    free(c->mem);
    return 0;
}

int run_posix_memalign(struct ctx *c)
{
    return posix_memalign(&c->mem, 4096, 1 << 20);
}

int run_dlopen(struct ctx *c)
{
    c->mem = dlopen("libm.so.6", RTLD_NOW);
    return c->mem == NULL ? -1 : 0;
}

int fin_dlopen(struct ctx *c)
{
    return c->mem != NULL && dlclose(c->mem) != 0 ? -1 : 0;
}
