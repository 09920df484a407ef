"""NumPy's reductions of arrays inside CUDA kernels (numba-cuda's test_array_reductions): np.sum,
mean, var, std, min, max, all, any, count_nonzero and the NaN-skipping nansum, nanprod, nanmin,
nanmax, nanmean, nanvar, nanstd, over global and closure tuples of NumPy arrays (frozen, each in
constant memory) looped over with literal_unroll, checked against NumPy. Run where CUDA code
runs here (the GPU, or the host device)."""
import numpy as np

from ujit import cuda, literal_unroll, njit

CASES = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, np.inf]),
    np.float64([-1.5, 2.5, np.inf, -np.inf]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([0.5, 4.0, 2.0, 8.0]),
)


def reductions_kernel(cases):
    @cuda.jit
    def kernel(out):
        i = 0
        for a in literal_unroll(cases):
            out[i, 0] = np.sum(a)
            out[i, 1] = np.mean(a)
            out[i, 2] = np.var(a)
            out[i, 3] = np.std(a)
            out[i, 4] = np.min(a)
            out[i, 5] = np.max(a)
            out[i, 6] = np.nansum(a)
            out[i, 7] = np.nanprod(a)
            out[i, 8] = np.nanmin(a)
            out[i, 9] = np.nanmax(a)
            out[i, 10] = np.nanmean(a)
            out[i, 11] = np.nanvar(a)
            out[i, 12] = np.nanstd(a)
            out[i, 13] = np.count_nonzero(a)
            out[i, 14] = np.all(a)
            out[i, 15] = np.any(a)
            i += 1

    return kernel


NUMPY = (np.sum, np.mean, np.var, np.std, np.min, np.max, np.nansum, np.nanprod, np.nanmin, np.nanmax, np.nanmean,
         np.nanvar, np.nanstd, np.count_nonzero, np.all, np.any)


def test_reductions_of_a_closure_tuple_are_numpys():
    out = np.zeros((len(CASES), len(NUMPY)))
    with np.errstate(invalid="ignore"):
        reductions_kernel(CASES)[1, 1](out)
        want = np.array([[f(a) for f in NUMPY] for a in CASES], dtype=np.float64)
    np.testing.assert_allclose(out, want, rtol=1e-15, atol=0, equal_nan=True)


BOOLS = (np.array([True, False, True]), np.array([False, False]), np.array([True, True, True]))


@cuda.jit
def count_bools(out):
    i = 0
    for a in literal_unroll(BOOLS):
        out[i] = np.count_nonzero(a)
        i += 1


def test_a_global_tuple_of_arrays_is_frozen():
    out = np.zeros(len(BOOLS), dtype=np.intp)
    count_bools[1, 1](out)
    np.testing.assert_array_equal(out, [np.count_nonzero(a) for a in BOOLS])


MIXED = (np.float64([1.0, 2.0]), np.float64([[1.0, 2.0], [3.0, 4.0]]))


def test_a_tuple_of_arrays_of_different_dimensions_unrolls():
    # Numba unrolls the loop, one copy of the body per item type: 1-D, then 2-D.
    out = np.zeros((len(MIXED), len(NUMPY)))
    reductions_kernel(MIXED)[1, 1](out)
    want = np.array([[f(a) for f in NUMPY] for a in MIXED], dtype=np.float64)
    np.testing.assert_allclose(out, want, rtol=1e-15, atol=0)


def test_literal_unroll_is_the_tuple_in_njit_code_and_in_python():
    @njit
    def total(t):
        s = 0.0
        for x in literal_unroll(t):
            s += x
        return s

    assert total((1.5, 2.5, 3.0)) == 7.0
    assert literal_unroll((1, "a")) == (1, "a")

    @njit
    def mixed(t):
        n = 0
        for x in literal_unroll(t):
            n += 1
        return n

    assert mixed((1, 2.0, "three")) == 3
