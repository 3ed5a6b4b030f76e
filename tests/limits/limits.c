/*
 * limits.c -- the limits stated in curi.h, tested: inputs longer than CURI_MAX_LEN are refused
 * with CURI_ERR_TOO_LONG before a byte is read, and large inputs well inside the limit work.
 *
 * The over-long cases pass a one-byte buffer that ends right before an unreadable page with
 * a length of CURI_MAX_LEN + 1: any read past the first byte faults.  (A real 2 GiB input is
 * not built: the length check precedes every read, which is what this proves.)
 * SPDX-License-Identifier: MIT
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <curi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int passed, failed;

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("limits: FAILED: %s\n", what);
    }
}

/* One readable byte at the end of a page, followed by a PROT_NONE page. */
static const char *guarded_byte(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    char *m = mmap(NULL, (size_t)pg * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (m == MAP_FAILED || mprotect(m + pg, (size_t)pg, PROT_NONE) != 0) {
        perror("mmap");
        exit(2);
    }
    m[pg - 1] = 'a';
    return m + pg - 1;
}

int main(void)
{
    const char *b = guarded_byte();
    size_t big = CURI_MAX_LEN + 1, n = 0;
    curi_uri u;
    curi_error e;
    char out[16];

    check(curi_parse(&u, b, big, 0, &e) == CURI_ERR_TOO_LONG && e.code == CURI_ERR_TOO_LONG,
          "curi_parse refuses CURI_MAX_LEN + 1");
    check(curi_host_parse(&u, b, big, 0, &e) == CURI_ERR_TOO_LONG, "curi_host_parse");
    check(curi_pct_encode(out, sizeof out, &n, b, big, CURI_CHARSET_PATH, 0, &e) ==
              CURI_ERR_TOO_LONG,
          "curi_pct_encode");
    check(curi_pct_decode(out, sizeof out, &n, b, big, 0, &e) == CURI_ERR_TOO_LONG,
          "curi_pct_decode");
    check(curi_parse(&u, "http://a/", 9, 0, &e) == CURI_OK, "parse a base for curi_set");
    check(curi_set(&u, CURI_PART_PATH, b, big, 0, &e) == CURI_ERR_TOO_LONG, "curi_set");
    check(curi_set_encoded(&u, CURI_PART_PATH, out, sizeof out, &n, b, big, 0, &e) ==
              CURI_ERR_TOO_LONG,
          "curi_set_encoded");

    /* TOO_LONG has one offset everywhere, CURI_MAX_LEN, and leaves *outlen 0. */
    n = 7;
    check(curi_pct_encode(out, sizeof out, &n, b, big, CURI_CHARSET_PATH, 0, &e) ==
                  CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_pct_encode: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    n = 7;
    check(curi_pct_decode(out, sizeof out, &n, b, big, 0, &e) == CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_pct_decode: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    n = 7;
    check(curi_path_to_uri(out, sizeof out, &n, b, big, 0, &e) == CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_path_to_uri: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    n = 7;
    check(curi_uri_to_path(out, sizeof out, &n, b, big, CURI_PATH_WINDOWS, &e) ==
                  CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_uri_to_path: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    check(curi_path_to_uri_bound(SIZE_MAX) == CURI_MAX_LEN &&
              curi_path_to_uri_bound(CURI_MAX_LEN / 3) == CURI_MAX_LEN &&
              curi_path_to_uri_bound(5) == 23 && curi_uri_to_path_bound(SIZE_MAX) == CURI_MAX_LEN &&
              curi_uri_to_path_bound(9) == 9,
          "curi_path_to_uri_bound and curi_uri_to_path_bound: 8 + 3 len and len, saturated");

    /*
     * An output that would pass CURI_MAX_LEN is TOO_LONG even when the input is inside it:
     * CURI_MAX_LEN / 3 + 1 NUL bytes encode to 3 bytes each.  The bytes come from an
     * anonymous mapping, so they cost no memory, and the encoder stops once the output
     * passes the limit.  (On i386, 3 * 1.43 GB wrapped to a tiny *outlen before.)
     */
    {
        size_t zlen = CURI_MAX_LEN / 3 + 1;
        char *z = mmap(NULL, zlen, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (z == MAP_FAILED) {
            printf("limits: SKIPPED: no %zu-byte mapping for the encoder's output limit\n", zlen);
        } else {
            n = 7;
            check(curi_pct_encode(out, sizeof out, &n, z, zlen, CURI_CHARSET_PATH, 0, &e) ==
                          CURI_ERR_TOO_LONG &&
                      e.offset == CURI_MAX_LEN && n == 0,
                  "curi_pct_encode: an output over CURI_MAX_LEN is TOO_LONG");
            n = 7;
            check(curi_pct_encode(NULL, 0, &n, z, zlen - 1, CURI_CHARSET_PATH, 0, &e) ==
                          CURI_ERR_NOSPACE &&
                      n == 3 * (zlen - 1),
                  "curi_pct_encode: an output of exactly 3 * (CURI_MAX_LEN / 3) bytes fits");
            munmap(z, zlen);
        }
    }

    /* Bounds saturate at CURI_MAX_LEN instead of wrapping (every computed size fits 32 bits). */
    check(curi_pct_encode_bound((size_t)1500000000) == CURI_MAX_LEN &&
              curi_pct_encode_bound(SIZE_MAX) == CURI_MAX_LEN && curi_pct_encode_bound(5) == 15,
          "curi_pct_encode_bound saturates");
    {
        curi_uri h;
        memset(&h, 0, sizeof h);
        h.scheme = (curi_str){"a", SIZE_MAX / 2};
        h.host = (curi_str){"h", SIZE_MAX / 2};
        h.path = (curi_str){"/", SIZE_MAX / 2};
        check(curi_recompose_bound(&h) == CURI_MAX_LEN, "curi_recompose_bound saturates");
        check(curi_normalize_bound(&h) == CURI_MAX_LEN, "curi_normalize_bound saturates");
        check(curi_resolve_bound(&h, &h) == CURI_MAX_LEN, "curi_resolve_bound saturates");
        check(curi_relative_bound(&h, &h) == CURI_MAX_LEN, "curi_relative_bound saturates");
        n = 7;
        check(curi_recompose(out, sizeof out, &n, &h, &e) == CURI_ERR_TOO_LONG &&
                  e.offset == CURI_MAX_LEN && n == 0,
              "curi_recompose of a hand-built giant: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    }

    /* curi_features says what the build has: the AVX2 scanners exactly where they compile;
     * IDN when libidn2 is linked, which curi_host_to_ascii shows. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(CURI_NO_SIMD)
    check((curi_features() & ~(unsigned)CURI_FEATURE_IDN) == CURI_FEATURE_AVX2,
          "curi_features: AVX2 in an x86-64 build");
#else
    check((curi_features() & ~(unsigned)CURI_FEATURE_IDN) == 0,
          "curi_features: no AVX2 in this build");
#endif
    {
        char a[16];
        size_t an;
        int idn = curi_host_to_ascii(a, sizeof a, &an, "a", 1, 0, NULL) == CURI_OK;
        check(idn == ((curi_features() & CURI_FEATURE_IDN) != 0),
              "curi_features: IDN exactly when curi_host_to_ascii works");
    }

    /* Flags: each family refuses a bit it does not know. */
    {
        curi_uri v, w;
        curi_cursor cur;
        curi_str k, val;
        char buf[64];
        check(curi_parse(&v, "http://a/", 9, CURI_NORM_DEFAULT << 8, &e) == CURI_ERR_INVALID_ARG,
              "curi_parse: an unknown flag bit is INVALID_ARG");
        check(curi_parse(&v, "http://a/", 9, 1u << 31, &e) == CURI_ERR_INVALID_ARG,
              "curi_parse: bit 31 is INVALID_ARG");
        check(curi_host_parse(&v, "a", 1, 1u << 20, &e) == CURI_ERR_INVALID_ARG,
              "curi_host_parse: unknown flag");
        check(curi_parse(&w, "http://a/b", 10, 0, &e) == CURI_OK, "a reference to edit");
        check(curi_set(&w, CURI_PART_PATH, "/x", 2, 1u << 20, &e) == CURI_ERR_INVALID_ARG,
              "curi_set: unknown flag");
        check(curi_set_encoded(&w, CURI_PART_PATH, buf, sizeof buf, &n, "/x", 2, 1u << 20, &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_set_encoded: unknown flag");
        check(curi_pct_encode(buf, sizeof buf, &n, "a", 1, CURI_CHARSET_PATH, 2, &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_pct_encode: unknown flag");
        check(curi_pct_decode(buf, sizeof buf, &n, "a", 1, 8, &e) == CURI_ERR_INVALID_ARG,
              "curi_pct_decode: unknown flag");
        n = 7;
        check(curi_path_to_uri(buf, sizeof buf, &n, "/a", 2, 4, &e) == CURI_ERR_INVALID_ARG &&
                  n == 0 && e.offset == 0,
              "curi_path_to_uri: unknown flag");
        n = 7;
        check(curi_uri_to_path(buf, sizeof buf, &n, "file:///a", 9, 1u << 31, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  n == 0,
              "curi_uri_to_path: unknown flag");
        check(curi_path_to_uri(buf, sizeof buf, &n, NULL, 1, 0, &e) == CURI_ERR_INVALID_ARG &&
                  curi_uri_to_path(buf, sizeof buf, &n, NULL, 1, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_path_to_uri, curi_uri_to_path: NULL input with len 1 is INVALID_ARG");
        check(curi_path_to_uri(buf, sizeof buf, &n, NULL, 0, 0, &e) == CURI_ERR_PATH_RELATIVE &&
                  curi_uri_to_path(buf, sizeof buf, &n, NULL, 0, 0, &e) == CURI_ERR_PATH_SCHEME,
              "curi_path_to_uri, curi_uri_to_path: NULL input with len 0 reads as \"\"");
        check(curi_resolve(buf, sizeof buf, &n, &w, &w, 2, &e) == CURI_ERR_INVALID_ARG && n == 0,
              "curi_resolve: unknown flag");
        check(curi_relative(buf, sizeof buf, &n, &w, &w, 8, &e) == CURI_ERR_INVALID_ARG && n == 0,
              "curi_relative: unknown flag");
        check(curi_normalize(buf, sizeof buf, &n, &w, 1u << 8, &e) == CURI_ERR_INVALID_ARG &&
                  n == 0,
              "curi_normalize: unknown mask bit");
        check(curi_is_normalized(&w, 1u << 8) == 0, "curi_is_normalized: unknown mask bit is 0");
        curi_query_init(&cur, (curi_str){"a=1", 3}, 2);
        check(curi_query_next(&cur, &k, &val) == 0, "curi_query_init: unknown flag yields nothing");
        check(curi_compare(&w, &w, (curi_equiv)7) == CURI_EQ_NONE &&
                  curi_compare(&w, &w, (curi_equiv)-1) == CURI_EQ_NONE &&
                  curi_compare(&w, &w, CURI_EQ_STRING) == CURI_EQ_STRING,
              "curi_compare: a max_level outside the ladder answers NONE");

        /* A failed parse leaves nothing behind: every view absent, no host. */
        check(curi_parse(&v, "http://good.com:80@evil.com:x/", 30, 0, &e) == CURI_ERR_PORT_CHAR &&
                  v.host.ptr == NULL && v.userinfo.ptr == NULL && v.scheme.ptr == NULL &&
                  v.path.ptr == NULL && v.host_type == CURI_HOST_NONE,
              "a failed curi_parse clears *out");
        check(curi_parse(&v, "http://[::1/", 12, 0, &e) != CURI_OK && v.host.ptr == NULL &&
                  v.scheme.ptr == NULL,
              "a failed curi_parse in the host clears *out");
        check(curi_parse(&v, b, big, 0, &e) == CURI_ERR_TOO_LONG && v.scheme.ptr == NULL,
              "TOO_LONG clears *out too");
        /* A dotted quad that is no IPv4address is a reg-name, and ip[] says nothing. */
        check(curi_parse(&v, "http://1.2.3.999/", 17, 0, &e) == CURI_OK &&
                  v.host_type == CURI_HOST_REGNAME && v.ip[0] == 0 && v.ip[1] == 0 &&
                  v.ip[2] == 0 && v.ip[3] == 0,
              "1.2.3.999 leaves ip[] zero");

        /* What curi_normalize refuses, curi_is_normalized and curi_compare refuse alike. */
        w.path = (curi_str){"x", 1}; /* beside the host "a": hand-built, not a reference */
        check(curi_normalize(buf, sizeof buf, &n, &w, CURI_NORM_DEFAULT, &e) ==
                      CURI_ERR_STRUCTURE &&
                  curi_is_normalized(&w, 0) == 0 && curi_is_normalized(&w, CURI_NORM_DEFAULT) == 0 &&
                  curi_compare(&w, &w, CURI_EQ_SCHEME) == CURI_EQ_NONE,
              "a structure curi_normalize refuses is neither normalized nor equal to itself");
    }

    /* Every error code's name and sentence are the header's, and an unknown code has its own. */
    {
        int names_ok = 1;
#define CHECK_ERRNO_(num, name, msg)                                            \
    names_ok &= strcmp(curi_strerror_name(num), #name) == 0 &&                  \
                strcmp(curi_strerror(num), msg) == 0;
        CURI_ERRNO_MAP(CHECK_ERRNO_)
#undef CHECK_ERRNO_
        check(names_ok, "curi_strerror_name and curi_strerror follow CURI_ERRNO_MAP");
        check(strcmp(curi_strerror_name(-1), "UNKNOWN") == 0 &&
                  strcmp(curi_strerror(99), "unknown error") == 0,
              "an unknown code is UNKNOWN, 'unknown error'");
        check(curi_version_number() == CURI_VERSION_NUMBER &&
                  strcmp(curi_version_string(), CURI_VERSION_STRING) == 0,
              "the linked version is the header's");
    }

    /*
     * The batch functions' error model: misuse (a NULL that must not be, a flag or mask bit
     * they do not know) is INVALID_ARG at offset 0 with the counts zeroed and no array
     * written; a span with ptr NULL and len > 0 is that input's INVALID_ARG, as curi_parse's.
     */
    {
        curi_row rows[3];
        size_t ends[3] = {7, 7, 7}, starts[3], valid, done, lines, used;
        uint16_t codes[3];
        char nb[64];
        curi_error be;
        const curi_str in[3] = {{"http://a", 8}, {NULL, 0}, {"x", 1}};
        const curi_str bad[2] = {{"http://a", 8}, {NULL, 3}};
#define MISUSE(call, n1, n2)                                                               \
    (n1 = 5, n2 = 5, be.code = 0, be.offset = 9, rows[0].code = 77,                          \
     (call) == CURI_ERR_INVALID_ARG && be.code == CURI_ERR_INVALID_ARG && be.offset == 0 &&    \
         n1 == 0 && rows[0].code == 77 && ends[0] == 7)
        check(MISUSE(curi_parse_many(NULL, in, 2, 0, &valid, &be), valid, done) &&
                  MISUSE(curi_parse_many(rows, NULL, 2, 0, &valid, &be), valid, done) &&
                  MISUSE(curi_parse_many(rows, in, 2, 1u << 20, &valid, &be), valid, done) &&
                  MISUSE(curi_parse_many(rows, in, 2, 0x10, &valid, &be), valid, done) &&
                  curi_parse_many(rows, in, 2, 0, NULL, &be) == CURI_ERR_INVALID_ARG &&
                  rows[0].code == 77,
              "curi_parse_many: NULL rows, inputs or valid; an unknown or private flag bit");
        check(MISUSE(curi_valid_many(codes, NULL, 2, 0, &valid, &be), valid, done) &&
                  MISUSE(curi_valid_many(codes, in, 2, 1u << 20, &valid, &be), valid, done) &&
                  MISUSE(curi_valid_many(codes, in, 2, 0x10, &valid, &be), valid, done) &&
                  curi_valid_many(codes, in, 2, 0, NULL, &be) == CURI_ERR_INVALID_ARG,
              "curi_valid_many: NULL inputs or valid; an unknown or private flag bit");
        check(curi_valid_many(codes, bad, 2, CURI_PARSE_URI, &valid, &be) == CURI_OK &&
                  be.code == CURI_OK && valid == 1 && codes[0] == CURI_OK &&
                  codes[1] == CURI_ERR_INVALID_ARG &&
                  curi_valid_many(NULL, in, 3, CURI_PARSE_URI, &valid, &be) == CURI_OK &&
                  valid == 1,
              "curi_valid_many: codes as curi_parse's (a span NULL with len 3 INVALID_ARG); "
              "codes may be NULL");
        check(MISUSE(curi_normalize_many(nb, sizeof nb, NULL, codes, in, 2, 0, CURI_NORM_DEFAULT,
                                         &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(NULL, 4, ends, codes, in, 2, 0, CURI_NORM_DEFAULT,
                                             &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(nb, sizeof nb, ends, codes, NULL, 2, 0,
                                             CURI_NORM_DEFAULT, &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(nb, sizeof nb, ends, codes, in, 2, 1u << 20,
                                             CURI_NORM_DEFAULT, &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(nb, sizeof nb, ends, codes, in, 2, 0, 1u << 9,
                                             &done, &be), done, valid) &&
                  curi_normalize_many(nb, sizeof nb, ends, codes, in, 2, 0, CURI_NORM_DEFAULT,
                                      NULL, &be) == CURI_ERR_INVALID_ARG && ends[0] == 7,
              "curi_normalize_many: NULL ends, inputs or done, NULL dst with cap, unknown "
              "parse flag or mask bits");
        check(MISUSE(curi_parse_lines(NULL, starts, 2, "a\nb", 3, 0, &lines, &used, &be), lines,
                     used) && used == 0 &&
                  MISUSE(curi_parse_lines(rows, starts, 2, NULL, 3, 0, &lines, &used, &be), lines,
                         used) &&
                  MISUSE(curi_parse_lines(rows, starts, 2, "a\nb", 3, 1u << 20, &lines, &used,
                                          &be), lines, used) &&
                  curi_parse_lines(rows, starts, 2, "a", 1, 0, NULL, &used, &be) ==
                      CURI_ERR_INVALID_ARG &&
                  curi_parse_lines(rows, starts, 2, "a", 1, 0, &lines, NULL, &be) ==
                      CURI_ERR_INVALID_ARG && rows[0].code == 77,
              "curi_parse_lines: NULL rows with cap, NULL text with len, NULL counts, unknown "
              "flags");
        check(MISUSE(curi_normalize_lines(nb, sizeof nb, NULL, codes, 2, "a\nb", 3, 0,
                                          CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  used == 0 &&
                  MISUSE(curi_normalize_lines(NULL, 4, ends, codes, 2, "a\nb", 3, 0,
                                              CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  MISUSE(curi_normalize_lines(nb, sizeof nb, ends, codes, 2, NULL, 3, 0,
                                              CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  MISUSE(curi_normalize_lines(nb, sizeof nb, ends, codes, 2, "a", 1, 1u << 20,
                                              CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  MISUSE(curi_normalize_lines(nb, sizeof nb, ends, codes, 2, "a", 1, 0, 1u << 9,
                                              &lines, &used, &be), lines, used) &&
                  curi_normalize_lines(nb, sizeof nb, ends, codes, 2, "a", 1, 0,
                                       CURI_NORM_DEFAULT, &lines, NULL, &be) ==
                      CURI_ERR_INVALID_ARG && ends[0] == 7,
              "curi_normalize_lines: NULL ends with cap, NULL dst with dcap, NULL text with "
              "len, NULL counts, unknown parse flag or mask bits");
#undef MISUSE
        check(curi_parse_many(rows, in, 3, 0, &valid, &be) == CURI_OK && be.code == CURI_OK &&
                  valid == 3 && rows[1].code == CURI_OK && rows[1].len[CURI_PART_PATH] == 0 &&
                  rows[2].code == CURI_OK,
              "curi_parse_many: a span NULL with len 0 is the empty reference");
        check(curi_parse_many(rows, bad, 2, 0, &valid, &be) == CURI_OK && valid == 1 &&
                  rows[1].code == CURI_ERR_INVALID_ARG && rows[1].value == 0 &&
                  rows[1].off[CURI_PART_PATH] == CURI_ROW_ABSENT,
              "curi_parse_many: a span NULL with len 3 is INVALID_ARG for that input only");
        check(curi_normalize_many(nb, sizeof nb, ends, codes, bad, 2, 0, CURI_NORM_DEFAULT,
                                  &done, &be) == CURI_OK &&
                  done == 2 && codes[0] == CURI_OK && codes[1] == CURI_ERR_INVALID_ARG &&
                  ends[0] == 9 && ends[1] == 9 && memcmp(nb, "http://a/", 9) == 0,
              "curi_normalize_many: a span NULL with len 3 gives that input INVALID_ARG, empty");
        check(curi_normalize_many(nb, sizeof nb, ends, NULL, in, 3, CURI_PARSE_URI,
                                  CURI_NORM_CASE, &done, &be) == CURI_OK &&
                  done == 3 && ends[0] == 8 && ends[1] == 8 && ends[2] == 8,
              "curi_normalize_many: codes may be NULL; parse flags reach each input");
        check(curi_normalize_many(nb, 4, ends, codes, in, 3, 0, CURI_NORM_DEFAULT, &done, &be) ==
                      CURI_ERR_NOSPACE &&
                  be.code == CURI_ERR_NOSPACE && done == 0 && ends[0] == 9,
              "curi_normalize_many: NOSPACE, *done 0 and ends[0] the room http://a/ needs");
        check(curi_parse_lines(rows, starts, 2, "a\n\nb\r\n", 6, 0, &lines, &used, &be) ==
                      CURI_ERR_NOSPACE &&
                  lines == 2 && used == 3 && starts[1] == 2 &&
                  curi_parse_lines(rows, starts, 2, "b\r\n", 3, 0, &lines, &used, &be) ==
                      CURI_OK &&
                  lines == 1 && used == 3 && rows[0].len[CURI_PART_PATH] == 1,
              "curi_parse_lines: cap lines, then the rest from where *used says");
        check(curi_normalize_lines(nb, sizeof nb, ends, codes, 3, "HTTP://A\nb", 10, 0,
                                   CURI_NORM_DEFAULT, &lines, &used, &be) == CURI_OK &&
                  lines == 2 && used == 10 && ends[0] == 9 && ends[1] == 10 &&
                  memcmp(nb, "http://a/b", 10) == 0,
              "curi_normalize_lines: a last line without '\\n'");
        check(curi_normalize_lines(nb, 9, ends, codes, 3, "b\nHTTP://A\n", 11, 0,
                                   CURI_NORM_DEFAULT, &lines, &used, &be) == CURI_ERR_NOSPACE &&
                  lines == 1 && used == 2 && ends[0] == 1 && ends[1] == 10,
              "curi_normalize_lines: NOSPACE in dst: *used is where the line that did not fit "
              "begins");
    }

    /*
     * NULL pointers, parts and sets out of range, and hand-built references: what the header
     * says each function does with them (the NULL rule of its conventions, and each
     * function's own comment).
     */
    {
        curi_uri v, r, hb, ht, empty;
        curi_cursor cur;
        curi_str seg, k, val;
        char buf[64];
        size_t m;

        /* An input string may be NULL when its length is 0: it reads as "". */
        check(curi_parse(&v, NULL, 0, 0, &e) == CURI_OK && v.scheme.ptr == NULL &&
                  v.host.ptr == NULL && v.path.ptr != NULL && v.path.len == 0 &&
                  v.query.ptr == NULL && v.fragment.ptr == NULL,
              "curi_parse(NULL, 0) is the empty reference, its path present and empty");
        check(curi_parse(&v, NULL, 1, 0, &e) == CURI_ERR_INVALID_ARG && e.offset == 0 &&
                  v.path.ptr == NULL,
              "curi_parse(NULL, 1) is INVALID_ARG and clears *out");
        check(curi_parse(NULL, "a", 1, 0, &e) == CURI_ERR_INVALID_ARG && e.offset == 0 &&
                  curi_parse(NULL, NULL, 0, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_parse: a NULL out is INVALID_ARG");
        check(curi_host_parse(NULL, "a", 1, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_host_parse: a NULL out is INVALID_ARG");
        memset(&v, 0, sizeof v);
        check(curi_host_parse(&v, NULL, 0, 0, &e) == CURI_OK && v.host.ptr != NULL &&
                  v.host.len == 0 && v.host_type == CURI_HOST_REGNAME,
              "curi_host_parse(NULL, 0): the empty reg-name (3.2.2)");
        check(curi_host_parse(&v, NULL, 2, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_host_parse(NULL, 2) is INVALID_ARG");
        m = 7;
        check(curi_pct_encode(buf, sizeof buf, &m, NULL, 0, (curi_charset)0, 0, &e) == CURI_OK &&
                  m == 0,
              "curi_pct_encode(NULL, 0) writes nothing");
        m = 7;
        check(curi_pct_encode(buf, sizeof buf, &m, NULL, 1, (curi_charset)0, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_pct_encode(NULL, 1) is INVALID_ARG, *outlen 0");
        m = 7;
        check(curi_pct_encode(buf, sizeof buf, &m, "a", 1, (curi_charset)8, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_pct_encode: a set after FORM is INVALID_ARG");
        m = 7;
        check(curi_pct_decode(buf, sizeof buf, &m, NULL, 0, 0, &e) == CURI_OK && m == 0,
              "curi_pct_decode(NULL, 0) writes nothing");
        m = 7;
        check(curi_pct_decode(buf, sizeof buf, &m, NULL, 3, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_pct_decode(NULL, 3) is INVALID_ARG, *outlen 0");
        check(curi_remove_dot_segments(NULL, 0) == 0 && curi_remove_dot_segments(NULL, 9) == 0,
              "curi_remove_dot_segments(NULL, len) is 0");

        /* Absent views: no segment, no pair. */
        curi_segments_init(&cur, (curi_str){NULL, 0});
        check(curi_segments_next(&cur, &seg) == 0, "curi_segments: an absent path has none");
        curi_query_init(&cur, (curi_str){NULL, 0}, 0);
        check(curi_query_next(&cur, &k, &val) == 0, "curi_query: an absent query has none");

        /* Part names: exact, case-insensitive, nothing else. */
        check(curi_part_name((curi_part)7) == NULL && curi_part_name((curi_part)-1) == NULL,
              "curi_part_name: a part out of range has no name");
        check(curi_part_from_name(NULL, 0) == -1 && curi_part_from_name("", 0) == -1 &&
                  curi_part_from_name("PATH", 4) == CURI_PART_PATH &&
                  curi_part_from_name("Fragment", 8) == CURI_PART_FRAGMENT &&
                  curi_part_from_name("pat", 3) == -1 && curi_part_from_name("paths", 5) == -1 &&
                  curi_part_from_name("path", 3) == -1 && curi_part_from_name("xpath", 5) == -1,
              "curi_part_from_name: whole names in any case, NULL and prefixes are -1");
        check(curi_parse(&r, "http://u@a:1/p?q#f", 18, 0, &e) == CURI_OK &&
                  curi_get(NULL, CURI_PART_HOST).ptr == NULL &&
                  curi_get(&r, (curi_part)7).ptr == NULL && curi_get(&r, CURI_PART_PORT).len == 1,
              "curi_get: NULL u or a part out of range is absent");

        /* Editing: a NULL u or a part out of range is INVALID_ARG and changes nothing. */
        v = r;
        check(curi_set(NULL, CURI_PART_PATH, "/x", 2, 0, &e) == CURI_ERR_INVALID_ARG &&
                  curi_set(&v, (curi_part)7, "x", 1, 0, &e) == CURI_ERR_INVALID_ARG &&
                  memcmp(&v, &r, sizeof v) == 0,
              "curi_set: NULL u, part out of range");
        m = 7;
        check(curi_set_encoded(NULL, CURI_PART_PATH, buf, sizeof buf, &m, "/x", 2, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_set_encoded: NULL u");
        m = 7;
        check(curi_set_encoded(&v, (curi_part)7, buf, sizeof buf, &m, "x", 1, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: part out of range");
        m = 7;
        check(curi_set_encoded(&v, CURI_PART_PATH, NULL, 4, &m, "/x", 2, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: NULL buf with a cap");
        /* NOSPACE: the exact size, copied (scheme) or encoded (path), and *u unchanged. */
        m = 0;
        check(curi_set_encoded(&v, CURI_PART_SCHEME, buf, 2, &m, "https", 5, 0, &e) ==
                      CURI_ERR_NOSPACE &&
                  m == 5 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: a scheme longer than cap is NOSPACE with its length");
        m = 0;
        check(curi_set_encoded(&v, CURI_PART_PATH, buf, 5, &m, "/a b", 4, 0, &e) ==
                      CURI_ERR_NOSPACE &&
                  m == 6 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: \"/a b\" needs 6 bytes (\"/a%20b\")");
        check(curi_set_encoded(&v, CURI_PART_PATH, buf, m, &m, "/a b", 4, 0, &e) == CURI_OK &&
                  m == 6 && v.path.ptr == buf && memcmp(buf, "/a%20b", 6) == 0,
              "curi_set_encoded: the retry with *outlen bytes succeeds");

        /* Recomposition of NULL and of hand-built references. */
        m = 7;
        check(curi_recompose_bound(NULL) == 0 && curi_structure_rule(NULL) == NULL &&
                  curi_recompose(buf, sizeof buf, &m, NULL, &e) == CURI_ERR_INVALID_ARG && m == 0,
              "curi_recompose: NULL u");
        m = 7;
        check(curi_authority(buf, sizeof buf, &m, NULL, &e) == CURI_ERR_INVALID_ARG && m == 0,
              "curi_authority: NULL u");
        memset(&hb, 0, sizeof hb);
        hb.scheme = (curi_str){"", 0};
        hb.path = (curi_str){"x", 1};
        check(curi_structure_rule(&hb) != NULL &&
                  curi_recompose(buf, sizeof buf, &m, &hb, &e) == CURI_ERR_STRUCTURE &&
                  e.offset == 0 && m == 0,
              "curi_recompose: a present but empty scheme is STRUCTURE at 0");
        /* An absent path (only a hand-built u has one) is written as nothing. */
        memset(&hb, 0, sizeof hb);
        hb.scheme = (curi_str){"http", 4};
        hb.host = (curi_str){"a", 1};
        check(curi_structure_rule(&hb) == NULL &&
                  curi_recompose(buf, sizeof buf, &m, &hb, &e) == CURI_OK && m == 8 &&
                  memcmp(buf, "http://a", 8) == 0,
              "curi_recompose: a hand-built u without path");
        hb.host = (curi_str){NULL, 0};
        check(curi_recompose(buf, sizeof buf, &m, &hb, &e) == CURI_OK && m == 5 &&
                  memcmp(buf, "http:", 5) == 0,
              "curi_recompose: scheme alone, no path");
        hb.host = (curi_str){"a", 1};

        /* Resolution and its inverse: NULL arguments, bases without scheme, absent paths. */
        check(curi_parse(&empty, "", 0, 0, &e) == CURI_OK, "the empty reference");
        m = 7;
        check(curi_resolve(buf, sizeof buf, &m, NULL, &r, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0 &&
                  curi_resolve(buf, sizeof buf, &m, &r, NULL, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_resolve: NULL base or ref");
        m = 7;
        check(curi_relative(buf, sizeof buf, &m, NULL, &r, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0 &&
                  curi_relative(buf, sizeof buf, &m, &r, NULL, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_relative: NULL base or target");
        check(curi_resolve_bound(NULL, &r) == curi_resolve_bound(&empty, &r) &&
                  curi_resolve_bound(&r, NULL) == curi_resolve_bound(&r, &empty) &&
                  curi_relative_bound(NULL, &r) == curi_relative_bound(&empty, &r) &&
                  curi_relative_bound(&r, NULL) == curi_relative_bound(&r, &empty) &&
                  curi_normalize_bound(NULL) == 0,
              "the bounds read a NULL curi_uri as an empty reference");
        check(curi_parse(&v, "a/b", 3, 0, &e) == CURI_OK &&
                  curi_relative(buf, sizeof buf, &m, &v, &r, 0, &e) ==
                      CURI_ERR_BASE_NOT_ABSOLUTE &&
                  m == 0,
              "curi_relative: a base without scheme is BASE_NOT_ABSOLUTE");
        check(curi_relative(buf, sizeof buf, &m, &r, &v, 0, &e) == CURI_ERR_SCHEME_MISSING &&
                  m == 0,
              "curi_relative: a target without scheme is SCHEME_MISSING");
        /* hb is http://a with an absent path: 5.2.3 merges "/" and the reference. */
        check(curi_parse(&v, "x/./y", 5, 0, &e) == CURI_OK &&
                  curi_resolve(buf, sizeof buf, &m, &hb, &v, 0, &e) == CURI_OK && m == 12 &&
                  memcmp(buf, "http://a/x/y", 12) == 0,
              "curi_resolve: a base with an absent path and an authority merges \"/\"");
        check(curi_resolve(buf, sizeof buf, &m, &hb, &empty, 0, &e) == CURI_OK && m == 8 &&
                  memcmp(buf, "http://a", 8) == 0,
              "curi_resolve: the empty reference against it gives it back");
        memset(&ht, 0, sizeof ht);
        ht.path = (curi_str){"x", 1};
        check(curi_resolve(buf, sizeof buf, &m, &hb, &ht, 0, &e) == CURI_OK && m == 10 &&
                  memcmp(buf, "http://a/x", 10) == 0,
              "curi_resolve: a hand-built relative reference");
        ht.path = (curi_str){NULL, 0};
        ht.query = (curi_str){"q", 1};
        check(curi_resolve(buf, sizeof buf, &m, &hb, &ht, 0, &e) == CURI_OK && m == 10 &&
                  memcmp(buf, "http://a?q", 10) == 0,
              "curi_resolve: a reference with an absent path and a query");
        check(curi_parse(&v, "http://a/x", 10, 0, &e) == CURI_OK &&
                  curi_relative(buf, sizeof buf, &m, &hb, &v, 0, &e) == CURI_OK && m == 1 &&
                  buf[0] == 'x',
              "curi_relative: http://a/x against a base with an absent path is \"x\"");
        check(curi_relative_bound(&hb, &v) >= 1 &&
                  curi_parse(&v, "http://a/./x", 12, 0, &e) == CURI_OK &&
                  curi_relative(buf, curi_relative_bound(&hb, &v), &m, &hb, &v, 0, &e) == CURI_OK &&
                  m == 1 && buf[0] == 'x',
              "curi_relative: http://a/./x against it is \"x\" too, within the bound");
        ht = hb;
        check(curi_parse(&v, "http://a/b", 10, 0, &e) == CURI_OK &&
                  curi_relative(buf, sizeof buf, &m, &v, &ht, 0, &e) == CURI_OK && m == 3 &&
                  memcmp(buf, "//a", 3) == 0,
              "curi_relative: a target with an absent path is reached by \"//a\"");
        check(curi_relative(buf, sizeof buf, &m, &hb, &ht, 0, &e) == CURI_OK && m == 0,
              "curi_relative: two absent paths are the same document");
        /* A path beside an authority must start with '/': a hand-built base breaks it. */
        hb.path = (curi_str){"b", 1};
        check(curi_parse(&v, "c", 1, 0, &e) == CURI_OK &&
                  curi_resolve(buf, sizeof buf, &m, &hb, &v, 0, &e) == CURI_ERR_STRUCTURE &&
                  m == 0,
              "curi_resolve: a rootless base path beside an authority is STRUCTURE");

        /* Normalization and comparison of NULL. */
        m = 7;
        check(curi_normalize(buf, sizeof buf, &m, NULL, CURI_NORM_DEFAULT, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0 && curi_is_normalized(NULL, 0) == 0 &&
                  curi_compare(NULL, &r, CURI_EQ_SCHEME) == CURI_EQ_NONE &&
                  curi_compare(&r, NULL, CURI_EQ_STRING) == CURI_EQ_NONE,
              "curi_normalize, curi_is_normalized, curi_compare: NULL u");

        /* Normalization of a hand-built reference without path: the path is empty (6.2.3). */
        {
            curi_uri np, a1, a2, bad;
            memset(&np, 0, sizeof np);
            np.scheme = (curi_str){"HTTP", 4};
            np.host = (curi_str){"A", 1};
            np.host_type = CURI_HOST_REGNAME;
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_OK &&
                      m == 9 && memcmp(buf, "http://a/", 9) == 0,
                  "curi_normalize: HTTP://A with an absent path is http://a/");
            check(curi_normalize(buf, 3, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_ERR_NOSPACE &&
                      m == 9,
                  "curi_normalize: the same into 3 bytes is NOSPACE, 9 needed");
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_SYNTAX, &e) == CURI_OK &&
                      m == 8 && memcmp(buf, "http://a", 8) == 0,
                  "curi_normalize: syntax only keeps the path empty");
            check(curi_is_normalized(&np, 0) == 1 && curi_is_normalized(&np, CURI_NORM_CASE) == 0,
                  "curi_is_normalized: an absent path");
            check(curi_parse(&a1, "http://a/", 9, 0, &e) == CURI_OK &&
                      curi_parse(&a2, "HTTP://A", 8, 0, &e) == CURI_OK &&
                      curi_compare(&np, &a1, CURI_EQ_SCHEME) == CURI_EQ_SCHEME &&
                      curi_compare(&np, &a2, CURI_EQ_SCHEME) == CURI_EQ_STRING,
                  "curi_compare: an absent path is the empty path");
            np.host = (curi_str){NULL, 0};
            np.host_type = CURI_HOST_NONE;
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_OK &&
                      m == 5 && memcmp(buf, "http:", 5) == 0,
                  "curi_normalize: a scheme alone");
            /* Against a long reference (compared from the end, in chunks) it is as empty. */
            {
                static char lp[700];
                curi_uri lu;
                memcpy(lp, "http://a/", 9);
                memset(lp + 9, 'x', sizeof lp - 9);
                np.host = (curi_str){"A", 1};
                np.host_type = CURI_HOST_REGNAME;
                check(curi_parse(&lu, lp, sizeof lp, 0, &e) == CURI_OK &&
                          curi_compare(&np, &lu, CURI_EQ_SCHEME) == CURI_EQ_NONE &&
                          curi_compare(&lu, &np, CURI_EQ_SCHEME) == CURI_EQ_NONE,
                      "curi_compare: an absent path against a 700-byte reference");
                lu.path = (curi_str){NULL, 0};
                check(curi_compare(&np, &lu, CURI_EQ_SCHEME) == CURI_EQ_SYNTAX,
                      "curi_compare: HTTP://A and http://a, both without path, agree at syntax");
            }
            /* A reference with nothing at all normalizes to nothing. */
            memset(&np, 0, sizeof np);
            m = 7;
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_OK &&
                      m == 0 && curi_is_normalized(&np, CURI_NORM_DEFAULT) == 1,
                  "curi_normalize: every view absent gives the empty reference");
            /* The ladder stops at max_level; a refused reference equals nothing. */
            bad = a1;
            bad.path = (curi_str){"x", 1};
            check(curi_compare(&a1, &a1, CURI_EQ_NONE) == CURI_EQ_NONE &&
                      curi_compare(&a1, &a2, CURI_EQ_STRING) == CURI_EQ_NONE &&
                      curi_compare(&a1, &a2, CURI_EQ_SYNTAX) == CURI_EQ_NONE &&
                      curi_compare(&a1, &bad, CURI_EQ_SCHEME) == CURI_EQ_NONE &&
                      curi_compare(&bad, &a1, CURI_EQ_SCHEME) == CURI_EQ_NONE,
                  "curi_compare: max_level NONE, STRING and SYNTAX stop there; one refused side");
        }

        /* The scheme registry on NULL. */
        check(curi_scheme_find(NULL, 4) == NULL && curi_scheme_name(NULL) == NULL &&
                  curi_scheme_default_port(NULL) == -1 && curi_scheme_flags(NULL) == 0 &&
                  curi_scheme_source(NULL) == NULL &&
                  curi_scheme_source(curi_scheme_find("HTTP", 4)) != NULL &&
                  curi_scheme_kind(NULL) == CURI_SK_NONE &&
                  curi_scheme_kind(curi_scheme_find("LDAPS", 5)) == CURI_SK_LDAP &&
                  curi_scheme_kind(curi_scheme_find("coap", 4)) == CURI_SK_NONE,
              "the scheme registry: NULL name, NULL scheme; a scheme's kind");
        check(curi_scheme_query_is_form(NULL) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("coap", 4)) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("HTTPS", 5)) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("wss", 3)) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("mailto", 6)) == 0 &&
                  curi_scheme_query_is_form(curi_scheme_find("ldap", 4)) == 0 &&
                  curi_scheme_query_is_form(curi_scheme_find("file", 4)) == 0,
              "curi_scheme_query_is_form: the generic syntax and http's and ws's layouts");

        /* Batches: no inputs (NULL arrays then allowed); an empty block of lines. */
        {
            size_t valid = 9, done = 9, lines = 9, used = 9;
            check(curi_parse_many(NULL, NULL, 0, 0, &valid, NULL) == CURI_OK && valid == 0 &&
                      curi_valid_many(NULL, NULL, 0, 0, &valid, NULL) == CURI_OK && valid == 0 &&
                      curi_normalize_many(NULL, 0, NULL, NULL, NULL, 0, 0, CURI_NORM_DEFAULT,
                                          &done, NULL) == CURI_OK &&
                      done == 0,
                  "batches of no input");
            check(curi_parse_lines(NULL, NULL, 0, NULL, 0, 0, &lines, &used, NULL) == CURI_OK &&
                      lines == 0 && used == 0 &&
                      curi_normalize_lines(NULL, 0, NULL, NULL, 0, NULL, 0, 0,
                                           CURI_NORM_DEFAULT, &lines, &used, NULL) == CURI_OK &&
                      lines == 0 && used == 0,
                  "lines of no text: NULL text with len 0, no room needed");
            check(curi_parse_lines(NULL, NULL, 0, "a", 1, 0, &lines, &used, NULL) ==
                      CURI_ERR_NOSPACE &&
                      lines == 0 && used == 0,
                  "curi_parse_lines: no room for a line is NOSPACE, nothing used");
        }
    }

    /* Well inside the limit: a 64 MiB path, a 64 MiB query of pairs, a 64 MiB host. */
    size_t len = (size_t)64 << 20;
    char *s = malloc(len);
    if (!s)
        return 2;
    memcpy(s, "http://h/", 9);
    memset(s + 9, 'a', len - 9);
    check(curi_parse(&u, s, len, 0, &e) == CURI_OK && u.path.len == len - 8, "64 MiB path");
    memcpy(s, "http://h/?", 10);
    for (size_t i = 10; i + 4 <= len; i += 4)
        memcpy(s + i, "a=b&", 4);
    check(curi_parse(&u, s, len, 0, &e) == CURI_OK && u.query.len == len - 10,
          "64 MiB query");
    memcpy(s, "http://", 7);
    memset(s + 7, 'h', len - 7);
    check(curi_parse(&u, s, len, 0, &e) == CURI_OK && u.host.len == len - 7, "64 MiB host");
    s[len / 2] = ' ';
    check(curi_parse(&u, s, len, 0, &e) == CURI_ERR_HOST_CHAR && e.offset == len / 2,
          "an error 32 MiB in is reported at its offset");
    free(s);

    /* curi_lint: the API's edges (the rules themselves are tests/vectors/lint*.vec). */
    {
        curi_finding f[4];
        curi_lint_options o;
        const curi_lint_port mine[] = {{8080, "proxy", ""}, {25, "mailer", "smtp"}};
        char m[256];
        size_t ml = 7;

        check(curi_lint(b, big, NULL, f, 4) == 2 && f[0].rule == CURI_LINT_LONG_COMPONENT &&
                  f[1].rule == CURI_LINT_SYNTAX_INVALID && f[1].start == CURI_MAX_LEN,
              "curi_lint of CURI_MAX_LEN + 1 bytes: long-component and syntax-invalid, unread");
        check(curi_lint(NULL, 0, NULL, NULL, 0) == 0, "curi_lint(NULL, 0): no finding");
        check(curi_lint(NULL, 3, NULL, f, 4) == 0, "curi_lint(NULL, 3): 0");
        check(curi_lint("a b", 3, NULL, NULL, 4) == 0, "curi_lint: NULL out with cap 4: 0");
        check(curi_lint("a b", 3, NULL, NULL, 0) == 2, "curi_lint: NULL out, cap 0 counts");
        memset(&o, 0, sizeof o);
        o.flags = 0x80;
        check(curi_lint("a b", 3, &o, f, 4) == 0, "curi_lint: an unknown flag: 0");
        o.flags = 0;
        o.ports = mine;
        o.nports = 2;
        check(curi_lint("http://a:8080/", 14, &o, f, 4) == 1 &&
                  f[0].rule == CURI_LINT_PORT_OTHER_PROTOCOL,
              "curi_lint: a caller's port table (8080 is another protocol's)");
        check(curi_lint_message(m, sizeof m, &ml, "http://a:8080/", 14, &o, &f[0], &e) ==
                      CURI_OK &&
                  ml > 26 && memcmp(m, "port 8080 belongs to proxy", 26) == 0,
              "curi_lint_message names the caller's protocol");
        check(curi_lint("http://a:25/", 12, &o, f, 4) == 1 &&
                  f[0].rule == CURI_LINT_PORT_OTHER_PROTOCOL,
              "curi_lint: the caller's table replaces the built-in one (25 is mailer's)");
        o.ports = NULL;
        o.nports = 0;
        o.disabled[1] = 1u << (CURI_LINT_LONG_COMPONENT - 33);
        check(curi_lint(b, big, &o, f, 4) == 1 && f[0].rule == CURI_LINT_SYNTAX_INVALID,
              "curi_lint: disabled[1] turns rule 40 off");
        check(curi_lint("a b", 3, NULL, f, 4) == 2, "curi_lint(\"a b\"): two findings");
        check(curi_lint_message(NULL, 0, &ml, "a b", 3, NULL, &f[0], &e) == CURI_ERR_NOSPACE &&
                  ml > 0,
              "curi_lint_message: NULL dst with cap 0 measures");
        check(curi_lint_message(NULL, 1, &ml, "a b", 3, NULL, &f[0], &e) ==
                      CURI_ERR_INVALID_ARG &&
                  ml == 0,
              "curi_lint_message: NULL dst with cap 1 is INVALID_ARG");
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, NULL, &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: NULL finding");
        f[0].rule = 0;
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, &f[0], &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: rule 0");
        f[0].rule = CURI_LINT_RAW_CONTROL_OR_SPACE;
        f[0].start = 3;
        f[0].end = 2;
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, &f[0], &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: a span that ends before it starts");
        f[0].start = 0;
        f[0].end = 9;
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, &f[0], &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: a span past the input");
        check(curi_lint_rule_name(0) == NULL &&
                  curi_lint_rule_name(CURI_LINT_RULES + 1) == NULL &&
                  strcmp(curi_lint_rule_name(1), "syntax-invalid") == 0 &&
                  strcmp(curi_lint_rule_name(40), "long-component") == 0 &&
                  strcmp(curi_lint_rule_name(41), "mailto-dangerous-header") == 0 &&
                  strcmp(curi_lint_rule_name(44), "host-idna-maps-to-ascii") == 0,
              "curi_lint_rule_name: 1..CURI_LINT_RULES only");
        check(curi_lint_rule_from_name(NULL, 3) == 0 &&
                  curi_lint_rule_from_name("syntax-invalid", 14) == 1 &&
                  curi_lint_rule_from_name("syntax-invalidx", 15) == 0 &&
                  curi_lint_rule_from_name("syntax", 6) == 0,
              "curi_lint_rule_from_name: exact names only");
        check(curi_lint_rule_severity(0) == 0 &&
                  curi_lint_rule_severity(CURI_LINT_RULES + 1) == 0 &&
                  curi_lint_rule_severity(41) == CURI_SEVERITY_WARNING &&
                  curi_lint_rule_severity(1) == CURI_SEVERITY_ERROR &&
                  curi_lint_rule_severity(7) == CURI_SEVERITY_INFO,
              "curi_lint_rule_severity");
        check(curi_severity_name(0) == NULL && curi_severity_name(4) == NULL &&
                  strcmp(curi_severity_name(CURI_SEVERITY_INFO), "info") == 0 &&
                  strcmp(curi_severity_name(CURI_SEVERITY_WARNING), "warning") == 0 &&
                  strcmp(curi_severity_name(CURI_SEVERITY_ERROR), "error") == 0,
              "curi_severity_name");
        for (int r = 1; r <= CURI_LINT_RULES; r++) {
            const char *nm = curi_lint_rule_name(r);
            if (nm == NULL) {
                continue; /* a number this build does not assign (41) */
            }
            if (curi_lint_rule_from_name(nm, strlen(nm)) != r) {
                check(0, "curi_lint_rule_from_name(curi_lint_rule_name(r)) == r");
            }
        }
    }

    /* curi_extract: the argument rules of curi.h, and the writer on edge spans. */
    {
        curi_extractor x;
        curi_match m;
        char w[16];
        n = 99;
        const char *txt = "<http://a/ b>";

        check(curi_extract_init(NULL, 0) == CURI_ERR_INVALID_ARG, "curi_extract_init(NULL)");
        check(curi_extract_init(&x, 0x80) == CURI_ERR_INVALID_ARG &&
                  curi_extract_next(&x, txt, 13, 0, &m) == -1,
              "curi_extract_init: an unknown flag, and next refuses that extractor");
        check(curi_extract_init(&x, CURI_EXTRACT_MORE) == CURI_ERR_INVALID_ARG,
              "curi_extract_init: CURI_EXTRACT_MORE is next's flag");
        check(curi_extract_init(&x, CURI_EXTRACT_COMPLETE) == CURI_OK, "curi_extract_init");
        check(curi_extract_next(NULL, txt, 13, 0, &m) == -1 &&
                  curi_extract_next(&x, txt, 13, 0, NULL) == -1 &&
                  curi_extract_next(&x, NULL, 1, 0, &m) == -1 &&
                  curi_extract_next(&x, txt, 13, CURI_EXTRACT_COMPLETE, &m) == -1 &&
                  curi_extract_next(&x, NULL, 0, 0, &m) == 0,
              "curi_extract_next: NULL x, m, text with len > 0, a flag of init's");
        check(curi_extract_init(&x, 0) == CURI_OK && curi_extract_next(&x, txt, 13, 0, &m) == 1 &&
                  m.begin == 1 && m.end == 12 &&
                  m.flags == (CURI_MATCH_ANGLE | CURI_MATCH_WS_REMOVED) &&
                  curi_extract_next(&x, txt, 13, 0, &m) == 0 && x.pos == 13 &&
                  curi_extract_next(&x, txt, 5, 0, &m) == -1,
              "curi_extract_next: one match, then none, then a text shorter than pos");
        m.begin = 1;
        m.end = 12;
        m.flags = CURI_MATCH_ANGLE | CURI_MATCH_WS_REMOVED;
        check(curi_extract_bound(&m) == 11 && curi_extract_bound(NULL) == 0,
              "curi_extract_bound");
        check(curi_extract_write(w, sizeof w, &n, txt, 13, &m, &e) == CURI_OK && n == 10 &&
                  memcmp(w, "http://a/b", 10) == 0,
              "curi_extract_write drops the whitespace");
        check(curi_extract_write(w, 9, &n, txt, 13, &m, &e) == CURI_ERR_NOSPACE && n == 10 &&
                  curi_extract_write(NULL, 0, &n, txt, 13, &m, &e) == CURI_ERR_NOSPACE && n == 10,
              "curi_extract_write: NOSPACE with the length needed");
        check(curi_extract_write(NULL, 3, &n, txt, 13, &m, &e) == CURI_ERR_INVALID_ARG && n == 0,
              "curi_extract_write: NULL dst with cap > 0");
        m.end = 14;
        check(curi_extract_write(w, sizeof w, &n, txt, 13, &m, &e) == CURI_ERR_INVALID_ARG &&
                  n == 0 && e.code == CURI_ERR_INVALID_ARG,
              "curi_extract_write: a span past the text");
        m.end = 12;
        m.flags = CURI_MATCH_PREFIX_HTTP | CURI_MATCH_PREFIX_FTP;
        check(curi_extract_write(w, sizeof w, &n, txt, 13, &m, &e) == CURI_ERR_INVALID_ARG &&
                  curi_extract_write(w, sizeof w, &n, txt, 13, NULL, &e) == CURI_ERR_INVALID_ARG,
              "curi_extract_write: both prefixes, or no match");
    }

    printf("limits: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
