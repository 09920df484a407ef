// Lowering of the functions and methods that make new arrays (nplib/constructors.hpp), each
// one allocation (FunctionLowering::allocate_array) and one loop that fills it, as Numba's
// arrayobj.py implements them: zeros by memset, ones/full by a fill loop, copies and astype by
// one elementwise loop with the conversion, arange/linspace/eye by their own formulas.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/constructors.hpp"

#include <fmt/format.h>

#include <llvm/IR/Intrinsics.h>

#include <functional>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

llvm::Value* element_count(llvm::IRBuilder<>& b, const std::vector<llvm::Value*>& dims) {
    llvm::Value* n = b.getInt64(1);
    for (llvm::Value* d : dims) n = b.CreateMul(n, d);
    return n;
}

std::vector<llvm::Value*> dims_of(llvm::IRBuilder<>& b, llvm::Value* arr, const Type* t) {
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < t->ndim(); ++k) dims.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
    return dims;
}

}  // namespace

// The dimensions a shape operand (int64, or a tuple of int64) stands for.
llvm::Value* FunctionLowering::shape_values(const Expr* shape, std::vector<llvm::Value*>& dims) {
    const Type* st = type_of(shape);
    const Type* op =
        st->is_tuple() ? types::tuple(std::vector<const Type*>(st->elements().size(), types::int64())) : types::int64();
    llvm::Value* v = expr_as(shape, op);
    if (op->is_tuple())
        for (unsigned k = 0; k < op->elements().size(); ++k) dims.push_back(b.CreateExtractValue(v, k));
    else
        dims.push_back(v);
    return v;
}

// Every element of `dest` set to `v` (of type `vt`, converted to dest's dtype once).
void FunctionLowering::fill_array(TypedValue dest, llvm::Value* v, const Type* vt, SourceLoc loc) {
    const Type* dt = dest.t->dtype();
    llvm::Value* item = to_storage(b, convert_or_fail(v, vt, dt, loc), dt);
    if (dest.t->ndim() == 0) {
        b.CreateStore(item, array_data(b, dest.v));
        return;
    }
    elementwise_loop(dims_of(b, dest.v, dest.t), {dest},
                     [&](const std::vector<llvm::Value*>& ptrs) { b.CreateStore(item, ptrs[0]); });
}

// dest[...] = src[...] element by element (same shape), converting the dtype as astype does.
void FunctionLowering::copy_array(TypedValue dest, TypedValue src, SourceLoc loc) {
    const Type* from = src.t->dtype();
    const Type* to = dest.t->dtype();
    auto move = [&](llvm::Value* in, llvm::Value* out) {
        llvm::Value* x = from_storage(b, b.CreateLoad(storage_type(mod.ctx, from), in), from);
        b.CreateStore(to_storage(b, convert_or_fail(x, from, to, loc), to), out);
    };
    if (dest.t->ndim() == 0) return move(array_data(b, src.v), array_data(b, dest.v));
    elementwise_loop(dims_of(b, src.v, src.t), {src, dest},
                     [&](const std::vector<llvm::Value*>& ptrs) { move(ptrs[0], ptrs[1]); });
}

llvm::Value* FunctionLowering::array_constructor(const Call* e, BuiltinId id, const Expr* self) {
    const Type* rt = type_of(e);
    std::string why;
    SourceLoc where;
    std::vector<const Expr*> arg = nplib::bind_arguments(e, nplib::constructor_params(id), &why, &where);
    UJIT_INTERNAL_ASSERT(why.empty(), where, "constructor arguments typed but not bound: " + why);
    const std::vector<const Type*>* ops = fn.operands_of(e);
    UJIT_INTERNAL_ASSERT(ops && ops->size() == arg.size(), e->loc, "constructor call without operand types");
    auto value = [&](size_t i) { return expr_as(arg[i], (*ops)[i]); };
    auto present = [&](size_t i) { return i < arg.size() && arg[i] && !isa<NoneLit>(arg[i]); };
    std::string what =
        self ? "." + cast<Attribute>(e->callee)->attr + "()" : std::string(types::builtin_name(id)) + "()";
    const Type* dt = rt->dtype();
    auto allocate = [&](const std::vector<llvm::Value*>& dims) {
        return TypedValue{allocate_array(rt, dims, e->loc, what), rt};
    };
    auto zero_fill = [&](TypedValue a, const std::vector<llvm::Value*>& dims) {
        llvm::Value* nbytes = b.CreateMul(element_count(b, dims), b.getInt64(dt->itemsize()));
        b.CreateMemSet(array_data(b, a.v), b.getInt8(0), nbytes, llvm::MaybeAlign(dt->itemsize()));
    };
    switch (id) {
    case BuiltinId::NpEmpty:
    case BuiltinId::NpZeros:
    case BuiltinId::NpOnes:
    case BuiltinId::NpFull: {
        std::vector<llvm::Value*> dims;
        shape_values(arg[0], dims);
        llvm::Value* fill = id == BuiltinId::NpFull ? value(1) : nullptr;
        TypedValue a = allocate(dims);
        if (id == BuiltinId::NpZeros) zero_fill(a, dims);
        if (id == BuiltinId::NpOnes) fill_array(a, b.getInt64(1), types::int64(), e->loc);
        if (fill) fill_array(a, fill, (*ops)[1], e->loc);
        return a.v;
    }
    case BuiltinId::NpEmptyLike:
    case BuiltinId::NpZerosLike:
    case BuiltinId::NpOnesLike:
    case BuiltinId::NpFullLike:
    case BuiltinId::NpCopy:
    case BuiltinId::ArrayCopy:
    case BuiltinId::ArrayFlatten:
    case BuiltinId::ArrayAstype:
    case BuiltinId::NpArray:
    case BuiltinId::NpAsarray: {
        if (id == BuiltinId::NpArray || id == BuiltinId::NpAsarray) {
            if (id == BuiltinId::NpAsarray && rt == (*ops)[0]) return value(0);  // np.asarray(a): a itself
            if ((*ops)[0]->is_list()) return array_from_list(value(0), (*ops)[0], rt, e->loc);
            if (!(*ops)[0]->is_array()) break;  // a tuple display: below
        }
        TypedValue src = self ? TypedValue{expr(self), type_of(self)} : TypedValue{value(0), (*ops)[0]};
        std::vector<llvm::Value*> dims = dims_of(b, src.v, src.t);
        llvm::Value* fill = id == BuiltinId::NpFullLike ? value(1) : nullptr;
        if (id == BuiltinId::ArrayFlatten) return flattened(src, rt, e->loc);  // lower_layout.cpp
        TypedValue a = allocate(dims);
        if (id == BuiltinId::NpZerosLike) zero_fill(a, dims);
        if (id == BuiltinId::NpOnesLike) fill_array(a, b.getInt64(1), types::int64(), e->loc);
        if (fill) fill_array(a, fill, (*ops)[1], e->loc);
        if (id == BuiltinId::NpCopy || id == BuiltinId::ArrayCopy || id == BuiltinId::ArrayAstype ||
            id == BuiltinId::NpArray || id == BuiltinId::NpAsarray)
            copy_array(a, src, e->loc);
        return a.v;
    }
    case BuiltinId::NpArange: return arange(e, arg, *ops, what);
    case BuiltinId::NpLinspace: return linspace(e, arg, *ops, what);
    case BuiltinId::NpEye:
    case BuiltinId::NpIdentity: {
        llvm::Value* n = value(0);
        llvm::Value* m = id == BuiltinId::NpEye && present(1) ? value(1) : n;
        llvm::Value* k = id == BuiltinId::NpEye && present(2) ? value(2) : b.getInt64(0);
        TypedValue a = allocate({n, m});
        zero_fill(a, {n, m});
        // a[i, i + k] = 1 for max(0, -k) <= i < min(n, m - k)
        llvm::Value* lo = b.CreateSelect(b.CreateICmpSLT(k, b.getInt64(0)), b.CreateNeg(k), b.getInt64(0));
        llvm::Value* mk = b.CreateSub(m, k);
        llvm::Value* hi = b.CreateSelect(b.CreateICmpSLT(n, mk), n, mk);
        llvm::Value* count = b.CreateSub(hi, lo);
        count = b.CreateSelect(b.CreateICmpSLT(count, b.getInt64(0)), b.getInt64(0), count);
        llvm::Value* one = to_storage(b, convert_or_fail(b.getInt64(1), types::int64(), dt, e->loc), dt);
        llvm::Value* row = array_stride(b, a.v, 0);
        llvm::Value* col = array_stride(b, a.v, 1);
        counted_range(count, [&](llvm::Value* j) {
            llvm::Value* i = b.CreateAdd(lo, j);
            llvm::Value* off = b.CreateAdd(b.CreateMul(i, row), b.CreateMul(b.CreateAdd(i, k), col));
            b.CreateStore(one, b.CreateGEP(b.getInt8Ty(), array_data(b, a.v), off));
        });
        return a.v;
    }
    default: break;
    }
    if (id == BuiltinId::NpArray || id == BuiltinId::NpAsarray) {  // a nested tuple of numbers, in C order
        const Type* tt = (*ops)[0];
        llvm::Value* tup = value(0);
        std::vector<llvm::Value*> dims;
        for (const Type* t = tt; t->is_tuple(); t = t->elements().empty() ? nullptr : t->elements()[0]) {
            dims.push_back(b.getInt64(static_cast<int64_t>(t->elements().size())));
            if (t->elements().empty()) break;
        }
        TypedValue a = allocate(dims);
        int64_t index = 0;
        std::function<void(llvm::Value*, const Type*)> store = [&](llvm::Value* v, const Type* t) {
            if (!t->is_tuple()) {
                llvm::Value* p = b.CreateConstGEP1_64(storage_type(mod.ctx, dt), array_data(b, a.v), index++);
                b.CreateStore(to_storage(b, convert_or_fail(v, t, dt, e->loc), dt), p);
                return;
            }
            for (unsigned k = 0; k < t->elements().size(); ++k) store(b.CreateExtractValue(v, k), t->elements()[k]);
        };
        store(tup, tt);
        return a.v;
    }
    syntax::internal_error(e->loc, fmt::format("{} is no array constructor", types::builtin_name(id)));
}

// np.arange(stop) / (start, stop[, step]): ceil((stop - start) / step) items (none when that is
// negative), computed in int64 or float64 as typed, stored as dtype.
llvm::Value* FunctionLowering::arange(const Call* e, const std::vector<const Expr*>& arg,
                                      const std::vector<const Type*>& ops, const std::string& what) {
    const Type* rt = type_of(e);
    auto present = [&](size_t i) { return arg[i] && !isa<NoneLit>(arg[i]); };
    const Type* t = ops[0];
    llvm::Value* start = expr_as(arg[0], t);
    llvm::Value* stop = nullptr;
    if (present(1)) {
        stop = expr_as(arg[1], t);
    } else {
        stop = start;
        start = zero_value(b, t);
    }
    llvm::Value* step = present(2) ? expr_as(arg[2], t) : convert_or_fail(b.getInt64(1), types::int64(), t, e->loc);
    bool fl = t->is_float();
    check_error(fl ? b.CreateFCmpOEQ(step, llvm::ConstantFP::get(step->getType(), 0.0))
                   : b.CreateICmpEQ(step, b.getInt64(0)),
                int(RuntimeError::ArangeStepZero), e->loc);
    llvm::Value* n = nullptr;
    if (fl) {
        llvm::Value* q = intrinsic(b, llvm::Intrinsic::ceil, {b.CreateFDiv(b.CreateFSub(stop, start), step)});
        // NaN or no items: 0 (NaN compares false).
        llvm::Value* positive = b.CreateFCmpOGT(q, llvm::ConstantFP::get(q->getType(), 0.0));
        n = b.CreateSelect(positive, b.CreateFPToSI(q, b.getInt64Ty()), b.getInt64(0));
    } else {
        // ceil((stop - start) / step) for either sign of step: (stop - start + step ∓ 1) / step.
        llvm::Value* up = b.CreateICmpSGT(step, b.getInt64(0));
        llvm::Value* bias = b.CreateSelect(up, b.CreateSub(step, b.getInt64(1)), b.CreateAdd(step, b.getInt64(1)));
        llvm::Value* q = b.CreateSDiv(b.CreateAdd(b.CreateSub(stop, start), bias), step);
        n = b.CreateSelect(b.CreateICmpSGT(q, b.getInt64(0)), q, b.getInt64(0));
    }
    llvm::Value* a = allocate_array(rt, {n}, e->loc, what);
    const Type* dt = rt->dtype();
    llvm::Value* data = array_data(b, a);
    // NumPy fills from the first two items: item i = start + i * ((start + step) - start).
    llvm::Value* delta = fl ? b.CreateFSub(b.CreateFAdd(start, step), start) : step;
    counted_range(n, [&](llvm::Value* i) {
        llvm::Value* x = fl ? b.CreateFAdd(start, b.CreateFMul(b.CreateSIToFP(i, start->getType()), delta))
                            : b.CreateAdd(start, b.CreateMul(i, step));
        llvm::Value* p = b.CreateGEP(storage_type(mod.ctx, dt), data, i);
        b.CreateStore(to_storage(b, convert_or_fail(x, t, dt, e->loc), dt), p);
    });
    return a;
}

// np.linspace(start, stop, num=50), as Numba's: step = (stop - start) / (num - 1), item i =
// start + i * step, the last item exactly stop.
llvm::Value* FunctionLowering::linspace(const Call* e, const std::vector<const Expr*>& arg,
                                        const std::vector<const Type*>& ops, const std::string& what) {
    llvm::Value* start = expr_as(arg[0], ops[0]);
    llvm::Value* stop = expr_as(arg[1], ops[1]);
    llvm::Value* num = arg[2] ? expr_as(arg[2], ops[2]) : b.getInt64(50);
    llvm::Value* a = allocate_array(type_of(e), {num}, e->loc, what);
    llvm::Value* data = array_data(b, a);
    llvm::Type* f64 = b.getDoubleTy();
    llvm::Value* div = b.CreateSub(num, b.getInt64(1));
    llvm::Value* step = b.CreateFDiv(b.CreateFSub(stop, start), b.CreateSIToFP(div, f64));
    step = b.CreateSelect(b.CreateICmpSGT(div, b.getInt64(0)), step, llvm::ConstantFP::get(f64, 0.0));  // num 1
    counted_range(num, [&](llvm::Value* i) {
        llvm::Value* x = b.CreateFAdd(start, b.CreateFMul(b.CreateSIToFP(i, f64), step));
        b.CreateStore(x, b.CreateGEP(f64, data, i));
    });
    llvm::BasicBlock* last = new_block("linspace.last");
    llvm::BasicBlock* done = new_block("linspace.done");
    b.CreateCondBr(b.CreateICmpSGT(num, b.getInt64(1)), last, done);
    b.SetInsertPoint(last);
    b.CreateStore(stop, b.CreateGEP(f64, data, div));
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return a;
}

}  // namespace ujit::codegen
