/*
 * cmd_build.c -- "curi build": URI references from JSON objects, one per line.
 *
 * The keys are those of "curi parse --json": scheme, userinfo, host, port,
 * path, query and fragment (a string: present, "" included; null or missing:
 * absent), and the lists segments, params and labels, which stand in for
 * path, query and host when those are not given.  input, host_type, error,
 * message, offset and *_hex twins are accepted and ignored, so the output of
 * parse --json builds back to its input.  Each component is checked (or, with
 * --encode, encoded) for its place with curi_set, and the whole with
 * curi_recompose, so what comes out is a valid reference or an error naming
 * the key at fault.
 *
 * The JSON reader is strict RFC 8259 for the shapes above: one object per
 * line, strings with every escape (\uXXXX surrogate pairs joined, a lone
 * surrogate refused), no nesting beyond the lists; time linear in the line,
 * no recursion, memory a small multiple of the line.
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char build_help[] =
    "Usage: curi build [--encode] [--json] [--strict-3986] [--jobs N] [--] [JSON...]\n"
    "\n"
    "Build a URI reference from each JSON object (one per line, or per operand) and\n"
    "print it.  Keys, as curi parse --json writes them:\n"
    "  scheme userinfo host port path query fragment   a string (\"\" is present\n"
    "                  but empty), or null / missing for an absent component;\n"
    "                  port may also be a number\n"
    "  segments        a list of strings: the path, each segment after a '/'\n"
    "                  (used when there is no \"path\")\n"
    "  params          a list of {\"key\": K, \"value\": V or null}: the query, pairs\n"
    "                  joined with '&', each key and value encoded as form data\n"
    "                  (' ' becomes '+'); a null value writes the key alone (used\n"
    "                  when there is no \"query\")\n"
    "  labels          a list of strings: the host, joined with '.' (used when\n"
    "                  there is no \"host\")\n"
    "  input host_type error message offset, *_hex   ignored, so that\n"
    "                  curi parse --json ... | curi build gives the inputs back\n"
    "Any other key is an error.  Without --encode every string must already be\n"
    "valid for its component; the result must fit together (RFC 3986 5.3).\n"
    "\n"
    "@OPTIONS@\n"
    "\n"
    "Errors: JSON (the line is not a JSON object of this shape), KEY (an unknown,\n"
    "repeated or mistyped member), or the library's error for a component, with\n"
    "its byte offset in that member's value.\n";

struct build_ctx {
    unsigned pflags;
    int encode, json;
};

/* The members a line may give; the first seven are the curi_part values. */
enum {
    K_SCHEME, K_USERINFO, K_HOST, K_PORT, K_PATH, K_QUERY, K_FRAGMENT,
    K_SEGMENTS, K_PARAMS, K_LABELS, K_IGNORED, K_N
};
static const char *const key_names[K_IGNORED] = {
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
    "segments", "params", "labels",
};
static const char *const ignored_keys[] = {"input", "host_type", "error", "message", "offset"};

/* A decoded string: offset and length in the scratch buffer (which may move). */
struct str {
    size_t at, len;
    int null;
};

/* What the reader found, and where it failed. */
struct reader {
    const char *s, *end, *p; /* the line and the position */
    struct buf *sb;          /* decoded strings */
    const char *msg;         /* the failure, with err_at and err_name */
    size_t err_at;
    const char *err_name; /* "JSON" or "KEY" */
};

/* b->p + at, or "" for an empty buffer that never allocated (no arithmetic on NULL). */
static const char *at_of(const struct buf *b, size_t at)
{
    return b->p != NULL ? b->p + at : "";
}

static int fail_at(struct reader *r, const char *at, const char *name, const char *msg)
{
    if (r->msg == NULL) {
        r->msg = msg;
        r->err_at = (size_t)(at - r->s);
        r->err_name = name;
    }
    return 0;
}

static void skip_ws(struct reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

static int hex4(const char *p, const char *end, unsigned *v)
{
    *v = 0;
    if (end - p < 4)
        return 0;
    for (int i = 0; i < 4; i++) {
        unsigned char c = (unsigned char)p[i];
        unsigned d = c >= '0' && c <= '9'   ? c - (unsigned)'0'
                     : c >= 'a' && c <= 'f' ? c - 'a' + 10u
                     : c >= 'A' && c <= 'F' ? c - 'A' + 10u
                                            : 16u;
        if (d > 15)
            return 0;
        *v = *v * 16 + d;
    }
    return 1;
}

static void put_utf8(struct buf *b, unsigned cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    buf_put(b, u, n);
}

/* A JSON string at r->p, decoded into r->sb. */
static int read_string(struct reader *r, struct str *out)
{
    if (r->p >= r->end || *r->p != '"')
        return fail_at(r, r->p, "JSON", "a string was expected");
    r->p++;
    out->at = r->sb->len;
    out->null = 0;
    while (r->p < r->end) {
        const char *run = r->p;
        while (r->p < r->end && *r->p != '"' && *r->p != '\\' && (unsigned char)*r->p >= 0x20)
            r->p++;
        buf_put(r->sb, run, (size_t)(r->p - run));
        if (r->p >= r->end)
            break;
        unsigned char c = (unsigned char)*r->p;
        if (c == '"') {
            r->p++;
            out->len = r->sb->len - out->at;
            return 1;
        }
        if (c < 0x20)
            return fail_at(r, r->p, "JSON", "a control character must be escaped in a string");
        /* A backslash escape. */
        const char *esc = r->p++;
        if (r->p >= r->end)
            break;
        c = (unsigned char)*r->p++;
        const char *simple = strchr("\"\\/bfnrt", c);
        if (c != '\0' && simple != NULL) {
            static const char to[] = "\"\\/\b\f\n\r\t";
            buf_putc(r->sb, to[simple - "\"\\/bfnrt"]);
            continue;
        }
        if (c != 'u')
            return fail_at(r, esc, "JSON", "unknown escape in a string");
        unsigned cp, lo;
        if (!hex4(r->p, r->end, &cp))
            return fail_at(r, esc, "JSON", "\\u needs four hexadecimal digits");
        r->p += 4;
        if (cp >= 0xDC00 && cp <= 0xDFFF)
            return fail_at(r, esc, "JSON", "a low surrogate without a high one before it");
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u' ||
                !hex4(r->p + 2, r->end, &lo) || lo < 0xDC00 || lo > 0xDFFF)
                return fail_at(r, esc, "JSON", "a high surrogate without a low one after it");
            r->p += 6;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        put_utf8(r->sb, cp);
    }
    return fail_at(r, r->p, "JSON", "the string is not closed");
}

/* A string or null. */
static int read_string_or_null(struct reader *r, struct str *out)
{
    if (r->end - r->p >= 4 && memcmp(r->p, "null", 4) == 0) {
        r->p += 4;
        out->null = 1;
        out->at = out->len = 0;
        return 1;
    }
    return read_string(r, out);
}

/* A port given as a JSON number: digits only (no sign, fraction or exponent). */
static int read_port_number(struct reader *r, struct str *out)
{
    const char *d = r->p;
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
        r->p++;
    if (r->p == d || (r->p < r->end && strchr(".eE+-", *r->p) != NULL && *r->p != '\0'))
        return fail_at(r, d, "KEY", "a port number must be written as digits");
    out->at = r->sb->len;
    out->len = (size_t)(r->p - d);
    out->null = 0;
    buf_put(r->sb, d, out->len);
    return 1;
}

/* The lists: each element as a str, kept in elems (a buffer of struct str). */
struct list {
    struct buf elems; /* struct str, or pairs of them for params */
    size_t n;
    int given;
};

static void list_add(struct list *l, struct str v)
{
    buf_put(&l->elems, &v, sizeof v);
    l->n++;
}

static struct str list_at(const struct list *l, size_t i)
{
    struct str v;
    memcpy(&v, l->elems.p + i * sizeof v, sizeof v);
    return v;
}

/*
 * The '[' of a list: 1 when an element follows, 0 for "[]" (read), -1 (failed, what
 * saying what was expected) when there is no '['.
 */
static int list_open(struct reader *r, const char *what)
{
    if (r->p >= r->end || *r->p != '[') {
        fail_at(r, r->p, "KEY", what);
        return -1;
    }
    r->p++;
    skip_ws(r);
    if (r->p < r->end && *r->p == ']') {
        r->p++;
        return 0;
    }
    return 1;
}

/* After an element: 1 when ',' announces another, 0 at the ']' (read), -1 (failed) else. */
static int list_next(struct reader *r)
{
    skip_ws(r);
    if (r->p < r->end && (*r->p == ',' || *r->p == ']'))
        return *r->p++ == ',';
    fail_at(r, r->p, "JSON", "',' or ']' was expected");
    return -1;
}

/* ["a", "b", ...] */
static int read_string_list(struct reader *r, struct list *l)
{
    int more = list_open(r, "a list of strings was expected");
    while (more > 0) {
        struct str v;
        skip_ws(r);
        if (!read_string(r, &v))
            return 0;
        list_add(l, v);
        more = list_next(r);
    }
    return more == 0;
}

/* Two hex digits per byte (a *_hex twin) into sb; 0 when s is not that. */
static int read_hex_bytes(struct reader *r, struct str *v)
{
    const char *h = at_of(r->sb, v->at);
    size_t n = v->len;
    if (n % 2 != 0)
        return 0;
    for (size_t i = 0; i < n; i += 2) {
        unsigned x;
        char four[4] = {'0', '0', h[i], h[i + 1]};
        if (!hex4(four, four + 4, &x))
            return 0;
        r->sb->p[v->at + i / 2] = (char)x; /* in place: the bytes are shorter than their hex */
    }
    v->len = n / 2;
    return 1;
}

/* [{"key": K, "value": V or null}, ...]: key and value (null: absent) pairs. */
static int read_params(struct reader *r, struct list *l)
{
    int more = list_open(r, "params must be a list of {\"key\", \"value\"} objects");
    while (more > 0) {
        struct str k = {0, 0, 1}, v = {0, 0, 1}, kh = {0, 0, 1}, vh = {0, 0, 1};
        int have_k = 0, have_v = 0;
        skip_ws(r);
        if (r->p >= r->end || *r->p != '{')
            return fail_at(r, r->p, "KEY", "params must be a list of {\"key\", \"value\"} objects");
        const char *obj = r->p++;
        skip_ws(r);
        while (r->p < r->end && *r->p != '}') {
            struct str name;
            const char *at = r->p;
            size_t mark = r->sb->len;
            if (!read_string(r, &name))
                return 0;
            const char *nm = at_of(r->sb, name.at);
            int which = name.len == 3 && memcmp(nm, "key", 3) == 0         ? 0
                        : name.len == 5 && memcmp(nm, "value", 5) == 0     ? 1
                        : name.len == 7 && memcmp(nm, "key_hex", 7) == 0   ? 2
                        : name.len == 9 && memcmp(nm, "value_hex", 9) == 0 ? 3
                                                                           : -1;
            r->sb->len = mark;
            if (which < 0)
                return fail_at(r, at, "KEY", "a param has only \"key\" and \"value\"");
            skip_ws(r);
            if (r->p >= r->end || *r->p != ':')
                return fail_at(r, r->p, "JSON", "':' was expected");
            r->p++;
            skip_ws(r);
            struct str *dst = which == 0 ? &k : which == 1 ? &v : which == 2 ? &kh : &vh;
            if (!dst->null || (which == 0 && have_k) || (which == 1 && have_v))
                return fail_at(r, at, "KEY", "a param member is given twice");
            if (which == 0) {
                if (!read_string(r, dst))
                    return 0;
                have_k = 1;
            } else {
                if (!read_string_or_null(r, dst))
                    return 0;
                have_v |= which == 1;
            }
            skip_ws(r);
            if (r->p < r->end && *r->p == ',') {
                r->p++;
                skip_ws(r);
                continue;
            }
            if (r->p >= r->end || *r->p != '}')
                return fail_at(r, r->p, "JSON", "',' or '}' was expected");
        }
        if (r->p >= r->end)
            return fail_at(r, r->p, "JSON", "the object is not closed");
        r->p++;
        if (!have_k)
            return fail_at(r, obj, "KEY", "a param needs a \"key\"");
        /* The exact bytes of a value that was not UTF-8 come in its _hex twin. */
        if (!kh.null) {
            if (!read_hex_bytes(r, &kh))
                return fail_at(r, obj, "KEY", "key_hex must be pairs of hexadecimal digits");
            k = kh;
        }
        if (!vh.null) {
            if (!read_hex_bytes(r, &vh))
                return fail_at(r, obj, "KEY", "value_hex must be pairs of hexadecimal digits");
            v = vh;
        }
        list_add(l, k);
        list_add(l, v);
        more = list_next(r);
    }
    return more == 0;
}

/* Skip one ignored member's value: a string, number, null, true or false. */
static int skip_scalar(struct reader *r)
{
    struct str v;
    size_t mark = r->sb->len;
    if (r->p < r->end && *r->p == '"') {
        int ok = read_string(r, &v);
        r->sb->len = mark;
        return ok;
    }
    static const char *const words[] = {"null", "true", "false"};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(r->end - r->p) >= n && memcmp(r->p, words[i], n) == 0) {
            r->p += n;
            return 1;
        }
    }
    const char *d = r->p;
    if (r->p < r->end && *r->p == '-')
        r->p++;
    while (r->p < r->end && ((*r->p >= '0' && *r->p <= '9') || strchr(".eE+-", *r->p) != NULL) &&
           *r->p != '\0')
        r->p++;
    if (r->p > d && d[r->p - d - 1] != '-')
        return 1;
    return fail_at(r, d, "JSON", "a value was expected");
}

struct parts {
    struct str v[K_SEGMENTS]; /* the seven components */
    int given[K_SEGMENTS];
    struct list segments, params, labels;
};

/* The whole line: one object. */
static int read_object(struct reader *r, struct parts *pt)
{
    skip_ws(r);
    if (r->p >= r->end || *r->p != '{')
        return fail_at(r, r->p, "JSON", "a JSON object was expected");
    r->p++;
    skip_ws(r);
    if (r->p < r->end && *r->p == '}') {
        r->p++;
    } else {
        for (;;) {
            struct str name;
            const char *at = r->p;
            size_t mark = r->sb->len;
            skip_ws(r);
            if (!read_string(r, &name))
                return 0;
            const char *nm = at_of(r->sb, name.at);
            int k = K_IGNORED + 1;
            for (int i = 0; i < K_IGNORED; i++)
                if (strlen(key_names[i]) == name.len && memcmp(nm, key_names[i], name.len) == 0)
                    k = i;
            for (size_t i = 0; i < sizeof ignored_keys / sizeof ignored_keys[0]; i++)
                if (strlen(ignored_keys[i]) == name.len &&
                    memcmp(nm, ignored_keys[i], name.len) == 0)
                    k = K_IGNORED;
            if (name.len > 4 && memcmp(nm + name.len - 4, "_hex", 4) == 0)
                k = K_IGNORED;
            if (k > K_IGNORED)
                return fail_at(r, at, "KEY", "unknown member");
            r->sb->len = mark;
            skip_ws(r);
            if (r->p >= r->end || *r->p != ':')
                return fail_at(r, r->p, "JSON", "':' was expected");
            r->p++;
            skip_ws(r);
            int ok;
            if (k < K_SEGMENTS) {
                if (pt->given[k])
                    return fail_at(r, at, "KEY", "a member is given twice");
                pt->given[k] = 1;
                ok = k == K_PORT && r->p < r->end && *r->p >= '0' && *r->p <= '9'
                         ? read_port_number(r, &pt->v[k])
                         : read_string_or_null(r, &pt->v[k]);
            } else if (k < K_IGNORED) {
                struct list *l = k == K_SEGMENTS ? &pt->segments
                                 : k == K_PARAMS ? &pt->params
                                                 : &pt->labels;
                if (l->given)
                    return fail_at(r, at, "KEY", "a member is given twice");
                l->given = 1;
                if (r->end - r->p >= 4 && memcmp(r->p, "null", 4) == 0) {
                    r->p += 4; /* null: as if not given */
                    l->given = 0;
                    ok = 1;
                } else {
                    ok = k == K_PARAMS ? read_params(r, l) : read_string_list(r, l);
                }
            } else {
                ok = skip_scalar(r);
            }
            if (!ok)
                return 0;
            skip_ws(r);
            if (r->p < r->end && *r->p == ',') {
                r->p++;
                continue;
            }
            if (r->p < r->end && *r->p == '}') {
                r->p++;
                break;
            }
            return fail_at(r, r->p, "JSON", "',' or '}' was expected");
        }
    }
    skip_ws(r);
    if (r->p != r->end)
        return fail_at(r, r->p, "JSON", "only one JSON object per line");
    return 1;
}

/* A line that could not be read: the diagnostic or the JSON error object. */
static int report_reader(const struct build_ctx *ctx, const struct reader *r, const char *s,
                         size_t n, struct buf *out, struct buf *err)
{
    if (ctx->json) {
        buf_putc(out, '{');
        json_member(out, "input", s, n);
        json_member(out, "error", r->err_name, strlen(r->err_name));
        json_member(out, "message", r->msg, strlen(r->msg));
        json_key(out, "offset");
        buf_putu(out, r->err_at);
        buf_put(out, "}\n", 2);
    } else {
        diagnose_where(err);
        buf_puts(err, r->err_name);
        buf_puts(err, " at byte ");
        buf_putu(err, r->err_at);
        buf_put(err, ": ", 2);
        buf_puts(err, r->msg);
        buf_putc(err, '\n');
        show_window(err, s, n, r->err_at);
        buf_putc(out, '\n');
    }
    return EXIT_INVALID;
}

/* A component that the library refused: the error, its offset in the value, the key. */
static int report_part(const struct build_ctx *ctx, const char *key, int code, size_t off,
                       const char *v, size_t vlen, const char *rule, const char *s, size_t n,
                       struct buf *out, struct buf *err)
{
    if (ctx->json) {
        buf_putc(out, '{');
        json_member(out, "input", s, n);
        json_error(out, code, off, rule == NULL);
        if (rule != NULL)
            json_member(out, "rule", rule, strlen(rule));
        if (key != NULL)
            json_member(out, "key", key, strlen(key));
        buf_put(out, "}\n", 2);
    } else {
        diagnose_where(err);
        if (key != NULL) {
            buf_puts(err, key);
            buf_put(err, ": ", 2);
        }
        buf_puts(err, curi_strerror_name(code));
        if (rule == NULL) {
            buf_puts(err, " at byte ");
            buf_putu(err, off);
        }
        buf_put(err, ": ", 2);
        buf_puts(err, curi_strerror(code));
        if (rule != NULL) {
            buf_put(err, ": ", 2);
            buf_puts(err, rule);
            buf_putc(err, '\n');
            show_window(err, s, n, (size_t)-1);
        } else {
            buf_putc(err, '\n');
            show_window(err, v, vlen, off);
        }
        buf_putc(out, '\n');
    }
    return EXIT_INVALID;
}

/*
 * Each component's text: a string read into tmp, or made from a list into lists (path from
 * segments, query from params, host from labels, each only when the key it stands for is
 * not given), or encoded into enc.  The buffers are filled first and only then pointed
 * into (texts_at), since they move while they grow.
 */
struct texts {
    struct buf lists, enc;
    struct str made_v[K_SEGMENTS], enc_v[K_SEGMENTS];
    int made[K_SEGMENTS], encoded[K_SEGMENTS];
};

/* Component k made from list l: its elements, each encoded with set (when enc, or always
 * for the form data of params, in pairs), joined by sep. */
static void make_from_list(struct texts *x, int k, const struct list *l, char sep,
                           const struct buf *tmp, int enc, curi_charset set, const char *also)
{
    x->made_v[k].at = x->lists.len;
    for (size_t i = 0; i < l->n; i++) {
        struct str e = list_at(l, i);
        if (k == K_QUERY && i % 2 == 1) {
            /* a param's value: after '=', or none at all when null */
            if (!e.null) {
                buf_putc(&x->lists, '=');
                encode_also(&x->lists, at_of(tmp, e.at), e.len, set, also);
            }
            continue;
        }
        if (k == K_PATH || i > 0)
            buf_putc(&x->lists, sep);
        if (enc)
            encode_also(&x->lists, at_of(tmp, e.at), e.len, set, also);
        else
            buf_put(&x->lists, at_of(tmp, e.at), e.len);
    }
    x->made[k] = 1;
    x->made_v[k].len = x->lists.len - x->made_v[k].at;
}

/* The components made from segments, params and labels when path, query, host are not
 * given. */
static void make_lists(struct texts *x, const struct build_ctx *ctx, const struct parts *pt,
                       const struct buf *tmp)
{
    if (!pt->given[K_PATH] && pt->segments.given)
        make_from_list(x, K_PATH, &pt->segments, '/', tmp, ctx->encode, CURI_CHARSET_SEGMENT,
                       NULL);
    /* Decoded text: always encoded as form data, ';' too for either separator. */
    if (!pt->given[K_QUERY] && pt->params.given)
        make_from_list(x, K_QUERY, &pt->params, '&', tmp, 1, CURI_CHARSET_FORM, ";");
    if (!pt->given[K_HOST] && pt->labels.given)
        make_from_list(x, K_HOST, &pt->labels, '.', tmp, ctx->encode, CURI_CHARSET_HOST, ".");
}

/* --encode: every given string but the scheme, the port and an IP literal, into enc. */
static void encode_given(struct texts *x, const struct parts *pt, const struct buf *tmp)
{
    static const curi_charset sets[] = {
        CURI_CHARSET_UNRESERVED, CURI_CHARSET_USERINFO, CURI_CHARSET_HOST,
        CURI_CHARSET_UNRESERVED, CURI_CHARSET_PATH,     CURI_CHARSET_QUERY,
        CURI_CHARSET_FRAGMENT};
    for (int k = 0; k < K_SEGMENTS; k++) {
        struct str v = pt->v[k];
        if (!pt->given[k] || v.null || k == K_SCHEME || k == K_PORT ||
            (k == K_HOST && v.len > 0 && tmp->p[v.at] == '['))
            continue;
        x->enc_v[k].at = x->enc.len;
        encode_also(&x->enc, at_of(tmp, v.at), v.len, sets[k], NULL);
        x->enc_v[k].len = x->enc.len - x->enc_v[k].at;
        x->encoded[k] = 1;
    }
}

/* Each component onto an empty reference u, in order; the first refusal is reported under
 * the key it came from. */
static int set_components(curi_uri *u, const struct build_ctx *ctx, const struct parts *pt,
                          const struct texts *x, const struct buf *tmp, const char *s, size_t n,
                          struct buf *out, struct buf *err)
{
    curi_error e = {CURI_OK, 0, 0};
    curi_parse(u, "", 0, 0, NULL);
    for (int k = 0; k < K_SEGMENTS; k++) {
        const char *val;
        size_t vlen;
        if (x->made[k]) {
            val = at_of(&x->lists, x->made_v[k].at);
            vlen = x->made_v[k].len;
        } else if (!pt->given[k] || pt->v[k].null) {
            continue;
        } else if (x->encoded[k]) {
            val = at_of(&x->enc, x->enc_v[k].at);
            vlen = x->enc_v[k].len;
        } else {
            val = at_of(tmp, pt->v[k].at);
            vlen = pt->v[k].len;
        }
        int rc = curi_set(u, (curi_part)k, val, vlen, ctx->pflags, &e);
        if (rc != CURI_OK) {
            const char *key = !x->made[k]     ? key_names[k]
                              : k == K_PATH   ? key_names[K_SEGMENTS]
                              : k == K_QUERY  ? key_names[K_PARAMS]
                                              : key_names[K_LABELS];
            return report_part(ctx, key, rc, e.offset, val, vlen, NULL, s, n, out, err);
        }
    }
    return EXIT_VALID;
}

/* The reference u recomposed: the line (or the JSON object) of input s, or the error. */
static int write_built(const curi_uri *u, const struct build_ctx *ctx, const char *s, size_t n,
                       struct buf *out, struct buf *err)
{
    struct buf res = {0}; /* the JSON case's result: u points into other buffers */
    curi_error e = {CURI_OK, 0, 0};
    size_t cap = curi_recompose_bound(u), len = 0;
    struct buf *dst = ctx->json ? &res : out;
    size_t at = dst->len;
    int status = EXIT_VALID;
    buf_reserve(dst, cap);
    int rc = curi_recompose(dst->p + at, cap, &len, u, &e);
    if (rc != CURI_OK) {
        status = report_part(ctx, NULL, rc, e.offset, NULL, 0,
                             rc == CURI_ERR_STRUCTURE ? curi_structure_rule(u) : NULL, s, n, out,
                             err);
    } else if (ctx->json) {
        buf_putc(out, '{');
        json_member(out, "input", s, n);
        json_member(out, "output", dst->p + at, len);
        buf_put(out, "}\n", 2);
    } else {
        out->len += len;
        buf_putc(out, '\n');
    }
    buf_free(&res);
    return status;
}

static int build_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                      struct buf *tmp)
{
    const struct build_ctx *ctx = vctx;
    struct parts pt;
    struct reader r = {s, s + n, s, tmp, NULL, 0, NULL};
    int status;
    memset(&pt, 0, sizeof pt);
    tmp->len = 0;
    if (!read_object(&r, &pt)) {
        status = report_reader(ctx, &r, s, n, out, err);
    } else {
        struct texts x;
        curi_uri u;
        memset(&x, 0, sizeof x);
        make_lists(&x, ctx, &pt, tmp);
        if (ctx->encode)
            encode_given(&x, &pt, tmp);
        status = set_components(&u, ctx, &pt, &x, tmp, s, n, out, err);
        if (status == EXIT_VALID)
            status = write_built(&u, ctx, s, n, out, err);
        buf_free(&x.enc);
        buf_free(&x.lists);
    }
    buf_free(&pt.segments.elems);
    buf_free(&pt.params.elems);
    buf_free(&pt.labels.elems);
    return status;
}

/* The option of curi build (parse_args' handler). */
static int build_option(struct common *c, void *vctx, int id, char *v)
{
    struct build_ctx *ctx = vctx;
    (void)c;
    (void)v;
    if (id == OPT_ENCODE)
        ctx->encode = 1;
    return 0; /* an operand stays one */
}

int cmd_build(int argc, char **argv)
{
    struct common c = {.cmd = "build", .help = build_help, .jobs = 1};
    struct build_ctx ctx = {0, 0, 0};
    int nops = parse_args(&c, argc, argv, build_option, &ctx);
    ctx.pflags = c.pflags;
    ctx.json = c.json;
    return run_lines(build_line, &ctx, argv, nops, &c, 0);
}
