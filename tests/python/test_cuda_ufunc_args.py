"""Numba's argument rules for CUDA ufuncs and gufuncs (numba.cuda.deviceufunc), not
NumPy's: scalars take the loop's dtype, arrays need exact dtypes, all-scalar calls return
1-element arrays, gufunc inputs are cast to the first loop whose types cast to theirs.
Here the CPU fallback runs them; the `gpu` tests check the same rules on a device."""
import math

import numpy as np
import pytest

from ujit import cuda, guvectorize, vectorize


@vectorize(["float32(float32, float32)", "float64(float64, float64)"], target="cuda")
def cuda_add(x, y):
    return x + y


@vectorize(["int16(int16, int16)"], target="cuda")
def cuda_clip(v, threshold):
    return 0 if v < threshold else v


@guvectorize(["(float32[:], float32[:])", "(float64[:], float64[:])"], "(n)->()", target="cuda")
def cuda_norm(vec, out):
    acc = 0.0
    for v in vec:
        acc += v * v
    out[0] = math.sqrt(acc)


@guvectorize(["(float64[:], float64[:])", "(float32[:], float32[:])"], "(n)->()", target="cuda")
def cuda_norm_f64_first(vec, out):
    acc = 0.0
    for v in vec:
        acc += v * v
    out[0] = math.sqrt(acc)


def test_scalars_only_give_a_one_element_array_of_the_loop_type():
    r = cuda_clip(np.int16(3), 7)
    assert r.shape == (1,) and r.dtype == np.int16 and r.tolist() == [0]


def test_a_python_float_scalar_takes_the_int16_loop():
    w = np.array([-3, 5, 15, 40], dtype=np.int16)
    r = cuda_clip(w, 15.0)  # NumPy's own rules find no int16 loop for a float
    assert r.dtype == np.int16 and r.tolist() == [0, 0, 15, 40]


def test_a_python_float_scalar_takes_the_array_s_float32_loop():
    x = np.arange(4, dtype=np.float32)
    r = cuda_add(x, 0.5)
    assert r.dtype == np.float32 and r.tolist() == [0.5, 1.5, 2.5, 3.5]


def test_array_dtypes_must_match_a_loop_exactly():
    with pytest.raises(TypeError, match="exact types"):
        cuda_clip(np.arange(4, dtype=np.int64), 2)
    with pytest.raises(TypeError, match="exact types"):
        cuda_add(np.ones(3, np.float32), np.ones(3, np.float64))


def test_scalars_alone_that_fit_two_loops_are_ambiguous():
    with pytest.raises(TypeError, match="ambiguous"):
        cuda_add(1.0, 2)
    assert cuda_add(np.float32(1.0), np.float32(2.0)).dtype == np.float32  # typed scalars pick one


def test_gufunc_casts_wider_inputs_to_a_narrower_loop():
    pts = np.array([[3.0, 4.0], [6.0, 8.0]])  # float64
    r = cuda_norm_f64_first(pts.astype(np.float32))
    assert r.dtype == np.float32  # the float64 loop comes first but float64 does not cast to float32
    assert cuda_norm(pts).dtype == np.float32  # the first loop whose type casts to float64: float32's
    np.testing.assert_allclose(cuda_norm(pts), [5.0, 10.0])


def test_gufunc_does_not_cast_narrower_inputs_up():
    with pytest.raises(TypeError, match="no matching signature"):
        cuda_norm(np.ones((2, 3), dtype=np.int64))  # float32 does not cast to int64


@pytest.mark.gpu
def test_gufunc_argument_counts_and_outputs_as_numba_says():
    arr = np.arange(5.0)
    for args in ((), (arr, arr, arr)):
        with pytest.raises(TypeError, match=r"^This gufunc accepts 1 positional argument \(when providing input "
                                            r"only\) or 2 positional arguments \(when providing input and output\)\. "
                                            r"Got %d positional argument" % len(args)):
            cuda_norm(*args)
    out = np.zeros(1)
    with pytest.raises(ValueError, match="^cannot specify argument 'out' as both positional and keyword$"):
        cuda_norm(arr, out, out=out)


def test_vectorize_options_as_numba_cuda():
    def add(x, y):
        return x + y

    with pytest.warns(RuntimeWarning, match="^nopython kwarg for cuda target is redundant$"):
        f = vectorize(["float32(float32, float32)"], target="cuda", nopython=True)(add)
    np.testing.assert_array_equal(f(np.ones(2, np.float32), np.ones(2, np.float32)), [2.0, 2.0])
    with pytest.raises(KeyError, match="Unrecognized options. cuda vectorize target does not support option: "
                                       "'nonexistent'"):
        vectorize(["float32(float32, float32)"], target="cuda", nonexistent=2)(add)
    with pytest.raises(TypeError, match="unexpected keyword argument"):  # the CPU target's own check
        vectorize(["float32(float32, float32)"], nonexistent=2)


def test_gufunc_decorator_checks_as_numba_cuda():
    def f(x, y):
        pass

    with pytest.raises(TypeError, match="guvectorized functions cannot return values: signature .* specifies "
                                        "int32 return type"):
        guvectorize(["int32(int32[:], int32[:])"], "(m)->(m)", target="cuda")(f)
    with pytest.raises(TypeError, match="^nopython flag must be True$"):
        guvectorize(["void(int32[:], int32[:])"], "(m)->(m)", target="cuda", nopython=False)(f)
    with pytest.raises(TypeError, match="^The following target options are not supported: 'what1', 'ever2'$"):
        guvectorize(["void(int32[:], int32[:])"], "(m)->(m)", target="cuda", what1=True, ever2=False)(f)
    guvectorize(["void(int32[:], int32[:])"], "(m)->(m)", target="cuda", nopython=True)(f)


def test_device_rules_on_the_gpu():
    x = cuda.to_device(np.arange(4, dtype=np.float32))
    assert cuda_add(x, 0.5).copy_to_host().tolist() == [0.5, 1.5, 2.5, 3.5]
    assert cuda_clip(np.int16(3), 7).tolist() == [0]
    with pytest.raises(TypeError, match="astype"):
        cuda_norm(cuda.to_device(np.ones((2, 3), dtype=np.float64)))  # device memory is not cast
