// For loops over np.ndindex, np.ndenumerate and np.nditer (typed by types/infer_nditer.cpp),
// and a.flat (iterated, indexed, len()'d): like enumerate and zip (codegen/lower_iter.cpp),
// each is a length and the k-th item. The flat position k is split into one index per axis,
// the last axis fastest (C order), or the first for np.nditer of an F array (its memory
// order, as Numba's nditer layout).
#include "codegen/abi.hpp"
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

// The array a.flat walks: typing gives Kind::FlatIter only to the attribute itself.
const Attribute* flat_attribute(const Expr* flat) {
    auto* a = dyn_cast<Attribute>(flat);
    UJIT_INTERNAL_ASSERT(a && a->attr == "flat", flat->loc, "a.flat that is not the attribute");
    return a;
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

FunctionLowering::IterSource FunctionLowering::flat_iter_source(const Expr* flat, const RebindTest* rebound) {
    const Expr* of = flat_attribute(flat)->value;
    const Type* at = type_of(flat)->flat_array();
    llvm::Value* arr = expr(of);
    hold_iterable(of, arr, rebound);
    const Type* dt = at->dtype();
    return {flat_length(flat, arr), dt, [this, arr, at, dt](llvm::Value* k) {
                llvm::Value* p = flat_item_pointer({arr, at}, k);
                return from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), p), dt);
            }};
}

// a.flat[i]: a negative i counts from the end, as NumPy's (Numba reads outside the array for
// it), and an i outside the array is NumPy's IndexError (Numba does not check).
llvm::Value* FunctionLowering::flat_index_pointer(const Subscript* s) {
    const Expr* of = flat_attribute(s->value)->value;
    const Type* at = type_of(s->value)->flat_array();
    llvm::Value* arr = expr(of);
    llvm::Value* n = flat_length(s->value, arr);
    llvm::Value* i = index_value(s->index);
    llvm::Value* wrapped = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, n), i);
    // NumPy's "index 12 is out of bounds for axis 0 with size 12"
    check_error_values(b.CreateICmpUGE(wrapped, n), int(RuntimeError::IndexOutOfBounds), s->index->loc,
                       {i, b.getInt64(0), n});
    return flat_item_pointer({arr, at}, wrapped);
}

llvm::Value* FunctionLowering::flat_length(const Expr* flat, llvm::Value* arr) {
    const Type* at = type_of(flat)->flat_array();
    if (!arr) arr = expr(flat_attribute(flat)->value);
    std::vector<llvm::Value*> dims;
    for (int j = 0; j < at->ndim(); ++j) dims.push_back(array_dim(b, arr, static_cast<unsigned>(j)));
    return positions(b, dims);
}

}  // namespace ujit::codegen
