/*
 * filepath.c -- file: URIs to and from local paths (RFC 8089, with Appendix E for Windows
 * drive letters and UNC paths): curi_path_to_uri and curi_uri_to_path.
 *
 * Both directions are one pass that counts every byte it would write and writes it only
 * while it fits, so the writer contract of curi.h holds (NOSPACE gives the exact length).
 * Invariant: every byte but NUL survives the round trip, because from-path encodes every
 * byte a segment may not hold as it is ('%' included) and to-path decodes every triplet
 * except the ones that would change the path's structure (%2F, and %5C for Windows) or
 * end it (%00), which it refuses.  No allocation, no recursion, linear time.
 * SPDX-License-Identifier: MIT
 */
#include "../internal.h"

#define CURI__PATH_FLAGS CURI_PATH_WINDOWS

static const char hexdigits[16] = {'0', '1', '2', '3', '4', '5', '6', '7',
                                   '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

/* The output: bytes go to dst while they fit in cap; n counts them all. */
typedef struct wout {
    char *dst;
    size_t cap, n;
} wout;

static void put(wout *w, char c)
{
    if (w->n < w->cap) {
        w->dst[w->n] = c;
    }
    /* Past CURI_MAX_LEN the count stops (curi__wend says TOO_LONG), so it cannot wrap. */
    if (w->n <= CURI_MAX_LEN) {
        w->n++;
    }
}

static void puts_n(wout *w, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        put(w, s[i]);
    }
}

/* c as it may stand in a segment (cls = CURI__PCHAR) or a reg-name, else "%HH". */
static void put_enc(wout *w, unsigned char c, unsigned cls)
{
    if (curi__is(c, cls)) {
        put(w, (char)c);
    } else {
        put(w, '%');
        put(w, hexdigits[c >> 4]);
        put(w, hexdigits[c & 15]);
    }
}

static int is_sep(char c, int windows)
{
    return c == '/' || (windows && c == '\\');
}

static int is_alpha(char c)
{
    return curi__is((unsigned char)c, CURI__ALPHA);
}

/* ASCII case-insensitive s[0..n) == lit (lit lowercase). */
static int ieq(const char *s, size_t n, const char *lit)
{
    size_t k = strlen(lit);
    if (n != k) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (curi__lower((unsigned char)s[i]) != (unsigned char)lit[i]) {
            return 0;
        }
    }
    return 1;
}

/*
 * The segments of p[0..n), separated by '/' (and '\' for Windows), written with '/'
 * between them and each byte a segment may not hold as "%HH".  NUL is PATH_NUL.
 */
static int put_segments(wout *w, const char *base, const char *p, size_t n, int windows,
                        curi_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\0') {
            return curi__fail(err, CURI_ERR_PATH_NUL, (size_t)(p + i - base));
        }
        if (is_sep(p[i], windows)) {
            put(w, '/');
        } else {
            put_enc(w, (unsigned char)p[i], CURI__PCHAR);
        }
    }
    return CURI_OK;
}

/*
 * POSIX:   path-absolute              ->  "file://" path
 * Windows: ALPHA ":" sep rest         ->  "file:///" ALPHA ":/" rest      (App. E.2)
 *          sep sep host sep share ... ->  "file://" host "/" share ...   (App. E.3)
 */
CURI__INLINE int path_to_uri(wout *w, const char *s, size_t len, unsigned flags, curi_error *err)
{
    int windows = (flags & CURI_PATH_WINDOWS) != 0;
    const char *base = s;
    int unc = 0;

    if (!windows) {
        if (len == 0 || s[0] != '/') {
            return curi__fail(err, CURI_ERR_PATH_RELATIVE, 0);
        }
        puts_n(w, "file://", 7);
        return put_segments(w, s, s, len, 0, err);
    }
    /*
     * Win32 namespaces (Microsoft, "Naming Files, Paths, and Namespaces"): "\\?\" only turns
     * off the path's parsing, so "\\?\C:\x" is the file C:\x and "\\?\UNC\s\sh\x" is
     * \\s\sh\x; "\\.\" names a device (a pipe, a disk), which no file: URI names: PATH_UNC.
     */
    if (len >= 4 && is_sep(s[0], 1) && is_sep(s[1], 1) && (s[2] == '?' || s[2] == '.') &&
        is_sep(s[3], 1)) {
        if (s[2] == '.') {
            return curi__fail(err, CURI_ERR_PATH_UNC, 2);
        }
        if (len >= 8 && ieq(s + 4, 3, "unc") && is_sep(s[7], 1)) {
            s += 8; /* "\\?\UNC\s\sh" is "\\s\sh": the host starts here */
            len -= 8;
            unc = 1;
        } else {
            s += 4;
            len -= 4;
            if (!(len >= 3 && is_alpha(s[0]) && s[1] == ':' && is_sep(s[2], 1))) {
                return curi__fail(err, CURI_ERR_PATH_UNC, 2);
            }
        }
    }
    if (len >= 3 && is_alpha(s[0]) && s[1] == ':' && is_sep(s[2], 1)) {
        puts_n(w, "file:///", 8);
        put(w, s[0]);
        put(w, ':');
        return put_segments(w, base, s + 2, len - 2, 1, err);
    }
    if (unc || (len >= 2 && is_sep(s[0], 1) && is_sep(s[1], 1))) {
        size_t h = unc ? 0 : 2, e = h, share;
        while (e < len && !is_sep(s[e], 1)) {
            e++;
        }
        /* \\host\share: a host (not this machine's name for itself, nor "." or "?",
         * the device and raw namespaces) and a share. */
        share = e + 1;
        if (e == h || ieq(s + h, e - h, "localhost") ||
            (e - h == 1 && (s[h] == '.' || s[h] == '?'))) {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(s + h - base));
        }
        if (share >= len || is_sep(s[share], 1)) {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(s - base) + (e == len ? len : share));
        }
        puts_n(w, "file://", 7);
        for (size_t i = h; i < e; i++) {
            if (s[i] == '\0') {
                return curi__fail(err, CURI_ERR_PATH_NUL, (size_t)(s + i - base));
            }
            put_enc(w, (unsigned char)s[i], CURI__REGNAME);
        }
        return put_segments(w, base, s + e, len - e, 1, err);
    }
    return curi__fail(err, CURI_ERR_PATH_RELATIVE, 0);
}

size_t curi_path_to_uri_bound(size_t len)
{
    return curi__bound(len > (CURI_MAX_LEN - 8) / 3 ? CURI_MAX_LEN : 8 + 3 * len);
}

int curi_path_to_uri(char *dst, size_t cap, size_t *outlen, const char *path, size_t len,
                     unsigned flags, curi_error *err)
{
    wout w = {dst, cap, 0};
    int rc;

    if (!curi__wbegin(dst, cap, outlen, 1) || (path == NULL && len > 0) ||
        (flags & ~(unsigned)CURI__PATH_FLAGS) != 0) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (len > CURI_MAX_LEN) {
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    }
    rc = path_to_uri(&w, path, len, flags, err);
    if (rc != CURI_OK) {
        return curi__wend(rc, 0, outlen, err);
    }
    return curi__wend(w.n > cap ? CURI_ERR_NOSPACE : CURI_OK, w.n, outlen, err);
}

/*
 * Decode p[0..n) (a path, or a reg-name host) into w, '/' written as sep: "%00" is
 * PATH_NUL, an encoded separator ("%2F"; Windows "%5C" too) PATH_ENCODED_SLASH.  The
 * input passed curi_parse, so every '%' starts a triplet.
 */
static int put_decoded(wout *w, const char *base, const char *p, size_t n, char sep,
                       int windows, curi_error *err)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '/') {
            put(w, sep);
            continue;
        }
        if (c == '%' && curi__is_pct(p + i, p + n)) {
            c = (unsigned char)(curi__hexval((unsigned char)p[i + 1]) * 16 +
                                curi__hexval((unsigned char)p[i + 2]));
            if (c == 0) {
                return curi__fail(err, CURI_ERR_PATH_NUL, (size_t)(p + i - base));
            }
            if (c == '/' || (windows && c == '\\')) {
                return curi__fail(err, CURI_ERR_PATH_ENCODED_SLASH, (size_t)(p + i - base));
            }
            i += 2;
        }
        put(w, (char)c);
    }
    return CURI_OK;
}

/* Is the reg-name host h empty or, once decoded, "localhost" in any case? */
static int host_is_local(const curi_uri *u)
{
    const char *lit = "localhost";
    size_t k = 0;

    if (u->host_type != CURI_HOST_REGNAME) {
        return 0;
    }
    for (size_t i = 0; i < u->host.len; i++) {
        unsigned char c = (unsigned char)u->host.ptr[i];
        if (c == '%' && curi__is_pct(u->host.ptr + i, u->host.ptr + u->host.len)) {
            c = (unsigned char)(curi__hexval((unsigned char)u->host.ptr[i + 1]) * 16 +
                                curi__hexval((unsigned char)u->host.ptr[i + 2]));
            i += 2;
        }
        if (k == 9 || curi__lower(c) != (unsigned char)lit[k]) {
            return 0;
        }
        k++;
    }
    return k == 0 || k == 9;
}

/* Is the reg-name host, once decoded, "." or "?" (Win32's "\\.\" and "\\?\" prefixes)? */
static int host_is_dot_or_query(const curi_uri *u)
{
    const char *h = u->host.ptr;
    size_t n = u->host.len;
    int c = -1;

    if (u->host_type != CURI_HOST_REGNAME) {
        return 0;
    }
    if (n == 1) {
        c = (unsigned char)h[0];
    } else if (n == 3 && curi__is_pct(h, h + 3)) {
        c = curi__hexval((unsigned char)h[1]) * 16 + curi__hexval((unsigned char)h[2]);
    }
    return c == '.' || c == '?';
}

/*
 * The drive at the start of p[0..n): ALPHA ":" or ALPHA "%7C" (App. E.2.2's "|",
 * encoded), followed by '/'.  Returns the length of the letter and its colon (2 or 4),
 * or 0 when p does not start with a drive and a '/'.
 */
static size_t drive_len(const char *p, size_t n)
{
    if (n >= 3 && is_alpha(p[0]) && p[1] == ':' && p[2] == '/') {
        return 2;
    }
    if (n >= 5 && is_alpha(p[0]) && p[1] == '%' && p[2] == '7' && (p[3] == 'C' || p[3] == 'c') &&
        p[4] == '/') {
        return 4;
    }
    return 0;
}

CURI__INLINE int uri_to_path(wout *w, const char *s, size_t len, unsigned flags, curi_error *err)
{
    int windows = (flags & CURI_PATH_WINDOWS) != 0;
    curi_uri u;
    int rc = curi_parse(&u, s, len, 0, err);
    const char *p;
    size_t n;

    if (rc != CURI_OK) {
        return rc;
    }
    if (u.scheme.ptr == NULL || !ieq(u.scheme.ptr, u.scheme.len, "file")) {
        return curi__fail(err, CURI_ERR_PATH_SCHEME, 0);
    }
    if (u.userinfo.ptr != NULL) {
        return curi__fail(err, CURI_ERR_PATH_AUTHORITY, (size_t)(u.userinfo.ptr - s));
    }
    if (u.port.ptr != NULL) {
        return curi__fail(err, CURI_ERR_PATH_AUTHORITY, (size_t)(u.port.ptr - 1 - s));
    }
    if (u.query.ptr != NULL) {
        return curi__fail(err, CURI_ERR_PATH_QUERY, (size_t)(u.query.ptr - 1 - s));
    }
    if (u.fragment.ptr != NULL) {
        return curi__fail(err, CURI_ERR_PATH_FRAGMENT, (size_t)(u.fragment.ptr - 1 - s));
    }
    p = u.path.ptr;
    n = u.path.len;
    if (u.host.ptr != NULL && !host_is_local(&u)) {
        if (!windows) {
            return curi__fail(err, CURI_ERR_PATH_HOST, (size_t)(u.host.ptr - s));
        }
        /* App. E.3: file://host/share/x is \\host\share\x; the share may not be empty.  A
         * host "." or "?" (after decoding) is no server: \\.\ and \\?\ are Win32's device
         * and raw namespaces (file://./pipe/x would be the pipe \\.\pipe\x). */
        if (host_is_dot_or_query(&u)) {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(u.host.ptr - s));
        }
        if (n < 2 || p[1] == '/') {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(p - s));
        }
        put(w, '\\');
        put(w, '\\');
        if (u.host_type == CURI_HOST_REGNAME) {
            rc = put_decoded(w, s, u.host.ptr, u.host.len, '\\', 1, err);
            if (rc != CURI_OK) {
                return rc;
            }
        } else {
            puts_n(w, u.host.ptr, u.host.len); /* an IP address, as written */
        }
        return put_decoded(w, s, p, n, '\\', 1, err);
    }
    if (!windows) {
        /* path-absolute (after "file:" or an authority); "file:a" and "file://" are not. */
        if (n == 0 || p[0] != '/') {
            return curi__fail(err, CURI_ERR_PATH_RELATIVE, (size_t)(p - s));
        }
        return put_decoded(w, s, p, n, '/', 0, err);
    }
    /* App. E.2: "/C:/x" (after "file:" or a local authority) or "C:/x" (right after "file:"). */
    {
        size_t skip = (n > 0 && p[0] == '/') ? 1 : 0;
        size_t d = drive_len(p + skip, n - skip);
        if (d == 0) {
            return curi__fail(err, CURI_ERR_PATH_DRIVE, (size_t)(p - s));
        }
        put(w, p[skip]);
        put(w, ':');
        return put_decoded(w, s, p + skip + d, n - skip - d, '\\', 1, err);
    }
}

size_t curi_uri_to_path_bound(size_t len)
{
    return curi__bound(len);
}

int curi_uri_to_path(char *dst, size_t cap, size_t *outlen, const char *uri, size_t len,
                     unsigned flags, curi_error *err)
{
    wout w = {dst, cap, 0};
    int rc;

    if (!curi__wbegin(dst, cap, outlen, 1) || (uri == NULL && len > 0) ||
        (flags & ~(unsigned)CURI__PATH_FLAGS) != 0) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (len > CURI_MAX_LEN) {
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    }
    rc = uri_to_path(&w, uri, len, flags, err);
    if (rc != CURI_OK) {
        return curi__wend(rc, 0, outlen, err);
    }
    return curi__wend(w.n > cap ? CURI_ERR_NOSPACE : CURI_OK, w.n, outlen, err);
}
