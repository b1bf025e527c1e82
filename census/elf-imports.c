/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elf-imports - the functions an ELF program imports, read from its dynamic
 * symbol table, and the libraries it loads; the program is never run.  Used
 * by seccomp-census --for.
 *
 * usage: elf-imports [-R ROOT] FILE
 * Prints "abi ABI" (x86_64, i386, x32, aarch64, armhf, riscv64, s390x,
 * ppc64le, or the ELF machine number for others), then "needed LIBRARY" for
 * each library the dynamic linker loads before main: FILE's DT_NEEDED
 * entries in order, then theirs, breadth first, each once; "missing
 * LIBRARY" for one that was not found (what it needs is then not read);
 * then "import NAME" for each undefined symbol of type FUNC (or GNU_IFUNC)
 * in FILE's .dynsym, in table order, each name once.  32- and 64-bit ELF
 * files of either byte order.
 * Libraries are looked up as the dynamic linker does, under ROOT (default
 * /: a program of a system image unpacked in ROOT): in the DT_RUNPATH (or
 * else DT_RPATH) of the object that needs them ($ORIGIN is its directory),
 * the directories of ROOT/etc/ld.so.conf (and the files it includes), the
 * multiarch directories ROOT/lib/<triplet> and ROOT/usr/lib/<triplet>,
 * then ROOT/lib64, ROOT/libx32, ROOT/lib32, ROOT/lib and the same under
 * ROOT/usr; a file of another ELF class, byte order or machine than FILE is
 * passed over, as the dynamic linker does.  A symbolic link whose target is
 * absolute is followed inside ROOT.
 * Exit 0; 1 with a message naming the file when FILE, or a library found for
 * it, is not such a file, or FILE has no dynamic symbol table (a static
 * program imports nothing).
 */
#include <errno.h>
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *file;
static unsigned char *img;
static size_t len;
static int big, wide;	/* big-endian, ELFCLASS64 */

static void fail(const char *what)
{
    fprintf(stderr, "elf-imports: %s: %s\n", file, what);
    exit(1);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);

    if (p == NULL)
        fail("out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;

    return memcpy(xmalloc(n), s, n);
}

/* A, B and C joined */
static char *cat3(const char *a, const char *b, const char *c)
{
    size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
    char *p = xmalloc(na + nb + nc + 1);

    memcpy(p, a, na);
    memcpy(p + na, b, nb);
    memcpy(p + na + nb, c, nc + 1);
    return p;
}

/* the N-byte unsigned integer at OFF, in the file's byte order */
static uint64_t get(size_t off, int n)
{
    uint64_t v = 0;

    if (off > len || (size_t)n > len - off)
        fail("truncated (an offset points past its end)");
    for (int i = 0; i < n; i++) {
        int b = big ? i : n - 1 - i;

        v = v << 8 | img[off + (size_t)b];
    }
    return v;
}

/* an address-sized field: 4 or 8 bytes */
static uint64_t addr(size_t off)
{
    return get(off, wide ? 8 : 4);
}

/* PATH into img, len; big and wide from its header, which must be ELF */
static void read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 1 << 16;

    file = path;
    free(img);
    img = NULL;
    len = 0;
    if (f == NULL) {
        fprintf(stderr, "elf-imports: %s: %s\n", path, strerror(errno));
        exit(1);
    }
    img = xmalloc(cap);
    for (;;) {
        size_t n = fread(img + len, 1, cap - len, f);

        len += n;
        if (len < cap) {
            if (ferror(f))
                fail("read error");
            break;
        }
        cap *= 2;
        unsigned char *p = realloc(img, cap);

        if (p == NULL)
            fail("out of memory");
        img = p;
    }
    if (fclose(f) != 0)
        fail("read error");
    if (len < 20 || memcmp(img, "\177ELF", 4) != 0)
        fail("not an ELF file");
    if (img[4] != 1 && img[4] != 2)
        fail("unknown ELF class");
    if (img[5] != 1 && img[5] != 2)
        fail("unknown ELF byte order");
    wide = img[4] == 2;
    big = img[5] == 2;
}

static const char *abi_name(unsigned machine)
{
    static char num[32];

    switch (machine) {
    case 62:	/* EM_X86_64 */
        return wide ? "x86_64" : "x32";
    case 3:	/* EM_386 */
        return "i386";
    case 183:	/* EM_AARCH64 */
        return "aarch64";
    case 40:	/* EM_ARM */
        return "armhf";
    case 243:	/* EM_RISCV */
        return wide ? "riscv64" : "riscv32";
    case 22:	/* EM_S390 */
        return wide ? "s390x" : "s390";
    case 21:	/* EM_PPC64 */
        return big ? "ppc64" : "ppc64le";
    default:
        snprintf(num, sizeof(num), "machine-%u", machine);
        return num;
    }
}

/* the section headers of the file read */
static size_t shoff, shentsize, shnum;

static void sections(void)
{
    shoff = (size_t)addr(wide ? 40 : 32);
    shentsize = (size_t)get(wide ? 58 : 46, 2);
    shnum = (size_t)get(wide ? 60 : 48, 2);
    if (shoff == 0 || shnum == 0)
        fail("no section headers, so no dynamic symbol table to read");
    if (shentsize < (wide ? 64u : 40u))
        fail("section headers too small");
}

static const char *root = "";	/* "" for / */

/* The libraries to load: a queue, each name once; for each the directory
   list its needer's DT_RUNPATH or DT_RPATH gives (search_list), or NULL. */
static char **qname, **qpath;
static size_t qn, qcap;

static void enqueue(const char *name, const char *path)
{
    for (size_t i = 0; i < qn; i++)
        if (strcmp(qname[i], name) == 0)
            return;
    if (qn == qcap) {
        qcap = qcap ? 2 * qcap : 16;
        char **a = realloc(qname, qcap * sizeof(*a)), **b;

        if (a == NULL)
            fail("out of memory");
        qname = a;
        b = realloc(qpath, qcap * sizeof(*b));
        if (b == NULL)
            fail("out of memory");
        qpath = b;
    }
    qname[qn] = xstrdup(name);
    qpath[qn] = path ? xstrdup(path) : NULL;
    qn++;
}

/* ORIGIN's directory, for $ORIGIN */
static char *dirname_of(const char *path)
{
    const char *s = strrchr(path, '/');

    if (s == NULL)
        return xstrdup(".");
    if (s == path)
        return xstrdup("/");
    char *d = xmalloc((size_t)(s - path) + 1);

    memcpy(d, path, (size_t)(s - path));
    d[s - path] = 0;
    return d;
}

/* A needer's DT_RUNPATH or DT_RPATH as directories on this machine,
   ":"-separated: $ORIGIN and ${ORIGIN} replaced by ORIGIN (the needer's
   directory here), another absolute entry put under root, a relative one
   left as it is (the dynamic linker takes it from its working directory) */
static char *search_list(const char *paths, const char *origin)
{
    size_t cap = strlen(paths) + 1, n = 0;
    char *out = xmalloc(cap);
    int start = 1;	/* at the start of an entry */

    for (const char *p = paths; *p; ) {
        size_t skip = strncmp(p, "${ORIGIN}", 9) == 0 ? 9 : strncmp(p, "$ORIGIN", 7) == 0 ? 7 : 0;
        const char *add = skip ? origin : start && *p == '/' ? root : p;
        size_t m = skip ? strlen(origin) : start && *p == '/' ? strlen(root) : 1;

        if (n + m + 2 > cap) {
            cap = 2 * (n + m + 2);
            char *q = realloc(out, cap);

            if (q == NULL)
                fail("out of memory");
            out = q;
        }
        memcpy(out + n, add, m);
        n += m;
        if (!skip && start && *p == '/')
            out[n++] = *p;	/* the root, then the entry's own / */
        start = *p == ':';
        p += skip ? skip : 1;
    }
    out[n] = 0;
    return out;
}

/* The dynamic section of the file read, whose path is PATH: each DT_NEEDED
   queued, with its DT_RUNPATH,
   else DT_RPATH, as where to look first */
static void dynamic(const char *path)
{
    for (size_t i = 0; i < shnum; i++) {
        size_t sh = shoff + i * shentsize;

        if (get(sh + 4, 4) != 6)	/* SHT_DYNAMIC */
            continue;
        size_t link = (size_t)get(sh + (wide ? 40 : 24), 4);
        size_t dynoff = (size_t)addr(sh + (wide ? 24 : 16));
        size_t dynsize = (size_t)addr(sh + (wide ? 32 : 20));
        size_t dynent = wide ? 16 : 8;

        if (link >= shnum)
            fail("the dynamic section names no string table");
        size_t st = shoff + link * shentsize;
        size_t doff = (size_t)addr(st + (wide ? 24 : 16));
        size_t dsize = (size_t)addr(st + (wide ? 32 : 20));

        if (doff > len || dsize > len - doff || dynoff > len || dynsize > len - dynoff)
            fail("truncated (a section lies past its end)");
        const char *runpath = NULL, *rpath = NULL;

        for (int pass = 0; pass < 2; pass++)
            for (size_t d = dynoff; d + dynent <= dynoff + dynsize; d += dynent) {
                uint64_t tag = addr(d);
                size_t val = (size_t)addr(d + dynent / 2);

                if (tag == 0)	/* DT_NULL */
                    break;
                /* DT_NEEDED 1, DT_RPATH 15, DT_RUNPATH 29 */
                if ((pass == 0 && tag != 15 && tag != 29) || (pass == 1 && tag != 1) || val >= dsize)
                    continue;
                const char *p = (const char *)img + doff + val;

                if (strnlen(p, dsize - val) == dsize - val)
                    fail("a name in the dynamic section runs past the string table");
                if (tag == 29)
                    runpath = p;
                else if (tag == 15)
                    rpath = p;
                else {
                    const char *rp = runpath ? runpath : rpath;
                    char *origin = dirname_of(path);
                    char *where = rp ? search_list(rp, origin) : NULL;

                    enqueue(p, where);
                    free(origin);
                    free(where);
                }
            }
        break;
    }
}

static unsigned want_machine;
static int want_wide, want_big;

/* PATH, a file under root, with a symbolic link whose target is absolute
   followed inside root; NULL when it does not exist */
static char *inside_root(const char *path)
{
    char *p = xstrdup(path);

    for (int hops = 0; hops < 40; hops++) {
        struct stat sb;
        char buf[4096];

        if (lstat(p, &sb) != 0) {
            free(p);
            return NULL;
        }
        if (!S_ISLNK(sb.st_mode))
            return p;
        ssize_t n = readlink(p, buf, sizeof(buf) - 1);

        if (n < 0) {
            free(p);
            return NULL;
        }
        buf[n] = 0;
        char *next;

        if (buf[0] == '/')
            next = cat3(root, buf, "");
        else {
            char *d = dirname_of(p);

            next = cat3(d, "/", buf);
            free(d);
        }
        free(p);
        p = next;
    }
    free(p);
    return NULL;
}

/* an ELF file of the program's class, byte order and machine */
static int compatible(const char *path)
{
    unsigned char h[20];
    FILE *f = fopen(path, "rb");
    int ok;

    if (f == NULL)
        return 0;
    ok = fread(h, 1, sizeof(h), f) == sizeof(h) && memcmp(h, "\177ELF", 4) == 0 &&
         h[4] == (want_wide ? 2 : 1) && h[5] == (want_big ? 2 : 1) &&
         (unsigned)(want_big ? h[18] << 8 | h[19] : h[19] << 8 | h[18]) == want_machine;
    fclose(f);
    return ok;
}

/* the directories searched after a needer's own: ld.so.conf's, then the
   usual ones */
static char **dirs;
static size_t ndirs, capdirs;

static void add_dir(const char *d)
{
    if (ndirs == capdirs) {
        capdirs = capdirs ? 2 * capdirs : 32;
        char **a = realloc(dirs, capdirs * sizeof(*a));

        if (a == NULL)
            fail("out of memory");
        dirs = a;
    }
    dirs[ndirs++] = xstrdup(d);
}

/* ld.so.conf under root: one directory per line, "include GLOB" (relative
   to its /etc), # comments; at most 8 levels of include */
static void read_conf(const char *path, int depth)
{
    FILE *f = fopen(path, "r");
    char line[4096];

    if (f == NULL || depth > 8) {
        if (f)
            fclose(f);
        return;
    }
    while (fgets(line, sizeof(line), f)) {
        char *h = strchr(line, '#'), *s = line, *e;

        if (h)
            *h = 0;
        while (*s == ' ' || *s == '\t')
            s++;
        e = s + strlen(s);
        while (e > s && (e[-1] == '\n' || e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
            *--e = 0;
        if (*s == 0)
            continue;
        if (strncmp(s, "include", 7) == 0 && (s[7] == ' ' || s[7] == '\t')) {
            s += 8;
            while (*s == ' ' || *s == '\t')
                s++;
            char *pat = cat3(root, *s == '/' ? "" : "/etc/", s);
            glob_t g;

            if (glob(pat, 0, NULL, &g) == 0) {
                for (size_t i = 0; i < g.gl_pathc; i++)
                    read_conf(g.gl_pathv[i], depth + 1);
                globfree(&g);
            }
            free(pat);
        } else if (*s == '/')
            add_dir(s);
    }
    fclose(f);
}

static void search_dirs(void)
{
    static const char *const usual[] = { "/lib64", "/libx32", "/lib32", "/lib", "/usr/lib64", "/usr/libx32", "/usr/lib32", "/usr/lib" };
    static const char *const multi[] = { "/lib/*-linux-*", "/usr/lib/*-linux-*" };
    char *conf = cat3(root, "/etc/ld.so.conf", "");

    read_conf(conf, 0);
    free(conf);
    for (size_t i = 0; i < sizeof(multi) / sizeof(multi[0]); i++) {
        char *pat = cat3(root, multi[i], "");
        glob_t g;

        if (glob(pat, GLOB_MARK, NULL, &g) == 0) {
            for (size_t j = 0; j < g.gl_pathc; j++) {
                char *d = g.gl_pathv[j];
                size_t n = strlen(d);

                if (n > 1 && d[n - 1] == '/') {	/* a directory */
                    d[n - 1] = 0;
                    add_dir(d + strlen(root));
                }
            }
            globfree(&g);
        }
        free(pat);
    }
    for (size_t i = 0; i < sizeof(usual) / sizeof(usual[0]); i++)
        add_dir(usual[i]);
}

/* NAME looked up in the directories of LIST (search_list's), then in
   dirs (under root) */
static char *find_library(const char *name, const char *list)
{
    if (strchr(name, '/')) {
        char *p = name[0] == '/' ? cat3(root, name, "") : xstrdup(name);
        char *r = inside_root(p);

        free(p);
        if (r && compatible(r))
            return r;
        free(r);
        return NULL;
    }
    for (const char *l = list; l && *l; ) {
        size_t n = strcspn(l, ":");
        char *d = xmalloc(n + 1);

        memcpy(d, l, n);
        d[n] = 0;
        if (n) {
            char *f = cat3(d, "/", name);
            char *r = inside_root(f);

            free(f);
            if (r && compatible(r)) {
                free(d);
                return r;
            }
            free(r);
        }
        free(d);
        l += n;
        if (*l == ':')
            l++;
    }
    for (size_t i = 0; i < ndirs; i++) {
        char *f = cat3(root, dirs[i], "/");
        char *g = cat3(f, name, "");
        char *r = inside_root(g);

        free(f);
        free(g);
        if (r && compatible(r))
            return r;
        free(r);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int opt;

    while ((opt = getopt(argc, argv, "R:")) != -1) {
        if (opt == 'R') {
            root = optarg;
            /* "/" and "dir/" as "" and "dir": paths are root + "/..." */
            size_t n = strlen(root);
            char *r = xstrdup(root);

            while (n > 0 && r[n - 1] == '/')
                r[--n] = 0;
            root = r;
        } else {
            fputs("usage: elf-imports [-R ROOT] FILE\n", stderr);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fputs("usage: elf-imports [-R ROOT] FILE\n", stderr);
        return 2;
    }
    const char *prog = argv[optind];

    read_file(prog);
    unsigned machine = (unsigned)get(18, 2);

    sections();

    /* .dynsym: the section of type SHT_DYNSYM; its names in section sh_link */
    size_t symoff = 0, symsize = 0, syment = 0, stroff = 0, strsize = 0;
    int found = 0;

    for (size_t i = 0; i < shnum; i++) {
        size_t sh = shoff + i * shentsize;

        if (get(sh + 4, 4) != 11)	/* SHT_DYNSYM */
            continue;
        size_t link = (size_t)get(sh + (wide ? 40 : 24), 4);

        symoff = (size_t)addr(sh + (wide ? 24 : 16));
        symsize = (size_t)addr(sh + (wide ? 32 : 20));
        syment = (size_t)addr(sh + (wide ? 56 : 36));
        if (link >= shnum)
            fail("the dynamic symbol table names no string table");
        size_t st = shoff + link * shentsize;

        stroff = (size_t)addr(st + (wide ? 24 : 16));
        strsize = (size_t)addr(st + (wide ? 32 : 20));
        found = 1;
        break;
    }
    if (!found)
        fail("no dynamic symbol table (a static program: its C library calls cannot be read)");
    if (syment < (wide ? 24u : 16u))
        fail("dynamic symbols too small");
    if (stroff > len || strsize > len - stroff || symoff > len || symsize > len - symoff)
        fail("truncated (a section lies past its end)");

    printf("abi %s\n", abi_name(machine));

    /* The imports, kept before the libraries are read into img. */
    char **imports = NULL;
    size_t nimports = 0;

    for (size_t s = symoff; s + syment <= symoff + symsize; s += syment) {
        size_t name = (size_t)get(s, 4);
        unsigned info = (unsigned)get(s + (wide ? 4 : 12), 1);
        unsigned shndx = (unsigned)get(s + (wide ? 6 : 14), 2);
        unsigned type = info & 0xf;

        if (shndx != 0 || (type != 2 && type != 10))	/* SHN_UNDEF; STT_FUNC, STT_GNU_IFUNC */
            continue;
        if (name == 0 || name >= strsize)
            continue;
        const char *p = (const char *)img + stroff + name;
        size_t n = strnlen(p, strsize - name);

        if (n == strsize - name)
            fail("a symbol name runs past the string table");
        char **a = realloc(imports, (nimports + 1) * sizeof(*a));

        if (a == NULL)
            fail("out of memory");
        imports = a;
        imports[nimports++] = xstrdup(p);
    }

    /* The libraries, breadth first from the program's DT_NEEDED. */
    want_machine = machine;
    want_wide = wide;
    want_big = big;
    dynamic(prog);
    search_dirs();
    for (size_t i = 0; i < qn; i++) {
        char *path = find_library(qname[i], qpath[i]);

        if (path == NULL) {
            printf("missing %s\n", qname[i]);
            continue;
        }
        printf("needed %s\n", qname[i]);
        read_file(path);
        sections();
        dynamic(path);
        free(path);
    }
    for (size_t i = 0; i < nimports; i++)
        printf("import %s\n", imports[i]);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("elf-imports: stdout");
        return 1;
    }
    return 0;
}
