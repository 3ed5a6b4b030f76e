/*
 * buf.c -- growth of the buffer of buf.h, shared by the curi tool and the SQL bindings.
 * SPDX-License-Identifier: MIT
 */
#include "buf.h"

#include <stdint.h>
#include <stdlib.h>

void (*buf_oom_hook)(void) = NULL;

static int buf_fail(struct buf *b)
{
    if (buf_oom_hook != NULL)
        buf_oom_hook();
    b->oom = 1;
    return 0;
}

int buf_grow(struct buf *b, size_t extra)
{
    if (b->oom)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < extra) {
        if (cap > SIZE_MAX / 2)
            return buf_fail(b);
        cap *= 2;
    }
    char *p = realloc(b->p, cap);
    if (p == NULL)
        return buf_fail(b);
    b->p = p;
    b->cap = cap;
    return 1;
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
    b->oom = 0;
}
