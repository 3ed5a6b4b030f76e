/*
 * curi_web.h -- the calls curi.wasm exports to the URL inspector's page (web/curi_web.c says
 * what each returns); fuzz/fuzz_web.c calls them natively.  SPDX-License-Identifier: MIT
 */
#ifndef CURI_WEB_H
#define CURI_WEB_H

#include <stddef.h>

/* Exported under its own name from the WebAssembly module; an ordinary function elsewhere. */
#if defined(__wasm__)
#define CW_EXPORT(name) __attribute__((export_name(name)))
#else
#define CW_EXPORT(name)
#endif

CW_EXPORT("cw_alloc") void *cw_alloc(size_t n);
CW_EXPORT("cw_free") void cw_free(void *p);
CW_EXPORT("cw_escape") char *cw_escape(const char *s, size_t n, size_t *outlen);
CW_EXPORT("cw_inspect")
char *cw_inspect(const char *s, size_t n, const char *base, size_t bn, size_t *outlen);
CW_EXPORT("cw_core") char *cw_core(const char *s, size_t n, size_t *outlen);

#endif /* CURI_WEB_H */
