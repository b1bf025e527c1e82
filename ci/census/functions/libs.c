/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libs.c - census-probe's functions: those of the libraries besides the
 * C library that ls(1) needs (libselinux.so.1, libcap.so.2), where the
 * guest's image carries them (ci/census/build: HAVE_LIB_*).  The probe
 * links with neither: the set-up loads the library with dlopen(3) and
 * finds the function with dlsym(3), both outside the measured call, and
 * the clean-up unloads it.  The row's name is the function's, with what
 * matters of its argument in parentheses: "(absent)" asks for the
 * extended attribute of a file that has none (no SELinux label, no file
 * capabilities: the path ls takes on a system without them).
 * A row of ci/census/functions/rows.c names them (set-up, call, clean-up);
 * ci/census/probe.c calls them in a child (see there).
 */
#include "functions.h"

#if defined HAVE_LIB_SELINUX || defined HAVE_LIB_CAP
/* The function the row names, from the library loaded into c->mem, and
   memory of the library's that the row hands to it or takes from it. */
static void *fn, *held;

/* dlopen(3) of SONAME and dlsym(3) of the row's function: its name up to
   a parenthesis, or to the @ of a row measured again (freecon@first) */
static int load(struct ctx *c, const char *soname)
{
    size_t n = strcspn(c->name, "(@");

    if (n >= sizeof c->buf)
        return EINVAL;
    memcpy(c->buf, c->name, n);
    c->buf[n] = '\0';
    c->mem = dlopen(soname, RTLD_NOW);
    if (c->mem == NULL)
        return -1;
    fn = dlsym(c->mem, c->buf);
    return fn == NULL ? -1 : 0;
}

static int unload(struct ctx *c)
{
    void *h = c->mem;

    c->mem = NULL;
    fn = NULL;
    return h != NULL && dlclose(h) != 0 ? -1 : 0;
}
#endif

#ifdef HAVE_LIB_SELINUX
/* getfilecon(3) and its kin: a path (or a descriptor) and where to put
   the context it reads */
typedef int path_con_fn(const char *, char **);
typedef int fd_con_fn(int, char **);

int set_selinux(struct ctx *c)
{
    int e = make_file("label");

    return e != 0 ? e : load(c, "libselinux.so.1");
}

int set_selinux_fd(struct ctx *c)
{
    int e = set_selinux(c);

    if (e != 0)
        return e;
    c->fd = open("label", O_RDONLY | O_CLOEXEC);
    return err(c->fd < 0);
}

int fin_selinux(struct ctx *c)
{
    int e = unload(c);

    return e != 0 ? e : gone("label");
}

int fin_selinux_fd(struct ctx *c)
{
    int e = close(c->fd) < 0 ? errno : 0;

    c->fd = -1;
    return e != 0 ? e : fin_selinux(c);
}

/* Each gives back the error it failed with: a file without a label has
   none to read (ENODATA, or EOPNOTSUPP where the file system keeps no
   such attribute), and the row records it. */
int run_path_con(struct ctx *c)
{
    char *con = NULL;
    int r;

    (void)c;
    r = ((path_con_fn *)fn)("label", &con);
    if (r < 0)
        return err(1);
    free(con);
    return 0;
}

int run_fd_con(struct ctx *c)
{
    char *con = NULL;
    int r;

    r = ((fd_con_fn *)fn)(c->fd, &con);
    if (r < 0)
        return err(1);
    free(con);
    return 0;
}

/* freecon(3) of a context as the others give one: memory of malloc(3) */
int set_freecon(struct ctx *c)
{
    int e = load(c, "libselinux.so.1");

    if (e != 0)
        return e;
    held = strdup("system_u:object_r:unlabeled_t:s0");
    return err(held == NULL);
}

int run_freecon(struct ctx *c)
{
    (void)c;
    ((void (*)(char *))fn)(held);
    held = NULL;
    return 0;
}

int fin_freecon(struct ctx *c)
{
    free(held);
    held = NULL;
    return unload(c);
}
#endif

#ifdef HAVE_LIB_CAP
/* libcap's cap_t is a pointer; its functions are found by name */
typedef void *cap_fn(void);

static void *caps;

int set_cap_file(struct ctx *c)
{
    int e = make_file("caps");

    return e != 0 ? e : load(c, "libcap.so.2");
}

int run_cap_get_file(struct ctx *c)
{
    void *r;

    (void)c;
    r = ((void *(*)(const char *))fn)("caps");
    if (r == NULL)
        return err(1);
    caps = r;
    return 0;
}

int fin_cap_file(struct ctx *c)
{
    int (*cap_free)(void *) = (int (*)(void *))dlsym(c->mem, "cap_free");
    int e;

    if (caps != NULL && cap_free != NULL)
        (void)cap_free(caps);
    caps = NULL;
    e = unload(c);
    return e != 0 ? e : gone("caps");
}

/* An empty capability state (cap_init(3)), for cap_to_text and cap_free */
int set_cap_init(struct ctx *c)
{
    cap_fn *init;
    int e = load(c, "libcap.so.2");

    if (e != 0)
        return e;
    init = (cap_fn *)dlsym(c->mem, "cap_init");
    caps = init != NULL ? init() : NULL;
    return caps == NULL ? -1 : 0;
}

int run_cap_to_text(struct ctx *c)
{
    ssize_t n;

    (void)c;
    held = ((char *(*)(void *, ssize_t *))fn)(caps, &n);
    return held == NULL ? err(1) : 0;
}

int fin_cap_to_text(struct ctx *c)
{
    int (*cap_free)(void *) = (int (*)(void *))dlsym(c->mem, "cap_free");

    if (cap_free == NULL)
        return -1;
    if (held != NULL)
        (void)cap_free(held);
    held = NULL;
    (void)cap_free(caps);
    caps = NULL;
    return unload(c);
}

int run_cap_free(struct ctx *c)
{
    int r;

    (void)c;
    r = ((int (*)(void *))fn)(caps);
    caps = NULL;
    return err(r < 0);
}

int fin_cap_free(struct ctx *c)
{
    return unload(c);
}
#endif
