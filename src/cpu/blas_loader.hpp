// The BLAS that np.dot, np.vdot and `@` use in compiled CPU code, as Numba uses SciPy's:
// Debian's OpenBLAS (libopenblas-dev), opened with dlopen on first use as the CUDA driver is
// (src/cudadrv/driver_loader.cpp), never linked. The CBLAS entry points ujit calls are one
// table; where no library has them (or UJIT_DISABLE_BLAS=1), the table is empty and the
// callers (helper_linalg.cpp) compute with their own loops, with the same results up to
// rounding. UJIT_BLAS_LIBRARY names another library to try first.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ujit::cpu {

// CBLAS's enums (cblas.h), as the ABI passes them.
enum CblasOrder : int { CblasRowMajor = 101, CblasColMajor = 102 };
enum CblasTranspose : int { CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113 };

// The CBLAS prototypes (LP64: 32-bit int sizes and increments, as Debian's OpenBLAS).
struct BlasApi {
    float (*sdot)(int n, const float* x, int incx, const float* y, int incy) = nullptr;
    double (*ddot)(int n, const double* x, int incx, const double* y, int incy) = nullptr;
    void (*cdotu_sub)(int n, const void* x, int incx, const void* y, int incy, void* out) = nullptr;
    void (*zdotu_sub)(int n, const void* x, int incx, const void* y, int incy, void* out) = nullptr;
    void (*cdotc_sub)(int n, const void* x, int incx, const void* y, int incy, void* out) = nullptr;
    void (*zdotc_sub)(int n, const void* x, int incx, const void* y, int incy, void* out) = nullptr;
    void (*sgemm)(int order, int ta, int tb, int m, int n, int k, float alpha, const float* a, int lda, const float* b,
                  int ldb, float beta, float* c, int ldc) = nullptr;
    void (*dgemm)(int order, int ta, int tb, int m, int n, int k, double alpha, const double* a, int lda,
                  const double* b, int ldb, double beta, double* c, int ldc) = nullptr;
    void (*cgemm)(int order, int ta, int tb, int m, int n, int k, const void* alpha, const void* a, int lda,
                  const void* b, int ldb, const void* beta, void* c, int ldc) = nullptr;
    void (*zgemm)(int order, int ta, int tb, int m, int n, int k, const void* alpha, const void* a, int lda,
                  const void* b, int ldb, const void* beta, void* c, int ldc) = nullptr;
    void (*sgemv)(int order, int ta, int m, int n, float alpha, const float* a, int lda, const float* x, int incx,
                  float beta, float* y, int incy) = nullptr;
    void (*dgemv)(int order, int ta, int m, int n, double alpha, const double* a, int lda, const double* x, int incx,
                  double beta, double* y, int incy) = nullptr;
    void (*cgemv)(int order, int ta, int m, int n, const void* alpha, const void* a, int lda, const void* x, int incx,
                  const void* beta, void* y, int incy) = nullptr;
    void (*zgemv)(int order, int ta, int m, int n, const void* alpha, const void* a, int lda, const void* x, int incx,
                  const void* beta, void* y, int incy) = nullptr;
};

struct BlasLoad {
    bool available = false;
    std::string library;  // the library that was opened, when available
    bool ilp64 = false;   // its CBLAS takes 64-bit integers (NumPy's bundled scipy-openblas64)
    std::string reason;   // why not, otherwise
    BlasApi api;          // complete when available
    void* handle = nullptr;
};

// Tries `library` alone (empty: UJIT_BLAS_LIBRARY, the OpenBLAS libraries in
// UJIT_BLAS_SEARCH_PATH's directories, such as NumPy's numpy.libs, then libopenblas.so.0,
// libopenblas.so, libcblas.so.3, libblas.so.3, in turn). Never throws.
BlasLoad load_blas(const std::string& library = "", bool honour_disable_env = true);

// The OpenBLAS libraries (libscipy_openblas*.so*, libopenblas*.so*) in each directory of
// UJIT_BLAS_SEARCH_PATH (':'-separated), sorted per directory: the Python package sets it to
// the numpy.libs folder beside the numpy package it would import, found without importing
// NumPy (lang/python/ujit/_native.py), so that compiled code uses NumPy's own BLAS.
std::vector<std::string> bundled_blas_libraries();

// The process-wide BLAS: load_blas() once, on first use, thread-safe. Null when there is none.
const BlasApi* blas();
const BlasLoad& blas_load();

}  // namespace ujit::cpu
