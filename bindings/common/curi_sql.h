/*
 * curi_sql.h -- what the three SQL bindings (SQLite, PostgreSQL, DuckDB) share, over
 * common/ (buf.h's growable buffer, json.h's JSON, which the curi tool uses too): the JSON
 * objects of `curi parse --json` and `curi check --json`, form decoding of query keys and
 * values, the writers (normalize, resolve, relative) with their bounds, and the WHATWG URL
 * parse behind curi_url_href and curi_url_host.  Uses libcuri through its public header
 * only.  Nothing here raises an engine error: every function reports failure by its return
 * value, so a binding can free what it holds before it raises.  SPDX-License-Identifier: MIT
 */
#ifndef CURI_SQL_H
#define CURI_SQL_H

#include <stddef.h>

#include "buf.h"
#include "curi.h"
#include "json.h"

/*
 * The object `curi parse --json` prints for s[0..n), without the newline: input, scheme,
 * userinfo, host, host_type, port, path, query, fragment, segments, params, labels for a
 * valid reference; input, error, message, offset for an invalid one.  qflags are
 * CURI_QUERY_* flags for the params.  Returns 1 when s is valid, 0 when not.
 */
int curi_sql_parse_json(struct buf *out, const char *s, size_t n, unsigned qflags);

/* At most this many findings in curi_check's object; "more" counts the rest. */
#define CURI_SQL_CHECK_MAX 1000

/*
 * The object `curi check --json` prints: input, findings [{rule, severity, message, start,
 * end}], with the first CURI_SQL_CHECK_MAX findings only and then "more": the number left
 * out (absent when none is).  O(n) time whatever the number of findings.  interrupts (NULL
 * for none) is called between the steps, at points where nothing is allocated, so it may
 * leave by longjmp (PostgreSQL's CHECK_FOR_INTERRUPTS).
 */
void curi_sql_check_json(struct buf *out, const char *s, size_t n, void (*interrupts)(void));

/* Append the form decoding of s[0..n) ('+' is ' ', "%HH" a byte, a stray '%' itself). */
void curi_sql_form_decode(struct buf *out, const char *s, size_t n);

/*
 * Append the percent-decoding of s[0..n) (curi_pct_decode, strict: a path segment's
 * "decoded" column in the SQLite and DuckDB table functions).  Returns CURI_OK, the
 * library's error for a malformed '%' (nothing appended), or CURI_ERR_NOSPACE with out->oom
 * when memory ran out.
 */
int curi_sql_pct_decode(struct buf *out, const char *s, size_t n);

/*
 * The first value of the query pair whose form-decoded key is key[0..klen), form-decoded,
 * appended to out (curi_query_find with CURI_QUERY_FORM); pairs without '=' are skipped
 * (as `curi get {query:KEY}` does).  Returns 1 when found or when memory ran out (out->oom),
 * 0 when not found.
 */
int curi_sql_param(struct buf *out, curi_str query, const char *key, size_t klen);

/*
 * "NAME@offset" for an error (at most 40 bytes with the NUL): the form curi_error() returns.
 * Returns the length written to dst (which holds at least 48 bytes).
 */
size_t curi_sql_error_text(char *dst, const curi_error *e);

/*
 * The normalization mask for a level name: NULL or "scheme" is CURI_NORM_DEFAULT (RFC 3986
 * 6.2.2 and 6.2.3), "syntax" is CURI_NORM_SYNTAX (6.2.2 only).  0 for an unknown name.
 */
unsigned curi_sql_norm_mask(const char *name, size_t len);

/*
 * The writers into out (replacing its contents): the normalized form of u with mask, the
 * resolution of ref against base, the reference from base to target (curi_relative with
 * no flags).  Return CURI_OK or the library's error; out->oom when memory ran out
 * (CURI_ERR_NOSPACE is then returned).
 */
int curi_sql_normalize(struct buf *out, const curi_uri *u, unsigned mask);
int curi_sql_resolve(struct buf *out, const curi_uri *base, const curi_uri *ref);
int curi_sql_relative(struct buf *out, const curi_uri *base, const curi_uri *target);

/*
 * curi_param_remove: u recomposed into out (replacing its contents) without the pairs of its
 * query whose form-decoded key matches glob[0..glen) ('*', '?', '\' escapes:
 * curi_query_edit's CURI_QUERY_REMOVE with CURI_QUERY_FORM); the query goes when no pair
 * is left (as `curi set --trim query=GLOB` does), and stays byte for byte when no pair
 * matched.  Returns CURI_OK or the library's error; out->oom when memory ran out
 * (CURI_ERR_NOSPACE is then returned).
 */
int curi_sql_param_remove(struct buf *out, const curi_uri *u, const char *glob, size_t glen);

/*
 * The WHATWG URL Standard's parse (curi_url_parse) of s[0..n) into out (replacing its
 * contents: out->p[0..out->len) is the href), with *url's views into out->p, valid until out
 * changes.  When base is not NULL, base[0..blen) is parsed first, into work (replacing its
 * contents), and s is parsed against it.  The buffers keep their room between calls, so a
 * caller that parses many rows allocates only while they grow.  Returns CURI_OK, the
 * library's error (for the input, or for the base when that does not parse), or
 * CURI_ERR_NOSPACE with out->oom or work->oom set when memory ran out.
 */
int curi_sql_url(struct buf *out, struct buf *work, curi_url *url, const char *s, size_t n,
                 const char *base, size_t blen);

/*
 * What curi_url_host returns of a parsed URL: the URL API's hostname (an IPv6 address in
 * brackets, a domain in ASCII), "" for an empty host ("file:///p"); .ptr NULL when the host
 * is null ("mailto:x", "foo:/p").
 */
curi_str curi_sql_url_host(const curi_url *url);


#endif /* CURI_SQL_H */
