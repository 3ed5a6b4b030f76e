/*
 * stream.c -- feeding input lines to a subcommand and writing its output in order.
 *
 * Standard input is read with read(2) into a large chunk buffer and split at
 * '\n' with memchr; a final line without '\n' is still an input, and lines may
 * hold any byte including NUL.  Memory stays constant: a chunk grows only for a
 * line longer than the chunk.  Output goes into a buffer written with write(2)
 * in large blocks, or after every input when stdout is a terminal.
 * With --jobs N, N worker threads process whole chunks while the main thread
 * reads ahead and writes finished chunks strictly in input order.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define CHUNK_SIZE ((size_t)1 << 20) /* bytes of input per read, and per chunk */
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

/* Make room for extra more bytes, doubling so that appends are amortised O(1). */
void buf_grow(struct buf *b, size_t extra)
{
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < extra) {
        if (cap > ((size_t)-1) / 2) {
            fputs("curi: out of memory\n", stderr);
            exit(EXIT_IO);
        }
        cap *= 2;
    }
    char *p = realloc(b->p, cap);
    if (p == NULL) {
        fputs("curi: out of memory\n", stderr);
        exit(EXIT_IO);
    }
    b->p = p;
    b->cap = cap;
}

/* Decimal digits of v, without leading zeros. */
void buf_putu(struct buf *b, unsigned long long v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    buf_put(b, tmp + i, sizeof tmp - i);
}

void buf_free(struct buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
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
    struct buf out, err, tmp; /* tmp: scratch for the line function */
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
 * Reading
 * ---------------------------------------------------------------------------
 */

/* Read what is available into b (growing it if full); returns 0 at end of input. */
static size_t read_some(struct buf *b)
{
    if (b->cap - b->len < CHUNK_SIZE / 4)
        buf_reserve(b, b->cap ? b->cap : CHUNK_SIZE);
    for (;;) {
        ssize_t r = read(0, b->p + b->len, b->cap - b->len);
        if (r >= 0) {
            b->len += (size_t)r;
            return (size_t)r;
        }
        if (errno != EINTR) {
            fprintf(stderr, "curi: read error: %s\n", strerror(errno));
            exit(EXIT_IO);
        }
    }
}

/* Offset just past the last '\n' in s[from..n), or 0 when there is none. */
static size_t last_line_end(const char *s, size_t from, size_t n)
{
    while (n > from) {
        if (s[n - 1] == '\n')
            return n;
        n--;
    }
    return 0;
}

/*
 * Run fn over the lines of s[0..n): each '\n' ends a line (so "\n" is one empty
 * line), and a non-empty tail without '\n' is the last line of the input.
 */
static int run_chunk(line_fn fn, const void *ctx, const char *s, size_t n, struct buf *out,
                     struct buf *err, struct buf *tmp, struct sink *k)
{
    int status = EXIT_VALID;
    const char *end = s + n;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *stop = nl ? nl : end;
        if (fn(ctx, s, (size_t)(stop - s), out, err, tmp) != EXIT_VALID)
            status = EXIT_INVALID;
        s = nl ? nl + 1 : end;
        if (k && (k->interactive || (k->err_tty && err->len > 0)))
            sink_maybe_flush(k); /* a terminal is watching: show this input's result now */
    }
    return status;
}

/*
 * ---------------------------------------------------------------------------
 * One thread
 * ---------------------------------------------------------------------------
 */
static int run_stdin_serial(line_fn fn, const void *ctx, struct sink *k)
{
    struct buf in = {0};
    int status = EXIT_VALID;
    for (;;) {
        size_t old = in.len;
        size_t got = read_some(&in);
        size_t cut = got ? last_line_end(in.p, old, in.len) : in.len;
        if (cut > 0) {
            /* Complete lines: process them and keep the unfinished tail. */
            if (run_chunk(fn, ctx, in.p, cut, &k->out, &k->err, &k->tmp, k) != EXIT_VALID)
                status = EXIT_INVALID;
            memmove(in.p, in.p + cut, in.len - cut);
            in.len -= cut;
            sink_maybe_flush(k);
        }
        if (!got)
            break;
    }
    buf_free(&in);
    return status;
}

/*
 * ---------------------------------------------------------------------------
 * N threads
 * ---------------------------------------------------------------------------
 * A ring of 2N chunk slots.  The main thread fills slot seq % nslots with whole
 * lines (moving an unfinished last line to a carry buffer), workers claim
 * filled slots in sequence and process them into the slot's own buffers, and
 * the main thread writes slot after slot in sequence order.  A slot is reused
 * only after it has been written, so memory stays at about 2N chunks.
 */
struct slot {
    struct buf in, out, err;
    int status;
    int done;
};

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t work; /* a slot was filled, or the pool is stopping */
    pthread_cond_t done; /* a slot was processed */
    struct slot *slots;
    unsigned long long filled, claimed; /* slots filled / claimed so far */
    unsigned nslots;
    int stop;
    line_fn fn;
    const void *ctx;
};

static void *worker(void *arg)
{
    struct pool *p = arg;
    struct buf tmp = {0};
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->claimed == p->filled)
            pthread_cond_wait(&p->work, &p->mu);
        if (p->claimed == p->filled)
            break;
        struct slot *s = &p->slots[p->claimed % p->nslots];
        p->claimed++;
        pthread_mutex_unlock(&p->mu);
        s->out.len = s->err.len = 0;
        s->status = run_chunk(p->fn, p->ctx, s->in.p, s->in.len, &s->out, &s->err, &tmp, NULL);
        pthread_mutex_lock(&p->mu);
        s->done = 1;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    buf_free(&tmp);
    return NULL;
}

/*
 * Fill s->in with whole lines: the carry first, then reads until the chunk
 * holds at least CHUNK_SIZE bytes and one '\n', or input ends.  What follows
 * the last '\n' goes back to the carry.  Returns 0 when nothing was left.
 */
static int fill_slot(struct slot *s, struct buf *carry, int *eof)
{
    s->in.len = 0;
    buf_put(&s->in, carry->p, carry->len);
    carry->len = 0;
    size_t cut = 0;
    while (!*eof) {
        size_t old = s->in.len;
        if (!read_some(&s->in)) {
            *eof = 1;
            break;
        }
        size_t c = last_line_end(s->in.p, old, s->in.len);
        if (c > 0)
            cut = c;
        if (cut > 0 && s->in.len >= CHUNK_SIZE)
            break;
    }
    if (*eof)
        cut = s->in.len;
    buf_put(carry, s->in.p + cut, s->in.len - cut);
    s->in.len = cut;
    return cut > 0;
}

static int run_stdin_parallel(line_fn fn, const void *ctx, unsigned jobs, struct sink *k)
{
    struct pool p;
    memset(&p, 0, sizeof p);
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    p.nslots = 2 * jobs;
    p.slots = xmalloc(p.nslots * sizeof *p.slots);
    memset(p.slots, 0, p.nslots * sizeof *p.slots);
    p.fn = fn;
    p.ctx = ctx;

    pthread_t *tid = xmalloc(jobs * sizeof *tid);
    unsigned started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&tid[started], NULL, worker, &p) != 0)
            break;
    if (started == 0) {
        fputs("curi: cannot start threads; running on one\n", stderr);
        free(tid);
        free(p.slots);
        return run_stdin_serial(fn, ctx, k);
    }

    struct buf carry = {0};
    unsigned long long written = 0;
    int eof = 0, status = EXIT_VALID;
    for (;;) {
        /* Read ahead into every free slot. */
        while (!eof && p.filled - written < p.nslots) {
            struct slot *s = &p.slots[p.filled % p.nslots];
            s->done = 0;
            if (!fill_slot(s, &carry, &eof))
                break;
            pthread_mutex_lock(&p.mu);
            p.filled++;
            pthread_cond_signal(&p.work);
            pthread_mutex_unlock(&p.mu);
        }
        if (written == p.filled)
            break;
        /* Write the oldest slot once it is processed. */
        struct slot *s = &p.slots[written % p.nslots];
        pthread_mutex_lock(&p.mu);
        while (!s->done)
            pthread_cond_wait(&p.done, &p.mu);
        pthread_mutex_unlock(&p.mu);
        if (s->status != EXIT_VALID)
            status = EXIT_INVALID;
        sink_write(k, &s->out, &s->err);
        written++;
    }

    pthread_mutex_lock(&p.mu);
    p.stop = 1;
    pthread_cond_broadcast(&p.work);
    pthread_mutex_unlock(&p.mu);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    for (unsigned i = 0; i < p.nslots; i++) {
        buf_free(&p.slots[i].in);
        buf_free(&p.slots[i].out);
        buf_free(&p.slots[i].err);
    }
    buf_free(&carry);
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
int run_lines(line_fn fn, const void *ctx, char **ops, int nops, unsigned jobs, int skip_first_nl)
{
    struct sink k;
    memset(&k, 0, sizeof k);
    k.interactive = isatty(1);
    k.err_tty = isatty(2);
    k.skip_first_nl = skip_first_nl;
    int status = EXIT_VALID;
    if (nops > 0) {
        for (int i = 0; i < nops; i++) {
            if (fn(ctx, ops[i], strlen(ops[i]), &k.out, &k.err, &k.tmp) != EXIT_VALID)
                status = EXIT_INVALID;
            sink_maybe_flush(&k);
        }
    } else if (jobs > 1 && !isatty(0)) {
        status = run_stdin_parallel(fn, ctx, jobs, &k);
    } else {
        status = run_stdin_serial(fn, ctx, &k);
    }
    sink_flush(&k);
    buf_free(&k.out);
    buf_free(&k.err);
    buf_free(&k.tmp);
    return status;
}
