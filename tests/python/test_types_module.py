"""ujit.types is a module, as numba.types is: `import ujit.types` (the course's
`import numba.types`) and `from ujit import types` work, and a kernel may name its types
through either spelling."""
import subprocess
import sys

import numpy as np

import ujit
from ujit import cuda, types


def test_import_ujit_types_in_a_fresh_interpreter():
    code = "import ujit.types, ujit; print(ujit.types.int32, ujit.types is ujit.types, ujit.types.Array)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=None, check=True)
    assert out.stdout.startswith("int32 True")


def test_the_names_are_the_package_s_types():
    assert types is ujit.types and types.float32 is ujit.float32
    assert str(types.Array(types.float32, 2, "C")) == "float32[:, ::1]"


@cuda.jit
def shared_through_types(out):
    tile = cuda.shared.array(4, types.int32)  # `types` a module global: frozen as numba.types
    i = cuda.threadIdx.x
    tile[i] = i * 10
    cuda.syncthreads()
    out[i] = tile[3 - i]


def test_a_kernel_names_a_dtype_through_the_types_module():
    out = np.zeros(4, dtype=np.int32)
    shared_through_types[1, 4](out)
    assert out.tolist() == [30, 20, 10, 0]


def test_cpointer_names_a_pointer_type_that_compiled_code_refuses():
    import pytest

    p = types.CPointer(types.int32)
    assert str(p) == "int32*" and p.dtype is types.int32 and isinstance(p, types.Type)
    assert str(types.void(p)) == "void(int32*)"
    with pytest.raises(ujit.CompileError, match=r"pointer types \(numba.types.CPointer\) are not supported"):
        @cuda.jit(types.void(p))
        def k(ptr):
            pass
