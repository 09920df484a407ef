// Which math calls the loop vectorizer may widen, and to what: glibc's libmvec AVX2
// variants, and ujit's own float64 exp. An explicit table instead of LLVM's LIBMVEC_X86
// preset: that one lacks tanh, erf, atan2, ... and includes variants (float64 sin, cos,
// tan) more than 2 ulp from glibc's scalar result.
#pragma once

#include <llvm/Analysis/TargetLibraryInfo.h>

namespace ujit::cpu {

void add_vector_math(llvm::TargetLibraryInfoImpl& tli);

}  // namespace ujit::cpu
