"""vectorize results are real numpy.ufuncs: NumPy's machinery works on them."""
import numpy as np
import pytest

import course
from ujit import vectorize


def test_reduce_accumulate_outer():
    a = np.arange(1, 6, dtype=np.float32)
    assert course.add_ufunc.reduce(a) == 15.0
    np.testing.assert_array_equal(course.add_ufunc.accumulate(a), np.cumsum(a))
    np.testing.assert_array_equal(course.add_ufunc.outer(a, a), np.add.outer(a, a))


def test_out_argument_and_casting():
    a = np.arange(6, dtype=np.float64).reshape(2, 3)
    out = np.empty_like(a)
    r = course.add_ufunc(a, 1.0, out=out)
    assert r is out
    np.testing.assert_array_equal(out, a + 1)


def test_loop_choice_follows_declared_order():
    assert course.add_ufunc.types == ["ff->f", "dd->d"]
    assert course.add_ufunc(np.float32([1]), np.float32([2])).dtype == np.float32
    assert course.add_ufunc(np.array([1.0]), np.array([2.0])).dtype == np.float64
    assert course.add_ufunc(np.array([1], np.int16), np.array([2], np.int16)).dtype == np.float32


def test_strided_and_broadcast_inputs():
    a = np.arange(20, dtype=np.float32)[::3]
    b = np.arange(4, dtype=np.float32).reshape(4, 1)
    np.testing.assert_array_equal(course.add_ufunc(a, b), a + b)


class Tagged:
    """A duck array: NumPy hands the ufunc call to its __array_ufunc__."""

    def __init__(self, data):
        self.data = np.asarray(data)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        unwrapped = [i.data if isinstance(i, Tagged) else i for i in inputs]
        return ("tagged", getattr(ufunc, method)(*unwrapped, **kwargs))


def test_array_ufunc_protocol_reaches_other_array_types():
    tag, value = course.add_ufunc(Tagged(np.float32([1, 2])), np.float32(1))
    assert tag == "tagged"
    np.testing.assert_array_equal(value, [2, 3])
    tag, value = course.add_ufunc.reduce(Tagged(np.float32([1, 2, 3])))
    assert value == 6


def test_lazy_vectorize_specializes_per_dtype():
    @vectorize
    def mul(a, b):
        return a * b

    assert mul(np.arange(3), 2).tolist() == [0, 2, 4]
    assert mul(np.float32([1.5]), np.float32([2])).dtype == np.float32
    assert set(mul.types) == {"ll->l", "ff->f"}
    assert mul.reduce(np.arange(1, 5)) == 24
    assert isinstance(mul.ufunc, np.ufunc)


def test_identity_makes_empty_reductions_work():
    @vectorize(["int64(int64, int64)"], identity=0)
    def add(a, b):
        return a + b

    assert add.reduce(np.array([], dtype=np.int64)) == 0


def test_parallel_target_matches_cpu():
    @vectorize(["float64(float64, float64)"], target="parallel")
    def f(a, b):
        return a * b + 1.0

    a = np.random.default_rng(0).random(100_000)
    np.testing.assert_allclose(f(a, a), a * a + 1.0)


def test_pickles_by_reference_for_worker_processes():
    import pickle

    assert pickle.loads(pickle.dumps(course.gaussian_pdf)) is course.gaussian_pdf
    f = pickle.loads(pickle.dumps(course.hypot))
    assert f(3.0, 4.0) == 5.0


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int32, np.float32, np.float64, np.complex128])
def test_lazy_vectorize_dtypes(dtype):
    @vectorize
    def twice(a):
        return a + a

    x = np.arange(4).astype(dtype)
    r = twice(x)
    np.testing.assert_array_equal(r, x + x)


def test_ufuncs_made_inside_functions_pickle_by_recipe():
    import pickle

    @vectorize(["float64(float64)"])
    def halve(x):
        return x / 2

    # The recipe rebuilds the ufunc from its Python function, which travels by value
    # (_pickle_function.py): plain pickle takes it, as cloudpickle (Dask) does.
    from ujit import _ufunc

    reconstructor, _ = _ufunc._reduce_ufunc(halve)
    assert reconstructor is _ufunc._rebuild_vectorize
    rebuilt = pickle.loads(pickle.dumps(halve))
    assert rebuilt is not halve and rebuilt.__name__ == "halve"
    assert rebuilt(np.array([4.0])).tolist() == [2.0]
    assert pickle.loads(pickle.dumps(np.add)) is np.add  # NumPy's own ufuncs still by name


def test_guvectorize_with_a_scalar_core_argument_and_matrices():
    from ujit import guvectorize

    @guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)")
    def shift(x, by, out):
        for i in range(x.shape[0]):
            out[i] = x[i] + by

    @guvectorize(["void(float64[:, :], float64[:, :], float64[:, :])"], "(m,n),(n,p)->(m,p)")
    def matmul(a, b, out):
        for i in range(a.shape[0]):
            for j in range(b.shape[1]):
                acc = 0.0
                for k in range(a.shape[1]):
                    acc += a[i, k] * b[k, j]
                out[i, j] = acc

    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(shift(x, np.array([10.0, 20.0])), x + [[10.0], [20.0]])
    a = np.random.default_rng(4).random((5, 2, 3))
    b = np.random.default_rng(5).random((5, 3, 4))
    np.testing.assert_allclose(matmul(a, b), a @ b)
    assert shift.signature == "(n),()->(n)"


def test_guvectorize_with_fixed_size_core_dimensions():
    from ujit import guvectorize

    @guvectorize(["void(float64[:], float64[:], float64[:])"], "(3),(3)->(3)")
    def cross(a, b, out):
        out[0] = a[1] * b[2] - a[2] * b[1]
        out[1] = a[2] * b[0] - a[0] * b[2]
        out[2] = a[0] * b[1] - a[1] * b[0]

    @guvectorize(["void(float64[:, :], float64[:])"], "(n, 3) -> ()")
    def total_length(v, out):
        acc = 0.0
        for i in range(v.shape[0]):
            acc += (v[i, 0] * v[i, 0] + v[i, 1] * v[i, 1] + v[i, 2] * v[i, 2]) ** 0.5
        out[0] = acc

    rng = np.random.default_rng(6)
    a, b = rng.random((4, 3)), rng.random((2, 1, 3))
    np.testing.assert_allclose(cross(a, b), np.cross(a, b), rtol=1e-14)
    v = rng.random((2, 5, 3))
    np.testing.assert_allclose(total_length(v), np.sqrt((v * v).sum(-1)).sum(-1), rtol=1e-14)
    assert cross.signature == "(3),(3)->(3)"
    with pytest.raises(ValueError, match="3"):  # NumPy checks the fixed size: nothing runs
        cross(a, rng.random((4, 4)))
