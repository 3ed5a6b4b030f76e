/*
 * schemes.h -- the scheme registry, inside the library.
 *
 * Every scheme the library knows is one curi_scheme: its data (name, default
 * port, flags, the documents they come from) and a table of operations that a
 * scheme may fill in.  A NULL operation means "generic RFC 3986": no grammar
 * beyond the core, no parts, normalization by the generic steps of 6.2.2 and
 * 6.2.3 only, and equivalence as "the normalized forms are equal".
 *
 * The registry (registry.c) lists the entries in name order.  A scheme or a
 * family of schemes that needs operations gets its own file in this directory
 * defining one const struct curi__scheme_ops, and registry.c points the
 * entries at it: nothing else in the library changes.  The public side is
 * opaque (curi_scheme_find, curi_scheme_at and the accessors in curi.h), so
 * fields can be added here without breaking callers.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_SCHEMES_H
#define CURI_SCHEMES_H

#include "../internal.h"

/*
 * The operations of one scheme.  All are optional.  Each runs only on a
 * reference that curi_parse accepted and whose scheme is this one, and obeys
 * the library's rules: no allocation, no recursion, linear time.
 */
struct curi__sc;

struct curi__scheme_ops {
    /*
     * The scheme's own grammar on top of RFC 3986 (check.h, curi_scheme_check):
     * CURI_OK, or curi__sc_fail's CURI_ERR_SCHEME_RULE at the first offending
     * byte with the broken rule's name ("ftp-typecode").
     */
    int (*validate)(struct curi__sc *c);
    /* The layout of curi_scheme_parts (CURI_SK_*), 0 for none, and the function that
     * fills it in (parts.c) for a reference that validate accepted. */
    int kind;
    void (*parts)(curi_scheme_parts *o, const curi_uri *u);
    /*
     * Normalization (normal.c, through curi__scheme_norm).  norm_never: the CURI_NORM_*
     * steps never applied to the scheme, whatever the mask (urn: its NSS is compared
     * octet by octet, RFC 8141 3.1); norm_off: those left out under
     * CURI_NORM_SCHEME_RULES.  Under that flag: norm_view gives u with some views replaced
     * (the scheme's equivalent forms written as one, RFC 3986 6.2.3); for a reference the
     * scheme accepts and that has no authority, norm_fold lowercases the letters its
     * canonical form folds in a written form s[0..n) in place, or norm_write writes its
     * canonical path (curi__norm_put's contract) when the form is not a fold; norm_changes
     * says whether either would change u's own bytes.  Both are given sp, u's parts as
     * curi__scheme_norm found them when it checked u, so that the grammar is read once
     * per call (a scheme with a writer has no norm_view: u is the reference checked).
     */
    unsigned norm_never, norm_off;
    const curi_uri *(*norm_view)(const curi_uri *u, curi_uri *tmp);
    void (*norm_fold)(char *s, size_t n);
    size_t (*norm_write)(char *dst, size_t n, const curi_uri *u, unsigned mask,
                         const curi_scheme_parts *sp);
    int (*norm_changes)(const curi_uri *u, const curi_scheme_parts *sp);
    /*
     * The scheme rung of curi_compare (RFC 3986 6.2.3) beyond "the normalized forms are
     * equal": equiv_view reads u as another form that names the same resource but is not
     * its canonical form (file:/p, nntp's group as news), equivalent compares two
     * references of this scheme (1 equivalent, 0 not).
     */
    const curi_uri *(*equiv_view)(const curi_uri *u, curi_uri *tmp);
    int (*equivalent)(const curi_uri *a, const curi_uri *b);
};

/* The operations of the schemes that have them, beside their registry entries
 * (registry.c), and the functions they point at: validate in check.c, check_ldap.c and
 * check_mail.c; parts in parts.c; normalization and equivalence in normal.c. */
extern const struct curi__scheme_ops curi__ops_data, curi__ops_file, curi__ops_ftp,
    curi__ops_ghelp, curi__ops_gopher, curi__ops_http, curi__ops_info, curi__ops_ldap,
    curi__ops_mailto, curi__ops_man, curi__ops_news, curi__ops_nntp, curi__ops_prospero,
    curi__ops_tel, curi__ops_telnet, curi__ops_urn, curi__ops_wais, curi__ops_whatis,
    curi__ops_ws;

int curi__check_data(struct curi__sc *c), curi__check_file(struct curi__sc *c),
    curi__check_ftp(struct curi__sc *c), curi__check_ghelp(struct curi__sc *c),
    curi__check_gopher(struct curi__sc *c), curi__check_http(struct curi__sc *c),
    curi__check_info(struct curi__sc *c), curi__check_ldap(struct curi__sc *c),
    curi__check_mailto(struct curi__sc *c), curi__check_man(struct curi__sc *c),
    curi__check_news(struct curi__sc *c), curi__check_nntp(struct curi__sc *c),
    curi__check_prospero(struct curi__sc *c), curi__check_tel(struct curi__sc *c),
    curi__check_telnet(struct curi__sc *c), curi__check_urn(struct curi__sc *c),
    curi__check_wais(struct curi__sc *c), curi__check_whatis(struct curi__sc *c),
    curi__check_ws(struct curi__sc *c);

void curi__parts_data(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_file(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_ftp(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_gopher(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_http(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_info(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_ldap(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_mailto(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_man(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_news(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_nntp(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_path_and_fragment(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_prospero(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_tel(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_telnet(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_urn(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_wais(curi_scheme_parts *o, const curi_uri *u),
    curi__parts_ws(curi_scheme_parts *o, const curi_uri *u);

const curi_uri *curi__nview_file(const curi_uri *u, curi_uri *tmp),
    *curi__nview_gopher(const curi_uri *u, curi_uri *tmp),
    *curi__nview_news(const curi_uri *u, curi_uri *tmp),
    *curi__nview_ldap(const curi_uri *u, curi_uri *tmp),
    *curi__eview_file(const curi_uri *u, curi_uri *tmp),
    *curi__eview_nntp(const curi_uri *u, curi_uri *tmp);
void curi__fold_urn(char *s, size_t n), curi__fold_mailto(char *s, size_t n);
size_t curi__write_tel(char *dst, size_t n, const curi_uri *u, unsigned mask,
                       const curi_scheme_parts *sp),
    curi__write_data(char *dst, size_t n, const curi_uri *u, unsigned mask,
                     const curi_scheme_parts *sp);
int curi__changes_urn(const curi_uri *u, const curi_scheme_parts *sp),
    curi__changes_mailto(const curi_uri *u, const curi_scheme_parts *sp),
    curi__changes_tel(const curi_uri *u, const curi_scheme_parts *sp),
    curi__changes_data(const curi_uri *u, const curi_scheme_parts *sp);
int curi__equiv_data(const curi_uri *a, const curi_uri *b),
    curi__equiv_file(const curi_uri *a, const curi_uri *b),
    curi__equiv_info(const curi_uri *a, const curi_uri *b),
    curi__equiv_ldap(const curi_uri *a, const curi_uri *b),
    curi__equiv_mailto(const curi_uri *a, const curi_uri *b),
    curi__equiv_tel(const curi_uri *a, const curi_uri *b),
    curi__equiv_urn(const curi_uri *a, const curi_uri *b);

/*
 * What normalize.c asks of the scheme layer (normal.c), each after one registry lookup:
 * u, whose scheme's entry is si, as the scheme's normalization reads it under *mask
 * (which loses the steps the scheme leaves out), with *own its operations when its
 * canonical form is a fold or a writer of its own (else NULL) and then, when sp is not
 * NULL, *sp u's parts from the same check (for own's norm_write and norm_changes); u as
 * the scheme rung of curi_compare reads it; and that rung's own equivalence of a and b (0
 * when they are not of one scheme, or it has none).
 */
const curi_uri *curi__scheme_norm(const curi_scheme *si, const curi_uri *u, unsigned *mask,
                                  curi_uri *tmp, const struct curi__scheme_ops **own,
                                  curi_scheme_parts *sp);
/* *out as curi_scheme_parts_get fills it for u, whose scheme's entry is si, once u is
 * known to keep its scheme's rules (parts.c). */
void curi__scheme_parts_fill(curi_scheme_parts *out, const curi_scheme *si, const curi_uri *u);
const curi_uri *curi__scheme_equiv_view(const curi_uri *u, curi_uri *tmp);
int curi__scheme_equivalent(const curi_uri *a, const curi_uri *b);
/* How a data URI's media type m is written in normalized form: 0 not at all (it is RFC
 * 2397's default), 2 with "text/plain" put before its parameters (it has no type), 1 as it
 * is (with its type, parameter names and charset value lowercased). */
int curi__data_media(curi_str m);
/* 1 when a data URI's media type parameter name is "charset", whose value is compared and
 * written without regard to case (RFC 2046 4.1.2). */
int curi__data_ci_value(curi_str name);
/* tel parameters (the path after its first ';'): 1 when normalization puts them in RFC 3966
 * 3's order (at most 32, each name once); the first one after *after in that order (after
 * NULL: the first), 0 when there is none. */
int curi__tel_sortable(curi_str params);
int curi__tel_next_param(curi_str params, const curi_str *after, curi_str *out);
/* curi_scheme_check for a scheme already looked up (NULL: not known): CURI_OK when it has
 * no grammar of its own (check.c). */
int curi__scheme_check_si(const curi_scheme *si, const curi_uri *u, curi_error *err,
                          const char **rule);

/* The name packed big-endian into 64 bits, so that keys sort as names do: lookups compare
 * integers (a name longer than 8 bytes keys on its first 8, then compares the rest). */
#define KEY(a, b, c, d, e, f, g, h)                                                       \
    ((uint64_t)(a) << 56 | (uint64_t)(b) << 48 | (uint64_t)(c) << 40 | (uint64_t)(d) << 32 | \
     (uint64_t)(e) << 24 | (uint64_t)(f) << 16 | (uint64_t)(g) << 8 | (uint64_t)(h))

/* The longest name in the registry (javascript). */
#define CURI__SCHEME_NAME_MAX 10

/* The flags of curi_scheme_flags (curi.h), and the library's own beside them. */
#define CURI__SCHEME_PUBLIC_FLAGS 0xFFFFu
enum {
    CURI__SCHEME_LOCAL_FILE = 0x10000,   /* names a file on the machine that reads it (file) */
    CURI__SCHEME_LINE_SELECTOR = 0x20000 /* the path goes to the server as a raw line, so an
                                            encoded CR or LF there ends it (gopher) */
};

/* The index of an entry (curi_scheme_at(curi__scheme_index(s)) == s). */
size_t curi__scheme_index(const curi_scheme *s);

struct curi_scheme {
    const char *name;   /* lowercase */
    uint64_t key;       /* the name's first eight bytes packed big-endian (registry.c KEY) */
    uint8_t len;        /* strlen(name), at most CURI__SCHEME_NAME_MAX */
    int32_t default_port; /* -1: none */
    uint32_t flags;     /* CURI_SCHEME_* and CURI__SCHEME_* */
    const char *source; /* the documents each value comes from */
    const struct curi__scheme_ops *ops; /* NULL: generic RFC 3986 */
};

/* The registry's table and perfect hash (registry.c, tools/gen_scheme_hash.py), read by the
 * lookups below, which are inline because every normalization and lint call makes one. */
extern CURI__HIDDEN const uint64_t curi__scheme_hash_mul;
extern CURI__HIDDEN const unsigned curi__scheme_hash_shift, curi__scheme_count;
extern CURI__HIDDEN const uint8_t *const curi__scheme_slots;
extern CURI__HIDDEN const struct curi_scheme *const curi__scheme_table;

/* The entry whose name is s[0..len), its first eight bytes packed into key (lowercase), or
 * NULL: one probe of the perfect hash, then the length, and the bytes past the eighth. */
CURI__INLINE const curi_scheme *curi__scheme_find_key(uint64_t key, const char *s, size_t len)
{
    unsigned i = curi__scheme_slots[(key * curi__scheme_hash_mul) >> curi__scheme_hash_shift];
    const curi_scheme *e = &curi__scheme_table[i < curi__scheme_count ? i : 0];

    if (i >= curi__scheme_count || e->key != key || e->len != len) {
        return NULL;
    }
    for (size_t j = 8; j < len; j++) {
        if (curi__lower((unsigned char)s[j]) != (unsigned char)e->name[j]) {
            return NULL;
        }
    }
    return e;
}

/* curi_scheme_find for a reference's scheme s[0..len): reads s[0..len) and nothing else,
 * since the view may be anywhere (curi_set puts each part in a buffer of its own).  The key
 * is the first eight bytes packed big-endian, from at most two loads of four bytes (or
 * three single bytes) that stay inside the name, the same bytes being read twice when the
 * loads overlap; the compilers turn each into a load and a byte swap.  A scheme's bytes
 * are letters, digits, '+', '-' and '.', all of which have the 0x20 bit but the capitals,
 * so OR-ing it lowercases; the entry found is then held to curi_scheme_find's answer (a
 * byte whose 0x20 bit the OR set must be a letter's: the names' letters, and only they,
 * have the 0x40 bit), so that a hand-built view with other bytes finds what it would there. */
CURI__INLINE uint32_t curi__be32(const unsigned char *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

CURI__INLINE const curi_scheme *curi__scheme_find_scheme(const char *s, size_t len)
{
    const unsigned char *b = (const unsigned char *)s;
    const curi_scheme *e;
    uint64_t raw, fold;

    if (s == NULL || len == 0 || len > CURI__SCHEME_NAME_MAX) {
        return NULL;
    }
    if (len >= 8) {
        raw = (uint64_t)curi__be32(b) << 32 | curi__be32(b + 4);
        fold = UINT64_C(0x2020202020202020);
    } else {
        if (len >= 4) {
            raw = (uint64_t)curi__be32(b) << 32 | (uint64_t)curi__be32(b + len - 4)
                                                       << (8 * (8 - len));
        } else {
            raw = (uint64_t)b[0] << 56 | (uint64_t)b[len / 2] << (56 - 8 * (len / 2)) |
                  (uint64_t)b[len - 1] << (56 - 8 * (len - 1));
        }
        fold = UINT64_C(0x2020202020202020) << (8 * (8 - len)); /* the len high bytes */
    }
    e = curi__scheme_find_key(raw | fold, s, len);
    if (e == NULL || ((raw ^ e->key) & ~(e->key >> 1) & fold) != 0) {
        return NULL;
    }
    return e;
}

/* The entry of u's scheme, or NULL (no scheme, or not in the registry). */
CURI__INLINE const curi_scheme *curi__scheme_of(const curi_uri *u)
{
    return curi__scheme_find_scheme(u->scheme.ptr, u->scheme.len);
}

#endif /* CURI_SCHEMES_H */
