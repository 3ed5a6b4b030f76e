#!/bin/sh
# bindings/duckdb/append-metadata.sh LIB OUT PLATFORM CAPI_VERSION EXT_VERSION
#
# Writes OUT: the shared library LIB followed by the 512-byte metadata footer DuckDB reads
# from the end of a file at LOAD, which makes it a DuckDB extension:
#   eight 32-byte fields, NUL-padded, stored last to first (field 8 first in the file):
#     1 the magic "4"          2 the platform (DuckDB's PRAGMA platform: linux_amd64, ...)
#     3 the C API version      4 the extension's version       5 the ABI type "C_STRUCT"
#     6-8 empty
#   then 256 bytes of signature, zero here: the file is unsigned, so DuckDB loads it only
#   with SET allow_unsigned_extensions = true (or the client's equivalent option).
# With ABI type C_STRUCT, field 3 is the minimum C API version, and any DuckDB whose C API
# is at least that version loads the file; the platform must equal DuckDB's.
set -eu
[ $# = 5 ] || { echo "usage: $0 LIB OUT PLATFORM CAPI_VERSION EXT_VERSION" >&2; exit 2; }
lib=$1 out=$2
# field TEXT: TEXT padded with NUL bytes to 32 (at most 32 bytes of TEXT).
field() {
    [ ${#1} -le 32 ] || { echo "$0: '$1' is longer than 32 bytes" >&2; exit 2; }
    printf '%s' "$1"
    head -c $((32 - ${#1})) /dev/zero
}
{
    cat "$lib"
    field ''
    field ''
    field ''
    field C_STRUCT
    field "$5"
    field "$4"
    field "$3"
    field 4
    head -c 256 /dev/zero
} >"$out.tmp"
mv "$out.tmp" "$out"
