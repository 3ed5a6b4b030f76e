/*
 * limits.c -- the limits stated in curi.h, tested: inputs longer than CURI_MAX_LEN are refused
 * with CURI_ERR_TOO_LONG before a byte is read, and large inputs well inside the limit work.
 *
 * The over-long cases pass a one-byte buffer that ends right before an unreadable page with
 * a length of CURI_MAX_LEN + 1: any read past the first byte faults.  (A real 2 GiB input is
 * not built: the length check precedes every read, which is what this proves.)
 * SPDX-License-Identifier: MIT
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <curi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int passed, failed;

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("limits: FAILED: %s\n", what);
    }
}

/*
 * The answers of the calls that give them through out-parameters, each call's model checked
 * on the way: the code agrees with err, and on an error the answer is zeroed.  cmp: the level
 * of curi_compare, -1 for CURI_ERR_INVALID_ARG, -2 for CURI_ERR_STRUCTURE (a hand-built
 * reference curi_normalize refuses); isn: curi_is_normalized's 0 or 1, -1 and -2 alike;
 * lint: curi_lint's count, (size_t)-1 for INVALID_ARG; xnext: curi_extract_next's *found, -1
 * for INVALID_ARG.  Anything else (another code, a disagreeing err, an answer left behind by
 * an error) is -9 / (size_t)-9, which no check expects.
 */
static int cmp(const curi_uri *a, const curi_uri *b, curi_equiv max)
{
    curi_error e = {-1, 9, 9};
    curi_equiv lv = (curi_equiv)77;
    int rc = curi_compare(a, b, max, &lv, &e);
    if (rc != e.code || e.detail != 0 || (rc != CURI_OK && (lv != CURI_EQ_NONE || e.offset != 0)))
        return -9;
    return rc == CURI_OK ? (int)lv : rc == CURI_ERR_INVALID_ARG ? -1
                                   : rc == CURI_ERR_STRUCTURE   ? -2
                                                                : -9;
}

static int isn(const curi_uri *u, unsigned mask)
{
    curi_error e = {-1, 9, 9};
    int r = 77;
    int rc = curi_is_normalized(u, mask, &r, &e);
    if (rc != e.code || e.detail != 0 || (rc != CURI_OK && (r != 0 || e.offset != 0)))
        return -9;
    return rc == CURI_OK ? r : rc == CURI_ERR_INVALID_ARG ? -1 : rc == CURI_ERR_STRUCTURE ? -2 : -9;
}

static size_t lint(const char *s, size_t len, const curi_lint_options *o, curi_finding *out,
                   size_t cap)
{
    curi_error e = {-1, 9, 9};
    size_t n = 77;
    int rc = curi_lint(s, len, o, out, cap, &n, &e);
    if (rc != e.code || e.detail != 0 || (rc != CURI_OK && (n != 0 || e.offset != 0)))
        return (size_t)-9;
    return rc == CURI_OK ? n : rc == CURI_ERR_INVALID_ARG ? (size_t)-1 : (size_t)-9;
}

static int xnext(curi_extractor *x, const char *text, size_t len, unsigned flags, curi_match *m)
{
    curi_error e = {-1, 9, 9};
    int found = 77;
    int rc = curi_extract_next(x, text, len, flags, m, &found, &e);
    if (rc != e.code || e.detail != 0 || (rc != CURI_OK && (found != 0 || e.offset != 0)))
        return -9;
    return rc == CURI_OK ? found : rc == CURI_ERR_INVALID_ARG ? -1 : -9;
}

/* ------------------------------------------------------------------ the error model */

/*
 * curi.h states one error model ("Conventions, stated once": Errors, Flags, NULL); what
 * follows holds every public function to it.  First the flag words: each function is called
 * with valid arguments and every one of the 32 bits alone.  The bits of its family must not be
 * refused (the call may still fail for its own reasons);
 * every other bit, the private test bits of src/testing.h among them (0x10 for parsing,
 * 0x100 for lint, 0x200 for scheme parts), must be CURI_ERR_INVALID_ARG at offset 0, with
 * *outlen and every out-parameter zeroed.  The batch calls are held to it in their own suite.
 */
typedef int (*flag_call)(unsigned flags, size_t *out);

static const char fl_uri[] = "http://a/b?q#f";
#define FL_URI fl_uri, sizeof fl_uri - 1

static int fl_parse(unsigned f, size_t *o)
{
    curi_uri u;
    int rc = curi_parse(&u, FL_URI, f, NULL);
    *o = rc == CURI_OK ? 0 : u.path.ptr != NULL; /* a refusal clears *out */
    return rc;
}
static int fl_host_parse(unsigned f, size_t *o)
{
    curi_uri u;
    *o = 0; /* no out-parameter */
    return curi_host_parse(&u, "a.b", 3, f, NULL);
}
static int fl_set(unsigned f, size_t *o)
{
    curi_uri u;
    int rc;
    (void)curi_parse(&u, FL_URI, 0, NULL);
    rc = curi_set(&u, CURI_PART_PATH, "/c", 2, f, NULL);
    *o = rc == CURI_OK ? 0 : u.path.ptr[1] != 'b'; /* a refusal leaves *u as it was */
    return rc;
}
static int fl_set_encoded(unsigned f, size_t *o)
{
    curi_uri u;
    char buf[32];
    (void)curi_parse(&u, FL_URI, 0, NULL);
    return curi_set_encoded(&u, CURI_PART_PATH, buf, sizeof buf, o, "/c d", 4, f, NULL);
}
static int fl_pct_encode(unsigned f, size_t *o)
{
    char buf[32];
    return curi_pct_encode(buf, sizeof buf, o, "a b", 3, CURI_CHARSET_PATH, f, NULL);
}
static int fl_pct_decode(unsigned f, size_t *o)
{
    char buf[32];
    return curi_pct_decode(buf, sizeof buf, o, "a%20b", 5, f, NULL);
}
static int fl_escape_display(unsigned f, size_t *o)
{
    char buf[32];
    return curi_escape_display(buf, sizeof buf, o, "a\x01\xff", 3, f, NULL);
}
static int fl_query_find(unsigned f, size_t *o)
{
    char buf[32];
    int found = 7;
    int rc = curi_query_find(buf, sizeof buf, o, (curi_str){"a=1+2", 5}, "a", 1, f, &found, NULL);
    if (rc == CURI_ERR_INVALID_ARG && found != 0)
        *o = 99; /* *found must be zeroed too */
    return rc;
}
static int fl_query_edit(unsigned f, size_t *o)
{
    char buf[32];
    int changed = 7;
    const curi_query_op op = {CURI_QUERY_APPEND, NULL, 0, "b=2", 3};
    int rc = curi_query_edit(buf, sizeof buf, o, (curi_str){"a=1", 3}, &op, 1, f, &changed, NULL);
    if (rc == CURI_ERR_INVALID_ARG && changed != 0)
        *o = 99; /* *changed must be zeroed too */
    return rc;
}
static int fl_query_init(unsigned f, size_t *o)
{
    curi_cursor c;
    curi_str k, v;
    int rc = curi_query_init(&c, (curi_str){"a=1", 3}, f, NULL);
    *o = (size_t)curi_query_next(&c, &k, &v); /* a refused cursor yields nothing */
    return rc;
}
static int fl_resolve(unsigned f, size_t *o)
{
    curi_uri b, r;
    char buf[64];
    (void)curi_parse(&b, FL_URI, 0, NULL);
    (void)curi_parse(&r, "../c", 4, 0, NULL);
    return curi_resolve(buf, sizeof buf, o, &b, &r, f, NULL);
}
static int fl_relative(unsigned f, size_t *o)
{
    curi_uri b, t;
    char buf[64];
    (void)curi_parse(&b, FL_URI, 0, NULL);
    (void)curi_parse(&t, "http://a/c", 10, 0, NULL);
    return curi_relative(buf, sizeof buf, o, &b, &t, f, NULL);
}
static int fl_normalize(unsigned f, size_t *o)
{
    curi_uri u;
    char buf[64];
    (void)curi_parse(&u, FL_URI, 0, NULL);
    return curi_normalize(buf, sizeof buf, o, &u, f, NULL);
}
static int fl_is_normalized(unsigned f, size_t *o)
{
    curi_uri u;
    int r = 77;
    int rc;
    (void)curi_parse(&u, FL_URI, 0, NULL);
    rc = curi_is_normalized(&u, f, &r, NULL);
    *o = (size_t)r;
    return rc;
}
static int fl_scheme_check(unsigned f, size_t *o)
{
    curi_uri u;
    const char *rule = "x";
    int rc;
    (void)curi_parse(&u, FL_URI, 0, NULL);
    rc = curi_scheme_check(&u, f, &rule, NULL);
    *o = rule != NULL;
    return rc;
}
static int fl_scheme_parts_get(unsigned f, size_t *o)
{
    curi_uri u;
    curi_scheme_parts sp;
    int rc;
    (void)curi_parse(&u, FL_URI, 0, NULL);
    memset(&sp, 0x5a, sizeof sp);
    rc = curi_scheme_parts_get(&sp, &u, f, NULL, NULL);
    *o = rc == CURI_OK ? 0 : sp.kind + (sp.part[0].ptr != NULL) + (sp.part[15].ptr != NULL);
    return rc;
}
static int fl_list_init_type(unsigned f, size_t *o)
{
    curi_cursor c;
    curi_str it;
    int rc = curi_list_init_type(&c, (curi_str){"a,b", 3}, f, NULL);
    if (rc != CURI_OK)
        *o = (size_t)curi_list_next(&c, &it); /* a refused cursor yields nothing */
    return rc;
}
static int fl_lint(unsigned f, size_t *o)
{
    curi_finding fs[4];
    curi_lint_options opt;
    memset(&opt, 0, sizeof opt);
    opt.flags = f;
    return curi_lint("a b", 3, &opt, fs, 4, o, NULL);
}
static int fl_lint_message(unsigned f, size_t *o)
{
    curi_finding fs[4];
    curi_lint_options opt;
    char buf[256];
    size_t n = 0;
    memset(&opt, 0, sizeof opt);
    (void)curi_lint("a b", 3, NULL, fs, 4, &n, NULL);
    opt.flags = f;
    return curi_lint_message(buf, sizeof buf, o, "a b", 3, &opt, &fs[0], NULL);
}
static int fl_lint_messages(unsigned f, size_t *o)
{
    curi_finding fs[4];
    curi_lint_options opt;
    char buf[256];
    size_t ends[4], n = 0;
    memset(&opt, 0, sizeof opt);
    (void)curi_lint("a b", 3, NULL, fs, 4, &n, NULL);
    opt.flags = f;
    return curi_lint_messages(buf, sizeof buf, ends, "a b", 3, &opt, fs, n, o, NULL);
}
static int fl_extract_init(unsigned f, size_t *o)
{
    curi_extractor x;
    curi_match m;
    int found = 0;
    int rc = curi_extract_init(&x, f, NULL);
    if (rc != CURI_OK) /* next refuses the extractor init refused */
        *o = curi_extract_next(&x, "<http://a/>", 11, 0, &m, &found, NULL) == CURI_OK;
    return rc;
}
static int fl_extract_next(unsigned f, size_t *o)
{
    curi_extractor x;
    curi_match m;
    int found = 77;
    int rc;
    (void)curi_extract_init(&x, 0, NULL);
    rc = curi_extract_next(&x, "<http://a/>", 11, f, &m, &found, NULL);
    *o = (size_t)found;
    return rc;
}
static int fl_path_to_uri(unsigned f, size_t *o)
{
    char buf[64];
    return curi_path_to_uri(buf, sizeof buf, o, "/a", 2, f, NULL);
}
static int fl_uri_to_path(unsigned f, size_t *o)
{
    char buf[64];
    return curi_uri_to_path(buf, sizeof buf, o, "file:///C:/a", 12, f, NULL);
}
static int fl_iri_to_uri(unsigned f, size_t *o)
{
    char buf[256];
    return curi_iri_to_uri(buf, sizeof buf, o, "http://a/\xc3\xbc", 11, f, NULL);
}
static int fl_uri_to_iri(unsigned f, size_t *o)
{
    char buf[256];
    return curi_uri_to_iri(buf, sizeof buf, o, "http://a/%C3%BC", 15, f, NULL);
}
static int fl_host_to_ascii(unsigned f, size_t *o)
{
    char buf[256];
    return curi_host_to_ascii(buf, sizeof buf, o, "a.b", 3, f, NULL);
}
static int fl_host_to_unicode(unsigned f, size_t *o)
{
    char buf[256];
    return curi_host_to_unicode(buf, sizeof buf, o, "a.b", 3, f, NULL);
}
static int fl_iri_compare(unsigned f, size_t *o)
{
    char work[1024];
    curi_equiv lv = (curi_equiv)77;
    int rc = curi_iri_compare("http://a/", 9, "http://A/", 9, f, CURI_EQ_SCHEME, work,
                              sizeof work, &lv, NULL);
    *o = (size_t)lv;
    return rc;
}

static const struct {
    const char *name;
    flag_call call;
    unsigned known; /* the bits of its family */
} flag_calls[] = {
    {"curi_parse", fl_parse, 0x2F},
    {"curi_host_parse", fl_host_parse, 0x2F},
    {"curi_set", fl_set, 0x0F},
    {"curi_set_encoded", fl_set_encoded, 0x0F},
    {"curi_pct_encode", fl_pct_encode, 0x1},
    {"curi_pct_decode", fl_pct_decode, 0x7},
    {"curi_escape_display", fl_escape_display, 0x3},
    {"curi_query_init", fl_query_init, 0x1},
    {"curi_query_find", fl_query_find, 0x3},
    {"curi_query_edit", fl_query_edit, 0x7},
    {"curi_resolve", fl_resolve, 0x1},
    {"curi_relative", fl_relative, 0x7},
    {"curi_normalize", fl_normalize, 0xFF},
    {"curi_is_normalized", fl_is_normalized, 0xFF},
    {"curi_scheme_check", fl_scheme_check, 0},
    {"curi_scheme_parts_get", fl_scheme_parts_get, 0},
    {"curi_list_init_type", fl_list_init_type, 0x3FFF},
    {"curi_lint", fl_lint, 0x1},
    {"curi_lint_message", fl_lint_message, 0x1},
    {"curi_lint_messages", fl_lint_messages, 0x1},
    {"curi_extract_init", fl_extract_init, 0x5},
    {"curi_extract_next", fl_extract_next, 0x2},
    {"curi_path_to_uri", fl_path_to_uri, 0x3},
    {"curi_uri_to_path", fl_uri_to_path, 0x3},
    {"curi_iri_to_uri", fl_iri_to_uri, 0x3},
    {"curi_uri_to_iri", fl_uri_to_iri, 0x3},
    {"curi_host_to_ascii", fl_host_to_ascii, 0x1},
    {"curi_host_to_unicode", fl_host_to_unicode, 0x1},
    {"curi_iri_compare", fl_iri_compare, 0x3},
};

static void check_flag_words(void)
{
    char what[160];
    for (size_t i = 0; i < sizeof flag_calls / sizeof flag_calls[0]; i++) {
        const char *name = flag_calls[i].name;
        size_t o = 77;
        int rc = flag_calls[i].call(0, &o);
        snprintf(what, sizeof what, "%s: flags 0 is accepted (got %s)", name,
                 curi_strerror_name(rc));
        check(rc != CURI_ERR_INVALID_ARG, what);
        for (unsigned bit = 0; bit < 32; bit++) {
            unsigned f = 1u << bit;
            o = 77;
            rc = flag_calls[i].call(f, &o);
            if (flag_calls[i].known & f) {
                snprintf(what, sizeof what, "%s: its flag 0x%x is accepted (got %s)", name, f,
                         curi_strerror_name(rc));
                check(rc != CURI_ERR_INVALID_ARG, what);
            } else {
                snprintf(what, sizeof what,
                         "%s: the unknown bit 0x%x is INVALID_ARG, out-parameter zeroed "
                         "(got %s, %zu)",
                         name, f, curi_strerror_name(rc), o);
                check(rc == CURI_ERR_INVALID_ARG && o == 0, what);
            }
        }
    }
    /* The private bits by name (each family's own), refused where they are private. */
    {
        curi_uri u;
        curi_error e = {-1, 9, 9};
        size_t o = 77;
        check(curi_parse(&u, FL_URI, 0x10, &e) == CURI_ERR_INVALID_ARG &&
                  e.code == CURI_ERR_INVALID_ARG && e.offset == 0 && e.detail == 0 &&
                  u.path.ptr == NULL,
              "curi_parse(..., 0x10): the scalar test bit is INVALID_ARG, *out cleared");
        check(fl_host_parse(0x10, &o) == CURI_ERR_INVALID_ARG &&
                  fl_set(0x10, &o) == CURI_ERR_INVALID_ARG,
              "curi_host_parse, curi_set: the scalar test bit is INVALID_ARG");
        check(fl_lint(0x100, &o) == CURI_ERR_INVALID_ARG && o == 0,
              "curi_lint: options.flags 0x100 (the scalar test bit) is INVALID_ARG");
        check(fl_scheme_parts_get(0x200, &o) == CURI_ERR_INVALID_ARG &&
                  fl_scheme_check(0x200, &o) == CURI_ERR_INVALID_ARG,
              "curi_scheme_parts_get, curi_scheme_check: 0x200 (the general-path test bit)");
    }
}

/* rc is CURI_ERR_INVALID_ARG, and *e says so at offset 0 with detail 0. */
static void refused(int rc, const curi_error *e, const char *what)
{
    char w[200];
    snprintf(w, sizeof w, "%s: INVALID_ARG at offset 0 (got %s, err %s@%zu)", what,
             curi_strerror_name(rc), curi_strerror_name(e->code), e->offset);
    check(rc == CURI_ERR_INVALID_ARG && e->code == rc && e->offset == 0 && e->detail == 0, w);
}

/*
 * NULL misuse, function by function: every pointer that must not be NULL, a NULL input with
 * a length, a NULL dst with a cap.  Each is CURI_ERR_INVALID_ARG at offset 0, its
 * out-parameters zeroed (*outlen 0, *count 0, *level CURI_EQ_NONE, ...).  err itself may be
 * NULL everywhere (the calls above pass NULL).
 */
static void check_null_misuse(void)
{
    curi_uri u, t;
    curi_error e = {-1, 9, 9};
    char buf[64], work[256];
    size_t n, ends[4], cnt;
    curi_scheme_parts sp;
    curi_extractor x;
    curi_match m = {0, 0, 0, 0};
    curi_finding f[4];
    curi_equiv lv;
    const char *rule;
    int r;

    check(curi_parse(&u, FL_URI, 0, NULL) == CURI_OK && curi_parse(&t, "c", 1, 0, NULL) == 0,
          "two references for the NULL cases");
#define OUT_ZERO(call, outvar, what)           \
    do {                                       \
        outvar = 77;                           \
        e.code = -1;                           \
        refused((call), &e, what);             \
        check(outvar == 0, what ": out zeroed"); \
    } while (0)
    refused(curi_parse(NULL, "a", 1, 0, &e), &e, "curi_parse: NULL out");
    refused(curi_parse(&u, NULL, 1, 0, &e), &e, "curi_parse: NULL s with len 1");
    refused(curi_host_parse(NULL, "a", 1, 0, &e), &e, "curi_host_parse: NULL out");
    refused(curi_host_parse(&u, NULL, 1, 0, &e), &e, "curi_host_parse: NULL s with len 1");
    (void)curi_parse(&u, FL_URI, 0, NULL);
    OUT_ZERO(curi_recompose(NULL, 4, &n, &u, &e), n, "curi_recompose: NULL dst with cap");
    OUT_ZERO(curi_recompose(buf, sizeof buf, &n, NULL, &e), n, "curi_recompose: NULL u");
    OUT_ZERO(curi_authority(NULL, 4, &n, &u, &e), n, "curi_authority: NULL dst with cap");
    OUT_ZERO(curi_authority(buf, sizeof buf, &n, NULL, &e), n, "curi_authority: NULL u");
    refused(curi_set(NULL, CURI_PART_PATH, "/x", 2, 0, &e), &e, "curi_set: NULL u");
    check(curi_set(&u, CURI_PART_QUERY, NULL, 2, 0, &e) == CURI_OK && u.query.ptr == NULL,
          "curi_set: a NULL value removes the component, whatever len is (its comment)");
    (void)curi_parse(&u, FL_URI, 0, NULL);
    OUT_ZERO(curi_set_encoded(NULL, CURI_PART_PATH, buf, sizeof buf, &n, "/x", 2, 0, &e), n,
             "curi_set_encoded: NULL u");
    OUT_ZERO(curi_set_encoded(&u, CURI_PART_PATH, NULL, 4, &n, "/x", 2, 0, &e), n,
             "curi_set_encoded: NULL buf with cap");
    OUT_ZERO(curi_pct_encode(NULL, 4, &n, "a", 1, CURI_CHARSET_PATH, 0, &e), n,
             "curi_pct_encode: NULL dst with cap");
    OUT_ZERO(curi_pct_encode(buf, sizeof buf, &n, NULL, 1, CURI_CHARSET_PATH, 0, &e), n,
             "curi_pct_encode: NULL s with len");
    OUT_ZERO(curi_pct_decode(NULL, 4, &n, "a", 1, 0, &e), n, "curi_pct_decode: NULL dst with cap");
    OUT_ZERO(curi_pct_decode(buf, sizeof buf, &n, NULL, 1, 0, &e), n,
             "curi_pct_decode: NULL s with len");
    refused(curi_query_init(NULL, (curi_str){"a", 1}, 0, &e), &e, "curi_query_init: NULL c");
    OUT_ZERO(curi_escape_display(NULL, 4, &n, "a", 1, 0, &e), n,
             "curi_escape_display: NULL dst with cap");
    OUT_ZERO(curi_escape_display(buf, sizeof buf, &n, NULL, 1, 0, &e), n,
             "curi_escape_display: NULL s with len");
    {
        int found = 7;
        OUT_ZERO(curi_query_find(NULL, 4, &n, (curi_str){"a=1", 3}, "a", 1, 0, &found, &e), n,
                 "curi_query_find: NULL dst with cap");
        check(found == 0, "curi_query_find: *found zeroed on misuse");
        OUT_ZERO(curi_query_find(buf, sizeof buf, &n, (curi_str){"a=1", 3}, "a", 1, 0, NULL, &e),
                 n, "curi_query_find: NULL found");
        OUT_ZERO(curi_query_find(buf, sizeof buf, &n, (curi_str){"a=1", 3}, NULL, 1, 0, &found,
                                 &e),
                 n, "curi_query_find: NULL key with klen");
        OUT_ZERO(curi_query_find(buf, sizeof buf, &n, (curi_str){NULL, 3}, "a", 1, 0, &found, &e),
                 n, "curi_query_find: NULL query with len");
    }
    {
        int changed = 7;
        const curi_str q = {"a=1", 3};
        curi_query_op op = {CURI_QUERY_APPEND, NULL, 0, "b=2", 3};
        curi_query_op many[CURI_QUERY_OPS_MAX + 1];
        for (size_t i = 0; i < CURI_QUERY_OPS_MAX + 1; i++)
            many[i] = op;
        OUT_ZERO(curi_query_edit(NULL, 4, &n, q, &op, 1, 0, &changed, &e), n,
                 "curi_query_edit: NULL dst with cap");
        check(changed == 0, "curi_query_edit: *changed zeroed on misuse");
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, &op, 1, 0, NULL, &e), n,
                 "curi_query_edit: NULL changed");
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, (curi_str){NULL, 3}, &op, 1, 0, &changed,
                                 &e),
                 n, "curi_query_edit: NULL query with len");
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, NULL, 1, 0, &changed, &e), n,
                 "curi_query_edit: NULL ops with nops");
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, many, CURI_QUERY_OPS_MAX + 1, 0,
                                 &changed, &e),
                 n, "curi_query_edit: more than CURI_QUERY_OPS_MAX ops");
        check(curi_query_edit(buf, sizeof buf, &n, q, many, CURI_QUERY_OPS_MAX, 0, &changed,
                              &e) == CURI_ERR_NOSPACE &&
                  n == 3 + 4 * CURI_QUERY_OPS_MAX,
              "curi_query_edit: CURI_QUERY_OPS_MAX ops are taken");
        check(curi_query_edit(NULL, 0, &n, q, NULL, 0, 0, &changed, &e) == CURI_ERR_NOSPACE &&
                  n == 3 && changed == 0,
              "curi_query_edit: no ops, cap 0: NOSPACE with the query's length");
        op.pair = NULL;
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, &op, 1, 0, &changed, &e), n,
                 "curi_query_edit: NULL pair with plen");
        op = (curi_query_op){CURI_QUERY_REMOVE, NULL, 1, NULL, 0};
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, &op, 1, 0, &changed, &e), n,
                 "curi_query_edit: NULL key with klen");
        op = (curi_query_op){0, "a", 1, "a=2", 3};
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, &op, 1, 0, &changed, &e), n,
                 "curi_query_edit: op 0");
        op.op = CURI_QUERY_APPEND + 1;
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, &op, 1, 0, &changed, &e), n,
                 "curi_query_edit: an unknown op");
        /* A REMOVE op's pair and an APPEND op's key are not read. */
        op = (curi_query_op){CURI_QUERY_REMOVE, "a", 1, NULL, 5};
        OUT_ZERO(curi_query_edit(buf, sizeof buf, &n, q, &op, 1, 0, &changed, &e), n,
                 "curi_query_edit: NULL pair with plen, even for REMOVE");
        op = (curi_query_op){CURI_QUERY_REMOVE, "a", 1, NULL, 0};
        check(curi_query_edit(buf, sizeof buf, &n, q, &op, 1, 0, &changed, &e) == CURI_OK &&
                  n == 0 && changed == 1,
              "curi_query_edit: removing the last pair gives \"\" and *changed 1");
    }
    OUT_ZERO(curi_resolve(NULL, 4, &n, &u, &t, 0, &e), n, "curi_resolve: NULL dst with cap");
    OUT_ZERO(curi_resolve(buf, sizeof buf, &n, NULL, &t, 0, &e), n, "curi_resolve: NULL base");
    OUT_ZERO(curi_resolve(buf, sizeof buf, &n, &u, NULL, 0, &e), n, "curi_resolve: NULL ref");
    OUT_ZERO(curi_relative(NULL, 4, &n, &u, &u, 0, &e), n, "curi_relative: NULL dst with cap");
    OUT_ZERO(curi_relative(buf, sizeof buf, &n, NULL, &u, 0, &e), n, "curi_relative: NULL base");
    OUT_ZERO(curi_relative(buf, sizeof buf, &n, &u, NULL, 0, &e), n,
             "curi_relative: NULL target");
    OUT_ZERO(curi_normalize(NULL, 4, &n, &u, 0, &e), n, "curi_normalize: NULL dst with cap");
    OUT_ZERO(curi_normalize(buf, sizeof buf, &n, NULL, 0, &e), n, "curi_normalize: NULL u");
    OUT_ZERO(curi_is_normalized(NULL, 0, &r, &e), r, "curi_is_normalized: NULL u");
    refused(curi_is_normalized(&u, 0, NULL, &e), &e, "curi_is_normalized: NULL result");
    OUT_ZERO(curi_compare(NULL, &u, CURI_EQ_SCHEME, &lv, &e), lv, "curi_compare: NULL a");
    OUT_ZERO(curi_compare(&u, NULL, CURI_EQ_SCHEME, &lv, &e), lv, "curi_compare: NULL b");
    OUT_ZERO(curi_compare(&u, &u, (curi_equiv)4, &lv, &e), lv,
             "curi_compare: max_level past the ladder");
    refused(curi_compare(&u, &u, CURI_EQ_SCHEME, NULL, &e), &e, "curi_compare: NULL level");
    rule = "x";
    refused(curi_scheme_check(NULL, 0, &rule, &e), &e, "curi_scheme_check: NULL u");
    check(rule == NULL, "curi_scheme_check: NULL u clears *rule");
    rule = "x";
    refused(curi_scheme_parts_get(NULL, &u, 0, &rule, &e), &e,
            "curi_scheme_parts_get: NULL out");
    check(rule == NULL, "curi_scheme_parts_get: NULL out clears *rule");
    memset(&sp, 0x5a, sizeof sp);
    refused(curi_scheme_parts_get(&sp, NULL, 0, NULL, &e), &e, "curi_scheme_parts_get: NULL u");
    check(sp.kind == CURI_SK_NONE && sp.part[0].ptr == NULL &&
              sp.part[CURI_SCHEME_PARTS_MAX - 1].ptr == NULL,
          "curi_scheme_parts_get: NULL u leaves kind NONE and every part absent");
    refused(curi_list_init_type(NULL, (curi_str){"a", 1}, ',', &e), &e,
            "curi_list_init_type: NULL c");
    OUT_ZERO(curi_lint(NULL, 1, NULL, f, 4, &cnt, &e), cnt, "curi_lint: NULL s with len");
    OUT_ZERO(curi_lint("a", 1, NULL, NULL, 4, &cnt, &e), cnt, "curi_lint: NULL out with cap");
    refused(curi_lint("a", 1, NULL, f, 4, NULL, &e), &e, "curi_lint: NULL count");
    cnt = 0;
    check(curi_lint("a b", 3, NULL, f, 4, &cnt, &e) == CURI_OK && cnt == 2,
          "curi_lint: two findings to write messages for");
    OUT_ZERO(curi_lint_message(NULL, 4, &n, "a b", 3, NULL, f, &e), n,
             "curi_lint_message: NULL dst with cap");
    OUT_ZERO(curi_lint_message(buf, sizeof buf, &n, NULL, 3, NULL, f, &e), n,
             "curi_lint_message: NULL s with len");
    OUT_ZERO(curi_lint_message(buf, sizeof buf, &n, "a b", 3, NULL, NULL, &e), n,
             "curi_lint_message: NULL f");
    OUT_ZERO(curi_lint_messages(NULL, 4, ends, "a b", 3, NULL, f, 2, &n, &e), n,
             "curi_lint_messages: NULL dst with cap");
    OUT_ZERO(curi_lint_messages(buf, sizeof buf, NULL, "a b", 3, NULL, f, 2, &n, &e), n,
             "curi_lint_messages: NULL ends");
    OUT_ZERO(curi_lint_messages(buf, sizeof buf, ends, NULL, 3, NULL, f, 2, &n, &e), n,
             "curi_lint_messages: NULL s with len");
    OUT_ZERO(curi_lint_messages(buf, sizeof buf, ends, "a b", 3, NULL, NULL, 2, &n, &e), n,
             "curi_lint_messages: NULL f with n");
    n = 77;
    check(curi_lint_messages(work, sizeof work, ends, "a b", 3, NULL, f, 2, &n, &e) == CURI_OK &&
              n == 2 && ends[1] > ends[0] &&
              curi_lint_messages(work, ends[1] - 1, ends, "a b", 3, NULL, f, 2, &n, &e) ==
                  CURI_ERR_NOSPACE &&
              n == 1 && e.code == CURI_ERR_NOSPACE &&
              curi_lint_messages(NULL, 0, ends, "a b", 3, NULL, f, 2, NULL, NULL) ==
                  CURI_ERR_NOSPACE,
          "curi_lint_messages: CURI_OK with *done n; NOSPACE with *done the messages that fit");
    refused(curi_extract_init(NULL, 0, &e), &e, "curi_extract_init: NULL x");
    (void)curi_extract_init(&x, 0, NULL);
    OUT_ZERO(curi_extract_next(NULL, "a", 1, 0, &m, &r, &e), r, "curi_extract_next: NULL x");
    OUT_ZERO(curi_extract_next(&x, "a", 1, 0, NULL, &r, &e), r, "curi_extract_next: NULL m");
    OUT_ZERO(curi_extract_next(&x, NULL, 1, 0, &m, &r, &e), r,
             "curi_extract_next: NULL text with len");
    refused(curi_extract_next(&x, "a", 1, 0, &m, NULL, &e), &e, "curi_extract_next: NULL found");
    m = (curi_match){0, 1, 0, 0};
    OUT_ZERO(curi_extract_write(NULL, 4, &n, "a", 1, &m, &e), n,
             "curi_extract_write: NULL dst with cap");
    OUT_ZERO(curi_extract_write(buf, sizeof buf, &n, NULL, 1, &m, &e), n,
             "curi_extract_write: NULL text with len");
    OUT_ZERO(curi_extract_write(buf, sizeof buf, &n, "a", 1, NULL, &e), n,
             "curi_extract_write: NULL m");
    OUT_ZERO(curi_path_to_uri(NULL, 4, &n, "/a", 2, 0, &e), n,
             "curi_path_to_uri: NULL dst with cap");
    OUT_ZERO(curi_path_to_uri(buf, sizeof buf, &n, NULL, 2, 0, &e), n,
             "curi_path_to_uri: NULL path with len");
    OUT_ZERO(curi_uri_to_path(NULL, 4, &n, "file:///a", 9, 0, &e), n,
             "curi_uri_to_path: NULL dst with cap");
    OUT_ZERO(curi_uri_to_path(buf, sizeof buf, &n, NULL, 9, 0, &e), n,
             "curi_uri_to_path: NULL uri with len");
    OUT_ZERO(curi_iri_to_uri(NULL, 4, &n, "a", 1, 0, &e), n, "curi_iri_to_uri: NULL dst with cap");
    OUT_ZERO(curi_iri_to_uri(buf, sizeof buf, &n, NULL, 1, 0, &e), n,
             "curi_iri_to_uri: NULL iri with len");
    OUT_ZERO(curi_uri_to_iri(NULL, 4, &n, "a", 1, 0, &e), n, "curi_uri_to_iri: NULL dst with cap");
    OUT_ZERO(curi_uri_to_iri(buf, sizeof buf, &n, NULL, 1, 0, &e), n,
             "curi_uri_to_iri: NULL uri with len");
    OUT_ZERO(curi_host_to_ascii(NULL, 4, &n, "a", 1, 0, &e), n,
             "curi_host_to_ascii: NULL dst with cap");
    OUT_ZERO(curi_host_to_ascii(buf, sizeof buf, &n, NULL, 1, 0, &e), n,
             "curi_host_to_ascii: NULL host with len");
    OUT_ZERO(curi_host_to_unicode(NULL, 4, &n, "a", 1, 0, &e), n,
             "curi_host_to_unicode: NULL dst with cap");
    OUT_ZERO(curi_host_to_unicode(buf, sizeof buf, &n, NULL, 1, 0, &e), n,
             "curi_host_to_unicode: NULL host with len");
    OUT_ZERO(curi_iri_compare(NULL, 1, "a", 1, 0, CURI_EQ_SCHEME, work, sizeof work, &lv, &e), lv,
             "curi_iri_compare: NULL a with alen");
    OUT_ZERO(curi_iri_compare("a", 1, NULL, 1, 0, CURI_EQ_SCHEME, work, sizeof work, &lv, &e), lv,
             "curi_iri_compare: NULL b with blen");
    OUT_ZERO(curi_iri_compare("a", 1, "a", 1, 0, CURI_EQ_SCHEME, NULL, 4, &lv, &e), lv,
             "curi_iri_compare: NULL work with cap");
    OUT_ZERO(curi_iri_compare("a", 1, "a", 1, 0, (curi_equiv)-1, work, sizeof work, &lv, &e), lv,
             "curi_iri_compare: max_level below the ladder");
    refused(curi_iri_compare("a", 1, "a", 1, 0, CURI_EQ_SCHEME, work, sizeof work, NULL, &e), &e,
            "curi_iri_compare: NULL level");
    /* curi_iri_compare's own failures: a mapping's error, and a work buffer too small. */
    lv = (curi_equiv)77;
    check(curi_iri_compare("a b", 3, "a", 1, 0, CURI_EQ_SCHEME, work, sizeof work, &lv, &e) ==
                  CURI_ERR_PATH_CHAR &&
              e.offset == 1 && lv == CURI_EQ_NONE,
          "curi_iri_compare: A no IRI: its error at its offset, not CURI_EQ_NONE as an answer");
    lv = (curi_equiv)77;
    check(curi_iri_compare("a", 1, "x y", 3, 0, CURI_EQ_SCHEME, work, sizeof work, &lv, &e) ==
                  CURI_ERR_PATH_CHAR &&
              e.offset == 1 && lv == CURI_EQ_NONE,
          "curi_iri_compare: B no IRI: its error at its offset into B");
    lv = (curi_equiv)77;
    check(curi_iri_compare("http://a/\xc3\xbc", 11, "http://a/", 9, 0, CURI_EQ_SCHEME, work, 12,
                           &lv, &e) == CURI_ERR_NOSPACE &&
              lv == CURI_EQ_NONE &&
              curi_iri_compare("http://a/\xc3\xbc", 11, "http://a/%C3%BC", 15, 0, CURI_EQ_SCHEME,
                               work,
                               curi_iri_compare_bound(11, 15, 0), &lv, &e) == CURI_OK &&
              lv == CURI_EQ_SYNTAX,
          "curi_iri_compare: a work buffer below the bound is NOSPACE; the bound is enough");
    check(curi_iri_compare("a", 1, "a", 1, 0, CURI_EQ_NONE, work, sizeof work, &lv, &e) ==
                  CURI_OK &&
              lv == CURI_EQ_NONE,
          "curi_iri_compare: max_level NONE tries no rung");
#undef OUT_ZERO
}

/*
 * The functions that take no flags and cannot fail: the answer each comment gives for NULL
 * (and for out-of-range numbers), so that a binding may call them with anything.
 */
static void check_null_answers(void)
{
    curi_cursor c;
    curi_str s1 = {"x", 1}, s2 = {"y", 1};
    curi_extractor x;

    check(curi_structure_rule(NULL) == NULL && curi_recompose_bound(NULL) == 0 &&
              curi_normalize_bound(NULL) == 0 && curi_get(NULL, CURI_PART_PATH).ptr == NULL &&
              curi_part_name((curi_part)99) == NULL && curi_part_from_name(NULL, 3) == -1,
          "accessors on NULL: structure_rule, bounds, get, part names");
    curi_segments_init(NULL, s1); /* does nothing */
    check(curi_segments_next(NULL, &s1) == 0 && s1.ptr != NULL,
          "curi_segments_next: a NULL cursor is done, its output untouched");
    curi_segments_init(&c, (curi_str){"/a", 2});
    check(curi_segments_next(&c, NULL) == 0 && curi_segments_next(&c, &s1) == 1 &&
              s1.len == 1 && s1.ptr[0] == 'a',
          "curi_segments_next: a NULL segment is done without moving the cursor");
    check(curi_query_next(NULL, &s1, &s2) == 0, "curi_query_next: a NULL cursor is done");
    (void)curi_query_init(&c, (curi_str){"a=1", 3}, 0, NULL);
    check(curi_query_next(&c, NULL, &s2) == 0 && curi_query_next(&c, &s1, NULL) == 0 &&
              curi_query_next(&c, &s1, &s2) == 1 && s2.len == 1,
          "curi_query_next: a NULL key or value is done without moving the cursor");
    curi_list_init(NULL, s1, ','); /* does nothing */
    check(curi_list_next(NULL, &s1) == 0, "curi_list_next: a NULL cursor is done");
    curi_list_init(&c, (curi_str){"a,b", 3}, ',');
    check(curi_list_next(&c, NULL) == 0 && curi_list_next(&c, &s1) == 1 && s1.len == 1,
          "curi_list_next: a NULL item is done without moving the cursor");
    curi_split_at((curi_str){"a=b", 3}, '=', NULL, NULL); /* either output may be NULL */
    curi_split_at((curi_str){"a=b", 3}, '=', NULL, &s2);
    check(s2.len == 1 && s2.ptr[0] == 'b', "curi_split_at: a NULL before");
    curi_extract_drop(NULL, 3); /* does nothing */
    check(curi_extract_init(&x, 0, NULL) == CURI_OK && (curi_extract_drop(&x, 5), x.dropped == 0),
          "curi_extract_drop: NULL does nothing; more than keep drops keep (0)");
    check(curi_extract_bound(NULL) == 0 && curi_idn_reason(NULL, NULL) == NULL &&
              curi_scheme_rule_message(NULL) == NULL && curi_scheme_at((size_t)-1) == NULL &&
              curi_scheme_part_name(CURI_SK_FTP, CURI_SCHEME_PARTS_MAX) == NULL &&
              curi_scheme_part_name(99, 0) == NULL && curi_scheme_part_type(CURI_SK_FTP, -1) == 0 &&
              curi_scheme_part_type(-3, 0) == 0 && curi_lint_rule_name(-1) == NULL &&
              curi_lint_rule_from_name(NULL, 0) == 0 && curi_lint_rule_severity(99) == 0 &&
              curi_severity_name(-1) == NULL && curi_remove_dot_segments(NULL, 3) == 0,
          "accessors and lookups on NULL and out of range: NULL, 0 or -1 as documented");
    {
        const char *msg = "x";
        curi_error e = {CURI_ERR_PCT, 0, 0};
        check(curi_idn_reason(&e, &msg) == NULL && msg == NULL,
              "curi_idn_reason: NULL (and *message NULL) for an error that is not IDNA's");
    }
    /* The error struct: detail is 0 after any error but IDNA's. */
    {
        curi_uri u;
        curi_error e = {-1, 9, 9};
        check(curi_parse(&u, "a b", 3, 0, &e) == CURI_ERR_PATH_CHAR && e.detail == 0 &&
                  curi_parse(&u, "a", 1, 0, &e) == CURI_OK && e.detail == 0 && e.offset == 0,
              "curi_error.detail is 0 after a parse error and after success");
    }
    check(CURI_SCHEME_PARTS_MAX == 16 &&
              sizeof(((curi_scheme_parts *)NULL)->part) == 16 * sizeof(curi_str),
          "curi_scheme_parts: 16 slots");
}

/* One readable byte at the end of a page, followed by a PROT_NONE page. */
static const char *guarded_byte(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    char *m = mmap(NULL, (size_t)pg * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (m == MAP_FAILED || mprotect(m + pg, (size_t)pg, PROT_NONE) != 0) {
        perror("mmap");
        exit(2);
    }
    m[pg - 1] = 'a';
    return m + pg - 1;
}

/*
 * The experimental WHATWG URL and UTS #46 functions under the same model: unknown flag bits
 * and NULL misuse are INVALID_ARG with *outlen 0; TOO_LONG at CURI_MAX_LEN; the bound
 * saturates; the NULL answers of the accessors.
 */
static void check_whatwg(void)
{
    char out[256];
    size_t n;
    curi_error e;
    curi_url u, base;

    n = 7;
    check(curi_uts46_to_ascii(out, sizeof out, &n, "a.b", 3, 0x40, &e) == CURI_ERR_INVALID_ARG &&
              n == 0 && e.code == CURI_ERR_INVALID_ARG && e.offset == 0,
          "curi_uts46_to_ascii: an unknown flag bit");
    n = 7;
    check(curi_uts46_to_unicode(out, sizeof out, &n, "a.b", 3, 0x80000000u, &e) ==
                  CURI_ERR_INVALID_ARG && n == 0,
          "curi_uts46_to_unicode: an unknown flag bit");
    check(curi_uts46_to_ascii(out, sizeof out, &n, NULL, 3, 0, &e) == CURI_ERR_INVALID_ARG &&
              curi_uts46_to_unicode(NULL, 4, &n, "a", 1, 0, &e) == CURI_ERR_INVALID_ARG,
          "curi_uts46_to_ascii and _to_unicode: NULL input with a length, NULL dst with cap");
    check(curi_uts46_to_ascii(out, sizeof out, &n, NULL, 0, 0, &e) != CURI_ERR_INVALID_ARG &&
              curi_uts46_to_ascii(NULL, 0, &n, "EXAMPLE.com", 11, 0, &e) == CURI_ERR_NOSPACE &&
              n == 11,
          "curi_uts46_to_ascii: NULL with 0 reads as \"\"; the size needed with cap 0");
    check(curi_uts46_to_ascii(out, sizeof out, &n, "a", (size_t)CURI_MAX_LEN + 1, 0, &e) ==
                  CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN,
          "curi_uts46_to_ascii: TOO_LONG at CURI_MAX_LEN");
    check(curi_uts46_unicode_version() != NULL &&
              strcmp(curi_uts46_unicode_version(), "17.0.0") == 0,
          "curi_uts46_unicode_version: \"17.0.0\"");

    n = 7;
    check(curi_url_parse(out, sizeof out, &n, &u, "https://a/", 10, NULL, 1, &e) ==
                  CURI_ERR_INVALID_ARG && n == 0 && e.code == CURI_ERR_INVALID_ARG,
          "curi_url_parse: flags must be 0");
    check(curi_url_parse(out, sizeof out, &n, NULL, "https://a/", 10, NULL, 0, &e) ==
                  CURI_ERR_INVALID_ARG &&
              curi_url_parse(out, sizeof out, &n, &u, NULL, 10, NULL, 0, &e) ==
                  CURI_ERR_INVALID_ARG &&
              curi_url_parse(NULL, 8, &n, &u, "https://a/", 10, NULL, 0, &e) ==
                  CURI_ERR_INVALID_ARG,
          "curi_url_parse: NULL url, NULL input with a length, NULL dst with cap");
    check(curi_url_parse(out, sizeof out, &n, &u, "https://a/", (size_t)CURI_MAX_LEN + 1, NULL,
                         0, &e) == CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN,
          "curi_url_parse: TOO_LONG at CURI_MAX_LEN");
    check(curi_url_parse(out, 128, &n, &base, "https://EXAMPLE.com:443/a/b", 27, NULL, 0, &e) ==
                  CURI_OK &&
              n == 23 && memcmp(out, "https://example.com/a/b", 23) == 0 &&
              curi_url_parse(out + 128, 128, &n, &u, "../c?q", 6, &base, 0, &e) == CURI_OK &&
              n == 23 && memcmp(out + 128, "https://example.com/c?q", 23) == 0,
          "curi_url_parse: a base, and a relative URL against it");
    check(curi_url_bound(SIZE_MAX, NULL) == CURI_MAX_LEN &&
              curi_url_bound(CURI_MAX_LEN / 2, NULL) == CURI_MAX_LEN &&
              curi_url_bound(10, NULL) >= 10 &&
              curi_url_bound(10, &base) >= curi_url_bound(10, NULL) + base.href.len,
          "curi_url_bound: saturated, and room for the base's href");
    n = 7;
    check(curi_url_origin(out + 128, 128, &n, NULL, &e) == CURI_ERR_INVALID_ARG && n == 0 &&
              curi_url_origin(NULL, 4, &n, &base, &e) == CURI_ERR_INVALID_ARG &&
              curi_url_origin(out + 128, 128, &n, &base, &e) == CURI_OK && n == 19 &&
              memcmp(out + 128, "https://example.com", 19) == 0,
          "curi_url_origin: NULL url, NULL dst with cap; the origin of a special URL");
    check(curi_url_validation_name(0) == NULL && curi_url_validation_name(0x3) == NULL &&
              curi_url_validation_name(CURI_URL_V_DOMAIN_TO_ASCII) != NULL,
          "curi_url_validation_name: one bit, NULL for none or two");

    /* curi_url_set on base, "https://example.com/a/b" in out[0..23) */
    char sb[64];
    curi_url s;
    n = 7;
    check(curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_PORT, "1", 1, 1, &e) ==
                  CURI_ERR_INVALID_ARG &&
              n == 0 && s.href.ptr == NULL &&
              curi_url_set(sb, sizeof sb, &n, &s, &base, 0, "1", 1, 0, &e) ==
                  CURI_ERR_INVALID_ARG &&
              curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_HASH + 1, "1", 1, 0, &e) ==
                  CURI_ERR_INVALID_ARG,
          "curi_url_set: flags must be 0, component one CURI_URL_SET_*");
    check(curi_url_set(sb, sizeof sb, &n, NULL, &base, CURI_URL_SET_PORT, "1", 1, 0, &e) ==
                  CURI_ERR_INVALID_ARG &&
              curi_url_set(sb, sizeof sb, &n, &s, NULL, CURI_URL_SET_PORT, "1", 1, 0, &e) ==
                  CURI_ERR_INVALID_ARG &&
              curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_PORT, NULL, 1, 0, &e) ==
                  CURI_ERR_INVALID_ARG &&
              curi_url_set(NULL, 8, &n, &s, &base, CURI_URL_SET_PORT, "1", 1, 0, &e) ==
                  CURI_ERR_INVALID_ARG,
          "curi_url_set: NULL out, url, value with a length, dst with cap");
    check(curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_HASH, "a",
                       (size_t)CURI_MAX_LEN + 1, 0, &e) == CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN,
          "curi_url_set: TOO_LONG at CURI_MAX_LEN");
    check(curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_PORT, "8080", 4, 0, &e) ==
                  CURI_OK &&
              n == 28 && memcmp(sb, "https://example.com:8080/a/b", 28) == 0 &&
              s.port_number == 8080 && s.pathname.len == 4 &&
              curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_PORT, NULL, 0, 0, &e) ==
                  CURI_OK &&
              n == 23 && s.port_number == -1,
          "curi_url_set: a port, and NULL with 0 (\"\": the port null)");
    check(curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_PROTOCOL, "mailto", 6, 0,
                       &e) == CURI_OK &&
              n == 23 && memcmp(sb, "https://example.com/a/b", 23) == 0 && s.special == 1 &&
              curi_url_set(sb, sizeof sb, &n, &s, &base, CURI_URL_SET_PORT, "99999", 5, 0,
                           &e) == CURI_OK &&
              n == 23 && s.validation == CURI_URL_V_PORT_OUT_OF_RANGE,
          "curi_url_set: a setter the Standard ignores gives the href unchanged, and what it "
          "met");
    n = 0;
    check(curi_url_set(sb, 10, &n, &s, &base, CURI_URL_SET_SEARCH, "q", 1, 0, &e) ==
                  CURI_ERR_NOSPACE &&
              n == 25 &&
              curi_url_set(sb, n, &n, &s, &base, CURI_URL_SET_SEARCH, "q", 1, 0, &e) ==
                  CURI_OK &&
              n == 25 && memcmp(sb, "https://example.com/a/b?q", 25) == 0,
          "curi_url_set: NOSPACE with the exact size, one retry");
    check(curi_url_set(sb, 10, &n, &s, &base, CURI_URL_SET_PATHNAME, "/x/../y", 7, 0, &e) ==
                  CURI_ERR_NOSPACE &&
              n == curi_url_bound(7, &base) &&
              curi_url_set(sb, 21, &n, &s, &base, CURI_URL_SET_PATHNAME, "/x/../y", 7, 0, &e) ==
                  CURI_OK &&
              n == 21 && memcmp(sb, "https://example.com/y", 21) == 0,
          "curi_url_set: NOSPACE with curi_url_bound(len, url) when a '..' reads back");
}

int main(void)
{
    const char *b = guarded_byte();
    size_t big = CURI_MAX_LEN + 1, n = 0;
    curi_uri u;
    curi_error e;
    char out[16];

    check(curi_parse(&u, b, big, 0, &e) == CURI_ERR_TOO_LONG && e.code == CURI_ERR_TOO_LONG,
          "curi_parse refuses CURI_MAX_LEN + 1");
    check(curi_host_parse(&u, b, big, 0, &e) == CURI_ERR_TOO_LONG, "curi_host_parse");
    check(curi_pct_encode(out, sizeof out, &n, b, big, CURI_CHARSET_PATH, 0, &e) ==
              CURI_ERR_TOO_LONG,
          "curi_pct_encode");
    check(curi_pct_decode(out, sizeof out, &n, b, big, 0, &e) == CURI_ERR_TOO_LONG,
          "curi_pct_decode");
    check(curi_escape_display(out, sizeof out, &n, b, big, 0, &e) == CURI_ERR_TOO_LONG && n == 0,
          "curi_escape_display");
    {
        int found = 7;
        check(curi_query_find(out, sizeof out, &n, (curi_str){b, big}, "a", 1, 0, &found, &e) ==
                      CURI_ERR_TOO_LONG &&
                  n == 0 && found == 0,
              "curi_query_find");
    }
    {
        int changed = 7;
        const curi_query_op op = {CURI_QUERY_APPEND, NULL, 0, "b", 1};
        const curi_query_op longpair = {CURI_QUERY_APPEND, NULL, 0, b, big};
        check(curi_query_edit(out, sizeof out, &n, (curi_str){b, big}, NULL, 0, 0, &changed,
                              &e) == CURI_ERR_TOO_LONG &&
                  n == 0 && changed == 0,
              "curi_query_edit: query");
        check(curi_query_edit(out, sizeof out, &n, (curi_str){"a", 1}, &longpair, 1, 0, &changed,
                              &e) == CURI_ERR_TOO_LONG &&
                  n == 0,
              "curi_query_edit: pair");
        check(curi_query_edit(out, sizeof out, &n, (curi_str){b, big - 1}, &op, 1, 0, &changed,
                              &e) == CURI_ERR_TOO_LONG &&
                  n == 0,
              "curi_query_edit: query and pair together");
    }
    check(curi_parse(&u, "http://a/", 9, 0, &e) == CURI_OK, "parse a base for curi_set");
    check(curi_set(&u, CURI_PART_PATH, b, big, 0, &e) == CURI_ERR_TOO_LONG, "curi_set");
    check(curi_set_encoded(&u, CURI_PART_PATH, out, sizeof out, &n, b, big, 0, &e) ==
              CURI_ERR_TOO_LONG,
          "curi_set_encoded");

    /* TOO_LONG has one offset everywhere, CURI_MAX_LEN, and leaves *outlen 0. */
    n = 7;
    check(curi_pct_encode(out, sizeof out, &n, b, big, CURI_CHARSET_PATH, 0, &e) ==
                  CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_pct_encode: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    n = 7;
    check(curi_pct_decode(out, sizeof out, &n, b, big, 0, &e) == CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_pct_decode: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    n = 7;
    check(curi_path_to_uri(out, sizeof out, &n, b, big, 0, &e) == CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_path_to_uri: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    n = 7;
    check(curi_uri_to_path(out, sizeof out, &n, b, big, CURI_PATH_WINDOWS, &e) ==
                  CURI_ERR_TOO_LONG &&
              e.offset == CURI_MAX_LEN && n == 0,
          "curi_uri_to_path: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    check(curi_path_to_uri_bound(SIZE_MAX) == CURI_MAX_LEN &&
              curi_path_to_uri_bound(CURI_MAX_LEN / 3) == CURI_MAX_LEN &&
              curi_path_to_uri_bound(5) == 23 && curi_uri_to_path_bound(SIZE_MAX) == CURI_MAX_LEN &&
              curi_uri_to_path_bound(9) == 9,
          "curi_path_to_uri_bound and curi_uri_to_path_bound: 8 + 3 len and len, saturated");
    check(curi_iri_to_uri_bound(0, 0) == 0 && curi_iri_to_uri_bound(10, 0) == 30 &&
              curi_iri_to_uri_bound(SIZE_MAX, 0) == CURI_MAX_LEN &&
              curi_iri_to_uri_bound(CURI_MAX_LEN / 2, 0) == CURI_MAX_LEN,
          "curi_iri_to_uri_bound: 3 len (every byte may become %HH), saturated");
    check(curi_uri_to_iri_bound(0, 0) == 0 && curi_uri_to_iri_bound(10, 0) == 10 &&
              curi_uri_to_iri_bound(SIZE_MAX, 0) == CURI_MAX_LEN &&
              curi_uri_to_iri_bound(SIZE_MAX, CURI_IRI_IDN) == CURI_MAX_LEN &&
              curi_uri_to_iri_bound(CURI_MAX_LEN / 3, CURI_IRI_IDN) == CURI_MAX_LEN &&
              curi_uri_to_iri_bound(10, 0xFFFFFFFFu) == curi_uri_to_iri_bound(10, CURI_IRI_IDN),
          "curi_uri_to_iri_bound: len, saturated; it reads only the flag bits it knows");
    check(curi_host_to_ascii_bound(SIZE_MAX) == CURI_MAX_LEN &&
              curi_host_to_unicode_bound(SIZE_MAX) == CURI_MAX_LEN &&
              curi_host_to_ascii_bound(0) >= 253 && curi_host_to_unicode_bound(0) >= 253,
          "curi_host_to_ascii_bound and curi_host_to_unicode_bound: room for a DNS name, "
          "saturated");

    /*
     * An output that would pass CURI_MAX_LEN is TOO_LONG even when the input is inside it:
     * CURI_MAX_LEN / 3 + 1 NUL bytes encode to 3 bytes each.  The bytes come from an
     * anonymous mapping, so they cost no memory, and the encoder stops once the output
     * passes the limit.  (On i386, 3 * 1.43 GB wrapped to a tiny *outlen before.)
     */
    {
        size_t zlen = CURI_MAX_LEN / 3 + 1;
        char *z = mmap(NULL, zlen, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (z == MAP_FAILED) {
            printf("limits: SKIPPED: no %zu-byte mapping for the encoder's output limit\n", zlen);
        } else {
            n = 7;
            check(curi_pct_encode(out, sizeof out, &n, z, zlen, CURI_CHARSET_PATH, 0, &e) ==
                          CURI_ERR_TOO_LONG &&
                      e.offset == CURI_MAX_LEN && n == 0,
                  "curi_pct_encode: an output over CURI_MAX_LEN is TOO_LONG");
            n = 7;
            check(curi_pct_encode(NULL, 0, &n, z, zlen - 1, CURI_CHARSET_PATH, 0, &e) ==
                          CURI_ERR_NOSPACE &&
                      n == 3 * (zlen - 1),
                  "curi_pct_encode: an output of exactly 3 * (CURI_MAX_LEN / 3) bytes fits");
            munmap(z, zlen);
        }
    }

    /* Bounds saturate at CURI_MAX_LEN instead of wrapping (every computed size fits 32 bits). */
    check(curi_pct_encode_bound((size_t)1500000000) == CURI_MAX_LEN &&
              curi_pct_encode_bound(SIZE_MAX) == CURI_MAX_LEN && curi_pct_encode_bound(5) == 15,
          "curi_pct_encode_bound saturates");
    {
        curi_uri h;
        memset(&h, 0, sizeof h);
        h.scheme = (curi_str){"a", SIZE_MAX / 2};
        h.host = (curi_str){"h", SIZE_MAX / 2};
        h.path = (curi_str){"/", SIZE_MAX / 2};
        check(curi_recompose_bound(&h) == CURI_MAX_LEN, "curi_recompose_bound saturates");
        check(curi_normalize_bound(&h) == CURI_MAX_LEN, "curi_normalize_bound saturates");
        check(curi_resolve_bound(&h, &h) == CURI_MAX_LEN, "curi_resolve_bound saturates");
        check(curi_relative_bound(&h, &h) == CURI_MAX_LEN, "curi_relative_bound saturates");
        n = 7;
        check(curi_recompose(out, sizeof out, &n, &h, &e) == CURI_ERR_TOO_LONG &&
                  e.offset == CURI_MAX_LEN && n == 0,
              "curi_recompose of a hand-built giant: TOO_LONG at CURI_MAX_LEN, *outlen 0");
    }

    /* curi_features says what the build has: the AVX2 scanners exactly where they compile;
     * IDN always (libcuri's own IDNA), which curi_host_to_ascii shows. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(CURI_NO_SIMD)
    check((curi_features() & ~(unsigned)CURI_FEATURE_IDN) == CURI_FEATURE_AVX2,
          "curi_features: AVX2 in an x86-64 build");
#else
    check((curi_features() & ~(unsigned)CURI_FEATURE_IDN) == 0,
          "curi_features: no AVX2 in this build");
#endif
    {
        char a[16];
        size_t an;
        int idn = curi_host_to_ascii(a, sizeof a, &an, "a", 1, 0, NULL) == CURI_OK;
        check(idn && (curi_features() & CURI_FEATURE_IDN) != 0,
              "curi_features: IDN, and curi_host_to_ascii works, in every build");
    }

    /* Flags: each family refuses a bit it does not know. */
    {
        curi_uri v, w;
        curi_cursor cur;
        curi_str k, val;
        char buf[64];
        check(curi_parse(&v, "http://a/", 9, CURI_NORM_DEFAULT << 8, &e) == CURI_ERR_INVALID_ARG,
              "curi_parse: an unknown flag bit is INVALID_ARG");
        check(curi_parse(&v, "http://a/", 9, 1u << 31, &e) == CURI_ERR_INVALID_ARG,
              "curi_parse: bit 31 is INVALID_ARG");
        check(curi_host_parse(&v, "a", 1, 1u << 20, &e) == CURI_ERR_INVALID_ARG,
              "curi_host_parse: unknown flag");
        check(curi_parse(&w, "http://a/b", 10, 0, &e) == CURI_OK, "a reference to edit");
        check(curi_set(&w, CURI_PART_PATH, "/x", 2, 1u << 20, &e) == CURI_ERR_INVALID_ARG,
              "curi_set: unknown flag");
        check(curi_set_encoded(&w, CURI_PART_PATH, buf, sizeof buf, &n, "/x", 2, 1u << 20, &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_set_encoded: unknown flag");
        check(curi_pct_encode(buf, sizeof buf, &n, "a", 1, CURI_CHARSET_PATH, 2, &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_pct_encode: unknown flag");
        check(curi_pct_decode(buf, sizeof buf, &n, "a", 1, 8, &e) == CURI_ERR_INVALID_ARG,
              "curi_pct_decode: unknown flag");
        n = 7;
        check(curi_path_to_uri(buf, sizeof buf, &n, "/a", 2, 4, &e) == CURI_ERR_INVALID_ARG &&
                  n == 0 && e.offset == 0,
              "curi_path_to_uri: unknown flag");
        n = 7;
        check(curi_uri_to_path(buf, sizeof buf, &n, "file:///a", 9, 1u << 31, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  n == 0,
              "curi_uri_to_path: unknown flag");
        check(curi_path_to_uri(buf, sizeof buf, &n, NULL, 1, 0, &e) == CURI_ERR_INVALID_ARG &&
                  curi_uri_to_path(buf, sizeof buf, &n, NULL, 1, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_path_to_uri, curi_uri_to_path: NULL input with len 1 is INVALID_ARG");
        check(curi_path_to_uri(buf, sizeof buf, &n, NULL, 0, 0, &e) == CURI_ERR_PATH_RELATIVE &&
                  curi_uri_to_path(buf, sizeof buf, &n, NULL, 0, 0, &e) == CURI_ERR_PATH_SCHEME,
              "curi_path_to_uri, curi_uri_to_path: NULL input with len 0 reads as \"\"");
        check(curi_resolve(buf, sizeof buf, &n, &w, &w, 2, &e) == CURI_ERR_INVALID_ARG && n == 0,
              "curi_resolve: unknown flag");
        check(curi_relative(buf, sizeof buf, &n, &w, &w, 8, &e) == CURI_ERR_INVALID_ARG && n == 0,
              "curi_relative: unknown flag");
        check(curi_normalize(buf, sizeof buf, &n, &w, 1u << 8, &e) == CURI_ERR_INVALID_ARG &&
                  n == 0,
              "curi_normalize: unknown mask bit");
        check(isn(&w, 1u << 8) == -1, "curi_is_normalized: unknown mask bit is INVALID_ARG");
        curi_query_init(&cur, (curi_str){"a=1", 3}, 2, &e);
        check(e.code == CURI_ERR_INVALID_ARG && curi_query_next(&cur, &k, &val) == 0,
              "curi_query_init: unknown flag is INVALID_ARG, and the cursor yields nothing");
        check(cmp(&w, &w, (curi_equiv)7) == -1 && cmp(&w, &w, (curi_equiv)-1) == -1 &&
                  cmp(&w, &w, CURI_EQ_STRING) == CURI_EQ_STRING,
              "curi_compare: a max_level outside the ladder is INVALID_ARG, not NONE");

        /* A failed parse leaves nothing behind: every view absent, no host. */
        check(curi_parse(&v, "http://good.com:80@evil.com:x/", 30, 0, &e) == CURI_ERR_PORT_CHAR &&
                  v.host.ptr == NULL && v.userinfo.ptr == NULL && v.scheme.ptr == NULL &&
                  v.path.ptr == NULL && v.host_type == CURI_HOST_NONE,
              "a failed curi_parse clears *out");
        check(curi_parse(&v, "http://[::1/", 12, 0, &e) != CURI_OK && v.host.ptr == NULL &&
                  v.scheme.ptr == NULL,
              "a failed curi_parse in the host clears *out");
        check(curi_parse(&v, b, big, 0, &e) == CURI_ERR_TOO_LONG && v.scheme.ptr == NULL,
              "TOO_LONG clears *out too");
        /* A dotted quad that is no IPv4address is a reg-name, and ip[] says nothing. */
        check(curi_parse(&v, "http://1.2.3.999/", 17, 0, &e) == CURI_OK &&
                  v.host_type == CURI_HOST_REGNAME && v.ip[0] == 0 && v.ip[1] == 0 &&
                  v.ip[2] == 0 && v.ip[3] == 0,
              "1.2.3.999 leaves ip[] zero");

        /* What curi_normalize refuses, curi_is_normalized and curi_compare refuse alike. */
        w.path = (curi_str){"x", 1}; /* beside the host "a": hand-built, not a reference */
        check(curi_normalize(buf, sizeof buf, &n, &w, CURI_NORM_DEFAULT, &e) ==
                      CURI_ERR_STRUCTURE &&
                  isn(&w, 0) == -2 && isn(&w, CURI_NORM_DEFAULT) == -2 &&
                  cmp(&w, &w, CURI_EQ_SCHEME) == -2,
              "a structure curi_normalize refuses is STRUCTURE for is_normalized and compare too");
    }

    /* Every error code's name and sentence are the header's, and an unknown code has its own. */
    {
        int names_ok = 1;
#define CHECK_ERRNO_(num, name, msg)                                            \
    names_ok &= strcmp(curi_strerror_name(num), #name) == 0 &&                  \
                strcmp(curi_strerror(num), msg) == 0;
        CURI_ERRNO_MAP(CHECK_ERRNO_)
#undef CHECK_ERRNO_
        check(names_ok, "curi_strerror_name and curi_strerror follow CURI_ERRNO_MAP");
        check(strcmp(curi_strerror_name(-1), "UNKNOWN") == 0 &&
                  strcmp(curi_strerror(99), "unknown error") == 0,
              "an unknown code is UNKNOWN, 'unknown error'");
        check(curi_version_number() == CURI_VERSION_NUMBER &&
                  strcmp(curi_version_string(), CURI_VERSION_STRING) == 0,
              "the linked version is the header's");
    }

    /*
     * The batch functions' error model: misuse (a NULL that must not be, a flag or mask bit
     * they do not know) is INVALID_ARG at offset 0 with the counts zeroed and no array
     * written; a span with ptr NULL and len > 0 is that input's INVALID_ARG, as curi_parse's.
     */
    {
        curi_row rows[3];
        size_t ends[3] = {7, 7, 7}, starts[3], valid, done, lines, used;
        uint16_t codes[3];
        char nb[64];
        curi_error be;
        const curi_str in[3] = {{"http://a", 8}, {NULL, 0}, {"x", 1}};
        const curi_str bad[2] = {{"http://a", 8}, {NULL, 3}};
#define MISUSE(call, n1, n2)                                                               \
    (n1 = 5, n2 = 5, be.code = 0, be.offset = 9, rows[0].code = 77,                          \
     (call) == CURI_ERR_INVALID_ARG && be.code == CURI_ERR_INVALID_ARG && be.offset == 0 &&    \
         n1 == 0 && rows[0].code == 77 && ends[0] == 7)
        check(MISUSE(curi_parse_many(NULL, in, 2, 0, &valid, &be), valid, done) &&
                  MISUSE(curi_parse_many(rows, NULL, 2, 0, &valid, &be), valid, done) &&
                  MISUSE(curi_parse_many(rows, in, 2, 1u << 20, &valid, &be), valid, done) &&
                  MISUSE(curi_parse_many(rows, in, 2, 0x10, &valid, &be), valid, done) &&
                  curi_parse_many(rows, in, 2, 0, NULL, &be) == CURI_ERR_INVALID_ARG &&
                  rows[0].code == 77,
              "curi_parse_many: NULL rows, inputs or valid; an unknown or private flag bit");
        check(MISUSE(curi_valid_many(codes, NULL, 2, 0, &valid, &be), valid, done) &&
                  MISUSE(curi_valid_many(codes, in, 2, 1u << 20, &valid, &be), valid, done) &&
                  MISUSE(curi_valid_many(codes, in, 2, 0x10, &valid, &be), valid, done) &&
                  curi_valid_many(codes, in, 2, 0, NULL, &be) == CURI_ERR_INVALID_ARG,
              "curi_valid_many: NULL inputs or valid; an unknown or private flag bit");
        check(curi_valid_many(codes, bad, 2, CURI_PARSE_URI, &valid, &be) == CURI_OK &&
                  be.code == CURI_OK && valid == 1 && codes[0] == CURI_OK &&
                  codes[1] == CURI_ERR_INVALID_ARG &&
                  curi_valid_many(NULL, in, 3, CURI_PARSE_URI, &valid, &be) == CURI_OK &&
                  valid == 1,
              "curi_valid_many: codes as curi_parse's (a span NULL with len 3 INVALID_ARG); "
              "codes may be NULL");
        check(MISUSE(curi_normalize_many(nb, sizeof nb, NULL, codes, in, 2, 0, CURI_NORM_DEFAULT,
                                         &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(NULL, 4, ends, codes, in, 2, 0, CURI_NORM_DEFAULT,
                                             &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(nb, sizeof nb, ends, codes, NULL, 2, 0,
                                             CURI_NORM_DEFAULT, &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(nb, sizeof nb, ends, codes, in, 2, 1u << 20,
                                             CURI_NORM_DEFAULT, &done, &be), done, valid) &&
                  MISUSE(curi_normalize_many(nb, sizeof nb, ends, codes, in, 2, 0, 1u << 9,
                                             &done, &be), done, valid) &&
                  curi_normalize_many(nb, sizeof nb, ends, codes, in, 2, 0, CURI_NORM_DEFAULT,
                                      NULL, &be) == CURI_ERR_INVALID_ARG && ends[0] == 7,
              "curi_normalize_many: NULL ends, inputs or done, NULL dst with cap, unknown "
              "parse flag or mask bits");
        check(MISUSE(curi_parse_lines(NULL, starts, 2, "a\nb", 3, 0, &lines, &used, &be), lines,
                     used) && used == 0 &&
                  MISUSE(curi_parse_lines(rows, starts, 2, NULL, 3, 0, &lines, &used, &be), lines,
                         used) &&
                  MISUSE(curi_parse_lines(rows, starts, 2, "a\nb", 3, 1u << 20, &lines, &used,
                                          &be), lines, used) &&
                  curi_parse_lines(rows, starts, 2, "a", 1, 0, NULL, &used, &be) ==
                      CURI_ERR_INVALID_ARG &&
                  curi_parse_lines(rows, starts, 2, "a", 1, 0, &lines, NULL, &be) ==
                      CURI_ERR_INVALID_ARG && rows[0].code == 77,
              "curi_parse_lines: NULL rows with cap, NULL text with len, NULL counts, unknown "
              "flags");
        check(MISUSE(curi_normalize_lines(nb, sizeof nb, NULL, codes, 2, "a\nb", 3, 0,
                                          CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  used == 0 &&
                  MISUSE(curi_normalize_lines(NULL, 4, ends, codes, 2, "a\nb", 3, 0,
                                              CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  MISUSE(curi_normalize_lines(nb, sizeof nb, ends, codes, 2, NULL, 3, 0,
                                              CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  MISUSE(curi_normalize_lines(nb, sizeof nb, ends, codes, 2, "a", 1, 1u << 20,
                                              CURI_NORM_DEFAULT, &lines, &used, &be), lines, used) &&
                  MISUSE(curi_normalize_lines(nb, sizeof nb, ends, codes, 2, "a", 1, 0, 1u << 9,
                                              &lines, &used, &be), lines, used) &&
                  curi_normalize_lines(nb, sizeof nb, ends, codes, 2, "a", 1, 0,
                                       CURI_NORM_DEFAULT, &lines, NULL, &be) ==
                      CURI_ERR_INVALID_ARG && ends[0] == 7,
              "curi_normalize_lines: NULL ends with cap, NULL dst with dcap, NULL text with "
              "len, NULL counts, unknown parse flag or mask bits");
#undef MISUSE
        check(curi_parse_many(rows, in, 3, 0, &valid, &be) == CURI_OK && be.code == CURI_OK &&
                  valid == 3 && rows[1].code == CURI_OK && rows[1].len[CURI_PART_PATH] == 0 &&
                  rows[2].code == CURI_OK,
              "curi_parse_many: a span NULL with len 0 is the empty reference");
        check(curi_parse_many(rows, bad, 2, 0, &valid, &be) == CURI_OK && valid == 1 &&
                  rows[1].code == CURI_ERR_INVALID_ARG && rows[1].value == 0 &&
                  rows[1].off[CURI_PART_PATH] == CURI_ROW_ABSENT,
              "curi_parse_many: a span NULL with len 3 is INVALID_ARG for that input only");
        check(curi_normalize_many(nb, sizeof nb, ends, codes, bad, 2, 0, CURI_NORM_DEFAULT,
                                  &done, &be) == CURI_OK &&
                  done == 2 && codes[0] == CURI_OK && codes[1] == CURI_ERR_INVALID_ARG &&
                  ends[0] == 9 && ends[1] == 9 && memcmp(nb, "http://a/", 9) == 0,
              "curi_normalize_many: a span NULL with len 3 gives that input INVALID_ARG, empty");
        check(curi_normalize_many(nb, sizeof nb, ends, NULL, in, 3, CURI_PARSE_URI,
                                  CURI_NORM_CASE, &done, &be) == CURI_OK &&
                  done == 3 && ends[0] == 8 && ends[1] == 8 && ends[2] == 8,
              "curi_normalize_many: codes may be NULL; parse flags reach each input");
        check(curi_normalize_many(nb, 4, ends, codes, in, 3, 0, CURI_NORM_DEFAULT, &done, &be) ==
                      CURI_ERR_NOSPACE &&
                  be.code == CURI_ERR_NOSPACE && done == 0 && ends[0] == 9,
              "curi_normalize_many: NOSPACE, *done 0 and ends[0] the room http://a/ needs");
        check(curi_parse_lines(rows, starts, 2, "a\n\nb\r\n", 6, 0, &lines, &used, &be) ==
                      CURI_ERR_NOSPACE &&
                  lines == 2 && used == 3 && starts[1] == 2 &&
                  curi_parse_lines(rows, starts, 2, "b\r\n", 3, 0, &lines, &used, &be) ==
                      CURI_OK &&
                  lines == 1 && used == 3 && rows[0].len[CURI_PART_PATH] == 1,
              "curi_parse_lines: cap lines, then the rest from where *used says");
        check(curi_normalize_lines(nb, sizeof nb, ends, codes, 3, "HTTP://A\nb", 10, 0,
                                   CURI_NORM_DEFAULT, &lines, &used, &be) == CURI_OK &&
                  lines == 2 && used == 10 && ends[0] == 9 && ends[1] == 10 &&
                  memcmp(nb, "http://a/b", 10) == 0,
              "curi_normalize_lines: a last line without '\\n'");
        check(curi_normalize_lines(nb, 9, ends, codes, 3, "b\nHTTP://A\n", 11, 0,
                                   CURI_NORM_DEFAULT, &lines, &used, &be) == CURI_ERR_NOSPACE &&
                  lines == 1 && used == 2 && ends[0] == 1 && ends[1] == 10,
              "curi_normalize_lines: NOSPACE in dst: *used is where the line that did not fit "
              "begins");
    }

    /*
     * NULL pointers, parts and sets out of range, and hand-built references: what the header
     * says each function does with them (the NULL rule of its conventions, and each
     * function's own comment).
     */
    {
        curi_uri v, r, hb, ht, empty;
        curi_cursor cur;
        curi_str seg, k, val;
        char buf[64];
        size_t m;

        /* An input string may be NULL when its length is 0: it reads as "". */
        check(curi_parse(&v, NULL, 0, 0, &e) == CURI_OK && v.scheme.ptr == NULL &&
                  v.host.ptr == NULL && v.path.ptr != NULL && v.path.len == 0 &&
                  v.query.ptr == NULL && v.fragment.ptr == NULL,
              "curi_parse(NULL, 0) is the empty reference, its path present and empty");
        check(curi_parse(&v, NULL, 1, 0, &e) == CURI_ERR_INVALID_ARG && e.offset == 0 &&
                  v.path.ptr == NULL,
              "curi_parse(NULL, 1) is INVALID_ARG and clears *out");
        check(curi_parse(NULL, "a", 1, 0, &e) == CURI_ERR_INVALID_ARG && e.offset == 0 &&
                  curi_parse(NULL, NULL, 0, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_parse: a NULL out is INVALID_ARG");
        check(curi_host_parse(NULL, "a", 1, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_host_parse: a NULL out is INVALID_ARG");
        memset(&v, 0, sizeof v);
        check(curi_host_parse(&v, NULL, 0, 0, &e) == CURI_OK && v.host.ptr != NULL &&
                  v.host.len == 0 && v.host_type == CURI_HOST_REGNAME,
              "curi_host_parse(NULL, 0): the empty reg-name (3.2.2)");
        check(curi_host_parse(&v, NULL, 2, 0, &e) == CURI_ERR_INVALID_ARG,
              "curi_host_parse(NULL, 2) is INVALID_ARG");
        m = 7;
        check(curi_pct_encode(buf, sizeof buf, &m, NULL, 0, (curi_charset)0, 0, &e) == CURI_OK &&
                  m == 0,
              "curi_pct_encode(NULL, 0) writes nothing");
        m = 7;
        check(curi_pct_encode(buf, sizeof buf, &m, NULL, 1, (curi_charset)0, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_pct_encode(NULL, 1) is INVALID_ARG, *outlen 0");
        m = 7;
        check(curi_pct_encode(buf, sizeof buf, &m, "a", 1, (curi_charset)8, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_pct_encode: a set after FORM is INVALID_ARG");
        m = 7;
        check(curi_pct_decode(buf, sizeof buf, &m, NULL, 0, 0, &e) == CURI_OK && m == 0,
              "curi_pct_decode(NULL, 0) writes nothing");
        m = 7;
        check(curi_pct_decode(buf, sizeof buf, &m, NULL, 3, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_pct_decode(NULL, 3) is INVALID_ARG, *outlen 0");
        check(curi_remove_dot_segments(NULL, 0) == 0 && curi_remove_dot_segments(NULL, 9) == 0,
              "curi_remove_dot_segments(NULL, len) is 0");

        /* Absent views: no segment, no pair. */
        curi_segments_init(&cur, (curi_str){NULL, 0});
        check(curi_segments_next(&cur, &seg) == 0, "curi_segments: an absent path has none");
        curi_query_init(&cur, (curi_str){NULL, 0}, 0, &e);
        check(curi_query_next(&cur, &k, &val) == 0, "curi_query: an absent query has none");

        /* Part names: exact, case-insensitive, nothing else. */
        check(curi_part_name((curi_part)7) == NULL && curi_part_name((curi_part)-1) == NULL,
              "curi_part_name: a part out of range has no name");
        check(curi_part_from_name(NULL, 0) == -1 && curi_part_from_name("", 0) == -1 &&
                  curi_part_from_name("PATH", 4) == CURI_PART_PATH &&
                  curi_part_from_name("Fragment", 8) == CURI_PART_FRAGMENT &&
                  curi_part_from_name("pat", 3) == -1 && curi_part_from_name("paths", 5) == -1 &&
                  curi_part_from_name("path", 3) == -1 && curi_part_from_name("xpath", 5) == -1,
              "curi_part_from_name: whole names in any case, NULL and prefixes are -1");
        check(curi_parse(&r, "http://u@a:1/p?q#f", 18, 0, &e) == CURI_OK &&
                  curi_get(NULL, CURI_PART_HOST).ptr == NULL &&
                  curi_get(&r, (curi_part)7).ptr == NULL && curi_get(&r, CURI_PART_PORT).len == 1,
              "curi_get: NULL u or a part out of range is absent");

        /* Editing: a NULL u or a part out of range is INVALID_ARG and changes nothing. */
        v = r;
        check(curi_set(NULL, CURI_PART_PATH, "/x", 2, 0, &e) == CURI_ERR_INVALID_ARG &&
                  curi_set(&v, (curi_part)7, "x", 1, 0, &e) == CURI_ERR_INVALID_ARG &&
                  memcmp(&v, &r, sizeof v) == 0,
              "curi_set: NULL u, part out of range");
        m = 7;
        check(curi_set_encoded(NULL, CURI_PART_PATH, buf, sizeof buf, &m, "/x", 2, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_set_encoded: NULL u");
        m = 7;
        check(curi_set_encoded(&v, (curi_part)7, buf, sizeof buf, &m, "x", 1, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: part out of range");
        m = 7;
        check(curi_set_encoded(&v, CURI_PART_PATH, NULL, 4, &m, "/x", 2, 0, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: NULL buf with a cap");
        /* NOSPACE: the exact size, copied (scheme) or encoded (path), and *u unchanged. */
        m = 0;
        check(curi_set_encoded(&v, CURI_PART_SCHEME, buf, 2, &m, "https", 5, 0, &e) ==
                      CURI_ERR_NOSPACE &&
                  m == 5 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: a scheme longer than cap is NOSPACE with its length");
        m = 0;
        check(curi_set_encoded(&v, CURI_PART_PATH, buf, 5, &m, "/a b", 4, 0, &e) ==
                      CURI_ERR_NOSPACE &&
                  m == 6 && memcmp(&v, &r, sizeof v) == 0,
              "curi_set_encoded: \"/a b\" needs 6 bytes (\"/a%20b\")");
        check(curi_set_encoded(&v, CURI_PART_PATH, buf, m, &m, "/a b", 4, 0, &e) == CURI_OK &&
                  m == 6 && v.path.ptr == buf && memcmp(buf, "/a%20b", 6) == 0,
              "curi_set_encoded: the retry with *outlen bytes succeeds");

        /* Recomposition of NULL and of hand-built references. */
        m = 7;
        check(curi_recompose_bound(NULL) == 0 && curi_structure_rule(NULL) == NULL &&
                  curi_recompose(buf, sizeof buf, &m, NULL, &e) == CURI_ERR_INVALID_ARG && m == 0,
              "curi_recompose: NULL u");
        m = 7;
        check(curi_authority(buf, sizeof buf, &m, NULL, &e) == CURI_ERR_INVALID_ARG && m == 0,
              "curi_authority: NULL u");
        memset(&hb, 0, sizeof hb);
        hb.scheme = (curi_str){"", 0};
        hb.path = (curi_str){"x", 1};
        check(curi_structure_rule(&hb) != NULL &&
                  curi_recompose(buf, sizeof buf, &m, &hb, &e) == CURI_ERR_STRUCTURE &&
                  e.offset == 0 && m == 0,
              "curi_recompose: a present but empty scheme is STRUCTURE at 0");
        /* An absent path (only a hand-built u has one) is written as nothing. */
        memset(&hb, 0, sizeof hb);
        hb.scheme = (curi_str){"http", 4};
        hb.host = (curi_str){"a", 1};
        check(curi_structure_rule(&hb) == NULL &&
                  curi_recompose(buf, sizeof buf, &m, &hb, &e) == CURI_OK && m == 8 &&
                  memcmp(buf, "http://a", 8) == 0,
              "curi_recompose: a hand-built u without path");
        hb.host = (curi_str){NULL, 0};
        check(curi_recompose(buf, sizeof buf, &m, &hb, &e) == CURI_OK && m == 5 &&
                  memcmp(buf, "http:", 5) == 0,
              "curi_recompose: scheme alone, no path");
        hb.host = (curi_str){"a", 1};

        /* Resolution and its inverse: NULL arguments, bases without scheme, absent paths. */
        check(curi_parse(&empty, "", 0, 0, &e) == CURI_OK, "the empty reference");
        m = 7;
        check(curi_resolve(buf, sizeof buf, &m, NULL, &r, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0 &&
                  curi_resolve(buf, sizeof buf, &m, &r, NULL, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_resolve: NULL base or ref");
        m = 7;
        check(curi_relative(buf, sizeof buf, &m, NULL, &r, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0 &&
                  curi_relative(buf, sizeof buf, &m, &r, NULL, 0, &e) == CURI_ERR_INVALID_ARG &&
                  m == 0,
              "curi_relative: NULL base or target");
        check(curi_resolve_bound(NULL, &r) == curi_resolve_bound(&empty, &r) &&
                  curi_resolve_bound(&r, NULL) == curi_resolve_bound(&r, &empty) &&
                  curi_relative_bound(NULL, &r) == curi_relative_bound(&empty, &r) &&
                  curi_relative_bound(&r, NULL) == curi_relative_bound(&r, &empty) &&
                  curi_normalize_bound(NULL) == 0,
              "the bounds read a NULL curi_uri as an empty reference");
        check(curi_parse(&v, "a/b", 3, 0, &e) == CURI_OK &&
                  curi_relative(buf, sizeof buf, &m, &v, &r, 0, &e) ==
                      CURI_ERR_BASE_NOT_ABSOLUTE &&
                  m == 0,
              "curi_relative: a base without scheme is BASE_NOT_ABSOLUTE");
        check(curi_relative(buf, sizeof buf, &m, &r, &v, 0, &e) == CURI_ERR_SCHEME_MISSING &&
                  m == 0,
              "curi_relative: a target without scheme is SCHEME_MISSING");
        /* hb is http://a with an absent path: 5.2.3 merges "/" and the reference. */
        check(curi_parse(&v, "x/./y", 5, 0, &e) == CURI_OK &&
                  curi_resolve(buf, sizeof buf, &m, &hb, &v, 0, &e) == CURI_OK && m == 12 &&
                  memcmp(buf, "http://a/x/y", 12) == 0,
              "curi_resolve: a base with an absent path and an authority merges \"/\"");
        check(curi_resolve(buf, sizeof buf, &m, &hb, &empty, 0, &e) == CURI_OK && m == 8 &&
                  memcmp(buf, "http://a", 8) == 0,
              "curi_resolve: the empty reference against it gives it back");
        memset(&ht, 0, sizeof ht);
        ht.path = (curi_str){"x", 1};
        check(curi_resolve(buf, sizeof buf, &m, &hb, &ht, 0, &e) == CURI_OK && m == 10 &&
                  memcmp(buf, "http://a/x", 10) == 0,
              "curi_resolve: a hand-built relative reference");
        ht.path = (curi_str){NULL, 0};
        ht.query = (curi_str){"q", 1};
        check(curi_resolve(buf, sizeof buf, &m, &hb, &ht, 0, &e) == CURI_OK && m == 10 &&
                  memcmp(buf, "http://a?q", 10) == 0,
              "curi_resolve: a reference with an absent path and a query");
        check(curi_parse(&v, "http://a/x", 10, 0, &e) == CURI_OK &&
                  curi_relative(buf, sizeof buf, &m, &hb, &v, 0, &e) == CURI_OK && m == 1 &&
                  buf[0] == 'x',
              "curi_relative: http://a/x against a base with an absent path is \"x\"");
        check(curi_relative_bound(&hb, &v) >= 1 &&
                  curi_parse(&v, "http://a/./x", 12, 0, &e) == CURI_OK &&
                  curi_relative(buf, curi_relative_bound(&hb, &v), &m, &hb, &v, 0, &e) == CURI_OK &&
                  m == 1 && buf[0] == 'x',
              "curi_relative: http://a/./x against it is \"x\" too, within the bound");
        ht = hb;
        check(curi_parse(&v, "http://a/b", 10, 0, &e) == CURI_OK &&
                  curi_relative(buf, sizeof buf, &m, &v, &ht, 0, &e) == CURI_OK && m == 3 &&
                  memcmp(buf, "//a", 3) == 0,
              "curi_relative: a target with an absent path is reached by \"//a\"");
        check(curi_relative(buf, sizeof buf, &m, &hb, &ht, 0, &e) == CURI_OK && m == 0,
              "curi_relative: two absent paths are the same document");
        /* A path beside an authority must start with '/': a hand-built base breaks it. */
        hb.path = (curi_str){"b", 1};
        check(curi_parse(&v, "c", 1, 0, &e) == CURI_OK &&
                  curi_resolve(buf, sizeof buf, &m, &hb, &v, 0, &e) == CURI_ERR_STRUCTURE &&
                  m == 0,
              "curi_resolve: a rootless base path beside an authority is STRUCTURE");

        /* Normalization and comparison of NULL. */
        m = 7;
        check(curi_normalize(buf, sizeof buf, &m, NULL, CURI_NORM_DEFAULT, &e) ==
                      CURI_ERR_INVALID_ARG &&
                  m == 0 && isn(NULL, 0) == -1 && cmp(NULL, &r, CURI_EQ_SCHEME) == -1 &&
                  cmp(&r, NULL, CURI_EQ_STRING) == -1,
              "curi_normalize, curi_is_normalized, curi_compare: NULL u");

        /* Normalization of a hand-built reference without path: the path is empty (6.2.3). */
        {
            curi_uri np, a1, a2, bad;
            memset(&np, 0, sizeof np);
            np.scheme = (curi_str){"HTTP", 4};
            np.host = (curi_str){"A", 1};
            np.host_type = CURI_HOST_REGNAME;
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_OK &&
                      m == 9 && memcmp(buf, "http://a/", 9) == 0,
                  "curi_normalize: HTTP://A with an absent path is http://a/");
            check(curi_normalize(buf, 3, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_ERR_NOSPACE &&
                      m == 9,
                  "curi_normalize: the same into 3 bytes is NOSPACE, 9 needed");
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_SYNTAX, &e) == CURI_OK &&
                      m == 8 && memcmp(buf, "http://a", 8) == 0,
                  "curi_normalize: syntax only keeps the path empty");
            check(isn(&np, 0) == 1 && isn(&np, CURI_NORM_CASE) == 0,
                  "curi_is_normalized: an absent path");
            check(curi_parse(&a1, "http://a/", 9, 0, &e) == CURI_OK &&
                      curi_parse(&a2, "HTTP://A", 8, 0, &e) == CURI_OK &&
                      cmp(&np, &a1, CURI_EQ_SCHEME) == CURI_EQ_SCHEME &&
                      cmp(&np, &a2, CURI_EQ_SCHEME) == CURI_EQ_STRING,
                  "curi_compare: an absent path is the empty path");
            np.host = (curi_str){NULL, 0};
            np.host_type = CURI_HOST_NONE;
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_OK &&
                      m == 5 && memcmp(buf, "http:", 5) == 0,
                  "curi_normalize: a scheme alone");
            /* Against a long reference (compared from the end, in chunks) it is as empty. */
            {
                static char lp[700];
                curi_uri lu;
                memcpy(lp, "http://a/", 9);
                memset(lp + 9, 'x', sizeof lp - 9);
                np.host = (curi_str){"A", 1};
                np.host_type = CURI_HOST_REGNAME;
                check(curi_parse(&lu, lp, sizeof lp, 0, &e) == CURI_OK &&
                          cmp(&np, &lu, CURI_EQ_SCHEME) == CURI_EQ_NONE &&
                          cmp(&lu, &np, CURI_EQ_SCHEME) == CURI_EQ_NONE,
                      "curi_compare: an absent path against a 700-byte reference");
                lu.path = (curi_str){NULL, 0};
                check(cmp(&np, &lu, CURI_EQ_SCHEME) == CURI_EQ_SYNTAX,
                      "curi_compare: HTTP://A and http://a, both without path, agree at syntax");
            }
            /* A reference with nothing at all normalizes to nothing. */
            memset(&np, 0, sizeof np);
            m = 7;
            check(curi_normalize(buf, sizeof buf, &m, &np, CURI_NORM_DEFAULT, &e) == CURI_OK &&
                      m == 0 && isn(&np, CURI_NORM_DEFAULT) == 1,
                  "curi_normalize: every view absent gives the empty reference");
            /* The ladder stops at max_level; a refused reference equals nothing. */
            bad = a1;
            bad.path = (curi_str){"x", 1};
            check(cmp(&a1, &a1, CURI_EQ_NONE) == CURI_EQ_NONE &&
                      cmp(&a1, &a2, CURI_EQ_STRING) == CURI_EQ_NONE &&
                      cmp(&a1, &a2, CURI_EQ_SYNTAX) == CURI_EQ_NONE &&
                      cmp(&a1, &bad, CURI_EQ_SCHEME) == -2 && cmp(&bad, &a1, CURI_EQ_SCHEME) == -2,
                  "curi_compare: max_level NONE, STRING and SYNTAX stop there; one refused side");
        }

        /* The scheme registry on NULL. */
        check(curi_scheme_find(NULL, 4) == NULL && curi_scheme_name(NULL) == NULL &&
                  curi_scheme_default_port(NULL) == -1 && curi_scheme_flags(NULL) == 0 &&
                  curi_scheme_source(NULL) == NULL &&
                  curi_scheme_source(curi_scheme_find("HTTP", 4)) != NULL &&
                  curi_scheme_kind(NULL) == CURI_SK_NONE &&
                  curi_scheme_kind(curi_scheme_find("LDAPS", 5)) == CURI_SK_LDAP &&
                  curi_scheme_kind(curi_scheme_find("coap", 4)) == CURI_SK_NONE,
              "the scheme registry: NULL name, NULL scheme; a scheme's kind");
        check(curi_scheme_query_is_form(NULL) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("coap", 4)) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("HTTPS", 5)) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("wss", 3)) == 1 &&
                  curi_scheme_query_is_form(curi_scheme_find("mailto", 6)) == 0 &&
                  curi_scheme_query_is_form(curi_scheme_find("ldap", 4)) == 0 &&
                  curi_scheme_query_is_form(curi_scheme_find("file", 4)) == 0,
              "curi_scheme_query_is_form: the generic syntax and http's and ws's layouts");
        {
            /* every entry: form data exactly where its layout has a part named "query" */
            int agree = 1;
            const curi_scheme *sc;
            for (size_t ent = 0; (sc = curi_scheme_at(ent)) != NULL; ent++) {
                int kind = curi_scheme_kind(sc), has = kind == CURI_SK_NONE;
                const char *part;
                for (int i = 0; (part = curi_scheme_part_name(kind, i)) != NULL; i++)
                    has |= strcmp(part, "query") == 0;
                agree &= curi_scheme_query_is_form(sc) == has;
            }
            check(agree, "curi_scheme_query_is_form: 1 exactly for the layouts with a query part");
        }

        /* Batches: no inputs (NULL arrays then allowed); an empty block of lines. */
        {
            size_t valid = 9, done = 9, lines = 9, used = 9;
            check(curi_parse_many(NULL, NULL, 0, 0, &valid, NULL) == CURI_OK && valid == 0 &&
                      curi_valid_many(NULL, NULL, 0, 0, &valid, NULL) == CURI_OK && valid == 0 &&
                      curi_normalize_many(NULL, 0, NULL, NULL, NULL, 0, 0, CURI_NORM_DEFAULT,
                                          &done, NULL) == CURI_OK &&
                      done == 0,
                  "batches of no input");
            check(curi_parse_lines(NULL, NULL, 0, NULL, 0, 0, &lines, &used, NULL) == CURI_OK &&
                      lines == 0 && used == 0 &&
                      curi_normalize_lines(NULL, 0, NULL, NULL, 0, NULL, 0, 0,
                                           CURI_NORM_DEFAULT, &lines, &used, NULL) == CURI_OK &&
                      lines == 0 && used == 0,
                  "lines of no text: NULL text with len 0, no room needed");
            check(curi_parse_lines(NULL, NULL, 0, "a", 1, 0, &lines, &used, NULL) ==
                      CURI_ERR_NOSPACE &&
                      lines == 0 && used == 0,
                  "curi_parse_lines: no room for a line is NOSPACE, nothing used");
        }
    }

    /* Well inside the limit: a 64 MiB path, a 64 MiB query of pairs, a 64 MiB host. */
    size_t len = (size_t)64 << 20;
    char *s = malloc(len);
    if (!s)
        return 2;
    memcpy(s, "http://h/", 9);
    memset(s + 9, 'a', len - 9);
    check(curi_parse(&u, s, len, 0, &e) == CURI_OK && u.path.len == len - 8, "64 MiB path");
    memcpy(s, "http://h/?", 10);
    for (size_t i = 10; i + 4 <= len; i += 4)
        memcpy(s + i, "a=b&", 4);
    check(curi_parse(&u, s, len, 0, &e) == CURI_OK && u.query.len == len - 10,
          "64 MiB query");
    memcpy(s, "http://", 7);
    memset(s + 7, 'h', len - 7);
    check(curi_parse(&u, s, len, 0, &e) == CURI_OK && u.host.len == len - 7, "64 MiB host");
    s[len / 2] = ' ';
    check(curi_parse(&u, s, len, 0, &e) == CURI_ERR_HOST_CHAR && e.offset == len / 2,
          "an error 32 MiB in is reported at its offset");
    free(s);

    /* curi_lint: the API's edges (the rules themselves are tests/vectors/lint*.vec). */
    {
        curi_finding f[4];
        curi_lint_options o;
        const curi_lint_port mine[] = {{8080, "proxy", ""}, {25, "mailer", "smtp"}};
        char m[256];
        size_t ml = 7;

        check(lint(b, big, NULL, f, 4) == 2 && f[0].rule == CURI_LINT_LONG_COMPONENT &&
                  f[1].rule == CURI_LINT_SYNTAX_INVALID && f[1].start == CURI_MAX_LEN,
              "curi_lint of CURI_MAX_LEN + 1 bytes: long-component and syntax-invalid, unread");
        check(lint(NULL, 0, NULL, NULL, 0) == 0, "curi_lint(NULL, 0): no finding");
        check(lint(NULL, 3, NULL, f, 4) == (size_t)-1, "curi_lint(NULL, 3): INVALID_ARG");
        check(lint("a b", 3, NULL, NULL, 4) == (size_t)-1,
              "curi_lint: NULL out with cap 4: INVALID_ARG");
        check(lint("a b", 3, NULL, NULL, 0) == 2, "curi_lint: NULL out, cap 0 counts");
        memset(&o, 0, sizeof o);
        o.flags = 0x80;
        check(lint("a b", 3, &o, f, 4) == (size_t)-1,
              "curi_lint: an unknown flag is INVALID_ARG, never \"no findings\"");
        o.flags = 0;
        o.ports = mine;
        o.nports = 2;
        check(lint("http://a:8080/", 14, &o, f, 4) == 1 &&
                  f[0].rule == CURI_LINT_PORT_OTHER_PROTOCOL,
              "curi_lint: a caller's port table (8080 is another protocol's)");
        check(curi_lint_message(m, sizeof m, &ml, "http://a:8080/", 14, &o, &f[0], &e) ==
                      CURI_OK &&
                  ml > 26 && memcmp(m, "port 8080 belongs to proxy", 26) == 0,
              "curi_lint_message names the caller's protocol");
        check(lint("http://a:25/", 12, &o, f, 4) == 1 &&
                  f[0].rule == CURI_LINT_PORT_OTHER_PROTOCOL,
              "curi_lint: the caller's table replaces the built-in one (25 is mailer's)");
        o.ports = NULL;
        o.nports = 0;
        o.disabled[1] = 1u << (CURI_LINT_LONG_COMPONENT - 33);
        check(lint(b, big, &o, f, 4) == 1 && f[0].rule == CURI_LINT_SYNTAX_INVALID,
              "curi_lint: disabled[1] turns rule 40 off");
        check(lint("a b", 3, NULL, f, 4) == 2, "curi_lint(\"a b\"): two findings");
        check(curi_lint_message(NULL, 0, &ml, "a b", 3, NULL, &f[0], &e) == CURI_ERR_NOSPACE &&
                  ml > 0,
              "curi_lint_message: NULL dst with cap 0 measures");
        check(curi_lint_message(NULL, 1, &ml, "a b", 3, NULL, &f[0], &e) ==
                      CURI_ERR_INVALID_ARG &&
                  ml == 0,
              "curi_lint_message: NULL dst with cap 1 is INVALID_ARG");
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, NULL, &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: NULL finding");
        f[0].rule = 0;
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, &f[0], &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: rule 0");
        f[0].rule = CURI_LINT_RAW_CONTROL_OR_SPACE;
        f[0].start = 3;
        f[0].end = 2;
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, &f[0], &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: a span that ends before it starts");
        f[0].start = 0;
        f[0].end = 9;
        check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, &f[0], &e) ==
                  CURI_ERR_INVALID_ARG,
              "curi_lint_message: a span past the input");
        check(curi_lint_rule_name(0) == NULL &&
                  curi_lint_rule_name(CURI_LINT_RULES + 1) == NULL &&
                  strcmp(curi_lint_rule_name(1), "syntax-invalid") == 0 &&
                  strcmp(curi_lint_rule_name(40), "long-component") == 0 &&
                  strcmp(curi_lint_rule_name(41), "mailto-dangerous-header") == 0 &&
                  strcmp(curi_lint_rule_name(44), "host-idna-maps-to-ascii") == 0 &&
                  strcmp(curi_lint_rule_name(45), "parser-differential") == 0 &&
                  curi_lint_rule_severity(45) == CURI_SEVERITY_WARNING,
              "curi_lint_rule_name: 1..CURI_LINT_RULES only");
        {
            /* parser-differential: disabled, it costs no WHATWG parse and reports nothing; a
             * finding for an input the Standard rejects (not one curi_lint gives) still gets
             * a sentence; its detail bits name the host (1) and the port (2). */
            curi_lint_options po = {0, {0, 1u << (45 - 33)}, NULL, 0, {NULL, NULL}};
            curi_finding pf[8];
            size_t pn = 0;
            check(curi_lint("http://127.1/", 13, &po, pf, 8, &pn, &e) == CURI_OK && pn == 2,
                  "curi_lint: parser-differential disabled");
            check(curi_lint("http://a:1\\@b/", 14, NULL, pf, 8, &pn, &e) == CURI_OK && pn == 5 &&
                      pf[4].rule == CURI_LINT_PARSER_DIFFERENTIAL && pf[4].detail == 3,
                  "curi_lint: parser-differential on host and port");
            memset(&pf[0], 0, sizeof pf[0]);
            pf[0].rule = CURI_LINT_PARSER_DIFFERENTIAL;
            pf[0].severity = CURI_SEVERITY_WARNING;
            pf[0].end = 3;
            check(curi_lint_message(m, sizeof m, &ml, "a b", 3, NULL, &pf[0], &e) == CURI_OK &&
                      ml > 0,
                  "curi_lint_message: parser-differential without a WHATWG URL");
        }
        check(curi_lint_rule_from_name(NULL, 3) == 0 &&
                  curi_lint_rule_from_name("syntax-invalid", 14) == 1 &&
                  curi_lint_rule_from_name("syntax-invalidx", 15) == 0 &&
                  curi_lint_rule_from_name("syntax", 6) == 0,
              "curi_lint_rule_from_name: exact names only");
        check(curi_lint_rule_severity(0) == 0 &&
                  curi_lint_rule_severity(CURI_LINT_RULES + 1) == 0 &&
                  curi_lint_rule_severity(41) == CURI_SEVERITY_WARNING &&
                  curi_lint_rule_severity(1) == CURI_SEVERITY_ERROR &&
                  curi_lint_rule_severity(7) == CURI_SEVERITY_INFO,
              "curi_lint_rule_severity");
        check(curi_severity_name(0) == NULL && curi_severity_name(4) == NULL &&
                  strcmp(curi_severity_name(CURI_SEVERITY_INFO), "info") == 0 &&
                  strcmp(curi_severity_name(CURI_SEVERITY_WARNING), "warning") == 0 &&
                  strcmp(curi_severity_name(CURI_SEVERITY_ERROR), "error") == 0,
              "curi_severity_name");
        for (int r = 1; r <= CURI_LINT_RULES; r++) {
            const char *nm = curi_lint_rule_name(r);
            if (nm == NULL) {
                continue; /* a number this build does not assign (41) */
            }
            if (curi_lint_rule_from_name(nm, strlen(nm)) != r) {
                check(0, "curi_lint_rule_from_name(curi_lint_rule_name(r)) == r");
            }
        }
    }

    /* curi_extract: the argument rules of curi.h, and the writer on edge spans. */
    {
        curi_extractor x;
        curi_match m;
        char w[16];
        n = 99;
        const char *txt = "<http://a/ b>";

        check(curi_extract_init(NULL, 0, &e) == CURI_ERR_INVALID_ARG, "curi_extract_init(NULL)");
        check(curi_extract_init(&x, 0x80, &e) == CURI_ERR_INVALID_ARG &&
                  xnext(&x, txt, 13, 0, &m) == -1,
              "curi_extract_init: an unknown flag, and next refuses that extractor");
        check(curi_extract_init(&x, CURI_EXTRACT_MORE, &e) == CURI_ERR_INVALID_ARG,
              "curi_extract_init: CURI_EXTRACT_MORE is next's flag");
        check(curi_extract_init(&x, CURI_EXTRACT_COMPLETE, &e) == CURI_OK, "curi_extract_init");
        check(xnext(NULL, txt, 13, 0, &m) == -1 &&
                  xnext(&x, txt, 13, 0, NULL) == -1 &&
                  xnext(&x, NULL, 1, 0, &m) == -1 &&
                  xnext(&x, txt, 13, CURI_EXTRACT_COMPLETE, &m) == -1 &&
                  xnext(&x, NULL, 0, 0, &m) == 0,
              "curi_extract_next: NULL x, m, text with len > 0, a flag of init's");
        check(curi_extract_init(&x, 0, &e) == CURI_OK && xnext(&x, txt, 13, 0, &m) == 1 &&
                  m.begin == 1 && m.end == 12 &&
                  m.flags == (CURI_MATCH_ANGLE | CURI_MATCH_WS_REMOVED) &&
                  xnext(&x, txt, 13, 0, &m) == 0 && x.pos == 13 &&
                  xnext(&x, txt, 5, 0, &m) == -1,
              "curi_extract_next: one match, then none, then a text shorter than pos");
        m.begin = 1;
        m.end = 12;
        m.flags = CURI_MATCH_ANGLE | CURI_MATCH_WS_REMOVED;
        check(curi_extract_bound(&m) == 11 && curi_extract_bound(NULL) == 0,
              "curi_extract_bound");
        check(curi_extract_write(w, sizeof w, &n, txt, 13, &m, &e) == CURI_OK && n == 10 &&
                  memcmp(w, "http://a/b", 10) == 0,
              "curi_extract_write drops the whitespace");
        check(curi_extract_write(w, 9, &n, txt, 13, &m, &e) == CURI_ERR_NOSPACE && n == 10 &&
                  curi_extract_write(NULL, 0, &n, txt, 13, &m, &e) == CURI_ERR_NOSPACE && n == 10,
              "curi_extract_write: NOSPACE with the length needed");
        check(curi_extract_write(NULL, 3, &n, txt, 13, &m, &e) == CURI_ERR_INVALID_ARG && n == 0,
              "curi_extract_write: NULL dst with cap > 0");
        m.end = 14;
        check(curi_extract_write(w, sizeof w, &n, txt, 13, &m, &e) == CURI_ERR_INVALID_ARG &&
                  n == 0 && e.code == CURI_ERR_INVALID_ARG,
              "curi_extract_write: a span past the text");
        m.end = 12;
        m.flags = CURI_MATCH_PREFIX_HTTP | CURI_MATCH_PREFIX_FTP;
        check(curi_extract_write(w, sizeof w, &n, txt, 13, &m, &e) == CURI_ERR_INVALID_ARG &&
                  curi_extract_write(w, sizeof w, &n, txt, 13, NULL, &e) == CURI_ERR_INVALID_ARG,
              "curi_extract_write: both prefixes, or no match");
    }

    check_flag_words();
    check_null_misuse();
    check_null_answers();
    check_whatwg();

    printf("limits: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
