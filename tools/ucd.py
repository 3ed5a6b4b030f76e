"""ucd.py -- reading the Unicode Character Database's semicolon files, for the generators
(gen_unitab.py, gen_uts46.py), which import it from tools/.

SPDX-License-Identifier: MIT
"""


def fields(lines, missing=None):
    """The fields of each data line of a UCD file (comments and blank lines skipped), each
    stripped.  With a list as missing, the "# @missing:" lines' fields go there."""
    for line in lines:
        if missing is not None and line.startswith("# @missing:"):
            missing.append([x.strip() for x in line[len("# @missing:"):].split(";")])
            continue
        line = line.split("#", 1)[0].strip()
        if line:
            yield [x.strip() for x in line.split(";")]


def cprange(field):
    """(lo, hi) of a code point field: "0041" or "0041..005A"."""
    if ".." in field:
        lo, hi = field.split("..")
        return int(lo, 16), int(hi, 16)
    return int(field, 16), int(field, 16)
