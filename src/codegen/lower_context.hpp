// The state of lowering: one ModuleLowering per LLVM module (which TypedFunctions already
// have an LLVM function), one FunctionLowering per function body (builder, variables as
// allocas, the loop stack). The member functions are implemented across lower_*.cpp, one
// file per kind of construct.
#pragma once

#include "codegen/grid_stride.hpp"
#include "codegen/grid_stride_vector.hpp"
#include "codegen/prange_plan.hpp"
#include "codegen/target.hpp"
#include "nplib/array_expr.hpp"
#include "nplib/array_typing.hpp"
#include "syntax/ast.hpp"
#include "syntax/internal_error.hpp"
#include "types/typed_function.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace ujit::codegen {

class ModuleLowering {
public:
    ModuleLowering(llvm::Module& m, Target& target, const syntax::Module& source)
        : m(m), ctx(m.getContext()), target(target), source(source) {}

    // The internal, always-inline function for `fn` over natural (value) types; lowered
    // on first request, so each callee is emitted once per module.
    llvm::Function* internal_function(const types::TypedFunction& fn);

    llvm::Module& m;
    llvm::LLVMContext& ctx;
    Target& target;
    const syntax::Module& source;
    uint64_t padded_shared_bytes = 0;  // bytes of the shared arrays given padded rows so far

    // ---- npspeed: whole-array reductions (nplib/lower_reductions.cpp) ask for the widest
    // vectors the CPU has in every function of the module (Target::prefer_wide_vectors).
    bool wide_vectors = false;

private:
    std::map<const types::TypedFunction*, llvm::Function*> functions_;
    int call_depth_ = 0;  // callees being lowered inside their callers (syntax/stack_budget.hpp)
};

// A lowered value together with its ujit type.
struct TypedValue {
    llvm::Value* v = nullptr;
    const types::Type* t = nullptr;
};

// A xoroshiro128+ generator's two words: their values, or their addresses in the states array.
struct XoroshiroState {
    llvm::Value* s0 = nullptr;
    llvm::Value* s1 = nullptr;
};

// A user error: throws syntax::CompileError at `loc` ("FILE:LINE:COL: error: what"). A broken
// invariant of the typed IR is ujit's fault instead: UJIT_INTERNAL_ASSERT / internal_error
// (syntax/internal_error.hpp).
[[noreturn]] void unsupported(syntax::SourceLoc loc, const std::string& what);

class FunctionLowering {
public:
    FunctionLowering(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* f);
    void lower_body();

private:
    using Type = types::Type;

    // ---- lower_function_body.cpp: variables, returns
    llvm::AllocaInst* variable(const std::string& name, syntax::SourceLoc loc);
    llvm::AllocaInst* entry_alloca(llvm::Type* ty, const std::string& name);
    void store_variable(const std::string& name, llvm::Value* v, const Type* from, syntax::SourceLoc loc);
    llvm::BasicBlock* new_block(const std::string& name);
    // Starts a fresh (unreachable) block after a terminator so emission can continue.
    void start_dead_block();

    // ---- lower_stmt.cpp
    void block(const syntax::Block& stmts);
    void else_then_continue(llvm::BasicBlock* else_bb, const syntax::Block& orelse, llvm::BasicBlock* done);
    void stmt(const syntax::Stmt* s);
    void stmt_kind(const syntax::Stmt* s);
    void assign(const syntax::Assign* s);
    void assign_to(const syntax::Expr* target, llvm::Value* v, const Type* t);
    void aug_assign(const syntax::AugAssign* s);
    // (*list: the list, where `sub` indexes one)
    llvm::Value* item_pointer(const syntax::Subscript* sub, const Type** elem, llvm::Value** list = nullptr);
    void if_stmt(const syntax::If* s);
    void while_stmt(const syntax::While* s);
    void for_stmt(const syntax::For* s);
    // lower_unroll.cpp: a literal_unroll loop as its copies of the body, one per item
    void for_unrolled(const syntax::For* s, const types::UnrolledLoop& loop);
    struct RangeArgs {
        llvm::Value *start, *stop, *step;
        std::optional<int64_t> const_step;  // when known at compile time
    };
    // range(...)'s arguments as `et`; a step that may be zero raises ValueError there.
    RangeArgs range_args(const syntax::Call* range, const Type* et);
    void for_range(const syntax::For* s, const syntax::Call* range);
    void block_wide_grid_stride_loop(const syntax::For* s, GridStrideForm form, const Type* et, llvm::Value* start,
                                     llvm::Value* stop, llvm::Value* step);
    void for_array(const syntax::For* s);
    void counted_loop(const syntax::For* s, const Type* counter_type, llvm::Value* start, llvm::Value* step,
                      const std::function<llvm::Value*(llvm::Value*)>& keep_going,
                      const std::function<void(llvm::Value*)>& assign_target);
    void return_stmt(const syntax::Return* s);
    void raise_stmt(const syntax::Raise* s);
    void raise_formatted(const std::string& class_name, const std::string& where, const std::string& format,
                         const std::vector<llvm::Value*>& operands);
    void raise_key_error(llvm::Value* missing, llvm::Value* key, const Type* kt, syntax::SourceLoc loc);

    // ---- lower_iterable_reduce.cpp: sum(iterable), min/max(iterable)
    llvm::Value* iterable_reduce(const syntax::Call* e, types::BuiltinId id);

    // ---- lower_iter.cpp: enumerate, zip, reversed
    struct IterSource {
        llvm::Value* length;  // int64, when the loop starts
        const Type* item_type;
        std::function<llvm::Value*(llvm::Value*)> item;  // the k-th item (k int64, 0 <= k < length)
        // A list's length read again before each item, as Numba's list iterator does: the body
        // may append or pop (null: the length cannot change).
        std::function<llvm::Value*()> live_length = nullptr;
    };
    // Which variables the code run while iterating may rebind (a for loop's body and target,
    // a comprehension's targets); null where nothing runs in between (sum(), list.extend).
    using RebindTest = std::function<bool(const std::string&)>;
    bool is_helper(const syntax::Expr* e, const char* name) const;
    IterSource iter_source(const syntax::Expr* e, const RebindTest* rebound = nullptr);
    void hold_iterable(const syntax::Expr* e, llvm::Value* v, const RebindTest* rebound);
    RebindTest loop_rebinds(const syntax::For* s);
    llvm::Value* range_length(llvm::Value* start, llvm::Value* stop, llvm::Value* step, bool is_signed);
    void for_helper(const syntax::For* s);

    // ---- lower_expr.cpp
    const Type* type_of(const syntax::Expr* e) const;
    llvm::Value* expr(const syntax::Expr* e);
    llvm::Value* expr_as(const syntax::Expr* e, const Type* to);
    llvm::Value* convert_or_fail(llvm::Value* v, const Type* from, const Type* to, syntax::SourceLoc loc);
    llvm::Value* condition(const syntax::Expr* e);  // i1
    llvm::Value* truth_of(llvm::Value* v, const Type* t);  // i1, or null where no truth is defined
    llvm::Value* name(const syntax::Name* e);
    llvm::Value* attribute(const syntax::Attribute* e);
    llvm::Value* bool_op(const syntax::BoolOp* e);
    llvm::Value* if_exp(const syntax::IfExp* e);
    llvm::Value* tuple_expr(const syntax::Tuple* e);
    llvm::Value* subscript(const syntax::Subscript* e);
    llvm::Value* tuple_index(const syntax::Subscript* e, llvm::Value* tup, const Type* tt);
    std::optional<int64_t> const_int(const syntax::Expr* e) const;

    // ---- lower_ops.cpp: arithmetic with Python semantics
    llvm::Value* binary(const syntax::Binary* e);
    // `l op r` with Numba's operand and result types (types::binary_op_types).
    TypedValue binary_values(syntax::BinOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                             const syntax::Expr* rhs_expr, syntax::SourceLoc loc);
    llvm::Value* int_arith(syntax::BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, syntax::SourceLoc loc);
    llvm::Value* float_arith(syntax::BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, syntax::SourceLoc loc);
    llvm::Value* complex_arith(syntax::BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, syntax::SourceLoc loc);
    llvm::Value* power(llvm::Value* l, llvm::Value* r, const Type* rt, const Type* t, const syntax::Expr* rhs_expr,
                       syntax::SourceLoc loc);
    llvm::Value* int_power_loop(llvm::Value* base, llvm::Value* exp, const Type* t);
    llvm::Value* int_divmod(bool want_div, llvm::Value* l, llvm::Value* r, const Type* t);
    llvm::Value* float_divmod(bool want_div, llvm::Value* l, llvm::Value* r, const Type* t);
    llvm::Value* unary(const syntax::Unary* e);
    llvm::Value* compare(const syntax::Compare* e);
    llvm::Value* compare_values(syntax::CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                                syntax::SourceLoc loc);
    llvm::Value* tuple_compare(syntax::CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                               syntax::SourceLoc loc);
    void check_error(llvm::Value* cond, int code, syntax::SourceLoc loc);
    void check_error_values(llvm::Value* cond, int code, syntax::SourceLoc loc,
                            const std::vector<llvm::Value*>& values);

    // ---- lower_optional.cpp: Numba's Optional(T), a {payload, valid} pair (types/optional_rules.hpp)
    // The T of an Optional(T) value; TypeError "expected T, got None" at `loc` when it is None.
    llvm::Value* optional_payload(llvm::Value* v, const Type* t, syntax::SourceLoc loc);
    // `x is None`, `x == None` and their negations test presence; other comparisons compare
    // the payloads (each checked as optional_payload does).
    llvm::Value* optional_compare(syntax::CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                                  syntax::SourceLoc loc);

    // ---- lower_calls.cpp
    llvm::Value* call(const syntax::Call* e);
    // lower_spread.cpp: f(a, *t), the call of t's length with t evaluated once before it
    llvm::Value* spread_call(const syntax::Call* e, const syntax::Starred* star);
    llvm::Value* star_item(const syntax::StarItem* e);
    std::unordered_map<const syntax::Starred*, llvm::Value*> spread_tuples_;  // t, while its call is lowered
    llvm::Value* call_user(const syntax::Call* e, const types::TypedFunction& callee);
    llvm::Value* call_function(const types::TypedFunction& callee, std::vector<llvm::Value*> args,
                               syntax::SourceLoc loc);
    llvm::Value* call_builtin(const syntax::Call* e, types::BuiltinId id, const syntax::Expr* self);
    void call_operands(const syntax::Call* e, std::vector<llvm::Value*>& values, std::vector<const Type*>& types);
    llvm::Value* min_max(const syntax::Call* e, bool is_max);
    llvm::Value* abs_value(llvm::Value* v, const Type* t, syntax::SourceLoc loc);

    // ---- lower_math.cpp
    llvm::Value* call_math(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* math_values(types::BuiltinId id, std::vector<llvm::Value*> args,
                             const std::vector<const Type*>& arg_types, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* math(types::BuiltinId id, std::vector<llvm::Value*> args, const Type* ty, syntax::SourceLoc loc);
    llvm::Value* round_call(const syntax::Call* e);
    llvm::Value* print_call(const syntax::Call* e);
    void print_piece(std::string& format, std::vector<llvm::Value*>& args, llvm::Value* v, const Type* t,
                     syntax::SourceLoc loc);

    // ---- lower_arrays.cpp
    llvm::Value* element_pointer(llvm::Value* arr, const Type* at, const syntax::Expr* index, syntax::SourceLoc loc,
                                 const Type** result_type, llvm::Value** view, int fancy_at = -1);
    llvm::Value* array_attribute(llvm::Value* arr, const Type* at, const std::string& attr, syntax::SourceLoc loc);
    llvm::Value* array_size(llvm::Value* arr, const Type* at);
    llvm::Value* index_value(const syntax::Expr* e);  // i64, sign- or zero-extended
    llvm::Value* slice_part(const syntax::Expr* e);   // i64, or null where left out
    llvm::Value* array_method(const syntax::Call* e, types::BuiltinId id, const syntax::Expr* self);
    // arr[i] along the first axis: the element (1-D) or a view of the rest.
    llvm::Value* array_item0(llvm::Value* arr, const Type* at, llvm::Value* i, const Type** result_type);

    // ---- nplib/lower_array_expr.cpp: array expressions, one loop nest per expression
    // Stores the array expression (or scalar) `e` into the array `dest`, broadcasting it to
    // dest's shape: the single entry point for every whole-array store (slice assignment,
    // in-place operators; the result of an allocating expression later).
    void lower_array_expr_into(TypedValue dest, const syntax::Expr* e);
    // dest op= value (an array expression or a number), in one loop: `a += b` and the update of
    // x[idx] op= v's copy.
    void inplace_array_op(TypedValue dest, syntax::BinOp op, const syntax::Expr* value, syntax::SourceLoc dest_loc,
                          syntax::SourceLoc loc);
    // ---- nplib/lower_masked_store.cpp: a[mask] = v, a[mask] op= v (no `op`: a store)
    void masked_store(const syntax::Subscript* target, const syntax::Expr* value,
                      std::optional<syntax::BinOp> op = std::nullopt);
    void store_array_expr(TypedValue dest, const nplib::ArrayExpr& tree, const std::vector<nplib::ArrayExpr*>& leaves,
                          syntax::SourceLoc loc);
    std::unique_ptr<nplib::ArrayExpr> array_expr_tree(const syntax::Expr* e, std::vector<nplib::ArrayExpr*>& leaves);
    std::unique_ptr<nplib::ArrayExpr> array_expr_node(nplib::ArrayExpr::Kind kind, const Type* elem,
                                                      syntax::SourceLoc loc);
    llvm::Value* array_expr_element(const nplib::ArrayExpr& node, const std::vector<llvm::Value*>& leaf_ptrs);
    llvm::Value* ufunc_binary(syntax::BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, syntax::SourceLoc loc);
    bool is_array_expr(const syntax::Expr* e) const;
    // The element pointers of every array at index i of the current innermost row.
    using RowPointers = std::function<std::vector<llvm::Value*>(llvm::Value* i)>;
    using ElementBody = std::function<void(const std::vector<llvm::Value*>&)>;
    void elementwise_loop(const std::vector<llvm::Value*>& dims, const std::vector<TypedValue>& arrays,
                          const ElementBody& body);
    void elementwise_rows(const std::vector<llvm::Value*>& dims, const std::vector<TypedValue>& arrays,
                          const std::function<void(llvm::Value* n, const RowPointers& at)>& row);
    void counted_range(llvm::Value* n, const std::function<void(llvm::Value*)>& per_i);
    std::vector<TypedValue> leaf_views(const std::vector<nplib::ArrayExpr*>& leaves,
                                       const std::vector<llvm::Value*>& dims, syntax::SourceLoc loc, bool into);

    // ---- nplib/lower_reductions.cpp: a.sum(), np.max(a * b), ... without a temporary
    llvm::Value* reduction(nplib::Reduction kind, const syntax::Expr* operand, const Type* rt, syntax::SourceLoc loc);
    void compensated_sum(const std::vector<llvm::Value*>& dims, const std::vector<TypedValue>& arrays,
                         const std::function<llvm::Value*(const std::vector<llvm::Value*>&)>& value, const Type* t,
                         llvm::AllocaInst* sum);
    llvm::Value* broadcast_strides(TypedValue leaf, const std::vector<llvm::Value*>& dims, syntax::SourceLoc loc,
                                   std::vector<llvm::Value*>& strides);

    // ---- nplib/lower_library.cpp: a.sort(), np.dot/np.vdot of vectors, np.linalg.norm
    // (runtime calls: cpu/helper_sort, cpu/helper_linalg)
    llvm::Value* library_call(const syntax::Call* e, types::BuiltinId id);
    void sort_rows(TypedValue a);
    llvm::Value* vector_dot(TypedValue x, TypedValue y, bool conjugate, syntax::SourceLoc loc);
    llvm::Value* dot_product(TypedValue x, TypedValue y, TypedValue out, const Type* rt, syntax::SourceLoc loc);
    void matrix_product(TypedValue x, TypedValue y, TypedValue out, syntax::SourceLoc loc);
    llvm::Value* linalg_norm(TypedValue x, llvm::Value* ord, const Type* rt, syntax::SourceLoc loc);
    // Sorted copies, argsort, unique, running sums, outer products: new arrays (allocate_array).
    llvm::Value* sorted_copy(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* argsort(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* unique(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* cumulative(TypedValue a, bool sum, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* outer(TypedValue x, TypedValue y, const Type* rt, syntax::SourceLoc loc);
    // nplib/lower_random.cpp: np.random.normal, standard_normal, randn, randint
    llvm::Value* random_draw(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                             syntax::SourceLoc loc);
    // Raises `class_name`(message) at loc where `cond` (i1) holds.
    void raise_if(llvm::Value* cond, const char* class_name, const std::string& message, syntax::SourceLoc loc);
    llvm::FunctionCallee runtime_call(const char* name, llvm::Type* result, const std::vector<llvm::Type*>& params);
    // body(pointer) for each element of `a` in C order (once for a 0-d array).
    void for_each_element(TypedValue a, const std::function<void(llvm::Value*)>& body);

    // ---- nplib/lower_axis.cpp (nplib3): np.sum(a, axis), argmin/argmax(axis), np.cumsum(a, axis)
    enum class AxisCheck { AxisError, ValueError, Argextreme };
    llvm::Value* normalize_axis(llvm::Value* axis, int ndim, AxisCheck style, syntax::SourceLoc loc);
    // nplib/lower_axis.cpp: np.sum(a, axis=(i, j, ...)), the axes known at run time
    llvm::Value* axes_sum(TypedValue a, TypedValue axes, const Type* rt, syntax::SourceLoc loc);
    using LaneBody = std::function<void(const std::vector<llvm::Value*>& start, const std::vector<llvm::Value*>& stride,
                                        llvm::Value* n, llvm::Value* lane)>;
    void for_each_lane(const std::vector<TypedValue>& arrays, llvm::Value* axis, const LaneBody& body);
    llvm::Value* lane_element(llvm::Value* start, llvm::Value* stride, llvm::Value* i, const Type* dt, const Type* to,
                              syntax::SourceLoc loc);
    llvm::Value* axis_reduction(nplib::Reduction kind, TypedValue a, llvm::Value* axis, const Type* rt,
                                syntax::SourceLoc loc);
    llvm::Value* cumulative_axis(TypedValue a, llvm::Value* axis, const Type* rt, syntax::SourceLoc loc);
    // nplib/lower_join.cpp (nplib3): np.concatenate, stack, hstack, vstack, column_stack, dstack
    TypedValue with_unit_axis(TypedValue a, llvm::Value* axis);
    llvm::Value* concatenate(const std::vector<TypedValue>& inputs, llvm::Value* axis, const Type* rt,
                             const std::string& what, syntax::SourceLoc loc);
    llvm::Value* join_arrays(types::BuiltinId id, TypedValue tup, llvm::Value* axis, const Type* rt,
                             syntax::SourceLoc loc);
    // argmin/argmax's comparison (nplib/lower_reductions.cpp), shared by both forms.
    const Type* arg_extreme_type(const Type* dtype);
    llvm::Value* arg_extreme_init(bool is_max, const Type* vt);
    llvm::Value* arg_extreme_takes(bool is_max, const Type* vt, llvm::Value* cur, llvm::Value* v);

    // ---- lower_xoroshiro.cpp: numba.cuda.random
    llvm::Value* xoroshiro_call(const syntax::Call* e, types::BuiltinId id);
    XoroshiroState xoroshiro_state(llvm::Value* states, const Type* st, llvm::Value* index, syntax::SourceLoc loc);
    XoroshiroState xoroshiro_jump(const XoroshiroState& start);
    llvm::Value* box_muller(llvm::Value* u1, llvm::Value* u2, bool wide, syntax::SourceLoc loc);

    // ---- lower_cuda.cpp
    llvm::Value* cuda_value(types::BuiltinId id, const Type* result, syntax::SourceLoc loc);
    llvm::Value* cuda_call(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* cuda_array_storage(const syntax::Call* e, bool shared);
    int64_t shared_row_padding(const std::vector<int64_t>& dims, int64_t itemsize);
    llvm::Value* cuda_atomic(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* float_indexed_pointer(llvm::Value* arr, const types::Type* at, const syntax::Expr* index);
    llvm::Value* cache_hint_access(const syntax::Call* e, types::BuiltinId id);  // lower_cache_hints.cpp

    // ---- lower_jitclass.cpp: numba.experimental.jitclass instances
    llvm::Function* jitclass_destructor(const Type* t);
    llvm::Value* jitclass_field_pointer(llvm::Value* instance, const Type* t, const std::string& field,
                                        const Type** ft);
    llvm::Value* jitclass_new(const syntax::Call* e);
    llvm::Value* jitclass_call(const types::TypedFunction& callee, llvm::Value* instance, const syntax::Call* e);
    llvm::Value* jitclass_method_call(const syntax::Call* e, const types::TypedFunction& callee);
    llvm::Value* jitclass_attribute(const syntax::Attribute* e);
    void jitclass_store(const syntax::Attribute* target, llvm::Value* v, const Type* vt);
    void jitclass_aug_assign(const syntax::AugAssign* s);
    llvm::Value* jitclass_passage(const syntax::Call* e, const std::string& path);  // _ujit_unbox

    // ---- alloc: memory compiled code owns (codegen/lower_refcount.cpp, nplib/allocate.cpp,
    // nplib/lower_constructors.cpp, nplib/lower_array_copies.cpp)
    // Ownership, as Numba's NRT: every variable holding arrays owns a reference to each; a new
    // array from an expression (allocation, a call returning one) is a temporary owning one,
    // released at the end of its statement unless a variable takes it; views are borrowed until
    // stored; arguments are borrowed; `return` hands the caller one reference. CUDA: nothing.
    //
    // Does a value of type `t` hold references this target counts?
    bool counts_references(const Type* t) const;
    // The owner pointers inside a value of type `t` (arrays, tuples of them; later lists,
    // dicts, strings): the one place that knows where references live in a value.
    void owners_in(llvm::Value* v, const Type* t, std::vector<llvm::Value*>& out);
    void count_update(bool increment, llvm::Value* v, const Type* t);
    void escape_owners(llvm::Value* v, const Type* t, llvm::Value* container);  // stored in it: ujit_nrt_escape_into
    // `v` (type `t`) is a new reference: a temporary of the current statement.
    void own_temporary(llvm::Value* v, const Type* t);
    // A variable takes the temporary `v` (no count update); false if `v` is no temporary.
    bool take_temporary(llvm::Value* v);
    // Releases the temporaries made since `mark` (forget: they are released on every path
    // from here, so the statement's end need not release them again).
    void release_temporaries(size_t mark, bool forget = true);
    size_t temporaries_mark() const { return temps_.size(); }
    void release_locals();
    // A new array of type `t` (C order; F order for an F-layout type) with shape `shape` (i64
    // values), uninitialized, owned by a new header: a temporary of the current statement (a
    // variable that stores it keeps it). Raises ValueError for a negative dimension or a size
    // past the address space, MemoryError when allocation fails. `what` names the construct
    // for the error CUDA code gets (it cannot allocate). nplib builds every new array on this.
    llvm::Value* allocate_array(const Type* t, const std::vector<llvm::Value*>& shape, syntax::SourceLoc loc,
                                const std::string& what);
    // nplib/lower_constructors.cpp: np.empty, zeros, ..., a.copy(), astype
    llvm::Value* array_constructor(const syntax::Call* e, types::BuiltinId id, const syntax::Expr* self);
    llvm::Value* shape_values(const syntax::Expr* shape, std::vector<llvm::Value*>& dims);
    void fill_array(TypedValue dest, llvm::Value* v, const Type* vt, syntax::SourceLoc loc);
    void copy_array(TypedValue dest, TypedValue src, syntax::SourceLoc loc);
    llvm::Value* arange(const syntax::Call* e, const std::vector<const syntax::Expr*>& arg,
                        const std::vector<const Type*>& ops, const std::string& what);
    llvm::Value* linspace(const syntax::Call* e, const std::vector<const syntax::Expr*>& arg,
                          const std::vector<const Type*>& ops, const std::string& what);
    // nplib/lower_array_copies.cpp: a[mask], a[idx] as new arrays
    llvm::Value* masked_copy(const syntax::Subscript* e);
    // nplib/lower_array_expr.cpp: an array expression's result in a new array
    llvm::Value* new_array_expr(const syntax::Expr* e);
    llvm::Value* may_overlap(TypedValue a, TypedValue b_);
    llvm::Value* may_read_destination(TypedValue dest, const syntax::Expr* e);
    const types::TypedFunction* vectorized_callee(const syntax::Call* c) const;
    std::vector<llvm::Value*> broadcast_shape(const std::vector<nplib::ArrayExpr*>& leaves, int ndim);
    void fill_from_expr(TypedValue dest, const nplib::ArrayExpr& tree, std::vector<TypedValue> arrays,
                        syntax::SourceLoc loc);
    struct Temporary {
        std::vector<llvm::AllocaInst*> slots;  // the owners, null once released or taken
        llvm::Value* value;
    };
    std::vector<Temporary> temps_;
    // ---- nplib4: nplib/lower_fancy_index.cpp: a[idx], m[idx, :], m[:, idx] read and assigned
    struct FancyIndex {
        TypedValue view;              // the index with the array's axis taken whole
        unsigned axis = 0;            // the view's axis the array indexes
        unsigned source_axis = 0;     // and a's (for IndexError's message)
        TypedValue idx;               // the integer array
        bool front = false;           // NumPy puts idx's axes first (advanced indices not adjacent)
        std::vector<llvm::Value*> dims;       // the result's shape
        std::vector<llvm::Value*> collapsed;  // the same, idx's axes as one
        unsigned out_axis = 0;                // where idx's axes are in the result
        syntax::SourceLoc loc;                // the integer array's
    };
    FancyIndex fancy_index(const syntax::Subscript* s);
    void for_each_fancy_row(const FancyIndex& f, TypedValue out,
                            const std::function<void(TypedValue from, TypedValue to)>& body);
    llvm::Value* fancy_take(const syntax::Subscript* e);
    void fancy_store(const syntax::Subscript* target, const syntax::Expr* value);
    void fancy_update(const syntax::Subscript* target, syntax::BinOp op, const syntax::Expr* value,
                      syntax::SourceLoc loc);
    // nplib/lower_search.cpp, lower_stats.cpp: the calls of nplib/search_typing.cpp
    llvm::Value* search_call(const syntax::Call* e, types::BuiltinId id, const std::vector<TypedValue>& args,
                             const std::vector<const syntax::Expr*>& exprs);
    llvm::Value* nonzero_indices(types::BuiltinId id, TypedValue a, const Type* rt, syntax::SourceLoc loc);
    void for_each_index(TypedValue a,
                        const std::function<void(const std::vector<llvm::Value*>& index, llvm::Value* ptr)>& body);
    llvm::Value* diff(TypedValue a, llvm::Value* n, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* searchsorted(TypedValue a, TypedValue v, bool right, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* flipped(types::BuiltinId id, TypedValue a, const Type* rt);
    llvm::Value* rolled(TypedValue a, llvm::Value* shift, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* repeated(TypedValue a, llvm::Value* repeats, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* quantile(types::BuiltinId id, TypedValue a, TypedValue q, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* trace(TypedValue a, llvm::Value* offset, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* isclose(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                         syntax::SourceLoc loc);
    llvm::Value* bincount(TypedValue x, TypedValue w, llvm::Value* minlength, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* lane_reduction(nplib::Reduction kind, llvm::Value* start, llvm::Value* stride, llvm::Value* n,
                                const Type* dt, const Type* et, syntax::SourceLoc loc);  // lower_axis.cpp
    llvm::Value* interp(TypedValue x, TypedValue xp, TypedValue fp, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* convolve(TypedValue a, TypedValue v, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* float64_copy(TypedValue a, syntax::SourceLoc loc, const std::string& what);  // lower_stats.cpp
    // ---- end nplib4
    // ---- lower_prange.cpp: parallel=True (prange loops on the thread pool, thread functions)
    bool runs_in_parallel(const syntax::For* s, const syntax::Call* range, PrangePlan& plan);
    void for_prange(const syntax::For* s, const Type* et, const RangeArgs& args, const PrangePlan& plan);
    // A function body(ctx, chunk, lo, hi) lowered from this function's source: each chunk
    // starts with its own slot for every variable, `captured` ones loaded from the last
    // fields of ctx_ty; `emit` lowers the chunk's work. (cpu/parallel_runtime.hpp runs it.)
    using ChunkBody = std::function<void(llvm::Value* ctx, llvm::Value* chunk, llvm::Value* lo, llvm::Value* hi)>;
    llvm::Function* outline_chunk(const std::string& suffix, const std::vector<std::string>& captured,
                                  llvm::StructType* ctx_ty, const ChunkBody& emit);
    llvm::StructType* chunk_context_type(std::vector<llvm::Type*> fields, const std::vector<std::string>& captured);
    llvm::AllocaInst* chunk_context(llvm::StructType* ctx_ty, const std::vector<llvm::Value*>& values,
                                    const std::vector<std::string>& captured, syntax::SourceLoc loc);
    llvm::Value* parallel_chunks(llvm::Value* n);
    void run_chunks(llvm::Function* body, llvm::Value* cx, llvm::Value* n, llvm::Value* chunks);
    llvm::Value* reduction_identity(ReductionOp op, const Type* t, syntax::SourceLoc loc);
    llvm::Value* thread_call(const syntax::Call* e, types::BuiltinId id);  // numba.get_thread_id() ...

    // ---- parallel_arrays.cpp: Numba's implicit parfors of array code in parallel=True functions
    // A whole-array reduction / an array expression stored into an array, run in chunks of
    // rows on the pool when large (null / false: lower it serially).
    llvm::Value* parallel_reduction(nplib::Reduction kind, const syntax::Expr* operand, const Type* rt,
                                    syntax::SourceLoc loc);
    bool parallel_store(TypedValue dest, const syntax::Expr* e);
    // Inside a chunk: restricts the iteration space of the operation `owner` (the reduction's
    // operand, the stored tree) to its rows [lo, hi) along the first axis.
    void narrow_to_chunk(const void* owner, std::vector<llvm::Value*>& dims, std::vector<TypedValue>& arrays);
    llvm::Value* combine_reduction(nplib::Reduction kind, llvm::Value* acc, llvm::Value* part, const Type* t,
                                   syntax::SourceLoc loc);
    // ---- lower_cuda_intrinsics.cpp: cuda.popc/clz/ffs/brev/fma/selp/cbrt (null: not one)
    llvm::Value* cuda_intrinsic(const syntax::Call* e, types::BuiltinId id);
    // ---- cuda3: lower_cmath.cpp, the cmath module
    llvm::Value* cmath_call(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* cmath_values(types::BuiltinId id, const std::vector<llvm::Value*>& args, const Type* rt,
                              syntax::SourceLoc loc);
    // lower_fp16.cpp: cuda.fp16.* (null: not one of them)
    llvm::Value* fp16_call(const syntax::Call* e, types::BuiltinId id);
    // ---- end cuda3
    // ---- cudacg: nplib/lower_ufunc_out.cpp, np.sin(x, out), np.add(a, b, out=o)
    llvm::Value* ufunc_into_output(const syntax::Call* e, types::BuiltinId id, const syntax::Expr* out);
    const syntax::Expr* ufunc_output(const syntax::Call* e) const;  // its output argument, or null
    // NumPy's ordering of complex numbers (its CLT/CLE/CGT/CGE macros): real parts first
    llvm::Value* complex_order(syntax::CmpOp op, llvm::Value* x, llvm::Value* y);
    // ---- end cudacg
    // ---- lower_complex_pow.cpp: z ** w of two complex values of type t
    llvm::Value* complex_power(llvm::Value* z, llvm::Value* w, const Type* t, syntax::SourceLoc loc);

    // ---- lists (lower_lists.cpp, lower_list_methods.cpp; runtime: src/lists)
    // The API for other lowerings: new_list(list_type, capacity, loc) makes an empty list (a
    // temporary of the statement, as a new array); list_append(list, list_type, item, loc)
    // appends an item of the list's item type (inline unless it must grow); list_size and
    // list_load read it. A list value is {nrt header, ujit_list payload}.
public:
    llvm::Value* new_list(const Type* lt, llvm::Value* capacity, syntax::SourceLoc loc);
    void list_append(llvm::Value* list, const Type* lt, llvm::Value* v, syntax::SourceLoc loc);
    llvm::Value* list_size(llvm::Value* list);
    llvm::Value* list_load(llvm::Value* list, const Type* lt, llvm::Value* i);

private:
    llvm::Value* list_payload(llvm::Value* list);
    llvm::Type* list_item_storage(const Type* lt);
    llvm::Value* list_item_pointer(llvm::Value* list, const Type* lt, llvm::Value* i);
    void list_reserve(llvm::Value* list, llvm::Value* n, syntax::SourceLoc loc);
    void list_store_new(llvm::Value* list, const Type* lt, llvm::Value* i, llvm::Value* v);
    llvm::Value* list_index(llvm::Value* list, llvm::Value* i, syntax::SourceLoc loc, const char* message);
    llvm::Value* list_display(const syntax::Tuple* e);
    void print_list(std::string& format, std::vector<llvm::Value*>& args, llvm::Value* list, const Type* lt,
                    syntax::SourceLoc loc);
    llvm::Value* list_comprehension(const syntax::ListComp* e);
    void comprehension_loops(const syntax::ListComp* e, size_t k, llvm::Value* list, const Type* lt);
    llvm::Value* list_subscript(const syntax::Subscript* e);
    llvm::Value* list_item_target(const syntax::Subscript* sub, llvm::Value** list);
    IterSource list_iter_source(const syntax::Expr* e, const RebindTest* rebound);
    void list_shift(llvm::Value* list, const Type* lt, llvm::Value* from, llvm::Value* by);
    llvm::Value* items_equal(llvm::Value* a, const Type* at, llvm::Value* c, const Type* ct, syntax::SourceLoc loc);
    llvm::Value* list_find(llvm::Value* list, const Type* lt, llvm::Value* v, const Type* vt, syntax::SourceLoc loc);
    void list_clear(llvm::Value* list, const Type* lt);
    void list_extend(llvm::Value* list, const Type* lt, const syntax::Expr* iterable);
    // lower_list_sort.cpp: l.sort(key=, reverse=), sorted()
    void list_sort(llvm::Value* list, const Type* lt, const syntax::Call* e);
    void list_merge_sort(llvm::Value* list, const Type* lt, const syntax::Expr* key, const syntax::Expr* reverse,
                         syntax::SourceLoc loc);
    llvm::Value* sort_less(llvm::Value* a, llvm::Value* c, const Type* t, syntax::SourceLoc loc);
    void list_reverse(llvm::Value* list, const Type* lt);
    llvm::Value* list_copy(llvm::Value* list, const Type* lt, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* list_method_call(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* list_builtin_call(const syntax::Call* e, types::BuiltinId id);
    // lower_list_slices.cpp: l[a:b:c], l[a:b:c] = iterable, del l[a:b:c]
    struct ListSlice {
        llvm::Value *start, *step, *count;  // int64
    };
    ListSlice list_slice_bounds(llvm::Value* n, const syntax::Slice* sl);
    llvm::Value* list_slice(llvm::Value* list, const Type* lt, const syntax::Slice* sl);
    void list_release_item(llvm::Value* list, const Type* lt, llvm::Value* i);
    void list_slice_assign(const syntax::Subscript* sub, const syntax::Expr* value);
    void list_slice_delete(const syntax::Subscript* sub);
    const Type* list_of_same(const Type* lt);
    llvm::Value* list_binary(const syntax::Binary* e);
    void list_aug_assign(const syntax::AugAssign* s);
    // nplib/lower_array_from_list.cpp: np.array(list), np.asarray(list) (nested lists)
    llvm::Value* array_from_list(llvm::Value* list, const Type* lt, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* list_compare(syntax::CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                              syntax::SourceLoc loc);
    // ---- end lists
    // ---- lower_str.cpp, lower_str_methods.cpp: strings (helpers: src/strings/str_abi.h)
    llvm::Value* str_literal(const std::string& utf8);
    llvm::Value* str_length(llvm::Value* s);
    llvm::Value* str_pointer(llvm::Value* s);  // a stack copy, for a helper's ujit_str* argument
    llvm::Value* str_query(const char* helper, llvm::Type* result, const std::vector<llvm::Value*>& args);
    // Calls `helper(args..., &out)`: the new string, a temporary of the statement.
    llvm::Value* str_new(const char* helper, std::vector<llvm::Value*> args);
    llvm::Value* str_slice(llvm::Value* s, llvm::Value* start, llvm::Value* step, llvm::Value* count);
    llvm::Value* str_binary(syntax::BinOp op, llvm::Value* l, const Type* lt, llvm::Value* r, syntax::SourceLoc loc);
    llvm::Value* str_compare(syntax::CmpOp op, llvm::Value* l, llvm::Value* r, syntax::SourceLoc loc);
    llvm::Value* str_subscript(const syntax::Subscript* e);
    void for_str(const syntax::For* s);
    bool is_str_builtin(const syntax::Call* e, types::BuiltinId id) const;
    llvm::Value* str_builtin(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* str_method(const syntax::Call* e, types::BuiltinId id, const syntax::Expr* self);
    llvm::Value* str_int_arg(const syntax::Call* e, size_t k, llvm::Value* dflt);
    llvm::Value* str_bound(const syntax::Call* e, size_t k, llvm::Value* dflt, llvm::Value* n);
    llvm::Value* str_partition(const syntax::Call* e, llvm::Value* s, llvm::Value* sep, bool last);
    llvm::Value* str_join(llvm::Value* sep, const syntax::Expr* parts);
    // ---- lower_str_lists.cpp (strings2): split, rsplit, splitlines (lists of str)
    llvm::Value* str_split(const syntax::Call* e, types::BuiltinId id, llvm::Value* self_pointer);
    llvm::Value* list_of_meminfo(llvm::Value* mi, const Type* lt);
    // ---- end strings2
    // ---- lower_try.cpp: try/except/else/finally
    void try_stmt(const syntax::Try* s);
    // `body` under a try frame, then (if it ends normally) the frame left and `after`; on a
    // raise in it, `landing` (given the frame) after the frame caught it.
    void guarded(const syntax::Try* s, bool has_finally, const std::function<void()>& body,
                 const std::function<void()>& after, const std::function<void(llvm::Value*)>& landing);
    // Leaves the try frames a return (loops_kept 0) or a break/continue (loops_.size()) exits.
    void leave_try_frames(const syntax::Stmt* s, size_t loops_kept);
    void make_try_variables_volatile();
    struct TryFrame {
        llvm::Value* frame;
        size_t loops_at_entry;
        bool has_finally;
    };
    std::vector<TryFrame> try_frames_;
    std::set<std::string> try_variables_;  // assigned in a try statement: kept in memory
    // ---- dicts and sets (lower_dicts.cpp, lower_dict_methods.cpp; runtime: src/dicts)
    // A dict or set value is {nrt header, ujit_dict_payload}. new_dict(t, loc) makes an empty
    // one (a temporary of the statement); dict_insert adds a key (in a dict_slot) and value.
public:
    llvm::Value* new_dict(const Type* t, syntax::SourceLoc loc);
    void dict_insert(llvm::Value* d, const Type* t, llvm::Value* key_slot, llvm::Value* value, syntax::SourceLoc loc);
    llvm::Value* dict_slot(llvm::Value* v, const Type* t);

private:
    const Type* dict_key_type(const Type* t);
    llvm::Value* dict_payload(llvm::Value* d);
    llvm::Value* dict_len(llvm::Value* d);
    llvm::Value* dict_layout(const Type* t);
    llvm::Value* dict_value_of(llvm::Value* mi, const Type* t);
    llvm::Value* dict_key_slot(const syntax::Expr* key, const Type* t);
    llvm::Value* dict_find(llvm::Value* d, llvm::Value* key_slot);
    llvm::Value* entry_part(llvm::Value* entry, const Type* t, bool value);
    llvm::Value* dict_display(const syntax::Tuple* e);
    llvm::Value* dict_subscript(const syntax::Subscript* e);
    void dict_store(const syntax::Subscript* sub, llvm::Value* v, const Type* vt);
    llvm::Value* dict_contains(llvm::Value* key, const Type* kt, llvm::Value* d, const Type* t, syntax::SourceLoc loc);
    llvm::Value* dict_compare(syntax::CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                              syntax::SourceLoc loc);
    IterSource dict_iter_source(const syntax::Expr* e, const RebindTest* rebound);
    llvm::Value* dict_copy(llvm::Value* d, const Type* t, syntax::SourceLoc loc);
    void set_update(syntax::BinOp op, llvm::Value* a, llvm::Value* other, syntax::SourceLoc loc);
    llvm::Value* set_binary(const syntax::Binary* e);
    void set_aug_assign(const syntax::AugAssign* s);
    llvm::Value* dict_builtin_call(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* dict_method_call(const syntax::Call* e, types::BuiltinId id);
    // ---- end dicts and sets
    // ---- pylang2: frozen global arrays (lower_frozen.cpp)
    llvm::Value* frozen_array(const types::ConstValue& c);
    // A constant's value: a number or tuple of them as an LLVM constant, a frozen array's
    // global, a string's literal (a global str, a default), a tuple holding either (lower_expr.cpp).
    llvm::Value* constant(const types::ConstValue& c);
    // A raise where `cond` holds (`raise` runs the target's check with the condition it is
    // given): when no try of this function catches it, what the variables and temporaries
    // hold is released first, as a return releases it (lower_try.cpp).
    void leave_by_raise(llvm::Value* cond, const std::function<void(llvm::Value*)>& raise);
    // ---- end pylang2
    // ---- lang4: enum members (lower_enum.cpp): comparisons, Color(value)
    // The comparison of members typing gave the operand type `operand` (types::compare_op_types);
    // null when `op` compares them as ints (IntEnum).
    llvm::Value* enum_compare(syntax::CmpOp op, llvm::Value* l, llvm::Value* r, const Type* operand);
    llvm::Value* values_equal(llvm::Value* l, llvm::Value* r, const Type* t, syntax::SourceLoc loc);
    llvm::Value* enum_from_value(const syntax::Call* e);
    // lower_unwind.cpp: what this frame holds across a call of a compiled function, recorded
    // for a raise that jumps over it; the mark (null: nothing recorded) goes to forget_...
    llvm::Value* record_held_references();
    void forget_held_references(llvm::Value* mark);
    llvm::Value* int_hash(llvm::Value* v, const Type* t);  // lower_str.cpp: hash() of an integer
    // ---- end lang4
    // ---- records: structured dtypes (lower_records.cpp). A record value is a pointer to its bytes.
    // `r.a` / `r['a']` / `arr.a` / `arr['a']` read (a scalar, a nested array or record view, or
    // a view of the field of every record); null when `e` names no record field.
    llvm::Value* record_field_read(const syntax::Expr* e);
    // `r.a = v`, `r['a'] = value` (a nested array field takes an array or number broadcast).
    void record_field_store(const syntax::Expr* target, const syntax::Expr* value);
    void record_field_store_value(const syntax::Expr* target, llvm::Value* v, const Type* vt);
    // The address of one record's field `e` (r.a, r['a']) with the field's type and the
    // alignment its loads and stores may assume (1 in a packed record).
    llvm::Value* record_field_address(const syntax::Expr* e, const Type** field_type, unsigned* align);
    void record_aug_assign(const syntax::AugAssign* s);
    // Copies the `rec` type's bytes from `src` to `dst` (arr[i] = r).
    void copy_record(llvm::Value* dst, llvm::Value* src, const Type* rec);
    // ---- end records
    // ---- nplib5: nplib/lower_named_ufuncs.cpp: np.add, np.fmax, np.logical_and, ... (one element)
    llvm::Value* named_ufunc_element(types::BuiltinId id, const std::vector<llvm::Value*>& in,
                                     const nplib::UfuncLoop& loop, syntax::SourceLoc loc);
    llvm::Value* named_ufunc_scalars(const syntax::Call* e, types::BuiltinId id);
    llvm::Value* ufunc_unary(syntax::UnaryOp op, llvm::Value* v, const Type* t);
    llvm::Value* logaddexp_value(bool base2, llvm::Value* x, llvm::Value* y, const Type* t, syntax::SourceLoc loc);
    llvm::Value* round_value(llvm::Value* x, llvm::Value* decimals, const Type* t, syntax::SourceLoc loc);
    // a.item() (lower_arrays.cpp's array_method) and np.triu/np.tril (nplib/lower_linalg.cpp)
    llvm::Value* triangle(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                          syntax::SourceLoc loc);
    // nplib/lower_random_extra.cpp: np.random.exponential/shuffle/permutation/choice, and the
    // random module's gauss/normalvariate/randint/randrange/expovariate/getrandbits
    llvm::Value* random_extra(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                              syntax::SourceLoc loc);
    llvm::Value* random_module_call(const syntax::Call* e, types::BuiltinId id);
    // nplib/lower_linalg.cpp: np.linalg.solve/inv/det/slogdet through LAPACK (cpu/helper_lapack)
    llvm::Value* linalg_call(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                             syntax::SourceLoc loc);
    // ---- end nplib5
    // ---- gpuspeed: a grid-stride loop's 16-byte vector version (lower_grid_stride_vector.cpp,
    // codegen/grid_stride_vector.hpp). Emits the run-time choice and the vector loop; returns
    // where the scalar loop starts (`start`, or the first element after the whole vectors).
    llvm::Value* vector_grid_stride_loop(const syntax::For* s, const GridStrideVectorPlan& plan, llvm::Value* start,
                                         llvm::Value* stop, llvm::Value* step);
    // While one lane of the vector body is lowered: the values that stand for expressions
    // (x[i] extracted from x's vector); expr() returns them as they are.
    std::unordered_map<const syntax::Expr*, llvm::Value*> lane_values_;
    // ---- end gpuspeed
    // ---- nplib6: the calls of nplib/summary_typing.cpp (lower_shape_helpers.cpp dispatches)
    llvm::Value* summary_call(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                              syntax::SourceLoc loc);
    // nplib/lower_binning.cpp
    llvm::Value* histogram(TypedValue a, TypedValue bins, TypedValue range, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* digitize(TypedValue x, TypedValue bins, llvm::Value* right, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* conjugate(llvm::Value* v, const Type* t);
    llvm::Value* correlate(TypedValue a, TypedValue v, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* trapezoid(TypedValue y, TypedValue x, llvm::Value* dx, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* cross(TypedValue x, TypedValue y, const Type* rt, syntax::SourceLoc loc);
    // nplib/lower_nan_reductions.cpp
    llvm::Value* nan_reduction(types::BuiltinId id, TypedValue a, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* nan_arg_extreme(TypedValue a, types::BuiltinId id, syntax::SourceLoc loc);
    llvm::Value* peak_to_peak(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* average(TypedValue a, TypedValue w, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* array_equal(TypedValue x, TypedValue y, syntax::SourceLoc loc);
    // nplib/lower_shape_helpers.cpp
    llvm::Value* diagonal(TypedValue v, llvm::Value* k, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* at_least(types::BuiltinId id, TypedValue a, const Type* rt);
    llvm::Value* repeated_each(TypedValue a, TypedValue repeats, const Type* rt, syntax::SourceLoc loc);
    // ---- end nplib6
    // ---- nplib7: np.angle's element (nplib/lower_named_ufuncs.cpp); np.append and np.kron
    // (nplib/lower_combine.cpp); np.cov and np.corrcoef (nplib/lower_covariance.cpp); np.linalg's
    // factorizations through LAPACK (nplib/lower_linalg_decomp.cpp, cpu/helper_lapack_decomp)
    llvm::Value* angle_value(llvm::Value* z, llvm::Value* deg, const Type* t, syntax::SourceLoc loc);
    llvm::Value* combine_call(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                              syntax::SourceLoc loc);
    llvm::Value* array_append(TypedValue arr, TypedValue values, llvm::Value* axis, const Type* rt,
                              syntax::SourceLoc loc);
    llvm::Value* kron(TypedValue x, TypedValue y, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* covariance(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                            syntax::SourceLoc loc);
    llvm::Value* linalg_decomp_call(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                    syntax::SourceLoc loc);
    // Raises Numba's error for a helper_lapack_decomp status (what: "np.linalg.svd()").
    void raise_linalg_status(llvm::Value* status, const std::string& what, syntax::SourceLoc loc);
    // ---- end nplib7
    // ---- nparray: nplib/arrangement_typing.cpp's calls (nplib/lower_layout.cpp dispatches)
    // nplib/lower_gaps.cpp (typed by nplib/gaps_typing.cpp)
    llvm::Value* gaps_call(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                           syntax::SourceLoc loc);
    llvm::Value* flat_item_pointer(TypedValue a, llvm::Value* k);
    llvm::Value* imag_test(TypedValue x, bool complex_test, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* log_spaced(llvm::Value* start, llvm::Value* stop, llvm::Value* num, const Type* rt,
                            syntax::SourceLoc loc);
    llvm::Value* geom_spaced(llvm::Value* start, llvm::Value* stop, llvm::Value* num, const Type* rt,
                             syntax::SourceLoc loc);
    llvm::Value* taken(TypedValue a, TypedValue indices, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* broadcast_view(TypedValue x, const std::vector<llvm::Value*>& shape, const Type* rt,
                                syntax::SourceLoc loc);
    llvm::Value* axes_moved(types::BuiltinId id, TypedValue a, llvm::Value* first, llvm::Value* second, const Type* rt,
                            syntax::SourceLoc loc);
    void fill_diagonal(TypedValue a, TypedValue val, llvm::Value* wrap, syntax::SourceLoc loc);
    llvm::Value* ediff1d(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* vander(TypedValue x, llvm::Value* columns, llvm::Value* increasing, const Type* rt,
                        syntax::SourceLoc loc);
    llvm::Value* tri_positions(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                               syntax::SourceLoc loc);
    llvm::Value* rotated90(TypedValue m, llvm::Value* k, const Type* rt);
    llvm::Value* deleted(TypedValue a, TypedValue obj, const Type* rt, syntax::SourceLoc loc);
    // nplib/lower_set_ops.cpp: np.union1d / intersect1d / setdiff1d
    llvm::Value* set_operation(types::BuiltinId id, TypedValue a, TypedValue b2, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* sorted_distinct(TypedValue a, const Type* dt, syntax::SourceLoc loc);
    llvm::Value* kept_items(TypedValue a, llvm::Value* count, const Type* rt, types::BuiltinId id,
                            syntax::SourceLoc loc, const std::function<llvm::Value*(llvm::Value*)>& keep);
    TypedValue concatenated(const std::vector<TypedValue>& parts, const Type* dt, syntax::SourceLoc loc);
    llvm::Value* arrangement_call(types::BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                  syntax::SourceLoc loc);
    // A new C array of a's items in C order, shaped `rt` (a.flatten(), a.ravel() of a non-C array).
    llvm::Value* flattened(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    // np.ascontiguousarray / np.asfortranarray: `a` itself where it already has rt's layout
    // (checked at run time for an A array), else a copy in that layout.
    llvm::Value* as_layout(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    // a.transpose(axes) / np.transpose(a, axes) with the axes as run-time int64 values.
    llvm::Value* transposed(TypedValue a, const std::vector<llvm::Value*>& axes, const Type* rt, syntax::SourceLoc loc);
    // nplib/lower_split.cpp: np.split / np.array_split, a list of views
    llvm::Value* split(types::BuiltinId id, TypedValue a, TypedValue sections, llvm::Value* axis, const Type* rt,
                       syntax::SourceLoc loc);
    // nplib/lower_partition.cpp: np.partition / np.argpartition (cpu/helper_partition)
    llvm::Value* partitioned(types::BuiltinId id, TypedValue a, TypedValue kth, const Type* rt, syntax::SourceLoc loc);
    // nplib/lower_isin.cpp, lower_nan_to_num.cpp
    llvm::Value* isin(TypedValue element, TypedValue test, llvm::Value* invert, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* nan_to_num(const std::vector<TypedValue>& args, const Type* rt, syntax::SourceLoc loc);
    // a.view(dtype) (nplib/array_views.cpp's dtype_view and NumPy's checks)
    llvm::Value* dtype_view(TypedValue a, const Type* rt, syntax::SourceLoc loc);
    // nplib/lower_nditer.cpp: for loops over np.ndindex, np.ndenumerate, np.nditer
    bool is_nd_iterator(const syntax::Expr* e) const;
    IterSource nd_iter_source(const syntax::Expr* e, const RebindTest* rebound);
    // a.flat (types Kind::FlatIter): the array's items in C order, iterated, indexed, len()'d
    IterSource flat_iter_source(const syntax::Expr* flat, const RebindTest* rebound);
    llvm::Value* flat_index_pointer(const syntax::Subscript* s);  // &a.flat[i]
    // len(a.flat), a.size: of `arr` where the array is already evaluated
    llvm::Value* flat_length(const syntax::Expr* flat, llvm::Value* arr = nullptr);
    // ---- end nparray
    // ---- arrspeed: nplib/lower_nan_reductions.cpp's np.nancumsum / nancumprod, complex nanmin / nanmax
    llvm::Value* nan_cumulative(TypedValue a, bool sum, const Type* rt, syntax::SourceLoc loc);
    llvm::Value* complex_nan_extreme(TypedValue a, bool is_max, syntax::SourceLoc loc);
    // ---- end arrspeed
    // ---- gen: lower_range.cpp, range values {start, stop, step}
    const syntax::Call* range_call(const syntax::Expr* e) const;  // range(...) itself, or null
    llvm::Value* range_value(const syntax::Call* range);
    RangeArgs range_parts(const syntax::Expr* e);  // of any range-typed expression
    llvm::Value* range_len(const syntax::Expr* e);
    llvm::Value* range_subscript(const syntax::Subscript* e);
    llvm::Value* range_contains(llvm::Value* x, const Type* xt, llvm::Value* range, const Type* rt);
    llvm::Value* range_attribute(const syntax::Attribute* e);
    IterSource range_iter_source(const syntax::Expr* e);
    // lower_generators.cpp: generators as coroutines
    struct GeneratorLayout {
        llvm::StructType* header;  // {i64 running, the yielded value}
        uint64_t frame_offset;     // where the coroutine frame starts in the block
    };
    GeneratorLayout generator_layout(const Type* gt);
    llvm::Value* generator_handle(llvm::Value* gen, const GeneratorLayout& layout);
    llvm::Value* generator_header(llvm::Value* gen, const GeneratorLayout& layout);
    llvm::Value* generator_finished(llvm::Value* gen, const GeneratorLayout& layout);
    llvm::Value* generator_advance(llvm::Value* gen, const Type* gt);
    llvm::Value* generator_item(llvm::Value* gen, const Type* gt);
    void each_generator_item(const syntax::Expr* e, const syntax::For* loop,
                             const std::function<void(llvm::Value*)>& body);
    void for_generator(const syntax::For* s);
    llvm::Value* generator_next(const syntax::Call* e);
    void lower_generator_body();
    void suspend_then(llvm::BasicBlock* resume);
    void end_generator();
    void yield_stmt(const syntax::Return* s);
    void generator_return(const syntax::Return* s);
    llvm::Function* generator_destructor(const GeneratorLayout& layout);
    llvm::Value* gen_handle_ = nullptr;      // the generator function's coroutine handle
    llvm::Value* gen_yield_slot_ = nullptr;  // where a yield stores its value
    llvm::BasicBlock* gen_suspend_ = nullptr;
    llvm::BasicBlock* gen_final_ = nullptr;
    // ---- end gen

public:
    ModuleLowering& mod;
    const types::TypedFunction& fn;
    llvm::Function* f;
    llvm::IRBuilder<> b;

private:
    llvm::BasicBlock* alloca_block_ = nullptr;
    std::unordered_map<std::string, llvm::AllocaInst*> vars_;
    struct Loop {
        llvm::BasicBlock* continue_target;
        llvm::BasicBlock* break_target;
    };
    std::vector<Loop> loops_;

    // lower_prange.cpp
    bool in_prange_ = false;  // lowering a prange body: prange loops inside it run serially
    // parallel_arrays.cpp
    bool serial_array_ops_ = false;      // lowering the serial branch of a parallel array operation
    const void* chunk_owner_ = nullptr;  // the operation narrow_to_chunk restricts, to the rows:
    llvm::Value* chunk_lo_ = nullptr;
    llvm::Value* chunk_hi_ = nullptr;
};

}  // namespace ujit::codegen
