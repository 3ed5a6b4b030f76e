/*
 * rules_idn.c -- the UTS #39 rules of curi_lint on an internationalized reg-name,
 * host-mixed-script (42) and host-confusable (43) of lint-rules.md section 3.  Each label of
 * the host is read into a buffer of at most 63 code points (a longer label is no DNS label
 * and is skipped): its triplets decoded, its UTF-8 read, each code point mapped by the UTS #46
 * table of unitab.c where that gives ASCII (so a fullwidth letter counts as the Latin letter
 * it becomes; other code points are taken as they are, case included, since their script and
 * skeleton do not depend on it), and an xn-- label decoded from Punycode.  The checks are
 * curi__uni_label_check's, on generated script and confusable tables.
 *
 * The detail of each finding:
 *   host-mixed-script  first script id << 8 | the first conflicting one (unitab.c's ids)
 *   host-confusable    0
 * SPDX-License-Identifier: MIT
 */
#include "rules.h"
#include "../utf8.h"
#include "../punycode.h"
#include "../unitab.h"
#include "../uts46.h"

#define LABEL_MAX 63

/* One label as code points, and where it lies in the input. */
typedef struct ulabel {
    uint32_t cp[LABEL_MAX];
    size_t n, at, end;
    int bad; /* too long, or ill-formed UTF-8: not judged */
} ulabel;

static void push(ulabel *l, uint32_t cp)
{
    if (l->n < LABEL_MAX) {
        l->cp[l->n++] = cp;
    } else {
        l->bad = 1;
    }
}

/* An ASCII label that begins with xn-- (any case) replaced by its Punycode decoding. */
static void alabel(ulabel *l)
{
    uint32_t u[LABEL_MAX];
    size_t k;

    if (l->bad || l->n < 5 || (l->cp[0] | 0x20) != 'x' || (l->cp[1] | 0x20) != 'n' ||
        l->cp[2] != '-' || l->cp[3] != '-') {
        return;
    }
    for (size_t i = 0; i < l->n; i++) {
        if (l->cp[i] >= 0x80) {
            return;
        }
    }
    k = curi__puny_decode(l->cp + 4, l->n - 4, u, LABEL_MAX);
    if (k == SIZE_MAX) {
        l->bad = 1;
        return;
    }
    memcpy(l->cp, u, k * sizeof u[0]);
    l->n = k;
}

/*
 * The next label of the reg-name [*p, b) of s into l, *p moved past it and its dot; 0 when
 * none is left.  A dot is '.', or what UTS #46 maps to '.' (U+3002, U+FF0E, U+FF61).
 */
static int next_label(ulabel *l, const char *s, size_t *p, size_t b)
{
    char q[4];
    size_t qn = 0, need = 0, qat = 0;

    if (*p >= b) {
        return 0;
    }
    l->n = 0;
    l->bad = 0;
    l->at = *p;
    while (*p < b) {
        size_t at = *p;
        int v = (s[at] == '%') ? curi__lint_triplet(s + at, s + b) : -1;
        unsigned char ch = (unsigned char)(v >= 0 ? v : s[at]);
        *p += (v >= 0) ? 3 : 1;
        if (qn > 0 && (ch & 0xC0) != 0x80) {
            l->bad = 1; /* a sequence cut short */
            qn = 0;
        }
        if (qn == 0 && ch < 0x80) {
            if (ch == '.') {
                l->end = at;
                return 1;
            }
            push(l, curi__lower(ch));
            continue;
        }
        if (qn == 0) {
            qat = at;
            need = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC0 ? 2 : 1;
        }
        q[qn++] = (char)ch;
        if (qn == need) {
            uint32_t cp = 0;
            char t[CURI__U46_SEQ_MAX];
            int k = -1;
            if (curi__utf8(q, q + qn, &cp) == qn) {
                k = curi__uts46_ascii_map(cp, t);
            } else {
                l->bad = 1;
            }
            qn = 0;
            if (k == 1 && t[0] == '.') {
                l->end = qat;
                return 1;
            }
            if (k < 0) {
                push(l, cp);
            }
            for (int i = 0; i < k; i++) {
                push(l, (unsigned char)t[i]);
            }
        }
    }
    l->bad |= qn > 0;
    l->end = b;
    return 1;
}

void curi__lint_idn(curi__lint *c, size_t a, size_t b)
{
    ulabel l;
    size_t p = a;

    while (next_label(&l, c->s, &p, b)) {
        int x, y;
        unsigned r;
        alabel(&l);
        if (l.bad) {
            continue;
        }
        r = curi__uni_label_check(l.cp, l.n, &x, &y);
        if (r & CURI__UNI_MIXED) {
            curi__lint_emit(c, CURI_LINT_HOST_MIXED_SCRIPT, l.at, l.end,
                            (uint32_t)x << 8 | (uint32_t)y);
        }
        if (r & CURI__UNI_CONFUSABLE) {
            curi__lint_emit(c, CURI_LINT_HOST_CONFUSABLE, l.at, l.end, 0);
        }
    }
}

/* ------------------------------------------------------------------ messages */

/* The label at [a, b) as UTF-8 (Punycode decoded), or as written when it cannot be read. */
static void put_label(curi__out *o, const curi__lint *c, const ulabel *l)
{
    if (l->bad) {
        curi__put(o, c->s + l->at, l->end - l->at);
        return;
    }
    for (size_t i = 0; i < l->n; i++) {
        char u[4];
        uint32_t cp = l->cp[i];
        size_t k = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (k == 1) {
            u[0] = (char)cp;
        } else {
            for (size_t j = k - 1; j > 0; j--) {
                u[j] = (char)(0x80 | (cp & 0x3F));
                cp >>= 6;
            }
            u[0] = (char)((k == 2 ? 0xC0 : k == 3 ? 0xE0 : 0xF0) | cp);
        }
        curi__put(o, u, k);
    }
}

int curi__lint_idn_msg(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    ulabel l;
    size_t p = f->start;

    if (f->rule != CURI_LINT_HOST_MIXED_SCRIPT && f->rule != CURI_LINT_HOST_CONFUSABLE) {
        return 0;
    }
    memset(&l, 0, sizeof l);
    l.at = f->start;
    l.end = f->end;
    l.bad = 1;
    if (f->end <= c->n && next_label(&l, c->s, &p, f->end)) {
        alabel(&l);
    }
    curi__lint_puts(o, "host label '");
    put_label(o, c, &l);
    if (f->rule == CURI_LINT_HOST_MIXED_SCRIPT) {
        curi__lint_puts(o, "' mixes ");
        curi__lint_puts(o, curi__uni_script_name((int)(f->detail >> 8)));
        curi__lint_puts(o, " and ");
        curi__lint_puts(o, curi__uni_script_name((int)(f->detail & 0xFF)));
        curi__lint_puts(o, " (beyond UTS #39's Highly Restrictive level): browsers show it as "
                           "punycode, and it may imitate another name");
        return 1;
    }
    curi__lint_puts(o, "' looks like '");
    for (size_t i = 0; !l.bad && i < l.n; i++) {
        const char *t;
        int k;
        char ch = (char)l.cp[i];
        if (l.cp[i] < 0x80) {
            curi__put(o, &ch, 1);
            continue;
        }
        k = curi__uni_skeleton(l.cp[i], &t);
        curi__put(o, t, k > 0 ? (size_t)k : 0);
    }
    curi__lint_puts(o, "' (a UTS #39 whole-script confusable of an ASCII label): check who "
                       "owns the name before trusting it");
    return 1;
}
