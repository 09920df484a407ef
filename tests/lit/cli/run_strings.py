# `ujit run` with str arguments and results (issue 19, item 2): arguments are Python
# literals ('...' or "..." with Python's escapes), a str result prints as print() writes it,
# a tuple holding strings as its repr; CPython running the same functions is the oracle.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %ujit run %s shout "'héllo wörld'" > %t/shout.out
# RUN: %python %S/Inputs/python_run_oracle.py %s shout "'héllo wörld'" > %t/shout.expected
# RUN: diff %t/shout.out %t/shout.expected
# RUN: %ujit run %s pieces '"a\tb \\u00e9 \"q\" it'"'"'s"' 3 > %t/pieces.out
# RUN: %python %S/Inputs/python_run_oracle.py %s pieces '"a\tb \\u00e9 \"q\" it'"'"'s"' 3 > %t/pieces.expected
# RUN: diff %t/pieces.out %t/pieces.expected
# RUN: %ujit run %s show "'日本 😀'" | FileCheck %s --check-prefix=SHOW
# RUN: not %ujit run %s pieces "'abc'" 5 2>&1 | FileCheck %s --check-prefix=ERROR
# RUN: not %ujit run %s shout "'abc" 2>&1 | FileCheck %s --check-prefix=BADARG
from numba import njit


@njit
def shout(s):
    return s.upper() + "!"


@njit
def pieces(s, i):
    return s[i], s[:i], s.count(" "), repr_free(s)


@njit
def repr_free(s):
    return s + "\n\x01"


@njit
def show(s):
    print(s, len(s))
    for c in s:
        print(c)


# SHOW: 日本 😀 4
# SHOW-NEXT: 日
# SHOW-NEXT: 本
# SHOW-NEXT: {{^ $}}
# SHOW-NEXT: 😀
# ERROR: IndexError: string index out of range
# BADARG: unterminated string
