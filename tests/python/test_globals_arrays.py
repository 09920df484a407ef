"""Module-level NumPy arrays read by compiled code, frozen as read-only constants as Numba
freezes them (issue 19 item 3): their items are copied at the first compile, later changes
to the global are not seen, the code types them `readonly array(dtype, Nd, C)`, and a store
into one is Numba's error. NumPy running the same functions is the oracle."""
import io
import os
import subprocess

import numpy as np
import pytest

import ujit
from ujit import cuda, njit
from ujit._native import ext
from ujit.runtime import rtsys

TABLE = np.array([1.5, -2.0, 3.25, 4.0])
GRID = np.arange(12, dtype=np.int32).reshape(3, 4)
STRIDED = np.arange(20.0)[::3]  # not contiguous: frozen in C order
FORTRAN = np.asfortranarray(np.arange(6.0).reshape(2, 3))
FLAGS = np.array([True, False, True])
COMPLEX = np.array([1 + 2j, -3j], dtype=np.complex64)
EMPTY = np.zeros(0)
CHANGING = np.array([1.0, 2.0])
OBJECTS = np.array(["a", "b"], dtype=object)


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free


def table_sum(x):
    s = 0.0
    for i in range(TABLE.shape[0]):
        s += TABLE[i] * x
    return s


def grid_reads(i, j):
    return GRID[i, j] + GRID.sum() + len(GRID) + GRID.shape[1]


def strided_reads():
    return STRIDED.sum(), STRIDED[2], FORTRAN[1, 0], FORTRAN[0, 2], FORTRAN.sum()


def others():
    return FLAGS[1], FLAGS[2], COMPLEX[0] * 2, EMPTY.shape[0], COMPLEX.sum()


def table_view():
    return TABLE[1:3]


def table_expression(x):
    return TABLE * x + 1.0


@pytest.mark.parametrize("fn, args", [(table_sum, (2.0,)), (grid_reads, (2, 3)), (strided_reads, ()),
                                      (others, ())])
def test_global_arrays_read_as_numpy_reads_them(fn, args):
    got, want = njit(fn)(*args), fn(*args)
    assert got == pytest.approx(want) if not isinstance(want, tuple) else got == want


def test_array_results_of_frozen_globals():
    view = njit(table_view)()
    np.testing.assert_array_equal(view, table_view())
    assert not view.flags.writeable  # read-only, as the frozen array is in Numba
    np.testing.assert_array_equal(njit(table_expression)(3.0), table_expression(3.0))


def test_the_global_is_frozen_at_the_first_compile():
    def read():
        return CHANGING[0] + CHANGING[1]

    f = njit(read)
    assert f() == 3.0
    CHANGING[0] = 100.0  # Numba's frozen constant does not see this
    try:
        assert f() == 3.0
    finally:
        CHANGING[0] = 1.0


def test_the_types_say_readonly():
    def local_of_global():
        t = GRID
        return t[0, 0]

    f = njit(local_of_global)
    f()
    out = io.StringIO()
    f.inspect_types(file=out)
    assert "t = readonly array(int32, 2d, C)" in out.getvalue()


def test_a_store_into_a_global_array_is_numbas_error():
    def store(x):
        TABLE[0] = x
        return TABLE[0]

    with pytest.raises(ujit.errors.TypingError, match=r"Cannot modify readonly array of type: "
                                                      r"readonly array\(float64, 1d, C\)") as info:
        njit(store)(1.0)
    assert info.value.line == store.__code__.co_firstlineno + 1
    assert TABLE[0] == 1.5


def test_an_array_of_objects_is_a_located_error():
    def use():
        return len(OBJECTS)

    with pytest.raises(ujit.CompileError, match="global 'OBJECTS' is an array of dtype object") as info:
        njit(use)()
    assert info.value.line == use.__code__.co_firstlineno + 1


def test_reading_global_arrays_allocates_nothing_and_leaks_nothing():
    f = njit(grid_reads)
    g = njit(table_expression)
    f(0, 0)
    g(1.0)
    before = live()
    for _ in range(10):
        f(1, 1)
        g(2.0)
    assert live() == before


def ujit_cli():
    """The CLI of the build whose extension this package loaded (build/X/tools/ujit/ujit)."""
    path = os.path.join(os.path.dirname(ext.__file__), "..", "..", "tools", "ujit", "ujit")
    if not os.path.exists(path):
        pytest.skip("no ujit CLI next to the extension (%s)" % path)
    return path


# Source files (`ujit run`, Module::from_file) freeze `NAME = <constructor>` lines themselves:
# each must give NumPy's items, dtype and shape exactly (NumPy evaluating the same text).
CONSTRUCTORS = [
    "np.array([[1, 2], [3, 4]])", "np.array([1, 2.5, True])", "np.array((1, 2), dtype=np.float32)",
    "np.array([1j, 2])", "np.array([True, False])", "np.array([[], []])",
    "np.arange(10)", "np.arange(2, 11, 3)", "np.arange(5, 0, -2)", "np.arange(0.0, 1.0, 0.1)",
    "np.arange(1, 2, 0.3, dtype=np.float32)", "np.arange(-3.5, 7)", "np.arange(0)",
    "np.zeros(4)", "np.zeros((2, 3), dtype=np.int16)", "np.ones(3, np.uint8)", "np.full((2, 2), 7)",
    "np.full(3, 0.1, dtype=np.float32)", "np.linspace(0.0, 1.0, 7)", "np.linspace(-2, 3.3, 11)",
    "np.linspace(1.0, 2.0, 1)", "np.arange(12).reshape(3, 4)", "np.arange(12.0).reshape((2, -1))",
    "np.zeros(6).reshape(3, 2, 1)",
]


@pytest.mark.parametrize("text", CONSTRUCTORS)
def test_module_level_constructors_give_numpys_arrays(text, tmp_path):
    path = tmp_path / "table.py"
    path.write_text("import numpy as np\nfrom numba import njit\n\nT = %s\n\n\n@njit\ndef f():\n    return T\n" % text)
    out = tmp_path / "out.npy"
    subprocess.run([ujit_cli(), "run", str(path), "f", "-o", str(out)], check=True)
    got, want = np.load(out), eval(text)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


SMALL = np.array([1.5, 2.5, 3.5, 4.5], dtype=np.float32)


def gather(idx, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = SMALL[idx[i]]


def test_a_kernel_reads_a_global_array():
    # On a GPU when there is one, else on the host device (the CPU): the same frozen constant.
    idx = np.array([3, 0, 2, 2, 1])
    out = np.zeros(5, dtype=np.float32)
    cuda.jit(gather)[1, 8](idx, out)
    np.testing.assert_array_equal(out, SMALL[idx])
