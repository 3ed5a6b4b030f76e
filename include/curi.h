/*
 * curi.h -- the one public header of libcuri, a strict RFC 3986 URI library.
 *
 * Read it top to bottom like a manual: conventions first (errors, flags and NULL
 * are stated there once), then parsing, hosts, recomposition, editing,
 * percent-encoding, iterators, resolution, normalization and comparison.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_H
#define CURI_H

#include <stddef.h>
#include <stdint.h>

#define CURI_VERSION_MAJOR 0
#define CURI_VERSION_MINOR 3
#define CURI_VERSION_PATCH 0
#define CURI_VERSION_STRING "0.3.0"
#define CURI_VERSION_NUMBER \
    (CURI_VERSION_MAJOR * 10000 + CURI_VERSION_MINOR * 100 + CURI_VERSION_PATCH)

/*
 * The ABI.  The shared library exports exactly the functions declared below, each under
 * the symbol version of the release that added it or last changed its signature (CURI_0.2,
 * CURI_0.3: src/libcuri.map lists them and hides everything else); the 0.2.0 shapes of the
 * five functions 0.3.0 changed stay exported as name@CURI_0.2 for programs linked against
 * 0.2.0.  CI compares the exported ABI with abi/libcuri.abi, the one last released (make
 * abi-check), and make check fails on an export that is neither in it nor in a version
 * node newer than it.  Within a version: functions and CURI_* values are only added, never
 * changed or removed; public structs keep their size and layout (new fields come out of
 * their reserved words); error codes and flag bits keep their numbers.  What is not in
 * this header is not ABI; the EXPERIMENTAL families (Conventions) are outside the promise.
 *
 * Bindings.  Every type, constant and function a binding needs sits in one block
 * between the comments CURI_CDEF_BEGIN and CURI_CDEF_END below.  The block is plain C
 * declarations and comments: no preprocessor line and no macro, every constant an
 * enumerator with a literal value.  A binding may hand the text between the two markers
 * as it is to cffi's ffi.cdef(), which drops the comments itself (tools/check-cdef.py
 * does so against the built library in make check), or to any other C declaration
 * parser.  Outside the block are the macros: the version macros above (the linked
 * library's version comes from curi_version_number), CURI_MAX_LEN, CURI_ROW_ABSENT
 * (0xFFFFFFFF, the largest uint32_t, which no enumerator can hold: a binding writes the
 * number), the X-macro list CURI_ERRNO_MAP (whose names and messages curi_strerror_name
 * and curi_strerror return), and the wrapping for C++ and for symbol visibility.
 */

/*
 * ---------------------------------------------------------------------------
 * Conventions, stated once
 * ---------------------------------------------------------------------------
 * Strings.  Every input is a pointer and a length; it may contain NUL bytes,
 * which are invalid characters like any other.  Nothing reads past the length.
 *
 * Views.  A curi_str is a view into memory the caller owns; the library never
 * copies or frees it.  A component that is absent has ptr == NULL; a component
 * that is present but empty has ptr != NULL and len == 0.  ("http://a?" has an
 * empty query; "http://a" has none: RFC 3986 5.3 depends on the difference.)
 *
 * Limits.  Inputs longer than CURI_MAX_LEN bytes are refused with
 * CURI_ERR_TOO_LONG, and so are outputs that would be longer, so every offset,
 * every length written and every *_bound result fits in 32 bits (bounds
 * saturate at CURI_MAX_LEN).  TOO_LONG always reports offset CURI_MAX_LEN.
 * No function recurses or allocates; stack use does not depend on the input; time is
 * linear in the input length.
 *
 * Errors.  One model for every function.  A function that takes a flag word, that
 * can be misused or that can fail returns an int, CURI_OK (0) or one of the
 * CURI_ERR_* codes below, and takes `curi_error *err` as its last parameter: it
 * fills *err (when err is not NULL) with that code, the byte offset of the first
 * byte that could not be accepted and a detail (0 but after an IDNA error:
 * curi_idn_reason).  What such a function finds rather than fails on (a count, a
 * level, a yes or no, an item) comes back through out-parameters placed just
 * before err, never through the return value.  Misuse, whatever the function, is
 * CURI_ERR_INVALID_ARG at offset 0: an unknown flag bit, a NULL pointer that must
 * not be NULL, a NULL input with a length above 0, a NULL dst with cap above 0;
 * its out-parameters are then zeroed (*count = 0, *level = CURI_EQ_NONE, ...),
 * so that misuse never reads as an answer.  The functions that take no flags and
 * cannot fail (accessors and lookups, the *_bound functions, the steps of an
 * iterator, curi_segments_init, curi_list_init, curi_extract_drop,
 * curi_remove_dot_segments) keep their shape, and each says what it answers for
 * a NULL argument.
 *
 * Flags.  Each function takes only the flags of its own family (CURI_PARSE_*,
 * CURI_ENCODE_*, CURI_DECODE_*, CURI_QUERY_*, CURI_RESOLVE_*, CURI_RELATIVE_*,
 * CURI_NORM_*, CURI_PATH_*, CURI_IRI_*, CURI_HOST_*, CURI_LINT_*, CURI_EXTRACT_*,
 * a part type for curi_list_init_type) and refuses any other bit, a bit a later
 * release may define included, with CURI_ERR_INVALID_ARG: a flag word never
 * fails open.  Bits the library keeps for its own tests are not accepted here.
 * A *_bound function that takes flags only sizes: it reads the bits it knows,
 * and the writer refuses the others.
 *
 * Writers.  Functions that produce text take (dst, cap, outlen) first, and
 * one contract holds for all of them.  They never write more than cap bytes
 * and do not NUL-terminate.  dst may be NULL only when cap is 0 (else
 * CURI_ERR_INVALID_ARG); outlen may be NULL.  On success *outlen is the length
 * written.  When cap is too small they return CURI_ERR_NOSPACE with the exact
 * length needed in *outlen (dst contents are then unspecified), so one retry
 * with a buffer of *outlen bytes always succeeds.  After any other error
 * *outlen is 0.  dst must not overlap any input.
 *
 * NULL.  One rule for every pointer argument, unless a function's comment
 * says otherwise:
 *   - err and outlen may be NULL: that report is then not written.
 *   - An input string (s, len) may be NULL when len is 0, and reads as "";
 *     NULL with len > 0 is CURI_ERR_INVALID_ARG.
 *   - dst may be NULL only when cap is 0 (Writers, above).
 *   - Any other pointer (the curi_uri to read or to fill, base, ref, an
 *     out-parameter such as count or level, ...) must not be NULL: a function
 *     that returns an error code refuses a NULL one with CURI_ERR_INVALID_ARG
 *     (offset 0).  The others never fail on NULL either: the *_bound functions
 *     read a NULL curi_uri as an empty reference, accessors and lookups answer
 *     NULL, -1 or 0 as their comments say, an iterator's step on a NULL cursor
 *     or output returns 0 (done), and curi_segments_init, curi_list_init and
 *     curi_extract_drop do nothing on a NULL cursor or extractor.
 *
 * Experimental.  The families under an EXPERIMENTAL block below (lint,
 * extraction, batches, scheme parts) are outside the stability promise of the
 * ABI paragraph above: they follow these conventions, but their functions,
 * types and constants may still change in a minor release (0.3 to 0.4), and the
 * release notes will say so.  Everything else keeps the promise.
 *
 * Threads.  There is no global mutable state, no locale and no errno use: every
 * function is safe to call from any number of threads on distinct outputs.
 */
#define CURI_MAX_LEN ((size_t)0x7fffffff)

/* off[] of an absent part in a curi_row (below): the largest uint32_t. */
#define CURI_ROW_ABSENT UINT32_C(0xFFFFFFFF)

/*
 * Error codes: the enum curi_errcode below lists them, and this X-macro list
 * holds the same numbers with their names and messages (checked against the
 * enum after the block).  The numbers are an ABI: they never change once
 * released, and new codes are only appended.  XX(code, NAME, message).  IPV4 is
 * reserved: no function returns it today, since a dotted quad that is not an
 * IPv4address is a valid reg-name.
 */
#define CURI_ERRNO_MAP(XX)                                                                   \
    XX(0, OK, "success")                                                                     \
    XX(1, NOSPACE, "the output buffer is too small; *outlen holds the size needed")          \
    XX(2, TOO_LONG, "the input is longer than CURI_MAX_LEN bytes")                           \
    XX(3, SCHEME_MISSING, "a URI must start with a scheme followed by ':'")                  \
    XX(4, SCHEME, "the scheme must be a letter followed by letters, digits, '+', '-', '.'")  \
    XX(5, COLON_SEGMENT, "the first segment of a relative path reference contains ':'")      \
    XX(6, USERINFO_CHAR, "character not allowed in the userinfo")                           \
    XX(7, HOST_CHAR, "character not allowed in the host")                                    \
    XX(8, PORT_CHAR, "character not allowed in the port (digits only)")                      \
    XX(9, PATH_CHAR, "character not allowed in the path")                                    \
    XX(10, QUERY_CHAR, "character not allowed in the query")                                 \
    XX(11, FRAGMENT_CHAR, "character not allowed in the fragment")                           \
    XX(12, PCT, "'%' must be followed by two hexadecimal digits")                            \
    XX(13, IP_UNTERMINATED, "'[' opens an IP literal that has no closing ']'")               \
    XX(14, IP_LITERAL, "an IP literal must be an IPv6 address or IPvFuture inside [ ]")      \
    XX(15, IPV6, "malformed IPv6 address")                                                   \
    XX(16, IPVFUTURE, "malformed IPvFuture: 'v' hex-digits '.' then at least one character") \
    XX(17, ZONE, "malformed IPv6 zone ID: '%25' then unreserved or percent-encoded bytes")  \
    XX(18, ZONE_FORBIDDEN, "IPv6 zone IDs are not allowed by strict RFC 3986")              \
    XX(19, PORT_RANGE, "the port number is greater than 65535")                              \
    XX(20, FRAGMENT_FORBIDDEN, "an absolute URI may not have a fragment")                   \
    XX(21, PCT_NUL, "'%00' is refused")                                                      \
    XX(22, IPV4, "malformed IPv4 address")                                                   \
    XX(23, STRUCTURE, "the components do not fit together into a URI reference")            \
    XX(24, BASE_NOT_ABSOLUTE, "the base URI must have a scheme")                             \
    XX(25, INVALID_ARG, "invalid argument")                                                  \
    XX(26, PATH_SCHEME, "a file path comes only from a file: URI (no scheme, or not file)")  \
    XX(27, PATH_RELATIVE, "a file path must be absolute (Windows: a drive or a UNC host)")   \
    XX(28, PATH_HOST, "a host other than empty or localhost names a remote file")            \
    XX(29, PATH_AUTHORITY, "a file: URI may have no userinfo and no port")                   \
    XX(30, PATH_ENCODED_SLASH, "an encoded separator (%2F; Windows: also %5C) in a segment") \
    XX(31, PATH_NUL, "a file path cannot hold a NUL byte (%00)")                             \
    XX(32, PATH_QUERY, "a file: URI for a local path has no query")                          \
    XX(33, PATH_FRAGMENT, "a fragment is not part of a file path")                           \
    XX(34, PATH_DRIVE, "a local Windows path must start with a drive letter, ':' and '/'")   \
    XX(35, PATH_UNC, "a UNC path needs a host other than localhost and a share name")        \
    XX(36, SCHEME_RULE, "the URI breaks its scheme's own grammar (curi_scheme_check)")       \
    XX(37, UTF8, "invalid UTF-8: a bad, overlong or cut sequence, or a surrogate")           \
    XX(38, UNSUPPORTED, "not supported by this libcuri (no longer returned: IDNA is built in)") \
    XX(39, IDN_DISALLOWED, "IDNA: a disallowed or unassigned code point")                    \
    XX(40, IDN_HYPHEN, "IDNA: '-' at a label's start or end, or '--' at 3-4")               \
    XX(41, IDN_LEADING_COMBINING, "IDNA: a label starts with a combining mark")              \
    XX(42, IDN_CONTEXTJ, "IDNA: a joiner (ZWJ, ZWNJ) out of its context")                    \
    XX(43, IDN_CONTEXTO, "IDNA: a character out of its context (CONTEXTO)")                  \
    XX(44, IDN_BIDI, "IDNA: the name breaks the Bidi rule (RFC 5893)")                       \
    XX(45, IDN_PUNYCODE, "IDNA: an xn-- label that is not the Punycode of a valid label")    \
    XX(46, IDN_LENGTH, "IDNA: an empty label, a label over 63 or a name over 253 bytes")     \
    XX(47, IDN, "IDNA: the conversion failed (no longer returned: each failure has its code)") \
    XX(48, IDN_STD3, "IDNA UseSTD3ASCIIRules: a DNS name holds only letters, digits, '-', '.'") \
    XX(49, PATH_WINDOWS_NAME, "not a Windows name: a DOS device (NUL, COM1...), an NTFS stream (':'), a trailing dot or space, * ? < > | or a double quote, or a control") \
    XX(50, URL_BASE, "WHATWG URL: a relative URL needs a base URL (one without an opaque path)") \
    XX(51, URL_HOST_MISSING, "WHATWG URL: a special URL, or one with credentials, needs a host")

#ifdef __cplusplus
extern "C" {
#endif
/*
 * The functions keep default visibility when the including code is compiled with
 * -fvisibility=hidden (the library itself included), as an attribute on each
 * declaration would do; which of them are exported is src/libcuri.map's to say.
 */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(default)
#endif

/* CURI_CDEF_BEGIN */

/*
 * ---------------------------------------------------------------------------
 * Version, features, views and error codes
 * ---------------------------------------------------------------------------
 */
/* The version of the library actually linked, to compare with the header's macros:
 * CURI_VERSION_MAJOR, CURI_VERSION_MINOR, CURI_VERSION_PATCH, CURI_VERSION_STRING ("0.3.0")
 * and CURI_VERSION_NUMBER (major * 10000 + minor * 100 + patch). */
unsigned curi_version_number(void);
/* "0.3.0": static storage, never NULL. */
const char *curi_version_string(void);

/*
 * What the linked library was built with, as CURI_FEATURE_* bits.  AVX2: the
 * SIMD scanners are compiled in (they run only on a CPU that has AVX2; the
 * answers are the same either way).  IDN: curi_host_to_ascii and the rest of IDNA work,
 * which since libcuri's own IDNA2008 (no libidn2) is every build.  New bits are only ever
 * added.
 */
enum {
    CURI_FEATURE_AVX2 = 0x1, /* the AVX2 scanners are compiled in */
    CURI_FEATURE_IDN = 0x2   /* the IDNA functions work: always set (it meant libidn2 before) */
};
unsigned curi_features(void);

typedef struct curi_str {
    const char *ptr; /* NULL: absent */
    size_t len;
} curi_str;

/*
 * Error codes: the numbers are an ABI (see CURI_ERRNO_MAP above for their
 * messages, which curi_strerror returns).  CURI_ERR_OK is CURI_OK.
 */
typedef enum curi_errcode {
    CURI_OK = 0,
    CURI_ERR_OK = 0,
    CURI_ERR_NOSPACE = 1,
    CURI_ERR_TOO_LONG = 2,
    CURI_ERR_SCHEME_MISSING = 3,
    CURI_ERR_SCHEME = 4,
    CURI_ERR_COLON_SEGMENT = 5,
    CURI_ERR_USERINFO_CHAR = 6,
    CURI_ERR_HOST_CHAR = 7,
    CURI_ERR_PORT_CHAR = 8,
    CURI_ERR_PATH_CHAR = 9,
    CURI_ERR_QUERY_CHAR = 10,
    CURI_ERR_FRAGMENT_CHAR = 11,
    CURI_ERR_PCT = 12,
    CURI_ERR_IP_UNTERMINATED = 13,
    CURI_ERR_IP_LITERAL = 14,
    CURI_ERR_IPV6 = 15,
    CURI_ERR_IPVFUTURE = 16,
    CURI_ERR_ZONE = 17,
    CURI_ERR_ZONE_FORBIDDEN = 18,
    CURI_ERR_PORT_RANGE = 19,
    CURI_ERR_FRAGMENT_FORBIDDEN = 20,
    CURI_ERR_PCT_NUL = 21,
    CURI_ERR_IPV4 = 22, /* reserved: never returned today */
    CURI_ERR_STRUCTURE = 23,
    CURI_ERR_BASE_NOT_ABSOLUTE = 24,
    CURI_ERR_INVALID_ARG = 25,
    /* 26-35: curi_path_to_uri and curi_uri_to_path (File paths, below) */
    CURI_ERR_PATH_SCHEME = 26,
    CURI_ERR_PATH_RELATIVE = 27,
    CURI_ERR_PATH_HOST = 28,
    CURI_ERR_PATH_AUTHORITY = 29,
    CURI_ERR_PATH_ENCODED_SLASH = 30,
    CURI_ERR_PATH_NUL = 31,
    CURI_ERR_PATH_QUERY = 32,
    CURI_ERR_PATH_FRAGMENT = 33,
    CURI_ERR_PATH_DRIVE = 34,
    CURI_ERR_PATH_UNC = 35,
    /* 36: curi_scheme_check (The scheme registry, below) */
    CURI_ERR_SCHEME_RULE = 36,
    /* 37-48: IRIs and IDNA (IRIs and internationalized host names, below) */
    CURI_ERR_UTF8 = 37,
    CURI_ERR_UNSUPPORTED = 38,
    CURI_ERR_IDN_DISALLOWED = 39,
    CURI_ERR_IDN_HYPHEN = 40,
    CURI_ERR_IDN_LEADING_COMBINING = 41,
    CURI_ERR_IDN_CONTEXTJ = 42,
    CURI_ERR_IDN_CONTEXTO = 43,
    CURI_ERR_IDN_BIDI = 44,
    CURI_ERR_IDN_PUNYCODE = 45,
    CURI_ERR_IDN_LENGTH = 46,
    CURI_ERR_IDN = 47,
    CURI_ERR_IDN_STD3 = 48,
    /* 49: file paths again (a Windows name, curi_path_to_uri and curi_uri_to_path) */
    CURI_ERR_PATH_WINDOWS_NAME = 49,
    /* the WHATWG URL parser (curi_url_parse) */
    CURI_ERR_URL_BASE = 50,
    CURI_ERR_URL_HOST_MISSING = 51
} curi_errcode;

typedef struct curi_error {
    int32_t code;      /* CURI_OK or a CURI_ERR_* value */
    size_t offset;     /* byte offset of the first offending byte in the input */
    uint32_t detail;   /* after a CURI_ERR_IDN_* error, why (read it with curi_idn_reason);
                          else 0 */
} curi_error;

/*
 * "PCT", "HOST_CHAR", ...: the name of a code without its CURI_ERR_ prefix ("OK"
 * for 0); "UNKNOWN" for an unknown code.  Both return static storage, never NULL.
 */
const char *curi_strerror_name(int code);
/* One sentence describing the code (the messages of CURI_ERRNO_MAP, the table under
 * ERRORS in libcuri(3)); "unknown error" for a number the table does not list. */
const char *curi_strerror(int code);

/*
 * ---------------------------------------------------------------------------
 * Parsing (RFC 3986 section 4.1 URI-reference, Appendix A)
 * ---------------------------------------------------------------------------
 */
typedef enum curi_host_type {
    CURI_HOST_NONE = 0,     /* no authority, so no host */
    CURI_HOST_REGNAME = 1,  /* reg-name, possibly empty ("file:///x") */
    CURI_HOST_IPV4 = 2,     /* IPv4address: four dec-octets */
    CURI_HOST_IPV6 = 3,     /* "[" IPv6address [ "%25" ZoneID ] "]" */
    CURI_HOST_IPVFUTURE = 4 /* "[" IPvFuture "]" */
} curi_host_type;

typedef enum curi_port_status {
    CURI_PORT_ABSENT = 0, /* no ':' after the host */
    CURI_PORT_EMPTY = 1,  /* ':' followed by nothing */
    CURI_PORT_VALID = 2,  /* 0..65535, in port_number */
    CURI_PORT_RANGE = 3   /* digits whose value exceeds 65535 (never wrapped) */
} curi_port_status;

/*
 * A parsed reference.  The layout is part of the ABI: fields are fixed-width
 * (the enums' values are stored in uint8_t), and new fields will come out of
 * `reserved`, which the library zeroes and callers must not use, so the size
 * stays the same.  An authority exists exactly when host is present (host.ptr
 * != NULL); its text is [userinfo "@"] host [":" port] (curi_authority).
 */
typedef struct curi_uri {
    curi_str scheme;   /* without the ':' */
    curi_str userinfo; /* without the '@' */
    curi_str host;     /* raw text; an IP literal keeps its brackets */
    curi_str port;     /* digits without the ':' */
    curi_str path;     /* always present, possibly empty */
    curi_str query;    /* without the '?' */
    curi_str fragment; /* without the '#' */
    curi_str zone;     /* IPv6 zone ID after "%25", still percent-encoded; else absent */

    uint8_t host_type;    /* a curi_host_type */
    uint8_t port_status;  /* a curi_port_status */
    uint16_t port_number; /* meaningful when port_status == CURI_PORT_VALID */
    unsigned char ip[16]; /* IPV4: ip[0..3]; IPV6: ip[0..15]; network byte order */
    uint32_t reserved[7]; /* 0: room for later fields in the same layout */
} curi_uri;

/* Parse flags.  flags == 0 parses an RFC 3986 URI-reference, with RFC 6874 zone IDs. */
enum {
    CURI_PARSE_URI = 0x1,         /* require a scheme: "URI" of section 3 */
    CURI_PARSE_ABSOLUTE = 0x2,    /* require absolute-URI (4.3): scheme, no fragment */
    CURI_PARSE_STRICT_3986 = 0x4, /* reject IPv6 zone IDs (RFC 6874) */
    CURI_PARSE_PORT_RANGE = 0x8,  /* reject ports above 65535 with CURI_ERR_PORT_RANGE */
    CURI_PARSE_IRI = 0x20         /* RFC 3987 IRI-reference: raw UTF-8 (curi_parse and
                                     curi_host_parse; curi_set refuses it) */
};

/*
 * Parse s[0..len) as a URI-reference and fill *out with views into s.  Does
 * not allocate; *out is fully written on success, and cleared on failure (every
 * view absent, host_type NONE), so that nothing half-parsed (such as the host of
 * "http://good.com:80@evil.com:x/") is left to act on for a caller that ignores
 * the result.  Returns CURI_OK or an error code with the offset in *err.  A NULL
 * out is CURI_ERR_INVALID_ARG (as for curi_host_parse); s may be NULL when len is 0.
 *
 * A run of scheme characters ended by ':' is taken as a scheme; if that run is
 * empty or does not start with a letter the result is CURI_ERR_SCHEME at offset 0.
 * Without a scheme, a ':' in the first path segment is CURI_ERR_COLON_SEGMENT
 * (section 4.2: it would read as a scheme).  After "//" the authority runs to the
 * next '/', '?', '#' or the end; its first '@' ends the userinfo.  A port with a
 * non-digit is CURI_ERR_PORT_CHAR.  A '%' that does not start a "%HH" triplet is
 * CURI_ERR_PCT at the '%', and any other byte a component does not allow is that
 * component's *_CHAR error at that byte.
 *
 * The flags: CURI_PARSE_URI fails a reference without a scheme with
 * CURI_ERR_SCHEME_MISSING; CURI_PARSE_ABSOLUTE fails a '#' with
 * CURI_ERR_FRAGMENT_FORBIDDEN at the '#'; CURI_PARSE_STRICT_3986 fails a zone ID
 * with CURI_ERR_ZONE_FORBIDDEN; CURI_PARSE_PORT_RANGE fails a port above 65535
 * with CURI_ERR_PORT_RANGE instead of reporting CURI_PORT_RANGE; CURI_PARSE_IRI
 * parses an RFC 3987 IRI-reference (IRIs and internationalized host names, below;
 * without it nothing changes, and it costs nothing: the flag is tested only on the
 * path that an unusual flag already takes).  The scalar and SIMD scanners give the
 * same answer for every input (the library's own tests switch between them through
 * a flag that is not part of the API).
 */
int curi_parse(curi_uri *out, const char *s, size_t len, unsigned flags, curi_error *err);

/*
 * Parse all of s[0..len) as the host of an authority (IP-literal / IPv4address /
 * reg-name) and set out->host, host_type, ip (all 16 bytes, unused ones zero) and
 * zone; other fields of *out are left alone, and on error *out is unchanged.  An
 * empty string is an empty reg-name.  Bytes left after a reg-name are
 * CURI_ERR_HOST_CHAR, bytes after the ']' of an IP literal CURI_ERR_IP_LITERAL.
 * Honours CURI_PARSE_STRICT_3986, and CURI_PARSE_IRI (RFC 3987 ihost: a reg-name
 * may hold ucschar, and bytes that are not UTF-8 are CURI_ERR_UTF8); the other
 * parse flags do not apply to a host.  A NULL out is CURI_ERR_INVALID_ARG.
 */
int curi_host_parse(curi_uri *out, const char *s, size_t len, unsigned flags, curi_error *err);

/*
 * ---------------------------------------------------------------------------
 * Recomposition (RFC 3986 section 5.3)
 * ---------------------------------------------------------------------------
 * curi_recompose writes scheme ":" "//" [userinfo "@"] host [":" port] path
 * "?" query "#" fragment, each part (with its delimiters) only when present.  The
 * authority is built from userinfo, host and port, so edited parts show.  For
 * every curi_uri that curi_parse produced, the output equals the parsed input
 * byte for byte.  It returns CURI_ERR_STRUCTURE (before writing anything) when
 * the components cannot form a reference that parses back to them, the rules in
 * this order: a present but empty scheme; a userinfo or port without a host;
 * without a host, a path that starts with "//"; without a scheme or host, a ':'
 * in the first segment of a relative path; with a host, a non-empty path that
 * does not start with '/'.  err->offset is where the conflict would show in the
 * output; curi_structure_rule says which rule was broken.
 */
int curi_recompose(char *dst, size_t cap, size_t *outlen, const curi_uri *u, curi_error *err);
/*
 * The first of those rules that u breaks, as a sentence (static storage,
 * for example "a userinfo or port needs a host"), or NULL when u fits
 * together (and when u is NULL).
 */
const char *curi_structure_rule(const curi_uri *u);
/* An upper bound for the length curi_recompose writes for u; 0 for a NULL u. */
size_t curi_recompose_bound(const curi_uri *u);
/*
 * Write the authority of u, [userinfo "@"] host [":" port] (RFC 3986 3.2), as
 * it stands after any curi_set; nothing when u has no host (check host.ptr to
 * tell an absent authority from an empty one).  curi_recompose_bound(u) is
 * always enough.
 */
int curi_authority(char *dst, size_t cap, size_t *outlen, const curi_uri *u, curi_error *err);

/*
 * ---------------------------------------------------------------------------
 * Editing a reference (a builder without allocation)
 * ---------------------------------------------------------------------------
 * A reference is edited in place, one component at a time, without allocation; the
 * parts are named by curi_part.
 */
typedef enum curi_part {
    CURI_PART_SCHEME = 0,
    CURI_PART_USERINFO = 1,
    CURI_PART_HOST = 2,
    CURI_PART_PORT = 3,
    CURI_PART_PATH = 4,
    CURI_PART_QUERY = 5,
    CURI_PART_FRAGMENT = 6
} curi_part;

/*
 * Validate value[0..len) against the grammar of one component and point that
 * component of *u at it (no copy: value must outlive *u).  value == NULL
 * removes the component, whatever len is; a non-NULL value with len 0 makes it
 * present but empty; a NULL u is CURI_ERR_INVALID_ARG.  The checks: the scheme
 * must be a letter followed by letters, digits, '+', '-', '.' (CURI_ERR_SCHEME; an
 * empty scheme too); userinfo, path, query and fragment may hold only their
 * component's characters and "%HH" triplets (CURI_ERR_USERINFO_CHAR,
 * CURI_ERR_PATH_CHAR, CURI_ERR_QUERY_CHAR, CURI_ERR_FRAGMENT_CHAR, CURI_ERR_PCT);
 * the host is parsed as by curi_host_parse; the port must be digits
 * (CURI_ERR_PORT_CHAR).  Setting the host re-derives host_type, ip and zone;
 * setting the port re-derives port_status and port_number.  Removing the host
 * removes the whole authority: userinfo, port, zone and ip go too, and host_type
 * and port_status become CURI_HOST_NONE and CURI_PORT_ABSENT.  Removing the path
 * leaves it present and empty (a path is always present).  The other components
 * are not touched or re-encoded, and whether the result still fits together (for
 * instance a rootless path beside a new host) is checked only by curi_recompose.
 * On error *u is unchanged.  flags are parse
 * flags: CURI_PARSE_STRICT_3986 applies to the host, CURI_PARSE_PORT_RANGE to
 * the port, CURI_PARSE_URI and CURI_PARSE_ABSOLUTE refuse removing the scheme
 * (SCHEME_MISSING), CURI_PARSE_ABSOLUTE refuses a fragment
 * (FRAGMENT_FORBIDDEN).  Offsets in *err are offsets into value.
 */
int curi_set(curi_uri *u, curi_part part, const char *value, size_t len, unsigned flags,
             curi_error *err);

/*
 * Like curi_set, but first percent-encodes value for that component into
 * buf (see curi_pct_encode; the scheme and port cannot be encoded and are
 * validated as with curi_set).  *u then points into buf.  Percent-encoding
 * uses userinfo->CURI_CHARSET_USERINFO, host->CURI_CHARSET_HOST,
 * path->CURI_CHARSET_PATH, query->CURI_CHARSET_QUERY,
 * fragment->CURI_CHARSET_FRAGMENT, without KEEP_PCT (a '%' in value becomes
 * "%25").  A host starting with '[' is an IP literal: copied into buf as it
 * is, like the scheme and port.  buf, cap and outlen are a writer's dst, cap
 * and outlen (buf may be NULL only when cap is 0; *outlen is the length of the
 * encoded value); buf must outlive *u.  value == NULL removes the
 * component as curi_set does, writing nothing (*outlen is 0).  A NULL u is
 * CURI_ERR_INVALID_ARG.
 */
int curi_set_encoded(curi_uri *u, curi_part part, char *buf, size_t cap, size_t *outlen,
                     const char *value, size_t len, unsigned flags, curi_error *err);

/*
 * The view of one part of u, so that a binding need not know curi_uri's layout;
 * absent (ptr NULL) for a NULL u or a part out of range.
 */
curi_str curi_get(const curi_uri *u, curi_part part);

/*
 * Name of a part, lowercase ("scheme", "userinfo", "host", "port", "path", "query",
 * "fragment"; static storage, NULL for a part out of range) and the reverse lookup of
 * name[0..len), ignoring ASCII case (-1 if unknown, and for a NULL name).
 */
const char *curi_part_name(curi_part part);
int curi_part_from_name(const char *name, size_t len);

/*
 * ---------------------------------------------------------------------------
 * Percent-encoding (RFC 3986 sections 2.1 and 2.4)
 * ---------------------------------------------------------------------------
 * Each allowed set below is what the component's ABNF lets stand unencoded;
 * every other byte, and '%' itself, is written as "%HH" with uppercase hex.  The
 * sub-delims are ! $ & ' ( ) * + , ; =.  CURI_CHARSET_FORM writes a space as '+',
 * and encodes '&', '=' and '+' (as %2B) so that the query stays splittable.
 */
typedef enum curi_charset {
    CURI_CHARSET_UNRESERVED = 0, /* ALPHA DIGIT - . _ ~ */
    CURI_CHARSET_USERINFO = 1,   /* unreserved sub-delims ":" */
    CURI_CHARSET_HOST = 2,       /* reg-name: unreserved sub-delims */
    CURI_CHARSET_SEGMENT = 3,    /* pchar without "/": unreserved sub-delims ":" "@" */
    CURI_CHARSET_PATH = 4,       /* segment characters and "/" */
    CURI_CHARSET_QUERY = 5,      /* pchar "/" "?" */
    CURI_CHARSET_FRAGMENT = 6,   /* pchar "/" "?" */
    CURI_CHARSET_FORM = 7        /* query key or value: unreserved and "!$'()*,;:@/?"; ' ' -> '+' */
} curi_charset;

enum { CURI_ENCODE_KEEP_PCT = 0x1 }; /* leave valid "%HH" triplets as they are */

/* Encode s[0..len) with the allowed set `set`.  Fails only on bad arguments (an unknown
 * set, s NULL with len > 0), CURI_ERR_NOSPACE and TOO_LONG.  With CURI_ENCODE_KEEP_PCT
 * valid "%HH" triplets stay as they are (their hex case kept); any other '%' still
 * becomes "%25". */
int curi_pct_encode(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                    curi_charset set, unsigned flags, curi_error *err);
/* 3 * len, saturated at CURI_MAX_LEN: always enough for curi_pct_encode. */
size_t curi_pct_encode_bound(size_t len);

enum {
    CURI_DECODE_PLUS = 0x1,    /* '+' decodes to ' ' (form-style query) */
    CURI_DECODE_NO_NUL = 0x2,  /* "%00" is an error, CURI_ERR_PCT_NUL */
    CURI_DECODE_LENIENT = 0x4  /* a '%' that starts no triplet is copied as itself */
};

/*
 * Decode s[0..len): "%HH" becomes the byte HH.  A '%' not followed by two hex
 * digits is CURI_ERR_PCT at the offset of the '%' (whatever cap is), or, with
 * CURI_DECODE_LENIENT, a '%' in the output (as browsers and most decoders do:
 * "100%" and "%zz" stay as they are; triplets still decode, and with
 * CURI_DECODE_NO_NUL a "%00" is still an error, so the decode then fails only on
 * CURI_ERR_PCT_NUL or an input longer than CURI_MAX_LEN).  CURI_DECODE_NO_NUL's
 * error is at the '%'.  Other bytes are copied unchanged (they are not checked
 * against any component).  The output is never longer than the input, so a cap
 * of len always suffices.
 */
int curi_pct_decode(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                    unsigned flags, curi_error *err);

/*
 * ---------------------------------------------------------------------------
 * Escaping for display
 * ---------------------------------------------------------------------------
 * A URI or IRI shown to a person can hide what it is: a control moves the cursor, a bidi
 * override reorders the text around it, a line separator breaks a line.  curi_escape_display
 * writes any bytes so that they show as what they are.
 */
enum {
    CURI_ESCAPE_JSON = 0x1,  /* the body of a JSON string (RFC 8259), not terminal text */
    CURI_ESCAPE_STRICT = 0x2 /* a byte that is not UTF-8 is CURI_ERR_UTF8 at its offset */
};

/*
 * Write s[0..len) escaped for display.  Printable ASCII and well-formed UTF-8 (RFC 3629)
 * are copied, except:
 *   terminal style (flags 0): '\' is \\; the C0 controls, DEL, bytes that are not
 *     UTF-8, and every byte of the C1 controls, the bidi controls (U+061C, U+200E-200F,
 *     U+202A-202E, U+2066-2069), the line and paragraph separators, the zero-width and
 *     invisible characters (U+200B-200D, U+2060-2064, U+FEFF) and the noncharacters
 *     are \xhh (lowercase hex);
 *   CURI_ESCAPE_JSON: '"' is \" and '\' is \\, C0 and DEL are \u00hh, the C1 controls,
 *     U+200E-200F, U+2028-202E and U+2066-2069 are \uhhhh, and a byte that is not
 *     UTF-8 becomes U+FFFD (the quotes around the string are the caller's).
 * With CURI_ESCAPE_STRICT, a byte that is not UTF-8 is CURI_ERR_UTF8 at its offset instead
 * (JSON callers use it to learn that the text is not exact).  The output is at most
 * 6 * len bytes (4 * len in terminal style).  The writer contract; an unknown flag bit
 * is CURI_ERR_INVALID_ARG.
 */
int curi_escape_display(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                        unsigned flags, curi_error *err);

/*
 * ---------------------------------------------------------------------------
 * Iterators over path segments and query pairs
 * ---------------------------------------------------------------------------
 * A cursor holds only two pointers and the flags; initialise it with the matching
 * _init and call _next until it returns 0.  Each call that returns 1 fills views that
 * point into the iterated string: nothing is copied or decoded.
 */
typedef struct curi_cursor {
    const char *p, *end;
    uint32_t flags;
    uint32_t reserved; /* 0: room for later state in the same layout */
} curi_cursor;

/*
 * Segments of a path, one leading '/' dropped: "/a/b/" gives "a", "b", ""; "a/b"
 * gives "a", "b"; "/" gives one empty segment; "" and an absent path (ptr NULL) give
 * none.  A NULL c: _init does nothing, and _next (also with a NULL segment) returns 0.
 */
void curi_segments_init(curi_cursor *c, curi_str path);
int curi_segments_next(curi_cursor *c, curi_str *segment);

enum {
    CURI_QUERY_SEMICOLON = 0x1, /* ';' separates pairs as well as '&' */
    CURI_QUERY_FORM = 0x2,      /* curi_query_find, _edit: '+' is a space in keys and values */
    CURI_QUERY_SORT = 0x4       /* curi_query_edit only: a stable sort by decoded key, last */
};

/*
 * key=value pairs of a query, split at '&' (and at ';' with CURI_QUERY_SEMICOLON),
 * each pair split at its first '='; raw (still encoded: decode with curi_pct_decode,
 * with CURI_DECODE_PLUS for forms).  value is absent (NULL) when the pair has no
 * '='.  Empty pairs ("a=1&&b=2", a trailing '&') are skipped; an absent or empty
 * query (ptr NULL, or len 0) has none.  curi_query_init refuses a NULL c and a flag bit other than
 * CURI_QUERY_SEMICOLON (CURI_ERR_INVALID_ARG; the cursor then yields nothing).
 * curi_query_next returns 1 with *key and *value set, 0 when done (and for a
 * NULL c, key or value).
 */
int curi_query_init(curi_cursor *c, curi_str query, unsigned flags, curi_error *err);
int curi_query_next(curi_cursor *c, curi_str *key, curi_str *value);

/*
 * The value of the first pair of query whose key decodes to key[0..klen), decoded, in
 * dst: "%HH" is the byte HH, a '%' that starts no triplet stands for itself, and with
 * CURI_QUERY_FORM '+' is a space (application/x-www-form-urlencoded).  Pairs split as
 * curi_query_next splits them (flags: CURI_QUERY_SEMICOLON, CURI_QUERY_FORM); a pair
 * without '=' has no value and is passed over.  *found is 1 when a pair matched, else 0
 * with *outlen 0 (still CURI_OK).  The value is never longer than query.  The writer
 * contract; a NULL found, a NULL key with klen > 0 or an unknown flag bit is
 * CURI_ERR_INVALID_ARG.
 */
int curi_query_find(char *dst, size_t cap, size_t *outlen, curi_str query, const char *key,
                    size_t klen, unsigned flags, int *found, curi_error *err);

/*
 * ***************************************************************************
 * EXPERIMENTAL: query editing
 * ***************************************************************************
 * curi_query_op and curi_query_edit, up to the next section, may still change in a
 * minor release: outside the stability promise (Conventions, "Experimental").
 */
/*
 * One edit of a query's pairs.  CURI_QUERY_REMOVE removes every pair whose decoded key
 * matches the glob key[0..klen) ('*' any run of bytes, '?' any one byte, '\' makes the
 * next byte literal).  CURI_QUERY_REPLACE gives the first pair whose decoded key is
 * key[0..klen) the text pair[0..plen) and removes the later ones with that key;
 * CURI_QUERY_REPLACE_APPEND does the same and appends the pair when no pair has the key.
 * CURI_QUERY_APPEND appends pair[0..plen) (key is not read).  pair is written as it is:
 * encoded query text, "key=value" or "key", not empty and without a separator.
 */
enum {
    CURI_QUERY_REMOVE = 1,
    CURI_QUERY_REPLACE = 2,
    CURI_QUERY_REPLACE_APPEND = 3,
    CURI_QUERY_APPEND = 4
};
typedef struct curi_query_op {
    int op;          /* CURI_QUERY_REMOVE, _REPLACE, _REPLACE_APPEND or _APPEND */
    const char *key; /* REMOVE: a glob; REPLACE*: a decoded key */
    size_t klen;
    const char *pair; /* REPLACE*, APPEND: the pair to write, encoded */
    size_t plen;
} curi_query_op;
enum { CURI_QUERY_OPS_MAX = 64 }; /* ops per curi_query_edit call */

/*
 * Apply ops[0..nops) in order to the pairs of query (split as curi_query_next splits
 * them: flags CURI_QUERY_SEMICOLON; keys decoded as curi_query_find decodes them, with
 * CURI_QUERY_FORM '+' as a space), then, with CURI_QUERY_SORT, sort the pairs by decoded
 * key (bytewise, a prefix first), keeping the order of equal keys.  A pair that no op
 * touches is copied byte for byte.  *changed is 1 when an op matched or appended, or the
 * sort moved a pair: dst then holds the pairs joined by the query's first separator ('&'
 * when it has none; ';' with CURI_QUERY_SEMICOLON), without empty pairs, and "" when
 * none is left (a caller editing a curi_uri may drop the query: curi set does).  Else
 * *changed is 0 and dst holds query unchanged.  Allocates nothing: the sort is an
 * insertion sort in dst, O(n * len) for n pairs written in len bytes.  The writer
 * contract; a NULL changed, a NULL ops with nops > 0, nops > CURI_QUERY_OPS_MAX, an
 * unknown op, a NULL key or pair with a length, an empty pair or one with a separator,
 * or an unknown flag bit is CURI_ERR_INVALID_ARG.
 */
int curi_query_edit(char *dst, size_t cap, size_t *outlen, curi_str query,
                    const curi_query_op *ops, size_t nops, unsigned flags, int *changed,
                    curi_error *err);

/*
 * ---------------------------------------------------------------------------
 * Reference resolution (RFC 3986 section 5)
 * ---------------------------------------------------------------------------
 */
enum { CURI_RESOLVE_NON_STRICT = 0x1 }; /* 5.2.2: "http:g" with an http base is relative */

/*
 * Resolve ref against base (section 5.2.2, with the merge of 5.2.3 and
 * remove_dot_segments of 5.2.4) and write the target URI, recomposed per 5.3.
 * base must have a scheme, else the result is CURI_ERR_BASE_NOT_ABSOLUTE; its
 * fragment is ignored.  The output always parses back to exactly the resolved
 * components: where the RFC's algorithm would produce a path that starts with "//"
 * without an authority (which would reparse as an authority), "/." is kept in
 * front of it.  As in 5.2.2, a reference with an empty path (and no scheme or
 * authority) keeps the base's path as it is, dot segments included, and the base's
 * query unless it has a query of its own.  Against "http://a/b/c/d;p?q", "../g?x#s"
 * gives "http://a/b/g?x#s" and the empty reference gives the base without its
 * fragment.  A hand-built base with an authority and a path not starting with '/'
 * gives CURI_ERR_STRUCTURE.  With CURI_RESOLVE_NON_STRICT (the non-strict parser of
 * 5.2.2), a reference whose scheme equals the base's, ignoring case, is taken as
 * relative: "http:g" against the base above gives "http://a/b/c/g", where the
 * strict default gives "http:g".
 */
int curi_resolve(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                 const curi_uri *ref, unsigned flags, curi_error *err);
/* Always enough for curi_resolve of these two; a NULL one counts as empty. */
size_t curi_resolve_bound(const curi_uri *base, const curi_uri *ref);

enum {
    CURI_RELATIVE_ABSPATH = 0x1, /* prefer "/x/y" to a relative-path form */
    CURI_RELATIVE_NETPATH = 0x2, /* prefer "//host/x" when the authority is kept */
    CURI_RELATIVE_IGNORE_CASE = 0x4 /* the scheme and the host (its zone ID aside) match
                                       without regard to ASCII case (RFC 3986 3.1, 3.2.2):
                                       the reference then resolves to the target spelt as
                                       the base spells them */
};

/*
 * The shortest reference that curi_resolve (strict) turns, against base, back into
 * target with its dot segments removed (the inverse of curi_resolve); the output has
 * the target's dot segments removed too.  Both must have a scheme: base without one is
 * CURI_ERR_BASE_NOT_ABSOLUTE, target without one CURI_ERR_SCHEME_MISSING.
 * curi_relative_bound is always enough for it; a NULL base or target counts there as
 * empty.  The forms are chosen as follows:
 *   - When the schemes differ byte for byte (even "HTTP" against "http"), the full
 *     target.
 *   - When the authorities differ (userinfo, host and port compared byte for byte), a
 *     network-path reference ("//b/x"), or the full target when target has no
 *     authority.
 *   - When the authority is shared, the dot-free target path equals the base's path,
 *     and the target has a query or the base has none: a same-document reference,
 *     that is nothing when the queries are the same (the base's query is inherited),
 *     else "?query", followed by "#fragment" when the target has one.  Against
 *     "http://a/b/c/d;p?q", the target "http://a/b/c/d;p?q#f" gives "#f" and
 *     "http://a/b/c/d;p?y" gives "?y".
 *   - Otherwise the candidates are a relative-path reference (climbing with "../" out
 *     of the base's directories that the target does not share, with "./" in front
 *     when the first segment would be empty or contain a ':'), an absolute-path
 *     reference (with "/." in front of a path that starts with "//"), a network-path
 *     reference when the target has an authority, and the full target.  The shortest
 *     wins; on a tie the more relative form (relative path, then absolute path, then
 *     network path).  Against the same base, "http://a/b/c/g" gives "g",
 *     "http://a/b/c/a:b" gives "./a:b", "http://a/b/" gives "../" and "http://a/x"
 *     gives "/x".
 * Except for a same-document reference, the target's query and fragment follow when
 * present.  CURI_RELATIVE_ABSPATH: no relative-path reference for a target whose path
 * starts with '/' ("http://a/b/c/g" gives "/b/c/g").  CURI_RELATIVE_NETPATH:
 * "//host/x" whenever the authority is kept and the reference is not a same-document
 * one ("http://a/b/c/g" gives "//a/b/c/g").  CURI_RELATIVE_IGNORE_CASE (set by curi
 * relative): an IPv6 zone ID is still compared as written; against
 * "https://example.com/docs/a", "HTTPS://EXAMPLE.com/docs/x" gives "x", which resolves
 * to an equivalent URI rather than the same bytes; without the flag, a scheme or host
 * in another case gives the full target or a network-path reference.
 */
int curi_relative(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                  const curi_uri *target, unsigned flags, curi_error *err);
size_t curi_relative_bound(const curi_uri *base, const curi_uri *target);

/*
 * remove_dot_segments (5.2.4) of buf[0..len) in place; returns the new
 * length.  Linear time for any input.  A NULL buf gives 0, whatever len is.
 */
size_t curi_remove_dot_segments(char *buf, size_t len);

/*
 * ---------------------------------------------------------------------------
 * Normalization and comparison (RFC 3986 section 6)
 * ---------------------------------------------------------------------------
 */
enum {
    CURI_NORM_CASE = 0x01,       /* 6.2.2.1 lowercase scheme and host */
    CURI_NORM_PCT_HEX = 0x02,    /* 6.2.2.1 uppercase hex in "%hh" */
    CURI_NORM_UNRESERVED = 0x04, /* 6.2.2.2 decode %-encoded unreserved bytes */
    CURI_NORM_DOTS = 0x08,       /* 6.2.2.3 remove dot segments */
    CURI_NORM_PORT = 0x10,       /* 6.2.3 drop an empty or default port */
    CURI_NORM_EMPTY_PATH = 0x20, /* 6.2.3 "" path with authority -> "/" where the scheme says */
    CURI_NORM_IPV6 = 0x40,       /* RFC 5952 canonical text for IPv6 literals */
    CURI_NORM_SCHEME_RULES = 0x80, /* 6.2.3 the scheme layer's own rules (file localhost,
                                      gopher type 1, news *, ldap defaults, urn NID and
                                      mailto domain case, tel separators and parameter
                                      order, data default type: curi_normalize lists them) */
    CURI_NORM_SYNTAX = 0x0F,     /* CASE | PCT_HEX | UNRESERVED | DOTS */
    CURI_NORM_SCHEME = 0xB0,     /* PORT | EMPTY_PATH | SCHEME_RULES */
    CURI_NORM_DEFAULT = 0xBF     /* SYNTAX | SCHEME */
};

/*
 * Write the normalized form of u (section 6.2); normalizing the output again changes
 * nothing.  The output is recomposed as by curi_recompose, except that a path without an
 * authority that would start with "//" keeps "/." in front of it, as with curi_resolve.
 * A hand-built u with a host and a path not starting with '/' gives CURI_ERR_STRUCTURE.
 * curi_normalize_bound(u) is always enough (0 for a NULL u).  Each bit of mask selects
 * one step:
 *   CURI_NORM_CASE (6.2.2.1): lowercase the scheme and the host (a reg-name, or an IP
 *     literal apart from its zone ID, which keeps its case).
 *   CURI_NORM_PCT_HEX (6.2.2.1): uppercase the hex digits of every %hh triplet that stays
 *     encoded, in every component.
 *   CURI_NORM_UNRESERVED (6.2.2.2): decode the triplets of unreserved characters (ALPHA
 *     DIGIT - . _ ~) in every component; a decoded letter in the host is lowercased when
 *     CURI_NORM_CASE is set too.
 *   CURI_NORM_DOTS (6.2.2.3): apply remove_dot_segments (5.2.4) to the path of a URI with
 *     a scheme and to the absolute path of a relative reference, counting %2E (either
 *     case) as '.'; a relative-path reference keeps its dot segments, which only
 *     resolution can remove.
 *   CURI_NORM_PORT (6.2.3): drop an empty port, and a port whose value is the scheme's
 *     default port in the scheme table ("http://a:80/" and "http://a:080/" become
 *     "http://a/").
 *   CURI_NORM_EMPTY_PATH (6.2.3): write "/" for an empty path beside an authority, only
 *     for schemes whose table entry has CURI_SCHEME_EMPTY_PATH_SLASH (so "http://a"
 *     becomes "http://a/" but "foo://a" stays as it is).
 *   CURI_NORM_SCHEME_RULES (6.2.3): the scheme layer's own rules, each from its scheme's
 *     documents; see the next paragraph.
 *   CURI_NORM_IPV6: rewrite an IPv6 literal in the RFC 5952 text form: lowercase hex
 *     without leading zeros, the longest run of two or more zero groups (the first on a
 *     tie) as "::", and an IPv4-mapped address (::ffff:0:0/96) with its last 32 bits
 *     dotted; a zone ID is kept.  It is in none of the composites (CURI_NORM_SYNTAX, 6.2.2;
 *     CURI_NORM_SCHEME, 6.2.3; CURI_NORM_DEFAULT, both): add it to the mask to get it.
 * With CURI_NORM_DEFAULT, "HTTP://Example.COM:80" becomes "http://example.com/" and
 * "http://a/%7e/./b" becomes "http://a/~/b".
 *
 * CURI_NORM_SCHEME_RULES: "file://localhost/p" becomes "file:///p" (RFC 8089; localhost in
 * any case); "gopher://h" and "gopher://h/" become "gopher://h/1" (RFC 4266: an empty
 * gopher-path is type 1); a news URI naming the groups '*' of server s ("news://s/" and
 * then '*') becomes "news://s/" (RFC 5538); an ldap query loses
 * its trailing parts that are empty, the attribute list "*", the scope "base" or the filter
 * "(objectClass=*)" (RFC 4516 3), so "ldap://h/o=x?cn?base" becomes "ldap://h/o=x?cn" and
 * "ldap://h/?" becomes "ldap://h/".  A URN is written without decoding and without dot
 * removal anywhere in it, whatever the other bits say (RFC 8141 3.1 compares the NSS octet
 * by octet: only hex digits change case), and when curi_scheme_check accepts it its NID is
 * lowercased, so "URN:Example:a%7e?+R" becomes "urn:example:a%7E?+R"; its r-, q- and
 * f-components are kept, although URN-equivalence ignores them, because they still say
 * something to a resolver or to the resource.  A mailto URI that curi_scheme_check accepts
 * has the domain of each address (after its last '@'), every header name and the domains
 * of to= values lowercased (RFC 6068 2), so "mailto:Joe@Example.COM?Subject=Hi" becomes
 * "mailto:Joe@example.com?subject=Hi"; local parts and other header values keep their case,
 * and a triplet is never touched.  Addresses are not moved between the path and to=
 * fields, so "mailto:a,b" and "mailto:?to=a,b" stay two forms that only curi_compare calls
 * equivalent.  A tel URI that curi_scheme_check accepts loses the visual separators
 * - . ( ) of its number (before the first ';') and has its path lowercased outside
 * triplets (RFC 3966 4), and is never decoded (its parameter names admit no triplet, so
 * decoding could make curi_scheme_check accept what it refused, and a second pass would
 * then do what the first did not), so "tel:+1(201)555.0123;EXT=1" becomes
 * "tel:+12015550123;ext=1"; its parameters are put in RFC 3966 3's order (isub or ext
 * first, then phone-context, then the others by name), so
 * "tel:7042;zz;phone-context=x.com;EXT=1" becomes "tel:7042;ext=1;phone-context=x.com;zz",
 * when there are at most 32 of them and no name comes twice (otherwise they keep their
 * order, and two orders stay equivalent only to curi_compare).  A data URI that
 * curi_scheme_check accepts is written without RFC 2397's default media type
 * ("data:text/plain;charset=US-ASCII,x" and "data:;charset=US-ASCII,x" become "data:,x"),
 * with text/plain before parameters that have no type ("data:;charset=utf-8,x" becomes
 * "data:text/plain;charset=utf-8,x"), and with its type, subtype, parameter names, the
 * value of charset (RFC 2046 4.1.2) and base64 lowercased; other parameter values and the
 * data keep their case.  URN, mailto, tel and data paths are never dot-removed: they are
 * not hierarchical.  nntp beside news and file:/p beside file:///p are likewise
 * comparisons only.  Nothing else changes, and the meaning never does: ftp's %2F stays
 * %2F, a URN's NSS is never decoded.
 */
int curi_normalize(char *dst, size_t cap, size_t *outlen, const curi_uri *u, unsigned mask,
                   curi_error *err);
size_t curi_normalize_bound(const curi_uri *u);
/*
 * *result = 1 when curi_normalize(u, mask) would reproduce u's recomposition exactly,
 * else 0 (and CURI_OK).  CURI_ERR_INVALID_ARG for a NULL u or result or a mask with unknown bits;
 * the error of curi_normalize (CURI_ERR_STRUCTURE) for a hand-built u it refuses.  On
 * any error *result is 0.
 */
int curi_is_normalized(const curi_uri *u, unsigned mask, int *result, curi_error *err);

/* The rungs of the comparison ladder of section 6.2. */
typedef enum curi_equiv {
    CURI_EQ_NONE = 0,   /* not equivalent at any level tried */
    CURI_EQ_STRING = 1, /* 6.2.1 simple string comparison */
    CURI_EQ_SYNTAX = 2, /* 6.2.2 after syntax-based normalization */
    CURI_EQ_SCHEME = 3  /* 6.2.3 after scheme-based normalization too */
} curi_equiv;

/*
 * Compare a and b climbing the ladder up to max_level: *level is the first rung at
 * which they are equal, or CURI_EQ_NONE (and CURI_OK).  CURI_ERR_INVALID_ARG for a NULL
 * a, b or level and a max_level that is not one of the rungs; CURI_ERR_STRUCTURE (as
 * from curi_normalize) when a or b is a hand-built reference curi_normalize refuses.  On
 * any error *level is CURI_EQ_NONE, so that "bad argument" and "not equivalent" are
 * never one answer.  Does not allocate.  The rungs:
 *   CURI_EQ_STRING (6.2.1): the recompositions are equal byte for byte.
 *   CURI_EQ_SYNTAX (6.2.2): equal after curi_normalize with CURI_NORM_SYNTAX.
 *   CURI_EQ_SCHEME (6.2.3): equal after curi_normalize with CURI_NORM_DEFAULT (syntax-
 *     and scheme-based), or equivalent by a scheme's rule that has no canonical form (or
 *     whose canonical form normalization does not write); the next paragraph lists them.
 * So "http://a/%7e" and "http://a/~" are CURI_EQ_SYNTAX, and "http://a" and
 * "HTTP://A:80/" are CURI_EQ_SCHEME.  RFC 5952 IPv6 text is not part of the ladder.
 *
 * The schemes' rules of CURI_EQ_SCHEME: URN-equivalence (RFC 8141 3.1: the NID without
 * regard to case, the NSS as written but for the case of hex digits, the r-, q- and
 * f-components ignored, so "urn:EXAMPLE:a?+x" and "urn:example:a" are equivalent);
 * mailto's recipients (RFC 6068 2: the same addresses in the same order, in the path or
 * in to= header fields, the domain without regard to case; the other header fields in
 * order, their names without regard to case); tel numbers (RFC 3966 4: both global or
 * both local, the same digits without the visual separators - . ( ), the same parameters
 * by name in any order, all without regard to case, a phone-context that is a global
 * number digit by digit without its separators; out of order only up to 32 parameters on
 * each side, each name once, else they must be in the same order); data URIs (RFC 2397 3:
 * the same effective media type, an omitted one being text/plain;charset=US-ASCII, names
 * and the charset value without regard to case; the same data as written, or the same
 * octets once decoded, base64 or not, so "data:,A" and "data:;base64,QQ==" are
 * equivalent; base64 that is not valid, padding and pad bits included, is equivalent only
 * to its own text); an nntp URL of a group and the news URL of the same group on the same
 * server (RFC 5538 3); a file URI without an authority and the same with an empty one
 * ("file:/p" and "file:///p", RFC 8089 2; normalization does not add the authority, since
 * a path that becomes absolute only when its dot segments go would gain one on a second
 * pass); a file URI's drive letter without regard to case, and "file:c:/x" beside
 * "file:///c:/x" (RFC 8089 E.2; the rest of the path keeps its case and its dot
 * segments); info URIs (uri(7): a missing or empty node is Top, "info:(gcc)" is
 * "info:gcc", and the GNOME form's '_' is the KDE form's space, so
 * "info:gcc#Option_Summary" and "info:(gcc)Option%20Summary" are equivalent; a file name
 * with a '/' is RFC 4452's info scheme and has no such rule); ldap and ldaps URLs (RFC
 * 4516 3, 4: the URL layer decoded first, then: the scope token without regard to case,
 * base when absent; attribute descriptions without regard to case, their options in any
 * order (RFC 4512 2.5), the list "*" the same as none; the dn's attribute types without
 * regard to case and each multi-valued RDN a set (RFC 4514 2.2), so "ldap://h/CN=a+SN=b"
 * and "ldap://h/sn=b+cn=a" are equivalent, the RDNs in order, values compared as the
 * octets their escapes stand for (RFC 4514 3), with their case; the filter
 * "(objectClass=*)" without regard to case the same as none, another filter as its
 * decoded bytes; the extensions as written.  Up to 16 AVAs in an RDN and 16 options in a
 * description are compared as a set, more in the order written).  Normalization writes
 * none of the case folds of file, info and ldap, nor tel's phone-context digits or data's
 * octets: the writers that would do it are not among the scheme layer's views and folds.
 *
 * A URN's NSS is compared octet by octet at every rung (RFC 8141 3.1 takes precedence over
 * RFC 3986 6.2.2.2 and 6.2.2.3 for it): no level of curi_normalize decodes a triplet or
 * removes a dot segment in a URN, so "urn:example:a%41" and "urn:example:aA" are not
 * equivalent at any rung, and curi_normalize writes "urn:example:a%41" for
 * "urn:EXAMPLE:a%41" with CURI_NORM_SYNTAX as with CURI_NORM_DEFAULT.
 */
int curi_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, curi_equiv *level,
                 curi_error *err);

/*
 * ---------------------------------------------------------------------------
 * The scheme registry (RFC 1738, RFC 1630, uri(7), and the schemes' own RFCs)
 * ---------------------------------------------------------------------------
 * The library knows a set of schemes (the scheme's own RFC, RFC 1738, or the uri(7)
 * list): for each, the default port and the path rule used by scheme-based
 * normalization, with the documents each value comes from.  Each known scheme is an
 * opaque, read-only curi_scheme, read through the functions below (its layout is the
 * library's to change), so that the registry can grow (the scheme layer adds each
 * scheme's grammar, parts and equivalence to its entry) without changing what callers
 * see.  curi_scheme_at lists them all:
 *
 *     for (size_t i = 0; (s = curi_scheme_at(i)) != NULL; i++)
 *         printf("%s %d\n", curi_scheme_name(s), curi_scheme_default_port(s));
 *
 * Each accessor accepts NULL and then returns NULL, -1 or 0, so
 * curi_scheme_default_port(curi_scheme_find(name, len)) is -1 for an unknown scheme.
 * The registry is the library's only scheme table: scheme-based normalization, the
 * scheme rung of curi_compare, curi_scheme_check, curi_scheme_parts_get, the lint's
 * default ports, web and host rules, curi_extract and curi open all read it, so a
 * scheme's default port is the same wherever it matters: for S://h:P/ with P its default
 * port, curi_lint says port-not-canonical, curi_normalize drops ":P" and
 * curi_scheme_default_port returns P (the test suite holds every entry to this).  The
 * registry holds, among others, http (80), https (443), ws (80), wss (443), ftp (21),
 * ldap (389), file and mailto (none).
 */
enum {
    CURI_SCHEME_EMPTY_PATH_SLASH = 0x1, /* "" path with authority equals "/"
                                           (CURI_NORM_EMPTY_PATH uses it) */
    CURI_SCHEME_HIERARCHICAL = 0x2,     /* uses "//" authority */
    CURI_SCHEME_WEB = 0x4,           /* the web's own schemes (http, https, ws, wss) */
    CURI_SCHEME_HOST_REQUIRED = 0x8, /* a URI of it names a host: no authority, or an empty
                                        host, is an error (RFC 3986 3.2.2's http example;
                                        the lint's host-missing) */
    CURI_SCHEME_DANGEROUS = 0x10,    /* following it runs script or shows content the URI
                                        carries (javascript, vbscript, data: the lint's
                                        scheme-dangerous, which curi open refuses) */
    CURI_SCHEME_EXTRACT = 0x20,      /* curi_extract knows it in running text (uri(7), RFC
                                        1738: its URIs may be broken across lines) */
    CURI_SCHEME_DNS_HOST = 0x40      /* its host (mailto: its addresses' domain) is a DNS
                                        name, so an IRI's may become an A-label (RFC 3987 3.1) */
};

typedef struct curi_scheme curi_scheme;

/* Case-insensitive lookup of name[0..len); NULL when the scheme is not known (or name is NULL). */
const curi_scheme *curi_scheme_find(const char *name, size_t len);
/* The i-th known scheme in name order (i from 0); NULL past the last one. */
const curi_scheme *curi_scheme_at(size_t i);
/* Its name, lowercase; NULL for a NULL scheme. */
const char *curi_scheme_name(const curi_scheme *s);
/* Its default port, or -1 when it has none (and for NULL). */
int curi_scheme_default_port(const curi_scheme *s);
/* Its CURI_SCHEME_* flags (0 for NULL). */
unsigned curi_scheme_flags(const curi_scheme *s);
/* The documents its values come from (NULL for NULL). */
const char *curi_scheme_source(const curi_scheme *s);
/* The layout of its parts (CURI_SK_*, curi_scheme_parts_get below), or CURI_SK_NONE when it
 * has none (and for NULL): known without a reference, so also for one its grammar refuses.
 * A layout without a part named "query" gives the query a meaning of its own (ldap's
 * attributes, scope and filter, mailto's headers, urn's q-component), or has none: curi
 * parse --json gives "params" (the query as form data) only for the other schemes. */
int curi_scheme_kind(const curi_scheme *s);
/* Whether its query is form data (key=value pairs joined by '&', curi_query_init): 1 for a
 * scheme without a layout (and for NULL, the generic syntax) and for one whose layout keeps
 * the query as a part named "query" (http, https, ws, wss); 0 when the layout gives the
 * query a meaning of its own or none.  The one answer the tool's and the bindings' "params"
 * follow. */
int curi_scheme_query_is_form(const curi_scheme *s);

/*
 * Judge a parsed reference by its scheme's own grammar, as the scheme's documents define
 * it: ftp, gopher, news, nntp, telnet, wais, prospero (RFC 1738, 4266, 5538, 4248), http
 * and https (RFC 9110), mailto (RFC 6068), file (RFC 8089), ldap and ldaps (RFC 4516 with
 * the dn of RFC 4514 and the filter of RFC 4515), urn (RFC 8141), data (RFC 2397), tel
 * (RFC 3966), ws and wss (RFC 6455), and the uri(7) schemes man, info, whatis and ghelp.
 * Returns CURI_OK when the reference keeps its scheme's rules, when its scheme has no
 * grammar of its own here (RFC 3986 is all there is to judge), and for a relative
 * reference; otherwise CURI_ERR_SCHEME_RULE with err->offset at the first offending byte,
 * counted from u->scheme.ptr (so: an offset into the input of curi_parse), and *rule set to
 * the broken rule's name ("ftp-typecode"; static storage; curi_scheme_rule_message gives
 * its sentence and source).  Parts whose meaning is text (an ftp name, a mailto address, an
 * ldap dn) are judged percent-decoded; the checks walk each component once and never
 * allocate.  u must come from curi_parse (or be built of views into one buffer that starts
 * at u->scheme.ptr).  flags must be 0 (no flag is defined yet: any bit is
 * CURI_ERR_INVALID_ARG, as is a NULL u).  rule and err may be NULL; *rule is NULL but after
 * CURI_ERR_SCHEME_RULE.  The rules, by scheme:
 *   - ftp: ftp-host, ftp-query, ftp-typecode (the first ';' of the path starts exactly
 *     ";type=" and one of a, i, d at its end).
 *   - http, https: http-host (userinfo is valid syntax; curi check reports it).
 *   - ws, wss: ws-host, ws-userinfo, ws-fragment.
 *   - gopher: gopher-host, gopher-userinfo, gopher-query, gopher-type, gopher-selector-crlf.
 *   - mailto: mailto-authority, mailto-addr-encoding (a raw '/', ';', '=' or '&' in an
 *     address), mailto-addr-spec (local-part@domain after decoding, also in a to= header;
 *     non-ASCII only as well-formed UTF-8, RFC 6532 3.2; a quoted local part keeps its
 *     spaces and commas, RFC 5322 3.2.4, so "mailto:%22a%20b%22@example.org" is valid and
 *     "mailto:?to=%22a%2Cb%22@x.example" is one address; CR and LF, folding, are
 *     refused), mailto-hfield, mailto-hfvalue.
 *   - news: news-host, news-path, news-query, news-article, news-group (a group may hold
 *     any percent-encoded octet, RFC 5538 2.2 and 3: "news:example.group.th%3Fse" is valid
 *     and names example.group.th?se; a name that decodes to "." or ".." is refused).
 *   - nntp: nntp-host, nntp-query, nntp-group (percent-encoded octets as in news:
 *     "nntp://s/n%2Fa" names the group n/a), nntp-article (1 to 16 digits).
 *   - telnet: telnet-host, telnet-query, telnet-path.
 *   - wais: wais-host, wais-userinfo, wais-database, wais-path, wais-search.
 *   - file: file-userinfo, file-port, file-query, file-path.
 *   - prospero: prospero-host, prospero-userinfo, prospero-query, prospero-path,
 *     prospero-field.
 *   - ldap, ldaps: ldap-authority, ldap-userinfo, ldap-path, ldap-dn, ldap-query,
 *     ldap-attributes, ldap-scope, ldap-filter, ldap-extension (a fourth '?' needs at
 *     least one extension after it: "ldap://h/????" is refused, "ldap://h/???" is not);
 *     the dn, the filter and each extension value must be well-formed UTF-8 once decoded
 *     (RFC 4514 3, RFC 4515 3, RFC 4511 4.1.2: a stray or overlong byte, a surrogate or a
 *     code point past U+10FFFF breaks the element's rule).
 *   - urn: urn-authority, urn-nid, urn-nss, urn-query, urn-r-component, urn-q-component.
 *   - data: data-authority, data-comma, data-mediatype, data-base64 (base64 data, once
 *     decoded, is whole quanta of four characters of the RFC 4648 4 alphabet, so its
 *     length is a multiple of four and empty data is valid, '=' or '==' only at the end
 *     and with zero pad bits: "QQ==" and "QQ%3D%3D" are valid, "A", "ABC==", "AAAAA"
 *     and "QR==" are not).
 *   - tel: tel-authority, tel-query, tel-number, tel-param, tel-ext, tel-isub,
 *     tel-isub-ext, tel-phone-context (a phone-context is '+' digits or an RFC 3966 3
 *     domainname: letter, digit and hyphen labels that start and end with a letter or
 *     digit, the last one starting with a letter, one optional final dot; so "-a",
 *     "a..b", "1com" and "9" are refused).
 *   - man: man-form, man-name, man-section; info: info-form, info-file; whatis:
 *     whatis-form, whatis-string; ghelp: ghelp-form, ghelp-application.
 * Where the documents leave a case open, the choice made here:
 *   - a '?' in an ftp, gopher or prospero path is a query under RFC 3986 and refused
 *     (write %3F); ";type=" is read without regard to case;
 *   - a file URI's query is refused (RFC 8089 has none), and "file:c:/x" (Appendix E.2)
 *     is accepted; "news:" with nothing after it matches the ABNF and is accepted;
 *   - in mailto an empty header name and a second '?' are refused, a raw '/' in a header
 *     value and a fragment are accepted;
 *   - a dn with spaces around its separators is refused (RFC 4514 has none), an ldap
 *     fragment accepted, an ldap filter nested deeper than 64 levels refused;
 *   - urn NIDs that start with "X-", have two letters or start with "xn--" are accepted
 *     (registration limits);
 *   - KDE's "man:(index)" is refused (no name), a section may carry a suffix ("3p"); a man
 *     name or section and an info file name may not hold '/' or %2F (man(1) and info(1)
 *     read such a name as a file path: "man:/etc/hostname", "man:printf(3/../x)",
 *     "info:(/etc/passwd)"; RFC 4452's info:lccn/... is another scheme of the same name);
 *   - the order of tel parameters is not checked, and names other than ext, isub and
 *     phone-context may repeat;
 *   - base64 data may hold nothing but its alphabet and final padding (no white space or
 *     line breaks: RFC 2397 is silent, RFC 4648 3.3 rejects characters outside the
 *     alphabet), must be padded to a multiple of four (RFC 4648 3.2), and must set its pad
 *     bits to zero (RFC 4648 3.5 lets decoders reject otherwise: one octet string, one
 *     base64 form).
 */
int curi_scheme_check(const curi_uri *u, unsigned flags, const char **rule, curi_error *err);
/* What a rule of curi_scheme_check asks, one sentence with its source ("a ';' in an ftp
 * path ... (RFC 1738 3.2.2)"); NULL for a name that is not a rule.  Static storage. */
const char *curi_scheme_rule_message(const char *rule);

/*
 * ***************************************************************************
 * EXPERIMENTAL: scheme parts
 * ***************************************************************************
 * Everything from here up to the Batches section (curi_scheme_parts_get, the
 * part names and types, the list cursors, curi_split_at) may still change in a
 * minor release: outside the stability promise (Conventions, "Experimental").
 */
/*
 * The parts a scheme's documents name, as views into the input (zero-copy).  kind says
 * which layout part[] follows (CURI_SK_*; CURI_SK_NONE for a scheme outside the layer and
 * a relative reference: nothing filled), form and flags what the scheme adds:
 *
 *   kind      part[0..]                                                    form / flags
 *   FTP       user password host port cwd* name typecode
 *   HTTP      user password host port path query fragment                 (http, https)
 *   GOPHER    host port gophertype selector search gopher_plus fragment
 *   MAILTO    to* headers* fragment
 *   NEWS      server port user article newsgroups fragment
 *   NNTP      server port user group article_number password
 *   TELNET    user password host port
 *   WAIS      host port database search wtype wpath                        CURI_WAIS_*
 *   FILE      host path drive                                              CURI_FILE_HOST_*
 *   PROSPERO  host port hsoname fields*
 *   LDAP      host port dn attributes* scope filter extensions*           (ldap, ldaps)
 *   URN       nid nss r_component q_component f_component
 *   MAN       name section fragment
 *   INFO      file node                                                    CURI_INFO_*
 *   WHATIS    string fragment;  GHELP  application fragment
 *   WS        host port path query                                         CURI_SP_SECURE
 *   TEL       number params*                                               CURI_TEL_*
 *   DATA      mediatype data                                 CURI_SP_BASE64, CURI_SP_QUERY
 *
 * A part is absent (ptr NULL) when the reference does not have it.  Parts marked * are
 * lists: walk them with curi_list_init_type(c, part, curi_scheme_part_type(kind, i)); an
 * absent list has no items, a present empty one has one empty item.  Each part is raw;
 * curi_scheme_part_type says which ones mean decoded text (CURI_SPT_DECODE: decode them with
 * curi_pct_decode), whose items are name=value pairs (CURI_SPT_PAIRS: split them with
 * curi_split_at) and which are lists of mail addresses (CURI_SPT_ADDRESSES: a ',' inside a
 * quoted local part, "a,b"@x written %22a,b%22@x, or inside a domain literal does not split
 * them; the value of a mailto to= header is such a list too, and mailto equivalence and
 * curi parse --scheme --json split both this way).  The user and password are the
 * userinfo before and after its first ':' (nntp's password comes last, after the parts its
 * layout had before); an ftp cwd list holds the segments before the name (%2F stays in its
 * segment: "/%2Fetc/motd" has the cwd "%2Fetc"); gophertype is the byte after the first
 * '/' (absent for an empty gopher path, which means type 1), and the selector, search and
 * gopher+ string are split at the %09 triplets; news has either an article (a Message-ID:
 * it has an '@') or newsgroups; a group or newsgroups may hold any percent-encoded octet
 * (news:a.th%3Fse is the group a.th?se once decoded); an ldap query gives its four
 * '?'-separated parts, an empty one absent.
 */
enum {
    CURI_SK_NONE = 0, CURI_SK_FTP = 1, CURI_SK_HTTP = 2, CURI_SK_GOPHER = 3,
    CURI_SK_MAILTO = 4, CURI_SK_NEWS = 5, CURI_SK_NNTP = 6, CURI_SK_TELNET = 7,
    CURI_SK_WAIS = 8, CURI_SK_FILE = 9, CURI_SK_PROSPERO = 10, CURI_SK_LDAP = 11,
    CURI_SK_URN = 12, CURI_SK_MAN = 13, CURI_SK_INFO = 14, CURI_SK_WHATIS = 15,
    CURI_SK_GHELP = 16, CURI_SK_WS = 17, CURI_SK_TEL = 18, CURI_SK_DATA = 19
};
enum { CURI_WAIS_DATABASE = 0, CURI_WAIS_SEARCH = 1, CURI_WAIS_DOCUMENT = 2 };
enum {
    CURI_FILE_HOST_ABSENT = 0, /* file:/path */
    CURI_FILE_HOST_EMPTY = 1,  /* file:///path */
    CURI_FILE_HOST_LOCALHOST = 2,
    CURI_FILE_HOST_NAMED = 3
};
enum { CURI_INFO_GNOME = 0, CURI_INFO_KDE = 1 }; /* info:file#node, info:(file)node */
enum { CURI_TEL_GLOBAL = 0, CURI_TEL_LOCAL = 1 };
/* CURI_SP_QUERY: data's part ends with the path, and its data goes on with '?' and the
 * reference's query (RFC 2397 data may hold a '?'; each part is a view of one component). */
enum { CURI_SP_SECURE = 0x1, CURI_SP_BASE64 = 0x2, CURI_SP_QUERY = 0x4 };
/* 16 slots: the longest layout today (ftp, http, gopher, ldap) uses 7; the rest is room for
 * later layouts, so that the struct keeps its size. */
enum { CURI_SCHEME_PARTS_MAX = 16 };

typedef struct curi_scheme_parts {
    uint8_t kind;  /* CURI_SK_* */
    uint8_t form;  /* the scheme's CURI_WAIS_*, CURI_FILE_HOST_*, CURI_INFO_*, CURI_TEL_* */
    uint8_t flags; /* CURI_SP_* */
    uint8_t reserved;
    curi_str part[CURI_SCHEME_PARTS_MAX];
} curi_scheme_parts;

/*
 * Check u with curi_scheme_check (same arguments, same failure) and, when it keeps its
 * scheme's rules, fill *out; else (and for a NULL u or a flag bit: flags must be 0) *out
 * has kind CURI_SK_NONE and every part absent.  Never allocates.  A NULL out is
 * CURI_ERR_INVALID_ARG.
 */
int curi_scheme_parts_get(curi_scheme_parts *out, const curi_uri *u, unsigned flags,
                          const char **rule, curi_error *err);
/* The name of part i of kind ("cwd"; the JSON key of curi parse --scheme --json), NULL past
 * the last; the kind's name ("ftp") for i == -1.  Static storage. */
const char *curi_scheme_part_name(int kind, int i);
/* What part i of kind holds: the list separator in the low byte (0: not a list), and
 * CURI_SPT_DECODE (text: decode it), CURI_SPT_PAIRS (items are name=value),
 * CURI_SPT_ADDRESSES (items are RFC 6068 addresses, split outside their quoted strings),
 * CURI_SPT_PORT, CURI_SPT_OPTIONAL and CURI_SPT_DEFAULT (below).  A program can show any
 * scheme's parts from these alone: curi parse --scheme --json does, beside the values a
 * scheme derives from them. */
enum {
    CURI_SPT_DECODE = 0x100,
    CURI_SPT_PAIRS = 0x200,
    CURI_SPT_ADDRESSES = 0x400,
    CURI_SPT_PORT = 0x800,     /* a port: decimal digits, a number */
    CURI_SPT_OPTIONAL = 0x1000, /* only some forms of the scheme have it: absent means "not
                                   this form" rather than "empty" (news's article or
                                   newsgroups, a fragment the scheme gives no meaning) */
    CURI_SPT_DEFAULT = 0x2000  /* an absent list means the scheme's default (ldap: every
                                  attribute), not an empty one */
};
unsigned curi_scheme_part_type(int kind, int i);

/* Items of a list separated by sep (see curi_scheme_parts), split at every sep (a NULL c:
 * nothing is done). */
void curi_list_init(curi_cursor *c, curi_str list, char sep);
/* The same for a part of type type (curi_scheme_part_type): its separator, and with
 * CURI_SPT_ADDRESSES (and ','), no split inside a quoted local part or a domain literal.
 * CURI_ERR_INVALID_ARG for a NULL c and for a type with a bit that is neither the
 * separator byte nor a CURI_SPT_* bit (the cursor then yields nothing). */
int curi_list_init_type(curi_cursor *c, curi_str list, unsigned type, curi_error *err);
/* Walks either: 1 with *item set, 0 when done (and for a NULL c or item). */
int curi_list_next(curi_cursor *c, curi_str *item);
/* s split at its first byte ch: *before and *after (absent when ch does not occur; then
 * *before is s).  Either output may be NULL. */
void curi_split_at(curi_str s, char ch, curi_str *before, curi_str *after);

/*
 * ---------------------------------------------------------------------------
 * Batches: many inputs per call, for bindings
 * ---------------------------------------------------------------------------
 * EXPERIMENTAL: this family (curi_row, curi_parse_many, curi_valid_many,
 * curi_normalize_many, curi_parse_lines, curi_normalize_lines) is outside the
 * stability promise of 0.3: its signatures and curi_row may change in a minor
 * release.
 *
 * These are for bindings, where each call into C has a fixed cost.  Two input shapes, the ones
 * bindings hold (the 0.2 form over one block and n + 1 offsets is gone: spans cover it
 * at the cost of one pass, and every client so far holds either separate strings or a
 * block of lines):
 *   - spans: an array of n curi_str, input i is inputs[i].ptr[0 .. inputs[i].len)
 *     (the strings of a list, or an Arrow column's data and offsets turned into
 *     spans in one pass);
 *   - lines: one block of text of '\n'-separated inputs, as a file holds them.
 *     A '\r' just before a '\n' belongs to the line end, as for curi(1)'s input
 *     lines; any other '\r' (one ending text with no '\n' after it too) is part
 *     of its input.  A last line without '\n' is an input; text ending in '\n'
 *     has no empty input after it, so "" holds no input and "\n" one empty
 *     input (the empty reference, valid).  An empty line is an empty input.
 * Each input is handled exactly as curi_parse and curi_normalize handle it on
 * its own (an input span with ptr NULL and len > 0 gets that input's
 * CURI_ERR_INVALID_ARG).  The calls follow the error model: CURI_OK, or
 * CURI_ERR_NOSPACE when the outputs did not all fit (the call says how far it
 * got, so the caller goes on from there), or CURI_ERR_INVALID_ARG (offset 0)
 * for misuse: a parse flag or mask bit the function does not know, rows, inputs,
 * ends or a count pointer NULL (rows, inputs and ends may be NULL when there are
 * no inputs; codes may always be), text NULL with len > 0, dst NULL with a cap > 0.  After misuse
 * every count out-parameter is 0 and no array is written.
 */
enum { CURI_ROW_PARTS = 7 }; /* the curi_part values, scheme to fragment */

/* One input's parse, fixed-width (64 bytes, so that a binding can read the rows as a record
 * array): offsets into that input, not into a block. */
typedef struct curi_row {
    uint32_t off[CURI_ROW_PARTS]; /* by curi_part; CURI_ROW_ABSENT when absent */
    uint32_t len[CURI_ROW_PARTS];
    uint16_t code;       /* CURI_OK or the error; on error every part is absent */
    uint8_t host_type;   /* a curi_host_type */
    uint8_t port_status; /* a curi_port_status */
    uint32_t value;      /* on error the offset of the first offending byte, else the
                            port number (0 unless port_status is CURI_PORT_VALID) */
} curi_row;

/*
 * Parse the n inputs into rows[0..n) (with CURI_PARSE_* flags); *valid = how
 * many have code CURI_OK.  Returns CURI_OK, or CURI_ERR_INVALID_ARG for misuse
 * (valid must not be NULL).
 */
int curi_parse_many(curi_row *rows, const curi_str *inputs, size_t n, unsigned flags,
                    size_t *valid, curi_error *err);

/*
 * Whether each of the n inputs parses (with CURI_PARSE_* flags), without its
 * parts: codes[i] (when codes is not NULL) = what curi_parse returns for input
 * i; *valid = how many are CURI_OK.  The cheap column for filtering: a row per
 * input costs as much again as the check.  Returns CURI_OK, or
 * CURI_ERR_INVALID_ARG for misuse (valid must not be NULL).
 */
int curi_valid_many(uint16_t *codes, const curi_str *inputs, size_t n, unsigned flags,
                    size_t *valid, curi_error *err);

/*
 * Parse (with parse_flags) and normalize (with the CURI_NORM_* mask) the n
 * inputs, writing the normalized forms one after the other into dst[0..cap)
 * and, for each input i done, ends[i] = where its output ends in dst (it
 * starts at ends[i-1], or 0) and codes[i] (when codes is not NULL) = CURI_OK
 * or the error of its parse or normalization; an input with an error has an
 * empty output.  *done = the number of inputs done.  Returns CURI_OK when all
 * n are done, CURI_ERR_NOSPACE when output k = *done < n did not fit: ends[k]
 * then holds where it would end, so a buffer of ends[k] bytes holds outputs
 * 0..k (and one of ends[k] - ends[k-1] bytes output k alone) and the call goes
 * on with inputs + k, n - k, a fresh dst, ends + k and codes + k.  done must not
 * be NULL; codes may be.
 */
int curi_normalize_many(char *dst, size_t cap, size_t *ends, uint16_t *codes,
                        const curi_str *inputs, size_t n, unsigned parse_flags, unsigned mask,
                        size_t *done, curi_error *err);

/*
 * curi_parse_many over the lines of text[0..len): row i and, when starts is
 * not NULL, starts[i] = the offset in text where line i begins (the row's
 * offsets are into the line), for at most cap lines (rows and starts hold cap
 * entries).  *lines = the number of lines
 * parsed, *used = the bytes of text they took (their '\n' included: the next
 * line begins at text + *used).  Returns CURI_OK when that is every line,
 * CURI_ERR_NOSPACE when more lines follow (the call goes on with text + *used,
 * len - *used).  rows may be NULL when cap is 0; lines and used must not be
 * NULL.  A caller that reads a stream in chunks passes the complete lines of a
 * chunk (up to its last '\n') and keeps the rest for the next one, since a last
 * line without '\n' counts as a whole input.
 */
int curi_parse_lines(curi_row *rows, size_t *starts, size_t cap, const char *text, size_t len,
                     unsigned flags, size_t *lines, size_t *used, curi_error *err);

/*
 * curi_normalize_many over the lines of text[0..len), for at most cap lines
 * (ends and codes hold cap entries).  *lines = the number of lines done,
 * *used = the bytes of text they took, as curi_parse_lines.  Returns CURI_OK
 * when that is every line, CURI_ERR_NOSPACE when more lines follow: either
 * cap lines are done (*lines == cap), or output k = *lines < cap did not fit
 * in dst and ends[k] holds where it would end, as for curi_normalize_many.
 * Either way the call goes on with text + *used, len - *used.  ends may be
 * NULL when cap is 0; lines and used must not be NULL; codes may be NULL.
 */
int curi_normalize_lines(char *dst, size_t dcap, size_t *ends, uint16_t *codes, size_t cap,
                         const char *text, size_t len, unsigned parse_flags, unsigned mask,
                         size_t *lines, size_t *used, curi_error *err);

/*
 * ***************************************************************************
 * EXPERIMENTAL: lint
 * ***************************************************************************
 * Everything from here up to the Extraction section (curi_lint and its rules,
 * options and messages) may still change in a minor release: outside the
 * stability promise (Conventions, "Experimental").
 */
/*
 * ---------------------------------------------------------------------------
 * Lint: security and reliability findings (curi check)
 * ---------------------------------------------------------------------------
 * One call runs every rule of the catalogue (../shared/specs/lint-rules.md in
 * the source tree; curi(1) lists them, with their severities and examples, under
 * check) over one input, valid or not.  A finding
 * is a rule, its severity, a half-open byte span [start, end) into the input
 * and a rule-specific detail that curi_lint_message turns into the sentence.
 * Rule numbers and names are an interface: never renamed or reused.  An input that
 * is not an RFC 3986 URI reference gets syntax-invalid at exactly the offset
 * curi_parse reports, beside every rule that its lenient split (Appendix B of RFC
 * 3986, with a valid scheme) triggers.
 */
typedef enum curi_lint_rule {
    CURI_LINT_SYNTAX_INVALID = 1,
    CURI_LINT_RAW_CONTROL_OR_SPACE = 2,
    CURI_LINT_RAW_BACKSLASH = 3,
    CURI_LINT_PCT_MALFORMED = 4,
    CURI_LINT_RELATIVE_COLON_FIRST_SEGMENT = 5,
    CURI_LINT_SCHEME_DANGEROUS = 6,
    CURI_LINT_SCHEME_FILE = 7,
    CURI_LINT_SCHEME_LOOKS_LIKE_HOST = 8,
    CURI_LINT_AUTHORITY_MULTIPLE_AT = 9,
    CURI_LINT_AUTHORITY_LOOKALIKE = 10,
    CURI_LINT_NETWORK_PATH_REFERENCE = 11,
    CURI_LINT_HOST_MISSING = 12,
    CURI_LINT_USERINFO_PASSWORD = 13,
    CURI_LINT_USERINFO_IN_HTTP = 14,
    CURI_LINT_USERINFO_HOSTLIKE = 15,
    CURI_LINT_HOST_ENCODED_DELIMITER = 16,
    CURI_LINT_HOST_IPV4_RARE_FORM = 17,
    CURI_LINT_HOST_SPECIAL_ADDRESS = 18,
    CURI_LINT_HOST_IPV6_ZONE_ID = 19,
    CURI_LINT_HOST_IPV4_MAPPED_IPV6 = 20,
    CURI_LINT_HOST_TRAILING_DOT = 21,
    CURI_LINT_HOST_DNS_LENGTH = 22,
    CURI_LINT_HOST_NOT_DNS = 23,
    CURI_LINT_HOST_IDN = 24,
    CURI_LINT_FILE_REMOTE_HOST = 25,
    CURI_LINT_PORT_OUT_OF_RANGE = 26,
    CURI_LINT_PORT_OTHER_PROTOCOL = 27,
    CURI_LINT_PORT_NON_DEFAULT = 28,
    CURI_LINT_PORT_NOT_CANONICAL = 29,
    CURI_LINT_PCT_NUL = 30,
    CURI_LINT_PCT_CRLF = 31,
    CURI_LINT_PCT_CONTROL = 32,
    CURI_LINT_PCT_INVALID_UTF8 = 33,
    CURI_LINT_PCT_DOUBLE_ENCODED = 34,
    CURI_LINT_PCT_UNRESERVED = 35,
    CURI_LINT_PATH_ENCODED_DELIMITER = 36,
    CURI_LINT_PATH_DOT_ABOVE_ROOT = 37,
    CURI_LINT_PATH_DOT_WITH_PARAMS = 38,
    CURI_LINT_PATH_AMBIGUOUS_AUTHORITY = 39,
    CURI_LINT_LONG_COMPONENT = 40,
    /* 0.3 (lint-rules.md section 3) */
    CURI_LINT_MAILTO_DANGEROUS_HEADER = 41,
    CURI_LINT_HOST_MIXED_SCRIPT = 42,
    CURI_LINT_HOST_CONFUSABLE = 43,
    CURI_LINT_HOST_IDNA_MAPS_TO_ASCII = 44,
    CURI_LINT_PARSER_DIFFERENTIAL = 45, /* detail: bit 0 the hosts differ, bit 1 the ports */
    CURI_LINT_RULES = 45 /* the highest rule number */
} curi_lint_rule;

typedef enum curi_severity {
    CURI_SEVERITY_INFO = 1,
    CURI_SEVERITY_WARNING = 2,
    CURI_SEVERITY_ERROR = 3
} curi_severity;

/* One finding (32 bytes on LP64). */
typedef struct curi_finding {
    size_t start, end;  /* the span: input bytes [start, end); start == end is a point */
    uint32_t detail;    /* what the message needs beyond the span (rule-specific) */
    uint8_t rule;       /* a curi_lint_rule */
    uint8_t severity;   /* a curi_severity */
    uint16_t reserved;  /* zero */
    uint32_t reserved2[2];
} curi_finding;

/* A well-known port and who owns it, for port-other-protocol: protocol names it in the
 * message, schemes is the space-separated list of URI schemes that may use it ("" when
 * no URI scheme does, as for 53 dns). */
typedef struct curi_lint_port {
    uint32_t port;
    const char *protocol;
    const char *schemes;
} curi_lint_port;

enum { CURI_LINT_STRICT_3986 = 0x1 }; /* an RFC 6874 zone ID is syntax-invalid too (by
                                         default zone IDs are accepted, as by curi_parse;
                                         host-ipv6-zone-id fires either way) */

/* Options for curi_lint; a NULL options pointer means all zero. */
typedef struct curi_lint_options {
    unsigned flags;              /* CURI_LINT_STRICT_3986 */
    uint32_t disabled[2];        /* rule r is off when bit (r - 1) % 32 of disabled[(r - 1) / 32] is set */
    const curi_lint_port *ports; /* replaces the built-in well-known port table when not NULL
                                    (RFC 3986 section 7.2 asks for that) */
    size_t nports;
    void *reserved[2];           /* NULL */
} curi_lint_options;

/*
 * Run every enabled rule over s[0..len) (any bytes; s may be NULL when len is
 * 0).  *count is the number of findings; the first cap of them are written, in
 * order (by start, then rule, then end), to out[0..cap): with *count above cap
 * (still CURI_OK), call again with a larger array.  out may be NULL when cap is
 * 0.  No allocation; time linear in len (times log cap).  CURI_ERR_INVALID_ARG
 * (and *count 0) for an unknown bit in options->flags, a NULL count, a NULL out
 * with cap > 0 or NULL s with len > 0: a lint never answers "no findings" to a
 * question it did not understand.  Inputs longer than CURI_MAX_LEN are not an
 * error here: they get syntax-invalid and long-component only.
 */
int curi_lint(const char *s, size_t len, const curi_lint_options *options, curi_finding *out,
              size_t cap, size_t *count, curi_error *err);

/* "syntax-invalid" ... "parser-differential"; NULL for a number outside
 * 1..CURI_LINT_RULES. */
const char *curi_lint_rule_name(int rule);
/* The rule number of a name (exactly as curi_lint_rule_name gives it), 0 if none. */
int curi_lint_rule_from_name(const char *name, size_t len);
/* A rule's severity (a curi_severity), 0 for an unknown rule. */
int curi_lint_rule_severity(int rule);
/* "error", "warning", "info"; NULL for anything else. */
const char *curi_severity_name(int severity);

/*
 * The sentence for finding f of s[0..len) (the same input and options curi_lint
 * saw: a replacement port table names the protocols; options may be NULL),
 * into dst with the writer contract.  Input bytes quoted in it are copied as
 * they are: escape them before showing them on a terminal.  CURI_ERR_INVALID_ARG
 * for a NULL f, a finding curi_lint could not have given, NULL s with len > 0 and
 * an unknown bit in options->flags.
 */
int curi_lint_message(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                      const curi_lint_options *options, const curi_finding *f, curi_error *err);

/*
 * The sentences for findings f[0..n) of one input s[0..len) (each as curi_lint_message
 * gives it), one after another in dst: message i is dst[ends[i - 1], ends[i]) (the first
 * starts at 0).  The input is split once, so the n messages cost O(len + their length),
 * where n calls of curi_lint_message cost O(n * len).  ends[0..n) is always filled in.
 * CURI_OK when all n messages fit in cap; else CURI_ERR_NOSPACE, and only the first
 * *done < n did: message *done and those after it are missing, and a dst of ends[n - 1]
 * bytes holds them all, so one retry suffices.  *done is n on CURI_OK; done may be NULL.
 * A finding curi_lint could not have given gets an empty message.  CURI_ERR_INVALID_ARG,
 * filling nothing (*done 0), when ends is NULL, dst is NULL with cap > 0, s is NULL with
 * len > 0, f is NULL with n > 0 or options->flags has an unknown bit.  No allocation.
 */
int curi_lint_messages(char *dst, size_t cap, size_t *ends, const char *s, size_t len,
                       const curi_lint_options *options, const curi_finding *f, size_t n,
                       size_t *done, curi_error *err);

/*
 * ***************************************************************************
 * EXPERIMENTAL: extraction
 * ***************************************************************************
 * Everything from here up to the File paths section (the extractor, its
 * matches and flags) may still change in a minor release: outside the
 * stability promise (Conventions, "Experimental").
 */
/*
 * ---------------------------------------------------------------------------
 * Extraction: URIs in free text (curi extract)
 * ---------------------------------------------------------------------------
 * As curi extract does, by the rules R1-R15 of the project's extraction specification
 * (../shared/specs/extraction.md, kept with its specifications rather than in the
 * source tree; curi(1) summarizes them), after RFC 3986 Appendix C and uri(7): URIs in <...> (also
 * U+27E8...U+27E9, "URL:" allowed, whitespace inside removed), in "...", and
 * scheme-prefixed URIs in running text, cut to their longest valid prefix and
 * stripped of trailing punctuation; with CURI_EXTRACT_COMPLETE also www. and
 * ftp. abbreviations, completed with http:// and ftp://.  Every match, once
 * written by curi_extract_write, is a valid URI (curi_parse with
 * CURI_PARSE_URI); matches do not overlap and come in text order.
 *
 * Candidates are IRIs (RFC 3987): where a URI allows unreserved characters, a
 * candidate also goes on over well-formed UTF-8 of the code points RFC 3987 2.2 calls
 * ucschar (iprivate too, which only a query keeps: elsewhere the candidate is cut there,
 * as at any other invalid character).  Invalid UTF-8, other code points and these
 * non-ASCII stops end a candidate, as a space does: Unicode spaces (U+00A0, U+1680,
 * U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), invisible format characters
 * (U+200B-U+200F, U+202A-U+202E, U+2060-U+206F, U+FEFF), sentence punctuation (U+3001,
 * U+3002, U+FF01, U+FF0C, U+FF0E, U+FF1A, U+FF1B, U+FF1F, U+FF61, U+FF64, the vertical
 * forms U+FE10-U+FE19, U+2014 em dash, U+2026 ellipsis; U+2013 en dash is kept), and
 * quotes and brackets, opening and closing (U+00AB, U+00BB, U+2018-U+201F but
 * U+2015-U+2017, U+2039, U+203A, U+27E6-U+27EF, U+3008-U+3011, U+3014-U+301B,
 * U+301D-U+301F, U+FF02, U+FF07, U+FF08, U+FF09, U+FF1C, U+FF1E, U+FF3B, U+FF3D, U+FF5B,
 * U+FF5D, U+FF62, U+FF63).  An ASCII host label that runs straight into CJK text (Han,
 * kana, Hangul, full-width forms) ends before it: https://example.com followed directly
 * by Han text gives https://example.com; with CURI_EXTRACT_COMPLETE an abbreviated host
 * followed by another non-ASCII letter is no match.  With CURI_EXTRACT_IRI a match may
 * hold non-ASCII text (each written one is then a valid IRI, curi_parse with
 * CURI_PARSE_IRI; curi_iri_to_uri maps it to a URI).  Without it (the default of the
 * library, for the callers that want URIs) a candidate that holds a non-ASCII byte is
 * dropped whole, never cut short to a shorter URI, and scanning goes on after it: the
 * matches are exactly the matches of CURI_EXTRACT_IRI that are all ASCII.  curi extract
 * passes CURI_EXTRACT_IRI unless given --ascii.
 *
 * The extractor is an iterator over caller-owned text that may arrive in
 * blocks.  Without CURI_EXTRACT_MORE the text is all there is.  With it, the
 * text goes on after len: a match that could still change with more bytes is
 * not reported, and when curi_extract_next finds none, x->keep is the first
 * byte a later call still needs.  The caller then drops up to x->keep bytes
 * from the front (telling curi_extract_drop how many), appends what follows,
 * and calls again with the longer text (the last call goes without the flag); the
 * matches are those of the whole text at once, with offsets into the current text
 * (x->dropped bytes earlier in the whole: a match is at x->dropped + begin in it).  No
 * allocation; for one text, time is linear in len whatever the text (only '<', only
 * ':', only 'w' ...); a caller that grows its buffer when the kept bytes fill half of
 * it, and reads at least as many new bytes as it kept before calling again, stays
 * linear over the whole input.  The loop over one text:
 *
 *     curi_extractor x; curi_match m; char uri[4096]; size_t n; int found;
 *     curi_extract_init(&x, 0, NULL);
 *     while (curi_extract_next(&x, text, len, 0, &m, &found, NULL) == CURI_OK && found)
 *         if (curi_extract_write(uri, sizeof uri, &n, text, len, &m, NULL) == CURI_OK)
 *             printf("%.*s\n", (int)n, uri);
 */
enum {
    CURI_EXTRACT_COMPLETE = 0x1, /* curi_extract_init: also R13, www. -> http://, ftp. -> ftp:// */
    CURI_EXTRACT_MORE = 0x2,     /* curi_extract_next: the text goes on after len */
    CURI_EXTRACT_IRI = 0x4       /* curi_extract_init: IRIs (RFC 3987) too, non-ASCII kept */
};

/* What a match is (curi_match.flags). */
enum {
    CURI_MATCH_WS_REMOVED = 0x01,  /* R4: whitespace in [begin, end) is not part of the URI */
    CURI_MATCH_PREFIX_HTTP = 0x02, /* R13: "http://" goes in front */
    CURI_MATCH_PREFIX_FTP = 0x04,  /* R13: "ftp://" goes in front */
    CURI_MATCH_HYPHEN_BREAK = 0x08, /* R4: whitespace was removed right after a '-', which a
                                      typesetter may have added */
    CURI_MATCH_ANGLE = 0x10,       /* delimited by < > or U+27E8 U+27E9 (R2) */
    CURI_MATCH_QUOTE = 0x20        /* delimited by double quotes (R6); neither ANGLE nor
                                      QUOTE: running text */
};

/* One URI found: text[begin, end) without delimiters, with flags saying how to write it. */
typedef struct curi_match {
    size_t begin, end;
    uint32_t flags;    /* CURI_MATCH_* */
    uint32_t reserved; /* 0 */
} curi_match;

/* The iterator's state: pos, keep and dropped may be read; the rest is private. */
typedef struct curi_extractor {
    size_t pos;        /* where the scan goes on in the current text */
    size_t keep;       /* after a 0 return: the first byte a later call still needs */
    uint64_t dropped;  /* bytes given up with curi_extract_drop so far */
    size_t state[8];   /* private */
    uint32_t flags;    /* the curi_extract_init flags */
    uint32_t reserved[3];
} curi_extractor;

/*
 * Start an extractor (strict mode, or complete with CURI_EXTRACT_COMPLETE; IRIs
 * with CURI_EXTRACT_IRI).  CURI_ERR_INVALID_ARG for a NULL x or an unknown flag (x
 * is then left in a state that curi_extract_next refuses).
 */
int curi_extract_init(curi_extractor *x, unsigned flags, curi_error *err);
/*
 * The next URI in text[0..len) (any bytes; on every call the same text, or
 * that text with more bytes appended, and without the bytes curi_extract_drop
 * was told about): *found = 1 with *m filled, *found = 0 when there is none
 * before the end (with CURI_EXTRACT_MORE: none that more text cannot change); CURI_OK.
 * CURI_ERR_INVALID_ARG (and *found 0) for a NULL x, m or found, NULL text with
 * len > 0, an unknown flag, an extractor curi_extract_init refused or a text
 * shorter than x->pos.  No allocation.
 */
int curi_extract_next(curi_extractor *x, const char *text, size_t len, unsigned flags,
                      curi_match *m, int *found, curi_error *err);
/*
 * The caller removed the first n bytes of its text (n at most x->keep; more
 * is read as x->keep): offsets move down by n and x->dropped goes up by n.  A
 * NULL x: nothing is done.
 */
void curi_extract_drop(curi_extractor *x, size_t n);
/*
 * Write the URI of m (found in text[0..len)): its prefix, then its bytes
 * without whitespace when CURI_MATCH_WS_REMOVED is set.  The writer contract;
 * curi_extract_bound(m) is always enough.  CURI_ERR_INVALID_ARG when m does
 * not lie inside the text.
 */
int curi_extract_write(char *dst, size_t cap, size_t *outlen, const char *text, size_t len,
                       const curi_match *m, curi_error *err);
/* end - begin plus the prefix (0 for a NULL m or one with end < begin). */
size_t curi_extract_bound(const curi_match *m);

/*
 * ---------------------------------------------------------------------------
 * File paths: file: URIs to and from local paths (RFC 8089, with Appendix E)
 * ---------------------------------------------------------------------------
 * Two writers, one per direction, with the writer contract above.  A path is
 * bytes: a POSIX name need not be UTF-8, and every byte a path segment may not
 * hold as it is (anything but unreserved, sub-delims, ':' and '@'; '%' too) is
 * written "%HH" with uppercase hex, so any byte but NUL survives the trip:
 * curi_uri_to_path(curi_path_to_uri(p)) == p for every absolute path p without
 * a NUL (Windows: written with '\' separators).  Neither function touches dot
 * segments: "/a/../b" stays as it is, both ways.
 *
 * POSIX (flags 0).  The path must start with '/'.  The URI is "file://" and the
 * encoded path: "/tmp/a b" gives "file:///tmp/a%20b".  (RFC 8089's minimal
 * "file:/tmp" would turn a path starting with "//" into an authority, and
 * "file:///" is the spelling most readers know.)  A path starting with "//"
 * gives "file:////...", which RFC 3986 reads as an empty authority and a path
 * starting with "//": RFC 8089's grammar has no spelling for such a path, and
 * this one keeps it.
 *
 * Windows (CURI_PATH_WINDOWS, RFC 8089 Appendix E).  '\' and '/' both
 * separate.  "C:\a\b" gives "file:///C:/a/b" (the letter's case kept; a drive
 * must be followed by a separator: "C:" and "C:x" are relative to a current
 * directory), and the UNC path "\\host\share\x" gives "file://host/share/x"
 * (the host's bytes encoded as a reg-name; the host must not be localhost,
 * which a file: URI reads as this machine, and the share must not be empty).
 * Win32's "\\?\" prefix only turns path parsing off: "\\?\C:\x" gives
 * "file:///C:/x" and "\\?\UNC\s\sh\x" gives "file://s/sh/x".
 * curi_path_to_uri refuses a relative path (PATH_RELATIVE, offset 0), a NUL
 * byte (PATH_NUL, at it) and, for Windows, a UNC path without a host or a
 * share or naming localhost, a "\\.\" device path ("\\.\pipe\x") and any
 * other "\\?\" path (PATH_UNC).
 *
 * Windows names.  Both directions, for Windows, refuse a name (a segment after
 * the drive or the UNC host, the share included; decoded in a URI) that Win32
 * would not open as the file it names (PATH_WINDOWS_NAME): one holding ':' (an
 * NTFS alternate data stream: "C:\x.txt:secret"), * ? < > " | or a control
 * (0x01-0x1F), at that byte; a DOS device (CON, PRN, AUX, NUL, COM1-COM9,
 * LPT1-LPT9, COM and LPT with a superscript 1, 2 or 3, CONIN$, CONOUT$; in any
 * case, with any extension and with spaces before it: "nul.txt", "CON .log"),
 * at the name's start; a name that ends in '.' or ' ' ("." and ".." aside),
 * at that byte: Win32 strips them, so "x.txt." opens x.txt and "NUL." the
 * device, and only a "\\?\" path could keep them, which would not survive
 * the trip.  COM0, LPT0, "NULL", "x.con" and " NUL" are ordinary names.  The
 * UNC host is a server's name, not a file's: only E.3's rules apply to it.
 *
 * curi_uri_to_path takes a URI (curi_parse errors come back as they are) and
 * refuses, each with its own code and the offset of the culprit:
 *   - a missing scheme or one other than "file" (PATH_SCHEME, offset 0);
 *   - userinfo or a port (PATH_AUTHORITY), a query (PATH_QUERY, at '?') or a
 *     fragment (PATH_FRAGMENT, at '#'): they are not part of a path;
 *   - POSIX: a host other than empty or localhost (PATH_HOST; any case, and
 *     percent-decoded, so "%6Cocalhost" is localhost too); a path that does not
 *     start with '/' (PATH_RELATIVE: "file:a/b", "file://");
 *   - "%2F" (Windows: also "%5C") in a segment (PATH_ENCODED_SLASH), "%00"
 *     anywhere (PATH_NUL): decoding them would change the path or end it;
 *   - Windows, local (no host, empty, localhost): a path that is not a drive
 *     letter, ':' and '/' ("/C:/x", or "C:/x" after "file:", App. E.2) gives
 *     PATH_DRIVE, so "file:///C:" (no root) is refused; "C%7C" reads as "C:"
 *     (E.2.2's old "C|", in the one spelling that is an RFC 3986 URI; a raw
 *     '|' is PATH_CHAR from curi_parse, as is a raw '\', E.4, unless
 *     CURI_PATH_DRIVE_BAR is set: then "file:///c|/x", "file:/c|/x",
 *     "file:c|/x" and "file://localhost/c|/x" read as "c:\x", the rest of the
 *     URI parsed as ever);
 *   - Windows, an empty authority and a path starting with "//" (E.3.2's
 *     "file:////host/share/x"): the UNC path "\\host\share\x", with the
 *     rules below for the host (a path segment here, decoded as one) and share;
 *     only under an empty authority ("file://localhost//host/share" is
 *     PATH_DRIVE: curl's CVE-2019-15601 read it as an SMB path);
 *   - Windows, with a host that is not local: the UNC path "\\host\share..."
 *     (the host decoded, an IP address as written) needs a non-empty share
 *     after the host, and a host that decodes to "." or "?" is no server but
 *     Win32's device or raw namespace ("file://./pipe/x", "file://%3F/C:/x")
 *     (PATH_UNC, at the host).
 * Other percent-encoded bytes are decoded (any value but 0).  The Windows path
 * is written with '\' separators and the drive letter as the URI has it.
 */
enum {
    CURI_PATH_WINDOWS = 0x1,  /* Windows paths: drive letters, '\', UNC (RFC 8089 App. E) */
    CURI_PATH_DRIVE_BAR = 0x2 /* curi_uri_to_path with WINDOWS: also E.2.2's raw "C|" drive
                                 (no URI: a caller should warn, as curi to-path --windows
                                 does); curi_path_to_uri ignores it */
};

/* The URI for path[0..len); curi_path_to_uri_bound(len) (8 + 3 * len) is always enough. */
int curi_path_to_uri(char *dst, size_t cap, size_t *outlen, const char *path, size_t len,
                     unsigned flags, curi_error *err);
size_t curi_path_to_uri_bound(size_t len);
/* The path for the file: URI uri[0..len); curi_uri_to_path_bound(len) (= len) is always enough. */
int curi_uri_to_path(char *dst, size_t cap, size_t *outlen, const char *uri, size_t len,
                     unsigned flags, curi_error *err);
size_t curi_uri_to_path_bound(size_t len);

/*
 * ---------------------------------------------------------------------------
 * IRIs and internationalized host names (RFC 3987; IDNA2008 on libcuri's own UTS #46)
 * ---------------------------------------------------------------------------
 * An IRI is a URI whose components may also hold non-ASCII characters, raw, in
 * UTF-8.  curi_parse with CURI_PARSE_IRI parses an RFC 3987 IRI-reference into the
 * same views as a URI: ucschar (RFC 3987 2.2) in the userinfo, a reg-name, the path,
 * the query and the fragment, iprivate (U+E000-F8FF, planes 15 and 16) in the query
 * only; everything else as RFC 3986 says.  The input is validated as UTF-8 (RFC 3629):
 * a stray continuation byte, C0, C1, F5-FF, a cut sequence, an overlong form, a
 * surrogate or a code point above U+10FFFF is CURI_ERR_UTF8 at the sequence's first
 * byte; a well-formed code point that the component may not hold (a C1 control, a
 * noncharacter, a private-use character outside the query, U+E0000-E0FFF) is the
 * component's *_CHAR error at its first byte.  Every URI is an IRI, with the same
 * views; the other functions take the curi_uri of an IRI like any other and copy its
 * non-ASCII bytes as they are: curi_resolve of two IRIs writes an IRI, and
 * curi_normalize lowercases only ASCII letters, without Unicode normalization (NFC,
 * which RFC 3987 5.3.2.2 leaves to the caller).
 *
 * IDNA is IDNA2008 (RFC 5890-5893) as UTS #46 processes it: Transitional_Processing off,
 * CheckHyphens, CheckBidi, CheckJoiners and VerifyDnsLength on (UseSTD3ASCIIRules only
 * with CURI_HOST_STD3), and then what IDNA2008 refuses beyond UTS #46 (curi_host_to_ascii
 * below).  libcuri does it itself, on the tables of its UTS #46 (Unicode 17.0.0), in every
 * build, without allocating; libidn2, which it used before, is not needed (make check
 * compares the two when libidn2 is installed).  Host names of more than CURI_IDN_MAX_INPUT
 * bytes (percent-decoded) are refused (CURI_ERR_IDN_LENGTH): no valid name is that long.
 */
enum { CURI_IDN_MAX_INPUT = 1024 };

/* Mapping flags. */
enum {
    CURI_IRI_IDN = 0x1,    /* curi_iri_to_uri: IDNA ToASCII for a non-ASCII reg-name host;
                              curi_uri_to_iri: ToUnicode for a host with xn-- labels */
    CURI_IRI_IDN_DNS = 0x2 /* curi_iri_to_uri: ToASCII only where the scheme's host is a DNS
                              name (CURI_SCHEME_DNS_HOST: the reg-name; mailto: the domain of
                              each address in the path); curi_iri_compare: IDNA equivalence
                              at the scheme-based rung (RFC 3987 5.3.3) */
};

/* Host conversion flags (curi_host_to_ascii, curi_host_to_unicode). */
enum {
    CURI_HOST_STD3 = 0x1 /* UTS #46 UseSTD3ASCIIRules: DNS host syntax, only letters, digits,
                            '-' and '.' (CURI_ERR_IDN_STD3 at the first other byte) */
};

/*
 * IRI -> URI (RFC 3987 3.1): parse iri[0..len) as an IRI-reference (curi_parse errors come
 * back as they are) and write it with the UTF-8 bytes of every non-ASCII character
 * percent-encoded ("%E6%9D%B1", uppercase hex), in every component, host included;
 * everything else is copied.  With CURI_IRI_IDN a reg-name host that holds a non-ASCII
 * character (raw or percent-encoded) is converted with curi_host_to_ascii instead
 * (its errors, with offsets into iri, come back as they are); with CURI_IRI_IDN_DNS only
 * when the registry marks the scheme CURI_SCHEME_DNS_HOST, and then, for such a scheme
 * without an authority (mailto), the domain of each address of the path (after its last
 * '@', up to the next ','; RFC 6068 2; not the query's to= addresses).  Those schemes
 * are http, https, ws, wss, ftp, ftps and mailto, the hosts RFC 3987 3.1 lets ToASCII
 * convert; curi to-uri passes CURI_IRI_IDN_DNS by default.  The output parses
 * as a URI.  curi_iri_to_uri_bound(len, flags) is always enough: 3 * len, plus 256 with
 * either IDN flag, plus 124 * len with CURI_IRI_IDN_DNS (a mailto path may hold many
 * domains, each of at least 2 bytes and each written in at most 254).
 */
int curi_iri_to_uri(char *dst, size_t cap, size_t *outlen, const char *iri, size_t len,
                    unsigned flags, curi_error *err);
size_t curi_iri_to_uri_bound(size_t len, unsigned flags);

/*
 * URI -> IRI (RFC 3987 3.2): parse uri[0..len) (as an IRI-reference, so an IRI goes
 * through too) and decode each run of percent-encoded octets that forms well-formed
 * UTF-8 of one character the component may hold raw (ucschar; iprivate in the query) and
 * that is not invisible: a bidi formatting character (4.1: U+200E, U+200F, U+202A-202E,
 * U+2066-2069), any other Default_Ignorable_Code_Point (U+00AD, U+061C, U+200B-200D,
 * U+3164, U+FEFF, the variation selectors, U+E0000-E0FFF, ...: a table that
 * tools/gen_unitab.py generates from the Unicode Character Database), U+2028 or U+2029;
 * and those of an unreserved ASCII character (step 1: "%7E%41" -> "~A"; not in a URN's
 * NSS, which RFC 8141 3.1 compares as written).  Left encoded,
 * each octet in uppercase hex (step 3: "%e2" -> "%E2"): '%', reserved and other ASCII
 * octets (so no delimiter appears), invalid or overlong UTF-8, and every other
 * character; an IP literal stays as written.  With CURI_IRI_IDN a reg-name host with an
 * xn-- label (any case) is replaced by its curi_host_to_unicode form when that succeeds
 * and holds only characters a host may hold, else it stays as it is; a label that UTS #39
 * flags (the lint's host-mixed-script or host-confusable: mixed scripts beyond the Highly
 * Restrictive level, or a skeleton of ASCII letters, digits and '-' only) stays an
 * A-label, as Chrome's IDN display policy shows such labels.  The output parses as an
 * IRI, and curi_uri_to_iri(curi_iri_to_uri(x)) == x for every IRI x without '%' and
 * without those invisible characters (flags 0).  curi_uri_to_iri_bound(len, flags) (len,
 * or 4 * len + 1024 with CURI_IRI_IDN) is always enough.
 *
 * Both mappings take CURI_IRI_IDN, CURI_IRI_IDN_DNS (which curi_uri_to_iri ignores) or
 * 0; another bit is CURI_ERR_INVALID_ARG.
 */
int curi_uri_to_iri(char *dst, size_t cap, size_t *outlen, const char *uri, size_t len,
                    unsigned flags, curi_error *err);
size_t curi_uri_to_iri_bound(size_t len, unsigned flags);

/*
 * IDNA for one host name (the section's options), the writer contract; flags: 0 or
 * CURI_HOST_STD3.  Host names in URIs carry underscores ("_dmarc.example", SRV-style and
 * intranet names) and browsers accept them, so without CURI_HOST_STD3 UseSTD3ASCIIRules is
 * off, but the ASCII result may hold only what a URI's reg-name holds, unreserved and
 * sub-delims (a character UTS #46 maps to '/' or ' ', as U+FF0F, is CURI_ERR_IDN_DISALLOWED,
 * reason "URIHost"); with it a byte other than a letter, digit, '-' or '.' is
 * CURI_ERR_IDN_STD3 at that byte (at its label when a mapping made it).  The name may be
 * percent-encoded UTF-8 (decoded first); an IP literal ("[...]", checked as curi_host_parse
 * does) is copied as it is.  A final root dot ('.', or U+3002, U+FF0E, U+FF61, which UTS #46
 * maps to it) is kept as '.', and VerifyDnsLength judges the rest: labels of 1 to 63 bytes
 * as A-labels, at most 253 bytes.  A name of ASCII letters, digits, '-' (and '_' without
 * CURI_HOST_STD3) in labels of 1 to 63 bytes, none with '-' first or last or "--" at 3-4
 * (so no A-label), at most 253 bytes and a root dot, needs only lowercasing and is answered
 * at once, the same answer from either function.
 * Any other name goes through libcuri's UTS #46 (curi_uts46_to_ascii with
 * CURI_UTS46_CHECK_HYPHENS, CURI_UTS46_VERIFY_DNS_LENGTH and, with CURI_HOST_STD3,
 * CURI_UTS46_STD3: mapping, NFC, Punycode, the validity criteria, CheckJoiners for RFC 5892
 * A.1-A.2 and the whole Bidi rule of RFC 5893), then for each label, mapped or decoded from
 * an A-label, what IDNA2008 refuses beyond UTS #46:
 *   - a code point UTS #46 keeps valid that RFC 5892 makes DISALLOWED (IdnaMappingTable's
 *     NV8 and XV8 marks: symbols and punctuation such as U+00A1, U+2260, U+20AC; U+19DA):
 *     CURI_ERR_IDN_DISALLOWED, reason "IDNA2008" ("xn--7a" too, the A-label of U+00A1);
 *   - the CONTEXTO rules of RFC 5892 appendix A.3-A.9: MIDDLE DOT U+00B7 only between two
 *     'l'; GREEK LOWER NUMERAL SIGN U+0375 only before a Greek character; HEBREW GERESH and
 *     GERSHAYIM U+05F3, U+05F4 only after a Hebrew one; KATAKANA MIDDLE DOT U+30FB only in a
 *     label with Hiragana, Katakana or Han; ARABIC-INDIC DIGITS U+0660-0669 and EXTENDED
 *     ARABIC-INDIC DIGITS U+06F0-06F9 not both in one label: CURI_ERR_IDN_CONTEXTO,
 *     reason "ContextO";
 *   - URIHost, above.
 * Unicode 17.0.0 decides, so answers may differ from an IDNA2008 library with older tables
 * (libidn2 2.3: U+1E9E maps to "ss" there, to U+00DF here; newer characters; it also
 * accepts U+2260, U+226E and U+226F, which RFC 5892 disallows, and skips some of the Bidi
 * rule): tests/idn2diff counts each class.
 *
 * curi_host_to_ascii: ToASCII, lowercase A-labels ("Bücher.example" ->
 * "xn--bcher-kva.example"); curi_host_to_ascii_bound(len) (the larger of len and 256) is
 * always enough.  curi_host_to_unicode: ToUnicode of a name that ToASCII accepts (so an
 * A-label whose U-label is invalid or too long fails), U-labels in UTF-8
 * ("xn--bcher-kva.example" -> "bücher.example"); curi_host_to_unicode_bound(len) (the larger
 * of len and 1024) is always enough.  Errors, with err->offset at the start of the label at
 * fault (at the byte for URIHost and UseSTD3ASCIIRules, 0 for a name over 253 bytes) and
 * err->detail the reason curi_idn_reason names:
 *   - CURI_ERR_IDN_DISALLOWED: ValidityCriteria (a code point UTS #46 disallows, or leaves
 *     unassigned), IDNA2008, URIHost (a NUL byte too).
 *   - CURI_ERR_IDN_STD3: UseSTD3ASCIIRules, with CURI_HOST_STD3.
 *   - CURI_ERR_IDN_HYPHEN: CheckHyphens ('-' first or last, "--" at 3-4).
 *   - CURI_ERR_IDN_LEADING_COMBINING (ValidityCriteria), CURI_ERR_IDN_CONTEXTJ
 *     (CheckJoiners), CURI_ERR_IDN_CONTEXTO (ContextO), CURI_ERR_IDN_BIDI (CheckBidi).
 *   - CURI_ERR_IDN_PUNYCODE: Punycode (an xn-- label that does not decode to a valid,
 *     normalized, non-ASCII label).
 *   - CURI_ERR_IDN_LENGTH: VerifyDnsLength; more than CURI_IDN_MAX_INPUT bytes once decoded.
 *   - CURI_ERR_UTF8, CURI_ERR_PCT (no reason).
 */
int curi_host_to_ascii(char *dst, size_t cap, size_t *outlen, const char *host, size_t len,
                       unsigned flags, curi_error *err);
size_t curi_host_to_ascii_bound(size_t len);
int curi_host_to_unicode(char *dst, size_t cap, size_t *outlen, const char *host, size_t len,
                         unsigned flags, curi_error *err);
size_t curi_host_to_unicode_bound(size_t len);
/*
 * Why IDNA failed, for a CURI_ERR_IDN_* error that a host conversion (or a mapping with
 * CURI_IRI_IDN) wrote into *err (they keep the reason in err->detail): the UTS #46 option or
 * step ("CheckHyphens", "CheckJoiners", "CheckBidi", "VerifyDnsLength", "UseSTD3ASCIIRules",
 * "ValidityCriteria", "Punycode") or the IDNA2008 rule ("IDNA2008", "ContextO", "URIHost")
 * that refused the name, and a sentence saying what it found (for ContextO, which rule of
 * RFC 5892 appendix A), in *message when message is not NULL; NULL (and *message NULL) for
 * any other error.  Static storage.
 */
const char *curi_idn_reason(const curi_error *err, const char **message);

/*
 * Comparison of IRIs (RFC 3987 5.3): CURI_EQ_STRING when a and b are the same bytes
 * (5.3.1); else both are mapped to URIs with curi_iri_to_uri (flags 0), parsed and
 * compared with curi_compare up to max_level, where equal URIs are CURI_EQ_SYNTAX (5.3.2.3:
 * "http://example.org/%C3%BC" and "http://example.org/ü"); else, with flags CURI_IRI_IDN
 * or CURI_IRI_IDN_DNS and max_level CURI_EQ_SCHEME, mapped again with flags and compared:
 * equal is CURI_EQ_SCHEME (5.3.3, "bücher.example" and "xn--bcher-kva.example").
 * The answer is *level (CURI_EQ_NONE: not equivalent at any rung tried; max_level
 * CURI_EQ_NONE tries none).  work[0..cap) holds the two URIs:
 * curi_iri_compare_bound(alen, blen, flags) bytes are enough, and fewer give
 * CURI_ERR_NOSPACE (offset 0).  When a or b is not an IRI-reference or a mapping fails,
 * its error comes back as curi_iri_to_uri gives it (IDNA errors with their detail),
 * at an offset into a, or into b when a maps and b does not.
 * CURI_ERR_INVALID_ARG for a NULL level, NULL a or b with a length above 0, NULL work with
 * cap > 0, a flag other than CURI_IRI_IDN and CURI_IRI_IDN_DNS, and a max_level that is
 * not a rung.  On any error *level is CURI_EQ_NONE.
 */
int curi_iri_compare(const char *a, size_t alen, const char *b, size_t blen, unsigned flags,
                     curi_equiv max_level, char *work, size_t cap, curi_equiv *level,
                     curi_error *err);
size_t curi_iri_compare_bound(size_t alen, size_t blen, unsigned flags);

/*
 * ---------------------------------------------------------------------------
 * EXPERIMENTAL: UTS #46 as the WHATWG URL Standard runs it (issue 28)
 * ---------------------------------------------------------------------------
 * Outside the stability promise of 0.3: names, flags and structs may still change.
 *
 * curi_uts46_to_ascii / curi_uts46_to_unicode: Unicode IDNA Compatibility Processing (UTS #46) of
 * one domain name, implemented in libcuri itself (tables generated from the Unicode data of
 * curi_uts46_unicode_version(), "17.0.0"), as curi_host_to_ascii is. flags 0 is the configuration
 * of the WHATWG URL Standard's "domain to ASCII": CheckHyphens, UseSTD3ASCIIRules,
 * Transitional_Processing and VerifyDnsLength false, CheckBidi and CheckJoiners true; each
 * CURI_UTS46_* bit turns one option the other way.  The writer contract; the input must be UTF-8
 * (CURI_ERR_UTF8 at the first invalid byte).  ToASCII writes lowercase A-labels ("Bücher.example"
 * -> "xn--bcher-kva.example", "¡" -> "xn--7a", "a。b" -> "a.b"); ToUnicode writes the labels in
 * UTF-8 (with CURI_UTS46_VERIFY_DNS_LENGTH only an empty name or an empty label other than the last
 * is refused, as IdnaTestV2.txt's X4_2 says).  Errors: CURI_ERR_IDN_DISALLOWED (a disallowed code
 * point, or a status other than valid or deviation), IDN_HYPHEN, IDN_LEADING_COMBINING,
 * IDN_CONTEXTJ, IDN_BIDI, IDN_PUNYCODE (an xn-- label that does not decode to a valid, normalized
 * non-ASCII label), IDN_STD3, IDN_LENGTH (VerifyDnsLength; also a label over 1024 code points after
 * mapping, which libcuri does not process), at the input offset of the label at fault; err->detail
 * is left 0 (curi_idn_reason gives NULL).  Unicode's IdnaTestV2.txt passes in full, and so do
 * web-platform-tests' urltestdata.json and toascii.json for curi_url_parse and setters_tests.json
 * for curi_url_set (tests/data, run by make check).
 */
enum {
    CURI_UTS46_CHECK_HYPHENS = 0x1,     /* CheckHyphens: no '-' first, last or at 3-4 */
    CURI_UTS46_STD3 = 0x2,              /* UseSTD3ASCIIRules: ASCII letters, digits, '-' only */
    CURI_UTS46_TRANSITIONAL = 0x4,      /* Transitional_Processing (deprecated): map deviations */
    CURI_UTS46_VERIFY_DNS_LENGTH = 0x8, /* VerifyDnsLength: labels 1-63, the name 1-253 bytes */
    CURI_UTS46_NO_CHECK_BIDI = 0x10,    /* CheckBidi false */
    CURI_UTS46_NO_CHECK_JOINERS = 0x20  /* CheckJoiners false */
};
int curi_uts46_to_ascii(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                        unsigned flags, curi_error *err);
int curi_uts46_to_unicode(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                          unsigned flags, curi_error *err);
/* The Unicode version of the UTS #46 tables: "17.0.0".  Static storage. */
const char *curi_uts46_unicode_version(void);

/*
 * curi_url_parse: the WHATWG URL Standard's basic URL parser (no state override) on
 * input[0..len), against base (a URL an earlier curi_url_parse filled, its buffer still
 * alive and not overlapping dst; NULL: none), writing the href (the URL serializer's output)
 * into dst with the writer contract and filling *url with views into dst.  flags must be 0.
 * The input may hold any bytes: it is read as UTF-8 with every maximal invalid subpart
 * replaced by U+FFFD, as a browser's URL receives bytes decoded with replacement (so a
 * U+FFFD appears percent-encoded, "%EF%BF%BD", in a path, a query or a fragment, and fails a
 * domain).  Hosts go through "domain to ASCII" (an ASCII domain is only lowercased, any other
 * runs curi_uts46_to_ascii with flags 0), the IPv4 parser (decimal, octal, hexadecimal and
 * fewer than four parts: "0x7f.1" is 127.0.0.1) and the IPv6 parser and serializer; the
 * default ports of the special schemes (ftp 21, http 80, https 443, ws 80, wss 443) come from
 * the scheme registry.  Nothing is allocated; time is linear in len (plus base's length).
 *
 * Failure returns a CURI_ERR_* code at the offset of the byte at fault: URL_BASE (a relative
 * input without a usable base), URL_HOST_MISSING, HOST_CHAR (a forbidden host or domain
 * code point), IP_UNTERMINATED, IPV6, IPV4, PORT_CHAR, PORT_RANGE, the IDN_* codes of
 * curi_uts46_to_ascii.  Validation errors that do not make the parse fail are only recorded:
 * url->validation holds a CURI_URL_V_* bit for each kind met (the Standard's names, from
 * curi_url_validation_name) and validation_offset the offset of the first.
 *
 * Components (the URL API's getters): protocol "https:"; username; password; host (hostname
 * and ":port" when the port is not null); hostname (IPv6 in brackets); port (digits, empty
 * when null) and port_number (-1 when null: absent or the scheme's default); pathname;
 * search ("?query", empty when the query is null or empty: has_query tells them apart); hash
 * ("#fragment", likewise has_fragment).  A component that is empty is a zero-length view
 * inside href.  When cap is too small: CURI_ERR_NOSPACE with *outlen a size that suffices,
 * the exact href length, or curi_url_bound(len, base) when the parser had to read back bytes
 * that did not fit.
 */
typedef enum curi_url_host_type {
    CURI_URL_HOST_NONE = 0, /* the host is null ("mailto:x", "foo:/p") */
    CURI_URL_HOST_DOMAIN = 1, /* a domain, ASCII after domain to ASCII */
    CURI_URL_HOST_IPV4 = 2,
    CURI_URL_HOST_IPV6 = 3,
    CURI_URL_HOST_OPAQUE = 4, /* a non-special URL's host, percent-encoded */
    CURI_URL_HOST_EMPTY = 5   /* the empty host ("file:///p", "foo://") */
} curi_url_host_type;

typedef struct curi_url {
    curi_str href, protocol, username, password, host, hostname, port, pathname, search, hash;
    int32_t port_number;   /* -1: null */
    uint8_t host_type;     /* curi_url_host_type */
    uint8_t opaque_path;   /* 1: the path is opaque ("mailto:x") */
    uint8_t special;       /* 1: ftp, file, http, https, ws or wss */
    uint8_t has_query;     /* 1: the query is not null (href holds '?') */
    uint8_t has_fragment;  /* 1: the fragment is not null (href holds '#') */
    uint32_t validation;   /* CURI_URL_V_* bits: the validation errors met */
    size_t validation_offset; /* input offset of the first */
} curi_url;

/* The Standard's validation errors, one bit each (curi_url_validation_name names them). */
enum {
    CURI_URL_V_DOMAIN_TO_ASCII = 0x1,
    CURI_URL_V_DOMAIN_INVALID_CODE_POINT = 0x2,
    CURI_URL_V_DOMAIN_TO_UNICODE = 0x4,
    CURI_URL_V_HOST_INVALID_CODE_POINT = 0x8,
    CURI_URL_V_IPV4_EMPTY_PART = 0x10,
    CURI_URL_V_IPV4_TOO_MANY_PARTS = 0x20,
    CURI_URL_V_IPV4_NON_NUMERIC_PART = 0x40,
    CURI_URL_V_IPV4_NON_DECIMAL_PART = 0x80,
    CURI_URL_V_IPV4_OUT_OF_RANGE_PART = 0x100,
    CURI_URL_V_IPV6_UNCLOSED = 0x200,
    CURI_URL_V_IPV6_INVALID_COMPRESSION = 0x400,
    CURI_URL_V_IPV6_TOO_MANY_PIECES = 0x800,
    CURI_URL_V_IPV6_MULTIPLE_COMPRESSION = 0x1000,
    CURI_URL_V_IPV6_INVALID_CODE_POINT = 0x2000,
    CURI_URL_V_IPV6_TOO_FEW_PIECES = 0x4000,
    CURI_URL_V_IPV4_IN_IPV6_TOO_MANY_PIECES = 0x8000,
    CURI_URL_V_IPV4_IN_IPV6_INVALID_CODE_POINT = 0x10000,
    CURI_URL_V_IPV4_IN_IPV6_OUT_OF_RANGE_PART = 0x20000,
    CURI_URL_V_IPV4_IN_IPV6_TOO_FEW_PARTS = 0x40000,
    CURI_URL_V_INVALID_URL_UNIT = 0x80000,
    CURI_URL_V_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS = 0x100000,
    CURI_URL_V_MISSING_SCHEME_NON_RELATIVE_URL = 0x200000,
    CURI_URL_V_INVALID_REVERSE_SOLIDUS = 0x400000,
    CURI_URL_V_INVALID_CREDENTIALS = 0x800000,
    CURI_URL_V_HOST_MISSING = 0x1000000,
    CURI_URL_V_PORT_OUT_OF_RANGE = 0x2000000,
    CURI_URL_V_PORT_INVALID = 0x4000000,
    CURI_URL_V_FILE_INVALID_WINDOWS_DRIVE_LETTER = 0x8000000,
    CURI_URL_V_FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST = 0x10000000
};

int curi_url_parse(char *dst, size_t cap, size_t *outlen, curi_url *url, const char *input,
                   size_t len, const curi_url *base, unsigned flags, curi_error *err);
/* A dst size that always suffices for curi_url_parse(input of len bytes, base). */
size_t curi_url_bound(size_t len, const curi_url *base);
/* The serialization of url's origin: "https://example.com:8080", "null" for an opaque origin
 * (file:, non-special schemes; blob: gives the origin of its path's http(s) URL, parsed into
 * dst on the way, so dst must not overlap url's buffer).  The writer contract. */
int curi_url_origin(char *dst, size_t cap, size_t *outlen, const curi_url *url,
                    curi_error *err);
/* The Standard's name of one CURI_URL_V_* bit ("invalid-URL-unit"), NULL for anything else.
 * Static storage. */
const char *curi_url_validation_name(uint32_t bit);

/*
 * curi_url_set: one of the URL API's setters (url.protocol = value, ...), the Standard's
 * basic URL parser run on value[0..len) with url as the URL and the setter's state
 * override.  The changed URL's href is written into dst with the writer contract and *out
 * gets views into dst, as from curi_url_parse; url and its buffer are only read (dst must
 * not overlap them, so a chain of setters alternates two buffers).  curi_url_bound(len, url)
 * always suffices.  component is one CURI_URL_SET_*; flags must be 0.  The value may hold
 * any bytes, read as curi_url_parse reads its input (UTF-8, U+FFFD for invalid bytes; tabs
 * and newlines removed, except by the username and password setters, which percent-encode
 * the value as it is).  A setter that the Standard ignores or that fails returns CURI_OK
 * with the href unchanged: protocol to a scheme that is not one, or between a special and
 * a non-special scheme, or to file with credentials or a port, or from file with an empty
 * host; username, password and port when the host is null or empty or the scheme is file;
 * host and hostname on an opaque path ("mailto:x"), to an empty host on a special URL or on
 * one with credentials or a port, to an invalid host; hostname with a port; pathname on an
 * opaque path; port to a value that does not start with a digit or is above 65535.  A host
 * setter whose host is valid but whose port is not changes the host only, as the Standard's
 * does.  An empty value sets port, search and hash to null.  out->validation holds the
 * validation errors met reading the value (offsets into value).  Errors: INVALID_ARG,
 * TOO_LONG (len > CURI_MAX_LEN), NOSPACE.
 */
enum {
    CURI_URL_SET_PROTOCOL = 1, /* "https" or "https:" (what follows a ':' is ignored) */
    CURI_URL_SET_USERNAME = 2,
    CURI_URL_SET_PASSWORD = 3,
    CURI_URL_SET_HOST = 4,     /* hostname and, after ':', the port */
    CURI_URL_SET_HOSTNAME = 5,
    CURI_URL_SET_PORT = 6,     /* "" sets it to null; "8080abc" sets 8080 */
    CURI_URL_SET_PATHNAME = 7,
    CURI_URL_SET_SEARCH = 8,   /* one leading '?' is dropped; "" removes the query */
    CURI_URL_SET_HASH = 9      /* one leading '#' is dropped; "" removes the fragment */
};
int curi_url_set(char *dst, size_t cap, size_t *outlen, curi_url *out, const curi_url *url,
                 int component, const char *value, size_t len, unsigned flags,
                 curi_error *err);

/* CURI_CDEF_END */

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

/*
 * curi_errcode and CURI_ERRNO_MAP are one list written twice (the block can hold no
 * macro): wherever static assertions exist, every inclusion checks that they agree.
 */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define CURI_ERRNO_CHECK_(code, name, msg) static_assert(CURI_ERR_##name == code, #name);
CURI_ERRNO_MAP(CURI_ERRNO_CHECK_)
#undef CURI_ERRNO_CHECK_
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define CURI_ERRNO_CHECK_(code, name, msg) _Static_assert(CURI_ERR_##name == code, #name);
CURI_ERRNO_MAP(CURI_ERRNO_CHECK_)
#undef CURI_ERRNO_CHECK_
#endif
#endif /* CURI_H */
