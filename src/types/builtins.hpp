// The facts of builtins.def as values: one BuiltinInfo per BuiltinId, and the lookups every
// stage uses instead of its own list (resolution by spelling, CPU/CUDA availability, the
// family a builtin belongs to, the library names the math lowerings call).
#pragma once

#include "types/type.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace ujit::types {

// The columns of builtins.def (documented there).
enum class BuiltinKind : uint8_t { Function, Value, Attribute };
enum class BuiltinGroup : uint8_t {
    Python,
    Math,
    Numpy,
    Random,
    Cuda,
    Atomic,
    Xoroshiro,
    Object,
    ArrayMethod,
    Threads,
    ListMethod,  // l.append(...): typed by types/infer_lists.cpp, lowered by codegen/lower_list*.cpp
    StrMethod,   // s.upper(), s.find(...): methods of str (src/strings)
    DictMethod,  // d.get(...), s.add(...): typed by types/infer_dicts.cpp, lowered by codegen/lower_dict*.cpp
    Cmath,       // cmath.*: typed by types/infer_cmath.cpp, lowered by codegen/lower_cmath.cpp
};
enum class TypingRule : uint8_t { Float1, Float2, Own };
enum class Availability : uint8_t { Both, Cpu, Cuda };
enum class MathLowering : uint8_t { Lib, Ir, No };
enum class ConstFold : uint8_t { Libm, Own, No };

struct BuiltinInfo {
    static constexpr uint8_t kAnyCount = 255;  // MaxArgs N

    BuiltinId id;
    const char* spelling;  // "math.sqrt"
    BuiltinKind kind;
    BuiltinGroup group;
    TypingRule rule;
    uint8_t min_args, max_args;
    Availability where;
    const char* c_name;     // libm, double version; null for none
    const char* intrinsic;  // "sqrt" for llvm.sqrt; null for none
    const char* libdevice;  // "sqrt" for __nv_sqrt; null for none
    MathLowering lowering;
    ConstFold fold;

    bool on_cpu() const { return where != Availability::Cuda; }
    bool on_cuda() const { return where != Availability::Cpu; }
};

const BuiltinInfo& builtin_info(BuiltinId id);

// The builtin spelled `spelling` ("math.sqrt", "np.arcsin", "cuda.threadIdx.x", "abs"),
// aliases included; Attribute rows (a.shape) are never found this way.
std::optional<BuiltinId> builtin_by_spelling(std::string_view spelling);

// Every alias row of builtins.def, for the consistency test.
struct BuiltinAlias {
    const char* spelling;
    BuiltinId id;
};
const BuiltinAlias* builtin_aliases(size_t& count);

// Column queries that replace range checks on the order of the table.
inline bool is_cuda_only(BuiltinId id) { return builtin_info(id).where == Availability::Cuda; }
inline bool is_cpu_only(BuiltinId id) { return builtin_info(id).where == Availability::Cpu; }
inline bool is_array_method(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::ArrayMethod; }
inline bool is_list_method(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::ListMethod; }
inline bool is_str_method(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::StrMethod; }
inline bool is_dict_method(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::DictMethod; }
inline bool is_atomic(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::Atomic; }
inline bool is_math_module(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::Math; }
inline bool is_cmath(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::Cmath; }
inline bool is_xoroshiro(BuiltinId id) { return builtin_info(id).group == BuiltinGroup::Xoroshiro; }
// A warp-level function: threads of a warp meet there (cuda.syncwarp, shfl_*, votes, match_*).
inline bool is_warp_sync(BuiltinId id) {
    switch (id) {
    case BuiltinId::CudaSyncwarp:
    case BuiltinId::CudaShflSync:
    case BuiltinId::CudaShflUpSync:
    case BuiltinId::CudaShflDownSync:
    case BuiltinId::CudaShflXorSync:
    case BuiltinId::CudaAllSync:
    case BuiltinId::CudaAnySync:
    case BuiltinId::CudaEqSync:
    case BuiltinId::CudaBallotSync:
    case BuiltinId::CudaMatchAnySync:
    case BuiltinId::CudaMatchAllSync:
    case BuiltinId::CudaActivemask: return true;
    default: return false;
    }
}
// A value read in CUDA code (cuda.threadIdx.x, cuda.laneid): lowered by Target::emit_cuda_builtin.
inline bool is_cuda_value(BuiltinId id) {
    return builtin_info(id).kind == BuiltinKind::Value && builtin_info(id).where == Availability::Cuda;
}

}  // namespace ujit::types
