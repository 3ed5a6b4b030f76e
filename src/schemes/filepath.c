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

#define CURI__PATH_FLAGS (CURI_PATH_WINDOWS | CURI_PATH_DRIVE_BAR)

/* c into w (the library's bounded sink, a byte at a time); past CURI_MAX_LEN the count stops
 * (curi__wend says TOO_LONG), so that it cannot wrap where size_t has 32 bits (a path may
 * triple when encoded). */
static void wput(curi__out *w, char c)
{
    if (w->len < w->cap) {
        w->dst[w->len] = c;
    }
    if (w->len <= CURI_MAX_LEN) {
        w->len++;
    }
}

static void puts_n(curi__out *w, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        wput(w, s[i]);
    }
}

/* c as it may stand in a segment (cls = CURI__PCHAR) or a reg-name, else "%HH". */
static void wput_enc(curi__out *w, unsigned char c, unsigned cls)
{
    if (curi__is(c, cls)) {
        wput(w, (char)c);
    } else {
        wput(w, '%');
        wput(w, curi__hexdigit(c >> 4));
        wput(w, curi__hexdigit(c));
    }
}

static int is_sep(char c, int windows)
{
    return c == '/' || (windows && c == '\\');
}

static int is_drive_alpha(char c)
{
    return curi__is((unsigned char)c, CURI__ALPHA);
}

/*
 * Win32's names (Microsoft, "Naming Files, Paths, and Namespaces"; RFC 8089 E.4 leaves them
 * to the system).  A Windows name may not hold ':' (past the drive letter it names an NTFS
 * alternate data stream: "x.txt:secret" is a hidden stream of x.txt), * ? < > " | or a
 * control character (0x01-0x1F; NUL is PATH_NUL), may not be a DOS device (CON, PRN, AUX,
 * NUL, COM1-COM9, LPT1-LPT9 with the superscript digits Windows also reserves, CONIN$,
 * CONOUT$; in any case, with any extension and with spaces before it: "nul.txt", "CON .x"
 * are the device) and may not end in '.' or ' ' ("." and ".." aside): Win32 strips those,
 * so "x.txt." and "NUL " open x.txt and the device, not what the name says, and a "\\?\"
 * path that keeps them would not survive the trip.  Both directions refuse such a name
 * with PATH_WINDOWS_NAME: at the byte for a character or a trailing '.' or ' ', at the
 * name's start for a device.
 */

/* The byte at p[*i] of a name, "%HH" decoded when enc; *i moves past what it read. */
static unsigned char name_byte(const char *p, size_t n, size_t *i, int enc)
{
    unsigned char c = (unsigned char)p[*i];
    if (enc && c == '%' && curi__is_pct(p + *i, p + n)) {
        c = curi__pct_octet(p + *i);
        *i += 3;
    } else {
        *i += 1;
    }
    return c;
}

/* May a Windows name hold c (':' too: the drive letter's colon is never part of a name)? */
static int win_char_ok(unsigned char c)
{
    return c >= 0x20 && c != ':' && c != '*' && c != '?' && c != '<' && c != '>' && c != '"' &&
           c != '|';
}

/* Is stem[0..n) (lowercase, the name up to its first '.', trailing spaces cut) a device? */
static int win_device(const char *stem, size_t n)
{
    static const char *const fixed[] = {"con", "prn", "aux", "nul", "conin$", "conout$"};
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) {
        if (n == strlen(fixed[k]) && memcmp(stem, fixed[k], n) == 0) {
            return 1;
        }
    }
    if (n < 4 || (memcmp(stem, "com", 3) != 0 && memcmp(stem, "lpt", 3) != 0)) {
        return 0;
    }
    if (n == 4) {
        return stem[3] >= '1' && stem[3] <= '9';
    }
    /* U+00B9, U+00B2, U+00B3 (superscript one, two, three) in UTF-8 */
    return n == 5 && stem[3] == '\xC2' &&
           (stem[4] == '\xB9' || stem[4] == '\xB2' || stem[4] == '\xB3');
}

/* One name seg[0..n) (decoded when enc), base the input for the offsets. */
static int win_name(const char *base, const char *seg, size_t n, int enc, curi_error *err)
{
    char stem[8];
    size_t count = 0, stem_len = 0, dlen = 0, last = 0;
    int in_stem = 1, all_dots = 1;
    unsigned char lastc = 0;

    for (size_t i = 0; i < n;) {
        size_t at = i;
        unsigned char c = name_byte(seg, n, &i, enc);
        if (c == 0) {
            return curi__fail(err, CURI_ERR_PATH_NUL, (size_t)(seg + at - base));
        }
        if (c == '/' || c == '\\') {
            /* only from "%2F" or "%5C": a raw separator ended the name */
            return curi__fail(err, CURI_ERR_PATH_ENCODED_SLASH, (size_t)(seg + at - base));
        }
        if (!win_char_ok(c)) {
            return curi__fail(err, CURI_ERR_PATH_WINDOWS_NAME, (size_t)(seg + at - base));
        }
        if (in_stem && c == '.') {
            in_stem = 0;
        } else if (in_stem) {
            if (count < sizeof stem) {
                stem[count] = (char)curi__lower(c);
            }
            count++;
            stem_len = c == ' ' ? stem_len : count;
        }
        all_dots = all_dots && c == '.';
        last = at;
        lastc = c;
        dlen++;
    }
    if (stem_len <= sizeof stem && win_device(stem, stem_len)) {
        return curi__fail(err, CURI_ERR_PATH_WINDOWS_NAME, (size_t)(seg - base));
    }
    if ((lastc == '.' || lastc == ' ') && !(all_dots && dlen <= 2)) {
        return curi__fail(err, CURI_ERR_PATH_WINDOWS_NAME, (size_t)(seg + last - base));
    }
    return CURI_OK;
}

/* Each name of p[0..n): split at '/' (raw paths: '\\' too), decoded when enc. */
static int win_names(const char *base, const char *p, size_t n, int enc, curi_error *err)
{
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || p[i] == '/' || (!enc && p[i] == '\\')) {
            int rc = win_name(base, p + start, i - start, enc, err);
            if (rc != CURI_OK) {
                return rc;
            }
            start = i + 1;
        }
    }
    return CURI_OK;
}

/*
 * The segments of p[0..n), separated by '/' (and '\' for Windows), written with '/'
 * between them and each byte a segment may not hold as "%HH".  NUL is PATH_NUL.
 */
static int put_segments(curi__out *w, const char *base, const char *p, size_t n, int windows,
                        curi_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\0') {
            return curi__fail(err, CURI_ERR_PATH_NUL, (size_t)(p + i - base));
        }
        if (is_sep(p[i], windows)) {
            wput(w, '/');
        } else {
            wput_enc(w, (unsigned char)p[i], CURI__PCHAR);
        }
    }
    return CURI_OK;
}

/*
 * POSIX:   path-absolute              ->  "file://" path
 * Windows: ALPHA ":" sep rest         ->  "file:///" ALPHA ":/" rest      (App. E.2)
 *          sep sep host sep share ... ->  "file://" host "/" share ...   (App. E.3)
 */
CURI__INLINE int path_to_uri(curi__out *w, const char *s, size_t len, unsigned flags, curi_error *err)
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
        if (len >= 8 && curi__ieq(s + 4, 3, "unc") && is_sep(s[7], 1)) {
            s += 8; /* "\\?\UNC\s\sh" is "\\s\sh": the host starts here */
            len -= 8;
            unc = 1;
        } else {
            s += 4;
            len -= 4;
            if (!(len >= 3 && is_drive_alpha(s[0]) && s[1] == ':' && is_sep(s[2], 1))) {
                return curi__fail(err, CURI_ERR_PATH_UNC, 2);
            }
        }
    }
    if (len >= 3 && is_drive_alpha(s[0]) && s[1] == ':' && is_sep(s[2], 1)) {
        int rc = win_names(base, s + 2, len - 2, 0, err);
        if (rc != CURI_OK) {
            return rc;
        }
        puts_n(w, "file:///", 8);
        wput(w, s[0]);
        wput(w, ':');
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
        if (e == h || curi__is_localhost(s + h, e - h) ||
            (e - h == 1 && (s[h] == '.' || s[h] == '?'))) {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(s + h - base));
        }
        if (share >= len || is_sep(s[share], 1)) {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(s - base) + (e == len ? len : share));
        }
        for (size_t i = h; i < e; i++) {
            if (s[i] == '\0') {
                return curi__fail(err, CURI_ERR_PATH_NUL, (size_t)(s + i - base));
            }
        }
        int rc = win_names(base, s + e, len - e, 0, err);
        if (rc != CURI_OK) {
            return rc;
        }
        puts_n(w, "file://", 7);
        for (size_t i = h; i < e; i++) {
            wput_enc(w, (unsigned char)s[i], CURI__REGNAME);
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
    curi__out w = {dst, cap, 0};
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
    return curi__wend(w.len > cap ? CURI_ERR_NOSPACE : CURI_OK, w.len, outlen, err);
}

/*
 * Decode p[0..n) (a path, or a reg-name host) into w, '/' written as sep: "%00" is
 * PATH_NUL, an encoded separator ("%2F"; Windows "%5C" too) PATH_ENCODED_SLASH.  The
 * input passed curi_parse, so every '%' starts a triplet.
 */
static int put_decoded(curi__out *w, const char *base, const char *p, size_t n, char sep,
                       int windows, curi_error *err)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '/') {
            wput(w, sep);
            continue;
        }
        if (c == '%' && curi__is_pct(p + i, p + n)) {
            c = curi__pct_octet(p + i);
            if (c == 0) {
                return curi__fail(err, CURI_ERR_PATH_NUL, (size_t)(p + i - base));
            }
            if (c == '/' || (windows && c == '\\')) {
                return curi__fail(err, CURI_ERR_PATH_ENCODED_SLASH, (size_t)(p + i - base));
            }
            i += 2;
        }
        wput(w, (char)c);
    }
    return CURI_OK;
}

/* ASCII case-insensitive, "%HH" decoded: does p[0..n) spell lit (lowercase)? */
static int dec_ieq(const char *p, size_t n, const char *lit)
{
    size_t k = 0, m = strlen(lit);
    for (size_t i = 0; i < n;) {
        unsigned char c = name_byte(p, n, &i, 1);
        if (k == m || curi__lower(c) != (unsigned char)lit[k]) {
            return 0;
        }
        k++;
    }
    return k == m;
}

/* Is the reg-name host empty or, once decoded, "localhost" in any case? */
static int host_is_local(const curi_uri *u)
{
    return u->host_type == CURI_HOST_REGNAME &&
           (u->host.len == 0 || dec_ieq(u->host.ptr, u->host.len, "localhost"));
}

/* Does the host h[0..n), once decoded, name no server: "." or "?" (Win32's "\\.\" and "\\?\"
 * prefixes), or (unc_path) empty or localhost? */
static int host_not_server(const char *h, size_t n, int unc_path)
{
    return dec_ieq(h, n, ".") || dec_ieq(h, n, "?") ||
           (unc_path && (n == 0 || dec_ieq(h, n, "localhost")));
}

/*
 * The drive at the start of p[0..n): ALPHA ":" or ALPHA "%7C" (App. E.2.2's "|", encoded),
 * or ALPHA "|" (the same raw: only parse_drive_bar lets one through), followed by '/'.
 * Returns the length of the letter and its colon (2 or 4), or 0 when p does not start with a
 * drive and a '/'.
 */
static size_t drive_len(const char *p, size_t n)
{
    if (n >= 3 && is_drive_alpha(p[0]) && (p[1] == ':' || p[1] == '|') && p[2] == '/') {
        return 2;
    }
    if (n >= 5 && is_drive_alpha(p[0]) && p[1] == '%' && p[2] == '7' && (p[3] == 'C' || p[3] == 'c') &&
        p[4] == '/') {
        return 4;
    }
    return 0;
}

/*
 * E.2.2's old raw "C|": file:C|/x, file:/C|/x, file:///C|/x or file://localhost/C|/x.  No
 * RFC 3986 URI ('|' may not stand in a path), so curi_parse refuses it; with
 * CURI_PATH_DRIVE_BAR this reads it instead: the scheme, an authority that is empty or
 * localhost (any other host is no local drive, and then curi_parse says what is wrong), the
 * drive, and the rest from the '/' after the '|', which curi_parse reads as path-absolute
 * [ "?" query ] [ "#" fragment ] (from its last leading '/', so "//" is no authority).  Sets
 * *matched and fills u when s has that form; an error of the rest's parse comes back with
 * its offset into s.
 */
static int parse_drive_bar(curi_uri *u, const char *s, size_t len, int *matched, curi_error *err)
{
    size_t q = 5, a = 0, an = 0, d, t, k = 0;
    int auth = 0, rc;
    curi_uri tu;

    *matched = 0;
    if (len < 5 || !curi__ieq(s, 4, "file") || s[4] != ':') {
        return CURI_OK;
    }
    if (len - q >= 2 && s[q] == '/' && s[q + 1] == '/') {
        a = q + 2;
        while (a + an < len && s[a + an] != '/') {
            an++;
        }
        if (an > 0 && !dec_ieq(s + a, an, "localhost")) {
            return CURI_OK;
        }
        auth = 1;
        q = a + an;
    }
    d = q; /* the path starts here: at the '/' before the letter, or at the letter */
    if (q < len && s[q] == '/') {
        q++;
    } else if (auth) {
        return CURI_OK;
    }
    if (!(len - q >= 3 && is_drive_alpha(s[q]) && s[q + 1] == '|' && s[q + 2] == '/')) {
        return CURI_OK;
    }
    t = q + 2;
    while (t + k + 1 < len && s[t + k + 1] == '/') {
        k++;
    }
    *matched = 1;
    rc = curi_parse(&tu, s + t + k, len - t - k, 0, err);
    if (rc != CURI_OK) {
        if (err != NULL) {
            err->offset += t + k;
        }
        return rc;
    }
    memset(u, 0, sizeof *u);
    u->scheme = (curi_str){s, 4};
    if (auth) {
        u->host = (curi_str){s + a, an};
        u->host_type = CURI_HOST_REGNAME;
    }
    u->path = (curi_str){s + d, (size_t)(tu.path.ptr + tu.path.len - (s + d))};
    u->query = tu.query;
    u->fragment = tu.fragment;
    return CURI_OK;
}

/* "\\" host (h[0..hn): an IP address as written, else decoded) then the path p[0..n). */
static int put_unc(curi__out *w, const char *s, const char *h, size_t hn, int decode, const char *p,
                   size_t n, curi_error *err)
{
    int rc = CURI_OK;

    wput(w, '\\');
    wput(w, '\\');
    if (decode) {
        rc = put_decoded(w, s, h, hn, '\\', 1, err);
    } else {
        puts_n(w, h, hn);
    }
    if (rc == CURI_OK) {
        rc = win_names(s, p, n, 1, err);
    }
    return rc == CURI_OK ? put_decoded(w, s, p, n, '\\', 1, err) : rc;
}

CURI__INLINE int uri_to_path(curi__out *w, const char *s, size_t len, unsigned flags, curi_error *err)
{
    int windows = (flags & CURI_PATH_WINDOWS) != 0, bar = 0;
    curi_uri u;
    int rc = CURI_OK;
    const char *p;
    size_t n;

    if (windows && (flags & CURI_PATH_DRIVE_BAR) != 0) {
        rc = parse_drive_bar(&u, s, len, &bar, err);
    }
    if (!bar) {
        rc = curi_parse(&u, s, len, 0, err);
    }
    if (rc != CURI_OK) {
        return rc;
    }
    if (u.scheme.ptr == NULL || !curi__ieq(u.scheme.ptr, u.scheme.len, "file")) {
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
        int regname = u.host_type == CURI_HOST_REGNAME;
        if (!windows) {
            return curi__fail(err, CURI_ERR_PATH_HOST, (size_t)(u.host.ptr - s));
        }
        /* App. E.3: file://host/share/x is \\host\share\x; the share may not be empty.  A
         * host "." or "?" (after decoding) is no server: \\.\ and \\?\ are Win32's device
         * and raw namespaces (file://./pipe/x would be the pipe \\.\pipe\x). */
        if (regname && host_not_server(u.host.ptr, u.host.len, 0)) {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(u.host.ptr - s));
        }
        if (n < 2 || p[1] == '/') {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(p - s));
        }
        return put_unc(w, s, u.host.ptr, u.host.len, regname, p, n, err);
    }
    if (!windows) {
        /* path-absolute (after "file:" or an authority); "file:a" and "file://" are not. */
        if (n == 0 || p[0] != '/') {
            return curi__fail(err, CURI_ERR_PATH_RELATIVE, (size_t)(p - s));
        }
        return put_decoded(w, s, p, n, '/', 0, err);
    }
    /*
     * E.3.2: "file:////host/share/x", an empty authority and the UNC path in the path, is
     * \\host\share\x, with the rules of E.3 (the host decoded, neither empty, localhost, "."
     * nor "?", and a share).  Only under an empty authority: "file://localhost//host/share"
     * keeps its PATH_DRIVE (curl's CVE-2019-15601 read it as an SMB path).
     */
    if (u.host.ptr != NULL && u.host.len == 0 && n >= 2 && p[0] == '/' && p[1] == '/') {
        const char *h = p + 2, *pe = p + n, *e = h;
        while (e < pe && *e != '/') {
            e++;
        }
        if (host_not_server(h, (size_t)(e - h), 1)) {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(h - s));
        }
        if (pe - e < 2 || e[1] == '/') {
            return curi__fail(err, CURI_ERR_PATH_UNC, (size_t)(e - s));
        }
        return put_unc(w, s, h, (size_t)(e - h), 1, e, (size_t)(pe - e), err);
    }
    /* App. E.2: "/C:/x" (after "file:" or a local authority) or "C:/x" (right after "file:"). */
    {
        size_t skip = (n > 0 && p[0] == '/') ? 1 : 0;
        size_t d = drive_len(p + skip, n - skip);
        if (d == 0) {
            return curi__fail(err, CURI_ERR_PATH_DRIVE, (size_t)(p - s));
        }
        rc = win_names(s, p + skip + d, n - skip - d, 1, err);
        if (rc != CURI_OK) {
            return rc;
        }
        wput(w, p[skip]);
        wput(w, ':');
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
    curi__out w = {dst, cap, 0};
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
    return curi__wend(w.len > cap ? CURI_ERR_NOSPACE : CURI_OK, w.len, outlen, err);
}
