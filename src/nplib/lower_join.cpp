// np.concatenate, np.stack, np.hstack, np.vstack, np.column_stack, np.dstack (Numba's
// _np_concatenate / _np_stack in arrayobj.py): every form is a concatenation along one axis
// of views of the inputs, some with a dimension of size 1 inserted first (stack's new axis,
// hstack of 0-d arrays, vstack of 1-d ones, column_stack's columns), each copied into its
// slab of one new array.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

// `a` with a dimension of size 1 inserted at `axis` (a run-time value in [0, ndim]).
TypedValue FunctionLowering::with_unit_axis(TypedValue a, llvm::Value* axis) {
    const int nd = a.t->ndim();
    std::vector<llvm::Value*> shape, strides;
    for (int j = 0; j <= nd; ++j) {
        llvm::Value* before = b.CreateICmpSLT(b.getInt64(j), axis);
        llvm::Value* at = b.CreateICmpEQ(b.getInt64(j), axis);
        auto pick = [&](const std::function<llvm::Value*(unsigned)>& of, llvm::Value* unit) {
            llvm::Value* from_before = j < nd ? of(unsigned(j)) : unit;
            llvm::Value* from_after = j > 0 ? of(unsigned(j - 1)) : unit;
            return b.CreateSelect(at, unit, b.CreateSelect(before, from_before, from_after));
        };
        shape.push_back(pick([&](unsigned k) { return array_dim(b, a.v, k); }, b.getInt64(1)));
        strides.push_back(pick([&](unsigned k) { return array_stride(b, a.v, k); }, b.getInt64(0)));
    }
    const Type* t = types::array(a.t->dtype(), nd + 1, types::Layout::A);
    return {make_view(b, a.v, t, array_data(b, a.v), shape, strides), t};
}

// The inputs (all of rt's ndim) one after the other along `axis` (in [0, ndim)) in a new
// array of type rt; the other dimensions must agree (Numba's ValueError names the first that
// does not).
llvm::Value* FunctionLowering::concatenate(const std::vector<TypedValue>& inputs, llvm::Value* axis, const Type* rt,
                                           const std::string& what, SourceLoc loc) {
    const int nd = rt->ndim();
    std::vector<llvm::Value*> shape;
    for (int d = 0; d < nd; ++d) {
        llvm::Value* first = array_dim(b, inputs[0].v, unsigned(d));
        llvm::Value* total = first;
        llvm::Value* mismatch = b.getFalse();
        for (size_t i = 1; i < inputs.size(); ++i) {
            llvm::Value* n = array_dim(b, inputs[i].v, unsigned(d));
            total = b.CreateAdd(total, n);
            mismatch = b.CreateOr(mismatch, b.CreateICmpNE(n, first));
        }
        llvm::Value* on_axis = b.CreateICmpEQ(axis, b.getInt64(d));
        raise_if(b.CreateAnd(b.CreateNot(on_axis), mismatch), "ValueError",
                 fmt::format("{}: input sizes over dimension {} do not match", what, d), loc);
        shape.push_back(b.CreateSelect(on_axis, total, first));
    }
    llvm::Value* out = allocate_array(rt, shape, loc, what);
    llvm::Value* step = b.getInt64(0);  // the out's stride along the axis
    std::vector<llvm::Value*> strides;
    for (int d = 0; d < nd; ++d) {
        strides.push_back(array_stride(b, out, unsigned(d)));
        step = b.CreateSelect(b.CreateICmpEQ(axis, b.getInt64(d)), strides.back(), step);
    }
    llvm::Value* data = array_data(b, out);
    const Type* slab_t = types::array(rt->dtype(), nd, types::Layout::A);
    for (const TypedValue& in : inputs) {
        std::vector<llvm::Value*> dims;
        llvm::Value* along = b.getInt64(0);
        for (int d = 0; d < nd; ++d) {
            dims.push_back(array_dim(b, in.v, unsigned(d)));
            along = b.CreateSelect(b.CreateICmpEQ(axis, b.getInt64(d)), dims.back(), along);
        }
        copy_array({make_view(b, out, slab_t, data, dims, strides), slab_t}, in, loc);
        data = b.CreateGEP(b.getInt8Ty(), data, b.CreateMul(along, step));
    }
    return out;
}

llvm::Value* FunctionLowering::join_arrays(BuiltinId id, TypedValue tup, llvm::Value* axis, const Type* rt,
                                           SourceLoc loc) {
    const std::string what = std::string(types::builtin_name(id)) + "()";
    std::vector<TypedValue> inputs;
    for (unsigned i = 0; i < tup.t->elements().size(); ++i)
        inputs.push_back({b.CreateExtractValue(tup.v, i), tup.t->elements()[i]});
    const int nd = inputs[0].t->ndim();
    auto normalized = [&](int ndim) {  // Numba's _normalize_axis
        llvm::Value* n = b.getInt64(ndim);
        llvm::Value* at = b.CreateSelect(b.CreateICmpSLT(axis, b.getInt64(0)), b.CreateAdd(axis, n), axis);
        raise_if(b.CreateOr(b.CreateICmpSLT(at, b.getInt64(0)), b.CreateICmpSGE(at, n)), "IndexError",
                 what + ": axis out of bounds", loc);
        return at;
    };
    auto unit_at = [&](int64_t k) {
        for (TypedValue& in : inputs) in = with_unit_axis(in, b.getInt64(k));
    };
    switch (id) {
    case BuiltinId::NpConcatenate:
        if (!axis) axis = b.getInt64(0);
        return concatenate(inputs, normalized(nd), rt, what, loc);
    case BuiltinId::NpStack: {
        if (!axis) axis = b.getInt64(0);
        axis = normalized(nd + 1);
        // Every input of the first's shape (Numba's message), then each a slab of size 1.
        for (size_t i = 1; i < inputs.size(); ++i) {
            llvm::Value* differs = b.getFalse();
            for (int d = 0; d < nd; ++d)
                differs = b.CreateOr(differs, b.CreateICmpNE(array_dim(b, inputs[i].v, unsigned(d)),
                                                             array_dim(b, inputs[0].v, unsigned(d))));
            raise_if(differs, "ValueError", "np.stack(): all input arrays must have the same shape", loc);
        }
        for (TypedValue& in : inputs) in = with_unit_axis(in, axis);
        return concatenate(inputs, axis, rt, "np.stack()", loc);
    }
    case BuiltinId::NpHstack:  // 0-d: stacked into a vector; 1-d: end to end; else along axis 1
        if (nd == 0) unit_at(0);
        return concatenate(inputs, b.getInt64(nd <= 1 ? 0 : 1), rt, "np.concatenate()", loc);
    case BuiltinId::NpVstack:  // 0-d: a column; 1-d: rows; else along axis 0
        if (nd == 0) unit_at(0);
        if (nd <= 1) unit_at(nd == 0 ? 1 : 0);
        return concatenate(inputs, b.getInt64(0), rt, nd == 1 ? "np.stack()" : "np.concatenate()", loc);
    case BuiltinId::NpDstack:  // 0-d: (1, 1, n); 1-d: (1, n, k); 2-d: (m, n, k); else along axis 2
        if (nd == 0) unit_at(0), unit_at(0), unit_at(0);
        if (nd == 1) unit_at(0), unit_at(2);
        if (nd == 2) unit_at(2);
        return concatenate(inputs, b.getInt64(2), rt, nd >= 3 ? "np.concatenate()" : "np.stack()", loc);
    case BuiltinId::NpColumnStack:  // vectors as columns, next to the matrices
        for (TypedValue& in : inputs)
            if (in.t->ndim() == 1) in = with_unit_axis(in, b.getInt64(1));
        return concatenate(inputs, b.getInt64(1), rt, "np.concatenate()", loc);
    default: break;
    }
    syntax::internal_error(loc, fmt::format("no lowering for {}", what));
}

}  // namespace ujit::codegen
