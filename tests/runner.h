/*
 * runner.h -- what the vector runner's files share: tokens of a case line, the
 * case being run and how it reports failures, guard-page buffers, and the
 * writer harness that checks the (dst, cap, outlen) contract of curi.h.
 * Only the public header is used: the runner is a client like any other.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_TEST_RUNNER_H
#define CURI_TEST_RUNNER_H

#include <stddef.h>

#include "curi.h"

#if defined(__GNUC__) || defined(__clang__)
#define T_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define T_PRINTF(f, a)
#endif

/* One whitespace-separated token: its text as written and its unescaped bytes. */
typedef struct tok {
    const char *raw; /* as in the file (escapes kept), for messages */
    size_t rawlen;
    char *s; /* unescaped bytes (\xHH, \\, "" resolved); NUL-terminated for convenience */
    size_t len;
} tok;

/* A case: its place in the file, its tokens, and whether any check failed. */
typedef struct tcase {
    const char *file;
    int line;
    tok *t;
    int n;
    unsigned flags; /* the kind's %flags, already translated */
    unsigned opt;   /* kind-specific %flags words that are not library flags */
    int failed;
    int messages; /* failure lines printed for this case, to keep the output short */
    int urlfile;  /* 1 while a urlfile case runs: lighter writer checks */
    int skipped;  /* the kind counted it as skipped (a data file not found) */
} tcase;

/* Most tokens a case line may have. */
#define MAXTOK 256

/* Option bits kept in tcase.opt (the %flags words that are not library flags). */
#define OPT_ENCODE 1u  /* set: use curi_set_encoded */
#define OPT_KEEPPCT 2u /* encode: CURI_ENCODE_KEEP_PCT */
#define OPT_MAXSYN 4u  /* equal: max level CURI_EQ_SYNTAX */

extern int verbose;

/* Record a failure of the case: prints "file:line: INPUT: message". */
void fail(tcase *tc, const char *fmt, ...) T_PRINTF(2, 3);

/* Printable form of bytes (\xHH for spaces, controls and non-ASCII, "" if empty). */
const char *show(const char *s, size_t len);
const char *show_str(curi_str v); /* "(absent)" when v.ptr is NULL */

/* Error names: "PCT" <-> CURI_ERR_PCT, from the X-macro list of curi.h. */
const char *err_name(int code);
int err_from_name(const char *s, size_t len); /* -1 if unknown */

/*
 * An expected failure "!CODE@OFF" at the end of the tokens: returns 1 and
 * fills code/off when the last token (not the first) has that form, 0 when it
 * does not, -1 when it starts with '!' and a known-looking shape but names an
 * unknown code (the case then fails).
 */
int expect_error(tcase *tc, int *code, size_t *off);

/* Check that rc/err equal the expected code@off; returns 1 when they do. */
int check_error(tcase *tc, const char *what, int rc, const curi_error *err, int code, size_t off);

/*
 * Guard-page buffers.  gslot(i, n) returns n writable bytes that end exactly
 * where an unreadable page begins, so reading or writing past the n-th byte
 * faults at once.  Slots are reused: a later call on the same slot moves the
 * buffer.  gput copies bytes in.
 */
enum { G_IN0, G_IN1, G_IN2, G_IN3, G_IN4, G_IN5, G_IN6, G_SETBUF, G_OUT, G_EDIT0,
       G_EDIT1 = G_EDIT0 + 7, G_NSLOTS = G_EDIT1 + 7 };
char *gslot(int slot, size_t n);
char *gput(int slot, const char *s, size_t n);
/* n bytes starting right after an unreadable page: reads before the input fault. */
char *gput_front(int slot, const char *s, size_t n);

/* A growable heap string that keeps a writer's output after its slot is reused. */
typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf;
void sbuf_set(sbuf *b, const char *s, size_t n);
void sbuf_free(sbuf *b);

/*
 * The writer harness: f is called through a small adapter so one function can
 * check the contract of every curi writer.  With cap = bound the call must
 * succeed or fail with a real error; on success *outlen <= bound, and (unless
 * tc->urlfile) cap = outlen - 1 gives NOSPACE with the same outlen, cap = 0
 * with dst NULL likewise, and cap = outlen gives the same bytes.  Returns the
 * first call's code; the output is copied into *out.
 */
typedef int (*writer_fn)(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err);
int run_writer(tcase *tc, const char *what, writer_fn f, const void *ctx, size_t bound, sbuf *out,
               curi_error *err);

/* Parse bytes placed in a guard slot; returns the rc, *u filled. */
int parse_in(int slot, const char *s, size_t n, unsigned flags, curi_uri *u, curi_error *err);
/*
 * Give every present component of *u a buffer of its own: each is copied into guard slot
 * slot0 + part (G_EDIT0 or G_EDIT1) and put back with curi_set, so that the views end
 * where an unreadable page begins and no two are in one buffer (the layout an edited
 * reference has).  Returns the first curi_set's error, or CURI_OK.
 */
int edit_parts(curi_uri *u, int slot0, curi_error *err);
/*
 * The answers of the calls that give them through out-parameters: curi_compare's level and
 * curi_is_normalized's yes or no (stream 1: the suites' streaming path of testing.h), -1
 * when the call does not return CURI_OK with err agreeing; curi_lint's count (through
 * curi__lint_entry, so that options may hold CURI__LINT_SCALAR), (size_t)-1 on an error.
 */
int t_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream);
int t_is_normalized(const curi_uri *u, unsigned mask, int stream);
size_t t_lint(const char *s, size_t len, const curi_lint_options *options, curi_finding *out,
              size_t cap);
/* curi_extract_next's *found (1 or 0), -1 for an error code, -2 when err or *found disagree. */
int t_extract_next(curi_extractor *x, const char *text, size_t len, unsigned flags,
                   curi_match *m);
/* Recompose u through the harness into *out; returns the rc. */
int recompose_into(tcase *tc, const curi_uri *u, sbuf *out, curi_error *err);
/* Compare two parsed references field by field; describes the first difference in why. */
int uri_same(const curi_uri *a, const curi_uri *b, char *why, size_t whylen);
/* strings equal (both absent, or both present with the same bytes) */
int str_eq(curi_str a, const char *s, size_t n);

/* Writers of section 5 and 6 through the harness (kinds_resolve.c), shared with urlfile. */
int do_resolve(tcase *tc, const curi_uri *base, const curi_uri *ref, unsigned flags, sbuf *out,
               curi_error *err);
int do_relative(tcase *tc, const curi_uri *base, const curi_uri *target, unsigned flags,
                sbuf *out, curi_error *err);
int do_normalize(tcase *tc, const curi_uri *u, unsigned mask, sbuf *out, curi_error *err);
/* 1 when normalize.c's backward writer and streaming reader also give *want (testing.h). */
int normalize_twins(const curi_uri *u, unsigned mask, const sbuf *want);
/* t recomposed with remove_dot_segments applied to its path (uses slot G_IN4). */
int dotless(tcase *tc, const curi_uri *t, sbuf *out);
/* A whole file read into memory, NUL-terminated (runner.c); NULL if unreadable. */
char *runner_read_file(const char *path, size_t *len);

/* Kinds.  Each runs one case; flags words are parsed by the kind's flag table in runner.c. */
void kind_parse(tcase *tc);
void kind_host(tcase *tc);
void kind_encode(tcase *tc);
void kind_decode(tcase *tc);
void kind_query(tcase *tc);
void kind_segments(tcase *tc);
void kind_escape(tcase *tc);
void kind_qfind(tcase *tc);
void kind_qedit(tcase *tc);
void kind_set(tcase *tc);
void kind_resolve(tcase *tc);
void kind_relative(tcase *tc);
void kind_normalize(tcase *tc);
void kind_equal(tcase *tc);
void kind_dots(tcase *tc);
void kind_lint(tcase *tc);
void kind_lintmsg(tcase *tc);
void kind_extract(tcase *tc);
void kind_scheme(tcase *tc);
void kind_registry(tcase *tc);
void kind_schemecheck(tcase *tc);
void kind_schemeparts(tcase *tc);
void kind_batch(tcase *tc);
void kind_lines(tcase *tc); /* kinds_batch.c: the line forms of the batch calls */
void kind_frompath(tcase *tc); /* kinds_path.c */
void kind_topath(tcase *tc);
void kind_pathprop(tcase *tc);
void kind_touri(tcase *tc); /* kinds_iri.c */
void kind_toiri(tcase *tc);
void kind_toascii(tcase *tc);
void kind_tounicode(tcase *tc);
void kind_uts46(tcase *tc);
void kind_idna46(tcase *tc);
void kind_iriequal(tcase *tc);
/*
 * The batch functions over n inputs of data delimited by offsets[0..n], against the
 * one-input functions (kinds_batch.c); returns 1 when everything agrees.
 */
int batch_check(tcase *tc, const char *data, const size_t *offsets, size_t n, unsigned pflags,
                unsigned mask);
/* urlfile adds its own per-property counts to the totals through these. */
void kind_urlfile(tcase *tc, long *passed, long *failed);
/* urlfile cases whose data file does not exist: reported, neither passed nor failed. */
extern long runner_skipped;

#endif /* CURI_TEST_RUNNER_H */
