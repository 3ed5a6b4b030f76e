/*
 * compat.c -- a program linked against libcuri 0.2.0 keeps working with this library.
 *
 * 0.3.0 changed the signatures of five functions and kept their 0.2.0 shapes exported
 * under the symbol version CURI_0.2 (src/compat/abi-0.2.c).  This test loads the built
 * libcuri.so, asks for each old shape by its version (dlvsym, as the dynamic linker does
 * for a program built against 0.2.0), calls it with 0.2.0's arguments and checks 0.2.0's
 * answers, next to the new default version's.  Usage: curi-compat LIBCURI.so
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "curi.h"

static int pass, fail;

static void check(int ok, const char *what)
{
    if (ok) {
        pass++;
    } else {
        fail++;
        printf("compat: FAIL: %s\n", what);
    }
}

/* The 0.2.0 shapes. */
typedef curi_equiv (*compare_0_2)(const curi_uri *, const curi_uri *, curi_equiv);
typedef int (*is_normalized_0_2)(const curi_uri *, unsigned);
typedef void (*query_init_0_2)(curi_cursor *, curi_str, unsigned);
typedef int (*parse_0_2)(curi_uri *, const char *, size_t, unsigned, curi_error *);
typedef int (*query_next_0_2)(curi_cursor *, curi_str *, curi_str *);
typedef size_t (*parse_many_0_2)(curi_row *, const char *, const size_t *, size_t, unsigned);
typedef size_t (*normalize_many_0_2)(char *, size_t, size_t *, uint16_t *, const char *,
                                     const size_t *, size_t, unsigned, unsigned);

/* dlvsym's answer as a function pointer of the given type (POSIX allows the conversion). */
#define LOOKUP(type, h, name, ver) ((type)(uintptr_t)dlvsym(h, name, ver))

int main(int argc, char **argv)
{
    void *h;
    curi_uri a, b, n;

    if (argc != 2) {
        fprintf(stderr, "usage: curi-compat LIBCURI.so\n");
        return 2;
    }
    h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        printf("compat: FAIL: dlopen: %s\n", dlerror());
        printf("compat: 0 passed, 1 failed\n");
        return 1;
    }
    parse_0_2 parse = LOOKUP(parse_0_2, h, "curi_parse", "CURI_0.2");
    compare_0_2 cmp = LOOKUP(compare_0_2, h, "curi_compare", "CURI_0.2");
    is_normalized_0_2 isn = LOOKUP(is_normalized_0_2, h, "curi_is_normalized", "CURI_0.2");
    query_init_0_2 qinit = LOOKUP(query_init_0_2, h, "curi_query_init", "CURI_0.2");
    query_next_0_2 qnext = LOOKUP(query_next_0_2, h, "curi_query_next", "CURI_0.2");
    parse_many_0_2 pmany = LOOKUP(parse_many_0_2, h, "curi_parse_many", "CURI_0.2");
    normalize_many_0_2 nmany = LOOKUP(normalize_many_0_2, h, "curi_normalize_many", "CURI_0.2");
    check(parse && cmp && isn && qinit && qnext && pmany && nmany,
          "every 0.2.0 shape is exported under CURI_0.2");
    check(dlvsym(h, "curi_compare", "CURI_0.3") != NULL &&
              dlvsym(h, "curi_compare", "CURI_0.3") != (void *)(uintptr_t)cmp,
          "curi_compare@CURI_0.3 is another function than curi_compare@CURI_0.2");
    check(dlvsym(h, "curi_lint", "CURI_0.2") == NULL,
          "a function new in 0.3.0 has no CURI_0.2 version");
    if (!(parse && cmp && isn && qinit && qnext && pmany && nmany)) {
        printf("compat: %d passed, %d failed\n", pass, fail);
        return 1;
    }
    check(parse(&a, "HTTP://Example.COM:80/%7Ea", 26, 0, NULL) == CURI_OK &&
              parse(&b, "http://example.com/~a", 21, 0, NULL) == CURI_OK &&
              parse(&n, "http://a/", 9, 0, NULL) == CURI_OK,
          "curi_parse@CURI_0.2");

    /* curi_compare: the level, CURI_EQ_NONE for an unknown max_level (0.2.0's answer). */
    check(cmp(&a, &a, CURI_EQ_SCHEME) == CURI_EQ_STRING, "compare 0.2.0: the same reference");
    check(cmp(&a, &b, CURI_EQ_SCHEME) == CURI_EQ_SCHEME, "compare 0.2.0: equal by the scheme");
    check(cmp(&a, &b, CURI_EQ_STRING) == CURI_EQ_NONE, "compare 0.2.0: max_level STRING");
    check(cmp(&a, &n, CURI_EQ_SCHEME) == CURI_EQ_NONE, "compare 0.2.0: different");
    check(cmp(&a, &a, (curi_equiv)7) == CURI_EQ_NONE, "compare 0.2.0: a bad max_level is NONE");

    /* curi_is_normalized: 1 or 0, 0 for a bad mask. */
    check(isn(&b, CURI_NORM_DEFAULT) == 1 && isn(&a, CURI_NORM_DEFAULT) == 0,
          "is_normalized 0.2.0: 1 and 0");
    check(isn(&b, 0x80000000u) == 0, "is_normalized 0.2.0: an unknown mask bit is 0");

    /* curi_query_init: no return value; the pairs as before; an unknown flag yields none. */
    {
        curi_cursor c;
        curi_str k, v;
        int pairs = 0;
        qinit(&c, (curi_str){"a=1&b;c", 7}, CURI_QUERY_SEMICOLON);
        while (qnext(&c, &k, &v)) {
            pairs++;
        }
        check(pairs == 3, "query_init 0.2.0: three pairs with CURI_QUERY_SEMICOLON");
        pairs = 0;
        qinit(&c, (curi_str){"a=1", 3}, 0x40000000u);
        while (qnext(&c, &k, &v)) {
            pairs++;
        }
        check(pairs == 0, "query_init 0.2.0: an unknown flag yields no pairs");
    }
    /* The batches over an Arrow-style column: "http://a:8/x", "bad uri", "", "HTTP://B/". */
    {
        static const char data[] = "http://a:8/xbad uriHTTP://B/";
        const size_t offs[] = {0, 12, 19, 19, 28}, back[] = {0, 12, 5, 28};
        curi_row rows[4];
        size_t ends[4];
        uint16_t codes[4];
        char out[64];

        check(pmany(rows, data, offs, 4, 0) == 3, "parse_many 0.2.0: three of four valid");
        check(rows[0].code == CURI_OK && rows[0].off[CURI_PART_HOST] == 7 &&
                  rows[0].len[CURI_PART_HOST] == 1 && rows[0].value == 8 &&
                  rows[1].code == CURI_ERR_PATH_CHAR && rows[1].value == 3 &&
                  rows[1].off[CURI_PART_PATH] == CURI_ROW_ABSENT &&
                  rows[2].code == CURI_OK && rows[2].len[CURI_PART_PATH] == 0 &&
                  rows[3].code == CURI_OK && rows[3].off[CURI_PART_PATH] == 8,
              "parse_many 0.2.0: the rows, offsets into each input");
        check(pmany(rows, data, back, 3, 0) == 1 && rows[1].code == CURI_ERR_INVALID_ARG &&
                  rows[2].code == CURI_ERR_PATH_CHAR,
              "parse_many 0.2.0: decreasing offsets refuse that input only");
        check(pmany(NULL, data, offs, 4, 0) == 0 && pmany(rows, NULL, offs, 4, 0) == 0,
              "parse_many 0.2.0: NULL rows, NULL data with inputs: 0");
        check(pmany(rows, data, offs, 1, 0x10) == 0 && rows[0].code == CURI_ERR_INVALID_ARG,
              "parse_many 0.2.0: a private flag bit refuses the input");

        check(nmany(out, sizeof out, ends, codes, data, offs, 4, 0, CURI_NORM_DEFAULT) == 4 &&
                  ends[0] == 12 && memcmp(out, "http://a:8/x", 12) == 0 && ends[1] == 12 &&
                  codes[1] == CURI_ERR_PATH_CHAR && ends[2] == 12 && codes[2] == CURI_OK &&
                  ends[3] == 21 && memcmp(out + 12, "http://b/", 9) == 0,
              "normalize_many 0.2.0: outputs one after another, an error's empty");
        check(nmany(out, 14, ends, codes, data, offs, 4, 0, CURI_NORM_DEFAULT) == 3 &&
                  ends[2] == 12 && ends[3] == 21,
              "normalize_many 0.2.0: done 3, ends[3] is where output 3 would end");
        check(nmany(NULL, 5, ends, codes, data, offs, 4, 0, CURI_NORM_DEFAULT) == 0 &&
                  nmany(out, sizeof out, NULL, codes, data, offs, 4, 0, CURI_NORM_DEFAULT) == 0,
              "normalize_many 0.2.0: NULL dst with cap, NULL ends: 0");
    }
    dlclose(h);
    printf("compat: %d passed, %d failed\n", pass, fail);
    return fail != 0;
}
