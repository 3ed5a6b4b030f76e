/*
 * lint_core.h -- what every file of src/lint/ stands on (lint_core.c): the lenient split of
 * every input (lint-rules.md section 1.2 and 1.3), the scheme and port tables (1.10), the
 * finding sink and the message helpers.  The rule groups are declared in rules.h.  Never
 * installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_LINT_CORE_H
#define CURI_LINT_CORE_H

#include "../internal.h"
#include "../schemes/schemes.h"

/* A piece of the input: [at, end), present or not. */
typedef struct curi__piece {
    size_t at, end;
    int on;
} curi__piece;

/* Byte i lies in the present piece p. */
static inline int curi__lint_in_piece(const curi__piece *p, size_t i)
{
    return p->on && i >= p->at && i < p->end;
}

/* Host kinds (1.4). */
enum {
    CURI__LH_NONE,    /* no authority */
    CURI__LH_EMPTY,   /* authority with an empty host */
    CURI__LH_LITERAL, /* begins with '[' and ends with ']' */
    CURI__LH_BRACKET, /* begins with '[' without a closing ']' (neither literal nor reg-name) */
    CURI__LH_IPV4,    /* IPv4address */
    CURI__LH_REGNAME
};


/* The lenient split of s[0..n) and what the rules ask of it more than once. */
typedef struct curi__split {
    curi__piece scheme, authority, userinfo, host, port, path, query, fragment;
    int host_kind;
    /* An IP literal: inside = [host.at + 1, host.end - 1), addr = inside up to its first
     * '%' (addr_end); ip6_ok when addr is an IPv6address, its value in ip6. */
    size_t addr_end;
    int ip6_ok;
    unsigned char ip6[16];
    unsigned char ip4[4]; /* the host's value when host_kind is CURI__LH_IPV4 */
    int web;         /* scheme in WEB: http https ws wss */
    long dflt;       /* DEFAULTS[scheme], or -1 */
    int hostreq;     /* scheme in HOSTREQ */
    int file, gopher; /* the scheme is file, gopher */
    int dangerous;    /* the registry calls the scheme CURI_SCHEME_DANGEROUS: its index
                         (curi_scheme_at) plus one, else 0 */
    int listed;       /* the scheme is a name of these tables: none has a '.' or is
                         "localhost", so none is HOSTLIKE (1.9) */
    int mailto;       /* the registry's layout of the scheme is CURI_SK_MAILTO: the query is
                         RFC 6068 hfields */
} curi__split;

void curi__lint_split(curi__split *sp, const char *s, size_t n);
/* The same split read off an input curi_parse accepted (u: its views into s). */
void curi__lint_split_uri(curi__split *sp, const char *s, const curi_uri *u);

/* The whole input's limit of long-component (1.12). */
#define CURI__LINT_MAX_INPUT 8000u

/* The run of one curi_lint call. */
typedef struct curi__lint {
    const char *s;
    size_t n;
    unsigned flags;
    uint32_t disabled[2];
    const curi_lint_port *ports;
    size_t nports;
    curi__split sp;
    int parsed_ok;     /* curi_parse accepted the input (so: no raw control, space,
                          backslash, non-ASCII byte or malformed '%' anywhere) */
    size_t bad_at;     /* the offset curi_parse failed at, n when it accepted the input */
    int has_pct;       /* the input holds a '%' */
    curi_finding *out; /* a max-heap of the cap smallest findings so far */
    size_t cap, count, kept;
} curi__lint;

/* Report rule over [start, end) with detail (ignored when the rule is disabled). */
void curi__lint_emit(curi__lint *c, int rule, size_t start, size_t end, uint32_t detail);
/* At the end of a run: c->out[0, kept) sorted by start, rule, end. */
void curi__lint_sort(curi__lint *c);

/* The owners of a well-known port: the entry, or NULL. */
const curi_lint_port *curi__lint_port_entry(const curi__lint *c, unsigned long port);
/* HOSTLIKE(s) of section 1.9. */
int curi__lint_hostlike(const char *p, size_t n);
/* The mailto hfield names RFC 6068 6 lets a handler set: to, cc, bcc, subject, body,
 * in-reply-to, keywords, references (lint-rules.md section 3, rule 41). */
enum { CURI__HF_OTHER, CURI__HF_BODY, CURI__HF_ALLOWED };
/* The hfname s[a, b) percent-decoded, ASCII case ignored: CURI__HF_BODY for "body",
 * CURI__HF_ALLOWED for another allowed name, else CURI__HF_OTHER. */
int curi__lint_hfname(const char *s, size_t a, size_t b);
/* pct-encoded at p (p < end, *p == '%'): the octet, or -1 (a malformed '%'). */
int curi__lint_triplet(const char *p, const char *end);

/* Message helpers: text, the input bytes [a, b), a number. */
static inline void curi__lint_puts(curi__out *o, const char *t)
{
    curi__put(o, t, strlen(t));
}
void curi__lint_put_num(curi__out *o, unsigned long v);
void curi__lint_put_hex2(curi__out *o, unsigned v); /* two uppercase hex digits */

#endif /* CURI_LINT_CORE_H */
