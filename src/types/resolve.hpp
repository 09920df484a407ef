// Resolution of module names and attribute chains: `math.sqrt`, `np.float32`,
// `cuda.threadIdx.x`, `numba.cuda.jit`, `random.random`, and the Python builtins.
#pragma once

#include "types/builtins.hpp"
#include "types/typed_function.hpp"

#include <optional>
#include <string>

namespace ujit::types {

// What a name or an attribute of a namespace denotes.
struct Member {
    enum class What { Namespace, Function, Value, Constant, DType, Decorator } what = What::Namespace;
    const Type* type = nullptr;       // Namespace/Function/DType: its compile-time type; Value: value type
    BuiltinId builtin = BuiltinId::Count_;  // Function and Value
    ConstValue constant;              // Constant
    std::string decorator;            // "jit", "njit", "vectorize", "guvectorize", "cuda.jit"
};

inline Member make_member(Member::What w, const Type* t, BuiltinId b = BuiltinId::Count_) {
    Member m;
    m.what = w;
    m.type = t;
    m.builtin = b;
    return m;
}

// Canonical namespace path of an importable module ("numpy" → "np", "numba.cuda" → "cuda"),
// or empty when ujit does not support it.
std::string module_namespace(const std::string& module);

// `attr` of the namespace `ns` ("math", "np", "cuda.atomic", ...), or nothing.
std::optional<Member> resolve_member(const std::string& ns, const std::string& attr);

// A Python builtin name (abs, min, range, float, ...), or nothing.
std::optional<Member> resolve_python_builtin(const std::string& name);

// ConstValue helpers.
ConstValue const_int(int64_t v, const Type* t = nullptr);
ConstValue const_float(double v, const Type* t = nullptr);

}  // namespace ujit::types
