/*
 * buf.h -- the growable byte buffer of the curi tool and the SQL bindings (common/).
 *
 * Appends grow the buffer with realloc.  When a growth fails, oom is set and stays set,
 * and the appends that follow write nothing; unless buf_oom_hook is set, in which case
 * it is called instead and must not return (the tool sets it to exit with EXIT_IO, so its
 * own code may write straight into the room buf_reserve made).  Uses no libcuri.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_COMMON_BUF_H
#define CURI_COMMON_BUF_H

#include <stddef.h>
#include <string.h>

struct buf {
    char *p;
    size_t len, cap;
    int oom; /* a growth failed: the contents are incomplete */
};

/* Called when a growth fails, before oom is set; NULL (the default) to just set oom. */
extern void (*buf_oom_hook)(void);

/* Room for extra more bytes, out of line: 1, or 0 with oom set. */
int buf_grow(struct buf *b, size_t extra);
void buf_putu(struct buf *b, unsigned long long v);
void buf_free(struct buf *b);

/* The appends run once or more per input line: inline, with growth out of line. */
static inline int buf_reserve(struct buf *b, size_t extra)
{
    return b->cap - b->len >= extra || buf_grow(b, extra);
}

static inline void buf_put(struct buf *b, const void *s, size_t n)
{
    if (n && buf_reserve(b, n)) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    }
}

static inline void buf_putc(struct buf *b, char c)
{
    if (buf_reserve(b, 1))
        b->p[b->len++] = c;
}

/* strlen of a literal folds to a constant once this is inlined. */
static inline void buf_puts(struct buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

#endif /* CURI_COMMON_BUF_H */
