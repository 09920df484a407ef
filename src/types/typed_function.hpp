// The result of type inference for one specialization of one function: the "typed IR".
// The AST is shared by every specialization; what differs per signature lives here,
// in side tables indexed by node id. Codegen reads the AST together with one of these.
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

#include <complex>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ujit::types {

enum class TargetKind { CPU, CUDA };

// A compile-time constant (module-level constants, math.pi, folded literals).
struct ConstValue {
    const Type* type = nullptr;  // scalar or tuple type
    int64_t i = 0;               // Bool/Int (uint64 stored bit-identical)
    double f = 0;                // Float
    std::complex<double> c;      // Complex
    std::vector<ConstValue> elems;  // Tuple
};

struct Variable {
    std::string name;
    const Type* type = nullptr;
    syntax::SourceLoc first_assigned;  // or the parameter's location
    bool is_param = false;
};

enum class FunctionRole { Scalar, Kernel, Device };  // Kernel/Device: CUDA only

struct TypedFunction {
    const syntax::FunctionDef* def = nullptr;
    TargetKind target = TargetKind::CPU;
    FunctionRole role = FunctionRole::Scalar;
    std::string symbol;  // unique LLVM symbol for this specialization, e.g. "hypot$f8f8"
    std::vector<const Type*> arg_types;
    const Type* return_type = nullptr;  // none() for kernels and bare returns

    // Type of every expression node that was typed (index = node id; null where untyped).
    std::vector<const Type*> expr_types;
    // Local variables including parameters, in order of first assignment.
    std::vector<Variable> variables;
    // Name nodes (by id) that refer to compile-time constants → their value.
    std::unordered_map<uint32_t, ConstValue> constants;
    // Call nodes (by id) that call another function of the module → its specialization.
    std::unordered_map<uint32_t, const TypedFunction*> callees;

    const Type* type_of(const syntax::Expr* e) const {
        return e->id < expr_types.size() ? expr_types[e->id] : nullptr;
    }
    const Variable* find_variable(const std::string& name) const {
        for (auto& v : variables) if (v.name == name) return &v;
        return nullptr;
    }
    const ConstValue* constant(const syntax::Expr* e) const {
        auto it = constants.find(e->id);
        return it == constants.end() ? nullptr : &it->second;
    }
};

}  // namespace ujit::types
