// ModuleTyper's state, shared by the files that implement it (module checking,
// decorators, specialization).
#pragma once

#include "types/const_eval.hpp"
#include "types/declared_device.hpp"
#include "types/declared_locals.hpp"
#include "types/infer.hpp"
#include "types/overload_routes.hpp"
#include "types/resolve.hpp"

#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

namespace ujit::types {

// A module-level name: an import, a constant or a function.
struct Global {
    Member member;
    const syntax::FunctionDef* fn = nullptr;  // user functions (member.type is user_func)
    syntax::SourceLoc loc;
};

// A module-level name bound by host code (an import of another library, `x = np.arange(10)`,
// a class): Python's, never a compile-time constant. `why` ends the error of a compiled
// function that uses it.
struct HostOnlyName {
    syntax::SourceLoc loc;
    std::string why;
};

// The modules compiled code can use, for messages.
inline constexpr const char* kSupportedModules =
    "ujit supports math, numpy, numba, numba.cuda, numba.cuda.random and random";

struct SpecKey {
    const syntax::FunctionDef* fn;
    TargetKind target;
    std::vector<const Type*> args;
    const Type* declared_return;
    FunctionRole role;
    std::string literals;  // literal_params_key(): "" when no parameter is a literal
    bool operator<(const SpecKey& o) const {
        return std::tie(fn, target, args, declared_return, role, literals) <
               std::tie(o.fn, o.target, o.args, o.declared_return, o.role, o.literals);
    }
};

// ---- enums (enum_classes.cpp): a module-level enum class, its members in order.
struct EnumClassInfo {
    const Type* member = nullptr;  // enum_member(): every member's type
    std::vector<std::pair<std::string, ConstValue>> members;
    syntax::SourceLoc loc;
};
// ---- end enums
// ---- ntuple (named_tuple_classes.cpp): a module-level namedtuple class, its fields' defaults
// (the last defaults.size() fields have one, as collections.namedtuple's `defaults=`).
struct NamedTupleClassInfo {
    std::vector<ConstValue> defaults;
    syntax::SourceLoc loc;
};
// ---- end ntuple

struct ModuleScope {
    explicit ModuleScope(const syntax::Module& m) : module(m) {}

    const syntax::Module& module;
    std::vector<HostGlobal> host_globals;  // bound first by check()
    bool checked = false;
    std::map<std::string, Global> globals;
    std::map<std::string, HostOnlyName> host_only;  // never also in globals: the later binding wins
    std::vector<SkippedStatement> skipped;          // top-level host code, in source order
    // Module-level classes derived (directly or through each other) from a builtin
    // exception class: what `raise Name(...)` may name. Their definition's location.
    std::map<std::string, syntax::SourceLoc> exception_classes;
    std::map<const syntax::FunctionDef*, Decorator> decorators;
    // Numba's locals= of each @jit function that has one (types/declared_locals.hpp).
    std::map<const syntax::FunctionDef*, DeclaredLocals> declared_locals;
    // Which def runs a call of an @overload-ed function, by its argument types.
    OverloadRoutes overload_routes;
    // ---- enums
    std::map<std::string, EnumClassInfo> enum_classes;
    void add_enum_classes();
    const EnumClassInfo* enum_class_info(const Type* t) const;  // of an EnumClass or Enum type
    // `Color.red` or `Color['red']` of a module enum class: the member; else nothing.
    std::optional<ConstValue> enum_member_constant(const syntax::Expr* e) const;
    // ---- end enums
    // ---- ntuple: by class type (types/named_tuples.hpp)
    std::map<const Type*, NamedTupleClassInfo> named_tuple_classes;
    // `Point = namedtuple("Point", ["x", "y"])` binds the class, `ORIGIN = Point(0.0, 0.0)` a
    // constant instance (Numba freezes a global one); false when `s` is neither.
    bool add_named_tuple_global(const syntax::Assign& s);
    void add_named_tuple_class(const syntax::Name& target, const syntax::Call& call);
    ConstValue named_tuple_constant(const syntax::Call* call, const Type* cls);
    // ---- end ntuple
    // ---- jitclass (jitclass_types.cpp): binds each @jitclass class to its type
    void add_jitclasses();
    const Type* member_type(const syntax::Expr* e) const;  // a spec or annotation's type
    // ---- end jitclass
    std::deque<DeclaredDevice> declared_devices;  // cuda.declare_device (declared_device.cpp)
    std::vector<LinkFile> module_link;            // ModuleOptions::link: every kernel's
    std::map<SpecKey, std::unique_ptr<TypedFunction>> cache;
    std::vector<SpecKey> cache_order;  // cache's keys in the order they were added
    // The compile-time call stack, as Numba's: the specializations being typed, outermost
    // first. A call that matches one of them is recursive (specialize.cpp).
    struct Frame {
        SpecKey key;
        TypedFunction* fn = nullptr;
        bool passed = false;            // a non-final pass of its inference has completed
        const Type* partial = nullptr;  // its returns' unification after that pass
        const Type* lent = nullptr;     // the return type recursive calls were given
    };
    std::deque<Frame> in_progress;
    // Inner functions (`def` in a compiled function): where each is defined and which of
    // that function's variables it captures (types/closures.hpp).
    struct InnerFunction {
        const syntax::FunctionDef* definer = nullptr;
        std::vector<std::string> captures;
    };
    std::map<const syntax::FunctionDef*, InnerFunction>
        inner_functions;  // a deque: each Inferrer holds its frame across pushes
    int call_depth = 0;                // calls being typed inside each other (syntax/stack_budget.hpp)
    std::recursive_mutex mutex;

    const Global* find_global(const std::string& name) const {
        auto it = globals.find(name);
        return it == globals.end() ? nullptr : &it->second;
    }
    // A bare name at module scope: globals, then Python builtins.
    std::optional<Member> lookup(const std::string& name) const;

    void check();
    void add_host_globals();
    void add_host_function_aliases();
    void add_import(const syntax::Import& s);
    void add_import_from(const syntax::ImportFrom& s);
    void add_constant(const syntax::Assign& s);
    bool add_declared_device(const syntax::Assign& s);  // false: `s` is no cuda.declare_device
    const DeclaredDevice* declared_device(const syntax::FunctionDef* def) const;
    void add_function(const syntax::FunctionDef& fn);

    // host_code.cpp: what is left to Python.
    void bind(const std::string& name, Global g);
    void bind_host_only(const std::string& name, syntax::SourceLoc loc, std::string why);
    // Records `s` as skipped (reason: "module-level 'for' loops are left to Python" unless
    // given) and every name it binds as host-only.
    void skip_host_statement(const syntax::Stmt& s, std::string reason = {});
    // A module-level name for constant evaluation; a host-only name is an error there.
    NameLookup constant_lookup() const;
    // The error for a name that lookup() does not find: "name 'x' is not defined", or why
    // a host-only global cannot be used, with a note where it is bound.
    [[noreturn]] void fail_undefined(syntax::SourceLoc use, const std::string& name) const;

    const TypedFunction& specialize(const syntax::FunctionDef* fn, const std::vector<const Type*>& args,
                                    TargetKind target, const Type* declared_return, FunctionRole role,
                                    syntax::SourceLoc call_site,
                                    const std::map<std::string, ConstValue>& literal_params = {});
    // The frame a call of `fn` with these argument types recurses into, or null. Numba
    // matches the function and the argument types (not a declared return type).
    Frame* recursion_frame(const syntax::FunctionDef* fn, const std::vector<const Type*>& args, TargetKind target,
                           FunctionRole role);
};

// ModuleTyper's private state is exactly the scope.
struct ModuleTyper::Impl : ModuleScope {
    using ModuleScope::ModuleScope;
};

// decorators.cpp
Decorator parse_decorators(const syntax::FunctionDef& fn, const ModuleScope& m);
// What a module-level name or attribute chain (`cuda.jit`, `numba.cuda.declare_device`)
// denotes, following the imports; nullopt when it names nothing ujit knows.
std::optional<Member> module_member(const syntax::Expr* e, const ModuleScope& m);
// A signature as decorators take it: 'int32(int32)' or int32(int32).
Signature signature_of(const syntax::Expr* e, const ModuleScope& m);
// A type written as an object, as decorators take it: float32, numba.float32, types.int64,
// float32[:, ::1] (`void` is None).
const Type* type_object(const syntax::Expr* e, const ModuleScope& m);

// infer.cpp: types one specialization (the body of ModuleTyper::specialize); `frame` is
// its entry on the compile-time call stack.
void infer_function(ModuleScope& m, TypedFunction& out, ModuleScope::Frame& frame);
// The return type of `fn` (being typed further up the call stack) from its returns that do
// not depend on a recursive call: Numba's return_types_from_partial. Null if there is none.
const Type* partial_return_type(ModuleScope& m, const TypedFunction& fn);

// Unique LLVM-safe symbol for a specialization: "hypot$f8f8", "k$cuda$a1f4C".
std::string mangle_symbol(const syntax::FunctionDef& fn, const std::vector<const Type*>& args, TargetKind target,
                          const Type* declared_return);

}  // namespace ujit::types
