/* The README's API example; `make check` compiles and runs it. SPDX-License-Identifier: MIT */
#include <curi.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    const char *text = "https://user@[fe80::1%25eth0]:8443/a/./b/../c?q=1&lang=en+GB#top";
    curi_uri u, base;
    curi_error err;
    char out[256], val[64];
    size_t n;

    /* Parse: views into text, nothing allocated. */
    if (curi_parse(&u, text, strlen(text), 0, &err) != CURI_OK) {
        fprintf(stderr, "%s at byte %zu\n", curi_strerror(err.code), err.offset);
        return 1;
    }
    /* An absent component has ptr == NULL ("mailto:a@b" has no host, most URIs no zone), and
     * %.*s needs a valid pointer even for length 0: test before printing. */
    if (u.host.ptr != NULL)
        printf("host %.*s, port %u\n", (int)u.host.len, u.host.ptr, (unsigned)u.port_number);
    if (u.zone.ptr != NULL)
        printf("zone %.*s\n", (int)u.zone.len, u.zone.ptr);

    /* Walk the query pairs and decode each value form-style ('+' is a space). */
    curi_cursor c;
    curi_str key, value;
    curi_query_init(&c, u.query, 0, NULL);
    while (curi_query_next(&c, &key, &value)) {
        if (curi_pct_decode(val, sizeof val, &n, value.ptr, value.len, CURI_DECODE_PLUS, &err))
            return 1;
        printf("  %.*s = \"%.*s\"\n", (int)key.len, key.ptr, (int)n, val);
    }

    /* Normalize (RFC 3986 6.2.2 and 6.2.3): dot segments go. */
    if (curi_normalize(out, sizeof out, &n, &u, CURI_NORM_DEFAULT, &err) != CURI_OK)
        return 1;
    printf("normalized %.*s\n", (int)n, out);

    /* Resolve a relative reference against a base (RFC 3986 5.2). */
    const char *b = "http://a/b/c/d;p?q", *r = "../g?x#s";
    curi_uri ref;
    if (curi_parse(&base, b, strlen(b), CURI_PARSE_URI, &err) ||
        curi_parse(&ref, r, strlen(r), 0, &err) ||
        curi_resolve(out, sizeof out, &n, &base, &ref, 0, &err))
        return 1;
    printf("resolved %.*s\n", (int)n, out);
    return (n == strlen("http://a/b/g?x#s") && memcmp(out, "http://a/b/g?x#s", n) == 0) ? 0 : 1;
}
