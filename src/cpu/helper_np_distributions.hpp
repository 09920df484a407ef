// np.random's distributions beyond normal, uniform and exponential (gamma, beta, poisson,
// binomial, ...) for generated CPU code, computed as Numba 0.68 computes them
// (numba/np/random/legacy.py, which takes CPython's gammavariate, betavariate and vonmisesvariate
// and NumPy's legacy poisson, binomial and geometric), from the calling thread's np.random
// generator: after np.random.seed(s) ujit draws Numba's values.
#pragma once

#include <cstdint>

extern "C" {

// One row per distribution: its kind code, whether it yields int64 (else float64), and the
// ValueError messages its checks raise (code 1, 2 of ujit_rt_np_distribution; null: none).
// The parameters are a, b, c as np.random names them, in order (nplib/random_distributions.cpp).
#define UJIT_NP_DISTRIBUTIONS(X)                                                                                       \
    X(GAMMA, 0, "gammavariate: alpha and beta must be > 0.0", nullptr)                                                 \
    X(BETA, 0, "gammavariate: alpha and beta must be > 0.0", nullptr)                                                  \
    X(CHISQUARE, 0, "gammavariate: alpha and beta must be > 0.0", nullptr)                                             \
    X(F, 0, "gammavariate: alpha and beta must be > 0.0", nullptr)                                                     \
    X(STANDARD_T, 0, "gammavariate: alpha and beta must be > 0.0", nullptr)                                            \
    X(LOGNORMAL, 0, nullptr, nullptr)                                                                                  \
    X(LAPLACE, 0, nullptr, nullptr)                                                                                    \
    X(LOGISTIC, 0, nullptr, nullptr)                                                                                   \
    X(GUMBEL, 0, nullptr, nullptr)                                                                                     \
    X(PARETO, 0, nullptr, nullptr)                                                                                     \
    X(POWER, 0, "power(): a <= 0", nullptr)                                                                            \
    X(RAYLEIGH, 0, "rayleigh(): scale <= 0", nullptr)                                                                  \
    X(WEIBULL, 0, nullptr, nullptr)                                                                                    \
    X(STANDARD_CAUCHY, 0, nullptr, nullptr)                                                                            \
    X(TRIANGULAR, 0, nullptr, nullptr)                                                                                 \
    X(WALD, 0, "wald(): mean <= 0", "wald(): scale <= 0")                                                              \
    X(VONMISES, 0, nullptr, nullptr)                                                                                   \
    X(POISSON, 1, "poisson(): lambda < 0", nullptr)                                                                    \
    X(BINOMIAL, 1, "binomial(): n <= 0", "binomial(): p outside of [0, 1]")                                            \
    X(GEOMETRIC, 1, "geometric(): p outside of (0, 1]", nullptr)                                                       \
    X(NEGATIVE_BINOMIAL, 1, "negative_binomial(): n <= 0", "negative_binomial(): p outside of [0, 1]")                 \
    X(LOGSERIES, 1, "logseries(): p outside of (0, 1]", nullptr)                                                       \
    X(ZIPF, 1, "zipf(): a <= 1", nullptr)

enum UjitNpDistribution : int32_t {
#define UJIT_NP_DIST_ENUM(name, is_int, e1, e2) UJIT_NP_DIST_##name,
    UJIT_NP_DISTRIBUTIONS(UJIT_NP_DIST_ENUM)
#undef UJIT_NP_DIST_ENUM
};

// Draws n values of distribution `kind` with parameters a, b, c into out (float64 or int64 by
// the kind's row), after checking the parameters as Numba does: 0, or the 1-based number of the
// failed check (its message in the row), with nothing drawn.
int32_t ujit_rt_np_distribution(int32_t kind, double a, double b, double c, void* out, int64_t n);

// np.random.multinomial(n, pvals, size) as Numba's multinomial_inner: `out` holds rows of k
// counts (`total` items in all), zeroed here; in each row outcome j takes a binomial draw of
// the experiments left with probability pvals[j] / (the probability left), the last outcome
// the rest. 0, or the failed binomial check (UJIT_NP_DIST_BINOMIAL's row: 1 n < 0, 2 p outside
// [0, 1]).
int32_t ujit_rt_np_multinomial(int64_t n, const double* pvals, int64_t k, int64_t* out, int64_t total);
}
