/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elf-imports - the functions an ELF program imports, read from its dynamic
 * symbol table; the program is never run.  Used by seccomp-census --for.
 *
 * usage: elf-imports FILE
 * Prints "abi ABI" (x86_64, i386, x32, aarch64, armhf, riscv64, s390x,
 * ppc64le, or the ELF machine number for others), then "needed LIBRARY" for
 * each DT_NEEDED entry of its dynamic section, in order, then "import NAME" for
 * each undefined symbol of type FUNC (or GNU_IFUNC) in .dynsym, in table
 * order, each name once.  32- and 64-bit ELF files of either byte order.
 * Exit 0; 1 with a message naming FILE when it is not such a file or has
 * no dynamic symbol table (a static program imports nothing).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *file;
static unsigned char *img;
static size_t len;
static int big, wide;	/* big-endian, ELFCLASS64 */

static void fail(const char *what)
{
    fprintf(stderr, "elf-imports: %s: %s\n", file, what);
    exit(1);
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

static void read_file(void)
{
    FILE *f = fopen(file, "rb");
    size_t cap = 1 << 16;

    if (f == NULL) {
        fprintf(stderr, "elf-imports: %s: %s\n", file, strerror(errno));
        exit(1);
    }
    img = malloc(cap);
    if (img == NULL)
        fail("out of memory");
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

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: elf-imports FILE\n", stderr);
        return 2;
    }
    file = argv[1];
    read_file();
    if (len < 16 || memcmp(img, "\177ELF", 4) != 0)
        fail("not an ELF file");
    if (img[4] != 1 && img[4] != 2)
        fail("unknown ELF class");
    if (img[5] != 1 && img[5] != 2)
        fail("unknown ELF byte order");
    wide = img[4] == 2;
    big = img[5] == 2;

    unsigned machine = (unsigned)get(18, 2);
    size_t shoff = (size_t)addr(wide ? 40 : 32);
    size_t shentsize = (size_t)get(wide ? 58 : 46, 2);
    size_t shnum = (size_t)get(wide ? 60 : 48, 2);

    if (shoff == 0 || shnum == 0)
        fail("no section headers, so no dynamic symbol table to read");
    if (shentsize < (wide ? 64u : 40u))
        fail("section headers too small");

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
    /* .dynamic: the libraries the program needs (DT_NEEDED), whose
       start-up runs before main; names in the section of its sh_link */
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
        for (size_t d = dynoff; d + dynent <= dynoff + dynsize; d += dynent) {
            uint64_t tag = addr(d);
            size_t val = (size_t)addr(d + dynent / 2);

            if (tag == 0)	/* DT_NULL */
                break;
            if (tag != 1 || val >= dsize)	/* DT_NEEDED */
                continue;
            const char *p = (const char *)img + doff + val;

            if (strnlen(p, dsize - val) == dsize - val)
                fail("a library name runs past the string table");
            printf("needed %s\n", p);
        }
        break;
    }
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
        printf("import %s\n", p);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("elf-imports: stdout");
        return 1;
    }
    return 0;
}
