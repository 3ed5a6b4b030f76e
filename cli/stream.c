/*
 * stream.c -- feeding inputs to a subcommand and writing its output in order.
 *
 * Inputs are the command-line operands, then the lines of each -f FILE, or the
 * lines of standard input when there are neither.  A source is read with
 * read(2) into chunks of whole lines, split at '\n' with memchr; a final line
 * without '\n' is still an input, and lines may hold any byte including NUL.
 * Unless --binary is given, a '\r' just before the '\n' belongs to the line
 * end and a UTF-8 byte order mark at the very start of a source is dropped.
 * A line longer than the limit (CURI_MAX_LEN, or --max-length) is refused with
 * TOO_LONG as soon as the limit is passed: what was read of it is dropped and
 * the rest is skipped up to its '\n' without being kept.  A read error ends
 * that source: every finished result is still written, the unfinished line
 * is not processed, and the command exits 3.  Output goes into a buffer
 * written with write(2) in large blocks, or after every input when stdout is
 * a terminal.  With --jobs N, N threads (the main one among them) process whole
 * chunks, the main thread also reading ahead and writing finished chunks
 * strictly in input order.
 * With -z (--zero-terminated) records end at NUL instead of '\n' (everywhere
 * above), a CR is never dropped, and each input's output ends with a NUL in
 * place of its final '\n' (finish_record says how for blocks and for several
 * lines per input).
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define CHUNK_SIZE ((size_t)1 << 20) /* bytes of input per read, and per chunk */
#define JOB_CHUNK  ((size_t)1 << 18) /* bytes of input per chunk with --jobs */
#define OUT_FLUSH  ((size_t)1 << 18) /* write stdout once this much is buffered */

/*
 * ---------------------------------------------------------------------------
 * Buffers
 * ---------------------------------------------------------------------------
 */
void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fputs("curi: out of memory\n", stderr);
        exit(EXIT_IO);
    }
    return p;
}

static void lint_refused(int rc)
{
    fprintf(stderr, "curi: curi_lint refused its arguments: %s\n", curi_strerror(rc));
    exit(EXIT_USAGE);
}

size_t xlint(const char *s, size_t n, const curi_lint_options *opt, curi_finding *out, size_t cap)
{
    size_t count = 0;
    int rc = curi_lint(s, n, opt, out, cap, &count, NULL);
    if (rc != CURI_OK)
        lint_refused(rc);
    return count;
}

size_t xlint_messages(char *dst, size_t cap, size_t *ends, const char *s, size_t n,
                      const curi_lint_options *opt, const curi_finding *f, size_t nf)
{
    size_t done = 0;
    int rc = curi_lint_messages(dst, cap, ends, s, n, opt, f, nf, &done, NULL);
    if (rc != CURI_OK && rc != CURI_ERR_NOSPACE)
        lint_refused(rc);
    return done;
}

/* Make room for extra more bytes, doubling so that appends are amortised O(1). */
/* buf_oom_hook of the tool: a growth that fails ends the program (common/buf.h). */
void buf_oom_exit(void)
{
    fputs("curi: out of memory\n", stderr);
    exit(EXIT_IO);
}

/*
 * ---------------------------------------------------------------------------
 * Writing
 * ---------------------------------------------------------------------------
 */

/*
 * A failed write to stdout ends the program with EXIT_IO.  EPIPE (the reader
 * went away while SIGPIPE is ignored) exits quietly, as the default SIGPIPE
 * action would; other errors (ENOSPC on /dev/full, EIO) are reported.  A failed
 * write to stderr cannot be reported anywhere and is ignored.
 */
void write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t r = write(fd, s, n);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            if (fd != 1)
                return;
            if (errno != EPIPE)
                fprintf(stderr, "curi: write error: %s\n", strerror(errno));
            exit(EXIT_IO);
        }
        s += r;
        n -= (size_t)r;
    }
}

/* The output side: stdout and stderr buffers and the flushing policy. */
struct sink {
    struct buf out, err;
    int interactive;          /* stdout is a terminal: write after every input */
    int err_tty;              /* stderr is a terminal: write diagnostics after every input */
    int skip_first_nl;        /* drop a leading '\n' from the first bytes ever written */
    int wrote;                /* something was written to stdout already */
};

/* Write out and err (the sink's own buffers, or a finished chunk's) and empty them. */
static void sink_write(struct sink *k, struct buf *out, struct buf *err)
{
    const char *p = out->p;
    size_t n = out->len;
    if (k->skip_first_nl && !k->wrote && n > 0) {
        if (p[0] == '\n') {
            p++;
            n--;
        }
        k->wrote = 1;
    }
    if (n)
        write_all(1, p, n);
    out->len = 0;
    if (err->len)
        write_all(2, err->p, err->len);
    err->len = 0;
}

static void sink_flush(struct sink *k)
{
    sink_write(k, &k->out, &k->err);
}

/*
 * Write stdout when enough has gathered, or at once for a human watching;
 * diagnostics are few and go out at every call.
 */
static void sink_maybe_flush(struct sink *k)
{
    if (k->interactive || k->out.len >= OUT_FLUSH) {
        sink_flush(k);
    } else if (k->err.len > 0) {
        write_all(2, k->err.p, k->err.len);
        k->err.len = 0;
    }
}

/*
 * ---------------------------------------------------------------------------
 * Where an input came from
 * ---------------------------------------------------------------------------
 * Set before each input is handed to the line function, read by diagnose()
 * (text.c): every thread has its own.
 */
_Thread_local struct where cli_where;
const char *cli_cmd;

/*
 * ---------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------------
 */

/*
 * A chunk: whole lines of one source, in[0..len), the first of them line
 * number `first`; then possibly a line that was too long (its bytes are not
 * kept) and an I/O error that ended the source.  The output side belongs to
 * the thread that processes the chunk.
 */
struct chunk {
    struct buf in, out, err;
    struct buf marks;           /* struct line_mark: line numbers to put into err (--jobs) */
    const char *name;           /* the source: a file name, "-" for stdin */
    unsigned long long first;   /* line number of the first line in `in`, or 0 (--jobs): not
                                 * known yet, lines are numbered from 1 in the chunk */
    unsigned long long nlines;  /* lines in `in`, once processed */
    int starts;                 /* the chunk is the first of its source */
    int too_long;               /* a refused line follows the lines of `in` */
    int ioerr;                  /* errno of a failed open or read after them, or 0 */
    const char *ioverb;         /* "open" or "read" */
    int status;                 /* EXIT_VALID or EXIT_INVALID, once processed */
    int done;
};

/* The sources in order, and the state of the one being read. */
struct reader {
    const char *const *src;     /* file names; "-" is standard input */
    int nsrc, next;
    int fd;                     /* -1 between sources */
    const char *name;
    unsigned long long line;    /* lines of the current source counted so far (one thread) */
    int fresh;                  /* the current source was just opened: no chunk of it yet */
    struct buf carry;           /* the start of an unfinished line */
    int skipping;               /* dropping the rest of a too-long line */
    size_t max;                 /* the longest line accepted */
    char sep;                   /* the record separator: '\n', or '\0' with -z */
};

/*
 * Read at most `limit` bytes (and at least one, unless at end) into b, growing
 * it as needed.  Returns the byte count, 0 at end of input, -1 on error (errno).
 */
static ssize_t read_some(int fd, struct buf *b, size_t limit)
{
    if (b->cap - b->len < CHUNK_SIZE / 4)
        buf_reserve(b, b->cap ? b->cap : CHUNK_SIZE);
    size_t room = b->cap - b->len;
    if (room > limit)
        room = limit;
    for (;;) {
        ssize_t r = read(fd, b->p + b->len, room ? room : 1);
        if (r >= 0) {
            b->len += (size_t)r;
            return r;
        }
        if (errno != EINTR)
            return -1;
    }
}

/* Offset just past the last separator in s[from..n), or 0 when there is none. */
static size_t last_line_end(const char *s, size_t from, size_t n, char sep)
{
    while (n > from) {
        if (s[n - 1] == sep)
            return n;
        n--;
    }
    return 0;
}

static void close_source(struct reader *r)
{
    if (r->fd > 0)
        close(r->fd);
    r->fd = -1;
    r->carry.len = 0;
    r->skipping = 0;
}

/*
 * Drop the rest of a too-long line, up to and including its '\n', reading
 * through ch->in as scratch.  Returns 0 when the source ended meanwhile (and
 * records a read error in ch).
 */
static int skip_rest(struct reader *r, struct chunk *ch)
{
    while (r->skipping) {
        ch->in.len = 0;
        ssize_t got = read_some(r->fd, &ch->in, CHUNK_SIZE);
        if (got <= 0) {
            if (got < 0) {
                ch->ioerr = errno;
                ch->ioverb = "read";
            }
            return 0;
        }
        const char *nl = memchr(ch->in.p, r->sep, ch->in.len);
        if (nl != NULL) {
            size_t rest = ch->in.len - (size_t)(nl + 1 - ch->in.p);
            buf_put(&r->carry, nl + 1, rest);
            r->skipping = 0;
        }
    }
    ch->in.len = 0;
    return 1;
}

/*
 * Fill ch with whole lines of the current source (opening the next source
 * when needed): at least `min` bytes when the source has them, else what it
 * has.  The lines are not counted here: run_chunk counts them as it goes, and
 * the caller advances r->line (one thread) or numbers the chunks at output
 * (--jobs).  Returns 0 when every source is done.  A chunk may hold no lines
 * when it only reports a refused line or an I/O error.
 */
static int fill_chunk(struct reader *r, struct chunk *ch, size_t min)
{
    ch->in.len = 0;
    ch->nlines = 0;
    ch->too_long = 0;
    ch->ioerr = 0;
    ch->done = 0;
    ch->starts = 0;
    if (r->fd < 0) {
        if (r->next == r->nsrc)
            return 0;
        r->name = r->src[r->next++];
        r->line = 0;
        r->fresh = 1;
        if (strcmp(r->name, "-") == 0) {
            r->fd = 0;
        } else {
            r->fd = open(r->name, O_RDONLY);
            if (r->fd < 0) {
                ch->name = r->name;
                ch->first = 1;
                ch->starts = 1;
                ch->ioerr = errno;
                ch->ioverb = "open";
                return 1;
            }
        }
    }
    ch->name = r->name;
    ch->first = r->line + 1;
    ch->starts = r->fresh;
    r->fresh = 0;
    if (r->skipping && !skip_rest(r, ch)) {
        close_source(r);
        return 1;
    }
    buf_put(&ch->in, r->carry.p, r->carry.len);
    r->carry.len = 0;
    size_t cut = last_line_end(ch->in.p, 0, ch->in.len, r->sep);
    int eof = 0;
    for (;;) {
        if (cut > 0 && ch->in.len >= min)
            break;
        /* The unfinished line must not pass the limit: read no more than one byte beyond it. */
        size_t tail = ch->in.len - cut;
        if (tail > r->max) {
            ch->in.len = cut;
            ch->too_long = 1;
            r->skipping = 1;
            break;
        }
        size_t old = ch->in.len;
        ssize_t got = read_some(r->fd, &ch->in, r->max - tail + 1);
        if (got < 0) {
            /* The unfinished line may be cut short: it is not an input. */
            ch->ioerr = errno;
            ch->ioverb = "read";
            ch->in.len = cut;
            eof = 1;
            break;
        }
        if (got == 0) {
            eof = 1;
            if (ch->in.len - cut > r->max) {
                ch->in.len = cut;
                ch->too_long = 1;
            } else {
                cut = ch->in.len; /* a last line without '\n' */
            }
            break;
        }
        size_t c = last_line_end(ch->in.p, old, ch->in.len, r->sep);
        if (c > 0)
            cut = c;
    }
    buf_put(&r->carry, ch->in.p + cut, ch->in.len - cut);
    ch->in.len = cut;
    if (eof)
        close_source(r);
    return 1;
}

/*
 * ---------------------------------------------------------------------------
 * Running the line function
 * ---------------------------------------------------------------------------
 */

/* The scratch buffers of one thread. */
struct scratch {
    struct buf tmp;   /* the line function's */
    struct buf space; /* the input with spaces encoded, for --accept-space */
};

/*
 * -z: the output of one input, out[before..len), as NUL-terminated records.
 * A block of lines (records & RECORDS_BLOCK: parse, explain) loses the '\n'
 * that separated it from the previous block; output whose every '\n' ends a
 * record (RECORDS_LINES: set, several lines per input with --iterate) gets a
 * NUL for each; any other output (one line per input, or a block of check)
 * gets a NUL in place of its final '\n' only, so that a '\n' inside a value
 * (decode of %0A) stays data.
 */
static void finish_record(const struct common *c, int records, struct buf *out, size_t before)
{
    if (!c->zero || out->len == before)
        return;
    char *p = out->p + before;
    size_t n = out->len - before;
    if ((records & RECORDS_BLOCK) && p[0] == '\n') {
        memmove(p, p + 1, n - 1);
        out->len--;
        if (--n == 0)
            return;
    }
    if (records & RECORDS_LINES) {
        for (size_t i = 0; i < n; i++)
            if (p[i] == '\n')
                p[i] = '\0';
    } else if (p[n - 1] == '\n') {
        p[n - 1] = '\0';
    }
}

/* What a refused over-long input gives: a diagnostic, or a JSON object; an empty line. */
static void refuse_long(const struct common *c, int records, struct buf *out, struct buf *err)
{
    size_t max = c->max_len;
    struct buf msg = {0};
    buf_puts(&msg, "the input is longer than ");
    buf_putu(&msg, max);
    buf_puts(&msg, max == CURI_MAX_LEN ? " bytes (CURI_MAX_LEN)" : " bytes (--max-length)");
    if (c->json) {
        buf_puts(out, "{\"input\":null");
        json_member(out, "error", "TOO_LONG", 8);
        json_member(out, "message", msg.p, msg.len);
        json_key(out, "offset");
        buf_putu(out, max);
        buf_put(out, "}\n", 2);
    } else {
        diagnose_where(err);
        buf_puts(err, curi_strerror_name(CURI_ERR_TOO_LONG));
        buf_puts(err, " at byte ");
        buf_putu(err, max);
        buf_put(err, ": ", 2);
        buf_put(err, msg.p, msg.len);
        buf_puts(err, "; skipped\n");
        if (!(records & RECORDS_BLOCK))
            buf_putc(out, '\n');
    }
    buf_free(&msg);
}

/*
 * One input: refuse it when too long, encode its spaces under --accept-space,
 * run fn, and under --skip-invalid take back the output of an invalid input.
 */
static int run_one(const struct common *c, line_fn fn, const void *ctx, int records, const char *s,
                   size_t n, struct buf *out, struct buf *err, struct scratch *sc)
{
    size_t before = out->len;
    int st;
    if (n > c->max_len) {
        refuse_long(c, records, out, err);
        st = EXIT_INVALID;
    } else {
        if (c->accept_space && memchr(s, ' ', n) != NULL) {
            sc->space.len = 0;
            for (size_t i = 0; i < n; i++) {
                if (s[i] == ' ')
                    buf_put(&sc->space, "%20", 3);
                else
                    buf_putc(&sc->space, s[i]);
            }
            s = sc->space.p;
            n = sc->space.len;
        }
        st = fn(ctx, s, n, out, err, &sc->tmp);
    }
    if (st != EXIT_VALID && c->skip_invalid)
        out->len = before;
    finish_record(c, records, out, before);
    return st;
}

/*
 * Run fn over the lines of a chunk and count them, then report a refused line
 * that followed them (report_io reports an I/O error, once the chunk's first
 * line number is known).  When k is set (one thread), results go out as a
 * terminal watching them needs.  With ch->first 0 (--jobs) lines are numbered
 * from 1 in the chunk and diagnostics leave marks (struct where).
 */
static int run_chunk(const struct common *c, line_fn fn, const void *ctx, int records,
                     struct chunk *ch, struct buf *out, struct buf *err, struct scratch *sc,
                     struct sink *k)
{
    int status = EXIT_VALID;
    const char *s = ch->in.p, *end = s + ch->in.len;
    const unsigned long long first = ch->first ? ch->first : 1;
    unsigned long long line = first;
    const char *const bom = ch->starts ? s : NULL; /* where a byte order mark may be */
    cli_where.file = ch->name;
    cli_where.marks = ch->first ? NULL : &ch->marks;
    cli_where.marked = err;
    /* The settings in locals: fn may write anywhere, so the compiler would load them again
     * from c and k for every line. */
    const int zero = c->zero, binary = c->binary, plain = c->plain;
    const size_t max_len = c->max_len;
    const int watch_out = k && k->interactive, watch_err = k && k->err_tty;
    const char sep = zero ? '\0' : '\n';
    const int crlf = !binary && !zero; /* (with -z a CR is data: checking it is the point) */
    while (s < end) {
        const char *nl = memchr(s, sep, (size_t)(end - s));
        const char *stop = nl ? nl : end;
        const char *ls = s;
        if (ls == bom && !binary && stop - ls >= 3 && memcmp(ls, "\xEF\xBB\xBF", 3) == 0)
            ls += 3; /* U+FEFF at the start of the source: a byte order mark */
        if (stop > ls && stop[-1] == '\r' && crlf && nl)
            stop--; /* a CRLF line end (the common line ends in a byte that is no CR) */
        cli_where.line = line++;
        size_t n = (size_t)(stop - ls);
        int st = plain && n <= max_len ? fn(ctx, ls, n, out, err, &sc->tmp)
                                       : run_one(c, fn, ctx, records, ls, n, out, err, sc);
        if (st != EXIT_VALID)
            status = EXIT_INVALID;
        s = nl ? nl + 1 : end;
        if (watch_out || (watch_err && err->len > 0))
            sink_maybe_flush(k); /* a terminal is watching: show this input's result now */
    }
    ch->nlines = line - first;
    if (ch->too_long) {
        size_t before = out->len;
        cli_where.line = line;
        refuse_long(c, records, out, err);
        finish_record(c, records, out, before);
        status = EXIT_INVALID;
    }
    cli_where.marks = NULL;
    return status;
}

/* The I/O error that ended ch's source after its lines, if any: a diagnostic on err. */
static void report_io(const struct chunk *ch, struct buf *err)
{
    if (ch->ioerr) {
        buf_puts(err, "curi: ");
        show_bytes(err, ch->name, strlen(ch->name));
        buf_puts(err, ": ");
        buf_puts(err, ch->ioverb);
        buf_puts(err, " error");
        if (ch->nlines + (unsigned long long)ch->too_long > 0 || ch->first > 1) {
            buf_puts(err, " after line ");
            buf_putu(err, ch->first - 1 + ch->nlines + (unsigned long long)ch->too_long);
        }
        buf_puts(err, ": ");
        buf_puts(err, strerror(ch->ioerr));
        buf_putc(err, '\n');
    }
}

static void chunk_free(struct chunk *ch)
{
    buf_free(&ch->in);
    buf_free(&ch->out);
    buf_free(&ch->err);
    buf_free(&ch->marks);
}

/*
 * ---------------------------------------------------------------------------
 * One thread
 * ---------------------------------------------------------------------------
 */
static int run_serial(const struct common *c, line_fn fn, const void *ctx, int records,
                      struct reader *r, struct sink *k, struct scratch *sc, int *ioerr)
{
    struct chunk ch;
    memset(&ch, 0, sizeof ch);
    int status = EXIT_VALID;
    /* min 1: process whatever whole lines each read brings, for a terminal or a slow pipe. */
    while (fill_chunk(r, &ch, 1)) {
        if (run_chunk(c, fn, ctx, records, &ch, &k->out, &k->err, sc, k) != EXIT_VALID)
            status = EXIT_INVALID;
        report_io(&ch, &k->err);
        if (ch.name == r->name && r->fd >= 0)
            r->line = ch.first - 1 + ch.nlines + (unsigned long long)ch.too_long;
        if (ch.ioerr)
            *ioerr = 1;
        sink_maybe_flush(k);
    }
    chunk_free(&ch);
    return status;
}

/*
 * ---------------------------------------------------------------------------
 * N threads
 * ---------------------------------------------------------------------------
 * A ring of 2N chunks.  The main thread fills chunk seq % nslots with whole
 * lines (read(2) into the chunk, no pass over its bytes); every thread, the
 * main one and N - 1 others, claims filled chunks in sequence and processes
 * each into the chunk's own output buffers, counting its lines as it goes;
 * the main thread writes chunk after chunk in sequence order.  Only then is a
 * chunk's first line number known (the lines of the chunks before it, summed),
 * so a chunk's lines are numbered from its start and write_chunk puts the true
 * numbers into its diagnostics.  The main thread reads and writes first, and
 * processes a chunk itself rather than sleep; a thread is woken only when it
 * sleeps waiting for what happened.  A chunk is reused only after it has been
 * written, so memory stays at about 2N chunks.
 */
struct pool {
    pthread_mutex_t mu;
    pthread_cond_t work; /* a chunk was filled, or the pool is stopping */
    pthread_cond_t done; /* the chunk the main thread waits for was processed */
    struct chunk *slots;
    unsigned long long filled, claimed; /* chunks filled / claimed so far */
    unsigned long long awaited;         /* 1 + the chunk the main thread sleeps on, or 0 */
    unsigned nslots;
    unsigned idle;                      /* threads sleeping on work */
    int stop;
    const struct common *c;
    line_fn fn;
    const void *ctx;
    int records;
};

/* Process a chunk claimed from p, without holding the lock. */
static void process(struct pool *p, struct chunk *ch, struct scratch *sc)
{
    ch->out.len = ch->err.len = ch->marks.len = 0;
    ch->status = run_chunk(p->c, p->fn, p->ctx, p->records, ch, &ch->out, &ch->err, sc, NULL);
}

static void *worker(void *arg)
{
    struct pool *p = arg;
    struct scratch sc;
    memset(&sc, 0, sizeof sc);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->claimed == p->filled) {
            p->idle++;
            pthread_cond_wait(&p->work, &p->mu);
            p->idle--;
        }
        if (p->claimed == p->filled)
            break;
        unsigned long long seq = p->claimed++;
        struct chunk *ch = &p->slots[seq % p->nslots];
        pthread_mutex_unlock(&p->mu);
        process(p, ch, &sc);
        pthread_mutex_lock(&p->mu);
        ch->done = 1;
        if (p->awaited == seq + 1)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    buf_free(&sc.tmp);
    buf_free(&sc.space);
    return NULL;
}

/*
 * Write a processed chunk whose source had *line lines before it (0 when the chunk starts
 * its source), with those line numbers added to the chunk's own in its diagnostics, and
 * advance *line past the chunk.  tmp is scratch.
 */
static void write_chunk(struct sink *k, struct chunk *ch, unsigned long long *line,
                        struct buf *tmp)
{
    if (ch->starts)
        *line = 0;
    if (ch->marks.len > 0) {
        tmp->len = 0;
        size_t from = 0;
        for (size_t i = 0; i + sizeof(struct line_mark) <= ch->marks.len;
             i += sizeof(struct line_mark)) {
            struct line_mark m;
            memcpy(&m, ch->marks.p + i, sizeof m);
            buf_put(tmp, ch->err.p + from, m.at - from);
            buf_putu(tmp, *line + m.line);
            from = m.at;
        }
        buf_put(tmp, ch->err.p + from, ch->err.len - from);
        struct buf t = *tmp;
        *tmp = ch->err;
        ch->err = t;
    }
    ch->first = *line + 1;
    report_io(ch, &ch->err);
    *line += ch->nlines + (unsigned long long)ch->too_long;
    sink_write(k, &ch->out, &ch->err);
}

static int run_parallel(const struct common *c, line_fn fn, const void *ctx, int records,
                        struct reader *r, struct sink *k, struct scratch *sc, int *ioerr)
{
    struct pool p;
    memset(&p, 0, sizeof p);
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    p.nslots = 2 * c->jobs;
    p.slots = xmalloc(p.nslots * sizeof *p.slots);
    memset(p.slots, 0, p.nslots * sizeof *p.slots);
    p.c = c;
    p.fn = fn;
    p.ctx = ctx;
    p.records = records;

    /* The main thread is one of the c->jobs. */
    pthread_t *tid = xmalloc((c->jobs - 1) * sizeof *tid);
    unsigned started = 0;
    for (; started < c->jobs - 1; started++)
        if (pthread_create(&tid[started], NULL, worker, &p) != 0)
            break;
    if (started == 0) {
        fputs("curi: cannot start threads; running on one\n", stderr);
        free(tid);
        free(p.slots);
        return run_serial(c, fn, ctx, records, r, k, sc, ioerr);
    }

    /* The operands' results come first: chunks are written straight from their buffers. */
    sink_flush(k);
    unsigned long long written = 0, line = 0;
    int more = 1, status = EXIT_VALID;
    struct buf tmp = {0};
    for (;;) {
        /* Read ahead into every free chunk. */
        while (more && p.filled - written < p.nslots) {
            struct chunk *ch = &p.slots[p.filled % p.nslots];
            if (!fill_chunk(r, ch, JOB_CHUNK)) {
                more = 0;
                break;
            }
            ch->first = 0; /* numbered from 1 in the chunk; write_chunk knows the rest */
            pthread_mutex_lock(&p.mu);
            p.filled++;
            if (p.idle > 0)
                pthread_cond_signal(&p.work);
            pthread_mutex_unlock(&p.mu);
        }
        if (written == p.filled)
            break;
        struct chunk *ch = &p.slots[written % p.nslots];
        pthread_mutex_lock(&p.mu);
        if (!ch->done && p.claimed < p.filled) {
            /* The oldest chunk is still being processed: process the next one meanwhile. */
            struct chunk *mine = &p.slots[p.claimed++ % p.nslots];
            pthread_mutex_unlock(&p.mu);
            process(&p, mine, sc);
            pthread_mutex_lock(&p.mu);
            mine->done = 1;
            pthread_mutex_unlock(&p.mu);
            continue;
        }
        while (!ch->done) {
            p.awaited = written + 1;
            pthread_cond_wait(&p.done, &p.mu);
        }
        p.awaited = 0;
        pthread_mutex_unlock(&p.mu);
        /* Write the oldest chunk. */
        if (ch->status != EXIT_VALID)
            status = EXIT_INVALID;
        if (ch->ioerr)
            *ioerr = 1;
        write_chunk(k, ch, &line, &tmp);
        written++;
    }

    pthread_mutex_lock(&p.mu);
    p.stop = 1;
    pthread_cond_broadcast(&p.work);
    pthread_mutex_unlock(&p.mu);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    for (unsigned i = 0; i < p.nslots; i++)
        chunk_free(&p.slots[i]);
    buf_free(&tmp);
    free(p.slots);
    free(tid);
    pthread_cond_destroy(&p.work);
    pthread_cond_destroy(&p.done);
    pthread_mutex_destroy(&p.mu);
    return status;
}

/*
 * ---------------------------------------------------------------------------
 * Entry point
 * ---------------------------------------------------------------------------
 */
int run_lines(line_fn fn, const void *ctx, char **ops, int nops, const struct common *c,
              int records)
{
    static const char *const stdin_only[] = {"-"};
    struct common copy = *c;
    if (copy.max_len == 0)
        copy.max_len = CURI_MAX_LEN;
    copy.plain = !copy.accept_space && !copy.skip_invalid && !copy.zero;
    c = &copy;
    struct sink k;
    memset(&k, 0, sizeof k);
    k.interactive = isatty(1);
    k.err_tty = isatty(2);
    k.skip_first_nl = (records & RECORDS_BLOCK) && !c->zero;
    struct scratch sc;
    memset(&sc, 0, sizeof sc);
    int status = EXIT_VALID, ioerr = 0;
    for (int i = 0; i < nops; i++) {
        cli_where.file = NULL;
        cli_where.line = (unsigned long long)i + 1;
        if (run_one(c, fn, ctx, records, ops[i], strlen(ops[i]), &k.out, &k.err, &sc) !=
            EXIT_VALID)
            status = EXIT_INVALID;
        sink_maybe_flush(&k);
    }
    struct reader r;
    memset(&r, 0, sizeof r);
    r.fd = -1;
    r.max = c->max_len;
    r.sep = c->zero ? '\0' : '\n';
    if (c->nfiles > 0) {
        r.src = c->files;
        r.nsrc = c->nfiles;
    } else if (nops == 0) {
        r.src = stdin_only;
        r.nsrc = 1;
    }
    if (r.nsrc > 0) {
        /* A person typing at a terminal gets each result at once: one thread. */
        int typed = c->nfiles == 0 && isatty(0);
        int st = c->jobs > 1 && !typed ? run_parallel(c, fn, ctx, records, &r, &k, &sc, &ioerr)
                             : run_serial(c, fn, ctx, records, &r, &k, &sc, &ioerr);
        if (st != EXIT_VALID)
            status = st;
    }
    close_source(&r);
    sink_flush(&k);
    buf_free(&r.carry);
    buf_free(&k.out);
    buf_free(&k.err);
    buf_free(&sc.tmp);
    buf_free(&sc.space);
    free(c->files);
    return ioerr ? EXIT_IO : status;
}
