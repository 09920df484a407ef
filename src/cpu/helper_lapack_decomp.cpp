#include "cpu/helper_lapack_decomp.hpp"

#include "cpu/lapack_support.hpp"

#include <cstddef>
#include <limits>

namespace ujit::cpu {
namespace {

template <class T> struct RealOf {
    using type = T;
};
template <class T> struct RealOf<std::complex<T>> {
    using type = T;
};
template <class T> using Real = typename RealOf<T>::type;
template <class T> constexpr bool is_complex_v = !std::is_same_v<T, Real<T>>;

// LAPACK's work-size answers come back as a T; the size it asks for, at least `floor`.
template <class T, class Int> Int work_size(T query, Int floor) {
    return std::max<Int>(static_cast<Int>(std::real(query)), floor);
}

template <class T> std::vector<T> work(int64_t n) {
    return std::vector<T>(static_cast<size_t>(std::max<int64_t>(n, 1)));
}

// A Fortran routine of `kind` as the prototype Fn (each declares `Int`, LAPACK's integer, and
// passes a CHARACTER argument's hidden length last, as gfortran expects); null where missing.
template <class Fn> Fn routine(int32_t kind, const char* name) {
    return reinterpret_cast<Fn>(lapack_routine(kind, name));
}

int32_t convergence(int64_t info) { return info > 0 ? UJIT_LINALG_NO_CONVERGENCE : UJIT_LINALG_OK; }

template <class T, class Int>
int32_t cholesky(int32_t kind, int64_t n, const char* a, int64_t s0, int64_t s1, void* out) {
    using Potrf = void (*)(const char*, const Int*, T*, const Int*, Int*, size_t);
    auto potrf = routine<Potrf>(kind, "potrf");
    if (!potrf) return UJIT_LINALG_NO_LAPACK;
    std::vector<T> m;
    column_major(a, n, n, s0, s1, m);  // Numba does not check for NaN here
    if (n == 0) return UJIT_LINALG_OK;
    Int N = static_cast<Int>(n), info = 0;
    potrf("L", &N, m.data(), &N, &info, 1);
    if (info > 0) return UJIT_LINALG_NOT_POSITIVE_DEFINITE;
    for (int64_t j = 1; j < n; ++j)  // the strict upper triangle LAPACK leaves untouched
        for (int64_t i = 0; i < j; ++i) m[static_cast<size_t>(j * n + i)] = T(0);
    store_row_major(m, n, n, out);
    return UJIT_LINALG_OK;
}

template <class T, class Int>
int32_t qr(int32_t kind, int64_t m, int64_t n, const char* a, int64_t s0, int64_t s1, void* q_out, void* r_out) {
    using Geqrf = void (*)(const Int*, const Int*, T*, const Int*, T*, T*, const Int*, Int*);
    using Orgqr = void (*)(const Int*, const Int*, const Int*, T*, const Int*, const T*, T*, const Int*, Int*);
    auto geqrf = routine<Geqrf>(kind, "geqrf");
    auto orgqr = routine<Orgqr>(kind, is_complex_v<T> ? "ungqr" : "orgqr");
    if (!geqrf || !orgqr) return UJIT_LINALG_NO_LAPACK;
    if (m == 0 || n == 0) return UJIT_LINALG_EMPTY;
    std::vector<T> q;
    if (!column_major(a, m, n, s0, s1, q)) return UJIT_LINALG_NONFINITE;
    const int64_t k = std::min(m, n);
    Int M = static_cast<Int>(m), N = static_cast<Int>(n), K = static_cast<Int>(k), lwork = -1, info = 0;
    std::vector<T> tau = work<T>(k);
    T query{};
    geqrf(&M, &N, q.data(), &M, tau.data(), &query, &lwork, &info);
    lwork = work_size(query, std::max<Int>(N, 1));
    std::vector<T> w = work<T>(lwork);
    geqrf(&M, &N, q.data(), &M, tau.data(), w.data(), &lwork, &info);
    T* r = static_cast<T*>(r_out);  // R: the upper triangle of the first k rows
    for (int64_t i = 0; i < k; ++i)
        for (int64_t j = 0; j < n; ++j) r[i * n + j] = j >= i ? q[static_cast<size_t>(j * m + i)] : T(0);
    lwork = -1;
    orgqr(&M, &K, &K, q.data(), &M, tau.data(), &query, &lwork, &info);
    lwork = work_size(query, std::max<Int>(K, 1));
    w = work<T>(lwork);
    orgqr(&M, &K, &K, q.data(), &M, tau.data(), w.data(), &lwork, &info);
    if (info > 0) return UJIT_LINALG_NO_CONVERGENCE;
    store_row_major(q, m, k, q_out);
    return UJIT_LINALG_OK;
}

template <class T, class Int>
int32_t eigh(int32_t kind, int64_t n, const char* a, int64_t s0, int64_t s1, void* w_out, void* v_out) {
    using RT = Real<T>;
    using Syevd = void (*)(const char*, const char*, const Int*, T*, const Int*, RT*, T*, const Int*, Int*, const Int*,
                           Int*, size_t, size_t);
    using Heevd = void (*)(const char*, const char*, const Int*, T*, const Int*, RT*, T*, const Int*, RT*, const Int*,
                           Int*, const Int*, Int*, size_t, size_t);
    void* fn = lapack_routine(kind, is_complex_v<T> ? "heevd" : "syevd");
    if (!fn) return UJIT_LINALG_NO_LAPACK;
    std::vector<T> m;
    if (!column_major(a, n, n, s0, s1, m)) return UJIT_LINALG_NONFINITE;
    if (n == 0) return UJIT_LINALG_OK;
    const char* jobz = v_out ? "V" : "N";
    Int N = static_cast<Int>(n), lwork = -1, lrwork = -1, liwork = -1, info = 0, iquery = 0;
    T query{};
    RT rquery{};
    auto* w = static_cast<RT*>(w_out);
    if constexpr (is_complex_v<T>) {
        auto heevd = reinterpret_cast<Heevd>(fn);
        heevd(jobz, "L", &N, m.data(), &N, w, &query, &lwork, &rquery, &lrwork, &iquery, &liwork, &info, 1, 1);
        lwork = work_size(query, Int(1));
        lrwork = work_size(rquery, Int(1));
        liwork = std::max<Int>(iquery, 1);
        std::vector<T> wk = work<T>(lwork);
        std::vector<RT> rwk = work<RT>(lrwork);
        std::vector<Int> iwk = work<Int>(liwork);
        heevd(jobz, "L", &N, m.data(), &N, w, wk.data(), &lwork, rwk.data(), &lrwork, iwk.data(), &liwork, &info, 1, 1);
    } else {
        auto syevd = reinterpret_cast<Syevd>(fn);
        syevd(jobz, "L", &N, m.data(), &N, w, &query, &lwork, &iquery, &liwork, &info, 1, 1);
        lwork = work_size(query, Int(1));
        liwork = std::max<Int>(iquery, 1);
        std::vector<T> wk = work<T>(lwork);
        std::vector<Int> iwk = work<Int>(liwork);
        syevd(jobz, "L", &N, m.data(), &N, w, wk.data(), &lwork, iwk.data(), &liwork, &info, 1, 1);
    }
    if (info > 0) return UJIT_LINALG_NO_CONVERGENCE;
    if (v_out) store_row_major(m, n, n, v_out);
    return UJIT_LINALG_OK;
}

template <class T, class Int>
int32_t eig(int32_t kind, int64_t n, const char* a, int64_t s0, int64_t s1, void* w_out, void* v_out) {
    using RT = Real<T>;
    using Rgeev = void (*)(const char*, const char*, const Int*, T*, const Int*, T*, T*, T*, const Int*, T*, const Int*,
                           T*, const Int*, Int*, size_t, size_t);
    using Cgeev = void (*)(const char*, const char*, const Int*, T*, const Int*, T*, T*, const Int*, T*, const Int*, T*,
                           const Int*, RT*, Int*, size_t, size_t);
    void* fn = lapack_routine(kind, "geev");
    if (!fn) return UJIT_LINALG_NO_LAPACK;
    std::vector<T> m;
    if (!column_major(a, n, n, s0, s1, m)) return UJIT_LINALG_NONFINITE;
    if (n == 0) return UJIT_LINALG_OK;
    const char* jobvr = v_out ? "V" : "N";
    Int N = static_cast<Int>(n), one = 1, ldvr = v_out ? N : 1, lwork = -1, info = 0;
    std::vector<T> vl(1), vr = work<T>(v_out ? n * n : 1);
    T query{};
    auto* w = static_cast<T*>(w_out);
    if constexpr (is_complex_v<T>) {
        auto geev = reinterpret_cast<Cgeev>(fn);
        std::vector<RT> rwork = work<RT>(2 * n);
        geev("N", jobvr, &N, m.data(), &N, w, vl.data(), &one, vr.data(), &ldvr, &query, &lwork, rwork.data(), &info, 1,
             1);
        lwork = work_size(query, std::max<Int>(2 * N, 1));
        std::vector<T> wk = work<T>(lwork);
        geev("N", jobvr, &N, m.data(), &N, w, vl.data(), &one, vr.data(), &ldvr, wk.data(), &lwork, rwork.data(), &info,
             1, 1);
    } else {
        auto geev = reinterpret_cast<Rgeev>(fn);
        std::vector<T> wi = work<T>(n);
        geev("N", jobvr, &N, m.data(), &N, w, wi.data(), vl.data(), &one, vr.data(), &ldvr, &query, &lwork, &info, 1,
             1);
        lwork = work_size(query, std::max<Int>(4 * N, 1));
        std::vector<T> wk = work<T>(lwork);
        geev("N", jobvr, &N, m.data(), &N, w, wi.data(), vl.data(), &one, vr.data(), &ldvr, wk.data(), &lwork, &info, 1,
             1);
        if (info == 0)
            for (int64_t i = 0; i < n; ++i)
                if (wi[static_cast<size_t>(i)] != 0) return UJIT_LINALG_DOMAIN_CHANGE;
    }
    if (info > 0) return UJIT_LINALG_NO_CONVERGENCE;
    if (v_out) store_row_major(vr, n, n, v_out);
    return UJIT_LINALG_OK;
}

// gesdd of the column-major copy `m` (rows x cols): s, and u (ldu x ucol), vt (ldvt x cols)
// for jobz 'A' or 'S' ('N': none).
template <class T, class Int> int32_t gesdd(int32_t kind, char jobz, int64_t rows, int64_t cols, std::vector<T>& m,
                                            Real<T>* s, std::vector<T>& u, std::vector<T>& vt, int64_t& ucol,
                                            int64_t& ldvt) {
    using RT = Real<T>;
    using Rgesdd = void (*)(const char*, const Int*, const Int*, T*, const Int*, RT*, T*, const Int*, T*, const Int*,
                            T*, const Int*, Int*, Int*, size_t);
    using Cgesdd = void (*)(const char*, const Int*, const Int*, T*, const Int*, RT*, T*, const Int*, T*, const Int*,
                            T*, const Int*, RT*, Int*, Int*, size_t);
    void* fn = lapack_routine(kind, "gesdd");
    if (!fn) return UJIT_LINALG_NO_LAPACK;
    const int64_t k = std::min(rows, cols), big = std::max(rows, cols);
    ucol = jobz == 'A' ? rows : jobz == 'S' ? k : 1;
    ldvt = jobz == 'A' ? cols : jobz == 'S' ? k : 1;
    u = work<T>(jobz == 'N' ? 1 : rows * ucol);
    vt = work<T>(jobz == 'N' ? 1 : ldvt * cols);
    Int M = static_cast<Int>(rows), N = static_cast<Int>(cols), LDU = static_cast<Int>(jobz == 'N' ? 1 : rows),
        LDVT = static_cast<Int>(ldvt), lwork = -1, info = 0;
    std::vector<Int> iwork = work<Int>(8 * k);
    const char job[2] = {jobz, 0};
    T query{};
    if constexpr (is_complex_v<T>) {
        auto f = reinterpret_cast<Cgesdd>(fn);
        std::vector<RT> rwork = work<RT>(k * std::max(5 * k + 7, 2 * big + 2 * k + 1));  // NumPy's size
        f(job, &M, &N, m.data(), &M, s, u.data(), &LDU, vt.data(), &LDVT, &query, &lwork, rwork.data(), iwork.data(),
          &info, 1);
        lwork = work_size(query, Int(1));
        std::vector<T> wk = work<T>(lwork);
        f(job, &M, &N, m.data(), &M, s, u.data(), &LDU, vt.data(), &LDVT, wk.data(), &lwork, rwork.data(), iwork.data(),
          &info, 1);
    } else {
        auto f = reinterpret_cast<Rgesdd>(fn);
        f(job, &M, &N, m.data(), &M, s, u.data(), &LDU, vt.data(), &LDVT, &query, &lwork, iwork.data(), &info, 1);
        lwork = work_size(query, Int(1));
        std::vector<T> wk = work<T>(lwork);
        f(job, &M, &N, m.data(), &M, s, u.data(), &LDU, vt.data(), &LDVT, wk.data(), &lwork, iwork.data(), &info, 1);
    }
    return convergence(info);
}

template <class T, class Int> int32_t svd(int32_t kind, int64_t m, int64_t n, const char* a, int64_t s0, int64_t s1,
                                          bool full, void* u_out, void* s_out, void* vh_out) {
    if (!lapack_routine(kind, "gesdd")) return UJIT_LINALG_NO_LAPACK;
    if (m == 0 || n == 0) return UJIT_LINALG_EMPTY;
    std::vector<T> c, u, vt;
    if (!column_major(a, m, n, s0, s1, c)) return UJIT_LINALG_NONFINITE;
    int64_t ucol = 0, ldvt = 0;
    char jobz = !u_out ? 'N' : full ? 'A' : 'S';
    int32_t st = gesdd<T, Int>(kind, jobz, m, n, c, static_cast<Real<T>*>(s_out), u, vt, ucol, ldvt);
    if (st != UJIT_LINALG_OK || !u_out) return st;
    store_row_major(u, m, ucol, u_out);
    store_row_major(vt, ldvt, n, vh_out);
    return UJIT_LINALG_OK;
}

// The singular values of a (min(m, n), descending) into s, as Numba's _compute_singular_values.
template <class T, class Int> int32_t singular_values(int32_t kind, int64_t m, int64_t n, const char* a, int64_t s0,
                                                      int64_t s1, std::vector<Real<T>>& s) {
    if (!lapack_routine(kind, "gesdd")) return UJIT_LINALG_NO_LAPACK;
    if (m == 0 || n == 0) return UJIT_LINALG_EMPTY;
    std::vector<T> c, u, vt;
    if (!column_major(a, m, n, s0, s1, c)) return UJIT_LINALG_NONFINITE;
    s.resize(static_cast<size_t>(std::min(m, n)));
    int64_t ucol = 0, ldvt = 0;
    return gesdd<T, Int>(kind, 'N', m, n, c, s.data(), u, vt, ucol, ldvt);
}

template <class T, class Int> int32_t lstsq(int32_t kind, int64_t m, int64_t n, const char* a, int64_t s0, int64_t s1,
                                            int64_t b_rows, int64_t nrhs, const char* bm, int64_t b0, int64_t b1,
                                            double rcond, void* x_out, void* res_out, int64_t* res_count,
                                            int32_t* rank_out, void* s_out) {
    using RT = Real<T>;
    using Rgelsd = void (*)(const Int*, const Int*, const Int*, T*, const Int*, T*, const Int*, RT*, const RT*, Int*,
                            T*, const Int*, Int*, Int*);
    using Cgelsd = void (*)(const Int*, const Int*, const Int*, T*, const Int*, T*, const Int*, RT*, const RT*, Int*,
                            T*, const Int*, RT*, Int*, Int*);
    void* fn = lapack_routine(kind, "gelsd");
    if (!fn) return UJIT_LINALG_NO_LAPACK;
    std::vector<T> ac, bc;
    bool ok = column_major(a, m, n, s0, s1, ac);
    std::vector<T> b_in;
    ok = column_major(bm, b_rows, nrhs, b0, b1, b_in) && ok;
    if (!ok) return UJIT_LINALG_NONFINITE;
    if (m == 0 || n == 0 || b_rows == 0 || nrhs == 0) return UJIT_LINALG_EMPTY;
    if (b_rows != m) return UJIT_LINALG_INCOMPATIBLE;
    const int64_t big = std::max(m, n);
    bc.assign(static_cast<size_t>(big * nrhs), T(0));  // b in the first m rows of a big x nrhs matrix
    for (int64_t j = 0; j < nrhs; ++j)
        for (int64_t i = 0; i < m; ++i) bc[static_cast<size_t>(j * big + i)] = b_in[static_cast<size_t>(j * m + i)];
    Int M = static_cast<Int>(m), N = static_cast<Int>(n), NRHS = static_cast<Int>(nrhs), LDB = static_cast<Int>(big),
        rank = 0, lwork = -1, info = 0, iquery = 0;
    RT rc = static_cast<RT>(rcond);
    auto* s = static_cast<RT*>(s_out);
    T query{};
    if constexpr (is_complex_v<T>) {
        auto f = reinterpret_cast<Cgelsd>(fn);
        RT rquery{};
        f(&M, &N, &NRHS, ac.data(), &M, bc.data(), &LDB, s, &rc, &rank, &query, &lwork, &rquery, &iquery, &info);
        lwork = work_size(query, Int(1));
        std::vector<T> wk = work<T>(lwork);
        std::vector<RT> rwk = work<RT>(static_cast<int64_t>(rquery));
        std::vector<Int> iwk = work<Int>(iquery);
        f(&M, &N, &NRHS, ac.data(), &M, bc.data(), &LDB, s, &rc, &rank, wk.data(), &lwork, rwk.data(), iwk.data(),
          &info);
    } else {
        auto f = reinterpret_cast<Rgelsd>(fn);
        f(&M, &N, &NRHS, ac.data(), &M, bc.data(), &LDB, s, &rc, &rank, &query, &lwork, &iquery, &info);
        lwork = work_size(query, Int(1));
        std::vector<T> wk = work<T>(lwork);
        std::vector<Int> iwk = work<Int>(iquery);
        f(&M, &N, &NRHS, ac.data(), &M, bc.data(), &LDB, s, &rc, &rank, wk.data(), &lwork, iwk.data(), &info);
    }
    if (info > 0) return UJIT_LINALG_NO_CONVERGENCE;
    *rank_out = static_cast<int32_t>(rank);
    store_row_major(bc, n, nrhs, x_out, big);
    *res_count = rank < N || m <= n ? 0 : nrhs;  // NumPy's residuals: only for a full-rank, overdetermined system
    auto* res = static_cast<RT*>(res_out);
    for (int64_t j = 0; j < *res_count; ++j) {
        RT sum = 0;
        for (int64_t i = n; i < m; ++i) sum += std::norm(bc[static_cast<size_t>(j * big + i)]);
        res[j] = sum;
    }
    return UJIT_LINALG_OK;
}

template <class T> T conj_of(T v) {
    if constexpr (is_complex_v<T>)
        return std::conj(v);
    else
        return v;
}

template <class T, class Int>
int32_t pinv(int32_t kind, int64_t m, int64_t n, const char* a, int64_t s0, int64_t s1, double rcond, void* out) {
    using RT = Real<T>;
    if (!lapack_routine(kind, "gesdd")) return UJIT_LINALG_NO_LAPACK;
    std::vector<T> c, u, vt;
    if (!column_major(a, m, n, s0, s1, c)) return UJIT_LINALG_NONFINITE;
    if (m == 0 || n == 0) return UJIT_LINALG_OK;
    const int64_t k = std::min(m, n);
    std::vector<RT> s(static_cast<size_t>(k));
    int64_t ucol = 0, ldvt = 0;
    int32_t st = gesdd<T, Int>(kind, 'S', m, n, c, s.data(), u, vt, ucol, ldvt);
    if (st != UJIT_LINALG_OK) return st;
    const RT cut = s[0] * static_cast<RT>(rcond);
    int64_t kept = 0;  // Numba's cut_idx: values past the last one above the cut are dropped
    for (int64_t j = 0; j < k; ++j)
        if (s[static_cast<size_t>(j)] > cut) {
            s[static_cast<size_t>(j)] = RT(1) / s[static_cast<size_t>(j)];
            kept = j + 1;
        }
    T* o = static_cast<T*>(out);  // pinv[i][j] = sum_l conj(vt[l][i]) / s[l] conj(u[j][l])
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < m; ++j) {
            T acc{};
            for (int64_t l = 0; l < kept; ++l)
                acc += conj_of(vt[static_cast<size_t>(i * ldvt + l)]) * s[static_cast<size_t>(l)] *
                       conj_of(u[static_cast<size_t>(l * m + j)]);
            o[i * m + j] = acc;
        }
    return UJIT_LINALG_OK;
}

// The matrix norm of a (n x n, C order) for p = 1, -1 (largest / smallest column sum of
// magnitudes), inf, -inf (rows), as np.linalg.norm.
template <class T> double matrix_norm(const std::vector<T>& a, int64_t n, double p) {
    const bool columns = std::fabs(p) == 1;
    double best = 0;
    for (int64_t i = 0; i < n; ++i) {
        double sum = 0;
        for (int64_t j = 0; j < n; ++j) sum += std::abs(a[static_cast<size_t>(columns ? j * n + i : i * n + j)]);
        best = i == 0 ? sum : p > 0 ? std::max(best, sum) : std::min(best, sum);
    }
    return best;
}

// x y of two n x n matrices in C order.
template <class T> std::vector<T> multiply(const std::vector<T>& x, const std::vector<T>& y, int64_t n) {
    std::vector<T> out(x.size(), T(0));
    for (int64_t i = 0; i < n; ++i)
        for (int64_t k = 0; k < n; ++k) {
            T v = x[static_cast<size_t>(i * n + k)];
            for (int64_t j = 0; j < n; ++j)
                out[static_cast<size_t>(i * n + j)] += v * y[static_cast<size_t>(k * n + j)];
        }
    return out;
}

}  // namespace
}  // namespace ujit::cpu

using namespace ujit::cpu;

extern "C" {

int32_t ujit_rt_linalg_cholesky(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* out) {
    return lapack_dispatch(kind, n, n, [&](auto i, auto t) {
        return cholesky<decltype(t), decltype(i)>(kind, n, static_cast<const char*>(a), s0, s1, out);
    });
}

int32_t ujit_rt_linalg_qr(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, void* q, void* r) {
    return lapack_dispatch(kind, m, n, [&](auto i, auto t) {
        return qr<decltype(t), decltype(i)>(kind, m, n, static_cast<const char*>(a), s0, s1, q, r);
    });
}

int32_t ujit_rt_linalg_eigh(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* w, void* v) {
    return lapack_dispatch(kind, n, n, [&](auto i, auto t) {
        return eigh<decltype(t), decltype(i)>(kind, n, static_cast<const char*>(a), s0, s1, w, v);
    });
}

int32_t ujit_rt_linalg_eig(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* w, void* v) {
    return lapack_dispatch(kind, n, n, [&](auto i, auto t) {
        return eig<decltype(t), decltype(i)>(kind, n, static_cast<const char*>(a), s0, s1, w, v);
    });
}

int32_t ujit_rt_linalg_svd(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, int32_t full,
                           void* u, void* s, void* vh) {
    return lapack_dispatch(kind, std::max(m, n), std::max(m, n), [&](auto i, auto t) {
        return svd<decltype(t), decltype(i)>(kind, m, n, static_cast<const char*>(a), s0, s1, full != 0, u, s, vh);
    });
}

int32_t ujit_rt_linalg_lstsq(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, int64_t b_rows,
                             int64_t nrhs, const void* b, int64_t b0, int64_t b1, double rcond, void* x,
                             void* residuals, int64_t* residual_count, int32_t* rank, void* s) {
    *residual_count = 0;
    *rank = 0;
    return lapack_dispatch(kind, std::max({m, n, b_rows}), std::max({m, n, nrhs}), [&](auto i, auto t) {
        return lstsq<decltype(t), decltype(i)>(kind, m, n, static_cast<const char*>(a), s0, s1, b_rows, nrhs,
                                               static_cast<const char*>(b), b0, b1, rcond, x, residuals, residual_count,
                                               rank, s);
    });
}

int32_t ujit_rt_linalg_pinv(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, double rcond,
                            void* out) {
    return lapack_dispatch(kind, std::max(m, n), std::max(m, n), [&](auto i, auto t) {
        return pinv<decltype(t), decltype(i)>(kind, m, n, static_cast<const char*>(a), s0, s1, rcond, out);
    });
}

int32_t ujit_rt_linalg_matrix_rank(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1,
                                   int32_t has_tol, double tol, int64_t* rank) {
    *rank = 0;
    return lapack_dispatch(kind, std::max(m, n), std::max(m, n), [&](auto i, auto t) -> int32_t {
        using T = decltype(t);
        using RT = Real<T>;
        std::vector<RT> s;
        int32_t st = singular_values<T, decltype(i)>(kind, m, n, static_cast<const char*>(a), s0, s1, s);
        if (st != UJIT_LINALG_OK) return st;
        RT cut = has_tol ? static_cast<RT>(tol)
                         : s[0] * static_cast<RT>(std::max(m, n)) * std::numeric_limits<RT>::epsilon();
        for (RT v : s) {  // descending: stop at the first at or below the cut, as Numba
            if (!(v > cut)) break;
            ++*rank;
        }
        return UJIT_LINALG_OK;
    });
}

int32_t ujit_rt_linalg_cond(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, int32_t has_p,
                            double p, double* out) {
    const bool by_svd = !has_p || p == 2 || p == -2;
    if (!by_svd && p != 1 && p != -1 && !std::isinf(p)) return UJIT_LINALG_BAD_ORDER;
    return lapack_dispatch(kind, std::max(m, n), std::max(m, n), [&](auto i, auto t) -> int32_t {
        using T = decltype(t);
        using RT = Real<T>;
        double r = 0;
        if (by_svd) {
            std::vector<RT> s;
            int32_t st = singular_values<T, decltype(i)>(kind, m, n, static_cast<const char*>(a), s0, s1, s);
            if (st != UJIT_LINALG_OK) return st;
            r = has_p && p == -2 ? s.back() / s.front() : s.front() / s.back();
        } else {
            if (m != n) return UJIT_LINALG_NOT_SQUARE;
            std::vector<T> x(static_cast<size_t>(n * n)), inv(static_cast<size_t>(n * n));
            for (int64_t r0 = 0; r0 < n; ++r0)
                for (int64_t c = 0; c < n; ++c)
                    std::memcpy(&x[static_cast<size_t>(r0 * n + c)], static_cast<const char*>(a) + r0 * s0 + c * s1,
                                sizeof(T));
            int64_t item = static_cast<int64_t>(sizeof(T));
            int32_t st = ujit_rt_linalg_inv(kind, n, x.data(), n * item, item, inv.data());
            if (st != UJIT_LINALG_OK) return st;
            r = matrix_norm(x, n, p) * matrix_norm(inv, n, p);
        }
        *out = std::isnan(r) ? std::numeric_limits<double>::infinity() : r;  // Numba's: a NaN ratio is inf
        return UJIT_LINALG_OK;
    });
}

int32_t ujit_rt_linalg_matrix_power(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1,
                                    int64_t power, void* out) {
    auto run = [&](auto t) -> int32_t {
        using T = decltype(t);
        if (power == 0) {  // Numba's: zeros of a's shape with ones on the diagonal, square or not
            T* o = static_cast<T*>(out);
            for (int64_t r = 0; r < m; ++r)
                for (int64_t c = 0; c < n; ++c) o[r * n + c] = T(r == c ? 1 : 0);
            return UJIT_LINALG_OK;
        }
        const size_t nn = static_cast<size_t>(n * n);
        std::vector<T> base(nn), result(nn, T(0));
        for (int64_t r = 0; r < n; ++r)
            for (int64_t c = 0; c < n; ++c)
                std::memcpy(&base[static_cast<size_t>(r * n + c)], static_cast<const char*>(a) + r * s0 + c * s1,
                            sizeof(T));
        if (power < 0 && n > 0) {  // LAPACK only here (np.dot is BLAS's, or ujit's loops)
            int64_t item = static_cast<int64_t>(sizeof(T));
            std::vector<T> inv(nn);
            int32_t st = ujit_rt_linalg_inv(kind, n, base.data(), n * item, item, inv.data());
            if (st != UJIT_LINALG_OK) return st;
            base.swap(inv);
        }
        uint64_t e = power < 0 ? 0 - static_cast<uint64_t>(power) : static_cast<uint64_t>(power);
        bool first = true;
        while (e != 0) {  // Numba's: the first set bit's power is taken as is, the rest multiplied in
            if (e & 1) {
                result = first ? base : multiply(result, base, n);
                first = false;
            }
            e >>= 1;
            if (e != 0) base = multiply(base, base, n);
        }
        if (n > 0) std::memcpy(out, result.data(), nn * sizeof(T));
        return UJIT_LINALG_OK;
    };
    switch (kind) {
    case UJIT_LINALG_F32: return run(float{});
    case UJIT_LINALG_F64: return run(double{});
    case UJIT_LINALG_C64: return run(std::complex<float>{});
    default: return run(std::complex<double>{});
    }
}
}
