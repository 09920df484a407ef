// numba-cuda's cache-hinted loads cuda.ldca/ldcg/ldcs/ldlu/ldcv(ary, i) and stores
// cuda.stcg/stcs/stwb/stwt(ary, i, v): typed by types/infer_cuda_intrinsics.cpp, lowered by
// codegen/lower_cache_hints.cpp.
#pragma once

#include "types/builtins.hpp"

namespace ujit::types {

inline bool is_cache_hint(BuiltinId id) {
    switch (id) {
    case BuiltinId::CudaLdca:
    case BuiltinId::CudaLdcg:
    case BuiltinId::CudaLdcs:
    case BuiltinId::CudaLdlu:
    case BuiltinId::CudaLdcv:
    case BuiltinId::CudaStcg:
    case BuiltinId::CudaStcs:
    case BuiltinId::CudaStwb:
    case BuiltinId::CudaStwt: return true;
    default: return false;
    }
}

}  // namespace ujit::types
