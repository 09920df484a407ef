# Issue 24 item 13: compiled code is loaded from the disk cache and run, so a cache that
# someone else may write is never used (as ssh treats its keys). A directory writable by
# group or others is refused with one warning, and compiling still works, without the
# cache (nothing is written there); an entry file others may write is refused likewise.
# A directory ujit creates is mode 0700, its entries 0600.
# RUN: rm -rf %t && mkdir -p %t/shared
# RUN: chmod 777 %t/shared
# RUN: env UJIT_CACHE_DIR=%t/shared %ujit run %s hypot 3.0 4.0 2> %t/shared.err | FileCheck %s --check-prefix=RESULT
# RUN: FileCheck %s --check-prefix=SHARED --input-file %t/shared.err
# RUN: %python -c "import os; assert os.listdir('%t/shared') == [], os.listdir('%t/shared')"
# RUN: env UJIT_CACHE_DIR=%t/shared %ujit cache stats | FileCheck %s --check-prefix=SHARED-STATS
#
# RUN: env UJIT_CACHE_DIR=%t/fresh/c %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
# RUN: %python -c "import os, glob, stat; m = stat.S_IMODE(os.stat('%t/fresh/c').st_mode); assert m == 0o700, oct(m); es = glob.glob('%t/fresh/c/*'); assert es and all(stat.S_IMODE(os.stat(e).st_mode) == 0o600 for e in es), [(e, oct(os.stat(e).st_mode)) for e in es]"
#
# RUN: %python -c "import os, glob; [os.chmod(p, 0o666) for p in glob.glob('%t/fresh/c/*.ujc')]"
# RUN: env UJIT_CACHE_DIR=%t/fresh/c %ujit run %s hypot 3.0 4.0 2> %t/entry.err | FileCheck %s --check-prefix=RESULT
# RUN: FileCheck %s --check-prefix=ENTRY --input-file %t/entry.err
# RUN: %python -c "import os, glob, stat; es = glob.glob('%t/fresh/c/*.ujc'); assert es and all(stat.S_IMODE(os.stat(e).st_mode) == 0o600 for e in es)"
import math
from numba import njit


@njit
def hypot(x, y):
    return math.sqrt(x * x + y * y)


# RESULT: {{^}}5.0{{$}}
# SHARED: ujit: warning: compilation cache directory '{{.*}}shared' not used: writable by group and others (mode 0777)
# SHARED-NOT: warning
# SHARED-STATS: refused: writable by group and others (mode 0777) (nothing is loaded from it)
# ENTRY: ujit: warning: compilation cache entry '{{.*}}.ujc' not used: writable by group and others (mode 0666)
