"""np.random's distributions beyond normal, uniform and exponential, as Numba 0.68 draws them
(numba/np/random/legacy.py). The oracles, each fed NumPy's own legacy stream after the same seed:
NumPy's np.random where Numba takes NumPy's algorithm (poisson, geometric, laplace, gumbel, wald,
...), and CPython's random module's methods over NumPy's uniform draws where Numba takes
CPython's (gammavariate, betavariate, vonmisesvariate: gamma, beta, chisquare, f, standard_t,
negative_binomial, vonmises)."""
import math
import random
import re

import numpy as np
import pytest

from ujit import njit
from ujit import CompileError


class _OnNumpysStream(random.Random):
    """CPython's distributions drawing NumPy's legacy random() values."""

    def __init__(self, rs):
        self._rs = rs
        super().__init__(0)

    def random(self):
        return self._rs.random_sample()


def _cpython(seed):
    rs = np.random.RandomState(seed)
    return rs, _OnNumpysStream(rs)


@njit
def _draws(seed, n):
    np.random.seed(seed)
    out = np.empty((n, 13))
    for i in range(n):
        out[i, 0] = np.random.poisson(3.5)
        out[i, 1] = np.random.poisson(42.0)
        out[i, 2] = np.random.geometric(0.5)
        out[i, 3] = np.random.geometric(0.05)
        out[i, 4] = np.random.laplace(1.0, 2.0)
        out[i, 5] = np.random.logistic(1.0, 2.0)
        out[i, 6] = np.random.gumbel(1.0, 2.0)
        out[i, 7] = np.random.rayleigh(2.0)
        out[i, 8] = np.random.weibull(1.5)
        out[i, 9] = np.random.power(2.5)
        out[i, 10] = np.random.lognormal(0.5, 0.25)
        out[i, 11] = np.random.standard_cauchy()
        out[i, 12] = np.random.wald(1.5, 2.0)
    return out


def test_distributions_numba_takes_from_numpy_draw_numpys_values():
    got = _draws(7, 200)
    rs = np.random.RandomState(7)
    want = np.empty_like(got)
    for i in range(200):
        want[i] = [rs.poisson(3.5), rs.poisson(42.0), rs.geometric(0.5), rs.geometric(0.05),
                   rs.laplace(1.0, 2.0), rs.logistic(1.0, 2.0), rs.gumbel(1.0, 2.0), rs.rayleigh(2.0),
                   rs.weibull(1.5), rs.power(2.5), rs.lognormal(0.5, 0.25), rs.standard_cauchy(),
                   rs.wald(1.5, 2.0)]
    np.testing.assert_array_equal(got[:, :4], want[:, :4])  # counts: exactly
    np.testing.assert_allclose(got[:, 4:], want[:, 4:], rtol=1e-13)


@njit
def _binomials(seed, n, trials, p):
    np.random.seed(seed)
    return np.array([np.random.binomial(trials, p) for _ in range(n)])


@pytest.mark.parametrize("trials,p", [(10, 0.3), (10, 0.8), (1000, 0.4), (1000, 0.9), (100000, 0.5)])
def test_binomial_matches_numpy_by_inversion_and_btpe(trials, p):
    rs = np.random.RandomState(3)
    want = np.array([rs.binomial(trials, p) for _ in range(300)])
    got = _binomials(3, 300, trials, p)
    # BINV (n * p <= 30) computes q ** n where NumPy takes exp(n * log(q)): a draw on the edge of
    # two counts may differ by one; BTPE is NumPy's to the bit.
    if trials * min(p, 1 - p) > 30:
        np.testing.assert_array_equal(got, want)
    else:
        assert np.mean(got == want) > 0.98


@njit
def _cpython_family(seed, n):
    np.random.seed(seed)
    out = np.empty((n, 9))
    for i in range(n):
        out[i, 0] = np.random.gamma(2.5, 2.0)
        out[i, 1] = np.random.gamma(0.5)
        out[i, 2] = np.random.standard_gamma(1.0)
        out[i, 3] = np.random.beta(2.0, 3.0)
        out[i, 4] = np.random.chisquare(3.0)
        out[i, 5] = np.random.f(4.0, 6.0)
        out[i, 6] = np.random.standard_t(5.0)
        out[i, 7] = np.random.vonmises(1.0, 2.0)
        out[i, 8] = np.random.negative_binomial(5, 0.4)
    return out


def test_distributions_numba_takes_from_cpython_draw_cpythons_values_over_numpys_stream():
    got = _cpython_family(11, 200)
    rs, r = _cpython(11)
    want = np.empty_like(got)
    for i in range(200):
        g1 = r.gammavariate(2.5, 2.0)
        g2 = r.gammavariate(0.5, 1.0)
        g3 = r.gammavariate(1.0, 1.0)
        beta = r.betavariate(2.0, 3.0)
        chi = 2.0 * r.gammavariate(1.5, 1.0)
        num = 2.0 * r.gammavariate(2.0, 1.0) * 6.0
        f = num / (2.0 * r.gammavariate(3.0, 1.0) * 4.0)
        normal = rs.standard_normal()
        t = math.sqrt(2.5) * normal / math.sqrt(r.gammavariate(2.5, 1.0))
        vm = r.vonmisesvariate(1.0, 2.0)
        nb = rs.poisson(r.gammavariate(5, 0.6 / 0.4))
        want[i] = [g1, g2, g3, beta, chi, f, t, vm, nb]
    np.testing.assert_allclose(got, want, rtol=1e-12)


@njit
def _sized(seed):
    np.random.seed(seed)
    a = np.random.poisson(2.0, size=(3, 4))
    b = np.random.gamma(2.0, 1.5, 5)
    c = np.random.binomial(20, 0.25, size=6)
    d = np.random.triangular(0.0, 1.0, 3.0, size=4)
    return a, b, c, d


@njit
def _one_by_one(seed):
    np.random.seed(seed)
    a = np.empty((3, 4), np.int64)
    for i in range(3):
        for j in range(4):
            a[i, j] = np.random.poisson(2.0)
    b = np.array([np.random.gamma(2.0, 1.5) for _ in range(5)])
    c = np.array([np.random.binomial(20, 0.25) for _ in range(6)])
    d = np.array([np.random.triangular(0.0, 1.0, 3.0) for _ in range(4)])
    return a, b, c, d


def test_size_fills_a_new_array_with_the_draws_one_call_at_a_time_gives():
    for got, want in zip(_sized(5), _one_by_one(5)):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)
    assert _sized(5)[0].dtype == np.int64 and _sized(5)[1].dtype == np.float64


@njit
def _means(n):
    np.random.seed(1)
    return (np.random.triangular(0.0, 1.0, 3.0, n).mean(), np.random.pareto(3.0, n).mean(),
            np.random.logseries(0.5, n).mean(), np.random.zipf(4.0, n).mean())


def test_the_other_distributions_have_their_means():
    tri, pareto, logseries, zipf = _means(200000)
    assert tri == pytest.approx(4.0 / 3.0, rel=0.01)
    assert pareto == pytest.approx(1.0 / 2.0, rel=0.03)
    assert logseries == pytest.approx(-0.5 / (0.5 * math.log(0.5)), rel=0.01)
    assert zipf == pytest.approx(1.2020569 / (math.pi ** 4 / 90), rel=0.01)  # zeta(3) / zeta(4)


@njit
def _bad(which):
    if which == 0:
        return np.random.poisson(-1.0)
    if which == 1:
        return np.random.binomial(-3, 0.5)
    if which == 2:
        return np.random.binomial(3, 1.5)
    if which == 3:
        return np.random.geometric(0.0)
    return np.random.zipf(0.5)


@pytest.mark.parametrize("which,message", [(0, "poisson(): lambda < 0"), (1, "binomial(): n <= 0"),
                                           (2, "binomial(): p outside of [0, 1]"),
                                           (3, "geometric(): p outside of (0, 1]"), (4, "zipf(): a <= 1")])
def test_parameters_out_of_range_are_numbas_value_errors(which, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        _bad(which)


def test_gamma_of_a_non_positive_shape_is_numbas_value_error():
    @njit
    def g(shape):
        return np.random.gamma(shape)

    with pytest.raises(ValueError, match="gammavariate: alpha and beta must be > 0.0"):
        g(0.0)


def test_binomial_of_a_float_count_is_refused_as_numba_refuses_it():
    @njit
    def g(n):
        return np.random.binomial(n, 0.5)

    with pytest.raises(CompileError, match="n must be an integer"):
        g(3.5)


@njit
def _multinomials(seed, n, pvals, rows):
    np.random.seed(seed)
    return np.random.multinomial(n, pvals, rows)


@njit
def _multinomial_shapes(n):
    np.random.seed(1)
    return (np.random.multinomial(n, np.array([0.2, 0.3, 0.5])),
            np.random.multinomial(n, [0.5, 0.5], (2, 3)),
            np.random.multinomial(n, (0.25, 0.25, 0.25, 0.25), 4),
            np.random.multinomial(n, np.array([0.1, 9.0, 0.2, 9.0, 0.7])[::2]))


def _numba_multinomial(rs, n, pvals, rows):
    """Numba's multinomial_inner over NumPy's binomial draws: the oracle's stream."""
    out = np.zeros((rows, len(pvals)), np.int64)
    for i in range(rows):
        p_left, left = 1.0, n
        for j in range(len(pvals) - 1):
            out[i, j] = rs.binomial(left, pvals[j] / p_left)
            left -= out[i, j]
            if left <= 0:
                break
            p_left -= pvals[j]
        if left > 0:
            out[i, -1] = left
    return out


@pytest.mark.parametrize("n, pvals", [(1000, [0.2, 0.3, 0.5]), (20, [0.1, 0.1, 0.8]), (5000, [0.5, 0.25, 0.25])])
def test_multinomial_draws_numbas_binomial_sequence(n, pvals):
    got = _multinomials(11, n, np.array(pvals), 100)
    want = _numba_multinomial(np.random.RandomState(11), n, pvals, 100)
    assert got.dtype == np.int64 and got.shape == (100, len(pvals))
    assert (got.sum(axis=1) == n).all()
    # binomial's BINV may put a draw on the edge one count off NumPy's (above); BTPE is exact
    assert np.mean(got == want) > 0.95


def test_multinomial_takes_arrays_lists_tuples_and_sizes():
    one, grid, tup, strided = _multinomial_shapes(10)
    assert one.shape == (3,) and grid.shape == (2, 3, 2) and tup.shape == (4, 4) and strided.shape == (3,)
    for counts in (one, grid, tup, strided):
        assert counts.dtype == np.int64 and (counts.sum(axis=-1) == 10).all() and (counts >= 0).all()
    assert strided[1] == 0 or strided.sum() == 10  # pvals 0.1, 0.2, 0.7 read through the stride


def test_multinomial_errors_are_numbas():
    with pytest.raises(ValueError, match=re.escape("binomial(): n <= 0")):
        _multinomials(1, -1, np.array([0.5, 0.5]), 1)
    with pytest.raises(ValueError, match=re.escape("binomial(): p outside of [0, 1]")):
        _multinomials(1, 10, np.array([1.5, 0.5]), 1)
    assert _multinomials(1, 0, np.array([0.5, 0.5]), 2).tolist() == [[0, 0], [0, 0]]

    @njit
    def float_n(x):
        return np.random.multinomial(x, np.array([0.5, 0.5]))

    with pytest.raises(CompileError, match="n should be an integer, got float64"):
        float_n(2.5)
