# Issue 24, item 4b: a tuple display of 8,000 elements took minutes and all memory (LLVM's
# SCCP tracked every field of every struct value built on the way: quadratic). A tuple of one
# element type is an LLVM array now, as Numba lowers UniTuple, and compiles in well under a
# second; one of mixed types past 1,000 elements (still quadratic in LLVM) is refused where it
# is written. Numba compiles tuple displays of any length and refuses tuple *arguments* past
# 1,000 elements; ujit refuses only the mixed displays, which it cannot compile in bounded memory.
# This file writes the programs: `python3 adversarial_long_tuple.py uniform|mixed N`.
# (Not under ASan: its shadow memory alone is more than the 2 GiB address-space limit.)
# UNSUPPORTED: asan
# RUN: %python %s uniform 8000 > %t.uniform.py
# RUN: %python -c "import resource, subprocess, sys; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); sys.exit(subprocess.run(sys.argv[1:], timeout=60).returncode)" %ujit run %t.uniform.py f 3 | FileCheck %s --check-prefix=UNIFORM
# RUN: %python %s mixed 1001 > %t.mixed.py
# RUN: %expect-status 1 %ujit run %t.mixed.py f 3 2>&1 | FileCheck %s --check-prefix=MIXED
# UNIFORM: {{^}}9{{$}}
# MIXED: mixed.py:5:9: error: a tuple of 1001 elements of different types is too long for ujit (limit 1000)
import sys

if __name__ == "__main__":
    kind, n = sys.argv[1], int(sys.argv[2])
    elements = ["x" if kind == "uniform" or i % 2 == 0 else "1.5" for i in range(n)]
    print("from numba import njit\n\n@njit\ndef f(x):\n    t = (%s,)\n    return t[0] + t[%d] + t[-1]" % (", ".join(elements), n // 2))
    print("\nf(3)")
