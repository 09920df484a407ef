// Array expressions (nplib/array_expr.hpp) lowered to one loop nest: the leaves are evaluated
// once, their shapes checked against the iteration space (NumPy's broadcasting), and the tree is
// computed per element with NumPy's ufunc semantics (float division by zero gives inf/nan,
// integer division by zero 0, as in Numba's ufunc loops, not Python's ZeroDivisionError).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "codegen/numpy_sign.hpp"

#include <fmt/format.h>

#include <llvm/IR/Intrinsics.h>

namespace ujit::codegen {

using namespace syntax;
using nplib::ArrayExpr;
using types::Type;

bool FunctionLowering::is_array_expr(const Expr* e) const {
    const Type* t = fn.type_of(e);
    if (!t || !t->is_array()) return false;
    if (auto* bin = dyn_cast<Binary>(e)) return bin->op != BinOp::MatMul;  // a product is a leaf
    if (isa<Compare>(e) || isa<Unary>(e)) return true;
    if (auto* c = dyn_cast<Call>(e)) {
        if (ufunc_output(c) || starred_arg(c))
            return false;  // a leaf: its spread call may be one  // np.sin(x, out): a leaf, its value the output array
        const Type* ct = fn.type_of(c->callee);
        if (ct && ct->kind() == types::Kind::UserFunc) return vectorized_callee(c) != nullptr;
        return ct && ct->kind() == types::Kind::BuiltinFunc && nplib::builtin_ufunc(ct->builtin()).has_value();
    }
    return false;
}

// The scalar function of a @vectorize call on arrays (typed so by Inferrer::ufunc_on_arrays),
// or null for an ordinary call.
const types::TypedFunction* FunctionLowering::vectorized_callee(const Call* c) const {
    auto it = fn.callees.find(c->id);
    if (it == fn.callees.end() || !it->second || !it->second->return_type->is_number()) return nullptr;
    return fn.type_of(c)->is_array() ? it->second : nullptr;
}

std::unique_ptr<ArrayExpr> FunctionLowering::array_expr_node(ArrayExpr::Kind kind, const Type* elem, SourceLoc loc) {
    auto n = std::make_unique<ArrayExpr>();
    n->kind = kind;
    n->type = elem;
    n->loc = loc;
    return n;
}

// The tree of `e`, its leaves evaluated now, in source order; array leaves listed in `leaves`.
std::unique_ptr<ArrayExpr> FunctionLowering::array_expr_tree(const Expr* e, std::vector<ArrayExpr*>& leaves) {
    const Type* t = type_of(e);
    if (!is_array_expr(e)) {
        if (!t->is_array() && !t->is_number())
            unsupported(e->loc, fmt::format("{} cannot be part of an array expression", t->str()));
        auto leaf = array_expr_node(t->is_array() ? ArrayExpr::Kind::Array : ArrayExpr::Kind::Scalar, t, e->loc);
        leaf->value = expr(e);
        if (t->is_array()) {
            leaf->leaf = static_cast<int>(leaves.size());
            leaves.push_back(leaf.get());
        }
        return leaf;
    }
    std::vector<const Expr*> operands;
    std::unique_ptr<ArrayExpr> node;
    nplib::UfuncSig sig;
    if (auto* bin = dyn_cast<Binary>(e)) {
        node = array_expr_node(ArrayExpr::Kind::Binary, nullptr, e->loc);
        node->bin_op = bin->op;
        sig = nplib::binary_ufunc(bin->op);
        operands = {bin->lhs, bin->rhs};
    } else if (auto* cmp = dyn_cast<Compare>(e)) {
        node = array_expr_node(ArrayExpr::Kind::Compare, nullptr, e->loc);
        node->cmp_op = cmp->ops[0];
        sig = nplib::compare_ufunc(cmp->ops[0]);
        operands = {cmp->operands[0], cmp->operands[1]};
    } else if (auto* un = dyn_cast<Unary>(e)) {
        node = array_expr_node(ArrayExpr::Kind::Unary, nullptr, e->loc);
        node->unary_op = un->op;
        sig = nplib::unary_ufunc(un->op);
        operands = {un->operand};
    } else if (const types::TypedFunction* callee = vectorized_callee(cast<Call>(e))) {
        node = array_expr_node(ArrayExpr::Kind::Call, nullptr, e->loc);
        node->callee = callee;
        node->loop = {callee->arg_types, callee->return_type};
        for (const Expr* a : cast<Call>(e)->args) node->args.push_back(array_expr_tree(a, leaves));
        node->type = callee->return_type;
        return node;
    } else {
        auto* call = cast<Call>(e);
        node = array_expr_node(ArrayExpr::Kind::Builtin, nullptr, e->loc);
        node->builtin = type_of(call->callee)->builtin();
        auto s = nplib::builtin_ufunc(node->builtin);
        UJIT_INTERNAL_ASSERT(s.has_value(), e->loc, "array call typed without a ufunc");
        sig = *s;
        if (auto* m = dyn_cast<Attribute>(call->callee); m && fn.type_of(m->value) && fn.type_of(m->value)->is_array())
            operands.push_back(m->value);  // a.conj(): the receiver is the operand
        operands.insert(operands.end(), call->args.begin(), call->args.end());
    }
    std::vector<const Type*> dtypes;
    for (const Expr* o : operands) {
        node->args.push_back(array_expr_tree(o, leaves));
        dtypes.push_back(node->args.back()->elem_type());
    }
    auto loop = nplib::find_loop(sig, dtypes);
    UJIT_INTERNAL_ASSERT(loop.has_value(), e->loc, "array expression typed without a ufunc loop");
    node->loop = *loop;
    node->type = loop->out;
    UJIT_INTERNAL_ASSERT(node->type == t->dtype(), e->loc, "array expression typed differently by inference");
    return node;
}

// `l op r` in the ufunc loop's type `t`, with NumPy's semantics; the result in the loop's output type.
llvm::Value* FunctionLowering::ufunc_binary(BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, SourceLoc loc) {
    bool is_float = t->is_float();
    if (op == BinOp::Div && t->is_int()) {
        const Type* f64 = types::float64();
        return b.CreateFDiv(convert_or_fail(l, t, f64, loc), convert_or_fail(r, t, f64, loc));
    }
    if (op == BinOp::Div && is_float) return b.CreateFDiv(l, r);
    if ((op == BinOp::FloorDiv || op == BinOp::Mod) && is_float) return float_divmod(op == BinOp::FloorDiv, l, r, t);
    if ((op == BinOp::FloorDiv || op == BinOp::Mod) && t->is_int()) {
        llvm::Value* zero = llvm::ConstantInt::get(r->getType(), 0);
        llvm::Value* by_zero = b.CreateICmpEQ(r, zero);
        llvm::Value* safe = b.CreateSelect(by_zero, llvm::ConstantInt::get(r->getType(), 1), r);
        return b.CreateSelect(by_zero, zero, int_divmod(op == BinOp::FloorDiv, l, safe, t));
    }
    TypedValue v = binary_values(op, l, t, r, t, nullptr, loc);
    return convert_or_fail(v.v, v.t, t, loc);
}

llvm::Value* FunctionLowering::array_expr_element(const ArrayExpr& node, const std::vector<llvm::Value*>& ptrs) {
    if (node.kind == ArrayExpr::Kind::Scalar) return node.value;
    if (node.kind == ArrayExpr::Kind::Array) {
        const Type* dt = node.type->dtype();
        return from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), ptrs[static_cast<size_t>(node.leaf)]), dt);
    }
    std::vector<llvm::Value*> in;
    for (size_t k = 0; k < node.args.size(); ++k)
        in.push_back(convert_or_fail(array_expr_element(*node.args[k], ptrs), node.args[k]->elem_type(),
                                     node.loop.in[k], node.loc));
    const Type* t = node.loop.in[0];
    llvm::Value* v = nullptr;
    const Type* vt = node.loop.out;
    switch (node.kind) {
    case ArrayExpr::Kind::Binary: v = ufunc_binary(node.bin_op, in[0], in[1], t, node.loc); break;
    case ArrayExpr::Kind::Compare: v = compare_values(node.cmp_op, in[0], t, in[1], node.loop.in[1], node.loc); break;
    case ArrayExpr::Kind::Unary: v = ufunc_unary(node.unary_op, in[0], t); break;
    case ArrayExpr::Kind::Call: v = b.CreateCall(mod.internal_function(*node.callee), in); break;
    case ArrayExpr::Kind::Builtin:
        switch (node.builtin) {
        case types::BuiltinId::Abs:
        case types::BuiltinId::NpAbs: v = abs_value(in[0], t, node.loc); break;
        case types::BuiltinId::NpSquare: v = ufunc_binary(BinOp::Mul, in[0], in[0], t, node.loc); break;
        case types::BuiltinId::NpConj: v = conjugate(in[0], t); break;
        case types::BuiltinId::NpSign: v = numpy_sign(b, in[0], t); break;
        case types::BuiltinId::NpPower: v = ufunc_binary(BinOp::Pow, in[0], in[1], t, node.loc); break;
        case types::BuiltinId::NpWhere: v = b.CreateSelect(truth(b, in[0], t), in[1], in[2]); break;
        case types::BuiltinId::NpClip: {  // min(max(a, lo), hi); a NaN stays NaN
            bool fl = t->is_float();
            auto pick = [&](llvm::Intrinsic::ID f, llvm::Intrinsic::ID s, llvm::Intrinsic::ID u, llvm::Value* x,
                            llvm::Value* y) {
                if (t->is_bool()) return f == llvm::Intrinsic::maximum ? b.CreateOr(x, y) : b.CreateAnd(x, y);
                return intrinsic(b, fl ? f : t->is_signed() ? s : u, {x, y});
            };
            v = pick(llvm::Intrinsic::maximum, llvm::Intrinsic::smax, llvm::Intrinsic::umax, in[0], in[1]);
            v = pick(llvm::Intrinsic::minimum, llvm::Intrinsic::smin, llvm::Intrinsic::umin, v, in[2]);
            break;
        }
        default:
            // np.maximum/np.minimum keep their scalar lowering (Python's promotion) but compute
            // array elements by NumPy's loop, as the named ufuncs do.
            v = nplib::is_named_ufunc(node.builtin) || node.builtin == types::BuiltinId::NpMaximum ||
                        node.builtin == types::BuiltinId::NpMinimum
                    ? named_ufunc_element(node.builtin, in, node.loop, node.loc)
                    : math_values(node.builtin, in, node.loop.in, vt, node.loc);
            break;
        }
        break;
    default: break;
    }
    return v;
}

// Each leaf's strides over the iteration space `dims` (aligned on the right, as NumPy
// broadcasts): 0 along the axes it is stretched over. Raises ValueError where a dimension is
// neither equal nor 1.
llvm::Value* FunctionLowering::broadcast_strides(TypedValue leaf, const std::vector<llvm::Value*>& dims, SourceLoc loc,
                                                 std::vector<llvm::Value*>& strides) {
    int d = static_cast<int>(dims.size());
    int n = leaf.t->ndim();
    if (n > d) unsupported(loc, fmt::format("cannot broadcast a {}-D array into a {}-D array", n, d));
    strides.assign(static_cast<size_t>(d), b.getInt64(0));
    llvm::Value* bad = b.getFalse();
    for (int j = 0; j < n; ++j) {
        unsigned k = static_cast<unsigned>(d - n + j);
        llvm::Value* ld = array_dim(b, leaf.v, static_cast<unsigned>(j));
        llvm::Value* same = b.CreateICmpEQ(ld, dims[k]);
        bad = b.CreateOr(bad, b.CreateAnd(b.CreateNot(same), b.CreateICmpNE(ld, b.getInt64(1))));
        strides[k] = b.CreateSelect(same, array_stride(b, leaf.v, static_cast<unsigned>(j)), b.getInt64(0));
    }
    return bad;
}

void FunctionLowering::counted_range(llvm::Value* n, const std::function<void(llvm::Value*)>& per_i) {
    llvm::BasicBlock* pre = b.GetInsertBlock();
    llvm::BasicBlock* head = new_block("ax.head");
    llvm::BasicBlock* loop = new_block("ax.body");
    llvm::BasicBlock* done = new_block("ax.done");
    b.CreateBr(head);
    b.SetInsertPoint(head);
    llvm::PHINode* i = b.CreatePHI(b.getInt64Ty(), 2, "i");
    i->addIncoming(b.getInt64(0), pre);
    b.CreateCondBr(b.CreateICmpSLT(i, n), loop, done);
    b.SetInsertPoint(loop);
    per_i(i);
    llvm::Value* next = b.CreateAdd(i, b.getInt64(1), "i.next", /*HasNUW=*/true, /*HasNSW=*/true);
    i->addIncoming(next, b.GetInsertBlock());
    b.CreateBr(head);
    b.SetInsertPoint(done);
}

// Loops over `dims` (row-major, the arrays' strides already broadcast over them) and calls
// row(n, at) for each innermost row. The row is emitted twice: with the dtype's size as stride
// (what the vectorizer needs) where every array is contiguous along it, and with the run-time
// strides otherwise.
void FunctionLowering::elementwise_rows(const std::vector<llvm::Value*>& dims, const std::vector<TypedValue>& arrays,
                                        const std::function<void(llvm::Value* n, const RowPointers& at)>& row) {
    size_t d = dims.size();
    if (d == 0) {  // a 0-d iteration space: one row of one element, at each array's data
        std::vector<llvm::Value*> one;
        for (const TypedValue& a : arrays) one.push_back(array_data(b, a.v));
        row(b.getInt64(1), [one](llvm::Value*) { return one; });
        return;
    }
    std::function<void(size_t, std::vector<llvm::Value*>)> level = [&](size_t k, std::vector<llvm::Value*> ptrs) {
        if (k + 1 < d) {
            counted_range(dims[k], [&](llvm::Value* i) {
                std::vector<llvm::Value*> next;
                for (size_t a = 0; a < arrays.size(); ++a)
                    next.push_back(b.CreateGEP(b.getInt8Ty(), ptrs[a],
                                               b.CreateMul(i, array_stride(b, arrays[a].v, static_cast<unsigned>(k)))));
                level(k + 1, next);
            });
            return;
        }
        unsigned inner = static_cast<unsigned>(k);
        llvm::Value* unit = b.getTrue();
        for (const TypedValue& a : arrays)
            unit = b.CreateAnd(unit, b.CreateICmpEQ(array_stride(b, a.v, inner), b.getInt64(a.t->dtype()->itemsize())));
        llvm::BasicBlock* fast = new_block("row.unit");
        llvm::BasicBlock* slow = new_block("row.strided");
        llvm::BasicBlock* join = new_block("row.join");
        b.CreateCondBr(unit, fast, slow);
        for (bool contiguous : {true, false}) {
            b.SetInsertPoint(contiguous ? fast : slow);
            row(dims[k], [&, contiguous](llvm::Value* i) {
                std::vector<llvm::Value*> elem;
                for (size_t a = 0; a < arrays.size(); ++a) {
                    if (contiguous)
                        elem.push_back(b.CreateGEP(storage_type(mod.ctx, arrays[a].t->dtype()), ptrs[a], i));
                    else
                        elem.push_back(
                            b.CreateGEP(b.getInt8Ty(), ptrs[a], b.CreateMul(i, array_stride(b, arrays[a].v, inner))));
                }
                return elem;
            });
            b.CreateBr(join);
        }
        b.SetInsertPoint(join);
    };
    std::vector<llvm::Value*> base;
    for (const TypedValue& a : arrays) base.push_back(array_data(b, a.v));
    level(0, base);
}

void FunctionLowering::elementwise_loop(const std::vector<llvm::Value*>& dims, const std::vector<TypedValue>& arrays,
                                        const ElementBody& body) {
    elementwise_rows(dims, arrays, [&](llvm::Value* n, const RowPointers& at) {
        counted_range(n, [&](llvm::Value* i) { body(at(i)); });
    });
}

// The array leaves as views over the whole iteration space `dims` (broadcast strides), after
// checking that their shapes broadcast to it (ValueError otherwise).
std::vector<TypedValue> FunctionLowering::leaf_views(const std::vector<ArrayExpr*>& leaves,
                                                     const std::vector<llvm::Value*>& dims, SourceLoc loc, bool into) {
    std::vector<TypedValue> arrays;
    for (ArrayExpr* leaf : leaves) {
        std::vector<llvm::Value*> strides;
        llvm::Value* bad = broadcast_strides({leaf->value, leaf->type}, dims, loc, strides);
        // The message names the leaf's shape and the shape it should broadcast to.
        std::vector<llvm::Value*> shapes{b.getInt64(leaf->type->ndim())};
        for (int k = 0; k < leaf->type->ndim(); ++k)
            shapes.push_back(array_dim(b, leaf->value, static_cast<unsigned>(k)));
        shapes.push_back(b.getInt64(static_cast<int64_t>(dims.size())));
        shapes.insert(shapes.end(), dims.begin(), dims.end());
        check_error_values(bad, int(into ? RuntimeError::BroadcastInto : RuntimeError::BroadcastShapes), loc, shapes);
        const Type* full = types::array(leaf->type->dtype(), static_cast<int>(dims.size()), types::Layout::A);
        arrays.push_back({make_view(b, leaf->value, full, array_data(b, leaf->value), dims, strides), full});
    }
    return arrays;
}

// The iteration space of an expression of `ndim` dimensions: its leaves' shapes broadcast
// together (NumPy's rule, right-aligned; a mismatch is found by leaf_views).
std::vector<llvm::Value*> FunctionLowering::broadcast_shape(const std::vector<ArrayExpr*>& leaves, int ndim) {
    std::vector<llvm::Value*> dims(static_cast<size_t>(ndim), b.getInt64(1));
    for (ArrayExpr* leaf : leaves) {
        int n = leaf->type->ndim();
        for (int j = 0; j < n; ++j) {
            size_t k = static_cast<size_t>(ndim - n + j);
            llvm::Value* ld = array_dim(b, leaf->value, static_cast<unsigned>(j));
            dims[k] = b.CreateSelect(b.CreateICmpEQ(ld, b.getInt64(1)), dims[k], ld);
        }
    }
    return dims;
}

// The expression's result in a new array of the broadcast shape, filled by the same single
// loop that stores into an existing array.
llvm::Value* FunctionLowering::new_array_expr(const Expr* e) {
    const Type* t = type_of(e);
    std::vector<ArrayExpr*> leaves;
    std::unique_ptr<ArrayExpr> tree = array_expr_tree(e, leaves);
    std::vector<llvm::Value*> dims = broadcast_shape(leaves, t->ndim());
    std::vector<TypedValue> arrays = leaf_views(leaves, dims, e->loc, /*into=*/false);
    llvm::Value* out = allocate_array(t, dims, e->loc, "this array expression");
    fill_from_expr({out, t}, *tree, arrays, e->loc);
    return out;
}

// The loop that computes `tree` into `dest`, over `arrays` (the leaves' views over dest's shape).
void FunctionLowering::fill_from_expr(TypedValue dest, const ArrayExpr& tree, std::vector<TypedValue> arrays,
                                      SourceLoc loc) {
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < dest.t->ndim(); ++k) dims.push_back(array_dim(b, dest.v, static_cast<unsigned>(k)));
    arrays.push_back(dest);
    narrow_to_chunk(&tree, dims, arrays);
    const Type* dt = dest.t->dtype();
    elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& ptrs) {
        llvm::Value* v = convert_or_fail(array_expr_element(tree, ptrs), tree.elem_type(), dt, loc);
        b.CreateStore(to_storage(b, v, dt), ptrs.back());
    });
}

// Can `a` and `b` share memory, other than element for element (same data pointer, same
// strides: reading an element before writing the same one is safe)? Compares the byte ranges
// the two arrays span, as NumPy's solve_may_share_memory does in its first, bounds-only step.
llvm::Value* FunctionLowering::may_overlap(TypedValue a, TypedValue b_) {
    auto extent = [&](TypedValue x, llvm::Value*& lo, llvm::Value*& hi, llvm::Value*& empty) {
        lo = hi = b.CreatePtrToInt(array_data(b, x.v), b.getInt64Ty());
        empty = b.getFalse();
        for (int k = 0; k < x.t->ndim(); ++k) {
            llvm::Value* d = array_dim(b, x.v, static_cast<unsigned>(k));
            llvm::Value* span =
                b.CreateMul(b.CreateSub(d, b.getInt64(1)), array_stride(b, x.v, static_cast<unsigned>(k)));
            llvm::Value* down = b.CreateICmpSLT(span, b.getInt64(0));
            lo = b.CreateAdd(lo, b.CreateSelect(down, span, b.getInt64(0)));
            hi = b.CreateAdd(hi, b.CreateSelect(down, b.getInt64(0), span));
            empty = b.CreateOr(empty, b.CreateICmpSLE(d, b.getInt64(0)));
        }
        hi = b.CreateAdd(hi, b.getInt64(x.t->dtype()->itemsize()));
    };
    llvm::Value *alo, *ahi, *aempty, *blo, *bhi, *bempty;
    extent(a, alo, ahi, aempty);
    extent(b_, blo, bhi, bempty);
    llvm::Value* spans = b.CreateAnd(b.CreateICmpULT(alo, bhi), b.CreateICmpULT(blo, ahi));
    spans = b.CreateAnd(spans, b.CreateNot(b.CreateOr(aempty, bempty)));
    llvm::Value* same = b.CreateICmpEQ(array_data(b, a.v), array_data(b, b_.v));
    for (int k = 0; k < a.t->ndim() && k < b_.t->ndim(); ++k)
        same = b.CreateAnd(same, b.CreateICmpEQ(array_stride(b, a.v, static_cast<unsigned>(k)),
                                                array_stride(b, b_.v, static_cast<unsigned>(k))));
    if (a.t->ndim() != b_.t->ndim()) same = b.getFalse();
    return b.CreateAnd(spans, b.CreateNot(same));
}

void FunctionLowering::lower_array_expr_into(TypedValue dest, const Expr* e) {
    if (parallel_store(dest, e)) return;  // codegen/parallel_arrays.cpp
    std::vector<ArrayExpr*> leaves;
    std::unique_ptr<ArrayExpr> tree = array_expr_tree(e, leaves);
    store_array_expr(dest, *tree, leaves, e->loc);
}

void FunctionLowering::store_array_expr(TypedValue dest, const ArrayExpr& tree, const std::vector<ArrayExpr*>& leaves,
                                        SourceLoc loc) {
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < dest.t->ndim(); ++k) dims.push_back(array_dim(b, dest.v, static_cast<unsigned>(k)));
    std::vector<TypedValue> arrays = leaf_views(leaves, dims, loc, /*into=*/true);
    // A parallel chunk stores its rows directly: parallel_store sends a store whose source may
    // overlap the destination down the serial path (chunks would race on a copy).
    if (arrays.empty() || !mod.target.counts_references() || chunk_owner_ == &tree)
        return fill_from_expr(dest, tree, arrays, loc);
    // a[1:] = a[:-1] * 2: NumPy computes the right side first. When an operand may overlap the
    // destination other than element for element, the result goes to a new array first.
    llvm::Value* overlap = b.getFalse();
    for (const TypedValue& a : arrays) overlap = b.CreateOr(overlap, may_overlap(a, dest));
    llvm::BasicBlock* via_copy = new_block("overlap.copy");
    llvm::BasicBlock* direct = new_block("overlap.none");
    llvm::BasicBlock* done = new_block("overlap.done");
    b.CreateCondBr(overlap, via_copy, direct);
    b.SetInsertPoint(via_copy);
    const Type* tt = types::array(tree.elem_type(), dest.t->ndim(), types::Layout::C);
    // Released here, not at the statement's end: this may be the body of a parallel chunk,
    // a function of its own (codegen/parallel_arrays.cpp).
    size_t mark = temporaries_mark();
    TypedValue tmp{allocate_array(tt, dims, loc, "this array expression"), tt};
    fill_from_expr(tmp, tree, arrays, loc);
    copy_array(dest, tmp, loc);
    release_temporaries(mark);
    b.CreateBr(done);
    b.SetInsertPoint(direct);
    fill_from_expr(dest, tree, arrays, loc);
    b.CreateBr(done);
    b.SetInsertPoint(done);
}

}  // namespace ujit::codegen
