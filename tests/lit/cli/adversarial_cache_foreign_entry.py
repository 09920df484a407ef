# Issue 24 item 13: an entry file owned by another user (here `nobody`, which needs root to
# arrange) is never loaded: compiling goes on, the entry is replaced by this user's own, and
# stderr says why once.
# REQUIRES: root
# RUN: rm -rf %t && mkdir -p %t
# RUN: env UJIT_CACHE_DIR=%t/c %ujit run %s hypot 3.0 4.0 | FileCheck %s --check-prefix=RESULT
# RUN: %python -c "import os, glob; es = glob.glob('%t/c/*.ujc'); assert es; [os.chown(p, 65534, 65534) for p in es]"
# RUN: env UJIT_CACHE_DIR=%t/c %ujit cache list | FileCheck %s --check-prefix=LIST
# RUN: env UJIT_CACHE_DIR=%t/c %ujit run %s hypot 3.0 4.0 2> %t/err | FileCheck %s --check-prefix=RESULT
# RUN: FileCheck %s --check-prefix=WARN --input-file %t/err
# RUN: %python -c "import os, glob; es = glob.glob('%t/c/*.ujc'); assert es and all(os.stat(p).st_uid == os.geteuid() for p in es)"
#
# A directory owned by another user is refused the same way.
# RUN: mkdir -p %t/theirs
# RUN: %python -c "import os; os.chmod('%t/theirs', 0o700); os.chown('%t/theirs', 65534, 65534)"
# RUN: env UJIT_CACHE_DIR=%t/theirs %ujit run %s hypot 3.0 4.0 2> %t/dir.err | FileCheck %s --check-prefix=RESULT
# RUN: FileCheck %s --check-prefix=DIR --input-file %t/dir.err
import math
from numba import njit


@njit
def hypot(x, y):
    return math.sqrt(x * x + y * y)


# RESULT: {{^}}5.0{{$}}
# LIST: {{^[0-9a-f]{16}\.ujc}}  refused (owned by uid 65534, not by this user (uid 0))
# WARN: ujit: warning: compilation cache entry '{{.*}}.ujc' not used: owned by uid 65534, not by this user (uid 0)
# DIR: ujit: warning: compilation cache directory '{{.*}}theirs' not used: owned by uid 65534, not by this user (uid 0)
