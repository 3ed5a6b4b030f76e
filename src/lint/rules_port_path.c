/*
 * rules_port_path.c -- the port and path rules of curi_lint (lint-rules.md 2.6 and 2.8):
 * 26-29 port-out-of-range, port-other-protocol, port-non-default, port-not-canonical;
 * 36-39 path-encoded-delimiter, path-dot-above-root, path-dot-with-params,
 * path-ambiguous-authority.  One pass over the port and one over the path (plus the
 * right-to-left dot walk of dots.c for 39): linear, no allocation.
 *
 * The detail of each finding (what curi_lint_message needs beyond the span and the split):
 *   port-out-of-range         0 (the message quotes the port as written: the span)
 *   port-other-protocol       the port's value (1-65535)
 *   port-non-default          the port's value (1-65535); the default comes from the split
 *   port-not-canonical        PORT_EMPTY, PORT_ZERO or PORT_DEFAULT (the reason)
 *   path-encoded-delimiter    the octet of the triplet ('/', '\', '?', '#'), or '.' for a
 *                             segment that is a dot segment only after decode-dots
 *   path-dot-above-root       0
 *   path-dot-with-params      0 (the message quotes the segment: the span)
 *   path-ambiguous-authority  0
 * SPDX-License-Identifier: MIT
 */
#include "rules.h"

/* The reasons of port-not-canonical, in the order the trigger lists them (a port with a
 * leading zero whose value is the default, "080" for http, gets the leading-zero reason). */
enum { PORT_EMPTY, PORT_ZERO, PORT_DEFAULT };

/* ------------------------------------------------------------------ port (2.6) */

/* 1 when the space-separated word list has the scheme s[0..k), ASCII case-insensitively
 * (the scheme as the input spells it, so a scheme of any length is compared). */
static int owns_port(const char *list, const char *s, size_t k)
{
    const char *w = list;

    if (list == NULL) {
        return 0;
    }
    for (;;) {
        const char *p = w;
        size_t i = 0;
        while (*p != ' ' && *p != '\0' && i < k &&
               (unsigned char)*p == curi__lower((unsigned char)s[i])) {
            p++;
            i++;
        }
        if (i == k && (*p == ' ' || *p == '\0')) {
            return 1;
        }
        while (*p != ' ' && *p != '\0') {
            p++;
        }
        if (*p == '\0') {
            return 0;
        }
        w = p + 1;
    }
}

static void port_rules(curi__lint *c)
{
    const curi__split *sp = &c->sp;
    const char *s = c->s;
    size_t a = sp->port.at, b = sp->port.end;
    unsigned long v;
    unsigned pv;

    if (!sp->port.on) {
        return;
    }
    if (a == b) {
        curi__lint_emit(c, CURI_LINT_PORT_NOT_CANONICAL, a - 1, a, PORT_EMPTY);
        return;
    }
    /* port = *DIGIT, its value saturated above 65535 (curi__port_digits, as curi_parse) */
    if (curi__port_digits(s + a, b - a, &pv) != b - a) {
        return; /* a non-digit: only syntax-invalid judges it */
    }
    v = pv;
    if (v == 0 || v > 65535) {
        curi__lint_emit(c, CURI_LINT_PORT_OUT_OF_RANGE, a, b, 0);
    } else {
        int other = 0;
        if (sp->scheme.on && (sp->dflt < 0 || v != (unsigned long)sp->dflt)) {
            const curi_lint_port *e = curi__lint_port_entry(c, v);
            other = e != NULL && !owns_port(e->schemes, s + sp->scheme.at,
                                            sp->scheme.end - sp->scheme.at);
        }
        if (other) {
            curi__lint_emit(c, CURI_LINT_PORT_OTHER_PROTOCOL, a, b, (uint32_t)v);
        } else if (sp->dflt >= 0 && v != (unsigned long)sp->dflt) {
            curi__lint_emit(c, CURI_LINT_PORT_NON_DEFAULT, a, b, (uint32_t)v);
        }
    }
    if (b - a >= 2 && s[a] == '0') {
        curi__lint_emit(c, CURI_LINT_PORT_NOT_CANONICAL, a, b, PORT_ZERO);
    } else if (sp->dflt >= 0 && v == (unsigned long)sp->dflt) {
        curi__lint_emit(c, CURI_LINT_PORT_NOT_CANONICAL, a, b, PORT_DEFAULT);
    }
}

/* ------------------------------------------------------------------ path (2.8) */

/*
 * The segment s[a..e) after decode-dots (1.5): the number of '.' it starts with (1 or 2;
 * 3 stands for three or more, 0 for none), counting "%2E"/"%2e" as a '.', with *after the
 * offset of the byte that follows them and *enc set when one of them was encoded.
 */
static int lead_dots(const char *s, size_t a, size_t e, size_t *after, int *enc)
{
    int k = 0;

    *enc = 0;
    while (a < e && k < 3) {
        if (s[a] == '.') {
            a += 1;
        } else if (e - a >= 3 && s[a] == '%' && s[a + 1] == '2' && (s[a + 2] | 0x20) == 'e') {
            a += 3;
            *enc = 1;
        } else {
            break;
        }
        k++;
    }
    *after = a;
    return k;
}

static void path_rules(curi__lint *c)
{
    const curi__split *sp = &c->sp;
    const char *s = c->s;
    size_t p0 = sp->path.at, pe = sp->path.end, a = p0, depth = 0;
    int rooted = (p0 < pe && s[p0] == '/'), climbed = 0;

    /* Without '%' and a segment that starts with '.', no segment is or hides a dot segment
     * and nothing is encoded: only 39 can fire, when the path itself starts with "//".
     * (CURI__LINT_SCALAR walks on.) */
    if (!c->has_pct && !(c->flags & CURI__LINT_SCALAR)) {
        const char *d = (p0 < pe) ? memchr(s + p0, '.', pe - p0) : NULL;
        while (d != NULL && d > s + p0 && d[-1] != '/') {
            d = (d + 1 < s + pe) ? memchr(d + 1, '.', (size_t)(s + pe - d - 1)) : NULL;
        }
        if (d == NULL) {
            if (!sp->authority.on && pe - p0 >= 2 && s[p0] == '/' && s[p0 + 1] == '/') {
                curi__lint_emit(c, CURI_LINT_PATH_AMBIGUOUS_AUTHORITY, p0, pe, 0);
            }
            return;
        }
    }

    /* Each segment [a, e): the pieces of the path split on '/'. */
    while (a <= pe) {
        const char *slash = (a < pe) ? memchr(s + a, '/', pe - a) : NULL;
        size_t e = (slash != NULL) ? (size_t)(slash - s) : pe, after;
        int enc, k = lead_dots(s, a, e, &after, &enc);
        int dot = (k == 1 || k == 2) && after == e; /* "." or ".." after decode-dots */

        /* 36 (a): an encoded '/', '\', '?' or '#' (a triplet never holds a raw '/') */
        for (const char *q = (a < e) ? memchr(s + a, '%', e - a) : NULL; q != NULL;
             q = (q + 1 < s + e) ? memchr(q + 1, '%', (size_t)(s + e - q - 1)) : NULL) {
            int o = curi__lint_triplet(q, s + e);
            if (o == '/' || o == '\\' || o == '?' || o == '#') {
                size_t at = (size_t)(q - s);
                curi__lint_emit(c, CURI_LINT_PATH_ENCODED_DELIMITER, at, at + 3, (uint32_t)o);
            }
        }
        /* 36 (b): a dot segment in disguise */
        if (dot && enc) {
            curi__lint_emit(c, CURI_LINT_PATH_ENCODED_DELIMITER, a, e, '.');
        }
        /* 38: ".;" or "..;", the ';' also as %3B (0.3: decoded like the dots) */
        if ((k == 1 || k == 2) && after < e &&
            (s[after] == ';' || (s[after] == '%' && curi__lint_triplet(s + after, s + e) == ';'))) {
            curi__lint_emit(c, CURI_LINT_PATH_DOT_WITH_PARAMS, a, e, 0);
        }
        /* 37: the segments after the leading '/' of a rooted path */
        if (rooted && a > p0) {
            if (dot && k == 2) {
                if (depth == 0 && !climbed) {
                    climbed = 1;
                    curi__lint_emit(c, CURI_LINT_PATH_DOT_ABOVE_ROOT, a, e, 0);
                }
                depth -= (depth > 0);
            } else if (!dot) {
                depth++;
            }
        }
        a = e + 1;
    }
    /* 39: without authority, remove_dot_segments(decode-dots(path)) starts with "//"
     * (curi__dots_measure's dslash: the leftmost surviving element is an empty '/'-led
     * segment and another element follows it, exactly 5.2.4's output starting "//"). */
    if (!sp->authority.on && pe - p0 >= 2) {
        curi__dots it;
        curi__dots_init(&it, s + p0, pe - p0, s + pe, 0, CURI__DOTS_PCT);
        if (curi__dots_measure(&it).dslash) {
            curi__lint_emit(c, CURI_LINT_PATH_AMBIGUOUS_AUTHORITY, p0, pe, 0);
        }
    }
}

void curi__lint_port_path(curi__lint *c)
{
    port_rules(c);
    path_rules(c);
}

/* ------------------------------------------------------------------ messages */

/* The input bytes [a, b), clipped to the input (a finding may come from anywhere). */
static void put_clipped(curi__out *o, const curi__lint *c, size_t a, size_t b)
{
    b = (b < c->n) ? b : c->n;
    a = (a < b) ? a : b;
    curi__put(o, c->s + a, b - a);
}

/* before, the finding's span as written, after. */
static void around_span(curi__out *o, const curi__lint *c, const curi_finding *f,
                        const char *before, const char *after)
{
    curi__lint_puts(o, before);
    put_clipped(o, c, f->start, f->end);
    curi__lint_puts(o, after);
}

/* The port's value: its digits after the leading zeros (the span is the port). */
static void put_lint_value(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    size_t z = f->start, b = (f->end < c->n) ? f->end : c->n;

    while (z + 1 < b && c->s[z] == '0') {
        z++;
    }
    put_clipped(o, c, z, b);
}

int curi__lint_port_path_msg(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    const curi__split *sp = &c->sp;
    static const char *const reasons[] = {"empty", "leading zero, read as octal by some parsers",
                                          "the scheme default"};

    switch (f->rule) {
    case CURI_LINT_PORT_OUT_OF_RANGE:
        around_span(o, c, f, "port ",
                    " is outside 1-65535; code that stores it in 16 or 32 bits connects to a "
                    "different port");
        return 1;
    case CURI_LINT_PORT_OTHER_PROTOCOL: {
        /* The protocol: from the options' table when the caller passed one (the built-in
         * table's otherwise); "another protocol" for a port the table does not list. */
        const curi_lint_port *e = curi__lint_port_entry(c, f->detail);
        const char *proto = (e != NULL && e->protocol != NULL) ? e->protocol : "another protocol";
        curi__lint_puts(o, "port ");
        put_lint_value(o, c, f);
        curi__lint_puts(o, " belongs to ");
        curi__lint_puts(o, proto);
        curi__lint_puts(o, ", not ");
        put_clipped(o, c, sp->scheme.at, sp->scheme.end);
        curi__lint_puts(o, ": the request's content can be read as ");
        curi__lint_puts(o, proto);
        curi__lint_puts(o, " commands");
        return 1;
    }
    case CURI_LINT_PORT_NON_DEFAULT:
        curi__lint_puts(o, "non-default port ");
        put_lint_value(o, c, f);
        curi__lint_puts(o, " for ");
        put_clipped(o, c, sp->scheme.at, sp->scheme.end);
        curi__lint_puts(o, " (default ");
        curi__lint_put_num(o, sp->dflt >= 0 ? (unsigned long)sp->dflt : 0);
        curi__lint_puts(o, ")");
        return 1;
    case CURI_LINT_PORT_NOT_CANONICAL:
        curi__lint_puts(o, "port '");
        if (f->detail != PORT_EMPTY) {
            put_clipped(o, c, f->start, f->end);
        }
        curi__lint_puts(o, "' is not in canonical form (");
        curi__lint_puts(o, reasons[f->detail <= PORT_DEFAULT ? f->detail : PORT_DEFAULT]);
        curi__lint_puts(o, "); normalization removes it");
        return 1;
    case CURI_LINT_PATH_ENCODED_DELIMITER: {
        char ch = (char)(f->detail & 0xFF);
        curi__lint_puts(o, "encoded '");
        curi__put(o, &ch, 1);
        curi__lint_puts(o, "' in the path (or a dot segment in disguise): a server that decodes "
                           "before splitting sees another path");
        return 1;
    }
    case CURI_LINT_PATH_DOT_ABOVE_ROOT:
        curi__lint_puts(o, "'..' climbs above the root: RFC 3986 clamps it, file-system back "
                           "ends may not");
        return 1;
    case CURI_LINT_PATH_DOT_WITH_PARAMS:
        around_span(o, c, f, "'",
                    "' is an ordinary segment in RFC 3986 but a dot segment for servers that "
                    "strip ';' parameters (Tomcat-style traversal)");
        return 1;
    case CURI_LINT_PATH_AMBIGUOUS_AUTHORITY:
        curi__lint_puts(o, "after dot-segment removal this path starts with '//', which "
                           "reparses as an authority; serialize it as '/.//\xE2\x80\xA6'");
        return 1;
    default:
        return 0;
    }
}
