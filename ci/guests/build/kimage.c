/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ci/guests/build/kimage.c: read a kernel file as packaged, on the host
 * (ci/guests/build/kernel compiles and runs it; nothing here runs in a guest).
 *
 * usage: kimage magic FILE OFFSET HEX
 *            exit 0 if the bytes of FILE at OFFSET are HEX (lower-case
 *            hex digits), 1 if not
 *        kimage payload BZIMAGE OUT
 *            write the compressed payload of an x86 bzImage to OUT and
 *            print how it is compressed: xz, zstd, lz4 or gzip
 *
 * The boot protocol header of a bzImage (Documentation/arch/x86/boot.rst)
 * says where the payload is: setup_sects at 0x1f1 (0 means 4), the
 * protected-mode code after (setup_sects + 1) * 512 bytes, payload_offset
 * (0x248) and payload_length (0x24c) within it; "HdrS" at 0x202 marks the
 * header.  All but gzip streams are followed by the uncompressed size in 4
 * bytes, which are not part of the stream and are left out.
 * Exit status 2: usage; 1: FILE is not what it should be (said on stderr).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *me = "kimage";

static int fail(const char *file, const char *what)
{
    fprintf(stderr, "%s: %s: %s\n", me, file, what);
    return 1;
}

/* Reads COUNT bytes of F at OFFSET into BUF: 0, or -1 if F is too short. */
static int read_at(FILE *f, long offset, unsigned char *buf, size_t count)
{
    if (fseek(f, offset, SEEK_SET) != 0)
        return -1;
    return fread(buf, 1, count, f) == count ? 0 : -1;
}

static unsigned long le32(const unsigned char *p)
{
    return p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 |
        (unsigned long)p[3] << 24;
}

static int magic(const char *file, const char *offset, const char *hex)
{
    unsigned char want[64], got[64];
    size_t n = strlen(hex) / 2, i;
    char *end;
    long off;
    FILE *f;
    int rc;

    errno = 0;
    off = strtol(offset, &end, 10);
    if (errno != 0 || *end != '\0' || off < 0 || strlen(hex) % 2 != 0 ||
        n == 0 || n > sizeof want)
        return 2;
    for (i = 0; i < n; i++) {
        unsigned v;

        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return 2;
        want[i] = (unsigned char)v;
    }
    f = fopen(file, "rb");
    if (f == NULL)
        return fail(file, strerror(errno));
    rc = read_at(f, off, got, n) == 0 && memcmp(got, want, n) == 0 ? 0 : 1;
    fclose(f);
    return rc;
}

static const char *method(const unsigned char *m, unsigned long *trailer)
{
    static const struct {
        const char *name;
        unsigned char magic[6];
        size_t len;
        unsigned long trailer;
    } kinds[] = {
        { "xz", { 0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00 }, 6, 0 },
        { "zstd", { 0x28, 0xb5, 0x2f, 0xfd }, 4, 4 },
        { "lz4", { 0x02, 0x21, 0x4c, 0x18 }, 4, 4 },  /* legacy frames */
        { "gzip", { 0x1f, 0x8b }, 2, 0 },
    };
    size_t i;

    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (memcmp(m, kinds[i].magic, kinds[i].len) == 0) {
            *trailer = kinds[i].trailer;
            return kinds[i].name;
        }
    return NULL;
}

static int payload(const char *file, const char *outfile)
{
    unsigned char hdr[0x250], m[6], buf[65536];
    unsigned long setup, start, len, trailer = 0;
    const char *how;
    FILE *f, *out;
    int rc = 0;

    f = fopen(file, "rb");
    if (f == NULL)
        return fail(file, strerror(errno));
    if (read_at(f, 0, hdr, sizeof hdr) != 0 || memcmp(hdr + 0x202, "HdrS", 4) != 0) {
        fclose(f);
        return fail(file, "not a bzImage (no HdrS)");
    }
    setup = hdr[0x1f1] != 0 ? hdr[0x1f1] : 4;
    start = (setup + 1) * 512 + le32(hdr + 0x248);
    len = le32(hdr + 0x24c);
    if (read_at(f, (long)start, m, sizeof m) != 0 || (how = method(m, &trailer)) == NULL) {
        fclose(f);
        return fail(file, "payload compressed with an unknown method");
    }
    if (len < trailer) {
        fclose(f);
        return fail(file, "payload shorter than its trailer");
    }
    len -= trailer;
    out = fopen(outfile, "wb");
    if (out == NULL || fseek(f, (long)start, SEEK_SET) != 0) {
        fclose(f);
        if (out != NULL)
            fclose(out);
        return fail(outfile, strerror(errno));
    }
    while (len > 0 && rc == 0) {
        size_t want = len < sizeof buf ? len : sizeof buf;
        size_t got = fread(buf, 1, want, f);

        if (got == 0)
            rc = fail(file, "payload cut short");
        else if (fwrite(buf, 1, got, out) != got)
            rc = fail(outfile, strerror(errno));
        len -= got;
    }
    fclose(f);
    if (fclose(out) != 0 && rc == 0)
        rc = fail(outfile, strerror(errno));
    if (rc == 0)
        printf("%s\n", how);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "magic") == 0)
        return magic(argv[2], argv[3], argv[4]);
    if (argc == 4 && strcmp(argv[1], "payload") == 0)
        return payload(argv[2], argv[3]);
    fprintf(stderr, "usage: %s magic FILE OFFSET HEX | %s payload BZIMAGE OUT\n", me, me);
    return 2;
}
