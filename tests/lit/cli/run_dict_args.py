# `ujit run` arguments written as Python dict, set and list literals: {1: 0.5} is a
# numba.typed.Dict typed from its first entry, {1, 2} a set, [1, 2] a list; what compiled
# code leaves in them prints as CPython prints the same code's result (the CHECK lines are
# CPython's output). An unsafe cast into a typed container warns on stderr as Numba's
# NumbaTypeSafetyWarning does.
# RUN: %ujit run %s weighted "{1: 0.5, 2: 1.5, 3: 2.0}" | FileCheck %s --check-prefix=READ
# RUN: %expect-status 1 %ujit run %s edit "{1: 0.5, 'x': 1.5}" 2>&1 | FileCheck %s --check-prefix=BADKEY
# RUN: %ujit run %s edit "{1: 0.5, 2: 1.5}" | FileCheck %s --check-prefix=EDIT
# RUN: %ujit run %s words "{'b': 5}" "'a b a'" | FileCheck %s --check-prefix=WORDS
# RUN: %ujit run %s grow "{1, 2}" 5 | FileCheck %s --check-prefix=SET
# RUN: %ujit run %s total "[(1, 2), (3, 4)]" | FileCheck %s --check-prefix=LIST
# RUN: %ujit run %s narrow 3 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: %expect-status 1 %ujit run %s weighted "{}" 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: %expect-status 1 %ujit run %s weighted "{1: 2, 3}" 2>&1 | FileCheck %s --check-prefix=MIXED
# READ: 9.5
# BADKEY: error: expected a int64 argument
# EDIT: {2: 6.0, 10: 1.0}
# WORDS: {'b': 6, 'a': 2}
# SET: {1, 2, 5}
# LIST: 14
# WARN: run_dict_args.py:[[@LINE+49]]:{{[0-9]+}}: warning: unsafe cast from int64 to int32. Precision may be lost. [NumbaTypeSafetyWarning]
# WARN: [3, 2, 1]
# EMPTY: cannot type an empty dict argument
# MIXED: expected ':' after a dict key
from numba import njit, types
from numba.typed import List


@njit
def weighted(d):
    s = 0.0
    for k in d:
        s += k * d[k]
    return s


@njit
def edit(d):
    d[10] = 1.0
    d.pop(1)
    d[2] = d[2] * 4.0
    return d


@njit
def words(d, text):
    for w in text.split(' '):
        d[w] = d.get(w, 0) + 1
    return d


@njit
def grow(s, x):
    s.add(x)
    return s


@njit
def total(l):
    t = 0
    for a, b in l:
        t += a * b
    return t


@njit
def narrow(n):
    l = List.empty_list(types.int32)
    for i in range(n):
        l.append(n - i)
    return l
