// The result of type inference for one specialization of one function: the "typed IR".
// The AST is shared by every specialization; what differs per signature lives here,
// in side tables indexed by node id. Codegen reads the AST together with one of these.
#pragma once

// ============================================================================================
// Typed IR contract for codegen (what types/infer.cpp guarantees; codegen relies on exactly this)
// ============================================================================================
// Let F be one TypedFunction and T(e) = F.type_of(e).
//
// 1. Coverage. Every Expr node of F.def->body (and of decorator-free nested expressions) gets a
//    non-null T(e), including assignment targets and sub-expressions of callees (`math`,
//    `math.sqrt`, `cuda.threadIdx`). Value nodes have value types (Type::is_value()); names
//    of modules/functions/dtypes have the compile-time kinds (Namespace, BuiltinFunc,
//    UserFunc, DTypeObj); `range(...)` has Range; string literals have StrLit (print only).
//    Nodes of other functions are untyped (null) in F.
// 2. Literals: IntLit → int64 (uint64 if the value exceeds INT64_MAX), FloatLit → float64,
//    BoolLit → bool, ImagLit → complex128, NoneLit → none.
// 3. Variables: one type per variable per specialization, F.find_variable(name)->type (the
//    unified type over all assignments; parameters have F.arg_types[i] unless a later
//    assignment widens them, in which case the incoming argument is converted on entry from
//    F.arg_types[i] to the variable type). A Name node that reads or writes a variable has
//    T(name) == that variable's type. Every store converts the stored value from its own
//    type to the target's type (can_convert holds; tuples convert element-wise).
// 4. Constants: a Name (module constant such as TILE_DIM) or Attribute (math.pi, math.e,
//    math.inf, math.nan, a.ndim, len(tuple) on the Call) whose value is known at compile
//    time has an entry in F.constants keyed by that node's id; T(node) == value.type. Codegen
//    emits the constant and does not evaluate the node.
// 5. Binary ops: r = binary_op_types(op, T(lhs), T(rhs)); convert both operands to r.operand
//    (except when r.rhs_operand is set: the rhs goes to r.rhs_operand instead — float ** int
//    computes with an int64 exponent, like Numba's powi), compute in r.operand,
//    T(binary) == r.result. Compare: for each link i of a chain, use
//    compare_op_types(ops[i], T(operands[i]), T(operands[i+1])); each middle operand is
//    evaluated once; T(compare) == bool. Unary: unary_op_types(op, T(operand)) likewise.
//    BoolOp (and/or) and IfExp: T(node) is the unification of the branch values; each value
//    is converted to T(node); tests are truth-tested (number != 0; bool as is).
//    AugAssign `t op= v`: r = binary_op_types(op, T(t), T(v)); compute as above, convert the
//    result r.result to T(t) and store (T(t) is the variable's type or the array dtype).
// 6. Calls. Let c be a Call; the callee expression has T(c->callee):
//    - BuiltinFunc(id): the builtin id is T(c->callee)->builtin(). Arguments are positional
//      (keywords are rejected except `shape=`/`dtype=` of cuda.{shared,local}.array). Before
//      the builtin is applied, argument i is converted from T(c->args[i]) to
//      F.call_operands.at(c->id)[i]; the builtin is computed in those types and yields T(c).
//      (math.sqrt(int64): operands {float64}, T(c) float64; math.floor(float32): operands
//      {float32}, T(c) int64; math.floor(int32): operands {int64}, T(c) int64 (the identity on
//      integers); min(int64, float32): operands {float64, float64}; abs(int32):
//      {int32} → int32; int(x)/float(x)/bool(x)/complex(x): a conversion to T(c).)
//      Method-style builtins (z.conjugate()) have the receiver as
//      cast<Attribute>(c->callee)->value and call_operands[0] is the receiver's type.
//    - DTypeObj(s) (np.float32(x), numba.int32(x), np.float64(x)): a conversion of the single
//      argument to T(c) == s (float→int truncates toward zero, like Numba).
//    - UserFunc(fn): F.callees.at(c->id) is the callee's TypedFunction; argument i is
//      converted from T(c->args[i]) to callee->arg_types[i] (normally identical);
//      T(c) == callee->return_type.
//    - range(...): T(c) == Range; the call is only the iterator of a For. call_operands[c]
//      gives the element type of the range for each argument (all equal: int64 normally,
//      int32 when every argument is int32 or narrower, uint64 when all are unsigned 64).
//    - cuda.shared.array / cuda.local.array: T(c) is array(dtype, ndim, C); the shape is in
//      F.constants.at(c->id) as a UniTuple of int64 (always a tuple, even in 1-D; 0 means
//      dynamic shared memory).
//    - cuda.grid(n)/cuda.gridsize(n): n is constant; T(c) int64 for n == 1, UniTuple(int64 x
//      n) for 2..3. cuda.atomic.OP(ary, idx, val[, val2]): operands {T(ary), index type
//      (int64 or UniTuple(int64 x ndim)), dtype[, dtype]}, T(c) == dtype (the old value).
//      cuda.syncthreads()/threadfence*() → none; syncthreads_{count,and,or}(p) → int32,
//      operand {int32}.
//    - print(...): T(c) == none; args are numbers or StrLit, operands == their own types.
// 7. Attribute reads of builtin values are in F.attributes (Attribute node id → BuiltinId):
//    cuda.threadIdx.x etc., cuda.laneid, cuda.warpsize (int32), a.shape (UniTuple(int64 x
//    ndim)), a.size (int64), z.real/z.imag (the float part). a.ndim is a constant (rule 4).
// 8. Subscripts: a[i] / a[i, j] on an array with as many indices as dimensions: T(sub) is
//    the dtype; each index is an integer (converted to int64; negative indices wrap like
//    Python). A tuple index expression has a Tuple type. t[k] on a tuple has a constant k
//    (in F.constants keyed by the index expr id, int64) and T(sub) == element type.
//    a.shape[0] is a tuple subscript of the a.shape attribute.
// 9. Tuples: T(tuple expr) == tuple(T(elts)...). Unpacking `a, b = v`: T(target Tuple) ==
//    T(v); element i of v is converted to the type of target element i.
// 10. Loops: `for x in range(...)`: element type as in rule 6, converted to x's variable type.
//    `for x in arr` (1-D array only): element dtype converted to x's type. While/for else
//    blocks are allowed.
// 10b. literal_unroll: a For whose id is a key of F.unrolled_loops runs as its UnrolledLoop:
//    tuple_store first, then each copy of the body in turn (`continue` goes on to the next copy,
//    `break` past the last and the else block). Nodes of the copies have ids from
//    syntax::kClonedIdBase (T(e) as for any node); the original body's nodes are untyped.
// 11. Returns: F.return_type is the unification of all returned values (none() for bare
//    returns/falling off the end, and for kernels), or the declared return type when one was
//    given. Each `return v` converts T(v) to F.return_type.
// 12. F.symbol is unique per (function, argument types, target, declared return), LLVM-safe
//    ([A-Za-z0-9_$.]); F.role: Kernel for @cuda.jit, Device for functions called from CUDA
//    code, Scalar otherwise.
// ============================================================================================

#include "syntax/ast.hpp"
#include "syntax/ast_clone.hpp"
#include "types/exceptions.hpp"
#include "types/type.hpp"

#include <complex>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ujit::types {

enum class TargetKind { CPU, CUDA };

// The data of a frozen module-level NumPy array (types/const_array.cpp): C order, each
// item in the dtype's native bytes.
struct ConstArray {
    std::vector<int64_t> shape;
    std::string bytes;
    // A device array captured by reference (Numba's capture of a global DeviceNDArray):
    // no bytes; the code reads and writes the memory at `address` with these strides.
    bool by_reference = false;
    uint64_t address = 0;
    std::vector<int64_t> strides;
};

// A compile-time constant (module-level constants, math.pi, folded literals, global arrays).
struct ConstValue {
    const Type* type = nullptr;  // scalar, tuple or (read-only, C) array type
    int64_t i = 0;               // Bool/Int (uint64 stored bit-identical)
    double f = 0;                // Float
    std::complex<double> c;      // Complex
    std::vector<ConstValue> elems;  // Tuple
    std::shared_ptr<const ConstArray> array;  // Array: shared by every use, lowered as one global each
    std::string s;  // Str: UTF-8 text (a module's global string, a parameter's default; ConstStrings)
};

struct Variable {
    std::string name;
    const Type* type = nullptr;
    syntax::SourceLoc first_assigned;  // or the parameter's location
    bool is_param = false;
};

// One parameter's argument at a call of a module function with keywords or omitted
// defaults: the expression passed (positionally or by keyword), or, with none, the
// parameter's default value (Numba's Omitted).
struct BoundArg {
    const syntax::Expr* expr = nullptr;
    ConstValue value;
};

enum class FunctionRole { Scalar, Kernel, Device };  // Kernel/Device: CUDA only

// `for x in literal_unroll(t): body` compiled once per item of t (types/literal_unroll.hpp).
struct UnrolledLoop {
    const syntax::Assign* tuple_store = nullptr;  // `$unroll = literal_unroll(t)`, before the copies
    std::vector<syntax::Block> copies;           // copy k starts by binding its own x to t[k]
};

struct TypedFunction {
    const syntax::FunctionDef* def = nullptr;
    TargetKind target = TargetKind::CPU;
    FunctionRole role = FunctionRole::Scalar;
    std::string symbol;  // unique LLVM symbol for this specialization, e.g. "hypot$f8f8"
    std::vector<const Type*> arg_types;
    const Type* return_type = nullptr;  // none() for kernels and bare returns
    // Calls itself, directly or through other functions: lowered as a real function that
    // is called, not inlined into its callers.
    bool recursive = false;
    // An inner function's variables of the function around it that it reads: hidden
    // parameters after the explicit ones (arg_types has their types), passed at each call.
    std::vector<std::string> captures;
    // Parameters passed an integer constant (or a tuple of them) at the call this
    // specialization is for, as Numba passes a Literal[int]: constant_of reads them (an
    // array's shape from a parameter). Part of the specialization's key and symbol.
    std::map<std::string, ConstValue> literal_params;

    // Type of every expression node of the def that was typed (index = node id - first_id;
    // null where untyped). Only the def's own ids: a module of n functions would otherwise
    // hold n^2 slots (5,000 functions, 1.6 GB).
    uint32_t first_id = 0;
    std::vector<const Type*> expr_types;
    // Local variables including parameters, in order of first assignment.
    std::vector<Variable> variables;
    // Name nodes (by id) that refer to compile-time constants → their value.
    std::unordered_map<uint32_t, ConstValue> constants;
    // Call nodes (by id) that call another function of the module → its specialization.
    std::unordered_map<uint32_t, const TypedFunction*> callees;
    // ---- jitclass: Attribute nodes (by id) stored through a property's setter → the setter's
    // specialization (method calls, constructors' __init__ and property reads are callees)
    std::unordered_map<uint32_t, const TypedFunction*> setters;
    // ---- end jitclass
    // Call nodes (by id) to builtins, DTypeObj converters and range → the types the arguments
    // are converted to before the builtin is applied (contract rule 6).
    std::unordered_map<uint32_t, std::vector<const Type*>> call_operands;
    // Call nodes (by id) of module functions that pass keywords or omit defaults → each
    // parameter's argument, in parameter order (calls with positional arguments only: none).
    std::unordered_map<uint32_t, std::vector<BoundArg>> bound_args;
    // Attribute nodes (by id) that read a builtin value (cuda.threadIdx.x, a.shape, z.real).
    std::unordered_map<uint32_t, BuiltinId> attributes;
    // Raise statements (by id; asserts too) → the class and message they raise.
    std::unordered_map<uint32_t, RaisedException> raises;
    // ---- lang4: Call nodes (by id) `Color(v)` of an enum class → its members' values
    std::unordered_map<uint32_t, std::vector<ConstValue>> enum_values;
    // ---- end lang4
    // ---- records: Attribute and Subscript nodes (by id) that name a field of a record
    // (`r.a`, `r['a']`) or of a record array (`arr.a`, `arr['a']`: a view of that field).
    std::unordered_map<uint32_t, std::string> record_fields;
    const std::string* record_field(const syntax::Expr* e) const {
        auto it = record_fields.find(e->id);
        return it == record_fields.end() ? nullptr : &it->second;
    }
    // ---- end records
    // For nodes (by id) of literal_unroll loops that run as copies of their body, one per item;
    // `cloned_nodes` owns the copies' nodes and `cloned_types` holds their types (rule 10b).
    std::unordered_map<uint32_t, UnrolledLoop> unrolled_loops;
    std::shared_ptr<syntax::NodeArena> cloned_nodes;
    std::unordered_map<uint32_t, const Type*> cloned_types;

    const Type* type_of(const syntax::Expr* e) const {
        if (e->id >= syntax::kClonedIdBase) {
            auto it = cloned_types.find(e->id);
            return it == cloned_types.end() ? nullptr : it->second;
        }
        uint32_t i = e->id - first_id;  // wraps for ids below the def
        return i < expr_types.size() ? expr_types[i] : nullptr;
    }
    const Variable* find_variable(const std::string& name) const {
        for (auto& v : variables)
            if (v.name == name) return &v;
        return nullptr;
    }
    const std::vector<const Type*>* operands_of(const syntax::Call* c) const {
        auto it = call_operands.find(c->id);
        return it == call_operands.end() ? nullptr : &it->second;
    }
    const BuiltinId* attribute_builtin(const syntax::Expr* e) const {
        auto it = attributes.find(e->id);
        return it == attributes.end() ? nullptr : &it->second;
    }
    const ConstValue* constant(const syntax::Expr* e) const {
        auto it = constants.find(e->id);
        return it == constants.end() ? nullptr : &it->second;
    }
};

}  // namespace ujit::types
