// Numba's parfors for array code: in a parallel=True function, a whole-array reduction
// (a.sum(), np.max(a * b), ...) and an array expression stored into an array (out[:] = a * b,
// a += 1) run on the thread pool, split into chunks of rows along the first axis, when there
// are enough elements to pay for waking the threads; smaller ones stay serial. Each chunk is a
// function outlined as a prange body is (codegen/lower_prange.cpp) that lowers the same
// operation, its iteration space narrowed to the chunk's rows; reductions combine the chunks'
// partials in chunk order, so a float sum differs from the serial one only by that order.
// Each chunk evaluates the operation's leaves again: an operation whose expression calls a
// function of the module or something with an effect stays serial.
#include "codegen/ast_walk.hpp"
#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <llvm/IR/Intrinsics.h>

#include <algorithm>
#include <functional>

namespace ujit::codegen {

using namespace syntax;
using nplib::ArrayExpr;
using nplib::Reduction;

namespace {

// Below this many elements an operation runs serially: waking the pool's threads costs about
// as much as a serial pass over this many doubles.
constexpr int64_t kMinParallelElements = int64_t(1) << 16;

bool reduces_in_chunks(Reduction kind) {
    switch (kind) {
    case Reduction::Sum:
    case Reduction::Mean:  // chunks sum, the mean divides after
    case Reduction::Prod:
    case Reduction::Min:
    case Reduction::Max:
    case Reduction::Any:
    case Reduction::All: return true;
    default: return false;  // var/std (two passes), argmin/argmax: serial
    }
}

// Whether `e` may be evaluated once more per chunk: it calls no function of the module and
// nothing with an effect (print, random), which each chunk would repeat.
bool evaluates_purely(const types::TypedFunction& fn, const Expr* e) {
    return !any_expr(e, [&](const Expr* x) {
        auto* c = dyn_cast<Call>(x);
        if (!c) return false;
        if (fn.callees.count(c->id)) return true;
        const types::Type* t = fn.type_of(c->callee);
        if (t && t->kind() == types::Kind::DTypeObj) return false;  // np.float32(x): a conversion
        if (!t || t->kind() != types::Kind::BuiltinFunc) return true;
        const types::BuiltinInfo& info = types::builtin_info(t->builtin());
        return info.group == types::BuiltinGroup::Random || info.group == types::BuiltinGroup::Threads ||
               t->builtin() == types::BuiltinId::Print;
    });
}

}  // namespace

void FunctionLowering::narrow_to_chunk(const void* owner, std::vector<llvm::Value*>& dims,
                                       std::vector<TypedValue>& arrays) {
    if (!owner || owner != chunk_owner_ || dims.empty()) return;
    chunk_owner_ = nullptr;  // this operation only, not the ones lowered after it
    llvm::Value* rows = b.CreateSub(chunk_hi_, chunk_lo_);
    for (TypedValue& a : arrays) {
        int nd = a.t->ndim();
        std::vector<llvm::Value*> shape, strides;
        for (int k = 0; k < nd; ++k) {
            shape.push_back(k == 0 ? rows : array_dim(b, a.v, static_cast<unsigned>(k)));
            strides.push_back(array_stride(b, a.v, static_cast<unsigned>(k)));
        }
        llvm::Value* data = b.CreateGEP(b.getInt8Ty(), array_data(b, a.v), b.CreateMul(chunk_lo_, strides[0]));
        a.v = make_view(b, a.v, a.t, data, shape, strides);
    }
    dims[0] = rows;
}

llvm::Value* FunctionLowering::combine_reduction(Reduction kind, llvm::Value* acc, llvm::Value* part, const Type* t,
                                                 SourceLoc loc) {
    switch (kind) {
    case Reduction::Sum:
    case Reduction::Mean: return ufunc_binary(BinOp::Add, acc, part, t, loc);
    case Reduction::Prod: return ufunc_binary(BinOp::Mul, acc, part, t, loc);
    case Reduction::Any: return b.CreateOr(acc, part);
    case Reduction::All: return b.CreateAnd(acc, part);
    case Reduction::Min:
    case Reduction::Max: {
        bool is_max = kind == Reduction::Max;
        if (t->is_bool()) return is_max ? b.CreateOr(acc, part) : b.CreateAnd(acc, part);
        if (t->is_float()) {  // a chunk's NaN is the result, as NumPy's
            llvm::Value* better = is_max ? b.CreateFCmpOGT(part, acc) : b.CreateFCmpOLT(part, acc);
            return b.CreateSelect(b.CreateOr(better, b.CreateFCmpUNO(part, part)), part, acc);
        }
        llvm::Intrinsic::ID id = t->is_signed() ? (is_max ? llvm::Intrinsic::smax : llvm::Intrinsic::smin)
                                                : (is_max ? llvm::Intrinsic::umax : llvm::Intrinsic::umin);
        return intrinsic(b, id, {acc, part});
    }
    default: break;
    }
    internal_error(loc, "no parallel combination for this reduction");
}

llvm::Value* FunctionLowering::parallel_reduction(Reduction kind, const Expr* operand, const Type* rt, SourceLoc loc) {
    const Type* ot = type_of(operand);
    if (!declared_parallel(fn) || in_prange_ || serial_array_ops_ || !reduces_in_chunks(kind) || !ot->is_array() ||
        ot->ndim() < 1 || !evaluates_purely(fn, operand))
        return nullptr;
    std::vector<ArrayExpr*> leaves;
    std::unique_ptr<ArrayExpr> tree = array_expr_tree(operand, leaves);
    std::vector<llvm::Value*> dims = broadcast_shape(leaves, ot->ndim());
    llvm::Value* size = b.getInt64(1);
    for (llvm::Value* d : dims) size = b.CreateMul(size, d);
    llvm::Value* chunks = parallel_chunks(dims[0]);
    llvm::Value* go =
        b.CreateAnd(b.CreateICmpSGE(size, b.getInt64(kMinParallelElements)), b.CreateICmpSGT(chunks, b.getInt64(1)));
    llvm::BasicBlock* par = new_block("reduce.parallel");
    llvm::BasicBlock* serial = new_block("reduce.serial");
    llvm::BasicBlock* join = new_block("reduce.join");
    b.CreateCondBr(go, par, serial);

    // Chunk by chunk: the same reduction (the mean's sum) of the chunk's rows.
    b.SetInsertPoint(par);
    Reduction chunk_kind = kind == Reduction::Mean ? Reduction::Sum : kind;
    std::vector<std::string> captured = variables_read(fn, operand);
    llvm::Type* pt = value_type(mod.ctx, rt);
    llvm::StructType* ctx_ty = chunk_context_type({b.getPtrTy()}, captured);
    llvm::Function* body = outline_chunk(
        ".reduce", captured, ctx_ty, [&](llvm::Value* cx, llvm::Value* chunk, llvm::Value* lo, llvm::Value* hi) {
            chunk_owner_ = operand;
            chunk_lo_ = lo;
            chunk_hi_ = hi;
            llvm::Value* v = reduction(chunk_kind, operand, rt, loc);
            chunk_owner_ = nullptr;
            llvm::Value* partials = b.CreateLoad(b.getPtrTy(), b.CreateStructGEP(ctx_ty, cx, 0));
            b.CreateStore(v, b.CreateGEP(pt, partials, chunk));
        });
    llvm::Value* stack = b.CreateStackSave();
    llvm::Value* partials = b.CreateAlloca(pt, chunks, "reduce.partials");
    run_chunks(body, chunk_context(ctx_ty, {partials}, captured, loc), dims[0], chunks);
    llvm::AllocaInst* acc = entry_alloca(pt, "reduce.acc");
    b.CreateStore(b.CreateLoad(pt, partials), acc);
    counted_range(b.CreateSub(chunks, b.getInt64(1)), [&](llvm::Value* c) {
        llvm::Value* part = b.CreateLoad(pt, b.CreateGEP(pt, partials, b.CreateAdd(c, b.getInt64(1))));
        b.CreateStore(combine_reduction(kind, b.CreateLoad(pt, acc), part, rt, loc), acc);
    });
    llvm::Value* result = b.CreateLoad(pt, acc);
    b.CreateStackRestore(stack);
    if (kind == Reduction::Mean) {
        const Type* part_t = rt->is_complex() ? types::floating(rt->bits() / 2) : rt;
        llvm::Value* n = convert_or_fail(size, types::int64(), part_t, loc);
        if (rt->is_complex()) {
            result = b.CreateInsertValue(result, b.CreateFDiv(b.CreateExtractValue(result, 0), n), 0);
            result = b.CreateInsertValue(result, b.CreateFDiv(b.CreateExtractValue(result, 1), n), 1);
        } else {
            result = b.CreateFDiv(result, n);
        }
    }
    llvm::BasicBlock* par_end = b.GetInsertBlock();
    b.CreateBr(join);

    b.SetInsertPoint(serial);
    serial_array_ops_ = true;
    llvm::Value* serial_result = reduction(kind, operand, rt, loc);
    serial_array_ops_ = false;
    llvm::BasicBlock* serial_end = b.GetInsertBlock();
    b.CreateBr(join);

    b.SetInsertPoint(join);
    llvm::PHINode* phi = b.CreatePHI(pt, 2, "reduce.result");
    phi->addIncoming(result, par_end);
    phi->addIncoming(serial_result, serial_end);
    return phi;
}

// Would chunks of `dest = e` race? When e reads, through a view, a variable whose memory
// overlaps dest, a chunk may read rows another chunk writes (a[1:] = a[:-1] * 2): such a
// store runs serially, where store_array_expr copies first as NumPy does.
llvm::Value* FunctionLowering::may_read_destination(TypedValue dest, const Expr* e) {
    // Can `x` read an array other than element for element? A subscript, an attribute (a.T),
    // a conditional or a call other than a ufunc may give a view with other strides or offset.
    std::function<bool(const Expr*)> through_view = [&](const Expr* x) {
        switch (x->kind) {
        case ExprKind::Binary: return through_view(cast<Binary>(x)->lhs) || through_view(cast<Binary>(x)->rhs);
        case ExprKind::Unary: return through_view(cast<Unary>(x)->operand);
        case ExprKind::Compare:
            return std::any_of(cast<Compare>(x)->operands.begin(), cast<Compare>(x)->operands.end(), through_view);
        case ExprKind::Call:
            return !is_array_expr(x) ||
                   std::any_of(cast<Call>(x)->args.begin(), cast<Call>(x)->args.end(), through_view);
        case ExprKind::Subscript:
        case ExprKind::Attribute:
        case ExprKind::IfExp:
        case ExprKind::ListComp:
        case ExprKind::Starred:
        case ExprKind::StarItem: return true;
        default: return false;
        }
    };
    if (!through_view(e)) return b.getFalse();
    llvm::Value* any = b.getFalse();
    for (const std::string& name : variables_read(fn, e)) {
        const types::Variable* var = fn.find_variable(name);
        auto it = vars_.find(name);
        if (!var || !var->type->is_array() || it == vars_.end()) continue;
        TypedValue whole{b.CreateLoad(value_type(mod.ctx, var->type), it->second), var->type};
        any = b.CreateOr(
            any, b.CreateOr(may_overlap(whole, dest), b.CreateICmpEQ(array_data(b, whole.v), array_data(b, dest.v))));
    }
    return any;
}

bool FunctionLowering::parallel_store(TypedValue dest, const Expr* e) {
    if (!declared_parallel(fn) || in_prange_ || serial_array_ops_ || dest.t->ndim() < 1 || !evaluates_purely(fn, e))
        return false;
    llvm::Value* size = b.getInt64(1);
    for (int k = 0; k < dest.t->ndim(); ++k) size = b.CreateMul(size, array_dim(b, dest.v, static_cast<unsigned>(k)));
    llvm::Value* rows = array_dim(b, dest.v, 0);
    llvm::Value* chunks = parallel_chunks(rows);
    llvm::Value* go =
        b.CreateAnd(b.CreateICmpSGE(size, b.getInt64(kMinParallelElements)), b.CreateICmpSGT(chunks, b.getInt64(1)));
    go = b.CreateAnd(go, b.CreateNot(may_read_destination(dest, e)));
    llvm::BasicBlock* par = new_block("store.parallel");
    llvm::BasicBlock* serial = new_block("store.serial");
    llvm::BasicBlock* join = new_block("store.join");
    b.CreateCondBr(go, par, serial);

    b.SetInsertPoint(par);
    std::vector<std::string> captured = variables_read(fn, e);
    llvm::StructType* ctx_ty = chunk_context_type({dest.v->getType()}, captured);
    llvm::Function* body =
        outline_chunk(".store", captured, ctx_ty, [&](llvm::Value* cx, llvm::Value*, llvm::Value* lo, llvm::Value* hi) {
            llvm::Value* d = b.CreateLoad(dest.v->getType(), b.CreateStructGEP(ctx_ty, cx, 0));
            std::vector<ArrayExpr*> leaves;
            std::unique_ptr<ArrayExpr> tree = array_expr_tree(e, leaves);
            chunk_owner_ = tree.get();
            chunk_lo_ = lo;
            chunk_hi_ = hi;
            store_array_expr({d, dest.t}, *tree, leaves, e->loc);
            chunk_owner_ = nullptr;
        });
    run_chunks(body, chunk_context(ctx_ty, {dest.v}, captured, e->loc), rows, chunks);
    b.CreateBr(join);

    b.SetInsertPoint(serial);
    serial_array_ops_ = true;
    lower_array_expr_into(dest, e);
    serial_array_ops_ = false;
    b.CreateBr(join);
    b.SetInsertPoint(join);
    return true;
}

}  // namespace ujit::codegen
