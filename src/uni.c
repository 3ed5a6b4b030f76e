/*
 * uni.c -- the lookups over the generated Unicode tables of unitab.c: binary searches over
 * sorted runs, no state, no allocation.  unitab.h says what each answers.
 * SPDX-License-Identifier: MIT
 */

#include "unitab.h"

/* The printable ASCII characters, so that a SEQ run can hand out a pointer to one. */
static const char ascii_chars[129] =
    "\0\1\2\3\4\5\6\7\10\11\12\13\14\15\16\17\20\21\22\23\24\25\26\27\30\31\32\33\34\35\36\37"
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz"
    "{|}~\177";

int curi__uni_ignorable(uint32_t cp)
{
    size_t lo = 0, hi = curi__uni_di_count;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp > curi__uni_di[mid][1]) {
            lo = mid + 1;
        } else if (cp < curi__uni_di[mid][0]) {
            hi = mid;
        } else {
            return 1;
        }
    }
    return 0;
}

const char *curi__uni_di_name(uint32_t cp)
{
    size_t lo = 0, hi = curi__uni_di_name_count;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (curi__uni_di_names[mid].cp < cp) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return (lo < curi__uni_di_name_count && curi__uni_di_names[lo].cp == cp)
               ? curi__uni_di_names[lo].name
               : NULL;
}

/* The run of t[0..n) that holds cp, or NULL. */
static const curi__uni_run *run_of(const curi__uni_run *t, size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;

    /* the last run whose lo is at most cp */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t[mid].lo <= cp) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (lo == 0 || cp > t[lo - 1].lo + t[lo - 1].n) {
        return NULL;
    }
    return &t[lo - 1];
}

static int run_text(const curi__uni_run *r, const char *pool, uint32_t cp, const char **text)
{
    if (r == NULL) {
        return -1;
    }
    switch (r->kind) {
    case CURI__UNI_IGNORED:
        *text = ascii_chars;
        return 0;
    case CURI__UNI_SEQ:
        *text = ascii_chars + ((r->arg + (cp - r->lo)) & 0x7F);
        return 1;
    default:
        *text = pool + r->arg + 1;
        return (unsigned char)pool[r->arg];
    }
}

int curi__uni_skeleton(uint32_t cp, const char **text)
{
    return run_text(run_of(curi__uni_skel_runs, curi__uni_skel_count, cp), curi__uni_skel_pool, cp,
                    text);
}

/* ------------------------------------------------------------------ scripts */

enum { ID_LATIN, ID_HAN, ID_HIRA, ID_KANA, ID_HANG, ID_BOPO, ID_HANB, ID_JPAN, ID_KORE, ID_N };

static void scripts_add(curi__uni_scripts *set, unsigned id)
{
    set->w[(id >> 6) & 3] |= (uint64_t)1 << (id & 63);
}

/* Script id id and the writing systems UTS #39 5.1 augments it with. */
static void add_augmented(curi__uni_scripts *set, unsigned id)
{
    const uint8_t *k = curi__uni_sc_ids;

    scripts_add(set, id);
    if (id == k[ID_HAN]) {
        scripts_add(set, k[ID_HANB]);
        scripts_add(set, k[ID_JPAN]);
        scripts_add(set, k[ID_KORE]);
    } else if (id == k[ID_HIRA] || id == k[ID_KANA]) {
        scripts_add(set, k[ID_JPAN]);
    } else if (id == k[ID_HANG]) {
        scripts_add(set, k[ID_KORE]);
    } else if (id == k[ID_BOPO]) {
        scripts_add(set, k[ID_HANB]);
    }
}

void curi__uni_script_set(uint32_t cp, curi__uni_scripts *set, int *first)
{
    size_t lo = 0, hi = curi__uni_sc_count;
    unsigned id;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((curi__uni_sc[mid] >> 8) <= cp) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    id = lo > 0 ? curi__uni_sc[lo - 1] & 0xFF : CURI__SC_COMMON;
    set->w[0] = set->w[1] = set->w[2] = set->w[3] = 0;
    if (id == CURI__SC_COMMON || id == CURI__SC_INHERITED) {
        set->w[0] = set->w[1] = set->w[2] = set->w[3] = ~(uint64_t)0;
        *first = (int)id;
        return;
    }
    if (id < curi__uni_sc_ids[ID_N]) {
        add_augmented(set, id);
        *first = (int)id;
        return;
    }
    {
        const uint8_t *m = curi__uni_scx_sets + curi__uni_scx_start[id - curi__uni_sc_ids[ID_N]];
        *first = m[0];
        for (; *m != 255; m++) {
            add_augmented(set, *m);
        }
    }
}

const char *curi__uni_script_name(int id)
{
    return (id >= 0 && id < curi__uni_sc_ids[ID_N]) ? curi__uni_sc_names[id] : "Unknown";
}

int curi__uni_latin(void)
{
    return curi__uni_sc_ids[ID_LATIN];
}

int curi__uni_cjk(const curi__uni_scripts *set)
{
    for (int i = ID_HANB; i <= ID_KORE; i++) {
        unsigned id = curi__uni_sc_ids[i];
        if ((set->w[id >> 6] >> (id & 63)) & 1) {
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ UTS #39 label checks */

static void intersect(curi__uni_scripts *a, const curi__uni_scripts *b)
{
    for (int i = 0; i < 4; i++) {
        a->w[i] &= b->w[i];
    }
}

static int is_empty(const curi__uni_scripts *a)
{
    return (a->w[0] | a->w[1] | a->w[2] | a->w[3]) == 0;
}

/* set is exactly {id}. */
static int only(const curi__uni_scripts *set, unsigned id)
{
    for (unsigned i = 0; i < 4; i++) {
        if (set->w[i] != (i == (id >> 6) ? (uint64_t)1 << (id & 63) : 0)) {
            return 0;
        }
    }
    return 1;
}

unsigned curi__uni_label_check(const uint32_t *cp, size_t n, int *a, int *b)
{
    curi__uni_scripts all, other, one;
    unsigned latin = curi__uni_sc_ids[ID_LATIN], r = 0;
    int high = 0, skel = 1, first;
    const char *t;

    *a = *b = CURI__SC_COMMON;
    for (int i = 0; i < 4; i++) {
        all.w[i] = other.w[i] = ~(uint64_t)0;
    }
    for (size_t i = 0; i < n; i++) {
        int k;
        curi__uni_script_set(cp[i], &one, &first);
        if (first != CURI__SC_COMMON && first != CURI__SC_INHERITED) {
            if (*a == CURI__SC_COMMON) {
                *a = first;
            }
            intersect(&all, &one);
            if (is_empty(&all) && *b == CURI__SC_COMMON) {
                *b = first;
            }
            /* the characters whose only script is Latin stay out of "other" */
            if (!only(&one, latin)) {
                intersect(&other, &one);
            }
        }
        if (cp[i] < 0x80) {
            skel &= (cp[i] >= 'a' && cp[i] <= 'z') || (cp[i] >= 'A' && cp[i] <= 'Z') ||
                    (cp[i] >= '0' && cp[i] <= '9') || cp[i] == '-';
        } else {
            high = 1;
            k = curi__uni_skeleton(cp[i], &t);
            skel &= k > 0;
        }
    }
    if (high && is_empty(&all) && !(!is_empty(&other) && curi__uni_cjk(&other))) {
        r |= CURI__UNI_MIXED;
    }
    if (high && skel) {
        r |= CURI__UNI_CONFUSABLE;
    }
    return r;
}
