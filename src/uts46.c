/*
 * uts46.c -- UTS #46 (Unicode IDNA Compatibility Processing), libcuri's own: mapping, NFC,
 * Punycode, the validity criteria, the Bidi rule (RFC 5893 2) and the ContextJ rules (RFC 5892
 * appendix A.1, A.2), over the tables of uts46tab.c (tools/gen_uts46.py, Unicode 17.0.0).
 *
 * The domain is read once per pass, label by label: each code point is mapped into a buffer
 * of LABEL_MAX code points until the mapping yields U+002E, then the label is normalized,
 * decoded when it is an A-label, checked and written.  When the name is a Bidi domain name (a
 * label holds an R, AL or AN character) and CheckBidi is on, the rule applies to every label,
 * those before the first right-to-left one included: the first pass checks the labels from
 * that one on, and a second pass runs only when labels came before it.  Nothing is
 * allocated; the two label buffers live on the stack; each pass is linear in the input (the
 * per-label work, canonical ordering and Punycode included, is bounded by LABEL_MAX).
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"
#include "punycode.h"
#include "uts46.h"

/* A label longer than this (in code points, after mapping) is CURI_ERR_IDN_LENGTH: no
 * name that DNS can hold comes near it. */
enum { LABEL_MAX = 1024 };

/* ------------------------------------------------------------------ table lookups */

/* The index of the last run of t[0..n) (stride 1 word, key in the word's bits >> shift)
 * whose start is <= cp. */
static size_t find32(const uint32_t *t, size_t n, uint32_t cp, unsigned shift)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if ((t[mid] >> shift) <= cp)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static const curi__u46_run *find_run(const curi__u46_run *t, size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (t[mid].lo <= cp)
            lo = mid;
        else
            hi = mid;
    }
    return &t[lo];
}

/* The byte of curi__u46_prop for cp (CURI__U46_P_*): one load from each stage, no search.
 * Every code point here is at most U+10FFFF: get_cp, the mapping and curi__puny_decode
 * produce no other. */
static unsigned prop(uint32_t cp)
{
    return curi__u46_prop_blk[(size_t)curi__u46_prop_idx[cp >> 7] << 7 | (cp & 127)];
}

static unsigned ccc(uint32_t cp)
{
    if (cp < 0x300 || (prop(cp) & CURI__U46_P_NFC))
        return 0;
    return curi__u46_ccc[find32(curi__u46_ccc, curi__u46_ccc_count, cp, 8)] & 0xFF;
}

static unsigned bidi_class(uint32_t cp)
{
    return curi__u46_bidi[find32(curi__u46_bidi, curi__u46_bidi_count, cp, 8)] & 0xFF;
}

static unsigned joining_type(uint32_t cp)
{
    return curi__u46_jt[find32(curi__u46_jt, curi__u46_jt_count, cp, 8)] & 0xFF;
}

/* 1 when cp lies in one of the [lo, hi] pairs of t[0..count) (count words, sorted). */
static int in_ranges(const uint32_t *t, size_t count, uint32_t cp)
{
    size_t lo = 0, hi = count / 2;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t[2 * mid + 1] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < count / 2 && t[2 * lo] <= cp;
}

/* The CURI__SCRIPT_* of cp. */
static unsigned script_of(uint32_t cp)
{
    return curi__u46_script[find32(curi__u46_script, curi__u46_script_count, cp, 8)] & 0xFF;
}

/* ------------------------------------------------------------------ IDNA2008 per label */

/* RFC 5892 appendix A.3-A.9 for b[i], a CONTEXTO code point of the label b[0..n): CURI__IDN_R_NONE
 * when its rule holds, else the rule's reason; -1 when b[i] has no such rule. */
static int contexto(const uint32_t *b, size_t n, size_t i)
{
    uint32_t c = b[i];
    switch (c) {
    case 0x00B7: /* A.3: Before(cp) .eq. U+006C And After(cp) .eq. U+006C */
        return i > 0 && i + 1 < n && b[i - 1] == 'l' && b[i + 1] == 'l' ? CURI__IDN_R_NONE : CURI__IDN_R_CTXO_DOT;
    case 0x0375: /* A.4: Script(After(cp)) .eq. Greek */
        return i + 1 < n && script_of(b[i + 1]) == CURI__SCRIPT_GREEK ? CURI__IDN_R_NONE
                                                                                 : CURI__IDN_R_CTXO_KERAIA;
    case 0x05F3: /* A.5, A.6: Script(Before(cp)) .eq. Hebrew */
    case 0x05F4:
        return i > 0 && script_of(b[i - 1]) == CURI__SCRIPT_HEBREW ? CURI__IDN_R_NONE
                                                                              : CURI__IDN_R_CTXO_HEBREW;
    case 0x30FB: /* A.7: some character of the label is Hiragana, Katakana or Han */
        for (size_t j = 0; j < n; j++) {
            unsigned sc = script_of(b[j]);
            if (sc == CURI__SCRIPT_HIRAGANA || sc == CURI__SCRIPT_KATAKANA ||
                sc == CURI__SCRIPT_HAN)
                return CURI__IDN_R_NONE;
        }
        return CURI__IDN_R_CTXO_KATAKANA;
    default:
        break;
    }
    if ((c >= 0x0660 && c <= 0x0669) || (c >= 0x06F0 && c <= 0x06F9)) {
        /* A.8, A.9: no digit of the other set in the label */
        uint32_t lo = c >= 0x06F0 ? 0x0660 : 0x06F0;
        for (size_t j = 0; j < n; j++)
            if (b[j] >= lo && b[j] <= lo + 9)
                return CURI__IDN_R_CTXO_DIGITS;
        return CURI__IDN_R_NONE;
    }
    return -1;
}

/* The error idna2008_label returns: the code, and the reason above it. */
#define IDNA_FAIL(code, why) ((int)((unsigned)(code) | (unsigned)(why) << 8))

/*
 * The IDNA2008 rules that UTS #46 does not apply, for the label b[0..n) (flags: curi__uts46's):
 * no NV8/XV8 code point, the CONTEXTO rules of RFC 5892 appendix A.3-A.9, and without
 * CURI_UTS46_STD3 only ASCII that a URI's reg-name holds.  CURI_OK, or a CURI_ERR_IDN_* code
 * with the reason (CURI__IDN_R_*) in the bits from 8 up, which curi__uts46 returns as it is.
 */
static int idna2008_label(const uint32_t *b, size_t n, unsigned flags)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t c = b[i];
        int r;
        if (c < 0x80) {
            /* With UseSTD3ASCIIRules uts46.c has refused all but letters, digits and '-'. */
            if (!(flags & CURI_UTS46_STD3) && (c == '%' || !curi__is((unsigned char)c,
                                                                     CURI__REGNAME)))
                return IDNA_FAIL(CURI_ERR_IDN_DISALLOWED, CURI__IDN_R_REGNAME);
            continue;
        }
        if (in_ranges(curi__u46_nv8, curi__u46_nv8_count, c))
            return IDNA_FAIL(CURI_ERR_IDN_DISALLOWED, CURI__IDN_R_IDNA2008);
        r = contexto(b, n, i);
        if (r > CURI__IDN_R_NONE)
            return IDNA_FAIL(CURI_ERR_IDN_CONTEXTO, r);
    }
    return CURI_OK;
}

/* The status of cp, and for a mapped (or deviation) code point its sequence in *seq, *n. */
static unsigned status(uint32_t cp, const uint32_t **seq, size_t *n)
{
    const curi__u46_run *r = find_run(curi__u46_map, curi__u46_map_count, cp);
    unsigned st = r->info & 7, len = (r->info >> 3) & 31;
    size_t off = r->info >> 9;
    if (!(r->info & 0x100))
        off += (size_t)(cp - r->lo) * len;
    *seq = curi__u46_pool + off;
    *n = len;
    return st;
}

int curi__uts46_ascii_map(uint32_t cp, char text[CURI__U46_SEQ_MAX])
{
    const uint32_t *seq;
    size_t n;
    unsigned st = status(cp, &seq, &n);

    if (st == CURI__U46_IGNORED)
        return 0;
    if (st != CURI__U46_MAPPED)
        return -1; /* valid (so not ASCII), a deviation (kept: nontransitional) or disallowed */
    for (size_t i = 0; i < n; i++) {
        if (seq[i] >= 0x80)
            return -1;
        text[i] = (char)seq[i];
    }
    return (int)n;
}

/* ------------------------------------------------------------------ NFC */

enum { S_BASE = 0xAC00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11A7, L_COUNT = 19,
       V_COUNT = 21, T_COUNT = 28, N_COUNT = V_COUNT * T_COUNT, S_COUNT = L_COUNT * N_COUNT };

/* Canonical decomposition of a[0..n) into b: the new length, or SIZE_MAX when it does not fit. */
static size_t decompose(const uint32_t *a, size_t n, uint32_t *b, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = a[i];
        if (cp >= S_BASE && cp < S_BASE + S_COUNT) {
            uint32_t s = cp - S_BASE, t = s % T_COUNT;
            if (cap - o < 3)
                return SIZE_MAX;
            b[o++] = L_BASE + s / N_COUNT;
            b[o++] = V_BASE + (s % N_COUNT) / T_COUNT;
            if (t != 0)
                b[o++] = T_BASE + t;
            continue;
        }
        if (cp >= 0xC0 && (prop(cp) & CURI__U46_P_DEC)) {
            const curi__u46_run *r = find_run(curi__u46_dec, curi__u46_dec_count, cp);
            if (r->lo == cp) {
                size_t len = r->info & 7;
                if (cap - o < len)
                    return SIZE_MAX;
                memcpy(b + o, curi__u46_dpool + (r->info >> 3), len * sizeof *b);
                o += len;
                continue;
            }
        }
        if (o == cap)
            return SIZE_MAX;
        b[o++] = cp;
    }
    return o;
}

/* The canonical ordering algorithm: a stable sort of each run of non-starters by class. */
static void reorder(uint32_t *b, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        unsigned c = ccc(b[i]);
        if (c == 0)
            continue;
        size_t j = i;
        uint32_t cp = b[i];
        while (j > 0 && ccc(b[j - 1]) > c) {
            b[j] = b[j - 1];
            j--;
        }
        b[j] = cp;
    }
}

/* The primary composite of a followed by b, or 0. */
static uint32_t compose_pair(uint32_t a, uint32_t b)
{
    if (a >= L_BASE && a < L_BASE + L_COUNT && b >= V_BASE && b < V_BASE + V_COUNT)
        return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT;
    if (a >= S_BASE && a < S_BASE + S_COUNT && (a - S_BASE) % T_COUNT == 0 && b > T_BASE &&
        b < T_BASE + T_COUNT)
        return a + (b - T_BASE);
    size_t lo = 0, hi = curi__u46_comp_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const curi__u46_pair *p = &curi__u46_comp[mid];
        if (p->a < a || (p->a == a && p->b < b))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < curi__u46_comp_count && curi__u46_comp[lo].a == a && curi__u46_comp[lo].b == b)
        return curi__u46_comp[lo].c;
    return 0;
}

/* The canonical composition algorithm, in place; the new length. */
static size_t compose(uint32_t *b, size_t n)
{
    size_t out = 0, starter = SIZE_MAX;
    unsigned last = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = b[i];
        unsigned c = ccc(cp);
        if (starter != SIZE_MAX && (prop(cp) & CURI__U46_P_COMP2) &&
            (out - 1 == starter || (last != 0 && last < c))) {
            uint32_t x = compose_pair(b[starter], cp);
            if (x != 0) {
                b[starter] = x;
                continue;
            }
        }
        if (c == 0) {
            starter = out;
        }
        last = c;
        b[out++] = cp;
    }
    return out;
}

/* UAX #15's quick check, its Yes answer only: every code point of a[0..n) has NFC_QC=Yes and
 * Canonical_Combining_Class 0, so a[0..n) is in NFC (no reordering, nothing to compose).  Every
 * code point below U+0300 qualifies (tools/gen_uts46.py asserts it). */
static int nfc_yes(const uint32_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] >= 0x300 && !(prop(a[i]) & CURI__U46_P_NFC))
            return 0;
    return 1;
}

/* NFC of a[0..n) into b (cap LABEL_MAX): the length, SIZE_MAX when it does not fit. */
static size_t nfc(const uint32_t *a, size_t n, uint32_t *b)
{
    size_t m = decompose(a, n, b, LABEL_MAX);
    if (m == SIZE_MAX)
        return m;
    reorder(b, m);
    return compose(b, m);
}


/* ------------------------------------------------------------------ input */


static void put_utf8(curi__out *o, uint32_t cp)
{
    unsigned char b[4];
    size_t n = curi__utf8_put(b, cp);
    curi__put(o, (const char *)b, n);
}

/* ------------------------------------------------------------------ processing */

typedef struct walk {
    const unsigned char *s;
    size_t len, i;        /* the input and the next byte to read */
    const uint32_t *rest; /* the rest of a mapping cut by a U+002E */
    size_t nrest;
    unsigned flags;
    int url;         /* the input is a URL's host: percent-encoded, tabs and newlines skipped */
    int strict_utf8; /* invalid UTF-8 is CURI_ERR_UTF8 rather than U+FFFD */
    int disallowed;  /* a disallowed code point in the current label (P1) */
    size_t bad_utf8; /* offset of the first invalid byte, SIZE_MAX when none */
    unsigned char pend[4]; /* url: the UTF-8 of a raw code point, still to be read */
    unsigned npend, ipend;
    int back; /* a byte read and given back, -1 when none */
    /* The first pass checks the Bidi rule itself from the first right-to-left label on:
     * bidi_bad is the start of the first label it finds failing (SIZE_MAX: none), and
     * bidi_late is set when that label was not the first, so labels before it are
     * unchecked and the second pass must run. */
    size_t bidi_bad;
    int bidi_late;
} walk;

static size_t skip_tn(const walk *w, size_t i)
{
    while (i < w->len && (w->s[i] == 9 || w->s[i] == 10 || w->s[i] == 13))
        i++;
    return i;
}

/*
 * The next byte of a URL's host (get_cp reads any other name itself), -1 at its end: the
 * bytes a browser decodes, the input's code points (invalid UTF-8 already U+FFFD, tabs and
 * newlines removed), percent-decoded.
 */
static int get_byte(walk *w)
{
    if (w->back >= 0) {
        int c = w->back;
        w->back = -1;
        return c;
    }
    if (w->npend > 0) {
        int c = w->pend[w->ipend++];
        if (w->ipend == w->npend)
            w->npend = 0;
        return c;
    }
    w->i = skip_tn(w, w->i);
    if (w->i >= w->len)
        return -1;
    unsigned char c = w->s[w->i];
    if (c == '%') {
        size_t j = skip_tn(w, w->i + 1), k = j < w->len ? skip_tn(w, j + 1) : j;
        if (k < w->len && curi__is_hexdig(w->s[j]) && curi__is_hexdig(w->s[k])) {
            w->i = k + 1;
            return (int)(curi__hexval(w->s[j]) << 4 | curi__hexval(w->s[k]));
        }
        w->i++;
        return '%';
    }
    if (c < 0x80) {
        w->i++;
        return c;
    }
    int bad = 0;
    uint32_t cp = curi__utf8_next(w->s, w->len, &w->i, &bad);
    /* re-encoded: U+FFFD for an invalid raw sequence, never combined with what follows */
    w->npend = (unsigned)curi__utf8_put(w->pend, cp);
    w->ipend = 1;
    return w->pend[0];
}

/* The next code point of the name's bytes, UTF-8 decoded with U+FFFD for each maximal
 * subpart of an invalid sequence (*bad set then); UINT32_MAX at the end. */
static uint32_t get_cp(walk *w, int *bad)
{
    if (!w->url) {
        /* Read straight from s: an invalid byte after a lead is left unread where get_byte
         * would give it back, the same code points (strict_utf8 stops at the first error). */
        if (w->i >= w->len)
            return UINT32_MAX;
        if (w->s[w->i] < 0x80)
            return w->s[w->i++];
        return curi__utf8_next(w->s, w->len, &w->i, bad);
    }
    int c = get_byte(w), need;
    uint32_t cp;
    int lo = 0x80, hi = 0xBF;
    if (c < 0)
        return UINT32_MAX;
    if (c < 0x80)
        return (uint32_t)c;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        cp = (uint32_t)c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        cp = (uint32_t)c & 0x0F;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        cp = (uint32_t)c & 0x07;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else {
        *bad = 1;
        return 0xFFFD;
    }
    while (need-- > 0) {
        int d = get_byte(w);
        if (d < lo || d > hi) {
            if (d >= 0)
                w->back = d;
            *bad = 1;
            return 0xFFFD;
        }
        cp = cp << 6 | ((uint32_t)d & 0x3F);
        lo = 0x80;
        hi = 0xBF;
    }
    return cp;
}

/* Map the next label into a[]: its length, or SIZE_MAX when it is too long; *start is the
 * input offset it comes from; *more is 1 when a U+002E ended it. */
static size_t map_label(walk *w, uint32_t *a, size_t *start, int *more)
{
    size_t n = 0;
    *more = 0;
    *start = w->i;
    w->disallowed = 0;
    for (;;) {
        const uint32_t *seq;
        size_t ns;
        if (w->nrest > 0) {
            seq = w->rest;
            ns = w->nrest;
            w->nrest = 0;
        } else {
            size_t at = w->i;
            int bad = 0;
            uint32_t cp = get_cp(w, &bad);
            if (cp == UINT32_MAX)
                return n;
            if (bad && w->bad_utf8 == SIZE_MAX)
                w->bad_utf8 = at;
            if (cp < 0x80) {
                if (cp == '.') {
                    *more = 1;
                    return n;
                }
                if (n == LABEL_MAX)
                    return SIZE_MAX;
                a[n++] = cp >= 'A' && cp <= 'Z' ? cp | 0x20 : cp;
                continue;
            }
            unsigned st = prop(cp) & CURI__U46_P_STATUS;
            if (st == CURI__U46_VALID || st == CURI__U46_DISALLOWED ||
                (st == CURI__U46_DEVIATION && !(w->flags & CURI_UTS46_TRANSITIONAL))) {
                if (st == CURI__U46_DISALLOWED)
                    w->disallowed = 1;
                if (n == LABEL_MAX)
                    return SIZE_MAX;
                a[n++] = cp;
                continue;
            }
            if (st == CURI__U46_IGNORED)
                continue;
            status(cp, &seq, &ns);
        }
        for (size_t k = 0; k < ns; k++) {
            if ((w->flags & CURI_UTS46_TRANSITIONAL) && (seq[k] == 0xDF || seq[k] == 0x3C2)) {
                /* a mapping to a deviation (U+1E9E -> U+00DF) maps on, transitionally */
                if (n + 2 > LABEL_MAX)
                    return SIZE_MAX;
                if (seq[k] == 0xDF) {
                    a[n++] = 's';
                    a[n++] = 's';
                } else {
                    a[n++] = 0x3C3;
                }
                continue;
            }
            if (seq[k] == '.') {
                w->rest = seq + k + 1;
                w->nrest = ns - k - 1;
                *more = 1;
                return n;
            }
            if (n == LABEL_MAX)
                return SIZE_MAX;
            a[n++] = seq[k];
        }
    }
}

static int is_ldh(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           (c >= 'A' && c <= 'Z');
}

/* RFC 5892 A.1 and A.2 at b[i] (U+200C or U+200D). */
static int contextj(const uint32_t *b, size_t n, size_t i)
{
    if (i > 0 && ccc(b[i - 1]) == 9)
        return 1;
    if (b[i] == 0x200D)
        return 0;
    size_t j = i;
    unsigned t = CURI__JT_U;
    while (j > 0 && (t = joining_type(b[j - 1])) == CURI__JT_T)
        j--;
    if (j == 0 || (t != CURI__JT_L && t != CURI__JT_D))
        return 0;
    for (j = i + 1; j < n; j++) {
        t = joining_type(b[j]);
        if (t != CURI__JT_T)
            return t == CURI__JT_R || t == CURI__JT_D;
    }
    return 0;
}

/* The validity criteria (4.1) of the label b[0..n); decoded: it comes from an A-label
 * (checked in NFC and with nontransitional statuses).  CURI_OK or the error. */
static int valid_label(const uint32_t *b, size_t n, unsigned flags, int decoded, uint32_t *tmp)
{
    if (n == 0)
        return CURI_OK;
    if (decoded) {
        if (!nfc_yes(b, n)) {
            size_t m = nfc(b, n, tmp);
            if (m != n || memcmp(tmp, b, n * sizeof *b) != 0)
                return CURI_ERR_IDN_PUNYCODE;
        }
        flags &= ~(unsigned)CURI_UTS46_TRANSITIONAL;
    }
    if (flags & CURI_UTS46_CHECK_HYPHENS) {
        if ((n >= 4 && b[2] == '-' && b[3] == '-') || b[0] == '-' || b[n - 1] == '-')
            return CURI_ERR_IDN_HYPHEN;
    } else if (n >= 4 && b[0] == 'x' && b[1] == 'n' && b[2] == '-' && b[3] == '-') {
        return CURI_ERR_IDN_PUNYCODE;
    }
    if (prop(b[0]) & CURI__U46_P_MARK)
        return CURI_ERR_IDN_LEADING_COMBINING;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = b[i];
        if (c < 0x80) {
            if (c == '.')
                return CURI_ERR_IDN_PUNYCODE;
            if ((flags & CURI_UTS46_STD3) && !is_ldh(c))
                return CURI_ERR_IDN_STD3;
            continue;
        }
        unsigned st = prop(c) & CURI__U46_P_STATUS;
        if (!(st == CURI__U46_VALID ||
              (st == CURI__U46_DEVIATION && !(flags & CURI_UTS46_TRANSITIONAL))))
            return CURI_ERR_IDN_DISALLOWED;
        if ((c == 0x200C || c == 0x200D) && !(flags & CURI_UTS46_NO_CHECK_JOINERS) &&
            !contextj(b, n, i))
            return CURI_ERR_IDN_CONTEXTJ;
    }
    if (flags & CURI__UTS46_IDNA2008)
        return idna2008_label(b, n, flags);
    return CURI_OK;
}

/* RFC 5893 2, the six conditions, for one label of a Bidi domain name. */
static int bidi_ok(const uint32_t *b, size_t n)
{
    if (n == 0)
        return 0;
    unsigned first = bidi_class(b[0]);
    size_t end = n;
    if (first == CURI__BIDI_R || first == CURI__BIDI_AL) {
        int en = 0, an = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned c = bidi_class(b[i]);
            switch (c) {
            case CURI__BIDI_EN:
                en = 1;
                break;
            case CURI__BIDI_AN:
                an = 1;
                break;
            case CURI__BIDI_R: case CURI__BIDI_AL: case CURI__BIDI_ES: case CURI__BIDI_CS:
            case CURI__BIDI_ET: case CURI__BIDI_ON: case CURI__BIDI_BN: case CURI__BIDI_NSM:
                break;
            default:
                return 0; /* 2 */
            }
        }
        if (en && an)
            return 0; /* 4 */
        while (end > 0 && bidi_class(b[end - 1]) == CURI__BIDI_NSM)
            end--;
        if (end == 0)
            return 0;
        unsigned last = bidi_class(b[end - 1]);
        return last == CURI__BIDI_R || last == CURI__BIDI_AL || last == CURI__BIDI_EN ||
               last == CURI__BIDI_AN; /* 3 */
    }
    if (first != CURI__BIDI_L)
        return 0; /* 1 */
    for (size_t i = 0; i < n; i++) {
        switch (bidi_class(b[i])) {
        case CURI__BIDI_L: case CURI__BIDI_EN: case CURI__BIDI_ES: case CURI__BIDI_CS:
        case CURI__BIDI_ET: case CURI__BIDI_ON: case CURI__BIDI_BN: case CURI__BIDI_NSM:
            break;
        default:
            return 0; /* 5 */
        }
    }
    while (end > 0 && bidi_class(b[end - 1]) == CURI__BIDI_NSM)
        end--;
    if (end == 0)
        return 0;
    unsigned last = bidi_class(b[end - 1]);
    return last == CURI__BIDI_L || last == CURI__BIDI_EN; /* 6 */
}

static int has_rtl(const uint32_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (b[i] >= 0x590 && (prop(b[i]) & CURI__U46_P_RTL))
            return 1;
    }
    return 0;
}

enum { MODE_ASCII, MODE_UNICODE, MODE_BIDI };

/*
 * One pass over the name.  MODE_ASCII and MODE_UNICODE write the result into o and set *rtl
 * when the name is a Bidi domain name; MODE_BIDI (the second pass) checks the Bidi rule on
 * every label.  CURI_OK or the first error, *at its input offset.
 */
static int pass(walk *w, int mode, curi__out *o, int *rtl, size_t *at, uint32_t *a,
                uint32_t *b)
{
    size_t total, labels = 0, last_len, out0 = o->len;
    int more = 1;
    w->i = 0;
    w->nrest = 0;
    w->npend = 0;
    w->back = -1;
    while (more) {
        size_t start, n, m;
        const uint32_t *lab;
        uint32_t *cur, *other; /* the label in NFC, and the other buffer */
        int decoded = 0, rc;
        n = map_label(w, a, &start, &more);
        *at = start;
        if (w->strict_utf8 && w->bad_utf8 != SIZE_MAX) {
            *at = w->bad_utf8;
            return CURI_ERR_UTF8;
        }
        if (n == SIZE_MAX)
            return CURI_ERR_IDN_LENGTH;
        if (w->disallowed)
            return CURI_ERR_IDN_DISALLOWED;
        if (nfc_yes(a, n)) {
            cur = a;
            other = b;
            m = n;
        } else {
            cur = b;
            other = a;
            m = nfc(a, n, b);
            if (m == SIZE_MAX)
                return CURI_ERR_IDN_LENGTH;
        }
        lab = cur;
        if (m >= 4 && cur[0] == 'x' && cur[1] == 'n' && cur[2] == '-' && cur[3] == '-') {
            for (size_t k = 4; k < m; k++)
                if (cur[k] >= 0x80)
                    return CURI_ERR_IDN_PUNYCODE;
            n = curi__puny_decode(cur + 4, m - 4, other, LABEL_MAX);
            if (n == SIZE_MAX || n == 0)
                return CURI_ERR_IDN_PUNYCODE;
            size_t k = 0;
            while (k < n && other[k] < 0x80)
                k++;
            if (k == n)
                return CURI_ERR_IDN_PUNYCODE;
            lab = other;
            m = n;
            decoded = 1;
        }
        if (mode == MODE_BIDI) {
            if (m > 0 && !bidi_ok(lab, m)) /* an empty label is not judged (A4_2's) */
                return CURI_ERR_IDN_BIDI;
            continue;
        }
        rc = valid_label(lab, m, w->flags, decoded, decoded ? cur : other);
        if (rc != CURI_OK)
            return rc;
        if (!*rtl && has_rtl(lab, m)) {
            *rtl = 1;
            w->bidi_late = labels > 0;
        }
        if (*rtl && !(w->flags & CURI_UTS46_NO_CHECK_BIDI) && w->bidi_bad == SIZE_MAX &&
            m > 0 && !bidi_ok(lab, m))
            w->bidi_bad = start; /* as the second pass would find it (an empty label: A4_2) */
        if (labels > 0)
            curi__put(o, ".", 1);
        size_t before = o->len;
        size_t k = 0;
        while (k < m && lab[k] < 0x80)
            k++;
        if (mode == MODE_UNICODE || k == m) {
            for (k = 0; k < m; k++)
                put_utf8(o, lab[k]);
        } else if (curi__puny_encode(o, lab, m) != 0) {
            return CURI_ERR_IDN_PUNYCODE;
        }
        last_len = o->len - before;
        labels++;
        if ((w->flags & CURI_UTS46_VERIFY_DNS_LENGTH) &&
            (mode == MODE_ASCII ? last_len > 63 || last_len == 0 : last_len == 0 && more))
            return CURI_ERR_IDN_LENGTH; /* A4_2; ToUnicode: X4_2, an empty label but the root */
    }
    total = o->len - out0;
    if (mode != MODE_BIDI && (w->flags & CURI_UTS46_VERIFY_DNS_LENGTH) &&
        (total == 0 || (mode == MODE_ASCII && total > 253))) {
        *at = 0;
        return CURI_ERR_IDN_LENGTH; /* A4_1 */
    }
    return CURI_OK;
}

enum { KNOWN = CURI_UTS46_CHECK_HYPHENS | CURI_UTS46_STD3 | CURI_UTS46_TRANSITIONAL |
               CURI_UTS46_VERIFY_DNS_LENGTH | CURI_UTS46_NO_CHECK_BIDI |
               CURI_UTS46_NO_CHECK_JOINERS };

/* 1 when a label of s[0..len) starting at i begins "xn--" (x and n in either case). */
static int xn_at(const unsigned char *s, size_t len, size_t i)
{
    return len - i >= 4 && (s[i] | 0x20) == 'x' && (s[i + 1] | 0x20) == 'n' && s[i + 2] == '-' &&
           s[i + 3] == '-';
}

/*
 * The fast path: ASCII without an "xn--" label needs only lowercasing when no option asks
 * more (nothing ASCII is mapped otherwise, disallowed, a mark, a joiner or right-to-left).
 * 1 with the lowercase name appended to o (written when it fits, else only counted); 0 when
 * the name needs the full processing, o->len unchanged (bytes after it may be written).
 * Eight bytes at a time while they fit: a high bit in any is a non-ASCII byte; a byte b
 * has 'A' <= b <= 'Z' when b + 0x3F has its high bit and b + 0x25 has not (no carry
 * crosses bytes below 0x80), and is '-' when (b ^ '-') + 0x7F has no high bit.  The labels'
 * starts are looked at only when the name may hold "--": two '-' side by side in a word, a
 * '-' at either end of one, or one in the bytes after the last.
 */
static int plain_ascii(curi__out *o, const unsigned char *s, size_t len)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    const uint64_t ends = 0x8000000000000080u; /* the high bits of a word's first and last bytes */
    char *d = o->len <= o->cap && len <= o->cap - o->len ? o->dst + o->len : NULL;
    size_t i = 0;
    int dashes = 0;
    if (d != NULL) {
        for (; len - i >= 8; i += 8) {
            uint64_t w, h;
            memcpy(&w, s + i, 8);
            if (w & high)
                return 0;
            h = ~((w ^ ones * '-') + ones * 0x7F) & high;
            if ((h & (h << 8)) | (h & ends))
                dashes = 1;
            w |= ((w + ones * 0x3F) & ~(w + ones * 0x25) & high) >> 2;
            memcpy(d + i, &w, 8);
        }
    }
    for (; i < len; i++) {
        if (s[i] >= 0x80)
            return 0;
        if (s[i] == '-')
            dashes = 1;
        if (d != NULL)
            d[i] = (char)curi__lower(s[i]);
    }
    for (i = 0; dashes && i < len; i++)
        if ((i == 0 || s[i - 1] == '.') && xn_at(s, len, i))
            return 0;
    o->len += len;
    return 1;
}

int curi__uts46(curi__out *o, const char *s, size_t len, unsigned flags, int unicode,
                int url, size_t *at)
{
    uint32_t a[LABEL_MAX], b[LABEL_MAX];
    walk w;
    int rtl = 0, rc;
    size_t start = o->len;
    *at = 0;
    if (!url &&
        !(flags & (CURI_UTS46_CHECK_HYPHENS | CURI_UTS46_STD3 | CURI_UTS46_VERIFY_DNS_LENGTH)) &&
        plain_ascii(o, (const unsigned char *)s, len))
        return CURI_OK;
    w.s = (const unsigned char *)s;
    w.len = len;
    w.flags = flags;
    w.url = url;
    w.strict_utf8 = !url;
    w.bad_utf8 = SIZE_MAX;
    w.bidi_bad = SIZE_MAX;
    w.bidi_late = 0;
    rc = pass(&w, unicode ? MODE_UNICODE : MODE_ASCII, o, &rtl, at, a, b);
    if (rc == CURI_OK && rtl && !(flags & CURI_UTS46_NO_CHECK_BIDI)) {
        if (w.bidi_late) {
            rc = pass(&w, MODE_BIDI, o, &rtl, at, a, b);
        } else if (w.bidi_bad != SIZE_MAX) {
            rc = CURI_ERR_IDN_BIDI;
            *at = w.bidi_bad;
        }
    }
    if (rc != CURI_OK)
        o->len = start;
    return rc;
}

static int convert(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                   unsigned flags, int unicode, curi_error *err)
{
    curi__out o = {dst, cap, 0};
    size_t at;
    int rc;
    if (!curi__wbegin(dst, cap, outlen, 1) || (s == NULL && len > 0) || (flags & ~(unsigned)KNOWN))
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    if (len > CURI_MAX_LEN)
        return curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN);
    rc = curi__uts46(&o, s, len, flags, unicode, 0, &at);
    if (rc != CURI_OK)
        return curi__fail(err, rc, at);
    return curi__wend(o.len <= cap ? CURI_OK : CURI_ERR_NOSPACE, o.len, outlen, err);
}

int curi_uts46_to_ascii(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                        unsigned flags, curi_error *err)
{
    return convert(dst, cap, outlen, s, len, flags, 0, err);
}

int curi_uts46_to_unicode(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                          unsigned flags, curi_error *err)
{
    return convert(dst, cap, outlen, s, len, flags, 1, err);
}

const char *curi_uts46_unicode_version(void)
{
    return curi__u46_version;
}
