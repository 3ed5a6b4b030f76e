/*
 * cmd_extract.c -- "curi extract": the URIs in free text (curi_extract; the rules of
 * ../shared/specs/extraction.md), one per line or as JSON, from files or standard input
 * read in blocks: a URI that crosses a block boundary is found all the same.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"


static const char extract_help[] =
    "Usage: curi extract [--complete] [--iri|--ascii] [--to-uri] [--json] [-z] [--]\n"
    "                    [FILE...]\n"
    "\n"
    "Print the URIs found in the text of each FILE ('-' or none: standard input),\n"
    "in order, one per line: URIs in <...> (also with URL: and broken across\n"
    "lines, whose whitespace is removed) or in \"...\", and URIs that start with a\n"
    "scheme in running text, without the punctuation that ends a sentence.  Known\n"
    "schemes (http, ftp, mailto, news, urn, tel, man, info, file, ...) are found\n"
    "alone, others only before \"//\".  IRIs (raw UTF-8, RFC 3987) are found whole;\n"
    "non-ASCII spaces, CJK sentence punctuation and quotes end them.  Each URI is\n"
    "printed as written: pipe the output into 'curi normalize' or 'curi check' for\n"
    "more.\n"
    "\n"
    "@OPTIONS@\n"
    "\n"
    "Exit status: 0 when a URI was found, 1 when none was, 2 usage error, 3 I/O\n"
    "error (an unreadable FILE; the others are still read).\n";

/*
 * The window: a fixed buffer the input is read into, 128 KiB per read().  Undecided text (a
 * candidate whose end has not been read yet) is kept at its front; when it fills the whole
 * window it is decided as if the text ended there (curi(1), BUGS), so that no input holds
 * more than this in memory (issue 31: peak memory <= 8 MB for any input).  A read of 128 KiB
 * (grep's are 96 KiB) fits the level-2 cache it is scanned from and takes half the system
 * calls of 64 KiB ones (the sparse corpus of bench/extract.sh, 210 MB: 1,603 reads instead of
 * 3,209, 2-3 ms less system time of about 35 ms, medians of 21 interleaved runs).
 */
#define WINDOW ((size_t)512 * 1024)
#define READ_BLOCK ((size_t)128 * 1024)
/* Each read() goes to an address that is a multiple of this: the kept bytes are moved just
 * below one, since the kernel copies into an unaligned buffer several times slower (23 against
 * 6 microseconds per 64 KiB read, strace -c, on the sparse corpus of bench/extract.sh). */
#define ALIGN ((size_t)64)

struct xopts {
    unsigned flags; /* CURI_EXTRACT_COMPLETE, CURI_EXTRACT_IRI */
    int json, zero;
    int to_uri;     /* --to-uri: each IRI as its URI (curi_iri_to_uri) */
    unsigned iflags; /* curi_iri_to_uri's: CURI_IRI_IDN_DNS */
    size_t block; /* bytes per read(): CURI_EXTRACT_BLOCK in the environment (tests), or 128 KiB */
};

/* One input being read: the window and where it sits in the whole input. */
struct xin {
    const char *name; /* as given; "-" for standard input */
    int fd;
    char *mem;  /* the window's allocation: WINDOW + ALIGN bytes */
    char *buf;  /* the text, at most WINDOW bytes from here, ALIGN bytes into mem at most */
    size_t have, cap;
    unsigned long long base; /* offset of the extractor's text 0, minus x.dropped */
    unsigned long long counted, line, line_start; /* lines counted up to counted */
    curi_extractor x;
};

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(CURI_NO_SIMD)
#define CLI_AVX2 1
#include <immintrin.h>
/*
 * The newlines in [*q, e), 128 bytes a round (AVX2, checked by the caller): each '\n'
 * subtracts 0xFF (adds 1) to its byte lane, four per round at most, and every 63 rounds at
 * most the lanes are summed (SAD against zero) before they could wrap.  *q is left where
 * fewer than 128 bytes remain.
 */
__attribute__((target("avx2"))) static unsigned long long count_nl_avx2(const unsigned char **q,
                                                                        const unsigned char *e)
{
    const __m256i nl = _mm256_set1_epi8('\n');
    const unsigned char *p = *q;
    unsigned long long n = 0;
    while (e - p >= 128) {
        __m256i acc = _mm256_setzero_si256(), sum;
        for (int k = 0; k < 63 && e - p >= 128; k++, p += 128) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)p);
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
            __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)(p + 64));
            __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(p + 96));
            acc = _mm256_sub_epi8(acc, _mm256_add_epi8(
                                           _mm256_add_epi8(_mm256_cmpeq_epi8(a, nl),
                                                           _mm256_cmpeq_epi8(b, nl)),
                                           _mm256_add_epi8(_mm256_cmpeq_epi8(c, nl),
                                                           _mm256_cmpeq_epi8(d, nl))));
        }
        sum = _mm256_sad_epu8(acc, _mm256_setzero_si256());
        n += (unsigned long long)_mm256_extract_epi64(sum, 0) +
             (unsigned long long)_mm256_extract_epi64(sum, 1) +
             (unsigned long long)_mm256_extract_epi64(sum, 2) +
             (unsigned long long)_mm256_extract_epi64(sum, 3);
    }
    *q = p;
    return n;
}
#else
#define CLI_AVX2 0
#endif

/*
 * Advance the line count to absolute offset to (its bytes are still in the window): count the
 * newlines (128 bytes a round with AVX2 when the processor has it, then 8 at a time in a
 * word), then find the last one.
 */
static void count_lines(struct xin *in, unsigned long long to)
{
    unsigned long long off = in->base + in->x.dropped;
    const unsigned char *p, *q, *e;
    unsigned long long n = 0;

    if (in->counted >= to)
        return;
    p = (const unsigned char *)in->buf + (size_t)(in->counted - off);
    e = (const unsigned char *)in->buf + (size_t)(to - off);
    q = p;
#if CLI_AVX2
    if (e - q >= 128 && __builtin_cpu_supports("avx2"))
        n = count_nl_avx2(&q, e);
#endif
    /* Eight bytes at a time: a byte of x is zero exactly where the word has '\n'; z gets
       0x80 in those bytes only, and the multiplication adds the 0x01s up in the top byte. */
    for (; e - q >= 8; q += 8) {
        uint64_t x, z;
        memcpy(&x, q, 8);
        x ^= UINT64_C(0x0A0A0A0A0A0A0A0A);
        z = ~(((x & UINT64_C(0x7F7F7F7F7F7F7F7F)) + UINT64_C(0x7F7F7F7F7F7F7F7F)) | x) &
            UINT64_C(0x8080808080808080);
        n += ((z >> 7) * UINT64_C(0x0101010101010101)) >> 56;
    }
    for (; q < e; q++)
        n += *q == '\n';
    if (n > 0) {
        while (e[-1] != '\n')
            e--;
        in->line += n;
        in->line_start = off + (size_t)(e - (const unsigned char *)in->buf);
    }
    in->counted = to;
}

/* "curi: NAME:LINE:COL: warning: TEXT" on err, COL the column of byte at of the input; the
 * caller ends the line. */
static void warn_at(struct buf *err, const struct xin *in, size_t at, const char *text)
{
    buf_puts(err, "curi: ");
    show_bytes(err, in->name, strlen(in->name));
    buf_putc(err, ':');
    buf_putu(err, in->line);
    buf_putc(err, ':');
    buf_putu(err, at - in->line_start + 1);
    buf_puts(err, ": warning: ");
    buf_puts(err, text);
}

/* Write out what out holds once it passes 64 KiB: a long URI (of up to the window, or three
 * times that as --to-uri gives it) then never sits in out beside another.  The last byte
 * stays, since json_key reads it: an empty out would lose the ',' before the next member. */
static void spill(struct buf *out)
{
    if (out->len > 65536) {
        write_all(1, out->p, out->len - 1);
        out->p[0] = out->p[out->len - 1];
        out->len = 1;
    }
}

/* Text for standard output; a long one is written at once rather than copied into out. */
static void put_text(struct buf *out, const char *p, size_t n)
{
    if (n <= 65536) {
        buf_put(out, p, n);
        return;
    }
    write_all(1, out->p, out->len);
    out->len = 0;
    write_all(1, p, n);
}

static void put_match(const struct xopts *o, struct xin *in, const curi_match *m, struct buf *out,
                      struct buf *err)
{
    unsigned long long off = in->base + in->x.dropped;
    size_t n = 0, len = 0;
    char stack[512];
    char *uri = stack, *alloc = NULL;

    char *mapped = NULL;
    size_t mlen = 0;
    int idn_failed = 0;
    curi_error e;

    if (!(m->flags & (CURI_MATCH_PREFIX_HTTP | CURI_MATCH_PREFIX_FTP | CURI_MATCH_WS_REMOVED))) {
        /* The URI as written: curi_extract_write would copy the window's bytes unchanged */
        uri = in->buf + m->begin;
        len = m->end - m->begin;
    } else {
        n = curi_extract_bound(m);
        if (n > sizeof stack)
            uri = alloc = xmalloc(n);
        if (curi_extract_write(uri, n, &len, in->buf, in->have, m, NULL) != CURI_OK)
            len = 0; /* cannot happen: the bound always fits */
    }
    if (o->to_uri) {
        /* RFC 3987 3.1; a DNS host through IDNA.  A host IDNA refuses is percent-encoded,
           with a warning, rather than lost: the match is a valid IRI, so flags 0 cannot fail. */
        size_t cap = curi_iri_to_uri_bound(len, o->iflags);
        mapped = xmalloc(cap);
        if (curi_iri_to_uri(mapped, cap, &mlen, uri, len, o->iflags, &e) != CURI_OK) {
            idn_failed = e.code;
            if (curi_iri_to_uri(mapped, cap, &mlen, uri, len, 0, NULL) != CURI_OK)
                mlen = 0;
        }
    }
    /* The line and column, for --json and the warnings only: the lines before a dropped
       part of the window are counted when it is dropped. */
    if (o->json || idn_failed || (m->flags & CURI_MATCH_HYPHEN_BREAK))
        count_lines(in, off + m->begin);
    if (idn_failed) {
        warn_at(err, in, off + m->begin, curi_strerror_name(idn_failed));
        buf_puts(err, ": IDNA refused the host, which is percent-encoded instead\n");
    }
    if (m->flags & CURI_MATCH_HYPHEN_BREAK) {
        warn_at(err, in, off + m->begin, "a '-' before a line break is kept in the URI; a");
        buf_puts(err, " typesetter may have added it\n");
    }
    if (o->json) {
        buf_putc(out, '{');
        if (o->to_uri) {
            json_member(out, "uri", mapped, mlen);
            spill(out);
            json_member(out, "iri", uri, len);
        } else {
            json_member(out, "uri", uri, len);
        }
        json_member(out, "file", in->name, strlen(in->name));
        json_key(out, "start");
        buf_putu(out, off + m->begin);
        json_key(out, "end");
        buf_putu(out, off + m->end);
        json_key(out, "line");
        buf_putu(out, in->line);
        json_key(out, "column");
        buf_putu(out, off + m->begin - in->line_start + 1);
        buf_putc(out, '}');
    } else if (o->to_uri) {
        put_text(out, mapped, mlen);
    } else {
        put_text(out, uri, len);
    }
    buf_putc(out, o->zero ? '\0' : '\n');
    free(mapped);
    free(alloc);
}

static void flush(struct buf *out, struct buf *err)
{
    write_all(1, out->p, out->len);
    out->len = 0;
    write_all(2, err->p, err->len);
    err->len = 0;
}

/* One read() into the window; 0 at the end of the input, -1 on error. */
static long read_some(struct xin *in, size_t want)
{
    for (;;) {
        ssize_t r = read(in->fd, in->buf + in->have, want);
        if (r >= 0) {
            in->have += (size_t)r;
            return (long)r;
        }
        if (errno != EINTR)
            return -1;
    }
}

/*
 * Every match of one input.  Returns the number found, or -1 on a read error (the
 * matches before it are printed).
 */
static long extract_fd(const struct xopts *o, struct xin *in, struct buf *out, struct buf *err)
{
    long found = 0;
    int eof = 0;

    in->cap = WINDOW;
    in->mem = xmalloc(WINDOW + ALIGN);
    in->buf = in->mem + (ALIGN - (uintptr_t)in->mem % ALIGN) % ALIGN;
    in->have = 0;
    in->base = 0;
    in->counted = 0;
    in->line = 1;
    in->line_start = 0;
    curi_extract_init(&in->x, o->flags, NULL);
    for (;;) {
        curi_match m;
        size_t kept = in->have;
        int more = 0;
        /* Read at least as much as is kept (each rescan of it is paid for), or to the end. */
        while (!eof && in->have < in->cap && (in->have - kept < kept || in->have == kept)) {
            size_t want = in->cap - in->have;
            long r = read_some(in, want < o->block ? want : o->block);
            if (r < 0) {
                free(in->mem);
                return -1;
            }
            if (r == 0)
                eof = 1;
            if (o->block < READ_BLOCK && r > 0)
                break; /* a test's tiny blocks: one block per round */
        }
        while (curi_extract_next(&in->x, in->buf, in->have, eof ? 0 : CURI_EXTRACT_MORE, &m,
                                 &more, NULL) == CURI_OK &&
               more) {
            put_match(o, in, &m, out, err);
            found++;
        }
        if (out->len > 65536 || err->len > 0)
            flush(out, err);
        if (eof)
            break;
        {
            size_t k = in->x.keep;
            count_lines(in, in->base + in->x.dropped + k);
            size_t rest = in->have - k;
            char *to = in->mem + (ALIGN - ((uintptr_t)in->mem + rest) % ALIGN) % ALIGN;
            memmove(to, in->buf + k, rest);
            in->buf = to;
            in->have = rest;
            curi_extract_drop(&in->x, k);
        }
        if (in->have == in->cap) {
            /* A full window of undecided text: decide it as if the text ended here. */
            while (curi_extract_next(&in->x, in->buf, in->have, 0, &m, &more, NULL) == CURI_OK &&
                   more) {
                put_match(o, in, &m, out, err);
                found++;
            }
            count_lines(in, in->base + in->x.dropped + in->have);
            in->base += in->x.dropped + in->have;
            in->have = 0;
            in->buf = in->mem + (ALIGN - (uintptr_t)in->mem % ALIGN) % ALIGN;
            curi_extract_init(&in->x, o->flags, NULL);
        }
    }
    free(in->mem);
    return found;
}

/* "curi: FILE: open error: MESSAGE", the file name escaped as diagnostics show input. */
static void file_error(struct buf *err, const char *name, const char *what, int e)
{
    buf_puts(err, "curi: ");
    show_bytes(err, name, strlen(name));
    buf_puts(err, ": ");
    buf_puts(err, what);
    buf_puts(err, " error: ");
    buf_puts(err, strerror(e));
    buf_putc(err, '\n');
}

/* The options of curi extract (parse_args' handler); -z and --json are shared ones. */
static int extract_option(struct common *c, void *vo, int id, char *v)
{
    struct xopts *o = vo;
    (void)c;
    (void)v;
    if (id == OPT_COMPLETE)
        o->flags |= CURI_EXTRACT_COMPLETE;
    else if (id == OPT_ASCII)
        o->flags &= ~(unsigned)CURI_EXTRACT_IRI;
    else if (id == OPT_FIND_IRI)
        o->flags |= CURI_EXTRACT_IRI;
    else if (id == OPT_TO_URI)
        o->to_uri = 1;
    return 0; /* an operand stays one */
}

int cmd_extract(int argc, char **argv)
{
    struct common c = {.cmd = "extract", .help = extract_help, .max_len = CURI_MAX_LEN};
    struct xopts o = {CURI_EXTRACT_IRI, 0, 0, 0, 0, READ_BLOCK};
    struct buf out = {0}, err = {0};
    const char *env = getenv("CURI_EXTRACT_BLOCK");
    int status = EXIT_INVALID, io = 0;
    long total = 0;

    int nfiles = parse_args(&c, argc, argv, extract_option, &o);
    const char **files = xmalloc(((size_t)nfiles + 1) * sizeof *files);
    for (int k = 0; k < nfiles; k++)
        files[k] = argv[k];
    o.zero = c.zero;
    o.json = c.json;
    o.iflags = (curi_features() & CURI_FEATURE_IDN) ? CURI_IRI_IDN_DNS : 0;
    if (env != NULL && *env != '\0') {
        long b = strtol(env, NULL, 10);
        if (b >= 1 && b <= (long)READ_BLOCK)
            o.block = (size_t)b;
    }
    if (nfiles == 0)
        files[nfiles++] = "-";
    for (int k = 0; k < nfiles; k++) {
        struct xin in;
        long n;
        memset(&in, 0, sizeof in);
        in.name = files[k];
        in.fd = strcmp(files[k], "-") == 0 ? 0 : open(files[k], O_RDONLY);
        if (in.fd < 0) {
            file_error(&err, files[k], "open", errno);
            flush(&out, &err);
            io = 1;
            continue;
        }
        n = extract_fd(&o, &in, &out, &err);
        if (n < 0) {
            file_error(&err, files[k], "read", errno);
            flush(&out, &err);
            io = 1;
        } else {
            total += n;
        }
        if (in.fd != 0)
            close(in.fd);
    }
    flush(&out, &err);
    buf_free(&out);
    buf_free(&err);
    free(files);
    if (io)
        return EXIT_IO;
    status = total > 0 ? EXIT_VALID : EXIT_INVALID;
    return status;
}
