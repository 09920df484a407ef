#include "cpu/libmvec.hpp"

#include "cpu/helper_vexp.hpp"

#include <vector>

namespace ujit::cpu {

namespace {

// Scalar name (a libm symbol as cpu_math.cpp declares it, or the LLVM intrinsic it lowers
// to), its 4-lane (double) or 8-lane (float) AVX2 variant, and LLVM's vector-ABI prefix
// (one `v` per argument). Listed only where the variant stays within 2 ulp of glibc's
// scalar result at every point of tests/unit/cpu/vector_math_test.cpp's sweeps at 10M
// points (the max ulp measured in the comments). Kept scalar, for a larger distance at
// some points: float64 sin, cos, tan, tanh, atanh, asin, sinh, acosh, expm1, atan2 (3 ulp),
// erfc (4); float32 log (4), tan, erfc, asin, acosh, atanh, atan2, log10 (3). exp in both
// types is ujit's own (helper_vexp.cpp, 1 ulp): libmvec's is 3 ulp off in both.
struct Entry {
    const char* scalar;
    const char* vector;
    unsigned lanes;
    const char* abi;
};

#define UJIT_F64(scalar, name) {scalar, "_ZGVdN4v_" name, 4, "_ZGV_LLVM_N4v"}
#define UJIT_F32(scalar, name) {scalar, "_ZGVdN8v_" name, 8, "_ZGV_LLVM_N8v"}
#define UJIT_F64_2(scalar, name) {scalar, "_ZGVdN4vv_" name, 4, "_ZGV_LLVM_N4vv"}
#define UJIT_F32_2(scalar, name) {scalar, "_ZGVdN8vv_" name, 8, "_ZGV_LLVM_N8vv"}

constexpr Entry kEntries[] = {
    // clang-format off
    UJIT_F64("llvm.log.f64", "log"),      UJIT_F64("log", "log"),            // 1 ulp
    UJIT_F32("llvm.sin.f32", "sinf"),     UJIT_F32("sinf", "sinf"),          // 2
    UJIT_F32("llvm.cos.f32", "cosf"),     UJIT_F32("cosf", "cosf"),          // 2
    UJIT_F64_2("llvm.pow.f64", "pow"),    UJIT_F64_2("pow", "pow"),          // 1
    UJIT_F32_2("llvm.pow.f32", "powf"),   UJIT_F32_2("powf", "powf"),        // 1
    UJIT_F32("tanhf", "tanhf"),                                              // 2
    UJIT_F64("erf", "erf"),               UJIT_F32("erff", "erff"),          // 2, 2
    UJIT_F64("atan", "atan"),             UJIT_F32("atanf", "atanf"),        // 1, 2
    UJIT_F64("acos", "acos"),             UJIT_F32("acosf", "acosf"),        // 2, 2
    UJIT_F32("sinhf", "sinhf"),                                              // 2
    UJIT_F64("cosh", "cosh"),             UJIT_F32("coshf", "coshf"),        // 2, 2
    UJIT_F64("asinh", "asinh"),           UJIT_F32("asinhf", "asinhf"),      // 2, 1
    UJIT_F32("expm1f", "expm1f"),                                            // 2
    UJIT_F64("log1p", "log1p"),           UJIT_F32("log1pf", "log1pf"),      // 1, 1
    UJIT_F64("llvm.log2.f64", "log2"),    UJIT_F32("llvm.log2.f32", "log2f"),  // 1, 2
    UJIT_F64("llvm.log10.f64", "log10"),                                     // 2
    UJIT_F64_2("hypot", "hypot"),         UJIT_F32_2("hypotf", "hypotf"),    // 1, 1
    // clang-format on
};

#undef UJIT_F64
#undef UJIT_F32
#undef UJIT_F64_2
#undef UJIT_F32_2

}  // namespace

void add_vector_math(llvm::TargetLibraryInfoImpl& tli) {
    // The AVX2 variants take and return ymm registers: only where the host has them.
    if (!host_has_avx2_fma()) return;
    std::vector<llvm::VecDesc> descs;
    for (const Entry& e : kEntries)
        descs.emplace_back(e.scalar, e.vector, llvm::ElementCount::getFixed(e.lanes), /*Masked=*/false, e.abi);
    for (const char* exp : {"llvm.exp.f64", "exp"})
        descs.emplace_back(exp, "ujit_rt_exp_d4", llvm::ElementCount::getFixed(4), false, "_ZGV_LLVM_N4v");
    for (const char* exp : {"llvm.exp.f32", "expf"})
        descs.emplace_back(exp, "ujit_rt_exp_f8", llvm::ElementCount::getFixed(8), false, "_ZGV_LLVM_N8v");
    tli.addVectorizableFunctions(descs);
}

}  // namespace ujit::cpu
