// Type inference: AST + argument types → TypedFunction, with Numba's rules.
// One Inferrer per compiled module; it caches specializations (a function called from
// several places with the same argument types is typed once).
#pragma once

#include "syntax/ast.hpp"
#include "types/gufunc_layout.hpp"
#include "types/link_file.hpp"
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
    bool debug = false;                      // @cuda.jit(debug=True): checked indexing on the CPU
    bool boundscheck = false;                // @njit(boundscheck=True): every array index checked
    std::vector<Signature> signatures;  // eager signatures, may be empty
    std::string gufunc_layout;               // guvectorize '(n),()->(n)'
    GufuncLayout gufunc;                     // gufunc_layout parsed and checked against the signatures
    std::vector<LinkFile> link;              // @cuda.jit(link=[...])
};

// A module-level name supplied by the host (a Python function's __globals__), bound
// before the module's own statements, which win over it.
struct HostGlobal {
    enum class Kind { Constant, Namespace, Member, FunctionAlias } kind = Kind::Constant;
    std::string name;
    ConstValue constant;  // Constant: a scalar or tuple
    // Namespace and Member: an importable module ("numpy"); FunctionAlias: a def name.
    std::string target;
    std::string member;  // Member: what `from <target> import <member>` binds ("sqrt", "jit")
};

// A top-level statement ujit left to Python (host code), with why.
struct SkippedStatement {
    syntax::SourceLoc loc;
    std::string reason;
};

class ModuleTyper {
public:
    explicit ModuleTyper(const syntax::Module& module);
    // With host globals. Throws std::invalid_argument naming a global whose module ujit
    // does not support or whose function the module does not define.
    ModuleTyper(const syntax::Module& module, std::vector<HostGlobal> host_globals);
    ~ModuleTyper();

    // Module-level constants (folded), imports and decorators, checked once. Host code
    // (other statements, imports of other libraries, non-constant assignments) is left to
    // Python, as Numba does; throws CompileError on errors in what ujit compiles.
    void check_module();
    // The top-level statements left to Python, in source order (after check_module).
    std::vector<SkippedStatement> skipped_statements() const;

    const Decorator& decorator_of(const syntax::FunctionDef* fn) const;
    const ConstValue* global_constant(const std::string& name) const;
    // The default value of `fn`'s parameter `param` (`def f(x, y=2.5)`), folded as a call
    // between compiled functions folds it; nullopt where it has none. A default of None is
    // a ConstValue with no type. Throws CompileError where the default is not a constant.
    std::optional<ConstValue> default_argument(const syntax::FunctionDef* fn, size_t param) const;
    // The device code to link into CUDA code compiled from `fn`: the link= files of the
    // @cuda.jit of `fn` and of every function it calls (directly or not), then those of
    // the cuda.declare_device functions called, each once, in source order.
    std::vector<LinkFile> link_files(const TypedFunction& fn) const;
    // coop: whether `fn` or a function it calls makes a GridGroup (cuda.cg.this_grid()) or calls
    // a cuda.declare_device function declared use_cooperative=True: Numba then links CUDA's
    // device runtime and launches the kernel cooperatively (types/declared_device.cpp).
    bool cooperative(const TypedFunction& fn) const;
    // Files every CUDA kernel of the module links (ujit::ModuleOptions::link), first.
    void set_module_link(std::vector<LinkFile> files);

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
