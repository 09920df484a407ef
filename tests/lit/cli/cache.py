# The on-disk compilation cache and `ujit cache list|stats|clear`, in a directory of the
# test's own (UJIT_CACHE_DIR=%t/c).
# RUN: rm -rf %t && mkdir -p %t
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache stats | FileCheck %s --check-prefix=EMPTY
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache list | FileCheck %s --check-prefix=NOLIST --allow-empty
#
# A second process finds the PTX and the CPU object code the first one compiled.
# RUN: env UJIT_CACHE_DIR=%t/c %ujit ptx %s scale --arch sm_90 > %t/first.ptx
# RUN: env UJIT_CACHE_DIR=%t/c %ujit ptx %s scale --arch sm_90 > %t/second.ptx
# RUN: diff %t/first.ptx %t/second.ptx
# RUN: env UJIT_CACHE_DIR=%t/c %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
# RUN: env UJIT_CACHE_DIR=%t/c %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache list | FileCheck %s --check-prefix=LIST
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache stats | FileCheck %s --check-prefix=STATS
#
# Damaged entries are ignored and rebuilt: the results do not change.
# RUN: %python %S/Inputs/damage_cache.py %t/c
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache stats | FileCheck %s --check-prefix=DAMAGED
# RUN: env UJIT_CACHE_DIR=%t/c %ujit ptx %s scale --arch sm_90 > %t/third.ptx
# RUN: diff %t/first.ptx %t/third.ptx
# RUN: env UJIT_CACHE_DIR=%t/c %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache stats | FileCheck %s --check-prefix=REBUILT
#
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache clear | FileCheck %s --check-prefix=CLEAR
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache stats | FileCheck %s --check-prefix=EMPTY
# RUN: %ujit cache stats --dir %t/c | FileCheck %s --check-prefix=EMPTY
#
# UJIT_CACHE=0: nothing is written.
# RUN: env UJIT_CACHE_DIR=%t/off UJIT_CACHE=0 %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
# RUN: env UJIT_CACHE_DIR=%t/off UJIT_CACHE=0 %ujit ptx %s scale --arch sm_90 > %t/off.ptx
# RUN: diff %t/first.ptx %t/off.ptx
# RUN: %python -c "import os, sys; sys.exit(os.path.exists('%t/off'))"
# RUN: env UJIT_CACHE_DIR=%t/off UJIT_CACHE=0 %ujit cache stats | FileCheck %s --check-prefix=OFF
#
# RUN: %expect-status 2 %ujit cache frobnicate 2>&1 | FileCheck %s --check-prefix=USAGE
# RUN: %ujit --help | FileCheck %s --check-prefix=HELP
import math
from numba import cuda, njit


@njit
def hypot(x, y):
    return math.sqrt(x * x + y * y)


@cuda.jit('void(float32[:], float32)')
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = math.exp(a[i]) * k


# NOLIST-NOT: ujc
# EMPTY: entries: 0
# EMPTY: bytes: 0
# EMPTY: hits: 0
# EMPTY: misses: 0
# RESULT: {{^}}5.0{{$}}
# LIST-DAG: {{^[0-9a-f]{16}\.ujc}}  object {{.*}} cpu {{.*}} hypot (float64, float64) -> ? {{.*}}cache.py -O3
# LIST-DAG: {{^[0-9a-f]{16}\.ujc}}  ptx {{.*}} cuda sm_90 scale (array(float32, 1d, A), float32) -> none {{.*}}cache.py -O3
# STATS: entries: 2 (object 1, ptx 1)
# STATS: invalid files: 0
# STATS: temporary files: 0
# STATS: hits: 2
# STATS: misses: 2
# DAMAGED: entries: 0
# DAMAGED: invalid files: 2
# REBUILT: entries: 2
# REBUILT: invalid files: 0
# REBUILT: hits: 2
# REBUILT: misses: 4
# CLEAR: removed 2 entries from {{.*}}c
# OFF: enabled: no (UJIT_CACHE=0)
# USAGE: 'ujit cache' takes list, stats or clear
# HELP: cache {{.*}}compilation cache
