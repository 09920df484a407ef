# Issue 24, item 4: a chain of 5,000 @njit functions, each calling the next, overflowed the
# compiler's stack (`ujit check` said ok, `ujit run` and `ujit types` died of SIGSEGV); with a
# 256 KiB stack 300 did. Compiles run on a stack of their own now, and calls nested past the
# budget are a located error (adversarial_deep_calls_limit.py). This file writes the chains:
# `python3 adversarial_deep_calls.py N`.
# RUN: %python %s 5000 > %t.5000.py
# RUN: %ujit run %t.5000.py f4999 1 | FileCheck %s --check-prefix=CHAIN
# RUN: %ujit types %t.5000.py f4999 --sig 'int64(int64)' | FileCheck %s --check-prefix=TYPES
# RUN: %python %s 300 > %t.300.py
# RUN: %python -c "import os, resource, sys; resource.setrlimit(resource.RLIMIT_STACK, (256 << 10, 256 << 10)); os.execv(sys.argv[1], sys.argv[1:])" %ujit run %t.300.py f299 1 | FileCheck %s --check-prefix=SMALL
# CHAIN: {{^}}5000{{$}}
# TYPES: return f4998(x) + 1
# SMALL: {{^}}300{{$}}
import sys

if __name__ == "__main__":
    n = int(sys.argv[1])
    print("from numba import njit\n\n\n@njit\ndef f0(x):\n    return x\n")
    for i in range(1, n):
        print("\n@njit\ndef f%d(x):\n    return f%d(x) + 1\n" % (i, i - 1))
