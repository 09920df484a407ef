// numba-cuda's fp8 types (fp8_e4m3, fp8_e5m2, fp8_e8m0: one byte each, Kind::Fp8) converted to
// and from float, in integer IR that every target runs alike. Encoding is what cuda_fp8.h's
// constructors do: e4m3 and e5m2 round to nearest even and saturate to the largest finite
// value (__NV_SATFINITE), NaN stays NaN; e8m0 (a power of two) rounds up (cudaRoundPosInf),
// also saturating.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::codegen {

// The float32 an fp8 byte stands for (exact).
llvm::Value* fp8_to_float(llvm::IRBuilder<>& b, llvm::Value* byte, types::Fp8Format format);
// A float64 encoded as fp8 (one rounding).
llvm::Value* float_to_fp8(llvm::IRBuilder<>& b, llvm::Value* d, types::Fp8Format format);
// cuda_fp8.h's cvt_float_to_fp8/cvt_double_to_fp8 (x, saturation_t, fp8_interpretation_t) and
// cvt_float_to_e8m0/cvt_double_to_e8m0 (x, saturation_t, cudaRoundMode): the byte; null for
// another builtin.
llvm::Value* fp8_cvt(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args);

}  // namespace ujit::codegen
