/*
 * rules_host.c -- the host rules of curi_lint (lint-rules.md section 2).
 * SPDX-License-Identifier: MIT
 */
#include "lint.h"

void curi__lint_host(curi__lint *c)
{
    (void)c;
}

int curi__lint_host_msg(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    (void)o;
    (void)c;
    (void)f;
    return 0;
}
