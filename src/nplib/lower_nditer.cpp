// For loops over np.ndindex, np.ndenumerate and np.nditer (typed by types/infer_nditer.cpp):
// like enumerate and zip (codegen/lower_iter.cpp), each is a length and the k-th item. The
// flat position k is split into one index per axis, the last axis fastest (C order), or the
// first for np.nditer of an F array (its memory order, as Numba's nditer layout).
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

// The index of each axis for flat position k over `dims` (row-major, or column-major when
// `fortran`).
std::vector<llvm::Value*> unravel(llvm::IRBuilder<>& b, llvm::Value* k, const std::vector<llvm::Value*>& dims,
                                  bool fortran) {
    std::vector<llvm::Value*> index(dims.size());
    for (size_t j = 0; j < dims.size(); ++j) {
        size_t axis = fortran ? j : dims.size() - 1 - j;
        if (j + 1 == dims.size()) {  // the slowest axis takes what is left
            index[axis] = k;
            break;
        }
        index[axis] = b.CreateURem(k, dims[axis]);
        k = b.CreateUDiv(k, dims[axis]);
    }
    return index;
}

// The number of positions: the product of the dims, 0 if any is 0 or negative.
llvm::Value* positions(llvm::IRBuilder<>& b, const std::vector<llvm::Value*>& dims) {
    llvm::Value* n = b.getInt64(1);
    for (llvm::Value* d : dims) {
        llvm::Value* clamped = b.CreateSelect(b.CreateICmpSLT(d, b.getInt64(0)), b.getInt64(0), d);
        n = b.CreateMul(n, clamped);
    }
    return n;
}

}  // namespace

bool FunctionLowering::is_nd_iterator(const Expr* e) const {
    auto* c = dyn_cast<Call>(e);
    if (!c || fn.callees.count(c->id)) return false;
    const Type* callee = fn.type_of(c->callee);
    if (!callee || callee->kind() != types::Kind::BuiltinFunc) return false;
    BuiltinId id = callee->builtin();
    return id == BuiltinId::NpNdindex || id == BuiltinId::NpNdenumerate || id == BuiltinId::NpNditer;
}

FunctionLowering::IterSource FunctionLowering::nd_iter_source(const Expr* e, const RebindTest* rebound) {
    auto* c = cast<Call>(e);
    const BuiltinId id = type_of(c->callee)->builtin();
    const Type* item_t = type_of(e);
    const std::vector<const Type*>* ops = fn.operands_of(c);
    UJIT_INTERNAL_ASSERT(ops && ops->size() == c->args.size(), e->loc, "an n-d iterator without operand types");
    if (id == BuiltinId::NpNdindex) {
        std::vector<llvm::Value*> dims;
        for (size_t i = 0; i < c->args.size(); ++i) {
            llvm::Value* v = expr_as(c->args[i], (*ops)[i]);
            if (!(*ops)[i]->is_tuple()) {
                dims.push_back(v);
                continue;
            }
            for (unsigned k = 0; k < (*ops)[i]->elements().size(); ++k) dims.push_back(b.CreateExtractValue(v, k));
        }
        return {positions(b, dims), item_t, [this, dims, item_t](llvm::Value* k) {
                    std::vector<llvm::Value*> index = unravel(b, k, dims, false);
                    llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, item_t));
                    for (unsigned j = 0; j < index.size(); ++j) out = b.CreateInsertValue(out, index[j], j);
                    return out;
                }};
    }
    TypedValue a{expr_as(c->args[0], (*ops)[0]), (*ops)[0]};
    hold_iterable(c->args[0], a.v, rebound);
    std::vector<llvm::Value*> dims, strides;
    for (int k = 0; k < a.t->ndim(); ++k) {
        dims.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
        strides.push_back(array_stride(b, a.v, static_cast<unsigned>(k)));
    }
    const bool fortran = id == BuiltinId::NpNditer && a.t->layout() == types::Layout::F;
    // The item at `index`: its address, then a 0-d view (nditer) or (index tuple, value).
    return {positions(b, dims), item_t, [this, a, dims, strides, fortran, id, item_t](llvm::Value* k) {
                std::vector<llvm::Value*> index = unravel(b, k, dims, fortran);
                llvm::Value* offset = b.getInt64(0);
                for (size_t j = 0; j < index.size(); ++j)
                    offset = b.CreateAdd(offset, b.CreateMul(index[j], strides[j]));
                llvm::Value* p = b.CreateGEP(b.getInt8Ty(), array_data(b, a.v), offset);
                if (id == BuiltinId::NpNditer) return make_view(b, a.v, item_t, p, {}, {});
                const Type* dt = a.t->dtype();
                const Type* index_t = item_t->elements()[0];
                llvm::Value* tuple = llvm::UndefValue::get(value_type(mod.ctx, index_t));
                for (unsigned j = 0; j < index.size(); ++j) tuple = b.CreateInsertValue(tuple, index[j], j);
                llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, item_t));
                out = b.CreateInsertValue(out, tuple, 0);
                return b.CreateInsertValue(out, from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), p), dt), 1);
            }};
}

}  // namespace ujit::codegen
