/*
 * recompose.c -- component recomposition (RFC 3986 section 5.3).
 * Joins the parts of a curi_uri back into a reference.  The authority is built
 * from userinfo, host and port, so edited parts show.
 * Invariant: for every curi_uri curi_parse produced, the output is the parsed
 * input byte for byte; components that could not parse back are refused with
 * CURI_ERR_STRUCTURE before anything is written.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/* a + b, saturating, so a bound never wraps on a 32-bit size_t. */
#define add_sat curi__add_sat

/* Length of an optional component plus its delimiter(s), 0 when absent. */
static size_t part_len(curi_str s, size_t delim)
{
    return (s.ptr == NULL) ? 0 : add_sat(s.len, delim);
}

size_t curi_recompose_bound(const curi_uri *u)
{
    size_t n;

    if (u == NULL) {
        return 0;
    }
    /* ":", "//", "@", ":", "?", "#": seven delimiter bytes at most. */
    n = add_sat(u->scheme.len, 7);
    n = add_sat(n, u->userinfo.len);
    n = add_sat(n, u->host.len);
    n = add_sat(n, u->port.len);
    n = add_sat(n, u->path.len);
    n = add_sat(n, u->query.len);
    return curi__bound(add_sat(n, u->fragment.len));
}

/* The rules of check_structure, in its order; curi_structure_rule names them. */
static const char *const structure_rules[] = {
    "an empty scheme cannot be written",
    "a userinfo or port needs a host",
    "a path starting with '//' needs an authority",
    "a relative-path reference's first segment cannot contain ':'",
    "a path beside an authority must be empty or start with '/'",
};

/*
 * The conditions under which the 5.3 output would not parse back to u.
 * Returns -1 when u fits together, or the index in structure_rules[] of the
 * first rule it breaks, with *at = the offset in the output where the
 * conflict shows (path_at is where the path will be written).
 */
static int check_structure(const curi_uri *u, size_t path_at, size_t *at)
{
    const char *path = u->path.ptr;
    size_t plen = (path == NULL) ? 0 : u->path.len;

    /* An empty present scheme would write ":..." which parses as a path. */
    if (u->scheme.ptr != NULL && u->scheme.len == 0) {
        *at = 0;
        return 0;
    }
    if (u->host.ptr == NULL) {
        /* authority = [ userinfo "@" ] host [ ":" port ]: no host, no authority. */
        if (u->userinfo.ptr != NULL || u->port.ptr != NULL) {
            *at = path_at;
            return 1;
        }
        /* path-absolute = "/" [ segment-nz ... ]: "//" would open an authority. */
        if (plen >= 2 && path[0] == '/' && path[1] == '/') {
            *at = path_at;
            return 2;
        }
        /* path-noscheme: a relative-path's first segment may not contain ":". */
        if (u->scheme.ptr == NULL && plen > 0 && path[0] != '/') {
            for (size_t i = 0; i < plen && path[i] != '/'; i++) {
                if (path[i] == ':') {
                    *at = path_at + i;
                    return 3;
                }
            }
        }
    } else if (plen > 0 && path[0] != '/') {
        /* hier-part = "//" authority path-abempty: the path must start with "/". */
        *at = path_at;
        return 4;
    }
    return -1;
}

const char *curi_structure_rule(const curi_uri *u)
{
    size_t at;
    int rule;
    if (u == NULL)
        return NULL;
    rule = check_structure(u, 0, &at);
    return rule < 0 ? NULL : structure_rules[rule];
}

int curi_authority(char *dst, size_t cap, size_t *outlen, const curi_uri *u, curi_error *err)
{
    size_t need = 0;

    if (!curi__wbegin(dst, cap, outlen, 1) || u == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (u->host.ptr != NULL) {
        need = add_sat(part_len(u->userinfo, 1), add_sat(u->host.len, part_len(u->port, 1)));
    }
    if (need > cap || need > CURI_MAX_LEN) {
        return curi__wend(CURI_ERR_NOSPACE, need, outlen, err);
    }
    if (u->host.ptr != NULL) {
        curi__out o = {dst, cap, 0};
        curi__put_authority(&o, u);
    }
    return curi__wend(CURI_OK, need, outlen, err);
}

/*
 * 5.3 Component Recomposition:
 *   result = ""
 *   if defined(scheme)    then append scheme to result; append ":" to result;
 *   if defined(authority) then append "//"; append authority;
 *   append path to result;
 *   if defined(query)     then append "?"; append query;
 *   if defined(fragment)  then append "#"; append fragment;
 * with authority = [ userinfo "@" ] host [ ":" port ]  (3.2).
 */
int curi_recompose(char *dst, size_t cap, size_t *outlen, const curi_uri *u, curi_error *err)
{
    size_t need = 0;
    size_t path_at;
    size_t at = 0;
    curi__out o = {dst, cap, 0};

    if (!curi__wbegin(dst, cap, outlen, 1) || u == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    /* Measure first: the structure error offsets and the writer contract need it. */
    need = part_len(u->scheme, 1);
    if (u->host.ptr != NULL) {
        need = add_sat(need, 2 + u->host.len);
        need = add_sat(need, part_len(u->userinfo, 1));
        need = add_sat(need, part_len(u->port, 1));
    }
    /* Without a host this is also where "//" would go: the place to blame a stray port. */
    path_at = need;
    if (u->path.ptr != NULL) {
        need = add_sat(need, u->path.len);
    }
    need = add_sat(need, part_len(u->query, 1));
    need = add_sat(need, part_len(u->fragment, 1));

    if (check_structure(u, path_at, &at) >= 0) {
        return curi__fail(err, CURI_ERR_STRUCTURE, at);
    }
    if (need > CURI_MAX_LEN || need > cap) {
        return curi__wend(CURI_ERR_NOSPACE, need, outlen, err);
    }

    if (u->scheme.ptr != NULL) {
        curi__put(&o, u->scheme.ptr, u->scheme.len);
        curi__put(&o, ":", 1);
    }
    if (u->host.ptr != NULL) {
        curi__put(&o, "//", 2);
        curi__put_authority(&o, u);
    }
    if (u->path.ptr != NULL) {
        curi__put(&o, u->path.ptr, u->path.len);
    }
    curi__put_tail(&o, u->query, u->fragment);
    return curi__wend(CURI_OK, need, outlen, err);
}
