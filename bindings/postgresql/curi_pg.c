/*
 * curi_pg.c -- the PostgreSQL type curi: an RFC 3986 URI-reference checked on input.
 *
 * A value is a varlena whose payload is, for a text that is its own normalized form
 * (RFC 3986 6.2.2 and 6.2.3, CURI_NORM_DEFAULT), just that text:
 *
 *     text                          empty, or its first byte is 0x21..0x7E
 *
 * and otherwise a tag byte, the normalized form's length, the normalized form, the text:
 *
 *     0x01  normlen (2 bytes, little-endian)  normalized form  text
 *     0x02  normlen (4 bytes, little-endian)  normalized form  text
 *
 * A valid URI is printable ASCII, so a first byte below 0x20 can only be a tag.  Nothing
 * derivable is stored: the parts are found by parsing the text again when an extractor asks
 * (about 280 instructions for a typical URL), so an already normalized URL takes the same
 * bytes as text, with the same 1-byte varlena header below 127 bytes.  The btree and hash
 * operator classes compare the normalized bytes with memcmp, then by length (the order of
 * text COLLATE "C" on the normalized forms): equivalent URIs are equal for DISTINCT, GROUP BY,
 * joins and unique indexes; sorts and index builds use abbreviated keys (the first 8 bytes
 * of the normalized form) as text does.  The output function gives the text as written (like
 * citext, nothing is lost in a dump); curi_normalize(u) gives the normalized form.
 * Beside the type, functions of any text: curi_valid, curi_error, curi_parse, curi_check, and
 * the WHATWG URL Standard's curi_url_href and curi_url_host.
 * SPDX-License-Identifier: MIT
 */
#include "postgres.h"

#include "access/hash.h"
#include "common/hashfn.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "port/pg_bswap.h"
#include "utils/builtins.h"
#include "utils/sortsupport.h"

#include "curi.h"
#include "curi_sql.h"

PG_MODULE_MAGIC;

/* The tag bytes of a value whose text is not its normalized form. */
enum { CPG_SPLIT2 = 0x01, CPG_SPLIT4 = 0x02 };

/* A value taken apart: views into the (detoasted) datum. */
typedef struct cpg {
    const char *raw; /* the text as written, rawlen bytes */
    size_t rawlen;
    const char *norm; /* its normalized form, normlen bytes (raw itself when they agree) */
    size_t normlen;
} cpg;

static void cpg_read(cpg *c, const struct varlena *v)
{
    const unsigned char *p = (const unsigned char *)VARDATA_ANY(v);
    size_t total = VARSIZE_ANY_EXHDR(v);
    if (total == 0 || p[0] >= 0x20) {
        c->raw = c->norm = (const char *)p;
        c->rawlen = c->normlen = total;
        return;
    }
    size_t hdr = p[0] == CPG_SPLIT2 ? 3 : 5;
    size_t n = (size_t)p[1] | (size_t)p[2] << 8;
    if (p[0] != CPG_SPLIT2)
        n |= (size_t)p[3] << 16 | (size_t)p[4] << 24;
    if (hdr + n > total)
        ereport(ERROR, (errcode(ERRCODE_DATA_CORRUPTED), errmsg("corrupt curi value")));
    c->norm = (const char *)p + hdr;
    c->normlen = n;
    c->raw = c->norm + n;
    c->rawlen = total - hdr - n;
}

/* Show the input for a DETAIL line: printable ASCII as is, other bytes as \xHH; a window of
 * about 60 bytes around the offset when long.  Sets *col to the caret's column. */
static void show_input(StringInfo out, const char *s, size_t n, size_t off, size_t *col)
{
    size_t from = 0, to = n;
    if (n > 72) {
        from = off > 30 ? off - 30 : 0;
        to = from + 60 < n ? from + 60 : n;
    }
    appendStringInfoString(out, "  ");
    *col = 2;
    if (from > 0) {
        appendStringInfoString(out, "...");
        *col += 3;
    }
    for (size_t i = from; i < to; i++) {
        unsigned char ch = (unsigned char)s[i];
        size_t w;
        if (ch >= 0x20 && ch < 0x7F && ch != '\\') {
            appendStringInfoChar(out, (char)ch);
            w = 1;
        } else if (ch == '\\') {
            appendStringInfoString(out, "\\\\");
            w = 2;
        } else {
            appendStringInfo(out, "\\x%02x", ch);
            w = 4;
        }
        if (i < off)
            *col += w;
    }
    if (to < n)
        appendStringInfoString(out, "...");
}

/* ERROR: invalid URI, DETAIL: NAME at offset N, the input and a caret under byte N. */
static void pg_noreturn_error(const char *s, size_t n, const curi_error *e) pg_attribute_noreturn();
static void pg_noreturn_error(const char *s, size_t n, const curi_error *e)
{
    StringInfoData d;
    size_t col;
    initStringInfo(&d);
    appendStringInfo(&d, "%s at offset %zu\n", curi_strerror_name(e->code), e->offset);
    show_input(&d, s, n, e->offset, &col);
    appendStringInfoChar(&d, '\n');
    for (size_t i = 0; i < col; i++)
        appendStringInfoChar(&d, ' ');
    appendStringInfoChar(&d, '^');
    ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("invalid URI: %s", curi_strerror(e->code)), errdetail_internal("%s", d.data)));
}

/*
 * Build the value of s[0..n), or NULL with *e set when it does not parse (or normalize).
 * Allocates with palloc; the layout is described at the top of this file.
 */
static struct varlena *cpg_make(const char *s, size_t n, curi_error *e)
{
    curi_uri u;
    if (curi_parse(&u, s, n, 0, e) != CURI_OK)
        return NULL;
    size_t cap = curi_normalize_bound(&u) + 1;
    if (cap > MaxAllocSize / 2)
        ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED), errmsg("URI too long")));
    char *norm = palloc(cap);
    size_t normlen = 0;
    if (curi_normalize(norm, cap, &normlen, &u, CURI_NORM_DEFAULT, e) != CURI_OK) {
        pfree(norm);
        return NULL;
    }
    /* The bare form needs a first byte that cannot be a tag (always so for a valid URI). */
    int bare = normlen == n && memcmp(norm, s, n) == 0 && (n == 0 || (unsigned char)s[0] >= 0x20);
    size_t hdr = bare ? 0 : normlen <= 0xFFFF ? 3 : 5;
    size_t total = hdr + (bare ? 0 : normlen) + n;
    if (total > MaxAllocSize - VARHDRSZ)
        ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED), errmsg("URI too long")));
    struct varlena *v = palloc(VARHDRSZ + total);
    SET_VARSIZE(v, VARHDRSZ + total);
    unsigned char *p = (unsigned char *)VARDATA(v);
    if (!bare) {
        p[0] = hdr == 3 ? CPG_SPLIT2 : CPG_SPLIT4;
        for (size_t i = 1; i < hdr; i++)
            p[i] = (unsigned char)(normlen >> (8 * (i - 1)));
        memcpy(p + hdr, norm, normlen);
        p += hdr + normlen;
    }
    if (n)
        memcpy(p, s, n);
    pfree(norm);
    return v;
}

static text *text_of(const char *s, size_t n)
{
    return cstring_to_text_with_len(n ? s : "", (int)n);
}

/* Whether a percent-decoded value is text in the database's encoding: decoding can give
 * bytes that are not ("%ff" in UTF-8), which a text value must never hold (it would fail
 * later, in length() or a restore); the callers free their buffer, then raise. */
static bool decoded_ok(const char *s, size_t n)
{
    return pg_verifymbstr(n ? s : "", (int)n, true);
}

static void decoded_refused(const char *what)
{
    ereport(ERROR, (errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
                    errmsg("%s: the percent-decoded value is not valid in the database's encoding",
                           what)));
}

#define CPG_ARG(c, i)                                                                       \
    struct varlena *arg_##i##_ = PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(i));              \
    cpg_read((c), arg_##i##_)

/*
 * ---------------------------------------------------------------------------
 * Input and output, casts, try_curi
 * ---------------------------------------------------------------------------
 */
PG_FUNCTION_INFO_V1(pgcuri_curi_in);
Datum pgcuri_curi_in(PG_FUNCTION_ARGS)
{
    const char *s = PG_GETARG_CSTRING(0);
    size_t n = strlen(s);
    curi_error e;
    struct varlena *v = cpg_make(s, n, &e);
    if (v == NULL)
        pg_noreturn_error(s, n, &e);
    PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(pgcuri_curi_out);
Datum pgcuri_curi_out(PG_FUNCTION_ARGS)
{
    cpg c;
    CPG_ARG(&c, 0);
    char *s = palloc(c.rawlen + 1);
    memcpy(s, c.raw, c.rawlen);
    s[c.rawlen] = '\0';
    PG_RETURN_CSTRING(s);
}

/* Binary I/O: the text's bytes (a valid URI is ASCII, so no encoding conversion applies). */
PG_FUNCTION_INFO_V1(pgcuri_curi_recv);
Datum pgcuri_curi_recv(PG_FUNCTION_ARGS)
{
    StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);
    int n = buf->len - buf->cursor;
    const char *s = pq_getmsgbytes(buf, n);
    curi_error e;
    struct varlena *v = cpg_make(s, (size_t)n, &e);
    if (v == NULL)
        pg_noreturn_error(s, (size_t)n, &e);
    PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(pgcuri_curi_send);
Datum pgcuri_curi_send(PG_FUNCTION_ARGS)
{
    cpg c;
    StringInfoData buf;
    CPG_ARG(&c, 0);
    pq_begintypsend(&buf);
    pq_sendbytes(&buf, c.raw, (int)c.rawlen);
    PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* curi(text): the cast from text, raising on invalid input. */
PG_FUNCTION_INFO_V1(pgcuri_curi_from_text);
Datum pgcuri_curi_from_text(PG_FUNCTION_ARGS)
{
    text *t = PG_GETARG_TEXT_PP(0);
    curi_error e;
    struct varlena *v = cpg_make(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &e);
    if (v == NULL)
        pg_noreturn_error(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &e);
    PG_RETURN_POINTER(v);
}

/* try_curi(text): NULL for invalid input. */
PG_FUNCTION_INFO_V1(pgcuri_try_curi);
Datum pgcuri_try_curi(PG_FUNCTION_ARGS)
{
    text *t = PG_GETARG_TEXT_PP(0);
    curi_error e;
    struct varlena *v = cpg_make(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &e);
    if (v == NULL)
        PG_RETURN_NULL();
    PG_RETURN_POINTER(v);
}

/* curi_raw(u): the text as written (also the cast to text). */
PG_FUNCTION_INFO_V1(pgcuri_curi_raw);
Datum pgcuri_curi_raw(PG_FUNCTION_ARGS)
{
    cpg c;
    CPG_ARG(&c, 0);
    PG_RETURN_TEXT_P(text_of(c.raw, c.rawlen));
}

/*
 * ---------------------------------------------------------------------------
 * Comparison: memcmp of the normalized forms, then length
 * ---------------------------------------------------------------------------
 */
/* The normalized form of a value. */
static void cpg_norm(const struct varlena *v, const char **p, size_t *n)
{
    cpg c;
    cpg_read(&c, v);
    *p = c.norm;
    *n = c.normlen;
}

static int norm_cmp(const struct varlena *a, const struct varlena *b)
{
    const char *pa, *pb;
    size_t na, nb;
    cpg_norm(a, &pa, &na);
    cpg_norm(b, &pb, &nb);
    size_t n = na < nb ? na : nb;
    int r = n ? memcmp(pa, pb, n) : 0;
    if (r == 0)
        r = na < nb ? -1 : na > nb;
    return r < 0 ? -1 : r > 0;
}

static int cpg_cmp(FunctionCallInfo fcinfo)
{
    struct varlena *a = PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(0));
    struct varlena *b = PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(1));
    int r = norm_cmp(a, b);
    PG_FREE_IF_COPY(a, 0);
    PG_FREE_IF_COPY(b, 1);
    return r;
}

/* btree support function 2: the same order without a function call per comparison. */
static int cpg_fastcmp(Datum x, Datum y, SortSupport ssup)
{
    struct varlena *a = PG_DETOAST_DATUM_PACKED(x), *b = PG_DETOAST_DATUM_PACKED(y);
    int r = norm_cmp(a, b);
    (void)ssup;
    if ((Pointer)a != DatumGetPointer(x))
        pfree(a);
    if ((Pointer)b != DatumGetPointer(y))
        pfree(b);
    return r;
}

/*
 * Abbreviated keys: the first sizeof(Datum) bytes of the normalized form, zero-padded,
 * packed big-endian so that an unsigned comparison of two keys orders them as memcmp does
 * (a valid URI holds no zero byte, and a shorter form that is a prefix of a longer one sorts
 * first either way).  Equal keys fall back to cpg_fastcmp.  Like text's, abbreviation is
 * given up when the keys turn out much less distinct than the values (URLs that share
 * "https://" are the usual case): both counts are estimated with HyperLogLog while the sort
 * reads its input, and the sort keeps abbreviating while the keys are at least a fifth as
 * distinct as the values, deciding for good after 100,000 rows.
 */
typedef struct cpg_sort {
    hyperLogLogState abbr_card; /* distinct abbreviated keys */
    hyperLogLogState full_card; /* distinct normalized forms */
    bool estimating;            /* still counting */
} cpg_sort;

static Datum cpg_abbrev_convert(Datum original, SortSupport ssup)
{
    cpg_sort *st = (cpg_sort *)ssup->ssup_extra;
    struct varlena *v = PG_DETOAST_DATUM_PACKED(original);
    const char *p;
    size_t n;
    Datum key = 0;
    cpg_norm(v, &p, &n);
    memcpy(&key, p, Min(n, sizeof(Datum)));
    key = DatumBigEndianToNative(key);
    if (st->estimating) {
        uint32 folded = (uint32)key;
#if SIZEOF_DATUM == 8
        folded ^= (uint32)(key >> 32);
#endif
        addHyperLogLog(&st->abbr_card, DatumGetUInt32(hash_uint32(folded)));
        addHyperLogLog(&st->full_card,
                       DatumGetUInt32(hash_any((const unsigned char *)p, (int)n)));
    }
    if ((Pointer)v != DatumGetPointer(original))
        pfree(v);
    return key;
}

static bool cpg_abbrev_abort(int memtupcount, SortSupport ssup)
{
    cpg_sort *st = (cpg_sort *)ssup->ssup_extra;
    if (memtupcount < 100 || !st->estimating)
        return false;
    double abbr = estimateHyperLogLog(&st->abbr_card);
    double full = estimateHyperLogLog(&st->full_card);
    if (abbr < 1.0)
        abbr = 1.0;
    if (full < 1.0)
        full = 1.0;
    if (abbr >= full * 0.2) {
        if (memtupcount >= 100000)
            st->estimating = false; /* it worked out on a large sample: keep it */
        return false;
    }
    return true;
}

PG_FUNCTION_INFO_V1(pgcuri_sortsupport);
Datum pgcuri_sortsupport(PG_FUNCTION_ARGS)
{
    SortSupport ssup = (SortSupport)PG_GETARG_POINTER(0);
    ssup->comparator = cpg_fastcmp;
    if (ssup->abbreviate) {
        MemoryContext old = MemoryContextSwitchTo(ssup->ssup_cxt);
        cpg_sort *st = palloc(sizeof *st);
        initHyperLogLog(&st->abbr_card, 10);
        initHyperLogLog(&st->full_card, 10);
        st->estimating = true;
        MemoryContextSwitchTo(old);
        ssup->ssup_extra = st;
        ssup->abbrev_full_comparator = cpg_fastcmp;
        ssup->comparator = ssup_datum_unsigned_cmp;
        ssup->abbrev_converter = cpg_abbrev_convert;
        ssup->abbrev_abort = cpg_abbrev_abort;
    }
    PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(pgcuri_curi_cmp);
Datum pgcuri_curi_cmp(PG_FUNCTION_ARGS)
{
    PG_RETURN_INT32(cpg_cmp(fcinfo));
}

#define CPG_OP(name, test)                                                                  \
    PG_FUNCTION_INFO_V1(pgcuri_##name);                                                     \
    Datum pgcuri_##name(PG_FUNCTION_ARGS)                                                   \
    {                                                                                       \
        int r = cpg_cmp(fcinfo);                                                            \
        PG_RETURN_BOOL(test);                                                               \
    }
CPG_OP(curi_eq, r == 0)
CPG_OP(curi_ne, r != 0)
CPG_OP(curi_lt, r < 0)
CPG_OP(curi_le, r <= 0)
CPG_OP(curi_gt, r > 0)
CPG_OP(curi_ge, r >= 0)

PG_FUNCTION_INFO_V1(pgcuri_curi_hash);
Datum pgcuri_curi_hash(PG_FUNCTION_ARGS)
{
    const char *p;
    size_t n;
    struct varlena *arg_0_ = PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(0));
    cpg_norm(arg_0_, &p, &n);
    Datum h = hash_any((const unsigned char *)p, (int)n);
    PG_FREE_IF_COPY(arg_0_, 0);
    return h;
}

PG_FUNCTION_INFO_V1(pgcuri_curi_hash_extended);
Datum pgcuri_curi_hash_extended(PG_FUNCTION_ARGS)
{
    const char *p;
    size_t n;
    struct varlena *arg_0_ = PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(0));
    cpg_norm(arg_0_, &p, &n);
    Datum h = hash_any_extended((const unsigned char *)p, (int)n, PG_GETARG_INT64(1));
    PG_FREE_IF_COPY(arg_0_, 0);
    return h;
}

/*
 * ---------------------------------------------------------------------------
 * Extractors: the stored text parsed again (it is valid)
 * ---------------------------------------------------------------------------
 */
/* Parse the stored text again, for the functions that need a curi_uri (it is valid). */
static void cpg_uri(const cpg *c, curi_uri *u)
{
    curi_error e;
    if (curi_parse(u, c->raw, c->rawlen, 0, &e) != CURI_OK)
        ereport(ERROR, (errcode(ERRCODE_DATA_CORRUPTED), errmsg("stored curi value does not parse")));
}

static Datum cpg_part(FunctionCallInfo fcinfo, int part)
{
    cpg c;
    curi_uri u;
    CPG_ARG(&c, 0);
    cpg_uri(&c, &u);
    curi_str v = curi_get(&u, (curi_part)part);
    if (v.ptr == NULL)
        PG_RETURN_NULL();
    PG_RETURN_TEXT_P(text_of(v.ptr, v.len));
}

#define CPG_PART(name, part)                                                                \
    PG_FUNCTION_INFO_V1(pgcuri_##name);                                                     \
    Datum pgcuri_##name(PG_FUNCTION_ARGS)                                                   \
    {                                                                                       \
        return cpg_part(fcinfo, part);                                                      \
    }
CPG_PART(curi_scheme, CURI_PART_SCHEME)
CPG_PART(curi_userinfo, CURI_PART_USERINFO)
CPG_PART(curi_host, CURI_PART_HOST)
CPG_PART(curi_port, CURI_PART_PORT)
CPG_PART(curi_path, CURI_PART_PATH)
CPG_PART(curi_query, CURI_PART_QUERY)
CPG_PART(curi_fragment, CURI_PART_FRAGMENT)

PG_FUNCTION_INFO_V1(pgcuri_curi_host_type);
Datum pgcuri_curi_host_type(PG_FUNCTION_ARGS)
{
    cpg c;
    curi_uri u;
    CPG_ARG(&c, 0);
    cpg_uri(&c, &u);
    const char *t = json_host_type_name(u.host_type);
    if (t == NULL)
        PG_RETURN_NULL();
    PG_RETURN_TEXT_P(cstring_to_text(t));
}

/* curi_param(u, key): the first value of the key, both form-decoded. */
PG_FUNCTION_INFO_V1(pgcuri_curi_param);
Datum pgcuri_curi_param(PG_FUNCTION_ARGS)
{
    cpg c;
    CPG_ARG(&c, 0);
    text *key = PG_GETARG_TEXT_PP(1);
    struct buf b = {0};
    curi_uri u;
    cpg_uri(&c, &u);
    curi_str q = curi_get(&u, CURI_PART_QUERY);
    if (q.ptr == NULL)
        PG_RETURN_NULL();
    int found = curi_sql_param(&b, q, VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key));
    bool bad = found && !b.oom && !decoded_ok(b.p, b.len);
    text *t = found && !b.oom && !bad ? text_of(b.p, b.len) : NULL;
    int oom = b.oom;
    buf_free(&b);
    if (bad)
        decoded_refused("curi_param");
    if (oom)
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
    if (t == NULL)
        PG_RETURN_NULL();
    PG_RETURN_TEXT_P(t);
}

/* Return b as text, or raise for rc (an out-of-memory or a library error), freeing b. */
static text *buf_result(struct buf *b, int rc, const char *what)
{
    text *t = NULL;
    int oom = b->oom;
    if (rc == CURI_OK && !oom)
        t = text_of(b->p, b->len);
    buf_free(b);
    if (oom)
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
    if (t == NULL)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("%s: %s", what, curi_strerror(rc))));
    return t;
}

/* curi_param_remove(u, glob): u without the pairs whose form-decoded key matches glob. */
PG_FUNCTION_INFO_V1(pgcuri_curi_param_remove);
Datum pgcuri_curi_param_remove(PG_FUNCTION_ARGS)
{
    cpg c;
    curi_uri u;
    struct buf b = {0};
    curi_error e;
    CPG_ARG(&c, 0);
    text *glob = PG_GETARG_TEXT_PP(1);
    cpg_uri(&c, &u);
    int rc = curi_sql_param_remove(&b, &u, VARDATA_ANY(glob), VARSIZE_ANY_EXHDR(glob));
    text *t = buf_result(&b, rc, "curi_param_remove");
    struct varlena *v = cpg_make(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &e);
    if (v == NULL)
        pg_noreturn_error(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &e);
    PG_RETURN_POINTER(v);
}

/* curi_normalize(u): the stored normalized form. */
PG_FUNCTION_INFO_V1(pgcuri_curi_normalized);
Datum pgcuri_curi_normalized(PG_FUNCTION_ARGS)
{
    cpg c;
    CPG_ARG(&c, 0);
    PG_RETURN_TEXT_P(text_of(c.norm, c.normlen));
}

/* curi_normalize(u, level): 'scheme' (6.2.2 and 6.2.3) or 'syntax' (6.2.2 only), computed
 * from the text (so the tests can hold the stored form to a fresh one). */
PG_FUNCTION_INFO_V1(pgcuri_curi_normalize_level);
Datum pgcuri_curi_normalize_level(PG_FUNCTION_ARGS)
{
    cpg c;
    curi_uri u;
    struct buf b = {0};
    CPG_ARG(&c, 0);
    text *level = PG_GETARG_TEXT_PP(1);
    unsigned mask = curi_sql_norm_mask(VARDATA_ANY(level), VARSIZE_ANY_EXHDR(level));
    if (mask == 0)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("curi_normalize: the level is 'scheme' or 'syntax'")));
    cpg_uri(&c, &u);
    PG_RETURN_TEXT_P(buf_result(&b, curi_sql_normalize(&b, &u, mask), "curi_normalize"));
}

/* curi_resolve(base, ref text): the target as a curi; NULL when ref is not a reference. */
PG_FUNCTION_INFO_V1(pgcuri_curi_resolve);
Datum pgcuri_curi_resolve(PG_FUNCTION_ARGS)
{
    cpg c;
    curi_uri base, ref;
    struct buf b = {0};
    curi_error e;
    CPG_ARG(&c, 0);
    text *rt = PG_GETARG_TEXT_PP(1);
    cpg_uri(&c, &base);
    if (curi_parse(&ref, VARDATA_ANY(rt), VARSIZE_ANY_EXHDR(rt), 0, NULL) != CURI_OK)
        PG_RETURN_NULL();
    int rc = curi_sql_resolve(&b, &base, &ref);
    if (rc == CURI_ERR_BASE_NOT_ABSOLUTE) {
        buf_free(&b);
        PG_RETURN_NULL();
    }
    text *t = buf_result(&b, rc, "curi_resolve");
    struct varlena *v = cpg_make(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &e);
    if (v == NULL)
        pg_noreturn_error(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &e);
    PG_RETURN_POINTER(v);
}

/* curi_relative(base, target): the shortest reference; NULL when base has no scheme. */
PG_FUNCTION_INFO_V1(pgcuri_curi_relative);
Datum pgcuri_curi_relative(PG_FUNCTION_ARGS)
{
    cpg a, t;
    curi_uri base, target;
    struct buf b = {0};
    CPG_ARG(&a, 0);
    CPG_ARG(&t, 1);
    cpg_uri(&a, &base);
    cpg_uri(&t, &target);
    int rc = curi_sql_relative(&b, &base, &target);
    if (rc == CURI_ERR_BASE_NOT_ABSOLUTE) {
        buf_free(&b);
        PG_RETURN_NULL();
    }
    PG_RETURN_TEXT_P(buf_result(&b, rc, "curi_relative"));
}

/*
 * ---------------------------------------------------------------------------
 * Functions of text: curi_valid, curi_error, curi_parse, curi_check
 * ---------------------------------------------------------------------------
 */
PG_FUNCTION_INFO_V1(pgcuri_curi_valid);
Datum pgcuri_curi_valid(PG_FUNCTION_ARGS)
{
    text *t = PG_GETARG_TEXT_PP(0);
    curi_uri u;
    PG_RETURN_BOOL(curi_parse(&u, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), 0, NULL) == CURI_OK);
}

PG_FUNCTION_INFO_V1(pgcuri_curi_error_text);
Datum pgcuri_curi_error_text(PG_FUNCTION_ARGS)
{
    text *t = PG_GETARG_TEXT_PP(0);
    curi_uri u;
    curi_error e;
    char buf[48];
    if (curi_parse(&u, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), 0, &e) == CURI_OK)
        PG_RETURN_NULL();
    size_t n = curi_sql_error_text(buf, &e);
    PG_RETURN_TEXT_P(text_of(buf, n));
}

/* Declared RETURNS json: json's datum is its text. */
PG_FUNCTION_INFO_V1(pgcuri_curi_parse_json);
Datum pgcuri_curi_parse_json(PG_FUNCTION_ARGS)
{
    text *t = PG_GETARG_TEXT_PP(0);
    struct buf b = {0};
    curi_sql_parse_json(&b, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), 0);
    PG_RETURN_TEXT_P(buf_result(&b, CURI_OK, "curi_parse"));
}

/* Between curi_check's steps, where it holds no malloc'd memory: a cancel or a
 * statement_timeout ends the call there. */
static void check_interrupts(void)
{
    CHECK_FOR_INTERRUPTS();
}

PG_FUNCTION_INFO_V1(pgcuri_curi_check_json);
Datum pgcuri_curi_check_json(PG_FUNCTION_ARGS)
{
    text *t = PG_GETARG_TEXT_PP(0);
    struct buf b = {0};
    curi_sql_check_json(&b, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), check_interrupts);
    PG_RETURN_TEXT_P(buf_result(&b, CURI_OK, "curi_check"));
}

/*
 * ---------------------------------------------------------------------------
 * The WHATWG URL Standard: curi_url_href(text [, base text]), curi_url_host(...)
 * ---------------------------------------------------------------------------
 * The href of the input, parsed against base when given, or its host as the URL API's
 * hostname ('' for an empty host).  NULL when the input or the base fails the Standard's
 * parser, and (the host) when the URL's host is null, as try_curi does for RFC 3986: a
 * column of URLs from the web is expected to hold some that fail.  Out of memory raises.
 */
static Datum cpg_url(FunctionCallInfo fcinfo, int host)
{
    text *t = PG_GETARG_TEXT_PP(0);
    text *bt = PG_NARGS() > 1 ? PG_GETARG_TEXT_PP(1) : NULL;
    struct buf out = {0}, work = {0};
    curi_url url;
    text *r = NULL;
    int rc = curi_sql_url(&out, &work, &url, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t),
                          bt != NULL ? VARDATA_ANY(bt) : NULL,
                          bt != NULL ? VARSIZE_ANY_EXHDR(bt) : 0);
    int oom = out.oom || work.oom;
    if (rc == CURI_OK) {
        curi_str v = host ? curi_sql_url_host(&url) : url.href;
        if (v.ptr != NULL)
            r = text_of(v.ptr, v.len);
    }
    buf_free(&out);
    buf_free(&work);
    if (oom)
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
    if (r == NULL)
        PG_RETURN_NULL();
    PG_RETURN_TEXT_P(r);
}

PG_FUNCTION_INFO_V1(pgcuri_curi_url_href);
Datum pgcuri_curi_url_href(PG_FUNCTION_ARGS)
{
    return cpg_url(fcinfo, 0);
}

PG_FUNCTION_INFO_V1(pgcuri_curi_url_host);
Datum pgcuri_curi_url_host(PG_FUNCTION_ARGS)
{
    return cpg_url(fcinfo, 1);
}

/*
 * ---------------------------------------------------------------------------
 * Set-returning: curi_query_each(u) -> (key, value), curi_segments(u) -> segment
 * ---------------------------------------------------------------------------
 * Value per call: the cursor and a copy of the text live in the SRF's memory context.
 */
struct srf_state {
    curi_cursor it;
    char *text;
};

static struct srf_state *srf_begin(FunctionCallInfo fcinfo, FuncCallContext **fctx, int query)
{
    if (SRF_IS_FIRSTCALL()) {
        cpg c;
        *fctx = SRF_FIRSTCALL_INIT();
        MemoryContext old = MemoryContextSwitchTo((*fctx)->multi_call_memory_ctx);
        CPG_ARG(&c, 0);
        struct srf_state *st = palloc0(sizeof *st);
        st->text = palloc(c.rawlen + 1);
        memcpy(st->text, c.raw, c.rawlen);
        curi_uri u;
        cpg c2 = {st->text, c.rawlen, NULL, 0};
        cpg_uri(&c2, &u);
        curi_str v = curi_get(&u, query ? CURI_PART_QUERY : CURI_PART_PATH);
        if (query)
            curi_query_init(&st->it, v, 0, NULL);
        else
            curi_segments_init(&st->it, v);
        if (query) {
            TupleDesc td;
            if (get_call_result_type(fcinfo, NULL, &td) != TYPEFUNC_COMPOSITE)
                ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                                errmsg("curi_query_each must be called where a record is expected")));
            (*fctx)->tuple_desc = BlessTupleDesc(td);
        }
        (*fctx)->user_fctx = st;
        MemoryContextSwitchTo(old);
    }
    *fctx = SRF_PERCALL_SETUP();
    return (*fctx)->user_fctx;
}

static text *form_text(curi_str v)
{
    struct buf b = {0};
    curi_sql_form_decode(&b, v.ptr, v.len);
    if (!b.oom && !decoded_ok(b.p, b.len)) {
        buf_free(&b);
        decoded_refused("curi_query_each");
    }
    return buf_result(&b, CURI_OK, "curi_query_each");
}

PG_FUNCTION_INFO_V1(pgcuri_curi_query_each);
Datum pgcuri_curi_query_each(PG_FUNCTION_ARGS)
{
    FuncCallContext *fctx;
    struct srf_state *st = srf_begin(fcinfo, &fctx, 1);
    curi_str k, v;
    if (curi_query_next(&st->it, &k, &v)) {
        Datum vals[2];
        bool nulls[2] = {false, v.ptr == NULL};
        vals[0] = PointerGetDatum(form_text(k));
        vals[1] = v.ptr ? PointerGetDatum(form_text(v)) : (Datum)0;
        HeapTuple tup = heap_form_tuple(fctx->tuple_desc, vals, nulls);
        SRF_RETURN_NEXT(fctx, HeapTupleGetDatum(tup));
    }
    SRF_RETURN_DONE(fctx);
}

PG_FUNCTION_INFO_V1(pgcuri_curi_segments);
Datum pgcuri_curi_segments(PG_FUNCTION_ARGS)
{
    FuncCallContext *fctx;
    struct srf_state *st = srf_begin(fcinfo, &fctx, 0);
    curi_str seg;
    if (curi_segments_next(&st->it, &seg))
        SRF_RETURN_NEXT(fctx, PointerGetDatum(text_of(seg.ptr, seg.len)));
    SRF_RETURN_DONE(fctx);
}
