#!/bin/sh
# list-functions.sh -- the public functions of libcuri, one name a line, read from the header:
#   sh tools/list-functions.sh [include/curi.h]
# A declaration in curi.h starts in column 0 with its return type, and has the function's
# name and "(" on that first line (comments and macros start otherwise; a leading CURI_API,
# which the header once had, is still accepted).  make install gives each
# name its man3 page; tests/install.sh checks the list against the library's exported symbols.
# SPDX-License-Identifier: MIT
sed -n 's/^\(CURI_API \)\{0,1\}[a-z][^(]*[ *]\(curi_[a-z0-9_]*\)(.*/\2/p' "${1:-include/curi.h}"
