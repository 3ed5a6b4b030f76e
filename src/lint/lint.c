/*
 * lint.c -- curi_lint's entry and dispatch: the fast path for clean inputs, syntax-invalid,
 * the rule groups called in turn, the sort of the kept findings, and the messages, each
 * written by the group that owns its rule.  What the groups share is in lint_core.c.
 * SPDX-License-Identifier: MIT
 */
#include "rules.h"

/* ------------------------------------------------------------------ the fast path */

/*
 * Most inputs a pipeline checks are web URLs with nothing to report, or local file: URLs
 * with only scheme-file to report.  For such a parsed input, one classification of its bytes
 * into 64-bit masks (bit i for byte i: the whole input when it has at most 64 bytes, else
 * the host alone, with memchr for the rest) settles every rule, or gives up before reporting
 * anything: then every rule group runs as for any other input.  What it proves, rule by rule
 * (lint-rules.md section 2), for an input that curi_parse accepted with the scheme http,
 * https, ws, wss (WEB: listed, so neither dangerous nor HOSTLIKE, and in HOSTREQ) or file, an
 * authority with neither userinfo nor port, and no '%' anywhere:
 *   - 1-5, 9, 11-15, 26-35, 40: nothing to report (valid, scheme and authority present, no
 *     userinfo, no port, no triplet, at most 8000 bytes, a host under 64);
 *   - 6-8: scheme-file for file, else nothing;
 *   - 10 (authority-lookalike): the path is non-empty, or nothing follows the host;
 *   - 12 (host-missing): a WEB host is not empty (file is not in HOSTREQ);
 *   - 16-25 (the host): a reg-name of only letters, digits, '-' and '.'; no empty label (no
 *     leading '.', no "..", no trailing '.'); no label starts or ends with '-'; no "--"
 *     anywhere (so no "xn--"); the first label starts with a letter (so not numeric-shaped);
 *     at most 63 bytes (so no label over 63 and no name over 253); for WEB the last label is
 *     not 9 bytes long (so not "localhost"); for file, file-remote-host unless the host is
 *     empty or "localhost" (and the path does not begin with "//");
 *   - 36-39 (the path): no segment begins with '.' (so no dot segment and no ".;"), and
 *     the path follows an authority;
 *   - 45 (parser-differential): the WHATWG URL Standard only lowercases such a host (no '%',
 *     no "xn--"), or fails on it (a numeric last label after a first label that starts with
 *     a letter is no IPv4 address), and neither side has a port (rules_diff.c).
 * Anything else, however harmless, is left to the rule groups.  CURI__LINT_SCALAR skips this
 * path: fuzz_lint and every lint vector hold the two to the same findings.
 */
typedef struct clean_masks {
    uint64_t pct, dot, slash, hyphen, ldh; /* '%' '.' '/' '-', and the LDH class */
} clean_masks;

static void masks_scalar(clean_masks *m, const char *s, size_t n)
{
    memset(m, 0, sizeof *m);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        uint64_t b = (uint64_t)1 << i;
        m->pct |= (ch == '%') ? b : 0;
        m->dot |= (ch == '.') ? b : 0;
        m->slash |= (ch == '/') ? b : 0;
        m->hyphen |= (ch == '-') ? b : 0;
        m->ldh |= curi__is(ch, CURI__LDH) ? b : 0;
    }
}

#ifdef CURI__HAVE_AVX2
#include "../classify.h"

/* The masks of the 32 bytes of v, bit i for byte i (ldh: bit set for a byte NOT in LDH). */
typedef struct masks32 {
    uint32_t pct, dot, slash, hyphen, notldh;
} masks32;

__attribute__((target("avx2"))) static inline masks32 classify32(__m256i v)
{
    __m256i lo, hi;
    masks32 r;

    curi__classify_prep(v, &lo, &hi);
    r.pct = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('%')));
    r.dot = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('.')));
    r.slash = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('/')));
    r.hyphen = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('-')));
    r.notldh = curi__classify_miss(lo, hi, 15); /* LDH */
    return r;
}

__attribute__((always_inline)) static inline void join_masks(clean_masks *m, const masks32 *a,
                                                             const masks32 *b, size_t n)
{
    m->pct = curi__classify_join(a->pct, b->pct, n);
    m->dot = curi__classify_join(a->dot, b->dot, n);
    m->slash = curi__classify_join(a->slash, b->slash, n);
    m->hyphen = curi__classify_join(a->hyphen, b->hyphen, n);
    m->ldh = ~curi__classify_join(a->notldh, b->notldh, n);
}

/*
 * The masks of s[0..n), 4 <= n <= 64, loaded and joined as the parser's are (classify.h).
 * Bits from n up are clear (ldh is stored the right way up: set for a byte in LDH).
 */
__attribute__((target("avx2"))) static void masks_avx2(clean_masks *m, const char *s, size_t n)
{
    const curi__vec64 v = curi__classify_load(s, n);
    const masks32 a = classify32(v.a);

    if (n >= 32) {
        const masks32 b = classify32(v.b);
        join_masks(m, &a, &b, n);
    } else {
        /* A second call site, so that each join folds to its own case of n. */
        const masks32 b = {0, 0, 0, 0, 0};
        join_masks(m, &a, &b, n);
    }
    m->ldh &= (n == 64) ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}
#endif

/* Bits [a, b) of a mask, 0 <= a <= b <= 64 (an empty path may start at 64). */
CURI__INLINE uint64_t bits(size_t a, size_t b)
{
    return (a < b) ? (~(uint64_t)0 >> (64 - (b - a))) << a : 0;
}

/* The fast path's schemes: FAST_WEB for the registry's CURI_SCHEME_WEB (http, https, ws,
 * wss: each also HOST_REQUIRED, none DANGEROUS), FAST_FILE for its local-file scheme. */
enum { FAST_NONE, FAST_WEB, FAST_FILE };

static int fast_scheme(const char *s, size_t k)
{
    const curi_scheme *si = curi__scheme_find_scheme(s, k);
    uint32_t f = si != NULL ? si->flags : 0;

    if ((f & (CURI_SCHEME_WEB | CURI_SCHEME_HOST_REQUIRED | CURI_SCHEME_DANGEROUS)) ==
        (CURI_SCHEME_WEB | CURI_SCHEME_HOST_REQUIRED)) {
        return FAST_WEB;
    }
    return (f & CURI__SCHEME_LOCAL_FILE) ? FAST_FILE : FAST_NONE;
}

static void masks(clean_masks *m, const char *s, size_t n)
{
#ifdef CURI__HAVE_AVX2
    if (__builtin_cpu_supports("avx2")) {
        masks_avx2(m, s, n);
        return;
    }
#endif
    masks_scalar(m, s, n);
}

/* A segment of the path [p, e) begins with '.' (the path follows an authority, so it is
 * empty or begins with '/'). */
static int dot_segment_start(const char *p, const char *e)
{
    const char *d = (p < e) ? memchr(p, '.', (size_t)(e - p)) : NULL;

    while (d != NULL) {
        if (d[-1] == '/') {
            return 1;
        }
        d = (d + 1 < e) ? memchr(d + 1, '.', (size_t)(e - d - 1)) : NULL;
    }
    return 0;
}

/*
 * The host [ha, hb) (0 <= ha < hb <= 64) in the masks: 0 unless it is LDH labels between
 * single dots, none starting or ending with '-', without "--" (its first byte is known not
 * to be a digit); then 2 when the last label is 9 bytes long (no dot in the last 9, and the
 * host starts or a dot stands before them: perhaps "localhost"), else 1.
 */
CURI__INLINE int fast_host(const clean_masks *m, size_t ha, size_t hb)
{
    uint64_t hm = bits(ha, hb), d = m->dot & hm, h = m->hyphen & hm, starts, ends;

    if ((~m->ldh & ~m->dot & hm) != 0 || (d & ((uint64_t)1 << ha)) != 0 ||
        (d & ((uint64_t)1 << (hb - 1))) != 0 || (d & (d << 1)) != 0) {
        return 0; /* a byte outside LDH and '.', or an empty label */
    }
    starts = ((d << 1) | ((uint64_t)1 << ha)) & hm;
    ends = ((d >> 1) | ((uint64_t)1 << (hb - 1))) & hm;
    if ((h & (starts | ends)) != 0 || (h & (h >> 1)) != 0) {
        return 0; /* '-' at a label's edge, or "--" (as in "xn--") */
    }
    if (hb - ha >= 9 && (d & bits(hb - 9, hb)) == 0 &&
        (hb - ha == 9 || (d & ((uint64_t)1 << (hb - 10))) != 0)) {
        return 2;
    }
    return 1;
}

/*
 * The fast path: 1 when every finding of the input is reported (none for a clean web URL),
 * 0 when nothing is and the rule groups must run.
 */
static int fast_path(curi__lint *c, const curi_uri *u)
{
    const char *s = c->s;
    size_t n = c->n, ha, hb, pa, pb;
    clean_masks m;
    int kind;

    if (n > CURI__LINT_MAX_INPUT || u->scheme.ptr == NULL || u->host.ptr == NULL ||
        u->userinfo.ptr != NULL || u->port.ptr != NULL || u->host_type != CURI_HOST_REGNAME ||
        u->host.len > 63 ||
        (u->path.len == 0 && (u->query.ptr != NULL || u->fragment.ptr != NULL))) {
        return 0;
    }
    kind = fast_scheme(s, u->scheme.len);
    if (kind == FAST_NONE || (kind == FAST_WEB && u->host.len == 0) ||
        (u->host.len > 0 && curi__is((unsigned char)*u->host.ptr, CURI__DIGIT))) {
        return 0; /* (a host that starts with a digit may be numeric-shaped) */
    }
    ha = (size_t)(u->host.ptr - s);
    hb = ha + u->host.len;
    pa = (size_t)(u->path.ptr - s);
    pb = pa + u->path.len;
    if (kind == FAST_FILE && pb - pa >= 2 && s[pa + 1] == '/') {
        return 0; /* "file://h//share": file-remote-host on the path */
    }
    if (n <= 64) {
        /* one classification for the whole input: no '%', no "/." in the path */
        masks(&m, s, n);
        if (m.pct != 0 || ((m.slash << 1) & m.dot & bits(pa, pb)) != 0) {
            return 0;
        }
    } else {
        /* the same from memchr, and the host classified alone */
        if (memchr(s, '%', n) != NULL || dot_segment_start(s + pa, s + pb)) {
            return 0;
        }
        masks(&m, s + ha, hb - ha);
        hb -= ha;
        ha = 0;
    }
    if (kind == FAST_WEB) {
        /* a 9-byte last label may be "localhost": host-special-address */
        return ha < hb && fast_host(&m, ha, hb) == 1;
    }
    if (ha < hb && fast_host(&m, ha, hb) == 0) {
        return 0;
    }
    /* file: scheme-file, and file-remote-host for a host other than "localhost" (for file
     * a localhost name is no special address, and any other 9-byte label is a name) */
    curi__lint_emit(c, CURI_LINT_SCHEME_FILE, 0, u->scheme.len + 1, 0);
    if (u->host.len > 0 && !curi__is_localhost(u->host.ptr, u->host.len)) {
        hb = (size_t)(u->host.ptr - s);
        curi__lint_emit(c, CURI_LINT_FILE_REMOTE_HOST, hb, hb + u->host.len, 0);
    }
    return 1;
}

/* ------------------------------------------------------------------ syntax-invalid */

/* syntax-invalid at the byte curi_parse names; its detail is that byte.  curi_parse names a
 * byte of the input for every failure of an input of at most CURI_MAX_LEN bytes. */
static void syntax(curi__lint *c, const curi_error *e)
{
    curi__lint_emit(c, CURI_LINT_SYNTAX_INVALID, e->offset, e->offset + 1,
                    (unsigned char)c->s[e->offset]);
}

/* ------------------------------------------------------------------ the entry point */

/* The run of curi_lint, its arguments checked (s not NULL, options not NULL): CURI_OK, the
 * count of findings in *count.
 * Never inlined: the two entry points share it, and inlined it made curi check slower. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int lint_run(const char *s, size_t len, const curi_lint_options *options,
                    curi_finding *out, size_t cap, size_t *count)
{
    curi__lint c;

    /* every field but sp, which the split fills */
    c.count = 0;
    c.kept = 0;
    c.parsed_ok = 0;
    c.has_pct = 0;
    c.s = s;
    c.n = len;
    c.flags = options->flags;
    c.disabled[0] = options->disabled[0];
    c.disabled[1] = options->disabled[1];
    c.ports = options->ports;
    c.nports = options->ports ? options->nports : 0;
    c.out = out;
    c.cap = cap;
    if (len > CURI_MAX_LEN) {
        curi__lint_emit(&c, CURI_LINT_SYNTAX_INVALID, CURI_MAX_LEN, CURI_MAX_LEN + 1, 0);
        curi__lint_emit(&c, CURI_LINT_LONG_COMPONENT, 0, len, 0);
    } else {
        curi_uri u;
        curi_error e;
        unsigned pf = ((c.flags & CURI_LINT_STRICT_3986) ? CURI_PARSE_STRICT_3986 : 0) |
                      ((c.flags & CURI__LINT_SCALAR) ? CURI__PARSE_SCALAR : 0);
        c.parsed_ok = curi__parse(&u, s, len, pf, &e) == CURI_OK;
        c.bad_at = c.parsed_ok ? len : e.offset;
        if (!c.parsed_ok || (c.flags & CURI__LINT_SCALAR) || !fast_path(&c, &u)) {
            if (c.parsed_ok && !(c.flags & CURI__LINT_SCALAR)) {
                curi__lint_split_uri(&c.sp, s, &u);
            } else {
                curi__lint_split(&c.sp, s, len);
            }
            if (!c.parsed_ok) {
                syntax(&c, &e);
            }
            c.has_pct = memchr(s, '%', len) != NULL;
            curi__lint_general(&c);
            curi__lint_host(&c);
            curi__lint_port_path(&c);
            curi__lint_pct(&c);
            curi__lint_differential(&c);
        }
    }
    curi__lint_sort(&c);
    *count = c.count;
    return CURI_OK;
}

/* curi_lint and the suites' curi__lint_entry (testing.h), which also takes CURI__LINT_SCALAR. */
static int lint_entry(const char *s, size_t len, const curi_lint_options *options,
                      curi_finding *out, size_t cap, size_t *count, curi_error *err,
                      unsigned known)
{
    static const curi_lint_options none = {0, {0, 0}, NULL, 0, {NULL, NULL}};

    if (options == NULL) {
        options = &none;
    }
    if (count == NULL || (options->flags & ~known) || (out == NULL && cap > 0) ||
        (s == NULL && len > 0)) {
        if (count != NULL) {
            *count = 0;
        }
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    (void)curi__ok(err); /* first, so that the run is the last call */
    return lint_run(s == NULL ? "" : s, len, options, out, cap, count);
}

int curi_lint(const char *s, size_t len, const curi_lint_options *options, curi_finding *out,
              size_t cap, size_t *count, curi_error *err)
{
    return lint_entry(s, len, options, out, cap, count, err, CURI__LINT_FLAGS);
}

int curi__lint_entry(const char *s, size_t len, const curi_lint_options *options,
                     curi_finding *out, size_t cap, size_t *count, curi_error *err)
{
    return lint_entry(s, len, options, out, cap, count, err,
                      CURI__LINT_FLAGS | CURI__LINT_SCALAR);
}

/* ------------------------------------------------------------------ messages */

/* The run a message reads: the input, the options' port table and the input's split (the
 * split is the one part of a message that costs O(len), so a batch makes it once). */
static void message_ctx(curi__lint *c, const char *s, size_t len, const curi_lint_options *options)
{
    memset(c, 0, sizeof *c);
    c->s = (s == NULL) ? "" : s;
    c->n = len;
    if (options != NULL && options->ports != NULL) {
        c->ports = options->ports;
        c->nports = options->nports;
    }
    if (len <= CURI_MAX_LEN) {
        curi__lint_split(&c->sp, c->s, len);
    }
}

/* Whether f can be a finding of an input of len bytes. */
static int finding_ok(const curi_finding *f, size_t len)
{
    return f != NULL && f->rule >= 1 && f->rule <= CURI_LINT_RULES && f->start <= f->end &&
           f->end <= len + 1;
}

/* The sentence for f (finding_ok) of the prepared run c: its cost is the sentence's length. */
static void message_one(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    if (f->rule == CURI_LINT_SYNTAX_INVALID) {
        curi__lint_puts(o, "not an RFC 3986 URI reference: ");
        curi__lint_puts(o, "byte 0x");
        curi__lint_put_hex2(o, f->detail & 0xFF);
        curi__lint_puts(o, " at offset ");
        curi__lint_put_num(o, (unsigned long)f->start);
        curi__lint_puts(o, " is not allowed here");
        return;
    }
    /* Every rule 2..CURI_LINT_RULES belongs to exactly one group. */
    if (!curi__lint_general_msg(o, c, f) && !curi__lint_host_msg(o, c, f) &&
        !curi__lint_idn_msg(o, c, f) && !curi__lint_port_path_msg(o, c, f) &&
        !curi__lint_diff_msg(o, c, f)) {
        (void)curi__lint_pct_msg(o, c, f);
    }
}

int curi_lint_message(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                      const curi_lint_options *options, const curi_finding *f, curi_error *err)
{
    curi__out o = {dst, (dst == NULL) ? 0 : cap, 0};
    curi__lint c;

    if (!curi__wbegin(dst, cap, outlen, 0)) {
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    }
    if (!finding_ok(f, len) || (s == NULL && len > 0) ||
        (options != NULL && (options->flags & ~(unsigned)CURI__LINT_FLAGS))) {
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    }
    message_ctx(&c, s, len, options);
    message_one(&o, &c, f);
    return curi__wend(o.len > o.cap ? CURI_ERR_NOSPACE : CURI_OK, o.len, outlen, err);
}

int curi_lint_messages(char *dst, size_t cap, size_t *ends, const char *s, size_t len,
                       const curi_lint_options *options, const curi_finding *f, size_t n,
                       size_t *done, curi_error *err)
{
    curi__out o = {dst, (dst == NULL) ? 0 : cap, 0};
    curi__lint c;
    size_t fit = n;

    if (done != NULL) {
        *done = 0;
    }
    if (ends == NULL || (dst == NULL && cap > 0) || (s == NULL && len > 0) ||
        (f == NULL && n > 0) ||
        (options != NULL && (options->flags & ~(unsigned)CURI__LINT_FLAGS))) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    message_ctx(&c, s, len, options);
    for (size_t i = 0; i < n; i++) {
        if (finding_ok(&f[i], len)) {
            message_one(&o, &c, &f[i]);
        }
        ends[i] = o.len;
        if (o.len > o.cap && fit == n) {
            fit = i;
        }
    }
    if (done != NULL) {
        *done = fit;
    }
    return fit == n ? curi__ok(err) : curi__fail(err, CURI_ERR_NOSPACE, 0);
}
