/*
 * error.c -- names and messages of the CURI_ERR_* codes, and the library version.
 * Both tables come from the one CURI_ERRNO_MAP X-macro list of curi.h, so a code,
 * its name and its sentence can never drift apart.  Static strings only.
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"

/* The runtime version, so a caller can compare it with the header's CURI_VERSION_NUMBER. */
unsigned curi_version_number(void)
{
    return CURI_VERSION_NUMBER;
}

const char *curi_version_string(void)
{
    return CURI_VERSION_STRING;
}

/* What this build has: AVX2 scanners when compiled for x86-64 with GCC or clang; IDNA in
 * every build (libcuri's own, src/idn.c: the bit stays for programs that test it). */
unsigned curi_features(void)
{
    unsigned f = CURI_FEATURE_IDN;
#ifdef CURI__HAVE_AVX2
    f |= CURI_FEATURE_AVX2;
#endif
    return f;
}

/*
 * "PCT", "HOST_CHAR", ...: the code's name without the CURI_ERR_ prefix, as the
 * vector files spell it.  "UNKNOWN" for a number the map does not list.
 */
const char *curi_strerror_name(int code)
{
    switch (code) {
#define CURI_ERRNO_NAME_(num, name, msg) \
    case num:                            \
        return #name;
        CURI_ERRNO_MAP(CURI_ERRNO_NAME_)
#undef CURI_ERRNO_NAME_
    default:
        return "UNKNOWN";
    }
}

/* One sentence per code, for messages shown to people; "unknown error" otherwise. */
const char *curi_strerror(int code)
{
    switch (code) {
#define CURI_ERRNO_MSG_(num, name, msg) \
    case num:                           \
        return msg;
        CURI_ERRNO_MAP(CURI_ERRNO_MSG_)
#undef CURI_ERRNO_MSG_
    default:
        return "unknown error";
    }
}
