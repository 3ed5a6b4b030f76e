/*
 * json.c -- JSON strings, members and the parse and check objects (json.h says what each
 * writes).  SPDX-License-Identifier: MIT
 */
#include <stdint.h>

#include "json.h"

static const char hexdig[] = "0123456789abcdef";

/* One piece of json_string: s[0..n) escaped after the reserve of its worst case. */
static int json_piece(struct buf *b, const char *s, size_t n)
{
    size_t got = 0;
    int exact = 1;
    if (!buf_reserve(b, 6 * n + 1))
        return 1;
    if (curi_escape_display(b->p + b->len, b->cap - b->len, &got, s, n,
                            CURI_ESCAPE_JSON | CURI_ESCAPE_STRICT, NULL) == CURI_ERR_UTF8) {
        /* Rare: write it again with U+FFFD for what is not UTF-8. */
        exact = 0;
        (void)curi_escape_display(b->p + b->len, b->cap - b->len, &got, s, n, CURI_ESCAPE_JSON,
                                  NULL);
    }
    b->len += got;
    return exact;
}

/* json_string for a long string, or one that is not UTF-8: in pieces. */
int json_string_pieces(struct buf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    int exact = 1;
    size_t i = 0;
    buf_putc(b, '"');
    /* The buffer never grows by 6n at once. */
    while (n - i > JSON_PIECE) {
        size_t stop = i + JSON_PIECE;
        /* End the piece before a UTF-8 sequence that would straddle it (3 bytes at most
         * before stop); stray continuation bytes are not UTF-8 wherever the cut falls. */
        for (size_t k = 0; k < 3 && (p[stop] & 0xC0) == 0x80; k++)
            stop--;
        if ((p[stop] & 0xC0) == 0x80)
            stop = i + JSON_PIECE;
        exact &= json_piece(b, s + i, stop - i);
        i = stop;
    }
    exact &= json_piece(b, s + i, n - i);
    buf_putc(b, '"');
    return exact;
}

void json_hex_twin(struct buf *b, const char *key, const char *s, size_t n)
{
    buf_putc(b, ',');
    buf_putc(b, '"');
    buf_puts(b, key);
    buf_put(b, "_hex\":\"", 7);
    if (!buf_reserve(b, 2 * n + 1))
        return;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        b->p[b->len++] = hexdig[c >> 4];
        b->p[b->len++] = hexdig[c & 15];
    }
    buf_putc(b, '"');
}

const char *json_host_type_name(int host_type)
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

void json_parse_error_object(struct buf *out, const char *s, size_t n, const curi_error *e)
{
    const char *name = curi_strerror_name(e->code), *msg = curi_strerror(e->code);
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "error", name, strlen(name));
    json_member(out, "message", msg, strlen(msg));
    json_key(out, "offset");
    buf_putu(out, e->offset);
    buf_putc(out, '}');
}

/*
 * "key":"value" as json_member writes it, and the offsets in out of the escaped value
 * (between its quotes) in *at and *end; both out->len when the value is NULL.
 */
JSON_INLINE void json_member_at(struct buf *out, const char *key, curi_str v, size_t *at,
                                size_t *end)
{
    json_key(out, key);
    if (v.ptr == NULL) {
        buf_put(out, "null", 4);
        *at = *end = out->len;
        return;
    }
    *at = out->len + 1;
    int exact = json_string(out, v.ptr, v.len);
    *end = out->len > *at ? out->len - 1 : *at;
    if (!exact)
        json_hex_twin(out, key, v.ptr, v.len);
}

/*
 * ,"key":["...",...]: the escaped text out->p[at..end) split at sep (after one leading sep
 * when skip_lead), each piece a string; none for an empty text.  Escaping writes each byte
 * or character on its own and '/' and '.' as they are, so the pieces of the escaped text
 * are the escaped pieces: the path's segments as curi_segments_next gives them, a
 * reg-name's labels.  A separator becomes "," between quotes; the bytes between are copied
 * eight at a time while no separator is among them (segments and labels are short: a call
 * of memchr and of memcpy per piece cost more than the bytes).
 */
static void json_pieces(struct buf *out, const char *key, size_t at, size_t end, char sep,
                        int skip_lead)
{
    size_t n = end - at;
    json_key(out, key);
    /* n bytes, and per piece (n + 1 at most) two quotes and a comma, the brackets, and the
     * 7 bytes a word copy may write past the end */
    if (!buf_reserve(out, 4 * n + 14))
        return;
    const char *p = out->p + at, *e = out->p + end;
    /* Words are read only below lim: bytes this function did not write, all initialised
     * (the key just written follows the text, so most of a text goes by words). */
    const char *lim = out->p + out->len;
    char *o = out->p + out->len;
    *o++ = '[';
    if (n > 0) {
        if (skip_lead && *p == sep)
            p++;
        *o++ = '"';
        while (p < e) {
#if defined(__GNUC__) || defined(__clang__)
            if (lim - p >= 8) {
                const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
                uint64_t w, x;
                memcpy(&w, p, 8);
                x = w ^ (ones * (unsigned char)sep);
                /* The lowest byte of x that is 0 (p's first sep) shows as its top bit; bits
                 * above it may be wrong, and are not used. */
                x = (x - ones) & ~x & high;
                size_t k = x ? (size_t)__builtin_ctzll(x) / 8 : 8;
                if (k > (size_t)(e - p))
                    k = (size_t)(e - p);
                memcpy(o, &w, 8); /* the room: 4n + 14 */
                o += k;
                p += k;
                if (p == e)
                    break;
                if (k == 8)
                    continue;
            }
#endif
            if (*p == sep) {
                o[0] = '"';
                o[1] = ',';
                o[2] = '"';
                o += 3;
            } else {
                *o++ = *p;
            }
            p++;
        }
        *o++ = '"';
    }
    *o++ = ']';
    out->len = (size_t)(o - out->p);
}

/* "name":"..." with s[0..n) form-decoded ('+' a space, a stray '%' itself) through tmp. */
static void json_form_member(struct buf *out, const char *name, curi_str s, struct buf *tmp)
{
    size_t got = 0;
    tmp->len = 0;
    if (s.len > 0 && buf_reserve(tmp, s.len) &&
        curi_pct_decode(tmp->p, tmp->cap, &got, s.ptr, s.len,
                        CURI_DECODE_PLUS | CURI_DECODE_LENIENT, NULL) != CURI_OK)
        got = 0; /* never happens: lenient decoding fails on nothing and never grows */
    json_member(out, name, got ? tmp->p : "", got);
}

/* ,"params":[{"key":K,"value":V},...] decoded as form data, or null without a query. */
static void json_params(struct buf *out, curi_str query, unsigned qflags, struct buf *tmp)
{
    curi_cursor c;
    curi_str k, v;
    json_key(out, "params");
    if (query.ptr == NULL) {
        buf_put(out, "null", 4);
        return;
    }
    buf_putc(out, '[');
    curi_query_init(&c, query, qflags, NULL);
    for (int first = 1; curi_query_next(&c, &k, &v); first = 0) {
        if (!first)
            buf_putc(out, ',');
        buf_putc(out, '{');
        json_form_member(out, "key", k, tmp);
        if (v.ptr == NULL)
            json_member(out, "value", NULL, 0);
        else
            json_form_member(out, "value", v, tmp);
        buf_putc(out, '}');
    }
    buf_putc(out, ']');
}

/*
 * A component of the input in, written as json_member_at writes it.  When verbatim (the
 * input needed no escape), the component, which lies inside it, needs none either: its
 * bytes are copied between quotes without a second look.  A component outside the input
 * (never, for a curi_uri parsed from it) takes the escaping path.
 */
JSON_INLINE void json_component(struct buf *out, const char *key, curi_str v, curi_str in,
                                int verbatim, size_t *at, size_t *end)
{
    uintptr_t p = (uintptr_t)v.ptr, s = (uintptr_t)in.ptr;
    if (verbatim && v.ptr != NULL && p >= s && v.len <= in.len - (p - s)) {
        json_key(out, key);
        if (!buf_reserve(out, v.len + 2))
            return;
        char *o = out->p + out->len;
        o[0] = '"';
        if (v.len > 0)
            memcpy(o + 1, v.ptr, v.len);
        o[v.len + 1] = '"';
        *at = out->len + 1;
        *end = *at + v.len;
        out->len += v.len + 2;
        return;
    }
    json_member_at(out, key, v, at, end);
}

void json_parse_open(struct buf *out, const char *s, size_t n, const curi_uri *u, unsigned qflags,
                     struct buf *tmp)
{
    const char *ht = json_host_type_name(u->host_type);
    const curi_str in = {s, n};
    size_t in_at, in_end, at, end, host_at = 0, host_end = 0, path_at = 0, path_end = 0;
    buf_putc(out, '{');
    json_member_at(out, "input", in, &in_at, &in_end);
    /* Escaping lengthens every byte it changes and copies the rest: an input whose escaped
     * text is as long as itself is written as it is, and so is each of its components. */
    const int verbatim = in_end - in_at == n && !out->oom;
    json_component(out, "scheme", u->scheme, in, verbatim, &at, &end);
    json_component(out, "userinfo", u->userinfo, in, verbatim, &at, &end);
    json_component(out, "host", u->host, in, verbatim, &host_at, &host_end);
    json_member(out, "host_type", ht, ht ? strlen(ht) : 0);
    json_component(out, "port", u->port, in, verbatim, &at, &end);
    json_component(out, "path", u->path, in, verbatim, &path_at, &path_end);
    json_component(out, "query", u->query, in, verbatim, &at, &end);
    json_component(out, "fragment", u->fragment, in, verbatim, &at, &end);
    /* The path's segments, cut from its escaped text (json_pieces says why that is exact). */
    json_pieces(out, "segments", path_at, path_end, '/', 1);
    /* The scheme may give its query a meaning of its own (curi_scheme_query_is_form): asked
     * only when there is a query, since without one params is null either way. */
    curi_str q = {NULL, 0};
    if (u->query.ptr != NULL) {
        const curi_scheme *si =
            u->scheme.ptr ? curi_scheme_find(u->scheme.ptr, u->scheme.len) : NULL;
        if (curi_scheme_query_is_form(si))
            q = u->query;
    }
    json_params(out, q, qflags, tmp);
    /* A reg-name's labels ("" has none); null for other hosts. */
    if (u->host_type == CURI_HOST_REGNAME) {
        json_pieces(out, "labels", host_at, host_end, '.', 0);
    } else {
        json_key(out, "labels");
        buf_put(out, "null", 4);
    }
}

void json_finding(struct buf *out, int first, const curi_finding *f, const char *msg, size_t mlen)
{
    const char *rule = curi_lint_rule_name(f->rule), *sev = curi_severity_name(f->severity);
    rule = rule ? rule : "unknown";
    sev = sev ? sev : "unknown";
    if (!first)
        buf_putc(out, ',');
    buf_putc(out, '{');
    json_member(out, "rule", rule, strlen(rule));
    json_member(out, "severity", sev, strlen(sev));
    json_member(out, "message", msg, mlen);
    json_key(out, "start");
    buf_putu(out, f->start);
    json_key(out, "end");
    buf_putu(out, f->end);
    buf_putc(out, '}');
}

void json_url_members(struct buf *out, const curi_url *u)
{
    char origin[4096];
    size_t olen = 0;
    struct buf ob = {0};
    const char *op = origin;
    if (curi_url_origin(origin, sizeof origin, &olen, u, NULL) != CURI_OK) {
        size_t need = olen;
        buf_reserve(&ob, need);
        curi_url_origin(ob.p, need, &olen, u, NULL);
        op = ob.p;
    }
    json_member_str(out, "href", u->href);
    json_member(out, "origin", op, olen);
    json_member_str(out, "protocol", u->protocol);
    json_member_str(out, "username", u->username);
    json_member_str(out, "password", u->password);
    json_member_str(out, "host", u->host);
    json_member_str(out, "hostname", u->hostname);
    json_member_str(out, "port", u->port);
    json_member_str(out, "pathname", u->pathname);
    json_member_str(out, "search", u->search);
    json_member_str(out, "hash", u->hash);
    buf_free(&ob);
}
