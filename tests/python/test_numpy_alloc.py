"""Arrays that compiled code allocates (np.empty, zeros, ones, full, arange, linspace, eye,
identity, *_like, np.array, copy, flatten, astype, array expressions), with NumPy as the
oracle for values and result dtypes, and the allocation counters as the oracle for leaks."""
import importlib.util
import itertools
import os
import tempfile

import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def result_dtype(fn, *args):
    """The dtype the compiled function returned (from its signature), as NumPy names it."""
    fn(*args)
    return np.dtype(fn.signatures[-1].split("(")[0]).name


_modules = itertools.count()


def compiled(src, name="f"):
    """njit of function `name` defined by `src` (written to a file: ujit reads the source)."""
    path = os.path.join(tempfile.mkdtemp(), "alloc_src_%d.py" % next(_modules))
    with open(path, "w") as f:
        f.write("import numpy as np\nfrom ujit import float32\n" + src)
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return njit(getattr(module, name))


def into(fn, expected, *args):
    """fn(out, *args) stores a new array into out; compared with NumPy's `expected`."""
    out = np.zeros(expected.shape, expected.dtype)
    before = live()
    fn(out, *args)
    assert live() == before
    np.testing.assert_array_equal(out, expected)


# ---- np.empty / zeros / ones / full with shapes and dtypes


def test_zeros_ones_full_values_and_shapes():
    @njit
    def zeros2(out, n, m):
        out[:] = np.zeros((n, m)) + 1.5

    into(zeros2, np.zeros((3, 4)) + 1.5, 3, 4)

    @njit
    def ones1(out, n):
        out[:] = np.ones(n, np.int32) * 3

    into(ones1, np.ones(5, np.int32) * 3, 5)

    @njit
    def full3(out):
        out[:] = np.full((2, 3, 4), 7.25)

    into(full3, np.full((2, 3, 4), 7.25))

    @njit
    def empty_then_fill(out, n):
        a = np.empty(n)
        for i in range(n):
            a[i] = i * i
        out[:] = a

    into(empty_then_fill, np.arange(6.0) ** 2, 6)


@pytest.mark.parametrize("spelling", ["np.float32", "float32", "'float32'", "'f4'", "np.int16", "'i8'", "np.uint8",
                                      "np.complex64", "np.bool_", "float", "int", "bool", "complex", "'c16'"])
def test_dtype_spellings(spelling):
    zeros = compiled("def f(n):\n    return np.zeros(n, dtype={0})[0]\n".format(spelling))
    ones = compiled("def f(n):\n    return np.ones((n,), {0})[1]\n".format(spelling))
    ns = {"np": np, "float32": np.float32}
    for fn, expected in ((zeros, eval("np.zeros(3, dtype={0})".format(spelling), ns)),
                         (ones, eval("np.ones((3,), {0})".format(spelling), ns))):
        assert fn(3) == expected[1]
        assert result_dtype(fn, 3) == expected.dtype.name


def test_full_takes_the_fill_values_type():
    @njit
    def f(n):
        return np.full(n, 3)[0]

    assert result_dtype(f, 2) == np.full(2, 3).dtype.name

    @njit
    def g(n):
        return np.full(n, 2.5, np.float32)[1]

    assert g(3) == 2.5 and result_dtype(g, 3) == "float32"


def test_empty_shapes():
    @njit
    def sizes(n):
        a = np.zeros(0)
        b = np.zeros((3, n))
        c = np.ones((n, 2)) * 2
        return a.size + b.size + b.shape[0] + c.sum() + np.arange(n).size

    assert sizes(0) == 3


def test_negative_dimension_and_overflow():
    @njit
    def neg(n):
        return np.empty(n).size

    before = live()
    with pytest.raises(ValueError, match="negative dimensions not allowed"):
        neg(-1)
    with pytest.raises(ValueError, match="array is too big"):
        neg(2**62)
    assert live() == before

    @njit
    def neg2(n):
        return np.zeros((3, n)).size

    with pytest.raises(ValueError, match="negative dimensions not allowed"):
        neg2(-2)


def test_memory_error_when_allocation_fails():
    @njit
    def huge(n):
        return np.empty((n, n), np.uint8).size

    with pytest.raises(MemoryError):
        huge(2**31)


# ---- arange, linspace, eye, identity


@pytest.mark.parametrize("args", [(5,), (2, 9), (2, 9, 3), (9, 2, -2), (5, 1), (0,), (-3,), (1, 10, 4)])
def test_arange_int(args):
    expected = np.arange(*args)
    into(compiled("def f(out):\n    out[:] = np.arange({})\n".format(", ".join(map(str, args)))), expected)


@pytest.mark.parametrize("args", [(0.5, 3.0, 0.5), (5.0,), (1, 2.0, 0.1), (3.0, 0.0, -0.7), (0.0, 1.0, 3.0)])
def test_arange_float(args):
    expected = np.arange(*args)
    out = np.zeros(expected.shape)
    compiled("def f(out):\n    out[:] = np.arange({})\n".format(", ".join(map(repr, args))))(out)
    np.testing.assert_allclose(out, expected, rtol=1e-15)


def test_arange_dtypes_and_step_zero():
    @njit
    def i(n):
        return np.arange(n)[n - 1]

    @njit
    def f(n):
        return np.arange(0.0, n)[n - 1]

    @njit
    def d(n):
        return np.arange(1, n, dtype=np.float32)[0]

    assert result_dtype(i, 3) == np.arange(3).dtype.name
    assert result_dtype(f, 3) == np.arange(0.0, 3).dtype.name
    assert result_dtype(d, 3) == "float32"

    @njit
    def zero(s):
        return np.arange(0, 10, s).size

    with pytest.raises(ValueError, match="Maximum allowed size exceeded"):
        zero(0)


@pytest.mark.parametrize("args", [(0.0, 1.0, 5), (2, 3, 1), (-1.0, 7.5, 50), (1.0, 2.0, 0), (3, -2, 7)])
def test_linspace(args):
    expected = np.linspace(*args)
    out = np.zeros(expected.shape)
    compiled("def f(out):\n    out[:] = np.linspace({})\n".format(", ".join(map(repr, args))))(out)
    np.testing.assert_allclose(out, expected, rtol=1e-15, atol=1e-15)


@pytest.mark.parametrize("n,m,k", [(3, None, 0), (3, 5, 1), (4, 2, -1), (3, 3, 5), (2, 4, -3)])
def test_eye(n, m, k):
    @njit
    def f(out, n, m, k):
        out[:] = np.eye(n, m, k)

    @njit
    def g(out, n, k):
        out[:] = np.eye(n, k=k, dtype=np.int32)

    if m is None:
        into(g, np.eye(n, k=k, dtype=np.int32), n, k)
    else:
        into(f, np.eye(n, m, k), n, m, k)


def test_identity():
    @njit
    def f(out, n):
        out[:] = np.identity(n) * 2

    into(f, np.identity(4) * 2, 4)


# ---- *_like, copies, astype, np.array


def test_like_functions_keep_shape_and_dtype():
    a = np.arange(12, dtype=np.int16).reshape(3, 4)

    @njit
    def f(out, a):
        out[0] = np.zeros_like(a)
        out[1] = np.ones_like(a)
        out[2] = np.full_like(a, 9)
        b = np.empty_like(a)
        b[:] = a
        out[3] = b

    out = np.zeros((4, 3, 4), np.int16)
    f(out, a)
    np.testing.assert_array_equal(out, [np.zeros_like(a), np.ones_like(a), np.full_like(a, 9), a])

    @njit
    def g(a):
        return np.zeros_like(a, dtype=np.float32)[0, 0]

    assert result_dtype(g, a) == "float32"


def test_copy_is_independent_and_c_contiguous():
    @njit
    def f(a):
        b = a.copy()
        b[0] = 100.0
        c = np.copy(a[::2])
        return a[0] + b[0] + c.sum() + c.flags.c_contiguous

    a = np.arange(6.0)
    assert f(a) == 0.0 + 100.0 + a[::2].sum() + 1
    assert a[0] == 0.0


def test_flatten_and_astype():
    m = np.arange(12.0).reshape(3, 4)

    @njit
    def flat(out, m):
        out[:] = m.T.flatten()

    into(flat, m.T.flatten(), m)

    @njit
    def cast(out, m):
        out[:] = (m * 1.7).astype(np.int32)

    into(cast, (m * 1.7).astype(np.int32), m)

    @njit
    def cast_name(m):
        return m.astype('float32')[1, 1]

    assert result_dtype(cast_name, m) == "float32"


def test_np_array_of_tuples():
    @njit
    def f(out):
        out[:] = np.array(((1, 2.5), (3, 4)))

    into(f, np.array(((1, 2.5), (3, 4))))

    @njit
    def g(x):
        return np.array((x, 2, 3)).sum()

    assert g(4) == 9 and result_dtype(g, 4) == np.array((4, 2, 3)).dtype.name

    @njit
    def h(x):
        return np.array((x, 2), dtype=np.float32)[0]

    assert result_dtype(h, 1) == "float32"


# ---- reference counting


def test_a_loop_allocating_a_temporary_each_iteration_leaks_nothing():
    @njit
    def loop(n):
        s = 0.0
        for i in range(n):
            t = np.ones(10) * i
            s += t.sum()
            u = np.arange(i)
            s += u.sum()
        return s

    before = live()
    assert loop(100) == sum(10.0 * i + sum(range(i)) for i in range(100))
    assert live() == before


def test_views_outlive_their_bases_local():
    @njit
    def inner(n):
        a = np.arange(n) * 2
        return a

    @njit
    def view_of_temporary(n):
        v = inner(n)[2:]
        w = np.zeros(n)[1:]
        w[:] = 3.0
        return v.sum() + w.sum()

    before = live()
    assert view_of_temporary(6) == (4 + 6 + 8 + 10) + 15.0
    assert live() == before


def test_a_raise_after_an_allocation_leaks_nothing():
    @njit
    def f(n):
        a = np.zeros(n)
        b = a * 2
        if n > 3:
            raise ValueError("too big")
        return b.sum()

    before = live()
    with pytest.raises(ValueError, match="too big"):
        f(5)
    assert live() == before
    assert f(2) == 0.0
    assert live() == before


def test_rebinding_and_branches_release_the_old_array():
    @njit
    def f(n):
        a = np.zeros(n)
        for i in range(n):
            if i % 2 == 0:
                a = np.ones(n) * i
            else:
                a = a + 1
            b = a if i > 2 else np.zeros(1)
            if b[0] > 100:
                break
        return a.sum()

    before = live()
    assert f(7) == 7 * 6
    assert live() == before


def test_calls_returning_arrays_and_tuples_of_arrays():
    @njit
    def pair(n):
        return np.zeros(n), np.ones(n)

    @njit
    def use(n):
        a, b = pair(n)
        t = pair(n + 1)
        return a.sum() + b.sum() + t[1].sum()

    before = live()
    assert use(4) == 0 + 4 + 5
    assert live() == before


def test_an_array_expression_allocates_its_result():
    @njit
    def f(a, c):
        b = a * 2 + c
        d = np.sqrt(b)
        m = d > 2
        return b[1] + d[2] + m.sum() + (-a)[0]

    a = np.arange(5.0)
    c = np.ones(5)
    b = a * 2 + c
    assert f(a, c) == b[1] + np.sqrt(b)[2] + (np.sqrt(b) > 2).sum() + (-a)[0]


def test_an_array_expression_broadcasts_its_operands():
    @njit
    def outer(out, a, b):
        out[:] = a[:, None] * b + 1

    a = np.arange(3.0)
    b = np.arange(4.0)
    into(outer, a[:, None] * b + 1, a, b)

    @njit
    def bad(a, b):
        return (a + b).sum()

    with pytest.raises(ValueError, match=r"operands could not be broadcast together with shapes \(3,\) \(4,\)"):
        bad(np.zeros(3), np.zeros(4))


def test_where_and_comparisons_give_new_arrays():
    @njit
    def f(out, a, b):
        w = np.where(a > b, a, b * 2)
        out[:] = w

    a = np.array([1.0, 5.0, 3.0])
    b = np.array([2.0, 1.0, 3.0])
    into(f, np.where(a > b, a, b * 2), a, b)


def test_vectorize_functions_of_the_module_apply_to_arrays():
    @ujit.vectorize
    def clamp_add(x, y):
        return min(x + y, 10.0)

    @ujit.vectorize(["float32(float32)", "float64(float64)"])
    def halve(x):
        return x / 2

    @njit
    def f(a, b):
        c = clamp_add(a, b) * 2
        return c.sum() + halve(a)[3] + np.sum(halve(a.astype(np.float32)))

    a = np.arange(6.0)
    b = np.full(6, 4.0)
    expected = (np.minimum(a + b, 10.0) * 2).sum() + a[3] / 2 + (a.astype(np.float32) / 2).sum()
    before = live()
    assert f(a, b) == expected
    assert live() == before

    @njit
    def g(a):
        return halve(a)[0]

    assert result_dtype(g, np.ones(3, np.float32)) == "float32"
    assert result_dtype(g, np.ones(3, np.int64)) == "float64"


def test_boolean_mask_and_integer_array_indexing_copy():
    @njit
    def positive(a):
        p = a[a > 0]
        p[0] = -100.0  # a copy: a is unchanged
        return p.sum() + p.size + a[0]

    a = np.array([3.0, -1.0, 2.0, -5.0, 4.0])
    p = a[a > 0]
    assert positive(a) == (p.sum() - p[0] - 100.0) + p.size + a[0]

    @njit
    def masked2(out, m):
        out[:] = m[m % 3 == 0]

    m = np.arange(12.0).reshape(3, 4)
    into(masked2, m[m % 3 == 0], m)

    @njit
    def take(out, a, idx):
        out[:] = a[idx]

    idx = np.array([2, 0, -1, 2])
    into(take, m[idx], m, idx)
    v = np.arange(5.0) * 10
    into(take, v[np.array([[4, 1], [0, -2]])], v, np.array([[4, 1], [0, -2]]))

    @njit
    def out_of_range(a, idx):
        return a[idx].sum()

    before = live()
    with pytest.raises(IndexError, match="index 7 is out of bounds for axis 0 with size 5"):
        out_of_range(v, np.array([1, 7]))
    assert live() == before


def test_overlapping_slice_assignment_behaves_as_numpy():
    @njit
    def shift(a):
        a[1:] = a[:-1]

    @njit
    def shift_back(a):
        a[:-1] = a[1:] * 2

    @njit
    def rows(m):
        m[1:, :] = m[:-1, :] + m[0]

    @njit
    def reverse_add(a):
        a += a[::-1]

    for fn, src in ((shift, np.arange(6.0)), (shift_back, np.arange(6.0)), (rows, np.arange(12.0).reshape(4, 3)),
                    (reverse_add, np.arange(5.0))):
        mine, theirs = src.copy(), src.copy()
        before = live()
        fn(mine)
        assert live() == before
        fn.py_func(theirs)
        np.testing.assert_array_equal(mine, theirs)


def test_allocation_in_a_cuda_kernel_is_a_located_error():
    from ujit import cuda

    @cuda.jit
    def kernel(a, out):
        i = cuda.grid(1)
        if i < a.size:
            b = a * 2
            out[i] = b[i]

    with pytest.raises(ujit.CompileError, match=r"test_numpy_alloc.py:\d+:\d+: error: this array expression allocates "
                                                r"a new array, which CUDA kernels and device functions cannot do"):
        kernel[1, 4](np.ones(4), np.zeros(4))

    @cuda.jit
    def kernel2(out):
        t = np.zeros(4)
        out[0] = t[0]

    with pytest.raises(ujit.CompileError, match=r"np.zeros\(\) allocates a new array"):
        kernel2[1, 1](np.zeros(4))


def test_np_array_of_list_literals():
    @njit
    def f(out, x):
        out[:] = np.array([[x, 2.5], [3, 4]])

    into(f, np.array([[1.0, 2.5], [3, 4]]), 1.0)

    @njit
    def g(x):
        return np.array([x, 2, 3], dtype=np.int16).sum()

    assert g(4) == 9

    @njit
    def a_list_is_a_list(x):  # outside np.array, a list display is a list (tests/python/test_lists.py)
        y = [x, x]
        return len(y)

    assert a_list_is_a_list(1) == 2


def test_every_exit_releases_what_it_holds():
    @njit
    def first_big(n):
        for x in np.arange(n) * 3:  # a temporary iterable, left by a return
            if x > 10:
                return x
        return -1

    @njit
    def while_alloc(n):
        i = 0
        while np.ones(3).sum() * i < n:  # a temporary in every test of the condition
            i += 1
        return i

    @njit
    def tail(a):
        return a[1:]

    @njit
    def pair_view(n):
        a = np.arange(n) * 1.0
        return tail(a), a[0]  # a view of a local outlives it, inside a tuple

    @njit
    def use(n):
        v, x = pair_view(n)
        w = tail(tail(v))
        s = 0.0
        for k in range(3):
            t = w if k % 2 else np.zeros(2)
            s += t.sum()
        return v.sum() + w.sum() + x + s

    @njit
    def break_loop(n):
        s = 0.0
        for i in range(n):
            t = np.full(4, i * 1.0)
            if i == 3:
                break
            s += t.sum()
        return s

    # use(6): v = [1..5], w = [3, 4, 5], x = 0, s = 0 + 12 + 0
    for fn, arg, expected in ((first_big, 10, 12), (while_alloc, 10, 4), (use, 6, 15 + 12 + 0 + 12),
                              (break_loop, 10, 0 + 4 + 8)):
        before = live()
        assert fn(arg) == expected
        assert live() == before


def test_arrays_allocated_in_prange_bodies_and_parallel_stores_are_released():
    from ujit import prange

    @njit(parallel=True)
    def g(n):
        s = np.zeros(n)
        for i in prange(n):
            t = np.ones(4) * i
            s[i] = t.sum()
        return s.sum()

    @njit(parallel=True)
    def shift(m):
        m[1:] = m[:-1] * 2.0  # overlapping: through a copy, inside the parallel chunks
        return m.sum()

    before = live()
    assert g(1000) == 4 * 999 * 1000 / 2
    m = np.arange(400_000.0).reshape(4000, 100)
    expected = m.copy()
    expected[1:] = expected[:-1] * 2.0
    assert shift(m) == expected.sum()
    np.testing.assert_array_equal(m, expected)
    assert live() == before


def test_new_arrays_and_views_of_them_returned_to_python():
    @njit
    def make(n):
        a = np.arange(n) * 2.0
        return a[1:], np.eye(2, dtype=np.int32)

    before = live()
    v, e = make(5)
    np.testing.assert_array_equal(v, (np.arange(5) * 2.0)[1:])
    np.testing.assert_array_equal(e, np.eye(2, dtype=np.int32))
    assert e.dtype == np.int32
    del v, e
    import gc

    gc.collect()
    assert live() == before
