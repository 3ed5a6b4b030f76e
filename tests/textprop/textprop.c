/*
 * textprop.c -- curi-textprop: the properties of curi_extract over real text.
 *
 *   curi-textprop [--max-bytes N] PATH...     (tests/textprop/run.sh; make check)
 *
 * Every regular file under each PATH (a directory is walked; names ending in .gz, .bz2, .xz,
 * .zst are skipped), until N bytes (default 20 MB) have been read, is extracted in both
 * modes, and for each match: it lies inside the file, is not empty, starts at or after the
 * end of the one before (no overlap, text order), and curi_extract_write gives a valid URI
 * (curi_parse with CURI_PARSE_URI).  Each file is also fed in blocks of 61 and 4093 bytes
 * with CURI_EXTRACT_MORE, which must give the same matches.  Prints a summary and ends with
 * "N passed, N failed" (one check per file and mode); exits 1 on a failure.  This program may
 * allocate; the library does not.
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "curi.h"

static size_t max_bytes = 20u * 1000 * 1000, total_bytes;
static long files, passed, failed, found[2];

typedef struct mlist {
    curi_match *m;
    size_t n, cap;
} mlist;

static void push(mlist *l, const curi_match *m)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->m = realloc(l->m, l->cap * sizeof *l->m);
        if (l->m == NULL) {
            perror("curi-textprop");
            exit(2);
        }
    }
    l->m[l->n++] = *m;
}

/* The matches of text fed bs bytes at a time (bs 0: all at once), offsets into the whole. */
/* curi_extract_next's *found, or -1 for an error. */
static int next(curi_extractor *x, const char *text, size_t len, unsigned flags, curi_match *m)
{
    int got = 0;
    return curi_extract_next(x, text, len, flags, m, &got, NULL) == CURI_OK ? got : -1;
}

static int run(const char *text, size_t len, unsigned flags, size_t bs, mlist *out)
{
    curi_extractor x;
    char *win = malloc(len + 1);
    size_t have = 0, fed = 0;

    out->n = 0;
    if (win == NULL || curi_extract_init(&x, flags, NULL) != CURI_OK) {
        free(win);
        return -1;
    }
    if (bs == 0)
        bs = len;
    for (;;) {
        size_t add = len - fed < bs ? len - fed : bs;
        curi_match m;
        int rc, last;
        memcpy(win + have, text + fed, add);
        have += add;
        fed += add;
        last = fed == len;
        while ((rc = next(&x, win, have, last ? 0 : CURI_EXTRACT_MORE, &m)) == 1) {
            m.begin += (size_t)x.dropped;
            m.end += (size_t)x.dropped;
            push(out, &m);
        }
        if (rc != 0 || last)
            break;
        memmove(win, win + x.keep, have - x.keep);
        have -= x.keep;
        curi_extract_drop(&x, x.keep);
    }
    free(win);
    return 0;
}

static int check_file(const char *path, const char *text, size_t len, unsigned flags)
{
    static mlist whole, part;
    static const size_t sizes[] = {61, 4093};
    char buf[8192];

    if (run(text, len, flags, 0, &whole) != 0) {
        printf("%s: the extractor failed\n", path);
        return 0;
    }
    for (size_t i = 0; i < whole.n; i++) {
        const curi_match *m = &whole.m[i];
        size_t n = 0;
        curi_uri u;
        curi_error e;
        if (m->begin >= m->end || m->end > len || (i > 0 && m->begin < whole.m[i - 1].end)) {
            printf("%s: match %zu at %zu-%zu is out of place\n", path, i, m->begin, m->end);
            return 0;
        }
        if (curi_extract_bound(m) > sizeof buf)
            continue; /* a URI of more than 8 KiB: checked by the vectors and the fuzzer */
        if (curi_extract_write(buf, sizeof buf, &n, text, len, m, NULL) != CURI_OK ||
            curi_parse(&u, buf, n, CURI_PARSE_URI, &e) != CURI_OK) {
            printf("%s: match %zu at %zu: '%.*s' is not a URI\n", path, i, m->begin, (int)n,
                   buf);
            return 0;
        }
    }
    found[flags ? 1 : 0] += (long)whole.n;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        if (run(text, len, flags, sizes[s], &part) != 0 || part.n != whole.n ||
            (whole.n > 0 && memcmp(part.m, whole.m, whole.n * sizeof *whole.m) != 0)) {
            printf("%s: blocks of %zu give other matches (%zu, whole %zu)\n", path, sizes[s],
                   part.n, whole.n);
            return 0;
        }
    }
    return 1;
}

static int skipped_name(const char *path)
{
    static const char *const ext[] = {".gz", ".bz2", ".xz", ".zst"};
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        size_t k = strlen(ext[i]);
        if (n >= k && strcmp(path + n - k, ext[i]) == 0)
            return 1;
    }
    return 0;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    FILE *f;
    char *text;
    size_t len;

    (void)ftw;
    if (type != FTW_F || !S_ISREG(st->st_mode) || skipped_name(path))
        return 0;
    if (total_bytes >= max_bytes)
        return 1; /* stop the walk */
    len = (size_t)st->st_size;
    if (len > max_bytes - total_bytes)
        len = max_bytes - total_bytes;
    f = fopen(path, "rb");
    if (f == NULL)
        return 0;
    text = malloc(len + 1);
    if (text == NULL) {
        fclose(f);
        return 0;
    }
    len = fread(text, 1, len, f);
    fclose(f);
    total_bytes += len;
    files++;
    for (unsigned flags = 0; flags <= CURI_EXTRACT_COMPLETE; flags += CURI_EXTRACT_COMPLETE) {
        if (check_file(path, text, len, flags))
            passed++;
        else
            failed++;
    }
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    int i = 1;
    if (argc > 2 && strcmp(argv[1], "--max-bytes") == 0) {
        max_bytes = (size_t)strtoull(argv[2], NULL, 10);
        i = 3;
    }
    for (; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            nftw(argv[i], visit, 16, FTW_PHYS);
        else
            visit(argv[i], &st, FTW_F, NULL);
    }
    if (files == 0) {
        printf("curi-textprop: no text found: SKIPPED\n");
        return 0;
    }
    printf("curi-textprop: %ld files, %zu bytes: %ld URIs (strict), %ld (complete)\n", files,
           total_bytes, found[0], found[1]);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
}
