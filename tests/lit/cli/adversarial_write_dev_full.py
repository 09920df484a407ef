# Issue 24 item 7: every file the CLI writes fails loudly. `-o /dev/full` (a disk that is
# full) used to exit 0 with nothing written; `--save` and `rng-states -o` the same; a
# result printed into a full stdout too. Now: exit status 1 and the file and the reason.
# RUN: rm -rf %t && mkdir -p %t/save
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(4096, dtype=np.float64)); np.save('%t/v.npy', np.ones((4, 3), dtype=np.float32))"
# RUN: %expect-status 1 %ujit run %s double %t/x.npy -o /dev/full 2>&1 | FileCheck %s --check-prefix=RUN-O
# RUN: %expect-status 1 %ujit run %s double %t/x.npy -o %t/no-such-dir/y.npy 2>&1 | FileCheck %s --check-prefix=NO-DIR
# RUN: %expect-status 1 %ujit rng-states 64 1 -o /dev/full 2>&1 | FileCheck %s --check-prefix=RUN-O
# RUN: ln -s /dev/full %t/save/norm.npy
# RUN: %expect-status 1 %ujit run %s norms %t/v.npy --save %t/save 2>&1 | FileCheck %s --check-prefix=SAVE
# RUN: %expect-status 1 %ujit run %s add 1.0 2.0 > /dev/full 2> %t/stdout.err
# RUN: FileCheck %s --check-prefix=STDOUT --input-file %t/stdout.err
# RUN: %expect-status 1 %ujit ptx %s add --arch sm_90 --sig 'float64(float64, float64)' > /dev/full 2> %t/ptx.err
# RUN: FileCheck %s --check-prefix=STDOUT --input-file %t/ptx.err
#
# A write that works still works, and leaves no temporary file beside the result.
# RUN: %ujit run %s double %t/x.npy -o %t/y.npy
# RUN: %python -c "import numpy as np, os; assert (np.load('%t/y.npy') == 2 * np.arange(4096)).all(); assert sorted(os.listdir('%t')) == sorted(['save', 'stdout.err', 'ptx.err', 'v.npy', 'x.npy', 'y.npy']), os.listdir('%t')"
# RUN: %ujit run %s double %t/x.npy -o /dev/null
from numba import guvectorize, njit, vectorize


@vectorize(['float64(float64)'])
def double(x):
    return 2 * x


@guvectorize(['void(float32[:], float32[:])'], '(n)->()')
def norms(v, norm):
    norm[0] = 0
    for x in v:
        norm[0] += x * x


@njit
def add(x, y):
    return x + y


# RUN-O: ujit: error: cannot write '/dev/full': No space left on device
# NO-DIR: ujit: error: cannot write '{{.*}}/no-such-dir/y.npy': No such file or directory
# SAVE: ujit: error: cannot write '{{.*}}save/norm.npy': No space left on device
# STDOUT: ujit: error: cannot write standard output: No space left on device
