/*
 * fuzz_compare.c -- libFuzzer target for curi_compare (the RFC 3986 6.2 ladder).
 * Input: "A\nB" (without a '\n', B is A with its letters' case flipped, which
 * climbs the ladder more often than two random strings).  Invariants:
 *  - the answer is the first rung, up to max_level, at which the strings agree:
 *    STRING when the recompositions are equal, SYNTAX when curi_normalize with
 *    CURI_NORM_SYNTAX gives equal strings, SCHEME when CURI_NORM_DEFAULT does;
 *  - it is symmetric, and a reference is STRING-equal to itself;
 *  - the streaming comparison (testing.h; what long references take) gives the
 *    same answer as the buffered one.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/testing.h"

static void normalized(const curi_uri *u, unsigned mask, fz_buf *out)
{
    size_t bound = curi_normalize_bound(u), n;
    char *big = fz_alloc(bound);
    int rc = curi_normalize(big, bound, &n, u, mask, NULL);

    FZ_CHECKF(rc == CURI_OK, "curi_normalize = %d", rc);
    out->p = fz_dup(big, n);
    out->n = n;
    free(big);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);
    char *a, *b;
    const char *ap, *bp;
    size_t alen, blen;
    curi_uri ua, ub;

    if (!fz_split(s, size, '\n', &ap, &alen, &bp, &blen)) {
        char *flip = fz_dup(s, size);
        for (size_t i = 0; i < size; i++)
            if ((flip[i] | 0x20) >= 'a' && (flip[i] | 0x20) <= 'z')
                flip[i] = (char)(flip[i] ^ 0x20);
        a = fz_dup(s, size);
        alen = blen = size;
        b = flip;
    } else {
        a = fz_dup(ap, alen);
        b = fz_dup(bp, blen);
    }
    if (fz_parse(&ua, a, alen, 0, NULL) == CURI_OK && fz_parse(&ub, b, blen, 0, NULL) == CURI_OK) {
        fz_buf ra, rb, sa, sb, da, db;
        curi_equiv want[4];
        fz_recompose(&ua, &ra);
        fz_recompose(&ub, &rb);
        normalized(&ua, CURI_NORM_SYNTAX, &sa);
        normalized(&ub, CURI_NORM_SYNTAX, &sb);
        normalized(&ua, CURI_NORM_DEFAULT, &da);
        normalized(&ub, CURI_NORM_DEFAULT, &db);
        /* want[max]: the first rung up to max at which the strings are equal. */
        want[CURI_EQ_NONE] = CURI_EQ_NONE;
        want[CURI_EQ_STRING] = fz_buf_eq(&ra, &rb) ? CURI_EQ_STRING : CURI_EQ_NONE;
        want[CURI_EQ_SYNTAX] = want[CURI_EQ_STRING] != CURI_EQ_NONE ? CURI_EQ_STRING
                               : fz_buf_eq(&sa, &sb)               ? CURI_EQ_SYNTAX
                                                                   : CURI_EQ_NONE;
        /* at 6.2.3 urn, mailto, file, nntp, tel, data, info and ldap(s) also have
         * equivalences without a canonical form (src/schemes/normal.c), which the strings
         * do not show: their answer is held to symmetry and the other rungs */
        want[CURI_EQ_SCHEME] = want[CURI_EQ_SYNTAX] != CURI_EQ_NONE ? want[CURI_EQ_SYNTAX]
                               : fz_buf_eq(&da, &db)                ? CURI_EQ_SCHEME
                                                                    : CURI_EQ_NONE;
        if (want[CURI_EQ_SCHEME] == CURI_EQ_NONE && fz_compare(&ua, &ub, CURI_EQ_SCHEME, 0) ==
                                                        CURI_EQ_SCHEME) {
            int custom = 0;
            for (int side = 0; side < 2; side++) {
                curi_str sc = side ? ub.scheme : ua.scheme;
                unsigned char c0 = sc.ptr != NULL ? (unsigned char)(sc.ptr[0] | 0x20) : 0;
                custom |= (sc.len == 3 && (c0 == 'u' || c0 == 't')) ||
                          (sc.len == 6 && c0 == 'm') || (sc.len == 5 && c0 == 'l') ||
                          (sc.len == 4 && (c0 == 'f' || c0 == 'd' || c0 == 'n' || c0 == 'i' ||
                                           c0 == 'l'));
            }
            FZ_CHECKF(custom, "curi_compare(%s, %s) = scheme, the normalized strings differ",
                      fz_show(ra.p, ra.n), fz_show2(rb.p, rb.n));
            want[CURI_EQ_SCHEME] = CURI_EQ_SCHEME;
        }
        for (int m = CURI_EQ_STRING; m <= CURI_EQ_SCHEME; m++) {
            curi_equiv got = fz_compare(&ua, &ub, (curi_equiv)m, 0);
            curi_equiv rev = fz_compare(&ub, &ua, (curi_equiv)m, 0);
            FZ_CHECKF(got == want[m],
                      "curi_compare(%s, %s, max %d) = %d, the normalized strings say %d",
                      fz_show(ra.p, ra.n), fz_show2(rb.p, rb.n), m, (int)got, (int)want[m]);
            FZ_CHECKF(rev == got, "curi_compare is not symmetric: %d vs %d", (int)got, (int)rev);
            FZ_CHECKF(fz_compare(&ua, &ub, (curi_equiv)m, 1) == got,
                      "streaming compare(%s, %s, max %d) = %d, buffered %d", fz_show(ra.p, ra.n),
                      fz_show2(rb.p, rb.n), m, (int)fz_compare(&ua, &ub, (curi_equiv)m, 1),
                      (int)got);
            FZ_CHECK(fz_compare(&ua, &ua, (curi_equiv)m, 0) == CURI_EQ_STRING);
        }
        fz_free(&ra);
        fz_free(&rb);
        fz_free(&sa);
        fz_free(&sb);
        fz_free(&da);
        fz_free(&db);
    }
    free(a);
    free(b);
    free(s);
    return 0;
}
