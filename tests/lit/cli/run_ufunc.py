# `ujit run` of a @vectorize ufunc: .npy inputs of any dtype and order, broadcasting,
# scalars, an array result saved with -o and checked with NumPy, or printed as NumPy does.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t/y.npy', np.array([10, 20, 30], dtype=np.float32)); np.save('%t/xf.npy', np.asfortranarray(np.arange(6, dtype=np.float64).reshape(2, 3))); np.save('%t/i.npy', np.arange(3, dtype=np.int16))"
# RUN: %ujit run %s axpy %t/x.npy %t/y.npy -o %t/out.npy
# RUN: %python -c "import numpy as np; r = np.load('%t/out.npy'); assert r.dtype == np.float32 and r.shape == (2, 3), (r.dtype, r.shape); assert (r == 2 * np.arange(6).reshape(2, 3) + [10, 20, 30]).all(), r"
# RUN: %ujit run %s axpy %t/xf.npy 1.5 --target parallel -o %t/out2.npy
# RUN: %python -c "import numpy as np; r = np.load('%t/out2.npy'); assert r.dtype == np.float64, r.dtype; assert (r == 2 * np.arange(6).reshape(2, 3) + 1.5).all(), r"
# RUN: %ujit run %s axpy %t/i.npy 1 -o %t/out3.npy
# RUN: %python -c "import numpy as np; r = np.load('%t/out3.npy'); assert r.dtype == np.float32, r.dtype; assert (r == [1, 3, 5]).all(), r"
# RUN: %ujit run %s axpy 2.0 1.0 | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit run %s axpy 2.0 1.0 --sig 'float64(float64, float64)' | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit run %s axpy %t/x.npy %t/y.npy | FileCheck %s --check-prefix=PRINTED
from numba import vectorize


@vectorize(['float32(float32, float32)', 'float64(float64, float64)'])
def axpy(x, y):
    return 2 * x + y


# SCALAR: {{^}}5.0{{$}}
# Without -o the array prints as Python's print(result) shows it with NumPy:
# PRINTED:      {{^}}{{\[\[}}10. 22. 34.]{{$}}
# PRINTED-NEXT: {{^}} [16. 28. 40.]]{{$}}
