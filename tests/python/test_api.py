"""Numba's API spellings: decorator forms, signatures as strings or type objects, type names,
the inspection methods."""
import io

import numpy as np
import pytest

import ujit
import ujit as numba
from ujit import float32, int64, njit, types


def test_decorator_forms():
    @numba.jit(nopython=True, cache=True)
    def a(x):
        return x + 1

    @numba.njit(cache=True, fastmath=False)
    def b(x):
        return x + 2

    @njit
    def c(x):
        return x + 3

    assert (a(1), b(1), c(1)) == (2, 3, 4)


def test_signature_objects_and_strings():
    @njit(float32(float32, float32))
    def f(x, y):
        return x * y

    @njit(["int64(int64)", "float64(float64)"])
    def g(x):
        return x + x

    assert f.signatures == ["float32(float32, float32)"]
    assert f(1.5, 2.0) == 3.0
    assert g(2) == 4 and g(1.5) == 3.0
    assert sorted(g.signatures) == ["float64(float64)", "int64(int64)"]


def test_array_arguments_and_mutation():
    @njit
    def fill(a, v):
        for i in range(a.shape[0]):
            a[i] = v * i
        return a.shape[0]

    x = np.zeros(5)
    assert fill(x, 2.0) == 5
    assert x.tolist() == [0, 2, 4, 6, 8]
    y = np.zeros((4, 4), np.float32)[:, 1]  # a strided view
    fill(y, 1.0)
    assert y.tolist() == [0, 1, 2, 3]


def test_type_names():
    assert str(float32[:]) == "float32[:]"
    assert str(float32[:, ::1]) == "float32[:, ::1]"
    assert str(types.int16[::1, :]) == "int16[::1, :]"
    assert types.float64 is numba.float64 and numba.f8 is numba.float64
    assert float32(1.5) == np.float32(1.5) and type(float32(1.5)) is np.float32
    assert str(int64(float32)) == "int64(float32)"
    assert str(ujit.typeof(np.zeros((2, 3), np.float32))) == "float32[:, ::1]"
    assert str(ujit.typeof(1.0)) == "float64"


def test_inspection():
    @njit
    def h(x):
        return x * 2.0

    h(1.0)
    out = io.StringIO()
    h.inspect_types(file=out)
    assert "float64" in out.getvalue()
    llvm = h.inspect_llvm()
    assert list(llvm) == ["float64(float64)"] and "define" in llvm["float64(float64)"]
    assert "ret" in h.inspect_asm("float64(float64)")


def _float_ops(llvm_text):
    return [line for line in llvm_text.splitlines() if " = f" in line and any(
        " %s " % op in line for op in ("fadd", "fsub", "fmul", "fdiv"))]


def test_fastmath_sets_fast_flags_for_that_function():
    def body(x, y):
        return x / y + x * y

    fast = njit(fastmath=True)(body)
    flags = numba.jit("float64(float64, float64)", nopython=True, fastmath={"nnan", "ninf"})(body)
    strict = njit(body)
    assert fast(3.0, 2.0) == flags(3.0, 2.0) == strict(3.0, 2.0) == 7.5
    for f in (fast, flags):
        ops = _float_ops(f.inspect_llvm("float64(float64, float64)"))
        assert ops and all(" fast " in op for op in ops), ops
    ops = _float_ops(strict.inspect_llvm("float64(float64, float64)"))
    assert ops and not any(" fast " in op for op in ops), ops


def test_fastmath_ufuncs():
    @numba.vectorize(["float64(float64, float64)"], fastmath=True)
    def v(x, y):
        return x / y

    @numba.guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", fastmath={"reassoc": True})
    def g(x, out):
        for i in range(x.shape[0]):
            out[i] = x[i] / 2.0

    np.testing.assert_allclose(v(np.array([3.0, 1.0]), 2.0), [1.5, 0.5])
    out = np.zeros(2)
    g(np.array([3.0, 1.0]), out)
    np.testing.assert_allclose(out, [1.5, 0.5])


def test_fastmath_flag_names_are_checked():
    with pytest.raises(ValueError, match="Unrecognized fastmath flags"):
        njit(fastmath={"nan"})(lambda x: x)
    with pytest.raises(ValueError, match="bool, dict or set"):
        njit(fastmath=1)(lambda x: x)


def test_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="unexpected keyword"):
        njit(nopythn=True)


def test_nogil_functions_run_in_threads():
    import threading

    @njit(nogil=True)
    def count(n):
        acc = 0
        for i in range(n):
            acc += i % 7
        return acc

    results = []
    threads = [threading.Thread(target=lambda: results.append(count(200_000))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [count.py_func(200_000)] * 4


def test_tuple_results_keep_their_shape():
    @njit
    def one(x):
        return (x,)

    @njit
    def nested(x):
        return (x, (x + 1, 2.5))

    @njit
    def nothing(x):
        x + 1

    assert one(1.0) == (1.0,)
    assert nested(3) == (3, (4, 2.5))
    assert nothing(1) is None
    assert one.signatures == ["UniTuple(float64 x 1)(float64)"]
    one.inspect_types(file=io.StringIO())  # the dumps find the arguments after a tuple type


def test_forceobj_runs_the_python_function():
    @numba.jit(forceobj=True)
    def uses_a_dict(key):
        return {"a": 1, "b": 2}[key]

    assert uses_a_dict("b") == 2


def test_prange_is_range_in_compiled_and_python_code():
    # Numba's prange: a range loop (on the thread pool under parallel=True: test_prange.py);
    # the results are Numba's (up to the order of a floating-point reduction).
    from ujit import prange

    @njit(parallel=True)
    def row_sums(a, out):
        total = 0.0
        for i in prange(a.shape[0]):
            s = 0.0
            for j in range(a.shape[1]):
                s += a[i, j]
            out[i] = s
            total += s
        return total

    @numba.njit
    def odd_count(n):
        c = 0
        for i in numba.prange(1, n, 2):  # the attribute spelling, with start and step
            c += 1
        return c

    a = np.arange(12.0).reshape(3, 4)
    out = np.zeros(3)
    assert row_sums(a, out) == a.sum()
    np.testing.assert_array_equal(out, a.sum(axis=1))
    assert odd_count(10) == len(range(1, 10, 2))
    assert list(prange(2, 8, 3)) == [2, 5]  # plain Python: the range itself


def test_typeof_of_tuples_and_typed_containers_is_numbas():
    from ujit import typed, types

    assert str(ujit.typeof((1, 2.0))) == "Tuple(int64, float64)"
    assert str(ujit.typeof((1, 2))) == "UniTuple(int64 x 2)"
    assert str(ujit.typeof(((1, 2), 3.5))) == "Tuple(UniTuple(int64 x 2), float64)"
    assert str(ujit.typeof(typed.Dict.empty(types.int64, types.float64))) == "DictType[int64,float64]<iv=None>"
    assert str(ujit.typeof(typed.List([1, 2]))) == "ListType[int64]"
    assert isinstance(ujit.typeof(None), types.NoneType)


def test_disable_compile_refuses_new_specializations():
    @ujit.njit
    def inc(x):
        return x + 1

    assert inc(1) == 2
    inc.disable_compile()
    assert inc(5) == 6  # compiled already
    with pytest.raises(TypeError, match="No matching definition for argument type"):
        inc(1.5)
    inc.disable_compile(False)
    assert inc(1.5) == 2.5
