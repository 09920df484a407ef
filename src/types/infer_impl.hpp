// The type inferrer for one specialization. Variables get one type each (Numba's
// unification); because a loop body can widen a variable used earlier in the loop, the
// body is walked repeatedly until no variable changes, then once more to record the final
// type of every node (the "final" pass, which also reports uses of unassigned variables).
#pragma once

#include "nplib/array_typing.hpp"
#include "nplib/library_typing.hpp"
#include "nplib/ufunc_typing.hpp"
#include "types/module_impl.hpp"

#include <map>
#include <optional>
#include <set>

namespace ujit::types {

// ---- enums: sets Inferrer::int_enum_depth_ for a scope.
struct IntEnumsAsInts {
    IntEnumsAsInts(int& slot, int depth) : slot_(slot), saved_(slot) { slot = depth; }
    ~IntEnumsAsInts() { slot_ = saved_; }
    IntEnumsAsInts(const IntEnumsAsInts&) = delete;
    IntEnumsAsInts& operator=(const IntEnumsAsInts&) = delete;

private:
    int& slot_;
    int saved_;
};
// ---- end enums

class Inferrer {
public:
    // `frame`: the function's entry on the compile-time call stack; null for a partial
    // typing, which skips recursive calls (partial_return_type).
    Inferrer(ModuleScope& module, TypedFunction& fn, ModuleScope::Frame* frame);
    void run();
    // The unification of the returns typed without recursive calls, or null.
    const Type* partial_return();

private:
    // infer.cpp: passes, variables, returns
    void start();
    void converge();
    void lend_returns();
    const Type* returns_so_far() const;
    bool returns_none_too() const;
    const Type* optional_return() const;
    void collect_locals(const syntax::Block& b);
    void collect_target(const syntax::Expr* t);
    void pass();
    Variable* variable(const std::string& name);
    void bind(const syntax::Name* name, const Type* t, syntax::SourceLoc where);
    void bind(const std::string& id, syntax::SourceLoc at, const Type* t, syntax::SourceLoc where);
    // closures.cpp's users: an inner def, and the values a call passes for its captures.
    void inner_def(const syntax::FunctionDef* def);
    void register_inner(const syntax::FunctionDef* def);
    const Type* lambda_value(const syntax::Lambda* e);
    bool capture_values(const syntax::Call* c, const syntax::FunctionDef* callee, std::vector<const Type*>& args);
    void finish_returns();
    [[noreturn]] void error(syntax::SourceLoc loc, const std::string& msg) const;
    bool cuda() const { return fn_.target == TargetKind::CUDA; }
    // Declared for the GPU (@cuda.jit, or @vectorize/@guvectorize with target='cuda'),
    // whatever target this compile is for.
    bool declared_for_cuda(const syntax::FunctionDef* def) const;

    // infer_stmt.cpp
    void block(const syntax::Block& b);
    void stmt(const syntax::Stmt* s);
    void assign_target(const syntax::Expr* target, const Type* value, syntax::SourceLoc where);
    void for_loop(const syntax::For* f);
    // infer_unroll.cpp: a literal_unroll loop typed as copies of its body, one per item
    // (types/literal_unroll.hpp); false when it runs as an ordinary loop.
    bool unrolled_loop(const syntax::For* f);
    bool unrolls(const syntax::Call* call, const Type* tuple);
    bool literal_unroll_call(const syntax::Expr* e);
    int unroll_depth_ = 0;  // inside the body of a literal_unroll loop
    void ret(const syntax::Return* r);
    void truth_test(const syntax::Expr* test);
    // Numba's dead branch pruning: the value of an `if` (or conditional expression) test that
    // typing knows, or nothing (infer_stmt.cpp).
    std::optional<bool> known_test(const syntax::Expr* test);
    // A store, augmented store or atomic into `array` (typed at `at`): Numba's error when it
    // is read-only.
    void require_writable(const syntax::Expr* at, const Type* array);

    // infer_iter.cpp: a for loop's iterable (range, 1-D array, enumerate/zip/reversed)
    std::string iteration_helper(const syntax::Expr* e) const;
    const Type* iteration_item(const syntax::Expr* e);
    const Type* iterable_reduction(const syntax::Call* c, BuiltinId id, const std::vector<const Type*>& args);
    // infer_nditer.cpp: np.ndindex / np.ndenumerate / np.nditer as a loop's iterable; the
    // item's type, null when `e` calls none of them (*handled false) or is not known yet.
    const Type* nd_iteration_item(const syntax::Expr* e, bool* handled);

    // infer_raise.cpp
    void raise_stmt(const syntax::Raise* r);
    std::string exception_class(const syntax::Expr* e);
    std::string exception_message(const syntax::Expr* e);

    // infer_expr.cpp
    const Type* expr(const syntax::Expr* e);  // null: not known yet (non-final pass)
    const Type* expr_inner(const syntax::Expr* e);
    const Type* set(const syntax::Expr* e, const Type* t);
    const Type* name(const syntax::Name* n);
    const Type* member(const syntax::Expr* e, const Member& m, const std::string& spelled);
    const Type* attribute(const syntax::Attribute* a);
    const Type* subscript(const syntax::Subscript* s);
    const Type* binary_chain(const syntax::Binary* b);
    const Type* binary(const syntax::Binary* b, const Type* l, const Type* r);
    const Type* unary(const syntax::Unary* u);
    const Type* compare(const syntax::Compare* c);
    const Type* boolop(const syntax::BoolOp* b);
    const Type* ifexp(const syntax::IfExp* e);
    const Type* tuple_expr(const syntax::Tuple* t);
    const Type* array_ufunc(syntax::SourceLoc loc, const nplib::UfuncSig& sig,
                            const std::vector<const Type*>& operands);
    const Type* array_method(const syntax::Call* c, BuiltinId id, std::vector<const Type*> args);
    const Type* array_subscript(const syntax::Subscript* s, const Type* array);
    const Type* flat_subscript(const syntax::Subscript* s, const Type* flat);  // a.flat[i]
    const Type* fancy_tuple_subscript(const syntax::Subscript* s, const Type* array);  // nplib4
    const Type* tuple_slice(const syntax::Slice* slice, const Type* tuple);
    const Type* tuple_binary(const syntax::Binary* b, const Type* l, const Type* r);  // t + t2
    bool mask_target_ = false;  // typing an assignment target: a[mask] is allowed
    std::optional<nplib::IndexItem> index_item(const syntax::Expr* e);
    const Type* array_attribute(const syntax::Attribute* a, const Type* array);
    std::optional<ConstValue> constant_of(const syntax::Expr* e);
    const Type* machine_limit_attribute(const syntax::Attribute* a);  // np.iinfo(t).max (nplib7)
    std::map<std::string, ConstValue> literal_args(const syntax::Call* c, const syntax::FunctionDef* callee);
    std::string spelled(const syntax::Expr* e) const;

    // infer_jitclass.cpp: numba.experimental.jitclass instances and classes
    const TypedFunction* jitclass_specialize(const syntax::FunctionDef* m, std::vector<const Type*> args,
                                             syntax::SourceLoc at);
    std::vector<const Type*> jitclass_arguments(const syntax::Call* c, const syntax::FunctionDef& m);
    const Type* jitclass_construct(const syntax::Call* c, const Type* cls, std::vector<const Type*> args);
    const Type* jitclass_method_call(const syntax::Call* c, const Type* instance, const syntax::FunctionDef* m,
                                     std::vector<const Type*> args);
    const Type* jitclass_attribute(const syntax::Attribute* a, const Type* base);
    void jitclass_store(const syntax::Attribute* target, const Type* instance, const Type* value,
                        syntax::SourceLoc where);

    // infer_call.cpp
    const Type* call(const syntax::Call* c);
    // infer_spread.cpp: f(a, *t) types as its spread call of t's length (syntax::Starred)
    const Type* spread_call(const syntax::Call* c, const syntax::Starred* star);
    const Type* star_item(const syntax::StarItem* e);
    // infer_isinstance.cpp: isinstance(x, T) is a constant of the specialization (Numba's
    // ol_isinstance), so `if isinstance(...)` prunes the branch that is not taken.
    const Type* isinstance_call(const syntax::Call* c);
    bool isinstance_target(const syntax::Expr* target, const Type* var);
    const Type* user_call(const syntax::Call* c, const syntax::FunctionDef* callee, std::vector<const Type*> args);
    // A cuda.declare_device function's call (infer_declared.cpp).
    const Type* declared_call(const syntax::Call* c, const DeclaredDevice& callee,
                              const std::vector<const Type*>& args);
    bool bind_arguments(const syntax::Call* c, const syntax::FunctionDef* callee, std::vector<const Type*>& args);
    const Type* recursive_call(const syntax::Call* c, ModuleScope::Frame& frame);
    const Type* builtin_call(const syntax::Call* c, BuiltinId id, std::vector<const Type*> args);
    const Type* cuda_call(const syntax::Call* c, BuiltinId id, std::vector<const Type*> args);
    const Type* xoroshiro_call(const syntax::Call* c, BuiltinId id, std::vector<const Type*> args);
    // infer_cmath.cpp: cmath.*
    const Type* cmath_call(const syntax::Call* c, BuiltinId id, const std::vector<const Type*>& args);
    // infer_fp16.cpp: cuda.fp16.* (null: not one of them)
    const Type* fp16_call(const syntax::Call* c, BuiltinId id, const std::vector<const Type*>& args);
    // infer_cuda_intrinsics.cpp: cuda.popc/clz/ffs/brev/fma/selp (null: not one of them)
    const Type* cuda_intrinsic_call(const syntax::Call* c, BuiltinId id, const std::vector<const Type*>& args);
    void warp_value(const syntax::Call* c, size_t i, const Type* t, const std::string& message) const;
    const Type* array_ctor(const syntax::Call* c, BuiltinId id);
    void check_local_array_size(const syntax::SourceLoc& loc, const std::vector<ConstValue>& dims, const Type* dtype);
    void check_array_alignment(const syntax::Expr* alignment, const std::string& what);
    void operands(const syntax::Call* c, std::vector<const Type*> types);
    // infer_library.cpp: a.sort(), np.dot, np.vdot, np.linalg.norm (nplib/library_typing)
    const Type* library_call(const syntax::Call* c, BuiltinId id);

    // infer_alloc.cpp (alloc): np.empty, zeros, ..., a.copy(), a.astype(...)
    const Type* array_alloc(const syntax::Call* c, BuiltinId id);
    const Type* dtype_argument(const syntax::Expr* e, const std::string& what);
    int shape_argument(const syntax::Expr* e, const std::string& what, const Type** op);
    const Type* ufunc_on_arrays(const syntax::Call* c, const syntax::FunctionDef* callee, const Decorator& d,
                                const std::vector<const Type*>& args);

    // ---- infer_lists.cpp: lists
    const Type* list_display(const syntax::Tuple* t);
    const Type* refined_list_value(const syntax::Expr* value, const Type* vt, const syntax::Expr* target);
    void refine_list(const syntax::Expr* receiver, const Type* list, const Type* item, syntax::SourceLoc at);
    const Type* list_attribute(const syntax::Attribute* a, const Type* list);
    void list_item_argument(const syntax::Call* c, size_t i, const Type* list, const Type* t);
    const Type* list_method(const syntax::Call* c, BuiltinId id, std::vector<const Type*> args);
    const Type* list_builtin(const syntax::Call* c, BuiltinId id);
    const Type* list_subscript(const syntax::Subscript* s, const Type* list);
    const Type* list_binary(const syntax::Binary* b, const Type* l, const Type* r);
    bool list_compare(syntax::CmpOp op, const Type* l, const Type* r, syntax::SourceLoc at);
    void check_precise_lists();
    const Type* iterable_item(const syntax::Expr* e);
    const Type* list_comprehension(const syntax::ListComp* c);
    void comprehension_generators(const syntax::ListComp* c);  // binds each generator's targets
    // infer_list_slices.cpp: l[a:b] = iterable, del l[a:b]
    void list_slice_store(const syntax::Subscript* s, const Type* list, const syntax::Expr* value);
    void slice_delete(const syntax::Assign* a);
    // infer_alloc.cpp: np.array(list) (nested lists of numbers or tuples of them)
    const Type* array_of_list(const syntax::Expr* at, const Type* list, const Type* dt, const std::string& what);
    // infer_sort.cpp: sorted()'s and list.sort()'s key= and reverse=
    void sort_keywords(const syntax::Call* c, const Type* item, const std::string& what);
    // ---- end lists
    // infer_str.cpp: strings (Numba's unicode_type)
    const Type* str_attribute(const syntax::Attribute* a);
    const Type* str_subscript(const syntax::Subscript* s);
    const Type* str_method(const syntax::Call* c, BuiltinId id, std::vector<const Type*> args);
    const Type* str_builtin(const syntax::Call* c, BuiltinId id, const std::vector<const Type*>& args);
    const Type* str_split_method(const syntax::Call* c, BuiltinId id, const std::string& name,
                                 const std::vector<const Type*>& args);
    // infer_datetime.cpp: np.datetime64/np.timedelta64 made in code, np.isnat, abs/min/max/int
    // of them (null: not such a call)
    const Type* datetime_builtin(const syntax::Call* c, BuiltinId id, const std::vector<const Type*>& args);
    // ---- infer_dicts.cpp: dicts and sets
    void check_key(const syntax::Expr* e, const Type* t);
    const Type* dict_display(const syntax::Tuple* t);
    const Type* dict_comprehension(const syntax::Tuple* t, const syntax::ListComp* c);  // and a set's
    void refine_container(const syntax::Expr* receiver, const Type* c, const Type* key, const Type* value,
                          syntax::SourceLoc at);
    void require_decided(const syntax::Expr* e, const Type* c);
    const Type* dict_subscript(const syntax::Subscript* s, const Type* d);
    void dict_store(const syntax::Subscript* s, const Type* d, const Type* value, syntax::SourceLoc where);
    const Type* dict_attribute(const syntax::Attribute* a, const Type* c);
    const Type* dict_method(const syntax::Call* c, BuiltinId id, std::vector<const Type*> args);
    const Type* dict_builtin(const syntax::Call* c, BuiltinId id);
    bool dict_compare(syntax::CmpOp op, const Type* l, const Type* r, syntax::SourceLoc at);
    const Type* set_binary(syntax::BinOp op, syntax::SourceLoc loc, const Type* l, const Type* r);
    const Type* container_item(const syntax::Expr* e, const Type* t);
    const Type* decided_container_value(const syntax::Expr* value, const Type* vt, const syntax::Expr* target);
    // ---- end dicts and sets
    // ---- infer_records.cpp: records (structured dtypes)
    // `r.a` / `r['a']` of a record, `arr.a` / `arr['a']` of a record array (a view): the field's
    // type, noted in fn_.record_fields; null when `name` is no field (a record array's other
    // attributes). `at` is the Attribute or Subscript node.
    const Type* record_field_type(const syntax::Expr* at, syntax::SourceLoc name_loc, const Type* base,
                                  const std::string& name, bool required);
    // The constant field name of `r['a']`, `r[0]` (the first field) / `arr['a']` of the record
    // type `rec` (null: the index is no constant string or integer).
    const std::string* record_index_name(const syntax::Subscript* s, const Type* rec);
    // `r.a = v`, `r['a'] = v`, `arr[i].a = v`: typing the store.
    void record_store(const syntax::Expr* target, const Type* value, syntax::SourceLoc where);
    // ---- end records

    // ---- enums (enum_classes.cpp)
    const Type* enum_member_named(const syntax::Expr* at, syntax::SourceLoc loc, const Type* cls,
                                  const std::string& name);
    const Type* enum_class_subscript(const syntax::Subscript* s, const Type* cls);
    const Type* enum_member_attribute(const syntax::Attribute* a, const Type* member);
    const Type* enum_class_call(const syntax::Call* c, const Type* cls, const std::vector<const Type*>& args);
    // The depth of expressions whose IntEnum members are used as ints (a builtin's arguments,
    // an index): expr() gives them their value's type there.
    int int_enum_depth_ = -1;
    // ---- end enums
    // ---- ntuple (infer_named_tuples.cpp): `Point(x, y=...)` of a namedtuple class, `p.x`
    const Type* named_tuple_call(const syntax::Call* c, const Type* cls);
    const Type* named_tuple_field(const syntax::Attribute* a, const Type* t);
    // ---- end ntuple
    // ---- cudacg: infer_ufunc_out.cpp, np.sin(x, out), np.add(a, b, out=o)
    const syntax::Expr* ufunc_output_arg(const syntax::Call* c, BuiltinId id);
    const Type* ufunc_into_output(const syntax::Call* c, BuiltinId id, const syntax::Expr* out_arg);
    // ---- end cudacg
    // ---- gen: infer_range.cpp, range values
    const Type* range_attribute(const syntax::Attribute* a, const Type* range);
    const Type* range_subscript(const syntax::Subscript* s, const Type* range);
    bool range_compare(syntax::CmpOp op, const Type* l, const Type* r, syntax::SourceLoc at);
    // infer_generators.cpp: a generator's yields and returns, its type, next(g)
    void generator_return(const syntax::Return* r);
    void finish_generator();
    const Type* next_call(const syntax::Call* c, const std::vector<const Type*>& args);
    void refuse_generator_in(const syntax::Call* c, const std::string& helper);  // infer_iter.cpp
    const Type* yielded_ = nullptr;  // unification of the yielded values this pass
    syntax::SourceLoc yielded_loc_;
    // ---- end gen

    ModuleScope& m_;
    TypedFunction& fn_;
    ModuleScope::Frame* frame_;
    std::set<std::string> locals_;
    // Locals bound once, by `name = value` (Numba types such a name as a literal when the value
    // is a constant): the value, for constant_of. Other bindings of the name void it.
    std::map<std::string, const syntax::Expr*> single_assignments_;
    std::set<std::string> rebound_;
    std::set<std::string> evaluating_;  // the local constants constant_of is reading (a cycle)
    std::vector<syntax::SourceLoc> type_origin_;  // per variable: where its current type came from
    bool final_ = false;
    bool changed_ = false;
    int depth_ = 0;
    const Type* returned_ = nullptr;        // unification of the returned values this pass
    syntax::SourceLoc returned_loc_;
    bool has_value_return_ = false;
    bool has_bare_return_ = false;
    int loop_depth_ = 0;
    bool allow_str_ = false;  // a string literal is legal here (print arguments)
    bool allow_list_ = false;  // a list display is legal here (np.array's argument, typed as a tuple)
};

}  // namespace ujit::types
