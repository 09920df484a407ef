#include "cpu/helper_np_distributions.hpp"

#include "cpu/helper_random.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numbers>

namespace ujit::cpu {
namespace {

constexpr double kPi = std::numbers::pi;

// The draws every distribution is made of: np.random.random() and np.random.standard_normal().
struct Draws {
    MersenneTwister& g;
    double random() { return g.next_double(); }
    double gauss() { return g.next_gauss(); }

    // CPython's gammavariate (Numba's _gammavariate_impl over np.random.random).
    double gamma(double alpha, double beta) {
        const double sg_magicconst = 1.0 + std::log(4.5);
        if (alpha > 1.0) {  // R.C.H. Cheng (1977)
            const double ainv = std::sqrt(2.0 * alpha - 1.0);
            const double bbb = alpha - std::log(4.0);
            const double ccc = alpha + ainv;
            for (;;) {
                double u1 = random();
                if (!(1e-7 < u1 && u1 < .9999999)) continue;
                double u2 = 1.0 - random();
                double v = std::log(u1 / (1.0 - u1)) / ainv;
                double x = alpha * std::exp(v);
                double z = u1 * u1 * u2;
                double r = bbb + ccc * v - x;
                if (r + sg_magicconst - 4.5 * z >= 0.0 || r >= std::log(z)) return x * beta;
            }
        }
        if (alpha == 1.0) return -std::log(1.0 - random()) * beta;
        double x;
        for (;;) {  // ALGORITHM GS of Kennedy & Gentle
            double u = random();
            double b = (std::numbers::e + alpha) / std::numbers::e;
            double p = b * u;
            x = p <= 1.0 ? std::pow(p, 1.0 / alpha) : -std::log((b - p) / alpha);
            double u1 = random();
            if (p > 1.0) {
                if (u1 <= std::pow(x, alpha - 1.0)) break;
            } else if (u1 <= std::exp(-x)) {
                break;
            }
        }
        return x * beta;
    }

    double chisquare(double df) { return 2.0 * gamma(df / 2.0, 1.0); }

    // Numba's poisson: Knuth's multiplication below 10, NumPy's PTRS (Hörmann 1992) above.
    int64_t poisson(double lam) {
        if (lam >= 10.0) return poisson_ptrs(lam);
        if (lam == 0.0) return 0;
        const double enlam = std::exp(-lam);
        int64_t x = 0;
        double prod = 1.0;
        for (;;) {
            prod *= random();
            if (prod <= enlam) return x;
            ++x;
        }
    }

    static double loggam(double x) {
        static const double a[10] = {8.333333333333333e-02,  -2.777777777777778e-03, 7.936507936507937e-04,
                                     -5.952380952380952e-04, 8.417508417508418e-04,  -1.917526917526918e-03,
                                     6.410256410256410e-03,  -2.955065359477124e-02, 1.796443723688307e-01,
                                     -1.39243221690590e+00};
        double x0 = x;
        long n = 0;
        if (x == 1.0 || x == 2.0) return 0.0;
        if (x <= 7.0) {
            n = static_cast<long>(7 - x);
            x0 = x + static_cast<double>(n);
        }
        double x2 = 1.0 / (x0 * x0);
        double gl0 = a[9];
        for (int k = 8; k >= 0; --k) gl0 = gl0 * x2 + a[k];
        double gl = gl0 / x0 + 0.5 * std::log(2 * kPi) + (x0 - 0.5) * std::log(x0) - x0;
        if (x <= 7.0)
            for (long k = 1; k <= n; ++k) {
                gl -= std::log(x0 - 1.0);
                x0 -= 1.0;
            }
        return gl;
    }

    int64_t poisson_ptrs(double lam) {
        const double slam = std::sqrt(lam), loglam = std::log(lam);
        const double b = 0.931 + 2.53 * slam;
        const double a = -0.059 + 0.02483 * b;
        const double invalpha = 1.1239 + 1.1328 / (b - 3.4);
        const double vr = 0.9277 - 3.6224 / (b - 2);
        for (;;) {
            double u = random() - 0.5;
            double v = random();
            double us = 0.5 - std::fabs(u);
            auto k = static_cast<int64_t>(std::floor((2 * a / us + b) * u + lam + 0.43));
            if (us >= 0.07 && v <= vr) return k;
            if (k < 0 || (us < 0.013 && v > us)) continue;
            if (std::log(v) + std::log(invalpha) - std::log(a / (us * us) + b) <=
                -lam + static_cast<double>(k) * loglam - loggam(static_cast<double>(k) + 1))
                return k;
        }
    }

    // NumPy's legacy BTPE (Numba's make_binomial_btpe with the legacy squeeze), r <= 0.5.
    int64_t binomial_btpe(int64_t n, double r) {
        const double q = 1.0 - r;
        const double fm = static_cast<double>(n) * r + r;
        const auto m = static_cast<int64_t>(std::floor(fm));
        const double p1 = std::floor(2.195 * std::sqrt(static_cast<double>(n) * r * q) - 4.6 * q) + 0.5;
        const double xm = static_cast<double>(m) + 0.5;
        const double xl = xm - p1, xr = xm + p1;
        const double c = 0.134 + 20.5 / (15.3 + static_cast<double>(m));
        double a = (fm - xl) / (fm - xl * r);
        const double laml = a * (1.0 + a / 2.0);
        a = (xr - fm) / (xr * q);
        const double lamr = a * (1.0 + a / 2.0);
        const double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
        const double nrq = static_cast<double>(n) * r * q;
        for (;;) {
            double u = random() * p4;
            double v = random();
            int64_t y;
            if (u <= p1) return static_cast<int64_t>(std::floor(xm - p1 * v + u));
            if (u <= p2) {
                double x = xl + (u - p1) / c;
                v = v * c + 1.0 - std::fabs(static_cast<double>(m) - x + 0.5) / p1;
                if (v > 1.0) continue;
                y = static_cast<int64_t>(std::floor(x));
            } else if (u <= p3) {
                y = static_cast<int64_t>(std::floor(xl + std::log(v) / laml));
                if (y < 0 || v == 0.0) continue;
                v = v * (u - p2) * laml;
            } else {
                y = static_cast<int64_t>(std::floor(xr - std::log(v) / lamr));
                if (y > n || v == 0.0) continue;
                v = v * (u - p3) * lamr;
            }
            const int64_t k = std::llabs(y - m);
            if (!(k > 20 && static_cast<double>(k) < nrq / 2.0 - 1)) {
                const double s = r / q;
                const double aa = s * static_cast<double>(n + 1);
                double f = 1.0;
                if (m < y)
                    for (int64_t i = m + 1; i <= y; ++i) f *= aa / static_cast<double>(i) - s;
                else if (m > y)
                    for (int64_t i = y + 1; i <= m; ++i) f /= aa / static_cast<double>(i) - s;
                if (v > f) continue;
                return y;
            }
            const double kd = static_cast<double>(k);
            const double rho = (kd / nrq) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
            const double t = -kd * kd / (2 * nrq);
            const double big_a = std::log(v);
            if (big_a < t - rho) return y;
            if (big_a > t + rho) continue;
            const double x1 = static_cast<double>(y + 1), f1 = static_cast<double>(m + 1);
            const double z = static_cast<double>(n + 1 - m), w = static_cast<double>(n - y + 1);
            const double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
            auto stirling = [](double d2, double d) {
                return (13680. - (462. - (132. - (99. - 140. / d2) / d2) / d2) / d2) / d / 166320.;
            };
            const bool reject = big_a > xm * std::log(f1 / x1) + (static_cast<double>(n - m) + 0.5) * std::log(z / w) +
                                            static_cast<double>(y - m) * std::log(w * r / (x1 * q)) + stirling(f2, f1) +
                                            stirling(z2, z) + stirling(x2, x1) + stirling(w2, w);
            if (reject) continue;
            return y;
        }
    }

    // Numba's binomial: BINV (inversion) for n * p <= 30, BTPE above.
    int64_t binomial(int64_t n, double p) {
        if (p == 0.0) return 0;
        if (p == 1.0) return n;
        const bool flipped = p > 0.5;
        if (flipped) p = 1.0 - p;
        const double q = 1.0 - p;
        const double np_prod = static_cast<double>(n) * p;
        if (np_prod > 30.0) {
            int64_t x = binomial_btpe(n, p);
            return flipped ? n - x : x;
        }
        int64_t niters = 1;
        double qn = std::pow(q, static_cast<double>(n));
        while (qn <= 1e-308) {  // underflow: split into several runs
            niters <<= 2;
            n >>= 2;
            qn = std::pow(q, static_cast<double>(n));
        }
        const double bound = std::min(static_cast<double>(n), np_prod + 10.0 * std::sqrt(np_prod * q + 1));
        int64_t total = 0;
        while (niters > 0) {
            int64_t x = 0;
            double u = random();
            double px = qn;
            while (static_cast<double>(x) <= bound) {
                if (u <= px) {
                    total += flipped ? n - x : x;
                    --niters;
                    break;
                }
                u -= px;
                ++x;
                px = (static_cast<double>(n - x + 1) * p * px) / (static_cast<double>(x) * q);
            }
        }
        return total;
    }

    int64_t geometric(double p) {
        const double q = 1.0 - p;
        if (p >= 0.333333333333333333333333) {
            int64_t x = 1;
            double sum = p, prod = p;
            double u = random();
            while (u > sum) {
                prod *= q;
                sum += prod;
                ++x;
            }
            return x;
        }
        return static_cast<int64_t>(std::ceil(std::log(1.0 - random()) / std::log(q)));
    }

    int64_t logseries(double p) {
        const double r = std::log(1.0 - p);
        for (;;) {
            double v = random();
            if (v >= p) return 1;
            double u = random();
            double q = 1.0 - std::exp(r * u);
            if (v <= q * q) return static_cast<int64_t>(1.0 + std::log(v) / std::log(q));
            return v >= q ? 1 : 2;
        }
    }

    int64_t zipf(double a) {
        const double am1 = a - 1.0;
        const double b = std::pow(2.0, am1);
        for (;;) {
            double u = 1.0 - random();
            double v = random();
            double xf = std::floor(std::pow(u, -1.0 / am1));
            if (xf > static_cast<double>(std::numeric_limits<int64_t>::max()) || xf < 1.0) continue;
            auto x = static_cast<int64_t>(xf);
            double t = std::pow(1.0 + 1.0 / static_cast<double>(x), am1);
            if (v * static_cast<double>(x) * (t - 1.0) / (b - 1.0) <= t / b) return x;
        }
    }

    double vonmises(double mu, double kappa) {  // CPython's vonmisesvariate (Fisher 1993)
        if (kappa <= 1e-6) return 2.0 * kPi * random();
        const double s = 0.5 / kappa;
        const double r = s + std::sqrt(1.0 + s * s);
        double z;
        for (;;) {
            z = std::cos(kPi * random());
            double d = z / (r + z);
            double u2 = random();
            if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * std::exp(d)) break;
        }
        const double q = 1.0 / r;
        const double f = (q + z) / (1.0 + q * z);
        const double theta = random() > 0.5 ? mu + std::acos(f) : mu - std::acos(f);
        double m = std::fmod(theta, 2.0 * kPi);  // Python's %: the divisor's sign
        if (m != 0 && m < 0) m += 2.0 * kPi;
        return m;
    }

    double triangular(double left, double mode, double right) {
        if (right == left) return left;
        double u = random();
        double c = (mode - left) / (right - left);
        if (u > c) {
            u = 1.0 - u;
            c = 1.0 - c;
            std::swap(left, right);
        }
        return left + (right - left) * std::sqrt(u * c);
    }

    double wald(double mean, double scale) {
        const double mu_2l = mean / (2.0 * scale);
        double y = gauss();
        y = mean * y * y;
        const double x = mean + mu_2l * (y - std::sqrt(4 * scale * y + y * y));
        return random() <= mean / (mean + x) ? x : mean * mean / x;
    }

    double real(int32_t kind, double a, double b, double c) {
        switch (kind) {
        case UJIT_NP_DIST_GAMMA: return gamma(a, b);
        case UJIT_NP_DIST_BETA: {  // CPython's betavariate over gamma
            double y = gamma(a, 1.0);
            return y == 0.0 ? 0.0 : y / (y + gamma(b, 1.0));
        }
        case UJIT_NP_DIST_CHISQUARE: return chisquare(a);
        case UJIT_NP_DIST_F: {
            double num = chisquare(a) * b;
            return num / (chisquare(b) * a);
        }
        case UJIT_NP_DIST_STANDARD_T: {
            double n = gauss();
            double g = gamma(a / 2.0, 1.0);
            return std::sqrt(a / 2.0) * n / std::sqrt(g);
        }
        case UJIT_NP_DIST_LOGNORMAL: return std::exp(a + b * gauss());
        case UJIT_NP_DIST_LAPLACE: {
            double u = random();
            return u < 0.5 ? a + b * std::log(u + u) : a - b * std::log(2.0 - u - u);
        }
        case UJIT_NP_DIST_LOGISTIC: {
            double u = random();
            return a + b * std::log(u / (1.0 - u));
        }
        case UJIT_NP_DIST_GUMBEL: return a - b * std::log(-std::log(1.0 - random()));
        case UJIT_NP_DIST_PARETO: return 1.0 / std::pow(1.0 - random(), 1.0 / a) - 1;
        case UJIT_NP_DIST_POWER: return std::pow(1 - std::exp(std::log(1.0 - random())), 1. / a);
        case UJIT_NP_DIST_RAYLEIGH: return a * std::sqrt(-2.0 * std::log(1.0 - random()));
        case UJIT_NP_DIST_WEIBULL: return std::pow(-std::log(1.0 - random()), 1.0 / a);
        case UJIT_NP_DIST_STANDARD_CAUCHY: {
            double n = gauss();
            return n / gauss();
        }
        case UJIT_NP_DIST_TRIANGULAR: return triangular(a, b, c);
        case UJIT_NP_DIST_WALD: return wald(a, b);
        case UJIT_NP_DIST_VONMISES: return vonmises(a, b);
        default: return 0.0;
        }
    }

    int64_t integer(int32_t kind, double a, double b) {
        switch (kind) {
        case UJIT_NP_DIST_POISSON: return poisson(a);
        case UJIT_NP_DIST_BINOMIAL: return binomial(static_cast<int64_t>(a), b);
        case UJIT_NP_DIST_GEOMETRIC: return geometric(a);
        case UJIT_NP_DIST_NEGATIVE_BINOMIAL: return poisson(gamma(a, (1.0 - b) / b));
        case UJIT_NP_DIST_LOGSERIES: return logseries(a);
        case UJIT_NP_DIST_ZIPF: return zipf(a);
        default: return 0;
        }
    }
};

// Numba's checks, before any draw: 0, or the failed check's number (its message in the row).
int32_t check(int32_t kind, double a, double b) {
    switch (kind) {
    case UJIT_NP_DIST_GAMMA:
    case UJIT_NP_DIST_BETA:
    case UJIT_NP_DIST_F: return a <= 0.0 || b <= 0.0 ? 1 : 0;
    case UJIT_NP_DIST_CHISQUARE:
    case UJIT_NP_DIST_STANDARD_T:
    case UJIT_NP_DIST_POWER:
    case UJIT_NP_DIST_RAYLEIGH: return a <= 0.0 ? 1 : 0;
    case UJIT_NP_DIST_WALD: return a <= 0.0 ? 1 : b <= 0.0 ? 2 : 0;
    case UJIT_NP_DIST_POISSON: return a < 0.0 ? 1 : 0;
    case UJIT_NP_DIST_BINOMIAL: return a < 0.0 ? 1 : !(0.0 <= b && b <= 1.0) ? 2 : 0;
    case UJIT_NP_DIST_GEOMETRIC:
    case UJIT_NP_DIST_LOGSERIES: return a <= 0.0 || a > 1.0 ? 1 : 0;
    case UJIT_NP_DIST_NEGATIVE_BINOMIAL: return a <= 0.0 ? 1 : b < 0.0 || b > 1.0 ? 2 : 0;
    case UJIT_NP_DIST_ZIPF: return a <= 1.0 ? 1 : 0;
    default: return 0;
    }
}

bool yields_int(int32_t kind) {
    switch (kind) {
#define UJIT_NP_DIST_INT(name, is_int, e1, e2)                                                                         \
    case UJIT_NP_DIST_##name: return is_int != 0;
        UJIT_NP_DISTRIBUTIONS(UJIT_NP_DIST_INT)
#undef UJIT_NP_DIST_INT
    }
    return false;
}

}  // namespace
}  // namespace ujit::cpu

extern "C" int32_t ujit_rt_np_distribution(int32_t kind, double a, double b, double c, void* out, int64_t n) {
    if (int32_t failed = ujit::cpu::check(kind, a, b)) return failed;
    ujit::cpu::Draws d{ujit::cpu::thread_np_random()};
    if (ujit::cpu::yields_int(kind)) {
        auto* o = static_cast<int64_t*>(out);
        for (int64_t i = 0; i < n; ++i) o[i] = d.integer(kind, a, b);
    } else {
        auto* o = static_cast<double*>(out);
        for (int64_t i = 0; i < n; ++i) o[i] = d.real(kind, a, b, c);
    }
    return 0;
}

extern "C" int32_t ujit_rt_np_multinomial(int64_t n, const double* pvals, int64_t k, int64_t* out, int64_t total) {
    std::fill(out, out + total, int64_t{0});
    if (k <= 0) return 0;
    ujit::cpu::Draws d{ujit::cpu::thread_np_random()};
    for (int64_t row = 0; row + k <= total; row += k) {
        double p_left = 1.0;
        int64_t left = n;
        for (int64_t j = 0; j + 1 < k; ++j) {
            const double p = pvals[j] / p_left;
            if (int32_t failed = ujit::cpu::check(UJIT_NP_DIST_BINOMIAL, static_cast<double>(left), p)) return failed;
            out[row + j] = d.binomial(left, p);
            left -= out[row + j];
            if (left <= 0) break;
            p_left -= pvals[j];
        }
        if (left > 0) out[row + k - 1] = left;
    }
    return 0;
}
