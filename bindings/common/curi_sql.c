/*
 * curi_sql.c -- the pieces the SQL bindings share (curi_sql.h says what each does).
 *
 * The JSON follows the curi tool's rules (cli/text.c) so that curi_parse() in SQL and
 * `curi parse --json` give the same object: '"', '\' and the bytes 0x00-0x1F and 0x7F are
 * written \" \\ \u00xx; the C1 controls and the bidi and line-separator code points are
 * written \uXXXX; a byte that is not part of valid UTF-8 becomes U+FFFD and the member
 * gets a KEY_hex twin with every byte of the value in lowercase hex.
 * SPDX-License-Identifier: MIT
 */
#include "curi_sql.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char hexdig[] = "0123456789abcdef";

int sqlbuf_reserve(struct sqlbuf *b, size_t n)
{
    if (b->oom)
        return 0;
    if (b->cap - b->len >= n)
        return 1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < n) {
        if (cap > SIZE_MAX / 2) {
            b->oom = 1;
            return 0;
        }
        cap *= 2;
    }
    char *p = realloc(b->p, cap);
    if (p == NULL) {
        b->oom = 1;
        return 0;
    }
    b->p = p;
    b->cap = cap;
    return 1;
}

void sqlbuf_put(struct sqlbuf *b, const void *s, size_t n)
{
    if (n == 0 || !sqlbuf_reserve(b, n))
        return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static void sqlbuf_putc(struct sqlbuf *b, char c)
{
    if (sqlbuf_reserve(b, 1))
        b->p[b->len++] = c;
}

static void sqlbuf_puts(struct sqlbuf *b, const char *s)
{
    sqlbuf_put(b, s, strlen(s));
}

static void sqlbuf_putu(struct sqlbuf *b, size_t v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    sqlbuf_put(b, tmp + i, sizeof tmp - i);
}

void sqlbuf_free(struct sqlbuf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
    b->oom = 0;
}

/*
 * ---------------------------------------------------------------------------
 * JSON
 * ---------------------------------------------------------------------------
 */

/* Length of the valid UTF-8 sequence at s[0..n) (RFC 3629 4), or 0 when invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    size_t len;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        lo = c == 0xE0 ? 0xA0 : lo; /* overlong below U+0800 */
        hi = c == 0xED ? 0x9F : hi; /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        lo = c == 0xF0 ? 0x90 : lo; /* overlong below U+10000 */
        hi = c == 0xF4 ? 0x8F : hi; /* above U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

/* The code point of a valid sequence written as \uXXXX (C1, bidi, separators), else 0. */
static unsigned escaped_char(const unsigned char *p, size_t len)
{
    if (len == 2 && p[0] == 0xC2 && p[1] <= 0x9F)
        return p[1];
    if (len != 3 || p[0] != 0xE2)
        return 0;
    unsigned cp = ((unsigned)(p[0] & 0x0F) << 12) | ((unsigned)(p[1] & 0x3F) << 6) | (p[2] & 0x3Fu);
    if (cp == 0x200E || cp == 0x200F || (cp >= 0x2028 && cp <= 0x202E) ||
        (cp >= 0x2066 && cp <= 0x2069))
        return cp;
    return 0;
}

/* s[0..n) as a quoted JSON string; 1 when exact, 0 when a byte became U+FFFD. */
static int json_string(struct sqlbuf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    int exact = 1;
    sqlbuf_putc(b, '"');
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
            size_t j = i + 1;
            while (j < n && p[j] >= 0x20 && p[j] < 0x7F && p[j] != '"' && p[j] != '\\')
                j++;
            sqlbuf_put(b, s + i, j - i);
            i = j;
        } else if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            sqlbuf_put(b, esc, 2);
            i++;
        } else if (c < 0x80) {
            char esc[6] = {'\\', 'u', '0', '0', hexdig[c >> 4], hexdig[c & 15]};
            sqlbuf_put(b, esc, 6);
            i++;
        } else {
            size_t len = utf8_len(p + i, n - i);
            unsigned cp;
            if (len == 0) {
                sqlbuf_put(b, "\xEF\xBF\xBD", 3);
                exact = 0;
                len = 1;
            } else if ((cp = escaped_char(p + i, len)) != 0) {
                char esc[6] = {'\\', 'u', hexdig[cp >> 12], hexdig[(cp >> 8) & 15],
                               hexdig[(cp >> 4) & 15], hexdig[cp & 15]};
                sqlbuf_put(b, esc, 6);
            } else {
                sqlbuf_put(b, s + i, len);
            }
            i += len;
        }
    }
    sqlbuf_putc(b, '"');
    return exact;
}

/* "key": preceded by ',' unless it opens the object. */
static void json_key(struct sqlbuf *b, const char *key)
{
    if (b->len > 0 && b->p[b->len - 1] != '{')
        sqlbuf_putc(b, ',');
    sqlbuf_putc(b, '"');
    sqlbuf_puts(b, key);
    sqlbuf_put(b, "\":", 2);
}

/* "key":"value" or "key":null, and "key_hex":"..." when the value is not valid UTF-8. */
static void json_member(struct sqlbuf *b, const char *key, const char *s, size_t n)
{
    json_key(b, key);
    if (s == NULL) {
        sqlbuf_put(b, "null", 4);
        return;
    }
    if (json_string(b, s, n))
        return;
    sqlbuf_putc(b, ',');
    sqlbuf_putc(b, '"');
    sqlbuf_puts(b, key);
    sqlbuf_put(b, "_hex\":\"", 7);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char h[2] = {hexdig[c >> 4], hexdig[c & 15]};
        sqlbuf_put(b, h, 2);
    }
    sqlbuf_putc(b, '"');
}

static void json_member_str(struct sqlbuf *b, const char *key, curi_str v)
{
    json_member(b, key, v.ptr, v.len);
}

const char *curi_sql_host_type_name(int host_type)
{
    switch (host_type) {
    case CURI_HOST_REGNAME:
        return "reg-name";
    case CURI_HOST_IPV4:
        return "ipv4";
    case CURI_HOST_IPV6:
        return "ipv6";
    case CURI_HOST_IPVFUTURE:
        return "ipvfuture";
    default:
        return NULL;
    }
}

/*
 * ---------------------------------------------------------------------------
 * Form decoding
 * ---------------------------------------------------------------------------
 */
static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The byte at s[*i] after form decoding, advancing *i past what it took. */
static unsigned char form_byte(const char *s, size_t n, size_t *i)
{
    unsigned char c = (unsigned char)s[*i];
    if (c == '+') {
        *i += 1;
        return ' ';
    }
    if (c == '%' && n - *i >= 3) {
        int hi = hexval((unsigned char)s[*i + 1]), lo = hexval((unsigned char)s[*i + 2]);
        if (hi >= 0 && lo >= 0) {
            *i += 3;
            return (unsigned char)(hi * 16 + lo);
        }
    }
    *i += 1;
    return c;
}

void curi_sql_form_decode(struct sqlbuf *out, const char *s, size_t n)
{
    if (!sqlbuf_reserve(out, n))
        return;
    for (size_t i = 0; i < n;)
        out->p[out->len++] = (char)form_byte(s, n, &i);
}

int curi_sql_form_key_equals(const char *s, size_t n, const char *key, size_t klen)
{
    size_t i = 0, k = 0;
    while (i < n && k < klen)
        if (form_byte(s, n, &i) != (unsigned char)key[k++])
            return 0;
    return i == n && k == klen;
}

int curi_sql_param(struct sqlbuf *out, curi_str query, const char *key, size_t klen)
{
    curi_cursor c;
    curi_str k, v;
    curi_query_init(&c, query, 0, NULL);
    while (curi_query_next(&c, &k, &v)) {
        if (v.ptr == NULL || !curi_sql_form_key_equals(k.ptr, k.len, key, klen))
            continue;
        curi_sql_form_decode(out, v.ptr, v.len);
        return 1;
    }
    return 0;
}

/*
 * ---------------------------------------------------------------------------
 * The JSON objects
 * ---------------------------------------------------------------------------
 */
static void json_error(struct sqlbuf *out, const char *s, size_t n, const curi_error *e)
{
    const char *name = curi_strerror_name(e->code), *msg = curi_strerror(e->code);
    sqlbuf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "error", name, strlen(name));
    json_member(out, "message", msg, strlen(msg));
    json_key(out, "offset");
    sqlbuf_putu(out, e->offset);
    sqlbuf_putc(out, '}');
}

int curi_sql_parse_json(struct sqlbuf *out, const char *s, size_t n, unsigned qflags)
{
    curi_uri u;
    curi_error e;
    if (curi_parse(&u, s, n, 0, &e) != CURI_OK) {
        json_error(out, s, n, &e);
        return 0;
    }
    const char *ht = curi_sql_host_type_name(u.host_type);
    sqlbuf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member_str(out, "scheme", u.scheme);
    json_member_str(out, "userinfo", u.userinfo);
    json_member_str(out, "host", u.host);
    json_member(out, "host_type", ht, ht ? strlen(ht) : 0);
    json_member_str(out, "port", u.port);
    json_member_str(out, "path", u.path);
    json_member_str(out, "query", u.query);
    json_member_str(out, "fragment", u.fragment);

    /* The path's segments, raw (a valid path is ASCII). */
    curi_cursor c;
    curi_str seg, k, v;
    json_key(out, "segments");
    sqlbuf_putc(out, '[');
    curi_segments_init(&c, u.path);
    for (int first = 1; curi_segments_next(&c, &seg); first = 0) {
        if (!first)
            sqlbuf_putc(out, ',');
        json_string(out, seg.ptr, seg.len);
    }
    sqlbuf_putc(out, ']');

    /* The query pairs form-decoded, or null without a query or when the scheme gives the
     * query a meaning of its own (curi_scheme_query_is_form). */
    const curi_scheme *si = u.scheme.ptr ? curi_scheme_find(u.scheme.ptr, u.scheme.len) : NULL;
    json_key(out, "params");
    if (u.query.ptr == NULL || !curi_scheme_query_is_form(si)) {
        sqlbuf_put(out, "null", 4);
    } else {
        struct sqlbuf tmp = {0};
        sqlbuf_putc(out, '[');
        curi_query_init(&c, u.query, qflags, NULL);
        for (int first = 1; curi_query_next(&c, &k, &v); first = 0) {
            if (!first)
                sqlbuf_putc(out, ',');
            sqlbuf_putc(out, '{');
            tmp.len = 0;
            curi_sql_form_decode(&tmp, k.ptr, k.len);
            json_member(out, "key", tmp.len ? tmp.p : "", tmp.len);
            if (v.ptr == NULL) {
                json_member(out, "value", NULL, 0);
            } else {
                tmp.len = 0;
                curi_sql_form_decode(&tmp, v.ptr, v.len);
                json_member(out, "value", tmp.len ? tmp.p : "", tmp.len);
            }
            sqlbuf_putc(out, '}');
        }
        if (tmp.oom)
            out->oom = 1;
        sqlbuf_free(&tmp);
        sqlbuf_putc(out, ']');
    }

    /* A reg-name's labels, raw; null for other hosts. */
    json_key(out, "labels");
    if (u.host_type != CURI_HOST_REGNAME) {
        sqlbuf_put(out, "null", 4);
    } else {
        const char *p = u.host.ptr, *end = p + u.host.len;
        sqlbuf_putc(out, '[');
        while (u.host.len > 0) {
            const char *dot = memchr(p, '.', (size_t)(end - p));
            const char *stop = dot ? dot : end;
            json_string(out, p, (size_t)(stop - p));
            if (dot == NULL)
                break;
            sqlbuf_putc(out, ',');
            p = dot + 1;
        }
        sqlbuf_putc(out, ']');
    }
    sqlbuf_putc(out, '}');
    return 1;
}

void curi_sql_check_json(struct sqlbuf *out, const char *s, size_t n, void (*interrupts)(void))
{
    /* The first CURI_SQL_CHECK_MAX findings in order (curi_lint keeps the smallest cap of
     * them in O(len + findings * log cap)), on the stack so that interrupts() may leave
     * by longjmp while nothing is allocated. */
    curi_finding fs[CURI_SQL_CHECK_MAX];
    size_t ends[CURI_SQL_CHECK_MAX];
    if (interrupts != NULL)
        interrupts();
    size_t total = 0;
    /* default options and a real input: curi_lint cannot refuse them (total stays 0 if so) */
    (void)curi_lint(s, n, NULL, fs, CURI_SQL_CHECK_MAX, &total, NULL);
    size_t nf = total < CURI_SQL_CHECK_MAX ? total : CURI_SQL_CHECK_MAX;
    if (interrupts != NULL)
        interrupts();
    /* Every message in one call: the input is split once, not once per finding. */
    struct sqlbuf msg = {0};
    if (nf > 0 &&
        curi_lint_messages(NULL, 0, ends, s, n, NULL, fs, nf, NULL, NULL) == CURI_ERR_NOSPACE &&
        sqlbuf_reserve(&msg, ends[nf - 1]))
        (void)curi_lint_messages(msg.p, msg.cap, ends, s, n, NULL, fs, nf, NULL, NULL);
    sqlbuf_putc(out, '{');
    json_member(out, "input", s, n);
    json_key(out, "findings");
    sqlbuf_putc(out, '[');
    for (size_t i = 0; i < nf; i++) {
        const curi_finding *f = &fs[i];
        const char *rule = curi_lint_rule_name(f->rule), *sev = curi_severity_name(f->severity);
        size_t m0 = i > 0 ? ends[i - 1] : 0;
        rule = rule ? rule : "unknown";
        sev = sev ? sev : "unknown";
        if (i > 0)
            sqlbuf_putc(out, ',');
        sqlbuf_putc(out, '{');
        json_member(out, "rule", rule, strlen(rule));
        json_member(out, "severity", sev, strlen(sev));
        json_member(out, "message", msg.oom || msg.p == NULL ? "" : msg.p + m0,
                    msg.oom || msg.p == NULL ? 0 : ends[i] - m0);
        json_key(out, "start");
        sqlbuf_putu(out, f->start);
        json_key(out, "end");
        sqlbuf_putu(out, f->end);
        sqlbuf_putc(out, '}');
    }
    sqlbuf_putc(out, ']');
    if (total > nf) {
        json_key(out, "more");
        sqlbuf_putu(out, total - nf);
    }
    sqlbuf_putc(out, '}');
    if (msg.oom)
        out->oom = 1;
    sqlbuf_free(&msg);
}

/*
 * ---------------------------------------------------------------------------
 * Errors, masks and writers
 * ---------------------------------------------------------------------------
 */
size_t curi_sql_error_text(char *dst, const curi_error *e)
{
    struct sqlbuf b = {0};
    const char *name = curi_strerror_name(e->code);
    size_t n = strlen(name);
    /* Names are at most 18 bytes and offsets at most 10 digits: 48 bytes always hold it. */
    memcpy(dst, name, n);
    dst[n++] = '@';
    sqlbuf_putu(&b, e->offset);
    if (b.p != NULL && b.len <= 20) {
        memcpy(dst + n, b.p, b.len);
        n += b.len;
    }
    sqlbuf_free(&b);
    dst[n] = '\0';
    return n;
}

unsigned curi_sql_norm_mask(const char *name, size_t len)
{
    if (name == NULL || (len == 6 && memcmp(name, "scheme", 6) == 0))
        return CURI_NORM_DEFAULT;
    if (len == 6 && memcmp(name, "syntax", 6) == 0)
        return CURI_NORM_SYNTAX;
    return 0;
}

/* out = what writer produced, sized by bound. */
#define SQL_WRITE(out, bound, call)                                                     \
    do {                                                                                \
        size_t need_ = (bound), got_ = 0;                                               \
        (out)->len = 0;                                                                 \
        if (!sqlbuf_reserve((out), need_ ? need_ : 1))                                  \
            return CURI_ERR_NOSPACE;                                                    \
        int rc_ = call;                                                                 \
        if (rc_ == CURI_OK)                                                             \
            (out)->len = got_;                                                          \
        return rc_;                                                                     \
    } while (0)

int curi_sql_normalize(struct sqlbuf *out, const curi_uri *u, unsigned mask)
{
    SQL_WRITE(out, curi_normalize_bound(u),
              curi_normalize(out->p, out->cap, &got_, u, mask, NULL));
}

int curi_sql_resolve(struct sqlbuf *out, const curi_uri *base, const curi_uri *ref)
{
    SQL_WRITE(out, curi_resolve_bound(base, ref),
              curi_resolve(out->p, out->cap, &got_, base, ref, 0, NULL));
}

int curi_sql_relative(struct sqlbuf *out, const curi_uri *base, const curi_uri *target)
{
    SQL_WRITE(out, curi_relative_bound(base, target),
              curi_relative(out->p, out->cap, &got_, base, target, 0, NULL));
}
