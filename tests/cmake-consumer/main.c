/* The CMake consumer (tests/cmake-consumer): parse and normalize one URI through the installed
 * header and library, and check that the header and the library it linked are one version.
 * Exit status 0 when every answer is the expected one.  SPDX-License-Identifier: MIT */
#include <curi.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    const char *text = "HTTP://Example.COM:80/a/./b/../c";
    const char *want = "http://example.com/a/c";
    curi_uri u;
    curi_error err;
    char out[64];
    size_t n;

    if (curi_version_number() != CURI_VERSION_NUMBER) {
        fprintf(stderr, "consumer: header %s, library %u\n", CURI_VERSION_STRING,
                curi_version_number());
        return 1;
    }
    if (curi_parse(&u, text, strlen(text), 0, &err) != CURI_OK ||
        curi_normalize(out, sizeof out, &n, &u, CURI_NORM_DEFAULT, &err) != CURI_OK) {
        fprintf(stderr, "consumer: %s at byte %zu\n", curi_strerror(err.code), err.offset);
        return 1;
    }
    printf("%.*s\n", (int)n, out);
    return (n == strlen(want) && memcmp(out, want, n) == 0) ? 0 : 1;
}
