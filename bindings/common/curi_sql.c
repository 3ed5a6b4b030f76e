/*
 * curi_sql.c -- the pieces the SQL bindings share (curi_sql.h says what each does).
 *
 * The JSON objects are common/json.c's, the ones `curi parse --json` and `curi check
 * --json` print, so that SQL and the tool give the same bytes.
 * SPDX-License-Identifier: MIT
 */
#include "curi_sql.h"

#include <string.h>

/*
 * ---------------------------------------------------------------------------
 * Query parameters
 * ---------------------------------------------------------------------------
 */
void curi_sql_form_decode(struct buf *out, const char *s, size_t n)
{
    size_t got = 0;
    /* Lenient decoding fails on nothing and never grows the text. */
    if (buf_reserve(out, n) &&
        curi_pct_decode(out->p + out->len, n, &got, s, n, CURI_DECODE_PLUS | CURI_DECODE_LENIENT,
                        NULL) == CURI_OK)
        out->len += got;
}

int curi_sql_pct_decode(struct buf *out, const char *s, size_t n)
{
    size_t got = 0;
    /* Decoding never grows the text. */
    if (!buf_reserve(out, n ? n : 1))
        return CURI_ERR_NOSPACE; /* out->oom */
    int rc = curi_pct_decode(out->p + out->len, n, &got, s, n, 0, NULL);
    if (rc == CURI_OK)
        out->len += got;
    return rc;
}

int curi_sql_param(struct buf *out, curi_str query, const char *key, size_t klen)
{
    size_t got = 0;
    int found = 0;
    /* A value is never longer than its query. */
    if (!buf_reserve(out, query.len ? query.len : 1))
        return 1; /* out->oom: the caller reports it */
    if (curi_query_find(out->p + out->len, out->cap - out->len, &got, query, key, klen,
                        CURI_QUERY_FORM, &found, NULL) != CURI_OK)
        return 0;
    out->len += got;
    return found;
}

/*
 * ---------------------------------------------------------------------------
 * The JSON objects (common/json.c)
 * ---------------------------------------------------------------------------
 */
int curi_sql_parse_json(struct buf *out, const char *s, size_t n, unsigned qflags)
{
    curi_uri u;
    curi_error e;
    if (curi_parse(&u, s, n, 0, &e) != CURI_OK) {
        json_parse_error_object(out, s, n, &e);
        return 0;
    }
    struct buf tmp = {0};
    json_parse_open(out, s, n, &u, qflags, &tmp);
    buf_putc(out, '}');
    if (tmp.oom)
        out->oom = 1;
    buf_free(&tmp);
    return 1;
}

void curi_sql_check_json(struct buf *out, const char *s, size_t n, void (*interrupts)(void))
{
    /* The first CURI_SQL_CHECK_MAX findings in order (curi_lint keeps the smallest cap of
     * them in O(len + findings * log cap)), on the stack so that interrupts() may leave
     * by longjmp while nothing is allocated. */
    curi_finding fs[CURI_SQL_CHECK_MAX];
    size_t ends[CURI_SQL_CHECK_MAX];
    if (interrupts != NULL)
        interrupts();
    size_t total = 0;
    /* default options and a real input: curi_lint cannot refuse them (total stays 0 if so) */
    (void)curi_lint(s, n, NULL, fs, CURI_SQL_CHECK_MAX, &total, NULL);
    size_t nf = total < CURI_SQL_CHECK_MAX ? total : CURI_SQL_CHECK_MAX;
    if (interrupts != NULL)
        interrupts();
    /* Every message in one call: the input is split once, not once per finding. */
    struct buf msg = {0};
    if (nf > 0 &&
        curi_lint_messages(NULL, 0, ends, s, n, NULL, fs, nf, NULL, NULL) == CURI_ERR_NOSPACE &&
        buf_reserve(&msg, ends[nf - 1]))
        (void)curi_lint_messages(msg.p, msg.cap, ends, s, n, NULL, fs, nf, NULL, NULL);
    int have = !msg.oom && msg.p != NULL;
    json_check_open(out, s, n, NULL, 0);
    for (size_t i = 0; i < nf; i++) {
        size_t m0 = i > 0 ? ends[i - 1] : 0;
        json_finding(out, i == 0, &fs[i], have ? msg.p + m0 : "", have ? ends[i] - m0 : 0);
    }
    json_check_close(out, total - nf);
    if (msg.oom)
        out->oom = 1;
    buf_free(&msg);
}

/*
 * ---------------------------------------------------------------------------
 * Errors, masks and writers
 * ---------------------------------------------------------------------------
 */
size_t curi_sql_error_text(char *dst, const curi_error *e)
{
    struct buf b = {0};
    const char *name = curi_strerror_name(e->code);
    size_t n = strlen(name);
    /* Names are at most 18 bytes and offsets at most 10 digits: 48 bytes always hold it. */
    memcpy(dst, name, n);
    dst[n++] = '@';
    buf_putu(&b, e->offset);
    if (b.p != NULL && b.len <= 20) {
        memcpy(dst + n, b.p, b.len);
        n += b.len;
    }
    buf_free(&b);
    dst[n] = '\0';
    return n;
}

unsigned curi_sql_norm_mask(const char *name, size_t len)
{
    if (name == NULL || (len == 6 && memcmp(name, "scheme", 6) == 0))
        return CURI_NORM_DEFAULT;
    if (len == 6 && memcmp(name, "syntax", 6) == 0)
        return CURI_NORM_SYNTAX;
    return 0;
}

/* out = what writer produced, sized by bound. */
#define SQL_WRITE(out, bound, call)                                                     \
    do {                                                                                \
        size_t need_ = (bound), got_ = 0;                                               \
        (out)->len = 0;                                                                 \
        if (!buf_reserve((out), need_ ? need_ : 1))                                  \
            return CURI_ERR_NOSPACE;                                                    \
        int rc_ = call;                                                                 \
        if (rc_ == CURI_OK)                                                             \
            (out)->len = got_;                                                          \
        return rc_;                                                                     \
    } while (0)

int curi_sql_normalize(struct buf *out, const curi_uri *u, unsigned mask)
{
    SQL_WRITE(out, curi_normalize_bound(u),
              curi_normalize(out->p, out->cap, &got_, u, mask, NULL));
}

int curi_sql_resolve(struct buf *out, const curi_uri *base, const curi_uri *ref)
{
    SQL_WRITE(out, curi_resolve_bound(base, ref),
              curi_resolve(out->p, out->cap, &got_, base, ref, 0, NULL));
}

int curi_sql_relative(struct buf *out, const curi_uri *base, const curi_uri *target)
{
    SQL_WRITE(out, curi_relative_bound(base, target),
              curi_relative(out->p, out->cap, &got_, base, target, 0, NULL));
}

int curi_sql_param_remove(struct buf *out, const curi_uri *u, const char *glob, size_t glen)
{
    const curi_query_op op = {CURI_QUERY_REMOVE, glob, glen, NULL, 0};
    curi_uri v = *u;
    struct buf q = {0};
    size_t got = 0;
    int changed = 0, rc = CURI_OK;
    /* Removing pairs never lengthens the query. */
    if (u->query.ptr != NULL) {
        if (!buf_reserve(&q, u->query.len ? u->query.len : 1)) {
            out->oom = 1;
            return CURI_ERR_NOSPACE;
        }
        rc = curi_query_edit(q.p, q.cap, &got, u->query, &op, 1, CURI_QUERY_FORM, &changed,
                             NULL);
        if (rc == CURI_OK && changed)
            rc = curi_set(&v, CURI_PART_QUERY, got ? q.p : NULL, got, 0, NULL);
    }
    if (rc == CURI_OK) {
        size_t need = curi_recompose_bound(&v);
        out->len = 0;
        if (buf_reserve(out, need ? need : 1)) {
            rc = curi_recompose(out->p, out->cap, &got, &v, NULL);
            if (rc == CURI_OK)
                out->len = got;
        } else {
            rc = CURI_ERR_NOSPACE;
        }
    }
    buf_free(&q);
    return rc;
}

/*
 * ---------------------------------------------------------------------------
 * The WHATWG URL Standard (curi_url_href, curi_url_host)
 * ---------------------------------------------------------------------------
 */

/*
 * Parse s[0..n) against base (NULL: none) into out.  The first try has room for three bytes
 * per input byte (what percent-encoding makes of an ASCII or valid UTF-8 byte) and the
 * base's href: curi_url_bound (48 per byte, for the worst case of every byte an invalid
 * sequence) would allocate far more than almost any URL needs.  When that is not enough,
 * the library names a size that suffices (the exact href length, or the bound when it had
 * to read back bytes that did not fit), and the one retry the writer contract promises uses it.
 */
static int url_parse_into(struct buf *out, curi_url *url, const char *s, size_t n,
                          const curi_url *base)
{
    /* An input over CURI_MAX_LEN is refused (TOO_LONG) whatever the room; else the room is
     * at most CURI_MAX_LEN, and so is an href: the sum below fits a 32-bit size_t. */
    size_t room = 32;
    if (n <= CURI_MAX_LEN)
        room = n <= (CURI_MAX_LEN - 32) / 3 ? 3 * n + 32 : CURI_MAX_LEN;
    if (base != NULL)
        room += base->href.len;
    out->len = 0;
    for (int tries = 0; tries < 2; tries++) {
        size_t need = 0;
        if (!buf_reserve(out, room))
            return CURI_ERR_NOSPACE;
        int rc = curi_url_parse(out->p, out->cap, &need, url, s, n, base, 0, NULL);
        if (rc == CURI_OK)
            out->len = need;
        if (rc != CURI_ERR_NOSPACE)
            return rc;
        room = need;
    }
    return CURI_ERR_NOSPACE; /* not reached: the contract's size suffices */
}

int curi_sql_url(struct buf *out, struct buf *work, curi_url *url, const char *s, size_t n,
                 const char *base, size_t blen)
{
    curi_url b;
    if (base == NULL)
        return url_parse_into(out, url, s, n, NULL);
    int rc = url_parse_into(work, &b, base, blen, NULL);
    if (rc == CURI_OK)
        rc = url_parse_into(out, url, s, n, &b);
    else
        memset(url, 0, sizeof *url);
    return rc;
}

curi_str curi_sql_url_host(const curi_url *url)
{
    curi_str none = {NULL, 0};
    return url->host_type == CURI_URL_HOST_NONE ? none : url->hostname;
}
