/*
 * rules_pct.c -- the percent-encoding rules of curi_lint, 30-35 (lint-rules.md section 2.7),
 * over the triplet scan and decoded runs of section 1.5: one left-to-right pass over the
 * whole input.  Each triplet is judged on its own (pct-nul, pct-crlf, pct-control (a) and
 * (b), pct-double-encoded, pct-unreserved) and fed to a UTF-8 reader of its decoded run
 * (pct-control (c), pct-invalid-utf8, reported when the run ends).
 *
 * The detail of each finding:
 *   pct-nul             0
 *   pct-crlf            the octet, 0x0D or 0x0A
 *   pct-control         the code point: the octet (0x01-0x1F, 0x7F) for (a) and (b), the
 *                       decoded code point (U+0080 and up) for (c)
 *   pct-invalid-utf8    reason << 24 | value: the reason of the run's first ill-formed
 *                       sequence (U8_*), and for an overlong form the value it encodes
 *   pct-double-encoded  the octet of the two hex digits after %25 (what a second decoding yields)
 *   pct-unreserved      the octet
 *
 * Messages write every {HH} as two uppercase hex digits (one placeholder, one spelling, as in
 * syntax-invalid's 0x{HH}), whatever the case of the input's digits.
 *
 * pct-invalid-utf8 follows RFC 3629 / Unicode Table 3-7.  The reason of an ill-formed
 * sequence: a lead F5-FF is "beyond U+10FFFF" at once; a byte 80-BF where a lead is expected
 * is a "stray continuation byte"; after a lead C2-F4 (and C0, C1), fewer continuation bytes
 * than it announces before the run ends or another byte comes is "truncated"; ED A0-BF is a
 * "surrogate" and F4 90-BF "beyond U+10FFFF" at the second byte; a complete sequence of
 * lead C0/C1, E0 80-9F or F0 80-8F is an "overlong form of" the value it spells (so a lone
 * %C0 is truncated: the character of its overlong form does not exist yet).  The value is
 * quoted as 'c' when it is a printable ASCII character (0x21-0x7E) and written U+XXXX
 * otherwise (%C0%80 is an overlong form of U+0000).
 *
 * pct-control (c) decodes each run as UTF-8, skipping every ill-formed byte (the code
 * points found are the same as with maximal-subpart skipping), and reports the C1 controls,
 * U+2028, U+2029 and every Default_Ignorable_Code_Point (lint-rules.md section 3, 0.3; the
 * table is generated from DerivedCoreProperties.txt by tools/gen_unitab.py).  Names are the
 * Unicode character names (U+FEFF is ZERO WIDTH NO-BREAK SPACE, its name; "BYTE ORDER MARK" is an
 * alias); the C1 controls have no character name and read "U+0085 control", and the
 * default-ignorables unitab.c names none (variation selectors, tags, unassigned) read
 * "U+E0001 default-ignorable".
 * SPDX-License-Identifier: MIT
 */
#include "rules.h"
#include "../unitab.h"

/* The reasons of pct-invalid-utf8, in the detail's top byte. */
enum { U8_OVERLONG = 1, U8_SURROGATE, U8_BEYOND, U8_TRUNCATED, U8_STRAY };

/* The code points of pct-control (c) beyond the C1 controls: every Default_Ignorable_Code_Point
 * (U+061C, U+200B-200F, U+202A-202E, U+2060-206F, U+FEFF among them: the generated table of
 * unitab.c) and the line and paragraph separators; the C1 controls and U+0080-009F. */
static int cp_listed(uint32_t cp)
{
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || curi__uni_ignorable(cp);
}

/* A listed code point's name: the Unicode character name where unitab.c has it, NULL for a
 * C1 control, "default-ignorable" for the rest (variation selectors, tags, unassigned). */
static const char *cp_name(uint32_t cp)
{
    const char *name;

    if (cp == 0x2028) {
        return "LINE SEPARATOR";
    }
    if (cp == 0x2029) {
        return "PARAGRAPH SEPARATOR";
    }
    if (cp <= 0x9F) {
        return NULL;
    }
    name = curi__uni_di_name(cp);
    return name != NULL ? name : "default-ignorable";
}

/* The UTF-8 reader of one decoded run. */
typedef struct u8run {
    size_t at, end;  /* the run so far: [at, end) */
    size_t seq;      /* where the sequence being read starts */
    uint32_t cp;     /* its bits so far */
    unsigned need;   /* continuation bytes still expected (0: a lead is expected) */
    unsigned lo, hi; /* the range of the next continuation byte (Table 3-7) */
    unsigned char lead;
    int overlong;    /* the sequence is an overlong form */
    uint32_t bad;    /* the first ill-formed sequence's detail, 0 if none */
} u8run;

static void u8_bad(u8run *r, unsigned reason, uint32_t value)
{
    if (r->bad == 0) {
        r->bad = (uint32_t)reason << 24 | value;
    }
}

/* A lead byte b (of the triplet at p). */
static void u8_lead(u8run *r, unsigned b, size_t p)
{
    r->seq = p;
    r->lead = (unsigned char)b;
    r->overlong = (b == 0xC0 || b == 0xC1);
    r->lo = 0x80;
    r->hi = 0xBF;
    if (b < 0x80) {
        r->need = 0;
    } else if (b < 0xC0) {
        u8_bad(r, U8_STRAY, 0);
    } else if (b < 0xE0) {
        r->need = 1;
        r->cp = b & 0x1F;
    } else if (b < 0xF0) {
        r->need = 2;
        r->cp = b & 0x0F;
        r->lo = (b == 0xE0) ? 0xA0 : 0x80;
        r->hi = (b == 0xED) ? 0x9F : 0xBF;
    } else if (b < 0xF5) {
        r->need = 3;
        r->cp = b & 0x07;
        r->lo = (b == 0xF0) ? 0x90 : 0x80;
        r->hi = (b == 0xF4) ? 0x8F : 0xBF;
    } else {
        u8_bad(r, U8_BEYOND, 0);
    }
}

/* The octet b of the triplet at p, which continues the run r. */
static void u8_byte(curi__lint *c, u8run *r, unsigned b, size_t p)
{
    r->end = p + 3;
    if (r->need == 0) {
        u8_lead(r, b, p);
        return;
    }
    if (b < 0x80 || b > 0xBF) {
        u8_bad(r, U8_TRUNCATED, 0);
        r->need = 0;
        u8_lead(r, b, p);
        return;
    }
    if (b < r->lo || b > r->hi) {
        /* only at the second byte: E0 and F0 spell an overlong form, ED and F4 go too far */
        if (r->lead == 0xE0 || r->lead == 0xF0) {
            r->overlong = 1;
        } else {
            u8_bad(r, r->lead == 0xED ? U8_SURROGATE : U8_BEYOND, 0);
            r->need = 0;
            return;
        }
    }
    r->cp = r->cp << 6 | (b & 0x3F);
    r->lo = 0x80;
    r->hi = 0xBF;
    if (--r->need > 0) {
        return;
    }
    if (r->overlong) {
        u8_bad(r, U8_OVERLONG, r->cp);
    } else if (cp_listed(r->cp)) {
        curi__lint_emit(c, CURI_LINT_PCT_CONTROL, r->seq, p + 3, r->cp);
    }
}

/* The run r ends. */
static void u8_end(curi__lint *c, u8run *r)
{
    if (r->need > 0) {
        u8_bad(r, U8_TRUNCATED, 0);
    }
    if (r->bad != 0) {
        curi__lint_emit(c, CURI_LINT_PCT_INVALID_UTF8, r->at, r->end, r->bad);
    }
}

/*
 * The mailto hfield holding the triplets as the scan meets them, left to right: [at, next),
 * next the '&' after it or the query's end; body when its decoded name is "body" (then eq
 * is its '='). Each field is read once: linear over the whole scan.
 */
typedef struct hfcursor {
    size_t at, next, eq;
    int valid, body;
} hfcursor;

/* Whether byte i lies in the value of a mailto body hfield. */
static int in_mailto_body(const curi__lint *c, hfcursor *h, size_t i)
{
    const curi__split *sp = &c->sp;
    const char *s = c->s;

    if (!sp->mailto || !curi__lint_in_piece(&sp->query, i)) {
        return 0;
    }
    while (!h->valid || i >= h->next) {
        size_t a = h->valid ? h->next + 1 : sp->query.at;
        const char *amp = memchr(s + a, '&', sp->query.end - a);
        const char *eq;
        h->at = a;
        h->next = amp ? (size_t)(amp - s) : sp->query.end;
        eq = memchr(s + a, '=', h->next - a);
        h->eq = eq ? (size_t)(eq - s) : h->next;
        h->body = eq != NULL && curi__lint_hfname(s, a, h->eq) == CURI__HF_BODY;
        h->valid = 1;
    }
    return h->body && i > h->eq;
}

/* The rules of one triplet at i with octet v; mbody: it lies in a mailto body's value. */
static void triplet(curi__lint *c, size_t i, unsigned v, int mbody)
{
    const curi__split *sp = &c->sp;
    const char *s = c->s;

    if (v == 0x00) {
        curi__lint_emit(c, CURI_LINT_PCT_NUL, i, i + 3, 0);
    } else if (mbody && ((v == 0x0D && i + 3 < c->n && s[i + 3] == '%' &&
                          curi__lint_triplet(s + i + 3, s + c->n) == 0x0A) ||
                         (v == 0x0A && i >= 3 && s[i - 3] == '%' &&
                          curi__lint_triplet(s + i - 3, s + c->n) == 0x0D))) {
        /* %0D%0A is how RFC 6068 5 writes a line break in a mailto body: nothing to report */
    } else if (v == 0x0D || v == 0x0A) {
        int webqf = sp->web && (curi__lint_in_piece(&sp->query, i) || curi__lint_in_piece(&sp->fragment, i));
        curi__lint_emit(c, webqf ? CURI_LINT_PCT_CONTROL : CURI_LINT_PCT_CRLF, i, i + 3, v);
    } else if (v < 0x20 || v == 0x7F) {
        if (!(v == 0x09 && sp->gopher && curi__lint_in_piece(&sp->path, i))) {
            curi__lint_emit(c, CURI_LINT_PCT_CONTROL, i, i + 3, v);
        }
    } else if (v == 0x25) {
        if (c->n - i >= 5 && curi__is((unsigned char)s[i + 3], CURI__HEX) &&
            curi__is((unsigned char)s[i + 4], CURI__HEX)) {
            curi__lint_emit(c, CURI_LINT_PCT_DOUBLE_ENCODED, i, i + 5,
                            curi__pct_octet(s + i + 2));
        }
    } else if (curi__is((unsigned char)v, CURI__UNRESERVED)) {
        curi__lint_emit(c, CURI_LINT_PCT_UNRESERVED, i, i + 3, v);
    }
}

void curi__lint_pct(curi__lint *c)
{
    const char *s = c->s, *end = s + c->n;
    size_t i = 0;
    u8run r;
    hfcursor h;
    int open = 0;

    memset(&h, 0, sizeof h);
    if (!c->has_pct) {
        return; /* every rule here is about a triplet */
    }

    memset(&r, 0, sizeof r);
    while (i < c->n) {
        const char *pct = memchr(s + i, '%', c->n - i);
        int v;
        if (pct == NULL) {
            break;
        }
        i = (size_t)(pct - s);
        v = curi__lint_triplet(pct, end);
        if (v < 0) {
            i++; /* a malformed '%' (pct-malformed is another group's) */
            continue;
        }
        if (open && r.end != i) {
            u8_end(c, &r);
            open = 0;
        }
        if (!open) {
            memset(&r, 0, sizeof r);
            r.at = i;
            open = 1;
        }
        triplet(c, i, (unsigned)v, in_mailto_body(c, &h, i));
        u8_byte(c, &r, (unsigned)v, i);
        i += 3;
    }
    if (open) {
        u8_end(c, &r);
    }
}

/* ------------------------------------------------------------------ messages */

/* U+XXXX (four hex digits at least). */
static void put_u(curi__out *o, uint32_t cp)
{
    curi__lint_puts(o, "U+");
    if (cp > 0xFFFF) {
        unsigned hi = (unsigned)(cp >> 16);
        if (hi > 0xF) {
            curi__lint_put_hex2(o, hi & 0xFF);
        } else {
            char d = curi__hexdigit(hi);
            curi__put(o, &d, 1);
        }
    }
    curi__lint_put_hex2(o, (unsigned)(cp >> 8) & 0xFF);
    curi__lint_put_hex2(o, (unsigned)cp & 0xFF);
}

/* Template t with each \1 the octet v as two hex digits and each \2 the character v. */
static void put_tmpl(curi__out *o, const char *t, uint32_t v)
{
    char ch = (char)(v & 0x7F);

    for (; *t != '\0'; t++) {
        if (*t == '\1') {
            curi__lint_put_hex2(o, (unsigned)v & 0xFF);
        } else {
            curi__put(o, *t == '\2' ? &ch : t, 1);
        }
    }
}

int curi__lint_pct_msg(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    static const char *const reasons[] = {"", "", "surrogate", "beyond U+10FFFF", "truncated",
                                          "stray continuation byte"};
    uint32_t d = f->detail;

    (void)c;
    switch (f->rule) {
    case CURI_LINT_PCT_NUL:
        curi__lint_puts(o, "encoded NUL: C back ends truncate at it (a%00.txt becomes a)");
        return 1;
    case CURI_LINT_PCT_CRLF:
        curi__lint_puts(o, d == 0x0A ? "encoded LF" : "encoded CR");
        curi__lint_puts(o, ": decoded before it reaches a line-based protocol (SMTP, FTP, IMAP, "
                           "Redis, HTTP headers) it starts a new command");
        return 1;
    case CURI_LINT_PCT_CONTROL:
        curi__lint_puts(o, "encoded ");
        if (d < 0x80) {
            curi__lint_puts(o, "control 0x");
            curi__lint_put_hex2(o, (unsigned)d);
        } else {
            const char *name = cp_name(d);
            put_u(o, d);
            curi__lint_puts(o, " ");
            curi__lint_puts(o, name != NULL ? name : "control");
        }
        curi__lint_puts(o, ": invisible or control text once decoded (log, terminal and display "
                           "spoofing)");
        return 1;
    case CURI_LINT_PCT_INVALID_UTF8: {
        unsigned reason = (unsigned)(d >> 24);
        uint32_t value = d & 0xFFFFFFu;
        curi__lint_puts(o, "encoded octets are not UTF-8 (");
        if (reason == U8_OVERLONG) {
            curi__lint_puts(o, "overlong form of ");
            if (value >= 0x21 && value <= 0x7E) {
                put_tmpl(o, "'\2'", value);
            } else {
                put_u(o, value);
            }
        } else {
            curi__lint_puts(o, reasons[reason < 6 ? reason : U8_TRUNCATED]);
        }
        curi__lint_puts(o, "); a lenient decoder may turn them into '/', '.' or '\\'");
        return 1;
    }
    case CURI_LINT_PCT_DOUBLE_ENCODED:
        put_tmpl(o, "'%25\1' decodes to '%\1': a second decoding step yields octet 0x\1", d);
        return 1;
    case CURI_LINT_PCT_UNRESERVED:
        put_tmpl(o, "'%\1' is the unreserved character '\2': needless encoding, equivalent to "
                    "'\2' (filters comparing strings miss it)", d);
        return 1;
    default:
        return 0;
    }
}
