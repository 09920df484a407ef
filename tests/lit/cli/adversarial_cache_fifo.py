# Issue 24 item 8: a FIFO in place of a cache entry (or of the directory's stats file) hung
# every compile of that function, and `ujit cache list|stats`: the path was opened before
# it was known to be a file. Now it is a miss, said once on stderr, and the compiled
# entry replaces it.
# RUN: rm -rf %t && mkdir -p %t
# RUN: env UJIT_CACHE_DIR=%t/c %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
# RUN: %python -c "import glob, os; [(os.unlink(p), os.mkfifo(p)) for p in glob.glob('%t/c/*.ujc') + ['%t/c/stats']]"
# RUN: env UJIT_CACHE_DIR=%t/c timeout 60 %ujit cache list | FileCheck %s --check-prefix=LIST
# RUN: env UJIT_CACHE_DIR=%t/c timeout 60 %ujit cache stats | FileCheck %s --check-prefix=STATS
# RUN: env UJIT_CACHE_DIR=%t/c timeout 60 %ujit run %s hypot 3.0 4.0 2> %t/err | FileCheck %s --check-prefix=RESULT
# RUN: FileCheck %s --check-prefix=WARN --input-file %t/err
# RUN: env UJIT_CACHE_DIR=%t/c timeout 60 %ujit cache stats | FileCheck %s --check-prefix=REPLACED
# RUN: env UJIT_CACHE_DIR=%t/c timeout 60 %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
import math
from numba import njit


@njit
def hypot(x, y):
    return math.sqrt(x * x + y * y)


# RESULT: {{^}}5.0{{$}}
# LIST: {{^[0-9a-f]{16}\.ujc}}  refused (not a regular file)
# STATS: entries: 0
# STATS: refused files: 1
# WARN: ujit: warning: compilation cache entry '{{.*}}.ujc' not used: not a regular file
# REPLACED: entries: 1
# REPLACED: refused files: 0
