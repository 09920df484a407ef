// Type inference: AST + argument types → TypedFunction, with Numba's rules.
// One Inferrer per compiled module; it caches specializations (a function called from
// several places with the same argument types is typed once).
#pragma once

#include "syntax/ast.hpp"
#include "types/gufunc_layout.hpp"
#include "types/typed_function.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ujit::types {

// A signature as Numba writes it: "float32(float32, float32)", "void(float32[:])",
// "(int64, int64)" (no return type).
struct Signature {
    std::vector<const Type*> args;
    const Type* ret = nullptr;  // null: infer
    std::string str() const;
};
// Parses a signature string; throws CompileError at `loc` (plus the offset into the text).
Signature parse_signature(const std::string& text, syntax::SourceLoc loc);
// Parses a type string "float32[:, ::1]", "int64", "UniTuple(float64, 2)".
const Type* parse_type(const std::string& text, syntax::SourceLoc loc);

// What a decorator says about a function (parsed from the AST, see types/decorators.hpp).
struct Decorator {
    enum class Kind { None, Jit, Vectorize, GuVectorize, CudaJit } kind = Kind::None;
    TargetKind target = TargetKind::CPU;
    bool device = false;                     // @cuda.jit(device=True)
    bool parallel_target = false;            // @vectorize(..., target='parallel')
    bool fastmath = false;
    std::vector<Signature> signatures;  // eager signatures, may be empty
    std::string gufunc_layout;               // guvectorize '(n),()->(n)'
    GufuncLayout gufunc;                     // gufunc_layout parsed and checked against the signatures
};

class ModuleTyper {
public:
    explicit ModuleTyper(const syntax::Module& module);
    ~ModuleTyper();

    // Module-level constants (folded), imports and decorators, checked once.
    // Throws CompileError on anything outside the subset at module level.
    void check_module();

    const Decorator& decorator_of(const syntax::FunctionDef* fn) const;
    const ConstValue* global_constant(const std::string& name) const;

    // Types `fn` for the given argument types (and an optional declared return type).
    // Cached by (fn, target, arg types). Throws CompileError.
    const TypedFunction& specialize(const syntax::FunctionDef* fn, const std::vector<const Type*>& args,
                                    TargetKind target, const Type* declared_return = nullptr);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The annotated-source dump of `ujit types` (like Numba's inspect_types): each source
// line of the function followed by the types of the variables assigned on it.
std::string dump_types(const syntax::Module& module, const TypedFunction& fn);

}  // namespace ujit::types
