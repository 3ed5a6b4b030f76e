/*
 * parse.c -- URI-reference to component views (RFC 3986 section 3, 4.1, 4.2, 4.3, Appendix A).
 *
 * One pass, left to right, no backtracking beyond a look-ahead for '@' in the authority: each
 * component is a run of its allowed bytes, broken only by pct-encoded triplets, and ends at
 * the delimiter that starts the next.  The grammar code is in parse_impl.h and is compiled
 * once per scanner: the portable scalar one, and (on x86-64, chosen at run time) an AVX2
 * one that classifies an input of under 64 bytes once, for each class it needs, and then
 * finds every run end with a bit scan, and for longer inputs the block scanner of scan.c;
 * and the same again for IRIs.  Invariant: nothing reads outside [s, s + len); no
 * allocation; no recursion.  SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

#define OFF(q) ((size_t)((q) - s))
/* The hot helpers of the grammar code are inlined into each variant's parse function. */
#if defined(__GNUC__) || defined(__clang__)
#define P_INLINE static inline __attribute__((always_inline))
#else
#define P_INLINE static inline
#endif

/*
 * A failed parse leaves nothing plausible behind: *u is cleared (every view absent, host
 * type NONE) before the error is returned, so a caller that ignores the result cannot act
 * on a half-filled host.  Only the failing paths pay for it.
 */
static inline int parse_cleared(curi_uri *u, int rc)
{
    *u = (curi_uri){0};
    return rc;
}

static inline int parse_fail(curi_uri *u, curi_error *err, int code, size_t offset)
{
    return parse_cleared(u, curi__fail(err, code, offset));
}

/*
 * port = *DIGIT
 *
 * The grammar sets no upper bound, so any number of digits parses; the value is reported
 * only when it fits 0-65535, otherwise the status says the port is out of range.
 */
static int port(curi_uri *u, const char *s, const char *p, const char *end, unsigned flags,
                curi_error *err)
{
    unsigned v;
    const char *q = p + curi__port_digits(p, (size_t)(end - p), &v);

    if (q != end)
        return parse_fail(u, err, CURI_ERR_PORT_CHAR, OFF(q));
    u->port.ptr = p;
    u->port.len = (size_t)(end - p);
    if (p == end) {
        u->port_status = CURI_PORT_EMPTY;
    } else if (v > 65535) {
        if (flags & CURI_PARSE_PORT_RANGE)
            return parse_fail(u, err, CURI_ERR_PORT_RANGE, OFF(p));
        u->port_status = CURI_PORT_RANGE;
    } else {
        u->port_status = CURI_PORT_VALID;
        u->port_number = (uint16_t)v;
    }
    return CURI_OK;
}

/* A host already known to be a valid reg-name [h, e): an IPv4address if it reads as one. */
static inline void reg_name(curi_uri *u, const char *h, const char *e)
{
    const char *bad;

    u->host.ptr = h;
    u->host.len = (size_t)(e - h);
    u->host_type = CURI_HOST_REGNAME;
    if (e > h && curi__is((unsigned char)*h, CURI__DIGIT) && curi__ipv4(u->ip, h, e, &bad))
        u->host_type = CURI_HOST_IPV4;
}

/* p[0] and p[1] are both '/': one two-byte compare (the same in either byte order). */
static inline int two_slashes(const char *p)
{
    uint16_t w;
    memcpy(&w, p, 2);
    return w == ('/' | '/' << 8);
}

static inline int ends_authority(const char *q, const char *end)
{
    return q == end || *q == '/' || *q == '?' || *q == '#';
}

/* A class run with pct-encoded triplets: curi__pct_run, or curi__iri_pct_run for an IRI. */
typedef const char *class_run(const char *p, const char *end, unsigned cls, const char **bad);

/*
 * authority = [ userinfo "@" ] host [ ":" port ]
 * userinfo  = *( unreserved / pct-encoded / sub-delims / ":" )
 *
 * The general case, for a URI (pct_run: curi__pct_run) or an IRI (curi__iri_pct_run, the sets
 * of RFC 3987 2.2).  The authority runs from after "//" to the next '/', '?', '#' or the end
 * (3.2).  userinfo cannot contain '@', so the first '@' ends it.  An authority that starts
 * with '[' has no userinfo ('[' is not a userinfo character), so its '@'s are left for the
 * host to reject.  An IP literal is read by host.c (it is ASCII in an IRI too), a reg-name
 * here.
 */
static inline int authority_general(curi_uri *u, const char *s, const char *a, const char *end,
                                    const char **aend, unsigned flags, curi_error *err,
                                    class_run *pct_run)
{
    const char *h = a, *q = a, *e, *bad = NULL;
    int rc;

    while (!ends_authority(q, end))
        q++;
    e = *aend = q;
    u->userinfo.ptr = NULL;
    u->userinfo.len = 0;
    if (a < e && *a != '[') {
        const char *at = memchr(a, '@', (size_t)(e - a));
        if (at) {
            q = pct_run(a, at, CURI__USERINFO, &bad);
            if (!q)
                return parse_fail(u, err, CURI_ERR_PCT, OFF(bad));
            if (q != at)
                return parse_fail(u, err, CURI_ERR_USERINFO_CHAR, OFF(q));
            u->userinfo.ptr = a;
            u->userinfo.len = (size_t)(at - a);
            h = at + 1;
        }
    }
    /* host = IP-literal / IPv4address / reg-name */
    if (h < e && *h == '[') {
        rc = curi__host(u, s, h, e, &q, flags, err);
        if (rc != CURI_OK)
            return parse_cleared(u, rc);
    } else {
        q = pct_run(h, e, CURI__REGNAME, &bad);
        if (!q)
            return parse_fail(u, err, CURI_ERR_PCT, OFF(bad));
        reg_name(u, h, q);
    }
    if (q < e) {
        if (*q != ':')
            return parse_fail(u, err,
                              u->host_type >= CURI_HOST_IPV6 ? CURI_ERR_IP_LITERAL
                                                             : CURI_ERR_HOST_CHAR,
                              OFF(q));
        rc = port(u, s, q + 1, e, flags, err);
        if (rc != CURI_OK)
            return rc;
    }
    return CURI_OK;
}

static int authority_slow(curi_uri *u, const char *s, const char *a, const char *end,
                          const char **aend, unsigned flags, curi_error *err)
{
    return authority_general(u, s, a, end, aend, flags, err, curi__pct_run);
}

/* ---- The scalar variant: a table look-up per byte. ---- */
typedef struct scan_scalar_state {
    int unused;
} scan_scalar_state;
#define P_(name) name##_scalar
#define P_TARGET
#define P_SCANNER scan_scalar_state
#define P_SCAN_INIT(sc, s, len, flags) ((void)(sc), (void)(s), (void)(len), (void)(flags))
#define P_SCAN(sc, p, end, cls) ((void)(sc), curi__scan_scalar((p), (end), (cls)))
#define P_ZERO(u) (*(u) = (curi_uri){0})
#include "parse_impl.h"

/* ---- The AVX2 variant. ---- */
#ifdef CURI__HAVE_AVX2
#include "classify.h"

/*
 * For an input of under 64 bytes, the bytes are loaded once (classify.h: never past the
 * end) and kept as the two shuffle indices that every class needs; a scan computes its
 * class's 64-bit "not in class" mask from them in a few instructions (bit i for byte i;
 * bits from len up set, so every run stops at the end), and the run end is a trailing-zero
 * count.  Longer inputs use the block scanner of scan.c.  The grammar code (parse_impl.h)
 * always scans up to the end of the input, so a scan's end is s + len here.
 */
typedef struct scan_avx2_state {
    const char *s;
    size_t len;
    uint64_t tail;        /* the bits from len up (len < 64): set in every class's mask */
    __m256i lo_a, hi_a;   /* low-nibble indices and high-nibble row bits, first vector */
    __m256i lo_b, hi_b;   /* the same for the vector ending at s + len (len >= 32) */
    /* The URI variant's masks of the classes most parses scan (hot_masks_avx2). */
    uint64_t scheme, regname, path;
} scan_avx2_state;

/* The state of s[0..len), len < 64. */
__attribute__((target("avx2"))) P_INLINE void scan_load_avx2(scan_avx2_state *sc, const char *s,
                                                                 size_t len)
{
    sc->s = s;
    sc->len = len;
    sc->tail = ~(uint64_t)0 << len;
    const curi__vec64 v = curi__classify_load(s, len);
    curi__classify_prep(v.a, &sc->lo_a, &sc->hi_a);
    if (len >= 32)
        curi__classify_prep(v.b, &sc->lo_b, &sc->hi_b);
    else
        sc->lo_b = sc->hi_b = _mm256_setzero_si256(); /* unused below 32 bytes */
}

/* The state of s[0..len), any len: a long input keeps only s and len (the block scanner). */
__attribute__((target("avx2"))) static inline void scan_init_avx2(scan_avx2_state *sc,
                                                                  const char *s, size_t len)
{
    if (len >= 64) {
        /* Not used: long inputs go to the block scanner.  Set to keep the state defined. */
        sc->s = s;
        sc->len = len;
        sc->tail = 0;
        sc->lo_a = sc->hi_a = sc->lo_b = sc->hi_b = _mm256_setzero_si256();
        return;
    }
    scan_load_avx2(sc, s, len);
}

__attribute__((target("avx2"))) P_INLINE uint64_t class_miss(const scan_avx2_state *sc,
                                                                  unsigned k)
{
    const size_t len = sc->len;
    const uint32_t a = curi__classify_miss(sc->lo_a, sc->hi_a, k);
    /* One test of len, each branch with its own half of the join. */
    const uint64_t m = len >= 32 ? curi__classify_join_hi(
                                       a, curi__classify_miss(sc->lo_b, sc->hi_b, k), len)
                                 : curi__classify_join_lo(a, len);
    return m | sc->tail;
}

/*
 * Zeroing the result with 32-byte stores: the compiler's choice for a 176-byte struct is
 * "rep stos", whose start-up cost is most of a short URL's parse.  A null pointer is all
 * zero bits on every target this variant is built for (x86-64 System V and Windows).
 */
__attribute__((target("avx2"))) P_INLINE void zero_avx2(curi_uri *u)
{
    char *p = (char *)u;
    const __m256i z = _mm256_setzero_si256();

    /* Written out: gcc turns a loop of stores back into "rep stos". */
    _Static_assert(sizeof *u >= 160 && sizeof *u <= 192, "zero_avx2 covers 160-192 bytes");
    _mm256_storeu_si256((__m256i *)(void *)p, z);
    _mm256_storeu_si256((__m256i *)(void *)(p + 32), z);
    _mm256_storeu_si256((__m256i *)(void *)(p + 64), z);
    _mm256_storeu_si256((__m256i *)(void *)(p + 96), z);
    _mm256_storeu_si256((__m256i *)(void *)(p + 128), z);
    _mm256_storeu_si256((__m256i *)(void *)(p + sizeof *u - 32), z);
}

__attribute__((target("avx2"))) P_INLINE const char *
scan_avx2(scan_avx2_state *sc, const char *p, const char *end, unsigned cls)
{
    if (sc->len >= 64)
        return curi__scan(sc->s, p, end, cls, 0);
    /* end is s + len and p <= end, so the mask from p on has its bit for the end set (the
     * tail): the count is at most end - p. */
    return p + (unsigned)__builtin_ctzll(class_miss(sc, (unsigned)__builtin_ctz(cls)) >>
                                         (p - sc->s));
}

/*
 * The URI variant for inputs under 64 bytes (parse_entry sends longer ones to the block
 * variant below): a class handle is the class's whole 64-bit mask, and a scan is a shift and
 * a trailing-zero count.  The masks of the scheme, reg-name and path classes (every parse
 * of a URL with an authority scans those three) are computed at the start, with one test of
 * len for the three; the others where the grammar code takes them (P_CLASS: before any call,
 * from the loaded vectors), or after calls by loading the input again (P_CLASS_LATE), so
 * that no vector register is live across a call.
 */
__attribute__((target("avx2"))) P_INLINE void hot_masks_avx2(scan_avx2_state *sc)
{
    const unsigned ks = (unsigned)__builtin_ctz(CURI__SCHEME);
    const unsigned kr = (unsigned)__builtin_ctz(CURI__REGNAME);
    const unsigned kp = (unsigned)__builtin_ctz(CURI__PATH);
    const size_t len = sc->len;
    const uint32_t as = curi__classify_miss(sc->lo_a, sc->hi_a, ks);
    const uint32_t ar = curi__classify_miss(sc->lo_a, sc->hi_a, kr);
    const uint32_t ap = curi__classify_miss(sc->lo_a, sc->hi_a, kp);

    if (len >= 32) {
        sc->scheme = curi__classify_join_hi(as, curi__classify_miss(sc->lo_b, sc->hi_b, ks), len);
        sc->regname = curi__classify_join_hi(ar, curi__classify_miss(sc->lo_b, sc->hi_b, kr), len);
        sc->path = curi__classify_join_hi(ap, curi__classify_miss(sc->lo_b, sc->hi_b, kp), len);
    } else {
        sc->scheme = curi__classify_join_lo(as, len);
        sc->regname = curi__classify_join_lo(ar, len);
        sc->path = curi__classify_join_lo(ap, len);
    }
    sc->scheme |= sc->tail;
    sc->regname |= sc->tail;
    sc->path |= sc->tail;
}

__attribute__((target("avx2"))) P_INLINE uint64_t class_mask_avx2(const scan_avx2_state *sc,
                                                                      unsigned cls)
{
    return class_miss(sc, (unsigned)__builtin_ctz(cls));
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
__attribute__((target("avx2"))) static uint64_t class_mask_late_avx2(const char *s, size_t len,
                                                                      unsigned cls)
{
    scan_avx2_state sc;
    scan_load_avx2(&sc, s, len);
    return class_mask_avx2(&sc, cls);
}

/* end is s + len and p <= end, so the mask from p on has the bit of the end set (the
 * tail): the count is at most end - p. */
__attribute__((target("avx2"))) P_INLINE const char *find_avx2(const scan_avx2_state *sc,
                                                                   const char *p, uint64_t m)
{
    return p + (size_t)__builtin_ctzll(m >> (p - sc->s));
}

/* P_CLASS by the class's name: the three hot masks are read, the others computed. */
#define P_CLASS_AVX2_CURI__SCHEME(sc) ((sc)->scheme)
#define P_CLASS_AVX2_CURI__REGNAME(sc) ((sc)->regname)
#define P_CLASS_AVX2_CURI__PATH(sc) ((sc)->path)
#define P_CLASS_AVX2_CURI__DIGIT(sc) class_mask_avx2((sc), CURI__DIGIT)
#define P_CLASS_AVX2_CURI__SEGNC(sc) class_mask_avx2((sc), CURI__SEGNC)

#define P_(name) name##_avx2
#define P_TARGET __attribute__((target("avx2")))
#define P_SCANNER scan_avx2_state
#define P_SCAN_INIT(sc, s, len, flags) (scan_load_avx2((sc), (s), (len)), hot_masks_avx2(sc))
#define P_SCAN(sc, p, end, h) ((void)(end), find_avx2((sc), (p), (h)))
#define P_CLASS_T uint64_t
#define P_CLASS(sc, cls) P_CLASS_AVX2_##cls(sc)
#define P_CLASS_LATE(sc, cls) class_mask_late_avx2((sc)->s, (sc)->len, (cls))
#define P_ZERO(u) zero_avx2(u)
#include "parse_impl.h"

/* The URI variant for inputs of 64 bytes and more: the block scanner of scan.c. */
typedef struct scan_block_state {
    const char *s;
} scan_block_state;
#define P_(name) name##_block
#define P_TARGET __attribute__((target("avx2")))
#define P_SCANNER scan_block_state
#define P_SCAN_INIT(sc, s, len, flags) ((void)(len), (void)(flags), (sc)->s = (s))
#define P_SCAN(sc, p, end, cls) curi__scan((sc)->s, (p), (end), (cls), 0)
#define P_ZERO(u) zero_avx2(u)
#include "parse_impl.h"
#endif /* CURI__HAVE_AVX2 */

/*
 * ---- The IRI variants (CURI_PARSE_IRI, RFC 3987 2.2) ----
 *
 * The same grammar code runs with a scanner that, where a run of its class stops at a byte
 * above 0x7F in a component that takes ucschar (internal.h's CURI__IRI_CLASSES), reads one
 * UTF-8 character there and goes on when the character is allowed.  A parse without
 * CURI_PARSE_IRI never comes here.
 */
#define IRI_FRAG CURI__IRI_FRAG /* with CURI__QUERY: the fragment, which has no iprivate */

/* The error of an IRI parse that stopped at a byte above 0x7F: CURI_ERR_UTF8 when the bytes
 * there are not well-formed UTF-8, else code (the component's *_CHAR: a code point the ABNF
 * leaves out). */
static int iri_error(const char *p, const char *end, int code)
{
    uint32_t c;
    if (p < end && (unsigned char)*p >= 0x80 && curi__utf8(p, end, &c) == 0)
        return CURI_ERR_UTF8;
    return code;
}

/* iauthority = [ iuserinfo "@" ] ihost [ ":" port ]: authority_slow with the IRI sets. */
static int authority_slow_iri(curi_uri *u, const char *s, const char *a, const char *end,
                              const char **aend, unsigned flags, curi_error *err)
{
    return authority_general(u, s, a, end, aend, flags, err, curi__iri_pct_run);
}

#define P_(name) name##_iri_scalar
#define P_TARGET
#define P_SCANNER scan_scalar_state
#define P_SCAN_INIT(sc, s, len, flags) ((void)(sc), (void)(s), (void)(len), (void)(flags))
#define P_SCAN(sc, p, end, cls) ((void)(sc), curi__scan_iri_scalar((p), (end), (cls)))
#define P_ZERO(u) (*(u) = (curi_uri){0})
#define P_FRAG (CURI__QUERY | IRI_FRAG)
#define P_AUTH_SLOW authority_slow_iri
#include "parse_impl.h"

#ifdef CURI__HAVE_AVX2
__attribute__((target("avx2"))) P_INLINE const char *
scan_iri_avx2(scan_avx2_state *sc, const char *p, const char *end, unsigned cls)
{
    for (;;) {
        const char *q;
        p = scan_avx2(sc, p, end, cls & ~IRI_FRAG);
        if (p == end || (unsigned char)*p < 0x80)
            return p;
        q = curi__iri_step(p, end, cls);
        if (!q)
            return p;
        p = q;
    }
}

#define P_(name) name##_iri_avx2
#define P_TARGET __attribute__((target("avx2")))
#define P_SCANNER scan_avx2_state
#define P_SCAN_INIT(sc, s, len, flags) scan_init_avx2((sc), (s), (len))
#define P_SCAN(sc, p, end, cls) scan_iri_avx2((sc), (p), (end), (cls))
#define P_ZERO(u) zero_avx2(u)
#define P_FRAG (CURI__QUERY | IRI_FRAG)
#define P_AUTH_SLOW authority_slow_iri
#include "parse_impl.h"
#endif

/*
 * An IRI parse: the error of a run that stopped at a byte above 0x7F is CURI_ERR_UTF8 when
 * the bytes there are not UTF-8 (iri_error), else the component's own.  Never inlined:
 * in curi_parse it would give the URI path a bigger frame to set up.
 */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int parse_iri(curi_uri *u, const char *s, size_t len, unsigned flags, curi_error *err)
{
    curi_error e = {0, 0, 0};
    int rc;

#ifdef CURI__HAVE_AVX2
    if (!(flags & CURI__PARSE_SCALAR) && __builtin_cpu_supports("avx2"))
        rc = parse_iri_avx2(u, s, len, flags, &e);
    else
#endif
        rc = parse_iri_scalar(u, s, len, flags, &e);
    if (rc != CURI_OK)
        return curi__fail(err, iri_error(s + e.offset, s + len, rc), e.offset);
    return curi__ok(err);
}

/*
 * curi_parse and the suites' curi__parse (testing.h) in one body: known is the flag set the
 * entry point accepts beyond the usual ones, CURI_PARSE_IRI for both and CURI__PARSE_SCALAR
 * for curi__parse only, so that the public flag word refuses the private bit.
 */
CURI__INLINE int parse_entry(curi_uri *u, const char *s, size_t len, unsigned flags,
                             curi_error *err, unsigned known)
{
    /* One test for the rare cases: too long, no output, no input. */
    if (len > CURI_MAX_LEN || !u || !s) {
        if (!u)
            return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
        if (len > CURI_MAX_LEN)
            return parse_cleared(u, curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN));
        if (len)
            return parse_cleared(u, curi__fail(err, CURI_ERR_INVALID_ARG, 0));
        s = "";
    }
    /* One test for the usual flags: an unknown bit, the tests' scalar switch or an IRI is
     * rare. */
    if (flags & ~CURI__PARSE_FLAGS) {
        if (flags & ~(CURI__PARSE_FLAGS | known))
            return parse_cleared(u, curi__fail(err, CURI_ERR_INVALID_ARG, 0));
        if (flags & CURI_PARSE_IRI)
            return parse_iri(u, s, len, flags, err);
        return parse_scalar(u, s, len, flags, err);
    }
#ifdef CURI__HAVE_AVX2
    if (__builtin_cpu_supports("avx2"))
        return len < 64 ? parse_avx2(u, s, len, flags, err) : parse_block(u, s, len, flags, err);
#endif
    return parse_scalar(u, s, len, flags, err);
}

int curi_parse(curi_uri *u, const char *s, size_t len, unsigned flags, curi_error *err)
{
    return parse_entry(u, s, len, flags, err, CURI_PARSE_IRI);
}

int curi__parse(curi_uri *u, const char *s, size_t len, unsigned flags, curi_error *err)
{
    return parse_entry(u, s, len, flags, err, CURI_PARSE_IRI | CURI__PARSE_SCALAR);
}
